"""What the table shows, worked out from one seat's view: seats, pots and side pots, the
log, the action bar's choices, the typed amount, hints, the chip graph, the form's rules."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest

from engine_helpers import make
from pokerroom.engine import Action, ActionKind, EventKind, Hand, Street, random_action
from pokerroom.engine.view import PlayerView
from pokerroom.evaluator import describe
from pokerroom.history.phh import dumps, loads
from pokerroom.history.record import to_phh
from pokerroom.history.replay import replay_phh
from pokerroom.rules import Rules
from pokerroom.tui.chart import chip_graph
from pokerroom.tui.choices import AmountCheck, buttons, declarations, quick_sizes, read_amount
from pokerroom.tui.felt import (
    NAMES3,
    PotLine,
    SeatLine,
    hand_name,
    log_lines,
    outcome_lines,
    played_hand,
    pots,
    seats,
    turn_text,
)
from pokerroom.tui.form import FormChoices, FormError, make_rules, read_buy_in, read_seed
from pokerroom.tui.hints import CALLED, RAISED, draws, hint_text, likely_ranges, outs_text

NL = Rules.preset("no-limit")
NAMES = ("Hero", "Ada", "Bo")


def _side_pot_hand() -> Hand:
    """Hero (button) all-in for 1000, Ada all-in for 300, Bo calls: a side pot."""
    hand = make(NL, [1000, 300, 1000], button=0, holes=["As Ad", "Kc Kd", "Qh Qs"],
                board="2c 7h 9s Jd 3c")  # fmt: skip
    hand.raise_to(1000)
    hand.call()
    hand.call()
    return hand


def test_side_pots_in_play_layer_at_the_all_in_total() -> None:
    hand = make(NL, [1000, 300, 1000], button=0)
    hand.raise_to(500)
    hand.call()  # Ada all-in for 300
    view = hand.view(0)
    assert [(p.name, p.amount, p.eligible) for p in pots(view)] == [
        ("main pot", 604, (0, 1, 2)),  # 300 from Hero and Ada, Bo's 4 (Bo may still call)
        ("side pot 1", 200, (0, 2)),  # Hero's 200 above Ada's 300: Ada cannot win it
    ]
    assert sum(p.amount for p in pots(view)) == view.pot


def test_pots_of_a_finished_hand_name_their_winners() -> None:
    view = _side_pot_hand().view(1)
    lines = pots(view)
    assert [(p.name, p.amount, p.winners) for p in lines] == [
        ("main pot", 900, (0,)),
        ("side pot 1", 1400, (0,)),
    ]


def test_one_pot_when_nobody_is_all_in() -> None:
    hand = make(NL, [500, 500, 500], button=0)
    hand.call()
    assert [(p.name, p.amount) for p in pots(hand.view(2))] == [("pot", 10)]


def test_seats_never_show_cards_a_seat_may_not_see() -> None:
    hand = make(NL, [500, 500, 500], button=0, holes=["As Ad", "Kc Kd", "Qh Qs"])
    hand.fold()  # Hero folds: its own cards are gone from the table too
    view = hand.view(1)
    lines = seats(view, NAMES)
    assert lines[0].status == "folded" and lines[0].cards == ()
    assert lines[1].cards == tuple(view.hole) and lines[1].is_you
    assert lines[2].cards == (None, None)  # face down
    assert [s.marks for s in lines] == ["D", "SB", "BB"]
    assert lines[1].status == "to act"


def test_seats_show_all_in_and_shown_cards() -> None:
    hand = _side_pot_hand()
    view = hand.view(2)
    lines = seats(view, NAMES)
    assert lines[0].cards == tuple(hand.hole(0))  # shown at the showdown
    assert lines[0].won == 2300 and lines[2].won == 0


def test_marks_of_the_button_blind_and_straddle() -> None:
    rules = Rules.preset("computer-tournament")
    hand = make(rules, [1000] * 3, button=0)
    lines = seats(hand.view(0), NAMES)
    assert lines[0].marks == "D BL"  # 001: the button posts the blind
    hand.raise_to(10)  # the straddle
    assert seats(hand.view(0), NAMES)[1].marks == "ST"


def test_marks_of_seats_out_of_the_game() -> None:
    """A seat not dealt in with no chips is out of the game; with chips (a room's cash
    seat sitting out) it keeps them, shown."""
    view = make(NL, [500, 500, 500], button=0).view(0)
    busted = dataclasses.replace(view, stacks=(*view.stacks[:2], 0))
    lines = seats(busted, NAMES, out=[False, False, True])
    assert [(s.status, s.cards, s.stack, s.bet) for s in lines] == [
        ("to act", view.hole, 500, 0), ("", (None, None), 498, 2), ("out", (), 0, 0)]
    away = seats(view, NAMES, out=[False, True, False])
    assert [(s.status, s.cards, s.stack, s.bet) for s in away] == [
        ("to act", view.hole, 500, 0), ("sitting out", (), 498, 0), ("", (None, None), 496, 4)]
    last_chip = dataclasses.replace(view, stacks=(*view.stacks[:2], 1))  # one chip: not bust
    assert [(s.status, s.stack) for s in seats(last_chip, NAMES, out=[False, False, True])][2] == (
        "sitting out", 1)


def test_log_tells_every_action_and_the_showdown_with_names() -> None:
    view = _side_pot_hand().view(2)
    log = log_lines(view, NAMES, 7)
    assert log[0] == "── Hand 7 ──"
    assert "Ada posts the small blind 2" in log
    assert "Bo posts the big blind 4" in log
    assert "Dealt to Bo: Qh Qs" in log
    assert not any("??" in line for line in log)  # unseen cards are left out
    assert "Hero raises to 1,000 (all-in)" in log
    assert any(line.startswith("Hero shows As Ad: pair of aces") for line in log)
    assert "Hero wins the main pot (900) with pair of aces, jack-nine-seven kickers" in log
    assert not any(line.startswith("Seat ") for line in log)


def test_log_of_a_hand_in_play_has_no_summary() -> None:
    hand = make(NL, [500, 500, 500], button=0)
    hand.call()
    log = log_lines(hand.view(0), NAMES, 1)
    assert log[-1] == "Hero calls 4"
    assert not any("record ends" in line or "SUMMARY" in line for line in log)


def test_outcome_lines_list_the_shown_hands_and_the_pots() -> None:
    view = _side_pot_hand().view(0)
    out = outcome_lines(view, NAMES)
    assert [line.split(" ")[1] for line in out] == ["shows"] * 3 + ["wins", "wins"]


def test_outcome_when_everyone_folds() -> None:
    hand = make(NL, [500, 500, 500], button=0)
    hand.fold()
    hand.fold()
    assert outcome_lines(hand.view(0), NAMES) == ["Bo wins the pot (4)"]  # 2 returned


def test_played_hand_as_you_saw_it_replays_from_its_phh() -> None:
    hand = make(NL, [500, 500, 500], button=0, holes=["As Ad", "Kc Kd", "Qh Qs"],
                board="2c 7h 9s Jd 3c")  # fmt: skip
    hand.fold()  # Hero folds: Ada and Bo go to a showdown Hero sees
    hand.call()
    while hand.street < 4:
        hand.check()
    hand.show()
    hand.show()
    played = played_hand(hand.view(0), NAMES, 1)
    text = dumps(to_phh(played))
    assert "d dh p3 AsAd" in text and "d dh p1 KcKd" in text and "d dh p2 QhQs" in text
    again = replay_phh(loads(text)).played
    assert again.result is not None and again.names is not None  # seats in PHH's order
    assert dict(zip(again.names, again.result.stacks, strict=True)) == dict(
        zip(NAMES, hand.result.stacks, strict=True)
    )


def test_played_hand_keeps_unseen_cards_unknown() -> None:
    hand = make(NL, [500, 500, 500], button=0, holes=["As Ad", "Kc Kd", "Qh Qs"])
    hand.raise_to(20)
    hand.fold()
    hand.fold()
    text = dumps(to_phh(played_hand(hand.view(0), NAMES, 1)))
    assert "KcKd" not in text and "QhQs" not in text and text.count("????") == 2


def test_turn_text() -> None:
    hand = make(NL, [500, 500, 500], button=0)
    assert turn_text(hand.view(0), NAMES) == "Your turn: 4 to call."
    assert turn_text(hand.view(1), NAMES) == "Hero is thinking..."


def test_hand_name_needs_five_cards() -> None:
    hand = make(NL, [500, 500], button=0, holes=["As Ad", "Kc Kd"], board="Ac 7h 9s Jd 3c")
    assert hand_name(hand.view(0)) == ""
    hand.call()
    hand.check()
    assert hand_name(hand.view(0)) == "three aces, nine-seven kickers"


# ------------------------------------------------------------------ the action bar


def test_buttons_name_check_or_call_and_bet_or_raise() -> None:
    hand = make(NL, [500, 500, 500], button=0)
    assert [(b.label, b.enabled) for b in buttons(hand.view(0))] == [
        ("Fold", True), ("Call 4", True), ("Raise to…", True), ("All-in 500", True),
    ]  # fmt: skip
    hand.call()
    hand.call()
    hand.check()  # the flop: nothing to call
    labels = [(b.label, b.enabled) for b in buttons(hand.view(1))]
    assert labels == [("Fold", False), ("Check", True), ("Bet…", True), ("All-in 496", True)]


def test_fixed_limit_bets_have_their_one_amount() -> None:
    hand = make(Rules.preset("casino-limit"), [100, 100, 100], button=0)
    labels = [(b.label, b.action) for b in buttons(hand.view(0))]
    assert labels[2] == ("Raise to 4", Action.raise_to(4))
    assert labels[3] == ("All-in 100", None)  # no all-in in fixed limit but a short call


def test_the_straddler_straddles_or_folds() -> None:
    hand = make(Rules.preset("computer-tournament"), [1000] * 3, button=0)
    bar = buttons(hand.view(1))  # seat 1 straddles
    assert [(b.label, b.enabled) for b in bar[:3]] == [
        ("Fold", True), ("Check", False), ("Straddle 10", True),
    ]  # fmt: skip
    assert "the straddle is yours to post" in bar[1].why
    assert turn_text(hand.view(1), NAMES) == "Your turn: post the straddle (10) or fold."
    hand.raise_to(10)
    assert [b.label for b in buttons(hand.view(2))][2] == "Raise to 20"


def test_a_short_call_is_the_all_in() -> None:
    hand = make(NL, [500, 3, 500], button=0)  # seat 1 posts 2 of its 3; seat 2 posts 4
    hand.raise_to(100)  # seat 0, the button, acts first
    bar = {b.name: b for b in buttons(hand.view(1))}
    assert bar["call"].label == "Call 1 (all-in)" and bar["all-in"].action == Action.call()


def test_quick_sizes_stay_within_the_legal_range() -> None:
    rules = Rules.preset("no-limit", structure="pot-limit")
    hand = make(rules, [500, 500, 500], button=0)
    sizes = {q.label: q.amount for q in quick_sizes(hand.view(0))}
    legal = hand.legal_actions()
    assert sizes == {"min": 8, "½ pot": 9, "pot": 14, "most": legal.max_to}
    assert legal.max_to == 14  # pot limit: the pot raise is the most


@pytest.mark.parametrize(
    ("text", "amount", "message"),
    [
        ("20", 20, ""),
        (" 120 ", 120, ""),
        ("0120", 120, ""),
        (" 1,000 ", None, "1,000 is too big: the most is 500 (all your chips)."),
        ("7", None, "7 is too small: the smallest raise is to 8."),
        ("8", 8, ""),  # exactly the smallest raise
        ("500", 500, ""),  # exactly the most: all in
        ("501", None, "501 is too big: the most is 500 (all your chips)."),
        ("", None, "Type the amount to raise to (8 to 500), like 120 or 1,200."),
        ("   ", None, "Type the amount to raise to (8 to 500), like 120 or 1,200."),
    ],
)
def test_read_amount_explains_every_illegal_amount(text: str, amount: int | None,
                                                   message: str) -> None:  # fmt: skip
    view = make(NL, [500, 500, 500], button=0).view(0)
    check = read_amount(text, view)
    assert (check.amount, check.message) == (amount, message)


@pytest.mark.parametrize(
    "text",
    ["8.5", "1,00", "100.5", "abc", "lots", "-5", "+20", "1 000", "1,0000", ",100", "100,",
     "1,,000", "1e3", "0x20", "20abc", "a20", "1_000", "١٢٠", "１２０", "12.", "½"],
)  # fmt: skip
def test_an_amount_is_whole_chips_anything_else_is_refused_never_changed(text: str) -> None:
    """rules of the bar: an amount is digits, optionally with commas between thousands;
    8.5 is not read as 85, nor 1,00 as 100: the message says what is accepted."""
    view = make(NL, [5000, 5000, 5000], button=0).view(0)
    check = read_amount(text, view)
    assert check.amount is None
    assert check.message.startswith(f"{text.strip()!r} is not a number of whole chips")
    assert "(1,000 or 12,500)" in check.message and "from 8 to 5,000" in check.message


@pytest.mark.parametrize(("text", "amount"), [("1,000", 1000), ("2,500", 2500), ("999", 999),
                                               ("1000", 1000), ("4,999", 4999)])  # fmt: skip
def test_thousands_separators_in_the_right_places_are_accepted(text: str, amount: int) -> None:
    view = make(NL, [5000, 5000, 5000], button=0).view(0)
    assert read_amount(text, view) == AmountCheck(amount, "")


def test_read_amount_under_pot_limit_names_the_limit() -> None:
    view = make(Rules.preset("no-limit", structure="pot-limit"), [500] * 3, button=0).view(0)
    assert read_amount("100", view).message == "100 is too big: the most is 14 (the pot limit)."


def test_declarations_of_announced_hands_best_first_then_concede_last() -> None:
    rules = Rules.preset("casino-limit", showdown="announced")
    hand = make(rules, [1000, 1000], button=0, holes=["As Ad", "Kc Kd"], board="Ac 7h 9s Jd 3c")
    while hand.street < 4:
        hand.check_or_call()
    view = hand.view(hand.to_act)
    choices = declarations(view)
    values = view.legal.values
    assert [c.label for c in choices[:-1]] == [f"Announce {describe(v)}" for v in values]
    assert list(values) == sorted(values, reverse=True) and len(values) > 1
    assert choices[-1].action == Action.muck()  # conceding: on its own, after every hand
    assert choices[0].action == Action.show(values[0])


def test_declarations_when_cards_speak() -> None:
    hand = make(NL, [100, 100], button=0, holes=["As Ad", "Kc Kd"], board="Ac 7h 9s Jd 3c")
    while hand.street < 4:
        hand.check_or_call()
    assert [c.action for c in declarations(hand.view(hand.to_act))] == [
        Action.show(), Action.muck(),
    ]  # fmt: skip


# ------------------------------------------------------------------------- hints


def test_likely_ranges_follow_the_pre_flop_actions() -> None:
    hand = make(NL, [500, 500, 500, 500], button=0)
    hand.raise_to(12)  # seat 3 raises
    hand.call()  # seat 0 calls
    hand.fold()  # seat 1 folds
    assert likely_ranges(hand.view(2)) == [CALLED, RAISED]


def test_hint_text_names_the_hand_the_equity_and_the_nuts() -> None:
    hand = make(NL, [500, 500], button=0, holes=["As Ad", "Kc Kd"], board="Ac 7h 9s Jd 3c")
    hand.call()
    hand.check()
    text = hint_text(hand.view(0))
    assert text.startswith("Hint: You have three aces, nine-seven kickers; equity ")
    assert "against 1 opponent's likely hands" in text
    assert text.endswith("the nuts: three aces, nine-seven kickers")
    share = int(text.split("equity ")[1].split("%")[0])
    assert 85 <= share <= 100  # a set of aces against any two cards
    assert hint_text(hand.view(0)) == text  # seeded: the same spot, the same hint


@pytest.mark.parametrize(
    ("holes", "board", "named", "outs", "text"),
    [
        ("Ah 5h", "2h 3c 9h", ["flush draw", "gutshot straight draw"], 12,
         "flush draw and gutshot straight draw: 12 outs, 45% by the river"),
        ("8h 9c", "Th Jc 2d", ["open-ended straight draw"], 8,
         "open-ended straight draw: 8 outs, 31% by the river"),
        ("8h 9h", "Th Jc 2h", ["flush draw", "open-ended straight draw"], 15,
         "flush draw and open-ended straight draw: 15 outs, 54% by the river"),
        ("8h 9h", "Th Jc 2h 3d", ["flush draw", "open-ended straight draw"], 15,
         "flush draw and open-ended straight draw: 15 outs, 33% by the river"),
        ("Ah Kh", "2h 7h 9h", [], 0, ""),  # a made flush: nothing to draw to
        ("Ac 2d", "5h 6h 7h 8s", [], 0, ""),  # the board's own straight draw is not yours
        ("Kc Qd", "2s 7h 9d", [], 0, ""),  # nothing
    ],
)  # fmt: skip
def test_draws_and_their_outs(holes: str, board: str, named: list[str], outs: int,
                              text: str) -> None:  # fmt: skip
    """Known answers: the outs of a flush draw (9), an open-ended straight draw (8), a
    gutshot (4), counted once where they overlap; the chance by the river from the flop
    is 1 - C(47 - outs, 2) / C(47, 2), from the turn outs / 46."""
    shown = board.split()
    filler = [c for c in ("Ks", "Kd") if c not in shown][: 5 - len(shown)]
    hand = make(NL, [500, 500], button=0, holes=[holes, "Qs Qc"],
                board=" ".join([*shown, *filler]))  # fmt: skip
    hand.call()
    hand.check()
    if len(shown) == 4:
        hand.check()
        hand.check()
    view = hand.view(0)
    assert [str(c) for c in view.board] == shown
    found = draws(view)
    assert [d.name for d in found] == named
    assert len(frozenset().union(*(d.outs for d in found))) == outs
    assert outs_text(view) == text
    if text:
        assert text in hint_text(view)


def test_no_draws_on_the_river_or_with_wild_cards() -> None:
    hand = make(NL, [500, 500], button=0, holes=["8h 9h", "Qs Qc"], board="Th Jc 2h 3d 4s")
    while hand.street < 3:
        hand.check_or_call()
    assert len(hand.view(0).board) == 5 and draws(hand.view(0)) == []
    wild = make(Rules.preset("wild"), [500, 500], button=0, holes=["8h 9h", "Qs Qc"],
                board="Th Jc 2h 3d 4s")  # fmt: skip
    wild.call()
    wild.check()
    assert draws(wild.view(0)) == []


# ------------------------------------------------------------------ the chip graph


def test_chip_graph_rows_share_one_scale() -> None:
    chips = [[100, 100, 100], [150, 150, 0], [300, 0, 0]]
    lines = chip_graph(chips, ["Ann", "Bo", "Cy"], width=10).plain.split("\n")
    assert lines == ["Ann  ▃▄█  300", "Bo   ▃▄  out", "Cy   ▃   out"]


def test_chip_graph_samples_long_games() -> None:
    chips = [[k, 1000 - k] for k in range(0, 1001)]
    lines = chip_graph(chips, ["A", "B"], width=40).plain.split("\n")
    assert all(len(line) <= 3 + 40 + 6 for line in lines)


# ------------------------------------------------------------------------ the form


def test_form_rules_of_each_preset_and_structure() -> None:
    for preset in ("no-limit", "casino-limit", "computer-tournament", "wild"):
        for structure in ("preset", "fixed-limit", "no-limit", "pot-limit"):
            rules = make_rules(FormChoices(preset=preset, structure=structure))
            want = Rules.preset(preset).structure.value if structure == "preset" else structure
            assert rules.structure.value == want
            Hand(rules, [rules.buy_in] * 4, rng=random.Random(1))  # every one plays


def test_form_stakes_of_every_size_make_playable_rules_for_every_preset() -> None:
    """Any stakes the form accepts (a small and a big amount) give rules that play, for
    every preset and structure: a limit preset's blind, straddle and ante follow the low
    limit in the rules themselves (1/2 on the 1998 rules once made a straddle of 1 beside
    a blind of 1, which the rules refuse)."""
    for preset in ("no-limit", "casino-limit", "computer-tournament", "wild"):
        for structure in ("preset", "fixed-limit", "no-limit", "pot-limit"):
            for small in (1, 2, 3, 5, 7, 10, 25, 100):
                rules = make_rules(FormChoices(preset=preset, structure=structure,
                                               stakes=f"{small}/{2 * small}"))  # fmt: skip
                rng = random.Random(small)
                hand = Hand(rules, [rules.buy_in] * 4, rng=rng)
                while not hand.is_over:
                    hand.act(*random_action(hand.legal_actions(), rng))
    tournament = make_rules(FormChoices(preset="computer-tournament", stakes="1/2"))
    assert (tournament.units, tournament.blinds, tournament.straddle) == ((1, 1, 2, 2), (0,), 1)


def test_form_stakes_and_buy_in() -> None:
    rules = make_rules(FormChoices(preset="casino-limit", stakes="10/20", buy_in=500))
    assert (rules.units, rules.blinds, rules.buy_in) == ((10, 10, 20, 20), (5, 10), 500)
    with pytest.raises(FormError, match="stakes '10-20': write two amounts like 2/4"):
        make_rules(FormChoices(stakes="10-20"))
    assert _refused(lambda: make_rules(FormChoices(stakes="2/4", buy_in=4))) == (
        "buy-in is 4: a player must be able to post the forced bets (4) and still play; "
        "give more than 4")


def _refused(call: Callable[[], object]) -> str:
    """What the form says when ``call`` is refused (a :class:`FormError`, nothing else)."""
    with pytest.raises(FormError) as refused:
        call()
    return str(refused.value)


def test_form_seed() -> None:
    assert read_seed("") is None and read_seed(" 42 ") == 42
    with pytest.raises(FormError, match="a whole number"):
        read_seed("x1")


@pytest.mark.parametrize("digit", ["²", "½", "⑤", "¹"])
def test_form_numbers_that_are_digits_to_unicode_but_no_number_are_refused_not_a_crash(
    digit: str,
) -> None:
    """``str.isdigit`` holds for ``²`` (a key of some keyboards) and ``int`` cannot read
    it: each field that reads a number refuses it, saying which, as it refuses a letter
    (a remembered seed or buy-in, or stakes typed, raised ValueError and stopped the game)."""
    assert _refused(lambda: read_seed(digit)) == (
        f"seed '{digit}': a whole number, or leave it empty")
    assert _refused(lambda: read_buy_in(digit)) == (
        f"buy-in '{digit}': a whole number of chips, 1 or more")
    assert _refused(lambda: make_rules(FormChoices(stakes=f"{digit}/4"))) == (
        f"stakes '{digit}/4': write two amounts like 2/4")
    assert _refused(lambda: read_buy_in("٣٠٠")) == (  # digits, but of another script
        "buy-in '٣٠٠': a whole number of chips, 1 or more")
    assert read_seed(" 7 ") == 7 and read_buy_in(" 300 ") == 300


def test_form_buy_in_and_stakes_refusals_say_what_was_typed() -> None:
    assert read_buy_in(" 500 ") == 500
    assert _refused(lambda: read_buy_in("  ")) == (
        "buy-in is empty: a whole number of chips, 1 or more")
    assert _refused(lambda: read_buy_in("-5")) == "buy-in '-5': a whole number of chips, 1 or more"
    assert _refused(lambda: make_rules(FormChoices(buy_in=0))) == "buy-in is 0: 1 chip or more"
    assert _refused(lambda: make_rules(FormChoices(stakes="0/4"))) == (
        "stakes '0/4': amounts of 1 chip or more, like 2/4")
    assert _refused(lambda: make_rules(FormChoices(stakes="4/2"))) == (
        "stakes '4/2': two amounts, the first no larger than the second")


def test_form_choices_remembered_through_plain_data() -> None:
    choices = FormChoices(name="Ann", opponents=5, bots=["random"] * 9, preset="wild")
    assert FormChoices.from_data(choices.to_data()) == choices
    odd = FormChoices.from_data({"opponents": 40, "preset": "nope", "bots": [1, 2]})
    assert (odd.opponents, odd.preset, odd.bots) == (9, "no-limit", [])


def test_no_event_kind_is_left_out_of_the_log() -> None:
    """Every kind of event a player may see ends up in the log's words."""
    seen: set[EventKind] = set()
    for seed in range(40):
        hand = Hand(NL, [300, 200, 100], rng=random.Random(seed))
        rng = random.Random(seed)
        while not hand.is_over:
            legal = hand.legal_actions()
            kind = rng.choice(legal.kinds)
            if kind in (ActionKind.BET, ActionKind.RAISE):
                hand.act(kind, rng.randint(legal.min_to, legal.max_to))
            else:
                hand.act(kind)
        view = hand.view(0)
        seen |= {e.kind for e in view.events}
        assert len(log_lines(view, NAMES, seed)) >= 4
    assert {EventKind.RAISE, EventKind.FOLD, EventKind.SHOW, EventKind.WIN} <= seen


# ----------------------------------------------- the form's exact values (issue 31)


def test_form_default_stakes_of_every_preset_and_structure() -> None:
    """No limit: the blinds; fixed limit from a limit preset: its small/big bet; fixed
    limit from a no-limit preset: the big blind and twice it; a preset with one blind
    (the computer tournament's button blind) played as a big-bet game: half its small
    bet and the small bet."""
    from pokerroom.tui.form import PRESET_NAMES, STRUCTURES, default_stakes

    got = {p: [default_stakes(p, s) for s in STRUCTURES] for p in PRESET_NAMES}
    assert list(STRUCTURES) == ["preset", "fixed-limit", "no-limit", "pot-limit"]
    assert got == {
        "no-limit": ["2/4", "4/8", "2/4", "2/4"],
        "casino-limit": ["2/4", "2/4", "1/2", "1/2"],
        "computer-tournament": ["10/20", "10/20", "5/10", "5/10"],
        "wild": ["2/4", "4/8", "2/4", "2/4"],
    }


def test_form_stakes_are_read_exactly() -> None:
    def rules(stakes: str, preset: str = "no-limit", structure: str = "preset") -> Rules:
        return make_rules(FormChoices(preset=preset, structure=structure, stakes=stakes))

    assert rules(" 3 / 6 ").blinds == (3, 6)
    assert rules("4/4").blinds == (4, 4)  # the first no larger than the second: equal is fine
    for bad, why in [("2/4/6", "write two amounts like 2/4"),
                     ("0/4", "amounts of 1 chip or more, like 2/4"),
                     ("5/4", "two amounts, the first no larger than the second")]:  # fmt: skip
        with pytest.raises(FormError) as caught:
            rules(bad)
        assert str(caught.value) == f"stakes {bad!r}: {why}"
    with pytest.raises(FormError) as caught:
        make_rules(FormChoices(preset="nope"))
    assert str(caught.value) == (
        "no preset 'nope' (presets: no-limit, casino-limit, computer-tournament, wild)")


def test_form_rules_across_structures_exactly() -> None:
    """A no-limit preset played in fixed limit: the bets are the stakes, the blinds
    scaled to the small bet (2/4 at 3/9: 2*3//4 = 1 and 4*3//4 = 3; at 1/2 both at
    least 1), three raises a round; a limit preset played in no limit: the stakes are
    the blinds, no bet sizes or raise cap left from the limit game."""
    fixed = make_rules(FormChoices(preset="no-limit", structure="fixed-limit", stakes="3/9"))
    assert (fixed.units, fixed.blinds, fixed.max_raises) == ((3, 3, 9, 9), (1, 3), 3)
    low = make_rules(FormChoices(preset="no-limit", structure="fixed-limit", stakes="1/2"))
    assert (low.units, low.blinds) == ((1, 1, 2, 2), (1, 1))
    big = make_rules(FormChoices(preset="casino-limit", structure="no-limit", stakes="5/10"))
    assert (big.units, big.blinds, big.max_raises, big.small_bet) == (
        (10, 10, 10, 10), (5, 10), None, None)


def test_form_choices_fall_back_field_by_field() -> None:
    assert FormChoices.from_data({"structure": "pot-limit"}).structure == "pot-limit"
    assert FormChoices.from_data({"structure": "nope"}).structure == "preset"
    assert [FormChoices.from_data({"opponents": n}).opponents for n in (-3, 0, 1, 2, 9, 10)] == [
        1, 1, 1, 2, 9, 9]


# ------------------------------------------------- dealt_in: a table's seats out (issue 31)


def _with_seat_out(view: PlayerView, out: int) -> PlayerView:
    """The hand's view as a table with one more seat, ``out`` (no chips, no cards, not
    dealt in), between the hand's seats: hand seat h is table seat h or h + 1."""
    import dataclasses

    from pokerroom.engine.pots import Pot
    from pokerroom.engine.view import HandResult

    def table(h: int) -> int:
        return h if h < out else h + 1

    def widen(values, filler):  # type: ignore[no-untyped-def]
        return (*values[:out], filler, *values[out:])

    result = view.result
    if result is not None:
        result = HandResult(
            starting=widen(result.starting, 0), stacks=widen(result.stacks, 0),
            won=widen(result.won, 0), shown=widen(result.shown, None),
            pots=tuple(Pot(p.amount, tuple(map(table, p.eligible)),
                           tuple(map(table, p.winners)), p.shares)
                       for p in result.pots))  # fmt: skip
    return dataclasses.replace(
        view, seat=table(view.seat), button=table(view.button),
        stacks=widen(view.stacks, 0), bets=widen(view.bets, 0),
        committed=widen(view.committed, 0), folded=widen(view.folded, True),
        all_in=widen(view.all_in, False), shown=widen(view.shown, None),
        to_act=None if view.to_act is None else table(view.to_act),
        events=tuple(e._replace(seat=table(e.seat)) if e.seat >= 0 else e
                     for e in view.events),
        result=result)  # fmt: skip


def test_dealt_in_gives_back_the_hands_own_seats() -> None:
    """A three-handed hand (100, 300 and 500: side pots) seen at a table of four whose
    seat 1 is out: ``dealt_in`` with table seats 0, 2, 3 gives the hand's own view back
    (no legal actions: a record, not a decision), mid-hand and at its end, for each
    seat; the seat that is out watches as a spectator (seat -1)."""
    import dataclasses

    from pokerroom.tui.felt import dealt_in

    hand = Hand(NL, [100, 300, 500], button=2, rng=random.Random(5))
    views = []
    while not hand.is_over:
        views.extend(hand.view(s) for s in range(3))
        legal = hand.legal_actions()
        if legal.street is Street.SHOWDOWN:
            hand.apply(hand.default_action())
        elif legal.can_raise:
            hand.act(ActionKind.RAISE if ActionKind.RAISE in legal.kinds else ActionKind.BET,
                     legal.max_to)  # fmt: skip
        else:
            hand.act(ActionKind.CALL if ActionKind.CALL in legal.kinds else ActionKind.CHECK)
    views.extend(hand.view(s) for s in range(3))
    last = views[-1]
    assert last.result is not None and len(last.result.pots) >= 2  # side pots
    assert any(v.to_act is not None for v in views)
    for view in views:
        wide = _with_seat_out(view, 1)
        assert wide.seat != view.seat or view.seat == 0
        assert dealt_in(wide, [0, 2, 3]) == dataclasses.replace(view, legal=None)
    watcher = dataclasses.replace(_with_seat_out(last, 1), seat=1)
    assert dealt_in(watcher, [0, 2, 3]) == dataclasses.replace(last, seat=-1, legal=None)


# ------------------------------------------ the felt's exact lines and words (issue 31)

N4 = ("You", "Ada", "Bo", "Cy")
KINGS = ["Kh Kd", "Qh Qd", "7c 2d", "Ah Ad"]
BOARD = "2c 7d 9h Js 3c"


def test_seats_and_pots_with_two_all_ins_behind_the_decision() -> None:
    """Blinds 2/4, Cy (50) shoves, You on the button (100) and Ada (300) each raise all
    in; Bo (big blind, 500) decides.  The pot in layers: 50 from each of four (Bo's 4
    blind) = 154 for all; 50 more from You and Ada = 100 for those who put in 100 or
    can still match it; Ada's last 200 for Ada and Bo.  Once Bo folds, Ada's 200 goes
    back: the aces win the main pot, the kings side pot 1."""
    hand = make(NL, [100, 300, 500, 50], button=0, holes=KINGS, board=BOARD)
    hand.raise_to(50)
    hand.raise_to(100)
    hand.raise_to(300)
    view = hand.view(2)
    hole = tuple(view.hole)
    assert seats(view, N4) == [
        SeatLine(0, "You", 0, 100, "D", "all-in", (None, None), False, 0, "raises"),
        SeatLine(1, "Ada", 0, 300, "SB", "all-in", (None, None), False, 0, "raises"),
        SeatLine(2, "Bo", 496, 4, "BB", "to act", hole, True, 0, ""),
        SeatLine(3, "Cy", 0, 50, "", "all-in", (None, None), False, 0, "raises"),
    ]
    assert pots(view) == [PotLine("main pot", 154, (0, 1, 2, 3)),
                          PotLine("side pot 1", 100, (0, 1, 2)),
                          PotLine("side pot 2", 200, (1, 2))]  # fmt: skip
    assert turn_text(view, N4) == "Your turn: 296 to call."
    assert turn_text(hand.view(0), N4) == "Bo is thinking..."
    hand.fold()
    over = hand.view(2)
    assert pots(over) == [PotLine("main pot", 154, (0, 1, 3), (3,), (154,)),
                          PotLine("side pot 1", 100, (0, 1), (0,), (100,))]  # fmt: skip
    assert [(s.status, s.won, s.stack) for s in seats(over, N4)] == [
        ("", 100, 100), ("", 0, 200), ("folded", 0, 496), ("", 154, 154)]
    assert turn_text(over, N4) == "The hand is over."


def test_one_pot_after_the_hand_is_just_the_pot() -> None:
    hand = make(NL, [500, 500, 500], button=0, holes=KINGS[:3], board=BOARD)
    hand.raise_to(12)
    hand.fold()
    hand.fold()
    # the raise's uncalled 8 goes back: 4 + the blinds 2 and 4
    assert pots(hand.view(1)) == [PotLine("pot", 10, (0,), (0,), (10,))]


def test_seats_on_the_flop_with_one_out_and_the_last_action_of_this_round_only() -> None:
    hand = make(NL, [500, 500, 500], button=0, holes=KINGS[:3], board=BOARD)
    hand.call()
    hand.call()
    hand.check()  # the flop: Ada checks, Bo to act
    hand.check()
    view = hand.view(2)
    hole = tuple(view.hole)
    assert seats(view, NAMES3) == [
        SeatLine(0, "You", 496, 0, "D", "", (None, None), False, 0, ""),  # called before
        SeatLine(1, "Ada", 496, 0, "SB", "", (None, None), False, 0, "checks"),
        SeatLine(2, "Bo", 496, 0, "BB", "to act", hole, True, 0, ""),
    ]
    assert seats(view, NAMES3, out=[False, True, False])[1:] == [
        SeatLine(1, "Ada", 496, 0, "", "sitting out", (), False),  # chips kept: sitting out
        SeatLine(2, "Bo", 496, 0, "BB", "to act", hole, True, 0, ""),
    ]
    bust = dataclasses.replace(view, stacks=(496, 496, 0))
    assert seats(bust, NAMES3, out=[False, False, True])[2] == SeatLine(
        2, "Bo", 0, 0, "", "out", (), True)
    assert pots(view) == [PotLine("pot", 12, (0, 1, 2))]


def test_a_mucked_hand_is_drawn_without_cards() -> None:
    hand = make(NL, [500, 500, 500], button=0, holes=KINGS[:3], board=BOARD)
    while hand.street is not Street.SHOWDOWN:
        hand.check_or_call()
    hand.apply(hand.default_action())  # Ada shows queens
    assert turn_text(hand.view(0), NAMES3) == "Bo shows or mucks..."
    hand.apply(Action.muck())  # Bo mucks
    hand.apply(hand.default_action())  # You show kings
    lines = seats(hand.view(0), NAMES3)
    assert lines[2] == SeatLine(2, "Bo", 496, 0, "BB", "mucked", (), False, 0, "")
    assert lines[0].won == 12 and lines[0].stack == 508


def test_the_marks_of_the_forced_bets() -> None:
    def marks(**changes: object) -> list[str]:
        hand = make(Rules.preset("no-limit", **changes), [500] * 4, button=0)
        return [s.marks for s in seats(hand.view(0), N4)]

    assert marks(blinds=(1, 2, 4)) == ["D", "SB", "BB", "ST"]
    assert marks(blinds=(4,)) == ["D", "BL", "", ""]
    assert marks(blinds=(0, 4)) == ["D", "", "BL", ""]
    assert marks(blinds=(), antes=1) == ["D", "", "", ""]
    assert marks(blinds=(2, 4), button_blind=True) == ["D BL", "BL", "", ""]


def test_the_log_of_a_hand_in_play_exactly() -> None:
    hand = make(NL, [500, 500, 500], button=0, holes=KINGS[:3], board=BOARD)
    hand.raise_to(12)
    hand.fold()
    hand.call()
    play = ["Ada posts the small blind 2", "Bo posts the big blind 4", "*** PRE-FLOP ***",
            "Dealt to You: Kh Kd", "You raises to 12", "Ada folds", "Bo calls 8",
            "*** FLOP *** [2c 7d 9h] (pot 26)"]  # fmt: skip
    assert log_lines(hand.view(0), NAMES3) == ["── New hand ──", *play]
    assert log_lines(hand.view(0), NAMES3, label=7) == ["── Hand 7 ──", *play]
    record = played_hand(hand.view(0), NAMES3, 7)
    assert record.label == 7 and record.starting == (500, 500, 500)


def test_hand_names_follow_the_rules_cards() -> None:
    """The joker is the bug in the wild game (an ace here); a game where both hole cards
    must play names the hand they make, not the board's royal flush."""
    import dataclasses

    from pokerroom.cards import JOKER, Card

    hand = make(Rules.preset("wild"), [500, 500], button=0, holes=["As Ah", "Kc Kd"],
                board="Ad Ac 5h")  # fmt: skip
    hand.check_or_call()
    hand.check_or_call()
    view = hand.view(0)
    assert hand_name(view) == "four aces, five kicker"
    assert hand_name(view, [Card(JOKER), Card.parse("Ks")]) == "three aces, king-five kickers"
    both = Rules.preset("no-limit", min_hole_cards=2)
    hand = make(both, [500, 500], button=0, holes=["2c 3d", "Kc Kd"], board="Ah Kh Qh Jh Th")
    for _ in range(6):
        hand.check_or_call()
    view = hand.view(0)
    assert hand_name(view) == "high card, ace-king-queen-three-deuce"
    assert hand_name(dataclasses.replace(view, rules=NL)) == "royal flush"
    assert turn_text(dataclasses.replace(view, to_act=None), NAMES3) == "Dealing..."


# --------------------------------------------- the chart and hints exactly (issue 31)


def test_chip_graph_edges_exactly() -> None:
    """No hands yet: every seat out with an empty line; no seats: nothing; two hands:
    both drawn (a row per hand, not one); a stack far below the top still gets the
    lowest bar, never none; each seat's line in its own colour."""
    assert chip_graph([], ["A", "B"], width=10).plain == "A   out\nB   out"
    assert chip_graph([[10, 10]], [], width=5).plain == ""
    graph = chip_graph([[300, 10], [20, 0]], ["Ann", "Bo"], width=10)
    assert graph.plain == "Ann  █▁   20\nBo   ▁  out"
    assert [(s.start, s.end, s.style) for s in graph.spans] == [(5, 7, "bold white"),
                                                                (18, 20, "green")]  # fmt: skip


def test_hints_exactly() -> None:
    """A folded hand has no hint; the wild game before the flop has none either (no
    hand, no draw, no equity in wild games, no board); three players: two opponents'
    ranges; the wild game's nuts count the joker (five aces on three aces, where four aces are
    the nuts without it)."""
    hand = make(NL, [500, 500, 500], button=0, holes=KINGS[:3], board=BOARD)
    assert hint_text(hand.view(0)) == "Hint: equity 69% against 2 opponents' likely hands"
    hand.call()
    hand.call()
    hand.check()
    assert hint_text(hand.view(0)) == (
        "Hint: You have pair of kings, nine-seven-deuce kickers; equity 69% against 2 "
        "opponents' likely hands; the nuts: three nines, seven-deuce kickers")
    folded = make(NL, [500, 500, 500], button=0, holes=KINGS[:3])
    folded.fold()
    assert hint_text(folded.view(0)) == ""
    wild = Rules.preset("wild")
    joker = make(wild, [500, 500], button=0, holes=["2c 3d", "Kc Kd"], board="Ac Ad Ah")
    assert hint_text(joker.view(0)) == ""
    joker.check_or_call()
    joker.check_or_call()
    assert hint_text(joker.view(0)) == (
        "Hint: You have three aces, three-deuce kickers; the nuts: five of a kind, aces")


def test_a_made_flush_has_no_straight_draw() -> None:
    hand = make(NL, [500, 500], button=0, holes=["Ah Kh", "2c 3d"], board="Qh Jh 2h")
    hand.check_or_call()
    hand.check_or_call()
    assert draws(hand.view(0)) == []


def test_form_names_every_problem_of_the_rules_it_makes() -> None:
    """The computer tournament's button blind and straddle at 1/1 in no limit, with a
    buy-in of 1: both problems, each with its fix."""
    choices = FormChoices(preset="computer-tournament", structure="no-limit", stakes="1/1",
                          buy_in=1)  # fmt: skip
    with pytest.raises(FormError) as caught:
        make_rules(choices)
    assert str(caught.value) == (
        "straddle is 1: a straddle is larger than every blind (1); give more than 1, or 0 for "
        "none; buy-in is 1: a player must be able to post the forced bets (3) and still play; "
        "give more than 3")


def test_a_side_pot_of_one_chip_is_shown() -> None:
    """The button shoves 50, the small blind 51 (2 posted, 49 behind); the big blind has
    only its 4 in: the main pot is 50 + 50 + 4 = 104 for all three, the side pot the
    small blind's last chip, for it and the big blind."""
    hand = make(NL, [50, 51, 500], button=0)
    hand.raise_to(50)
    hand.raise_to(51)
    assert pots(hand.view(2)) == [PotLine("main pot", 104, (0, 1, 2)),
                                  PotLine("side pot 1", 1, (1, 2))]  # fmt: skip


def test_the_hint_s_equity_is_its_own_seeded_estimate() -> None:
    """7c Jd on 4c Kh 5d against any two cards: about 35.9% (the equity's default
    sampling); the hint's 4,000 samples seeded 1 read 35%, the same every time, so the
    hint of a spot never flickers between redraws."""
    from pokerroom.equity import equity

    hand = Hand(NL, [500, 500], button=0, rng=random.Random(0))
    hand.check_or_call()
    hand.check_or_call()
    view = hand.view(0)
    assert [str(c) for c in view.hole] == ["7c", "Jd"]
    assert hint_text(view) == (
        "Hint: You have high card, king-jack-seven-five-four; equity 35% against 1 "
        "opponent's likely hands; the nuts: three kings, five-four kickers")
    fuller = equity(["7cJd", "random"], "4cKh5d", seed=1).players[0].equity
    assert 0.355 <= fuller < 0.365  # the hint is within a point of it
