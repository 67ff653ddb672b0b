#!/usr/bin/env python3
"""Draw the app icons (web/icons/*.png) with the standard library only.

The icon: two fanned cards on a maroon field, with a gold diamond on the front
card. Run it again only when the design changes; the PNGs are committed.
"""

import struct
import zlib
from pathlib import Path

MAROON = (122, 31, 61)
CREAM = (246, 236, 217)
SAND = (214, 178, 112)
GOLD = (201, 146, 32)
ICONS = Path(__file__).resolve().parent.parent / "web" / "icons"


def png(width: int, height: int, pixels: list[list[tuple[int, int, int]]]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\0" + bytes(c for pixel in row for c in pixel) for row in pixels)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def inside_card(x: float, y: float, cx: float, cy: float, w: float, h: float, tilt: float) -> bool:
    """Point in a rectangle of size w x h centred on (cx, cy), sheared by tilt."""
    dx, dy = x - cx, y - cy
    dx -= tilt * dy
    return abs(dx) <= w / 2 and abs(dy) <= h / 2


def draw(size: int, safe: float) -> bytes:
    """safe: the fraction of the icon the motif may use (maskable icons need ~0.8)."""
    rows = []
    scale = size * safe
    middle = size / 2
    for y in range(size):
        row = []
        for x in range(size):
            colour = MAROON
            u, v = (x - middle) / scale, (y - middle) / scale  # -0.5..0.5 in the safe area
            if inside_card(u, v, -0.12, 0.0, 0.42, 0.62, -0.25):
                colour = SAND
            if inside_card(u, v, 0.1, 0.02, 0.42, 0.62, 0.12):
                colour = CREAM
                if abs(u - 0.1 - 0.12 * (v - 0.02)) / 0.13 + abs(v - 0.02) / 0.2 <= 1:
                    colour = GOLD
            row.append(colour)
        rows.append(row)
    return png(size, size, rows)


if __name__ == "__main__":
    ICONS.mkdir(parents=True, exist_ok=True)
    (ICONS / "icon-192.png").write_bytes(draw(192, 1.0))
    (ICONS / "icon-512.png").write_bytes(draw(512, 1.0))
    (ICONS / "icon-maskable-512.png").write_bytes(draw(512, 0.75))
    for path in sorted(ICONS.glob("*.png")):
        print(path, path.stat().st_size, "bytes")
