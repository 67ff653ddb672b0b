"""Puzzles on the page (issue 28, item 3): a reader solves one, an author makes one. Pure.

Helpers of `update`, like app/games.py. A reader opens a `#puzzle=` link (app/boot.py installs its
position with `Solving`), plays one move on the table as in a game and is told whether it is an
accepted answer; the computer never replies (games.settle starts no search while a puzzle is on
the table). "Try again" puts the puzzle's position back; "Show the answer" says it without a
move. An author presses "Make a puzzle" in the Link panel: the position shown (outside a review
seen from the author's seat, the cards they cannot see dealt afresh, as for a link) is put on the
table as a `Draft`; each move played there is an accepted answer (the table stays); the question
and the explanation are the maker's two fields (read on every click: `FieldsRead`); Link and
Export check the puzzle with the engine's own reader first.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

from jaipur_core import PLAY, Game, JaipurError, position_to_json, puzzle_from_json, sample_state, view_of
from jaipur_core.share import InvalidShareError, page_link, puzzle_fragment

from ..app import games
from ..app.effects import Copy, Download
from ..app.selection import EMPTY
from ..app.state import TableState, note
from ..coach import update as coach
from ..words.messages import _
from ..words.moves import hint_words
from .puzzle_state import Draft, Solving

PUZZLE_FILE = "jaipur-puzzle.json"


def _table(state: TableState, position) -> TableState:
    """A puzzle being made: its position on the table, the author (the solver) at the screen,
    nothing saved."""
    line = Game.from_position(position, (_("player-1"), _("player-2")))
    return games.install(state, line, "computer", state.level, position.to_move, None)


def opened(state: TableState, puzzle) -> TableState:
    """A `#puzzle=` link's puzzle on the table, its solver at the screen, nothing saved: the boot
    opens it so, and "Try again" puts it back so. The computer never replies to a puzzle."""
    line = Game.from_position(puzzle.position, (_("player-1"), _("player-2")))
    state = games.install(state, line, "computer", state.settings.level, puzzle.solver, None)
    return replace(state, puzzle=Solving(puzzle))


# --- the table's moves ------------------------------------------------------------------

def played(state: TableState, action, play) -> tuple[TableState, tuple]:
    """The person played `action` while a puzzle is on the table (`play` is update.play)."""
    puzzle = state.puzzle
    if isinstance(puzzle, Draft):  # an accepted answer: listed, the table stays as it is
        words = hint_words(action, state.game.state)
        if action in puzzle.answers:
            return replace(state, selection=EMPTY, note=note("puzzle-answer-again", "error", what=words)), ()
        draft = replace(puzzle, answers=puzzle.answers + (action,), link="")
        return replace(state, puzzle=draft, selection=EMPTY, note=note("puzzle-answer-added", "ok", what=words)), ()
    if isinstance(puzzle, Solving) and not puzzle.answered(state.token):
        state, effects = play(state, action)
        if not puzzle.puzzle.answers:  # no accepted answer: the search judges the move
            state, judge = coach.judge_answer(state, puzzle, action)
            return state, effects + judge
        verdict = "right" if puzzle.puzzle.accepts(action) else "wrong"
        return replace(state, puzzle=replace(puzzle, verdict=verdict, token=state.token)), effects
    return play(state, action)


def fields_read(state: TableState, event) -> tuple[TableState, tuple]:
    """The maker's fields as typed (sent before each click is handled)."""
    draft = state.puzzle
    if not isinstance(draft, Draft):
        return state, ()
    fields = dict(event.fields)
    question = fields.get("question", draft.question)
    explanation = fields.get("explanation", draft.explanation)
    if (question, explanation) == (draft.question, draft.explanation):
        return state, ()
    return replace(state, animate=False,
                   puzzle=replace(draft, question=question, explanation=explanation, link="")), ()


# --- the puzzle button (data-value says which) ------------------------------------------------

def pressed(state: TableState, value: str) -> tuple[TableState, tuple]:
    handler = {"make": _make, "show": _show, "retry": _retry, "clear": _clear, "link": _link,
               "export": _export, "copy": _copy, "leave": _leave}.get(value)
    return (state, ()) if handler is None else handler(state)


def _make(state: TableState):
    if state.handover:
        return replace(state, note=note("show-hand-first", "error")), ()
    game, rng = state.game, random.Random(state.entropy)
    if state.review is not None:
        position = game.steps()[state.review][3]  # the step as shown (both hands were face up)
    else:
        position = game.state
        if position.phase != PLAY or position.to_move != state.seat:
            return replace(state, note=note("puzzle-not-now", "error")), ()
        position = sample_state(view_of(position, state.seat), rng)
    if position.phase != PLAY:
        return replace(state, note=note("puzzle-not-now", "error")), ()
    state = replace(state, entropy=rng.randrange(2 ** 62))
    state, effects, offer = games.keep_current(state)
    state = replace(_table(state, position), puzzle=Draft(position),
                    note=note("puzzle-making", "info").then(offer))
    return state, effects


def _checked(state: TableState):
    """(the Puzzle, None) of the draft, read back as a reader would; else (None, the refusal)."""
    draft = state.puzzle
    assert isinstance(draft, Draft)
    data = {"format": "jaipur-puzzle/1", "position": position_to_json(draft.position),
            "question": draft.question.strip(), "answers": [str(a) for a in draft.answers],
            "explanation": draft.explanation.strip()}
    try:
        return puzzle_from_json(data), None
    except JaipurError as error:
        return None, replace(state, note=note("puzzle-invalid", "error", error=str(error)))


def _link(state: TableState):
    if not isinstance(state.puzzle, Draft):
        return state, ()
    puzzle, refused = _checked(state)
    if puzzle is None:
        return refused, ()
    try:
        fragment = puzzle_fragment(puzzle)
    except InvalidShareError as error:
        return replace(state, note=note("puzzle-invalid", "error", error=str(error))), ()
    link = page_link(state.page_url, "embed" if state.embed else "index", fragment)
    return replace(state, puzzle=replace(state.puzzle, link=link), note=note("puzzle-linked", "ok")), ()


def _export(state: TableState):
    if not isinstance(state.puzzle, Draft):
        return state, ()
    puzzle, refused = _checked(state)
    if puzzle is None:
        return refused, ()
    return (replace(state, note=note("puzzle-exported", "ok")),
            (Download(PUZZLE_FILE, json.dumps(puzzle.to_json(), indent=1, ensure_ascii=False)),))


def _copy(state: TableState):
    draft = state.puzzle
    if not isinstance(draft, Draft) or not draft.link:
        return state, ()
    return replace(state, note=note("copying")), (Copy(draft.link),)


def _clear(state: TableState):
    if not isinstance(state.puzzle, Draft):
        return state, ()
    return replace(state, puzzle=replace(state.puzzle, answers=(), link=""), note=None), ()


def _leave(state: TableState):
    """Stop making the puzzle: the position stays on the table, to play on against the computer."""
    if not isinstance(state.puzzle, Draft):
        return state, ()
    return games.settle(replace(state, puzzle=None, note=None))


def _show(state: TableState):
    solving = state.puzzle
    if not isinstance(solving, Solving) or solving.answered(state.token):
        return state, ()
    return replace(state, puzzle=replace(solving, verdict="shown", token=state.token), note=None), ()


def _retry(state: TableState):
    """Back to the puzzle's position, to solve it again."""
    solving = state.puzzle
    if not isinstance(solving, Solving):
        return state, ()
    return opened(state, solving.puzzle), ()
