"""What a player remembers, as plain data: the optional part of the player protocol that
lets a saved game play on exactly as if it had never stopped.

A player whose decisions depend on more than the view in front of it (a random source,
what it has learned of its opponents, what it has read of the hand in play) defines two
more methods::

    def save_state(self) -> dict[str, Any]: ...
    def restore_state(self, state: Mapping[str, Any]) -> None: ...

``save_state`` returns JSON data only (mappings with text keys, lists, text, whole
numbers, finite floats, true/false, null): everything the player will ever decide or
learn from, and nothing it can work out again.  ``restore_state`` takes what
``save_state`` gave (of a player built the same way: the same class and options) and puts
the player in exactly that state: from then on it decides, draws random numbers and
learns as the saved player would have.  It reads everything before it changes anything,
and refuses a state it cannot take with a :class:`StateError` naming the problem (the
player unchanged).  A player without the two methods is taken to remember nothing.

:meth:`Runner.save <pokerroom.players.Runner.save>` keeps each player's state with the
table's and what the players have been told, under one checksum
(:mod:`pokerroom.players.saved`); the built-in bots implement both methods, each state
naming its bot and the version of its layout (a state of another version is refused).

No state is ever read with :mod:`pickle` or anything that runs code: every value comes
back through a check of its type and range, and arrays of floats travel as the bytes of
little-endian IEEE doubles (base64 of zlib), decompressed to their known size at most.

>>> import random
>>> rng = random.Random(5)
>>> again = random_from(json.loads(json.dumps(random_state(rng))), "rng")
>>> again.random() == rng.random()
True
>>> random_from([3, [1, 2], None], "rng")
Traceback (most recent call last):
...
pokerroom.players.state.StateError: rng: not the state of a random.Random (3, 625 numbers, ...)
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import random
import zlib
from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

__all__ = [
    "STATE_METHODS",
    "StateError",
    "Stateful",
    "flag",
    "floats_from",
    "floats_state",
    "generator_from",
    "generator_state",
    "items",
    "need",
    "number",
    "plain",
    "random_from",
    "random_state",
    "whole",
    "wholes",
]

STATE_METHODS = ("save_state", "restore_state")
"""The two optional methods, by name (a wrapper of a player passes them on)."""

F64s = npt.NDArray[np.float64]


class StateError(ValueError):
    """A player's saved state that it cannot take: of another player or version, damaged,
    or impossible.  The player is unchanged."""


@runtime_checkable
class Stateful(Protocol):
    """A player that can be saved and restored exactly (see the module)."""

    def save_state(self) -> dict[str, Any]: ...

    def restore_state(self, state: Mapping[str, Any]) -> None: ...


# ----------------------------------------------------------------- reading values


def need(state: Any, key: str, what: str = "the state") -> Any:
    """``state[key]`` of a mapping, or :class:`StateError`."""
    if not isinstance(state, Mapping):
        raise StateError(f"{what}: a mapping, not {type(state).__name__}")
    if key not in state:
        raise StateError(f"{what}: missing {key!r}")
    return state[key]


def whole(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number (not a bool) from ``low`` to ``high`` (inclusive, None: no bound)."""
    if type(value) is not int:
        raise StateError(f"{what} is {_short(value)}: a whole number")
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"from {low} to {high}" if high is not None else f"{low} or more"
        raise StateError(f"{what} is {value}: a whole number {bounds}")
    return value


def wholes(value: Any, what: str, low: int | None = None, high: int | None = None,
           n: int | None = None) -> list[int]:  # fmt: skip
    """A list of whole numbers (``n`` of them, if given), each from ``low`` to ``high``."""
    values = items(value, what, n)
    return [whole(v, f"{what}[{i}]", low, high) for i, v in enumerate(values)]


def flag(value: Any, what: str) -> bool:
    if type(value) is not bool:
        raise StateError(f"{what} is {_short(value)}: true or false")
    return value


def number(value: Any, what: str, low: float | None = None) -> float:
    """A finite number (ints taken as floats), ``low`` or more if given."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise StateError(f"{what} is {_short(value)}: a finite number")
    if low is not None and value < low:
        raise StateError(f"{what} is {value}: {low} or more")
    return float(value)


def items(value: Any, what: str, n: int | None = None) -> list[Any]:
    """A list (of ``n`` entries, if given)."""
    if not isinstance(value, list):
        raise StateError(f"{what}: a list, not {type(value).__name__}")
    if n is not None and len(value) != n:
        raise StateError(f"{what}: {n} entries, not {len(value)}")
    return value


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# --------------------------------------------------------------- random sources


def random_state(rng: random.Random) -> list[Any]:
    """A :class:`random.Random`'s state as JSON data: ``[version, [625 numbers], gauss]``.
    A system random source has no state to save: :class:`StateError`."""
    try:
        version, internal, gauss = rng.getstate()
    except NotImplementedError:
        raise StateError("a system random source cannot be saved (its future is unknown)") from None
    return [version, list(internal), gauss]


def random_from(data: Any, what: str) -> random.Random:
    """The :class:`random.Random` :func:`random_state` described."""
    bad = StateError(f"{what}: not the state of a random.Random (3, 625 numbers, null or a float)")
    if not isinstance(data, list) or len(data) != 3 or data[0] != 3 or type(data[0]) is not int:
        raise bad
    internal, gauss = data[1], data[2]
    if not isinstance(internal, list) or len(internal) != 625:
        raise bad
    if not all(type(v) is int and 0 <= v < 1 << 32 for v in internal) or internal[-1] > 624:
        raise bad
    if gauss is not None and (type(gauss) is not float or not math.isfinite(gauss)):
        raise bad
    out = random.Random()
    try:
        out.setstate((3, tuple(internal), gauss))
    except (TypeError, ValueError, OverflowError):
        raise bad from None
    return out


_PCG64 = "PCG64"


def generator_state(rng: np.random.Generator) -> dict[str, Any]:
    """A NumPy generator's state as JSON data (PCG64, what ``default_rng`` makes)."""
    state = rng.bit_generator.state
    if state.get("bit_generator") != _PCG64:
        raise StateError(f"a {state.get('bit_generator')} generator cannot be saved (PCG64 only)")
    inner = state["state"]
    return {"bit_generator": _PCG64, "state": int(inner["state"]), "inc": int(inner["inc"]),
            "has_uint32": int(state["has_uint32"]), "uinteger": int(state["uinteger"])}  # fmt: skip


def generator_from(data: Any, what: str) -> np.random.Generator:
    """The NumPy generator :func:`generator_state` described."""
    if need(data, "bit_generator", what) != _PCG64:
        raise StateError(f"{what}: a PCG64 generator's state")
    state: dict[str, Any] = {
        "bit_generator": _PCG64,
        "state": {"state": whole(need(data, "state", what), f"{what}.state", 0, (1 << 128) - 1),
                  "inc": whole(need(data, "inc", what), f"{what}.inc", 0, (1 << 128) - 1)},
        "has_uint32": whole(need(data, "has_uint32", what), f"{what}.has_uint32", 0, 1),
        "uinteger": whole(need(data, "uinteger", what), f"{what}.uinteger", 0, (1 << 32) - 1),
    }  # fmt: skip
    bits = np.random.PCG64()
    try:
        bits.state = state  # type: ignore[assignment]
    except (TypeError, ValueError, OverflowError):
        raise StateError(f"{what}: not a PCG64 generator's state") from None
    return np.random.Generator(bits)


# ----------------------------------------------------------------------- arrays


def floats_state(values: npt.ArrayLike) -> str:
    """Floats as text: base64 of the zlib of their little-endian doubles (exact)."""
    raw = np.ascontiguousarray(values, dtype="<f8").tobytes()
    return base64.b64encode(zlib.compress(raw, 6)).decode("ascii")


def floats_from(text: Any, shape: tuple[int, ...], what: str) -> F64s:
    """The finite floats :func:`floats_state` wrote, as a new array of ``shape``."""
    if not isinstance(text, str):
        raise StateError(f"{what}: floats as base64 text, not {type(text).__name__}")
    size = 8 * math.prod(shape)
    try:
        packed = base64.b64decode(text.encode("ascii"), validate=True)
        inflate = zlib.decompressobj()
        raw = inflate.decompress(packed, size + 1)
    except (binascii.Error, UnicodeEncodeError, zlib.error, ValueError):
        raise StateError(f"{what}: not floats written by pokerroom") from None
    if len(raw) != size or not inflate.eof or inflate.unconsumed_tail:
        raise StateError(f"{what}: {size // 8} floats were expected")
    out: F64s = np.frombuffer(raw, dtype="<f8").astype(np.float64).reshape(shape)
    if not np.isfinite(out).all():
        raise StateError(f"{what}: the floats are not all finite")
    return out


def plain(data: Any, what: str) -> None:
    """Refuse anything that is not JSON data (a bot's own ``save_state`` made it)."""
    try:
        json.dumps(data, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise StateError(f"{what} is not plain JSON data: {exc}") from None
