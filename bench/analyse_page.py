#!/usr/bin/env python3
"""How long the page's Analyse takes for one player's moves of a whole three-round game.

    python bench/analyse_page.py [--iterations 300,400] [--seed 3] [--size 1280x800]

Builds dist/, serves it on 127.0.0.1 and, in Chromium, opens a finished three-round game as a
`#game=` link in review (the seeded game of tests/e2e/records.py, easy against easy: a long
game, so one player's moves are more than a game between people usually has), with
`?analysis-iterations=N`, and clicks Analyse (the first player's moves). Prints, for each N:
the moves judged, the time from the click to the last judgement (the Analyse control saying
it is done), the time per move, and the longest gap of a 10 ms heartbeat timer meanwhile (the
table's responsiveness: the analysis runs in slices of 30 ms). The load average is printed
with it: compare iterations within one run. Target: at most 2 minutes (issue 29).
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
sys.path[:0] = [str(ROOT / "bench"), str(ROOT)]

from load import launch, load_build_module  # noqa: E402

from jaipur_core.share import game_fragment  # noqa: E402
from tests.e2e.records import game_cut_short  # noqa: E402

HEARTBEAT = """
window.__gaps = [];
let lastTick = performance.now();
setInterval(() => {
  const now = performance.now();
  window.__gaps.push(now - lastTick);
  lastTick = now;
}, 10);
"""
TARGET_S = 120


def analyse(server, fragment: str, iterations: int, size: str) -> dict:
    width, height = (int(n) for n in size.split("x"))
    with sync_playwright() as playwright, tempfile.TemporaryDirectory(prefix="jaipur-profile-") as profile:
        context = launch(playwright, profile)
        page = context.new_page()
        page.set_viewport_size({"width": width, "height": height})
        page.add_init_script(HEARTBEAT)
        page.goto(f"{server.url}?analysis-iterations={iterations}#{fragment}&at=0")
        page.locator("html[data-state=ready]").wait_for(state="attached", timeout=60_000)
        page.get_by_test_id("btn-analyse").click()
        started = time.perf_counter()
        page.evaluate("window.__gaps = []")
        page.locator("[data-testid=btn-analyse][data-done=true]").wait_for(timeout=30 * 60_000)
        seconds = time.perf_counter() - started
        gaps = page.evaluate("window.__gaps")
        moves = page.get_by_test_id("analysis-point").count()
        context.close()
    return {"moves": moves, "seconds": seconds, "gap": max(gaps, default=0.0),
            "long": sum(gap > 50 for gap in gaps), "ticks": len(gaps),
            "p99": sorted(gaps)[int(len(gaps) * 0.99)] if gaps else 0.0}


def main() -> int:
    parser = argparse.ArgumentParser(description="The page's Analyse of one player's moves of a whole game.")
    parser.add_argument("--iterations", default="300", help="comma-separated ?analysis-iterations= values")
    parser.add_argument("--seed", type=int, default=3, help="the seeded game of tests/e2e/records.py")
    parser.add_argument("--size", default="1280x800", help="viewport, WIDTHxHEIGHT")
    args = parser.parse_args()
    game = game_cut_short(args.seed, 0, "game")
    fragment = game_fragment(game)
    print(f"game: seed {args.seed}, {len(game.rounds)} rounds, {game.actions_played} actions; "
          f"load average {os.getloadavg()[0]:.2f}")
    site_build = load_build_module()
    with tempfile.TemporaryDirectory(prefix="jaipur-bench-") as folder:
        dist = Path(folder) / "dist"
        site_build.build(dist=dist, quiet=True)
        with site_build.DistServer(dist=dist) as server:
            for iterations in (int(n) for n in args.iterations.split(",")):
                figures = analyse(server, fragment, iterations, args.size)
                verdict = "within" if figures["seconds"] <= TARGET_S else "OVER"
                print(f"{iterations} iterations/move: {figures['moves']} moves in {figures['seconds']:.1f} s "
                      f"({figures['seconds'] / max(1, figures['moves']):.2f} s/move), longest heartbeat gap "
                      f"{figures['gap']:.0f} ms, 99th percentile {figures['p99']:.0f} ms, "
                      f"{figures['long']} of {figures['ticks']} ticks late by over 50 ms; "
                      f"{verdict} the {TARGET_S} s target "
                      f"(load average {os.getloadavg()[0]:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
