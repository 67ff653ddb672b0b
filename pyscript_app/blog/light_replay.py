"""The light replay (issue 40, item 1): an annotated record as one HTML fragment, every step drawn
ahead by the diagram code, that needs no interpreter in the reader's browser. Pure.

    light_replay(game, art=ART, script=LIGHT_JS, seat=None, step=0, language="en", theme="light",
                 caption="", page_url="https://example.org/jaipur/") -> "<figure …>…</figure>"

What it holds, in order: the record's title, author and players; the drawing (blog/light.py's
`drawing`: both layouts, every step's parts once, the chosen step's shown); the step shown in
words (its round and step, the move that led to it, the round's result at its end, the note);
the step buttons (First, Back, Play/Pause, Forward, Last: hidden until the script runs); "Play
from here" (with the site's address: its index.html#game=…&round=R&at=N, in a new tab); the whole
game as text: an ordered list of every step (the moves in the record's language, numbered as the
page counts the game's actions, each with its note), in a <details> open by default; and the
script (web/light/light.js).

Without JavaScript the reader gets the chosen step's picture and the whole game as text, as a PGN
reader shows it. The script shows one step at a time and limits the list to the steps up to the
one shown (closing it at first): a reader who steps through a replay should not meet its end in
the log before they get there, while one who cannot step has only the text to read the game by.

From a seat (`seat` 0 or 1) every step is drawn from that seat's view: the other hand stays face
down throughout (the words of the moves are public facts only). The "Play from here" link is the
game's own link and holds the whole record, as every `#game=` link does.
"""

from __future__ import annotations

import json

from jaipur_core import Game
from jaipur_core.share import game_fragment, page_link

from ..words.messages import _, number, speaking
from ..words.moves import describe, round_start
from . import diagram
from . import diagram_words as words
from .light import caption_html, check, drawing, escape, figure, fragment_id
from .scene import scene_of


def light_replay(game: Game, *, art: str, script: str, seat: int | None = None, step: int = 0,
                 language: str = "en", theme: str = "light", caption: str = "", page_url: str = "") -> str:
    """The light replay of `game` from `seat` (None: both hands face up), opening at review step
    `step` (a `Game.steps()` index). ValueError for a step out of range or a bad option;
    InvalidShareError (from the game's link) for a record too long for a link, with `page_url`
    only (without it there is no "Play from here")."""
    check(language, theme, caption, script)
    steps = game.steps()
    if not 0 <= step < len(steps):
        raise ValueError(step, len(steps))
    with speaking(language):
        names = diagram.default_names(game.players)
        record = json.dumps(game.to_record_json(), sort_keys=True, ensure_ascii=False)
        prefix = fragment_id("replay", record, seat, step, language, theme, caption, page_url)
        scenes = [scene_of(after, seat, names) for _round, _action, _before, after in steps]
        said_names = tuple(words.isolated(name) for name in names)   # in its own direction in any sentence
        items = [_item(game, index, said_names) for index in range(len(steps))]
        where_id = f"{prefix}-where"
        pictures = drawing(scenes, art=art, language=language, theme=theme, prefix=prefix, shown=step,
                           labelled_by=where_id)
        current = items[step]
        play_on = ""
        if page_url:
            base = page_link(page_url, "index", game_fragment(game)).replace("#", f"?lang={language}#", 1)
            play_on = (f'<p><a data-testid="light-play-on" data-base="{escape(base)}" '
                       f'href="{escape(base + current.suffix)}" target="_blank" rel="noopener">'
                       f"{escape(_('play-from-here'))}</a></p>")
        buttons = "".join(f'<button type="button" data-go="{go}"{test}>{escape(_(label))}</button>'
                          for go, label, test in (("first", "review-first", ""),
                                                  ("prev", "review-prev", ' data-testid="light-prev"'),
                                                  ("play", "autoplay-play",
                                                   ' data-testid="light-autoplay" aria-pressed="false"'),
                                                  ("next", "review-next", ' data-testid="light-next"'),
                                                  ("last", "review-last", "")))
        body = (f"{_heading(game)}"
                f'<div class="jl-pic" tabindex="0" aria-labelledby="{where_id}">{pictures}</div>'
                f'<div class="jl-now" aria-live="polite"><p class="jl-where" id="{where_id}">{escape(current.where)}'
                f'</p><p class="jl-said">{escape(current.said)}</p>'
                f'<p class="jl-result"{"" if current.result else " hidden"}>{escape(current.result)}</p>'
                f'<p class="jl-note" data-testid="light-note" dir="auto"{"" if current.note else " hidden"}>'
                f"{escape(current.note)}</p></div>"
                f'<div class="jl-bar" hidden data-play="{escape(_("autoplay-play"))}" '
                f'data-pause="{escape(_("autoplay-pause"))}">{buttons}</div>{play_on}'
                f'<details class="jl-log" open><summary>{escape(_("game-log"))}</summary><ol>'
                f'{"".join(item.html for item in items)}</ol></details>{caption_html(caption)}')
        index, at = game.step_place(step)
        attributes = f'data-testid="light-replay" data-step="{step}" data-round="{index + 1}" data-at="{at}"'
        return figure("replay", prefix, language=language, theme=theme, attributes=attributes, body=body,
                      script=script)


class _Item:
    """One step in words: where it is, what led to it, its note, and its line of the game as text."""

    def __init__(self, where: str, said: str, result: str, note: str, round_number: int, at: int,
                 number_said: str):
        self.where, self.said, self.result, self.note = where, said, result, note
        self.suffix = f"&round={round_number}&at={at}"
        numbered = f"<b>{escape(number_said)}</b> " if number_said else ""
        result_html = f'<br><span class="jl-r">{escape(result)}</span>' if result else ""
        note_html = f'<p class="jl-t" dir="auto">{escape(note)}</p>' if note else ""
        self.html = (f'<li data-round="{round_number}" data-at="{at}" data-where="{escape(where)}">'
                     f'{numbered}<span class="jl-m">{escape(said)}</span>{result_html}{note_html}</li>')


def _item(game: Game, step: int, names) -> _Item:
    number_of, action, before, after = game.steps()[step]
    index, at = game.step_place(step)
    total = game.actions_played
    if action is None:
        where = _("review-start", round=number_of)
        said = words.plain(round_start(after, names, None))
        number_said = ""
    else:
        where = f'{_("round-number", round=number_of)} · {_("review-step", at=game.actions_before(step), total=total)}'
        said = words.plain(describe(action, before.to_move, names, None, before))
        number_said = number(game.actions_before(step)) + "."
    result = words.plain(words.result_line(scene_of(after, None, names)) or "")  # public once scored
    return _Item(where, said, result, game.rounds[index].note(at) or "", index + 1, at, number_said)


def _heading(game: Game) -> str:
    """The record's title and author, and its players, as text (each in its own direction)."""
    title, author = game.record.title, game.record.author
    parts = []
    if title:
        parts.append(f'<cite dir="auto">{escape(title)}</cite>')
    if author:
        parts.append(f'<span class="jl-soft">{escape(_("record-by", author=words.isolated(author)))}</span>')
    names = " – ".join(f"<bdi>{escape(name)}</bdi>" for name in diagram.default_names(game.players))
    head = f'<p class="jl-title">{" ".join(parts)}</p>' if parts else ""
    return f'{head}<p class="jl-players">{names}</p>'
