"""With dom_motion (the cards' flights) and dom_js, the only modules that touch the browser
(`js`, `pyodide.ffi`).

It builds the page's skeleton once inside <main id="app">, then draws each
render.Screen region by region, touching only what changed: the live region
(last move + message) and the file input are never re-created, an open dialog
keeps its node while it stays open, and keyboard focus is put back by
`data-key`. One delegated click listener turns `data-action` attributes into
events (events.from_dom), a keydown listener turns keys into events
(events.from_key: Escape, the review's arrows, the action keys of keys.py) and
does the keyboard's focus work (keys.py's arithmetic): arrows inside the rows
of cards (roving tabindex), Tab kept inside an open dialog, focus given back to
a dialog's opener when it closes. The file input's `change` reads the chosen file. Proxies for the
listeners are kept for the page's lifetime; one-shot timer callbacks destroy
themselves.
"""

from __future__ import annotations

import asyncio
import random
import traceback
from urllib.parse import parse_qs

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

from jaipur_core.limits import MAX_IMPORT_BYTES

from .dom_motion import MotionPlayer
from .events import Booted, Failed, FileChosen, from_dom, from_key
from .keys import ACTION_KEYS, ARROWS, ROWS, ZONE_ROW, key_for, roving_step, trap_step
from .render import REGIONS, skeleton

try:  # Pyodide >= 0.27 turns JS null into `jsnull`, not None
    from pyodide.ffi import jsnull as _JSNULL
except ImportError:  # pragma: no cover
    _JSNULL = None


def _value(thing):
    """None for JS null/undefined, else the thing."""
    return None if thing is None or thing is _JSNULL else thing


FOCUSABLE = ('button:not([disabled]), input:not([type="hidden"]):not([tabindex="-1"]), a[href], '
             '[tabindex]:not([tabindex="-1"])')


def _text(thing):
    thing = _value(thing)
    return None if thing is None else str(thing)


class BrowserHost:
    def __init__(self, root):
        self.root = root
        self.runner = None
        self.shown = None
        self._proxies = []
        self._tasks = set()
        self._roving = {row: 0 for row in ROWS}  # each row's one Tab stop (its position in the row)
        self._openers = {}  # dialog key -> data-key of the control that had focus when it opened
        root.innerHTML = skeleton()
        self.table = root.querySelector("[data-testid=table]")
        self.file_input = root.querySelector('[data-change="import-file"]')
        self.motion = MotionPlayer(root, self.report)

    def report(self, error: BaseException) -> None:
        js.console.error("Jaipur: " + "".join(traceback.format_exception(error)))

    # --- drawing -------------------------------------------------------------------
    def show(self, screen) -> None:
        active = _value(js.document.activeElement)
        key = _text(active.getAttribute("data-key")) if active is not None and hasattr(active, "getAttribute") else None
        place = self._row_place(active)
        old = self.shown
        first = self._motion(self.motion.before, old, screen)
        for name, value in screen.attrs:
            if old is None or dict(old.attrs).get(name) != value:
                self.table.setAttribute(name, value)
        for name in REGIONS:
            if old is None or old.region(name) != screen.region(name):
                self.root.querySelector(f'[data-region="{name}"]').innerHTML = screen.region(name)
        if old is None or (old.language, old.direction, old.title) != (screen.language, screen.direction,
                                                                        screen.title):
            html = js.document.documentElement
            html.setAttribute("lang", screen.language)
            html.setAttribute("dir", screen.direction)
            js.document.title = screen.title
            heading = _value(js.document.querySelector(".page-header h1"))
            if heading is not None:
                heading.textContent = screen.title
        message = self.root.querySelector('[data-region="message"]')
        message.className = f"message message--{screen.message_kind}"
        opened = self._dialogs(screen.dialogs, old.dialogs if old else ())
        self.shown = screen
        self._motion(self.motion.play, first)
        element = _value(self.root.querySelector(f'[data-key="{key}"]')) if key else None
        if opened is not None:
            focus = _value(opened.querySelector("[data-autofocus]"))
            if focus is not None and (element is None or _value(element.closest(".panel")) is None):
                element = focus  # a dialog just opened: take the keyboard there
        element = self._keyboard_place(element, key, place, opened, old.dialogs if old else (), screen.dialogs)
        if element is not None:
            element.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))

    def _motion(self, step, *args):
        """Cards travelling are a nicety: a failure there is reported, never in the way of the game."""
        try:
            return step(*args)
        except Exception as error:
            self.report(error)
            return None

    def _dialogs(self, dialogs, before):
        """Open, refresh in place, or close dialogs by key; the newly opened one, if any."""
        region = self.root.querySelector('[data-region="dialogs"]')
        wanted = dict(dialogs)
        for node in list(region.children):
            if _text(node.getAttribute("data-dialog")) not in wanted:
                node.remove()
        opened = None
        old = dict(before)
        for key, html in dialogs:
            node = _value(region.querySelector(f'[data-dialog="{key}"]'))
            if node is None:
                template = js.document.createElement("template")
                template.innerHTML = html
                node = template.content.firstElementChild
                region.appendChild(node)
                opened = node
            elif old.get(key) != html:  # the same dialog, new content: keep the node
                template = js.document.createElement("template")
                template.innerHTML = html
                node.innerHTML = template.content.firstElementChild.innerHTML
        return opened

    def set_ready(self) -> None:
        js.document.documentElement.setAttribute("data-state", "ready")

    # --- time ----------------------------------------------------------------------
    def schedule(self, fn, delay_ms: int) -> None:
        def run(*_):
            try:
                fn()
            except Exception as error:  # keep the page alive, and say so in it
                self._failed(error)

        js.setTimeout(create_once_callable(run), delay_ms)

    def _failed(self, error: BaseException) -> None:
        self.report(error)
        if self.runner is not None:
            try:
                self.runner.dispatch(Failed(f"{type(error).__name__}: {error}"))
            except Exception as again:
                self.report(again)

    # --- storage -------------------------------------------------------------------
    def storage_get(self, key: str):
        try:
            return _text(js.localStorage.getItem(key))
        except Exception:
            return None

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
                self._failed(error)

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
        self.file_input.value = ""  # choosing the same file twice still fires `change`
        self.file_input.click()

    # --- events --------------------------------------------------------------------
    def listen(self, runner) -> None:
        self.runner = runner
        click = create_proxy(self._on_click)
        change = create_proxy(self._on_change)
        keydown = create_proxy(self._on_keydown)
        self._proxies += [click, change, keydown]
        self.root.addEventListener("click", click)
        self.file_input.addEventListener("change", change)
        js.document.addEventListener("keydown", keydown)

    def _on_click(self, event) -> None:
        try:
            target = _value(event.target)
            element = _value(target.closest("[data-action]")) if hasattr(target, "closest") else None
            if element is None:
                return
            found = from_dom(_text(element.getAttribute("data-action")) or "",
                             _text(element.getAttribute("data-value")) or "",
                             _text(element.getAttribute("data-zone")) or "",
                             _text(element.getAttribute("data-index")))
            if found is not None:
                self.runner.dispatch(found)
        except Exception as error:
            self._failed(error)

    def _on_keydown(self, event) -> None:
        try:
            target = _value(event.target)
            tag = _text(target.tagName) if target is not None and hasattr(target, "tagName") else ""
            key = _text(event.key) or ""
            if key == "Tab" and self._trap_tab(event):
                return
            if tag in ("INPUT", "TEXTAREA") and key != "Escape":
                return  # arrows move the caret in the share field, letters are typed
            modified = bool(event.ctrlKey or event.altKey or event.metaKey)
            if not modified and self._rove(event, target, key):
                return
            state = self.runner.state
            top = self._top_dialog()
            dialog_open = top is not None
            if not modified and not dialog_open and state.review is None and self._focus_key(event, key):
                return
            found = from_key(key, state.review is not None, state.panel is not None,
                             code=_text(event.code) or "", shift=bool(event.shiftKey), modified=modified,
                             dialog_open=dialog_open, selecting=not state.selection.is_empty(),
                             result_open=dialog_open and _text(top.getAttribute("data-testid")) == "round-panel",
                             rtl=_text(js.document.documentElement.getAttribute("dir")) == "rtl")
            if found is not None:
                event.preventDefault()
                self.runner.dispatch(found)
        except Exception as error:
            self._failed(error)

    # --- keyboard: roving focus in the rows of cards, Tab kept in a dialog, focus returned ---
    def _row_cards(self, row: str) -> list:
        return list(self.root.querySelectorAll(ROWS[row]))

    def _row_place(self, element):
        """(row, position in the row) of a focused card, else None."""
        if element is None or not hasattr(element, "getAttribute"):
            return None
        row = ZONE_ROW.get(_text(element.getAttribute("data-zone")) or "")
        if row is None or _text(element.getAttribute("data-action")) != "select":
            return None
        cards = self._row_cards(row)
        for position, card in enumerate(cards):
            if card == element:
                return row, position
        return None

    def _keyboard_place(self, element, key, place, opened, dialogs_before, dialogs_now):
        """Where focus goes after a render: a closed dialog gives it back to its opener; a card
        that went away (sold, taken) leaves it on its row's nearest card; each row keeps one Tab stop."""
        if opened is not None:
            self._openers[_text(opened.getAttribute("data-dialog"))] = key
        now = dict(dialogs_now)
        for dialog, _html in reversed(dialogs_before):
            if dialog in now:
                continue
            opener = self._openers.pop(dialog, None)
            if element is None and opener:
                element = _value(self.root.querySelector(f'[data-key="{opener}"]'))
                if element is None and place is None:
                    row = ZONE_ROW.get(opener.split("-", 1)[0])
                    place = (row, int(opener.rsplit("-", 1)[1])) if row and opener[-1:].isdigit() else None
        for dialog in list(self._openers):
            if dialog not in now:
                del self._openers[dialog]
        if element is None and place is not None:
            row, position = place
            cards = self._row_cards(row)
            if cards:
                element = cards[min(position, len(cards) - 1)]
        self._set_tab_stops(element)
        self._mark_shortcuts()
        return element

    def _set_tab_stops(self, focused=None) -> None:
        """Roving tabindex: one card of each row is in the Tab order (the focused one, or the last used)."""
        focused_place = self._row_place(focused)
        for row in ROWS:
            cards = self._row_cards(row)
            if not cards:
                continue
            current = focused_place[1] if focused_place and focused_place[0] == row else self._roving[row]
            current = max(0, min(current, len(cards) - 1))
            self._roving[row] = current
            for position, card in enumerate(cards):
                card.setAttribute("tabindex", "0" if position == current else "-1")

    def _mark_shortcuts(self) -> None:
        for found in ACTION_KEYS:
            control = _value(self.root.querySelector(f'[data-testid="{found.testid}"]'))
            if control is not None:
                control.setAttribute("aria-keyshortcuts", found.label)

    def _rove(self, event, target, key: str) -> bool:
        """An arrow, Home or End on a card: move to another card of its row."""
        if key not in ARROWS:
            return False
        place = self._row_place(target)
        if place is None:
            return False
        row, position = place
        cards = self._row_cards(row)
        rtl = _text(js.document.documentElement.getAttribute("dir")) == "rtl"
        to = roving_step(key, position, len(cards), rtl)
        if to is None:
            return False
        event.preventDefault()
        self._roving[row] = to
        self._set_tab_stops(cards[to])
        cards[to].focus()
        return True

    def _focus_key(self, event, key: str) -> bool:
        """M, Y, L: the keyboard goes to the market, your cards or the log."""
        found = key_for(key, _text(event.code) or "", bool(event.shiftKey))
        if found is None or found.event is not None:
            return False
        if found.testid in ROWS:
            cards = self._row_cards(found.testid)
            target = cards[max(0, min(self._roving[found.testid], len(cards) - 1))] if cards else None
        else:
            target = _value(self.root.querySelector(f'[data-testid="{found.testid}"]'))
        if target is None:
            return False
        event.preventDefault()
        target.focus()
        return True

    def _top_dialog(self):
        """The modal dialog the keyboard belongs to: the one holding focus, else the newest open.

        Only `aria-modal="true"` dialogs hold the keyboard: one set aside (not modal) lets it go."""
        dialogs = [node for node in self.root.querySelector('[data-region="dialogs"]').children
                   if _text(node.getAttribute("aria-modal")) == "true"]
        if not dialogs:
            return None
        active = _value(js.document.activeElement)
        for dialog in dialogs:
            if active is not None and dialog.contains(active):
                return dialog
        opened = [d for d in dialogs if _text(d.getAttribute("data-dialog")) in self._openers]
        return (opened or dialogs)[-1]

    def _trap_tab(self, event) -> bool:
        """Tab / Shift+Tab cycle inside an open dialog."""
        dialog = self._top_dialog()
        if dialog is None:
            return False
        controls = [c for c in dialog.querySelectorAll(FOCUSABLE) if c.getClientRects().length]
        active = _value(js.document.activeElement)
        index = next((i for i, c in enumerate(controls) if c == active), -1)
        to = trap_step(index, len(controls), bool(event.shiftKey))
        event.preventDefault()
        if to is not None:
            controls[to].focus()
        return True

    def _on_change(self, event) -> None:
        field = self.file_input
        if not field.files.length:
            return
        file = field.files.item(0)
        size = int(file.size)  # from the file system: known before a byte is read
        if size > MAX_IMPORT_BYTES:  # refused unread: a huge file never enters Python's memory
            self.runner.dispatch(FileChosen(str(file.name), "", size))
            return

        async def read():
            try:
                text = str(await file.text())
                self.runner.dispatch(FileChosen(str(file.name), text, size))
            except Exception as error:
                self._failed(error)

        self._spawn(read())


def query_params() -> tuple:
    parsed = parse_qs((_text(js.location.search) or "").lstrip("?"))
    return tuple(sorted((key, values[-1]) for key, values in parsed.items() if values))


_host = None  # keeps the listeners' proxies alive for the page's lifetime


def browser_languages() -> tuple:
    try:
        return tuple(str(tag) for tag in js.navigator.languages)
    except Exception:  # an old browser: navigator.language only
        return (_text(js.navigator.language) or "",)


def start(embed: bool = False) -> None:
    from .languages import STORAGE_KEY, load_installed
    from .runner import Runner

    global _host
    load_installed()  # the .mo files, read now (not at import: the snapshot is made without them)
    root = js.document.getElementById("app")
    host = BrowserHost(root)
    runner = Runner(host)
    host.listen(runner)
    _host = host
    home = "jaipur.embed" if embed else "jaipur"
    runner.dispatch(Booted(
        params=query_params(), fragment=_text(js.location.hash) or "",
        saved=host.storage_get(home + ".save"), kept=host.storage_get(home + ".kept"),
        embed=embed, entropy=random.SystemRandom().randrange(2 ** 62), now_ms=int(js.Date.now()),
        page_url=str(js.location.href).split("#", 1)[0],
        stored_language=None if embed else host.storage_get(STORAGE_KEY),
        browser_languages=browser_languages()))
