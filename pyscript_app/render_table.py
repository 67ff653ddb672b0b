"""The cards on the table as HTML: market, tokens, both players, the action buttons. Pure.

In play, everything comes from a `PlayerView` of the seat shown, so the other
hand, the deck order and hidden bonus values cannot reach the page. In review
(the record is in the player's hands already) `open_hand` shows a hand face up.
Every word comes from the catalog; every value goes through `e` (html.escape).
Interactive elements carry `data-action` (read by the one delegated listener in
dom.py), `data-key` (keeps keyboard focus across renders) and a stable `data-testid`.
"""

from __future__ import annotations

from html import escape

from jaipur_core import CAMEL, GOODS
from jaipur_core.cards import CAMEL_TOKEN_VALUE, CARD_NAMES

from .controls import Button, Control
from .messages import _, card_name, cards_words, ngettext, number
from .selection import BUTTONS, Choice, row_cards
from .words import hint_words
from .worth import market_after_trade, sale_worth

# The card and token drawings: symbols of one sprite served with the page (same origin,
# precached by the service worker), drawn in the colours CSS gives them. Never an icon
# font or emoji, whose look varies by device.
ART = "art/cards.svg"


def e(value) -> str:
    return escape(str(value), quote=True)


def art(symbol: str, extra: str = "") -> str:
    """A decorative drawing from the sprite: what it shows is always said in words too."""
    return (f'<svg class="art art--{symbol}{extra}" aria-hidden="true" focusable="false">'
            f'<use href="{ART}#{symbol}"></use></svg>')


def token(value: str, good: str = "", extra: str = "") -> str:
    """A round goods token showing its value."""
    return f'<span class="token token--{good}{extra}">{e(value)}</span>'


def card_button(zone: str, index: int, card: int, pressed: bool, extra: str = "") -> str:
    name = CARD_NAMES[card]
    label = _("zone-" + zone, card=card_name(card))
    return (f'<button type="button" class="card card--{name}{extra}" data-action="{Control.SELECT}" '
            f'data-zone="{zone}" data-index="{index}" data-card="{name}" '
            f'data-testid="{zone}-card" data-key="{zone}-{index}" '
            f'aria-pressed="{"true" if pressed else "false"}" aria-label="{e(label)}">'
            f'{art(name, " card-art")}<span class="card-name">{e(card_name(card))}</span></button>')


def face_card(card: int, testid: str) -> str:
    """A card shown face up without being a control (review)."""
    name = CARD_NAMES[card]
    return (f'<span class="card card--{name} card--small" data-testid="{testid}" data-card="{name}">'
            f'{art(name, " card-art")}<span class="visually-hidden">{e(card_name(card))}</span></span>')


def chip(card: int, text: str = "") -> str:
    """A small non-interactive label for a card kind: its drawing + its name (or the given text)."""
    name = CARD_NAMES[card]
    return f'<span class="chip chip--{name}">{art(name)}{e(text or card_name(card))}</span>'



def market(view, selection, new_market, interactive: bool = True, chosen=frozenset()) -> str:
    """`chosen`: market indices the computer is about to take (highlighted before they travel)."""
    cards = "".join(
        card_button("market", i, card, selection.picked("market", i),
                    (" is-new" if i in new_market else "") + (" is-chosen" if i in chosen else ""))
        if interactive else face_card(card, "market-card")
        for i, card in enumerate(row_cards(view.market)))
    deck_size = view.deck_size if hasattr(view, "deck_size") else len(view.deck)
    deck = (f'<div class="deck" data-testid="deck" data-count="{deck_size}" data-flip-zone="deck">'
            f'<span class="card card--back" aria-hidden="true">{art("back")}</span>'
            f'<span class="pile-label">{_("deck", n=deck_size)}</span></div>')
    if view.discard:
        top = view.discard[0]
        discard_top = (f'<span class="card card--{CARD_NAMES[top]} card--small" aria-hidden="true">'
                       f'{art(CARD_NAMES[top], " card-art")}</span>')
        discard_text = _("discard", n=len(view.discard), card=e(card_name(top)))
    else:
        discard_top = '<span class="card card--empty card--small" aria-hidden="true"></span>'
        discard_text = _("discard-empty")
    discard = (f'<div class="discard" data-testid="discard" data-count="{len(view.discard)}" '
               f'data-flip-zone="discard">'
               f'{discard_top}<span class="pile-label">{discard_text}</span></div>')
    return (f'<section class="market-area" aria-label="{e(_("market"))}">'
            f'<div class="market" data-testid="market" data-flip-zone="market">{cards}</div>'
            f'<div class="piles">{deck}{discard}</div></section>')


def tokens(view, names, chosen: int | None = None) -> str:
    """`chosen`: the good the computer is about to sell (its pile is highlighted first)."""
    piles = []
    for good in GOODS:
        name = CARD_NAMES[good]
        values = view.goods_pile(good)
        if values:
            rest = " ".join(number(v) for v in values[1:])
            inner = (f'<b class="token token--{name} token-next" data-testid="pile-next-{name}">'
                     f'{number(values[0])}</b><span class="token-rest">{e(rest)}</span>')
        else:
            inner = f'<span class="token-empty">{e(_("pile-empty"))}</span>'
        label = _("pile-label", good=card_name(good),
                  values=", ".join(map(number, values)) or _("pile-none-left"))
        piles.append(f'<li class="pile pile--{name}{" is-chosen" if good == chosen else ""}" '
                     f'data-testid="pile-{name}" data-flip-zone="pile-{name}" '
                     f'data-values="{e(" ".join(map(str, values)))}" aria-label="{e(label)}">'
                     f'<span class="pile-good">{art(name)}{e(card_name(good))}</span>{inner}</li>')
    sizes = view.bonus_sizes if hasattr(view, "bonus_sizes") else tuple(len(p) for p in view.bonus_piles)
    bonus = "".join(
        f'<li class="bonus-pile" data-testid="bonus-{size}" data-count="{count}">'
        f'<span class="token token--bonus" aria-hidden="true">{art("bonus")}<b>{number(size)}</b></span>'
        f'{_("bonus-pile-5" if size == 5 else "bonus-pile", size=size, n=count)}</li>'
        for size, count in zip((3, 4, 5), sizes, strict=True))
    camel_face = f'<span class="token token--camel" aria-hidden="true">{art("token")}{art("camel")}</span>'
    if view.camel_token is None:
        camel = f'<li class="camel-token" data-testid="camel-token">{camel_face}{e(_("camel-token-table"))}</li>'
    else:
        camel = (f'<li class="camel-token is-won" data-testid="camel-token">{camel_face}'
                 f'{e(_("camel-token-won", name=names[view.camel_token]))}</li>')
    return (f'<section class="tokens" aria-label="{e(_("tokens"))}">'
            f'<ul class="goods-piles">{"".join(piles)}</ul>'
            f'<ul class="bonus-piles">{bonus}{camel}</ul></section>')


def won_tokens(view, player: int) -> str:
    """Each good's tokens won, as round tokens after the good's drawing and (for screen readers) name."""
    chips = [f'<span class="chip chip--{CARD_NAMES[good]}">{art(CARD_NAMES[good])}'
             f'<span class="visually-hidden">{e(card_name(good))}</span>'
             f'{"".join(token(number(v), CARD_NAMES[good], " token--small") for v in view.goods_won[player][good])}'
             f'</span>'
             for good in GOODS if view.goods_won[player][good]]
    return "".join(chips) or f'<span class="muted">{e(_("no-goods-tokens"))}</span>'


def seals(view, player: int, testid: str) -> str:
    count = view.seals[player]
    return (f'<span class="seals" data-testid="{testid}" role="img" aria-label="{e(ngettext("seals-label", count))}">'
            f'{art("seal", " seal") * count}{art("seal", " seal is-empty") * max(0, 2 - count)}</span>')


def backs(count: int) -> str:
    return f'<span class="card card--back card--small" aria-hidden="true">{art("back")}</span>' * count


def opponent(view, names) -> str:
    other = view.opponent
    name = names[other]
    count = view.opponent_hand_size
    if view.opponent_bonus is None:
        bonus = ngettext("opp-bonus-hidden", view.opponent_bonus_count)
    else:
        bonus = e(_("opp-bonus-shown", values=" ".join(map(str, view.opponent_bonus)) or _("none")))
    goods_total = sum(sum(v) for v in view.goods_won[other])
    score_line = _("goods-line", goods=goods_total, bonus=f"<span data-testid=opponent-bonus>{bonus}</span>")
    return (
        f'<section class="player player--opponent" data-testid="opponent" aria-label="{e(name)}" '
        f'data-flip-zone="opponent">'
        f'<h2 class="player-name">{e(name)} {seals(view, other, "opponent-seals")}</h2>'
        f'<div class="opponent-hand" data-testid="opponent-hand" data-count="{count}" '
        f'aria-label="{e(ngettext("opp-hand-label", count, name=name))}">{backs(count)}'
        f'<span class="count">{e(_("in-hand", n=count))}</span></div>'
        f'<div class="herd-count" data-testid="opponent-herd" data-count="{view.herds[other]}">'
        f'{art("camel")}{_("herd-count", n=view.herds[other])}</div>'
        f'<div class="won" data-testid="opponent-tokens" data-flip-zone="won-opponent">{won_tokens(view, other)}'
        f'<span class="score-line">{score_line}'
        f'</span></div></section>')


def me_hidden(view, names) -> str:
    """The seat to move before "Show my hand": only what the other player may see too."""
    me = view.seat
    name = names[me]
    count = sum(view.hand)
    goods_total = sum(sum(v) for v in view.goods_won[me])
    bonus = ngettext("my-bonus-hidden", len(view.own_bonus))
    return (
        f'<section class="player player--me is-hidden" data-testid="me" aria-label="{e(name)}">'
        f'<h2 class="player-name">{e(name)} {seals(view, me, "my-seals")}</h2>'
        f'<div class="opponent-hand" data-testid="hidden-hand" data-count="{count}" '
        f'aria-label="{e(ngettext("hidden-hand-label", count, name=name))}">{backs(count)}'
        f'<span class="count">{e(_("in-hand", n=count))}</span></div>'
        f'<div class="herd-count" data-testid="herd" data-count="{view.herds[me]}">'
        f'{art("camel")}{_("herd-count", n=view.herds[me])}</div>'
        f'<div class="won" data-testid="my-tokens">{won_tokens(view, me)}'
        f'<span class="score-line">{_("goods-line", goods=goods_total, bonus=bonus)}</span></div></section>')


def me(view, names, selection) -> str:
    seat = view.seat
    hand = row_cards(view.hand)
    groups, current, cards = [], None, []
    for i, card in enumerate(hand):
        if card != current and cards:
            groups.append(cards)
            cards = []
        current = card
        cards.append(card_button("hand", i, card, selection.picked("hand", i)))
    if cards:
        groups.append(cards)
    hand_html = "".join(f'<div class="hand-group">{"".join(g)}</div>' for g in groups) or \
        f'<span class="muted">{e(_("no-cards"))}</span>'
    # An empty herd shows its label alone: "Herd 0" already says there are no camels.
    herd = "".join(card_button("herd", i, CAMEL, selection.picked("herd", i), " card--mini")
                   for i in range(view.herds[seat]))
    goods_total = sum(sum(v) for v in view.goods_won[seat])
    bonus_total = sum(view.own_bonus)
    camel = CAMEL_TOKEN_VALUE if view.camel_token == seat and view.round_result else 0
    bonus = " ".join(map(number, view.own_bonus)) or _("none")
    return (
        f'<section class="player player--me" data-testid="me" aria-label="{e(_("your-cards"))}">'
        f'<h2 class="player-name">{e(names[seat])} {seals(view, seat, "my-seals")}'
        f' <span class="score" data-testid="my-score">'
        f'{e(ngettext("rupees", goods_total + bonus_total + camel))}</span></h2>'
        f'<div class="hand" data-testid="hand" data-count="{len(hand)}" data-flip-zone="hand" '
        f'aria-label="{e(_("your-hand", n=len(hand)))}">'
        f'{hand_html}<span class="count">{number(len(hand))}/{number(7)}</span></div>'
        f'<div class="herd" data-testid="herd" data-count="{view.herds[seat]}" data-flip-zone="herd" '
        f'aria-label="{e(_("your-herd"))}">'
        f'<span class="herd-label">{e(_("herd-label", n=view.herds[seat]))}</span>{herd}</div>'
        f'<div class="won" data-testid="my-tokens" data-flip-zone="won-me">{won_tokens(view, seat)}'
        f'<span class="score-line">{e(_("my-goods-line", goods=goods_total, bonus=bonus))}</span></div></section>')


def open_hand(position, seat: int, names) -> str:
    """Review: a player's hand and herd face up (the game is in the reader's hands)."""
    hand = "".join(face_card(card, f"review-hand-{seat}") for card in row_cards(position.hands[seat]))
    herd = position.herds[seat]
    goods_total = sum(sum(v) for v in position.goods_won[seat])
    bonus = " ".join(map(str, position.bonus_won[seat])) or _("none")
    return (f'<section class="player" data-testid="review-player-{seat}" aria-label="{e(names[seat])}">'
            f'<h2 class="player-name">{e(names[seat])}</h2>'
            f'<div class="hand" aria-label="{e(_("hand-of", name=names[seat]))}">'
            f'{hand or e(_("no-cards"))}</div>'
            f'<div class="herd-count" data-testid="review-herd-{seat}" data-count="{herd}">'
            f'{art("camel")}{_("herd-count", n=herd)}</div>'
            f'<div class="won">{won_tokens(position, seat)}'
            f'<span class="score-line">{e(_("my-goods-line", goods=goods_total, bonus=bonus))}'
            f'</span></div></section>')


def actions(view, choices: dict, selection) -> str:
    buttons = []
    for name in BUTTONS:
        choice = choices.get(name, Choice(None, ""))
        label = _("btn-" + name)
        if name == "camels" and view.market[CAMEL]:
            label = _("btn-camels-count", n=view.market[CAMEL])
        # the move in words of the page's language (the notation is the files' English, not the player's)
        detail = hint_words(choice.action, view) if choice.enabled else ""
        preview = _preview(view, name, choice.action) if choice.enabled else ""
        buttons.append(
            f'<button type="button" class="act act--{name}" data-action="{Control.PLAY}" data-value="{name}" '
            f'data-testid="btn-{name}" data-key="btn-{name}" '
            f'aria-disabled="{"false" if choice.enabled else "true"}" '
            f'title="{e(choice.reason or detail)}">{e(label)}'
            f'{f"<small>{e(detail)}</small>" if detail else ""}{preview}</button>')
    clear = (f'<button type="button" class="act act--clear" data-action="{Button.CLEAR}" data-testid="btn-clear" '
             f'data-key="btn-clear"{" disabled" if selection.is_empty() else ""}>{e(_("btn-clear"))}</button>')
    return f'<div class="actions" data-testid="actions">{"".join(buttons)}{clear}</div>'


def _preview(view, name: str, action) -> str:
    """What the Sell or Trade button's move would do, in words (part C: worth)."""
    if name == "sell":
        return sale_preview(view, action.good, action.count)
    if name == "trade":
        after = market_after_trade(view.market, action.taken, action.given)
        return (f'<small class="worth" data-testid="trade-worth">'
                f'{e(_("worth-market-after", cards=cards_words(after)))}</small>')
    return ""


def sale_preview(view, good: int, count: int) -> str:
    """The rupees a sale earns for certain, the bonus it may add, and a pile it empties."""
    worth = sale_worth(view, good, count)
    parts = [("", ngettext("worth-rupees", worth.rupees))]
    if worth.bonus_range is not None:
        low, high = worth.bonus_range
        parts.append((" worth-bonus", _("worth-bonus", value=low) if low == high
                      else _("worth-bonus-range", low=low, high=high)))
    elif worth.bonus_missed:
        parts.append(("", _("worth-bonus-none")))
    if worth.short:
        parts.append(("", ngettext("worth-short", worth.short)))
    if worth.ends_round:
        parts.append(("", _("worth-ends-round", good=card_name(good))))
    elif worth.empties_pile:
        parts.append(("", _("worth-empties", good=card_name(good))))
    low, high = worth.bonus_range or (0, 0)
    return (f'<small class="worth" data-testid="sell-worth" data-rupees="{worth.rupees}" '
            f'data-bonus-low="{low}" data-bonus-high="{high}" '
            f'data-ends-round="{"true" if worth.ends_round else "false"}">'
            f'{"".join(_worth_part(*part) for part in parts)}</small>')


def _worth_part(extra_class: str, text: str) -> str:
    return f'<span class="worth-part{extra_class}">{e(text)}</span>'


# --- layout and motion (part B) -----------------------------------------------------------

def strip(view, names, opened: bool) -> str:
    """Phones: the opponent and the token piles as one compact line; tap for the details.

    The full sections are rendered too; the stylesheet shows them on phones only while
    `opened` (TableState.details), and always on wider screens, where the strip is hidden.
    """
    other = view.opponent
    goods_total = sum(sum(v) for v in view.goods_won[other])
    piles = "".join(
        f'<span class="strip-pile" data-flip-zone="strip-pile-{CARD_NAMES[good]}">'
        f'{chip(good, number(view.goods_pile(good)[0]) if view.goods_pile(good) else "-")}</span>'
        for good in GOODS)
    return (f'<button type="button" class="strip" data-action="{Button.DETAILS}" data-testid="strip" '
            f'data-key="strip" data-flip-zone="strip" aria-expanded="{"true" if opened else "false"}">'
            f'<span class="strip-who"><b>{e(names[other])}</b> {seals(view, other, "strip-seals")}</span>'
            f'<span class="strip-fact">{e(_("in-hand", n=view.opponent_hand_size))}</span>'
            f'<span class="strip-fact">{art("camel")}{_("herd-count", n=view.herds[other])}</span>'
            f'<span class="strip-fact">{e(_("strip-goods", goods=number(goods_total)))}</span>'
            f'<span class="strip-piles">{piles}</span>'
            f'<span class="strip-more">{e(_("strip-close" if opened else "strip-open"))}</span></button>')


def chosen_cards(view, action) -> tuple[frozenset, int | None]:
    """What the computer's `action` takes, to highlight it before it is played:
    (market row indices, the good whose tokens a sale takes)."""
    row = row_cards(view.market)
    if action.kind == "sell":
        return frozenset(), action.good
    if action.kind == "take":
        wanted = {action.good: 1}
    elif action.kind == "camels":
        wanted = {CAMEL: view.market[CAMEL]}
    else:
        wanted = {card: count for card, count in enumerate(action.taken) if count}
    picked = set()
    for card, count in wanted.items():
        picked.update([i for i, c in enumerate(row) if c == card][:count])
    return frozenset(picked), None
