"""Complete hands per second: pokerroom's engine against every peer, in one run.

Run: ``python benchmarks/bench_engine.py`` (about a minute and a half; ``--quick`` for a
short run).  Every engine plays complete hands of hold'em on one core with the same
policy: at each turn the player picks uniformly among the kinds of action the engine
offers (fold, check or call, bet or raise) and, for a bet or raise, a uniform amount
between the engine's minimum and maximum (for pokerroom:
:func:`~pokerroom.engine.random_action`).  Stacks are 100 big blinds at the start of
every hand; 2 and 6 players.

* pokerroom: a new :class:`~pokerroom.engine.Hand` per hand, with everything it does
  (forced bets, the legality check behind every action, the event log, the run-out,
  showdown order, hand evaluation, side pots); fixed limit (``casino-limit``) and no
  limit (``no-limit``, blinds 2/4).
* PokerKit: a new state per hand, every chore automated except the actions; fixed and
  no limit.
* texasholdem (no limit): one game, each seat's chips reset to 100 big blinds before
  each hand.
* PyPokerEngine (no limit): games of 50 hands between the random players.
* pokerfast (no limit): ``FastHand`` (a 6-max no-limit-only engine).
* OpenSpiel (no limit): ``universal_poker`` (C++, driven from Python through ``pyspiel``),
  the full game (every bet size an action of its own), a new state per hand from one
  loaded game; its chance nodes (the deal) are played by picking uniformly among the
  cards left, the players as above (fold, check or call, a uniform raise-to amount).

A timing is CPU time of this process (so other work on the machine disturbs it less),
the best of several rounds interleaved between the engines.  The output ends with a
markdown table for the README.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pokerroom.engine import Hand, random_action
from pokerroom.rules import Rules


@dataclass
class Engine:
    name: str
    structure: str  # "fixed" or "no limit"
    play: Callable[[int, int, random.Random], None]  # (players, hands, rng)
    ours: bool = False
    most: int = 23  # the most players it seats
    rates: dict[int, float] = field(default_factory=dict)  # players -> best hands/s


# --------------------------------------------------------------------------- pokerroom


def _pokerroom(rules: Rules, stack: int) -> Callable[[int, int, random.Random], None]:
    def play(players: int, hands: int, rng: random.Random) -> None:
        stacks = [stack] * players
        pick = random_action
        for i in range(hands):
            hand = Hand(rules, stacks, button=i % players, rng=rng, auto_showdown=True)
            legal_actions, act = hand.legal_actions, hand.act
            while not hand.is_over:
                act(*pick(legal_actions(), rng))

    return play


# ---------------------------------------------------------------------------- PokerKit


def _pokerkit(fixed: bool) -> Callable[[int, int, random.Random], None]:
    import pokerkit

    a = pokerkit.Automation
    automations = (
        a.ANTE_POSTING, a.BET_COLLECTION, a.BLIND_OR_STRADDLE_POSTING, a.CARD_BURNING,
        a.HOLE_DEALING, a.BOARD_DEALING, a.RUNOUT_COUNT_SELECTION,
        a.HOLE_CARDS_SHOWING_OR_MUCKING, a.HAND_KILLING, a.CHIPS_PUSHING, a.CHIPS_PULLING,
    )  # fmt: skip

    def play(players: int, hands: int, rng: random.Random) -> None:
        for _ in range(hands):
            if fixed:
                state = pokerkit.FixedLimitTexasHoldem.create_state(
                    automations, True, 0, (1, 2), 2, 4, [200] * players, players
                )
            else:
                state = pokerkit.NoLimitTexasHoldem.create_state(
                    automations, True, 0, (2, 4), 4, [400] * players, players
                )
            while state.status:
                kinds = []
                if state.can_fold():
                    kinds.append(0)
                if state.can_check_or_call():
                    kinds.append(1)
                if state.can_complete_bet_or_raise_to():
                    kinds.append(2)
                kind = rng.choice(kinds)
                if kind == 0:
                    state.fold()
                elif kind == 1:
                    state.check_or_call()
                else:
                    state.complete_bet_or_raise_to(rng.randint(
                        state.min_completion_betting_or_raising_to_amount,
                        state.max_completion_betting_or_raising_to_amount,
                    ))  # fmt: skip

    return play


# ------------------------------------------------------------------------- texasholdem


def _texasholdem() -> Callable[[int, int, random.Random], None]:
    from texasholdem import ActionType, TexasHoldEm

    def play(players: int, hands: int, rng: random.Random) -> None:
        game = TexasHoldEm(buyin=400, big_blind=4, small_blind=2, max_players=players)
        for _ in range(hands):
            for player in game.players:
                player.chips = 400
            game.start_hand()
            while game.is_hand_running():
                moves = game.get_available_moves()
                kind = rng.choice(moves.action_types)
                if kind == ActionType.RAISE:
                    span = moves.raise_range
                    game.take_action(kind, total=rng.randint(span.start, span.stop - 1))
                else:
                    game.take_action(kind)

    return play


# ----------------------------------------------------------------------- PyPokerEngine


def _pypokerengine() -> Callable[[int, int, random.Random], None]:
    from pypokerengine.api.game import setup_config, start_poker
    from pypokerengine.players import BasePokerPlayer

    class Random(BasePokerPlayer):  # type: ignore[misc]
        rng = random.Random()
        rounds = 0

        def declare_action(self, valid_actions, hole_card, round_state):  # type: ignore[no-untyped-def]
            options = [a for a in valid_actions
                       if a["action"] != "raise" or a["amount"]["min"] != -1]  # fmt: skip
            action = self.rng.choice(options)
            if action["action"] == "raise":
                span = action["amount"]
                return "raise", self.rng.randint(span["min"], span["max"])
            return action["action"], action["amount"]

        def receive_game_start_message(self, game_info):  # type: ignore[no-untyped-def]
            pass

        def receive_round_start_message(self, round_count, hole_card, seats):  # type: ignore[no-untyped-def]
            if self is seated[0]:
                Random.rounds += 1

        def receive_street_start_message(self, street, round_state):  # type: ignore[no-untyped-def]
            pass

        def receive_game_update_message(self, action, round_state):  # type: ignore[no-untyped-def]
            pass

        def receive_round_result_message(self, winners, hand_info, round_state):  # type: ignore[no-untyped-def]
            pass

    seated: list[Random] = []

    def play(players: int, hands: int, rng: random.Random) -> None:
        Random.rng = rng
        Random.rounds = 0
        while Random.rounds < hands:
            config = setup_config(max_round=min(50, hands - Random.rounds), initial_stack=400,
                                  small_blind_amount=2)  # fmt: skip
            seated.clear()
            for i in range(players):
                seated.append(Random())
                config.register_player(name=f"p{i}", algorithm=seated[-1])
            before = Random.rounds
            start_poker(config, verbose=0)
            if Random.rounds == before:
                break

    return play


# --------------------------------------------------------------------------- pokerfast


def _pokerfast() -> Callable[[int, int, random.Random], None]:
    from pokerfast import FastHand

    def play(players: int, hands: int, rng: random.Random) -> None:
        for _ in range(hands):
            hand = FastHand(player_count=players, small_blind=2, big_blind=4, min_stack=400,
                            max_stack=400, rng=rng)  # fmt: skip
            while not hand.done:
                space = hand.get_action_space()
                if not space:
                    break
                kinds = [k for k in ("fold", "check", "call") if k in space]
                if "min_bet" in space:
                    kinds.append("raise")
                kind = rng.choice(kinds)
                if kind == "fold":
                    hand.fold()
                elif kind == "check":
                    hand.check()
                elif kind == "call":
                    hand.call()
                else:
                    hand.bet_or_raise(rng.randint(space["min_bet"], space["max_bet"]))

    return play


# --------------------------------------------------------------------------- OpenSpiel


def spiel_params(players: int, stack: int, abstraction: str = "fullgame") -> dict[str, object]:
    """``universal_poker``'s parameters for no-limit hold'em with blinds 2/4 (OpenSpiel's ACPC game
    definition: seat 0 posts the small blind and acts first after the flop; heads-up the
    order is the other way round, as in ACPC's own heads-up games)."""
    blinds = ["4", "2"] if players == 2 else ["2", "4"] + ["0"] * (players - 2)
    return {
        "betting": "nolimit", "bettingAbstraction": abstraction, "numPlayers": players,
        "numRounds": 4,
        "blind": " ".join(blinds), "firstPlayer": "2 1 1 1" if players == 2 else "3 1 1 1",
        "numSuits": 4, "numRanks": 13, "numHoleCards": 2, "numBoardCards": "0 3 1 1",
        "stack": " ".join([str(stack)] * players),
    }  # fmt: skip


def _openspiel() -> Callable[[int, int, random.Random], None]:
    import pyspiel

    games: dict[int, Any] = {}

    def play(players: int, hands: int, rng: random.Random) -> None:
        game = games.get(players)
        if game is None:
            params = spiel_params(players, 400)
            game = games[players] = pyspiel.load_game("universal_poker", params)
        choice, randrange = rng.choice, rng.randrange
        for _ in range(hands):
            state = game.new_initial_state()
            while not state.is_terminal():
                legal = state.legal_actions()
                if state.is_chance_node():
                    state.apply_action(choice(legal))
                    continue
                # 0 fold, 1 check or call, then every raise-to amount from the least up
                # (fold only when facing a bet, as pokerroom's kinds)
                plain = 2 if len(legal) > 1 and legal[1] == 1 else 1  # fold and call, or call
                kinds = legal[:plain] + ([2] if len(legal) > plain else [])
                kind = choice(kinds)
                if kind < 2:
                    state.apply_action(kind)
                else:
                    state.apply_action(legal[randrange(plain, len(legal))])

    return play


# ------------------------------------------------------------------------------ timing


def engines() -> list[Engine]:
    no_limit = _pokerroom(Rules.preset("no-limit"), 400)
    fixed_limit = _pokerroom(Rules.preset("casino-limit"), 200)
    out = [
        Engine("pokerroom", "no limit", no_limit, ours=True),
        Engine("pokerroom", "fixed limit", fixed_limit, ours=True),
    ]
    peers = [
        ("pokerfast", "no limit", _pokerfast),
        ("OpenSpiel universal_poker", "no limit", _openspiel),
        ("texasholdem", "no limit", _texasholdem),
        ("PokerKit", "no limit", lambda: _pokerkit(False)),
        ("PokerKit", "fixed limit", lambda: _pokerkit(True)),
        ("PyPokerEngine", "no limit", _pypokerengine),
    ]
    for name, structure, make in peers:
        try:
            out.append(Engine(name, structure, make(), most=10 if "OpenSpiel" in name else 23))
        except ImportError as exc:  # a peer not installed: say so, time the others
            print(f"skipping {name}: {exc}", file=sys.stderr)
    return out


def measure(engine: Engine, players: int, seconds: float, rng: random.Random) -> float:
    """Hands per CPU second over about ``seconds``."""
    hands = 5
    while True:
        start = time.process_time()
        engine.play(players, hands, rng)
        spent = time.process_time() - start
        if spent >= seconds or hands >= 10**6:
            return hands / spent
        hands = max(hands * 2, int(hands * seconds / max(spent, 1e-3) * 1.1))


GROWTH_PLAYERS = range(2, 15)


def growth(seconds: float, rounds: int, plot_dir: str | None) -> list[str]:
    """Hands per CPU second by number of players, 2 to 14: pokerroom (no limit and fixed
    limit) and OpenSpiel (no limit, at most ten players), the median of ``rounds``."""
    contenders = [e for e in engines() if e.ours or e.name.startswith("OpenSpiel")]
    rng = random.Random(2024)
    rates: dict[str, dict[int, list[float]]] = {}
    for _ in range(rounds):
        for players in GROWTH_PLAYERS:
            for e in contenders:
                key = f"{e.name}, {e.structure}"
                if players > e.most:
                    continue
                rate = measure(e, players, seconds, rng)
                rates.setdefault(key, {}).setdefault(players, []).append(rate)
    medians = {k: {n: statistics.median(v) for n, v in by.items()} for k, by in rates.items()}
    keys = list(medians)
    lines = ["| players | " + " | ".join(keys) + " | pokerroom / OpenSpiel (no limit) |",
             "|---:|" + "---:|" * (len(keys) + 1)]  # fmt: skip
    ours, theirs = medians.get("pokerroom, no limit", {}), next(
        (medians[k] for k in keys if k.startswith("OpenSpiel")), {})  # fmt: skip
    for n in GROWTH_PLAYERS:
        cells = [f"{medians[k][n]:,.0f}" if n in medians[k] else "n/a" for k in keys]
        ratio = f"{ours[n] / theirs[n]:.2f}×" if n in ours and n in theirs else "n/a"
        lines.append(f"| {n} | " + " | ".join(cells) + f" | {ratio} |")
    if plot_dir is not None:
        _plot(medians, f"{plot_dir}/engine-players.png")
    return lines


def _plot(medians: dict[str, dict[int, float]], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 3.6), dpi=100)
    for (key, by), style in zip(medians.items(), ("o-", "s--", "^:", "d-."), strict=False):
        xs = sorted(by)
        ax.plot(xs, [by[x] for x in xs], style, label=key)
    ax.set_xlabel("players")
    ax.set_ylabel("random hands per CPU second (median)")
    ax.set_yscale("log")
    ax.set_xticks(list(GROWTH_PLAYERS))
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--growth", action="store_true",
                        help="hands/s by number of players, 2 to 14 (median of three)")
    parser.add_argument("--plot", metavar="DIR",
                        help="with --growth: also draw engine-players.png in DIR")
    args = parser.parse_args(argv)
    if args.growth:
        print("\n".join(growth(0.2 if args.quick else 0.6, 1 if args.quick else 3, args.plot)))
        return 0
    seconds, rounds = (0.4, 1) if args.quick else (1.5, 3)
    everything = engines()
    rng = random.Random(2024)
    for _ in range(rounds):
        for players in (6, 2):
            for engine in everything:
                rate = measure(engine, players, seconds, rng)
                engine.rates[players] = max(engine.rates.get(players, 0.0), rate)
    print(f"Python {platform.python_version()} on {platform.machine()}, one core, "
          f"hands per CPU second (best of {rounds}):\n")  # fmt: skip
    ours = {e.structure: e for e in everything if e.ours}
    lines = [
        "| engine | structure | 6 players | 2 players | pokerroom is faster (6 / 2) |",
        "|---|---|---:|---:|---:|",
    ]
    for engine in sorted(everything, key=lambda e: -e.rates[6]):
        mine = ours[engine.structure] if engine.structure in ours else ours["no limit"]
        ratio = (
            "—" if engine.ours
            else f"{mine.rates[6] / engine.rates[6]:.1f}× / {mine.rates[2] / engine.rates[2]:.1f}×"
        )
        label = f"**{engine.name}**" if engine.ours else engine.name
        lines.append(
            f"| {label} | {engine.structure} | {engine.rates[6]:,.0f} | {engine.rates[2]:,.0f} "
            f"| {ratio} |"
        )
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
