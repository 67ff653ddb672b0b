"""A uniform-random player: any legal action, the baseline of `simulate`.

Unlike the real levels it may trade back and forth with an empty deck; the
simulator's cap on a round is what stops it.
"""

from __future__ import annotations

import random

from ..view import PlayerView


def choose(view: PlayerView, rng: random.Random):
    return rng.choice(view.legal_actions())
