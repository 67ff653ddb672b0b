"""Cards and tokens travel across the table (FLIP): the plan. Pure.

browser/animation.py (the browser side) measures the table into a `Table` before the regions are
replaced (First) and again in the next frame (Last); `plan(first, last, faces)` says what to
animate: each card that moved is put back where it was by a transform (Invert) and animated to
its place (Play); a card that left the view, or a token won, is a copy flying off. Which card went
where is view/flights.py's job; here are the boxes, the keyframes and the timings. browser/animation.py
plays the steps with the Web Animations API.

Only a change of moves within a round, from one seat (the table's `data-ply`), moves anything
(`is_move`); a person who asks for reduced motion gets none (browser/animation.py asks the browser).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .flights import GOODS, Ghost, Slide, card_flights, token_flights

DURATION_MS = 360             # each flight; the issue allows 400
TOKEN_GAP_MS = 40             # the tokens of a sale leave their pile one after another
EASING = "cubic-bezier(0.2, 0.7, 0.3, 1)"
#: Where to aim when a zone is not shown (phones: the opponent and the piles sit in the strip).
FALLBACKS = {"opponent": ("strip",), "won-opponent": ("strip",),
             **{f"pile-{good}": (f"strip-pile-{good}", "strip") for good in GOODS}}

Box = tuple  # (left, top, width, height) in CSS pixels, as getBoundingClientRect gives them


def shown(box) -> bool:
    return box is not None and box[2] > 0 and box[3] > 0


def _ply(screen):
    return dict(screen.attrs).get("data-ply", "") if screen is not None else ""


def is_move(old, new) -> bool:
    """Whether the render.Screen `old` -> `new` is a move to show: the same round, the same seat,
    more (or fewer) moves; never a review, a new round (a new deal) or another seat's view."""
    was, now = _ply(old), _ply(new)
    if not was or not now or was == now or "review" in (was, now):
        return False
    return was.rsplit(":", 1)[0] == now.rsplit(":", 1)[0]


@dataclass(frozen=True)
class Table:
    """The table as measured: plain values, no elements."""

    cards: tuple = ()                               # (zone, kind) of each card, in document order
    boxes: tuple = ()                               # the Box of each card
    zones: dict = field(default_factory=dict)       # data-flip-zone -> Box
    piles: dict = field(default_factory=dict)       # good -> tokens left in its pile
    won: dict = field(default_factory=dict)         # won-me / won-opponent -> its text
    counts: dict = field(default_factory=dict)      # deck / discard -> cards in it
    discard_top: Box | None = None                  # the discard pile's top card, if one is shown

    def zone_box(self, name: str):
        """The box of zone `name`, or of the first shown stand-in for it; None if none is shown."""
        for candidate in (name,) + FALLBACKS.get(name, ()):
            if candidate in self.zones and shown(self.zones[candidate]):
                return self.zones[candidate]
        return None


@dataclass(frozen=True)
class Travel:
    """Animate a card of the new table from `start` to where it is: the card `card` (index in the
    last Table's cards), or the discard pile's top card when `card` is None."""

    card: int | None
    keyframes: tuple
    options: dict


@dataclass(frozen=True)
class Fly:
    """A copy placed at `box` flies off and is removed `remove_ms` later: a copy of the card `card`
    (index in the first Table's cards), or, when `card` is None, a token of `good`."""

    card: int | None
    good: str
    box: Box
    keyframes: tuple
    options: dict
    remove_ms: int


def _travel(card, start, end, whole: bool):
    """From `start` to `end`. `whole`: start is a card's own box (it may change size on the way);
    else a zone's, and the card grows out of its middle. None when there is nothing to see."""
    if not shown(start) or not shown(end):
        return None
    if whole:
        dx, dy = start[0] - end[0], start[1] - end[1]
        sx, sy = start[2] / end[2], start[3] / end[3]
    else:
        dx = start[0] + start[2] / 2 - (end[0] + end[2] / 4)
        dy = start[1] + start[3] / 2 - (end[1] + end[3] / 4)
        sx = sy = 0.5
    if abs(dx) < 1 and abs(dy) < 1 and abs(sx - 1) < 0.02 and abs(sy - 1) < 0.02:
        return None
    return Travel(card, (
        {"transform": f"translate({dx:.1f}px, {dy:.1f}px) scale({sx:.3f}, {sy:.3f})", "transformOrigin": "0 0"},
        {"transform": "none", "transformOrigin": "0 0"}),
        {"duration": DURATION_MS, "easing": EASING})


def _fly(card, good: str, start, end, delay: int):
    """A copy at `start` flies to the middle of `end`, shrinking and fading, then goes."""
    dx = end[0] + end[2] / 2 - (start[0] + start[2] / 2)
    dy = end[1] + end[3] / 2 - (start[1] + start[3] / 2)
    return Fly(card, good, start, (
        {"transform": "none", "opacity": 1},
        {"transform": f"translate({dx:.1f}px, {dy:.1f}px) scale(0.5)", "opacity": 0.2}),
        {"duration": DURATION_MS, "delay": delay, "easing": EASING, "fill": "both"},
        DURATION_MS + delay + 40)


def plan(first: Table, last: Table, faces: dict | None = None) -> list:
    """The Travel and Fly steps that show `first` -> `last`, in the order to start them.

    faces: good -> the box of its pile's top token (`pile-next`), where a sale's tokens leave
    from when it is shown (else from the pile's zone)."""
    faces = faces or {}
    steps = []
    flights = card_flights(list(first.cards), list(last.cards), last.counts["deck"] < first.counts["deck"])
    sold_mine = False
    for flight in flights:
        if isinstance(flight, Slide):
            start = first.boxes[flight.old] if flight.old is not None else first.zone_box(flight.zone)
            steps.append(_travel(flight.new, start, last.boxes[flight.new], whole=flight.old is not None))
        elif isinstance(flight, Ghost):
            sold_mine = sold_mine or flight.zone == "discard"
            start, end = first.boxes[flight.old], last.zone_box(flight.zone)
            if shown(start) and shown(end):
                steps.append(_fly(flight.old, "", start, end, 0))
    if last.counts["discard"] > first.counts["discard"] and not sold_mine and "discard" in last.zones \
            and last.discard_top is not None:  # the opponent sold: from their side
        steps.append(_travel(None, first.zone_box("opponent"), last.discard_top, whole=False))
    gained = next((name for name in ("won-me", "won-opponent") if first.won[name] != last.won[name]),
                  "won-me")
    for tokens in token_flights(first.piles, last.piles, gained):
        start = first.zone_box(f"pile-{tokens.good}")
        if f"pile-{tokens.good}" in first.zones and shown(faces.get(tokens.good)):
            start = faces[tokens.good]
        for n in range(min(tokens.count, 5)):
            end = last.zone_box(tokens.zone)
            if shown(start) and shown(end):
                size = min(start[2], start[3], 28.0)
                steps.append(_fly(None, tokens.good, (start[0], start[1], size, size), end, n * TOKEN_GAP_MS))
    return [step for step in steps if step is not None]
