#!/usr/bin/env python3
"""A blog post with several embedded tables: time until each frame is ready, and memory.

    python3 bench/embeds.py [--frames 5] [--browser chromium|firefox]

The post is a plain page on its own 127.0.0.1 server (another origin than the game's,
as a blog and the game's folder are), holding `--frames` iframes of embed.html, each a
different `#position=` link, 760x520, without `loading="lazy"` (every frame is in view:
the worst case an author can make). For 0 frames (the bare post), 1 frame and N frames
it opens the post in a fresh browser (cold: empty cache, no service worker) and then
reloads it (warm: the HTTP cache, and the service worker if it has taken over), and prints:

  ready     for each frame, navigation start of the post -> that frame's
            <html data-state="ready"> (a playable table), on one clock (each frame's
            performance.timeOrigin + its own mark time, minus the post's timeOrigin)
  memory    PSS of every process of the browser (Linux /proc/PID/smaps_rollup of the
            Python process's descendants, the Playwright driver left out): what the
            browser costs the machine, shared pages counted once, and how many
            processes. The count does not grow with the frames (Chromium; Firefox adds
            one): a site's frames share one process, so one main thread runs every
            frame's Python, one after another
  wasm      the frames' WebAssembly memories summed (each frame's Pyodide heap, read
            from the frame: globalThis.jaipur.pyodide._module.HEAP8.length, which
            the page exposes with ?debug, added to every frame's address here)

`performance.measureUserAgentSpecificMemory` would measure per frame, but it needs a
cross-origin-isolated page (COOP/COEP headers a blog does not send), so it is not used.
Not a test: figures, and the machine's load average (they are noisy on a busy machine:
read the 1-frame vs N-frame ratios of one run).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
import engines  # noqa: E402  (the e2e suite's browser launchers)
import served  # noqa: E402  (the e2e suite's build and its server: tests/e2e/served.py)

from jaipur_core import Game  # noqa: E402
from jaipur_core.share import position_fragment  # noqa: E402

RECORD_READY = """
new MutationObserver((_, observer) => {
  const state = document.documentElement.dataset.state;
  if (state === "ready" || state === "error") {
    window.__bootSettled = { state, at: performance.timeOrigin + performance.now() };
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-state"] });
"""
FRAME_FIGURES = """() => ({
  settled: window.__bootSettled ?? null,
  wasm: globalThis.jaipur?.pyodide?._module?.HEAP8?.length ?? null,
  controlled: Boolean(navigator.serviceWorker?.controller),
})"""
TIMEOUT_S = 300


def post_html(game_url: str, frames: int) -> str:
    figures = []
    for number in range(frames):
        state = Game.new(seed=1000 + number, first=0).state
        src = f"{game_url}embed.html?pause=0&debug#{position_fragment(state)}"  # debug: the heap is readable
        figures.append(f'<figure><iframe name="frame{number}" src="{src}" width="760" height="520" '
                       f'title="Jaipur: position {number + 1}"></iframe><figcaption>Position {number + 1}'
                       f"</figcaption></figure>")
    return ("<!doctype html><html lang=en><meta charset=utf-8><title>A post with "
            f"{frames} embeds</title><h1>Five positions</h1>{''.join(figures)}</html>")


# --- memory: the browser's processes, from /proc ------------------------------------------

def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            tree.setdefault(int(fields[1]), []).append(int(entry))
    return tree


def browser_pss_bytes() -> tuple[int, int]:
    """PSS of every descendant of this process except the Playwright driver (node), and how
    many processes that is."""
    tree = _children()
    total, count, todo = 0, 0, list(tree.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        todo += tree.get(pid, [])
        try:
            if Path(f"/proc/{pid}/comm").read_text().strip() == "node":
                continue
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1]) * 1024
                    count += 1
        except OSError:
            continue  # a process that ended meanwhile
    return total, count


# --- one post ---------------------------------------------------------------------------

def wait_for_frames(page, frames: int) -> list[dict]:
    deadline = time.monotonic() + TIMEOUT_S
    while True:
        # by address: Firefox (WebDriver BiDi) may not report a frame's name
        found = [frame for frame in page.frames if "/embed.html?" in frame.url]
        if len(found) == frames:
            figures = [frame.evaluate(FRAME_FIGURES) for frame in found]
            ready = all(figure["settled"] for figure in figures)
        else:
            figures, ready = [], False
        if ready:
            bad = [figure for figure in figures if figure["settled"]["state"] != "ready"]
            if bad:
                raise SystemExit(f"a frame's boot failed: {bad}")
            return figures
        if time.monotonic() > deadline:
            raise SystemExit(f"the frames did not get ready in time: {len(found)} of {frames} found, "
                             f"{figures}, {[frame.url[:80] for frame in page.frames]}")
        page.wait_for_timeout(200)


def measure(page, frames: int) -> dict:
    origin = page.evaluate("performance.timeOrigin")
    figures = wait_for_frames(page, frames)
    page.wait_for_timeout(1000)  # let the last frame's first work settle before reading memory
    ready = sorted((figure["settled"]["at"] - origin) / 1000 for figure in figures)
    wasm = sum(figure["wasm"] or 0 for figure in figures)
    pss, processes = browser_pss_bytes()
    return {"ready": ready, "pss": pss, "processes": processes, "wasm": wasm,
            "controlled": sum(figure["controlled"] for figure in figures)}


def open_post(browser, url: str, frames: int) -> tuple[dict, dict]:
    context = browser.new_context(viewport={"width": 1280, "height": 800 + 560 * frames})
    try:
        context.add_init_script(RECORD_READY)
        page = context.new_page()
        page.goto(url)
        cold = measure(page, frames)
        if frames:  # the first frame registered the service worker: let it precache, then reload
            first = next(frame for frame in page.frames if "/embed.html?" in frame.url)
            first.evaluate("async () => (await navigator.serviceWorker.ready).active.state")
        page.reload()
        warm = measure(page, frames)
        return cold, warm
    finally:
        context.close()


def launch(playwright, engine: str):
    if engine == "firefox":
        return playwright.firefox.launch(headless=True, **engines.firefox_launch_args())
    return playwright.chromium.launch(headless=True, **engines.chromium_launch_args())


def show(label: str, frames: int, figures: dict, base: dict | None) -> None:
    ready = figures["ready"]
    times = " ".join(f"{t:.1f}" for t in ready) if ready else "-"
    extra = "" if base is None else f"  (+{(figures['pss'] - base['pss']) / 2**20:.0f} MB over the bare post)"
    print(f"  {label:4} {frames} frame(s): ready at {times} s; browser PSS {figures['pss'] / 2**20:.0f} MB"
          f" in {figures['processes']} processes"
          f"{extra}; wasm heaps {figures['wasm'] / 2**20:.0f} MB; served by the worker: "
          f"{figures['controlled']}/{frames}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=5)
    parser.add_argument("--browser", choices=("chromium", "firefox"), default="chromium")
    args = parser.parse_args()
    site_build = served.load_build_module()
    with tempfile.TemporaryDirectory(prefix="jaipur-bench-embeds-") as folder:
        dist, blog = Path(folder) / "dist", Path(folder) / "blog"
        report = site_build.build(dist=dist, quiet=True, snapshot=True)
        print(f"dist: {report['file_count']} files, {report['total_bytes']:,} bytes")
        blog.mkdir()
        with served.serve(dist) as game, served.serve(blog) as post, \
                sync_playwright() as playwright:
            counts = sorted({0, 1, args.frames})
            for frames in counts:
                (blog / f"post{frames}.html").write_text(post_html(game.url, frames))
            browser = launch(playwright, args.browser)
            print(f"{args.browser} {browser.version}; load average {os.getloadavg()[0]:.2f}")
            browser.close()
            results = {}
            for frames in counts:
                browser = launch(playwright, args.browser)  # a fresh browser: its processes only
                try:
                    results[frames] = open_post(browser, f"{post.url}post{frames}.html", frames)
                finally:
                    browser.close()
            base = results[0]
            for index, label in enumerate(("cold", "warm")):
                print(f"{label}: navigation start of the post -> each frame ready (sorted)")
                for frames in counts:
                    show(label, frames, results[frames][index], base[index] if frames else None)
            one, many = results[1][0]["ready"], results[args.frames][0]["ready"]
            if one and many:
                print(f"cold: the last of {args.frames} frames ready {many[-1] / one[-1]:.1f}x later than a "
                      f"lone frame; load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
