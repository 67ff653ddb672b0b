#!/usr/bin/env python3
"""Main-thread responsiveness during the computer's moves, with motion on, in the built page.

    python bench/ai_turn.py [--level hard] [--moves 12] [--seed 3] [--pause 250]
                            [--size 360x740] [--path worker|page|both] [--reduced]
                            [--cpu] [--profile] [--think MS] [--dist DIR] [--compare-dist DIR]

Builds dist/, serves it on 127.0.0.1 and, in Chromium, plays `--moves` human moves by
clicking (the e2e tests' table driver) against the chosen level; each computer move is
searched in slices, shown (its chosen cards highlighted), played, and its cards travel
(view/motion.py). Two measures of the main thread, from the first move on:
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
`--reduced` adds a run of the page path with `prefers-reduced-motion: reduce`. `--profile`
opens the page with ?debug and times, in its Python, each event the runner handles (update,
render, the host's `show` and the motion's `before` inside it, the effects) and each motion
frame, and prints the first ones and the later ones' medians: where a first click's time goes.
`--cpu` traces the main thread (the DevTools protocol) and prints each move's longest task's
thread time beside its wall time (on a loaded machine, the page's own work), and the thread time
V8 spent meanwhile compiling the wasm's hot functions in the background (tier-up). `--compare-dist DIR`
measures a dist/ built earlier (e.g. from the base commit) first, in the same run; `--dist DIR`
measures a built dist/ instead of building one. `--think MS` waits before each human move, as a
player reading the table would. Not a test: it prints figures. Targets, with motion on: longest
task <= 50 ms on the worker path, <= 200 ms at hard on the page path.
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

from load import launch  # noqa: E402
from served import load_build_module, serve  # noqa: E402  (tests/e2e/served.py: the build and its server)
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

# --profile: wraps the page's Python (reached through ?debug's globalThis.jaipur) with timers.
# Each input event's dispatch is one row: its event, then the milliseconds of its parts.
PROFILE = """
import gc
import time
from pyscript_app.browser import page as _dom
from pyscript_app.app import runner as _runner

_rows = []
_host = _dom._host


def _timed(part, fn):
    def timed(*args, **kwargs):
        started = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            if _rows:
                _rows[-1][part] = _rows[-1].get(part, 0.0) + (time.perf_counter() - started) * 1000
    return timed


def _row(name, fn):
    def timed(*args, **kwargs):
        row = {"event": name(*args)}  # a row begun inside this one (a search answered in a timer) is its own
        _rows.append(row)
        started = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            row["total"] = (time.perf_counter() - started) * 1000
    return timed


_collecting = []


def _collected(phase, info):
    if phase == "start":
        _collecting.append(time.perf_counter())
    elif _collecting and _rows:
        _rows[-1]["gc"] = _rows[-1].get("gc", 0.0) + (time.perf_counter() - _collecting.pop()) * 1000


gc.callbacks.append(_collected)
_runner.update = _timed("update", _runner.update)
_runner.render = _timed("render", _runner.render)
_host.drawing.show = _timed("show", _host.drawing.show)
_host.drawing.motion.before = _timed("measure", _host.drawing.motion.before)
_host.drawing._dialogs = _timed("dialogs", _host.drawing._dialogs)
_host.focus.hold = _timed("focus", _host.focus.hold)
_host.focus.restore = _timed("focus", _host.focus.restore)
_host.runner._perform = _timed("effects", _host.runner._perform)
_host.input.dispatch = _row(lambda event: type(event).__name__, _host.input.dispatch)
_host.runner._searched = _row(lambda job, event: type(event).__name__, _host.runner._searched)
_frame = _host.drawing.motion._frame
_host.drawing.motion._frame = _row(lambda *_: "motion frame", _frame)
_original_schedule = _host.schedule


def _schedule(fn, delay_ms):
    _original_schedule(_row(lambda: "timer", fn), delay_ms)


_host.schedule = _schedule  # the runner's timers (After: MoveShown) go through the host's
"""


class CpuTrace:
    """--cpu: a Chrome trace of the page's main thread, for each task's thread (CPU) time as well as
    its wall time. On a machine other processes keep busy, a task's wall time includes the time the
    thread waited for a core; its thread time is the page's own work."""

    def __init__(self, page, devtools):
        self.page, self.devtools = page, devtools
        self.events: list = []
        self.complete = False
        devtools.on("Tracing.dataCollected", lambda message: self.events.extend(message["value"]))
        devtools.on("Tracing.tracingComplete", lambda _: setattr(self, "complete", True))
        devtools.send("Tracing.start", {"categories": "toplevel,blink.user_timing,v8.wasm",
                                        "transferMode": "ReportEvents"})

    def tasks(self) -> tuple[list, list]:
        """([(start, wall ms, thread ms)] of the main thread's tasks, [(start, wall ms, thread ms)] of
        V8's background compiling of the wasm's hot functions (TurboFan tier-up, on other threads,
        competing for the cores)); starts in performance.now() ms."""
        started = self.page.evaluate("performance.mark('jaipur-bench: sync').startTime")
        self.devtools.send("Tracing.end")
        while not self.complete:
            self.page.wait_for_timeout(100)
        sync = next(event for event in self.events if event.get("name") == "jaipur-bench: sync")
        offset = sync["ts"] / 1000 - started
        main = (sync["pid"], sync["tid"])  # the page's main thread: where the mark was made

        def timed(event) -> tuple:
            return event["ts"] / 1000 - offset, event["dur"] / 1000, event.get("tdur", 0) / 1000
        complete = [event for event in self.events if event.get("ph") == "X"]
        return ([timed(event) for event in complete
                 if event["name"] == "ThreadControllerImpl::RunTask" and (event["pid"], event["tid"]) == main],
                [timed(event) for event in complete if event["name"] == "wasm.TopTierCompilation"])


PROFILE_PARTS = ("update", "render", "show", "measure", "dialogs", "focus", "effects", "gc", "total")
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
                  + ("&ai=page" if path == "page" else "") + ("&debug" if args.profile else ""))
        page.locator("html[data-state=ready]").wait_for(state="attached", timeout=60_000)
        page.locator(f"html[data-ai={path}]").wait_for(state="attached", timeout=180_000)
        if args.profile:
            page.wait_for_function("globalThis.jaipur !== undefined")
            page.evaluate("(source) => { globalThis.jaipur.pyodide.runPython(source); }", PROFILE)
        table = wait_until_settled(page)
        trace = CpuTrace(page, context.new_cdp_session(page)) if args.cpu else None
        windows, answers, used = [], [], set()
        for _ in range(args.moves):
            if table["phase"] != "play":
                break
            if args.think:
                page.wait_for_timeout(args.think)  # a player reading the table before the move
            started = page.evaluate("performance.now()")
            play_one_move(page, table, used)
            table = wait_until_settled(page)
            answered = page.evaluate("performance.now()")
            page.wait_for_timeout(TRAVEL_MS)
            answers.append(answered - started)
            windows.append((started, answered + TRAVEL_MS))
        tasks, beats, flights = page.evaluate("[window.__longTasks, window.__beats, window.__flights]")
        traced = trace.tasks() if trace is not None else None
        profile = page.evaluate("JSON.parse(globalThis.jaipur.pyodide.runPython("
                                "'import json; json.dumps(_rows)'))") if args.profile else None
        context.close()
    per_move_tasks = [longest_in(tasks, *window) for window in windows]
    per_move_beats = [longest_in(beats, *window) for window in windows]
    return {"moves": len(windows), "answers": answers, "flights": flights, "per_move": per_move_tasks,
            "tasks": None if tasks is None else max(per_move_tasks, default=0.0),
            "beats": max(per_move_beats, default=0.0),
            "median_task": None if tasks is None else statistics.median(per_move_tasks or [0.0]),
            "profile": profile, "cpu": None if traced is None else [cpu_of(traced[0], *window) for window in windows],
            "compiling": None if traced is None else [sum(task[2] for task in traced[1] if start <= task[0] <= end)
                                                      for start, end in windows]}


def cpu_of(traced: list, start: float, end: float) -> tuple:
    """(the longest task's wall ms, its thread ms, the most thread ms of any task) in a window."""
    inside = [task for task in traced if start <= task[0] <= end]
    longest = max(inside, key=lambda task: task[1], default=(0.0, 0.0, 0.0))
    return longest[1], longest[2], max((task[2] for task in inside), default=0.0)


def report_profile(rows: list) -> None:
    """The first events one by one, then each kind's median over the rest (ms of Python)."""
    def line(label: str, row: dict) -> str:
        return f"  {label:<22}" + " ".join(f"{row.get(part, 0.0):7.1f}" for part in PROFILE_PARTS)
    print("  the page's Python, per event (ms; measure and dialogs are within show):")
    print(f"  {'':<22}" + " ".join(f"{part:>7}" for part in PROFILE_PARTS))
    for row in rows[:8]:
        print(line(row["event"], row))
    later: dict[str, list[dict]] = {}
    for row in rows[8:]:
        later.setdefault(row["event"], []).append(row)
    for name, group in sorted(later.items()):
        medians = {part: statistics.median(row.get(part, 0.0) for row in group) for part in PROFILE_PARTS}
        print(line(f"later {name} x{len(group)}", medians))


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
    if figures["cpu"]:
        print("  each move's longest task by the trace, wall / its thread time (ms): "
              + " ".join(f"{wall:.0f}/{cpu:.0f}" for wall, cpu, _most in figures["cpu"]))
        most = [most for _wall, _cpu, most in figures["cpu"]]
        print("  each move's most thread time in one task (ms): " + " ".join(f"{ms:.0f}" for ms in most)
              + f"; the first move {most[0]:.0f}, the others at most {max(most[1:], default=0):.0f}")
        print("  each move's background compiling of the wasm (V8 tier-up, thread ms on other threads): "
              + " ".join(f"{ms:.0f}" for ms in figures["compiling"]))
    if figures["profile"]:
        report_profile(figures["profile"])


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
    parser.add_argument("--cpu", action="store_true",
                        help="trace the main thread: each move's longest task's thread (CPU) time too")
    parser.add_argument("--think", type=int, default=0, metavar="MS",
                        help="wait this long before each human move (a player reading the table)")
    parser.add_argument("--dist", type=Path, metavar="DIR", help="a built dist/ to measure (else one is built)")
    parser.add_argument("--compare-dist", type=Path, metavar="DIR",
                        help="also measure this dist/ (e.g. built from the base commit), first, in the same run")
    parser.add_argument("--profile", action="store_true",
                        help="time the page's Python per event (update, render, show, motion)")
    args = parser.parse_args()

    runs = [(path, False) for path in (("worker", "page") if args.path == "both" else (args.path,))]
    if args.reduced:
        runs.append(("page", True))
    for given in (args.dist, args.compare_dist):
        if given is not None and not (given / "build.json").is_file():
            parser.error(f"{given} is not a built dist/ (no build.json)")
    site_build = load_build_module()
    figures = []
    with tempfile.TemporaryDirectory(prefix="jaipur-bench-") as folder:
        dist = args.dist or Path(folder) / "dist"
        if args.dist is None:
            site_build.build(dist=dist, quiet=True)
        builds = ([("before", args.compare_dist)] if args.compare_dist else []) + [("this build", dist)]
        for name, built in builds:
            with serve(built) as server:
                figures += [(name, path, reduced, play(server, args, reduced, path)) for path, reduced in runs]
    print(f"level {args.level}, seed {args.seed}, pause {args.pause} ms, viewport {args.size}, Chromium")
    for build, path, reduced, measured in figures:
        report(f"{build}: {path} path, {'reduced motion' if reduced else 'motion on'}", measured)
    for build, _dist in builds:
        worker = next((m["tasks"] for b, p, r, m in figures if b == build and p == "worker" and not r), None)
        page = next((m["tasks"] for b, p, r, m in figures if b == build and p == "page" and not r), None)
        if worker is not None and page:
            print(f"{build}: worker path / page path, longest task: {worker / page:.2f}")
    print("targets, motion on: longest task during a computer move <= 50 ms on the worker path, "
          "<= 200 ms at hard on the page path")
    return 0


if __name__ == "__main__":
    sys.exit(main())
