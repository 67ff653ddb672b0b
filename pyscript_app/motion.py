"""Cards and tokens travel across the table (FLIP with the Web Animations API). Browser-only.

dom.BrowserHost.show asks `before(old, new)` what to measure before it replaces the
regions, and hands that to `play(...)` once the new ones are in: each card is found
where it was (First), where it is now (Last), is moved back by a transform (Invert)
and animated to its place (Play). Which card went where is flights.py's (pure) job.

Only a change of moves within a round, from one seat (the table's `data-ply`), moves anything; a
person who asks for reduced motion (`prefers-reduced-motion: reduce`) gets none.
Nothing here holds input back: animations run on the compositor, the flying copies
ignore the pointer (`.flight`), and a click during a flight is handled at once --
the next render measures a moving card where it is and goes on from there.
"""

from __future__ import annotations

import js
from pyodide.ffi import create_once_callable, to_js

from .flights import GOODS, Ghost, Slide, card_flights, token_flights

DURATION_MS = 360             # each flight; the issue allows 400
TOKEN_GAP_MS = 40             # the tokens of a sale leave their pile one after another
EASING = "cubic-bezier(0.2, 0.7, 0.3, 1)"
REDUCED = "(prefers-reduced-motion: reduce)"
#: Where to aim when a zone is not shown (phones: the opponent and the piles sit in the strip).
FALLBACKS = {"opponent": ("strip",), "won-opponent": ("strip",),
             **{f"pile-{good}": (f"strip-pile-{good}", "strip") for good in GOODS}}
STRIPPED = ("data-testid", "data-key", "data-action", "data-card", "data-flip-zone", "id", "aria-pressed",
            "aria-label", "tabindex")


def _options(mapping: dict):
    return to_js(mapping, dict_converter=js.Object.fromEntries)


def _rect(element) -> tuple:
    box = element.getBoundingClientRect()
    return (float(box.left), float(box.top), float(box.width), float(box.height))


def _shown(rect) -> bool:
    return rect is not None and rect[2] > 0 and rect[3] > 0


def _ply(screen):
    return dict(screen.attrs).get("data-ply", "") if screen is not None else ""


class Snapshot:
    """The table as measured: cards [(zone, kind)], their elements and boxes, the zones, counts."""

    def __init__(self, root):
        self.cards, self.elements, self.rects = [], [], []
        for element in root.querySelectorAll("[data-flip-zone] [data-card]"):
            zone = element.closest("[data-flip-zone]").getAttribute("data-flip-zone")
            self.cards.append((str(zone), str(element.getAttribute("data-card"))))
            self.elements.append(element)
            self.rects.append(_rect(element))
        self.zones = {}
        for zone in root.querySelectorAll("[data-flip-zone]"):
            self.zones[str(zone.getAttribute("data-flip-zone"))] = (zone, _rect(zone))
        self.piles = {}
        for pile in root.querySelectorAll("[data-testid^=pile-][data-values]"):
            self.piles[str(pile.getAttribute("data-testid"))[5:]] = len(str(pile.getAttribute("data-values")).split())
        self.won = {name: str(self.zones[name][0].textContent) if name in self.zones else ""
                    for name in ("won-me", "won-opponent")}
        self.counts = {}
        for name in ("deck", "discard"):
            counted = root.querySelector(f"[data-testid={name}]")
            self.counts[name] = int(counted.getAttribute("data-count") or 0) if counted is not None else 0

    def zone_rect(self, name: str):
        """The box of zone `name`, or of the first shown stand-in for it; None if none is shown."""
        for candidate in (name,) + FALLBACKS.get(name, ()):
            if candidate in self.zones and _shown(self.zones[candidate][1]):
                return self.zones[candidate][1]
        return None


class Motion:
    def __init__(self, root, report):
        self.root = root
        self.report = report          # an exception here is logged, never in the way of the game
        self.pending = None           # the Snapshot of a move waiting for the next frame
        js.document.documentElement.setAttribute("data-motion", "on")

    def before(self, old, new):
        """A Snapshot when `old` -> `new` is a move to show, else None."""
        if self.pending is not None:
            return self.pending       # drawn again before the frame: fly from where it all began
        was, now = _ply(old), _ply(new)
        if not was or not now or was == now or "review" in (was, now):
            return None
        if was.rsplit(":", 1)[0] != now.rsplit(":", 1)[0]:
            return None  # a new round is a new deal, and another seat another view: not a move
        if js.matchMedia(REDUCED).matches:
            return None
        return Snapshot(self.root)

    def play(self, first) -> None:
        """Animate, in the next frame: before it is painted, but apart from the task that drew
        the table (the page's longest tasks are the computer's moves: they do not get longer)."""
        if first is None or first is self.pending:
            return
        self.pending = first
        js.requestAnimationFrame(create_once_callable(self._frame))

    def _frame(self, *_) -> None:
        first, self.pending = self.pending, None
        try:
            self._play(first)
        except Exception as error:
            self.report(error)

    def _play(self, first) -> None:
        last = Snapshot(self.root)
        flights = card_flights(first.cards, last.cards, last.counts["deck"] < first.counts["deck"])
        sold_mine = False
        for flight in flights:
            if isinstance(flight, Slide):
                start = first.rects[flight.old] if flight.old is not None else first.zone_rect(flight.zone)
                self._slide(last.elements[flight.new], start, last.rects[flight.new],
                            whole=flight.old is not None)
            elif isinstance(flight, Ghost):
                sold_mine = sold_mine or flight.zone == "discard"
                self._ghost(first.elements[flight.old], first.rects[flight.old], last.zone_rect(flight.zone))
        if last.counts["discard"] > first.counts["discard"] and not sold_mine and "discard" in last.zones:
            top = last.zones["discard"][0].querySelector(".card")  # the opponent sold: from their side
            if top is not None:
                self._slide(top, first.zone_rect("opponent"), _rect(top), whole=False)
        gained = next((name for name in ("won-me", "won-opponent") if first.won[name] != last.won[name]),
                      "won-me")
        for tokens in token_flights(first.piles, last.piles, gained):
            start = first.zone_rect(f"pile-{tokens.good}")
            pile = first.zones.get(f"pile-{tokens.good}")
            if pile is not None:
                face = pile[0].querySelector("[data-testid^=pile-next]")
                if face is not None and _shown(_rect(face)):
                    start = _rect(face)
            for n in range(min(tokens.count, 5)):
                self._token(tokens.good, start, last.zone_rect(tokens.zone), n * TOKEN_GAP_MS)

    # --- the animations -------------------------------------------------------------------------
    def _slide(self, element, start, end, whole: bool) -> None:
        """Play `element` from `start` to where it is (`end`). `whole`: start is a card's own box
        (it may change size on the way); else a zone's, and the card grows out of its middle."""
        if not _shown(start) or not _shown(end):
            return
        if whole:
            dx, dy = start[0] - end[0], start[1] - end[1]
            sx, sy = start[2] / end[2], start[3] / end[3]
        else:
            dx = start[0] + start[2] / 2 - (end[0] + end[2] / 4)
            dy = start[1] + start[3] / 2 - (end[1] + end[3] / 4)
            sx = sy = 0.5
        if abs(dx) < 1 and abs(dy) < 1 and abs(sx - 1) < 0.02 and abs(sy - 1) < 0.02:
            return
        element.animate(to_js([
            _options({"transform": f"translate({dx:.1f}px, {dy:.1f}px) scale({sx:.3f}, {sy:.3f})",
                      "transformOrigin": "0 0"}),
            _options({"transform": "none", "transformOrigin": "0 0"})]),
            _options({"duration": DURATION_MS, "easing": EASING}))

    def _fly(self, copy, start, end, delay: int) -> None:
        """A copy placed at `start` flies to the middle of `end`, shrinking and fading, then goes."""
        copy.classList.add("flight")
        copy.setAttribute("aria-hidden", "true")
        copy.setAttribute("inert", "")  # never focused, never clicked
        style = copy.style
        style.left, style.top = f"{start[0]:.1f}px", f"{start[1]:.1f}px"
        style.width, style.height = f"{start[2]:.1f}px", f"{start[3]:.1f}px"
        js.document.body.appendChild(copy)
        dx = end[0] + end[2] / 2 - (start[0] + start[2] / 2)
        dy = end[1] + end[3] / 2 - (start[1] + start[3] / 2)
        copy.animate(to_js([
            _options({"transform": "none", "opacity": 1}),
            _options({"transform": f"translate({dx:.1f}px, {dy:.1f}px) scale(0.5)", "opacity": 0.2})]),
            _options({"duration": DURATION_MS, "delay": delay, "easing": EASING, "fill": "both"}))
        js.setTimeout(create_once_callable(lambda *_: copy.remove()), DURATION_MS + delay + 40)

    def _ghost(self, element, start, end) -> None:
        if not _shown(start) or not _shown(end):
            return
        copy = element.cloneNode(True)
        for node in [copy, *copy.querySelectorAll("*")]:  # a copy is no control and no test hook
            for name in STRIPPED:
                node.removeAttribute(name)
        copy.classList.remove("is-chosen")
        self._fly(copy, start, end, 0)

    def _token(self, good: str, start, end, delay: int) -> None:
        if not _shown(start) or not _shown(end):
            return
        token = js.document.createElement("span")
        token.className = f"flight-token flight-token--{good}"
        size = min(start[2], start[3], 28.0)
        self._fly(token, (start[0], start[1], size, size), end, delay)
