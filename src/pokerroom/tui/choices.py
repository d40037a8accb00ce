"""The choices of your turn, as the action bar offers them.

Worked out from your :class:`PlayerView` alone: the buttons (Fold, Check or Call with its
amount, Bet or Raise named as what it is, All-in), the quick sizes of a no- or pot-limit
bet, the check of a typed amount (an illegal one is explained, never accepted), and the
declarations of an announced-hands showdown, best first.

>>> import random
>>> from pokerroom.engine import Hand
>>> from pokerroom.rules import Rules
>>> hand = Hand(Rules.preset("no-limit"), [500, 500, 500], button=0, rng=random.Random(3))
>>> [(b.key, b.label, b.enabled) for b in buttons(hand.view(0))]
[('f', 'Fold', True), ('c', 'Call 4', True), ('r', 'Raise to…', True), ('a', 'All-in 500', True)]
>>> [(q.label, q.amount) for q in quick_sizes(hand.view(0))]
[('min', 8), ('½ pot', 9), ('pot', 14), ('all-in', 500)]
>>> read_amount("5", hand.view(0))
AmountCheck(amount=None, message='5 is too small: the smallest raise is to 8.')
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.engine.actions import Action, ActionKind, LegalActions, Street
from pokerroom.engine.events import EventKind
from pokerroom.engine.view import PlayerView
from pokerroom.evaluator import describe
from pokerroom.rules import Structure

__all__ = [
    "AmountCheck",
    "Button",
    "Declaration",
    "QuickSize",
    "buttons",
    "declarations",
    "needs_amount",
    "quick_sizes",
    "read_amount",
]

_K = ActionKind


@dataclass(frozen=True, slots=True)
class Button:
    """One button of the action bar: its shortcut key, its label, the action it takes
    (``None`` for a bet or raise whose amount is still to be typed) and whether it is
    legal now."""

    key: str
    label: str
    action: Action | None
    enabled: bool
    name: str


@dataclass(frozen=True, slots=True)
class QuickSize:
    """A quick bet size: its key, its label and the amount (within the legal range)."""

    key: str
    label: str
    amount: int


@dataclass(frozen=True, slots=True)
class AmountCheck:
    """A typed amount: the amount if it is legal, else why not."""

    amount: int | None
    message: str


@dataclass(frozen=True, slots=True)
class Declaration:
    """One choice at an announced-hands showdown: announce a hand, or concede."""

    label: str
    action: Action


def _legal(view: PlayerView) -> LegalActions:
    if view.legal is None:
        raise ValueError(f"it is not seat {view.seat}'s turn")
    return view.legal


def needs_amount(view: PlayerView) -> bool:
    """Whether a bet or raise takes a typed amount (no or pot limit, with a choice)."""
    legal = _legal(view)
    return legal.can_raise and legal.min_to != legal.max_to


def _everything(view: PlayerView) -> int:
    return view.bets[view.seat] + view.stacks[view.seat]


def buttons(view: PlayerView) -> list[Button]:
    """The four betting buttons; those not legal now are disabled."""
    legal = _legal(view)
    kinds = legal.kinds
    out = [Button("f", "Fold", Action.fold(), _K.FOLD in kinds, "fold")]
    if _K.CALL in kinds:
        short = legal.call < legal.to_call or legal.call == view.stacks[view.seat]
        tag = " (all-in)" if short else ""
        out.append(Button("c", f"Call {legal.call}{tag}", Action.call(), True, "call"))
    else:
        out.append(Button("c", "Check", Action.check(), _K.CHECK in kinds, "check"))
    word = "Bet" if _K.BET in kinds or (_K.RAISE not in kinds and not view.to_call) else "Raise to"
    if _straddling(view):
        word = "Straddle"
    kind = _K.BET if word == "Bet" else _K.RAISE
    key = "b" if word == "Bet" else "r"
    if not legal.can_raise:
        out.append(Button(key, word, None, False, kind.value))
    elif legal.min_to == legal.max_to:
        out.append(Button(key, f"{word} {legal.min_to}", Action(kind, legal.min_to), True,
                          kind.value))  # fmt: skip
    else:
        out.append(Button(key, f"{word}…", None, True, kind.value))
    everything = _everything(view)
    allin: Action | None = None
    if legal.can_raise and legal.max_to == everything:
        allin = Action(kind, everything)
    elif _K.CALL in kinds and legal.call == view.stacks[view.seat]:
        allin = Action.call()
    out.append(Button("a", f"All-in {everything}", allin, allin is not None, "all-in"))
    return out


def _straddling(view: PlayerView) -> bool:
    """001's straddler deciding: post the straddle (a raise) or fold, before anyone acts."""
    if not view.rules.straddle or view.street is not Street.PREFLOP:
        return False
    done = {EventKind.ANTE, EventKind.BLIND, EventKind.DEAL}
    return all(e.kind in done for e in view.events)


def quick_sizes(view: PlayerView) -> list[QuickSize]:
    """Quick sizes of a bet or raise: the minimum, half the pot, the pot, all-in.

    A pot-sized raise goes to the bet to match plus the pot after calling it; every
    size is kept within the legal range.
    """
    legal = _legal(view)
    high = max(view.to_match, *view.bets)
    after_call = view.pot + view.to_call
    sizes = [
        ("m", "min", legal.min_to),
        ("h", "½ pot", high + after_call // 2),
        ("p", "pot", high + after_call),
        ("a", "all-in", legal.max_to),
    ]
    return [
        QuickSize(key, label, min(max(amount, legal.min_to), legal.max_to))
        for key, label, amount in sizes
    ]


def read_amount(text: str, view: PlayerView) -> AmountCheck:
    """Check a typed bet or raise amount (the total to bet to, this round)."""
    legal = _legal(view)
    word = "bet" if _K.BET in legal.kinds else "raise"
    span = f"{legal.min_to} to {legal.max_to}"
    t = text.strip().replace(",", "")
    if not t:
        return AmountCheck(None, f"Type the amount to {word} to ({span}).")
    if not t.isdigit():
        return AmountCheck(None, f"{text.strip()!r} is not a number of chips ({span}).")
    amount = int(t)
    if amount < legal.min_to:
        smallest = f"the smallest {word} is to {legal.min_to}"
        return AmountCheck(None, f"{amount} is too small: {smallest}.")
    if amount > legal.max_to:
        if legal.max_to == _everything(view):
            why = "all your chips"
        elif view.rules.structure is Structure.POT_LIMIT:
            why = "the pot limit"
        else:
            why = "what your opponents can match"
        return AmountCheck(None, f"{amount} is too big: the most is {legal.max_to} ({why}).")
    return AmountCheck(amount, "")


def declarations(view: PlayerView) -> list[Declaration]:
    """At the showdown: under announced hands, the best hand your cards make, conceding,
    then the lower hands they make, best first; under cards speak, show or muck."""
    legal = _legal(view)
    if legal.values:
        out = [Declaration(f"Announce {describe(v)}", Action.show(v)) for v in legal.values]
        return [out[0], Declaration("Concede (muck your cards)", Action.muck()), *out[1:]]
    return [
        Declaration("Show your cards", Action.show()),
        Declaration("Muck (throw them away unseen)", Action.muck()),
    ]
