"""The table fits the screen: a laptop's and a phone's, in English and in Persian (issue 27).

Measured in the browser, boxes against the viewport, not by screenshot:
- At 1280x800 and 1366x768 the whole table -- the other player, the market with the deck and
  the discard, every token pile, your hand, herd and tokens, the action bar, the last move
  and the message -- is inside the viewport and the page does not scroll; the log and the
  tools are a side column beside it (right of it, left in Persian); the cards are at least
  110 px tall; every token pile is one stack that never wraps (all its tokens on one line);
  the market, the deck and the discard are one row. Review: both hands at the same size
  as in play, and the whole review fits too.
- At 360x740 and 320x640 what a move needs -- the market, your hand, your herd and the
  action buttons -- is on one screen, as before.
- The market does not jump to two rows when the discard gets its first card (item 7): its
  box keeps its height, at a laptop's width and a tablet's.
- An embedded table (issue 28) is the table alone, and fits each size the embed maker offers.

tools/screenshots.py draws the same screens for eyes.
"""

from __future__ import annotations

import pytest

from jaipur_core import Game, Puzzle, parse_action
from jaipur_core.share import game_fragment, position_fragment, puzzle_fragment
from tests import helpers
from tests.e2e.layout import NO_SCROLL as NO_SIDEWAYS
from tests.e2e.layout import SETTLE_ANIMATIONS, assert_fits
from tests.e2e.records import game_cut_short
from tests.e2e.table_driver import click_card, read_table, wait_until_settled

pytestmark = pytest.mark.e2e

LAPTOPS = ((1280, 800), (1366, 768))
PHONES = ((360, 740), (320, 640))

# Every box of the table: those that must lie inside the viewport, the cards' heights, the
# rows of each token pile, the side column's place, and how far the page scrolls.
MEASURE = """() => {
  const boxes = (selector) => [...document.querySelectorAll(selector)]
    .filter((node) => node.getClientRects().length > 0)
    .map((node) => {
      const box = node.getBoundingClientRect();
      return {what: node.dataset.testid || node.className, left: box.left, top: box.top,
              right: box.right, bottom: box.bottom, height: box.height};
    });
  const width = document.documentElement.clientWidth, height = window.innerHeight;
  const table = '[data-testid=opponent], [data-testid=market-card], [data-testid=deck], [data-testid=discard], '
              + '[data-testid^=pile-]:not([data-testid^=pile-next]), [data-testid=bonus-3], [data-testid=camel-token], '
              + '[data-testid=hand-card], [data-testid=herd], [data-testid=my-tokens], [data-testid=actions] button, '
              + '[data-testid=last-move]:not(:empty), [data-testid=message]:not(:empty), '
              + '[data-testid^=review-player-], [data-testid=review], [data-testid=puzzle-question], '
              + '[data-testid=puzzle-show], [data-testid=review-note]';
  const all = boxes(table);
  const outside = all.filter((box) => box.left < -0.5 || box.top < -0.5 || box.right > width + 0.5
                                      || box.bottom > height + 0.5)
                     .map((box) => `${box.what} ${Math.round(box.left)},${Math.round(box.top)}`
                                   + `-${Math.round(box.right)},${Math.round(box.bottom)}`);
  const pileRows = [...document.querySelectorAll('.goods-piles .pile')].map((pile) =>
    new Set([...pile.querySelectorAll('.token')].map((token) => Math.round(token.getBoundingClientRect().top))).size);
  const market = document.querySelector('.market-area').getBoundingClientRect();
  const side = document.querySelector('.log-area').getBoundingClientRect();
  return {
    shown: all.length, outside, scrolls: document.documentElement.scrollHeight - height,
    cards: boxes('[data-testid=market-card], [data-testid=hand-card], [data-testid^=review-hand-]')
      .map((box) => Math.round(box.height)),
    rowTops: boxes('[data-testid=market-card], [data-testid=deck] .card, [data-testid=discard] .card')
      .map((box) => Math.round(box.top)),
    pileRows,
    sideBeside: document.documentElement.dir === 'rtl' ? side.right <= market.left : side.left >= market.right,
  };
}"""


def _link(query: str, fragment: str) -> str:
    return f"./?level=easy&pause=0{query}#{fragment}"


# A game well into its second round: tokens sold, a discard pile, a log of 70 lines.
MID_GAME = game_cut_short(seed=3, moves_left=8, ending="game")


def _fits_a_laptop(found: dict, where: str) -> None:
    assert found["outside"] == [], f"{where}: off screen: {found['outside']}"
    assert found["scrolls"] <= 0, f"{where}: the page scrolls {found['scrolls']} px"
    assert found["sideBeside"], f"{where}: the tools and the log are not a side column"
    assert min(found["cards"]) >= 110, f"{where}: cards {found['cards']} px tall"
    # one line of tokens per pile (none for a pile sold out)
    assert 1 in found["pileRows"] and set(found["pileRows"]) <= {0, 1}, f"{where}: a pile wraps: {found['pileRows']}"
    assert len(set(found["rowTops"])) == 1, f"{where}: market, deck and discard are not one row: {found['rowTops']}"


def _on_screen_at(page, sizes, what: str):
    """At each size: (where, the measures), once every box of the table is found inside the
    viewport and the page does not scroll; the page is left at 1280x800."""
    try:
        for width, height in sizes:
            page.set_viewport_size({"width": width, "height": height})
            found = page.evaluate(MEASURE)
            where = f"{what} {width}x{height}"
            assert found["outside"] == [], f"{where}: off screen: {found['outside']}"
            assert found["scrolls"] <= 0, f"{where}: the page scrolls {found['scrolls']} px"
            yield where, found
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


@pytest.mark.parametrize("language", ["en", "fa"])
def test_the_whole_table_fits_a_laptop_screen_and_a_move_fits_a_phone(booted_page, language):
    assert MID_GAME.state.round >= 2 and MID_GAME.state.discard
    page = booted_page(_link(f"&lang={language}", game_fragment(MID_GAME)))
    wait_until_settled(page)
    try:
        for width, height in LAPTOPS:
            page.set_viewport_size({"width": width, "height": height})
            found = page.evaluate(MEASURE)
            assert found["shown"] >= 5 + 2 + 6 + 5, found  # market, piles, token piles, buttons at least
            _fits_a_laptop(found, f"{width}x{height} {language}")
        for width, height in PHONES:
            page.set_viewport_size({"width": width, "height": height})
            assert_fits(page, f"{width}x{height} {language}")
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


@pytest.mark.parametrize("language", ["en", "fa"])
def test_review_fits_a_laptop_screen_with_cards_at_the_tables_size(booted_page, language):
    page = booted_page(_link(f"&lang={language}", game_fragment(MID_GAME) + "&at=6"))
    page.get_by_test_id("review").wait_for()
    for where, found in _on_screen_at(page, LAPTOPS, f"review {language}"):
        assert len(found["cards"]) >= 5 + 5 and min(found["cards"]) >= 110, f"{where}: cards {found['cards']}"
    assert page.get_by_test_id("btn-hint").count() == 0 and page.get_by_test_id("btn-takeback").count() == 0


# Your move sells two diamonds: the discard, empty until then, gets its first card.
BEFORE_THE_FIRST_DISCARD = helpers.state(market="camel camel gold leather spice",
                                         hands=("diamond diamond cloth", "silver"), discard=())


@pytest.mark.parametrize("width, height", [(1280, 800), (900, 700)], ids=["laptop", "tablet"])
def test_the_market_keeps_its_row_when_the_discard_gets_its_first_card(page, load_game, width, height):
    page.set_viewport_size({"width": width, "height": height})
    load_game(_link("&first=you", position_fragment(BEFORE_THE_FIRST_DISCARD)))
    wait_until_settled(page)
    market = page.locator(".market-area")
    before = market.bounding_box()
    assert page.get_by_test_id("discard").get_attribute("data-count") == "0"
    hand = read_table(page)["hand"]
    for index, card in enumerate(hand):
        if card == "diamond":
            click_card(page, "hand", index)
    page.get_by_test_id("btn-sell").click()
    page.locator("[data-testid=discard]:not([data-count='0'])").wait_for()
    wait_until_settled(page)
    page.evaluate(SETTLE_ANIMATIONS)  # the computer's move brings new cards: measure them at rest
    after = market.bounding_box()
    assert round(after["height"]) == round(before["height"]), (before, after)
    if width >= 1100:
        tops = page.evaluate(MEASURE)["rowTops"]
        assert len(set(tops)) == 1, tops



EMBED_SIZES = ((360, 640), (480, 720), (760, 520))  # the embed maker's presets (issue 28)


def test_an_embedded_table_is_the_table_alone_and_fits_each_frame_size(booted_page):
    """Issue 28, item 6: no tools, language menu or log in a post unless the snippet asks
    (?show=tools,log); at each preset size the page does not scroll and a move needs nothing
    off screen."""
    page = booted_page(_link("", game_fragment(MID_GAME)).replace("./?", "embed.html?"))
    wait_until_settled(page)
    try:
        for width, height in EMBED_SIZES:
            page.set_viewport_size({"width": width, "height": height})
            where = f"embed {width}x{height}"
            assert page.get_by_test_id("btn-new-game").is_hidden(), where
            assert page.get_by_test_id("lang-fa").is_hidden() and page.get_by_test_id("log").is_hidden(), where
            assert_fits(page, where)
            assert page.evaluate(MEASURE)["scrolls"] <= 0, where
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
    asked = booted_page(_link("&show=tools,log", game_fragment(MID_GAME)).replace("./?", "embed.html?"))
    wait_until_settled(asked)
    assert asked.get_by_test_id("btn-rules").is_visible() and asked.get_by_test_id("log").is_visible()


def test_an_embedded_replay_fits_each_frame_size(booted_page):
    """A record reviewed in a post: the step controls, both hands, the market and the piles
    without scrolling inside the frame (phones and frames draw the review's cards smaller)."""
    page = booted_page(_link("", game_fragment(MID_GAME) + "&at=6").replace("./?", "embed.html?"))
    page.get_by_test_id("review").wait_for()
    for where, _found in _on_screen_at(page, EMBED_SIZES, "embedded review"):
        assert page.evaluate(NO_SIDEWAYS), where


# The hand's cards and the herd, each hit at its centre: nothing laid over them (a puzzle's bar,
# a note, a message) takes the click meant for them.
COVERED = """() => [...document.querySelectorAll('[data-testid=hand-card], [data-testid=herd]')]
  .filter((node) => node.getClientRects().length > 0)
  .filter((node) => {
    const box = node.getBoundingClientRect();
    const hit = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
    return !(hit && node.contains(hit));
  })
  .map((node) => `${node.dataset.testid} ${node.dataset.card || ''}`)"""

# A puzzle's question of two lines at a phone's width, as authors write them.
EMBED_PUZZLE = Puzzle(Game.new(seed=2, first=0).state,
                      "Three camels and two goods on offer: take the camels, or the better good?",
                      (parse_action("camels"),), "Three camels now: the herd wins the camel token.")
# The longest note a step may carry (limits.MAX_NOTE_CHARS), as prose.
LONG_NOTE = ("Here the market offers two leathers and a spice, and the hand is full of cloth. Selling now "
             "takes the last high token; waiting one turn risks it. ") * 13


def test_an_embedded_puzzle_fits_each_frame_size_and_covers_no_card(booted_page):
    """Issue 28, item 6: the puzzle's question and its Show-the-answer button, the market, the hand,
    the herd and the actions in each preset frame without scrolling; nothing over the hand."""
    page = booted_page("embed.html?pause=0#" + puzzle_fragment(EMBED_PUZZLE))
    page.get_by_test_id("puzzle-question").wait_for()
    wait_until_settled(page)
    for where, _found in _on_screen_at(page, EMBED_SIZES, "embedded puzzle"):
        assert page.get_by_test_id("puzzle-question").is_visible(), where   # measured inside the frame
        assert page.evaluate(COVERED) == [], where


def test_an_embedded_replay_with_the_longest_note_fits_each_frame_size(booted_page):
    """The note of a step (2,000 characters at most) is read in its own box: the frame itself
    never scrolls, the step controls and both hands stay on screen."""
    assert len(LONG_NOTE.strip()) <= 2_000
    game = MID_GAME.with_note(6, LONG_NOTE.strip())
    page = booted_page(_link("", game_fragment(game, 6)).replace("./?", "embed.html?"))
    page.get_by_test_id("review-note").wait_for()
    for where, _found in _on_screen_at(page, EMBED_SIZES, "embedded review with a note"):
        assert page.evaluate(NO_SIDEWAYS), where
        note = page.get_by_test_id("review-note")
        if note.evaluate("e => e.scrollHeight > e.clientHeight"):  # read in its box: a tab stop
            assert note.get_attribute("tabindex") == "0", where
