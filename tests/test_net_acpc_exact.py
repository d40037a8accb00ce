"""The ACPC protocol's core, the player's seat and the dealer (``net/acpc``), in process:
exact answers worked out by hand from the protocol's text (``protocols.md`` §1), every
refusal's whole message, boundaries at exactly their limits.  No socket, no clock."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerroom.engine import Action, ActionKind, LegalActions, Street
from pokerroom.history.acpc import LIMIT_HEADS_UP, GameDef
from pokerroom.history.acpclog import ACPCAction, parse_betting
from pokerroom.history.errors import ACPCError
from pokerroom.net.acpc import protocol
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


def test_a_raise_beyond_32_bits_is_read_as_the_reference_clamps_it(data_dir: Path) -> None:
    """The state's own raise as the largest int32: a reply writing it larger still is
    the same state (read field by field), one writing it smaller is not."""
    state = "MATCHSTATE:0:3:r2147483647:Ah2c|"
    assert _reply("MATCHSTATE:0:3:r99999999999:Ah2c|:c", state, _nolimit(data_dir)) == ACTION_C
    assert _reply("MATCHSTATE:0:3:r2147483646:Ah2c|:c", state, _nolimit(data_dir)) == Reply(
        ReplyKind.NOT_CURRENT, reason="other betting")


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
    protocol._RAISES.clear()
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
