"""Where the page's searches run: the search worker when it is up, else the page's main thread.

Both backends speak worker_jobs' protocol (JSON requests and answers), so the same
request gives the same answer wherever it runs:

  PageSearch     runs worker_jobs.Jobs on the main thread, SLICE_SECONDS at a time, the
                 browser getting the thread between slices (the path before the worker
                 is up, with ?ai=page, and where the worker cannot start or dies); the
                 answers of a slice are handed over in a task of their own, so a slice and
                 the redraw its answer causes never make one long task
  WorkerSearch   posts the requests to web/ai_worker.js and reads its answers (each a
                 message event: a task of its own); a worker that fails or goes quiet for
                 WORKER_TIMEOUT_MS hands its jobs to the page and is given up

Each call starts one job and returns its id; its answers come as the page's events:
`search(effect, on_event)` answers a StartSearch with one SearchDone / SearchFailed;
`analyse(effect, on_event)` a StartAnalysis with AnalysisProgress per judged move, then
AnalysisDone / AnalysisFailed; `judge(effect, on_event)` a StartPuzzleJudge with one
PuzzleJudged / PuzzleJudgeFailed. `stop(job_id)` drops a job, whose answers are then never
delivered. Pure: the worker itself is reached through `post` (browser/worker.py gives it), the
clock through `schedule` (host.schedule).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable

from jaipur_core.actions import parse_action

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
from .worker_jobs import Jobs

SLICE_SECONDS = 0.03      # search budget per slice on the main thread (a slice overshoots by at
                          # most one search iteration, ~1 ms typically)
WORKER_TIMEOUT_MS = 120_000  # a worker silent this long on a job is taken for dead (hung, not slow:
                            # expert's hint takes seconds here, a slow phone may take many)
HINT_KIND = "hints"

Schedule = Callable[[Callable[[], None], int], None]
OnEvent = Callable[[object], None]


def request_for(effect: StartSearch, job_id: int) -> dict:
    """The worker request for a StartSearch: the searching side gets the player view only."""
    view = effect.view.to_json()
    if effect.purpose == "hint":
        return {"id": job_id, "kind": HINT_KIND, "view": view, "seed": effect.seed}
    return {"id": job_id, "kind": "move", "view": view, "level": effect.level, "seed": effect.seed}


def answer_event(effect: StartSearch, answer: dict):
    """The SearchDone / SearchFailed event that a final answer to `effect` means."""
    if answer.get("kind") == "failed":
        return SearchFailed(effect.purpose, effect.token, str(answer.get("error")))
    try:
        if effect.purpose == "hint":
            options = tuple((parse_action(option["action"]), float(option["chance"]))
                            for option in answer["options"])
            return SearchDone(effect.purpose, effect.token, options[0][0] if options else None, options)
        action = answer["action"]
        return SearchDone(effect.purpose, effect.token, None if action is None else parse_action(action))
    except Exception as error:  # an answer that does not read: the search failed, the game goes on
        return SearchFailed(effect.purpose, effect.token, f"{type(error).__name__}: {error}")


def analyse_request(effect: StartAnalysis, job_id: int) -> dict:
    """A public record (its JSON text): every card of it is the reader's already."""
    return {"id": job_id, "kind": "analyse", "record": effect.record_json, "players": list(effect.players),
            "seed": effect.seed, "iterations": effect.iterations}


def analysis_event(effect: StartAnalysis, answer: dict):
    """The AnalysisProgress / AnalysisDone / AnalysisFailed event an answer to `effect` means
    (a progress's judgement is checked by coach.progress, as a record's reader checks it)."""
    kind = answer.get("kind")
    if kind == "progress":
        judgement, done, total = answer.get("judgement"), answer.get("done"), answer.get("total")
        if isinstance(judgement, dict) and isinstance(done, int) and isinstance(total, int):
            return AnalysisProgress(effect.token, judgement, done, total)
        return AnalysisFailed(effect.token, "a progress answer that does not read")
    if kind == "done":
        return AnalysisDone(effect.token)
    return AnalysisFailed(effect.token, str(answer.get("error")))


def judge_request(effect: StartPuzzleJudge, job_id: int) -> dict:
    """The solver's view of the puzzle and the move played: never the puzzle's hidden cards."""
    return {"id": job_id, "kind": "judge", "view": effect.view.to_json(), "action": effect.action,
            "seed": effect.seed, "iterations": effect.iterations}


def judge_event(effect: StartPuzzleJudge, answer: dict):
    if answer.get("kind") == "done" and isinstance(answer.get("verdict"), dict):
        return PuzzleJudged(effect.token, answer["verdict"])
    return PuzzleJudgeFailed(effect.token, str(answer.get("error", "the judge's answer does not read")))


class _Job:
    """A request sent (or about to be) and what to do with its answers. `resumed(request)`:
    the request to send when the job moves to another backend (an analysis goes on from
    the moves judged so far)."""

    def __init__(self, request: dict, on_answer: Callable[[dict], None],
                 resumed: Callable[[dict], dict] | None = None):
        self.request = request
        self.on_answer = on_answer
        self.resumed = resumed or (lambda request: request)
        self.heard = 0            # answers so far (the worker's watchdog compares it)


class _Backend:
    name = ""

    def __init__(self, schedule: Schedule):
        self._schedule = schedule
        self._jobs: dict[int, _Job] = {}
        self._ids = itertools.count(1)

    # --- what the runner calls ------------------------------------------------------
    def search(self, effect: StartSearch, on_event: OnEvent) -> int:
        """Start a search; on_event gets its one SearchDone / SearchFailed. Returns its job id."""
        job_id = next(self._ids)
        self._start(job_id, _Job(request_for(effect, job_id), lambda answer: on_event(answer_event(effect, answer))),
                    effect.delay_ms)
        return job_id

    def analyse(self, effect: StartAnalysis, on_event: OnEvent) -> int:
        """Judge a public record's moves; on_event gets an AnalysisProgress per move, then
        AnalysisDone / AnalysisFailed. Returns its job id."""
        job_id = next(self._ids)
        heard: list[dict] = []

        def answered(answer: dict) -> None:
            event = analysis_event(effect, answer)
            if isinstance(event, AnalysisProgress):
                heard.append(event.judgement)
            on_event(event)

        def resumed(request: dict) -> dict:
            if not heard:
                return request
            try:
                record = with_judgements(request["record"], effect.players, effect.iterations, int(effect.seed),
                                         heard)
            except Exception:  # a judgement that does not read (coach.progress says so): judge them all again
                return request
            return dict(request, record=record)

        self._start(job_id, _Job(analyse_request(effect, job_id), answered, resumed), 0)
        return job_id

    def judge(self, effect: StartPuzzleJudge, on_event: OnEvent) -> int:
        """Judge a puzzle's move from the solver's view; on_event gets one PuzzleJudged /
        PuzzleJudgeFailed. Returns its job id."""
        job_id = next(self._ids)
        self._start(job_id, _Job(judge_request(effect, job_id), lambda answer: on_event(judge_event(effect, answer))),
                    0)
        return job_id

    def stop(self, job_id: int) -> None:
        """Drop a job: its answers, if any come, are not delivered."""
        if self._jobs.pop(job_id, None) is not None:
            self._send({"id": job_id, "kind": "stop"})

    # --- plumbing -------------------------------------------------------------------
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

    def _send(self, request: dict) -> None:
        raise NotImplementedError

    def _answered(self, text: str) -> None:
        """One answer (JSON text) from worker_jobs.Jobs: hand it to its job, if still wanted."""
        answer = json.loads(text)
        job_id = answer.get("id")
        job = self._jobs.get(job_id)
        if job is None:
            return  # stopped, or a job of a worker given up: not wanted
        job.heard += 1
        if answer.get("kind") != "progress":
            del self._jobs[job_id]
        job.on_answer(answer)


class PageSearch(_Backend):
    """worker_jobs.Jobs on the page's main thread, in slices of SLICE_SECONDS. One task at a
    time is scheduled: a slice, or the hand-over of the answers the last slice gave (the
    runner redraws for them), then the next slice."""

    name = "page"

    def __init__(self, schedule: Schedule):
        super().__init__(schedule)
        self.jobs = Jobs(self._outbox_append)
        self._outbox: list[str] = []     # answers given, not handed over yet
        self._scheduled = False

    @property
    def busy(self) -> bool:
        return self.jobs.busy or bool(self._outbox)

    def _outbox_append(self, text: str) -> None:
        self._outbox.append(text)

    def _send(self, request: dict) -> None:
        self.jobs.receive(json.dumps(request))   # a request refused answers "failed" at once: handed over later
        self._next_task()

    def _next_task(self) -> None:
        if self.busy and not self._scheduled:
            self._scheduled = True
            self._schedule(self._task, 0)

    def _task(self) -> None:
        self._scheduled = False
        try:
            if self._outbox:
                answers, self._outbox = self._outbox, []
                for text in answers:
                    self._answered(text)
            else:
                self.jobs.work(SLICE_SECONDS)
        finally:
            self._next_task()

    def adopt(self, job: _Job) -> int:
        """Run a job another backend gave up (the worker died with it): its answers go to the
        same place. Returns its id here."""
        job_id = next(self._ids)
        request = dict(job.resumed(job.request), id=job_id)
        self._start(job_id, _Job(request, job.on_answer, job.resumed), 0)
        return job_id


class WorkerSearch(_Backend):
    """The search worker (web/ai_worker.js), reached through `post(text)`; its answers come in
    through `receive(text)` and its failure through `died(why)`. `on_gone(why)` is told once,
    when it is given up; its jobs then finish on `fallback`."""

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
        if self.alive:
            self._answered(text)

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

    def _send(self, request: dict) -> None:
        if not self.alive:
            return
        try:
            self._post(json.dumps(request))
        except Exception as error:  # the worker is gone (terminated, or the browser refused)
            self.died(f"{type(error).__name__}: {error}")
            return
        job = self._jobs.get(request["id"])
        if job is not None:
            self._watch(request["id"], job, job.heard)

    def _watch(self, job_id: int, job: _Job, heard: int) -> None:
        def check() -> None:
            if self._jobs.get(job_id) is not job:
                return  # answered or stopped
            if job.heard == heard:
                self.died(f"no answer in {WORKER_TIMEOUT_MS // 1000} s")
            else:
                self._watch(job_id, job, job.heard)

        self._schedule(check, WORKER_TIMEOUT_MS)
