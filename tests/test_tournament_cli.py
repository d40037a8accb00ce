"""``pokerroom tournament`` and ``pokerroom league``: output, the results database, a real
kill and ``--resume``, hand histories that replay, the chip graph, players of your own."""

from __future__ import annotations

import os
import re
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from pokerroom.cli import main
from pokerroom.storage.results import ResultsDB
from pokerroom.tournament.records import GameRecord

ROOT = Path(__file__).resolve().parents[1]
FAST = ["--rules", "no-limit", "--set", "buy_in=100", "--workers", "1"]

SLOW_BOT = '''
import os
import time
from pokerroom.players import CallingStation

class Slow(CallingStation):
    """A calling station that thinks for 20 ms where SLOW_BOT_SLEEPS is set (the process
    to be stopped midway), and answers at once elsewhere: the same answers either way."""
    name = "slow"

    def act(self, view, budget):
        if os.environ.get("SLOW_BOT_SLEEPS"):
            time.sleep(0.02)
        return super().act(view, budget)
'''
SLOW_ENV = {**os.environ, "SLOW_BOT_SLEEPS": "1"}

FAULTY_BOT = '''
from pokerroom.players import Player

class Faulty(Player):
    name = "faulty"

    def act(self, view, budget):
        if view.to_call:
            raise RuntimeError("thinking too hard")
        return "check, please"
'''


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = main(args)
    except SystemExit as exc:  # an argument's type refused it
        assert isinstance(exc.code, int)
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def _standings(out: str) -> list[str]:
    """The table and the lines after it (not the lines that say how long it took or where
    the results went)."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(("standings", "heads-up")))
    return [line for line in lines[start:] if not line.startswith("results:")]


def test_tournament_prints_standings_and_writes_the_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "results.db"
    code, out, err = _run(["tournament", "--players", "random,calling-station,random",
                           "--games", "6", "--seed", "2", *FAST, "--db", str(db)],
                          capsys)  # fmt: skip
    assert code == 0, err
    assert "6 freeze-outs of 3 players, no-limit rules" in out and "seed 2" in out
    table = _standings(out)
    rows = [s.split() for s in table if re.match(r"\s+\d\s", s)]
    assert sorted(r[1] + (f" {r[2]}" if r[2] == "#2" else "") for r in rows) == [
        "calling-station", "random", "random #2"]  # fmt: skip
    wins = [int(m.group(1)) for m in re.finditer(r" (\d+)/6 ", out)]
    assert sum(wins) == 6
    with ResultsDB(db) as results:
        (run,) = results.runs("tournament")
        assert run.finished is not None and run.done == run.games == 6
        assert run.settings["players"] == ["random", "calling-station", "random"]
        assert run.settings["seed"] == 2 and run.settings["rules"]["buy_in"] == 100
        games = results.games(run.id)
        assert [g.index for g in games] == list(range(6))
        assert all(sum(s.won for s in g.seats) == 0 for g in games)


def _count(db: Path) -> int:
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=0.2)
        try:
            return int(con.execute("SELECT COUNT(*) FROM games").fetchone()[0])
        finally:
            con.close()
    except sqlite3.Error:
        return 0


def test_a_killed_run_resumes_to_the_results_of_an_uninterrupted_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = tmp_path / "slow.py"
    bot.write_text(SLOW_BOT)
    args = ["tournament", "--players", f"random,calling-station,{bot}:Slow", "--games", "24",
            "--seed", "7", *FAST]  # fmt: skip
    killed = tmp_path / "killed.db"
    proc = subprocess.Popen(
        [sys.executable, "-c", "import sys; from pokerroom.cli import main; sys.exit(main())",
         *args, "--db", str(killed)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=tmp_path, env=SLOW_ENV,
    )  # fmt: skip
    deadline = time.monotonic() + 600  # a busy machine starts processes slowly
    while _count(killed) < 3 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert proc.poll() is None, "the run ended before it could be killed"
    assert _count(killed) >= 3, "no games written in time"
    os.kill(proc.pid, signal.SIGKILL)  # no chance to clean up
    proc.wait()
    assert proc.returncode == -signal.SIGKILL, proc.stderr.read() if proc.stderr else ""
    written = _count(killed)
    assert 3 <= written < 24
    with ResultsDB(killed) as db:
        (run,) = db.runs()
        assert run.finished is None and run.done == written

    code, resumed, err = _run([*args, "--db", str(killed), "--resume"], capsys)
    assert code == 0, err
    assert "this command played 0 hands" not in resumed  # it played the rest
    code, whole, err = _run([*args, "--db", str(tmp_path / "whole.db")], capsys)
    assert code == 0, err
    assert _standings(resumed) == _standings(whole)
    with ResultsDB(killed) as a, ResultsDB(tmp_path / "whole.db") as b:
        (ra,), (rb,) = a.runs(), b.runs()
        assert ra.finished is not None and ra.done == 24
        assert a.games(ra.id) == b.games(rb.id)
    # Resuming a finished run plays nothing and prints the same standings.
    code, again, err = _run([*args, "--db", str(killed), "--resume"], capsys)
    assert code == 0 and _standings(again) == _standings(whole)
    assert "this command played 0 hands" in again


# The command as started from a terminal, where Ctrl-C interrupts: even when the suite runs
# in the background (a shell starts background jobs with SIGINT ignored, which children
# inherit), the command under test gets the default handler.
CLI_WITH_CTRL_C = (
    "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "from pokerroom.cli import main; sys.exit(main())"
)


def test_ctrl_c_stops_the_workers_and_keeps_the_games_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = tmp_path / "slow.py"
    bot.write_text(SLOW_BOT)
    db = tmp_path / "r.db"
    args = ["tournament", "--players", f"random,{bot}:Slow", "--games", "60", "--seed", "2",
            "--rules", "no-limit", "--set", "buy_in=100", "--db", str(db)]  # fmt: skip
    proc = subprocess.Popen(
        [sys.executable, "-c", CLI_WITH_CTRL_C, *args, "--workers", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
        env=SLOW_ENV,
    )  # fmt: skip
    deadline = time.monotonic() + 600  # a busy machine starts processes slowly
    while _count(db) < 2 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert proc.poll() is None, "the run ended before it could be interrupted"
    # Only once games are written: the pool is made, and Ctrl-C is no longer held back
    # while its workers start.
    assert _count(db) >= 2, "no games written in time"
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    written = _count(db)
    assert 2 <= written < 60
    assert f"interrupted: {written} of 60 games are in {db}; --resume plays the rest" in err
    assert "Traceback" not in err  # the workers left Ctrl-C to the parent
    code, _, err = _run([*args, "--resume", "--workers", "1"], capsys)  # any executor
    assert code == 0, err
    with ResultsDB(db) as results:
        assert results.runs()[0].done == 60


def test_workers_are_never_more_than_the_games_or_the_cores(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 29: ``--workers 8 --games 1`` started 8 processes; ``--workers
    99999999999999999`` kept starting them."""
    import multiprocessing

    from pokerroom.tournament.executor import default_workers

    base = ["tournament", "--players", "random,calling-station", "--seed", "1",
            "--rules", "no-limit", "--set", "buy_in=100"]  # fmt: skip
    code, out, err = _run([*base, "--games", "1", "--workers", "8"], capsys)
    assert code == 0, err
    assert "on this process" in out
    code, out, err = _run([*base, "--games", "3", "--workers", "1024"], capsys)
    assert code == 0, err
    n = min(3, default_workers())
    assert ("on this process" if n == 1 else f"on {n} local processes") in out
    assert multiprocessing.active_children() == []  # the pool's workers are gone
    code, _, err = _run([*base, "--games", "1", "--workers", "99999999999999999"], capsys)
    assert code == 2
    assert err == ("pokerroom tournament: error: argument --workers: a whole number of "
                   "processes from 1 to 1,024, not '99999999999999999'\n")  # fmt: skip


def test_a_run_keeps_each_games_totals_not_its_hands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game's hand-by-hand results (hundreds of kilobytes for a long freeze-out) are
    kept only for the game the chip graph draws: the standings need each seat's total."""
    from pokerroom.cli import runs

    kept: list[GameRecord] = []
    real = runs.Run.play

    def play(self: runs.Run) -> list[GameRecord]:
        records = real(self)
        kept.extend(records)
        return records

    monkeypatch.setattr(runs.Run, "play", play)
    graph = tmp_path / "g.png"
    code, out, err = _run(["tournament", "--players", "random,calling-station", "--games", "3",
                           "--seed", "4", *FAST, "--chip-graph", str(graph),
                           "--graph-game", "2", "--set", "buy_in=1000"], capsys)  # fmt: skip
    assert code == 0, err
    assert [r.index for r in kept] == [0, 1, 2]
    assert all(len(s.nets) == 1 < r.hands for r in (kept[0], kept[2]) for s in r.seats)
    assert all(len(s.nets) == kept[1].hands > 1 for s in kept[1].seats)
    assert graph.read_bytes()[:4] == b"\x89PNG"
    code, again, err = _run(["tournament", "--players", "random,calling-station",
                             "--games", "3", "--seed", "4", *FAST, "--set", "buy_in=1000"],
                            capsys)  # fmt: skip
    assert _standings(again) == _standings(out)[:-1]  # all but the chip graph's line


def test_a_table_that_cannot_be_set_up_is_refused_before_any_process_starts(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A first button that is no seat, or rules for another number of players, stopped
    the first game in a worker, once the pool's processes had been started."""
    from pokerroom.tournament import executor

    def no_pool(workers: int) -> None:
        raise AssertionError(f"a pool of {workers} was started")

    monkeypatch.setattr(executor, "PoolExecutor", no_pool)
    for extra, message in ((["--button", "9"], "button 9 is not a seat (0 to 1)"),
                           (["--set", "players=3"], "2 seats, but the rules are for 3 players")):
        for command in (["tournament", "--games", "4"], ["league", "--hands", "4"]):
            if command[0] == "league" and extra[0] == "--button":
                continue
            code, _, err = _run([*command, "--players", "random,random", "--workers", "2",
                                 *extra], capsys)  # fmt: skip
            assert code == 2
            assert err == f"pokerroom {command[0]}: error: {message}\n"


def test_a_league_of_more_sessions_than_a_run_may_keep_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--hands 1,000,000 in sessions of one deal made 11 million tasks, built in memory
    before the first was played."""
    code, _, err = _run(["league", "--hands", "1000000", "--session", "1"], capsys)
    assert code == 2
    assert err == ("pokerroom league: error: --hands 1,000,000 in sessions of --session 1 "
                   "deals make 11,000,000 sessions: at most 100,000 (give a larger "
                   "--session)\n")  # fmt: skip
    # heads-up, 100,002 hands: 50,001 deals, each a session in both seatings
    code, _, err = _run(["league", "--hands", "100002", "--session", "1", "--players",
                         "random,random"], capsys)  # fmt: skip
    assert code == 2 and "make 100,002 sessions: at most 100,000" in err


def test_resume_refuses_other_settings_and_takes_the_newest_matching_runs_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "r.db")
    base = ["tournament", "--players", "random,calling-station", "--games", "2", *FAST]
    assert _run([*base, "--seed", "1", "--db", db], capsys)[0] == 0
    code, _, err = _run([*base, "--seed", "1", "--games", "3", "--db", db, "--resume"], capsys)
    assert code == 2
    assert "no tournament in" in err and "games: 2 -> 3" in err
    code, _, err = _run([*base, "--seed", "1", "--resume"], capsys)
    assert code == 2 and "--resume needs --db FILE" in err
    # Without --seed, --resume takes the stored run's seed: of the newest run with these
    # settings (not the newest run: seed 3 plays three games)
    code, out, err = _run([*base, "--db", db, "--resume"], capsys)
    assert code == 0 and "seed 1" in out
    assert _run([*base, "--seed", "2", "--db", db], capsys)[0] == 0
    assert _run([*base, "--seed", "3", "--games", "3", "--db", db], capsys)[0] == 0
    code, out, err = _run([*base, "--db", db, "--resume"], capsys)
    assert code == 0 and "seed 2" in out and "seed 1" not in out, out + err
    code, out, err = _run([*base, "--games", "3", "--db", db, "--resume"], capsys)
    assert code == 0 and "seed 3" in out, out + err


def test_hand_histories_are_written_and_replay_to_their_results(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log, phh = tmp_path / "hands.txt", tmp_path / "phh"
    db = tmp_path / "r.db"
    code, _, err = _run(["tournament", "--players", "random,calling-station,random", "--games",
                         "3", "--seed", "4", "--rules", "computer-tournament", "--set",
                         "buy_in=150", "--workers", "1", "--log", str(log), "--phh", str(phh),
                         "--db", str(db), "--db-hands"], capsys)  # fmt: skip
    assert code == 0, err
    files = sorted(phh.glob("*.phhs"))
    assert [f.name[:16] for f in files] == ["00001-game-1.phh", "00002-game-2.phh",
                                            "00003-game-3.phh"]  # fmt: skip
    with ResultsDB(db) as results:
        games = results.games(1)
        hands = sum(g.hands for g in games)
        stored = [results.hands(1, g.index) for g in games]
    assert sum(len(s) for s in stored) == hands
    text = log.read_text()
    assert text.count("*** SUMMARY ***") == hands
    assert text.index("# game 1, hand 1\n") < text.index("# game 2, hand 1\n")
    assert "random #2" in text
    code, out, err = _run(["replay", "--check", *map(str, files)], capsys)
    assert code == 0, out + err
    assert out.strip().endswith(f"3 files: {hands} hands ({hands} exact)"), out


def test_the_chip_graph_is_a_png_of_one_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    png = tmp_path / "chips.png"
    code, out, err = _run(["tournament", "--players", "random,calling-station", "--games", "2",
                           "--seed", "3", *FAST, "--chip-graph", str(png), "--graph-game",
                           "2"], capsys)  # fmt: skip
    assert code == 0, err
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (900, 500)
    assert re.search(r"chip graph of game 2 \(\d+ hands\)", out)
    code, _, err = _run(["tournament", "--games", "2", "--chip-graph", str(png),
                         "--graph-game", "3", *FAST], capsys)  # fmt: skip
    assert code == 2 and "a game from 1 to 2" in err


def test_players_of_your_own_by_file_and_by_module(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "faulty.py").write_text(FAULTY_BOT)
    monkeypatch.syspath_prepend(str(tmp_path))
    code, out, err = _run(["tournament", "--players", "calling-station", "--player",
                           "faulty:Faulty", "--player", str(tmp_path / "faulty.py") + ":Faulty",
                           "--games", "2", "--seed", "1", *FAST], capsys)  # fmt: skip
    assert code == 0, err
    rows = [s for s in out.splitlines() if "faulty" in s]
    assert len(rows) == 2 and "faulty #2" in out
    faults = [int(s.split()[-1].replace(",", "")) for s in rows]
    assert all(f > 0 for f in faults)  # each garbage answer and exception counted


def test_bad_players_and_rules_are_named(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(["tournament", "--players", "random,strongest", "--games", "1"], capsys)
    assert code == 2 and "no bot 'strongest' (bots: " in err
    code, _, err = _run(["league", "--players", "random,nowhere.py:Bot", "--hands", "2"], capsys)
    assert code == 2 and "no file" in err
    code, _, err = _run(["tournament", "--rules", "poker", "--games", "1"], capsys)
    assert code == 2 and "no such preset or file" in err
    code, _, err = _run(["tournament", "--set", "buy_in=-5", "--games", "1"], capsys)
    assert code == 2 and "buy_in" in err
    code, _, err = _run(["tournament", "--players", ",".join(["random"] * 15)], capsys)
    assert code == 2 and "--players: 15 players; give 2 to 14 (a name may repeat)" in err
    # rules that cannot be played down to heads-up: the count is said once, not twice
    code, _, err = _run(["tournament", "--players", "random,random,random", "--games", "1",
                         *FAST, "--set", "blinds=[1,2,4,8]"], capsys)  # fmt: skip
    assert code == 2 and err.count("\n") == 1
    assert err.count("3 players") == 1, err
    assert "down to heads-up: 3 players: cannot start the hand: blinds [1, 2, 4, 8]" in err
    # 10**26 chips raised OverflowError from the game's 64-bit results
    for command in ("tournament", "league"):
        code, _, err = _run([command, "--rules", "no-limit", "--set", f"buy_in={10**26}"],
                            capsys)  # fmt: skip
        assert code == 2 and err.count("\n") == 1
        assert err == (f"pokerroom {command}: error: --set buy_in={10**26}: invalid rules: "
                       f"buy_in is {10**26}: more than 1,000,000,000,000, the most any amount "
                       "or count may be\n")  # the rules' own bound
        # under the rules' bound, above what a run's 64-bit results hold
        code, _, err = _run([command, "--rules", "no-limit", "--set", f"buy_in={10**10}"],
                            capsys)  # fmt: skip
        assert code == 2 and err.startswith(
            f"pokerroom {command}: error: buy_in is {10**10:,}: at most 1,000,000,000 chips")


def test_league_prints_the_table_and_the_ranking(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "league.db"
    code, out, err = _run(["league", "--players", "random,calling-station,rule-based",
                           "--hands", "40", "--seed", "1", "--session", "10", "--workers", "1",
                           "--rules", "no-limit", "--db", str(db)], capsys)  # fmt: skip
    assert code == 0, err
    assert "league of 3 players, no-limit rules" in out
    assert "4 matches of 40 hands in duplicate (20 deals heads-up, each dealt twice)" in out
    table = _standings(out)
    assert table[0].startswith("heads-up: the row player's mbb/hand")
    assert any(line.startswith("ranking") for line in table)
    assert "over duplicate sets" in out
    ranking = [line for line in table if re.match(r"\s+[123]\s+\S", line)]
    assert len(ranking) == 3
    with ResultsDB(db) as results:
        (run,) = results.runs("league")
        games = results.games(run.id)
        assert len(games) == run.games == 3 * 2 * 2 + 2 * 3
        assert all(s.place is None for g in games for s in g.seats)
        assert sum(g.hands for g in games) == 3 * 40 + 14 * 3


def test_the_example_bot_plays_every_preset_without_a_fault() -> None:
    from pokerroom.rules import Rules
    from pokerroom.tournament.games import GameTask, play

    spec = f"{ROOT / 'examples' / 'mybot.py'}:MyBot"
    played = 0
    for preset in ("computer-tournament", "casino-limit", "no-limit"):
        for players in (2, 6):
            task = GameTask(index=0, label="game", rules=Rules.preset(preset, buy_in=200),
                            players=(spec, *["random"] * (players - 1)),
                            entrants=tuple(range(players)),
                            names=tuple(f"p{i}" for i in range(players)), seed=players)  # fmt: skip
            record = play(task)
            assert record.faults == () and record.seats[0].hands > 0
            played += record.hands
    assert played > 60


def test_the_documented_bot_is_the_example_file() -> None:
    """The bots page shows examples/mybot.py from the file itself (so they cannot differ),
    the file stays short, and the README and the page name it as the command line does."""
    page = (ROOT / "docs" / "guide" / "bots.md").read_text()
    source = (ROOT / "examples" / "mybot.py").read_text()
    assert "```{literalinclude} ../../examples/mybot.py\n" in page
    assert len([line for line in source.splitlines() if line.strip()]) <= 14
    assert "--player examples/mybot.py:MyBot" in page
    assert "--player examples/mybot.py:MyBot" in (ROOT / "README.md").read_text()


def test_make_tournament_runs_a_freeze_out() -> None:
    makefile = (ROOT / "Makefile").read_text()
    recipe = re.search(r"^tournament:.*\n\t(.+)$", makefile, flags=re.MULTILINE)
    assert recipe is not None
    assert recipe.group(1).startswith("$(BIN)/pokerroom tournament ")
    assert textwrap.dedent(recipe.group(1)).count("--games") == 1


@pytest.mark.parametrize("command", ["tournament", "league"])
def test_help_says_what_the_command_does(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main([command, "--help"])
    assert stop.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "95% " in text and "%%" not in text  # the description is printed as written
    assert "--workers N" in text and "--executor {local,ray}" in text and "--resume" in text
