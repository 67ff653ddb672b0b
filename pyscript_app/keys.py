"""The keyboard: one key per action, arrows inside a row of cards, Tab kept in a dialog. Pure.

`ACTION_KEYS` and `FOCUS_KEYS` are the one list of keys the table answers:
events.from_key turns a key into an event from it, dom.py moves focus with it,
and the help (`keys_help`, in the rules panel) lists it, so what the help says
is what works. Letters are matched on the key's Latin letter, or on the
physical key (`event.code`) when the layout types another script (Persian), so
T is T on every keyboard. Keys with Ctrl, Alt or Meta are never ours (Ctrl+C,
Ctrl+R stay the browser's).

Roving focus: the market is one Tab stop and your cards (hand, then herd) are
another; the arrows move inside a row (`roving_step`). An open dialog keeps Tab
and Shift+Tab inside it (`trap_step`). Both are index arithmetic here; dom.py
applies them to the page.
"""

from __future__ import annotations

from dataclasses import dataclass

from .events import ActionPressed, Pressed
from .messages import _


@dataclass(frozen=True)
class Key:
    key: str        # the normalised key ("t", "?")
    label: str      # what the help shows in <kbd>
    help_id: str    # catalog id: what the key does
    event: object   # what it sends (None: a focus move, done by dom.py)
    testid: str     # the control it stands for (gets aria-keyshortcuts), or the row it focuses


ACTION_KEYS = (
    Key("t", "T", "key-take", ActionPressed("take"), "btn-take"),
    Key("c", "C", "key-camels", ActionPressed("camels"), "btn-camels"),
    Key("r", "R", "key-trade", ActionPressed("trade"), "btn-trade"),
    Key("s", "S", "key-sell", ActionPressed("sell"), "btn-sell"),
    Key("h", "H", "key-hint", Pressed("hint"), "btn-hint"),
    Key("u", "U", "key-takeback", Pressed("take-back"), "btn-takeback"),
    Key("k", "K", "key-know", Pressed("panel", "know"), "btn-know"),
    Key("n", "N", "key-new-game", Pressed("panel", "new"), "btn-new-game"),
    Key("?", "?", "key-help", Pressed("panel", "rules"), "btn-rules"),
)
# Keys that only move the focus (dom.py): to a row of cards, or to the log.
FOCUS_KEYS = (
    Key("m", "M", "key-focus-market", None, "market"),
    Key("y", "Y", "key-focus-mine", None, "mine"),
    Key("l", "L", "key-focus-log", None, "log"),
)
BY_KEY = {k.key: k for k in ACTION_KEYS + FOCUS_KEYS}

# Rows of cards with roving focus: the CSS selector of each row's cards, in order.
ROWS = {"market": '[data-action="select"][data-zone="market"]',
        "mine": '[data-action="select"][data-zone="hand"], [data-action="select"][data-zone="herd"]'}
ZONE_ROW = {"market": "market", "hand": "mine", "herd": "mine"}

_FORWARD = {"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1}
ARROWS = frozenset(_FORWARD) | {"Home", "End"}
_QUESTION_MARKS = {"?", "؟"}  # the Persian layout types U+061F on Shift+/


def normalise(key: str, code: str = "", shift: bool = False) -> str:
    """The key as ACTION_KEYS / FOCUS_KEYS spell it: a Latin lower-case letter, "?", or the key name."""
    if key in _QUESTION_MARKS or (code == "Slash" and shift):
        return "?"
    if len(key) == 1:
        if key.isascii():
            return key.lower()
        if code.startswith("Key") and len(code) == 4:  # another script's letter: the physical key
            return code[3:].lower()
    return key


def key_for(key: str, code: str = "", shift: bool = False, modified: bool = False) -> Key | None:
    """The Key a keydown means, or None (also for any Ctrl/Alt/Meta chord)."""
    if modified:
        return None
    return BY_KEY.get(normalise(key, code, shift))


def roving_step(key: str, index: int, count: int, rtl: bool = False) -> int | None:
    """Where an arrow/Home/End moves the focus in a row of `count` cards from `index` (None: not ours).

    Left/Right follow the writing direction (in Persian, Left is forward); the
    ends wrap around, so the far end of a row is one press away.
    """
    if count <= 0 or key not in ARROWS:
        return None
    if key == "Home":
        return 0
    if key == "End":
        return count - 1
    step = _FORWARD[key]
    if rtl and key in ("ArrowLeft", "ArrowRight"):
        step = -step
    if not 0 <= index < count:
        return 0 if step > 0 else count - 1
    return (index + step) % count


def trap_step(index: int, count: int, backwards: bool) -> int | None:
    """Tab inside a dialog of `count` focusable controls, from `index` (-1: focus is outside it)."""
    if count <= 0:
        return None
    if not 0 <= index < count:
        return count - 1 if backwards else 0
    return (index + (-1 if backwards else 1)) % count


def keys_help() -> str:
    """The keys section of the help (rules panel): every key, from the lists above."""
    from html import escape

    def row(labels, help_id: str) -> str:
        keys = " ".join(f"<kbd>{escape(label)}</kbd>" for label in labels)
        return f'<dt>{keys}</dt><dd>{escape(_(help_id))}</dd>'

    rows = [row((k.label,), k.help_id) for k in ACTION_KEYS + FOCUS_KEYS]
    rows += [row((_("key-label-tab"),), "key-tab"),
             row(("←", "→", "↑", "↓", _("key-label-home"), _("key-label-end")), "key-arrows"),
             row((_("key-label-space"), _("key-label-enter")), "key-select"),
             row((_("key-label-escape"),), "key-escape")]
    return (f'<section class="keys-help" data-testid="keys-help" aria-labelledby="keys-help-title">'
            f'<h3 id="keys-help-title">{escape(_("keys-title"))}</h3>'
            f'<dl class="keys">{"".join(rows)}</dl></section>')
