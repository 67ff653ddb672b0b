"""The search off the table's thread (issue 29), by clicking: the computer's turn answered by the
search worker (served from a sub-folder, as a static host may), and the page's own sliced
search (?ai=page, the fallback) playing a round to its end."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from tests.e2e.records import link_near_the_end
from tests.e2e.table_driver import play_one_move, play_until, wait_until_settled

pytestmark = pytest.mark.e2e

WORKER_BOOT_MS = 180_000  # the worker boots its own Python after the table is shown


@pytest.mark.search_worker
def test_the_computers_turn_runs_in_the_search_worker(page, served_dist_subpath, wait_for_boot, boot_path):
    requested = []
    page.on("request", lambda request: requested.append(urlsplit(request.url).path))
    notes = []
    page.on("console", lambda message: notes.append(message.text))
    page.goto(served_dist_subpath + "?seed=3&level=hard&first=you&pause=0")
    assert wait_for_boot(page) == "ready"
    page.locator("html[data-ai=worker]").wait_for(state="attached", timeout=WORKER_BOOT_MS)
    assert any(path.endswith("/ai_worker.js") for path in requested)
    # the worker restores the page's snapshot (with build.json's lock file info, no lock file)
    assert any(f"search worker ({boot_path} boot)" in note for note in notes), notes
    table = wait_until_settled(page)
    before = len(table["log"])
    play_one_move(page, table, set())
    after = wait_until_settled(page)
    assert len(after["log"]) >= before + 2 and after["log"][0].startswith("Computer ")  # newest first
    assert page.locator("html").get_attribute("data-ai") == "worker"   # not given up on the way
    outside = [path for path in requested if not path.startswith(urlsplit(served_dist_subpath).path)]
    assert outside == []


def test_the_page_path_plays_a_round_to_its_end(load_game):
    page = load_game(link_near_the_end(seed=3, moves_left=6, ending="round", query="&ai=page"))
    assert page.locator("html").get_attribute("data-ai") == "page"
    table = play_until(page, lambda t: t["phase"] != "play", set(), limit=20)
    assert table["phase"] == "round_over"
    assert any(line.startswith("Computer ") for line in table["log"][:6])  # newest first
    assert page.locator("html").get_attribute("data-ai") == "page"
