"""Where the page's searches run: the search worker when it is up, else the page's main thread.

Both backends run the same jobs on the same typed requests (coach/protocol.py), so the same
request gives the same answer wherever it runs:

  PageSearch     hands its requests to a worker_jobs.JobQueue on the main thread, run
                 SLICE_SECONDS at a time, the browser getting the thread between slices (the
                 path before the worker is up, with ?ai=page, and where the worker cannot
                 start or dies); the answers of a slice are handed over in a task of their own,
                 so a slice and the redraw its answer causes never make one long task. No JSON.
  WorkerSearch   posts the requests to web/ai_worker.js as JSON and reads its JSON answers
                 back against the requests they answer (each a message event: a task of its
                 own); a worker that fails or goes quiet for WORKER_TIMEOUT_MS hands its jobs
                 to the page and is given up

Each call starts one job and returns its id; its answers come as the page's events:
`search(effect, on_event)` answers a StartSearch with one SearchDone / SearchFailed;
`analyse(effect, on_event)` a StartAnalysis with AnalysisProgress per judged move, then
AnalysisDone / AnalysisFailed; `judge(effect, on_event)` a StartPuzzleJudge with one
PuzzleJudged / PuzzleJudgeFailed. `stop(job_id)` drops a job, whose answers are then never
delivered. Which request an effect is, and which event an answer means, is written once, in
the three pairs of functions below. Pure: the worker itself is reached through `post`
(browser/worker.py gives it), the clock through `schedule` (host.schedule).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from dataclasses import replace

from jaipur_core.actions import parse_action
from jaipur_core.analysis_format import MoveJudgement

from ..app.effects import StartAnalysis, StartPuzzleJudge, StartSearch
from ..app.events import (
    AnalysisDone,
    AnalysisFailed,
    AnalysisProgress,
    PuzzleJudged,
    PuzzleJudgeFailed,
    SearchDone,
    SearchFailed,
)
from .jobs import with_judgements
from .protocol import (
    AnalyseRequest,
    AnalysisFinished,
    Answer,
    HintsRanked,
    HintsRequest,
    JobFailed,
    JobId,
    JobRequest,
    JudgeRequest,
    MoveChosen,
    MoveJudged,
    MoveRequest,
    ProtocolError,
    PuzzleVerdictGiven,
    Request,
    StopRequest,
    answer_from_json,
    message_id,
    record_from_text,
)
from .worker_jobs import JobQueue, failure

SLICE_SECONDS = 0.03      # search budget per slice on the main thread (a slice overshoots by at
                          # most one search iteration, ~1 ms typically)
WORKER_TIMEOUT_MS = 120_000  # a worker silent this long on a job is taken for dead (hung, not slow:
                            # expert's hint takes seconds here, a slow phone may take many)

Schedule = Callable[[Callable[[], None], int], None]
OnEvent = Callable[[object], None]
OnAnswer = Callable[[Answer], None]


# --- which request an effect is, which event an answer means -----------------------------------

def search_request(effect: StartSearch, job_id: int) -> MoveRequest | HintsRequest:
    """The searching side gets the player view only."""
    if effect.purpose == "hint":
        return HintsRequest(job_id, effect.view, effect.seed)
    return MoveRequest(job_id, effect.view, effect.level, effect.seed)


def search_event(effect: StartSearch, answer: Answer) -> SearchDone | SearchFailed:
    match answer:
        case MoveChosen(action=action):
            return SearchDone(effect.purpose, effect.token, action)
        case HintsRanked(options=options):
            return SearchDone(effect.purpose, effect.token, options[0][0] if options else None, options)
        case JobFailed(error=error):
            return SearchFailed(effect.purpose, effect.token, error)
    return SearchFailed(effect.purpose, effect.token, _unexpected(answer))


def analyse_request(effect: StartAnalysis, job_id: int) -> AnalyseRequest:
    """A public record: every card of it is the reader's already."""
    return AnalyseRequest(job_id, record_from_text(effect.record_json), tuple(effect.players), int(effect.seed),
                          effect.iterations)


def analysis_event(effect: StartAnalysis, answer: Answer) -> AnalysisProgress | AnalysisDone | AnalysisFailed:
    """A judgement as the page takes it, a jaipur-analysis/1 entry (coach.progress checks it
    against the record, as a record's reader does)."""
    match answer:
        case MoveJudged(judgement=judgement, done=done, total=total):
            return AnalysisProgress(effect.token, judgement.to_json(), done, total)
        case AnalysisFinished():
            return AnalysisDone(effect.token)
        case JobFailed(error=error):
            return AnalysisFailed(effect.token, error)
    return AnalysisFailed(effect.token, _unexpected(answer))


def judge_request(effect: StartPuzzleJudge, job_id: int) -> JudgeRequest:
    """The solver's view of the puzzle and the move played: never the puzzle's hidden cards."""
    return JudgeRequest(job_id, effect.view, parse_action(effect.action), int(effect.seed), effect.iterations)


def judge_event(effect: StartPuzzleJudge, answer: Answer) -> PuzzleJudged | PuzzleJudgeFailed:
    match answer:
        case PuzzleVerdictGiven(verdict=verdict):
            return PuzzleJudged(effect.token, verdict.to_json())
        case JobFailed(error=error):
            return PuzzleJudgeFailed(effect.token, error)
    return PuzzleJudgeFailed(effect.token, _unexpected(answer))


def _unexpected(answer: Answer) -> str:
    return f"an answer of another kind of job: {type(answer).__name__}"  # a bug: each job gives its own


class _Job:
    """A request sent (or about to be) and what to do with its answers. `resumed(request)`:
    the request to send when the job moves to another backend (an analysis goes on from
    the moves judged so far)."""

    def __init__(self, request: JobRequest, on_answer: OnAnswer,
                 resumed: Callable[[JobRequest], JobRequest] | None = None):
        self.request = request
        self.on_answer = on_answer
        self.resumed = resumed or (lambda request: request)
        self.heard = 0            # answers so far (the worker's watchdog compares it)


class _Backend:
    name = ""

    def __init__(self, schedule: Schedule):
        self._schedule = schedule
        self._jobs: dict[int, _Job] = {}
        self._refused: dict[int, OnAnswer] = {}   # effects that made no request: told so in a task
        self._ids = itertools.count(1)

    # --- what the runner calls ------------------------------------------------------
    def search(self, effect: StartSearch, on_event: OnEvent) -> int:
        """Start a search; on_event gets its one SearchDone / SearchFailed. Returns its job id."""
        job_id = next(self._ids)
        self._ask(job_id, lambda: search_request(effect, job_id),
                  lambda answer: on_event(search_event(effect, answer)), effect.delay_ms)
        return job_id

    def analyse(self, effect: StartAnalysis, on_event: OnEvent) -> int:
        """Judge a public record's moves; on_event gets an AnalysisProgress per move, then
        AnalysisDone / AnalysisFailed. Returns its job id."""
        job_id = next(self._ids)
        heard: list[MoveJudgement] = []

        def answered(answer: Answer) -> None:
            if isinstance(answer, MoveJudged):
                heard.append(answer.judgement)
            on_event(analysis_event(effect, answer))

        def resumed(request: JobRequest) -> JobRequest:
            # Each judgement heard was taken by the page (coach.progress stops an analysis at the
            # first one unsound), so the record they join still reads.
            if not heard or not isinstance(request, AnalyseRequest):
                return request
            return with_judgements(request, heard)

        self._ask(job_id, lambda: analyse_request(effect, job_id), answered, 0, resumed)
        return job_id

    def judge(self, effect: StartPuzzleJudge, on_event: OnEvent) -> int:
        """Judge a puzzle's move from the solver's view; on_event gets one PuzzleJudged /
        PuzzleJudgeFailed. Returns its job id."""
        job_id = next(self._ids)
        self._ask(job_id, lambda: judge_request(effect, job_id), lambda answer: on_event(judge_event(effect, answer)),
                  0)
        return job_id

    def stop(self, job_id: int) -> None:
        """Drop a job: its answers, if any come, are not delivered."""
        self._refused.pop(job_id, None)
        if self._jobs.pop(job_id, None) is not None:
            self._send(StopRequest(job_id))

    # --- plumbing -------------------------------------------------------------------
    def _ask(self, job_id: int, request_of: Callable[[], JobRequest], on_answer: OnAnswer, delay_ms: int,
             resumed: Callable[[JobRequest], JobRequest] | None = None) -> None:
        try:
            request = request_of()
        except Exception as error:  # an effect whose data does not read: "failed", as a job that cannot start
            refused = failure(job_id, error)
            self._refused[job_id] = on_answer
            self._schedule(lambda: self._tell_refused(job_id, refused), 0)
            return
        self._start(job_id, _Job(request, on_answer, resumed), delay_ms)

    def _tell_refused(self, job_id: int, refused: JobFailed) -> None:
        on_answer = self._refused.pop(job_id, None)
        if on_answer is not None:  # not stopped meanwhile
            on_answer(refused)

    def _start(self, job_id: int, job: _Job, delay_ms: int) -> None:
        self._jobs[job_id] = job
        if delay_ms > 0:  # the computer's turn waits a moment (the player's move is seen first)
            self._schedule(lambda: self._send_if_wanted(job_id), delay_ms)
        else:
            self._send(job.request)

    def _send_if_wanted(self, job_id: int) -> None:
        job = self._jobs.get(job_id)
        if job is not None:
            self._send(job.request)

    def _send(self, request: Request) -> None:
        raise NotImplementedError

    def _job(self, job_id: JobId | None) -> _Job | None:
        """The job of this id, if still wanted (the ids given here are integers)."""
        return self._jobs.get(job_id) if isinstance(job_id, int) else None

    def _deliver(self, answer: Answer) -> None:
        """One answer: hand it to its job, if still wanted; it is the job's last unless a move judged."""
        job_id = answer.id
        if not isinstance(job_id, int) or job_id not in self._jobs:
            return  # stopped, or a job of a worker given up: not wanted
        job = self._jobs[job_id]
        job.heard += 1
        if not isinstance(answer, MoveJudged):
            del self._jobs[job_id]
        job.on_answer(answer)


class PageSearch(_Backend):
    """The jobs on the page's main thread (a worker_jobs.JobQueue), in slices of SLICE_SECONDS,
    typed requests in and typed answers out. One task at a time is scheduled: a slice, or the
    hand-over of the answers the last slice gave (the runner redraws for them), then the next
    slice."""

    name = "page"

    def __init__(self, schedule: Schedule):
        super().__init__(schedule)
        self._outbox: list[Answer] = []     # answers given, not handed over yet
        self.jobs = JobQueue(self._outbox.append)
        self._scheduled = False

    @property
    def busy(self) -> bool:
        return self.jobs.busy or bool(self._outbox)

    def _send(self, request: Request) -> None:
        self.jobs.receive(request)   # a request refused answers "failed" at once: handed over later
        self._next_task()

    def _next_task(self) -> None:
        if self.busy and not self._scheduled:
            self._scheduled = True
            self._schedule(self._task, 0)

    def _task(self) -> None:
        self._scheduled = False
        try:
            if self._outbox:
                answers = list(self._outbox)
                self._outbox.clear()   # in place: the queue appends to this very list
                for answer in answers:
                    self._deliver(answer)
            else:
                self.jobs.work(SLICE_SECONDS)
        finally:
            self._next_task()

    def adopt(self, job: _Job) -> int:
        """Run a job another backend gave up (the worker died with it): its answers go to the
        same place. Returns its id here."""
        job_id = next(self._ids)
        request = replace(job.resumed(job.request), id=job_id)
        self._start(job_id, _Job(request, job.on_answer, job.resumed), 0)
        return job_id


class WorkerSearch(_Backend):
    """The search worker (web/ai_worker.js), reached through `post(text)`; its answers come in
    through `receive(text)` and its failure through `died(why)`. `on_gone(why)` is told once,
    when it is given up; its jobs then finish on `fallback`. The only JSON on the page's side:
    each request written with `to_json()`, each answer read against the request it answers."""

    name = "worker"

    def __init__(self, post: Callable[[str], None], schedule: Schedule, fallback: PageSearch,
                 on_gone: Callable[[str], None]):
        super().__init__(schedule)
        self._post = post
        self.fallback = fallback
        self._on_gone = on_gone
        self.alive = True
        self._moved: dict[int, int] = {}      # job id here -> its id on the fallback

    def receive(self, text: str) -> None:
        """One answer (JSON text) from worker_jobs.Jobs."""
        if not self.alive:
            return
        try:
            data = json.loads(text)
        except ValueError:
            return  # not an answer (ai_worker.js posts JSON only): no job to tell
        job = self._job(message_id(data))
        if job is None:
            return
        try:
            answer = answer_from_json(data, job.request)
        except ProtocolError as error:  # an answer that does not read: the job failed, the game goes on
            answer = failure(job.request.id, error)
        self._deliver(answer)

    def died(self, why: str) -> None:
        """The worker failed or went quiet: give it up, and finish its jobs on the page."""
        if not self.alive:
            return
        self.alive = False
        jobs, self._jobs = self._jobs, {}
        for job_id, job in jobs.items():
            self._moved[job_id] = self.fallback.adopt(job)
        self._on_gone(why)

    def stop(self, job_id: int) -> None:
        moved = self._moved.pop(job_id, None)
        if moved is not None:
            self.fallback.stop(moved)
            return
        super().stop(job_id)

    def _send(self, request: Request) -> None:
        if not self.alive:
            return
        try:
            self._post(json.dumps(request.to_json()))
        except Exception as error:  # the worker is gone (terminated, or the browser refused)
            self.died(f"{type(error).__name__}: {error}")
            return
        job = self._job(request.id)
        if job is not None:
            self._watch(job.request.id, job, job.heard)

    def _watch(self, job_id: JobId, job: _Job, heard: int) -> None:
        def check() -> None:
            if self._job(job_id) is not job:
                return  # answered or stopped
            if job.heard == heard:
                self.died(f"no answer in {WORKER_TIMEOUT_MS // 1000} s")
            else:
                self._watch(job_id, job, job.heard)

        self._schedule(check, WORKER_TIMEOUT_MS)
