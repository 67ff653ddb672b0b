"""The only module that touches the browser (`js`, `pyodide.ffi`).

It renders HTML strings into <main id="app">, forwards clicks from one
delegated listener on that element (plus `change` for the hidden file input
and Escape to close a panel) to the controller, and provides timers,
localStorage, the clipboard and file download/upload. Proxies for the listeners are kept on the host for the page's
lifetime; one-shot timer callbacks destroy themselves.
"""

from __future__ import annotations

import asyncio
import traceback
from urllib.parse import parse_qs

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

try:  # Pyodide >= 0.27 turns JS null into `jsnull`, not None
    from pyodide.ffi import jsnull as _JSNULL
except ImportError:  # pragma: no cover
    _JSNULL = None


def _value(thing):
    """None for JS null/undefined, else the thing."""
    return None if thing is None or thing is _JSNULL else thing


def _text(thing):
    thing = _value(thing)
    return None if thing is None else str(thing)


def _report(error: BaseException) -> None:
    js.console.error("Jaipur: " + "".join(traceback.format_exception(error)))


class BrowserHost:
    def __init__(self, root):
        self.root = root
        self.controller = None
        self._proxies = []
        self._tasks = set()

    # --- rendering -----------------------------------------------------------------
    def render(self, html: str) -> None:
        active = _value(js.document.activeElement)
        key = _text(active.getAttribute("data-key")) if active is not None and hasattr(active, "getAttribute") else None
        self.root.innerHTML = html
        element = _value(self.root.querySelector(f'[data-key="{key}"]')) if key else None
        panel_focus = _value(self.root.querySelector(".panel [data-autofocus]"))
        if panel_focus is not None and (element is None or _value(element.closest(".panel")) is None):
            element = panel_focus  # a panel just opened: take the keyboard there
        if element is not None:
            element.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))

    def set_ready(self) -> None:
        js.document.documentElement.setAttribute("data-state", "ready")

    # --- time ----------------------------------------------------------------------
    def schedule(self, fn, delay_ms: int) -> None:
        def run(*_):
            try:
                fn()
            except Exception as error:  # keep the page alive, but say so loudly
                _report(error)

        js.setTimeout(create_once_callable(run), delay_ms)

    def now_ms(self) -> float:
        return float(js.Date.now())

    # --- storage -------------------------------------------------------------------
    def storage_get(self, key: str):
        return _text(js.localStorage.getItem(key))

    def storage_set(self, key: str, text: str) -> None:
        js.localStorage.setItem(key, text)

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
                _report(error)

        self._spawn(copy())

    def download(self, filename: str, text: str) -> None:
        blob = js.Blob.new(to_js([text]), to_js({"type": "application/json"},
                                                dict_converter=js.Object.fromEntries))
        url = js.URL.createObjectURL(blob)
        link = js.document.createElement("a")
        link.href = url
        link.download = filename
        link.hidden = True
        js.document.body.appendChild(link)
        link.click()
        link.remove()
        js.setTimeout(create_once_callable(lambda *_: js.URL.revokeObjectURL(url)), 1000)

    def pick_file(self) -> None:
        field = _value(self.root.querySelector('[data-change="import-file"]'))
        if field is not None:
            field.click()

    def page_url(self) -> str:
        return str(js.location.href).split("#", 1)[0]

    # --- events --------------------------------------------------------------------
    def listen(self, controller) -> None:
        self.controller = controller
        click = create_proxy(self._on_click)
        change = create_proxy(self._on_change)
        keydown = create_proxy(self._on_keydown)
        self._proxies += [click, change, keydown]
        self.root.addEventListener("click", click)
        self.root.addEventListener("change", change)
        self.root.addEventListener("keydown", keydown)

    def _on_click(self, event) -> None:
        try:
            target = _value(event.target)
            element = _value(target.closest("[data-action]")) if hasattr(target, "closest") else None
            if element is None:
                return
            self.controller.handle(_text(element.getAttribute("data-action")) or "",
                                   _text(element.getAttribute("data-value")) or "",
                                   _text(element.getAttribute("data-zone")) or "",
                                   _text(element.getAttribute("data-index")))
        except Exception as error:
            _report(error)

    def _on_keydown(self, event) -> None:
        if _text(event.key) == "Escape" and _value(self.root.querySelector(".panel [data-action=close]")) is not None:
            try:
                self.controller.handle("close")
            except Exception as error:
                _report(error)

    def _on_change(self, event) -> None:
        field = _value(event.target)
        if field is None or _text(field.getAttribute("data-change")) != "import-file" or not field.files.length:
            return
        file = field.files.item(0)

        async def read():
            try:
                text = await file.text()
                self.controller.import_text(str(text), str(file.name))
            except Exception as error:
                _report(error)

        self._spawn(read())


def query_params() -> dict:
    parsed = parse_qs((_text(js.location.search) or "").lstrip("?"))
    return {key: values[-1] for key, values in parsed.items() if values}


_host = None  # keeps the listeners' proxies alive for the page's lifetime


def start(embed: bool = False) -> None:
    from .controller import Controller

    global _host
    root = js.document.getElementById("app")
    host = BrowserHost(root)
    controller = Controller(host, embed=embed, params=query_params(),
                            fragment=_text(js.location.hash) or "")
    host.listen(controller)
    _host = host
    controller.start()
