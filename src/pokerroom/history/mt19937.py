"""MT19937, the Mersenne Twister of Matsumoto and Nishimura (1998), 32-bit outputs.

Written from the published algorithm.  It is here because the ACPC reference dealer
draws its cards with it, seeded by ``init_genrand(seed)`` (the same seeding as NumPy's
legacy ``RandomState(int)``); reproducing its deals exactly needs exactly this
generator, not Python's ``random`` (which seeds differently).

>>> MT19937(5489).genrand_int32()  # the reference implementation's first output
3499211612
"""

from __future__ import annotations

from typing import Final

__all__ = ["MT19937"]

_N: Final = 624
_M: Final = 397
_MATRIX_A: Final = 0x9908B0DF
_UPPER: Final = 0x80000000
_LOWER: Final = 0x7FFFFFFF
_MASK: Final = 0xFFFFFFFF


class MT19937:
    """The generator state; ``genrand_int32()`` gives the next 32-bit output."""

    __slots__ = ("_i", "_mt")

    def __init__(self, seed: int) -> None:
        """``init_genrand(seed)``: the seed is taken modulo 2**32."""
        mt = [0] * _N
        mt[0] = seed & _MASK
        for i in range(1, _N):
            prev = mt[i - 1]
            mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & _MASK
        self._mt = mt
        self._i = _N

    def _twist(self) -> None:
        mt = self._mt
        for k in range(_N):
            y = (mt[k] & _UPPER) | (mt[(k + 1) % _N] & _LOWER)
            mt[k] = mt[(k + _M) % _N] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
        self._i = 0

    def genrand_int32(self) -> int:
        if self._i >= _N:
            self._twist()
        y = self._mt[self._i]
        self._i += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y

    def __repr__(self) -> str:
        return f"<MT19937 at output {self._i} of the current block>"
