"""AI against AI: whole games (best of three), seeded, with statistics.

Side A (`ai`) always sits in seat 0 and side B (`vs`) in seat 1; the first
round's starter alternates from game to game so neither side always starts
(later rounds follow the rules: the loser starts). Each game's deal and each
side's AI get their own RNG derived from the seed and the game number, so a
game's result does not depend on how games are spread over processes.

A round that reaches `round_cap` actions is abandoned and counted as a fault
(the game then has no winner); so is an AI that returns an illegal action.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from ..rules import apply_legal, legal_actions
from ..state import GAME_OVER, PLAY, new_game, next_round
from ..view import view_of
from . import choose_action

ROUND_CAP = 400


@dataclass
class GameOutcome:
    winner: int | None              # side 0 (ai) or 1 (vs); None after a fault
    rounds: int
    turns: list[int]                # actions per round played to its end
    times: tuple[list[float], list[float]]   # seconds per move, per side
    faults: tuple[int, int] = (0, 0)         # per side: illegal actions; caps count for both
    cap_hits: int = 0
    points: tuple[list[int], list[int]] = ([], [])  # per side: score of each round played to its end
    round_enders: tuple[int, int] = (0, 0)   # per side: rounds ended by its move


def play_game(levels: tuple[str, str], seed, number: int, round_cap: int = ROUND_CAP) -> GameOutcome:
    deal_rng = random.Random(f"jaipur-sim/{seed}/{number}/deal")
    ai_rngs = [random.Random(f"jaipur-sim/{seed}/{number}/side{side}") for side in (0, 1)]
    state = new_game(deal_rng, first=number % 2)
    times: tuple[list[float], list[float]] = ([], [])
    points: tuple[list[int], list[int]] = ([], [])
    enders = [0, 0]
    turns: list[int] = []
    rounds, faults, cap_hits = 0, [0, 0], 0

    def outcome(winner):
        return GameOutcome(winner, rounds, turns, times, (faults[0], faults[1]), cap_hits, points,
                           (enders[0], enders[1]))

    while True:
        rounds += 1
        actions = 0
        while state.phase == PLAY:
            if actions >= round_cap:
                cap_hits += 1
                return outcome(None)
            mover = state.to_move
            view = view_of(state, mover)
            start = time.perf_counter()
            action = choose_action(view, levels[mover], ai_rngs[mover])
            times[mover].append(time.perf_counter() - start)
            if action not in legal_actions(state):
                faults[mover] += 1
                return outcome(None)
            state = apply_legal(state, action)
            actions += 1
        turns.append(actions)
        enders[mover] += 1
        result = state.round_result
        assert result is not None  # the round is over: it is scored
        for side in (0, 1):
            points[side].append(result.scores[side])
        if state.phase == GAME_OVER:
            return outcome(state.winner)
        state = next_round(state, deal_rng)


def _play(job):
    return play_game(*job)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score 95% interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values, fraction: float) -> float:
    """Nearest-rank percentile of `values` (0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


@dataclass
class Summary:
    levels: tuple[str, str]
    games: int
    seed: object
    outcomes: list[GameOutcome] = field(default_factory=list)

    def to_json(self) -> dict:
        outcomes = self.outcomes
        turns = [n for outcome in outcomes for n in outcome.turns]
        rounds = [outcome.rounds for outcome in outcomes]
        cap_hits = sum(outcome.cap_hits for outcome in outcomes)
        sides = []
        for side in (0, 1):
            wins = sum(outcome.winner == side for outcome in outcomes)
            low, high = wilson(wins, len(outcomes))
            times = [t for outcome in outcomes for t in outcome.times[side]]
            points = [p for outcome in outcomes for p in outcome.points[side]]
            sides.append({
                "side": "ai" if side == 0 else "vs",
                "level": self.levels[side],
                "wins": wins,
                "win_rate": round(wins / len(outcomes), 4) if outcomes else 0.0,
                "win_rate_95ci": [round(low, 4), round(high, 4)],
                "moves": len(times),
                "ms_per_move_median": round(1000 * percentile(times, 0.5), 2),
                "ms_per_move_p95": round(1000 * percentile(times, 0.95), 2),
                "points_per_round": round(sum(points) / len(points), 2) if points else 0.0,
                "rounds_ended": sum(outcome.round_enders[side] for outcome in outcomes),
                "faults": cap_hits + sum(outcome.faults[side] for outcome in outcomes),
            })
        return {
            "games": len(outcomes), "seed": self.seed,
            "unfinished_games": sum(outcome.winner is None for outcome in outcomes),
            "round_cap_hits": cap_hits,
            "rounds_per_game": round(sum(rounds) / len(rounds), 3) if rounds else 0.0,
            "turns_per_round": round(sum(turns) / len(turns), 2) if turns else 0.0,
            "sides": sides,
        }

    def to_text(self) -> str:
        data = self.to_json()
        lines = [f"games {data['games']} (seed {data['seed']}): "
                 f"rounds per game {data['rounds_per_game']}, turns per round {data['turns_per_round']}, "
                 f"round cap hits {data['round_cap_hits']}"]
        for side in data["sides"]:
            low, high = side["win_rate_95ci"]
            lines.append(
                f"{side['side']:>2} {side['level']:<9} wins {side['wins']:>4}  "
                f"win rate {100 * side['win_rate']:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%)  "
                f"points/round {side['points_per_round']:.1f}  rounds ended {side['rounds_ended']}  "
                f"ms/move median {side['ms_per_move_median']:.2f} p95 {side['ms_per_move_p95']:.2f}  "
                f"faults {side['faults']}")
        return "\n".join(lines)


def simulate(ai: str, vs: str, games: int, seed=0, jobs: int = 1,
             round_cap: int = ROUND_CAP) -> Summary:
    jobs_list = [((ai, vs), seed, number, round_cap) for number in range(games)]
    summary = Summary((ai, vs), games, seed)
    if jobs > 1 and games > 1:
        import multiprocessing
        # spawn, not fork: a fork of a process with threads (a test runner's, a server's)
        # can copy a lock another thread holds, and the child then waits for ever.
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            summary.outcomes = list(pool.imap(_play, jobs_list, chunksize=1))
    else:
        summary.outcomes = [_play(job) for job in jobs_list]
    return summary
