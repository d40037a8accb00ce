"""Player statistics: each one on hands worked out by hand (its definition in the test's
name and docstring), the straddle case, every real PHH hand against a second, plain
implementation reading the PHH actions themselves, and the ``pokerroom stats`` command.

The hands: no limit, blinds 1/2, four seats in position order Sb (small blind), Bb (big
blind), Co, Btn (the button), 200 chips each unless said otherwise."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import DATA
from pokerroom.cards import parse_cards
from pokerroom.cli import main
from pokerroom.engine import Hand, stacked_deck
from pokerroom.history.phh import PHHHand, dumps, load
from pokerroom.history.record import PlayedHand, to_phh
from pokerroom.history.replay import replay_phh
from pokerroom.history.stats import Ratio, hand_facts, player_stats
from pokerroom.rules import Rules

NAMES = ("Sb", "Bb", "Co", "Btn")
RULES = Rules(blinds=(1, 2), burn_cards=False)
PHH_FILES = sorted((DATA / "phh").rglob("*.phh"))


def play(
    moves: Callable[[Hand], None],
    *,
    rules: Rules = RULES,
    stacks: tuple[int, ...] = (200, 200, 200, 200),
    holes: tuple[str, ...] = ("2c 7d", "3c 8d", "4h 9s", "5h Ts"),
    board: str = "Jc Qd Kh 2s 3h",
    names: tuple[str, ...] = NAMES,
) -> PlayedHand:
    """A hand with the button on the last seat (seat = position), these cards, these
    moves; played to its end (shows as cards speak)."""
    n = len(stacks)
    deck = stacked_deck([parse_cards(h) for h in holes[:n]], parse_cards(board),
                        button=n - 1, burn_cards=rules.burn_cards)  # fmt: skip
    hand = Hand(rules, list(stacks), button=n - 1, deck=deck)
    moves(hand)
    if not hand.is_over:
        hand.settle()
    return PlayedHand.from_hand(hand, names=list(names[:n]))


def folds_to_the_big_blind(h: Hand) -> None:
    h.fold()  # Co
    h.fold()  # Btn
    h.fold()  # Sb


def limped(h: Hand) -> None:
    h.call()  # Co
    h.fold()  # Btn
    h.fold()  # Sb
    h.check()  # Bb
    for _ in range(3):
        h.check()
        h.check()


def test_vpip_is_calls_bets_and_raises_pre_flop_over_hands_with_a_decision() -> None:
    """Co limps (voluntary), Bb checks its option (not voluntary: the blind was forced);
    in the walk the big blind has no decision, so that hand is not in its count."""
    stats = player_stats([play(limped), play(folds_to_the_big_blind)])
    assert stats["Co"].vpip == Ratio(1, 2)
    assert stats["Bb"].vpip == Ratio(0, 1)  # the walk: no decision
    assert stats["Sb"].vpip == Ratio(0, 2) and stats["Btn"].vpip == Ratio(0, 2)
    assert all(s.hands == 2 for s in stats.values())


def test_pfr_is_bets_and_raises_pre_flop() -> None:
    def opened(h: Hand) -> None:
        h.raise_to(6)  # Co
        h.call()  # Btn
        h.fold()
        h.fold()
        for _ in range(3):
            h.check()
            h.check()

    stats = player_stats([play(opened), play(limped)])
    assert stats["Co"].pfr == Ratio(1, 2) and stats["Co"].vpip == Ratio(2, 2)
    assert stats["Btn"].pfr == Ratio(0, 2) and stats["Btn"].vpip == Ratio(1, 2)


def three_bet_pot(h: Hand) -> None:
    h.raise_to(6)  # Co opens
    h.raise_to(18)  # Btn 3-bets
    h.fold()  # Sb: a 4-bet spot, not a 3-bet chance
    h.fold()  # Bb
    h.fold()  # Co folds to the 3-bet


def test_three_bet_is_a_re_raise_of_the_open_over_the_chances_to_make_one() -> None:
    """Btn faced Co's open and re-raised: 1 of 1.  Sb and Bb acted after the 3-bet, so
    they had no 3-bet chance (theirs was a 4-bet chance)."""
    stats = player_stats([play(three_bet_pot)])
    assert stats["Btn"].three_bet == Ratio(1, 1)
    assert stats["Sb"].three_bet == Ratio(0, 0) and stats["Bb"].three_bet == Ratio(0, 0)
    assert stats["Co"].three_bet == Ratio(0, 0)  # the opener cannot 3-bet its own open


def test_fold_to_three_bet_is_the_opener_folding_to_a_re_raise() -> None:
    def called(h: Hand) -> None:
        h.raise_to(6)
        h.raise_to(18)
        h.fold()
        h.fold()
        h.call()  # Co calls the 3-bet
        for _ in range(3):
            h.check()
            h.check()

    stats = player_stats([play(three_bet_pot), play(called)])
    assert stats["Co"].fold_to_three_bet == Ratio(1, 2)
    assert stats["Btn"].fold_to_three_bet == Ratio(0, 0)


def cbet_folded(h: Hand) -> None:
    h.raise_to(6)  # Co opens
    h.fold()  # Btn
    h.fold()  # Sb
    h.call()  # Bb
    h.check()  # flop: Bb checks
    h.bet(8)  # Co continues
    h.fold()  # Bb folds to it


def test_continuation_bet_is_the_pre_flop_raiser_betting_the_flop_first() -> None:
    def donked(h: Hand) -> None:
        h.raise_to(6)
        h.fold()
        h.fold()
        h.call()
        h.bet(8)  # Bb bets first: Co has no c-bet chance
        h.fold()

    def checked_back(h: Hand) -> None:
        h.raise_to(6)
        h.fold()
        h.fold()
        h.call()
        h.check()
        h.check()  # Co could c-bet and checks
        for _ in range(2):
            h.check()
            h.check()

    stats = player_stats([play(cbet_folded), play(donked), play(checked_back)])
    assert stats["Co"].cbet == Ratio(1, 2)


def test_fold_to_continuation_bet_is_folding_to_it_before_any_raise() -> None:
    def raised(h: Hand) -> None:
        h.raise_to(6)
        h.call()  # Btn calls too
        h.fold()
        h.call()  # Bb
        h.check()  # Bb
        h.bet(10)  # Co c-bets
        h.raise_to(30)  # Btn raises it
        h.fold()  # Bb folds to a raise: not a fold to the c-bet
        h.fold()  # Co

    stats = player_stats([play(cbet_folded), play(raised)])
    assert stats["Bb"].fold_to_cbet == Ratio(1, 1)
    assert stats["Btn"].fold_to_cbet == Ratio(0, 1)  # faced it, raised


def test_aggression_factor_and_frequency_count_post_flop_decisions() -> None:
    """Co c-bets once (1 bet); Bb folds once; then Co bets, Bb calls, Co bets, Bb raises,
    Co calls: Co has 2 bets and 1 call (AF 2), Bb 1 raise, 1 call and 1 fold."""
    def fought(h: Hand) -> None:
        h.raise_to(6)
        h.fold()
        h.fold()
        h.call()
        h.check()  # flop
        h.bet(8)
        h.call()
        h.check()  # turn
        h.bet(12)
        h.raise_to(40)
        h.call()
        h.check()  # river
        h.check()

    stats = player_stats([play(fought), play(cbet_folded)])
    co, bb = stats["Co"], stats["Bb"]
    assert (co.aggressive, co.calls, co.folds, co.af) == (3, 1, 0, 3.0)
    assert co.afq == Ratio(3, 4)
    assert (bb.aggressive, bb.calls, bb.folds, bb.af) == (1, 1, 1, 1.0)
    assert stats["Btn"].af is None


def test_went_to_showdown_is_over_the_flops_seen_and_won_at_showdown_over_showdowns() -> None:
    """Hand 1: Co and Bb see the flop, Bb folds (no showdown).  Hand 2: limped to a
    showdown between Co and Bb; Co's K-high straight... the board is J Q K 2 3: Co holds
    4h 9s, Bb 3c 8d (a pair of threes): Bb wins."""
    stats = player_stats([play(cbet_folded), play(limped)])
    assert stats["Co"].wtsd == Ratio(1, 2) and stats["Bb"].wtsd == Ratio(1, 2)
    assert stats["Bb"].wsd == Ratio(1, 1) and stats["Co"].wsd == Ratio(0, 1)
    assert stats["Btn"].wtsd == Ratio(0, 0)


def test_winnings_are_big_blinds_per_hundred_hands_with_a_95_percent_interval() -> None:
    """Bb wins the walk (+1 chip = half a big blind) and loses 6 to Co's c-bet (-3 big
    blinds): mean -1.25 bb a hand, -125 bb/100; the interval is 1.96 standard errors of
    the two hands' mean, 1.96 x sd/sqrt(2) with sd = |0.5 - (-3)| / sqrt(2)."""
    stats = player_stats([play(folds_to_the_big_blind), play(cbet_folded)])
    bb = stats["Bb"].bb100
    assert bb.value == pytest.approx(-125.0)
    assert bb.half_width == pytest.approx(100 * 1.959963984540054 * 3.5 / 2)
    assert stats["Bb"].won == pytest.approx(-2.5)


def test_all_in_adjusted_winnings_settle_an_all_in_at_its_equity() -> None:
    """Aces against kings all in pre-flop, 200 each, and the kings hit: as it fell the
    aces lose 100 big blinds; at equity they are worth their share of the 400 pot less
    their 200.  Ah As against Kd Kc win on 1,388,072 of the 1,712,304 boards and tie on
    6,538 (counted by eval7 over every board): a share of 0.812555."""
    def all_in(h: Hand) -> None:
        h.fold()  # Co
        h.fold()  # Btn
        h.raise_to(200)  # Sb
        h.call()  # Bb

    played = play(all_in, holes=("Ah As", "Kd Kc", "2c 3d", "4h 5h"), board="Kh 7s 8d 2s 9c")
    facts = hand_facts(played)
    share = (1_388_072 + 6_538 / 2) / 1_712_304
    assert facts[0].net == -100 and facts[1].net == 100
    assert facts[0].adjusted == pytest.approx((400 * share - 200) / 2, rel=1e-9)
    assert facts[0].adjusted + facts[1].adjusted == pytest.approx(0)
    plain = hand_facts(played, adjust=False)
    assert plain[0].adjusted == plain[0].net


def test_an_all_in_on_the_river_or_a_fold_is_not_adjusted() -> None:
    facts = hand_facts(play(cbet_folded))
    assert all(f.adjusted == f.net for f in facts)


# --------------------------------------------------------------------------- straddles


def test_posting_a_straddle_is_not_a_voluntary_put_in() -> None:
    """Blinds 1/2 and a straddle of 4 (the third blind): everyone folds to the straddler,
    who wins without a decision; then a hand where the straddler checks its option.
    Neither counts as voluntary, nor as a raise, nor as the open a 3-bet answers."""
    rules = Rules(blinds=(1, 2, 4), burn_cards=False)

    def folded_round(h: Hand) -> None:
        h.fold()  # Btn
        h.fold()  # Sb
        h.fold()  # Bb

    def checked_option(h: Hand) -> None:
        h.call()  # Btn limps 4
        h.fold()  # Sb
        h.fold()  # Bb
        h.check()  # the straddler (Co) checks its option
        for _ in range(3):
            h.check()
            h.check()

    def raised_over(h: Hand) -> None:
        h.raise_to(12)  # Btn opens over the straddle
        h.fold()
        h.fold()
        h.raise_to(36)  # Co, the straddler, 3-bets the open
        h.fold()

    hands = [play(x, rules=rules) for x in (folded_round, checked_option, raised_over)]
    co = player_stats(hands)["Co"]
    assert co.vpip == Ratio(1, 2) and co.pfr == Ratio(1, 2)
    assert co.three_bet == Ratio(1, 1)


def test_001s_straddle_posted_by_choice_is_still_not_voluntary() -> None:
    """001's straddle (the player after the button blind straddles or folds): posting it
    is not a voluntary put-in; folding instead of straddling is that player's decision."""
    rules = Rules.preset("computer-tournament", burn_cards=False)

    def straddled(h: Hand) -> None:
        h.act(h.legal_actions().kinds[-1], 10)  # Sb position straddles 10
        while not h.is_over:
            h.fold()

    played = play(straddled, rules=rules, stacks=(1000, 1000, 1000),
                  holes=("2c 7d", "3c 8d", "5h Ts"), names=("St", "Mid", "Btn"))  # fmt: skip
    facts = {f.name: f for f in hand_facts(played)}
    assert not facts["St"].vpip and not facts["St"].pfr and not facts["St"].decided


# ------------------------------------------------------- the data, by a plain second count


def _plain(hand: PHHHand) -> dict[str, dict[str, int]]:
    """VPIP, PFR, 3-bet and showdown counts read straight off the PHH actions: who puts
    chips in pre-flop beyond the blind, who bets ('cbr'), who re-raises the first 'cbr',
    who is left when the actions end."""
    n = hand.player_count
    names = list(hand.players or [f"p{k + 1}" for k in range(n)])
    blinds = list(hand.blinds_or_straddles or [0] * n)
    if n == 2:
        blinds = blinds[::-1]
    bets = [Decimal(b) for b in blinds]
    out = {name: {"vpip": 0, "pfr": 0, "decided": 0, "3b": 0, "3b_chance": 0,
                  "showdown": 0, "saw_flop": 0} for name in names}  # fmt: skip
    folded = [False] * n
    preflop = True
    raises = 0
    opener = None
    for action in hand.actions:
        words = str(action).split()
        if words[:2] == ["d", "db"]:
            if preflop:
                for k in range(n):
                    out[names[k]]["saw_flop"] = int(not folded[k])
            preflop = False
            continue
        if words[0] == "d" or len(words) < 2:
            continue
        p = int(words[0][1:]) - 1
        verb = words[1]
        if verb not in ("cbr", "cc", "f") or not preflop:
            if verb == "f":
                folded[p] = True
            continue
        row = out[names[p]]
        row["decided"] = 1
        if raises == 1 and opener != p and not row["3b_chance"]:
            row["3b_chance"] = 1
            row["3b"] = int(verb == "cbr")
        if verb == "f":
            folded[p] = True
        elif verb == "cc":
            if bets[p] < max(bets):
                row["vpip"] = 1
                bets[p] = max(bets)
        else:
            row["vpip"] = row["pfr"] = 1
            bets[p] = Decimal(words[2])
            raises += 1
            opener = p if raises == 1 else opener
    live = [k for k in range(n) if not folded[k]]
    for k in live:
        out[names[k]]["showdown"] = int(len(live) >= 2)
    return out


@pytest.mark.parametrize("path", PHH_FILES or [DATA], ids=lambda p: p.name)
def test_the_data_counts_agree_with_a_plain_count_of_the_phh_actions(
    path: Path, data_dir: Path
) -> None:
    hand = load(path)
    facts = {f.name: f for f in hand_facts(replay_phh(hand).played, adjust=False)}
    for name, row in _plain(hand).items():
        f = facts[name]
        got = {"vpip": int(f.vpip), "pfr": int(f.pfr), "decided": int(f.decided),
               "3b": int(f.three_bet), "3b_chance": int(f.three_bet_chance),
               "showdown": int(f.showdown), "saw_flop": int(f.saw_flop)}  # fmt: skip
        assert got == row, name


def test_the_data_totals_and_net_winnings_agree(data_dir: Path) -> None:
    """Over the whole data set: each player's hands, and chips won as the PHH's own
    finishing stacks say, in big blinds (the Pluribus files write a split pot's odd chip
    as two halves, the replay gives it whole to one player: half a chip apart a hand)."""
    hands = [load(p) for p in PHH_FILES]
    stats = player_stats([replay_phh(h).played for h in hands], adjust=False)
    totals: dict[str, Fraction] = {}
    counts: dict[str, int] = {}
    for h in hands:
        if h.finishing_stacks is None:
            continue
        bb = max(h.blinds_or_straddles or [h.min_bet or h.small_bet or 1])
        for name, start, end in zip(h.players or (), h.starting_stacks, h.finishing_stacks,
                                    strict=True):  # fmt: skip
            totals[name] = totals.get(name, Fraction(0)) + (Fraction(end) - Fraction(start)) / (
                Fraction(bb))  # fmt: skip
            counts[name] = counts.get(name, 0) + 1
    for name, total in totals.items():
        bb_per_chip = 1 / 100  # every split pot of the data is Pluribus's (big blind 100)
        assert stats[name].won == pytest.approx(float(total), abs=counts[name] * bb_per_chip / 2)
    assert sum(s.hands for s in stats.values()) == sum(h.player_count for h in hands)


# ---------------------------------------------------------------------------- the command


def _phh_file(tmp_path: Path) -> Path:
    path = tmp_path / "hands.phhs"
    from pokerroom.history.phh import dumps_all

    path.write_text(dumps_all([to_phh(play(x)) for x in (limped, cbet_folded, three_bet_pot)]),
                    encoding="utf-8")  # fmt: skip
    return path


def test_the_command_prints_a_row_per_player(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["stats", str(_phh_file(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "3 hands, 4 players"
    co = next(line for line in out.splitlines() if line.startswith("Co "))
    assert co.split()[:4] == ["Co", "3", "100", "67"]


def test_the_command_reads_a_database_and_one_player(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from pokerroom.storage.saves import Store

    store = Store(tmp_path / "game.db")
    game = store.new_game("test")
    for k, x in enumerate((limped, cbet_folded), 1):
        store.add_hand(game, k, "-", dumps(to_phh(play(x))))
    assert main(["stats", "--db", str(tmp_path / "game.db"), "--player", "Bb"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "2 hands, 1 player" and lines[3].split()[:2] == ["Bb", "2"]


def test_a_database_named_with_uri_characters_is_that_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The database is opened read-only by its file: URI, so ? and # in its name are part
    of the name (not a query and a fragment)."""
    from pokerroom.storage.saves import Store

    path = tmp_path / "game?mode=rwc#1 %41.db"
    store = Store(path)
    store.add_hand(store.new_game("test"), 1, "-", dumps(to_phh(play(limped))))
    assert main(["stats", "--db", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "1 hand, 4 players"
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]  # nothing else made


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["stats"], "give hand-history files or --db FILE"),
        (["stats", "--db", "nowhere.db"],
         "argument --db: 'nowhere.db': no such file (give a database of hands)"),
        (["stats", "HANDS", "--player", "Zed"],
         "--player 'Zed': no such player in the hands (Bb, Btn, Co, Sb)"),
        (["stats", "HANDS", "--player", ""],  # was: every player
         "--player '': no such player in the hands (Bb, Btn, Co, Sb)"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [str(_phh_file(tmp_path)) if a == "HANDS" else a for a in argv]
    try:
        code = main(argv)
    except SystemExit as exc:  # refused by the argument's type
        code = int(exc.code or 0)
    assert code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_a_database_that_is_not_one_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not sqlite at all" * 10)
    assert main(["stats", "--db", str(junk)]) == 2
    assert "not a pokerroom database with hands" in capsys.readouterr().err
    empty = tmp_path / "empty.db"
    sqlite3.connect(empty).close()
    assert main(["stats", "--db", str(empty)]) == 2


_SEEDS = ["variant = 'NT'\nantes = [0, 0]\n", "PokerStars Hand #1:  Hold'em No Limit (1/2)\n",
          '{"ohh": {"game_type": "Holdem"}}', "STATE:0:f:AcKd|2c3d:1|-1:a|b\n"]  # fmt: skip


@settings(max_examples=50, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(st.sampled_from(_SEEDS), st.text(max_size=40),
       st.sampled_from([".txt", ".ohh", ".phh", ".phhs", ".log", ".db"]))  # fmt: skip
def test_any_file_gets_a_table_or_lines_of_errors_never_a_traceback(
    tmp_path: Path, seed: str, junk: str, suffix: str
) -> None:
    import contextlib
    import io

    path = tmp_path / f"f{suffix}"
    path.write_text(seed + junk, encoding="utf-8")
    argv = ["stats", "--db", str(path)] if suffix == ".db" else ["stats", str(path)]
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(argv)
    assert code in (0, 1, 2)
    assert "Traceback" not in err.getvalue()
    if code == 2:
        assert err.getvalue().startswith("pokerroom stats")
