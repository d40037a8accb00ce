"""Where the games of a run are played: in this process, a local process pool, or Ray.

An executor runs a module-level function on each task and yields ``(index, result)`` as
the results come in, in any order; the caller files each by its index, so the order of
completion never changes a run's results (each task carries its own seed:
:mod:`~pokerroom.tournament.seeds`).  The caller writes each result as it comes, so a
stopped run loses only the games being played.

>>> with make_executor(workers=1) as ex:
...     sorted(ex.run(abs, [-3, 1, -2]))
[(0, 3), (1, 1), (2, 2)]
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from types import TracebackType
from typing import Any, Protocol, TypeVar

from pokerroom._closing import Closing
from pokerroom.numerals import number as read_number

__all__ = [
    "Executor",
    "ExecutorError",
    "PoolExecutor",
    "RayExecutor",
    "SerialExecutor",
    "default_workers",
    "make_executor",
]

T = TypeVar("T")
R = TypeVar("R")

EXECUTORS = ("local", "ray")


class ExecutorError(RuntimeError):
    """An executor that cannot be started (Ray missing, a bad address, no workers)."""


def default_workers() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


class Executor(Protocol):
    """Runs tasks; ``workers`` is how many run at once; ``name`` says where."""

    workers: int
    name: str

    def run(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        """``(index, fn(tasks[index]))`` for every task, as each finishes."""
        ...

    def close(self) -> None: ...

    def abort(self) -> None: ...

    def __enter__(self) -> Executor: ...

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None: ...


class SerialExecutor(Closing):
    """Every task in this process, one after the other, in order."""

    workers = 1
    name = "this process"

    def run(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        for i, task in enumerate(tasks):
            yield i, fn(task)


def _ignore_interrupts() -> None:
    """In a worker: leave Ctrl-C to the parent, which stops the pool.  The worker starts
    with Ctrl-C held back (the parent's signal mask); ignoring it discards one that came
    while it started, and then nothing is held back any more."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class _Hold:
    """Ctrl-C held back in the main thread while a pool starts: blocked there (so the
    processes started inherit the block), and noted, not raised, by a handler of its
    own, for another thread that does not block it (a BLAS library's, started at import)
    may take the process's signal, and Python would then run the handler in the main
    thread mid-start."""

    def __init__(self) -> None:
        self.pressed = False
        self.handler: Any = signal.SIG_DFL
        self.blocked = False

    def note(self, signum: int, frame: object) -> None:
        self.pressed = True


def _hold_interrupts() -> _Hold | None:
    """Hold back Ctrl-C (main thread, POSIX; otherwise ``None``: nothing held)."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not on POSIX
        return None
    if threading.current_thread() is not threading.main_thread():
        return None  # (signal handlers belong to the main thread)
    # Started first: starting it unblocks Ctrl-C (whatever the mask was before).
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()
    hold = _Hold()
    before = signal.signal(signal.SIGINT, hold.note)
    hold.handler = signal.SIG_DFL if before is None else before
    hold.blocked = signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    return hold


def _release_interrupts(hold: _Hold | None) -> None:
    """Let Ctrl-C through again; one pressed while it was held is handled here, at once
    (by default a :class:`KeyboardInterrupt` raised from this call)."""
    if hold is None:
        return
    pending = False  # (one the kernel held for this thread)
    if hold.blocked:
        # Taken off the pending set without waiting, and handled below.  (Not a check of
        # the pending set, then a wait: a Ctrl-C pending for the whole process may be
        # taken by another thread in between, and the wait would then never end.)
        pending = signal.sigtimedwait({signal.SIGINT}, 0) is not None
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, hold.handler)
    if pending or hold.pressed:  # (pressed: taken by another thread, until just now)
        handler = hold.handler
        if callable(handler):
            handler(signal.SIGINT, None)
        elif handler == signal.SIG_DFL:
            raise KeyboardInterrupt


def _call(job: tuple[Callable[[Any], Any], int, Any]) -> tuple[int, Any]:
    fn, i, task = job
    return i, fn(task)


class PoolExecutor(Closing):
    """A pool of ``workers`` local processes, started fresh (not forked, so the parent's
    threads and open files never leak into them).  Ctrl-C reaches the parent only, which
    stops the workers."""

    def __init__(self, workers: int) -> None:
        from multiprocessing import get_context

        if workers < 1:
            raise ExecutorError(f"workers: 1 or more, not {workers}")
        self.workers = workers
        self.name = f"{workers} local processes"
        # While the workers start, Ctrl-C is held back (blocked, not ignored): a new
        # process inherits the mask, so an interrupt cannot kill a worker half-way and
        # hang the pool, and the parent gets a Ctrl-C pressed meanwhile as soon as the
        # pool is made, which then stops it.
        held = _hold_interrupts()
        try:
            self._pool = get_context("spawn").Pool(workers, initializer=_ignore_interrupts)
        finally:
            try:
                _release_interrupts(held)
            except BaseException:
                # Stopped gracefully (the workers have had no task): terminating workers
                # that are still starting can leave the pool's lock held and hang.
                if hasattr(self, "_pool"):
                    self.close()
                raise

    def run(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        jobs = ((fn, i, task) for i, task in enumerate(tasks))
        yield from self._pool.imap_unordered(_call, jobs, chunksize=1)

    def close(self) -> None:
        self._pool.close()
        self._pool.join()

    def abort(self) -> None:
        self._pool.terminate()
        self._pool.join()


def _reachable(address: str, timeout: float = 5.0) -> None:
    """An :class:`ExecutorError` unless ``address`` (``auto``, ``host:port`` or
    ``ray://host:port``) is a well-formed address whose port answers: Ray itself retries
    an unreachable one for minutes.

    >>> _reachable("nowhere")
    Traceback (most recent call last):
    ...
    pokerroom.tournament.executor.ExecutorError: --address 'nowhere': auto, host:port or ray://host:port
    """
    import socket

    if address == "auto":
        return
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not (sep and host and 0 < (read_number(port, digits=5) or 0) < 65_536):
        raise ExecutorError(f"--address {address!r}: auto, host:port or ray://host:port")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except (OSError, UnicodeError) as exc:
        why = getattr(exc, "strerror", None) or exc
        raise ExecutorError(
            f"--address {address!r}: no Ray cluster answers there ({why})"
        ) from None


class RayExecutor(Closing):
    """Tasks on a Ray cluster: ``address`` names a running one (``"auto"``, or
    ``host:port``); without it a local Ray instance with ``workers`` CPUs is started
    (and stopped by :meth:`close`).  Needs the ``ray`` extra:
    ``pip install 'pokerroom[ray]'``; the cluster's nodes need pokerroom installed too."""

    def __init__(self, address: str | None = None, workers: int | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise ExecutorError(
                "--executor ray needs Ray: pip install 'pokerroom[ray]'"
            ) from None
        import logging

        if address is not None:
            _reachable(address)
        self._ray = ray
        self._started = not ray.is_initialized()
        if self._started:
            options: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                "logging_level": logging.ERROR,
                "configure_logging": True,
            }
            if address is not None:
                options["address"] = address
            elif workers is not None:
                options["num_cpus"] = workers
            try:
                ray.init(**options)
            except Exception as exc:  # Ray raises many kinds (ConnectionError, ValueError...)
                where = f"at {address!r}" if address else "locally"
                raise ExecutorError(
                    f"cannot start Ray {where}: {type(exc).__name__}: {exc}"
                ) from None
        cpus = int(ray.cluster_resources().get("CPU", 1))  # type: ignore[no-untyped-call]
        self.workers = max(1, cpus)
        self.name = f"Ray ({self.workers} CPUs{', ' + address if address else ', local'})"

    def run(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        ray = self._ray
        remote = ray.remote(fn)
        ahead = 2 * self.workers
        queue = iter(enumerate(tasks))
        pending: dict[Any, int] = {}
        try:
            for i, task in queue:
                pending[remote.remote(task)] = i
                if len(pending) >= ahead:
                    break
            while pending:
                done, _ = ray.wait(list(pending), num_returns=1)
                for ref in done:
                    i = pending.pop(ref)
                    yield i, ray.get(ref)
                    nxt = next(queue, None)
                    if nxt is not None:
                        pending[remote.remote(nxt[1])] = nxt[0]
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)

    def close(self) -> None:
        if self._started and self._ray.is_initialized():
            self._ray.shutdown()


def make_executor(
    kind: str = "local",
    *,
    workers: int | None = None,
    address: str | None = None,
    tasks: int | None = None,
    cores: int | None = None,
) -> SerialExecutor | PoolExecutor | RayExecutor:
    """``local`` (``workers`` processes, default one per core; 1 plays in this process)
    or ``ray`` (``address`` of a cluster, default a local instance).

    A local pool, or a local Ray instance, is never larger than the machine (``cores``,
    default :func:`default_workers`) or the work (``tasks``, when given): more
    processes than either would only wait, each costing a start and its memory.

    >>> make_executor(workers=8, tasks=1).name  # one game: played here
    'this process'
    >>> with make_executor(workers=8, tasks=100, cores=2) as ex:
    ...     ex.name
    '2 local processes'
    """
    if workers is not None and workers < 1:
        raise ExecutorError(f"--workers: 1 or more, not {workers}")
    machine = default_workers() if cores is None else max(1, cores)
    n = min(machine if workers is None else workers, machine)
    if tasks is not None:
        n = max(1, min(n, tasks))
    if kind == "local":
        if address is not None:
            raise ExecutorError("--address names a Ray cluster: use it with --executor ray")
        return SerialExecutor() if n == 1 else PoolExecutor(n)
    if kind == "ray":
        return RayExecutor(address, n if address is None else None)  # a cluster's own CPUs
    raise ExecutorError(f"no executor {kind!r} (executors: {', '.join(EXECUTORS)})")
