"""ACPC game definitions read as the reference dealer reads them (protocols.md §1): its
defaults, the limits it accepts, each refusal in whole words with its line; and the cards
of a ``STATE`` line, read as the dealer reads cards."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from pokerroom.cards import parse_cards
from pokerroom.history.acpc import (
    LIMIT_HEADS_UP,
    NO_RAISE_CAP,
    UNLIMITED_STACK,
    Betting,
    GameDef,
)
from pokerroom.history.acpclog import ACPCLog, parse_state_cards
from pokerroom.history.acpcreplay import rules_from_gamedef
from pokerroom.history.errors import ACPCError, ReplayError
from pokerroom.history.replay import stacked_start
from pokerroom.rules import CapCount, Reopening, Rules, ShowRule, Structure

_KEYWORDS = ("limit, nolimit, stack, blind, raiseSize, numPlayers, numRounds, firstPlayer, "
             "maxRaises, numSuits, numRanks, numHoleCards, numBoardCards, END GAMEDEF")  # fmt: skip


def _refusal(text: str) -> str:
    with pytest.raises(ACPCError) as info:
        GameDef.parse(text, source="g.game")
    return str(info.value)


# ------------------------------------------------------------------ the dealer's defaults


def test_a_definition_with_only_what_the_dealer_requires_takes_its_defaults() -> None:
    """No betting line: limit; no stack: INT32_MAX each; no firstPlayer: position 1 in
    every round; no maxRaises: UINT8_MAX (no cap)."""
    game = GameDef.parse(
        "GAMEDEF\nnumPlayers = 3\nnumRounds = 2\nblind = 1 2 0\nraiseSize = 2 4\n"
        "numSuits = 4\nnumRanks = 13\nnumHoleCards = 1\nnumBoardCards = 0 1\nEND GAMEDEF\n"
    )
    assert game == GameDef(
        betting=Betting.LIMIT, num_players=3, num_rounds=2, stack=(UNLIMITED_STACK,) * 3,
        blind=(1, 2, 0), raise_size=(2, 4), first_player=(0, 0), max_raises=(NO_RAISE_CAP,) * 2,
        num_suits=4, num_ranks=13, num_hole_cards=1, num_board_cards=(0, 1),
    )  # fmt: skip
    assert str(game) == (
        "GAMEDEF\nlimit\nnumPlayers = 3\nnumRounds = 2\nblind = 1 2 0\nraiseSize = 2 4\n"
        "firstPlayer = 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 1\n"
        "numBoardCards = 0 1\nEND GAMEDEF\n"
    )


def test_the_heads_up_limit_game_without_its_betting_line_is_the_same_game() -> None:
    bare = LIMIT_HEADS_UP.replace("limit\n", "", 1)
    assert "limit" not in bare.lower()
    assert GameDef.parse(bare) == GameDef.parse(LIMIT_HEADS_UP)


def test_a_no_limit_game_keeps_the_raise_sizes_it_gives() -> None:
    """The dealer reads ``raiseSize`` in any game; a no-limit game may leave it out."""
    text = LIMIT_HEADS_UP.replace("limit\n", "nolimit\nstack = 400 400\n", 1)
    assert GameDef.parse(text).raise_size == (10, 10, 20, 20)
    assert GameDef.parse(text.replace("raiseSize = 10 10 20 20\n", "")).raise_size == ()


def test_comments_end_a_line_wherever_they_start() -> None:
    text = LIMIT_HEADS_UP.replace("numPlayers = 2", "numPlayers = 2  # heads-up # two seats")
    text = text.replace("GAMEDEF\n", "GAMEDEF # the ACPC game #1\n", 1)
    assert GameDef.parse("## a banner ##\n" + text) == GameDef.parse(LIMIT_HEADS_UP)


# ------------------------------------------------------------------ the limits it accepts


def test_a_blind_as_large_as_the_stack_is_allowed() -> None:
    game = GameDef.parse(LIMIT_HEADS_UP.replace("limit\n", "nolimit\nstack = 10 5\n", 1))
    assert game.blind == game.stack == (10, 5)


def test_a_single_rank_and_a_hand_dealing_the_whole_deck_are_allowed() -> None:
    one_rank = GameDef.parse(
        "GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 1\nblind = 1 1\nraiseSize = 1\n"
        "numSuits = 4\nnumRanks = 1\nnumHoleCards = 1\nnumBoardCards = 0\nEND GAMEDEF\n"
    )
    assert [str(c) for c in one_rank.deck()] == ["Ac", "Ad", "Ah", "As"]
    whole_deck = GameDef.parse(
        "GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 2\nblind = 1 1\nraiseSize = 1 1\n"
        "numSuits = 1\nnumRanks = 4\nnumHoleCards = 1\nnumBoardCards = 0 2\nEND GAMEDEF\n"
    )
    assert whole_deck.cards_per_hand == len(whole_deck.deck()) == 4
    dealt = next(whole_deck.deals(seed=7))
    assert sorted(c for cards in (*dealt.hole, *dealt.board) for c in cards) == sorted(
        whole_deck.deck()
    )


# ------------------------------------------------------------------ refusals, whole


def _replace(old: str, new: str) -> str:
    assert old in LIMIT_HEADS_UP
    return LIMIT_HEADS_UP.replace(old, new, 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "g.game: no GAMEDEF ... END GAMEDEF block"),
        ("# nothing\n\nlimit\n", "g.game: line 3: no GAMEDEF ... END GAMEDEF block"),
        (_replace("END GAMEDEF\n", ""),
         "g.game: line 12: no END GAMEDEF line: the definition is incomplete"),
        (_replace("END GAMEDEF\n", "").replace("GAMEDEF\n", "", 1),
         "g.game: line 11: no GAMEDEF ... END GAMEDEF block"),
        (_replace("numPlayers = 2", "numPlayers = 2 3"),
         "g.game: line 3: numPlayers takes one value, not 2"),
        (_replace("blind = 10 5", "blind ="), "g.game: line 5: blind has no value"),
        (_replace("blind = 10 5", "blind"), "g.game: line 5: blind has no value"),
        (_replace("maxRaises = 3 4 4 4", "maxRaisez=3"),
         f"g.game: line 8: unknown keyword 'maxRaisez' (keywords: {_KEYWORDS})"),
        (_replace("maxRaises = 3 4 4 4", "3 4 4 4"),
         f"g.game: line 8: unknown keyword '3' (keywords: {_KEYWORDS})"),
        (_replace("limit\n", "nolimit\nstack = 100\n"),
         "g.game: line 3: stack has 1 values for 2 players"),
        (_replace("limit\n", "nolimit\nstack = 100 4\n"),
         "g.game: line 6: the blind of position 2 (5) is larger than its stack (4)"),
        (_replace("raiseSize = 10 10 20 20", "raiseSize = 10 10 20"),
         "g.game: line 6: raiseSize has 3 values for 4 rounds"),
        (_replace("raiseSize = 10 10 20 20\n", ""),
         "g.game: raiseSize is missing (one value per round)"),
        (_replace("firstPlayer = 2 1 1 1", "firstPlayer = 2 1 1"),
         "g.game: line 7: firstPlayer has 3 values for 4 rounds"),
        (_replace("firstPlayer = 2 1 1 1", "firstPlayer = 1 0 1 1"),
         "g.game: line 7: firstPlayer of round 2 is 0: positions are 1..2"),
        (_replace("maxRaises = 3 4 4 4", "maxRaises = 3 4"),
         "g.game: line 8: maxRaises has 2 values for 4 rounds"),
        (_replace("numBoardCards = 0 3 1 1", "numBoardCards = 0 3 1 1 1"),
         "g.game: line 12: numBoardCards has 5 values for 4 rounds"),
        (_replace("numBoardCards = 0 3 1 1\n", ""),
         "g.game: numBoardCards is missing (one value per round)"),
        (_replace("numSuits = 4\n", ""), "g.game: numSuits is missing"),
        (_replace("numRanks = 13", "numRanks = 0"),
         "g.game: line 10: numRanks = 0 is not in 1..13"),
        (_replace("numRanks = 13", "numRanks = 2"),
         "g.game: a hand needs 9 cards but the deck has 8"),
    ],
)  # fmt: skip
def test_each_refusal_in_whole(text: str, message: str) -> None:
    assert _refusal(text) == message


def test_a_loaded_definition_names_its_file_in_its_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.game"
    path.write_text(_replace("numPlayers = 2", "numPlayers = 2 3"), encoding="utf-8")
    with pytest.raises(ACPCError) as info:
        GameDef.load(path)
    assert str(info.value) == f"{path}: line 3: numPlayers takes one value, not 2"
    assert info.value.source == str(path)


# ------------------------------------------------------------------ cards of a STATE line


def test_cards_are_read_as_the_dealer_reads_them_in_any_case() -> None:
    """The dealer upper-cases the rank and lower-cases the suit of every card it reads."""
    holes, board = parse_state_cards("ahKD|2c3C/tdJhqS/9H")
    assert holes == (tuple(parse_cards("Ah Kd")), tuple(parse_cards("2c 3c")))
    assert board == ((), tuple(parse_cards("Td Jh Qs")), tuple(parse_cards("9h")))
    hand = ACPCLog.parse("STATE:0:f:ahKD|2c3C:5|-5:a|b\n").hands[0]
    assert str(hand) == "STATE:0:f:AhKd|2c3c:5|-5:a|b"  # printed as the dealer prints


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("2c3c|Xx3d", "bad cards 'Xx3d' in '2c3c|Xx3d': not a card: 'Xx'"),
        ("2c3c|4d5d/2hXx9s", "bad cards '2hXx9s' in '2c3c|4d5d/2hXx9s': not a card: 'Xx'"),
        ("2c3c|4d5d/2h9s7", "bad cards '2h9s7' in '2c3c|4d5d/2h9s7'"),
        ("2c3c|4d3c", "the card 3c appears twice in '2c3c|4d3c'"),
        ("2c3c|4d5d/6h7h8h/3c", "the card 3c appears twice in '2c3c|4d5d/6h7h8h/3c'"),
    ],
)
def test_bad_cards_of_a_state_line_are_named_in_the_whole_field(cards: str, message: str) -> None:
    with pytest.raises(ACPCError) as info:
        parse_state_cards(cards)
    text = str(info.value)
    assert text == message or text.startswith(message + " (a card is"), text


# ------------------------------------------------------------------ the rules of a game

_HOLDEM = "numSuits = 4\nnumRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n"


def _holdem(text: str) -> GameDef:
    return GameDef.parse("GAMEDEF\n" + text + _HOLDEM)


def _usual(**given: object) -> Rules:
    """pokerroom's usual rules, with no burns and every hand shown (module doc)."""
    return Rules(**given, burn_cards=False, show_rule=ShowRule.ALL_SHOW)


def _as_written(game: GameDef, **given: object) -> Rules:
    """The dealer's own conventions (module doc of acpcreplay)."""
    return Rules(
        **given,
        cap_counts=CapCount.BETS_AND_RAISES, blinds=game.blind, heads_up_reversed=False,
        first_to_act=game.first_player, fixed_limit_completes=False,
        reopening=Reopening.ALWAYS, lone_player_acts=True, show_rule=ShowRule.ALL_SHOW,
        burn_cards=False, buy_in=max(game.stack),
    )  # fmt: skip


_LIMIT = {"structure": Structure.FIXED_LIMIT, "small_bet": 10, "big_bet": 20, "river_bet": 20}
_UNEQUAL_3 = "stack = 1000 400 150\n"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the ACPC heads-up limit game: the button posts the small blind and acts first;
        # maxRaises counts every r, pokerroom not a round's opening bet
        (LIMIT_HEADS_UP.split("\n", 1)[1].replace(_HOLDEM, ""),
         _usual(**_LIMIT, max_raises=(3, 3, 3, 3), blinds=(5, 10))),
        # a flop bet of its own, and a bet per round
        ("limit\nnumPlayers = 2\nnumRounds = 4\nblind = 10 5\nraiseSize = 10 15 20 30\n"
         "firstPlayer = 2 1 1 1\n",
         _usual(structure=Structure.FIXED_LIMIT, small_bet=10, flop_bet=15, big_bet=20,
                river_bet=30, blinds=(5, 10))),
        # no blinds: pre-flop opens with a bet, which the dealer's maxRaises counts too
        ("limit\nnumPlayers = 2\nnumRounds = 4\nblind = 0 0\nraiseSize = 10 10 20 20\n"
         "firstPlayer = 1 1 1 1\nmaxRaises = 3 4 4 4\n",
         _usual(**_LIMIT, max_raises=(2, 3, 3, 3), blinds=(0, 0))),
        # blinds of one chip open the betting; a cap of one bet leaves no raise, a cap of 0
        # no raise either
        ("limit\nnumPlayers = 2\nnumRounds = 4\nblind = 1 1\nraiseSize = 2 2 4 4\n"
         "firstPlayer = 2 1 1 1\nmaxRaises = 3 1 4 0\n",
         _usual(structure=Structure.FIXED_LIMIT, small_bet=2, big_bet=4, river_bet=4,
                max_raises=(3, 0, 3, 0), blinds=(1, 1))),
        # no limit: the largest blind is the minimum bet (one chip at least)
        ("nolimit\nnumPlayers = 2\nnumRounds = 4\nstack = 100 100\nblind = 1 1\n"
         "firstPlayer = 2 1 1 1\n",
         _usual(structure=Structure.NO_LIMIT, min_bet=1, blinds=(1, 1))),
        ("nolimit\nnumPlayers = 3\nnumRounds = 4\nstack = 100 100 100\nblind = 0 0 0\n"
         "firstPlayer = 1 1 1 1\n",
         _usual(structure=Structure.NO_LIMIT, min_bet=1, blinds=(0, 0, 0))),
        # three-handed: after the big blind, wherever it is
        ("nolimit\nnumPlayers = 3\nnumRounds = 4\nstack = 20000 20000 20000\n"
         "blind = 50 100 0\nfirstPlayer = 3 1 1 1\n",
         _usual(structure=Structure.NO_LIMIT, min_bet=100, blinds=(50, 100, 0))),
        ("limit\nnumPlayers = 3\nnumRounds = 4\nblind = 10 0 5\nraiseSize = 10 10 20 20\n"
         "firstPlayer = 2 1 1 1\nmaxRaises = 3 4 4 4\n",
         _usual(**_LIMIT, max_raises=(3, 3, 3, 3), blinds=(10, 0, 5))),
        ("nolimit\nnumPlayers = 4\nnumRounds = 4\nstack = 500 500 500 500\n"
         "blind = 5 5 0 0\nfirstPlayer = 3 1 1 1\n",
         _usual(structure=Structure.NO_LIMIT, min_bet=5, blinds=(5, 5, 0, 0))),
    ],
)  # fmt: skip
def test_games_with_the_standard_order_get_the_usual_rules(text: str, expected: Rules) -> None:
    assert rules_from_gamedef(_holdem(text)) == expected


@pytest.mark.parametrize(
    ("text", "given"),
    [
        # stacks that differ
        ("limit\nnumPlayers = 3\nnumRounds = 4\n" + _UNEQUAL_3 + "blind = 10 0 5\n"
         "raiseSize = 10 10 20 20\nfirstPlayer = 2 1 1 1\nmaxRaises = 3 4 4 4\n",
         dict(_LIMIT, max_raises=(3, 4, 4, 4))),
        ("limit\nnumPlayers = 3\nnumRounds = 4\n" + _UNEQUAL_3 + "blind = 5 10 0\n"
         "raiseSize = 10 15 20 30\nfirstPlayer = 3 1 1 1\nmaxRaises = 3 255 4 300\n",
         {"structure": Structure.FIXED_LIMIT, "small_bet": 10, "flop_bet": 15, "big_bet": 20,
          "river_bet": 30, "max_raises": (3, None, 4, None)}),
        # heads-up no-limit with stacks that differ is played too
        ("nolimit\nnumPlayers = 2\nnumRounds = 4\nstack = 100 200\nblind = 10 5\n"
         "firstPlayer = 2 1 1 1\n",
         {"structure": Structure.NO_LIMIT, "min_bet": 10}),
        # equal stacks, another order of play: the big blind on position 0 acts first
        ("nolimit\nnumPlayers = 3\nnumRounds = 4\nstack = 20000 20000 20000\n"
         "blind = 50 100 0\nfirstPlayer = 2 1 1 1\n",
         {"structure": Structure.NO_LIMIT, "min_bet": 100}),
        ("nolimit\nnumPlayers = 3\nnumRounds = 4\nstack = 500 500 500\nblind = 100 0 50\n"
         "firstPlayer = 2 3 1 1\n",
         {"structure": Structure.NO_LIMIT, "min_bet": 100}),
        # no blinds, but not position 1 first
        ("limit\nnumPlayers = 2\nnumRounds = 4\nblind = 0 0\nraiseSize = 10 10 20 20\n"
         "firstPlayer = 2 1 1 1\nmaxRaises = 3 4 4 4\n",
         dict(_LIMIT, max_raises=(3, 4, 4, 4))),
    ],
)  # fmt: skip
def test_other_games_are_played_as_written(text: str, given: dict[str, object]) -> None:
    game = _holdem(text)
    assert rules_from_gamedef(game) == _as_written(game, **given)


def test_the_usual_rules_start_where_the_dealer_does_with_the_big_blind_on_position_0() -> None:
    """A standard three-handed game whose big blind sits on position 0: pokerroom's usual
    rules start the betting where the dealer does, on position 1."""
    game = _holdem(
        "limit\nnumPlayers = 3\nnumRounds = 4\nblind = 10 0 5\n"
        "raiseSize = 10 10 20 20\nfirstPlayer = 2 1 1 1\nmaxRaises = 3 4 4 4\n"
    )
    hand = stacked_start(rules_from_gamedef(game), game.stack, [None] * 3, [])
    assert hand.bets == (10, 0, 5) and hand.to_act == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("limit\nnumPlayers = 2\nnumRounds = 1\nblind = 1 1\nraiseSize = 1\nfirstPlayer = 1\n"
         "numSuits = 1\nnumRanks = 3\nnumHoleCards = 1\nnumBoardCards = 0\nEND GAMEDEF\n",
         "not Texas hold'em (pokerroom plays 4 suits x 13 ranks, 2 hole cards, 4 rounds "
         "dealing 0 3 1 1 board cards)"),
        ("nolimit\nnumPlayers = 3\nnumRounds = 4\nstack = 100 200 100\nblind = 1 2 0\n"
         "firstPlayer = 3 1 1 1\n" + _HOLDEM,
         "stacks 100 200 100 differ in a no-limit game of 3 players: pokerroom does not "
         "play the ACPC dealer's minimum raise after an all-in for less (max of the previous "
         "minimum and twice the raise less the previous bet)"),
        ("limit\nnumPlayers = 2\nnumRounds = 4\nblind = 10 5\nraiseSize = 0 0 0 0\n"
         "firstPlayer = 2 1 1 1\n" + _HOLDEM,
         "small_bet is 0: a bet size is 1 chip or more; big_bet is 0: a bet size is 1 chip or "
         "more; river_bet is 0: a bet size is 1 chip or more"),
    ],
)  # fmt: skip
def test_games_pokerroom_cannot_play_are_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(ReplayError) as info:
        rules_from_gamedef(GameDef.parse("GAMEDEF\n" + text))
    assert str(info.value) == message


# ------------------------------------------------------------------ dealer logs, whole

_LOG = (
    "# name/game/hands/seed match1 holdem.limit.2p.reverse_blinds.game 2 42\n"
    "; a dealer note\n"
    "STATE:0:f:7d3d|2hAc:5|-5:Alice|BOX\n"
    "\n"
    "STATE:1:cc/cc/cc/cc:Ad3s|8d5d/2cAs8s/Tc/Qh:0|0:BOX|Alice\n"
    "SCORE:5|-5:Alice|BOX\n"
)


def test_a_whole_log_with_its_header_comments_blank_lines_and_score() -> None:
    log = ACPCLog.parse(_LOG, source="m.log")
    assert log.comments == (_LOG.splitlines()[0], "; a dealer note")
    assert (log.match_name, log.game_file, log.hand_count, log.seed) == (
        "match1", "holdem.limit.2p.reverse_blinds.game", 2, 42,
    )  # fmt: skip
    assert [(h.number, h.line, h.names) for h in log.hands] == [
        (0, 3, ("Alice", "BOX")), (1, 5, ("BOX", "Alice")),
    ]  # fmt: skip
    assert [str(h) for h in log.hands] == [_LOG.splitlines()[2], _LOG.splitlines()[4]]
    assert log.score == ((Decimal(5), Decimal(-5)), ("Alice", "BOX"))
    bare = ACPCLog.parse(_LOG.split("\n", 1)[1])
    assert (bare.match_name, bare.game_file, bare.hand_count, bare.seed) == (None,) * 4


_STATE = "STATE:0:f:7d3d|2hAc:5|-5:a|b"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (_STATE + "\nSCORE:5|-5:a|b\n" + _STATE,
         "m.log: line 3: a STATE line after the SCORE line"),
        (_STATE + "\nSCORE:5|-5:a|b\nSCORE:5|-5:a|b",
         "m.log: line 3: a second SCORE line"),
        (_STATE + "\nSCORE:5|-5", "m.log: line 2: a SCORE line is SCORE:totals:names, not "
         "'SCORE:5|-5'"),
        (_STATE + "\nSCORE:five|-5:a|b", "m.log: line 2: the score 'five' is not a number"),
        (_STATE + "\nSCORE:inf|-5:a|b", "m.log: line 2: the score 'inf' is not a number"),
        ("STATE:0:f:7d3d|2hAc:x|-5:a|b", "m.log: line 1: the net value 'x' is not a number"),
        ("STATE:0:f:7d3d|2hAc:5|-5:a|b:c",
         "m.log: line 1: a STATE line has 6 fields (STATE:hand:betting:cards:nets:names), "
         "this one 7: 'STATE:0:f:7d3d|2hAc:5|-5:a|b:c'"),
        ("STATE:0:f:7d3d|2hAc:5|-5",
         "m.log: line 1: a STATE line has 6 fields (STATE:hand:betting:cards:nets:names), "
         "this one 5 (truncated?): 'STATE:0:f:7d3d|2hAc:5|-5'"),
        (_STATE + "\nMATCHSTATE:0:0::7d3d|:and a long tail of text that goes on and on and on",
         "m.log: line 2: not a log line: 'MATCHSTATE:0:0::7d3d|:and a long tail of text that "
         "goes on a' (lines are '#' comments, STATE:... or SCORE:...)"),
        ("# a header only\n\n", "m.log: no STATE lines: not an ACPC dealer log (or an empty one)"),
    ],
)  # fmt: skip
def test_each_log_refusal_in_whole(text: str, message: str) -> None:
    with pytest.raises(ACPCError) as info:
        ACPCLog.parse(text + "\n", source="m.log")
    assert str(info.value) == message
