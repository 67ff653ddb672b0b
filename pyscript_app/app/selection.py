"""Selected cards -> the action each button would play, or why it cannot.

Pure and DOM-free. The table shows the market, the hand and the herd as rows of
single cards; a selection is the set of indices picked in each row (rows are
ordered by card, see `row_cards`). Legality is always the engine's decision
(`why_illegal`); this module only turns the picked cards into candidate actions
and adds a plain reason when the selection has the wrong shape for a button.
Every reason comes from the catalog (engine refusals through their reason code).
"""

from __future__ import annotations

from dataclasses import dataclass

from jaipur_core import CAMEL, CAMELS, GOODS, PLAY, Sell, TakeGood, Trade, why_illegal
from jaipur_core.cards import CARDS

from ..words.messages import _, refusal

ZONES = ("market", "hand", "herd")
BUTTONS = ("take", "camels", "trade", "sell")


def row_cards(counts) -> list[int]:
    """A count tuple as a row of single cards, in canonical order (camels last)."""
    return [card for card in range(len(counts)) for _ in range(counts[card])]


@dataclass(frozen=True)
class Selection:
    market: frozenset = frozenset()
    hand: frozenset = frozenset()
    herd: frozenset = frozenset()

    def toggle(self, zone: str, index: int) -> "Selection":
        if zone not in ZONES:
            raise ValueError(zone)  # a programming error, never shown
        picked = getattr(self, zone)
        picked = picked - {index} if index in picked else picked | {index}
        return Selection(**{**self._fields(), zone: frozenset(picked)})

    def _fields(self) -> dict:
        return {"market": self.market, "hand": self.hand, "herd": self.herd}

    def mine(self) -> "Selection":
        """The picks among your own cards only: the opponent's move never changes them."""
        return Selection(hand=self.hand, herd=self.herd)

    def is_empty(self) -> bool:
        return not (self.market or self.hand or self.herd)

    def picked(self, zone: str, index: int) -> bool:
        return index in getattr(self, zone)


EMPTY = Selection()


def picked_counts(selection: Selection, market, hand, herd: int):
    """(market counts, hand+herd counts) of the picked cards, 7 entries each.

    Indices out of range are ignored (a selection never outlives its position,
    but a stale click must not crash).
    """
    market_row, hand_row = row_cards(market), row_cards(hand)
    taken = [0] * len(CARDS)
    for index in selection.market:
        if 0 <= index < len(market_row):
            taken[market_row[index]] += 1
    given = [0] * len(CARDS)
    for index in selection.hand:
        if 0 <= index < len(hand_row):
            given[hand_row[index]] += 1
    given[CAMEL] = sum(1 for index in selection.herd if 0 <= index < herd)
    return tuple(taken), tuple(given)


@dataclass(frozen=True)
class Choice:
    """What one button would do: an action, and None as reason when it is legal."""

    action: object = None
    reason: str | None = None

    @property
    def enabled(self) -> bool:
        return self.action is not None and self.reason is None


def choices(state, seat: int, selection: Selection) -> dict[str, Choice]:
    """For each button, the action the selection forms and whether it can be played."""
    if state.phase != PLAY:
        reason = _("why-game-over" if state.phase == "game_over" else "why-round-over")
        return {name: Choice(None, reason) for name in BUTTONS}
    if state.to_move != seat:  # not this seat's turn: nothing to explain, a click is ignored
        return {name: Choice(None, "") for name in BUTTONS}
    hand, herd = state.hands[seat], state.herds[seat]
    taken, given = picked_counts(selection, state.market, hand, herd)
    result = {
        "take": _take(state, taken, given),
        "camels": _camels(state, taken, given),
        "trade": _trade(state, taken, given),
        "sell": _sell(state, taken, given),
    }
    return result


def _checked(state, action) -> Choice:
    reason = why_illegal(state, action)
    if reason is None:
        return Choice(action, None)
    return Choice(action, refusal(getattr(reason, "code", "illegal"), getattr(reason, "params", {})))


def _take(state, taken, given) -> Choice:
    if sum(given):
        return Choice(None, _("why-take-only-market"))
    if sum(taken) == 0:
        return Choice(None, _("why-take-select"))
    if taken[CAMEL]:
        return Choice(None, _("why-take-camel"))
    if sum(taken) > 1:
        return Choice(None, _("why-take-one"))
    good = next(card for card in GOODS if taken[card])
    return _checked(state, TakeGood(good))


def _camels(state, taken, given) -> Choice:
    if sum(given) or sum(taken) - taken[CAMEL]:
        return Choice(None, _("why-camels-only"))
    return _checked(state, CAMELS)


def _trade(state, taken, given) -> Choice:
    if sum(taken) == 0:
        return Choice(None, _("why-trade-select"))
    if sum(given) == 0:
        return Choice(None, _("why-trade-give"))
    return _checked(state, Trade(taken, given))


def _sell(state, taken, given) -> Choice:
    if sum(taken):
        return Choice(None, _("why-sell-market"))
    if given[CAMEL]:
        return Choice(None, _("why-sell-camels"))
    goods = [card for card in GOODS if given[card]]
    if not goods:
        return Choice(None, _("why-sell-select"))
    if len(goods) > 1:
        return Choice(None, _("why-sell-one-good"))
    return _checked(state, Sell(goods[0], given[goods[0]]))


def selection_for(action, market, hand, herd: int) -> Selection:
    """The selection that forms `action` (used to show a hint on the table)."""
    market_row, hand_row = row_cards(market), row_cards(hand)

    def first_indices(row, counts) -> frozenset:
        wanted = list(counts)
        picked = set()
        for index, card in enumerate(row):
            if card < len(wanted) and wanted[card] > 0:
                wanted[card] -= 1
                picked.add(index)
        return frozenset(picked)

    kind = getattr(action, "kind", "")
    if kind == "take":
        counts = [0] * len(CARDS)
        counts[action.good] = 1
        return Selection(market=first_indices(market_row, counts))
    if kind == "camels":
        counts = [0] * len(CARDS)
        counts[CAMEL] = market[CAMEL]
        return Selection(market=first_indices(market_row, counts))
    if kind == "sell":
        counts = [0] * len(CARDS)
        counts[action.good] = action.count
        return Selection(hand=first_indices(hand_row, counts))
    if kind == "trade":
        return Selection(market=first_indices(market_row, action.taken),
                         hand=first_indices(hand_row, action.given[:CAMEL]),
                         herd=frozenset(range(min(action.given[CAMEL], herd))))
    return EMPTY
