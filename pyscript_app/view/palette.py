"""The table's colours, light and dark: the one definition, for the page and the diagrams.

    PALETTE["dark"]["ink"] -> "#f3e6d3"

build.py writes the page's CSS custom properties from it into dist/app.css (where web/app.css
marks the place: tools/site/palette.py), once for the light scheme and twice for the dark one
(the system's dark scheme, and `?theme=dark` whatever the system's), and blog/diagram.py draws
with the same values. Every text colour is at least 4.5:1 on the backgrounds it is used on, in
both schemes (WCAG 2.2 AA; tests/e2e/test_looks.py runs axe-core on each). Goods: `x` is the
good's ink (text, outlines), `x-fill` the body of its drawing. Pure; imports nothing of the page.
"""

from __future__ import annotations

#: name -> (light, dark), in the order the CSS lists them.
COLOURS = {
    "ink": ("#2b1a12", "#f3e6d3"),
    "ink-soft": ("#6d5846", "#c9b49c"),
    "paper": ("#fbf3e4", "#2a2019"),
    "felt": ("#f3e3c3", "#1c1511"),
    "surface": ("#fff", "#33271f"),
    "market-bg": ("#e8cf9f", "#3d2e22"),
    "line": ("#8c6d52", "#a88b70"),
    "line-soft": ("#e0cfb3", "#4d3b2d"),
    "accent": ("#7a1f3d", "#e28aa8"),
    "accent-ink": ("#fff", "#2b0d18"),
    "back-fill": ("#f4d9b8", "#4a2a33"),
    "focus": ("#1a5fb4", "#8fb8ff"),
    "highlight": ("#f6c744", "#f6c744"),
    "shadow": ("rgb(0 0 0 / 0.25)", "rgb(0 0 0 / 0.6)"),
    "scrim": ("rgb(43 24 12 / 0.45)", "rgb(0 0 0 / 0.6)"),
    "error-bg": ("#fde2e2", "#4a1a1a"),
    "error-ink": ("#8a1111", "#ffc9c9"),
    "error-line": ("#c62828", "#ff8a80"),
    "ok-bg": ("#e4f4e4", "#1d3a1d"),
    "ok-ink": ("#1d5a1d", "#c8ecc8"),
    "hint-bg": ("#fff4c2", "#3d3315"),
    "hint-ink": ("#5a4300", "#f6e3a1"),
    "diamond": ("#ad1457", "#f48fb1"),
    "diamond-fill": ("#fbd3e2", "#7a2748"),
    "gold": ("#7a5c00", "#e8c15a"),
    "gold-fill": ("#f7d774", "#6b5210"),
    "silver": ("#56606b", "#c3ccd6"),
    "silver-fill": ("#dfe4ea", "#4d5660"),
    "cloth": ("#5e35b1", "#c0a8ef"),
    "cloth-fill": ("#e2d4f7", "#4d3a78"),
    "spice": ("#256b29", "#8fd18f"),
    "spice-fill": ("#f2b36b", "#7a4a12"),
    "leather": ("#7a3e1d", "#e0a27c"),
    "leather-fill": ("#e6b48a", "#6b3d22"),
    "camel": ("#8b5a2b", "#e3b77a"),
    "camel-fill": ("#efd3a0", "#6e5128"),
    "on-good": ("#fff", "#1b130d"),
}

THEMES = ("light", "dark")
PALETTE = {theme: {name: pair[index] for name, pair in COLOURS.items()} for index, theme in enumerate(THEMES)}
