"""PHH files: reading, validation with located errors, writing and round trips (protocols.md §2)."""

from __future__ import annotations

import datetime
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.cards import Card, full_deck
from pokerroom.history.errors import PHHError
from pokerroom.history.notation import PHHAction, Verb, parse_amount, parse_phh_cards
from pokerroom.history.phh import (
    PHHHand,
    dumps,
    dumps_all,
    iter_hands,
    load,
    loads,
    loads_all,
    read_phh,
    write_phh,
)
from pokerroom.history.replay import replay_phh

MINIMAL = """\
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = [
  "d dh p1 AcKs",
  "d dh p2 7h7d",
  "p2 f",
]
"""


def all_phh_files(data_dir: Path) -> list[Path]:
    return sorted((data_dir / "phh").rglob("*.phh"))


# ------------------------------------------------------------------ the real data


def test_every_data_file_loads_with_its_fields(data_dir: Path) -> None:
    files = all_phh_files(data_dir)
    assert len(files) >= 89
    variants = set()
    for path in files:
        hand = load(path)
        variants.add(hand.variant)
        n = hand.player_count
        assert len(hand.antes) == len(hand.blinds_or_straddles or ()) == n
        assert hand.actions[0].verb is Verb.DEAL_HOLE
        if hand.finishing_stacks is not None:
            assert sum(hand.finishing_stacks) == sum(hand.starting_stacks)
    assert variants == {"FT", "NT"}


def test_every_data_file_round_trips_through_our_writer(data_dir: Path) -> None:
    for path in all_phh_files(data_dir):
        hand = load(path)
        again = loads(dumps(hand))
        assert again == hand, path
        assert dumps(again) == dumps(hand)


def test_pluribus_half_chips_are_read_exactly(data_dir: Path) -> None:
    found = [load(p) for p in all_phh_files(data_dir) if "10162.5" in p.read_text()]
    assert found
    stacks = found[0].finishing_stacks
    assert stacks is not None and Decimal("10162.5") in stacks
    assert sum(stacks) == 60000


def test_historical_hand_keeps_unknown_cards_comments_and_metadata(data_dir: Path) -> None:
    hand = load(data_dir / "phh/historical/dwan-ivey-2009.phh")
    assert hand.players == ("Phil Ivey", "Patrik Antonius", "Tom Dwan")
    antonius = hand.actions[1]
    assert antonius.verb is Verb.DEAL_HOLE and antonius.player == 1
    assert antonius.cards == (None, None)
    assert str(antonius) == "d dh p2 ????"
    assert hand.currency == "USD" and hand.year == 2009
    assert hand.finishing_stacks is None


# ------------------------------------------------------------------ notation


@pytest.mark.parametrize(
    "text",
    [
        "d dh p1 AcKs",
        "d dh p10 ????",
        "d db Jc3d5c",
        "p3 cbr 7000",
        "p1 cbr 10162.5",
        "p2 cc",
        "p3 f",
        "p1 sm AcKs",
        "p1 sm",
        "p1 sm -",
        "p2 sm ??Ad",
        "# Burn card 6s is exposed",
        "",
        "p1 cc # tanks for a minute",
        "p10 cc",
        "p10 cbr 12",
        "p14 sm ????",
    ],
)
def test_action_notation_round_trips(text: str) -> None:
    assert str(PHHAction.parse(text)) == text


def test_action_parse_tolerates_spacing() -> None:
    assert str(PHHAction.parse("  p1   cbr   300  #   big  ")) == "p1 cbr 300 # big"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("p1 cbr", "one amount"),
        ("p1 cbr x", "not an amount: 'x'"),
        ("p1 cbr 0", "positive amount"),
        ("p1 cbr -5", "not an amount"),
        ("p1 raise 5", "unknown player action 'raise'"),
        ("p0 cc", "unknown actor 'p0'"),
        ("x cc", "unknown actor 'x'"),
        ("d dh AcKs", "'d dh' takes a player and cards"),
        ("d db", "'d db' takes the board cards"),
        ("d db Jc3", "two characters"),
        ("d db Xx3d5c", "not a card: 'Xx'"),
        ("d db JcJc5c", "appears twice"),
        ("d burn 5c", "unknown dealer action 'burn'"),
        ("p1 cc 5", "takes no argument"),
        ("p1", "no action after 'p1'"),
    ],
)
def test_malformed_actions_are_refused_with_the_reason(text: str, fragment: str) -> None:
    with pytest.raises(PHHError, match=None) as info:
        PHHAction.parse(text)
    assert fragment in str(info.value)


def test_amounts_and_cards_parse() -> None:
    assert parse_amount("300") == 300 and isinstance(parse_amount("300"), int)
    assert parse_amount("0.25") == Decimal("0.25")
    assert parse_phh_cards("As??") == (Card.parse("As"), None)


TEN_PLAYERS = """\
variant = "NT"
antes = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0, 0, 0, 0, 0, 0, 0]
min_bet = 2
starting_stacks = [200, 200, 200, 200, 200, 200, 200, 200, 200, 200]
actions = [
  "d dh p1 2c3d", "d dh p2 4c5d", "d dh p3 6c7d", "d dh p4 8c9d", "d dh p5 Tc2h",
  "d dh p6 3h4h", "d dh p7 5h6h", "d dh p8 7h8h", "d dh p9 9hTh", "d dh p10 AsAd",
  "p3 f", "p4 f", "p5 f", "p6 f", "p7 f", "p8 f", "p9 f",
  "p10 cbr 6", "p1 f", "p2 cc",
  "d db KsQd7c",
  "p2 cc", "p10 cbr 10", "p2 f",
]
finishing_stacks = [199, 194, 200, 200, 200, 200, 200, 200, 200, 207]
"""


def test_a_hand_with_ten_players_reads_p10_as_the_tenth() -> None:
    """p10 is the tenth player (the button, last in PHH order), never p1: the button raises
    to 6, the big blind calls, then folds to the button's flop bet (pot 13: 1 + 6 + 6)."""
    hand = loads(TEN_PLAYERS)
    assert hand.player_count == 10
    assert [a.player for a in hand.actions if a.verb is Verb.DEAL_HOLE] == list(range(10))
    raises = [a for a in hand.actions if a.verb is Verb.BET]
    assert [(a.player, a.amount) for a in raises] == [(9, 6), (9, 10)]
    assert [str(a) for a in raises] == ["p10 cbr 6", "p10 cbr 10"]
    assert loads(dumps(hand)) == hand
    replay = replay_phh(hand)
    result = replay.played.result
    assert result is not None and result.stacks == (199, 194, *[200] * 7, 207)
    check = replay.check()
    assert check is not None and check.how == "exact"


# ------------------------------------------------------------------ validation


def located(text: str, *, name: str = "bad.phh") -> str:
    with pytest.raises(PHHError) as info:
        loads(text, source=name)
    return str(info.value)


def test_bad_toml_names_the_file_and_position() -> None:
    msg = located('variant = "NT"\nantes = [0, 0\n')
    assert msg.startswith("bad.phh: not valid TOML")
    assert "line" in msg or "end of document" in msg


def test_wrong_type_names_the_field_line_and_item() -> None:
    msg = located(MINIMAL.replace("starting_stacks = [200, 200]", 'starting_stacks = [200, "x"]'))
    assert msg == ("bad.phh: line 5: field 'starting_stacks': item 2 must be a number, "
                   "not the string 'x'")  # fmt: skip


def test_missing_required_field_is_named() -> None:
    msg = located(MINIMAL.replace("min_bet = 2\n", ""))
    assert "required field 'min_bet' is missing" in msg


@pytest.mark.parametrize(
    ("changes", "name"),
    [
        ({"min_bet": None}, "min_bet"),
        ({"blinds_or_straddles": None}, "blinds_or_straddles"),
        ({"variant": "FT"}, "small_bet"),
        ({"variant": "FT", "small_bet": 2}, "big_bet"),
    ],
)
def test_a_hand_built_in_python_needs_its_variants_fields(
    changes: dict[str, object], name: str
) -> None:
    """The fields a file must have, a hand made or changed in Python must have too."""
    with pytest.raises(PHHError, match=f"field '{name}': the required field is missing"):
        loads(MINIMAL).with_fields(**changes)


def test_fixed_limit_needs_small_and_big_bet_not_min_bet() -> None:
    text = MINIMAL.replace('"NT"', '"FT"')
    assert "required field 'small_bet' is missing" in located(text)
    text = text.replace("min_bet = 2", "small_bet = 2\nbig_bet = 4\nmin_bet = 2")
    assert "field 'min_bet': not a field of variant 'FT'" in located(text)


@pytest.mark.parametrize(
    ("variant", "fragment"),
    [
        ("PO", "the variant 'PO' (pot-limit Omaha hold'em) is not one pokerroom plays"),
        ("F7S", "seven card stud"),
        ("XYZ", "unknown variant 'XYZ'"),
    ],
)
def test_unsupported_variants_are_refused(variant: str, fragment: str) -> None:
    msg = located(MINIMAL.replace('"NT"', f'"{variant}"'))
    assert "line 1: field 'variant'" in msg and fragment in msg


def test_unknown_field_is_refused_custom_fields_are_kept() -> None:
    assert "unknown field (custom fields start with '_'" in located(MINIMAL + "finish = 3\n")
    hand = loads(MINIMAL + '_note = "x"\n_rules = { ante = 2 }\n')
    assert hand.custom == {"_note": "x", "_rules": {"ante": 2}}
    assert loads(dumps(hand)) == hand


def test_impossible_action_names_index_text_and_line() -> None:
    text = MINIMAL.replace('"d dh p2 7h7d"', '"d dh p2 Ac7d"')
    msg = located(text)
    assert msg == (
        "bad.phh: line 8: field 'actions': action 2 'd dh p2 Ac7d': Ac is already in p1's "
        "hole cards: a card can be dealt only once"
    )


@pytest.mark.parametrize(
    ("action", "fragment"),
    [
        ("p3 cc", "there is no player p3 (players p1 to p2)"),
        ("d dh p1 2c3c", "p1 was already dealt hole cards"),
        ("d db 2c3c", "the flop is 3 known cards"),
        ("p1 pb", "not an action of hold'em"),
        ("p1 sm 2c3c", "p1 was dealt other cards"),
    ],
)
def test_structurally_impossible_actions(action: str, fragment: str) -> None:
    text = MINIMAL.replace('"p2 f",', f'"{action}",')
    msg = located(text)
    assert "action 3" in msg and fragment in msg and "line 9" in msg


def test_array_lengths_must_match_players() -> None:
    msg = located(MINIMAL.replace("antes = [0, 0]", "antes = [0, 0, 0]"))
    assert "field 'antes': has 3 entries for 2 players" in msg


def test_negative_and_zero_amounts_are_refused() -> None:
    assert "is negative" in located(MINIMAL.replace("antes = [0, 0]", "antes = [0, -1]"))
    assert "must be positive" in located(MINIMAL.replace("[200, 200]", "[200, 0]"))


def test_booleans_are_not_numbers() -> None:
    assert "not the boolean true" in located(MINIMAL.replace("min_bet = 2", "min_bet = true"))


def test_phhs_errors_name_the_hand() -> None:
    text = "[1]\n" + MINIMAL + "\n[2]\n" + MINIMAL.replace("min_bet = 2", "min_bet = 'x'")
    with pytest.raises(PHHError) as info:
        loads_all(text, source="many.phhs")
    assert str(info.value).startswith("many.phhs: hand [2]: line 17: field 'min_bet'")


def test_phhs_top_level_must_be_tables() -> None:
    with pytest.raises(PHHError, match="holds hands as tables"):
        loads_all('x = 1\n[1]\nvariant = "NT"\n')
    with pytest.raises(PHHError) as info:
        loads_all('# hands\nx = 1\n[1]\nvariant = "NT"\n', source="m.phhs")
    assert str(info.value) == (
        "m.phhs: line 2: a .phhs file holds hands as tables ([1], [2], ...); 'x' is the number 1"
    )


def test_unreadable_files_are_errors_not_tracebacks(tmp_path: Path) -> None:
    with pytest.raises(PHHError, match="cannot read the file"):
        read_phh(tmp_path / "missing.phh")
    binary = tmp_path / "b.phh"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(PHHError, match=r"b\.phh: cannot read the file: not UTF-8 text \(byte 0\)"):
        read_phh(binary)



def test_the_file_is_named_in_every_error_of_its_hands(tmp_path: Path) -> None:
    missing = tmp_path / "missing.phh"
    for read in (read_phh, load):
        with pytest.raises(PHHError) as info:
            read(missing)
        assert str(info.value) == f"{missing}: cannot read the file: No such file or directory"
    bad = tmp_path / "bad.phh"
    bad.write_text(MINIMAL.replace("min_bet = 2", "min_bet = [2]"), encoding="utf-8")
    for read in (read_phh, load):
        with pytest.raises(PHHError) as info:
            read(bad)
        assert str(info.value) == f"{bad}: line 4: field 'min_bet': must be a number, not an array"
    many = tmp_path / "bad.phhs"
    many.write_text("[1]\n" + MINIMAL + "[2]\n" + MINIMAL.replace("[0, 0]", "{ a = 1 }"),
                    encoding="utf-8")  # fmt: skip
    with pytest.raises(PHHError) as info:
        read_phh(many)
    assert str(info.value) == f"{many}: hand [2]: line 14: field 'antes': must be an array of " \
        "numbers, not a table"
    with pytest.raises(PHHError) as info:
        list(iter_hands("[1\nx", source="m.phhs"))
    assert str(info.value).startswith("m.phhs: not valid TOML: ")


def test_a_value_of_another_toml_type_is_named_by_its_type() -> None:
    with pytest.raises(PHHError) as info:
        loads(MINIMAL.replace("min_bet = 2", "min_bet = 2024-01-01"), source="h.phh")
    assert str(info.value) == "h.phh: line 4: field 'min_bet': must be a number, not the date " \
        "2024-01-01"
    with pytest.raises(PHHError) as info:
        loads(MINIMAL.replace("min_bet = 2", "min_bet = { a = 1 }"), source="h.phh")
    assert str(info.value) == "h.phh: line 4: field 'min_bet': must be a number, not a table"


def test_an_error_with_no_line_has_no_line_in_its_message() -> None:
    with pytest.raises(PHHError) as info:
        loads(MINIMAL.replace("min_bet = 2\n", ""), source="h.phh")
    assert str(info.value) == (
        "h.phh: the required field 'min_bet' is missing (variant 'NT' needs antes, "
        "blinds_or_straddles, min_bet, starting_stacks, actions)"
    )


def test_files_written_read_back_hand_by_hand_with_their_labels(tmp_path: Path) -> None:
    first = loads(MINIMAL.replace('actions = [', 'players = ["Zoë", "Åsa"]\nactions = ['))
    second = loads(MINIMAL.replace("[200, 200]", "[300, 100]"))
    one = tmp_path / "one.phh"
    write_phh(one, [first])
    assert one.read_bytes().decode("utf-8") == dumps(first)
    assert read_phh(one) == [("", first)]
    both = tmp_path / "both.phhs"
    write_phh(both, [first, second])
    assert both.read_bytes().decode("utf-8") == dumps_all([first, second])
    assert read_phh(both) == [("1", first), ("2", second)]
    with pytest.raises(PHHError) as info:
        write_phh(tmp_path / "two.phh", [first, second])
    assert str(info.value) == f"{tmp_path / 'two.phh'}: a .phh file holds one hand, not 2 " \
        "(use .phhs)"
    assert not (tmp_path / "two.phh").exists()

# ------------------------------------------------------------------ writing


def test_phhs_round_trip_and_labels() -> None:
    hands = [loads(MINIMAL), loads(MINIMAL.replace("[200, 200]", "[300, 100]"))]
    text = dumps_all(hands)
    assert text.startswith("[1]\n") and "\n[2]\n" in text
    again = loads_all(text)
    assert list(again) == ["1", "2"] and list(again.values()) == hands


def test_writer_output_loads_in_pokerkit() -> None:
    from pokerkit import HandHistory

    hand = loads(MINIMAL)
    hh = HandHistory.loads(dumps(hand))
    states = list(hh)
    assert states[-1].stacks == [201, 199]


def test_optional_fields_of_every_kind_round_trip() -> None:
    hand = loads(MINIMAL).with_fields(
        author="Ann",
        event="Home game",
        time=datetime.time(20, 15),
        time_zone="America/Toronto",
        day=3,
        month=4,
        year=2024,
        hand="A-17",
        level=2,
        seats=(3, 7),
        seat_count=9,
        table=5,
        players=("Ann", "Bo"),
        finishing_stacks=(201, 199),
        winnings=(3, 0),
        currency="CAD",
        currency_symbol="$",
        ante_trimming_status=False,
        time_limit=Decimal("inf"),
        time_banks=(30, Decimal("12.5")),
        custom={"_a b": [1, 2], "_t": {"x": "y"}},
    )
    assert loads(dumps(hand)) == hand


@settings(max_examples=100, deadline=timedelta(seconds=2))  # a draw is milliseconds
@given(
    stacks=st.lists(st.integers(1, 10**9), min_size=2, max_size=14),
    data=st.data(),
)
def test_hands_with_random_fields_round_trip(stacks: list[int], data: st.DataObject) -> None:
    n = len(stacks)
    cards = data.draw(st.permutations(full_deck()))
    actions = [
        PHHAction(Verb.DEAL_HOLE, p, cards=(cards[2 * p], cards[2 * p + 1])) for p in range(n)
    ]
    verbs = st.sampled_from([Verb.CALL, Verb.FOLD])
    actions += [PHHAction(data.draw(verbs), p) for p in data.draw(st.permutations(range(n)))]
    amounts = st.one_of(
        st.integers(0, 10**6),
        st.decimals(min_value=0, max_value=10**6, places=2, allow_nan=False, allow_infinity=False),
    )
    antes = data.draw(st.lists(amounts, min_size=n, max_size=n))
    names = data.draw(st.lists(st.text(max_size=12), min_size=n, max_size=n))
    hand = PHHHand(
        variant="NT",
        antes=tuple(antes),
        blinds_or_straddles=(1, 2) + (0,) * (n - 2),
        min_bet=2,
        starting_stacks=tuple(stacks),
        actions=tuple(actions),
        players=tuple(names),
        custom={"_comment": data.draw(st.text(max_size=30))},
    )
    assert loads(dumps(hand)) == hand


def test_a_field_after_blank_lines_is_located_on_its_own_line() -> None:
    text = MINIMAL.replace("min_bet = 2\n", "") + "\n# the structure\n\nmin_bet = nan\n"
    assert located(text) == "bad.phh: line 13: field 'min_bet': must be a number, not nan"
    with pytest.raises(PHHError) as info:
        loads_all('\n\nx = "t"\n', source="h.phhs")
    assert str(info.value) == (
        "h.phhs: line 3: a .phhs file holds hands as tables ([1], [2], ...); 'x' is the string 't'"
    )
