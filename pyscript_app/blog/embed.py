"""What the Link panel's embed maker and the Diagram button make (issue 28, items 1 and 4). Pure.

From the author's choices (blog/maker_state.Maker), `snippet` writes the HTML they paste into a post, and
`diagram_of` draws the SVG of what is on the table by blog/diagram.py, the drawing code of
`python3 -m pyscript_app diagram`. Every address in a snippet is absolute (made from the
page's own address), so a snippet pasted on another site opens this copy of the game, under
whatever folder it is hosted.

Hidden information by construction: `open` (both hands face up) is offered, and honoured, only
for a public record (a finished game, or a record already held whole: the same rule as the
Link panel's game link); a game in progress is drawn from the player's seat, so the other hand
and the deck are never in the picture or the snippet.
"""

from __future__ import annotations

from dataclasses import dataclass

from jaipur_core import GameState
from jaipur_core.actions import Action
from jaipur_core.share import page_link, split_step

from ..view.markup import escape
from ..words.languages import DEFAULT, LANGUAGES
from ..words.messages import _, speaking
from . import diagram
from .maker_state import PRESETS, Maker
from .puzzle_state import Draft, Solving

DIAGRAM_PREFIX = "jaipur-diagram"  # a downloaded diagram's file name starts so


@dataclass(frozen=True)
class Subject:
    """What is on the table, as a diagram draws it."""

    position: GameState
    seat: int | None              # whose view (None: both hands face up)
    caption: str                  # the default caption (a step's note, a puzzle's question)
    move: Action | None           # the move marked (the position is then the one before it)
    name: str                     # the file name's middle part


def public(state) -> bool:
    """May both hands be shown? Only a public record (`Game.public`), and never a puzzle being
    made (its position is the author's question)."""
    return state.line is not None and state.line.public and not isinstance(state.puzzle, Draft)


def subject(state, maker: Maker) -> Subject:
    """The position on the table as `maker` asks to draw it (the caller checked there is a game)."""
    game = state.game
    open_view = maker.viewpoint == "open" and public(state)
    if isinstance(state.puzzle, Draft):
        draft = state.puzzle
        return Subject(draft.position, draft.position.to_move, draft.question, None, "puzzle")
    if isinstance(state.puzzle, Solving):  # the puzzle as its readers get it, whatever was tried since
        puzzle = state.puzzle.puzzle
        return Subject(puzzle.position, puzzle.solver, puzzle.question, None, "puzzle")
    if state.review is not None:
        steps = game.steps()
        at = state.review
        _round, action, before, after = steps[at]
        caption = game.note_at(at) or ""
        seat = None if open_view else state.seat
        if maker.highlight and action is not None:
            return Subject(before, seat, caption, action, f"step-{at}")
        return Subject(after, seat, caption, None, f"step-{at}")
    position = game.state
    seat = None if open_view else state.seat
    played = game.rounds[-1]
    name = f"round-{position.round}-move-{len(played.actions)}"
    if maker.highlight and played.actions:
        return Subject(played.positions()[-2], seat, "", played.actions[-1], name)
    return Subject(position, seat, "", None, name)


def diagram_refusal(state) -> str | None:
    """Why there is no diagram to draw now (a catalog id), or None."""
    if state.line is None:
        return "diagram-nothing"
    if state.handover:
        return "show-hand-first"
    if not state.art:
        return "diagram-no-art"
    return None


def diagram_of(state, maker: Maker) -> tuple[str, str]:
    """(file name, SVG text) of what is on the table, in the maker's language and theme."""
    shown = subject(state, maker)
    caption = (maker.caption.strip() or shown.caption)[:diagram.MAX_CAPTION_CHARS]
    language, theme = _language(state, maker), _theme(state, maker)
    with speaking(language):  # the table's own names for the seats (You, Computer; Player 1, 2)
        names = state.names()
    svg = diagram.diagram(shown.position, art=state.art, seat=shown.seat, names=names, move=shown.move,
                          language=language, theme=theme, caption=caption)
    return f"{DIAGRAM_PREFIX}-{shown.name}-{language}-{theme}.svg", svg


def _language(state, maker: Maker) -> str:
    chosen = maker.language or state.settings.language
    return chosen if chosen in LANGUAGES else DEFAULT


def _theme(state, maker: Maker) -> str:
    return maker.theme or ("dark" if state.dark else "light")


# --- the snippet --------------------------------------------------------------------------------

def fragment(state, maker: Maker) -> str:
    """The link fragment the snippet opens: the puzzle being solved; the game (at the chosen
    step) when it may be passed on; else the position shown."""
    shared = state.share
    if shared is None:
        return ""
    if shared.puzzle is not None:
        return shared.puzzle
    if shared.game is not None:
        if maker.start == "first":
            return split_step(shared.game)[0]  # no step: the review opens at the game's start
        return shared.game
    return shared.position


def addresses(state, maker: Maker) -> tuple[str, str]:
    """(the frame's embed.html address, the plain link's index.html address), both absolute."""
    code = fragment(state, maker)
    query = f"?lang={_language(state, maker)}&theme={_theme(state, maker)}"
    embed = page_link(state.page_url, "embed", code).replace("#", query + "#", 1)
    plain = page_link(state.page_url, "index", code).replace("#", f"?lang={_language(state, maker)}#", 1)
    return embed, plain


def snippet(state, maker: Maker) -> str:
    """The HTML an author pastes: a lazy iframe in a <figure> with a caption and a plain link, or
    (diagram only) the inline SVG with that link. No script either way."""
    embed, plain = addresses(state, maker)
    language = _language(state, maker)
    caption = maker.caption.strip() or subject(state, maker).caption
    with speaking(language):
        link_words = _("embed-plain-link")
        title = _("embed-frame-title", caption=caption) if caption else _("embed-frame-title-plain")
    link = f'<a href="{escape(plain)}">{escape(link_words)}</a>'
    direction = LANGUAGES[language][1]
    if maker.kind == "diagram":
        _name, svg = diagram_of(state, maker)
        return (f'<figure lang="{language}" dir="{direction}">\n{svg}\n<figcaption>{link}</figcaption>\n'
                f'</figure>')
    width, height = PRESETS[maker.preset]
    said = f"{escape(caption)} " if caption else ""
    return (f'<figure lang="{language}" dir="{direction}">\n'
            f'<iframe src="{escape(embed)}" width="{width}" height="{height}" loading="lazy" '
            f'title="{escape(title)}" style="border:0;max-width:100%"></iframe>\n'
            f'<figcaption>{said}{link}</figcaption>\n</figure>')
