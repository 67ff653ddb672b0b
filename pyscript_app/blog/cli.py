"""`python3 -m pyscript_app diagram FILE …`: the SVG diagram of a position, a game record at
any step, or a puzzle, on standard output (docs/formats.md, "Command line").

Bad input of any kind prints one line on stderr and exits 2, as `python3 -m jaipur_core`
does. The drawing is blog/diagram.py's, the same the page uses; this module only reads the
file, the art (web/art/cards.svg of the checkout) and the catalogs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from jaipur_core import Game, JaipurError, parse_action, position_from_json, puzzle_from_json
from jaipur_core.cli import bounded_int, run_command
from jaipur_core.cli_input import BadInput, read_json
from jaipur_core.limits import MAX_NOTE_CHARS, clip
from jaipur_core.position import POSITION_FORMAT
from jaipur_core.puzzle import PUZZLE_FORMAT
from jaipur_core.record import RECORD_FORMAT

from ..view.palette import THEMES
from ..words import languages, messages
from . import diagram

ART = Path(__file__).resolve().parents[2] / "web" / "art" / "cards.svg"
SEATS = {"0": 0, "1": 1, "open": None}


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line instead of argparse's usage block
        raise BadInput(f"{message} (see --help)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python3 -m pyscript_app", description="The page's Python, from the command line")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    command = commands.add_parser("diagram", help="print the SVG diagram of a position, a record's step or a puzzle")
    command.add_argument("file", help="jaipur-position/1, jaipur-game/1 or jaipur-puzzle/1 JSON file, or - for stdin")
    command.add_argument("--seat", choices=tuple(SEATS), help="whose view: 0, 1, or open (both hands face up); "
                         "default: open, for a puzzle the solver")
    command.add_argument("--round", type=bounded_int, help="a record's round, from 1 (default: the last)")
    command.add_argument("--at", type=bounded_int, help="the step in that round: 0 is the deal, N the position "
                         "after its N-th action (default: the last)")
    command.add_argument("--move", help="an action to mark, legal in the position, e.g. 'take gold'")
    command.add_argument("--lang", choices=tuple(languages.LANGUAGES), default="en")
    command.add_argument("--theme", choices=THEMES, default="light")
    command.add_argument("--caption", help="text above the table (default: a record step's note, a puzzle's "
                         f"question); at most {MAX_NOTE_CHARS:,} characters")
    command.set_defaults(run=cmd_diagram)
    return parser


def cmd_diagram(args) -> str:
    data = read_json(args.file, "position, record or puzzle")
    kind = data.get("format") if isinstance(data, dict) else None
    names: tuple[str, ...] = ("", "")
    caption, seat = "", SEATS.get(args.seat or "open")
    if kind != RECORD_FORMAT and (args.round is not None or args.at is not None):
        raise BadInput("--round and --at choose a step of a game record (jaipur-game/1)")
    try:
        if kind == RECORD_FORMAT:
            game = Game.from_record_json(data)
            state, caption = _step(game, args.round, args.at)
            names = game.players
        elif kind == PUZZLE_FORMAT:
            puzzle = puzzle_from_json(data)
            state, caption = puzzle.position, puzzle.question
            seat = puzzle.solver if args.seat is None else seat
        elif kind == POSITION_FORMAT:
            state = position_from_json(data)
        else:
            raise BadInput(f"format: expected {POSITION_FORMAT}, {RECORD_FORMAT} or {PUZZLE_FORMAT}, "
                           f"got {clip(repr(kind))}")
        move = parse_action(args.move) if args.move is not None else None
    except JaipurError as error:
        raise BadInput(f"invalid {_what(kind)}: {error}") from None
    if args.caption is not None:
        caption = args.caption
    if len(caption) > diagram.MAX_CAPTION_CHARS:
        raise BadInput(f"--caption: {len(caption):,} characters, the limit is {diagram.MAX_CAPTION_CHARS:,}")
    _load_language(args.lang)
    try:
        return diagram.diagram(state, art=_art(), seat=seat, names=names, move=move, language=args.lang,
                               theme=args.theme, caption=caption)
    except JaipurError as error:
        raise BadInput(f"--move: {error}") from None


def _what(kind) -> str:
    return {RECORD_FORMAT: "record", PUZZLE_FORMAT: "puzzle", POSITION_FORMAT: "position"}.get(kind, "input")


def _step(game: Game, round_number: int | None, at: int | None):
    """The position of the record's step, and the note written at it."""
    rounds = game.rounds
    number = len(rounds) if round_number is None else round_number
    if not 1 <= number <= len(rounds):
        raise BadInput(f"--round: the record has rounds 1 to {len(rounds)}, not {number}")
    played = rounds[number - 1]
    step = len(played.actions) if at is None else at
    if not 0 <= step <= len(played.actions):
        raise BadInput(f"--at: round {number} has steps 0 to {len(played.actions)}, not {step}")
    return played.positions()[step], played.note(step) or ""


def _art() -> str:
    try:
        return ART.read_text(encoding="utf-8")
    except OSError:
        raise BadInput(f"the table's art is not at {ART} (run the command from a checkout)") from None


def _load_language(language: str) -> None:
    """Register `language`'s catalog: the compiled one next to the code (the wheel), else the .po
    file compiled in memory with Babel (a checkout)."""
    if language == languages.DEFAULT or language in messages.available():
        return
    if language in languages.load_installed():
        return
    po = languages.LOCALE / language / "LC_MESSAGES" / f"{languages.DOMAIN}.po"
    try:
        import io

        from babel.messages import mofile, pofile
    except ImportError:
        raise BadInput(f"the {language} catalog is not compiled here: install Babel "
                       "(python3 -m pip install babel) or use the built wheel") from None
    with po.open("rb") as handle:
        catalog = pofile.read_po(handle)
    out = io.BytesIO()
    mofile.write_mo(out, catalog)
    messages.register(language, languages.catalog_from_mo(out.getvalue(), language))


def write_utf8(svg: str) -> None:
    """An SVG file is UTF-8 whatever the terminal's encoding (Persian text, arrows)."""
    sys.stdout.buffer.write(svg.encode("utf-8") + b"\n")


def main(argv: list[str] | None = None) -> int:
    return run_command(build_parser(), argv, write_utf8)
