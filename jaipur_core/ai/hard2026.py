"""The 2026 hard AI, kept unchanged as `hard-2026`: a fixed baseline for `simulate`.

It samples the other hand from all unseen goods (`use_known=False`), as it did
before positions tracked the publicly known cards.

Determinized lookahead over the seat's information set.

The few best candidates by the medium evaluation are each tried on the same
`samples` determinizations of the view (`sample_state`: the other hand, the
deck order and the hidden bonus values dealt at random, consistent with all the
seat has seen). On each, the candidate is played, then REPLIES moves of the
medium policy (the other player's answer, ours, theirs — each side deciding
from *its* view of that sampled world), and the position reached is scored by
the mover's best one-ply value, turned into a chance to win the round (a round
that ended in the sample counts 1, 0 or 0.5). A candidate's score is its mean
chance over the samples; the highest is played. In tuning, the three-move
playout is what beats medium (one reply: ~65% of games; three: ~85%); the
win-chance scoring made no measurable difference but is the right objective.

The budget is a number of iterations — one iteration is one (sample,
candidate) pair — never wall time, so the choice depends only on the view and
the seed. `step(max_seconds)` runs iterations until a time slice is used up:
the browser calls it in short slices, and however it is sliced the result is
the one `run()` gives in one go.
"""

from __future__ import annotations

import random
from math import exp

from ..rules import apply_legal
from ..state import PLAY, GameState
from ..view import PlayerView, sample_state, view_of
from .anytime import AnytimeSearch
from .heuristic import WIN_VALUE, Context, ranked_actions

SAMPLES = 12
CANDIDATES = 6
#: Candidates further than this below the best one-ply value are not searched.
MARGIN = 12.0
#: Moves played by the medium policy after a candidate (the other player's
#: answer, then ours, ...) before the position is scored.
REPLIES = 3
#: The leaf values become chances to win the round: logistic in the margin,
#: spread SPREAD_BASE + SPREAD_PER_CARD * deck size rupees.
SPREAD_BASE = 4.0
SPREAD_PER_CARD = 0.25


def _outcome(state, seat: int) -> float:
    """Value for `seat` of a state whose round has been scored: 1 won, 0 lost, 0.5 drawn."""
    seal = state.round_result.seal
    if seal is None:
        return 0.5
    return 1.0 if seal == seat else 0.0


def win_chance(value: float, deck_size: int) -> float:
    """A heuristic value (expected score margin) as a chance to win the round.

    The margin still to be decided grows with the cards left in the deck.
    """
    if value >= WIN_VALUE:        # a round the evaluation saw end: won or lost
        return 1.0
    if value <= -WIN_VALUE:
        return 0.0
    spread = SPREAD_BASE + SPREAD_PER_CARD * deck_size
    return 1.0 / (1.0 + exp(-value / spread))


def _best_reply(state, seat: int):
    """The medium policy's action for `seat` (to move) in a full state, from its view."""
    ranked = ranked_actions(view_of(state, seat))
    return ranked[0][1]


def _leaf(state, seat: int) -> float:
    if state.phase != PLAY:
        return _outcome(state, seat)
    view = view_of(state, seat)
    if state.to_move == seat:
        return win_chance(ranked_actions(view, Context(view))[0][0], len(state.deck))
    value = ranked_actions(view_of(state, 1 - state.to_move))[0][0]
    return 1.0 - win_chance(value, len(state.deck))


class Hard2026Search(AnytimeSearch):
    """Anytime determinized search; deterministic for a given view and rng."""

    def __init__(self, view: PlayerView, rng: random.Random, samples: int = SAMPLES,
                 candidates: int = CANDIDATES, replies: int = REPLIES):
        self.view = view
        self.seat = view.seat
        self.replies = replies
        ranked = ranked_actions(view)
        best = ranked[0][0]
        self.candidates = [action for value, action in ranked[:candidates]
                           if value >= best - MARGIN]
        self.seeds = [rng.getrandbits(64) for _ in range(samples)]
        self.totals = [0.0] * len(self.candidates)
        self.iterations = len(self.seeds) * len(self.candidates) if len(self.candidates) > 1 else 0
        self.done_iterations = 0
        self._sample_index = -1
        self._sample: GameState | None = None

    def _iterate(self) -> None:
        index = self.done_iterations
        sample, candidate = divmod(index, len(self.candidates))
        if sample != self._sample_index:
            self._sample = sample_state(self.view, random.Random(self.seeds[sample]), use_known=False)
            self._sample_index = sample
        assert self._sample is not None  # dealt above for the first candidate of each sample
        state = apply_legal(self._sample, self.candidates[candidate])
        for _ in range(self.replies):
            if state.phase != PLAY:
                break
            state = apply_legal(state, _best_reply(state, state.to_move))
        self.totals[candidate] += _leaf(state, self.seat)
        self.done_iterations += 1

    def best_action(self):
        """The best candidate so far (the medium choice before any iteration)."""
        best_index = 0
        if self.done_iterations:
            counts = [0] * len(self.candidates)
            for index in range(self.done_iterations):
                counts[index % len(self.candidates)] += 1
            means = [total / count if count else float("-inf")
                     for total, count in zip(self.totals, counts)]
            best_index = max(range(len(means)), key=lambda i: (means[i], -i))
        return self.candidates[best_index]
