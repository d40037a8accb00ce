"""The errors of hand-history files keep their parts through pickling (an error raised in
another process, a pool or Ray worker, reaches the caller pickled), and ``located`` adds
the file and the outer place to them."""

from __future__ import annotations

import pickle

import pytest

from pokerroom.history.errors import ACPCError, HistoryError, PHHError, ReplayError


@pytest.mark.parametrize("cls", [HistoryError, PHHError, ACPCError, ReplayError])
def test_each_history_error_survives_pickling_with_its_parts(cls: type[HistoryError]) -> None:
    error = cls("a field is missing", source="h.phh", where="field 'actions'")
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is cls
    assert (back.reason, back.source, back.where) == ("a field is missing", "h.phh",
                                                      "field 'actions'")  # fmt: skip
    assert str(back) == "h.phh: field 'actions': a field is missing"


def test_a_history_error_without_source_or_place_pickles_to_its_reason_alone() -> None:
    back = pickle.loads(pickle.dumps(ReplayError("no such card")))
    assert (back.reason, back.source, back.where) == ("no such card", None, None)
    assert str(back) == "no such card"


def test_located_fills_in_the_source_and_nests_the_place() -> None:
    inner = PHHError("not a number", where="action 3")
    outer = inner.located(source="h.phhs", where="hand 2")
    assert type(outer) is PHHError
    assert str(outer) == "h.phhs: hand 2: action 3: not a number"
    assert str(inner) == "action 3: not a number"  # a copy: the first is unchanged
    assert str(PHHError("bad", source="a.phh").located(source="b.phh")) == "a.phh: bad"
    assert str(PHHError("bad").located(where="line 4")) == "line 4: bad"
    assert str(PHHError("bad", where="action 3").located(source="f.phh")) == (
        "f.phh: action 3: bad")
