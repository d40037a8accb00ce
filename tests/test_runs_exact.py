"""What ``pokerroom tournament`` and ``pokerroom league`` share (``cli/runs.py``) and the
executor (``tournament/executor.py``), by exact answers, in this process: the seed a run
takes (``--seed``, ``--resume``'s, or drawn), the players and their names, the rules'
bound, each refusal word for word, what is written where, and the serial executor's
results by index (no process pool, no Ray: the mutation part ``runs``)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, ClassVar

import pytest

from pokerroom.cli import build_parser
from pokerroom.cli.errors import UsageError
from pokerroom.cli.runs import pick_seed, resume_seed
from pokerroom.storage.results import ResultsDB
from pokerroom.tournament.executor import ExecutorError, SerialExecutor, make_executor


def _args(*argv: str) -> argparse.Namespace:
    """``pokerroom tournament ARGV`` as the parser reads it."""
    return build_parser().parse_args(["tournament", *argv])


def _store(db: Path, *runs: tuple[str, dict[str, Any]]) -> None:
    with ResultsDB(db) as results:
        for kind, settings in runs:
            results.start_run(kind, settings, games=1)


def test_resume_takes_the_seed_of_the_newest_run_with_these_settings(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    _store(db, ("tournament", {"games": 2, "seed": 5}), ("tournament", {"games": 2, "seed": 9}),
           ("tournament", {"games": 3, "seed": 11}), ("league", {"games": 2, "seed": 13}))
    args = _args("--db", str(db), "--resume")
    assert resume_seed(args, "tournament", {"games": 2, "seed": 0}) == 9
    assert resume_seed(args, "tournament", {"games": 3, "seed": 0}) == 11
    assert resume_seed(args, "league", {"games": 2, "seed": 0}) == 13
    assert resume_seed(args, "tournament", {"games": 4, "seed": 0}) is None
    assert pick_seed(args, "tournament", lambda seed: {"games": 2, "seed": seed}) == 9
    # --seed wins over the stored run's
    given = _args("--db", str(db), "--resume", "--seed", "77")
    assert pick_seed(given, "tournament", lambda seed: {"games": 2, "seed": seed}) == 77


def test_resume_seed_is_none_without_resume_a_database_or_an_int_seed(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    _store(db, ("tournament", {"games": 2, "seed": 5}),
           ("tournament", {"games": 7, "seed": "5"}))
    settings = {"games": 2, "seed": 0}
    assert resume_seed(_args("--db", str(db)), "tournament", settings) is None
    assert resume_seed(_args("--resume"), "tournament", settings) is None
    missing = tmp_path / "missing.db"
    assert resume_seed(_args("--db", str(missing), "--resume"), "tournament", settings) is None
    assert not missing.exists()  # not made by looking
    assert resume_seed(_args("--db", str(db), "--resume"), "tournament", settings) == 5
    # a stored seed that is not a whole number is no seed
    assert resume_seed(_args("--db", str(db), "--resume"), "tournament",
                       {"games": 7, "seed": 0}) is None


def test_the_serial_executor_gives_each_result_with_its_index_in_order() -> None:
    seen: list[int] = []

    def square(x: int) -> int:
        seen.append(x)
        return x * x

    with SerialExecutor() as ex:
        assert (ex.workers, ex.name) == (1, "this process")
        assert list(ex.run(square, [3, -1, 4, 0])) == [(0, 9), (1, 1), (2, 16), (3, 0)]
        assert seen == [3, -1, 4, 0]
        assert list(ex.run(square, [])) == []


def test_the_executors_refusals_name_the_problem_and_the_choices() -> None:
    with pytest.raises(ExecutorError) as err:
        make_executor(workers=0)
    assert str(err.value) == "--workers: 1 or more, not 0"
    with pytest.raises(ExecutorError) as err:
        make_executor(workers=-3)
    assert str(err.value) == "--workers: 1 or more, not -3"
    with pytest.raises(ExecutorError) as err:
        make_executor("local", workers=1, address="auto")
    assert str(err.value) == "--address names a Ray cluster: use it with --executor ray"
    with pytest.raises(ExecutorError) as err:
        make_executor("spark", workers=1)
    assert str(err.value) == "no executor 'spark' (executors: local, ray)"


def test_export_without_a_folder_and_resume_without_a_database_are_refused() -> None:
    from pokerroom.cli.runs import Run

    for argv, message in ((("--export", "ohh"), "--export needs --export-dir DIR"),
                          (("--resume",), "--resume needs --db FILE"),
                          (("--db-hands",), "--db-hands needs --db FILE"),
                          (("--resume", "--db-hands"), "--resume needs --db FILE")):
        run = Run("tournament", [], {}, _args(*argv))
        with pytest.raises(UsageError) as err:
            run.play()
        assert str(err.value) == message


def _options(command: str) -> dict[str, argparse.Action]:
    parser = build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return {a.option_strings[0]: a for a in sub.choices[command]._actions if a.option_strings}


SHARED = {  # option: (metavar, default, choices, help with {what} for what is counted)
    "--players": ("LIST", None, None,
                  "players, comma-separated: bot names ({bots}) or your own classes "
                  "(path/to/file.py:MyBot, package.module:MyBot); a name may repeat "
                  "(default: every bot)"),
    "--player": ("SPEC", [], None,
                 "one more player (a bot name or a class: path/to/file.py:MyBot); repeatable"),
    "--rules": ("PRESET|FILE", "computer-tournament", None,
                "a preset (computer-tournament, casino-limit, no-limit) or a TOML file of "
                "rules (default: computer-tournament)"),
    "--set": ("FIELD=VALUE", [], None,
              "change one rule, like --set buy_in=500 or --set structure=no-limit; repeatable"),
    "--seed": ("N", None, None,
               "the run's seed: the same seed, the same results (default: drawn at random "
               "and printed)"),
    "--budget": ("SECONDS", 10.0, None,
                 "seconds a player may take for a decision (above 0, at most a day); a slower "
                 "answer gets the default action (default: 10)"),
    "--workers": ("N", None, None,
                  "processes to play in, 1 to 1,024: never more than the cores this process "
                  "may use or the {what} left (default: one per core; 1 plays in this "
                  "process); with Ray, the CPUs of a local instance"),
    "--executor": (None, "local", ("local", "ray"),
                   "local processes (default) or a Ray cluster (pip install 'pokerroom[ray]')"),
    "--address": ("ADDR", None, None,
                  "the Ray cluster to join (host:port or auto; default: start a local one)"),
    "--db": ("FILE", None, None,
             "write the run's settings, {what} and results to this SQLite file (created if "
             "new), each game in one transaction"),
    "--resume": (None, False, None,
                 "continue the last run in --db with these settings, playing only the {what} "
                 "it lacks (without --seed: the run's own seed)"),
    "--db-hands": (None, False, None, "also store every hand in --db as PHH"),
    "--log": ("FILE", None, None,
              "write every hand as a readable hand history (appended to on --resume)"),
    "--phh": ("DIR", None, None, "write every hand as PHH, one .phhs file per game"),
    "--export-dir": ("DIR", None, None,
                     "write every hand in the --export format, one file per game"),
    "--export": ("FORMAT", None, ("pokerstars", "ohh", "phh", "acpc"),
                 "the format of --export-dir: pokerstars (for trackers; default), ohh, phh "
                 "or acpc"),
}


@pytest.mark.parametrize(("command", "what"), [("tournament", "games"), ("league", "sessions")])
def test_the_shared_options_say_word_for_word_what_they_take(command: str, what: str) -> None:
    from pokerroom.cli.arguments import SEED, Count, Database, OutputFolder, OutputPath, Seconds
    from pokerroom.players import BOTS

    options = _options(command)
    for name, (metavar, default, choices, text) in SHARED.items():
        action = options[name]
        assert (action.metavar, action.default, action.choices) == (metavar, default, choices)
        assert action.help == text.format(bots=", ".join(BOTS), what=what), name
    assert isinstance(options["--resume"], argparse._StoreTrueAction)
    assert isinstance(options["--db-hands"], argparse._StoreTrueAction)
    assert isinstance(options["--player"], argparse._AppendAction)
    assert isinstance(options["--set"], argparse._AppendAction)
    assert options["--set"].dest == "overrides"
    assert options["--seed"].type == SEED
    assert options["--budget"].type == Seconds()
    assert options["--workers"].type == Count(1, 1024, "processes")
    assert options["--db"].type == Database()
    assert options["--log"].type == OutputPath("a file for the hand histories")
    assert options["--phh"].type == OutputFolder("a folder for the PHH files")
    assert options["--export-dir"].type == OutputFolder("a folder for the exported hands")
    parser = build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    groups = {g.title: [a.option_strings[0] for a in g._group_actions]
              for g in sub.choices[command]._action_groups}
    assert groups["where the games are played"] == ["--workers", "--executor", "--address"]
    assert groups["results and hand histories"] == [
        "--db", "--resume", "--db-hands", "--log", "--phh", "--export-dir", "--export"]


class _Ref:
    def __init__(self, value: Any) -> None:
        self.value = value


class _FakeRay:
    """A stand-in for the ``ray`` module that records what the executor asks of it; its
    ``wait`` hands back the newest task sent first (so results come out of order)."""

    def __init__(self, *, initialized: bool = False, cpus: float | None = 3.0,
                 fails: Exception | None = None) -> None:
        self.initialized = initialized
        self.cpus = cpus
        self.fails = fails
        self.inits: list[dict[str, Any]] = []
        self.shutdowns = 0
        self.sent: list[Any] = []
        self.most_pending = 0
        self.pending: list[_Ref] = []
        self.cancelled: list[tuple[Any, bool]] = []

    def is_initialized(self) -> bool:
        return self.initialized

    def init(self, **options: Any) -> None:
        self.inits.append(options)
        if self.fails is not None:
            raise self.fails
        self.initialized = True

    def shutdown(self) -> None:
        self.shutdowns += 1
        self.initialized = False

    def cluster_resources(self) -> dict[str, float]:
        return {} if self.cpus is None else {"CPU": self.cpus, "memory": 1e9}

    def remote(self, fn: Any) -> Any:
        ray = self

        class Remote:
            @staticmethod
            def remote(task: Any) -> _Ref:
                ray.sent.append(task)
                ref = _Ref(fn(task))
                ray.pending.append(ref)
                ray.most_pending = max(ray.most_pending, len(ray.pending))
                return ref

        return Remote

    def wait(self, refs: list[_Ref], num_returns: int) -> tuple[list[_Ref], list[_Ref]]:
        assert num_returns == 1 and refs
        newest = max(refs, key=self.pending.index)
        return [newest], [r for r in refs if r is not newest]

    def get(self, ref: _Ref) -> Any:
        self.pending.remove(ref)
        return ref.value

    def cancel(self, ref: _Ref, force: bool = False) -> None:
        self.cancelled.append((ref.value, force))


def _with_ray(monkeypatch: pytest.MonkeyPatch, ray: _FakeRay) -> _FakeRay:
    import sys
    import types

    module = types.ModuleType("ray")
    for name in ("is_initialized", "init", "shutdown", "cluster_resources", "remote", "wait",
                 "get", "cancel"):
        setattr(module, name, getattr(ray, name))
    monkeypatch.setitem(sys.modules, "ray", module)
    return ray


def test_ray_without_the_package_is_refused_naming_the_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # (import ray: ImportError)
    with pytest.raises(ExecutorError) as err:
        make_executor("ray", workers=2)
    assert str(err.value) == "--executor ray needs Ray: pip install 'pokerroom[ray]'"


def test_a_local_ray_instance_is_started_quietly_with_the_workers_as_its_cpus(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import logging

    from pokerroom.tournament.executor import RayExecutor

    ray = _with_ray(monkeypatch, _FakeRay(cpus=3.0))
    ex = make_executor("ray", workers=3, cores=8)
    assert isinstance(ex, RayExecutor)
    assert ray.inits == [{"include_dashboard": False, "log_to_driver": False,
                          "logging_level": logging.ERROR, "configure_logging": True,
                          "num_cpus": 3}]  # fmt: skip
    assert (ex.workers, ex.name) == (3, "Ray (3 CPUs, local)")
    with ex:
        assert ray.shutdowns == 0
    assert ray.shutdowns == 1  # started here: stopped here
    ex.close()
    assert ray.shutdowns == 1  # (once)
    # never more CPUs than the machine or the work
    make_executor("ray", workers=100, tasks=5, cores=8).close()
    make_executor("ray", cores=2).close()
    assert [i["num_cpus"] for i in ray.inits[1:]] == [5, 2]


def test_a_ray_cluster_is_joined_at_its_address_with_its_own_cpus(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import logging
    import socket

    reached: list[tuple[Any, float]] = []

    class Answer:
        def close(self) -> None:
            reached.append(("closed", 0.0))

    def connect(where: Any, timeout: float) -> Answer:
        reached.append((where, timeout))
        return Answer()

    monkeypatch.setattr(socket, "create_connection", connect)
    ray = _with_ray(monkeypatch, _FakeRay(cpus=40.0))
    ex = make_executor("ray", workers=2, address="10.0.0.7:6379", cores=8)
    assert reached == [(("10.0.0.7", 6379), 5.0), ("closed", 0.0)]
    assert ray.inits == [{"include_dashboard": False, "log_to_driver": False,
                          "logging_level": logging.ERROR, "configure_logging": True,
                          "address": "10.0.0.7:6379"}]  # fmt: skip
    assert (ex.workers, ex.name) == (40, "Ray (40 CPUs, 10.0.0.7:6379)")
    ex.close()
    # auto: not looked up; a cluster that says nothing of its CPUs counts as one
    reached.clear()
    ray.cpus = None
    ex = make_executor("ray", address="auto")
    assert reached == [] and ray.inits[-1]["address"] == "auto"
    assert (ex.workers, ex.name) == (1, "Ray (1 CPUs, auto)")
    ray.cpus = 0.5
    assert make_executor("ray", address="auto").workers == 1


def test_ray_already_running_is_used_and_left_running(monkeypatch: pytest.MonkeyPatch) -> None:
    ray = _with_ray(monkeypatch, _FakeRay(initialized=True, cpus=6.0))
    with make_executor("ray", workers=2, cores=8) as ex:
        assert (ex.workers, ex.name) == (6, "Ray (6 CPUs, local)")
    assert ray.inits == [] and ray.shutdowns == 0


def test_ray_that_cannot_start_is_refused_naming_where_and_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import socket

    class Answer:
        def close(self) -> None:
            pass

    monkeypatch.setattr(socket, "create_connection", lambda where, timeout: Answer())
    _with_ray(monkeypatch, _FakeRay(fails=ConnectionError("refused by the head")))
    with pytest.raises(ExecutorError) as err:
        make_executor("ray", workers=2, cores=8)
    assert str(err.value) == "cannot start Ray locally: ConnectionError: refused by the head"
    with pytest.raises(ExecutorError) as err:
        make_executor("ray", address="head:6379")
    assert str(err.value) == ("cannot start Ray at 'head:6379': ConnectionError: refused by "
                              "the head")


def test_ray_runs_every_task_once_twice_the_cpus_ahead_each_with_its_index(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ray = _with_ray(monkeypatch, _FakeRay(cpus=2.0))
    tasks = [10, 11, 12, 13, 14, 15, 16]
    with make_executor("ray", workers=2, cores=8) as ex:
        done = list(ex.run(lambda x: x * 10, tasks))
    assert sorted(done) == [(i, t * 10) for i, t in enumerate(tasks)]
    assert [i for i, _ in done] != list(range(7))  # as they came in, filed by index
    assert sorted(ray.sent) == tasks and ray.most_pending == 4  # 2 x 2 CPUs ahead
    assert ray.cancelled == []
    # stopped half-way: what was sent and not taken is cancelled, forcibly
    ray.sent.clear()
    with make_executor("ray", workers=2, cores=8) as ex:
        results = ex.run(lambda x: x, tasks)
        first = next(results)
        results.close()
    assert first == (3, 13)  # the newest of the first four
    assert sorted(ray.sent) == [10, 11, 12, 13]  # (the next is sent once this one is taken)
    assert sorted(ray.cancelled) == [(10, True), (11, True), (12, True)]
    assert list(make_executor("ray", workers=2, cores=8).run(abs, [])) == []


def test_a_ray_address_is_checked_then_its_port_asked_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import socket

    from pokerroom.tournament.executor import _reachable

    asked: list[tuple[Any, float]] = []
    refuse: list[OSError | UnicodeError] = []

    class Answer:
        def close(self) -> None:
            asked.append(("closed", 0))

    def connect(where: Any, timeout: float) -> Answer:
        asked.append((where, timeout))
        if refuse:
            raise refuse[0]
        return Answer()

    monkeypatch.setattr(socket, "create_connection", connect)
    _reachable("auto")
    assert asked == []
    for address, host, port in (("head:1", "head", 1), ("head:65535", "head", 65535),
                                ("ray://10.1.2.3:10001", "10.1.2.3", 10001),
                                ("[::1]:6379", "::1", 6379), ("a:b:6379", "a:b", 6379),
                                ("Xhead-X:6379", "Xhead-X", 6379)):
        asked.clear()
        _reachable(address)
        assert asked == [((host, port), 5.0), ("closed", 0)], address
    asked.clear()
    _reachable("head:6379", timeout=0.25)
    assert asked[0] == (("head", 6379), 0.25)
    for bad in ("head", "head:", ":6379", "head:0", "head:65536", "head:-1", "head:x",
                "head:123456", "head:000001", "ray://head", "autox", "head:٣"):
        asked.clear()
        with pytest.raises(ExecutorError) as err:
            _reachable(bad)
        assert str(err.value) == f"--address {bad!r}: auto, host:port or ray://host:port"
        assert asked == []
    refuse.append(ConnectionRefusedError(111, "Connection refused"))
    with pytest.raises(ExecutorError) as err:
        _reachable("head:6379")
    assert str(err.value) == ("--address 'head:6379': no Ray cluster answers there "
                              "(Connection refused)")
    refuse[0] = TimeoutError("timed out")  # no strerror: the error itself
    with pytest.raises(ExecutorError) as err:
        _reachable("ray://head:6379")
    assert str(err.value) == ("--address 'ray://head:6379': no Ray cluster answers there "
                              "(timed out)")
    refuse[0] = UnicodeError("label too long")
    with pytest.raises(ExecutorError) as err:
        _reachable("head:6379")
    assert str(err.value) == ("--address 'head:6379': no Ray cluster answers there "
                              "(label too long)")


# ------------------------------------------------------------------ the runs' command

FAST = ["--players", "random,calling-station", "--rules", "no-limit", "--set", "buy_in=100",
        "--seed", "4", "--workers", "1"]  # fmt: skip


def _main(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from pokerroom.cli import main

    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _tournament(games: int, *, log: bool = False, histories: bool = False) -> Any:
    from pokerroom.rules import Rules
    from pokerroom.tournament.freezeout import Tournament

    plan = Tournament(Rules.preset("no-limit", buy_in=100), ("random", "calling-station"),
                      ("random", "calling-station"), games=games, seed=4)
    return plan, plan.tasks(histories=histories, log=log)


class _Bar:
    """A stand-in for the progress bar that records what it is told."""

    made: ClassVar[list[tuple[str, int, int, str]]] = []
    added: ClassVar[list[int]] = []

    def __init__(self, label: str, total: int, *, done: int = 0, noun: str = "games") -> None:
        _Bar.made.append((label, total, done, noun))

    def __enter__(self) -> _Bar:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    @property
    def elapsed(self) -> float:
        return 2.5

    def add(self, hands: int) -> None:
        _Bar.added.append(hands)


def test_the_bar_is_told_every_game_played_and_those_kept_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pokerroom.cli import runbar
    from pokerroom.cli.runs import Run
    from pokerroom.tournament.games import play

    monkeypatch.setattr(runbar, "RunBar", _Bar)
    _Bar.made, _Bar.added = [], []
    plan, tasks = _tournament(4)
    records = [play(t) for t in tasks]
    run = Run("tournament", tasks, plan.settings(), _args("--workers", "1"))
    run.games.keep(records[1])  # one game already kept (as by --resume)
    assert run.play() == [r.without_histories() for r in records]
    assert _Bar.made == [("tournament", 4, 1, "games")]
    assert _Bar.added == [records[0].hands, records[2].hands, records[3].hands]
    assert run.seconds == 2.5 and run.where == "this process"
    league = Run("league", tasks, plan.settings(), _args("--workers", "1"), noun="sessions")
    league.play()
    assert _Bar.made[-1] == ("league", 4, 0, "sessions")


def test_the_summary_says_the_hands_this_command_played_how_fast_and_where() -> None:
    from types import SimpleNamespace

    from pokerroom.cli.runs import Run

    run = Run("tournament", [], {}, _args())
    run.games = SimpleNamespace(records={0: SimpleNamespace(hands=1200),  # type: ignore[assignment]
                                         3: SimpleNamespace(hands=34)}, hands=1000)
    run.seconds, run.where = 0.5, "2 local processes"
    assert run.summary() == ("1,234 hands; this command played 1,000 hands in 0.5 s "
                             "(2,000 hands/s), on 2 local processes")
    run.seconds, run.where = 4.0, ""
    assert run.summary() == ("1,234 hands; this command played 1,000 hands in 4.0 s "
                             "(250 hands/s)")
    run.seconds = 0.0  # nothing played here (all kept before)
    assert run.summary() == "1,234 hands; this command played 1,000 hands in 0.0 s"


def test_say_prints_plain_text_even_on_a_terminal() -> None:
    import io

    from rich.console import Console

    from pokerroom.cli.runs import say

    out = io.StringIO()
    console = Console(file=out, force_terminal=True, color_system="standard", width=20)
    text = "seed 42: 1,000 hands in 0.5 s (2,000 hands/s), on 'this process' [bold] True"
    say(console, text)
    assert out.getvalue() == text + "\n"  # no colour, no markup, no line broken at 20


def test_the_results_line_names_the_database_and_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "[bold] runs").mkdir()
    db = tmp_path / "[bold] runs" / "r.db"  # (not read as markup: the folder was dropped)
    code, out, err = _main(["tournament", *FAST, "--games", "1", "--db", str(db)], capsys)
    assert code == 0, err
    assert out.splitlines()[-1] == f"results: {db} (run 1)"
    code, out, err = _main(["tournament", *FAST, "--games", "2", "--db", str(db)], capsys)
    assert out.splitlines()[-1] == f"results: {db} (run 2)"
    code, out, err = _main(["tournament", *FAST, "--games", "1"], capsys)
    assert code == 0 and "results:" not in out


def test_a_local_run_refuses_a_ray_address_and_counts_only_the_games_left(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerroom.tournament import executor

    code, _, err = _main(["tournament", *FAST, "--games", "2", "--address", "auto"], capsys)
    assert (code, err) == (2, "pokerroom tournament: error: --address names a Ray cluster: "
                              "use it with --executor ray\n")
    started: list[int] = []

    class Pool(SerialExecutor):
        def __init__(self, workers: int) -> None:
            started.append(workers)

    monkeypatch.setattr(executor, "PoolExecutor", Pool)
    monkeypatch.setattr(executor, "default_workers", lambda: 8)
    base = ["tournament", "--players", "random,calling-station", "--rules", "no-limit",
            "--set", "buy_in=100", "--seed", "4", "--workers", "8"]  # fmt: skip
    code, out, err = _main([*base, "--games", "1"], capsys)
    assert code == 0 and started == [] and "on this process" in out  # one game: here
    code, out, err = _main([*base, "--games", "3"], capsys)
    assert code == 0 and started == [3], err  # never more processes than games
    db = tmp_path / "r.db"
    code, out, err = _main([*base, "--games", "3", "--db", str(db)], capsys)
    with ResultsDB(db) as results:  # two of the three games lost
        for table in ("seats", "hands", "games"):
            results._db.execute(f"DELETE FROM {table} WHERE idx < 2")
        results._db.commit()
    started.clear()
    code, out, err = _main([*base, "--games", "3", "--db", str(db), "--resume"], capsys)
    assert code == 0 and started == [2], err  # the two left
    with ResultsDB(db) as results:  # written to the run resumed, which is now finished
        (run,) = results.runs("tournament")
        assert run.done == 3 and run.finished is not None


def test_slugs_are_lower_case_letters_and_digits_joined_by_hyphens() -> None:
    from pokerroom.cli.runs import _slug

    assert _slug("game 12") == "game-12"
    assert _slug("MyBot vs Random #2, deals 1-2") == "mybot-vs-random-2-deals-1-2"
    assert _slug("(XX) Zoë's bot X!") == "xx-zo-s-bot-x"
    assert _slug("  -- ") == ""


def test_the_histories_go_where_asked_folders_made_and_the_log_in_game_order(
    tmp_path: Path,
) -> None:
    from pokerroom.cli.runs import Run, _indent
    from pokerroom.tournament.games import play

    plan, tasks = _tournament(3, log=True, histories=True)
    records = [play(t) for t in tasks]
    assert all(r.log and r.phh for r in records) and len(records[1].phh) == 4
    log, phh, out = tmp_path / "hands.txt", tmp_path / "a" / "b" / "phh", tmp_path / "c" / "x"
    args = _args("--workers", "1", "--log", str(log), "--phh", str(phh),
                 "--export-dir", str(out), "--export", "phh")
    Run("tournament", tasks, plan.settings(), args).play()
    expected = "".join(r.log + "\n\n" for r in records)
    assert log.read_text(encoding="utf-8") == expected
    for r in records:
        name = f"{r.index + 1:05d}-game-{r.index + 1}.phhs"
        text = (phh / name).read_text(encoding="utf-8")
        assert text == "\n".join(f"[{k}]\n{_indent(h, str(k))}"
                                 for k, h in enumerate(r.phh, 1))
        assert text.startswith("[1]\n")
        assert [f"[{k}]" in text.splitlines() for k in range(len(r.phh) + 2)] == [
            False, *[True] * len(r.phh), False]  # the hands numbered from 1
        assert (out / name).is_file()
    # again into the same folders: the files written anew, the log appended to
    Run("tournament", tasks, plan.settings(), args).play()
    assert log.read_text(encoding="utf-8") == expected * 2
    assert sorted(p.name for p in phh.iterdir()) == [
        f"{i:05d}-game-{i}.phhs" for i in (1, 2, 3)]


def test_the_log_is_written_in_game_order_whatever_order_games_end_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerroom.cli.runs import Run
    from pokerroom.tournament import executor
    from pokerroom.tournament.games import play

    plan, tasks = _tournament(4, log=True)
    records = [play(t) for t in tasks]

    class Backwards(SerialExecutor):
        def run(self, fn: Any, tasks: Any) -> Any:
            for i in (2, 3, 0, 1):
                yield i, fn(tasks[i])

    monkeypatch.setattr(executor, "SerialExecutor", Backwards)
    log = tmp_path / "hands.txt"
    Run("tournament", tasks, plan.settings(), _args("--workers", "1", "--log", str(log))).play()
    assert log.read_text(encoding="utf-8") == "".join(r.log + "\n\n" for r in records)


class _Context:
    """A stand-in for ``multiprocessing.get_context``: its pools start no process and
    record how they were made and used (and, with ``press``, Ctrl-C is pressed while the
    pool is made)."""

    def __init__(self, press: bool = False) -> None:
        self.press = press
        self.asked: list[Any] = []
        self.blocked_while_made: bool | None = None

    def __call__(self, method: str | None = None) -> _Context:
        self.asked.append(("context", method))
        return self

    def Pool(self, processes: Any = None, initializer: Any = None) -> _Context:
        import signal
        import threading

        self.asked.append(("pool", processes, initializer))
        self.blocked_while_made = signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, set())
        if self.press:  # (to this thread: another thread would take a press to the process)
            signal.pthread_kill(threading.get_ident(), signal.SIGINT)
        return self

    def imap_unordered(self, fn: Any, jobs: Any, chunksize: int = 0) -> Any:
        self.asked.append(("imap_unordered", chunksize))
        return reversed([fn(job) for job in jobs])

    def close(self) -> None:
        self.asked.append("close")

    def join(self) -> None:
        self.asked.append("join")

    def terminate(self) -> None:
        self.asked.append("terminate")


@pytest.fixture
def ctrl_c() -> Any:
    """Ctrl-C as in a terminal (a background job starts with it ignored), put back after."""
    import signal

    before = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def test_a_pool_is_spawned_with_its_workers_ctrl_c_held_back_while_it_starts(
    monkeypatch: pytest.MonkeyPatch, ctrl_c: None
) -> None:
    import multiprocessing
    import signal

    from pokerroom.tournament.executor import PoolExecutor, _ignore_interrupts

    context = _Context()
    monkeypatch.setattr(multiprocessing, "get_context", context)
    pool = PoolExecutor(1)
    assert (pool.workers, pool.name) == (1, "1 local processes")
    assert context.asked == [("context", "spawn"), ("pool", 1, _ignore_interrupts)]
    assert context.blocked_while_made is True
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, set())
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert list(pool.run(lambda x: -x, [5, 6, 7])) == [(2, -7), (1, -6), (0, -5)]
    assert context.asked[-1] == ("imap_unordered", 1)
    context.asked.clear()
    pool.close()
    assert context.asked == ["close", "join"]
    context.asked.clear()
    pool.abort()
    assert context.asked == ["terminate", "join"]
    assert PoolExecutor(7).name == "7 local processes"
    for workers in (0, -1):
        with pytest.raises(ExecutorError) as err:
            PoolExecutor(workers)
        assert str(err.value) == f"workers: 1 or more, not {workers}"


def test_ctrl_c_while_a_pool_starts_stops_it_gracefully_once_made(
    monkeypatch: pytest.MonkeyPatch, ctrl_c: None
) -> None:
    import multiprocessing
    import signal

    from pokerroom.tournament.executor import PoolExecutor

    context = _Context(press=True)
    monkeypatch.setattr(multiprocessing, "get_context", context)
    with pytest.raises(KeyboardInterrupt):
        PoolExecutor(2)
    assert context.asked[-2:] == ["close", "join"]  # stopped, not terminated
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, set())
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_worker_leaves_ctrl_c_to_the_parent_and_files_each_result_by_its_index(
    ctrl_c: None,
) -> None:
    import signal

    from pokerroom.tournament.executor import _call, _ignore_interrupts

    assert _call((abs, 4, -9)) == (4, 9)
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})  # as a worker starts
    try:
        _ignore_interrupts()
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
        assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, set())
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


MINE = '''
from pokerroom.players import CallingStation

class Mine(CallingStation):
    name = "mine"
'''


def test_the_players_files_made_absolute_modules_and_bots_as_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerroom.cli.runs import player_specs
    from pokerroom.players import BOTS

    monkeypatch.chdir(tmp_path)
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "mine.py").write_text(MINE)
    (tmp_path / "mine.py").write_text(MINE)
    (tmp_path / "a:b").mkdir()
    (tmp_path / "a:b" / "mine.py").write_text(MINE)
    specs, names = player_specs(_args("--players", "bots/mine.py:Mine, mine.py:Mine,,random",
                                      "--player", "a:b/mine.py:Mine",
                                      "--player", " pokerroom.players:CallingStation "))
    assert specs == (f"{tmp_path}/bots/mine.py:Mine", f"{tmp_path}/mine.py:Mine", "random",
                     f"{tmp_path}/a:b/mine.py:Mine", "pokerroom.players:CallingStation")
    assert names == ("mine", "mine #2", "random", "mine #3", "calling-station")
    assert player_specs(_args()) == (tuple(BOTS), tuple(BOTS))  # every bot by default
    most = player_specs(_args("--players", ",".join(["random"] * 14)))
    assert most[1] == ("random", *[f"random #{i}" for i in range(2, 15)])
    only = _args("--player", "random", "--player", "calling-station")
    assert player_specs(only) == (("random", "calling-station"), ("random", "calling-station"))


def test_a_player_that_cannot_be_made_is_named_with_its_option(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerroom.cli.runs import player_specs
    from pokerroom.players import BOTS

    monkeypatch.chdir(tmp_path)
    bots = ", ".join(sorted(BOTS))
    for argv, message in (
        (("--players", "random,strongest"),
         f"--players strongest: no bot 'strongest' (bots: {bots}; or a class: "
         "path/to/file.py:MyBot, package.module:MyBot)"),
        (("--players", "random", "--player", "strongest"),
         f"--player strongest: no bot 'strongest' (bots: {bots}; or a class: "
         "path/to/file.py:MyBot, package.module:MyBot)"),
        (("--players", "random,nowhere.py:Bot"),  # (the message names the file already)
         f"--players {tmp_path}/nowhere.py:Bot: no file '{tmp_path}/nowhere.py'"),
        (("--players", "random,random", "--player", "bots/none:Bot"),
         f"--player {tmp_path}/bots/none:Bot: no file '{tmp_path}/bots/none'"),
        (("--players", ","), "--players: 0 players; give 2 to 14 (a name may repeat)"),
        (("--players", "random"), "--players: 1 player; give 2 to 14 (a name may repeat)"),
        (("--player", "random"), "--player: 1 player; give 2 to 14 (a name may repeat)"),
        (("--players", ",".join(["random"] * 13), "--player", "random", "--player", "random"),
         "--player and --players: 15 players; give 2 to 14 (a name may repeat)"),
    ):
        with pytest.raises(UsageError) as err:
            player_specs(_args(*argv))
        assert str(err.value) == message, argv


def test_a_buy_in_is_at_most_a_billion_chips_and_histories_are_kept_when_asked() -> None:
    from pokerroom.cli.runs import rules_from, wants_histories

    assert rules_from(_args("--set", "buy_in=1000000000")).buy_in == 10**9
    with pytest.raises(UsageError) as err:
        rules_from(_args("--set", "buy_in=1000000001"))
    assert str(err.value) == ("buy_in is 1,000,000,001: at most 1,000,000,000 chips (a run's "
                              "results are 64-bit numbers: a million hands of 14 such stacks "
                              "fit)")
    assert not wants_histories(_args("--log", "hands.txt"))
    assert wants_histories(_args("--phh", "phh"))
    assert wants_histories(_args("--db", "r.db", "--db-hands"))
    assert wants_histories(_args("--export-dir", "out"))


def test_ctrl_c_says_how_many_games_are_kept_and_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerroom.cli.errors import Interrupted
    from pokerroom.cli.runs import Run
    from pokerroom.tournament import executor

    class Pressed(SerialExecutor):
        def run(self, fn: Any, tasks: Any) -> Any:
            yield 0, fn(tasks[0])
            raise KeyboardInterrupt

    monkeypatch.setattr(executor, "SerialExecutor", Pressed)
    plan, tasks = _tournament(3)
    with pytest.raises(Interrupted) as err:
        Run("tournament", tasks, plan.settings(), _args("--workers", "1")).play()
    assert str(err.value) == "1 of 3 games played, not kept (--db FILE keeps them)"
    db = tmp_path / "r.db"
    run = Run("league", tasks, plan.settings(), _args("--workers", "1", "--db", str(db)),
              noun="sessions")
    with pytest.raises(Interrupted) as err:
        run.play()
    assert str(err.value) == f"1 of 3 sessions are in {db}; --resume plays the rest"
    with ResultsDB(db) as results:
        (stored,) = results.runs("league")
        assert stored.done == 1 and stored.finished is None


def test_ray_is_the_executor_asked_for(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _with_ray(monkeypatch, _FakeRay(cpus=2.0))
    code, out, err = _main(["tournament", *FAST[:-2], "--games", "3", "--executor", "ray",
                            "--workers", "2"], capsys)  # fmt: skip
    assert code == 0, err
    assert out.splitlines()[1].endswith("hands/s), on Ray (2 CPUs, local)")


def test_without_a_seed_one_is_drawn_below_2_to_the_31(monkeypatch: pytest.MonkeyPatch) -> None:
    import secrets

    asked: list[int] = []

    def draw(below: int) -> int:
        asked.append(below)
        return 123_456

    monkeypatch.setattr(secrets, "randbelow", draw)
    assert pick_seed(_args(), "tournament", lambda seed: {"seed": seed}) == 123_456
    assert asked == [2**31]
    assert pick_seed(_args("--seed", "0"), "tournament", lambda seed: {"seed": seed}) == 0
    assert asked == [2**31]  # (not drawn)


def test_resume_finds_a_run_of_its_own_kind_or_names_the_differences(tmp_path: Path) -> None:
    from pokerroom.cli.runs import Run

    db = tmp_path / "r.db"
    settings = {"games": 2, "players": ["random", "cfr"], "seed": 3}
    _store(db, ("league", settings))
    args = _args("--db", str(db), "--resume")
    with pytest.raises(UsageError) as err:
        Run("tournament", [], settings, args).play()
    assert str(err.value) == f"--resume: {db} has no tournament to resume"
    _store(db, ("tournament", {**settings, "games": 3, "seed": 4}))
    with pytest.raises(UsageError) as err:
        Run("tournament", [], settings, args).play()
    assert str(err.value) == (f"--resume: no tournament in {db} has these settings (the last "
                              "one, run 2, differs: games: 3 -> 2; seed: 4 -> 3)")


def test_the_cores_are_those_this_process_may_run_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from pokerroom.tournament.executor import default_workers

    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {3})
    assert default_workers() == 1
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 2, 5})
    assert default_workers() == 3
    monkeypatch.delattr(os, "sched_getaffinity")  # (not on Linux)
    for cpus, workers in ((None, 1), (1, 1), (6, 6)):
        monkeypatch.setattr(os, "cpu_count", lambda cpus=cpus: cpus)
        assert default_workers() == workers


def test_ctrl_c_held_back_is_handled_at_the_release_as_its_handler_says(ctrl_c: None) -> None:
    import signal
    import threading

    from pokerroom.tournament.executor import _hold_interrupts, _release_interrupts

    called: list[int] = []
    for handler in (signal.SIG_IGN, lambda signum, frame: called.append(signum)):
        signal.signal(signal.SIGINT, handler)
        hold = _hold_interrupts()
        assert hold is not None and hold.blocked and hold.handler is handler
        signal.pthread_kill(threading.get_ident(), signal.SIGINT)  # held back: pending
        _release_interrupts(hold)  # ignored, or its handler called: nothing raised
        assert signal.getsignal(signal.SIGINT) is handler
        assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, set())
    assert called == [signal.SIGINT]
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # the default: KeyboardInterrupt at release
    hold = _hold_interrupts()
    signal.pthread_kill(threading.get_ident(), signal.SIGINT)
    with pytest.raises(KeyboardInterrupt):
        _release_interrupts(hold)
    assert signal.getsignal(signal.SIGINT) is signal.SIG_DFL
    _release_interrupts(None)  # nothing held: nothing done


def test_the_histories_are_written_in_utf_8_whatever_the_locale(tmp_path: Path) -> None:
    import locale

    from pokerroom.cli.runs import Run
    from pokerroom.rules import Rules
    from pokerroom.tournament.freezeout import Tournament

    plan = Tournament(Rules.preset("no-limit", buy_in=100), ("random", "calling-station"),
                      ("Zoë", "Åsa"), games=2, seed=4)
    tasks = plan.tasks(histories=True, log=True)
    log, phh, out = tmp_path / "hands.txt", tmp_path / "phh", tmp_path / "out"
    args = _args("--workers", "1", "--log", str(log), "--phh", str(phh),
                 "--export-dir", str(out))
    before = locale.setlocale(locale.LC_CTYPE)
    locale.setlocale(locale.LC_CTYPE, "C")  # files opened without an encoding: ASCII
    try:
        Run("tournament", tasks, plan.settings(), args).play()
    finally:
        locale.setlocale(locale.LC_CTYPE, before)
    files = [log, *phh.iterdir(), *out.iterdir()]
    assert len(files) == 5
    for path in files:
        assert "Zoë" in path.read_text(encoding="utf-8"), path.name


def test_ctrl_c_blocked_before_the_hold_stays_blocked_after_it(ctrl_c: None) -> None:
    import signal
    from multiprocessing import resource_tracker

    from pokerroom.tournament.executor import _hold_interrupts, _release_interrupts

    resource_tracker.ensure_running()  # (started first: starting it unblocks Ctrl-C)
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})  # the caller's own block
    try:
        hold = _hold_interrupts()
        assert hold is not None and not hold.blocked
        _release_interrupts(hold)  # nothing pressed: nothing raised, the block left as it was
        assert signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, set())
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
