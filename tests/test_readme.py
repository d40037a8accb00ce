"""The examples of the README, of CONTRIBUTING and of every page of the documentation run:

* every Python example (``pycon`` blocks) as a doctest, one namespace per page;
* every ``pokerroom`` command of a ``console`` block with the output the page shows
  under it: the commands of a block run in order in a fresh directory with the
  repository's ``examples/`` beside them, so a block can write a file and read it back.
  Lines that report a duration are not compared, and a line ``...`` stands for any
  lines.  A command whose arguments are placeholders (``FILE``, ``GAMEDEF``) is not run;
* the network sessions (``text`` blocks that start with ``$ pokerroom serve``): the
  dealer and every program after it as processes of their own on loopback, with the
  ports and tokens the dealer gives this time in place of the page's;
* and the table of exit statuses is the one the commands use and print.
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from pokerroom.cli import main
from pokerroom.cli.errors import EXIT_CODES, exit_code_table

ROOT = Path(__file__).resolve().parents[1]
PAGES = [
    ROOT / "README.md",
    ROOT / "CONTRIBUTING.md",
    *sorted(p for p in (ROOT / "docs").rglob("*.md") if "_build" not in p.parts),
]
README = (ROOT / "README.md").read_text(encoding="utf-8")
TIMING = re.compile(r"\d[\d,.]* ?(s|ms|µs|min)\b")
PLACEHOLDER = re.compile(r"\b[A-Z][A-Z_]{2,}\b")


def _name(page: Path) -> str:
    return str(page.relative_to(ROOT))


@dataclass(frozen=True)
class Block:
    page: str
    line: int
    kind: str
    text: str

    def __str__(self) -> str:
        return f"{self.page}:{self.line}"


def _blocks(page: Path) -> list[Block]:
    """Every fenced code block of a Markdown page, with its language and first line."""
    text = page.read_text(encoding="utf-8")
    found = []
    for match in re.finditer(r"^```(\w+)\n(.*?)^```", text, flags=re.DOTALL | re.MULTILINE):
        line = text.count("\n", 0, match.start()) + 1
        found.append(Block(_name(page), line, match.group(1), match.group(2)))
    return found


BLOCKS = [b for page in PAGES for b in _blocks(page)]


def _runs(block: Block) -> list[tuple[str, list[str]]]:
    """(command line, the output lines shown under it) for each ``$`` line of a block."""
    out = []
    for chunk in re.split(r"^\$ ", block.text, flags=re.MULTILINE)[1:]:
        command, _, shown = chunk.partition("\n")
        out.append((command, shown.splitlines()))
    return out


def _runnable(command: str) -> bool:
    return command.startswith("pokerroom ") and not PLACEHOLDER.search(command.partition("#")[0])


CONSOLE = [b for b in BLOCKS if b.kind == "console" and any(_runnable(c) for c, _ in _runs(b))]
SESSIONS = [b for b in BLOCKS if b.kind == "text" and b.text.startswith("$ pokerroom serve ")]
PYTHON_PAGES = sorted({b.page for b in BLOCKS if b.kind == "pycon"})


def _compared(lines: list[str]) -> list[str]:
    return [s for s in (line.strip() for line in lines) if s and not TIMING.search(s)]


def _matches(printed: list[str], shown: list[str]) -> bool:
    """Whether the printed lines are the shown ones, a shown ``...`` standing for any."""
    pattern = "".join(
        r"(?:[^\n]*\n)*?" if line == "..." else re.escape(line) + r"\n" for line in shown
    )
    return re.fullmatch(pattern, "".join(line + "\n" for line in printed)) is not None


@pytest.mark.parametrize("page", PYTHON_PAGES)
def test_python_examples_run(page: str) -> None:
    source = "\n".join(b.text for b in BLOCKS if b.page == page and b.kind == "pycon")
    test = doctest.DocTestParser().get_doctest(source, {}, page, page, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0
    assert runner.tries >= 3


def _in_a_fresh_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    (tmp_path / "README.md").symlink_to(ROOT / "README.md")
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize("block", CONSOLE, ids=str)
def test_commands_print_what_the_page_shows(
    block: Block,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _in_a_fresh_directory(tmp_path, monkeypatch)
    for command, shown in _runs(block):
        if not _runnable(command):
            continue
        code = main(shlex.split(command, comments=True)[1:])
        out, err = capsys.readouterr()
        expected = 2 if any("error:" in line for line in shown) else 0
        assert code == expected, f"{command}\n{out}{err}"
        printed, wanted = _compared((out + err).splitlines()), _compared(shown)
        assert _matches(printed, wanted), f"{command}\nprinted:\n" + "\n".join(printed)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _process(command: str) -> subprocess.Popen[str]:
    argv = shlex.split(command)
    if argv[0] == "pokerroom":
        argv = [sys.executable, "-c", "import sys; from pokerroom.cli import main; "
                "sys.exit(main())", *argv[1:]]  # fmt: skip
    return subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONFAULTHANDLER": "1"})  # fmt: skip


@pytest.mark.parametrize("block", SESSIONS, ids=str)
def test_network_sessions_run_as_shown(block: Block, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """The dealer's first lines give the ports (ACPC) or the seats' tokens (JSON lines):
    they replace the page's in every later command and in what the page shows."""
    from test_net_cli import finish

    _in_a_fresh_directory(tmp_path, monkeypatch)
    (serve, serve_shown), *rest = _runs(block)
    players = [(c, s) for c, s in rest if not c.startswith("pokerroom replay")]
    after = [(c, s) for c, s in rest if c.startswith("pokerroom replay")]
    replace: dict[str, str] = {}
    port = re.search(r"--port (\d+)", serve)
    if port:
        replace[port.group(1)] = str(_free_port())
    for old, new in replace.items():
        serve = serve.replace(old, new)
    dealer = _process(serve)
    procs: list[subprocess.Popen[str]] = []
    try:
        assert dealer.stdout is not None
        header = []
        if port:  # JSON lines: the banner, then a token per seat
            header.append(dealer.stdout.readline())
            seats = sum(1 for line in serve_shown if line.startswith("seat "))
            header += [dealer.stdout.readline() for _ in range(seats)]
            for shown, got in zip(serve_shown[1:seats + 1], header[1:], strict=True):
                replace[shown.split(": ")[1]] = got.split(": ")[1].strip()
        else:  # ACPC: a port per seat
            header.append(dealer.stdout.readline())
            for shown, got in zip(serve_shown[0].split(), header[0].split(), strict=True):
                replace[shown] = got

        def mine(text: str) -> str:
            for old, new in replace.items():
                text = text.replace(old, new)
            return text

        procs = [_process(mine(command)) for command, _ in players]
        outputs = finish(*procs, dealer)
    finally:
        for proc in [*procs, dealer]:
            if proc.poll() is None:
                proc.kill()
    *played, (rest_out, _) = outputs
    for (command, shown), (out, _) in zip(players, played, strict=True):
        assert _compared(out.splitlines()) == _compared([mine(s) for s in shown]), command
    dealer_out = "".join(header).splitlines() + rest_out.splitlines()
    assert _compared(dealer_out) == _compared([mine(s) for s in serve_shown]), serve
    for command, shown in after:
        proc = _process(mine(command))
        out, err = proc.communicate(timeout=30)
        assert proc.returncode == 0, err
        assert _compared(out.splitlines()) == _compared(shown), command


def test_every_page_with_examples_is_run() -> None:
    """The pages whose examples run: a page that loses them (a renamed fence) says so."""
    run = {b.page for b in CONSOLE} | set(PYTHON_PAGES) | {b.page for b in SESSIONS}
    assert {"README.md", "docs/guide/rules.md", "docs/guide/tournaments.md",
            "docs/guide/network.md", "docs/guide/histories.md", "docs/guide/equity.md",
            "docs/guide/bots.md", "docs/guide/solver.md",
            "docs/guide/environments.md"} <= run  # fmt: skip
    assert len(SESSIONS) == 3  # the README's and the network page's two


def test_the_exit_status_table_is_the_one_the_commands_use(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The README's table of exit statuses: the rows between its header and the next blank
    # line (the command reference makes its table from the code).
    section = README[README.index("| status | meaning |") :].split("\n\n", 1)[0]
    rows = re.findall(r"^\| (\d+) \| (.+) \|$", section, flags=re.MULTILINE)
    table = [(int(code), text.replace("\\|", "|")) for code, text in rows]
    assert table == list(EXIT_CODES)
    assert [code for code, _ in table] == [0, 1, 2, 130, 141]
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    assert exit_code_table() in capsys.readouterr().out
