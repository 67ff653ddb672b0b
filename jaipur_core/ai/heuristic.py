"""The evaluation the medium AI maximizes and the hard AI searches with.

Everything here reads a PlayerView (never a GameState): a value is an estimate,
in rupees from the seat's side, of (its final round score minus the other's),
plus a bonus for winning the round once the round is decided.

The terms, each a small function below:
- realized: tokens already won; the other side's hidden bonus values are
  counted at the mean of the bonus values the seat has not seen;
- hand potential: what the cards in hand should sell for (goods tokens still
  in the pile, the mean of the bonus pile a set would draw from), discounted by
  how close the round is to its end (deck size, empty piles);
- camels: the expected camel token from the herd difference, and a little for
  the trading power of a herd;
- hand-limit pressure: a full hand cannot take;
- the market left to the player who moves next: what they could grab from it,
  the cards a refill will bring counted at their expected mix (card counting
  from `view.unseen_cards()`).
"""

from __future__ import annotations

from math import tanh
from operator import add, neg, sub

from ..cards import (
    BONUS_SIZES,
    BONUS_TOKENS,
    CAMEL,
    CAMEL_TOKEN_VALUE,
    CARDS,
    EMPTY_PILES_TO_END,
    GOODS,
    GOODS_TOKENS,
    HAND_LIMIT,
    PRECIOUS,
)
from ..position import BONUS_SIZE_OF_VALUE
from ..view import PlayerView
from .sale_values import sale_table

PILE_SIZES = tuple(len(pile) for pile in GOODS_TOKENS)
#: Bonus added (or subtracted) once a round is decided: the seal is what counts.
WIN_VALUE = 20.0
#: Share of what the next mover can grab from the market that counts against us.
MARKET_WEIGHT = 0.55
#: Value of a camel in the herd for its trading power, up to HERD_USEFUL camels.
CAMEL_UTILITY = 0.5
HERD_USEFUL = 4
#: Expected value of a card in the other (unseen) hand, before the time discount.
OPPONENT_CARD_VALUE = 3.0


class Context:
    """Facts about one view that every candidate action shares (computed once)."""

    __slots__ = ("view", "me", "other", "unseen", "refill_share", "bonus_mean",
                 "realized", "opponent_hand_size", "sale_table", "grab_table", "grab_cache", "factor_cache",
                 "camel_cache")

    def __init__(self, view: PlayerView):
        self.view = view
        self.me = me = view.seat
        self.other = other = 1 - me
        self.unseen = unseen = view.unseen_cards()
        refill_share = _REFILL_SHARES.get(unseen)
        if refill_share is None:
            refill_share = _cached(_REFILL_SHARES, unseen, _refill_share)
        self.refill_share = refill_share
        # A search builds a Context for many views that share all the public facts
        # below (only hands and market differ): they are computed once per key.
        facts_key = (me, view.own_bonus, view.opponent_bonus, view.bonus_sizes, view.goods_won)
        facts = _PUBLIC_FACTS.get(facts_key)
        if facts is None:
            facts = _cached(_PUBLIC_FACTS, facts_key, _public_facts)
        means, self.realized = facts
        self.bonus_mean = means
        self.opponent_hand_size = view.opponent_hand_size
        self.sale_table = _sale_table(view.tokens_taken, view.bonus_sizes, means)
        hand_size = view.opponent_hand_size
        self.grab_table = _cached(_GRAB_TABLES, (view.tokens_taken, view.herds[other] + hand_size >= 2,
                                                 hand_size < HAND_LIMIT), _grab_table)
        self.grab_cache: dict[tuple, float] = {}
        # time_factor is a function of its key alone: one table for every Context.
        if len(_TIME_FACTORS) >= _TABLES_LIMIT:
            _TIME_FACTORS.clear()
        self.factor_cache = _TIME_FACTORS
        self.camel_cache: dict[tuple, float] = {}


def _refill_share(*unseen):
    total = sum(unseen)
    return tuple(count / total for count in unseen) if total else (0.0,) * 7


def _public_facts(me, own_bonus, opponent_bonus, bonus_sizes, goods_won):
    """(mean unseen bonus value per size, realized score per seat) of a view's public facts."""
    other = 1 - me
    unseen_bonus = {size: list(BONUS_TOKENS[size]) for size in BONUS_SIZES}
    for value in own_bonus:
        unseen_bonus[BONUS_SIZE_OF_VALUE[value]].remove(value)
    if opponent_bonus is not None:
        for value in opponent_bonus:
            unseen_bonus[BONUS_SIZE_OF_VALUE[value]].remove(value)
    means = {}
    for size in BONUS_SIZES:
        values = unseen_bonus[size]
        means[size] = sum(values) / len(values) if values else 0.0
    own = sum(own_bonus) + _goods_total(goods_won[me])
    if opponent_bonus is not None:
        theirs = sum(opponent_bonus)
    else:
        theirs = 0.0
        mine_by_size = {size: 0 for size in BONUS_SIZES}
        for value in own_bonus:
            mine_by_size[BONUS_SIZE_OF_VALUE[value]] += 1
        for index, size in enumerate(BONUS_SIZES):
            count = len(BONUS_TOKENS[size]) - bonus_sizes[index] - mine_by_size[size]
            theirs += count * means[size]
    theirs += _goods_total(goods_won[other])
    realized = [0.0, 0.0]
    realized[me] = float(own)
    realized[other] = float(theirs)
    return means, tuple(realized)


_REFILL_SHARES: dict = {}
_PUBLIC_FACTS: dict = {}
_TIME_FACTORS: dict = {}
_GRAB_TABLES: dict = {}
_TABLES_LIMIT = 20_000


def _cached(cache: dict, key, build):
    table = cache.get(key)
    if table is None:
        if len(cache) >= _TABLES_LIMIT:
            cache.clear()
        table = cache[key] = build(*key)
    return table


def _sale_table(tokens_taken, bonus_sizes, bonus_mean):
    """`sale_table` with the mean unseen bonus of each size whose pile is not empty."""
    return sale_table(tokens_taken, bonus_mean[3] if bonus_sizes[0] else 0.0,
                      bonus_mean[4] if bonus_sizes[1] else 0.0, bonus_mean[5] if bonus_sizes[2] else 0.0)


def _grab_table(tokens_taken, can_trade: bool, can_take: bool):
    """Per good, per market count 0..5: what the next mover could take (undiscounted)."""
    herd, hand_size = (2 if can_trade else 0), (0 if can_take else HAND_LIMIT)
    table = []
    for good in GOODS:
        market = [0] * len(CARDS)
        row = []
        for count in range(6):
            market[good] = count
            row.append(market_grab(market, 0, None, tokens_taken, herd, hand_size, 1.0,
                                   goods_only=True))
        table.append(tuple(row))
    return tuple(table)


def _goods_total(goods_won) -> int:
    return sum(sum(values) for values in goods_won)


def time_factor(deck_size: int, tokens_taken) -> float:
    """How much of a card's sale value is still likely to be realized."""
    factor = 0.45 + 0.4 * min(1.0, deck_size / 20.0)
    empty = sum(taken >= size for taken, size in zip(tokens_taken, PILE_SIZES))
    if empty >= EMPTY_PILES_TO_END - 1:
        factor *= 0.8
    return factor


def camel_term(herd_me: int, herd_other: int, deck_size: int) -> float:
    """Expected camel token (signed) plus the trading power of the herds."""
    spread = 0.8 + 2.5 * min(1.0, deck_size / 25.0)
    token = CAMEL_TOKEN_VALUE * tanh((herd_me - herd_other) / spread)
    utility = CAMEL_UTILITY * (min(herd_me, HERD_USEFUL) - min(herd_other, HERD_USEFUL))
    return token + utility


def hand_pressure(hand_size: int) -> float:
    if hand_size >= HAND_LIMIT:
        return -1.5
    if hand_size == HAND_LIMIT - 1:
        return -0.4
    return 0.0


def market_grab(market, missing: int, refill_share, tokens_taken, herd: int, hand_size: int,
                factor: float, goods_only: bool = False) -> float:
    """About what the next mover can take from the market: its best single option.

    `missing` market places are still to be refilled from the deck; they count
    at the expected mix of the cards the seat has not seen.
    """
    best = 0.0
    camels = 0 if goods_only else market[CAMEL] + missing * refill_share[CAMEL]
    if camels:
        best = 1.2 * camels
    can_trade = herd + hand_size >= 2
    can_take = hand_size < HAND_LIMIT
    for good in GOODS:
        expected = market[good] + missing * refill_share[good] if missing else market[good]
        if expected <= 0.0:
            continue
        if not can_trade:
            if not can_take:
                continue
            expected = min(expected, 1.0)
        pile = GOODS_TOKENS[good][tokens_taken[good]:]
        whole = int(expected)
        value: float = sum(pile[:whole])
        if whole < len(pile):
            value += (expected - whole) * pile[whole]
        if good in PRECIOUS and expected < 2.0:
            value *= 0.6
        if value > best:
            best = value
    return best * factor


def final_value(realized_me: float, realized_other: float, herd_me: int, herd_other: int) -> float:
    """Value of a round that has just ended: score difference plus the win bonus."""
    diff = realized_me - realized_other
    if herd_me > herd_other:
        diff += CAMEL_TOKEN_VALUE
    elif herd_other > herd_me:
        diff -= CAMEL_TOKEN_VALUE
    if diff > 0:
        return diff + WIN_VALUE
    if diff < 0:
        return diff - WIN_VALUE
    return 0.0


def evaluate_after(ctx: Context, hand, herd_me: int, market, missing: int, tokens_taken,
                   bonus_sizes, deck_size: int, realized_me: float) -> float:
    """Value for the seat of a position where the other player moves next.

    `tokens_taken` and `bonus_sizes` are the view's own tuples unless a sale
    changed them (then the slower general path is taken).
    """
    view = ctx.view
    herd_other = view.herds[ctx.other]
    factor_key = (deck_size, tokens_taken)
    factor = ctx.factor_cache.get(factor_key)
    if factor is None:
        factor = ctx.factor_cache[factor_key] = time_factor(deck_size, tokens_taken)
    value = realized_me - ctx.realized[ctx.other]
    if tokens_taken is view.tokens_taken and bonus_sizes is view.bonus_sizes:
        table = ctx.sale_table
    else:  # a sale changed the piles: the table of the piles after it
        table = _sale_table(tokens_taken, bonus_sizes, ctx.bonus_mean)
    value += factor * (table[0][hand[0]] + table[1][hand[1]] + table[2][hand[2]]
                       + table[3][hand[3]] + table[4][hand[4]] + table[5][hand[5]])
    value -= ctx.opponent_hand_size * OPPONENT_CARD_VALUE * factor
    camel_key = (herd_me, deck_size)
    camels = ctx.camel_cache.get(camel_key)
    if camels is None:
        camels = ctx.camel_cache[camel_key] = camel_term(herd_me, herd_other, deck_size)
    value += camels
    hand_size = hand[0] + hand[1] + hand[2] + hand[3] + hand[4] + hand[5]
    if hand_size >= HAND_LIMIT - 1:
        value += hand_pressure(hand_size)
    if not missing:
        if tokens_taken is view.tokens_taken:
            table = ctx.grab_table
        else:
            # market_grab(market, 0, ...) of the changed piles, which is the largest of
            # their table's entries (each good's value alone, as market_grab takes them).
            their_cards = ctx.opponent_hand_size
            table = _cached(_GRAB_TABLES, (tokens_taken, herd_other + their_cards >= 2, their_cards < HAND_LIMIT),
                            _grab_table)
        grab = max(1.2 * market[CAMEL], table[0][market[0]], table[1][market[1]],
                   table[2][market[2]], table[3][market[3]], table[4][market[4]],
                   table[5][market[5]]) * factor
        return value - MARKET_WEIGHT * grab
    grab_key = (market, missing, tokens_taken, factor)
    grab = ctx.grab_cache.get(grab_key)
    if grab is None:
        grab = ctx.grab_cache[grab_key] = market_grab(
            market, missing, ctx.refill_share, tokens_taken, herd_other,
            ctx.opponent_hand_size, factor)
    return value - MARKET_WEIGHT * grab


def action_value(ctx: Context, action) -> float:
    """One-ply value for the seat of playing `action` (legal) in `ctx.view`."""
    view = ctx.view
    me = ctx.me
    hand = view.hand
    herd = view.herds[me]
    market = view.market
    tokens_taken = view.tokens_taken
    bonus_sizes: tuple[int, ...] = view.bonus_sizes
    deck_size = view.deck_size
    realized = ctx.realized[me]
    kind = action.kind
    missing = 0
    if kind == "sell":
        good, count = action.good, action.count
        taken = tokens_taken[good]
        paid = GOODS_TOKENS[good][taken:taken + count]
        realized += sum(paid)
        if count >= 3:
            size = count if count < 5 else 5
            if bonus_sizes[size - 3]:
                realized += ctx.bonus_mean[size]
                bonus_sizes = tuple(n - (index == size - 3) for index, n in enumerate(bonus_sizes))
        hand = hand[:good] + (hand[good] - count,) + hand[good + 1:]
        if paid:
            tokens_taken = tokens_taken[:good] + (taken + len(paid),) + tokens_taken[good + 1:]
            empty = sum(t >= s for t, s in zip(tokens_taken, PILE_SIZES))
            if empty >= EMPTY_PILES_TO_END:
                return final_value(realized, ctx.realized[ctx.other], herd, view.herds[ctx.other])
    elif kind == "take":
        good = action.good
        hand = hand[:good] + (hand[good] + 1,) + hand[good + 1:]
        market = market[:good] + (market[good] - 1,) + market[good + 1:]
        missing = 1
    elif kind == "camels":
        missing = market[CAMEL]
        herd += missing
        market = market[:CAMEL] + (0,)
    else:
        taken, given = action.taken, action.given
        market = tuple(map(sub, map(add, market, given), taken))
        hand = tuple(map(sub, map(add, hand, taken[:CAMEL]), given[:CAMEL]))
        herd -= given[CAMEL]
    if missing:
        if deck_size < missing:
            return final_value(realized, ctx.realized[ctx.other], herd, view.herds[ctx.other])
        deck_size -= missing
    return evaluate_after(ctx, hand, herd, market, missing, tokens_taken, bonus_sizes,
                          deck_size, realized)


def progressing(actions, deck_size: int):
    """The actions that cannot feed an endless loop once the deck is empty.

    With an empty deck any take ends the round and a sale shrinks the hands, so
    only trades can repeat; we keep trades that pay with camels alone (the herds
    only shrink: they cannot grow again without ending the round). Some action
    always remains: a take or the camels, or with a full hand a sale.
    """
    if deck_size:
        return actions
    kept = [a for a in actions if a.kind != "trade" or a.given[CAMEL] == sum(a.given)]
    return kept or list(actions)


def action_values(ctx: Context, actions) -> list[float]:
    """`action_value(ctx, a)` for each of `actions` (legal), in order.

    Trades, most of a typical list, take an inlined path: the same arithmetic
    in the same order as `action_value` -> `evaluate_after` (so the very same
    floats), without the calls, the tuple building and the per-action lookups
    of what every trade of the view shares. tests/test_ai_pinned.py holds the
    search to the values of the general path.
    """
    values = []
    shared = None
    for action in actions:
        if action.kind != "trade":
            values.append(action_value(ctx, action))
            continue
        if shared is None:
            view = ctx.view
            hand, market, herd = view.hand, view.market, view.herds[ctx.me]
            deck_size, tokens_taken = view.deck_size, view.tokens_taken
            herd_other = view.herds[ctx.other]
            factor_key = (deck_size, tokens_taken)
            factor = ctx.factor_cache.get(factor_key)
            if factor is None:
                factor = ctx.factor_cache[factor_key] = time_factor(deck_size, tokens_taken)
            base = ctx.realized[ctx.me] - ctx.realized[ctx.other]
            opponent_cards = ctx.opponent_hand_size * OPPONENT_CARD_VALUE * factor
            camel_cache = ctx.camel_cache
            camel_values: dict[int, float] = {}   # market camels after the trade -> camel_term of the herd
            t0, t1, t2, t3, t4, t5 = ctx.sale_table
            g0, g1, g2, g3, g4, g5 = ctx.grab_table
            shared = True
        taken, given = action.taken, action.given
        a0, a1, a2, a3, a4, a5 = map(sub, map(add, hand, taken), given)
        m0, m1, m2, m3, m4, m5, m6 = map(sub, map(add, market, given), taken)
        value = base + factor * (t0[a0] + t1[a1] + t2[a2] + t3[a3] + t4[a4] + t5[a5])
        value -= opponent_cards
        camels = camel_values.get(m6)   # the herd is what it was minus the camels given
        if camels is None:
            herd_me = herd - given[CAMEL]
            camels = camel_cache.get((herd_me, deck_size))
            if camels is None:
                camels = camel_cache[(herd_me, deck_size)] = camel_term(herd_me, herd_other, deck_size)
            camel_values[m6] = camels
        value += camels
        hand_size = a0 + a1 + a2 + a3 + a4 + a5
        if hand_size >= HAND_LIMIT - 1:
            value += hand_pressure(hand_size)
        grab = max(1.2 * m6, g0[m0], g1[m1], g2[m2], g3[m3], g4[m4], g5[m5]) * factor
        values.append(value - MARKET_WEIGHT * grab)
    return values


def valued_actions(view: PlayerView, ctx: Context | None = None):
    """(actions, values): the progressing legal actions of `view` and their values, in list order."""
    if ctx is None:
        ctx = Context(view)
    actions = progressing(view.legal_actions(), view.deck_size)
    return actions, action_values(ctx, actions)


def ranked_actions(view: PlayerView, ctx: Context | None = None):
    """(value, action) for every progressing legal action, best first; ties by notation order."""
    return ranked(*valued_actions(view, ctx))


def ranked(actions, values):
    """(value, action) pairs of `actions` and their `values`, best first; ties in list order."""
    # (-value, index) orders best first, ties by list order; indexes are unique,
    # so the actions themselves are never compared.
    order = sorted(zip(map(neg, values), range(len(values))))
    return [(values[index], actions[index]) for _, index in order]


def first_best(actions, values):
    """The first of `actions` of highest value: `ranked(actions, values)[0][1]` without the sort."""
    return actions[max(range(len(values)), key=values.__getitem__)]


def best_action(view: PlayerView):
    """`ranked_actions(view)[0][1]` without ranking the rest."""
    return first_best(*valued_actions(view))
