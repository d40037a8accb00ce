"""Exact answers of ``pokerroom solve`` and ``pokerroom lbr`` (``solve lbr``), run in this
process through :func:`pokerroom.cli.main`: each option's help, metavar, type and default
word for word, every refusal word for word with its exit status, the files written and
where, the checkpoints and their resumption, the progress bars and the output of small
runs (the mutation part ``clisolve``).

The solvers, the card buckets, the games, the strategy files and the LBR match are
replaced by stand-ins that record what they are given (a solve of real hold'em takes
seconds to minutes); the clocks tick by fixed steps.
"""

from __future__ import annotations

import argparse
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import rich.console

from cli_helpers import Option, run
from pokerroom.cli import build_parser, main
from pokerroom.cli import lbr as lbr_cli
from pokerroom.cli import solve as solve_cli
from pokerroom.cli.errors import UsageError

# ---------------------------------------------------------------------------- options

SOLVE = [
    ("--game", "game", None, None, ("holdem", "holdem-nl", "kuhn", "leduc", "leduc-nl"),
     "holdem", None,
     "the game (default: hold'em, fixed limit; holdem-nl: heads-up no limit; leduc-nl: Leduc "
     "with bet sizes)"),
    ("--tremble", "tremble", None, "EPS", None, 0.0, "_tremble",
     "train in the perturbed game where every decision trembles: played as (1 - EPS) times "
     "the strategy plus EPS spread over the legal actions, so lines the strategy never takes "
     "are met with a range behind them; the strategy kept is the untrembled one (0 to 0.5, "
     "default 0: none)"),
    ("--bet-sizes", "bet_sizes", None, "SIZES", None, ((0.5, 1.0), ()), "_bet_sizes",
     "holdem-nl: the bets and raises the tree keeps besides all-in, as pot fractions: one "
     "list for every round (default 0.5,1) or four separated by /, pre-flop to river "
     "(0.5,1/0.5,1/0.5,1,1.5/0.5,1,1.5)"),
    ("--depth", "depth", None, None, None, 100, "Count(low=2, high=1000, unit='big blinds')",
     "holdem-nl: each stack in big blinds, 2 to 1000 (default 100)"),
    ("--checkpoint", "checkpoint", None, "FILE.npz", None, None,
     "OutputFile(what='a file for the checkpoint: name.npz', suffixes=('.npz',), dash=False)",
     "holdem and holdem-nl: save the solver's state here every --every iterations, and "
     "resume from it when it exists"),
    ("--rules", "rules", None, None, None, "casino-limit", "RulesArgument()",
     "--game holdem: a preset (casino-limit, computer-tournament) or a rules TOML file"),
    ("--buckets", "buckets", None, None, None, "169,32,32,32", "_sizes",
     "card buckets per round, pre-flop to river: 1 to 169 pre-flop, 1 to 250 after "
     "(default 169,32,32,32)"),
    ("--iterations", "iterations", None, None, None, 1000,
     "Count(low=1, high=1000000, unit='iterations')",
     "CFR iterations, 1 to 1,000,000 (default 1000)"),
    ("--method", "method", None, None, ("dcfr", "cfr+", "sampled", "dealt"), "dcfr", None,
     "discounted CFR (default), CFR+ (both full width: every iteration sweeps the whole "
     "tree), sampled (Monte Carlo CFR: one opponent action per node, many cheap iterations) "
     "or dealt (--game holdem or holdem-nl: each iteration --deals real deals, the buckets on "
     "their real boards and the real showdown; its progress shows the regret per deal, not "
     "an exploitability)"),
    ("--seed", "seed", None, None, None, None,
     "Seed(low=0, high=9223372036854775807, unit='')",
     "--method sampled or dealt: the random generator's seed (default 0); a checkpoint keeps "
     "the generator's state"),
    ("--deals", "deals", None, None, None, None, "Count(low=1, high=100000, unit='deals')",
     "--method dealt: the deals of each iteration, 1 to 100,000 (default 1,000)"),
    ("--every", "every", None, "N", None, None, "Count(low=1, high=1000000, unit='iterations')",
     "measure the exploitability every N iterations, 1 to 1,000,000 (default: 20 times)"),
    ("--out", "out", None, "FILE.npz", None, None,
     "OutputFile(what='a file for the strategy: name.npz', suffixes=('.npz',), dash=False)",
     "where to write the strategy"),
    ("--plot", "plot", None, "FILE.png", None, None,
     "OutputFile(what='a PNG file: name.png', suffixes=('.png',), dash=False)",
     "also plot exploitability to a PNG"),
]  # fmt: skip

LBR = [
    ("--target", "target", None, None,
     ("random", "calling-station", "rule-based", "strong", "cfr", "always-fold"), "cfr", None,
     "the bot measured (default: cfr)"),
    ("--rules", "rules", None, None, None, "casino-limit", "RulesArgument()",
     "heads-up fixed limit or no limit: a preset (casino-limit, computer-tournament, "
     "no-limit) or a rules TOML file"),
    ("--deals", "deals", None, None, None, 1000, "Count(low=1, high=1000000, unit='deals')",
     "deals, each played twice with the seats swapped, 1 to 1,000,000 (default 1000)"),
    ("--samples", "samples", None, None, None, 64,
     "Count(low=1, high=10000, unit='hands sampled')",
     "hands sampled a deal to model a black-box bot, 1 to 10,000 (default 64)"),
    ("--seed", "seed", None, None, None, 1, "Seed(low=0, high=9223372036854775807, unit='')",
     "the match's seed (default 1)"),
    ("--abstract", "abstract", 0, None, None, False, None,
     "first measure the shipped strategy's best response and local best response in its own "
     "abstract game (exact)"),
    ("--aivat", "aivat", 0, None, None, False, None,
     "correct each hand for the luck of the cards (and of the target's draws where its "
     "strategy is known), as pokerroom league --aivat does: the same expectation, a "
     "narrower interval"),
]  # fmt: skip

LBR_DESCRIPTION = (
    "Local best response (Lisý and Bowling 2017) plays a heads-up fixed-limit or no-limit "
    "(fold, call, pot, all-in) duplicate match against a bot, as pokerroom league plays one; "
    "what it wins (mbb/hand, 95% interval) is a lower bound on the bot's exploitability. "
    "Against cfr it reads the shipped strategy exactly (in fixed limit, and in no limit with "
    "stacks of 100 to 200 big blinds); any other bot is a black box whose range is sampled "
    "by asking copies of it what they would do with other cards."
)
SOLVE_DESCRIPTION = (
    "Counterfactual regret minimisation on an abstraction of heads-up hold'em: in fixed "
    "limit the engine's betting tree under the rules, in no limit (--game holdem-nl) a few "
    "bet sizes and all-in; card buckets per round (built once and cached). Kuhn and Leduc "
    "poker are solved whole, without abstraction. The progress bar shows the exploitability "
    "of the average strategy in the abstract game (with --method dealt, which plays real "
    "deals, its regret per deal)."
)


def _subcommands(parser: argparse.ArgumentParser) -> argparse._SubParsersAction[Any]:
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return sub


def _options(parser: argparse.ArgumentParser) -> list[Option]:
    found: list[Option] = []
    for a in parser._actions:
        if isinstance(a, argparse._HelpAction | argparse._SubParsersAction):
            continue
        kind = a.type
        typed = None if kind is None else getattr(kind, "__name__", None) or repr(kind)
        assert a.required is False
        found.append(("/".join(a.option_strings), a.dest, a.nargs, a.metavar, a.choices,
                      a.default, typed, a.help))  # fmt: skip
    return found


def test_solve_and_lbr_say_word_for_word_what_they_take() -> None:
    top = _subcommands(build_parser())
    helps = {a.dest: a.help for a in top._choices_actions}
    solve, lbr = top.choices["solve"], top.choices["lbr"]
    assert helps["solve"] == "solve heads-up hold'em, fixed or no limit (or Kuhn, Leduc) with CFR"
    assert helps["lbr"] == "the same as pokerroom solve lbr (an alias)"
    assert (solve.description, solve.epilog) == (SOLVE_DESCRIPTION, None)
    assert _options(solve) == SOLVE
    assert solve.get_default("func") is solve_cli._cmd_solve
    # solve's own commands: solve lbr, which is pokerroom lbr under another name
    more = _subcommands(solve)
    assert (more.dest, more.metavar, more.required) == ("solve_command", "COMMAND", False)
    assert list(more.choices) == ["lbr"]
    assert [(a.dest, a.help) for a in more._choices_actions] == [
        ("lbr", "local best response against a bot: at least how much it can be beaten")]
    assert "\ncommands:\n  without one, solve runs CFR\n\n  COMMAND\n" in solve.format_help()
    for parser in (lbr, more.choices["lbr"]):
        assert (parser.description, parser.epilog) == (LBR_DESCRIPTION, None)
        assert _options(parser) == LBR
        assert parser.get_default("func") is lbr_cli._cmd_lbr
    assert more.choices["lbr"].prog == "pokerroom solve lbr"
    kinds = {"/".join(a.option_strings): type(a).__name__ for a in lbr._actions}
    assert (kinds["--abstract"], kinds["--aivat"]) == ("_StoreTrueAction", "_StoreTrueAction")


@pytest.mark.parametrize(("given", "refused"), [
    (["--game", "kuhn", "--depth", "20"], "--depth is for --game holdem-nl, not --game kuhn"),
    (["--depth", "100"], "--depth is for --game holdem-nl, not --game holdem"),
    (["--game", "leduc-nl", "--bet-sizes", "1"],
     "--bet-sizes is for --game holdem-nl, not --game leduc-nl"),
    (["--bet-sizes", "0.5,1"], "--bet-sizes is for --game holdem-nl, not --game holdem"),
    (["--game", "holdem-nl", "--rules", "no-limit", "--out", "s.npz"],
     "--rules is for --game holdem, not --game holdem-nl (its stacks are --depth's)"),
    (["--game", "leduc", "--rules", "casino-limit"],
     "--rules is for --game holdem, not --game leduc"),
    (["--game", "kuhn", "--buckets", "8,8,8,8"],
     "--buckets is for hold'em (holdem, holdem-nl), not --game kuhn"),
    (["--game", "leduc-nl", "--buckets", "169,32,32,32"],
     "--buckets is for hold'em (holdem, holdem-nl), not --game leduc-nl"),
])  # fmt: skip
def test_an_option_given_for_a_game_it_does_not_shape_is_refused_not_ignored(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    given: list[str], refused: str,
) -> None:
    """Its default value given in so many words too: nothing is solved, nothing written."""
    monkeypatch.setattr(solve_cli, "_toy", _never)
    monkeypatch.setattr(solve_cli, "_holdem", _never)
    monkeypatch.setattr(solve_cli, "_holdem_nl", _never)
    assert run(capsys, "solve", *given) == (2, "", f"pokerroom solve: error: {refused}\n")


def test_the_options_of_each_game_are_taken_for_it(monkeypatch: pytest.MonkeyPatch) -> None:
    taken: list[tuple[str, object]] = []
    for name in ("_toy", "_holdem", "_holdem_nl"):
        monkeypatch.setattr(solve_cli, name, lambda console, args, name=name: taken.append(
            (name, args.given if hasattr(args, "given") else None)) or 0)
    for given in (["--game", "holdem-nl", "--depth", "20", "--bet-sizes", "1",
                   "--buckets", "8,8,8,8", "--out", "s.npz"],
                  ["--rules", "computer-tournament", "--buckets", "8,8,8,8", "--out", "s.npz"],
                  ["--game", "kuhn"]):  # fmt: skip
        assert main(["solve", *given]) == 0
    assert taken == [("_holdem_nl", {"depth", "bet_sizes", "buckets"}),
                     ("_holdem", {"rules", "buckets"}), ("_toy", None)]  # fmt: skip


def _never(console: object, args: object) -> int:
    raise AssertionError("solved though an option was refused")


def test_solve_without_options_reads_its_defaults() -> None:
    args = build_parser().parse_args(["solve"])
    assert (args.game, args.method, args.iterations, args.every, args.seed, args.deals) == (
        "holdem", "dcfr", 1000, None, None, None)
    assert (args.buckets, args.bet_sizes, args.depth, args.tremble) == (
        (169, 32, 32, 32), ((0.5, 1.0), ()), 100, 0.0)
    assert (str(args.rules), args.checkpoint, args.out, args.plot) == (
        "casino-limit", None, None, None)
    assert args.solve_command is None
    args = build_parser().parse_args(["lbr"])
    assert (args.target, str(args.rules), args.deals, args.samples, args.seed) == (
        "cfr", "casino-limit", 1000, 64, 1)
    assert (args.abstract, args.aivat) == (False, False)


# ---------------------------------------------------------------------------- argument types


@pytest.mark.parametrize(
    ("text", "sizes"),
    [("8,8,8,8", (8, 8, 8, 8)), ("169,250,250,250", (169, 250, 250, 250)),
     ("1,1,1,1", (1, 1, 1, 1)), (" 3 , 4,5 ,6", (3, 4, 5, 6)), ("00008,8,8,8", (8, 8, 8, 8))],
)  # fmt: skip
def test_buckets_read_four_counts_in_their_bounds(text: str, sizes: tuple[int, ...]) -> None:
    assert solve_cli._sizes(text) == sizes


ACCEPTS = "four numbers like 8,8,8,8, one per round: 1 to 169 pre-flop, 1 to 250 in later rounds"


@pytest.mark.parametrize(
    "text",
    ["8,8,8", "8,8,8,8,8", "170,8,8,8", "8,251,8,8", "8,8,251,8", "8,8,8,251", "0,8,8,8",
     "8,0,8,8", "8,8,0,8", "8,8,8,0", "8,x,8,8", "8,8,8,", "8,8,8,123456", "-1,8,8,8", "",
     "000008,8,8,8"],
)  # fmt: skip
def test_buckets_out_of_their_bounds_are_refused_word_for_word(text: str) -> None:
    """A count has at most 5 digits (``00008`` is 8, ``000008`` too many)."""
    with pytest.raises(argparse.ArgumentTypeError) as refused:
        solve_cli._sizes(text)
    assert str(refused.value) == f"{ACCEPTS}, not {text!r}"


@pytest.mark.parametrize(("text", "value"), [("0", 0.0), ("0.5", 0.5), ("0.01", 0.01),
                                             ("-0", 0.0), (" 0.25 ", 0.25)])
def test_tremble_reads_a_probability_up_to_a_half(text: str, value: float) -> None:
    assert solve_cli._tremble(text) == value


@pytest.mark.parametrize("text", ["0.5000001", "-0.01", "1", "nan", "inf", "x", ""])
def test_tremble_out_of_its_bounds_is_refused_word_for_word(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as refused:
        solve_cli._tremble(text)
    assert str(refused.value) == f"a probability from 0 to 0.5, not {text!r}"


@pytest.mark.parametrize(
    ("text", "sizes"),
    [("0.5,1", ((0.5, 1.0), ())), ("1,0.5", ((1.0, 0.5), ())), ("10", ((10.0,), ())),
     ("0.5,1/0.5,1/0.5,1,1.5/0.5,1,1.5", ((0.5, 1.0, 1.5), ((0, 1), (0, 1), (0, 1, 2),
                                                           (0, 1, 2)))),
     ("1.5/1,0.5/1/2", ((1.5, 1.0, 0.5, 2.0), ((0,), (1, 2), (1,), (3,)))),
     ("0.001/0.001/0.001/0.001", ((0.001,), ((0,), (0,), (0,), (0,))))],
)  # fmt: skip
def test_bet_sizes_read_the_fractions_once_and_each_rounds_indices(
    text: str, sizes: solve_cli.BetSizes
) -> None:
    assert solve_cli._bet_sizes(text) == sizes


BET_ACCEPTS = ("pot fractions above 0 and at most 10 like 0.5,1 (every round) or four lists "
               "like 0.5,1/0.5,1/0.5,1,1.5/0.5,1,1.5 (pre-flop to river)")


@pytest.mark.parametrize(
    "text",
    ["0", "10.01", "-1", "0.5,0.5", "a", "", "0.5,,1", "0.5/1", "0.5/1/1", "0.5/1/1/1/1",
     "nan", "1/1/1/0", "1/1/1/1,1", "1/1//1"],
)  # fmt: skip
def test_bet_sizes_out_of_their_bounds_are_refused_word_for_word(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as refused:
        solve_cli._bet_sizes(text)
    assert str(refused.value) == f"{BET_ACCEPTS}, not {text!r}"


# ---------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seed", "1"], "--seed is for --method sampled or dealt, not --method dcfr"),
        (["--seed", "1", "--method", "cfr+", "--tremble", "0.1", "--deals", "3"],
         "--seed is for --method sampled or dealt, not --method cfr+"),
        (["--tremble", "0.1", "--method", "sampled", "--deals", "3"],
         "--tremble is for the full-width methods (dcfr, cfr+), not --method sampled"),
        (["--tremble", "0.1", "--method", "dealt"],
         "--tremble is for the full-width methods (dcfr, cfr+), not --method dealt"),
        (["--deals", "3", "--method", "sampled", "--game", "kuhn"],
         "--deals is for --method dealt, not --method sampled"),
        (["--deals", "3"], "--deals is for --method dealt, not --method dcfr"),
        (["--method", "dealt", "--game", "kuhn"],
         "--method dealt deals hold'em (--game holdem or holdem-nl), not --game kuhn"),
        (["--method", "dealt", "--game", "leduc-nl", "--out", "s.npz"],
         "--method dealt deals hold'em (--game holdem or holdem-nl), not --game leduc-nl"),
        (["--game", "holdem-nl"], "give --out FILE.npz for the strategy"),
        (["--game", "holdem-nl", "--method", "dealt", "--checkpoint", "c.npz"],
         "give --out FILE.npz for the strategy"),
        (["--game", "leduc", "--checkpoint", "c.npz", "--out", "s.npz"],
         "--checkpoint is for hold'em (holdem, holdem-nl), not --game leduc"),
        (["--game", "kuhn", "--out", "s.npz"], "--out and --plot are for hold'em, not --game kuhn"),
        (["--game", "leduc-nl", "--plot", "p.png"],
         "--out and --plot are for hold'em, not --game leduc-nl"),
        ([], "give --out FILE.npz for the strategy"),
        (["--checkpoint", "c.npz", "--plot", "p.png"], "give --out FILE.npz for the strategy"),
    ],
)  # fmt: skip
def test_solve_refusals_word_for_word(
    stage: Stage, capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str],
    message: str,
) -> None:  # fmt: skip
    """(With the stand-ins: a mutant that let one through would not solve for minutes.)"""
    assert run(capsys, "solve", *argv) == (2, "", f"pokerroom solve: error: {message}\n")
    assert list(tmp_path.iterdir()) == []
    assert stage.calls == []


def test_solve_refuses_rules_it_has_no_tree_for_before_any_work(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "solve", "--rules", "no-limit", "--out", "s.npz") == (
        2, "", "pokerroom solve: error: no heads-up fixed-limit betting tree: the betting is "
        "no-limit, not fixed-limit\n")  # fmt: skip
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--tremble", "0.6"], "argument --tremble: a probability from 0 to 0.5, not '0.6'"),
        (["--buckets", "8,8"], f"argument --buckets: {ACCEPTS}, not '8,8'"),
        (["--bet-sizes", "0"], f"argument --bet-sizes: {BET_ACCEPTS}, not '0'"),
        (["--depth", "1"], "argument --depth: a whole number of big blinds from 2 to 1,000, "
         "not '1'"),
        (["--deals", "100001"], "argument --deals: a whole number of deals from 1 to "
         "100,000, not '100001'"),
        (["--iterations", "1000001"], "argument --iterations: a whole number of iterations "
         "from 1 to 1,000,000, not '1000001'"),
        (["--game", "omaha"], "argument --game: invalid choice: 'omaha' (choose from "
         "'holdem', 'holdem-nl', 'kuhn', 'leduc', 'leduc-nl')"),
        (["--out", "s.txt"], "argument --out: 's.txt': the name must end in .npz (give a file "
         "for the strategy: name.npz)"),
        (["--out", "no/such/folder/s.npz"], "argument --out: 'no/such/folder/s.npz': no "
         "folder 'no/such/folder' (give a file for the strategy: name.npz)"),
    ],
)  # fmt: skip
def test_solve_refuses_bad_values_by_their_option(
    stage: Stage, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "solve", *argv)
    assert (code, out) == (2, "")
    assert err.endswith(f"pokerroom solve: error: {message}\n")


def test_the_solver_of_a_method_is_refused_in_one_line_when_unknown() -> None:
    from pokerroom.solver.toys import kuhn

    args = argparse.Namespace(method="nope", seed=None, tremble=0.0)
    with pytest.raises(UsageError) as refused:
        solve_cli._solver(kuhn(), args)
    assert str(refused.value) == "no CFR method 'nope' (methods: cfr+, dcfr, sampled)"


# ---------------------------------------------------------------------------- stand-ins


class FakeSolver:
    """A solver whose progress is ``1 / (iterations + 1)`` chips and whose checkpoint is
    its iterations and method."""

    def __init__(self, game: object, method: str, progress_name: str = "exploitability") -> None:
        self.game = game
        self.method = types.SimpleNamespace(name=method)
        self.progress_name = progress_name
        self.iterations = 0
        self.runs: list[int] = []

    def run(self, iterations: int) -> None:
        self.runs.append(iterations)
        self.iterations += iterations

    def progress(self) -> float:
        return 1.0 / (self.iterations + 1)

    def value(self) -> float:
        return -1 / 18

    def checkpoint(self) -> dict[str, np.ndarray]:
        return {"iterations": np.array(self.iterations), "method": np.array(self.method.name)}

    def resume(self, state: dict[str, np.ndarray]) -> None:
        if str(state["method"]) != self.method.name:
            raise ValueError(f"a checkpoint of {state['method']}, not {self.method.name}")
        self.iterations = int(state["iterations"])


class FakeStrategy:
    SIZE = 1_995_000  # 1.995 MB: said as 2.00

    def __init__(self, *args: object, **kwargs: object) -> None:
        self.args, self.kwargs = args, kwargs

    def save(self, path: str) -> None:
        with open(path, "wb") as f:
            f.truncate(self.SIZE)


class Bars:
    """Rich's Progress replaced: what each bar is made with and told."""

    def __init__(self) -> None:
        self.made: list[dict[str, Any]] = []

    def __call__(self, *columns: Any, console: object = None, transient: bool = False) -> Any:
        bars = self

        class Bar:
            def __init__(self) -> None:
                self.record: dict[str, Any] = {
                    "columns": [type(c).__name__ + (f" {c.text_format}" if hasattr(
                        c, "text_format") else "") for c in columns],
                    "console": console, "transient": transient, "events": []}  # fmt: skip
                bars.made.append(self.record)

            def __enter__(self) -> Bar:
                return self

            def __exit__(self, *exc: object) -> None:
                self.record["events"].append(("exit",))

            def add_task(self, description: str, **fields: Any) -> int:
                self.record["events"].append(("add", description, fields))
                return len(self.record["events"])

            def update(self, task: int, **fields: Any) -> None:
                self.record["events"].append(("update", task, fields))

        return Bar()


class Stage:
    """Every stand-in the commands meet, and what they were given."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import rich.progress

        from pokerroom.solver import (
            betting,
            deals,
            files,
            holdem,
            nlholdem,
            nlstrategy,
            sampling,
            strategy,
        )

        self.calls: list[tuple[object, ...]] = []
        self.solvers: list[FakeSolver] = []
        self.bars = Bars()
        self.ticks = 0
        monkeypatch.setattr(rich.progress, "Progress", self.bars)
        monkeypatch.setattr(solve_cli, "time", types.SimpleNamespace(perf_counter=self.clock))
        monkeypatch.setattr(sampling, "make_solver", self.make_solver)
        monkeypatch.setattr(deals, "DealtSolver", self.dealt_solver)
        monkeypatch.setattr(deals, "HoldemDealer", lambda a: ("dealer", a))
        monkeypatch.setattr(files, "abstraction_for", self.abstraction_for)
        monkeypatch.setattr(betting, "betting_tree", self.betting_tree)
        monkeypatch.setattr(holdem, "holdem_game", self.holdem_game)
        monkeypatch.setattr(nlholdem, "betting", self.betting)
        monkeypatch.setattr(nlholdem, "holdem_no_limit", self.holdem_no_limit)
        monkeypatch.setattr(strategy, "Strategy", self.strategy_class("Strategy"))
        monkeypatch.setattr(nlstrategy, "NoLimitStrategy", self.strategy_class("NoLimit"))

    def clock(self) -> float:
        """1.5 s a reading."""
        self.ticks += 1
        return 1.5 * self.ticks

    def make_solver(self, game: object, method: str, seed: int = 0, *,
                    tremble: float = 0.0) -> FakeSolver:  # fmt: skip
        self.calls.append(("make_solver", game, method, seed, tremble))
        self.solvers.append(FakeSolver(game, method))
        return self.solvers[-1]

    def dealt_solver(self, game: object, dealer: object, **kwargs: object) -> FakeSolver:
        self.calls.append(("DealtSolver", game, dealer, kwargs))
        self.solvers.append(FakeSolver(game, "dealt", "regret per deal"))
        return self.solvers[-1]

    def abstraction_for(self, sizes: tuple[int, ...], progress: Any = None) -> object:
        self.calls.append(("abstraction_for", sizes, progress is not None))
        if progress is not None:
            progress("flop", 1, 3)
            progress("flop", 3, 3)
            progress("turn", 2, 2)
        return ("abstraction", sizes)

    def betting_tree(self, rules: object) -> object:
        self.calls.append(("betting_tree", str(rules), getattr(rules, "players", None)))
        return types.SimpleNamespace(decisions=6378, big_blind=4, rules=rules)

    def holdem_game(self, tree: object, abstraction: object) -> object:
        self.calls.append(("holdem_game", abstraction))
        return types.SimpleNamespace(name="limit stand-in", decisions=1_234_567)

    def betting(self, *args: object) -> object:
        self.calls.append(("betting", *args))
        return "no-limit tree"

    def holdem_no_limit(self, betting: object, abstraction: object) -> tuple[object, object]:
        self.calls.append(("holdem_no_limit", betting, abstraction))
        game = types.SimpleNamespace(name="no-limit stand-in", decisions=7_654_321)
        return game, types.SimpleNamespace(public=types.SimpleNamespace(decisions=4321))

    def strategy_class(self, name: str) -> type:
        stage = self

        class Made(FakeStrategy):
            @classmethod
            def from_solver(cls, *args: object, **kwargs: object) -> FakeStrategy:
                stage.calls.append((f"{name}.from_solver", args, kwargs))
                return cls(*args, **kwargs)

        return Made

    def called(self, name: str) -> list[tuple[object, ...]]:
        return [c[1:] for c in self.calls if c[0] == name]


@pytest.fixture
def stage(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Stage]:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "80")
    yield Stage(monkeypatch)


def _solve_bar(columns_name: str, label: str) -> list[str]:
    return [f"TextColumn {columns_name}", "BarColumn", "MofNCompleteColumn",
            f"TextColumn {label} {{task.fields[exploit]}}", "TimeElapsedColumn",
            "TimeRemainingColumn"]  # fmt: skip


# ---------------------------------------------------------------------------- the toy games


def test_solve_kuhn_prints_its_table_and_value_word_for_word(
    stage: Stage, capsys: pytest.CaptureFixture[str]
) -> None:
    """The progress is 1/3, 1/5 and 1/6 chips at 2, 4 and 5 iterations (measured every 2,
    then the 1 left), each 1.5 s after the last reading of the clock."""
    code, out, err = run(capsys, "solve", "--game", "kuhn", "--iterations", "5", "--every", "2")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "                   Kuhn poker, dcfr                   ",
        "┏━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━┓",
        "┃ iterations ┃ exploitability (chips/game) ┃ seconds ┃",
        "┡━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━┩",
        "│          2 │                      0.3333 │   1.5 s │",
        "│          4 │                         0.2 │   3.0 s │",
        "│          5 │                      0.1667 │   4.5 s │",
        "└────────────┴─────────────────────────────┴─────────┘",
        "game value for player 0: -0.0556",
    ]
    ((game, method, seed, tremble),) = stage.called("make_solver")
    assert (game.name, method, seed, tremble) == ("kuhn", "dcfr", 0, 0.0)  # type: ignore[attr-defined]
    assert stage.solvers[0].runs == [2, 2, 1]
    (bar,) = stage.bars.made
    assert bar["columns"] == _solve_bar("dcfr", "exploitability")
    assert bar["transient"] is True and bar["console"] is not None
    assert bar["events"] == [
        ("add", "cfr", {"total": 5, "exploit": "…", "completed": 0}),
        ("update", 1, {"completed": 2, "exploit": "0.3333 chips/game"}),
        ("update", 1, {"completed": 4, "exploit": "0.2 chips/game"}),
        ("update", 1, {"completed": 5, "exploit": "0.1667 chips/game"}),
        ("exit",),
    ]


@pytest.mark.parametrize(
    ("argv", "name", "method", "seed", "tremble"),
    [(["--game", "leduc"], "leduc", "dcfr", 0, 0.0),
     (["--game", "leduc-nl", "--method", "cfr+", "--tremble", "0.25"], "leduc-no-limit-12",
      "cfr+", 0, 0.25),
     (["--game", "kuhn", "--method", "sampled", "--seed", "17"], "kuhn", "sampled", 17, 0.0),
     (["--game", "kuhn", "--method", "sampled"], "kuhn", "sampled", 0, 0.0)],
)  # fmt: skip
def test_solve_toys_name_their_game_and_method(
    stage: Stage, capsys: pytest.CaptureFixture[str], argv: list[str], name: str, method: str,
    seed: int, tremble: float,
) -> None:  # fmt: skip
    code, out, _ = run(capsys, "solve", *argv, "--iterations", "1")
    assert code == 0
    title = {"leduc": "Leduc hold'em", "leduc-no-limit-12": "Leduc hold'em with bet sizes",
             "kuhn": "Kuhn poker"}[name]  # fmt: skip
    assert out.splitlines()[0].strip() == f"{title}, {method}"
    ((game, *given),) = stage.called("make_solver")
    assert [game.name, *given] == [name, method, seed, tremble]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("iterations", "runs"), [(10, [1] * 10), (45, [2] * 22 + [1]),
                                                  (40, [2] * 20), (39, [1] * 39)])
def test_solve_measures_twenty_times_without_every(
    stage: Stage, capsys: pytest.CaptureFixture[str], iterations: int, runs: list[int]
) -> None:
    assert run(capsys, "solve", "--game", "kuhn", "--iterations", str(iterations))[0] == 0
    assert stage.solvers[0].runs == runs


def test_solve_kuhn_for_real_gives_the_game_value() -> None:
    """Kuhn poker's value for the first player is -1/18 (Kuhn 1950)."""
    from pokerroom.solver.toys import kuhn

    args = argparse.Namespace(method="dcfr", seed=None, tremble=0.0)
    solver = solve_cli._solver(kuhn(), args)
    solver.run(400)
    assert solver.value() == pytest.approx(-1 / 18, abs=1e-3)


# ---------------------------------------------------------------------------- fixed limit

LONG = "a-strategy-file-with-a-name-long-enough-that-its-line-is-wider-than-the-console.npz"


def test_solve_holdem_word_for_word(stage: Stage, capsys: pytest.CaptureFixture[str]) -> None:
    """The buckets built with a bar of their own (1.5 s), the tree and the game, the table
    in mbb/hand (the stand-in tree's big blind is 4 chips: 1/3 chips is 83.33 mbb), the
    file and its size; every line as long as it is, not wrapped."""
    code, out, err = run(capsys, "solve", "--buckets", "8,8,8,8", "--iterations", "4",
                         "--every", "2", "--out", LONG, "--method", "cfr+")  # fmt: skip
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "card buckets 8,8,8,8 ready in 1.5 s",
        "limit stand-in: 6,378 betting decisions, 1,234,567 information sets (both players)",
        "    fixed limit 2/4, blinds 1/2, raise cap 3     ",  # the title wrapped to the table
        "         heads-up, buckets 8,8,8,8, cfr+         ",
        "┏━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━┓",
        "┃ iterations ┃ exploitability (mbb/h) ┃ seconds ┃",
        "┡━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━┩",
        "│          2 │                  83.33 │   1.5 s │",
        "│          4 │                     50 │   3.0 s │",
        "└────────────┴────────────────────────┴─────────┘",
        f"wrote {LONG} (2.00 MB)",
    ]
    assert Path(LONG).stat().st_size == FakeStrategy.SIZE
    assert stage.called("abstraction_for") == [((8, 8, 8, 8), True)]
    assert stage.called("betting_tree") == [("fixed limit 2/4, blinds 1/2, raise cap 3", 2)]
    assert stage.called("holdem_game") == [(("abstraction", (8, 8, 8, 8)),)]
    ((game, method, seed, tremble),) = stage.called("make_solver")
    assert (game.name, method, seed, tremble) == ("limit stand-in", "cfr+", 0, 0.0)  # type: ignore[attr-defined]
    ((args, kwargs),) = stage.called("Strategy.from_solver")
    rules, tree, abstraction, solver, history = args  # type: ignore[misc]
    assert (str(rules), rules.players, tree.decisions, abstraction, solver, kwargs) == (
        "fixed limit 2/4, blinds 1/2, raise cap 3", 2, 6378, ("abstraction", (8, 8, 8, 8)),
        stage.solvers[0], {})
    assert history == ((2, 1000 / 3 / 4, 1.5), (4, 50.0, 3.0))
    buckets, bar = stage.bars.made
    assert buckets["columns"] == ["TextColumn {task.description}", "BarColumn",
                                  "MofNCompleteColumn"]  # fmt: skip
    assert buckets["transient"] is True and buckets["console"] is bar["console"]
    assert buckets["events"] == [
        ("add", "card features: flop", {"total": 3}), ("update", 1, {"completed": 1}),
        ("update", 1, {"completed": 3}), ("add", "card features: turn", {"total": 2}),
        ("update", 4, {"completed": 2}), ("exit",)]  # fmt: skip
    assert bar["columns"] == _solve_bar("cfr+", "exploitability")
    assert bar["events"][1:] == [
        ("update", 1, {"completed": 2, "exploit": "83.33 mbb/h"}),
        ("update", 1, {"completed": 4, "exploit": "50 mbb/h"}), ("exit",)]  # fmt: skip


@pytest.mark.parametrize(
    ("argv", "seed", "deals"),
    [([], 0, 1000), (["--seed", "5", "--deals", "7"], 5, 7)],
)  # fmt: skip
def test_solve_dealt_plays_real_deals_and_shows_the_regret(
    stage: Stage, capsys: pytest.CaptureFixture[str], argv: list[str], seed: int, deals: int
) -> None:
    code, out, _ = run(capsys, "solve", "--method", "dealt", "--buckets", "8,8,8,8",
                       "--iterations", "2", "--every", "2", "--out", "d.npz", *argv)  # fmt: skip
    assert code == 0
    ((game, dealer, kwargs),) = stage.called("DealtSolver")
    assert (game.name, dealer, kwargs) == (  # type: ignore[attr-defined]
        "limit stand-in", ("dealer", ("abstraction", (8, 8, 8, 8))),
        {"seed": seed, "deals": deals})
    assert stage.called("make_solver") == []
    assert "┃ iterations ┃ regret per deal (mbb/h) ┃ seconds ┃" in out
    assert stage.bars.made[1]["columns"] == _solve_bar("dealt", "regret per deal")


def _plot_recorder(monkeypatch: pytest.MonkeyPatch) -> list[tuple[object, ...]]:
    import matplotlib
    import matplotlib.pyplot as plt

    drawn: list[tuple[object, ...]] = []

    class Drawing:
        def __init__(self, name: str) -> None:
            self.name = name

        def __getattr__(self, call: str) -> Any:
            return lambda *a, **k: drawn.append((self.name, call, a, k))

    fig, ax = Drawing("fig"), Drawing("ax")

    def subplots(**kwargs: object) -> tuple[Drawing, Drawing]:
        drawn.append(("plt", "subplots", (), kwargs))
        return fig, ax

    monkeypatch.setattr(plt, "subplots", subplots)
    monkeypatch.setattr(plt, "close", lambda f: drawn.append(("plt", "close", (f.name,), {})))
    monkeypatch.setattr(matplotlib, "use", lambda b: drawn.append(("matplotlib", "use", (b,), {})))
    return drawn


def _drawing(rows: list[tuple[int, float]], path: str, title: str, ylabel: str
             ) -> list[tuple[object, ...]]:  # fmt: skip
    return [
        ("matplotlib", "use", ("Agg",), {}),
        ("plt", "subplots", (), {"figsize": (6, 4)}),
        ("ax", "loglog", ([r[0] for r in rows], [r[1] for r in rows]), {"marker": "o"}),
        ("ax", "set_xlabel", ("iterations",), {}),
        ("ax", "set_ylabel", (ylabel,), {}),
        ("ax", "set_title", (title,), {"fontsize": 10}),
        ("ax", "grid", (True,), {"which": "both", "alpha": 0.3}),
        ("fig", "tight_layout", (), {}),
        ("fig", "savefig", (path,), {"dpi": 100}),
        ("plt", "close", ("fig",), {}),
    ]


def test_solve_holdem_plots_the_exploitability(
    stage: Stage, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = _plot_recorder(monkeypatch)
    long_png = LONG.replace(".npz", ".png")
    code, out, _ = run(capsys, "solve", "--buckets", "8,8,8,8", "--iterations", "4", "--every",
                       "2", "--out", "s.npz", "--plot", long_png)  # fmt: skip
    assert code == 0
    assert out.splitlines()[-2:] == ["wrote s.npz (2.00 MB)", f"wrote {long_png}"]
    assert drawn == _drawing([(2, 1000 / 3 / 4), (4, 50.0)], long_png,
                             "casino-limit heads-up, buckets 8,8,8,8, dcfr",
                             "exploitability in the abstract game (mbb/hand)")  # fmt: skip
    drawn.clear()
    code, out, _ = run(capsys, "solve", "--buckets", "8,8,8,8", "--iterations", "2", "--every",
                       "2", "--out", "s.npz", "--plot", "d.png", "--method", "dealt")  # fmt: skip
    assert drawn == _drawing([(2, 1000 / 3 / 4)], "d.png",
                             "casino-limit heads-up, buckets 8,8,8,8, dealt",
                             "regret per deal (mbb/hand)")  # fmt: skip


def test_the_plot_is_of_the_exploitability_unless_named(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = _plot_recorder(monkeypatch)
    solve_cli._plot([(1, 100.0, 0.1), (10, 10.0, 0.5)], "p.png", "a title")
    assert drawn == _drawing([(1, 100.0), (10, 10.0)], "p.png", "a title",
                             "exploitability in the abstract game (mbb/hand)")  # fmt: skip
    drawn.clear()
    solve_cli._plot([(1, 100.0, 0.1)], "p.png", "a title", "regret per deal")
    assert drawn[4] == ("ax", "set_ylabel", ("regret per deal (mbb/hand)",), {})


def test_the_plot_is_a_png_of_600_by_400(tmp_path: Path) -> None:
    path = tmp_path / "p.png"
    solve_cli._plot([(1, 100.0, 0.1), (10, 10.0, 0.5)], str(path), "a title")
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")) == (600, 400)


def test_solve_without_checkpoint_writes_none(
    stage: Stage, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert run(capsys, "solve", "--buckets", "8,8,8,8", "--iterations", "2", "--out",
               "s.npz")[0] == 0  # fmt: skip
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.npz"]


def test_solve_checkpoints_after_each_measurement_and_resumes(
    stage: Stage, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:  # fmt: skip
    """Each save is written to ``FILE.tmp`` then put in the checkpoint's place; a resumed
    run takes the measured points and the seconds on from the checkpoint's."""
    saved: list[tuple[str, list[str], list[str]]] = []
    savez = np.savez

    def recorded(file: Any, **arrays: Any) -> None:
        saved.append((Path(file.name).name, sorted(arrays),
                      sorted(p.name for p in tmp_path.iterdir())))  # fmt: skip
        savez(file, **arrays)

    monkeypatch.setattr(np, "savez", recorded)
    common = ["solve", "--buckets", "8,8,8,8", "--every", "2", "--out", "s.npz",
              "--checkpoint", "c.npz"]  # fmt: skip
    code, out, _ = run(capsys, *common, "--iterations", "4")
    assert code == 0 and "resumed" not in out
    keys = ["history", "iterations", "method"]
    assert saved == [("c.npz.tmp", keys, ["c.npz.tmp"]),
                     ("c.npz.tmp", keys, ["c.npz", "c.npz.tmp"])]  # fmt: skip
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.npz", "s.npz"]
    with np.load(tmp_path / "c.npz") as data:
        assert (int(data["iterations"]), str(data["method"])) == (4, "dcfr")
        assert data["history"].tolist() == [[2, 1000 / 3 / 4, 1.5], [4, 50.0, 3.0]]
        assert data["history"].dtype == np.float64
    # on to 6: one more measurement, 1.5 s after the checkpoint's last
    stage.ticks = 0
    code, out, _ = run(capsys, *common, "--iterations", "6")
    assert code == 0
    lines = out.splitlines()
    assert lines[2] == "resumed from c.npz at 4 iterations"
    assert lines[8:] == [
        "│          2 │                  83.33 │   1.5 s │",
        "│          4 │                     50 │   3.0 s │",
        "│          6 │                  35.71 │   4.5 s │",
        "└────────────┴────────────────────────┴─────────┘",
        "wrote s.npz (2.00 MB)",
    ]
    solver = stage.solvers[-1]
    assert solver.runs == [2]
    assert stage.bars.made[-1]["events"][0] == (
        "add", "cfr", {"total": 6, "exploit": "…", "completed": 4})
    with np.load(tmp_path / "c.npz") as data:
        assert data["history"].tolist() == [[2, 1000 / 3 / 4, 1.5], [4, 50.0, 3.0],
                                            [6, 1000 / 7 / 4, 4.5]]  # fmt: skip
    args = stage.called("Strategy.from_solver")[-1][0]
    assert args[4] == ((2, 1000 / 3 / 4, 1.5), (4, 50.0, 3.0), (6, 1000 / 7 / 4, 4.5))  # type: ignore[index]
    # asked for fewer than it has: nothing run, the points as they were
    code, out, _ = run(capsys, *common, "--iterations", "2")
    assert code == 0 and stage.solvers[-1].runs == []
    assert "resumed from c.npz at 6 iterations" in out
    # a checkpoint the solver refuses: one line, the file as it was
    before = (tmp_path / "c.npz").read_bytes()
    code, out, err = run(capsys, *common, "--iterations", "8", "--method", "cfr+")
    assert (code, err) == (2, "pokerroom solve: error: c.npz: a checkpoint of dcfr, not cfr+\n")
    assert (tmp_path / "c.npz").read_bytes() == before


def test_solve_checkpoint_named_as_given_in_a_folder(
    stage: Stage, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "runs").mkdir()
    common = ["solve", "--buckets", "8,8,8,8", "--every", "1", "--out", "runs/s.npz",
              "--checkpoint", "runs/c.npz"]  # fmt: skip
    assert run(capsys, *common, "--iterations", "1")[0] == 0
    assert sorted(p.name for p in (tmp_path / "runs").iterdir()) == ["c.npz", "s.npz"]
    code, out, _ = run(capsys, *common, "--iterations", "2")
    assert code == 0 and "resumed from runs/c.npz at 1 iterations" in out.splitlines()


# ---------------------------------------------------------------------------- no limit


def test_solve_holdem_nl_word_for_word(stage: Stage, capsys: pytest.CaptureFixture[str]) -> None:
    """Chips are half big blinds: 1/2 chip is 250 mbb."""
    code, out, err = run(capsys, "solve", "--game", "holdem-nl", "--depth", "20", "--bet-sizes",
                         "0.5,1/1/1,2/2", "--buckets", "8,8,8,8", "--iterations", "3",
                         "--out", LONG, "--method", "sampled", "--seed", "9")  # fmt: skip
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "no-limit stand-in: 4,321 betting decisions, 7,654,321 information sets (both players)",
        "           no-limit stand-in, sampled            ",
        "┏━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━┓",
        "┃ iterations ┃ exploitability (mbb/h) ┃ seconds ┃",
        "┡━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━┩",
        "│          1 │                    250 │   1.5 s │",
        "│          2 │                  166.7 │   3.0 s │",
        "│          3 │                    125 │   4.5 s │",
        "└────────────┴────────────────────────┴─────────┘",
        f"wrote {LONG} (2.00 MB)",
    ]
    assert stage.called("abstraction_for") == [((8, 8, 8, 8), False)]
    assert stage.called("betting") == [(20, (0.5, 1.0, 2.0), 3, ((0, 1), (1,), (1, 2), (2,)))]
    assert stage.called("holdem_no_limit") == [("no-limit tree", ("abstraction", (8, 8, 8, 8)))]
    ((game, method, seed, tremble),) = stage.called("make_solver")
    assert (game.name, method, seed, tremble) == ("no-limit stand-in", "sampled", 9, 0.0)  # type: ignore[attr-defined]
    assert stage.solvers[0].runs == [1, 1, 1]
    ((args, kwargs),) = stage.called("NoLimit.from_solver")
    assert args == (20, (0.5, 1.0, 2.0), 3)
    assert kwargs == {"abstraction": ("abstraction", (8, 8, 8, 8)), "solver": stage.solvers[0],
                      "history": ((1, 250.0, 1.5), (2, 1000 / 3 / 2, 3.0), (3, 125.0, 4.5)),
                      "per_round": ((0, 1), (1,), (1, 2), (2,))}  # fmt: skip
    (bar,) = stage.bars.made
    assert bar["events"][-2] == ("update", 1, {"completed": 3, "exploit": "125 mbb/h"})
    assert bar["columns"] == _solve_bar("sampled", "exploitability")
    assert bar["transient"] is True and isinstance(bar["console"], rich.console.Console)


def test_solve_holdem_nl_dealt_checkpoints_and_resumes(
    stage: Stage, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    common = ["solve", "--game", "holdem-nl", "--depth", "3", "--method", "dealt", "--deals",
              "4", "--every", "1", "--out", "s.npz", "--checkpoint", "c.npz"]  # fmt: skip
    assert run(capsys, *common, "--iterations", "1")[0] == 0
    ((game, dealer, kwargs),) = stage.called("DealtSolver")
    assert (game.name, dealer, kwargs) == (  # type: ignore[attr-defined]
        "no-limit stand-in", ("dealer", ("abstraction", (169, 32, 32, 32))),
        {"seed": 0, "deals": 4})
    assert stage.called("betting") == [(3, (0.5, 1.0), 3, ())]
    with np.load(tmp_path / "c.npz") as data:
        assert data["history"].tolist() == [[1, 250.0, 1.5]]
    stage.ticks = 0
    code, out, _ = run(capsys, *common, "--iterations", "2")
    assert code == 0
    assert out.splitlines()[1] == "resumed from c.npz at 1 iterations"
    assert "│          2 │                   166.7 │   3.0 s │" in out.splitlines()
    assert stage.called("NoLimit.from_solver")[-1][1]["history"] == (  # type: ignore[index]
        (1, 250.0, 1.5), (2, 1000 / 3 / 2, 3.0))


# ---------------------------------------------------------------------------- lbr


class Match:
    def __init__(self, monkeypatch: pytest.MonkeyPatch, **fields: Any) -> None:
        from pokerroom.tournament import lbr as lbr_module

        self.calls: list[tuple[object, ...]] = []
        self.ticks = 0
        result = types.SimpleNamespace(value=1234.56, half_width=1239.96, low=-5.4,
                                       high=2474.52)  # fmt: skip
        self.match = types.SimpleNamespace(result=result, target="random", deals=3, plain=None,
                                           read=0, outside=0)  # fmt: skip
        vars(self.match).update(fields)
        self.game = types.SimpleNamespace(iterations=12345, buckets=(169, 32, 32, 32),
                                          value=-1.23456, best_response=(10.0, 20.5),
                                          local_best_response=(-1.0, 3.25))  # fmt: skip
        monkeypatch.setattr(lbr_module, "lbr_match", self.lbr_match)
        monkeypatch.setattr(lbr_module, "abstract_game", self.abstract_game)
        monkeypatch.setattr(lbr_cli, "time", types.SimpleNamespace(process_time=self.clock))
        self.printed: list[tuple[str, dict[str, object]]] = []

    def clock(self) -> float:
        self.ticks += 1
        return 1234.5678 * self.ticks

    def lbr_match(self, rules: object, target: str, **kwargs: object) -> object:
        self.calls.append(("lbr_match", rules, target, kwargs))
        return self.match

    def abstract_game(self, preset: str) -> object:
        self.calls.append(("abstract_game", preset))
        return self.game


LBR_HEAD = ["| match | mbb/hand | 95% interval | deals | CPU |", "|---|---:|---|---:|---:|"]


def test_lbr_prints_its_table_word_for_word(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    match = Match(monkeypatch)
    code, out, err = run(capsys, "lbr", "--target", "random", "--deals", "3", "--samples", "5",
                         "--seed", "8")  # fmt: skip
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "casino-limit, heads-up duplicate, seed 8; CPU seconds", *LBR_HEAD,
        "| LBR vs random | +1,235 ± 1,240 | [-5, +2,475] | 3 deals (6 hands) | 1,235 s |",
    ]
    ((_, rules, target, kwargs),) = match.calls
    assert (str(rules), getattr(rules, "players", None), target) == (
        "fixed limit 2/4, blinds 1/2, raise cap 3", None, "random")
    assert kwargs == {"deals": 3, "seed": 8, "samples": 5, "aivat": False}


def test_solve_lbr_passes_its_defaults_and_aivat(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    plain = types.SimpleNamespace(value=-2000.4, half_width=10.6, low=-2011.0, high=-1989.8)
    match = Match(monkeypatch, plain=plain, target="cfr", read=12345)
    code, out, _ = run(capsys, "solve", "lbr", "--aivat", "--rules", "computer-tournament")
    assert code == 0
    assert out.splitlines() == [
        "computer-tournament, heads-up duplicate, seed 1; CPU seconds", *LBR_HEAD,
        "| LBR vs cfr | +1,235 ± 1,240 | [-5, +2,475] | 3 deals (6 hands) | 1,235 s |",
        "(AIVAT-corrected; the plain duplicate result: -2,000 ± 11 [-2,011, -1,990])",
        "cfr's strategies read exactly: 12,345 of its decisions; 0 decisions or answers to "
        "LBR's bets left to its fallback",
    ]
    ((_, _, target, kwargs),) = match.calls
    assert (target, kwargs) == ("cfr", {"deals": 1000, "seed": 1, "samples": 64, "aivat": True})


def test_lbr_says_the_decisions_left_to_the_fallback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    Match(monkeypatch, target="cfr", outside=7)
    out = run(capsys, "lbr")[1].splitlines()
    assert out[4:] == ["cfr's strategies read exactly: 0 of its decisions; 7 decisions or "
                       "answers to LBR's bets left to its fallback"]  # fmt: skip


def test_lbr_abstract_measures_the_shipped_strategy_first(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The mean of the two seats, then each; the seconds of the exact measure."""
    match = Match(monkeypatch)
    printed: list[tuple[str, bool]] = []

    def recorded(*values: object, flush: bool = False) -> None:
        printed.append((" ".join(map(str, values)), flush))

    monkeypatch.setattr(lbr_cli, "print", recorded, raising=False)
    assert run(capsys, "lbr", "--abstract")[0] == 0
    assert printed[0] == (
        "abstract game (12,345 iterations, buckets 169,32,32,32): value for the button -1.235 "
        "mbb/hand\n"
        "  best response        +15.250 (button +10.000, big blind +20.500) mbb/hand\n"
        "  local best response  +1.125 (button -1.000, big blind +3.250) mbb/hand\n"
        "  (1234.6 s)", True)
    assert [p[0] for p in printed[1:]] == [
        "casino-limit, heads-up duplicate, seed 1; CPU seconds", "\n".join(LBR_HEAD),
        "| LBR vs random | +1,235 ± 1,240 | [-5, +2,475] | 3 deals (6 hands) | 1,235 s |"]
    assert match.calls[0] == ("abstract_game", "casino-limit")


def test_lbr_abstract_says_when_no_strategy_ships(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    match = Match(monkeypatch)
    code, out, _ = run(capsys, "lbr", "--abstract", "--rules", "no-limit")
    assert code == 0
    assert out.splitlines()[0] == "--abstract: no strategy ships for no-limit (nothing to measure)"
    assert [c[0] for c in match.calls] == ["lbr_match"]
    code, out, _ = run(capsys, "lbr", "--rules", "computer-tournament", "--abstract")
    assert [c[:2] for c in match.calls[1:2]] == [("abstract_game", "computer-tournament")]


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["--deals", "0"], "argument --deals: a whole number of deals from 1 to 1,000,000, not '0'"),
     (["--samples", "10001"], "argument --samples: a whole number of hands sampled from 1 to "
      "10,000, not '10001'"),
     (["--target", "me"], "argument --target: invalid choice: 'me' (choose from 'random', "
      "'calling-station', 'rule-based', 'strong', 'cfr', 'always-fold')")],
)  # fmt: skip
def test_lbr_refusals_word_for_word_by_the_command_given(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str],
    message: str,
) -> None:  # fmt: skip
    """(With the stand-in match: a mutant that let one through would not play 1,000 deals.)"""
    match = Match(monkeypatch)
    for command in (["lbr"], ["solve", "lbr"]):
        code, out, err = run(capsys, *command, *argv)
        assert (code, out) == (2, "")
        assert err.endswith(f"pokerroom {' '.join(command)}: error: {message}\n")
    assert match.calls == []


# ---------------------------------------------------------------------------- defects fixed


@pytest.mark.parametrize("content", [b"", b"hello\n", b"PK\x03\x04 not a zip"])
def test_a_checkpoint_that_is_no_npz_file_is_refused_in_one_line(
    stage: Stage, capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes
) -> None:
    """An empty file, text, a broken zip: once a traceback (numpy's EOFError, ValueError,
    BadZipFile); the file is left as it was."""
    (tmp_path / "c.npz").write_bytes(content)
    for game in ("holdem", "holdem-nl"):
        code, _, err = run(capsys, "solve", "--game", game, "--out", "s.npz", "--checkpoint",
                           "c.npz", "--iterations", "2")  # fmt: skip
        assert (code, err) == (2, "pokerroom solve: error: c.npz: not a checkpoint (not an "
                                  ".npz file of arrays)\n")  # fmt: skip
        assert (tmp_path / "c.npz").read_bytes() == content
        assert not (tmp_path / "s.npz").exists()


def test_solve_holdem_nl_plots_too(
    stage: Stage, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--plot`` was taken by ``--game holdem-nl`` and no plot drawn."""
    drawn = _plot_recorder(monkeypatch)
    code, out, _ = run(capsys, "solve", "--game", "holdem-nl", "--iterations", "2", "--every",
                       "1", "--out", "s.npz", "--plot", "p.png", "--method", "cfr+")  # fmt: skip
    assert code == 0
    assert out.splitlines()[-2:] == ["wrote s.npz (2.00 MB)", "wrote p.png"]
    assert drawn == _drawing([(1, 250.0), (2, 1000 / 3 / 2)], "p.png",
                             "no-limit stand-in, cfr+",
                             "exploitability in the abstract game (mbb/hand)")  # fmt: skip


def test_solve_holdem_nl_dealt_plots_the_regret(
    stage: Stage, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = _plot_recorder(monkeypatch)
    code, _, _ = run(capsys, "solve", "--game", "holdem-nl", "--iterations", "1", "--out",
                     "s.npz", "--plot", "p.png", "--method", "dealt")  # fmt: skip
    assert code == 0
    assert drawn == _drawing([(1, 250.0)], "p.png", "no-limit stand-in, dealt",
                             "regret per deal (mbb/hand)")  # fmt: skip


def test_solve_lines_are_not_wrapped_on_a_narrow_terminal(
    stage: Stage, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 20 columns the tables are squeezed, but each line the command prints (a path, a
    count) stays whole, to be read or copied."""
    _plot_recorder(monkeypatch)
    monkeypatch.setenv("COLUMNS", "20")
    for game in ("holdem", "holdem-nl"):
        common = ["solve", "--game", game, "--buckets", "8,8,8,8", "--every", "1", "--out",
                  "s.npz", "--plot", "a-long-plot.png", "--checkpoint", "c.npz"]  # fmt: skip
        stage.ticks = 0
        assert run(capsys, *common, "--iterations", "1")[0] == 0
        stage.ticks = 0
        code, out, _ = run(capsys, *common, "--iterations", "2")
        assert code == 0
        lines = out.splitlines()
        name = {"holdem": "limit stand-in: 6,378", "holdem-nl": "no-limit stand-in: 4,321"}[game]
        assert f"{name} betting decisions, " + (
            "1,234,567" if game == "holdem" else "7,654,321") + (
            " information sets (both players)") in lines  # fmt: skip
        assert "resumed from c.npz at 1 iterations" in lines
        assert lines[-2:] == ["wrote s.npz (2.00 MB)", "wrote a-long-plot.png"]
        assert ("card buckets 8,8,8,8 ready in 1.5 s" in lines) == (game == "holdem")
        (Path("c.npz")).unlink()
