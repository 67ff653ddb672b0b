"""Embedding a position, sharing a link to one, and the rules panel (issue 5)."""

from __future__ import annotations

from collections import Counter

import pytest

from jaipur_core import CARD_NAMES, GOODS
from jaipur_core.share import position_fragment
from tests.conftest import BOOT_TIMEOUT_MS
from tests.e2e import records
from tests.e2e.records import link_near_the_end
from tests.e2e.table_driver import play_one_move, wait_until_settled

pytestmark = pytest.mark.e2e


def names(counts) -> Counter:
    return Counter({CARD_NAMES[card]: n for card, n in enumerate(counts) if n})


def a_position(seed=12, plies=5):
    return records.a_position(seed, plies, stride=7)


def test_embed_shows_exactly_the_position_and_accepts_a_move(page, load_game):
    state = a_position()
    seat = state.to_move
    page.set_viewport_size({"width": 320, "height": 640})
    load_game("embed.html?pause=0#" + position_fragment(state))
    table = wait_until_settled(page)
    assert Counter(table["market"]) == names(state.market)
    assert Counter(table["hand"]) == names(state.hands[seat])
    assert table["herd"] == state.herds[seat]
    assert table["opponentHand"] == sum(state.hands[1 - seat])
    assert table["opponentHerd"] == state.herds[1 - seat]
    assert table["deck"] == len(state.deck)
    for good in GOODS:
        assert table["piles"][CARD_NAMES[good]] == " ".join(map(str, state.goods_pile(good)))
    assert page.locator("html.embed").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    play_one_move(page, table, set())
    after = wait_until_settled(page)
    assert any(line.startswith("You ") for line in after["log"])
    assert page.evaluate("localStorage.getItem('jaipur.save')") is None  # a link is not the player's save


@pytest.mark.parametrize("fragment", ["#position=not-a-position", "#position=%7B%22format%22%3A1%7D",
                                      "#game=eJzLSM3JyQcABiwCFQ"])
def test_bad_position_data_shows_a_message_and_a_normal_game(page, load_game, fragment):
    load_game("embed.html" + fragment)
    table = wait_until_settled(page)
    message = page.get_by_test_id("message")
    assert message.is_visible() and "could not be opened" in table["message"]
    assert table["phase"] == "play" and len(table["market"]) == 5


def test_copy_link_gives_a_url_that_opens_this_position(page, load_game):
    load_game("./?seed=9&first=you&level=easy&pause=0")
    used: set[str] = set()
    play_one_move(page, wait_until_settled(page), used)
    before = wait_until_settled(page)
    page.get_by_test_id("btn-share").click()
    link = page.get_by_test_id("share-link").input_value()
    folder = page.url.split("#")[0].split("?")[0]
    assert link.startswith(folder + "index.html#position=")
    assert page.get_by_test_id("share-game-link").count() == 0  # a game in progress: its position only
    page.get_by_test_id("copy-link").click()
    page.get_by_test_id("message").filter(has_text="clipboard").wait_for()
    page.goto("about:blank")
    page.goto(link)
    page.locator("html[data-state=ready]").wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    shared = wait_until_settled(page)
    for key in ("market", "hand", "herd", "opponentHand", "opponentHerd", "deck", "piles"):
        assert shared[key] == before[key], key


def _review_shown(page) -> tuple:
    """The step reviewed, the status line, the market and both open hands, as shown."""
    def cards(testid):
        return page.get_by_test_id(testid).evaluate_all("(cards) => cards.map((c) => c.dataset.card)")
    return (page.get_by_test_id("review").get_attribute("data-at"), page.get_by_test_id("status").inner_text(),
            cards("market-card"), cards("review-hand-0"), cards("review-hand-1"))


def test_a_games_link_opens_the_embed_at_the_step_reviewed(page, load_game):
    load_game(link_near_the_end(seed=3, moves_left=6))   # a record opened from a link: it may be passed on
    page.get_by_test_id("btn-review").click()
    page.get_by_test_id("review-first").click()
    for _ in range(4):
        page.get_by_test_id("review-next").click()
    before = _review_shown(page)
    assert before[0] == "4" and before[1].startswith("Round 1")
    page.get_by_test_id("btn-share").click()
    page.get_by_test_id("share-page-embed").click()
    link = page.get_by_test_id("share-game-link").input_value()
    assert "/embed.html#game=" in link and link.endswith("&at=4")
    page.get_by_test_id("copy-game-link").click()
    page.get_by_test_id("message").filter(has_text="clipboard").wait_for()
    page.goto("about:blank")
    page.goto(link)
    page.locator("html[data-state=ready]").wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("html.embed").count() == 1
    assert _review_shown(page) == before


def test_rules_panel_opens_in_an_embedded_game(page, load_game):
    page.set_viewport_size({"width": 320, "height": 640})
    load_game("embed.html?show=tools")  # an embed shows its tools only where the snippet asks
    page.get_by_test_id("btn-rules").click()
    panel = page.get_by_test_id("rules-panel")
    assert panel.is_visible() and "sold at least two at a time" in panel.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    page.get_by_test_id("close-panel").click()
    assert page.get_by_test_id("rules-panel").count() == 0
    page.get_by_test_id("btn-rules").click()
    page.keyboard.press("Escape")  # the panel took the focus; Escape closes it
    assert page.get_by_test_id("rules-panel").count() == 0


def test_embed_in_a_320px_iframe(page, base_url):
    state = a_position(seed=14, plies=3)
    src = f"{base_url}embed.html?pause=0#{position_fragment(state)}"
    page.set_content(f'<iframe src="{src}" width="320" height="600" title="Jaipur"></iframe>')
    frame = page.frame_locator("iframe")
    frame.locator("html[data-state=ready]").wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    assert frame.get_by_test_id("market-card").count() == sum(state.market)
    inner = page.frames[1]
    assert inner.evaluate("document.documentElement.scrollWidth") <= 320
    assert frame.get_by_test_id("btn-take").is_visible()
    assert frame.get_by_test_id("btn-rules").is_hidden()  # the table alone: no tools unless asked
