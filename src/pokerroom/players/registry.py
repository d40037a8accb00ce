"""The bots by name, and a user's own player loaded from ``file.py:Class`` or
``package.module:Class``.

>>> for name, cls in BOTS.items():
...     print(f"{name:16} {cls.description}")
random           picks uniformly among the legal actions, and a uniform bet size
calling-station  checks or calls every bet, never folds, never raises
rule-based       a starting-hand chart before the flop, then hand strength against pot odds
strong           equity against each opponent's likely hands, learned from its play; EV choices
cfr              heads-up limit and no limit from CFR strategies; elsewhere defers to strong
>>> make_player("calling-station")
CallingStation(seed=None)
>>> make_player("strongest")
Traceback (most recent call last):
...
pokerroom.players.registry.PlayerLoadError: no bot 'strongest' (bots: calling-station, cfr, ...
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import sys
from pathlib import Path

from pokerroom.players.base import Bot, Player
from pokerroom.players.cfr import CFRBot
from pokerroom.players.rulebased import RuleBased
from pokerroom.players.simple import CallingStation, RandomBot
from pokerroom.players.strong import Strong

__all__ = ["BOTS", "PlayerLoadError", "load_player_class", "make_player"]

BOTS: dict[str, type[Bot]] = {
    cls.name: cls for cls in (RandomBot, CallingStation, RuleBased, Strong, CFRBot)
}
"""The built-in bots by name; each class has a one-line ``description``."""


class PlayerLoadError(ValueError):
    """A player that cannot be found, imported or built; the message says which and why."""


def make_player(spec: str, *, seed: int | None = None) -> Player:
    """A bot by name (:data:`BOTS`) or a user's class (:func:`load_player_class`), built
    with ``seed`` when its constructor takes one."""
    if spec in BOTS:
        return BOTS[spec](seed=seed)
    if ":" not in spec:
        raise PlayerLoadError(
            f"no bot {spec!r} (bots: {', '.join(sorted(BOTS))}; or a class: "
            "path/to/file.py:MyBot, package.module:MyBot)"
        )
    cls = load_player_class(spec)
    try:
        params = inspect.signature(cls).parameters
    except (TypeError, ValueError):
        params = {}  # type: ignore[assignment]
    try:
        player: Player = cls(seed=seed) if "seed" in params else cls()
    except Exception as exc:
        raise PlayerLoadError(f"{spec}: building the player failed: "
                              f"{type(exc).__name__}: {exc}") from exc  # fmt: skip
    return player


def load_player_class(spec: str) -> type:
    """The class named by ``path/to/file.py:MyBot`` or ``package.module:MyBot``.

    It must have an ``act(view, budget)`` method (subclassing
    :class:`~pokerroom.players.Player` is the easy way).  A file is imported under a name
    of its own, so two files called ``bot.py`` do not clash."""
    where, sep, name = spec.rpartition(":")
    if not sep or not where or not name.isidentifier():
        raise PlayerLoadError(
            f"not a player class: {spec!r} (write path/to/file.py:MyBot or package.module:MyBot)"
        )
    if where.endswith(".py") or "/" in where or "\\" in where:
        module = _load_file(Path(where), spec)
    else:
        try:
            module = importlib.import_module(where)
        except ImportError as exc:
            raise PlayerLoadError(f"{spec}: cannot import module {where!r}: {exc}") from exc
        except Exception as exc:
            raise PlayerLoadError(f"{spec}: importing {where!r} failed: "
                                  f"{type(exc).__name__}: {exc}") from exc  # fmt: skip
    cls = getattr(module, name, None)
    if cls is None:
        found = sorted(
            n for n, v in vars(module).items()
            if inspect.isclass(v) and callable(getattr(v, "act", None))
            and v.__module__ == getattr(module, "__name__", None) and not inspect.isabstract(v)
        )  # fmt: skip
        hint = f" (player classes there: {', '.join(found)})" if found else ""
        raise PlayerLoadError(f"{spec}: {where} has no {name!r}{hint}")
    if not inspect.isclass(cls):
        raise PlayerLoadError(f"{spec}: {name!r} is not a class but {type(cls).__name__}")
    if not callable(getattr(cls, "act", None)):
        raise PlayerLoadError(f"{spec}: {name} has no act(view, budget) method")
    if inspect.isabstract(cls):
        missing = ", ".join(sorted(getattr(cls, "__abstractmethods__", ())))
        raise PlayerLoadError(f"{spec}: {name} does not define {missing}")
    return cls


def _load_file(path: Path, spec: str) -> object:
    if not path.is_file():
        raise PlayerLoadError(f"{spec}: no file {str(path)!r}")
    resolved = path.resolve()
    digest = hashlib.sha1(str(resolved).encode()).hexdigest()[:10]
    module_name = f"pokerroom_user_{path.stem}_{digest}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    loader_spec = importlib.util.spec_from_file_location(module_name, resolved)
    if loader_spec is None or loader_spec.loader is None:
        raise PlayerLoadError(f"{spec}: cannot load {str(path)!r} as Python")
    module = importlib.util.module_from_spec(loader_spec)
    sys.modules[module_name] = module
    try:
        loader_spec.loader.exec_module(module)
    except Exception as exc:
        del sys.modules[module_name]
        raise PlayerLoadError(f"{spec}: running {str(path)!r} failed: "
                              f"{type(exc).__name__}: {exc}") from exc  # fmt: skip
    return module
