"""The README's examples run: every Python example as a doctest, every ``pokerroom``
command with the output it shows (lines that report a duration are not compared), and
its table of exit statuses is the one the command uses and prints."""

from __future__ import annotations

import doctest
import re
import shlex
from pathlib import Path, PurePosixPath

import pytest

from pokerroom.cli import main
from pokerroom.cli.errors import EXIT_CODES, exit_code_table

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
TIMING = re.compile(r"\d[\d,.]* ?(s|ms|µs|min)\b")


def _blocks(kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", README, flags=re.DOTALL)


def _commands() -> list[tuple[str, list[str]]]:
    """(command line, the output lines shown under it) for each ``$ pokerroom`` line."""
    out: list[tuple[str, list[str]]] = []
    for block in _blocks("console"):
        for chunk in re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]:
            command, _, shown = chunk.partition("\n")
            if command.startswith("pokerroom ") and "FILE" not in command:
                out.append((command, shown.splitlines()))
    return out


def test_python_examples_run() -> None:
    source = "\n".join(_blocks("pycon"))
    test = doctest.DocTestParser().get_doctest(source, {}, "README", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0
    assert runner.tries >= 30


@pytest.mark.parametrize(("command", "shown"), _commands(), ids=lambda v: str(v)[:60])
def test_commands_print_what_the_readme_shows(
    command: str,
    shown: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    args = shlex.split(command, comments=True)[1:]
    written = ""
    if "--write-phh" in args:  # the README writes to a temporary directory: so do we
        i = args.index("--write-phh") + 1
        written = str(PurePosixPath(args[i]).parent)
        args[i] = str(tmp_path / PurePosixPath(args[i]).name)
    code = main(args)
    out, err = capsys.readouterr()
    printed = (out + err).replace(str(tmp_path), written).splitlines()
    assert code == (2 if any("error:" in line for line in shown) else 0), out + err
    assert _compared(printed) == _compared(shown)
    assert not written or written.startswith("/tmp"), "write to a temporary directory"


def _compared(lines: list[str]) -> list[str]:
    return [s for s in (line.strip() for line in lines) if s and not TIMING.search(s)]


def test_the_exit_status_table_is_the_one_the_commands_use(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The table of exit statuses: the rows between its header and the next blank line.
    section = README[README.index("| status | meaning |") :].split("\n\n", 1)[0]
    rows = re.findall(r"^\| (\d+) \| (.+) \|$", section, flags=re.MULTILINE)
    table = [(int(code), text.replace("\\|", "|")) for code, text in rows]
    assert table == list(EXIT_CODES)
    assert [code for code, _ in table] == [0, 1, 2, 130, 141]
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    assert exit_code_table() in capsys.readouterr().out
