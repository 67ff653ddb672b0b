"""Jaipur rules engine: cards, actions, states, rules, formats and player views.

Standard library only: it runs unchanged in CPython and under Pyodide.
"""

from .actions import CAMELS, Action, Sell, TakeCamels, TakeGood, Trade, parse_action
from .cards import CAMEL, CARD_NAMES, CLOTH, DIAMOND, GOLD, GOODS, LEATHER, SILVER, SPICE
from .errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidJSONError,
    InvalidPositionError,
    InvalidPuzzleError,
    InvalidRecordError,
    JaipurError,
)
from .game import Game
from .jsontext import load_json
from .position import position_from_json, position_to_json
from .puzzle import Puzzle, puzzle_from_json
from .record import GameRecord, RoundRecord, record_from_json, replay, replay_json
from .rules import apply, apply_legal, is_legal, legal_actions, why_illegal
from .state import GAME_OVER, PLAY, ROUND_OVER, GameState, RoundResult, new_game, next_round
from .view import PlayerView, sample_state, view_from_json, view_of

__all__ = [
    "CAMELS", "Action", "Sell", "TakeCamels", "TakeGood", "Trade", "parse_action",
    "CAMEL", "CARD_NAMES", "CLOTH", "DIAMOND", "GOLD", "GOODS", "LEATHER", "SILVER", "SPICE",
    "IllegalActionError", "InvalidActionError", "InvalidJSONError", "InvalidPositionError", "InvalidPuzzleError",
    "InvalidRecordError", "Puzzle", "puzzle_from_json",
    "load_json",
    "JaipurError", "Game", "position_from_json", "position_to_json", "GameRecord", "RoundRecord",
    "record_from_json", "replay", "replay_json", "apply", "apply_legal", "is_legal",
    "legal_actions", "why_illegal", "GAME_OVER", "PLAY", "ROUND_OVER", "GameState", "RoundResult",
    "new_game", "next_round", "PlayerView", "sample_state", "view_from_json", "view_of",
]
