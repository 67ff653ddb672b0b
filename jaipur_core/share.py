"""Positions and game records in a URL fragment, for links and blog embeds.

`#position=CODE` or `#game=CODE`, where CODE is the compact JSON, deflated and
base64url-encoded without padding: a full position takes about 500 characters.
For hand-written links the value may also be the JSON itself, percent-encoded.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from urllib.parse import unquote

from .errors import JaipurError
from .game import Game
from .position import position_from_json, position_to_json
from .state import GameState

FRAGMENT_KINDS = ("position", "game")


class InvalidShareError(JaipurError):
    """A link whose data cannot be read."""


def encode_data(data: dict) -> str:
    compact = json.dumps(data, separators=(",", ":"), sort_keys=False).encode("utf-8")
    return base64.urlsafe_b64encode(zlib.compress(compact, 9)).decode("ascii").rstrip("=")


def decode_data(code: str) -> dict:
    text = unquote(code).strip()
    if text.startswith("{"):
        raw = text.encode("utf-8")
    else:
        try:
            packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
            raw = zlib.decompress(packed)
        except (binascii.Error, ValueError, zlib.error):
            raise InvalidShareError("the link's data is damaged (it may have been cut short)") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise InvalidShareError("the link's data is not valid JSON") from None
    if not isinstance(data, dict):
        raise InvalidShareError("the link's data is not a position or a game record")
    return data


def position_fragment(state: GameState) -> str:
    return "position=" + encode_data(position_to_json(state))


def game_fragment(game: Game) -> str:
    return "game=" + encode_data(game.to_record_json())


def parse_fragment(fragment: str):
    """What a fragment shares: ('position', GameState), ('game', Game) or None if empty.

    Raises InvalidShareError / InvalidPositionError / InvalidRecordError (all
    JaipurErrors) with a readable message for bad data.
    """
    fragment = fragment.lstrip("#").strip()
    if not fragment:
        return None
    kind, separator, code = fragment.partition("=")
    if not separator or kind not in FRAGMENT_KINDS:
        raise InvalidShareError("the link should end in #position=… or #game=…")
    data = decode_data(code)
    if kind == "position":
        return kind, position_from_json(data)
    return kind, Game.from_record_json(data)
