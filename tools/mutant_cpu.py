"""The CPU time of one mutant's run, as mutmut makes it, to compare test selections.

Run in a part's ``mutants`` folder (``mutation/<part>/mutants``) after a mutmut run there:
it reads which selected tests call the mutant's function from ``mutmut-stats.json``,
calls the part's ``warm`` functions, switches the mutant on (``MUTANT_UNDER_TEST``) and
runs those tests in one ``pytest.main``, shortest first (``tests/conftest.py`` orders them
by the durations mutmut recorded) and stopping at the first failure, as mutmut does. It
prints the number of tests, pytest's exit code (0: the mutant survives) and the CPU
seconds (``time.process_time``), which a loaded machine does not inflate as it does the
wall clock. ``--without PREFIX`` leaves out the tests whose names start with it (a test
file), to time the same mutant with and without it:

    cd mutation/players/mutants
    PYTHONPATH=src ../../../.venv/bin/python ../../../tools/mutant_cpu.py \\
        'pokerroom.players.runner.xǁRunnerǁplay__mutmut_5' --warm warm_caches:players \\
        --without tests/test_runner_exact.py
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import pytest


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mutant", help="the mutant's name, as mutmut prints it")
    parser.add_argument("--warm", nargs="*", default=[], metavar="MODULE:FUNCTION",
                        help="the part's warm functions (tests/warm_caches.py)")
    parser.add_argument("--without", nargs="*", default=[], metavar="PREFIX",
                        help="leave out the tests whose names start with these")
    args = parser.parse_args()
    stats = json.loads(Path("mutmut-stats.json").read_text())
    function = args.mutant.rsplit("__mutmut_", 1)[0]
    tests = [t for t in stats["tests_by_mangled_function_name"].get(function, [])
             if not any(t.startswith(p) for p in args.without)]  # fmt: skip
    if not tests:
        parser.error(f"no selected test calls {function}")
    sys.path[:0] = ["src", "tests"]
    import warm_caches  # in tests/, on the path from here on

    warm_caches.call(args.warm)
    os.environ["MUTANT_UNDER_TEST"] = args.mutant
    start = time.process_time()
    code = pytest.main(["-q", "-x", "-p", "no:cacheprovider", *tests])
    spent = time.process_time() - start
    print(f"{args.mutant}: {len(tests)} tests, exit {int(code)}, cpu {spent:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
