"""One base for the objects used in a ``with`` block that release something at its end
(a database, a progress bar, a pool of workers).

>>> class Door(Closing):
...     def close(self) -> None:
...         print("closed")
>>> with Door() as door:
...     pass
closed
"""

from __future__ import annotations

from types import TracebackType
from typing import Self

__all__ = ["Closing"]


class Closing:
    """``with thing:`` calls :meth:`close` when the block ends normally and :meth:`abort`
    when it ends with an exception (Ctrl-C included); ``abort`` is ``close`` unless a
    subclass has something faster or safer to do when things went wrong."""

    def close(self) -> None:
        """Release what it holds, once the work is done."""

    def abort(self) -> None:
        """Release what it holds after an error or an interrupt."""
        self.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if kind is None:
            self.close()
        else:
            self.abort()
