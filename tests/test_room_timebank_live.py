"""The time bank across a ``kill -9``: ``pokerroom serve room`` in a subprocess, a person
who uses some of the bank in hand 1, and some more in hand 2 when the server is killed.
After the restart the hand cut off is dealt again and the bank is as hand 1 left it (the
rule: the banks are the table's state after its last finished hand, as the stacks are)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
import websockets

from test_room_live import Server

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

BUDGET, BANK = 2, 10
"""Seconds: the test waits out two decisions' budgets (and 0.5 s, then 1.5 s, of the
bank), so the budget is small; 2 s, not the room's least (1 s), so that the answers given
at once never reach the bank on a loaded machine."""


async def _play(server: Server, cookie: str, table: str, token: str) -> dict[str, Any]:
    """Hand 1: the first decision answered 0.5 s into the bank, the rest at once; hand
    2's first decision left to run 1.5 s into the bank: its act."""
    url = server.base.replace("http", "ws") + f"/ws/table/{table}"
    async with websockets.connect(url, origin=server.base,
                                  additional_headers={"Cookie": cookie}) as ws:  # fmt: skip
        await ws.send(json.dumps({"type": "join", "token": token}))
        first = True
        while True:
            message = json.loads(await ws.recv())
            if message["type"] != "act":
                continue
            if message["hand"] >= 2:
                await asyncio.sleep(BUDGET + 1.5)
                return message
            if first:
                await asyncio.sleep(BUDGET + 0.5)
                first = False
            kinds = message["view"]["legal"]["kinds"]
            action = "show" if "show" in kinds else "check" if "check" in kinds else "call"
            await ws.send(json.dumps({"type": "action", "hand": message["hand"],
                                      "seq": message["seq"], "action": action}))  # fmt: skip


async def _back(server: Server, table: str, token: str) -> dict[str, Any]:
    url = server.base.replace("http", "ws") + f"/ws/table/{table}"
    async with websockets.connect(url, origin=server.base) as ws:
        await ws.send(json.dumps({"type": "join", "token": token}))
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == "act":
                return message


def test_the_bank_after_kill_minus_9_is_as_the_last_finished_hand_left_it(
    tmp_path: Path,
) -> None:
    server = Server(tmp_path)
    try:
        ann = httpx.Client(base_url=server.base)
        assert ann.post("/api/enter", json={"name": "ann"}).status_code == 200
        table = ann.post("/api/tables", json={
            "seats": 2, "buy_in": 100, "bots": {"1": "calling-station"}, "budget": BUDGET,
            "bank": BANK, "bank_refill": 0, "bank_cap": BANK}).json()["id"]  # fmt: skip
        token = ann.post(f"/api/tables/{table}/sit", json={}).json()["token"]
        cookie = "pokerroom_session=" + ann.cookies["pokerroom_session"]
        cut = asyncio.run(asyncio.wait_for(_play(server, cookie, table, token), 45))
        # hand 1 used about 0.5 s of the bank (no refill): what hand 2 was asked with
        assert cut["budget"] == BUDGET and BANK - 1.5 < cut["bank"] < BANK - 0.4
        server.kill()  # 1.5 s into the bank of hand 2's decision

        server = Server(tmp_path)
        again = asyncio.run(asyncio.wait_for(_back(server, table, token), 30))
        assert again["hand"] == cut["hand"]  # the hand cut off, dealt again
        assert again["bank"] == cut["bank"]  # its 1.5 s of bank back, hand 1's kept
        assert 0 < again["budget"] <= BUDGET
    finally:
        server.stop()
