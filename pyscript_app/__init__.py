"""The browser table: Jaipur against the computer, rendered by Python under Pyodide.

Modules: render (view -> HTML), selection (picked cards -> actions), describe
(actions in words), saves (the autosave format), controller (game flow, no
`js`; it runs the AI's incremental search in slices), dom (the only module
that touches the browser), rules_text (the rules panel).
"""

from __future__ import annotations


def start(embed: bool = False) -> None:
    """Called once by web/boot.js after the game wheel is installed.

    embed: True when the page is the iframe shell (embed.html, <html class="embed">).
    Renders into <main id="app">, then sets <html data-state="ready">.
    """
    from . import dom  # imports `js`: only under Pyodide

    dom.start(embed)
