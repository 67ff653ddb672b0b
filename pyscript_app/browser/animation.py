"""Cards and tokens travel across the table: the browser side of view/motion.py (FLIP, Web Animations).

draw.Drawing asks `before(old, new)` what to measure before it replaces the regions, and
hands that to `play(...)` once the new ones are in. In the next frame (before it is painted, but
apart from the task that drew the table: the page's longest tasks, the computer's moves, do not
get longer) the table is measured again, motion.plan says what travels, and the steps are played
here: a card animated by a transform back from where it was, or a copy flying off and removed.

Nothing here holds input back: animations run on the compositor, the flying copies ignore the
pointer (`.flight`, `inert`), and a click during a flight is handled at once -- the next render
measures a moving card where it is and goes on from there. `prefers-reduced-motion: reduce`
turns it all off.
"""

from __future__ import annotations

import js
from pyodide.ffi import create_once_callable, to_js

from ..view.flights import GOODS
from ..view.motion import Fly, Table, Travel, is_move, plan
from .jsvalues import js_object, value

REDUCED = "(prefers-reduced-motion: reduce)"
#: A flying copy of a card is no control and no test hook.
STRIPPED = ("data-testid", "data-key", "data-action", "data-card", "data-flip-zone", "id", "aria-pressed",
            "aria-label", "tabindex")


def _box(element) -> tuple:
    box = element.getBoundingClientRect()
    return (float(box.left), float(box.top), float(box.width), float(box.height))


class Measured:
    """The table as measured (motion.Table) and the elements it was measured from."""

    def __init__(self, root):
        cards, self.elements, boxes = [], [], []
        for element in root.querySelectorAll("[data-flip-zone] [data-card]"):
            zone = element.closest("[data-flip-zone]").getAttribute("data-flip-zone")
            cards.append((str(zone), str(element.getAttribute("data-card"))))
            self.elements.append(element)
            boxes.append(_box(element))
        self.zones, zone_boxes = {}, {}
        for zone in root.querySelectorAll("[data-flip-zone]"):
            name = str(zone.getAttribute("data-flip-zone"))
            self.zones[name], zone_boxes[name] = zone, _box(zone)
        piles = {}
        for pile in root.querySelectorAll("[data-testid^=pile-][data-values]"):
            piles[str(pile.getAttribute("data-testid"))[5:]] = len(str(pile.getAttribute("data-values")).split())
        won = {name: str(self.zones[name].textContent) if name in self.zones else ""
               for name in ("won-me", "won-opponent")}
        counts = {}
        for name in ("deck", "discard"):
            counted = root.querySelector(f"[data-testid={name}]")
            counts[name] = int(counted.getAttribute("data-count") or 0) if counted is not None else 0
        self.discard_top = value(self.zones["discard"].querySelector(".card")) if "discard" in self.zones else None
        self.table = Table(tuple(cards), tuple(boxes), zone_boxes, piles, won, counts,
                           _box(self.discard_top) if self.discard_top is not None else None)

    def faces(self) -> dict:
        """good -> the box, now, of the top token (`pile-next`) of each pile measured that had one
        (motion.plan's `faces`; a pile with no tokens left has none)."""
        faces = {}
        for good in GOODS:
            pile = self.zones.get(f"pile-{good}")
            if pile is not None:
                face = value(pile.querySelector("[data-testid^=pile-next]"))
                if face is not None:
                    faces[good] = _box(face)
        return faces


class MotionPlayer:
    def __init__(self, root, report):
        self.root = root
        self.report = report          # an exception here is logged, never in the way of the game
        self.pending = None           # the Measured table of a move waiting for the next frame
        js.document.documentElement.setAttribute("data-motion", "on")

    def before(self, old, new):
        """The table measured now when `old` -> `new` (render.Screen) is a move to show, else None."""
        if self.pending is not None:
            return self.pending       # drawn again before the frame: fly from where it all began
        if not is_move(old, new):
            return None
        if js.matchMedia(REDUCED).matches:
            return None
        return Measured(self.root)

    def play(self, first) -> None:
        """Animate, in the next frame."""
        if first is None or first is self.pending:
            return
        self.pending = first
        js.requestAnimationFrame(create_once_callable(self._frame))

    def _frame(self, *_) -> None:
        first, self.pending = self.pending, None
        if first is None:  # nothing measured since the last frame
            return
        try:
            self._play(first)
        except Exception as error:
            self.report(error)

    def _play(self, first: Measured) -> None:
        last = Measured(self.root)
        for step in plan(first.table, last.table, first.faces()):
            if isinstance(step, Travel):
                element = last.elements[step.card] if step.card is not None else last.discard_top
                if element is None:  # the plan moves the discard's top card only where it was measured
                    continue
                element.animate(to_js([js_object(frame) for frame in step.keyframes]), js_object(step.options))
            elif isinstance(step, Fly):
                self._fly(step, first)

    def _fly(self, step: Fly, first: Measured) -> None:
        if step.card is not None:
            copy = first.elements[step.card].cloneNode(True)
            for node in [copy, *copy.querySelectorAll("*")]:
                for name in STRIPPED:
                    node.removeAttribute(name)
            copy.classList.remove("is-chosen")
        else:
            copy = js.document.createElement("span")
            copy.className = f"flight-token flight-token--{step.good}"
        copy.classList.add("flight")
        copy.setAttribute("aria-hidden", "true")
        copy.setAttribute("inert", "")  # never focused, never clicked
        style = copy.style
        style.left, style.top = f"{step.box[0]:.1f}px", f"{step.box[1]:.1f}px"
        style.width, style.height = f"{step.box[2]:.1f}px", f"{step.box[3]:.1f}px"
        js.document.body.appendChild(copy)
        copy.animate(to_js([js_object(frame) for frame in step.keyframes]), js_object(step.options))
        js.setTimeout(create_once_callable(lambda *_: copy.remove()), step.remove_ms)
