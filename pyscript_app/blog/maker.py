"""The Diagram button and the Link panel's embed maker: helpers of `update`, like blog/puzzles.py. Pure.

Diagram downloads the SVG of what is on the table (embed.diagram_of, drawn by blog/diagram.py,
the command's own code): the position from the player's seat, the step reviewed (its note the
caption unless the author typed one), or the puzzle being made. The maker's choices are
`Pressed(Button.MAKER, "option:value")`; its caption is a text field read before each click
(`FieldsRead`), like the puzzle maker's. Copy puts the snippet on the clipboard.
"""

from __future__ import annotations

from dataclasses import replace

from jaipur_core import JaipurError

from ..app.effects import Copy, Download
from ..app.state import TableState, note
from . import embed


def art_read(state: TableState, event) -> tuple[TableState, tuple]:
    return replace(state, art=event.art, dark=bool(event.dark), animate=False), ()


def opened(state: TableState) -> TableState:
    """The Link panel opens: the maker follows the page's language and theme until changed."""
    maker = state.maker
    if not maker.language:
        maker = replace(maker, language=state.settings.language)
    if not maker.theme:
        maker = replace(maker, theme="dark" if state.dark else "light")
    if maker.viewpoint == "open" and not embed.public(state):
        maker = replace(maker, viewpoint="seat")
    return replace(state, maker=maker)


def chose(state: TableState, value: str) -> tuple[TableState, tuple]:
    """An option of the maker ("preset:wide", "kind:diagram", "highlight:on", ...)."""
    name, _sep, choice = value.partition(":")
    maker = state.maker.chose(name, choice)
    if maker is None:
        return state, ()
    if maker.viewpoint == "open" and not embed.public(state):
        # both hands of a game in progress, or of a puzzle's position, are not the author's to show
        return replace(state, note=note("diagram-open-refused", "error")), ()
    return replace(state, maker=maker, note=None), ()


def fields_read(state: TableState, event) -> TableState:
    """The caption field as typed (sent before each click); the state itself if it is not shown."""
    fields = dict(event.fields)
    caption = fields.get("caption")
    if caption is None or caption == state.maker.caption:
        return state
    return replace(state, animate=False, maker=replace(state.maker, caption=caption))


def download(state: TableState, _value: str = "") -> tuple[TableState, tuple]:
    """The Diagram button: the SVG of what is on the table, as a file."""
    why = embed.diagram_refusal(state)
    if why is not None:
        return replace(state, note=note(why, "error")), ()
    state = opened(state)
    try:
        name, svg = embed.diagram_of(state, state.maker)
    except (JaipurError, ValueError) as error:  # never expected: the table's own position and move
        return replace(state, note=note("diagram-failed", "error", error=str(error))), ()
    return replace(state, note=note("diagram-made", "ok", name=name)), (Download(name, svg),)


def copy_snippet(state: TableState, _value: str = "") -> tuple[TableState, tuple]:
    if state.share is None:
        return state, ()
    if state.maker.kind == "diagram" and embed.diagram_refusal(state) is not None:
        return replace(state, note=note(embed.diagram_refusal(state) or "", "error")), ()
    return replace(state, note=note("copying-snippet")), (Copy(embed.snippet(state, state.maker), "snippet"),)
