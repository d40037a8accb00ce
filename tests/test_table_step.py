"""The table stepped through its public methods (``to_act``, ``pending_view``, ``step``,
``apply``, ``deal``), and the runner's one loop held to a plain loop over those methods:
a long random game, faults included, played both ways gives the same hands."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pokerroom.cards import parse_cards
from pokerroom.engine import Action, ActionKind, IllegalAction, PlayerView, Street
from pokerroom.players import RandomBot, Runner
from pokerroom.rules import Rules
from pokerroom.table import Table
from table_helpers import RULESETS, cards_in, deck_for, small

NL = Rules.preset("no-limit")  # blinds 2/4


# ------------------------------------------------------------------ the public step


def test_an_illegal_action_is_refused_naming_the_legal_choices_and_nothing_changes() -> None:
    table = Table(NL, 3, rng=random.Random(4))
    table.deal()
    view = table.pending_view()
    assert view is not None and view.seat == table.to_act == 0
    before = table.save()
    for bad, why in [
        (Action.raise_to(5), "the minimum is 8"),
        (Action.check(), "cannot check"),
        (Action.raise_to(10**6), "the maximum is 1000"),
    ]:
        with pytest.raises(IllegalAction, match=why) as info:
            table.step(bad)
        # The refusal names what the seat may do.
        assert str(info.value).endswith("(legal: fold, call 4, raise to 8 to 1000)")
        assert table.save() == before and table.actions == ()
        assert table.to_act == 0 and table.pending_view() is view  # the same decision
    with pytest.raises(IllegalAction, match=r"it is seat 0's turn \(legal for seat 0: "):
        table.step(Action.call(), seat=1)
    with pytest.raises(IllegalAction, match="not an action"):
        table.step("call")  # type: ignore[arg-type]
    assert table.save() == before
    assert view.legal is not None and view.legal.seat == 0  # the view still reads


def test_step_says_whose_turn_it_is_and_the_hand_ends_with_none() -> None:
    table = Table(NL, 4, rng=random.Random(9))
    assert (table.to_act, table.step()) == (None, None)  # no hand yet: nothing to step
    table.deal(auto_showdown=True)
    seen: list[int] = []
    view = table.pending_view()
    while view is not None:
        assert view.seat == table.to_act and view.legal is not None
        assert view.legal.seat == view.seat
        assert table.pending_view() is view  # asked again: the same decision's view
        seen.append(view.seat)
        view = table.step(Action.call() if ActionKind.CALL in view.legal.kinds
                          else Action.check())  # fmt: skip
    assert table.to_act is None and not table.in_hand
    assert seen[:4] == [3, 0, 1, 2]  # under the gun (left of the big blind), round the table
    assert sum(table.stacks) == 4 * NL.buy_in and table.hand_number == 1
    with pytest.raises(IllegalAction, match="no hand is in play"):
        table.step(Action.check())
    table.deal()  # the next hand: the button moves one seat
    assert table.button == 1 and table.to_act == 0


def test_a_view_shows_only_its_own_seats_hole_cards() -> None:
    table = Table(NL, 3, rng=random.Random(1))
    holes = ["Ah Kh", "2c 3d", "9s 9d"]
    table.deal(deck_for(table, holes, "Qh Jh Th 4s 5s"), auto_showdown=True)
    mine = {t: set(parse_cards(h)) for t, h in enumerate(holes)}
    everyone = set().union(*mine.values())
    decisions = 0
    view: PlayerView | None = table.pending_view()
    while view is not None:
        decisions += 1
        t = view.seat
        assert set(view.hole) == mine[t]
        shown = {c for hand in view.shown if hand for c in hand}
        assert set(cards_in(view)) & everyone <= mine[t] | shown
        legal = view.legal
        assert legal is not None
        view = table.step(Action.call() if ActionKind.CALL in legal.kinds else Action.check())
    assert decisions >= 6  # pre-flop and every street after


@pytest.mark.parametrize("name", ["no-limit", "casino-limit", "computer-tournament"])
def test_a_game_stepped_by_hand_eliminates_and_ends(name: str) -> None:
    """Deal, step to the end of each hand, deal again: the table moves the button, puts
    out the seats with no chips and ends the game by itself."""
    rules = small(RULESETS[name])
    table = Table(rules, 4, rng=random.Random(3))
    rng = random.Random(5)
    while not table.is_over:
        table.deal(auto_showdown=True)
        view = table.pending_view()
        while view is not None:
            view = table.step(RandomBot(seed=rng.getrandbits(32)).act(view, 1.0))
        assert sum(table.stacks) == 4 * rules.buy_in
    assert sorted(s.place for s in table.standings)[0] == 1
    assert sum(table.out) == 3 and table.to_act is None and table.pending_view() is None


# ------------------------------------------------------- the runner against a plain loop


class Flaky(RandomBot):
    """A random bot that now and then raises, answers garbage or an illegal action, and
    announces its showdowns with the default."""

    def act(self, view: PlayerView, budget: float) -> Any:
        draw = self.rng.random()
        if draw < 0.02:
            raise RuntimeError("flaky")
        if draw < 0.04:
            return "fold"
        if draw < 0.06:
            return Action.raise_to(10**9)
        return super().act(view, budget)


class Announcer(RandomBot):
    """A random bot that announces at the showdown (show when it may, else muck)."""

    def announce(self, view: PlayerView, budget: float) -> Action:
        legal = view.legal
        assert legal is not None
        if ActionKind.SHOW in legal.kinds and self.rng.random() < 0.8:
            return Action.show(legal.values[0]) if legal.values else Action.show()
        return Action.muck()


def field(seed: int, size: int) -> list[RandomBot]:
    kinds = [RandomBot, Flaky, Announcer]
    return [kinds[s % 3](seed=seed * 100 + s) for s in range(size)]


def by_runner(table: Table, players: list[RandomBot]) -> tuple[list[Any], int]:
    hands: list[Any] = []
    runner = Runner(table, players)
    runner.play(after_hand=lambda: hands.append(summary(table)))
    return hands, len(runner.faults)


def by_plain_loop(table: Table, players: list[RandomBot]) -> tuple[list[Any], int]:
    """The slow oracle: the plain loop over the public methods, each fault handled the
    way the runner promises (the default action)."""
    hands: list[Any] = []
    faults = 0
    while not table.is_over:
        table.deal()  # (announcers play: nobody's showdown is left to the hand)
        while (seat := table.to_act) is not None:
            view = table.turn_view()
            player = players[seat]
            assert view.legal is not None
            if view.legal.street is Street.SHOWDOWN and not isinstance(player, Announcer):
                table.apply(table.default_action())  # it leaves its showdown to the table
                continue
            try:
                if view.legal.street is Street.SHOWDOWN:
                    answer: object = player.announce(view, 1.0)
                else:
                    answer = player.act(view, 1.0)
            except Exception:
                answer = None
            if isinstance(answer, Action) and table.is_legal(answer):
                table.apply(answer)
            else:
                faults += 1
                table.apply(table.default_action())
        hands.append(summary(table))
    return hands, faults


def summary(table: Table) -> tuple[Any, ...]:
    return (table.hand_number, table.hand_start, table.actions, table.last_result,
            table.stacks, table.log)  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize(("name", "size", "seed", "reset"), [
    ("no-limit", 6, 1, True), ("casino-limit", 4, 2, True), ("announced-no-limit", 3, 3, True),
    ("casino-limit", 6, 4, False), ("pot-limit", 9, 5, False),
])  # fmt: skip
def test_the_runner_plays_the_hands_a_plain_loop_plays(
    name: str, size: int, seed: int, reset: bool
) -> None:
    """A long game (stacks reset every hand) or a freeze-out (players out, the button
    skipping their seats), the same both ways."""
    rules = RULESETS[name].replace(buy_in=60 * RULESETS[name].big_blind)

    def table() -> Table:
        return Table(rules, size, rng=random.Random(seed), reset_stacks=reset, max_hands=2000)

    fast, fast_faults = by_runner(table(), field(seed, size))
    slow, slow_faults = by_plain_loop(table(), field(seed, size))
    assert len(fast) > (1000 if reset else 5) and fast_faults > 10
    assert (fast, fast_faults) == (slow, slow_faults)


def test_the_runner_plays_the_hands_a_plain_loop_plays_briefly() -> None:
    """The same, a short game (the long ones are marked slow)."""
    rules = Rules.preset("no-limit", buy_in=40)

    def table() -> Table:
        return Table(rules, 4, rng=random.Random(7), reset_stacks=True, max_hands=60)

    fast = by_runner(table(), field(7, 4))
    assert fast == by_plain_loop(table(), field(7, 4))
    assert len(fast[0]) == 60 and fast[1] > 0
