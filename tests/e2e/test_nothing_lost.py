"""Nothing lost: a game in progress survives ?seed=, ?opponent=, links, New game and Import."""

from __future__ import annotations

import json

import pytest

from jaipur_core import Game
from jaipur_core.share import position_fragment
from tests.e2e.table_driver import import_file, play_moves, snapshot, wait_until_settled

pytestmark = pytest.mark.e2e

FAST = "&level=easy&first=you&pause=0"


def start_a_game(load_game):
    page = load_game("./?seed=5" + FAST)
    return page, play_moves(page, 2)


def resume_from_the_offer(page, before):
    offer = page.get_by_test_id("offer-resume")
    assert "was kept" in page.get_by_test_id("message").inner_text()
    offer.click()
    page.get_by_test_id("message").filter(has_text="resumed").wait_for()
    back = wait_until_settled(page)
    assert snapshot(back)["market"] == before["market"] and back["hand"] == before["hand"]
    assert back["deck"] == before["deck"]


@pytest.mark.parametrize("query", ["?seed=77&level=easy&first=you&pause=0", "?opponent=friend&first=you"])
def test_a_link_asking_for_another_game_keeps_the_one_in_progress(load_game, query):
    page, before = start_a_game(load_game)
    load_game("./" + query)
    page.get_by_test_id("offer-resume").wait_for()
    resume_from_the_offer(page, before)


def test_a_position_link_leaves_the_save_and_offers_it_back(load_game):
    page, before = start_a_game(load_game)
    saved = page.evaluate("localStorage.getItem('jaipur.save')")
    shared = Game.new(seed=44, first=0).state
    page.goto("about:blank")
    load_game("./?pause=0#" + position_fragment(shared))
    wait_until_settled(page)
    assert page.evaluate("localStorage.getItem('jaipur.save')") == saved
    resume_from_the_offer(page, before)


def test_new_game_keeps_the_game_and_only_delete_removes_it(load_game):
    page, before = start_a_game(load_game)
    page.get_by_test_id("btn-new-game").click()
    page.get_by_test_id("start-game").click()
    wait_until_settled(page)
    assert "was kept" in page.get_by_test_id("message").inner_text()
    kept = json.loads(page.evaluate("localStorage.getItem('jaipur.kept')"))
    assert len(kept) == 1 and kept[0]["record"]["seed"] == 5
    page.get_by_test_id("btn-new-game").click()
    assert page.get_by_test_id("kept-game").count() == 1
    page.get_by_test_id("delete-kept-0").click()
    assert page.get_by_test_id("kept-game").count() == 0
    assert json.loads(page.evaluate("localStorage.getItem('jaipur.kept')")) == []


def test_import_keeps_the_game_it_replaces(load_game, tmp_path):
    page, before = start_a_game(load_game)
    other = Game.new(seed=91, first=0)
    path = tmp_path / "other.json"
    path.write_text(json.dumps(other.to_record_json()))
    import_file(page, path)
    page.get_by_test_id("message").filter(has_text="Imported other.json").wait_for()
    wait_until_settled(page)
    resume_from_the_offer(page, before)


def test_a_bad_link_over_a_save_says_the_save_was_resumed(load_game):
    page, before = start_a_game(load_game)
    page.goto("about:blank")
    load_game("./#position=not-a-position")
    table = wait_until_settled(page)
    assert "Your saved game was resumed" in table["message"] and "new game" not in table["message"]
    assert snapshot(table)["hand"] == before["hand"]
