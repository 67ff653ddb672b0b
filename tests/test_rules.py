"""One table-driven test per rule and per Decision of RULES.md.

Each scenario is a hand-made position (tests.helpers.state), an action, and
the expected legal actions, resulting position or refusal reason.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from jaipur_core import (
    GAME_OVER,
    PLAY,
    ROUND_OVER,
    IllegalActionError,
    InvalidActionError,
    JaipurError,
    apply,
    is_legal,
    legal_actions,
    new_game,
    next_round,
    parse_action,
    position_from_json,
    position_to_json,
    why_illegal,
)
from jaipur_core.cards import BONUS_TOKENS, CAMEL, CARD_COUNTS
from tests.helpers import hand_names, legal_texts, market_names, state


def after(start, *actions):
    for action in actions:
        start = apply(start, action)
    return start


def as_json(game_state):
    return position_to_json(game_state)


# --------------------------------------------------------------------------- deal

@pytest.mark.parametrize("seed", range(20))
def test_deal_sets_up_a_round(seed):
    dealt = new_game(random.Random(seed))
    data = as_json(dealt)
    assert dealt.phase == PLAY and dealt.round == 1 and data["seals"] == [0, 0]
    assert len(data["market"]) == 5 and data["market"].count("camel") >= 3
    assert len(data["deck"]) == 40
    for player in (0, 1):
        seat = data["players"][player]
        assert "camel" not in seat["hand"]
        assert len(seat["hand"]) + seat["herd"] == 5
        assert seat["goods_tokens"] == {} and seat["bonus_tokens"] == []
    # Every camel dealt to a hand went to the herd: the 11 camels are all in sight or in the deck.
    assert (data["market"].count("camel") + data["deck"].count("camel")
            + data["players"][0]["herd"] + data["players"][1]["herd"]) == CARD_COUNTS[CAMEL]
    assert data["discard"] == []
    for size, values in BONUS_TOKENS.items():
        assert sorted(data["bonus_tokens"][str(size)]) == sorted(values)
    assert data["camel_token"] is True and data["round_result"] is None
    # The starter moves first.
    assert dealt.to_move == dealt.round_starter
    position_from_json(data)  # the engine's full validation agrees


def test_deal_shuffles_the_bonus_piles_and_the_cards():
    orders = {size: set() for size in BONUS_TOKENS}
    decks = set()
    for seed in range(30):
        data = as_json(new_game(random.Random(seed)))
        for size in BONUS_TOKENS:
            orders[size].add(tuple(data["bonus_tokens"][str(size)]))
        decks.add(tuple(data["deck"]))
    assert all(len(seen) > 5 for seen in orders.values())
    assert len(decks) == 30


@pytest.mark.parametrize("first", [0, 1])
def test_deal_the_chosen_starter_moves_first(first):
    dealt = new_game(random.Random(7), first)
    assert dealt.round_starter == first and dealt.to_move == first


def test_deal_random_starter_by_default_can_be_either():
    assert {new_game(random.Random(seed)).round_starter for seed in range(20)} == {0, 1}


def test_deal_camels_in_dealt_hand_go_to_the_herd():
    herds = [new_game(random.Random(seed)).herds for seed in range(40)]
    assert any(sum(pair) > 0 for pair in herds)  # some deals do give camels


# ------------------------------------------------------------------ take one good

def test_take_one_good_offers_each_good_in_the_market_once():
    s = state(market="camel gold gold leather spice", hands=("cloth", ""))
    takes = [text for text in legal_texts(s) if text.startswith("take ")]
    assert takes == ["take gold", "take leather", "take spice"]


def test_take_one_good_refills_the_market_from_the_deck_top():
    s = state(market="camel camel camel gold leather", hands=("cloth", "spice"),
              deck_top="diamond silver")
    t = apply(s, "take gold")
    assert hand_names(t, 0) == ["gold", "cloth"]
    assert sorted(market_names(t)) == sorted(["camel", "camel", "camel", "leather", "diamond"])
    assert as_json(t)["deck"][0] == "silver" and len(t.deck) == len(s.deck) - 1
    assert t.to_move == 1 and t.phase == PLAY


@pytest.mark.parametrize("hand, herd, allowed", [
    ("cloth cloth cloth spice spice leather leather", 0, False),   # 7 goods: no take
    ("cloth cloth cloth spice spice leather", 0, True),            # 6 goods
    ("cloth cloth cloth spice spice leather", 5, True),            # camels never count
], ids=["hand-7", "hand-6", "hand-6-herd-5"])
def test_take_one_good_hand_limit(hand, herd, allowed):
    s = state(market="camel gold gold diamond silver", hands=(hand, ""), herds=(herd, 0))
    has_take = any(text.startswith("take ") for text in legal_texts(s))
    assert has_take is allowed
    if not allowed:
        assert why_illegal(s, "take gold") == "Your hand already holds 7 cards"
        # Other ways to take remain: camels and trades.
        assert "camels" in legal_texts(s)
        assert any(text.startswith("trade ") for text in legal_texts(s))


def test_take_one_good_not_a_camel():
    s = state(market="camel camel camel gold leather")
    assert "take camel" not in legal_texts(s)
    assert why_illegal(s, "take silver") == "The market has no silver"


# -------------------------------------------------------------------------- trade

TRADE_MARKET = "camel gold gold leather spice"


def test_trade_exact_legal_set_small_position():
    s = state(market="camel gold leather cloth cloth", hands=("spice gold", ""), herds=(1, 0))
    trades = [text for text in legal_texts(s) if text.startswith("trade ")]
    assert trades == [
        "trade cloth+cloth for gold+camel",
        "trade cloth+cloth for gold+spice",
        "trade cloth+cloth for spice+camel",
        "trade cloth+cloth+leather for gold+spice+camel",
        "trade cloth+leather for gold+camel",
        "trade cloth+leather for gold+spice",
        "trade cloth+leather for spice+camel",
        "trade gold+cloth for spice+camel",
        "trade gold+leather for spice+camel",
    ]


def test_trade_takes_at_least_two_goods():
    s = state(market=TRADE_MARKET, hands=("cloth", ""), herds=(2, 0))
    assert all(sum(1 for _ in text.split(" for ")[0][6:].split("+")) >= 2
               for text in legal_texts(s) if text.startswith("trade "))
    assert why_illegal(s, "trade gold for cloth") == \
        "A trade takes at least two goods; to take one good, use take"


def test_trade_never_takes_camels():
    s = state(market=TRADE_MARKET, hands=("cloth cloth", ""), herds=(2, 0))
    assert not any("camel" in text.split(" for ")[0] for text in legal_texts(s)
                   if text.startswith("trade "))
    assert why_illegal(s, "trade camel+gold for cloth+cloth") == \
        "A trade never takes camels: take all the camels instead"


def test_trade_gives_back_the_same_number():
    s = state(market=TRADE_MARKET, hands=("cloth cloth diamond", ""), herds=(2, 0))
    for text in legal_texts(s):
        if text.startswith("trade "):
            taken, given = text[6:].split(" for ")
            assert len(taken.split("+")) == len(given.split("+"))
    assert why_illegal(s, "trade gold+leather for cloth") == \
        "A trade gives back as many cards as it takes (2, not 1)"
    assert why_illegal(s, "trade gold+leather for cloth+cloth+diamond") == \
        "A trade gives back as many cards as it takes (2, not 3)"


def test_trade_from_hand_and_or_herd_camels():
    s = state(market=TRADE_MARKET, hands=("cloth diamond", ""), herds=(2, 0))
    texts = legal_texts(s)
    assert "trade gold+leather for diamond+cloth" in texts      # hand only
    assert "trade gold+leather for camel+camel" in texts        # herd only
    assert "trade gold+leather for diamond+camel" in texts      # both
    t = apply(s, "trade gold+leather for diamond+camel")
    assert hand_names(t, 0) == ["gold", "cloth", "leather"]
    assert t.herds == (1, 0)
    assert sorted(market_names(t)) == sorted("camel camel gold spice diamond".split())


def test_trade_no_good_of_a_taken_type_given_back():
    # Every 2-card taking includes gold, leather or spice; the hand holds only gold and spice,
    # so no trade can give back two cards of other types.
    s = state(market=TRADE_MARKET, hands=("gold spice", ""), herds=(0, 0))
    assert legal_texts(s) == ["camels", "sell spice 1", "take gold", "take leather", "take spice"]
    assert why_illegal(s, "trade gold+leather for gold+spice") == \
        "You cannot give back gold while taking gold"
    assert why_illegal(s, "trade leather+spice for gold+spice") == \
        "You cannot give back spice while taking spice"


def test_trade_no_good_of_a_taken_type_given_back_positive():
    s = state(market=TRADE_MARKET, hands=("gold cloth", ""), herds=(0, 0))
    trades = [text for text in legal_texts(s) if text.startswith("trade ")]
    assert trades == ["trade spice+leather for gold+cloth"]


def test_trade_hand_may_not_end_above_seven():
    # 6 goods in hand: giving two camels would make 8.
    s = state(market=TRADE_MARKET, hands=("cloth cloth cloth diamond diamond silver", ""),
              herds=(3, 0))
    texts = legal_texts(s)
    assert "trade gold+leather for diamond+camel" in texts          # hand ends at 7
    assert "trade gold+leather for camel+camel" not in texts        # hand would be 8
    assert why_illegal(s, "trade gold+leather for camel+camel") == \
        "Your hand would hold 8 cards; the limit is 7"
    t = apply(s, "trade gold+leather for diamond+camel")
    assert t.hand_size(0) == 7


def test_trade_allowed_with_a_full_hand_when_giving_goods():
    s = state(market=TRADE_MARKET, hands=("cloth cloth cloth diamond diamond silver silver", ""),
              herds=(3, 0))
    texts = legal_texts(s)
    assert "trade gold+leather for cloth+cloth" in texts
    assert not any(text.startswith("trade ") and "camel" in text.split(" for ")[1] for text in texts)


def test_trade_draws_nothing():
    s = state(market=TRADE_MARKET, hands=("cloth diamond", ""), herds=(2, 0))
    t = apply(s, "trade gold+gold for cloth+camel")
    assert t.deck == s.deck
    assert len(market_names(t)) == 5
    assert sorted(market_names(t)) == sorted("camel camel leather spice cloth".split())


@pytest.mark.parametrize("action, reason", [
    ("trade gold+gold+gold for cloth+diamond+camel", "The market has only 2 gold"),
    ("trade gold+silver for cloth+diamond", "The market has no silver"),
    ("trade gold+leather for cloth+cloth", "You have only 1 cloth in your hand"),
    ("trade gold+leather for camel+camel+camel", "A trade gives back as many cards as it takes (2, not 3)"),
    ("trade gold+leather+spice for camel+camel+camel", "You have only 2 camels in your herd"),
    ("trade gold+leather for silver+cloth", "You have no silver in your hand"),
], ids=["market-short", "market-none", "hand-short", "count", "herd-short", "hand-none"])
def test_trade_refusal_reasons(action, reason):
    s = state(market=TRADE_MARKET, hands=("cloth diamond", ""), herds=(2, 0))
    assert why_illegal(s, action) == reason
    with pytest.raises(IllegalActionError) as error:
        apply(s, action)
    assert error.value.reason == reason
    assert str(error.value) == f"illegal action '{parse_action(action)}': {reason}"


# -------------------------------------------------------------------- take camels

def test_take_camels_takes_all_and_refills():
    s = state(market="camel camel camel gold leather", hands=("cloth", ""), herds=(1, 0),
              deck_top="diamond camel silver spice")
    t = apply(s, "camels")
    assert t.herds == (4, 0)
    assert sorted(market_names(t)) == sorted("gold leather diamond camel silver".split())
    assert as_json(t)["deck"][0] == "spice"
    assert hand_names(t, 0) == ["cloth"]


def test_take_camels_is_one_action_only():
    s = state(market="camel camel camel gold leather")
    assert legal_texts(s).count("camels") == 1
    assert "camels" in legal_texts(s)


def test_take_camels_needs_a_camel():
    s = state(market="diamond gold silver cloth spice")
    assert "camels" not in legal_texts(s)
    assert why_illegal(s, "camels") == "There are no camels in the market"


def test_take_camels_allowed_with_a_full_hand():
    s = state(market="camel gold gold leather spice",
              hands=("cloth cloth cloth diamond diamond silver silver", ""))
    assert "camels" in legal_texts(s)
    assert apply(s, "camels").hand_size(0) == 7


# ---------------------------------------------------------------------------- sell

def test_sell_one_good_any_number():
    s = state(hands=("leather leather leather cloth spice spice", ""))
    sells = [text for text in legal_texts(s) if text.startswith("sell ")]
    assert sells == ["sell cloth 1", "sell leather 1", "sell leather 2", "sell leather 3",
                     "sell spice 1", "sell spice 2"]
    assert why_illegal(s, "sell leather 4") == "You have only 3 leather in your hand"
    assert why_illegal(s, "sell gold 2") == "You have no gold in your hand"
    assert why_illegal(s, "sell camel 1") == "Camels cannot be sold"


@pytest.mark.parametrize("good, message", [
    ("diamond", "Diamonds are sold at least two at a time"),
    ("gold", "Gold is sold at least two at a time"),
    ("silver", "Silver is sold at least two at a time"),
])
def test_sell_precious_minimum_two(good, message):
    s = state(hands=(f"{good} {good} {good}", ""))
    sells = [text for text in legal_texts(s) if text.startswith("sell ")]
    assert sells == [f"sell {good} 2", f"sell {good} 3"]
    assert why_illegal(s, f"sell {good} 1") == message
    with pytest.raises(IllegalActionError, match=message):
        apply(s, f"sell {good} 1")


def test_sell_precious_minimum_two_even_with_one_token_left():
    s = state(hands=("diamond diamond", "diamond"), goods_won=({"diamond": [7, 7, 5, 5]}, {}))
    assert "sell diamond 2" in legal_texts(s)
    assert why_illegal(s, "sell diamond 1") == "Diamonds are sold at least two at a time"
    t = apply(s, "sell diamond 2")
    assert as_json(t)["players"][0]["goods_tokens"]["diamond"] == [7, 7, 5, 5, 5]
    assert as_json(t)["goods_tokens"]["diamond"] == []


def test_sell_a_single_precious_card_is_never_legal():
    s = state(hands=("diamond gold silver", ""))
    assert [text for text in legal_texts(s) if text.startswith("sell ")] == []


def test_sell_pays_the_top_token_per_card_and_discards():
    s = state(hands=("leather leather cloth", ""), discard="spice")
    t = apply(s, "sell leather 2")
    data = as_json(t)
    assert data["players"][0]["goods_tokens"] == {"leather": [4, 3]}
    assert data["goods_tokens"]["leather"] == [2, 1, 1, 1, 1, 1, 1]
    assert data["discard"][:3] == ["leather", "leather", "spice"]
    assert data["players"][0]["hand"] == ["cloth"]
    assert data["players"][0]["bonus_tokens"] == []       # 2 cards: no bonus
    assert t.deck == s.deck and t.market == s.market      # a sale draws nothing


def test_sell_token_shortage_pays_only_the_tokens_left():
    s = state(hands=("cloth cloth cloth cloth", ""),
              goods_won=({"cloth": [5, 3, 3, 2, 2]}, {}))
    t = apply(s, "sell cloth 4")
    data = as_json(t)
    assert data["players"][0]["goods_tokens"]["cloth"] == [5, 3, 3, 2, 2, 1, 1]
    assert data["goods_tokens"]["cloth"] == []
    # The 4-card bonus is paid even though the goods tokens ran short.
    assert data["players"][0]["bonus_tokens"] == [s.bonus_piles[1][0]]


@pytest.mark.parametrize("count, pile", [(3, "3"), (4, "4"), (5, "5"), (6, "5"), (7, "5")])
def test_sell_bonus_pile_by_sale_size(count, pile):
    s = state(hands=("leather " * count, ""),
              bonus_piles={"3": [2, 1, 1, 2, 2, 3, 3], "4": [6, 4, 4, 5, 5, 6], "5": [9, 8, 8, 10, 10]})
    t = apply(s, f"sell leather {count}")
    data = as_json(t)
    top = {"3": 2, "4": 6, "5": 9}[pile]
    assert data["players"][0]["bonus_tokens"] == [top]
    assert len(data["bonus_tokens"][pile]) == len(as_json(s)["bonus_tokens"][pile]) - 1
    assert data["players"][0]["goods_tokens"]["leather"] == [4, 3, 2, 1, 1, 1, 1][:count]


def test_sell_empty_bonus_pile_pays_no_bonus_decision():
    s = state(hands=("leather leather leather leather leather", ""),
              bonus_won=((), (8, 8, 9, 10, 10)))
    assert as_json(s)["bonus_tokens"]["5"] == []
    assert "sell leather 5" in legal_texts(s)
    t = apply(s, "sell leather 5")
    data = as_json(t)
    assert data["players"][0]["bonus_tokens"] == []
    assert data["players"][0]["goods_tokens"]["leather"] == [4, 3, 2, 1, 1]
    assert t.phase == PLAY


def test_sell_good_with_empty_token_pile_for_the_bonus_only():
    s = state(hands=("leather leather leather", ""),
              goods_won=({}, {"leather": [4, 3, 2, 1, 1, 1, 1, 1, 1]}), herds=(0, 0),
              market="camel camel camel gold spice")
    assert as_json(s)["goods_tokens"]["leather"] == []
    assert "sell leather 3" in legal_texts(s) and "sell leather 1" in legal_texts(s)
    t = apply(s, "sell leather 3")
    data = as_json(t)
    assert "leather" not in data["players"][0]["goods_tokens"]
    assert data["players"][0]["bonus_tokens"] == [s.bonus_piles[0][0]]
    assert t.phase == PLAY


# ------------------------------------------------------------------------ round end

TWO_EMPTY = ({"diamond": [7, 7, 5, 5, 5]}, {"gold": [6, 6, 5, 5, 5]})


def test_round_ends_when_a_sale_empties_the_third_pile():
    s = state(hands=("silver silver", "cloth"),
              goods_won=({"diamond": [7, 7, 5, 5, 5], "silver": [5, 5, 5, 5]}, {"gold": [6, 6, 5, 5, 5]}))
    t = apply(s, "sell silver 2")
    assert t.phase == ROUND_OVER
    assert t.round_result is not None
    assert as_json(t)["players"][0]["goods_tokens"]["silver"] == [5, 5, 5, 5, 5]
    assert legal_actions(t) == ()
    assert why_illegal(t, "sell cloth 1") == "The round is over"
    with pytest.raises(IllegalActionError, match="The round is over"):
        apply(t, "take gold")
    position_from_json(as_json(t))


def test_round_does_not_end_with_two_empty_piles():
    s = state(hands=("leather leather", "cloth"), goods_won=TWO_EMPTY)
    t = apply(s, "sell leather 2")
    assert t.phase == PLAY and t.empty_piles() == 2


def test_round_does_not_end_by_a_sale_into_an_already_empty_pile():
    s = state(hands=("diamond diamond leather", "cloth"), goods_won=TWO_EMPTY)
    t = apply(s, "sell diamond 2")
    assert t.phase == PLAY and t.empty_piles() == 2


def test_round_ends_on_a_short_refill_and_the_action_stands():
    s = state(market="camel gold gold leather spice", hands=("cloth", "silver"),
              deck=[], spare_camels_to=1)
    assert s.phase == PLAY and not s.deck        # empty deck, full market: play goes on
    t = apply(s, "take gold")
    assert t.phase == ROUND_OVER
    assert hand_names(t, 0) == ["gold", "cloth"]  # the action stands
    assert sorted(market_names(t)) == sorted("camel gold leather spice".split())
    position_from_json(as_json(t))


def test_round_end_refill_is_card_by_card():
    s = state(market="camel camel camel gold leather", hands=("cloth", "silver"),
              deck=["diamond"], spare_camels_to=1)
    t = apply(s, "camels")
    assert t.phase == ROUND_OVER
    assert t.herds[0] == 3
    assert sorted(market_names(t)) == sorted("gold leather diamond".split())
    assert t.deck == ()


def test_round_goes_on_when_the_deck_exactly_refills():
    s = state(market="camel camel gold leather spice", hands=("cloth", "silver"),
              deck=["diamond", "gold"], spare_camels_to=1)
    t = apply(s, "camels")
    assert t.phase == PLAY and t.deck == () and len(market_names(t)) == 5
    u = apply(t, "take gold")          # the next take needing a refill ends the round
    assert u.phase == ROUND_OVER


def test_round_goes_on_after_a_take_drawing_the_last_card():
    s = state(market="camel gold gold leather spice", hands=("cloth", "silver"),
              deck=["diamond"], spare_camels_to=1)
    t = apply(s, "take gold")
    assert t.phase == PLAY and t.deck == ()


def test_trade_with_an_empty_deck_does_not_end_the_round():
    s = state(market="camel gold gold leather spice", hands=("cloth diamond", "silver"),
              deck=[], spare_camels_to=1)
    t = apply(s, "trade gold+leather for cloth+diamond")
    assert t.phase == PLAY


def test_sell_with_an_empty_deck_does_not_end_the_round():
    s = state(market="camel gold gold leather spice", hands=("cloth", "silver"),
              deck=[], spare_camels_to=1)
    assert apply(s, "sell cloth 1").phase == PLAY


# -------------------------------------------------------------------------- scoring

def scored(**kwargs):
    """End the round at once: player to move takes gold with an empty deck."""
    kwargs.setdefault("market", "camel gold gold leather spice")
    kwargs.setdefault("deck", [])
    s = state(**kwargs)
    t = apply(s, "take gold")
    assert t.phase in (ROUND_OVER, GAME_OVER)
    position_from_json(as_json(t))   # the scored position validates
    return t


@pytest.mark.parametrize("herds, holder", [
    ((6, 4), 0), ((3, 7), 1), ((5, 5), None), ((10, 0), 0), ((0, 10), 1)
], ids=["p0-more", "p1-more", "equal", "p0-all", "p1-all"])
def test_camel_token_goes_to_strict_majority(herds, holder):
    t = scored(herds=herds)
    assert t.round_result.camel_token == holder
    data = as_json(t)
    assert data["camel_token"] is (holder is None)
    for player in (0, 1):
        assert data["players"][player]["camel_token"] is (holder == player)
    expected = [0, 0]
    if holder is not None:
        expected[holder] = 5
    assert list(t.round_result.scores) == expected


@pytest.mark.parametrize("goods_won, bonus_won, herds, scores, bonus_counts, goods_counts, seal", [
    (({"leather": [4]}, {}), ((), ()), (5, 5), (4, 0), (0, 0), (1, 0), 0),
    (({}, {"cloth": [5]}), ((), ()), (5, 5), (0, 5), (0, 0), (0, 1), 1),
    # camel token decides: 4 + 5 beats 5
    (({"leather": [4]}, {"cloth": [5]}), ((), ()), (6, 4), (9, 5), (0, 0), (1, 1), 0),
    # equal totals: more bonus tokens wins
    (({"leather": [4, 3, 2, 1]}, {}), ((), (10,)), (5, 5), (10, 10), (0, 1), (4, 0), 1),
    # equal totals and bonus counts: more goods tokens wins
    (({"leather": [4, 3]}, {"diamond": [7]}), ((), ()), (5, 5), (7, 7), (0, 0), (2, 1), 0),
    (({"diamond": [7]}, {"leather": [4, 3]}), ((3,), (3,)), (5, 5), (10, 10), (1, 1), (1, 2), 1),
    # still equal after both tie-breaks: nobody takes a seal
    (({"cloth": [5]}, {"spice": [5]}), ((), ()), (5, 5), (5, 5), (0, 0), (1, 1), None),
    (({}, {}), ((), ()), (5, 5), (0, 0), (0, 0), (0, 0), None),
], ids=["richer-0", "richer-1", "camel-token", "tie-bonus", "tie-goods-0", "tie-goods-1",
        "draw", "draw-empty"])
def test_scoring_and_tie_breaks(goods_won, bonus_won, herds, scores, bonus_counts,
                                goods_counts, seal):
    t = scored(goods_won=goods_won, bonus_won=bonus_won, herds=herds)
    result = t.round_result
    assert result.scores == scores
    assert result.bonus_counts == bonus_counts
    assert result.goods_counts == goods_counts
    assert result.seal == seal
    expected_seals = [0, 0]
    if seal is not None:
        expected_seals[seal] = 1
    assert list(t.seals) == expected_seals
    assert t.phase == ROUND_OVER and t.winner is None


@pytest.mark.parametrize("starter", [0, 1])
def test_drawn_round_decision_no_seal_and_the_other_player_starts(starter):
    t = scored(goods_won=({"cloth": [5]}, {"spice": [5]}), herds=(5, 5), round=2,
               seals=(1, 0), round_starter=starter, to_move=0)
    assert t.round_result.seal is None and t.seals == (1, 0) and t.phase == ROUND_OVER
    u = next_round(t, random.Random(1))
    assert u.round == 3 and u.seals == (1, 0)
    assert u.round_starter == 1 - starter and u.to_move == 1 - starter


@pytest.mark.parametrize("winner", [0, 1])
def test_round_loser_starts_the_next_round(winner):
    goods = ({"cloth": [5]}, {}) if winner == 0 else ({}, {"cloth": [5]})
    t = scored(goods_won=goods, herds=(5, 5), round_starter=winner, to_move=0)
    assert t.round_result.seal == winner and t.phase == ROUND_OVER
    u = next_round(t, random.Random(3))
    assert u.phase == PLAY and u.round == 2 and u.seals == t.seals
    assert u.round_starter == 1 - winner and u.to_move == 1 - winner
    assert len(u.deck) == 40 and u.discard == () and u.camel_token is None


@pytest.mark.parametrize("seals, winner, phase", [
    ((1, 0), 0, GAME_OVER), ((0, 1), 1, GAME_OVER),
    ((1, 0), 1, ROUND_OVER), ((1, 1), 0, GAME_OVER), ((1, 1), 1, GAME_OVER),
], ids=["1-0-then-0", "0-1-then-1", "1-0-then-1", "1-1-then-0", "1-1-then-1"])
def test_two_seals_win_the_game_at_once(seals, winner, phase):
    goods = ({"cloth": [5]}, {}) if winner == 0 else ({}, {"cloth": [5]})
    t = scored(goods_won=goods, herds=(5, 5), round=sum(seals) + 1, seals=seals)
    assert t.phase == phase
    assert t.seals[winner] == seals[winner] + 1
    if phase == GAME_OVER:
        assert t.winner == winner
        assert legal_actions(t) == ()
        assert why_illegal(t, "take gold") == "The game is over"
        with pytest.raises(JaipurError):
            next_round(t, random.Random(1))
    else:
        assert t.winner is None
        assert next_round(t, random.Random(1)).round == t.round + 1


def test_next_round_only_from_round_over():
    s = state()
    with pytest.raises(JaipurError, match="round_over"):
        next_round(s, random.Random(1))


def test_game_of_three_rounds_by_random_play():
    rng = random.Random(11)
    game_state = new_game(rng)
    rounds = 1
    while game_state.phase != GAME_OVER:
        while game_state.phase == PLAY:
            game_state = apply(game_state, rng.choice(legal_actions(game_state)))
        if game_state.phase == ROUND_OVER:
            game_state = next_round(game_state, rng)
            rounds += 1
    assert max(game_state.seals) == 2 and game_state.winner == game_state.seals.index(2)
    assert rounds == game_state.round >= 2


# ------------------------------------------------------------- illegal-action reasons

@pytest.mark.parametrize("kwargs, action, reason", [
    (dict(hands=("diamond", "")), "sell diamond 1", "Diamonds are sold at least two at a time"),
    (dict(hands=("gold", "")), "sell gold 1", "Gold is sold at least two at a time"),
    (dict(hands=("leather", "")), "sell leather 2", "You have only 1 leather in your hand"),
    (dict(hands=("", "")), "sell spice 1", "You have no spice in your hand"),
    (dict(hands=("diamond diamond", "")), "sell diamond 3", "You have only 2 diamonds in your hand"),
    (dict(), "sell camel 1", "Camels cannot be sold"),
    (dict(market="diamond gold silver cloth spice"), "camels", "There are no camels in the market"),
    (dict(), "take diamond", "The market has no diamond"),
    (dict(hands=("cloth cloth cloth cloth spice spice spice", "")), "take gold",
     "Your hand already holds 7 cards"),
    (dict(), "trade camel+gold for cloth+spice",
     "A trade never takes camels: take all the camels instead"),
    (dict(hands=("cloth", "")), "trade gold for cloth",
     "A trade takes at least two goods; to take one good, use take"),
    (dict(market="camel gold gold leather spice", hands=("gold cloth", "")),
     "trade gold+leather for gold+cloth", "You cannot give back gold while taking gold"),
    (dict(market="camel gold gold leather spice", hands=("cloth", "")),
     "trade gold+leather for cloth+camel", "You have no camels in your herd"),
    (dict(market="camel gold gold leather spice", hands=("cloth", ""), herds=(1, 0)),
     "trade gold+leather+spice for cloth+camel+camel", "You have only 1 camel in your herd"),
], ids=["diamond-1", "gold-1", "sell-short", "sell-none", "sell-diamonds-short", "sell-camel",
        "no-camels", "take-missing", "hand-full", "trade-camel", "trade-one", "trade-same-type",
        "trade-no-herd", "trade-herd-short"])
def test_illegal_action_reasons(kwargs, action, reason):
    s = state(**kwargs)
    before = as_json(s)
    assert why_illegal(s, action) == reason
    with pytest.raises(IllegalActionError) as error:
        apply(s, action)
    assert error.value.reason == reason
    assert isinstance(error.value, ValueError)
    assert as_json(s) == before


def test_state_is_a_value_apply_leaves_it_unchanged():
    s = state(market="camel camel gold leather spice", hands=("cloth cloth cloth", "diamond"),
              herds=(1, 0))
    before = as_json(s)
    for action in legal_actions(s):
        apply(s, action)
        assert as_json(s) == before


def test_to_move_alternates():
    s = state(hands=("cloth", "spice"), to_move=1)
    t = apply(s, "sell spice 1")
    assert t.to_move == 0
    assert apply(t, "sell cloth 1").to_move == 1


def test_card_conservation_of_a_builder_position():
    data = as_json(state(hands=("cloth", "spice"), herds=(2, 1)))
    counts = Counter(data["market"] + data["deck"] + data["discard"]
                     + data["players"][0]["hand"] + data["players"][1]["hand"])
    counts["camel"] += 3
    assert counts == Counter({name: n for name, n in zip(
        ("diamond", "gold", "silver", "cloth", "spice", "leather", "camel"), CARD_COUNTS, strict=True)})


@pytest.mark.parametrize("action, legal", [
    ("camels", True), ("take gold", True), ("TAKE  Gold", True), ("take silver", False),
    ("sell cloth 1", True), ("sell cloth 2", False),
], ids=["camels", "take", "take-case", "take-missing", "sell", "sell-too-many"])
def test_is_legal_accepts_actions_and_text(action, legal):
    s = state(market="camel camel camel gold leather", hands=("cloth", ""))
    assert is_legal(s, action) is legal
    assert is_legal(s, parse_action(action)) is legal
    assert (why_illegal(s, action) is None) is legal


def test_is_legal_rejects_text_that_is_not_an_action():
    with pytest.raises(InvalidActionError):
        is_legal(state(), "dance")
