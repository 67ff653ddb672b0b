#!/usr/bin/env python3
"""Calibration: do the search's round-win chances mean what they say?

    nice -n 19 python3 bench/calibration.py --positions 2000 --seed 2026 --progress cal.jsonl [--jobs 2]
    python3 bench/calibration.py --report cal.jsonl [more.jsonl ...] [--calibrated]
    python3 bench/calibration.py --fit fit.jsonl        # a calibration fitted on other seeds

Plays single rounds of expert against hard. At every expert move it records the
chance the analysis reports for the move expert plays (the mean value of that
root move of expert's own search, `analysis.chances_of`: exactly what
`jaipur_core.ai.analysis` reports as the best move's raw chance at expert's 1500
iterations), and at the round's end the outcome for expert's seat (1 won, 0
lost, 0.5 drawn). It then prints the Brier score (mean squared error of the
chance against the outcome; a constant guess of the observed win rate scores
p(1-p)) and a reliability table by deciles of the prediction: count, mean
prediction, observed win rate and their gap (the issue's target: every decile
within 7 points).

Round n: dealt from `random.Random(f"jaipur-calibration/{seed}/{n}")`, expert in
seat n % 2, the first mover (n // 2) % 2; each AI draws from its own rng derived
from the seed and n, so a round is reproducible on its own and --jobs does not
change the figures. Rounds are played until --positions predictions are
recorded. Each finished round is appended to --progress as one JSON line (a rerun
with the same file plays only the rounds not in it). --report prints the figures
of progress files; with --calibrated it also prints them for the calibrated
chances (`analysis.calibrate`). --fit fits a logistic (Platt) calibration to
progress files of other seeds and prints it, with an intercept and without
(symmetric: sigmoid(a * logit(p)), so the two seats' chances still add to one).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jaipur_core.ai import SEARCH_ITERATIONS, choose_action  # noqa: E402
from jaipur_core.ai.analysis import calibrate, chances_of  # noqa: E402
from jaipur_core.ai.mcts import MctsSearch  # noqa: E402
from jaipur_core.rules import apply_legal  # noqa: E402
from jaipur_core.state import PLAY, new_game  # noqa: E402
from jaipur_core.view import view_of  # noqa: E402

ROUND_CAP = 400


def play_round(seed, number: int, iterations: int) -> dict:
    """One round of expert (seat number % 2) against hard; expert's chance at each of its moves."""
    expert_seat = number % 2
    deal_rng = random.Random(f"jaipur-calibration/{seed}/{number}")
    state = new_game(deal_rng, first=(number // 2) % 2)
    rngs = {expert_seat: random.Random(f"jaipur-calibration/{seed}/{number}/expert"),
            1 - expert_seat: random.Random(f"jaipur-calibration/{seed}/{number}/hard")}
    predictions: list[dict] = []
    started = time.process_time()
    actions = 0
    while state.phase == PLAY and actions < ROUND_CAP:
        mover = state.to_move
        view = view_of(state, mover)
        if mover == expert_seat:
            search = MctsSearch(view, rngs[mover], iterations=iterations)
            action = search.run()
            chance = chances_of(search).get(action)
            if chance is not None:        # None: a forced move, not searched
                predictions.append({"step": actions, "deck": view.deck_size, "chance": round(chance, 5)})
        else:
            action = choose_action(view, "hard", rngs[mover])
        state = apply_legal(state, action)
        actions += 1
    result = state.round_result
    seal = result.seal if result is not None else None
    outcome = 0.5 if seal is None else float(seal == expert_seat)
    return {"seed": seed, "round": number, "iterations": iterations, "expert_seat": expert_seat,
            "actions": actions, "outcome": outcome, "predictions": predictions,
            "cpu_seconds": round(time.process_time() - started, 2)}


def _play_job(job) -> dict | None:
    seed, number, iterations, deadline = job
    if deadline is not None and time.monotonic() > deadline:
        return None
    return play_round(seed, number, iterations)


def read_progress(paths) -> list[dict]:
    rounds: dict[tuple, dict] = {}
    for path in paths:
        for line in Path(path).read_text().splitlines():
            if line.strip():
                data = json.loads(line)
                rounds[(data["seed"], data["round"], data["iterations"])] = data
    return [rounds[key] for key in sorted(rounds, key=str)]


def pairs_of(rounds, calibrated: bool = False) -> list[tuple[float, float]]:
    return [(calibrate(p["chance"]) if calibrated else p["chance"], r["outcome"])
            for r in rounds for p in r["predictions"]]


def reliability(pairs) -> tuple[float, list[tuple[int, int, float, float]]]:
    """Brier score and, per decile of the prediction, (decile, count, mean prediction, observed)."""
    brier = sum((p - o) ** 2 for p, o in pairs) / len(pairs)
    table = []
    for decile in range(10):
        inside = [(p, o) for p, o in pairs if min(9, int(p * 10)) == decile]
        if inside:
            table.append((decile, len(inside), sum(p for p, _ in inside) / len(inside),
                          sum(o for _, o in inside) / len(inside)))
    return brier, table


def gap_intervals(rounds, calibrated: bool = False, draws: int = 1000) -> dict[int, tuple[float, float]]:
    """Per decile, the 95% interval of its gap (observed - mean prediction, in points) over
    `draws` resamples of whole rounds (a round bootstrap): the positions of one round share
    its outcome, so a round, not a position, is the unit of evidence."""
    rng = random.Random("jaipur-calibration/bootstrap")
    per_round = [[(min(9, int(c * 10)), c, r["outcome"])
                  for c in ((calibrate(p["chance"]) if calibrated else p["chance"]) for p in r["predictions"])]
                 for r in rounds]
    gaps: dict[int, list[float]] = {decile: [] for decile in range(10)}
    for _ in range(draws):
        sums = [[0, 0.0, 0.0] for _ in range(10)]  # count, predictions, outcomes
        for _ in range(len(per_round)):
            for decile, chance, outcome in per_round[rng.randrange(len(per_round))]:
                cell = sums[decile]
                cell[0] += 1
                cell[1] += chance
                cell[2] += outcome
        for decile, (count, predicted, observed) in enumerate(sums):
            if count:
                gaps[decile].append(100 * (observed - predicted) / count)
    intervals = {}
    for decile, values in gaps.items():
        if len(values) >= draws // 2:
            values.sort()
            intervals[decile] = (values[int(0.025 * len(values))], values[int(0.975 * len(values)) - 1])
    return intervals


def report_text(rounds, calibrated: bool = False) -> str:
    pairs = pairs_of(rounds, calibrated)
    if not pairs:
        return "no predictions"
    brier, table = reliability(pairs)
    base = sum(o for _, o in pairs) / len(pairs)
    seeds = sorted({str(r["seed"]) for r in rounds})
    lines = [f"{'calibrated' if calibrated else 'raw'} chances: {len(pairs)} positions from {len(rounds)} rounds "
             f"(seeds {', '.join(seeds)}), expert won {sum(r['outcome'] for r in rounds):g} of them",
             f"Brier score {brier:.4f} (always {base:.3f}: {base * (1 - base):.4f})",
             "decile     count  rounds  mean chance  observed  gap (points)  95% interval (round bootstrap)"]
    # Positions of one round share its outcome: the rounds behind a decile say how much
    # evidence its observed rate holds.
    behind: dict[int, set] = {}
    for r in rounds:
        for p in r["predictions"]:
            chance = calibrate(p["chance"]) if calibrated else p["chance"]
            behind.setdefault(min(9, int(chance * 10)), set()).add((r["seed"], r["round"]))
    intervals = gap_intervals(rounds, calibrated)
    worst = 0.0
    consistent = 0
    for decile, count, mean, observed in table:
        gap = 100 * (observed - mean)
        worst = max(worst, abs(gap))
        low, high = intervals.get(decile, (float("-inf"), float("inf")))
        consistent += low <= 7 and high >= -7
        lines.append(f"{decile / 10:.1f}-{(decile + 1) / 10:.1f}  {count:>7}  {len(behind[decile]):>6}  "
                     f"{mean:>11.3f}  {observed:>8.3f}  {gap:>+12.1f}  {low:>+6.1f} .. {high:>+5.1f}")
    widest = max((high - low for low, high in intervals.values()), default=0.0)
    lines.append(f"largest gap {worst:.1f} points (target: every decile within 7)")
    lines.append(f"deciles whose 95% interval reaches within 7 points: {consistent} of {len(table)}; "
                 f"the widest interval spans {widest:.0f} points (what these rounds can tell apart)")
    return "\n".join(lines)


def fit_platt(pairs, steps: int = 50, intercept: bool = True) -> tuple[float, float]:
    """(a, b) of calibrated = sigmoid(a * logit(p) + b), by Newton's method on the log loss;
    without `intercept`, b = 0 (symmetric: the two seats' chances still add up to one)."""
    xs = [math.log(max(1e-4, min(1 - 1e-4, p)) / (1 - max(1e-4, min(1 - 1e-4, p)))) for p, _ in pairs]
    ys = [o for _, o in pairs]
    a, b = 1.0, 0.0
    for _ in range(steps):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in zip(xs, ys, strict=True):
            q = 1 / (1 + math.exp(-(a * x + b)))
            ga += (q - y) * x
            gb += q - y
            w = q * (1 - q)
            haa += w * x * x
            hab += w * x
            hbb += w
        if not intercept:
            if haa <= 0:
                break
            da, db = ga / haa, 0.0
        else:
            det = haa * hbb - hab * hab
            if det <= 0:
                break
            da = (hbb * ga - hab * gb) / det
            db = (haa * gb - hab * ga) / det
        a, b = a - da, b - db
        if abs(da) < 1e-9 and abs(db) < 1e-9:
            break
    return a, b


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000, help="expert moves to record (default 2,000)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--first", type=int, default=0, help="number of the first round")
    parser.add_argument("--iterations", type=int, default=SEARCH_ITERATIONS["expert"])
    parser.add_argument("--jobs", type=int, default=1, help="rounds played at once (worker processes)")
    parser.add_argument("--minutes", type=float, default=None, help="stop starting rounds after this long")
    parser.add_argument("--progress", help="append each finished round here (JSON lines)")
    parser.add_argument("--report", nargs="+", metavar="PROGRESS", help="only print the figures of progress files")
    parser.add_argument("--calibrated", action="store_true", help="with --report: also for calibrated chances")
    parser.add_argument("--fit", nargs="+", metavar="PROGRESS", help="fit a logistic calibration to progress files")
    args = parser.parse_args(argv)
    if args.report:
        rounds = read_progress(args.report)
        print(report_text(rounds))
        if args.calibrated:
            print(report_text(rounds, calibrated=True))
        return 0
    if args.fit:
        rounds = read_progress(args.fit)
        pairs = pairs_of(rounds)
        a, b = fit_platt(pairs)
        print(f"fitted on {len(pairs)} positions of {len(rounds)} rounds: "
              f"CALIBRATION = ({a:.4f}, {b:.4f}) with an intercept, "
              f"({fit_platt(pairs, intercept=False)[0]:.4f}, 0.0) symmetric")
        return 0
    done = [r for r in read_progress([args.progress]) if r["seed"] == args.seed
            and r["iterations"] == args.iterations] if args.progress and Path(args.progress).exists() else []
    done_numbers = {r["round"] for r in done}
    positions = sum(len(r["predictions"]) for r in done)
    deadline = None if args.minutes is None else time.monotonic() + 60 * args.minutes

    # A round gives about 18 expert moves: enough rounds for --positions, bounded (the pool
    # reads its whole list of jobs); the run stops once --positions are recorded.
    numbers = range(args.first, args.first + args.positions // 6 + 10)
    jobs = [(args.seed, number, args.iterations, deadline) for number in numbers if number not in done_numbers]

    rounds = list(done)
    if args.jobs > 1:
        import multiprocessing
        # spawn, not fork (as bench/spar.py): a fork of a threaded process can copy a held lock.
        pool = multiprocessing.get_context("spawn").Pool(args.jobs)
        results = pool.imap_unordered(_play_job, jobs, chunksize=1)
    else:
        pool, results = None, map(_play_job, jobs)
    try:
        for data in results:
            if data is None or positions >= args.positions:
                break
            rounds.append(data)
            positions += len(data["predictions"])
            if args.progress:
                with open(args.progress, "a") as out:
                    out.write(json.dumps(data, separators=(",", ":")) + "\n")
            print(f"round {data['round']}: {len(data['predictions'])} positions, outcome {data['outcome']:g}, "
                  f"{data['cpu_seconds']} s CPU -> {positions} positions", flush=True)
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    print(report_text(rounds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
