"""The JSON-lines dealer (pokerroom.jsonproto.dealer.JSONDealer) driven in-process, line
by line, with the time given: spectators (open, by token, none, at most so many, one
leaving), chat, wrong tokens up to the closing one, a seat's token replaced, a seat
taken over, a decision's time running out (with its holder and without), and the time
bank: the ``act`` with its bank, the ``clock`` told once when the bank starts, its
seconds at every moment, and what a late answer or a timeout takes off the bank.  Every
message is compared whole."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pokerroom.engine import default_action
from pokerroom.jsonproto.dealer import BAD_TOKENS, JSONDealer, Outbox, Pending
from pokerroom.jsonproto.messages import Connection, Limits, Watching
from pokerroom.jsonproto.timebank import BankRules, TimeBank
from pokerroom.rules import Rules
from pokerroom.table import Table
from pokerroom.table.cash import CashGame

LIMITS = Limits(rate=1e9, burst=10**9)


def table(seats: int = 2, hands: int = 3) -> Table:
    return Table(Rules.preset("casino-limit"), seats, rng=random.Random(3), max_hands=hands)


def dealer(seats: int = 2, **options: Any) -> JSONDealer:
    tokens = [f"t{k}" for k in range(seats)]
    return JSONDealer(table(seats, options.pop("hands", 3)), tokens, limits=LIMITS, **options)


def to(out: Outbox, conn: Connection) -> list[dict[str, Any]]:
    """The messages ``out`` sends ``conn`` (spectators' lines not included)."""
    return [json.loads(line) for c, data in out.messages if c is conn
            for line in data.splitlines()]  # fmt: skip


def watched(out: Outbox) -> list[dict[str, Any]]:
    return [json.loads(line) for data in out.watch for line in data.splitlines()]


def join(d: JSONDealer, token: str, now: float = 0.0) -> tuple[Connection, Outbox]:
    conn, _ = d.open()
    return conn, d.receive(conn, json.dumps({"type": "join", "token": token}).encode(), now)


def watch(d: JSONDealer, token: str | None = None, now: float = 0.0) -> tuple[Connection, Outbox]:
    conn, _ = d.open()
    line = {"type": "watch"} if token is None else {"type": "watch", "token": token}
    return conn, d.receive(conn, json.dumps(line).encode(), now)


def test_a_spectator_of_an_open_match_is_welcomed_and_counted_and_leaves() -> None:
    d = dealer()
    conn, out = watch(d)
    welcome = to(out, conn)
    assert [m["type"] for m in welcome] == ["welcome"]
    assert (welcome[0]["role"], welcome[0]["seat"], welcome[0]["name"]) == ("spectator", None,
                                                                            None)
    assert welcome[0]["game"]["seat"] is None and welcome[0]["budget"] == 30.0
    assert d.spectators == 1
    assert out.notes == [(conn, 10, "watching (1 spectators)")]
    d.closed(conn)
    assert d.spectators == 0 and conn not in d.connections
    d.closed(conn)  # twice: nothing more
    assert d.spectators == 0


def test_a_match_without_spectators_refuses_a_watch_saying_so() -> None:
    d = dealer(watching=Watching.OFF)
    conn, out = watch(d)
    assert to(out, conn) == [{"type": "error", "code": "no-watching",
                              "message": "this match has no spectators"}]  # fmt: skip
    assert d.spectators == 0 and conn in d.connections


def test_a_match_watched_by_token_takes_the_spectators_token_alone() -> None:
    d = dealer(watching=Watching.TOKEN, watch_token="eyes")
    refusal = {"type": "error", "code": "bad-token",
               "message": "no spectators' has this token: this connection acts for no seat "
                          "(join with your seat's token, or watch)"}  # fmt: skip
    for token in (None, "t0", "eyes!"):
        conn, out = watch(d, token)
        assert to(out, conn) == [refusal] and d.spectators == 0
    conn, out = watch(d, "eyes")
    assert [m["type"] for m in to(out, conn)] == ["welcome"] and d.spectators == 1


def test_at_most_so_many_spectators_watch_at_once() -> None:
    d = dealer(max_spectators=2)
    first, _ = watch(d)
    watch(d)
    assert d.spectators == 2
    conn, out = watch(d)
    assert to(out, conn) == [{"type": "error", "code": "spectators-full",
                              "message": "the match has its 2 spectators: try again later"}]
    assert out.notes == [(conn, 20, "refused as a spectator: 2 watching already")]
    assert d.spectators == 2
    d.closed(first)
    conn, out = watch(d)
    assert [m["type"] for m in to(out, conn)] == ["welcome"] and d.spectators == 2
    none = dealer(max_spectators=0)
    conn, out = watch(none)
    assert to(out, conn)[0]["code"] == "spectators-full"


def test_a_spectator_sees_the_hand_the_events_and_the_end_without_hole_cards() -> None:
    d = dealer(hands=1)
    players = [join(d, f"t{k}")[0] for k in range(2)]
    spectator, _ = watch(d)
    out = d.start(0.0)
    seen = watched(out)
    assert seen[0]["type"] == "hand" and seen[0]["hole"] == []
    assert all(m["event"]["cards"] == [] for m in seen if m["type"] == "event"
               and m["event"]["kind"] == "deal")  # fmt: skip
    assert [m["hole"] != [] for m in (to(out, p)[0] for p in players)] == [True, True]
    while d.pending is not None:
        out = d.expire(100.0)
        seen += watched(out)
    ends = [m for m in seen if m["type"] == "hand_end"]
    assert len(ends) == 1 and ends[0]["view"]["seat"] == -1 and ends[0]["view"]["hole"] == []
    assert seen[-1]["type"] == "match_end"
    assert to(out, spectator) == [{"type": "bye", "reason": "the match is over"}]


def test_a_spectator_joining_mid_hand_gets_the_hand_and_its_state() -> None:
    d = dealer()
    join(d, "t0")
    join(d, "t1")
    d.start(0.0)
    conn, out = watch(d)
    got = to(out, conn)
    assert [m["type"] for m in got] == ["welcome", "hand", "state"]
    assert got[1]["hole"] == [] and got[2]["hand"] == 1 and got[2]["view"]["seat"] == -1
    assert got[2]["view"]["hole"] == []


def test_chat_is_refused_without_a_chat_and_passed_on_with_one() -> None:
    d = dealer()
    conn, _ = join(d, "t0")
    out = d.receive(conn, b'{"type":"chat","text":"hi"}', 1.0)
    assert to(out, conn) == [{"type": "error", "code": "no-chat",
                              "message": "this match has no chat"}]  # fmt: skip
    heard: list[tuple[Connection, str, float]] = []

    def on_chat(c: Connection, text: str, now: float) -> Outbox:
        heard.append((c, text, now))
        told = Outbox()
        told.send(c, {"type": "chat", "from": "seat 0", "text": text})
        return told

    d = dealer(on_chat=on_chat)
    conn, _ = join(d, "t0")
    out = d.receive(conn, b'{"type":"chat","text":"hi"}', 2.5)
    assert heard == [(conn, "hi", 2.5)]
    assert to(out, conn) == [{"type": "chat", "from": "seat 0", "text": "hi"}]


def test_wrong_tokens_are_refused_and_the_last_allowed_closes_the_connection() -> None:
    d = dealer()
    conn, _ = d.open()
    for k in range(1, BAD_TOKENS + 1):
        out = d.receive(conn, b'{"type":"join","token":"nope"}', 0.0)
        messages = to(out, conn)
        assert messages[0] == {"type": "error", "code": "bad-token",
                               "message": "no seat has this token: this connection acts for "
                                          "no seat (join with your seat's token, or watch)"}
        closing = k == BAD_TOKENS
        assert out.notes[0] == (conn, 30, f"a wrong seat token ({k} of {BAD_TOKENS}"
                                          f"{': closing' if closing else ''})")  # fmt: skip
        assert messages[1:] == ([{"type": "bye", "reason": "wrong tokens"}] if closing else [])
        assert out.close == ([conn] if closing else [])
        assert (conn in d.connections) is not closing
    assert BAD_TOKENS == 3


def test_a_local_seats_token_is_refused() -> None:
    from pokerroom.players import CallingStation

    d = dealer(players={1: CallingStation()})
    conn, out = join(d, "t1")
    assert to(out, conn)[0]["code"] == "bad-token" and conn.seat is None


def test_a_seats_token_replaced_closes_its_holder_and_lets_the_new_one_in() -> None:
    d = dealer(watching=Watching.TOKEN, watch_token="eyes")
    old, _ = join(d, "t1")
    assert d.seated(1) and d.holder(1) is old
    for used in ("t0", "t1", "eyes"):
        with pytest.raises(ValueError, match=r"^a new token must differ from every token in use$"):
            d.replace_token(1, used)
    out = d.replace_token(1, "fresh")
    assert d.tokens == ("t0", "fresh")
    assert to(out, old) == [{"type": "bye", "reason": "you no longer hold this seat"}]
    assert out.close == [old] and not d.seated(1) and d.holder(1) is None
    conn, out = join(d, "t1")
    assert to(out, conn)[0]["code"] == "bad-token"
    conn, out = join(d, "fresh")
    assert to(out, conn)[0]["type"] == "welcome" and d.holder(1) is conn
    assert to(d.replace_token(0, "other"), conn) == [] and d.tokens == ("other", "fresh")


def test_a_seat_taken_over_by_its_token_closes_the_connection_that_held_it() -> None:
    d = dealer()
    old, _ = join(d, "t0")
    new, out = join(d, "t0")
    assert to(out, old) == [{"type": "bye",
                             "reason": "your seat's token was used by another connection"}]
    assert (old, 30, "lost seat 0 to a new connection with its token (seat taken over)") in (
        out.notes)
    assert d.holder(0) is new and out.close == [old]
    d.closed(old)  # (the server closes it): the seat stays the new connection's
    assert d.holder(0) is new
    d.closed(new)
    assert not d.seated(0)


def test_time_running_out_takes_the_default_and_says_why() -> None:
    d = dealer(budget=5.0)
    with pytest.raises(RuntimeError, match=r"^no decision is waiting$"):
        d.expire(0.0)
    assert d.alarm_at() is None
    conns = [join(d, f"t{k}")[0] for k in range(2)]
    d.start(10.0)
    pending = d.pending
    assert pending == Pending(0, 1, 1, 15.0) and d.alarm_at() == 15.0
    out = d.expire(15.0)
    assert to(out, conns[0])[0] == {"type": "default", "hand": 1, "seq": 1,
                                    "reason": "timeout", "action": "fold"}  # fmt: skip
    assert out.notes[0] == (conns[0], 20,
                            "seat 0, hand 1: no answer in 5 s (timeout): fold")
    # the next decision's seat has gone: disconnected, told to nobody
    seat = d.pending.seat if d.pending is not None else -1
    d.closed(conns[seat])
    hand, seq = d.pending.hand, d.pending.seq  # type: ignore[union-attr]
    out = d.expire(30.0)
    assert out.notes[0] == (None, 20, f"seat {seat}, hand {hand}: no answer in 5 s "
                                      "(disconnected): fold")  # fmt: skip
    assert all(m["type"] != "default" for _, m in out.decoded())
    assert seq >= 2


def banked(start: float = 10.0, **options: Any) -> tuple[JSONDealer, list[Connection]]:
    bank = TimeBank(BankRules(start=start, refill=2.0, cap=12.0), seats=2)
    d = dealer(budget=5.0, bank=bank, **options)
    conns = [join(d, f"t{k}")[0] for k in range(2)]
    return d, conns


def test_an_act_with_a_time_bank_carries_its_seconds_and_the_clock_is_told_once() -> None:
    d, conns = banked()
    watch(d)
    out = d.start(100.0)
    act = to(out, conns[0])[-1]
    assert act["type"] == "act" and (act["budget"], act["bank"]) == (5.0, 10.0)
    assert d.pending == Pending(0, 1, 1, 115.0, False, 105.0)
    assert d.alarm_at() == 105.0
    assert d.bank_running(104.999).messages == []
    out = d.bank_running(105.0)
    clock = {"type": "clock", "hand": 1, "seq": 1, "seat": 0, "budget": 0.0, "bank": 10.0}
    assert [to(out, c) for c in conns] == [[clock], [clock]] and watched(out) == [clock]
    assert d.alarm_at() == 115.0
    assert d.bank_running(106.0).messages == []  # once a decision
    # a connection joining now is told the act with what is left, then the clock
    back, out = join(d, "t0", 108.25)
    got = to(out, back)
    assert [m["type"] for m in got] == ["welcome", "hand", "state", "act", "clock"]
    assert (got[3]["budget"], got[3]["bank"]) == (0.0, 6.75)
    assert got[4] == {**clock, "bank": 6.75}
    # an answer 3.5 s into the bank takes 3.5 s off it
    out = d.receive(back, b'{"type":"action","hand":1,"seq":1,"action":"call"}', 108.5)
    assert to(out, back)[0] == {"type": "accepted", "hand": 1, "seq": 1, "action": "call"}
    assert d.bank is not None and d.bank.left == [6.5, 10.0]


def test_a_quick_answer_costs_no_bank_and_no_clock_message() -> None:
    d, conns = banked()
    d.start(0.0)
    out = d.receive(conns[0], b'{"type":"action","hand":1,"seq":1,"action":"call"}', 4.0)
    assert d.bank is not None and d.bank.left == [10.0, 10.0]
    assert all(m["type"] != "clock" for _, m in out.decoded())
    act = to(out, conns[1])[-1]
    assert act["type"] == "act" and (act["budget"], act["bank"]) == (5.0, 10.0)
    assert d.bank_running(8.999).messages == [] and d.alarm_at() == 9.0


def test_a_timeout_with_a_time_bank_spends_all_of_it() -> None:
    d, conns = banked(start=7.5)
    d.start(0.0)
    d.bank_running(5.0)
    out = d.expire(12.5)
    assert to(out, conns[0])[0]["type"] == "default"
    assert out.notes[0] == (conns[0], 20, "seat 0, hand 1: no answer in 12.5 s (timeout): fold")
    # all 7.5 s spent, then the hand over: both seats dealt in get 2 s back
    assert d.bank is not None and d.bank.left == [2.0, 9.5]


def test_the_banks_are_refilled_after_each_hand_for_the_seats_dealt_in() -> None:
    d, conns = banked(start=4.0, hands=2)
    d.start(0.0)
    d.receive(conns[0], b'{"type":"action","hand":1,"seq":1,"action":"fold"}', 6.0)
    # seat 0 spent 1 s of its 4 and both got 2 s back: 5 and 6 (cap 12)
    assert d.bank is not None and d.bank.left == [5.0, 6.0]
    assert d.pending is not None and d.pending.hand == 2


def test_a_restored_tables_banks_are_refilled_for_the_hands_it_finishes_only() -> None:
    between = table(2, 3)
    between.start_hand()
    while between.in_hand:
        between.apply(default_action(between.legal_actions()))
    bank = TimeBank(BankRules(start=4.0, refill=2.0, cap=12.0), seats=2)
    d = JSONDealer(between, ["a", "b"], limits=LIMITS, budget=5.0, bank=bank)
    d.start(0.0)
    assert bank.left == [4.0, 4.0]  # hand 1 finished before the save: no refill for it
    during = table(2, 3)
    during.start_hand()
    bank = TimeBank(BankRules(start=4.0, refill=2.0, cap=12.0), seats=2)
    d = JSONDealer(during, ["a", "b"], limits=LIMITS, budget=5.0, bank=bank)
    conn, _ = join(d, "a")
    d.start(0.0)
    assert d.pending is not None and d.pending.hand == 1
    d.receive(conn, b'{"type":"action","hand":1,"seq":1,"action":"fold"}', 1.0)
    assert bank.left == [6.0, 6.0]  # hand 1 finished here: refilled


def answer(d: JSONDealer, conn: Connection, now: float = 1.0, **fields: Any) -> list[Any]:
    """``conn``'s answer (a call to decision 1 of hand 1 unless ``fields`` say otherwise)
    at ``now``, and what the dealer sends it back."""
    line = {"type": "action", "hand": 1, "seq": 1, "action": "call", **fields}
    return to(d.receive(conn, json.dumps(line).encode(), now), conn)


def test_every_refused_answer_says_why_whole_with_its_hand_and_seq() -> None:
    d = dealer(budget=5.0)
    conns = [join(d, f"t{k}")[0] for k in range(2)]
    d.start(10.0)
    actor, other = conns
    assert answer(d, other) == [{"type": "error", "code": "not-your-turn",
                                 "message": "no decision of your seat is waiting",
                                 "hand": 1, "seq": 1}]  # fmt: skip
    assert answer(d, actor, hand=7) == [{"type": "error", "code": "wrong-hand",
                                         "message": "hand 7 is not the hand in play: "
                                                    "decision 1 is hand 1's",
                                         "hand": 7, "seq": 1}]  # fmt: skip
    assert answer(d, actor, seq=9) == [{"type": "error", "code": "unknown-seq",
                                        "message": "there is no decision 9 yet (decision 1 "
                                                   "is waiting)", "hand": 1, "seq": 9}]
    assert answer(d, actor, 11.5, action="raise", amount=1) == [
        {"type": "error", "code": "illegal-action", "hand": 1, "seq": 1,
         "message": "seat 0 cannot raise to 1 pre-flop: fixed limit: the only amount is 4 "
                    "(legal: fold, call 1, raise to 4); answer again within 3.5 s"}]  # fmt: skip
    assert answer(d, actor, 12.0)[0] == {"type": "accepted", "hand": 1, "seq": 1,
                                         "action": "call"}  # fmt: skip
    assert answer(d, actor, 12.5) == [{"type": "error", "code": "duplicate",
                                       "message": "decision 1 of hand 1 was already answered",
                                       "hand": 1, "seq": 1}]  # fmt: skip
    assert answer(d, actor, 13.0, seq=0) == [{"type": "error", "code": "stale",
                                              "message": "decision 0 is no longer waiting (the "
                                                         "match is at decision 2)",
                                              "hand": 1, "seq": 0}]  # fmt: skip
    assert answer(d, other, 13.0, seq=1) == [{"type": "error", "code": "stale",
                                              "message": "decision 1 is no longer waiting "
                                                         "(decision 2 is)",
                                              "hand": 1, "seq": 1}]  # fmt: skip
    late = dealer(budget=5.0)
    conn, _ = join(late, "t0")
    late.start(10.0)
    refused = answer(late, conn, 99.0, action="raise", amount=1)
    assert refused[0]["message"].endswith("raise to 4); answer again within 0 s")


def test_an_accepted_bet_carries_its_amount_and_a_shown_hand_its_value() -> None:
    d = dealer()
    conns = [join(d, f"t{k}")[0] for k in range(2)]
    d.start(0.0)
    assert answer(d, conns[0], action="raise", amount=4)[0] == {
        "type": "accepted", "hand": 1, "seq": 1, "action": "raise", "amount": 4}
    rules = Rules.preset("no-limit", showdown="announced")
    shown = JSONDealer(Table(rules, 2, rng=random.Random(1), max_hands=1), ["a", "b"],
                       limits=LIMITS)  # fmt: skip
    seats = [join(shown, token)[0] for token in ("a", "b")]
    shown.start(0.0)
    accepted = []
    while shown.pending is not None:
        p = shown.pending
        legal = shown.table.legal_actions()
        move: dict[str, Any]
        if legal.values:
            move = {"action": "show", "value": legal.values[0]}
        else:
            move = {"action": "check"} if not legal.to_call else {"action": "call"}
        got = answer(shown, seats[p.seat], hand=p.hand, seq=p.seq, **move)
        accepted += [m for m in got if m["type"] == "accepted"]
    shows = [m for m in accepted if m["action"] == "show"]
    assert shows and all(set(m) == {"type", "hand", "seq", "action", "value"} for m in shows)


def test_a_connection_back_mid_decision_is_asked_with_the_seconds_left() -> None:
    d = dealer(budget=5.0)
    conns = [join(d, f"t{k}")[0] for k in range(2)]
    d.start(10.0)
    d.closed(conns[0])
    back, out = join(d, "t0", 11.25)
    got = to(out, back)
    assert [m["type"] for m in got] == ["welcome", "hand", "state", "act"]
    assert got[0]["role"] == "player" and got[0]["seat"] == 0 and got[0]["name"] == "seat 0"
    assert got[3]["budget"] == 3.75 and got[3]["seq"] == 1
    _, out = join(d, "t0", 99.0)  # after the deadline: 0 s left, never less
    assert to(out, d.holder(0))[-1]["budget"] == 0.0  # type: ignore[arg-type]
    # the other seat, not to act, gets no act
    again, out = join(d, "t1", 12.0)
    assert [m["type"] for m in to(out, again)] == ["welcome", "hand", "state"]


def test_a_connection_after_the_end_gets_the_standings_and_a_bye() -> None:
    d = dealer(hands=1)
    conns = [join(d, f"t{k}")[0] for k in range(2)]
    d.start(0.0)
    out = Outbox()
    while d.pending is not None:
        out = d.expire(1.0)
    assert out.notes[-1] == (None, 20, "over after 1 hands")
    assert d.pending is None and d.finished
    end = [m for m in to(out, conns[0]) if m["type"] == "match_end"]
    late, out = join(d, "t1", 2.0)
    got = to(out, late)
    assert [m["type"] for m in got] == ["welcome", "match_end", "bye"]
    assert got[1] == end[0] and got[2] == {"type": "bye", "reason": "the match is over"}
    assert out.close == [late]
    spectator, out = watch(d)
    assert [m["type"] for m in to(out, spectator)] == ["welcome", "match_end", "bye"]


def test_a_local_seat_is_asked_at_its_delay_and_at_once_without_one() -> None:
    from pokerroom.players import CallingStation

    d = dealer(players={1: CallingStation()}, local_delay=2.0)
    conn, _ = join(d, "t0")
    d.start(10.0)
    assert d.pending == Pending(0, 1, 1, 40.0)
    answer(d, conn, 11.0)  # the small blind calls: the big blind's (local) decision
    assert d.pending == Pending(1, 1, 1, 13.0, True) and d.alarm_at() == 13.0
    out = d.expire(13.0)
    events = [m["event"] for m in to(out, conn) if m["type"] == "event"]
    assert events[0]["kind"] == "check" and events[0]["seat"] == 1
    # the flop: the big blind first again, local again (its number not moved on)
    assert d.pending == Pending(1, 1, 1, 15.0, True)
    quick = dealer(players={1: CallingStation()})
    conn, _ = join(quick, "t0")
    quick.start(0.0)
    answer(quick, conn, 1.0)
    # asked at once, pre-flop and on the flop: seat 0's next decision waits
    assert quick.pending == Pending(0, 1, 2, 31.0)


def test_a_cash_table_short_of_players_waits_idle_and_deals_once_two_can_play() -> None:
    cash = Table(Rules.preset("no-limit"), 2, cash=CashGame(40), rng=random.Random(1))
    cash.sit_down(0, 100)
    d = JSONDealer(cash, ["a", "b"], limits=LIMITS, budget=5.0)
    conn, _ = join(d, "a")
    out = d.start(0.0)
    assert (d.idle, d.pending, cash.in_hand) == (True, None, False)
    assert [m["type"] for m in to(out, conn)] == []
    assert d.resume(1.0).messages == [] and d.idle is True  # still alone
    cash.sit_down(1, 100)
    out = d.resume(2.0)
    assert (d.idle, cash.in_hand) == (False, True)
    got = to(out, conn)
    assert got[0]["type"] == "hand" and got[0]["hand"] == 1
    assert d.pending is not None and d.pending.deadline == 7.0
    assert d.resume(3.0).messages == []  # dealing already: nothing


def test_a_cash_hand_of_local_seats_alone_waits_for_its_first_decisions_deadline() -> None:
    """With no delay, players in this process decide at once; at a cash table where they
    alone are dealt in the dealer would deal for ever in one call, so each such hand waits
    for its first decision's deadline (due at once): one hand per ``expire``. With a seat
    played from outside dealt in, or a match that ends, nothing waits."""
    from pokerroom.players import CallingStation

    cash = Table(Rules.preset("no-limit"), 2, cash=CashGame(40), rng=random.Random(1))
    cash.sit_down(0, 100)
    cash.sit_down(1, 100)
    d = JSONDealer(cash, ["a", "b"], limits=LIMITS, players={0: CallingStation(),
                                                             1: CallingStation()})
    d.start(5.0)
    assert cash.hand_number == 1 and d.pending is not None
    assert (d.pending.hand, d.pending.deadline, d.pending.local) == (1, 5.0, True)
    for hand in (2, 3):
        d.expire(6.0)
        assert cash.hand_number == hand and d.pending is not None
        assert (d.pending.hand, d.pending.deadline, d.pending.local) == (hand, 6.0, True)
    assert sum(cash.hand_start.stacks) == 200  # (the chips as hand 3 was dealt)
    mixed = Table(Rules.preset("no-limit"), 2, cash=CashGame(40), rng=random.Random(1))
    mixed.sit_down(0, 100)
    mixed.sit_down(1, 100)
    d = JSONDealer(mixed, ["a", "b"], limits=LIMITS, players={0: CallingStation()})
    d.start(5.0)
    assert d.pending is not None and (d.pending.seat, d.pending.local) == (1, False)
    match = dealer(players={0: CallingStation(), 1: CallingStation()})
    match.start(0.0)
    assert match.finished and match.table.hand_number == 3  # (a match: to its end at once)


def test_every_bad_setting_of_a_match_is_refused_whole_and_the_edges_are_taken() -> None:
    bank3 = TimeBank(BankRules(start=1.0, refill=0.0, cap=1.0), seats=3)
    refusals: list[tuple[dict[str, Any], str]] = [
        ({"tokens": ["a"]}, "2 different tokens are needed, one per seat"),
        ({"tokens": ["a", "a"]}, "2 different tokens are needed, one per seat"),
        ({"budget": 0.0}, "the time for a decision must be more than 0 s, not 0.0"),
        ({"watching": Watching.TOKEN},
         "a spectators' token is needed exactly when watching needs one"),
        ({"watch_token": "eyes"}, "a spectators' token is needed exactly when watching needs one"),
        ({"watching": Watching.TOKEN, "watch_token": "b"},
         "the spectators' token must differ from every seat's"),
        ({"max_spectators": -1}, "at most -1 spectators: 0 or more"),
        ({"players": {2: None}}, "local seats are seats 0 to 1, not [2]"),
        ({"players": {-1: None, 1: None}}, "local seats are seats 0 to 1, not [-1, 1]"),
        ({"local_delay": -0.5}, "the local seats' delay is 0 s or more, not -0.5"),
        ({"bank": bank3}, "a time bank of 3 seats at a table of 2"),
    ]  # fmt: skip
    for options, message in refusals:
        tokens = options.pop("tokens", ["a", "b"])
        with pytest.raises(ValueError) as refused:
            JSONDealer(table(), tokens, **options)
        assert str(refused.value) == message, options
    from pokerroom.players import CallingStation

    edges = JSONDealer(table(), ["a", "b"], budget=0.25, max_spectators=0,
                       players={0: CallingStation(), 1: CallingStation()}, local_delay=0.0,
                       watching=Watching.TOKEN, watch_token="eyes")  # fmt: skip
    assert (edges.budget, edges.max_spectators, sorted(edges.local)) == (0.25, 0, [0, 1])
    assert (edges.watch_token, edges.local_delay, edges.name) == ("eyes", 0.0, "match")


def test_the_hello_names_the_match_its_seats_and_its_limits() -> None:
    d = JSONDealer(table(3), ["a", "b", "c"], limits=Limits(rate=5.0, burst=7),
                   name="final", watching=Watching.OFF, max_spectators=4)  # fmt: skip
    conn, out = d.open()
    assert to(out, conn) == [{"type": "hello", "protocol": "pokerroom-jsonlines",
                              "version": "1.1", "match": "final", "seats": 3,
                              "limits": {**Limits(rate=5.0, burst=7).to_json(),
                                         "watching": "off", "max_spectators": 4}}]
    assert dealer().hello()["match"] == "match"


def test_a_join_with_a_name_is_kept_and_noted_and_without_one_is_not() -> None:
    d = dealer()
    conn, _ = d.open()
    out = d.receive(conn, b'{"type":"join","token":"t1","name":"Ann"}', 0.0)
    assert d.joined == [None, "Ann"] and out.notes[0] == (conn, 20, "joined seat 1 as 'Ann'")
    welcome = to(out, conn)[0]
    assert (welcome["role"], welcome["seat"], welcome["name"]) == ("player", 1, "seat 1")
    other, out = join(d, "t0")
    assert d.joined == [None, "Ann"] and out.notes[0] == (other, 20, "joined seat 0")


def test_a_match_starts_once_and_a_restored_hand_in_play_is_told_from_its_start() -> None:
    d = dealer()
    d.start(0.0)
    assert d.started is True
    with pytest.raises(RuntimeError) as again:
        d.start(1.0)
    assert str(again.value) == "the match has already started"
    during = table(2, 3)
    during.start_hand()
    restored = JSONDealer(during, ["a", "b"], limits=LIMITS)
    conn, _ = join(restored, "a")
    out = restored.start(0.0)
    got = to(out, conn)
    assert got[0]["type"] == "hand" and got[0]["hand"] == 1 and got[0]["hole"] != []


def test_an_outbox_keeps_its_own_lines_when_extended_and_decodes_the_watch_first() -> None:
    first, second = Outbox(), Outbox()
    a, b = Connection(LIMITS), Connection(LIMITS)
    first.send(a, {"type": "pong", "id": 1})
    first.close.append(a)
    first.note(a, 20, "one")
    first.watch.append(b'{"type":"event"}\n{"type":"event","n":2}\n')
    second.send(b, {"type": "pong", "id": 2})
    second.close.append(b)
    second.note(None, 30, "two")
    second.watch.append(b'{"type":"hand"}\n')
    first.extend(second)
    assert first.messages == [(a, b'{"type":"pong","id":1}\n'), (b, b'{"type":"pong","id":2}\n')]
    assert first.close == [a, b] and first.notes == [(a, 20, "one"), (None, 30, "two")]
    assert first.decoded() == [(None, {"type": "event"}), (None, {"type": "event", "n": 2}),
                               (None, {"type": "hand"}), (a, {"type": "pong", "id": 1}),
                               (b, {"type": "pong", "id": 2})]  # fmt: skip
    assert repr(Outbox()) == "Outbox(messages=[], close=[], notes=[], watch=[])"


def test_a_problem_a_ping_a_bye_and_too_many_errors_are_each_answered() -> None:
    d = JSONDealer(table(), ["a", "b"], limits=Limits(rate=1e9, burst=10**9, max_errors=2))
    conn, _ = d.open()
    out = d.receive(conn, b"[1]", 0.0)
    problem = to(out, conn)
    assert [m["code"] for m in problem] == ["not-object"]
    assert out.notes == [(conn, 10, f"not-object: {problem[0]['message']}")]
    assert to(d.receive(conn, b'{"type":"ping","id":7}', 0.0), conn) == [{"type": "pong",
                                                                           "id": 7}]
    d.receive(conn, b"[2]", 0.0)
    out = d.receive(conn, b"[3]", 0.0)  # the third error: one past the most
    got = to(out, conn)
    assert got[1:] == [{"type": "error", "code": "too-many-errors",
                        "message": "more than 2 errors: closing"},
                       {"type": "bye", "reason": "too many errors"}]  # fmt: skip
    assert out.close == [conn] and conn not in d.connections
    assert out.notes[-1] == (conn, 30, "closed: more than 2 errors: closing")
    assert d.receive(conn, b"[4]", 0.0).messages == []
    other, _ = d.open()
    out = d.receive(other, b'{"type":"bye"}', 0.0)
    assert to(out, other) == [{"type": "bye", "reason": "goodbye"}] and out.close == [other]
    assert other not in d.connections


def test_the_seconds_sent_are_rounded_to_the_millisecond() -> None:
    d = dealer(budget=2.5004)
    conn, _ = join(d, "t0")
    out = d.start(0.0)
    assert to(out, conn)[-1]["budget"] == 2.5
    d = dealer(budget=5.0)
    join(d, "t0")
    d.start(10.0)
    back, out = join(d, "t0", 11.12345)
    assert to(out, back)[-1]["budget"] == 3.877
    d, _ = banked()
    d.start(100.0)
    early, out = join(d, "t0", 101.12345)
    act, clock = to(out, early)[-2:]
    assert (act["budget"], act["bank"], clock["budget"], clock["bank"]) == (3.877, 10.0,
                                                                            3.877, 10.0)
    late, out = join(d, "t0", 108.12345)
    act, clock = to(out, late)[-2:]
    assert (act["budget"], act["bank"], clock["budget"], clock["bank"]) == (0.0, 6.877,
                                                                            0.0, 6.877)
    spectator, out = watch(d, None, 108.12345)
    assert to(out, spectator)[-1] == {"type": "clock", "hand": 1, "seq": 1, "seat": 0,
                                      "budget": 0.0, "bank": 6.877}  # fmt: skip
    gone, out = join(d, "t0", 120.0)  # past the deadline: nothing left, never less
    act, clock = to(out, gone)[-2:]
    assert (act["budget"], act["bank"], clock["budget"], clock["bank"]) == (0.0, 0.0, 0.0, 0.0)


def test_a_player_back_mid_hand_gets_its_own_cards_and_view_and_the_hand_count() -> None:
    d = dealer()
    conns = [join(d, f"t{k}")[0] for k in range(2)]
    first = to(d.start(0.0), conns[0])
    hole = first[0]["hole"]
    back, out = join(d, "t0", 1.0)
    welcome, hand, state = to(out, back)[:3]
    assert welcome["max_hands"] == 3 and welcome["game"]["seat"] == 0
    assert hand["hole"] == hole != []
    assert state["view"]["seat"] == 0 and state["view"]["hole"] == hole


def test_a_match_nobody_watches_writes_no_line_for_spectators() -> None:
    d = dealer(hands=2)
    join(d, "t0")
    outs = [d.start(0.0)]
    while d.pending is not None:
        outs.append(d.expire(1.0))
    assert all(out.watch == [] for out in outs[:-1])
    assert [json.loads(line)["type"] for line in outs[-1].watch] == ["match_end"]


def test_the_bank_running_is_told_only_of_a_decision_with_a_bank() -> None:
    d, _ = banked()
    assert d.bank_running(50.0).messages == []  # nothing waits
    plain = dealer()
    plain.start(0.0)
    assert plain.pending is not None and plain.bank_running(100.0).messages == []


def test_a_timeout_is_kept_as_the_seats_fault_with_its_reason() -> None:
    d = dealer(budget=5.0)
    join(d, "t0")
    d.start(0.0)
    d.expire(5.0)
    fault = d.runner.faults[-1]
    assert (fault.hand, fault.seat, fault.kind.value, fault.detail) == (
        1, 0, "timeout", "no answer in 5 s (timeout)")


def test_a_match_of_local_seats_alone_ends_with_nothing_waiting() -> None:
    from pokerroom.players import CallingStation

    d = dealer(players={0: CallingStation(), 1: CallingStation()}, local_delay=1.0, hands=1)
    d.start(0.0)
    now = 0.0
    while d.pending is not None:
        assert d.pending.local
        now = d.pending.deadline
        d.expire(now)
    assert d.finished and d.pending is None and now > 0.0


def test_each_hand_is_reported_once_and_nothing_is_dealt_again_before_the_start() -> None:
    played: list[int] = []
    t = table(2, 2)
    d = JSONDealer(t, ["t0", "t1"], limits=LIMITS, on_hand=lambda: played.append(t.hand_number))
    assert d.resume(0.0).messages == [] and d.table.hand_number == 0
    join(d, "t0")
    d.start(0.0)
    while d.pending is not None:
        d.expire(1.0)
    assert played == [1, 2]


def test_the_banks_are_refilled_after_every_hand() -> None:
    d, conns = banked(start=4.0, hands=3)
    d.start(0.0)
    for k in range(2):  # two hands folded at once: 2 s back each time, no bank spent
        p = d.pending
        assert p is not None and p.hand == k + 1
        answer(d, conns[p.seat], 1.0, hand=p.hand, seq=p.seq, action="fold")
    assert d.bank is not None and d.bank.left == [8.0, 8.0]
