"""Exact answers of the room's pure modules (:mod:`pokerroom.room.seen`, ``chat``,
``people``, ``store``, ``sitgo``), worked out from the code: every refusal word for word,
the limits at exactly their minimum and maximum, chat at its length and rate limits, the
sit-and-go's payouts, and what the statistics count for each person, bot and watcher.
Written for the mutation part ``room`` (docs/development/mutation.md)."""

from __future__ import annotations

import asyncio
import hashlib
import random
import re
from typing import Any

import pytest

import pokerroom.room.seen as seen_module
from pokerroom.engine import Hand
from pokerroom.history.phh import dumps
from pokerroom.history.record import PlayedHand, to_phh
from pokerroom.room.chat import CHAT_LENGTH, ChatRate, clean
from pokerroom.room.people import NAME_CHARS, Person, digest, key, name_problem, new_secret, same
from pokerroom.room.seen import SeenStats
from pokerroom.room.store import HandRow, MemoryStore
from pokerroom.rules import Rules

# ---------------------------------------------------------- seen: the statistics


def _steal(names: list[str]) -> str:
    """The public PHH of a hand where the button (the third named) raises to 12 and
    both blinds fold: the button VPIP and PFR with no 3-bet chance; each blind a hand
    with no VPIP, no PFR, and a 3-bet chance not taken."""
    hand = Hand(Rules.preset("no-limit"), [400, 400, 400], button=2, rng=random.Random(2))
    hand.raise_to(12)
    hand.fold()
    hand.fold()
    return dumps(to_phh(PlayedHand.from_hand(hand, names=names)))


def _seen() -> SeenStats:
    """Two unreadable hands first, then a steal at t1 (ann, bob, cy) and one at t2, whose
    ``bot`` sits where bob sat."""
    store = MemoryStore()
    store.commit(hands=[HandRow("t1", 1, "broken", "{}"), HandRow("t1", 2, "broken", "{}"),
                        HandRow("t1", 3, _steal(["ann", "bob", "cy"]), "{}"),
                        HandRow("t2", 1, _steal(["ann", "bot", "cy"]), "{}")])  # fmt: skip
    seen = SeenStats(store, lambda table: frozenset({"bot"}) if table == "t2" else frozenset())
    seen.catch_up_now()
    return seen


SEATS: list[dict[str, Any]] = [
    {"seat": 0, "name": "ann"}, {"seat": 1, "name": "bot", "bot": True},
    {"seat": 2, "name": "cy", "bot": False}, {"seat": 3}, {"seat": 4, "name": 7}]
"""The seats message's list at t2, with a seat without a name and one with a number."""

NOBODY = {"hands": 0, "vpip": [0, 0], "pfr": [0, 0], "three_bet": [0, 0], "af": None,
          "wtsd": [0, 0], "brief": "0 hands  VPIP -  PFR -  3B -  AF -  WTSD -"}  # fmt: skip
FOLDED = {"vpip": [0, 1], "pfr": [0, 1], "three_bet": [0, 1], "af": None, "wtsd": [0, 0]}


def test_what_each_person_and_no_bot_has_seen_after_unreadable_hands() -> None:
    """Both unreadable hands counted, and the readable ones after them read (an
    unreadable hand skips itself, not the rest of its batch); the bot sees nothing and
    is nobody's ``("", "bot")``."""
    seen = _seen()
    assert (seen.upto, seen.unreadable) == (4, 2)
    assert seen.dealt == {"ann": 2, "bob": 1, "cy": 2}
    assert {viewer: sorted(them) for viewer, them in seen.seen.items()} == {
        "ann": [("", "bob"), ("", "cy"), ("t2", "bot")],
        "bob": [("", "ann"), ("", "cy")],
        "cy": [("", "ann"), ("", "bob"), ("t2", "bot")]}


def test_the_answer_for_a_player_a_watcher_and_each_opponent() -> None:
    """Ann asks at t2: herself and the seats without a name are left out, the bot is
    t2's (one hand), cy a person counted at both tables (two hands)."""
    seen = _seen()
    assert seen.answer("ann", "t2", SEATS) == {"hands": 2, "scope": "room", "players": [
        {"seat": 1, "name": "bot", "hands": 1, **FOLDED,
         "brief": "1 hand  VPIP 0  PFR 0  3B 0  AF -  WTSD -"},
        {"seat": 2, "name": "cy", "hands": 2, "vpip": [2, 2], "pfr": [2, 2],
         "three_bet": [0, 0], "af": None, "wtsd": [0, 0],
         "brief": "2 hands  VPIP 100  PFR 100  3B -  AF -  WTSD -"}]}
    assert seen.answer("cy", "t2", SEATS)["players"] == [
        {"seat": 0, "name": "ann", "hands": 2, "vpip": [0, 2], "pfr": [0, 2],
         "three_bet": [0, 2], "af": None, "wtsd": [0, 0],
         "brief": "2 hands  VPIP 0  PFR 0  3B 0  AF -  WTSD -"},
        {"seat": 1, "name": "bot", "hands": 1, **FOLDED,
         "brief": "1 hand  VPIP 0  PFR 0  3B 0  AF -  WTSD -"}]
    # a watcher who was dealt nothing: every seat, and nothing of any of them
    assert seen.answer("dan", "t2", SEATS) == {"hands": 0, "scope": "room", "players": [
        {"seat": s, "name": n, **NOBODY} for s, n in ((0, "ann"), (1, "bot"), (2, "cy"))]}
    # bob at t1 (no bot there): the bot of t2 is not a person he played
    assert seen.answer("bob", "t1", [{"seat": 1, "name": "bot"}])["players"] == [
        {"seat": 1, "name": "bot", **NOBODY}]


def test_catch_up_reads_every_batch_until_one_is_short(monkeypatch: pytest.MonkeyPatch) -> None:
    """With batches of two, five hands take three reads (2, 2, 1), the last short."""
    monkeypatch.setattr(seen_module, "BATCH", 2)
    store = MemoryStore()
    store.commit(hands=[HandRow("t1", k, _steal(["ann", "bob", "cy"]), "{}")
                        for k in range(1, 6)])  # fmt: skip
    seen = SeenStats(store, lambda table: frozenset())
    asyncio.run(seen.catch_up())
    assert (seen.upto, seen.dealt["ann"]) == (5, 5)
    store.commit(hands=[HandRow("t1", 6, _steal(["ann", "bob", "cy"]), "{}")])
    asyncio.run(seen.catch_up())
    assert (seen.upto, seen.dealt["ann"]) == (6, 6)


# ---------------------------------------------------------------------- chat


def test_chat_is_cut_at_exactly_its_length() -> None:
    assert CHAT_LENGTH == 300
    assert clean("a" * 300) == "a" * 300
    assert clean("a" * 301) == "a" * 300
    # cut after the white space is folded, then stripped again
    assert clean("a" * 299 + "   b") == "a" * 299
    assert clean("  " + "b" * 300) == "b" * 300


@pytest.mark.parametrize(("text", "shown"), [
    ("", None), ("   ", None), ("\x00\x1b\u202e", None), ("\ud800", None),
    ("\ue000x", "x"),  # private use (Co)
    ("\u0378y", "y"),  # unassigned (Cn)
    ("a\u00a0b\u2028c\u3000d", "a b c d"),  # Zs, Zl and the ideographic space: one space
    ("a\t\n\r b", "a b"),  # Cc, dropped; the space kept
    ("<b>x</b>", "<b>x</b>"),
    ("é ß 漢", "é ß 漢"),
])
def test_chat_keeps_letters_and_drops_what_a_terminal_would_act_on(
    text: str, shown: str | None,
) -> None:
    assert clean(text) == shown


def test_the_chat_rate_at_its_boundary() -> None:
    rate = ChatRate(per=2, seconds=10.0)
    assert (rate.per, rate.seconds) == (2, 10.0)
    assert rate.allow("ann", 0.0) and rate.allow("ann", 5.0)
    assert not rate.allow("ann", 9.999)  # two in the last ten seconds
    assert rate.allow("bob", 9.999)  # by person
    assert rate.allow("ann", 10.0)  # the line said at 0 is exactly ten seconds old: gone
    assert not rate.allow("ann", 14.999)  # 5 and 10 still count
    assert rate.allow("ann", 15.0)  # a refused line counts nothing


def test_the_chat_rate_by_default() -> None:
    rate = ChatRate()
    assert (rate.per, rate.seconds) == (5, 10.0)
    assert [rate.allow("ann", float(t)) for t in range(6)] == [True] * 5 + [False]
    assert rate.allow("ann", 10.0)

# -------------------------------------------------------------------- people

NAME_RULE = "a name is 1 to 20 letters, digits, spaces or _-. (not {})"


@pytest.mark.parametrize("name", ["a", "Z", "0", "a" * 20, "Ann B.", "x_y-z.9", "a b"])
def test_a_name_of_1_to_20_allowed_characters_is_taken(name: str) -> None:
    assert name_problem(name) is None


@pytest.mark.parametrize(("name", "shown"), [
    ("", "''"), ("a" * 21, "'" + "a" * 21 + "'"), ("<b>", "'<b>'"), ("ann!", "'ann!'"),
    ("é", "'é'"), ("a\tb", "'a\\tb'"), (None, "None"), (7, "7"), (["ann"], "['ann']"),
    ("a" * 50, "'" + "a" * 39),  # the name shown cut to 40 characters
])
def test_a_name_refused_is_shown_cut_to_40_characters(name: object, shown: str) -> None:
    assert name_problem(name) == NAME_RULE.format(shown)


@pytest.mark.parametrize("name", [" ann", "ann ", " ", "   "])
def test_a_name_must_not_start_or_end_with_a_space(name: str) -> None:
    assert name_problem(name) == "a name must not start or end with a space"


def test_names_keys_secrets_and_digests() -> None:
    assert NAME_CHARS == 20
    assert key("Ann") == key("aNN") == "ann" and key("STRASSE") == key("straße")
    secret = new_secret()
    assert len(secret) == 32 and re.fullmatch(r"[A-Za-z0-9_\-]{32}", secret)
    assert new_secret() != secret
    assert digest("abc") == ("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    assert digest("é") == hashlib.sha256("é".encode()).hexdigest()
    assert same("abc", "abc") and not same("abc", "abd") and not same("abc", "ab")
    assert same("é", "é")


def test_a_person_as_json_and_back() -> None:
    ann = Person("Ann", 120, "d1", muted=True)
    assert ann.to_json() == {"name": "Ann", "balance": 120, "session": "d1", "muted": True,
                             "removed": False}  # fmt: skip
    assert Person.from_json(ann.to_json()) == ann
    bob = Person.from_json({"name": "bob", "balance": 0, "session": ""})
    assert (bob.muted, bob.removed) == (False, False)
    cy = Person.from_json({"name": "cy", "balance": 5, "session": "s", "removed": 1})
    assert (cy.muted, cy.removed) == (False, True)


# --------------------------------------------------------------------- store


def test_the_memory_store_keeps_copies_and_people_by_their_key() -> None:
    store = MemoryStore()
    ann = {"name": "Ann", "balance": 5, "session": "x", "tags": ["a"]}
    table = {"id": "t1", "state": "waiting", "seats": [1]}
    store.commit(people=[ann], tables=[table])
    ann["tags"].append("changed")
    table["seats"].append(2)
    assert store.load_people() == [{"name": "Ann", "balance": 5, "session": "x", "tags": ["a"]}]
    assert store.load_tables() == [{"id": "t1", "state": "waiting", "seats": [1]}]
    store.load_people()[0]["tags"].append("read")
    store.load_tables()[0]["seats"].append(3)
    assert store.load_people()[0]["tags"] == ["a"] and store.load_tables()[0]["seats"] == [1]
    # the same name in another case replaces the person; tables by id, in the order made
    store.commit(people=[{"name": "aNN", "balance": 7, "session": "y"}],
                 tables=[{"id": "t2"}, {"id": "t1", "state": "playing"}])  # fmt: skip
    assert store.load_people() == [{"name": "aNN", "balance": 7, "session": "y"}]
    assert store.load_tables() == [{"id": "t1", "state": "playing"}, {"id": "t2"}]
    store.commit(grants=[("ann", 5)])
    store.commit(grants=[("bob", 6)])
    assert store.grants == [("ann", 5), ("bob", 6)]


def test_the_memory_store_gives_the_last_hands_and_the_hands_after() -> None:
    store = MemoryStore()
    store.commit(hands=[HandRow(f"t{k % 2}", k, f"hand = {k}", "{}") for k in range(1, 6)])
    store.commit(hands=[HandRow("t1", 6, "hand = 6", "{}")])
    assert store.hands("t1", 2) == ["hand = 5", "hand = 6"]
    assert store.hands("t1", 9) == ["hand = 1", "hand = 3", "hand = 5", "hand = 6"]
    assert store.hands("t1", 1) == ["hand = 6"]
    assert store.hands("t1", 0) == [] and store.hands("t1", -1) == []
    assert store.hands("t9", 5) == []
    assert store.hands_after(0, 1) == [(1, "t1", "hand = 1")]
    assert store.hands_after(4, 5) == [(5, "t1", "hand = 5"), (6, "t1", "hand = 6")]
    assert store.hands_after(-3, 2) == [(1, "t1", "hand = 1"), (2, "t0", "hand = 2")]
    assert store.hands_after(1, 0) == [] and store.hands_after(1, -2) == []
    assert store.hands_after(6, 5) == []


def test_the_memory_store_settings() -> None:
    store = MemoryStore()
    assert store.get("motd") is None
    store.put("motd", "hi")
    store.put("other", "x")
    assert (store.get("motd"), store.get("other")) == ("hi", "x")
    store.put("motd", None)
    assert (store.get("motd"), store.get("other")) == (None, "x")
    store.put("motd", None)  # clearing what is not set: nothing happens
    assert store.settings == {"other": "x"}
