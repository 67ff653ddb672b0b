"""The browser table. PLACEHOLDER: proves the boot pipeline end to end; the real
table replaces this module (keeping the start() contract below)."""

from __future__ import annotations


def start(embed: bool = False) -> None:
    """Called once by web/boot.js after the game wheel is installed.

    embed: True when the page is the iframe shell (embed.html, <html class="embed">).
    Contract with boot.js: render into <main id="app">, then set
    <html data-state="ready">. The page URL (e.g. ?seed=N) is in js.location.
    """
    import js  # only exists under Pyodide

    app = js.document.getElementById("app")
    app.textContent = "Jaipur loaded (embedded)" if embed else "Jaipur loaded"
    js.document.documentElement.dataset.state = "ready"
