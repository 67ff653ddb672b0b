"""`python -m jaipur_core`: the command line of docs/formats.md.

Every command reads JSON from a file or `-` (stdin). Bad input of any kind
prints one line on stderr and exits 2 — never a traceback. Input is read
within the limits of `limits.py` (at most MAX_JSON_BYTES of JSON, nested at
most MAX_JSON_DEPTH deep, numbers of at most MAX_NUMBER_CHARS characters).
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from .ai.analysis import ANALYSIS_ITERATIONS, RecordAnalysis
from .ai.cli import add_commands as add_ai_commands
from .cli_input import BadInput, read_json, read_position
from .errors import JaipurError
from .game import Game
from .limits import MAX_ANALYSIS_ITERATIONS, MAX_NUMBER_CHARS, clip
from .position import position_from_json, position_to_json
from .puzzle import PUZZLE_FORMAT, puzzle_from_json
from .record import RECORD_FORMAT, replay_json
from .rules import apply, legal_actions
from .share import game_fragment, position_fragment, puzzle_fragment
from .state import new_game, next_round
from .view import view_of

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line instead of argparse's usage block
        raise BadInput(f"{message} (see --help)")


def bounded_int(text: str) -> int:
    """argparse type: an integer of at most MAX_NUMBER_CHARS characters."""
    if len(text) > MAX_NUMBER_CHARS:
        raise argparse.ArgumentTypeError(f"at most {MAX_NUMBER_CHARS} characters, got {len(text)}")
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {clip(text)!r}") from None


def format_json(data: dict) -> str:
    """One top-level field per line (players one per line): readable and diff-friendly."""
    lines = []
    for key, value in data.items():
        if key == "players" and isinstance(value, list):
            inner = ",\n".join(f"    {json.dumps(player)}" for player in value)
            lines.append(f'  "{key}": [\n{inner}\n  ]')
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}"


def cmd_new(args) -> str:
    rng = random.Random(args.seed)
    return format_json(position_to_json(new_game(rng, args.first)))


def cmd_legal(args) -> str:
    return "\n".join(str(action) for action in legal_actions(read_position(args.position)))


def cmd_apply(args) -> str:
    state = read_position(args.position)
    for number, text in enumerate(args.actions, 1):
        try:
            state = apply(state, text)
        except JaipurError as error:
            prefix = f"action {number}: " if len(args.actions) > 1 else ""
            raise BadInput(f"{prefix}{error}") from None
    return format_json(position_to_json(state))


def cmd_next_round(args) -> str:
    state = read_position(args.position)
    try:
        return format_json(position_to_json(next_round(state, random.Random(args.seed))))
    except JaipurError as error:
        raise BadInput(str(error)) from None


def cmd_view(args) -> str:
    return format_json(view_of(read_position(args.position), args.seat).to_json())


def cmd_replay(args) -> str:
    data = read_json(args.record, "record")
    try:
        return format_json(position_to_json(replay_json(data)))
    except JaipurError as error:
        raise BadInput(f"invalid record: {error}") from None


def cmd_share(args) -> str:
    """The URL fragment that opens a position, game record or puzzle in the page (a record at the
    step `--round` / `--at` name, as `diagram` counts them: `&round=R&at=N`)."""
    data = read_json(args.file, "position, record or puzzle")
    kind = data.get("format") if isinstance(data, dict) else None
    what = "record" if kind == RECORD_FORMAT else "puzzle" if kind == PUZZLE_FORMAT else "position"
    if kind != RECORD_FORMAT and (args.round is not None or args.at is not None):
        raise BadInput("--round and --at choose a step of a game record (jaipur-game/1)")
    try:
        if kind == RECORD_FORMAT:
            game = Game.from_record_json(data)
            fragment = game_fragment(game)
            if args.round is not None or args.at is not None:
                fragment += record_step(game, args.round, args.at)
        elif kind == PUZZLE_FORMAT:
            fragment = puzzle_fragment(puzzle_from_json(data))
        else:
            fragment = position_fragment(position_from_json(data))
    except JaipurError as error:
        raise BadInput(f"invalid {what}: {error}") from None
    return args.url.split("#")[0] + "#" + fragment


def record_step(game: Game, round_number: int | None, at: int | None) -> str:
    """`&round=R&at=N` of a record's step: round R (default the last), its N-th action (0: its deal;
    default its last), both checked against the record (BadInput out of range)."""
    rounds = game.rounds
    number = len(rounds) if round_number is None else round_number
    if not 1 <= number <= len(rounds):
        raise BadInput(f"--round: the record has rounds 1 to {len(rounds)}, not {number}")
    played = rounds[number - 1]
    step = len(played.actions) if at is None else at
    if not 0 <= step <= len(played.actions):
        raise BadInput(f"--at: round {number} has steps 0 to {len(played.actions)}, not {step}")
    return f"&round={number}&at={step}"


def cmd_analyse(args) -> str:
    """The record with every move of the chosen players judged (its `analysis` field)."""
    if not 1 <= args.iterations <= MAX_ANALYSIS_ITERATIONS:
        raise BadInput(f"--iterations must be from 1 to {MAX_ANALYSIS_ITERATIONS:,}")
    if not 0 <= args.seed < 2**63:
        raise BadInput("--seed must be from 0 to 2**63 - 1")
    data = read_json(args.record, "record")
    try:
        game = Game.from_record_json(data)
        record = game.record
        seats = (0, 1) if args.player == "both" else (int(args.player),)
        analysis = RecordAnalysis(record, seats, args.seed, args.iterations, done=record.analysis)
    except JaipurError as error:
        raise BadInput(f"invalid record: {error}") from None
    analysis.run_all()
    return format_json(record.with_analysis(analysis.analysis()).to_json())


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m jaipur_core", description="Jaipur rules engine and AI")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    new = commands.add_parser("new", help="print the first position of a new game")
    new.add_argument("--seed", type=bounded_int, help="seed for a repeatable deal")
    new.add_argument("--first", type=int, choices=(0, 1), help="who starts (default: random)")
    new.set_defaults(run=cmd_new)

    legal = commands.add_parser("legal", help="print the legal actions, one per line, sorted")
    legal.add_argument("position", help="position JSON file, or - for stdin")
    legal.set_defaults(run=cmd_legal)

    apply_ = commands.add_parser("apply", help="apply actions in turn; print the resulting position")
    apply_.add_argument("position", help="position JSON file, or - for stdin")
    apply_.add_argument("actions", nargs="+", metavar="ACTION", help="e.g. 'take gold'")
    apply_.set_defaults(run=cmd_apply)

    next_ = commands.add_parser("next-round", help="from round_over, deal the next round")
    next_.add_argument("position", help="position JSON file, or - for stdin")
    next_.add_argument("--seed", type=bounded_int, help="seed for a repeatable deal")
    next_.set_defaults(run=cmd_next_round)

    view = commands.add_parser("view", help="print the player view of one seat")
    view.add_argument("position", help="position JSON file, or - for stdin")
    view.add_argument("--seat", type=int, choices=(0, 1), required=True)
    view.set_defaults(run=cmd_view)

    replay = commands.add_parser("replay", help="check a game record; print the final position")
    replay.add_argument("record", help="game record JSON file, or - for stdin")
    replay.set_defaults(run=cmd_replay)

    share = commands.add_parser(
        "share", help="print the link fragment (#position=..., #game=... or #puzzle=...) that opens it in the page")
    share.add_argument("file", help="position, game record or puzzle JSON file, or - for stdin")
    share.add_argument("--url", default="", help="page URL to put in front, e.g. https://example.org/jaipur/embed.html")
    share.add_argument("--round", type=bounded_int, help="a record's step to open at: its round, from 1 "
                       "(default: the last)")
    share.add_argument("--at", type=bounded_int, help="the step in that round: 0 is the deal, N the position after "
                       "its N-th action (default: the last)")
    share.set_defaults(run=cmd_share)

    analyse = commands.add_parser(
        "analyse", help="judge every move of a game record; print the record with its analysis")
    analyse.add_argument("record", help="game record JSON file, or - for stdin")
    analyse.add_argument("--player", choices=("0", "1", "both"), default="both",
                         help="whose moves to judge (default both)")
    analyse.add_argument("--iterations", type=bounded_int, default=ANALYSIS_ITERATIONS,
                         help=f"search iterations per move (default {ANALYSIS_ITERATIONS})")
    analyse.add_argument("--seed", type=bounded_int, default=0, help="seed of the searches (default 0)")
    analyse.set_defaults(run=cmd_analyse)

    add_ai_commands(commands)  # suggest and simulate live with the AI
    from .remote.cli import add_commands as add_remote_commands  # here: the page never builds this parser
    add_remote_commands(commands)
    return parser


def print_text(output: str) -> None:
    """Write a command's output as text in the terminal's encoding."""
    print(output)


def run_command(parser: argparse.ArgumentParser, argv: list[str] | None, write=print_text) -> int:
    """Parse argv, run the chosen command (its `run` default) and write what it returns with
    `write`. Bad input is one line on stderr and exit 2; a reader that goes away (`| head`)
    is not an error. Shared by every command line of the project (pyscript_app's diagram too)."""
    try:
        args = parser.parse_args(argv)
        output = args.run(args)
    except BadInput as error:
        # One line even when the input echoed in the message holds line breaks.
        print("error: " + " ".join(str(error).splitlines()), file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    if output:
        try:
            write(output)
            sys.stdout.flush()
        except BrokenPipeError:
            sys.stderr.close()  # the reader went away (e.g. `| head`): not an error
        except UnicodeEncodeError:  # e.g. a --url holding bytes that are not UTF-8
            print("error: the output cannot be written in this terminal's encoding", file=sys.stderr)
            return EXIT_BAD_INPUT
    return 0


def main(argv: list[str] | None = None) -> int:
    return run_command(build_parser(), argv)
