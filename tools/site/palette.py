"""The page's colours at build time: pyscript_app/view/palette.py written into dist/app.css.

web/app.css holds no colour of the palette, only MARKER where the custom properties go; the
build writes them there, so the page's CSS and the diagrams (blog/diagram.py) read the one
definition. The light scheme goes on :root; the dark one twice, because two things choose it
and CSS cannot join a media query and an attribute in one selector: the system's dark scheme
(unless `?theme=light`), and `?theme=dark` whatever the system's (boot.js sets <html data-theme>).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

MARKER = "/* @palette */"


def palette_of(source_root: Path) -> dict:
    """PALETTE of the sources at source_root (tests build edited copies), read without importing
    the package (its __init__ is the page's)."""
    path = source_root / "pyscript_app" / "view" / "palette.py"
    spec = importlib.util.spec_from_file_location("jaipur_palette", path)
    if spec is None or spec.loader is None:
        raise FileNotFoundError(path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.PALETTE


def palette_css(palette: dict) -> str:
    def properties(theme: str, indent: str) -> str:
        return "\n".join(f"{indent}--{name}: {value};" for name, value in palette[theme].items())

    return (f"/* The palette, written by build.py from pyscript_app/view/palette.py (tools/site/palette.py). */\n"
            f":root {{\n{properties('light', '  ')}\n}}\n"
            f"@media (prefers-color-scheme: dark) {{\n  :root:not([data-theme=\"light\"]) {{\n"
            f"{properties('dark', '    ')}\n  }}\n}}\n"
            f":root[data-theme=\"dark\"] {{\n{properties('dark', '  ')}\n}}")


def write_palette(staging: Path, source_root: Path) -> None:
    """Put the palette's custom properties in place of MARKER in staging/app.css."""
    path = staging / "app.css"
    css = path.read_text(encoding="utf-8")
    if css.count(MARKER) != 1:
        raise ValueError(f"{path.name} must hold {MARKER} once, where the palette goes")
    path.write_text(css.replace(MARKER, palette_css(palette_of(source_root))), encoding="utf-8")
