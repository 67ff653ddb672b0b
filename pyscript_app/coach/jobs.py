"""The coach's work, in slices: a record's analysis and a puzzle's judge (issue 29).

Each job takes its effect (plain data: a public record's JSON, or a player's view) and, slice by
slice, returns the events that answer it. worker_jobs wraps them (its `analyse` and `judge`
kinds), so they run in the search worker, or on the page's thread in search_backends.PageSearch's
slices when the worker is not up: nothing here touches the page.
"""

from __future__ import annotations

import json
import random

from jaipur_core import Game
from jaipur_core.actions import parse_action
from jaipur_core.ai.analysis import RecordAnalysis, puzzle_verdict, ranked_moves, start_ranking
from jaipur_core.analysis_format import ANALYSIS_FORMAT, Analysis
from jaipur_core.record import record_from_json

from ..app.effects import StartAnalysis, StartPuzzleJudge
from ..app.events import AnalysisDone, AnalysisProgress, PuzzleJudged


class AnalysisJob:
    """`StartAnalysis` → `AnalysisProgress` per move judged (those the record's analysis already
    holds, with the same budget and seed, come first and cost nothing), then `AnalysisDone`."""

    kind = "analysis"

    def __init__(self, effect: StartAnalysis):
        self.effect = effect
        self.token = effect.token
        self.finished = False
        self._analysis: RecordAnalysis | None = None
        self._told = 0
        self._known: frozenset = frozenset()  # moves the record had judged: the page has them already

    def _start(self) -> RecordAnalysis:
        effect = self.effect
        record = Game.from_record_json(json.loads(effect.record_json)).record
        players, seed = tuple(effect.players), int(effect.seed)
        known = record.analysis
        done = None
        if known is not None and (known.iterations, known.seed) == (effect.iterations, seed):
            # The record's judgements of these players' moves (whatever seats it was made for):
            # a move's search has a seed of its own, so its judgement is the same either way.
            movers = {(number, step): before.to_move for number, played in enumerate(record.rounds, 1)
                      for step, before in enumerate(played.positions()[:-1])}
            done = Analysis(players, effect.iterations, seed,
                            tuple(m for m in known.moves if movers.get((m.round, m.step)) in players))
            self._known = frozenset((m.round, m.step) for m in done.moves)
        return RecordAnalysis(record, players, seed, effect.iterations, done)

    def run(self, max_seconds: float) -> list:
        analysis = self._analysis
        if analysis is None:  # a slice of its own: the record replayed, each move's view made
            self._analysis = self._start()
            return []
        self.finished = analysis.step(max_seconds)
        events: list = []
        while self._told < len(analysis.judgements):
            judgement = analysis.judgements[self._told]
            self._told += 1
            if (judgement.round, judgement.step) in self._known:
                continue
            events.append(AnalysisProgress(self.token, judgement.to_json(), self._told, analysis.total_moves))
        if self.finished:
            events.append(AnalysisDone(self.token))
        return events


def with_judgements(record_json: str, players, iterations: int, seed: int, entries: list[dict]) -> str:
    """The record (JSON text) whose `analysis` holds these judgements too (jaipur-analysis/1 move
    entries of an analysis of `players` with this budget and seed): an analysis moved to another
    thread goes on from the moves already judged there (AnalysisJob skips them)."""
    data = json.loads(record_json)
    known = record_from_json(data).analysis
    moves: dict = {}
    seats = set(players)
    if known is not None and (known.iterations, known.seed) == (iterations, seed):
        moves = {(move.round, move.step): move.to_json() for move in known.moves}
        seats |= set(known.seats)
    for entry in entries:
        moves[(entry["round"], entry["step"])] = entry
    data["analysis"] = {"format": ANALYSIS_FORMAT, "seats": sorted(seats), "iterations": iterations, "seed": seed,
                        "moves": [moves[key] for key in sorted(moves)]}
    return json.dumps(data)


class PuzzleJudgeJob:
    """`StartPuzzleJudge` → `PuzzleJudged` (the move judged against the best found)."""

    kind = "puzzle"

    def __init__(self, effect: StartPuzzleJudge):
        self.effect = effect
        self.token = effect.token
        self.finished = False
        self._action = parse_action(effect.action)
        self._search = start_ranking(effect.view, random.Random(int(effect.seed)), effect.iterations,
                                     focus=(self._action,))

    def run(self, max_seconds: float) -> list:
        self.finished = self._search.step(max_seconds)
        if not self.finished:
            return []
        verdict = puzzle_verdict(None, self._action, ranked_moves(self._search))
        return [PuzzleJudged(self.token, verdict.to_json())]
