"""simulate's tournament figures: points per round, round-ending moves, intervals, timing."""

from __future__ import annotations

import random

from jaipur_core.ai import choose_action
from jaipur_core.ai.simulate import percentile, play_game, simulate, wilson
from jaipur_core.rules import apply_legal
from jaipur_core.state import GAME_OVER, PLAY, new_game, next_round
from jaipur_core.view import view_of


def replay_by_hand(levels, seed, number):
    """The same game as play_game, recording each round's scores and who ended it."""
    deal_rng = random.Random(f"jaipur-sim/{seed}/{number}/deal")
    ai_rngs = [random.Random(f"jaipur-sim/{seed}/{number}/side{side}") for side in (0, 1)]
    state = new_game(deal_rng, first=number % 2)
    scores, enders = [], []
    while True:
        while state.phase == PLAY:
            mover = state.to_move
            state = apply_legal(state, choose_action(view_of(state, mover), levels[mover], ai_rngs[mover]))
        scores.append(state.round_result.scores)
        enders.append(mover)
        if state.phase == GAME_OVER:
            return state.winner, scores, enders
        state = next_round(state, deal_rng)


def test_play_game_records_round_points_and_who_ended_each_round():
    for number in range(3):
        outcome = play_game(("medium", "easy"), 5, number)
        winner, scores, enders = replay_by_hand(("medium", "easy"), 5, number)
        assert outcome.winner == winner
        assert outcome.points == ([a for a, _ in scores], [b for _, b in scores])
        assert outcome.round_enders == (enders.count(0), enders.count(1))
        assert sum(outcome.round_enders) == outcome.rounds == len(outcome.turns)


def test_summary_reports_points_round_enders_and_timing():
    summary = simulate("medium", "random", 4, seed=2)
    data = summary.to_json()
    outcomes = summary.outcomes
    for side, figures in enumerate(data["sides"]):
        points = [p for outcome in outcomes for p in outcome.points[side]]
        assert figures["points_per_round"] == round(sum(points) / len(points), 2)
        assert figures["rounds_ended"] == sum(outcome.round_enders[side] for outcome in outcomes)
        assert figures["ms_per_move_median"] <= figures["ms_per_move_p95"]
    assert sum(side["rounds_ended"] for side in data["sides"]) == sum(o.rounds for o in outcomes)
    text = summary.to_text()
    assert "points/round" in text and "rounds ended" in text and "95% CI" in text


def test_simulate_accepts_the_hard_2026_baseline():
    data = simulate("hard-2026", "easy", 1, seed=3).to_json()
    assert data["sides"][0]["level"] == "hard-2026" and data["round_cap_hits"] == 0


def test_wilson_interval_and_percentile():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(90, 100)
    assert 0.82 < low < 0.83 and 0.94 < high < 0.95
    assert percentile([5, 1, 3, 2, 4], 0.5) == 3 and percentile([5, 1, 3, 2, 4], 0.95) == 5
