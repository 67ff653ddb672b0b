""""What I know" (pyscript_app/view/knowledge.py, view/know.py): exact counts from a view, no leaks."""

import random

import pytest

from jaipur_core import CAMEL, GOODS, Game, legal_actions, position_from_json, sample_state, view_of
from jaipur_core.cards import CARD_COUNTS
from pyscript_app.app.selection import selection_for
from pyscript_app.app.state import TableState
from pyscript_app.view.know import know_body
from pyscript_app.view.knowledge import knowledge
from pyscript_app.view.render import render
from tests.helpers import position, state

NAMES = ("You", "Computer")


def with_known(data: dict, seat: int, cards: list) -> dict:
    data["players"][seat]["known"] = cards
    return data


# (name, position, expected unseen per good, camels unseen, opponent known per good)
CASES = [
    ("the deal: 3 camels in the market, 5 cards in each hand",
     position(market="camel camel camel gold leather",
              hands=("diamond diamond spice cloth cloth", "silver silver silver cloth spice")),
     (4, 5, 6, 6, 7, 9), 8, (0,) * 6),
    ("the discard pile and both herds are seen",
     position(market="camel gold gold leather leather", hands=("spice spice", "cloth"), herds=(3, 2),
              discard="diamond diamond silver silver silver"),
     (4, 4, 3, 8, 6, 8), 5, (0,) * 6),
    ("cards taken from the market are known in the other hand",
     with_known(position(market="camel camel camel gold leather", hands=("", "diamond diamond spice")),
                1, ["diamond", "diamond"]),
     (6, 5, 6, 8, 8, 9), 8, (2, 0, 0, 0, 0, 0)),
]


@pytest.mark.parametrize("name,data,unseen,camels,known", CASES, ids=[row[0] for row in CASES])
def test_knowledge_counts(name, data, unseen, camels, known):
    game_state = position_from_json(data)
    view = view_of(game_state, 0)
    facts = knowledge(view)
    assert tuple(good.unseen for good in facts.goods) == unseen
    assert facts.camels_unseen == camels
    assert tuple(good.opponent_has for good in facts.goods) == known
    # the unseen cards are exactly the deck and the other hand
    assert facts.unseen_total == len(game_state.deck) + sum(game_state.hands[1])
    for good in GOODS:
        in_deck_or_hand = game_state.deck.count(good) + game_state.hands[1][good]
        assert facts.goods[good].unseen == in_deck_or_hand
    assert facts.camels_unseen == game_state.deck.count(CAMEL)


def test_bonus_and_tokens_left():
    game_state = state(hands=("spice", ""), bonus_won=((1, 5), (2, 8)),
                       discard="leather leather leather", goods_won=({"leather": [4, 3, 2]}, {}))
    facts = knowledge(view_of(game_state, 0))
    assert facts.goods[5].tokens_left == (1, 1, 1, 1, 1, 1)
    assert facts.goods[0].tokens_left == (7, 7, 5, 5, 5)
    by_size = {pile.size: pile for pile in facts.bonus}
    assert (by_size[3].left, by_size[3].unseen_values) == (5, (1, 2, 2, 2, 3, 3))  # the other's 2 is unseen
    assert (by_size[4].left, by_size[4].unseen_values) == (5, (4, 4, 5, 6, 6))
    assert (by_size[5].left, by_size[5].unseen_values) == (4, (8, 8, 9, 10, 10))
    assert sum(CARD_COUNTS) == facts.unseen_total + sum(view_of(game_state, 0).market) + 1 + 3


def played_states(seed: int, plies: int):
    """Every position of a seeded random game, first round, up to `plies` actions."""
    game = Game.new(seed=seed, first=seed % 2)
    rng = random.Random(seed)
    states = [game.state]
    for _ in range(plies):
        if game.state.phase != "play":
            break
        game = game.play(rng.choice(legal_actions(game.state)))
        states.append(game.state)
    return states


def table_for(game_state, seat: int, panel=None, selection=None) -> TableState:
    line = Game.from_position(game_state, NAMES)
    return TableState(line=line, seat=seat, booted=True, panel=panel,
                      **({"selection": selection} if selection is not None else {}))


@pytest.mark.parametrize("seed", range(6))
def test_re_dealing_the_hidden_cards_changes_nothing_shown(seed):
    """The panel and the Sell/Trade previews are the same for every deal consistent with the view."""
    rng = random.Random(1000 + seed)
    checked = 0
    for game_state in played_states(seed, 60)[::3]:
        for seat in (0, 1):
            view = view_of(game_state, seat)
            expected = know_body(view, NAMES)
            screen = render(table_for(game_state, seat, panel="know")).html()
            for _ in range(3):
                other = sample_state(view, rng)
                assert view_of(other, seat) == view
                assert know_body(view_of(other, seat), NAMES) == expected
                assert render(table_for(other, seat, panel="know")).html() == screen
                checked += 1
    assert checked > 20


@pytest.mark.parametrize("seed", range(4))
def test_sell_preview_does_not_depend_on_hidden_cards(seed):
    rng = random.Random(seed)
    seen = 0
    for game_state in played_states(seed, 80):
        seat = game_state.to_move
        if game_state.phase != "play":
            continue
        view = view_of(game_state, seat)
        for action in legal_actions(game_state):
            if action.kind not in ("sell", "trade"):
                continue
            picked = selection_for(action, game_state.market, game_state.hands[seat], game_state.herds[seat])
            board = render(table_for(game_state, seat, selection=picked)).board
            assert ('data-testid="sell-worth"' in board) == (action.kind == "sell")
            other = sample_state(view, rng)
            assert render(table_for(other, seat, selection=picked)).board == board
            seen += 1
            break
    assert seen > 3


def test_the_panel_is_not_drawn_while_the_hand_over_screen_waits():
    game_state = played_states(3, 6)[-1]
    table = table_for(game_state, game_state.to_move, panel="know")
    shown = render(table).html()
    assert 'data-testid="know-panel"' in shown
    panel = shown[shown.index('<section class="panel know"'):]
    assert panel.startswith('<section class="panel know" role="dialog" aria-modal="true"')
    from dataclasses import replace
    hidden = render(replace(table, mode="friend", handover=True)).html()
    assert 'data-testid="know-panel"' not in hidden and 'data-testid="handover"' in hidden


ENDS = [
    ("three piles emptied by a sale", "piles"),
    ("the deck could not refill the market", "deck"),
]


def finished_round(cause: str):
    """A seeded random round that ended for `cause`, told by the action that ended it:
    a sale can only end a round by its piles, a take only by the deck."""
    for seed in range(200):
        game = Game.new(seed=seed, first=0)
        rng = random.Random(seed)
        last = None
        while game.state.phase == "play":
            last = rng.choice(legal_actions(game.state))
            game = game.play(last)
        if (last.kind == "sell") == (cause == "piles"):
            return game.state
    raise AssertionError(f"no round ended by {cause}")


@pytest.mark.parametrize("name,cause", ENDS, ids=[row[0] for row in ENDS])
def test_round_end_cause(name, cause):
    game_state = finished_round(cause)
    for seat in (0, 1):
        assert view_of(game_state, seat).round_end_cause() == cause


def test_no_cause_while_the_round_is_played():
    assert view_of(played_states(1, 5)[-1], 0).round_end_cause() is None
