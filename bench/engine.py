"""Rules-engine benchmark: uniform-random playouts and legal-action generation.

    python3 bench/engine.py [--seconds S] [--seed N]

Each playout deals a round (`new_game`) and plays it to its end, choosing every
turn uniformly among `legal_actions(state)`. Reported, each for S seconds:

- cold: the first S seconds after the engine's caches were emptied;
- warm: the next S seconds, caches filled (what a long simulation sees);
- checked: warm again, but through the checked `apply` (which looks the
  action up in the legal list first) instead of `apply_legal`;
- legal-action generation alone over positions met in play, cold and warm.

Figures: rounds/s, actions/s, mean legal actions per turn (wall clock), plus
rounds per CPU-second, which is steadier on a busy machine. One process, one
core. Not a test: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jaipur_core import PLAY, apply, apply_legal, legal_actions, new_game, rules  # noqa: E402


def clear_caches() -> None:
    """Empty the legal-action generator's memo tables (module-level dicts of rules)."""
    for name in ("_interned", "_market_cache", "_sell_cache", "_trade_cache", "_gives_cache",
                 "_trade_objects"):
        table = getattr(rules, name, None)
        if isinstance(table, dict):
            table.clear()


def playouts(seconds: float, rng: random.Random, step) -> dict:
    """Whole uniform-random rounds for about `seconds`; totals."""
    rounds = actions = choices = 0
    longest = 0
    clock = time.perf_counter
    cpu_start = time.process_time()
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        state = new_game(rng)
        played = 0
        while state.phase == PLAY:
            legal = legal_actions(state)
            choices += len(legal)
            state = step(state, legal[rng.randrange(len(legal))])
            played += 1
        rounds += 1
        actions += played
        longest = max(longest, played)
    elapsed = clock() - start
    cpu = time.process_time() - cpu_start
    return {"rounds": rounds, "actions": actions, "seconds": elapsed, "cpu_seconds": cpu,
            "rounds_per_s": rounds / elapsed, "actions_per_s": actions / elapsed,
            "rounds_per_cpu_s": rounds / cpu,
            "mean_legal": choices / max(actions, 1), "longest_round": longest}


def sample_positions(count: int, rng: random.Random) -> list:
    positions = []
    while len(positions) < count:
        state = new_game(rng)
        while state.phase == PLAY and len(positions) < count:
            positions.append(state)
            state = apply_legal(state, rng.choice(legal_actions(state)))
    return positions


def generation(seconds: float, positions: list) -> dict:
    """Calls of legal_actions over `positions`, round robin, for about `seconds`."""
    clock = time.perf_counter
    calls = produced = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        for state in positions:
            produced += len(legal_actions(state))
        calls += len(positions)
    elapsed = clock() - start
    return {"calls": calls, "seconds": elapsed, "calls_per_s": calls / elapsed,
            "actions_per_s": produced / elapsed}


def first_pass(positions: list) -> dict:
    """One pass over fresh positions with empty caches: the cold generation rate."""
    clear_caches()
    clock = time.perf_counter
    start = clock()
    produced = sum(len(legal_actions(state)) for state in positions)
    elapsed = clock() - start
    return {"calls": len(positions), "seconds": elapsed,
            "calls_per_s": len(positions) / elapsed, "actions_per_s": produced / elapsed}


def show_playouts(label: str, result: dict) -> None:
    print(f"{label:<28} {result['rounds_per_s']:>9.0f} rounds/s {result['actions_per_s']:>10.0f} "
          f"actions/s   mean legal {result['mean_legal']:5.1f}   "
          f"({result['rounds']} rounds, {result['actions']} actions, longest "
          f"{result['longest_round']}, {result['seconds']:.1f} s wall, "
          f"{result['cpu_seconds']:.1f} s CPU: {result['rounds_per_cpu_s']:.0f} rounds/CPU-s)")


def show_generation(label: str, result: dict) -> None:
    print(f"{label:<28} {result['calls_per_s']:>9.0f} calls/s  {result['actions_per_s']:>10.0f} "
          f"actions listed/s   ({result['calls']} calls, {result['seconds']:.2f} s)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement")
    parser.add_argument("--seed", type=int, default=1, help="seed of the playouts")
    args = parser.parse_args(argv)

    print(f"jaipur_core engine benchmark: {platform.python_implementation()} "
          f"{platform.python_version()} on {platform.machine()}, seed {args.seed}, "
          f"{args.seconds:g} s per line")
    clear_caches()
    rng = random.Random(args.seed)
    show_playouts("playouts cold (apply_legal)", playouts(args.seconds, rng, apply_legal))
    show_playouts("playouts warm (apply_legal)", playouts(args.seconds, rng, apply_legal))
    show_playouts("playouts warm (apply)", playouts(args.seconds, rng, apply))

    positions = sample_positions(5000, random.Random(args.seed + 1))
    show_generation("legal_actions cold", first_pass(positions))
    show_generation("legal_actions warm", generation(args.seconds, positions))
    return 0


if __name__ == "__main__":
    sys.exit(main())
