"""A round's cards as points, their keys, and the three passes that shuffle and lock them.

Every round encrypts 70 "slots": the 52 shuffled cards (the market's 3 camels are placed
face up, never encrypted) and the 18 bonus tokens, each pile a segment of its own. The
cards of the round are 70 distinct points, `card_points`, public and fixed by the game's id
and the round; card i is CARD_OF[i] (0-51) or a bonus token of value BONUS_VALUE_OF[i].

The first shuffler X multiplies every point by one secret scalar and shuffles each segment
(`encrypt`); the other, Y, shuffles each segment again and multiplies each slot by a scalar of
its own per slot (`reshuffle`); X then swaps its one scalar for one per slot (`relock`). Slot j
of the final deck is then x_j * y_j * P for a card P neither side can place, and a card is seen
only by whoever holds both x_j and y_j ("keys"; `open_slot`). A side's keys all come from the
round's 32-byte secret seed (`Keys`), so revealing the seed at the round's end reveals them all
and `check_decks` can replay every pass.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from functools import cached_property

from ..cards import BONUS_SIZES, BONUS_TOKENS, CAMEL, CARD_COUNTS, CARDS, DEAL_SIZE, MARKET_SIZE, MARKET_START_CAMELS
from .errors import refuse
from .group import Group, GroupError

DOMAIN = b"jaipur-remote/1 "
SEED_BYTES = 32

#: The 52 shuffled cards in canonical order (every card but the 3 placed camels).
CARD_OF = tuple(card for card in CARDS
                for _ in range(CARD_COUNTS[card] - (MARKET_START_CAMELS if card == CAMEL else 0)))
CARD_SLOTS = len(CARD_OF)                               # 52
BONUS_VALUE_OF = tuple(value for size in BONUS_SIZES for value in BONUS_TOKENS[size])
SLOTS = CARD_SLOTS + len(BONUS_VALUE_OF)                # 70

#: (start, end) of each segment a pass shuffles within: the cards, then each bonus pile.
SEGMENTS: tuple[tuple[int, int], ...] = ((0, CARD_SLOTS),)
_start = CARD_SLOTS
for _size in BONUS_SIZES:
    SEGMENTS += ((_start, _start + len(BONUS_TOKENS[_size])),)
    _start += len(BONUS_TOKENS[_size])
#: Where each bonus pile's slots start (its top first), by pile index (3, 4, 5+).
BONUS_PILE_START = tuple(start for start, _ in SEGMENTS[1:])

#: The slots of the deal: the starter's five, the other player's five, the market's two, then the deck.
MARKET_DRAW = MARKET_SIZE - MARKET_START_CAMELS
DECK_START = 2 * DEAL_SIZE + MARKET_DRAW                # 12


def hand_slots(seat: int, starter: int) -> tuple[int, ...]:
    """The slots dealt to `seat`: 0-4 to the round's starter, 5-9 to the other player."""
    base = 0 if seat == starter else DEAL_SIZE
    return tuple(range(base, base + DEAL_SIZE))


MARKET_SLOTS = tuple(range(2 * DEAL_SIZE, DECK_START))


def sha(*parts: bytes) -> bytes:
    return hashlib.sha256(DOMAIN + b"".join(parts)).digest()


def card_points(group: Group, game_id: bytes, round_number: int) -> tuple[bytes, ...]:
    """The 70 public points of round `round_number`'s cards, hashed onto the group."""
    points = tuple(group.point_from_uniform(sha(b"card", game_id, bytes((round_number, index))))
                   for index in range(SLOTS))
    if len(set(points)) != SLOTS:  # two hashes onto one point: never seen, but never silently wrong
        raise GroupError("two cards of the round map to the same point")
    return points


class Keys:
    """One side's scalars for one round, all derived from its secret seed (SHA-512, reduced)."""

    def __init__(self, group: Group, seed: bytes) -> None:
        self.group = group
        self.seed = seed
        self._locks: dict[int, bytes] = {}

    def _derive(self, label: bytes) -> bytes:
        for counter in range(256):  # a zero scalar has odds of 2^-252; skip it all the same
            wide = hashlib.sha512(DOMAIN + b"key" + self.seed + label + bytes((counter,))).digest()
            scalar = self.group.scalar_from_wide(wide)
            if any(scalar):
                return scalar
        raise GroupError("no key could be derived")  # pragma: no cover

    @cached_property
    def shuffle(self) -> bytes:
        """The one scalar of the first shuffler's `encrypt`."""
        return self._derive(b"shuffle")

    @cached_property
    def unshuffle(self) -> bytes:
        return self.group.invert(self.shuffle)

    def lock(self, slot: int) -> bytes:
        """This side's key of `slot`: the scalar its pass multiplied that slot by."""
        key = self._locks.get(slot)
        if key is None:
            key = self._locks[slot] = self._derive(b"lock" + bytes((slot,)))
        return key


def _shuffled_segments(items: list, rng: random.Random) -> list:
    out = []
    for start, end in SEGMENTS:
        segment = items[start:end]
        rng.shuffle(segment)
        out += segment
    return out


def encrypt(group: Group, points: tuple[bytes, ...], keys: Keys, rng: random.Random) -> tuple[bytes, ...]:
    """X's pass: every card times X's one scalar, each segment shuffled."""
    return tuple(_shuffled_segments([group.mult(keys.shuffle, point) for point in points], rng))


def reshuffle(group: Group, deck1: tuple[bytes, ...], keys: Keys, rng: random.Random) -> tuple[bytes, ...]:
    """Y's pass: each segment shuffled again, slot j times Y's key of slot j."""
    order = _shuffled_segments(list(deck1), rng)
    return tuple(group.mult(keys.lock(slot), point) for slot, point in enumerate(order))


def relock(group: Group, deck2: tuple[bytes, ...], keys: Keys) -> tuple[bytes, ...]:
    """X's last pass: slot j's copy of X's one scalar swapped for X's key of slot j."""
    return tuple(group.mult(group.scalar_mul(keys.lock(slot), keys.unshuffle), point)
                 for slot, point in enumerate(deck2))


def open_slot(group: Group, point: bytes, key_a: bytes, key_b: bytes) -> bytes:
    """The card point under both keys of its slot (GroupError if a key is 0)."""
    return group.mult(group.invert(group.scalar_mul(key_a, key_b)), point)


def check_deck_points(group: Group, deck: tuple[bytes, ...]) -> None:
    """A received deck: 70 valid points, no two the same (a card copied whole is caught here)."""
    if len(deck) != SLOTS or not all(group.is_valid_point(point) for point in deck):
        raise refuse("bad-point")
    if len(set(deck)) != SLOTS:
        raise refuse("duplicate-card", "the same encrypted card is in the deck twice")


@dataclass(frozen=True)
class Decks:
    """A round's three passes as sent: X's `encrypt`, Y's `reshuffle`, X's `relock`."""

    encrypted: tuple[bytes, ...]
    reshuffled: tuple[bytes, ...]
    locked: tuple[bytes, ...]


def check_decks(group: Group, points: tuple[bytes, ...], decks: Decks, x_keys: Keys, y_keys: Keys) -> tuple[int, ...]:
    """With both sides' keys: each pass was a shuffle of the cards within its segments, every
    slot's locks are the seeds' keys; the card index behind each slot. RemoteError "cheat-shuffle"."""
    try:
        first = [group.mult(x_keys.shuffle, point) for point in points]
        unlocked = [group.mult(group.invert(y_keys.lock(slot)), point) for slot, point in enumerate(decks.reshuffled)]
        for start, end in SEGMENTS:
            if sorted(decks.encrypted[start:end]) != sorted(first[start:end]):
                raise refuse("cheat-shuffle", "the first shuffle was not a shuffle of the cards")
            if sorted(unlocked[start:end]) != sorted(decks.encrypted[start:end]):
                raise refuse("cheat-shuffle", "the second shuffle was not a shuffle of the first")
        if relock(group, decks.reshuffled, x_keys) != decks.locked:
            raise refuse("cheat-shuffle", "the last pass did not lock each card with the revealed keys")
        index_of = {point: index for index, point in enumerate(points)}
        cards = tuple(index_of[open_slot(group, point, x_keys.lock(slot), y_keys.lock(slot))]
                      for slot, point in enumerate(decks.locked))
    except GroupError:
        raise refuse("cheat-shuffle", "a pass holds a point that is not a card of the round") from None
    return cards
