#!/usr/bin/env python3
"""Time per move of the AI levels in CPython, on positions from seeded medium games.

    nice -n 19 python3 bench/ai_speed.py --levels hard expert hard-2026 --positions 60 --seed 1

Prints, per level, the median / p95 / max of wall time and of process CPU time per
move (CPU time is what the level costs; wall time also counts other programs on a
shared machine). Not a test: it prints figures. Targets: hard <= 150 ms median,
expert <= 1.5 s median.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jaipur_core.ai import ALL_LEVELS, choose_action  # noqa: E402
from jaipur_core.ai.simulate import percentile  # noqa: E402
from jaipur_core.rules import apply_legal  # noqa: E402
from jaipur_core.state import PLAY, new_game  # noqa: E402
from jaipur_core.view import view_of  # noqa: E402


def positions(count: int, seed: int):
    """Every 4th position of medium-vs-medium rounds, until `count` are collected."""
    found, game = [], 0
    rng = random.Random(seed)
    while len(found) < count:
        state = new_game(random.Random(f"{seed}/{game}"))
        moves = 0
        while state.phase == PLAY and len(found) < count:
            view = view_of(state, state.to_move)
            if moves % 4 == 0 and len(view.legal_actions()) > 1:
                found.append(view)
            state = apply_legal(state, choose_action(view, "medium", rng))
            moves += 1
        game += 1
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", nargs="+", default=["hard", "expert"], choices=ALL_LEVELS)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    views = positions(args.positions, args.seed)
    print(f"{len(views)} positions from medium games (seed {args.seed}), CPython {sys.version.split()[0]}")
    for level in args.levels:
        walls, cpus = [], []
        for index, view in enumerate(views):
            wall, cpu = time.perf_counter(), time.process_time()
            choose_action(view, level, random.Random(index))
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
        print(f"{level:<10} wall ms median {1000 * percentile(walls, 0.5):7.1f} p95 {1000 * percentile(walls, 0.95):7.1f} "
              f"max {1000 * max(walls):7.1f} | CPU ms median {1000 * percentile(cpus, 0.5):7.1f} "
              f"p95 {1000 * percentile(cpus, 0.95):7.1f} max {1000 * max(cpus):7.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
