"""Where the solver's tables live: shipped with the package, or built once and cached.

The card features (:func:`~pokerroom.solver.features.build_features`, a few minutes)
and the bucket tables of each size are cached under the user's cache directory
(``platformdirs.user_cache_dir("pokerroom")/solver``, or ``$POKERROOM_CACHE``); the
bucket tables of the default sizes and the strategies of the two heads-up fixed-limit
presets ship in the package (``pokerroom/solver/data``), so playing needs no build.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path

import numpy as np

from pokerroom.solver.abstraction import CardAbstraction, from_features
from pokerroom.solver.features import Features, build_features
from pokerroom.solver.strategy import abstraction_arrays, read_abstraction

__all__ = [
    "DEFAULT_BUCKETS",
    "SHIPPED",
    "abstraction_for",
    "cache_dir",
    "data_dir",
    "features",
    "shipped_strategy",
]

DEFAULT_BUCKETS = (169, 32, 32, 32)
SHIPPED = ("casino-limit", "computer-tournament")
SHOWDOWN_SEED = 14
_FEATURES = "features-1.npz"
Progress = Callable[[str, int, int], None]


def data_dir() -> Path:
    """The solver's package data."""
    return Path(__file__).resolve().parent / "data"


def cache_dir() -> Path:
    """The user's cache for solver tables."""
    env = os.environ.get("POKERROOM_CACHE")
    if env:
        return Path(env) / "solver"
    import platformdirs

    return Path(platformdirs.user_cache_dir("pokerroom")) / "solver"


def shipped_strategy(preset: str) -> Path:
    """The shipped strategy file of a preset (``casino-limit``, ``computer-tournament``)."""
    return data_dir() / f"{preset}.npz"


def _write(path: Path, arrays: dict[str, object]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    np.savez_compressed(buffer, **arrays)  # type: ignore[arg-type]
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(buffer.getvalue())
    tmp.replace(path)  # atomic: a reader never sees half a file


def features(progress: Progress | None = None) -> Features:
    """The card features: from the cache, else built (minutes) and cached."""
    path = cache_dir() / _FEATURES
    if path.is_file():
        with np.load(path, allow_pickle=False) as data:
            return Features(**{k: data[k] for k in data.files})
    built = build_features(progress)
    _write(path, {
        "preflop": built.preflop, "flop_keys": built.flop_keys,
        "flop_levels": built.flop_levels, "preflop_flop": built.preflop_flop,
        "flop_turn": built.flop_turn, "turn_river": built.turn_river,
    })  # fmt: skip
    return built


def _buckets_name(sizes: tuple[int, int, int, int]) -> str:
    return f"buckets-{'-'.join(map(str, sizes))}.npz"


def abstraction_for(
    sizes: tuple[int, int, int, int], progress: Progress | None = None
) -> CardAbstraction:
    """The bucket tables of ``sizes``: shipped, cached, or cut from the features (and
    cached)."""
    name = _buckets_name(sizes)
    for folder in (data_dir(), cache_dir()):
        path = folder / name
        if path.is_file():
            with np.load(path, allow_pickle=False) as data:
                return read_abstraction({k: data[k] for k in data.files})
    made = from_features(features(progress), sizes, np.random.default_rng(SHOWDOWN_SEED))
    _write(cache_dir() / name, abstraction_arrays(made))
    return made
