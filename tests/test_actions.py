"""Action notation (FORMAT.md "Action notation"): printing, parsing, equality."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jaipur_core import (CAMEL, CAMELS, CLOTH, DIAMOND, GOLD, LEATHER, SILVER, SPICE,
                         InvalidActionError, JaipurError, Sell, TakeCamels, TakeGood, Trade,
                         parse_action)
from jaipur_core.actions import counts_of


def trade(taken, given):
    return Trade(counts_of(taken), counts_of(given))


@pytest.mark.parametrize("action, text", [
    (TakeGood(GOLD), "take gold"),
    (TakeGood(DIAMOND), "take diamond"),
    (CAMELS, "camels"),
    (Sell(LEATHER, 3), "sell leather 3"),
    (Sell(DIAMOND, 2), "sell diamond 2"),
    (trade([DIAMOND, GOLD], [CAMEL, LEATHER]), "trade diamond+gold for leather+camel"),
    (trade([SILVER, SILVER], [SPICE, CLOTH]), "trade silver+silver for cloth+spice"),
    (trade([LEATHER, DIAMOND, LEATHER], [CAMEL, CAMEL, GOLD]),
     "trade diamond+leather+leather for gold+camel+camel"),
], ids=["take", "take-diamond", "camels", "sell", "sell-precious", "trade", "trade-repeat",
        "trade-3"])
def test_actions_print_canonically_and_parse_back(action, text):
    assert str(action) == text
    assert parse_action(text) == action
    assert hash(parse_action(text)) == hash(action)
    assert str(parse_action(text)) == text


@pytest.mark.parametrize("text, canonical", [
    ("TAKE Gold", "take gold"),
    ("  take    gold  ", "take gold"),
    ("Camels", "camels"),
    ("sell  LEATHER   3", "sell leather 3"),
    ("sell 3 leather", "sell leather 3"),
    ("sell diamonds 2", "sell diamond 2"),
    ("trade camel+leather for gold+diamond", "trade leather+camel for diamond+gold"),
    ("trade gold+diamond for camel+leather", "trade diamond+gold for leather+camel"),
    ("Trade  Gold + Diamond  FOR  Camel+Leather", "trade diamond+gold for leather+camel"),
    ("trade spice+cloth+spice for camel+silver+camel", "trade cloth+spice+spice for silver+camel+camel"),
], ids=["upper", "spaces", "camels-upper", "sell-spaces", "sell-swapped", "plural",
        "trade-camel-taken-kept", "trade-order", "trade-spaces-case", "trade-repeats"])
def test_parse_accepts_any_order_case_and_spaces(text, canonical):
    assert str(parse_action(text)) == canonical


def test_equal_actions_are_equal_and_hash_equal():
    a = parse_action("trade gold+diamond for camel+leather")
    b = parse_action("trade diamond+gold for leather+camel")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert parse_action("camels") == CAMELS == TakeCamels()
    assert TakeGood(GOLD) != TakeGood(SILVER)
    assert Sell(LEATHER, 2) != Sell(LEATHER, 3)
    assert TakeGood(GOLD) != Sell(GOLD, 1)


def test_actions_are_immutable():
    action = TakeGood(GOLD)
    with pytest.raises(AttributeError):
        action.good = SILVER  # type: ignore[misc]


@pytest.mark.parametrize("text, fragment", [
    ("", "is not an action"),
    ("   ", "is not an action"),
    ("dance", "is not an action"),
    ("take", "write 'take GOOD'"),
    ("take gold silver", "write 'take GOOD'"),
    ("take ruby", "unknown card 'ruby'"),
    ("take camel", "to take the camels, write 'camels'"),
    ("camels please", "is not an action"),
    ("sell leather", "write 'sell GOOD N'"),
    ("sell leather three", "write 'sell GOOD N'"),
    ("sell leather 0", "sell at least one card"),
    ("sell ruby 2", "unknown card 'ruby'"),
    ("sell leather \u00b2", "write 'sell GOOD N'"),
    ("sell \u00b2 leather", "write 'sell GOOD N'"),
    ("trade gold+gold", "write 'trade TAKEN for GIVEN'"),
    ("trade gold++gold for camel+camel", "empty card name"),
    ("trade gold+ruby for camel+camel", "unknown card 'ruby'"),
], ids=lambda value: value if isinstance(value, str) and value.strip() else "blank")
def test_parse_rejects_text_that_is_not_an_action(text, fragment):
    with pytest.raises(InvalidActionError) as error:
        parse_action(text)
    assert fragment in str(error.value)
    assert isinstance(error.value, JaipurError) and isinstance(error.value, ValueError)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("value", [None, 3, ["take", "gold"]], ids=["none", "int", "list"])
def test_parse_rejects_non_text(value):
    with pytest.raises(InvalidActionError, match="must be text"):
        parse_action(value)


def test_syntactically_valid_but_illegal_actions_parse():
    # Parsing is syntactic; the rules refuse these with a reason (see test_rules).
    assert str(parse_action("sell camel 1")) == "sell camel 1"
    assert str(parse_action("trade camel+gold for cloth")) == "trade gold+camel for cloth"
    assert str(parse_action("sell diamond 1")) == "sell diamond 1"


def test_sorting_by_text_orders_kinds():
    actions = [parse_action(text) for text in
               ("trade gold+gold for camel+camel", "take gold", "sell leather 1", "camels")]
    assert [str(a) for a in sorted(actions, key=str)] == [
        "camels", "sell leather 1", "take gold", "trade gold+gold for camel+camel"]


WORDS = ["take", "sell", "trade", "for", "camels", "camel", "gold", "Diamonds", "leather", "+",
         "0", "1", "3", "12", "\u00b2", "\u0663", " ", "  ", "\t", "x"]


@given(text=st.one_of(st.text(max_size=40),
                      st.lists(st.sampled_from(WORDS), max_size=8).map(" ".join)))
@settings(max_examples=200, deadline=None)
def test_parse_never_fails_with_anything_but_invalid_action(text):
    try:
        action = parse_action(text)
    except InvalidActionError as error:
        assert str(error)
        assert isinstance(error, ValueError)
    else:
        assert parse_action(str(action)) == action
        assert str(parse_action(str(action))) == str(action)
