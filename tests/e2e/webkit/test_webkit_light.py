"""The light embeds in WebKit (Safari's engine, as WebKitGTK): a light replay steps by its buttons
and keys, and a light puzzle says wrong, then right with its explanation (the script's own
SHA-256 agreeing with Python's seal in a third engine). The post is tests/e2e/test_light_embeds.py's,
served as static files; no Python runs in the page, so nothing waits for a boot."""

from __future__ import annotations

import pytest

from tests.e2e import served
from tests.e2e.test_light_embeds import EXPLANATION, light_post

pytestmark = [pytest.mark.e2e, pytest.mark.webkit]


def test_a_light_replay_and_a_light_puzzle_in_webkit(webkit_page, tmp_path, translated):
    with served.serve(tmp_path) as server:
        light_post(tmp_path, server.url)
        webkit_page.open(server.url + "post.html")
        figure = "document.querySelectorAll('figure.jaipur-light')[{}]"
        step = f"return {figure.format(0)}.dataset.step"
        assert webkit_page.run(step) == "5"
        webkit_page.click("light-next")
        webkit_page.wait_until(f"return {figure.format(0)}.dataset.step === '6'", 5, "Forward did not step")
        from selenium.webdriver.common.keys import Keys
        webkit_page.elements("light-next")[0].send_keys(Keys.ARROW_RIGHT)
        webkit_page.wait_until(f"return {figure.format(0)}.dataset.step === '7'", 5, "→ did not step")
        assert webkit_page.run(f"return {figure.format(1)}.dataset.step") == "0"   # the other replay stays
        note = webkit_page.run(f"return {figure.format(0)}.querySelector('[data-testid=light-note]').textContent")
        assert note == "Why this move: 7."
        assert webkit_page.run(f"return {figure.format(0)}.querySelector('[data-testid=light-play-on]').href"
                               ).endswith("&round=1&at=7")

        puzzle = figure.format(2)
        assert EXPLANATION not in webkit_page.run("return document.documentElement.outerHTML")
        choices = [c.get_attribute("data-action") for c in webkit_page.elements("light-choice")]
        first_puzzle = choices[:len(choices) // 2 + 1].index("take gold")   # the sealed puzzle's choices come first
        webkit_page.click("light-choice", first_puzzle)
        verdict = f"{puzzle}.querySelector('[data-testid=light-verdict]').dataset.verdict"
        webkit_page.wait_until(f"return {verdict} === 'wrong'", 5, "no verdict")
        webkit_page.click("light-choice", choices.index("camels"))
        webkit_page.wait_until(f"return {verdict} === 'right'", 5, "the right answer was not right")
        assert webkit_page.run(f"return {puzzle}.querySelector('[data-testid=light-explanation]').textContent"
                               ) == EXPLANATION
        assert webkit_page.run("return document.documentElement.scrollWidth <= innerWidth")
