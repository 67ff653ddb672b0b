"""The medium AI: the best action by the one-ply evaluation of `heuristic`.

Deterministic given the view; the rng only breaks exact ties.
"""

from __future__ import annotations

import random

from ..view import PlayerView
from .heuristic import ranked_actions

TIE = 1e-9


def choose(view: PlayerView, rng: random.Random):
    ranked = ranked_actions(view)
    best_value = ranked[0][0]
    tied = [action for value, action in ranked if value >= best_value - TIE]
    return tied[0] if len(tied) == 1 else rng.choice(tied)
