"""Annotated replays (issue 28, item 2), by clicking and typing as a reader and an author do.

The reader opens an embed of an annotated record at a step (`#game=…&at=N`), steps through it
with the keys and the buttons seeing the notes, lets it play on by itself, and plays on from a
step. The author opens a record, writes a note step by step, exports it (a real download) and
imports the file again through the real file chooser, and sees the note in the review. On the
way, the author steps with the keys from round 1's end onto round 2's deal (a step of its own),
reads its note and rewrites it there; Link and Export keep it as that round's note "0".
"""

from __future__ import annotations

import json

import pytest
from axe_playwright_python.sync_playwright import Axe

from jaipur_core import Game
from jaipur_core.share import game_fragment, parse_fragment, split_step
from tests.e2e.records import game_across_a_round, game_cut_short
from tests.e2e.table_driver import export_record, import_file, wait_until_settled

pytestmark = pytest.mark.e2e

DEAL = "The deal: watch the leather."
WRITTEN = "Trade? Sell? No: camels. ?\nThen the market turns. Really. Yes."
THIRD = "After three actions.\nA second line & <b>no markup</b>."
ROUND_TWO = "Round two: a fresh market."
ROUND_TWO_REWRITTEN = "Round two: camels first, again."


def _annotated() -> Game:
    return (game_cut_short(3, 10).with_note(0, DEAL).with_note(3, THIRD)
            .with_extra(title="A lesson in camels", author="Ada"))


def _at(page, step: int) -> None:
    page.locator(f"[data-testid=review][data-at='{step}']").wait_for(state="attached")


def _no_serious_violation(page) -> None:
    """axe-core (as tests/e2e/test_looks.py, one scheme and width here): nothing critical or serious."""
    report = Axe().run(page).response
    blocking = [f"{v['id']}: {v['help']}" for v in report["violations"] if v["impact"] in ("critical", "serious")]
    assert not blocking, blocking


def _note(page) -> str:
    note = page.get_by_test_id("review-note")
    return note.inner_text() if note.count() else ""


def test_a_reader_steps_through_an_embedded_record_with_its_notes_and_plays_on(load_game):
    page = load_game("embed.html?pause=0&level=easy#" + game_fragment(_annotated(), 3))
    _at(page, 3)
    assert _note(page) == THIRD  # text as written: its line break kept, nothing read as markup
    assert page.get_by_test_id("record-title").inner_text() == "A lesson in camels"
    assert "Ada" in page.get_by_test_id("record-author").inner_text()
    assert page.get_by_test_id("note-write").count() == 0  # the embed is for readers
    _no_serious_violation(page)
    page.keyboard.press("ArrowRight")
    _at(page, 4)
    assert _note(page) == ""
    page.get_by_test_id("review-first").click()
    _at(page, 0)
    assert _note(page) == DEAL
    page.get_by_test_id("review-next").click()
    _at(page, 1)
    page.keyboard.press("ArrowLeft")
    _at(page, 0)
    # autoplay: a step about every 1.5 s, until paused
    play = page.get_by_test_id("review-autoplay")
    play.click()
    page.locator("[data-testid=review-autoplay][aria-pressed=true]").wait_for()
    _at(page, 1)
    _at(page, 2)
    page.get_by_test_id("review-autoplay").click()
    page.locator("[data-testid=review-autoplay][aria-pressed=false]").wait_for()
    stopped = int(page.get_by_test_id("review").get_attribute("data-at"))
    page.wait_for_timeout(2000)
    assert int(page.get_by_test_id("review").get_attribute("data-at")) == stopped
    # leave the record at this step and play on against the computer, the side to move
    page.get_by_test_id("play-from-here").click()
    table = wait_until_settled(page)
    assert table["turn"] == "human"
    assert "play on against the computer" in page.get_by_test_id("message").inner_text()


def test_an_author_writes_a_note_exports_it_and_sees_it_again_after_import(load_game, tmp_path):
    # a short record across round 1's end: steps 0-3 round 1, step 4 round 2's deal (with a note)
    record = game_across_a_round().with_note(4, ROUND_TWO)
    page = load_game("./?pause=0&level=easy#" + game_fragment(record, 2))
    _at(page, 2)
    assert _note(page) == ""
    # a reader's keys: round 1's end, then round 2's deal, a step of its own with its note
    page.keyboard.press("ArrowRight")
    _at(page, 3)
    assert page.get_by_test_id("review").get_attribute("data-round") == "1"
    page.keyboard.press("ArrowRight")
    _at(page, 4)
    bar = page.get_by_test_id("review")
    assert (bar.get_attribute("data-round"), bar.get_attribute("data-round-at")) == ("2", "0")
    assert page.get_by_test_id("review-step").inner_text() == "The deal of round 2, after action 3 of 5"
    assert _note(page) == ROUND_TWO
    # the author rewrites it there: round 2's note "0", which the game link keeps (Export: below;
    # here before any download, after which headless Firefox sends the field no blur, so no change)
    page.get_by_test_id("note-write").click()
    field = page.get_by_label("Note at the deal of round 2")
    field.click()
    field.press("Control+a")
    field.press_sequentially(ROUND_TWO_REWRITTEN)
    page.keyboard.press("Tab")
    page.get_by_test_id("message").filter(has_text="note at the deal of round 2").wait_for()
    page.get_by_test_id("note-done").click()
    assert _note(page) == ROUND_TWO_REWRITTEN
    page.get_by_test_id("btn-share").click()
    link = page.get_by_test_id("share-game-link").input_value()
    assert link.endswith("&round=2&at=0")
    _kind, linked = parse_fragment(split_step(link.split("#", 1)[1])[0])
    assert linked.rounds[1].notes == ((0, ROUND_TWO_REWRITTEN),) and linked.rounds[0].notes == ()
    page.keyboard.press("Escape")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    _at(page, 2)
    page.get_by_test_id("note-write").click()
    field = page.get_by_label("Note at action 2")
    assert field.get_attribute("data-testid") == "note-edit"
    _no_serious_violation(page)
    field.click()
    # letters of the table's keys and the review's arrows stay in the field
    field.press_sequentially("Trade? Sell? No: camels. ?")
    field.press("ArrowLeft")
    field.press("ArrowRight")
    field.press("Enter")
    field.press_sequentially("Then the market turns.")
    _at(page, 2)
    assert page.locator("[role=dialog]").count() == 0  # N (New game), ? (rules) were not taken
    page.get_by_test_id("review-next").click()  # the field saves as it loses the focus; the step lands
    _at(page, 3)
    page.get_by_test_id("message").filter(has_text="note at action 2").wait_for()
    page.get_by_test_id("review-prev").click()
    _at(page, 2)
    field = page.get_by_test_id("note-edit")
    assert field.input_value() == "Trade? Sell? No: camels. ?\nThen the market turns."
    field.press("Control+End")
    field.press_sequentially(" Really.")
    page.keyboard.press("Tab")  # saved as the focus leaves; the focus stays on the next control
    page.get_by_test_id("message").filter(has_text="note at action 2").wait_for()
    assert page.evaluate("document.activeElement.dataset.testid") == "note-save"
    field = page.get_by_test_id("note-edit")
    field.press("Control+End")
    field.press_sequentially(" Yes.")
    path = tmp_path / "annotated.json"
    export_record(page, path)  # straight from the field: the export holds what was typed
    exported = json.loads(path.read_text())
    assert [played.get("notes") for played in exported["rounds"]] == [{"2": WRITTEN}, {"0": ROUND_TWO_REWRITTEN}]
    page.get_by_test_id("note-done").click()
    assert _note(page) == WRITTEN
    import_file(page, path)
    page.get_by_test_id("message").filter(has_text="annotated.json").wait_for()
    wait_until_settled(page)
    page.get_by_test_id("btn-review").click()
    page.get_by_test_id("review").wait_for()
    page.get_by_test_id("review-first").click()
    _at(page, 0)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    _at(page, 2)
    assert _note(page) == WRITTEN
