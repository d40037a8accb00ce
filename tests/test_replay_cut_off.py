"""PHH records cut off at an all-in, before or during the run-out (protocols.md §2): a
replay cannot know the board a record never deals, so it ends where the record ends,
unfinished, and says which streets the record lacks; it never plays stand-in board cards
to a result.  Complete records, run-out included, still replay to theirs, and hole cards
the record does not know (``????``) are still played as marked stand-ins."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerroom.engine import EventKind
from pokerroom.history.compare import Comparison
from pokerroom.history.errors import ReplayError
from pokerroom.history.phh import PHHHand, load
from pokerroom.history.record import to_phh
from pokerroom.history.replay import Replay, replay_phh
from pokerroom.history.text import render
from test_replay_steps import HEADS_UP as NO_RESULT
from test_replay_steps import hand as steps_hand

HEADS_UP = NO_RESULT + "finishing_stacks = [400, 0]\n"  # test_replay_steps' hand, its result
# p2 (the button) moves all-in pre-flop and p1 calls: the whole board is still to come.
ALL_IN = ("d dh p1 AcKs", "d dh p2 7h7d", "p2 cbr 200", "p1 cc")
RUN_OUT = ("d db 2c3d9h", "d db Js", "d db 4s")
ENDS = "the record ends before the hand is over"


def hand(*actions: str, head: str = HEADS_UP) -> PHHHand:
    return steps_hand(*actions, head=head)


def cut(phh: PHHHand, keep: int) -> PHHHand:
    """The record with only its first ``keep`` actions."""
    return phh.with_fields(actions=phh.actions[:keep])


def board(replay: Replay) -> str:
    return "".join(str(c) for c in replay.played.board)


def assert_unfinished(replay: Replay, streets: str) -> None:
    assert replay.played.result is None
    assert replay.missing == f"it deals no {streets} after the all-in"
    assert not replay.played.finished


@pytest.mark.parametrize(
    ("dealt", "streets"),
    [(0, "flop, turn or river"), (1, "turn or river"), (2, "river")],
    ids=["no board", "flop only", "flop and turn"],
)
def test_a_record_cut_off_at_an_all_in_ends_unfinished_naming_the_streets_it_lacks(
    dealt: int, streets: str
) -> None:
    replay = replay_phh(hand(*ALL_IN, *RUN_OUT[:dealt]))
    assert_unfinished(replay, streets)
    assert replay.check() == Comparison(False, f"{ENDS}: it deals no {streets} after the all-in")
    assert board(replay) == "".join(c.removeprefix("d db ") for c in RUN_OUT[:dealt])


def test_the_replay_of_a_cut_off_record_stops_at_its_last_action() -> None:
    """No stand-in board, no award; the hands turned up for the run-out stay only when a
    board of the record follows them."""
    before_board = replay_phh(hand(*ALL_IN))
    last = before_board.played.events[-1]
    assert (last.kind, last.seat, last.all_in) == (EventKind.CALL, 0, True)
    kinds = [e.kind for e in replay_phh(hand(*ALL_IN, RUN_OUT[0])).played.events]
    assert kinds[-3:] == [EventKind.SHOW, EventKind.SHOW, EventKind.BOARD]
    assert EventKind.WIN not in kinds


def test_a_cut_off_record_reads_and_writes_back_without_invented_cards() -> None:
    replay = replay_phh(hand(*ALL_IN, RUN_OUT[0]))
    text = render(replay.played).splitlines()
    assert "(the record ends here: the hand is not over)" in text
    assert "Pot 400, board 2c 3d 9h" in text
    written = to_phh(replay.played)
    assert [str(a) for a in written.actions if a.verb.value == "db"] == ["d db 2c3d9h"]
    assert written.finishing_stacks is None


def test_without_recorded_stacks_a_cut_off_record_is_still_unfinished() -> None:
    replay = replay_phh(hand(*ALL_IN, head=HEADS_UP.replace("finishing_stacks", "# ")))
    assert_unfinished(replay, "flop, turn or river")
    assert replay.check() is None


def test_the_whole_run_out_in_the_record_still_gives_the_result() -> None:
    """As PokerKit writes an all-in: the hands shown, then the board run out."""
    shown = ("p2 sm 7h7d", "p1 sm AcKs")
    head = HEADS_UP.replace("[400, 0]", "[0, 400]")  # p2's sevens hold
    for record in (hand(*ALL_IN, *RUN_OUT, head=head), hand(*ALL_IN, *shown, *RUN_OUT, head=head)):
        replay = replay_phh(record)
        assert replay.played.result is not None
        assert replay.check() == Comparison(True, "exact")
        assert board(replay) == "2c3d9hJs4s"


def test_shows_recorded_before_a_missing_run_out_do_not_finish_the_hand() -> None:
    replay = replay_phh(hand(*ALL_IN, "p2 sm 7h7d", "p1 sm AcKs"))
    assert_unfinished(replay, "flop, turn or river")


def test_unknown_hole_cards_of_a_cut_off_record_stay_hidden() -> None:
    """The engine's stand-in hole cards are not turned up for the run-out it cannot
    deal; the known hand is."""
    record = hand("d dh p1 AcKs", "d dh p2 ????", "p2 cbr 200", "p1 cc", RUN_OUT[0])
    replay = replay_phh(record)
    assert_unfinished(replay, "turn or river")
    assert replay.played.hidden == frozenset({1})
    shows = [e.seat for e in replay.played.events if e.kind is EventKind.SHOW]
    assert shows == [0]
    assert "Dealt to Seat 2: ?? ??" in render(replay.played).splitlines()


def test_unknown_hole_cards_a_finished_showdown_needs_are_still_refused() -> None:
    record = hand("d dh p1 AcKs", "d dh p2 ????", "p2 cbr 200", "p1 cc", *RUN_OUT)
    with pytest.raises(ReplayError, match="p2's hole cards are unknown, but the showdown"):
        replay_phh(record)


def test_a_record_that_stops_after_a_betting_round_does_not_deal_the_next_street() -> None:
    replay = replay_phh(hand(*ALL_IN[:2], "p2 cc", "p1 cc", RUN_OUT[0], "p1 cc", "p2 cc"))
    assert board(replay) == "2c3d9h"  # not a stand-in turn
    assert replay.played.events[-1].kind is EventKind.CHECK
    assert replay.check() == Comparison(False, ENDS)
    assert replay.missing is None


def test_an_action_on_a_street_the_record_has_not_dealt_is_refused() -> None:
    record = hand(*ALL_IN[:2], "p2 cc", "p1 cc", "p1 cc", "p2 cc", *RUN_OUT)
    with pytest.raises(ReplayError) as info:
        replay_phh(record)
    reason = "p1 acts on the flop, which the record has not dealt"
    assert str(info.value) == f"action 5 'p1 cc': {reason}"


# ------------------------------------------------------------------ the real hands


def _before_board(phh: PHHHand, boards: int) -> int:
    """How many actions come before the record's board deal number ``boards`` (0: the
    flop), the shows just before it included."""
    deals = [i for i, a in enumerate(phh.actions) if a.verb.value == "db"]
    keep = deals[boards]
    while keep and phh.actions[keep - 1].verb.value == "sm":
        keep -= 1
    return keep


@pytest.mark.parametrize(
    ("boards", "streets"), [(0, "flop, turn or river"), (1, "turn or river"), (2, "river")]
)
def test_a_pluribus_all_in_cut_before_its_run_out_is_unfinished(
    data_dir: Path, boards: int, streets: str
) -> None:
    """Pluribus 31/28: p5's kings all-in pre-flop against p2's queens, the hands shown,
    then the board run out; the whole record replays to its stacks."""
    record = load(data_dir / "phh/pluribus/31/28.phh")
    whole = replay_phh(record).check()
    assert whole is not None and whole.matches
    replay = replay_phh(cut(record, _before_board(record, boards)))
    assert_unfinished(replay, streets)
    assert replay.check() == Comparison(False, f"{ENDS}: it deals no {streets} after the all-in")


def test_dwan_ivey_cut_before_the_river_has_no_winner(data_dir: Path) -> None:
    """All-in on the turn, Antonius' folded cards unknown: without the Jh river the replay
    cannot say whose hand held."""
    record = load(data_dir / "phh/historical/dwan-ivey-2009.phh")
    assert replay_phh(record).played.result is not None
    replay = replay_phh(cut(record, _before_board(record, 2)))
    assert_unfinished(replay, "river")
    assert board(replay) == "Jc3d5c4h"
    assert replay.played.hidden == frozenset({1})
