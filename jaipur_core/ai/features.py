"""Features of a determinized state for the learned round-win evaluation, and of an action for the prior.

The search evaluates *sampled* full states (`sample_state`), so a feature may
read both hands: averaging over many samples turns it back into an estimate
over the seat's information set. Every state feature is antisymmetric — it
flips sign when the two seats swap — so the logistic value of one seat is one
minus the other's (draws aside) with no bias term.

The weights are learned by `tools/train_ai.py` (regression on round outcomes of
self-play) and shipped as constants in `weights.py`.
"""

from __future__ import annotations

from math import exp, tanh

from ..actions import CAMELS, Sell, TakeGood
from ..cards import CAMEL, EMPTY_PILES_TO_END, GOODS, GOODS_TOKENS, HAND_LIMIT, PRECIOUS, PRECIOUS_MINIMUM_SALE
from ..rules import apply_legal
from ..state import PLAY, GameState
from .sale_values import sale_table

STATE_FEATURES = ("realized", "realized_late", "potential", "potential_early", "camel_token",
                  "herd", "to_move", "grab", "hand_size")
PRIOR_FEATURES = ("value_gap", "camels", "trade", "sell")

_PILE_SIZES = tuple(len(pile) for pile in GOODS_TOKENS)


def _hand_value(table, hand) -> float:
    return (table[0][hand[0]] + table[1][hand[1]] + table[2][hand[2]] + table[3][hand[3]]
            + table[4][hand[4]] + table[5][hand[5]])


def _grab(market, tokens_taken) -> float:
    """Roughly the best the mover can take from the market now (camels or one kind of good)."""
    best = 1.2 * market[CAMEL]
    for good in GOODS:
        count = market[good]
        if count:
            value = sum(GOODS_TOKENS[good][tokens_taken[good]:tokens_taken[good] + count])
            if value > best:
                best = value
    return best


def _closing_sales(state: GameState, player: int):
    """The legal sales by `player` that empty a third goods pile, which ends the round."""
    if state.empty_piles() != EMPTY_PILES_TO_END - 1:
        return []
    tokens_taken = state.tokens_taken
    hand = state.hands[player]
    sales: list[Sell] = []
    for good in GOODS:
        left = _PILE_SIZES[good] - tokens_taken[good]
        held = hand[good]
        if left <= 0 or held < left:
            continue
        least = max(left, PRECIOUS_MINIMUM_SALE if good in PRECIOUS else 1)
        sales.extend(Sell(good, count) for count in range(least, held + 1))
    return sales


def closing_win(state: GameState) -> bool:
    """Can the player to move end the round now and win it?

    Such a move is then the mover's best (the value is the chance of winning the
    round), so a position where it exists is decided: the mover will play it.
    The learned value cannot see this (against a bot that closes rounds as soon
    as it leads, most lost rounds ended that way). Round-ending moves are sales
    that empty a third goods pile, and takes the deck cannot refill.
    """
    mover = state.to_move
    moves = _closing_sales(state, mover)
    deck = len(state.deck)
    market = state.market
    if not deck and state.hand_size(mover) < HAND_LIMIT:
        good = next((good for good in GOODS if market[good]), None)
        if good is not None:
            moves.append(TakeGood(good))
    if market[CAMEL] > deck:
        moves.append(CAMELS)
    for move in moves:
        ended = apply_legal(state, move)
        if ended.phase != PLAY and ended.round_result is not None and ended.round_result.seal == mover:
            return True
    return False


def state_features(state: GameState, seat: int) -> tuple[float, ...]:
    """STATE_FEATURES of a state in play, from `seat`'s side (both hands are read)."""
    other = 1 - seat
    deck = len(state.deck)
    early = deck / 40.0
    late = 1.0 - early
    piles = state.bonus_piles
    bonus_key = tuple(round(sum(pile) / len(pile), 2) if pile else 0.0 for pile in piles)
    table = sale_table(state.tokens_taken, *bonus_key)
    realized = ((state.goods_score(seat) + sum(state.bonus_won[seat]))
                - (state.goods_score(other) + sum(state.bonus_won[other]))) / 10.0
    potential = (_hand_value(table, state.hands[seat]) - _hand_value(table, state.hands[other])) / 10.0
    herds = state.herds
    herd_diff = herds[seat] - herds[other]
    camel_token = tanh(herd_diff / (0.8 + 2.5 * min(1.0, deck / 25.0)))
    sign = 1.0 if state.to_move == seat else -1.0
    grab = sign * _grab(state.market, state.tokens_taken) / 10.0
    hand_size = (sum(state.hands[seat]) - sum(state.hands[other])) / HAND_LIMIT
    return (realized, realized * late, potential, potential * early, camel_token,
            herd_diff / 5.0, sign, grab, hand_size)


def logistic(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + exp(-x))
    z = exp(x)
    return z / (1.0 + z)


def round_value(state: GameState, seat: int, weights) -> float:
    """Chance that `seat` wins the round: exact once it is scored, else the learned estimate."""
    if state.phase != PLAY:
        assert state.round_result is not None  # a scored round has its result
        seal = state.round_result.seal
        return 0.5 if seal is None else (1.0 if seal == seat else 0.0)
    if closing_win(state):
        return 1.0 if state.to_move == seat else 0.0
    features = state_features(state, seat)
    return logistic(sum([w * f for w, f in zip(weights, features)]))


def prior_features(value_gap: float, action) -> tuple[float, ...]:
    """PRIOR_FEATURES of one action: its heuristic value below the best, and its kind."""
    kind = action.kind
    return (value_gap / 10.0, kind == "camels", kind == "trade", kind == "sell")


def priors(ranked, weights) -> list[float]:
    """A probability per (value, action) of `ranked` (best first): softmax of the learned logits."""
    best = ranked[0][0]
    w0, w1, w2, w3 = weights
    logits = []
    for value, action in ranked:
        # prior_features(value - best, action), dotted with the weights; summed by
        # sum() as before (Python 3.12+ sums floats with compensation).
        kind = action.kind
        logits.append(sum([w0 * ((value - best) / 10.0), w1 * (kind == "camels"), w2 * (kind == "trade"),
                           w3 * (kind == "sell")]))
    top = max(logits)
    exps = [exp(logit - top) for logit in logits]
    total = sum(exps)
    return [e / total for e in exps]


__all__ = ["STATE_FEATURES", "PRIOR_FEATURES", "state_features", "round_value",
           "prior_features", "priors", "logistic", "closing_win"]
