#!/usr/bin/env python3
"""AI against AI, one game at a time, printing each game as it ends (so a run cut short still counts).

    nice -n 19 python3 bench/tournament.py --ai expert --vs hard-2026 --games 400 --seed 2026 [--minutes 40]
    # in shards (contiguous game numbers keep the first starter alternating), one progress file each:
    run="nice -n 19 python3 bench/tournament.py --ai hard --vs hard-2026 --seed 2026"
    $run --first 0 --games 200 --progress a.jsonl
    $run --first 200 --games 200 --progress b.jsonl
    python3 bench/tournament.py --ai hard --vs hard-2026 --seed 2026 --summarize a.jsonl b.jsonl

The games are exactly `simulate`'s (same seeds, same alternation of the first
starter; side A in seat 0), played in one process: game numbers --first ..
--first + --games - 1. Stops after --games or once --minutes of wall time have
passed (finishing the game under way), then prints the `simulate` summary of
the games played: win rate with its 95% interval, points per round,
round-ending moves per side, time per move. With --progress every finished game
is appended to that file as one JSON line (so a run that is stopped keeps its
games, and a rerun with the same file skips the game numbers already in it);
--summarize prints the summary of progress files without playing.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jaipur_core.ai import ALL_LEVELS  # noqa: E402
from jaipur_core.ai.simulate import ROUND_CAP, GameOutcome, Summary, play_game  # noqa: E402


def read_progress(paths, levels, seed) -> dict[int, GameOutcome]:
    """Game number -> outcome from progress files, checking they are of this match."""
    games = {}
    for path in paths:
        for line_number, line in enumerate(Path(path).read_text().splitlines(), 1):
            record = json.loads(line)
            if tuple(record["levels"]) != levels or record["seed"] != seed:
                raise SystemExit(f"{path}:{line_number}: a game of {record['levels']} seed {record['seed']}, "
                                 f"not {list(levels)} seed {seed}")
            fields = record["outcome"]
            games[record["number"]] = GameOutcome(**{
                key: tuple(value) if key in ("times", "faults", "points", "round_enders") else value
                for key, value in fields.items()})
    return games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ai", choices=ALL_LEVELS, required=True)
    parser.add_argument("--vs", choices=ALL_LEVELS, required=True)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--first", type=int, default=0, help="number of the first game to play")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--minutes", type=float, default=None, help="stop starting games after this long")
    parser.add_argument("--progress", help="append each finished game to this JSON-lines file")
    parser.add_argument("--summarize", nargs="+", metavar="FILE", help="summarize progress files, play nothing")
    args = parser.parse_args()
    levels = (args.ai, args.vs)
    if args.summarize:
        games = read_progress(args.summarize, levels, args.seed)
        summary = Summary(levels, len(games), args.seed, [games[n] for n in sorted(games)])
        numbers = sorted(games)
        print(f"game numbers: {len(numbers)} from {numbers[0] if numbers else '-'} "
              f"to {numbers[-1] if numbers else '-'}")
        print(summary.to_text())
        return 0
    done = read_progress([args.progress], levels, args.seed) if args.progress and Path(args.progress).exists() else {}
    started = time.perf_counter()
    summary = Summary(levels, args.games, args.seed)
    wins = 0
    for number in range(args.first, args.first + args.games):
        if args.minutes is not None and time.perf_counter() - started > 60 * args.minutes:
            break
        if number in done:
            outcome = done[number]
        else:
            outcome = play_game(levels, args.seed, number, ROUND_CAP)
            if args.progress:
                with open(args.progress, "a") as progress:
                    progress.write(json.dumps({"levels": list(levels), "seed": args.seed, "number": number,
                                               "outcome": asdict(outcome)}) + "\n")
        summary.outcomes.append(outcome)
        wins += outcome.winner == 0
        print(f"game {number}: winner {['ai', 'vs', 'none'][2 if outcome.winner is None else outcome.winner]} "
              f"rounds {outcome.rounds} points {outcome.points} enders {outcome.round_enders} "
              f"-> ai {wins}/{len(summary.outcomes)}", flush=True)
    summary.games = len(summary.outcomes)
    print(summary.to_text(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
