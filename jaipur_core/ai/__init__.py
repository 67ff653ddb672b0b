"""AI opponents. Every entry point takes a PlayerView and a seeded random.Random.

    choose_action(view, level, rng) -> Action
    search = start_search(view, level, rng)     # anytime, for the browser
    while not search.step(0.04): yield to the page
    search.best_action()                         # == choose_action(view, level, same rng)

Levels: "easy", "medium", "hard", "expert" (LEVELS), and "random" (a uniform-random
baseline) and "hard-2026" (the old hard) for `simulate` and `suggest` (ALL_LEVELS).
The AI never sees a GameState, so its choice cannot depend on hidden cards: same
view + same seed -> same action.
"""

from __future__ import annotations

import random

from ..errors import JaipurError
from ..state import PLAY
from ..view import PlayerView
from . import easy, medium, randomplayer
from .anytime import Search
from .hard2026 import Hard2026Search
from .mcts import MctsSearch

LEVELS = ("easy", "medium", "hard", "expert")
#: Iterations of the ISMCTS per move: a fixed budget (never wall time), so the move
#: depends only on the view and the seed.
SEARCH_ITERATIONS = {"hard": 160, "expert": 1500}
#: Further budgets a close call earns (mcts.CLOSE_CALL): hard thinks longer only where
#: its move is in doubt; most of its moves stay at 160 iterations (docs/ai.md, "Speed").
SEARCH_MORE = {"hard": (320, 800, 1500)}
#: Levels `simulate` and `suggest` also accept: baselines, not offered in the page.
ALL_LEVELS = ("random",) + LEVELS + ("hard-2026",)
DEFAULT_LEVEL = "medium"

_ONE_SHOT = {"random": randomplayer.choose, "easy": easy.choose, "medium": medium.choose}


class _Immediate:
    """The search interface for a level that decides in one quick call."""

    def __init__(self, view: PlayerView, choose, rng: random.Random):
        self._view, self._choose, self._rng = view, choose, rng
        self._action = None

    @property
    def finished(self) -> bool:
        return self._action is not None

    def step(self, max_seconds: float | None = None) -> bool:
        if self._action is None:
            self._action = self._choose(self._view, self._rng)
        return True

    def run(self):
        self.step()
        return self._action

    def best_action(self):
        return self.run()


def start_search(view: PlayerView, level: str, rng: random.Random, **options) -> Search:
    """An anytime search for the seat's action: call step(max_seconds) until it returns True.

    Options go to the level's search: MctsSearch's (iterations=, more=, ...) for hard
    and expert (an explicit iterations= drops the close-call budgets), samples= and
    candidates= for hard-2026. Raises JaipurError when the seat is not to move or the
    level is unknown.
    """
    if not isinstance(view, PlayerView):
        raise TypeError("the AI takes a PlayerView (view_of(state, seat)), not the full state")
    if level not in ALL_LEVELS:
        raise JaipurError(f"unknown AI level {level!r} (choose from {', '.join(ALL_LEVELS)})")
    if view.phase != PLAY:
        raise JaipurError(f"the round is not in play (phase {view.phase})")
    if view.to_move != view.seat:
        raise JaipurError(f"player {view.seat} is not to move")
    if level == "hard-2026":
        return Hard2026Search(view, rng, **options)
    if level in SEARCH_ITERATIONS:
        if "iterations" not in options:
            options["iterations"] = SEARCH_ITERATIONS[level]
            options.setdefault("more", SEARCH_MORE.get(level, ()))
        return MctsSearch(view, rng, **options)
    return _Immediate(view, _ONE_SHOT[level], rng)


def choose_action(view: PlayerView, level: str = DEFAULT_LEVEL, rng: random.Random | None = None,
                  **options):
    """The action the AI at `level` plays from `view` (its seat must be to move)."""
    if rng is None:
        rng = random.Random(0)
    return start_search(view, level, rng, **options).run()


__all__ = ["LEVELS", "ALL_LEVELS", "DEFAULT_LEVEL", "choose_action", "start_search", "Hard2026Search"]
