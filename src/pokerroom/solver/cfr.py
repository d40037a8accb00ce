"""Counterfactual regret minimisation, vectorised over private states.

:class:`Solver` runs CFR+ (Tammelin 2014: regrets floored at zero, alternating updates,
the average weighted by the iteration) or discounted CFR (Brown and Sandholm 2019:
positive regrets discounted by ``t^α / (t^α + 1)``, negative ones by ``t^β / (t^β + 1)``,
the average weighted by ``t^γ``; α = 1.5, β = 0, γ = 2 by default) on any
:class:`~pokerroom.solver.game.Game`.  Each iteration updates player 0, then player 1
against player 0's new strategy; a player's update is two sweeps of the tree (its
opponent's range down, its own values up).

**Trembles** (``tremble`` ε > 0): each iteration is played in the ε-perturbed game, where
every decision is taken as ``σ' = (1 − ε) σ + ε u`` (``u``: every legal action alike), as
in Selten's trembling-hand perfection and its extensive-form refinements computed by CFR
on perturbed games (Farina, Kroer and Sandholm 2017, *Regret minimization in
behaviorally-constrained zero-sum games*).  Each player's regrets are those of its own
choice ``σ`` against an opponent that trembles, values are backed up through its own
trembles too, and the average kept is of ``σ`` (what is played; the trembles are only
what it is trained against).  Then every betting line occurs in training with some
weak hands behind it, so the answer to an action the equilibrium bettor (almost) never
takes is trained against its whole range, not only against the few hands that take it
(or none: at reach zero CFR's values carry no weight and any answer costs nothing).
The average's
exploitability in the unperturbed game no longer falls to zero but to a floor that
shrinks with ε.

>>> from pokerroom.solver.toys import kuhn
>>> solver = Solver(kuhn())
>>> solver.run(2000)
>>> round(solver.value(), 3), solver.exploitability() < 1e-3
(-0.056, True)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pokerroom.solver.best_response import best_responses, game_value
from pokerroom.solver.game import Game
from pokerroom.solver.sweeps import Strategy, Sweeps

__all__ = ["CFR_PLUS", "DCFR", "Discounting", "Solver"]


@dataclass(frozen=True, slots=True)
class Discounting:
    """How regrets and the average are weighted (see the module).  ``floor`` keeps
    regrets at zero or more (CFR+); otherwise ``alpha``/``beta`` discount them."""

    name: str
    alpha: float = 1.5
    beta: float = 0.0
    gamma: float = 2.0
    floor: bool = False


CFR_PLUS = Discounting("cfr+", gamma=1.0, floor=True)
DCFR = Discounting("dcfr")
METHODS = {d.name: d for d in (CFR_PLUS, DCFR)}


class Solver:
    """CFR on one game: :meth:`iterate`, then read :meth:`average` (the strategy that
    converges to an equilibrium) and measure it with :meth:`exploitability`."""

    def __init__(self, game: Game, method: Discounting | str = DCFR, *, tremble: float = 0.0
                 ) -> None:  # fmt: skip
        if isinstance(method, str):
            try:
                method = METHODS[method]
            except KeyError:
                raise ValueError(
                    f"no CFR method {method!r} (methods: {', '.join(METHODS)})"
                ) from None
        if not 0.0 <= tremble < 1.0:
            raise ValueError(f"tremble {tremble}: a probability in [0, 1)")
        self.game = game
        self.method = method
        self.tremble = tremble
        self.sweeps = sweeps = Sweeps(game)
        self.iterations = 0
        self.regrets = sweeps.zeros()
        self.weights = sweeps.zeros()  # the average strategy, unnormalised
        self.current = sweeps.uniform()
        self._mine = [[rows[p] for rows in sweeps.player_rows] for p in (0, 1)]

    def iterate(self) -> None:
        """One iteration: player 0 updates, then player 1."""
        sweeps, method = self.sweeps, self.method
        t = self.iterations + 1
        sigma = self.current
        eps = self.tremble
        ranges = {1: sweeps.ranges(1, sigma)}
        for p in (0, 1):
            if eps:
                opp = sweeps.ranges(1 - p, self.played())
            else:
                opp = ranges[1] if p == 0 else sweeps.ranges(0, sigma)
            own = sweeps.ranges(p, sigma) if p == 0 else ranges[1]
            sweeps.values(p, opp, sigma, regrets=self.regrets, tremble=eps)
            reach = sweeps.decision_ranges(p, own)
            weight = float(t) ** method.gamma
            for s, rows in enumerate(self._mine[p]):
                if rows.start == rows.stop:
                    continue
                r = self.regrets[s][rows]
                if method.floor:
                    np.maximum(r, 0.0, out=r)
                else:
                    up = t**method.alpha / (t**method.alpha + 1.0)
                    down = t**method.beta / (t**method.beta + 1.0)
                    r *= np.where(r > 0, up, down)
                self.weights[s][rows] += weight * reach[s][rows][:, None, :] * sigma[s][rows]
            for s, rows in enumerate(self._mine[p]):
                if rows.start != rows.stop:
                    sigma[s][rows] = sweeps.match(s, rows, self.regrets[s][rows])
        self.iterations = t

    def played(self) -> Strategy:
        """The current strategy with the trembles: ``(1 − ε) σ + ε u`` (see the module);
        the current strategy itself without them."""
        eps = self.tremble
        if not eps:
            return self.current
        out = []
        for s, mask in zip(self.current, self.sweeps.action_mask, strict=True):
            u = mask / np.maximum(mask.sum(axis=1, keepdims=True), 1)
            out.append((1.0 - eps) * s + eps * u[:, :, None])
        return out

    def run(self, iterations: int) -> None:
        for _ in range(iterations):
            self.iterate()

    def checkpoint(self) -> dict[str, np.ndarray]:
        """The solver's state as arrays (regrets, average weights, current strategy,
        iterations, method): :meth:`resume` takes it back."""
        out: dict[str, np.ndarray] = {"iterations": np.array(self.iterations),
                                      "method": np.array(self.method.name),
                                      "tremble": np.array(self.tremble)}  # fmt: skip
        for name, arrays in (("regrets", self.regrets), ("weights", self.weights),
                             ("current", self.current)):  # fmt: skip
            for s, a in enumerate(arrays):
                out[f"{name}{s}"] = a
        return out

    def resume(self, state: dict[str, np.ndarray]) -> None:
        """Continue from a :meth:`checkpoint` of a solver of the same game and method;
        a checkpoint of another game or method is refused (ValueError), this solver
        unchanged."""
        method = str(state.get("method", ""))
        if method != self.method.name:
            raise ValueError(f"a checkpoint of {method or 'no method'}, not {self.method.name}")
        tremble = float(state.get("tremble", 0.0))
        if tremble != self.tremble:
            raise ValueError(f"a checkpoint of tremble {tremble}, not {self.tremble}")
        tables = []
        for name, arrays in (("regrets", self.regrets), ("weights", self.weights),
                             ("current", self.current)):  # fmt: skip
            for s, a in enumerate(arrays):
                got = state.get(f"{name}{s}")
                if got is None or got.shape != a.shape:
                    raise ValueError(f"a checkpoint of another game ({name}{s} does not fit)")
                tables.append((a, got))
        for a, got in tables:
            a[...] = got
        self.iterations = int(state["iterations"])

    def average(self) -> Strategy:
        """The average strategy (both players' decision nodes)."""
        return self.sweeps.normalise(self.weights)

    def exploitability(self) -> float:
        """How much a best responder wins from the average strategy, averaged over the
        two seats (0 at an equilibrium), in the game's units per game."""
        br0, br1 = best_responses(self.sweeps, self.average())
        return (br0 + br1) / 2

    progress_name = "exploitability"
    """What :meth:`progress` measures (the command line's progress bar, table and plot)."""

    def progress(self) -> float:
        """The number that shows how far solving has come: here the
        :meth:`exploitability` of the average strategy in the game solved."""
        return self.exploitability()

    def value(self) -> float:
        """Player 0's expected payoff when both play the average strategy."""
        return game_value(self.sweeps, self.average())
