"""The JSON protocol's client state machine (pokerroom.jsonproto.client.ClientSession)
against the dealer's (JSONDealer), line by line, with no transport: the player hears
every notice typed, a refused answer is retried once as the default action, a wrong
token ends the client."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pokerroom.engine import Action, PlayerView
from pokerroom.jsonproto.client import ClientSession, JSONClientError
from pokerroom.jsonproto.dealer import JSONDealer, Outbox
from pokerroom.jsonproto.messages import Limits
from pokerroom.players import Player
from pokerroom.players.runner import GameResult
from pokerroom.rules import Rules
from pokerroom.table import GameStart, HandStart, Table


class Hearer(Player):
    """Raises to a billion (illegal) at its first decision, then checks or calls; records
    what it is told."""

    def __init__(self) -> None:
        self.heard: list[tuple[str, Any]] = []
        self.asked = 0

    def act(self, view: PlayerView, budget: float) -> Action:
        self.asked += 1
        if self.asked == 1:
            return Action.raise_to(10**9)
        return Action.check() if view.to_call == 0 else Action.call()

    def start_game(self, start: GameStart) -> None:
        self.heard.append(("start_game", start))

    def start_hand(self, start: HandStart) -> None:
        self.heard.append(("start_hand", start))

    def observe(self, event: Any) -> None:
        self.heard.append(("observe", event))

    def end_hand(self, view: PlayerView) -> None:
        self.heard.append(("end_hand", view))

    def end_game(self, result: GameResult) -> None:
        self.heard.append(("end_game", result))


def _lines(out: Outbox, conn: object) -> list[bytes]:
    return [line for c, data in out.messages if c is conn for line in data.splitlines()]


def test_a_session_hears_every_notice_typed_and_retries_a_refused_answer_as_the_default() -> None:
    table = Table(Rules.preset("casino-limit"), 2, rng=random.Random(3), max_hands=3,
                  reset_stacks=True)  # fmt: skip
    dealer = JSONDealer(table, ["a", "b"], limits=Limits(rate=1e9, burst=10**9))
    players = [Hearer(), Hearer()]
    sessions = [ClientSession(p, token) for p, token in zip(players, "ab", strict=True)]
    conns = []
    inbox: list[list[bytes]] = [[], []]
    for seat, session in enumerate(sessions):
        conn, out = dealer.open()
        conns.append(conn)
        for line in _lines(out, conn):
            session.receive(line)
        join = session.outgoing()
        assert join.startswith(b'{"type":"join","token":')
        inbox[seat] += _lines(dealer.receive(conn, join.rstrip(b"\n"), 0.0), conn)

    def post(out: Outbox) -> None:
        for seat, conn in enumerate(conns):
            inbox[seat] += _lines(out, conn)

    post(dealer.start(0.0))
    sent: list[list[bytes]] = [[], []]
    while any(inbox):
        seat = next(s for s in range(2) if inbox[s])
        line = inbox[seat].pop(0)
        sessions[seat].receive(line)
        for answer in sessions[seat].outgoing().splitlines():
            sent[seat].append(answer)
            post(dealer.receive(conns[seat], answer, 0.0))
    for player, session in zip(players, sessions, strict=True):
        kinds = [kind for kind, _ in player.heard]
        assert kinds[0] == "start_game" and kinds[-1] == "end_game"
        assert kinds.count("start_hand") == kinds.count("end_hand") == 3
        assert isinstance(player.heard[-1][1], GameResult)
        assert all(isinstance(v, HandStart) for k, v in player.heard if k == "start_hand")
        assert all(isinstance(v, PlayerView) for k, v in player.heard if k == "end_hand")
        assert session.done and session.result.end is not None and session.result.hands == 3
        # the raise to a billion was refused, and the default answered it at once (else
        # the match would wait for it: nothing here runs the clock)
        assert [e.split(":")[0] for e in session.result.errors] == ["illegal-action"]
        assert session.result.defaults == 0
        assert session.result.decisions > player.asked  # (and the showdowns' answers)
    assert [lines[-1] for lines in sent] == [b'{"type":"bye"}'] * 2


def test_a_wrong_token_ends_the_session_with_the_dealers_reason() -> None:
    table = Table(Rules.preset("casino-limit"), 2, rng=random.Random(3), max_hands=1)
    dealer = JSONDealer(table, ["a", "b"])
    session = ClientSession(Hearer(), "wrong")
    conn, out = dealer.open()
    for line in _lines(out, conn):
        session.receive(line)
    refusal = _lines(dealer.receive(conn, session.outgoing().rstrip(b"\n"), 0.0), conn)
    with pytest.raises(JSONClientError, match="the dealer refused the token"):
        for line in refusal:
            session.receive(line)
