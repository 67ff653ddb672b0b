"""The browser's services to the page: timers, localStorage, the clipboard, downloads, the file
chooser and reading the chosen file, and the console.

`failed(error)` (injected: page.BrowserHost's) is told of an exception in a callback run later
(a timer, the clipboard's answer, a file read), so the page says so and goes on. One-shot timer
callbacks destroy themselves; the asyncio tasks are kept until they are done.
"""

from __future__ import annotations

import asyncio
import traceback

import js
from pyodide.ffi import create_once_callable, to_js

from .jsvalues import js_object
from .jsvalues import text as js_text


def report(error: BaseException) -> None:
    """Log an exception for developers."""
    js.console.error("Jaipur: " + "".join(traceback.format_exception(error)))


class Services:
    def __init__(self, file_input, failed):
        self.file_input = file_input
        self.failed = failed
        self._tasks = set()

    # --- time ----------------------------------------------------------------------
    def schedule(self, fn, delay_ms: int) -> None:
        def run(*_):
            try:
                fn()
            except Exception as error:  # keep the page alive, and say so in it
                self.failed(error)

        js.setTimeout(create_once_callable(run), delay_ms)

    # --- storage -------------------------------------------------------------------
    def storage_get(self, key: str):
        try:
            return js_text(js.localStorage.getItem(key))
        except Exception:
            return None

    def storage_set(self, key: str, text: str) -> None:
        js.localStorage.setItem(key, text)  # reading js.localStorage itself may raise (SecurityError)

    def storage_remove(self, key: str) -> None:
        js.localStorage.removeItem(key)

    # --- clipboard and files -------------------------------------------------------
    def _spawn(self, coroutine) -> None:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def copy_text(self, text: str, done) -> None:
        async def write():
            await js.navigator.clipboard.writeText(text)

        async def copy():
            try:  # a browser may reject, or never answer (no focus): give up after 2 s
                await asyncio.wait_for(write(), 2)
                ok = True
            except Exception:
                ok = False
            try:
                done(ok)
            except Exception as error:
                self.failed(error)

        self._spawn(copy())

    def download(self, filename: str, text: str) -> None:
        kind = "image/svg+xml" if filename.endswith(".svg") else "application/json"
        blob = js.Blob.new(to_js([text]), js_object({"type": kind}))
        url = js.URL.createObjectURL(blob)
        link = js.document.createElement("a")
        link.href = url
        link.download = filename
        link.hidden = True
        js.document.body.appendChild(link)
        link.click()
        link.remove()
        js.setTimeout(create_once_callable(lambda *_: js.URL.revokeObjectURL(url)), 1000)

    def fetch_text(self, address: str, done) -> None:
        """Read a file of the site (relative to the page) as text, then call done(text); done("")
        if it cannot be read (offline before the service worker kept it, a host that lost it)."""
        async def read():
            try:
                response = await js.fetch(address)
                got = str(await response.text()) if response.ok else ""
            except Exception:
                got = ""
            try:
                done(got)
            except Exception as error:
                self.failed(error)

        self._spawn(read())

    def pick_file(self) -> None:
        self.file_input.value = ""  # choosing the same file twice still fires `change`
        self.file_input.click()

    def read_text(self, file, done) -> None:
        """Read a chosen file (a JS File) as text, then call done(text)."""
        async def read():
            try:
                done(str(await file.text()))
            except Exception as error:
                self.failed(error)

        self._spawn(read())
