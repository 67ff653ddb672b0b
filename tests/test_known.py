"""Cards publicly known to be in a hand (docs/formats.md `known`): tracking, JSON, views, sampling."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from jaipur_core import (
    InvalidPositionError,
    apply,
    legal_actions,
    new_game,
    position_from_json,
    position_to_json,
    sample_state,
    view_from_json,
    view_of,
)
from jaipur_core.cards import CARD_NAMES, GOODS
from jaipur_core.rules import apply_legal
from jaipur_core.state import PLAY, ROUND_OVER, next_round
from tests.helpers import position


def names(counts) -> list[str]:
    return [CARD_NAMES[good] for good in GOODS for _ in range(counts[good])]


def start(known=((), ()), **changes):
    kwargs = dict(market="gold gold silver leather camel",
                  hands=("diamond leather leather", "silver cloth cloth spice"),
                  herds=(2, 1), seed=3)
    kwargs.update(changes)
    data = position(**kwargs)
    for player, cards in enumerate(known):
        if cards:
            data["players"][player]["known"] = list(cards)
    return data


# --- what actions do to `known` -------------------------------------------------------

#: (known before per seat, actions, known after per seat as card names)
TRACKING = [
    ("fresh deal knows nothing", ((), ()), [], ([], [])),
    ("a take is seen", ((), ()), ["take gold"], (["gold"], [])),
    ("the other seat's take is its own", ((), ()), ["take gold", "take silver"], (["gold"], ["silver"])),
    ("camels reveal no goods", ((), ()), ["camels"], ([], [])),
    ("a trade shows the goods taken", ((), ()), ["trade gold+gold for camel+camel"],
     (["gold", "gold"], [])),
    ("a trade gives known cards away", (("leather",), ()), ["trade gold+silver for leather+leather"],
     (["gold", "silver"], [])),
    ("giving unknown cards keeps the rest known", (("leather",), ()),
     ["trade gold+gold for diamond+camel"], (["gold", "gold", "leather"], [])),
    ("a sale removes known cards", (("leather", "leather"), ()), ["sell leather 1"], (["leather"], [])),
    ("a sale of more than is known removes them all", (("leather",), ()), ["sell leather 2"], ([], [])),
    ("a sale of another good keeps them", ((), ("cloth", "cloth")), ["camels", "sell spice 1"],
     ([], ["cloth", "cloth"])),
    ("the other seat's sale leaves ours", (("leather",), ("cloth", "cloth")), ["take gold", "sell cloth 2"],
     (["gold", "leather"], [])),
]


@pytest.mark.parametrize("before, actions, after", [case[1:] for case in TRACKING],
                         ids=[case[0] for case in TRACKING])
def test_actions_keep_known_cards_up_to_date(before, actions, after):
    state = position_from_json(start(known=before))
    for action in actions:
        state = apply(state, action)
    assert [names(state.known[0]), names(state.known[1])] == list(after)


def test_a_refused_action_leaves_known_unchanged():
    state = position_from_json(start(known=(("leather",), ())))
    with pytest.raises(ValueError):
        apply(state, "sell leather 5")
    assert names(state.known[0]) == ["leather"]


def test_a_new_round_knows_nothing():
    state = new_game(random.Random(1))
    assert state.known == ((0,) * 6, (0,) * 6)


# --- JSON -----------------------------------------------------------------------------

def test_position_writes_known_only_when_there_is_some():
    state = position_from_json(start())
    assert all("known" not in player for player in position_to_json(state)["players"])
    taken = apply(state, "take gold")
    data = position_to_json(taken)
    assert data["players"][0]["known"] == ["gold"] and "known" not in data["players"][1]
    assert position_from_json(data) == taken


def test_a_file_without_known_reads_as_nothing_known():
    data = start()
    assert position_from_json(data).known == ((0,) * 6, (0,) * 6)


@pytest.mark.parametrize("known, message", [
    ((("gold",), ()), "players[0].known: 1 gold, but the hand holds none"),
    (((), ("cloth", "cloth", "cloth")), "players[1].known: 3 cloth, but the hand holds 2"),
    ((("camel",), ()), "players[0].known[0]: camels cannot be here"),
    ((("ruby",), ()), "players[0].known[0]: unknown card 'ruby'"),
])
def test_invalid_known_names_the_field(known, message):
    with pytest.raises(InvalidPositionError) as error:
        position_from_json(start(known=known))
    assert str(error.value) == message


def test_known_that_is_not_a_list_names_the_field():
    data = start()
    data["players"][1]["known"] = "cloth"
    with pytest.raises(InvalidPositionError, match=r"^players\[1\]\.known: expected a list"):
        position_from_json(data)


def test_view_carries_both_seats_known_cards():
    state = apply(apply(position_from_json(start(known=(("leather",), ()))), "take gold"), "take silver")
    view = view_of(state, 1)
    assert names(view.opponent_known) == ["gold", "leather"]
    data = view.to_json()
    assert data["players"][0]["known"] == ["gold", "leather"]      # the other seat's, public
    assert data["players"][1]["known"] == ["silver"]              # the seat's own, public too
    assert "hand" not in data["players"][0]
    assert view_from_json(data) == view


@pytest.mark.parametrize("edit, message", [
    (lambda p: p.__setitem__("known", ["gold"] * 5), "players[0].known: 5 cards, but the hand holds 4"),
    (lambda p: p.__setitem__("known", ["diamond"] * 4),
     "players[0].known: 4 diamonds, but only 3 are unseen"),
])
def test_invalid_view_known_names_the_field(edit, message):
    state = position_from_json(start(hands=("diamond diamond leather", "silver cloth cloth"),
                                     market="diamond diamond diamond leather camel",
                                     known=((), ())))
    data = view_of(apply(state, "take leather"), 1).to_json()
    edit(data["players"][0])
    with pytest.raises(InvalidPositionError) as error:
        view_from_json(data)
    assert str(error.value) == message


# --- sampling -------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_sample_state_puts_the_known_cards_in_the_other_hand(seed):
    state = position_from_json(start(known=((), ("cloth", "spice"))))
    view = view_of(state, 0)
    sampled = sample_state(view, random.Random(seed))
    assert sampled.hands[1][3] >= 1 and sampled.hands[1][4] >= 1
    assert view_of(sampled, 0) == view
    assert sampled.known == state.known
    position_from_json(position_to_json(sampled))   # a valid position


def test_sample_state_can_ignore_known_cards_like_the_2026_ai():
    state = position_from_json(start(known=((), ("cloth", "cloth", "spice"))))
    view = view_of(state, 0)
    hands = {sample_state(view, random.Random(seed), use_known=False).hands[1] for seed in range(40)}
    assert any(hand[3] < 2 for hand in hands)
    hands = {sample_state(view, random.Random(seed)).hands[1] for seed in range(40)}
    assert all(hand[3] >= 2 and hand[4] >= 1 for hand in hands)


# --- properties over seeded random games ----------------------------------------------

def random_game_states(seed: int, rounds: int = 2):
    rng = random.Random(seed)
    state = new_game(rng)
    for _ in range(rounds):
        while state.phase == PLAY:
            yield state
            state = apply_legal(state, rng.choice(legal_actions(state)))
        yield state
        if state.phase != ROUND_OVER:
            return
        state = next_round(state, rng)


def replayed_known(history_cards: list[tuple[list[str], list[str]]]) -> Counter:
    """The known multiset by definition: taken from the market, minus any left by trade or sale."""
    known = Counter()
    for went_in, went_out in history_cards:
        known.update(went_in)
        for card in went_out:
            if known[card]:
                known[card] -= 1
    return +known


@pytest.mark.parametrize("seed", range(8))
def test_known_is_a_sub_multiset_of_the_hand_and_round_trips(seed):
    for state in random_game_states(seed):
        for player in (0, 1):
            assert all(k <= h for k, h in zip(state.known[player], state.hands[player], strict=True))
        assert position_from_json(json.loads(json.dumps(position_to_json(state)))) == state
        if state.phase == PLAY:
            for seat in (0, 1):
                view = view_of(state, seat)
                assert view_from_json(json.loads(json.dumps(view.to_json()))) == view
                assert view.known == state.known


@pytest.mark.parametrize("seed", range(4))
def test_known_matches_the_definition_along_a_game(seed):
    rng = random.Random(100 + seed)
    state = new_game(rng)
    history = ([], [])
    while state.phase == PLAY:
        action = rng.choice(legal_actions(state))
        player = state.to_move
        if action.kind == "take":
            history[player].append(([CARD_NAMES[action.good]], []))
        elif action.kind == "trade":
            history[player].append((names(action.taken), names(action.given[:6])))
        elif action.kind == "sell":
            history[player].append(([], [CARD_NAMES[action.good]] * action.count))
        state = apply_legal(state, action)
        for seat in (0, 1):
            assert Counter(names(state.known[seat])) == replayed_known(history[seat])


@pytest.mark.parametrize("seed", range(4))
def test_known_cards_leave_the_rest_of_the_view_unchanged(seed):
    """Dropping `known` from a view's JSON gives the view it was before known cards existed."""
    for state in random_game_states(seed, rounds=1):
        if state.phase != PLAY:
            continue
        view = view_of(state, state.to_move)
        data = view.to_json()
        for player in data["players"]:
            player.pop("known", None)
        plain = view_from_json(data)
        assert plain.known == ((0,) * 6, (0,) * 6)
        for slot in type(view).__slots__:
            if slot != "known":
                assert getattr(plain, slot) == getattr(view, slot), slot


@pytest.mark.parametrize("seed", range(4))
def test_sampled_states_always_hold_the_known_cards(seed):
    rng = random.Random(seed)
    for index, state in enumerate(random_game_states(seed, rounds=1)):
        if state.phase != PLAY or index % 5:
            continue
        view = view_of(state, state.to_move)
        other = 1 - state.to_move
        sampled = sample_state(view, rng)
        assert all(s >= k for s, k in zip(sampled.hands[other], state.known[other], strict=True))
        assert view_of(sampled, state.to_move) == view
