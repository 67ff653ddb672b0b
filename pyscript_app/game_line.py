"""A game as an immutable value: its rounds (dealt position + actions) and where it stands.

`jaipur_core.Game` is mutable (it appends to its record); the table state must
not be, so the page holds a `GameLine` and converts at the edges (records, saves).
Playing, dealing the next round and taking back return new values. Positions
(GameState) are never mutated: `apply` returns new ones.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from jaipur_core import GAME_OVER, Game, IllegalActionError, apply
from jaipur_core.game import round_length_refusal
from jaipur_core.record import GameRecord, RoundRecord
from jaipur_core.state import next_round as deal_next_round


@dataclass(frozen=True)
class RoundLine:
    start: object                 # GameState as dealt
    actions: tuple = ()           # Action values, in order


@dataclass(frozen=True)
class GameLine:
    players: tuple                # two names, as written in the record
    rounds: tuple                 # RoundLine, at least one
    state: object                 # the current GameState
    seed: int | None = None
    extra: tuple = ()             # the record's other top-level fields, as sorted (key, value) pairs

    # --- conversions -----------------------------------------------------------------
    @classmethod
    def from_game(cls, game: Game) -> "GameLine":
        rounds = tuple(RoundLine(r.start, tuple(r.actions)) for r in game.record.rounds)
        return cls(tuple(game.record.players), rounds, game.state, game.seed,
                   _frozen(game.record.extra))

    @classmethod
    def new(cls, seed: int, first: int | None, players: tuple) -> "GameLine":
        return cls.from_game(Game.new(seed=seed, first=first, players=players))

    def to_game(self) -> Game:
        record = GameRecord(list(self.players),
                            [RoundRecord(r.start, list(r.actions)) for r in self.rounds],
                            {key: value for key, value in self.extra})
        return Game(record, self.state, self.seed)

    def to_record_json(self) -> dict:
        return self.to_game().to_record_json()

    def get(self, key: str, default=None):
        return dict(self.extra).get(key, default)

    def with_extra(self, **fields) -> "GameLine":
        extra = dict(self.extra)
        for key, value in fields.items():
            if value is None:
                extra.pop(key, None)
            else:
                extra[key] = value
        return replace(self, extra=_frozen(extra))

    # --- play --------------------------------------------------------------------------
    @property
    def actions_played(self) -> int:
        return sum(len(r.actions) for r in self.rounds)

    @property
    def in_progress(self) -> bool:
        """Worth keeping when replaced: moves were made and the game is not over."""
        return self.state.phase != GAME_OVER and (self.actions_played > 0 or len(self.rounds) > 1)

    @property
    def round_full(self):
        """The refusal (a Reason, code "round-too-long") of any further action in this
        round, or None: the page's saves must stay readable records."""
        return round_length_refusal(len(self.rounds[-1].actions))

    def play(self, action) -> "GameLine":
        """The line after the mover plays `action` (IllegalActionError if the rules refuse,
        or if the round already holds the most actions a record may: see `round_full`)."""
        last = self.rounds[-1]
        too_long = round_length_refusal(len(last.actions))
        if too_long is not None:
            raise IllegalActionError(action, too_long)
        state = apply(self.state, action)
        return replace(self, state=state,
                       rounds=self.rounds[:-1] + (RoundLine(last.start, last.actions + (action,)),))

    def next_round(self, fallback_seed: int) -> "GameLine":
        """The next round, dealt as jaipur_core.Game deals it; a game without a seed (opened
        from a position) uses `fallback_seed`, drawn from the page state's generator."""
        seed = self.seed if self.seed is not None else fallback_seed
        rng = random.Random(f"jaipur/{seed}/round/{self.state.round + 1}")
        state = deal_next_round(self.state, rng)
        return replace(self, state=state, rounds=self.rounds + (RoundLine(state),))

    def take_back(self, count: int) -> "GameLine":
        """The line with the last `count` actions of the current round undone."""
        last = self.rounds[-1]
        count = min(count, len(last.actions))
        actions = last.actions[:len(last.actions) - count]
        state = last.start
        for action in actions:
            state = apply(state, action)
        return replace(self, state=state, rounds=self.rounds[:-1] + (RoundLine(last.start, actions),))

    def movers(self) -> tuple:
        """Who moved in each action of the current round."""
        state, out = self.rounds[-1].start, []
        for action in self.rounds[-1].actions:
            out.append(state.to_move)
            state = apply(state, action)
        return tuple(out)

    def finished_rounds(self) -> tuple:
        """The last position of every scored round, in order (the game-over panel lists them)."""
        out = []
        for round_line in self.rounds:
            state = round_line.start
            for action in round_line.actions:
                state = apply(state, action)
            if state.round_result is not None:
                out.append(state)
        return tuple(out)

    # --- review ------------------------------------------------------------------------
    def steps(self) -> tuple:
        """Every position of the game, for review: (round, action or None, before, after)."""
        out = []
        for number, round_line in enumerate(self.rounds, 1):
            state = round_line.start
            if number == 1:
                out.append((number, None, None, state))
            for action in round_line.actions:
                after = apply(state, action)
                out.append((number, action, state, after))
                state = after
        return tuple(out)


def _frozen(mapping: dict) -> tuple:
    return tuple(sorted((key, _freeze(value)) for key, value in mapping.items()))


def _freeze(value):
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return _FrozenDict(value)
    return value


class _FrozenDict(dict):
    """A dict field of an outside record kept as found (written back unchanged)."""

    def __hash__(self):
        return hash(tuple(sorted(map(str, self.items()))))
