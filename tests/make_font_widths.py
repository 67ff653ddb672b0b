"""Regenerate pyscript_app/blog/font_widths.py (run from the repository root; not a test).

    python3 tests/make_font_widths.py [DEJAVU_FOLDER] [VAZIRMATN_FOLDER]

The diagrams cannot ask a browser how wide a line is, so they wrap and clip by the advance
widths of the fonts that may draw them: DejaVu Sans (Debian's fonts-dejavu-core, the common
Linux fallback of `system-ui, sans-serif`; defaults to /usr/share/fonts/truetype/dejavu) and
Vazirmatn (the build's npm package, the Persian font the page names; defaults to the copy
under .cache/npm), each in its regular and bold weight. For every character of the ranges
below the table keeps the widest advance of the fonts that have it, in hundredths of an em
rounded up; an Arabic letter also has the widths of its four forms (isolated, final, initial,
medial: the presentation forms the fonts map, else the letter's own glyph), so a joined word is
measured by the forms it is drawn with. The fonts are read with the standard library (their cmap
and hmtx tables).
"""

from __future__ import annotations

import math
import struct
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "pyscript_app" / "blog" / "font_widths.py"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
#: the characters a diagram's words are made of: ASCII, Latin-1 and Latin Extended-A (Turkish),
#: Arabic (Persian letters and digits), general punctuation (dashes, quotes, the bidi isolates)
#: and the arrows. Anything else is measured as a full em (conservative: wider than most).
RANGES = ((0x20, 0x7E), (0xA0, 0x17F), (0x600, 0x6FF), (0x2000, 0x206F), (0x2190, 0x2193))
ZERO = {0x200B, 0x200C, 0x200D, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2060, 0x2070)}


def font_widths(path: Path) -> dict[int, float]:
    """code point -> advance width in ems, from the font's cmap (format 4 or 12) and hmtx."""
    data = path.read_bytes()
    tables = {}
    count = struct.unpack_from(">H", data, 4)[0]
    for index in range(count):
        tag, _checksum, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        tables[tag.decode("latin-1")] = (offset, length)
    units = struct.unpack_from(">H", data, tables["head"][0] + 18)[0]
    metrics = struct.unpack_from(">H", data, tables["hhea"][0] + 34)[0]
    hmtx = tables["hmtx"][0]
    advances = [struct.unpack_from(">H", data, hmtx + 4 * i)[0] for i in range(metrics)]
    glyphs = _cmap(data, tables["cmap"][0])
    return {code: advances[min(glyph, metrics - 1)] / units for code, glyph in glyphs.items()}


def _cmap(data: bytes, start: int) -> dict[int, int]:
    count = struct.unpack_from(">H", data, start + 2)[0]
    best = None
    for index in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, start + 4 + 8 * index)
        form = struct.unpack_from(">H", data, start + offset)[0]
        if platform in (0, 3) and form in (4, 12) and (best is None or form > best[0]):
            best = (form, start + offset)
    if best is None:
        raise ValueError("no Unicode cmap")
    form, at = best
    glyphs: dict[int, int] = {}
    if form == 12:
        groups = struct.unpack_from(">I", data, at + 12)[0]
        for index in range(groups):
            first, last, glyph = struct.unpack_from(">III", data, at + 16 + 12 * index)
            for code in range(first, last + 1):
                glyphs[code] = glyph + code - first
        return glyphs
    segments = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, at + 14)
    starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
    range_at = at + 16 + 6 * segments
    offsets = struct.unpack_from(f">{segments}H", data, range_at)
    for index in range(segments):
        for code in range(starts[index], ends[index] + 1):
            if code == 0xFFFF:
                continue
            if offsets[index] == 0:
                glyph = (code + deltas[index]) & 0xFFFF
            else:
                where = range_at + 2 * index + offsets[index] + 2 * (code - starts[index])
                glyph = struct.unpack_from(">H", data, where)[0]
                if glyph:
                    glyph = (glyph + deltas[index]) & 0xFFFF
            if glyph:
                glyphs[code] = glyph
    return glyphs


FORMS = ("<isolated>", "<final>", "<initial>", "<medial>")
ARABIC = (0x600, 0x6FF)


def form_of(code: int) -> tuple[int, int] | None:
    """(the letter, the form's index in FORMS) of an Arabic presentation form of one letter."""
    decomposition = unicodedata.decomposition(chr(code)).split()
    if len(decomposition) == 2 and decomposition[0] in FORMS:
        return int(decomposition[1], 16), FORMS.index(decomposition[0])
    return None


def hundredths(width: float) -> int:
    return min(255, math.ceil(width * 100 - 1e-9))


def table(fonts: list[Path]) -> tuple[list[int], list[int]]:
    """Hundredths of an em by character of RANGES, and by form (4 a character) of the Arabic
    block: the widest of the fonts that have it."""
    widest: dict[int, float] = {}
    forms: dict[tuple[int, int], float] = {}
    for path in fonts:
        widths = font_widths(path)
        for code, width in widths.items():
            widest[code] = max(widest.get(code, 0.0), width)
        for code in range(ARABIC[0], ARABIC[1] + 1):
            own = {form: widths[code] for form in range(4) if code in widths}
            for presentation, width in widths.items():
                found = form_of(presentation) if 0xFB50 <= presentation <= 0xFEFF else None
                if found and found[0] == code:
                    own[found[1]] = width
            for form, width in own.items():
                forms[code, form] = max(forms.get((code, form), 0.0), width)
    out = []
    for first, last in RANGES:
        for code in range(first, last + 1):
            width = 0.0 if code in ZERO or unicodedata.category(chr(code)) == "Mn" else widest.get(code, 1.0)
            out.append(hundredths(width))
    joined = []
    for code in range(ARABIC[0], ARABIC[1] + 1):
        zero = unicodedata.category(chr(code)) == "Mn"
        joined += [0 if zero else hundredths(forms.get((code, form), widest.get(code, 1.0))) for form in range(4)]
    return out, joined


def main(argv: list[str]) -> int:
    dejavu = Path(argv[0]) if argv else DEJAVU
    vazir = Path(argv[1]) if len(argv) > 1 else next((ROOT / ".cache" / "npm").glob("*/node_modules/vazirmatn"))
    weights = {"REGULAR": [dejavu / "DejaVuSans.ttf", vazir / "fonts" / "ttf" / "Vazirmatn-Regular.ttf"],
               "BOLD": [dejavu / "DejaVuSans-Bold.ttf", vazir / "fonts" / "ttf" / "Vazirmatn-Bold.ttf"]}
    lines = ['"""Advance widths of the fonts a diagram may be drawn in, for wrapping by measured width.',
             "",
             "Made by `python3 tests/make_font_widths.py` from DejaVu Sans 2.37 (fonts-dejavu-core) and",
             "Vazirmatn (the build's npm package), regular and bold: each character's widest advance of",
             "those fonts, in hundredths of an em rounded up, as two hex digits a character over RANGES;",
             "the *_FORMS tables give each character of ARABIC four: isolated, final, initial, medial.",
             "blog/text_width.py reads it. Do not edit by hand.", '"""', "",
             f"RANGES = {RANGES!r}", f"ARABIC = {ARABIC!r}", ""]
    for name, fonts in weights.items():
        for suffix, values in zip(("", "_FORMS"), table(fonts), strict=True):
            hexes = "".join(f"{value:02x}" for value in values)
            chunks = [hexes[i:i + 100] for i in range(0, len(hexes), 100)]
            lines.append(f"{name}{suffix} = (")
            lines.extend(f'    "{chunk}"' for chunk in chunks)
            lines.append(")")
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(OUT.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
