"""A whole position from what one seat knows, so the rules engine can judge a move at once.

A side never holds the other hand or the deck's order: it holds its PlayerView. To check a
move (its own, or one its friend sent) it builds `consistent_state`: a GameState that agrees
with the view and with what the move itself showed (the hidden cards it gives or sells, the
deck cards it draws, the bonus token the side itself took), its other hidden parts filled in
canonical order. Everything the rules need to judge a move, and everything of the position
after it that this seat may see, comes from the view and those facts, so the engine's verdict
and `view_of(apply(...), seat)` are the real ones; the filler never reaches the view.
"""

from __future__ import annotations

from ..actions import Action, Sell, Trade
from ..cards import BONUS_SIZES, BONUS_TOKENS, CAMEL, CARDS, DEAL_SIZE, GOODS, MARKET_START_CAMELS
from ..state import NOTHING_KNOWN, PLAY, GameState, in_seat_order
from ..view import PlayerView
from .deck import CARD_SLOTS, DECK_START
from .errors import refuse


def shown_counts(action: Action, known: tuple[int, ...]) -> tuple[int, ...]:
    """Per good, how many hidden cards of the mover's hand `action` gives or sells: the cards
    everyone saw it take (`known`) leave first, as the engine's `known` counts them."""
    if isinstance(action, Sell):
        given = [0] * len(CARDS)
        given[action.good] = action.count
    elif isinstance(action, Trade):
        given = list(action.given)
    else:
        return (0,) * len(GOODS)
    return tuple(max(0, given[good] - known[good]) for good in GOODS)


def _take(counts: list[int], cards, what: str) -> None:
    for card in cards:
        counts[card] -= 1
        if counts[card] < 0:
            raise refuse("duplicate-card", f"{what} holds a card this seat already sees elsewhere")


def consistent_state(view: PlayerView, hand_has: tuple[int, ...] = (0,) * len(GOODS), deck_top: tuple[int, ...] = (),
                     bonus_top: tuple[int, int] | None = None) -> GameState:
    """A position `view` could be seen from, whose other hand holds its known cards and the goods
    `hand_has`, whose deck starts with `deck_top` and whose bonus pile `bonus_top[0]` has the value
    `bonus_top[1]` on top. RemoteError "duplicate-card" or "inconsistent" if the facts cannot all be true."""
    me, other = view.seat, 1 - view.seat
    unseen = list(view.unseen_cards())
    _take(unseen, deck_top, "the deck")
    hand = [view.known[other][good] + hand_has[good] for good in GOODS]
    _take(unseen, [good for good in GOODS for _ in range(hand[good])], "the other hand")
    for good in GOODS:
        while sum(hand) < view.opponent_hand_size and unseen[good]:
            hand[good] += 1
            unseen[good] -= 1
    deck = list(deck_top) + [card for card in CARDS for _ in range(unseen[card])]
    if sum(hand) != view.opponent_hand_size or len(deck) != view.deck_size:
        raise refuse("inconsistent")
    piles, their_bonus = [], []
    for index, size in enumerate(BONUS_SIZES):
        values = sorted(view.unseen_bonus()[size])
        if bonus_top is not None and bonus_top[0] == index:
            if bonus_top[1] not in values:
                raise refuse("duplicate-card", "a bonus token opened to a value already seen")
            values.remove(bonus_top[1])
            values.insert(0, bonus_top[1])
        keep = view.bonus_sizes[index]
        piles.append(tuple(values[:keep]))
        their_bonus += values[keep:]
    if view.opponent_bonus is not None:
        their_bonus = list(view.opponent_bonus)
    return GameState(
        phase=view.phase, round=view.round, seals=view.seals, round_starter=view.round_starter,
        to_move=view.to_move, market=view.market, deck=tuple(deck), discard=view.discard,
        tokens_taken=view.tokens_taken, bonus_piles=tuple(piles), camel_token=view.camel_token,
        hands=in_seat_order(me, view.hand, tuple(hand)), herds=view.herds, goods_won=view.goods_won,
        bonus_won=in_seat_order(me, view.own_bonus, tuple(their_bonus)), round_result=view.round_result,
        winner=view.winner, known=view.known)


def dealt_view(seat: int, number: int, seals: tuple[int, int], starter: int, hand: tuple[int, ...],
               market_draw: tuple[int, ...], their_camels: int) -> PlayerView:
    """What `seat` sees of a fresh deal (state.deal_cards): its five cards `hand`, the two cards
    drawn into the market beside the three camels, and how many camels the other player showed."""
    market = [0] * len(CARDS)
    market[CAMEL] = MARKET_START_CAMELS
    for card in market_draw:
        market[card] += 1
    goods = tuple(hand.count(good) for good in GOODS)
    herds = in_seat_order(seat, hand.count(CAMEL), their_camels)
    return PlayerView(
        seat=seat, phase=PLAY, round=number, seals=seals, round_starter=starter, to_move=starter,
        market=tuple(market), deck_size=CARD_SLOTS - DECK_START, discard=(), tokens_taken=(0,) * len(GOODS),
        bonus_sizes=tuple(len(BONUS_TOKENS[size]) for size in BONUS_SIZES), camel_token=None, hand=goods,
        herds=herds, goods_won=((((),) * len(GOODS)),) * 2, own_bonus=(), opponent_hand_size=DEAL_SIZE - their_camels,
        opponent_bonus_count=0, opponent_bonus=None, round_result=None, winner=None, known=NOTHING_KNOWN)
