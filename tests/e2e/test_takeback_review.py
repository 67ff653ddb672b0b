"""Take back, review (buttons, arrow keys, #game=…&at=N), the live region, the second quick click."""

from __future__ import annotations

import json

import pytest

from jaipur_core import Game, legal_actions
from jaipur_core.share import game_fragment
from tests.e2e.records import link_near_the_end
from tests.e2e.table_driver import export_record, play_one_move, play_until, read_table, snapshot, wait_until_settled

pytestmark = pytest.mark.e2e

FAST = "&level=easy&first=you&pause=0"


def test_take_back_undoes_my_move_and_the_reply_and_the_record_says_so(load_game, tmp_path):
    page = load_game("./?seed=3" + FAST)
    before = wait_until_settled(page)
    play_one_move(page, before, set())
    after = wait_until_settled(page)
    assert len(after["log"]) == len(before["log"]) + 2
    page.get_by_test_id("btn-takeback").click()
    page.get_by_test_id("message").filter(has_text="taken back").wait_for()
    back = read_table(page)
    assert snapshot(back) == snapshot(before)
    path = tmp_path / "game.json"
    export_record(page, path)
    record = json.loads(path.read_text())
    assert record["takebacks"] == 1 and record["rounds"][0]["actions"] == []


def test_the_live_region_survives_a_computer_move_and_announces_it(load_game):
    page = load_game("./?seed=3&level=easy&first=you&pause=300")
    table = wait_until_settled(page)
    live = page.get_by_test_id("live").element_handle()
    message = page.get_by_test_id("message").element_handle()
    assert live.get_attribute("aria-live") == "polite"
    play_one_move(page, table, set())
    page.get_by_test_id("last-move").filter(has_text="Computer").wait_for()
    assert live.evaluate("node => node.isConnected") and message.evaluate("node => node.isConnected")
    assert "Computer " in live.inner_text()


def test_a_second_quick_click_does_not_say_wait(load_game):
    page = load_game("./?seed=3&level=easy&first=you&pause=1500")
    wait_until_settled(page)
    camels = page.get_by_test_id("btn-camels")
    assert camels.get_attribute("aria-disabled") == "false"
    camels.dblclick()
    page.locator("[data-testid=table][data-turn=ai]").wait_for(state="attached")
    assert "Wait" not in page.get_by_test_id("message").inner_text()
    wait_until_settled(page)
    assert "Wait" not in page.get_by_test_id("message").inner_text()


def a_game(plies=9, seed=4):
    game = Game.new(seed=seed, first=0)
    for ply in range(plies):
        actions = legal_actions(game.state)
        game = game.play(actions[(ply * 5) % len(actions)])
    return game


def test_a_game_link_with_at_opens_the_review_and_arrows_step(page, load_game):
    game = a_game()
    load_game("./?pause=0#" + game_fragment(game) + "&at=4")
    review = page.get_by_test_id("review")
    review.wait_for()
    assert review.get_attribute("data-at") == "4" and review.get_attribute("data-total") == "9"
    assert page.get_by_test_id("table").get_attribute("data-turn") == "review"
    state = game.record.rounds[0].start
    for action in game.record.rounds[0].actions[:4]:
        from jaipur_core import apply
        state = apply(state, action)
    for seat in (0, 1):  # both hands face up, as they were after action 4
        shown = page.get_by_test_id(f"review-hand-{seat}").count()
        assert shown == sum(state.hands[seat])
    assert page.get_by_test_id("market-card").count() == sum(state.market)
    page.keyboard.press("ArrowRight")
    page.locator("[data-testid=review][data-at='5']").wait_for(state="attached")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.locator("[data-testid=review][data-at='3']").wait_for(state="attached")
    page.get_by_test_id("review-first").click()
    page.locator("[data-testid=review][data-at='0']").wait_for(state="attached")
    assert "deal of round 1" in page.get_by_test_id("last-move").inner_text()
    page.get_by_test_id("review-last").click()
    page.locator("[data-testid=review][data-at='9']").wait_for(state="attached")
    page.get_by_test_id("review-close").click()
    table = wait_until_settled(page)
    assert table["turn"] == "human"


def test_in_persian_the_review_steps_forward_with_the_left_arrow_as_its_buttons_lie(page, load_game):
    load_game("./?lang=fa&pause=0#" + game_fragment(a_game()) + "&at=4")
    review = page.get_by_test_id("review")
    review.wait_for()
    back, forward = (page.get_by_test_id(f"review-{to}").bounding_box() for to in ("prev", "next"))
    assert forward["x"] < back["x"]   # right to left: forward is the button on the left
    page.keyboard.press("ArrowLeft")
    page.locator("[data-testid=review][data-at='5']").wait_for(state="attached")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.locator("[data-testid=review][data-at='3']").wait_for(state="attached")


def test_review_after_a_finished_game(load_game):
    page = load_game(link_near_the_end(seed=3, moves_left=6))  # three rounds, six moves before the end
    play_until(page, lambda t: page.get_by_test_id("play-again").count() > 0, limit=600)
    page.get_by_test_id("review-game").click()
    review = page.get_by_test_id("review")
    review.wait_for()
    total = int(review.get_attribute("data-total"))
    assert review.get_attribute("data-at") == str(total) and total > 20
    page.get_by_test_id("review-prev").click()
    page.locator(f"[data-testid=review][data-at='{total - 1}']").wait_for(state="attached")
    assert page.get_by_test_id("review-player-0").is_visible() and page.get_by_test_id("review-player-1").is_visible()


def test_focus_is_kept_across_renders_and_an_open_dialog_is_updated_in_place(page, load_game):
    load_game("./?seed=3" + FAST)
    wait_until_settled(page)
    page.get_by_test_id("market-card").nth(0).focus()
    page.keyboard.press("Space")                       # select by keyboard: the board re-renders
    assert page.get_by_test_id("market-card").nth(0).get_attribute("aria-pressed") == "true"
    assert page.evaluate("document.activeElement.dataset.key") == "market-0"
    page.get_by_test_id("btn-new-game").click()
    panel = page.get_by_test_id("new-game-panel").element_handle()
    assert page.evaluate("document.activeElement.dataset.testid") == "start-game"  # the dialog took focus
    page.get_by_test_id("level-hard").click()
    assert page.get_by_test_id("level-hard").get_attribute("aria-pressed") == "true"
    assert panel.evaluate("node => node.isConnected")    # the same dialog node, refreshed inside
    assert page.evaluate("document.activeElement.dataset.key") == "level-hard"
