"""A small builder for hand-made positions, and shared helpers for the tests.

`position(...)` turns a compact description into a complete, valid
`jaipur-position/1` object: whatever is not placed explicitly is filled in so
that all 55 cards, 38 goods tokens, 18 bonus tokens and the camel token are
accounted for exactly once. `state(...)` is the same, parsed into a GameState
(which runs the engine's full validation).

    state(market="camel camel camel gold leather",
          hands=("gold gold spice", "cloth"), herds=(2, 0),
          goods_won=({"leather": [4, 3]}, {}))
"""

from __future__ import annotations

import random
from collections import Counter

from jaipur_core import legal_actions, position_from_json, position_to_json
from jaipur_core.cards import BONUS_TOKENS, CARD_COUNTS, CARD_NAMES, GOODS, GOODS_TOKENS

CAMEL_NAME = "camel"


def cards(spec) -> list[str]:
    """'gold gold camel' or ['gold', 'gold', 'camel'] -> a list of card names."""
    if spec is None:
        return []
    if isinstance(spec, str):
        return spec.split()
    return list(spec)


def position(market="camel camel camel gold leather", hands=("", ""), herds=(0, 0),
             deck=None, deck_top=(), discard=(), goods_won=({}, {}), bonus_won=((), ()),
             bonus_piles=None, to_move=0, round_starter=None, round=1, seals=(0, 0),
             seed=None, spare_camels_to=None) -> dict:
    """A complete play-phase position built from a compact description.

    - `market`, `hands[p]`, `discard`: card names (a string or a list).
    - `deck`: the exact deck, top first. Cards not placed anywhere else then go
      to the discard pile (goods) or, with `spare_camels_to` = p, to player
      p's herd (camels). With `deck` None the deck is
      `deck_top` followed by every card not placed elsewhere (shuffled with
      `seed`, else in canonical order).
    - `goods_won[p]`: {good: [values]}; the goods piles lose those tokens from the top.
    - `bonus_won[p]`: bonus values; `bonus_piles` ({"3": [...], ...}) defaults to
      the remaining values of each pile in table order.
    """
    market = cards(market)
    hands = [cards(hands[0]), cards(hands[1])]
    discard = cards(discard)
    placed = Counter(market) + Counter(hands[0]) + Counter(hands[1]) + Counter(discard)
    placed[CAMEL_NAME] += herds[0] + herds[1]
    remaining = Counter({name: count for name, count in zip(CARD_NAMES, CARD_COUNTS, strict=True)})
    remaining.subtract(placed)
    over = {name: -count for name, count in remaining.items() if count < 0}
    if over:
        raise ValueError(f"too many cards placed: {over}")
    if deck is None:
        top = cards(deck_top)
        remaining.subtract(Counter(top))
        if any(count < 0 for count in remaining.values()):
            raise ValueError("deck_top uses cards that do not exist")
        rest = [name for name in CARD_NAMES for _ in range(remaining[name])]
        if seed is not None:
            random.Random(seed).shuffle(rest)
        deck = top + rest
    else:
        deck = cards(deck)
        remaining.subtract(Counter(deck))
        if any(count < 0 for count in remaining.values()):
            raise ValueError("the deck uses cards that do not exist")
        if remaining[CAMEL_NAME] and spare_camels_to is not None:
            herds = list(herds)
            herds[spare_camels_to] += remaining[CAMEL_NAME]
            remaining[CAMEL_NAME] = 0
        if remaining[CAMEL_NAME]:
            raise ValueError(f"{remaining[CAMEL_NAME]} camels are not placed (camels cannot be discarded)")
        discard = discard + [name for name in CARD_NAMES[:-1] for _ in range(remaining[name])]

    goods_tokens = {}
    for good in GOODS:
        name = CARD_NAMES[good]
        won = list(goods_won[0].get(name, [])) + list(goods_won[1].get(name, []))
        goods_tokens[name] = list(GOODS_TOKENS[good][len(won):])

    if bonus_piles is None:
        bonus_piles = {}
        for size, values in BONUS_TOKENS.items():
            pile = list(values)
            for value in list(bonus_won[0]) + list(bonus_won[1]):
                if value in pile and _bonus_size(value) == size:
                    pile.remove(value)
            bonus_piles[str(size)] = pile
    return {
        "format": "jaipur-position/1",
        "phase": "play",
        "round": round,
        "seals": list(seals),
        "round_starter": to_move if round_starter is None else round_starter,
        "to_move": to_move,
        "market": market,
        "deck": deck,
        "discard": discard,
        "goods_tokens": goods_tokens,
        "bonus_tokens": {key: list(value) for key, value in bonus_piles.items()},
        "camel_token": True,
        "players": [{"hand": hands[p], "herd": herds[p],
                     "goods_tokens": {k: list(v) for k, v in goods_won[p].items()},
                     "bonus_tokens": list(bonus_won[p]), "camel_token": False}
                    for p in (0, 1)],
        "round_result": None,
        "winner": None,
    }


def _bonus_size(value: int) -> int:
    return next(size for size, values in BONUS_TOKENS.items() if value in values)


def state(**kwargs):
    """`position(**kwargs)` parsed (and so validated) into a GameState."""
    return position_from_json(position(**kwargs))


def legal_texts(game_state) -> list[str]:
    return [str(action) for action in legal_actions(game_state)]


def market_names(game_state) -> list[str]:
    return position_to_json(game_state)["market"]


def hand_names(game_state, player: int) -> list[str]:
    return position_to_json(game_state)["players"][player]["hand"]


def random_play(game_state, rng: random.Random, max_actions: int = 10_000):
    """Play uniformly random legal actions until the round ends; the states seen."""
    from jaipur_core import apply_legal

    seen = [game_state]
    for _ in range(max_actions):
        actions = legal_actions(game_state)
        if not actions:
            return seen
        game_state = apply_legal(game_state, rng.choice(actions))
        seen.append(game_state)
    raise AssertionError(f"the round did not end within {max_actions} actions")


def spar_records(path, games: int = 2, seed: int = 3):
    """`path`, after bench/spar.py wrote to it the records of `games` games of easy
    against the fake outside bot (tests/spar_fake_bot.py, first legal move)."""
    import sys
    from pathlib import Path

    from bench import spar
    fake_bot = Path(__file__).resolve().parent / "spar_fake_bot.py"
    assert spar.main(["--ai", "easy", "--bot", f"{sys.executable} {fake_bot} first-legal", "--bot-name", "fake",
                      "--seed", str(seed), "--games", str(games), "--records", str(path)]) == 0
    return path
