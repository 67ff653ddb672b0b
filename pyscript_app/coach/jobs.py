"""The search worker's jobs, one per request kind: a typed request in (coach/protocol.py), its
typed answers out, slice by slice (issue 29).

    MoveJob         MoveRequest     -> MoveChosen
    HintsJob        HintsRequest    -> HintsRanked
    AnalysisJob     AnalyseRequest  -> MoveJudged per move judged, then AnalysisFinished
    PuzzleJudgeJob  JudgeRequest    -> PuzzleVerdictGiven

`job_for(request)` starts one (JobError, or the engine's error, if it cannot run); `run(max_seconds)`
gives the answers of one slice, and `finished` says when the last is given. `with_judgements`
carries an analysis over to another thread (the worker died) with the moves judged so far. Every chance is
rounded as the wire stores it, so an answer is the same value whether it crossed from the
worker or came from these jobs on the page's thread (worker_jobs.JobQueue runs them in both).
`jaipur_core.ai.start_search` / `analysis.start_ranking` with `random.Random(seed)` give a result
that does not depend on how the search is sliced. Nothing here knows the page.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from jaipur_core import Game
from jaipur_core.ai import start_search
from jaipur_core.ai.analysis import (
    HINT_MOVES,
    MoveChance,
    PuzzleVerdict,
    RecordAnalysis,
    puzzle_verdict,
    ranked_moves,
    start_ranking,
)
from jaipur_core.analysis_format import Analysis, MoveJudgement, stored_chance

from .protocol import (
    AnalyseRequest,
    AnalysisFinished,
    Answer,
    HintsRanked,
    HintsRequest,
    JobRequest,
    JudgeRequest,
    MoveChosen,
    MoveJudged,
    MoveRequest,
    PuzzleVerdictGiven,
)


class JobError(ValueError):
    """A request well formed but not runnable (its message names the field and says why)."""


class MoveJob:
    """The computer's move: the level's search of the mover's view."""

    def __init__(self, request: MoveRequest):
        self.request = request
        self.finished = False
        self._search = start_search(request.view, request.level, random.Random(request.seed))

    def run(self, max_seconds: float | None) -> list[Answer]:
        self.finished = self._search.step(max_seconds)
        return [MoveChosen(self.request.id, self._search.best_action())] if self.finished else []


class HintsJob:
    """The player's hint: the HINT_MOVES best moves of their view, with their chances."""

    def __init__(self, request: HintsRequest):
        self.request = request
        self.finished = False
        self._search = start_ranking(request.view, random.Random(request.seed))

    def run(self, max_seconds: float | None) -> list[Answer]:
        self.finished = self._search.step(max_seconds)
        if not self.finished:
            return []
        options = tuple((move.action, stored_chance(move.chance)) for move in ranked_moves(self._search)[:HINT_MOVES])
        return [HintsRanked(self.request.id, options)]


class AnalysisJob:
    """A record's moves by the request's players judged: a MoveJudged per move (those the record's
    analysis already holds, with the same budget and seed, come first and cost nothing), then
    AnalysisFinished."""

    def __init__(self, request: AnalyseRequest):
        self.request = request
        self.finished = False
        self._analysis: RecordAnalysis | None = None
        self._told = 0
        self._known: frozenset = frozenset()  # moves the record had judged: its sender has them already

    def _start(self) -> RecordAnalysis:
        request = self.request
        record = Game.from_record(request.record).record  # replayed: a record whose play is illegal fails here
        players, seed = request.players, request.seed
        known = record.analysis
        done = None
        if known is not None and (known.iterations, known.seed) == (request.iterations, seed):
            # The record's judgements of these players' moves (whatever seats it was made for):
            # a move's search has a seed of its own, so its judgement is the same either way.
            movers = {(number, step): before.to_move for number, played in enumerate(record.rounds, 1)
                      for step, before in enumerate(played.positions()[:-1])}
            done = Analysis(players, request.iterations, seed,
                            tuple(m for m in known.moves if movers.get((m.round, m.step)) in players))
            self._known = frozenset((m.round, m.step) for m in done.moves)
        return RecordAnalysis(record, players, seed, request.iterations, done)

    def run(self, max_seconds: float | None) -> list[Answer]:
        analysis = self._analysis
        if analysis is None:  # a slice of its own: the record replayed, each move's view made
            self._analysis = self._start()
            return []
        self.finished = analysis.step(max_seconds)
        answers: list[Answer] = []
        while self._told < len(analysis.judgements):
            judgement = analysis.judgements[self._told]
            self._told += 1
            if (judgement.round, judgement.step) in self._known:
                continue
            answers.append(MoveJudged(self.request.id, judgement, self._told, analysis.total_moves))
        if self.finished:
            answers.append(AnalysisFinished(self.request.id))
        return answers


def with_judgements(request: AnalyseRequest, judgements: Sequence[MoveJudgement]) -> AnalyseRequest:
    """The request whose record's analysis holds these judgements too (made for this request, on
    another thread): an analysis moved there goes on from the moves already judged (AnalysisJob
    skips them). The record's own judgements with the same budget and seed are kept."""
    known = request.record.analysis
    moves: dict[tuple[int, int], MoveJudgement] = {}
    seats = set(request.players)
    if known is not None and (known.iterations, known.seed) == (request.iterations, request.seed):
        moves = {(move.round, move.step): move for move in known.moves}
        seats |= set(known.seats)
    for judgement in judgements:
        moves[(judgement.round, judgement.step)] = judgement
    analysis = Analysis(tuple(sorted(seats)), request.iterations, request.seed,
                        tuple(moves[key] for key in sorted(moves)))
    return replace(request, record=request.record.with_analysis(analysis))


class PuzzleJudgeJob:
    """A puzzle's move judged from the solver's view: the move played is focused, and judged right
    within 3 points of the best move found."""

    def __init__(self, request: JudgeRequest):
        if request.action not in request.view.legal_actions():
            raise JobError(f"action: {request.action} is not a legal move in this view")
        self.request = request
        self.finished = False
        self._search = start_ranking(request.view, random.Random(request.seed), request.iterations,
                                     focus=(request.action,))

    def run(self, max_seconds: float | None) -> list[Answer]:
        self.finished = self._search.step(max_seconds)
        if not self.finished:
            return []
        verdict = puzzle_verdict(None, self.request.action, ranked_moves(self._search))
        return [PuzzleVerdictGiven(self.request.id, stored_verdict(verdict))]


def stored_verdict(verdict: PuzzleVerdict) -> PuzzleVerdict:
    """The verdict with its chances as PuzzleVerdict.to_json() stores them (three decimals)."""
    best = tuple(MoveChance(move.action, stored_chance(move.chance), move.visits) for move in verdict.best)
    return PuzzleVerdict(verdict.move, verdict.right, stored_chance(verdict.chance), best)


Job = MoveJob | HintsJob | AnalysisJob | PuzzleJudgeJob


def job_for(request: JobRequest) -> Job:
    """The job that answers `request`, started (raises if it cannot run: the answer is then a
    JobFailed saying why)."""
    if isinstance(request, MoveRequest):
        return MoveJob(request)
    if isinstance(request, HintsRequest):
        return HintsJob(request)
    if isinstance(request, AnalyseRequest):
        return AnalysisJob(request)
    return PuzzleJudgeJob(request)
