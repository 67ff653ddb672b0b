"""The computer as a coach: each move's chance to win the round, hints, game analysis, puzzles.

Everything here judges from a `PlayerView` — what the mover knew at the time —
never from the hidden cards, with the search of `mcts.py` (expert's, by
default at expert's 1500 iterations): a move's chance is the mean result of
that root move over the search's deals (`chances_of`), mapped through the
calibration fitted by `bench/calibration.py` (`calibrate`, docs/ai.md).

    rank_moves(view, seed=0)            # every searched move with its chance, most visited first
    hints(view, seed=0)                 # the best three of them
    judge_move(view, action, seed=0)    # MoveJudgement: before, after, best, mark
    for judgement in analyse_record(record, seats=(0,), seed=0): ...   # move by move
    judge_puzzle(puzzle, action)        # right if within 3 points of the best

Each is deterministic for a given view (or record) and seed, and its cost is a
number of iterations per move (`iterations=`), never wall time. A record's
move is searched with a seed of its own (`move_seed`), so judging one move, one
seat or the whole game gives that move the same judgement.
`RecordAnalysis.step(max_seconds)` slices the same work for a page that must
yield between frames.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from math import exp, log

from ..actions import Action
from ..analysis_format import Analysis, MoveJudgement, stored_chance
from ..errors import IllegalActionError, JaipurError
from ..puzzle import Puzzle
from ..record import GameRecord
from ..rules import why_illegal
from ..state import PLAY
from ..view import PlayerView, view_of
from .anytime import AnytimeSearch
from .mcts import LATE_PRIOR, MctsSearch, _Node

#: Iterations per move of an analysis, a hint or a puzzle's judge: expert's budget, so
#: "the best move found" is the move expert would play and the chances are the ones
#: bench/calibration.py measures.
ANALYSIS_ITERATIONS = 1500
#: Share of the iterations the move being judged gets at least, so that its chance is
#: measured as well as the best move's (a move the search finds poor is otherwise
#: visited a handful of times and its mean is noise).
FOCUS_SHARE = 0.2
#: A puzzle's move is right within this much chance of the best move found.
PUZZLE_MARGIN = 0.03
#: Moves a hint shows.
HINT_MOVES = 3
#: calibrated = sigmoid(a * logit(raw) + b); (1, 0) leaves the search's values as they are.
#: Fitted by `bench/calibration.py --fit` on seed 1's rounds of expert against hard (2,003
#: positions, 91 rounds) and measured on seed 2026's (2,014 positions, docs/journal/coach.md); symmetric
#: (b = 0), so the two seats' chances still add up to one. The stretch is small (seed 2026's
#: own fit is 1.08) and its gain on held-out rounds within noise.
CALIBRATION = (1.2313, 0.0)


def calibrate(raw: float) -> float:
    """The calibrated chance for a raw search value (the mean result of a root move); a
    certain result (0 or 1: every deal ends the round the same way) stays certain."""
    a, b = CALIBRATION
    if (a, b) == (1.0, 0.0) or raw <= 0.0 or raw >= 1.0:
        return raw
    p = min(1 - 1e-4, max(1e-4, raw))
    return 1 / (1 + exp(-(a * log(p / (1 - p)) + b)))


def chances_of(search: MctsSearch) -> dict[Action, float]:
    """The raw chance (mean value) of each root move the search visited."""
    return {action: mean for action, visits, mean in search.root_statistics() if visits and mean is not None}


class FocusedSearch(MctsSearch):
    """The expert search, giving the moves in `focus` at least FOCUS_SHARE of the root visits.

    It searches a position with a single legal move too (the levels skip it), so every
    position of a game gets a chance. Deterministic for a given view and rng.
    """

    def __init__(self, view: PlayerView, rng: random.Random, iterations: int,
                 focus: tuple[Action, ...] = ()):
        super().__init__(view, rng, iterations=iterations)
        self.iterations = iterations
        children = self.root.children
        assert children is not None  # made with the search
        for action in focus:
            # A legal move the search leaves out (with an empty deck it never trades goods
            # away: heuristic.progressing) is still judged when it is the move played.
            if action not in children and action in view.legal_actions():
                children[action] = _Node(LATE_PRIOR)
        self.focus = tuple(action for action in focus if action in children)
        #: Root visits given by the floor rather than chosen by the search: the best move
        #: found is the most visited by choice, so a forced move does not win by its floor.
        self.forced: dict[Action, int] = {}

    def _select(self, node, state):
        if node is self.root and self.focus:
            children = node.children
            assert children is not None  # the root is expanded when the search starts
            floor = FOCUS_SHARE * self.done_iterations
            for action in self.focus:
                child = children[action]
                if child.visits < floor:
                    self.forced[action] = self.forced.get(action, 0) + 1
                    return action, child
        return super()._select(node, state)


@dataclass(frozen=True)
class MoveChance:
    """A move, its chance to win the round (calibrated) and the root visits behind it."""

    action: Action
    chance: float
    visits: int

    def to_json(self) -> dict:
        return {"move": str(self.action), "chance": stored_chance(self.chance), "visits": self.visits}


def _check_view(view: PlayerView) -> None:
    if not isinstance(view, PlayerView):
        raise TypeError("the coach takes a PlayerView (view_of(state, seat)), not the full state")
    if view.phase != PLAY:
        raise JaipurError(f"the round is not in play (phase {view.phase})")
    if view.to_move != view.seat:
        raise JaipurError(f"player {view.seat} is not to move")


def _ranked(search: FocusedSearch) -> list[MoveChance]:
    """The searched moves, most visited by the search's choice first (then the better chance,
    then the heuristic's order): without a focus, the order in which expert prefers them."""
    stats = [(action, visits, mean) for action, visits, mean in search.root_statistics()
             if visits and mean is not None]
    forced = search.forced
    order = sorted(range(len(stats)),
                   key=lambda i: (-(stats[i][1] - forced.get(stats[i][0], 0)), -stats[i][2], i))
    return [MoveChance(stats[i][0], calibrate(stats[i][2]), stats[i][1]) for i in order]


def start_ranking(view: PlayerView, rng: random.Random, iterations: int = ANALYSIS_ITERATIONS,
                  focus: tuple[Action, ...] = ()) -> FocusedSearch:
    """The anytime search behind `rank_moves` (step it, then `ranked_moves(search)`)."""
    _check_view(view)
    if not isinstance(iterations, int) or iterations < 1:
        raise JaipurError(f"iterations must be a positive integer, got {iterations!r}")
    return FocusedSearch(view, rng, iterations, focus)


def ranked_moves(search: FocusedSearch) -> list[MoveChance]:
    """A finished (or stopped) search's moves with their chances, most visited first."""
    return _ranked(search)


def rank_moves(view: PlayerView, seed=0, iterations: int = ANALYSIS_ITERATIONS,
               focus: tuple[Action, ...] = ()) -> list[MoveChance]:
    """The seat's searched moves with their chances, most visited (the best found) first."""
    search = start_ranking(view, random.Random(seed), iterations, focus)
    search.run()
    return _ranked(search)


def hints(view: PlayerView, seed=0, iterations: int = ANALYSIS_ITERATIONS,
          count: int = HINT_MOVES) -> list[MoveChance]:
    """The best `count` moves found for the seat to move, with their chances (fewer when
    fewer moves are legal). The first is the move expert plays with this seed."""
    return rank_moves(view, seed, iterations)[:count]


def _legal_for(view: PlayerView, action: Action) -> None:
    if action not in view.legal_actions():
        raise IllegalActionError(action, "not a legal move in this position")


def judgement_of(search: FocusedSearch, action: Action, round_number: int = 0,
                 step: int = 0) -> MoveJudgement:
    """The judgement of `action` from a finished search focused on it."""
    ranked = _ranked(search)
    chances = {move.action: move.chance for move in ranked}
    best = ranked[0]
    after = stored_chance(chances[action])
    best_chance = stored_chance(best.chance)
    return MoveJudgement(round_number, step, action, max(after, best_chance), after, best.action, best_chance)


def judge_move(view: PlayerView, action: Action, seed=0, iterations: int = ANALYSIS_ITERATIONS,
               round_number: int | None = None, step: int = 0) -> MoveJudgement:
    """The seat's move `action` judged from `view` (the position before it): chances before
    and after it, the best move found and its chance, the mark."""
    _check_view(view)
    _legal_for(view, action)
    search = start_ranking(view, random.Random(seed), iterations, focus=(action,))
    search.run()
    return judgement_of(search, action, view.round if round_number is None else round_number, step)


def move_seed(seed: int, round_number: int, step: int) -> str:
    """The seed of the search that judges a record's move (the same whichever moves are judged)."""
    return f"jaipur-analysis/{seed}/{round_number}/{step}"


class RecordAnalysis(AnytimeSearch):
    """The analysis of a record's moves by `seats`, move by move, resumable and sliceable.

    `step(max_seconds)` runs iterations until that much time has passed (at least one)
    and returns True when every move is judged; `judgements` holds those made so far,
    `done_moves`/`total_moves` the progress. Moves already in `done` (an earlier
    analysis with the same seats, budget and seed) are not searched again. Each move is
    judged from its mover's view only.
    """

    def __init__(self, record: GameRecord, seats: tuple[int, ...] = (0, 1), seed: int = 0,
                 iterations: int = ANALYSIS_ITERATIONS, done: Analysis | None = None):
        if tuple(seats) not in ((0,), (1,), (0, 1)):
            raise JaipurError(f"seats must be (0,), (1,) or (0, 1), got {seats!r}")
        if not isinstance(iterations, int) or iterations < 1:
            raise JaipurError(f"iterations must be a positive integer, got {iterations!r}")
        self.seats, self.seed, self.per_move = tuple(seats), seed, iterations
        known = {}
        if done is not None and (done.seats, done.iterations, done.seed) == (self.seats, iterations, seed):
            known = {(m.round, m.step): m for m in done.moves}
        self._todo: list[tuple[int, int, PlayerView, Action]] = []
        self.judgements: list[MoveJudgement] = []
        self._known = known
        for number, played in enumerate(record.rounds, 1):
            positions = played.positions()
            for step, action in enumerate(played.actions):
                before = positions[step]
                if before.to_move in self.seats:
                    self._todo.append((number, step, view_of(before, before.to_move), action))
        self.total_moves = len(self._todo)
        self.done_moves = 0
        self._search: FocusedSearch | None = None
        self.iterations = 0
        self.done_iterations = 0
        self._advance()

    def _advance(self) -> None:
        """Take the known judgements at the head of the list; start the next move's search."""
        while self.done_moves < self.total_moves:
            number, step, view, action = self._todo[self.done_moves]
            if (number, step) in self._known:
                self.judgements.append(self._known[(number, step)])
                self.done_moves += 1
                continue
            rng = random.Random(move_seed(self.seed, number, step))
            self._search = FocusedSearch(view, rng, self.per_move, focus=(action,))
            self.iterations = self.done_iterations + self.per_move
            return
        self._search = None
        self.iterations = self.done_iterations

    def _iterate(self) -> None:
        search = self._search
        assert search is not None  # not finished
        search._iterate()
        self.done_iterations += 1
        if search.finished:
            number, step, _, action = self._todo[self.done_moves]
            self.judgements.append(judgement_of(search, action, number, step))
            self.done_moves += 1
            self._advance()

    @property
    def finished(self) -> bool:
        return self.done_moves >= self.total_moves

    def step(self, max_seconds: float | None = None) -> bool:
        if self.finished:
            return True
        return super().step(max_seconds)

    def best_action(self):
        raise JaipurError("an analysis has no action to play")

    def run_all(self) -> Analysis:
        """Judge every move left in one go; the whole analysis."""
        self.step(None)
        return self.analysis()

    def analysis(self) -> Analysis:
        """What is judged so far, as the record's `analysis` field holds it."""
        return Analysis(self.seats, self.per_move, self.seed, tuple(self.judgements))


def analyse_record(record: GameRecord, seats: tuple[int, ...] = (0, 1), seed: int = 0,
                   iterations: int = ANALYSIS_ITERATIONS, done: Analysis | None = None
                   ) -> Iterator[MoveJudgement]:
    """Judge the record's moves by `seats`, yielding each judgement as it is made (stop any
    time: the ones yielded are final)."""
    analysis = RecordAnalysis(record, seats, seed, iterations, done)
    yielded = 0
    while True:
        while yielded < len(analysis.judgements):
            yield analysis.judgements[yielded]
            yielded += 1
        if analysis.finished:
            return
        search = analysis._search
        assert search is not None
        while not search.finished:
            analysis._iterate()


@dataclass(frozen=True)
class PuzzleVerdict:
    """A puzzle's move judged: right or not, its chance, and the best moves found."""

    move: Action
    right: bool
    chance: float
    best: tuple[MoveChance, ...]

    @property
    def loss(self) -> float:
        return max(0.0, round(self.best[0].chance - self.chance, 3))

    def to_json(self) -> dict:
        """Plain data (e.g. for a message from a worker): the move, right, its chance, the best."""
        return {"move": str(self.move), "right": self.right, "chance": stored_chance(self.chance),
                "best": [move.to_json() for move in self.best]}


def judge_puzzle(puzzle: Puzzle, action: Action, seed=0, iterations: int = ANALYSIS_ITERATIONS,
                 count: int = HINT_MOVES) -> PuzzleVerdict:
    """The solver's `action` judged by the search (from the solver's view): right when it is
    the best move found or within PUZZLE_MARGIN of its chance; a puzzle with accepted answers
    is right only for them. IllegalActionError if the move is not legal there."""
    reason = why_illegal(puzzle.position, action)
    if reason is not None:
        raise IllegalActionError(action, reason)
    view = view_of(puzzle.position, puzzle.solver)
    return puzzle_verdict(puzzle, action, rank_moves(view, seed, iterations, focus=(action,)), count)


def puzzle_verdict(puzzle: Puzzle | None, action: Action, moves: list[MoveChance],
                   count: int = HINT_MOVES) -> PuzzleVerdict:
    """The verdict on `action` from a search of the solver's view focused on it (`moves`, as
    `ranked_moves` gives them): what `judge_puzzle` returns, for a page that slices the search
    (None for `puzzle`: one without accepted answers, so only the view need be searched)."""
    chance = next(move.chance for move in moves if move.action == action)
    best = moves[0]
    if puzzle is not None and puzzle.answers:
        right = puzzle.accepts(action)
    else:
        right = action == best.action or best.chance - chance <= PUZZLE_MARGIN + 1e-9
    return PuzzleVerdict(action, right, chance, tuple(moves[:count]))


__all__ = ["ANALYSIS_ITERATIONS", "CALIBRATION", "FOCUS_SHARE", "HINT_MOVES", "PUZZLE_MARGIN",
           "FocusedSearch", "MoveChance", "PuzzleVerdict", "RecordAnalysis", "analyse_record",
           "calibrate", "chances_of", "hints", "judge_move", "judge_puzzle", "judgement_of",
           "move_seed", "puzzle_verdict", "rank_moves", "ranked_moves", "start_ranking"]
