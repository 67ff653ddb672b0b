"""Actions and round results in plain words, for the game log.

Pure. Only public facts are used (the action itself, the token piles and the
bonus pile sizes before the action), so a line never reveals hidden cards or
hidden bonus values.
"""

from __future__ import annotations

from jaipur_core import CAMEL, GOODS
from jaipur_core.cards import CARD_NAMES, bonus_pile_for, count_words

_BONUS_INDEX = {3: 0, 4: 1, 5: 2}


def said_by(name: str, verb: str, is_you: bool) -> str:
    """'You take' / 'Computer takes': the verb agrees with its subject."""
    return f"{name} {verb if is_you else verb + 's'}"


def describe_round_start(state, names, human: int | None) -> str:
    """'Round 2: Computer starts.' (`human`: the seat called "You", None when nobody is)."""
    return f"Round {state.round}: {said_by(names[state.to_move], 'start', state.to_move == human)}."


def cards_words(counts) -> str:
    """'2 camels + 1 leather' for a 7-entry count tuple (goods first, camels last)."""
    parts = [count_words(card, counts[card]) for card in GOODS if counts[card]]
    if counts[CAMEL]:
        parts.append(count_words(CAMEL, counts[CAMEL]))
    return " + ".join(parts) if parts else "nothing"


def _a(good: int) -> str:
    return "a" if CARD_NAMES[good][0] not in "aeiou" else "an"


def describe(action, actor: str, before) -> str:
    """`actor` ('You' / 'Computer') played `action` on position/view `before`."""
    kind = action.kind
    if kind == "take":
        return f"{actor} took {_a(action.good)} {CARD_NAMES[action.good]}"
    if kind == "camels":
        count = before.market[CAMEL]
        return f"{actor} took {count_words(CAMEL, count)}"
    if kind == "trade":
        return f"{actor} traded {cards_words(action.given)} for {cards_words(action.taken)}"
    if kind == "sell":
        good, count = action.good, action.count
        pile = before.goods_pile(good)
        rupees = sum(pile[:count])
        what = count_words(good, count)
        text = f"{actor} sold {what} for {rupees} rupee{'s' if rupees != 1 else ''}"
        if len(pile) < count:
            text += f" ({count - len(pile)} token{'s' if count - len(pile) != 1 else ''} short)"
        size = bonus_pile_for(count)
        if size is not None:
            sizes = getattr(before, "bonus_sizes", None)
            if sizes is None:
                sizes = tuple(len(pile) for pile in before.bonus_piles)
            if sizes[_BONUS_INDEX[size]]:
                text += " + a bonus token"
            else:
                text += " (no bonus token left)"
        return text
    return f"{actor} played {action}"


def round_end_reason(state) -> str:
    """Why the round in `state` (scored) ended."""
    if state.empty_piles() >= 3:
        return "three goods token piles are empty"
    return "the deck ran out"


def describe_result(view, names, you: int | None = -1) -> str:
    """'Round 2 is over (the deck ran out): You 52, Computer 47. You take a seal.'

    `you`: the seat called "You" (default: the view's seat; None when nobody is).
    """
    result = view.round_result
    me, other = view.seat, 1 - view.seat
    if you == -1:
        you = me
    scores = f"{names[me]} {result.scores[me]}, {names[other]} {result.scores[other]}"
    if result.seal is None:
        seal = "A draw: nobody takes a seal."
    else:
        seal = f"{said_by(names[result.seal], 'take', result.seal == you)} a seal."
    text = f"Round {view.round} is over ({round_end_reason(view)}): {scores}. {seal}"
    if view.winner is not None:
        winner = names[view.winner]
        text += f" {said_by(winner, 'win', view.winner == you)} the game."
    return text
