"""The search levels choose exactly what the code before the speed-up chose.

tests/data/ai_pinned_moves.json was written by `python3 tests/make_ai_pinned_moves.py`
from the code named in its `code_commit` (60 views: 40 of bench/ai_speed.py's
positions and 20 endgame views). For hard and expert it also holds each root
action's visits and value total, so any change to the search's arithmetic or
random draws shows here, not only a changed move. Expert is checked on every
fifth view to keep the suite short; `make_ai_pinned_moves.py --check` checks all.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jaipur_core.view import view_from_json

from .make_ai_pinned_moves import decide

DATA = json.loads((Path(__file__).parent / "data" / "ai_pinned_moves.json").read_text())
POSITIONS = DATA["positions"]
CASES = [(index, level) for index in range(len(POSITIONS)) for level in ("medium", "hard-2026", "hard")]
CASES += [(index, "expert") for index in range(0, len(POSITIONS), 5)]


def test_the_pinned_set_covers_openings_middles_and_endgames():
    decks = [entry["view"]["deck_size"] for entry in POSITIONS]
    assert len(POSITIONS) == 60
    assert max(decks) == 40 and sum(deck <= 3 for deck in decks) >= 15
    assert all(len(entry["hard"]["root"]) > 1 for entry in POSITIONS)


@pytest.mark.parametrize("index,level", CASES)
def test_the_level_chooses_the_pinned_move_with_the_pinned_root_statistics(index, level):
    entry = POSITIONS[index]
    assert decide(view_from_json(entry["view"]), level, index) == entry[level]
