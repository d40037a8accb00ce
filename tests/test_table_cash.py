"""Cash tables: sitting down, topping up, sitting out and in, standing up between hands;
the button and the blinds with empty and sitting-out seats; missed blinds waited for or
posted (the rules guide, "Cash tables"); save and restore; and a state machine that
interleaves hands with every seat change."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from pokerroom.engine import Action, ActionKind
from pokerroom.engine.actions import random_action
from pokerroom.rules import Rules
from pokerroom.table import CashError, CashGame, NewPlayers, Post, SaveError, Table, TableError
from pokerroom.table.saved import checksum

NL = Rules.preset("no-limit")  # blinds 2/4


def cash_table(mode: str = "wait", seated: int = 4, rules: Rules = NL, size: int = 6) -> Table:
    """Seats 0 to ``seated - 1`` with 100 each, first button on seat 0."""
    table = Table(rules, size, cash=CashGame(40, 200, mode), rng=random.Random(1))
    for seat in range(seated):
        table.sit_down(seat, 100)
    return table


def finish(table: Table) -> None:
    """Play the hand in play to its end by the default actions (check, else fold)."""
    while table.to_act is not None:
        table.apply(table.default_action())


def committed(table: Table) -> tuple[int, ...]:
    """Each table seat's chips in the pot of the hand in play."""
    return table.view(-1).committed


def owed(table: Table) -> list[tuple[int, int]]:
    return [(p.live, p.dead) for p in table.owed]


# ----------------------------------------------------------------- worked examples


def test_the_first_hand_deals_every_seat_sitting_in_and_nobody_owes_anything() -> None:
    table = cash_table()
    assert owed(table)[:4] == [(4, 0)] * 4  # each newcomer owes a big blind...
    start = table.start_hand()  # ...but fewer than two were ready: a new game starts
    assert (start.button, start.seats) == (0, (0, 1, 2, 3))
    assert table.stacks == (100, 98, 96, 100, 0, 0)  # SB seat 1, BB seat 2
    assert table.posts == () and owed(table) == [(0, 0)] * 6


def test_the_button_moves_to_the_next_seat_in_skipping_empty_ones() -> None:
    table = Table(NL, 6, cash=CashGame(40), rng=random.Random(1))
    for seat in (0, 2, 5):
        table.sit_down(seat, 100)
    buttons = []
    for _ in range(4):
        buttons.append(table.start_hand().button)
        finish(table)
    assert buttons == [0, 2, 5, 0]


def test_a_newcomer_waiting_for_the_big_blind_is_dealt_in_as_the_big_blind() -> None:
    table = cash_table("wait")
    table.start_hand()
    finish(table)
    table.sit_down(4, 100)
    start = table.start_hand()  # button 1, SB 2, BB 3: seat 4 would be under the gun
    assert (start.button, start.seats) == (1, (0, 1, 2, 3))
    assert owed(table)[4] == (4, 0)
    finish(table)
    start = table.start_hand()  # button 2, SB 3, BB 4: the big blind comes to seat 4
    assert (start.button, start.seats) == (2, (0, 1, 2, 3, 4))
    assert table.posts == ()
    assert committed(table) == (0, 0, 0, 2, 4, 0)
    assert owed(table)[4] == (0, 0)


def test_a_newcomer_who_posts_is_dealt_in_at_once_with_a_live_big_blind() -> None:
    table = cash_table("post")
    table.start_hand()
    finish(table)
    table.sit_down(4, 100)
    start = table.start_hand()
    assert (start.button, start.seats) == (1, (0, 1, 2, 3, 4))
    assert table.posts == (Post(4, 4, 0),)
    assert committed(table) == (0, 0, 2, 4, 4, 0)
    assert table.hand.rules.blinds == (2, 4, 4)  # SB 2, BB 3, seat 4's post
    # The post is live: seat 4, under the gun, owes nothing and may check.
    assert table.to_act == 4
    assert str(table.legal_actions()) == "check, raise to 8 to 100"
    table.apply(Action.check())
    table.apply(Action.call())  # seat 0
    table.apply(Action.call())  # seat 1, the button
    table.apply(Action.call())  # seat 2 completes the small blind
    table.apply(Action.check())  # seat 3, the big blind
    assert committed(table) == (4, 4, 4, 4, 4, 0)


def test_a_newcomer_on_the_small_blind_waits_a_hand_then_posts() -> None:
    table = Table(NL, 6, cash=CashGame(40, 200, "post"), rng=random.Random(1))
    for seat in (0, 1, 3, 4):
        table.sit_down(seat, 100)
    start = table.start_hand()
    assert (start.button, start.seats) == (0, (0, 1, 3, 4))
    finish(table)
    table.sit_down(2, 100)  # between the next button (1) and the small blind
    start = table.start_hand()
    assert (start.button, start.seats, table.posts) == (1, (0, 1, 3, 4), ())
    assert committed(table) == (0, 0, 0, 2, 4, 0)
    assert owed(table)[2] == (4, 0)  # waiting to come in is not missing a blind
    finish(table)
    start = table.start_hand()  # button 3, SB 4, BB 0; seat 2 after seat 1
    assert (start.button, start.seats, table.posts) == (3, (0, 1, 2, 3, 4), (Post(2, 4, 0),))
    assert committed(table) == (4, 0, 4, 0, 2, 0)
    assert table.to_act == 1


def test_a_player_back_from_sitting_out_posts_the_missed_blinds_big_live_small_dead() -> None:
    table = cash_table("post", seated=5)
    history = []
    for hand in range(9):
        if hand == 2:
            table.sit_out(3)
        if hand == 8:
            table.sit_in(3)
        start = table.start_hand()
        history.append((start.button, start.seats, owed(table)[3]))
        if hand == 8:
            break
        finish(table)
    assert history == [
        (0, (0, 1, 2, 3, 4), (0, 0)),
        (1, (0, 1, 2, 3, 4), (0, 0)),  # seat 3 is the big blind
        (2, (0, 1, 2, 4), (0, 2)),  # the small blind passes seat 3 (button 2, SB 4)
        (4, (0, 1, 2, 4), (0, 2)),
        (0, (0, 1, 2, 4), (0, 2)),
        (1, (0, 1, 2, 4), (4, 2)),  # the big blind passes it (SB 2, BB 4)
        (2, (0, 1, 2, 4), (4, 2)),
        (4, (0, 1, 2, 4), (4, 2)),
        (0, (0, 1, 2, 3, 4), (0, 0)),  # back: posts 4 live and 2 dead
    ]
    assert table.posts == (Post(3, 4, 2),)
    assert committed(table) == (0, 2, 4, 6, 0, 0)
    assert table.to_act == 3 and str(table.legal_actions()) == "check, raise to 8 to 100"
    # Everyone calls, seat 3 checks its option: the dead 2 stays in the pot, not its bet.
    for action in ("check", "call", "call", "call", "check"):
        table.apply(Action.parse(action))
    assert committed(table) == (4, 4, 4, 6, 4, 0)


def test_a_missed_small_blind_is_posted_as_a_dead_ante_in_a_game_with_antes() -> None:
    table = cash_table("post", seated=5, rules=Rules.preset("no-limit", antes=1, blinds=(1, 2)))
    for hand in range(8):
        if hand == 2:
            table.sit_out(3)
        table.start_hand()
        finish(table)
    table.sit_in(3)
    table.start_hand()
    assert table.posts == (Post(3, 2, 1),)
    assert committed(table) == (1, 2, 3, 4, 1, 0)  # antes 1, SB 1, BB 2, post 2 + 1 dead


def test_a_player_back_from_sitting_out_waits_for_the_big_blind_in_wait_tables() -> None:
    table = cash_table("wait", seated=5)
    for hand in range(6):
        if hand == 2:
            table.sit_out(3)
        table.start_hand()
        finish(table)
    table.sit_in(3)
    assert owed(table)[3] == (4, 2)
    seats = []
    for _ in range(4):
        start = table.start_hand()
        seats.append((start.button, start.seats))
        blinds = committed(table)[2:4]
        finish(table)
    assert seats == [(2, (0, 1, 2, 4)), (4, (0, 1, 2, 4)), (0, (0, 1, 2, 4)),
                     (1, (0, 1, 2, 3, 4))]  # fmt: skip
    # In as the big blind (button 1, SB 2), posting nothing else: it owes nothing now.
    assert table.posts == () and owed(table)[3] == (0, 0)
    assert blinds == (2, 4)


def test_a_hand_is_dealt_only_with_two_seats_in() -> None:
    table = Table(NL, 4, cash=CashGame(40), rng=random.Random(1))
    assert not table.can_deal
    table.sit_down(2, 100)
    before = table.save()
    with pytest.raises(CashError, match="a hand needs two seats sitting in with chips"):
        table.deal()
    assert table.save() == before
    table.sit_down(3, 50)
    assert table.can_deal
    table.sit_out(3)
    assert not table.can_deal
    table.sit_in(3)
    start = table.start_hand()
    assert (start.button, start.seats) == (2, (2, 3))  # the first button's seat is empty


def test_a_seat_that_busts_stays_seated_with_nothing_and_sits_out_until_it_tops_up() -> None:
    table = cash_table(seated=3)
    table.start_hand()  # button 0, SB 1, BB 2: seat 0 moves all in, seat 1 calls
    table.apply(Action.raise_to(100))
    table.apply(Action.call())
    table.apply(Action.fold())
    while table.to_act is not None:
        table.apply(table.default_action())
    busted = table.stacks.index(0)
    assert table.taken[busted] and table.sitting_out[busted]
    assert not any(table.out) and not table.is_over and table.standings == ()
    with pytest.raises(CashError, match="has no chips: top up"):
        table.sit_in(busted)
    with pytest.raises(CashError, match="a rebuy is at least 40"):
        table.top_up(busted, 39)
    table.top_up(busted, 40)
    assert table.stacks[busted] == 40 and not table.sitting_out[busted]


def test_top_ups_are_bounded_by_the_maximum_buy_in() -> None:
    table = cash_table(seated=2)
    with pytest.raises(CashError, match=r"passes the maximum buy-in 200 \(top up by 1 to 100\)"):
        table.top_up(0, 101)
    table.top_up(0, 100)
    with pytest.raises(CashError, match="at the maximum buy-in 200 already"):
        table.top_up(0, 1)
    with pytest.raises(CashError, match="1 or more"):
        table.top_up(1, 0)
    assert table.stacks[:2] == (200, 100) and table.chips_in == 300


def test_a_buy_in_is_between_the_tables_minimum_and_maximum() -> None:
    table = cash_table(seated=1)
    for chips in (39, 201):
        with pytest.raises(CashError, match="the buy-in is at least 40, at most 200"):
            table.sit_down(1, chips)
    with pytest.raises(CashError, match=r"seat 0 is taken: sit down in an empty seat \(empty: "
                                        r"\[1, 2, 3, 4, 5\]\)"):  # fmt: skip
        table.sit_down(0, 100)
    table.sit_down(1, 40, name="Ada")
    assert table.names[:2] == ("seat 0", "Ada")


def test_standing_up_takes_the_chips_and_empties_the_seat() -> None:
    table = cash_table(seated=3)
    table.start_hand()
    finish(table)
    stacks = table.stacks
    assert table.stand_up(2) == stacks[2]
    assert not table.taken[2] and table.stacks[2] == 0
    assert sum(table.stacks) + table.chips_out - table.chips_in == 0
    with pytest.raises(CashError, match="seat 2 is empty: nobody to stand up"):
        table.stand_up(2)


def test_a_full_table_gives_a_free_seat_to_the_first_on_its_waiting_list() -> None:
    table = cash_table(seated=3, size=3)
    with pytest.raises(CashError, match="'seat 1' is seated at this table already"):
        table.join_waiting_list("seat 1")
    assert table.join_waiting_list("Ada") == 1
    table.start_hand()  # the list is kept mid-hand too
    assert table.join_waiting_list("Bo") == 2
    with pytest.raises(CashError, match=r"'Ada' is on the waiting list already \(place 1\)"):
        table.join_waiting_list("Ada")
    finish(table)
    table.stand_up(1)
    before = table.save()
    with pytest.raises(CashError, match="'Bo' cannot sit down: 'Ada' is first on the waiting "
                                        "list \\(waiting: 'Ada', 'Bo'\\)"):  # fmt: skip
        table.sit_down(1, 100, name="Bo")
    assert table.save() == before
    table.sit_down(1, 100, name="Ada")
    assert table.waiting == ("Bo",) and table.names[1] == "Ada"
    table.stand_up(2)
    table.leave_waiting_list("Bo")  # Bo let the seat go
    with pytest.raises(CashError, match="nobody is waiting and seats are free \\(2\\): sit down"):
        table.join_waiting_list("Cy")
    table.sit_down(2, 100, name="Cy")
    assert Table.restore(table.save()).save() == table.save()


@pytest.mark.parametrize(
    ("what", "call"),
    [
        ("sit down", lambda t: t.sit_down(5, 100)),
        ("stand up", lambda t: t.stand_up(0)),
        ("top up", lambda t: t.top_up(0, 10)),
        ("sit out", lambda t: t.sit_out(0)),
        ("sit in", lambda t: t.sit_in(0)),
    ],
)
def test_seats_change_between_hands_only(what: str, call: Any) -> None:
    table = cash_table()
    table.start_hand()
    before = table.save()
    with pytest.raises(CashError, match=f"cannot {what} during hand 1: seats change between "
                                        "hands only"):  # fmt: skip
        call(table)
    assert table.save() == before


def test_a_freeze_out_refuses_seat_changes_and_plays_as_before() -> None:
    table = Table(NL, 3, rng=random.Random(1))
    before = table.save()
    with pytest.raises(CashError, match="this table is a freeze-out"):
        table.sit_down(0, 100)
    assert table.save() == before and "cash" not in before
    assert table.cash is None and table.taken == (True,) * 3 and table.owed[0] == Post(0, 0, 0)


def test_games_without_blinds_left_of_the_button_owe_nothing() -> None:
    rules = Rules.preset("computer-tournament")  # a button blind and a straddle
    table = cash_table("wait", rules=rules, seated=3)
    table.start_hand()
    finish(table)
    table.sit_down(3, 100)
    assert owed(table) == [(0, 0)] * 6
    start = table.start_hand()
    assert start.seats == (0, 1, 2, 3) and table.posts == ()


def test_cash_settings_are_checked() -> None:
    with pytest.raises(TableError, match="max_buy_in 10 is below min_buy_in 20"):
        CashGame(20, 10)
    with pytest.raises(TableError, match="'wait' \\(for the big blind\\) or 'post'"):
        CashGame(20, 100, "sometimes")
    with pytest.raises(TableError, match="seat 1 has 5: 0 \\(an empty seat\\) or a buy-in"):
        Table(NL, [100, 5], cash=CashGame(20, 100))
    assert CashGame(20, 100, "post").new_players is NewPlayers.POST


def test_a_cash_table_restores_exactly_mid_hand_with_posts() -> None:
    table = cash_table("post", seated=5)
    for hand in range(8):
        if hand == 2:
            table.sit_out(3)
        table.start_hand()
        finish(table)
    table.sit_in(3)
    table.start_hand()
    table.apply(Action.check())
    data = json.loads(json.dumps(table.save()))
    again = Table.restore(data)
    assert again.save() == table.save()
    assert again.posts == table.posts and again.view(3) == table.view(3)
    for t in (table, again):
        finish(t)
        t.top_up(0, 50)
        t.start_hand()
    assert again.save() == table.save()


def test_a_damaged_cash_save_is_refused() -> None:
    table = cash_table()
    table.start_hand()
    finish(table)
    data = table.save()
    data["cash"]["bought"] += 10  # re-checksummed: only the chip count can catch it
    data["checksum"] = checksum(data)
    with pytest.raises(SaveError, match=r"the stacks hold 400 chips but the table has 410 "
                                        r"\(starting stacks 0 \+ 410 brought - 0 taken\)"):
        Table.restore(data)
    data["cash"]["bought"] -= 10
    data["cash"]["taken"][5] = False
    data["stacks"][5] = 0
    data["cash"]["owe_bb"][5] = True
    data["checksum"] = checksum(data)
    with pytest.raises(SaveError, match="seat 5 is empty but has chips, sits out or owes"):
        Table.restore(data)


def test_a_hand_with_posts_is_written_as_phh_and_replays_to_the_same_stacks() -> None:
    from pokerroom.history.phh import dumps, loads
    from pokerroom.history.record import PlayedHand, to_phh
    from pokerroom.history.replay import replay_phh

    table = cash_table("post", seated=5, rules=Rules.preset("no-limit", antes=1, blinds=(1, 2)))
    for hand in range(9):
        if hand == 2:
            table.sit_out(3)
        if hand == 8:
            table.sit_in(3)
        table.start_hand()
        finish(table)
    assert table.posts == (Post(3, 2, 1),) and table.hand is not None
    played = PlayedHand.from_hand(table.hand, names=[table.names[t] for t in table.seats_in_hand])
    parsed = loads(dumps(to_phh(played)))
    replayed = replay_phh(parsed[0] if isinstance(parsed, list) else parsed)
    result = replayed.played.result
    assert result is not None and table.last_result is not None
    mine = {table.names[t]: table.last_result.stacks[t] for t in table.seats_in_hand}
    assert dict(zip(replayed.played.names, result.stacks, strict=True)) == mine


def test_the_runner_plays_a_cash_table_with_seats_changing_between_hands() -> None:
    from pokerroom.players import CallingStation, RandomBot
    from pokerroom.players.runner import Runner

    def players() -> list[Any]:
        return [RandomBot(seed=1), CallingStation(), RandomBot(seed=2), CallingStation()]

    table = Table(NL, 4, cash=CashGame(20, 200, "post"), rng=random.Random(2))
    for seat in range(3):
        table.sit_down(seat, 100)
    runner = Runner(table, players())
    for hand in range(30):
        if hand == 5:
            table.sit_down(3, 100)
        if hand == 20:
            runner = Runner.restore(json.loads(json.dumps(runner.save())), players())
            table = runner.table
        for seat in range(4):
            if table.taken[seat] and table.stacks[seat] == 0:
                table.top_up(seat, 100)
        runner.play_hand()
    assert table.hand_number == 30 and runner.result().hands == 30
    assert sum(table.stacks) == table.chips_in - table.chips_out


# ----------------------------------------------------------------- state machine


def _random_move(table: Table, rng: random.Random) -> None:
    """One seat change or one whole hand of random legal actions."""
    seat = rng.randrange(table.size)
    move = rng.randrange(8)
    if move == 0:
        table.sit_down(seat, rng.choice([20, 60, 120]))
    elif move == 1:
        table.stand_up(seat)
    elif move == 2:
        table.top_up(seat, rng.randrange(1, 80))
    elif move == 3:
        table.sit_out(seat)
    elif move == 4:
        table.sit_in(seat)
    else:
        table.deal()
        while table.to_act is not None:
            kind, amount = random_action(table.legal_actions(), rng)
            table.apply(Action(kind) if amount is None else Action(kind, amount))


@pytest.mark.parametrize("mode", ["wait", "post"])
@pytest.mark.parametrize("rules", [NL, Rules.preset("no-limit", antes=1, blinds=(1, 2))],
                         ids=["blinds", "antes-and-blinds"])  # fmt: skip
def test_long_random_sessions_conserve_chips_and_restore_exactly(mode: str, rules: Rules) -> None:
    """Sessions of random seat changes and hands: no chip created or lost, refusals
    change nothing, and a table restored from a save every 50 moves plays on exactly as
    the one never stopped."""
    hands = posted = 0
    for seed in range(8):
        rng = random.Random(seed)
        table = Table(rules, 6, cash=CashGame(20, 120, mode), rng=random.Random(seed))
        twin = table
        for step in range(300):
            if step % 50 == 0:
                twin = Table.restore(json.loads(json.dumps(table.save())))
            before = table.save()
            seed_of_move = rng.random()
            try:
                _random_move(table, random.Random(seed_of_move))
            except TableError:
                assert table.save() == before
            with contextlib.suppress(TableError):
                _random_move(twin, random.Random(seed_of_move))
            assert twin.save() == table.save()
            hands += table.hand_number != before["hand_number"]
            posted += bool(table.posts) and table.hand_number != before["hand_number"]
            total = sum(table.stacks) + table.chips_out - table.chips_in
            assert total == sum(table.initial_stacks)
    assert hands > 250
    assert posted > 0 if mode == "post" else posted == 0  # a wait table never posts



class CashTableMachine(RuleBasedStateMachine):
    """Hands interleaved with sitting down, standing up, topping up, sitting out and in,
    random legal actions, and saves restored into a twin that must stay identical."""

    def __init__(self) -> None:
        super().__init__()
        self.table: Table
        self.twin: Table | None = None

    @initialize(
        rules=st.sampled_from(
            [NL, Rules.preset("casino-limit"), Rules.preset("no-limit", antes=1, blinds=(1, 2)),
             Rules.preset("computer-tournament", buy_in=100)]
        ),
        mode=st.sampled_from(["wait", "post"]),
        stacks=st.lists(st.sampled_from([0, 0, 20, 50, 120]), min_size=3, max_size=6),
        seed=st.integers(0, 2**32 - 1),
    )  # fmt: skip
    def start(self, rules: Rules, mode: str, stacks: list[int], seed: int) -> None:
        self.table = Table(rules, stacks, cash=CashGame(20, 120, mode), rng=random.Random(seed))
        self.start_chips = sum(self.table.initial_stacks)

    def _both(self, call: Any) -> None:
        """Do ``call`` to the table (and the twin): a refusal must change nothing."""
        before = self.table.save()
        try:
            call(self.table)
        except (CashError, TableError) as exc:
            assert self.table.save() == before, f"refused ({exc}) but changed"
            if self.twin is not None:
                with pytest.raises(type(exc)):
                    call(self.twin)
            return
        if self.twin is not None:
            call(self.twin)

    @rule(seat=st.integers(-1, 6), chips=st.one_of(st.integers(20, 120), st.integers(-1, 200)))
    def sit_down(self, seat: int, chips: int) -> None:
        self._both(lambda t: t.sit_down(seat, chips))

    @rule(seat=st.integers(0, 5))
    def a_newcomer_takes_the_next_empty_seat(self, seat: int) -> None:
        empty = [t for t in range(self.table.size) if not self.table.taken[t]]
        if empty:
            chosen = min(empty, key=lambda t: (t - seat) % self.table.size)
            self._both(lambda t: t.sit_down(chosen, 50))

    @rule(name=st.sampled_from(["Ada", "Bo", "Cy"]))
    def join_waiting_list(self, name: str) -> None:
        self._both(lambda t: t.join_waiting_list(name))

    @rule(name=st.sampled_from(["Ada", "Bo", "Cy"]))
    def leave_waiting_list(self, name: str) -> None:
        self._both(lambda t: t.leave_waiting_list(name))

    @rule(seat=st.integers(0, 5))
    def the_first_waiting_sits_down(self, seat: int) -> None:
        name = self.table.waiting[0] if self.table.waiting else None
        self._both(lambda t: t.sit_down(seat, 50, name=name))

    @rule(seat=st.integers(0, 5))
    def stand_up(self, seat: int) -> None:
        self._both(lambda t: t.stand_up(seat))

    @rule(seat=st.integers(0, 5), chips=st.integers(0, 120))
    def top_up(self, seat: int, chips: int) -> None:
        self._both(lambda t: t.top_up(seat, chips))

    @rule(seat=st.integers(0, 5))
    def sit_out(self, seat: int) -> None:
        self._both(lambda t: t.sit_out(seat))

    @rule(seat=st.integers(0, 5))
    def sit_in(self, seat: int) -> None:
        self._both(lambda t: t.sit_in(seat))

    @rule()
    def deal(self) -> None:
        self._both(lambda t: t.deal())

    @rule(seed=st.integers(0, 2**16))
    def play_a_hand(self, seed: int) -> None:
        if self.table.can_deal:
            self.deal()
        self.act(seed, 1000)

    @rule(seed=st.integers(0, 2**16), count=st.integers(1, 12))
    def act(self, seed: int, count: int) -> None:
        rng = random.Random(seed)
        for _ in range(count):
            if self.table.to_act is None:
                return
            kind, amount = random_action(self.table.legal_actions(), rng)
            action = Action(kind) if amount is None else Action(kind, amount)
            if kind is ActionKind.SHOW and self.table.rules.showdown.value == "announced":
                action = self.table.default_action()
            self._both(lambda t, a=action: t.apply(a))

    @rule()
    def save_and_restore(self) -> None:
        self.twin = Table.restore(json.loads(json.dumps(self.table.save())))

    @invariant()
    def no_chip_created_or_lost(self) -> None:
        table = getattr(self, "table", None)
        if table is None:
            return
        in_pot = 0
        if table.in_hand:
            assert table.hand is not None
            in_pot = sum(table.hand.starting_stacks) - sum(table.hand.stacks)
        total = sum(table.stacks) + in_pot + table.chips_out - table.chips_in
        assert total == self.start_chips
        for seat in range(table.size):
            assert table.taken[seat] or (table.stacks[seat] == 0 and not table.sitting_out[seat])
            if table.taken[seat] and table.stacks[seat] == 0 and not table.in_hand:
                assert table.sitting_out[seat]

    @invariant()
    def the_twin_restored_from_a_save_never_differs(self) -> None:
        if self.twin is not None:
            assert self.twin.save() == self.table.save()


CashTableMachine.TestCase.settings = settings(
    max_examples=60, stateful_step_count=60, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)  # fmt: skip
test_cash_table_state_machine = CashTableMachine.TestCase
