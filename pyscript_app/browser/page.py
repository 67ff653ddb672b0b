"""The page in the browser: dom.BrowserHost, the runner's host (host.Host), and `start`.

BrowserHost is a thin composition of the browser layer's parts, each given what it needs:
  dom_draw.Drawing     builds the skeleton, draws each render.Screen (with dom_motion's flights)
  dom_focus.Focus      keyboard focus: roving tab stops, Tab kept in a dialog, focus put back
  dom_input.Input      click / keydown / file `change` listeners -> the runner's events
  dom_services         timers, localStorage, clipboard, download, file reading, the console
Those modules (and dom_js, dom_motion, this one) are the only ones that touch the browser
(`js`, `pyodide.ffi`). They import it at the top, so CPython cannot import them; the memory
snapshot holds them imported (tools/site/snapshot_modules.BROWSER): while imported they keep
no JavaScript object, only `js` itself, which Pyodide restores as the page's globals.
"""

from __future__ import annotations

import random
from urllib.parse import parse_qs

import js

from ..app.events import ArtRead, Booted, Failed
from .draw import Drawing
from .focus import Focus
from .input import Input
from .jsvalues import text as js_text
from .services import Services, report
from .worker import start_search_worker


class BrowserHost:
    """host.Host in the browser."""

    def __init__(self, root):
        self.root = root
        self.runner = None
        self.input = None
        self.focus = Focus(root)
        self.drawing = Drawing(root, self.report)
        self.services = Services(self.drawing.file_input, self._failed)

    def report(self, error: BaseException) -> None:
        report(error)

    def _failed(self, error: BaseException) -> None:
        """An exception in a listener or a callback: logged, and said in the page's message line."""
        self.report(error)
        if self.runner is not None:
            try:
                self.runner.dispatch(Failed(f"{type(error).__name__}: {error}"))
            except Exception as again:
                self.report(again)

    # --- drawing, with the keyboard's focus kept ------------------------------------
    def show(self, screen) -> None:
        held = self.focus.hold()
        old = self.drawing.shown
        opened = self.drawing.show(screen)
        self.focus.restore(held, opened, old.dialogs if old else (), screen.dialogs)

    def set_ready(self) -> None:
        self.drawing.set_ready()

    # --- services ------------------------------------------------------------------
    def schedule(self, fn, delay_ms: int) -> None:
        self.services.schedule(fn, delay_ms)

    def storage_get(self, key: str):
        return self.services.storage_get(key)

    def storage_set(self, key: str, text: str) -> None:
        self.services.storage_set(key, text)

    def storage_remove(self, key: str) -> None:
        self.services.storage_remove(key)

    def copy_text(self, text: str, done) -> None:
        self.services.copy_text(text, done)

    def download(self, filename: str, text: str) -> None:
        self.services.download(filename, text)

    def pick_file(self) -> None:
        self.services.pick_file()

    # --- input ---------------------------------------------------------------------
    def listen(self, runner) -> None:
        self.runner = runner
        self.input = Input(self.root, self.drawing.file_input, self.focus, runner.dispatch,
                           lambda: runner.state, self.services.read_text, self._failed)
        self.input.listen()


def query_params() -> tuple:
    parsed = parse_qs((js_text(js.location.search) or "").lstrip("?"))
    return tuple(sorted((key, values[-1]) for key, values in parsed.items() if values))


_host = None  # keeps the listeners' proxies alive for the page's lifetime
_search_worker = None  # and the search worker's


def browser_languages() -> tuple:
    try:
        return tuple(str(tag) for tag in js.navigator.languages)
    except Exception:  # an old browser: navigator.language only
        return (js_text(js.navigator.language) or "",)


def page_is_dark() -> bool:
    """The page's colours: ?theme= (boot.js writes <html data-theme>), else the system's scheme."""
    chosen = js_text(js.document.documentElement.getAttribute("data-theme"))
    if chosen in ("light", "dark"):
        return chosen == "dark"
    try:
        return bool(js.matchMedia("(prefers-color-scheme: dark)").matches)
    except Exception:
        return False


def start(embed: bool = False) -> None:
    from ..app.runner import Runner
    from ..app.saves import EMBED_INDEX_KEY, home_key, kept_key
    from ..words.languages import STORAGE_KEY, load_installed

    global _host, _search_worker
    js.performance.mark("jaipur boot: page modules imported")  # boot.js's step marks, for bench/load.py
    load_installed()  # the .mo files: a restored snapshot has them read, the full boot reads them now
    js.performance.mark("jaipur boot: catalogs read")
    root = js.document.getElementById("app")
    host = BrowserHost(root)
    runner = Runner(host)
    host.listen(runner)
    _host = host
    params, fragment = query_params(), js_text(js.location.hash) or ""
    home = home_key(embed, dict(params), fragment)  # an embedded table: its own save (app/saves.py)
    runner.dispatch(Booted(
        params=params, fragment=fragment,
        saved=host.storage_get(home), kept=host.storage_get(kept_key(home)),
        embed_index=host.storage_get(EMBED_INDEX_KEY) if embed else None,
        embed=embed, entropy=random.SystemRandom().randrange(2 ** 62), now_ms=int(js.Date.now()),
        page_url=str(js.location.href).split("#", 1)[0],
        stored_language=None if embed else host.storage_get(STORAGE_KEY),
        browser_languages=browser_languages()))
    # the diagrams inline the table's art: read once, after the table is up (render_table.ART)
    host.services.fetch_text("art/cards.svg", lambda art: runner.dispatch(ArtRead(art, page_is_dark())))
    _search_worker = start_search_worker(runner, host.schedule, dict(query_params()))
