"""Puzzles by clicking (issue 28, item 3): a reader solves one from a #puzzle= link, misses it first
and tries again; an author makes one from the table and opens its link. Each test boots twice at
most (the link it opens), on the snapshot path."""

from __future__ import annotations

import pytest

from jaipur_core import Game, Puzzle, parse_action
from jaipur_core.share import puzzle_fragment
from tests.conftest import BOOT_TIMEOUT_MS
from tests.e2e.table_driver import read_table, wait_until_settled

pytestmark = pytest.mark.e2e

EXPLANATION = "Three camels now: the herd wins the camel token."
VERDICT = "[data-testid=puzzle-verdict][data-verdict={}]"


def _take_a_good(page) -> None:
    """Take the first good of the market by clicking it and Take (a move no puzzle here accepts)."""
    market = read_table(page)["market"]
    page.get_by_test_id("market-card").nth(next(i for i, card in enumerate(market) if card != "camel")).click()
    page.get_by_test_id("btn-take").click()


def test_a_reader_misses_a_puzzle_tries_again_and_solves_it(page, load_game):
    position = Game.new(seed=2, first=0).state  # three camels and two goods in the market
    puzzle = Puzzle(position, "Take the camels or a good?", (parse_action("camels"),), EXPLANATION)
    load_game("./?pause=0#" + puzzle_fragment(puzzle))
    start = wait_until_settled(page)
    assert page.get_by_test_id("puzzle-question").inner_text() == "Take the camels or a good?"
    assert EXPLANATION not in page.content() and page.get_by_test_id("puzzle-verdict").count() == 0

    _take_a_good(page)
    page.locator(VERDICT.format("wrong")).wait_for()
    assert EXPLANATION not in page.content()  # the retry is still a puzzle
    assert page.locator("[data-testid=table][data-turn=puzzle]").count() == 1  # no reply from the computer

    # The reader passes the puzzle on from the Link panel: the puzzle as it was opened.
    page.get_by_test_id("btn-share").click()
    passed_on = page.get_by_test_id("share-puzzle-link").input_value()
    assert passed_on.endswith("#" + puzzle_fragment(puzzle)) and EXPLANATION not in page.content()
    page.keyboard.press("Escape")
    page.get_by_test_id("share-panel").wait_for(state="detached")

    page.get_by_test_id("puzzle-retry").click()
    again = wait_until_settled(page)
    assert page.get_by_test_id("puzzle-verdict").count() == 0
    for key in ("market", "hand", "herd", "opponentHand", "deck"):
        assert again[key] == start[key], key

    page.get_by_test_id("btn-camels").click()
    page.locator(VERDICT.format("right")).wait_for()
    assert page.get_by_test_id("puzzle-explanation").inner_text() == EXPLANATION
    assert page.locator("[data-testid=puzzle-answer-list] li[data-answer=camels]").count() == 1


def test_an_author_makes_a_puzzle_and_opens_its_link(page, load_game):
    load_game("./?seed=2&first=you&level=easy&pause=0")
    before = wait_until_settled(page)
    page.get_by_test_id("btn-share").click()
    page.get_by_test_id("puzzle-make").click()
    page.get_by_test_id("puzzle-maker").wait_for()
    page.get_by_test_id("puzzle-question-edit").fill("What now?")
    page.get_by_test_id("btn-camels").click()  # the accepted answer, played on the table
    page.locator("[data-testid=puzzle-answers] li[data-answer=camels]").wait_for()
    assert read_table(page)["market"] == before["market"]  # the table stays at the puzzle's position
    assert page.get_by_test_id("puzzle-question-edit").input_value() == "What now?"
    page.get_by_test_id("puzzle-explanation-edit").fill(EXPLANATION)
    page.get_by_test_id("puzzle-link-make").click()
    link = page.get_by_test_id("puzzle-link").input_value()
    assert "index.html#puzzle=v1." in link

    page.goto("about:blank")
    page.goto(link)
    page.locator("html[data-state=ready]").wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    shared = wait_until_settled(page)
    assert page.get_by_test_id("puzzle-question").inner_text() == "What now?"
    assert EXPLANATION not in page.content()
    for key in ("market", "hand", "herd"):
        assert shared[key] == before[key], key
    page.get_by_test_id("btn-camels").click()
    page.locator(VERDICT.format("right")).wait_for()
    assert page.get_by_test_id("puzzle-explanation").inner_text() == EXPLANATION
