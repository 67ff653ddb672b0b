"""The dialogs: New game, Rules, Link, hand-over, the round/game result. Pure.

Each is returned as (key, html); browser/page.py keeps an open dialog's node when its key
is unchanged and only refreshes what is inside, so a screen reader stays put.
"""

from __future__ import annotations

from jaipur_core import view_of
from jaipur_core.ai import LEVELS
from jaipur_core.cards import CAMEL_TOKEN_VALUE

from ..app.controls import Button, Control
from ..app.keys import ACTION_KEYS, FOCUS_KEYS
from ..app.saves import KEPT_LIMIT
from ..blog.maker_view import maker_section
from ..words.messages import _, ngettext, number
from ..words.steps import step_said
from .markup import Markup, html, join, say

_PRIMARY = Markup(" class=primary")
_AUTOFOCUS = Markup(" data-autofocus")


def _button(action: Button, label_id: str, testid: str, value: str = "", primary: bool = False,
            autofocus: bool = False) -> Markup:
    return html('<button type="button"{primary} data-action="{action}" data-value="{value}" data-testid="{testid}" '
                'data-key="{testid}"{autofocus}>{label}</button>',
                primary=_PRIMARY if primary else "", action=action, value=value, testid=testid,
                autofocus=_AUTOFOCUS if autofocus else "", label=say(label_id))


def _options(action: Control, chosen: str, choices, testid: str) -> Markup:
    return join(
        html('<button type="button" class="option" data-action="{action}" data-value="{value}" '
             'data-testid="{testid}-{value}" data-key="{testid}-{value}" aria-pressed="{pressed}">{label}</button>',
             action=action, value=value, testid=testid, pressed="true" if chosen == value else "false",
             label=say(label))
        for value, label in choices)


def _dialog(key: str, testid: str, title, body: Markup, extra_class: str = "") -> tuple:
    return (key, html('<section class="panel{extra_class}" role="dialog" aria-modal="true" '
                      'aria-labelledby="{key}-title" data-testid="{testid}" data-dialog="{key}">'
                      '<h2 id="{key}-title">{title}</h2>{body}</section>',
                      extra_class=extra_class, key=key, testid=testid, title=title, body=body))


def _option_row(label_id: str, options: Markup) -> Markup:
    return html('<p class="option-row" role="group" aria-label="{label}">{label} {options}</p>',
                label=say(label_id), options=options)


def new_game(state) -> tuple:
    settings = state.settings
    friend = settings.opponent == "friend"
    opponent = _options(Control.SET_OPPONENT, settings.opponent,
                        (("computer", "opponent-computer"), ("friend", "opponent-friend")), "opponent")
    level = _options(Control.SET_LEVEL, settings.level, ((v, "level-" + v) for v in LEVELS), "level")
    firsts = ((("you", "first-player-1"), ("computer", "first-player-2"), ("random", "first-random"))
              if friend else (("you", "first-you"), ("computer", "first-computer"), ("random", "first-random")))
    first = _options(Control.SET_FIRST, settings.first, firsts, "first")
    difficulty = "" if friend else _option_row("difficulty", level)
    kept = ""
    if state.kept:
        rows = join(
            html('<li data-testid="kept-game">{words} {resume} {delete}</li>',
                 words=kept_words(k), resume=_button(Button.RESUME, "resume", f"resume-kept-{i}", str(i)),
                 delete=_button(Button.DELETE_KEPT, "delete", f"delete-kept-{i}", str(i)))
            for i, k in enumerate(state.kept[:KEPT_LIMIT]))
        kept = html('<h3>{title}</h3><ul class="kept" data-testid="kept-games">{rows}</ul>',
                    title=say("kept-title"), rows=rows)
    body = html('{opponent}{difficulty}{first}<p>{start} {cancel}</p>{kept}',
                opponent=_option_row("opponent", opponent), difficulty=difficulty,
                first=_option_row("who-starts", first),
                start=_button(Button.NEW_GAME, "start", "start-game", primary=True, autofocus=True),
                cancel=_button(Button.CLOSE, "cancel", "close-panel"), kept=kept)
    return _dialog("new", "new-game-panel", say("new-title"), body)


def kept_words(kept) -> str:
    moves = ngettext("kept-moves", kept.moves)
    if kept.mode == "friend":
        return _("kept-line-friend", round=kept.round, moves=moves)
    return _("kept-line-computer", level=_("level-" + kept.level), round=kept.round, moves=moves)


def rules(state) -> tuple:
    # The rules are HTML in the catalog by design (headings, lists): written by us and the
    # translators, reviewed like the source, so trusted as Markup.
    body = html('{rules}{keys}<p>{close}</p>', rules=Markup(_("rules-html")), keys=keys_help(),
                close=_button(Button.CLOSE, "close", "close-panel", autofocus=True))
    return _dialog("rules", "rules-panel", say("rules-title"), body, " rules")


def share(state) -> tuple:
    """The Link panel: the page the links open in, the position's link and the whole game's
    (or why the game's is not offered)."""
    shared = state.share
    reviewing = state.review is not None
    pages = join(
        html('<button type="button" class="option" data-action="{action}" data-value="{value}" '
             'data-testid="share-page-{value}" data-key="share-page-{value}" aria-pressed="{pressed}">'
             '{label}</button>',
             action=Button.SHARE_PAGE, value=value, pressed="true" if shared and shared.page == value else "false",
             label=say("share-page-" + value))
        for value in ("index", "embed"))
    position = _link_field("share-field", state.share_link("position"), "share-link",
                           say("share-text-review" if reviewing else "share-text"),
                           _button(Button.COPY_LINK, "copy-link", "copy-link", "position", primary=True,
                                   autofocus=True))
    if shared is not None and shared.game is not None:
        about = say("share-game-text")
        if reviewing:
            said_id, params = step_said(state.game, state.review, "share-game-step")
            about = html("{text} {step}", text=about, step=say(said_id, **params))
        whole = _link_field("share-game-field", state.share_link("game"), "share-game-link", about,
                            _button(Button.COPY_LINK, "copy-game-link", "copy-game-link", "game"))
    else:
        why = shared.game_why if shared is not None and shared.game_why else "share-game-later"
        whole = html('<p data-testid="share-game-none">{why}</p>', why=say(why))
    if shared is not None and shared.puzzle is not None:
        whole = join((_link_field("share-puzzle-field", state.share_link("puzzle"), "share-puzzle-link",
                                  say("share-puzzle-text"),
                                  _button(Button.COPY_LINK, "copy-puzzle-link", "copy-puzzle-link", "puzzle")),
                      whole))
    body = html('{pages}{position}{whole}{maker}<p>{puzzle}</p><p>{close}</p>', pages=_option_row("share-page", pages),
                position=position, whole=whole, maker=maker_section(state),
                puzzle=_button(Button.PUZZLE, "puzzle-make", "puzzle-make", "make"),
                close=_button(Button.CLOSE, "close", "close-panel"))
    return _dialog("share", "share-panel", say("share-title"), body)


def _link_field(label_id: str, url: str, testid: str, about: Markup, copy: Markup) -> Markup:
    return html('<label class="share-field">{label} <input type="text" readonly value="{url}" '
                'data-testid="{testid}" data-key="{testid}"></label><p>{about}</p><p>{copy}</p>',
                label=say(label_id), url=url, testid=testid, about=about, copy=copy)


def handover(state, names) -> tuple:
    name = names[state.seat]
    takeback = ""
    if state.line.rounds[-1].actions:
        takeback = html(" {button}", button=_button(Button.TAKE_BACK, "tool-takeback", "handover-takeback"))
    body = html('<p>{text}</p><p>{ready}{takeback}</p>', text=say("handover-text", name=name),
                ready=_button(Button.HANDOVER_READY, "show-hand", "handover-ready", primary=True, autofocus=True),
                takeback=takeback)
    return _dialog("handover", "handover", say("handover-title", name=name), body, " handover")


def result(state, view, names) -> tuple | None:
    outcome = view.round_result
    if outcome is None:
        return None
    me, other = view.seat, view.opponent
    bonus = {me: view.own_bonus, other: view.opponent_bonus or ()}
    rows = []

    def row(label_id, values, testid):
        cells = join(html('<td data-testid="{testid}-{p}">{value}</td>', testid=testid, p=p, value=values[p])
                     for p in (me, other))
        rows.append(html('<tr><th scope="row">{label}</th>{cells}</tr>', label=say(label_id), cells=cells))

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
    head = html('<tr><td></td><th scope="col">{me}</th><th scope="col">{other}</th></tr>',
                me=names[me], other=names[other])
    every_round = ""
    if view.winner is not None:
        title = _("win-you") if view.winner == you else _("win-name", name=names[view.winner])
        onward = html("{again} {review}",
                      again=_button(Button.PLAY_AGAIN, "play-again", "play-again", primary=True, autofocus=True),
                      review=_button(Button.REVIEW, "tool-review", "review-game"))
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
        return (f"{key}-aside", html('<section class="result-aside" data-testid="result-aside" role="region" '
                                     'aria-labelledby="{key}-aside-text" data-dialog="{key}-aside">'
                                     '<p id="{key}-aside-text">{text}</p><p>{back} {onward}</p></section>',
                                     key=key, text=say("result-aside-text", round=view.round),
                                     back=_button(Button.RESULT_ASIDE, "result-back", "result-back", "result"),
                                     onward=onward))
    cause = view.round_end_cause()
    why = (html('<p data-testid="round-why" data-cause="{cause}">{words}</p>', cause=cause,
                words=say("round-why-" + cause)) if cause else "")
    buttons = html("{onward} {aside}", onward=onward,
                   aside=_button(Button.RESULT_ASIDE, "result-aside", "result-aside-button", "table"))
    body = html('{why}<table class="scores">{head}{rows}</table>{notes}'
                '<p data-testid="seal">{seal} {seals}</p>{every_round}<p>{buttons}</p>',
                why=why, head=head, rows=join(rows),
                notes=join(html("<p data-testid=result-note>{note}</p>", note=n) for n in notes),
                seal=seal, seals=seals, every_round=every_round, buttons=buttons)
    return (key, html('<section class="panel result" role="dialog" aria-modal="true" aria-labelledby="{key}-title" '
                      'data-testid="round-panel" data-dialog="{key}"><h2 id="{key}-title" '
                      'data-testid="{testid}">{title}</h2>{body}</section>',
                      key=key, testid=testid, title=title, body=body))


def rounds_table(line, me: int, other: int, names) -> Markup:
    """Every scored round of the game: both scores, the seal, why it ended (part C)."""
    rows = []
    for final in line.finished_rounds():
        outcome = final.round_result
        seal = names[outcome.seal] if outcome.seal is not None else _("rounds-seal-nobody")
        cause = view_of(final, me).round_end_cause()
        rows.append(html('<tr data-testid="rounds-row" data-round="{round}" data-scores="{mine} {theirs}" '
                         'data-seal="{seal_seat}"><th scope="row">{round_shown}</th><td>{mine_shown}</td>'
                         '<td>{theirs_shown}</td><td>{seal}</td><td>{why}</td></tr>',
                         round=final.round, mine=outcome.scores[me], theirs=outcome.scores[other],
                         seal_seat="" if outcome.seal is None else outcome.seal,
                         round_shown=number(final.round), mine_shown=number(outcome.scores[me]),
                         theirs_shown=number(outcome.scores[other]), seal=seal,
                         why=say("why-" + cause) if cause else ""))
    head = html('<tr><th scope="col">{round}</th><th scope="col">{me}</th><th scope="col">{other}</th>'
                '<th scope="col">{seal}</th><th scope="col">{why}</th></tr>',
                round=say("rounds-round"), me=names[me], other=names[other], seal=say("rounds-seal"),
                why=say("rounds-why"))
    return html('<h3>{title}</h3><table class="scores rounds" data-testid="rounds">{head}{rows}</table>',
                title=say("rounds-title"), head=head, rows=join(rows))


PANELS = {"new": new_game, "rules": rules, "share": share}


def keys_help() -> Markup:
    """The keys section of the help (rules panel): every key, from the lists above."""

    def row(labels, help_id: str) -> Markup:
        keys = join((html("<kbd>{label}</kbd>", label=label) for label in labels), " ")
        return html("<dt>{keys}</dt><dd>{words}</dd>", keys=keys, words=say(help_id))

    rows = [row((k.label,), k.help_id) for k in ACTION_KEYS + FOCUS_KEYS]
    rows += [row((_("key-label-tab"),), "key-tab"),
             row(("←", "→", "↑", "↓", _("key-label-home"), _("key-label-end")), "key-arrows"),
             row((_("key-label-space"), _("key-label-enter")), "key-select"),
             row((_("key-label-escape"),), "key-escape")]
    return html('<section class="keys-help" data-testid="keys-help" aria-labelledby="keys-help-title">'
                '<h3 id="keys-help-title">{title}</h3><dl class="keys">{rows}</dl></section>',
                title=say("keys-title"), rows=join(rows))
