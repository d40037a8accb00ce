"""The command line's argument types, shared by every command, and its parser.

Every value a command takes on its command line is read by one of these types: a
whole number in bounds (:class:`Count`, :class:`Seed`), a positive finite number or
time (:class:`Positive`, :class:`Seconds`), an exact amount of chips or money and a
list of them (:class:`Amount`, :class:`Amounts`), a date (:class:`Date`), a port and a
host (:class:`Port`, :class:`Host`), a file to read, a file or folder to write
(:class:`InputFile`, :class:`OutputFile`, :class:`OutputPath`, :class:`OutputFolder`),
rules (:class:`RulesArgument`).  Each refuses a bad value with one line saying what it
accepts, which :class:`Parser` prints after the option's name, with exit status 2 and
no usage block:

    pokerroom bot json: error: argument PORT: a port from 1 to 65535, not '0'

A type knows its bounds (``low``, ``high``), so the tests make the bad values of every
option from the parsers themselves.

>>> Count(1, 100_000)("1,000")
1000
>>> Count(1, 100_000)("1e9")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: a whole number from 1 to 100,000, not '1e9'
>>> Seconds()("nan")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: a number of seconds above 0 and at most 86,400 (a day), not 'nan'
>>> Amount(unit=" of chips")("12,000.5")
Fraction(24001, 2)
>>> Amounts(unit=" of money")("50,30,20")
(Fraction(50, 1), Fraction(30, 1), Fraction(20, 1))
>>> Date()("2024-05-01")
'2024/05/01 00:00:00'
"""

from __future__ import annotations

import argparse
import math
import os
import re
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from collections.abc import Sequence

    from pokerroom.rules import Rules

__all__ = [
    "ACPC_SEED",
    "DAY",
    "MAX_AMOUNT",
    "MILLISECONDS",
    "SEED",
    "Amount",
    "Amounts",
    "Count",
    "Database",
    "Date",
    "Host",
    "InputFile",
    "OutputFile",
    "OutputFolder",
    "OutputPath",
    "Parser",
    "Port",
    "Positive",
    "RulesArgument",
    "RulesChoice",
    "Seconds",
    "Seed",
    "one_line",
    "overridden",
    "read_rules",
]

DAY = 86_400.0  # seconds: the longest time any option takes
MAX_AMOUNT = 10**15  # chips or money: the most any amount is

_WHOLE = re.compile(r"[+-]?\d+")
_SCIENTIFIC = re.compile(r"[+-]?\d+(\.\d+)?[eE][+-]?\d+")


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on standard error (the command,
    the argument and what it accepts), exit status 2: the usage is in ``--help``."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {one_line(message)}\n")


def one_line(text: str) -> str:
    r"""``text`` on one line: its line breaks made spaces, and every other character that
    does not print (a carriage return, a tab, what the command line could not decode)
    shown escaped.

    >>> print(one_line("no bot '\udcff'\n  (bots: random)\r"))
    no bot '\udcff' (bots: random)\r
    """
    flat = re.sub(r"[ \t]*\n\s*", " ", text.strip("\n"))
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in flat)


def _whole(text: str) -> int | None:
    """``text`` as a whole number: digits (``1,000`` and ``1_000`` too, and ``1e6``
    where it is whole); None if it is none."""
    plain = text.strip().replace(",", "").replace("_", "")
    if not plain.isascii():  # (the digits of other scripts, as every reader here)
        return None
    try:
        if _WHOLE.fullmatch(plain):
            return int(plain)
        if _SCIENTIFIC.fullmatch(plain):
            exact = Decimal(plain)
            if exact == exact.to_integral_value() and abs(exact.adjusted()) < 100:
                return int(exact)
    except (ValueError, InvalidOperation):  # more digits than int() reads
        return None
    return None


@dataclass(frozen=True)
class Count:
    """A whole number from ``low`` to ``high`` (``1,000``, ``1_000`` and ``1e3`` are
    1000); ``unit`` names what is counted in the message."""

    low: int
    high: int
    unit: str = ""

    @property
    def accepts(self) -> str:
        unit = f" of {self.unit}" if self.unit else ""
        return f"a whole number{unit} from {self.low:,} to {self.high:,}"

    def __call__(self, text: str) -> int:
        value = _whole(text)
        if value is None or not self.low <= value <= self.high:
            raise argparse.ArgumentTypeError(f"{self.accepts}, not {text!r}")
        return value


@dataclass(frozen=True)
class Seed(Count):
    """A seed: a whole number from 0 to ``high``."""

    low: int = 0
    high: int = 2**63 - 1
    unit: str = ""

    @property
    def accepts(self) -> str:
        return f"a seed from 0 to {self.high:,}"


SEED = Seed()  # fits a 64-bit signed integer (SQLite's), as the derived seeds do
ACPC_SEED = Seed(high=2**32 - 1)  # the ACPC dealer's MT19937 takes 32 bits


def _number(value: float) -> str:
    """``value`` as a message says it (an int too: mypy takes one for a float)."""
    return f"{int(value):,}" if float(value).is_integer() else f"{value:g}"


@dataclass(frozen=True)
class Positive:
    """A finite number above 0 and at most ``high`` (below it, with ``below``);
    ``unit`` (`` of seconds``) and ``note`` (`` (a day)``) go in the message."""

    high: float
    unit: str = ""
    below: bool = False
    note: str = ""

    @property
    def low(self) -> float:
        return 0.0

    @property
    def accepts(self) -> str:
        bound = "below" if self.below else "at most"
        return f"a number{self.unit} above 0 and {bound} {_number(self.high)}{self.note}"

    def __call__(self, text: str) -> float:
        try:
            value = float(text.strip().replace("_", "")) if text.isascii() else math.nan
        except ValueError:
            value = math.nan
        inside = value < self.high if self.below else value <= self.high
        if not (math.isfinite(value) and value > 0 and inside):
            raise argparse.ArgumentTypeError(f"{self.accepts}, not {text!r}")
        return value


@dataclass(frozen=True)
class Seconds(Positive):
    """A time in seconds: above 0, at most a day."""

    high: float = DAY
    unit: str = " of seconds"
    below: bool = False
    note: str = " (a day)"


MILLISECONDS = Seconds(DAY * 1000, " of milliseconds")


def _exact(text: str) -> Fraction | None:
    """``text`` as an exact number (``12,000``, ``12_000``, ``2.5``, ``1e3``); None if it
    is none, or is not finite, or is written with an exponent past 100."""
    plain = text.strip().replace(",", "").replace("_", "")
    if not plain.isascii():
        return None
    try:
        value = Decimal(plain)
    except InvalidOperation:
        return None
    if not value.is_finite() or (value and abs(value.adjusted()) > 100):
        return None  # (a huge exponent would be a huge whole number to make)
    return Fraction(value)


@dataclass(frozen=True)
class Amount:
    """An amount of chips or money: a finite number above 0 (from 0, unless
    ``positive``) and at most ``high``, read exactly (``12,000`` and ``12_000`` are
    12000; ``2.5``; ``1e3``), as a Fraction."""

    high: int = MAX_AMOUNT
    unit: str = ""
    positive: bool = True

    @property
    def low(self) -> int:
        return 0

    @property
    def accepts(self) -> str:
        low = "above 0" if self.positive else "from 0"
        return f"a number{self.unit} {low} and at most {self.high:,}"

    def check(self, text: str) -> Fraction | None:
        """The amount, or None when ``text`` is none in bounds."""
        value = _exact(text)
        if value is None or value < 0 or (self.positive and value == 0) or value > self.high:
            return None
        return value

    def __call__(self, text: str) -> Fraction:
        value = self.check(text)
        if value is None:
            raise argparse.ArgumentTypeError(f"{self.accepts}, not {text!r}")
        return value


@dataclass(frozen=True)
class Amounts:
    """Amounts separated by commas (or semicolons), like ``50,30,20``: 1 to ``most`` of
    them, each from 0 to ``high`` (no thousands separators: the comma separates)."""

    high: int = MAX_AMOUNT
    unit: str = ""
    most: int = 100

    @property
    def low(self) -> int:
        return 0

    @property
    def accepts(self) -> str:
        return (f"1 to {self.most} numbers{self.unit} separated by commas, each from 0 to "
                f"{self.high:,} (like 50,30,20)")  # fmt: skip

    def __call__(self, text: str) -> tuple[Fraction, ...]:
        parts = [p for p in text.replace(";", ",").split(",") if p.strip()]
        one = Amount(self.high, positive=False)
        values = [one.check(p) for p in parts]
        if not 1 <= len(parts) <= self.most or None in values:
            bad = next((p for p, v in zip(parts, values, strict=True) if v is None), None)
            said = f"{bad!r} in {text!r}" if bad is not None and bad != text else repr(text)
            raise argparse.ArgumentTypeError(f"{self.accepts}, not {said}")
        return tuple(v for v in values if v is not None)


@dataclass(frozen=True)
class Date:
    """A date and time: ``YYYY/MM/DD HH:MM:SS``, with ``-`` or ``/``, or the date alone
    (midnight); given back as ``YYYY/MM/DD HH:MM:SS``."""

    @property
    def accepts(self) -> str:
        return "a date like 2024/05/01 20:15:00 (or 2024-05-01)"

    def __call__(self, text: str) -> str:
        for fmt in ("%Y/%m/%d %H:%M:%S", "%Y-%m-%d %H:%M:%S", "%Y/%m/%d", "%Y-%m-%d"):
            if not text.isascii():  # (strptime reads the digits of other scripts)
                break
            try:
                when = datetime.strptime(text.strip(), fmt)
            except ValueError:
                continue
            # the year in four digits: the C library's %Y writes year 999 as 999
            return f"{when.year:04}/{when:%m/%d %H:%M:%S}"
        raise argparse.ArgumentTypeError(f"{text!r}: {self.accepts}")


@dataclass(frozen=True)
class Port(Count):
    """A TCP port: 1 to 65535, or from 0 (any free port) where a server listens."""

    low: int = 1
    high: int = 65_535
    unit: str = ""

    @property
    def accepts(self) -> str:
        if self.low == 0:
            return "a port from 1 to 65535, or 0 for any free port"
        return "a port from 1 to 65535"


_LABEL = re.compile(r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?")


def _host_name(text: str) -> bool:
    """Whether ``text`` is written as a host name (RFC 1123: labels of letters, digits
    and inner hyphens; the last one not all digits, which would be a broken address)."""
    labels = text.removesuffix(".").split(".")
    return len(text) <= 253 and all(map(_LABEL.fullmatch, labels)) and not labels[-1].isdigit()


@dataclass(frozen=True)
class Host:
    """An IP address, or a host name looked up at once: what is neither is refused
    without a lookup, a name that does not resolve naming the argument (not by the
    socket after the work has started)."""

    def __call__(self, text: str) -> str:
        import ipaddress
        import socket

        try:
            ipaddress.ip_address(text)
            return text
        except ValueError:
            pass
        why = None if _host_name(text) else "not an IP address or a host name"
        if why is None:
            try:
                socket.getaddrinfo(text, None, type=socket.SOCK_STREAM)
            except (OSError, UnicodeError, ValueError) as exc:
                why = f"no such host: {getattr(exc, 'strerror', None) or exc}"
        if why is not None:
            raise argparse.ArgumentTypeError(
                f"{text!r}: {why} (give a host name or address, like 127.0.0.1)"
            )
        return text


# ------------------------------------------------------------------------------ files


def _no_file(path: Path) -> str | None:
    """Why ``path`` is no readable file (None when it is one)."""
    if not path.exists():
        return "no such file"
    if path.is_dir():
        return "a folder, not a file"
    if not path.is_file():
        return "not a regular file"
    if not os.access(path, os.R_OK):
        return "not allowed to read it"
    return None


@dataclass(frozen=True)
class InputFile:
    """A file to read: it exists, is a file and can be read (what is in it is the
    reader's to check).  ``what`` says what it holds."""

    what: str = "a file"

    def __call__(self, text: str) -> str:
        why = _no_file(Path(text)) if text else "empty"
        if why is not None:
            raise argparse.ArgumentTypeError(f"{text!r}: {why} (give {self.what})")
        return text


def _unwritable(path: Path, *, folder: bool = False) -> str | None:
    """Why nothing can be written at ``path`` (None when it can)."""
    if "\0" in str(path):
        return "no file can be named so (a NUL character)"
    parent = path.parent
    if path.is_dir() and not folder:
        return "a folder, not a file"
    if path.exists() and folder and not path.is_dir():
        return "a file, not a folder"
    if path.exists():
        return None if os.access(path, os.W_OK) else "not allowed to write it"
    if folder:  # made with its parents: the nearest one that exists must be a folder
        while not parent.exists():
            parent = parent.parent
    if not parent.is_dir():
        return f"no folder {str(parent)!r}"
    return None if os.access(parent, os.W_OK) else f"not allowed to write in {str(parent)!r}"


@dataclass(frozen=True)
class OutputFile:
    """A file to write (made, or written over or added to): not a folder, in a folder
    that exists; ``suffixes`` are its endings (lower case), ``-`` standard error when
    ``dash`` is allowed."""

    what: str = "a file"
    suffixes: tuple[str, ...] = ()
    dash: bool = False

    def __call__(self, text: str) -> str:
        if self.dash and text == "-":
            return text
        path = Path(text)
        why = _unwritable(path) if text else "empty"
        if why is None and self.suffixes and path.suffix.lower() not in self.suffixes:
            why = f"the name must end in {' or '.join(self.suffixes)}"
        if why is not None:
            raise argparse.ArgumentTypeError(f"{text!r}: {why} (give {self.what})")
        return text


@dataclass(frozen=True)
class OutputPath:
    """:class:`OutputFile`, given as a path."""

    what: str = "a file"
    suffixes: tuple[str, ...] = ()

    def __call__(self, text: str) -> Path:
        return Path(OutputFile(self.what, self.suffixes)(text))


def Database() -> OutputPath:  # noqa: N802 - a type, named like the others
    """``--db``: the SQLite results database to write (made if new)."""
    return OutputPath("a results database file")


@dataclass(frozen=True)
class OutputFolder:
    """A folder to write files in (made, with its parents, if new), as a path."""

    what: str = "a folder"

    def __call__(self, text: str) -> Path:
        why = _unwritable(Path(text), folder=True) if text else "empty"
        if why is not None:
            raise argparse.ArgumentTypeError(f"{text!r}: {why} (give {self.what})")
        return Path(text)


# ------------------------------------------------------------------------------ rules


@dataclass(frozen=True)
class RulesChoice:
    """What ``--rules`` named (a preset or a file, as typed: ``str()`` of it) and the
    rules it holds."""

    name: str
    rules: Rules

    def __str__(self) -> str:
        return self.name


def read_rules(text: str) -> Rules:
    """The rules a preset's name or a TOML file holds: the one reader of rules for
    every command.  A file must be UTF-8 TOML with at least one field; anything else is
    a :class:`~pokerroom.rules.RulesError` (or an :class:`OSError`) saying why."""
    from pokerroom.rules import PRESETS, Rules, RulesError

    if text in PRESETS:
        return Rules.preset(text)
    path = Path(text)
    if not text or not (text.lower().endswith(".toml") or path.exists()):
        raise RulesError(
            [f"no such preset or file (presets: {', '.join(sorted(PRESETS))}; or a .toml file)"]
        )
    why = _no_file(path)
    if why is not None:
        raise RulesError([f"{why} (presets: {', '.join(sorted(PRESETS))}; or a .toml file)"])
    data = path.read_bytes()
    try:
        body = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RulesError([f"not UTF-8 text (byte {exc.start}): a rules file is TOML"]) from None
    import tomllib

    try:
        fields = tomllib.loads(body)
    except tomllib.TOMLDecodeError as exc:
        raise RulesError([f"not TOML: {exc}"]) from None
    if not fields or fields == {"rules": {}}:
        raise RulesError(
            ['no rules in it: name a preset (preset = "no-limit") or set fields (buy_in = 500)']
        )
    return Rules.from_toml(body)


@dataclass(frozen=True)
class RulesArgument:
    """``--rules``: a preset's name or a TOML file of rules, read at once (a file that
    is missing, a folder, empty, not UTF-8 or not TOML is refused naming why); gives a
    :class:`RulesChoice`."""

    def __call__(self, text: str) -> RulesChoice:
        from pokerroom.rules import RulesError

        try:
            return RulesChoice(text, read_rules(text))
        except (RulesError, OSError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            message = " ".join(str(reason).split()).removeprefix("invalid rules: ")
            raise argparse.ArgumentTypeError(f"{text!r}: {message}") from None


def overridden(rules: Rules, assignments: Sequence[str]) -> Rules:
    """``rules`` with ``--set`` assignments applied; rules they make unplayable are a
    :class:`~pokerroom.cli.errors.UsageError` naming them (``--set buy_in=-1: ...``)."""
    from pokerroom.cli.errors import UsageError
    from pokerroom.rules import RulesError

    if not assignments:
        return rules
    try:
        return rules.override(assignments)
    except RulesError as exc:
        given = " ".join(f"--set {a}" for a in assignments)
        raise UsageError(f"{given}: {exc}") from None
