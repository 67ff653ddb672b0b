"""The round and game-over panels (part C): why the round ended, set aside and back, every round."""

import random
import re
from dataclasses import replace

import pytest

from jaipur_core import Game, legal_actions
from pyscript_app.app.events import Pressed
from pyscript_app.app.state import TableState
from pyscript_app.app.update import update
from pyscript_app.view.render import render

NAMES = ("You", "Computer")


def finished(seed: int, whole_game: bool) -> TableState:
    """A seeded random game played to the end of its first round, or to game over."""
    game = Game.new(seed=seed, first=0, players=NAMES)
    rng = random.Random(seed)
    while game.state.phase != "game_over":
        if game.state.phase == "round_over":
            if not whole_game:
                break
            game = game.next_round()
            continue
        game = game.play(rng.choice(legal_actions(game.state)))
    return TableState(line=game, seat=0, booted=True)


def last_action_kind(table: TableState) -> str:
    return table.line.rounds[-1].actions[-1].kind


@pytest.mark.parametrize("seed", range(8))
def test_the_round_panel_says_why_the_round_ended(seed):
    table = finished(seed, whole_game=False)
    html = render(table).html()
    cause = re.search(r'data-testid="round-why" data-cause="(\w+)"', html).group(1)
    # a sale ends a round only by emptying the third pile; any take only when the deck runs short
    assert cause == ("piles" if last_action_kind(table) == "sell" else "deck")


def test_the_round_panel_is_set_aside_and_brought_back():
    table = finished(2, whole_game=False)
    assert 'data-testid="round-panel"' in render(table).html()
    aside, effects = update(table, Pressed("result-aside", "table"))
    html = render(aside).html()
    assert effects == () and 'data-testid="round-panel"' not in html
    assert 'data-testid="result-aside"' in html and 'data-testid="next-round"' in html
    label = re.search(r'data-testid="result-aside" role="region" aria-labelledby="([\w-]+)"', html).group(1)
    assert re.search(f'<p id="{label}">Round 1 is over.</p>', html)
    back, _ = update(aside, Pressed("result-aside", "result"))
    assert 'data-testid="round-panel"' in render(back).html()
    # dealing the next round forgets the choice: its own result will show
    dealt, _ = update(aside, Pressed("next-round"))
    assert dealt.line.state.round == 2 and dealt.result_aside != dealt.token


@pytest.mark.parametrize("panel", ["rules", "new", "share", "log", "know"])
def test_a_rounds_result_waits_until_an_open_panel_is_closed(panel):
    # The computer's move can end the round while a panel is open: one modal dialog at a time.
    table = replace(finished(2, whole_game=False), panel=panel)
    html = render(table).html()
    assert 'data-testid="round-panel"' not in html and html.count('aria-modal="true"') == 1
    closed, _ = update(table, Pressed("close"))
    html = render(closed).html()
    assert 'data-testid="round-panel"' in html and html.count('aria-modal="true"') == 1


@pytest.mark.parametrize("seed", range(4))
def test_the_game_over_panel_lists_every_round(seed):
    table = finished(seed, whole_game=True)
    html = render(table).html()
    assert 'data-testid="game-over"' in html
    rows = re.findall(r'data-testid="rounds-row" data-round="(\d+)" data-scores="(\d+) (\d+)" '
                      r'data-seal="(\d?)"', html)
    assert [int(r[0]) for r in rows] == list(range(1, len(table.line.rounds) + 1))
    seals = [0, 0]
    for (_round, mine, theirs, seal), final in zip(rows, table.line.finished_rounds(), strict=True):
        assert (int(mine), int(theirs)) == final.round_result.scores
        if seal:
            seals[int(seal)] += 1
    assert tuple(seals) == table.line.state.seals
