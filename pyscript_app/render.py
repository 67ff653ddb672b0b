"""render(state) -> Screen: what every region of the page shows. Pure: no DOM.

The page is a static skeleton (`skeleton()`, built once by dom.py) with regions
that dom.py fills from a Screen, each only when it changed: the table's
attributes, the status line, the tools, the dialogs (kept in place by key), the
board, the live region (last move + message, never replaced: a screen reader
announces what changes in it) and the log. `Screen.html()` joins the parts, for
tests and for a host without a DOM.
"""

from __future__ import annotations

from dataclasses import dataclass

from jaipur_core import view_of

from . import render_dialogs, render_log
from .controls import Button, Control
from .languages import LANGUAGES, direction
from .messages import _, card_name, speaking
from .render_know import KNOW_PANEL, know_panel
from .render_table import actions, chip, chosen_cards, e, market, me, me_hidden, open_hand, opponent, strip, tokens
from .selection import choices
from .table_state import TableState
from .words import describe

REGIONS = ("status", "tools", "board", "last-move", "message", "log")


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

    def region(self, name: str) -> str:
        return {"status": self.status, "tools": self.tools, "board": self.board,
                "last-move": self.last_move, "message": self.message, "log": self.log}[name]

    def html(self) -> str:
        """Everything, as one string (the skeleton filled in)."""
        return skeleton(self.attrs, {**{name: self.region(name) for name in REGIONS},
                                     "dialogs": "".join(html for _key, html in self.dialogs)})


def skeleton(attrs=(), regions=None) -> str:
    """The page's fixed structure. The live region and the file input are never re-created."""
    regions = regions or {}
    attributes = " ".join(f'{name}="{e(value)}"' for name, value in attrs)
    return (f'<div {attributes or "class=table"} data-testid="table">'
            f'<div class="topbar"><p class="status" data-testid="status" role="status" data-region="status">'
            f'{regions.get("status", "")}</p><div class="tools" data-region="tools">{regions.get("tools", "")}'
            f'</div></div>'
            f'<div class="regions" data-region="dialogs">{regions.get("dialogs", "")}</div>'
            f'<div class="regions" data-region="board">{regions.get("board", "")}</div>'
            f'<div class="messages" data-testid="live" aria-live="polite">'
            f'<p class="last-move" data-testid="last-move" data-region="last-move">{regions.get("last-move", "")}</p>'
            f'<p class="message" data-testid="message" data-region="message">{regions.get("message", "")}</p></div>'
            f'<div class="regions" data-region="log">{regions.get("log", "")}</div>'
            f'<input type="file" accept=".json,application/json" class="visually-hidden" '
            f'data-testid="import-file" data-change="import-file" tabindex="-1" aria-hidden="true" '
            f'aria-label="{e(_("import-label"))}"></div>')


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
               + (" animate" if state.animate else "") + (" is-review" if turn == "review" else "")
               + (" details-open" if state.details else ""))
    shown = state.position if state.review is None else state.line.steps()[state.review][3]
    attrs = (("class", classes), ("data-turn", turn), ("data-phase", shown.phase),
             ("data-round", str(shown.round)), ("data-ply", _ply(state)))
    if state.review is not None:
        board, last_move = _review(state, names)
    else:
        board = _board(state, view, names)
        last_move = _last_move(state)
    dialogs = []
    panel = _panel(state, names)
    if panel is not None:
        dialogs.append(panel)
    elif state.handover:
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
                  _("page-title"))


def _panel(state, names):
    """(key, html) of the panel open on the table, or None."""
    if state.panel in render_dialogs.PANELS:
        return render_dialogs.PANELS[state.panel](state)
    if state.panel == render_log.LOG_PANEL:
        return render_log.log_panel(state)
    if state.panel == KNOW_PANEL and not state.handover:
        return know_panel(state, names)
    return None


def _board(state, view, names) -> str:
    hand = me_hidden(view, names) if state.handover else me(view, names, state.selection)
    options = {} if state.handover else choices(state.position, state.seat, state.selection)
    taking, selling = frozenset(), None
    if state.reveal is not None and state.reveal[0] == state.token:  # the computer's move, shown
        taking, selling = chosen_cards(view, state.reveal[1])
    return (f'{strip(view, names, state.details)}{opponent(view, names)}'
            f'<div class="board">{market(view, state.selection, state.new_market, chosen=taking)}'
            f'{tokens(view, names, selling)}</div>'
            f'{hand}{actions(view, options, state.selection)}')


def _ply(state) -> str:
    """"review" or round:seat:moves -- the page's motion animates a change of moves only, within
    a round, seen from one seat (a friend game turns the table to the other player: no flights)."""
    if state.review is not None:
        return "review"
    return f"{state.position.round}:{state.seat}:{len(state.line.rounds[-1].actions)}"


def _review(state, names) -> tuple[str, str]:
    steps = state.line.steps()
    number, action, before, after = steps[state.review]
    total = len(steps) - 1
    buttons = "".join(
        f'<button type="button" data-action="{Control.REVIEW_STEP}" data-value="{to}" data-testid="review-{to}" '
        f'data-key="review-{to}"{" disabled" if disabled else ""}>{e(_("review-" + to))}</button>'
        for to, disabled in (("first", state.review == 0), ("prev", state.review == 0),
                             ("next", state.review == total), ("last", state.review == total)))
    close = (f'<button type="button" data-action="{Button.REVIEW_CLOSE}" data-testid="review-close" '
             f'data-key="review-close">{e(_("review-close"))}</button>')
    bar = (f'<div class="review-bar" data-testid="review" data-at="{state.review}" data-total="{total}">'
           f'<span data-testid="review-step">{e(_("review-step", at=state.review, total=total))}</span> '
           f'{buttons} {close}</div>')
    board = (f'{bar}{open_hand(after, 1, names)}'
             f'<div class="board">{market(after, state.selection, frozenset(), interactive=False)}'
             f'{tokens(after, names)}</div>{open_hand(after, 0, names)}')
    said = (_("review-start", round=number) if action is None
            else describe(action, before.to_move, names, state.you, before))
    return board, e(said)


def _last_move(state) -> str:
    if not state.last_move:
        return ""
    parts = []
    for verb, cards in state.last_cards:
        chips = "".join(chip(card, _("card-times", card=card_name(card), n=count) if count > 1 else "")
                        for card, count in cards)
        parts.append(f'<span class="move-part">{e(_(verb))} {chips}</span>')
    return f'{e(state.last_move)} <span class="move-cards">{"".join(parts)}</span>'


def _message(state) -> tuple[str, str]:
    if state.note is None:
        return "", "info"
    text = " ".join(_(msg_id, **dict(params)) for msg_id, params in state.note.parts)
    offers = "".join(
        f' <button type="button" class="offer" data-action="{Button(action)}" data-value="{e(value)}" '
        f'data-testid="offer-{action}" data-key="offer-{action}">{e(_(label))}</button>'
        for action, value, label in state.note.offers)
    return e(text) + offers, state.note.kind


def _status(state, turn, names) -> str:
    position = state.position
    if turn == "review":
        status = _("status-review")
    elif position.phase == "game_over":
        status = _("status-game-over")
    elif position.phase == "round_over":
        status = _("status-round-over")
    elif state.handover:
        status = _("status-handover", name=names[position.to_move])
    elif state.friend:
        status = _("status-to-play", name=names[position.to_move])
    elif position.to_move == state.seat:
        status = _("status-your-turn")
    else:
        status = _("status-thinking")
    level = _("level-friend") if state.friend else _("level-" + state.level)
    return (f'<span class="round" data-testid="round">{e(_("round-number", round=position.round))}</span> '
            f'<span class="level">{e(level)}</span> {e(status)}')


def _tools(state) -> str:
    items = [("new-game", Button.PANEL, "new", "tool-new-game"), ("hint", Button.HINT, "", "tool-hint"),
             ("takeback", Button.TAKE_BACK, "", "tool-takeback"), ("rules", Button.PANEL, "rules", "tool-rules"),
             ("know", Button.PANEL, KNOW_PANEL, "tool-know"),
             ("share", Button.SHARE, "", "tool-share"), ("export", Button.EXPORT, "", "tool-export"),
             ("import", Button.IMPORT, "", "tool-import")]
    if state.can_review and state.review is None:
        items.append(("review", Button.REVIEW, "", "tool-review"))
    tools = "".join(
        f'<button type="button" class="tool" data-action="{action}" data-value="{value}" '
        f'data-testid="btn-{testid}" data-key="tool-{testid}">{e(_(label))}</button>'
        for testid, action, value, label in items)
    return tools + _language_menu(state.settings.language)


def _language_menu(current: str) -> str:
    """Each language named in itself, in its own direction, whatever the page speaks."""
    buttons = "".join(
        f'<button type="button" class="language" data-action="{Control.SET_LANGUAGE}" data-value="{code}" '
        f'data-testid="lang-{code}" data-key="lang-{code}" lang="{code}" dir="{way}" '
        f'aria-pressed="{"true" if code == current else "false"}">{e(name)}</button>'
        for code, (name, way, _digits) in LANGUAGES.items())
    label = e(_("language-menu"))
    return f'<span class="languages" role="group" aria-label="{label}">{buttons}</span>'


