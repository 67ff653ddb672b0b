"""The AI's commands for `python -m jaipur_core`: suggest and simulate."""

from __future__ import annotations

import json
import random

from ..cli_input import BadInput, read_position
from ..errors import JaipurError
from ..limits import MAX_ACTIONS_PER_ROUND, MAX_SIMULATE_GAMES, MAX_SIMULATE_JOBS
from ..state import PLAY
from ..view import view_of
from . import ALL_LEVELS, DEFAULT_LEVEL, choose_action
from .simulate import ROUND_CAP, simulate


def cmd_suggest(args) -> str:
    state = read_position(args.position)
    if state.phase != PLAY:
        raise BadInput(f"the position is not in play (phase {state.phase}): nobody is to move")
    view = view_of(state, state.to_move)   # the AI sees only the mover's view
    try:
        action = choose_action(view, args.level, random.Random(args.seed))
    except JaipurError as error:
        raise BadInput(str(error)) from None
    return str(action)


def cmd_simulate(args) -> str:
    if not 1 <= args.games <= MAX_SIMULATE_GAMES:
        raise BadInput(f"--games must be from 1 to {MAX_SIMULATE_GAMES:,}")
    if not 1 <= args.jobs <= MAX_SIMULATE_JOBS:
        raise BadInput(f"--jobs must be from 1 to {MAX_SIMULATE_JOBS}")
    if not 1 <= args.round_cap <= MAX_ACTIONS_PER_ROUND:
        raise BadInput(f"--round-cap must be from 1 to {MAX_ACTIONS_PER_ROUND}")
    summary = simulate(args.ai, args.vs, args.games, seed=args.seed, jobs=args.jobs,
                       round_cap=args.round_cap)
    if args.json:
        return json.dumps(summary.to_json(), indent=2)
    return summary.to_text()


def add_commands(commands) -> None:
    suggest = commands.add_parser("suggest", help="print the action the AI picks for the player to move")
    suggest.add_argument("position", help="position JSON file, or - for stdin")
    suggest.add_argument("--level", choices=ALL_LEVELS, default=DEFAULT_LEVEL,
                         help=f"AI level (default {DEFAULT_LEVEL})")
    suggest.add_argument("--seed", type=int, default=0, help="seed of the AI's RNG (default 0)")
    suggest.set_defaults(run=cmd_suggest)

    sim = commands.add_parser("simulate", help="AI against AI: wins, win rate with a 95%% interval, "
                                               "turns and time per move")
    sim.add_argument("--games", type=int, required=True, help="number of games (best of three)")
    sim.add_argument("--ai", choices=ALL_LEVELS, required=True, help="level of side A (seat 0)")
    sim.add_argument("--vs", choices=ALL_LEVELS, required=True, help="level of side B (seat 1)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the whole run (default 0)")
    sim.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    sim.add_argument("--round-cap", type=int, default=ROUND_CAP,
                     help=f"actions after which a round is abandoned as a fault (default {ROUND_CAP})")
    sim.add_argument("--json", action="store_true", help="print the figures as JSON")
    sim.set_defaults(run=cmd_simulate)
