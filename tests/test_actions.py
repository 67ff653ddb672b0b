"""Action notation (docs/formats.md "Action notation"): printing, parsing, equality."""

from __future__ import annotations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from jaipur_core import (
    CAMEL,
    CAMELS,
    CLOTH,
    DIAMOND,
    GOLD,
    LEATHER,
    SILVER,
    SPICE,
    InvalidActionError,
    JaipurError,
    Sell,
    TakeCamels,
    TakeGood,
    Trade,
    parse_action,
)
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


# --- Construction validates every field (issue 12): no action value can be malformed. ---

SEVEN_ZEROS = (0,) * 7


@pytest.mark.parametrize("build, fragment", [
    (lambda: TakeGood(CAMEL), "take: good must be a goods card"),
    (lambda: TakeGood(-1), "take: good must be a goods card"),
    (lambda: TakeGood(7), "take: good must be a goods card"),
    (lambda: TakeGood(1.0), "take: good must be a goods card"),
    (lambda: TakeGood(True), "take: good must be a goods card"),
    (lambda: TakeGood("gold"), "take: good must be a goods card"),
    (lambda: Sell(LEATHER, 0), "sell: count must be from 1 to 55, got 0"),
    (lambda: Sell(LEATHER, -2), "sell: count must be from 1 to 55, got -2"),
    (lambda: Sell(LEATHER, 56), "sell: count must be from 1 to 55, got 56"),
    (lambda: Sell(LEATHER, 10 ** 5000), "sell: count must be from 1 to 55, got an integer of about"),
    (lambda: Sell(LEATHER, 2.0), "sell: count must be from 1 to 55, got 2.0"),
    (lambda: Sell(LEATHER, True), "sell: count must be from 1 to 55, got True"),
    (lambda: Sell(7, 2), "sell: good must be a card 0-6, got 7"),
    (lambda: Sell(-1, 2), "sell: good must be a card 0-6, got -1"),
    (lambda: Sell(None, 2), "sell: good must be a card 0-6, got None"),
    (lambda: Trade((0, 2, 0, 0, 0, 0), SEVEN_ZEROS), "trade: taken must have 7 counts"),
    (lambda: Trade(SEVEN_ZEROS, (0, 0, 0, 0, 0, 0, 0, 0)), "trade: given must have 7 counts"),
    (lambda: Trade((0, 2, 0, 0, 0, -1, 0), SEVEN_ZEROS), "trade: taken[5] (leather) must be from 0 to 55, got -1"),
    (lambda: Trade(SEVEN_ZEROS, (0, 0, 0, 0, 0, 0, 1.5)), "trade: given[6] (camel) must be from 0 to 55, got 1.5"),
    (lambda: Trade(SEVEN_ZEROS, (0, 0, 0, 0, 0, 0, 56)), "trade: given[6] (camel) must be from 0 to 55, got 56"),
    (lambda: Trade("gold", SEVEN_ZEROS), "trade: taken must be a tuple of 7 counts, got str"),
    (lambda: Trade(None, SEVEN_ZEROS), "trade: taken must be a tuple of 7 counts, got NoneType"),
], ids=lambda value: value if isinstance(value, str) else "")
def test_malformed_actions_cannot_be_constructed(build, fragment):
    with pytest.raises(InvalidActionError) as error:
        build()
    assert fragment in str(error.value)
    assert isinstance(error.value, ValueError)
    assert len(str(error.value)) < 120   # a huge bad value is described, not printed


def test_a_trade_built_from_lists_holds_tuples_and_equals_the_tuple_one():
    built = Trade([0, 1, 1, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1, 1])
    assert type(built.taken) is tuple and type(built.given) is tuple
    assert built == trade([GOLD, SILVER], [LEATHER, CAMEL])
    assert hash(built) == hash(trade([GOLD, SILVER], [LEATHER, CAMEL]))


def test_well_formed_actions_the_rules_refuse_can_still_be_built():
    # These have a reason from the rules ("Camels cannot be sold", "A trade never takes camels", ...).
    assert str(Sell(CAMEL, 2)) == "sell camel 2"
    assert str(Sell(SILVER, 7)) == "sell silver 7"
    assert str(Trade((0,) * 6 + (2,), (0, 0, 0, 0, 0, 2, 0))) == "trade camel+camel for leather+leather"
    assert str(Trade(SEVEN_ZEROS, SEVEN_ZEROS)) == "trade  for "


@pytest.mark.parametrize("text, fragment", [
    ("sell leather " + "9" * 4300, "an action is at most 200 characters, this one has 4313"),
    ("sell leather " + "9" * 150, "the game has only 55 cards in all"),
    ("sell leather 56", "the game has only 55 cards in all"),
    ("sell leather 0000", "sell at least one card"),
    ("take " + "x" * 190, "unknown card 'xxxx"),
    ("trade " + "+".join(["gold"] * 30) + " for leather", None),
])
def test_counts_and_lengths_are_bounded_before_conversion(text, fragment):
    if fragment is None:   # well formed (30 gold): the rules will refuse it with a reason
        assert parse_action(text).taken[GOLD] == 30
        return
    with pytest.raises(InvalidActionError) as error:
        parse_action(text)
    assert fragment in str(error.value)
    assert len(str(error.value)) < 200


def test_sell_counts_with_leading_zeros_parse():
    assert parse_action("sell leather 003") == Sell(LEATHER, 3)


@given(good=st.integers(-10, 20) | st.floats() | st.booleans() | st.none() | st.text(max_size=3),
       count=st.integers(-10 ** 30, 10 ** 30) | st.floats() | st.booleans() | st.none())
@settings(max_examples=300, deadline=None)
def test_every_sell_either_builds_a_well_formed_value_or_raises_invalid_action(good, count):
    try:
        action = Sell(good, count)
    except InvalidActionError:
        return
    assert type(action.good) is int and 0 <= action.good <= CAMEL
    assert type(action.count) is int and 1 <= action.count <= 55
    assert parse_action(str(action)) == action


# --- why_illegal is complete over every constructible action (issue 12). ---

def _position_after(seed: int, steps: int):
    """The position after `steps` uniform-random actions from a seeded deal (may be scored)."""
    import random

    from jaipur_core import PLAY, apply_legal, legal_actions, new_game
    rng = random.Random(seed)
    state = new_game(rng)
    for _ in range(steps):
        if state.phase != PLAY:
            break
        state = apply_legal(state, rng.choice(legal_actions(state)))
    return state


COUNT = st.integers(0, 3) | st.integers(0, 55)


def _actions(state):
    """Any action value at all, and (half the time) one shaped after the position."""
    me = state.to_move
    hand, market, herd = state.hands[me], state.market, state.herds[me]
    near_counts = st.tuples(*(st.integers(0, market[card] + 1) for card in range(7)))
    givable = tuple(hand) + (herd,)
    near_given = st.tuples(*(st.integers(0, givable[card] + 1) for card in range(7)))
    strategies = [
        st.just(CAMELS),
        st.builds(TakeGood, st.sampled_from(range(6))),
        st.builds(Sell, st.integers(0, 6), st.integers(1, 8) | st.integers(1, 55)),
        st.builds(Trade, st.tuples(*[COUNT] * 7), st.tuples(*[COUNT] * 7)),
        st.builds(Trade, near_counts, near_given),
    ]
    from jaipur_core import legal_actions
    legal = legal_actions(state)
    if legal:   # a legal action, or one count of it nudged by one: the boundary cases
        strategies.append(st.builds(_nudged, st.sampled_from(legal), st.integers(0, 13), st.sampled_from((-1, 0, 1))))
    return st.one_of(strategies)


def _nudged(action, index: int, step: int):
    if isinstance(action, Trade):
        sides = [list(action.taken), list(action.given)]
        side, card = sides[index // 7], index % 7
        side[card] = max(0, side[card] + step)
        return Trade(*sides)
    if isinstance(action, Sell):
        return Sell(action.good, max(1, action.count + step))
    return action


@given(seed=st.integers(0, 2 ** 32 - 1), steps=st.integers(0, 120), data=st.data())
@settings(max_examples=200, deadline=None)
def test_why_illegal_agrees_with_legal_actions_for_every_constructible_action(seed, steps, data):
    from jaipur_core import IllegalActionError, apply, apply_legal, legal_actions, position_to_json, why_illegal
    state = _position_after(seed, steps)
    action = data.draw(_actions(state), label="action")
    legal = action in set(legal_actions(state))
    reason = why_illegal(state, action)
    event(f"{action.kind} {'legal' if legal else 'illegal'}")
    assert (reason is None) == legal, (str(action), reason)
    before = position_to_json(state)
    if legal:
        assert apply(state, action) == apply_legal(state, action)
    else:
        assert isinstance(reason, str) and reason
        with pytest.raises(IllegalActionError) as error:
            apply(state, action)
        assert error.value.reason == reason
    assert position_to_json(state) == before   # a refusal, or a legal move, leaves the state unchanged
