"""`jaipur-position/1`: the format, round trips, and validation that names the field."""

from __future__ import annotations

import copy
import json
import random

import pytest

from jaipur_core import (
    GAME_OVER,
    ROUND_OVER,
    InvalidPositionError,
    JaipurError,
    apply,
    new_game,
    position_from_json,
    position_to_json,
)
from tests.helpers import position

FIELDS = ["format", "phase", "round", "seals", "round_starter", "to_move", "market", "deck",
          "discard", "goods_tokens", "bonus_tokens", "camel_token", "players", "round_result",
          "winner"]
PLAYER_FIELDS = ["hand", "herd", "goods_tokens", "bonus_tokens", "camel_token"]


def valid():
    return position(market="camel camel gold leather spice",
                    hands=("diamond diamond cloth", "silver leather"), herds=(2, 1),
                    discard="cloth", goods_won=({"leather": [4, 3]}, {"cloth": [5]}),
                    bonus_won=((2,), ()), seed=3)


def scored_json(goods_won=({"cloth": [5]}, {}), seals=(0, 0), round=1):
    s = position_from_json(position(market="camel gold gold leather spice", deck=[],
                                    spare_camels_to=0, goods_won=goods_won, seals=seals,
                                    round=round))
    return position_to_json(apply(s, "take gold"))


def test_position_fields_as_in_format_md():
    data = position_to_json(new_game(random.Random(1)))
    assert list(data) == FIELDS
    assert all(list(player) == PLAYER_FIELDS for player in data["players"])
    assert data["format"] == "jaipur-position/1"
    assert list(data["goods_tokens"]) == ["diamond", "gold", "silver", "cloth", "spice", "leather"]
    assert list(data["bonus_tokens"]) == ["3", "4", "5"]


@pytest.mark.parametrize("seed", range(5))
def test_new_game_positions_round_trip(seed):
    data = position_to_json(new_game(random.Random(seed)))
    text = json.dumps(data)
    assert position_to_json(position_from_json(json.loads(text))) == data


def test_market_and_hands_are_multisets_printed_canonically():
    data = valid()
    data["market"] = ["spice", "camel", "leather", "gold", "camel"]
    data["players"][0]["hand"] = ["cloth", "diamond", "diamond"]
    out = position_to_json(position_from_json(data))
    assert out["market"] == ["gold", "spice", "leather", "camel", "camel"]
    assert out["players"][0]["hand"] == ["diamond", "diamond", "cloth"]


def test_deck_discard_and_bonus_order_is_kept():
    data = valid()
    out = position_to_json(position_from_json(data))
    assert out["deck"] == data["deck"] and out["discard"] == data["discard"]
    assert out["bonus_tokens"] == data["bonus_tokens"]


def test_unknown_fields_are_ignored():
    data = valid()
    data["comment"] = "from a blog"
    data["players"][0]["name"] = "Ada"
    assert position_to_json(position_from_json(data)) == position_to_json(position_from_json(valid()))


@pytest.mark.parametrize("seals, round, phase", [
    ((0, 0), 1, ROUND_OVER), ((1, 0), 2, GAME_OVER), ((0, 1), 2, ROUND_OVER)])
def test_scored_positions_validate_and_round_trip(seals, round, phase):
    data = scored_json(seals=seals, round=round)
    assert data["phase"] == phase
    assert position_to_json(position_from_json(data)) == data
    assert data["round_result"]["seal"] == 0
    assert data["winner"] == (0 if phase == GAME_OVER else None)


def edit(data, path, value):
    """Set (or delete, with value KeyError) the field at a path like 'players.1.hand'."""
    data = copy.deepcopy(data)
    target = data
    keys = path.split(".")
    for key in keys[:-1]:
        target = target[int(key)] if isinstance(target, list) else target[key]
    last = int(keys[-1]) if isinstance(target, list) else keys[-1]
    if value is KeyError:
        del target[last]
    else:
        target[last] = value
    return data


def move_deck_card_to_market(data):
    data = copy.deepcopy(data)
    data["market"].append(data["deck"].pop())
    return data


def take_market_card(data):
    data = copy.deepcopy(data)
    data["deck"].append(data["market"].pop(0))
    return data


def three_empty_piles(data):
    data = copy.deepcopy(data)
    data["goods_tokens"]["diamond"] = []
    data["goods_tokens"]["gold"] = []
    data["goods_tokens"]["silver"] = []
    data["players"][1]["goods_tokens"].update(
        diamond=[7, 7, 5, 5, 5], gold=[6, 6, 5, 5, 5], silver=[5, 5, 5, 5, 5])
    return data


P = valid()
INVALID = [
    ("not-object", [1, 2], "position: expected an object"),
    ("format", edit(P, "format", "jaipur-position/2"), "format:"),
    ("format-missing", edit(P, "format", KeyError), "format: missing"),
    ("phase", edit(P, "phase", "lunch"), "phase:"),
    ("round-zero", edit(P, "round", 0), "round:"),
    ("round-bool", edit(P, "round", True), "round:"),
    ("round-float", edit(P, "round", 1.5), "round:"),
    ("seals-length", edit(P, "seals", [0]), "seals:"),
    ("seals-too-many", edit(P, "seals", [1, 0]), "seals:"),
    ("starter", edit(P, "round_starter", 2), "round_starter:"),
    ("to-move-text", edit(P, "to_move", "0"), "to_move:"),
    ("to-move-missing", edit(P, "to_move", KeyError), "to_move: missing"),
    ("market-card", edit(P, "market.1", "ruby"), "market[1]:"),
    ("market-six", move_deck_card_to_market(P), "market:"),
    ("market-four", take_market_card(P), "market:"),
    ("deck-missing", edit(P, "deck", KeyError), "deck: missing"),
    ("deck-not-list", edit(P, "deck", "gold"), "deck:"),
    ("discard-camel", edit(P, "discard", ["camel"]), "discard[0]:"),
    ("goods-pile-value", edit(P, "goods_tokens.leather", [7, 1, 1, 1, 1, 1, 1]), "goods_tokens.leather:"),
    ("goods-pile-missing", edit(P, "goods_tokens.diamond", KeyError), "goods_tokens.diamond: missing"),
    ("goods-pile-order", edit(P, "goods_tokens.diamond", [5, 7, 7, 5, 5]), "goods_tokens.diamond:"),
    ("bonus-pile-value", edit(P, "bonus_tokens.3", [4, 1, 2, 2, 3, 3]), "bonus_tokens.3[0]:"),
    ("bonus-pile-missing", edit(P, "bonus_tokens.5", KeyError), "bonus_tokens.5: missing"),
    ("bonus-duplicated", edit(P, "players.0.bonus_tokens", [2, 2]), "bonus_tokens.3:"),
    ("bonus-lost", edit(P, "players.0.bonus_tokens", []), "bonus_tokens.3:"),
    ("camel-token-twice", edit(P, "players.0.camel_token", True), "camel_token:"),
    ("camel-token-nowhere", edit(P, "camel_token", False), "camel_token:"),
    ("camel-token-in-play", edit(edit(P, "camel_token", False), "players.1.camel_token", True),
     "camel_token:"),
    ("players-one", edit(P, "players", [P["players"][0]]), "players:"),
    ("hand-eight", edit(P, "players.1.hand", ["leather"] * 8), "players[1].hand:"),
    ("hand-camel", edit(P, "players.0.hand.0", "camel"), "players[0].hand[0]:"),
    ("herd-negative", edit(P, "players.0.herd", -1), "players[0].herd:"),
    ("herd-missing", edit(P, "players.1.herd", KeyError), "players[1].herd: missing"),
    ("card-missing", edit(P, "deck", P["deck"][1:]), "cards:"),
    ("card-extra", edit(P, "discard", P["discard"] + ["leather"]), "cards:"),
    ("goods-tokens-held", edit(P, "players.0.goods_tokens.leather", [4, 2]),
     "players.goods_tokens.leather:"),
    ("goods-tokens-unknown", edit(P, "players.0.goods_tokens.camel", [5]), "players[0].goods_tokens:"),
    ("goods-token-range", edit(P, "players.0.goods_tokens.leather", [4, 30]),
     "players[0].goods_tokens.leather[1]:"),
    ("round-result-in-play", edit(P, "round_result", scored_json()["round_result"]), "round_result:"),
    ("winner-in-play", edit(P, "winner", 0), "winner:"),
    ("three-empty-in-play", three_empty_piles(P), "goods_tokens:"),
]
SCORED = scored_json()
INVALID_SCORED = [
    ("round-over-not-ended", edit(P, "phase", "round_over"), "phase:"),
    ("scores", edit(SCORED, "round_result.scores", [4, 0]), "round_result.scores:"),
    ("seal", edit(edit(SCORED, "round_result.seal", 1), "seals", [0, 1]), "round_result.seal:"),
    ("seals-not-counted", edit(SCORED, "seals", [0, 0]), "seals:"),
    ("result-missing", edit(SCORED, "round_result", None), "round_result:"),
    ("camel-token-wrong", edit(edit(SCORED, "camel_token", True), "players.0.camel_token", False),
     "camel_token:"),
    ("winner-wrong", edit(scored_json(seals=(1, 0), round=2), "winner", 1), "winner:"),
    ("game-over-without-winner", edit(scored_json(seals=(1, 0), round=2), "winner", None), "winner:"),
    ("phase-should-be-game-over", edit(scored_json(seals=(1, 0), round=2), "phase", "round_over"),
     "phase:"),
]


@pytest.mark.parametrize("name, data, prefix", INVALID + INVALID_SCORED,
                         ids=[case[0] for case in INVALID + INVALID_SCORED])
def test_invalid_positions_name_the_field(name, data, prefix):
    with pytest.raises(InvalidPositionError) as error:
        position_from_json(data)
    message = str(error.value)
    assert message.startswith(prefix), message
    assert "\n" not in message
    assert isinstance(error.value, JaipurError) and isinstance(error.value, ValueError)


def test_the_valid_base_is_valid():
    # Guards the table above: every invalid case is one edit away from this.
    assert position_to_json(position_from_json(P))["players"][0]["herd"] == 2
    assert position_from_json(SCORED).phase == ROUND_OVER


def test_token_values_must_be_real():
    data = edit(P, "goods_tokens.leather", [7])
    with pytest.raises(InvalidPositionError, match="goods_tokens.leather"):
        position_from_json(data)


def test_empty_deck_with_full_market_is_a_valid_play_position():
    data = position(market="camel gold gold leather spice", deck=[], spare_camels_to=1)
    assert position_from_json(data).deck == ()


def test_the_format_md_example_is_consistent_once_its_deck_is_completed():
    example = {
        "format": "jaipur-position/1", "phase": "play", "round": 1, "seals": [0, 0],
        "round_starter": 0, "to_move": 0,
        "market": ["camel", "camel", "camel", "gold", "leather"],
        "deck": ["spice", "camel", "diamond"], "discard": ["leather", "leather"],
        "goods_tokens": {"diamond": [7, 7, 5, 5, 5], "gold": [6, 6, 5, 5, 5],
                         "silver": [5, 5, 5, 5, 5], "cloth": [5, 3, 3, 2, 2, 1, 1],
                         "spice": [5, 3, 3, 2, 2, 1, 1],
                         "leather": [2, 1, 1, 1, 1, 1, 1]},
        "bonus_tokens": {"3": [2, 1, 3, 2, 1, 3, 2], "4": [5, 4, 6, 6, 4, 5],
                         "5": [10, 8, 9, 10, 8]},
        "camel_token": True,
        "players": [
            {"hand": ["gold", "gold", "spice"], "herd": 2,
             "goods_tokens": {"leather": [4, 3]}, "bonus_tokens": [], "camel_token": False},
            {"hand": ["cloth"], "herd": 0, "goods_tokens": {}, "bonus_tokens": [],
             "camel_token": False}],
        "round_result": None, "winner": None,
    }
    # As printed (abbreviated deck) it is rejected, naming the card count.
    with pytest.raises(InvalidPositionError, match="^cards:"):
        position_from_json(example)
    completed = position(market=example["market"], hands=("gold gold spice", "cloth"),
                         herds=(2, 0), discard=example["discard"],
                         deck_top=example["deck"], goods_won=({"leather": [4, 3]}, {}),
                         bonus_piles=example["bonus_tokens"])
    assert {key: value for key, value in completed.items() if key != "deck"} == \
        {key: value for key, value in example.items() if key != "deck"}
    state = position_from_json(completed)
    assert position_to_json(state)["deck"][:3] == ["spice", "camel", "diamond"]
