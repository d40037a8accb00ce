"""Mutants planted one at a time in forked processes, the tests collected once.

Where mutmut's own run of a part is too slow on a loaded machine (each mutant's run starts
pytest again), this plants the mutants of a part's mutated copy, made by a mutmut run
(``mutation/<part>/mutants/src``), against a few test files: pytest collects them once,
then for each mutant named a process is forked with ``MUTANT_UNDER_TEST`` set (as mutmut
sets it, so ``tests/conftest.py`` empties the caches the same way) and runs the tests in
order to the first failure. One line per mutant goes to ``--out``: its name, ``killed``,
``survived`` or ``timeout`` (over ``--timeout`` seconds, or over 4 GiB of memory), the
seconds taken and the first failing test; mutants already in the file are skipped, so a
run stopped goes on where it stopped. Run from a checkout's root:

    PYTHONPATH=mutation/solvernl/mutants/src .venv/bin/python tools/mutation_planted.py \\
        --names names.txt --out planted.txt tests/test_solver_nolimit_exact.py

``--warm warm_caches:players`` loads what a part's ``warm`` names once, before the forks
(as ``tools/mutation.py`` has mutmut's fork server do).

A mutant that survives these files may still be killed by the part's other tests: run it
by name with mutmut (``tools/mutation.py PART --mutants NAME``) to be sure.
"""

from __future__ import annotations

import argparse
import os
import resource
import signal
import sys
import time
from pathlib import Path

import pytest
from _pytest.runner import runtestprotocol

MEMORY = 4 << 30
"""The address space a mutant's process may take: an endless growth fails, not the machine."""


class Planter:
    """The pytest plugin: plants every mutant named once the tests are collected."""

    def __init__(self, names: list[str], out: Path, timeout: float, warm: list[str]) -> None:
        self.names = names
        self.out = out
        self.timeout = timeout
        self.warm = warm

    @staticmethod
    def _run(session: pytest.Session, name: str) -> tuple[int, str]:
        os.environ["MUTANT_UNDER_TEST"] = name
        items = session.items
        for i, item in enumerate(items):
            following = items[i + 1] if i + 1 < len(items) else None
            reports = runtestprotocol(item, nextitem=following, log=False)
            if any(r.failed for r in reports):
                return 1, item.nodeid
        return 0, ""

    def _plant(self, session: pytest.Session, name: str) -> tuple[str, str]:
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the mutant's process: its output and its answer down the pipe
            os.close(read)
            resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
            quiet = os.open(os.devnull, os.O_WRONLY)
            os.dup2(quiet, 1)
            os.dup2(quiet, 2)
            try:
                code, where = self._run(session, name)
            except BaseException as error:  # any error kills the mutant
                code, where = 1, f"error: {type(error).__name__}"
            os.write(write, where.encode())
            os._exit(code)
        os.close(write)
        start = time.monotonic()
        status = None
        while time.monotonic() - start < self.timeout:
            done, raw = os.waitpid(pid, os.WNOHANG)
            if done:
                status = os.waitstatus_to_exitcode(raw)
                break
            time.sleep(0.02)
        if status is None:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(read)
            return "timeout", ""
        where = os.read(read, 4000).decode()
        os.close(read)
        return {0: "survived", 1: "killed"}.get(status, f"exit {status}"), where

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session: pytest.Session) -> bool:
        done = set()
        if self.out.exists():
            done = {line.split()[0] for line in self.out.read_text().splitlines() if line}
        import warm_caches  # in tests/, put on the path by its conftest.py

        warm_caches.call(self.warm)  # loaded once, before the mutants' processes are forked
        with self.out.open("a") as out:
            for name in self.names:
                if name in done:
                    continue
                start = time.monotonic()
                verdict, where = self._plant(session, name)
                out.write(f"{name} {verdict} {time.monotonic() - start:.1f} {where}\n")
                out.flush()
        return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--names", type=Path, required=True, help="mutants' names, one a line")
    parser.add_argument("--out", type=Path, required=True, help="the results, one a line")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds a mutant may take")
    parser.add_argument("--warm", action="append", default=[], metavar="MODULE:FUNCTION",
                        help="a part's warm function, called once before the forks "
                             "(warm_caches:players)")
    parser.add_argument("tests", nargs="+", help="the test files (or node ids) to run")
    args = parser.parse_args()
    names = [n.strip() for n in args.names.read_text().splitlines() if n.strip()]
    planter = Planter(names, args.out, args.timeout, args.warm)
    options = ["-q", "-p", "no:randomly", "-p", "no:cacheprovider", "-o", "addopts=", "-n", "0"]
    pytest.main([*options, *args.tests], plugins=[planter])
    return 0


if __name__ == "__main__":
    sys.exit(main())
