"""The mutation-testing score of each module, from what ``mutmut run`` left behind.

Run by ``make mutation`` (``tools/mutation.py``) over ``mutation/*/mutants``, or after a
plain ``mutmut run`` over ``mutants``; ``python tools/mutation_score.py [--list STATUS]``
prints one line per module (killed / survived / timeout / other / not yet checked) and,
with ``--list survived``, the names of the mutants in that state (``mutmut show NAME``
prints one).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from mutmut.stats import status_by_exit_code

COLUMNS = ("killed", "survived", "timeout", "other", "not checked")


def scores(root: Path) -> tuple[dict[str, Counter[str]], dict[str, list[str]]]:
    """Per module, how many mutants ended in each state; per state, the mutants' names."""
    per_module: dict[str, Counter[str]] = {}
    names: dict[str, list[str]] = {}
    for meta in sorted(root.rglob("*.py.meta")):
        codes = json.loads(meta.read_text())["exit_code_by_key"]
        if not codes:
            continue
        path = meta.relative_to(root).as_posix()[: -len(".py.meta")]
        module = path.rpartition("mutants/src/")[2].replace("/", ".")
        counts = per_module.setdefault(module, Counter())
        for name, code in codes.items():
            status = status_by_exit_code[code]
            column = status if status in COLUMNS else "other"
            counts[column] += 1
            names.setdefault(status, []).append(name)
    return per_module, names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", metavar="STATUS", help="list the mutants in this state")
    parser.add_argument("--root", type=Path, default=Path("mutation"),
                        help="where to look for mutmut's results (default: mutation)")
    args = parser.parse_args()
    per_module, names = scores(args.root)
    if args.list:
        print("\n".join(sorted(names.get(args.list, []))))
        return
    width = max((len(m) for m in per_module), default=6)
    print(f"{'module':<{width}}  " + "  ".join(f"{c:>11}" for c in COLUMNS))
    total: Counter[str] = Counter()
    for module, counts in per_module.items():
        total.update(counts)
        print(f"{module:<{width}}  " + "  ".join(f"{counts[c]:>11}" for c in COLUMNS))
    print(f"{'total':<{width}}  " + "  ".join(f"{total[c]:>11}" for c in COLUMNS))


if __name__ == "__main__":
    main()
