#!/usr/bin/env python3
"""Main-thread responsiveness during the computer's moves, with motion on, in the built page.

    python bench/ai_turn.py [--level hard] [--moves 12] [--seed 3] [--pause 250]
                            [--size 360x740] [--path worker|page|both] [--reduced]

Builds dist/, serves it on 127.0.0.1 and, in Chromium, plays `--moves` human moves by
clicking (the e2e tests' table driver) against the chosen level; each computer move is
searched in slices, shown (its chosen cards highlighted), played, and its cards travel
(motion.py). Two measures of the main thread, from the first move on:
  - long tasks: the Long Tasks API (every task > 50 ms, as the browser reports it);
  - heartbeat: a 10 ms timer; a gap > 50 ms between ticks is a time the thread was busy
    (the measure tests/e2e/test_game.py uses, as Firefox and Safari lack the API).
For each computer move the window is from the human's click to 500 ms after the human's
turn is back (the travel included). Prints the longest task over all moves, the worst
move's, the time from a human move to the computer's answer shown, and how many card
flights ran (proof that motion was on).

The search runs where the page runs it (issue 29): `--path worker` waits for the search
worker (<html data-ai="worker">) before the first move, so the main thread only draws;
`--path page` forces the page's sliced search (?ai=page). By default both are played, one
after the other in the same process, so they can be compared as a ratio on a busy machine.
`--reduced` adds a run of the page path with `prefers-reduced-motion: reduce`. Not a test:
it prints figures. Targets, with motion on: longest task <= 50 ms on the worker path,
<= 200 ms at hard on the page path.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "tests" / "e2e"), str(ROOT)]

from load import launch, load_build_module  # noqa: E402
from table_driver import play_one_move, wait_until_settled  # noqa: E402

MEASURE = """
window.__longTasks = [];
window.__beats = [];
window.__flights = 0;
try {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({type: 'longtask'});
} catch (error) { window.__longTasks = null; }   // an engine without the Long Tasks API
let lastTick = performance.now();
setInterval(() => {
  const now = performance.now();
  if (now - lastTick > 50) window.__beats.push([lastTick, now - lastTick]);
  lastTick = now;
}, 10);
const countFlights = () => {
  const flights = document.getAnimations().filter(
    (a) => !(a instanceof CSSAnimation) && !(a instanceof CSSTransition));
  for (const flight of flights) {
    if (!flight.__counted) { flight.__counted = true; window.__flights += 1; }
  }
  requestAnimationFrame(countFlights);
};
requestAnimationFrame(countFlights);
"""

TRAVEL_MS = 500   # after the human's turn is back: the computer's cards are still travelling


def longest_in(tasks, start: float, end: float) -> float:
    return max((duration for begin, duration in tasks or () if start <= begin <= end), default=0.0)


def play(server, args, reduced: bool, path: str) -> dict:
    width, height = (int(n) for n in args.size.split("x"))
    with sync_playwright() as playwright, tempfile.TemporaryDirectory(prefix="jaipur-profile-") as profile:
        context = launch(playwright, profile)
        page = context.new_page()
        page.set_viewport_size({"width": width, "height": height})
        if reduced:
            page.emulate_media(reduced_motion="reduce")
        page.add_init_script(MEASURE)
        page.goto(f"{server.url}?seed={args.seed}&level={args.level}&first=you&pause={args.pause}"
                  + ("&ai=page" if path == "page" else ""))
        page.locator("html[data-state=ready]").wait_for(state="attached", timeout=60_000)
        page.locator(f"html[data-ai={path}]").wait_for(state="attached", timeout=180_000)
        table = wait_until_settled(page)
        windows, answers, used = [], [], set()
        for _ in range(args.moves):
            if table["phase"] != "play":
                break
            started = page.evaluate("performance.now()")
            play_one_move(page, table, used)
            table = wait_until_settled(page)
            answered = page.evaluate("performance.now()")
            page.wait_for_timeout(TRAVEL_MS)
            answers.append(answered - started)
            windows.append((started, answered + TRAVEL_MS))
        tasks, beats, flights = page.evaluate("[window.__longTasks, window.__beats, window.__flights]")
        context.close()
    per_move_tasks = [longest_in(tasks, *window) for window in windows]
    per_move_beats = [longest_in(beats, *window) for window in windows]
    return {"moves": len(windows), "answers": answers, "flights": flights, "per_move": per_move_tasks,
            "tasks": None if tasks is None else max(per_move_tasks, default=0.0),
            "beats": max(per_move_beats, default=0.0),
            "median_task": None if tasks is None else statistics.median(per_move_tasks or [0.0])}


def report(name: str, figures: dict) -> None:
    tasks = "n/a" if figures["tasks"] is None else f"{figures['tasks']:.0f} ms"
    print(f"{name}: {figures['moves']} computer moves, {figures['flights']} card/token flights")
    print(f"  longest task during a computer move (Long Tasks API): {tasks}"
          f" (median of the moves' longest: {figures['median_task'] or 0:.0f} ms)")
    if figures["tasks"] is not None:
        print("  each move's longest task: " + " ".join(f"{task:.0f}" for task in figures["per_move"]) + " ms")
    print(f"  longest heartbeat gap during a computer move: {figures['beats']:.0f} ms")
    if figures["answers"]:
        print(f"  human move -> computer's answer shown: median {statistics.median(figures['answers']):.0f} ms, "
              f"max {max(figures['answers']):.0f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description="Longest main-thread task during the computer's moves.")
    parser.add_argument("--level", default="hard", choices=("easy", "medium", "hard", "expert"))
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--pause", type=int, default=250, help="?pause= (0 skips showing the move first)")
    parser.add_argument("--size", default="360x740", help="viewport, WIDTHxHEIGHT (a phone by default)")
    parser.add_argument("--path", default="both", choices=("worker", "page", "both"),
                        help="where the search runs: the search worker, the page (?ai=page), or both")
    parser.add_argument("--reduced", action="store_true", help="also the page path with reduced motion")
    args = parser.parse_args()

    runs = [(path, False) for path in (("worker", "page") if args.path == "both" else (args.path,))]
    if args.reduced:
        runs.append(("page", True))
    site_build = load_build_module()
    with tempfile.TemporaryDirectory(prefix="jaipur-bench-") as folder:
        dist = Path(folder) / "dist"
        site_build.build(dist=dist, quiet=True)
        with site_build.DistServer(dist=dist) as server:
            figures = [(path, reduced, play(server, args, reduced, path)) for path, reduced in runs]
    print(f"level {args.level}, seed {args.seed}, pause {args.pause} ms, viewport {args.size}, Chromium")
    for path, reduced, measured in figures:
        report(f"{path} path, {'reduced motion' if reduced else 'motion on'}", measured)
    worker = next((m["tasks"] for p, r, m in figures if p == "worker" and not r), None)
    page = next((m["tasks"] for p, r, m in figures if p == "page" and not r), None)
    if worker is not None and page:
        print(f"worker path / page path, longest task: {worker / page:.2f}")
    print("targets, motion on: longest task during a computer move <= 50 ms on the worker path, "
          "<= 200 ms at hard on the page path")
    return 0


if __name__ == "__main__":
    sys.exit(main())
