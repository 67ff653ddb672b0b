"""Test doubles for games at a distance: a toy group, fast and deterministic, for property tests only.

ToyGroupForTests is the quadratic residues modulo a 63-bit safe prime p = 2q + 1: a cyclic
group of prime order q with the interface of jaipur_core.remote.group.Group, its elements and
scalars written as 32 little-endian bytes. It is NOT secure (discrete logarithms modulo a
63-bit prime are easy): it exists so that hundreds of whole games play in seconds. Games with
the real group (libsodium through PyNaCl) are played by tests/test_remote_sodium.py.
"""

from __future__ import annotations

import random

from jaipur_core.remote.group import GroupError
from jaipur_core.remote.side import RemoteGame

Q = 4611686018427385619
P = 2 * Q + 1  # 9223372036854771239, a safe prime


def _int(data: bytes) -> int:
    return int.from_bytes(data, "little")


def _bytes(value: int) -> bytes:
    return value.to_bytes(32, "little")


class ToyGroupForTests:
    """The quadratic residues modulo P (order Q): a test double of the Ed25519 group."""

    name = "toy-modp-tests-only"

    def point_from_uniform(self, data: bytes) -> bytes:
        x = _int(data) % P
        square = x * x % P
        return _bytes(square if square > 1 else 4)

    def scalar_from_wide(self, data: bytes) -> bytes:
        return _bytes(_int(data) % Q)

    def mult(self, scalar: bytes, point: bytes) -> bytes:
        # Like libsodium's noclamp multiplication, only the encoding is checked here (is_valid_point
        # is the full check, which a receiver makes of every point it is sent).
        value = _int(point)
        if len(point) != 32 or not 1 < value < P or len(scalar) != 32:
            raise GroupError("not a point of the group")
        product = pow(value, _int(scalar) % Q, P)
        if product == 1:
            raise GroupError("the product is the identity")
        return _bytes(product)

    def scalar_mul(self, a: bytes, b: bytes) -> bytes:
        return _bytes(_int(a) * _int(b) % Q)

    def invert(self, scalar: bytes) -> bytes:
        value = _int(scalar) % Q
        if not value:
            raise GroupError("0 has no inverse")
        return _bytes(pow(value, -1, Q))

    def is_valid_point(self, point: bytes) -> bool:
        if len(point) != 32:
            return False
        value = _int(point)
        return 1 < value < P and pow(value, Q, P) == 1


TOY = ToyGroupForTests()


def relay(sender: RemoteGame, receiver: RemoteGame, message: bytes) -> RemoteGame:
    return receiver.receive(message)


def play_game(group, seed: int, first: str = "random", choose=None, max_messages: int = 20_000, on_step=None):
    """Two sides play a whole game with random legal moves (from `seed`); returns (side 0, side 1,
    the messages). `on_step(sides, message)` is called after every message both have read."""
    rng = random.Random(seed)
    choose = choose or (lambda side, legal: rng.choice(legal))
    a, invitation = RemoteGame.start(group, random.Random(rng.random()), "Ada", first)
    b, answer = RemoteGame.join(group, random.Random(rng.random()), "Ben", invitation)
    sides = [a.receive(answer), b]
    messages = [invitation, answer]
    if on_step:
        on_step(sides, answer)
    side_rngs = [random.Random(rng.random()), random.Random(rng.random())]
    while not (sides[0].over and sides[1].over) and len(messages) < max_messages:
        turn = sides[0].whose_turn if sides[0].whose_turn is not None else sides[1].whose_turn
        assert turn is not None
        me = sides[turn]
        if me.next_step == "move":
            action = choose(me, list(me.legal_actions()))
            me, message = me.play(action)
        else:
            me, message = me.advance(side_rngs[turn])
        sides[turn] = me
        sides[1 - turn] = sides[1 - turn].receive(message)
        messages.append(message)
        if on_step:
            on_step(sides, message)
    return sides[0], sides[1], messages
