"""How wide a line of a diagram is, without a browser to ask: measured by the advance widths of
the fonts that may draw it (blog/font_widths.py: DejaVu Sans and Vazirmatn, regular and bold,
the widest of them for each character), so a line that fits here fits in each of them. Pure.

    width("Take the camels?", 15, bold=True) -> 128.6   (CSS px at font-size 15)
    wrap(caption, 568, 15, bold=True) -> ["…", "…"]     lines broken between words
    clip(name, 200, 13, bold=True) -> "Ada Lovel…"      one line, cut with an ellipsis

Kerning and ligatures only make real text narrower; a character outside the table counts as a
full em (wider than almost any glyph), and marks, joiners and bidi controls as nothing. An Arabic
or Persian letter is measured in the form it takes in its word (isolated, final, initial or
medial: Unicode's joining types, below), as a font shapes it, plus JOINED_MARGIN for the
contextual forms a font may choose beyond those four (Vazirmatn's final yeh after heh: 2% wider,
measured against Chromium's canvas over the catalog's sentences in the three languages, which
every other sentence stays within).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from . import font_widths

ELLIPSIS = "…"
ZWJ = "\u200d"


def _ranges(*spans) -> frozenset[int]:
    return frozenset(code for span in spans for code in (range(span[0], span[1] + 1) if isinstance(span, tuple)
                                                          else (span,)))


#: Unicode's joining types (ArabicShaping.txt) of the Arabic block: letters that join on both sides
#: (and the tatweel, which joins like one), and letters that join only to the letter before them.
DUAL = _ranges(0x626, 0x628, (0x62A, 0x62E), (0x633, 0x63F), (0x640, 0x647), 0x649, 0x64A, 0x66E, 0x66F,
               (0x678, 0x687), (0x69A, 0x6BF), 0x6C1, 0x6C2, 0x6CC, 0x6CE, 0x6D0, 0x6D1, (0x6FA, 0x6FC), 0x6FF)
RIGHT = _ranges((0x622, 0x625), 0x627, 0x629, (0x62F, 0x632), 0x648, (0x671, 0x673), (0x675, 0x677),
                (0x688, 0x699), 0x6C0, (0x6C3, 0x6CB), 0x6CD, 0x6CF, 0x6D2, 0x6D3, 0x6D5, 0x6EE, 0x6EF)
ISOLATED, FINAL, INITIAL, MEDIAL = range(4)
JOINED_MARGIN = 1.05


@lru_cache(maxsize=2)
def _widths(bold: bool) -> dict[int, int]:
    hexes = "".join(font_widths.BOLD if bold else font_widths.REGULAR)
    codes = [code for first, last in font_widths.RANGES for code in range(first, last + 1)]
    return {code: int(hexes[2 * i:2 * i + 2], 16) for i, code in enumerate(codes)}


@lru_cache(maxsize=2)
def _forms(bold: bool) -> dict[int, tuple[int, ...]]:
    hexes = "".join(font_widths.BOLD_FORMS if bold else font_widths.REGULAR_FORMS)
    first, last = font_widths.ARABIC
    return {code: tuple(int(hexes[8 * i + 2 * form:8 * i + 2 * form + 2], 16) for form in range(4))
            for i, code in enumerate(range(first, last + 1))}


def width(text: str, size: float, bold: bool = False) -> float:
    """The advance of `text` at font-size `size` (CSS px), in the widest font that may draw it."""
    table, forms = _widths(bold), _forms(bold)
    total, joined = 0, 0
    for index, char in enumerate(text):
        code = ord(char)
        if code in DUAL or code in RIGHT:
            joined += forms[code][_form(text, index)]
        else:
            total += table.get(code, 100)
    return (total + joined * JOINED_MARGIN) * size / 100


def _form(text: str, index: int) -> int:
    """The form of the joining letter at `index`: whether it joins the letters around it."""
    before = _neighbour(text, index, -1)
    after = _neighbour(text, index, 1)
    joins_before = before is not None and (before in DUAL or before == ord(ZWJ))
    joins_after = ord(text[index]) in DUAL and after is not None and (after in DUAL or after in RIGHT
                                                                       or after == ord(ZWJ))
    return (MEDIAL if joins_before and joins_after else FINAL if joins_before
            else INITIAL if joins_after else ISOLATED)


def _neighbour(text: str, index: int, step: int) -> int | None:
    """The next character from `index` on in direction `step` that is not a mark."""
    index += step
    while 0 <= index < len(text):
        if unicodedata.category(text[index]) != "Mn":
            return ord(text[index])
        index += step
    return None


def wrap(text: str, room: float, size: float, bold: bool = False) -> list[str]:
    """`text` in lines of at most `room` px, broken at spaces (a word wider than a line is cut
    where it must be). Line breaks in `text` are kept; no line is empty but a blank one."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if width(candidate, size, bold) <= room:
                line = candidate
                continue
            if line:
                lines.append(line)
            while width(word, size, bold) > room:
                cut = _fitting(word, room, size, bold)
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        if line:
            lines.append(line)
    return lines


def clip(text: str, room: float, size: float, bold: bool = False) -> str:
    """`text` on one line of at most `room` px: whole if it fits, else cut and ended with "…"."""
    if width(text, size, bold) <= room:
        return text
    cut = _fitting(text, room - width(ELLIPSIS, size, bold), size, bold)
    return text[:max(0, cut)].rstrip() + ELLIPSIS


def _fitting(text: str, room: float, size: float, bold: bool) -> int:
    """How many first characters of `text` fit in `room` (at least one, so wrapping ends)."""
    for count in range(1, len(text) + 1):
        if width(text[:count], size, bold) > room:
            return max(1, count - 1)
    return len(text)
