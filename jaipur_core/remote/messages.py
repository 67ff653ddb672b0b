"""`jaipur-remote/1` messages: their steps, the bytes they are sent as, and their link.

A message is what one side sends the other, as a link through any chat app. It names its
game, its place in the history and the history before it, then carries one or more steps
(docs/remote.md says which, when):

    version 1 | game id 16 | sequence 2 | SHA-256 of the history before it 32 | steps | check 8

Each step is a tag byte and a body whose length it says itself, so a message reads without
knowing the game (the command line prints and checks histories that way). `check` is the first
8 bytes of the SHA-256 of everything before it: a link changed on the way is refused at once.
The text form is "v1." and the bytes in base64url without padding; a link carries it after
`#remote=` in its fragment, which a browser never sends to the site.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from dataclasses import dataclass
from typing import Union

from ..limits import MAX_NAME_CHARS, MAX_REMOTE_CODE_CHARS
from .deck import DOMAIN, SLOTS
from .errors import refuse
from .group import POINT_BYTES, SCALAR_BYTES

VERSION = 1
GAME_ID_BYTES = 16
HASH_BYTES = 32
CHECK_BYTES = 8
HEADER_BYTES = 1 + GAME_ID_BYTES + 2 + HASH_BYTES
NONCE_BYTES = 32
#: The history hash before a game's first message.
NO_HISTORY = bytes(HASH_BYTES)
#: A name is at most MAX_NAME_CHARS characters and this many bytes of UTF-8.
MAX_NAME_BYTES = 255
#: The most steps one message holds (a round's end and the next deal: 2).
MAX_STEPS = 4
CODE_PREFIX = "v1."
FRAGMENT_KEY = "remote"
#: Who starts the first round: drawn from both sides' nonces, or chosen by the inviter.
FIRST_CHOICES = ("random", "inviter", "joiner")


@dataclass(frozen=True)
class Invite:
    """The inviter's name, who starts round 1, and its commitment to its nonce (SHA-256)."""

    name: str
    first: str
    commitment: bytes


@dataclass(frozen=True)
class Join:
    """The joiner's name and its nonce, in the clear."""

    name: str
    nonce: bytes


@dataclass(frozen=True)
class Encrypt:
    """The first shuffler's pass: the round's 70 cards under its one key, shuffled."""

    deck: tuple[bytes, ...]


@dataclass(frozen=True)
class Reshuffle:
    """The other side's pass: shuffled again, each slot under a key of its own."""

    deck: tuple[bytes, ...]


@dataclass(frozen=True)
class Relock:
    """The first shuffler's last pass: its one key swapped for one per slot."""

    deck: tuple[bytes, ...]


@dataclass(frozen=True)
class Starter:
    """The inviter's nonce, revealed (round 1): with the joiner's it draws who starts."""

    nonce: bytes


@dataclass(frozen=True)
class Unlock:
    """The sender's keys of the slots it owes, in the order the protocol lists them."""

    keys: tuple[bytes, ...]


@dataclass(frozen=True)
class Herd:
    """Which of the sender's five dealt slots are camels (bit k: its k-th slot), with its keys."""

    mask: int
    keys: tuple[bytes, ...]


@dataclass(frozen=True)
class Move:
    """An action in notation; the hidden cards of its hand it gives or sells (slot, key); and the
    sender's keys of the deck cards it draws, top first."""

    action: str
    shown: tuple[tuple[int, bytes], ...]
    draws: tuple[bytes, ...]


@dataclass(frozen=True)
class Reveal:
    """The sender's secret seed of the round: every key it used, for the round's end check."""

    seed: bytes


Step = Union[Invite, Join, Encrypt, Reshuffle, Relock, Starter, Unlock, Herd, Move, Reveal]
_TAGS: dict[type, int] = {Invite: 1, Join: 2, Encrypt: 3, Reshuffle: 4, Relock: 5, Starter: 6, Unlock: 7,
                          Herd: 8, Move: 9, Reveal: 10}
_KINDS = {tag: kind for kind, tag in _TAGS.items()}
STEP_NAMES = {kind: kind.__name__.lower() for kind in _TAGS}


@dataclass(frozen=True)
class Message:
    """One message: its game, its sequence number from 0, the hash of the history before it, its steps."""

    game_id: bytes
    seq: int
    before: bytes
    steps: tuple[Step, ...]

    @property
    def sender(self) -> int:
        """Messages alternate, the inviter (seat 0) first: the sender is the sequence's parity."""
        return self.seq % 2


def history_hash(before: bytes, encoded: bytes) -> bytes:
    """The history hash after a message whose bytes are `encoded`."""
    return hashlib.sha256(DOMAIN + b"history" + before + encoded).digest()


# ----------------------------------------------------------------------------- writing
def _name(name: str) -> bytes:
    data = name.encode("utf-8")
    if not name.strip() or len(name) > MAX_NAME_CHARS or len(data) > MAX_NAME_BYTES or not name.isprintable():
        raise refuse("bad-name", f"a name is 1 to {MAX_NAME_CHARS} printable characters "
                     f"(at most {MAX_NAME_BYTES} bytes of UTF-8)")
    return bytes((len(data),)) + data


def _keys(keys: tuple[bytes, ...]) -> bytes:
    return bytes((len(keys),)) + b"".join(keys)


def _step_bytes(step: Step) -> bytes:
    if isinstance(step, Invite):
        return bytes((FIRST_CHOICES.index(step.first),)) + step.commitment + _name(step.name)
    if isinstance(step, Join):
        return step.nonce + _name(step.name)
    if isinstance(step, (Encrypt, Reshuffle, Relock)):
        return b"".join(step.deck)
    if isinstance(step, (Starter,)):
        return step.nonce
    if isinstance(step, Unlock):
        return _keys(step.keys)
    if isinstance(step, Herd):
        return bytes((step.mask,)) + b"".join(step.keys)
    if isinstance(step, Move):
        action = step.action.encode("ascii")
        shown = b"".join(bytes((slot,)) + key for slot, key in step.shown)
        return bytes((len(action),)) + action + bytes((len(step.shown),)) + shown + _keys(step.draws)
    if isinstance(step, Reveal):
        return step.seed
    raise TypeError(f"not a step: {step!r}")


def encode(message: Message) -> bytes:
    """The message's bytes, its check at the end."""
    body = (bytes((VERSION,)) + message.game_id + message.seq.to_bytes(2, "big") + message.before
            + b"".join(bytes((_TAGS[type(step)],)) + _step_bytes(step) for step in message.steps))
    return body + _check(body)


def _check(body: bytes) -> bytes:
    return hashlib.sha256(DOMAIN + b"check" + body).digest()[:CHECK_BYTES]


def to_code(encoded: bytes) -> str:
    """The text form of a message's bytes: what a link carries and a friend may paste."""
    return CODE_PREFIX + base64.urlsafe_b64encode(encoded).decode("ascii").rstrip("=")


def to_link(encoded: bytes, site: str = "") -> str:
    """The page's address (its own fragment dropped) with the message in `#remote=`."""
    return site.split("#")[0] + f"#{FRAGMENT_KEY}=" + to_code(encoded)


# ----------------------------------------------------------------------------- reading
def from_text(text: str) -> bytes:
    """A message's bytes from its code, or from a whole link holding `#remote=CODE` (spaces and line
    breaks a chat app added are dropped). RemoteError: link-damaged, link-version, link-changed."""
    if not isinstance(text, str):
        raise refuse("link-damaged")
    text = "".join(text[:MAX_REMOTE_CODE_CHARS * 2].split())
    marker = f"{FRAGMENT_KEY}="
    if marker in text:
        text = text.split(marker, 1)[1].split("&", 1)[0]
    if len(text) > MAX_REMOTE_CODE_CHARS:
        raise refuse("link-damaged", "this link is longer than any message of the game")
    if not text.startswith("v") or "." not in text:
        raise refuse("link-damaged")
    version, code = text[1:].split(".", 1)
    if version != str(VERSION):
        raise refuse("link-version")
    try:
        return base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):
        raise refuse("link-damaged") from None


class _Reader:
    def __init__(self, data: bytes, start: int) -> None:
        self.data, self.at = data, start

    def take(self, count: int) -> bytes:
        if self.at + count > len(self.data):
            raise refuse("link-damaged", "this message is cut short")
        chunk = self.data[self.at:self.at + count]
        self.at += count
        return chunk

    def byte(self) -> int:
        return self.take(1)[0]

    def keys(self, count: int | None = None) -> tuple[bytes, ...]:
        count = self.byte() if count is None else count
        return tuple(self.take(SCALAR_BYTES) for _ in range(count))

    def points(self) -> tuple[bytes, ...]:
        return tuple(self.take(POINT_BYTES) for _ in range(SLOTS))

    def name(self) -> str:
        try:
            name = self.take(self.byte()).decode("utf-8")
        except UnicodeDecodeError:
            raise refuse("bad-name") from None
        _name(name)
        return name


def decode(encoded: bytes) -> Message:
    """The message these bytes hold. RemoteError: link-version, link-changed, link-damaged."""
    if len(encoded) < HEADER_BYTES + CHECK_BYTES:
        raise refuse("link-damaged", "this message is cut short")
    if encoded[0] != VERSION:
        raise refuse("link-version")
    body, check = encoded[:-CHECK_BYTES], encoded[-CHECK_BYTES:]
    if _check(body) != check:
        raise refuse("link-changed")
    reader = _Reader(body, 1)
    game_id = reader.take(GAME_ID_BYTES)
    seq = int.from_bytes(reader.take(2), "big")
    before = reader.take(HASH_BYTES)
    steps: list[Step] = []
    while reader.at < len(body):
        if len(steps) == MAX_STEPS:
            raise refuse("unexpected", "this message holds more steps than any message of the game")
        kind = _KINDS.get(reader.byte())
        if kind is None:
            raise refuse("link-damaged", "this message holds a step this game does not know")
        steps.append(_read_step(kind, reader))
    if not steps:
        raise refuse("unexpected", "this message holds no step")
    return Message(game_id, seq, before, tuple(steps))


def _read_step(kind: type, reader: _Reader) -> Step:
    if kind is Invite:
        choice = reader.byte()
        if choice >= len(FIRST_CHOICES):
            raise refuse("link-damaged", "this invitation's choice of who starts cannot be read")
        commitment = reader.take(HASH_BYTES)
        return Invite(reader.name(), FIRST_CHOICES[choice], commitment)
    if kind is Join:
        nonce = reader.take(NONCE_BYTES)
        return Join(reader.name(), nonce)
    if kind in (Encrypt, Reshuffle, Relock):
        return kind(reader.points())
    if kind is Starter:
        return Starter(reader.take(NONCE_BYTES))
    if kind is Unlock:
        return Unlock(reader.keys())
    if kind is Herd:
        mask = reader.byte()
        return Herd(mask, reader.keys(bin(mask).count("1")))
    if kind is Move:
        try:
            action = reader.take(reader.byte()).decode("ascii")
        except UnicodeDecodeError:
            raise refuse("bad-action") from None
        shown = tuple((reader.byte(), reader.take(SCALAR_BYTES)) for _ in range(reader.byte()))
        return Move(action, shown, reader.keys())
    if kind is Reveal:
        return Reveal(reader.take(32))
    raise TypeError(kind)  # pragma: no cover


def read_message(text: str) -> tuple[Message, bytes]:
    """A message from a link or code, with its bytes (RemoteError if it cannot be read)."""
    encoded = from_text(text)
    return decode(encoded), encoded
