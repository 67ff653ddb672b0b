"""Friend on this device: two people take turns on one screen, hands hidden between turns."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from jaipur_core import CARD_NAMES, Game
from tests.e2e.table_driver import CARDS, play_one_move, read_table

pytestmark = pytest.mark.e2e


def saved_game(page) -> Game:
    """The game as the page saved it (read from localStorage, not from the table)."""
    save = json.loads(page.evaluate("localStorage.getItem('jaipur.save')"))
    return Game.from_record_json(save["record"])


def assert_no_hand_in_the_page(page, state) -> None:
    """Behind the hand-over screen only public cards are face up: the market and the discard top."""
    html = page.content()
    assert page.get_by_test_id("hand-card").count() == 0 and 'data-zone="hand"' not in html
    for card, name in enumerate(CARDS):
        assert html.count(f'data-card="{name}"') == state.market[card], name
        assert html.count(f"card--{name}") == state.market[card] + state.discard[:1].count(card), name
    hidden = page.get_by_test_id("hidden-hand")
    assert int(hidden.get_attribute("data-count")) == sum(state.hands[state.to_move])


def test_two_players_take_turns_through_hand_over_screens(load_game, wait_for_boot):
    page = load_game("./?seed=5&opponent=friend&first=you")
    used: set[str] = set()
    for turn in range(8):
        player = turn % 2  # Player 1 starts
        handover = page.get_by_test_id("handover")
        handover.wait_for(state="visible")
        assert f"Pass the device to Player {player + 1}" in handover.inner_text()
        table = page.get_by_test_id("table")
        assert table.get_attribute("data-turn") == "handover"
        state = saved_game(page).state
        assert state.to_move == player
        assert_no_hand_in_the_page(page, state)
        page.get_by_test_id("handover-ready").click()
        page.locator("[data-testid=table][data-turn=human]").wait_for(state="attached")
        assert page.get_by_test_id("handover").count() == 0
        shown = read_table(page)
        assert Counter(shown["hand"]) == Counter(
            {CARD_NAMES[c]: n for c, n in enumerate(state.hands[player]) if n})
        assert f"Player {player + 1} to play" in page.get_by_test_id("status").inner_text()
        play_one_move(page, shown, used)
        page.locator("[data-testid=table][data-turn=handover]").wait_for(state="attached")
        log = read_table(page)["log"]
        assert log[0].startswith(f"Player {player + 1} ")
    assert not any(line.startswith("You ") or "Computer" in line for line in log)
    assert len(saved_game(page).record.rounds[0].actions) == 8  # nobody else moved
    # a reload resumes the friend game behind the hand-over screen
    page.reload()
    assert wait_for_boot(page) == "ready"
    page.get_by_test_id("handover").wait_for(state="visible")
    assert "Pass the device to Player 1" in page.get_by_test_id("handover").inner_text()
    state = saved_game(page).state
    assert_no_hand_in_the_page(page, state)
    page.get_by_test_id("handover-ready").click()
    page.locator("[data-testid=table][data-turn=human]").wait_for(state="attached")
    assert Counter(read_table(page)["hand"]) == Counter(
        {CARD_NAMES[c]: n for c, n in enumerate(state.hands[0]) if n})


def test_a_move_is_taken_back_until_the_next_player_shows_their_hand(load_game):
    page = load_game("./?seed=6&opponent=friend&first=you")
    page.get_by_test_id("handover-ready").click()
    page.locator("[data-testid=table][data-turn=human]").wait_for(state="attached")
    before = read_table(page)
    play_one_move(page, before, set())
    page.locator("[data-testid=table][data-turn=handover]").wait_for(state="attached")
    assert "Pass the device to Player 2" in page.get_by_test_id("handover").inner_text()
    page.get_by_test_id("handover-takeback").click()     # Player 1 changes their mind
    page.locator("[data-testid=table][data-turn=human]").wait_for(state="attached")
    again = read_table(page)
    assert again["hand"] == before["hand"] and again["market"] == before["market"]
    assert "Player 1" in page.get_by_test_id("status").inner_text()
    assert len(saved_game(page).record.rounds[0].actions) == 0
    play_one_move(page, again, set())
    page.get_by_test_id("handover-ready").click()        # Player 2 has seen their hand
    page.locator("[data-testid=table][data-turn=human]").wait_for(state="attached")
    page.get_by_test_id("btn-takeback").click()
    page.get_by_test_id("message").filter(has_text="the move stands").wait_for()
    assert len(saved_game(page).record.rounds[0].actions) == 1
