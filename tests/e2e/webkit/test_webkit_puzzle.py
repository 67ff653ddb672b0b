"""A puzzle in WebKit (issue 28, item 3, its smoke test): a #puzzle= link, a wrong move, Try again,
the accepted answer. One boot on the snapshot path."""

from __future__ import annotations

import pytest

from jaipur_core import Game, Puzzle, parse_action
from jaipur_core.share import puzzle_fragment

pytestmark = [pytest.mark.e2e, pytest.mark.webkit]

EXPLANATION = "Three camels now: the herd wins the camel token."
VERDICT = "return document.querySelector('[data-testid=puzzle-verdict][data-verdict={}]') !== null"


def test_a_puzzle_link_is_missed_tried_again_and_solved(webkit_page, webkit_server):
    position = Game.new(seed=2, first=0).state  # three camels and two goods in the market
    puzzle = Puzzle(position, "Take the camels or a good?", (parse_action("camels"),), EXPLANATION)
    webkit_page.load_game(f"{webkit_server.url}?pause=0#{puzzle_fragment(puzzle)}")
    table = webkit_page.wait_until_settled()
    assert webkit_page.text("puzzle-question") == "Take the camels or a good?"
    assert EXPLANATION not in webkit_page.run("return document.documentElement.outerHTML")
    webkit_page.click("market-card", next(i for i, card in enumerate(table["market"]) if card != "camel"))
    webkit_page.click("btn-take")
    webkit_page.wait_until(VERDICT.format("wrong"), 10, "no verdict after a wrong move")
    assert EXPLANATION not in webkit_page.run("return document.documentElement.outerHTML")
    webkit_page.click("puzzle-retry")
    assert webkit_page.wait_until_settled()["market"] == table["market"]
    webkit_page.click("btn-camels")
    webkit_page.wait_until(VERDICT.format("right"), 10, "no verdict after the accepted answer")
    assert webkit_page.text("puzzle-explanation") == EXPLANATION
