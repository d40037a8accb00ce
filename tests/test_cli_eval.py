"""``pokerroom eval``: rank a hand, find the nuts, enumerate every hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerroom.cli import main, progress


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["eval", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_eval_prints_the_hand_its_category_and_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "As", "Ks", "Qs", "Js", "Ts", "2c", "3d")
    assert code == 0 and err == ""
    assert out.splitlines() == [
        "cards:    As Ks Qs Js Ts 2c 3d",
        "hand:     As Ks Qs Js Ts",
        "category: straight flush",
        "name:     royal flush",
        "value:    7461",
    ]


def test_eval_takes_the_cards_as_one_argument_too(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "qs qd 8c 8h as 3c 2d")
    assert code == 0
    assert "name:     two pair, queens and eights, ace kicker" in out.splitlines()
    assert "hand:     Qs Qd 8h 8c As" in out.splitlines()


def test_eval_with_wild_cards_shows_what_they_play_as(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "Ks", "Kd", "Jk", "7c", "4h", "--joker", "bug")
    assert code == 0
    assert "plays as: Ks Kd As 7c 4h" in out.splitlines()
    assert "name:     pair of kings, ace-seven-four kickers" in out.splitlines()
    code, out, _ = run(capsys, "As Ad Ah Ac 2d 7s 8s", "--wild", "2")
    assert code == 0 and "name:     five of a kind, aces" in out.splitlines()


def test_eval_hole_cards_and_min_hole_cards(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "Ah Kh Qh Jh 2c", "--hole", "Th 3c")
    assert code == 0 and "name:     royal flush" in out.splitlines()
    code, out, _ = run(capsys, "Ah Kh Qh Jh 2c", "--hole", "Th 3c", "--min-hole-cards", "2")
    assert code == 0 and "name:     high card, ace-king-queen-ten-three" in out.splitlines()


def test_eval_nuts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--nuts", "2c 3d 7h 8s Qc")
    assert code == 0
    assert out.splitlines() == [
        "board:    2c 3d 7h 8s Qc",
        "nuts:     three queens, eight-seven kickers",
        "hand:     Qs Qh Qc 8s 7h",
        "holes:    3 pairs: Qs Qh, Qs Qd, Qh Qd",
    ]
    code, out, _ = run(capsys, "--nuts", "As Ad Ah Kc 7d", "--joker", "bug")
    assert code == 0
    assert "plays as: As Ah Ad Ac As" in out.splitlines()
    assert "holes:    1 pair: Jk Ac" in out.splitlines()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["Xz", "As", "Kd", "Qh", "Jc"], "not a card: 'Xz'"),
        (["As", "Ks"], "a hand has 5, 6 or 7 cards, not 2"),
        (["As Ks Qs Js Ts 9s 8s 7s"], "a hand has 5, 6 or 7 cards, not 8"),
        (["As As Qs Js Ts"], "duplicate card 'As'"),
        (["As Ks Qs Js Jk"], "joker is not in play"),
        ([], "give 5 to 7 cards"),
        (["As Ks Qs Js Ts", "--enumerate", "5"], "--enumerate ranks every hand"),
        (["--nuts", "As Ks"], "a board has 3 to 5 cards, not 2"),
        (["--nuts", "As Ks Qs", "--hole", "2c 3c"], "--nuts takes a board"),
        (["As Ks Qs Js", "--hole", "As 2c"], "duplicate card"),
        (["As Ks Qs Js Ts", "--wild", "X"], "not a rank: 'X'"),
        (["--hole", "As Kd", "Qs Js Ts 9s 8s 7s"], "the board: 3, 4 or 5 cards, not 6"),
        (["--hole", "As Kd", "Qs Js"], "the board: 3, 4 or 5 cards, not 2"),
        (["--hole", "AsKdQdJdTd9d8d", "Ah Kh Qh Jh Th"], "the 2 hole cards of hold'em, not 7"),
        (["--hole", "", "As Ks Qs Js Ts"], "the 2 hole cards of hold'em, not 0: ''"),
        (["--wild", "", "As Ks Qs Js Ts"], "--wild is empty"),
        (["--wild", "Jk", "Jk As Ks Qs Js"], "--joker wild makes it wild"),
        (["--wild", "2 Jk", "Jk As Ks Qs 2s"], "--joker wild makes it wild"),
        (["--min-hole-cards", "2", "As Ks Qs Js Ts"], "--min-hole-cards needs --hole"),
        (["--enumerate", "5", "--wild", "2"], "--enumerate ranks every hand"),
        (["A♠ K♠ Q♠ J♠ 1♠"], "not a card: '1♠'"),
    ],
)
def test_eval_bad_input_is_one_clear_line_and_exit_status_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert err.startswith("pokerroom eval: error: ") and message in err
    assert len(err.splitlines()) == 1


def test_eval_reads_suit_symbols_and_writes_letters(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "A♠", "K♠", "Q♠", "J♠", "10♠", "2♣", "3♦")
    assert code == 0 and not err
    assert out.splitlines()[:2] == ["cards:    As Ks Qs Js Ts 2c 3d", "hand:     As Ks Qs Js Ts"]
    code, out, _ = run(capsys, "--hole", "K♥ 2♣", "--min-hole-cards", "2", "A♣A♦A♥A♠ 3♦")
    assert code == 0 and "name:     three aces, king-deuce kickers" in out.splitlines()


def test_eval_nuts_when_the_board_is_the_nuts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--nuts", "As Ks Qs Js Ts")
    assert code == 0
    assert out.splitlines()[-1] == (
        "holes:    all 1,081 pairs (the board itself is the nuts: every hand plays it)"
    )
    code, out, _ = run(capsys, "--nuts", "As Ad Ah Ac Kd")  # four aces, king kicker
    assert out.splitlines()[1:] == [
        "nuts:     four aces, king kicker",
        "hand:     As Ah Ad Ac Kd",
        "holes:    all 1,081 pairs (the board itself is the nuts: every hand plays it)",
    ]
    code, out, _ = run(capsys, "--nuts", "As Ks Qs Js Ts", "--joker", "wild")  # the joker too
    assert out.splitlines()[-1] == (
        "holes:    all 1,128 pairs (the board itself is the nuts: every hand plays it)"
    )
    code, out, _ = run(capsys, "--nuts", "As Ks Qs Js 2d")  # Ts and any card
    assert out.splitlines()[-1] == "holes:    46 pairs: Ts with any other card"
    code, out, _ = run(capsys, "--nuts", "As Ad Ah 7c 7d")  # Ac and a king
    assert out.splitlines()[-1] == "holes:    4 pairs: Ac with Ks Kh Kd Kc"


def test_eval_min_hole_cards_with_the_nuts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--nuts", "As Ks Qs Js Ts", "--min-hole-cards", "2")
    assert code == 0
    assert "the board itself" not in out and out.splitlines()[-1].startswith("holes:    ")


def test_eval_help_explains_the_value(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["eval", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "value: the hand's strength as one number; a higher value beats a lower one" in out
    assert "0 (seven-five-four-three-deuce, the worst high hand) to 7461 (a royal flush)" in out
    assert "T or 10" in out and "♣ ♦ ♥ ♠" in out


def test_eval_bad_options_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    for args, message in (
        (["--enumerate", "6"], "invalid choice: 6 (choose from 5, 7)"),
        (["--enumerate", "x"], "a whole number from 5 to 7, not 'x'"),
        (["--joker", "maybe", "As"], "invalid choice: 'maybe' (choose from 'bug', 'wild')"),
        (["--min-hole-cards", "3"], "a whole number from 0 to 2, not '3'"),
    ):
        with pytest.raises(SystemExit) as exc:
            main(["eval", *args])
        assert exc.value.code == 2
        assert message in capsys.readouterr().err


def test_eval_enumerate_5(
    capsys: pytest.CaptureFixture[str], data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(progress, "SHOW_AFTER", 0.0)  # a bar at once, were one shown
    code, out, err = run(capsys, "--enumerate", "5")
    assert code == 0 and err == ""
    assert out.splitlines()[0].strip() == "All 2,598,960 5-card hands"  # no blank line
    rows = {line.split("│")[1].strip(): line for line in out.splitlines() if line.count("│") == 4}
    csv = (data_dir / "hand-category-counts.csv").read_text().splitlines()[1:]
    labels = {"straight flush (incl. royal)": "straight flush", "one pair": "pair"}
    for line in csv:
        label, hands, classes, _, _ = line.split(",")
        shown = rows[labels.get(label.lower(), label.lower())]
        assert f"{int(hands):,}" in shown and f"{int(classes):,}" in shown
    assert " s (" in out and "M hands/s" in out
