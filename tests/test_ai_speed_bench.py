"""bench/ai_speed.py --records: the positions a level met in its own recorded games."""

from __future__ import annotations

import json

import pytest

from bench.ai_speed import recorded_positions
from jaipur_core.record import record_from_json
from jaipur_core.rules import apply_legal, legal_actions
from tests.helpers import spar_records


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    return spar_records(tmp_path_factory.mktemp("records") / "records.jsonl")


def test_the_positions_are_the_named_players_turns_with_a_choice(records):
    views = recorded_positions([records], "easy", 10_000, seed=1)
    games = [record_from_json(json.loads(line)) for line in records.read_text().splitlines()]
    turns = 0
    for record in games:
        seat = record.players.index("easy")
        turns += sum(1 for state, _ in replay_turns(record)
                     if state.to_move == seat and len(legal_actions(state)) > 1)
    assert len(views) == turns > 0
    assert all(len(view.legal_actions()) > 1 for view in views)
    assert {view.seat for view in views} == {0, 1}      # spar alternates our seat
    assert all(view.to_move == view.seat for view in views)
    # fewer asked: a seeded sample of them, the same for the same seed
    assert recorded_positions([records], "easy", 5, seed=2) == recorded_positions([records], "easy", 5, seed=2)
    assert len(recorded_positions([records], "easy", 5, seed=2)) == 5


def test_a_player_not_in_the_records_is_a_one_line_error(records):
    with pytest.raises(SystemExit, match="no position of a player named 'hard'"):
        recorded_positions([records], "hard", 10, seed=1)


def replay_turns(record):
    """(state before, action) for every action of every round of `record`."""
    for played in record.rounds:
        state = played.start
        for action in played.actions:
            yield state, action
            state = apply_legal(state, action)
