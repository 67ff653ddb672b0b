"""The browser table: Jaipur rendered by Python under Pyodide, as event -> update -> effects -> render.

Modules (see docs/page.md):
  table_state  the one immutable TableState (+ Note, Settings, Kept, Search); its game is a
               jaipur_core.Game, itself immutable (play, next round, take back, review steps)
  controls     every data-action name, once (Button, Control): what a click or key sends
  events       what can happen (values); from_dom reads the page's data- attributes
  keys         the keyboard: the one list of keys, from_key, focus arithmetic
  effects      what update asks for (values): Save, StartSearch, Download, Copy, PickFile, Ready
  update       update(state, event) -> (state, effects), pure: the game in play
  games        which game is on the table: boot, new, resume, links, import, nothing lost
  selection    picked cards -> the action each button would play, or why not
  words        actions and results in words for the log
  messages     the one catalog of words (gettext-style: _, ngettext, refusal codes)
  render, render_table, render_dialogs   render(state) -> Screen, pure
  saves        the autosave and kept-games formats
  flights, motion   which cards travel where when a move changes the table, and the animation plan
  diagram, diagram_scene, diagram_words   a position as one self-contained SVG, pure (issue 28);
               diagram_cli and __main__: `python3 -m pyscript_app diagram FILE …`
  host         the host interface (a typing.Protocol) the runner performs effects through
  runner       performs effects through a host; one sliced search runner (AI turn + hint)
  dom          the browser host (BrowserHost) and start(); with dom_draw, dom_motion, dom_focus,
               dom_input, dom_services and dom_js, the only modules that touch the browser
"""

from __future__ import annotations


def start(embed: bool = False) -> None:
    """Called once by web/boot.js after the game wheel is installed.

    embed: True when the page is the iframe shell (embed.html, <html class="embed">).
    Renders into <main id="app">, then sets <html data-state="ready">.
    """
    from .browser import page as dom

    dom.start(embed)
