"""The effect runner: feeds events to `update`, shows `render(state)`, performs the effects.

The only mutable page object, and it holds just a few things: the current
state, the host (a host.Host: dom.BrowserHost in the page, tests/app_fakes.FakeHost
in the unit tests), the search backends and the one search in progress. The computer's
turn and the hint share one search: a `StartSearch` effect goes to the search worker
when it is up (`use_worker`: search_backends.WorkerSearch), else to the page's sliced
search (search_backends.PageSearch), and is answered with `SearchDone` / `SearchFailed`.
A search whose ticket is no longer in the state (the game moved on) is dropped.

An exception in update, render or an effect is reported to the console and
becomes a `Failed` event: the page says so in its message line and goes on.

The host interface is host.Host (a typing.Protocol): show, schedule, storage_set, storage_remove,
copy_text, download, pick_file, set_ready, report.
"""

from __future__ import annotations

from . import coach
from .coach_jobs import AnalysisJob, PuzzleJudgeJob
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
from .events import (
    AnalysisDone,
    AnalysisFailed,
    AnalysisProgress,
    CopyDone,
    Failed,
    PuzzleJudgeFailed,
    SearchFailed,
    StorageFailed,
)
from .host import Host
from .render import render
from .search_backends import SLICE_SECONDS, PageSearch, WorkerSearch
from .table_state import Search, TableState
from .update import update


class _SearchJob:
    def __init__(self, effect: StartSearch, backend: PageSearch | WorkerSearch):
        self.effect = effect
        self.backend = backend
        self.id = 0


class Runner:
    def __init__(self, host: Host, state: TableState | None = None):
        self.host = host
        self.state = state or TableState()
        self.job: _SearchJob | None = None
        self.coach_jobs: dict[str, AnalysisJob | PuzzleJudgeJob] = {}  # "analysis" / "puzzle": one of each
        self.page_search = PageSearch(host.schedule)
        self.worker: WorkerSearch | None = None
        self.analyses: dict[int, PageSearch | WorkerSearch] = {}   # analysis token -> its backend

    @property
    def backend(self) -> PageSearch | WorkerSearch:
        """Where the next search runs: the worker while it is up, else the page."""
        if self.worker is not None and self.worker.alive:
            return self.worker
        return self.page_search

    def use_worker(self, worker: WorkerSearch) -> None:
        """The search worker is up: the searches from now on run there."""
        self.worker = worker

    def analyse(self, effect, on_progress, on_done, on_failed) -> None:
        """Judge a public record's moves (a StartAnalysis: token, record_json, players, seed,
        iterations) where searches run now; search_backends says what the callbacks get."""
        backend = self.analyses[effect.token] = self.backend

        def ended(then):
            def end(*args) -> None:
                self.analyses.pop(effect.token, None)
                then(*args)
            return end

        backend.analyse(effect, on_progress, ended(on_done), ended(on_failed))

    def stop_analysis(self, token: int) -> None:
        """Stop the analysis started with this token, on the backend it was started on."""
        backend = self.analyses.pop(token, None)
        if backend is not None:
            backend.stop_analysis(token)

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
                del self.coach_jobs[kind]  # stopped, or another game: its answers are not wanted
        for token in list(self.analyses):
            if not coach.wants(self.state, "analysis", token):
                self.stop_analysis(token)  # the worker's analysis of a game no longer reviewed
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
        elif isinstance(effect, StartAnalysis) and self.worker is not None and self.worker.alive:
            self._analyse_in_worker(effect)
        elif isinstance(effect, (StartAnalysis, StartPuzzleJudge)):
            self._start_coach(effect)
        elif isinstance(effect, StopAnalysis):
            self.stop_analysis(effect.token)
            running = self.coach_jobs.get("analysis")
            if running is not None and running.token == effect.token:
                del self.coach_jobs["analysis"]
        elif isinstance(effect, Copy):
            self.host.copy_text(effect.text, lambda ok, what=effect.what: self.dispatch(CopyDone(bool(ok), what)))
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

    def _analyse_in_worker(self, effect: StartAnalysis) -> None:
        """The analysis off the main thread: the worker runs coach_jobs.AnalysisJob (worker_jobs)."""
        token = effect.token
        self.analyse(effect,
                     lambda judgement, done, total: self.dispatch(AnalysisProgress(token, judgement, done, total)),
                     lambda: self.dispatch(AnalysisDone(token)),
                     lambda error: self.dispatch(AnalysisFailed(token, error)))

    # --- the coach's jobs (coach_jobs.py): an analysis, a puzzle's judge ----------------------
    def _start_coach(self, effect: StartAnalysis | StartPuzzleJudge) -> None:
        job: AnalysisJob | PuzzleJudgeJob
        try:
            job = AnalysisJob(effect) if isinstance(effect, StartAnalysis) else PuzzleJudgeJob(effect)
        except Exception as error:
            self._coach_failed(effect, error)
            return
        self.coach_jobs[job.kind] = job
        self.host.schedule(lambda: self._coach_slice(job), 0)

    def _coach_slice(self, job: AnalysisJob | PuzzleJudgeJob) -> None:
        if self.coach_jobs.get(job.kind) is not job:
            return  # stopped or replaced
        try:
            events = job.run(SLICE_SECONDS)
        except Exception as error:
            self.coach_jobs.pop(job.kind, None)
            self._coach_failed(job.effect, error)
            return
        if events:  # answered in a task of its own: a slice and a redraw would make one long task
            self.host.schedule(lambda: self._coach_answer(job, events), 0)
        elif not job.finished:
            self.host.schedule(lambda: self._coach_slice(job), 0)

    def _coach_answer(self, job: AnalysisJob | PuzzleJudgeJob, events: list) -> None:
        if self.coach_jobs.get(job.kind) is not job:
            return  # stopped or replaced since the slice
        if job.finished:
            self.coach_jobs.pop(job.kind, None)
        for event in events:
            self.dispatch(event)
        if not job.finished and self.coach_jobs.get(job.kind) is job:
            self.host.schedule(lambda: self._coach_slice(job), 0)

    def _coach_failed(self, effect, error: Exception) -> None:
        self.host.report(error)
        said = f"{type(error).__name__}: {error}"
        self.dispatch(AnalysisFailed(effect.token, said) if isinstance(effect, StartAnalysis)
                      else PuzzleJudgeFailed(effect.token, said))
