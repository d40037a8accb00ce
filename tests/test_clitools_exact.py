"""Exact answers of the analysis commands (``eval``, ``equity``, ``convert``, ``replay``,
``stats``), run in this process through :func:`pokerroom.cli.main`: each option's help,
metavar, type and bounds word for word, the output and every refusal word for word, the
exit statuses, the files written read back (the mutation part ``clitools``)."""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest

from cli_helpers import Option, run
from phh_samples import ALL_IN, CHECKED_DOWN
from pokerroom.cli import build_parser
from pokerroom.cli import convert as convert_cli
from pokerroom.cli import equity as equity_cli
from pokerroom.cli import eval as eval_cli
from pokerroom.cli import replay as replay_cli
from pokerroom.cli import stats as stats_cli

COMMANDS: dict[str, tuple[str, str, str | None, list[Option]]] = {
    'eval': (
        'rank a hand of 5 to 7 cards, find the nuts, or enumerate every hand',
        (
            'Rank a hand of 5 to 7 cards: the best five, the category, the name and the value. '
            'Cards are a rank (2-9, T or 10, J, Q, K, A) and a suit (c d h s, or the symbols ♣ ♦ '
            '♥ ♠), any case, together or apart: As Ks, AsKs, A♠ K♠, 10h; the joker is Jk.'
        ),
        (
            "value: the hand's strength as one number; a higher value beats a lower one and equal"
            ' values split the pot. The 7,462 different five-card hands of a 52-card pack are '
            'numbered 0 (seven-five-four-three-deuce, the worst high hand) to 7461 (a royal '
            'flush); with wild cards five of a kind goes on, 7462 (five deuces) to 7474 (five '
            'aces).'
        ),
        [
            ('cards', '*', None, None, None, True,
             None,
             'cards like As Ks Qs Js Ts 2c 3d (the board, with --hole)'),
            ('--hole', None, 'HOLE', None, None, False,
             None,
             'the 2 hole cards; the other cards are then the board (3 to 5)'),
            ('--min-hole-cards', None, '{0,1,2}', (0, 1, 2), None, False,
             "Count(low=0, high=2, unit='')",
             (
                 'with --hole or --nuts: the hand uses at least this many hole cards (0, the '
                 "default, is hold'em; 2 is Omaha-style)"
             )),
            ('--wild', None, 'WILD', None, None, False,
             None,
             "wild ranks or cards, like '2' (deuces wild), '2 Jd' or 'Jd'"),
            ('--joker', None, None, ('bug', 'wild'), None, False,
             None,
             (
                 'the joker (Jk) is in play: bug (an ace, or it completes a straight or flush) or'
                 ' wild (any card)'
             )),
            ('--nuts', 0, None, None, False, False,
             None,
             (
                 'CARDS are a board of 3 to 5 cards: show the best hand possible on it and every '
                 'pair of hole cards that makes it'
             )),
            ('--enumerate', None, None, (5, 7), None, False,
             "Count(low=5, high=7, unit='')",
             'rank every 5- or 7-card hand and print the category table'),
        ],
    ),
    'equity': (
        'how often hands or ranges win and tie, exact or Monte Carlo',
        (
            'Equity of 2 to 10 hands or ranges: exact enumeration when it is small enough, '
            'otherwise Monte Carlo with a standard error. Ranges: AhKh, AKs, AKo, AK, QQ, QQ+, '
            'ATs+, A5s-A2s, 99-66, T9s-54s, random; comma- or space-separated inside one quoted '
            'argument; weights like AKs:0.5.'
        ),
        None,
        [
            ('players', '+', 'HAND', None, None, True,
             None,
             'one hand or range per player (quote ranges with spaces)'),
            ('--board', None, None, None, None, False,
             None,
             '0, 3, 4 or 5 board cards, like Ks7d2c'),
            ('--dead', None, None, None, None, False,
             None,
             "cards out of play, like '2h 3h'"),
            ('--exact', 0, None, None, False, False,
             None,
             'enumerate every deal, however long'),
            ('--samples', None, 'N', None, None, False,
             "Count(low=1, high=1000000000000, unit='deals')",
             'Monte Carlo: deal N times (1 to 10^12)'),
            ('--target-error', None, 'E', None, None, False,
             "Positive(high=1.0, unit='', below=True, note='')",
             (
                 'Monte Carlo: stop once every standard error is at most E (0.001 = 0.1%%; above '
                 '0, below 1)'
             )),
            ('--time', None, 'SECONDS', None, None, False,
             "Seconds(high=86400.0, unit=' of seconds', below=False, note=' (a day)')",
             'Monte Carlo: stop after this many seconds (above 0, at most a day)'),
            ('--seed', None, None, None, None, False,
             "Seed(low=0, high=9223372036854775807, unit='')",
             'seed the random deals (repeatable results)'),
            ('--grid', 0, None, None, False, False,
             None,
             'also draw each range on the 13x13 grid'),
            ('--json', 0, None, None, False, False,
             None,
             'print the result as JSON'),
        ],
    ),
    'convert': (
        'hand histories to PokerStars text (for trackers), OHH, PHH or ACPC logs',
        (
            'Replay every hand of PHH (.phh, .phhs), ACPC logs (.log), PokerStars text or OHH '
            "(.ohh) files and write it as PokerStars text (what PokerTracker, Hold'em Manager and"
            ' Hand2Note import), Open Hand History JSON, PHH, or an ACPC log. A hand the format '
            "cannot hold (wild cards, 001's proportional split...) is left out with the reason; "
            'exit status 1 if any was.'
        ),
        None,
        [
            ('files', '+', 'FILE', None, None, True,
             None,
             'hand-history files, or directories holding them'),
            ('--to', None, 'FORMAT', ('pokerstars', 'ohh', 'phh', 'acpc'), None, True,
             None,
             'the format to write: pokerstars, ohh, phh, acpc'),
            ('--out', None, 'DIR', None, None, False,
             "OutputFolder(what='a folder for the converted files')",
             (
                 "write each file's hands to a file of this directory (created if need be; a "
                 "directory's files keep their subdirectories); default: print them"
             )),
            ('--hero', None, 'NAME', None, None, False,
             None,
             (
                 "PokerStars and OHH: the player whose cards are dealt to (the others' cards "
                 'appear where shown); default: every card known'
             )),
            ('--date', None, "'YYYY/MM/DD HH:MM:SS'", None, None, False,
             'Date()',
             (
                 'PokerStars and OHH: the date in UTC of hands whose record has none '
                 "(default: the file's modification time); PokerStars text gives it in "
                 'Eastern time (ET)'
             )),
        ],
    ),
    'replay': (
        'print recorded hands (PHH, ACPC logs, PokerStars, OHH) or check them',
        (
            'Replay every hand of PHH (.phh, .phhs), ACPC dealer log (.log), PokerStars text and '
            'OHH (.ohh) files through the engine. Without --check, print each hand as a readable '
            'history. odd-chip policy: a result matches when it equals the replay exactly, or '
            'equals it with each split pot divided exactly (fractions; ACPC values as printed, 6 '
            'digits), or differs only in who got the odd chips of split pots.'
        ),
        None,
        [
            ('files', '+', 'FILE', None, None, True,
             None,
             '.phh, .phhs, ACPC .log, PokerStars text or .ohh files, or directories'),
            ('--check', 0, None, None, False, False,
             None,
             'report hands whose result differs from the recorded one; exit 1 if any'),
            ('--step', 0, None, None, False, False,
             None,
             'print one street at a time (Enter)'),
            ('--game', None, 'GAMEDEF', None, None, False,
             "InputFile(what='an ACPC game definition')",
             (
                 "the ACPC game definition of the logs (default: the one the log's header names, "
                 'beside the log)'
             )),
            ('--seed', None, None, None, None, False,
             "Seed(low=0, high=4294967295, unit='')",
             "the ACPC match seed, to deal cards a log hides (default: the log's header)"),
            ('--write-phh', None, 'OUT', None, None, False,
             None,
             (
                 'also write the replayed hands as PHH (.phh for one hand, .phhs for several); '
                 'the directory must exist'
             )),
            ('-v/--verbose', 0, None, None, False, False,
             None,
             'with --check: a line per file, and the policy'),
        ],
    ),
    'stats': (
        "each player's VPIP, PFR, 3-bet, aggression, showdowns and bb/100",
        (
            'Per player, from hand histories: hands, VPIP, PFR, 3-bet, fold to 3-bet, '
            'continuation bet and fold to it, aggression factor and frequency, went to showdown, '
            'won at showdown, winnings in big blinds per 100 hands with a 95% interval, and '
            'all-in adjusted winnings. VPIP, PFR: pre-flop calls/raises (blinds and straddles '
            'posted are not) over hands with a pre-flop decision; 3B: re-raises of an open; F3B: '
            'opens folded to a 3-bet; CB: continuation bets on the flop; FCB: folds to one; AF: '
            'post-flop bets and raises per call; AFq: their share of post-flop decisions; WTSD: '
            'showdowns over flops seen; W$SD: showdowns won; bb/100 with its 95% interval; adj: '
            'all-ins before the river at equity.'
        ),
        None,
        [
            ('files', '*', 'FILE', None, None, True,
             None,
             'hand-history files (PHH, ACPC logs, PokerStars text, OHH) or directories'),
            ('--db', None, 'FILE', None, None, False,
             "InputFile(what='a database of hands')",
             (
                 "also the hands of a database: the terminal game's, or a tournament's or "
                 "league's written with --db-hands"
             )),
            ('--player', None, 'NAME', None, None, False,
             None,
             'only this player'),
            ('--no-adjust', 0, None, None, False, False,
             None,
             'leave out the all-in adjusted winnings (quicker)'),
        ],
    ),
}


def _commands() -> dict[str, tuple[str | None, argparse.ArgumentParser]]:
    parser = build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    helps = {a.dest: a.help for a in sub._choices_actions}
    return {name: (helps[name], sub.choices[name]) for name in COMMANDS}


def test_each_command_and_option_says_word_for_word_what_it_takes() -> None:
    for name, (help_, parser) in _commands().items():
        summary, description, epilog, options = COMMANDS[name]
        assert (help_, parser.description, parser.epilog) == (summary, description, epilog)
        found = [
            ("/".join(a.option_strings) or a.dest, a.nargs, a.metavar, a.choices, a.default,
             a.required, None if a.type is None else repr(a.type), a.help)
            for a in parser._actions if not isinstance(a, argparse._HelpAction)
        ]  # fmt: skip
        assert found == options, name
        kinds = {"/".join(a.option_strings) or a.dest: type(a).__name__ for a in parser._actions}
        flags = {o[0] for o in options if o[1] == 0}
        assert {k for k, v in kinds.items() if v == "_StoreTrueAction"} == flags, name


def test_each_command_runs_its_own_function() -> None:
    commands = _commands()
    for name, module, func in (
        ("eval", eval_cli, "_cmd_eval"), ("equity", equity_cli, "_cmd_equity"),
        ("convert", convert_cli, "_cmd_convert"), ("replay", replay_cli, "_cmd_replay"),
        ("stats", stats_cli, "_cmd_stats"),
    ):  # fmt: skip
        assert commands[name][1].get_default("func") is getattr(module, func)


# ---------------------------------------------------------------------------- eval


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "give 5 to 7 cards, like: pokerroom eval As Ks Qs Js Ts 2c 3d"),
        (["   "], "give 5 to 7 cards, like: pokerroom eval As Ks Qs Js Ts 2c 3d"),
        (["--enumerate", "5", "As"], "--enumerate ranks every hand: give no cards, --hole, "
         "--nuts, --min-hole-cards, --wild or --joker"),
        (["--enumerate", "5", "--nuts"], "--enumerate ranks every hand: give no cards, --hole, "
         "--nuts, --min-hole-cards, --wild or --joker"),
        (["--enumerate", "5", "--hole", ""], "--enumerate ranks every hand: give no cards, "
         "--hole, --nuts, --min-hole-cards, --wild or --joker"),
        (["--enumerate", "5", "--min-hole-cards", "0"], "--enumerate ranks every hand: give no "
         "cards, --hole, --nuts, --min-hole-cards, --wild or --joker"),
        (["--enumerate", "7", "--joker", "bug"], "--enumerate ranks every hand: give no cards, "
         "--hole, --nuts, --min-hole-cards, --wild or --joker"),
        (["--nuts", "--hole", "As Ks", "2c 3d 4h"], "--nuts takes a board of 3 to 5 cards, "
         "not --hole"),
        (["--min-hole-cards", "0", "As Ks Qs Js Ts"], "--min-hole-cards needs --hole (the hole "
         "cards) or --nuts: without them every card is in one hand"),
        (["--wild", " ", "As Ks Qs Js Ts"], "--wild is empty: name wild ranks or cards, like "
         "'2' or 'Jd'"),
        (["--wild", "2,jk", "As Ks Qs Js Ts"], "the joker is not named with --wild: --joker "
         "wild makes it wild, --joker bug makes it the bug"),
        (["--hole", "As", "2c 3d 4h"], "--hole takes the 2 hole cards of hold'em, not 1: 'As'"),
        (["--hole", "As Kd", "2c 3d 4h 5s 6s 7s"], "with --hole the other cards are the board: "
         "3, 4 or 5 cards, not 6: '2c 3d 4h 5s 6s 7s'"),
    ],
)  # fmt: skip
def test_eval_refusals_word_for_word(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert run(capsys, "eval", *argv) == (2, "", f"pokerroom eval: error: {message}\n")


def test_eval_min_hole_cards_and_wild_reach_the_nuts(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "eval", "--nuts", "As Ks Qs Js Ts", "--min-hole-cards", "2") == (0, (
        "board:    As Ks Qs Js Ts\n"
        "nuts:     straight flush, queen high\n"
        "hand:     Qs Js Ts 9s 8s\n"
        "holes:    1 pair: 9s 8s\n"), "")  # fmt: skip
    # the board is the nuts with its deuces wild: it plays as five aces, not four deuces
    assert run(capsys, "eval", "--nuts", "2s 2d 2h 2c As", "--wild", "2") == (0, (
        "board:    2s 2d 2h 2c As\n"
        "nuts:     five of a kind, aces\n"
        "hand:     As 2s 2d 2h 2c\n"
        "plays as: As Ah Ad Ac Ah\n"
        "holes:    all 1,081 pairs (the board itself is the nuts: every hand plays it)\n"), "")
    # every pair makes the nuts on a board of three: no word of the board playing
    code, out, _ = run(capsys, "eval", "--nuts", "2s 2d 2h", "--wild", "A K Q J T 9 8 7 6 5 4 3 2")
    assert code == 0 and out.splitlines()[-1] == "holes:    all 1,176 pairs"
    # one card in every pair, listed second: the card, then the others
    assert run(capsys, "eval", "--nuts", "Ks Kd 6s Kc")[1].splitlines()[-1] == (
        "holes:    4 pairs: Kh with As Ah Ad Ac")


def test_eval_pairs_with_one_card_in_common_are_said_once() -> None:
    from pokerroom.cards import parse_cards

    a, k, q, j = parse_cards("As Kh Qd Jc")
    assert eval_cli._pairs([(a, k), (a, q)], 47) == "As with Kh Qd"
    assert eval_cli._pairs([(k, a), (q, a)], 47) == "As with Kh Qd"
    assert eval_cli._pairs([(a, k)], 47) == "As Kh"
    assert eval_cli._pairs([(a, k), (q, j)], 47) == "As Kh, Qd Jc"


class _Census:
    """A stand-in for the census: two categories, 2.0 s, and what it was asked."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, object]] = []

    def __call__(self, n: int, bar: object) -> object:
        from types import SimpleNamespace

        from pokerroom.evaluator.classes import Category

        self.asked.append((n, bar))
        cats = list(Category)[:2]
        return SimpleNamespace(
            hands={cats[0]: 1_302_540, cats[1]: 1_098_240},
            classes={cats[0]: 1_277, cats[1]: 2_860},
            total_hands=2_100_000, total_classes=4_137, seconds=2.0,
        )


def test_eval_enumerate_prints_the_census_table_and_its_rate(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import rich.console

    from pokerroom.cli import progress
    from pokerroom.evaluator import census as census_module

    census = _Census()
    monkeypatch.setattr(census_module, "census", census)
    bars: list[str] = []

    class Bar(progress.LazyBar):
        def __init__(self, label: str) -> None:
            bars.append(label)
            super().__init__(label)

    monkeypatch.setattr(progress, "LazyBar", Bar)
    plain = rich.console.Console

    def console(**kwargs: object) -> rich.console.Console:
        return plain(width=60, color_system="standard", force_terminal=True)

    monkeypatch.setattr(rich.console, "Console", console)
    code, out, err = run(capsys, "eval", "--enumerate", "7")
    assert (code, err, bars) == (0, "", ["ranking every 7-card hand"])
    assert len(census.asked) == 1 and census.asked[0][0] == 7
    assert isinstance(census.asked[0][1], Bar)
    lines = [line.rstrip() for line in out.splitlines()]
    bare = [re.sub("\x1b\\[[0-9;]*m", "", line).rstrip() for line in lines]
    assert bare[0].strip() == "All 2,100,000 7-card hands"
    assert bare[1:] == [
        "┏━━━━━━━━━━━┳━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━┓",
        "┃ category  ┃     hands ┃ distinct values ┃",
        "┡━━━━━━━━━━━╇━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━┩",
        "│ pair      │ 1,098,240 │           2,860 │",
        "│ high card │ 1,302,540 │           1,277 │",
        "│ total     │ 2,100,000 │           4,137 │",
        "└───────────┴───────────┴─────────────────┘",
        "2.00 s (1.1 M hands/s, batch evaluator)",
    ]
    total = next(line for line in lines if "total" in line)
    assert "\x1b[1m" in total  # the total row in bold


# ---------------------------------------------------------------------------- replay

GOOD = CHECKED_DOWN
REFUSED = GOOD.replace('"p1 cc", "d db 2c7h9s"', '"p1 cbr 5", "d db 2c7h9s"')
WRONG = GOOD.replace("[1030, 970]", "[1031, 969]")
BET = GOOD.replace('"d db 2c7h9s",\n           "p1 cc", "p2 cc"',
                   '"d db 2c7h9s",\n           "p1 cbr 20", "p2 cc"').replace(
                       "[1030, 970]", "[1050, 950]")  # fmt: skip
REFUSAL = ("[2]: action 4 'p1 cbr 5': p1 cannot raise to 5 pre-flop: the minimum is 50 (legal: "
           "fold, call 20, raise to 50 to 1000)")  # fmt: skip
HAND_1 = """\
Hand 1: no limit hold'em, blinds 5/10 (minimum bet 10), 2 players
Seat 1: Ann (1,000)
Seat 2: Bo (1,000), button
Bo posts the small blind 5
Ann posts the big blind 10
*** PRE-FLOP ***
Dealt to Ann: Ac Ad
Dealt to Bo: Kc Kd
Bo raises to 30
Ann calls 20
*** FLOP *** [2c 7h 9s] (pot 60)
Ann checks
Bo checks
*** TURN *** [2c 7h 9s] [Jd] (pot 60)
Ann checks
Bo checks
*** RIVER *** [2c 7h 9s Jd] [3c] (pot 60)
Ann checks
Bo checks
*** SHOWDOWN ***
Ann shows Ac Ad: pair of aces, jack-nine-seven kickers
Bo mucks
Ann wins the pot (60) with pair of aces, jack-nine-seven kickers
*** SUMMARY ***
Pot 60, board 2c 7h 9s Jd 3c
Seat 1: Ann 1,000 -> 1,030 (+30)
Seat 2: Bo 1,000 -> 970 (-30)
"""


def _three(tmp_path: Path) -> str:
    """A .phhs of a hand that plays, one the rules refuse, one whose result differs."""
    path = tmp_path / "three.phhs"
    path.write_text(f"[1]\n{GOOD}\n[2]\n{REFUSED}\n[3]\n{WRONG}", encoding="utf-8")
    return str(path)


def test_replay_prints_every_hand_it_can_each_labelled_and_names_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _three(tmp_path)
    code, out, err = run(capsys, "replay", path)
    assert code == 1  # a hand the rules refuse is a finding
    hand_3 = HAND_1.replace("Hand 1:", "Hand 3:")
    assert out == f"# {path} [1]\n{HAND_1}\n# {path} [3]\n{hand_3}"
    assert err == f"pokerroom replay: error: {path}: {REFUSAL}\n"
    single = tmp_path / "one.phh"
    single.write_text(GOOD, encoding="utf-8")
    lone = HAND_1.replace("Hand 1: ", "")  # a lone hand: no label, no number
    assert run(capsys, "replay", str(single)) == (0, lone, "")


def test_replay_show_writes_to_the_stream_it_is_given(tmp_path: Path) -> None:
    from pokerroom.history.sources import replays

    out = io.StringIO()
    args = argparse.Namespace(step=False)
    path = _three(tmp_path)
    assert replay_cli._show(args, replays(path), out) == 1
    assert out.getvalue().startswith(f"# {path} [1]\n{HAND_1}\n# {path} [3]\n")


def test_replay_check_verbose_word_for_word(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _three(tmp_path)
    single = tmp_path / "one.phh"
    single.write_text(GOOD, encoding="utf-8")
    code, out, err = run(capsys, "replay", "--check", "-v", path, str(single))
    assert (code, err) == (1, "")
    assert out.splitlines() == [
        f"{path}: {REFUSAL}",
        f"{path} [3]: finishing stacks differ: p1 Ann recorded 1031, replayed 1030; "
        "p2 Bo recorded 969, replayed 970",
        f"{path}: 3 hands (1 cannot replay, 1 differ, 1 exact)",
        f"{single}: 1 hand (1 exact)",
        "2 files: 4 hands (1 cannot replay, 1 differ, 2 exact)",
        replay_cli.POLICY,
    ]
    assert run(capsys, "replay", "--check", str(single)) == (0, "1 file: 1 hand (1 exact)\n", "")


def test_replay_values_are_shown_in_units_of_the_scale() -> None:
    from fractions import Fraction

    assert replay_cli._fmt(Fraction(2061), 2) == "1030.5"
    assert replay_cli._fmt(Fraction(2060), 2) == "1030"
    assert replay_cli._fmt(Fraction(1, 3), 1) == "0.333333"
    assert replay_cli._fmt(Fraction(7, 2), 1) == "3.5"


class _Stderr(io.StringIO):
    """Standard error that records each flush with what had been written by then."""

    def __init__(self) -> None:
        super().__init__()
        self.flushed: list[str] = []

    def flush(self) -> None:
        self.flushed.append(self.getvalue())
        super().flush()


@pytest.mark.parametrize(
    ("typed", "answer"),
    [("\n", "next"), ("q\n", "quit"), (" Quit \n", "quit"), ("QUIT\n", "quit"),
     ("quit", "quit"), ("x\n", "next"), ("", "end")],
)  # fmt: skip
def test_replay_pause_prompts_on_standard_error_and_reads_a_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], typed: str,
    answer: str,
) -> None:
    err = _Stderr()
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    monkeypatch.setattr(sys, "stderr", err)
    assert replay_cli._pause() == answer
    prompt = "-- Enter: next street, q: quit --"
    assert err.flushed[:1] == [prompt]  # shown before the line is read
    assert err.getvalue() == prompt + ("\n" if answer == "end" else "")
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("h.txt", "--write-phh {out}: the file must end in .phh (one hand) or .phhs (several)"),
        ("nowhere/h.phh", "--write-phh {out}: there is no directory {folder!r}"),
        ("folder.phhs", "--write-phh {out}: that is a directory"),
    ],
)
def test_replay_write_phh_refusals_word_for_word(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, message: str
) -> None:
    (tmp_path / "folder.phhs").mkdir()
    single = tmp_path / "one.phh"
    single.write_text(GOOD, encoding="utf-8")
    out = tmp_path / name
    said = message.format(out=out, folder=str(out.parent))
    assert run(capsys, "replay", "--write-phh", str(out), str(single)) == (
        2, "", f"pokerroom replay: error: {said}\n")


def test_replay_write_phh_writes_what_it_replayed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from pokerroom.history.phh import read_phh

    path = _three(tmp_path)
    out = tmp_path / "back.phhs"
    code, _, err = run(capsys, "replay", "--check", "--write-phh", str(out), path)
    assert code == 1
    assert err == f"wrote 2 hands to {out}\n"
    back = read_phh(out)
    assert [list(h.finishing_stacks or ()) for _, h in back] == [[1030, 970], [1030, 970]]
    one = tmp_path / "one.phh"
    single = tmp_path / "single.phh"
    single.write_text(GOOD, encoding="utf-8")
    assert run(capsys, "replay", "--check", "--write-phh", str(one), str(single)) == (
        0, "1 file: 1 hand (1 exact)\n", f"wrote 1 hand to {one}\n")
    code, _, err = run(capsys, "replay", "--check", "--write-phh", str(one), path)
    assert (code, err) == (2, f"pokerroom replay: error: {one}: a .phh file holds one hand, "
                              "and there are more (use .phhs)\n")  # fmt: skip


# ---------------------------------------------------------------------------- stats

STATS_TWO = """\
2 hands, 2 players
player  hands  VPIP  PFR  3B  F3B  CB  FCB   AF  AFq  WTSD  W$SD  bb/100 (95%)     adj
------  -----  ----  ---  --  ---  --  ---  ---  ---  ----  ----  ------------  ------
Ann         2   100    0   0    -   -    -    -  100   100   100  +400.0 ± 196  +400.0
Bo          2   100  100   -    -   0    -  0.0    0   100     0  -400.0 ± 196  -400.0
VPIP, PFR: pre-flop calls/raises (blinds and straddles posted are not) over
hands with a pre-flop decision; 3B: re-raises of an open; F3B: opens folded to
a 3-bet; CB: continuation bets on the flop; FCB: folds to one; AF: post-flop
bets and raises per call; AFq: their share of post-flop decisions; WTSD:
showdowns over flops seen; W$SD: showdowns won; bb/100 with its 95% interval;
adj: all-ins before the river at equity
"""


def test_stats_table_word_for_word(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "two.phhs"
    path.write_text(f"[1]\n{GOOD}\n[2]\n{BET}", encoding="utf-8")
    assert run(capsys, "stats", str(path)) == (0, STATS_TWO, "")


def test_stats_of_one_hand_says_hand_and_shows_no_interval(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "one.phh"
    path.write_text(GOOD, encoding="utf-8")
    code, out, err = run(capsys, "stats", str(path), "--player", "Bo")
    assert (code, err) == (0, "")
    assert out.splitlines()[:4] == [
        "1 hand, 1 player",
        "player  hands  VPIP  PFR  3B  F3B  CB  FCB  AF  AFq  WTSD  W$SD  bb/100 (95%)     adj",
        "------  -----  ----  ---  --  ---  --  ---  --  ---  ----  ----  ------------  ------",
        "Bo          1   100  100   -    -   0    -   -    -   100     0        -300.0  -300.0",
    ]




def test_stats_no_adjust_leaves_the_adjusted_winnings_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--no-adjust leaves the column out (it showed the winnings unadjusted under `adj`)
    and the note's word on it; without it, the all-in is settled at its equity."""
    path = tmp_path / "allin.phh"
    path.write_text(ALL_IN, encoding="utf-8")
    code, out, _ = run(capsys, "stats", str(path))
    assert code == 0 and out.splitlines()[3].split()[-2:] == ["+10,000.0", "+6,527.3"]
    code, out, err = run(capsys, "stats", str(path), "--no-adjust")
    assert (code, err) == (0, "")
    assert out == (
        "1 hand, 2 players\n"
        "player  hands  VPIP  PFR  3B  F3B  CB  FCB  AF  AFq  WTSD  W$SD  bb/100 (95%)\n"
        "------  -----  ----  ---  --  ---  --  ---  --  ---  ----  ----  ------------\n"
        "Ann         1   100    0   0    -   -    -   -    -   100   100     +10,000.0\n"
        "Bo          1   100  100   -    -   -    -   -    -   100     0     -10,000.0\n"
        "VPIP, PFR: pre-flop calls/raises (blinds and straddles posted are not) over\n"
        "hands with a pre-flop decision; 3B: re-raises of an open; F3B: opens folded to\n"
        "a 3-bet; CB: continuation bets on the flop; FCB: folds to one; AF: post-flop\n"
        "bets and raises per call; AFq: their share of post-flop decisions; WTSD:\n"
        "showdowns over flops seen; W$SD: showdowns won; bb/100 with its 95% interval\n"
    )


def test_stats_refusals_and_statuses_word_for_word(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.phh"
    good.write_text(GOOD, encoding="utf-8")
    bad = tmp_path / "bad.phh"
    bad.write_text("variant = [\n", encoding="utf-8")
    three = _three(tmp_path)
    code, out, err = run(capsys, "stats", str(good), "--player", "Cy")
    assert (code, out) == (2, "")
    assert err == "pokerroom stats: error: --player 'Cy': no such player in the hands (Ann, Bo)\n"
    code, out, err = run(capsys, "stats", str(bad))
    assert (code, out) == (2, "") and err.startswith(f"pokerroom stats: error: {bad}")
    assert err.count("\n") == 1
    code, out, err = run(capsys, "stats", str(bad), str(good))  # the table, and status 2
    assert code == 2 and out.startswith("1 hand, 2 players\n")
    code, out, err = run(capsys, "stats", three)  # a hand refused: a finding
    assert code == 1 and out.startswith("2 hands, 2 players\n")
    assert err == f"pokerroom stats: {three}: {REFUSAL}\n"
    empty = tmp_path / "empty.phhs"
    empty.write_text("", encoding="utf-8")
    assert run(capsys, "stats", str(empty)) == (
        2, "", "pokerroom stats: error: no hands to count\n")


def test_stats_names_at_most_twelve_players(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = [f"P{k:02d}" for k in range(13)]
    texts = []
    for k in range(0, 14, 2):
        pair = [names[k % 13], names[(k + 1) % 13]]
        texts.append(f"[{k}]\n" + GOOD.replace('["Ann", "Bo"]', f'["{pair[0]}", "{pair[1]}"]'))
    path = tmp_path / "many.phhs"
    path.write_text("\n".join(texts), encoding="utf-8")
    code, out, err = run(capsys, "stats", str(path), "--player", "Zed")
    listed = ", ".join(names[:12])
    assert (code, out, err) == (2, "", "pokerroom stats: error: --player 'Zed': no such player in "
                                f"the hands ({listed}, ...)\n")  # fmt: skip
    code, out, err = run(capsys, "stats", str(path), "--player", "P12")
    assert code == 0 and out.startswith("7 hands, 1 player\n")  # the hands read, one shown


# ---------------------------------------------------------------------------- equity


def _terminal(monkeypatch: pytest.MonkeyPatch, width: int) -> None:
    """The command's console a colour terminal of this width, its clock one that ticks a
    third of a second a reading (from 1 s), so that the output is the same on any machine."""
    import itertools
    from types import SimpleNamespace

    import rich.console

    plain = rich.console.Console
    ticks = itertools.count(3)
    monkeypatch.setattr(equity_cli, "time", SimpleNamespace(perf_counter=lambda: next(ticks) / 3))

    def console(stderr: bool = False, **given: Any) -> rich.console.Console:
        if stderr:  # the progress bar's: left as it is (no terminal)
            return plain(stderr=True, **given)
        return plain(**{**given, "width": width, "color_system": "standard",
                        "force_terminal": True})  # fmt: skip

    monkeypatch.setattr(rich.console, "Console", console)


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    _terminal(monkeypatch, 72)


def _bare(text: str) -> list[str]:
    return [re.sub("\x1b\\[[0-9;]*m", "", line).rstrip() for line in text.splitlines()]


BOLD = "\x1b[1m"


@pytest.mark.usefixtures("terminal")
def test_equity_exact_table_word_for_word(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "equity", "AhKh", "QsQc", "--board", "Ks7d2c", "--exact")
    assert (code, err) == (0, "")
    assert _bare(out) == [
        "             exact: 990 deals in 0.33 s",
        "┏━━━━━━━━┳━━━━━━━━━━━━━━┳━━━━━━━┳━━━━━━━┳━━━━━━━━━━┓",
        "┃ player ┃ hand / range ┃ win % ┃ tie % ┃ equity % ┃",
        "┡━━━━━━━━╇━━━━━━━━━━━━━━╇━━━━━━━╇━━━━━━━╇━━━━━━━━━━┩",
        "│      1 │ AhKh         │ 91.21 │  0.00 │    91.21 │",
        "│      2 │ QsQc         │  8.79 │  0.00 │     8.79 │",
        "└────────┴──────────────┴───────┴───────┴──────────┘",
        "board: Ks 7d 2c",
    ]
    rows = out.splitlines()[4:6]
    assert all(f"{BOLD} {BOLD}" not in row for row in rows)
    assert all(row.endswith(f"{BOLD} \x1b[0m│") for row in rows)  # the equity in bold


@pytest.mark.usefixtures("terminal")
def test_equity_monte_carlo_table_word_for_word(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "equity", "AhKh", "QsQc", "--samples", "2", "--seed", "5",
                         "--dead", "2h 3h")  # fmt: skip
    assert (code, err) == (0, "")
    assert _bare(out) == [
        "                  Monte Carlo: 2 deals in 0.33 s",
        "┏━━━━━━━━┳━━━━━━━━━━━━━━┳━━━━━━━┳━━━━━━━┳━━━━━━━━━━┳━━━━━━━━━━━━━┓",
        "┃ player ┃ hand / range ┃ win % ┃ tie % ┃ equity % ┃ ± std error ┃",
        "┡━━━━━━━━╇━━━━━━━━━━━━━━╇━━━━━━━╇━━━━━━━╇━━━━━━━━━━╇━━━━━━━━━━━━━┩",
        "│      1 │ AhKh         │ 50.00 │  0.00 │    50.00 │       50.00 │",
        "│      2 │ QsQc         │ 50.00 │  0.00 │    50.00 │       50.00 │",
        "└────────┴──────────────┴───────┴───────┴──────────┴─────────────┘",
        "fewer than 1,000 deals: the standard errors are rough",
        "dead:  2h 3h",
    ]
    code, out, _ = run(capsys, "equity", "AhKh", "QsQc", "--samples", "1", "--seed", "5")
    assert _bare(out)[0].strip() == "Monte Carlo: 1 deal in 0.33 s"
    assert _bare(out)[-1] == "one deal cannot estimate a standard error: deal more (--samples)"


@pytest.mark.usefixtures("terminal")
def test_equity_json_word_for_word(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "equity", "AhKh", "QsQc", "--samples", "2", "--seed", "5",
                         "--board", "Ks7d2c", "--dead", "2h", "--json")  # fmt: skip
    assert (code, err) == (0, "")
    player = '    {{\n      "hand": "{}",\n      "win": {},\n      "tie": 0.0,\n' \
             '      "equity": {},\n      "std_error": {}\n    }}'  # fmt: skip
    _, mc, _ = run(capsys, "equity", "AhKh", "QsQc", "--board", "Ks7d2c", "--dead", "2h",
                   "--samples", "2", "--seed", "5", "--json")  # fmt: skip
    assert out == mc
    result = json.loads(out)
    assert out == (
        '{\n  "method": "monte carlo",\n  "deals": 2,\n  "board": "Ks 7d 2c",\n'
        '  "dead": "2h",\n  "seconds": 0.333333,\n  "players": [\n'
        + player.format("AhKh", *[result["players"][0][k] for k in ("win", "equity",
                                                                    "std_error")]) + ",\n"
        + player.format("QsQc", *[result["players"][1][k] for k in ("win", "equity",
                                                                    "std_error")]) + "\n"
        "  ]\n}\n"
    )  # fmt: skip
    code, out, _ = run(capsys, "equity", "AhKh", "QsQc", "--board", "Ks7d2c", "--exact", "--json")
    exact = json.loads(out)
    assert (exact["method"], exact["deals"]) == ("exact", 990)
    assert [p["std_error"] for p in exact["players"]] == [0.0, 0.0]
    assert exact["players"][0]["win"] == pytest.approx(903 / 990)


def test_equity_exact_is_asked_of_the_calculator(capsys: pytest.CaptureFixture[str]) -> None:
    """--exact where there is too much to enumerate: refused, not dealt instead."""
    assert run(capsys, "equity", "random", "random", "random", "--exact") == (
        2, "", "pokerroom equity: error: too many holdings to enumerate (over 2,000,000); use "
               "Monte Carlo\n")  # fmt: skip


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["AhKh"], "give at least two hands or ranges, like: pokerroom equity AhKh QsQc"),
        (["AhKh", "QsQc", "--exact", "--samples", "5"],
         "--exact takes no --samples, --target-error or --time"),
        (["AhKh", "QsQc", "--exact", "--target-error", "0.1"],
         "--exact takes no --samples, --target-error or --time"),
        (["AhKh", "QsQc", "--exact", "--time", "1"],
         "--exact takes no --samples, --target-error or --time"),
    ],
)  # fmt: skip
def test_equity_refusals_word_for_word(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert run(capsys, "equity", *argv) == (2, "", f"pokerroom equity: error: {message}\n")


def test_equity_target_error_stops_the_dealing(capsys: pytest.CaptureFixture[str]) -> None:
    from pokerroom.equity import equity

    code, out, _ = run(capsys, "equity", "AA", "KK", "--target-error", "0.02", "--seed", "2",
                       "--json")  # fmt: skip
    deals = json.loads(out)["deals"]
    assert code == 0 and deals == equity(["AA", "KK"], target_error=0.02, seed=2).deals
    assert deals < equity(["AA", "KK"], seed=2).deals  # fewer than the default


def test_equity_bar_is_named_and_told_the_progress(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerroom.cli import progress

    told: list[tuple[str, int, int | None]] = []

    class Bar(progress.LazyBar):
        def __call__(self, done: int, total: int | None) -> None:
            told.append((self.label, done, total))

    monkeypatch.setattr(progress, "LazyBar", Bar)
    assert run(capsys, "equity", "AhKh", "QsQc", "--board", "Ks7d2c", "--exact")[0] == 0
    assert told and {label for label, _, _ in told} == {"exact enumeration"}
    told.clear()
    assert run(capsys, "equity", "AhKh", "QsQc", "--samples", "10", "--seed", "1")[0] == 0
    assert told and {label for label, _, _ in told} == {"dealing"}


def test_equity_grid_in_colour_word_for_word(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerroom.starting import grid

    _terminal(monkeypatch, 100)
    code, out, _ = run(capsys, "equity", "QQ+,AKs:0.5,KQs", "JdTd", "--board", "2c3d4h", "--grid")
    assert code == 0
    lines = out.splitlines()
    top = next(k for k, line in enumerate(_bare(out)) if "player 1: " in line)
    bare = _bare(out)[top:]
    assert bare[0] == "                         player 1: QQ+, KQs, AKs:0.5"
    names = [[str(c) for c in row] for row in grid()]
    marked = {"AA": "1;30;42m", "KK": "1;30;42m", "QQ": "1;30;42m", "KQs": "1;30;42m"}
    for k, row in enumerate(names):
        shown = ["AKs*" if c == "AKs" else c for c in row]
        assert bare[1 + k] == " " + "".join(c.ljust(6) for c in shown).rstrip()
        for c, cell in zip(row, shown, strict=True):
            style = "30;43m" if c == "AKs" else marked.get(c, "2m")
            assert f"\x1b[{style}{cell}\x1b[0m" in lines[top + 1 + k]
    assert bare[14:] == ["26 combinations, 1.8% of hands"]  # no key: the colours say it


def test_replay_step_pauses_between_the_parts_and_never_after_the_last(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """GOOD's seven parts (start, four streets, showdown, summary): six pauses; two hands,
    twelve; an input that ends stops the pausing, and q stops the command."""
    single = tmp_path / "one.phh"
    single.write_text(GOOD, encoding="utf-8")
    prompt = "-- Enter: next street, q: quit --"
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n" * 20))
    code, out, err = run(capsys, "replay", "--step", str(single))
    assert (code, out, err) == (0, HAND_1.replace("Hand 1: ", ""), prompt * 6)
    two = tmp_path / "two.phhs"
    two.write_text(f"[1]\n{GOOD}\n[2]\n{BET}", encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n" * 20))
    code, out, err = run(capsys, "replay", "--step", str(two))
    assert (code, err) == (0, prompt * 12)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n\n"))
    code, out, err = run(capsys, "replay", "--step", str(two))
    assert (code, err) == (0, prompt * 3 + "\n")  # the end of the input: no more pauses
    assert out.count("*** SUMMARY ***") == 2
    monkeypatch.setattr(sys, "stdin", io.StringIO("\nq\n"))
    code, out, err = run(capsys, "replay", "--step", str(two))
    assert (code, err) == (0, prompt * 2)
    assert out.splitlines()[-1] == "Ann calls 20"  # the pre-flop, then q


def test_replay_check_counts_the_errors_of_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.phh"
    bad.write_text("variant = [\n", encoding="utf-8")
    code, out, err = run(capsys, "replay", "--check", "-v", str(bad), str(bad))
    assert (code, err) == (2, "")
    lines = out.splitlines()
    assert lines[0] == lines[1] and lines[0].startswith(f"{bad}: ")
    assert lines[2:4] == [f"{bad}: no hands; 2 errors in the file",
                          "1 file (2 with errors): no hands"]  # fmt: skip
    code, out, _ = run(capsys, "replay", "--check", "-v", str(bad))
    assert out.splitlines()[1:3] == [f"{bad}: no hands; 1 error in the file",
                                     "1 file (1 with errors): no hands"]  # fmt: skip


def test_replay_write_phh_asks_whether_the_file_itself_may_be_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file that is there is asked about, not its folder (a stand-in for os.access:
    this machine's tests may run as root, who may write anything)."""
    single = tmp_path / "one.phh"
    single.write_text(GOOD, encoding="utf-8")
    out = tmp_path / "kept.phh"
    out.write_text("", encoding="utf-8")
    asked: list[str] = []

    def access(path: object, mode: int) -> bool:
        asked.append(str(path))
        return Path(str(path)) != out

    monkeypatch.setattr(replay_cli.os, "access", access)
    assert run(capsys, "replay", "--write-phh", str(out), str(single)) == (
        2, "", f"pokerroom replay: error: --write-phh {out}: not allowed to write there\n")
    assert asked == [str(out)]
    asked.clear()
    new = tmp_path / "new.phh"
    code, _, err = run(capsys, "replay", "--check", "--write-phh", str(new), str(single))
    assert (code, err, asked) == (0, f"wrote 1 hand to {new}\n", [str(tmp_path)])


def test_stats_rows_most_hands_first_and_twelve_names_said_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "three.phhs"
    path.write_text(f"[1]\n{GOOD}\n[2]\n" + GOOD.replace('["Ann", "Bo"]', '["Cy", "Bo"]'),
                    encoding="utf-8")  # fmt: skip
    code, out, _ = run(capsys, "stats", str(path))
    assert code == 0 and [line.split()[0] for line in out.splitlines()[3:6]] == ["Bo", "Ann", "Cy"]
    names = [f"P{k:02d}" for k in range(12)]
    twelve = tmp_path / "twelve.phhs"
    twelve.write_text("\n".join(
        f"[{k}]\n" + GOOD.replace('["Ann", "Bo"]', f'["{names[k]}", "{names[k + 1]}"]')
        for k in range(0, 12, 2)), encoding="utf-8")  # fmt: skip
    assert run(capsys, "stats", str(twelve), "--player", "Zed") == (
        2, "", f"pokerroom stats: error: --player 'Zed': no such player in the hands "
               f"({', '.join(names)})\n")  # fmt: skip


def test_stats_asks_for_the_adjustment_only_without_no_adjust(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerroom.history import stats as stats_module

    asked: ClassVar[list[object]] = []
    real = stats_module.player_stats

    def player_stats(*args: object, **kwargs: object) -> object:
        asked.append(kwargs.get("adjust", "not given"))
        return real(*args, **kwargs)

    monkeypatch.setattr(stats_module, "player_stats", player_stats)
    path = tmp_path / "one.phh"
    path.write_text(GOOD, encoding="utf-8")
    assert run(capsys, "stats", str(path))[0] == 0
    assert run(capsys, "stats", str(path), "--no-adjust")[0] == 0
    assert asked == [True, False]


def _hands_db(path: Path, texts: list[str]) -> None:
    import sqlite3

    db = sqlite3.connect(path)
    db.execute("CREATE TABLE hands (phh TEXT)")
    db.executemany("INSERT INTO hands VALUES (?)", [(t,) for t in texts])
    db.commit()
    db.close()


def test_stats_names_a_database_hand_by_its_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "hands.db"
    _hands_db(db, [GOOD, REFUSED, GOOD])
    code, out, err = run(capsys, "stats", "--db", str(db))
    assert code == 1 and out.startswith("2 hands, 2 players\n")
    assert err == (f"pokerroom stats: {db} hand 2: action 4 'p1 cbr 5': p1 cannot raise to 5 "
                   "pre-flop: the minimum is 50 (legal: fold, call 20, raise to 50 to 1000)\n")
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not sqlite at all" * 10)
    code, out, err = run(capsys, "stats", "--db", str(junk))
    assert (code, out) == (2, "")
    assert err == (f"pokerroom stats: error: --db {junk}: not a pokerroom database with hands "
                   "(file is not a database); a tournament or league keeps them only with "
                   "--db-hands\n")  # fmt: skip


# ---------------------------------------------------------------------------- convert


def test_convert_dates_a_hand_by_its_file_in_utc_or_by_date(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import os
    import time

    monkeypatch.setenv("TZ", "Asia/Tokyo")  # local time nine hours ahead: not used
    time.tzset()
    try:
        single = tmp_path / "one.phh"
        single.write_text(GOOD, encoding="utf-8")
        stamp = 1614834367  # 2021-03-04 05:06:07 UTC
        os.utime(single, (stamp, stamp))
        out = tmp_path / "out"
        code, _, err = run(capsys, "convert", str(single), "--to", "pokerstars", "--out", str(out))
        assert (code, err) == (0, f"wrote 1 hand to {out / 'one.txt'}\n")
        head = (out / "one.txt").read_text(encoding="utf-8").splitlines()[0]
        assert head == "PokerStars Hand #1:  Hold'em No Limit (5/10) - 2021/03/04 00:06:07 ET"
        code, _, _ = run(capsys, "convert", str(single), "--to", "pokerstars", "--out", str(out),
                         "--date", "1999/12/31 23:59:58")  # fmt: skip
        head = (out / "one.txt").read_text(encoding="utf-8").splitlines()[0]
        assert head == "PokerStars Hand #1:  Hold'em No Limit (5/10) - 1999/12/31 18:59:58 ET"
    finally:
        monkeypatch.undo()
        time.tzset()


class _Now:
    """A stand-in for ``datetime`` in the command: ``now`` at a fixed moment, the time
    zone it is asked for recorded."""

    asked: ClassVar[list[object]] = []

    @classmethod
    def now(cls, tz: object = None) -> object:
        from datetime import datetime

        cls.asked.append(tz)
        return datetime(2022, 2, 3, 4, 5, 6)

    fromtimestamp = staticmethod(__import__("datetime").datetime.fromtimestamp)


def test_convert_printed_hands_are_dated_now_in_utc_or_by_date(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from datetime import UTC

    single = tmp_path / "one.phh"
    single.write_text(GOOD, encoding="utf-8")
    _Now.asked = []
    monkeypatch.setattr(convert_cli, "datetime", _Now)
    code, out, err = run(capsys, "convert", str(single), "--to", "pokerstars")
    assert (code, err, _Now.asked) == (0, "", [UTC])
    assert out.splitlines()[0] == (
        "PokerStars Hand #1:  Hold'em No Limit (5/10) - 2022/02/02 23:05:06 ET")
    code, out, _ = run(capsys, "convert", str(single), "--to", "pokerstars", "--date",
                       "1999/12/31 23:59:58")  # fmt: skip
    assert out.splitlines()[0] == (
        "PokerStars Hand #1:  Hold'em No Limit (5/10) - 1999/12/31 18:59:58 ET")


@pytest.mark.parametrize("out", [False, True])
def test_convert_deals_the_cards_to_the_hero_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], out: bool
) -> None:
    single = tmp_path / "one.phh"
    single.write_text(GOOD, encoding="utf-8")
    where = ["--out", str(tmp_path / "o")] if out else []
    code, text, _ = run(capsys, "convert", str(single), "--to", "pokerstars", "--hero", "Bo",
                        *where)  # fmt: skip
    if out:
        text = (tmp_path / "o" / "one.txt").read_text(encoding="utf-8")
    dealt = [line for line in text.splitlines() if line.startswith("Dealt to")]
    assert (code, dealt) == (0, ["Dealt to Bo [Kc Kd]"])
    code, text, _ = run(capsys, "convert", str(single), "--to", "pokerstars", *where)
    if out:
        text = (tmp_path / "o" / "one.txt").read_text(encoding="utf-8")
    dealt = [line for line in text.splitlines() if line.startswith("Dealt to")]
    assert dealt == ["Dealt to Ann [Ac Ad]", "Dealt to Bo [Kc Kd]"]


def _refused_hand() -> str:
    """A .phhs of one hand PokerStars text cannot hold (wild cards, a proportional split)."""
    from pokerroom.history.formats import export_hands
    from pokerroom.history.phh import dumps_all
    from pokerroom.history.record import to_phh
    from test_history_random import any_rules, random_hands

    for _, played in random_hands(41, 40, rules_for=any_rules):
        if export_hands([played], "pokerstars", when="2020/01/01 00:00:00").refused:
            return dumps_all([to_phh(played)])
    raise AssertionError("no hand of the sample is refused")


UNFINISHED = GOOD.replace(', "d db Jd", "p1 cc", "p2 cc", "d db 3c", "p1 cc", "p2 cc"]', "]"
                          ).replace("finishing_stacks = [1030, 970]\n", "")  # fmt: skip


@pytest.mark.parametrize("out", [False, True])
def test_convert_tells_every_hand_left_out_and_writes_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], out: bool
) -> None:
    """A hand that cannot be replayed, one whose record stops early and one the format
    cannot hold are each told, in that order; the hands after each are written, and the
    file after one with nothing to write; the status is 1."""
    assert UNFINISHED != GOOD
    mixed = tmp_path / "mixed.phhs"
    mixed.write_text(f"[1]\n{REFUSED}\n[2]\n{GOOD}\n[3]\n{UNFINISHED}\n[4]\n{GOOD}",
                     encoding="utf-8")  # fmt: skip
    wild = tmp_path / "wild.phhs"
    wild.write_text(_refused_hand(), encoding="utf-8")
    single = tmp_path / "one.phh"
    single.write_text(GOOD, encoding="utf-8")
    o = tmp_path / "o"
    where = ["--out", str(o)] if out else []
    code, text, err = run(capsys, "convert", str(mixed), str(wild), str(single), "--to",
                          "pokerstars", "--date", "2020/01/01 00:00:00", *where)  # fmt: skip
    assert code == 1
    lines = err.splitlines()
    if out:
        assert lines[:2] == [f"wrote 2 hands to {o / 'mixed.txt'}",
                             f"wrote 1 hand to {o / 'one.txt'}"]
        assert sorted(p.name for p in o.iterdir()) == ["mixed.txt", "one.txt"]
        text = (o / "mixed.txt").read_text(encoding="utf-8")
        lines = lines[2:]
    heads = [line.split(":")[0] for line in text.splitlines() if "PokerStars Hand" in line]
    assert heads[:2] == ["PokerStars Hand #2", "PokerStars Hand #4"]
    assert len(heads) == (2 if out else 3)  # printed: one.phh's hand too
    assert len(lines) == 3
    assert lines[0] == f"pokerroom convert: {mixed}: {REFUSAL.replace('[2]', '[1]')}"
    assert lines[1] == (f"pokerroom convert: {mixed} [3]: the record ends before the hand is "
                        "over: not written")  # fmt: skip
    label = f"{wild} " if out else ""
    assert lines[2].startswith(f"pokerroom convert: {label}")
    assert ": not written as pokerstars: " in lines[2]


def test_convert_goes_on_after_a_file_with_nothing_to_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = tmp_path / "a.phhs"
    first.write_text(f"[1]\n{REFUSED}", encoding="utf-8")
    second = tmp_path / "b.phh"
    second.write_text(GOOD, encoding="utf-8")
    o = tmp_path / "o"
    code, _, err = run(capsys, "convert", str(first), str(second), str(second), "--to", "ohh",
                       "--out", str(o))  # fmt: skip
    assert code == 1
    assert err == (f"wrote 1 hand to {o / 'b.ohh'}\n"
                   f"pokerroom convert: {first}: {REFUSAL.replace('[2]', '[1]')}\n")
    assert sorted(p.name for p in o.iterdir()) == ["b.ohh"]


def test_convert_refusals_word_for_word(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    single = tmp_path / "one.phh"
    single.write_text(GOOD, encoding="utf-8")
    assert run(capsys, "convert", str(single), "--to", "acpc") == (
        2, "", "pokerroom convert: error: --to acpc writes a log and its game definition: give "
               "--out DIR\n")  # fmt: skip
    empty = tmp_path / "empty.phhs"
    empty.write_text("", encoding="utf-8")
    assert run(capsys, "convert", str(empty), "--to", "ohh") == (
        2, "", "pokerroom convert: error: no hands in the files given\n")
    bad = tmp_path / "bad.phh"
    bad.write_text("variant = [\n", encoding="utf-8")
    code, out, err = run(capsys, "convert", str(bad), str(single), "--to", "pokerstars",
                         "--out", str(tmp_path / "o"))  # fmt: skip
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert lines[0] == f"wrote 1 hand to {tmp_path / 'o' / 'one.txt'}"
    assert lines[1].startswith(f"pokerroom convert: error: {bad}") and len(lines) == 2


def test_convert_names_at_most_twelve_players_of_the_hands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = [f"P{k:02d}" for k in range(13)]
    for count, listed in ((12, ", ".join(names[:12])), (13, ", ".join(names[:12]) + ", ...")):
        path = tmp_path / f"many{count}.phhs"
        path.write_text("\n".join(
            f"[{k}]\n" + GOOD.replace('["Ann", "Bo"]',
                                      f'["{names[k]}", "{names[(k + 1) % count]}"]')
            for k in range(0, count, 2)), encoding="utf-8")  # fmt: skip
        assert run(capsys, "convert", str(path), "--to", "ohh", "--hero", "Zed") == (
            2, "", f"pokerroom convert: error: --hero 'Zed': in none of the hands (their "
                   f"players: {listed})\n")  # fmt: skip


def test_convert_a_name_no_file_can_have_is_made_absolute_as_written() -> None:
    import os

    assert convert_cli._resolved("a\0b") == Path(os.path.abspath("a\0b"))
    assert convert_cli._resolved("x") == Path("x").resolve()


def test_convert_writes_utf_8_whatever_the_locale(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import locale

    single = tmp_path / "one.phh"
    single.write_text(GOOD.replace('"Ann"', '"Zoë"'), encoding="utf-8")
    before = locale.setlocale(locale.LC_CTYPE)
    locale.setlocale(locale.LC_CTYPE, "C")  # files opened without an encoding: ASCII
    try:
        code, _, _ = run(capsys, "convert", str(single), "--to", "acpc", "--out",
                         str(tmp_path / "o"))  # fmt: skip
    finally:
        locale.setlocale(locale.LC_CTYPE, before)
    assert code == 0
    assert "Zoë" in (tmp_path / "o" / "one.log").read_text(encoding="utf-8")


def test_eval_hole_cards_with_wild_cards(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "eval", "--hole", "2c 3d", "As Ad Ah 7c 8s", "--wild", "2")
    assert code == 0 and "name:     four aces, eight kicker" in out.splitlines()


def test_equity_grid_share_of_every_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "random", "AhKh", "--samples", "10", "--seed", "1",
                       "--grid")  # fmt: skip
    assert code == 0 and "1,326 combinations, 100.0% of hands" in out.splitlines()


def test_replay_check_writes_to_the_stream_it_is_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """_check's every line goes to its stream (the command gives it standard output):
    the same lines as the command's."""
    from pokerroom.history.sources import replays

    path = _three(tmp_path)
    unfinished = tmp_path / "short.phh"
    unfinished.write_text(UNFINISHED + "finishing_stacks = [1030, 970]\n", encoding="utf-8")
    code, expected, _ = run(capsys, "replay", "--check", "-v", str(unfinished), path)
    assert code == 1
    out = io.StringIO()
    args = argparse.Namespace(verbose=True)
    outcomes = [*replays(str(unfinished)), *replays(path)]
    assert replay_cli._check(args, outcomes, out) == 1
    assert capsys.readouterr().out == ""
    assert out.getvalue() == expected
    assert expected.startswith(f"{unfinished}: the record ends before the hand is over")
    assert f"{path}: 3 hands (1 cannot replay, 1 differ, 1 exact)" in expected  # checked on


def test_replay_check_counts_each_kind_of_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bare = GOOD.replace("finishing_stacks = [1030, 970]\n", "")
    path = tmp_path / "four.phhs"
    path.write_text(f"[1]\n{bare}\n[2]\n{bare}\n[3]\n{WRONG}\n[4]\n{WRONG}", encoding="utf-8")
    code, out, _ = run(capsys, "replay", "--check", "-v", path.as_posix())
    assert code == 1
    assert f"{path}: 4 hands (2 differ, 2 no recorded result)" in out.splitlines()


def test_replay_refusals_word_for_word(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    refused = tmp_path / "refused.phh"
    refused.write_text(REFUSED, encoding="utf-8")
    code, _, err = run(capsys, "replay", "--check", "--write-phh", str(tmp_path / "o.phh"),
                       str(refused))  # fmt: skip
    assert code == 2
    assert err.splitlines()[-1] == "pokerroom replay: error: no hand was replayed: nothing to write"
    assert run(capsys, "replay", "") == (
        2, "", "pokerroom replay: error: FILE '': an empty name (give hand-history files or "
               "directories)\n")  # fmt: skip
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "notes.txt").write_text("nothing here\n", encoding="utf-8")
    assert run(capsys, "replay", str(empty)) == (
        2, "", f"pokerroom replay: error: no hand-history files in the directory {str(empty)!r}\n")
    assert run(capsys, "stats") == (
        2, "", "pokerroom stats: error: give hand-history files or --db FILE\n")


def test_replay_takes_the_files_of_a_folder_not_its_folders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "hands"
    (folder / "sub.phh").mkdir(parents=True)  # a folder named like a file: not read
    (folder / "sub.phh" / "one.phh").write_text(GOOD, encoding="utf-8")
    assert run(capsys, "replay", "--check", str(folder)) == (0, "1 file: 1 hand (1 exact)\n", "")


def test_convert_a_file_named_and_in_a_folder_given_is_converted_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    (folder / "a.phh").write_text(GOOD, encoding="utf-8")
    (folder / "b.phh").write_text(BET, encoding="utf-8")
    code, out, _ = run(capsys, "convert", str(folder / "a.phh"), str(folder), "--to",
                       "pokerstars", "--date", "2020/01/01 00:00:00")  # fmt: skip
    assert code == 0 and out.count("PokerStars Hand #") == 2
    assert "Ann: bets 20" in out  # b.phh's hand


def test_stats_keeps_a_name_as_written_at_the_start_of_its_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "space.phh"
    path.write_text(GOOD.replace('["Ann", "Bo"]', '[" Ann", "Bo"]'), encoding="utf-8")
    code, out, _ = run(capsys, "stats", str(path))
    assert code == 0
    assert out.splitlines()[3] == (
        " Ann        1   100    0   0    -   -    -   -    -   100   100        +300.0  +300.0")


def test_replay_deals_the_cards_a_log_hides_from_the_seed_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data_dir: Path
) -> None:
    """A log with no header whose first hand hides Bob's cards (he folded): ``--seed`` 42,
    the match's, deals them as the reference dealer did; none is refused by name, and
    another seed is refused at the first card the log shows that it would not deal."""
    source = data_dir / "acpc" / "limit2p_1000hands_seed42.log"
    states = [line for line in source.read_text().splitlines() if line.startswith("STATE:")]
    assert states[0] == "STATE:0:f:7d3d|2hAc:5|-5:Alice|Bob"
    log = tmp_path / "hidden.log"
    score = "SCORE:-130|130:Alice|Bob"  # the three hands' sums: +5 -5 -130 for Alice
    log.write_text("\n".join(["STATE:0:f:7d3d|:5|-5:Alice|Bob", *states[1:3], score]) + "\n")
    game = str(data_dir / "acpc" / "holdem.limit.2p.reverse_blinds.game")
    code, out, err = run(capsys, "replay", str(log), "--game", game, "--seed", "42")
    assert (code, err) == (0, "")
    assert out.splitlines()[7:9] == ["Dealt to Alice: 7d 3d", "Dealt to Bob: 2h Ac"]
    code, out, err = run(capsys, "replay", str(log), "--game", game)
    assert (code, out) == (2, "")
    assert err == (f"pokerroom replay: error: {log}: the log hides some hole cards and "
                   "states no seed to deal them: give --seed\n")  # fmt: skip
    code, _, err = run(capsys, "replay", str(log), "--game", game, "--seed", "43")
    assert code == 1  # (hands that could not be replayed; the file itself was read)
    assert err.splitlines()[0] == (
        f"pokerroom replay: error: {log}: line 1: hand 0: the log shows 7d as card 1 of "
        "position 0's hole cards, but the seed deals 6c (not the match's seed?)")
