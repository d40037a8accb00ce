"""Exhaustive and large differential checks of the evaluator (issue 2, "Must show").

* every five-card hand and every seven-card hand against the known counts of
  ``hand-category-counts.csv`` (the seven-card census is the batch evaluator's, as
  ``pokerroom eval --enumerate 7`` runs it);
* every five-card hand and a million random seven-card hands: our order is phevaluator's
  (a strictly monotone bijection between the two value scales), scalar and batch give the
  same values, and they order the hands exactly as the reference evaluator written from
  the rules does: it ranks every one of the 2,598,960 five-card hands by its rule key,
  and each of the million seven-card hands by the best of its 21 five-card subsets,
  exactly as ``reference_best`` defines it (taken here as a vectorised maximum over the
  reference's own five-card keys, and checked against ``reference_best`` itself on the
  first 10,000 hands).
"""

from __future__ import annotations

import csv
import time
from itertools import combinations, starmap
from math import comb
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from phevaluator import _pheval  # the C functions behind phevaluator's Python API

from evaluator_helpers import assert_same_order as assert_ordered_like_the_rules
from evaluator_helpers import encode
from pokerroom.evaluator import Category, category_of, rank5, rank6, rank7, rank_batch
from pokerroom.evaluator.census import Census, census, colex_combinations
from pokerroom.evaluator.reference import reference_best, reference_five

CSV_CATEGORIES = {  # the CSV's labels, lower-cased
    "straight flush (incl. royal)": Category.STRAIGHT_FLUSH,
    "four of a kind": Category.FOUR_OF_A_KIND,
    "full house": Category.FULL_HOUSE,
    "flush": Category.FLUSH,
    "straight": Category.STRAIGHT,
    "three of a kind": Category.THREE_OF_A_KIND,
    "two pair": Category.TWO_PAIR,
    "one pair": Category.PAIR,
    "high card": Category.HIGH_CARD,
}
Counts = dict[Category, tuple[int, int]]


def known_counts(data_dir: Path, cards: int) -> tuple[Counts, tuple[int, int]]:
    """{category: (hands, classes)} and the totals, for 5 or 7 cards, from the CSV."""
    prefix = {5: "five_card", 7: "seven_card"}[cards]
    rows = {}
    with (data_dir / "hand-category-counts.csv").open(newline="") as f:
        for raw in csv.DictReader(f):
            row = {k.strip().lower(): v.strip() for k, v in raw.items()}
            counts = (int(row[f"{prefix}_hands"]), int(row[f"{prefix}_classes"]))
            rows[row["category"].lower()] = counts
    total = rows.pop("total")
    assert set(rows) == set(CSV_CATEGORIES)
    return {CSV_CATEGORIES[name]: counts for name, counts in rows.items()}, total


def assert_matches_csv(result: Census, data_dir: Path) -> None:
    expected, (total_hands, total_classes) = known_counts(data_dir, result.cards)
    assert {cat: (result.hands[cat], result.classes[cat]) for cat in expected} == expected
    assert (result.total_hands, result.total_classes) == (total_hands, total_classes)


def assert_same_order(ours: npt.ArrayLike, theirs_lower_is_better: npt.ArrayLike) -> None:
    """Our values and theirs order the hands identically: the pairs (ours, theirs) that
    occur form a bijection, and sorting by ours sorts theirs the other way round."""
    a = np.asarray(ours, np.int64)
    b = np.asarray(theirs_lower_is_better, np.int64)
    assert a.shape == b.shape and b.min() >= 0 and b.max() < 1 << 20
    pairs = np.unique(a << 20 | b)  # sorted by ours, then by theirs
    mine, theirs = pairs >> 20, pairs & ((1 << 20) - 1)
    assert len(np.unique(mine)) == len(pairs)  # each of our values: one of theirs
    assert len(np.unique(theirs)) == len(pairs)  # each of theirs: one of ours
    assert (np.diff(theirs) < 0).all()  # sorted by ours, theirs strictly falls


def rows_of(hands: npt.NDArray[np.uint8]) -> list[tuple[int, ...]]:
    """The hands as tuples of ints (column by column: much faster than ``tolist()``)."""
    return list(zip(*(hands[:, i].tolist() for i in range(hands.shape[1])), strict=True))


def random_hands(n_hands: int, size: int, seed: int) -> npt.NDArray[np.uint8]:
    rng = np.random.default_rng(seed)
    parts = [np.argsort(rng.random((100_000, 52)), axis=1)[:, :size]
             for _ in range(-(-n_hands // 100_000))]
    return np.vstack(parts)[:n_hands].astype(np.uint8)


def test_every_five_card_hand(data_dir: Path) -> None:
    calls: list[tuple[int, int]] = []
    result = census(5, progress=lambda done, total: calls.append((done, total)))
    assert_matches_csv(result, data_dir)
    assert result.total_classes == 7462
    assert calls == [(2_598_960, 2_598_960)]  # one block: all of them
    hands = colex_combinations(52, 5)
    batch = rank_batch(hands)
    rows = rows_of(hands)
    assert list(map(rank5, rows)) == batch.tolist()  # scalar and batch alike
    assert_same_order(batch, list(starmap(_pheval.evaluate_5cards, rows)))
    assert len(np.unique(batch)) == 7462


@pytest.mark.slow
def test_every_seven_card_hand_through_the_batch_evaluator(data_dir: Path) -> None:
    result = census(7)
    assert_matches_csv(result, data_dir)
    assert result.total_hands == 133_784_560 and result.total_classes == 4824


class _StopError(Exception):
    """Raised by a progress callback to end a census early."""


def test_census_of_seven_cards_reports_progress_of_all_seven_card_hands() -> None:
    """The seven-card census starts and reports its first block (it is stopped there: the
    whole of it is the slow test above)."""
    calls: list[tuple[int, int]] = []

    def stop(done: int, total: int) -> None:
        calls.append((done, total))
        raise _StopError

    with pytest.raises(_StopError):
        census(7, progress=stop)
    assert calls == [(1, 133_784_560)]  # the first block: the seven lowest cards, one hand


@pytest.mark.parametrize("cards", [5, 7])
def test_census_of_a_smaller_pack_counts_every_hand_once(cards: int) -> None:
    """From the 20 lowest cards (deuces to sixes: every category but high card and five of
    a kind), the census counts what ranking each hand on its own counts."""
    pack = 20
    calls: list[tuple[int, int]] = []
    before = time.perf_counter()
    result = census(cards, lambda done, total: calls.append((done, total)), pack=pack)
    elapsed = time.perf_counter() - before
    fn = {5: rank5, 7: rank7}[cards]
    values = [fn(hand) for hand in combinations(range(pack), cards)]
    assert len(values) == comb(pack, cards) == result.total_hands and result.cards == cards
    by_category = {cat: [v for v in values if category_of(v) == cat] for cat in Category}
    del by_category[Category.FIVE_OF_A_KIND]
    assert result.hands == {cat: len(vs) for cat, vs in by_category.items()}
    assert result.classes == {cat: len(set(vs)) for cat, vs in by_category.items()}
    assert result.hands[Category.STRAIGHT_FLUSH] > 0 and result.hands[Category.HIGH_CARD] == 0
    # progress rises to the total (after each highest card, for seven cards)
    dones = [done for done, _ in calls]
    assert {total for _, total in calls} == {len(values)} and dones[-1] == len(values)
    assert dones == sorted(set(dones)) and len(calls) == (1 if cards == 5 else pack - 6)
    assert 0 <= result.seconds <= elapsed
    # the smallest pack: the one hand of its cards
    assert census(cards, pack=cards).hands == {
        cat: int(cat == category_of(fn(range(cards)))) for cat in by_category}


@pytest.mark.parametrize("cards", [4, 6])
def test_census_refuses_other_sizes(cards: int) -> None:
    with pytest.raises(ValueError, match=f"^the census covers 5 or 7 cards, not {cards}$"):
        census(cards)


@pytest.mark.parametrize(("cards", "pack"), [(7, 6), (5, 4), (5, 53)])
def test_census_refuses_other_packs(cards: int, pack: int) -> None:
    with pytest.raises(ValueError, match=(
            f"^a census of {cards}-card hands draws from {cards} to 52 cards, not {pack}$")):
        census(cards, pack=pack)


def test_colex_combinations_in_colexicographic_order() -> None:
    for m, k in ((6, 3), (7, 5), (5, 1)):
        expected = sorted(combinations(range(m), k), key=lambda c: c[::-1])
        got = colex_combinations(m, k)
        assert got.dtype == np.uint8 and got.tolist() == [list(c) for c in expected]
        assert len(expected) == comb(m, k)
    for m, k in ((3, 5), (4, 0)):  # no subsets, and the one empty subset
        got = colex_combinations(m, k)
        assert got.dtype == np.uint8 and got.shape == (comb(m, k), k)


def colex_index(fives: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Position of each ascending five-card row in ``colex_combinations(52, 5)``."""
    table = np.array([[comb(c, k + 1) for c in range(52)] for k in range(5)], np.int64)
    index = np.zeros(len(fives), dtype=np.int64)
    for k in range(5):
        index += table[k][fives[:, k]]
    return index


@pytest.mark.slow
def test_a_million_random_seven_card_hands_agree_with_phevaluator_and_the_reference() -> None:
    hands = random_hands(1_000_000, 7, seed=2)
    batch = rank_batch(hands)
    rows = rows_of(hands)
    assert list(map(rank7, rows)) == batch.tolist()
    assert_same_order(batch, list(starmap(_pheval.evaluate_7cards, rows)))
    # The reference's key of every five-card hand (encoded as ints that order alike):
    # rank5 and batch order all of them as the rules do
    fives = colex_combinations(52, 5)
    reference5 = np.fromiter(
        (encode(reference_five(h)) for h in rows_of(fives)), dtype=np.int64, count=len(fives)
    )
    assert_ordered_like_the_rules(rank_batch(fives), reference5)
    # ... and the million: by the best of each hand's 21 five-card subsets
    ordered = np.sort(hands, axis=1).astype(np.int64)
    best = np.full(len(hands), -1, dtype=np.int64)
    for subset in combinations(range(7), 5):
        np.maximum(best, reference5[colex_index(ordered[:, list(subset)])], out=best)
    assert_ordered_like_the_rules(batch, best)
    sample = rows[:10_000]
    assert [encode(reference_best(h)) for h in sample] == best[:10_000].tolist()


def test_random_six_card_hands_agree_with_phevaluator() -> None:
    hands = random_hands(200_000, 6, seed=3)
    batch = rank_batch(hands)
    rows = rows_of(hands)
    assert list(map(rank6, rows)) == batch.tolist()
    assert_same_order(batch, list(starmap(_pheval.evaluate_6cards, rows)))
