"""The same seed gives the same game under Pyodide as in CPython (RULES.md's
seeded-randomness promise), and the AI picks the same moves there."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.e2e

# Deals with a seed, plays 60 seeded random moves (through next rounds), and asks
# each AI level for a move from the final view. Runs unchanged in both Pythons.
PROGRAM = """
import json, random
from jaipur_core import PLAY, ROUND_OVER, apply, legal_actions, new_game, next_round, position_to_json, view_of
from jaipur_core.ai import choose_action

def parity_run(seed):
    rng = random.Random(seed)
    state = new_game(random.Random(seed))
    played = []
    for _ in range(60):
        if state.phase == ROUND_OVER:
            state = next_round(state, rng)
        if state.phase != PLAY:
            break
        actions = legal_actions(state)
        action = actions[rng.randrange(len(actions))]
        played.append(str(action))
        state = apply(state, action)
    if state.phase == ROUND_OVER:
        state = next_round(state, rng)
    view = view_of(state, state.to_move)
    picks = {level: str(choose_action(view, level, random.Random(seed)))
             for level in ("easy", "medium", "hard")}
    return json.dumps({"played": played, "position": position_to_json(state), "picks": picks},
                      sort_keys=True)
"""


@pytest.mark.parametrize("seed", [1, 2024])
def test_a_seeded_game_and_the_ai_agree_between_cpython_and_pyodide(booted_page, boot_path, seed):
    namespace: dict = {}
    exec(PROGRAM, namespace)
    expected = json.loads(namespace["parity_run"](seed))

    page = booted_page("./?debug")  # the runtime handle exists only with ?debug; one boot for both seeds
    assert page.evaluate("globalThis.jaipur.boot") == boot_path
    page.evaluate("(program) => globalThis.jaipur.pyodide.runPython(program)", PROGRAM)
    in_browser = json.loads(page.evaluate(
        f"() => globalThis.jaipur.pyodide.runPython('parity_run({seed})')"))

    assert in_browser["played"] == expected["played"]
    assert in_browser["position"] == expected["position"]
    assert in_browser["picks"] == expected["picks"]
    assert len(expected["played"]) == 60
