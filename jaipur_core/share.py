"""Positions, game records and puzzles in a URL fragment, for links and blog embeds.

`#position=CODE`, `#game=CODE` or `#puzzle=CODE`, where CODE is `v1.` (the link
format's version) then the compact JSON, deflated and base64url-encoded without
padding: a full position takes about 500 characters. A CODE without a version
(written before links had one) is read as version 1; a later version is refused
with a message that says so. For hand-written links the value may also be the
JSON itself, percent-encoded.

A link is untrusted input: its length, the size it inflates to and the JSON in
it are read within the limits of `limits.py`, and every failure is a
JaipurError (InvalidShareError for the link itself).
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass
from urllib.parse import unquote

from .errors import InvalidJSONError, JaipurError
from .game import Game
from .jsontext import load_json
from .limits import MAX_FRAGMENT_CHARS, MAX_JSON_BYTES
from .position import position_from_json, position_to_json
from .puzzle import Puzzle, puzzle_from_json
from .state import GameState

FRAGMENT_KINDS = ("position", "game", "puzzle")
LINK_VERSION = 1          # the version every link is written with (`v1.` before its CODE)
_VERSIONED = re.compile(r"v(\d{1,6})\.(.*)", re.DOTALL)  # base64url never holds a "."


class InvalidShareError(JaipurError):
    """A link whose data cannot be read."""


def encode_data(data: dict) -> str:
    compact = json.dumps(data, separators=(",", ":"), sort_keys=False).encode("utf-8")
    return base64.urlsafe_b64encode(zlib.compress(compact, 9)).decode("ascii").rstrip("=")


def decode_data(code: str) -> dict:
    """The JSON object a fragment's CODE holds; InvalidShareError if it cannot be read."""
    if len(code) > MAX_FRAGMENT_CHARS:
        raise InvalidShareError(f"the link is too long ({len(code)} characters, "
                                f"the limit is {MAX_FRAGMENT_CHARS})")
    versioned = _VERSIONED.fullmatch(code)
    if versioned:
        version, code = int(versioned.group(1)), versioned.group(2)
        if version != LINK_VERSION:
            raise InvalidShareError(f"the link was made by another version of the page (link version "
                                    f"{version}; this page reads version {LINK_VERSION})")
    try:
        text = unquote(code, errors="strict").strip()
    except UnicodeDecodeError:
        raise InvalidShareError("the link's data is not UTF-8 text") from None
    raw: str | bytes  # load_json reads either
    if text.startswith("{"):
        raw = text
    else:
        raw = inflate(text)
    try:
        data = load_json(raw, "the link's data")
    except InvalidJSONError as error:
        raise InvalidShareError(str(error)) from None
    if not isinstance(data, dict):
        raise InvalidShareError("the link's data is not a position, a game record or a puzzle")
    return data


def inflate(text: str, limit: int = MAX_JSON_BYTES) -> bytes:
    """The bytes deflated in base64url `text`, refusing more than `limit` of them.

    Decompression stops at the limit (a link that inflates to gigabytes costs
    no more than one that inflates to `limit` bytes).
    """
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, limit + 1)
    except (binascii.Error, ValueError, zlib.error):
        raise InvalidShareError("the link's data is damaged (it may have been cut short)") from None
    if len(raw) > limit:
        raise InvalidShareError(f"the link's data is larger than {limit // 1024} KB once unpacked")
    if not inflater.eof:
        raise InvalidShareError("the link's data is damaged (it may have been cut short)")
    return raw


def position_fragment(state: GameState) -> str:
    return _fragment("position", position_to_json(state))


def puzzle_fragment(puzzle: Puzzle) -> str:
    """The `puzzle=CODE` fragment of `puzzle` (its answers and explanation are in the link: the
    page keeps them out of what it shows until the reader has answered)."""
    return _fragment("puzzle", puzzle.to_json())


def game_fragment(game: Game, step: int | None = None) -> str:
    """The `game=CODE` fragment of `game`, ending in where its review opens when `step` (a
    `Game.steps()` index) is given: `&at=N` (the game's actions before the step, counted from the
    first deal, as every link has since `at=` began) or, for the deal of round 2 or later,
    `&round=R&at=0` (which `at=N` alone cannot name: N actions end the round before).
    InvalidShareError if a reader would refuse it as too long (a record carrying large extra
    fields: share the file instead)."""
    fragment = _fragment("game", game.to_record_json())
    return fragment if step is None else fragment + step_suffix(game, step)


def step_suffix(game: Game, step: int) -> str:
    """`&at=N`, or `&round=R&at=0` for a later round's deal (see `game_fragment`)."""
    step = max(0, min(len(game.steps()) - 1, int(step)))
    index, at = game.step_place(step)
    if index > 0 and at == 0:
        return f"&round={index + 1}&at=0"
    return f"&at={game.actions_before(step)}"


_STEP = re.compile(r"(.*?)((?:&(?:round|at)=\d{1,6})+)", re.DOTALL)


@dataclass(frozen=True)
class LinkStep:
    """Where a `#game=` link opens its review: `at` counts the actions of round `round` (its
    deal is 0, as the record's notes count), or, with `round` None, the game's actions from the
    first deal. `Game.steps()` index: `review_step`."""
    round: int | None
    at: int

    def review_step(self, game: Game) -> int:
        """The review step named, cut to the nearest real one (never an error)."""
        if self.round is None:
            return game.step_after(self.at)
        return game.step_of(self.round, self.at)


def split_step(fragment: str) -> tuple[str, LinkStep | None]:
    """A fragment without its trailing `&round=R` / `&at=N` (in either order), and the step they
    name (None without them; `round=R` alone is that round's deal). Only trailing pieces are
    taken off, so a hand-written JSON link may hold an `&` of its own."""
    match = _STEP.fullmatch(fragment)
    if not match:
        return fragment, None
    found = dict(piece.split("=") for piece in match.group(2)[1:].split("&"))
    at = int(found.get("at", 0))
    return match.group(1), LinkStep(int(found["round"]) if "round" in found else None, at)


def split_at(fragment: str) -> tuple[str, int | None]:
    """A fragment without its trailing step, and its `at=N` (None without one): `split_step`
    for a caller that needs only the code or a link without `round=`."""
    code, step = split_step(fragment)
    return code, None if step is None else step.at


PAGES = {"index": "index.html", "embed": "embed.html"}


def page_link(page_url: str, page: str, fragment: str) -> str:
    """The address that opens `fragment` in the site's page `page` ("index": the game's page,
    "embed": embed.html, for an iframe), in the folder of the page at `page_url` (its query
    and fragment are left behind: they said how that page was opened, not the link)."""
    folder = page_url.split("#", 1)[0].split("?", 1)[0].rsplit("/", 1)[0]
    return f"{folder}/{PAGES[page]}#{fragment}"


def _fragment(kind: str, data: dict) -> str:
    code = f"v{LINK_VERSION}.{encode_data(data)}"
    if len(code) > MAX_FRAGMENT_CHARS:
        raise InvalidShareError(f"too long for a link ({len(code)} characters, the limit is "
                                f"{MAX_FRAGMENT_CHARS}): share the file instead")
    return f"{kind}={code}"


def parse_fragment(fragment: str):
    """What a fragment shares: ('position', GameState), ('game', Game), ('puzzle', Puzzle) or
    None if empty.

    Raises InvalidShareError / InvalidPositionError / InvalidRecordError / InvalidPuzzleError
    (all JaipurErrors) with a readable message for bad data.
    """
    if not isinstance(fragment, str):
        raise InvalidShareError(f"a link fragment must be text, not {type(fragment).__name__}")
    if len(fragment) > MAX_FRAGMENT_CHARS + len("#position="):  # CODE's limit counts its "v1."
        raise InvalidShareError(f"the link is too long ({len(fragment)} characters, "
                                f"the limit is {MAX_FRAGMENT_CHARS})")
    fragment = fragment.lstrip("#").strip()
    if not fragment:
        return None
    kind, separator, code = fragment.partition("=")
    if not separator or kind not in FRAGMENT_KINDS:
        raise InvalidShareError("the link should end in #position=…, #game=… or #puzzle=…")
    data = decode_data(code)
    if kind == "position":
        return kind, position_from_json(data)
    if kind == "puzzle":
        return kind, puzzle_from_json(data)
    return kind, Game.from_record_json(data)
