"""The game in WebKit (Safari's engine, as WebKitGTK): boot, a whole round played
by clicking, reload and resume, offline reload, the embed at 320 px opened from
a #position= link. Every test also fails on any page error (see conftest.py)."""

from __future__ import annotations

from collections import Counter
from urllib.parse import quote

import pytest

from jaipur_core import CARD_NAMES
from jaipur_core.share import position_fragment
from tests.e2e import records
from tests.e2e.table_driver import snapshot

pytestmark = [pytest.mark.e2e, pytest.mark.webkit]

FAST = "&level=easy&first=you&pause=0"


def names(counts) -> Counter:
    return Counter({CARD_NAMES[card]: n for card, n in enumerate(counts) if n})


def test_the_guard_sees_what_the_page_records(webkit_page, webkit_server, browser_guard):
    """The error hook every WebKit test relies on does catch errors."""
    webkit_page.load_game(webkit_server.url + "?seed=3" + FAST)
    webkit_page.run("console.error('deliberate'); setTimeout(() => { throw new Error('thrown on purpose'); });"
                    "Promise.reject(new Error('rejected on purpose'));")
    webkit_page.wait_until("return window.__jaipurProblems.length >= 3", 10, "the hook saw nothing")
    webkit_page.collect_problems()
    seen = "\n".join(browser_guard.problems)
    assert "console error: deliberate" in seen
    assert "thrown on purpose" in seen and "rejected on purpose" in seen
    browser_guard.problems.clear()


@pytest.mark.full_boot
def test_boots_and_renders_the_table(webkit_page, webkit_server, boot_path):
    webkit_page.load_game(webkit_server.url + "?seed=3" + FAST)
    assert webkit_page.elements("table")[0].is_displayed()
    assert not webkit_page.elements("boot-status")[0].is_displayed()
    assert webkit_page.run("return document.documentElement.dataset.boot") == boot_path  # no silent fallback
    marks = webkit_page.run("return performance.getEntriesByType('mark').map((mark) => mark.name)")
    assert marks[0] == "jaipur: Loading Python runtime" and marks[-1] == "jaipur: started"
    table = webkit_page.wait_until_settled()
    assert len(table["market"]) == 5 and len(table["hand"]) + table["herd"] == 5
    assert webkit_page.run("return document.documentElement.scrollWidth <= innerWidth")


@pytest.mark.full_boot
def test_a_whole_round_played_by_clicking(webkit_page, webkit_server):
    webkit_page.load_game(webkit_server.url + "?seed=6" + FAST)
    used: set[str] = set()
    for _ in range(200):
        table = webkit_page.wait_until_settled()
        if table["turn"] == "over":
            break
        webkit_page.play_one_move(table, used)
    assert table["turn"] == "over" and table["phase"] in ("round_over", "game_over")
    # the round panel is a dialog that fades in: wait for it to be shown
    webkit_page.wait_until("const panel = document.querySelector('[data-testid=round-panel]');"
                           "return panel !== null && panel.checkVisibility({opacityProperty: false});",
                           10, "the round panel did not show")
    assert any(line.startswith("Computer ") for line in table["log"])
    assert any(line.startswith("You ") for line in table["log"])


@pytest.mark.full_boot
def test_reload_mid_round_resumes_the_same_position(webkit_page, webkit_server):
    webkit_page.load_game(webkit_server.url + "?seed=5" + FAST)
    used: set[str] = set()
    before = webkit_page.play_moves(3, used)
    webkit_page.reload()
    assert webkit_page.wait_for_boot() == "ready"
    after = webkit_page.wait_until_settled()
    assert snapshot(after) == snapshot(before)
    assert "resumed" in after["message"]
    webkit_page.play_one_move(after, used)  # and play goes on
    assert len(webkit_page.wait_until_settled()["log"]) > len(after["log"])


@pytest.mark.full_boot
def test_offline_reload_boots_from_the_service_worker_and_resumes(webkit_page, webkit_server):
    webkit_page.load_game(webkit_server.url + "?seed=7" + FAST)
    used: set[str] = set()
    before = webkit_page.play_moves(2, used)
    state = webkit_page.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "navigator.serviceWorker.ready.then((registration) => done(registration.active.state));")
    assert state in ("activating", "activated")
    webkit_server.stop()  # the site is gone from the network
    webkit_page.reload()
    assert webkit_page.wait_for_boot() == "ready"
    assert webkit_page.run("return navigator.serviceWorker.controller !== null")
    after = webkit_page.wait_until_settled()
    assert snapshot(after) == snapshot(before)
    webkit_page.play_one_move(after, used)
    assert len(webkit_page.wait_until_settled()["log"]) > len(after["log"])


def a_position(seed=14, plies=3):
    return records.a_position(seed, plies, stride=7)


@pytest.mark.full_boot
def test_the_embed_in_a_320px_iframe_opens_a_position_link(webkit_page, webkit_server):
    state = a_position()
    seat = state.to_move
    src = f"{webkit_server.url}embed.html?pause=0#{position_fragment(state)}"
    # MiniBrowser's window cannot be narrower than ~450 px; an iframe is how the embed is used anyway.
    host = f'<iframe src="{src}" width="320" height="600" title="Jaipur"></iframe>'
    webkit_page.open("data:text/html," + quote(host, safe=""))
    webkit_page.enter_frame(0)
    assert webkit_page.wait_for_boot() == "ready"
    table = webkit_page.wait_until_settled()
    assert Counter(table["market"]) == names(state.market)
    assert Counter(table["hand"]) == names(state.hands[seat])
    assert table["herd"] == state.herds[seat] and table["deck"] == len(state.deck)
    assert webkit_page.run("return innerWidth") == 320
    assert webkit_page.run("return document.documentElement.scrollWidth") <= 320
    assert webkit_page.run("return document.documentElement.classList.contains('embed')")
    assert webkit_page.elements("btn-take")[0].is_displayed()
    assert not webkit_page.elements("btn-rules")[0].is_displayed()  # the table alone: no tools unless asked
    webkit_page.play_one_move(table, set())
    after = webkit_page.wait_until_settled()
    assert any(line.startswith("You ") for line in after["log"])
