"""What a careful player tracks, computed from a PlayerView only. Pure, no js.

A PlayerView has no field for the deck order, the other hand or hidden bonus
values, so nothing here can depend on them. The counting:

- unseen cards of a kind = the 55-card composition minus every card the seat
  sees: the market, its own hand, both herds (camels) and the discard pile
  (every card ever sold lies there, so the goods tokens taken add nothing);
  they are in the deck or in the other hand (`PlayerView.unseen_cards`);
- the other hand's cards known from the market: `PlayerView.opponent_known`
  (taken in plain sight and not yet traded back or sold);
- bonus tokens: the count left in each pile is public; the values the seat has
  not seen are the pile's and the opponent's unscored ones together;
- goods tokens: each pile, next first (public).
"""

from __future__ import annotations

from dataclasses import dataclass

from jaipur_core.cards import BONUS_SIZES, CAMEL, GOODS


@dataclass(frozen=True)
class GoodKnowledge:
    good: int
    unseen: int                   # in the deck or the other hand
    opponent_has: int             # surely in the other hand (taken from the market)
    tokens_left: tuple            # goods token values, next first


@dataclass(frozen=True)
class BonusKnowledge:
    size: int                     # 3, 4 or 5 (5 or more cards)
    left: int                     # tokens in the pile
    unseen_values: tuple          # values the seat has not seen, sorted


@dataclass(frozen=True)
class Knowledge:
    goods: tuple                  # GoodKnowledge per good, in GOODS order
    camels_unseen: int            # all in the deck: a hand never holds camels
    deck_size: int
    opponent_hand_size: int
    bonus: tuple                  # BonusKnowledge per pile

    @property
    def unseen_total(self) -> int:
        return sum(good.unseen for good in self.goods) + self.camels_unseen

    @property
    def opponent_known_total(self) -> int:
        return sum(good.opponent_has for good in self.goods)


def knowledge(view) -> Knowledge:
    """Everything the panel shows, from `view` (a jaipur_core PlayerView)."""
    unseen = view.unseen_cards()
    known = view.opponent_known
    goods = tuple(GoodKnowledge(good, unseen[good], known[good], tuple(view.goods_pile(good)))
                  for good in GOODS)
    unseen_bonus = view.unseen_bonus()
    bonus = tuple(BonusKnowledge(size, view.bonus_sizes[index], tuple(sorted(unseen_bonus[size])))
                  for index, size in enumerate(BONUS_SIZES))
    return Knowledge(goods, unseen[CAMEL], view.deck_size, view.opponent_hand_size, bonus)
