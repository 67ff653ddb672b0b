"""libsodium's Ed25519 group through PyNaCl: the command line's and the tests' binding of group.Group.

This is the one module of jaipur_core that imports outside the standard library (PyNaCl, the
`remote` extra); only group.sodium_group imports it, lazily (tests/test_stdlib_only.py names
it). Each method is one libsodium call; failures become GroupError.
"""

from __future__ import annotations

from nacl import bindings
from nacl.exceptions import CryptoError

from .group import POINT_BYTES, SCALAR_BYTES, SODIUM_GROUP, UNIFORM_BYTES, WIDE_BYTES, GroupError

_ZERO = bytes(SCALAR_BYTES)


class SodiumGroup:
    """The Ed25519 prime-order group (order 2^252 + 27742317777372353535851937790883648493)."""

    name = SODIUM_GROUP

    def point_from_uniform(self, data: bytes) -> bytes:
        if len(data) != UNIFORM_BYTES:
            raise GroupError(f"point_from_uniform takes {UNIFORM_BYTES} bytes, not {len(data)}")
        return bindings.crypto_core_ed25519_from_uniform(data)

    def scalar_from_wide(self, data: bytes) -> bytes:
        if len(data) != WIDE_BYTES:
            raise GroupError(f"scalar_from_wide takes {WIDE_BYTES} bytes, not {len(data)}")
        return bindings.crypto_core_ed25519_scalar_reduce(data)

    def mult(self, scalar: bytes, point: bytes) -> bytes:
        if len(point) != POINT_BYTES or len(scalar) != SCALAR_BYTES:
            raise GroupError("a point and a scalar are 32 bytes each")
        try:
            return bindings.crypto_scalarmult_ed25519_noclamp(scalar, point)
        except CryptoError:  # not a valid point, or the product is the identity
            raise GroupError("scalar multiplication refused") from None

    def scalar_mul(self, a: bytes, b: bytes) -> bytes:
        return bindings.crypto_core_ed25519_scalar_mul(a, b)

    def invert(self, scalar: bytes) -> bytes:
        if scalar == _ZERO:
            raise GroupError("0 has no inverse")
        try:
            return bindings.crypto_core_ed25519_scalar_invert(scalar)
        except CryptoError:
            raise GroupError("0 has no inverse") from None

    def is_valid_point(self, point: bytes) -> bool:
        return len(point) == POINT_BYTES and bindings.crypto_core_ed25519_is_valid_point(point)
