#!/usr/bin/env python3
"""No stalling: play many single rounds between two levels and count round-cap hits.

    nice -n 19 python3 bench/stall.py --ai medium --vs hard-2026 --rounds 10000 --seed 1 --progress stall.json

Round n is dealt by `random.Random("jaipur-stall/<seed>/<n>")`, side A (`--ai`)
sits in seat n % 2 and the starter is (n // 2) % 2, so both levels sit in both
seats and both start; each side's AI has its own seeded RNG. A round is played
until it is scored or reaches the cap (`simulate`'s ROUND_CAP actions), which
counts as a stall. Prints the rounds played, the cap hits, the round lengths in
actions (mean, p99, max) and the longest rounds' numbers; with --progress the
same summary is rewritten every --every rounds, so a run that is stopped keeps
its count. Stops after --rounds or --minutes.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jaipur_core.ai import ALL_LEVELS, choose_action  # noqa: E402
from jaipur_core.ai.simulate import ROUND_CAP, percentile  # noqa: E402
from jaipur_core.rules import apply_legal, legal_actions  # noqa: E402
from jaipur_core.state import PLAY, new_game  # noqa: E402
from jaipur_core.view import view_of  # noqa: E402


def play_round(levels: tuple[str, str], seed, number: int, cap: int = ROUND_CAP) -> tuple[int, bool, int]:
    """(actions played, whether the cap was hit, seat that ended it or -1) of round `number`."""
    seat_of_a = number % 2
    level_of_seat = (levels[0], levels[1]) if seat_of_a == 0 else (levels[1], levels[0])
    state = new_game(random.Random(f"jaipur-stall/{seed}/{number}"), first=(number // 2) % 2)
    rngs = [random.Random(f"jaipur-stall/{seed}/{number}/seat{seat}") for seat in (0, 1)]
    actions = 0
    while state.phase == PLAY:
        if actions >= cap:
            return actions, True, -1
        mover = state.to_move
        action = choose_action(view_of(state, mover), level_of_seat[mover], rngs[mover])
        if action not in legal_actions(state):
            raise SystemExit(f"round {number}: {level_of_seat[mover]} chose an illegal action {action}")
        state = apply_legal(state, action)
        actions += 1
    return actions, False, mover


def summary(levels, seed, lengths: list[int], cap_hits: list[int], seconds: float) -> dict:
    longest = sorted(range(len(lengths)), key=lambda n: (-lengths[n], n))[:5]
    return {
        "levels": list(levels), "seed": seed, "cap": ROUND_CAP, "rounds": len(lengths),
        "round_cap_hits": len(cap_hits), "cap_hit_rounds": cap_hits[:20],
        "actions_per_round_mean": round(sum(lengths) / len(lengths), 2) if lengths else 0.0,
        "actions_per_round_p99": percentile(lengths, 0.99), "actions_per_round_max": max(lengths, default=0),
        "longest_rounds": [[n, lengths[n]] for n in longest], "seconds": round(seconds, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ai", choices=ALL_LEVELS, required=True)
    parser.add_argument("--vs", choices=ALL_LEVELS, required=True)
    parser.add_argument("--rounds", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=None, help="stop starting rounds after this long")
    parser.add_argument("--progress", help="rewrite the summary (JSON) to this file as the run goes")
    parser.add_argument("--every", type=int, default=100, help="rounds between progress writes")
    args = parser.parse_args()
    levels = (args.ai, args.vs)
    started = time.perf_counter()
    lengths, cap_hits = [], []
    for number in range(args.rounds):
        if args.minutes is not None and time.perf_counter() - started > 60 * args.minutes:
            break
        actions, capped, _ = play_round(levels, args.seed, number)
        lengths.append(actions)
        if capped:
            cap_hits.append(number)
        if args.progress and (number + 1) % args.every == 0:
            Path(args.progress).write_text(json.dumps(
                summary(levels, args.seed, lengths, cap_hits, time.perf_counter() - started)) + "\n")
    result = summary(levels, args.seed, lengths, cap_hits, time.perf_counter() - started)
    if args.progress:
        Path(args.progress).write_text(json.dumps(result) + "\n")
    print(f"{args.ai} vs {args.vs} (seed {args.seed}): {result['rounds']} rounds, "
          f"round cap ({ROUND_CAP} actions) hits {result['round_cap_hits']}; actions per round "
          f"mean {result['actions_per_round_mean']}, p99 {result['actions_per_round_p99']}, "
          f"max {result['actions_per_round_max']}; longest {result['longest_rounds']}; {result['seconds']} s")
    return 1 if cap_hits else 0


if __name__ == "__main__":
    sys.exit(main())
