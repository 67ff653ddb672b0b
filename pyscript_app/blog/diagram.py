"""A position as one self-contained SVG picture, for a blog post or a printed page. Pure.

    diagram(state, seat=0, names=("Ada", "Bo"), move=parse_action("take gold"),
            art=CARDS_SVG, language="fa", theme="dark", caption="…") -> str

The picture holds the table's own art (the symbols of web/art/cards.svg it uses,
inlined), the table's colours (view/palette.py, light or dark), and words from the
catalog in the chosen language (right to left and Persian digits in فارسی). It
has no script and no reference outside itself: it is `role="img"` with a
<title> and a <desc> that says the whole position in words. A seat sees only
its own view (blog/scene.py): hidden cards are not in the picture at all.

The page's Diagram button and `python3 -m pyscript_app diagram` both draw
through `diagram`; the art is passed in (the page has it at art/cards.svg, the
command reads it from web/art/), so this module reads no file.

One drawing, two layouts: WIDE (600 wide: the market beside the deck and the bonus piles, a
card per card) and NARROW (340 wide, for a column under about 480 px: the cards of a kind
stacked with their count, every word at least 12 units tall, so 11 CSS px at 360 px). A
picture is a list of SVG elements (`Picture.parts`), each card face once in the picture's <defs>
(`Defs`) and placed with <use>: a light replay (blog/light_replay.py) draws every step with the
same `picture` and keeps each distinct element once. Lines are wrapped and names clipped by
measured width (blog/text_width.py), and text from outside (names, a caption) is isolated
(FSI…PDI) so an English caption keeps its full stop at its end in a Persian picture.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field, replace
from html import escape as _escape

from jaipur_core import CAMEL, GOODS, Action, GameState, IllegalActionError, why_illegal
from jaipur_core.limits import MAX_NOTE_CHARS

from ..view.palette import PALETTE, THEMES
from ..words.languages import LANGUAGES
from ..words.messages import _, card_name, number, speaking
from ..words.moves import hint_words
from . import diagram_words as words
from . import text_width
from .scene import Scene, Seat, scene_of

WIDTH = 600
MARGIN = 16
CARD_W, CARD_H, CARD_STEP = 44, 62, 48
HERD_STEP = 9
MAX_CAPTION_CHARS = MAX_NOTE_CHARS  # a record step's note may be the caption

CARD_KEYS = ("diamond", "gold", "silver", "cloth", "spice", "leather", "camel")
#: a card face's id says what it shows: the card's letter (b: a card's back), its width or "x" and a count
_LETTERS: dict[int | None, str] = {None: "b", **dict(enumerate("dgsclpm"))}
FONTS = {"fa": "Vazirmatn, Tahoma, sans-serif"}
FONT = "system-ui, 'Segoe UI', Roboto, sans-serif"
#: Characters XML 1.0 does not allow even escaped (C0 controls but tab and line breaks, lone
#: surrogates, U+FFFE/U+FFFF): a name or note from a stranger may hold them.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
#: Characters of a player's name drawn in a seat's panel (the <desc> says it whole).
NAME_CHARS = 28
_SYMBOL = re.compile(r'<symbol id="([a-z]+)"([^>]*)>(.*?)</symbol>', re.DOTALL)


@dataclass(frozen=True)
class Layout:
    """A drawing's width, margin and cards (width, height, the step from one to the next)."""

    name: str
    width: int
    margin: int
    card_w: int
    card_h: int
    card_step: int


WIDE = Layout("wide", WIDTH, MARGIN, CARD_W, CARD_H, CARD_STEP)
NARROW = Layout("narrow", 340, 10, 50, 70, 53)
LAYOUTS = {layout.name: layout for layout in (WIDE, NARROW)}
NARROW_TEXT = 12   # the narrow layout's smallest words, in its units (11 CSS px at 360 px)
SQUEEZE = 1.25     # a line measured up to this much wider than its room is pressed into it, not cut


def escape(text: str) -> str:
    """`text` as XML character data: escaped, and without the characters XML cannot hold."""
    return _escape(_NOT_XML.sub("", text), quote=True)


def diagram(state: GameState, *, art: str, seat: int | None = None, names=("", ""), move: Action | None = None,
            language: str = "en", theme: str = "light", caption: str = "", layout: str = "wide") -> str:
    """The SVG text of `state` seen by `seat` (None: both hands face up), `move` marked.

    IllegalActionError if `move` cannot be played in `state`; ValueError for an unknown
    language, theme or layout, or a caption of more than MAX_CAPTION_CHARS (the callers check
    them and say so in their own words)."""
    check_options(language, theme, caption)
    if layout not in LAYOUTS:
        raise ValueError(layout)
    if move is not None:
        reason = why_illegal(state, move)
        if reason is not None:
            raise IllegalActionError(move, reason)
    with speaking(language):
        scene = scene_of(state, seat, default_names(names), move)
        move_words = hint_words(move, state) if move is not None else None
        return draw(scene, art, language=language, theme=theme, caption=caption, move_words=move_words,
                    layout=LAYOUTS[layout])


def check_options(language: str, theme: str, caption: str = "") -> None:
    """ValueError for an unknown language or theme, or a caption longer than MAX_CAPTION_CHARS."""
    if language not in LANGUAGES or theme not in THEMES or len(caption) > MAX_CAPTION_CHARS:
        raise ValueError(language, theme, len(caption))


def default_names(names) -> tuple[str, str]:
    """The players' names, the catalog's Player 1 / Player 2 for an empty one (active language)."""
    return (names[0] or _("player-1"), names[1] or _("player-2"))


def draw(scene: Scene, art: str, *, language: str, theme: str, caption: str = "",
         move_words: str | None = None, layout: Layout = WIDE) -> str:
    """The SVG of a scene, its words in the active catalog (`diagram` sets it)."""
    desc = words.description(scene, move_words)
    if caption:
        desc = f"{caption}\n{desc}"
    key = hashlib.sha256(f"{desc}|{theme}|{language}|{layout.name}".encode("utf-8", "surrogatepass")).hexdigest()[:8]
    defs = Defs(f"jd{key}", PALETTE[theme])   # the picture's own ids: several diagrams may share one page
    drawn = picture(scene, defs, layout=layout, rtl=rtl(language), caption=caption, move_words=move_words)
    aria = f'role="img" aria-labelledby="{defs.prefix}-t {defs.prefix}-d"'
    head = (f'<title id="{defs.prefix}-t">{escape(words.title(scene))}</title>'
            f'<desc id="{defs.prefix}-d">{escape(desc)}</desc>')
    return svg(layout, drawn.height, language=language, defs=defs, art=art, attributes=aria, head=head,
               body="".join(drawn.parts))


def rtl(language: str) -> bool:
    return LANGUAGES[language][1] == "rtl"


def svg(layout: Layout, height: int, *, language: str, defs: "Defs", art: str, attributes: str, head: str,
        body: str) -> str:
    """The <svg> element around a drawing: its size, language, font, defs and paper."""
    width = layout.width
    font = FONTS.get(language, FONT)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
            f'height="{height}" {attributes} xml:lang="{language}" '
            f'direction="{"rtl" if rtl(language) else "ltr"}" font-family="{font}">{head}'
            f'<defs>{defs.svg(art)}</defs>'
            f'<rect width="{width}" height="{height}" rx="12" fill="{defs.colours["paper"]}"/>{body}</svg>')


@dataclass
class Defs:
    """What the pictures of one <svg> share: their ids' prefix, the colours, the art's symbols
    they use and each card face (a <g> at 0,0, placed with <use>), defined once."""

    prefix: str
    colours: dict
    used: set[str] = field(default_factory=set)
    faces: list[str] = field(default_factory=list)
    keys: dict[str, str] = field(default_factory=dict)

    def face(self, card: int | None, w: int, h: int) -> str:
        """The id of the face of `card` (None: a card's back) at w x h, defined on first use."""
        key = f"{_LETTERS[card]}{w}"
        if key not in self.keys:
            colour = self.colours
            if card is None:
                self.used.add("back")
                body = (f'<use href="#{self.prefix}-back" width="{w}" height="{h}" fill="{colour["back-fill"]}" '
                        f'color="{colour["accent"]}"/>')
            else:
                name = CARD_KEYS[card]
                self.used.add(name)
                body = (f'<rect width="{w}" height="{h}" rx="5" fill="{colour["surface"]}" stroke="{colour[name]}" '
                        f'stroke-width="2"/><use href="#{self.prefix}-{name}" x="6" y="5" width="{w - 12}" '
                        f'height="{w - 12}" fill="{colour[name + "-fill"]}" color="{colour[name]}"/>')
                if w < NARROW.card_w:  # a wide card says its name; a narrow stack says it under the card
                    body += _line(w / 2, h - 6, card_name(card), w - 4, 8, "middle", True, colour[name])
            self._define(key, body)
        return self.keys[key]

    def stack(self, card: int | None, count: int) -> str:
        """The id of a narrow stack: `count` cards of `card` as one (an edge behind it when more
        than one), its count on it and its name under it."""
        key = f"{_LETTERS[card]}x{count}"
        if key not in self.keys:
            colour, w, h = self.colours, NARROW.card_w, NARROW.card_h
            ink = colour["accent" if card is None else CARD_KEYS[card]]
            body = (f'<rect x="3" y="-3" width="{w}" height="{h}" rx="5" fill="{colour["surface"]}" '
                    f'stroke="{colour["line"]}"/>' if count > 1 else "")
            body += f'<use href="#{self.face(card, w, h)}"/>'
            if card is None:   # the count on a card's back, in a box the pattern cannot hide
                body += (f'<rect x="{w / 2 - 14:g}" y="{h - 24}" width="28" height="18" rx="4" '
                         f'fill="{colour["surface"]}"/>')
            body += _line(w / 2, h - 10, "×" + number(count), w, NARROW_TEXT, "middle", True, ink)
            if card is not None:
                body += _line(w / 2, h + 15, card_name(card), NARROW.card_step - 2, NARROW_TEXT, "middle", False,
                              colour["ink"])
            self._define(key, body)
        return self.keys[key]

    def _define(self, key: str, body: str) -> None:
        self.keys[key] = f"{self.prefix}_{key}"
        self.faces.append(f'<g id="{self.keys[key]}">{body}</g>')

    def svg(self, art: str) -> str:
        return _symbols(art, self.used, self.prefix) + "".join(self.faces)


@dataclass(frozen=True)
class Picture:
    """A scene drawn: its elements (SVG text, in the order they are painted) and its height."""

    parts: tuple[str, ...]
    height: int


def picture(scene: Scene, defs: Defs, *, layout: Layout = WIDE, rtl: bool = False, caption: str = "",
            move_words: str | None = None) -> Picture:
    """`scene` drawn in `layout`, words in the active catalog, card faces and symbols in `defs`.
    The players' names are drawn isolated (FSI…PDI), in whatever sentence holds them."""
    first, second = (replace(seat, name=words.isolated(seat.name)) for seat in scene.seats)
    scene = replace(scene, seats=(first, second))
    canvas = _Canvas(defs, rtl, layout)
    room = layout.width - 2 * layout.margin
    y = 12
    for line in text_width.wrap(caption, room, 15, bold=True):
        canvas.text(layout.margin, y + 15, words.isolated(line), size=15, bold=True)
        y += 20
    y = (_wide if layout is WIDE else _narrow)(canvas, scene, y)
    said = words.result_line(scene)
    if said:
        for line in text_width.wrap(words.plain(said), room, 13, bold=True):
            canvas.text(layout.margin, y + 24, line, size=13, bold=True, colour=canvas.colour("accent"))
            y += 18
        y += 8
    if move_words:
        y = _legend(canvas, scene, y + 8, move_words)
    return Picture(tuple(canvas.parts), y + 12)


class _Canvas:
    """SVG parts laid out left to right; mirrored (x -> width - x) for a right-to-left language.
    `parts` holds what is drawn, one SVG element each."""

    def __init__(self, defs: Defs, rtl: bool, layout: Layout):
        self.defs, self.rtl, self.layout = defs, rtl, layout
        self.parts: list[str] = []

    def colour(self, name: str) -> str:
        return self.defs.colours[name]

    def x(self, x: float, width: float = 0) -> float:
        return self.layout.width - x - width if self.rtl else x

    def rect(self, x, y, w, h, fill="none", stroke="none", rx=6, extra=""):
        self.parts.append(f'<rect x="{self.x(x, w):g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx}" '
                          f'fill="{fill}" stroke="{stroke}"{extra}/>')

    def use(self, symbol: str, x, y, w, h, fill: str, ink: str):
        self.defs.used.add(symbol)
        self.parts.append(f'<use href="#{self.defs.prefix}-{symbol}" x="{self.x(x, w):g}" y="{y:g}" '
                          f'width="{w:g}" height="{h:g}" fill="{fill}" color="{ink}"/>')

    def text(self, x, y, text: str, size=12, anchor="start", bold=False, soft=False, colour=None):
        fill = colour or self.colour("ink-soft" if soft else "ink")
        weight = ' font-weight="700"' if bold else ""
        inner = "".join(f'<tspan font-weight="700">{escape(part)}</tspan>' if strong else escape(part)
                        for part, strong in words.runs(text))
        self.parts.append(f'<text x="{self.x(x):g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}" '
                          f'fill="{fill}"{weight}>{inner}</text>')

    def fitted(self, x, y, text: str, room: float, size=12, anchor="start", bold=False, soft=False, colour=None):
        """`text` (a catalog sentence, <b> marks and all) on one line of at most `room`: up to
        SQUEEZE wider by measure, pressed into `room` (textLength); wider still, clipped "…"."""
        wide = measure(text, size, bold)
        if wide > room * SQUEEZE:
            text = text_width.clip(words.plain(text), room, size, bold=True)
        self.text(x, y, text, size=size, anchor=anchor, bold=bold, soft=soft, colour=colour)
        if room < wide <= room * SQUEEZE:
            self.parts[-1] = self.parts[-1].replace("<text ", f'<text textLength="{room:g}" '
                                                    'lengthAdjust="spacingAndGlyphs" ', 1)

    def card(self, card: int | None, x, y, w=CARD_W, h=CARD_H, mark: str | None = None):
        """A card face (None: a face-down card), marked `take`, `give` or `sell` by a move."""
        self.place(self.defs.face(card, w, h), x, y, w)
        if mark:
            colour = self.colour("focus" if mark == "take" else "accent")
            self.rect(x - 3, y - 3, w + 6, h + 6, stroke=colour, rx=7,
                      extra=f' stroke-width="3" data-mark="{mark}"')

    def place(self, face: str, x, y, w) -> None:
        """A face of the defs at (x, y) (y left out at 0: a row is a translated group)."""
        at = f' y="{y:g}"' if y else ""
        self.parts.append(f'<use href="#{face}" x="{self.x(x, w):g}"{at}/>')

    def empty(self, x, y, w=CARD_W, h=CARD_H):
        self.rect(x, y, w, h, stroke=self.colour("line"), rx=5, extra=' stroke-dasharray="4 3"')


def _line(x: float, y: float, text: str, room: float, size: float, anchor: str, bold: bool, fill: str) -> str:
    """One line of plain text at (x, y) in its own coordinates (a card face's), pressed into `room`
    when it is up to SQUEEZE wider, clipped beyond."""
    wide = text_width.width(text, size, bold)
    if wide > room * SQUEEZE:
        text = text_width.clip(text, room, size, bold)
    squeeze = f' textLength="{room:g}" lengthAdjust="spacingAndGlyphs"' if room < wide <= room * SQUEEZE else ""
    weight = ' font-weight="700"' if bold else ""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}"{squeeze} fill="{fill}"{weight}>'
            f"{escape(text)}</text>")


def measure(text: str, size: float, bold: bool = False) -> float:
    """The width of a catalog sentence, its <b> parts measured bold."""
    return sum(text_width.width(part, size, bold or strong) for part, strong in words.runs(text))


def _label(scene: Scene, index: int) -> str:
    """The panel's name (isolated already: `picture`), cut to NAME_CHARS, and whether it is to play."""
    name = scene.seats[index].name
    if len(name) > NAME_CHARS + 2:
        name = name[:NAME_CHARS - 1] + "…" + words.PDI
    return _("status-to-play", name=name) if _to_move(scene, index) else name


def _to_move(scene: Scene, index: int) -> bool:
    return scene.phase == "play" and scene.to_move == index


# --- the wide layout ------------------------------------------------------------------------

def _wide(canvas: _Canvas, scene: Scene, y: int) -> int:
    canvas.text(MARGIN, y + 14, _("round-number", round=scene.round), size=13, bold=True)
    canvas.text(WIDTH - MARGIN, y + 14, words.viewpoint(scene), size=12, anchor="end", soft=True)
    y += 24
    top, middle = y, y + 108
    tokens = middle + 118
    bottom = tokens + 80
    for at, height, fill in ((top, 100, "felt"), (middle, 110, "market-bg"), (bottom, 100, "felt")):
        canvas.rect(MARGIN - 6, at, WIDTH - 2 * MARGIN + 12, height, fill=canvas.colour(fill), rx=8)
    canvas.text(MARGIN, middle + 16, _("market"), size=13, bold=True)
    canvas.text(WIDTH - MARGIN - 116, middle + 16, _("row-bonus"), size=12, bold=True)
    canvas.text(MARGIN, tokens + 14, _("know-next"), size=12, bold=True)
    _seat_panel(canvas, scene, 1 - scene.bottom, top)
    _middle(canvas, scene, middle)
    _tokens(canvas, scene, tokens)
    _seat_panel(canvas, scene, scene.bottom, bottom)
    return bottom + 100


def _seat_panel(canvas: _Canvas, scene: Scene, index: int, y: int) -> None:
    seat = scene.seats[index]
    right = WIDTH - MARGIN
    for _seal in range(seat.seals):
        canvas.use("seal", right - 18, y + 3, 18, 18, canvas.colour("gold-fill"), canvas.colour("gold"))
        right -= 21
    if seat.camel_token:
        canvas.use("camel", right - 18, y + 3, 18, 18, canvas.colour("camel-fill"), canvas.colour("camel"))
        right -= 21
    score = words.score_line(seat)
    canvas.text(right - 4, y + 16, score, size=11, anchor="end", soft=True)
    room = right - 4 - measure(score, 11) - 12 - MARGIN
    canvas.fitted(MARGIN, y + 16, _label(scene, index), room, size=13, bold=True,
                  colour=canvas.colour("accent") if _to_move(scene, index) else None)
    _cards_row(canvas, scene, index, seat, y + 26)


def _cards_row(canvas: _Canvas, scene: Scene, index: int, seat: Seat, y: int) -> None:
    marks = scene.marks if scene.marks is not None and scene.marks.mover == index else None
    x = MARGIN
    if seat.hand is None:
        given = sum(marks.from_hand) if marks else 0
        for n in range(seat.hand_size):
            canvas.card(None, x, y, mark=("sell" if marks and marks.sold else "give") if n < given else None)
            x += CARD_STEP
    else:
        for good in GOODS:
            for n in range(seat.hand[good]):
                out = marks.from_hand[good] if marks else 0
                canvas.card(good, x, y, mark=("sell" if marks and marks.sold else "give") if n < out else None)
                x += CARD_STEP
    if seat.hand_size == 0:
        canvas.empty(x, y)
        canvas.text(x + CARD_W + 6, y + CARD_H / 2 + 4, _("no-cards"), size=11, soft=True)
    x = MARGIN + 7 * CARD_STEP + 8
    for n in range(seat.herd):
        out = marks.from_herd if marks else 0
        canvas.card(CAMEL, x, y, mark="give" if n >= seat.herd - out else None)
        x += HERD_STEP
    herd = words.plain(_("herd-count", n=seat.herd))  # the table's words: "Herd: 3"
    canvas.text(x + CARD_W + 2 if seat.herd else x, y + CARD_H / 2 + 4, herd, size=11)


def _middle(canvas: _Canvas, scene: Scene, y: int) -> None:
    taken = scene.marks.taken if scene.marks is not None else (0,) * 7
    x = MARGIN
    for card in range(7):
        for n in range(scene.market[card]):
            canvas.card(card, x, y + 24, mark="take" if n < taken[card] else None)
            x += CARD_STEP + 2
    x = MARGIN + 5 * (CARD_STEP + 2) + 14
    if scene.deck_size:
        canvas.card(None, x, y + 24)
    else:
        canvas.empty(x, y + 24)
    canvas.text(x + CARD_W / 2, y + 102, words.deck_label(scene), size=11, anchor="middle")
    x += CARD_STEP + 24
    if scene.discard:
        canvas.card(scene.discard[-1], x, y + 24)
    else:
        canvas.empty(x, y + 24)
    canvas.text(x - 12, y + 102, words.discard_label(scene), size=10)
    x = WIDTH - MARGIN - 116
    for row, count in enumerate(scene.bonus_sizes):
        canvas.use("bonus", x, y + 26 + row * 26, 22, 22, canvas.colour("back-fill"), canvas.colour("accent"))
        canvas.text(x + 28, y + 42 + row * 26, words.bonus_label(row, count), size=11)


def _tokens(canvas: _Canvas, scene: Scene, y: int) -> None:
    cell = 76
    for good in GOODS:
        _pile(canvas, scene, good, MARGIN + good * cell + 22, y + 20, small=9)
    if scene.camel_token_on_table:
        cx = MARGIN + 6 * cell + 22
        canvas.use("token", cx - 16, y + 20, 32, 32, canvas.colour("camel-fill"), canvas.colour("camel"))
        canvas.use("camel", cx - 10, y + 26, 20, 20, canvas.colour("camel-fill"), canvas.colour("camel"))
        canvas.text(cx, y + 66, number(5), size=9, anchor="middle", soft=True)


def _pile(canvas: _Canvas, scene: Scene, good: int, cx: float, y: float, small: int) -> None:
    """A goods pile: its top token (value inside) at (cx, y) and the values under it below."""
    pile, key = scene.piles[good], CARD_KEYS[good]
    if pile:
        canvas.use("token", cx - 16, y, 32, 32, canvas.colour(key + "-fill"), canvas.colour(key))
        canvas.text(cx, y + 21, number(pile[0]), size=14, anchor="middle", bold=True, colour=canvas.colour(key))
    else:
        canvas.rect(cx - 15, y + 1, 30, 30, stroke=canvas.colour("line"), rx=15, extra=' stroke-dasharray="3 3"')
    canvas.text(cx, y + 46 + small - 9, words.values(pile[1:]) if pile else _("pile-empty"), size=small,
                anchor="middle", soft=True)


def _legend(canvas: _Canvas, scene: Scene, y: int, move_words: str) -> int:
    layout = canvas.layout
    marks = scene.marks
    kinds = []
    if marks is not None and any(marks.taken):
        kinds.append(("take", "move-took"))
    if marks is not None and (any(marks.from_hand) or marks.from_herd):
        kinds.append(("sell", "move-sold") if marks.sold else ("give", "move-gave"))
    keys = [(mark, _(label), 20 + text_width.width(_(label), 11) + 10) for mark, label in kinds]
    keys_width = sum(room for _mark, _label, room in keys)
    room = layout.width - 2 * layout.margin
    lines = text_width.wrap(words.plain(_("diagram-move", move=move_words)), room, 12, bold=True)
    for line in lines:
        canvas.text(layout.margin, y + 14, line, size=12, bold=True)
        y += 18
    if lines and text_width.width(lines[-1], 12, bold=True) + keys_width + 12 <= room:
        y -= 18   # the keys fit at the end of the last line
    x = layout.width - layout.margin - keys_width
    for mark, label, width in keys:
        colour = canvas.colour("focus" if mark == "take" else "accent")
        canvas.rect(x, y + 3, 14, 14, stroke=colour, rx=3, extra=' stroke-width="3"')
        canvas.text(x + 20, y + 14, label, size=11)
        x += width
    return y + 22


# --- the narrow layout: cards of a kind stacked, words at least NARROW_TEXT -------------------

def _narrow(canvas: _Canvas, scene: Scene, y: int) -> int:
    m, w = NARROW.margin, NARROW.width
    canvas.text(m, y + 14, _("round-number", round=scene.round), size=13, bold=True)
    canvas.fitted(m, y + 31, words.viewpoint(scene), w - 2 * m, size=NARROW_TEXT, soft=True)
    y += 40
    top, middle = y, y + 164
    tokens = middle + 186
    bottom = tokens + 146
    for at, height, fill in ((top, 156, "felt"), (middle, 178, "market-bg"), (tokens, 138, "paper"),
                             (bottom, 156, "felt")):
        canvas.rect(m - 6, at, w - 2 * m + 12, height, fill=canvas.colour(fill), rx=8)
    canvas.text(m, middle + 17, _("market"), size=13, bold=True)
    canvas.text(m, middle + 150, _("row-bonus"), size=NARROW_TEXT, bold=True)
    canvas.fitted(m, tokens + 15, _("know-next"), w - 2 * m - 60, size=NARROW_TEXT, bold=True)
    _narrow_panel(canvas, scene, 1 - scene.bottom, top)
    _narrow_middle(canvas, scene, middle)
    _narrow_tokens(canvas, scene, tokens)
    _narrow_panel(canvas, scene, scene.bottom, bottom)
    return bottom + 156


def _stack(canvas: _Canvas, card: int | None, count: int, x, y, marked: str | None = None) -> None:
    """`count` cards of one kind as one card with its count on it (×3), its name under it."""
    canvas.place(canvas.defs.stack(card, count), x, y, NARROW.card_w)
    if marked:
        colour = canvas.colour("focus" if marked == "take" else "accent")
        canvas.rect(x - 3, y - 3, NARROW.card_w + 6, NARROW.card_h + 6, stroke=colour, rx=7,
                    extra=f' stroke-width="3" data-mark="{marked}"')


def _narrow_panel(canvas: _Canvas, scene: Scene, index: int, y: int) -> None:
    m, w = NARROW.margin, NARROW.width
    seat = scene.seats[index]
    marks = scene.marks if scene.marks is not None and scene.marks.mover == index else None
    right = w - m
    for _seal in range(seat.seals):
        canvas.use("seal", right - 18, y + 3, 18, 18, canvas.colour("gold-fill"), canvas.colour("gold"))
        right -= 21
    if seat.camel_token:
        canvas.use("camel", right - 18, y + 3, 18, 18, canvas.colour("camel-fill"), canvas.colour("camel"))
        right -= 21
    canvas.fitted(m, y + 35, words.score_line(seat), w - 2 * m, size=NARROW_TEXT, soft=True)
    canvas.fitted(m, y + 17, _label(scene, index), right - 6 - m, size=13, bold=True,
                  colour=canvas.colour("accent") if _to_move(scene, index) else None)
    x, row = m, y + 46
    out = "sell" if marks and marks.sold else "give"
    if seat.hand is None:
        if seat.hand_size:
            _stack(canvas, None, seat.hand_size, x, row, out if marks and sum(marks.from_hand) else None)
    else:
        for good in GOODS:
            if seat.hand[good]:
                _stack(canvas, good, seat.hand[good], x, row, out if marks and marks.from_hand[good] else None)
                x += NARROW.card_step
    if seat.hand_size == 0:
        canvas.empty(x, row, NARROW.card_w, NARROW.card_h)
        canvas.fitted(x + NARROW.card_w + 6, row + 40, _("no-cards"), w - m - x - NARROW.card_w - 6,
                      size=NARROW_TEXT, soft=True)
    canvas.use("camel", m, y + 136, 16, 16, canvas.colour("camel-fill"), canvas.colour("camel"))
    if marks and marks.from_herd:
        canvas.rect(m - 3, y + 133, 22, 22, stroke=canvas.colour("accent"), rx=5,
                    extra=' stroke-width="3" data-mark="give"')
    canvas.text(m + 22, y + 149, words.plain(_("herd-count", n=seat.herd)), size=NARROW_TEXT)


def _narrow_middle(canvas: _Canvas, scene: Scene, y: int) -> None:
    m, w, step = NARROW.margin, NARROW.width, NARROW.card_step
    taken = scene.marks.taken if scene.marks is not None else (0,) * 7
    x = m
    for card in range(7):
        if scene.market[card]:
            _stack(canvas, card, scene.market[card], x, y + 28, "take" if taken[card] else None)
            x += step
    x = w - m - NARROW.card_w
    if scene.deck_size:
        canvas.card(None, x, y + 28, NARROW.card_w, NARROW.card_h)
    else:
        canvas.empty(x, y + 28, NARROW.card_w, NARROW.card_h)
    canvas.text(x + NARROW.card_w, y + 28 + NARROW.card_h + 15, words.deck_label(scene), size=NARROW_TEXT,
                anchor="end")
    canvas.fitted(m, y + 132, words.discard_label(scene), w - 2 * m, size=NARROW_TEXT)
    cell = (w - 2 * m) / 3
    for row, count in enumerate(scene.bonus_sizes):
        canvas.fitted(m + row * cell, y + 168, words.bonus_label(row, count), cell - 4, size=NARROW_TEXT)


def _narrow_tokens(canvas: _Canvas, scene: Scene, y: int) -> None:
    m, w = NARROW.margin, NARROW.width
    cell = (w - 2 * m) / 3
    for good in GOODS:
        column, row = good % 3, good // 3
        _pile(canvas, scene, good, m + column * cell + cell / 2, y + 24 + row * 58, small=NARROW_TEXT)
    if scene.camel_token_on_table:
        canvas.use("token", w - m - 44, y + 2, 20, 20, canvas.colour("camel-fill"), canvas.colour("camel"))
        canvas.use("camel", w - m - 40, y + 6, 12, 12, canvas.colour("camel-fill"), canvas.colour("camel"))
        canvas.text(w - m, y + 17, number(5), size=NARROW_TEXT, anchor="end", soft=True)


def _symbols(art: str, used: set[str], prefix: str) -> str:
    """The symbols of the art that the picture uses, renamed into its own id space, whitespace folded."""
    found = []
    for symbol_id, attributes, body in _SYMBOL.findall(art):
        if symbol_id in used:
            folded = re.sub(r">\s+<", "><", re.sub(r"\s+", " ", body.strip()))
            found.append(f'<symbol id="{prefix}-{symbol_id}"{attributes}>{folded}</symbol>')
    missing = used - {match[0] for match in _SYMBOL.findall(art)}
    if missing:
        raise ValueError(sorted(missing))  # the art is the table's: every symbol is there
    return "".join(found)
