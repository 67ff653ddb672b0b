#!/usr/bin/env python3
"""Pin what the search levels choose, so a speed-up can be checked move for move.

    python3 tests/make_ai_pinned_moves.py            # (re)write tests/data/ai_pinned_moves.json
    python3 tests/make_ai_pinned_moves.py --check    # compare every pinned position, all levels

The positions: 40 views from bench/ai_speed.py's generator (every 4th position
of seeded medium games, seed 1) plus 20 endgame views (deck <= 4: the search's
playouts then run to the round's end) from medium games of seed 2. For each
view and level (medium, hard-2026, hard, expert) with `random.Random(index)`,
the file records the action and, for hard and expert, every root action's
visit count and value total (the float's hex), so the check fails on any change
to the search, not only on a changed move. The file was written by the code
before the speed-up (commit noted in the file); tests/test_ai_pinned.py checks
medium, hard-2026 and hard on every view and expert on a subset.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from ai_speed import positions  # noqa: E402

from jaipur_core.ai import choose_action, start_search  # noqa: E402
from jaipur_core.ai.mcts import MctsSearch  # noqa: E402
from jaipur_core.rules import apply_legal  # noqa: E402
from jaipur_core.state import PLAY, new_game  # noqa: E402
from jaipur_core.view import view_from_json, view_of  # noqa: E402

DATA = ROOT / "tests" / "data" / "ai_pinned_moves.json"
LEVELS = ("medium", "hard-2026", "hard", "expert")
SEARCH_LEVELS = ("hard", "expert")


def endgame_views(count: int, seed: int):
    """Views with at most 4 cards in the deck and a choice to make, from medium games."""
    found, game = [], 0
    rng = random.Random(seed)
    while len(found) < count:
        state = new_game(random.Random(f"endgame/{seed}/{game}"))
        while state.phase == PLAY and len(found) < count:
            view = view_of(state, state.to_move)
            if view.deck_size <= 4 and len(view.legal_actions()) > 1:
                found.append(view)
            state = apply_legal(state, choose_action(view, "medium", rng))
        game += 1
    return found


def pinned_views():
    return positions(40, 1) + endgame_views(20, 2)


def decide(view, level: str, index: int) -> dict:
    search = start_search(view, level, random.Random(index))
    action = search.run()
    record = {"action": str(action)}
    if isinstance(search, MctsSearch):
        record["root"] = [[str(a), visits, float(node.total).hex()]
                          for (a, node), (_, visits, _) in zip(search.root.children.items(),
                                                                search.root_statistics(), strict=True)]
    return record


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the pinned file instead of writing it")
    args = parser.parse_args()
    if args.check:
        data = json.loads(DATA.read_text())
        mismatches = 0
        for index, entry in enumerate(data["positions"]):
            view = view_from_json(entry["view"])
            for level in LEVELS:
                got = decide(view, level, index)
                if got != entry[level]:
                    mismatches += 1
                    print(f"position {index} {level}: pinned {entry[level]['action']}, now {got['action']}"
                          f"{'' if got['action'] != entry[level]['action'] else ' (same move, other root statistics)'}")
        print(f"{len(data['positions'])} positions x {len(LEVELS)} levels: {mismatches} mismatches")
        return 1 if mismatches else 0
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    entries = []
    for index, view in enumerate(pinned_views()):
        entry = {"view": view.to_json()}
        for level in LEVELS:
            entry[level] = decide(view, level, index)
        entries.append(entry)
    head = {"generated_by": "python3 tests/make_ai_pinned_moves.py", "code_commit": commit,
            "rng": "random.Random(position index)"}
    # One position per line: a later diff shows which positions changed.
    DATA.write_text("{\n" + "".join(f" {json.dumps(key)}: {json.dumps(value)},\n" for key, value in head.items())
                    + ' "positions": [\n'
                    + ",\n".join(json.dumps(entry, separators=(",", ":")) for entry in entries) + "\n ]\n}\n")
    print(f"wrote {DATA} ({len(entries)} positions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
