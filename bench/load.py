#!/usr/bin/env python3
"""Cold-cache load time: navigation start -> <html data-state="ready">.

    python bench/load.py [--runs 5] [--sub-path /games/jaipur/]

Builds dist/, serves it on 127.0.0.1 and opens it in a fresh browser context per
run (empty HTTP cache, no service worker yet), timing with the page's own clock
(performance.now() counts from navigation start). Bytes are the sum of response
sizes (headers + body) up to ready; the service worker's precache that follows
is reported apart. Not a test: it prints figures. Target: <= 4 s here.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SYSTEM_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]

# Runs before any page script: note the moment the app declares itself ready.
RECORD_READY = """
new MutationObserver((_, observer) => {
  const state = document.documentElement.dataset.state;
  if (state === "ready" || state === "error") {
    window.__bootSettled = { state, ms: performance.now() };
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-state"] });
"""


def load_build_module():
    spec = importlib.util.spec_from_file_location("jaipur_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def launch(playwright, profile: str):
    executable = os.environ.get("JAIPUR_CHROMIUM") or (
        SYSTEM_CHROMIUM if os.path.exists(SYSTEM_CHROMIUM) else None)
    options = {"executable_path": executable, "args": CHROMIUM_ARGS} if executable else {}
    return playwright.chromium.launch_persistent_context(profile, headless=True, **options)


def response_bytes(request) -> int:
    sizes = request.sizes()
    return sizes["responseHeadersSize"] + max(sizes["responseBodySize"], 0)


def one_cold_load(playwright, url: str) -> dict:
    """A fresh profile on disk each time: cold, yet with a real (disk) HTTP cache,
    as a visitor has. (A plain new_context is incognito: its small in-memory
    cache drops the 9.6 MB wasm, so the service worker would fetch it again.)"""
    with tempfile.TemporaryDirectory(prefix="jaipur-bench-") as profile:
        context = launch(playwright, profile)
        try:
            return measure(context, url)
        finally:
            context.close()


def measure(context, url: str) -> dict:
    page = context.new_page()
    page.add_init_script(RECORD_READY)
    # Wall time the main thread spent in tasks: close to the total means the
    # load is bound by CPU (compiling, Python start-up), not by the network.
    devtools = context.new_cdp_session(page)
    devtools.send("Performance.enable")
    by_page, by_worker = [], []
    context.on("requestfinished",
               lambda request: (by_worker if request.service_worker else by_page).append(request))
    page.goto(url)
    page.locator("html[data-state=ready], html[data-state=error]").wait_for(
        state="attached", timeout=60_000)
    settled = page.evaluate("window.__bootSettled")
    if settled["state"] != "ready":
        raise SystemExit(f"boot failed: {page.get_by_test_id('boot-error').inner_text()}")
    metrics = {m["name"]: m["value"] for m in devtools.send("Performance.getMetrics")["metrics"]}
    stages = page.evaluate(
        "performance.getEntriesByType('mark').map((mark) => [mark.name, mark.startTime])")
    page.evaluate("async () => (await navigator.serviceWorker.ready).active.state")
    page.wait_for_timeout(200)  # let the last requestfinished events arrive
    return {
        "seconds": settled["ms"] / 1000,
        "main_thread_seconds": metrics.get("TaskDuration", float("nan")),
        "stages": stages,
        "requests": len(by_page),
        "bytes": sum(response_bytes(r) for r in by_page),
        "precache_requests": len(by_worker),
        "precache_bytes": sum(response_bytes(r) for r in by_worker),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description="Cold-cache load time of the built site.")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sub-path", default="/", help="serve dist/ under this URL path")
    args = parser.parse_args()

    site_build = load_build_module()
    report = site_build.build(quiet=True)
    print(f"dist/: {report['file_count']} files, {report['total_bytes']:,} bytes, build {report['build']}")
    with site_build.DistServer(base_path=args.sub_path) as server, sync_playwright() as playwright:
        runs = []
        for index in range(args.runs):
            run = one_cold_load(playwright, server.url)
            runs.append(run)
            stages = ", ".join(f"{name.removeprefix('jaipur: ')} @{ms / 1000:.2f}"
                               for name, ms in run["stages"])
            print(f"run {index + 1}: {run['seconds']:.2f} s to ready "
                  f"(main thread busy {run['main_thread_seconds']:.2f} s), {run['requests']} requests, "
                  f"{run['bytes']:,} bytes; then service worker precache: "
                  f"{run['precache_requests']} requests, {run['precache_bytes']:,} bytes\n"
                  f"       {stages}")
    seconds = [run["seconds"] for run in runs]
    busy = [run["main_thread_seconds"] for run in runs]
    print(f"main thread busy: median {statistics.median(busy):.2f} s")
    print(f"median {statistics.median(seconds):.2f} s, best {min(seconds):.2f} s, "
          f"worst {max(seconds):.2f} s over {len(runs)} cold loads; "
          f"{runs[-1]['bytes']:,} bytes to ready")
    return 0


if __name__ == "__main__":
    sys.exit(main())
