"""The computer's analysis in review and the judge of a puzzle without answers (issue 29, items 2
and 4), by clicking: a finished game opened from a `#game=` link is reviewed and analysed, a
chart mark jumps the review to its step (a click, Enter, Space), Export (a real download) and
Import (the real file chooser) keep the analysis, shown at once; a puzzle without answers is
judged right or wrong. `?analysis-iterations=` keeps the search small: these tests check the
page, and the page's judgements equal the engine's own with the same budget and seed."""

from __future__ import annotations

import json

import pytest

from jaipur_core import Game, Puzzle, parse_action
from jaipur_core.ai.analysis import RecordAnalysis, judge_puzzle
from jaipur_core.share import puzzle_fragment
from tests.e2e.records import game_cut_short, link_near_the_end
from tests.e2e.table_driver import export_record, import_file, wait_until_settled

pytestmark = pytest.mark.e2e

FEW = 4                   # iterations per move
ANALYSED = "[data-testid=btn-analyse][data-done=true]"
MARKED = "[data-testid=analysis-point][data-mark=blunder], [data-testid=analysis-point][data-mark=mistake]"


def _review_the_finished_game(page) -> None:
    page.get_by_test_id("review-game").click()
    page.get_by_test_id("review").wait_for()


def _jumped(page, point) -> str:
    at = point.get_attribute("data-at")
    page.locator(f"[data-testid=review][data-at='{at}']").wait_for(state="attached")
    return at


@pytest.mark.search_worker
def test_a_finished_game_is_analysed_its_chart_jumps_and_export_and_import_keep_it(page, load_game, tmp_path):
    load_game(link_near_the_end(3, 0, ending="game", query=f"&analysis-iterations={FEW}"))
    _review_the_finished_game(page)
    page.get_by_test_id("analyse-who-0").click()
    page.get_by_test_id("btn-analyse").click()
    page.get_by_test_id("analysis-progress").wait_for()
    assert page.get_by_test_id("analysis-stop").is_visible()
    page.locator(ANALYSED).wait_for(timeout=120_000)
    assert page.get_by_test_id("analysis-progress").count() == 0

    game = game_cut_short(3, 0)
    expected = RecordAnalysis(game.record, (0,), 0, FEW).run_all()  # the engine's own, in CPython
    points = page.get_by_test_id("analysis-point")
    assert points.count() == len(expected.moves)
    chart = page.get_by_test_id("analysis-chart")
    assert chart.is_visible() and page.locator("[data-testid=analysis-chart] polyline").count() == 3

    # a click on a mark: the review shows that step, its mark in words
    marked = page.locator(MARKED).first
    assert page.locator(MARKED).count() > 0
    marked.click()
    at = _jumped(page, marked)
    mark = page.get_by_test_id("analysis-mark")
    assert mark.get_attribute("data-at") == at and mark.get_attribute("data-mark") in ("mistake", "blunder")
    assert "chance to win the round" in mark.inner_text() and "Best move found" in mark.inner_text()
    # chosen by keyboard: Enter, then Space
    for key, index in (("Enter", 0), ("Space", 5)):
        point = points.nth(index)
        point.focus()
        page.keyboard.press(key)
        assert _jumped(page, point) == point.get_attribute("data-at")
        assert page.get_by_test_id("analysis-mark").get_attribute("data-at") == point.get_attribute("data-at")

    # Export (a real download) carries the analysis: the engine's judgements, move for move
    path = tmp_path / "analysed.json"
    export_record(page, path)
    exported = json.loads(path.read_text(encoding="utf-8"))["analysis"]
    assert exported == expected.to_json()

    # Import it into a fresh page (the real file chooser): the marks are there at once
    load_game(f"./?seed=5&pause=0&analysis-iterations={FEW}")
    wait_until_settled(page)
    import_file(page, path)
    _review_the_finished_game(page)
    assert page.locator(ANALYSED).count() == 1  # Analyse says it is done: nothing to judge again
    assert page.get_by_test_id("analysis-point").count() == len(expected.moves)
    assert page.get_by_test_id("analysis-progress").count() == 0
    page.get_by_test_id("btn-analyse").click()
    assert "analysed already" in page.get_by_test_id("message").inner_text()
    assert page.get_by_test_id("analysis-progress").count() == 0


def test_a_puzzle_without_answers_is_judged_by_the_search(page, load_game):
    position = Game.new(seed=2, first=0).state  # three camels and two goods in the market
    puzzle = Puzzle(position, "Take the camels or a good?", (), "")
    load_game("./?pause=0&analysis-iterations=40#" + puzzle_fragment(puzzle))
    wait_until_settled(page)
    page.get_by_test_id("btn-camels").click()
    expected = judge_puzzle(puzzle, parse_action("camels"), seed=0, iterations=40)
    verdict = page.locator("[data-testid=puzzle-verdict]")
    verdict.wait_for(timeout=60_000)
    assert verdict.get_attribute("data-verdict") == ("right" if expected.right else "wrong")
    best = page.locator("[data-testid=puzzle-best] li")
    assert [best.nth(i).get_attribute("data-answer") for i in range(best.count())] == [
        str(move.action) for move in expected.best]
    assert f"{round(expected.best[0].chance * 100)}%" in best.first.inner_text()
