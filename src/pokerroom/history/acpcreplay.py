"""Replay ACPC dealer logs through the engine and check every hand's nets; write a
played hand as a log line.

Rules of an ACPC game (:func:`rules_from_gamedef`).  A game with the standard order of
play (after the big blind pre-flop, then left of the button; heads-up the button posts
the small blind and acts first) and equal stacks is played with pokerroom's usual
rules: ``limit`` is fixed limit with ``raiseSize`` per round, ``maxRaises`` translated to
pokerroom's counting, no limit with the largest blind as the minimum bet.  Any other
hold'em game is played as written, with the dealer's own conventions: ``blind`` per
position, ``firstPlayer`` per round (``Rules.first_to_act``), ``raiseSize`` per round,
``maxRaises`` counting every bet and raise (``CapCount.BETS_AND_RAISES``), a stack per
seat, a limit raise adding a full ``raiseSize`` to the largest bet
(``fixed_limit_completes=False``), no rule against raising after a short all-in
(``Reopening.ALWAYS``), and the lone player still asked to act (``lone_player_acts``).
Every game: no burns, and every hand still in at the showdown is shown and compared
(``ShowRule.ALL_SHOW``: the dealer has no muck).  Refused, with the reason: games that
are not Texas hold'em, and no-limit games of three or more players whose stacks differ
(the dealer's minimum raise after an all-in for less, ``max(previous minimum, 2 x raise
- previous bet)``, is not a rule pokerroom plays).

>>> from pokerroom.history.acpc import GameDef
>>> from pokerroom.history.acpclog import ACPCLog
>>> game = GameDef.parse("GAMEDEF\\nnolimit\\nnumPlayers = 2\\nnumRounds = 4\\n"
...     "stack = 20000 20000\\nblind = 100 50\\nfirstPlayer = 2 1 1 1\\nnumSuits = 4\\n"
...     "numRanks = 13\\nnumHoleCards = 2\\nnumBoardCards = 0 3 1 1\\nEND GAMEDEF\\n")
>>> log = ACPCLog.parse("STATE:3:f:Ad3s|8d5d:50|-50:Bob|Alice\\n")
>>> replay = replay_acpc(log.hands[0], game)
>>> replay.played.result.net, replay.check().how
((50, -50), 'exact')
>>> str(to_acpc(replay.played, game))
'STATE:3:f:Ad3s|8d5d:50|-50:Bob|Alice'
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from pokerroom.cards import Card
from pokerroom.engine.actions import IllegalAction, Street
from pokerroom.engine.events import EventKind
from pokerroom.engine.hand import Hand
from pokerroom.history.acpc import NO_RAISE_CAP, Betting, DealtCards, GameDef
from pokerroom.history.acpclog import ACPCAction, ACPCHand
from pokerroom.history.errors import ReplayError
from pokerroom.history.record import PlayedHand
from pokerroom.history.replay import Replay, stacked_start
from pokerroom.rules import CapCount, Reopening, Rules, RulesError, ShowRule, Structure

__all__ = ["play_acpc_action", "replay_acpc", "rules_from_gamedef", "show_all", "to_acpc"]


def rules_from_gamedef(game: GameDef) -> Rules:
    """The rules of an ACPC game (see the module doc); :class:`ReplayError` if pokerroom
    cannot play it."""
    if not game.is_holdem:
        raise ReplayError(
            "not Texas hold'em (pokerroom plays 4 suits x 13 ranks, 2 hole cards, 4 rounds "
            "dealing 0 3 1 1 board cards)"
        )
    n = game.num_players
    equal = len(set(game.stack)) == 1
    limit = game.betting is Betting.LIMIT
    if not limit and not equal and n > 2:
        raise ReplayError(
            f"stacks {' '.join(map(str, game.stack))} differ in a no-limit game of {n} "
            "players: pokerroom does not play the ACPC dealer's minimum raise after an "
            "all-in for less (max of the previous minimum and twice the raise less the "
            "previous bet)"
        )
    structure: dict[str, Any] = {}
    if limit:
        sizes = game.raise_size
        structure = {"structure": Structure.FIXED_LIMIT, "small_bet": sizes[0],
                     "big_bet": sizes[2], "river_bet": sizes[3]}  # fmt: skip
        if sizes[1] != sizes[0]:
            structure["flop_bet"] = sizes[1]
    else:
        structure = {"structure": Structure.NO_LIMIT, "min_bet": max((*game.blind, 1))}
    try:
        if equal and tuple(game.first_player) == _standard_first_players(game):
            rules = _standard_rules(game, structure)
        else:
            caps = tuple(None if m >= NO_RAISE_CAP else m for m in game.max_raises)
            rules = Rules(
                **structure,
                max_raises=caps if any(c is not None for c in caps) else None,
                cap_counts=CapCount.BETS_AND_RAISES,
                blinds=tuple(game.blind),
                heads_up_reversed=False,
                first_to_act=tuple(game.first_player),
                fixed_limit_completes=False,
                reopening=Reopening.ALWAYS,
                lone_player_acts=True,
                show_rule=ShowRule.ALL_SHOW,
                burn_cards=False,
                buy_in=max(game.stack),
            )
    except RulesError as exc:
        raise ReplayError("; ".join(exc.problems)) from None
    return rules


def _standard_rules(game: GameDef, structure: dict[str, Any]) -> Rules:
    """pokerroom's usual rules for a game with the standard order of play."""
    blinds = tuple(game.blind)
    if game.num_players == 2:
        blinds = (game.blind[1], game.blind[0])  # the button posts blinds[0]
    caps: list[int | None] = []
    for r, m in enumerate(game.max_raises):
        if m >= NO_RAISE_CAP:
            caps.append(None)
        else:
            opened_by_blind = r == 0 and max(game.blind) > 0
            caps.append(m if opened_by_blind else max(m - 1, 0))
    max_raises = tuple(caps) if any(c is not None for c in caps) else None
    return Rules(**structure, max_raises=max_raises, blinds=blinds, burn_cards=False,
                 show_rule=ShowRule.ALL_SHOW)  # fmt: skip


def _standard_first_players(game: GameDef) -> tuple[int, ...]:
    """The positions that act first in each round under the standard order of play."""
    n = game.num_players
    posters = [p for p, b in enumerate(game.blind) if b]
    first = 0
    if posters:  # after the big blind (of equal blinds, the last); heads-up the button
        first = 1 if n == 2 else (max(posters, key=lambda p: (game.blind[p], p)) + 1) % n
    return (first, *([0] * (game.num_rounds - 1)))


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
    A line that needs the deal (it hides hole cards, or ends before the river) must agree
    with it on every card it shows: otherwise :class:`ReplayError` names the hand, the
    card shown and the card dealt (a wrong seed deals other cards), and nothing is played.
    A line that shows every card takes none from the deal.
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
    if dealt is not None and (len(board) < 5 or not all(hand.hole)):
        _check_deal(hand, dealt)
        if len(board) < 5:
            board = [c for r in dealt.board for c in r]
    engine = stacked_start(rules, game.stack, holes, board)
    _play_betting(engine, hand, game.betting)
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


def _play_betting(engine: Hand, hand: ACPCHand, betting: Betting) -> None:
    """Play the line's actions, round by round (refused: an action after the betting,
    in another round than the engine's, or one the engine refuses)."""
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
                play_acpc_action(engine, action, betting)
            except IllegalAction as exc:
                raise ReplayError(str(exc), where=where) from None


def _check_deal(hand: ACPCHand, dealt: DealtCards) -> None:
    """:class:`ReplayError` naming the first card the log shows that the deal does not
    (the deal of another match's seed, or of another hand)."""
    places = [(f"position {p}'s hole cards", shown, deal)
              for p, (shown, deal) in enumerate(zip(hand.hole, dealt.hole, strict=False))]
    places += [(f"the {Street(r)}", shown, deal)
               for r, (shown, deal) in enumerate(zip(hand.board, dealt.board, strict=False))]
    for place, shown, deal in places:
        for i, (card, other) in enumerate(zip(shown, deal, strict=False)):
            if card != other:
                raise ReplayError(
                    f"the log shows {card} as card {i + 1} of {place}, but the seed deals "
                    f"{other} (not the match's seed?)",
                    where=f"hand {hand.number}",
                )


def to_acpc(played: PlayedHand, game: GameDef, *, number: int | None = None) -> ACPCHand:
    """The ``STATE:`` line of a played hand of ``game`` (positions are the hand's: 0 is
    the first seat left of the button; every player's hole cards, the board of each
    round reached, the nets, the names or ``p1``, ``p2``...).  No-limit raises are
    written as the total of the hand (``r250``), limit raises as ``r``.

    :class:`ReplayError` for a hand a log cannot hold: one not over, or one with antes
    in the pot (an ACPC game has blinds only, so no game definition would replay its
    line; an ante returned whole at once, nobody matching it, left the hand as if unposted).
    """
    n = played.players
    result = played.result
    if result is None:
        raise ReplayError("the hand is not over: an ACPC log holds finished hands")
    seats = [played.seat(p) for p in range(n)]
    lead = _ante_events(played, seats)
    rounds, boards = _acpc_rounds(played, lead, game.betting is Betting.LIMIT)
    hole = tuple(tuple(
        next(e.cards for e in played.events if e.kind is EventKind.DEAL and e.seat == s)
    ) for s in seats)  # fmt: skip
    names = tuple(played.names[s] if played.names else f"p{p + 1}" for p, s in enumerate(seats))
    label = played.label if isinstance(played.label, int) else 0
    return ACPCHand(
        number=number if number is not None else label,
        betting=tuple(tuple(r) for r in rounds),
        hole=hole,
        board=tuple(boards),
        nets=tuple(Decimal(result.net[s]) for s in seats),
        names=names,
    )


def _ante_events(played: PlayedHand, seats: list[int]) -> int:
    """How many events the antes and their returns take at the start of the hand;
    refused if any ante is left in the pot (``seats``: the seat of each position)."""
    antes = [0] * played.players  # less the part nobody matched, returned at once
    lead = 0
    for e in played.events:
        if e.kind is EventKind.ANTE:
            antes[e.seat] += e.amount
        elif e.kind is EventKind.RETURN:
            antes[e.seat] -= e.amount
        else:
            break
        lead += 1
    if any(antes):
        posted = " ".join(str(antes[s]) for s in seats)
        raise ReplayError(
            f"ACPC games have no antes: this hand has antes in the pot ({posted}, by "
            "position), so no ACPC game definition replays it and it is not written"
        )
    return lead


def _acpc_rounds(played: PlayedHand, lead: int, limit: bool) -> tuple[
    list[list[ACPCAction]], list[tuple[Card, ...]]
]:  # fmt: skip
    """The ACPC actions of each round from event ``lead`` on (every round after a
    showdown), and the board cards dealt for each (none for the first)."""
    n = played.players
    rounds: list[list[ACPCAction]] = [[]]
    boards: list[tuple[Card, ...]] = [()]
    committed = [0] * n  # chips in before the current round
    bets = [0] * n
    street = 0
    for e in played.events[lead:]:  # no chips left from the antes: the hand starts here
        if e.kind is EventKind.BOARD:
            boards.append(tuple(e.cards))
        if e.seat < 0 or e.street > 3:
            continue
        if e.street != street:
            committed = [c + b for c, b in zip(committed, bets, strict=True)]
            bets = [0] * n
            street = e.street
            rounds.extend([] for _ in range(street + 1 - len(rounds)))
        seat = e.seat
        k = e.kind
        if k is EventKind.RETURN:
            bets[seat] -= e.amount
        elif k is EventKind.BLIND:
            bets[seat] = e.total
        elif k is EventKind.FOLD:
            rounds[street].append(ACPCAction("f"))
        elif k in (EventKind.CHECK, EventKind.CALL):
            bets[seat] += e.amount
            rounds[street].append(ACPCAction("c"))
        elif k in (EventKind.BET, EventKind.RAISE, EventKind.STRADDLE):
            bets[seat] = e.total
            size = None if limit else committed[seat] + e.total
            rounds[street].append(ACPCAction("r", size))
    if any(e.kind is EventKind.SHOW for e in played.events):  # a showdown: every round
        rounds.extend([] for _ in range(4 - len(rounds)))
    return rounds, boards
