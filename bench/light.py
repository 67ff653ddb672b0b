#!/usr/bin/env python3
"""A blog post with three light embeds: their bytes, how soon each is usable, the longest task, and
memory against the same post with plain <img> diagrams (issue 40's budgets).

    python3 bench/light.py [--runs 3] [--browser chromium|firefox]

The post (tests/e2e/test_light_embeds.py's `light_post`, without its judged puzzle) holds a 90-step
annotated replay, a second replay (Persian, from a seat, 24 steps) and a light puzzle; the plain
post holds instead one <img> of each, the diagram of the same step (`python3 -m pyscript_app
diagram`'s drawing, as .svg files beside the post). Both are served by tests/e2e/served.py's
`serve` on 127.0.0.1. For each run it opens each post in a fresh browser and prints:

  bytes     each fragment raw and gzipped (gzip -9), the three together, the light script
  usable    per embed: from the moment its <figure> is in the document (a MutationObserver in
            an init script) to the moment its script has started it (its data-light-on); of that,
            the script's own part (from its <script> in the document: the fragment's HTML has all
            arrived); and from the post's navigation start
  longest   the longest task while the post loads (Long Tasks API, Chromium: tasks over 50 ms
            only; "none" means none took 50 ms). Firefox has no Long Tasks API: not measured
  memory    PSS of every process of the browser (bench/embeds.py's browser_pss_bytes), 1 s after
            the load, light post minus plain post

Budgets (issue 40): a 90-step annotated replay <= 150 KB raw and <= 40 KB gzipped, the three
<= 300 KB, the script <= 10 KB, each usable <= 200 ms after its HTML arrives, the longest task
<= 50 ms, and within 30 MB of the plain post. Figures, not a test: noisy on a busy machine (the
load average is printed). bench/embeds.py compares the full iframe embeds.
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "bench"))
import engines  # noqa: E402  (the e2e suite's browser launchers)
import served  # noqa: E402  (the e2e suite's server: tests/e2e/served.py)
from embeds import browser_pss_bytes  # noqa: E402  (bench/embeds.py: PSS of the browser's processes)

from pyscript_app.blog import cli, diagram  # noqa: E402
from tests.e2e.test_light_embeds import ART, PUZZLE, SCRIPT, light_post  # noqa: E402
from tests.test_light_replay import annotated  # noqa: E402

EMBEDS = ("replay", "persian", "puzzle")
WATCH = """
window.__light = {added: [], whole: [], usable: []};
new MutationObserver((changes) => {
  const now = performance.now();
  for (const change of changes) {
    for (const node of change.addedNodes) {
      if (node.matches && node.matches('figure.jaipur-light')) window.__light.added.push([node.id, now]);
      if (node.matches && node.matches('figure.jaipur-light > script')) {
        window.__light.whole.push([node.parentNode.id, now]);
      }
    }
    if (change.type === 'attributes' && change.attributeName === 'data-light-on') {
      window.__light.usable.push([change.target.id, now]);
    }
  }
}).observe(document, {childList: true, subtree: true, attributes: true, attributeFilter: ['data-light-on']});
window.__longest = PerformanceObserver.supportedEntryTypes.includes('longtask') ? [] : null;
if (window.__longest) {
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longest.push(e.duration); })
    .observe({type: 'longtask', buffered: true});
}
"""


def write_posts(folder: Path, site: str) -> dict[str, str]:
    """The light post (post.html, three embeds) and the plain one (plain.html, three <img>)."""
    fragments = light_post(folder, site)
    del fragments["judged"]
    body = "\n<p>Some words of the author's between two embeds.</p>\n".join(fragments[name] for name in EMBEDS)
    head = ('<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">'
            '<meta name="viewport" content="width=device-width"><title>A post</title></head><body><main>')
    (folder / "post.html").write_text(f"{head}{body}</main></body></html>", encoding="utf-8")
    replay, persian = annotated(90, seed=1), annotated(24, seed=2)
    pictures = {"replay": diagram.diagram(replay.steps()[5][3], art=ART, names=replay.players),
                "persian": diagram.diagram(persian.steps()[0][3], art=ART, seat=0, names=("Ada.", "Bo"),
                                           language="fa"),
                "puzzle": diagram.diagram(PUZZLE.position, art=ART, seat=PUZZLE.solver)}
    images = []
    for name, svg in pictures.items():
        (folder / f"{name}.svg").write_text(svg, encoding="utf-8")
        images.append(f'<figure><img src="{name}.svg" width="600" alt="{name}" style="max-width:100%;height:auto">'
                      "</figure>")
    (folder / "plain.html").write_text(f"{head}{''.join(images)}</main></body></html>", encoding="utf-8")
    return {name: fragments[name] for name in EMBEDS}


def launch(playwright, engine: str):
    if engine == "firefox":
        return playwright.firefox.launch(headless=True, **engines.firefox_launch_args())
    return playwright.chromium.launch(headless=True, **engines.chromium_launch_args())


def open_post(playwright, engine: str, url: str, embeds: int) -> dict:
    browser = launch(playwright, engine)  # a fresh browser: its processes only
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(WATCH)
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda message: message.type == "error" and errors.append(message.text))
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(url, wait_until="load")
        page.wait_for_function(f"window.__light.usable.length >= {embeds}", timeout=30_000)
        page.wait_for_timeout(1000)
        seen = page.evaluate("({light: window.__light, longest: window.__longest})")
        pss, _processes = browser_pss_bytes()
        if errors:
            raise SystemExit(f"the post misbehaved: {errors}")
        added, whole = dict(seen["light"]["added"]), dict(seen["light"]["whole"])
        usable = [(at - added[name], at - whole[name], at) for name, at in seen["light"]["usable"]]
        longest = seen["longest"]
        return {"usable": usable, "longest": None if longest is None else max(longest, default=0.0), "pss": pss}
    finally:
        browser.close()


def _longest(longest: float | None) -> str:
    if longest is None:
        return "not measured"
    return f"{longest:.0f} ms" if longest else "none of 50 ms or more"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--browser", choices=("chromium", "firefox"), default="chromium")
    args = parser.parse_args()
    for language in ("fa",):
        cli._load_language(language)
    with tempfile.TemporaryDirectory(prefix="jaipur-bench-light-") as name:
        folder = Path(name)
        with served.serve(folder) as server, sync_playwright() as playwright:
            fragments = write_posts(folder, server.url)
            print("bytes (raw / gzip -9):")
            total = 0
            for embed, text in fragments.items():
                raw = text.encode("utf-8")
                total += len(raw)
                print(f"  {embed:8} {len(raw) / 1024:7.1f} KB / {len(gzip.compress(raw, 9)) / 1024:5.1f} KB")
            script = SCRIPT.encode("utf-8")
            print(f"  together {total / 1024:7.1f} KB; the light script {len(script) / 1024:.1f} KB "
                  f"({len(gzip.compress(script, 9)) / 1024:.1f} KB gzipped), inside each replay and puzzle")
            browser = launch(playwright, args.browser)
            print(f"{args.browser} {browser.version}; load average {os.getloadavg()[0]:.2f}")
            browser.close()
            light, plain = [], []
            for run in range(args.runs):
                light.append(open_post(playwright, args.browser, server.url + "post.html", len(EMBEDS)))
                plain.append(open_post(playwright, args.browser, server.url + "plain.html", 0))
                usable = ", ".join(f"{after:.0f} ms (script {own:.0f} ms; {at:.0f} ms from the start)"
                                   for after, own, at in light[-1]["usable"])
                print(f"  run {run + 1}: each usable after its HTML began: {usable}; longest task "
                      f"{_longest(light[-1]['longest'])} (plain post: {_longest(plain[-1]['longest'])}); "
                      f"browser PSS {light[-1]['pss'] / 2**20:.0f} MB, plain post {plain[-1]['pss'] / 2**20:.0f} MB "
                      f"(+{(light[-1]['pss'] - plain[-1]['pss']) / 2**20:.1f} MB)")
            worst = max(after for figures in light for after, _own, _at in figures["usable"])
            extra = statistics.median(a["pss"] - b["pss"] for a, b in zip(light, plain, strict=True)) / 2**20
            print(f"slowest to be usable: {worst:.0f} ms after its HTML; median memory over the plain post "
                  f"{extra:+.1f} MB; load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
