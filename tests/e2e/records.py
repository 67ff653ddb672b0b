"""Game records that open a browser test near the point it tests.

A test about the end of a round, the game-over panel or the review of a finished game
opens a `#game=` link a few moves before that point instead of clicking its way there
(docs/testing.md: the suite's budget). The record is a real game, played here by the
engine's own easy level for both players and cut short; the page then resumes it, the
player to move is you, and the test plays the last moves by clicking as before.
"""

from __future__ import annotations

import random
from functools import cache

from jaipur_core import GAME_OVER, PLAY, Game, legal_actions, view_of
from jaipur_core.ai import choose_action
from jaipur_core.share import game_fragment


@cache
def _whole_game(seed: int) -> tuple[tuple, ...]:
    """The actions of each round of a seeded game played by easy for both players."""
    game = Game.new(seed=seed, first=0)
    rng = random.Random(f"tests/records/{seed}")
    while game.state.phase != GAME_OVER:
        if game.state.phase == PLAY:
            game = game.play(choose_action(view_of(game.state, game.state.to_move), "easy", rng))
        else:
            game = game.next_round()
    return tuple(tuple(round_.actions) for round_ in game.record.rounds)


def game_cut_short(seed: int, moves_left: int, ending: str = "game") -> Game:
    """The seeded game (easy against easy), stopped `moves_left` actions before the end
    of the game (`ending="game"`) or of its first round (`ending="round"`)."""
    rounds = _whole_game(seed)
    last = len(rounds) - 1 if ending == "game" else 0
    if len(rounds[last]) <= moves_left:
        raise ValueError(f"round {last + 1} of seed {seed} has only {len(rounds[last])} actions")
    game = Game.new(seed=seed, first=0)
    for number, actions in enumerate(rounds[:last + 1]):
        if number:
            game = game.next_round()
        stop = len(actions) - moves_left if number == last else len(actions)
        for action in actions[:stop]:
            game = game.play(action)
    return game


def link_near_the_end(seed: int = 3, moves_left: int = 6, ending: str = "game", query: str = "") -> str:
    """A page address that resumes the seeded game `moves_left` actions before its end
    (or its first round's end), against the computer at easy, its moves at once."""
    return f"./?level=easy&pause=0{query}#" + game_fragment(game_cut_short(seed, moves_left, ending))


def a_position(seed: int, plies: int, stride: int):
    """A position a few plies into a seeded game, the plies picked by a fixed stride through
    the legal actions (varied, not good play): a table to embed, link or draw."""
    game = Game.new(seed=seed, first=0)
    for ply in range(plies):
        actions = legal_actions(game.state)
        game = game.play(actions[(ply * stride) % len(actions)])
    return game.state


def game_across_a_round(seed: int = 3, before: int = 3, after: int = 2) -> Game:
    """A short record across a round's end: opened from the seeded game (easy against easy)
    `before` actions before the end of its first round, those actions, the second round's deal
    (from `seed`) and its first `after` actions. Its review is a few steps long, round 2's deal
    among them (step `before` + 1), so a test reaches that deal with a few keys."""
    near = game_cut_short(seed, before, ending="round")
    game = Game.from_position(near.state, ("Ada", "Bo"))
    for action in _whole_game(seed)[0][-before:]:
        game = game.play(action)
    game = game.next_round(fallback_seed=seed)
    rng = random.Random(f"tests/records/{seed}/across")
    for _ in range(after):
        game = game.play(choose_action(view_of(game.state, game.state.to_move), "easy", rng))
    return game
