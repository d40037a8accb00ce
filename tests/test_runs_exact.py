"""What ``pokerroom tournament`` and ``pokerroom league`` share (``cli/runs.py``) and the
executor (``tournament/executor.py``), by exact answers, in this process: the seed a run
takes (``--seed``, ``--resume``'s, or drawn), the players and their names, the rules'
bound, each refusal word for word, what is written where, and the serial executor's
results by index (no process pool, no Ray: the mutation part ``runs``)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

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
