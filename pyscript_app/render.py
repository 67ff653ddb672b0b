"""The table as HTML, from a player view. Pure: no DOM, testable in CPython.

Everything shown comes from a `PlayerView` of the human's seat, so the other
hand, the deck order and hidden bonus values cannot reach the page. Every piece
of text goes through `html.escape`. Interactive elements carry `data-action`
(read by the one delegated listener in dom.py), `data-key` (to keep keyboard
focus across re-renders) and a stable `data-testid`. No inline styles: the
page's CSP forbids them, and CSS owns the look.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from jaipur_core import CAMEL, GOODS
from jaipur_core.cards import CAMEL_TOKEN_VALUE, CARD_NAMES

from .describe import said_by
from .rules_text import RULES_HTML
from .selection import BUTTONS, EMPTY, Choice, Selection, row_cards

GLYPHS = ("◆", "●", "▲", "≋", "✱", "▬", "∩")
LEVELS = ("easy", "medium", "hard")
FIRSTS = (("you", "You"), ("computer", "Computer"), ("random", "Random"))
FRIEND_FIRSTS = (("you", "Player 1"), ("computer", "Player 2"), ("random", "Random"))
OPPONENTS = (("computer", "Computer"), ("friend", "Friend on this device"))
BUTTON_LABELS = {"take": "Take", "camels": "Take camels", "trade": "Trade", "sell": "Sell"}


def e(value) -> str:
    return escape(str(value), quote=True)


@dataclass
class Table:
    """Everything the page shows; built by the controller, rendered here."""

    view: object                          # PlayerView of the human seat (friend mode: the seat to move)
    names: tuple = ("You", "Computer")    # by seat
    selection: Selection = EMPTY
    choices: dict = field(default_factory=dict)
    message: str = ""
    message_kind: str = "info"            # info | error | hint | ok
    log: list = field(default_factory=list)
    status: str = ""
    turn: str = "human"                   # human | ai | handover | over
    new_market: frozenset = frozenset()   # market indices the last move put there
    last_move: str = ""                   # the computer's last move, in words
    last_cards: tuple = ()                # ((verb, ((card, count), ...)), ...) for that move
    panel: str | None = None              # new | rules | share | None
    level: str = "medium"
    settings: dict = field(default_factory=lambda: {"level": "medium", "first": "random",
                                                     "opponent": "computer"})
    share_url: str = ""
    embed: bool = False
    animate: bool = False                 # first render after a change: let CSS play arrivals
    opponent: str = "computer"            # computer | friend (both seats people, names[seat])
    handover: bool = False                # friend mode: the seat's hand stays hidden until ready

    @property
    def you(self):
        """The seat called "You": none in friend mode."""
        return None if self.opponent == "friend" else self.view.seat


def card_button(zone: str, index: int, card: int, pressed: bool, extra: str = "") -> str:
    name = CARD_NAMES[card]
    where = {"market": "in the market", "hand": "in your hand", "herd": "in your herd"}[zone]
    label = f"{name} {where}"
    return (f'<button type="button" class="card card--{name}{extra}" data-action="select" '
            f'data-zone="{zone}" data-index="{index}" data-card="{name}" '
            f'data-testid="{zone}-card" data-key="{zone}-{index}" '
            f'aria-pressed="{"true" if pressed else "false"}" aria-label="{e(label)}">'
            f'<span class="card-glyph" aria-hidden="true">{GLYPHS[card]}</span>'
            f'<span class="card-name">{e(name)}</span></button>')


def chip(card: int, text: str = "") -> str:
    """A small non-interactive card token: glyph + name/value."""
    name = CARD_NAMES[card]
    return (f'<span class="chip chip--{name}"><span aria-hidden="true">{GLYPHS[card]}</span> '
            f'{e(text or name)}</span>')


def render_market(t: Table) -> str:
    view = t.view
    cards = "".join(
        card_button("market", i, card, t.selection.picked("market", i),
                    " is-new" if i in t.new_market else "")
        for i, card in enumerate(row_cards(view.market)))
    deck = (f'<div class="deck" data-testid="deck" data-count="{view.deck_size}">'
            f'<span class="card card--back" aria-hidden="true"></span>'
            f'<span class="pile-label">Deck <b>{view.deck_size}</b></span></div>')
    if view.discard:
        top = view.discard[0]
        discard_top = (f'<span class="card card--{CARD_NAMES[top]} card--small" aria-hidden="true">'
                       f'<span class="card-glyph">{GLYPHS[top]}</span></span>')
        discard_text = f"Discard <b>{len(view.discard)}</b>, top: {e(CARD_NAMES[top])}"
    else:
        discard_top = '<span class="card card--empty card--small" aria-hidden="true"></span>'
        discard_text = "Discard <b>0</b>"
    discard = (f'<div class="discard" data-testid="discard" data-count="{len(view.discard)}">'
               f'{discard_top}<span class="pile-label">{discard_text}</span></div>')
    return (f'<section class="market-area" aria-label="Market">'
            f'<div class="market" data-testid="market">{cards}</div>'
            f'<div class="piles">{deck}{discard}</div></section>')


def render_tokens(t: Table) -> str:
    view = t.view
    piles = []
    for good in GOODS:
        name = CARD_NAMES[good]
        values = view.goods_pile(good)
        if values:
            rest = " ".join(str(v) for v in values[1:])
            inner = (f'<b class="token-next" data-testid="pile-next-{name}">{values[0]}</b>'
                     f'<span class="token-rest">{e(rest)}</span>')
        else:
            inner = '<span class="token-empty">empty</span>'
        piles.append(f'<li class="pile pile--{name}" data-testid="pile-{name}" '
                     f'data-values="{e(" ".join(map(str, values)))}" '
                     f'aria-label="{e(name)} tokens: {e(", ".join(map(str, values)) or "none left")}">'
                     f'<span class="pile-good"><span aria-hidden="true">{GLYPHS[good]}</span> '
                     f'{e(name)}</span>{inner}</li>')
    bonus = "".join(
        f'<li class="bonus-pile" data-testid="bonus-{size}" data-count="{count}">'
        f'<span class="bonus-face" aria-hidden="true">?</span> {size}{"+" if size == 5 else ""} cards: '
        f'<b>{count}</b> left</li>'
        for size, count in zip((3, 4, 5), view.bonus_sizes))
    if view.camel_token is None:
        camel = '<li class="camel-token" data-testid="camel-token">∩ Camel token (5) on the table</li>'
    else:
        camel = (f'<li class="camel-token is-won" data-testid="camel-token">∩ Camel token: '
                 f'{e(t.names[view.camel_token])}</li>')
    return (f'<section class="tokens" aria-label="Tokens">'
            f'<ul class="goods-piles">{"".join(piles)}</ul>'
            f'<ul class="bonus-piles">{bonus}{camel}</ul></section>')


def won_tokens(view, player: int) -> str:
    chips = []
    for good in GOODS:
        values = view.goods_won[player][good]
        if values:
            chips.append(chip(good, " ".join(map(str, values))))
    return "".join(chips) or '<span class="muted">no goods tokens yet</span>'


def seals_text(count: int) -> str:
    return "★" * count + "☆" * max(0, 2 - count)


def render_opponent(t: Table) -> str:
    view = t.view
    other = view.opponent
    name = t.names[other]
    backs = '<span class="card card--back card--small" aria-hidden="true"></span>' * view.opponent_hand_size
    if view.opponent_bonus is None:
        bonus = f'<b>{view.opponent_bonus_count}</b> bonus token{"s" if view.opponent_bonus_count != 1 else ""} (face down)'
    else:
        bonus = "bonus tokens: " + (e(" ".join(map(str, view.opponent_bonus))) or "none")
    goods_total = sum(sum(v) for v in view.goods_won[other])
    return (
        f'<section class="player player--opponent" data-testid="opponent" aria-label="{e(name)}">'
        f'<h2 class="player-name">{e(name)} <span class="seals" data-testid="opponent-seals" '
        f'aria-label="{view.seals[other]} seals">{seals_text(view.seals[other])}</span></h2>'
        f'<div class="opponent-hand" data-testid="opponent-hand" data-count="{view.opponent_hand_size}" '
        f'aria-label="{e(name)}\'s hand: {view.opponent_hand_size} cards">{backs}'
        f'<span class="count">{view.opponent_hand_size} in hand</span></div>'
        f'<div class="herd-count" data-testid="opponent-herd" data-count="{view.herds[other]}">'
        f'∩ herd: <b>{view.herds[other]}</b></div>'
        f'<div class="won" data-testid="opponent-tokens">{won_tokens(view, other)}'
        f'<span class="score-line">goods {goods_total} rupees · '
        f'<span data-testid="opponent-bonus">{bonus}</span></span></div></section>')


def render_me_hidden(t: Table) -> str:
    """The seat to move before "Show my hand": only what the other player may see too."""
    view = t.view
    me = view.seat
    count = sum(view.hand)
    backs = '<span class="card card--back card--small" aria-hidden="true"></span>' * count
    goods_total = sum(sum(v) for v in view.goods_won[me])
    bonus_count = len(view.own_bonus)
    return (
        f'<section class="player player--me is-hidden" data-testid="me" aria-label="{e(t.names[me])}">'
        f'<h2 class="player-name">{e(t.names[me])} <span class="seals" data-testid="my-seals" '
        f'aria-label="{view.seals[me]} seals">{seals_text(view.seals[me])}</span></h2>'
        f'<div class="opponent-hand" data-testid="hidden-hand" data-count="{count}" '
        f'aria-label="{e(t.names[me])}\'s hand: {count} cards, hidden">{backs}'
        f'<span class="count">{count} in hand</span></div>'
        f'<div class="herd-count" data-testid="herd" data-count="{view.herds[me]}">'
        f'∩ herd: <b>{view.herds[me]}</b></div>'
        f'<div class="won" data-testid="my-tokens">{won_tokens(view, me)}'
        f'<span class="score-line">goods {goods_total} rupees · <b>{bonus_count}</b> bonus '
        f'token{"s" if bonus_count != 1 else ""} (face down)</span></div></section>')


def render_me(t: Table) -> str:
    if t.handover:
        return render_me_hidden(t)
    view = t.view
    me = view.seat
    hand = row_cards(view.hand)
    groups, current, cards = [], None, []
    for i, card in enumerate(hand):
        if card != current and cards:
            groups.append(cards)
            cards = []
        current = card
        cards.append(card_button("hand", i, card, t.selection.picked("hand", i)))
    if cards:
        groups.append(cards)
    hand_html = "".join(f'<div class="hand-group">{"".join(g)}</div>' for g in groups) or \
        '<span class="muted">no cards</span>'
    herd = "".join(card_button("herd", i, CAMEL, t.selection.picked("herd", i), " card--mini")
                   for i in range(view.herds[me])) or '<span class="muted">no camels</span>'
    goods_total = sum(sum(v) for v in view.goods_won[me])
    bonus_total = sum(view.own_bonus)
    camel = CAMEL_TOKEN_VALUE if view.camel_token == me and view.round_result else 0
    bonus = " ".join(map(str, view.own_bonus)) or "none"
    return (
        f'<section class="player player--me" data-testid="me" aria-label="Your cards">'
        f'<h2 class="player-name">{e(t.names[me])} <span class="seals" data-testid="my-seals" '
        f'aria-label="{view.seals[me]} seals">{seals_text(view.seals[me])}</span>'
        f' <span class="score" data-testid="my-score">{goods_total + bonus_total + camel} rupees</span></h2>'
        f'<div class="hand" data-testid="hand" data-count="{len(hand)}" aria-label="Your hand, {len(hand)} of 7 cards">'
        f'{hand_html}<span class="count">{len(hand)}/7</span></div>'
        f'<div class="herd" data-testid="herd" data-count="{view.herds[me]}" aria-label="Your herd">'
        f'<span class="herd-label">Herd {view.herds[me]}</span>{herd}</div>'
        f'<div class="won" data-testid="my-tokens">{won_tokens(view, me)}'
        f'<span class="score-line">goods {goods_total} · bonus {e(bonus)}</span></div></section>')


def render_actions(t: Table) -> str:
    buttons = []
    for name in BUTTONS:
        choice = t.choices.get(name, Choice(None, ""))
        label = BUTTON_LABELS[name]
        if name == "camels" and t.view.market[CAMEL]:
            label += f" ({t.view.market[CAMEL]})"
        detail = str(choice.action) if choice.enabled else ""
        buttons.append(
            f'<button type="button" class="act act--{name}" data-action="play" data-value="{name}" '
            f'data-testid="btn-{name}" data-key="btn-{name}" '
            f'aria-disabled="{"false" if choice.enabled else "true"}" '
            f'title="{e(choice.reason or detail)}">{e(label)}'
            f'{f"<small>{e(detail)}</small>" if detail else ""}</button>')
    clear = ('<button type="button" class="act act--clear" data-action="clear" data-testid="btn-clear" '
             f'data-key="btn-clear"{" disabled" if t.selection.is_empty() else ""}>Clear</button>')
    return f'<div class="actions" data-testid="actions">{"".join(buttons)}{clear}</div>'


def render_topbar(t: Table) -> str:
    view = t.view
    items = [("new-game", "panel", "new", "New game"), ("hint", "hint", "", "Hint"),
             ("rules", "panel", "rules", "Rules"), ("share", "share", "", "Link"),
             ("export", "export", "", "Export"), ("import", "import", "", "Import")]
    buttons = "".join(
        f'<button type="button" class="tool" data-action="{action}" data-value="{value}" '
        f'data-testid="btn-{testid}" data-key="tool-{testid}">{e(label)}</button>'
        for testid, action, value, label in items)
    return (f'<div class="topbar"><p class="status" data-testid="status" role="status">'
            f'<span class="round" data-testid="round">Round {view.round}</span> '
            f'<span class="level">{e("friend" if t.opponent == "friend" else t.level)}</span> '
            f'{e(t.status)}</p>'
            f'<div class="tools">{buttons}'
            f'<input type="file" accept=".json,application/json" class="visually-hidden" '
            f'data-testid="import-file" data-change="import-file" tabindex="-1" aria-hidden="true"></div></div>')


def move_cards(parts) -> str:
    out = []
    for verb, cards in parts:
        chips = "".join(chip(card, f"{CARD_NAMES[card]} ×{count}" if count > 1 else "") for card, count in cards)
        out.append(f'<span class="move-part">{e(verb)} {chips}</span>')
    return f'<span class="move-cards">{"".join(out)}</span>' if out else ""


def render_message(t: Table) -> str:
    last = (f'<p class="last-move" data-testid="last-move">{e(t.last_move)} {move_cards(t.last_cards)}</p>'
            if t.last_move else "")
    return (f'<div class="messages">{last}<p class="message message--{e(t.message_kind)}" '
            f'data-testid="message" aria-live="polite">{e(t.message)}</p></div>')


def render_log(t: Table) -> str:
    items = "".join(f"<li>{e(line)}</li>" for line in reversed(t.log))
    return (f'<section class="log-area" aria-label="Game log"><h2>Game log</h2>'
            f'<ol class="log" data-testid="log" reversed>{items}</ol></section>')


def render_result(t: Table) -> str:
    view = t.view
    result = view.round_result
    if result is None:
        return ""
    me, other = view.seat, view.opponent
    bonus = {me: view.own_bonus, other: view.opponent_bonus or ()}
    rows = []

    def row(label, values, testid):
        cells = "".join(f'<td data-testid="{testid}-{p}">{e(values[p])}</td>' for p in (me, other))
        rows.append(f"<tr><th scope=\"row\">{e(label)}</th>{cells}</tr>")

    goods = {p: sum(sum(v) for v in view.goods_won[p]) for p in (0, 1)}
    row("Goods tokens", {p: f"{goods[p]} ({result.goods_counts[p]} tokens)" for p in (0, 1)}, "goods")
    row("Bonus tokens", {p: f"{sum(bonus[p])} ({' '.join(map(str, bonus[p])) or 'none'})"
                         for p in (0, 1)}, "bonus")
    row("Camel token", {p: CAMEL_TOKEN_VALUE if result.camel_token == p else 0 for p in (0, 1)}, "camel")
    row("Total", {p: result.scores[p] for p in (0, 1)}, "total")
    notes = []
    if result.scores[0] == result.scores[1]:
        if result.bonus_counts[0] != result.bonus_counts[1]:
            notes.append("Equal totals: the player with more bonus tokens wins the round.")
        elif result.goods_counts[0] != result.goods_counts[1]:
            notes.append("Equal totals and bonus tokens: the player with more goods tokens wins the round.")
        else:
            notes.append("Equal in every tie-break: nobody takes a seal.")
    if result.camel_token is None:
        notes.append("Equal herds: nobody takes the camel token.")
    if result.seal is None:
        seal = "Nobody takes a seal this round."
    else:
        seal = f"{said_by(t.names[result.seal], 'take', result.seal == t.you)} a seal of excellence."
    seals = f"Seals: {t.names[me]} {view.seals[me]}, {t.names[other]} {view.seals[other]}."
    if view.winner is not None:
        won = view.winner == t.you
        title = "You win the game!" if won else f"{t.names[view.winner]} wins the game."
        button = ('<button type="button" class="primary" data-action="play-again" '
                  'data-testid="play-again" data-key="play-again" data-autofocus>Play again</button>')
        testid = "game-over"
    else:
        title = f"Round {view.round} is over"
        button = ('<button type="button" class="primary" data-action="next-round" '
                  'data-testid="next-round" data-key="next-round" data-autofocus>Next round</button>')
        testid = "round-over"
    head = f'<tr><th></th><th scope="col">{e(t.names[me])}</th><th scope="col">{e(t.names[other])}</th></tr>'
    return (f'<section class="panel result" role="dialog" aria-labelledby="result-title" '
            f'data-testid="round-panel"><h2 id="result-title" data-testid="{testid}">{e(title)}</h2>'
            f'<table class="scores">{head}{"".join(rows)}</table>'
            f'{"".join(f"<p>{e(n)}</p>" for n in notes)}'
            f'<p data-testid="seal">{e(seal)} {e(seals)}</p>{button}</section>')


def render_new_game(t: Table) -> str:
    friend = t.settings.get("opponent") == "friend"
    opponent = "".join(
        f'<button type="button" class="option" data-action="set-opponent" data-value="{v}" '
        f'data-testid="opponent-{v}" data-key="opponent-{v}" '
        f'aria-pressed="{"true" if t.settings.get("opponent", "computer") == v else "false"}">'
        f'{e(label)}</button>' for v, label in OPPONENTS)
    level = "".join(
        f'<button type="button" class="option" data-action="set-level" data-value="{v}" '
        f'data-testid="level-{v}" data-key="level-{v}" aria-pressed="{"true" if t.settings["level"] == v else "false"}">'
        f'{e(v.capitalize())}</button>' for v in LEVELS)
    first = "".join(
        f'<button type="button" class="option" data-action="set-first" data-value="{v}" '
        f'data-testid="first-{v}" data-key="first-{v}" aria-pressed="{"true" if t.settings["first"] == v else "false"}">'
        f'{e(label)}</button>' for v, label in (FRIEND_FIRSTS if friend else FIRSTS))
    difficulty = ("" if friend else
                  f'<p class="option-row" role="group" aria-label="Difficulty">Difficulty: {level}</p>')
    return (f'<section class="panel" role="dialog" aria-labelledby="new-title" data-testid="new-game-panel">'
            f'<h2 id="new-title">New game</h2>'
            f'<p class="option-row" role="group" aria-label="Opponent">Opponent: {opponent}</p>'
            f'{difficulty}'
            f'<p class="option-row" role="group" aria-label="Who starts">Who starts: {first}</p>'
            f'<p><button type="button" class="primary" data-action="new-game" data-testid="start-game" '
            f'data-key="start-game" data-autofocus>Start</button> '
            f'<button type="button" data-action="close" data-testid="close-panel" data-key="close">Cancel</button></p>'
            f'</section>')


def render_rules(t: Table) -> str:
    return (f'<section class="panel rules" role="dialog" aria-labelledby="rules-title" data-testid="rules-panel">'
            f'<h2 id="rules-title">How to play Jaipur</h2>{RULES_HTML}'
            f'<p><button type="button" data-action="close" data-testid="close-panel" data-key="close" '
            f'data-autofocus>Close</button></p></section>')


def render_share(t: Table) -> str:
    return (f'<section class="panel" role="dialog" aria-labelledby="share-title" data-testid="share-panel">'
            f'<h2 id="share-title">Link to this position</h2>'
            f'<p>Anyone opening this link sees the table as you see it now and can try moves from it. '
            f'Cards you cannot see are dealt at random in the link.</p>'
            f'<label class="share-field">Link <input type="text" readonly value="{e(t.share_url)}" '
            f'data-testid="share-link" data-key="share-link"></label>'
            f'<p><button type="button" class="primary" data-action="copy-link" data-testid="copy-link" '
            f'data-key="copy-link" data-autofocus>Copy link</button> '
            f'<button type="button" data-action="close" data-testid="close-panel" data-key="close">Close</button></p>'
            f'</section>')


def render_handover(t: Table) -> str:
    name = t.names[t.view.seat]
    return (f'<section class="panel handover" role="dialog" aria-labelledby="handover-title" '
            f'data-testid="handover"><h2 id="handover-title">Pass the device to {e(name)}</h2>'
            f'<p>{e(name)}: when the other player is not looking, show your hand.</p>'
            f'<p><button type="button" class="primary" data-action="handover-ready" '
            f'data-testid="handover-ready" data-key="handover-ready" data-autofocus>Show my hand'
            f'</button></p></section>')


PANELS = {"new": render_new_game, "rules": render_rules, "share": render_share}


def render(t: Table) -> str:
    """The whole table."""
    view = t.view
    panel = PANELS[t.panel](t) if t.panel in PANELS else ""
    if t.handover and not panel:
        panel = render_handover(t)
    classes = ("table" + (" is-embed" if t.embed else "") + (" is-thinking" if t.turn == "ai" else "")
               + (" animate" if t.animate else ""))
    return (f'<div class="{classes}" data-testid="table" data-turn="{e(t.turn)}" data-phase="{e(view.phase)}" '
            f'data-round="{view.round}">'
            f'{render_topbar(t)}{panel}{render_result(t)}'
            f'{render_opponent(t)}'
            f'<div class="board">{render_market(t)}{render_tokens(t)}</div>'
            f'{render_me(t)}{render_actions(t)}{render_message(t)}{render_log(t)}</div>')
