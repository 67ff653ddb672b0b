"""Import through the real file chooser: a good record, a garbage file, the same file twice."""

from __future__ import annotations

import json

import pytest

from jaipur_core import Game, legal_actions
from tests.e2e.table_driver import import_file, read_table, snapshot, wait_until_settled

pytestmark = pytest.mark.e2e


def test_import_a_record_and_refuse_garbage(load_game, tmp_path, browser_name):
    if browser_name == "firefox":
        pytest.skip("Firefox over WebDriver BiDi (ESR 153, Playwright 1.60) reports no second file dialog "
                    "from the same <input>, so importing twice cannot go through the real chooser")
    page = load_game("./?seed=3&level=easy&first=you&pause=0")
    before = wait_until_settled(page)
    garbage = tmp_path / "photo.jpg"
    garbage.write_bytes(bytes(range(256)) * 4)
    import_file(page, garbage)
    message = page.get_by_test_id("message")
    message.filter(has_text="Could not import photo.jpg").wait_for()
    assert "unchanged" in message.inner_text()
    assert snapshot(read_table(page)) == snapshot(before)
    game = Game.new(seed=17, first=0, players=("You", "Computer (easy)"))
    for _ in range(3):
        game = game.play(legal_actions(game.state)[0])
    good = tmp_path / "record.json"
    good.write_text(json.dumps(game.to_record_json()))
    for _ in range(2):  # the same file twice still imports (the chooser's value is reset)
        import_file(page, good)
        message.filter(has_text="Imported record.json").wait_for()
    table = wait_until_settled(page)
    assert table["deck"] == len(game.state.deck) and table["round"] == 1
    assert page.get_by_test_id("import-file").count() == 1


def test_a_huge_file_is_refused_without_being_read(load_game, tmp_path):
    page = load_game("./?seed=3&level=easy&first=you&pause=0")
    before = wait_until_settled(page)
    huge = tmp_path / "huge.json"
    huge.write_text("[" * 3_000_000)
    import_file(page, huge)
    page.get_by_test_id("message").filter(has_text="Could not import huge.json").wait_for()
    assert snapshot(read_table(page)) == snapshot(before)
