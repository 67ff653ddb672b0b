"""The blog kit: what an author puts in a post about the rules, and what a reader meets there.

Diagrams (a position as one self-contained SVG, drawn by the same code for the page's Diagram
button and `python3 -m pyscript_app diagram`), annotated replays (notes on a record's steps),
puzzles (solved and made on the table), the embed maker (the snippet to paste) and the light
embeds (a replay, a puzzle or a picture drawn ahead as HTML: `python3 -m pyscript_app embed`).

Modules (layer, what it holds):
  diagram        draw    a position as one self-contained SVG picture
  scene          draw    what a diagram shows: the table as one seat sees it (or open), the move marked
  diagram_words  draw    a diagram's words: title, labels, the description said in sentences
  text_width     draw    how wide a line is in the fonts a diagram names: wrap and clip by measure
  font_widths    draw    the fonts' advance widths, measured by tests/make_font_widths.py (data)
  embed          draw    what the embed maker and the Diagram button make: the snippet, the SVG of the table
  light          draw    the light embeds' common parts (style, both layouts of a drawing) and the light picture
  light_replay   draw    the light replay: an annotated record as one HTML fragment, every step drawn ahead
  light_puzzle   draw    the light puzzle: the solver's view, their legal moves, the sealed answers
  seal           draw    the spoiler seal of a light puzzle's answers (HMAC-SHA256 keystream, standard library)
  maker_state    model   the embed maker's choices, and the choices there are (TableState.maker)
  maker          update  the Diagram button and the embed maker: update's helpers
  maker_view     view    the embed maker in the Link panel: options, preview, snippet and Copy
  notes          update  annotated replays in review: notes written step by step, autoplay, play on
  notes_view     view    the record's title and author, the step's note, the author's note field
  puzzle_state   model   the puzzle on the table: Solving (a reader) or Draft (an author)
  puzzles        update  a reader solves a puzzle, an author makes one: update's helpers
  puzzle_view    view    the puzzle's bar: the question and verdict, or the author's maker
  cli            entry   `python3 -m pyscript_app diagram|embed FILE …`: reads files, writes the SVG or HTML
"""
