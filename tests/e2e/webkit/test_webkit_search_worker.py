"""The search worker in WebKit (issue 29, its smoke test): it boots beside the table
(<html data-ai="worker">) and answers the computer's turn. One boot on the snapshot path."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.webkit]

WORKER = "return document.documentElement.dataset.ai === 'worker'"


@pytest.mark.search_worker
def test_the_search_worker_starts_and_answers_the_computers_turn(webkit_page, webkit_server):
    webkit_page.load_game(webkit_server.url + "?seed=3&level=easy&first=you&pause=0")
    webkit_page.wait_until(WORKER, 180, "the search worker did not start (data-ai is not worker)")
    table = webkit_page.wait_until_settled()
    webkit_page.play_one_move(table, set())
    after = webkit_page.wait_until_settled()
    assert len(after["log"]) >= len(table["log"]) + 2 and after["log"][0].startswith("Computer ")
    assert webkit_page.run("return document.documentElement.dataset.ai") == "worker"
