#!/usr/bin/env python3
"""Learn the weights of the ISMCTS (`jaipur_core/ai/weights.py`) by self-play. Needs numpy (dev only).

    nice -n 19 python3 tools/train_ai.py --seed 1 --rounds 3000 --positions 300 --iterations 400 --jobs 2 --write

Two fits, both reproducible from --seed:

1. Value (`VALUE_WEIGHTS`): self-play rounds of the medium policy (each move
   replaced by a uniform-random progressing one with probability --explore, so
   the positions are varied), every position in play of every round recorded as
   its `state_features` from the mover's side, labelled 1 / 0 / 0.5 by who won
   that round. Logistic regression without a bias (the features are
   antisymmetric), fitted by Newton's method with a small L2 penalty.
2. Prior (`PRIOR_WEIGHTS`): on --positions positions of those rounds, the ISMCTS
   (with the value just learned and the fixed START_PRIOR below, never the prior
   in weights.py, so the fit depends on the seed alone) searches --iterations
   iterations; the prior is the softmax over the legal actions' `prior_features`
   fitted (cross-entropy) to the root visit shares — the search's own improved
   policy. --prior-rounds N repeats the fit with the prior just fitted: it does
   not settle, each round is sharper than the last (a search guided by a sharper
   prior spreads its visits less), so the shipped prior is one round's.

With --search-iterations N the value's rounds are played by the ISMCTS itself
(N iterations a move, the weights in weights.py; --jobs processes): one step of
policy iteration. Tried on 2026-11-29 (docs/journal/ai-strength.md): it made hard weaker against
uYu's bot, so the shipped weights come from the medium self-play.

Prints the fits and, with --write, rewrites weights.py.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from jaipur_core.ai.features import PRIOR_FEATURES, STATE_FEATURES, prior_features, state_features  # noqa: E402
from jaipur_core.ai.heuristic import progressing, ranked_actions  # noqa: E402
from jaipur_core.rules import apply_legal, legal_actions  # noqa: E402
from jaipur_core.state import PLAY, deal_round  # noqa: E402
from jaipur_core.view import view_of  # noqa: E402

WEIGHTS_FILE = ROOT / "jaipur_core" / "ai" / "weights.py"


def play_round(rng: random.Random, starter: int, explore: float, policy):
    """(positions in play, winning seat or None) of one self-play round.

    Each move is a uniform-random progressing action with probability `explore`
    (so the positions are varied), else `policy(state, rng)`.
    """
    state = deal_round(rng, 1, (0, 0), starter)
    positions = []
    while state.phase == PLAY:
        positions.append(state)
        if rng.random() < explore:
            action = rng.choice(progressing(legal_actions(state), len(state.deck)))
        else:
            action = policy(state, rng)
        state = apply_legal(state, action)
    return positions, state.round_result.seal


def medium_policy(state, rng):
    return ranked_actions(view_of(state, state.to_move))[0][1]


def search_play_round(job):
    """`play_round` with the ISMCTS as policy; `job` = (round number, run seed, explore, iterations).

    Each round has its own seed, so rounds can be played in any order and in
    several processes. The search uses the weights currently in `mcts`.
    """
    from jaipur_core.ai import mcts
    number, seed, explore, iterations = job

    def search_policy(state, rng):
        view = view_of(state, state.to_move)
        return mcts.MctsSearch(view, random.Random(rng.getrandbits(64)), iterations).run()
    return play_round(random.Random(f"train-ai/{seed}/{number}"), number % 2, explore, search_policy)


def search_play_rounds(rounds: int, explore: float, rng: random.Random, iterations: int, jobs: int):
    """Yield what `search_play_round` gives for rounds 0.., in order, played by `jobs` processes."""
    seed = rng.getrandbits(32)
    yield from _map(search_play_round, [(number, seed, explore, iterations) for number in range(rounds)], jobs)


def self_play_rounds(rounds: int, explore: float, rng: random.Random):
    """Yield what `play_round` gives for rounds of the medium policy, all from `rng`."""
    for number in range(rounds):
        yield play_round(rng, number % 2, explore, medium_policy)


#: The prior the first prior fit searches with: the heuristic's ranking alone.
START_PRIOR = (4.0, 0.0, 0.0, 0.0)


def _map(function, work, jobs: int):
    """Yield `function` of each item of `work`, in order, computed by `jobs` processes."""
    if jobs <= 1:
        yield from map(function, work)
        return
    from multiprocessing import Pool
    with Pool(jobs) as pool:
        yield from pool.imap(function, work, chunksize=4)


def prior_targets(job):
    """(prior features per action, root visit shares) of one searched position.

    `job` = (state, search seed, iterations, value weights, prior weights): the
    search runs with exactly those weights, whatever weights.py holds.
    """
    from jaipur_core.ai import mcts
    state, search_seed, iterations, value_weights, prior_weights = job
    view = view_of(state, state.to_move)
    ranked = ranked_actions(view)
    search = mcts.MctsSearch(view, random.Random(search_seed), iterations=iterations,
                             value_weights=value_weights, prior_weights=prior_weights)
    search.run()
    visits = {action: n for action, n, _ in search.root_statistics()}
    best = ranked[0][0]
    feats = np.array([prior_features(value - best, action) for value, action in ranked], dtype=float)
    target = np.array([visits[action] for _, action in ranked], dtype=float)
    return feats, target / target.sum()


def fit_logistic(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 30) -> np.ndarray:
    """Newton's method for logistic regression without a bias; y may be 0, 0.5 or 1."""
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        gradient = x.T @ (p - y) / len(y) + l2 * w
        hessian = (x.T * (p * (1 - p))) @ x / len(y) + l2 * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def log_loss(x, y, w) -> float:
    p = np.clip(1.0 / (1.0 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def fit_prior(groups, l2: float = 1e-3, steps: int = 400, rate: float = 0.5) -> np.ndarray:
    """Softmax weights minimizing cross-entropy to target distributions, by gradient descent.

    `groups`: (features per action [n x k], target shares [n]) per position.
    """
    w = np.zeros(len(PRIOR_FEATURES))
    for _ in range(steps):
        gradient = l2 * w
        for feats, target in groups:
            logits = feats @ w
            p = np.exp(logits - logits.max())
            p /= p.sum()
            gradient += feats.T @ (p - target) / len(groups)
        w -= rate * gradient
    return w


def cross_entropy(groups, w) -> float:
    total = 0.0
    for feats, target in groups:
        logits = feats @ w
        logits = logits - logits.max()
        logp = logits - np.log(np.exp(logits).sum())
        total -= float(target @ logp)
    return total / len(groups)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3000, help="self-play rounds for the value fit")
    parser.add_argument("--explore", type=float, default=0.1, help="share of uniform-random moves")
    parser.add_argument("--positions", type=int, default=400, help="searched positions for the prior fit")
    parser.add_argument("--iterations", type=int, default=400, help="ISMCTS iterations per searched position")
    parser.add_argument("--search-iterations", type=int, default=0,
                        help="self-play with the ISMCTS (current weights) at this many iterations instead of medium")
    parser.add_argument("--prior-rounds", type=int, default=1,
                        help="prior fits in a row, each searching with the prior fitted before")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the searches")
    parser.add_argument("--write", action="store_true", help="rewrite jaipur_core/ai/weights.py")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    started = time.process_time()
    wall_started = time.perf_counter()

    rows, labels, pool = [], [], []
    if args.search_iterations:
        played = search_play_rounds(args.rounds, args.explore, rng, args.search_iterations, args.jobs)
    else:
        played = self_play_rounds(args.rounds, args.explore, rng)
    for positions, seal in played:
        for state in positions:
            seat = state.to_move
            rows.append(state_features(state, seat))
            labels.append(0.5 if seal is None else float(seal == seat))
        pool.extend(rng.sample(positions, min(2, len(positions))))
    x, y = np.array(rows), np.array(labels)
    order = np.arange(len(y))
    np.random.default_rng(args.seed).shuffle(order)
    cut = len(y) * 4 // 5
    w_value = fit_logistic(x[order[:cut]], y[order[:cut]])
    print(f"value: {len(y)} positions from {args.rounds} rounds, "
          f"held-out log loss {log_loss(x[order[cut:]], y[order[cut:]], w_value):.4f} "
          f"(coin {np.log(2):.4f}), CPU {time.process_time() - started:.0f} s")
    w_value = fit_logistic(x, y)
    for name, weight in zip(STATE_FEATURES, w_value, strict=True):
        print(f"  {name:<16} {weight:+.4f}")

    # The prior: fit to the visit shares of the search using the value just learned,
    # --prior-rounds times, each search using the prior fitted before (the first
    # START_PRIOR), so the result depends on this script and the seed alone.
    value_weights = tuple(round(float(w), 4) for w in w_value)
    searched = []
    for state in rng.sample(pool, min(args.positions, len(pool))):
        search_seed = rng.getrandbits(64)
        view = view_of(state, state.to_move)
        if len(progressing(view.legal_actions(), view.deck_size)) >= 2:   # a choice to learn from
            searched.append((state, search_seed))
    prior_weights = START_PRIOR
    for prior_round in range(1, args.prior_rounds + 1):
        work = [(state, search_seed, args.iterations, value_weights, prior_weights) for state, search_seed in searched]
        groups = list(_map(prior_targets, work, args.jobs))
        w_prior = fit_prior(groups)
        print(f"prior round {prior_round}: {len(groups)} searched positions x {args.iterations} iterations "
              f"with prior {prior_weights}, cross-entropy {cross_entropy(groups, w_prior):.4f} "
              f"(that prior: {cross_entropy(groups, np.array(prior_weights, dtype=float)):.4f}), "
              f"{time.perf_counter() - wall_started:.0f} s wall")
        prior_weights = tuple(round(float(w), 4) for w in w_prior)
        for name, weight in zip(PRIOR_FEATURES, prior_weights, strict=True):
            print(f"  {name:<16} {weight:+.4f}")

    if args.write:
        WEIGHTS_FILE.write_text(
            '"""Learned weights of the ISMCTS (written by tools/train_ai.py; do not edit by hand).\n\n'
            f"    python3 tools/train_ai.py --seed {args.seed} --rounds {args.rounds} "
            f"--explore {args.explore} "
            + (f"--search-iterations {args.search_iterations} " if args.search_iterations else "")
            + f"--positions {args.positions} --iterations {args.iterations} "
            f"--prior-rounds {args.prior_rounds} --write\n"
            '"""\n\n'
            f"#: Logistic weights of features.STATE_FEATURES {STATE_FEATURES}.\n"
            f"VALUE_WEIGHTS = {value_weights}\n"
            f"#: Softmax weights of features.PRIOR_FEATURES {PRIOR_FEATURES}.\n"
            f"PRIOR_WEIGHTS = {prior_weights}\n")
        print(f"wrote {WEIGHTS_FILE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
