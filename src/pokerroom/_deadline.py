"""One timer for the decision a dealer waits on, shared by its transports (the JSON-lines
server and the room's tables): armed for a deadline on the transport's own clock, it
keeps an earlier alarm rather than moving it (the alarm arms the next one), so most
decisions cost no timer work.

>>> import asyncio
>>> fired = []
>>> async def main() -> None:
...     timer = DeadlineTimer(lambda: 0.0, lambda: fired.append("now"))
...     timer.arm(0.0)
...     timer.arm(5.0)  # later than the one armed: kept as it is
...     await asyncio.sleep(0.01)
>>> asyncio.run(main())
>>> fired
['now']
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

__all__ = ["DeadlineTimer"]


class DeadlineTimer:
    """Calls ``alarm()`` once ``clock()`` reaches the deadline last armed (through the
    running event loop).  Arming a later deadline while an earlier one is set changes
    nothing; an earlier one replaces it."""

    __slots__ = ("_alarm", "_armed", "_clock", "_handle")

    def __init__(self, clock: Callable[[], float], alarm: Callable[[], None]) -> None:
        self._clock = clock
        self._alarm = alarm
        self._handle: asyncio.TimerHandle | None = None
        self._armed = 0.0  # the deadline the handle fires at (by ``clock``)

    def arm(self, deadline: float) -> None:
        handle = self._handle
        if handle is not None:
            if self._armed <= deadline:
                return  # it fires first; its alarm arms the next one
            handle.cancel()
        loop = asyncio.get_running_loop()
        self._armed = deadline
        self._handle = loop.call_at(loop.time() + max(0.0, deadline - self._clock()),
                                    self._fire)  # fmt: skip

    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _fire(self) -> None:
        self._handle = None
        self._alarm()
