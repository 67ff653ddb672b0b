#!/usr/bin/env python3
"""How long the page's Analyse takes for one player's moves of a whole three-round game.

    python bench/analyse_page.py [--iterations 300,400] [--seed 3] [--size 1280x800]
                                 [--path worker|page|both]

Builds dist/, serves it on 127.0.0.1 and, in Chromium, opens a finished three-round game as a
`#game=` link in review (the seeded game of tests/e2e/records.py, easy against easy: a long
game, so one player's moves are more than a game between people usually has), with
`?analysis-iterations=N`, and clicks Analyse (the first player's moves). Prints, for each N:
the moves judged, the time from the click to the last judgement (the Analyse control saying
it is done), the time per move, the longest main-thread task meanwhile (the Long Tasks API,
as bench/ai_turn.py reads it) and the longest gap of a 10 ms heartbeat timer (the table's
responsiveness). The analysis runs where the page runs it (issue 29): `--path worker` waits for
the search worker (<html data-ai="worker">) before clicking Analyse, so the main thread only
draws the answers; `--path page` forces the page's own slices of 30 ms (?ai=page). By default
both, one after the other in the same process, so they compare as a ratio on a busy machine.
The load average is printed with it: compare within one run. Target: at most 2 minutes.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "tests" / "e2e"), str(ROOT)]

from load import launch  # noqa: E402
from served import load_build_module, serve  # noqa: E402  (tests/e2e/served.py: the build and its server)

from jaipur_core.share import game_fragment  # noqa: E402
from tests.e2e.records import game_cut_short  # noqa: E402

MEASURE = """
window.__gaps = [];
window.__longTasks = [];
try {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({type: 'longtask'});
} catch (error) { window.__longTasks = null; }   // an engine without the Long Tasks API
let lastTick = performance.now();
setInterval(() => {
  const now = performance.now();
  window.__gaps.push(now - lastTick);
  lastTick = now;
}, 10);
"""
TARGET_S = 120


def analyse(server, fragment: str, iterations: int, size: str, path: str) -> dict:
    width, height = (int(n) for n in size.split("x"))
    with sync_playwright() as playwright, tempfile.TemporaryDirectory(prefix="jaipur-profile-") as profile:
        context = launch(playwright, profile)
        page = context.new_page()
        page.set_viewport_size({"width": width, "height": height})
        page.add_init_script(MEASURE)
        page.goto(f"{server.url}?analysis-iterations={iterations}" + ("&ai=page" if path == "page" else "")
                  + f"#{fragment}&at=0")
        page.locator("html[data-state=ready]").wait_for(state="attached", timeout=60_000)
        page.locator(f"html[data-ai={path}]").wait_for(state="attached", timeout=180_000)
        clicked = page.evaluate("performance.now()")
        page.get_by_test_id("btn-analyse").click()
        started = time.perf_counter()
        page.evaluate("window.__gaps = []")
        page.locator("[data-testid=btn-analyse][data-done=true]").wait_for(timeout=30 * 60_000)
        seconds = time.perf_counter() - started
        gaps, tasks = page.evaluate("[window.__gaps, window.__longTasks]")
        where = page.evaluate("document.documentElement.dataset.ai")
        moves = page.get_by_test_id("analysis-point").count()
        context.close()
    if where != path:
        raise SystemExit(f"the search worker was given up during the {path} path's run (data-ai={where})")
    return {"moves": moves, "seconds": seconds, "gap": max(gaps, default=0.0),
            "tasks": None if tasks is None else sorted(d for start, d in tasks if start >= clicked),
            "long": sum(gap > 50 for gap in gaps), "ticks": len(gaps),
            "p99": sorted(gaps)[int(len(gaps) * 0.99)] if gaps else 0.0}


def main() -> int:
    parser = argparse.ArgumentParser(description="The page's Analyse of one player's moves of a whole game.")
    parser.add_argument("--iterations", default="300", help="comma-separated ?analysis-iterations= values")
    parser.add_argument("--seed", type=int, default=3, help="the seeded game of tests/e2e/records.py")
    parser.add_argument("--size", default="1280x800", help="viewport, WIDTHxHEIGHT")
    parser.add_argument("--path", default="both", choices=("worker", "page", "both"),
                        help="where the analysis runs: the search worker, the page (?ai=page), or both")
    args = parser.parse_args()
    game = game_cut_short(args.seed, 0, "game")
    fragment = game_fragment(game)
    print(f"game: seed {args.seed}, {len(game.rounds)} rounds, {game.actions_played} actions; "
          f"load average {os.getloadavg()[0]:.2f}")
    site_build = load_build_module()
    with tempfile.TemporaryDirectory(prefix="jaipur-bench-") as folder:
        dist = Path(folder) / "dist"
        site_build.build(dist=dist, quiet=True)
        with serve(dist) as server:
            paths = ("worker", "page") if args.path == "both" else (args.path,)
            runs = [(int(n), path) for n in args.iterations.split(",") for path in paths]
            for iterations, path in runs:
                figures = analyse(server, fragment, iterations, args.size, path)
                verdict = "within" if figures["seconds"] <= TARGET_S else "OVER"
                tasks = figures["tasks"]
                task = "n/a" if tasks is None else (f"{max(tasks, default=0):.0f} ms ({len(tasks)} tasks over 50 ms, "
                                                    f"median {statistics.median(tasks or [0]):.0f} ms)")
                print(f"{path} path, {iterations} iterations/move: {figures['moves']} moves in "
                      f"{figures['seconds']:.1f} s ({figures['seconds'] / max(1, figures['moves']):.2f} s/move), "
                      f"longest main-thread task {task}, longest heartbeat gap "
                      f"{figures['gap']:.0f} ms, 99th percentile {figures['p99']:.0f} ms, "
                      f"{figures['long']} of {figures['ticks']} ticks late by over 50 ms; "
                      f"{verdict} the {TARGET_S} s target "
                      f"(load average {os.getloadavg()[0]:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
