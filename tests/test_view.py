"""Player views (`jaipur-view/1`): what one seat may know, and nothing more."""

from __future__ import annotations

import json
import random

import pytest

from jaipur_core import (
    InvalidPositionError,
    PlayerView,
    apply,
    legal_actions,
    new_game,
    position_from_json,
    position_to_json,
    sample_state,
    view_from_json,
    view_of,
)
from tests import helpers
from tests.helpers import position

OWN_KEYS = {"hand", "herd", "goods_tokens", "bonus_tokens", "camel_token"}
OTHER_KEYS = {"hand_size", "herd", "goods_tokens", "bonus_count", "camel_token"}
HIDDEN_SLOTS = {"deck", "hands", "bonus_piles", "bonus_won"}


def base(**changes):
    kwargs = dict(market="camel camel gold leather spice",
                  hands=("diamond diamond cloth", "silver silver spice leather"),
                  herds=(2, 1), discard="cloth cloth",
                  goods_won=({"leather": [4, 3]}, {"cloth": [5, 3]}),
                  bonus_won=((2,), (3, 6)),
                  bonus_piles={"3": [1, 1, 2, 2, 3], "4": [4, 4, 5, 5, 6], "5": [8, 8, 9, 10, 10]},
                  seed=1)
    kwargs.update(changes)
    return position(**kwargs)


def hidden_variants():
    """Positions that differ from base() only in what seat 0 cannot see."""
    original = base()
    # The deck in another order.
    reordered = base(seed=2)
    # Other cards in the opponent's hand (swapped with deck cards).
    swapped = json.loads(json.dumps(original))
    hand = swapped["players"][1]["hand"]
    deck = swapped["deck"]
    i = next(i for i, card in enumerate(deck) if card not in hand and card != "camel")
    hand[0], deck[i] = deck[i], hand[0]
    # The opponent's bonus values swapped with hidden pile values of the same piles.
    rebonused = base(bonus_won=((2,), (1, 4)),
                     bonus_piles={"3": [3, 1, 2, 2, 3], "4": [6, 4, 5, 5, 6], "5": [8, 8, 9, 10, 10]})
    # The bonus piles in another order.
    repiled = base(bonus_piles={"3": [3, 2, 2, 1, 1], "4": [6, 5, 5, 4, 4], "5": [10, 10, 9, 8, 8]})
    return {"deck-order": reordered, "other-hand": swapped, "other-bonus": rebonused,
            "bonus-order": repiled}


@pytest.mark.parametrize("name", sorted(hidden_variants()))
def test_views_ignore_hidden_information(name):
    a = position_from_json(base())
    b = position_from_json(hidden_variants()[name])
    assert position_to_json(a) != position_to_json(b)      # the states do differ
    assert view_of(a, 0) == view_of(b, 0)
    assert view_of(a, 0).to_json() == view_of(b, 0).to_json()
    assert view_of(a, 0).legal_actions() == view_of(b, 0).legal_actions()


def test_views_do_show_own_and_public_changes():
    a = position_from_json(base())
    b = position_from_json(base(hands=("diamond diamond spice", "silver silver cloth leather")))
    assert view_of(a, 0) != view_of(b, 0)   # own hand differs
    assert view_of(a, 1) != view_of(b, 1)   # seat 1's own hand differs too


def test_view_json_has_no_hidden_fields():
    s = position_from_json(base())
    for seat in (0, 1):
        data = view_of(s, seat).to_json()
        assert data["format"] == "jaipur-view/1" and data["seat"] == seat
        assert "deck" not in data and data["deck_size"] == len(s.deck)
        assert "bonus_tokens" not in data
        assert data["bonus_sizes"] == {"3": 5, "4": 5, "5": 5}
        assert set(data["players"][seat]) == OWN_KEYS
        assert set(data["players"][1 - seat]) == OTHER_KEYS
        other = data["players"][1 - seat]
        assert other["hand_size"] == s.hand_size(1 - seat)
        assert other["bonus_count"] == len(s.bonus_won[1 - seat])
        assert data["players"][seat]["hand"] == position_to_json(s)["players"][seat]["hand"]
        assert data["players"][seat]["bonus_tokens"] == list(s.bonus_won[seat])


def card_names_in(data) -> list[str]:
    """Every string inside a list anywhere in a JSON value (the card lists)."""
    if isinstance(data, dict):
        return [name for value in data.values() for name in card_names_in(value)]
    if isinstance(data, list):
        return [item for item in data if isinstance(item, str)] + [
            name for item in data if not isinstance(item, str) for name in card_names_in(item)]
    return []


def test_view_json_text_never_contains_the_deck_or_the_other_hand():
    s = position_from_json(base())
    text = json.dumps(view_of(s, 0).to_json())
    assert json.dumps(position_to_json(s)["deck"]) not in text
    # Silver cards are only in the opponent's hand and the deck: no card list may name one.
    assert "silver" not in card_names_in(view_of(s, 0).to_json())
    assert "silver" in card_names_in(view_of(s, 1).to_json())     # seat 1 holds them
    assert "[3, 6]" not in text            # the opponent's bonus values


def test_player_view_object_has_no_hidden_fields():
    assert not HIDDEN_SLOTS & set(PlayerView.__slots__)
    s = position_from_json(base())
    view = view_of(s, 0)
    hidden_values = [s.deck, s.hands[1], s.bonus_piles, s.bonus_won[1], s.bonus_won]
    for slot in PlayerView.__slots__:
        value = getattr(view, slot)
        assert all(value != hidden for hidden in hidden_values), slot
    assert view.opponent_bonus is None and view.opponent_bonus_count == 2
    assert view.deck_size == len(s.deck) and view.opponent_hand_size == 4


def test_opponent_bonus_values_are_shown_once_the_round_is_scored():
    s = position_from_json(base(deck=[], spare_camels_to=0))
    scored = apply(s, "take gold")
    assert scored.phase != "play"
    data = view_of(scored, 0).to_json()
    assert data["players"][1]["bonus_tokens"] == [3, 6]
    assert "bonus_count" not in data["players"][1]
    assert data["round_result"] == scored.round_result.to_json()
    assert view_from_json(data) == view_of(scored, 0)


def test_view_legal_actions_only_for_the_seat_to_move():
    s = new_game(random.Random(3), 0)
    assert view_of(s, 0).legal_actions() == legal_actions(s)
    assert view_of(s, 1).legal_actions() == ()


def test_view_of_a_bad_seat():
    with pytest.raises(ValueError):
        view_of(new_game(random.Random(1)), 2)


def test_unseen_cards_are_the_other_hand_plus_the_deck():
    s = position_from_json(base())
    unseen = view_of(s, 0).unseen_cards()
    assert sum(unseen) == len(s.deck) + s.hand_size(1)


@pytest.mark.parametrize("seed", range(5))
def test_sample_state_keeps_the_view(seed):
    s = position_from_json(base())
    view = view_of(s, 0)
    sampled = sample_state(view, random.Random(seed))
    position_from_json(position_to_json(sampled))
    assert view_of(sampled, 0) == view


def test_sample_state_after_scoring_keeps_the_view():
    s = position_from_json(base(deck=[], spare_camels_to=0))
    scored = apply(s, "take gold")
    for seat in (0, 1):
        view = view_of(scored, seat)
        assert view_of(sample_state(view, random.Random(4)), seat) == view


# ------------------------------------------------------------------- validation

def view_json(**edits):
    data = view_of(position_from_json(base()), 0).to_json()
    for path, value in edits.items():
        target = data
        keys = path.split("__")
        for key in keys[:-1]:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if value is KeyError:
            del target[keys[-1]]
        else:
            target[keys[-1]] = value
    return data


@pytest.mark.parametrize("edits, field", [
    (dict(format="jaipur-position/1"), "format"),
    (dict(seat=2), "seat"),
    (dict(deck_size=KeyError), "deck_size"),
    (dict(deck_size=3), "deck_size"),
    (dict(bonus_sizes__3=KeyError), "bonus_sizes.3"),
    (dict(players__1__hand_size=9), "players[1].hand_size"),
    (dict(players__1__bonus_count=5), "players[1].bonus_count"),
    (dict(players__0__hand=["camel"]), "players[0].hand[0]"),
    (dict(market=["gold", "ruby"]), "market[1]"),
    (dict(players__1__goods_tokens={"cloth": [5, 2]}), "players.goods_tokens.cloth"),
    (dict(players__0__goods_tokens={"leather": [4, 3], "diamond": [5]}), "players.goods_tokens.diamond"),
    (dict(winner=0), "winner"),
    (dict(round_result={"scores": [0, 0], "camel_token": None, "bonus_counts": [0, 0],
                        "goods_counts": [0, 0], "seal": None}), "round_result"),
], ids=["format", "seat", "deck-size-missing", "deck-size-wrong", "bonus-size-missing",
        "hand-size", "bonus-count", "camel-in-hand", "market-card", "goods-tokens-held",
        "goods-token-not-top", "winner-in-play", "result-in-play"])
def test_invalid_views_name_the_field(edits, field):
    with pytest.raises(InvalidPositionError) as error:
        view_from_json(view_json(**edits))
    assert str(error.value).startswith(field), str(error.value)


def scored_view_json(seat=0):
    s = position_from_json(base(deck=[], spare_camels_to=0))
    return view_of(apply(s, "take gold"), seat).to_json()


@pytest.mark.parametrize("field, value, prefix", [
    ("scores", [1, 2], "round_result.scores"),
    ("seal", None, "round_result.seal"),
    ("goods_counts", [9, 9], "round_result.goods_counts"),
], ids=["scores", "seal", "goods-counts"])
def test_invalid_scored_views_name_the_field(field, value, prefix):
    data = scored_view_json()
    view_from_json(data)   # the unedited view is valid
    data["round_result"][field] = value
    with pytest.raises(InvalidPositionError) as error:
        view_from_json(data)
    assert str(error.value).startswith(prefix), str(error.value)


def test_view_round_trips_through_json():
    s = position_from_json(base())
    for seat in (0, 1):
        data = json.loads(json.dumps(view_of(s, seat).to_json()))
        assert view_from_json(data) == view_of(s, seat)
        assert view_from_json(data).to_json() == data


def test_the_view_of_any_valid_position_is_read_back_even_with_a_deck_over_forty():
    """A position link may hold short hands (a deck of 46 here): its view crosses to the search
    worker as JSON and must be read back as it was written (the page's search failed on it)."""
    state = helpers.state(market="camel camel gold leather spice", hands=("diamond diamond cloth", "silver"),
                          discard=())
    assert len(state.deck) == 46
    for seat in (0, 1):
        view = view_of(state, seat)
        assert view_from_json(json.loads(json.dumps(view.to_json()))) == view
