"""bench/calibration.py: the figures it prints (Brier score, deciles) and the logistic fit."""

from __future__ import annotations

import json
import math
import random

from bench.calibration import fit_platt, gap_intervals, main, pairs_of, reliability


def test_the_reliability_table_puts_each_chance_in_its_decile():
    pairs = [(0.05, 0.0), (0.15, 1.0), (0.95, 1.0), (0.99, 1.0), (1.0, 0.0), (0.5, 0.5)]
    brier, table = reliability(pairs)
    assert math.isclose(brier, sum((p - o) ** 2 for p, o in pairs) / 6)
    assert [(decile, count) for decile, count, _, _ in table] == [(0, 1), (1, 1), (5, 1), (9, 3)]
    nine = table[-1]
    assert math.isclose(nine[2], (0.95 + 0.99 + 1.0) / 3) and math.isclose(nine[3], 2 / 3)


def test_the_logistic_fit_finds_a_known_distortion():
    rng = random.Random(1)
    pairs = []
    for _ in range(4000):
        raw = rng.uniform(0.02, 0.98)
        true = 1 / (1 + math.exp(-(0.6 * math.log(raw / (1 - raw)) + 0.3)))
        pairs.append((raw, float(rng.random() < true)))
    a, b = fit_platt(pairs)
    assert abs(a - 0.6) < 0.1 and abs(b - 0.3) < 0.1
    slope, zero = fit_platt(pairs, intercept=False)
    assert zero == 0.0 and abs(slope - 0.6) < 0.15


def test_the_report_reads_progress_files(tmp_path, capsys):
    path = tmp_path / "cal.jsonl"
    rounds = [{"seed": 5, "round": n, "iterations": 10, "expert_seat": n % 2, "actions": 30,
               "outcome": float(n % 2), "predictions": [{"step": 0, "deck": 34, "chance": 0.3 + 0.4 * (n % 2)}],
               "cpu_seconds": 1.0} for n in range(6)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rounds))
    assert main(["--report", str(path), "--calibrated"]) == 0
    out = capsys.readouterr().out
    assert "6 positions from 6 rounds" in out and "Brier score 0.0900" in out
    assert len(pairs_of(rounds)) == 6


def _rounds(count: int, chance_of_winning, rng) -> list[dict]:
    """Rounds of 20 positions, each predicted at its round's chance; won with `chance_of_winning(chance)`."""
    rounds = []
    for n in range(count):
        chance = rng.choice([0.15, 0.45, 0.75])
        won = rng.random() < chance_of_winning(chance)
        rounds.append({"seed": 9, "round": n, "iterations": 10, "outcome": float(won),
                       "predictions": [{"step": 2 * k, "deck": 30, "chance": chance} for k in range(20)]})
    return rounds


def test_the_round_bootstrap_sees_a_miscalibration_only_where_the_rounds_can_show_it():
    rng = random.Random(3)
    honest = gap_intervals(_rounds(600, lambda chance: chance, rng))
    assert all(low < 7 and high > -7 and high - low < 20 for low, high in honest.values())
    skewed = gap_intervals(_rounds(600, lambda chance: chance - 0.15, rng))
    assert all(high < 0 for _, high in skewed.values())  # 15 points too hopeful, in every decile
    # Few rounds, however many positions each: the interval stays wide (a round is one outcome).
    few = gap_intervals(_rounds(30, lambda chance: chance, rng))
    assert max(high - low for low, high in few.values()) > 30
