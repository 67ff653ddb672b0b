"""The autosave: a `jaipur-game/1` record plus the table's settings, as text.

Pure. localStorage key "jaipur.save" (an embedded table uses its own key, so a
blog's iframe never overwrites the player's game) holds

    {"format": "jaipur-save/1", "record": {...jaipur-game/1...},
     "level": "easy" | "medium" | "hard", "human_seat": 0 | 1,
     "first": "you" | "computer" | "random"}

A friend game (both seats played on this device) is marked in the record itself,
`"opponent": "friend"` next to its seed, so saves, exports and imports all keep
the mode; a record without it is a game against the computer.

A save that cannot be read is never deleted: it is kept under `corrupt_key`.

Games set aside rather than lost (replaced by New game, Import, a ?seed= or
?opponent= link) are kept under "jaipur.kept" (embed: next to its save, ".kept"
for ".save") as a JSON list of save objects, newest first, at most KEPT_LIMIT.

Each embedded table has its own save (`home_key`): the frame's identity (the query
parameters that choose its game, `id=` among them, and its link fragment) hashed into
"jaipur.embed.<16 hex>.save", so two frames of one post never share a game and an
author's edited link starts afresh instead of resuming another game. A bare frame (no
link, no such parameter) keeps the old shared key "jaipur.embed.save". The per-frame
saves are bounded: "jaipur.embed.index" lists their keys, most recently booted first,
and a frame's boot drops the saves (and kept lists) past EMBED_SAVES_LIMIT.
"""

from __future__ import annotations

import hashlib
import json

from jaipur_core import Game, load_json
from jaipur_core.ai import LEVELS
from jaipur_core.limits import MAX_JSON_BYTES

from ..words.messages import _

SAVE_FORMAT = "jaipur-save/1"
SAVE_KEY = "jaipur.save"
EMBED_SAVE_KEY = "jaipur.embed.save"
KEPT_SUFFIX = ".kept"          # "jaipur.save" -> "jaipur.kept"
KEPT_LIMIT = 12
EMBED_INDEX_KEY = "jaipur.embed.index"
EMBED_SAVES_LIMIT = 20
# The query parameters that choose a frame's game (lang, show and pause only change its looks).
EMBED_IDENTITY_PARAMS = ("id", "seed", "opponent", "first", "level")
FIRSTS = ("you", "computer", "random")


def encode_save(game: Game, level: str, human: int, first: str) -> str:
    data = {"format": SAVE_FORMAT, "record": game.to_record_json(), "level": level,
            "human_seat": human, "first": first}
    return json.dumps(data, separators=(",", ":"))


def decode_save(text: str):
    """(game, level, human_seat, first); ValueError/JaipurError naming what is wrong.

    The text is read like any input from outside (`load_json`: size, nesting and
    number limits), then the record by the engine's typed reader.
    """
    data = load_json(text, _("what-save"))
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise ValueError(_("save-not-jaipur"))
    level, human = data.get("level"), data.get("human_seat")
    if level not in LEVELS:
        raise ValueError(_("save-bad-level", level=repr(level)))
    if human not in (0, 1) or isinstance(human, bool):
        raise ValueError(_("save-bad-seat", seat=repr(human)))
    first = data.get("first") if data.get("first") in FIRSTS else "random"
    return Game.from_record_json(data.get("record")), level, human, first


def corrupt_key(key: str, now_ms: float) -> str:
    """Where an unreadable save is set aside."""
    return f"{key}.corrupt-{int(now_ms)}"


def kept_key(save_key: str) -> str:
    return save_key.rsplit(".", 1)[0] + KEPT_SUFFIX


def encode_kept(texts) -> str:
    return "[" + ",".join(texts) + "]"


def decode_kept(text: str | None) -> list[str]:
    """The kept save texts (each re-encoded); ValueError if the list is not one.

    Up to KEPT_LIMIT saves of up to MAX_JSON_BYTES each; each is read again by
    `decode_save` when it is listed or resumed.
    """
    if not text:
        return []
    data = load_json(text, _("what-kept"), max_bytes=(KEPT_LIMIT + 1) * MAX_JSON_BYTES)
    if not isinstance(data, list):
        raise ValueError(_("kept-not-list"))
    return [json.dumps(item, separators=(",", ":")) for item in data if isinstance(item, dict)]


# --- one save per embedded table --------------------------------------------------------

def embed_identity(params: dict, fragment: str) -> str:
    """What makes a frame this frame: its game-choosing parameters and its link, as one text."""
    parts = [f"{name}={params[name]}" for name in EMBED_IDENTITY_PARAMS if name in params]
    fragment = fragment.lstrip("#").strip()
    if fragment:
        parts.append("#" + fragment)
    return "&".join(parts)


def home_key(embed: bool, params: dict, fragment: str) -> str:
    """Where this page keeps its game: the player's save, or the embedded frame's own."""
    if not embed:
        return SAVE_KEY
    identity = embed_identity(params, fragment)
    if not identity:
        return EMBED_SAVE_KEY
    digest = hashlib.sha256(identity.encode("utf-8")).hexdigest()[:16]
    return f"jaipur.embed.{digest}.save"


def touched_index(text: str | None, key: str, limit: int = EMBED_SAVES_LIMIT) -> tuple[str, tuple]:
    """The embed index with `key` first (just used), and the keys that fell off past `limit`.

    An index that cannot be read starts again (it only bounds storage: the saves it no
    longer lists are simply never dropped)."""
    try:
        listed = json.loads(text) if text else []
    except ValueError:
        listed = []
    if not isinstance(listed, list):
        listed = []
    keys = [key] + [k for k in listed if isinstance(k, str) and k != key and k.startswith("jaipur.embed.")]
    return json.dumps(keys[:limit], separators=(",", ":")), tuple(keys[limit:])
