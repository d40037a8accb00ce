"""Replaying a PHH hand action by action (protocols.md §2, rules.md showdown): whose turn
it is, what an out-of-turn action is told, which show/muck records the showdown accepts,
and the whole text and place of every refusal of a player action or a show."""

from __future__ import annotations

from typing import Any

import pytest

from pokerroom.conventions import ShowRule
from pokerroom.engine import EventKind
from pokerroom.history.errors import PHHError, ReplayError
from pokerroom.history.notation import PHHAction
from pokerroom.history.phh import PHHHand, loads
from pokerroom.history.replay import Replay, replay_phh, rules_from_phh

HEADS_UP = """\
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
"""
# p1 (seat 0) is the big blind, p2 (seat 1) the button and small blind: p2 acts first
# pre-flop, p1 first after the flop, and p1 shows first when the river is checked down.
DEALT = ("d dh p1 AcKs", "d dh p2 7h7d")
CHECKED_DOWN = (
    "p2 cc", "p1 cc", "d db 2c3d9h", "p1 cc", "p2 cc", "d db Js", "p1 cc", "p2 cc",
    "d db 4s", "p1 cc", "p2 cc",
)  # fmt: skip
SHOWDOWN = len(DEALT) + len(CHECKED_DOWN)  # the actions before the showdown


def hand(*actions: str, head: str = HEADS_UP) -> PHHHand:
    body = "".join(f'    "{a}",\n' for a in actions)
    return loads(f"{head}actions = [\n{body}]\n")


def refusal(phh: PHHHand) -> ReplayError:
    with pytest.raises(ReplayError) as info:
        replay_phh(phh)
    return info.value


def shows(replay: Replay) -> list[tuple[str, int | None]]:
    kinds = (EventKind.SHOW, EventKind.MUCK)
    return [(e.kind.value, e.seat) for e in replay.played.events if e.kind in kinds]


def with_show_rule(phh: PHHHand, rule: ShowRule) -> PHHHand:
    """The same hand under its own rules but another show rule (``_rules``)."""
    rules: dict[str, Any] = rules_from_phh(phh).replace(show_rule=rule).to_mapping()
    return phh.with_fields(custom={"_rules": rules})


# ------------------------------------------------------------------ whose turn it is


@pytest.mark.parametrize(
    ("actions", "reason"),
    [
        (
            ["p1 cc"],
            "it is p2's turn pre-flop, not p1's (legal for p2: fold, call 1, raise to 4 to 200)",
        ),
        (
            ["p2 cc", "p2 cbr 6"],
            "it is p1's turn pre-flop, not p2's (legal for p1: check, raise to 4 to 200)",
        ),
        (
            [*CHECKED_DOWN, "p2 cc"],
            "it is p1's turn at the showdown, not p2's (legal for p1: show or muck)",
        ),
        (
            [*CHECKED_DOWN, "p2 f"],
            "it is p1's turn at the showdown, not p2's (legal for p1: show or muck)",
        ),
    ],
)
def test_an_action_out_of_turn_names_the_player_to_act_and_its_choices(
    actions: list[str], reason: str
) -> None:
    """During the betting the refusal lists the legal actions of the player to act; at
    the showdown that player's choice is to show or muck."""
    k = len(DEALT) + len(actions)
    error = refusal(hand(*DEALT, *actions))
    assert error.reason == reason
    assert error.where == f"action {k} '{actions[-1]}'"
    assert str(error) == f"action {k} '{actions[-1]}': {reason}"


@pytest.mark.parametrize("verb", ["pb", "sd"])
def test_an_action_hold_em_does_not_have_is_refused_where_it_is(verb: str) -> None:
    """The reader refuses bring-ins and draws in a hold'em file, and a hold'em hand built
    in code refuses them too; a hand of another variant built in code is refused by the
    replay for its variant, before any action is played."""
    actions = [PHHAction.parse(t) for t in (*DEALT, f"p2 {verb}")]
    with pytest.raises(PHHError, match=f"'{verb}' is not an action of hold'em"):
        hand(*DEALT).with_fields(actions=actions)
    other = hand(*DEALT).with_fields(variant="NS", actions=actions)
    error = refusal(other)
    assert error.where is None
    assert str(error) == (
        "the variant 'NS' (no-limit short-deck hold'em) is not one pokerroom plays "
        "(it plays FT, NT)"
    )


# ------------------------------------------------------------------------ the showdown


@pytest.mark.parametrize(
    "record",
    [
        ["p2 sm 7h7d"],  # p1 shows first but the record leaves it out
        ["p2 sm 7h7d", "p1 sm AcKs"],  # listed in another order than the engine's
        ["p1 sm AcKs", "p2 sm 7h7d"],
    ],
)
def test_a_showdown_record_may_omit_or_reorder_decisions(record: list[str]) -> None:
    """Each seat plays its own recorded decision in the engine's order; a decision the
    record leaves out is played the default way (cards speak: both show)."""
    replay = replay_phh(hand(*DEALT, *CHECKED_DOWN, *record))
    result = replay.played.result
    assert result is not None and result.stacks == (198, 202)  # sevens beat ace-king
    assert shows(replay) == [("show", 0), ("show", 1)]


def test_a_show_omitted_first_still_checks_the_cards_shown_later() -> None:
    """p2 was dealt one unknown card: its first show says 7d, its second 8d.  p1's
    decision is not recorded, so the engine stops at p1; p2's last recorded show is still
    compared with the cards p2 holds."""
    record = ["p2 sm 7h7d", "p2 sm 7h8d"]
    phh = hand("d dh p1 AcKs", "d dh p2 7h??", *CHECKED_DOWN, *record)
    error = refusal(phh)
    assert str(error) == f"action {SHOWDOWN + 2} 'p2 sm 7h8d': p2 shows 7h8d but holds 7h7d"
    assert error.where == f"action {SHOWDOWN + 2} 'p2 sm 7h8d'"


@pytest.mark.parametrize(
    ("record", "rule", "reason"),
    [
        (
            ["p1 sm"],
            ShowRule.ALL_SHOW,
            "p1 cannot muck at the showdown: every player still in shows all their cards "
            "(000) (legal: show)",
        ),
        (
            ["p1 sm"],
            ShowRule.BETTER_OR_CONCEDE,
            "p1 cannot muck at the showdown: this seat is called: it shows first and must show "
            "(001) (legal: show)",
        ),
        (
            ["p1 sm AcKs", "p2 sm"],
            ShowRule.ALL_SHOW,
            "p2 cannot muck at the showdown: every player still in shows all their cards "
            "(000) (legal: show)",
        ),
    ],
)
def test_a_decision_the_show_rule_forbids_is_refused_in_pn_terms(
    record: list[str], rule: ShowRule, reason: str
) -> None:
    """The engine's refusal, with its seats written as PHH players, at the action."""
    error = refusal(with_show_rule(hand(*DEALT, *CHECKED_DOWN, *record), rule))
    k = SHOWDOWN + len(record)
    assert error.reason == reason
    assert error.where == f"action {k} '{record[-1]}'"
    assert str(error) == f"action {k} '{record[-1]}': {reason}"


def test_a_muck_is_accepted_under_show_or_muck() -> None:
    """PokerKit's conventions (no ``_rules``): each player in turn shows or mucks."""
    replay = replay_phh(hand(*DEALT, *CHECKED_DOWN, "p1 sm"))
    assert shows(replay) == [("muck", 0)]  # p2, alone left, need not show
    result = replay.played.result
    assert result is not None and result.stacks == (198, 202)


@pytest.mark.parametrize(
    ("actions", "reason"),
    [
        (["p2 sm 7h7d"], "p2 shows while the betting pre-flop is not over"),  # p2 to act
        (["p2 sm"], "p2 shows while the betting pre-flop is not over"),  # a muck
        (["p1 sm AcKs"], "p1 shows while the betting pre-flop is not over"),
        (
            ["p2 cc", "p1 cc", "d db 2c3d9h", "p1 sm AcKs"],
            "p1 shows while the betting on the flop is not over",
        ),
        (
            ["p2 cc", "p1 cc", "d db 2c3d9h", "p2 sm 7h7d"],
            "p2 shows while the betting on the flop is not over",
        ),
    ],
)
def test_a_show_during_the_betting_is_refused(actions: list[str], reason: str) -> None:
    k = len(DEALT) + len(actions)
    error = refusal(hand(*DEALT, *actions))
    assert error.reason == reason
    assert error.where == f"action {k} '{actions[-1]}'"
    assert str(error) == f"action {k} '{actions[-1]}': {reason}"


def test_the_winner_may_show_after_everyone_folded() -> None:
    """The hand is over when p2 folds: p1's show afterwards changes nothing."""
    replay = replay_phh(hand(*DEALT, "p2 f", "p1 sm AcKs"))
    result = replay.played.result
    assert result is not None and result.stacks == (201, 199)
    assert shows(replay) == []
