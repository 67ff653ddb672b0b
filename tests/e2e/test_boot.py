"""The page boots the game, or says plainly why it cannot (and never hangs)."""

import re

import pytest

pytestmark = pytest.mark.e2e

# What the browser or Pyodide itself logs when a boot fails on purpose; these
# tests are about what the page says.
MISSING_FILE_NOISE = r"Failed to load resource|Jaipur boot failed"
PYODIDE_CRASH_NOISE = r".*"  # Pyodide prints its own crash report, line by line

BROKEN_START = b"def start(embed=False):\n    raise RuntimeError('boom from start')\n"

# The stages each boot path goes through (performance marks, in order).
MARKS = {
    "snapshot": ["jaipur: Loading Python runtime", "jaipur: Installing the game",
                 "jaipur: Starting", "jaipur: started"],
    "full": ["jaipur: Loading Python runtime", "jaipur: Loading micropip",
             "jaipur: Installing the game", "jaipur: Starting", "jaipur: started"],
}


def force_full_boot(page):
    """Make this page boot the full way whatever the session's path: for tests of
    what micropip installs (a snapshot already holds the real game's modules)."""
    page.route("**/*.snapshot.gz", not_found)


@pytest.mark.full_boot
def test_boots_to_ready_and_runs_the_app(load_game, boot_path):
    page = load_game()
    assert page.get_by_test_id("table").is_visible()
    assert page.get_by_test_id("boot-error").is_hidden()
    assert page.get_by_test_id("boot-status").is_hidden()
    assert page.locator("html").get_attribute("data-boot") == boot_path
    marks = page.evaluate("performance.getEntriesByType('mark').map((mark) => mark.name)")
    stages = [name for name in marks if name.startswith("jaipur: ")]  # not the steps' "jaipur boot: " marks
    assert stages == MARKS[boot_path]


def test_no_debugging_handle_without_debug_in_the_address(booted_page):
    assert booted_page("./?seed=7").evaluate("typeof globalThis.jaipur") == "undefined"
    debug = booted_page("./?seed=3&debug")
    assert debug.evaluate("Object.keys(globalThis.jaipur).sort()") == ["boot", "build", "pyodide"]


def test_the_installed_wheel_holds_the_engine_and_it_runs_under_pyodide(booted_page):
    page = booted_page("./?seed=3&debug")
    result = page.evaluate("""() => globalThis.jaipur.pyodide.runPython(`
import random, sys, jaipur_core, jaipur_core.ai
state = jaipur_core.new_game(random.Random(1))
f"{sys.version_info[0]}.{sys.version_info[1]} {len(jaipur_core.legal_actions(state)) > 0}"
`)""")
    assert result == "3.14 True"


def test_the_boot_gives_webassembly_its_own_module_constructor_back(booted_page):
    # python_runtime.js shares Pyodide's tiny glue modules while loadPyodide runs
    # (withSharedGlue); a module compiled afterwards is the browser's own, compiled anew.
    page = booted_page("./?seed=7")
    assert page.evaluate("""() => {
        const bytes = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);
        const [one, two] = [new WebAssembly.Module(bytes), new WebAssembly.Module(bytes)];
        return one.constructor === WebAssembly.Module && one !== two;
    }""") is True


def test_the_query_string_reaches_the_app_untouched(booted_page):
    # (the tests' harness adds ai=page: the search on the page's thread, tests/conftest.py)
    assert booted_page("./?seed=7").evaluate("location.search") == "?seed=7&ai=page"


@pytest.mark.full_boot
def test_embed_shell_boots_with_embed_true_and_fits_320px(page, load_game):
    page.set_viewport_size({"width": 320, "height": 480})
    load_game("embed.html")
    assert page.locator(".table.is-embed [data-testid=market-card]").count() == 5
    assert page.locator("html.embed").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 320


def test_guard_catches_console_errors_and_outside_requests(page, load_game, browser_guard):
    """The guard every e2e test relies on does see what it claims to see."""
    load_game()
    page.evaluate("console.error('deliberate')")
    page.route("http://elsewhere.invalid/**", lambda route: route.fulfill(body="elsewhere"))
    page.goto("http://elsewhere.invalid/page")
    assert browser_guard.problems[0].startswith("console error: deliberate")
    assert browser_guard.problems[1] == "request to another origin: GET http://elsewhere.invalid/page"
    browser_guard.problems.clear()


def test_csp_stops_outside_requests_and_inline_scripts(page, load_game, browser_guard):
    load_game()
    browser_guard.expect_error(r"elsewhere\.invalid|script-src")  # each browser words the block its own way
    # The policy itself blocked it (not a failed lookup): the page is told which directive.
    blocked_by = page.evaluate("""() => new Promise((resolve) => {
        document.addEventListener('securitypolicyviolation',
                                  (event) => resolve(event.effectiveDirective), {once: true});
        fetch('http://elsewhere.invalid/x').catch(() => {});
    })""")
    assert blocked_by == "connect-src"
    inline_ran = page.evaluate("""() => {
        const script = document.createElement('script');
        script.textContent = 'window.inlineRan = true';
        document.head.append(script);
        return window.inlineRan === true;
    }""")
    assert not inline_ran


def expect_boot_error(page, wait_for_boot, message_pattern):
    page.goto("./")
    assert wait_for_boot(page) == "error"
    assert page.get_by_test_id("boot-error").is_visible()
    assert page.get_by_test_id("boot-status").is_hidden()
    message = page.get_by_test_id("boot-error-message").inner_text()
    assert re.search(message_pattern, message), message


def not_found(route):
    route.fulfill(status=404, body="not found")


@pytest.mark.full_boot
@pytest.mark.parametrize(
    ("missing", "message_pattern", "noise"),
    [
        ("**/jaipur-*.whl", r"Could not download app/[0-9a-f]{16}/jaipur-0\.1\.0-py3-none-any\.whl \(HTTP 404\)",
         MISSING_FILE_NOISE),  # full path only: the game's files travel with the snapshot
        ("**/micropip-*.whl", r"Could not download micropip-.*\.whl \(HTTP 404\)",
         MISSING_FILE_NOISE),  # full path only
        ("**/build.json", r"Could not download \./build\.json \(HTTP 404\)", MISSING_FILE_NOISE),
        ("**/pyodide/pyodide.mjs", r"pyodide/pyodide\.mjs", MISSING_FILE_NOISE + r"|pyodide/pyodide\.mjs"),
        ("**/pyodide/pyodide.asm.wasm.gz", r"Could not download pyodide/pyodide\.asm\.wasm\.gz \(HTTP 404\)",
         PYODIDE_CRASH_NOISE),
        ("**/pyodide/python_stdlib.zip", r"Could not download pyodide/python_stdlib\.zip \(HTTP 404\)",
         PYODIDE_CRASH_NOISE),
        ("**/pyodide/pyodide.asm.mjs", r"pyodide/pyodide\.asm\.mjs", MISSING_FILE_NOISE + r"|pyodide\.asm\.mjs"),
    ],
    ids=["app-wheel", "micropip-wheel", "build-json", "pyodide-mjs", "pyodide-wasm", "stdlib", "runtime-script"],
)
def test_a_missing_file_shows_the_error_box(page, wait_for_boot, browser_guard, missing, message_pattern, noise):
    browser_guard.expect_error(noise)
    if missing.endswith(".whl"):
        force_full_boot(page)  # the snapshot path needs no wheel
    page.route(missing, not_found)
    expect_boot_error(page, wait_for_boot, message_pattern)


def test_a_python_exception_in_start_shows_the_error_box(page, wait_for_boot, browser_guard, site_build):
    browser_guard.expect_error(MISSING_FILE_NOISE)
    project = site_build.Project.from_pyproject()
    broken = site_build.wheel_bytes(project, {"pyscript_app/__init__.py": BROKEN_START})
    force_full_boot(page)
    page.route("**/jaipur-*.whl", lambda route: route.fulfill(body=broken, content_type="application/zip"))
    expect_boot_error(page, wait_for_boot, r"The game failed to start \(a Python error\)")
    assert "RuntimeError: boom from start" in page.get_by_test_id("boot-error-detail").text_content()


ASYNC_START = b"""
import asyncio
import js

async def start(embed=False):
    await asyncio.sleep(0.05)
    js.document.getElementById("app").textContent = "async start ran"
    js.document.documentElement.dataset.state = "ready"
"""


def test_an_async_start_is_awaited(page, wait_for_boot, site_build, browser_guard):
    project = site_build.Project.from_pyproject()
    wheel = site_build.wheel_bytes(project, {"pyscript_app/__init__.py": ASYNC_START})
    browser_guard.expect_error(MISSING_FILE_NOISE)
    force_full_boot(page)
    page.route("**/jaipur-*.whl", lambda route: route.fulfill(body=wheel, content_type="application/zip"))
    page.goto("./")
    assert wait_for_boot(page) == "ready"
    assert page.get_by_test_id("app").inner_text() == "async start ran"
    # boot.js only finishes (and registers the service worker) after start() resolves.
    assert page.evaluate("async () => (await navigator.serviceWorker.ready).active !== null")


def test_a_browser_without_webassembly_is_told_so(page, wait_for_boot, browser_guard):
    browser_guard.expect_error(MISSING_FILE_NOISE)
    page.add_init_script("delete globalThis.WebAssembly")
    expect_boot_error(page, wait_for_boot, r"does not support WebAssembly")


# --- when boot.js itself never runs --------------------------------------------------

STALLED_AFTER_S = 20  # boot.css: the animation delay of .boot-stalled
ANIMATION_SPEED = 200  # the page's CSS animation clock, sped up (Chromium's DevTools)


def speed_up_css_animations(page):
    """boot.css shows the stalled line after 20 s of CSS animation time; the page's
    animation clock is run 200 times faster, so that is a tenth of a second here."""
    devtools = page.context.new_cdp_session(page)
    devtools.send("Animation.enable")
    devtools.send("Animation.setPlaybackRate", {"playbackRate": ANIMATION_SPEED})


@pytest.mark.only_browser("chromium")  # the animation clock is sped up through Chromium's DevTools
@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_boot_script_that_never_runs_still_leaves_a_message(page, browser_guard, motion):
    """The watchdog lives in boot.js: when boot.js does not run (here python_runtime.js,
    which it imports, is missing), nothing would ever replace "Loading…". boot.css shows
    the stalled line instead, with reduced motion too (app.css stops every animation)."""
    browser_guard.expect_error(MISSING_FILE_NOISE + r"|python_runtime\.js")
    page.emulate_media(reduced_motion=motion)
    speed_up_css_animations(page)
    page.route("**/python_runtime.js", not_found)
    page.goto("./")
    stalled = page.get_by_test_id("boot-stalled")
    stalled.wait_for(state="visible", timeout=10_000)
    assert stalled.inner_text() == "The game did not start. Check the connection and reload the page."
    assert page.get_by_test_id("boot-status").is_visible()
    assert page.locator("html").get_attribute("data-boot-script") is None


@pytest.mark.only_browser("chromium")
def test_a_slow_boot_never_shows_the_stalled_line(page, wait_for_boot):
    """Once boot.js runs, its watchdog speaks for a stall: the stalled line stays hidden
    however long the boot takes (here build.json is held back for a minute of the page's
    animation time)."""
    speed_up_css_animations(page)
    held = []
    page.route("**/build.json", lambda route: held.append(route))
    page.goto("./")
    page.locator("html[data-boot-stage]").wait_for(state="attached")  # boot.js runs: its first stage is shown
    page.wait_for_timeout(3 * STALLED_AFTER_S * 1000 / ANIMATION_SPEED)
    while not held:
        page.wait_for_timeout(50)
    assert page.get_by_test_id("boot-status").is_visible()
    assert page.get_by_test_id("boot-stalled").is_hidden()
    held[0].continue_()
    assert wait_for_boot(page) == "ready"
