"""Scoring a round that has ended (RULES.md "Scoring"), seals and game end."""

from __future__ import annotations

from .cards import CAMEL_TOKEN_VALUE, SEALS_TO_WIN
from .state import GAME_OVER, ROUND_OVER, GameState, RoundResult


def camel_token_holder(herds: tuple[int, int]) -> int | None:
    """The player with strictly more camels; None when the herds are equal."""
    if herds[0] == herds[1]:
        return None
    return 0 if herds[0] > herds[1] else 1


def round_winner(scores, bonus_counts, goods_counts) -> int | None:
    """Richer player; ties broken by bonus tokens, then goods tokens; else None."""
    for first, second in (scores, bonus_counts, goods_counts):
        if first != second:
            return 0 if first > second else 1
    return None


def score_round(state: GameState) -> GameState:
    """Award the camel token, score both players and hand out the seal.

    `state` is a just-finished round (still marked `play`); returns the scored
    state in phase `round_over`, or `game_over` when a player holds 2 seals.
    """
    scored = state.copy()
    holder = camel_token_holder(state.herds)
    score_of = [state.goods_score(p) + sum(state.bonus_won[p]) + (CAMEL_TOKEN_VALUE if holder == p else 0)
                for p in (0, 1)]
    scores = (score_of[0], score_of[1])
    bonus_counts = (len(state.bonus_won[0]), len(state.bonus_won[1]))
    goods_counts = (state.goods_count(0), state.goods_count(1))
    seal = round_winner(scores, bonus_counts, goods_counts)
    seals = list(state.seals)
    if seal is not None:
        seals[seal] += 1
    scored.camel_token = holder
    scored.seals = (seals[0], seals[1])
    scored.round_result = RoundResult(scores, holder, bonus_counts, goods_counts, seal)
    if seal is not None and seals[seal] >= SEALS_TO_WIN:
        scored.phase = GAME_OVER
        scored.winner = seal
    else:
        scored.phase = ROUND_OVER
    return scored
