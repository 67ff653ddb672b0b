"""How the end-to-end tests start each browser engine.

Plain functions, no pytest: tests/conftest.py and tests/e2e/webkit/conftest.py
use them, and a benchmark script can too.

  Chromium  Playwright; Debian's /usr/bin/chromium (or $JAIPUR_CHROMIUM) when present
  Firefox   Playwright's stock-Firefox channel (WebDriver BiDi) on Debian's
            /usr/bin/firefox-esr (or $JAIPUR_FIREFOX) when present
  WebKit    Selenium's WebKitGTK driver on Debian's MiniBrowser (webkit2gtk-driver),
            in a virtual X display (Xvfb) when there is no $DISPLAY
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

SYSTEM_CHROMIUM = "/usr/bin/chromium"
SYSTEM_FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
WEBKIT_WEBDRIVER = "/usr/bin/WebKitWebDriver"

# Keep the browser from phoning home, so "no outside request" tests the page alone.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


def installed(env_name: str, default_path: str) -> str | None:
    """The browser binary named by $env_name, else default_path if it exists."""
    return os.environ.get(env_name) or (default_path if os.path.exists(default_path) else None)


# --- Playwright: Chromium and Firefox ------------------------------------------------


def chromium_launch_args() -> dict:
    """Keyword arguments for playwright.chromium.launch()."""
    executable = installed("JAIPUR_CHROMIUM", SYSTEM_CHROMIUM)
    if executable is None:
        return {}  # Playwright's own Chromium
    return {"executable_path": executable, "args": CHROMIUM_ARGS}


# Firefox over WebDriver BiDi saves a download into the launch's downloads_path
# but Playwright 1.60 reports no `download` event for it (Firefox sends the
# event without a navigation id for an <a download> click). Browser type name
# -> that folder, so save_download can find the file instead.
SILENT_DOWNLOAD_FOLDERS: dict[str, Path] = {}


def firefox_launch_args(downloads: Path | None = None) -> dict:
    """Keyword arguments for playwright.firefox.launch(): Debian's Firefox ESR
    through the stock-Firefox channel, else Playwright's own patched Firefox."""
    executable = installed("JAIPUR_FIREFOX", SYSTEM_FIREFOX)
    if executable is None:
        return {}
    args = {"channel": "moz-firefox", "executable_path": executable}
    if downloads is not None:
        args["downloads_path"] = str(downloads)
        SILENT_DOWNLOAD_FOLDERS["firefox"] = downloads
    return args


def save_download(page, start, path: Path, timeout_s: float = 30) -> None:
    """Call start() (a click that downloads a file) and save that file at `path`.

    Where the engine reports downloads, through Playwright's download event;
    where it does not (Firefox over BiDi), by waiting for the new file in the
    browser's downloads folder: either way the test gets what the browser saved."""
    folder = SILENT_DOWNLOAD_FOLDERS.get(page.context.browser.browser_type.name)
    if folder is None:
        with page.expect_download() as download:
            start()
        download.value.save_as(path)
        return
    before = set(folder.iterdir())
    start()
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        entries = set(folder.iterdir())
        new = [entry for entry in entries - before if not entry.name.endswith(".part")]
        in_progress = any(entry.name.endswith(".part") for entry in entries)
        if new and not in_progress:
            shutil.copyfile(new[0], path)
            return
        time.sleep(0.1)
    raise AssertionError(f"no file was saved in {folder} within {timeout_s} s")


# --- Selenium: WebKitGTK -------------------------------------------------------------


def webkit_missing() -> str | None:
    """Why the WebKit tests cannot run here, or None."""
    for path, package in ((WEBKIT_WEBDRIVER, "webkit2gtk-driver"), (WEBKIT_MINIBROWSER, "webkit2gtk-driver")):
        if not os.path.exists(path):
            return f"{path} not found (Debian: apt-get install {package} xvfb xauth)"
    if not os.environ.get("DISPLAY") and shutil.which("Xvfb") is None:
        return "no $DISPLAY and no Xvfb (Debian: apt-get install xvfb xauth)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    return None


class VirtualDisplay:
    """An Xvfb server on a free display number, for the WebKitGTK browser
    (which has no headless mode). Use as a context manager; yields ":N"."""

    def __init__(self, size: str = "1280x1024x24"):
        self.size = size
        self.process: subprocess.Popen | None = None

    def __enter__(self) -> str:
        read_end, write_end = os.pipe()
        # -displayfd: Xvfb picks a free display and writes its number once it is ready.
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", self.size, "-nolisten", "tcp"],
            pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write_end)
        with os.fdopen(read_end) as ready:
            number = ready.readline().strip()
        if not number:
            self.process.kill()
            raise RuntimeError("Xvfb did not start")
        return f":{number}"

    def __exit__(self, *exc) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def webkit_driver(display: str | None = None, log_path: Path | None = None):
    """A Selenium session in WebKitGTK's MiniBrowser. Selenium never downloads a
    driver: the Service names Debian's WebKitWebDriver. The caller quits it.

    The default page load strategy ("normal"): get() returns at the load event,
    well before the Python runtime has loaded. ("eager" would return sooner, but
    with an iframe in the page WebKitWebDriver 2.50 then blocks the next command
    until its page-load timeout.)"""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.service import Service

    options = webdriver.WebKitGTKOptions()
    options.binary_location = WEBKIT_MINIBROWSER
    options.add_argument("--automation")
    env = dict(os.environ)
    if display is not None:
        env["DISPLAY"] = display
    problem = None
    for _ in range(WEBKIT_START_ATTEMPTS):
        service = Service(executable_path=WEBKIT_WEBDRIVER, env=env,
                          log_output=str(log_path) if log_path else subprocess.DEVNULL)
        driver, problem = _bounded(lambda service=service: webdriver.WebKitGTK(options=options, service=service),
                                   WEBKIT_START_SECONDS, service.stop)
        if driver is not None:
            return driver
    raise RuntimeError(f"WebKit did not start in {WEBKIT_START_ATTEMPTS} attempts: {problem}")


#: MiniBrowser can die at launch (once seen: "cannot open display" on a busy machine);
#: WebKitWebDriver then waits for it without end, so a session start is bounded and retried.
WEBKIT_START_ATTEMPTS = 3
WEBKIT_START_SECONDS = 60


def _bounded(start, seconds: float, abort):
    """(start()'s result, None), or (None, the problem) when it raised or took longer than
    `seconds` (then `abort()` is called, which must make start() return)."""
    import threading
    outcome = {}

    def run():
        try:
            outcome["value"] = start()
        except Exception as error:  # reported to the caller, which retries
            outcome["error"] = error
    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        abort()
        worker.join(30)
        late = outcome.get("value")
        if late is not None:  # it started after all, too late to be used: end it
            try:
                late.quit()
            except Exception:  # its service is stopped already; nothing of it keeps running
                pass
        return None, f"no session within {seconds} s"
    if "error" in outcome:
        abort()
        return None, outcome["error"]
    return outcome["value"], None
