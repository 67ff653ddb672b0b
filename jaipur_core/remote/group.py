"""The group a game at a distance encrypts its cards in: an interface, and where the real one is.

The protocol (deck.py, round.py) is pure Python over this interface: a cyclic group of prime
order whose elements ("points") and exponents ("scalars") are 32-byte strings. The real group
is libsodium's Ed25519 prime-order group (sodium.py, PyNaCl; in the page libsodium-wrappers-sumo
through Pyodide's bridge): no curve arithmetic is written here. Commutative encryption is
scalar multiplication: a * (b * P) == b * (a * P), and the key `s` is removed with its inverse.
"""

from __future__ import annotations

import importlib
from typing import Protocol

POINT_BYTES = 32
SCALAR_BYTES = 32
#: Bytes `point_from_uniform` and `scalar_from_wide` take.
UNIFORM_BYTES = 32
WIDE_BYTES = 64
#: The name every history and save records its group by; only this one is real.
SODIUM_GROUP = "ed25519"


class GroupError(ValueError):
    """An operation the group refuses: a point not in the group, a product that is the identity."""


class Group(Protocol):
    """A prime-order group for commutative encryption (libsodium's names in brackets)."""

    name: str

    def __hash__(self) -> int:  # a group is a key of the caches of card points and keys
        ...

    def point_from_uniform(self, data: bytes) -> bytes:
        """The point `data` (32 uniform bytes, e.g. a hash) maps to (crypto_core_ed25519_from_uniform)."""
        ...

    def scalar_from_wide(self, data: bytes) -> bytes:
        """64 bytes reduced to a scalar modulo the group's order (crypto_core_ed25519_scalar_reduce)."""
        ...

    def mult(self, scalar: bytes, point: bytes) -> bytes:
        """scalar * point (crypto_scalarmult_ed25519_noclamp); GroupError if the point is not
        valid or the product is the identity."""
        ...

    def scalar_mul(self, a: bytes, b: bytes) -> bytes:
        """a * b modulo the order (crypto_core_ed25519_scalar_mul)."""
        ...

    def invert(self, scalar: bytes) -> bytes:
        """1 / scalar modulo the order (crypto_core_ed25519_scalar_invert); GroupError for 0."""
        ...

    def is_valid_point(self, point: bytes) -> bool:
        """Whether `point` is an element of the prime-order group, canonically encoded, not the
        identity (crypto_core_ed25519_is_valid_point)."""
        ...


def sodium_group() -> Group:
    """libsodium's Ed25519 group through PyNaCl. The binding is imported here, lazily: the rest of
    the package is standard library only, and the page has its own binding. A RemoteError (code
    "no-sodium") when PyNaCl is not installed."""
    from .errors import refuse
    try:
        module = importlib.import_module("jaipur_core.remote.sodium")
    except ImportError:
        raise refuse("no-sodium") from None
    return module.SodiumGroup()


def group_named(name: str) -> Group:
    """The group a history or save names; RemoteError (code "group") for any other than ed25519."""
    from .errors import refuse
    if name != SODIUM_GROUP:
        raise refuse("group", f"this game was played with the group {name!r}, not {SODIUM_GROUP!r}")
    return sodium_group()
