"""The command line of ``tools/lbr_paired.py``: which seeds ``--seeds`` pools (ranges and
single seeds separated by commas, each at most once), how a pooled list is named, and
the confidence level ``--level`` takes; bad input is refused naming the problem."""

from __future__ import annotations

import argparse

import pytest

from tool_helpers import load_tool

paired = load_tool("lbr_paired")


def test_a_range_is_its_seeds_in_order() -> None:
    assert paired._seeds("1-7") == [1, 2, 3, 4, 5, 6, 7]
    assert paired._seeds("22-22") == [22]
    assert paired._seeds("4") == [4]


def test_ranges_and_single_seeds_separated_by_commas_are_pooled_in_order() -> None:
    assert paired._seeds("1-3,7-9") == [1, 2, 3, 7, 8, 9]
    assert paired._seeds("5,1-2,9") == [5, 1, 2, 9]
    assert paired._seeds("1-27,33-38") == [*range(1, 28), *range(33, 39)]


@pytest.mark.parametrize(("text", "message"), [
    ("1-3,3-5", "seed 3 is listed twice in '1-3,3-5'"),
    ("2,1-4", "seed 2 is listed twice"),
    ("7-3", "no seeds from 7 to 3"),
    ("1-3,", "not '1-3,'"),
    ("a-b", "seeds are A-B or A-B,C-D,E"),
    ("1-3;5", "not '1-3;5'"),
])  # fmt: skip
def test_bad_seeds_are_refused_naming_the_problem(text: str, message: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=message):
        paired._seeds(text)


def test_a_pooled_list_is_named_by_its_runs_of_consecutive_seeds() -> None:
    assert paired._listed(list(range(1, 43))) == "1 to 42"
    assert paired._listed([*range(1, 28), *range(33, 39)]) == "1 to 27, 33 to 38"
    assert paired._listed([5, 1, 2, 9]) == "5, 1 to 2, 9"


def test_the_level_lies_strictly_between_zero_and_one() -> None:
    assert paired._level("0.95") == 0.95
    assert paired._level("0.9833") == 0.9833
    for text in ("0", "1", "1.5", "-0.1", "ninety", "nan", "inf"):
        with pytest.raises(argparse.ArgumentTypeError) as caught:
            paired._level(text)
        assert str(caught.value) == (
            f"a number above 0 and below 1 (a confidence level, like 0.95), not '{text}'"
        )
