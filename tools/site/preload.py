"""Preload links: the files a boot needs, asked for while the page's <head> is
parsed, before boot.js runs and long before Pyodide would ask for them.

Without them nothing big is requested until boot.js has run, fetched build.json
and imported the loader (about 0.15 s into a first visit), and then every file at
once. The links name the same URLs, with the same request mode, as boot.js's and
Pyodide's own fetches and imports, so the browser hands those the preloaded
response instead of downloading again: the wasm, the standard library and the lock
file (`fetch`, CORS mode, same-origin credentials: `as="fetch" crossorigin`), the
two loader modules (`modulepreload`: fetched and parsed early, run when imported),
and, on a build with one, the snapshot, whose content-named path only the build
knows."""

from __future__ import annotations

from html import escape
from pathlib import Path

from .common import BuildError

PAGES = ("index.html", "embed.html")
BOOT_SCRIPT = '<script type="module" src="boot.js"></script>'
MODULES = ("pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs")
FETCHED = ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json")


def preload_links(snapshot_path: str | None) -> list[str]:
    fetched = [*FETCHED, snapshot_path] if snapshot_path else list(FETCHED)
    return ([f'<link rel="modulepreload" href="{escape(path)}">' for path in MODULES]
            + [f'<link rel="preload" href="{escape(path)}" as="fetch" crossorigin>' for path in fetched])


def write_preloads(staging: Path, snapshot_path: str | None) -> None:
    """Put the links just after each page's boot script: the browser asks for
    boot.js (small, and what runs first) before the big files."""
    links = preload_links(snapshot_path)
    for page in PAGES:
        path = staging / page
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        at = text.find(BOOT_SCRIPT)
        if at < 0:
            raise BuildError(f"web/{page} has no {BOOT_SCRIPT}")
        indent = text[text.rfind("\n", 0, at) + 1:at]
        at += len(BOOT_SCRIPT)
        path.write_text(text[:at] + "".join(f"\n{indent}{link}" for link in links) + text[at:], encoding="utf-8")
