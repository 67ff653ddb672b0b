"""The view: render(state) -> Screen, what every region of the page shows. Pure: no DOM.

A view reads the state (and what the model computes from it) and returns markup; it never
imports an update helper, so drawing a state can change nothing. HTML is built escaped by
default (markup); the browser draws the Screen region by region (browser/draw.py).

Modules (layer, what it holds):
  render     view    render(state) -> Screen: the skeleton's regions, the status, tools, review bar
  table      view    the cards as HTML: market, tokens, both players, the action buttons
  dialogs    view    the dialogs: New game, Rules (with the keys' help), Link, hand-over, results
  log        view    the game log: its recent lines on the table, the whole of it in a panel
  know       view    the "What I know" panel, drawn from the seat's view only
  knowledge  view    what a careful player tracks, computed from a PlayerView only
  worth      view    what a move is worth before it is made, from the seat's view only
  flights    view    which card or token travels from where to where when a move changes the table
  motion     view    the motion plan (FLIP): what to animate between two measured tables
  markup     draw    the page's HTML, escaped by default (Markup, html, join, say)
  palette    base    the table's colours, light and dark: their one definition (CSS and diagrams)
"""
