"""The reading of the mutants a section of the mutation page lists
(``tools/mutation_listed.py``): short names, a module carried over, ranges, a table's
module, and the survivors left unlisted."""

from __future__ import annotations

import pytest

from tool_helpers import load_tool

listed_tool = load_tool("mutation_listed")


def test_a_full_name_is_its_module_function_and_number() -> None:
    key = listed_tool.key
    assert key("pokerroom.engine.betting.xǁBettingǁ_bet__mutmut_61") == ("betting", "_bet", 61)
    assert key("pokerroom.engine.pots.x__best__mutmut_2") == ("pots", "_best", 2)
    assert key("pokerroom.engine.hand.xǁHandǁ__init____mutmut_109") == ("hand", "__init__", 109)
    assert key("pokerroom.engine.pots.xǁ_Orderǁkey__mutmut_10") == ("pots", "key", 10)
    with pytest.raises(ValueError, match="not a mutant's name"):
        key("pokerroom.engine.pots.award")


def test_a_cell_names_mutants_with_the_module_and_function_carried_over() -> None:
    cell = listed_tool.cell_keys
    assert cell("`betting.…_bet__mutmut_61`, `_69`; `…_call__mutmut_22`, `_25`; "
                "`pots.x__best__mutmut_2`; `hand.…__init____mutmut_109`", None) == [
        ("betting", "_bet", 61), ("betting", "_bet", 69), ("betting", "_call", 22),
        ("betting", "_call", 25), ("pots", "_best", 2), ("hand", "__init__", 109),
    ]  # fmt: skip


def test_a_module_written_against_the_ellipsis_is_the_module() -> None:
    # the environments' rows write ``encoder…_step`` (no dot before the ellipsis)
    cell = listed_tool.cell_keys
    assert cell("`encoder…_step__mutmut_37`, `_next_round__mutmut_44`", None) == [
        ("encoder", "_step", 37), ("encoder", "_next_round", 44),
    ]  # fmt: skip
    assert cell("`aec.…_finish__mutmut_3` to `_4`", None) == [
        ("aec", "_finish", 3), ("aec", "_finish", 4),
    ]  # fmt: skip


def test_a_range_is_every_number_from_the_first_to_the_last() -> None:
    cell = listed_tool.cell_keys
    assert cell("`betting.…_end_round__mutmut_1` to `_4`", None) == [
        ("betting", "_end_round", k) for k in (1, 2, 3, 4)
    ]
    assert cell("`state.…_give_back__mutmut_7` to `_10`; `plan.x_draw__mutmut_17`", None) == [
        ("state", "_give_back", 7), ("state", "_give_back", 8), ("state", "_give_back", 9),
        ("state", "_give_back", 10), ("plan", "draw", 17),
    ]  # fmt: skip
    # a range within a list, the next number after it a single one again
    assert cell("`hand.…__init____mutmut_94`, `_99` to `_101`, `_111`", None) == [
        ("hand", "__init__", k) for k in (94, 99, 100, 101, 111)
    ]
    with pytest.raises(ValueError, match="runs backwards"):
        cell("`pots.x__best__mutmut_9` to `_3`", None)


def test_a_number_or_name_without_its_module_is_refused_unless_the_table_gives_it() -> None:
    cell = listed_tool.cell_keys
    assert cell("`_raise_range__mutmut_9`, `_84`", "legality") == [
        ("legality", "_raise_range", 9), ("legality", "_raise_range", 84)
    ]  # fmt: skip
    with pytest.raises(ValueError, match="names no module"):
        cell("`_raise_range__mutmut_9`", None)
    with pytest.raises(ValueError, match="follows no mutant"):
        cell("`_9`", "legality")
    assert cell("`zip(…, strict=True)` loosened", "pots") == []  # code, not a name


PAGE = """# Mutation testing

### `engine`

| mutant | change | why |
|---|---|---|
| `betting.…_bet__mutmut_61` to `_63` | a flag | (equivalent) |

Prose naming `pots.x__best__mutmut_7` is not a table row.

| mutant (in `legality.…`) | change | why |
|---|---|---|
| `_smaller__mutmut_3`, `_4` | `>=` → `>` | (equivalent) |

#### A subsection, still the engine's

| mutant | change | why |
|---|---|---|
| `legality.…_smaller__mutmut_12` | a subsection's table | (equivalent) |

### `table`

| mutant | change | why |
|---|---|---|
| `table.x_seat__mutmut_1` | another part | (equivalent) |
"""


def test_a_section_lists_the_first_column_of_its_tables_and_no_other_part() -> None:
    found = listed_tool.listed(listed_tool.section(PAGE, "engine"))
    assert found == {
        ("betting", "_bet", 61), ("betting", "_bet", 62), ("betting", "_bet", 63),
        ("legality", "_smaller", 3), ("legality", "_smaller", 4), ("legality", "_smaller", 12),
    }  # fmt: skip
    # a table's module is its own: the next table does not inherit it
    with pytest.raises(ValueError, match="names no module"):
        listed_tool.listed(listed_tool.section(PAGE.replace("`legality.…_smaller", "`_smaller"),
                                               "engine"))  # fmt: skip
    with pytest.raises(ValueError, match="no heading"):
        listed_tool.section(PAGE, "solver")


def test_a_comment_in_a_code_block_is_no_heading() -> None:
    # a section's Python example may open with "# run with ...": the tables after it are
    # still the section's
    page = PAGE.replace(
        "#### A subsection", "```python\n# run with the venv's Python\nprint(1)\n```\n\n#### A"
    )
    found = listed_tool.listed(listed_tool.section(page, "engine"))
    assert ("legality", "_smaller", 12) in found
    assert ("table", "seat", 1) not in found
    # a fence that opens with more backticks or tildes is closed only by its own kind
    page = PAGE.replace("Prose naming", "~~~~\n## not a heading\n```\n~~~~\n\nProse naming")
    found = listed_tool.listed(listed_tool.section(page, "engine"))
    assert ("legality", "_smaller", 3) in found
