"""`python -m jaipur_core remote check FILE`: a whole game at a distance checked from its history.

Registered by cli.py's parser; the work (and PyNaCl) is imported only when the command runs.
"""

from __future__ import annotations

from ..cli_input import BadInput, read_json


def add_commands(commands) -> None:
    remote = commands.add_parser("remote", help="a game at a distance: check its history")
    actions = remote.add_subparsers(dest="remote_command", required=True, parser_class=type(remote))
    check = actions.add_parser("check", help="check a jaipur-remote-history/1 file from its first message to its last")
    check.add_argument("history", help="history JSON file, or - for stdin")
    check.add_argument("--record", action="store_true",
                       help="print the checked rounds as a jaipur-game/1 record instead of the report")
    check.set_defaults(run=cmd_check)


def cmd_check(args) -> str:
    from ..cli import format_json
    from .errors import RemoteError
    from .group import group_named
    from .history import check_history
    from .side import HISTORY_FORMAT

    data = read_json(args.history, "history")
    if not isinstance(data, dict) or data.get("format") != HISTORY_FORMAT:
        raise BadInput(f"invalid history: format: expected '{HISTORY_FORMAT}'")
    if not isinstance(data.get("group"), str):
        raise BadInput("invalid history: group: missing")
    try:
        found = check_history(group_named(data["group"]), data)
    except RemoteError as error:
        raise BadInput(f"{'' if error.code == 'no-sodium' else 'invalid history: '}{error.words}") from None
    if args.record:
        return format_json(found.record.to_json())
    return report(found)


def report(found) -> str:
    """The lines `remote check` prints: the game, each round checked, and where the history ends."""
    names = [name or f"seat {seat}" for seat, name in enumerate(found.names)]
    game_id = found.record.get("remote_game")
    lines = [f"game {game_id}: {names[0]} (seat 0) and {names[1]} (seat 1), {found.messages} messages"]
    for number, played in enumerate(found.record.rounds, 1):
        end = played.end
        result = end.round_result
        assert result is not None
        seal = "nobody takes a seal" if result.seal is None else f"{names[result.seal]} takes a seal"
        lines.append(f"round {number}: fair ({names[played.start.round_starter]} started, {len(played.actions)} "
                     f"actions): every pass a shuffle of the cards, every unlock the revealed keys', every move "
                     f"legal with the real hands; {names[0]} {result.scores[0]}, {names[1]} {result.scores[1]}: {seal}")
    if found.over:
        winner = found.record.rounds[-1].end.winner
        seals = found.record.rounds[-1].end.seals
        lines.append(f"the game is over: {names[winner or 0]} wins, seals {seals[0]}-{seals[1]}; "
                     "its record replays (--record prints it)")
    else:
        lines.append(f"round {found.unfinished}: not finished: the history ends before both sides revealed its "
                     f"keys; its {found.messages - found.checked} last messages were checked as far as their "
                     "links, order and history hashes go")
    return "\n".join(lines)
