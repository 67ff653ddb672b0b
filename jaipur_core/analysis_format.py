"""A game's computer analysis, as the optional `analysis` field of a `jaipur-game/1` record.

Pure format (reading, checking, writing); the analysis itself is made by
`jaipur_core.ai.analysis`. The field comes from strangers with the record (a
file, a `#game=` link), so the reader bounds it and checks it against the
record's rounds and actions, and raises only InvalidRecordError naming the
field (`analysis.moves[3].mark: ...`). Replay never reads it.

    {"format": "jaipur-analysis/1", "seats": [0], "iterations": 1500, "seed": 0,
     "moves": [{"round": 1, "step": 0, "move": "take gold", "before": 0.532,
                "after": 0.498, "best": "sell cloth 3", "best_chance": 0.532,
                "mark": "mistake"}, ...]}

Chances are the mover's chance to win the round, from 0 to 1, at most three
decimals; `mark` follows from them (`mark_for`), so a stored mark always agrees
with its numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, parse_action
from .errors import InvalidRecordError, JaipurError
from .limits import MAX_ACTIONS_PER_ROUND, MAX_ANALYSIS_ITERATIONS, MAX_ROUNDS, echo

ANALYSIS_FORMAT = "jaipur-analysis/1"
#: A move that gives away at least this much chance (against the best move found) is a mistake...
MISTAKE = 0.10
#: ...and at least this much a blunder.
BLUNDER = 0.25
MARKS = ("best", "good", "mistake", "blunder")
#: Decimals of a stored chance (0.1 point).
CHANCE_DECIMALS = 3


def mark_for(played_is_best: bool, loss: float) -> str:
    """The mark of a move: best (the best move found), else by the chance it gives away."""
    if played_is_best:
        return "best"
    # A hair of tolerance: losses are differences of values rounded to CHANCE_DECIMALS.
    if loss >= BLUNDER - 1e-9:
        return "blunder"
    if loss >= MISTAKE - 1e-9:
        return "mistake"
    return "good"


def stored_chance(value: float) -> float:
    """A chance as the field stores it: rounded to CHANCE_DECIMALS, within 0..1."""
    return round(min(1.0, max(0.0, value)), CHANCE_DECIMALS)


@dataclass(frozen=True)
class MoveJudgement:
    """One analysed move: the move played at `step` of `round` (step n: after the round's
    n-th action, so the move is the round's action n + 1), the mover's chance to win the
    round before it (with the best move found) and after it, the best move found and its
    chance, and the mark. Every chance is from what the mover knew: their view."""

    round: int
    step: int
    move: Action
    before: float
    after: float
    best: Action
    best_chance: float

    @property
    def loss(self) -> float:
        """Chance the move gave away against the best move found (>= 0)."""
        return max(0.0, round(self.best_chance - self.after, CHANCE_DECIMALS))

    @property
    def mark(self) -> str:
        return mark_for(self.move == self.best, self.loss)

    def to_json(self) -> dict:
        return {"round": self.round, "step": self.step, "move": str(self.move),
                "before": self.before, "after": self.after, "best": str(self.best),
                "best_chance": self.best_chance, "mark": self.mark}


@dataclass(frozen=True)
class Analysis:
    """The analysis of a record: the seats analysed, the search's budget and seed, and the
    judgements made so far (an analysis stopped early holds the moves it reached), in the
    order of the game."""

    seats: tuple[int, ...]
    iterations: int
    seed: int
    moves: tuple[MoveJudgement, ...] = ()

    def to_json(self) -> dict:
        return {"format": ANALYSIS_FORMAT, "seats": list(self.seats), "iterations": self.iterations,
                "seed": self.seed, "moves": [move.to_json() for move in self.moves]}

    def up_to(self, round_number: int, steps: int) -> "Analysis":
        """Without the moves after the first `steps` actions of round `round_number` (and of
        later rounds): what is left of it when moves are taken back."""
        kept = tuple(m for m in self.moves if m.round < round_number
                     or (m.round == round_number and m.step < steps))
        return Analysis(self.seats, self.iterations, self.seed, kept)


def _int(value, path: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidRecordError(f"{path}: expected an integer, got {echo(value)}")
    if not low <= value <= high:
        raise InvalidRecordError(f"{path}: {echo(value)} is not from {low} to {high:,}")
    return value


def _chance(value, path: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise InvalidRecordError(f"{path}: expected a chance from 0 to 1, got {echo(value)}")
    if round(value, CHANCE_DECIMALS) != value:
        raise InvalidRecordError(f"{path}: {echo(value)} has more than {CHANCE_DECIMALS} decimals")
    return float(value)


def _action(value, path: str) -> Action:
    if not isinstance(value, str):
        raise InvalidRecordError(f"{path}: expected an action, got {echo(value)}")
    try:
        return parse_action(value)
    except JaipurError as error:
        raise InvalidRecordError(f"{path}: {error}") from None


_MOVE_FIELDS = ("round", "step", "move", "before", "after", "best", "best_chance", "mark")


def analysis_from_json(data, round_actions: tuple[tuple[Action, ...], ...]) -> Analysis:
    """Read an `analysis` field against the record's actions (round_actions[i]: round i + 1's).

    Each move must be the record's action at its round and step, in the order of the
    game and at most once; its chances within 0..1 and `before` at least both `after` and
    `best_chance` (it is the chance with the better of the two); its mark the one its
    chances give. InvalidRecordError names the field at fault.
    """
    where = "analysis"
    if not isinstance(data, dict):
        raise InvalidRecordError(f"{where}: expected an object, got {echo(data)}")
    if data.get("format") != ANALYSIS_FORMAT:
        raise InvalidRecordError(f"{where}.format: expected '{ANALYSIS_FORMAT}', got {echo(data.get('format'))}")
    seats = data.get("seats")
    if seats not in ([0], [1], [0, 1]):
        raise InvalidRecordError(f"{where}.seats: expected [0], [1] or [0, 1], got {echo(seats)}")
    iterations = _int(data.get("iterations"), f"{where}.iterations", 1, MAX_ANALYSIS_ITERATIONS)
    seed = _int(data.get("seed"), f"{where}.seed", 0, 2**63 - 1)
    moves = data.get("moves")
    if not isinstance(moves, list):
        raise InvalidRecordError(f"{where}.moves: expected a list, got {echo(moves)}")
    total = sum(len(actions) for actions in round_actions)
    if len(moves) > min(total, MAX_ROUNDS * MAX_ACTIONS_PER_ROUND):
        raise InvalidRecordError(f"{where}.moves: {len(moves)} moves, but the record has {total} actions")
    judged: list[MoveJudgement] = []
    for index, entry in enumerate(moves):
        path = f"{where}.moves[{index}]"
        if not isinstance(entry, dict):
            raise InvalidRecordError(f"{path}: expected an object, got {echo(entry)}")
        for name in _MOVE_FIELDS:
            if name not in entry:
                raise InvalidRecordError(f"{path}.{name}: missing")
        number = _int(entry["round"], f"{path}.round", 1, len(round_actions))
        actions = round_actions[number - 1]
        if not actions:
            raise InvalidRecordError(f"{path}.round: round {number} has no moves")
        step = _int(entry["step"], f"{path}.step", 0, len(actions) - 1)
        if judged and (number, step) <= (judged[-1].round, judged[-1].step):
            raise InvalidRecordError(f"{path}: round {number}, step {step} is out of order or listed twice")
        move = _action(entry["move"], f"{path}.move")
        if move != actions[step]:
            raise InvalidRecordError(f"{path}.move: '{move}', but the record's move there is '{actions[step]}'")
        judgement = MoveJudgement(number, step, move, _chance(entry["before"], f"{path}.before"),
                                  _chance(entry["after"], f"{path}.after"), _action(entry["best"], f"{path}.best"),
                                  _chance(entry["best_chance"], f"{path}.best_chance"))
        if judgement.before < max(judgement.after, judgement.best_chance):
            raise InvalidRecordError(f"{path}.before: {judgement.before} is below the chance after the move "
                                     "or with the best move")
        if entry["mark"] != judgement.mark:
            raise InvalidRecordError(f"{path}.mark: expected {echo(judgement.mark)} for these chances, "
                                     f"got {echo(entry['mark'])}")
        judged.append(judgement)
    return Analysis(tuple(seats), iterations, seed, tuple(judged))
