"""The easy AI: sensible legal moves from simple preferences, with plenty of chance.

It sells sets it has, takes the good with the best next token, takes camels
when several are there, and a quarter of the time plays any progressing move
at random. It never looks at what it leaves for the other player.
"""

from __future__ import annotations

import random

from ..cards import CAMEL, GOODS_TOKENS, PRECIOUS
from ..view import PlayerView
from .heuristic import progressing

RANDOM_SHARE = 0.25


def _preference(view: PlayerView, action) -> float:
    kind = action.kind
    taken = view.tokens_taken
    if kind == "sell":
        paid: float = sum(GOODS_TOKENS[action.good][taken[action.good]:][:action.count])
        if action.count < view.hand[action.good]:
            paid *= 0.5            # sells all of a kind at once
        return paid * (0.6 if action.count >= 3 or action.good in PRECIOUS else 0.3)
    if kind == "take":
        pile = GOODS_TOKENS[action.good][taken[action.good]:]
        return 0.8 * (pile[0] if pile else 0)
    if kind == "camels":
        return 1.5 * view.market[CAMEL]
    return -1.0                    # trades only by chance


def choose(view: PlayerView, rng: random.Random):
    actions = progressing(view.legal_actions(), view.deck_size)
    if rng.random() < RANDOM_SHARE:
        return rng.choice(actions)
    best, best_score = None, None
    for action in actions:
        score = _preference(view, action) + rng.random() * 2.0
        if best_score is None or score > best_score:
            best, best_score = action, score
    return best
