"""The room's pages in real Chromium (Debian's package, driven by Playwright).

First the page modules' own checks (the files served as they are): the hand names match
the server's for every hand value, the pots, presets and typed amounts.  Then the room
itself (``pokerroom serve room`` on a loopback port): people in separate browser contexts
and a bot play whole hands by clicks and keys.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from browser import (
    CARD,
    Frames,
    Relay,
    Room,
    boxes_overlap,
    create_table,
    inside,
    launched_browser,
    need_chromium,
    room_server,
    sit_from_lobby,
    static_server,
    wait_until,
)
from pokerroom.cards import parse_cards
from pokerroom.evaluator import hand_value
from pokerroom.evaluator.classes import CLASS_COUNT, describe

pytestmark = pytest.mark.xdist_group("browser")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched_browser() as b:
        yield b


@pytest.fixture(scope="module")
def modules(browser: Any) -> Iterator[Any]:
    """A page that has imported the page modules (as window.handnames, window.betting)."""
    with static_server() as url:
        page = browser.new_page()
        page.goto(f"{url}/static/lobby.html", wait_until="domcontentloaded")
        page.evaluate(
            """async () => {
                window.handnames = await import('/static/handnames.js');
                window.betting = await import('/static/betting.js');
                window.common = await import('/static/common.js');
            }"""
        )
        yield page
        page.close()


def test_hand_names_match_the_servers_for_every_value(modules: Any) -> None:
    names = modules.evaluate(
        "() => Array.from({length: window.handnames.classCount()},"
        " (_, v) => window.handnames.describe(v))"
    )
    assert len(names) == CLASS_COUNT
    expected = [describe(v) for v in range(CLASS_COUNT)]
    wrong = [(v, n, e) for v, (n, e) in enumerate(zip(names, expected, strict=True)) if n != e]
    assert wrong == []
    odd = "() => [window.handnames.describe(-1), window.handnames.describe(1.5)]"
    assert modules.evaluate(odd) == ["", ""]


def test_the_best_hand_of_seven_cards_is_valued_as_the_server_does(modules: Any) -> None:
    rng = random.Random(34)
    deck = [f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"]
    hands = [rng.sample(deck, 7) for _ in range(3000)]
    # and every category for sure: a royal flush, quads, a wheel, a full house
    hands += [
        ["As", "Ks", "Qs", "Js", "Ts", "2c", "3d"],
        ["9c", "9d", "9h", "9s", "Kd", "2c", "3d"],
        ["Ac", "2d", "3h", "4s", "5c", "9d", "Jh"],
        ["7c", "7d", "7h", "Ks", "Kd", "2c", "2d"],
    ]
    got = modules.evaluate(
        "(hands) => hands.map((h) => window.handnames.bestValue(h.slice(0, 2), h.slice(2)))", hands
    )
    assert got == [hand_value(parse_cards(" ".join(h[:2])), parse_cards(" ".join(h[2:])))
                   for h in hands]  # fmt: skip
    omaha = [["As", "Ks", "2c", "3d"], ["Qs", "Js", "Ts", "4h", "5h"]]
    assert modules.evaluate("([h, b]) => window.handnames.bestValue(h, b, 2)", omaha) == hand_value(
        parse_cards("As Ks 2c 3d"), parse_cards("Qs Js Ts 4h 5h"), min_hole_cards=2
    )
    odd = [[["As"], ["Kd"]], [["Jk", "As"], ["2c", "3c", "4c"]], [["Xx", "As"], ["2c", "3c", "4c"]]]
    got = modules.evaluate("(odd) => odd.map(([h, b]) => window.handnames.bestValue(h, b))", odd)
    assert got == [None, None, None]


def test_the_four_colour_deck_gives_each_suit_its_own_colour(modules: Any) -> None:
    colours = modules.evaluate(
        """(on) => {
            const cards = ['As', 'Kh', 'Qd', 'Jc'].map((c) => window.common.cardElement(c));
            document.body.append(...cards);
            window.common.setFourColour(on);
            const out = cards.map((c) => getComputedStyle(c).color);
            cards.forEach((c) => c.remove());
            return out;
        }""",
        True,
    )
    assert len(set(colours)) == 4
    two = modules.evaluate(
        """() => {
            const cards = ['As', 'Kh', 'Qd', 'Jc'].map((c) => window.common.cardElement(c));
            document.body.append(...cards);
            window.common.setFourColour(false);
            const out = cards.map((c) => getComputedStyle(c).color);
            cards.forEach((c) => c.remove());
            return out;
        }"""
    )
    assert two[0] == two[3] and two[1] == two[2] and two[0] != two[1]
    # and the suit is always a symbol and a name, never a colour alone
    label = modules.evaluate("() => window.common.cardElement('Td').getAttribute('aria-label')")
    assert label == "ten of diamonds"


def _pots(page: Any, committed: list[int], front: list[int], folded: list[bool],
          all_in: list[bool]) -> list[dict[str, Any]]:  # fmt: skip
    result: list[dict[str, Any]] = page.evaluate(
        "([c, f, d, a]) => window.betting.pots(c, f, d, a)", [committed, front, folded, all_in]
    )
    return result


def test_side_pots_from_the_chips_put_in(modules: Any) -> None:
    # two short stacks all-in: a main pot and two side pots
    short = [True, True, False, False]
    assert _pots(modules, [100, 300, 500, 500], [0] * 4, [False] * 4, short) == [
        {"amount": 400, "eligible": [0, 1, 2, 3]},
        {"amount": 600, "eligible": [1, 2, 3]},
        {"amount": 400, "eligible": [2, 3]},
    ]
    # a folded seat's chips stay in the pot it cannot win
    assert _pots(modules, [50, 300, 300], [0] * 3, [True, False, False], [False] * 3) == [
        {"amount": 650, "eligible": [1, 2]},
    ]
    # chips still in front of the seats are not in a pot yet
    assert _pots(modules, [60, 60, 20], [40, 40, 0], [False] * 3, [False, False, True]) == [
        {"amount": 60, "eligible": [0, 1, 2]},
    ]
    assert _pots(modules, [0, 0], [0, 0], [False, False], [False, False]) == []


def _legal(min_to: int, max_to: int, kinds: tuple[str, ...] = ("fold", "call", "raise"),
           call: int = 50) -> dict[str, Any]:  # fmt: skip
    return {"seat": 1, "street": "flop", "kinds": list(kinds), "to_call": call, "call": call,
            "min_to": min_to, "max_to": max_to, "values": []}  # fmt: skip


@pytest.mark.parametrize(
    ("typed", "answer"),
    [
        ("100", {"amount": 100}),
        (" 250 ", {"amount": 250}),
        ("1000", {"amount": 1000}),
        ("1,000", {"amount": 1000}),
        ("1,00", {"error": "type a whole number of chips: raise to an amount from 100 to 1000"}),
        (
            "99",
            {"error": "99 is less than the smallest raise: raise to an amount from 100 to 1000"},
        ),
        (
            "1001",
            {"error": "1001 is more than the largest raise: raise to an amount from 100 to 1000"},
        ),
        ("abc", {"error": "type a whole number of chips: raise to an amount from 100 to 1000"}),
        ("1e3", {"error": "type a whole number of chips: raise to an amount from 100 to 1000"}),
        ("-5", {"error": "type a whole number of chips: raise to an amount from 100 to 1000"}),
        ("", {"error": "type a whole number of chips: raise to an amount from 100 to 1000"}),
        ("9" * 20, {"error": "that is too many chips: raise to an amount from 100 to 1000"}),
    ],
)
def test_a_typed_amount_is_checked_against_the_legal_range(
    modules: Any, typed: str, answer: dict[str, Any]
) -> None:
    check = "([t, l]) => window.betting.checkAmount(t, l)"
    assert modules.evaluate(check, [typed, _legal(100, 1000)]) == answer


def test_a_bet_is_named_a_bet_and_nothing_is_legal_without_one(modules: Any) -> None:
    bet = _legal(20, 500, ("check", "bet"))
    assert modules.evaluate("(l) => window.betting.aggressiveKind(l)", bet) == "bet"
    assert modules.evaluate("([t, l]) => window.betting.checkAmount(t, l)", ["10", bet]) == {
        "error": "10 is less than the smallest bet: bet an amount from 20 to 500"
    }
    fixed = _legal(40, 40, ("fold", "call", "raise"))
    assert modules.evaluate("([t, l]) => window.betting.checkAmount(t, l)", ["41", fixed]) == {
        "error": "41 is more than the largest raise: raise to exactly 40"
    }
    call_only = _legal(0, 0, ("fold", "call"))
    assert modules.evaluate("([t, l]) => window.betting.checkAmount(t, l)", ["10", call_only]) == {
        "error": "you cannot bet or raise now"
    }
    capped = {**call_only, "why": "the raise cap is reached (4 bets and raises)"}
    assert modules.evaluate("([t, l]) => window.betting.checkAmount(t, l)", ["10", capped]) == {
        "error": "you cannot bet or raise now: the raise cap is reached (4 bets and raises)"
    }


def test_presets_go_to_half_pot_and_pot_inside_the_limits(modules: Any) -> None:
    # blinds 50/100 posted, seat 2 to act facing 100 with 10,000 behind: the pot is 150,
    # a pot raise goes to 100 + (150 + 100) = 350, half pot to 100 + 125 = 225
    view = {"seat": 2, "committed": [50, 100, 0], "bets": [50, 100, 0],
            "stacks": [950, 900, 10_000], "to_match": 100,
            "legal": _legal(200, 10_000, call=100)}  # fmt: skip
    assert modules.evaluate("(v) => window.betting.presets(v)", view) == {
        "min": 200,
        "half": 225,
        "pot": 350,
        "max": 10_000,
        "allIn": 10_000,
    }
    # a short stack: every preset stops at its all-in
    view["stacks"] = [950, 900, 260]
    view["legal"] = _legal(200, 260, call=100)
    assert modules.evaluate("(v) => window.betting.presets(v)", view) == {
        "min": 200,
        "half": 225,
        "pot": 260,
        "max": 260,
        "allIn": 260,
    }


# ------------------------------------------------------------------ the room itself

CATEGORY = re.compile(
    r"high card|pair of|two pair|three \w+s|straight|flush|full house|four \w+s|royal flush"
)
CHAT = "<img src=x onerror=alert(1)> <i>gl</i> & hf"
ACTION_CONTROLS = ("#fold", "#call", "#raise", "#allin", "#amount", "#slider", "#preset-min",
                   "#preset-half", "#preset-pot", "#preset-max")  # fmt: skip


class Person:
    """One person's browser context and table page, with every frame it got and sent."""

    def __init__(self, browser: Any, name: str, url: str, relayed: bool = False) -> None:
        self.name = name
        self.context = browser.new_context(viewport={"width": 1280, "height": 800})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", self._console)
        self.sent: list[str] = []
        self.relay: Relay | None = None
        if relayed:  # the table's socket through the test, which can cut it
            self.frames = Frames(None)
            self.relay = Relay(self.page, re.compile(r"/ws/table/"), self.frames, self.sent)
        else:
            self.frames = Frames(self.page)
            self.page.on("websocket", lambda ws: ws.on("framesent", self._sent))
        self.page.goto(f"{url}/", wait_until="domcontentloaded")

    def _console(self, message: Any) -> None:
        # what the page's own code refuses to do (a CSP violation, a missing file)
        text = message.text
        if message.type == "error" and "401" not in text:
            self.errors.append(text)

    def _sent(self, payload: Any) -> None:
        self.sent.append(payload if isinstance(payload, str) else payload.decode())

    def enter(self, keys: bool = False) -> None:
        if keys:  # by the keyboard alone: the name, then Enter
            self.page.focus("#name")
            self.page.keyboard.type(self.name)
            self.page.keyboard.press("Enter")
        else:
            self.page.fill("#name", self.name)
            self.page.click("#enter-form button[type=submit]")
        self.page.wait_for_selector("#create:not([hidden])")

    def acting(self) -> bool:
        return bool(self.page.is_visible("#actions"))

    def actions_sent(self) -> list[dict[str, Any]]:
        return [m for m in map(json.loads, self.sent) if m.get("type") == "action"]

    def last(self, kind: str) -> dict[str, Any] | None:
        found = [m for m in self.frames.messages() if m.get("type") == kind]
        return found[-1] if found else None


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    need_chromium()
    db = tmp_path_factory.mktemp("room") / "room.db"
    with room_server(db, "--bot-delay", "0.05") as served:
        yield served


@dataclass
class Played:
    """What the two people, the bot and the spectator went through (see play_room)."""

    alice: Person
    bob: Person
    spectator: Person
    table: str
    raise_to: int = 0
    illegal_explained: str = ""
    sent_for_illegal: int = -1
    reloaded_mid_hand: bool = False
    alice_reloaded: bool = False
    token_fetched: bool = False
    browser: Any = None
    url: str = ""
    late: Person | None = None
    late_hand_info: str = ""
    dropped: bool = False
    spectator_saw_turn: bool = False
    blinds_shown: list[str] = field(default_factory=list)
    buttons_shown: int = 0
    turns_marked: list[bool] = field(default_factory=list)
    """for each betting decision of a person: whether the spectator's page marked it"""
    token_kept: bool = False
    spectator_seat_cards: list[int] = field(default_factory=list)
    spectator_text_cards: list[set[str]] = field(default_factory=list)
    """the cards in the spectator's page text mid-hand that were never made public"""
    chat_elements: int = -1
    lobby_scroll: int = 0
    download_name: str = ""
    stars_name: str = ""
    stars: str = ""
    download: str = ""
    tab_order: list[str] = field(default_factory=list)
    tab_enabled: list[str] = field(default_factory=list)
    focus_outline: str = ""
    hole: dict[int, list[str]] = field(default_factory=dict)
    screenshots: dict[str, Any] = field(default_factory=dict)
    results_text: list[str] = field(default_factory=list)
    """each text the "Last hand" panel showed, in order"""


def _create_table(alice: Person) -> str:
    return create_table(alice.page, "Browser test", 3, {2: "calling-station"}, 1000, 60)


def _sit_from_lobby(person: Person, table: str) -> None:
    sit_from_lobby(person.page, table)


def _controls_checked(person: Person, width: int, height: int, path: Path) -> dict[str, Any]:
    page = person.page
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_timeout(100)
    page.screenshot(path=str(path))
    boxes = {sel: page.locator(sel).bounding_box() for sel in ACTION_CONTROLS}
    wide = page.evaluate("document.documentElement.scrollWidth")
    page.set_viewport_size({"width": 1280, "height": 800})
    return {"path": path, "boxes": boxes, "width": width, "height": height, "scroll": wide}


def _watch_results(person: Person) -> None:
    """Keeps every text the "Last hand" panel shows, as it comes (hands may follow fast)."""
    person.page.evaluate(
        """() => {
            const panel = document.getElementById('results');
            window.shownResults = [];
            new MutationObserver(() => window.shownResults.push(panel.innerText))
                .observe(panel, {childList: true, subtree: true});
        }"""
    )


def _stacks_differ(person: Person) -> bool:
    hand = person.last("hand")
    return hand is not None and len(set(hand["stacks"])) == len(hand["stacks"])


def _first_decision(played: Played, tmp: Path) -> None:
    """Alice's first decision: screenshots, an illegal typed amount (explained, not
    sent), letters in the chat box (text, not shortcuts), then a raise typed and Enter."""
    alice = played.alice
    page = alice.page
    # keyboard alone: the panel has the focus; Tab goes through its controls in order
    assert page.evaluate("document.activeElement.id") == "actions"
    played.tab_enabled = page.evaluate(
        "(ids) => ids.filter((id) => !document.getElementById(id).disabled)",
        [c.lstrip("#") for c in ACTION_CONTROLS],
    )
    for _ in played.tab_enabled:
        page.keyboard.press("Tab")
        played.tab_order.append(page.evaluate("document.activeElement.id"))
        if not played.focus_outline:
            played.focus_outline = page.evaluate(
                "getComputedStyle(document.activeElement).outlineStyle"
            )
    played.screenshots["desktop"] = _controls_checked(alice, 1280, 800, tmp / "table-1280.png")
    played.screenshots["phone"] = _controls_checked(alice, 375, 812, tmp / "table-375.png")
    sent = len(alice.sent)
    page.fill("#chat-text", "fcab")
    page.focus("#chat-text")
    page.keyboard.type("racf")
    page.keyboard.press("r")  # in a text field: a letter, not the raise key
    assert alice.acting()
    act = alice.last("act")
    assert act is not None
    legal = act["view"]["legal"]
    page.focus("#actions")
    page.keyboard.press("r")  # the raise key: the amount field takes the focus
    assert page.evaluate("document.activeElement.id") == "amount"
    page.keyboard.press("Control+a")
    page.keyboard.type(str(legal["max_to"] + 1))
    page.keyboard.press("Enter")
    played.illegal_explained = page.inner_text("#amount-error")
    page.wait_for_timeout(200)
    played.sent_for_illegal = len(alice.sent) - sent
    played.raise_to = legal["min_to"] + 2
    page.fill("#amount", str(played.raise_to))
    page.press("#amount", "Enter")


def _reload_and_fold(played: Played) -> None:
    """Bob reloads the page mid-hand, comes back to his seat with his decision, folds."""
    bob = played.bob
    # the token the tab kept is wrong (say, from an old session): the page asks the
    # room for the seat's token again with the same call that seated it
    bob.page.evaluate(
        """() => {
            const key = Object.keys(sessionStorage).find((k) => k.startsWith('pokerroom.seat.'));
            const seat = JSON.parse(sessionStorage.getItem(key));
            sessionStorage.setItem(key, JSON.stringify({seat: seat.seat, token: 'not-the-token'}));
        }"""
    )
    bob.page.reload(wait_until="domcontentloaded")
    wait_until(bob.page, bob.acting, 20, "bob's decision after the reload")
    stored = bob.page.evaluate("JSON.stringify(sessionStorage)")
    played.token_fetched = "not-the-token" not in stored and "token" in stored
    played.reloaded_mid_hand = True
    bob.page.keyboard.press("f")


def _reload_and_check(played: Played) -> None:
    """Alice reloads the page mid-hand: the tab kept her seat's token (not the address)."""
    alice = played.alice
    alice.page.reload(wait_until="domcontentloaded")
    wait_until(alice.page, alice.acting, 20, "alice's decision after the reload")
    _watch_results(alice)
    stored = alice.page.evaluate("JSON.stringify(sessionStorage)")
    token = json.loads(json.loads(stored)[f"pokerroom.seat.{played.table}"])["token"]
    played.token_kept = bool(token) and token not in alice.page.url
    played.alice_reloaded = True
    alice.page.keyboard.press("c")


def _drop_and_come_back(played: Played) -> None:
    """Bob's connection fails while he is to act; the page connects again by itself,
    and he goes all-in."""
    bob = played.bob
    assert bob.relay is not None
    bob.relay.drop()
    played.dropped = True
    wait_until(bob.page, lambda: not bob.acting(), 5, "bob's panel to go with the connection")
    wait_until(bob.page, bob.acting, 20, "bob's decision after the connection came back")
    bob.page.keyboard.press("a")


def _public_cards(messages: list[dict[str, Any]]) -> set[str]:
    """Every card made public so far: the boards and the cards shown, of every hand."""
    out: set[str] = set()
    for m in messages:
        if m.get("type") == "event" and m["event"]["kind"] in ("board", "show"):
            out |= set(m["event"]["cards"])
        if m.get("type") == "hand_end":
            out |= {c for cards in m["view"]["result"]["shown"] if cards for c in cards}
    return out


def _spectator_check(played: Played) -> None:
    """Mid-hand: the spectator's page shows no face-up card in any seat."""
    page = played.spectator.page
    # whose turn it is, worked out by the spectator's page from the public events
    seat = next(m["seat"] for m in played.bob.frames.messages() if m.get("type") == "welcome")
    page.wait_for_selector(f"#seats .seat.to-act[data-seat='{seat}']", timeout=5000)
    played.spectator_saw_turn = True
    count = page.locator("#seats .card:not(.back)").count()
    played.spectator_seat_cards.append(count)
    public = _public_cards(played.spectator.frames.messages())
    played.blinds_shown = sorted(page.locator("#seats .badge.blind").all_inner_texts())
    played.buttons_shown = page.locator("#seats .badge.dealer").count()
    played.spectator_text_cards.append(set(CARD.findall(page.inner_text("body"))) - public)
    if played.late is None:  # a second spectator comes in the middle of the hand
        late = played.late = Person(played.browser, "late", played.url)
        late.page.goto(f"{played.url}/table/{played.table}", wait_until="domcontentloaded")
        late.page.wait_for_selector(f"#seats .seat.to-act[data-seat='{seat}']", timeout=5000)
        played.late_hand_info = late.page.inner_text("#hand-info")
        played.spectator_seat_cards.append(late.page.locator("#seats .card:not(.back)").count())


def _turn_seen(played: Played, person: Person) -> None:
    """Whether the spectator's page marks this person's seat as the one to act."""
    act = person.last("act")
    if act is None:
        return
    seat = act["view"]["seat"]
    try:
        played.spectator.page.wait_for_selector(
            f"#seats .seat.to-act[data-seat='{seat}']", timeout=3000
        )
        played.turns_marked.append(True)
    except Exception:
        played.turns_marked.append(False)


def _decide(played: Played, person: Person, tmp: Path) -> None:
    page = person.page
    if page.is_visible("#show"):
        page.keyboard.press("s")
        return
    _turn_seen(played, person)
    raising = not _stacks_differ(played.alice)
    if person is played.alice and raising and not played.raise_to:
        _first_decision(played, tmp)
    elif person is played.alice and raising and not played.alice_reloaded:
        _reload_and_check(played)
    elif person is played.alice and raising:
        page.keyboard.press("c")
    elif person is played.bob and raising and _alice_raised(played):
        _spectator_check(played)
        if not played.reloaded_mid_hand:
            _reload_and_fold(played)
        else:
            page.keyboard.press("f")
    elif not raising and person is played.bob and not played.dropped:
        _drop_and_come_back(played)
    elif not raising and not page.locator("#allin").is_disabled():
        page.keyboard.press("a")
    else:
        page.keyboard.press("c")


def _alice_raised(played: Played) -> bool:
    hand = played.alice.last("hand")
    if hand is None:
        return False
    sent = [m for m in played.alice.actions_sent() if m["hand"] == hand["hand"]]
    return any(m["action"] in ("raise", "bet") for m in sent)


def _side_pot_seen(person: Person) -> bool:
    ends = [m for m in person.frames.messages() if m.get("type") == "hand_end"]
    return any(len(m["view"]["result"]["pots"]) > 1 for m in ends)


SIDE_POT_BY_HAND = 4
"""The side pot comes in hand 2: hand 1 (every stack 1,000) has alice's raise, bob's fold
and a showdown of alice and the calling station, after which the three stacks differ
(the winner has more than 1,000, bob at most 1,000 less his blind, the loser less than
that: it put in alice's raise, more than a blind); hand 2, stacks differing, has both people
all-in and the calling station calling: three all-ins of different sizes, a main pot and a
side pot.  Only a split pot in hand 1 leaves two stacks equal, and each split puts the
all-ins off one hand: four hands allow two splits in a row (a chance of about 1 in 1,000)."""
QUIET = 15.0
"""Seconds with no frame to either person before the table counts as stuck: the bot acts
after 0.05 s, the people as soon as the loop sees their turn, and the steps that wait
(reloads, the dropped connection) wait on their own bounds inside ``_decide``."""


def _play_to_a_side_pot(played: Played, tmp: Path) -> None:
    """Plays hands until one ends with a side pot (see SIDE_POT_BY_HAND): fails as soon as
    a hand past that one ends without it, or the table stays quiet for QUIET seconds."""
    alice, bob = played.alice, played.bob
    frames, quiet_since = -1, time.monotonic()
    while not _side_pot_seen(alice):
        ends = [m for m in alice.frames.messages() if m.get("type") == "hand_end"]
        assert len(ends) < SIDE_POT_BY_HAND, f"no side pot in the first {len(ends)} hands"
        now = time.monotonic()
        if len(alice.frames.frames) + len(bob.frames.frames) != frames:
            frames, quiet_since = len(alice.frames.frames) + len(bob.frames.frames), now
        assert now - quiet_since < QUIET, f"nothing reached alice or bob for {QUIET:g} s"
        for person in (alice, bob):
            if person.acting():
                _decide(played, person, tmp)
        alice.page.wait_for_timeout(40)
        if alice.last("match_end"):
            break


def play_room(browser: Any, url: str, tmp: Path) -> Played:
    alice, bob = Person(browser, "alice", url), Person(browser, "bob", url, relayed=True)
    alice.enter(keys=True)
    bob.enter()
    table = _create_table(alice)
    spectator = Person(browser, "spectator", url)
    spectator.page.goto(f"{url}/table/{table}", wait_until="domcontentloaded")
    spectator.page.wait_for_selector("#connection:text('watching')")
    played = Played(alice, bob, spectator, table, browser=browser, url=url)
    # the lobby at phone width: the tables one under another, nothing wider than the phone
    bob.page.wait_for_selector(f"#table-rows tr[data-table='{table}']")
    bob.page.set_viewport_size({"width": 375, "height": 812})
    played.lobby_scroll = bob.page.evaluate("document.documentElement.scrollWidth")
    bob.page.set_viewport_size({"width": 1280, "height": 800})
    _sit_from_lobby(alice, table)
    alice.page.fill("#chat-text", CHAT)
    alice.page.press("#chat-text", "Enter")
    wait_until(spectator.page, lambda: CHAT in spectator.page.inner_text("#chat-list"), 10, "chat")
    played.chat_elements = spectator.page.locator("#chat-list img, #chat-list i").count()
    alice.page.evaluate("document.activeElement.blur()")
    _sit_from_lobby(bob, table)
    _watch_results(alice)
    _play_to_a_side_pot(played, tmp)
    for person in (alice, bob):
        for m in person.frames.messages():
            if m.get("type") == "hand" and m["hole"]:
                played.hole.setdefault(m["hand"], []).extend(m["hole"])
    played.results_text += alice.page.evaluate("window.shownResults")
    with alice.page.expect_download() as download:
        alice.page.click("#download")
    played.download_name = download.value.suggested_filename
    played.download = Path(download.value.path()).read_text(encoding="utf-8")
    with alice.page.expect_download() as download:
        alice.page.click("#download-stars")
    played.stars_name = download.value.suggested_filename
    played.stars = Path(download.value.path()).read_text(encoding="utf-8")
    return played


@pytest.fixture(scope="module")
def played(browser: Any, room: Room, tmp_path_factory: pytest.TempPathFactory) -> Played:
    return play_room(browser, room.url, tmp_path_factory.mktemp("shots"))


def test_people_and_a_bot_play_whole_hands_by_clicks_and_keys(played: Played) -> None:
    alice, bob = played.alice, played.bob
    ends = [m for m in alice.frames.messages() if m.get("type") == "hand_end"]
    assert len(ends) >= 2
    # the raise typed in the amount field went out as typed, and the dealer took it
    raised = [m for m in alice.actions_sent() if m["action"] in ("raise", "bet")]
    assert raised[0]["amount"] == played.raise_to
    taken = [m for m in alice.frames.messages() if m.get("type") == "accepted"]
    assert any(m["seq"] == raised[0]["seq"] and m.get("amount") == played.raise_to for m in taken)
    # every answer was to the decision asked, and the dealer refused none; the one error
    # is for the wrong token bob's tab was given (see _reload_and_fold)
    every = alice.frames.messages() + bob.frames.messages()
    assert [m["code"] for m in every if m.get("type") == "error"] == ["bad-token"]
    assert played.late is not None
    assert alice.errors == bob.errors == played.spectator.errors == played.late.errors == []


def test_the_action_panel_is_usable_by_keyboard_alone(played: Played) -> None:
    # the controls in their order on the screen, each showing the focus
    assert played.tab_order == played.tab_enabled
    assert {"call", "raise", "amount"} <= set(played.tab_order)
    assert played.focus_outline not in ("", "none")


def test_an_illegal_typed_amount_is_explained_and_nothing_is_sent(played: Played) -> None:
    assert "is more than the largest" in played.illegal_explained
    assert played.sent_for_illegal == 0


def test_a_reload_mid_hand_puts_the_person_back_in_the_seat(played: Played) -> None:
    # alice: with the token her tab kept; bob: with it asked for again
    assert played.alice_reloaded and played.token_kept
    alice = played.alice.frames.messages()
    welcomes = [i for i, m in enumerate(alice) if m.get("type") == "welcome"]
    assert len(welcomes) == 2 and alice[welcomes[1]]["role"] == "player"
    assert played.reloaded_mid_hand and played.token_fetched
    bob = played.bob.frames.messages()
    welcomes = [i for i, m in enumerate(bob) if m.get("type") == "welcome"]
    assert len(welcomes) >= 2 and bob[welcomes[1]]["role"] == "player"
    # back in the hand where it was: the state, then the decision waiting for him
    after = [m.get("type") for m in bob[welcomes[1] :]]
    assert after.index("state") < after.index("act")
    folded = [m for m in played.bob.actions_sent() if m["action"] == "fold"]
    assert folded and folded[0]["seq"] == bob[welcomes[1] + after.index("act")]["seq"]


def test_a_lost_connection_mid_hand_comes_back_to_the_decision(played: Played) -> None:
    assert played.dropped
    bob = played.bob.frames.messages()
    welcomes = [i for i, m in enumerate(bob) if m.get("type") == "welcome"]
    assert len(welcomes) == 3 and bob[welcomes[2]]["role"] == "player"
    after = bob[welcomes[2] :]
    kinds = [m.get("type") for m in after]
    act = after[kinds.index("act")]
    assert kinds.index("state") < kinds.index("act")
    # the answer went to the decision asked again, and the dealer took it
    answer = next(m for m in played.bob.actions_sent() if m["seq"] == act["seq"])
    assert answer["hand"] == act["hand"]
    taken = [m for m in after if m.get("type") == "accepted" and m["seq"] == act["seq"]]
    assert taken and taken[0]["action"] == answer["action"]


def test_a_side_pot_and_the_hand_names_at_the_showdown(played: Played) -> None:
    ends = [m for m in played.alice.frames.messages() if m.get("type") == "hand_end"]
    side = next(m for m in ends if len(m["view"]["result"]["pots"]) > 1)
    last = side["view"]
    shown = [t for t in played.results_text if t.startswith(f"Hand {side['hand']}\n")]
    assert shown, played.results_text
    results = shown[-1]
    assert "Main pot" in results and "Side pot 1" in results
    # each hand shown, named (the best five of its cards and the board, as the dealer says)
    shown = [(s, c) for s, c in enumerate(last["result"]["shown"]) if c]
    assert len(shown) >= 2
    board = parse_cards(" ".join(last["board"]))
    for _seat, cards in shown:
        name = describe(hand_value(parse_cards(" ".join(cards)), board))
        assert name in results
    assert CATEGORY.search(results)


def _no_hole_card_unshown(frames: list[str]) -> None:
    """No card in any frame but the board and the cards shown, each once it is public."""
    assert frames
    seen: set[str] = set()  # the board and the shown cards of the hand so far
    hand = 0
    for frame in frames:
        message = json.loads(frame)
        kind = message.get("type")
        if kind == "hand":
            hand, seen = message["hand"], set()
            assert message["hole"] == []
        if kind == "event" and message["event"]["kind"] in ("board", "show"):
            seen |= set(message["event"]["cards"])
        if kind in ("state", "hand_end"):
            view = message["view"]
            assert view["hole"] == []
            seen |= {c for cards in view["shown"] if cards for c in cards} | set(view["board"])
            if view["result"] is not None:
                seen |= {c for cards in view["result"]["shown"] if cards for c in cards}
        leaked = set(CARD.findall(frame)) - seen
        assert not leaked, f"hand {hand}: the spectator was sent {leaked} in {frame[:200]}"
        if kind == "event":
            assert message["event"]["kind"] != "deal" or message["event"]["cards"] == []


def test_a_spectator_sees_no_hole_card_before_the_showdown(played: Played) -> None:
    assert played.spectator_seat_cards and set(played.spectator_seat_cards) == {0}
    assert played.spectator_saw_turn
    # the two blinds and the one dealer button are marked
    assert played.blinds_shown == ["BB", "SB"] and played.buttons_shown == 1
    assert len(played.turns_marked) >= 4 and all(played.turns_marked), played.turns_marked
    assert played.spectator_text_cards and all(not c for c in played.spectator_text_cards)
    assert played.late is not None and played.late_hand_info.startswith("Hand ")
    for spectator in (played.spectator, played.late):
        _no_hole_card_unshown(spectator.frames.frames)
    holes = {c for cards in played.hole.values() for c in cards}
    assert holes  # (the people's own pages had their cards)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_action_controls_fit_and_do_not_overlap(played: Played, size: str) -> None:
    shot = played.screenshots[size]
    png = shot["path"].read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (width, height) == (shot["width"], shot["height"])
    # nothing wider than the screen (no sideways scrolling), the lobby neither
    assert shot["scroll"] <= width and 0 < played.lobby_scroll <= 375
    boxes = shot["boxes"]
    assert all(box is not None and box["width"] > 0 for box in boxes.values()), boxes
    for name, box in boxes.items():
        assert inside(box, width, height), f"{name} is outside the {width}x{height} view: {box}"
    names = list(boxes)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert not boxes_overlap(boxes[a], boxes[b]), f"{a} overlaps {b}"


def test_chat_is_shown_as_text_and_the_hands_download_as_phh(played: Played) -> None:
    # the spectator saw the words as they were typed, and no element made of them
    assert played.chat_elements == 0
    assert played.download_name.endswith(".phhs")
    hands = [m for m in played.alice.frames.messages() if m.get("type") == "hand_end"]
    assert played.download.count("actions = [") >= len(hands) >= 2
    # one file of many hands: a PHH set, which reads back whole
    from pokerroom.history.phh import loads_all
    assert len(loads_all(played.download)) == played.download.count("actions = [")
    assert played.stars_name.endswith(".txt")
    assert played.stars.count("PokerStars Hand #") == played.download.count("actions = [")


# ------------------------------------------------------------------ a cash table


CASH_CONTROLS = ("#top-up-amount", "#top-up", "#sit-out", "#sit-in", "#leave")


def _play_until(person: Person, hands: int, key: str = "c", timeout: float = 20.0) -> None:
    """Answers every decision with ``key`` until ``hands`` hands have ended."""
    end = time.monotonic() + timeout
    while len([m for m in person.frames.messages() if m.get("type") == "hand_end"]) < hands:
        assert time.monotonic() < end, f"{hands} hands did not end in {timeout} s"
        if person.acting():
            person.page.keyboard.press("s" if person.page.is_visible("#show") else key)
        person.page.wait_for_timeout(40)


def test_a_cash_table_buy_in_top_up_sit_out_and_stand_up(browser: Any, room: Room) -> None:
    carol = Person(browser, "carol", room.url)
    page = carol.page
    sits: list[str] = []
    page.on("request", lambda r: sits.append(r.url) if r.url.endswith("/sit") else None)
    carol.enter()
    page.fill("#t-name", "Cash test")
    page.select_option("#t-kind", "cash")
    assert page.is_hidden("#t-buyin") and page.is_visible("#t-min")
    page.fill("#t-seats", "2")
    page.dispatch_event("#t-seats", "input")
    page.select_option("#bot-seats select[data-seat='1']", "calling-station")
    page.fill("#t-min", "40")
    page.fill("#t-max", "1000")
    page.fill("#t-budget", "60")
    page.click("#create-form button[type=submit]")
    href = page.wait_for_selector("#create-done a").get_attribute("href") or ""
    table = href.rsplit("/", 1)[-1]
    row = page.locator(f"#table-rows tr[data-table='{table}']")
    assert "buy-in 40 to 1,000" in row.inner_text()
    row.locator("button.sit").click()
    # the buy-in is asked, by the keyboard: out of bounds it is explained and not sent
    assert page.evaluate("document.activeElement.id") == "buyin-amount"
    page.keyboard.press("Control+a")
    page.keyboard.type("5000")
    page.keyboard.press("Enter")
    assert "more than the largest, 1,000" in page.inner_text("#buyin-error")
    page.set_viewport_size({"width": 375, "height": 812})  # the form fits a phone
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_timeout(200)
    assert sits == []
    page.fill("#buyin-amount", "150")
    page.press("#buyin-amount", "Enter")
    page.wait_for_url(f"**/table/{table}")
    page.wait_for_selector("#connection:text('seated')")
    assert len(sits) == 1
    page.wait_for_selector("#cash-controls:not([hidden])")
    assert page.inner_text("#leave") == "Stand up"
    # at phone width the cash controls fit, none over another
    page.set_viewport_size({"width": 375, "height": 812})
    page.wait_for_timeout(100)
    boxes = {s: page.locator(s).bounding_box() for s in CASH_CONTROLS}
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.set_viewport_size({"width": 1280, "height": 800})
    for name, box in boxes.items():
        assert box is not None and box["width"] > 0 and box["x"] + box["width"] <= 375, name
    for i, a in enumerate(CASH_CONTROLS):
        for b in CASH_CONTROLS[i + 1 :]:
            assert not boxes_overlap(boxes[a], boxes[b]), f"{a} overlaps {b}"
    _play_until(carol, 1)
    # mid-hand (her turn): a top-up out of bounds is explained; one in bounds is queued
    wait_until(page, carol.acting, 10, "a decision in the second hand")
    page.fill("#top-up-amount", "999999")
    page.press("#top-up-amount", "Enter")
    assert "more than the largest" in page.inner_text("#cash-error")
    page.fill("#top-up-amount", "50")
    page.press("#top-up-amount", "Enter")

    def note() -> str:
        return str(page.inner_text("#cash-note"))

    wait_until(page, lambda: "queued until the hand ends" in note(), 5, "queued")
    assert page.inner_text("#cash-note").startswith("Top up by 50")
    page.click("#sit-out")
    wait_until(page, lambda: "Sit out: queued" in note(), 5, "sit-out queued")
    page.focus("#actions")
    _play_until(carol, 2)
    page.wait_for_timeout(300)
    # sat out, no hand in play: standing up gives the chips back at once
    page.click("#leave")
    wait_until(page, lambda: "back to your balance" in note(), 5, "refund")
    found = re.search(r"stood up: ([\d,]+) chips back to your balance \(balance ([\d,]+)\)", note())
    assert found, note()
    refund, balance = (int(g.replace(",", "")) for g in found.groups())
    assert refund > 0 and balance == 10_000 - 150 - 50 + refund
    # sitting again from the table page asks the buy-in too: out of bounds, not sent
    page.click("#sit")
    page.fill("#sit-amount", "5")
    page.press("#sit-amount", "Enter")
    assert "less than the smallest, 40" in page.inner_text("#sit-error")
    page.wait_for_timeout(200)
    assert len(sits) == 1
    page.goto(f"{room.url}/", wait_until="domcontentloaded")
    wait_until(page, lambda: f"{balance:,} chips" in page.inner_text("#me"), 5, "the lobby balance")
    assert carol.errors == []


def test_a_full_cash_table_gives_a_waiting_list_place_then_the_seat(
    browser: Any, room: Room
) -> None:
    dave, erin = Person(browser, "dave", room.url), Person(browser, "erin", room.url)
    dave.enter()
    erin.enter()
    page = dave.page
    page.fill("#t-name", "Full cash")
    page.select_option("#t-kind", "cash")
    page.fill("#t-seats", "2")
    page.dispatch_event("#t-seats", "input")
    page.select_option("#bot-seats select[data-seat='1']", "calling-station")
    page.click("#create-form button[type=submit]")
    table = (page.wait_for_selector("#create-done a").get_attribute("href") or "").rsplit("/")[-1]
    page.locator(f"#table-rows tr[data-table='{table}'] button.sit").click()
    page.press("#buyin-amount", "Enter")  # the largest buy-in, as offered
    page.wait_for_url(f"**/table/{table}")
    page.wait_for_selector("#connection:text('seated')")
    # the table is full: erin goes on its waiting list, and the lobby says where
    row = erin.page.locator(f"#table-rows tr[data-table='{table}']")
    wait_until(erin.page, lambda: "2/2" in row.inner_text(), 5, "the full table")
    row.locator("button.sit").click()
    erin.page.press("#buyin-amount", "Enter")
    wait_until(erin.page, lambda: "number 1" in erin.page.inner_text("#waiting-note"), 5, "place")
    wait_until(erin.page, lambda: "number 1 on the list" in row.inner_text(), 5, "the row")
    # dave stands up (when the hand ends, if one is in play): the seat is offered to erin
    page.click("#leave")
    end = time.monotonic() + 15
    while not erin.page.is_visible(f"#table-rows tr[data-table='{table}'] .offer"):
        assert time.monotonic() < end, "the seat was not offered"
        if dave.acting():
            page.keyboard.press("s" if page.is_visible("#show") else "c")
        page.wait_for_timeout(100)
    assert "Your seat is free — take it" in row.inner_text()
    # told at once on the lobby's socket (opened before erin gave her name), not found by
    # the page's reading of /api/me every 15 s
    assert [m["table"] for m in erin.frames.messages() if m.get("type") == "offer"] == [table]
    row.locator("button.sit").click()
    erin.page.press("#buyin-amount", "Enter")
    erin.page.wait_for_url(f"**/table/{table}")
    erin.page.wait_for_selector("#connection:text('seated')")
    assert dave.errors == erin.errors == []
