"""What the layout tests read in a page: does the table fit its viewport, unscrolled and
without sideways scrolling, and have its animations settled (test_layout_motion.py,
test_desktop_table.py)."""

from __future__ import annotations

NO_SCROLL = "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"

# Every box that a move needs, and whether it lies inside the viewport (unscrolled).
OUTSIDE = """() => {
  const selector = '[data-testid=market-card], [data-testid=hand-card], [data-testid=herd-card], '
                 + '[data-testid=actions] button';
  const width = document.documentElement.clientWidth, height = window.innerHeight;
  const found = [...document.querySelectorAll(selector)];
  const outside = found.filter((node) => {
    const box = node.getBoundingClientRect();
    return box.width === 0 || box.left < -0.5 || box.top < -0.5 || box.right > width + 0.5
           || box.bottom > height + 0.5;
  }).map((node) => `${node.dataset.testid || node.textContent} ${JSON.stringify(node.getBoundingClientRect())}`);
  return {count: found.length, outside, scrollY: window.scrollY};
}"""

SETTLE_ANIMATIONS = """() => Promise.all(document.getAnimations()
  .filter((a) => a.effect.getTiming().iterations !== Infinity).map((a) => a.finished))"""


def assert_fits(page, when: str) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    seen = page.evaluate(OUTSIDE)
    assert seen["count"] >= 5 + 1 + 5, seen  # the market, at least a card in hand, the buttons
    assert seen["outside"] == [], f"{when}: off screen: {seen['outside']}"
