#!/usr/bin/env python3
"""Screenshots of the table at the sizes we design for, to look at before and after a layout change.

    python3 tools/screenshots.py OUT_DIR [--dist dist] [--sizes 1280x800,1366x768,360x740]
                                 [--langs en,fa] [--schemes light,dark] [--scenes table,review]

Serves the built site (run `python3 build.py` first), opens each scene in Chromium
and writes OUT_DIR/{scene}-{width}x{height}-{lang}-{scheme}.png (the viewport, as a
player sees it without scrolling) and prints one line per file with what overflowed:
how far the page scrolls below the fold. Not a test: tests/e2e/test_desktop_table.py
measures the fit; this is for eyes.

Scenes (a real game, easy against easy, seed 7):
  table   the middle of round 2: tokens sold, a discard pile, the log grown
  review  the same game in review, a few steps into round 1
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "e2e")]

from engines import chromium_launch_args  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from jaipur_core import GAME_OVER, PLAY, Game, view_of  # noqa: E402
from jaipur_core.ai import choose_action  # noqa: E402
from jaipur_core.share import game_fragment  # noqa: E402
from tools.site.serve import DistServer  # noqa: E402


def mid_game(seed: int = 7, round_number: int = 2, moves: int = 14) -> Game:
    """A seeded easy-against-easy game stopped `moves` actions into round `round_number`."""
    game = Game.new(seed=seed, first=0)
    rng = random.Random(f"screenshots/{seed}")
    while game.state.phase != GAME_OVER:
        if game.state.phase != PLAY:
            if game.state.round == round_number:
                break
            game = game.next_round()
            continue
        if game.state.round == round_number and len(game.record.rounds[-1].actions) >= moves:
            break
        game = game.play(choose_action(view_of(game.state, game.state.to_move), "easy", rng))
    return game


def scene_address(scene: str, lang: str) -> str:
    fragment = game_fragment(mid_game())
    if scene == "review":
        return f"./?level=easy&pause=0&lang={lang}#{fragment}&at=6"
    return f"./?level=easy&pause=0&lang={lang}#{fragment}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--sizes", default="1280x800,1366x768,360x740")
    parser.add_argument("--langs", default="en,fa")
    parser.add_argument("--schemes", default="light,dark")
    parser.add_argument("--scenes", default="table,review")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    sizes = [tuple(int(n) for n in size.split("x")) for size in args.sizes.split(",")]
    with DistServer(args.dist) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium_launch_args())
        try:
            for scene in args.scenes.split(","):
                for lang in args.langs.split(","):
                    for scheme in args.schemes.split(","):
                        for width, height in sizes:
                            context = browser.new_context(viewport={"width": width, "height": height},
                                                          color_scheme=scheme, reduced_motion="reduce",
                                                          base_url=server.url)
                            page = context.new_page()
                            page.goto(scene_address(scene, lang))
                            page.wait_for_selector("html[data-state=ready]", timeout=60_000)
                            page.wait_for_timeout(300)
                            below = page.evaluate("document.documentElement.scrollHeight - innerHeight")
                            name = f"{scene}-{width}x{height}-{lang}-{scheme}.png"
                            page.screenshot(path=str(args.out / name))
                            print(f"{name}: scrolls {below} px below the fold")
                            context.close()
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
