"""A soak of the JSON-lines dealer: a match played by two honest bots while hundreds of
connections idle, read slowly or never, and storms of connections come and go.

Run: ``python benchmarks/soak_net.py`` (about a minute; ``--hands N``, ``--quick``,
``--repeat N`` for N rounds of both runs in turn).

The dealer is a process of its own (this file with ``--dealer``: heads-up fixed limit,
``casino-limit`` with stacks reset every hand, caps raised so that the load is let in),
so that its memory and descriptors are its own: read from ``/proc`` (Linux).  Its two
players are ``pokerroom bot json`` processes playing ``random``, as a real bot is.

1. **quiet**: the match alone: the honest rate, hands per second.
2. **soak**: the same match, and against it, from this process: 100 spectators that
   never read (a small receive buffer), 100 that read 4 KB every 50 ms, 100 connections
   that connect and say nothing, and a storm of connections that come and go (hello
   read, then closed, reset, or half-closed waiting for the bye), 50 a second.  Every
   half second: hands finished, the dealer's resident memory, its open descriptors, and
   its sockets in CLOSE-WAIT.  At two thirds of the hands every load connection is
   closed; 5 s later (the dealer stays up after its match, its connections closed) the
   descriptors and CLOSE-WAIT sockets are counted again.

The goals (issue 30): the resident memory grows by less than 50 MB; no socket is left in
CLOSE-WAIT 5 s after the load closes; the honest rate under load (from the dealer's mark
of every hundred hands, until the load closes) is at least 80% of the quiet one.  A
dealer that kept what a reader does not read would grow by megabytes per spectator; one
that left closed sockets open would keep them in CLOSE-WAIT.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import socket
import struct
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

HOST = "127.0.0.1"
MAIN = "import sys; from pokerroom.cli import main; sys.exit(main())"


# ---------------------------------------------------------------------- the dealer


async def dealer(hands: int) -> None:
    """The dealer process: prints its port, then a line every 100 hands and at the end
    (JSON), and plays the match."""
    from pokerroom.jsonproto.dealer import JSONDealer
    from pokerroom.net.jsonl.server import JSONServer
    from pokerroom.rules import Rules
    from pokerroom.table import Table

    table = Table(Rules.preset("casino-limit"), 2, rng=random.Random(1), max_hands=hands,
                  reset_stacks=True)  # fmt: skip
    tokens = ["seat-zero-token", "seat-one-token"]
    loop = asyncio.get_running_loop()

    def report() -> None:
        print(json.dumps({"hands": table.hand_number, "t": time.monotonic()}), flush=True)

    def on_hand() -> None:
        if table.hand_number % 100 == 0:
            loop.call_soon(report)

    match = JSONDealer(table, tokens, budget=30, max_spectators=1000, on_hand=on_hand)
    server = JSONServer(match, host=HOST, max_connections=None, max_per_address=None,
                        join_timeout=None, start_timeout=60)  # fmt: skip
    port = await server.start()
    print(json.dumps({"port": port, "tokens": tokens}), flush=True)
    match_task = asyncio.create_task(server.run())
    while not server.started_at and not match_task.done():
        await asyncio.sleep(0.001)
    cpu = time.process_time()
    await match_task
    cpu = time.process_time() - cpu
    counts = server.counts
    print(json.dumps({"hands": table.hand_number, "t": time.monotonic(), "end": True,
                      "seconds": server.finished_at - server.started_at, "cpu": cpu,
                      "accepted": counts.accepted, "refused": counts.refused,
                      "dropped": counts.dropped, "idle": counts.idle,
                      "failed": counts.failed}), flush=True)  # fmt: skip
    await asyncio.to_thread(sys.stdin.read)  # up until the soak is done looking at it


# ----------------------------------------------------------------------- /proc


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def descriptors(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def close_wait(port: int) -> int:
    """Sockets of ``port`` in CLOSE-WAIT (the peer closed, the dealer has not)."""
    count = 0
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        path = Path(name)
        if path.exists():
            for line in path.read_text().splitlines()[1:]:
                fields = line.split()
                if int(fields[1].split(":")[1], 16) == port and fields[3] == "08":
                    count += 1
    return count


# ------------------------------------------------------------------------ a match


@dataclass
class Match:
    """A dealer process, its two bots, and what the dealer printed."""

    hands: int
    proc: asyncio.subprocess.Process | None = None
    bots: list[asyncio.subprocess.Process] = field(default_factory=list)
    port: int = 0
    lines: list[dict[str, float]] = field(default_factory=list)
    end: dict[str, float] = field(default_factory=dict)
    log: dict[str, int] = field(default_factory=dict)

    async def start(self) -> None:
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, __file__, "--dealer", "--hands", str(self.hands),
            stdout=asyncio.subprocess.PIPE, stdin=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        assert self.proc.stdout is not None
        first = json.loads(await self.proc.stdout.readline())
        self.port = first["port"]
        self.tokens = first["tokens"]
        asyncio.get_running_loop().create_task(self._read())
        asyncio.get_running_loop().create_task(self._log())

    async def play(self) -> None:
        """Start the bots: the match begins when both have joined."""
        for seat, token in enumerate(self.tokens):
            env = {**os.environ, "POKERROOM_TOKEN": token}
            self.bots.append(await asyncio.create_subprocess_exec(
                sys.executable, "-c", MAIN, "bot", "json", HOST, str(self.port), "--player",
                "random", "--seed", str(seat), env=env, stdout=asyncio.subprocess.DEVNULL,
            ))  # fmt: skip

    async def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        while line := await self.proc.stdout.readline():
            data = json.loads(line)
            self.lines.append(data)
            if data.get("end"):
                self.end = data

    async def _log(self) -> None:
        """The dealer's log (standard error): its lines counted by what they say."""
        assert self.proc is not None and self.proc.stderr is not None
        while line := await self.proc.stderr.readline():
            text = line.decode(errors="replace").strip()
            kind = text.split(": ", 1)[-1].split(" over ")[0] if ": " in text else text
            self.log[kind] = self.log.get(kind, 0) + 1

    @property
    def hands_done(self) -> int:
        return int(self.lines[-1]["hands"]) if self.lines else 0

    async def wait(self) -> None:
        """The match played: the dealer told to go, the bots and it ended."""
        assert self.proc is not None and self.proc.stdin is not None
        while not self.end:
            await asyncio.sleep(0.05)
        self.proc.stdin.close()
        await self.proc.wait()
        for bot in self.bots:
            await bot.wait()

    @property
    def rate(self) -> float:
        return self.end["hands"] / self.end["seconds"]

    def rate_until(self, moment: float) -> float:
        """Hands a second from the first hundred hands to the last hundred finished by
        ``moment`` (this machine's monotonic clock, the dealer's too): the rate while
        the load was on."""
        marks = [m for m in self.lines if not m.get("end") and m["t"] <= moment]
        if len(marks) < 2:
            return self.rate
        first, last = marks[0], marks[-1]
        return (last["hands"] - first["hands"]) / (last["t"] - first["t"])

    @property
    def cpu_per_hand(self) -> float:
        """The dealer's CPU milliseconds a hand, from the start of the match (the load
        on the dealer meanwhile included)."""
        return self.end["cpu"] / self.end["hands"] * 1000


# --------------------------------------------------------------------- the load


class Load:
    """The hostile and careless connections of the soak."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.never: list[socket.socket] = []
        self.idle: list[socket.socket] = []
        self.tasks: list[asyncio.Task[None]] = []
        self.running = True
        self.storm_count = 0
        self.slow_read = 0

    async def start(self, never: int, slow: int, idle: int, storm_rate: float) -> None:
        for _ in range(never):
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.connect((HOST, self.port))
            sock.sendall(b'{"type":"watch"}\n')
            self.never.append(sock)
        for _ in range(idle):
            self.idle.append(socket.create_connection((HOST, self.port)))
        for _ in range(slow):
            self.tasks.append(asyncio.create_task(self._slow()))
        self.tasks.append(asyncio.create_task(self._storm(storm_rate)))

    async def _slow(self) -> None:
        try:
            reader, writer = await asyncio.open_connection(HOST, self.port)
        except OSError:
            return
        writer.write(b'{"type":"watch"}\n')
        try:
            while self.running and (data := await reader.read(4096)):
                self.slow_read += len(data)
                await asyncio.sleep(0.05)
        except OSError:
            pass
        finally:
            writer.close()

    async def _storm(self, rate: float) -> None:
        rng = random.Random(5)
        while self.running:
            await asyncio.sleep(1 / rate)
            asyncio.get_running_loop().create_task(self._one(rng.randrange(3)))

    async def _one(self, how: int) -> None:
        try:
            reader, writer = await asyncio.open_connection(HOST, self.port)
            await asyncio.wait_for(reader.readline(), 10)
            self.storm_count += 1
            if how == 0:
                writer.close()
            elif how == 1:  # reset
                sock = writer.get_extra_info("socket")
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                writer.transport.abort()
            else:  # half-closed: the dealer says goodbye
                writer.write_eof()
                await asyncio.wait_for(reader.read(), 10)
                writer.close()
        except (OSError, TimeoutError):
            pass

    async def stop(self) -> None:
        self.running = False
        for sock in self.never + self.idle:
            sock.close()
        self.tasks[-1].cancel()  # the storm (it may be asleep for a while at a low rate)
        await asyncio.gather(*self.tasks, return_exceptions=True)


# ------------------------------------------------------------------------ the runs


async def quiet(hands: int) -> Match:
    match = Match(hands)
    await match.start()
    await match.play()
    await match.wait()
    return match


async def soak(hands: int, args: argparse.Namespace) -> tuple[Match, list[tuple[float, ...]],
                                                               dict[str, float]]:
    match = Match(hands)
    await match.start()
    assert match.proc is not None
    pid, port = match.proc.pid, match.port
    base_rss, base_fds = rss_mb(pid), descriptors(pid)
    load = Load(port)
    await load.start(args.never, args.slow, args.idle, args.storm)
    await match.play()
    start = time.monotonic()
    samples: list[tuple[float, ...]] = []
    closed_at = None
    after: dict[str, float] = {"base_rss": base_rss, "base_fds": base_fds}
    print(f"{'s':>5} {'hands':>6} {'RSS MB':>7} {'fds':>5} {'CLOSE-WAIT':>10} {'storm':>6}")
    while True:
        now = time.monotonic()
        row = (now - start, match.hands_done, rss_mb(pid), descriptors(pid), close_wait(port),
               load.storm_count)  # fmt: skip
        samples.append(row)
        note = ""
        if closed_at is None and (row[1] >= 2 * hands // 3 or match.end):
            await load.stop()  # every load connection closed
            closed_at = time.monotonic()
            after |= {"storm": load.storm_count, "slow_read": load.slow_read,
                      "closed_at": closed_at - start, "closed_clock": closed_at}  # fmt: skip
            note = "  <- the load closes every connection"
        elif closed_at is not None and now - closed_at >= 5.0:
            after |= {"close_wait": row[4], "fds": row[3], "on": not match.end}
            note = "  <- 5 s later"
        print(f"{row[0]:5.1f} {row[1]:6d} {row[2]:7.1f} {row[3]:5d} {row[4]:10d} {row[5]:6d}"
              f"{note}", flush=True)  # fmt: skip
        if "close_wait" in after and match.end:
            break
        await asyncio.sleep(0.5)
    await match.wait()
    return match, samples, after


def _summary(match: Match, calm: Match, samples: list[tuple[float, ...]],
             after: dict[str, float]) -> None:  # fmt: skip
    """What one soak did, beside the quiet run before it."""
    end = match.end
    peak = max(s[2] for s in samples) if samples else 0.0
    growth = peak - after["base_rss"]
    loaded = match.rate_until(after["closed_clock"])
    print(
        f"\nunder the load (until it closed): {loaded:.0f} hands/s, {loaded / calm.rate:.0%} "
        f"of quiet"
    )
    print(
        f"soak: {end['hands']:.0f} hands in {end['seconds']:.1f} s, {match.rate:.0f} hands/s "
        f"({match.rate / calm.rate:.0%} of quiet); the dealer's CPU {match.cpu_per_hand:.3f} "
        f"ms a hand ({match.cpu_per_hand / calm.cpu_per_hand:.0%} of quiet); connections "
        f"accepted {end['accepted']:.0f}, "
        f"refused {end['refused']:.0f}, dropped for not reading {end['dropped']:.0f}, "
        f"failed {end['failed']:.0f}; the storm made {after['storm']:.0f} connections; the "
        f"slow readers read {after['slow_read'] / 1e6:.1f} MB"
    )
    print(f"resident memory: {after['base_rss']:.1f} MB before the load, {peak:.1f} MB at "
          f"most: +{growth:.1f} MB")  # fmt: skip
    peak_cw = max(s[4] for s in samples) if samples else 0
    during = "the match still on" if after["on"] else "the match over, its connections closed"
    print(f"CLOSE-WAIT sockets: at most {peak_cw} in any sample, {after['close_wait']:.0f} 5 s "
          f"after the load closed ({during}); descriptors {after['base_fds']:.0f} before the "
          f"load, {max(s[3] for s in samples):.0f} at most, {after['fds']:.0f} then\n")  # fmt: skip


def main() -> None:
    if "--dealer" in sys.argv:
        hands = int(sys.argv[sys.argv.index("--hands") + 1])
        asyncio.run(dealer(hands))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2500, help="hands per match (2500)")
    parser.add_argument("--quick", action="store_true", help="500 hands")
    parser.add_argument("--never", type=int, default=100, help="never-reading spectators")
    parser.add_argument("--slow", type=int, default=100, help="slow-reading spectators")
    parser.add_argument("--idle", type=int, default=100, help="idle connections")
    parser.add_argument("--storm", type=float, default=50.0, help="connections a second")
    parser.add_argument("--repeat", type=int, default=1,
                        help="rounds of a quiet run and a soak, in turn (the goals: the worst "
                        "memory and sockets of any soak, the fastest soak against the fastest "
                        "quiet run: the load of a shared machine comes and goes)")  # fmt: skip
    args = parser.parse_args()
    hands = 500 if args.quick else args.hands
    if not Path("/proc/self/status").exists():
        sys.exit("the soak reads the dealer's memory and sockets from /proc (Linux)")
    print(f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}; {hands} hands heads-up fixed limit, two random "
          f"bots\n")  # fmt: skip
    calms: list[Match] = []
    soaks: list[tuple[Match, list[tuple[float, ...]], dict[str, float]]] = []
    for round_ in range(args.repeat):
        if args.repeat > 1:
            print(f"round {round_ + 1} of {args.repeat}, load {os.getloadavg()[0]:.1f}\n")
        calm = asyncio.run(quiet(hands))
        calms.append(calm)
        print(f"quiet: {calm.end['hands']:.0f} hands in {calm.end['seconds']:.1f} s, "
              f"{calm.rate:.0f} hands/s; the dealer's CPU {calm.cpu_per_hand:.3f} ms a "
              f"hand\n")  # fmt: skip
        print(f"soak: {args.never} spectators that never read, {args.slow} that read 4 KB "
              f"every 50 ms, {args.idle} idle connections, {args.storm:g} connections a "
              f"second coming and going")  # fmt: skip
        match, samples, after = asyncio.run(soak(hands, args))
        soaks.append((match, samples, after))
        _summary(match, calm, samples, after)
    growth = max(max(s[2] for s in samples) - after["base_rss"] for _, samples, after in soaks)
    left = max(after["close_wait"] for _, _, after in soaks)
    best_calm = max(c.rate for c in calms)
    under = [m.rate_until(after["closed_clock"]) for m, _, after in soaks]
    best_soak = max(under)
    each = ", ".join(f"{u / c.rate:.0%}" for c, u in zip(calms, under, strict=True))
    rounds = f" (each round: {each}; the fastest of each)" if args.repeat > 1 else ""
    rows = [
        ("resident memory grows by less than 50 MB", f"+{growth:.1f} MB", growth < 50),
        ("no socket in CLOSE-WAIT 5 s after the load closes", f"{left:.0f}", left == 0),
        ("honest hands/s under the load at least 80% of the quiet run",
         f"{best_soak:.0f} / {best_calm:.0f} = {best_soak / best_calm:.0%}{rounds}",
         best_soak >= 0.8 * best_calm),
    ]  # fmt: skip
    cpus = ", ".join(f"{m.cpu_per_hand / c.cpu_per_hand:.0%}"
                     for c, (m, _, _) in zip(calms, soaks, strict=True))  # fmt: skip
    print(f"the dealer's CPU a hand under the load, against the quiet run before it: {cpus} "
          "(the machine's load moves the rates more than this)")  # fmt: skip
    match = soaks[-1][0]
    logged = ", ".join(f"{n} x {kind!r}" for kind, n in sorted(match.log.items()))
    print(f"the dealer's log: {sum(match.log.values())} lines: {logged or 'none'}")
    print("\n| goal | measured | met |")
    print("|---|---:|:---:|")
    for goal, measured, met in rows:
        print(f"| {goal} | {measured} | {'yes' if met else 'NO'} |")


if __name__ == "__main__":
    main()
