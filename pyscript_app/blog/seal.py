"""A spoiler seal: a light puzzle's answers and explanation, readable only with an accepted answer.

    sealed = seal(payload, keys=["take gold", "camels"], public=b"the puzzle's position and question")
    open_sealed(sealed, "take gold") -> payload        open_sealed(sealed, "sell leather 3") -> None

The payload is encrypted once with a content key K; K is "wrapped" once for each accepted answer
(K XOR HMAC-SHA256(salt, "answer " + the answer's action notation)), and the wraps are padded with
decoys to a multiple of SLOTS and sorted, so neither their number nor their order tells an answer.
A reader's move opens the seal when one wrap XOR its key gives a K whose check matches; the
payload is then K's keystream (HMAC-SHA256(K, "stream " + block number)) XOR the box. The salt
comes from the puzzle's public part, so the same puzzle seals the same way (a fragment is
reproducible). Only the standard library's hashlib and hmac: web/light/light.js does the same
with its own small SHA-256 (the page may be opened from file:// or http://, where the browser's
crypto.subtle does not exist). Pure.

What it is and is not: a seal against spoilers, not secrecy. Every legal move is offered to the
reader, so trying each of them in turn (by hand, or in the page's console) opens it; it keeps the
answers and the explanation out of the page's source and out of sight until the reader answers.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass

VERSION = b"jaipur-seal/1 "
SLOTS = 8           # wraps are padded with decoys to a multiple of this
BLOCK = 32          # SHA-256's output: one keystream block


@dataclass(frozen=True)
class Sealed:
    """A sealed payload, each field base64 (what the fragment carries in data- attributes)."""

    salt: str
    wraps: tuple[str, ...]
    check: str
    box: str


def _mac(key: bytes, *parts: bytes) -> bytes:
    return hmac.new(key, VERSION + b"".join(parts), hashlib.sha256).digest()


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b, strict=True))


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def answer_key(salt: bytes, answer: str) -> bytes:
    """The key an answer (in action notation) opens the seal with."""
    return _mac(salt, b"answer ", answer.encode("utf-8"))


def keystream(key: bytes, length: int) -> bytes:
    blocks = (_mac(key, b"stream ", index.to_bytes(4, "big")) for index in range(-(-length // BLOCK)))
    return b"".join(blocks)[:length]


def seal(payload: bytes, keys, public: bytes) -> Sealed:
    """`payload` sealed so that any of `keys` (action notation) opens it. ValueError without keys."""
    keys = list(keys)
    if not keys:
        raise ValueError(keys)   # a seal needs at least one key
    salt = hashlib.sha256(VERSION + b"salt " + public).digest()[:16]
    content = _mac(salt, b"content ", payload)
    padded = payload + b" " * (-len(payload) % BLOCK)   # the length says little: whole blocks only
    wraps = [_xor(content, answer_key(salt, key)) for key in keys]
    wraps += [_mac(content, b"decoy ", str(n).encode()) for n in range(-len(wraps) % SLOTS)]
    return Sealed(salt=_b64(salt), wraps=tuple(sorted(_b64(wrap) for wrap in wraps)),
                  check=_b64(_mac(content, b"check")[:16]), box=_b64(_xor(padded, keystream(content, len(padded)))))


def open_sealed(sealed: Sealed, answer: str) -> bytes | None:
    """The payload (its padding kept: trailing spaces) if `answer` opens the seal, else None."""
    salt = base64.b64decode(sealed.salt)
    key = answer_key(salt, answer)
    check = base64.b64decode(sealed.check)
    for wrap in sealed.wraps:
        content = _xor(base64.b64decode(wrap), key)
        if hmac.compare_digest(_mac(content, b"check")[:16], check):
            box = base64.b64decode(sealed.box)
            return _xor(box, keystream(content, len(box)))
    return None
