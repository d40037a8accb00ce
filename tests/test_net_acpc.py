"""The ACPC protocol core without sockets: parsing, reply reading (fuzzed), the
translation of actions both ways, and a dealer and its seats playing each other."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.engine import Action, ActionKind, LegalActions, Street, random_action
from pokerroom.history.acpc import LIMIT_HEADS_UP, GameDef
from pokerroom.history.acpclog import ACPCAction
from pokerroom.net.acpc.dealer import ACPCDealer
from pokerroom.net.acpc.protocol import (
    ACPCProtocolError,
    InvalidPolicy,
    MatchState,
    ReplyKind,
    decide,
    read_reply,
    read_version,
    version_warning,
)
from pokerroom.net.acpc.seat import ACPCSeat

LIMIT = GameDef.parse(LIMIT_HEADS_UP)
GAMES = (
    "holdem.limit.2p.reverse_blinds.game",
    "holdem.limit.3p.game",
    "holdem.nolimit.2p.reverse_blinds.game",
    "holdem.nolimit.3p.game",
)


def test_versions() -> None:
    assert read_version("VERSION:2.0.0\r\n") == (2, 0, 0)
    assert read_version("VERSION: 2.1.7 trailing") == (2, 1, 7)
    assert version_warning((2, 0, 5)) is None
    assert version_warning((2, 1, 0)) == (
        "the player speaks version 2.1.0; this dealer speaks 2.0.0"
    )
    assert version_warning((3, 0, 0)) is not None
    for bad in ("", "VERSION2.0.0", "version:2.0.0", "VERSION:2.0", "MATCHSTATE:0:0::AsKs|"):
        with pytest.raises(ACPCProtocolError, match="must be the protocol version"):
            read_version(bad)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("MATCHSTATE:0:0::", "2 or more players"),
        ("MATCHSTATE:0:0::A|", "bad cards"),
        ("MATCHSTATE:2:0::AsKs|", "position 2 of a 2-player state"),
        ("MATCHSTATE:0:x::AsKs|", "whole numbers"),
        ("MATCHSTATE:0:0:q:AsKs|", "bad betting"),
        ("MATCHSTATE:0:0:cc/:AsKs|", "2 betting rounds but cards for 1"),
        ("MATCHSTATE:0:0::AsAs|", "appears twice"),
        ("MATCHSTATE:0:0::AsKs|:r", "5 fields"),
        ("STATE:0:0::AsKs|", "not a MATCHSTATE"),
    ],
)
def test_bad_states_are_refused_with_the_reason(text: str, problem: str) -> None:
    with pytest.raises(ACPCProtocolError, match=problem):
        MatchState.parse(text)


def _states(game: GameDef, hands: int, seed: int) -> list[MatchState]:
    """Every state a dealer sends in a few hands of random play."""
    rng = random.Random(seed)
    dealer = ACPCDealer(game, names=[f"p{i}" for i in range(game.num_players)], hands=hands,
                        seed=seed)  # fmt: skip
    out = [MatchState.parse(m.text) for m in dealer.start().messages]
    while not dealer.finished:
        seat = dealer.actor
        assert seat is not None
        action = f"{rng.choice('fcrr')}{rng.randrange(9999)}"
        step = dealer.receive(seat, f"{dealer.state(seat)}:{action}")
        out += [MatchState.parse(m.text) for m in step.messages]
    return out


@pytest.mark.parametrize("name", GAMES)
def test_states_round_trip(data_dir: Path, name: str) -> None:
    game = GameDef.load(data_dir / "acpc" / name)
    states = _states(game, 20, 3)
    assert len(states) > 100
    for state in states:
        assert MatchState.parse(str(state) + "\r\n") == state
        assert read_reply(f"{state}:c", state, game).kind is ReplyKind.ACTION


_STATE = MatchState.parse("MATCHSTATE:1:9:cr/r:|Td8s/2sKh9d")


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=120))
def test_any_text_is_some_reply(text: str) -> None:
    reply = read_reply(text, _STATE, LIMIT)
    assert reply.kind in ReplyKind
    assert (reply.action is not None) == (reply.kind is ReplyKind.ACTION)


@settings(max_examples=400)
@given(st.text(alphabet="MATCHSTE:0123456789crfkb/|TdsKh2Ax\r\n ;#", max_size=60))
def test_near_misses_are_some_reply(tail: str) -> None:
    for text in (tail, f"MATCHSTATE:1:9:{tail}", f"{_STATE}{tail}"):
        reply = read_reply(text, _STATE, LIMIT)
        assert reply.kind in ReplyKind


@settings(max_examples=300)
@given(st.text(max_size=80))
def test_match_state_parse_raises_only_protocol_errors(text: str) -> None:
    try:
        state = MatchState.parse(text)
    except ACPCProtocolError:
        return
    assert MatchState.parse(str(state)) == state


@given(st.sampled_from("fFcCkKrRbB"), st.text(alphabet="0123456789 +-\r\nxyz", max_size=8))
def test_an_answer_reads_its_first_letter(letter: str, tail: str) -> None:
    reply = read_reply(f"{_STATE}:{letter}{tail}", _STATE, LIMIT)
    assert reply.kind is ReplyKind.ACTION
    assert reply.action == ACPCAction({"k": "c", "b": "r"}.get(letter.lower(), letter.lower()))


def _legal_sets() -> st.SearchStrategy[LegalActions]:
    K = ActionKind

    @st.composite
    def build(draw: st.DrawFn) -> LegalActions:
        facing = draw(st.booleans())
        kinds: tuple[ActionKind, ...] = (K.FOLD, K.CALL) if facing else (K.CHECK,)
        can_raise = draw(st.booleans())
        low = draw(st.integers(1, 500))
        high = draw(st.integers(low, 20000))
        if can_raise:
            kinds += (K.RAISE,) if facing else (K.BET,)
        to_call = draw(st.integers(1, 100)) if facing else 0
        return LegalActions(0, Street.TURN, kinds, to_call=to_call, call=to_call, min_to=low,
                            max_to=high)  # fmt: skip

    return build()


@given(
    _legal_sets(),
    st.one_of(st.none(), st.builds(ACPCAction, st.sampled_from("fcr"),
                                   st.one_of(st.none(), st.integers(-(2**31), 2**31 - 1)))),
    st.integers(0, 10000),
    st.sampled_from(list(InvalidPolicy)),
    st.booleans(),
)  # fmt: skip
def test_every_decision_is_legal_or_a_refusal(
    legal: LegalActions,
    action: ACPCAction | None,
    base: int,
    policy: InvalidPolicy,
    nolimit: bool,
) -> None:
    decision = decide(action, legal, round_base=base, nolimit=nolimit, policy=policy)
    if decision.action is None:
        assert policy is InvalidPolicy.REJECT and decision.problem.endswith("refused")
        return
    assert decision.action in legal
    if action is not None and action.kind == "c":
        assert decision.action.kind in (ActionKind.CHECK, ActionKind.CALL)
        assert not decision.problem
    if policy is InvalidPolicy.FOLD and decision.problem:
        assert decision.action in (Action.fold(), Action.check())


@pytest.mark.parametrize("name", GAMES)
def test_seats_follow_the_dealer_and_play_legal_actions(data_dir: Path, name: str) -> None:
    """A dealer and one ACPCSeat per seat, random players: every reply is taken as sent
    (no note), the views show only what the seat may see, chips are conserved.  A twin
    of each seat that prepares between states (as a client does) and forgets every
    betting it met (so it plays each one on its stand-in hand, where the seat remembers
    what a betting it met before says) reads every state alike: the same turn,
    choices, replies and nets."""
    game = GameDef.load(data_dir / "acpc" / name)
    n = game.num_players
    dealer = ACPCDealer(game, names=[f"p{i}" for i in range(n)], hands=150, seed=11)
    seats = [ACPCSeat(game) for _ in range(n)]
    twins = [ACPCSeat(game) for _ in range(n)]
    rng = random.Random(5)
    queue = list(dealer.start().messages)
    decisions = nets = 0
    while queue:
        message = queue.pop(0)
        seat, twin = seats[message.seat], twins[message.seat]
        seat.receive(message.text)
        twin._nodes.clear()
        twin.receive(message.text)
        assert (twin.to_act, twin.hand_over) == (seat.to_act, seat.hand_over)
        if seat.hand_over:
            assert twin.net() == seat.net()
            nets += 1
        if seat.to_act:
            view = seat.view()
            assert view.legal is not None
            assert twin.view().legal == view.legal
            mine = set(view.hole)
            assert len(mine) == 2
            for p, cards in enumerate(seat.state.hole):
                assert not cards or p == view.seat or seat.hand_over
            action = Action(*random_action(view.legal, rng))
            answer = seat.reply(action)
            assert twin.reply(action) == answer
            step = dealer.receive(message.seat, answer)
            assert step.acted and not step.notes, step.notes
            queue += step.messages
            decisions += 1
        twin.prepare()
    assert dealer.finished and dealer.hand_number == 149
    assert decisions > 300 and nets == 150 * n
    assert sum(dealer.totals) == 0
