"""A game's messages, replayed: restoring a saved side, and checking a whole history.

`jaipur-remote-save/1` (one side's save: its secrets and every message) and
`jaipur-remote-history/1` (every message, nothing secret: what `RemoteGame.history_json`
exports and `python3 -m jaipur_core remote check` reads) are both read here. A save is restored
by replaying its messages through the same steps as live play, so a restored side is checked
exactly as it was when it played. A history is checked as seat 0 would have checked it, with
seat 0's secrets taken from the history itself: its nonce from round 1's starter step, its seed
of each round from that round's end; every round whose seeds were both revealed is checked whole
(check_round), and a round not finished is checked as far as public facts go.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import JaipurError
from ..jsontext import load_json
from ..limits import MAX_JSON_BYTES, MAX_REMOTE_MESSAGES, MAX_ROUNDS
from ..record import GameRecord
from .errors import RemoteError, refuse
from .group import Group
from .messages import NO_HISTORY, Message, Reveal, Starter, decode, from_text, history_hash
from .round import SeedUnknown
from .side import HISTORY_FORMAT, SAVE_FORMAT, RemoteGame

#: A save's bytes: its messages are most of it, and the longest game's (8,160 messages of some 300
#: characters, its deals' of 3,500) fits in this.
MAX_SAVE_BYTES = 4 * MAX_JSON_BYTES


def _messages(data, field: str, code: str) -> list[tuple[Message, bytes]]:
    """The decoded messages of a history or save, their sequence, game and hash chain checked."""
    codes = data.get(field) if isinstance(data, dict) else None
    if not isinstance(codes, list) or not codes or len(codes) > MAX_REMOTE_MESSAGES \
            or not all(isinstance(text, str) for text in codes):
        raise refuse(code, f"{field}: a list of 1 to {MAX_REMOTE_MESSAGES:,} message codes is expected")
    found: list[tuple[Message, bytes]] = []
    head = NO_HISTORY
    for number, text in enumerate(codes):
        try:
            encoded = from_text(text)
            message = decode(encoded)
        except RemoteError as error:
            raise refuse(error.code, f"{field}[{number}]: {error.words}") from None
        if found and message.game_id != found[0][0].game_id:
            raise refuse("other-game", f"{field}[{number}]: {refuse('other-game').words}")
        if message.seq != number:
            raise refuse("skipped" if message.seq > number else "repeated",
                         f"{field}[{number}]: the message numbered {message.seq} is at place {number}")
        if message.before != head:
            raise refuse("history-differs", f"{field}[{number}]: {refuse('history-differs').words}")
        head = history_hash(head, encoded)
        found.append((message, encoded))
    return found


def _group_of(data, group: Group, code: str) -> None:
    if not isinstance(data, dict) or data.get("group") != group.name:
        raise refuse("group" if isinstance(data, dict) and isinstance(data.get("group"), str) else code)


def _hex(value, size: int, where: str) -> bytes:
    try:
        data = bytes.fromhex(value) if isinstance(value, str) else None
    except ValueError:
        data = None
    if data is None or len(data) != size:
        raise refuse("bad-save", f"{where}: {size} bytes in hexadecimal are expected")
    return data


def restore(group: Group, text: str) -> RemoteGame:
    """The side a `jaipur-remote-save/1` text holds (RemoteError "bad-save", or the refusal a
    replayed message meets, naming it)."""
    try:
        data = load_json(text, "the save", MAX_SAVE_BYTES)
    except JaipurError as error:
        raise refuse("bad-save", f"this saved game cannot be read: {error}") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT or data.get("seat") not in (0, 1):
        raise refuse("bad-save")
    _group_of(data, group, "bad-save")
    seeds = data.get("seeds")
    if not isinstance(seeds, list) or len(seeds) > MAX_ROUNDS:
        raise refuse("bad-save", "seeds: a list of at most 20 seeds is expected")
    messages = _messages(data, "messages", "bad-save")
    game = RemoteGame(group, data["seat"], game_id=messages[0][0].game_id, nonce=_hex(data.get("nonce"), 32, "nonce"),
                      seeds=tuple(_hex(seed, 32, f"seeds[{number}]") for number, seed in enumerate(seeds)))
    for number, (message, encoded) in enumerate(messages):
        try:
            game = game._receive(message, encoded)
        except SeedUnknown:
            raise refuse("bad-save", "seeds: a round's seed is missing") from None
        except RemoteError as error:
            raise refuse(error.code, f"messages[{number}]: {error.words}") from None
    return game


@dataclass(frozen=True)
class HistoryCheck:
    """What checking a history found: the rounds checked whole (a record), how many messages were
    read, and the unfinished round's number (None if every round read was finished)."""

    record: GameRecord
    messages: int
    checked: int
    unfinished: int | None
    over: bool
    names: tuple[str, str]


def check_history(group: Group, data) -> HistoryCheck:
    """Check a `jaipur-remote-history/1` object from its first message to its last (RemoteError,
    its words starting with the message at fault)."""
    if not isinstance(data, dict) or data.get("format") != HISTORY_FORMAT:
        raise refuse("bad-history", f"format: expected '{HISTORY_FORMAT}'")
    _group_of(data, group, "bad-history")
    messages = _messages(data, "messages", "bad-history")
    nonce, seeds = b"", []
    for message, _ in messages:
        for step in message.steps:
            if message.sender == 0 and isinstance(step, Starter):
                nonce = step.nonce
            if message.sender == 0 and isinstance(step, Reveal):
                seeds.append(step.seed)
    game = RemoteGame(group, 0, game_id=messages[0][0].game_id, nonce=nonce, seeds=tuple(seeds))
    checked = 0
    for number, (message, encoded) in enumerate(messages):
        try:
            game = game._receive(message, encoded)
        except SeedUnknown:
            break
        except (RemoteError, JaipurError) as error:
            words = error.words if isinstance(error, RemoteError) else str(error)
            raise refuse(getattr(error, "code", "bad-history"), f"messages[{number}]: {words}") from None
        checked = number + 1
    unfinished = None
    if not game.over:
        unfinished = len(game.rounds) + 1 if game.current is None or game.current.record is not None \
            else game.current.number
    if checked < len(messages) and game.current is not None:
        game = replace(game)
    return HistoryCheck(game.record(), len(messages), checked, unfinished, game.over, game.names)
