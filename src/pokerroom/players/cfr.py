"""The ``cfr`` bot: heads-up fixed limit and heads-up no limit played from strategies
solved by counterfactual regret minimisation (:mod:`pokerroom.solver`), another bot
everywhere else.

Heads-up no limit with effective stacks of 100 to 200 big blinds it plays the shipped
no-limit strategies (:class:`~pokerroom.solver.nlpolicy.NoLimitPolicy`: the nearest
solved depth, bets off its tree read by pseudo-harmonic translation).

Heads-up under ``casino-limit`` or ``computer-tournament`` (or any rules whose betting is
theirs: :func:`~pokerroom.solver.policy.betting_differences`) it plays the strategy
shipped for those rules: the :class:`~pokerroom.solver.policy.Policy` gives each legal
action a probability and the bot draws one from its own seeded random source.  A table
down to two players is heads-up.  Where the strategy does not apply (more players, other
rules, stacks too short for the strategy's tree) it says why in :attr:`CFRBot.notes` and
lets its fallback bot (:data:`FALLBACK`) decide.  The fallback hears the whole game
(every notification), so it knows the players when its turn comes.  At an announced-hands
showdown (001) the fallback announces, which by default is the table's choice: show,
announcing the best hand the cards make.

>>> import random
>>> from pokerroom.rules import Rules
>>> from pokerroom.table import Table
>>> table = Table(Rules.preset("casino-limit"), 2, rng=random.Random(3))
>>> _ = table.start_hand()
>>> bot = CFRBot(seed=1)
>>> bot.act(table.turn_view(), 1.0)
Action.raise_to(4)
>>> table = Table(Rules.preset("casino-limit"), 6, rng=random.Random(3))
>>> _ = table.start_hand()
>>> _ = bot.act(table.turn_view(), 1.0)
>>> print(*bot.notes, sep="\\n")
1 decision from the CFR strategy for heads-up casino-limit
1 decision by strong: 6 players: the strategy is for heads-up play
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import TYPE_CHECKING, Any, Final

from pokerroom.players.base import Bot, Player, Relay
from pokerroom.players.state import StateError, items, need, whole
from pokerroom.players.strong import Strong
from pokerroom.rules import Rules
from pokerroom.solver.files import SHIPPED
from pokerroom.solver.nlpolicy import NoLimitPolicy, no_limit_problem
from pokerroom.solver.policy import OutsideStrategy, Policy, betting_differences

if TYPE_CHECKING:
    from collections.abc import Mapping

    from pokerroom.engine import Action, ActionKind, PlayerView
    from pokerroom.table.info import HandStart

__all__ = ["FALLBACK", "SHORT_STACK", "CFRBot", "shipped_policy", "strategy_for"]

FALLBACK: Final[type[Bot]] = Strong
"""The bot that decides where the strategy does not apply."""


_REASONS: Final = 20  # reasons told apart in the notes
SHORT_STACK: Final = "a stack too short for the strategy's tree (a player could be all-in)"


@functools.cache
def shipped_policy(preset: str) -> Policy:
    """The shipped strategy of a preset, loaded once per process (it is read-only)."""
    return Policy.shipped(preset)


@functools.cache
def shipped_no_limit_policy() -> NoLimitPolicy:
    """The shipped no-limit strategies, loaded once per process (read-only)."""
    return NoLimitPolicy.shipped()


@functools.cache
def strategy_for(rules: Rules) -> str | None:
    """The preset whose shipped strategy plays heads-up under ``rules``, if one does."""
    for preset in SHIPPED:
        if not betting_differences(Rules.preset(preset, players=2), rules):
            return preset
    return None


class CFRBot(Relay, Bot):
    """See the module.  ``policy`` plays instead of the shipped strategies (one solved for
    other rules, say); ``fallback`` decides where it does not apply (default: a
    :data:`FALLBACK` seeded from this bot's random source)."""

    name = "cfr"
    description = (
        f"heads-up limit and no limit from CFR strategies; elsewhere defers to {FALLBACK.name}"
    )

    def __init__(
        self,
        seed: int | None = None,
        *,
        policy: Policy | NoLimitPolicy | None = None,
        fallback: Player | None = None,
    ) -> None:
        super().__init__(seed)
        self.policy = policy
        if fallback is None:
            fallback = FALLBACK(seed=None if seed is None else self.rng.getrandbits(63))
        self.fallback = fallback
        self.played = 0
        self.deferred: Counter[str] = Counter()  # decisions left to the fallback, by reason
        self._none = OutsideStrategy("no strategy", "preset")
        self.relay_to(fallback)  # the fallback hears the whole game
        self._policies: dict[Rules, Policy | NoLimitPolicy | None] = {}
        self._last: tuple[Rules | None, Policy | NoLimitPolicy | None] = (None, None)
        """The rules of the last decision and their strategy: a game's views share one
        rules object, so the lookup is an identity test, not a hash of every field."""
        self._playing: str | None = None

    @property
    def notes(self) -> list[str]:
        """How the bot has played: decisions from the strategy, and for each reason it let
        the fallback decide, how many decisions."""
        out = []
        if self.played:
            what = self._playing or "CFR strategy"
            out.append(f"{_decisions(self.played)} from the {what}")
        fallback = getattr(self.fallback, "name", type(self.fallback).__name__)
        for why, count in self.deferred.most_common():
            out.append(f"{_decisions(count)} by {fallback}: {why}")
        return out

    # -------------------------------------------------------------------- saving

    def save_state(self) -> dict[str, Any]:
        """:meth:`Bot.save_state`, the counts of :attr:`notes` and the fallback's state."""
        save = getattr(self.fallback, "save_state", None)
        return {**super().save_state(), "played": self.played,
                "deferred": [[why, n] for why, n in self.deferred.items()],
                "playing": self._playing,
                "fallback": save() if callable(save) else None}  # fmt: skip

    def restore_state(self, state: Mapping[str, Any]) -> None:
        values = self._read_state(state)
        fallback = need(state, "fallback")
        if fallback is not None:
            restore = getattr(self.fallback, "restore_state", None)
            if not callable(restore):
                raise StateError("the state holds a fallback's, but this fallback keeps none")
            try:
                restore(fallback)  # (changes nothing if it fails)
            except StateError as exc:
                raise StateError(f"fallback: {exc}") from None
        for name, value in values.items():
            setattr(self, name, value)

    def _read_state(self, state: Mapping[str, Any]) -> dict[str, Any]:
        deferred: Counter[str] = Counter()
        for pair in items(need(state, "deferred"), "deferred"):
            why, n = items(pair, "deferred entry", 2)
            if not isinstance(why, str):
                raise StateError("deferred: reasons are text")
            deferred[why] = whole(n, "deferred count", 0)
        playing = need(state, "playing")
        if playing is not None and not isinstance(playing, str):
            raise StateError("playing: text or null")
        return {**super()._read_state(state), "played": whole(need(state, "played"), "played", 0),
                "deferred": deferred, "_playing": playing}  # fmt: skip

    # ------------------------------------------------------------------ deciding

    def start_hand(self, hand: HandStart) -> None:
        """Load the no-limit strategy a heads-up hand will need now, before any decision
        (and its time budget) starts; then what :class:`Relay` does."""
        policy = self._policy(hand.rules)
        if isinstance(policy, NoLimitPolicy):
            dealt = [hand.stacks[s] for s in hand.seats]
            big = max(hand.rules.blinds[:2]) if hand.rules.blinds else 0
            if len(dealt) == 2 and big > 0:
                depth = policy.nearest(min(dealt) / big)
                if depth is not None:
                    policy.played(depth)
        super().start_hand(hand)

    def act(self, view: PlayerView, budget: float) -> Action:
        policy = self._policy(view.rules)
        try:
            if policy is None:
                raise self._none
            decision = policy.decide(view)
        except OutsideStrategy as exc:
            why = SHORT_STACK if exc.kind == "stacks" and isinstance(policy, Policy) else str(exc)
            if why not in self.deferred and len(self.deferred) >= _REASONS:
                why = "other reasons"
            self.deferred[why] += 1
            return self.fallback.act(view, budget)
        self.played += 1
        return decision.sample(self.rng)

    def odds(self, view: PlayerView) -> list[tuple[ActionKind, float, float]] | None:
        """The strategy's probabilities at ``view`` (what :meth:`act` draws from), or
        None where it defers to its fallback, whose play is not known (a known strategy,
        for :mod:`pokerroom.tournament.aivat`)."""
        policy = self._policy(view.rules)
        if policy is None:
            return None
        try:
            decision = policy.decide(view)
        except OutsideStrategy:
            return None
        return [(a.kind, p, float(a.amount or 0))
                for a, p in zip(decision.actions, decision.probabilities, strict=True)]  # fmt: skip

    def _policy(self, rules: Rules) -> Policy | NoLimitPolicy | None:
        """The strategy for ``rules``, if one plays them.  The same rules object as last
        time (every decision of a game) is found without hashing the rules (a hash of
        every field, some 7 µs a call); other rules are looked up by value."""
        last, policy = self._last
        if rules is last:
            return policy
        if rules in self._policies:
            policy = self._policies[rules]
            self._last = (rules, policy)
            return policy
        policy = self.policy
        if policy is not None:
            given = policy.rules if isinstance(policy, Policy) else "heads-up no limit"
            self._playing = f"strategy given ({given})"
        else:
            preset = strategy_for(rules)
            if preset is not None:
                policy = shipped_policy(preset)
                self._playing = f"CFR strategy for heads-up {preset}"
            elif no_limit_problem(rules) is None:
                policy = shipped_no_limit_policy()
                self._playing = "CFR strategy for heads-up no limit"
            else:
                self._none = OutsideStrategy(
                    f"no strategy ships for {rules} (strategies: heads-up {', '.join(SHIPPED)})",
                    "preset",
                )
        self._policies[rules] = policy
        self._last = (rules, policy)
        return policy

    def announce(self, view: PlayerView, budget: float) -> Action:
        return self.fallback.announce(view, budget)


def _decisions(n: int) -> str:
    return f"{n:,} decision{'s' if n != 1 else ''}"
