"""Browser fixtures for the end-to-end tests (pytest-playwright: headless Chromium and Firefox).

What a browser test gets, by fixture name:
  served_dist          URL of the built site, e.g. "http://127.0.0.1:PORT/" (built once)
  served_dist_subpath  the same site mounted at "/games/jaipur/" on another port
  base_url             = served_dist, so page.goto("./?seed=3") and page.goto("embed.html") work
  page / context       pytest-playwright's, but every context is watched by browser_guard:
                       a console error, an uncaught page error or a request to another
                       origin FAILS the test (call browser_guard.expect_error(regex)
                       for an error the test provokes on purpose)
  wait_for_boot        wait_for_boot(page) -> "ready" | "error" once the boot settles
  load_game            load_game("?seed=3") -> page, booted to data-state=ready
  booted_page          booted_page("?seed=3") -> a page booted once for the whole module and
                       shared by its tests that ask for the same address (read-only checks)
  dist_dir             Path of the built dist/ (a temporary folder, not the repo's dist/),
                       built for the test's boot path (see boot_path), once a session
  snapshot_dist        the session's dist/ built with the snapshot, whatever the boot path
  built_site           built_site("snapshot" | "full") -> (dist, build report), built once
  boot_path            "snapshot" or "full": which way the page boots for this test. By
                       default (--boot=marked) every test boots from the memory snapshot,
                       and the tests marked `full_boot` (boot, a round, reload, offline,
                       the embed, the fallbacks) also boot the full way; `--boot=both`
                       runs every test on both paths (a release check), --boot=snapshot /
                       --boot=full one path for all. "full" is a dist/ built without the
                       memory snapshot. docs/testing.md says when a test earns the mark.
  site_build           build.py as a module (build, wheel_bytes, Project, DistServer)

The computer's search. A page opened by `page.goto`, `load_game` or `booted_page`
searches on its own thread (`?ai=page` is added to its address): the search worker
boots a second Python, seconds of CPU that a test about something else should not pay
for. A test about the worker is marked `@pytest.mark.search_worker` and gets the
page's default (the worker); an address that says `ai=` itself is left as it is.

Engines. Every Playwright test runs once per engine, in Chromium and in Firefox
(pytest-playwright's `browser_name`, default ["chromium", "firefox"]; `--browser
chromium` picks one). Each such test is marked with its engine, so
`-m "not firefox and not webkit"` is the quick Chromium-only loop. The WebKit
smoke set in tests/e2e/webkit/ drives WebKitGTK through Selenium (marked `webkit`).
  Chromium: /usr/bin/chromium (or $JAIPUR_CHROMIUM) when present, otherwise
            Playwright's own browser (`playwright install chromium`).
  Firefox:  /usr/bin/firefox-esr (or $JAIPUR_FIREFOX) through Playwright's
            stock-Firefox channel (WebDriver BiDi) when present, otherwise
            Playwright's own Firefox (`playwright install firefox`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.e2e import engines, served

ROOT = Path(__file__).resolve().parent.parent
SUBPATH = "/games/jaipur/"
BOOT_TIMEOUT_MS = 60_000  # generous: a shared 2-core CI box can be slow to compile the wasm



_build_module = served.load_build_module()


@pytest.fixture(scope="module")
def translated():
    """The fa and tr catalogs registered for the page's Python, compiled from the .po files
    as the build does (unit tests of words in those languages); English again afterwards."""
    from pyscript_app.words import messages
    from pyscript_app.words.languages import catalog_from_mo
    pytest.importorskip("babel")
    i18n = _build_module.translations.i18n()  # tools/i18n.py, as the build loads it
    for language in ("fa", "tr"):
        messages.register(language, catalog_from_mo(i18n.compile_mo(language), language))
    yield
    messages.speak("en")


@pytest.fixture(scope="session")
def site_build():
    """build.py as a module (Project, wheel_bytes, build, DistServer)."""
    return _build_module


# --- the built, served site -------------------------------------------------------


# --- boot paths: the snapshot by default, the full way for the marked set --------------

BOOT_PATHS = ("snapshot", "full")


def pytest_addoption(parser):
    parser.addoption(
        "--boot", choices=("marked", "both") + BOOT_PATHS, default="marked",
        help="which boot path(s) the e2e tests run on: 'marked' (default) boots every test from "
             "the memory snapshot and the tests marked full_boot also the full way; 'both' runs "
             "every test on both paths (a release check); 'snapshot' or 'full' one path for all")


def boot_paths_for(chosen: str, marked_full: bool) -> tuple[str, ...]:
    """The boot paths a test runs on, given --boot and whether it is marked full_boot."""
    if chosen == "both" or (chosen == "marked" and marked_full):
        return BOOT_PATHS
    if chosen == "marked":
        return ("snapshot",)
    return (chosen,)


def pytest_generate_tests(metafunc):
    """Every test that (indirectly) uses boot_path runs once per path it is given;
    session scope keeps each path's tests together, so each dist/ is built once."""
    if "boot_path" in metafunc.fixturenames:
        marked_full = metafunc.definition.get_closest_marker("full_boot") is not None
        paths = boot_paths_for(metafunc.config.getoption("--boot"), marked_full)
        metafunc.parametrize("boot_path", paths, scope="session")


@pytest.fixture(scope="session")
def boot_path(request) -> str:
    """Overridden by the parametrization above; "snapshot" when a test is
    collected without it (e.g. called from a plugin)."""
    return getattr(request, "param", "snapshot")


@pytest.fixture(scope="session")
def built_site(tmp_path_factory, site_build):
    """built_site("snapshot" | "full") -> (dist, build report): the session's build for
    that boot path, made on first use. Shared: tests that change a site copy it first."""
    built: dict[str, tuple[Path, dict]] = {}

    def build(path: str) -> tuple[Path, dict]:
        if path not in built:
            dist = tmp_path_factory.mktemp(f"site-{path}") / "dist"
            built[path] = dist, site_build.build(dist=dist, quiet=True, snapshot=path == "snapshot")
        return built[path]

    return build


@pytest.fixture(scope="session")
def dist_dir(built_site, boot_path) -> Path:
    return built_site(boot_path)[0]


@pytest.fixture(scope="session")
def snapshot_dist(built_site) -> Path:
    """The session's dist/ built with the memory snapshot (whatever --boot says)."""
    return built_site("snapshot")[0]


@pytest.fixture(scope="session")
def served_origins() -> set[str]:
    """Origins of the test servers: the only ones a page may talk to."""
    return set()


def _serve(dist: Path, base_path: str, origins: set[str]):
    with served.serve(dist, base_path, origins) as server:
        yield server.url


@pytest.fixture(scope="session")
def served_dist(dist_dir, served_origins) -> str:
    yield from _serve(dist_dir, "/", served_origins)


@pytest.fixture(scope="session")
def served_dist_subpath(dist_dir, served_origins) -> str:
    yield from _serve(dist_dir, SUBPATH, served_origins)


@pytest.fixture(scope="session")
def base_url(served_dist) -> str:
    return served_dist


# --- the browser -------------------------------------------------------------------


PLAYWRIGHT_ENGINES = ["chromium", "firefox"]  # WebKit: the Selenium smoke set, tests/e2e/webkit/
ENGINE_MARKERS = ("chromium", "firefox", "webkit")


def pytest_configure(config):
    """With no --browser given, every Playwright test runs in each engine."""
    if not config.option.browser:
        config.option.browser = list(PLAYWRIGHT_ENGINES)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """Mark each browser test with its engine (before -m deselects), so that
    `-m "not firefox and not webkit"` runs Chromium alone."""
    for item in items:
        engine = getattr(item, "callspec", None) and item.callspec.params.get("browser_name")
        if engine in ENGINE_MARKERS:
            item.add_marker(engine)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, browser_name, tmp_path_factory) -> dict:
    """Each engine's launch options (tests/e2e/engines.py says which binary)."""
    if browser_name == "firefox":
        launch_args = engines.firefox_launch_args(downloads=tmp_path_factory.mktemp("firefox-downloads"))
    elif browser_name in (None, "chromium"):
        launch_args = engines.chromium_launch_args()
    else:
        launch_args = {}
    return {**browser_type_launch_args, **launch_args}


@dataclass
class BrowserGuard:
    """Collects what must not happen in a page; checked after the test body."""

    allowed_origins: set[str]
    problems: list[str] = field(default_factory=list)
    expected_errors: list[re.Pattern] = field(default_factory=list)

    def expect_error(self, pattern: str) -> None:
        """Tolerate console errors and page errors matching this regex (for
        errors a test provokes on purpose)."""
        self.expected_errors.append(re.compile(pattern))

    def watch(self, context) -> None:
        context.on("console", self.on_console)
        context.on("weberror", lambda web_error: self.report("page error", str(web_error.error)))
        context.on("request", self.on_request)

    def on_console(self, message) -> None:
        if message.type == "error":
            self.report("console error", f"{message.text} (at {message.location.get('url')})")

    def report(self, kind: str, text: str) -> None:
        if not any(pattern.search(text) for pattern in self.expected_errors):
            self.problems.append(f"{kind}: {text}")

    def on_request(self, request) -> None:
        url = urlsplit(request.url)
        if url.scheme not in ("http", "https", "ws", "wss"):
            return  # data:, blob: and the like never leave the browser
        origin = f"{url.scheme}://{url.netloc}"
        if origin not in self.allowed_origins:
            self.problems.append(f"request to another origin: {request.method} {request.url}")

    def assert_clean(self) -> None:
        if self.problems:
            raise AssertionError("the page misbehaved:\n  " + "\n  ".join(self.problems))


@pytest.fixture
def browser_guard(served_origins) -> BrowserGuard:
    return BrowserGuard(allowed_origins=served_origins)


@pytest.fixture
def new_context(new_context, browser_guard):
    """pytest-playwright's new_context, with every context watched by browser_guard."""

    def guarded_new_context(**kwargs):
        context = new_context(**kwargs)
        browser_guard.watch(context)
        return context

    return guarded_new_context


class _GuardRelay:
    """Passes what a shared context reports to the guard of the test running now; what
    happens between two tests is held and fails the next one."""

    def __init__(self, allowed_origins: set[str]):
        self.between_tests = BrowserGuard(allowed_origins=allowed_origins)
        self.guard = self.between_tests

    def attach(self, guard: BrowserGuard | None) -> None:
        if guard is None:
            self.guard = self.between_tests
            return
        guard.problems.extend(f"(between tests) {problem}" for problem in self.between_tests.problems)
        self.between_tests.problems.clear()
        self.guard = guard

    def watch(self, context) -> None:
        context.on("console", lambda message: self.guard.on_console(message))
        context.on("weberror", lambda error: self.guard.report("page error", str(error.error)))
        context.on("request", lambda request: self.guard.on_request(request))


@pytest.fixture(scope="module")
def _module_pages(browser, browser_context_args, wait_for_boot_in, served_origins):
    """The pages booted for one module (per engine and boot path), by address."""
    relay = _GuardRelay(served_origins)
    context = browser.new_context(**browser_context_args)
    relay.watch(context)
    pages: dict[str, object] = {}

    def open_page(path: str):
        if path not in pages:
            page = context.new_page()
            page.goto(page_search_address(path))
            state = wait_for_boot_in(page)
            if state != "ready":
                raise AssertionError(f"boot ended in {state!r}: {page.get_by_test_id('boot-error').inner_text()}")
            pages[path] = page
        return pages[path]

    yield relay, open_page
    context.close()


@pytest.fixture
def booted_page(_module_pages, browser_guard):
    """booted_page(path) -> a page booted at `path` (relative to served_dist) once for the
    whole module: the tests of a module that ask for the same address share one boot.
    For tests that only read the page, or leave it as they found it (close what they
    open, set the viewport they need). The page is watched by this test's browser_guard."""
    relay, open_page = _module_pages
    relay.attach(browser_guard)
    yield open_page
    relay.attach(None)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """Fail (not error) the test when its pages misbehaved, once its body passed."""
    result = yield
    guard = item.funcargs.get("browser_guard")
    if guard is not None:
        guard.assert_clean()
    return result


# --- the computer's search -------------------------------------------------------------


def page_search_address(address: str) -> str:
    """`address` with `ai=page` added to its query (before any #fragment), unless it has `ai=`
    or is on another host than the test servers' (the game is served from this machine)."""
    base, hash_sign, fragment = address.partition("#")
    host = urlsplit(base).hostname
    if re.search(r"[?&]ai=", base) or host not in (None, "127.0.0.1", "localhost"):
        return address
    joiner = "&" if "?" in base else "?"
    return f"{base}{joiner}ai=page{hash_sign}{fragment}"


@pytest.fixture
def page(page, request):
    """pytest-playwright's page, whose `goto` adds `ai=page` unless the test is marked
    search_worker (see the module's docstring)."""
    if request.node.get_closest_marker("search_worker") is None:
        goto = page.goto
        page.goto = lambda url, **options: goto(page_search_address(url), **options)
    return page


# --- booting --------------------------------------------------------------------------


def _wait_for_boot(page, timeout_ms: int = BOOT_TIMEOUT_MS) -> str:
    """Wait until boot.js or the app settles <html data-state>; return it."""
    # A selector, not wait_for_function: the page's CSP forbids the eval
    # that a string predicate needs.
    settled = page.locator("html[data-state=ready], html[data-state=error]")
    settled.wait_for(state="attached", timeout=timeout_ms)
    return settled.get_attribute("data-state")


@pytest.fixture
def wait_for_boot():
    return _wait_for_boot


@pytest.fixture(scope="session")
def wait_for_boot_in():
    return _wait_for_boot


@pytest.fixture
def load_game(page, wait_for_boot):
    def load(path: str = "./"):
        """Open the game (path relative to served_dist) and wait for data-state=ready."""
        page.goto(path)
        state = wait_for_boot(page)
        if state != "ready":
            message = page.get_by_test_id("boot-error").inner_text()
            raise AssertionError(f"boot ended in {state!r}: {message}")
        return page

    return load
