"""What a move is worth before it is made (pyscript_app/view/worth.py): table-driven, from views."""

import pytest

from jaipur_core import CLOTH, DIAMOND, LEATHER, SILVER, SPICE, view_of
from pyscript_app.view.worth import market_after_trade, sale_worth
from tests.helpers import state

DIAMONDS_GONE = {"diamond": [7, 7, 5, 5, 5]}
GOLD_GONE = {"gold": [6, 6, 5, 5, 5]}

# (name, position keyword arguments, good, count,
#  expected tokens, short, bonus range, bonus missed, empties pile, ends round)
SALES = [
    ("three leather from a full pile", dict(hands=("leather leather leather", "")),
     LEATHER, 3, (4, 3, 2), 0, (1, 3), False, False, False),
    ("two diamonds: no bonus", dict(hands=("diamond diamond", "")),
     DIAMOND, 2, (7, 7), 0, None, False, False, False),
    ("the seat's own 1s narrow the 3-card bonus to 2-3",
     dict(hands=("spice spice spice", ""), bonus_won=((1, 1), ())),
     SPICE, 3, (5, 3, 3), 0, (2, 3), False, False, False),
    ("the opponent's hidden tokens stay possible",
     dict(hands=("cloth cloth cloth cloth", ""), bonus_won=((), (4, 6))),
     CLOTH, 4, (5, 3, 3, 2), 0, (4, 6), False, False, False),
    ("an empty 5+ pile pays no bonus",
     dict(hands=("leather leather leather leather leather", ""), bonus_won=((), (8, 8, 9, 10, 10))),
     LEATHER, 5, (4, 3, 2, 1, 1), 0, None, True, False, False),
    ("the last tokens of a pile, third empty pile: the round ends",
     dict(hands=("cloth cloth cloth", ""), discard="diamond diamond diamond diamond diamond "
          "gold gold gold gold gold cloth cloth cloth cloth cloth",
          goods_won=({"cloth": [5, 3, 3, 2, 2]}, {**DIAMONDS_GONE, **GOLD_GONE})),
     CLOTH, 3, (1, 1), 1, (1, 3), False, True, True),
    ("the last token of a pile, second empty pile: play goes on",
     dict(hands=("spice spice", ""), discard="diamond diamond diamond diamond diamond "
          "spice spice spice spice spice spice",
          goods_won=({"spice": [5, 3, 3, 2, 2, 1]}, DIAMONDS_GONE)),
     SPICE, 2, (1,), 1, None, False, True, False),
    ("a pile already empty pays nothing and ends nothing",
     dict(hands=("silver silver", ""), discard="silver silver silver silver diamond diamond diamond "
          "diamond diamond",
          goods_won=({}, {"silver": [5, 5, 5, 5, 5], **DIAMONDS_GONE})),
     SILVER, 2, (), 2, None, False, False, False),
]


@pytest.mark.parametrize("name,position,good,count,tokens,short,bonus,missed,empties,ends", SALES,
                         ids=[row[0] for row in SALES])
def test_sale_worth(name, position, good, count, tokens, short, bonus, missed, empties, ends):
    worth = sale_worth(view_of(state(**position), 0), good, count)
    assert worth.tokens == tokens
    assert worth.rupees == sum(tokens)
    assert worth.short == short
    assert worth.bonus_range == bonus
    assert worth.bonus_missed == missed
    assert worth.empties_pile == empties
    assert worth.ends_round == ends


def test_sale_worth_is_the_same_for_every_deal_of_the_hidden_cards():
    """Only the view counts: the other hand and the bonus piles' order change nothing."""
    import random

    from jaipur_core import sample_state

    base = state(hands=("leather leather leather", "spice"), bonus_won=((2,), (1,)))
    view = view_of(base, 0)
    expected = sale_worth(view, LEATHER, 3)
    rng = random.Random(9)
    for _ in range(20):
        other = sample_state(view, rng)
        assert sale_worth(view_of(other, 0), LEATHER, 3) == expected


MARKETS = [
    # (market before, taken, given, market after), 7 counts: diamond gold silver cloth spice leather camel
    ((2, 1, 0, 0, 0, 0, 2), (2, 1, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 1, 2), (0, 0, 0, 0, 0, 1, 4)),
    ((0, 0, 1, 1, 1, 1, 1), (0, 0, 1, 1, 0, 0, 0), (1, 1, 0, 0, 0, 0, 0), (1, 1, 0, 0, 1, 1, 1)),
]


@pytest.mark.parametrize("market,taken,given,after", MARKETS)
def test_market_after_trade(market, taken, given, after):
    assert market_after_trade(market, taken, given) == after
    assert sum(after) == sum(market)
