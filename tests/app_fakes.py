"""Shared helpers for the DOM-free page tests: a fake host and crafted states."""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from jaipur_core import Game


class FakeHost:
    """A host.Host for the unit tests (dom.BrowserHost's stand-in): a dict storage, a manual
    scheduler, the last Screen. tests/test_app_host.py checks it against the Protocol."""

    def __init__(self, storage=None, url="http://example.test/"):
        self.storage = dict(storage or {})
        self.screen = None
        self.renders = 0
        self.queue = []
        self.ready = False
        self.downloads = []
        self.picked = 0
        self.url = url
        self.clipboard_ok = False
        self.copied = []
        self.errors = []
        self.fail_storage = False

    @property
    def html(self):
        return self.screen.html() if self.screen is not None else ""

    def show(self, screen) -> None:
        self.screen = screen
        self.renders += 1

    def schedule(self, fn: Callable[[], None], delay_ms: int) -> None:
        self.queue.append(fn)

    def run(self, limit=100_000):
        """Run scheduled callbacks (AI slices) until none are left."""
        steps = 0
        while self.queue:
            self.queue.pop(0)()
            steps += 1
            assert steps < limit, "the scheduler never went quiet"
        return steps

    def storage_set(self, key: str, text: str) -> None:
        if self.fail_storage:
            raise OSError("QuotaExceededError")
        self.storage[key] = text

    def storage_get(self, key: str):
        return self.storage.get(key)

    def storage_remove(self, key: str) -> None:
        if self.fail_storage:
            raise OSError("SecurityError")
        self.storage.pop(key, None)

    def copy_text(self, text: str, done: Callable[[bool], None]) -> None:
        self.copied.append(text)
        done(self.clipboard_ok)

    def download(self, filename: str, text: str) -> None:
        self.downloads.append((filename, text))

    def pick_file(self) -> None:
        self.picked += 1

    def set_ready(self) -> None:
        self.ready = True

    def report(self, error: BaseException) -> None:
        self.errors.append(error)


def crafted(market, hand, herd=0, seed=1, to_move=0):
    """A state of a seeded game with the mover's market, hand and herd replaced.

    market/hand: dicts of card -> count (hand: goods only). Card totals no longer
    add up, which the rules functions used here do not check.
    """
    state = Game.new(seed=seed, first=to_move).state.copy()
    counts = [0] * 7
    for card, n in market.items():
        counts[card] += n
    state.market = tuple(counts)
    goods = [0] * 6
    for card, n in hand.items():
        goods[card] += n
    hands = list(state.hands)
    hands[to_move] = tuple(goods)
    state.hands = tuple(hands)
    herds = list(state.herds)
    herds[to_move] = herd
    state.herds = tuple(herds)
    return state


def booted(storage=None, fragment="", embed=False, entropy=7, **params):
    """A runner booted with these URL parameters (and save texts), its scheduled work not run."""
    from pyscript_app.app.events import Booted
    from pyscript_app.app.runner import Runner
    from pyscript_app.app.saves import EMBED_INDEX_KEY, home_key, kept_key
    host = FakeHost(storage)
    runner = Runner(host)
    query = tuple(sorted((k, str(v)) for k, v in params.items()))
    home = home_key(embed, dict(query), fragment)
    runner.dispatch(Booted(params=query, fragment=fragment, saved=host.storage.get(home),
                           kept=host.storage.get(kept_key(home)), embed=embed, entropy=entropy,
                           now_ms=1_700_000_000_000, page_url=host.url,
                           embed_index=host.storage.get(EMBED_INDEX_KEY) if embed else None))
    return host, runner


def started(storage=None, fragment="", **params):
    """A runner booted with these URL parameters, its scheduled work (the AI) run."""
    host, runner = booted(storage, fragment, **params)
    host.run()
    return host, runner


def press(runner, action, value="", zone="", index=None):
    """Click an element with these data- attributes, as the delegated listener does."""
    from pyscript_app.app.events import from_dom
    event = from_dom(action, value, zone, index)
    assert event is not None, action
    runner.dispatch(event)


def play_by_selection(runner, action):
    """Click the cards of `action` for the seat shown, then press its button."""
    from pyscript_app.app.selection import selection_for
    state = runner.state
    position = state.line.state
    selection = selection_for(action, position.market, position.hands[state.seat],
                              position.herds[state.seat])
    for zone in ("market", "hand", "herd"):
        for index in sorted(getattr(selection, zone)):
            press(runner, "select", zone=zone, index=str(index))
    press(runner, "play", action.kind)


class FakeWorker:
    """web/ai_worker.js's stand-in: a search_backends.WorkerSearch on a fake host whose requests
    are answered by worker_jobs.Jobs in a callback of the host's scheduler (as the worker answers
    in a message event later). `silent`: it reads the requests and never answers (a hung worker);
    `requests` keeps every request posted (JSON text), `answers` every answer, `gone` why it was
    given up."""

    def __init__(self, host: FakeHost, runner, silent: bool = False):
        from pyscript_app.coach.backends import WorkerSearch
        from pyscript_app.coach.worker_jobs import Jobs
        self.host = host
        self.silent = silent
        self.requests: list = []
        self.gone: list = []
        self.answers: list = []   # every answer the worker sent (JSON text)
        self.backend = WorkerSearch(self._post, host.schedule, runner.page_search, self.gone.append)
        self.jobs = Jobs(self._answered)

    def _post(self, text: str) -> None:
        self.requests.append(text)
        if self.silent:
            return
        self.jobs.receive(text)
        self.host.schedule(self._answer, 0)

    def _answered(self, text: str) -> None:
        self.answers.append(text)
        self.backend.receive(text)

    def _answer(self) -> None:
        while self.jobs.work(None):
            pass


def with_worker(host: FakeHost, runner, silent: bool = False) -> FakeWorker:
    """The runner's search worker is up (a FakeWorker): the searches from now on go there."""
    worker = FakeWorker(host, runner, silent)
    runner.use_worker(worker.backend)
    return worker


def embed_snippet(host) -> str:
    """The embed maker's snippet, as the Link panel shows it (unescaped)."""
    found = re.search(r'data-testid="embed-snippet" data-key="embed-snippet">(.*?)</textarea>', host.html, re.S)
    assert found, "no snippet in the panel"
    return html.unescape(found.group(1))
