"""A game with its players, saved as plain data and restored exactly or not at all.

:meth:`Runner.save <pokerroom.players.Runner.save>` gives a JSON-able mapping:

* ``format`` (``"pokerroom-game"``), ``version`` (:data:`VERSION`) and ``checksum``,
  as in :mod:`pokerroom.table.saved` (``sha256:`` of the canonical JSON of the rest, or
  ``hmac-sha256:`` with a key);
* ``table``: :meth:`Table.save <pokerroom.table.Table.save>` (the cards, the stacks, the
  table's random source, the levels and the time played);
* ``players``: per seat, null for a seat played from outside, else ``{"name": ...,
  "state": ...}``: the player's name and its ``save_state()`` (null for a player that
  keeps none; :mod:`pokerroom.players.state`);
* ``told``: what the players have been told (:class:`~pokerroom.players.runstate.Told`:
  ``started``, ``hand``, ``closed``, ``events``, ``finished``), so that the restored
  runner tells them exactly what they have not heard, no more and no less;
* ``faults``: the faults so far (``[hand, seat, player, kind, where, detail, action]``).

:func:`restore` checks the format, the version and the checksum, restores the table, then
gives each player its state: the players must be built as the saved ones were (the same
bot in each seat, None where a seat was played from outside).  Anything wrong raises
:class:`~pokerroom.table.SaveError` naming it, no runner is returned and the players are
as they were (those given their states before one refused its own get theirs back).

Every source of randomness and every memory a game depends on is in the save: the
deck's generator (the table's), each bot's generators and what it learned and read, the
blind level and the time played.  Restored, the game plays on decision for decision as
it would have if it had never stopped:

>>> import json, random
>>> from pokerroom.players import Runner, make_player
>>> from pokerroom.rules import Rules
>>> from pokerroom.table import Table
>>> names = ("strong", "random", "rule-based")
>>> table = Table(Rules.preset("no-limit", buy_in=200), 3, rng=random.Random(4))
>>> first = Runner(table, [make_player(name, seed=k) for k, name in enumerate(names)])
>>> _ = first.play(hands=3)
>>> data = json.loads(json.dumps(first.save()))
>>> whole = first.play(hands=5)
>>> again = Runner.restore(data, [make_player(name) for name in names])
>>> again.play(hands=5) == whole
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from pokerroom.engine import Action
from pokerroom.players.base import hook
from pokerroom.players.runstate import Fault, FaultKind, Told
from pokerroom.players.state import STATE_METHODS, StateError, plain
from pokerroom.table import SaveError, Table
from pokerroom.table.saved import FORMAT as TABLE_FORMAT
from pokerroom.table.saved import check, checksum

if TYPE_CHECKING:
    from pokerroom.players.base import Player
    from pokerroom.players.runner import Runner

__all__ = ["FORMAT", "VERSION", "player_state", "restore", "save"]

FORMAT = "pokerroom-game"
VERSION = 1


def _name(player: object) -> str:
    return str(getattr(player, "name", type(player).__name__))


def player_state(player: object) -> dict[str, Any] | None:
    """A seat's entry in a save: None for a seat played from outside, else the player's
    name and its ``save_state()`` (None if it keeps none)."""
    if player is None:
        return None
    save_state = getattr(player, STATE_METHODS[0], None)
    state = save_state() if callable(save_state) else None
    if state is not None:
        if not isinstance(state, dict):
            what = type(state).__name__
            raise SaveError(f"{_name(player)}: save_state() gave {what}, not a dict")
        try:
            plain(state, f"{_name(player)}'s state")
        except StateError as exc:
            raise SaveError(str(exc)) from None
    return {"name": _name(player), "state": state}


def save(runner: Runner, *, key: bytes | None = None) -> dict[str, Any]:
    """The game ``runner`` plays, as plain data (see the module doc)."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "table": runner.table.save(key=key),
        "players": [player_state(p) for p in runner.players],
        "told": runner.told._asdict(),
        "faults": [[f.hand, f.seat, f.player, f.kind.value, f.where, f.detail,
                    None if f.action is None else str(f.action)] for f in runner.faults],
    }  # fmt: skip
    data["checksum"] = checksum(data, key)
    return data


def restore(
    data: Any,
    players: Sequence[Player | None],
    *,
    runner_class: type[Runner],
    key: bytes | None = None,
    rng: random.Random | None = None,
    clock: Callable[[], float] | None = None,
    budget: float = 10.0,
    on_fault: Callable[[Fault], None] | None = None,
    table_clock: Callable[[], float] | None = None,
) -> Runner:
    """The runner ``data`` describes (a ``runner_class``, which :meth:`Runner.restore
    <pokerroom.players.Runner.restore>` passes), with ``players`` given their saved
    states, or :class:`SaveError`.  ``rng`` and ``table_clock`` go to
    :meth:`Table.restore <pokerroom.table.Table.restore>` (its ``rng`` and ``clock``);
    ``clock``, ``budget`` and ``on_fault`` to the :class:`Runner`."""
    if isinstance(data, dict) and data.get("format") == TABLE_FORMAT:
        raise SaveError("this is a table's save without its players: restore it with Table.restore")
    check(data, FORMAT, VERSION, key)
    try:
        table = Table.restore(data["table"], key=key, rng=rng, clock=table_clock)
        told = _told(data["told"], table)
        faults = [_fault(f) for f in data["faults"]]
        entries = data["players"]
    except KeyError as exc:
        raise SaveError(f"the saved game is not valid: missing field {exc.args[0]!r}") from None
    except TypeError as exc:
        raise SaveError(f"the saved game is not valid: {exc}") from None
    if not isinstance(entries, list) or len(entries) != table.size:
        raise SaveError(f"the saved game is not valid: players: one entry per seat ({table.size})")
    if len(players) != table.size:
        raise SaveError(f"the saved game has {table.size} seats; {len(players)} players were given")
    for seat, (entry, player) in enumerate(zip(entries, players, strict=True)):
        _check_seat(seat, entry, player)
    _give_states(entries, players)
    runner = runner_class(table, players, clock=clock, budget=budget, on_fault=on_fault,
                          told=told)  # fmt: skip
    runner.faults.extend(faults)
    return runner


def _give_states(entries: list[Any], players: Sequence[Player | None]) -> None:
    """Give each player its saved state, or none of them: a player that refuses its
    state has changed nothing, and those given theirs before it get back their own."""
    done: list[tuple[Any, dict[str, Any]]] = []
    for seat, (entry, player) in enumerate(zip(entries, players, strict=True)):
        if entry is None or entry["state"] is None:
            continue
        save_state = getattr(player, STATE_METHODS[0], None)
        before = save_state() if callable(save_state) else None
        try:
            player.restore_state(entry["state"])  # type: ignore[union-attr]
        except StateError as exc:
            for given, state in reversed(done):
                given.restore_state(state)
            raise SaveError(f"seat {seat} ({entry['name']}) cannot take its saved state: "
                            f"{exc}") from None  # fmt: skip
        if before is not None:
            done.append((player, before))


def _check_seat(seat: int, entry: Any, player: object) -> None:
    """The saved seat ``entry`` can be given to ``player`` (nothing is changed)."""
    if entry is None:
        if player is not None:
            raise SaveError(f"seat {seat} was played from outside (give None), not by "
                            f"{_name(player)!r}")  # fmt: skip
        return
    if not isinstance(entry, dict) or set(entry) != {"name", "state"}:
        raise SaveError(f"the saved game is not valid: seat {seat}: {{name, state}}")
    if player is None:
        raise SaveError(f"seat {seat} was played by {entry['name']!r}; give that player, not None")
    if entry["name"] != _name(player):
        raise SaveError(f"seat {seat} was played by {entry['name']!r}, not {_name(player)!r}")
    if entry["state"] is not None:
        if not isinstance(entry["state"], dict):
            raise SaveError(f"the saved game is not valid: seat {seat}'s state is not a mapping")
        if hook(player, STATE_METHODS[1]) is None:
            raise SaveError(f"seat {seat} ({entry['name']}) has a saved state, but this "
                            f"player has no restore_state to take it")  # fmt: skip


def _told(data: Any, table: Table) -> Told:
    if not isinstance(data, dict) or set(data) != set(Told._fields):
        raise SaveError(f"the saved game is not valid: told: {{{', '.join(Told._fields)}}}")
    told = Told(**data)
    flags = (told.started, told.closed, told.finished)
    if not all(type(v) is bool for v in flags) or not all(
        type(v) is int for v in (told.hand, told.events)
    ):
        raise SaveError(f"the saved game is not valid: told: {data!r}")
    if not (0 <= told.hand <= table.hand_number and told.events >= 0):
        raise SaveError(f"the saved game is not valid: told of hand {told.hand}, of events "
                        f"{told.events}; the table is at hand {table.hand_number}")  # fmt: skip
    if told.hand == table.hand_number and told.events > len(table.public_events()):
        raise SaveError("the saved game is not valid: told of events the hand does not have")
    if told.finished and not (told.started and table.is_over):
        raise SaveError("the saved game is not valid: told of an end the game has not had")
    return told


def _fault(item: Any) -> Fault:
    if not isinstance(item, list) or len(item) != 7:
        raise SaveError(f"the saved game is not valid: a fault {item!r}")
    hand, seat, player, kind, where, detail, action = item
    if not (type(hand) is int and type(seat) is int and isinstance(player, str)
            and isinstance(where, str) and isinstance(detail, str)):  # fmt: skip
        raise SaveError(f"the saved game is not valid: a fault {item!r}")
    try:
        return Fault(hand, seat, player, FaultKind(kind), where, detail,
                     None if action is None else Action.parse(action))  # fmt: skip
    except ValueError as exc:
        raise SaveError(f"the saved game is not valid: a fault: {exc}") from None
