"""`python3 -m pyscript_app diagram FILE …` and `python3 -m pyscript_app embed FILE …`: the SVG
diagram of a position, a game record at any step, or a puzzle; the light embed of a record (a
replay), a puzzle or a position (a picture), on standard output or into `--output FILE`
(docs/formats.md, "Command line").

Bad input of any kind prints one line on stderr and exits 2, as `python3 -m jaipur_core`
does, and `--output` is written only when whole (a temporary file beside it, renamed), so an
error never leaves an empty or half-written file. The drawing is blog/diagram.py's, the same the
page uses, the embeds blog/light*.py's; this module only reads the file, the art
(web/art/cards.svg of the checkout), the light script (web/light/light.js) and the catalogs.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from jaipur_core import (
    Game,
    IllegalActionError,
    JaipurError,
    parse_action,
    position_from_json,
    puzzle_from_json,
    why_illegal,
)
from jaipur_core.cli import bounded_int, run_command
from jaipur_core.cli_input import BadInput, read_json
from jaipur_core.limits import MAX_NOTE_CHARS, clip
from jaipur_core.position import POSITION_FORMAT
from jaipur_core.puzzle import PUZZLE_FORMAT
from jaipur_core.record import RECORD_FORMAT

from ..view.palette import THEMES
from ..words import languages, messages
from . import diagram, light, light_puzzle, light_replay

WEB = Path(__file__).resolve().parents[2] / "web"
ART = WEB / "art" / "cards.svg"
SCRIPT = WEB / "light" / "light.js"
SEATS = {"0": 0, "1": 1, "open": None}
#: refusals whose reason names the mover's cards: said without them when that hand is hidden
HIDDEN_REASONS = frozenset({"hand-lacks"})


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
    _add_looks(command, "text above the table (default: a record step's note, a puzzle's question)")
    command.set_defaults(run=cmd_diagram)

    embed = commands.add_parser("embed", help="print the light embed of a record (a replay), a puzzle or a position "
                                "(a picture): HTML to paste into a post, no interpreter needed")
    embed.add_argument("file", help="jaipur-game/1, jaipur-puzzle/1 or jaipur-position/1 JSON file, or - for stdin")
    embed.add_argument("--url", default="", help="the game's address, e.g. https://example.org/jaipur/ (a replay's "
                       "Play from here, a picture's plain link; needed by a puzzle without accepted answers)")
    embed.add_argument("--seat", choices=tuple(SEATS), help="whose view: 0, 1, or open (default: open; a puzzle is "
                       "always its solver's)")
    embed.add_argument("--round", type=bounded_int, help="a replay's first step: its round, from 1 (default: 1)")
    embed.add_argument("--at", type=bounded_int, help="a replay's first step in that round: 0 is the deal, N the "
                       "position after its N-th action (default: 0)")
    _add_looks(embed, "a caption under the embed")
    embed.set_defaults(run=cmd_embed)
    return parser


def _add_looks(command, caption: str) -> None:
    command.add_argument("--lang", choices=tuple(languages.LANGUAGES), default="en")
    command.add_argument("--theme", choices=THEMES, default="light")
    command.add_argument("--caption", help=f"{caption}; at most {MAX_NOTE_CHARS:,} characters")
    command.add_argument("--output", help="the file to write (only once it is whole); default: standard output")


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
            raise _not_a_kind(kind)
    except JaipurError as error:
        raise BadInput(f"invalid {_what(kind)}: {error}") from None
    move = _move(args.move, state, seat)
    if args.caption is not None:
        caption = args.caption
    _check_caption(caption)
    _load_language(args.lang)
    svg = diagram.diagram(state, art=_art(), seat=seat, names=names, move=move, language=args.lang,
                          theme=args.theme, caption=caption)
    return _written(svg, args.output)


def cmd_embed(args) -> str:
    """The light embed of the file: a replay, a puzzle or a picture (blog/light*.py)."""
    data = read_json(args.file, "record, puzzle or position")
    kind = data.get("format") if isinstance(data, dict) else None
    if kind != RECORD_FORMAT and (args.round is not None or args.at is not None):
        raise BadInput("--round and --at choose a replay's first step: they are for a game record (jaipur-game/1)")
    caption = args.caption or ""
    _check_caption(caption)
    seat = SEATS.get(args.seat or "open")
    looks = {"language": args.lang, "theme": args.theme, "caption": caption, "page_url": args.url}
    try:
        if kind == RECORD_FORMAT:
            game = Game.from_record_json(data)
            step = _first_step(game, args.round, args.at)
        elif kind == PUZZLE_FORMAT:
            puzzle = puzzle_from_json(data)
        elif kind == POSITION_FORMAT:
            state = position_from_json(data)
        else:
            raise _not_a_kind(kind)
    except JaipurError as error:
        raise BadInput(f"invalid {_what(kind)}: {error}") from None
    _load_language(args.lang)
    try:
        if kind == RECORD_FORMAT:
            html = light_replay.light_replay(game, art=_art(), script=_script(), seat=seat, step=step, **looks)
        elif kind == PUZZLE_FORMAT:
            if args.seat is not None and seat != puzzle.solver:
                raise BadInput(f"--seat: a puzzle is shown from its solver's seat ({puzzle.solver}), not {args.seat}")
            if not puzzle.answers and not args.url:
                raise BadInput("--url: this puzzle has no accepted answers, so the full game judges a reader's move: "
                               "give the game's address")
            html = light_puzzle.light_puzzle(puzzle, art=_art(), script=_script(), **looks)
        else:
            html = light.light_picture(state, art=_art(), seat=seat, **looks)
    except JaipurError as error:  # the record's link (Play from here) too long for a link
        raise BadInput(f"--url: {error}") from None
    return _written(html, args.output)


def _not_a_kind(kind) -> BadInput:
    return BadInput(f"format: expected {POSITION_FORMAT}, {RECORD_FORMAT} or {PUZZLE_FORMAT}, got {clip(repr(kind))}")


def _check_caption(caption: str) -> None:
    if len(caption) > diagram.MAX_CAPTION_CHARS:
        raise BadInput(f"--caption: {len(caption):,} characters, the limit is {diagram.MAX_CAPTION_CHARS:,}")


def _move(text: str | None, state, seat: int | None):
    """The --move action, legal in `state`. Refused in one line that names no card the chosen
    seat cannot see: a refusal about the mover's hand is said without its cards when that hand is
    face down from `seat`."""
    if text is None:
        return None
    try:
        move = parse_action(text)
    except JaipurError as error:
        raise BadInput(f"--move: {error}") from None
    reason = why_illegal(state, move)
    if reason is None:
        return move
    if seat is not None and seat != state.to_move and getattr(reason, "code", "") in HIDDEN_REASONS:
        raise BadInput(f"--move: illegal action '{move}': it needs cards the mover's hand does not hold "
                       f"(that hand is face down from seat {seat}, so its cards are not named)")
    raise BadInput(f"--move: {IllegalActionError(move, reason)}")


def _first_step(game: Game, round_number: int | None, at: int | None) -> int:
    """The review step a replay opens at: round 1's deal unless --round / --at say otherwise."""
    rounds = game.rounds
    number = 1 if round_number is None else round_number
    if not 1 <= number <= len(rounds):
        raise BadInput(f"--round: the record has rounds 1 to {len(rounds)}, not {number}")
    step = 0 if at is None else at
    if not 0 <= step <= len(rounds[number - 1].actions):
        raise BadInput(f"--at: round {number} has steps 0 to {len(rounds[number - 1].actions)}, not {step}")
    return game.step_of(number, step)


def _written(text: str, output: str | None) -> str:
    """`text` for standard output, or "" once it is written whole into `output` (UTF-8): into a
    temporary file in the same folder, then renamed over it, so a failure leaves no part of it."""
    if output is None:
        return text
    target = Path(output)
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent or ".")
    except OSError as error:
        raise BadInput(f"--output: cannot write {clip(repr(output))}: {error.strerror or error}") from None
    except ValueError:
        raise BadInput(f"--output: cannot write {clip(repr(output))}: not a usable file name") from None
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(text.encode("utf-8") + b"\n")
        os.replace(temporary, target)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise BadInput(f"--output: cannot write {clip(repr(output))}: {error.strerror or error}") from None
    return ""


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


def _script() -> str:
    try:
        return SCRIPT.read_text(encoding="utf-8")
    except OSError:
        raise BadInput(f"the light script is not at {SCRIPT} (run the command from a checkout)") from None


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


def write_utf8(text: str) -> None:
    """An SVG or HTML file is UTF-8 whatever the terminal's encoding (Persian text, arrows)."""
    sys.stdout.buffer.write(text.encode("utf-8") + b"\n")


def main(argv: list[str] | None = None) -> int:
    return run_command(build_parser(), argv, write_utf8)
