"""The browser table: Jaipur drawn by Python under Pyodide, as event -> update -> effects -> render.

The page's code lives in packages by role; each package's docstring is its module map, with
each module's layer (docs/page.md, "Layers"; tests/test_layers.py reads every import and holds
each module to what its layer may import):

  app/       the loop: the one immutable state, events, effects, update, the runner and its host
  words/     what the page says: the catalog, the languages, moves and steps in words
  view/      render(state): the table, the dialogs, the log, HTML markup, the motion plan, the palette
  coach/     the computer thinking for the player: analysis, hints, a puzzle's judge, and where
             every search runs (the search worker or the page's own thread)
  blog/      the blog kit: SVG diagrams, annotated replays (notes), puzzles, the embed maker
  browser/   the host in the browser: the only package that imports `js` and `pyodide`

Modules of this package (layer, then why it sits here, not in a room of its own):
  __init__   entry   `start()`, called by web/boot.js: the one way in from the page
  __main__   entry   `python3 -m pyscript_app diagram …` (blog/cli.py)

The catalogs' .po files are in locale/ (docs/translating.md).
"""

from __future__ import annotations


def start(embed: bool = False) -> None:
    """Called once by web/boot.js after the game wheel is installed.

    embed: True when the page is the iframe shell (embed.html, <html class="embed">).
    Renders into <main id="app">, then sets <html data-state="ready">.
    """
    from .browser import page  # imports `js`: only under Pyodide

    page.start(embed)
