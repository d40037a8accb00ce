"""Mutation testing of the core, one part at a time, each against the tests that cover it.

``make mutation`` runs this.  For each part named in ``[tool.mutation.parts]`` of
pyproject.toml (all of them, in the order listed, unless some are named on the command
line), it copies ``src/``, ``tests/`` and ``docs/`` (which some tests read) to
``mutation/<part>/`` (kept between runs, so a second run goes on where the first stopped
and redoes only what changed), writes there a
``pyproject.toml`` whose ``[tool.mutmut]`` mutates that part alone and selects that part's
tests, and runs ``mutmut run`` in it.  A part's ``warm`` functions (``module:function``,
e.g. ``warm_caches:players``) are called once in mutmut's fork server, after it collects
the tests, so that the process forked for each mutant inherits what they load
(``tests/conftest.py``).  Then it prints the score of every part run so far
(``tools/mutation_score.py``).

    python tools/mutation.py [--jobs N] [PART ...] [--mutants PATTERN ...]

``--mutants`` tries only the mutants whose names match (``'pokerroom.evaluator.classes.*'``),
again even if they were tried before: after a new test, to see the survivors it kills.  The
tests are then first run afresh to learn which functions each one calls (mutmut would
otherwise learn it only for tests it has not seen, and a test edited since would keep the
calls it made then).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import tomli_w

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "mutation"
WARM = "POKERROOM_MUTATION_WARM"  # read by tests/conftest.py
COPIED = ("src", "tests", "docs")
"""What a part's folder holds of the checkout: the sources, the tests, and the guide that
some tests read (its key tables); mutmut copies the tests, and the guide as
``[tool.mutmut]``'s ``also_copy`` says, on into ``mutants/``."""


def parts(project: dict[str, Any]) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = project["tool"]["mutation"]["parts"]
    return found


def settings(scope: dict[str, Any], project: dict[str, Any]) -> dict[str, Any]:
    """A part's ``[tool.mutmut]``: the project's, mutating the part's ``mutate`` alone and
    selecting its ``tests``, with the part's own ``mutmut`` settings over them (e.g. a
    lower ``timeout_multiplier`` where a test takes a minute: mutmut's 15 lets an endless
    loop run for forty)."""
    found = dict(project["tool"]["mutmut"])
    found["only_mutate"] = scope["mutate"]
    found["pytest_add_cli_args_test_selection"] = scope["tests"]
    found.update(scope.get("mutmut", {}))
    return found


def prepare(part: str, scope: dict[str, Any], project: dict[str, Any]) -> Path:
    """The work folder of one part: the sources, the tests, and its mutmut settings."""
    where = WORK / part
    where.mkdir(parents=True, exist_ok=True)
    for name in COPIED:
        shutil.copytree(ROOT / name, where / name, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "_build"))
    local = {"tool": {"mutmut": settings(scope, project), "pytest": project["tool"]["pytest"]}}
    (where / "pyproject.toml").write_text(tomli_w.dumps(local))
    return where


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("parts", nargs="*", help="parts to run (default: every part)")
    parser.add_argument("--jobs", type=int, default=2, help="mutants tried at once")
    parser.add_argument("--mutants", nargs="+", default=[], metavar="PATTERN",
                        help="only the mutants whose names match (tried again if tried before)")
    args = parser.parse_args()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    known = parts(project)
    unknown = [p for p in args.parts if p not in known]
    if unknown:
        parser.error(f"no part {', '.join(unknown)} (parts: {', '.join(known)})")
    mutmut = Path(sys.executable).parent / "mutmut"
    for part in args.parts or list(known):
        where = prepare(part, known[part], project)
        if args.mutants:
            (where / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)
        print(f"--- {part}: {', '.join(known[part]['mutate'])}", flush=True)
        warm = " ".join(known[part].get("warm", []))
        subprocess.run([str(mutmut), "run", "--max-children", str(args.jobs), *args.mutants],
                       cwd=where, check=False, env={**os.environ, WARM: warm})
    score = ROOT / "tools" / "mutation_score.py"
    return subprocess.run([sys.executable, str(score), "--root", str(WORK)], check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
