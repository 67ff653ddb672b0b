"""The one place the page meets the AI: `start_search(view, level, rng)`.

Uses `jaipur_core.ai.start_search` (an incremental search: `step(max_seconds)
-> finished`, `best_action()`) when the AI package provides it, else wraps its
`choose_action`, else a small greedy player so the table is playable before the
AI lands. Whatever the search says, the controller plays only legal actions.
"""

from __future__ import annotations

from jaipur_core import CAMEL
from jaipur_core.cards import PRECIOUS
from jaipur_core.cards import GOODS_TOKENS

try:  # the AI branch may not be merged yet
    from jaipur_core import ai as _ai
except ImportError:  # pragma: no cover
    _ai = None

_real_start = getattr(_ai, "start_search", None)
_real_choose = getattr(_ai, "choose_action", None)


class _DoneSearch:
    """A search whose answer is computed in the first step."""

    def __init__(self, compute):
        self._compute = compute
        self._action = None

    def step(self, max_seconds: float) -> bool:
        if self._action is None:
            self._action = self._compute()
        return True

    def best_action(self):
        if self._action is None:
            self._action = self._compute()
        return self._action


def greedy_action(view):
    """A plain greedy move: sell a good set, take camels when many, else the best good."""
    actions = view.legal_actions()
    if not actions:
        return None

    def value(action):
        kind = action.kind
        if kind == "sell":
            pile = view.goods_pile(action.good)
            score = sum(pile[:action.count]) + (2 * (action.count - 2) if action.count >= 3 else 0)
            if action.count < 2 and action.good not in PRECIOUS:
                score -= 4
            if sum(view.hand) >= 6:
                score += 3
            return score
        if kind == "camels":
            return view.market[CAMEL] * 1.5
        if kind == "take":
            pile = GOODS_TOKENS[action.good][view.tokens_taken[action.good]:]
            return (pile[0] if pile else 0) * 0.6 + view.hand[action.good] * 0.5
        return -1  # trades: leave them to the real AI

    return max(actions, key=value)


def start_search(view, level: str, rng):
    if _real_start is not None:
        return _real_start(view, level, rng)
    if _real_choose is not None:
        return _DoneSearch(lambda: _real_choose(view, level, rng))
    return _DoneSearch(lambda: greedy_action(view))
