"""What can happen to the page, as values. `from_dom` reads the one delegated listener's data-.

The `data-action` names are app/controls.py's members; app/keys.py turns keys into these events.
"""

from __future__ import annotations

from dataclasses import dataclass

from jaipur_core.actions import Action

from .controls import OPTION_SETTINGS, Button, Control, control_named


@dataclass(frozen=True)
class Booted:
    params: tuple = ()            # the query string, ((name, value), ...)
    fragment: str = ""
    saved: str | None = None      # the player's save text, if any
    kept: str | None = None       # the kept-games list text, if any
    embed: bool = False
    entropy: int = 0
    now_ms: int = 0
    page_url: str = ""
    stored_language: str | None = None  # the remembered choice (localStorage)
    browser_languages: tuple = ()       # navigator.languages
    embed_index: str | None = None      # an embed: the list of embedded tables' saves (app/saves.py)


@dataclass(frozen=True)
class LanguageChosen:
    """The language menu: "en" | "fa" | "tr"."""

    language: str


@dataclass(frozen=True)
class CardClicked:
    zone: str
    index: int


@dataclass(frozen=True)
class ActionPressed:
    name: str                     # take | camels | trade | sell


@dataclass(frozen=True)
class Pressed:
    """A plain button: name is its data-action (a controls.Button), value its data-value."""

    name: Button
    value: str = ""


@dataclass(frozen=True)
class OptionChosen:
    setting: str                  # level | first | opponent
    value: str


@dataclass(frozen=True)
class ReviewStepped:
    to: str                       # first | prev | next | last


@dataclass(frozen=True)
class NoteEdited:
    """The author's note field (data-change="note") was changed: the note at review step `step`."""

    step: int
    text: str


@dataclass(frozen=True)
class AutoStepped:
    """Autoplay's timer (After): step the review on from step `at` of the game at `token`."""

    at: int
    token: int


@dataclass(frozen=True)
class MoveShown:
    """The computer's chosen cards have been shown (After): now the move is played."""

    token: int


@dataclass(frozen=True)
class FieldsRead:
    """The text fields on the page (`data-field` name, text), read before a click is handled."""

    fields: tuple = ()


@dataclass(frozen=True)
class ArtRead:
    """The host has read the table's art (art/cards.svg: diagrams inline its symbols) after boot,
    and whether the page is drawn dark (a diagram's default theme). art "" : it could not be read."""

    art: str
    dark: bool = False


@dataclass(frozen=True)
class FileChosen:
    name: str
    text: str
    size: int = 0                 # bytes; above limits.MAX_IMPORT_BYTES the host does not read the file


@dataclass(frozen=True)
class SearchDone:
    """A search's answer: the move; a hint also gives the best moves found with their
    chances to win the round, ((Action, chance 0..1), ...), best first."""

    purpose: str
    token: int
    action: Action | None
    options: tuple = ()


@dataclass(frozen=True)
class SearchFailed:
    purpose: str
    token: int
    error: str


@dataclass(frozen=True)
class AnalysisProgress:
    """One more move judged: its jaipur-analysis/1 entry (`MoveJudgement.to_json()`), and how far."""

    token: int
    judgement: dict
    done: int
    total: int


@dataclass(frozen=True)
class AnalysisDone:
    token: int


@dataclass(frozen=True)
class AnalysisFailed:
    token: int
    error: str


@dataclass(frozen=True)
class PuzzleJudged:
    """The puzzle's answer judged: `PuzzleVerdict.to_json()` (move, right, chance, best)."""

    token: int
    verdict: dict


@dataclass(frozen=True)
class PuzzleJudgeFailed:
    token: int
    error: str


@dataclass(frozen=True)
class CopyDone:
    ok: bool
    what: str = "link"            # as the Copy effect said


@dataclass(frozen=True)
class StorageFailed:
    error: str


@dataclass(frozen=True)
class StorageChanged:
    """Another tab (or frame) of this site stored `text` under `key` (the window's `storage`
    event); text None: the key was removed."""

    key: str
    text: str | None


@dataclass(frozen=True)
class Failed:
    """An exception escaped a handler or an effect: tell the player, keep the game."""

    error: str


def from_dom(action: str, value: str = "", zone: str = "", index=None):
    """The event a click on an element with these data- attributes means, or None."""
    control = control_named(action)
    match control:
        case None:
            return None
        case Button():
            return Pressed(control, value)
        case Control.SELECT:
            try:
                return CardClicked(zone, int(index))
            except (TypeError, ValueError):
                return None
        case Control.PLAY:
            return ActionPressed(value)
        case Control.REVIEW_STEP:
            return ReviewStepped(value)
        case Control.SET_LANGUAGE:
            return LanguageChosen(value)
        case Control.SET_LEVEL | Control.SET_FIRST | Control.SET_OPPONENT:
            return OptionChosen(OPTION_SETTINGS[control], value)
    raise AssertionError(control)  # a controls.Control member added without its case above (a bug, never shown)
