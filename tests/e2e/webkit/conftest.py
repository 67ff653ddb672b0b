"""Fixtures for the WebKit smoke set: WebKitGTK's MiniBrowser driven by Selenium.

  webkit_page      a WebKitPage (below) in a fresh browser session; after the test
                   body, any console error, uncaught error, unhandled rejection, CSP
                   violation or resource from another origin that the page recorded
                   FAILS the test (through browser_guard, as for Playwright tests)
  webkit_server    the built dist/ on its own port, which the test may stop (offline)

WebKitWebDriver exposes no console log and no init script, so the page records
what went wrong itself: ERROR_HOOK is installed as soon as each document has
loaded (the load event comes long before the Python runtime has loaded), and
the records are read back before every navigation and at the end. Anything
fatal earlier than that ends the boot in <html data-state="error">, which every
test checks.
"""

from __future__ import annotations

import os
import time

import pytest

from tests.conftest import page_search_address
from tests.e2e import engines
from tests.e2e.table_driver import READ_TABLE, SETTLED, plans

BOOT_TIMEOUT_S = 120  # WebKit's Python runtime boots in ~17 s alone, far slower on a loaded 2-core box

ERROR_HOOK = """
if (!window.__jaipurProblems) {
  const problems = window.__jaipurProblems = [];
  const text = (value) => (value && value.stack ? String(value) + '\\n' + value.stack : String(value));
  const original = console.error;
  console.error = function (...args) {
    problems.push('console error: ' + args.map(text).join(' '));
    return original.apply(this, args);
  };
  window.addEventListener('error', (event) =>
    problems.push('page error: ' + (event.error ? text(event.error) : event.message)));
  window.addEventListener('unhandledrejection', (event) => problems.push('unhandled rejection: ' + text(event.reason)));
  document.addEventListener('securitypolicyviolation', (event) =>
    problems.push('CSP violation: ' + event.effectiveDirective + ' ' + event.blockedURI));
}
"""

# What is on top of the middle of the index-th element matching a selector (for a failed click).
COVERING_ELEMENT = """
const box = document.querySelectorAll(arguments[0])[arguments[1]].getBoundingClientRect();
const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
return top ? top.outerHTML.slice(0, 200) : 'nothing (outside the window)';
"""

# What the page recorded since the last call, and every resource it loaded from another origin.
READ_PROBLEMS = """
const problems = (window.__jaipurProblems || []).splice(0);
for (const entry of performance.getEntriesByType('resource')) {
  const url = new URL(entry.name);
  if (['http:', 'https:'].includes(url.protocol) && url.origin !== location.origin) {
    problems.push('request to another origin: ' + entry.name);
  }
}
performance.clearResourceTimings();
return problems;
"""


class WebKitGuard:
    """What went wrong in the page, checked after the test body (tests/conftest.py)."""

    def __init__(self):
        self.problems: list[str] = []

    def assert_clean(self) -> None:
        if self.problems:
            raise AssertionError("the page misbehaved:\n  " + "\n  ".join(self.problems))


class WebKitPage:
    """A Selenium session, read and clicked like a person (cf. tests/e2e/table_driver.py)."""

    def __init__(self, driver, guard: WebKitGuard, page_search: bool = True):
        self.driver = driver
        self.guard = guard
        self.page_search = page_search  # ?ai=page added to what open() opens (tests/conftest.py)

    # --- navigation -------------------------------------------------------------------

    def run(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    def collect_problems(self) -> None:
        try:
            self.guard.problems.extend(self.run(READ_PROBLEMS))
        except Exception as error:  # no document (e.g. a failed navigation): say so
            self.guard.problems.append(f"could not read the page's problems: {error}")

    def _navigate(self, go) -> None:
        if self.driver.current_url.startswith("http"):
            self.collect_problems()
        go()
        self.run(ERROR_HOOK)

    def open(self, url: str) -> None:
        address = page_search_address(url) if self.page_search else url
        self._navigate(lambda: self.driver.get(address))

    def reload(self) -> None:
        self._navigate(self.driver.refresh)

    def enter_frame(self, index: int = 0) -> None:
        """Work inside an iframe from now on (its document gets the error hook)."""
        self.driver.switch_to.frame(index)
        self.run(ERROR_HOOK)

    def wait_until(self, script: str, timeout_s: float, message: str):
        """Poll a JS expression (`return ...`) until it is truthy; its value."""
        from selenium.webdriver.support.ui import WebDriverWait

        return WebDriverWait(self.driver, timeout_s, poll_frequency=0.1).until(
            lambda driver: driver.execute_script(script), message)

    def wait_for_boot(self) -> str:
        """Wait for <html data-state> to settle; "ready" or "error"."""
        return self.wait_until(
            "const state = document.documentElement.dataset.state;"
            "return ['ready', 'error'].includes(state) && state;",
            BOOT_TIMEOUT_S, "the page did not finish booting")

    def load_game(self, url: str) -> None:
        self.open(url)
        state = self.wait_for_boot()
        if state != "ready":
            raise AssertionError(f"boot ended in {state!r}: {self.text('boot-error')}")

    # --- reading and clicking ------------------------------------------------------------

    def elements(self, test_id: str):
        from selenium.webdriver.common.by import By

        return self.driver.find_elements(By.CSS_SELECTOR, f"[data-testid={test_id}]")

    def text(self, test_id: str) -> str:
        found = self.elements(test_id)
        return found[0].text if found else ""

    def click(self, test_id: str, index: int = 0) -> None:
        # Playwright waits for a moving element to stand still before it clicks; WebDriver does
        # not: let the cards' flights (view/motion.py, <= 400 ms) land, as a person aims at a card.
        from selenium.common.exceptions import ElementClickInterceptedException

        self.wait_until("return document.getAnimations().every((a) => a.playState !== 'running'"
                        " || a.effect.getTiming().iterations === Infinity);", 5, "the cards kept moving")
        # And, as Playwright does, aim again while something passing over the card takes the
        # click (on a loaded machine a render can land between the check above and the click);
        # what stays in the way still fails, with its name.
        for _ in range(10):
            try:
                self.elements(test_id)[index].click()
                return
            except ElementClickInterceptedException:
                time.sleep(0.2)
        raise AssertionError(f"{test_id}[{index}] stayed covered by "
                             + self.run(COVERING_ELEMENT, f"[data-testid={test_id}]", index))

    def read_table(self) -> dict:
        return self.run(f"return ({READ_TABLE})()")

    def wait_until_settled(self, timeout_s: float = 60) -> dict:
        self.wait_until(f"return document.querySelector({SETTLED!r}) !== null", timeout_s,
                        "the computer did not finish its turn")
        return self.read_table()

    def play_one_move(self, table: dict, used: set[str]) -> str:
        """One move by clicking cards and a button, as table_driver.play_one_move does."""
        for kind, market, hand, herd in plans(table, used):
            for zone, indexes in (("market", market), ("hand", hand), ("herd", herd)):
                for index in indexes:
                    self.click(f"{zone}-card", index)
            button = self.elements(f"btn-{kind}")[0]
            if button.get_attribute("aria-disabled") == "false":
                button.click()
                used.add(kind)
                return kind
            if market or hand or herd:
                self.click("btn-clear")
        raise AssertionError(f"no move found for {table}")

    def play_moves(self, count: int, used: set[str]) -> dict:
        for _ in range(count):
            self.play_one_move(self.wait_until_settled(), used)
        return self.wait_until_settled()


@pytest.fixture(scope="session")
def webkit_display():
    """An X display for MiniBrowser: $DISPLAY (e.g. under xvfb-run), else our own Xvfb."""
    missing = engines.webkit_missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"WebKit cannot run: {missing}")
        pytest.skip(f"WebKit not available: {missing}")
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    with engines.VirtualDisplay() as display:
        yield display


@pytest.fixture
def browser_guard() -> WebKitGuard:
    return WebKitGuard()


@pytest.fixture
def webkit_page(webkit_display, browser_guard, tmp_path, request):
    driver = engines.webkit_driver(webkit_display, log_path=tmp_path / "webkitwebdriver.log")
    page = WebKitPage(driver, browser_guard, page_search=request.node.get_closest_marker("search_worker") is None)
    try:
        yield page
        page.collect_problems()
    finally:
        driver.quit()


class StoppableServer:
    def __init__(self, site_build, dist):
        self.server = site_build.DistServer(dist)
        self.url = self.server.url
        self.running = False

    def start(self):
        self.server.__enter__()
        self.running = True
        return self

    def stop(self) -> None:
        """Take the site off the network: connections are refused from now on."""
        if self.running:
            self.server.__exit__(None, None, None)
            self.server.httpd.server_close()
            self.running = False


@pytest.fixture
def webkit_server(site_build, dist_dir):
    server = StoppableServer(site_build, dist_dir).start()
    yield server
    server.stop()
