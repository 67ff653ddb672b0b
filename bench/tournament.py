#!/usr/bin/env python3
"""AI against AI, one game at a time, printing each game as it ends (so a run cut short still counts).

    nice -n 19 python3 bench/tournament.py --ai expert --vs hard-2026 --games 400 --seed 2026 [--minutes 40]

The games are exactly `simulate`'s (same seeds, same alternation of the first
starter; side A in seat 0), played in one process. Stops after --games or once
--minutes of wall time have passed (finishing the game under way), then prints
the `simulate` summary of the games played: win rate with its 95% interval,
points per round, round-ending moves per side, time per move.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jaipur_core.ai import ALL_LEVELS  # noqa: E402
from jaipur_core.ai.simulate import ROUND_CAP, Summary, play_game  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ai", choices=ALL_LEVELS, required=True)
    parser.add_argument("--vs", choices=ALL_LEVELS, required=True)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--minutes", type=float, default=None, help="stop starting games after this long")
    args = parser.parse_args()
    started = time.perf_counter()
    summary = Summary((args.ai, args.vs), args.games, args.seed)
    wins = 0
    for number in range(args.games):
        if args.minutes is not None and time.perf_counter() - started > 60 * args.minutes:
            break
        outcome = play_game((args.ai, args.vs), args.seed, number, ROUND_CAP)
        summary.outcomes.append(outcome)
        wins += outcome.winner == 0
        print(f"game {number}: winner {['ai', 'vs', 'none'][2 if outcome.winner is None else outcome.winner]} "
              f"rounds {outcome.rounds} points {outcome.points} enders {outcome.round_enders} "
              f"-> ai {wins}/{number + 1}", flush=True)
    summary.games = len(summary.outcomes)
    print(summary.to_text(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
