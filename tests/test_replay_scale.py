"""Replaying a PHH hand (protocols.md §2; ``pokerroom.history.replay``): the chip scale
of decimal amounts and of ``_chip_scale``, unknown (``inf``) stacks, the hand's label,
and the order in which the recorded actions are played, each refusal in full."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pokerroom.engine import EventKind
from pokerroom.history.errors import ReplayError
from pokerroom.history.phh import loads
from pokerroom.history.replay import replay_phh
from test_replay import HEADS_UP  # the heads-up hand of the replay tests

FIELDS = HEADS_UP.split("actions", maxsplit=1)[0]  # everything before the actions


def _edit(*changes: tuple[str, str], extra: str = "") -> str:
    text = HEADS_UP
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    return text + extra


# ------------------------------------------------------------------ the chip scale


@pytest.mark.parametrize(
    ("text", "scale", "starting", "stacks"),
    [
        # _chip_scale says the chips per unit written, whole amounts or not
        (_edit(extra="_chip_scale = 100\n"), 100, (100_000, 100_000), (103_000, 97_000)),
        (_edit(extra="_chip_scale = 1\n"), 1, (1000, 1000), (1030, 970)),
        (_edit(extra="_chip_scale = 10\n"), 10, (10_000, 10_000), (10_300, 9_700)),
        # without it: whole units of the smallest decimal of any amount...
        (_edit(), 1, (1000, 1000), (1030, 970)),
        # ... an action's amount included
        (
            _edit(("cbr 30", "cbr 30.5"), ("[1030, 970]", "[1030.5, 969.5]")),
            10,
            (10_000, 10_000),
            (10_305, 9_695),
        ),
        # ... up to six decimals
        (
            _edit(("cbr 30", "cbr 30.000001"), ("[1030, 970]", "[1030.000001, 969.999999]")),
            10**6,
            (10**9, 10**9),
            (1_030_000_001, 969_999_999),
        ),
    ],
    ids=["custom-100", "custom-1", "custom-10", "whole", "action-decimal", "six-decimals"],
)
def test_amounts_are_replayed_in_whole_units_of_the_chip_scale(
    text: str, scale: int, starting: tuple[int, ...], stacks: tuple[int, ...]
) -> None:
    replay = replay_phh(loads(text))
    assert replay.played.scale == scale
    assert replay.played.starting == starting
    result = replay.played.result
    assert result is not None and result.stacks == stacks
    check = replay.check()
    assert check is not None and check.how == "exact"


@pytest.mark.parametrize(
    ("value", "shown"),
    [("0", "0"), ("-1", "-1"), ("true", "True"), ('"100"', "'100'"), ("2.5", "Decimal('2.5')")],
)
def test_a_chip_scale_that_is_not_a_whole_number_from_one_is_refused(
    value: str, shown: str
) -> None:
    with pytest.raises(ReplayError) as info:
        replay_phh(loads(_edit(extra=f"_chip_scale = {value}\n")))
    assert str(info.value) == f"_chip_scale must be a whole number >= 1, not {shown}"


def test_amounts_with_more_than_six_decimals_are_refused() -> None:
    with pytest.raises(ReplayError) as info:
        replay_phh(loads(_edit(("cbr 30", "cbr 30.0000001"))))
    assert str(info.value) == "amounts with 7 decimals cannot be replayed in whole chips"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            _edit(("[1000, 1000]", "[1000, 1000.05]"), extra="_chip_scale = 10\n"),
            "a stack 1000.05 is not a whole number of chips",
        ),
        (
            _edit(("cbr 30", "cbr 30.5"), extra="_chip_scale = 1\n"),
            "an amount 30.5 is not a whole number of chips",
        ),
    ],
    ids=["stack", "action"],
)
def test_an_amount_that_is_not_whole_in_the_given_chip_scale_is_refused(
    text: str, message: str
) -> None:
    with pytest.raises(ReplayError) as info:
        replay_phh(loads(text))
    assert str(info.value) == message


# ------------------------------------------------------------------ unknown stacks


@pytest.mark.parametrize(
    ("stacks", "starting", "final"),
    [
        # nothing known: 10 * (0 + 1) + 30, and p2 puts in 30 of its 40
        ("[inf, inf]", (40, 40), (70, 10)),
        ("[inf, 1000]", (10 * (1000 + 1) + 30, 1000), (10 * (1000 + 1) + 60, 970)),
        ("[1000, inf]", (1000, 10 * (1000 + 1) + 30), (1030, 10 * (1000 + 1))),
    ],
)
def test_an_unknown_stack_replays_as_more_than_anyone_can_put_in(
    stacks: str, starting: tuple[int, ...], final: tuple[int, ...]
) -> None:
    """An ``inf`` stack stands in as ten times the known chips plus one, plus every
    recorded amount: no bet of the record can exhaust it.  The stand-in is what the
    replayed hand shows (and writes) as that player's stack."""
    replay = replay_phh(loads(_edit(("[1000, 1000]", stacks))))
    assert replay.played.starting == starting
    result = replay.played.result
    assert result is not None and result.stacks == final


@pytest.mark.parametrize(
    ("stacks", "finishing", "recorded"),
    [
        ("[inf, 1000]", "[1030, 970]", (None, Fraction(970))),  # its start is unknown
        ("[1000, 1000]", "[1030, inf]", (Fraction(1030), None)),  # its end is unknown
        ("[1000, inf]", "[1030, inf]", (Fraction(1030), None)),
    ],
)
def test_a_finishing_stack_is_compared_only_when_it_and_the_start_are_known(
    stacks: str, finishing: str, recorded: tuple[Fraction | None, ...]
) -> None:
    replay = replay_phh(loads(_edit(("[1000, 1000]", stacks), ("[1030, 970]", finishing))))
    assert replay.recorded == recorded
    check = replay.check()
    assert check is not None and check.how == "exact"


# ------------------------------------------------------------------ the label


@pytest.mark.parametrize(
    ("extra", "label", "expected"),
    [("hand = 7\n", None, 7), ("hand = 7\n", "x", "x"), ("", None, None), ("", 3, 3)],
)
def test_the_label_is_the_one_given_else_the_hands_number(
    extra: str, label: str | int | None, expected: str | int | None
) -> None:
    assert replay_phh(loads(_edit(extra=extra)), label=label).played.label == expected


# ------------------------------------------------------------------ playing the actions


def test_the_first_recorded_action_is_played() -> None:
    """A record without dealt cards may start with a player's action: p2 (the button,
    first to act heads-up) folds its small blind."""
    replay = replay_phh(loads(FIELDS + 'actions = ["p2 f"]\n'))
    result = replay.played.result
    assert result is not None and result.stacks == (1005, 995)


def test_a_check_that_is_the_only_choice_need_not_be_recorded() -> None:
    """p3 calls all-in for 41, p1 folds its small blind: p2, the big blind, owes nothing
    and nobody is left to bet against, so checking is all it may do.  A record that
    leaves that check out and goes on with the board still replays: the check is
    played before the board is dealt."""
    text = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [25, 50, 0]
min_bet = 50
starting_stacks = [5800, 150, 41]
actions = ["d dh p1 JhQh", "d dh p2 Jd5c", "d dh p3 6sAh", "p3 cc", "p1 f",
           "d db 3d4hQc", "d db 5s", "d db 3h"]
"""
    replay = replay_phh(loads(text))
    checks = [e.seat for e in replay.played.events if e.kind is EventKind.CHECK]
    assert checks == [1]
    result = replay.played.result
    assert result is not None and result.stacks == (5775, 216, 0)  # p2's two pair wins


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (  # the turn counts on top of the flop: 4 cards are out, the flop has 3
            '"p2 cc", "d db Jd"',
            '"d db Jd", "p2 cc"',
            "action 7 'd db Jd': the board is dealt while the betting on the flop is not "
            "over (p2 is to act)",
        ),
        (  # an action between two shows is played, not skipped with the shows
            '"p2 cc"]',
            '"p2 cc", "p1 sm AcAd", "p2 cbr 50", "p2 sm KcKd"]',
            "action 15 'p2 cbr 50': p2 cannot bet 50 at the showdown: the betting is over "
            "(legal: show, muck)",
        ),
        (  # an action after the shows is played too
            '"p2 cc"]',
            '"p2 cc", "p1 sm AcAd", "p2 sm KcKd", "p2 cbr 50"]',
            "action 16 'p2 cbr 50': p2 acts after the hand is over",
        ),
    ],
    ids=["board-early", "between-shows", "after-shows"],
)
def test_every_recorded_action_is_played_in_its_order(old: str, new: str, message: str) -> None:
    with pytest.raises(ReplayError) as info:
        replay_phh(loads(_edit((old, new))))
    assert str(info.value) == message
