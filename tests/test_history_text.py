"""The readable hand history: a card room's log of a hand (seats, blinds, streets, the
showdown with hand names, who won what from which pot)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine_helpers import rules_13_hand
from pokerroom.cards import Rank, parse_cards
from pokerroom.engine import Hand, stacked_deck
from pokerroom.evaluator import WildCards
from pokerroom.history.phh import load, loads
from pokerroom.history.record import PlayedHand
from pokerroom.history.replay import replay_phh
from pokerroom.history.text import render, sections
from pokerroom.rules import Rules, ShowdownMode, Structure


def test_rules_13_worked_hand_reads_like_a_card_room_log() -> None:
    """rules.md §13 told as a card room's log, every line in its order: the hands are
    dealt from the small blind round, each street's pot is the chips in before it, the
    show lines come once, at the showdown, each with its hand's name."""
    played = PlayedHand.from_hand(rules_13_hand(), names=["Alice", "Bob", "Carol", "Ted"])
    assert render(played).splitlines() == [
        "fixed limit hold'em 2/4, blinds 1/2, 4 players",
        "Seat 1: Alice (100), button",
        "Seat 2: Bob (100)",
        "Seat 3: Carol (100)",
        "Seat 4: Ted (100)",
        "Bob posts the small blind 1",
        "Carol posts the big blind 2",
        "*** PRE-FLOP ***",
        "Dealt to Bob: Qs 9h",
        "Dealt to Carol: Ks Jh",
        "Dealt to Ted: 7d 2s",
        "Dealt to Alice: 4c 4d",
        "Ted folds",
        "Alice calls 2",
        "Bob calls 1",
        "Carol checks",
        "*** FLOP *** [9c Kc 3h] (pot 6)",
        "Bob checks",
        "Carol bets 2",
        "Alice raises to 4",
        "Bob calls 4",
        "Carol calls 2",
        "*** TURN *** [9c Kc 3h] [5s] (pot 18)",
        "Bob checks",
        "Carol checks",
        "Alice checks",
        "*** RIVER *** [9c Kc 3h 5s] [9d] (pot 18)",
        "Bob bets 4",
        "Carol calls 4",
        "Alice folds",
        "*** SHOWDOWN ***",
        "Bob shows Qs 9h: three nines, king-queen kickers",
        "Carol shows Ks Jh: two pair, kings and nines, jack kicker",
        "Bob wins the pot (26) with three nines, king-queen kickers",
        "*** SUMMARY ***",
        "Pot 26, board 9c Kc 3h 5s 9d",
        "Seat 1: Alice 100 -> 94 (-6)",
        "Seat 2: Bob 100 -> 116 (+16)",
        "Seat 3: Carol 100 -> 90 (-10)",
        "Seat 4: Ted 100 -> 100 (+0)",
    ]


def test_sections_are_one_per_street() -> None:
    parts = sections(PlayedHand.from_hand(rules_13_hand()))
    assert [title for title, _ in parts] == [
        "start", "pre-flop", "flop", "turn", "river", "showdown", "summary",
    ]  # fmt: skip


SIDE_POTS = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [50, 200, 200]
actions = ["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 QcQd", "p3 cbr 200", "p1 cc", "p2 cc",
           "d db 2c7h9s", "d db Jd", "d db 3c"]
players = ["Short", "Mid", "Deep"]
currency_symbol = "$"
"""


def test_side_pots_and_all_in_run_out() -> None:
    text = render(replay_phh(loads(SIDE_POTS)).played).splitlines()
    assert "Deep raises to $200 (all-in)" in text
    assert "Short calls $45 (all-in)" in text
    assert "Short wins the main pot ($150) with pair of aces, jack-nine-seven kickers" in text
    assert "Mid wins side pot 1 ($300) with pair of kings, jack-nine-seven kickers" in text
    # as card rooms print it: the hands turned up when the betting ends, the board run
    # out, then the showdown naming each hand against the whole board, then the winners
    allin = text.index("Mid calls $190 (all-in)")
    turned_up = ["Deep shows Qc Qd", "Short shows Ac Ad", "Mid shows Kc Kd"]
    assert text[allin + 1 : allin + 4] == turned_up
    assert text.index("*** FLOP *** [2c 7h 9s] (pot $450)") == allin + 4
    showdown = text.index("*** SHOWDOWN ***")
    assert text[showdown - 1] == "*** RIVER *** [2c 7h 9s Jd] [3c] (pot $450)"
    assert text[showdown + 1 : showdown + 4] == [
        "Deep shows Qc Qd: pair of queens, jack-nine-seven kickers",
        "Short shows Ac Ad: pair of aces, jack-nine-seven kickers",
        "Mid shows Kc Kd: pair of kings, jack-nine-seven kickers",
    ]
    assert [title for title, _ in sections(replay_phh(loads(SIDE_POTS)).played)] == [
        "start", "pre-flop", "flop", "turn", "river", "showdown", "summary",
    ]  # fmt: skip
    assert text[-3:] == [
        "Seat 1: Short $50 -> $150 (+$100)",
        "Seat 2: Mid $200 -> $300 (+$100)",
        "Seat 3: Deep $200 -> $0 (-$200)",
    ]


def test_split_pot_names_each_share(data_dir: Path) -> None:
    """The line is derived from the rules, not pinned from the output: the record splits
    the pot exactly (its two tied players end on half chips); rules.md §9 pays whole chips,
    the odd one to the tied player first left of the button."""
    paths = [p for p in (data_dir / "phh/pluribus").rglob("*.phh") if "10162.5" in p.read_text()]
    assert len(paths) == 1
    record = load(paths[0])
    played = replay_phh(record).played
    result = played.result
    assert result is not None and record.finishing_stacks is not None and record.players
    n = len(played.starting)
    tied = [i for i, chips in enumerate(record.finishing_stacks) if chips % 1]
    assert len(tied) == 2
    left_of_button = [(played.button + k) % n for k in range(1, n + 1)]
    first, second = sorted(tied, key=left_of_button.index)
    pot = sum(result.won)
    assert pot % 2 == 1
    share = {first: pot // 2 + 1, second: pot // 2}
    for seat in tied:  # each ends half a chip off the record's exact half of the pot
        assert result.stacks[seat] - record.finishing_stacks[seat] == share[seat] - pot / 2
    names = record.players
    line = (f"{names[first]} and {names[second]} split the pot ({pot:,}): "
            f"{names[first]} {share[first]:,}, {names[second]} {share[second]:,}")
    assert line in render(played).splitlines()  # ORen and Bill split the pot (7,899): ...


def test_unknown_cards_stay_unknown(data_dir: Path) -> None:
    text = render(replay_phh(load(data_dir / "phh/historical/dwan-ivey-2009.phh")).played)
    assert "Dealt to Patrik Antonius: ?? ??" in text
    assert "Tom Dwan wins the pot (1,109,500) with straight, seven high" in text


def test_dead_antes_and_uncalled_bets(data_dir: Path) -> None:
    text = render(replay_phh(load(data_dir / "phh/wsop/2023/43/5/63.phh")).played).splitlines()
    assert "Kristopher Tong posts the ante 225,000" in text
    assert "2,225,000 uncalled returned to Talal Shakerchi" in text
    summary = text[text.index("*** SUMMARY ***") + 1]
    assert summary.startswith("Pot 600,000, board ")  # the uncalled bet is out of the pot
    # the dead ante is in the pot the last player standing wins: 225,000 besides the blinds
    assert "Talal Shakerchi wins the pot (600,000)" in text
    assert not any("dead antes" in line for line in text)


def test_announced_hands_and_the_straddle() -> None:
    rules = Rules.preset("computer-tournament").replace(players=3)
    holes = [parse_cards(c) for c in ("Ah Kh", "Qs Qd", "7c 2d")]
    deck = stacked_deck(holes, parse_cards("Qh Jh 2h 5s 9c"), button=2, burn_cards=True)
    hand = Hand(rules, [100, 100, 100], button=2, deck=deck)
    hand.raise_to(10)  # seat 0 straddles after seat 2's button blind
    while hand.street.name != "SHOWDOWN":
        hand.check_or_call()
    while hand.to_act is not None:
        legal = hand.legal_actions()
        if not legal.values:  # 001: a hand that cannot tie or beat what is shown concedes
            hand.muck()
            continue
        hand.show(legal.values[-1] if hand.to_act == 0 else legal.values[0])
    text = render(PlayedHand.from_hand(hand)).splitlines()
    assert text[0].startswith("fixed limit hold'em 10/20, button blind 5, straddle 10, ante 2")
    assert "Seat 3 posts the button blind 5" in text
    assert "Seat 1 straddles 10" in text
    assert any(line.startswith("Seat 1 shows Ah Kh: announced ") for line in text)
    assert hand.rules.showdown is ShowdownMode.ANNOUNCED


def test_an_unfinished_hand_says_so() -> None:
    text = SIDE_POTS.replace(
        '"p3 cbr 200", "p1 cc", "p2 cc",\n           "d db 2c7h9s", "d db Jd", "d db 3c"]',
        '"p3 cbr 200"]',
    )
    rendered = render(replay_phh(loads(text)).played).splitlines()
    assert "(the record ends here: the hand is not over)" in rendered
    assert rendered[-1] == "Seat 3: Deep $200"


def test_the_tables_seat_numbers_label_the_seats() -> None:
    """PHH ``seats`` (here 2, 5, 9, in position order) number the seats; a player the
    record does not name is called by that label."""
    text = SIDE_POTS.replace('players = ["Short", "Mid", "Deep"]', "seats = [2, 5, 9]")
    rendered = render(replay_phh(loads(text)).played).splitlines()
    assert rendered[1:4] == [
        "Seat 2: Seat 2 ($50)",
        "Seat 5: Seat 5 ($200)",
        "Seat 9: Seat 9 ($200), button",
    ]
    assert "Seat 9 raises to $200 (all-in)" in rendered
    assert rendered[-1] == "Seat 9: Seat 9 $200 -> $0 (-$200)"


def test_each_show_line_gets_its_own_hand_name() -> None:
    """The hand is named on the seat's own show line, whatever the player is called."""
    text = SIDE_POTS.replace('["Short", "Mid", "Deep"]', '["Ann: the rock", "Ann", "An"]')
    rendered = render(replay_phh(loads(text)).played).splitlines()
    assert "Ann: the rock shows Ac Ad: pair of aces, jack-nine-seven kickers" in rendered
    assert "Ann shows Kc Kd: pair of kings, jack-nine-seven kickers" in rendered
    assert "An shows Qc Qd: pair of queens, jack-nine-seven kickers" in rendered


# ------------------------------------------------------------ the game line, the blinds


def _dealt(rules: Rules, players: int = 3, **kwargs: object) -> list[str]:
    return render(PlayedHand.from_hand(Hand(rules, [100] * players, button=0),
                                       **kwargs)).splitlines()  # type: ignore[arg-type]


_LIMIT = Structure.FIXED_LIMIT


@pytest.mark.parametrize(
    ("rules", "game", "posts"),
    [
        (Rules(structure=_LIMIT, small_bet=2, big_bet=4, blinds=(1, 2)),
         "fixed limit hold'em 2/4, blinds 1/2", ["the small blind 1", "the big blind 2"]),
        (Rules(structure=_LIMIT, small_bet=2, big_bet=4, river_bet=8, blinds=(1, 2)),
         "fixed limit hold'em 2/4 (river 8), blinds 1/2", ["the small blind 1", "the big blind 2"]),
        (Rules(structure=_LIMIT, small_bet=2, flop_bet=3, big_bet=5, river_bet=6, blinds=(1, 2)),
         "fixed limit hold'em 2/5 (flop 3, river 6), blinds 1/2",
         ["the small blind 1", "the big blind 2"]),
        (Rules(structure=Structure.POT_LIMIT, blinds=(1, 2)),
         "pot limit hold'em, blinds 1/2 (minimum bet 2)", ["the small blind 1", "the big blind 2"]),
        (Rules(blinds=(1, 2), min_bet=4), "no limit hold'em, blinds 1/2 (minimum bet 4)",
         ["the small blind 1", "the big blind 2"]),
        (Rules(blinds=(1, 2), antes=1), "no limit hold'em, blinds 1/2, ante 1 (minimum bet 2)",
         ["the ante 1", "the ante 1", "the ante 1", "the small blind 1", "the big blind 2"]),
        (Rules(blinds=(1, 2), antes=(0, 0, 2)),
         "no limit hold'em, blinds 1/2, ante 2 (some seats) (minimum bet 2)",
         ["the ante 2", "the small blind 1", "the big blind 2"]),
        (Rules(blinds=(0, 2)), "no limit hold'em, blinds 2 (minimum bet 2)", ["a blind 2"]),
        (Rules(blinds=(1, 2, 4)), "no limit hold'em, blinds 1/2/4 (minimum bet 4)",
         ["the small blind 1", "the big blind 2", "a straddle 4"]),
        (Rules(button_blind=True, blinds=(2, 5)),
         "no limit hold'em, button blind 2/5 (minimum bet 5)", ["the button blind 2", "a blind 5"]),
    ],
    ids=["limit", "river bet", "flop and river bets", "pot limit", "minimum bet", "antes",
         "antes of some seats", "one blind", "three blinds", "button blind"],
)
def test_the_game_line_and_the_forced_bets_name_the_structure(
    rules: Rules, game: str, posts: list[str]
) -> None:
    text = _dealt(rules)
    assert text[0] == f"{game}, 3 players"
    assert [line.split(" posts ")[1] for line in text if " posts " in line] == posts


def test_a_label_heads_the_hand() -> None:
    assert _dealt(Rules(blinds=(1, 2)), label=12)[0] == (
        "Hand 12: no limit hold'em, blinds 1/2 (minimum bet 2), 3 players")
    assert _dealt(Rules(blinds=(1, 2)), label="final table #3")[0].startswith(
        "Hand final table #3: no limit")


def test_a_hand_won_without_a_showdown_has_no_showdown_and_no_board() -> None:
    hand = Hand(Rules(blinds=(1, 2)), [100] * 3, button=0)
    hand.fold()
    hand.fold()
    played = PlayedHand.from_hand(hand, names=["Ann", "Bo", "Cy"])
    text = render(played).splitlines()
    # the big blind's 1 chip over the small blind's comes back: the pot is 1 + 1
    assert text[text.index("Bo folds") + 1 :] == [
        "1 uncalled returned to Cy",
        "Cy wins the pot (2)",
        "*** SUMMARY ***",
        "Pot 2, board (none)",
        "Seat 1: Ann 100 -> 100 (+0)",
        "Seat 2: Bo 100 -> 99 (-1)",
        "Seat 3: Cy 100 -> 101 (+1)",
    ]
    assert [title for title, _ in sections(played)] == ["start", "pre-flop", "summary"]


DECIMAL = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [0.25, 0.5, 0]
min_bet = 0.5
starting_stacks = [1000.25, 20, 20]
actions = ["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 QcQd", "p3 cbr 1.5", "p1 cc", "p2 f",
           "d db 2c7h9s", "p1 cc", "p3 cc", "d db Jd", "p1 cc", "p3 cc", "d db 3c",
           "p1 cc", "p3 cc", "p1 sm AcAd", "p3 sm QcQd"]
players = ["Short", "Mid", "Deep"]
currency_symbol = "$"
"""


def test_amounts_in_fractions_of_a_unit_print_as_decimals() -> None:
    text = render(replay_phh(loads(DECIMAL)).played).splitlines()
    assert text[0] == "no limit hold'em, blinds $0.25/$0.5 (minimum bet $0.5), 3 players"
    assert text[1] == "Seat 1: Short ($1,000.25)"
    assert "Short calls $1.25" in text
    assert "*** FLOP *** [2c 7h 9s] (pot $3.5)" in text
    assert text[-4:] == [
        "Pot $3.5, board 2c 7h 9s Jd 3c",
        "Seat 1: Short $1,000.25 -> $1,002.25 (+$2)",
        "Seat 2: Mid $20 -> $19.5 (-$0.5)",
        "Seat 3: Deep $20 -> $18.5 (-$1.5)",
    ]


# ------------------------------------------------------------ naming the hands shown


def _showdown(rules: Rules, holes: list[str], board: str) -> list[str]:
    deck = stacked_deck([parse_cards(c) for c in holes], parse_cards(board), button=1,
                        burn_cards=False)  # fmt: skip
    hand = Hand(rules.replace(burn_cards=False), [100, 100], button=1, deck=deck)
    while hand.to_act is not None:
        if hand.street.name == "SHOWDOWN":
            hand.show()
        else:
            hand.check_or_call()
    return render(PlayedHand.from_hand(hand, names=["Ann", "Bo"])).splitlines()


def test_shown_hands_are_named_under_the_wild_cards_of_the_rules() -> None:
    deuces = Rules(blinds=(1, 2), wild=WildCards(ranks=frozenset({Rank.TWO})))
    text = _showdown(deuces, ["Ah 2d", "Kc Qd"], "Ac Ad 7s 8c Kd")
    assert "Ann shows Ah 2d: four aces, king kicker" in text
    assert "Ann shows Ah 2d: three aces, king-eight kickers" in _showdown(
        Rules(blinds=(1, 2)), ["Ah 2d", "Kc Qd"], "Ac Ad 7s 8c Kd")


def test_shown_hands_are_named_with_the_hole_cards_the_rules_require() -> None:
    both = Rules(blinds=(1, 2), min_hole_cards=2)
    assert "Ann shows Ac Ad: pair of aces, king-jack-nine kickers" in _showdown(
        both, ["Ac Ad", "7c 8d"], "2h 5h 9h Jh Kh")
    assert "Ann shows Ac Ad: flush, king high" in _showdown(
        Rules(blinds=(1, 2)), ["Ac Ad", "7c 8d"], "2h 5h 9h Jh Kh")
