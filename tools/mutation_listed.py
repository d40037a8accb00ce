"""Which mutation survivors a part's section of ``docs/development/mutation.md`` lists.

The tables there name mutants the short way: ``betting.…_bet__mutmut_61``, then ``_69``
for another of the same function, ``…_call__mutmut_22`` for another function of the same
module, ``_4`` to ``_10`` for a range, and a table's header may give the module
(``mutant (in `legality.…`)``).  This reads the first column of every table row in one
section (a ``###`` heading and everything under it), expands the ranges, and compares the
mutants named with those left ``survived`` by a run (``tools/mutation_score.py``'s
reading of mutmut's results):

    python tools/mutation_listed.py engine --root mutation/engine

prints the survivors not named in the section, and their count.  A name is matched by
its module, function and number only: mutmut numbers a function's mutants anew when the
function changes, so a name from an older run may now be another mutant of the same
function, and a name found is still to be compared with the row's change by hand
(``mutmut show NAME``).
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[1] / "docs" / "development" / "mutation.md"

Key = tuple[str, str, int]  # module (its last part), function or method, number

_FULL = re.compile(r"^(?P<module>.*)\.(?:x_|xǁ[^ǁ]*ǁ)(?P<function>.+)__mutmut_(?P<n>\d+)$")
_SHORT = re.compile(
    r"^(?:(?P<module>\w+)\.)?(?:…|x_|xǁ[^ǁ]*ǁ)?(?P<function>.+?)__mutmut_(?P<n>\d+)$"
)
_NUMBER = re.compile(r"^_(?P<n>\d+)$")
_TOKEN = re.compile(r"`([^`]+)`|\bto\b")
_MODULE_HEADER = re.compile(r"\(in `(?P<module>\w+)\.…`\)")


def key(name: str) -> Key:
    """A mutant's full name (``pokerroom.engine.pots.x__best__mutmut_2``) as its key.

    >>> key("pokerroom.engine.betting.xǁBettingǁ_bet__mutmut_61")
    ('betting', '_bet', 61)
    """
    match = _FULL.match(name)
    if match is None:
        raise ValueError(f"not a mutant's name: {name!r} (module.x_function__mutmut_N)")
    return match["module"].rpartition(".")[2], match["function"], int(match["n"])


def cell_keys(cell: str, module: str | None) -> list[Key]:
    """The mutants one table cell names, ranges expanded; ``module`` is the table's, if its
    header gives one.

    >>> [n for _, _, n in cell_keys("`hand.…__init____mutmut_94`, `_99` to `_101`", None)]
    [94, 99, 100, 101]
    """
    found: list[Key] = []
    function: str | None = None
    ranged = False
    for match in _TOKEN.finditer(cell):
        token = match[1]
        if token is None:  # the word "to" between two numbers
            ranged = bool(found)
            continue
        number = _NUMBER.match(token)
        if number is not None:
            if module is None or function is None:
                raise ValueError(f"{token} follows no mutant's name in {cell!r}")
            n = int(number["n"])
            start = found[-1][2] + 1 if ranged else n
            if start > n + 1:
                raise ValueError(f"a range that runs backwards in {cell!r}")
            found.extend((module, function, k) for k in range(start, n + 1))
        else:
            name = _SHORT.match(re.sub(r"(?<=\w)…", ".…", token, count=1))
            if name is None:
                ranged = False
                continue  # code in the cell, not a mutant's name
            module = name["module"] or module
            if module is None:
                raise ValueError(f"{token} names no module and the table gives none")
            function = name["function"]
            found.append((module, function, int(name["n"])))
        ranged = False
    return found


_FENCE = re.compile(r"^(`{3,}|~{3,})")


def section(text: str, part: str) -> str:
    """The text under the heading ``### `part` `` (to the next heading of its level or
    higher; a line in a fenced code block, such as a Python comment, is no heading)."""
    lines = text.splitlines()
    heading = f"### `{part}`"
    try:
        start = lines.index(heading)
    except ValueError:
        raise ValueError(f"no heading {heading!r}") from None
    out: list[str] = []
    fence: str | None = None  # the open code block's fence
    for line in lines[start + 1 :]:
        opening = _FENCE.match(line)
        if fence is not None:
            if (
                opening is not None
                and opening[1][0] == fence[0]
                and len(opening[1]) >= len(fence)
                and not line[len(opening[1]) :].strip()
            ):
                fence = None
        elif opening is not None:
            fence = opening[1]
        elif re.match(r"#{1,3} ", line):
            break
        out.append(line)
    return "\n".join(out)


def listed(text: str) -> set[Key]:
    """Every mutant the first column of the tables of ``text`` names."""
    found: set[Key] = set()
    module: str | None = None
    for line in text.splitlines():
        if not line.startswith("|"):
            module = None  # a table ends: its header's module with it
            continue
        cell = line.split("|")[1]
        header = _MODULE_HEADER.search(cell)
        if header is not None:
            module = header["module"]
            continue
        found.update(cell_keys(cell, module))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", help="the part whose section is read (engine, players...)")
    parser.add_argument("--root", type=Path, default=None,
                        help="mutmut's results of that part (default: mutation/PART)")
    parser.add_argument("--doc", type=Path, default=DOC, help="the page to read")
    args = parser.parse_args()
    from mutation_score import scores  # (mutmut's reading: the mutation extra)

    root = args.root if args.root is not None else Path("mutation") / args.part
    names = scores(root)[1].get("survived", [])
    named = listed(section(args.doc.read_text(encoding="utf-8"), args.part))
    missing = sorted(name for name in names if key(name) not in named)
    print("\n".join(missing))
    print(f"{len(names) - len(missing)} of {len(names)} survivors listed, {len(missing)} not")


if __name__ == "__main__":
    main()
