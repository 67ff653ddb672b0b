"""Legal actions, why an action is illegal, and applying an action.

Legal actions depend only on the market, the mover's hand and herd. They are
assembled from pieces cached on the few facts each piece depends on, so that in
a search or a long simulation most of the work is a few dictionary lookups while
the generator still enumerates every trade.
"""

from __future__ import annotations

from itertools import product
from operator import mul

from .actions import CAMELS, Action, Sell, TakeCamels, TakeGood, Trade, cards_text, parse_action
from .cards import (
    BONUS_SIZES,
    CAMEL,
    CARD_NAMES,
    DIAMOND,
    EMPTY_PILES_TO_END,
    GOODS,
    GOODS_TOKENS,
    HAND_LIMIT,
    PLURAL_NAMES,
    PRECIOUS,
    PRECIOUS_MINIMUM_SALE,
    bonus_pile_for,
    count_words,
)
from .errors import IllegalActionError, Reason
from .scoring import score_round
from .state import GAME_OVER, PLAY, ROUND_OVER, GameState

_PILE_SIZES = tuple(len(pile) for pile in GOODS_TOKENS)
_BONUS_INDEX = {size: index for index, size in enumerate(BONUS_SIZES)}
_CACHE_LIMIT = 100_000
_interned: dict[Action, Action] = {}  # one object per take and sell action
_market_cache: dict = {}   # (market, hand full?) -> (camels + takes, trade plans)
_sell_cache: dict = {}     # hand -> sells
_trade_cache: dict = {}    # (taken, hand without taken goods, camels givable) -> trades
_gives_cache: dict = {}    # (limits per card, size) -> what may be given, by text
_trade_objects: dict = {}  # (taken, given) -> the one Trade with those counts


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal action for the player to move, sorted by notation, no duplicates.

    The list is assembled from pieces cached on the few facts each depends on
    (the market; the hand; for each possible taking, the cards that could be
    given for it), in an order that equals sorting by the notation: 'camels' <
    'sell ...' < 'take ...' < 'trade ...', trades by taken then given text.
    """
    if state.phase != PLAY:
        return ()
    player = state.to_move
    return legal_actions_for(state.market, state.hands[player], state.herds[player])


def legal_actions_for(market: tuple[int, ...], hand: tuple[int, ...], herd: int) -> tuple[Action, ...]:
    """The legal actions of a player with `hand` and `herd` facing `market` (all counts)."""
    hand_size = sum(hand)
    key = (market, hand_size >= HAND_LIMIT)
    market_part = _market_cache.get(key)
    if market_part is None:
        market_part = _cached(_market_cache, key, _market_actions(market, hand_size >= HAND_LIMIT))
    takes, plans = market_part
    sells = _sell_cache.get(hand)
    if sells is None:
        sells = _cached(_sell_cache, hand, _sells(hand))
    if not plans:
        return takes[:1] + sells + takes[1:] if takes and takes[0] is CAMELS else sells + takes
    camels_givable = min(herd, HAND_LIMIT - hand_size)
    actions = [*takes[:1], *sells, *takes[1:]] if takes and takes[0] is CAMELS else [*sells, *takes]
    for taken, keep, size in plans:
        # Only goods of other types than the taken ones may be given back.
        givable = tuple(map(mul, hand, keep))
        camels = camels_givable if camels_givable < size else size
        if sum(givable) + camels < size:
            continue
        trade_key = (taken, givable, camels)
        trades = _trade_cache.get(trade_key)
        if trades is None:
            trades = _cached(_trade_cache, trade_key, _trades(taken, givable, camels, size))
        actions += trades
    return tuple(actions)


def _cached(cache: dict, key, value):
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[key] = value
    return value


def _intern(action: Action) -> Action:
    return _interned.setdefault(action, action)


def _market_actions(market, hand_full: bool):
    """Camels and one-good takes (sorted), and every taking of 2+ goods (by text)."""
    takes = [] if hand_full else [_intern(TakeGood(good)) for good in GOODS if market[good]]
    takes.sort(key=str)
    if market[CAMEL]:
        takes.insert(0, CAMELS)
    plans = []
    for taken in product(*(range(market[good] + 1) for good in GOODS)):
        size = sum(taken)
        if size >= 2:
            keep = tuple(0 if count else 1 for count in taken)
            plans.append((taken + (0,), keep, size))
    plans.sort(key=lambda plan: cards_text(plan[0]))
    return tuple(takes), tuple(plans)


def _sells(hand) -> tuple[Action, ...]:
    sells: list[Action] = []
    for good in GOODS:
        lowest = PRECIOUS_MINIMUM_SALE if good in PRECIOUS else 1
        sells.extend(_intern(Sell(good, count)) for count in range(lowest, hand[good] + 1))
    sells.sort(key=str)
    return tuple(sells)


def _trades(taken, givable, camels, size) -> tuple[Action, ...]:
    """Every trade of `taken` for `size` cards from `givable` goods and `camels`."""
    gives_key = (givable + (camels,), size)
    gives = _gives_cache.get(gives_key)
    if gives is None:
        gives = sorted(_bounded_multisets(gives_key[0], size), key=cards_text)
        gives = _cached(_gives_cache, gives_key, tuple(gives))
    trades = []
    for given in gives:
        trade = _trade_objects.get((taken, given))
        if trade is None:
            trade = _trade_objects[(taken, given)] = Trade(taken, given)
        trades.append(trade)
    return tuple(trades)


def is_legal(state: GameState, action: Action | str) -> bool:
    """Whether the mover may play `action` (text is parsed, as by `apply`)."""
    return why_illegal(state, action) is None


def _bounded_multisets(limits, size, start=0):
    """Count tuples c with c[i] <= limits[i] for i >= start and sum(c) == size."""
    if start == len(limits) - 1:
        if size <= limits[start]:
            yield (size,)
        return
    room_after = sum(limits[start + 1:])
    for count in range(max(0, size - room_after), min(limits[start], size) + 1):
        for rest in _bounded_multisets(limits, size - count, start + 1):
            yield (count,) + rest


def why_illegal(state: GameState, action: Action | str) -> str | None:
    """A one-line reason the mover may not play `action`, or None if it is legal.

    Checked straight from the rules, without generating the legal list; the
    tests hold it equal to membership in `legal_actions`.
    """
    if isinstance(action, str):
        action = parse_action(action)
    if state.phase == ROUND_OVER:
        return Reason("round-over", "The round is over")
    if state.phase == GAME_OVER:
        return Reason("game-over", "The game is over")
    player = state.to_move
    hand, market = state.hands[player], state.market
    # isinstance, not `action.kind`: the type checker follows it to each kind's fields.
    if isinstance(action, TakeGood):
        if sum(hand) >= HAND_LIMIT:
            return Reason("hand-full", f"Your hand already holds {HAND_LIMIT} cards", limit=HAND_LIMIT)
        if not market[action.good]:
            return Reason("market-lacks", f"The market has no {CARD_NAMES[action.good]}",
                          good=CARD_NAMES[action.good])
        return None
    if isinstance(action, TakeCamels):
        return None if market[CAMEL] else Reason("no-camels", "There are no camels in the market")
    if isinstance(action, Sell):
        good, count = action.good, action.count
        if good == CAMEL:
            return Reason("camels-not-sold", "Camels cannot be sold")
        if good in PRECIOUS and count < PRECIOUS_MINIMUM_SALE:
            verb = "are" if good == DIAMOND else "is"
            return Reason("sell-precious-minimum",
                          f"{PLURAL_NAMES[good].capitalize()} {verb} sold at least two at a time",
                          good=CARD_NAMES[good], minimum=PRECIOUS_MINIMUM_SALE)
        if hand[good] < count:
            return Reason("hand-lacks", f"You have {_only(hand[good], good)} in your hand",
                          good=CARD_NAMES[good], count=hand[good])
        return None
    if isinstance(action, Trade):
        return _why_trade_illegal(action, market, hand, state.herds[player])
    return Reason("unknown-action", "Unknown action")


def _why_trade_illegal(action: Trade, market, hand, herd) -> str | None:
    taken, given = action.taken, action.given
    taken_count, given_count = sum(taken), sum(given)
    if taken[CAMEL]:
        return Reason("trade-takes-camels", "A trade never takes camels: take all the camels instead")
    if taken_count < 2:
        return Reason("trade-too-few", "A trade takes at least two goods; to take one good, use take")
    if given_count != taken_count:
        return Reason("trade-unequal",
                      f"A trade gives back as many cards as it takes ({taken_count}, not {given_count})",
                      taken=taken_count, given=given_count)
    for good in GOODS:
        if taken[good] > market[good]:
            return Reason("market-short", f"The market has {_only(market[good], good)}",
                          good=CARD_NAMES[good], count=market[good])
    for good in GOODS:
        if taken[good] and given[good]:
            return Reason("trade-same-good",
                          f"You cannot give back {CARD_NAMES[good]} while taking {CARD_NAMES[good]}",
                          good=CARD_NAMES[good])
    for good in GOODS:
        if given[good] > hand[good]:
            return Reason("hand-lacks", f"You have {_only(hand[good], good)} in your hand",
                          good=CARD_NAMES[good], count=hand[good])
    if given[CAMEL] > herd:
        return Reason("herd-short", f"You have {_only(herd, CAMEL)} in your herd", count=herd)
    # Camels given grow the hand by as many goods taken in their place.
    hand_after = sum(hand) + given[CAMEL]
    if hand_after > HAND_LIMIT:
        return Reason("hand-over-limit",
                      f"Your hand would hold {hand_after} cards; the limit is {HAND_LIMIT}",
                      count=hand_after, limit=HAND_LIMIT)
    return None


def _only(count: int, card: int) -> str:
    return f"no {PLURAL_NAMES[card]}" if count == 0 else f"only {count_words(card, count)}"


def apply(state: GameState, action: Action | str) -> GameState:
    """The state after the mover plays `action`; the given state is unchanged.

    Raises InvalidActionError for text that is not an action and
    IllegalActionError (with the reason) for an action the rules refuse.
    """
    if isinstance(action, str):
        action = parse_action(action)
    reason = why_illegal(state, action)
    if reason is not None:
        raise IllegalActionError(action, reason)
    return apply_legal(state, action)


def apply_legal(state: GameState, action: Action) -> GameState:
    """`apply` without the legality check: only for actions from `legal_actions`."""
    player = state.to_move
    new = state.copy()
    new.to_move = 1 - player
    if isinstance(action, Sell):
        return _sell(state, new, player, action.good, action.count)
    hand = list(state.hands[player])
    market = list(state.market)
    if isinstance(action, TakeGood):
        good = action.good
        market[good] -= 1
        hand[good] += 1
        missing = 1
        known = state.known[player]
        new.known = _with(state.known, player, _with(known, good, known[good] + 1))
    elif isinstance(action, TakeCamels):
        missing = market[CAMEL]
        market[CAMEL] = 0
        new.herds = _with(state.herds, player, state.herds[player] + missing)
    elif isinstance(action, Trade):
        taken, given = action.taken, action.given
        for card in range(7):
            market[card] += given[card] - taken[card]
        for good in GOODS:
            hand[good] += taken[good] - given[good]
        if given[CAMEL]:
            new.herds = _with(state.herds, player, state.herds[player] - given[CAMEL])
        missing = 0
        new.known = _with(state.known, player, _known_after_trade(state.known[player], taken, given))
    else:
        raise TypeError(f"not an action: {action!r}")
    new.hands = _with(state.hands, player, tuple(hand))
    if missing:
        deck = state.deck
        drawn = deck[:missing]
        for card in drawn:
            market[card] += 1
        new.deck = deck[missing:]
        new.market = tuple(market)
        if len(drawn) < missing:
            # The deck could not refill the market: the round ends after this action.
            return score_round(new)
    else:
        new.market = tuple(market)
    return new


def _sell(state: GameState, new: GameState, player: int, good: int, count: int) -> GameState:
    hand = list(state.hands[player])
    hand[good] -= count
    new.hands = _with(state.hands, player, tuple(hand))
    known = state.known[player]
    if known[good]:  # the sold cards left the hand, the known ones first at worst
        new.known = _with(state.known, player, _with(known, good, max(0, known[good] - count)))
    new.discard = (good,) * count + state.discard
    taken = state.tokens_taken[good]
    paid = GOODS_TOKENS[good][taken:taken + count]
    if paid:
        new.tokens_taken = _with(state.tokens_taken, good, taken + len(paid))
        won = state.goods_won[player]
        new.goods_won = _with(state.goods_won, player, _with(won, good, won[good] + paid))
    size = bonus_pile_for(count)
    if size is not None:
        index = _BONUS_INDEX[size]
        pile = state.bonus_piles[index]
        if pile:  # Decision: an empty bonus pile pays nothing.
            new.bonus_piles = _with(state.bonus_piles, index, pile[1:])
            new.bonus_won = _with(state.bonus_won, player, state.bonus_won[player] + pile[:1])
    if paid and taken + len(paid) == _PILE_SIZES[good] and new.empty_piles() >= EMPTY_PILES_TO_END:
        return score_round(new)
    return new


def _known_after_trade(known: tuple[int, ...], taken: tuple[int, ...], given: tuple[int, ...]) -> tuple[int, ...]:
    """Public knowledge of a hand after a trade: the goods taken are seen going in;
    of each good given back, as many known cards as were given may be among them."""
    return tuple(max(0, have + take - give) for have, take, give in zip(known, taken, given))


def _with(values: tuple, index: int, value) -> tuple:
    """A copy of `values` with one entry replaced."""
    if index == 0:
        return (value,) + values[1:]
    return values[:index] + (value,) + values[index + 1:]
