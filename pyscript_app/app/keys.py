"""The keyboard: one key per action, arrows inside a row of cards, Tab kept in a dialog. Pure.

`ACTION_KEYS` and `FOCUS_KEYS` are the one list of keys the table answers:
`from_key` turns a key into an event from it, browser/page.py moves focus with it,
and the help (view/dialogs.keys_help, in the rules panel) lists it, so what the help says
is what works. An action key sends what its button's click sends: the same
app/controls.py member and data-value, read by events.from_dom. Letters are matched on the key's Latin letter, or on the
physical key (`event.code`) when the layout types another script (Persian), so
T is T on every keyboard. Keys with Ctrl, Alt or Meta are never ours (Ctrl+C,
Ctrl+R stay the browser's).

Roving focus: the market is one Tab stop and your cards (hand, then herd) are
another; the arrows move inside a row (`roving_step`). An open dialog keeps Tab
and Shift+Tab inside it (`trap_step`). Both are index arithmetic here; browser/page.py
applies them to the page.
"""

from __future__ import annotations

from dataclasses import dataclass

from .controls import Button, Control
from .events import Pressed, ReviewStepped, from_dom


@dataclass(frozen=True)
class Key:
    key: str        # the normalised key ("t", "?")
    label: str      # what the help shows in <kbd>
    help_id: str    # catalog id: what the key does
    sends: tuple    # (control, data-value) of the button it stands for; () : a focus move, done by browser/page.py
    testid: str     # the control it stands for (gets aria-keyshortcuts), or the row it focuses

    @property
    def event(self):
        """What the key sends: the event of its button's click (None: a focus move)."""
        return from_dom(*self.sends) if self.sends else None


ACTION_KEYS = (
    Key("t", "T", "key-take", (Control.PLAY, "take"), "btn-take"),
    Key("c", "C", "key-camels", (Control.PLAY, "camels"), "btn-camels"),
    Key("r", "R", "key-trade", (Control.PLAY, "trade"), "btn-trade"),
    Key("s", "S", "key-sell", (Control.PLAY, "sell"), "btn-sell"),
    Key("h", "H", "key-hint", (Button.HINT, ""), "btn-hint"),
    Key("u", "U", "key-takeback", (Button.TAKE_BACK, ""), "btn-takeback"),
    Key("k", "K", "key-know", (Button.PANEL, "know"), "btn-know"),
    Key("n", "N", "key-new-game", (Button.PANEL, "new"), "btn-new-game"),
    Key("?", "?", "key-help", (Button.PANEL, "rules"), "btn-rules"),
)
# Keys that only move the focus (browser/page.py): to a row of cards, or to the log.
FOCUS_KEYS = (
    Key("m", "M", "key-focus-market", (), "market"),
    Key("y", "Y", "key-focus-mine", (), "mine"),
    Key("l", "L", "key-focus-log", (), "log"),
)
BY_KEY = {k.key: k for k in ACTION_KEYS + FOCUS_KEYS}

# Rows of cards with roving focus: the CSS selector of each row's cards, in order.
_CARD = f'[data-action="{Control.SELECT}"]'
ROWS = {"market": f'{_CARD}[data-zone="market"]',
        "mine": f'{_CARD}[data-zone="hand"], {_CARD}[data-zone="herd"]'}
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


def from_key(key: str, reviewing: bool, panel_open: bool, *, code: str = "", shift: bool = False,
             modified: bool = False, dialog_open: bool | None = None, selecting: bool = False,
             result_open: bool = False, rtl: bool = False):
    """The event a key press means, or None.

    Escape closes a panel, else clears the selection; ← / → step a review (as the
    review's buttons lie: right to left, ← is forward); the
    action keys of ACTION_KEYS work only on the table itself (no dialog
    open, not reviewing). `dialog_open` is any dialog on the page (a panel, the
    hand-over screen, a round's result); it defaults to `panel_open`. Escape on a
    round's result (`result_open`, no panel over it) sets it aside to look at the table.
    """
    if modified:
        return None
    dialog_open = panel_open if dialog_open is None else dialog_open
    if key == "Escape":
        if panel_open:
            return Pressed(Button.CLOSE)
        if result_open:
            return Pressed(Button.RESULT_ASIDE, "table")
        if selecting and not dialog_open and not reviewing:
            return Pressed(Button.CLEAR)
        return None
    if reviewing:
        if key in ("ArrowLeft", "ArrowRight"):
            forward = "ArrowLeft" if rtl else "ArrowRight"
            return ReviewStepped("next" if key == forward else "prev")
        return None
    if dialog_open:
        return None
    found = key_for(key, code, shift)
    return None if found is None else found.event


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
