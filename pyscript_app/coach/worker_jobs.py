"""The search worker's jobs (web/ai_worker.js): JSON requests in, JSON answers out. Pure.

The page's main thread never searches when the worker runs: it sends what the searching
side may know (a player view, or a finished public record) and gets back moves, chances
and judgements. No `js` here: ai_worker.js feeds `Jobs.receive` each message as JSON text
and calls `Jobs.work` between turns of its event loop while `Jobs.busy`, so a "stop"
message is read between two slices of a long analysis.

    {"id", "kind": "move", "view", "level", "seed"}  -> {"id", "kind": "done", "action"}
    {"id", "kind": "hints", "view", "seed"}          -> {"id", "kind": "done",
                                                         "options": [{"action", "chance"}, ...]}
    {"id", "kind": "analyse", "record", "players", "seed", "iterations"}
        -> {"id", "kind": "progress", "judgement", "done", "total"} per judged move,
           then {"id", "kind": "done"}
    {"id", "kind": "judge", "view", "action", "seed", "iterations"}
        -> {"id", "kind": "done", "verdict"}  (a puzzle's move judged from the solver's view:
           PuzzleVerdict.to_json(), right within 3 points of the best, the best moves)
    {"id", "kind": "stop"}                           -> (the job `id` is dropped, no answer)
    anything wrong                                   -> {"id", "kind": "failed", "error"}

The same request gives the same answer on the page's thread, where search_backends.PageSearch
runs these very jobs in slices when the worker is not up: `jaipur_core.ai.start_search` /
`analysis.start_ranking` with `random.Random(seed)`, whose result does not depend on how it
is sliced.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from jaipur_core import view_from_json
from jaipur_core.actions import parse_action
from jaipur_core.ai import LEVELS, start_search
from jaipur_core.ai.analysis import HINT_MOVES, ranked_moves, start_ranking
from jaipur_core.analysis_format import stored_chance
from jaipur_core.jsontext import load_json
from jaipur_core.limits import MAX_ANALYSIS_ITERATIONS
from jaipur_core.record import record_from_json

from ..app.effects import StartAnalysis, StartPuzzleJudge
from ..app.events import AnalysisDone, AnalysisProgress, PuzzleJudged
from .jobs import AnalysisJob, PuzzleJudgeJob

#: Search time per slice: the worker reads its messages (a "stop") between slices.
SLICE_SECONDS = 0.05
KINDS = ("move", "hints", "analyse", "judge", "stop")
PLAYERS = ((0,), (1,), (0, 1))


class JobError(ValueError):
    """A request the worker cannot run (its message says why)."""


def _seed(message: dict):
    seed = message.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, (str, int)):
        raise JobError(f"seed: expected a string or an integer, got {type(seed).__name__}")
    return seed


def _view(message: dict):
    return view_from_json(message.get("view"))


def _iterations(message: dict) -> int:
    iterations = message.get("iterations")
    if (isinstance(iterations, bool) or not isinstance(iterations, int)
            or not 1 <= iterations <= MAX_ANALYSIS_ITERATIONS):
        raise JobError(f"iterations: expected an integer from 1 to {MAX_ANALYSIS_ITERATIONS}")
    return iterations


def _integer_seed(message: dict) -> int:
    seed = _seed(message)
    try:
        return int(seed)
    except ValueError:
        raise JobError(f"seed: an analysis's seed is an integer, got {seed!r}") from None


class _MoveJob:
    def __init__(self, message: dict):
        level = message.get("level")
        if level not in LEVELS:
            raise JobError(f"level: expected one of {', '.join(LEVELS)}, got {level!r}")
        self.search = start_search(_view(message), level, random.Random(_seed(message)))

    def work(self, max_seconds: float) -> tuple[list[dict], bool]:
        if not self.search.step(max_seconds):
            return [], False
        action = self.search.best_action()
        return [{"kind": "done", "action": None if action is None else str(action)}], True


class _HintsJob:
    def __init__(self, message: dict):
        self.search = start_ranking(_view(message), random.Random(_seed(message)))

    def work(self, max_seconds: float) -> tuple[list[dict], bool]:
        if not self.search.step(max_seconds):
            return [], False
        options = [{"action": str(move.action), "chance": stored_chance(move.chance)}
                   for move in ranked_moves(self.search)[:HINT_MOVES]]
        return [{"kind": "done", "options": options}], True


class _AnalyseJob:
    """The page's own analysis job (coach_jobs.AnalysisJob), so both paths judge alike: the
    moves the record's analysis already holds (same budget and seed) are not searched again."""

    def __init__(self, message: dict):
        text = message.get("record")
        if not isinstance(text, str):
            raise JobError("record: expected the record's JSON text")
        record_from_json(load_json(text, "the record"))  # a bad record is refused here, by name
        players = message.get("players")
        if not isinstance(players, list) or tuple(players) not in PLAYERS:
            raise JobError(f"players: expected [0], [1] or [0, 1], got {players!r}")
        iterations, seed = _iterations(message), _integer_seed(message)
        self.job = AnalysisJob(StartAnalysis(0, text, tuple(players), str(seed), iterations))

    def work(self, max_seconds: float) -> tuple[list[dict], bool]:
        answers: list[dict] = []
        for event in self.job.run(max_seconds):
            if isinstance(event, AnalysisProgress):
                answers.append({"kind": "progress", "judgement": event.judgement, "done": event.done,
                                "total": event.total})
            elif isinstance(event, AnalysisDone):
                answers.append({"kind": "done"})
        return answers, self.job.finished


class _JudgeJob:
    """The page's puzzle judge (coach_jobs.PuzzleJudgeJob) on the solver's view: the move
    played is focused, and judged right within 3 points of the best move found."""

    def __init__(self, message: dict):
        view = _view(message)
        text = message.get("action")
        if not isinstance(text, str):
            raise JobError("action: expected the move in the action notation")
        try:
            action = parse_action(text)
        except ValueError as error:
            raise JobError(f"action: {error}") from None
        if action not in view.legal_actions():
            raise JobError(f"action: {text} is not a legal move in this view")
        iterations, seed = _iterations(message), _integer_seed(message)
        self.job = PuzzleJudgeJob(StartPuzzleJudge(0, view, str(action), str(seed), iterations))

    def work(self, max_seconds: float) -> tuple[list[dict], bool]:
        answers = [{"kind": "done", "verdict": event.verdict} for event in self.job.run(max_seconds)
                   if isinstance(event, PuzzleJudged)]
        return answers, self.job.finished


_JOBS = {"move": _MoveJob, "hints": _HintsJob, "analyse": _AnalyseJob, "judge": _JudgeJob}


class Jobs:
    """The worker's jobs in progress, by id. `post(text)` sends one answer (JSON text).

    A move, a hint or a puzzle's judge is worked on before an analysis (the player waits
    for it), the oldest first; an analysis in progress resumes when none is left.
    """

    def __init__(self, post: Callable[[str], None]):
        self._post = post
        self._jobs: dict = {}

    @property
    def busy(self) -> bool:
        return bool(self._jobs)

    def _send(self, job_id, answer: dict) -> None:
        self._post(json.dumps({"id": job_id, **answer}))

    def _fail(self, job_id, error: BaseException) -> None:
        self._jobs.pop(job_id, None)
        self._send(job_id, {"kind": "failed", "error": f"{type(error).__name__}: {error}"})

    def receive(self, text: str) -> None:
        """Read one request (JSON text): start its job, stop one, or answer "failed"."""
        job_id = None
        try:
            message = json.loads(text)
            if not isinstance(message, dict):
                raise JobError("a request is a JSON object")
            job_id = message.get("id")
            if isinstance(job_id, bool) or not isinstance(job_id, (int, str)):
                job_id = None
                raise JobError("id: expected a string or an integer")
            kind = message.get("kind")
            if kind not in KINDS:
                raise JobError(f"kind: expected one of {', '.join(KINDS)}, got {kind!r}")
            if kind == "stop":
                self._jobs.pop(job_id, None)
                return
            self._jobs.pop(job_id, None)  # a reused id replaces its job
            self._jobs[job_id] = _JOBS[kind](message)
        except Exception as error:  # bad input never stops the worker: it answers why
            self._fail(job_id, error)

    def work(self, max_seconds: float = SLICE_SECONDS) -> bool:
        """One slice of the job that comes first; True while jobs are left."""
        if not self._jobs:
            return False
        job_id = next((key for key, job in self._jobs.items() if not isinstance(job, _AnalyseJob)),
                      next(iter(self._jobs)))
        job = self._jobs[job_id]
        try:
            answers, finished = job.work(max_seconds)
        except Exception as error:
            self._fail(job_id, error)
            return self.busy
        if finished:
            del self._jobs[job_id]
        for answer in answers:
            self._send(job_id, answer)
        return self.busy
