"""Annotated replays in review: notes written step by step, autoplay, and playing on from a step.

Pure helpers of `update` (issue 28, item 2). A note lives in the game's own record
(`jaipur_core.Game.with_note`), so a save, Export and the Link panel's game link carry it with
no conversion. Autoplay is a chain of `After(AUTOPLAY_MS, AutoStepped(at, token))` effects: a
step answers only if the review still shows step `at` of the same game, so stepping by hand,
closing the review or a new game ends a chain at once (a new one starts from the step shown).
"""

from __future__ import annotations

from dataclasses import replace

from jaipur_core import PLAY, Game, JaipurError
from jaipur_core.limits import MAX_NOTE_CHARS

from ..app import games
from ..app.effects import After
from ..app.events import AutoStepped, NoteEdited
from ..app.state import Replay, TableState, note
from ..words.messages import _
from ..words.steps import step_said

AUTOPLAY_MS = 1500        # one step of autoplay


# --- notes ------------------------------------------------------------------------------

def note_edited(state: TableState, event: NoteEdited):
    """The field was changed (it lost the focus, or Save was pressed): the step's note is set."""
    if state.review is None or not 0 <= event.step < len(state.game.steps()):
        return state, ()
    text = event.text.replace("\r\n", "\n")
    if len(text) > MAX_NOTE_CHARS:
        return replace(state, animate=False,
                       note=note("note-too-long", "error", limit=MAX_NOTE_CHARS, n=len(text))), ()
    if (state.game.note_at(event.step) or "") == (text if text.strip() else ""):
        return state, ()  # nothing changed
    try:
        line = state.game.with_note(event.step, text)
    except JaipurError as error:  # never expected: the length is checked above
        return replace(state, animate=False, note=note("note-refused", "error", error=str(error))), ()
    said = "note-removed" if line.note_at(event.step) is None else (
        "note-saved" if state.save_key is not None else "note-saved-unsaved")
    said, params = step_said(line, event.step, said)
    state = replace(state, line=line, animate=False, note=note(said, "ok", **params))
    return state, games.save_effects(state)


def write(state: TableState, value: str):
    """Open ("open") or close the note field; it stays open from step to step."""
    if state.review is None:
        return state, ()
    return replace(state, replay=replace(state.replay, writing=value == "open", playing=None)), ()


def save_pressed(state: TableState, _value: str):
    """Save: the field's change (sent as the field lost the focus) has set the note already."""
    if state.review is None:
        return state, ()
    said = ("note-none" if state.game.note_at(state.review) is None
            else "note-saved" if state.save_key is not None else "note-saved-unsaved")
    said, params = step_said(state.game, state.review, said)
    return replace(state, note=note(said, "ok", **params)), ()


# --- autoplay ---------------------------------------------------------------------------

def autoplay(state: TableState, value: str):
    """Play: one step every AUTOPLAY_MS to the end (from the start if at the end); Pause stops it."""
    if state.review is None:
        return state, ()
    if value != "play":
        return replace(state, replay=replace(state.replay, playing=None)), ()
    last = len(state.game.steps()) - 1
    at = 0 if state.review >= last else state.review
    state = replace(state, review=at, replay=Replay(playing=state.token), note=None)
    return state, (After(AUTOPLAY_MS, AutoStepped(at, state.token)),)


def auto_stepped(state: TableState, event: AutoStepped):
    if not state.autoplaying or event.token != state.token or event.at != state.review:
        return state, ()  # paused, stepped by hand, closed, or another game: this chain ends
    last = len(state.game.steps()) - 1
    at = min(last, state.review + 1)
    if at >= last:  # the end: autoplay stops there
        return replace(state, review=at, replay=replace(state.replay, playing=None)), ()
    return replace(state, review=at), (After(AUTOPLAY_MS, AutoStepped(at, state.token)),)


def stepped(state: TableState) -> tuple:
    """After a step by hand while autoplay plays: it goes on from the new step."""
    if not state.autoplaying or state.review is None or state.review >= len(state.game.steps()) - 1:
        return ()
    return (After(AUTOPLAY_MS, AutoStepped(state.review, state.token)),)


# --- play on from a step ----------------------------------------------------------------

def play_from_here(state: TableState, _value: str):
    """A new game from the position shown, the reader playing the side to move against the
    computer (at the record's level, else the page's). What is replaced is kept (docs/page.md,
    "Nothing lost"): a game in progress goes to the kept list, and so does the saved game behind
    a link's game, as the new game is saved in its place."""
    if state.review is None:
        return state, ()
    at = state.review
    position = state.game.steps()[at][3]
    from_id, from_params = step_said(state.game, at, "played-from-here")  # named in the record's steps
    if position.phase != PLAY:
        return replace(state, note=note("play-from-here-over", "error")), ()
    state, more, home_offer = games.keep_home(state)
    state, effects, offer = games.keep_current(state)
    if offer is not None:  # both kept: the kept list's index 0 is now the game in progress
        home_offer = None
    level = games.level_of(state.game, state.settings.level)
    seat = position.to_move
    players = [_("record-computer", level=level)] * 2
    players[seat] = _("player-you")
    line = Game.from_position(position, (players[0], players[1]))
    state = games.install(state, line, "computer", level, seat, state.home_key)
    said = note(from_id, "ok", **from_params)
    state = replace(state, replay=Replay(), note=said.then(offer).then(home_offer))
    state, settled = games.settle(state)
    return state, effects + more + settled
