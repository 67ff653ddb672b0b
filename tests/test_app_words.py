"""Actions in plain words for the log (through the catalog)."""

from jaipur_core import CAMELS, DIAMOND, GOLD, LEATHER, SPICE, Sell, TakeGood, Trade
from pyscript_app.words.moves import describe as describe_seat
from tests.app_fakes import crafted

NAMES = ("You", "Computer")


def describe(action, actor, state):
    seat = NAMES.index(actor)
    return describe_seat(action, seat, NAMES, 0, state)


STATE = crafted({DIAMOND: 1, GOLD: 1, 6: 3}, {LEATHER: 4, DIAMOND: 2, SPICE: 1}, herd=2)


def test_take_one_good():
    assert describe(TakeGood(GOLD), "You", STATE) == "You took a gold"


def test_take_camels_counts_them():
    assert describe(CAMELS, "Computer", STATE) == "Computer took 3 camels"


def test_trade_names_both_sides():
    trade = Trade((1, 1, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 1, 1))
    assert describe(trade, "Computer", STATE) == \
        "Computer traded 1 leather + 1 camel for 1 diamond + 1 gold"


def test_sale_with_rupees_and_bonus():
    assert describe(Sell(LEATHER, 3), "You", STATE) == "You sold 3 leather for 9 rupees + a bonus token"
    assert describe(Sell(DIAMOND, 2), "You", STATE) == "You sold 2 diamonds for 14 rupees"


def test_sale_when_tokens_and_bonus_run_short():
    state = STATE.copy()
    state.tokens_taken = (0, 0, 0, 0, 0, 8)
    state.bonus_piles = ((), state.bonus_piles[1], state.bonus_piles[2])
    assert describe(Sell(LEATHER, 3), "You", state) == \
        "You sold 3 leather for 1 rupee (2 tokens short) (no bonus token left)"
