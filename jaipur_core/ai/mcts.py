"""Information-set MCTS with PUCT: the search behind `hard` and `expert`.

One tree for the seat's information set (single-observer ISMCTS): each
iteration deals a fresh determinization of the view (`sample_state`: the other
hand holds its publicly known cards plus unseen goods at random, the deck is
shuffled), then walks the tree along the actions legal *in that deal*, choosing
by PUCT — mean value plus a bonus for the learned prior that shrinks with visits
— until it reaches a node not yet expanded. There it expands the node (priors
from the heuristic values of the mover's own view, reshaped by the learned
`PRIOR_WEIGHTS`), plays a short greedy playout and scores the result with the
learned chance of winning the round (`VALUE_WEIGHTS`); a round that ends in the
playout counts exactly (1, 0, or 0.5), and so does a position where the player
to move can end the round and win it (`closing_win`: they will). Values are kept from the searching
seat's side; a node is chosen by the side to move in it.

Endgame: once the deck holds at most `endgame_deck` cards every playout runs to
the round's end (who can end it and when is then played out, not guessed), so
the choice near the end rests on exact outcomes of many deals.

The budget is a number of iterations, never wall time, and iteration i deals
from a seed fixed at the start, so the action depends only on the view and the
rng: however `step` slices the work, the result equals `run()`'s. A close call
earns more: when the budget is spent and the two most visited root moves are
within `CLOSE_CALL` of the iterations done, the search goes on to the next
budget of `more` (hard: most moves are clear after 160 iterations, and the
extra thought goes to the ones that are not, where it changes the move).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from math import sqrt

from ..actions import Action
from ..rules import apply_legal, legal_actions
from ..state import PLAY
from ..view import PlayerView, sample_state, view_of
from .anytime import AnytimeSearch
from .features import priors, round_value
from .heuristic import best_action, first_best, progressing, ranked, ranked_actions, valued_actions
from .weights import PRIOR_WEIGHTS, VALUE_WEIGHTS

#: Prior of an action first met in a later deal (the node was expanded without it).
LATE_PRIOR = 0.02
#: Moves of the greedy (medium) policy after the expanded node before scoring.
PLAYOUT_MOVES = 2
#: Deck size at or below which playouts run to the round's end.
ENDGAME_DECK = 3
#: Playout moves at most in the endgame (sales and trades can go on without drawing).
ENDGAME_PLAYOUT_CAP = 24
#: Root visits' lead of the best move over the second, as a share of the iterations
#: done, under which a search with budgets left goes on to the next one.
CLOSE_CALL = 0.1
C_PUCT = 1.5


#: Progressing legal actions per (market, mover's hand, mover's herd, deck empty?),
#: shared by every search (a pure function of the key; bounded).
_PROGRESSING: dict = {}
_PROGRESSING_LIMIT = 50_000


def _progressing_actions(state):
    """`progressing(legal_actions(state), len(state.deck))`, the same tuple for the same key."""
    player = state.to_move
    key = (state.market, state.hands[player], state.herds[player], not state.deck)
    actions = _PROGRESSING.get(key)
    if actions is None:
        if len(_PROGRESSING) >= _PROGRESSING_LIMIT:
            _PROGRESSING.clear()
        actions = _PROGRESSING[key] = tuple(progressing(legal_actions(state), len(state.deck)))
    return key, actions


class _Node:
    __slots__ = ("prior", "visits", "total", "children", "available", "valued")

    def __init__(self, prior: float):
        self.prior = prior
        self.visits = 0
        self.total = 0.0          # sum of values from the searching seat's side
        self.children: dict[Action, _Node] | None = None   # action -> _Node once a deal passes through it
        # legal-actions key -> [(action, child)] (not at the root)
        self.available: dict[tuple, list[tuple[Action, _Node]]] | None = None
        # (actions, heuristic values) of the deal that expanded the node; its children
        # and their priors are made from them when a later deal passes through (most
        # expanded nodes are met only once: they never pay for the softmax and nodes).
        self.valued: tuple[list, list] | None = None


def _make_children(node: _Node, prior_weights) -> None:
    """The children of an expanded node, with priors from the values of its first deal."""
    assert node.valued is not None  # the node was expanded by a deal
    ranked_pairs = ranked(*node.valued)
    node.children = {action: _Node(p) for (_, action), p in zip(ranked_pairs, priors(ranked_pairs, prior_weights))}
    node.valued = None


def _greedy(state):
    """The medium policy's action for the player to move, from its own view of `state`."""
    return best_action(view_of(state, state.to_move))


class MctsSearch(AnytimeSearch):
    """Anytime ISMCTS; deterministic for a given view and rng."""

    def __init__(self, view: PlayerView, rng: random.Random, iterations: int,
                 c_puct: float = C_PUCT, playout_moves: int = PLAYOUT_MOVES,
                 endgame_deck: int = ENDGAME_DECK, use_known: bool = True,
                 value_weights=VALUE_WEIGHTS, prior_weights=PRIOR_WEIGHTS,
                 more: tuple[int, ...] = (), close_call: float = CLOSE_CALL):
        # The weights are arguments so that training searches with the weights it is fitting.
        self.value_weights = value_weights
        self.prior_weights = prior_weights
        self.view = view
        self.seat = view.seat
        self.c_puct = c_puct
        self.playout_moves = playout_moves
        self.endgame_deck = endgame_deck
        self.use_known = use_known
        self.base_seed = rng.getrandbits(64)
        ranked = ranked_actions(view)
        self.ranked_root = [action for _, action in ranked]
        self.root = _Node(1.0)
        self.root.children = {action: _Node(p) for action, p in
                              zip(self.ranked_root, priors(ranked, prior_weights))}
        self.iterations = iterations if len(ranked) > 1 else 0
        self.done_iterations = 0
        # Larger budgets for a close call, in increasing order.
        self.more = [budget for budget in more if budget > iterations] if self.iterations else []
        self.close_call = close_call

    def best_action(self):
        """The most visited root action (then the better mean, then the heuristic's order)."""
        if not self.done_iterations:
            return self.ranked_root[0]
        children = self.root.children
        assert children is not None  # the root is expanded in __init__

        def key(index_action):
            index, action = index_action
            child = children[action]
            mean = child.total / child.visits if child.visits else 0.0
            return (child.visits, mean, -index)
        return max(enumerate(self.ranked_root), key=key)[1]

    def root_statistics(self):
        """(action, visits, mean value) per root action, in the heuristic's order (for tools/tests)."""
        children = self.root.children
        assert children is not None  # the root is expanded in __init__
        return [(action, node.visits, node.total / node.visits if node.visits else None)
                for action, node in children.items()]

    # --- one iteration -------------------------------------------------------------------

    def _iterate(self) -> None:
        seat = self.seat
        rng = random.Random(self.base_seed + self.done_iterations)
        state = sample_state(self.view, rng, use_known=self.use_known)
        node = self.root
        path = [node]
        while True:
            if state.phase != PLAY:
                value = round_value(state, seat, self.value_weights)
                break
            if node.children is None:
                if node.valued is None:
                    value = self._expand_and_evaluate(node, state)
                    break
                _make_children(node, self.prior_weights)
            action, node = self._select(node, state)
            path.append(node)
            state = apply_legal(state, action)
        for visited in path:
            visited.visits += 1
            visited.total += value
        self.done_iterations += 1
        if self.done_iterations == self.iterations and self.more:
            self._extend_if_close()

    def _extend_if_close(self) -> None:
        """At the end of a budget: go on to the next one if the choice is still a close call."""
        first = second = 0
        assert self.root.children is not None  # made with the search
        for child in self.root.children.values():
            if child.visits > first:
                first, second = child.visits, first
            elif child.visits > second:
                second = child.visits
        if first - second < self.close_call * self.done_iterations:
            self.iterations = self.more.pop(0)
        else:
            self.more = []

    def _select(self, node: _Node, state):
        mover = state.to_move
        children = node.children
        assert children is not None  # only expanded nodes are selected from
        available: Iterable[tuple[Action, _Node]]
        if node is self.root:
            available = children.items()
        else:
            # The (action, child) pairs for this legal set, built the first time it is
            # met here (an action first met now gets a child with LATE_PRIOR then);
            # later deals with the same legal set reuse them without hashing actions.
            key, actions = _progressing_actions(state)
            by_key = node.available
            if by_key is None:
                by_key = node.available = {}
            pairs = by_key.get(key)
            if pairs is None:
                pairs = []
                for action in actions:
                    child = children.get(action)
                    if child is None:
                        child = children[action] = _Node(LATE_PRIOR)
                    pairs.append((action, child))
                by_key[key] = pairs
            available = pairs
        parent_visits = 0
        for _, child in available:
            parent_visits += child.visits
        explore = self.c_puct * sqrt(parent_visits + 1)
        ours = mover == self.seat
        # Unvisited children start from the parent's mean, for the mover.
        parent_mean = node.total / node.visits if node.visits else 0.5
        first_play = parent_mean if ours else 1.0 - parent_mean
        best, best_score = None, -1.0
        for pair in available:
            child = pair[1]
            visits = child.visits
            if visits:
                mean = child.total / visits
                q = mean if ours else 1.0 - mean
            else:
                q = first_play
            score = q + explore * child.prior / (1 + visits)
            if score > best_score:
                best, best_score = pair, score
        return best

    def _expand_and_evaluate(self, node: _Node, state) -> float:
        node.valued = actions, values = valued_actions(view_of(state, state.to_move))
        endgame = len(state.deck) <= self.endgame_deck
        moves = ENDGAME_PLAYOUT_CAP if endgame else self.playout_moves
        if moves:
            state = apply_legal(state, first_best(actions, values))
            for _ in range(moves - 1):
                if state.phase != PLAY:
                    break
                state = apply_legal(state, _greedy(state))
        return round_value(state, self.seat, self.value_weights)
