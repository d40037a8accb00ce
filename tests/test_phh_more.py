"""Hand-history files hand by hand, more (``pokerroom.history.sources``): the kind of a
file by its suffix or its first line, a file that is no hand history, errors that name
the file, and an ACPC log's hands that cannot be replayed and its SCORE line checked
against the nets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pokerroom.history.acpc import GameDef
from pokerroom.history.errors import HistoryError, PHHError
from pokerroom.history.notation import PHHAction
from pokerroom.history.phh import PHHHand, loads
from pokerroom.history.sources import Outcome, file_kind, replays

KINDS = "PHH (.phh, .phhs), ACPC dealer logs (.log), PokerStars text and OHH (.ohh)"


@pytest.mark.parametrize(
    ("name", "text", "kind"),
    [
        ("hand.phh", "", "phh"),
        ("HAND.PHH", "", "phh"),
        ("many.PhHs", "", "phhs"),
        ("match.LOG", "", "acpc"),
        ("match.txt", "# a dealer log\n;another comment\n\nSTATE:0:f:7d3d|2hAc:5|-5:a|b\n", "acpc"),
        ("match.txt", "; only a comment\nSCORE:0|0:a|b\n", "acpc"),
        ("hands.txt", "\n  [1]  \nvariant = 'NT'\n", "phhs"),
        ("hand.txt", "; the hand\nactions = ['d dh p1 AcKs']\n", "phh"),
        ("hand.txt", "variant-2 = 'NT'\n", "phh"),
    ],
)  # fmt: skip
def test_the_kind_of_a_file(name: str, text: str, kind: str) -> None:
    """The suffix in any case; otherwise the first line that is not blank or a comment."""
    assert file_kind(name, text) == kind


@pytest.mark.parametrize(
    "text",
    ["", "# nothing\n", "state:0:f\n", "score:0|0:a|b\n", "[1\nvariant = 'NT'\n", "x]\n",
     "A cardroom.\nvariant = 'NT'\n", "; comment\n[]x\n"],
)  # fmt: skip
def test_any_other_file_is_not_a_hand_history(text: str) -> None:
    with pytest.raises(HistoryError) as info:
        file_kind("notes.txt", text)
    assert str(info.value) == f"notes.txt: not a hand history: replay reads {KINDS}"


def test_an_unreadable_phh_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.phh"
    path.write_text('variant = "NT"\n')
    with pytest.raises(PHHError) as info:
        list(replays(path))
    assert str(info.value).startswith(f"{path}: the required field 'antes' is missing")


def test_an_unreadable_hand_of_a_phhs_is_its_own_outcome(tmp_path: Path) -> None:
    good = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
            'starting_stacks = [200, 200]\nactions = ["p2 f"]\n')  # fmt: skip
    path = tmp_path / "m.phhs"
    path.write_text("[1]\n" + good + '[2]\nvariant = "NT"\n[3]\n' + good)
    first, second, third = replays(path)
    assert (first.label, second.label, third.label) == ("[1]", "[2]", "[3]")
    assert first.replay is not None and third.replay is not None
    assert third.replay.played.label == "3"
    assert (second.source, second.replay, second.whole_file) == (str(path), None, False)
    assert str(second.error) == (
        f"{path}: hand [2]: the required field 'antes' is missing (variant 'NT' needs antes, "
        "blinds_or_straddles, min_bet, starting_stacks, actions)"
    )


# ----------------------------------------------------------------------- ACPC logs

GAME = (
    "GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 4\nblind = 10 5\nraiseSize = 10 10 20 20\n"
    "firstPlayer = 2 1 1 1\nmaxRaises = 3 4 4 4\nnumSuits = 4\nnumRanks = 13\n"
    "numHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n"
)
HANDS = [
    "STATE:0:f:7d3d|2hAc:5|-5:Alice|Bob",
    "STATE:1:f:9h6s|3d3h:5|-5:Bob|Alice",
    "STATE:2:crc/crrrc/rc/rrrrf:4d6c|QsJh/3c9sJc/2d/Ts:-130|130:Alice|Bob",
]


def _outcomes(tmp_path: Path, lines: list[str]) -> list[Outcome]:
    path = tmp_path / "m.log"
    path.write_text("\n".join(lines) + "\n")
    return list(replays(path, game=GameDef.parse(GAME)))


def _summary(outcome: Outcome) -> tuple[object, ...]:
    return (outcome.source, outcome.label, outcome.replay is not None, str(outcome.error),
            outcome.whole_file)  # fmt: skip


def test_a_hand_that_cannot_be_replayed_is_located_and_the_others_still_are(
    tmp_path: Path,
) -> None:
    """Its own outcome, at its line; the hands after it are replayed; the SCORE line
    sums the nets of every hand, the bad one included."""
    bad = "STATE:1:rrrrrf:9h6s|3d3h:45|-45:Bob|Alice"  # a fifth bet: over the cap
    outcomes = _outcomes(tmp_path, [HANDS[0], bad, HANDS[2], "SCORE:-170|170:Alice|Bob"])
    source = str(tmp_path / "m.log")
    assert [_summary(o) for o in outcomes] == [
        (source, "hand 0", True, "None", False),
        (source, "hand 1", False, str(outcomes[1].error), False),
        (source, "hand 2", True, "None", False),
    ]
    error = str(outcomes[1].error)
    assert error.startswith(f"{source}: line 2: round 1 action 4 'r' of 'rrrrrf': ")
    assert "the raise cap is reached (3 raises)" in error


def test_a_log_without_a_score_line_is_reported_as_truncated(tmp_path: Path) -> None:
    outcomes = _outcomes(tmp_path, HANDS[:2])
    source = str(tmp_path / "m.log")
    assert [_summary(o) for o in outcomes] == [
        (source, "hand 0", True, "None", False),
        (source, "hand 1", True, "None", False),
        (source, "SCORE", False, f"{source}: the log has no SCORE line (truncated?)", True),
    ]


def test_a_score_that_is_not_the_sum_of_the_nets_is_reported(tmp_path: Path) -> None:
    """One outcome for the file per wrong total; a player of the SCORE line who played
    no hand has a total of 0."""
    outcomes = _outcomes(tmp_path, [*HANDS, "SCORE:-110|110|0:Alice|Bob|Carol"])
    source = str(tmp_path / "m.log")
    assert [_summary(o) for o in outcomes[3:]] == [
        (source, "SCORE", False, f"{source}: Alice's SCORE -110 is not the sum of their nets "
                                 "(-130)", True),
        (source, "SCORE", False, f"{source}: Bob's SCORE 110 is not the sum of their nets "
                                 "(130)", True),
    ]  # fmt: skip
    right = _outcomes(tmp_path, [*HANDS, "SCORE:-130|130|0:Alice|Bob|Carol"])
    assert [o.label for o in right] == ["hand 0", "hand 1", "hand 2"]
    carol = _outcomes(tmp_path, [*HANDS, "SCORE:-130|130|5:Alice|Bob|Carol"])
    assert [str(o.error) for o in carol[3:]] == [
        f"{source}: Carol's SCORE 5 is not the sum of their nets (0)"
    ]


# ----------------------------------------------------------------------- actions


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("d", "no action after 'd' (dealer actions: 'dh pN CARDS', 'db CARDS')"),
        ("d db", "'d db' takes the board cards, written together ('d db Jc3d5c')"),
        ("d db Jc 3d5c", "'d db' takes the board cards, written together ('d db Jc3d5c')"),
        ("d dh p1", "'d dh' takes a player and cards ('d dh p1 AcKs')"),
        ("d dh x1 AcKs", "'d dh' takes a player and cards ('d dh p1 AcKs')"),
        ("d dh p1 Ac Ks", "'d dh' takes a player and cards ('d dh p1 AcKs')"),
        ("d xx", "unknown dealer action 'xx' (dealer actions: dh, db)"),
        ("q1 f", "unknown actor 'q1' (the actor is 'd' for the dealer or 'p1', 'p2', ...)"),
        ("p1", "no action after 'p1' (actions: cbr, cc, f, sm, pb, sd)"),
        ("p1 dh", "unknown player action 'dh' (player actions: cbr AMOUNT, cc, f, "
                  "sm [CARDS], pb, sd [CARDS])"),
        ("p1 cbr", "'cbr' takes one amount, the total to bet or raise to"),
        ("p1 cbr 0", "'cbr' needs a positive amount, not '0'"),
        ("p1 cbr ten", "not an amount: 'ten' (write a number like 300 or 2.5)"),
        ("p1 cc 5", "'cc' takes no argument, got '5'"),
        ("p1 sm Ac Kd", "'sm' takes at most one argument (the cards, together)"),
        ("p1 sm AcAc", "the card Ac appears twice in 'AcAc'"),
        ("d db KsAcAc", "the card Ac appears twice in 'KsAcAc'"),
    ],
)  # fmt: skip
def test_bad_actions_are_refused_saying_why(text: str, reason: str) -> None:
    with pytest.raises(PHHError) as info:
        PHHAction.parse(text)
    assert str(info.value) == reason


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("d db 2c3c4c # the flop", "d db 2c3c4c # the flop"),
        ("d dh p2 ????  #  hidden ", "d dh p2 ???? # hidden"),
        ("p1 f #", "p1 f #"),
        ("# a note", "# a note"),
        ("p3 cbr 10.50", "p3 cbr 10.50"),
        ("p1 sm -", "p1 sm -"),
        ("p2 sm", "p2 sm"),
    ],
)
def test_actions_are_written_as_read_comments_included(text: str, written: str) -> None:
    assert str(PHHAction.parse(text)) == written


# ----------------------------------------------------------------------- values

HAND = """\
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = []
"""


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("starting_stacks = [200, 200]", "starting_stacks = [200]",
         "line 5: field 'starting_stacks': a hand needs at least 2 players, not 1"),
        ("antes = [0, 0]", "antes = [0, -1]", "line 2: field 'antes': player 2: -1 is negative"),
        ("antes = [0, 0]", "antes = [-1, 0]", "line 2: field 'antes': player 1: -1 is negative"),
        ("blinds_or_straddles = [1, 2]", "blinds_or_straddles = [1, inf]",
         "line 3: field 'blinds_or_straddles': player 2: Infinity is not a finite amount"),
        ("starting_stacks = [200, 200]", "starting_stacks = [200, 0]",
         "line 5: field 'starting_stacks': player 2: a starting stack must be positive, not 0"),
        ("starting_stacks = [200, 200]", "starting_stacks = [-5, 200]",
         "line 5: field 'starting_stacks': player 1: a starting stack must be positive, not -5"),
        ("min_bet = 2", "min_bet = 0", "line 4: field 'min_bet': must be a positive number, not 0"),
        ("min_bet = 2", "min_bet = inf",
         "line 4: field 'min_bet': must be a positive number, not Infinity"),
        ("actions = []", "actions = []\nwinnings = [0, -inf]",
         "line 7: field 'winnings': player 2: -Infinity is negative"),
        ("actions = []", "actions = []\nplayers = ['a']",
         "line 7: field 'players': has 1 entries for 2 players (starting_stacks has 2)"),
    ],
)  # fmt: skip
def test_impossible_values_are_refused_naming_the_player(old: str, new: str, message: str) -> None:
    text = HAND.replace(old, new)
    assert text != HAND
    with pytest.raises(PHHError) as info:
        loads(text, source="h.phh")
    assert str(info.value) == f"h.phh: {message}"


def test_a_variant_pokerroom_does_not_play_is_still_a_hand() -> None:
    """Built directly (not read), a stud hand is checked for what every variant has."""
    hand = PHHHand(variant="F7S", antes=(1, 1), starting_stacks=(10, 10), actions=())
    assert (hand.player_count, hand.is_holdem) == (2, False)


def test_a_score_printed_with_six_digits_may_be_rounded(tmp_path: Path) -> None:
    """The dealer prints ``%g``: nets summing to 100000.4 are a SCORE of 100000."""
    hands = [
        "STATE:0:f:7d3d|2hAc:50000.2|-50000.2:Alice|Bob",
        "STATE:1:f:9h6s|3d3h:-50000.2|50000.2:Bob|Alice",
    ]
    outcomes = _outcomes(tmp_path, [*hands, "SCORE:100000|-100000:Alice|Bob"])
    assert [o.label for o in outcomes] == ["hand 0", "hand 1"]
    wrong = _outcomes(tmp_path, [*hands, "SCORE:100002|-100002:Alice|Bob"])
    assert [o.label for o in wrong] == ["hand 0", "hand 1", "SCORE", "SCORE"]


def test_players_in_the_log_of_several_counts_are_all_named(tmp_path: Path) -> None:
    game = GAME.replace("numPlayers = 2", "numPlayers = 4").replace(
        "blind = 10 5", "blind = 10 5 0 0"
    )
    game = game.replace("firstPlayer = 2 1 1 1", "firstPlayer = 3 1 1 1")
    path = tmp_path / "m.log"
    path.write_text(HANDS[0] + "\nSTATE:1:ff:9h6s|3d3h|4c4d:5|-5|0:Bob|Alice|Carol\n")
    with pytest.raises(HistoryError) as info:
        list(replays(path, game=GameDef.parse(game)))
    assert str(info.value) == (
        f"{path}: 2 or 3 players in the log, 4 in the game definition: give the log's own "
        "with --game GAMEDEF (none of its 2 hands was replayed)"
    )


def _hidden_log(tmp_path: Path, data_dir: Path, numbers: list[int]) -> Path:
    """Hands of the data's limit log, in the order given, the second player's hole cards
    hidden, and no header (no seed)."""
    lines = (data_dir / "acpc" / "limit2p_1000hands_seed42.log").read_text().splitlines()
    states = {int(line.split(":")[1]): line.split(":") for line in lines if line[:6] == "STATE:"}
    body = []
    for n in numbers:
        parts = list(states[n])
        rounds = parts[3].split("/")
        rounds[0] = rounds[0].split("|")[0] + "|"
        parts[3] = "/".join(rounds)
        body.append(":".join(parts))
    path = tmp_path / f"{'-'.join(map(str, numbers))}.log"
    path.write_text("\n".join(body) + "\n")
    return path


def test_hands_out_of_order_are_dealt_again_from_seed_0(tmp_path: Path, data_dir: Path) -> None:
    """Seed 0 is a seed like any other: hand 0 after hand 2 gets hand 0's deal again.  (It
    is not this log's seed, so each hand is refused naming the card seed 0 deals it; the
    line it is on is left out of the comparison.)"""
    game = GameDef.load(data_dir / "acpc" / "holdem.limit.2p.reverse_blinds.game")

    def hidden_cards(numbers: list[int]) -> dict[str, object]:
        out: dict[str, object] = {}
        for o in replays(_hidden_log(tmp_path, data_dir, numbers), game=game, seed=0):
            if o.replay is None:
                out[o.label] = re.sub(r"^.*?: (line \d+: )?", "", str(o.error))
            else:
                deals = [e for e in o.replay.played.events if e.kind.value == "deal"]
                out[o.label] = [tuple(str(c) for c in e.cards) for e in deals]
        return out

    in_order = hidden_cards([0, 1, 2])
    out_of_order = hidden_cards([2, 0, 1])
    assert out_of_order == in_order
    assert "but the seed deals" in str(in_order["hand 0"])
