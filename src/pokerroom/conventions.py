"""The choices of :class:`~pokerroom.rules.Rules` that are not numbers: the betting
structure, the showdown, the pot award, and the conventions that rule books settle
differently.

The default of each is the rule pokerroom plays (``rules.md``: the casino and tournament
conventions); the other values are the rules another engine or document plays, so that
a record it wrote replays exactly.  Next to each value: where the rule comes from.
"PokerKit" is ``pokerkit/state.py`` of PokerKit 0.7.7 (the reference engine of PHH),
"ACPC" the reference dealer of the Annual Computer Poker Competition (``game.c``).  The
yes/no conventions are boolean fields documented on :class:`~pokerroom.rules.Rules`.

>>> OddChip("first-left-of-button"), Reopening("no-smaller").value
(<OddChip.FIRST_LEFT_OF_BUTTON: 'first-left-of-button'>, 'no-smaller')
"""

from __future__ import annotations

from enum import Enum

__all__ = [
    "AnteRule", "CapCount", "OddChip", "Reopening", "ShowRule", "ShowdownMode", "Structure",
    "TieSplit",
]  # fmt: skip


class Structure(Enum):
    """The betting structure (``rules.md`` §5)."""

    FIXED_LIMIT = "fixed-limit"
    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"


class ShowdownMode(Enum):
    """How hands are judged at the showdown (``rules.md`` §8)."""

    CARDS_SPEAK = "cards-speak"
    ANNOUNCED = "announced"


class AnteRule(Enum):
    """Where the ante comes from: ``antes`` as given, or 001's half the low limit
    (``max(1, L // 2)``, L the unit of the first round), which follows L."""

    FIXED = "fixed"
    HALF_LOW_LIMIT = "half-low-limit"


class TieSplit(Enum):
    """How tied hands share the pot when someone is all-in (``rules.md`` §9)."""

    SIDE_POTS = "side-pots"
    """Standard side pots: each layer to the best hand that paid into it, ties split it."""
    PROPORTIONAL = "proportional"
    """001's rule: tied hands split in proportion to their expectations."""


class OddChip(Enum):
    """Who gets the chips a split pot leaves over (``rules.md`` §9)."""

    LEFT_OF_BUTTON = "left-of-button"
    """One chip at a time to the tied players, in seat order starting left of the button
    (000, 001: "the dealer decides"; the default)."""
    BEST_SUIT = "best-suit"
    """One chip at a time, best hand by suit first (``suit_order``, see
    :func:`~pokerroom.engine.pots.suit_key`)."""
    FIRST_LEFT_OF_BUTTON = "first-left-of-button"
    """Every odd chip of a pot to one player: the first of its winners left of the button
    (PokerKit: ``State.push_chips`` gives a pot's whole remainder to the winner with the
    lowest player index, and player 0 sits left of the button)."""


class Reopening(Enum):
    """When a bet or raise reopens the betting for players who have already acted in the
    round (``rules.md`` §5: "a raise of less than a full raise, made by going all-in, does
    not reopen the betting to players who have already acted")."""

    FULL_RAISE = "full-raise"
    """The default (TDA Rule 47, 002): a player who has acted may raise again only when the
    bets since their last action add up to a full raise: at least the minimum bet (one
    unit in fixed limit) and at least the largest full bet or raise of the round.  A short
    all-in bet, even the round's first, does not reopen the betting for players who
    checked before it."""
    NO_SMALLER = "no-smaller"
    """PokerKit's reading of WSOP Rule 96 ("all raises must be equal to or greater than the
    size of the previous bet or raise on that betting round; an all-in wager of less than
    a full raise does not reopen the betting to a participant who has already acted",
    with its exception for consecutive all-ins), in fixed limit too (WSOP's rule is for
    no limit and pot limit: in limit an all-in of half a bet or more reopens the betting;
    PokerKit does not play that).  A bet or raise is
    full when it is no smaller than every earlier bet or raise of the round (blinds and
    the minimum bet are not counted), so the round's first bet always is, even an all-in
    for less than the minimum bet: it reopens the betting for players who checked.  A
    player who has acted in the round may not raise when what they owe is less than the
    largest bet or raise of the round (a blind is not an action: with
    ``blind_sets_min_raise`` the big blind counts as that bet, and the blinds stay live),
    nor when they have acted since the last full one and the all-in raises since
    the last bet by a player with chips left add up to less than it (a run of short
    all-ins that adds up to a full raise reopens the betting once; the run then starts
    again).  PokerKit: ``State._verify_completion_betting_or_raising`` and
    ``State.complete_bet_or_raise_to`` (``completion_betting_or_raising_amount``,
    ``acted_player_indices``, ``consecutive_short_all_in_amounts``)."""
    ALWAYS = "always"
    """Any player may raise whenever raises remain (ACPC: ``raiseIsValid`` has no rule
    about short all-ins)."""


class CapCount(Enum):
    """What the raise cap (``max_raises``) counts."""

    RAISES = "raises"
    """The default: full raises made after the round's opening bet (the first full bet,
    pre-flop a full blind; without ``fixed_limit_completes`` the first blind or bet of any
    size, since a raise adds a unit to it).  Blinds never count, 001's straddle only with
    ``straddle_counts``, an all-in for less than a full raise never (it is not a raise).
    002's "a bet and three raises" and 001's "three raises, the straddle not counted" are
    both 3."""
    BETS_AND_RAISES = "bets-and-raises"
    """Every bet, completion and raise of the round, all-ins for less included; blinds
    are not counted (001's straddle only with ``straddle_counts``).  PokerKit (fixed-limit
    games allow four: ``max_completion_betting_or_raising_count``) and ACPC
    (``maxRaises`` counts every ``r``)."""


class ShowRule(Enum):
    """Who must show and who may muck at the showdown (``rules.md`` §8)."""

    SHOW_OR_MUCK = "show-or-muck"
    """The default: each player in turn shows or mucks (all-in players are always shown)."""
    BETTER_OR_CONCEDE = "better-or-concede"
    """001: the player called (the last to bet or raise in the final round, else the first
    left of the button) must show; each later player either shows a hand that can still
    win or tie a pot they are in, given the hands shown so far, or concedes.  "Better or
    equal": a player may show when no hand shown so far beats theirs in every pot they
    contest; a tie is enough."""
    ALL_SHOW = "all-show"
    """000: every player still in the hand shows all their cards."""
