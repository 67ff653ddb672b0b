"""The dialogs: New game, Rules, Link, hand-over, the round/game result. Pure.

Each is returned as (key, html); dom.py keeps an open dialog's node when its key
is unchanged and only refreshes what is inside, so a screen reader stays put.
"""

from __future__ import annotations

from jaipur_core import view_of
from jaipur_core.ai import LEVELS
from jaipur_core.cards import CAMEL_TOKEN_VALUE

from .controls import Button, Control
from .keys import keys_help
from .knowledge import round_end_cause
from .messages import _, ngettext, number
from .render_table import e
from .saves import KEPT_LIMIT


def _button(action: Button, label_id: str, testid: str, value: str = "", primary: bool = False,
            autofocus: bool = False) -> str:
    return (f'<button type="button"{" class=primary" if primary else ""} data-action="{action}" '
            f'data-value="{e(value)}" data-testid="{testid}" data-key="{testid}"'
            f'{" data-autofocus" if autofocus else ""}>{e(_(label_id))}</button>')


def _options(action: Control, chosen: str, choices, testid: str) -> str:
    return "".join(
        f'<button type="button" class="option" data-action="{action}" data-value="{value}" '
        f'data-testid="{testid}-{value}" data-key="{testid}-{value}" '
        f'aria-pressed="{"true" if chosen == value else "false"}">{e(_(label))}</button>'
        for value, label in choices)


def _dialog(key: str, testid: str, title: str, body: str, extra_class: str = "") -> tuple:
    return (key, f'<section class="panel{extra_class}" role="dialog" aria-modal="true" '
                 f'aria-labelledby="{key}-title" data-testid="{testid}" data-dialog="{key}">'
                 f'<h2 id="{key}-title">{e(title)}</h2>'
                 f'{body}</section>')


def new_game(state) -> tuple:
    settings = state.settings
    friend = settings.opponent == "friend"
    opponent = _options(Control.SET_OPPONENT, settings.opponent,
                        (("computer", "opponent-computer"), ("friend", "opponent-friend")), "opponent")
    level = _options(Control.SET_LEVEL, settings.level, ((v, "level-" + v) for v in LEVELS), "level")
    firsts = ((("you", "first-player-1"), ("computer", "first-player-2"), ("random", "first-random"))
              if friend else (("you", "first-you"), ("computer", "first-computer"), ("random", "first-random")))
    first = _options(Control.SET_FIRST, settings.first, firsts, "first")
    difficulty = ("" if friend else f'<p class="option-row" role="group" aria-label="{e(_("difficulty"))}">'
                  f'{e(_("difficulty"))} {level}</p>')
    kept = ""
    if state.kept:
        rows = "".join(
            f'<li data-testid="kept-game">{e(kept_words(k))} '
            f'{_button(Button.RESUME, "resume", f"resume-kept-{i}", str(i))} '
            f'{_button(Button.DELETE_KEPT, "delete", f"delete-kept-{i}", str(i))}</li>'
            for i, k in enumerate(state.kept[:KEPT_LIMIT]))
        kept = f'<h3>{e(_("kept-title"))}</h3><ul class="kept" data-testid="kept-games">{rows}</ul>'
    body = (f'<p class="option-row" role="group" aria-label="{e(_("opponent"))}">{e(_("opponent"))} {opponent}</p>'
            f'{difficulty}'
            f'<p class="option-row" role="group" aria-label="{e(_("who-starts"))}">{e(_("who-starts"))} {first}</p>'
            f'<p>{_button(Button.NEW_GAME, "start", "start-game", primary=True, autofocus=True)} '
            f'{_button(Button.CLOSE, "cancel", "close-panel")}</p>{kept}')
    return _dialog("new", "new-game-panel", _("new-title"), body)


def kept_words(kept) -> str:
    moves = ngettext("kept-moves", kept.moves)
    if kept.mode == "friend":
        return _("kept-line-friend", round=kept.round, moves=moves)
    return _("kept-line-computer", level=_("level-" + kept.level), round=kept.round, moves=moves)


def rules(state) -> tuple:
    body = (f'{_("rules-html")}{keys_help()}'
            f'<p>{_button(Button.CLOSE, "close", "close-panel", autofocus=True)}</p>')
    return _dialog("rules", "rules-panel", _("rules-title"), body, " rules")


def share(state) -> tuple:
    body = (f'<p>{e(_("share-text"))}</p>'
            f'<label class="share-field">{e(_("share-field"))} <input type="text" readonly '
            f'value="{e(state.share_url)}" data-testid="share-link" data-key="share-link"></label>'
            f'<p>{_button(Button.COPY_LINK, "copy-link", "copy-link", primary=True, autofocus=True)} '
            f'{_button(Button.CLOSE, "close", "close-panel")}</p>')
    return _dialog("share", "share-panel", _("share-title"), body)


def handover(state, names) -> tuple:
    name = names[state.seat]
    takeback = ""
    if state.line.rounds[-1].actions:
        takeback = " " + _button(Button.TAKE_BACK, "tool-takeback", "handover-takeback")
    body = (f'<p>{e(_("handover-text", name=name))}</p>'
            f'<p>{_button(Button.HANDOVER_READY, "show-hand", "handover-ready", primary=True, autofocus=True)}'
            f'{takeback}</p>')
    return _dialog("handover", "handover", _("handover-title", name=name), body, " handover")


def result(state, view, names) -> tuple | None:
    outcome = view.round_result
    if outcome is None:
        return None
    me, other = view.seat, view.opponent
    bonus = {me: view.own_bonus, other: view.opponent_bonus or ()}
    rows = []

    def row(label_id, values, testid):
        cells = "".join(f'<td data-testid="{testid}-{p}">{e(values[p])}</td>' for p in (me, other))
        rows.append(f'<tr><th scope="row">{e(_(label_id))}</th>{cells}</tr>')

    goods = {p: sum(sum(v) for v in view.goods_won[p]) for p in (0, 1)}
    row("row-goods", {p: ngettext("cell-goods", outcome.goods_counts[p], score=goods[p]) for p in (0, 1)},
        "goods")
    row("row-bonus", {p: _("cell-bonus", score=sum(bonus[p]),
                           values=" ".join(map(number, bonus[p])) or _("none")) for p in (0, 1)}, "bonus")
    row("row-camel", {p: CAMEL_TOKEN_VALUE if outcome.camel_token == p else 0 for p in (0, 1)}, "camel")
    row("row-total", {p: number(outcome.scores[p]) for p in (0, 1)}, "total")
    notes = []
    if outcome.scores[0] == outcome.scores[1]:
        if outcome.bonus_counts[0] != outcome.bonus_counts[1]:
            notes.append(_("tie-bonus"))
        elif outcome.goods_counts[0] != outcome.goods_counts[1]:
            notes.append(_("tie-goods"))
        else:
            notes.append(_("tie-all"))
    if outcome.camel_token is None:
        notes.append(_("tie-herds"))
    you = state.you
    if outcome.seal is None:
        seal = _("seal-none")
    else:
        seal = _("seal-you" if outcome.seal == you else "seal-name", name=names[outcome.seal])
    seals = _("seals", first=names[me], first_seals=view.seals[me], second=names[other],
              second_seals=view.seals[other])
    head = f'<tr><td></td><th scope="col">{e(names[me])}</th><th scope="col">{e(names[other])}</th></tr>'
    every_round = ""
    if view.winner is not None:
        title = _("win-you") if view.winner == you else _("win-name", name=names[view.winner])
        onward = (_button(Button.PLAY_AGAIN, "play-again", "play-again", primary=True, autofocus=True) + " "
                  + _button(Button.REVIEW, "tool-review", "review-game"))
        testid = "game-over"
        takebacks = int(state.line.get("takebacks", 0) or 0)
        if takebacks:
            notes.append(ngettext("takebacks-used", takebacks))
        every_round = rounds_table(state.line, me, other, names)
    else:
        title = _("round-title", round=view.round)
        onward = _button(Button.NEXT_ROUND, "next-round", "next-round", primary=True, autofocus=True)
        testid = "round-over"
    key = f"result-{view.round}-{testid}"
    if state.result_aside == state.token:
        # a region named by its one line: reached by landmark navigation while the table is looked at
        return (f"{key}-aside", f'<section class="result-aside" data-testid="result-aside" role="region" '
                                f'aria-labelledby="{key}-aside-text" data-dialog="{key}-aside">'
                                f'<p id="{key}-aside-text">{e(_("result-aside-text", round=view.round))}</p>'
                                f'<p>{_button(Button.RESULT_ASIDE, "result-back", "result-back", "result")} '
                                f'{onward}</p></section>')
    cause = round_end_cause(view)
    why = (f'<p data-testid="round-why" data-cause="{cause}">{e(_("round-why-" + cause))}</p>'
           if cause else "")
    buttons = f'{onward} {_button(Button.RESULT_ASIDE, "result-aside", "result-aside-button", "table")}'
    body = (f'{why}<table class="scores">{head}{"".join(rows)}</table>'
            f'{"".join(f"<p data-testid=result-note>{e(n)}</p>" for n in notes)}'
            f'<p data-testid="seal">{e(seal)} {e(seals)}</p>{every_round}<p>{buttons}</p>')
    return (key, f'<section class="panel result" role="dialog" aria-modal="true" aria-labelledby="{key}-title" '
                 f'data-testid="round-panel" data-dialog="{key}"><h2 id="{key}-title" '
                 f'data-testid="{testid}">{e(title)}</h2>{body}</section>')


def rounds_table(line, me: int, other: int, names) -> str:
    """Every scored round of the game: both scores, the seal, why it ended (part C)."""
    rows = []
    for final in line.finished_rounds():
        outcome = final.round_result
        seal = names[outcome.seal] if outcome.seal is not None else _("rounds-seal-nobody")
        cause = round_end_cause(view_of(final, me))
        rows.append(f'<tr data-testid="rounds-row" data-round="{final.round}" '
                    f'data-scores="{outcome.scores[me]} {outcome.scores[other]}" '
                    f'data-seal="{"" if outcome.seal is None else outcome.seal}">'
                    f'<th scope="row">{number(final.round)}</th><td>{number(outcome.scores[me])}</td>'
                    f'<td>{number(outcome.scores[other])}</td><td>{e(seal)}</td>'
                    f'<td>{e(_("why-" + cause)) if cause else ""}</td></tr>')
    head = (f'<tr><th scope="col">{e(_("rounds-round"))}</th><th scope="col">{e(names[me])}</th>'
            f'<th scope="col">{e(names[other])}</th><th scope="col">{e(_("rounds-seal"))}</th>'
            f'<th scope="col">{e(_("rounds-why"))}</th></tr>')
    return (f'<h3>{e(_("rounds-title"))}</h3>'
            f'<table class="scores rounds" data-testid="rounds">{head}{"".join(rows)}</table>')


PANELS = {"new": new_game, "rules": rules, "share": share}
