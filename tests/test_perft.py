"""Pinned legal-action counts (perft) and a brute-force reference generator.

tests/data/perft.json holds a few fixed positions with their sorted legal
actions and the number of action sequences of length 1..4 from each ("perft").
The counts were produced by the engine and checked at depth 1 (and for every
child at depth 2) against the naive generator below, written straight from the
rules text; they pin the engine's cached generator against regressions.

The reference generator enumerates candidate actions by brute force from the
position JSON (not the engine's count tuples): every card of the market, every
sub-multiset of the market, every sub-multiset of hand + herd camels, and keeps
those the rules allow.
"""

from __future__ import annotations

import json
import random
from itertools import combinations
from pathlib import Path

import pytest

from jaipur_core import (
    PLAY,
    apply_legal,
    legal_actions,
    new_game,
    next_round,
    parse_action,
    position_from_json,
    position_to_json,
    why_illegal,
)

DATA = json.loads((Path(__file__).parent / "data" / "perft.json").read_text())
ORDER = ("diamond", "gold", "silver", "cloth", "spice", "leather", "camel")
PRECIOUS = ("diamond", "gold", "silver")


def perft(state, depth: int) -> int:
    actions = legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(perft(apply_legal(state, action), depth - 1) for action in actions)


def canonical(cards) -> str:
    return "+".join(sorted(cards, key=ORDER.index))


def reference_legal(state) -> list[str]:
    """The legal actions by brute force from the rules text, as sorted notation."""
    data = position_to_json(state)
    if data["phase"] != "play":
        return []
    me = data["players"][data["to_move"]]
    market, hand, herd = data["market"], me["hand"], me["herd"]
    found = set()
    # Take one good: any goods card of the market, not with 7 cards in hand.
    for card in market:
        if card != "camel" and len(hand) < 7:
            found.add(f"take {card}")
    # Take all camels: at least one must be there.
    if "camel" in market:
        found.add("camels")
    # Sell: one good, any number of cards; precious goods at least two.
    for good in set(hand):
        for count in range(1, hand.count(good) + 1):
            if good in PRECIOUS and count < 2:
                continue
            found.add(f"sell {good} {count}")
    # Trade: 2+ market goods (never camels) for as many cards from hand and herd,
    # none of a taken type, the hand ending at 7 or fewer.
    # (A trade gives at most 5 cards, so more than 5 herd camels never matter.)
    pool = hand + ["camel"] * min(herd, len(market))
    for size in range(2, len(market) + 1):
        takings = {canonical(cards) for cards in combinations(market, size)}
        givings = {canonical(cards) for cards in combinations(pool, size)}
        for taken in takings:
            taken_cards = taken.split("+")
            if "camel" in taken_cards:
                continue
            for given in givings:
                given_cards = given.split("+")
                if set(taken_cards) & set(given_cards):
                    continue
                goods_given = sum(card != "camel" for card in given_cards)
                if len(hand) - goods_given + size > 7:
                    continue
                found.add(f"trade {taken} for {given}")
    return sorted(found)


def candidate_texts(state, rng: random.Random) -> list[str]:
    """Legal and illegal candidates: every take/sell text and some random trades."""
    texts = ["camels"] + [f"take {good}" for good in ORDER[:-1]]
    texts += [f"sell {card} {count}" for card in ORDER for count in range(1, 9)]
    for _ in range(40):
        taken = [rng.choice(ORDER) for _ in range(rng.randint(1, 5))]
        given = [rng.choice(ORDER) for _ in range(rng.randint(1, 5))]
        texts.append(f"trade {'+'.join(taken)} for {'+'.join(given)}")
    return texts


def reachable_positions(count: int, seed: int) -> list:
    """Positions met in uniform-random play (all phases), sampled every few actions."""
    rng = random.Random(seed)
    positions = []
    state = new_game(rng)
    while len(positions) < count:
        positions.append(state)
        for _ in range(rng.randint(1, 6)):
            if state.phase == PLAY:
                state = apply_legal(state, rng.choice(legal_actions(state)))
        if state.phase != PLAY:
            positions.append(state)
            state = next_round(state, rng) if state.phase == "round_over" else new_game(rng)
    return positions


# ------------------------------------------------------------------ pinned perft

CASES = sorted(DATA)


def test_the_perft_file_has_a_rich_position():
    assert len(CASES) >= 5
    assert max(len(entry["legal"]) for entry in DATA.values()) >= 150
    assert max(sum(text.startswith("trade ") for text in entry["legal"])
               for entry in DATA.values()) >= 100


@pytest.mark.parametrize("name", CASES)
def test_pinned_legal_actions(name):
    entry = DATA[name]
    state = position_from_json(entry["position"])
    assert [str(action) for action in legal_actions(state)] == entry["legal"]
    assert reference_legal(state) == entry["legal"]


@pytest.mark.parametrize("name, depth", [(name, int(depth)) for name in CASES
                                         for depth in DATA[name]["perft"]])
def test_pinned_perft_counts(name, depth):
    state = position_from_json(DATA[name]["position"])
    assert perft(state, depth) == DATA[name]["perft"][str(depth)]


@pytest.mark.parametrize("name", CASES)
def test_reference_agrees_on_every_child(name):
    state = position_from_json(DATA[name]["position"])
    for action in legal_actions(state):
        child = apply_legal(state, action)
        assert [str(a) for a in legal_actions(child)] == reference_legal(child), str(action)


# ------------------------------------------------ reference on reachable positions

@pytest.mark.parametrize("seed", range(4))
def test_reference_generator_matches_on_random_reachable_positions(seed):
    positions = reachable_positions(150, seed)
    assert any(state.phase != PLAY for state in positions)
    for state in positions:
        engine = [str(action) for action in legal_actions(state)]
        assert engine == reference_legal(state), position_to_json(state)
        assert len(set(engine)) == len(engine)


@pytest.mark.parametrize("seed", range(2))
def test_why_illegal_agrees_with_the_reference(seed):
    rng = random.Random(seed)
    for state in reachable_positions(60, seed + 100):
        legal = set(reference_legal(state))
        for text in candidate_texts(state, rng) + sorted(legal):
            action = parse_action(text)
            reason = why_illegal(state, action)
            assert (reason is None) == (str(action) in legal), (text, reason)
            if reason is not None:
                assert reason and "\n" not in reason
