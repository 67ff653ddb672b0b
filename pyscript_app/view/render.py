"""render(state) -> Screen: what every region of the page shows. Pure: no DOM.

The page is a static skeleton (`skeleton()`, built once by browser/page.py) with regions
that browser/page.py fills from a Screen, each only when it changed: the table's
attributes, the status line, the tools, the dialogs (kept in place by key), the
board, the live region (last move + message, never replaced: a screen reader
announces what changes in it) and the log. `Screen.html()` joins the parts, for
tests and for a host without a DOM.
"""

from __future__ import annotations

from dataclasses import dataclass

from jaipur_core import view_of
from jaipur_core.ai import LEVELS

from ..app.controls import Button, Control
from ..app.selection import choices, selection_for
from ..app.state import TableState
from ..blog import puzzle_view as render_puzzle
from ..blog.notes_view import notes_region, replay_controls
from ..blog.puzzle_state import Solving
from ..coach.view import coach_region
from ..words.languages import LANGUAGES, direction
from ..words.messages import _, card_name, number, speaking
from ..words.moves import describe, hint_words
from ..words.steps import step_said
from . import dialogs as render_dialogs
from . import log as render_log
from .know import KNOW_PANEL, know_panel
from .markup import Markup, html, join, say
from .table import actions, chip, chosen_cards, market, me, me_hidden, open_hand, opponent, strip, tokens

REGIONS = ("status", "tools", "board", "notes", "coach", "last-move", "message", "log")
_DISABLED = Markup(" disabled")


@dataclass(frozen=True)
class Screen:
    attrs: tuple          # ((name, value), ...) of the table element
    status: str
    tools: str
    dialogs: tuple        # ((key, html), ...)
    board: str
    last_move: str
    message: str
    message_kind: str
    log: str
    language: str = "en"  # <html lang>, dir and <title> follow these
    direction: str = "ltr"
    title: str = "Jaipur"
    notes: str = ""       # review: the record's title and author, the step's note (blog/notes_view.py)
    coach: str = ""       # review: the computer's analysis, its marks and chart (coach/view.py)

    def region(self, name: str) -> str:
        return {"status": self.status, "tools": self.tools, "board": self.board,
                "last-move": self.last_move, "message": self.message, "log": self.log,
                "notes": self.notes, "coach": self.coach}[name]

    def html(self) -> str:
        """Everything, as one string (the skeleton filled in)."""
        return skeleton(self.attrs, {**{name: self.region(name) for name in REGIONS},
                                     "dialogs": "".join(html for _key, html in self.dialogs)})


def skeleton(attrs=(), regions=None) -> Markup:
    """The page's fixed structure. The live region and the file input are never re-created.

    Two parts: the play (status, the table's cards, the action bar, the last move and the
    message) and the side (tools, the review's analysis and log): a column of its own on wide
    screens, after the play on narrow ones.

    `regions` are HTML already (rendered by this module), put in as they are.
    """
    regions = {name: Markup(text) for name, text in (regions or {}).items()}
    attributes = join((html('{name}="{value}"', name=name, value=value) for name, value in attrs), " ")
    return html('<div {attributes} data-testid="table">'
                '<div class="play"><p class="status" data-testid="status" role="status" data-region="status">'
                '{status}</p>'
                '<div class="regions" data-region="dialogs">{dialogs}</div>'
                '<div class="regions" data-region="board">{board}</div>'
                '<div class="regions" data-region="notes">{notes}</div>'
                '<div class="messages" data-testid="live" aria-live="polite">'
                '<p class="last-move" data-testid="last-move" data-region="last-move">{last_move}</p>'
                '<p class="message" data-testid="message" data-region="message">{message}</p></div></div>'
                '<div class="side"><div class="tools" data-region="tools">{tools}</div>'
                '<div class="regions" data-region="coach">{coach}</div>'
                '<div class="regions" data-region="log">{log}</div></div>'
                '<input type="file" accept=".json,application/json" class="visually-hidden" '
                'data-testid="import-file" data-change="import-file" tabindex="-1" aria-hidden="true" '
                'aria-label="{import_label}"></div>',
                attributes=attributes or Markup("class=table"), status=regions.get("status", ""),
                tools=regions.get("tools", ""), dialogs=regions.get("dialogs", ""), board=regions.get("board", ""),
                notes=regions.get("notes", ""), coach=regions.get("coach", ""),
                last_move=regions.get("last-move", ""), message=regions.get("message", ""),
                log=regions.get("log", ""), import_label=say("import-label"))


def turn_of(state: TableState) -> str:
    if state.review is not None:
        return "review"
    position = state.position
    if position.phase != "play":
        return "over"
    if state.handover:
        return "handover"
    if state.friend or position.to_move == state.seat:
        return "human"
    if state.puzzle is not None:  # the reader's move is played: the computer does not reply
        return "puzzle"
    return "ai"


def render(state: TableState) -> Screen:
    """Every word in the state's language (the catalogs are constant data, loaded at start-up)."""
    with speaking(state.settings.language):
        return _render(state)


def _render(state: TableState) -> Screen:
    if state.line is None:
        return Screen((("class", "table"),), "", "", (), "", "", "", "info", "")
    names = state.names()
    view = view_of(state.position, state.seat)
    turn = turn_of(state)
    classes = ("table" + (" is-embed" if state.embed else "") + (" is-thinking" if turn == "ai" else "")
               + "".join(f" shows-{extra}" for extra in sorted(state.embed_shows) if state.embed)
               + (" animate" if state.animate else "") + (" is-review" if turn == "review" else "")
               + (" details-open" if state.details else ""))
    shown = state.position if state.review is None else state.line.steps()[state.review][3]
    attrs = (("class", classes), ("data-turn", turn), ("data-phase", shown.phase),
             ("data-round", str(shown.round)), ("data-ply", _ply(state)))
    if state.review is not None:
        board, last_move = _review(state, names)
    else:
        board = render_puzzle.with_bar(state, _board(state, view, names))
        last_move = _last_move(state)
    dialogs = []
    panel = _panel(state, names)
    if panel is not None:
        dialogs.append(panel)
    elif state.handover and state.review is None:  # a review shows both hands anyway
        dialogs.append(render_dialogs.handover(state, names))
    # One modal dialog at a time: a round's result waits until an open panel is closed
    # (the computer's move can end the round while you read the rules).
    if state.review is None and panel is None:
        outcome = render_dialogs.result(state, view, names)
        if outcome is not None:
            dialogs.append(outcome)
    message, kind = _message(state)
    language = state.settings.language
    return Screen(attrs, _status(state, turn, names), _tools(state), tuple(dialogs), board, last_move,
                  message, kind, render_log.log_region(state), language, direction(language),
                  _("page-title"), notes_region(state), coach_region(state))


def _panel(state, names):
    """(key, html) of the panel open on the table, or None."""
    if state.panel in render_dialogs.PANELS:
        return render_dialogs.PANELS[state.panel](state)
    if state.panel == render_log.LOG_PANEL:
        return render_log.log_panel(state)
    if state.panel == KNOW_PANEL and not state.handover:
        return know_panel(state, names)
    return None


def _board(state, view, names) -> Markup:
    hand = me_hidden(view, names) if state.handover else me(view, names, state.selection)
    options = {} if state.handover else choices(state.position, state.seat, state.selection)
    taking: frozenset[int] = frozenset()
    selling: int | None = None
    if state.reveal is not None and state.reveal[0] == state.token:  # the computer's move, shown
        taking, selling = chosen_cards(view, state.reveal[1])
    return html('{strip}{opponent}<div class="board">{market}{tokens}</div>{hand}{actions}',
                strip=strip(view, names, state.details), opponent=opponent(view, names),
                market=market(view, state.selection, state.new_market, chosen=taking),
                tokens=tokens(view, names, selling), hand=hand, actions=actions(view, options, state.selection))


def _ply(state) -> str:
    """"review" or round:seat:moves -- the page's motion animates a change of moves only, within
    a round, seen from one seat (a friend game turns the table to the other player: no flights)."""
    if state.review is not None:
        return "review"
    return f"{state.position.round}:{state.seat}:{len(state.line.rounds[-1].actions)}"


def _review(state, names) -> tuple[Markup, Markup]:
    steps = state.line.steps()
    number, action, before, after = steps[state.review]
    total = len(steps) - 1
    buttons = join(
        html('<button type="button" data-action="{action}" data-value="{to}" data-testid="review-{to}" '
             'data-key="review-{to}"{disabled}>{label}</button>',
             action=Control.REVIEW_STEP, to=to, disabled=_DISABLED if disabled else "", label=say("review-" + to))
        for to, disabled in (("first", state.review == 0), ("prev", state.review == 0),
                             ("next", state.review == total), ("last", state.review == total)))
    close = html('<button type="button" data-action="{action}" data-testid="review-close" '
                 'data-key="review-close">{label}</button>', action=Button.REVIEW_CLOSE, label=say("review-close"))
    # data-at: the review step (each later deal is one); data-round/-round-at: the round and its
    # own step, as the record's notes count them. The words count the game's actions, as links do.
    index, round_at = state.line.step_place(state.review)
    said_id, said_params = step_said(state.line, state.review, "review-step")
    bar = html('<div class="review-bar" data-testid="review" data-at="{at}" data-total="{total}" '
               'data-round="{round}" data-round-at="{round_at}">'
               '<span data-testid="review-step">{step}</span> {buttons} {replay} {close}</div>',
               at=state.review, total=total, round=index + 1, round_at=round_at,
               step=say(said_id, total=state.line.actions_played, **said_params),
               buttons=buttons, replay=replay_controls(state), close=close)
    board = html('{bar}{theirs}<div class="board">{market}{tokens}</div>{mine}',
                 bar=bar, theirs=open_hand(after, 1 - state.seat, names),
                 market=market(after, state.selection, frozenset(), interactive=False),
                 tokens=tokens(after, names), mine=open_hand(after, state.seat, names))
    said = (_("review-start", round=number) if action is None
            else describe(action, before.to_move, names, state.you, before))
    return board, html("{said}", said=said)


def _last_move(state) -> Markup:
    if not state.last_move:
        return Markup("")
    # The sentence says the whole move; the cards only picture it, so a screen reader hears the
    # sentence alone. A verb labels each side only where a move has two (a trade: took, gave):
    # on a one-sided move it would say the sentence's verb again ("took 3 camels took ...").
    labelled = len(state.last_cards) > 1
    parts = []
    for verb, cards in state.last_cards:
        chips = join(chip(card, _("card-times", card=card_name(card), n=count) if count > 1 else "")
                     for card, count in cards)
        label = html("{verb} ", verb=say(verb)) if labelled else Markup("")
        parts.append(html('<span class="move-part">{label}{chips}</span>', label=label, chips=chips))
    return html('{said} <span class="move-cards" aria-hidden="true">{parts}</span>', said=state.last_move,
                parts=join(parts, " "))


def _message(state) -> tuple[Markup, str]:
    if state.note is None:
        return _hint_options(state), "info"
    text = " ".join(_(msg_id, **dict(params)) for msg_id, params in state.note.parts)
    # Button(action): an offer naming no controls.Button fails here, not silently on the page
    offers = join(
        html(' <button type="button" class="offer" data-action="{action}" data-value="{value}" '
             'data-testid="offer-{action}" data-key="offer-{action}">{label}</button>',
             action=Button(action), value=value, label=say(label))
        for action, value, label in state.note.offers)
    return html("{text}{offers}{hints}", text=text, offers=offers, hints=_hint_options(state)), state.note.kind


def _hint_options(state) -> Markup:
    """The hint's best moves, each a button that selects its cards, with its chance to win the round."""
    options = state.hint_options
    if not options:
        return Markup("")
    position = state.game.state
    selected = selection_of_hint(state)
    return join(
        html(' <button type="button" class="offer hint-option" data-action="{action}" data-value="{value}" '
             'data-testid="hint-option" data-key="hint-{index}" aria-pressed="{pressed}">{label}</button>',
             action=Button.HINT_PICK, value=str(move), index=str(index),
             pressed="true" if move == selected else "false",
             label=_("hint-option", move=hint_words(move, position), chance=number(round(chance * 100))))
        for index, (move, chance) in enumerate(options))


def selection_of_hint(state):
    """The hinted move whose cards are the selection, or None."""
    position = state.game.state
    for move, _chance in state.hint_options:
        if selection_for(move, position.market, position.hands[state.seat],
                         position.herds[state.seat]) == state.selection:
            return move
    return None


def _status(state, turn, names) -> Markup:
    position = state.position
    if turn == "review":
        status = _("status-review")
    elif position.phase == "game_over":
        status = _("status-game-over")
    elif position.phase == "round_over":
        status = _("status-round-over")
    elif state.handover:
        status = _("status-handover", name=names[position.to_move])
    elif turn == "puzzle":
        status = _("status-puzzle")
    elif state.friend:
        status = _("status-to-play", name=names[position.to_move])
    elif position.to_move == state.seat:
        status = _("status-your-turn")
    else:
        status = _("status-thinking")
    if turn == "review":  # the step shown, and how the game was played as its record says
        shown, level = state.game.steps()[state.review][3], _played_at(state.game)
    else:
        shown, level = position, _("level-friend") if state.friend else _("level-" + state.level)
    played = html(' <span class="level">{level}</span>', level=level) if level else ""
    return html('<span class="round" data-testid="round">{round}</span>{played} {status}',
                round=say("round-number", round=shown.round), played=played, status=status)


def _played_at(game) -> str | None:
    """"friend", or the computer's level the record names; None if it names none."""
    if game.get("opponent") == "friend":
        return _("level-friend")
    level = game.get("level")
    return _("level-" + level) if level in LEVELS else None


def _tools(state) -> Markup:
    # Review steps through a record: a hint or a take-back has no move to act on there. A puzzle
    # takes back its answer (to try again) but gives no hint: the hint would be the answer.
    hint = [("hint", Button.HINT, "", "tool-hint")] if not isinstance(state.puzzle, Solving) else []
    playing = [*hint, ("takeback", Button.TAKE_BACK, "", "tool-takeback")]
    items = [("new-game", Button.PANEL, "new", "tool-new-game"), *(playing if state.review is None else ()),
             ("rules", Button.PANEL, "rules", "tool-rules"),
             ("know", Button.PANEL, KNOW_PANEL, "tool-know"),
             ("share", Button.SHARE, "", "tool-share"), ("export", Button.EXPORT, "", "tool-export"),
             ("import", Button.IMPORT, "", "tool-import")]
    if state.can_review and state.review is None:
        items.append(("review", Button.REVIEW, "", "tool-review"))
    tools = join(
        html('<button type="button" class="tool" data-action="{action}" data-value="{value}" '
             'data-testid="btn-{testid}" data-key="tool-{testid}">{label}</button>',
             action=action, value=value, testid=testid, label=say(label))
        for testid, action, value, label in items)
    return html("{tools}{languages}", tools=tools, languages=_language_menu(state.settings.language))


def _language_menu(current: str) -> Markup:
    """Each language named in itself, in its own direction, whatever the page speaks."""
    buttons = join(
        html('<button type="button" class="language" data-action="{action}" data-value="{code}" '
             'data-testid="lang-{code}" data-key="lang-{code}" lang="{code}" dir="{way}" '
             'aria-pressed="{pressed}">{name}</button>',
             action=Control.SET_LANGUAGE, code=code, way=way, pressed="true" if code == current else "false",
             name=name)
        for code, (name, way, _digits) in LANGUAGES.items())
    return html('<span class="languages" role="group" aria-label="{label}">{buttons}</span>',
                label=say("language-menu"), buttons=buttons)
