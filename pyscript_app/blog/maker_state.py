"""The Link panel's embed maker and Diagram options, as a value of the page's state
(`TableState.maker`): the author's choices, and the choices there are. Pure.

What the choices make (the snippet, the diagram) is blog/embed.py's.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace

from ..view.palette import THEMES
from ..words.languages import LANGUAGES

#: The frame sizes the maker offers (docs/embedding.md; tests/e2e/test_desktop_table.py checks
#: that nothing scrolls inside a frame of each).
PRESETS = {"phone": (360, 640), "tall": (480, 720), "wide": (760, 520)}
KINDS = ("interactive", "diagram")
VIEWPOINTS = ("seat", "open")
STARTS = ("here", "first")          # a replay opens at the step shown, or at its first step
SWITCHES = ("highlight", "preview")  # on/off choices: the last move marked; the frame's preview shown


@dataclass(frozen=True)
class Maker:
    """The author's choices. language/theme "" follow the page's (set when the panel opens)."""

    preset: str = "phone"
    language: str = ""
    theme: str = ""
    viewpoint: str = "seat"
    start: str = "here"
    kind: str = "interactive"
    highlight: bool = False
    preview: bool = False         # the interactive preview boots a second game in the panel: on request
    caption: str = ""             # typed by the author; "" is the step's note, or the puzzle's question

    def chose(self, name: str, value: str) -> Maker | None:
        """This maker with option `name` set to `value`; None for a name or value not offered."""
        allowed: dict[str, Collection[str]] = {
            "preset": tuple(PRESETS), "language": tuple(LANGUAGES), "theme": THEMES,
            "viewpoint": VIEWPOINTS, "start": STARTS, "kind": KINDS}
        if name in allowed and value in allowed[name]:
            return _replace(self, **{name: value})
        if name in SWITCHES and value in ("on", "off"):
            return _replace(self, **{name: value == "on"})
        return None


def _replace(maker: Maker, **changes) -> Maker:
    return replace(maker, **changes)
