"""Hand ranges: the notation both ways, weights, the grid, and errors that point at the
bad entry."""

from __future__ import annotations

import doctest
from itertools import combinations

import eval7  # oracles the project declares (the test extra): a missing one fails the run
import pokerkit
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
        ("KQs QJs JTs", "KQs-JTs"),  # three make a chain
        ("KQs QJs JTs 87s 76s 65s", "KQs-JTs, 87s-65s"),  # every chain, not just the first
        ("KQo QJo JTo, KQs QJs JTs, 54s", "KQ-JT, 54s"),
        ("K9s Q8s J7s KQo", "KQo, K9s-J7s"),  # a chain sorts by its top class
        ("KQs QJs JTs T2o", "KQs-JTs, T2o"),  # the classes after a chain are written too
        ("T9s-54s", "T9s-54s"),
        ("AhKh AsKs AdKd AcKc", "AKs"),
        ("AhKh", "AhKh"),
        ("KhAh", "AhKh"),
        ("2c3d AhKd", "AhKd, 3d2c"),  # single hands: the better class first
        ("AhKd AsKd 7c2d", "AsKd, AhKd, 7c2d"),  # in a class: the higher cards first
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


FORMS = ("write hands like 'AhKh', classes like 'AKs', 'AKo', 'AK', 'QQ', ranges like 'QQ+', "
         "'ATs+', 'A5s-A2s', '99-66', 'T9s-54s', or 'random'; a weight like 'AKs:0.5'")
WEIGHT_HINT = "a weight is a number from 0 to 1 or a percentage, like 'AKs:0.5' or 'AKs:50%'"
TWO_CARDS = "a hand is two different cards, like 'AhKh'"
NOT_RANGE = "not a hand or range"
DASH = "a dash range keeps the high card (A5s-A2s), the gap (T9s-54s) or pairs (99-66)"
WEIGHT_RANGE = "a weight must lie between 0 and 1"
EMPTY, EMPTY_HINT = "an empty range", "give at least one hand or class"


@pytest.mark.parametrize(
    ("text", "token", "position", "problem", "hint"),
    [
        ("QQ+, AKx", "AKx", 5, NOT_RANGE, FORMS),
        ("AKx", "AKx", 0, NOT_RANGE, FORMS),
        ("KK+ 99-77 Q", "Q", 10, NOT_RANGE, FORMS),
        ("AhAh", "AhAh", 0, "the same card twice", TWO_CARDS),
        ("AKs:1.5", "AKs:1.5", 0, WEIGHT_RANGE, WEIGHT_HINT),
        ("QQ, AKs:x", "AKs:x", 4, "not a weight", WEIGHT_HINT),
        ("AKs:nan", "AKs:nan", 0, WEIGHT_RANGE, WEIGHT_HINT),
        ("A5s-K2s", "A5s-K2s", 0, DASH, FORMS),
        ("A5s-A2o", "A5s-A2o", 0, DASH, FORMS),
        ("AKs-AQ", "AKs-AQ", 0, "both ends of a dash range need the same suffix", FORMS),
        ("AAs", "AAs", 0, NOT_RANGE, FORMS),
        ("QQ+-", "QQ+-", 0, NOT_RANGE, FORMS),
        ("AKs+AQs", "AKs+AQs", 0, NOT_RANGE, FORMS),
        ("Jk9s", "Jk9s", 0, NOT_RANGE, FORMS),
        ("", "", 0, EMPTY, EMPTY_HINT),
        (" , ", " , ", 0, EMPTY, EMPTY_HINT),
    ],
)
def test_errors_quote_the_bad_entry_and_say_where(
    text: str, token: str, position: int, problem: str, hint: str
) -> None:
    with pytest.raises(RangeError) as info:
        Range.parse(text)
    err = info.value
    assert (err.token, err.position, err.text) == (token, position, text)
    assert str(err) == f"{problem}: {token!r} (character {position + 1} of {text!r}); {hint}"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("QQ, AKs:x", f"not a weight: 'AKs:x' (character 5 of 'QQ, AKs:x'); {WEIGHT_HINT}"),
        ("AKs:1.5", f"a weight must lie between 0 and 1: 'AKs:1.5' (character 1 of 'AKs:1.5'); "
                    f"{WEIGHT_HINT}"),
        ("AKs:-0.5", f"a weight must lie between 0 and 1: 'AKs:-0.5' (character 1 of "
                     f"'AKs:-0.5'); {WEIGHT_HINT}"),
    ],
)
def test_weight_errors_say_what_a_weight_is(text: str, message: str) -> None:
    with pytest.raises(RangeError) as info:
        Range.parse(text)
    assert str(info.value) == message


def test_weights_of_exactly_0_and_1() -> None:
    assert Range.parse("AKs:1") == Range.parse("AKs:100%") == Range.parse("AKs")
    assert not Range.parse("AKs:0") and not Range.parse("AKs:0%")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("QQ, AhAh:0.5", "the same card twice: 'AhAh:0.5' (character 5 of 'QQ, AhAh:0.5'); "
                         "a hand is two different cards, like 'AhKh'"),
        ("AKs-AQ", f"both ends of a dash range need the same suffix: 'AKs-AQ' (character 1 of "
                   f"'AKs-AQ'); {FORMS}"),
    ],
)
def test_entry_errors_say_what_is_wrong_and_what_to_write(text: str, message: str) -> None:
    with pytest.raises(RangeError) as info:
        Range.parse(text)
    assert str(info.value) == message


@pytest.mark.parametrize("pair", [(1, 1), (0, 52), (52, 0), (-1, 0), (0, -1)])
def test_constructor_refuses_bad_hands(pair: tuple[int, int]) -> None:
    with pytest.raises(CardError) as info:
        Range([pair])
    assert str(info.value) == f"not a two-card hand: {pair!r}"


def test_constructor_drops_hands_of_weight_zero() -> None:
    r = Range({(0, 1): 0.0, (0, 2): 0.5})
    assert len(r) == 1 and r.weight([0, 1]) == 0.0 and [0, 1] not in r
    assert Range({(0, 1): 0.0}) == Range() and not Range({(0, 1): 0.0})
    # the same hand written the other way round later: weight zero takes it out again
    assert Range({(0, 1): 0.5, (1, 0): 0.0}) == Range()
    assert Range({(0, 1): 0.5, (1, 0): 0.25}).weight([0, 1]) == 0.25


def test_constructor_refuses_bad_weights_naming_the_hand() -> None:
    with pytest.raises(ValueError) as info:
        Range({(0, 1): 2.0})
    assert str(info.value) == "weight 2.0 of 2c2d not in [0, 1]"


@pytest.mark.parametrize("cards", ["As", "AsAhKd", [51], [51, 51], (50, 50, 49)])
def test_weight_of_something_not_two_cards_is_refused(cards: str | list[int]) -> None:
    with pytest.raises(CardError) as info:
        Range.parse("AA").weight(cards)
    assert str(info.value) == f"not a two-card hand: {cards!r}"


def test_membership_of_things_that_are_not_hands_is_false() -> None:
    aces = Range.parse("AA")
    assert "AsAh" in aces and (51, 50) in aces and [51, 50] in aces
    for thing in (5, None, 51.0, {51, 50}, "As", "AsAs", [51], (51, 51)):
        assert thing not in aces
    assert aces != 3 and aces != "AA" and aces != [(51, 50)]
    assert aces == Range.parse("AA") and Range() == Range([])


# --- differential: the same notation read by PokerKit and eval7 ---------------------------
def _as_sets(r: Range) -> set[frozenset[str]]:
    return {frozenset(str(c) for c in pair) for pair in r}


@pytest.mark.parametrize(
    "text", ["QQ+", "AKs", "AKo", "AK", "ATs+", "KTo+", "99-66", "T9s-54s", "AhKh", "AT+",
             "QQ+ AKs", "22+"],
)
def test_same_combinations_as_pokerkit(text: str) -> None:
    theirs = {frozenset(repr(c) for c in hand) for hand in pokerkit.parse_range(text)}
    assert _as_sets(Range.parse(text)) == theirs


@pytest.mark.filterwarnings("ignore:'parseString' deprecated")
@pytest.mark.parametrize(
    "text", ["QQ+", "AKs", "AKo", "AK", "ATs+", "KTo+", "A5s-A2s", "99-66", "AhKh",
             "22+,A2s+", "AT+", "K9s-K6s"],
)
def test_same_combinations_as_eval7(text: str) -> None:
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
