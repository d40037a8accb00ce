"""The room over real sockets: ``pokerroom serve room`` in a subprocess on loopback,
browsers played by httpx and the websockets client; a ``kill -9`` mid-hand and a
restart; the guards of the WebSocket (origin, frame size, a client that does not read)."""

from __future__ import annotations

import asyncio
import json
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
import websockets

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, tmp: Path, *extra: str) -> None:
        self.tmp = tmp
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.err = open(tmp / f"err-{self.port}.log", "w")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-c", "import sys; from pokerroom.cli import main; sys.exit(main())",
             "serve", "room", "--port", str(self.port),
             "--db", str(tmp / "room.db"), "--bot-delay", "0", *extra],
            stdout=subprocess.PIPE, stderr=self.err, text=True)
        assert self.proc.stdout is not None
        self.url = self.proc.stdout.readline()
        self.operator = self.proc.stdout.readline().split()[2]
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                httpx.get(self.base + "/api/tables", timeout=1)
                return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise AssertionError("the server did not start")

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        self.err.close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
        self.err.close()

    def log(self) -> str:
        return Path(self.err.name).read_text()


def chips(server: Server) -> int:
    r = httpx.post(server.base + "/api/operator/chips",
                   headers={"authorization": f"Bearer {server.operator}"}, json={})
    return int(r.json()["total"])


def answer(message: dict[str, Any]) -> dict[str, Any]:
    kinds = message["view"]["legal"]["kinds"]
    action = "show" if "show" in kinds else "check" if "check" in kinds else "call"
    return {"type": "action", "hand": message["hand"], "seq": message["seq"], "action": action}


def play_seats(server: Server, people: dict[str, httpx.Client], table: str,
               tokens: dict[str, str], stop_at: int) -> dict[str, list[dict[str, Any]]]:
    """Each person's seat checks or calls (:func:`seat_client`) until an act of hand
    ``stop_at`` comes; what each connection received, by name."""
    logs: dict[str, list[dict[str, Any]]] = {n: [] for n in people}

    async def play() -> None:
        done = asyncio.Event()
        await asyncio.gather(*[
            seat_client(server.base, "pokerroom_session=" + c.cookies["pokerroom_session"],
                        table, tokens[n], stop_at, logs[n], done) for n, c in people.items()])

    asyncio.run(asyncio.wait_for(play(), 45))
    return logs


async def seat_client(base: str, cookie: str, table: str, token: str, stop_at: int,
                      log: list[dict[str, Any]], done: asyncio.Event) -> None:
    """Check or call until an act of hand ``stop_at`` comes to this seat or another
    (``done``); that act is left unanswered."""
    ws_url = base.replace("http", "ws") + f"/ws/table/{table}"
    async with websockets.connect(ws_url, origin=base,
                                  additional_headers={"Cookie": cookie}) as ws:
        await ws.send(json.dumps({"type": "join", "token": token}))
        stop = asyncio.ensure_future(done.wait())
        while True:
            frame = asyncio.ensure_future(ws.recv())
            await asyncio.wait([frame, stop], return_when=asyncio.FIRST_COMPLETED)
            if not frame.done():
                frame.cancel()
                return
            message = json.loads(frame.result())
            log.append(message)
            if message["type"] == "act":
                if message["hand"] >= stop_at:
                    done.set()
                    return
                await ws.send(json.dumps(answer(message)))
            if message["type"] == "bye":
                return


def test_kill_minus_9_mid_hand_and_restart(tmp_path: Path) -> None:
    server = Server(tmp_path)
    try:
        people = {}
        for name in ("ann", "bob"):
            c = httpx.Client(base_url=server.base)
            assert c.post("/api/enter", json={"name": name}).status_code == 200
            people[name] = c
        ann = people["ann"]
        table = ann.post("/api/tables", json={"seats": 3, "buy_in": 500,
                                              "bots": {"2": "calling-station"}}).json()["id"]
        tokens = {n: c.post(f"/api/tables/{table}/sit", json={}).json()["token"]
                  for n, c in people.items()}
        assert chips(server) == 20000
        logs = play_seats(server, people, table, tokens, 4)
        hands_ended = [m for m in logs["ann"] if m["type"] == "hand_end"]
        assert len(hands_ended) >= 3
        last_stacks = hands_ended[-1]["view"]["stacks"]  # after the last finished hand
        server.kill()  # mid-hand: a hand of number 4 or more waits for an answer

        server = Server(tmp_path)
        assert chips(server) == 20000
        for n, c in people.items():
            c.base_url = httpx.URL(server.base)
            me = c.get("/api/me").json()
            assert me == {"name": n, "balance": 9500, "seats": [{"table": table,
                                                                  "seat": me["seats"][0]["seat"]}]}
            # the same seat and token back (what a page reloaded does)
            assert c.post(f"/api/tables/{table}/sit", json={}).json()["token"] == tokens[n]
        info = ann.get("/api/tables").json()["tables"][0]
        assert info["state"] == "playing" and info["taken"] == 3

        async def back() -> list[Any]:
            url = server.base.replace("http", "ws") + f"/ws/table/{table}"
            async with websockets.connect(url, origin=server.base) as ws:
                await ws.send(json.dumps({"type": "join", "token": tokens["ann"]}))
                return [json.loads(await ws.recv()) for _ in range(4)]

        hello, welcome, seats, hand = asyncio.run(back())
        assert hello["type"] == "hello" and seats["type"] == "seats"
        assert welcome["type"] == "welcome" and welcome["seat"] == 0
        assert hand["type"] == "hand" and hand["stacks"] == last_stacks  # every bet back
        assert hand["hand"] == len(hands_ended) + 1  # the hand cut off, dealt again
        assert sum(hand["stacks"]) == 3000
        # no token in any log line
        for token in tokens.values():
            assert token not in server.log()
    finally:
        server.stop()


def test_the_websocket_guards(tmp_path: Path) -> None:
    server = Server(tmp_path, "--max-backlog", "4096")
    try:
        ws_base = server.base.replace("http", "ws")

        async def guards() -> None:
            # a foreign origin: closed with 1008
            async with websockets.connect(ws_base + "/ws/lobby",
                                          origin="http://evil.example") as ws:
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await ws.recv()
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
            # a frame over the size limit: the connection is closed (1009, too big)
            async with websockets.connect(ws_base + "/ws/lobby", max_size=None) as ws:
                await ws.recv()
                await ws.send("x" * (80 * 1024))
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await ws.recv()
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009

        asyncio.run(asyncio.wait_for(guards(), 30))
    finally:
        server.stop()



def test_kill_minus_9_mid_hand_at_a_cash_table_and_restart(tmp_path: Path) -> None:
    server = Server(tmp_path)
    try:
        people = {}
        for name in ("ann", "bob"):
            c = httpx.Client(base_url=server.base)
            assert c.post("/api/enter", json={"name": name}).status_code == 200
            people[name] = c
        table = people["ann"].post("/api/tables", json={
            "kind": "cash", "seats": 3, "min_buy_in": 200, "max_buy_in": 1000,
            "new_players": "post", "bots": {"2": "calling-station"}}).json()["id"]
        buy_ins = {"ann": 400, "bob": 600}
        tokens = {}
        for n, c in people.items():
            sat = c.post(f"/api/tables/{table}/sit", json={"seat": None, "buy_in": buy_ins[n]})
            tokens[n] = sat.json()["token"]
        assert chips(server) == 20000
        logs = play_seats(server, people, table, tokens, 5)
        ended = [m for m in logs["ann"] if m["type"] == "hand_end"]
        assert len(ended) >= 3
        last_stacks = ended[-1]["view"]["stacks"]
        server.kill()

        server = Server(tmp_path)
        assert chips(server) == 20000  # balances + the table's chips (less the bot's)
        for n, c in people.items():
            c.base_url = httpx.URL(server.base)
            assert c.get("/api/me").json()["balance"] == 10000 - buy_ins[n]
        info = people["ann"].get("/api/tables").json()["tables"][0]
        assert info["kind"] == "cash" and info["taken"] == 3

        async def back() -> list[Any]:
            url = server.base.replace("http", "ws") + f"/ws/table/{table}"
            async with websockets.connect(url, origin=server.base) as ws:
                await ws.send(json.dumps({"type": "join", "token": tokens["ann"]}))
                return [json.loads(await ws.recv()) for _ in range(4)]

        _, welcome, _, hand = asyncio.run(back())
        assert welcome["type"] == "welcome" and hand["type"] == "hand"
        assert hand["stacks"] == last_stacks and sum(hand["stacks"]) == 2000  # every bet back
        assert hand["hand"] == len(ended) + 1
        assert people["bob"].post(f"/api/tables/{table}/leave").json() == {
            "refund": None, "queued": True}  # mid-hand: at its end
    finally:
        server.stop()
