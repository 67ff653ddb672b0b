"""How the page names a review step in words: "action N" (the game's actions before it, as a
link's `at=N` counts them) or, for the deal of round 2 or later, "the deal of round R".

A review step (`Game.steps()` index, `TableState.review`) counts each later round's deal as a
step of its own, so it is not the action count a reader sees: every sentence that names a step
takes its message id and parameters from `step_said`. Pure: no DOM, no state.
"""

from __future__ import annotations

from jaipur_core import Game

DEAL_SUFFIX = "-deal"     # the catalog's variant of a sentence for a later round's deal


def is_later_deal(game: Game, step: int) -> bool:
    """Step `step` is the deal of round 2 or later (round 1's deal is action 0)."""
    index, at = game.step_place(step)
    return index > 0 and at == 0


def step_said(game: Game, step: int, msg_id: str) -> tuple[str, dict]:
    """(message id, parameters) of the sentence `msg_id` (with an {at}) about step `step`: its
    `-deal` variant (with a {round}) at a later round's deal. Both get `at` and `round`."""
    index, _at = game.step_place(step)
    params = {"at": game.actions_before(step), "round": index + 1}
    return (msg_id + DEAL_SUFFIX if is_later_deal(game, step) else msg_id), params
