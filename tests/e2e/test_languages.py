"""The page in فارسی and Türkçe, played by clicking like a person (the driver uses data-testid hooks).

Screenshots of the right-to-left table (360 and 1280 px wide) are kept as test
artifacts in $JAIPUR_ARTIFACTS if set, else in pytest's tmp folder; the path is printed.
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import pytest

from pyscript_app.words.messages import ENGLISH
from tests.e2e.layout import NO_SCROLL, SETTLE_ANIMATIONS
from tests.e2e.records import link_near_the_end
from tests.e2e.table_driver import play_until, wait_until_settled

pytestmark = pytest.mark.e2e

PLACEHOLDER = re.compile(r"\{[A-Za-z_]\w*\}")


def english_sentences() -> set[str]:
    """Runs of several English words from the catalog: none may show in another language."""
    runs = set()
    for entry in ENGLISH.values():
        for form in entry if isinstance(entry, tuple) else (entry,):
            text = html.unescape(re.sub(r"<[^>]+>", " ", form))
            for run in PLACEHOLDER.split(text):
                run = run.strip(" .,:;()+·∩×!?–-\n")
                if " " in run and len(run) >= 8:
                    runs.add(run)
    return runs


def english_leaks(page) -> list[str]:
    text = page.get_by_test_id("table").inner_text()
    return sorted(run for run in english_sentences() if run in text)


def artifacts(tmp_path_factory) -> Path:
    folder = os.environ.get("JAIPUR_ARTIFACTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.mark.parametrize("language, direction", [("fa", "rtl"), ("tr", "ltr")])
def test_a_game_to_its_end_in_the_language_of_the_link(page, load_game, tmp_path_factory, language, direction,
                                                        browser_name, browser_guard):
    # The last moves of a three-round game: every kind of panel and log line on the way to
    # the game-over panel, without clicking through the whole game again (test_game.py does).
    load_game(link_near_the_end(seed=3, moves_left=8, query=f"&lang={language}"))
    html_element = page.locator("html")
    assert (html_element.get_attribute("lang"), html_element.get_attribute("dir")) == (language, direction)
    assert page.title() != "" and page.get_by_test_id(f"lang-{language}").get_attribute("aria-pressed") == "true"
    for width in (320, 360):
        page.set_viewport_size({"width": width, "height": 700})
        assert page.evaluate(NO_SCROLL), f"horizontal scroll at {width}px"
    if language == "fa":
        folder = artifacts(tmp_path_factory)
        if browser_name == "firefox":
            # Over WebDriver BiDi, Playwright's screenshot injects an inline <style> into the
            # page; the page's CSP rightly blocks it. That is the test tool, not the page.
            browser_guard.expect_error(r"blocked an inline style .*style-src")
        for width in (360, 1280):
            page.set_viewport_size({"width": width, "height": 900})
            shot = folder / f"table-fa-{width}.png"
            page.screenshot(path=str(shot), full_page=True)
            print(f"screenshot: {shot}")
        digits = page.get_by_test_id("my-score").inner_text()
        assert re.search("[۰-۹]", digits) and not re.search("[0-9]", digits)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.get_by_test_id("btn-rules").click()
    assert not english_leaks(page)  # the rules panel too
    page.keyboard.press("Escape")
    used: set[str] = set()
    play_until(page, lambda t: page.get_by_test_id("play-again").count() > 0, used, limit=600)
    assert page.get_by_test_id("game-over").is_visible()
    assert not english_leaks(page), english_leaks(page)
    # The last move's cards may still be travelling (view/motion.py), from where they stood at 1280 px:
    # measured at rest, as a person who turns their phone sees the table.
    page.evaluate(SETTLE_ANIMATIONS)
    for width in (320, 360):
        page.set_viewport_size({"width": width, "height": 700})
        assert page.evaluate(NO_SCROLL), f"horizontal scroll at {width}px at the end of the game"


def test_the_chosen_language_survives_a_reload(page, load_game, wait_for_boot):
    load_game("./?level=easy&first=you&pause=0")
    assert page.locator("html").get_attribute("lang") == "en"
    page.get_by_test_id("lang-tr").click()
    page.locator("html[lang=tr]").wait_for(state="attached")
    assert page.get_by_test_id("btn-new-game").inner_text() == "Yeni oyun"
    page.reload()
    assert wait_for_boot(page) == "ready"
    wait_until_settled(page)
    assert page.locator("html").get_attribute("lang") == "tr"
    assert page.get_by_test_id("btn-rules").inner_text() == "Kurallar"
    page.get_by_test_id("lang-fa").click()
    assert page.locator("html").get_attribute("dir") == "rtl"


def test_an_embed_speaks_the_language_it_is_given(page, load_game):
    load_game("embed.html?lang=fa&pause=0")
    assert (page.locator("html").get_attribute("lang"), page.locator("html").get_attribute("dir")) == ("fa", "rtl")
    assert page.get_by_test_id("btn-rules").inner_text() == "قوانین"
    assert not english_leaks(page)


@pytest.mark.parametrize("query, stored, expected", [("?lang=fa", None, ("fa", "rtl")),
                                                     ("", "tr", ("tr", "ltr")),
                                                     ("?lang=xx", "de", ("en", "ltr"))],
                         ids=["link", "remembered", "none-spoken"])
def test_the_boot_screen_chooses_as_the_table_does(page, wait_for_boot, browser_guard, query, stored, expected):
    """boot.js chooses by words/languages.py's rule, handed over by the build in <html data-languages>:
    a boot that fails before Python runs is told in the language the table would have spoken."""
    browser_guard.expect_error(r"Failed to load resource|Jaipur boot failed")
    if stored:
        # Only in the game's own documents: Firefox runs init scripts in about:blank too, where
        # localStorage throws ("The operation is insecure").
        page.add_init_script(f"if (location.protocol.startsWith('http')) "
                             f"localStorage.setItem('jaipur.lang', '{stored}')")
    page.route("**/build.json", lambda route: route.fulfill(status=404, body="not found"))
    page.goto("./" + query)
    assert wait_for_boot(page) == "error"
    root = page.locator("html")
    assert (root.get_attribute("lang"), root.get_attribute("dir")) == expected
    words = page.evaluate("fetch('i18n.json').then((response) => response.json())")[expected[0]]
    assert page.get_by_test_id("boot-retry").inner_text() == words["boot-retry"]
    if expected[0] != "en":
        assert page.get_by_test_id("boot-error-message").inner_text() == words["boot-failed-retry"]


def test_a_persian_boot_downloads_while_its_words_are_still_on_the_way(page, wait_for_boot):
    """The boot's words (i18n.json) are fetched after the downloads have started:
    while they are held back, build.json, the loader and the runtime's script are
    already asked for, and once they arrive the boot screen and the table speak Persian."""
    requested = []
    page.on("request", lambda request: requested.append(request.url.rsplit("/", 1)[-1]))
    held = []
    page.route("**/i18n.json", lambda route: held.append(route))
    page.goto("./?lang=fa&seed=3")
    for _ in range(200):
        if held:
            break
        page.wait_for_timeout(25)
    assert held, "the boot never asked for its words"
    assert {"build.json", "pyodide.mjs", "pyodide.asm.mjs"} <= set(requested), requested
    held[0].continue_()
    assert wait_for_boot(page) == "ready"
    assert page.locator("html").get_attribute("lang") == "fa"
