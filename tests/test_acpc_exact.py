"""ACPC dealer logs, exactly (protocols.md §1): the whole text of a betting refusal after a
sized raise, the rounding slack of a value printed with six digits, and comment lines kept
as written."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pokerroom.history.acpclog import ACPCLog, parse_betting, rounding_error
from pokerroom.history.errors import ACPCError


@pytest.mark.parametrize("raise_", ["r100", "R100", "b100", "B100"])
def test_a_sized_raise_before_an_unknown_action_is_not_blamed_for_its_size(raise_: str) -> None:
    betting = raise_ + "x"
    with pytest.raises(ACPCError) as info:
        parse_betting(betting)
    hint = "(actions are f, c, r or rN; rounds are separated by '/')"
    assert str(info.value) == f"bad betting {betting!r} at 'x' {hint}"


@pytest.mark.parametrize(
    ("printed", "slack"),
    [
        ("1.00000", "0.000005"),  # six significant digits, even if the value is 1
        ("-1.00000", "0.000005"),
        ("100000", "0.5"),
        ("1.0000", "0"),  # five digits: exact
        ("1", "0"),
        ("0.00000", "0"),
    ],
)
def test_the_rounding_slack_of_a_printed_value(printed: str, slack: str) -> None:
    assert rounding_error(Decimal(printed)) == Decimal(slack)


def test_comment_lines_are_kept_as_written_trailing_blanks_included() -> None:
    log = ACPCLog.parse("# header  \t\n; a note \nSTATE:0:f:7d3d|2hAc:5|-5:Alice|Bob\n")
    assert log.comments == ("# header  \t", "; a note ")
