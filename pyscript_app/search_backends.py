"""Where the page's searches run: the search worker when it is up, else the page's main thread.

Both backends speak worker_jobs' protocol (JSON requests and answers), so the same
request gives the same answer wherever it runs:

  PageSearch     runs worker_jobs.Jobs on the main thread, SLICE_SECONDS at a time, the
                 browser getting the thread between slices (the path before the worker
                 is up, with ?ai=page, and where the worker cannot start or dies)
  WorkerSearch   posts the requests to web/ai_worker.js and reads its answers; a worker
                 that fails or goes quiet for WORKER_TIMEOUT_MS hands its searches to the
                 page and is given up

A backend's `search(effect, on_event)` answers a StartSearch with one SearchDone /
SearchFailed event; `analyse(effect, on_progress, on_done, on_failed)` judges a public
record's moves (StartAnalysis: token, record_json, players, seed, iterations), calling
on_progress(judgement, done, total) per move; `stop(job_id)` / `stop_analysis(token)`
drop a job, whose answers are then never delivered. Pure: the worker itself is reached
through `post` (dom_worker.py gives it), the clock through `schedule` (host.schedule).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable

from jaipur_core.actions import parse_action

from .effects import StartSearch
from .events import SearchDone, SearchFailed
from .worker_jobs import Jobs

SLICE_SECONDS = 0.03      # search budget per slice on the main thread (a slice overshoots by at
                          # most one search iteration, ~1 ms typically)
WORKER_TIMEOUT_MS = 120_000  # a worker silent this long on a job is taken for dead (hung, not slow:
                            # expert's hint takes seconds here, a slow phone may take many)
HINT_KIND = "hints"

Schedule = Callable[[Callable[[], None], int], None]


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


def analyse_request(effect, job_id: int) -> dict:
    return {"id": job_id, "kind": "analyse", "record": effect.record_json, "players": list(effect.players),
            "seed": effect.seed, "iterations": effect.iterations}


class _Job:
    """A request sent (or about to be) and what to do with its answers."""

    def __init__(self, request: dict, on_answer: Callable[[dict], None]):
        self.request = request
        self.on_answer = on_answer
        self.heard = 0            # answers so far (the worker's watchdog compares it)


class _Backend:
    name = ""

    def __init__(self, schedule: Schedule):
        self._schedule = schedule
        self._jobs: dict[int, _Job] = {}
        self._analyses: dict[int, int] = {}   # StartAnalysis token -> job id
        self._ids = itertools.count(1)

    # --- what the runner calls ------------------------------------------------------
    def search(self, effect: StartSearch, on_event: Callable[[object], None]) -> int:
        """Start a search; on_event gets its one SearchDone / SearchFailed. Returns its job id."""
        job_id = next(self._ids)
        self._start(job_id, _Job(request_for(effect, job_id), lambda answer: on_event(answer_event(effect, answer))),
                    effect.delay_ms)
        return job_id

    def analyse(self, effect, on_progress: Callable[[dict, int, int], None], on_done: Callable[[], None],
                on_failed: Callable[[str], None]) -> int:
        """Judge a record's moves (a StartAnalysis); answers as the module says. Returns its job id."""
        job_id = next(self._ids)

        def answered(answer: dict) -> None:
            kind = answer.get("kind")
            if kind == "progress":
                on_progress(answer["judgement"], answer["done"], answer["total"])
            elif kind == "done":
                on_done()
            else:
                on_failed(str(answer.get("error")))

        self.stop_analysis(effect.token)
        self._analyses[effect.token] = job_id
        self._start(job_id, _Job(analyse_request(effect, job_id), answered), 0)
        return job_id

    def stop(self, job_id: int) -> None:
        """Drop a job: its answers, if any come, are not delivered."""
        if self._jobs.pop(job_id, None) is not None:
            self._send({"id": job_id, "kind": "stop"})

    def stop_analysis(self, token: int) -> None:
        job_id = self._analyses.pop(token, None)
        if job_id is not None:
            self.stop(job_id)

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
            for token, analysing in list(self._analyses.items()):
                if analysing == job_id:
                    del self._analyses[token]
        job.on_answer(answer)


class PageSearch(_Backend):
    """worker_jobs.Jobs on the page's main thread, in slices of SLICE_SECONDS."""

    name = "page"

    def __init__(self, schedule: Schedule):
        super().__init__(schedule)
        self.jobs = Jobs(self._answered)
        self._pumping = False

    def _send(self, request: dict) -> None:
        self.jobs.receive(json.dumps(request))
        if self.jobs.busy and not self._pumping:
            self._pumping = True
            self._schedule(self._pump, 0)

    def _pump(self) -> None:
        try:
            busy = self.jobs.work(SLICE_SECONDS)
        except Exception:
            self._pumping = False
            raise
        self._pumping = busy
        if busy:
            self._schedule(self._pump, 0)

    def adopt(self, job: _Job) -> int:
        """Run a job another backend gave up (the worker died with it): its answers go to the
        same place. Returns its id here."""
        job_id = next(self._ids)
        request = dict(job.request, id=job_id)
        self._start(job_id, _Job(request, job.on_answer), 0)
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
