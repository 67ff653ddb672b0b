"""Drawing a render.Screen on the page, and playing the cards' motion around it.

The page's skeleton (render.skeleton) is built once inside <main id="app">; then each Screen
is drawn region by region, touching only what changed: the table's attributes, the regions, the
page's language, direction and title, the message's kind, the dialogs. The live region (last
move + message) and the file input are never re-created, and an open dialog keeps its node while
it stays open (matched by `data-dialog`). Keyboard focus is focus.py's; motion is animation.py's
(measured before the regions are replaced, played in the next frame).
"""

from __future__ import annotations

import js

from ..view.render import REGIONS, skeleton
from .animation import MotionPlayer
from .jsvalues import text, value


class Drawing:
    def __init__(self, root, report):
        self.root = root
        self.report = report
        self.shown = None  # the Screen on the page
        root.innerHTML = skeleton()
        self.table = root.querySelector("[data-testid=table]")
        self.file_input = root.querySelector('[data-change="import-file"]')
        self.motion = MotionPlayer(root, report)

    def show(self, screen):
        """Draw `screen` over the one shown; the dialog it newly opened, if any."""
        old = self.shown
        first = self._motion(self.motion.before, old, screen)
        for name, attr in screen.attrs:
            if old is None or dict(old.attrs).get(name) != attr:
                self.table.setAttribute(name, attr)
        for name in REGIONS:
            if old is None or old.region(name) != screen.region(name):
                self.root.querySelector(f'[data-region="{name}"]').innerHTML = screen.region(name)
        if old is None or (old.language, old.direction, old.title) != (screen.language, screen.direction,
                                                                        screen.title):
            html = js.document.documentElement
            html.setAttribute("lang", screen.language)
            html.setAttribute("dir", screen.direction)
            js.document.title = screen.title
            heading = value(js.document.querySelector(".page-header h1"))
            if heading is not None:
                heading.textContent = screen.title
        message = self.root.querySelector('[data-region="message"]')
        message.className = f"message message--{screen.message_kind}"
        opened = self._dialogs(screen.dialogs, old.dialogs if old else ())
        self.shown = screen
        self._motion(self.motion.play, first)
        return opened

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
            if text(node.getAttribute("data-dialog")) not in wanted:
                node.remove()
        opened = None
        old = dict(before)
        for key, html in dialogs:
            node = value(region.querySelector(f'[data-dialog="{key}"]'))
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
