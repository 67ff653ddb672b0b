"""The effect runner: feeds events to `update`, shows `render(state)`, performs the effects.

The only mutable page object, and it holds just a few things: the current
state, the host (a host.Host: browser/page.BrowserHost in the page, tests/app_fakes.FakeHost
in the unit tests), the search backends and the one search in progress. The computer's
turn and the hint share one search: a `StartSearch` effect goes to the search worker
when it is up (`use_worker`: coach/backends.WorkerSearch), else to the page's sliced
search (coach/backends.PageSearch), and is answered with `SearchDone` / `SearchFailed`.
A search whose ticket is no longer in the state (the game moved on) is dropped. The coach's
jobs take the same path: a `StartAnalysis` or a `StartPuzzleJudge` runs on the backend in use
when it starts (`Runner.coach_jobs`, one of each kind), a worker that dies hands it to the page, and
one whose answers `coach.wants` no more (Stop, another game, Try again) is stopped there.

An exception in update, render or an effect is reported to the console and
becomes a `Failed` event: the page says so in its message line and goes on.

The host interface is host.Host (a typing.Protocol): show, schedule, storage_set, storage_remove,
copy_text, download, pick_file, set_ready, report.
"""

from __future__ import annotations

from ..coach import update as coach
from ..coach.backends import PageSearch, WorkerSearch
from ..view.render import render
from .effects import (
    After,
    Copy,
    Download,
    PickFile,
    Ready,
    Remove,
    Save,
    StartAnalysis,
    StartPuzzleJudge,
    StartSearch,
    StopAnalysis,
)
from .events import AnalysisFailed, AnalysisProgress, CopyDone, Failed, PuzzleJudgeFailed, SearchFailed, StorageFailed
from .host import Host
from .state import Search, TableState
from .update import update

ANALYSIS = "analysis"
PUZZLE = "puzzle"


class _SearchJob:
    def __init__(self, effect: StartSearch, backend: PageSearch | WorkerSearch):
        self.effect = effect
        self.backend = backend
        self.id = 0


class _CoachJob:
    """An analysis (StartAnalysis) or a puzzle's judge (StartPuzzleJudge), on the backend it
    was started on (a worker that dies hands it on to the page itself)."""

    def __init__(self, kind: str, token: int, backend: PageSearch | WorkerSearch):
        self.kind = kind
        self.token = token
        self.backend = backend
        self.id = 0


class Runner:
    def __init__(self, host: Host, state: TableState | None = None):
        self.host = host
        self.state = state or TableState()
        self.job: _SearchJob | None = None
        self.coach_jobs: dict[str, _CoachJob] = {}   # ANALYSIS / PUZZLE: at most one of each
        self.page_search = PageSearch(host.schedule)
        self.worker: WorkerSearch | None = None

    @property
    def backend(self) -> PageSearch | WorkerSearch:
        """Where the next search runs: the worker while it is up, else the page."""
        if self.worker is not None and self.worker.alive:
            return self.worker
        return self.page_search

    def use_worker(self, worker: WorkerSearch) -> None:
        """The search worker is up: the searches from now on run there."""
        self.worker = worker

    def dispatch(self, event) -> None:
        try:
            state, effects = update(self.state, event)
        except Exception as error:  # a bug in a handler: say so, keep the last good state
            self._failed(error, event)
            return
        self.state = state
        if self.job is not None and self.state.search != Search(self.job.effect.purpose,
                                                                self.job.effect.token):
            self.job.backend.stop(self.job.id)
            self.job = None  # the game moved on: that search's answer is not wanted
        for kind, job in list(self.coach_jobs.items()):
            if not coach.wants(self.state, kind, job.token):
                self._stop_coach(kind)  # stopped, or another game: its answers are not wanted
        try:
            self.host.show(render(self.state))
        except Exception as error:
            self._failed(error, event)
            return
        for effect in effects:
            try:
                self._perform(effect)
            except Exception as error:
                self._failed(error, event)

    def _failed(self, error: Exception, event) -> None:
        self.host.report(error)
        if isinstance(event, Failed):
            return  # failing to show a failure: the console has it
        self.dispatch(Failed(f"{type(error).__name__}: {error}"))

    # --- effects ---------------------------------------------------------------------
    def _perform(self, effect) -> None:
        if isinstance(effect, Save):
            try:
                self.host.storage_set(effect.key, effect.text)
            except Exception as error:  # storage full or disabled: keep playing
                self.dispatch(StorageFailed(str(error)))
        elif isinstance(effect, Remove):
            try:
                self.host.storage_remove(effect.key)
            except Exception as error:
                self.dispatch(StorageFailed(str(error)))
        elif isinstance(effect, StartSearch):
            self._search(effect)
        elif isinstance(effect, StartAnalysis):
            self._start_coach(ANALYSIS, effect)
        elif isinstance(effect, StartPuzzleJudge):
            self._start_coach(PUZZLE, effect)
        elif isinstance(effect, StopAnalysis):
            running = self.coach_jobs.get(ANALYSIS)
            if running is not None and running.token == effect.token:
                self._stop_coach(ANALYSIS)
        elif isinstance(effect, Copy):
            what = effect.what
            self.host.copy_text(effect.text, lambda ok: self.dispatch(CopyDone(bool(ok), what)))
        elif isinstance(effect, Download):
            self.host.download(effect.filename, effect.text)
        elif isinstance(effect, PickFile):
            self.host.pick_file()
        elif isinstance(effect, Ready):
            self.host.set_ready()
        elif isinstance(effect, After):
            self.host.schedule(lambda: self.dispatch(effect.event), effect.ms)

    def _search(self, effect: StartSearch) -> None:
        if self.job is not None:
            self.job.backend.stop(self.job.id)
        job = self.job = _SearchJob(effect, self.backend)
        job.id = job.backend.search(effect, lambda event: self._searched(job, event))

    def _searched(self, job: _SearchJob, event) -> None:
        if job is not self.job:
            return  # a search no longer wanted
        self.job = None
        if isinstance(event, SearchFailed):
            self.host.report(RuntimeError(f"{job.backend.name}: {event.error}"))
        self.dispatch(event)

    # --- the coach's jobs: an analysis, a puzzle's judge (the protocol's analyse / judge) ---------
    def _start_coach(self, kind: str, effect: StartAnalysis | StartPuzzleJudge) -> None:
        """Run it where searches run now: the worker while it is up, else the page's slices."""
        self._stop_coach(kind)
        job = self.coach_jobs[kind] = _CoachJob(kind, effect.token, self.backend)
        answered = lambda event: self._coach_answered(job, event)  # noqa: E731
        if isinstance(effect, StartAnalysis):
            job.id = job.backend.analyse(effect, answered)
        else:
            job.id = job.backend.judge(effect, answered)

    def _coach_answered(self, job: _CoachJob, event) -> None:
        if self.coach_jobs.get(job.kind) is not job:
            return  # stopped or replaced: not wanted
        if not isinstance(event, AnalysisProgress):
            del self.coach_jobs[job.kind]  # its last answer (a failure may come before the job's end)
            job.backend.stop(job.id)
        if isinstance(event, (AnalysisFailed, PuzzleJudgeFailed)):
            self.host.report(RuntimeError(f"{job.backend.name}: {event.error}"))
        self.dispatch(event)

    def _stop_coach(self, kind: str) -> None:
        job = self.coach_jobs.pop(kind, None)
        if job is not None:
            job.backend.stop(job.id)
