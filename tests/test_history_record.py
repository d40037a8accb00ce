"""A played hand as a record and its PHH form (history/record.py): forced bets by
position, whole PHH texts of known hands (fixed limit with names and a label, 001's
straddle and button blind, announced hands, fractional amounts, hidden hole cards, an
ante-only game, PokerKit's lone player), the fields a caller adds and the ones refused."""

from __future__ import annotations

import pytest

from engine_helpers import rules_13_hand
from pokerroom.cards import parse_cards
from pokerroom.engine import Hand, stacked_deck
from pokerroom.history.errors import PHHError
from pokerroom.history.phh import dumps, loads
from pokerroom.history.record import PlayedHand, forced_bets, to_phh
from pokerroom.history.replay import replay_phh
from pokerroom.rules import POKERKIT_CONVENTIONS, Rules, Structure


def _text_before_rules(text: str) -> str:
    return text.split("\n[_rules]\n", maxsplit=1)[0]


def test_forced_bets_by_position() -> None:
    """Blinds from position 0 (left of the button); heads-up reversed; 001's button
    blind on the button; positions without a blind post nothing."""
    assert forced_bets(Rules(blinds=(1, 2)), 3) == ((0, 0, 0), (1, 2, 0))
    assert forced_bets(Rules(blinds=(1, 2), antes=1), 4) == ((1, 1, 1, 1), (1, 2, 0, 0))
    assert forced_bets(Rules(blinds=(1, 2, 4)), 5) == ((0,) * 5, (1, 2, 4, 0, 0))
    assert forced_bets(Rules(blinds=(5, 10)), 2) == ((0, 0), (10, 5))
    assert forced_bets(Rules(blinds=(5, 10), heads_up_reversed=False), 2) == ((0, 0), (5, 10))
    assert forced_bets(Rules.preset("computer-tournament"), 3) == ((2, 2, 2), (0, 0, 5))
    assert forced_bets(Rules.preset("computer-tournament"), 4) == ((2,) * 4, (0, 0, 0, 5))


def test_a_fixed_limit_hand_written_whole() -> None:
    """Players in position order (the button last), names and the label, the fields a
    caller adds (a spec field and a custom one), finishing stacks and winnings, and the
    complete rules in ``_rules`` (no ``_chip_scale`` for whole chips)."""
    hand = rules_13_hand()
    played = PlayedHand.from_hand(hand, names=["Alice", "Bob", "Carol", "Ted"], label=13)
    phh = to_phh(played, event="rules.md 13", _note="the worked example")
    text = dumps(phh)
    assert (
        _text_before_rules(text)
        == """\
variant = "FT"
ante_trimming_status = true
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100, 100]
actions = [
    "d dh p1 Qs9h",
    "d dh p2 KsJh",
    "d dh p3 7d2s",
    "d dh p4 4c4d",
    "p3 f",
    "p4 cc",
    "p1 cc",
    "p2 cc",
    "d db 9cKc3h",
    "p1 cc",
    "p2 cbr 2",
    "p4 cbr 4",
    "p1 cc",
    "p2 cc",
    "d db 5s",
    "p1 cc",
    "p2 cc",
    "p4 cc",
    "d db 9d",
    "p1 cbr 4",
    "p2 cc",
    "p4 f",
    "p1 sm Qs9h",
    "p2 sm KsJh",
]
event = "rules.md 13"
hand = 13
players = ["Bob", "Carol", "Ted", "Alice"]
finishing_stacks = [116, 90, 100, 94]
winnings = [26, 0, 0, 0]
_note = "the worked example"
"""
    )
    assert dict(phh.custom) == {"_rules": hand.rules.to_mapping(), "_note": "the worked example"}
    check = replay_phh(loads(text)).check()
    assert check is not None and check.how == "exact"


def test_fixed_limit_bets_are_the_pre_flop_and_turn_units() -> None:
    """PHH ``small_bet`` is the pre-flop bet and ``big_bet`` the turn's; a flop bet or a
    bigger river bet only ``_rules`` can say."""
    rules = Rules(structure=Structure.FIXED_LIMIT, small_bet=2, flop_bet=3, big_bet=4,
                  river_bet=8, blinds=(1, 2))  # fmt: skip
    hand = Hand(rules, [100, 100, 100], button=2)
    hand.fold()
    hand.fold()
    phh = to_phh(PlayedHand.from_hand(hand))
    assert (phh.variant, phh.small_bet, phh.big_bet, phh.min_bet) == ("FT", 2, 4, None)
    assert phh.custom["_rules"]["flop_bet"] == 3 and phh.custom["_rules"]["river_bet"] == 8


def test_dead_antes_are_not_trimmed() -> None:
    hand = Hand(Rules(blinds=(1, 2), antes=1, dead_antes=True), [50, 50, 50], button=2)
    hand.fold()
    hand.fold()
    phh = to_phh(PlayedHand.from_hand(hand))
    assert phh.ante_trimming_status is False
    assert (phh.antes, phh.blinds_or_straddles, phh.min_bet) == ((1, 1, 1), (1, 2, 0), 2)


def test_001s_straddle_all_in_for_the_button_blind_is_a_call() -> None:
    """001: the button posts the button blind (5), the straddler is all-in for 5 after
    its ante: no more than the blind, so PHH calls it a call (``cc``, not ``cbr 5``)."""
    rules = Rules.preset("computer-tournament").replace(players=3)
    holes = [parse_cards(c) for c in ("Ah Kh", "Qs Qd", "7c 2d")]
    deck = stacked_deck(holes, parse_cards("Qh Jh 2h 5s 9c"), button=2, burn_cards=True)
    hand = Hand(rules, [7, 100, 100], button=2, deck=deck)
    hand.go_all_in()
    while not hand.is_over:
        hand.apply(hand.default_action())
    text = dumps(to_phh(PlayedHand.from_hand(hand)))
    assert (
        _text_before_rules(text)
        == """\
variant = "FT"
ante_trimming_status = true
antes = [2, 2, 2]
blinds_or_straddles = [0, 0, 5]
small_bet = 10
big_bet = 20
starting_stacks = [7, 100, 100]
actions = [
    "d dh p1 AhKh",
    "d dh p2 QsQd",
    "d dh p3 7c2d",
    "p1 cc",
    "p2 f",
    "p1 sm AhKh",
    "p3 sm 7c2d",
    "d db QhJh2h",
    "d db 5s",
    "d db 9c",
]
finishing_stacks = [16, 98, 93]
winnings = [16, 0, 0]
"""
    )


def test_announced_hands_are_written_in_announced() -> None:
    """Under announced hands, each shown hand's announced value and its name."""
    rules = Rules.preset("computer-tournament").replace(players=3)
    holes = [parse_cards(c) for c in ("Ah Kh", "Qs Qd", "7c 2d")]
    deck = stacked_deck(holes, parse_cards("Qh Jh 2h 5s 9c"), button=2, burn_cards=True)
    hand = Hand(rules, [100, 100, 100], button=2, deck=deck)
    hand.raise_to(10)
    while hand.street.name != "SHOWDOWN":
        hand.check_or_call()
    shown = []
    while hand.to_act is not None:
        legal = hand.legal_actions()
        if not legal.values:
            hand.muck()
            continue
        value = legal.values[-1] if hand.to_act == 0 else legal.values[0]
        shown.append((hand.to_act, value))
        hand.show(value)
    played = PlayedHand.from_hand(hand)
    from pokerroom.evaluator import describe

    expected = {
        f"p{played.position(seat) + 1}": {"value": value, "hand": describe(value)}
        for seat, value in shown
    }
    assert len(expected) >= 1
    phh = to_phh(played)
    assert dict(phh.custom) == {"_rules": rules.to_mapping(), "_announced": expected}
    replay = replay_phh(loads(dumps(phh)))
    assert replay.played.result == hand.result


def test_fractional_amounts_are_written_as_decimals_and_whole_ones_as_integers() -> None:
    played = PlayedHand.from_hand(Hand(Rules(blinds=(1, 2)), [21, 20], button=1), scale=2)
    assert [repr(played.amount(c)) for c in (4, 5, 21)] == ["2", "Decimal('2.5')",
                                                           "Decimal('10.5')"]  # fmt: skip
    text = """\
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [0.05, 0.10]
min_bet = 0.1
starting_stacks = [10.5, 10]
actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 f"]
"""
    replay = replay_phh(loads(text))
    assert replay.played.scale == 100
    written = dumps(to_phh(replay.played))
    assert (
        _text_before_rules(written)
        == """\
variant = "NT"
ante_trimming_status = false
antes = [0, 0]
blinds_or_straddles = [0.05, 0.1]
min_bet = 0.1
starting_stacks = [10.5, 10]
actions = [
    "d dh p1 AcAd",
    "d dh p2 KcKd",
    "p2 f",
]
finishing_stacks = [10.55, 9.95]
winnings = [0.1, 0]
_chip_scale = 100
"""
    )


def test_hole_cards_the_record_does_not_know_are_written_unknown() -> None:
    """A seat the record does not know is written ``????``, not the engine's stand-ins."""
    text = """\
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AcAd", "d dh p2 ????", "p2 f"]
"""
    played = replay_phh(loads(text)).played
    assert played.hidden == frozenset({1})
    actions = [str(a) for a in to_phh(played).actions]
    assert actions == ["d dh p1 AcAd", "d dh p2 ????", "p2 f"]


def test_a_one_chip_bet_in_an_ante_only_game_is_a_bet() -> None:
    """No blinds: the first bet of the round, even of one chip, is ``cbr``."""
    rules = Rules(blinds=(), antes=1, min_bet=1)
    hand = Hand(rules, [20, 20, 20], button=2)
    hand.bet(1)
    hand.raise_to(3)
    hand.fold()
    hand.fold()
    phh = to_phh(PlayedHand.from_hand(hand))
    assert [str(a) for a in phh.actions if not str(a).startswith("d ")] == [
        "p1 cbr 1", "p2 cbr 3", "p3 f", "p1 f"]  # fmt: skip
    assert (phh.antes, phh.blinds_or_straddles, phh.min_bet) == ((1, 1, 1), (0, 0, 0), 1)


def test_the_lone_players_check_is_written_when_the_rules_ask_it() -> None:
    """PokerKit's conventions ask the big blind to act (a check) when the only other
    player still in is all-in for less: the record keeps that check; the default rules
    do not ask it, and there is no such check to write."""
    holes = [parse_cards(c) for c in ("Jd 5c", "6s Ah", "Jh Qh")]
    board = parse_cards("3d 4h Qc 5s 3h")
    lines = {}
    for lone in (True, False):
        rules = Rules(blinds=(25, 50), **POKERKIT_CONVENTIONS).replace(lone_player_acts=lone)
        deck = stacked_deck(holes, board, button=1, burn_cards=True)
        hand = Hand(rules, [150, 41, 5800], button=1, deck=deck, auto_showdown=True)
        hand.call()  # seat 1, all-in for 41
        hand.fold()  # seat 2, the small blind
        if lone:
            hand.check()  # seat 0, the big blind
        assert hand.is_over
        phh = to_phh(PlayedHand.from_hand(hand))
        lines[lone] = [str(a) for a in phh.actions if not str(a).startswith("d ")]
        check = replay_phh(loads(dumps(phh))).check()
        assert check is not None and check.how == "exact"
    assert lines[True] == ["p3 cc", "p1 f", "p2 cc", "p2 sm Jd5c", "p3 sm 6sAh"]
    assert lines[False] == ["p3 cc", "p1 f", "p2 sm Jd5c", "p3 sm 6sAh"]


def _folded_heads_up(**info: object) -> PlayedHand:
    hand = Hand(Rules(blinds=(1, 2)), [100, 100], button=1)
    hand.fold()
    return PlayedHand.from_hand(hand, info=info)


def test_descriptive_fields_and_custom_ones_are_carried() -> None:
    """``info`` fields are written as they are, custom ones among the custom fields;
    fields given to ``to_phh`` add to them or replace them."""
    played = _folded_heads_up(event="Final table", seats=(4, 7), _room="B", _source="table 3")
    phh = to_phh(played, table=9, _source="table 9", _extra=[1, 2])
    assert (phh.event, phh.seats, phh.table, phh.players, phh.hand) == (
        "Final table", (4, 7), 9, None, None)  # fmt: skip
    assert dict(phh.custom) == {"_rules": played.rules.to_mapping(), "_room": "B",
                                "_source": "table 9", "_extra": [1, 2]}  # fmt: skip
    assert (phh.finishing_stacks, phh.winnings) == ((101, 99), (2, 0))


@pytest.mark.parametrize(
    ("info", "fields", "key"),
    [({}, {"colour": "red"}, "colour"), ({"colour": "red"}, {}, "colour"),
     ({}, {"custom": {"_x": 1}}, "custom")],
)  # fmt: skip
def test_fields_that_are_not_phh_fields_are_refused(
    info: dict[str, object], fields: dict[str, object], key: str
) -> None:
    with pytest.raises(PHHError) as caught:
        to_phh(_folded_heads_up(**info), **fields)
    assert str(caught.value) == f"{key!r} is not a PHH field (custom fields start with '_')"
