"""An annotated replay in review: the record's title and author, the step's note, the author's
note field, autoplay and "Play from here" (issue 28, item 2). Pure, like view/render.py.

The notes are a region of their own (`notes`, after the board), so saving a note redraws only
it: the review's step buttons, in the board, stay the nodes they were, and a click on Forward
that takes the focus from the field (saving the note on the way) still lands.
"""

from __future__ import annotations

from jaipur_core import PLAY
from jaipur_core.limits import MAX_NOTE_CHARS

from ..app.controls import Button
from ..app.state import TableState
from ..view.markup import Markup, html, say
from ..words.steps import step_said
from .maker_view import diagram_button


def notes_region(state: TableState) -> Markup:
    """The title, author and note of the step shown (`review-note`), or the author's field
    (`note-edit`); empty outside a review."""
    if state.review is None or state.line is None:
        return Markup("")
    game = state.line
    record = game.record
    about = Markup("")
    if record.title or record.author:
        title = (html('<cite data-testid="record-title" dir="auto">{title}</cite>', title=record.title)
                 if record.title else "")
        name = html("<bdi>{name}</bdi>", name=record.author)  # a name in its own direction
        author = (html(' <span data-testid="record-author">{by}</span>', by=say("record-by", author=name))
                  if record.author else "")
        about = html('<p class="record-about">{title}{author}</p>', title=title, author=author)
    text = game.note_at(state.review) or ""
    if state.replay.writing and not state.embed:
        label_id, label_params = step_said(game, state.review, "note-label")
        # A newline opens the field's text: the HTML parser drops one there, never one of the note's.
        body = html('<label class="note-label" for="note-edit">{label}</label>'
                    '<textarea id="note-edit" class="note-edit" data-testid="note-edit" data-key="note-edit" '
                    'data-change="note" data-value="{at}" rows="4" maxlength="{limit}" dir="auto" '
                    'aria-describedby="note-edit-help">\n{text}</textarea>'
                    '<p id="note-edit-help" class="note-help">{help}</p>'
                    '<p class="note-buttons">{save} {done}</p>',
                    label=say(label_id, **label_params), at=state.review, limit=MAX_NOTE_CHARS, text=text,
                    help=say("note-help", limit=MAX_NOTE_CHARS),
                    save=_button(Button.NOTE_SAVE, "", "note-save", "note-save"),
                    done=_button(Button.NOTE_WRITE, "close", "note-done", "note-done"))
    else:
        # in a post's frame a long note scrolls in its box (app.css): a tab stop, named, to read it by keyboard
        focus = (html(' tabindex="0" role="region" aria-label="{label}"', label=say("notes-heading"))
                 if state.embed else "")
        shown = (html('<p class="review-note" data-testid="review-note" data-at="{at}" dir="auto"{focus}>{text}</p>',
                      at=state.review, focus=focus, text=text) if text else "")
        label = "note-write-edit" if text else "note-write"
        write = ("" if state.embed else
                 html("{write} {diagram}", write=_button(Button.NOTE_WRITE, "open", "note-write", label),
                      diagram=diagram_button() if state.panel is None else ""))
        body = html("{shown}{write}", shown=shown, write=write)
    if not about and not body:
        return Markup("")
    return html('<section class="review-notes" data-testid="review-notes" aria-label="{label}">{about}{body}'
                '</section>', label=say("notes-heading"), about=about, body=body)


def replay_controls(state: TableState) -> Markup:
    """The review bar's autoplay (Play / Pause) and "Play from here" (a move can follow the step)."""
    if state.review is None or state.line is None:
        return Markup("")
    playing = state.autoplaying
    play = html('<button type="button" data-action="{action}" data-value="{value}" data-testid="review-autoplay" '
                'data-key="review-autoplay" aria-pressed="{pressed}">{label}</button>',
                action=Button.AUTOPLAY, value="pause" if playing else "play",
                pressed="true" if playing else "false", label=say("autoplay-pause" if playing else "autoplay-play"))
    shown = state.line.steps()[state.review][3]
    onward = (_button(Button.PLAY_FROM_HERE, "", "play-from-here", "play-from-here")
              if shown.phase == PLAY else "")
    return html("{play} {onward}", play=play, onward=onward)


def _button(action: Button, value: str, testid: str, label: str) -> Markup:
    return html('<button type="button" data-action="{action}" data-value="{value}" data-testid="{testid}" '
                'data-key="{testid}">{label}</button>', action=action, value=value, testid=testid, label=say(label))
