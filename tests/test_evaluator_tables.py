"""The evaluators' lookup tables (natural and wild-card) built afresh inside the test.

The evaluators build their tables once, at first use, and every other test reads the
tables built then; these build them again here (``_build``, the uncached builders) and
check what comes out: the same tables the evaluators use (which the census tests check
hand by hand), and, looked up by the layouts ``tables.py`` documents, the same order of
hands as the reference evaluator, which ranks from the rules alone.  (Mutation testing
needs this: it runs each mutant's tests in a process whose tables are already built.)
"""

from __future__ import annotations

import gc
import random

import numpy as np
import pytest

from evaluator_helpers import assert_same_order, encode, key_of
from pokerroom.cards import JOKER
from pokerroom.evaluator import tables as built
from pokerroom.evaluator import wildtables
from pokerroom.evaluator.reference import reference_best
from pokerroom.evaluator.tables import (
    FLUSH_BITS,
    FLUSH_OFFSET,
    LOW24,
    LOW32,
    PACKED_SHIFT,
    RANK_KEYS,
    SUIT_SHIFT,
    SizeTables,
    flush_table,
    rank_multisets,
    tables,
)

SIZES = (5, 6, 7)


def _scalar_value(t: SizeTables, flush: list[int], cards: list[int]) -> int:
    """A hand's value through the scalar layout: key sum, its suit byte, its rank part."""
    k = sum(t.keys[c] for c in cards)
    suit = t.suit_flush[k & 255]
    if suit:
        mask = 0
        for c in cards:
            if c & 3 == suit - 1:
                mask |= 1 << (c >> 2)
        return flush[mask]
    return t.rank_value[k >> 8]


def _batch_value(t: SizeTables, flush: np.ndarray, cards: list[int]) -> int:
    """The same through the batch layout: pairs of cards, then the suit counters."""
    total = 0
    for i in range(0, len(cards) - 1, 2):
        total += int(t.pair[cards[i] | cards[i + 1] << 8])
    if len(cards) % 2:
        total += int(t.single[cards[-1]])
    flushed = (total + FLUSH_OFFSET) & FLUSH_BITS
    if flushed:
        suit = (flushed >> SUIT_SHIFT).bit_length() // 4 - 1
        mask = 0
        for c in cards:
            if c & 3 == suit:
                mask |= 1 << (c >> 2)
        return int(flush[mask])
    return int(t.rank_array[total & LOW32])


def _packed_value(t: SizeTables, flush: np.ndarray, cards: list[int]) -> int:
    """The same through the packed layout: ``uint32`` pair keys, the suit sum in the top
    byte flagging a flush and naming its suit, the card mask giving its ranks."""
    total = 0
    for i in range(0, len(cards) - 1, 2):
        total += int(t.pair_packed[cards[i] | cards[i + 1] << 8])
    if len(cards) % 2:
        total += int(t.single_packed[cards[-1]])
    assert total < 1 << 32  # the sum of n keys never leaves its 32 bits
    suit_sum = total >> PACKED_SHIFT
    if t.flush_flag[suit_sum]:
        single, pair = built.card_bits.__wrapped__()
        mask = 0
        for i in range(0, len(cards) - 1, 2):
            mask |= int(pair[cards[i] | cards[i + 1] << 8])
        if len(cards) % 2:
            mask |= int(single[cards[-1]])
        return int(flush[(mask >> int(t.flush_shift[suit_sum])) & 0x1FFF])
    return int(t.rank_array[total & LOW24])


@pytest.mark.parametrize("n", SIZES)
def test_tables_built_again_are_the_tables_in_use(n: int) -> None:
    fresh, used = built._build(n), tables(n)
    assert fresh.n == n
    assert (fresh.keys, fresh.suit_flush, fresh.rank_value) == (
        used.keys, used.suit_flush, used.rank_value)
    for name in ("rank_array", "pair", "single", "pair_packed", "single_packed", "flush_flag",
                 "flush_shift"):
        a, b = getattr(fresh, name), getattr(used, name)
        assert a.dtype == b.dtype and np.array_equal(a, b), name
        assert not a.flags.writeable, name
    assert np.array_equal(flush_table.__wrapped__(), flush_table())
    for a, b in zip(built.card_bits.__wrapped__(), built.card_bits(), strict=True):
        assert a.dtype == b.dtype and np.array_equal(a, b) and not b.flags.writeable


@pytest.mark.parametrize("n", SIZES)
def test_packed_keys_of_any_n_cards_stay_in_their_fields(n: int) -> None:
    """n copies of the highest key (repeated cards: an unchecked row) still fit below the
    suit byte, and n copies of the highest suit key in it: no carry ever mixes them."""
    t = built._build(n)
    top = int(t.single_packed[:52].max() & LOW24)
    assert top == max(RANK_KEYS[n]) and n * top <= LOW24
    assert n * int(t.single_packed[:52].max() >> PACKED_SHIFT) <= 255
    assert t.single_packed[JOKER] == 0 and t.pair_packed[JOKER | JOKER << 8] == 0


def test_packed_layout_refuses_keys_that_would_carry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(built.RANK_KEYS, 7, (*RANK_KEYS[7][:12], 1 << 22))
    with pytest.raises(AssertionError, match=r"^the keys of 7 cards do not fit the packed layout$"):
        built._packed(7, tables(7).suit_flush)


def test_card_bits_are_one_bit_a_card_and_two_a_pair() -> None:
    single, pair = built.card_bits.__wrapped__()
    assert [int(single[c]) for c in range(52)] == [1 << (13 * (c & 3) + (c >> 2))
                                                   for c in range(52)]  # fmt: skip
    assert single[JOKER] == 0
    for a in range(JOKER + 1):
        for b in range(JOKER + 1):
            assert pair[a | b << 8] == single[a] + single[b]


@pytest.mark.parametrize("n", SIZES)
def test_tables_built_again_rank_hands_as_the_rules_do(n: int) -> None:
    """Random hands, and the hands that stress the layouts (flushes, straights, quads,
    full houses) dealt on purpose, valued through both layouts of fresh tables."""
    fresh = built._build(n)
    flush_np = flush_table.__wrapped__()
    flush = [int(v) for v in flush_np]
    rng = random.Random(100 + n)
    hands = [rng.sample(range(52), n) for _ in range(1500)]
    for _ in range(300):  # n - 2 or more of one suit: flushes and straight flushes
        suit = rng.randrange(4)
        same = rng.sample([r * 4 + suit for r in range(13)], rng.randint(max(3, n - 2), n))
        rest = rng.sample([c for c in range(52) if c not in same], n - len(same))
        hands.append(same + rest)
    for _ in range(300):  # few ranks: pairs, trips, full houses, quads
        ranks = rng.sample(range(13), 3)
        pool = [r * 4 + s for r in ranks for s in range(4)]
        hands.append(rng.sample(pool, n))
    for high in range(3, 13):  # every straight, wheel included, suits mixed
        ranks = [(high - i) % 13 if high - i >= 0 else 12 for i in range(5)]
        cards = [r * 4 + (i % 2) for i, r in enumerate(ranks)]
        extra = [c for c in rng.sample(range(52), 10) if c not in cards][: n - 5]
        hands.append(cards + extra)
    values = [_scalar_value(fresh, flush, h) for h in hands]
    assert [_batch_value(fresh, flush_np, h) for h in hands] == values
    assert [_packed_value(fresh, flush_np, h) for h in hands] == values
    keys = [reference_best(h) for h in hands]
    assert [key_of(v) for v in values] == keys
    assert_same_order(values, map(encode, keys))


def test_rank_multisets_counts_every_multiset_once() -> None:
    # multisets of n ranks from 13, at most four of each: the coefficient of x**n in
    # (1 + x + x**2 + x**3 + x**4)**13
    poly = [1]
    for _ in range(13):
        poly = [sum(poly[i - c] for c in range(5) if 0 <= i - c < len(poly))
                for i in range(len(poly) + 4)]  # fmt: skip
    for n in (1, 2, 5, 6, 7):
        rows = rank_multisets(n)
        assert rows.shape == (poly[n], 13)
        assert (rows.sum(axis=1) == n).all() and rows.min() >= 0 and rows.max() <= min(4, n)
        assert len({tuple(r) for r in rows.tolist()}) == poly[n]


def test_tables_refuse_other_sizes() -> None:
    with pytest.raises(ValueError, match=r"^no tables for 4-card hands \(5, 6 or 7\)$"):
        tables(4)


# ------------------------------------------------------------------ wild-card tables

WILD_PARTS = [(m, w, b) for n in range(5, 8) for b in (0, 1) for w in range(n - b + 1)
              for m in (n - w - b,)]  # fmt: skip


def test_wild_card_tables_built_again_are_the_tables_in_use() -> None:
    """Every wild-card table, built again (the cached builders' own functions), equals the
    one the wild-card evaluators use (which test_wild.py checks against the reference
    evaluator); a table built with its children built again is the same too."""
    for j in range(8):
        assert np.array_equal(wildtables.straight_part.__wrapped__(j),
                              wildtables.straight_part(j))  # fmt: skip
        fresh = wildtables.flush_part.__wrapped__(j)
        assert np.array_equal(fresh, wildtables.flush_part(j)) and not fresh.flags.writeable
        assert wildtables.flush_part_list.__wrapped__(j) == wildtables.flush_part_list(j)
    for m in range(8):
        for a, b in zip(wildtables.level.__wrapped__(m), wildtables.level(m), strict=True):
            assert np.array_equal(a, b)
    for m, w, b in WILD_PARTS:
        assert np.array_equal(wildtables.rank_part.__wrapped__(m, w, b),
                              wildtables.rank_part(m, w, b)), (m, w, b)  # fmt: skip
        if m <= 6:
            dense = wildtables.rank_part_dense.__wrapped__(m, w, b)
            assert np.array_equal(dense, wildtables.rank_part_dense(m, w, b)), (m, w, b)
            assert not dense.flags.writeable
    for w in range(8):
        for b in (0, 1):
            assert wildtables.rank_part_by_code.__wrapped__(w, b) == \
                wildtables.rank_part_by_code(w, b)  # fmt: skip


def test_wild_card_tables_refuse_impossible_hands() -> None:
    with pytest.raises(ValueError, match=r"^a hand has at most 7 wild cards, not 8$"):
        wildtables.flush_part.__wrapped__(8)
    with pytest.raises(ValueError, match=r"^a hand has at most 7 wild cards, not -1$"):
        wildtables.flush_part.__wrapped__(-1)
    for m, w, b in [(2, 1, 1), (6, 1, 1), (3, 1, 2), (-1, 6, 0), (5, -1, 1)]:
        with pytest.raises(ValueError, match=(
                rf"^no rank part for {m} natural cards, {w} wild cards and {b} bugs$")):
            wildtables.rank_part.__wrapped__(m, w, b)


def test_the_big_tables_are_not_walked_by_the_garbage_collector() -> None:
    """The rank tables (millions of entries for 7 cards) are tuples of ints, which the
    collector stops tracking: as lists, every full collection of every process that
    imports the evaluator walked them (about 60 ms each, paid by the network dealers and
    bots every few thousand hands)."""
    gc.collect()
    for n in (5, 6, 7):
        assert not gc.is_tracked(built.tables(n).rank_value), n


@pytest.mark.parametrize(("n", "rank_key", "suit_key", "fits"), [
    (5, 3_355_443, 51, True),  # five of each sum to 16,777,215 and 255: both fields full
    (5, 3_355_444, 51, False),  # ranks one past the low 24 bits
    (5, 3_355_443, 52, False),  # suits one past the top byte
    (8, 1_000, 31, True),  # eight cards: 248
    (8, 1_000, 32, False),  # eight cards: 256, one past the top byte
])  # fmt: skip
def test_packed_layout_takes_keys_only_if_n_cards_never_carry_out_of_their_field(
    monkeypatch: pytest.MonkeyPatch, n: int, rank_key: int, suit_key: int, fits: bool
) -> None:
    # the batch evaluator adds n keys without checking for repeated cards: the guard against
    # keys (changed one day) whose sum could spill the rank field into the suit byte, or the
    # suit byte past 32 bits
    monkeypatch.setitem(built.RANK_KEYS, n, (0, *range(2, 13), rank_key))
    monkeypatch.setitem(built.SUIT_KEYS, n, (0, 1, 2, suit_key))
    if fits:
        single, flag, shift = built._packed(n, [0, 1, 0, 4] + [0] * 252)
        assert single[51] == rank_key | suit_key << built.PACKED_SHIFT
        assert flag.tolist()[:4] == [False, True, False, True]
        assert shift.tolist()[:4] == [0, 0, 0, 39]
    else:
        with pytest.raises(
            AssertionError, match=rf"^the keys of {n} cards do not fit the packed layout$"
        ):
            built._packed(n, [0] * 256)
