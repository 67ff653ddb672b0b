"""bench/predict_rounds.py: how well the search's evaluations predict rounds of recorded games."""

from __future__ import annotations

import random
from collections import Counter
from math import log

import pytest

from bench.predict_rounds import main, reshuffled, rollout, sampled_positions, scores
from jaipur_core import new_game
from jaipur_core.state import PLAY
from tests.helpers import spar_records


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    return spar_records(tmp_path_factory.mktemp("records") / "records.jsonl")


def test_positions_are_sampled_from_every_finished_round_with_the_winner(records):
    lines = records.read_text().splitlines()
    positions = sampled_positions(lines, 2, random.Random(1))
    assert len(positions) >= 2 * 2 * 2          # two games of at least two rounds, two positions each
    assert all(state.phase == PLAY and label in (0.0, 0.5, 1.0) for state, label in positions)
    assert {label for _, label in positions} >= {0.0, 1.0}


def test_a_reshuffle_keeps_everything_but_the_order_of_the_hidden_piles():
    state = new_game(random.Random(5))
    other = reshuffled(state, random.Random(2))
    assert Counter(other.deck) == Counter(state.deck) and other.deck != state.deck
    assert other.hands == state.hands and other.market == state.market and other.herds == state.herds
    assert [sorted(pile) for pile in other.bonus_piles] == [sorted(pile) for pile in state.bonus_piles]
    assert 0.0 <= rollout(state, 0, random.Random(3)) <= 1.0


def test_scores_reward_the_right_side():
    assert scores([0.9, 0.2], [1.0, 0.0]) == pytest.approx((-(log(0.9) + log(0.8)) / 2, (0.01 + 0.04) / 2, 1.0))
    assert scores([0.1, 0.8], [1.0, 0.0])[2] == 0.0


def test_prints_both_evaluations_by_deck_size(records, capsys):
    assert main(["--records", str(records), "--per-round", "2", "--rollouts", "2"]) == 0
    out = capsys.readouterr().out
    total = int(out.split(" positions")[0])
    for name in ("value", "rollouts"):
        lines = [line for line in out.splitlines() if line.startswith(name)]
        assert any(f"deck  0-40 n={total:>5}" in line for line in lines), out
        assert all("log loss" in line and "Brier" in line and "right side" in line for line in lines)


def test_bad_arguments_are_refused(records, tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--records", str(records), "--rollouts", "0"])
    assert stop.value.code == 2
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert main(["--records", str(empty)]) == 2
