"""The search worker's page side: start web/ai_worker.js after the table is shown, and hand
the runner a coach/backends.WorkerSearch when the worker says it is ready.

<html data-ai> says where the searches run from then on: "worker" once it is up, "page"
when it cannot start (no module workers, Python refused there, out of memory), dies, or
the address asks for it with ?ai=page. Until then the page searches itself, as it does
after a failure: the player is told nothing (only the console is).

Imports `js` (snapshot_modules.BROWSER).
"""

from __future__ import annotations

import js
from pyodide.ffi import create_proxy

from ..coach.backends import WorkerSearch

#: A worker that has not said "ready" after this long is given up (its Python is stuck).
START_TIMEOUT_MS = 120_000
#: The worker starts this long after the table is shown, or at the player's first click or
#: key if sooner: its boot (seconds of CPU) never competes with the page's own boot, nor
#: with a reload that follows at once (bench/load.py's warm reload).
START_AFTER_MS = 5_000
PAGE = "page"
WORKER = "worker"


class SearchWorker:
    """One ai_worker.js and the WorkerSearch that talks to it."""

    def __init__(self, runner, schedule):
        self.runner = runner
        self.schedule = schedule
        self.worker = None
        self.backend: WorkerSearch | None = None
        self.given_up = False
        self._proxies = []

    def start(self, *_) -> None:
        if self.worker is not None or self.given_up:
            return  # started already (by the timer or by a first click)
        url = js.URL.new("ai_worker.js", js.document.baseURI).href
        try:
            self.worker = js.Worker.new(url, js.Object.fromEntries([["type", "module"]]))
        except Exception as error:  # no module workers here: the page searches itself
            self.give_up(f"{type(error).__name__}: {error}")
            return
        on_message = create_proxy(self._message)
        on_error = create_proxy(self._error)
        self._proxies += [on_message, on_error]
        self.worker.addEventListener("message", on_message)
        self.worker.addEventListener("error", on_error)
        self.schedule(self._check_started, START_TIMEOUT_MS)

    def _check_started(self) -> None:
        if self.backend is None and not self.given_up:
            self.give_up(f"not ready after {START_TIMEOUT_MS // 1000} s")

    def _message(self, event) -> None:
        data = event.data
        kind = str(getattr(data, "kind", ""))
        if self.given_up:
            return
        if kind == "ready" and self.backend is None:
            self.backend = WorkerSearch(self._post, self.schedule, self.runner.page_search, self.give_up)
            self.runner.use_worker(self.backend)
            set_ai(WORKER)
            js.console.info(f"Jaipur: searches run in the search worker ({data.boot} boot)")
        elif kind == "unavailable":
            self.give_up(str(data.error))
        elif self.backend is not None:
            self.backend.receive(str(js.JSON.stringify(data)))

    def _error(self, event) -> None:
        event.preventDefault()
        why = str(getattr(event, "message", "") or "the worker failed")
        if self.backend is not None:
            self.backend.died(why)  # its searches finish on the page; it calls give_up
        else:
            self.give_up(why)

    def _post(self, text: str) -> None:
        if self.worker is None:  # WorkerSearch._send takes this for a worker gone
            raise RuntimeError("the search worker is not started")
        self.worker.postMessage(js.JSON.parse(text))

    def give_up(self, why: str) -> None:
        if self.given_up:
            return
        self.given_up = True
        if self.backend is not None:
            self.backend.died(why)
        if self.worker is not None:
            self.worker.terminate()
        set_ai(PAGE)
        js.console.info(f"Jaipur: searches run on the page ({why})")


def set_ai(where: str) -> None:
    js.document.documentElement.dataset.ai = where


def start_search_worker(runner, schedule, params: dict) -> SearchWorker | None:
    """The worker, started a little after the table is shown (START_AFTER_MS, or the player's
    first click or key), unless ?ai=page asks for the page's search."""
    if params.get("ai") == PAGE:
        set_ai(PAGE)
        return None
    worker = SearchWorker(runner, schedule)
    first_input = create_proxy(worker.start)
    worker._proxies.append(first_input)
    for kind in ("pointerdown", "keydown"):
        js.document.addEventListener(kind, first_input, js.Object.fromEntries([["once", True], ["capture", True]]))
    schedule(worker.start, START_AFTER_MS)
    return worker
