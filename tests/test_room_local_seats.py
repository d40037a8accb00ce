"""Local seats in the JSON dealer core (the room's bots): a seat played by a player in
the server's process, asked when its turn comes (at once, or at the deadline of a
pending decision marked local), and the runner's one-decision step it uses."""

from __future__ import annotations

import json
import random

import pytest

from pokerroom.engine import Action
from pokerroom.jsonproto.dealer import JSONDealer
from pokerroom.players import CallingStation, Player, RandomBot
from pokerroom.players.runner import FaultKind, Runner
from pokerroom.rules import Rules
from pokerroom.table import Table

TOKENS = ["t" * 10, "u" * 10, "v" * 10]


def table(seed: int = 1) -> Table:
    return Table(Rules.preset("no-limit", buy_in=200), 3, rng=random.Random(seed))


def test_local_seats_wait_their_delay_and_a_person_is_asked_only_for_theirs() -> None:
    dealer = JSONDealer(table(), TOKENS, players={1: RandomBot(seed=1), 2: CallingStation()},
                        local_delay=0.5)
    conn, _ = dealer.open()
    dealer.receive(conn, json.dumps({"type": "join", "token": TOKENS[0]}).encode(), 0.0)
    out = dealer.start(0.0)
    now = 0.0
    asked = 0
    for _ in range(3000):
        if dealer.finished:
            break
        pending = dealer.pending
        assert pending is not None
        for who, message in out.decoded():
            if message["type"] == "act":
                assert who is conn and message["view"]["seat"] == 0 and not pending.local
                asked += 1
        if pending.local:
            assert pending.seat in (1, 2) and pending.deadline == now + 0.5
            now = pending.deadline
            out = dealer.expire(now)
        else:
            kinds = {k.value for k in dealer.table.legal_actions().kinds}
            action = next(k for k in ("show", "check", "fold") if k in kinds)
            line = {"type": "action", "hand": pending.hand, "seq": pending.seq,
                    "action": action}
            out = dealer.receive(conn, json.dumps(line).encode(), now)
    assert dealer.finished and asked > 0
    assert sum(dealer.table.stacks) == 600


def test_a_local_seat_cannot_be_joined_and_without_delay_plays_at_once() -> None:
    dealer = JSONDealer(table(2), TOKENS, players={0: RandomBot(seed=2), 1: RandomBot(seed=3),
                                                   2: RandomBot(seed=4)})
    conn, _ = dealer.open()
    out = dealer.receive(conn, json.dumps({"type": "join", "token": TOKENS[1]}).encode(), 0.0)
    assert [m["code"] for _, m in out.decoded() if m["type"] == "error"] == ["bad-token"]
    dealer.start(0.0)
    assert dealer.finished and dealer.pending is None
    assert sorted(s.place for s in dealer.table.standings) == [1, 2, 3]


class Broken(Player):
    def act(self, view: object, budget: float) -> Action:
        raise RuntimeError("no idea")


class Garbage(Player):
    def act(self, view: object, budget: float) -> Action:
        return "raise a lot"  # type: ignore[return-value]


@pytest.mark.parametrize(("player", "kind"), [(Broken(), FaultKind.EXCEPTION),
                                              (Garbage(), FaultKind.GARBAGE)])
def test_decide_plays_the_default_for_a_player_that_fails(player: Player,
                                                          kind: FaultKind) -> None:
    t = table(3)
    runner = Runner(t, [player, None, None])
    t.start_hand()
    assert runner.next_seat() == 0  # (three-handed: the button acts first)
    action = runner.decide()
    assert action == t.actions[-1][1] and runner.faults[-1].kind is kind
    assert runner.next_seat() == 1
    with pytest.raises(Exception, match="played from outside"):
        runner.decide()
