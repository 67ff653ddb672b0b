"""The exported record's file name says which game and how far it went (issue 27, item 4):
a finished two-round game downloaded as "jaipur-game-round2.json", as if it held round 2 only."""

from __future__ import annotations

import random

from jaipur_core import GAME_OVER, PLAY, Game, legal_actions
from pyscript_app.app.update import export_name


def played(seed: int, until) -> Game:
    game, rng = Game.new(seed=seed, first=0), random.Random(seed)
    while not until(game) and game.state.phase != GAME_OVER:
        game = game.play(rng.choice(legal_actions(game.state))) if game.state.phase == PLAY else game.next_round()
    return game


def test_a_finished_game_is_named_finished_whatever_its_last_round():
    game = played(7, lambda g: False)
    assert game.state.phase == GAME_OVER and game.state.round >= 2
    assert export_name(game) == "jaipur-game-7-finished.json"


def test_a_game_in_play_names_its_round():
    game = played(7, lambda g: g.state.round == 2 and g.state.phase == PLAY)
    assert export_name(game) == "jaipur-game-7-in-round-2.json"


def test_a_game_without_a_seed_has_no_seed_in_its_name():
    game = Game.from_position(Game.new(seed=3, first=0).state, ("Player 1", "Player 2"))
    assert export_name(game) == "jaipur-game-in-round-1.json"
