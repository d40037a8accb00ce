"""Exact answers of ``pokerroom league``, ``pokerroom tournament`` and ``pokerroom icm``, run
in this process through :func:`pokerroom.cli.main`: each option's help, metavar, type
and default word for word, every refusal word for word with its exit status, the tables
and notes printed (the run's results replaced by stand-ins where a real run's would
depend on the bots' play), ICM's values worked out by hand (the mutation part
``clileague``)."""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any, ClassVar

import pytest

from cli_helpers import Option, run
from pokerroom.cli import build_parser
from pokerroom.cli import icm as icm_cli
from pokerroom.cli import league as league_cli
from pokerroom.cli import tournament as tournament_cli

# the options `runs` declares for both commands (tests/test_runs_exact.py reads them)
SHARED = ("--players", "--player", "--rules", "--set", "--seed", "--budget", "--workers",
          "--executor", "--address", "--db", "--resume", "--db-hands", "--log", "--phh",
          "--export-dir", "--export")  # fmt: skip

COMMANDS: dict[str, tuple[str, str, list[Option]]] = {
    "league": (
        "every pair heads-up and the whole field, in duplicate: mbb/hand and a ranking",
        "A bot league: every pair of players heads-up and the whole field at one table, in "
        "duplicate (the same cards dealt again with the seats moved round, so luck cancels), "
        "stacks reset every hand. Results in milli-big-blinds per hand with 95% intervals "
        "over duplicate sets, and a ranking by the average heads-up result.",
        [
            ("--hands", None, "N", None, 10000, False,
             "Count(low=1, high=1000000, unit='hands')",
             "hands in each match, 1 to 1,000,000 (every hand's result is kept until the "
             "end), rounded up to whole duplicate sets (default: 10000)"),
            ("--session", None, "DEALS", None, 500, False,
             "Count(low=1, high=1000000, unit='deals')",
             "deals a session plays with the same bots before they are made afresh; each "
             "session is one task (default: 500)"),
            ("--no-field", 0, None, None, False, False, None,
             "heads-up matches only, no full-table match"),
            ("--aivat", 0, None, None, False, False, None,
             "correct heads-up results for luck (AIVAT: the cards, and the actions of bots "
             "with a known strategy), shown beside the plain duplicate interval"),
        ],
    ),
    "tournament": (
        # argparse formats a command's summary with %: "%%" is printed "%"
        "freeze-outs of bots (and your own), then standings with 95%% intervals",
        "Play freeze-outs: every player at one table with the buy-in, until one has every "
        "chip; a seat order drawn for each game. Then the standings: wins, average finish "
        "and chips won per hand the player was dealt in, each with its 95% confidence "
        "interval. The games are spread over every core (--workers, or a Ray cluster with "
        "--executor ray); the same seed gives the same results wherever they are played.",
        [
            ("--games", None, "N", None, 100, False,
             "Count(low=1, high=100000, unit='games')",
             "freeze-outs to play, 1 to 100,000 (default: 100)"),
            ("--button", None, "SEAT|random|first-jack", None, "random", False, "_button",
             "each game's first button: a seat, drawn at random (default), or dealt for: "
             "the first jack (rules.md section 3)"),
            ("--max-hands", None, "N", None, None, False,
             "Count(low=1, high=1000000, unit='hands')",
             "stop a game after N hands (1 to 1,000,000) and place the players left by their "
             "chips (default: play to the last player)"),
            ("--chip-graph", None, "OUT.png", None, None, False,
             "OutputFile(what='a PNG file: name.png', suffixes=('.png',), dash=False)",
             "draw the stacks over one game as a PNG (matplotlib)"),
            ("--graph-game", None, "N", None, 1, False,
             "Count(low=1, high=100000, unit='games')",
             "the game --chip-graph draws (default: 1)"),
        ],
    ),
    "icm": (
        "what each stack of a final table is worth (independent chip model)",
        "The independent-chip-model value of each stack at a tournament's final table, for "
        "making a deal: each player's chance of finishing in each paid place (stack / chips "
        "left, place by place) times its prize; with the chip chop beside it.",
        [
            ("stacks", "+", "STACK", None, None, True,
             "Amount(high=1000000000000000, unit=' of chips', positive=True)",
             "each player's chips (12,000 is twelve thousand)"),
            ("--payouts", None, "P1,P2,...", None, None, True,
             "Amounts(high=1000000000000000, unit=' of money', most=100)",
             "the prize of each paid place, first place first, separated by commas"),
            ("--names", None, "A,B,...", None, None, False, None,
             "the players' names, in stack order"),
        ],
    ),
}  # fmt: skip


def _commands() -> dict[str, tuple[str | None, argparse.ArgumentParser]]:
    parser = build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    helps = {a.dest: a.help for a in sub._choices_actions}
    return {name: (helps[name], sub.choices[name]) for name in COMMANDS}


def _type(action: argparse.Action) -> str | None:
    if action.type is None:
        return None
    return getattr(action.type, "__name__", None) or repr(action.type)


def test_each_command_and_option_says_word_for_word_what_it_takes() -> None:
    for name, (help_, parser) in _commands().items():
        summary, description, options = COMMANDS[name]
        assert (help_, parser.description, parser.epilog) == (summary, description, None)
        found = [
            ("/".join(a.option_strings) or a.dest, a.nargs, a.metavar, a.choices, a.default,
             a.required, _type(a), a.help)
            for a in parser._actions
            if not isinstance(a, argparse._HelpAction)
            and ("/".join(a.option_strings) or a.dest) not in SHARED
        ]  # fmt: skip
        assert found == options, name
        flags = {o[0] for o in options if o[1] == 0}
        stored = {"/".join(a.option_strings) for a in parser._actions
                  if isinstance(a, argparse._StoreTrueAction)}  # fmt: skip
        assert stored - set(SHARED) == flags, name
        # the shared options follow the command's own, but --chip-graph and --graph-game
        order = ["/".join(a.option_strings) or a.dest for a in parser._actions][1:]
        own = [o[0] for o in options]
        if name == "tournament":
            assert order == [*own[:3], *SHARED, *own[3:]]
        elif name == "league":
            assert order == [*own, *SHARED]
        else:
            assert order == own
    games, hands = tournament_cli.GAMES, tournament_cli.HANDS
    assert (games, hands) == (tournament_cli.Count(1, 100_000, "games"),
                              tournament_cli.Count(1, 1_000_000, "hands"))  # fmt: skip
    assert league_cli.MAX_SESSIONS == 100_000


def test_each_command_runs_its_own_function() -> None:
    commands = _commands()
    for name, func in (("league", league_cli._cmd_league),
                       ("tournament", tournament_cli._cmd_tournament),
                       ("icm", icm_cli._cmd_icm)):  # fmt: skip
        assert commands[name][1].get_default("func") is func


def test_the_summaries_print_their_percent_signs_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    text = " ".join(out.split())
    assert "freeze-outs of bots (and your own), then standings with 95% intervals" in text


@pytest.fixture(autouse=True)
def columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """The console 100 columns wide, whatever the terminal the tests run in."""
    monkeypatch.setenv("COLUMNS", "100")


def _lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines()]


# ------------------------------------------------------------------------------ icm

ICM_NOTE = [
    "ICM: the independent chip model (Malmuth-Harville): each place goes to each player left "
    "with chance",
    "stack / chips left; chip chop: the pool shared by chips",
]


def test_icm_prints_each_players_value_worked_out_by_hand(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """5000, 3000, 2000 chips for 50, 30, 20. Ann first with 1/2; second with
    3/10 * 5/7 + 2/10 * 5/8 = 19/56; third 9/56: 25 + 30 * 19/56 + 20 * 9/56 = 38.39.
    Bo: 3/10; 1/2 * 3/5 + 2/10 * 3/8 = 3/8; 13/40: 15 + 11.25 + 6.5 = 32.75. Cy: the rest,
    100 - 38.39... - 32.75 = 28.86. The pool is 100: the ICM shares are the values; the
    chip chop is the chips' share of the pool. The names are read without their spaces."""
    code, out, err = run(capsys, "icm", "5,000", "3000", "2000", "--payouts", "50,30,20",
                         "--names", " Ann ,Bo,Cy")  # fmt: skip
    assert (code, err) == (0, "")
    assert _lines(out) == [
        "ICM deal: prize pool 100.00",
        "",
        "  player   chips   chips %     ICM   ICM %   chip chop",
        " " + "─" * 54,
        "  Ann      5,000      50.0   38.39    38.4       50.00",
        "  Bo       3,000      30.0   32.75    32.8       30.00",
        "  Cy       2,000      20.0   28.86    28.9       20.00",
        "",
        *ICM_NOTE,
    ]


def test_icm_of_a_pool_other_than_100_in_money_with_thousands(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Heads-up, 6,000 against 4,000 for 1,400,000 and 600,000: the big stack wins with
    3/5, so is worth 3/5 * 1,400,000 + 2/5 * 600,000 = 1,080,000 (54% of the pool of
    2,000,000), the other 920,000 (46%); the chip chop gives 60% and 40%. Without
    --names, the players are numbered from 1."""
    code, out, err = run(capsys, "icm", "6000", "4000", "--payouts", "1400000,600000")
    assert (code, err) == (0, "")
    assert _lines(out)[:7] == [
        "ICM deal: prize pool 2,000,000.00",
        "",
        "  player     chips   chips %            ICM   ICM %      chip chop",
        " " + "─" * 66,
        "  Player 1   6,000      60.0   1,080,000.00    54.0   1,200,000.00",
        "  Player 2   4,000      40.0     920,000.00    46.0     800,000.00",
        "",
    ]


def test_icm_of_a_pool_of_nothing_has_no_shares_of_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "icm", "5000", "3000", "--payouts", "0")
    assert (code, err) == (0, "")
    assert _lines(out)[:6] == [
        "ICM deal: prize pool 0.00",
        "",
        "  player     chips   chips %    ICM   ICM %   chip chop",
        " " + "─" * 55,
        "  Player 1   5,000      62.5   0.00       -        0.00",
        "  Player 2   3,000      37.5   0.00       -        0.00",
    ]


def test_icm_of_one_stack_gives_it_the_pool(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "icm", "5000", "--payouts", "10", "--names", "Ann")
    assert (code, err) == (0, "")
    assert _lines(out)[4] == "  Ann      5,000     100.0   10.00   100.0       10.00"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["5000", "300", "--payouts", "5", "--names", "A"],
         "--names 'A': 1 name for 2 stacks (give one for each, in stack order)"),
        (["5000", "300", "--payouts", "5", "--names", "A,B,C"],
         "--names 'A,B,C': 3 names for 2 stacks (give one for each, in stack order)"),
        (["5000", "--payouts", "5", "--names", "A,B"],
         "--names 'A,B': 2 names for 1 stack (give one for each, in stack order)"),
        (["5000", "300", "--payouts", "5", "--names", "A,"], "--names 'A,': name 2 is empty"),
        (["5000", "300", "--payouts", "5", "--names", " ,B"], "--names ' ,B': name 1 is empty"),
        (["5000", "300", "--payouts", "5,3,2"],
         "3 payouts for 2 players: pay at most one place per player"),
        (["5000", "300"], "the following arguments are required: --payouts"),
        (["--payouts", "5"], "the following arguments are required: STACK"),
    ],
)  # fmt: skip
def test_icm_refusals_word_for_word(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "icm", *argv)
    assert (code, out, err) == (2, "", f"pokerroom icm: error: {message}\n")


def test_icm_names_are_one_for_each_stack_or_none() -> None:
    assert icm_cli._names(None, 3) is None
    assert icm_cli._names("Ann, Bo ,Cy", 3) == ["Ann", "Bo", "Cy"]
    assert icm_cli._names("Ann", 1) == ["Ann"]
    assert icm_cli._money(1234.5) == "1,234.50"
    assert icm_cli._money(0.005) == "0.01"


# ------------------------------------------------------------------------ tournament


@pytest.mark.parametrize(
    ("text", "seat"),
    [("random", "random"), ("first-jack", "first-jack"), ("0", 0), ("3", 3), ("13", 13),
     ("007", 7)],
)  # fmt: skip
def test_a_first_button_is_a_seat_random_or_the_first_jack(text: str, seat: object) -> None:
    assert tournament_cli._button(text) == seat


@pytest.mark.parametrize(
    "text", ["", "x", "Random", "first jack", "-1", "+1", " 1", "1 ", "1_0", "1.0", "٣", "²",
             "9" * 5000],
)  # fmt: skip
def test_a_first_button_in_no_seat_number_is_refused_naming_the_choices(text: str) -> None:
    """Only ASCII digits are a seat: ``int`` read ``1_0`` as seat 10 and ``٣`` as seat 3."""
    with pytest.raises(argparse.ArgumentTypeError) as err:
        tournament_cli._button(text)
    assert str(err.value) == f"{text!r}: a seat number, 'random' or 'first-jack'"


def test_the_button_option_refuses_a_seat_in_other_digits_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "tournament", "--button", "٣", "--games", "1")
    assert (code, out) == (2, "")
    assert err == ("pokerroom tournament: error: argument --button: '٣': a seat number, "
                   "'random' or 'first-jack'\n")  # fmt: skip


class _Bar:
    """A stand-in for the progress bar: two seconds for any run (what it is told kept)."""

    made: ClassVar[list[tuple[str, int, int, str]]] = []

    def __init__(self, label: str, total: int, *, done: int = 0, noun: str = "games") -> None:
        _Bar.made.append((label, total, done, noun))

    def __enter__(self) -> _Bar:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    @property
    def elapsed(self) -> float:
        return 2.0

    def add(self, hands: int) -> None:
        pass


@pytest.fixture
def bar(monkeypatch: pytest.MonkeyPatch) -> None:
    from pokerroom.cli import runbar

    monkeypatch.setattr(runbar, "RunBar", _Bar)
    _Bar.made = []


NAN = float("nan")


def _standings(faults: int = 0) -> list[Any]:
    from pokerroom.tournament.freezeout import Standing
    from pokerroom.tournament.stats import Estimate

    return [
        Standing(1, "rule-based", 4, 3, Estimate(0.75, 0.204, 0.9544, 4),
                 Estimate(1.25, 0.45, 2.05, 4), Estimate(1.5, 1.25, 1.75, 4), 120, 0),
        Standing(0, "random", 4, 1, Estimate(0.25, 0.0456, 0.6994, 4),
                 Estimate(1.75, NAN, NAN, 1), Estimate(-1.5, NAN, NAN, 1), 118, faults),
    ]  # fmt: skip


STANDINGS = [
    "standings",
    "",
    "      player       wins   win % (95%)        finish     chips/hand",
    " " + "─" * 66,
    "  1   rule-based    3/4    75 (20-95)   1.25 ± 0.80   +1.50 ± 0.25",
    "  2   random        1/4     25 (5-70)          1.75          -1.50",
    "",
]
TOURNAMENT_NOTE = [
    "wins: share of games won (Wilson 95% interval); finish: average place, 1 = first (t "
    "interval over",
    "games); chips/hand: chips won over all games divided by the hands the player was dealt "
    "in, so a",
    "loser who lasts longer loses the buy-in over more hands (delta-method interval, games as "
    "the units)",
]
TWO = ["--players", "calling-station,calling-station", "--rules", "no-limit", "--seed", "4",
       "--workers", "1"]  # fmt: skip


@pytest.mark.usefixtures("bar")
def test_tournament_prints_the_run_then_the_standings_word_for_word(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two calling stations never bet, so three hands a game never end one: two games of
    three hands each (the standings are the stand-in's)."""
    from pokerroom.tournament.freezeout import Tournament

    seen: list[int] = []

    def standings(self: Tournament, records: list[Any]) -> list[Any]:
        seen.extend(r.hands for r in records)
        # without --chip-graph no game keeps its stacks hand by hand, only each seat's total
        assert all(len(s.nets) == 1 for r in records for s in r.seats)
        return _standings()

    monkeypatch.setattr(Tournament, "standings", standings)
    code, out, err = run(capsys, "tournament", *TWO, "--games", "2", "--max-hands", "3",
                         "--set", "buy_in=1000")  # fmt: skip
    assert (code, err, seen, _Bar.made) == (0, "", [3, 3], [("tournament", 2, 0, "games")])
    assert _lines(out) == [
        "2 freeze-outs of 2 players, no-limit rules (no limit (minimum bet 4), blinds 2/4), "
        "buy-in 1,000, seed 4",
        "6 hands; this command played 6 hands in 2.0 s (3 hands/s), on this process",
        *STANDINGS,
        *TOURNAMENT_NOTE,
    ]
    code, out, err = run(capsys, "tournament", *TWO, "--games", "1", "--max-hands", "3")
    assert (code, err, seen) == (0, "", [3, 3, 3])
    assert _lines(out)[:2] == [
        "1 freeze-out of 2 players, no-limit rules (no limit (minimum bet 4), blinds 2/4), "
        "buy-in 1,000, seed 4",
        "3 hands; this command played 3 hands in 2.0 s (2 hands/s), on this process",
    ]


def test_the_standings_show_faults_only_when_a_player_made_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from pokerroom.cli.console import plain_console

    tournament_cli._print_standings(plain_console(), _standings())
    assert _lines(capsys.readouterr().out) == [*STANDINGS, *TOURNAMENT_NOTE]
    tournament_cli._print_standings(plain_console(), _standings(faults=1234))
    assert _lines(capsys.readouterr().out)[2:6] == [
        "      player       wins   win % (95%)        finish     chips/hand   faults",
        " " + "─" * 75,
        "  1   rule-based    3/4    75 (20-95)   1.25 ± 0.80   +1.50 ± 0.25        0",
        "  2   random        1/4     25 (5-70)          1.75          -1.50    1,234",
    ]


def test_the_standings_never_wrap_a_name_or_a_number(capsys: pytest.CaptureFixture[str]) -> None:
    """At 60 columns the table is wider than the console: Rich narrows the columns that
    may wrap (the place and the wins); the name and the numbers each stay on one line."""
    from rich.console import Console

    tournament_cli._print_standings(Console(width=60, markup=False), _standings())
    lines = _lines(capsys.readouterr().out)
    assert lines[6] == ""  # a line for each row
    for line, cells in ((lines[4], ("rule-based", "75 (20-95)", "1.25 ± 0.80", "+1.50 ± 0.25")),
                        (lines[5], ("random", "25 (5-70)", "1.75", "-1.50"))):  # fmt: skip
        assert all(f" {cell}" in line for cell in cells), line
    assert "player" in lines[2] and "win % (95%)" in lines[2] and "chips/hand" in lines[2]


@pytest.mark.usefixtures("bar")
def test_the_chip_graph_draws_the_game_asked_with_the_buy_in(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    """The game --graph-game names (from 1) is drawn, its stacks hand by hand kept for it
    alone, with the buy-in it started from; the line says the game, its hands and the file."""
    from pokerroom.tournament import chipgraph

    drawn: list[tuple[str, int, int, list[int], str]] = []

    class Figure:
        def __init__(self, record: Any, buy_in: int) -> None:
            self.record, self.buy_in = record, buy_in

        def savefig(self, path: Any) -> None:
            nets = [len(s.nets) for s in self.record.seats]
            drawn.append((self.record.label, self.record.hands, self.buy_in, nets, str(path)))

    monkeypatch.setattr(chipgraph, "chip_graph", Figure)
    png = tmp_path / "g.png"
    code, out, err = run(capsys, "tournament", *TWO, "--games", "3", "--max-hands", "2",
                         "--set", "buy_in=500", "--chip-graph", str(png),
                         "--graph-game", "2")  # fmt: skip
    assert (code, err) == (0, "")
    assert drawn == [("game 2", 2, 500, [2, 2], str(png))]
    assert _lines(out)[-1] == f"chip graph of game 2 (2 hands): {png}"
    code, out, err = run(capsys, "tournament", *TWO, "--games", "3", "--max-hands", "2",
                         "--chip-graph", str(png), "--graph-game", "3")  # fmt: skip
    assert code == 0 and drawn[-1][:3] == ("game 3", 2, 1000)
    code, out, err = run(capsys, "tournament", *TWO, "--games", "3", "--max-hands", "2",
                         "--chip-graph", str(png))  # fmt: skip
    assert code == 0 and drawn[-1][0] == "game 1" and len(drawn) == 3
    # --graph-game without --chip-graph draws nothing and is not checked
    code, out, err = run(capsys, "tournament", *TWO, "--games", "1", "--max-hands", "2",
                         "--graph-game", "5")  # fmt: skip
    assert code == 0 and len(drawn) == 3 and "chip graph" not in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "2", "--chip-graph", "g.png", "--graph-game", "3"],
         "--graph-game 3: a game from 1 to 2"),
        (["--games", "1", "--chip-graph", "g.png", "--graph-game", "2"],
         "--graph-game 2: a game from 1 to 1"),
        (["--games", "2", "--graph-game", "0"],
         "argument --graph-game: a whole number of games from 1 to 100,000, not '0'"),
        (["--games", "100001"],
         "argument --games: a whole number of games from 1 to 100,000, not '100001'"),
        (["--max-hands", "0"],
         "argument --max-hands: a whole number of hands from 1 to 1,000,000, not '0'"),
        (["--button", "2"], "button 2 is not a seat (0 to 1)"),
        (["--button", "x"], "argument --button: 'x': a seat number, 'random' or 'first-jack'"),
        (["--chip-graph", "g.svg"], "argument --chip-graph: 'g.svg': the name must end in .png "
         "(give a PNG file: name.png)"),
    ],
)  # fmt: skip
def test_tournament_refusals_word_for_word(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str, tmp_path: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)  # (two hands a game: a refusal missed ends soon)
    code, out, err = run(capsys, "tournament", *TWO, "--max-hands", "2", *argv)
    assert (code, out, err) == (2, "", f"pokerroom tournament: error: {message}\n")
    assert not (tmp_path / "g.png").exists()


def test_a_first_button_and_a_hand_limit_reach_each_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from pokerroom.tournament.freezeout import Tournament

    made: list[tuple[object, object, float, int]] = []
    real = Tournament.__init__

    def init(self: Tournament, *args: Any, **kwargs: Any) -> None:
        real(self, *args, **kwargs)
        made.append((self.button, self.max_hands, self.budget, self.games))

    monkeypatch.setattr(Tournament, "__init__", init)
    code, _, err = run(capsys, "tournament", *TWO, "--games", "1", "--button", "1",
                       "--max-hands", "2", "--budget", "3")  # fmt: skip
    assert (code, err) == (0, "")
    assert made[-1] == (1, 2, 3.0, 1)
    code, _, err = run(capsys, "tournament", *TWO, "--games", "1", "--max-hands", "1",
                       "--button", "first-jack")  # fmt: skip
    assert (code, err) == (0, "")
    assert made[-1] == ("first-jack", 1, 10.0, 1)


# ---------------------------------------------------------------------------- league

LEAGUE_NOTE = [
    "mbb/hand: milli-big-blinds won per hand (big blind {bb}). ± is the 95% interval of "
    "Student's t over",
    "duplicate sets: a set is one deal played once in every seat arrangement, and its total "
    "is one",
    "observation, so the correlated hands of a set are never counted as independent. "
    "Ranking: the average",
    "of the heads-up results.",
]
AIVAT_NOTE = [
    "--aivat: heads-up results corrected for the luck of the cards (and of the actions of "
    "bots whose",
    "strategy is known: random, calling-station, cfr where its strategy plays) by an equity "
    "value",
    "function; the same expectation, and in brackets the plain duplicate interval it replaces.",
]


@pytest.mark.usefixtures("bar")
def test_a_league_of_two_calling_stations_is_all_even_word_for_word(
    capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    """Two calling stations play every deal the same from either seat, so each duplicate
    set (a deal dealt twice, the seats swapped) nets each of them exactly 0: +0 ± 0 over
    the 2 deals of 3 hands rounded up to whole sets (4 hands), each deal a session."""
    db = tmp_path / "l.db"
    code, out, err = run(capsys, "league", *TWO, "--hands", "3", "--session", "1",
                         "--db", str(db))  # fmt: skip
    assert (code, err, _Bar.made) == (0, "", [("league", 4, 0, "sessions")])
    assert _lines(out) == [
        "league of 2 players, no-limit rules (no limit (minimum bet 4), blinds 2/4), seed 4: "
        "1 match of 3 hands in duplicate (2 deals heads-up, each dealt twice)",
        "4 hands; this command played 4 hands in 2.0 s (2 hands/s), on this process",
        "heads-up: the row player's mbb/hand",
        "",
        "                       calling-station   calling-station #2",
        " " + "─" * 59,
        "  calling-station                                    +0 ± 0",
        "  calling-station #2            +0 ± 0",
        "",
        "ranking",
        "",
        "      player               heads-up mbb/hand",
        " " + "─" * 44,
        "  1   calling-station                 +0 ± 0",
        "  2   calling-station #2              +0 ± 0",
        "",
        *(line.format(bb=4) for line in LEAGUE_NOTE),
        f"results: {db} (run 1)",
    ]
    from pokerroom.storage.results import ResultsDB

    with ResultsDB(db) as results:
        (stored,) = results.runs("league")
        assert (stored.games, stored.done) == (4, 4)  # 2 deals, each a session in 2 seatings


@pytest.mark.usefixtures("bar")
def test_a_league_of_three_calling_stations_plays_the_field_once_a_deal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Three players: three pairs and the field, 4 matches; 3 hands are 2 deals heads-up
    (12 hands) and 1 deal of the field, dealt in its 3 seatings (3 hands): 15 hands. One
    set of the field gives no interval: +0 alone."""
    code, out, err = run(capsys, "league", *TWO, "--player", "calling-station", "--hands", "3",
                         "--set", "blinds=[5,10]", "--set", "buy_in=1000")  # fmt: skip
    assert (code, err) == (0, "")
    lines = _lines(out)
    assert lines[:2] == [
        "league of 3 players, no-limit rules (no limit (minimum bet 10), blinds 5/10), seed 4: "
        "4 matches of 3 hands in duplicate (2 deals heads-up, each dealt twice)",
        "15 hands; this command played 15 hands in 2.0 s (8 hands/s), on this process",
    ]
    assert lines[2:10] == [
        "heads-up: the row player's mbb/hand",
        "",
        "                       calling-station   calling-station #2   calling-station #3",
        " " + "─" * 80,
        "  calling-station                                    +0 ± 0               +0 ± 0",
        "  calling-station #2            +0 ± 0                                    +0 ± 0",
        "  calling-station #3            +0 ± 0               +0 ± 0",
        "",
    ]
    assert lines[10:18] == [
        "ranking",
        "",
        "      player               heads-up mbb/hand   full table (3) mbb/hand",
        " " + "─" * 70,
        "  1   calling-station                 +0 ± 0                        +0",
        "  2   calling-station #2              +0 ± 0                        +0",
        "  3   calling-station #3              +0 ± 0                        +0",
        "",
    ]
    assert lines[18:] == [line.format(bb=10) for line in LEAGUE_NOTE]
    code, out, err = run(capsys, "league", *TWO, "--player", "calling-station", "--hands", "3",
                         "--no-field")  # fmt: skip
    assert (code, err) == (0, "")
    lines = _lines(out)
    assert lines[:2] == [
        "league of 3 players, no-limit rules (no limit (minimum bet 4), blinds 2/4), seed 4: "
        "3 matches of 3 hands in duplicate (2 deals heads-up, each dealt twice)",
        "12 hands; this command played 12 hands in 2.0 s (6 hands/s), on this process",
    ]
    assert lines[10:13] == ["ranking", "", "      player               heads-up mbb/hand"]


def _league_results(*, aivat: bool) -> Any:
    """Results of a league of random (0), calling-station (1) and rule-based (2): the pairs
    0-1, 0-2, 1-2 and the field, with numbers chosen to show every way a cell is written."""
    from pokerroom.tournament.league import LeagueResults, Match, MatchResult, Ranked
    from pokerroom.tournament.stats import Estimate

    def e(value: float, half: float | None = None) -> Estimate:
        if half is None:
            return Estimate(value, NAN, NAN, 1)
        return Estimate(value, value - half, value + half, 500)

    def plain(results: dict[int, Estimate]) -> dict[int, Estimate] | None:
        if not aivat:
            return None
        return {k: e(v.value, 1000.4) if k != 2 else e(v.value) for k, v in results.items()}

    pairs = {(0, 1): {0: e(1234.4, 234.2), 1: e(-1234.4, 234.2)},
             (0, 2): {0: e(-50.0), 2: e(50.0)},
             (1, 2): {1: e(0.4, 9.6), 2: e(-0.4, 9.6)}}  # fmt: skip
    matches = [MatchResult(Match(i, group, "-", 500), results, 500, plain(results))
               for i, (group, results) in enumerate(pairs.items())]  # fmt: skip
    field = {0: e(100.0, 50.0), 1: e(-60.0), 2: e(-40.0, 50.0)}
    matches.append(MatchResult(Match(3, (0, 1, 2), "the field (3 players)", 334), field, 334))
    ranking = [
        Ranked(0, "random", e(592.2, 192.0), field[0], 0, e(575.0, 700.0) if aivat else None),
        Ranked(2, "rule-based", e(24.8), field[2], 0, e(25.0) if aivat else None),
        Ranked(1, "calling-station", e(-617.0, 183.0), field[1], 12345,
               e(-617.0, 800.0) if aivat else None),
    ]  # fmt: skip
    return LeagueResults(matches, ranking)


THREE = ["--players", "random,calling-station,rule-based", "--rules", "no-limit", "--seed", "7",
         "--workers", "1", "--hands", "1000"]  # fmt: skip


def _stand_in(monkeypatch: pytest.MonkeyPatch, results: Any) -> list[int]:
    """Nothing played; the league's results are ``results`` (the sessions it was given
    counted in the list returned)."""
    from pokerroom.cli.runs import Run
    from pokerroom.tournament.league import League

    given: list[int] = []

    def play(self: Run) -> list[Any]:
        given.append(len(self.tasks))
        return []

    monkeypatch.setattr(Run, "play", play)
    monkeypatch.setattr(League, "results", lambda self, records: results)
    return given


def test_league_tables_word_for_word(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    given = _stand_in(monkeypatch, _league_results(aivat=False))
    code, out, err = run(capsys, "league", *THREE)
    # 3 pairs of 500 deals in 1 session, each in 2 seatings; the field's 334 in 1, in 3
    assert (code, err, given) == (0, "", [3 * 2 + 3])
    assert _lines(out) == [
        "league of 3 players, no-limit rules (no limit (minimum bet 4), blinds 2/4), seed 7: "
        "4 matches of 1,000 hands in duplicate (500 deals heads-up, each dealt twice)",
        "0 hands; this command played 0 hands in 0.0 s",
        "heads-up: the row player's mbb/hand",
        "",
        "                          random   calling-station   rule-based",
        " " + "─" * 63,
        "  random                              +1,234 ± 234          -50",
        "  calling-station   -1,234 ± 234                        +0 ± 10",
        "  rule-based                 +50           -0 ± 10",
        "",
        "ranking",
        "",
        "      player            heads-up mbb/hand   full table (3) mbb/hand   faults",
        " " + "─" * 76,
        "  1   random                   +592 ± 192                 +100 ± 50        0",
        "  2   rule-based                      +25                  -40 ± 50        0",
        "  3   calling-station          -617 ± 183                       -60   12,345",
        "",
        *(line.format(bb=4) for line in LEAGUE_NOTE),
    ]


def test_league_with_aivat_shows_the_plain_interval_beside_and_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    given = _stand_in(monkeypatch, _league_results(aivat=True))
    code, out, err = run(capsys, "league", *THREE, "--aivat", "--session", "200")
    # 3 pairs of 500 deals in 3 sessions, each in 2 seatings; the field's 334 in 2, in 3
    assert (code, err, given) == (0, "", [3 * 3 * 2 + 2 * 3])
    assert _lines(out)[2:] == [
        "heads-up: the row player's mbb/hand",
        "",
        "                             random   calling-station        rule-based",
        " " + "─" * 71,
        "  random                                 +1,234 ± 234               -50",
        "                                      (plain ± 1,000)   (plain ± 1,000)",
        "  calling-station      -1,234 ± 234                             +0 ± 10",
        "                    (plain ± 1,000)                     (plain ± 1,000)",
        "  rule-based                    +50           -0 ± 10",
        "",
        "ranking",
        "",
        "      player                   heads-up mbb/hand   full table (3) mbb/hand   faults",
        " " + "─" * 83,
        "  1   random            +592 ± 192 (plain ± 700)                 +100 ± 50        0",
        "  2   rule-based                             +25                  -40 ± 50        0",
        "  3   calling-station   -617 ± 183 (plain ± 800)                       -60   12,345",
        "",
        *(line.format(bb=4) for line in LEAGUE_NOTE),
        *AIVAT_NOTE,
    ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--aivat", "--resume"],
         "--aivat cannot --resume: the database keeps no corrected results"),
        (["--aivat", "--resume", "--db", "l.db"],
         "--aivat cannot --resume: the database keeps no corrected results"),
        (["--aivat", "--set", 'wild="2"'],
         "--aivat: AIVAT here needs a standard deck: these rules have wild cards"),
        (["--hands", "0"],
         "argument --hands: a whole number of hands from 1 to 1,000,000, not '0'"),
        (["--hands", "1000001"],
         "argument --hands: a whole number of hands from 1 to 1,000,000, not '1000001'"),
        (["--session", "0"],
         "argument --session: a whole number of deals from 1 to 1,000,000, not '0'"),
        (["--hands", "1000000", "--session", "9"],
         "--hands 1,000,000 in sessions of --session 9 deals make 111,112 sessions: at most "
         "100,000 (give a larger --session)"),
        (["--set", "players=3"], "2 seats, but the rules are for 3 players"),
    ],
)  # fmt: skip
def test_league_refusals_word_for_word(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str, tmp_path: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Heads-up, 1,000,000 hands are 500,000 deals: in sessions of 9, 55,556 sessions in
    each of the 2 seatings."""
    monkeypatch.chdir(tmp_path)  # (two hands a match: a refusal missed ends soon)
    code, out, err = run(capsys, "league", *TWO, "--hands", "2", *argv)
    assert (code, out, err) == (2, "", f"pokerroom league: error: {message}\n")
    assert list(tmp_path.iterdir()) == []


def test_a_league_of_as_many_sessions_as_a_run_keeps_is_played(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the bound at 4: 5 hands heads-up are 3 deals, in sessions of 2 deals 2 sessions
    (the last of 1 deal) in each of the 2 seatings, 4 in all: played; at 3, refused."""
    given = _stand_in(monkeypatch, _league_results(aivat=False))
    monkeypatch.setattr(league_cli, "_print_heads_up", lambda *args: None)
    monkeypatch.setattr(league_cli, "_print_ranking", lambda *args: None)
    monkeypatch.setattr(league_cli, "MAX_SESSIONS", 4)
    code, _, err = run(capsys, "league", *TWO, "--hands", "5", "--session", "2")
    assert (code, err, given) == (0, "", [4])
    monkeypatch.setattr(league_cli, "MAX_SESSIONS", 3)
    code, _, err = run(capsys, "league", *TWO, "--hands", "5", "--session", "2")
    assert (code, err, given) == (2, "pokerroom league: error: --hands 5 in sessions of "
                                     "--session 2 deals make 4 sessions: at most 3 (give a "
                                     "larger --session)\n", [4])  # fmt: skip


def test_the_league_is_given_every_option(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerroom.tournament.league import League

    _stand_in(monkeypatch, _league_results(aivat=False))
    monkeypatch.setattr(league_cli, "_print_heads_up", lambda *args: None)
    monkeypatch.setattr(league_cli, "_print_ranking", lambda *args: None)
    made: list[tuple[object, ...]] = []
    real = League.__init__

    def init(self: League, *args: Any, **kwargs: Any) -> None:
        real(self, *args, **kwargs)
        made.append((self.players, self.names, self.hands, self.seed, self.session,
                     self.field, self.budget, self.aivat, self.rules.buy_in))  # fmt: skip

    monkeypatch.setattr(League, "__init__", init)
    code, _, err = run(capsys, "league", *THREE, "--session", "7", "--budget", "2.5",
                       "--set", "buy_in=600")  # fmt: skip
    assert (code, err) == (0, "")
    players = ("random", "calling-station", "rule-based")
    assert made[-1] == (players, players, 1000, 7, 7, True, 2.5, False, 600)
    code, _, err = run(capsys, "league", *THREE, "--no-field", "--aivat")
    assert (code, err) == (0, "")
    assert made[-1] == (players, players, 1000, 7, 500, False, 10.0, True, 1000)


@pytest.mark.parametrize("command", ["tournament", "league"])
def test_the_hand_histories_are_kept_only_when_asked(
    command: str, capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    """Two calling stations, two hands a game or two deals of a match (four sessions of
    a hand): the log and the PHH files hold every hand when asked, and nothing is written
    without them."""
    size = ["--games", "2", "--max-hands", "2"] if command == "tournament" else [
        "--hands", "3", "--session", "1"]  # fmt: skip
    log, phh = tmp_path / "hands.txt", tmp_path / "phh"
    code, _, err = run(capsys, command, *TWO, *size)
    assert (code, err) == (0, "")
    assert list(tmp_path.iterdir()) == []
    code, _, err = run(capsys, command, *TWO, *size, "--log", str(log))
    assert (code, err) == (0, "")
    assert log.read_text().count("*** SUMMARY ***") == 4
    assert list(tmp_path.iterdir()) == [log]
    code, _, err = run(capsys, command, *TWO, *size, "--phh", str(phh))
    assert (code, err) == (0, "")
    files = sorted(phh.iterdir())
    assert len(files) == (2 if command == "tournament" else 4)
    assert sum(f.read_text().count("actions = ") for f in files) == 4
    assert log.read_text().count("*** SUMMARY ***") == 4  # not written again


@pytest.mark.usefixtures("bar")
def test_a_league_resumed_takes_the_seed_of_the_league_kept(
    capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    """--resume without --seed finds the league with these settings (not a tournament's
    run) and plays nothing again: its sessions are all kept."""
    db = tmp_path / "r.db"
    base = ["league", "--players", "calling-station,calling-station", "--rules", "no-limit",
            "--workers", "1", "--hands", "2", "--db", str(db)]  # fmt: skip
    assert run(capsys, "tournament", *TWO[:4], "--seed", "5", "--games", "1", "--max-hands",
               "1", "--workers", "1", "--db", str(db))[0] == 0  # fmt: skip
    assert run(capsys, *base, "--seed", "9")[0] == 0
    code, out, err = run(capsys, *base, "--resume")
    assert (code, err) == (0, "")
    assert "seed 9: 1 match of 2 hands" in out
    assert _lines(out)[1] == "2 hands; this command played 0 hands in 0.0 s"
    assert _lines(out)[-1] == f"results: {db} (run 2)"


def _colour(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands' console a colour terminal 100 wide."""
    from rich.console import Console

    from pokerroom.cli import console

    def terminal(*, stderr: bool = False, width: int | None = None) -> Console:
        return Console(markup=False, stderr=stderr, width=100, force_terminal=True,
                       color_system="standard")  # fmt: skip

    monkeypatch.setattr(console, "plain_console", terminal)


def test_the_notes_are_plain_text_on_a_colour_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rich would colour the numbers of a note ("95%", "1", the big blind) on a terminal;
    the notes are printed as written."""
    _colour(monkeypatch)
    _stand_in(monkeypatch, _league_results(aivat=True))
    code, out, _ = run(capsys, "league", *THREE, "--aivat")
    assert code == 0
    notes = [*(line.format(bb=4) for line in LEAGUE_NOTE), *AIVAT_NOTE]
    assert _lines(out)[-len(notes):] == notes
    code, out, _ = run(capsys, "icm", "5000", "3000", "2000", "--payouts", "50,30,20")
    assert code == 0 and _lines(out)[-2:] == ICM_NOTE
    from pokerroom.cli.console import plain_console

    tournament_cli._print_standings(plain_console(), _standings())
    assert _lines(capsys.readouterr().out)[-3:] == TOURNAMENT_NOTE


def test_places_and_counts_are_right_justified(capsys: pytest.CaptureFixture[str]) -> None:
    """Ten players and more: the places 1 to 11 right-justified, the wins and faults too."""
    import dataclasses

    from pokerroom.cli.console import plain_console
    from pokerroom.tournament.league import LeagueResults

    row = _standings()[0]
    rows = [dataclasses.replace(row, name=f"p{k}", wins=12 - k, games=11, faults=k * 100)
            for k in range(1, 12)]  # fmt: skip
    tournament_cli._print_standings(plain_console(), rows)
    lines = _lines(capsys.readouterr().out)
    assert lines[2] == ("       player    wins   win % (95%)        finish     chips/hand   "
                        "faults")  # fmt: skip
    assert lines[4] == "   1   p1       11/11    75 (20-95)   1.25 ± 0.80   +1.50 ± 0.25      100"
    assert lines[12] == "   9   p9        3/11    75 (20-95)   1.25 ± 0.80   +1.50 ± 0.25      900"
    assert lines[14] == "  11   p11       1/11    75 (20-95)   1.25 ± 0.80   +1.50 ± 0.25    1,100"
    ranked = _league_results(aivat=False).ranking[0]
    league = type("League", (), {"players": ()})()
    results = LeagueResults([], [dataclasses.replace(ranked, name=f"p{k}", faults=k * 100)
                                 for k in range(1, 12)])  # fmt: skip
    league_cli._print_ranking(plain_console(), league, results)  # type: ignore[arg-type]
    lines = _lines(capsys.readouterr().out)
    assert lines[2] == "       player   heads-up mbb/hand   faults"
    assert lines[4] == "   1   p1              +592 ± 192      100"
    assert lines[14] == "  11   p11             +592 ± 192    1,100"


def test_icm_stacks_of_other_widths_are_right_justified_and_rounded_to_even(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """12,000 and 800 for one prize of 100: the shares of the chips, 15/16 and 1/16, are
    the ICM values, 93.75 and 6.25, whose percentages to one place are 93.8 and 6.2 (a
    half rounded to the even digit)."""
    code, out, err = run(capsys, "icm", "12000", "800", "--payouts", "100")
    assert (code, err) == (0, "")
    assert _lines(out)[2:6] == [
        "  player      chips   chips %     ICM   ICM %   chip chop",
        " " + "─" * 57,
        "  Player 1   12,000      93.8   93.75    93.8       93.75",
        "  Player 2      800       6.2    6.25     6.2        6.25",
    ]


def test_icm_prints_each_stack_as_given_fractions_of_a_chip_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """1.5 and 0.5 chips were printed 2 and 0 (and 12,000.5 as 12,000): each stack is
    printed to the last digit given. 1.5 of 2 chips wins with 3/4: 0.75 of 1."""
    code, out, err = run(capsys, "icm", "1.5", "0.5", "--payouts", "1")
    assert (code, err) == (0, "")
    assert _lines(out)[4:6] == [
        "  Player 1     1.5      75.0   0.75    75.0        0.75",
        "  Player 2     0.5      25.0   0.25    25.0        0.25",
    ]
    code, out, err = run(capsys, "icm", "12,000.25", "1e-3", "3", "--payouts", "1")
    assert (code, err) == (0, "")
    assert [line.split()[2] for line in _lines(out)[4:7]] == ["12,000.25", "0.001", "3"]
    assert icm_cli._chips(Fraction(12000)) == "12,000"
    assert icm_cli._chips(Fraction(1, 8)) == "0.125"


def test_a_freeze_out_the_model_refuses_is_one_line_naming_why(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The parser keeps the players, games and hands within what a freeze-out takes; were
    it to let 15 players through, the model's refusal would be the command's."""
    specs = (tuple(["random"] * 15), tuple(f"p{k}" for k in range(15)))
    monkeypatch.setattr(tournament_cli, "player_specs", lambda args: specs)
    code, out, err = run(capsys, "tournament", "--games", "1")
    assert (code, out, err) == (
        2, "", "pokerroom tournament: error: 15 players: a freeze-out seats 2 to 14\n")
