#!/usr/bin/env python3
"""Load time of the page on both boot paths against the bare-Pyodide floor,
interleaved in one run (a busy machine slows all three alike, so read the ratios).

    python bench/load.py [--runs 5] [--sub-path /games/jaipur/] [--browser chromium|firefox|webkit]
                         [--compare-dist DIR] [--no-full]

Three pages, served from 127.0.0.1 like `build.py serve` (no compression):
  snapshot  the game, booting from the memory snapshot
  full      the game from a dist/ built without the snapshot (Python starts the full way)
  bare      the same Pyodide files booting with nothing else: the floor
  before    (with --compare-dist DIR) a dist/ built earlier, e.g. from the commit
            before a change, booting from its snapshot: "before" and "after"
            measured at the same load (--no-full leaves the full boot out)

Each run opens every page cold (a fresh browser profile: empty HTTP cache, no
service worker yet), in a rotating order, then reloads it warm (the game's
service worker has precached the site; the bare page has only the HTTP cache).
Time is navigation start -> <html data-state="ready"> (for the game: a playable
table), on the page's own clock. Bytes are what the network layer moved
(Chromium's encodedDataLength: headers plus body as sent), not content-length,
plus what the page's dedicated workers downloaded (the snapshot: Playwright's
request sizes, as the DevTools session of the page does not see a worker's);
the service worker's precache after the first visit is counted apart. Memory is
the JS heap (CDP) and the WebAssembly memory (Pyodide's heap) once ready.

Not a test: it prints figures and the targets of issue 10:
cold <= 0.35x bare, warm reload <= 0.30x bare, first visit <= 22 MB.

--browser picks the engine (tests/e2e/engines.py starts it). Chromium (the
default) is measured as above, through the DevTools protocol. Firefox
(Playwright over WebDriver BiDi) and WebKitGTK (Selenium, in a virtual X
display) have no DevTools protocol, so there everything is read from the page
itself: time is navigation start -> the page's "jaipur: started" mark, bytes
are Resource Timing transferSize summed over the navigation and resource
entries; main-thread busy time, JS heap and the precache bytes are n/a (the
service worker's own fetches are not visible from the page: Cache Storage holds
the bodies, but its "no-cache" revalidations move far fewer bytes than that).
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import itertools
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
import engines  # noqa: E402  (the e2e suite's browser launchers)
from served import load_build_module, serve  # noqa: E402  (tests/e2e/served.py: the build and its server)

MODES = ("snapshot", "full", "bare", "before")
BOOT_OF_MODE = {"snapshot": "snapshot", "full": "full", "before": "snapshot"}
TARGET_COLD, TARGET_WARM, TARGET_FIRST_VISIT_MB = 0.35, 0.30, 22.0
# What a compressing host would gzip (it leaves zip, gzip and images alone).
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".webmanifest", ".whl")

# Runs before any page script: note the moment the page declares itself ready.
# settle() awaits window.__bootSettled, a promise, rather than a Playwright locator: a
# locator injects Playwright's selector engine into the page as it boots, a script
# whose evaluation took about 50 ms of the page's thread in a traced boot, in every
# page it waited for, the bare floor's as well (issue 30).
RECORD_READY = """
window.__bootSettled = new Promise((resolve) => {
  new MutationObserver((_, observer) => {
    const state = document.documentElement.dataset.state;
    if (state === "ready" || state === "error") {
      resolve({ state, ms: performance.now() });
      observer.disconnect();
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-state"] });
});
"""
SETTLE_TIMEOUT_MS = 120_000

# The floor: the same runtime files, loaded the same way, and nothing else.
BARE_HTML = """<!doctype html>
<html lang="en" data-state="loading">
<head><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module" src="bare.js"></script></head>
<body></body>
</html>
"""
BARE_JS = """
const indexURL = new URL("./pyodide/", import.meta.url).href;
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const pyodide = await loadPyodide({ indexURL, lockFileURL: indexURL + "pyodide-lock.json", packageBaseUrl: indexURL });
pyodide.runPython("1 + 1");
globalThis.jaipur = { pyodide };
performance.mark("jaipur: started"); // the game's mark, so every engine times both alike
document.documentElement.dataset.state = "ready";
"""

# The page's own timeline: its marks ("jaipur: <stage>", "jaipur boot: <step>")
# and when each file of the runtime and the game arrived, in ms from navigation start.
TIMELINE_JS = """(() => {
  const marks = {};
  for (const mark of performance.getEntriesByType("mark")) {
    if (mark.name.startsWith("jaipur")) marks[mark.name] = mark.startTime;
  }
  const files = {};
  for (const entry of performance.getEntriesByType("resource")) {
    const name = new URL(entry.name).pathname.split("/").pop();
    // boot.js also asks for each file with HEAD (no body): time the download itself
    const body = entry.decodedBodySize || entry.encodedBodySize || 0;
    if (!(name in files) || body > files[name].body) {
      files[name] = { start: entry.startTime, end: entry.responseEnd, body };
    }
  }
  return { marks, files };
})()"""
TIMELINE = f"() => {TIMELINE_JS}"

MEMORY = """() => ({
  wasm: globalThis.jaipur?.pyodide?._module?.HEAP8?.length ?? null,
  boot: document.documentElement.dataset.boot ?? "bare",
})"""


# Engines without the DevTools protocol: everything from the page itself, once
# it has settled. A function body (Selenium's execute_script form).
PAGE_FIGURES = """
const root = document.documentElement;
const started = performance.getEntriesByName("jaipur: started", "mark")[0];
const entries = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")];
return {
  state: root.dataset.state ?? null,
  startedMs: started ? started.startTime : null,
  bytes: entries.reduce((sum, entry) => sum + (entry.transferSize || 0), 0),
  urls: entries.map((entry) => entry.name),
  wasm: globalThis.jaipur?.pyodide?._module?.HEAP8?.length ?? null,
  boot: root.dataset.boot ?? "bare",
  controlled: Boolean(navigator.serviceWorker?.controller),
  error: root.dataset.state === "error" ? document.body.innerText.slice(0, 300) : null,
  timeline: TIMELINE,
};
"""
# Resolves once the service worker is active (its precache is done), so the
# reload that follows is the warm, worker-served case.
WORKER_READY = "return (await navigator.serviceWorker.ready).active.state;"
PAGE_FIGURES = PAGE_FIGURES.replace("TIMELINE", TIMELINE_JS)
PRECACHE_NOT_VISIBLE = "the service worker's fetches are not visible from the page"


def launch(playwright, profile: str):
    """A Chromium with a profile of its own (a cold cache), started as the e2e tests start it."""
    return playwright.chromium.launch_persistent_context(profile, headless=True, **engines.chromium_launch_args())


class NetworkLog:
    """Bytes the network layer moved for one page, from the DevTools protocol."""

    def __init__(self, devtools):
        self.bytes = 0
        self.urls: list[str] = []
        self._urls: dict[str, str] = {}
        devtools.send("Network.enable")
        devtools.on("Network.requestWillBeSent",
                    lambda event: self._urls.__setitem__(event["requestId"], event["request"]["url"]))
        devtools.on("Network.loadingFinished", self._finished)

    def _finished(self, event) -> None:
        self.bytes += int(event.get("encodedDataLength", 0))
        self.urls.append(self._urls.get(event["requestId"], ""))

    def take(self) -> tuple[int, list[str]]:
        taken = self.bytes, self.urls
        self.bytes, self.urls = 0, []
        return taken


def settle(page) -> float:
    settled = page.evaluate(
        "timeout => Promise.race([window.__bootSettled,"
        " new Promise((resolve) => setTimeout(() => resolve({ state: 'still loading' }), timeout))])",
        SETTLE_TIMEOUT_MS)
    if settled["state"] != "ready":
        raise SystemExit(f"boot failed: {page.locator('body').inner_text()[:300]}")
    return settled["ms"] / 1000


def moved_by(request) -> int:
    """What one request moved by Playwright's count: headers and body as received."""
    sizes = request.sizes()
    return sizes["responseHeadersSize"] + max(sizes["responseBodySize"], 0)


def worker_moved(requests: list, page_urls: list[str]) -> tuple[int, list[str]]:
    """What the page's dedicated workers downloaded (the snapshot's unpacking worker
    fetches the snapshot itself), which the page's DevTools session does not see:
    from Playwright's request sizes, leaving out what a service worker served."""
    moved, urls = 0, []
    seen = set(page_urls)
    for request in requests:
        response = request.response()
        if request.url in seen or response is None or response.from_service_worker:
            continue
        moved += moved_by(request)
        urls.append(request.url)
    requests.clear()
    return moved, urls


def measure_once(page, devtools, network: NetworkLog, worker_requests: list) -> dict:
    seconds = settle(page)
    metrics = {m["name"]: m["value"] for m in devtools.send("Performance.getMetrics")["metrics"]}
    heap = devtools.send("Runtime.getHeapUsage")
    memory = page.evaluate(MEMORY)
    timeline = page.evaluate(TIMELINE)
    moved, urls = network.take()
    by_workers, worker_urls = worker_moved(worker_requests, urls)
    return {
        "seconds": seconds,
        "busy": metrics.get("TaskDuration", float("nan")),
        "bytes": moved + by_workers,
        "urls": urls + worker_urls,
        "js_heap": heap["usedSize"],
        "wasm": memory["wasm"],
        "boot": memory["boot"],
        "timeline": timeline,
    }


def cold_and_warm(playwright, url: str, has_worker: bool) -> tuple[dict, dict, int]:
    """A fresh profile on disk: cold yet with a real (disk) HTTP cache, as a
    visitor has. Returns the cold load, the warm reload and the precache bytes."""
    with tempfile.TemporaryDirectory(prefix="jaipur-bench-") as profile:
        context = launch(playwright, profile)
        try:
            page = context.new_page()
            page.add_init_script(RECORD_READY)
            devtools = context.new_cdp_session(page)
            devtools.send("Performance.enable")
            network = NetworkLog(devtools)
            precache, worker_requests = [], []
            context.on("requestfinished",
                       lambda request: (precache if request.service_worker else worker_requests).append(request))
            page.goto(url)
            cold = measure_once(page, devtools, network, worker_requests)
            if has_worker:
                page.evaluate("async () => (await navigator.serviceWorker.ready).active.state")
            page.wait_for_timeout(300)  # let the last network events arrive
            network.take()
            worker_requests.clear()
            precache_bytes = sum(moved_by(request) for request in precache)
            page.reload()
            warm = measure_once(page, devtools, network, worker_requests)
            return cold, warm, precache_bytes
        finally:
            context.close()


def wait_for_figures(run_script, timeout_s: float = 600) -> dict:
    """Poll the page until it is ready and has marked "jaipur: started"."""
    deadline = time.monotonic() + timeout_s
    last_error = None
    while time.monotonic() < deadline:
        try:
            figures = run_script(PAGE_FIGURES)
        except Exception as error:  # noqa: BLE001  the page is between documents during a reload
            figures, last_error = None, error
        if figures and figures["state"] == "error":
            raise SystemExit(f"boot failed: {figures['error']}")
        if figures and figures["state"] == "ready" and figures["startedMs"] is not None:
            return {"seconds": figures["startedMs"] / 1000, "busy": None, "bytes": figures["bytes"],
                    "urls": figures["urls"], "js_heap": None, "wasm": figures["wasm"],
                    "boot": figures["boot"], "controlled": figures["controlled"],
                    "timeline": figures["timeline"]}
        time.sleep(0.2)
    raise SystemExit(f"the page was not ready within {timeout_s:.0f} s (last script error: {last_error})")


def warm_unmeasurable(reason: str) -> dict:
    return {"seconds": None, "busy": None, "bytes": None, "urls": [], "js_heap": None,
            "wasm": None, "boot": None, "note": reason, "timeline": None}


class Chromium:
    """Playwright + the DevTools protocol: the original measurement."""
    name = "chromium"
    byte_measure = "encodedDataLength (CDP)"

    def __init__(self, playwright):
        self.playwright = playwright

    def version(self) -> str:
        return "Chromium (DevTools protocol)"

    def cold_and_warm(self, url: str, has_worker: bool) -> tuple[dict, dict, int]:
        return cold_and_warm(self.playwright, url, has_worker)


class Firefox:
    """Playwright over WebDriver BiDi on Firefox ESR: a fresh profile per run."""
    name = "firefox"
    byte_measure = "Resource Timing transferSize"

    def __init__(self, playwright):
        self.playwright = playwright
        self.launch_args = engines.firefox_launch_args()

    def version(self) -> str:
        browser = self.playwright.firefox.launch(headless=True, **self.launch_args)
        try:
            return f"Firefox {browser.version}"
        finally:
            browser.close()

    def cold_and_warm(self, url: str, has_worker: bool) -> tuple[dict, dict, int | None]:
        # A new browser per run: Playwright gives it a fresh temporary profile, so
        # it is cold. (launch_persistent_context hangs at start with Firefox ESR 153.)
        browser = self.playwright.firefox.launch(headless=True, **self.launch_args)
        try:
            page = browser.new_page()
            run = lambda body: page.evaluate(f"async () => {{ {body} }}")  # noqa: E731
            page.goto(url)
            cold = wait_for_figures(run)
            if has_worker:
                run(WORKER_READY)
            precache = None if has_worker else 0
            page.reload()
            warm = wait_for_figures(run)
            if has_worker and not warm["controlled"]:
                warm = warm_unmeasurable("the service worker did not control the reload")
            return cold, warm, precache
        finally:
            browser.close()


class WebKit:
    """Selenium on WebKitGTK's MiniBrowser in Xvfb. An automation session starts
    with nothing stored, so each run's new session is cold; a reload within it
    is warm once the service worker controls the page."""
    name = "webkit"
    byte_measure = "Resource Timing transferSize"

    def __init__(self, display: str):
        self.display = display

    def version(self) -> str:
        driver = engines.webkit_driver(self.display)
        try:
            return f"WebKitGTK {driver.capabilities.get('browserVersion', '?')}"
        finally:
            driver.quit()

    def cold_and_warm(self, url: str, has_worker: bool) -> tuple[dict, dict, int | None]:
        driver = engines.webkit_driver(self.display)
        try:
            driver.set_script_timeout(120)
            run = lambda body: driver.execute_async_script(  # noqa: E731
                "const done = arguments[arguments.length - 1];"
                f"(async () => {{ {body} }})().then(done, (error) => done(null));")
            driver.get(url)
            cold = wait_for_figures(run)
            if has_worker:
                if not run("return 'serviceWorker' in navigator"):
                    return cold, warm_unmeasurable("no service worker in this WebKit session"), None
                run(WORKER_READY)
            precache = None if has_worker else 0
            driver.refresh()
            warm = wait_for_figures(run)
            if has_worker and not warm["controlled"]:
                warm = warm_unmeasurable("the service worker did not control the reload")
            return cold, warm, precache
        finally:
            driver.quit()


@contextlib.contextmanager
def open_engine(name: str):
    if name == "webkit":
        missing = engines.webkit_missing()
        if missing:
            raise SystemExit(f"webkit: {missing}")
        with engines.VirtualDisplay() as display:
            yield WebKit(display)
        return
    with sync_playwright() as playwright:
        yield Firefox(playwright) if name == "firefox" else Chromium(playwright)


def compressed_estimate(dist: Path, base_path: str, urls: list[str]) -> tuple[int, int]:
    """Raw bytes of the files a cold load fetched, and what a host that gzips
    text and wasm would send instead."""
    raw = packed = 0
    for url in set(urls):
        name = urlsplit(url).path[len(base_path):] or "index.html"
        path = dist / name
        if not path.is_file():
            continue
        data = path.read_bytes()
        raw += len(data)
        packed += len(gzip.compress(data, 6)) if name.endswith(COMPRESSIBLE) else len(data)
    return raw, packed


def median(runs: list[dict], key: str) -> float | None:
    """The median of a figure, or None (n/a) if any run could not measure it."""
    values = [run[key] for run in runs]
    return None if any(value is None for value in values) else statistics.median(values)


def figure(value: float | None, spec: str) -> str:
    return "n/a" if value is None else format(value, spec)


def ratio(value: float | None, floor: float) -> float | None:
    return None if value is None else value / floor


def mb(n: float | None) -> str:
    return "n/a" if n is None else f"{n / 1e6:.1f} MB"


def main() -> int:
    parser = argparse.ArgumentParser(description="Load time: snapshot vs full boot vs bare Pyodide.")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sub-path", default="/", help="serve dist/ under this URL path")
    parser.add_argument("--browser", choices=("chromium", "firefox", "webkit"), default="chromium",
                        help="the engine to measure (default: chromium)")
    parser.add_argument("--compare-dist", type=Path, metavar="DIR",
                        help="also measure this dist/ (built earlier, with its snapshot) as \"before\", interleaved")
    parser.add_argument("--no-full", action="store_true", help="leave out the full boot (a shorter run)")
    args = parser.parse_args()
    if args.compare_dist and not (args.compare_dist / "build.json").is_file():
        parser.error(f"{args.compare_dist} is not a built dist/ (no build.json)")
    modes = tuple(mode for mode in MODES
                  if not (mode == "full" and args.no_full) and not (mode == "before" and not args.compare_dist))
    print("load average at start: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()), flush=True)

    site_build = load_build_module()
    with tempfile.TemporaryDirectory(prefix="jaipur-bench-dist-") as folder, contextlib.ExitStack() as stack:
        dists = {"snapshot": Path(folder) / "snapshot", "full": Path(folder) / "full"}
        for mode, dist in dists.items():
            report = site_build.build(dist=dist, quiet=True, snapshot=mode == "snapshot")
            print(f"{mode} dist: {report['file_count']} files, {report['total_bytes']:,} bytes, "
                  f"build {report['build']}")
        if args.compare_dist:
            dists["before"] = args.compare_dist
            print(f"before dist: {args.compare_dist}")
        (dists["full"] / "bare.html").write_text(BARE_HTML)
        (dists["full"] / "bare.js").write_text(BARE_JS)
        servers = {name: stack.enter_context(serve(dists[name], base_path=args.sub_path))
                   for name in dists}
        engine = stack.enter_context(open_engine(args.browser))
        if engine.name != "chromium":
            print(f"engine: {engine.version()}; bytes: {engine.byte_measure}; "
                  f"precache: n/a ({PRECACHE_NOT_VISIBLE}); time: navigation start -> "
                  f"\"jaipur: started\" mark; main-thread busy and JS heap: n/a (no DevTools protocol)")
        # ?debug: the bench reads the WebAssembly memory size through the runtime handle.
        urls = {name: servers[name].url + "?debug" for name in dists}
        urls["bare"] = servers["full"].url + "bare.html"
        results = {mode: {"cold": [], "warm": [], "precache": []} for mode in modes}
        for index in range(args.runs):
            shift = index % len(modes)
            order = modes[shift:] + modes[:shift]  # rotate: no mode always goes first
            for mode in order:
                cold, warm, precache = engine.cold_and_warm(urls[mode], mode != "bare")
                if mode != "bare" and cold["boot"] != BOOT_OF_MODE[mode]:
                    raise SystemExit(f"the {mode} page booted the {cold['boot']} way")
                results[mode]["cold"].append(cold)
                results[mode]["warm"].append(warm)
                results[mode]["precache"].append(precache)
                warm_text = (f"warm {warm['seconds']:5.2f} s ({mb(warm['bytes'])} moved)"
                             if warm["seconds"] is not None else f"warm n/a ({warm['note']})")
                print(f"run {index + 1} {mode:>8}: cold {cold['seconds']:5.2f} s "
                      f"(main thread busy {'n/a' if cold['busy'] is None else format(cold['busy'], '.2f') + ' s'}, "
                      f"{mb(cold['bytes'])} moved), "
                      f"{warm_text}", flush=True)
        report_figures(results, dists, args.sub_path)
    return 0


def precache_median(precaches: list[int | None]) -> float | None:
    return None if any(size is None for size in precaches) else statistics.median(precaches)


# The page's progress stages (boot.js's "jaipur: <stage>" marks), each from its
# mark to the next one; "page and boot script" is navigation start -> the first.
STAGES = ("Loading Python runtime", "Loading micropip", "Installing the game", "Starting", "started")
STAGE_NAMES = {"Loading Python runtime": "runtime", "Loading micropip": "micropip",
               "Installing the game": "game", "Starting": "start (import, render)"}
# The files whose arrival is on the timeline (Resource Timing responseEnd).
TIMED_FILES = ("build.json", "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
               "pyodide-lock.json", "jaipur.snapshot.gz", "jaipur-0.1.0-py3-none-any.whl",
               "micropip-0.11.1-py3-none-any.whl")


def events(run: dict) -> dict[str, float]:
    """One load's timeline: its marks and its files' arrivals, in ms from navigation start."""
    timeline = run.get("timeline") or {"marks": {}, "files": {}}
    found = {name.removeprefix("jaipur: ").removeprefix("jaipur boot: "): ms
             for name, ms in timeline["marks"].items()}
    for name in TIMED_FILES:
        if name in timeline["files"]:
            found[f"{name} arrived"] = timeline["files"][name]["end"]
    return found


def median_events(runs: list[dict]) -> dict[str, float]:
    every = [events(run) for run in runs if run.get("timeline")]
    names = {name for found in every for name in found}
    return {name: statistics.median(found[name] for found in every if name in found) for name in names}


def stage_seconds(timeline: dict[str, float]) -> list[tuple[str, float]]:
    """(stage, ms) from each stage's mark to the next; the first row ends at the first mark."""
    marks = [(stage, timeline[stage]) for stage in STAGES if stage in timeline]
    rows = [("page and boot script", marks[0][1])]
    for (stage, at), (_, following) in itertools.pairwise(marks):
        rows.append((STAGE_NAMES[stage], following - at))
    return rows


def report_stages(results: dict, floor: float) -> None:
    """The stage table (cold, reload) of each boot path, then every step of its
    timeline: each mark and each file's arrival, with the time since the step before."""
    for mode in ("before", "snapshot", "full"):
        if mode not in results:
            continue
        cold, warm = median_events(results[mode]["cold"]), median_events(results[mode]["warm"])
        if not cold:
            continue
        warm_stages = dict(stage_seconds(warm)) if warm else {}
        print(f"\n{mode} boot, stages (median ms; reload = warm, from the service worker):")
        print(f"  {'stage':<28} {'cold':>7} {'reload':>7}")
        for stage, ms in stage_seconds(cold):
            reload = warm_stages.get(stage)
            print(f"  {stage:<28} {ms:7.0f} {'n/a' if reload is None else format(reload, '7.0f'):>7}")
        total_warm = warm.get("started")
        print(f"  {'to a playable table':<28} {cold['started']:7.0f} "
              f"{'n/a' if total_warm is None else format(total_warm, '7.0f'):>7}"
              f"   ({cold['started'] / 1000 / floor:.2f}x bare cold)")
        print(f"{mode} boot, timeline (median ms from navigation start; + = since the row before):")
        print(f"  {'step':<40} {'cold':>7} {'+':>6} {'reload':>7} {'+':>6}")
        previous_cold = previous_warm = 0.0
        for name in sorted(cold, key=cold.get):
            at_warm = warm.get(name)
            warm_text = "    n/a        " if at_warm is None else f"{at_warm:7.0f} {at_warm - previous_warm:6.0f}"
            print(f"  {name:<40} {cold[name]:7.0f} {cold[name] - previous_cold:6.0f} {warm_text}")
            previous_cold = cold[name]
            previous_warm = at_warm if at_warm is not None else previous_warm


def report_before_after(results: dict) -> None:
    """With --compare-dist: the snapshot boot's stages, before and after, side by side."""
    if "before" not in results:
        return
    tables = {}
    for mode in ("before", "snapshot"):
        cold, warm = median_events(results[mode]["cold"]), median_events(results[mode]["warm"])
        tables[mode] = (dict(stage_seconds(cold)) | {"to a playable table": cold["started"]},
                        dict(stage_seconds(warm)) | {"to a playable table": warm["started"]} if warm else {})
    print("\nsnapshot boot, before (--compare-dist) and after (this clone), median ms:")
    print(f"  {'stage':<28} {'before':>7} {'after':>7} {'after/before':>12} {'before':>7} {'after':>7}")
    print(f"  {'':<28} {'cold':>7} {'cold':>7} {'':>12} {'reload':>7} {'reload':>7}")
    for stage in tables["before"][0]:
        before_cold, after_cold = tables["before"][0][stage], tables["snapshot"][0].get(stage)
        before_warm, after_warm = tables["before"][1].get(stage), tables["snapshot"][1].get(stage)
        change = f"{after_cold / before_cold:12.2f}" if after_cold is not None and before_cold else f"{'n/a':>12}"
        cells = [figure(value, "7.0f") for value in (before_cold, after_cold)]
        warm_cells = [figure(value, "7.0f") for value in (before_warm, after_warm)]
        print(f"  {stage:<28} {cells[0]:>7} {cells[1]:>7} {change} {warm_cells[0]:>7} {warm_cells[1]:>7}")


def report_run_ratios(results: dict) -> None:
    """Each run's cold boot over the bare floor of the same run: the bare boot's time
    moves most between runs (1.9-2.9 s on one quiet machine), so the ratio of the
    medians can cross the target while the runs it summarises do not."""
    floors = [run["seconds"] for run in results["bare"]["cold"]]
    for mode in ("snapshot", "before"):
        if mode not in results:
            continue
        ratios = sorted(run["seconds"] / floor for run, floor in zip(results[mode]["cold"], floors, strict=True))
        under = sum(value <= TARGET_COLD for value in ratios)
        print(f"  {mode} per run: median {statistics.median(ratios):.2f}x, {ratios[0]:.2f}-{ratios[-1]:.2f}x, "
              f"at most {TARGET_COLD:.2f}x in {under} of {len(ratios)} runs")


def report_figures(results: dict, dists: dict, base_path: str) -> None:
    floor = median(results["bare"]["cold"], "seconds")
    print(f"\nmedians over {len(results['bare']['cold'])} interleaved runs "
          f"(bare Pyodide cold = {floor:.2f} s is the floor):")
    print(f"{'':>9} {'cold s':>7} {'x bare':>7} {'warm s':>7} {'x bare':>7} {'busy s':>7} "
          f"{'moved':>9} {'precache':>9} {'JS heap':>9} {'wasm mem':>9}")
    for mode in results:
        cold, warm = results[mode]["cold"], results[mode]["warm"]
        wasm = median(cold, "wasm") if cold[0]["wasm"] is not None else float("nan")
        print(f"{mode:>9} {median(cold, 'seconds'):7.2f} {median(cold, 'seconds') / floor:7.2f} "
              f"{figure(median(warm, 'seconds'), '7.2f'):>7} "
              f"{figure(ratio(median(warm, 'seconds'), floor), '7.2f'):>7} "
              f"{figure(median(cold, 'busy'), '7.2f'):>7} {mb(median(cold, 'bytes')):>9} "
              f"{mb(precache_median(results[mode]['precache'])):>9} "
              f"{mb(median(cold, 'js_heap')):>9} {mb(wasm):>9}")

    snapshot = results["snapshot"]
    cold_ratio = median(snapshot["cold"], "seconds") / floor
    warm_ratio = ratio(median(snapshot["warm"], "seconds"), floor)
    precache = precache_median(snapshot["precache"])
    first_visit = None if precache is None else median(snapshot["cold"], "bytes") + precache
    verdict = lambda ok: "met" if ok else "NOT met"  # noqa: E731
    report_stages(results, floor)
    report_before_after(results)
    print("\nload average at the end: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    print(f"\ntarget cold load <= {TARGET_COLD:.2f}x bare: {cold_ratio:.2f}x, {verdict(cold_ratio <= TARGET_COLD)}")
    report_run_ratios(results)
    if warm_ratio is None:
        print(f"target warm (service worker) reload <= {TARGET_WARM:.2f}x bare: n/a "
              f"({snapshot['warm'][0].get('note', 'not measured')})")
    else:
        print(f"target warm (service worker) reload <= {TARGET_WARM:.2f}x bare: {warm_ratio:.2f}x, "
              f"{verdict(warm_ratio <= TARGET_WARM)}")
    first_visit_verdict = (f"n/a ({PRECACHE_NOT_VISIBLE})" if first_visit is None
                           else verdict(first_visit <= TARGET_FIRST_VISIT_MB * 1e6))
    print(f"target first visit <= {TARGET_FIRST_VISIT_MB:.0f} MB raw: {mb(first_visit)} "
          f"(to ready {mb(median(snapshot['cold'], 'bytes'))} + precache "
          f"{mb(precache)}), "
          f"{first_visit_verdict}")
    raw, packed = compressed_estimate(dists["snapshot"], base_path, snapshot["cold"][-1]["urls"])
    print(f"a host that gzips text and wasm would send {mb(packed)} of the first load's "
          f"{mb(raw)} of files ({1 - packed / raw:.0%} less)")


if __name__ == "__main__":
    sys.exit(main())
