"""The light puzzle (issue 40, item 2): a puzzle as one HTML fragment, the position from the
solver's seat drawn ahead, the solver's legal moves to choose from, the verdict. Pure.

    light_puzzle(puzzle, art=ART, script=LIGHT_JS, language="en", theme="light", caption="",
                 page_url="https://example.org/jaipur/") -> "<figure …>…</figure>"

What it holds: the question; the drawing (both layouts, the solver's view: the other hand face
down); every legal move of the solver as a button (`data-action` in action notation, the move in
words on it; grouped by kind, in the engine's sorted order, so nothing in the list tells an
answer); the verdict's place; and the script (web/light/light.js).

With accepted answers, the answers (in words) and the explanation are sealed (blog/seal.py) with
a key derived from each accepted answer: they are not in the page's source, and the script opens
them when the reader's move is one of them ("Right…", the explanation, the accepted answers);
any other move is "That is not an accepted answer" and the reader tries again. A seal against
spoilers only: trying every listed move opens it.

Without fixed answers (judged by the computer), the same choice is shown and `page_url` is
needed: the reader's move opens the site's own puzzle judge, embed.html?move=ACTION#puzzle=…, in
a frame in place of the choice, so the interpreter loads only once the reader has answered (the
move travels in the query; the embed reads the puzzle from the fragment). That link holds the
puzzle, its explanation too, deflated as in every puzzle link: out of sight, not sealed.
"""

from __future__ import annotations

import json

from jaipur_core import GameState, legal_actions
from jaipur_core.puzzle import Puzzle
from jaipur_core.share import page_link, puzzle_fragment

from ..words.messages import _, speaking
from ..words.moves import hint_words
from . import diagram
from .light import caption_html, check, drawing, escape, figure, fragment_id
from .scene import scene_of
from .seal import Sealed, seal

KINDS = (("take", "btn-take"), ("camels", "btn-camels"), ("trade", "btn-trade"), ("sell", "btn-sell"))


def light_puzzle(puzzle: Puzzle, *, art: str, script: str, names=("", ""), language: str = "en",
                 theme: str = "light", caption: str = "", page_url: str = "") -> str:
    """The light puzzle of `puzzle`. ValueError for a bad option, or for a puzzle without
    accepted answers and no `page_url` (its judge is the full game)."""
    check(language, theme, caption, script)
    if not puzzle.answers and not page_url:
        raise ValueError(puzzle.answers, page_url)   # judged by the full game: its address is needed
    position = puzzle.position
    with speaking(language):
        shown_names = diagram.default_names(names)
        scene = scene_of(position, puzzle.solver, shown_names)
        public = json.dumps([puzzle_fragment(_public_part(puzzle)), language, shown_names]).encode("utf-8")
        prefix = fragment_id("puzzle", public, theme, caption, page_url)
        question = puzzle.question or _("puzzle-default-question")
        choices = _choices(position, prefix)
        if puzzle.answers:
            sealed = seal(_payload(puzzle), [str(answer) for answer in puzzle.answers], public)
            judged = _sealed_attributes(sealed)
        else:
            judge = page_link(page_url, "embed", puzzle_fragment(puzzle)).replace(
                "#", f"?lang={language}&theme={theme}#", 1)
            title = _("embed-frame-title", caption=question)
            judged = (f'data-judge="{escape(judge)}" data-frame-title="{escape(title)}" '
                      f'data-prompt="{escape(_("puzzle-play-prompt"))}"')
        body = (f'<p class="jl-q" id="{prefix}-q" dir="auto"><b>{escape(question)}</b></p>'
                f'<div class="jl-pic">{drawing([scene], art=art, language=language, theme=theme, prefix=prefix)}'
                f"</div>{choices}"
                f'<p class="jl-verdict" data-testid="light-verdict" aria-live="polite" hidden '
                f'data-right="{escape(_("puzzle-right"))}" data-wrong="{escape(_("puzzle-wrong"))}"></p>'
                f'<p class="jl-retry" hidden><button type="button" data-retry>{escape(_("puzzle-retry"))}</button></p>'
                f'<div class="jl-solved" hidden><p class="jl-note" data-testid="light-explanation" dir="auto"></p>'
                f'<p>{escape(_("puzzle-shown"))}</p><ul class="jl-answers"></ul></div>{caption_html(caption)}')
        return figure("puzzle", prefix, language=language, theme=theme,
                      attributes=f'data-testid="light-puzzle" {judged}', body=body, script=script)


def _public_part(puzzle: Puzzle) -> Puzzle:
    """The puzzle without what the seal hides: what the fragment's ids and salt may depend on."""
    return Puzzle(puzzle.position, puzzle.question, (), "")


def _payload(puzzle: Puzzle) -> bytes:
    """What the seal holds: the accepted answers in words and the explanation (active language)."""
    answers = [hint_words(answer, puzzle.position) for answer in puzzle.answers]
    return json.dumps({"a": answers, "e": puzzle.explanation}, ensure_ascii=False).encode("utf-8")


def _sealed_attributes(sealed: Sealed) -> str:
    return (f'data-salt="{sealed.salt}" data-wraps="{" ".join(sealed.wraps)}" data-check="{sealed.check}" '
            f'data-box="{sealed.box}"')


def _choices(position: GameState, prefix: str) -> str:
    """The solver's legal moves as buttons, by kind (each group labelled by the table's button),
    disabled until the script runs (without it nothing could judge them)."""
    actions = legal_actions(position)
    groups = []
    for kind, label in KINDS:
        mine = [action for action in actions if action.kind == kind]
        if not mine:
            continue
        buttons = "".join(f'<button type="button" data-testid="light-choice" data-action="{escape(str(action))}" '
                          f'aria-pressed="false" disabled>{escape(hint_words(action, position))}</button>'
                          for action in mine)
        groups.append(f'<div class="jl-bar" role="group" aria-label="{escape(_(label))}">{buttons}</div>')
    return (f'<fieldset class="jl-choices" aria-labelledby="{prefix}-q"><legend>{escape(_("puzzle-title"))}'
            f'</legend>{"".join(groups)}</fieldset>')
