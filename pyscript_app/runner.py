"""The effect runner: feeds events to `update`, shows `render(state)`, performs the effects.

The only mutable page object, and it holds just three things: the current
state, the host (a host.Host: dom.BrowserHost in the page, tests/app_fakes.FakeHost
in the unit tests) and the one search in progress. The computer's turn and the hint
share that search runner: a `StartSearch` effect is run in slices of SLICE_SECONDS,
the browser getting the thread between slices, and answered with `SearchDone` /
`SearchFailed`.
A search whose ticket is no longer in the state (the game moved on) is dropped.

An exception in update, render or an effect is reported to the console and
becomes a `Failed` event: the page says so in its message line and goes on.

The host interface is host.Host (a typing.Protocol): show, schedule, storage_set, storage_remove,
copy_text, download, pick_file, set_ready, report.
"""

from __future__ import annotations

import random

from jaipur_core.ai import start_search
from jaipur_core.ai.anytime import Search as AiSearch

from .effects import After, Copy, Download, PickFile, Ready, Remove, Save, StartSearch
from .events import CopyDone, Failed, SearchDone, SearchFailed, StorageFailed
from .host import Host
from .render import render
from .table_state import Search, TableState
from .update import update

SLICE_SECONDS = 0.03      # search budget per slice (a slice overshoots by at most one search
                          # iteration, ~1 ms typically); the browser gets the thread between slices


class _SearchJob:
    def __init__(self, effect: StartSearch):
        self.effect = effect
        self.search: AiSearch | None = None


class Runner:
    def __init__(self, host: Host, state: TableState | None = None):
        self.host = host
        self.state = state or TableState()
        self.job: _SearchJob | None = None

    def dispatch(self, event) -> None:
        try:
            state, effects = update(self.state, event)
        except Exception as error:  # a bug in a handler: say so, keep the last good state
            self._failed(error, event)
            return
        self.state = state
        if self.job is not None and self.state.search != Search(self.job.effect.purpose,
                                                                self.job.effect.token):
            self.job = None  # the game moved on: that search's answer is not wanted
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
            job = self.job = _SearchJob(effect)
            self.host.schedule(lambda: self._slice(job), effect.delay_ms)
        elif isinstance(effect, Copy):
            self.host.copy_text(effect.text, lambda ok: self.dispatch(CopyDone(bool(ok))))
        elif isinstance(effect, Download):
            self.host.download(effect.filename, effect.text)
        elif isinstance(effect, PickFile):
            self.host.pick_file()
        elif isinstance(effect, Ready):
            self.host.set_ready()
        elif isinstance(effect, After):
            self.host.schedule(lambda: self.dispatch(effect.event), effect.ms)

    def _slice(self, job: _SearchJob) -> None:
        if job is not self.job:
            return
        effect = job.effect
        try:
            search = job.search
            if search is None:
                search = job.search = start_search(effect.view, effect.level, random.Random(effect.seed))
            if not search.step(SLICE_SECONDS):
                self.host.schedule(lambda: self._slice(job), 0)
                return
            action = search.best_action()
        except Exception as error:
            self.host.report(error)
            self.job = None
            self.dispatch(SearchFailed(effect.purpose, effect.token, f"{type(error).__name__}: {error}"))
            return
        self.job = None
        self.dispatch(SearchDone(effect.purpose, effect.token, action))
