"""Untrusted input through the page, the way a person meets it (issue 12).

A decompression-bomb link, a deeply nested link, a 200,000-action `#game=` link
and a 10 MB import each give a readable message within the normal boot time and
leave the player's saved game as it was: after each, reloading the page without
the link gives the same game back. A record whose round reached the most
actions a record may hold imports, says no more moves can be made in that round,
and shows its long log through "Show the whole log".
"""

from __future__ import annotations

import base64
import json
import zlib
from urllib.parse import quote

import pytest

from jaipur_core.limits import MAX_ACTIONS_PER_ROUND, MAX_FRAGMENT_CHARS, MAX_LOG_LINES_RENDERED
from jaipur_core.share import encode_data
from tests.e2e.table_driver import import_file, play_moves, read_table, snapshot, wait_until_settled
from tests.test_app_untrusted import stalled

pytestmark = pytest.mark.e2e

HOME = "./?seed=5&level=easy&first=you&pause=0"


def bomb_link() -> str:
    """30 MB of JSON deflated into a link under the length limit."""
    packed = zlib.compress(b'{"a":"' + b" " * 30_000_000 + b'"}', 9)
    code = base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    assert len(code) < MAX_FRAGMENT_CHARS
    return "#game=" + code


def nested_link() -> str:
    return "#game=" + quote('{"a":' + "[" * 5000 + "]" * 5000 + "}")


def stalling_link() -> str:
    """A record of 200,000 back-and-forth trades in one round, as a compact link."""
    record = stalled(0).to_record_json()
    trades = [text for text in record["rounds"][0]["actions"] if text.startswith("trade")][:2]
    record["rounds"][0]["actions"] = trades * 100_000
    assert len(record["rounds"][0]["actions"]) == 200_000
    code = encode_data(record)
    assert len(code) < MAX_FRAGMENT_CHARS
    return "#game=" + code


def a_saved_game(load_game):
    page = load_game(HOME)
    before = play_moves(page, 1)
    return page, before, page.evaluate("localStorage.getItem('jaipur.save')")


def same_game(page, before, saved) -> None:
    """The save is untouched, and the page without the link resumes that very game."""
    assert page.evaluate("localStorage.getItem('jaipur.save')") == saved
    page.goto("about:blank")
    page.goto(HOME.split("?")[0] + "?pause=0")
    page.get_by_test_id("message").filter(has_text="resumed").wait_for()
    assert snapshot(wait_until_settled(page)) == snapshot(before)


@pytest.mark.parametrize("link, words", [
    (bomb_link, "larger than 1024 KB once unpacked"),
    (nested_link, "nests more than 32 levels deep"),
    (stalling_link, "larger than 1024 KB once unpacked"),
], ids=["bomb", "nested", "200000-actions"])
def test_a_bad_link_says_why_and_the_saved_game_comes_back(load_game, link, words):
    page, before, saved = a_saved_game(load_game)
    page.goto("about:blank")
    load_game("./?pause=0" + link())                   # boots within the normal boot time
    message = page.get_by_test_id("message")
    message.filter(has_text="This link's game could not be opened").wait_for()
    said = message.inner_text()
    assert words in said and "Your saved game was resumed" in said
    assert snapshot(wait_until_settled(page)) == snapshot(before)
    same_game(page, before, saved)


def test_a_10_mb_import_is_refused_and_the_game_stays(load_game, tmp_path):
    page, before, saved = a_saved_game(load_game)
    big = tmp_path / "big.json"
    big.write_text('{"format": "jaipur-game/1", "players": ["a", "b"], "pad": "' + " " * 10_000_000 + '"}')
    import_file(page, big)
    message = page.get_by_test_id("message")
    message.filter(has_text="Could not import big.json").wait_for()
    assert "1 MB" in message.inner_text() and "unchanged" in message.inner_text()
    assert snapshot(read_table(page)) == snapshot(before)
    same_game(page, before, saved)


def test_a_stalled_round_imports_says_no_more_moves_and_shows_its_whole_log(load_game, tmp_path):
    game = stalled(0)
    assert len(game.record.rounds[-1].actions) == MAX_ACTIONS_PER_ROUND
    page = load_game(HOME)
    wait_until_settled(page)
    record = tmp_path / "stalled.json"
    record.write_text(json.dumps(game.to_record_json()))
    import_file(page, record)
    message = page.get_by_test_id("message")
    message.filter(has_text=f"This round has reached {MAX_ACTIONS_PER_ROUND} moves").wait_for()
    log = page.get_by_test_id("log")
    assert log.locator("li").count() == MAX_LOG_LINES_RENDERED
    show_all = page.get_by_test_id("log-show-all")
    lines = MAX_ACTIONS_PER_ROUND + 1  # the round's first line, then one per action
    assert f"({lines} lines)" in show_all.inner_text()
    show_all.click()
    whole = page.get_by_test_id("log-all")
    whole.wait_for()
    assert whole.locator("li").count() == lines
    page.get_by_test_id("log-panel").get_by_test_id("close-panel").click()
    whole.wait_for(state="detached")
    # the save holds the full round and reads back when the page is opened again
    page.goto("about:blank")
    load_game("./?pause=0")
    message.filter(has_text=f"This round has reached {MAX_ACTIONS_PER_ROUND} moves").wait_for()
    assert json.loads(page.evaluate("localStorage.getItem('jaipur.save')"))["record"]["rounds"][0]["actions"] \
        == game.to_record_json()["rounds"][0]["actions"]
