"""MT19937, the Mersenne Twister of Matsumoto and Nishimura (1998), 32-bit outputs.

Seeded from the published algorithm.  It is here because the ACPC reference dealer
draws its cards with it, seeded by ``init_genrand(seed)`` (the same seeding as NumPy's
legacy ``RandomState(int)``); reproducing its deals exactly needs exactly this
generator and seeding, not Python's ``random.seed`` (which seeds differently).  The
outputs come from CPython's own Mersenne Twister (:class:`random.Random`, the same
generator written in C) put in the seeded state: ``getrandbits(32)`` is
``genrand_int32()``.

>>> MT19937(5489).genrand_int32()  # the reference implementation's first output
3499211612
"""

from __future__ import annotations

import random
from typing import Final

__all__ = ["MT19937"]

_N: Final = 624
_MASK: Final = 0xFFFFFFFF


class MT19937:
    """The generator state; ``genrand_int32()`` gives the next 32-bit output."""

    __slots__ = ("_random",)

    def __init__(self, seed: int) -> None:
        """``init_genrand(seed)``: the seed is taken modulo 2**32."""
        mt = [0] * _N
        mt[0] = seed & _MASK
        for i in range(1, _N):
            prev = mt[i - 1]
            mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & _MASK
        self._random = random.Random()
        # random's state: version 3, the 624 words and the position (all used: the
        # next output twists first, as init_genrand leaves it), no cached gaussian
        self._random.setstate((3, (*mt, _N), None))

    def genrand_int32(self) -> int:
        return self._random.getrandbits(32)

    def __repr__(self) -> str:
        return "<MT19937>"
