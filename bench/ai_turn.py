#!/usr/bin/env python3
"""Main-thread responsiveness while the computer thinks, in the built page.

    python bench/ai_turn.py [--level hard] [--moves 12] [--seed 3]

Builds dist/, serves it on 127.0.0.1, plays `--moves` human moves by clicking
(the e2e tests' table driver) against the chosen level, and records every
browser "long task" (> 50 ms) from the first move on with a PerformanceObserver.
Prints the longest task and the time from each human move to the computer's
answer. Not a test: it prints figures. Target: longest task <= 200 ms at hard.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "tests" / "e2e")]

from load import launch, load_build_module  # noqa: E402
from table_driver import play_one_move, wait_until_settled  # noqa: E402

LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({type: 'longtask'});
"""


def main() -> int:
    parser = argparse.ArgumentParser(description="Longest main-thread task during AI turns.")
    parser.add_argument("--level", default="hard", choices=("easy", "medium", "hard", "expert"))
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()

    site_build = load_build_module()
    with tempfile.TemporaryDirectory(prefix="jaipur-bench-") as folder:
        dist = Path(folder) / "dist"
        site_build.build(dist=dist, quiet=True)
        with site_build.DistServer(dist=dist) as server, sync_playwright() as playwright, \
                tempfile.TemporaryDirectory(prefix="jaipur-profile-") as profile:
            context = launch(playwright, profile)
            page = context.new_page()
            page.add_init_script(LONG_TASKS)
            page.goto(f"{server.url}?seed={args.seed}&level={args.level}&first=you&pause=0")
            page.locator("html[data-state=ready]").wait_for(state="attached", timeout=60_000)
            table = wait_until_settled(page)
            since = page.evaluate("performance.now()")
            answers, used = [], set()
            for _ in range(args.moves):
                if table["phase"] != "play":
                    break
                started = page.evaluate("performance.now()")
                play_one_move(page, table, used)
                table = wait_until_settled(page)
                answers.append(page.evaluate("performance.now()") - started)
            tasks = page.evaluate(f"window.__longTasks.filter(([start]) => start >= {since})")
            context.close()
    durations = sorted(duration for _, duration in tasks)
    longest = durations[-1] if durations else 0.0
    print(f"level {args.level}, seed {args.seed}: {len(answers)} human moves answered")
    print(f"long tasks (> 50 ms) during play: {len(durations)}, longest {longest:.0f} ms "
          f"(target <= 200 ms at hard)")
    if answers:
        print(f"human move -> computer's answer shown: median {statistics.median(answers):.0f} ms, "
              f"max {max(answers):.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
