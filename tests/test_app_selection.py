"""Picked cards -> the action behind each button, and the reason when it cannot work."""

import pytest

from jaipur_core import CAMEL, CAMELS, DIAMOND, GOLD, LEATHER, SILVER, SPICE, Sell, TakeGood, Trade
from pyscript_app.app.selection import EMPTY, Selection, choices, row_cards, selection_for
from tests.app_fakes import crafted

# market row: diamond, gold, leather, camel, camel
MARKET = {DIAMOND: 1, GOLD: 1, LEATHER: 1, CAMEL: 2}
# hand row: diamond, diamond, silver, spice, spice, spice
HAND = {DIAMOND: 2, SILVER: 1, SPICE: 3}


def pick(market=(), hand=(), herd=()):
    return Selection(frozenset(market), frozenset(hand), frozenset(herd))


@pytest.fixture
def state():
    return crafted(MARKET, HAND, herd=2)


def test_rows_are_in_canonical_order(state):
    assert row_cards(state.market) == [DIAMOND, GOLD, LEATHER, CAMEL, CAMEL]
    assert row_cards(state.hands[0]) == [DIAMOND, DIAMOND, SILVER, SPICE, SPICE, SPICE]


@pytest.mark.parametrize("selection, button, action", [
    (pick(market=[1]), "take", TakeGood(GOLD)),
    (EMPTY, "camels", CAMELS),
    (pick(market=[3]), "camels", CAMELS),
    (pick(market=[0, 1], hand=[3], herd=[0]), "trade",
     Trade((1, 1, 0, 0, 0, 0, 0), (0, 0, 0, 0, 1, 0, 1))),
    (pick(hand=[3, 4, 5]), "sell", Sell(SPICE, 3)),
    (pick(hand=[0, 1]), "sell", Sell(DIAMOND, 2)),
])
def test_each_kind_of_action_is_formed_and_enabled(state, selection, button, action):
    choice = choices(state, 0, selection)[button]
    assert choice.action == action
    assert choice.enabled and choice.reason is None


@pytest.mark.parametrize("selection, button, reason", [
    (pick(hand=[0]), "sell", "Diamonds are sold at least two at a time"),
    (pick(market=[0, 1], hand=[3]), "trade", "A trade gives back as many cards as it takes (2, not 1)"),
    (pick(market=[0], hand=[0]), "trade", "A trade takes at least two goods; to take one good, use take"),
    (pick(market=[0, 1], hand=[0, 3]), "trade", "You cannot give back diamond while taking diamond"),
    (pick(market=[1, 2], herd=[0, 1]), "trade", "Your hand would hold 8 cards; the limit is 7"),
])
def test_illegal_selections_carry_the_engines_reason(state, selection, button, reason):
    choice = choices(state, 0, selection)[button]
    assert not choice.enabled
    assert choice.reason == reason


@pytest.mark.parametrize("selection, button, words", [
    (EMPTY, "take", "Select one good"),
    (pick(market=[0, 1]), "take", "Trade"),
    (pick(market=[3]), "take", "Take camels"),
    (pick(hand=[2, 3]), "sell", "one good only"),
    (pick(market=[0], hand=[3]), "sell", "hand only"),
    (pick(market=[0]), "camels", "clear the other cards"),
    (EMPTY, "trade", "Select two or more goods"),
])
def test_wrong_shapes_explain_themselves(state, selection, button, words):
    choice = choices(state, 0, selection)[button]
    assert not choice.enabled
    assert words in choice.reason


def test_hand_limit_reason_comes_from_the_engine():
    state = crafted(MARKET, {SPICE: 7})
    assert choices(state, 0, pick(market=[1]))["take"].reason == "Your hand already holds 7 cards"


def test_no_camels_in_the_market():
    state = crafted({DIAMOND: 2, GOLD: 3}, HAND)
    assert choices(state, 0, EMPTY)["camels"].reason == "There are no camels in the market"


def test_nothing_is_enabled_on_the_other_players_turn(state):
    for choice in choices(state, 1, pick(hand=[3, 4, 5])).values():
        assert not choice.enabled
        assert choice.reason == ""  # nothing to explain: a click then is ignored (issue 14)


def test_every_legal_action_can_be_selected_and_comes_back(state):
    from jaipur_core import legal_actions
    for action in legal_actions(state):
        selection = selection_for(action, state.market, state.hands[0], state.herds[0])
        formed = {c.action for c in choices(state, 0, selection).values() if c.enabled}
        assert action in formed, action


def test_toggle_selects_and_unselects():
    selection = EMPTY.toggle("hand", 2).toggle("market", 0)
    assert selection.picked("hand", 2) and selection.picked("market", 0)
    assert selection.toggle("hand", 2).toggle("market", 0).is_empty()
    with pytest.raises(ValueError):
        EMPTY.toggle("deck", 0)


def test_every_engine_refusal_code_has_words_in_the_catalog():
    """The page words a refusal from its code; they match the engine's English (the CLI's)."""
    import random

    from jaipur_core import Game, legal_actions, why_illegal
    from jaipur_core.actions import parse_action
    from pyscript_app.words.messages import refusal
    seen = set()
    rng = random.Random(4)
    texts = ["take diamond", "take camel", "camels", "sell diamond 1", "sell camel 2", "sell leather 5",
             "trade camel+gold for leather+spice", "trade gold for leather", "trade gold+silver for leather",
             "trade gold+silver for gold+leather", "trade diamond+diamond+diamond for leather+leather+leather",
             "trade gold+silver for camel+camel", "sell gold 7", "trade gold+silver for leather+leather"]
    for seed in range(30):
        game = Game.new(seed=seed, first=0)
        for _ in range(rng.randrange(40)):
            if game.state.phase != "play":
                break
            game = game.play(rng.choice(legal_actions(game.state)))
        for text in texts:
            try:
                action = parse_action(text)
            except ValueError:  # not an action at all (e.g. 'take camel'): not a refusal
                continue
            reason = why_illegal(game.state, action)
            if reason is not None:
                seen.add(reason.code)
                assert refusal(reason.code, reason.params) == str(reason), (text, reason.code)
    assert {"market-lacks", "sell-precious-minimum", "trade-unequal", "hand-lacks",
            "trade-same-good"} <= seen, seen
