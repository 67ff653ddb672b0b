"""Actions, rounds and results in words for the log, all through the catalog.

Pure. Only public facts are used (the action itself, the token piles and the
bonus pile sizes before the action), so a line never reveals hidden cards or
hidden bonus values. `names` are the display names by seat; `you` is the seat
called "You" (None in friend mode), whose sentences have their own message ids
so that verbs agree in every language.
"""

from __future__ import annotations

from jaipur_core import CAMEL, view_of
from jaipur_core.cards import bonus_pile_for

from .messages import _, cards_words, count_cards, ngettext

_BONUS_INDEX = {3: 0, 4: 1, 5: 2}


def _msg(base: str, mover: int, you) -> str:
    return base + "-you" if mover == you else base


def describe(action, mover: int, names, you, before) -> str:
    """`names[mover]` played `action` on position/view `before`."""
    actor = names[mover]
    kind = action.kind
    if kind == "take":
        return _(_msg("log-take", mover, you), actor=actor, card=_("a-" + _key(action.good)))
    if kind == "camels":
        return _(_msg("log-camels", mover, you), actor=actor,
                 cards=count_cards(CAMEL, before.market[CAMEL]))
    if kind == "trade":
        return _(_msg("log-trade", mover, you), actor=actor, given=cards_words(action.given),
                 taken=cards_words(action.taken))
    good, count = action.good, action.count
    pile = before.goods_pile(good)
    rupees = sum(pile[:count])
    text = ngettext(_msg("log-sell", mover, you), rupees, actor=actor,
                    cards=count_cards(good, count))
    if len(pile) < count:
        text = ngettext("log-sell-short", count - len(pile), text=text)
    size = bonus_pile_for(count)
    if size is not None:
        sizes = getattr(before, "bonus_sizes", None)
        if sizes is None:
            sizes = tuple(len(p) for p in before.bonus_piles)
        text = _("log-sell-bonus" if sizes[_BONUS_INDEX[size]] else "log-sell-no-bonus", text=text)
    return text


def hint_words(action, before) -> str:
    """'take a gold', 'sell 4 leather'... (the cards are selected on the table)."""
    kind = action.kind
    if kind == "take":
        return _("hint-take", card=_("a-" + _key(action.good)))
    if kind == "camels":
        return _("hint-camels", cards=count_cards(CAMEL, before.market[CAMEL]))
    if kind == "trade":
        return _("hint-trade", given=cards_words(action.given), taken=cards_words(action.taken))
    return _("hint-sell", cards=count_cards(action.good, action.count))


def round_start(state, names, you) -> str:
    return _(_msg("log-round-start", state.to_move, you), round=state.round, name=names[state.to_move])


def round_result(state, seat: int, names, you) -> str:
    """The log line of a scored round, told from `seat`'s side (scores first)."""
    view = view_of(state, seat)
    result = view.round_result
    assert result is not None  # a scored round: its result is public
    me, other = seat, 1 - seat
    if result.seal is None:
        seal = _("log-seal-none")
    else:
        seal = _(_msg("log-seal", result.seal, you), name=names[result.seal])
    why = _("why-" + (view.round_end_cause() or "deck"))  # the round panel's cause, one rule for both
    text = _("log-round-over", round=view.round, why=why, first=names[me],
             first_score=result.scores[me], second=names[other], second_score=result.scores[other],
             seal=seal)
    if view.winner is not None:
        text = _(_msg("log-wins", view.winner, you), text=text, name=names[view.winner])
    return text


def game_log(line, names, you, result_seat: int) -> tuple:
    """The whole log of a game (a jaipur_core.Game), oldest first."""
    lines = []
    for played in line.rounds:
        positions = played.positions()
        lines.append(round_start(played.start, names, you))
        lines.extend(describe(action, before.to_move, names, you, before)
                     for action, before in zip(played.actions, positions, strict=False))
        if positions[-1].round_result is not None:
            lines.append(round_result(positions[-1], result_seat, names, you))
    return tuple(lines)


def _key(card: int) -> str:
    return ("diamond", "gold", "silver", "cloth", "spice", "leather", "camel")[card]
