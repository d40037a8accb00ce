"""The errors of hand-history files: each names the file, the place and the reason.

>>> str(HistoryError("a field is missing", source="h.phh", where="field 'actions'"))
"h.phh: field 'actions': a field is missing"

:func:`read_text` reads such a file, with the same kind of error when it cannot.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["ACPCError", "HistoryError", "PHHError", "ReplayError", "read_text"]


class HistoryError(ValueError):
    """A hand-history file (or hand) that cannot be read, written or replayed.

    ``source`` is the file (or ``<string>``), ``where`` the place inside it (a line, a
    field, an action with its index and text, a hand of a ``.phhs``), ``reason`` what
    is wrong.  ``str()`` joins them: ``'h.phh: line 7: action 3 'p1 cbr x': ...'``.
    """

    def __init__(self, reason: str, *, source: str | None = None, where: str | None = None):
        self.reason = reason
        self.source = source
        self.where = where
        super().__init__(self._text())

    def _text(self) -> str:
        return ": ".join(part for part in (self.source, self.where, self.reason) if part)

    def located(self, *, source: str | None = None, where: str | None = None) -> HistoryError:
        """The same error with a source and/or an outer place filled in (a copy)."""
        inner = self.where
        if where and inner:
            inner = f"{where}: {inner}"
        elif where:
            inner = where
        return type(self)(self.reason, source=self.source or source, where=inner)

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (type(self), self.reason, self.source, self.where))


def _rebuild(
    cls: type[HistoryError], reason: str, source: str | None, where: str | None
) -> HistoryError:
    return cls(reason, source=source, where=where)


class PHHError(HistoryError):
    """A PHH (``.phh`` / ``.phhs``) file or hand that breaks the format."""


class ACPCError(HistoryError):
    """An ACPC game definition or dealer log that cannot be read."""


class ReplayError(HistoryError):
    """A recorded hand that cannot be replayed: an impossible action, unknown cards."""


def read_text(path: str | Path, what: str, error: type[HistoryError]) -> str:
    """The text (UTF-8) of a hand-history file, or ``error`` naming the file, ``what`` it
    was reading and why it could not.

    >>> try:
    ...     read_text("no/such.log", "the log", ACPCError)
    ... except ACPCError as exc:
    ...     print(exc)
    no/such.log: cannot read the log: No such file or directory
    """
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise error(f"cannot read {what}: {exc.strerror or exc}", source=str(path)) from None
    except ValueError:  # a name no file can have: a NUL character in it
        raise error(f"cannot read {what}: no file can be named so (a NUL character)",
                    source=str(path)) from None  # fmt: skip
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(
            f"cannot read {what}: not UTF-8 text (byte {exc.start})", source=str(path)
        ) from None
