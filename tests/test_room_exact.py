"""Exact answers of the room's pure modules (:mod:`pokerroom.room.seen`, ``chat``,
``people``, ``store``, ``sitgo``), worked out from the code: every refusal word for word,
the limits at exactly their minimum and maximum, chat at its length and rate limits, the
sit-and-go's payouts, and what the statistics count for each person, bot and watcher.
Written for the mutation part ``room`` (docs/development/mutation.md)."""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import itertools
import json
import logging
import random
import re
import signal
import time
from typing import Any

import pytest

import pokerroom.room.seen as seen_module
from pokerroom.engine import Hand
from pokerroom.history.phh import dumps
from pokerroom.history.record import PlayedHand, to_phh
from pokerroom.jsonproto.dealer import Outbox
from pokerroom.jsonproto.timebank import BankRules
from pokerroom.room.chat import CHAT_LENGTH, ChatRate, clean
from pokerroom.room.people import NAME_CHARS, Person, digest, key, name_problem, new_secret, same
from pokerroom.room.seen import SeenStats
from pokerroom.room.sitgo import (
    LEVEL_STEPS,
    SettingsError,
    TableSettings,
    check_rules,
    levels_for,
    payout_shares,
    payouts,
)
from pokerroom.room.store import HandRow, MemoryStore
from pokerroom.room.tables import OnWaitingListError, RoomTable, TableError
from pokerroom.rules import Rules
from pokerroom.table import CashGame
from room_helpers import FakeLink, expire_until

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
    # a record of the room's own file with a field of the wrong type is not read
    for bad in ({"name": "ann", "balance": "5", "session": "s"},
                {"name": "ann", "balance": 5, "session": None},
                {"name": 5, "balance": 5, "session": "s"}):  # fmt: skip
        with pytest.raises(AssertionError):
            Person.from_json(bad)


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


# ------------------------------------------------------------ sitgo: payouts


def test_the_payout_shares_change_at_exactly_4_and_7_people() -> None:
    assert [payout_shares(n) for n in (0, 1, 2, 3)] == [(100,)] * 4
    assert [payout_shares(n) for n in (4, 5, 6)] == [(65, 35)] * 3
    assert [payout_shares(n) for n in (7, 8, 10, 99)] == [(50, 30, 20)] * 4


def test_the_payouts_with_odd_chips_and_shared_places() -> None:
    # three paid: 50, 30, 20 per cent of 999 are 499, 299, 199; the odd 2 to the first
    places = {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7}
    assert payouts(999, places) == {"a": 501, "b": 299, "c": 199, "d": 0, "e": 0, "f": 0,
                                    "g": 0}  # fmt: skip
    assert list(payouts(999, dict(reversed(places.items())))) == list("abcdefg")
    # two share second place: the second and third prizes (299 + 199 = 498), 249 each
    tied = {"a": 1, "b": 2, "c": 2, "d": 4, "e": 5, "f": 6, "g": 7}
    assert payouts(999, tied) == {"a": 501, "b": 249, "c": 249, "d": 0, "e": 0, "f": 0,
                                  "g": 0}  # fmt: skip
    # three share second place: 498 + 0 = 498, 166 each
    assert payouts(999, {"a": 1, "b": 2, "c": 2, "d": 2, "e": 5, "f": 6, "g": 7})["b"] == 166
    # two share first place of four: 650 + 350 of 1000, 500 each; an odd chip to the first
    assert payouts(1000, {"a": 1, "b": 1, "c": 3, "d": 4}) == {"a": 500, "b": 500, "c": 0,
                                                               "d": 0}  # fmt: skip
    assert payouts(1001, {"b": 1, "a": 1, "c": 3, "d": 4}) == {"b": 501, "a": 500, "c": 0,
                                                               "d": 0}  # fmt: skip
    # three share first of three: 1001 split 334, 334, 333 in the order named
    assert payouts(1001, {"x": 1, "y": 1, "z": 1}) == {"x": 334, "y": 334, "z": 333}
    # everyone shares, seven of them: all 100 per cent split, the odd chips first
    assert payouts(10, dict.fromkeys("abcdefg", 1)) == {"a": 2, "b": 2, "c": 2, "d": 1,
                                                        "e": 1, "f": 1, "g": 1}  # fmt: skip
    assert payouts(0, {"a": 1, "b": 2}) == {"a": 0, "b": 0}
    assert payouts(7, {"a": 1}) == {"a": 7}
    assert payouts(7, {}) == {}
    # places need not start at 1 (the bots took the others): the best person wins
    assert payouts(100, {"a": 3, "b": 5}) == {"a": 100, "b": 0}


def test_no_chip_is_made_or_lost_by_the_payouts() -> None:
    """Some pools from 0 to 300 and every way 1 to 5 people can place (ties included):
    the prizes add up to the pool, best place first, never more to a worse place, and
    people who share a place get the same but for one odd chip; then seven people in
    three places."""
    for people in range(1, 6):
        for places in itertools.product(range(1, people + 1), repeat=people):
            named = {f"p{i}": place for i, place in enumerate(places)}
            for pool in (0, 1, 99, 100, 101, 299, 300):
                paid = payouts(pool, named)
                assert sum(paid.values()) == pool and set(paid) == set(named)
                ordered = list(paid)
                assert [named[n] for n in ordered] == sorted(named.values())
                for a, b in itertools.pairwise(ordered):
                    if named[a] < named[b]:
                        assert paid[a] >= paid[b]
                    else:
                        assert paid[a] - paid[b] in (0, 1)
    for pool in (999, 1000, 1001):
        assert sum(payouts(pool, {f"p{i}": i % 3 + 1 for i in range(7)}).values()) == pool


# ----------------------------------------------------------- sitgo: levels


def test_the_levels_of_each_preset_and_rounding() -> None:
    steps = levels_for(Rules.preset("no-limit"), 90.0)
    assert steps is not None and (steps.every, steps.unit.value) == (90.0, "seconds")
    assert [dict(s).get("blinds") for s in steps.steps] == [
        None, (3, 6), (4, 8), (6, 12), (8, 16), (12, 24), (16, 32), (24, 48), (32, 64),
        (48, 96), (64, 128), (96, 192), (128, 256), (192, 384), (256, 512)]
    assert steps.steps[1] == (("blinds", (3, 6)),) and steps.steps[-1] == (("blinds", (256, 512)),)
    assert LEVEL_STEPS == (1, 1.5, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128)
    # fixed limit: the small bet rises (the blinds follow it); the antes rise too,
    # rounded half to even (4.5 is 4, 7.5 is 8)
    odd = levels_for(Rules.from_mapping({"preset": "casino-limit", "small_bet": 3, "antes": 5}),
                     60)  # fmt: skip
    assert odd is not None
    assert odd.steps[:4] == ((), (("antes", 8), ("small_bet", 4)),
                             (("antes", 10), ("small_bet", 6)),
                             (("antes", 15), ("small_bet", 9)))  # fmt: skip
    assert odd.steps[-1] == (("antes", 640), ("small_bet", 384)) and len(odd.steps) == 15
    blinds = levels_for(Rules.from_mapping({"preset": "no-limit", "blinds": [1, 3], "antes": 1}),
                        60)  # fmt: skip
    assert blinds is not None
    assert blinds.steps[:3] == ((), (("antes", 2), ("blinds", (2, 4))),
                                (("antes", 2), ("blinds", (2, 6))))  # fmt: skip
    # antes alone still rise; no forced bet at all: no levels
    antes = levels_for(Rules.from_mapping({"preset": "no-limit", "blinds": [0, 0], "antes": 3,
                                           "min_bet": 2}), 60)  # fmt: skip
    assert antes is not None and antes.steps[1] == (("antes", 4), ("blinds", (0, 0)))
    none = Rules.from_mapping({"preset": "no-limit", "blinds": [0, 0], "antes": 0, "min_bet": 2})
    assert levels_for(none, 60) is None


def test_check_rules_gives_the_levels_in_seconds_and_none_at_a_cash_table() -> None:
    sitgo = TableSettings.from_json({"level_minutes": 1.5})
    levels = check_rules(sitgo)
    assert levels is not None and levels.every == 90.0 and levels.steps[1] == (("blinds", (3, 6)),)
    assert check_rules(TableSettings.from_json({"kind": "cash"})) is None
    broken = dataclasses.replace(sitgo, level_minutes=0.0)
    with pytest.raises(SettingsError) as caught:
        check_rules(broken)
    assert str(caught.value) == ("the blind levels cannot be made: a level lasts a positive "
                                 "number of hands or seconds, not 0.0")  # fmt: skip
    bad_preset = dataclasses.replace(sitgo, preset="nope")
    with pytest.raises(SettingsError) as caught:
        check_rules(bad_preset)
    assert str(caught.value) == ("the blind levels cannot be made: invalid rules: no preset "
                                 "'nope' (presets: casino-limit, computer-tournament, no-limit, "
                                 "wild)")  # fmt: skip


# --------------------------------------------------------- sitgo: settings


def _refused(data: object) -> str:
    with pytest.raises(SettingsError) as caught:
        TableSettings.from_json(data)
    return str(caught.value)


def test_the_settings_by_default() -> None:
    s = TableSettings.from_json({})
    assert s == TableSettings("table", "sitgo", "no-limit", 6, 100)
    assert (s.bots, s.private, s.level_minutes, s.budget) == ({}, False, 5.0, 30.0)
    assert (s.min_buy_in, s.max_buy_in, s.new_players) == (0, 0, "wait")
    assert (s.bank, s.bank_refill, s.bank_cap) == (30.0, 5.0, 60.0)
    assert s.to_json() == {"name": "table", "kind": "sitgo", "preset": "no-limit", "seats": 6,
                           "buy_in": 100, "bots": {}, "private": False, "level_minutes": 5.0,
                           "budget": 30.0, "bank": 30.0, "bank_refill": 5.0,
                           "bank_cap": 60.0}  # fmt: skip
    assert not s.cash and s.rules() == Rules.preset("no-limit")
    assert s.bank_rules() == BankRules(30.0, 5.0, 60.0)
    assert TableSettings.from_json(s.to_json()) == s
    assert TableSettings.from_json({"bots": None}).bots == {}  # null: no bots


def test_the_settings_at_every_lower_limit() -> None:
    s = TableSettings.from_json({
        "name": "a", "seats": 2, "buy_in": 0, "level_minutes": 0.1, "budget": 1, "bank": 0,
        "bank_refill": 0, "bank_cap": 0, "private": True, "bots": {"0": "random"}})
    assert (s.name, s.seats, s.buy_in, s.level_minutes, s.budget) == ("a", 2, 0, 0.1, 1.0)
    assert (s.bank, s.bank_refill, s.bank_cap, s.private) == (0.0, 0.0, 0.0, True)
    assert s.bots == {0: "random"} and s.bank_rules() is None  # a cap of 0: no time bank
    assert isinstance(s.budget, float) and isinstance(s.bank, float)
    assert s.to_json()["bots"] == {"0": "random"}


def test_the_settings_at_every_upper_limit() -> None:
    name = "n" * 40
    s = TableSettings.from_json({
        "name": name, "seats": 10, "buy_in": 10**9, "level_minutes": 120, "budget": 600,
        "bank": 600, "bank_refill": 60, "bank_cap": 3600,
        "bots": {"9": "strong", "3": "calling-station", "07": "cfr"}})
    assert (s.name, s.seats, s.buy_in, s.level_minutes, s.budget) == (name, 10, 10**9, 120.0,
                                                                      600.0)  # fmt: skip
    assert s.bank_rules() == BankRules(600.0, 60.0, 3600.0)
    assert s.bots == {9: "strong", 3: "calling-station", 7: "cfr"}
    assert s.to_json()["bots"] == {"3": "calling-station", "7": "cfr", "9": "strong"}
    assert list(s.to_json()["bots"]) == ["3", "7", "9"]
    assert TableSettings.from_json({"name": "  padded  "}).name == "padded"


def test_the_settings_just_past_every_limit_each_named() -> None:
    assert _refused({
        "name": "", "kind": "x", "preset": "y", "seats": 1, "buy_in": -1, "bots": ["x"],
        "private": 1, "level_minutes": 0.09, "budget": 0.99, "zz": 1, "aa": 2}) == (
        "'name' is the table's name: 1 to 40 printable characters; "
        "'kind' is 'x': this room deals sitgo, cash tables; "
        "'preset' is 'y': one of casino-limit, computer-tournament, no-limit, wild; "
        "'seats' is '1': a whole number from 2 to 10; "
        "'buy_in' is '-1': a whole number from 0 to 1000000000; "
        "'bots' is an object: {\"<seat>\": \"<bot name>\"}; "
        "'private' is '1': true or false; "
        "'level_minutes' is '0.09': a number from 0.1 to 120; "
        "'budget' is '0.99': a number from 1 to 600; "
        "unknown fields 'aa', 'zz'")
    assert _refused({
        "seats": 11, "buy_in": 10**9 + 1, "level_minutes": 120.01, "budget": 600.5,
        "bots": {"6": "random", "x": "random", "1": "nobot", "-1": "random"}}) == (
        "'seats' is '11': a whole number from 2 to 10; "
        "'buy_in' is '1000000001': a whole number from 0 to 1000000000; "
        "'bots' names seat '6': seats are 0 to 1; "
        "'bots' names seat 'x': seats are 0 to 1; "
        "'bots' seat 1 is 'nobot': one of calling-station, cfr, random, rule-based, strong; "
        "'bots' names seat '-1': seats are 0 to 1; "
        "'level_minutes' is '120.01': a number from 0.1 to 120; "
        "'budget' is '600.5': a number from 1 to 600")
    assert _refused({"seats": 3, "bots": {"3": "random", "100": "random", "2": "random",
                                          "7": "x" * 40}}) == (
        "'bots' names seat '3': seats are 0 to 2; 'bots' names seat '100': seats are 0 to 2; "
        "'bots' names seat '7': seats are 0 to 2")  # fmt: skip
    assert _refused({"bots": {"1": "y" * 40}}) == (
        f"'bots' seat 1 is '{'y' * 30}': one of calling-station, cfr, random, rule-based, "
        "strong")
    assert _refused({"bots": {1: "random"}}) == "'bots' names seat '1': seats are 0 to 5"


@pytest.mark.parametrize(("data", "problem"), [
    (None, "a table's settings are a JSON object with name, kind, preset, seats, buy_in, "
           "bots, private"),
    ([], "a table's settings are a JSON object with name, kind, preset, seats, buy_in, "
         "bots, private"),
    ({"seats": True}, "'seats' is 'True': a whole number from 2 to 10"),
    ({"seats": 6.0}, "'seats' is '6.0': a whole number from 2 to 10"),
    ({"buy_in": "100"}, "'buy_in' is '100': a whole number from 0 to 1000000000"),
    ({"buy_in": 10**30}, "'buy_in' is '10000000000000000000': a whole number from 0 to "
                         "1000000000"),
    ({"level_minutes": True}, "'level_minutes' is 'True': a number from 0.1 to 120"),
    ({"budget": "3"}, "'budget' is '3': a number from 1 to 600"),
    ({"budget": None}, "'budget' is 'None': a number from 1 to 600"),
    ({"budget": "b" * 30}, f"'budget' is '{'b' * 20}': a number from 1 to 600"),
    ({"seats": "s" * 30}, f"'seats' is '{'s' * 20}': a whole number from 2 to 10"),
    ({"seats": 10, "bots": {"007": "random"}}, "'bots' names seat '007': seats are 0 to 9"),
    ({"private": "yes"}, "'private' is 'yes': true or false"),
    ({"private": "x" * 30}, f"'private' is '{'x' * 20}': true or false"),
    ({"preset": "p" * 50}, f"'preset' is '{'p' * 40}': one of casino-limit, "
                           "computer-tournament, no-limit, wild"),
    ({"preset": ["no-limit"]}, "'preset' is \"['no-limit']\": one of casino-limit, "
                               "computer-tournament, no-limit, wild"),
    ({"preset": {"no-limit": 1}}, "'preset' is \"{'no-limit': 1}\": one of casino-limit, "
                                  "computer-tournament, no-limit, wild"),
    ({"bots": {"1": ["random"]}}, "'bots' seat 1 is \"['random']\": one of calling-station, cfr, "
                                  "random, rule-based, strong"),
    ({"bots": {"1": {}}}, "'bots' seat 1 is '{}': one of calling-station, cfr, random, "
                          "rule-based, strong"),
    ({"kind": "Cash"}, "'kind' is 'Cash': this room deals sitgo, cash tables"),
    ({"kind": "k" * 30}, f"'kind' is '{'k' * 20}': this room deals sitgo, cash tables"),
    ({"kind": ["cash"]}, "'kind' is \"['cash']\": this room deals sitgo, cash tables"),
    ({"name": "a" * 41}, "'name' is the table's name: 1 to 40 printable characters"),
    ({"name": "a\nb"}, "'name' is the table's name: 1 to 40 printable characters"),
    ({"name": "   "}, "'name' is the table's name: 1 to 40 printable characters"),
    ({"name": 5}, "'name' is the table's name: 1 to 40 printable characters"),
    ({"u" * 30: 1, "v" * 30: 2, "w": 3}, f"unknown fields {'u' * 30!r}, {'v' * 30!r}, 'w'"),
    ({"u" * 40: 1, "v" * 40: 2}, f"unknown fields '{'u' * 40}', '{'v' * 35}"),  # cut at 80
    ({"bank": -1, "bank_refill": 61, "bank_cap": 3601},
     "'bank' is '-1': a number from 0 to 600; 'bank_refill' is '61': a number from 0 to 60; "
     "'bank_cap' is '3601': a number from 0 to 3600"),
    ({"bank": 600.5}, "'bank' is '600.5': a number from 0 to 600"),
    ({"bank": 61, "bank_cap": 60}, "'bank' is 61 s, over 'bank_cap' 60 s: a bank starts with "
                                   "no more than its cap (a cap of 0: no time bank)"),
    ({"bank": 0.5, "bank_cap": 0.25}, "'bank' is 0.5 s, over 'bank_cap' 0.25 s: a bank "
                                      "starts with no more than its cap (a cap of 0: no time "
                                      "bank)"),
    ({"min_buy_in": 5}, "'min_buy_in' are for cash tables (kind 'cash')"),
    ({"kind": "sitgo", "max_buy_in": 5, "new_players": "post"},
     "'max_buy_in', 'new_players' are for cash tables (kind 'cash')"),
])
def test_each_refusal_word_for_word(data: object, problem: str) -> None:
    assert _refused(data) == problem


def test_the_time_bank_start_is_cut_to_the_cap_only_when_not_given() -> None:
    # the default start (30 s) cut to a smaller cap; a bank given over a cap of 0: no bank
    assert TableSettings.from_json({"bank_cap": 10}).bank_rules() == BankRules(10.0, 5.0, 10.0)
    none = TableSettings.from_json({"bank": 30, "bank_cap": 0})
    assert (none.bank, none.bank_cap, none.bank_rules()) == (0.0, 0.0, None)
    equal = TableSettings.from_json({"bank": 45, "bank_cap": 45})
    assert equal.bank_rules() == BankRules(45.0, 5.0, 45.0)


def test_a_cash_table_by_default_and_at_its_limits() -> None:
    cash = TableSettings.from_json({"kind": "cash"})
    assert cash.cash and (cash.min_buy_in, cash.max_buy_in, cash.new_players) == (200, 1000,
                                                                                  "wait")
    assert cash.cash_game() == CashGame(200, 1000, "wait")
    assert cash.to_json() == {
        "name": "table", "kind": "cash", "preset": "no-limit", "seats": 6, "buy_in": 100,
        "bots": {}, "private": False, "level_minutes": 5.0, "budget": 30.0, "bank": 30.0,
        "bank_refill": 5.0, "bank_cap": 60.0, "min_buy_in": 200, "max_buy_in": 1000,
        "new_players": "wait"}
    assert TableSettings.from_json(cash.to_json()) == cash
    # the minimum by default: a fifth of the maximum, at least 1
    assert TableSettings.from_json({"kind": "cash", "max_buy_in": 9}).min_buy_in == 1
    assert TableSettings.from_json({"kind": "cash", "max_buy_in": 4}).min_buy_in == 1
    assert TableSettings.from_json({"kind": "cash", "max_buy_in": 10}).min_buy_in == 2
    low = TableSettings.from_json({"kind": "cash", "min_buy_in": 1, "max_buy_in": 1,
                                   "new_players": "post"})  # fmt: skip
    assert (low.min_buy_in, low.max_buy_in, low.new_players) == (1, 1, "post")
    assert low.cash_game() == CashGame(1, 1, "post")
    top = TableSettings.from_json({"kind": "cash", "min_buy_in": 10**9, "max_buy_in": 10**9})
    assert (top.min_buy_in, top.max_buy_in) == (10**9, 10**9)
    limit = TableSettings.from_json({"kind": "cash", "preset": "casino-limit"})
    stack = Rules.preset("casino-limit").buy_in
    assert (limit.min_buy_in, limit.max_buy_in) == (max(1, stack // 5), stack)


@pytest.mark.parametrize(("data", "problem"), [
    ({"kind": "cash", "min_buy_in": 0, "max_buy_in": 10**9 + 1, "new_players": "now"},
     "'max_buy_in' is '1000000001': a whole number from 1 to 1000000000; "
     "'min_buy_in' is '0': a whole number from 1 to 1000000000; "
     "'new_players' is 'now': 'wait' (for the big blind) or 'post'"),
    ({"kind": "cash", "max_buy_in": 0}, "'max_buy_in' is '0': a whole number from 1 to "
                                        "1000000000"),
    ({"kind": "cash", "min_buy_in": 10**9 + 1}, "'min_buy_in' is '1000000001': a whole number "
                                                "from 1 to 1000000000"),
    ({"kind": "cash", "min_buy_in": 50, "max_buy_in": 40},
     "max_buy_in 40 is below min_buy_in 50: the maximum is at least the minimum (or None: no "
     "maximum)"),
    ({"kind": "cash", "min_buy_in": 1001}, "max_buy_in 1000 is below min_buy_in 1001: the "
                                           "maximum is at least the minimum (or None: no "
                                           "maximum)"),
    ({"kind": "cash", "new_players": "n" * 30}, f"'new_players' is '{'n' * 20}': 'wait' (for "
                                                "the big blind) or 'post'"),
    ({"kind": "cash", "preset": "nope", "min_buy_in": 5},
     "'preset' is 'nope': one of casino-limit, computer-tournament, no-limit, wild"),
    ({"kind": "cash", "preset": ["no-limit"]},
     "'preset' is \"['no-limit']\": one of casino-limit, computer-tournament, no-limit, wild"),
])
def test_each_cash_refusal_word_for_word(data: object, problem: str) -> None:
    assert _refused(data) == problem


# ------------------------------------------------------------- a room's table


def _table(**given: Any) -> RoomTable:
    settings = TableSettings.from_json({"name": "t", "seats": 3, "buy_in": 100, **given})
    return RoomTable("t1", settings, owner="ann", bot_delay=0.0)


def _refusal(call: Any, *args: Any) -> str:
    with pytest.raises(TableError) as caught:
        call(*args)
    return str(caught.value)


def _seat(seat: int, name: str, *, bot: bool = False, stack: int = 1000) -> dict[str, Any]:
    return {"seat": seat, "name": name, "bot": bot, "stack": stack, "sitting_out": False}


def test_a_sit_and_go_seats_people_and_says_why_not_word_for_word() -> None:
    table = _table(bots={"2": "random"})
    assert [(s.name, s.bot) for s in table.seats] == [(None, None), (None, None),
                                                      ("random 2", "random")]  # fmt: skip
    assert all(len(s.token) == 32 for s in table.seats)
    assert len({s.token for s in table.seats}) == 3
    assert _refusal(table.sit, "ann", 3) == "no seat 3: seats 0 to 2"
    assert _refusal(table.sit, "ann", -1) == "no seat -1: seats 0 to 2"
    assert _refusal(table.sit, "ann", 2) == "seat 2 is taken (free seats: [0, 1])"
    assert table.pool == 0
    seat, token = table.sit("ann", None)
    assert (seat, table.pool) == (0, 100) and token == table.seats[0].token
    assert table.sit("ann", 1) == (0, token)  # the seat she holds: nothing paid again
    assert table.pool == 100
    assert table.sit("bob", None)[0] == 1 and table.pool == 200
    assert _refusal(table.sit, "cy", None) == "every seat is taken"
    assert table.full and table.seat_of("bob") == 1 and table.seat_of("random 2") is None
    assert table.players() == [_seat(0, "ann"), _seat(1, "bob"), _seat(2, "random 2", bot=True)]
    assert _refusal(table.leave, "cy") == "you have no seat at this table"
    assert _refusal(table.change, "ann", "sit_out") == "you have no seat at this cash table"
    before = table.seats[1].token
    assert table.leave("bob") == 100 and table.pool == 100
    assert table.seats[1].name is None and table.seats[1].token != before  # revoked
    assert not table.full and table.offer() is None  # no waiting list at a sit-and-go
    assert table.info() == {
        "id": "t1", "name": "t", "kind": "sitgo",
        "rules": "no-limit: no-limit, blinds 2/4, 1000 chips each, blinds up every 5 min",
        "preset": "no-limit", "seats": 3, "taken": 2,
        "players": [_seat(0, "ann"), _seat(2, "random 2", bot=True)], "state": "waiting",
        "buy_in": 100, "min_buy_in": None, "max_buy_in": None, "waiting_list": [],
        "avg_pot": 0, "hands_per_hour": 0, "waiting": 0, "private": False, "hands": 0,
        "places": {}, "prizes": {}}
    table.state = "playing"  # (as start() leaves it)
    assert _refusal(table.sit, "cy", None) == ("this sit-and-go has started: watch it, or join "
                                               "another table")  # fmt: skip
    assert _refusal(table.leave, "ann") == (
        "this sit-and-go has started: a seat stays to the end (its chips play on: fold by "
        "default when no answer comes)")


def test_a_cash_table_seats_people_keeps_a_waiting_list_and_offers_a_free_seat() -> None:
    table = _table(kind="cash", seats=2, bots={"1": "random"})
    assert table.minted == 1000 and table.chips() == 1000  # the bot's buy-in: the house's
    assert table.players() == [_seat(1, "random 1", bot=True)]
    for chips in (199, 1001):
        assert _refusal(table.sit, "ann", None, chips) == (
            f"a buy-in of {chips}: the buy-in here is at least 200, at most 1000")
    assert table.sit("ann", None, 200)[0] == 0  # exactly the minimum
    assert table.chips() == 1200 and table.pool == 0
    with pytest.raises(OnWaitingListError) as first:
        table.sit("bob", None, 500)
    assert (str(first.value), first.value.place) == (
        "every seat is taken: you are number 1 on the waiting list", 1)
    with pytest.raises(OnWaitingListError) as second:
        table.sit("cy", None, 500)
    assert second.value.place == 2
    with pytest.raises(OnWaitingListError) as again:  # asking again: the same place
        table.sit("bob", None, 500)
    assert again.value.place == 1 and table.waitlist == ["bob", "cy"]
    assert _refusal(table.change, "zed", "top_up", 5) == "you have no seat at this cash table"
    assert table.change("ann", "top_up", 800) is True  # up to exactly the maximum
    assert table.players() == [_seat(0, "ann"), _seat(1, "random 1", bot=True)]
    assert table.leave("cy") == 0 and table.waitlist == ["bob"]  # off the list
    assert table.offer() is None  # no seat free
    assert table.leave("ann") == 1000 and table.offer() == "bob"
    assert json.loads(table.offer_frame()) == {"type": "offer", "table": "t1", "name": "t"}
    with pytest.raises(OnWaitingListError):  # the free seat is bob's to take first
        table.sit("dan", None, 500)
    assert table.waitlist == ["bob", "dan"]
    assert table.sit("bob", 0, 1000)[0] == 0 and table.waitlist == ["dan"]
    info = table.info()
    assert info["rules"] == "no-limit: no-limit, blinds 2/4, cash: buy-in 200 to 1000"
    assert (info["buy_in"], info["min_buy_in"], info["max_buy_in"]) == (1000, 200, 1000)
    assert (info["waiting_list"], info["waiting"], info["state"]) == (["dan"], 1, "waiting")
    table.waitlist.clear()
    table.leave("bob")
    assert _refusal(table.sit, "eve", 2, 500) == "no seat 2: seats 0 to 1"
    assert _refusal(table.sit, "eve", 1, 500) == "seat 1 is taken (free seats: [0])"
    table.waitlist.append("eve")
    assert table.offer() == "eve"
    table.state = "finished"
    assert table.offer() is None  # a closed table offers nothing


def _cash(now: list[float], **given: Any) -> RoomTable:
    """Ann's cash table ``t1`` (``given``: its settings but its name and kind), its clock
    ``now[0]``, the bots acting at once."""
    settings = TableSettings.from_json({"name": "t", "kind": "cash", **given})
    return RoomTable("t1", settings, owner="ann", bot_delay=0.0, clock=lambda: now[0])


def _link(name: str) -> FakeLink:
    """``name``'s connection, named in the room's log by its address."""
    return FakeLink(name, peer=f"{name}'s address")


def _watched(muted: frozenset[str] = frozenset()) -> tuple[RoomTable, list[Any], list[FakeLink]]:
    """A table watched by bob and cy, and dan's connection, not yet welcomed."""
    table = RoomTable("t1", TableSettings.from_json({"name": "t", "seats": 2}), owner="ann",
                      bot_delay=0.0, clock=lambda: 100.0,
                      may_chat=lambda link: "you are muted" if link.name in muted else None)
    links = [_link("bob"), _link("cy"), _link("dan")]
    conns = [table.open(link) for link in links]
    assert json.loads(links[0].frames[0])["limits"] == {  # a table's limits by default
        "max_line": 8192, "rate": 50.0, "burst": 100, "max_errors": 100, "watching": "open",
        "max_spectators": None}
    for conn in conns[:2]:
        table.receive(conn, b'{"type":"watch"}')
    for link in links:
        link.taken()
    return table, conns, links


def _say(table: RoomTable, conn: Any, text: str) -> None:
    table.receive(conn, json.dumps({"type": "chat", "text": text}).encode())


def test_chat_reaches_everyone_welcomed_cleaned_and_says_why_not() -> None:
    table, (bob, cy, _), (bob_sees, cy_sees, dan_sees) = _watched(frozenset({"cy"}))
    _say(table, bob, "\x00\u200b")  # nothing left once cleaned: only bob hears why
    _say(table, bob, "  hi   there ")
    said = {"type": "chat", "from": "bob", "text": "hi there"}
    assert bob_sees.taken() == [
        {"type": "error", "code": "no-chat", "message": "the text has nothing to show"}, said]
    assert cy_sees.taken() == [said] and dan_sees.taken() == []  # not to one not welcomed
    _say(table, cy, "me too")  # the room's own refusal (a person muted)
    assert cy_sees.taken() == [{"type": "error", "code": "no-chat", "message": "you are muted"}]
    assert bob_sees.taken() == []


def test_chat_at_most_five_lines_in_ten_seconds_each() -> None:
    table, (bob, cy, _), (bob_sees, cy_sees, _) = _watched()
    for k in range(5):
        _say(table, bob, f"line {k}")
    _say(table, bob, "one too many")
    assert bob_sees.taken()[-1] == {"type": "error", "code": "no-chat",
                                    "message": "at most 5 lines of chat in 10 s: wait a little"}
    assert [m["text"] for m in cy_sees.taken()] == [f"line {k}" for k in range(5)]
    _say(table, cy, "mine")  # each person has their own five
    assert bob_sees.taken() == [{"type": "chat", "from": "cy", "text": "mine"}]


def test_a_frame_for_one_person_and_spectating_turned_off() -> None:
    table, _, (bob_sees, cy_sees, dan_sees) = _watched()
    table.push_to("bob", '{"type":"offer"}')
    table.push_to("dan", '{"type":"offer"}')  # dan is not welcomed yet: nothing
    assert (bob_sees.frames, cy_sees.frames, dan_sees.frames) == (['{"type":"offer"}'], [], [])
    bob_sees.taken()
    table.set_watching(True)
    assert (bob_sees.frames, bob_sees.closed, len(table.watching)) == ([], None, 2)
    table.set_watching(False)
    bye = [{"type": "bye", "reason": "the operator turned spectating off"}]
    assert bob_sees.taken() == bye and cy_sees.taken() == bye
    assert bob_sees.closed == cy_sees.closed == (1000, "bye") and dan_sees.closed is None
    assert table.watching == {} and len(table.links) == 1
    late = _link("eve")
    table.receive(table.open(late), b'{"type":"watch"}')
    assert late.taken()[1:] == [{"type": "error", "code": "no-watching",
                                 "message": "this match has no spectators"}]


def test_a_cash_table_queues_what_is_asked_mid_hand_and_pays_it_at_the_hand_end() -> None:
    """Ann (500) and Bob (300) in a hand; meanwhile Cy sits (400, queued: her seat kept),
    Bob tops up 100, Cy leaves again (her 400 back at once), Ann leaves (queued). Ann's
    time runs out: she folds her small blind (2) to Bob's big blind, and at the hand's
    end the queue is applied in order: Bob's top-up, Ann's stack paid out."""
    now = [100.0]

    async def play() -> None:
        table = _cash(now, seats=3)
        table.sit("ann", 0, 500)
        table.sit("bob", 1, 300)
        assert (table.chips(), table.pool, table.queue) == (800, 0, [])
        table.start()
        assert table.table.in_hand and table.table.stacks == (498, 296, 0)
        assert table.chips() == 800  # counted as dealt
        assert table.sit("cy", None, 400)[0] == 2
        assert (table.queue, table.pool, table.chips()) == ([(2, "cy", "sit", 400)], 400, 1200)
        assert table.seats[2].name == "cy" and table.seat_of("cy") == 2
        assert table.change("bob", "top_up", 100) is False
        assert table.pool == 500
        assert table.leave("cy") == 400  # she never sat down: the buy-in back now
        assert (table.queue, table.pool, table.seats[2].name) == ([(1, "bob", "top_up", 100)],
                                                                  100, None)  # fmt: skip
        assert table.leave("ann") is None  # queued: paid at the hand's end
        assert table.queue == [(1, "bob", "top_up", 100), (0, "ann", "leave", 0)]
        expire_until(table, lambda: not table.table.in_hand, now)
        assert (table.queue, table.pool, table.payouts) == ([], 0, {"ann": 498})
        assert [s.name for s in table.seats] == [None, "bob", None]
        assert table.players() == [_seat(1, "bob", stack=402)]
        assert table.chips() == 402
        assert table.cash_refunds() == {"ann": 498, "bob": 402}
        assert (table.payouts, table.pool, table.queue) == ({}, 0, [])

    asyncio.run(play())


def test_a_top_up_queued_last_leaves_nothing_in_the_pool_at_the_hand_end() -> None:
    """Ann tops up 100 mid-hand (the only change queued), then checks the hand down
    against a calling station and shows: at the hand's end the 100 are on her stack and no longer
    in the pool, so the table counts them once (the bot's 1,000 and Ann's 500 and 100)."""
    now = [100.0]

    async def play() -> None:
        table = _cash(now, seats=2, bots={"0": "calling-station"})
        ann = _link("ann")
        conn = table.open(ann)
        token = table.sit("ann", 1, 500)[1]
        table.receive(conn, json.dumps({"type": "join", "token": token}).encode())
        table.start()
        assert table.change("ann", "top_up", 100) is False
        assert (table.queue, table.pool, table.chips()) == ([(1, "ann", "top_up", 100)], 100,
                                                            1600)  # fmt: skip
        for answer in ("check", "check", "check", "check", "show"):  # (the big blind)
            act = ann.messages("act")[-1]
            table.receive(conn, json.dumps({"type": "action", "hand": act["hand"],
                                            "seq": act["seq"], "action": answer}).encode())
        assert table.table.hand_number == 2  # the next hand dealt, the 100 in play
        assert (table.queue, table.pool, table.chips()) == ([], 0, 1600)

    asyncio.run(play())


def test_a_cash_table_closed_mid_hand_gives_back_the_stacks_as_dealt_and_the_queue() -> None:
    async def play() -> None:
        settings = TableSettings.from_json({"name": "t", "kind": "cash", "seats": 3})
        table = RoomTable("t1", settings, owner="ann", bot_delay=0.0, clock=lambda: 100.0)
        table.sit("ann", 0, 500)
        table.sit("bob", 1, 300)
        table.start()
        table.sit("cy", 2, 250)
        table.change("bob", "top_up", 50)
        assert table.chips() == 1100
        assert table.cash_refunds() == {"ann": 500, "bob": 350, "cy": 250}
        assert (table.payouts, table.pool, table.queue) == ({}, 0, [])

    asyncio.run(play())


def test_a_tables_record_mid_hand_comes_back_whole() -> None:
    """A cash table mid-hand, 7.5 s into play, with a top-up queued, someone on the
    waiting list, places and prizes: its record, and the table brought back from it
    (through JSON) recording the same (the hand in play void: the save of the last
    finished hand)."""
    now = [100.0]

    async def play() -> None:
        settings = TableSettings.from_json({"name": "t", "kind": "cash", "seats": 2})
        table = RoomTable("t1", settings, owner="ann", invite="inv", bot_delay=0.0,
                          clock=lambda: now[0])  # fmt: skip
        table.sit("ann", 0, 500)
        table.sit("bob", 1, 300)
        table.start()
        now[0] += 7.5
        with pytest.raises(OnWaitingListError):
            table.sit("dan", None, 400)
        table.change("bob", "top_up", 100)
        table.places, table.prizes = {"x": 1}, {"x": 5}
        record = table.record()
        assert {k: v for k, v in record.items() if k not in ("seats", "save")} == {
            "id": "t1", "settings": settings.to_json(), "owner": "ann", "invite": "inv",
            "state": "playing", "pool": 100, "seq": 0, "places": {"x": 1}, "minted": 0,
            "queue": [[1, "bob", "top_up", 100]], "waitlist": ["dan"], "prizes": {"x": 5},
            "played": 7.5, "banks": [30.0, 30.0]}
        assert record["seats"] == [{"token": s.token, "name": n, "bot": None}
                                   for s, n in zip(table.seats, ("ann", "bob"), strict=True)]
        assert record["save"] is not None
        back = RoomTable.from_record(json.loads(json.dumps(record)), bot_delay=0.0,
                                     clock=lambda: now[0])  # fmt: skip
        assert back.record() == record
        assert (back.queue, back.waitlist, back.offer()) == ([(1, "bob", "top_up", 100)],
                                                            ["dan"], None)  # fmt: skip
        assert not back.table.in_hand and back.table.stacks == (500, 300)
        assert back.chips() == 900  # the top-up waits in the pool

    asyncio.run(play())


def test_a_sit_and_go_waiting_keeps_no_match_and_comes_back_waiting() -> None:
    table = _table(bots={"1": "random"})
    table.sit("ann", 0)
    record = table.record()
    # (a sit-and-go's bot plays no chips of the house: none minted)
    assert (record["state"], record["save"], record["pool"], record["played"],
            record["minted"]) == ("waiting", None, 100, 0.0, 0)
    assert (record["queue"], record["waitlist"], record["places"], record["prizes"]) == (
        [], [], {}, {})
    back = RoomTable.from_record(record, bot_delay=0.0)
    assert back.record() == record and back.seat_of("ann") == 0 and back.pool == 100
    assert [(s.name, s.bot) for s in back.seats] == [("ann", None), ("random 1", "random"),
                                                     (None, None)]  # fmt: skip


def _expire_to_the_hand_end(table: RoomTable, now: list[float]) -> list[list[Any]]:
    """Let every decision's time run out until the hand ends; the queue after each (a
    hand that never ends fails the test after 200 decisions, not waits for ever)."""
    queues = []
    for _ in range(200):
        if not table.table.in_hand:
            return queues
        now[0] += 100.0
        table._expire()
        queues.append(list(table.queue))
    pytest.fail("the hand never ended")


def test_people_whose_time_runs_out_sit_out_after_the_hand(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Three seats: Ann (first to act) and Bob (small blind) fold by default, each queued
    to sit out once; the bot (big blind) wins the blinds and plays on."""
    now = [100.0]

    async def play() -> None:
        table = _cash(now, seats=3, bots={"2": "calling-station"})
        table.sit("ann", 0, 500)
        table.sit("bob", 1, 300)
        with caplog.at_level(logging.INFO, logger="pokerroom.room"):
            table.start()
            assert _expire_to_the_hand_end(table, now) == [[(0, "ann", "sit_out", 0)], []]
        assert table.players() == [
            {**_seat(0, "ann", stack=500), "sitting_out": True},
            {**_seat(1, "bob", stack=298), "sitting_out": True},
            _seat(2, "calling-station 2", bot=True, stack=1002)]
        assert table.info()["state"] == "waiting"  # nobody to play the bot

    asyncio.run(play())
    assert caplog.records[0].getMessage() == "table t1: the match starts"
    timed_out = [r.getMessage() for r in caplog.records if "timed out" in r.getMessage()]
    assert timed_out == ["table t1: seat 0 ('ann') timed out: sitting out after this hand",
                         "table t1: seat 1 ('bob') timed out: sitting out after this hand"]


def test_a_person_whose_time_runs_out_at_every_street_is_queued_once() -> None:
    """Heads-up against the calling station, Ann in the big blind checks by default
    before the flop and on every street after it: one sit-out queued, made at the end."""
    now = [100.0]

    async def play() -> None:
        table = _cash(now, seats=2, bots={"0": "calling-station"})
        table.sit("ann", 1, 500)
        table.start()
        queues = _expire_to_the_hand_end(table, now)
        assert queues == [[(1, "ann", "sit_out", 0)]] * 4 + [[]]
        ann = table.players()[1]
        assert (ann["name"], ann["sitting_out"]) == ("ann", True)
        assert ann["stack"] in (496, 500, 504)  # the check-down's cards are dealt at random

    asyncio.run(play())


def test_the_lobby_counts_the_last_hours_hands_and_the_average_pot() -> None:
    table = _table()
    now = time.time()
    assert (table.info()["hands_per_hour"], table.info()["avg_pot"]) == (0, 0)
    table.hand_times.extend([now - 7200.0, now - 1800.0, now - 1700.0])  # the first too old
    table.pots.extend([10, 21])
    info = table.info()
    assert (info["hands_per_hour"], info["avg_pot"]) == (4, 16)  # 2 in 1800 s; 15.5 rounded
    table.hand_times.append(now - 10.0)  # 3 hands over at least a minute: 3 in 1800 s
    assert table.info()["hands_per_hour"] == 6
    fresh = _table()
    fresh.hand_times.extend([now - 5.0, now - 1.0])  # two hands in the last seconds: a minute
    assert fresh.info()["hands_per_hour"] == 120


def test_a_hand_the_store_cannot_keep_is_logged_and_the_match_goes_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    now = [100.0]

    def full_disk(table: RoomTable, row: HandRow | None) -> None:
        raise OSError("no space left on device")

    async def play() -> None:
        settings = TableSettings.from_json({"name": "t", "kind": "cash", "seats": 2,
                                            "bots": {"0": "calling-station"}})  # fmt: skip
        table = RoomTable("t1", settings, owner="ann", bot_delay=0.0, clock=lambda: now[0],
                          on_hand=full_disk)  # fmt: skip
        table.sit("ann", 1, 500)
        with caplog.at_level(logging.INFO, logger="pokerroom.room"):
            table.start()
            _expire_to_the_hand_end(table, now)
        assert table.state == "playing" and table.table.hand_number == 1
        assert len(table.pots) == 1 and table.pots[0] == 8  # the blinds, checked down

    asyncio.run(play())
    failed = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert [r.getMessage() for r in failed] == ["table t1: hand 1 could not be kept"]
    assert failed[0].exc_info is not None and "no space left" in str(failed[0].exc_info[1])


def test_the_hand_kept_for_the_public_names_its_table_and_hides_every_card_not_shown() -> None:
    """Ann and Bob fold by default to the bot's big blind: nobody shows, so the public
    record deals ``????`` to each seat; its results name the seats with their stacks
    before and after."""
    now = [100.0]
    rows: list[HandRow | None] = []

    async def play() -> None:
        settings = TableSettings.from_json({"name": "Friday", "kind": "cash", "seats": 3,
                                            "bots": {"2": "calling-station"}})  # fmt: skip
        table = RoomTable("t1", settings, owner="ann", bot_delay=0.0, clock=lambda: now[0],
                          on_hand=lambda t, row: rows.append(row))  # fmt: skip
        table.sit("ann", 0, 500)
        table.sit("bob", 1, 300)
        table.start()
        _expire_to_the_hand_end(table, now)

    asyncio.run(play())
    assert len(rows) == 1 and rows[0] is not None
    row = rows[0]
    assert (row.table, row.number) == ("t1", 1)
    assert json.loads(row.results) == {"names": ["ann", "bob", "calling-station 2"],
                                       "before": [500, 300, 1000], "after": [500, 298, 1002]}
    assert re.findall(r'"(d dh p\d+ [^"]*|p\d+ sm [^"]*)"', row.phh) == [
        "d dh p1 ????", "d dh p2 ????", "d dh p3 ????"]
    assert 'event = "Friday"' in row.phh and "\nhand = 1\n" in row.phh
    assert 'players = ["bob", "calling-station 2", "ann"]' in row.phh  # blinds first


def test_what_the_dealer_notes_is_logged_with_the_table_and_the_connection(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.DEBUG, logger="pokerroom.room"):
        table, (bob, _, dan), (bob_sees, _, dan_sees) = _watched()
        table.receive(bob, b'{"type": "nonsense"}')
        table.receive(dan, None)  # a frame over the size limit
    assert [r.getMessage() for r in caplog.records] == [
        "table t1: bob's address: watching (1 spectators)",
        "table t1: cy's address: watching (2 spectators)",
        "table t1: bob's address: unknown-type: unknown message type 'nonsense' (types: join, "
        "watch, action, ping, chat, bye)",
        "table t1: dan's address: line-too-long: a line is at most 8192 bytes; this one is "
        "dropped"]
    assert [m["code"] for m in bob_sees.taken()] == ["unknown-type"]
    assert [m["code"] for m in dan_sees.taken()] == ["line-too-long"]


def test_a_frame_the_dealer_cannot_take_closes_that_connection_alone(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch,
) -> None:
    table, (bob, cy, _), (bob_sees, cy_sees, _) = _watched()

    def broken(conn: Any, data: bytes | None, now: float) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(table.dealer, "receive", broken)
    with caplog.at_level(logging.INFO, logger="pokerroom.room"):
        table.receive(bob, b'{"type": "ping"}')
    assert bob_sees.taken() == [{"type": "bye",
                                 "reason": "the server could not take your last message"}]
    assert bob_sees.closed == (1000, "bye") and cy_sees.closed is None
    assert bob not in table.links and cy in table.links and list(table.watching) == [cy]
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert [r.getMessage() for r in errors] == ["bob's address: a frame the dealer could not take"]


def test_closing_every_connection_and_one_gone() -> None:
    table, (bob, cy, _), (bob_sees, cy_sees, dan_sees) = _watched()
    table.closed(bob)
    assert bob not in table.links and bob not in table.watching and cy in table.watching
    table.close_all("the room closes")
    bye = [{"type": "bye", "reason": "the room closes"}]
    assert (cy_sees.taken(), dan_sees.taken(), bob_sees.taken()) == (bye, bye, [])
    assert cy_sees.closed == dan_sees.closed == (1000, "bye") and bob_sees.closed is None
    assert table.links == {} and table.watching == {}


def test_a_match_that_cannot_go_on_is_finished_and_logged(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch,
) -> None:
    changes: list[str] = []

    async def play() -> None:
        settings = TableSettings.from_json({"name": "t", "seats": 2, "bots": {"0": "random"}})
        table = RoomTable("t1", settings, owner="ann", bot_delay=0.0, clock=lambda: 100.0,
                          on_change=lambda: changes.append("x"))  # fmt: skip
        table.sit("ann", 1)
        table.start()
        assert table.dealer.pending is not None and table.state == "playing"
        # a sit-and-go queues nothing when a person's time runs out (that is a cash table's)
        table._expire()
        assert table.queue == []

        def broken(now: float) -> Any:
            raise RuntimeError("a bug")

        monkeypatch.setattr(table.dealer, "expire", broken)
        changes.clear()
        with caplog.at_level(logging.INFO, logger="pokerroom.room"):
            table._expire()
        assert table.state == "finished" and changes == ["x"]
        assert table.record()["save"] is None  # a finished sit-and-go keeps no match

    asyncio.run(play())
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert [r.getMessage() for r in errors] == ["table t1: the match cannot go on"]


def test_a_queued_sit_down_takes_its_name_and_a_queued_sit_out_costs_nothing() -> None:
    """Mid-hand, Dan sits at seat 2 (queued) and Bob asks to sit out (no chips); Ann's
    time runs out (she folds, and sits out too). After the hand Dan plays under his
    name, and nobody else can: no hand is dealt. Records: a cash table's save is the
    table as it stands, a closed one keeps none."""
    now = [100.0]

    async def play() -> None:
        settings = TableSettings.from_json({"name": "t", "kind": "cash", "seats": 3})
        waiting = RoomTable("t2", settings, owner="ann", bot_delay=0.0)
        waiting.sit("ann", 0, 500)
        assert waiting.record()["save"] is not None  # not dealt yet: the seat is in it
        table = RoomTable("t1", settings, owner="ann", bot_delay=0.0, clock=lambda: now[0])
        table.sit("ann", 0, 500)
        table.sit("bob", 1, 300)
        table.start()
        assert table.sit("dan", 2, 400)[0] == 2
        assert table.change("bob", "sit_out") is False
        assert (table.queue, table.pool) == ([(2, "dan", "sit", 400), (1, "bob", "sit_out", 0)],
                                             400)  # fmt: skip
        now[0] += 100.0
        table._expire()
        assert not table.table.in_hand and table.table.hand_number == 1
        assert table.table.names == ("ann", "bob", "dan")
        assert table.players() == [{**_seat(0, "ann", stack=498), "sitting_out": True},
                                   {**_seat(1, "bob", stack=302), "sitting_out": True},
                                   _seat(2, "dan", stack=400)]  # fmt: skip
        assert (table.queue, table.pool, table.chips()) == ([], 0, 1200)
        assert table.record()["save"] is not None
        table.state = "finished"
        assert table.record()["save"] is None

    asyncio.run(play())


def test_a_new_player_in_a_seat_gets_a_full_time_bank() -> None:
    table = _table(kind="cash", seats=2, bank=20, bank_cap=40)
    assert table.bank is not None and table.bank.left == [20.0, 20.0]
    table.sit("ann", 0, 500)
    table.bank.left[0] = 3.5  # ann used most of hers
    table.leave("ann")
    table.sit("bob", 0, 500)
    assert table.bank.left == [20.0, 20.0]
    table.bank.left[0] = 7.0
    table.change("bob", "top_up", 100)  # not a new player: the bank stays
    assert table.bank.left == [7.0, 20.0]


# ------------------------------------------------------------ tables.py's survivors


def test_a_table_by_default_and_what_its_dealer_is_given() -> None:
    """The bot delay by default; a sit-and-go's blind levels and names (a bot's among
    them before anyone sits) given to its table; the match's name in the hello."""
    settings = TableSettings.from_json({"name": "Friday", "seats": 3, "bots": {"2": "random"}})
    table = RoomTable("t1", settings, owner="ann")
    assert table.bot_delay == 0.8 and table.dealer.local_delay == 0.8
    assert table.levels is not None and table.levels == check_rules(settings)
    assert table.table.levels is table.levels
    assert table.table.names == ("seat 0", "seat 1", "random 2")
    link = FakeLink()
    table.open(link)
    assert link.messages()[0]["match"] == "Friday"
    cash = _table(kind="cash", seats=3, bots={"0": "random", "2": "calling-station"})
    assert cash.minted == 2000 and cash.chips() == 2000  # each bot's buy-in: the house's


def test_the_lobby_keeps_the_last_100_pots_and_1000_hand_times() -> None:
    table = _table()
    table.pots.extend([1000] + [0] * 100)  # the first pot drops out
    assert table.info()["avg_pot"] == 0
    now = time.time()
    table.hand_times.extend([now - 1800.0] + [now - 10.0] * 1000)  # so does the first time
    assert table.info()["hands_per_hour"] == 60000  # 1,000 in a minute
    fresh = _table()
    fresh.hand_times.extend([now - 5.0] * 90)  # 90 in (at least) a minute: exactly 5,400
    assert fresh.info()["hands_per_hour"] == 5400


def test_a_sit_down_with_no_buy_in_is_refused_as_a_buy_in_of_0() -> None:
    table = _table(kind="cash", seats=2)
    assert _refusal(table.sit, "ann", None) == (
        "a buy-in of 0: the buy-in here is at least 200, at most 1000")


def test_spectating_turned_off_and_on_again() -> None:
    table, _, _ = _watched()
    table.set_watching(False)
    table.set_watching(True)
    late = _link("eve")
    table.receive(table.open(late), b'{"type":"watch"}')
    assert [m["type"] for m in late.taken()][:2] == ["hello", "welcome"]
    assert late.closed is None and len(table.watching) == 1


def test_frames_for_a_connection_gone_are_dropped_and_the_rest_delivered() -> None:
    table, (bob, cy, _), (bob_sees, cy_sees, _) = _watched()
    gone, _ = table.dealer.open()  # (never the table's: no link)
    out = Outbox()
    out.send(gone, {"type": "ping"})
    out.send(bob, {"type": "pong"})
    out.close.append(gone)
    table._deliver(out)
    assert bob_sees.taken() == [{"type": "pong"}] and bob_sees.closed is None
    table.closed(cy)
    table.leave_link(cy, "too late")  # closed already: nothing more, no error
    assert cy_sees.taken() == [] and cy_sees.closed is None


def test_a_decision_nobody_answers_is_logged_as_the_matchs(
    caplog: pytest.LogCaptureFixture,
) -> None:
    now = [100.0]

    async def play() -> None:
        table = _cash(now, seats=2, bots={"0": "calling-station"})
        table.sit("ann", 1, 500)
        table.start()
        now[0] += 100.0
        table._expire()

    with caplog.at_level(logging.INFO, logger="pokerroom.room"):
        asyncio.run(play())
    said = [r.getMessage() for r in caplog.records if "no answer" in r.getMessage()]
    assert len(said) == 1 and said[0].startswith("table t1: the match: seat 1, hand 1: no answer")


def test_changes_queued_after_a_leave_and_a_refused_top_up_are_paid_out_exactly() -> None:
    """Mid-hand Bob asks to leave twice and then tops up 100 (queued after his leave:
    paid back, nothing extra); Ann tops up beyond the maximum (refused at the hand's end:
    her 800 back) and leaves after it (her stack added to it). Closing the table then
    pays what is due, nothing to the bot."""
    now = [100.0]

    async def play() -> None:
        table = _cash(now, seats=3, bots={"2": "calling-station"})
        table.sit("ann", 0, 500)
        table.sit("bob", 1, 300)
        table.start()
        assert table.leave("bob") is None and table.leave("bob") is None
        assert table.change("bob", "top_up", 100) is False
        assert table.change("ann", "top_up", 800) is False
        assert table.leave("ann") is None
        assert table.pool == 900
        _expire_to_the_hand_end(table, now)
        assert table.payouts == {"bob": 298 + 100, "ann": 800 + 500}
        assert [s.name for s in table.seats] == [None, None, "calling-station 2"]
        assert table.cash_refunds() == {"bob": 398, "ann": 1300}

    asyncio.run(play())


def test_a_refused_top_up_is_paid_back_beside_the_stack_when_the_table_closes() -> None:
    now = [100.0]

    async def play() -> None:
        table = _cash(now, seats=3, bots={"2": "calling-station"})
        table.sit("ann", 0, 500)
        table.sit("bob", 1, 300)
        table.start()
        assert table.change("bob", "top_up", 900) is False  # 298 + 900: over the maximum
        _expire_to_the_hand_end(table, now)
        assert table.payouts == {"bob": 900}
        assert table.cash_refunds() == {"ann": 500, "bob": 900 + 298}

    asyncio.run(play())


def test_a_cash_table_closed_before_any_hand_and_one_sitting_out_mid_hand() -> None:
    """Never dealt: each stack back as it is. Mid-hand, a person sitting out (not dealt
    in) gets their stack as it is; the bot gets nothing."""
    table = _table(kind="cash", seats=3, bots={"2": "calling-station"})
    table.sit("ann", 0, 500)
    assert table.cash_refunds() == {"ann": 500}
    now = [100.0]

    async def play() -> None:
        table = _cash(now, seats=3, bots={"2": "calling-station"})
        table.sit("ann", 0, 500)
        table.sit("bob", 1, 300)
        assert table.change("ann", "sit_out") is True
        table.start()
        assert table.table.in_hand and table.table.seats_in_hand == (1, 2)
        assert table.cash_refunds() == {"ann": 500, "bob": 300}

    asyncio.run(play())


def test_a_bot_that_loses_its_stack_buys_in_again_from_the_house() -> None:
    table = _table(kind="cash", seats=3, bots={"1": "random", "2": "calling-station"})
    table.sit("ann", 0, 500)
    table.table._stacks[2] = 0  # (as if it had lost every chip in the hand just over)
    table._apply_queue()
    assert table.table.stacks == (500, 1000, 1000)
    assert table.minted == 3000


def test_resume_mid_hand_changes_nothing_and_outside_an_event_loop_deals() -> None:
    now = [100.0]

    async def play() -> None:
        table = _cash(now, seats=2)
        table.sit("ann", 0, 500)
        table.sit("bob", 1, 300)
        table.start()
        record = table.record()
        table.change("bob", "top_up", 100)
        table.resume()  # a hand in play: nothing to do
        assert table.record() == {**record, "pool": 100,
                                  "queue": [[1, "bob", "top_up", 100]]}  # fmt: skip

    asyncio.run(play())
    settings = TableSettings.from_json({"name": "t", "kind": "cash", "seats": 2, "bank": 20})
    table = RoomTable("t1", settings, owner="ann", bot_delay=0.0, clock=lambda: 100.0)
    table.sit("ann", 0, 500)
    table.start()  # nobody to play: waiting
    assert table.dealer.idle and table.info()["state"] == "waiting"
    table.sit("bob", 1, 300)
    table.resume()  # (no event loop: no timer, and no error)
    assert table.table.in_hand and table.table.stacks == (498, 296)
    record = json.loads(json.dumps(table.record()))
    assert record["banks"] == [20.0, 20.0]
    back = RoomTable.from_record(record, bot_delay=0.0, clock=lambda: 100.0)  # a restart:
    assert not back.table.in_hand and back.table.stacks == (500, 300)  # the hand void, Bob
    assert back.chips() == 800 and back.seat_of("bob") == 1  # seated as resume dealt him


def test_changes_after_a_restored_queue_wait_their_turn() -> None:
    """A table brought back with Bob's top-up queued: his next change queues behind it
    (no hand in play), Ann's (nothing of hers queued) is made at once."""
    now = [100.0]
    records: list[dict[str, Any]] = []

    async def play() -> None:
        table = _cash(now, seats=2)
        table.sit("ann", 0, 500)
        table.sit("bob", 1, 300)
        table.start()
        table.change("bob", "top_up", 100)
        records.append(json.loads(json.dumps(table.record())))

    asyncio.run(play())
    back = RoomTable.from_record(records[0], bot_delay=0.0, clock=lambda: now[0])
    assert not back.table.in_hand
    assert back.change("bob", "top_up", 50) is False
    assert back.queue == [(1, "bob", "top_up", 100), (1, "bob", "top_up", 50)]
    assert back.change("ann", "top_up", 100) is True and back.table.stacks == (600, 300)


def test_a_table_brought_back_with_its_own_delay_a_sit_and_go_in_play_and_old_records() -> None:
    """``from_record`` passes its keywords on; a sit-and-go in play comes back with its
    match; a record from before ``minted`` and time banks (or with another number of
    seats' banks) comes back with none minted and each seat's starting bank."""
    now = [100.0]
    records: list[dict[str, Any]] = []

    async def play() -> None:
        settings = TableSettings.from_json({"name": "t", "seats": 2, "bots": {"0": "random"}})
        table = RoomTable("t1", settings, owner="ann", bot_delay=0.0, clock=lambda: now[0])
        table.sit("ann", 1)
        table.start()
        expire_until(table, lambda: table.seq > 0, now)  # (Ann's time runs out: hand 1 over)
        records.append(json.loads(json.dumps(table.record())))

    asyncio.run(play())
    record = records[0]
    assert record["seq"] > 0
    assert record["state"] == "playing" and record["save"] is not None
    back = RoomTable.from_record(record, bot_delay=0.25, clock=lambda: now[0])
    assert back.bot_delay == 0.25 and back.dealer.local_delay == 0.25
    assert back.record() == record and back.dealer.seq == record["seq"]
    old = {k: v for k, v in record.items() if k not in ("minted", "banks")}
    old["settings"] = {**record["settings"], "bank": 20}
    again = RoomTable.from_record(old, bot_delay=0.0)
    assert again.minted == 0 and again.record()["banks"] == [20.0, 20.0]
    again = RoomTable.from_record({**old, "banks": [1.0, 2.0, 3.0]}, bot_delay=0.0)
    assert again.record()["banks"] == [20.0, 20.0]
    plain = {**record, "settings": {**record["settings"], "bank_cap": 0}, "banks": None}
    assert RoomTable.from_record(plain, bot_delay=0.0).record()["banks"] is None


def test_a_waiting_table_records_its_starting_banks_and_comes_back_usable() -> None:
    table = _table(bank=20, bank_cap=40)
    assert table.record()["banks"] == [20.0, 20.0, 20.0]
    back = RoomTable.from_record(table.record(), bot_delay=0.0)
    assert back.players() == [] and back.table.hand_number == 0


def test_the_timer_plays_the_bots_turns_and_runs_out_a_persons_time() -> None:
    """On a running event loop (no server): the table's clock is the loop's, moved on
    at will. The bot's turns come by the timer alone (``bot_delay``); Ann's time runs
    out when the clock passes her deadline and the timer is armed again: she checks or
    folds by default, street after street, and sits out after the hand."""
    shift = [0.0]

    def clock() -> float:
        return time.monotonic() + shift[0]

    async def settle(table: RoomTable) -> None:
        for _ in range(2000):  # until the bot has played (it plays after 1 ms)
            pending = table.dealer.pending
            if pending is None or not pending.local:
                return
            await asyncio.sleep(0.001)
        raise AssertionError("the bot's turn never came")

    async def play() -> None:
        settings = TableSettings.from_json({"name": "t", "kind": "cash", "seats": 2,
                                            "bots": {"0": "calling-station"}})  # fmt: skip
        table = RoomTable("t1", settings, owner="ann", bot_delay=0.001, clock=clock)
        table.sit("ann", 1, 500)
        table.start()
        assert table.dealer.pending is not None and table.dealer.pending.local  # the bot's
        table.kick()
        await settle(table)
        streets = 0
        while table.table.in_hand:
            pending = table.dealer.pending
            assert pending is not None and pending.seat == 1 and not pending.local
            table._timer.cancel()  # (armed for her deadline: armed again after it)
            shift[0] += 100.0
            table.kick()
            for _ in range(2000):
                await asyncio.sleep(0.001)
                if table.dealer.pending is not pending:
                    break
            streets += 1
            await settle(table)
        assert streets == 5  # every decision of hers (as when they expire by hand, above)
        assert table.table.hand_number == 1 and table.queue == []
        assert table.table.sitting_out == (False, True)
        assert table.dealer.pending is None and table.info()["state"] == "waiting"

    asyncio.run(play())


def test_the_bank_runs_from_exactly_the_end_of_the_clock() -> None:
    now = [100.0]

    async def play() -> None:
        settings = TableSettings.from_json({"name": "t", "kind": "cash", "seats": 2,
                                            "bots": {"0": "calling-station"}, "bank": 20,
                                            "bank_cap": 40})  # fmt: skip
        table = RoomTable("t1", settings, owner="ann", bot_delay=0.0, clock=lambda: now[0])
        watcher = _link("bob")
        table.receive(table.open(watcher), b'{"type":"watch"}')
        table.sit("ann", 1, 500)
        table.start()
        pending = table.dealer.pending
        assert pending is not None and pending.clock_end == 130.0
        watcher.taken()
        table._on_time(pending, 129.999)
        assert watcher.taken() == []
        table._on_time(pending, 130.0)
        assert [m["type"] for m in watcher.taken()] == ["clock"]
        assert table.dealer.pending is pending  # her bank runs: no default yet

    asyncio.run(play())


def test_a_seat_offered_is_told_right_after_the_seats_when_welcomed_mid_hand() -> None:
    now = [100.0]

    async def play() -> None:
        table = _cash(now, seats=3, bots={"0": "calling-station"})
        table.sit("ann", 1, 500)
        table.start()
        table.waitlist.append("dan")  # (seat 2 free: offered to dan)
        dan = _link("dan")
        table.receive(table.open(dan), b'{"type":"watch"}')
        kinds = [m["type"] for m in dan.taken()]
        assert kinds[:4] == ["hello", "welcome", "seats", "offer"] and len(kinds) > 4

    asyncio.run(play())


def test_an_alarm_after_the_decision_is_gone_does_nothing() -> None:
    """The timer armed for Ann's deadline fires late, after her decision was settled
    and the hand is over (nobody left to play the bot): nothing happens, nothing is
    armed."""
    now = [100.0]

    async def play() -> None:
        table = _cash(now, seats=2, bots={"0": "calling-station"})
        table.sit("ann", 1, 500)
        table.start()
        _expire_to_the_hand_end(table, now)
        assert table.dealer.pending is None and not table.dealer.finished
        record = table.record()
        table._alarm()
        assert table.record() == record and table._timer._handle is None

    asyncio.run(play())


def test_a_cash_table_of_bots_alone_with_no_delay_deals_one_hand_per_alarm() -> None:
    """With no bot delay (``--bot-delay 0``) a cash table where only bots are dealt in
    deals on for ever: it pauses at each hand's first decision, so that ``start`` returns
    and the room's event loop goes on; each alarm then plays one hand (two calling
    stations: every hand checked down, nobody broke)."""
    signal.signal(signal.SIGALRM, _no_end)
    signal.alarm(10)  # (a table that never pauses: the test fails rather than hangs)
    try:
        settings = TableSettings.from_json({"name": "t", "kind": "cash", "seats": 2,
                                            "bots": {"0": "calling-station",
                                                     "1": "calling-station"}})
        table = RoomTable("t1", settings, owner="ann", bot_delay=0.0, clock=lambda: 100.0)
        table.start()
        pending = table.dealer.pending
        assert table.table.hand_number == 1 and pending is not None
        assert (pending.local, pending.deadline) == (True, 100.0)  # due at once
        for hand in (2, 3, 4):
            table._expire()  # (the alarm)
            assert table.table.hand_number == hand and table.dealer.pending is not None
        assert (table.minted, table.chips()) == (2000, 2000)
    finally:
        signal.alarm(0)


def _no_end(signum: int, frame: Any) -> None:
    pytest.fail("the table never paused")  # (not an Exception: nothing on the way logs it)


def test_resume_before_the_match_starts_does_nothing() -> None:
    changes: list[str] = []
    settings = TableSettings.from_json({"name": "t", "kind": "cash", "seats": 2})
    table = RoomTable("t1", settings, owner="ann", bot_delay=0.0,
                      on_change=lambda: changes.append("x"))  # fmt: skip
    table.sit("ann", 0, 500)
    table.sit("bob", 1, 300)
    record = table.record()
    table.resume()
    assert changes == [] and not table.table.in_hand and table.record() == record


def test_a_cash_table_recorded_before_its_start_comes_back_with_its_bots_minted_once() -> None:
    """(The room stores a cash table's first record just before it starts it.) The bots
    sit anew in the match made again: their buy-ins are the house's once, as recorded."""
    table = _table(kind="cash", seats=2, bots={"0": "random"})
    record = table.record()
    assert (record["state"], record["minted"]) == ("waiting", 1000)
    back = RoomTable.from_record(record, bot_delay=0.0)
    assert (back.minted, back.chips()) == (1000, 1000)
    assert back.record() == {**record, "seats": back.record()["seats"]}
