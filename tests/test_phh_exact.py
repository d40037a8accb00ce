"""PHH reading, validation and writing, exactly (protocols.md §2): every refusal's whole
message with the line the reader finds, each hold'em rule of the actions at its edge, and
the writer's text for every kind of field."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from pokerroom.history.errors import PHHError
from pokerroom.history.notation import PHHAction
from pokerroom.history.phh import PHHHand, dumps, dumps_all, iter_hands, loads, loads_all

HEAD = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
"""
# the actions start on line 7, one a line
DEALT = ["d dh p1 AcKs", "d dh p2 7h7d", "d dh p3 2c2d"]


def three(*actions: str, head: str = HEAD) -> str:
    """A three-player hand whose action k (1-based) is on line 6 + k."""
    body = "".join(f'    "{a}",\n' for a in actions)
    return f"{head}actions = [\n{body}]\n"


def refusal(text: str) -> str:
    with pytest.raises(PHHError) as info:
        loads(text, source="h.phh")
    return str(info.value)


# ------------------------------------------------------------- the actions of hold'em


def test_the_last_player_may_act_and_the_one_after_is_refused() -> None:
    hand = loads(three(*DEALT, "p3 f", "p1 f"))
    assert [a.player for a in hand.actions[3:]] == [2, 0]
    assert refusal(three(*DEALT, "p4 f")) == (
        "h.phh: line 10: field 'actions': action 4 'p4 f': there is no player p4 (players p1 to p3)"
    )


def test_a_hole_card_deal_to_a_player_past_the_last_is_refused() -> None:
    assert refusal(three("d dh p4 AcKs")) == (
        "h.phh: line 7: field 'actions': action 1 'd dh p4 AcKs': there is no player p4 "
        "(players p1 to p3)"
    )


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ("p1 pb", "'pb' is not an action of hold'em"),
        ("p1 sd", "'sd' is not an action of hold'em"),
        ("p1 sd 2h", "'sd' is not an action of hold'em"),
    ],
)
def test_stud_and_draw_actions_are_not_holdem(action: str, reason: str) -> None:
    assert refusal(three(*DEALT, action)) == (
        f"h.phh: line 10: field 'actions': action 4 '{action}': {reason}"
    )


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ("d dh p2 3h", "hold'em deals 2 hole cards, not 1"),
        ("d dh p2 3h4h5h", "hold'em deals 2 hole cards, not 3"),
        ("d dh p1 3h4h", "p1 was already dealt hole cards"),
        ("d dh p2 Ks4h", "Ks is already in p1's hole cards: a card can be dealt only once"),
    ],
)
def test_hole_cards_are_two_a_player_once_each_card_once(action: str, reason: str) -> None:
    assert refusal(three("d dh p1 AcKs", action)) == (
        f"h.phh: line 8: field 'actions': action 2 '{action}': {reason}"
    )


def test_hole_cards_dealt_unknown_claim_no_card() -> None:
    hand = loads(three("d dh p1 ????", "d dh p2 Ac??", "d dh p3 ??Kd"))
    assert [str(c) for a in hand.actions for c in a.known_cards] == ["Ac", "Kd"]
    assert refusal(three("d dh p1 Ac??", "d dh p2 ??Ac")) == (
        "h.phh: line 8: field 'actions': action 2 'd dh p2 ??Ac': Ac is already in p1's "
        "hole cards: a card can be dealt only once"
    )


@pytest.mark.parametrize(
    ("board", "reason"),
    [
        (["d db 2h3h"], "the flop is 3 known cards"),
        (["d db 2h3h4h5h"], "the flop is 3 known cards"),
        (["d db 2h3h??"], "the flop is 3 known cards"),
        (["d db 2h3h4h", "d db 5h6h"], "the turn is 1 known card"),
        (["d db 2h3h4h", "d db ??"], "the turn is 1 known card"),
        (["d db 2h3h4h", "d db 5h", "d db 6h7h"], "the river is 1 known card"),
        (["d db 2h3h4h", "d db 5h", "d db 6h", "d db 8h"],
         "the board is already complete (flop, turn, river)"),
        (["d db 2h3h4h", "d db 5h", "d db 6h", "d db 8h9hTh"],
         "the board is already complete (flop, turn, river)"),
        (["d db 2h3h4h", "d db 4h"], "4h is already in the board: a card can be dealt only once"),
        (["d db 2h3hAc"], "Ac is already in p1's hole cards: a card can be dealt only once"),
    ],
)  # fmt: skip
def test_the_board_is_a_flop_a_turn_and_a_river_of_known_cards(
    board: list[str], reason: str
) -> None:
    k = len(DEALT) + len(board)
    assert refusal(three(*DEALT, *board)) == (
        f"h.phh: line {6 + k}: field 'actions': action {k} '{board[-1]}': {reason}"
    )


def test_a_whole_board_is_accepted() -> None:
    hand = loads(three(*DEALT, "d db 2h3h4h", "d db 5h", "d db 6h"))
    assert len(hand.actions) == 6


@pytest.mark.parametrize(
    ("actions", "reason"),
    [
        (["p1 sm AcKsQs"], "hold'em shows 2 hole cards, not 3"),
        (["p1 sm Ac"], "hold'em shows 2 hole cards, not 1"),
        (["p1 sm AcQs"], "p1 was dealt other cards"),
        (["p1 sm 7h7d"], "p1 was dealt other cards"),
        (["d db 2h3h4h", "p3 sm 2c4h"], "p3 was dealt other cards"),
    ],
)
def test_a_show_is_the_two_cards_dealt(actions: list[str], reason: str) -> None:
    k = len(DEALT) + len(actions)
    assert refusal(three(*DEALT, *actions)) == (
        f"h.phh: line {6 + k}: field 'actions': action {k} '{actions[-1]}': {reason}"
    )


def test_a_show_of_the_dealt_cards_in_any_order_and_a_muck_are_accepted() -> None:
    hand = loads(three(*DEALT, "p1 sm KsAc", "p2 sm", "p3 sm -", "p3 sm 2d2c"))
    assert len(hand.actions) == 7


def test_cards_dealt_unknown_and_shown_claim_their_cards() -> None:
    """A show of cards dealt unknown claims them: no other show or deal may have them
    (the known part of a partly known deal is already claimed and may be shown)."""
    unknown = ["d dh p1 ????", "d dh p2 Ac??", "d dh p3 2c2d"]
    assert len(loads(three(*unknown, "p2 sm AcKs", "p1 sm QsQh")).actions) == 5
    assert refusal(three(*unknown, "p2 sm AcKs", "p1 sm KsQh")) == (
        "h.phh: line 11: field 'actions': action 5 'p1 sm KsQh': Ks is already in p2's "
        "hole cards: a card can be dealt only once"
    )
    assert refusal(three(*unknown, "p1 sm 2cQh")) == (
        "h.phh: line 10: field 'actions': action 4 'p1 sm 2cQh': 2c is already in p3's "
        "hole cards: a card can be dealt only once"
    )
    assert refusal(three(*unknown, "p1 sm QsQh", "d db 2h3hQh")) == (
        "h.phh: line 11: field 'actions': action 5 'd db 2h3hQh': Qh is already in p1's "
        "hole cards: a card can be dealt only once"
    )
    assert refusal(three(*unknown, "p2 sm KsQh")) == (
        "h.phh: line 10: field 'actions': action 4 'p2 sm KsQh': p2 was dealt other cards"
    )


def test_the_line_of_an_action_written_several_times_is_the_one_refused() -> None:
    """The same text earlier in the file (a comment, another action) does not move the
    line: the reader finds the actions in order."""
    head = HEAD.replace('variant = "NT"', '# "p1 cc"\nvariant = "NT"')
    text = three(*DEALT, "p3 cc", "p1 cc", "p2 cc", "p3 cc", "p1 cc", "d dh p1 2h3h", head=head)
    assert refusal(text) == (
        "h.phh: line 16: field 'actions': action 9 'd dh p1 2h3h': p1 was already dealt hole cards"
    )
    text = three(*DEALT, "p3 pb", head=head)
    assert refusal(text).startswith("h.phh: line 11: field 'actions': action 4 'p3 pb'")


def test_actions_written_in_single_quotes_or_on_one_line_are_located() -> None:
    text = HEAD + "actions = ['d dh p1 AcKs',\n  'd dh p2 AcKd']\n"
    assert refusal(text) == (
        "h.phh: line 7: field 'actions': action 2 'd dh p2 AcKd': Ac is already in p1's "
        "hole cards: a card can be dealt only once"
    )
    text = HEAD + "\n\nactions = ['d dh p1 AcKs', 'p7 f']\n"
    assert refusal(text) == (
        "h.phh: line 8: field 'actions': action 2 'p7 f': there is no player p7 (players p1 to p3)"
    )


def test_an_action_of_a_later_hand_of_a_phhs_is_located_in_that_hand() -> None:
    first = three(*DEALT, "p3 f")
    second = three(*DEALT, "p3 f", "p4 f")
    text = f"[1]\n{first}\n[2]\n{second}"
    hands = dict(iter_hands(text, source="h.phhs"))
    assert isinstance(hands["1"], PHHHand)
    assert str(hands["2"]) == (
        "h.phhs: hand [2]: line 25: field 'actions': action 5 'p4 f': there is no player p4 "
        "(players p1 to p3)"
    )
    with pytest.raises(PHHError) as info:
        loads_all(text, source="h.phhs")
    assert str(info.value) == str(hands["2"])


def test_the_actions_of_a_variant_pokerroom_does_not_play_are_not_checked() -> None:
    hand = loads(three(*DEALT))
    other = [PHHAction.parse(t) for t in ("p1 pb", "d dh p9 AcKsQs", "p1 sd 2h")]
    assert len(hand.with_fields(variant="NS", min_bet=None, actions=other).actions) == 3
    with pytest.raises(PHHError, match="'pb' is not an action of hold'em"):
        hand.with_fields(actions=other)


# ------------------------------------------------------------------------ the fields

HAND = """\
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = []
"""
SPEC_FIELDS = (
    "author, event, url, venue, address, city, region, postal_code, country, time, time_zone, "
    "time_zone_abbreviation, day, month, year, hand, level, seats, seat_count, table, players, "
    "finishing_stacks, winnings, currency, currency_symbol, ante_trimming_status, time_limit, "
    "time_banks"
)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('variant = "NT"\n', "", "the required field 'variant' is missing (FT, NT, ...)"),
        ('"NT"', "3", "line 1: field 'variant': must be a string like 'NT', not the number 3"),
        ('"NT"', '"XYZ"', "line 1: field 'variant': unknown variant 'XYZ' (known: FT, NT, NS, "
         "PO, FO/8, F7S, F7S/8, FR, N2L1D, F2L3D, FB; pokerroom plays FT, NT)"),
        ('"NT"', '"FO/8"', "line 1: field 'variant': the variant 'FO/8' (fixed-limit Omaha "
         "hold'em high/low-split eight or better) is not one pokerroom plays (it plays FT, NT)"),
        ("min_bet = 2\n", "", "the required field 'min_bet' is missing (variant 'NT' needs "
         "antes, blinds_or_straddles, min_bet, starting_stacks, actions)"),
        ("actions = []\n", "", "the required field 'actions' is missing (variant 'NT' needs "
         "antes, blinds_or_straddles, min_bet, starting_stacks, actions)"),
        ('"NT"', '"FT"', "the required field 'small_bet' is missing (variant 'FT' needs antes, "
         "blinds_or_straddles, small_bet, big_bet, starting_stacks, actions)"),
        ("min_bet = 2", "min_bet = 2\nbring_in = 1", "line 5: field 'bring_in': not a field of "
         "variant 'NT' (its fields: antes, blinds_or_straddles, min_bet, starting_stacks, "
         "actions)"),
        ("min_bet = 2", "min_bet = 2\nbig_bet = 4", "line 5: field 'big_bet': not a field of "
         "variant 'NT' (its fields: antes, blinds_or_straddles, min_bet, starting_stacks, "
         "actions)"),
        ("actions = []", "actions = []\nfoo = 1", "line 7: field 'foo': unknown field (custom "
         "fields start with '_'; the spec's fields are variant, antes, blinds_or_straddles, "
         f"min_bet, starting_stacks, actions, {SPEC_FIELDS})"),
        ("actions = []", "actions = []\nauthor = 3",
         "line 7: field 'author': must be a string, not the number 3"),
        ("actions = []", "actions = []\nday = true",
         "line 7: field 'day': must be an integer, not the boolean true"),
        ("actions = []", "actions = []\nmonth = false",
         "line 7: field 'month': must be an integer, not the boolean false"),
        ("actions = []", "actions = []\nyear = 1970-01-01",
         "line 7: field 'year': must be an integer, not the date 1970-01-01"),
        ("actions = []", "actions = []\nlevel = 10:00:00",
         "line 7: field 'level': must be an integer, not the time 10:00:00"),
        ("actions = []", "actions = []\nseat_count = 2.0",
         "line 7: field 'seat_count': must be an integer, not the number 2.0"),
        ("actions = []", "actions = []\nhand = 1.5",
         "line 7: field 'hand': must be a string or an integer, not the number 1.5"),
        ("actions = []", "actions = []\ntable = true",
         "line 7: field 'table': must be a string or an integer, not the boolean true"),
        ("actions = []", 'actions = []\ntime = "x"',
         "line 7: field 'time': must be a TOML time, not the string 'x'"),
        ("actions = []", "actions = []\nante_trimming_status = 1",
         "line 7: field 'ante_trimming_status': must be true or false, not the number 1"),
        ("actions = []", 'actions = []\ntime_limit = "x"',
         "line 7: field 'time_limit': must be a number, not the string 'x'"),
        ("actions = []", "actions = []\ntime_limit = true",
         "line 7: field 'time_limit': must be a number, not the boolean true"),
        ("actions = []", 'actions = []\nseats = [1, "a"]',
         "line 7: field 'seats': item 2 must be an integer, not the string 'a'"),
        ("actions = []", "actions = []\nseats = [1, [2]]",
         "line 7: field 'seats': item 2 must be an integer, not an array"),
        ("actions = []", 'actions = []\nplayers = "ab"',
         "line 7: field 'players': must be an array of strings, not the string 'ab'"),
        ("actions = []", "actions = []\nplayers = [{ a = 1 }, 'b']",
         "line 7: field 'players': item 1 must be a string, not a table"),
        ("actions = []", "actions = []\ntime_banks = 5",
         "line 7: field 'time_banks': must be an array of numbers, not the number 5"),
        ("min_bet = 2", "min_bet = nan", "line 4: field 'min_bet': must be a number, not nan"),
        ("min_bet = 2", "min_bet = [2]", "line 4: field 'min_bet': must be a number, not an "
         "array"),
        ("actions = []", 'actions = "p1 f"',
         "line 6: field 'actions': must be an array of strings, not the string 'p1 f'"),
        ("actions = []", 'actions = ["d dh p1 AcKs", 3]',
         "line 6: field 'actions': action 2 must be a string, not the number 3"),
        ("actions = []", 'actions = [\n  "d dh p1 AcKs",\n  "p1 xx",\n]',
         "line 8: action 2 'p1 xx': unknown player action 'xx' (player actions: cbr AMOUNT, "
         "cc, f, sm [CARDS], pb, sd [CARDS])"),
        ("antes = [0, 0]", "antes = [0, inf]",
         "line 2: field 'antes': player 2: Infinity is not a finite amount"),
        ("actions = []", "actions = []\nwinnings = [0, inf]",
         "line 7: field 'winnings': player 2: Infinity is not a finite amount"),
        ("actions = []", "actions = []\ntime_banks = [0, -1]",
         "line 7: field 'time_banks': player 2: -1 is negative"),
        ("actions = []", "actions = []\nfinishing_stacks = [-1, 1]",
         "line 7: field 'finishing_stacks': player 1: -1 is negative"),
        ("blinds_or_straddles = [1, 2]", "blinds_or_straddles = [1, -2]",
         "line 3: field 'blinds_or_straddles': player 2: -2 is negative"),
        ("actions = []", "actions = []\nseats = [1, 2, 3]",
         "line 7: field 'seats': has 3 entries for 2 players (starting_stacks has 2)"),
        ("blinds_or_straddles = [1, 2]", "blinds_or_straddles = [1]",
         "line 3: field 'blinds_or_straddles': has 1 entries for 2 players "
         "(starting_stacks has 2)"),
        ("min_bet = 2", "min_bet = -inf",
         "line 4: field 'min_bet': must be a positive number, not -Infinity"),
    ],
)  # fmt: skip
def test_each_refusal_of_a_field_in_full(old: str, new: str, message: str) -> None:
    text = HAND.replace(old, new)
    assert text != HAND
    assert refusal(text) == f"h.phh: {message}"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("min_bet = 2", "small_bet = 2\nbig_bet = inf",
         "line 5: field 'big_bet': must be a positive number, not Infinity"),
        ("min_bet = 2", "small_bet = 0\nbig_bet = 4",
         "line 4: field 'small_bet': must be a positive number, not 0"),
        ("min_bet = 2", "small_bet = 2\nbig_bet = 4\nmin_bet = 2",
         "line 6: field 'min_bet': not a field of variant 'FT' (its fields: antes, "
         "blinds_or_straddles, small_bet, big_bet, starting_stacks, actions)"),
    ],
)  # fmt: skip
def test_each_refusal_of_a_fixed_limit_field_in_full(old: str, new: str, message: str) -> None:
    text = HAND.replace('"NT"', '"FT"').replace(old, new)
    assert refusal(text) == f"h.phh: {message}"


def test_amounts_that_may_be_unknown_or_zero() -> None:
    """Stacks may be unknown (inf); antes, blinds, winnings and stacks may be 0 but a
    starting stack must be more; a time may be a date or a date with its time."""
    text = HAND.replace("[200, 200]", "[inf, 0.5]")
    hand = loads(text + "finishing_stacks = [inf, 0]\nwinnings = [0, 0]\ntime_banks = [0, 0]\n")
    assert hand.starting_stacks == (Decimal("inf"), Decimal("0.5"))
    assert hand.finishing_stacks == (Decimal("inf"), 0)
    when = loads(HAND + "time = 2020-01-02T10:00:00\n").time
    assert when == datetime.datetime(2020, 1, 2, 10, 0)
    assert loads(HAND + "time = 2020-01-02\n").time == datetime.date(2020, 1, 2)


def test_a_phhs_top_level_value_that_is_not_a_hand_is_located() -> None:
    for text, message in [
        ("a = 1\n", "h.phhs: line 1: a .phhs file holds hands as tables ([1], [2], ...); 'a' "
                    "is the number 1"),
        ('\n\nx = "t"\n', "h.phhs: line 3: a .phhs file holds hands as tables ([1], [2], ...); "
                          "'x' is the string 't'"),
    ]:  # fmt: skip
        with pytest.raises(PHHError) as info:
            list(iter_hands(text, source="h.phhs"))
        assert str(info.value) == message


# ------------------------------------------------------------------------ the writer

EVERY_KIND = r"""variant = "FT"
antes = [0, 0.5]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4.00
starting_stacks = [200, inf]
actions = ["d dh p1 AcKs # a \"note\"", "p2 f"]
author = "Zoë \"Z\" O'Neil\\"
time = 2020-01-02T10:00:00
hand = 7
table = "T 1"
day = 2
players = ["a", "b\tc\n"]
seats = [3, 1]
finishing_stacks = [201, inf]
ante_trimming_status = true
time_limit = 30.5
time_banks = [0, 1.5]
_note = "x"
"_a b" = 1
'_q"' = "ü"
_empty = {}
_list = []
_tables = [{ a = 1 }, {}]
_rules = { ante = 2, "odd key" = "v", nested = { a = [1, 2], e = {} }, b = false, f = 1.25 }
"""
# the required fields first (ante trimming with the antes), the spec's optional fields in
# its order, the custom ones as read; a non-empty table as a section of its own
WRITTEN = r"""variant = "FT"
ante_trimming_status = true
antes = [0, 0.5]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4.00
starting_stacks = [200, inf]
actions = [
    "d dh p1 AcKs # a \"note\"",
    "p2 f",
]
author = "Zoë \"Z\" O'Neil\\"
time = 2020-01-02 10:00:00
day = 2
hand = 7
seats = [3, 1]
table = "T 1"
players = ["a", "b<TAB>c\n"]
finishing_stacks = [201, inf]
time_limit = 30.5
time_banks = [0, 1.5]
_note = "x"
"_a b" = 1
"_q\"" = "ü"
_empty = {}
_list = []
_tables = [{ a = 1 }, {}]
""".replace("<TAB>", "\t")  # a tab needs no escape in a TOML string
RULES_SECTION = """\
ante = 2
"odd key" = "v"
nested = { a = [1, 2], e = {} }
b = false
f = 1.25
"""


def test_the_text_written_for_every_kind_of_field() -> None:
    hand = loads(EVERY_KIND)
    assert dumps(hand) == f"{WRITTEN}\n[_rules]\n{RULES_SECTION}"
    assert loads(dumps(hand)) == hand
    assert loads(dumps(hand)).custom == hand.custom


def test_the_text_of_several_hands_names_each_hands_sections() -> None:
    hand = loads(EVERY_KIND)
    plain = loads(HAND)
    assert dumps_all([hand, plain, hand]) == (
        f"[1]\n{WRITTEN}\n[1._rules]\n{RULES_SECTION}\n"
        f"[2]\n{HAND}\n"
        f"[3]\n{WRITTEN}\n[3._rules]\n{RULES_SECTION}"
    )
    assert list(loads_all(dumps_all([hand, plain, hand])).values()) == [hand, plain, hand]
    assert dumps_all([]) == ""


def test_a_hand_with_no_actions_and_only_required_fields_is_written_as_read() -> None:
    assert dumps(loads(HAND)) == HAND


def test_the_toml_content_as_a_dict() -> None:
    hand = loads(EVERY_KIND)
    content = hand.to_toml_dict()
    assert list(content) == [
        "variant", "ante_trimming_status", "antes", "blinds_or_straddles", "small_bet",
        "big_bet", "starting_stacks", "actions", "author", "time", "day", "hand", "seats",
        "table", "players", "finishing_stacks", "time_limit", "time_banks", "_note", "_a b",
        '_q"', "_empty", "_list", "_tables", "_rules",
    ]  # fmt: skip
    assert content["antes"] == [0, Decimal("0.5")]
    assert content["starting_stacks"] == [200, Decimal("inf")]
    assert content["actions"] == ['d dh p1 AcKs # a "note"', "p2 f"]
    assert content["seats"] == [3, 1] and content["players"] == ["a", "b\tc\n"]
    assert (content["big_bet"], content["time_limit"]) == (Decimal("4.00"), Decimal("30.5"))
    assert content["ante_trimming_status"] is True and content["hand"] == 7
    assert content["_rules"]["nested"] == {"a": [1, 2], "e": {}}
    assert loads(HAND).to_toml_dict() == {
        "variant": "NT", "antes": [0, 0], "blinds_or_straddles": [1, 2], "min_bet": 2,
        "starting_stacks": [200, 200], "actions": [],
    }  # fmt: skip


def test_an_action_of_a_later_hand_is_not_located_in_an_earlier_one() -> None:
    """The same actions in hand [1] do not move the line of hand [2]'s refused one."""
    board = ["d db 2h3h4h", "d db 5h"]
    first = three(*DEALT, *board)
    second = three(*DEALT, *board, "d db 5h")
    hands = dict(iter_hands(f"[1]\n{first}\n[2]\n{second}", source="h.phhs"))
    assert str(hands["2"]) == (
        "h.phhs: hand [2]: line 27: field 'actions': action 6 'd db 5h': 5h is already in the "
        "board: a card can be dealt only once"
    )
    text = f"[1]\n{HAND}\n[2]\n{HAND.replace('min_bet = 2', 'min_bet = 0')}"
    hands = dict(iter_hands(text, source="h.phhs"))
    assert str(hands["2"]) == (
        "h.phhs: hand [2]: line 13: field 'min_bet': must be a positive number, not 0"
    )
