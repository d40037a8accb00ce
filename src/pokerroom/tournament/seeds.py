"""Seeds for the games of a run, derived from the run's seed and where they are used.

Every game, match and bot of a run gets its own seed, computed from the run's seed and
a path naming it (``derive(1, "game", 17)``, ``derive(1, "game", 17, "seat", 3)``): the
same on every machine, Python version and process, whatever order the games are
played in and however many workers play them.  So a run's results depend on its seed
and settings only, never on the executor.

>>> derive(1, "game", 0) == derive(1, "game", 0)
True
>>> derive(1, "game", 0) != derive(1, "game", 1) != derive(2, "game", 0)
True
>>> derive(1, "game", 0)
5675443439702011428
"""

from __future__ import annotations

import hashlib

__all__ = ["derive"]


def derive(seed: int, *path: int | str) -> int:
    """A 63-bit seed for ``path`` under the run seed ``seed`` (BLAKE2b of both, so
    nearby seeds and paths give unrelated numbers; 63 bits fit SQLite's integers)."""
    parts = [str(seed), *(f"{type(p).__name__[0]}{p}" for p in path)]
    digest = hashlib.blake2b("/".join(parts).encode(), digest_size=8,
                             person=b"pokerroom-seed").digest()  # fmt: skip
    return int.from_bytes(digest, "big") >> 1
