"""The choices of your turn, as the action bar offers them.

Worked out from your :class:`PlayerView` alone, in one place, so the buttons, their
keys in the footer, the prompt and the hints cannot disagree: the buttons (Fold, Check
or Call with its amount, Bet, Raise or Straddle named as what it is, and the most you
can put in: All-in, or the pot in pot limit), why a button is not possible now, the
quick sizes of a no- or pot-limit bet, the check of a typed amount (whole chips only;
anything else is explained, never changed), the pot odds of a call, and the
declarations of the showdown, best first, only the legal ones.

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
>>> print(read_amount("8.5", hand.view(0)).message)
'8.5' is not a number of whole chips: type digits, with commas between thousands if you
like (1,000 or 12,500); from 8 to 500.
>>> prompt(hand.view(0)), odds_text(hand.view(0))
('Your turn: 4 to call.', 'Call 4: you need 40%')
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.engine.actions import Action, ActionKind, LegalActions, Street
from pokerroom.engine.events import EventKind
from pokerroom.engine.view import PlayerView
from pokerroom.evaluator import describe
from pokerroom.rules import Structure
from pokerroom.tui.amounts import chips, whole_chips

__all__ = [
    "AmountCheck",
    "Button",
    "Declaration",
    "QuickSize",
    "buttons",
    "declarations",
    "needs_amount",
    "odds_text",
    "pot_odds",
    "prompt",
    "quick_sizes",
    "read_amount",
    "refusal",
]

_K = ActionKind
"""Whole chips: digits (0 to 9 only), or digits with a comma between each group of
three."""


@dataclass(frozen=True, slots=True)
class Button:
    """One button of the action bar: its shortcut key, its label, the action it takes
    (``None`` for a bet or raise whose amount is still to be typed), whether it is legal
    now, its name (``fold``, ``check``, ``call``, ``bet``, ``raise``, ``all-in``, ``max``)
    and, when it is not legal, why not."""

    key: str
    label: str
    action: Action | None
    enabled: bool
    name: str
    why: str = ""

    @property
    def all_in(self) -> bool:
        """Whether it puts every chip you have in (it asks first, from a single key)."""
        return self.name == "all-in"


@dataclass(frozen=True, slots=True)
class QuickSize:
    """A quick bet size: its label and the amount (within the legal range)."""

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
    """One choice at the showdown: show (or announce a hand), muck or concede."""

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


def _straddling(view: PlayerView) -> bool:
    """001's straddler deciding: post the straddle (a raise) or fold, before anyone acts."""
    if not view.rules.straddle or view.street is not Street.PREFLOP:
        return False
    legal = _legal(view)
    if _K.CALL in legal.kinds or _K.CHECK in legal.kinds:
        return False
    done = {EventKind.ANTE, EventKind.BLIND, EventKind.DEAL}
    return all(e.kind in done for e in view.events)


def _bet_word(view: PlayerView) -> str:
    kinds = _legal(view).kinds
    if _straddling(view):
        return "Straddle"
    if _K.BET in kinds or (_K.RAISE not in kinds and not view.to_call):
        return "Bet"
    return "Raise to"


def buttons(view: PlayerView) -> list[Button]:
    """The four betting buttons, every legal action among them; those not legal now
    are disabled and say why."""
    legal = _legal(view)
    kinds = legal.kinds
    straddle = _straddling(view)
    if straddle:
        why_not = f"the straddle is yours to post: straddle {chips(legal.min_to)} (r) or fold (f)"
    out = [Button("f", "Fold", Action.fold(), _K.FOLD in kinds, "fold",
                  "" if _K.FOLD in kinds else "checking is free: check with c")]  # fmt: skip
    if straddle:
        out.append(Button("c", "Check", None, False, "check", why_not))
    elif _K.CALL in kinds:
        short = legal.call < legal.to_call or legal.call == view.stacks[view.seat]
        tag = " (all-in)" if short else ""
        out.append(Button("c", f"Call {chips(legal.call)}{tag}", Action.call(), True, "call"))
    else:
        out.append(Button("c", "Check", Action.check(), _K.CHECK in kinds, "check",
                          "" if _K.CHECK in kinds else "there is a bet to call"))  # fmt: skip
    word = _bet_word(view)
    kind = _K.BET if word == "Bet" else _K.RAISE
    key = "b" if word == "Bet" else "r"
    name = "bet" if word == "Bet" else "raise"
    if not legal.can_raise:
        # why it is off: the engine's reason, as the dealer gave it (the raise cap,
        # check-raise not allowed, a short all-in that did not reopen the betting...)
        out.append(Button(key, word, None, False, name,
                          legal.why or "you cannot bet or raise now"))  # fmt: skip
    elif legal.min_to == legal.max_to:
        out.append(Button(key, f"{word} {chips(legal.min_to)}", Action(kind, legal.min_to), True,
                          name))  # fmt: skip
    else:
        out.append(Button(key, f"{word}…", None, True, name))
    out.append(_most(view, kind))
    return out


def _most(view: PlayerView, kind: ActionKind) -> Button:
    """The fourth button: the most you can put in, named as what it is (all your chips,
    the pot in pot limit, or the most the others can match)."""
    legal = _legal(view)
    everything = _everything(view)
    if legal.can_raise and legal.max_to == everything:
        return Button("a", f"All-in {chips(everything)}", Action(kind, everything), True, "all-in")
    if _K.CALL in legal.kinds and legal.call == view.stacks[view.seat]:
        return Button("a", f"All-in {chips(everything)}", Action.call(), True, "all-in")
    if legal.can_raise and legal.min_to != legal.max_to:
        word = "Pot" if view.rules.structure is Structure.POT_LIMIT else "Max"
        return Button("a", f"{word} {chips(legal.max_to)}", Action(kind, legal.max_to), True, "max")
    if view.rules.structure is Structure.FIXED_LIMIT:
        why = "in fixed limit a bet or raise is one set amount"
    else:
        why = "you cannot put in more now"
    return Button("a", f"All-in {chips(everything)}", None, False, "all-in", why)


def refusal(view: PlayerView, name: str) -> str:
    """What the bar says when the key of button ``name`` is pressed but it is not
    possible now: why, and what is possible."""
    bar = buttons(view)
    pressed = next((b for b in bar if b.name == name), None)
    possible = " · ".join(f"{b.label} ({b.key})" for b in bar if b.enabled)
    what = pressed.label if pressed is not None else name.capitalize()
    why = f": {pressed.why}" if pressed is not None and pressed.why else ""
    return f"{what.rstrip('…')} is not possible now{why}. You can: {possible}."


def prompt(view: PlayerView) -> str:
    """Your turn, in the words of the buttons."""
    legal = _legal(view)
    if view.street is Street.SHOWDOWN:
        if legal.values:
            return "Your turn: announce your hand, or concede."
        if _K.SHOW in legal.kinds:
            return "Your turn: show your hand or muck it."
        return "Your turn: muck (a hand already shown beats yours)."
    if _straddling(view):
        return f"Your turn: post the straddle ({chips(legal.min_to)}) or fold."
    if _K.CALL in legal.kinds:
        return f"Your turn: {chips(legal.call)} to call."
    return "Your turn: nothing to call."


def pot_odds(view: PlayerView) -> float | None:
    """The share of the pot a call pays for: the equity the call needs to break even
    (None when there is nothing to call)."""
    legal = _legal(view)
    if _K.CALL not in legal.kinds or not legal.call:
        return None
    return legal.call / (view.pot + legal.call)


def odds_text(view: PlayerView) -> str:
    """The pot odds beside the call: ``"Call 8: you need 31%"``."""
    odds = pot_odds(view)
    if odds is None:
        return ""
    return f"Call {chips(_legal(view).call)}: you need {odds:.0%}"


def quick_sizes(view: PlayerView) -> list[QuickSize]:
    """Quick sizes of a bet or raise: the minimum, half the pot, the pot, all-in (or the
    most the rules allow).

    A pot-sized raise goes to the bet to match plus the pot after calling it; every
    size is kept within the legal range.
    """
    legal = _legal(view)
    high = max(view.to_match, *view.bets)
    after_call = view.pot + view.to_call
    top = "all-in" if legal.max_to == _everything(view) else "most"
    sizes = [
        ("m", "min", legal.min_to),
        ("h", "½ pot", high + after_call // 2),
        ("p", "pot", high + after_call),
        ("a", top, legal.max_to),
    ]
    return [
        QuickSize(key, label, min(max(amount, legal.min_to), legal.max_to))
        for key, label, amount in sizes
    ]


def step_size(view: PlayerView, text: str, direction: int) -> int:
    """The next quick size above (``direction`` 1) or below (-1) the amount typed in
    ``text`` (from the minimum when it is not an amount); it stays within the range."""
    amounts = sorted({q.amount for q in quick_sizes(view)})
    current = whole_chips(text)
    if current is None:
        return amounts[0]
    if direction > 0:
        return next((a for a in amounts if a > current), amounts[-1])
    return next((a for a in reversed(amounts) if a < current), amounts[0])


def read_amount(text: str, view: PlayerView) -> AmountCheck:
    """Check a typed bet or raise amount (the total to bet to, this round): whole chips,
    digits with optional commas between thousands; anything else is refused with what
    is accepted, never read as something else."""
    legal = _legal(view)
    word = "bet" if _K.BET in legal.kinds else "raise"
    span = f"{chips(legal.min_to)} to {chips(legal.max_to)}"
    t = text.strip()
    if not t:
        return AmountCheck(None, f"Type the amount to {word} to ({span}), like 120 or 1,200.")
    amount = whole_chips(t)
    if amount is None:
        return AmountCheck(None, f"{t!r} is not a number of whole chips: type digits, with "
                           f"commas between thousands if you like (1,000 or 12,500); "
                           f"from {span}.")  # fmt: skip
    if amount < legal.min_to:
        smallest = f"the smallest {word} is to {chips(legal.min_to)}"
        return AmountCheck(None, f"{chips(amount)} is too small: {smallest}.")
    if amount > legal.max_to:
        if legal.max_to == _everything(view):
            why = "all your chips"
        elif view.rules.structure is Structure.POT_LIMIT:
            why = "the pot limit"
        else:
            why = "what your opponents can match"
        most = chips(legal.max_to)
        return AmountCheck(None, f"{chips(amount)} is too big: the most is {most} ({why}).")
    return AmountCheck(amount, "")


def declarations(view: PlayerView) -> list[Declaration]:
    """At the showdown, the legal choices only, the one to take first: under announced
    hands the hands your cards make, best first, then conceding (last, on its own);
    under cards speak, show then muck, or only muck once a hand shown beats yours."""
    legal = _legal(view)
    if legal.values:
        out = [Declaration(f"Announce {describe(v)}", Action.show(v)) for v in legal.values]
        if _K.MUCK in legal.kinds:
            out.append(Declaration("Concede (muck your cards)", Action.muck()))
        return out
    out = []
    if _K.SHOW in legal.kinds:
        out.append(Declaration("Show your cards", Action.show()))
    if _K.MUCK in legal.kinds:
        label = ("Muck (throw them away unseen)" if out
                 else "Muck: a hand already shown beats yours")  # fmt: skip
        out.append(Declaration(label, Action.muck()))
    return out
