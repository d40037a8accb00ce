"""Your settings and the last choices of the new-game form, kept between runs.

They live in ``settings.toml`` in the data directory.  A missing file means the
defaults; a file that cannot be read is set aside (never a reason not to start) and
the defaults are used, with a note saying so.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "settings.toml"
>>> prefs = Prefs.load(path)
>>> prefs.speed, prefs.hints, prefs.confirm_all_in, prefs.bell
('normal', False, True, False)
>>> prefs.speed = "fast"; prefs.save()
>>> Prefs.load(path).speed
'fast'
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

__all__ = ["SPEEDS", "Prefs"]

SPEEDS = {"instant": 0.0, "fast": 0.35, "normal": 0.9, "slow": 1.8}
"""How long a computer player's action stays on screen before the next one (seconds)."""


@dataclass
class Prefs:
    """Settings (bot speed, hints, whether going all-in from one key asks first, a bell
    on your turn) and the new-game form's last choices."""

    path: Path
    speed: str = "normal"
    hints: bool = False
    confirm_all_in: bool = True
    bell: bool = False
    new_game: dict[str, Any] = field(default_factory=dict)
    note: str = ""

    @property
    def delay(self) -> float:
        return SPEEDS.get(self.speed, SPEEDS["normal"])

    @classmethod
    def load(cls, path: Path) -> Prefs:
        prefs = cls(path)
        if not path.exists():
            return prefs
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            settings = data.get("settings", {})
            speed = settings.get("speed", prefs.speed)
            if isinstance(speed, str) and speed in SPEEDS:  # (a list or table: not a speed)
                prefs.speed = speed
            for name in ("hints", "confirm_all_in", "bell"):
                value = settings.get(name)
                if isinstance(value, bool):  # (anything else, even "no" or 0: the default)
                    setattr(prefs, name, value)
            form = data.get("new_game", {})
            prefs.new_game = dict(form) if isinstance(form, dict) else {}
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, AttributeError) as exc:
            prefs.note = f"{path} could not be read ({exc}); using the default settings"
        return prefs

    def save(self) -> None:
        settings = {"speed": self.speed, "hints": self.hints,
                    "confirm_all_in": self.confirm_all_in, "bell": self.bell}  # fmt: skip
        data = {"settings": settings, "new_game": self.new_game}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(tomli_w.dumps(_plain(data)), encoding="utf-8")
        except OSError as exc:
            self.note = f"settings not saved: {exc}"


def _plain(value: Any) -> Any:
    """TOML has no null: drop ``None`` values."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
