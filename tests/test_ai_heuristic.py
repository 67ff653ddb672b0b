"""The evaluation's cached fast paths agree with the general computation."""

from __future__ import annotations

import random

from jaipur_core import apply_legal, new_game, view_of
from jaipur_core.ai import choose_action
from jaipur_core.ai.heuristic import Context, action_value, evaluate_after
from jaipur_core.cards import CAMEL
from jaipur_core.state import PLAY


def test_trade_fast_path_equals_general_path():
    rng, checked = random.Random(1), 0
    for game in range(3):
        state = new_game(random.Random(game))
        while state.phase == PLAY:
            view = view_of(state, state.to_move)
            ctx = Context(view)
            for action in view.legal_actions():
                if action.kind != "trade":
                    continue
                market = tuple(m + g - t for m, g, t in zip(view.market, action.given, action.taken, strict=True))
                # the hand counts the 6 goods; an action's cards also count camels (index 6)
                hand = tuple(h + t - g for h, t, g in zip(view.hand, action.taken, action.given, strict=False))
                herd = view.herds[view.seat] - action.given[CAMEL]
                common = (hand, herd, market, 0)
                fast = evaluate_after(ctx, *common, view.tokens_taken, view.bonus_sizes,
                                      view.deck_size, ctx.realized[view.seat])
                # Equal but distinct tuples defeat the identity test of the fast path.
                general = evaluate_after(ctx, *common, tuple(list(view.tokens_taken)),
                                         tuple(list(view.bonus_sizes)), view.deck_size,
                                         ctx.realized[view.seat])
                assert abs(fast - general) < 1e-9
                assert abs(fast - action_value(ctx, action)) < 1e-9
                checked += 1
            state = apply_legal(state, choose_action(view, "medium", rng))
    assert checked > 100
