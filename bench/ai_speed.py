#!/usr/bin/env python3
"""Time per move of the AI levels in CPython, on positions from seeded medium games.

    nice -n 19 python3 bench/ai_speed.py --levels hard expert hard-2026 --positions 60 --seed 1

Prints, per level, the median / p95 / max of wall time and of process CPU time per
move (CPU time is what the level costs; wall time also counts other programs on a
shared machine). Not a test: it prints figures. Targets: hard <= 150 ms median,
expert <= 1.5 s median.

    nice -n 19 python3 bench/ai_speed.py --levels hard expert --positions 40 --seed 1 --against 60cdb07

With --against REV the engine of git revision REV is loaded beside this one
(as a package of another name) and both decide every position, alternating
which goes first, in one process: CPU time per move of each, their ratio, and
whether every move is the same.

    python3 bench/ai_speed.py --levels hard --positions 240 --records r.jsonl --player hard --against 5693f60

With --records the positions are instead drawn (seeded) from recorded games
(`jaipur-game/1`, one per line, e.g. `bench/spar.py --records`): the views of
the seat whose player is named --player, i.e. the positions a level meets in
its own games, where its cost can differ from medium games' positions.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jaipur_core.ai import ALL_LEVELS, choose_action  # noqa: E402
from jaipur_core.ai.simulate import percentile  # noqa: E402
from jaipur_core.record import record_from_json  # noqa: E402
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


def recorded_positions(paths, player: str, count: int, seed: int):
    """`count` views (seeded sample) of the seat named `player` to move, with a choice, in recorded games."""
    found = []
    for path in paths:
        for line in Path(path).read_text().splitlines():
            if not line.strip():
                continue
            record = record_from_json(json.loads(line))
            if player not in record.players:
                continue
            seat = record.players.index(player)
            for played in record.rounds:
                for state in played.positions()[:-1]:
                    if state.to_move == seat:
                        view = view_of(state, seat)
                        if len(view.legal_actions()) > 1:
                            found.append(view)
    if not found:
        raise SystemExit(f"no position of a player named {player!r} in {', '.join(map(str, paths))}")
    return random.Random(seed).sample(found, min(count, len(found)))


def load_revision(revision: str):
    """The `jaipur_core` package of git revision `revision`, imported as `jaipur_core_<revision>`."""
    root = Path(__file__).resolve().parent.parent
    name = "jaipur_core_" + "".join(c if c.isalnum() else "_" for c in revision)
    target = Path(tempfile.mkdtemp(prefix="ai_speed_"))
    archive = subprocess.run(["git", "archive", "--format=tar", revision, "jaipur_core"], cwd=root,
                             capture_output=True, check=True).stdout
    with tempfile.TemporaryFile() as handle:
        handle.write(archive)
        handle.seek(0)
        with tarfile.open(fileobj=handle) as tar:
            tar.extractall(target, filter="data")
    (target / "jaipur_core").rename(target / name)
    sys.path.insert(0, str(target))
    return importlib.import_module(name + ".ai"), importlib.import_module(name + ".view")


def cpu_seconds(choose, view, level, seed):
    start = time.process_time()
    action = choose(view, level, random.Random(seed))
    return time.process_time() - start, str(action)


def compare(views, levels, revision: str) -> int:
    """Interleaved CPU time of this code and of `revision` on the same views; 1 if a move differs."""
    base_ai, base_view = load_revision(revision)
    base_views = [base_view.view_from_json(view.to_json()) for view in views]
    differences = 0
    for level in levels:
        new_times, base_times = [], []
        for index, (view, old_view) in enumerate(zip(views, base_views, strict=True)):
            runs = [("new", choose_action, view), ("base", base_ai.choose_action, old_view)]
            if index % 2:
                runs.reverse()
            moves = {}
            for which, choose, position in runs:
                seconds, moves[which] = cpu_seconds(choose, position, level, index)
                (new_times if which == "new" else base_times).append(seconds)
            if moves["new"] != moves["base"]:
                differences += 1
                print(f"  position {index} {level}: {revision} plays {moves['base']}, this code {moves['new']}")
        ratios = sorted(n / b for n, b in zip(new_times, base_times, strict=True) if b > 0)
        print(f"{level:<10} CPU ms median {revision} {1000 * percentile(base_times, 0.5):7.1f} -> this code "
              f"{1000 * percentile(new_times, 0.5):7.1f} | total {sum(base_times):6.2f} s -> {sum(new_times):6.2f} s, "
              f"ratio {sum(new_times) / sum(base_times):.3f} (median per position {percentile(ratios, 0.5):.3f})")
    print(f"moves that differ: {differences} of {len(views) * len(levels)}")
    return 1 if differences else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", nargs="+", default=["hard", "expert"], choices=ALL_LEVELS)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", metavar="REV", help="compare with the engine of this git revision")
    parser.add_argument("--records", nargs="+", metavar="FILE", help="draw the positions from these game records")
    parser.add_argument("--player", help="with --records: the player (as named in the records) whose positions")
    args = parser.parse_args()
    if args.records:
        if not args.player:
            parser.error("--records needs --player")
        views = recorded_positions(args.records, args.player, args.positions, args.seed)
        source = f"{args.player}'s turns in {len(args.records)} record file(s)"
    else:
        views = positions(args.positions, args.seed)
        source = "medium games"
    print(f"{len(views)} positions from {source} (seed {args.seed}), CPython {sys.version.split()[0]}")
    if args.against:
        return compare(views, args.levels, args.against)
    for level in args.levels:
        walls, cpus = [], []
        for index, view in enumerate(views):
            wall, cpu = time.perf_counter(), time.process_time()
            choose_action(view, level, random.Random(index))
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
        print(f"{level:<10} wall ms median {1000 * percentile(walls, 0.5):7.1f} "
              f"p95 {1000 * percentile(walls, 0.95):7.1f} "
              f"max {1000 * max(walls):7.1f} | CPU ms median {1000 * percentile(cpus, 0.5):7.1f} "
              f"p95 {1000 * percentile(cpus, 0.95):7.1f} max {1000 * max(cpus):7.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
