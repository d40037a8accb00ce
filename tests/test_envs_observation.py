"""The observation vector: its documented layout, a reference encoder built from nothing
but the seat's PlayerView (the slow oracle beside the fast encoder), and that no vector
ever holds another seat's hole cards."""

from __future__ import annotations

import random
import re
from typing import Any

import numpy as np
import pytest

from pokerroom.cards import Card
from pokerroom.engine import (
    Action,
    ActionKind,
    EventKind,
    LegalActions,
    PlayerView,
    Street,
    random_action,
)
from pokerroom.envs import BettingRecord, HoldemAECEnv, ObservationLayout
from pokerroom.rules import Rules
from pokerroom.table import Table
from table_helpers import RULESETS, cards_in, deck_for, small

_CHIPS = {EventKind.ANTE, EventKind.BLIND, EventKind.STRADDLE, EventKind.CALL, EventKind.BET,
          EventKind.RAISE}  # fmt: skip


def reference(view: PlayerView, layout: ObservationLayout) -> np.ndarray:
    """The vector ``view`` describes, straight from the layout's table, index by index
    (all but ``raises``, which the view does not carry)."""
    n, unit, me = layout.players, layout.unit, view.seat
    v = np.zeros(layout.size)

    def at(name: str, k: int = 0) -> int:
        return layout.index(name) + k

    def rel(seat: int) -> int:
        return (seat - me) % n

    over = view.result is not None
    for card in view.hole:
        v[at("hole", card)] = 1
    for card in view.board:
        v[at("board", card)] = 1
    v[at("street", 4 if over else int(view.street))] = 1
    v[at("button", rel(view.button))] = 1
    if view.to_act is not None:
        v[at("to_act", rel(view.to_act))] = 1
    dealt = {e.seat for e in view.events if e.kind is EventKind.DEAL}
    chips = np.zeros((4, n))
    for e in view.events:
        if e.kind in _CHIPS:
            chips[int(e.street), e.seat] += e.amount
        elif e.kind is EventKind.RETURN:
            chips[min(int(e.street), 3), e.seat] -= e.amount
    for t in range(n):
        r = rel(t)
        v[at("dealt_in", r)] = t in dealt
        v[at("folded", r)] = view.folded[t]
        v[at("all_in", r)] = view.all_in[t]
        v[at("stack", r)] = view.stacks[t] / unit
        v[at("bet", r)] = view.bets[t] / unit
        v[at("committed", r)] = view.committed[t] / unit
        for s in range(4):
            v[at("street_chips", s * n + r)] = chips[s, t] / unit
    if not over:
        v[at("pot")] = view.pot / unit
    legal = view.legal
    if legal is not None:
        v[at("to_call")] = legal.to_call / unit
        v[at("call")] = legal.call / unit
        if legal.can_raise:
            v[at("min_to")] = legal.min_to / unit
            v[at("max_to")] = legal.max_to / unit
    return v


def _without_raises(vector: np.ndarray, layout: ObservationLayout) -> np.ndarray:
    out = np.array(vector, dtype=np.float64)
    out[layout.index("raises")] = 0
    return out


# ---------------------------------------------------------------------------- layout


def test_the_docstring_example_is_the_layout_heads_up() -> None:
    layout = ObservationLayout(players=2, cards=52, total_chips=2000, unit=4)
    doc = ObservationLayout.__doc__ or ""
    example = doc[doc.index("Heads-up with") :]
    named = dict(re.findall(r"``(\w+)`` (\d+)", example))
    found = re.findall(r"``(\w+)``\s+(\d+)–(\d+)", example)
    spans = {name: (int(a), int(b)) for name, a, b in found}
    rows = layout.rows()
    assert len(rows) == len(ObservationLayout.BLOCKS) == 18
    for name, start, stop in rows:
        if stop - start == 1:
            assert int(named[name]) == start, name
        else:
            assert spans[name] == (start, stop - 1), name
    assert layout.size == 139 == 2 * 52 + 11 + 12 * 2


@pytest.mark.parametrize(("players", "cards"), [(2, 52), (6, 52), (9, 53), (14, 53)])
def test_blocks_tile_the_vector_with_the_documented_sizes(players: int, cards: int) -> None:
    layout = ObservationLayout(players=players, cards=cards, total_chips=1000, unit=4)
    sizes = {"C": cards, "N": players, "4N": 4 * players, "5": 5, "1": 1}
    position = 0
    for (name, start, stop), (block, size) in zip(layout.rows(), layout.BLOCKS, strict=True):
        assert (name, start, stop - start) == (block, position, sizes[size])
        position = stop
    assert position == layout.size == 2 * cards + 11 + 12 * players
    described = [layout.describe(i) for i in range(layout.size)]
    assert len(set(described)) == layout.size  # every index has its own meaning
    assert described[51] == "hole: As" and described[cards] == "board: 2c"
    with pytest.raises(IndexError, match="outside the vector"):
        layout.describe(layout.size)


# ------------------------------------------------------------------ the fast encoder


def _random_games(rules: Rules, players: int, reset_stacks: bool, seed: int, steps: int) -> int:
    """Random play through the AEC environment; after every step every seat's vector
    must be the reference's of its view.  Returns the vectors compared."""
    env = HoldemAECEnv(rules, players=players, reset_stacks=reset_stacks, hands=None if not
                       reset_stacks else 3)  # fmt: skip
    layout = env.layout
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    compared = 0
    for _ in range(steps):
        if not env.agents:
            env.reset()
        table = env.table
        assert table is not None
        for agent in env.possible_agents:
            seat = int(agent.split("_")[1])
            obs = env.observe(agent)["observation"]
            assert env.observation_space(agent)["observation"].contains(obs)
            want = reference(table.view(seat), layout)
            got = _without_raises(obs, layout)
            bad = np.flatnonzero(~np.isclose(got, want, rtol=1e-6, atol=1e-6))
            assert not len(bad), [(layout.describe(i), got[i], want[i]) for i in bad]
            compared += 1
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
        else:
            mask = obs["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
    return compared


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_vector_is_the_reference_of_the_view_under_every_ruleset(name: str) -> None:
    rules = small(RULESETS[name])
    compared = 0
    for players, reset_stacks, seed in ((2, True, 1), (3, False, 2), (6, False, 3)):
        compared += _random_games(rules, players, reset_stacks, seed, 150)
    assert compared == 150 * (2 + 3 + 6)


def test_vector_is_the_reference_of_the_view_nine_handed_with_seats_out() -> None:
    rules = small(Rules.preset("no-limit", antes=1, blinds=(1, 2)), 6)
    assert _random_games(rules, 9, False, 7, 400) == 400 * 9


def test_raises_counts_what_the_cap_counts() -> None:
    """In fixed limit with a cap of 3, a round at the cap offers no bet or raise."""
    env = HoldemAECEnv("casino-limit", players=4, hands=50)
    layout = env.layout
    rng = np.random.default_rng(5)
    env.reset(seed=5)
    capped = 0
    for _agent in env.agent_iter(4000):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        raises = obs["observation"][layout.index("raises")]
        if raises >= 3:
            assert obs["action_mask"].tolist() in ([1, 1, 0], [0, 1, 0])
            capped += 1
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert capped > 20


def test_street_chips_of_a_worked_hand() -> None:
    """rules.md §13, the casino-limit hand: what each seat put in on each street."""
    rules = Rules.preset("casino-limit")
    table = Table(rules, 4, rng=random.Random(0))
    table.start_hand(deck=deck_for(table, ["", "Qs 9h", "Ks Jh", ""], "9c Kc 3h 5s 9d"))
    record = BettingRecord()
    layout = ObservationLayout(players=4, cards=52, total_chips=4000, unit=2)
    words = "f c c x  x b2 r4 c c  x x x  b4 c f"
    for word in words.split():
        record.note(table)
        table.apply(Action.parse(word))
    record.note(table)
    while table.in_hand:
        table.apply(table.default_action())
    v = layout.encode(table, 2, record, None)  # Carol, seat 2
    chips = v[layout.index("street_chips") :][: 16].reshape(4, 4) * 2  # chips, relative seats
    # relative to Carol: Carol, Ted, Alice, Bob
    assert chips.tolist() == [[2, 0, 2, 2], [4, 0, 4, 4], [0, 0, 0, 0], [4, 0, 0, 4]]
    assert v[layout.index("street") + 4] == 1  # the hand is over
    assert [Card(c) for c in np.flatnonzero(v[: 52])] == [Card.parse("Jh"), Card.parse("Ks")]


# ------------------------------------------- the incremental encoder against the plain one


def plain(
    layout: ObservationLayout, table: Table, seat: int, record: BettingRecord,
    legal: LegalActions | None,
) -> np.ndarray:
    """The vector written from nothing, straight from the table, the record and the
    layout's docstring (the encoding before it became incremental)."""
    v = np.zeros(layout.size, dtype=np.float32)
    hand = table.hand
    if hand is None:
        return v
    record.note(table)
    n, scale, seats = layout.players, layout.scale, table.seats_in_hand

    def rel(t: int) -> int:
        return (t - seat) % n

    if seat in seats:
        for card in hand.hole_codes(seats.index(seat)):
            v[layout.hole + card] = 1.0
    for card in hand.board_codes:
        v[layout.board + card] = 1.0
    v[layout.street + (int(hand.street) if table.in_hand else 4)] = 1.0
    v[layout.button + rel(table.button)] = 1.0
    if table.to_act is not None:
        v[layout.to_act + rel(table.to_act)] = 1.0
    for t in range(n):
        if t not in seats:
            v[layout.folded + rel(t)] = 1.0
    for (s, chips) in record.chips(hand):
        for h, c in enumerate(chips):
            v[layout.street_chips + s * n + rel(seats[h])] = c * scale
    for h, t in enumerate(seats):
        r = rel(t)
        v[layout.dealt_in + r] = 1.0
        if hand.folded[h]:
            v[layout.folded + r] = 1.0
        elif not hand.stacks[h]:
            v[layout.all_in + r] = 1.0
        v[layout.stack + r] = hand.stacks[h] * scale
        v[layout.bet + r] = hand.bets[h] * scale
        v[layout.committed + r] = hand.committed[h] * scale
    if table.in_hand:
        v[layout.pot] = sum(hand.committed) * scale
        v[layout.raises] = float(hand.raises)
    if legal is not None:
        v[layout.to_call] = legal.to_call * scale
        v[layout.call] = legal.call * scale
        if legal.can_raise:
            v[layout.min_to] = legal.min_to * scale
            v[layout.max_to] = legal.max_to * scale
    return v


def _same(got: np.ndarray, want: np.ndarray, layout: ObservationLayout) -> None:
    """Bit for bit the same vector (float32, the same size)."""
    assert got.dtype == want.dtype == np.float32 and got.shape == want.shape
    bad = np.flatnonzero(got.view(np.uint32) != want.view(np.uint32))
    assert not len(bad), [(layout.describe(i), got[i], want[i]) for i in bad]


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_incremental_vector_is_the_plain_one_at_every_step(name: str) -> None:
    """Random play through the AEC environment under every ruleset, heads-up, 3-handed
    and 7-handed freeze-outs (seats out, all-ins, uncalled bets returned): after every
    step every seat's vector, its own included, is bit for bit the plain encoding's."""
    rules = small(RULESETS[name])
    compared = 0
    for players, reset_stacks, seed in ((2, True, 1), (3, False, 2), (7, False, 3)):
        env = HoldemAECEnv(rules, players=players, reset_stacks=reset_stacks,
                           hands=3 if reset_stacks else None)  # fmt: skip
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        for _ in range(200):
            if not env.agents:
                env.reset()
            table = env.table
            assert table is not None
            for agent in rng.permutation(env.possible_agents):
                seat = int(agent.split("_")[1])
                legal = table.legal_actions() if env.agents and table.to_act == seat else None
                got = env.observe(str(agent))["observation"]
                _same(got, plain(env.layout, table, seat, env._record, legal), env.layout)
                compared += 1
            obs, _, terminated, truncated, _ = env.last()
            mask = obs["action_mask"]
            env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(mask))))
    assert compared == 200 * (2 + 3 + 7)


def test_a_kept_opening_is_only_its_own_plans_and_stacks() -> None:
    """The encoder keeps a hand's public part at its opening (the forced bets posted,
    nothing else) by the hand's plan and stacks: one layout looking at three tables in
    turn, two alike but for their blinds and two alike but for their stacks, gives each
    its own plain vector, at the opening and after an action, and when its first look
    at a hand comes after an action (no longer an opening)."""
    layout = ObservationLayout(players=3, cards=52, total_chips=330, unit=4)
    rules = Rules.preset("no-limit", blinds=(2, 4), buy_in=110)
    tables = [
        Table(rules, 3, rng=random.Random(1), reset_stacks=True),
        Table(rules.replace(blinds=(1, 2)), 3, rng=random.Random(2), reset_stacks=True),
        Table(rules, [100, 110, 120], rng=random.Random(3), reset_stacks=True),
    ]
    records = [BettingRecord() for _ in tables]
    looks = 0
    for i in range(12):  # (the button goes round: every plan met four times)
        for table, record in zip(tables, records, strict=True):
            table.start_hand(auto_showdown=True)
            record.note(table)
            if i % 2:
                table.apply(Action.call())  # (the first to act pre-flop owes the blind)
            for _ in range(2):
                record.note(table)
                for seat in range(3):
                    legal = table.legal_actions() if table.to_act == seat else None
                    _same(layout.encode(table, seat, record, legal),
                          plain(layout, table, seat, record, legal), layout)  # fmt: skip
                    looks += 1
                kinds = table.legal_actions().kinds
                table.apply(Action.check() if ActionKind.CHECK in kinds else Action.call())
            while table.in_hand:
                table.apply(table.default_action())
    assert looks == 12 * 3 * 2 * 3


def test_a_hand_won_uncontested_is_written_from_its_last_fold(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hand that ends as the one seat left takes the pot is written from the fold
    alone (the encoder's ``_won_uncontested``, once per such hand, the full comparison
    not run): three-handed, a short stack all-in that gets the uncalled part of its bet
    back (no longer all-in), a raise folded to on the flop, a walk; every seat's vector
    at every state is the plain one."""
    from pokerroom.envs.encoder import Encoder

    ended: list[int] = []
    updated: list[int] = []
    won, update = Encoder._won_uncontested, Encoder._update

    def counted(self: Encoder, *args: object) -> None:
        ended.append(1)
        won(self, *args)  # type: ignore[arg-type]

    def full(self: Encoder, *args: object) -> None:
        updated.append(1)
        update(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Encoder, "_won_uncontested", counted)
    monkeypatch.setattr(Encoder, "_update", full)
    rules = Rules.preset("no-limit", blinds=(2, 4), buy_in=100)
    layout = ObservationLayout(players=3, cards=52, total_chips=240, unit=4)
    table = Table(rules, [100, 40, 100], rng=random.Random(4), reset_stacks=True)
    record = BettingRecord()
    stamp = 0
    plays = [
        # seat 0 (button) folds, seat 1 (small blind, 40) all-in, seat 2 (big blind) folds
        [Action.fold(), Action.raise_to(40), Action.fold()],
        # seat 1 (button) calls, seat 2 raises, seat 0 calls; flop: 2 bets, the rest fold
        [Action.call(), Action.raise_to(12), Action.call(), Action.call(),
         Action.bet(20), Action.fold(), Action.fold()],
        # seat 2 (button) folds, seat 0 folds: the big blind's walk
        [Action.fold(), Action.fold()],
    ]  # fmt: skip
    for actions in plays:
        table.start_hand(auto_showdown=True)
        for action in [*actions, None]:
            stamp += 1
            record.note(table)
            before = len(updated)
            for seat in range(3):
                legal = table.legal_actions() if table.to_act == seat else None
                _same(layout.encode(table, seat, record, legal, stamp),
                      plain(layout, table, seat, record, legal), layout)  # fmt: skip
            if action is not None:
                table.apply(action)
        assert not table.in_hand
        assert len(updated) == before  # (the hand's end: no full comparison)
    assert len(ended) == 3


def test_incremental_vector_survives_skipped_looks_and_two_tables() -> None:
    """One layout encoding two tables in turn, at random moments only (several actions,
    streets or hands between two looks), for a random seat: always the plain vector."""
    rules = small(RULESETS["no-limit"], 20)
    layout = ObservationLayout(players=6, cards=52, total_chips=6 * rules.buy_in,
                               unit=rules.big_blind)  # fmt: skip
    rng = random.Random(9)
    tables = [Table(rules, 6, rng=random.Random(k)) for k in range(2)]
    records = [BettingRecord(), BettingRecord()]
    looks = 0
    for _ in range(4000):
        k = rng.randrange(2)
        table, record = tables[k], records[k]
        if not table.in_hand:
            if table.is_over:
                tables[k] = table = Table(rules, 6, rng=random.Random(rng.randrange(10**6)))
            table.start_hand(auto_showdown=True)
            if not table.in_hand:  # all-in on the forced bets: nobody decides
                continue
        record.note(table)
        if rng.random() < 0.3:
            seat = rng.randrange(6)
            legal = table.legal_actions() if table.to_act == seat else None
            _same(layout.encode(table, seat, record, legal),
                  plain(layout, table, seat, record, legal), layout)
            looks += 1
        kind, amount = random_action(table.legal_actions(), rng)
        table.apply(Action(kind, amount))
        if not table.in_hand and rng.random() < 0.5:  # the hand over: a look at its end
            seat = rng.randrange(6)
            _same(layout.encode(table, seat, record, None),
                  plain(layout, table, seat, record, None), layout)
            looks += 1
    assert looks > 1200


# ------------------------------------------------------------------- hidden cards


@pytest.mark.parametrize("name", ["no-limit", "casino-limit", "computer-tournament", "wild"])
def test_no_vector_depends_on_another_seats_hole_cards_or_the_deck(name: str) -> None:
    """Two tables dealt the same cards to seat 1, everybody else's cards different, the
    same actions, and boards that agree on the first ``k`` cards only (``k`` 0, 3, 4, 5):
    seat 1's vector is the same at every step until a card the tables do not share is
    dealt, so it depends neither on the others' cards nor on the cards still in the deck."""
    rules = RULESETS[name]
    rng = random.Random(11)
    board_a, board_b = ["8h", "9s", "Tc", "Jd", "Qh"], ["2h", "3h", "4d", "5d", "6h"]
    checked = 0
    for game in range(40):
        shared = (0, 3, 4, 5)[game % 4]
        seed = rng.randrange(10**6)
        a, b = (Table(rules, 4, rng=random.Random(seed)) for _ in range(2))
        mine = "Ah Kd"
        a.start_hand(deck=deck_for(a, ["2c 3d", mine, "4h 5s", "6c 7d"], " ".join(board_a)))
        other = " ".join(board_a[:shared] + board_b[shared:])
        b.start_hand(deck=deck_for(b, ["Ac As", mine, "Kc Ks", "Qc Qs"], other))
        layout = ObservationLayout(players=4, cards=53 if rules.joker else 52,
                                   total_chips=4 * rules.buy_in, unit=rules.big_blind)  # fmt: skip
        rec_a, rec_b = BettingRecord(), BettingRecord()
        while a.in_hand and a.legal_actions().street is not Street.SHOWDOWN:
            hand = a.hand
            assert hand is not None
            legal_a = a.legal_actions() if a.to_act == 1 else None
            legal_b = b.legal_actions() if b.to_act == 1 else None
            va = layout.encode(a, 1, rec_a, legal_a)
            vb = layout.encode(b, 1, rec_b, legal_b)
            if len(hand.board) <= shared:
                assert np.array_equal(va, vb)
                checked += 1
            else:  # a board card the tables do not share is out: the vectors must differ
                assert not np.array_equal(va, vb)
            cards = {Card(c) for c in np.flatnonzero(va[: 2 * layout.cards]) % layout.cards}
            assert cards == {*a.view(1).hole, *hand.board}
            kind, amount = random_action(a.legal_actions(), rng)
            action = Action(kind, amount)
            a.apply(action)
            b.apply(action)
    assert checked > 150


def test_no_info_holds_another_seats_hole_cards_or_the_deck() -> None:
    """Every agent's observation and info (its view and the results since its last turn)
    hold, of the hand in play, only its own hole cards, the board dealt and cards shown."""
    env = HoldemAECEnv("no-limit", players=6, stacks=60, reset_stacks=False, view_in_info=True)
    rng = np.random.default_rng(8)
    env.reset(seed=8)
    checked = views = 0
    for _ in range(300):
        if not env.agents:
            env.reset()
        table = env.table
        assert table is not None and table.hand is not None
        hand = table.hand
        public = set(hand.board) | set(cards_in(table.view(-1).shown))
        seats = table.seats_in_hand
        for agent in env.agents:
            seat = env.possible_agents.index(agent)
            own = set(hand.hole(seats.index(seat))) if seat in seats else set()
            # Every card the hand took off the deck: hole cards, burns, the whole board.
            drawn = {Card(c) for c in hand._cards}
            assert set(cards_in([hand.hole(h) for h in range(len(seats))])) <= drawn
            secret = drawn - own - public
            vector = env.observe(agent)["observation"]
            cards = env.layout.cards
            seen = {Card(c) for c in np.flatnonzero(vector[: 2 * cards]) % cards}
            info = env.infos[agent]
            fresh = info.get("view") is not None and info["hand"] == table.hand_number
            if fresh:
                seen |= set(cards_in(info["view"]))
                views += 1
            assert not seen & secret, (agent, seen & secret)
            checked += 1
        obs, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else int(rng.choice(
            np.flatnonzero(obs["action_mask"]))))
    assert checked > 1000 and views > 300


@pytest.mark.parametrize("name", ["no-limit", "casino-limit"])
def test_stamped_looks_then_unstamped_looks_at_every_state_are_the_plain_vector(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Random hands (2 to 4 seats, short stacks for all-ins, the showdown played by the
    seats or not): at every state every seat's vector with the step's stamp (one past
    the last: the short cuts of one step), then at random states again without a stamp
    (compared from what the short cut wrote and kept), the hand's end included: always
    the plain vector.  What a short cut keeps (a fold that ends the hand, a round that
    closes) must be what the full comparison starts from."""
    from pokerroom.envs.encoder import Encoder

    cuts = {"won": 0, "round": 0}
    won, next_round = Encoder._won_uncontested, Encoder._next_round

    def counted_won(self: Encoder, *args: Any) -> None:
        cuts["won"] += 1
        won(self, *args)

    def counted_round(self: Encoder, *args: Any) -> bool:
        done = next_round(self, *args)
        cuts["round"] += done
        return done

    monkeypatch.setattr(Encoder, "_won_uncontested", counted_won)
    monkeypatch.setattr(Encoder, "_next_round", counted_round)
    rng = random.Random(17)
    looks = 0
    for game in range(60):
        n = 2 + game % 3
        rules = small(RULESETS[name], 20)
        stacks = [rng.choice((6, 20, 40)) for _ in range(n)]
        layout = ObservationLayout(players=n, cards=52, total_chips=sum(stacks),
                                   unit=rules.big_blind)  # fmt: skip
        table = Table(rules, stacks, rng=random.Random(game), reset_stacks=True)
        record = BettingRecord()
        stamp = 0
        table.start_hand(auto_showdown=game % 2 == 0)
        while True:
            stamp += 1
            record.note(table)
            marks: tuple[int | None, ...] = (stamp, None) if rng.random() < 0.5 else (stamp,)
            for mark in marks:
                for seat in range(n):
                    legal = table.legal_actions() if table.to_act == seat else None
                    _same(layout.encode(table, seat, record, legal, mark),
                          plain(layout, table, seat, record, legal), layout)  # fmt: skip
                    looks += 1
            if not table.in_hand:
                break
            kind, amount = random_action(table.legal_actions(), rng)
            table.apply(Action(kind, amount))
    assert looks > 1400
    assert cuts["won"] > 10 and cuts["round"] > 10  # (the short cuts were taken)
