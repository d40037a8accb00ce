"""Hand ranges: the notation both ways, weights, the grid, and errors that point at the
bad entry."""

from __future__ import annotations

import doctest
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerroom.ranges
from pokerroom.cards import CardError, full_deck, parse_cards
from pokerroom.ranges import COMBO_COUNT, Range, RangeError, combo_cards, combo_index
from pokerroom.starting import HandClass


def test_module_doctests() -> None:
    assert doctest.testmod(pokerroom.ranges, optionflags=doctest.ELLIPSIS).failed == 0


@pytest.mark.parametrize(
    ("text", "combos"),
    [
        ("QQ+", 18),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("QQ", 6),
        ("random", 1326),
        ("any", 1326),
        ("RANDOM", 1326),
        ("AhKh", 1),
        ("ATs+", 16),
        ("KTo+", 36),
        ("AT+", 64),
        ("A5s-A2s", 16),
        ("A2s-A5s", 16),
        ("99-66", 24),
        ("66-99", 24),
        ("T9s-54s", 24),
        ("QQ+,AKs", 22),
        ("QQ+ AKs", 22),
        ("QQ+ , AKs,,", 22),
        ("22+", 78),
        ("AKs:0.5", 4),
        ("10h9h", 1),
    ],
)
def test_combo_counts(text: str, combos: int) -> None:
    assert len(Range.parse(text)) == Range.parse(text).combo_count == combos


def test_plus_and_dash_ranges_hold_the_right_classes() -> None:
    def classes(text: str) -> set[str]:
        return {str(c) for c in Range.parse(text).class_weights()}

    assert classes("QQ+") == {"QQ", "KK", "AA"}
    assert classes("ATs+") == {"ATs", "AJs", "AQs", "AKs"}
    assert classes("KTo+") == {"KTo", "KJo", "KQo"}
    assert classes("A5s-A2s") == {"A5s", "A4s", "A3s", "A2s"}
    assert classes("99-66") == {"99", "88", "77", "66"}
    assert classes("T9s-76s") == {"T9s", "98s", "87s", "76s"}
    assert classes("K9-K7") == {"K9s", "K8s", "K7s", "K9o", "K8o", "K7o"}


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("QQ+", "QQ+"),
        ("AA KK QQ", "QQ+"),
        ("AA", "AA"),
        ("KK-JJ", "KK-JJ"),
        ("QQ+, AKs, AKo", "QQ+, AK"),
        ("ATs+, AKo", "ATs+, AKo"),
        ("ATs+, ATo+", "AT+"),
        ("A2s A3s A4s A5s", "A5s-A2s"),
        ("AKs KQs QJs JTs", "AKs-JTs"),
        ("AKs KQs", "AKs, KQs"),
        ("T9s-54s", "T9s-54s"),
        ("AhKh AsKs AdKd AcKc", "AKs"),
        ("AhKh", "AhKh"),
        ("KhAh", "AhKh"),
        ("random", "random"),
        ("random:0.5", "random:0.5"),
        ("random, AA:0", "KK-22, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32"),
        ("AK, AKs:0.5", "AKo, AKs:0.5"),
        ("KK+,AKs:50%,QJs-JTs", "KK+, QJs, JTs, AKs:0.5"),
        ("AKs:0.25 QQ:0.25", "QQ:0.25, AKs:0.25"),
        ("AsAh AA:0.5", "AA:0.5"),
    ],
)
def test_canonical_text(text: str, canonical: str) -> None:
    r = Range.parse(text)
    assert str(r) == canonical
    assert Range.parse(canonical) == r


def test_weights_and_later_entries_override_earlier_ones() -> None:
    r = Range.parse("AK, AKs:0.5")
    assert r.weight("AhKh") == 0.5 and r.weight("AhKd") == 1.0
    assert r.total_weight == 12 + 2
    assert Range.parse("AKs:50%") == Range.parse("AKs:0.5")
    assert len(Range.parse("random, AA:0")) == 1320
    assert Range.parse("AKs:0") == Range()
    assert Range.parse("AKs, AKs:0.3").weight("AsKs") == 0.3


def test_hands_in_a_range_may_be_written_with_suit_symbols() -> None:
    assert Range.parse("A♠K♠, Q♥Q♣:0.5, JJ") == Range.parse("AsKs, QhQc:0.5, JJ")
    assert str(Range.parse("A♠K♠")) == "AsKs"


def test_membership_weight_and_blocking() -> None:
    r = Range.parse("AKs")
    assert "AhKh" in r and "KhAh" in r and "AhKd" not in r and "nonsense" not in r
    assert tuple(parse_cards("As Ks")) in r
    assert r.weight("AhKd") == 0.0
    assert len(Range.parse("AA").without(parse_cards("As"))) == 3
    assert len(Range.parse("random").without(parse_cards("As Kd 2c"))) == 1176  # C(49, 2)


def test_grid_shares_follow_the_starting_hand_chart() -> None:
    g = Range.parse("AKs, QQ, AhKd").grid()
    assert g[0][1] == 1.0  # AKs above the diagonal
    assert g[1][0] == pytest.approx(1 / 12)  # one AKo of twelve
    assert g[2][2] == 1.0  # QQ on the diagonal
    assert sum(map(sum, g)) == pytest.approx(2 + 1 / 12)
    assert Range.parse("AKs:0.5").class_weights() == {HandClass.parse("AKs"): 0.5}


def test_value_semantics_and_repr() -> None:
    a = Range.parse("AKs")
    b = Range.parse("AhKh, AsKs, AdKd, AcKc")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert repr(a) == "Range.parse('AKs')"
    assert eval(repr(a), {"Range": Range}) == a
    assert repr(Range()) == "Range()" and str(Range()) == "" and not Range()
    assert Range.of(*parse_cards("Ah Kh")).is_hand and not a.is_hand
    assert Range({tuple(parse_cards("Ah Kh")): 0.5}).weight("AhKh") == 0.5


def test_combo_index_is_a_bijection_onto_0_1325() -> None:
    seen = {combo_index(a, b) for a, b in combinations(full_deck(), 2)}
    assert seen == set(range(COMBO_COUNT))
    for i in range(COMBO_COUNT):
        a, b = combo_cards(i)
        assert a > b and combo_index(a, b) == combo_index(b, a) == i


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [
        ("QQ+, AKx", "AKx", 5),
        ("AKx", "AKx", 0),
        ("KK+ 99-77 Q", "Q", 10),
        ("AhAh", "AhAh", 0),
        ("AKs:1.5", "AKs:1.5", 0),
        ("QQ, AKs:x", "AKs:x", 4),
        ("AKs:nan", "AKs:nan", 0),
        ("A5s-K2s", "A5s-K2s", 0),
        ("A5s-A2o", "A5s-A2o", 0),
        ("AKs-AQ", "AKs-AQ", 0),
        ("AAs", "AAs", 0),
        ("QQ+-", "QQ+-", 0),
        ("AKs+AQs", "AKs+AQs", 0),
        ("Jk9s", "Jk9s", 0),
        ("", "", 0),
        (" , ", " , ", 0),
    ],
)
def test_errors_quote_the_bad_entry_and_say_where(text: str, token: str, position: int) -> None:
    with pytest.raises(RangeError) as info:
        Range.parse(text)
    err = info.value
    assert (err.token, err.position, err.text) == (token, position, text)
    assert repr(token) in str(err) and f"character {position + 1} of {text!r}" in str(err)


def test_constructor_refuses_bad_hands_and_weights() -> None:
    with pytest.raises(CardError):
        Range([(1, 1)])
    with pytest.raises(CardError):
        Range([(0, 52)])
    with pytest.raises(ValueError, match="weight"):
        Range({(0, 1): 2.0})


# --- differential: the same notation read by PokerKit and eval7 ---------------------------
def _as_sets(r: Range) -> set[frozenset[str]]:
    return {frozenset(str(c) for c in pair) for pair in r}


@pytest.mark.parametrize(
    "text", ["QQ+", "AKs", "AKo", "AK", "ATs+", "KTo+", "99-66", "T9s-54s", "AhKh", "AT+",
             "QQ+ AKs", "22+"],
)
def test_same_combinations_as_pokerkit(text: str) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    theirs = {frozenset(repr(c) for c in hand) for hand in pokerkit.parse_range(text)}
    assert _as_sets(Range.parse(text)) == theirs


@pytest.mark.filterwarnings("ignore:'parseString' deprecated")
@pytest.mark.parametrize(
    "text", ["QQ+", "AKs", "AKo", "AK", "ATs+", "KTo+", "A5s-A2s", "99-66", "AhKh",
             "22+,A2s+", "AT+", "K9s-K6s"],
)
def test_same_combinations_as_eval7(text: str) -> None:
    eval7 = pytest.importorskip("eval7")
    theirs = {frozenset(str(c) for c in hand) for hand, _ in eval7.HandRange(text).hands}
    assert _as_sets(Range.parse(text)) == theirs


# --- round trips of arbitrary ranges ------------------------------------------------------
_WEIGHTS = st.sampled_from([1.0, 1.0, 1.0, 0.5, 0.25, 0.1, 0.75, 1 / 3])


@st.composite
def ranges(draw: st.DrawFn) -> Range:
    """Arbitrary ranges: whole classes (so the compression has work to do) and loose
    combinations, with a few weights."""
    from pokerroom.starting import ALL_CLASSES

    weights: dict[tuple[int, int], float] = {}
    for cls in draw(st.lists(st.sampled_from(ALL_CLASSES), max_size=60)):
        w = draw(_WEIGHTS)
        for a, b in cls.combos():
            weights[(int(a), int(b))] = w
    for i in draw(st.lists(st.integers(0, COMBO_COUNT - 1), max_size=20)):
        a, b = combo_cards(i)
        weights[(int(a), int(b))] = draw(_WEIGHTS)
    return Range(weights)


@settings(max_examples=300, deadline=None)
@given(ranges())
def test_text_round_trips(r: Range) -> None:
    text = str(r)
    if not r:
        assert text == ""
        return
    back = Range.parse(text)
    assert back == r
    assert str(back) == text


@settings(max_examples=200, deadline=None)
@given(ranges())
def test_text_is_never_longer_than_listing_the_classes(r: Range) -> None:
    listed = ", ".join(
        str(cls) + ("" if w == 1.0 else f":{w!r}") for cls, w in r.class_weights().items()
    )
    if all(w in (1.0, 0.5, 0.25, 0.1, 0.75, 1 / 3) for _, w in r.items()) and all(
        len({r.weight(c) for c in cls.combos()}) == 1 for cls in r.class_weights()
    ):
        assert len(str(r)) <= len(listed)
