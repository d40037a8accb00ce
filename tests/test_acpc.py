"""ACPC game definitions, dealer logs and the reference dealer's deal (protocols.md §1)."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import numpy as np
import pytest

from pokerroom.cards import parse_cards
from pokerroom.history.acpc import (
    LIMIT_HEADS_UP,
    NO_RAISE_CAP,
    UNLIMITED_STACK,
    Betting,
    GameDef,
)
from pokerroom.history.acpclog import ACPCLog, parse_betting, rounding_error
from pokerroom.history.errors import ACPCError
from pokerroom.history.mt19937 import MT19937

LIMIT_2P = LIMIT_HEADS_UP


# ------------------------------------------------------------------ game definitions


def test_every_data_game_definition_parses(data_dir: Path) -> None:
    games = {p.name: GameDef.load(p) for p in sorted((data_dir / "acpc").glob("*.game"))}
    assert len(games) == 4
    nl3 = games["holdem.nolimit.3p.game"]
    assert nl3.betting is Betting.NOLIMIT
    assert nl3.stack == (20000, 20000, 20000) and nl3.blind == (50, 100, 0)
    assert nl3.first_player == (2, 0, 0, 0)
    assert nl3.max_raises == (NO_RAISE_CAP,) * 4
    fl2 = games["holdem.limit.2p.reverse_blinds.game"]
    assert fl2.stack == (UNLIMITED_STACK,) * 2
    assert fl2.raise_size == (10, 10, 20, 20) and fl2.max_raises == (3, 4, 4, 4)
    for game in games.values():
        assert game.is_holdem
        assert GameDef.parse(str(game)) == game  # printed as the dealer prints it


def test_keywords_are_case_insensitive_and_comments_ignored() -> None:
    text = "# a comment\n" + LIMIT_2P.replace("numPlayers", "NUMPLAYERS").replace(
        "limit\n", "LIMIT   # fixed\n", 1
    ).replace("blind =", "Blind=").replace("END GAMEDEF", "end gamedef")
    assert GameDef.parse(text) == GameDef.parse(LIMIT_2P)


@pytest.mark.parametrize(
    ("old", "new", "fragment"),
    [
        ("blind = 10 5", "blind = 10", "line 5: blind has 1 values for 2 players"),
        ("blind = 10 5", "blind = 10 x", "line 5: blind: 'x' is not a whole number"),
        ("numRounds = 4", "numRounds = 9", "line 4: numRounds = 9 is not in 1..4"),
        ("firstPlayer = 2 1 1 1", "firstPlayer = 3 1 1 1", "firstPlayer of round 1 is 3"),
        ("numSuits = 4\n", "", "numSuits is missing"),
        ("raiseSize = 10 10 20 20\n", "", "raiseSize is missing"),
        ("maxRaises", "maxRaisez", "line 8: unknown keyword 'maxRaisez'"),
        ("END GAMEDEF\n", "", "no END GAMEDEF line"),
        ("numRanks = 13", "numRanks = 2", "a hand needs 9 cards but the deck has 8"),
    ],
)
def test_bad_game_definitions_name_the_line(old: str, new: str, fragment: str) -> None:
    with pytest.raises(ACPCError) as info:
        GameDef.parse(LIMIT_2P.replace(old, new), source="x.game")
    assert str(info.value).startswith("x.game: ")
    assert fragment in str(info.value)


def test_blind_larger_than_stack_is_refused() -> None:
    text = LIMIT_2P.replace("limit\n", "nolimit\nstack = 100 100\n").replace("10 5", "200 100")
    with pytest.raises(ACPCError, match="blind of position 1 \\(200\\) is larger than its stack"):
        GameDef.parse(text)


def test_missing_game_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ACPCError, match="cannot read the game definition"):
        GameDef.load(tmp_path / "nope.game")


@pytest.mark.parametrize(
    ("load", "what"), [(GameDef.load, "the game definition"), (ACPCLog.load, "the log")]
)
def test_unreadable_files_name_the_file_and_what_was_read(
    tmp_path: Path, load: Callable[[Path], object], what: str
) -> None:
    missing = tmp_path / "nope.txt"
    with pytest.raises(ACPCError) as caught:
        load(missing)
    assert str(caught.value).startswith(f"{missing}: cannot read {what}: ")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"GAMEDEF\n\xff\n")
    with pytest.raises(ACPCError) as caught:
        load(binary)
    assert str(caught.value) == f"{binary}: cannot read {what}: not UTF-8 text (byte 8)"


# ------------------------------------------------------------------ MT19937 and the deal


def test_mt19937_matches_the_reference_and_numpy_legacy_seeding() -> None:
    assert MT19937(5489).genrand_int32() == 3499211612  # the reference output
    for seed in (0, 1, 42, 2**32 - 1, 2**40 + 7):
        ours = MT19937(seed)
        bits = np.random.MT19937()
        bits._legacy_seeding(seed & 0xFFFFFFFF)
        theirs = bits.random_raw(1500)  # crosses a twist of the 624-word state
        assert [ours.genrand_int32() for _ in range(1500)] == [int(x) for x in theirs]


def test_mt19937_repr_does_not_print_its_state() -> None:
    assert repr(MT19937(42)) == "<MT19937>"  # not 624 words of state

def test_dealer_deck_order_is_suits_outside_ranks_inside() -> None:
    deck = GameDef.parse(LIMIT_2P).deck()
    assert [str(c) for c in deck[:3]] == ["2c", "3c", "4c"]
    assert str(deck[13]) == "2d" and str(deck[-1]) == "As"


@pytest.mark.parametrize(
    ("log_name", "game_name"),
    [
        ("limit2p_1000hands_seed42.log", "holdem.limit.2p.reverse_blinds.game"),
        ("nolimit2p_200hands_seed42.log", "holdem.nolimit.2p.reverse_blinds.game"),
    ],
)
def test_deal_reproduces_every_hand_of_the_reference_logs(
    data_dir: Path, log_name: str, game_name: str
) -> None:
    log = ACPCLog.load(data_dir / "acpc" / log_name)
    game = GameDef.load(data_dir / "acpc" / game_name)
    assert log.seed == 42 and log.game_file == game_name
    deals = game.deals(seed=log.seed)
    for hand in log.hands:
        dealt = next(deals)
        assert dealt.hole == hand.hole, hand.number
        for shown, full in zip(hand.board, dealt.board, strict=False):
            assert full[: len(shown)] == shown, hand.number
    assert hand.number == len(log.hands) - 1


def test_transcript_cards_follow_from_the_seed(data_dir: Path) -> None:
    game = GameDef.load(data_dir / "acpc/holdem.limit.2p.reverse_blinds.game")
    first = next(game.deals(seed=42))
    lines = (data_dir / "acpc/limit2p_seed42.transcript.txt").read_text().splitlines()
    assert any(line.endswith("MATCHSTATE:0:0::7d3d|") for line in lines)
    assert str(first).startswith("7d3d|2hAc")


# ------------------------------------------------------------------ logs


def test_logs_parse_and_print_back_line_for_line(data_dir: Path) -> None:
    logs = sorted((data_dir / "acpc").glob("*.log"))
    assert [p.name for p in logs] == ["limit2p_1000hands_seed42.log",
                                      "nolimit2p_200hands_seed42.log"]
    hands = 0
    for path in logs:
        log = ACPCLog.load(path)
        hands += len(log.hands)
        states = [ln for ln in path.read_text().splitlines() if ln.startswith("STATE:")]
        assert [str(h) for h in log.hands] == states
        assert log.score is not None
        totals, names = log.score
        for name, total in zip(names, totals, strict=True):
            mine = sum((h.nets[h.names.index(name)] for h in log.hands), Decimal(0))
            assert mine == total
    assert hands == 1200


def test_betting_notation() -> None:
    rounds = parse_betting("r9718c/cr17024r20000c//")
    assert [len(r) for r in rounds] == [2, 4, 0, 0]
    assert rounds[1][2].kind == "r" and rounds[1][2].size == 20000
    assert [a.kind for a in parse_betting("kbC")[0]] == ["c", "r", "c"]


def test_fractional_nets_and_printing_precision() -> None:
    log = ACPCLog.parse("STATE:0:cc/cc/cc/cc:2c3c|2d3d/AhKhQh/9s/8s:7944.5|-7944.5:a|b\n")
    assert log.hands[0].nets == (Decimal("7944.5"), Decimal("-7944.5"))
    assert rounding_error(Decimal("6666.67")) == Decimal("0.005")
    assert rounding_error(Decimal("199990")) == Decimal("0.5")
    assert rounding_error(Decimal("-40")) == 0


@pytest.mark.parametrize(
    ("line", "fragment"),
    [
        ("STATE:3:crc/cc/c", "has 6 fields"),
        ("STATE:3:crc:2c3c|2d3d:5|-5", "(truncated?)"),
        ("STATE:x:f:2c3c|2d3d:5|-5:a|b", "hand number 'x'"),
        ("STATE:3:fz:2c3c|2d3d:5|-5:a|b", "bad betting 'fz' at 'z'"),
        ("STATE:3:f:2c3c|2d3:5|-5:a|b", "bad cards '2d3'"),
        ("STATE:3:f:2c3c|2c3d:5|-5:a|b", "the card 2c appears twice"),
        ("STATE:3:f:2c3c|2d3d:5|-5|0:a|b", "3 net values and 2 names"),
        ("STATE:3:f:2c3c|2d3d:5|-4:a|b", "do not sum to zero"),
        ("STATE:3:f:2c3c|2d3d:five|-5:a|b", "'five' is not a number"),
        ("SCORE:1|2|3:a|b", "3 scores for 2 names"),
        ("garbage", "not a log line"),
    ],
)
def test_malformed_log_lines_name_the_line(line: str, fragment: str) -> None:
    text = "# header\nSTATE:0:f:7d3d|2hAc:5|-5:Alice|Bob\n" + line + "\n"
    with pytest.raises(ACPCError) as info:
        ACPCLog.parse(text, source="m.log")
    message = str(info.value)
    assert message.startswith("m.log: line 3: "), message
    assert fragment in message



def test_a_size_on_anything_but_a_raise_is_named_and_unknown_actions_are_shown_whole() -> None:
    with pytest.raises(ACPCError) as info:
        ACPCLog.parse("STATE:0:c5c:Ah2c|3d4d:10|-10:a|b\n")
    assert str(info.value) == "line 1: bad betting 'c5c': only a raise has a size ('c5')"
    with pytest.raises(ACPCError) as info:
        ACPCLog.parse("STATE:0:xc:Ah2c|3d4d:10|-10:a|b\n")
    assert str(info.value) == ("line 1: bad betting 'xc' at 'xc' (actions are f, c, r or rN; "
                               "rounds are separated by '/')")  # fmt: skip
    assert [a.kind for a in parse_betting("b40R80c")[0]] == ["r", "r", "c"]  # sizes on raises


def test_a_loaded_log_names_its_file_in_its_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.log"
    path.write_text("STATE:0:f:7d3d|2hAc:5|-5:Alice|Bob\ngarbage\n", encoding="utf-8")
    with pytest.raises(ACPCError) as info:
        ACPCLog.load(path)
    assert str(info.value).startswith(f"{path}: line 2: ")


def test_nets_print_as_the_dealer_prints_them() -> None:
    """Plain decimals with no trailing zeros and no exponent (the reference's %g of a
    hand's net), whatever form the value came in."""
    line = "STATE:0:cc/cc/cc/cc:2c3c|2d3d/AhKhQh/9s/8s:{}:a|b"
    for written, printed in [("7944.5|-7944.5", "7944.5|-7944.5"), ("10.000|-10.00", "10|-10"),
                             ("1E+2|-1E+2", "100|-100"), ("0|0", "0|0"), ("250|-250", "250|-250"),
                             ("0.50|-0.50", "0.5|-0.5")]:  # fmt: skip
        hand = ACPCLog.parse(line.format(written) + "\n").hands[0]
        assert str(hand) == line.format(printed)


def test_game_definitions_print_in_the_dealers_words() -> None:
    assert str(GameDef.parse(LIMIT_2P)).splitlines() == [
        "GAMEDEF", "limit", "numPlayers = 2", "numRounds = 4", "blind = 10 5",
        "raiseSize = 10 10 20 20", "firstPlayer = 2 1 1 1", "maxRaises = 3 4 4 4",
        "numSuits = 4", "numRanks = 13", "numHoleCards = 2", "numBoardCards = 0 3 1 1",
        "END GAMEDEF",
    ]  # fmt: skip
    nolimit = GameDef.parse(
        "GAMEDEF\nnolimit\nnumPlayers = 3\nnumRounds = 4\nstack = 100 200 100\n"
        "blind = 2 1 0\nfirstPlayer = 3 1 1 1\nnumSuits = 4\nnumRanks = 13\n"
        "numHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n"
    )
    assert str(nolimit).splitlines() == [
        "GAMEDEF", "nolimit", "numPlayers = 3", "numRounds = 4", "stack = 100 200 100",
        "blind = 2 1 0", "firstPlayer = 3 1 1 1", "numSuits = 4", "numRanks = 13",
        "numHoleCards = 2", "numBoardCards = 0 3 1 1", "END GAMEDEF",
    ]  # fmt: skip


def test_a_small_deck_takes_the_highest_ranks_of_the_last_suits() -> None:
    """The reference deck of numSuits = 2, numRanks = 3 (Leduc's): Q, K, A of hearts and
    spades."""
    leduc = GameDef.parse(
        "GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 2\nblind = 1 1\nraiseSize = 2 4\n"
        "firstPlayer = 1 1\nmaxRaises = 2 2\nnumSuits = 2\nnumRanks = 3\n"
        "numHoleCards = 1\nnumBoardCards = 0 1\nEND GAMEDEF\n"
    )
    assert [str(c) for c in leduc.deck()] == ["Qh", "Kh", "Ah", "Qs", "Ks", "As"]

def test_empty_log_is_refused() -> None:
    with pytest.raises(ACPCError, match="no STATE lines"):
        ACPCLog.parse("# nothing here\n")


def test_cards_in_a_state_line() -> None:
    log = ACPCLog.parse("STATE:0:f:7d3d|:5|-5:Alice|Bob\n")
    assert log.hands[0].hole == (tuple(parse_cards("7d 3d")), ())
