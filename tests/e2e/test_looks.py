"""How the table looks: axe-core finds no critical or serious violation, screenshots to look at.

Each state of the page (the table; the new game, rules, "What I know", share, round, set-aside
round, game-over and whole-log panels) is reached by real clicks (a panel's button, a move that ends the
round from a `#position=` link, a long record through the file picker), then checked with
axe-core (axe-playwright-python, pinned in the test extra) at 1280 and 360 px wide in the
light and the dark colour scheme. The counts per state, scheme and width are printed and
written to axe-counts.json beside the screenshots: $JAIPUR_ARTIFACTS if set, else pytest's
tmp folder (the path is printed). axe runs in Chromium and Firefox (page.evaluate is not
bound by the page's CSP); the screenshots come from Chromium (over WebDriver BiDi, Playwright's
screenshot injects an inline style that the page's CSP rightly blocks).
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe

from jaipur_core.limits import MAX_LOG_LINES_RENDERED
from jaipur_core.share import position_fragment
from tests.e2e.table_driver import import_file, wait_until_settled
from tests.helpers import state as position_state
from tests.test_app_untrusted import stalled

pytestmark = pytest.mark.e2e

WIDTHS = (1280, 360)
SCHEMES = ("light", "dark")
BLOCKING = ("critical", "serious")
FAST = "./?seed=3&level=easy&first=you&pause=0"
AXE = Axe()


def round_end_link(seals=(0, 0)) -> str:
    """You to move; taking the three camels leaves the market short (one card in the deck),
    so the round ends at once, and you win it (two diamond tokens to none)."""
    position = position_state(market="camel camel camel gold leather", deck="spice",
                              hands=("diamond diamond cloth", "silver"), seals=seals, round=1 + sum(seals),
                              goods_won=({"diamond": [7, 7]}, {}), spare_camels_to=1)
    return "./?pause=0#" + position_fragment(position)


def artifacts(tmp_path_factory) -> Path:
    folder = os.environ.get("JAIPUR_ARTIFACTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("looks")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """axe counts of the whole module, written once at its end."""
    folder = artifacts(tmp_path_factory)
    found: dict[str, dict] = {}
    yield folder, found
    (folder / "axe-counts.json").write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    print(f"\naxe counts: {folder / 'axe-counts.json'}")


FINITE_ANIMATIONS = ("() => document.getAnimations()"
                     ".filter((a) => a.effect.getTiming().iterations !== Infinity).length")


def settle(page, timeout_s: float = 3.0) -> None:
    """Wait until no transition or finite animation runs (axe must see the colours at rest)."""
    deadline = time.monotonic() + timeout_s
    while page.evaluate(FINITE_ANIMATIONS) and time.monotonic() < deadline:
        page.wait_for_timeout(50)


def check(page, name: str, results, screenshots: bool = False) -> None:
    """axe in each scheme and width (and screenshots); fail on any critical or serious violation."""
    folder, found = results
    engine = page.context.browser.browser_type.name
    screenshots = screenshots and engine == "chromium"
    blocking = []
    # Firefox over WebDriver BiDi does not emulate prefers-color-scheme (the check below
    # proved it): there axe sees the light scheme only; Chromium checks both.
    for scheme in SCHEMES if engine == "chromium" else ("light",):
        # reduced motion: no colour transition or panel fade may be caught half-way by axe
        page.emulate_media(color_scheme=scheme, reduced_motion="reduce")
        assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900 if width > 400 else 740})
            settle(page)
            report = AXE.run(page).response
            impacts = Counter(v["impact"] for v in report["violations"])
            found[f"{name}/{scheme}/{width}/{engine}"] = {
                **{impact: impacts.get(impact, 0) for impact in ("critical", "serious", "moderate", "minor")},
                "rules": sorted(f"{v['id']} ({v['impact']})" for v in report["violations"])}
            blocking += [f"{scheme} {width}px: {v['id']} ({v['impact']}) {v['help']}: "
                         + "; ".join(node["target"][0] if isinstance(node["target"][0], str) else str(node["target"])
                                     for node in v["nodes"][:4])
                         for v in report["violations"] if v["impact"] in BLOCKING]
            if screenshots:
                shot = folder / f"{name}-{scheme}-{width}.png"
                page.screenshot(path=str(shot), full_page=True)
                print(f"screenshot: {shot}")
    assert not blocking, f"{name}:\n  " + "\n  ".join(blocking)


def forced_colours(page, results) -> None:
    """Forced colours (Windows high contrast): the drawings are outlined in the text colour over
    the canvas, like the page itself, so they stay visible; the screenshot shows it."""
    page.emulate_media(color_scheme="light", forced_colors="active")
    shot = results[0] / "table-forced-colors-360.png"
    page.screenshot(path=str(shot), full_page=True)
    print(f"screenshot: {shot}")
    drawing = page.locator(".market .art").nth(1).evaluate(
        "e => [getComputedStyle(e).fill, getComputedStyle(e).color]")
    page_colours = page.locator("body").evaluate(
        "e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color]")
    assert drawing == page_colours and drawing[0] != drawing[1]
    page.emulate_media(forced_colors="none")


def open_panel(page, button: str, panel: str) -> None:
    page.get_by_test_id(button).click()
    page.get_by_test_id(panel).wait_for()


def test_the_table_and_its_panels(load_game, results):
    page = load_game(FAST)
    wait_until_settled(page)
    page.get_by_test_id("market-card").nth(0).click()  # a selected card is part of the look
    check(page, "table", results, screenshots=True)
    if page.context.browser.browser_type.name == "chromium":
        forced_colours(page, results)
    page.get_by_test_id("btn-clear").click()
    for button, panel, name in (("btn-new-game", "new-game-panel", "new-game"),
                                ("btn-rules", "rules-panel", "rules"),
                                ("btn-know", "know-panel", "know"),
                                ("btn-share", "share-panel", "share")):
        open_panel(page, button, panel)
        check(page, name, results)
        page.get_by_test_id(panel).get_by_test_id("close-panel").click()
        page.get_by_test_id(panel).wait_for(state="detached")


def test_the_round_panel_and_the_game_over_panel(load_game, results):
    page = load_game(round_end_link())
    wait_until_settled(page)
    page.get_by_test_id("btn-camels").click()
    page.get_by_test_id("next-round").wait_for()
    check(page, "round-over", results, screenshots=True)
    page.get_by_test_id("result-aside-button").click()  # set aside to look at the final table
    page.get_by_test_id("result-aside").wait_for()
    assert page.get_by_role("region", name="Round 1 is over.").is_visible()   # a landmark, named
    check(page, "round-set-aside", results)
    page.goto("about:blank")
    page = load_game(round_end_link(seals=(1, 0)))
    wait_until_settled(page)
    page.get_by_test_id("btn-camels").click()
    page.get_by_test_id("play-again").wait_for()
    check(page, "game-over", results, screenshots=True)


def test_the_whole_log_panel(load_game, results, tmp_path):
    page = load_game(FAST)
    wait_until_settled(page)
    record = tmp_path / "long.json"
    record.write_text(json.dumps(stalled(0).to_record_json()))
    import_file(page, record)
    page.get_by_test_id("log").locator("li").nth(MAX_LOG_LINES_RENDERED - 1).wait_for()
    check(page, "log", results)
    page.get_by_test_id("log-show-all").click()
    page.get_by_test_id("log-all").wait_for()
    check(page, "log-panel", results)


def test_axe_here_does_find_a_contrast_failure(page):
    """The harness can fail: the old gold (#b8860b on white, about 3:1) is reported as serious."""
    page.set_content('<!doctype html><html lang="en"><head><title>t</title></head><body><main>'
                     '<p style="color:#b8860b;background:#fff">gold</p></main></body></html>')
    violations = AXE.run(page).response["violations"]
    assert ("color-contrast", "serious") in [(v["id"], v["impact"]) for v in violations]
