"""The cards on the table as HTML: market, tokens, both players, the action buttons. Pure.

In play, everything comes from a `PlayerView` of the seat shown, so the other
hand, the deck order and hidden bonus values cannot reach the page. In review
(the record is in the player's hands already) `open_hand` shows a hand face up.
Every word comes from the catalog; all HTML is built with view/markup.py, which
escapes every value that is not Markup already.
Interactive elements carry `data-action` (a app/controls.py member, read by the one
delegated listener in browser/page.py), `data-key` (keeps keyboard focus across renders)
and a stable `data-testid`.
"""

from __future__ import annotations

from jaipur_core import CAMEL, GOODS
from jaipur_core.cards import CAMEL_TOKEN_VALUE, CARD_NAMES

from ..app.controls import Button, Control
from ..app.selection import BUTTONS, Choice, row_cards
from ..words.messages import _, card_name, cards_words, number
from ..words.moves import hint_words
from .markup import Markup, html, join, say, say_n
from .worth import market_after_trade, sale_worth

# The card and token drawings: symbols of one sprite served with the page (same origin,
# precached by the service worker), drawn in the colours CSS gives them. Never an icon
# font or emoji, whose look varies by device.
ART = "art/cards.svg"


def art(symbol: str, extra: str = "") -> Markup:
    """A decorative drawing from the sprite: what it shows is always said in words too."""
    return html('<svg class="art art--{symbol}{extra}" aria-hidden="true" focusable="false">'
                '<use href="{art}#{symbol}"></use></svg>', symbol=symbol, extra=extra, art=ART)


def token(value: str, good: str = "", extra: str = "") -> Markup:
    """A round goods token showing its value."""
    return html('<span class="token token--{good}{extra}">{value}</span>', good=good, extra=extra, value=value)


def _true_false(flag: bool) -> str:
    """An ARIA or data- boolean."""
    return "true" if flag else "false"


def card_button(zone: str, index: int, card: int, pressed: bool, extra: str = "") -> Markup:
    name = CARD_NAMES[card]
    return html('<button type="button" class="card card--{name}{extra}" data-action="{action}" '
                'data-zone="{zone}" data-index="{index}" data-card="{name}" '
                'data-testid="{zone}-card" data-key="{zone}-{index}" '
                'aria-pressed="{pressed}" aria-label="{label}">'
                '{art}<span class="card-name">{card_name}</span></button>',
                name=name, extra=extra, action=Control.SELECT, zone=zone, index=index, pressed=_true_false(pressed),
                label=say("zone-" + zone, card=card_name(card)), art=art(name, " card-art"),
                card_name=card_name(card))


def face_card(card: int, testid: str) -> Markup:
    """A card shown face up without being a control (review): the size and look of a card in play."""
    name = CARD_NAMES[card]
    return html('<span class="card card--{name}" data-testid="{testid}" data-card="{name}">'
                '{art}<span class="card-name">{card_name}</span></span>',
                name=name, testid=testid, art=art(name, " card-art"), card_name=card_name(card))


def chip(card: int, text: str = "") -> Markup:
    """A small non-interactive label for a card kind: its drawing + its name (or the given text)."""
    name = CARD_NAMES[card]
    return html('<span class="chip chip--{name}">{art}{text}</span>', name=name, art=art(name),
                text=text or card_name(card))


def market(view, selection, new_market, interactive: bool = True, chosen=frozenset()) -> Markup:
    """`chosen`: market indices the computer is about to take (highlighted before they travel)."""
    cards = join(
        card_button("market", i, card, selection.picked("market", i),
                    (" is-new" if i in new_market else "") + (" is-chosen" if i in chosen else ""))
        if interactive else face_card(card, "market-card")
        for i, card in enumerate(row_cards(view.market)))
    deck_size = view.deck_size if hasattr(view, "deck_size") else len(view.deck)
    deck = html('<div class="deck" data-testid="deck" data-count="{count}" data-flip-zone="deck">'
                '<span class="card card--back" aria-hidden="true">{art}</span>'
                '<span class="pile-label">{label}</span></div>',
                count=deck_size, art=art("back"), label=say("deck", n=deck_size))
    if view.discard:
        top = view.discard[0]
        discard_top = html('<span class="card card--{name} card--small" aria-hidden="true">{art}</span>',
                           name=CARD_NAMES[top], art=art(CARD_NAMES[top], " card-art"))
        discard_text = say("discard", n=len(view.discard), card=card_name(top))
    else:
        discard_top = Markup('<span class="card card--empty card--small" aria-hidden="true"></span>')
        discard_text = say("discard-empty")
    discard = html('<div class="discard" data-testid="discard" data-count="{count}" data-flip-zone="discard">'
                   '{top}<span class="pile-label">{text}</span></div>',
                   count=len(view.discard), top=discard_top, text=discard_text)
    return html('<section class="market-area" aria-label="{label}">'
                '<div class="market" data-testid="market" data-flip-zone="market">{cards}</div>'
                '<div class="piles">{deck}{discard}</div></section>',
                label=say("market"), cards=cards, deck=deck, discard=discard)


def tokens(view, names, chosen: int | None = None) -> Markup:
    """`chosen`: the good the computer is about to sell (its pile is highlighted first)."""
    piles = []
    for good in GOODS:
        name = CARD_NAMES[good]
        values = view.goods_pile(good)
        if values:
            # A stack, as on the table: the next token on top, the ones under it fanned out so that
            # each value shows. Drawn bottom first (what is drawn last lies on top); the
            # stylesheet lays it out reversed, the top token first.
            under = join(token(number(v), name, " token-under") for v in reversed(values[1:]))
            inner = html('<span class="stack">{under}<b class="token token--{name} token-next" '
                         'data-testid="pile-next-{name}">{next}</b></span>',
                         under=under, name=name, next=number(values[0]))
        else:
            inner = html('<span class="token-empty">{empty}</span>', empty=say("pile-empty"))
        label = _("pile-label", good=card_name(good),
                  values=", ".join(map(number, values)) or _("pile-none-left"))
        piles.append(html('<li class="pile pile--{name}{chosen}" data-testid="pile-{name}" '
                          'data-flip-zone="pile-{name}" data-values="{values}" aria-label="{label}">'
                          '<span class="pile-good">{art}<span class="pile-name">{good_name}</span></span>{inner}</li>',
                          name=name, chosen=" is-chosen" if good == chosen else "",
                          values=" ".join(map(str, values)), label=label, art=art(name),
                          good_name=card_name(good), inner=inner))
    sizes = view.bonus_sizes if hasattr(view, "bonus_sizes") else tuple(len(p) for p in view.bonus_piles)
    bonus = join(
        html('<li class="bonus-pile" data-testid="bonus-{size}" data-count="{count}">'
             '<span class="token token--bonus" aria-hidden="true">{art}<b>{size_shown}</b></span>{words}</li>',
             size=size, count=count, art=art("bonus"), size_shown=number(size),
             words=say("bonus-pile-5" if size == 5 else "bonus-pile", size=size, n=count))
        for size, count in zip((3, 4, 5), sizes, strict=True))
    camel_face = html('<span class="token token--camel" aria-hidden="true">{token}{camel}</span>',
                      token=art("token"), camel=art("camel"))
    if view.camel_token is None:
        camel = html('<li class="camel-token" data-testid="camel-token">{face}{words}</li>',
                     face=camel_face, words=say("camel-token-table"))
    else:
        camel = html('<li class="camel-token is-won" data-testid="camel-token">{face}{words}</li>',
                     face=camel_face, words=say("camel-token-won", name=names[view.camel_token]))
    return html('<section class="tokens" aria-label="{label}"><ul class="goods-piles">{piles}</ul>'
                '<ul class="bonus-piles">{bonus}{camel}</ul></section>',
                label=say("tokens"), piles=join(piles), bonus=bonus, camel=camel)


def won_tokens(view, player: int) -> Markup:
    """Each good's tokens won, as round tokens after the good's drawing and (for screen readers) name."""
    chips = [html('<span class="chip chip--{name}">{art}<span class="visually-hidden">{good_name}</span>'
                  '{tokens}</span>',
                  name=CARD_NAMES[good], art=art(CARD_NAMES[good]), good_name=card_name(good),
                  tokens=join(token(number(v), CARD_NAMES[good], " token--small")
                              for v in view.goods_won[player][good]))
             for good in GOODS if view.goods_won[player][good]]
    return join(chips)  # none yet: the summary's "goods 0 rupees" says so, once


def seals(view, player: int, testid: str) -> Markup:
    count = view.seals[player]
    return html('<span class="seals" data-testid="{testid}" role="img" aria-label="{label}">{won}{empty}</span>',
                testid=testid, label=say_n("seals-label", count), won=join([art("seal", " seal")] * count),
                empty=join([art("seal", " seal is-empty")] * max(0, 2 - count)))


def backs(count: int) -> Markup:
    return join([html('<span class="card card--back card--small" aria-hidden="true">{art}</span>',
                      art=art("back"))] * count)


def herd_summary(count: int, testid: str = "", flip_zone: str = "") -> Markup:
    """Every player's herd in the same words: a camel, "Herd: N"."""
    hooks = html(' data-testid="{testid}" data-count="{count}"', testid=testid, count=count) if testid else ""
    zone = html(' data-flip-zone="{zone}"', zone=flip_zone) if flip_zone else ""
    return html('<span class="herd-summary"{hooks}{zone}>{camel}{words}</span>', hooks=hooks, zone=zone,
                camel=art("camel"), words=say("herd-count", n=count))


def summary_line(table, seat: int, bonus: Markup, testid: str = "", flip_zone: str = "") -> Markup:
    """Every player's tokens won and one line: "goods N rupees · <their bonus tokens>".

    `bonus` says what the reader may know of that seat's bonus tokens: their values (your own,
    or anyone's in review and once a round is over) or only how many lie face down."""
    hooks = html(' data-testid="{testid}"', testid=testid) if testid else ""
    zone = html(' data-flip-zone="{zone}"', zone=flip_zone) if flip_zone else ""
    return html('<div class="won"{hooks}{zone}>{won}<span class="score-line">{line}</span></div>',
                hooks=hooks, zone=zone, won=won_tokens(table, seat),
                line=say("goods-line", goods=number(sum(sum(v) for v in table.goods_won[seat])), bonus=bonus))


def bonus_values(values) -> Markup:
    """Bonus tokens the reader may see: "bonus tokens: 2 3" (or "none")."""
    return say("opp-bonus-shown", values=" ".join(map(number, values)) or _("none"))


# The seats' hooks: the other player's and your own (seen face down in a friend game's hand-over).
_FACE_DOWN_HOOKS = {
    "opponent": dict(section="opponent", hand="opponent-hand", herd="opponent-herd", tokens="opponent-tokens",
                     seals="opponent-seals", hand_label="opp-hand-label", classes="player--opponent",
                     zone="opponent", won_zone="won-opponent"),
    "me": dict(section="me", hand="hidden-hand", herd="herd", tokens="my-tokens", seals="my-seals",
               hand_label="hidden-hand-label", classes="player--me is-hidden", zone="", won_zone=""),
}


def face_down_player(view, seat: int, names, hooks: str, bonus: Markup) -> Markup:
    """A player whose hand is face down: the other player, or yourself before "Show my hand"."""
    hook = _FACE_DOWN_HOOKS[hooks]
    name = names[seat]
    count = view.opponent_hand_size if seat == view.opponent else sum(view.hand)
    zone = html(' data-flip-zone="{zone}"', zone=hook["zone"]) if hook["zone"] else ""
    return html('<section class="player {classes}" data-testid="{section}" aria-label="{name}"{zone}>'
                '<h2 class="player-name">{name} {seals}</h2>'
                '<div class="opponent-hand" data-testid="{hand}" data-count="{count}" '
                'aria-label="{hand_label}">{backs}<span class="count">{in_hand}</span></div>'
                '{herd}{won}</section>',
                classes=hook["classes"], section=hook["section"], name=name, zone=zone,
                seals=seals(view, seat, hook["seals"]), hand=hook["hand"], count=count,
                hand_label=say_n(hook["hand_label"], count, name=name), backs=backs(count),
                in_hand=say("in-hand", n=count),
                herd=herd_summary(view.herds[seat], hook["herd"]),
                won=summary_line(view, seat, bonus, hook["tokens"], hook["won_zone"]))


def opponent(view, names) -> Markup:
    if view.opponent_bonus is None:
        bonus = say_n("opp-bonus-hidden", view.opponent_bonus_count)
    else:
        bonus = bonus_values(view.opponent_bonus)
    return face_down_player(view, view.opponent, names, "opponent",
                            html("<span data-testid=opponent-bonus>{bonus}</span>", bonus=bonus))


def me_hidden(view, names) -> Markup:
    """The seat to move before "Show my hand": only what the other player may see too."""
    return face_down_player(view, view.seat, names, "me", say_n("my-bonus-hidden", len(view.own_bonus)))


def me(view, names, selection) -> Markup:
    seat = view.seat
    hand = row_cards(view.hand)
    groups: list = []
    current: int | None = None
    cards: list = []
    for i, card in enumerate(hand):
        if card != current and cards:
            groups.append(cards)
            cards = []
        current = card
        cards.append(card_button("hand", i, card, selection.picked("hand", i)))
    if cards:
        groups.append(cards)
    hand_html = (join(html('<div class="hand-group">{cards}</div>', cards=join(g)) for g in groups)
                 or html('<span class="muted">{words}</span>', words=say("no-cards")))
    # An empty herd shows its summary alone: "Herd: 0" already says there are no camels.
    herd = join(card_button("herd", i, CAMEL, selection.picked("herd", i), " card--mini")
                for i in range(view.herds[seat]))
    goods_total = sum(sum(v) for v in view.goods_won[seat])
    bonus_total = sum(view.own_bonus)
    camel = CAMEL_TOKEN_VALUE if view.camel_token == seat and view.round_result else 0
    return html('<section class="player player--me" data-testid="me" aria-label="{label}">'
                '<h2 class="player-name">{name} {seals} <span class="score" data-testid="my-score">{score}</span></h2>'
                '<div class="hand" data-testid="hand" data-count="{count}" data-flip-zone="hand" '
                'aria-label="{hand_label}">{hand}<span class="count">{count_shown}/{limit}</span></div>'
                '<div class="herd" data-testid="herd" data-count="{herd_size}" data-flip-zone="herd" '
                'aria-label="{herd_label}">{herd_words}{herd}</div>'
                '{won}</section>',
                label=say("your-cards"), name=names[seat], seals=seals(view, seat, "my-seals"),
                score=say_n("rupees", goods_total + bonus_total + camel), count=len(hand),
                hand_label=say("your-hand", n=len(hand)), hand=hand_html, count_shown=number(len(hand)),
                limit=number(7), herd_size=view.herds[seat], herd_label=say("your-herd"),
                herd_words=herd_summary(view.herds[seat]), herd=herd,
                won=summary_line(view, seat, bonus_values(view.own_bonus), "my-tokens", "won-me"))


def open_hand(position, seat: int, names) -> Markup:
    """Review: a player's hand and herd face up (the game is in the reader's hands)."""
    hand = join(face_card(card, f"review-hand-{seat}") for card in row_cards(position.hands[seat]))
    return html('<section class="player" data-testid="review-player-{seat}" aria-label="{name}">'
                '<h2 class="player-name">{name} {seals}</h2>'
                '<div class="hand" aria-label="{hand_label}">{hand}</div>{herd}{won}</section>',
                seat=seat, name=names[seat], seals=seals(position, seat, f"review-seals-{seat}"),
                hand_label=say("hand-of", name=names[seat]), hand=hand or say("no-cards"),
                herd=herd_summary(position.herds[seat], f"review-herd-{seat}"),
                won=summary_line(position, seat, bonus_values(position.bonus_won[seat])))


def actions(view, choices: dict, selection) -> Markup:
    buttons = []
    for name in BUTTONS:
        choice = choices.get(name, Choice(None, ""))
        label = _("btn-" + name)
        if name == "camels" and view.market[CAMEL]:
            label = _("btn-camels-count", n=view.market[CAMEL])
        # the move in words of the page's language (the notation is the files' English, not the player's)
        detail = hint_words(choice.action, view) if choice.enabled else ""
        preview = _preview(view, name, choice.action) if choice.enabled else ""
        buttons.append(html('<button type="button" class="act act--{name}" data-action="{action}" '
                            'data-value="{name}" data-testid="btn-{name}" data-key="btn-{name}" '
                            'aria-disabled="{disabled}" title="{title}">{label}{detail}{preview}</button>',
                            name=name, action=Control.PLAY, disabled=_true_false(not choice.enabled),
                            title=choice.reason or detail, label=label,
                            detail=html("<small>{detail}</small>", detail=detail) if detail else "",
                            preview=preview))
    clear = html('<button type="button" class="act act--clear" data-action="{action}" data-testid="btn-clear" '
                 'data-key="btn-clear"{disabled}>{label}</button>', action=Button.CLEAR,
                 disabled=Markup(" disabled") if selection.is_empty() else "", label=say("btn-clear"))
    return html('<div class="actions" data-testid="actions">{buttons}{clear}</div>', buttons=join(buttons),
                clear=clear)


def _preview(view, name: str, action) -> Markup:
    """What the Sell or Trade button's move would do, in words (part C: worth)."""
    if name == "sell":
        return sale_preview(view, action.good, action.count)
    if name == "trade":
        after = market_after_trade(view.market, action.taken, action.given)
        return html('<small class="worth" data-testid="trade-worth">{words}</small>',
                    words=say("worth-market-after", cards=cards_words(after)))
    return Markup("")


def sale_preview(view, good: int, count: int) -> Markup:
    """The rupees a sale earns for certain, the bonus it may add, and a pile it empties."""
    worth = sale_worth(view, good, count)
    parts = [("", say_n("worth-rupees", worth.rupees))]
    if worth.bonus_range is not None:
        low, high = worth.bonus_range
        parts.append((" worth-bonus", say("worth-bonus", value=low) if low == high
                      else say("worth-bonus-range", low=low, high=high)))
    elif worth.bonus_missed:
        parts.append(("", say("worth-bonus-none")))
    if worth.short:
        parts.append(("", say_n("worth-short", worth.short)))
    if worth.ends_round:
        parts.append(("", say("worth-ends-round", good=card_name(good))))
    elif worth.empties_pile:
        parts.append(("", say("worth-empties", good=card_name(good))))
    low, high = worth.bonus_range or (0, 0)
    return html('<small class="worth" data-testid="sell-worth" data-rupees="{rupees}" '
                'data-bonus-low="{low}" data-bonus-high="{high}" data-ends-round="{ends}">{parts}</small>',
                rupees=worth.rupees, low=low, high=high, ends=_true_false(worth.ends_round),
                parts=join(_worth_part(*part) for part in parts))


def _worth_part(extra_class: str, text: Markup) -> Markup:
    return html('<span class="worth-part{extra_class}">{text}</span>', extra_class=extra_class, text=text)


# --- layout and motion (part B) -----------------------------------------------------------

def strip(view, names, opened: bool) -> Markup:
    """Phones: the opponent and the token piles as one compact line; tap for the details.

    The full sections are rendered too; the stylesheet shows them on phones only while
    `opened` (TableState.details), and always on wider screens, where the strip is hidden.
    """
    other = view.opponent
    goods_total = sum(sum(v) for v in view.goods_won[other])
    piles = join(
        html('<span class="strip-pile" data-flip-zone="strip-pile-{name}">{chip}</span>', name=CARD_NAMES[good],
             chip=chip(good, number(view.goods_pile(good)[0]) if view.goods_pile(good) else "-"))
        for good in GOODS)
    return html('<button type="button" class="strip" data-action="{action}" data-testid="strip" '
                'data-key="strip" data-flip-zone="strip" aria-expanded="{opened}">'
                '<span class="strip-who"><b>{name}</b> {seals}</span>'
                '<span class="strip-fact">{in_hand}</span>'
                '<span class="strip-fact">{camel}{herd_words}</span>'
                '<span class="strip-fact">{goods}</span>'
                '<span class="strip-piles">{piles}</span>'
                '<span class="strip-more">{more}</span></button>',
                action=Button.DETAILS, opened=_true_false(opened), name=names[other],
                seals=seals(view, other, "strip-seals"), in_hand=say("in-hand", n=view.opponent_hand_size),
                camel=art("camel"), herd_words=say("herd-count", n=view.herds[other]),
                goods=say("strip-goods", goods=number(goods_total)), piles=piles,
                more=say("strip-close" if opened else "strip-open"))


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
