"""People in the room: names, sessions and the chips each one holds.

A name is 1 to 20 characters (letters, digits, space, ``_``, ``-``, ``.``), no space at
either end, unique in the room whatever its case.  A session is a random secret kept
in a cookie; the room keeps only its SHA-256 digest, so a copy of the database gives
nobody a way in.

>>> name_problem("Ann B."), name_problem(" ann")
(None, 'a name must not start or end with a space')
>>> print(name_problem("<b>"))
a name is 1 to 20 letters, digits, spaces or _-. (not '<b>')
>>> key("Ann") == key("aNN")
True
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

__all__ = ["NAME_CHARS", "Person", "digest", "key", "name_problem", "new_secret", "same"]

NAME_CHARS = 20
_NAME = re.compile(r"[A-Za-z0-9 _.\-]{1,20}")


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a person's name (``None``: it can)."""
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        shown = repr(name)[:40]
        return f"a name is 1 to {NAME_CHARS} letters, digits, spaces or _-. (not {shown})"
    if name != name.strip():
        return "a name must not start or end with a space"
    return None


def key(name: str) -> str:
    """The name as the room compares it (two names that differ only in case clash)."""
    return name.casefold()


def new_secret() -> str:
    """A random secret (a session, an operator's or a seat's token): 32 URL-safe
    characters, 192 bits."""
    return secrets.token_urlsafe(24)


def digest(secret: str) -> str:
    """What the room keeps of a secret: its SHA-256, in hex."""
    return hashlib.sha256(secret.encode()).hexdigest()


def same(a: str, b: str) -> bool:
    """Whether two secrets (or digests) are equal, in a time that says nothing."""
    return hmac.compare_digest(a.encode(), b.encode())


@dataclass(slots=True)
class Person:
    """One person: the name as given, the chips in their balance, their session's
    digest, and what the operator decided (muted in chat, removed from the room)."""

    name: str
    balance: int
    session: str
    muted: bool = False
    removed: bool = False

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "balance": self.balance, "session": self.session,
                "muted": self.muted, "removed": self.removed}  # fmt: skip

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Person:
        name, balance, session = data["name"], data["balance"], data["session"]
        assert isinstance(name, str) and isinstance(balance, int) and isinstance(session, str)
        return cls(name, balance, session, bool(data.get("muted")), bool(data.get("removed")))
