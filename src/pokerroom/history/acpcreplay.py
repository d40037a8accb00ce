"""Replay ACPC dealer logs through the engine and check every hand's nets.

Rules of an ACPC game: ``limit`` is fixed limit with ``raiseSize`` per round (rounds 1-2
must share one size and so must rounds 3-4... unless the river differs: a big river
bet), ``maxRaises`` translated to pokerroom's counting, no limit with the largest
blind as the minimum bet and ``stack`` per position; ``blind`` per position; no burns.
Other games (not 52 cards, not two hole cards, other rounds) are refused.

>>> from pokerroom.history.acpc import GameDef
>>> from pokerroom.history.acpclog import ACPCLog
>>> game = GameDef.parse("GAMEDEF\\nnolimit\\nnumPlayers = 2\\nnumRounds = 4\\n"
...     "stack = 20000 20000\\nblind = 100 50\\nfirstPlayer = 2 1 1 1\\nnumSuits = 4\\n"
...     "numRanks = 13\\nnumHoleCards = 2\\nnumBoardCards = 0 3 1 1\\nEND GAMEDEF\\n")
>>> log = ACPCLog.parse("STATE:3:f:Ad3s|8d5d:50|-50:Bob|Alice\\n")
>>> replay = replay_acpc(log.hands[0], game)
>>> replay.played.result.net, replay.check().how
((50, -50), 'exact')
"""

from __future__ import annotations

from pokerroom.cards import Card
from pokerroom.engine.actions import IllegalAction, Street
from pokerroom.engine.hand import Hand
from pokerroom.history.acpc import NO_RAISE_CAP, Betting, DealtCards, GameDef
from pokerroom.history.acpclog import ACPCAction, ACPCHand
from pokerroom.history.errors import ReplayError
from pokerroom.history.record import PlayedHand
from pokerroom.history.replay import Replay, stacked_start
from pokerroom.rules import Rules, RulesError, Structure

__all__ = ["play_acpc_action", "replay_acpc", "rules_from_gamedef", "show_all"]


def rules_from_gamedef(game: GameDef) -> Rules:
    """The rules of an ACPC game (see the module doc); :class:`ReplayError` if pokerroom
    cannot play it."""
    if not game.is_holdem:
        raise ReplayError(
            "not Texas hold'em (pokerroom plays 4 suits x 13 ranks, 2 hole cards, 4 rounds "
            "dealing 0 3 1 1 board cards)"
        )
    n = game.num_players
    blinds = tuple(game.blind)
    if n == 2:
        blinds = (game.blind[1], game.blind[0])  # the button posts blinds[0]
    caps: list[int | None] = []
    for r, m in enumerate(game.max_raises):
        if m >= NO_RAISE_CAP:
            caps.append(None)
        else:
            opened_by_blind = r == 0 and max(game.blind) > 0
            caps.append(m if opened_by_blind else max(m - 1, 0))
    max_raises = tuple(caps) if any(c is not None for c in caps) else None
    try:
        if game.betting is Betting.LIMIT:
            sizes = game.raise_size
            if sizes[0] != sizes[1]:
                raise ReplayError(f"raiseSize {list(sizes)}: rounds 1 and 2 must share one size")
            rules = Rules(
                structure=Structure.FIXED_LIMIT,
                small_bet=sizes[0],
                big_bet=sizes[2],
                river_bet=sizes[3],
                max_raises=max_raises,
                blinds=blinds,
                burn_cards=False,
            )
        else:
            rules = Rules(
                structure=Structure.NO_LIMIT,
                min_bet=max((*game.blind, 1)),
                max_raises=max_raises,
                blinds=blinds,
                burn_cards=False,
            )
    except RulesError as exc:
        raise ReplayError("; ".join(exc.problems)) from None
    _check_first_players(game, rules)
    return rules


def _check_first_players(game: GameDef, rules: Rules) -> None:
    n = game.num_players
    posters = [p for p, b in enumerate(game.blind) if b]
    if n == 2 and rules.heads_up_reversed:
        first = 1 if posters else 0
    else:
        first = (max(posters) + 1) % n if posters else 0
    expected = (first, *([0] * (game.num_rounds - 1)))
    if tuple(game.first_player) != expected:
        shown = " ".join(str(p + 1) for p in expected)
        raise ReplayError(
            f"firstPlayer {' '.join(str(p + 1) for p in game.first_player)}: pokerroom plays "
            f"{shown} with these blinds (after the blinds pre-flop, then left of the button)"
        )


def play_acpc_action(engine: Hand, action: ACPCAction, betting: Betting) -> None:
    """Play an ACPC action on the engine: ``f`` fold, ``c`` check or call, ``r`` the
    limit bet or raise, ``rN`` (no limit) a bet or raise to N chips in the whole hand.
    :class:`~pokerroom.engine.IllegalAction` if the engine refuses it."""
    if action.kind == "f":
        engine.fold()
    elif action.kind == "c":
        engine.check_or_call()
    elif betting is Betting.LIMIT:
        engine.bet_or_raise(engine.legal_actions().min_to)
    else:
        if action.size is None:
            raise IllegalAction(f"a no-limit raise needs its size: {action}")
        engine.bet_or_raise(engine.round_amount(action.size))


def show_all(engine: Hand) -> None:
    """At the showdown, every hand still in is shown (the ACPC dealer compares them all)."""
    while engine.to_act is not None and engine.street is Street.SHOWDOWN:
        engine.show()


def replay_acpc(
    hand: ACPCHand,
    game: GameDef,
    *,
    rules: Rules | None = None,
    dealt: DealtCards | None = None,
) -> Replay:
    """Replay one ``STATE:`` line of an ACPC log under ``game``.

    ``dealt`` (this hand's cards from :meth:`GameDef.deals`) supplies the cards a log
    line hides; without it hidden hole cards are stand-ins (and may not reach a showdown).
    """
    n = game.num_players
    if len(hand.hole) != n:
        raise ReplayError(f"{len(hand.hole)} players in the log, {n} in the game definition")
    rules = rules or rules_from_gamedef(game)
    holes: list[tuple[Card, ...] | None] = []
    for p, cards in enumerate(hand.hole):
        if cards:
            holes.append(cards)
        elif dealt is not None:
            holes.append(dealt.hole[p])
        else:
            holes.append(None)
    board = [c for r in hand.board for c in r]
    if dealt is not None and len(board) < 5:
        board = [c for r in dealt.board for c in r]
    engine = stacked_start(rules, game.stack, holes, board)
    for r, actions in enumerate(hand.betting):
        for k, action in enumerate(actions):
            where = f"round {r + 1} action {k + 1} {str(action)!r} of {hand.betting_text!r}"
            if engine.to_act is None or engine.street is Street.SHOWDOWN:
                raise ReplayError("an action after the betting is over", where=where)
            if engine.street != r:
                raise ReplayError(
                    f"the log is in round {r + 1} but the betting is {engine.street.phrase}",
                    where=where,
                )
            try:
                play_acpc_action(engine, action, game.betting)
            except IllegalAction as exc:
                raise ReplayError(str(exc), where=where) from None
    show_all(engine)
    if engine.to_act is not None:
        raise ReplayError(
            f"the log's betting {hand.betting_text!r} ends with seat {engine.to_act} still "
            f"to act {engine.street.phrase} (truncated?)"
        )
    hidden = frozenset(p for p, cards in enumerate(holes) if cards is None)
    for p in hidden:
        if engine.result is not None and engine.result.shown[p] is not None:
            raise ReplayError(
                f"position {p}'s hole cards are hidden in the log, but the showdown needs them "
                f"(give the match's seed to deal them)"
            )
    played = PlayedHand.from_hand(engine, names=hand.names, label=hand.number, hidden=hidden)
    return Replay(played, tuple(hand.nets), "nets", printed=True)
