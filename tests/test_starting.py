"""The 169 starting-hand classes (rules.md §2, 002)."""

from __future__ import annotations

from itertools import combinations

import pytest

from pokerroom.cards import full_deck, parse_cards
from pokerroom.starting import ALL_CLASSES, HandClass, HandClassError, grid


def test_169_classes_cover_the_1326_combinations_exactly_once() -> None:
    assert len(ALL_CLASSES) == 169
    assert len(set(ALL_CLASSES)) == 169
    seen = {}
    for a, b in combinations(full_deck(), 2):
        cls = HandClass.of(a, b)
        seen.setdefault(cls, set()).add(frozenset((a, b)))
    assert set(seen) == set(ALL_CLASSES)
    for cls, combos in seen.items():
        assert len(combos) == cls.combo_count
        assert {frozenset(c) for c in cls.combos()} == combos


def test_pairs_suited_and_offsuit_counts() -> None:
    kinds = [c.combo_count for c in ALL_CLASSES]
    assert kinds.count(6) == 13 and kinds.count(4) == 78 and kinds.count(12) == 78


@pytest.mark.parametrize("text", ["AA", "AKs", "Q9o", "T2o", "22"])
def test_class_notation_round_trips(text: str) -> None:
    assert str(HandClass.parse(text)) == text


def test_class_notation_normalises_order_and_case() -> None:
    assert str(HandClass.parse("kas")) == "AKs"
    assert str(HandClass.of(*parse_cards("9h Qc"))) == "Q9o"


@pytest.mark.parametrize("text", ["AK", "AAs", "A", "AKx", "ZZ", "AKso"])
def test_bad_class_text_is_refused(text: str) -> None:
    with pytest.raises(HandClassError, match=repr(text)):
        HandClass.parse(text)


def test_grid_has_pairs_on_the_diagonal_suited_above() -> None:
    g = grid()
    assert str(g[0][0]) == "AA" and str(g[0][1]) == "AKs" and str(g[1][0]) == "AKo"
    assert str(g[12][12]) == "22"
