#!/usr/bin/env python3
"""How well do the search's evaluations predict who wins a round? Prints a table (not a test).

    python3 bench/predict_rounds.py --records games.jsonl [--per-round 3] [--rollouts 8] [--seed 7]

The positions are sampled (--per-round from each finished round) from game
records (`jaipur-game/1`, e.g. what `bench/spar.py --records` writes), labelled
by who won that round, and judged from the mover's side by

- `value`: the learned value the search scores its leaves with
  (`features.round_value` with `VALUE_WEIGHTS`; it reads both hands, as on a deal);
- `rollouts`: the mean outcome of --rollouts playouts to the round's end, the
  medium policy for both sides (each from its own view), the deck and bonus
  piles reshuffled first so that no future card is used (a playout that would
  exceed the round cap is scored by `value`).

For each, over all positions and by deck size: log loss, Brier score and how
often it puts the winner on the right side of one half. Against uYu's bot
(docs/journal/ai-strength.md, "A richer value") rollouts predicted the second half of a round better and the value
the first.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from math import log
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jaipur_core.ai.features import round_value  # noqa: E402
from jaipur_core.ai.heuristic import best_action  # noqa: E402
from jaipur_core.ai.weights import VALUE_WEIGHTS  # noqa: E402
from jaipur_core.limits import MAX_ACTIONS_PER_ROUND  # noqa: E402
from jaipur_core.record import record_from_json  # noqa: E402
from jaipur_core.rules import apply_legal  # noqa: E402
from jaipur_core.state import PLAY, GameState  # noqa: E402
from jaipur_core.view import view_of  # noqa: E402

DECK_BANDS = ((0, 40), (21, 40), (8, 20), (0, 7))
#: Probabilities are kept this far from 0 and 1 for the log loss.
CLIP = 1e-3


def sampled_positions(lines, per_round: int, rng: random.Random):
    """(state, 1 / 0 / 0.5 for the mover) for --per-round positions of each finished round."""
    found = []
    for line in lines:
        record = record_from_json(json.loads(line))
        for played in record.rounds:
            *positions, final = played.positions()
            if final.phase == PLAY:
                continue
            seal = final.round_result.seal
            for position in rng.sample(positions, min(per_round, len(positions))):
                found.append((position, 0.5 if seal is None else float(seal == position.to_move)))
    return found


def reshuffled(state: GameState, rng: random.Random) -> GameState:
    """`state` with its deck and bonus piles in a fresh random order (the hands and market kept)."""
    new = state.copy()
    deck = list(state.deck)
    rng.shuffle(deck)
    new.deck = tuple(deck)
    new.bonus_piles = tuple(tuple(rng.sample(list(pile), len(pile))) for pile in state.bonus_piles)
    return new


def rollout(state: GameState, seat: int, rng: random.Random) -> float:
    """`seat`'s result of one medium-vs-medium playout of a reshuffled `state` to the round's end."""
    state = reshuffled(state, rng)
    for _ in range(MAX_ACTIONS_PER_ROUND):
        if state.phase != PLAY:
            break
        state = apply_legal(state, best_action(view_of(state, state.to_move)))
    return round_value(state, seat, VALUE_WEIGHTS)


def scores(predictions, labels) -> tuple[float, float, float]:
    """(log loss, Brier score, share on the right side of one half) of predictions for labels."""
    loss = brier = right = 0.0
    for p, y in zip(predictions, labels, strict=True):
        q = min(1 - CLIP, max(CLIP, p))
        loss -= y * log(q) + (1 - y) * log(1 - q)
        brier += (p - y) ** 2
        right += (p > 0.5) == (y > 0.5)
    n = len(labels)
    return loss / n, brier / n, right / n


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", nargs="+", required=True, help="jaipur-game/1 records, one per line")
    parser.add_argument("--per-round", type=int, default=3, help="positions sampled from each round")
    parser.add_argument("--rollouts", type=int, default=8, help="playouts per position")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    if args.per_round < 1 or args.rollouts < 1:
        parser.error("--per-round and --rollouts must be at least 1")
    rng = random.Random(args.seed)
    lines = [line for path in args.records for line in Path(path).read_text().splitlines() if line.strip()]
    positions = sampled_positions(lines, args.per_round, rng)
    if not positions:
        print("no finished round in the records", file=sys.stderr)
        return 2
    started = time.process_time()
    labels, decks, judged = [], [], {"value": [], "rollouts": []}
    for state, label in positions:
        seat = state.to_move
        labels.append(label)
        decks.append(len(state.deck))
        judged["value"].append(round_value(state, seat, VALUE_WEIGHTS))
        outcomes = sum(rollout(state, seat, rng) for _ in range(args.rollouts))
        judged["rollouts"].append((outcomes + 0.5) / (args.rollouts + 1))   # one half-won prior playout
    print(f"{len(positions)} positions from {len(lines)} games, {args.rollouts} rollouts each, "
          f"CPU {time.process_time() - started:.1f} s")
    for name, predictions in judged.items():
        for low, high in DECK_BANDS:
            band = [i for i, deck in enumerate(decks) if low <= deck <= high]
            if not band:
                continue
            loss, brier, right = scores([predictions[i] for i in band], [labels[i] for i in band])
            print(f"{name:<9} deck {low:>2}-{high:<2} n={len(band):>5}  log loss {loss:.4f}  "
                  f"Brier {brier:.4f}  right side {right:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
