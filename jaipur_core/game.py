"""A game in progress: the current state plus its record, and the dealing RNG.

This is what a front end holds. Every round after the first is dealt from a
`random.Random` derived from the game's seed and the round number, so a game
resumed from its saved record deals the same rounds it would have dealt.
"""

from __future__ import annotations

import random

from .actions import Action, parse_action
from .errors import IllegalActionError, Reason
from .limits import MAX_ACTIONS_PER_ROUND
from .record import GameRecord, RoundRecord, record_from_json, replay
from .rules import apply
from .state import ROUND_OVER, GameState, new_game, next_round


def round_length_refusal(actions_in_round: int) -> Reason | None:
    """Why one more action cannot be added to a round that already holds `actions_in_round`.

    A record holds at most MAX_ACTIONS_PER_ROUND actions per round (readers refuse
    more), so a game refuses the action past it: whatever is played, the record
    it writes reads back. Only deliberate stalling (trading back and forth) gets
    here; real rounds take well under 100 actions.
    """
    if actions_in_round >= MAX_ACTIONS_PER_ROUND:
        return Reason("round-too-long",
                      f"this round already has {actions_in_round} actions, the most a game record "
                      f"holds is {MAX_ACTIONS_PER_ROUND}", limit=MAX_ACTIONS_PER_ROUND)
    return None


class Game:
    def __init__(self, record: GameRecord, state: GameState, seed: int | None = None):
        self.record = record
        self.state = state
        self.seed = seed

    @classmethod
    def new(cls, seed: int | None = None, first: int | None = None,
            players: tuple[str, str] = ("Player 1", "Player 2")) -> "Game":
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        state = new_game(random.Random(seed), first)
        record = GameRecord(list(players), [RoundRecord(state)], {"seed": seed})
        return cls(record, state, seed)

    @classmethod
    def from_record_json(cls, data) -> "Game":
        record = record_from_json(data)
        state = replay(record)
        seed = record.extra.get("seed")
        return cls(record, state, seed if isinstance(seed, int) and not isinstance(seed, bool) else None)

    def play(self, action: Action | str) -> GameState:
        """Apply the mover's action (IllegalActionError leaves everything unchanged).

        Also refused: an action past MAX_ACTIONS_PER_ROUND in one round (code
        "round-too-long"), so every record a Game writes can be read back.
        """
        if isinstance(action, str):
            action = parse_action(action)
        too_long = round_length_refusal(len(self.record.rounds[-1].actions))
        if too_long is not None:
            raise IllegalActionError(action, too_long)
        self.state = apply(self.state, action)
        self.record.rounds[-1].actions.append(action)
        return self.state

    def next_round(self) -> GameState:
        if self.seed is None:
            rng = random.Random()
        else:
            rng = random.Random(f"jaipur/{self.seed}/round/{self.state.round + 1}")
        self.state = next_round(self.state, rng)
        self.record.rounds.append(RoundRecord(self.state))
        return self.state

    @property
    def round_over(self) -> bool:
        return self.state.phase == ROUND_OVER

    def to_record_json(self) -> dict:
        return self.record.to_json()
