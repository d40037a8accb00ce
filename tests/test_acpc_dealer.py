"""The ACPC dealer's core against the reference dealer's own records (``../shared/data/acpc``):
its wire transcript, its logs and its deal."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from pokerroom.history.acpc import GameDef
from pokerroom.history.acpclog import ACPCLog
from pokerroom.history.sources import replays
from pokerroom.net.acpc.dealer import ACPCDealer, Message, TimeLimits
from pokerroom.net.acpc.protocol import InvalidPolicy, MatchState

TRANSCRIPT_LINE = re.compile(r"(TO|FROM) (\d+) at [0-9.]+ (.*)")


def _transcript(data_dir: Path) -> tuple[list[str], list[tuple[str, int, str]]]:
    text = (data_dir / "acpc" / "limit2p_seed42.transcript.txt").read_text()
    comments, traffic = [], []
    for line in text.splitlines():
        m = TRANSCRIPT_LINE.fullmatch(line)
        if m:
            traffic.append((m.group(1), int(m.group(2)) - 1, m.group(3)))
        elif line.startswith("#"):
            comments.append(line)
    return comments, traffic


def _dealer(data_dir: Path, game: str, hands: int, **options: object) -> ACPCDealer:
    return ACPCDealer(
        GameDef.load(data_dir / "acpc" / game),
        names=["Alice", "Bob", "Carol"][: 3 if "3p" in game else 2],
        hands=hands,
        seed=42,
        game_file=game,
        **options,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize("ahead", [False, True], ids=["dealt-on-time", "dealt-ahead"])
def test_the_dealer_sends_exactly_the_transcripts_messages(data_dir: Path, ahead: bool) -> None:
    """Also with the next hand's cards worked out ahead while each player thinks (what
    the server does): the same cards and messages."""
    comments, traffic = _transcript(data_dir)
    dealer = _dealer(
        data_dir, "holdem.limit.2p.reverse_blinds.game", 1000, match_name="limit2p",
        limits=TimeLimits(response=600, hand=600, per_hand=7),
    )  # fmt: skip
    assert dealer.header() == comments
    pending: list[Message] = list(dealer.start().messages)
    sent = received = 0
    for direction, seat, text in traffic:
        if direction == "TO":
            assert pending, f"the transcript sends {text!r}, the dealer nothing"
            assert pending.pop(0) == Message(seat, text)
            sent += 1
        else:
            assert not pending, f"the dealer still has {pending[0]} to send"
            assert dealer.actor == seat
            step = dealer.receive(seat, text + "\r\n")
            assert step.acted and not step.notes
            pending.extend(step.messages)
            received += 1
            if ahead:
                dealer.deal_ahead()
                dealer.deal_ahead()  # a second call changes nothing
    assert (sent, received) == (270, 123)
    assert dealer.hand_number == 12


def _play_log(dealer: ACPCDealer, log: ACPCLog) -> None:
    """Answer the dealer with the actions of ``log``: every hand ends as it did there."""
    dealer.start()
    for hand in log.hands:
        actions = [a for r in hand.betting for a in r]
        assert dealer.hand_number == hand.number
        for action in actions:
            seat = dealer.actor
            assert seat is not None
            step = dealer.receive(seat, f"{dealer.state(seat)}:{action}")
            assert step.acted and not step.notes, step.notes
    assert dealer.finished


@pytest.mark.parametrize(
    ("log_name", "game", "hands"),
    [
        ("limit2p_1000hands_seed42.log", "holdem.limit.2p.reverse_blinds.game", 1000),
        ("nolimit2p_200hands_seed42.log", "holdem.nolimit.2p.reverse_blinds.game", 200),
    ],
)
def test_replaying_a_logs_actions_writes_the_same_log(
    data_dir: Path, log_name: str, game: str, hands: int
) -> None:
    """Same seed, same cards hand for hand; same actions, same log line for line (the
    header's match name aside)."""
    text = (data_dir / "acpc" / log_name).read_text()
    log = ACPCLog.parse(text)
    assert log.seed == 42 and len(log.hands) == hands
    dealer = _dealer(data_dir, game, hands, match_name=log.match_name)
    _play_log(dealer, log)
    assert dealer.log == text.splitlines()


def _answer_all(dealer: ACPCDealer, action: Callable[[], str]) -> ACPCLog:
    """Play the match answering every state with ``action()``; the log."""
    dealer.start()
    while not dealer.finished:
        seat = dealer.actor
        assert seat is not None
        dealer.receive(seat, f"{dealer.text(seat)}:{action()}")
    return ACPCLog.parse("\n".join(dealer.log))


def test_cards_for_seed_42_are_the_logs_cards(data_dir: Path) -> None:
    """Whatever the players do, the cards of each hand are the reference's: every
    player checks or calls (so every board is dealt to the river), and the cards equal
    the reference log's as far as its hands went."""
    log = ACPCLog.load(data_dir / "acpc" / "limit2p_1000hands_seed42.log")
    dealer = _dealer(data_dir, "holdem.limit.2p.reverse_blinds.game", 1000)
    ours = _answer_all(dealer, lambda: "c")
    assert len(ours.hands) == 1000
    for mine, theirs in zip(ours.hands, log.hands, strict=True):
        assert mine.hole == theirs.hole
        assert mine.board[: len(theirs.board)] == theirs.board
        assert mine.names == theirs.names


def test_three_handed_cards_follow_the_deal(data_dir: Path) -> None:
    game = GameDef.load(data_dir / "acpc" / "holdem.nolimit.3p.game")
    dealer = _dealer(data_dir, "holdem.nolimit.3p.game", 30)
    ours = _answer_all(dealer, lambda: "c")
    deals = game.deals(42)
    for hand in ours.hands:
        dealt = next(deals)
        assert hand.hole == dealt.hole and hand.board == dealt.board
    # seats rotate: Alice is position 0, then 2, then 1, ...
    assert [h.names.index("Alice") for h in ours.hands[:4]] == [0, 2, 1, 0]


def test_fixed_seats_keep_positions(data_dir: Path) -> None:
    dealer = _dealer(data_dir, "holdem.limit.3p.game", 5, fixed_seats=True)
    hands = _answer_all(dealer, lambda: "f").hands
    assert len(hands) == 5
    assert {h.names for h in hands} == {("Alice", "Bob", "Carol")}


def test_the_written_log_replays_with_check(data_dir: Path, tmp_path: Path) -> None:
    import random

    rng = random.Random(7)
    dealer = _dealer(data_dir, "holdem.nolimit.3p.game", 300)
    _answer_all(dealer, lambda: rng.choice("fccr") + str(rng.choice([0, 150, 1000, 20000])))
    path = tmp_path / "nl3.log"
    path.write_text("\n".join(dealer.log) + "\n")
    (tmp_path / "holdem.nolimit.3p.game").write_text(
        (data_dir / "acpc" / "holdem.nolimit.3p.game").read_text()
    )
    outcomes = list(replays(path))
    assert len(outcomes) == 300
    assert all(o.replay is not None and o.replay.check() is not None for o in outcomes)
    assert all(o.replay.check().matches for o in outcomes if o.replay)  # type: ignore[union-attr]
    assert sum(dealer.totals) == 0
    assert sum(Fraction(v) for v in ACPCLog.load(path).score[0]) == 0  # type: ignore[index]


def test_invalid_actions_as_the_reference_treats_them(data_dir: Path) -> None:
    dealer = _dealer(data_dir, "holdem.nolimit.2p.reverse_blinds.game", 3)
    dealer.start()
    # hand 0: position 1 (seat 1, the button) acts first pre-flop
    step = dealer.receive(1, f"{dealer.state(1)}:r99999999")
    assert step.notes == ["seat 2: raise to 99999999 lowered to 20000"]
    assert dealer.state(0).betting_text == "r20000"
    step = dealer.receive(0, f"{dealer.state(0)}:x")
    assert step.notes == ["seat 1: unreadable action, changed to call"]
    assert dealer.hand_number == 1  # called all-in: the hand is over
    # hand 1: seat 0 is position 1; a fold with nothing to call is a call
    dealer.receive(0, f"{dealer.state(0)}:c")
    step = dealer.receive(1, f"{dealer.state(1)}:f")
    assert step.notes == [
        "seat 2: invalid action f (fold with nothing to call), changed to call"
    ]
    assert MatchState.parse(step.messages[0].text).betting_text == "cc/"
    step = dealer.receive(1, f"{dealer.state(1)}:r1")
    assert step.notes == ["seat 2: raise to 1 raised to 200"]


@pytest.mark.parametrize(
    ("policy", "action", "betting", "note"),
    [
        (InvalidPolicy.CALL, "r5", "r200", "raise to 5 raised to 200"),
        (InvalidPolicy.FOLD, "r5", "f", "invalid raise to 5 (legal: 200 to 20000 in the hand), "
         "changed to fold"),
        (InvalidPolicy.REJECT, "r5", "", "invalid raise to 5 (legal: 200 to 20000 in the hand): "
         "refused"),
        (InvalidPolicy.FOLD, "q", "f", "unreadable action, changed to fold"),
    ],
)  # fmt: skip
def test_invalid_policy(
    data_dir: Path, policy: InvalidPolicy, action: str, betting: str, note: str
) -> None:
    dealer = _dealer(data_dir, "holdem.nolimit.2p.reverse_blinds.game", 3, invalid=policy)
    dealer.start()
    step = dealer.receive(1, f"{dealer.state(1)}:{action}")
    assert step.notes == [f"seat 2: {note}"]
    assert step.acted == (policy is not InvalidPolicy.REJECT)
    if betting == "f":
        assert dealer.hand_number == 1
    else:
        assert dealer.state(0).betting_text == betting


def test_lines_that_are_not_the_answer_are_ignored(data_dir: Path) -> None:
    dealer = _dealer(data_dir, "holdem.limit.2p.reverse_blinds.game", 2)
    dealer.start()
    state = str(dealer.state(1))
    for line, note in [
        ("# a comment", None),
        ("; another", None),
        (f"{dealer.state(0)}:r", "seat 1: ignoring un-requested response (not to act)"),
        ("MATCHSTATE:1:0:c:|2hAc:r", "seat 2: ignoring un-requested response (other betting)"),
        ("MATCHSTATE:1:7::|2hAc:r", "seat 2: ignoring un-requested response "
         "(position 1, hand 7)"),
        ("MATCHSTATE:1:0::|2hAd:r", "seat 2: ignoring un-requested response (other hole cards)"),
        ("hello", "seat 2: bad state format in response (not a MATCHSTATE line)"),
    ]:  # fmt: skip
        seat = 0 if "not to act" in (note or "") else 1
        step = dealer.receive(seat, line)
        assert not step.acted and not step.messages
        assert step.notes == ([note] if note else [])
    # k and b are c and r; upper case cards and actions are read; the tail is ignored
    step = dealer.receive(1, state.replace("2hAc", "2HaC") + ":B and more")
    assert step.acted and not step.notes
    assert dealer.state(0).betting_text == "r"


def test_time_runs_out_the_seat_gets_the_default_action(data_dir: Path) -> None:
    limits = TimeLimits(response=2, hand=3, per_hand=1)
    dealer = _dealer(data_dir, "holdem.limit.2p.reverse_blinds.game", 4, limits=limits)
    dealer.start()
    assert dealer.budget(1) == 2
    dealer.receive(1, f"{dealer.state(1)}:c", elapsed=1.5)
    assert dealer.budget(1) == pytest.approx(1.5)  # 3 s a hand, 1.5 used
    step = dealer.expire(0, elapsed=2)
    assert step.notes == ["seat 1 ran out of time: check"]
    assert dealer.budget(0) == 1  # what is left of its 3 s in this hand
    dealer.receive(0, f"{dealer.state(0)}:c", elapsed=0.5)
    assert dealer.budget(0) == pytest.approx(0.5)
    assert dealer.actor == 1
    with pytest.raises(RuntimeError, match="not to act"):
        dealer.expire(0)
    # the match's share: 4 hands x 1 s; seat 1 has used 1.5
    assert dealer.budget(1) == pytest.approx(min(2, 3 - 1.5, 4 - 1.5))


def test_a_match_of_no_hands_or_bad_names_is_refused_and_one_hand_is_played() -> None:
    """The boundary of ``hands``: 0 refused, 1 played (one hand, then the score)."""
    from pokerroom.history.acpc import LIMIT_HEADS_UP

    game = GameDef.parse(LIMIT_HEADS_UP)
    with pytest.raises(ValueError, match=r"^a match has 1 hand or more, not 0$"):
        ACPCDealer(game, names=["a", "b"], hands=0, seed=1)
    with pytest.raises(ValueError, match=r"^the game is for 2 players, 3 names given$"):
        ACPCDealer(game, names=["a", "b", "c"], hands=1, seed=1)
    with pytest.raises(ValueError, match="a player's name cannot be 'a:b'"):
        ACPCDealer(game, names=["a:b", "c"], hands=1, seed=1)
    dealer = ACPCDealer(game, names=["a", "b"], hands=1, seed=1)
    dealer.start()
    while not dealer.finished:
        seat = dealer.actor
        assert seat is not None
        dealer.expire(seat)
    assert dealer.hand_number == 0 and dealer.log[-1].startswith("SCORE:")
