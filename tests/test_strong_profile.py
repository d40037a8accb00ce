"""The strong bot's opponent profile, exactly: its counts saved as JSON data and read back,
every damaged save refused with the field and the legal values named, and the numbers it
plays by (the situations, the smoothed frequencies, the showdowns' honesty) worked out by
hand from their definitions."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from pokerroom.engine import ActionKind as K
from pokerroom.players.state import StateError
from pokerroom.players.strong.stats import Profile, Situation, situation, situation_of
from pokerroom.players.strong.tracker import Move


def _profile() -> Profile:
    p = Profile(players=4)
    p.counts[:] = (np.arange(18, dtype=np.float64) + 0.5).reshape(6, 3)
    p.hands, p.entered, p.raised, p.showdowns = 10, 7, 3, 5
    p.honest = [0.25, 0.5, -0.125, 1.0]
    return p


STATE = {
    "players": 4, "counts": [k + 0.5 for k in range(18)], "hands": 10, "entered": 7,
    "raised": 3, "honest": [0.25, 0.5, -0.125, 1.0], "showdowns": 5,
}  # fmt: skip


def _same(a: Profile, b: Profile) -> None:
    assert a.counts.dtype == b.counts.dtype == np.float64
    assert a.counts.shape == b.counts.shape == (6, 3)
    assert a.counts.tolist() == b.counts.tolist()
    assert (a.players, a.hands, a.entered, a.raised, a.honest, a.showdowns) == (
        b.players, b.hands, b.entered, b.raised, b.honest, b.showdowns)


def test_a_profile_is_saved_as_json_data_and_read_back_exactly() -> None:
    p = _profile()
    state = p.state()
    assert state == STATE
    assert all(type(c) is float for c in state["counts"])
    assert state["honest"] is not p.honest  # a copy: the save does not follow the profile
    back = Profile.from_state(json.loads(json.dumps(state)))
    _same(back, p)
    assert back.frequencies(Situation.FACING).tolist() == p.frequencies(Situation.FACING).tolist()
    # whole numbers read as floats, the bounds themselves taken
    edge = {**STATE, "players": 2, "counts": [0] * 18, "entered": 10, "raised": 10,
            "honest": [0, -1, 2, 3], "showdowns": 0}  # fmt: skip
    q = Profile.from_state(edge)
    assert q.counts.tolist() == [[0.0] * 3] * 6 and q.counts.dtype == np.float64
    assert (q.players, q.entered, q.raised, q.honest) == (2, 10, 10, [0.0, -1.0, 2.0, 3.0])
    assert Profile.from_state({**STATE, "players": 14}).players == 14


def _refused(change: dict[str, Any], what: str | None = None) -> str:
    data = {**STATE, **change}
    for k in [k for k, v in change.items() if v is None]:
        del data[k]
    with pytest.raises(StateError) as err:
        if what is None:
            Profile.from_state(data)
        else:
            Profile.from_state(data, what)
    return str(err.value)


@pytest.mark.parametrize(("change", "message"), [
    ({"players": None}, "profile: missing 'players'"),
    ({"counts": None}, "profile: missing 'counts'"),
    ({"hands": None}, "profile: missing 'hands'"),
    ({"entered": None}, "profile: missing 'entered'"),
    ({"raised": None}, "profile: missing 'raised'"),
    ({"honest": None}, "profile: missing 'honest'"),
    ({"showdowns": None}, "profile: missing 'showdowns'"),
    ({"players": 1}, "profile.players is 1: a whole number from 2 to 14"),
    ({"players": 15}, "profile.players is 15: a whole number from 2 to 14"),
    ({"players": 4.0}, "profile.players is 4.0: a whole number"),
    ({"counts": {}}, "profile: a list, not dict"),
    ({"counts": [1.0] * 17}, "profile: 18 entries, not 17"),
    ({"counts": [1.0] * 17 + [-0.5]}, "profile.counts is -0.5: 0.0 or more"),
    ({"counts": [1.0] * 17 + ["1"]}, "profile.counts is '1': a finite number"),
    ({"hands": -1}, "profile.hands is -1: a whole number 0 or more"),
    ({"entered": 11}, "profile.entered is 11: a whole number from 0 to 10"),
    ({"entered": -1}, "profile.entered is -1: a whole number from 0 to 10"),
    ({"raised": 11}, "profile.raised is 11: a whole number from 0 to 10"),
    ({"raised": -1}, "profile.raised is -1: a whole number from 0 to 10"),
    ({"honest": [0.0] * 3}, "profile: 4 entries, not 3"),
    ({"honest": [0.0, 0.0, 0.0, float("nan")]}, "profile.honest is nan: a finite number"),
    ({"showdowns": -1}, "profile.showdowns is -1: a whole number 0 or more"),
    ({"entered": 2}, "profile: more hands raised than entered"),
])  # fmt: skip
def test_a_damaged_profile_is_refused_naming_the_field(
    change: dict[str, Any], message: str
) -> None:
    assert _refused(change) == message
    assert _refused(change, "seat 3") == message.replace("profile", "seat 3")


def test_a_profile_that_is_not_a_mapping_is_refused() -> None:
    with pytest.raises(StateError, match=r"^profile: a mapping, not list$"):
        Profile.from_state([])


def test_the_situation_is_the_street_and_the_raises_before() -> None:
    assert [situation(0, r) for r in range(5)] == [0, 1, 2, 2, 2]
    assert [situation(s, r) for s in (1, 3) for r in (0, 1, 2, 9)] == [3, 4, 5, 5] * 2
    assert situation_of(Move(0, 2, K.CALL, True, 2, 8, 2, 1)) is Situation.FACING
    assert situation_of(Move(0, 0, K.FOLD, True, 2, 8, 0, 3)) is Situation.PREFLOP_RERAISED


def test_a_hands_decisions_are_counted_by_situation_and_kind() -> None:
    """Pre-flop a limp (entered), a raise in another hand (entered and raised), a check
    of the big blind (not entered); after the flop a bet, a call and a fold."""
    p = Profile(players=4)
    assert (p.vpip, p.pfr, p.fold_to_bet, p.aggression) == (0.0, 0.0, None, None)
    p.count_hand([Move(1, 0, K.CALL, False, 2, 3, 2, 0), Move(1, 1, K.BET, False, 0, 6, 4, 0)])
    p.count_hand([Move(1, 0, K.RAISE, True, 4, 7, 8, 1), Move(1, 2, K.CALL, True, 4, 20, 4, 1),
                  Move(1, 3, K.FOLD, True, 8, 30, 0, 2)])  # fmt: skip
    p.count_hand([Move(1, 0, K.CHECK, False, 0, 4, 0, 0), Move(1, 1, K.RAISE, True, 4, 8, 8, 1)])
    expected = np.zeros((6, 3))
    expected[0] = [1, 1, 0]  # the check, the limp
    expected[1, 2] = 1  # the raise over a raise
    expected[3, 2] = 1  # the bet
    expected[4] = [0, 1, 1]  # the call of a bet, the raise of one
    expected[5, 0] = 1  # the fold to a raise
    assert p.counts.tolist() == expected.tolist()
    assert (p.hands, p.entered, p.raised) == (3, 2, 1)
    assert (p.vpip, p.pfr) == (2 / 3, 1 / 3)
    assert p.fold_to_bet == 1 / 3  # one fold of three answers to a bet or a raise
    assert p.aggression == 2.0  # a bet and a raise per call after the flop


def test_frequencies_are_the_counts_and_a_prior_worth_six_decisions() -> None:
    """Unraised pre-flop at four players the prior enters 0.2 + 0.6 / 3 of the time, 30%
    limping; heads-up 0.2 + 0.6; the other situations have their own priors."""
    p = Profile(players=4)
    assert p.frequencies(Situation.PREFLOP_OPEN) == pytest.approx([0.6, 0.12, 0.28])
    assert p.frequencies(Situation.PREFLOP_FACING) == pytest.approx([0.55, 0.35, 0.10], abs=1e-15)
    assert p.frequencies(Situation.PREFLOP_RERAISED) == pytest.approx([0.40, 0.45, 0.15], abs=1e-15)
    assert p.frequencies(Situation.OPEN) == pytest.approx([0.55, 0.0, 0.45], abs=1e-15)
    assert p.frequencies(Situation.FACING) == pytest.approx([0.42, 0.45, 0.13], abs=1e-15)
    assert p.frequencies(Situation.RERAISED) == pytest.approx([0.35, 0.50, 0.15], abs=1e-15)
    assert Profile(players=2).frequencies(Situation.PREFLOP_OPEN) == pytest.approx(
        [0.2, 0.24, 0.56])
    # once read, kept until the next hand is counted
    p.counts[Situation.FACING] = [3, 0, 3]
    assert p.frequencies(Situation.FACING) == pytest.approx([0.42, 0.45, 0.13], abs=1e-15)
    p.count_hand([Move(1, 0, K.RAISE, False, 2, 3, 6, 0)])
    assert p.frequencies(Situation.FACING) == pytest.approx(
        [(3 + 2.52) / 12, 2.7 / 12, (3 + 0.78) / 12])
    assert p.frequencies(Situation.PREFLOP_OPEN) == pytest.approx(
        [3.6 / 7, 0.72 / 7, 2.68 / 7])


def test_showdowns_are_read_in_full_then_one_in_four() -> None:
    p = Profile()
    read = [p.study() for _ in range(52)]
    assert read == [True] * 40 + [False, False, False, True] * 3
    assert p.showdowns == 52


def test_honesty_is_what_showdowns_showed_over_what_they_would_have() -> None:
    """Each shown hand adds its strength above one half and the middle of its band above
    one half (pre-flop or after the flop); a band not above the middle says nothing;
    honesty is (shown + 0.85) / (expected + 1), from 0 to 1."""
    p = Profile()
    assert p.honesty(preflop=True) == p.honesty(preflop=False) == 0.85
    p.count_showdown(0, 0.9, (0.5, 0.5))  # expected 0: nothing
    p.count_showdown(1, 0.9, (0.6, 0.4))
    assert p.honest == [0.0, 0.0, 0.0, 0.0]
    p.count_showdown(0, 0.9, (0.9, 0.7))
    assert p.honest == pytest.approx([0.4, 0.3, 0.0, 0.0])
    p.count_showdown(2, 0.25, (1.0, 0.8))
    assert p.honest == pytest.approx([0.4, 0.3, -0.25, 0.4])
    assert p.honesty(preflop=True) == pytest.approx(1.25 / 1.3)
    assert p.honesty(preflop=False) == pytest.approx(0.6 / 1.4)
    p.count_showdown(3, 1.0, (1.0, 1.0))
    p.count_showdown(0, 1.0, (0.7, 0.7))
    assert p.honesty(preflop=True) == 1.0  # (0.9 + 0.85) / 1.5, capped
    p.honest = [-2.0, 0.5, -0.85, 0.0]
    assert p.honesty(preflop=True) == 0.0  # capped below
    assert p.honesty(preflop=False) == 0.0


def test_a_raise_then_a_call_pre_flop_is_one_raised_hand_and_counts_add_up() -> None:
    """A limp alone: entered, not raised; a raise then a call of the re-raise: raised
    (the call after it does not undo it); the same decision twice counts twice."""
    p = Profile(players=4)
    p.count_hand([Move(1, 0, K.CALL, False, 2, 3, 2, 0)])
    p.count_hand([Move(1, 0, K.RAISE, False, 2, 3, 6, 0), Move(1, 0, K.CALL, True, 12, 30, 12, 2)])
    assert (p.hands, p.entered, p.raised) == (2, 2, 1)
    p.count_hand([Move(1, 1, K.BET, False, 0, 6, 4, 0), Move(1, 2, K.BET, False, 0, 20, 8, 0),
                  Move(1, 3, K.CHECK, False, 0, 36, 0, 0)])  # fmt: skip
    assert p.counts[Situation.OPEN].tolist() == [1.0, 0.0, 2.0]
    assert p.counts[Situation.PREFLOP_OPEN].tolist() == [0.0, 1.0, 1.0]
    assert p.counts[Situation.PREFLOP_RERAISED].tolist() == [0.0, 1.0, 0.0]


def test_showdowns_on_the_same_street_add_up() -> None:
    p = Profile()
    p.count_showdown(1, 0.75, (0.9, 0.7))
    p.count_showdown(3, 0.5, (0.8, 0.6))
    assert p.honest == pytest.approx([0.0, 0.0, 0.25, 0.5])
    assert p.honesty(preflop=False) == pytest.approx(1.1 / 1.5)
