"""Regenerate tests/data/perft.json (run from the repository root; not a test).

    python3 tests/make_perft_data.py

Only for adding positions: the pinned counts must never change for an engine
change alone. Every position's depth-1 list is checked by test_perft against
the brute-force reference generator.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jaipur_core import legal_actions, new_game, position_from_json, position_to_json  # noqa: E402
from tests.helpers import position  # noqa: E402
from tests.test_perft import perft  # noqa: E402

CASES = {
    "fresh-deal-seed-1": lambda: position_to_json(new_game(random.Random(1))),
    "rich-trades": lambda: position(market="diamond gold silver cloth spice",
                                    hands=("leather leather spice cloth diamond", "gold silver"),
                                    herds=(5, 1), seed=5),
    "rich-trades-pairs": lambda: position(market="gold gold cloth cloth leather",
                                          hands=("diamond silver spice spice leather", ""),
                                          herds=(4, 2), seed=6),
    "full-hand": lambda: position(market="camel camel gold leather spice",
                                  hands=("diamond diamond silver cloth cloth spice leather", "gold"),
                                  herds=(2, 0), seed=7),
    "empty-deck": lambda: position(market="camel gold silver cloth spice",
                                   hands=("leather leather leather", "diamond diamond"),
                                   deck=[], spare_camels_to=1),
    "max-trades": lambda: position(market="diamond gold silver cloth spice",
                                   hands=("leather leather leather leather", "gold"),
                                   herds=(6, 0), seed=9),
    "no-camels-no-herd": lambda: position(market="diamond diamond gold gold silver",
                                          hands=("cloth", "spice"), seed=8),
}


#: Deeper counts take seconds; the test suite must stay fast.
MAX_DEPTH = {"rich-trades": 3}


def main() -> None:
    out = {}
    for name, make in CASES.items():
        data = make()
        state = position_from_json(data)
        entry = {"position": data, "legal": [str(a) for a in legal_actions(state)], "perft": {}}
        for depth in range(1, MAX_DEPTH.get(name, 4) + 1):
            entry["perft"][str(depth)] = perft(state, depth)
        out[name] = entry
        print(name, entry["perft"])
    path = Path(__file__).parent / "data" / "perft.json"
    path.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
