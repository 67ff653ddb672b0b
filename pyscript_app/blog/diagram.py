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
"""

from __future__ import annotations

import hashlib
import re
from html import escape as _escape

from jaipur_core import CAMEL, GOODS, Action, GameState, IllegalActionError, why_illegal
from jaipur_core.limits import MAX_NOTE_CHARS

from ..view.palette import PALETTE, THEMES
from ..words.languages import LANGUAGES
from ..words.messages import _, card_name, number, speaking
from ..words.moves import hint_words
from . import diagram_words as words
from .scene import Scene, Seat, scene_of

WIDTH = 600
MARGIN = 16
CARD_W, CARD_H, CARD_STEP = 44, 62, 48
HERD_STEP = 9
MAX_CAPTION_CHARS = MAX_NOTE_CHARS  # a record step's note may be the caption
CAPTION_LINE_CHARS = 70

CARD_KEYS = ("diamond", "gold", "silver", "cloth", "spice", "leather", "camel")
FONTS = {"fa": "Vazirmatn, Tahoma, sans-serif"}
FONT = "system-ui, 'Segoe UI', Roboto, sans-serif"
#: Characters XML 1.0 does not allow even escaped (C0 controls but tab and line breaks, lone
#: surrogates, U+FFFE/U+FFFF): a name or note from a stranger may hold them.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
#: Characters of a player's name drawn in a seat's panel (the <desc> says it whole).
NAME_CHARS = 28
_SYMBOL = re.compile(r'<symbol id="([a-z]+)"([^>]*)>(.*?)</symbol>', re.DOTALL)


def escape(text: str) -> str:
    """`text` as XML character data: escaped, and without the characters XML cannot hold."""
    return _escape(_NOT_XML.sub("", text), quote=True)


def diagram(state: GameState, *, art: str, seat: int | None = None, names=("", ""), move: Action | None = None,
            language: str = "en", theme: str = "light", caption: str = "") -> str:
    """The SVG text of `state` seen by `seat` (None: both hands face up), `move` marked.

    IllegalActionError if `move` cannot be played in `state`; ValueError for an unknown
    language or theme, or a caption of more than MAX_CAPTION_CHARS (the callers check both
    and say so in their own words)."""
    if language not in LANGUAGES or theme not in THEMES or len(caption) > MAX_CAPTION_CHARS:
        raise ValueError(language, theme, len(caption))
    if move is not None:
        reason = why_illegal(state, move)
        if reason is not None:
            raise IllegalActionError(move, reason)
    with speaking(language):
        names = tuple(name or _("player-1" if p == 0 else "player-2") for p, name in enumerate(names))
        scene = scene_of(state, seat, names, move)
        move_words = hint_words(move, state) if move is not None else None
        return draw(scene, art, language=language, theme=theme, caption=caption, move_words=move_words)


def draw(scene: Scene, art: str, *, language: str, theme: str, caption: str = "",
         move_words: str | None = None) -> str:
    """The SVG of a scene, its words in the active catalog (`diagram` sets it)."""
    desc = words.description(scene, move_words)
    if caption:
        desc = f"{caption}\n{desc}"
    key = hashlib.sha256(f"{desc}|{theme}|{language}".encode("utf-8", "surrogatepass")).hexdigest()[:8]
    prefix = f"jd{key}"   # the picture's own ids: several diagrams may share one page
    canvas = _Canvas(PALETTE[theme], LANGUAGES[language][1] == "rtl", prefix)
    y = 12
    for line in _wrap(caption):
        canvas.text(MARGIN, y + 15, line, size=15, bold=True)
        y += 20
    canvas.text(MARGIN, y + 14, _("round-number", round=scene.round), size=13, bold=True)
    canvas.text(WIDTH - MARGIN, y + 14, words.viewpoint(scene), size=12, anchor="end", soft=True)
    y += 24
    y = _seat_panel(canvas, scene, 1 - scene.bottom, y) + 8
    y = _middle(canvas, scene, y) + 8
    y = _tokens(canvas, scene, y) + 8
    y = _seat_panel(canvas, scene, scene.bottom, y)
    if move_words:
        y = _legend(canvas, scene, y + 8, move_words)
    height = y + 12
    body = "".join(canvas.parts)
    font = FONTS.get(language, FONT)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" '
            f'height="{height}" role="img" aria-labelledby="{prefix}-t {prefix}-d" xml:lang="{language}" '
            f'direction="{"rtl" if canvas.rtl else "ltr"}" font-family="{font}">'
            f'<title id="{prefix}-t">{escape(words.title(scene))}</title>'
            f'<desc id="{prefix}-d">{escape(desc)}</desc>'
            f'<defs>{_symbols(art, canvas.used, prefix)}</defs>'
            f'<rect width="{WIDTH}" height="{height}" rx="12" fill="{canvas.colour("paper")}"/>{body}</svg>')


class _Canvas:
    """SVG parts laid out left to right; mirrored (x -> WIDTH - x) for a right-to-left language."""

    def __init__(self, colours: dict, rtl: bool, prefix: str):
        self.colours, self.rtl, self.prefix = colours, rtl, prefix
        self.parts: list[str] = []
        self.used: set[str] = set()

    def colour(self, name: str) -> str:
        return self.colours[name]

    def x(self, x: float, width: float = 0) -> float:
        return WIDTH - x - width if self.rtl else x

    def rect(self, x, y, w, h, fill="none", stroke="none", rx=6, extra=""):
        self.parts.append(f'<rect x="{self.x(x, w):g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx}" '
                          f'fill="{fill}" stroke="{stroke}"{extra}/>')

    def use(self, symbol: str, x, y, w, h, fill: str, ink: str):
        self.used.add(symbol)
        self.parts.append(f'<use href="#{self.prefix}-{symbol}" x="{self.x(x, w):g}" y="{y:g}" '
                          f'width="{w:g}" height="{h:g}" fill="{fill}" color="{ink}"/>')

    def text(self, x, y, text: str, size=12, anchor="start", bold=False, soft=False, colour=None):
        fill = colour or self.colour("ink-soft" if soft else "ink")
        weight = ' font-weight="700"' if bold else ""
        inner = "".join(f'<tspan font-weight="700">{escape(part)}</tspan>' if strong else escape(part)
                        for part, strong in words.runs(text))
        self.parts.append(f'<text x="{self.x(x):g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}" '
                          f'fill="{fill}"{weight}>{inner}</text>')

    def card(self, card: int | None, x, y, w=CARD_W, h=CARD_H, mark: str | None = None):
        """A card face (None: a face-down card), marked `take`, `give` or `sell` by a move."""
        if card is None:
            self.use("back", x, y, w, h, self.colour("back-fill"), self.colour("accent"))
        else:
            key = CARD_KEYS[card]
            self.rect(x, y, w, h, self.colour("surface"), self.colour(key), rx=5, extra=' stroke-width="2"')
            self.use(key, x + 6, y + 5, w - 12, w - 12, self.colour(key + "-fill"), self.colour(key))
            self.text(x + w / 2, y + h - 6, card_name(card), size=8, anchor="middle", bold=True,
                      colour=self.colour(key))
        if mark:
            colour = self.colour("focus" if mark == "take" else "accent")
            self.rect(x - 3, y - 3, w + 6, h + 6, stroke=colour, rx=7,
                      extra=f' stroke-width="3" data-mark="{mark}"')


def _seat_panel(canvas: _Canvas, scene: Scene, index: int, y: int) -> int:
    seat = scene.seats[index]
    canvas.rect(MARGIN - 6, y, WIDTH - 2 * MARGIN + 12, 100, fill=canvas.colour("felt"), rx=8)
    to_move = scene.phase == "play" and scene.to_move == index
    name = seat.name if len(seat.name) <= NAME_CHARS else seat.name[:NAME_CHARS - 1] + "…"
    label = _("status-to-play", name=name) if to_move else name
    canvas.text(MARGIN, y + 16, label, size=13, bold=True, colour=canvas.colour("accent") if to_move else None)
    right = WIDTH - MARGIN
    for _seal in range(seat.seals):
        canvas.use("seal", right - 18, y + 3, 18, 18, canvas.colour("gold-fill"), canvas.colour("gold"))
        right -= 21
    if seat.camel_token:
        canvas.use("camel", right - 18, y + 3, 18, 18, canvas.colour("camel-fill"), canvas.colour("camel"))
        right -= 21
    canvas.text(right - 4, y + 16, words.score_line(seat), size=11, anchor="end", soft=True)
    _cards_row(canvas, scene, index, seat, y + 26)
    return y + 100


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
        canvas.rect(x, y, CARD_W, CARD_H, stroke=canvas.colour("line"), rx=5, extra=' stroke-dasharray="4 3"')
        canvas.text(x + CARD_W + 6, y + CARD_H / 2 + 4, _("no-cards"), size=11, soft=True)
    x = MARGIN + 7 * CARD_STEP + 8
    for n in range(seat.herd):
        out = marks.from_herd if marks else 0
        canvas.card(CAMEL, x, y, mark="give" if n >= seat.herd - out else None)
        x += HERD_STEP
    herd = words.plain(_("herd-count", n=seat.herd))  # the table's words: "Herd: 3"
    canvas.text(x + CARD_W + 2 if seat.herd else x, y + CARD_H / 2 + 4, herd, size=11)


def _middle(canvas: _Canvas, scene: Scene, y: int) -> int:
    canvas.rect(MARGIN - 6, y, WIDTH - 2 * MARGIN + 12, 110, fill=canvas.colour("market-bg"), rx=8)
    canvas.text(MARGIN, y + 16, _("market"), size=13, bold=True)
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
        canvas.rect(x, y + 24, CARD_W, CARD_H, stroke=canvas.colour("line"), rx=5, extra=' stroke-dasharray="4 3"')
    canvas.text(x + CARD_W / 2, y + 102, words.deck_label(scene), size=11, anchor="middle")
    x += CARD_STEP + 24
    if scene.discard:
        canvas.card(scene.discard[-1], x, y + 24)
    else:
        canvas.rect(x, y + 24, CARD_W, CARD_H, stroke=canvas.colour("line"), rx=5, extra=' stroke-dasharray="4 3"')
    canvas.text(x - 12, y + 102, words.discard_label(scene), size=10)
    x = WIDTH - MARGIN - 116
    canvas.text(x, y + 16, _("row-bonus"), size=12, bold=True)
    for row, count in enumerate(scene.bonus_sizes):
        canvas.use("bonus", x, y + 26 + row * 26, 22, 22, canvas.colour("back-fill"), canvas.colour("accent"))
        canvas.text(x + 28, y + 42 + row * 26, words.bonus_label(row, count), size=11)
    return y + 110


def _tokens(canvas: _Canvas, scene: Scene, y: int) -> int:
    canvas.text(MARGIN, y + 14, _("know-next"), size=12, bold=True)
    cell = 76
    for good in GOODS:
        pile, key = scene.piles[good], CARD_KEYS[good]
        cx = MARGIN + good * cell + 22
        if pile:
            canvas.use("token", cx - 16, y + 20, 32, 32, canvas.colour(key + "-fill"), canvas.colour(key))
            canvas.text(cx, y + 41, number(pile[0]), size=14, anchor="middle", bold=True, colour=canvas.colour(key))
        else:
            canvas.rect(cx - 15, y + 21, 30, 30, stroke=canvas.colour("line"), rx=15, extra=' stroke-dasharray="3 3"')
        canvas.text(cx, y + 66, words.values(pile[1:]) if pile else _("pile-empty"), size=9, anchor="middle",
                    soft=True)
    if scene.camel_token_on_table:
        cx = MARGIN + 6 * cell + 22
        canvas.use("token", cx - 16, y + 20, 32, 32, canvas.colour("camel-fill"), canvas.colour("camel"))
        canvas.use("camel", cx - 10, y + 26, 20, 20, canvas.colour("camel-fill"), canvas.colour("camel"))
        canvas.text(cx, y + 66, number(5), size=9, anchor="middle", soft=True)
    return y + 72


def _legend(canvas: _Canvas, scene: Scene, y: int, move_words: str) -> int:
    canvas.text(MARGIN, y + 14, _("diagram-move", move=move_words), size=12, bold=True)
    marks = scene.marks
    kinds = []
    if marks is not None and any(marks.taken):
        kinds.append(("take", "move-took"))
    if marks is not None and (any(marks.from_hand) or marks.from_herd):
        kinds.append(("sell", "move-sold") if marks.sold else ("give", "move-gave"))
    x = WIDTH - MARGIN - 75 * len(kinds)
    for mark, label in kinds:
        colour = canvas.colour("focus" if mark == "take" else "accent")
        canvas.rect(x, y + 3, 14, 14, stroke=colour, rx=3, extra=' stroke-width="3"')
        canvas.text(x + 20, y + 14, _(label), size=11)
        x += 75
    return y + 22


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


def _wrap(caption: str) -> list[str]:
    """The caption in lines of at most CAPTION_LINE_CHARS characters, broken between words."""
    lines: list[str] = []
    for word in caption.split():
        if lines and len(lines[-1]) + 1 + len(word) <= CAPTION_LINE_CHARS:
            lines[-1] += " " + word
        else:
            lines.extend(word[i:i + CAPTION_LINE_CHARS] for i in range(0, len(word), CAPTION_LINE_CHARS))
    return lines
