"""What a move is worth before it is made, from the seat's view only. Pure, no js.

A sale pays the top goods tokens of its pile (the values are public: the piles
are stacked highest first) and, for 3+ cards, the top bonus token of a pile
whose values are hidden. The seat knows which bonus values it has not seen yet
(`PlayerView.unseen_bonus`: the pile and the opponent's unscored tokens), so the
bonus is a range over those, never the hidden value itself. A trade refills
nothing: the market it leaves is exact.
"""

from __future__ import annotations

from dataclasses import dataclass

from jaipur_core.cards import BONUS_SIZES, CAMEL, EMPTY_PILES_TO_END, bonus_pile_for


@dataclass(frozen=True)
class SaleWorth:
    """A sale of `count` cards of `good`, as the seat can foresee it."""

    good: int
    count: int
    tokens: tuple                 # the goods tokens it takes, top of the pile first
    short: int                    # cards sold beyond the tokens left: paid nothing
    bonus_size: int | None        # the bonus pile it draws from (3, 4, 5), None under 3 cards
    bonus_values: tuple           # values that bonus token may have (sorted); () if none is paid
    empties_pile: bool            # it takes the last token of its pile
    ends_round: bool              # ... and that makes the third empty pile

    @property
    def rupees(self) -> int:
        """The goods tokens' sum: certain."""
        return sum(self.tokens)

    @property
    def bonus_range(self) -> tuple | None:
        """(lowest, highest) the bonus token may be worth, or None when none is paid."""
        if not self.bonus_values:
            return None
        return self.bonus_values[0], self.bonus_values[-1]

    @property
    def bonus_missed(self) -> bool:
        """A bonus is due (3+ cards) but its pile is empty: nothing is paid (RULES.md Decision)."""
        return self.bonus_size is not None and not self.bonus_values


def sale_worth(view, good: int, count: int) -> SaleWorth:
    """The worth of selling `count` cards of `good` (legality is the engine's business)."""
    pile = view.goods_pile(good)
    tokens = tuple(pile[:count])
    empties = bool(pile) and count >= len(pile)
    size = bonus_pile_for(count)
    values: tuple = ()
    if size is not None and view.bonus_sizes[BONUS_SIZES.index(size)]:
        values = tuple(sorted(set(view.unseen_bonus()[size])))
    ends = empties and view.empty_piles() + 1 >= EMPTY_PILES_TO_END
    return SaleWorth(good, count, tokens, max(0, count - len(pile)), size, values, empties, ends)


def market_after_trade(market, taken, given) -> tuple:
    """The market a trade leaves: `taken` out, `given` in (7 counts each, camel last)."""
    return tuple(market[card] - taken[card] + given[card] for card in range(CAMEL + 1))
