"""The page's input: DOM events become the runner's events.

One delegated click listener on the page turns `data-action` attributes into events
(events.from_dom); a keydown listener on the document first lets focus.py do the keyboard's
focus work (Tab kept inside an open dialog, arrows inside the rows of cards, M / Y / L), then
turns keys into events (keys.from_key: Escape, the review's arrows, the action keys of
app/keys.py); the file input's `change` reads the chosen file (services.py) into `FileChosen`; the
window's `storage` event (another tab or frame of the site stored a key) becomes `StorageChanged`.
A click first sends the page's text fields (`data-field`: a puzzle's question and explanation)
as `FieldsRead`, so what was typed is in the state before the click is handled.
Everything is injected: `dispatch` and `state` (the runner's), the focus, `read_text`, and
`failed` for an exception. The listeners' proxies are kept for the page's lifetime.
"""

from __future__ import annotations

import js
from pyodide.ffi import create_once_callable, create_proxy

from jaipur_core.limits import MAX_IMPORT_BYTES

from ..app.events import FieldsRead, FileChosen, NoteEdited, StorageChanged, from_dom
from ..app.keys import from_key
from .jsvalues import page_is_rtl, text, value


class Input:
    def __init__(self, root, file_input, focus, dispatch, state, read_text, failed):
        self.root = root
        self.file_input = file_input
        self.focus = focus            # focus.Focus
        self.dispatch = dispatch      # an event -> the runner
        self.state = state            # () -> the runner's TableState
        self.read_text = read_text    # (file, done(text)): services.Services.read_text
        self.failed = failed          # an exception in a listener: reported, and said in the page
        self._proxies = []
        self._edited = None           # a note field's change not sent yet (see _on_field_change)

    def listen(self) -> None:
        click = create_proxy(self._on_click)
        change = create_proxy(self._on_change)
        keydown = create_proxy(self._on_keydown)
        field = create_proxy(self._on_field_change)
        stored = create_proxy(self._on_storage)
        self._proxies += [click, change, keydown, field, stored]
        self.root.addEventListener("click", click)
        self.root.addEventListener("change", field)
        self.file_input.addEventListener("change", change)
        js.document.addEventListener("keydown", keydown)
        js.window.addEventListener("storage", stored)

    def _on_storage(self, event) -> None:
        """Another document of this site stored a key (localStorage.clear(): key null, ignored)."""
        try:
            key = text(event.key)
            if key:
                self.dispatch(StorageChanged(key, text(event.newValue)))
        except Exception as error:
            self.failed(error)

    def _on_click(self, event) -> None:
        self._flush()
        try:
            target = value(event.target)
            element = value(target.closest("[data-action]")) if hasattr(target, "closest") else None
            if element is None:
                return
            found = from_dom(text(element.getAttribute("data-action")) or "",
                             text(element.getAttribute("data-value")) or "",
                             text(element.getAttribute("data-zone")) or "",
                             text(element.getAttribute("data-index")))
            if found is None:
                return
            # The text fields (a puzzle's question and explanation) as typed, before the click is handled.
            fields = tuple((text(field.getAttribute("data-field")) or "", text(field.value) or "")
                           for field in self.root.querySelectorAll("[data-field]"))
            if fields:
                self.dispatch(FieldsRead(fields))
            self.dispatch(found)
        except Exception as error:
            self.failed(error)

    def _on_keydown(self, event) -> None:
        self._flush()
        try:
            target = value(event.target)
            tag = text(target.tagName) if target is not None and hasattr(target, "tagName") else ""
            key = text(event.key) or ""
            if key == "Tab" and self.focus.trap_tab(event):
                return
            if tag in ("INPUT", "TEXTAREA") and key != "Escape":
                return  # arrows move the caret in the share field, letters are typed
            modified = bool(event.ctrlKey or event.altKey or event.metaKey)
            if not modified and self.focus.rove(event, target, key):
                return
            state = self.state()
            top = self.focus.top_dialog()
            dialog_open = top is not None
            if not modified and not dialog_open and state.review is None and self.focus.jump(event, key):
                return
            found = from_key(key, state.review is not None, state.panel is not None,
                             code=text(event.code) or "", shift=bool(event.shiftKey), modified=modified,
                             dialog_open=dialog_open, selecting=not state.selection.is_empty(),
                             result_open=dialog_open and text(top.getAttribute("data-testid")) == "round-panel",
                             rtl=page_is_rtl())
            if found is not None:
                event.preventDefault()
                self.dispatch(found)
        except Exception as error:
            self.failed(error)

    def _on_field_change(self, event) -> None:
        """A text field of the page was changed (it is losing the focus): the review's note field.

        Sent once the focus has moved (a timer of 0 ms): the redraw of the notes region then
        finds the control the focus went to (Tab to Save) and gives it back by its data-key. A
        click or a key that comes first sends it before its own event (`_flush`), so Export or
        Link pressed straight from the field carry what was typed."""
        try:
            target = value(event.target)
            if target is None or not hasattr(target, "getAttribute"):
                return
            if text(target.getAttribute("data-change")) == "note":
                self._edited = NoteEdited(int(text(target.getAttribute("data-value")) or "0"),
                                          text(target.value) or "")
                js.setTimeout(create_once_callable(self._flush), 0)
        except Exception as error:
            self.failed(error)

    def _flush(self) -> None:
        edited, self._edited = self._edited, None
        if edited is None:
            return
        try:
            self.dispatch(edited)
        except Exception as error:
            self.failed(error)

    def _on_change(self, event) -> None:
        field = self.file_input
        if not field.files.length:
            return
        file = field.files.item(0)
        size = int(file.size)  # from the file system: known before a byte is read
        if size > MAX_IMPORT_BYTES:  # refused unread: a huge file never enters Python's memory
            self.dispatch(FileChosen(str(file.name), "", size))
            return
        name = str(file.name)
        self.read_text(file, lambda content: self.dispatch(FileChosen(name, content, size)))
