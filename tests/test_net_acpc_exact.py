"""The ACPC protocol's core, the player's seat and the dealer (``net/acpc``), in process:
exact answers worked out by hand from the protocol's text (``protocols.md`` §1), every
refusal's whole message, boundaries at exactly their limits.  No socket, no clock."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from pokerroom.cards import Card
from pokerroom.engine import Action, ActionKind, IllegalAction, LegalActions, Street, random_action
from pokerroom.history.acpc import LIMIT_HEADS_UP, GameDef
from pokerroom.history.acpclog import ACPCAction, parse_betting
from pokerroom.history.errors import ACPCError
from pokerroom.net.acpc import protocol
from pokerroom.net.acpc import seat as seat_module
from pokerroom.net.acpc.dealer import ACPCDealer, Message, Step, TimeLimits, format_value
from pokerroom.net.acpc.protocol import (
    ACPCProtocolError,
    Decision,
    InvalidPolicy,
    MatchState,
    Reply,
    ReplyKind,
    acpc_action,
    decide,
    read_reply,
    read_version,
    version_warning,
)
from pokerroom.net.acpc.seat import ACPCSeat
from pokerroom.table import StaleViewError

LIMIT = GameDef.parse(LIMIT_HEADS_UP)
LONG = "MATCHSTATE:0:0:" + "c" * 90  # a line longer than the 80 characters a refusal quotes


def _nolimit(data_dir: Path) -> GameDef:
    return GameDef.load(data_dir / "acpc" / "holdem.nolimit.2p.reverse_blinds.game")


# ------------------------------------------------------------------ MATCHSTATE lines


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("STATE:0:0::AsKs|", "not a MATCHSTATE line: 'STATE:0:0::AsKs|'"),
        ("x" * 100, f"not a MATCHSTATE line: {'x' * 80!r}"),
        ("MATCHSTATE:0:0::AsKs|:r", "a MATCHSTATE has 5 fields (MATCHSTATE:position:hand:"
         "betting:cards), this one 6: 'MATCHSTATE:0:0::AsKs|:r'"),
        ("MATCHSTATE:0:0:AsKs|", "a MATCHSTATE has 5 fields (MATCHSTATE:position:hand:"
         "betting:cards), this one 4: 'MATCHSTATE:0:0:AsKs|'"),
        (LONG, "a MATCHSTATE has 5 fields (MATCHSTATE:position:hand:betting:cards), this "
         f"one 4: {LONG[:80]!r}"),
        ("MATCHSTATE:0:x::AsKs|", "the position and hand must be whole numbers: "
         "'MATCHSTATE:0:x::AsKs|'"),
        ("MATCHSTATE:x:0::AsKs|", "the position and hand must be whole numbers: "
         "'MATCHSTATE:x:0::AsKs|'"),
        ("MATCHSTATE::0::AsKs|", "the position and hand must be whole numbers: "
         "'MATCHSTATE::0::AsKs|'"),
        # digits, but not ASCII ones (Arabic-Indic three)
        ("MATCHSTATE:\u0663:0::AsKs|", "the position and hand must be whole numbers: "
         "'MATCHSTATE:\u0663:0::AsKs|'"),
        ("MATCHSTATE:0:\u0663::AsKs|", "the position and hand must be whole numbers: "
         "'MATCHSTATE:0:\u0663::AsKs|'"),
        ("MATCHSTATE:0:0::AsKs", "a state lists the hole cards of 2 or more players, '|' "
         "between them: 'MATCHSTATE:0:0::AsKs'"),
        ("MATCHSTATE:2:0::AsKs|", "position 2 of a 2-player state: 'MATCHSTATE:2:0::AsKs|'"),
        ("MATCHSTATE:3:0::AsKs||", "position 3 of a 3-player state: 'MATCHSTATE:3:0::AsKs||'"),
        ("MATCHSTATE:0:0:cc/:AsKs|", "2 betting rounds but cards for 1: "
         "'MATCHSTATE:0:0:cc/:AsKs|'"),
        ("MATCHSTATE:0:0:cc:AsKs|/2c3c4c", "1 betting rounds but cards for 2: "
         "'MATCHSTATE:0:0:cc:AsKs|/2c3c4c'"),
        ("MATCHSTATE:0:0::AsAs|", "the card As appears twice in 'AsAs|'"),
    ],
)  # fmt: skip
def test_a_bad_state_is_refused_with_its_whole_message(text: str, message: str) -> None:
    with pytest.raises(ACPCProtocolError) as caught:
        MatchState.parse(text)
    assert str(caught.value) == message


_C90 = "c" * 90


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (f"MATCHSTATE:0:x:{_C90}:AsKs|", "the position and hand must be whole numbers: "),
        (f"MATCHSTATE:0:0:{_C90}:AsKs", "a state lists the hole cards of 2 or more players, "
         "'|' between them: "),
        (f"MATCHSTATE:2:0:{_C90}:AsKs|", "position 2 of a 2-player state: "),
        (f"MATCHSTATE:0:0:{_C90}/:AsKs|", "2 betting rounds but cards for 1: "),
    ],
)  # fmt: skip
def test_a_long_bad_state_is_quoted_to_80_characters(text: str, message: str) -> None:
    with pytest.raises(ACPCProtocolError) as caught:
        MatchState.parse(text)
    assert str(caught.value) == message + repr(text[:80])


@pytest.mark.parametrize("end", [" ", "\t", "X", "\r\nX"])
def test_only_a_line_ending_is_taken_off_a_state(end: str) -> None:
    with pytest.raises(ACPCProtocolError):
        MatchState.parse("MATCHSTATE:0:0::AsKs|" + end.encode().decode("unicode_escape"))


def test_a_bad_betting_is_refused_with_the_logs_reason() -> None:
    with pytest.raises(ACPCError) as expected:
        parse_betting("cq")
    with pytest.raises(ACPCProtocolError) as caught:
        MatchState.parse("MATCHSTATE:0:0:cq:AsKs|")
    assert str(caught.value) == expected.value.reason and expected.value.reason


def test_a_state_is_read_field_by_field() -> None:
    """Two players at the least, the last position at the most; the line ending left on."""
    state = MatchState.parse("MATCHSTATE:1:17:r/cr/:|Td8s/2sKh9d/Qc\r\n")
    assert (state.position, state.hand, state.round) == (1, 17, 2)
    r, c = ACPCAction("r"), ACPCAction("c")
    assert state.betting == ((r,), (c, r), ())
    assert state.actions == (r, c, r)
    assert state.betting_text == "r/cr/"
    assert [[str(x) for x in h] for h in state.hole] == [[], ["Td", "8s"]]
    assert [[str(x) for x in b] for b in state.board] == [[], ["2s", "Kh", "9d"], ["Qc"]]
    assert str(state) == "MATCHSTATE:1:17:r/cr/:|Td8s/2sKh9d/Qc"
    two = MatchState.parse("MATCHSTATE:0:0::AsKs|")
    assert (two.position, two.hand, two.round, two.actions, two.betting_text) == (0, 0, 0, (), "")
    three = MatchState.parse("MATCHSTATE:2:5:r9680r19667c:||AhAd")
    assert three.position == 2 and len(three.hole) == 3
    assert three.actions == (ACPCAction("r", 9680), ACPCAction("r", 19667), c)
    assert str(three) == "MATCHSTATE:2:5:r9680r19667c:||AhAd"


# ------------------------------------------------------------------ versions


@pytest.mark.parametrize(
    ("line", "version"),
    [
        ("VERSION:2.0.0\r\n", (2, 0, 0)),
        ("VERSION: +2. +1. +7 and more", (2, 1, 7)),
        ("VERSION:\t2.\n0.\r0", (2, 0, 0)),
        ("VERSION:12.34.567", (12, 34, 567)),
    ],
)
def test_a_version_is_read_as_the_reference_reads_it(line: str, version: tuple[int, ...]) -> None:
    assert read_version(line) == version


@pytest.mark.parametrize(
    "line", ["", "VERSION2.0.0", "version:2.0.0", "VERSION:2.0", " VERSION:2.0.0", "VERSION:-2.0.0",
             "VERSION:2..0.0", "VERSION:++2.0.0", "x" * 100],
)  # fmt: skip
def test_a_line_that_is_no_version_is_refused_whole(line: str) -> None:
    with pytest.raises(ACPCProtocolError) as caught:
        read_version(line)
    assert str(caught.value) == (
        f"the first line must be the protocol version (VERSION:2.0.0), not {line[:80]!r}"
    )


def test_only_another_major_version_or_a_newer_minor_one_is_warned_of() -> None:
    assert version_warning((2, 0, 0)) is None
    assert version_warning((2, 0, 99)) is None
    assert version_warning((2, 1, 0)) == "the player speaks version 2.1.0; this dealer speaks 2.0.0"
    assert version_warning((1, 0, 0)) == "the player speaks version 1.0.0; this dealer speaks 2.0.0"
    assert version_warning((3, 0, 4)) == "the player speaks version 3.0.4; this dealer speaks 2.0.0"


# ------------------------------------------------------------------ replies

_STATE = "MATCHSTATE:1:9:cr/r:|Td8s/2sKh9d"


def _reply(line: str, current: str = _STATE, game: GameDef = LIMIT) -> Reply:
    """The reply read against the state as text and as a parsed state: the same."""
    reply = read_reply(line, current, game)
    assert read_reply(line, MatchState.parse(current), game) == reply
    return reply


ACTION_R = Reply(ReplyKind.ACTION, ACPCAction("r"))
ACTION_C = Reply(ReplyKind.ACTION, ACPCAction("c"))
ACTION_F = Reply(ReplyKind.ACTION, ACPCAction("f"))


@pytest.mark.parametrize(
    ("line", "reply"),
    [
        ("# a comment", Reply(ReplyKind.COMMENT)),
        ("; another", Reply(ReplyKind.COMMENT)),
        (f"{_STATE}:r", ACTION_R),
        (f"{_STATE}:r\r\n", ACTION_R),
        (f"{_STATE}:b", ACTION_R),
        (f"{_STATE}:K", ACTION_C),
        (f"{_STATE}:F", ACTION_F),
        (f"{_STATE}:r250", ACTION_R),  # a limit raise has no size: the rest is ignored
        (f"{_STATE}:", Reply(ReplyKind.BAD_ACTION, reason="'' is not an action")),
        (f"{_STATE}:x", Reply(ReplyKind.BAD_ACTION, reason="'x' is not an action")),
        (f"{_STATE}r", Reply(ReplyKind.BAD_ACTION, reason="no ':' and action after the state")),
        (_STATE, Reply(ReplyKind.BAD_ACTION, reason="no ':' and action after the state")),
        # read field by field: spaces and a sign before numbers, k and b, either case,
        # no round separators, other players' cards not compared
        ("MATCHSTATE: 1:\t+9:cr/r:|Td8s/2sKh9d:c", ACTION_C),
        ("MATCHSTATE:1:9:crr:|Td8s2sKh9d:c", ACTION_C),
        ("MATCHSTATE:1:9:KB/B:AsAh|tD8S/2SkH9D:call", ACTION_C),
        ("MATCHSTATE:1:9:cr/r:|Td8s/2sKh9dQc:f", Reply(
            ReplyKind.BAD_ACTION, reason="no ':' and action after the state")),
        ("MATCHSTATE:1:9:cr/r:|Td8s/2sKh9d/Qc:f", Reply(
            ReplyKind.BAD_ACTION, reason="no ':' and action after the state")),
        ("MATCHSTATE:1:9:cr/r", Reply(ReplyKind.UNREADABLE, reason="round 2 has 0 board cards")),
        ("MATCHSTATE:1:9:cr/r:|T", Reply(ReplyKind.UNREADABLE, reason="round 2 has 0 board cards")),
        ("MATCHSTATE:1:9:cr/r:|Td8s/2sKh9", Reply(
            ReplyKind.UNREADABLE, reason="round 2 has 2 board cards")),
        ("MATCHSTATE:1:9:cr/r:|Td8s/2sKh:c", Reply(
            ReplyKind.UNREADABLE, reason="round 2 has 2 board cards")),
        ("MATCHSTATE:1:9:cr/r:|Td/2sKh9d:c", Reply(
            ReplyKind.UNREADABLE, reason="position 1 has 1 hole cards")),
        ("MATCHSTATE:1:9:cr/r:Td|Td8s/2sKh9d:c", Reply(
            ReplyKind.UNREADABLE, reason="position 0 has 1 hole cards")),
        ("hello", Reply(ReplyKind.UNREADABLE, reason="not a MATCHSTATE line")),
        ("MATCHSTATE:x:9:cr/r:|Td8s/2sKh9d:c", Reply(ReplyKind.UNREADABLE, reason="no position")),
        ("MATCHSTATE:-1:9:cr/r:|Td8s/2sKh9d:c", Reply(
            ReplyKind.UNREADABLE, reason="no position")),
        ("MATCHSTATE:2:9:cr/r:|Td8s/2sKh9d:c", Reply(
            ReplyKind.UNREADABLE, reason="position 2 in a 2-player game")),
        ("MATCHSTATE:1;9:cr/r:|Td8s/2sKh9d:c", Reply(
            ReplyKind.UNREADABLE, reason="no ':' after the position")),
        ("MATCHSTATE:1", Reply(ReplyKind.UNREADABLE, reason="no ':' after the position")),
        ("MATCHSTATE:1::cr/r:|Td8s/2sKh9d:c", Reply(
            ReplyKind.UNREADABLE, reason="no hand number")),
        ("MATCHSTATE:1:9", Reply(ReplyKind.UNREADABLE, reason="no ':' after the hand number")),
        ("MATCHSTATE:1:9;cr/r:|Td8s/2sKh9d:c", Reply(
            ReplyKind.UNREADABLE, reason="no ':' after the hand number")),
        ("MATCHSTATE:1:9:cq/r:|Td8s/2sKh9d:c", Reply(
            ReplyKind.UNREADABLE,
            reason="'q' is not an action (f, c, r; k and b read as c and r)")),
        ("MATCHSTATE:0:9:cr/r:Td8s|/2sKh9d:c", Reply(
            ReplyKind.NOT_CURRENT, reason="position 0, hand 9")),
        ("MATCHSTATE:1:8:cr/r:|Td8s/2sKh9d:c", Reply(
            ReplyKind.NOT_CURRENT, reason="position 1, hand 8")),
        ("MATCHSTATE:1:9:cr/c:|Td8s/2sKh9d:c", Reply(
            ReplyKind.NOT_CURRENT, reason="other betting")),
        ("MATCHSTATE:1:9:cr/rr:|Td8s/2sKh9d:c", Reply(
            ReplyKind.NOT_CURRENT, reason="other betting")),
        ("MATCHSTATE:1:9:cr/r:|Td8h/2sKh9d:c", Reply(
            ReplyKind.NOT_CURRENT, reason="other hole cards")),
        ("MATCHSTATE:1:9:cr/r:|Td8s/2sKh9c:c", Reply(
            ReplyKind.NOT_CURRENT, reason="another board")),
    ],
)  # fmt: skip
def test_a_limit_reply_is_read_exactly(line: str, reply: Reply) -> None:
    assert _reply(line) == reply


_NL = "MATCHSTATE:0:3:r300c/r900:Ah2c|/3c9sJc"


@pytest.mark.parametrize(
    ("line", "reply"),
    [
        (f"{_NL}:r1200", Reply(ReplyKind.ACTION, ACPCAction("r", 1200))),
        (f"{_NL}:B 1200", Reply(ReplyKind.ACTION, ACPCAction("r", 1200))),
        (f"{_NL}:r+5", Reply(ReplyKind.ACTION, ACPCAction("r", 5))),
        (f"{_NL}:r-5", Reply(ReplyKind.ACTION, ACPCAction("r", -5))),
        (f"{_NL}:r2147483647", Reply(ReplyKind.ACTION, ACPCAction("r", 2**31 - 1))),
        (f"{_NL}:r2147483648", Reply(ReplyKind.ACTION, ACPCAction("r", 2**31 - 1))),
        (f"{_NL}:r-2147483648", Reply(ReplyKind.ACTION, ACPCAction("r", -(2**31)))),
        (f"{_NL}:r-2147483649", Reply(ReplyKind.ACTION, ACPCAction("r", -(2**31)))),
        (f"{_NL}:r", Reply(ReplyKind.BAD_ACTION, reason="a no-limit raise without its size")),
        (f"{_NL}:rx", Reply(ReplyKind.BAD_ACTION, reason="a no-limit raise without its size")),
        (f"{_NL}:c300", ACTION_C),
        (f"{_NL}:f", ACTION_F),
        (f"{_NL}:k", ACTION_C),
        (f"{_NL}:q", Reply(ReplyKind.BAD_ACTION, reason="'q' is not an action")),
        ("MATCHSTATE:0:3:r 300c/R+900:Ah2c|/3c9sJc:r1200", Reply(
            ReplyKind.ACTION, ACPCAction("r", 1200))),
        ("MATCHSTATE:0:3:r300c/r:Ah2c|/3c9sJc:c", Reply(
            ReplyKind.UNREADABLE, reason="a no-limit raise without its size")),
        ("MATCHSTATE:0:3:r300c/r901:Ah2c|/3c9sJc:c", Reply(
            ReplyKind.NOT_CURRENT, reason="other betting")),
    ],
)  # fmt: skip
def test_a_nolimit_reply_is_read_exactly(data_dir: Path, line: str, reply: Reply) -> None:
    assert _reply(line, _NL, _nolimit(data_dir)) == reply


@pytest.mark.parametrize(
    ("line", "nolimit", "letter"),
    [(f"{_STATE}:r", False, "r"), (f"{_STATE}:C", False, "C"), (f"{_NL}:F", True, "F"),
     (f"{_NL}:c", True, "c"), (f"{_NL}:k", True, "k")],
)  # fmt: skip
def test_a_reply_by_its_letter_alone_is_the_one_kept(
    data_dir: Path, line: str, nolimit: bool, letter: str
) -> None:
    """The replies that are a letter alone (every action in limit; in no limit all but
    a raise, which has its size) are made once and shared."""
    game = _nolimit(data_dir) if nolimit else LIMIT
    current = _NL if nolimit else _STATE
    assert read_reply(line, current, game) is protocol._PLAIN_REPLIES[letter]


def test_a_raise_beyond_32_bits_is_read_as_the_reference_clamps_it(data_dir: Path) -> None:
    """The state's own raise as the largest int32: a reply writing it larger still is
    the same state (read field by field), one writing it smaller is not."""
    state = "MATCHSTATE:0:3:r2147483647:Ah2c|"
    assert _reply("MATCHSTATE:0:3:r99999999999:Ah2c|:c", state, _nolimit(data_dir)) == ACTION_C
    assert _reply("MATCHSTATE:0:3:r2147483646:Ah2c|:c", state, _nolimit(data_dir)) == Reply(
        ReplyKind.NOT_CURRENT, reason="other betting")


def test_a_reply_that_adds_another_players_cards_to_the_state_is_still_its_answer() -> None:
    """The state as sent, then the other position's cards: not the state echoed byte for
    byte, but the same state (other players' cards are not compared)."""
    assert _reply("MATCHSTATE:0:0:c:AsKs|QdQh:r", "MATCHSTATE:0:0:c:AsKs|") == ACTION_R


def test_three_players_reply_read_field_by_field() -> None:
    game = GameDef.parse(LIMIT_HEADS_UP.replace("numPlayers = 2", "numPlayers = 3").replace(
        "firstPlayer = 2 1 1 1", "firstPlayer = 3 1 1 1").replace(
        "blind = 10 5", "blind = 5 10 0").replace("stack", "#"))  # fmt: skip
    state = "MATCHSTATE:2:0:cc:||AhAd"
    assert _reply("MATCHSTATE:2:0:cc:2c2d|3c3d|AhAd:r", state, game) == ACTION_R
    assert _reply("MATCHSTATE:2:0:cc:|3c3d|AhAd:r", state, game) == ACTION_R
    assert _reply("MATCHSTATE:3:0:cc:||AhAd:r", state, game) == Reply(
        ReplyKind.UNREADABLE, reason="position 3 in a 3-player game")


# ------------------------------------------------------------------ decisions

K = ActionKind
FACING = LegalActions(0, Street.FLOP, (K.FOLD, K.CALL, K.RAISE), to_call=50, call=50,
                      min_to=100, max_to=1000)  # fmt: skip
OPEN = LegalActions(0, Street.FLOP, (K.CHECK, K.BET), min_to=100, max_to=1000)
NO_RAISE = LegalActions(0, Street.FLOP, (K.FOLD, K.CALL), to_call=50, call=50)
CHECK_ONLY = LegalActions(0, Street.FLOP, (K.CHECK,))
R = ACPCAction


@pytest.mark.parametrize(
    ("action", "legal", "nolimit", "policy", "decision"),
    [
        (R("c"), FACING, True, "reject", Decision(Action.call())),
        (R("c"), OPEN, False, "reject", Decision(Action.check())),
        (R("f"), FACING, True, "reject", Decision(Action.fold())),
        (R("r"), FACING, False, "reject", Decision(Action.raise_to(100))),
        (R("r"), OPEN, False, "reject", Decision(Action.bet(100))),
        (R("r", 9), FACING, False, "reject", Decision(Action.raise_to(100))),
        # no limit, 40 put in before this round: min 140, max 1040 in the hand
        (R("r", 140), FACING, True, "reject", Decision(Action.raise_to(100))),
        (R("r", 1040), FACING, True, "reject", Decision(Action.raise_to(1000))),
        (R("r", 500), OPEN, True, "reject", Decision(Action.bet(460))),
        (R("r", 139), FACING, True, "call",
         Decision(Action.raise_to(100), "raise to 139 raised to 140")),
        (R("r", 1041), FACING, True, "call",
         Decision(Action.raise_to(1000), "raise to 1041 lowered to 1040")),
        (R("r", 1041), OPEN, True, "call", Decision(
            Action.bet(1000), "raise to 1041 lowered to 1040")),
        (R("r"), FACING, True, "call", Decision(Action.raise_to(100), "raise to 0 raised to 140")),
        (R("r", 139), FACING, True, "fold", Decision(
            Action.fold(),
            "invalid raise to 139 (legal: 140 to 1040 in the hand), changed to fold")),
        (R("r", 1041), OPEN, True, "fold", Decision(
            Action.check(),
            "invalid raise to 1041 (legal: 140 to 1040 in the hand), changed to check")),
        (R("r", 1041), FACING, True, "reject", Decision(
            None, "invalid raise to 1041 (legal: 140 to 1040 in the hand): refused")),
        (None, FACING, True, "call", Decision(Action.call(), "unreadable action, changed to call")),
        (None, OPEN, True, "call", Decision(Action.check(), "unreadable action, changed to call")),
        (None, FACING, False, "fold", Decision(
            Action.fold(), "unreadable action, changed to fold")),
        (None, OPEN, False, "fold", Decision(
            Action.check(), "unreadable action, changed to check")),
        (None, OPEN, False, "reject", Decision(None, "unreadable action: refused")),
        (R("f"), OPEN, True, "call", Decision(
            Action.check(), "invalid action f (fold with nothing to call), changed to call")),
        (R("f"), OPEN, True, "fold", Decision(
            Action.check(), "invalid action f (fold with nothing to call), changed to check")),
        (R("f"), CHECK_ONLY, True, "reject", Decision(
            None, "invalid action f (fold with nothing to call): refused")),
        (R("r", 300), NO_RAISE, True, "call", Decision(Action.call(), "invalid action r300 (no "
         "raise is possible: fold, call 50), changed to call")),
        (R("r"), CHECK_ONLY, False, "fold", Decision(Action.check(), "invalid action r (no "
         "raise is possible: check), changed to check")),
        (R("r"), NO_RAISE, False, "reject", Decision(None, "invalid action r (no raise is "
         "possible: fold, call 50): refused")),
    ],
)  # fmt: skip
def test_a_decision_is_exactly_the_references(
    action: ACPCAction | None, legal: LegalActions, nolimit: bool, policy: str,
    decision: Decision,
) -> None:  # fmt: skip
    got = decide(action, legal, round_base=40, nolimit=nolimit, policy=InvalidPolicy(policy))
    assert got == decision
    assert decide(action, legal, round_base=40, nolimit=nolimit,
                  policy=InvalidPolicy(policy)) == decision  # fmt: skip  # kept or not, the same


def test_the_default_policy_is_the_references_call() -> None:
    assert decide(R("r", 1041), FACING, round_base=40, nolimit=True) == Decision(
        Action.raise_to(1000), "raise to 1041 lowered to 1040"
    )


def test_a_bet_and_a_raise_to_the_same_amount_are_kept_apart() -> None:
    """Each decision to raise is made once and kept (the same object asked again)."""
    protocol._RAISES.clear()
    first = decide(R("r", 200), FACING, round_base=0, nolimit=True)
    assert decide(R("r", 200), FACING, round_base=0, nolimit=True) is first
    assert decide(R("r", 200), FACING, round_base=0, nolimit=True).action == Action.raise_to(200)
    assert decide(R("r", 200), OPEN, round_base=0, nolimit=True).action == Action.bet(200)
    assert decide(R("r", 200), FACING, round_base=0, nolimit=True).action == Action.raise_to(200)


def test_the_decisions_kept_are_at_most_1024() -> None:
    protocol._RAISES.clear()
    wide = LegalActions(0, Street.FLOP, (K.CHECK, K.BET), min_to=1, max_to=5000)
    for to in range(1, 1101):
        assert decide(R("r", to), wide, round_base=0, nolimit=True) == Decision(Action.bet(to))
    assert len(protocol._RAISES) == 1024
    assert protocol._RAISES[True, 1024] == Decision(Action.bet(1024))
    assert (True, 1025) not in protocol._RAISES
    protocol._RAISES.clear()


@pytest.mark.parametrize(
    ("action", "to_call", "nolimit", "text"),
    [
        (Action.fold(), 10, True, "f"),
        (Action.fold(), 1, False, "f"),
        (Action.fold(), 0, True, "c"),
        (Action.check(), 0, True, "c"),
        (Action.call(), 10, True, "c"),
        (Action.bet(8), 0, True, "r12"),
        (Action.raise_to(300), 50, True, "r304"),
        (Action.bet(8), 0, False, "r"),
        (Action.raise_to(300), 50, False, "r"),
    ],
)
def test_an_engine_action_as_acpc_text(action: Action, to_call: int, nolimit: bool,
                                       text: str) -> None:  # fmt: skip
    assert acpc_action(action, to_call=to_call, round_base=4, nolimit=nolimit) == text


# ------------------------------------------------------------------ the seat


def _seat_after(*lines: str, game: GameDef = LIMIT) -> ACPCSeat:
    seat = ACPCSeat(game)
    for line in lines:
        seat.receive(line)
    return seat


def test_a_seat_with_no_state_yet_says_so() -> None:
    seat = ACPCSeat(LIMIT)
    assert (seat.to_act, seat.hand_over, seat.position, seat.number) == (False, False, 0, -1)
    for ask in (lambda: seat.state, lambda: seat.hand, lambda: seat.reply(Action.check())):
        with pytest.raises(RuntimeError) as caught:
            ask()
        assert str(caught.value) == "no state received yet"
    with pytest.raises(RuntimeError) as caught:
        seat.net()
    assert str(caught.value) == "the hand is not over"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("MATCHSTATE:0:0::AsKs||", "a state of 3 players in a 2-player game"),
        ("MATCHSTATE:0:0::|AsKs", "the state does not show the player's own cards: "
         "MATCHSTATE:0:0::|AsKs"),
        ("MATCHSTATE:0:0:ff:AsKs|", "an action after the hand is over: 'ff'"),
        ("MATCHSTATE:0:0:cc/cc/cc/cc/c:AsKs|/2c3c4c/5c/6c/7c",
         "an impossible state: seat 0 cannot check at the showdown: the betting is over "
         "(legal: show): 'cc/cc/cc/cc/c'"),
        ("MATCHSTATE:0:0::AsKs", "a state lists the hole cards of 2 or more players, '|' "
         "between them: 'MATCHSTATE:0:0::AsKs'"),
    ],
)  # fmt: skip
def test_a_state_a_seat_cannot_follow_is_refused_whole(line: str, message: str) -> None:
    seat = ACPCSeat(LIMIT)
    with pytest.raises(ACPCProtocolError) as caught:
        seat.receive(line)
    assert str(caught.value) == message


def test_an_impossible_betting_is_refused_and_the_next_state_read_in_full() -> None:
    """Four raises in the first round of a game that allows three: refused, the seat
    left with nothing half-done; the next state is read from scratch."""
    seat = _seat_after("MATCHSTATE:0:0::AsKs|")
    with pytest.raises(ACPCProtocolError) as caught:
        seat.receive("MATCHSTATE:0:0:rrrr:AsKs|")
    text = str(caught.value)
    assert text.startswith("an impossible state: ") and text.endswith(": 'rrrr'")
    assert not seat.to_act and not seat.hand_over
    seat.receive("MATCHSTATE:0:0:c:AsKs|")
    assert seat.to_act and str(seat.view().legal) == "check, raise to 20"


def test_a_limit_hand_followed_state_by_state() -> None:
    """Position 0 posts the big blind (10), position 1 the small blind (5) and acts first
    pre-flop; position 0 first after."""
    seat = _seat_after("MATCHSTATE:0:2::4d6c|")
    assert (seat.position, seat.number, seat.to_act, seat.hand_over) == (0, 2, False, False)
    seat.receive("MATCHSTATE:0:2:c:4d6c|\r\n")
    assert seat.to_act and str(seat.view().legal) == "check, raise to 20"
    assert seat.reply(Action.check()) == "MATCHSTATE:0:2:c:4d6c|:c"
    assert seat.reply(Action.raise_to(20)) == "MATCHSTATE:0:2:c:4d6c|:r"
    seat.receive("MATCHSTATE:0:2:cc/:4d6c|/3c9sJc")
    assert seat.to_act and str(seat.view().legal) == "check, bet 10"
    assert [str(c) for c in seat.view().board] == ["3c", "9s", "Jc"]
    assert [str(c) for c in seat.view().hole] == ["4d", "6c"]
    assert seat.reply(Action.bet(10)) == "MATCHSTATE:0:2:cc/:4d6c|/3c9sJc:r"
    seat.receive("MATCHSTATE:0:2:cc/r:4d6c|/3c9sJc")
    assert not seat.to_act and not seat.hand_over
    assert str(seat.state) == "MATCHSTATE:0:2:cc/r:4d6c|/3c9sJc"
    seat.receive("MATCHSTATE:0:2:cc/rf:4d6c|/3c9sJc")
    assert seat.hand_over and not seat.to_act
    assert seat.net() == 10
    # the next hand, at the other position
    seat.receive("MATCHSTATE:1:3::|Kd2c")
    assert (seat.position, seat.number, seat.to_act) == (1, 3, True)
    assert str(seat.view().legal) == "fold, call 5, raise to 20"
    assert seat.reply(Action.fold()) == "MATCHSTATE:1:3::|Kd2c:f"
    seat.receive("MATCHSTATE:1:3:f:|Kd2c")
    assert seat.hand_over and seat.net() == -5


@pytest.mark.parametrize(
    ("lines", "net"),
    [
        # position 0's 2-3-4-5-6 beats aces; each put in 10
        (["MATCHSTATE:0:3:cc/cc/cc/cc:4d6c|AhAd/3c9sJc/2d/5h"], 10),
        (["MATCHSTATE:1:3:cc/cc/cc/cc:4d6c|AhAd/3c9sJc/2d/5h"], -10),
        # a royal flush on the board: split
        (["MATCHSTATE:0:3:cc/cc/cc/cc:4d6c|AhAd/AsKsQs/Js/Ts"], 0),
        # followed from the river: the shown cards come with the last action
        (["MATCHSTATE:1:3:cc/cc/cc/r:|AhAd/3c9sJc/2d/5h",
          "MATCHSTATE:1:3:cc/cc/cc/rc:4d6c|AhAd/3c9sJc/2d/5h"], -30),
        (["MATCHSTATE:0:3:cc/cc/cc/r:4d6c|/3c9sJc/2d/5h",
          "MATCHSTATE:0:3:cc/cc/cc/rc:4d6c|AhAd/3c9sJc/2d/5h"], 30),
        (["MATCHSTATE:0:3:cc/cc/cc/r:4d6c|/3c9sJc/2d/5h",
          "MATCHSTATE:0:3:cc/cc/cc/rf:4d6c|/3c9sJc/2d/5h"], 10),
    ],
)  # fmt: skip
def test_a_seats_net_at_the_end_of_a_hand(lines: list[str], net: int) -> None:
    seat = _seat_after(*lines)
    assert seat.hand_over and seat.net() == net
    assert _seat_after(lines[-1]).net() == net


def test_a_nolimit_seat_writes_raises_as_totals_in_the_hand(data_dir: Path) -> None:
    game = _nolimit(data_dir)
    seat = _seat_after("MATCHSTATE:1:0::|AsKs", game=game)
    assert seat.to_act and str(seat.view().legal) == "fold, call 50, raise to 200 to 20000"
    assert seat.reply(Action.raise_to(300)) == "MATCHSTATE:1:0::|AsKs:r300"
    seat.receive("MATCHSTATE:1:0:r300c/:|AsKs/2c3c4c")
    assert not seat.to_act
    seat.receive("MATCHSTATE:1:0:r300c/r600:|AsKs/2c3c4c")
    assert seat.to_act and str(seat.view().legal) == "fold, call 300, raise to 600 to 19700"
    assert seat.reply(Action.raise_to(900)) == "MATCHSTATE:1:0:r300c/r600:|AsKs/2c3c4c:r1200"
    assert seat.reply(Action.call()) == "MATCHSTATE:1:0:r300c/r600:|AsKs/2c3c4c:c"
    # a raise's size grew: read in full, the same as a fresh seat reads it
    seat.receive("MATCHSTATE:1:0:r300c/r6000:|AsKs/2c3c4c")
    assert str(seat.view().legal) == "fold, call 5700, raise to 11400 to 19700"
    seat.receive("MATCHSTATE:1:0:r300c/r6000f:|AsKs/2c3c4c")
    assert seat.hand_over and seat.net() == -300


def test_a_stale_view_is_refused_whole() -> None:
    seat = _seat_after("MATCHSTATE:0:2:c:4d6c|")
    view = seat.view()
    assert seat.view() is view  # asked again for the same decision: the same view
    assert seat.full_view_for(view).legal == view.legal  # type: ignore[arg-type]
    seat.receive("MATCHSTATE:0:2:cc/:4d6c|/3c9sJc")
    with pytest.raises(StaleViewError) as caught:
        seat.full_view_for(view)  # type: ignore[arg-type]
    assert str(caught.value) == (
        "this view was handed out for a decision the seat has moved past: read a view "
        "while deciding (keep copy.copy(view) to look at it later)"
    )


def test_a_state_added_to_the_last_is_read_as_a_fresh_seat_reads_it(data_dir: Path) -> None:
    """Every state a dealer sends in a three-player no-limit match of random answers:
    the seat that follows them one by one and a seat that reads only that state agree on
    the turn, the end, the choices, the cards, the answer and the net."""
    game = GameDef.load(data_dir / "acpc" / "holdem.nolimit.3p.game")
    dealer = ACPCDealer(game, names=["a", "b", "c"], hands=30, seed=5)
    seats = [ACPCSeat(game) for _ in range(3)]
    rng = random.Random(9)
    queue = list(dealer.start().messages)
    compared = 0
    while queue:
        message = queue.pop(0)
        seat, fresh = seats[message.seat], ACPCSeat(game)
        seat.receive(message.text)
        fresh.receive(message.text)
        assert (seat.to_act, seat.hand_over, seat.position, seat.number) == (
            fresh.to_act, fresh.hand_over, fresh.position, fresh.number)
        assert seat.hand.view(seat.position) == fresh.hand.view(fresh.position)
        assert seat.state == fresh.state == MatchState.parse(message.text)
        if seat.hand_over:
            assert seat.net() == fresh.net()
        if seat.to_act:
            legal = seat.view().legal
            assert legal is not None and legal == fresh.view().legal
            action = Action(*random_action(legal, rng))
            assert seat.reply(action) == fresh.reply(action)
            queue += dealer.receive(message.seat, seat.reply(action)).messages
        compared += 1
    assert dealer.finished and compared > 500


# ------------------------------------------------------------------ the dealer


@pytest.mark.parametrize("name", ["response", "hand", "per_hand"])
def test_a_time_limit_of_0_is_refused_and_a_small_one_taken(name: str) -> None:
    for bad in (0.0, -1.0):
        with pytest.raises(ValueError) as caught:
            TimeLimits(**{name: bad})
        assert str(caught.value) == f"the {name} time limit must be more than 0 seconds"
    assert getattr(TimeLimits(**{name: 0.001}), name) == 0.001
    assert TimeLimits() == TimeLimits(response=600.0, hand=600.0, per_hand=7.0)


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(5), "5"),
        (Fraction(-40), "-40"),
        (Fraction(0), "0"),
        (Fraction(5, 2), "2.5"),
        (Fraction(-1, 2), "-0.5"),
        (Fraction(1, 3), "0.333333"),
        (Fraction(-20, 3), "-6.666667"),
        (Fraction(-1, 10**7), "0"),  # -0.000000: no minus sign on nothing
        (Fraction(1, 10**7), "0"),
        (Fraction(21, 20), "1.05"),
    ],
)
def test_a_value_is_written_as_the_reference_writes_it(value: Fraction, text: str) -> None:
    assert format_value(value) == text


@pytest.mark.parametrize(
    ("names", "hands", "message"),
    [
        (["a"], 1, "the game is for 2 players, 1 names given"),
        (["a", ""], 1, "a player's name cannot be '' (no ':', '|', spaces)"),
        (["a", "b|c"], 1, "a player's name cannot be 'b|c' (no ':', '|', spaces)"),
        (["a:b", "c"], 1, "a player's name cannot be 'a:b' (no ':', '|', spaces)"),
        (["a", "b\r"], 1, "a player's name cannot be 'b\\r' (no ':', '|', spaces)"),
        (["a", "b\nc"], 1, "a player's name cannot be 'b\\nc' (no ':', '|', spaces)"),
        (["a", " b"], 1, "a player's name cannot be ' b' (no ':', '|', spaces)"),
        (["a ", "b"], 1, "a player's name cannot be 'a ' (no ':', '|', spaces)"),
        (["a", "b"], -1, "a match has 1 hand or more, not -1"),
    ],
)
def test_a_bad_match_is_refused_whole(names: list[str], hands: int, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        ACPCDealer(LIMIT, names=names, hands=hands, seed=1)
    assert str(caught.value) == message


def test_stacks_that_differ_need_fixed_seats() -> None:
    game = GameDef.parse(LIMIT_HEADS_UP.replace("blind = 10 5", "stack = 100 200\nblind = 10 5"))
    with pytest.raises(ValueError) as caught:
        ACPCDealer(game, names=["a", "b c"], hands=1, seed=1)
    assert str(caught.value) == (
        "the stacks differ by position (100 200): this dealer rotates seats only when they "
        "are equal (use fixed seats)"
    )
    dealer = ACPCDealer(game, names=["a", "b c"], hands=1, seed=1, fixed_seats=True)
    assert dealer.names == ("a", "b c")


def test_the_logs_header_has_the_times_in_milliseconds() -> None:
    dealer = ACPCDealer(LIMIT, names=["a", "b"], hands=7, seed=3, match_name="m",
                        game_file="g.game", limits=TimeLimits(2.5, 0.0006, 7))  # fmt: skip
    assert dealer.header() == dealer.log == [
        "# name/game/hands/seed m g.game 7 3",
        "#--t_response 2500",
        "#--t_hand 1",
        "#--t_per_hand 7000",
    ]
    assert ACPCDealer(LIMIT, names=["a", "b"], hands=1, seed=0).header() == [
        "# name/game/hands/seed match game 1 0",
        "#--t_response 600000",
        "#--t_hand 600000",
        "#--t_per_hand 7000",
    ]


def test_a_dealer_before_and_after_its_match() -> None:
    dealer = ACPCDealer(LIMIT, names=["a", "b"], hands=1, seed=1)
    assert (dealer.hand_number, dealer.finished, dealer.totals) == (-1, False, [0, 0])
    assert dealer.score_line() == "SCORE:0|0:a|b"
    with pytest.raises(RuntimeError) as caught:
        dealer.text(0)
    assert str(caught.value) == "the match has not started"
    dealer.start()
    with pytest.raises(RuntimeError) as caught:
        dealer.start()
    assert str(caught.value) == "the match has already started"
    dealer.deal_ahead()  # no hand after the last: nothing dealt ahead
    assert dealer._ahead is None
    step = dealer.expire(1, why="disconnected")
    assert step.notes == ["seat 2 disconnected: fold"]
    assert dealer.faults == [(1, "hand 0: seat 2 disconnected: fold")]
    assert dealer.finished and dealer.actor is None
    assert dealer.log[-1] == "SCORE:5|-5:a|b" and dealer.totals == [5, -5]
    assert dealer.receive(0, "MATCHSTATE:0:0::x:c").notes == [
        "seat 1: ignoring a line: no hand in play"
    ]


def test_every_kind_of_line_that_is_not_taken_gets_its_note() -> None:
    dealer = ACPCDealer(LIMIT, names=["a", "b"], hands=2, seed=42)
    dealer.start()
    assert dealer.actor == 1
    assert dealer.receive(0, "# from the seat not to act") == Step()
    assert dealer.receive(0, "; another") == Step()
    assert dealer.receive(1, "MATCHSTATE:1:0:") == Step(
        notes=["seat 2: ignoring un-requested response (other hole cards)"]
    )
    assert dealer.receive(1, "MATCHSTATE:3:0::|2hAc:c") == Step(
        notes=["seat 2: bad state format in response (position 3 in a 2-player game)"])
    assert dealer.receive(1, "MATCHSTATE:1:0::|2hAc:x") == Step(
        notes=["seat 2: unreadable action, changed to call"], acted=True,
        messages=[Message(0, "MATCHSTATE:0:0:c:7d3d|"), Message(1, "MATCHSTATE:1:0:c:|2hAc")])
    assert dealer.receive(1, "MATCHSTATE:1:0:c:|2hAc:c") == Step(
        notes=["seat 2: ignoring un-requested response (not to act)"])  # fmt: skip


def test_a_three_handed_showdown_shows_only_the_hands_still_in(data_dir: Path) -> None:
    """Seed 42's first hand (7d3d, 2hAc, 5sKs; 7s9s6h 4h Ts), seats fixed: position 2
    folds, 0 and 1 check it down, 0's pair of sevens beats 1's ace high.  The folded
    hand is shown only to its own seat."""
    game = GameDef.load(data_dir / "acpc" / "holdem.limit.3p.game")
    hands: list[int] = []
    dealer = ACPCDealer(game, names=["a", "b", "c"], hands=2, seed=42, fixed_seats=True,
                        on_hand=lambda: hands.append(dealer.hand_number))  # fmt: skip
    assert [m.text for m in dealer.start().messages] == [
        "MATCHSTATE:0:0::7d3d||", "MATCHSTATE:1:0::|2hAc|", "MATCHSTATE:2:0::||5sKs"]
    assert dealer.actor == 2
    assert [m.text for m in dealer.receive(2, "MATCHSTATE:2:0::||5sKs:f").messages] == [
        "MATCHSTATE:0:0:f:7d3d||", "MATCHSTATE:1:0:f:|2hAc|", "MATCHSTATE:2:0:f:||5sKs"]
    step = dealer.receive(0, "MATCHSTATE:0:0:f:7d3d||:c")
    step = dealer.receive(1, f"{dealer.text(1)}:c")
    assert [m.text for m in step.messages] == [
        "MATCHSTATE:0:0:fcc/:7d3d||/7s9s6h", "MATCHSTATE:1:0:fcc/:|2hAc|/7s9s6h",
        "MATCHSTATE:2:0:fcc/:||5sKs/7s9s6h"]  # fmt: skip
    for _ in range(5):
        seat = dealer.actor
        assert seat is not None
        step = dealer.receive(seat, f"{dealer.text(seat)}:c")
    assert hands == []
    step = dealer.receive(1, f"{dealer.text(1)}:c")
    assert [m.text for m in step.messages[:3]] == [
        "MATCHSTATE:0:0:fcc/cc/cc/cc:7d3d|2hAc|/7s9s6h/4h/Ts",
        "MATCHSTATE:1:0:fcc/cc/cc/cc:7d3d|2hAc|/7s9s6h/4h/Ts",
        "MATCHSTATE:2:0:fcc/cc/cc/cc:7d3d|2hAc|5sKs/7s9s6h/4h/Ts"]  # fmt: skip
    assert [m.seat for m in step.messages[3:]] == [0, 1, 2]
    assert hands == [0]
    assert dealer.log[-1] == "STATE:0:fcc/cc/cc/cc:7d3d|2hAc|5sKs/7s9s6h/4h/Ts:10|-10|0:a|b|c"
    assert dealer.totals == [10, -10, 0] and dealer.hand_number == 1


def test_a_split_pot_is_shared_exactly_and_written_as_the_reference_does() -> None:
    """Position 2 raises to 20, the small blind folds its 5, the big blind calls: a pot
    of 45 split by the two left is 22.5 each, a net of 2.5 (the first seed where their
    hands tie, found by playing seed after seed)."""
    game = GameDef.parse(LIMIT_HEADS_UP.replace("numPlayers = 2", "numPlayers = 3").replace(
        "firstPlayer = 2 1 1 1", "firstPlayer = 3 1 1 1").replace("blind = 10 5",
        "blind = 5 10 0"))  # fmt: skip
    for seed in range(200):
        dealer = ACPCDealer(game, names=["a", "b", "c"], hands=1, seed=seed, fixed_seats=True)
        dealer.start()
        dealer.receive(2, f"{dealer.text(2)}:r")
        dealer.receive(0, f"{dealer.text(0)}:f")
        while not dealer.finished:
            seat = dealer.actor
            assert seat is not None
            dealer.receive(seat, f"{dealer.text(seat)}:c")
        nets = dealer.log[-2].split(":")[4].split("|")
        if any("." in n for n in nets):
            break
    else:
        pytest.fail("no split pot of odd chips in 200 seeds")
    assert nets == ["-5", "2.5", "2.5"]
    assert dealer.totals == [-5, Fraction(5, 2), Fraction(5, 2)]
    assert dealer.score_line() == f"SCORE:{'|'.join(nets)}:a|b|c"


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(text[i : i + 2]) for i in range(0, len(text), 2))


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("/3c9sJc", "3c9sJc"),
        ("/2d", "2d"),
        ("/3c9sJc/2d", "3c9sJc2d"),
        ("/3c9sJc/2d/5h", "3c9sJc2d5h"),
        ("3c9sJc", None),
        ("", None),
        ("/", None),
        ("//2d", None),
        ("/2d/", None),
        ("/3c9", None),
        ("/3c9x", None),
        ("/2D", None),  # the dealer writes suits in lower case
    ],
)
def test_what_a_states_cards_add_to_the_board(text: str, cards: str | None) -> None:
    assert seat_module._board(text) == (None if cards is None else _cards(cards))


def test_the_betting_a_state_adds_is_read_and_short_texts_kept() -> None:
    seat_module._ADDED.clear()
    c, r = ACPCAction("c"), ACPCAction("r")
    first = seat_module._added("c/")
    assert first == ([c], 1) and seat_module._added("c/") is first
    kept = dict(seat_module._ADDED)
    assert kept == {"c/": first}
    assert seat_module._added("r") == ([r], 0) and "r" in seat_module._ADDED
    assert seat_module._added("") == ([], 0)
    assert seat_module._added("cr/") == ([c, r], 1) and "cr/" not in seat_module._ADDED
    assert seat_module._added("c//") == ([c], 2)
    assert seat_module._added("r300") == ([ACPCAction("r", 300)], 0)
    assert "r300" not in seat_module._ADDED
    with pytest.raises(ACPCError):
        seat_module._added("x")
    seat_module._ADDED.clear()


def test_what_a_betting_says_whatever_the_cards() -> None:
    """The seat's record of a betting: who acts, whether it is over, the choices, what
    each put in before this round, how many are left, the nets of a fold."""
    Node = seat_module._Node
    seat = _seat_after("MATCHSTATE:0:2:cc/r:4d6c|/3c9sJc")
    legal = LegalActions(1, Street.FLOP, (K.FOLD, K.CALL, K.RAISE), to_call=10, call=10,
                         min_to=20, max_to=20)  # fmt: skip
    assert seat._node == Node(1, False, legal, (10, 10), 2, None)
    seat.receive("MATCHSTATE:0:2:cc/rf:4d6c|/3c9sJc")
    assert seat._node == Node(-1, True, None, (10, 10), 1, (Fraction(10), Fraction(-10)))
    start = _seat_after("MATCHSTATE:1:3::|AhAd")
    assert start._node is not None
    assert (start._node.to_act, start._node.bases, start._node.nets) == (1, (0, 0), None)
    shown = _seat_after("MATCHSTATE:1:3:cc/cc/cc/rc:4d6c|AhAd/3c9sJc/2d/5h")._node
    assert shown is not None
    assert (shown.to_act, shown.over, shown.legal, shown.live, shown.nets) == (
        -1, True, None, 2, None)


def test_a_seats_time_is_the_least_of_the_action_the_hand_and_its_share_of_the_match() -> None:
    """10 s an action, 10 s a hand, 1 s a hand over 2 hands: the match's 2 s bind."""
    dealer = ACPCDealer(LIMIT, names=["a", "b"], hands=2, seed=42,
                        limits=TimeLimits(response=10, hand=10, per_hand=1))  # fmt: skip
    dealer.start()
    assert dealer.budget(1) == 2
    dealer.receive(1, f"{dealer.text(1)}:c", elapsed=1.5)
    assert dealer.budget(1) == 0.5 and dealer.budget(0) == 2
    dealer.expire(0, elapsed=0.25)
    assert dealer.budget(0) == 1.75
    assert (dealer.used_hand, dealer.used_match) == ([0.25, 1.5], [0.25, 1.5])
    dealer.receive(0, f"{dealer.text(0)}:c", elapsed=0.5)  # the flop: seat 0 first
    dealer.receive(1, f"{dealer.text(1)}:c", elapsed=0.25)
    assert (dealer.used_hand, dealer.used_match) == ([0.75, 1.75], [0.75, 1.75])
    assert dealer.budget(1) == 0.25


def test_the_next_hand_is_dealt_ahead_only_while_one_is_left() -> None:
    dealer = ACPCDealer(LIMIT, names=["a", "b"], hands=2, seed=42)
    dealer.start()
    dealer.deal_ahead()
    ahead = dealer._ahead
    assert ahead is not None and ahead.holes == ["9h6s", "3d3h"]  # by position: hand 1
    dealer.deal_ahead()
    assert dealer._ahead is ahead
    step = dealer.receive(1, f"{dealer.text(1)}:f")
    assert [m.text for m in step.messages[2:]] == ["MATCHSTATE:1:1::|3d3h", "MATCHSTATE:0:1::9h6s|"]
    assert dealer._ahead is None
    dealer.deal_ahead()
    assert dealer._ahead is None


def test_a_seat_not_to_act_sees_its_hand_and_may_still_write_an_answer() -> None:
    """Position 0 waits for position 1's first action: its view has its cards and no
    choices; an answer written anyway is the state and the action (ignored by a dealer)."""
    seat = _seat_after("MATCHSTATE:0:2::4d6c|")
    view = seat.view()
    assert (view.seat, view.legal, [str(c) for c in view.hole]) == (0, None, ["4d", "6c"])
    assert seat.reply(Action.call()) == "MATCHSTATE:0:2::4d6c|:c"
    assert seat.reply(Action.fold()) == "MATCHSTATE:0:2::4d6c|:f"  # position 1 owes 5
    seat.receive("MATCHSTATE:0:2:cc/rf:4d6c|/3c9sJc")
    end = seat.view()
    assert (end.seat, end.legal, [str(c) for c in end.hole]) == (0, None, ["4d", "6c"])
    assert [str(c) for c in end.board] == ["3c", "9s", "Jc"]


def test_a_seat_prepares_the_next_hand_only_once_it_has_one() -> None:
    seat = ACPCSeat(LIMIT)
    seat.prepare()
    assert seat._spare is None  # nothing followed yet: nothing to prepare
    seat.receive("MATCHSTATE:0:2::4d6c|")
    seat.prepare()
    spare = seat._spare
    assert spare is not None
    seat.prepare()
    assert seat._spare is spare  # made once
    seat.receive("MATCHSTATE:0:3:r:Kd2c|")  # a new hand, a betting not met: played on it
    assert seat._spare is None and seat._turn is spare


def test_time_is_charged_only_when_told_and_only_the_seat_to_act_expires() -> None:
    dealer = ACPCDealer(LIMIT, names=["a", "b"], hands=2, seed=42)
    dealer.start()
    with pytest.raises(RuntimeError) as caught:
        dealer.expire(0)
    assert str(caught.value) == "seat 1 is not to act"
    dealer.receive(1, f"{dealer.text(1)}:c")
    with pytest.raises(RuntimeError) as caught:
        dealer.expire(1)
    assert str(caught.value) == "seat 2 is not to act"
    assert dealer.expire(0).notes == ["seat 1 ran out of time: check"]
    assert dealer.used_hand == dealer.used_match == [0.0, 0.0]


def test_positions_rotate_one_seat_a_hand() -> None:
    """Hand 0: seat s is position s; hand 1: seat 1 is position 0, seat 0 the last."""
    game = GameDef.parse(LIMIT_HEADS_UP.replace("numPlayers = 2", "numPlayers = 3").replace(
        "firstPlayer = 2 1 1 1", "firstPlayer = 3 1 1 1").replace("blind = 10 5",
        "blind = 5 10 0"))  # fmt: skip
    dealer = ACPCDealer(game, names=["a", "b", "c"], hands=2, seed=1)
    dealer.start()
    assert [dealer.position(s) for s in range(3)] == [0, 1, 2]
    while dealer.hand_number == 0:
        seat = dealer.actor
        assert seat is not None
        dealer.expire(seat)
    assert [dealer.position(s) for s in range(3)] == [2, 0, 1]
    assert [dealer.seat(p) for p in range(3)] == [1, 2, 0]
    assert dealer.text(1).startswith("MATCHSTATE:0:1:")


def test_a_seat_updated_with_a_state_read_already_is_as_one_that_received_it() -> None:
    seat = ACPCSeat(LIMIT)
    seat.update(MatchState.parse("MATCHSTATE:0:2:c:4d6c|"))
    assert seat.to_act and str(seat.state) == "MATCHSTATE:0:2:c:4d6c|"
    assert str(seat.view().legal) == "check, raise to 20"


def test_the_dealers_table_has_the_names_and_the_length_of_the_match() -> None:
    """The table the hands are played at (what a recorder reads in ``on_hand``); a name
    with any letter, ``X`` too, is taken."""
    dealer = ACPCDealer(LIMIT, names=["Xavier", "Bob"], hands=3, seed=1,
                        limits=TimeLimits(hand=2))  # fmt: skip
    assert (dealer.table.names, dealer.table.max_hands) == (("Xavier", "Bob"), 3)
    assert dealer.budget(0) == 2  # nothing used before the match
    dealer.deal_ahead()  # the first hand's cards, before the start
    ahead = dealer._ahead
    assert ahead is not None
    assert [m.text for m in dealer.start().messages] == [
        f"MATCHSTATE:0:0::{ahead.private[0]}", f"MATCHSTATE:1:0::{ahead.private[1]}"]


def _read(seat: ACPCSeat, line: str) -> object:
    """What a seat makes of ``line``: the refusal's text, or the state as it sees it."""
    try:
        seat.receive(line)
    except ACPCProtocolError as exc:
        return str(exc)
    view = seat.hand.view(seat.position)
    return (str(seat.state), seat.position, seat.number, seat.to_act, seat.hand_over,
            view.hole, view.board, view.legal)  # fmt: skip


@pytest.mark.parametrize(
    ("before", "line"),
    [
        # not betting added
        ("MATCHSTATE:0:2:c:4d6c|", "MATCHSTATE:0:2:cx:4d6c|"),
        # cards that are no cards
        ("MATCHSTATE:0:2:c:4d6c|", "MATCHSTATE:0:2:cc/:4d6c|/3c9sJx"),
        # a round opened without its board, or a board in two rounds for one
        ("MATCHSTATE:0:2:c:4d6c|", "MATCHSTATE:0:2:cc/:4d6c|"),
        ("MATCHSTATE:0:2:c:4d6c|", "MATCHSTATE:0:2:cc/:4d6c|/3c9s/Jc"),
        ("MATCHSTATE:0:2:c:4d6c|", "MATCHSTATE:0:2:cc:4d6c|/3c9sJc"),
        ("MATCHSTATE:0:2:c:4d6c|", "MATCHSTATE:0:2:cc/:4d6c|/3c9s/Jc/2d"),
        ("MATCHSTATE:0:2:c:4d6c|", "MATCHSTATE:0:2:cc/cc/:4d6c|/3c9sJc"),
        # a board card that is a hole card
        ("MATCHSTATE:0:2:c:4d6c|", "MATCHSTATE:0:2:cc/:4d6c|/4d9sJc"),
        # the player's own cards changed, with a board added after them
        ("MATCHSTATE:0:2:c:4d6c|", "MATCHSTATE:0:2:cc/:4d6h|/3c9sJc"),
        # at a showdown: another board, another number of players, other own cards
        ("MATCHSTATE:0:3:cc/cc/cc/r:4d6c|/3c9sJc/2d/5h",
         "MATCHSTATE:0:3:cc/cc/cc/rc:4d6c|AhAd/3c9sJd/2d/5h"),
        ("MATCHSTATE:0:3:cc/cc/cc/r:4d6c|/3c9sJc/2d/5h",
         "MATCHSTATE:0:3:cc/cc/cc/rc:4d6c|AhAd|KsKh/3c9sJc/2d/5h"),
        ("MATCHSTATE:0:3:cc/cc/cc/r:4d6c|/3c9sJc/2d/5h",
         "MATCHSTATE:0:3:cc/cc/cc/rc:4d6h|AhAd/3c9sJc/2d/5h"),
        ("MATCHSTATE:0:3:cc/cc/cc/r:4d6c|/3c9sJc/2d/5h",
         "MATCHSTATE:0:3:cc/cc/cc/rc:4d6c|AhAd/3c9sJc/2d"),
        # the shown cards duplicate a board card
        ("MATCHSTATE:0:3:cc/cc/cc/r:4d6c|/3c9sJc/2d/5h",
         "MATCHSTATE:0:3:cc/cc/cc/rc:4d6c|Ah3c/3c9sJc/2d/5h"),
        # the same state again; a raise's size grown
        ("MATCHSTATE:0:2:c:4d6c|", "MATCHSTATE:0:2:c:4d6c|"),
        # another hand, another position (each equal to the other's last value)
        ("MATCHSTATE:0:2:c:4d6c|", "MATCHSTATE:0:3:cc/:4d6c|/3c9sJc"),
        ("MATCHSTATE:0:0:c:4d6c|", "MATCHSTATE:1:0:cc/:|4d6c/3c9sJc"),
        ("MATCHSTATE:0:1:c:4d6c|", "MATCHSTATE:1:1:cc/:|4d6c/3c9sJc"),
        # more than the line ending after it; an answer, not a state
        ("MATCHSTATE:0:2::4d6c|", "MATCHSTATE:0:2:c:4d6c| "),
        ("MATCHSTATE:0:2::4d6c|", "MATCHSTATE:0:2:c:4d6c|X"),
        ("MATCHSTATE:0:2::4d6c|", "MATCHSTATE:0:2:c:4d6c|:r"),
    ],
)  # fmt: skip
def test_a_state_that_does_not_follow_the_last_is_read_as_a_fresh_seat_reads_it(
    before: str, line: str
) -> None:
    """The seat takes a state as what it adds to the last only when it is that; any
    other state is read in full: the same state, or the same refusal, as a seat that
    saw nothing before."""
    seat = _seat_after(before)
    assert _read(seat, line) == _read(ACPCSeat(LIMIT), line)


def test_a_nolimit_state_whose_raise_grew_is_read_in_full(data_dir: Path) -> None:
    game = _nolimit(data_dir)
    seat = _seat_after("MATCHSTATE:0:0:r300:Ah2c|", game=game)
    line = "MATCHSTATE:0:0:r3000:Ah2c|"
    assert _read(seat, line) == _read(ACPCSeat(game), line)
    assert str(seat.view().legal) == "fold, call 2900, raise to 5900 to 20000"


@pytest.mark.parametrize("end", [" ", "X", "\t"])
def test_a_seat_takes_only_a_line_ending_off_a_state(end: str) -> None:
    for before in ("MATCHSTATE:0:2::4d6c|", None):
        seat = _seat_after(before) if before else ACPCSeat(LIMIT)
        with pytest.raises(ACPCProtocolError):
            seat.receive("MATCHSTATE:0:2:c:4d6c|" + end)


def test_an_answer_after_the_hand_is_over_is_refused_by_the_engine() -> None:
    seat = _seat_after("MATCHSTATE:0:2:cc/rf:4d6c|/3c9sJc")
    with pytest.raises(IllegalAction) as caught:
        seat.reply(Action.check())
    assert str(caught.value) == "nobody is to act: the hand is over"
