"""Many embeds on one post, storage refused, two tabs (issue 28, item 7).

A post page with two embedded tables; a frame whose browser refuses storage; two tabs
of one game. Each boots what it is about (docs/testing.md, 4): saves and storage.
"""

from __future__ import annotations

import time

import pytest

from jaipur_core import Game
from jaipur_core.share import position_fragment
from tests.conftest import BOOT_TIMEOUT_MS
from tests.e2e.table_driver import play_moves, play_one_move, read_table, wait_until_settled

pytestmark = pytest.mark.e2e

FAST = "pause=0&level=easy"
BOARD = ("market", "hand", "herd", "opponentHand", "opponentHerd", "deck", "piles")


def embed_link(seed: int) -> str:
    return f"embed.html?{FAST}#" + position_fragment(Game.new(seed=seed, first=0).state)


def board(table: dict) -> dict:
    return {key: table[key] for key in BOARD}


@pytest.fixture(scope="module")
def blog(tmp_path_factory, site_build, served_origins):
    """A blog on its own origin (another port of 127.0.0.1): its folder and its address."""
    folder = tmp_path_factory.mktemp("blog")
    with site_build.DistServer(folder) as server:
        served_origins.add(server.origin)
        yield folder, server.url


def a_post(page, base_url: str, blog, frames: dict[str, str]) -> None:
    """A blog post with these embedded frames (name -> address in the game's folder), opened."""
    folder, url = blog
    figures = "".join(f'<figure><iframe name="{name}" src="{base_url}{src}" width="760" height="520" '
                      f'title="Jaipur: {name}"></iframe></figure>' for name, src in frames.items())
    (folder / "post.html").write_text('<!doctype html><meta charset=utf-8><link rel=icon href="data:,">'
                                      f"<title>A post</title><h1>Two positions</h1>{figures}")
    page.set_viewport_size({"width": 1600, "height": 1200})
    page.goto(url + "post.html")


def ready_frame(page, src: str):
    """The post's frame showing `src`, once its table is ready. Found by its address (Firefox
    may not report a frame's name again after a reload)."""
    fragment = src.split("#", 1)[1]
    frame = None
    deadline = time.monotonic() + BOOT_TIMEOUT_MS / 1000
    while frame is None and time.monotonic() < deadline:
        frame = next((found for found in page.frames if found.url.endswith(fragment)), None)
        if frame is None:
            page.wait_for_timeout(100)
    assert frame is not None, src
    frame.locator("html[data-state=ready]").wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    return frame


def test_two_frames_of_a_post_keep_their_own_games_across_a_reload(page, base_url, blog):
    links = {"first": embed_link(11), "second": embed_link(12)}
    a_post(page, base_url, blog, links)
    first, second = ready_frame(page, links["first"]), ready_frame(page, links["second"])
    untouched = board(wait_until_settled(second))
    played = board(play_moves(first, 1))  # a move, and the computer's reply
    assert played != board(wait_until_settled(second))
    assert board(wait_until_settled(second)) == untouched  # the other frame did not change
    page.reload()
    first, second = ready_frame(page, links["first"]), ready_frame(page, links["second"])
    again = wait_until_settled(first)
    assert board(again) == played and "resumed" in again["message"]
    assert board(wait_until_settled(second)) == untouched


REFUSE = {
    # storage blocked for a third-party frame: reading window.localStorage itself throws
    "blocked": """Object.defineProperty(window, "localStorage", { configurable: true,
                    get() { throw new DOMException("The operation is insecure.", "SecurityError"); } });""",
    # a full quota: every write throws
    "full": """Storage.prototype.setItem = function () {
                 throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); };""",
}


@pytest.mark.parametrize("refusal", sorted(REFUSE))
def test_a_frame_whose_storage_is_refused_plays_on_and_says_it_once(page, load_game, refusal):
    page.add_init_script(REFUSE[refusal])  # the browser's setting, before any page script runs
    load_game(embed_link(14))
    table = wait_until_settled(page)
    assert "not being saved" in table["message"] and "could not be opened" not in table["message"]
    after = play_moves(page, 1)
    assert after["message"] == "" or "not being saved" not in after["message"]
    assert board(after) != board(table)
    after = play_moves(page, 1)  # and on: the table answers every move
    assert "not being saved" not in after["message"]


def same_board(tab, expected: dict, timeout_s: float = 20) -> dict:
    """Wait until tab shows `expected` (the storage event arrives when it arrives)."""
    deadline = time.monotonic() + timeout_s
    while True:
        table = read_table(tab)
        if board(table) == expected or time.monotonic() > deadline:
            return table
        tab.wait_for_timeout(100)


def test_two_tabs_follow_each_other_and_a_stale_tab_never_overwrites(page, load_game, wait_for_boot):
    address = f"./?seed=5&first=you&{FAST}"
    tab_a = load_game(address)
    wait_until_settled(tab_a)
    tab_b = page.context.new_page()
    tab_b.goto(address)
    assert wait_for_boot(tab_b) == "ready"
    # A moves (and the computer replies): B follows
    moved = board(play_moves(tab_a, 1))
    followed = same_board(tab_b, moved)
    assert board(followed) == moved and "another tab" in followed["message"]
    # A starts another game: B's game is stale, says so, and its move is refused
    tab_a.get_by_test_id("btn-new-game").click()
    tab_a.get_by_test_id("start-game").click()
    fresh = board(wait_until_settled(tab_a))
    stored = tab_a.evaluate("localStorage.getItem('jaipur.save')")
    tab_b.get_by_test_id("offer-load-other-tab").wait_for()
    assert "changed in another tab" in read_table(tab_b)["message"]
    play_one_move(tab_b, read_table(tab_b), set())  # a move in the stale tab, by clicking
    tab_b.get_by_test_id("offer-keep-this-tab").wait_for()
    assert board(read_table(tab_b)) == moved  # nothing played
    assert tab_a.evaluate("localStorage.getItem('jaipur.save')") == stored  # A's game not overwritten
    # B loads A's game
    tab_b.get_by_test_id("offer-load-other-tab").click()
    assert board(same_board(tab_b, fresh)) == fresh
    tab_b.close()
