"""An author's path through the Link panel's embed maker and Diagram button (issue 28, items 1, 4).

The author opens a position, makes its diagram, chooses a frame size and colours in the Link
panel, copies the snippet as shown and pastes it into a post served from ANOTHER origin
(localhost, while the game is on 127.0.0.1): the post's frame boots and shows the same table,
the plain link is there, and the diagram-only snippet draws with no script at all (the post's
CSP allows none).
"""

from __future__ import annotations

import threading
import xml.etree.ElementTree as ET
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from axe_playwright_python.sync_playwright import Axe

from jaipur_core.share import position_fragment
from tests.conftest import BOOT_TIMEOUT_MS
from tests.e2e import records
from tests.e2e.engines import save_download
from tests.e2e.table_driver import wait_until_settled

pytestmark = pytest.mark.e2e

SAME_TABLE = ("market", "hand", "herd", "opponentHand", "opponentHerd", "deck", "piles", "turn", "phase")
BLOCKING = ("critical", "serious")


def a_position(seed=21, plies=6):
    return records.a_position(seed, plies, stride=5)


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextmanager
def blog(folder):
    """A static site (the author's blog) on localhost: another origin than the game's 127.0.0.1."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://localhost:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def post(snippets: list[str]) -> str:
    """A blog post as an author writes one: the snippets pasted as they are; no script allowed."""
    body = "\n<p>Some words of the author's between the two.</p>\n".join(snippets)
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta http-equiv=\"Content-Security-Policy\" content=\"script-src 'none'\">"
            "<link rel=\"icon\" href=\"data:,\">"
            f"<title>A post about Jaipur</title></head><body><h1>Take the camels?</h1>\n{body}\n</body></html>")


def no_blocking_axe_violations(page) -> None:
    report = Axe().run(page).response
    blocking = [f"{v['id']} ({v['impact']}): {v['nodes'][0]['target']}" for v in report["violations"]
                if v["impact"] in BLOCKING]
    assert not blocking, blocking


def test_an_authors_snippet_works_in_a_post_on_another_origin(page, load_game, served_origins, tmp_path):
    state = a_position()
    page.set_viewport_size({"width": 1000, "height": 900})
    load_game("./?pause=0#" + position_fragment(state))
    before = wait_until_settled(page)
    # the status line, less the computer's level (an embed does not name it)
    level = page.locator("[data-testid=status] .level").inner_text()
    status = " ".join(page.get_by_test_id("status").inner_text().replace(level, "").split())
    page.get_by_test_id("btn-share").click()
    page.get_by_test_id("embed-maker").wait_for()
    no_blocking_axe_violations(page)
    # the author's choices, by mouse and by keyboard
    page.get_by_test_id("maker-preset-tall").click()
    page.get_by_test_id("maker-theme-dark").focus()
    page.keyboard.press("Enter")
    page.locator("[data-testid=maker-theme-dark][aria-pressed=true]").wait_for()
    page.get_by_test_id("maker-caption").fill("Take the camels, or the gold?")
    page.get_by_test_id("maker-preset-tall").click()       # a click reads the caption as typed
    snippet = page.get_by_test_id("embed-snippet").input_value()
    assert 'width="480" height="720" loading="lazy"' in snippet and "Take the camels, or the gold?" in snippet
    page.get_by_test_id("copy-snippet").click()
    page.get_by_test_id("message").filter(has_text="clipboard").wait_for()
    # the page's Diagram: a valid SVG of the table, drawn in the chosen colours
    svg_file = tmp_path / "diagram.svg"
    save_download(page, page.get_by_test_id("diagram-download").click, svg_file)
    drawn = ET.fromstring(svg_file.read_text(encoding="utf-8"))
    assert drawn.get("role") == "img" and "Take the camels, or the gold?" in svg_file.read_text(encoding="utf-8")
    # diagram only: the preview is the SVG itself
    page.get_by_test_id("maker-kind-diagram").click()
    page.get_by_test_id("embed-preview").locator("svg[role=img]").wait_for()
    no_blocking_axe_violations(page)
    picture = page.get_by_test_id("embed-snippet").input_value()
    assert "<svg" in picture and "<iframe" not in picture

    (tmp_path / "post.html").write_text(post([snippet, picture]), encoding="utf-8")
    with blog(tmp_path) as origin:
        served_origins.add(origin)
        try:
            page.goto(f"{origin}/post.html")
            assert page.locator("script").count() == 0
            frame_node = page.locator("iframe")
            assert frame_node.get_attribute("loading") == "lazy" and frame_node.get_attribute("title")
            frame = frame_node.element_handle().content_frame()
            frame.locator("html[data-state=ready]").wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
            shown = wait_until_settled(frame)
            for key in SAME_TABLE:
                assert shown[key] == before[key], key
            assert " ".join(frame.get_by_test_id("status").inner_text().split()) == status
            assert frame.locator("html.embed[data-theme=dark]").count() == 1
            # the plain link, for readers whose host strips the frame: the same table on the game's page
            links = page.locator("figcaption a")
            assert links.count() == 2
            href = links.first.get_attribute("href")
            game_origin = frame.url.split("/embed.html")[0]
            assert href.startswith(game_origin + "/index.html?lang=en#position=")
            assert href.split("#", 1)[1] == frame.url.split("#", 1)[1]
            # the diagram: drawn without a script, as big as its viewBox says
            diagram = page.locator("figure > svg[role=img]")
            box = diagram.bounding_box()
            assert box and box["width"] == 600 and box["height"] > 300
            assert "Take the camels, or the gold?" in diagram.locator("desc").text_content()
            assert links.nth(1).get_attribute("href") == href
        finally:
            served_origins.discard(origin)
