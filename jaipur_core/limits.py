"""Every limit on input from outside, in one place (documented in docs/formats.md).

Links, imported files, saves and the command line take data from strangers.
Each limit is far above anything a real game produces and low enough that the
worst input allowed is read in bounded time and memory, in CPython and in the
page's WebAssembly memory alike. The readers check them and raise the
project's typed errors (all ValueErrors) naming the field; the page imports the
same names to check a file's size and to cap the log it renders.
"""

from __future__ import annotations

#: Characters of a `#position=…`/`#game=…` fragment. A real record's link is
#: a few kilobytes; the page's longest plausible game stays well under this.
MAX_FRAGMENT_CHARS = 65_536

#: Bytes of any JSON document from outside: a link's data after inflating it,
#: an imported or saved game, a file given to the command line.
MAX_JSON_BYTES = 1_048_576

#: Bytes of a file the page accepts for import (checked before reading it).
MAX_IMPORT_BYTES = MAX_JSON_BYTES

#: Nesting of arrays and objects in a JSON document. Positions nest 4 deep,
#: records 7 (record > rounds > round > start > players > seat > tokens > pile).
MAX_JSON_DEPTH = 32

#: Characters of one JSON number token (sign, digits, fraction and exponent).
#: Python refuses ints of more than 4300 digits with a bare ValueError; this
#: stops long before, with a typed error.
MAX_NUMBER_CHARS = 32

#: Characters of a player's name in a record.
MAX_NAME_CHARS = 100

#: Characters of a record's `title` and `author` (plain text).
MAX_TITLE_CHARS = 200

#: Characters of one note of a record's round (plain text), and of a puzzle's explanation.
MAX_NOTE_CHARS = 2_000

#: Characters of a puzzle's question (plain text).
MAX_QUESTION_CHARS = 500

#: Accepted answers of a puzzle (each a legal action; a position has a few dozen at most
#: that are worth naming).
MAX_PUZZLE_ANSWERS = 100

#: Characters of one action's text (the longest legal action has 89).
MAX_ACTION_CHARS = 200

#: Actions in one round of a record: the cap `simulate` already applies to a
#: round between AIs (real rounds take well under 100).
MAX_ACTIONS_PER_ROUND = 400

#: Games one `simulate` run plays, and the worker processes it starts: it keeps
#: every move's time to report percentiles (about 130 floats a game), and each
#: worker is a whole interpreter.
MAX_SIMULATE_GAMES = 100_000
MAX_SIMULATE_JOBS = 64

#: Search iterations per move a record's `analysis` may say it used, and the most
#: `analyse --iterations` accepts (expert searches 1500; a million is minutes a move).
MAX_ANALYSIS_ITERATIONS = 1_000_000

#: Rounds in a game, and so the highest round number of a position. A game
#: ends after two seals; only rounds drawn on every tie-break add more.
MAX_ROUNDS = 20

#: Characters of one message of a game at a distance, as its code (`v1.` and base64url): the
#: largest real one is about 3,420; a reader refuses a longer one before decoding it.
MAX_REMOTE_CODE_CHARS = 8_192

#: Messages in the history or save of a game at a distance: every round's deal and reveals
#: (8 messages at most) and its actions, for the most rounds a game may have.
MAX_REMOTE_MESSAGES = MAX_ROUNDS * (MAX_ACTIONS_PER_ROUND + 8)

#: Log lines the page renders at once (the record keeps every action; the page
#: shows the most recent ones and offers the whole log on request).
MAX_LOG_LINES_RENDERED = 200

#: Characters of input echoed back inside an error message.
MAX_ECHO_CHARS = 60


def echo(value) -> str:
    """`repr(value)` cut to MAX_ECHO_CHARS, for quoting bad input in a one-line message.

    Containers are not rendered whole first: a huge list costs no more to
    describe than a small one.
    """
    if isinstance(value, (list, dict, tuple, set)):
        return f"a {type(value).__name__} of {len(value)} entries"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"an integer of about {int(value.bit_length() * 0.30103) + 1} digits"
    text = repr(value) if not isinstance(value, str) else repr(value[:MAX_ECHO_CHARS + 1])
    return text if len(text) <= MAX_ECHO_CHARS else text[:MAX_ECHO_CHARS - 1] + "…"


def clip(text: str, limit: int = MAX_ECHO_CHARS) -> str:
    """`text` cut to `limit` characters (the last one '…'), for quoting it in a message."""
    return text if len(text) <= limit else text[:limit - 1] + "…"
