"""What tripped a new player's first game (issue 27), measured in the browser.

- Every line number of the log is shown whole, also from line 100 on, in English and in
  Persian (right to left, Persian digits): the space in front of a line's text is at least
  as wide as its number drawn in the log's font.
- A dialog dims the table behind it: while one is open, what lies at the centre of a
  market card is the dialogs' scrim, with a colour that is not transparent; once it closes,
  the card again.
"""

from __future__ import annotations

import pytest

from tests.e2e.records import link_near_the_end
from tests.e2e.table_driver import choose_language, wait_until_settled

pytestmark = pytest.mark.e2e

# For the newest line (the first of the list, numbered `start`): the width its number
# takes in the log's font ("156. "), and the room the layout leaves it before the text.
LOG_NUMBER_ROOM = """() => {
  const log = document.querySelector('[data-testid=log]');
  const line = log.querySelector('li');
  const style = getComputedStyle(log);
  const rtl = style.direction === 'rtl';
  const probe = document.createElement('span');
  probe.style.font = style.font;  // a property set by script: the page's CSP allows it
  probe.style.position = 'absolute';
  probe.style.whiteSpace = 'pre';
  const digits = new Intl.NumberFormat(document.documentElement.lang === 'fa' ? 'fa' : 'en',
                                       {useGrouping: false}).format(Number(log.getAttribute('start')));
  probe.textContent = digits + '. ';
  document.body.append(probe);
  const needed = probe.getBoundingClientRect().width;
  probe.remove();
  const text = document.createRange();
  text.selectNodeContents(line);
  const first = text.getClientRects()[0];
  const box = log.getBoundingClientRect();
  const room = rtl ? box.right - first.right : first.left - box.left;
  return {lines: log.children.length, start: Number(log.getAttribute('start')), needed, room, digits};
}"""

# What is drawn at the centre of the first market card: a card, or what covers it.
AT_THE_MARKET = """() => {
  const card = document.querySelector('[data-testid=market-card]').getBoundingClientRect();
  const top = document.elementFromPoint(card.x + card.width / 2, card.y + card.height / 2);
  return {region: top.closest('[data-region]') ? top.closest('[data-region]').dataset.region : null,
          card: top.closest('[data-testid=market-card]') !== null,
          background: getComputedStyle(top).backgroundColor};
}"""


def alpha(css_colour: str) -> float:
    """The opacity of a computed colour: rgb(...) is opaque, rgba(..., a) or rgb(... / a) says."""
    inside = css_colour[css_colour.index("(") + 1:css_colour.rindex(")")].replace("/", ",").replace(" ", ",")
    parts = [part for part in inside.split(",") if part]
    return float(parts[3]) if len(parts) == 4 else 1.0


def test_every_log_number_is_whole_from_line_100_on(booted_page):
    page = booted_page(link_near_the_end(seed=3, moves_left=6))  # a three-round game: over 150 lines
    wait_until_settled(page)
    for language in ("en", "fa"):
        choose_language(page, language)
        for width, height in ((1280, 800), (360, 740)):
            page.set_viewport_size({"width": width, "height": height})
            measured = page.evaluate(LOG_NUMBER_ROOM)
            assert measured["start"] >= 100 and measured["lines"] >= 1, measured
            assert measured["room"] >= measured["needed"] - 0.5, (language, width, measured)
    choose_language(page, "en")


@pytest.mark.parametrize("open_with, testid", [("Shift+?", "rules-panel"), ("k", "know-panel")])
def test_a_dialog_dims_the_table_behind_it(booted_page, open_with, testid):
    page = booted_page(link_near_the_end(seed=3, moves_left=6))
    wait_until_settled(page)
    page.set_viewport_size({"width": 1280, "height": 800})
    before = page.evaluate(AT_THE_MARKET)
    assert before["card"], before
    page.get_by_test_id("market-card").first.focus()
    page.keyboard.press(open_with)
    page.get_by_test_id(testid).wait_for(state="visible")
    covered = page.evaluate(AT_THE_MARKET)
    assert covered["region"] == "dialogs" and not covered["card"], covered
    assert alpha(covered["background"]) >= 0.3, covered
    page.keyboard.press("Escape")
    page.get_by_test_id(testid).wait_for(state="detached")
    assert page.evaluate(AT_THE_MARKET)["card"]
