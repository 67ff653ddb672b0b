"""The light embeds in a reader's browser (issue 40): a blog post holding two light replays (one in
English, 90 annotated steps; one in Persian, from a seat), a light puzzle and a puzzle the
computer judges, served as static files. No Python runs in the page, so nothing waits for a boot:
each test opens the post (a few hundred milliseconds) and reads or clicks it like a reader.

At 320x640, 360x740 and 1280x800 nothing is cut off or scrolls inside; steps go by buttons and by keys,
and a key reaches only the replay the focus is in; the note of the step shows, and the log
only up to it; autoplay steps on (the page's clock run forward); Play from here points at the
game at the step shown; a puzzle says wrong then right (clicks and keys) and its answer is not
in the page before; a judged puzzle loads the full game only once answered; with JavaScript
off, the picture of the chosen step and the whole game as text. The guard of tests/conftest.py
fails a test on any console error or request to another origin.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from jaipur_core import Game, parse_action
from jaipur_core.puzzle import Puzzle
from pyscript_app.blog import light_puzzle, light_replay
from tests.e2e import served
from tests.test_light_replay import annotated

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
ART = (ROOT / "web" / "art" / "cards.svg").read_text(encoding="utf-8")
SCRIPT = (ROOT / "web" / "light" / "light.js").read_text(encoding="utf-8")
EXPLANATION = "Camels first: the herd grows and the gold is left alone."
PUZZLE = Puzzle(Game.new(seed=2, first=0).state, "Three camels or the gold?", (parse_action("camels"),), EXPLANATION)
#: where the judged puzzle's frame goes: the post's own server holds a stand-in embed.html (a
#: static page), so the test sees the frame open without booting the game
#: a host that lets no script run (Firefox over WebDriver BiDi ignores java_script_enabled=False)
NO_SCRIPT = """<meta http-equiv="Content-Security-Policy" content="script-src 'none'">"""
JUDGE_STUB = "<!doctype html><meta charset=utf-8><title>judge</title><link rel=icon href=data:,><p>The judge."


def light_post(folder: Path, site: str, persian: bool = True) -> dict[str, str]:
    """Write a blog post with the light embeds into `folder` (and the judge's stand-in); `site`
    is the game's address the fragments link to. The fragments by name, and the post's file."""
    english = annotated(90, seed=1)
    data = annotated(24, seed=2, note="Why this one? {at}.").to_record_json()
    data["players"] = ["Ada.", "Bo"]   # a name ending in a full stop, inside Persian sentences
    fragments = {
        "replay": light_replay.light_replay(english, art=ART, script=SCRIPT, step=5, page_url=site),
        "persian": light_replay.light_replay(Game.from_record_json(data), art=ART, script=SCRIPT, seat=0,
                                             language="fa" if persian else "en", page_url=site),
        "puzzle": light_puzzle.light_puzzle(PUZZLE, art=ART, script=SCRIPT, page_url=site),
        "judged": light_puzzle.light_puzzle(Puzzle(PUZZLE.position, "What now?", (), "Judged."), art=ART,
                                            script=SCRIPT, page_url=site),
    }
    body = "\n<p>Some words of the author's between two embeds.</p>\n".join(fragments.values())
    for name, policy in (("post.html", ""), ("post-no-script.html", NO_SCRIPT)):
        (folder / name).write_text(
            f'<!doctype html><html lang="en"><head><meta charset="utf-8">{policy}<link rel="icon" href="data:,">'
            '<meta name="viewport" content="width=device-width, initial-scale=1"><title>A post</title></head>'
            f'<body style="margin:8px;font-family:serif"><main style="max-width:1280px"><h1>A post</h1>{body}'
            "</main></body></html>", encoding="utf-8")
    (folder / "embed.html").write_text(JUDGE_STUB, encoding="utf-8")
    return fragments


@pytest.fixture(scope="module")
def post(tmp_path_factory, served_origins, translated):
    folder = tmp_path_factory.mktemp("light-post")
    with served.serve(folder, "/", served_origins) as server:
        light_post(folder, server.url)
        yield server.url + "post.html"


STEP_8_DECK = len(annotated(90, seed=1).steps()[8][3].deck)


def figures(page):
    return {name: page.locator("figure.jaipur-light").nth(index)
            for index, name in enumerate(("replay", "persian", "puzzle", "judged"))}


# What spills out: an element wider than its figure or the page, or a box that scrolls inside.
SPILLS = """() => {
  const out = [], width = document.documentElement.clientWidth, scrolls = ['auto', 'scroll'];
  if (document.documentElement.scrollWidth > width) out.push('the page scrolls sideways');
  for (const figure of document.querySelectorAll('figure.jaipur-light')) {
    const box = figure.getBoundingClientRect();
    if (box.left < -0.5 || box.right > width + 0.5) out.push('a figure ' + JSON.stringify(box));
    for (const node of figure.querySelectorAll('*')) {
      const b = node.getBoundingClientRect(), style = getComputedStyle(node);
      if (!b.width || style.display === 'none' || node.closest('[display=none], defs')) continue;
      if (b.left < box.left - 0.5 || b.right > box.right + 0.5) {
        out.push(node.tagName + ' ' + (node.textContent || '').slice(0, 40));
      }
      if ((scrolls.includes(style.overflowX) && node.scrollWidth > node.clientWidth + 1)
          || (scrolls.includes(style.overflowY) && node.scrollHeight > node.clientHeight + 1)) {
        out.push('scrolls: ' + node.tagName);
      }
    }
  }
  return out;
}"""

# The drawing shown in each figure, and its smallest word in CSS px.
DRAWINGS = """() => [...document.querySelectorAll('figure.jaipur-light')].map((figure) => {
  const svg = [...figure.querySelectorAll('svg')].find((s) => getComputedStyle(s).display !== 'none');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const sizes = [...svg.querySelectorAll('[data-shown] text')]
    .map((t) => parseFloat(t.getAttribute('font-size')) * scale);
  return {layout: svg.getAttribute('class'), smallest: Math.min(...sizes)};
})"""


@pytest.mark.parametrize("width, height", ((320, 640), (360, 740), (1280, 800)))
def test_nothing_is_cut_off_and_the_narrow_layout_below_480(page, post, width, height):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(post)
    assert page.evaluate(SPILLS) == []
    drawings = page.evaluate(DRAWINGS)
    assert {d["layout"] for d in drawings} == {"jl-n" if width < 480 else "jl-w"}, drawings
    if width == 360:   # the narrow drawing's words: at least 11 CSS px tall
        assert min(d["smallest"] for d in drawings) >= 11, drawings
    figure_margin = page.locator("figure.jaipur-light").first.evaluate("(f) => getComputedStyle(f).marginLeft")
    assert figure_margin == "0px"
    page.locator("figure.jaipur-light [data-testid=light-next]").first.click()   # a step later: still nothing out
    assert page.evaluate(SPILLS) == []


def test_steps_by_buttons_and_keys_reach_only_the_replay_with_the_focus(page, post):
    page.goto(post)
    replay, persian = figures(page)["replay"], figures(page)["persian"]
    assert replay.get_attribute("data-step") == "5" and persian.get_attribute("data-step") == "0"
    replay.get_by_test_id("light-next").click()
    assert replay.get_attribute("data-step") == "6" and persian.get_attribute("data-step") == "0"
    page.keyboard.press("ArrowRight")   # the focus is on Forward, inside the first replay
    page.keyboard.press("ArrowRight")
    assert replay.get_attribute("data-step") == "8" and persian.get_attribute("data-step") == "0"
    replay.get_by_test_id("light-prev").click()
    assert replay.get_attribute("data-step") == "7"
    persian.locator(".jl-pic").click()   # into the Persian replay: right to left, ← goes forward
    page.keyboard.press("ArrowLeft")
    assert persian.get_attribute("data-step") == "1" and replay.get_attribute("data-step") == "7"
    page.keyboard.press("End")
    assert persian.get_attribute("data-step") == "23" and replay.get_attribute("data-step") == "7"
    assert persian.get_by_test_id("light-next").is_disabled()
    page.keyboard.press("Home")
    assert persian.get_attribute("data-step") == "0" and persian.get_by_test_id("light-prev").is_disabled()
    page.locator("h1").click()   # the focus outside every replay: keys step nothing
    page.keyboard.press("ArrowRight")
    assert replay.get_attribute("data-step") == "7" and persian.get_attribute("data-step") == "0"


def test_each_step_shows_its_picture_note_and_the_log_up_to_it(page, post):
    page.goto(post)
    replay = figures(page)["replay"]
    for _ in range(3):
        replay.get_by_test_id("light-next").click()
    assert replay.get_attribute("data-step") == "8" and replay.get_attribute("data-round") == "1"
    assert replay.get_attribute("data-at") == "8"
    assert replay.get_by_test_id("light-note").inner_text() == "Why this move: 8."
    assert replay.locator(".jl-where").inner_text() == "Round 1 · Action 8 of 88"
    assert replay.locator(".jl-log").get_attribute("open") is None   # the log starts closed with the script
    replay.locator(".jl-log summary").click()
    shown = replay.locator(".jl-log li:visible")
    assert shown.count() == 9 and shown.last.get_attribute("aria-current") == "step"
    wide = replay.locator("svg.jl-w")
    # the drawing of step 8 is there, and the deck's count under the market is that step's
    assert wide.locator("[data-shown] > *").count() > 40
    deck = wide.locator("[data-shown] text", has_text="Deck")
    assert deck.count() == 1 and deck.text_content() == f"Deck {STEP_8_DECK}"


def test_autoplay_steps_on_and_pauses(page, post):
    page.clock.install()
    page.goto(post)
    replay = figures(page)["replay"]
    play = replay.get_by_test_id("light-autoplay")
    play.click()
    assert play.get_attribute("aria-pressed") == "true"
    page.clock.run_for(3100)
    assert replay.get_attribute("data-step") == "7"
    play.click()   # Pause
    page.clock.run_for(3100)
    assert replay.get_attribute("data-step") == "7" and play.get_attribute("aria-pressed") == "false"


def test_play_from_here_opens_the_game_at_the_step_shown(page, post):
    page.goto(post)
    replay = figures(page)["replay"]
    link = replay.get_by_test_id("light-play-on")
    assert link.get_attribute("target") == "_blank"
    assert link.get_attribute("href").endswith("&round=1&at=5")
    replay.locator("[data-go=last]").click()
    assert link.get_attribute("href").endswith(f"&round=2&at={replay.get_attribute('data-at')}")
    assert replay.get_attribute("data-round") == "2" and "index.html?lang=en#game=v1." in link.get_attribute("href")


def test_a_wrong_then_a_right_answer_and_nothing_of_it_in_the_page_before(page, post):
    page.goto(post)
    puzzle = figures(page)["puzzle"]
    assert EXPLANATION not in page.content() and "the herd grows" not in page.content()
    assert puzzle.get_by_test_id("light-verdict").is_hidden()
    puzzle.locator('[data-action="take gold"]').click()
    verdict = puzzle.get_by_test_id("light-verdict")
    assert verdict.get_attribute("data-verdict") == "wrong"
    assert verdict.inner_text() == "That is not an accepted answer."
    assert EXPLANATION not in page.content()
    puzzle.locator("[data-retry]").click()   # Try again: back to the first move, by keys from there
    focused = puzzle.locator('[data-action="camels"]')
    for _ in range(10):
        if focused.evaluate("(b) => b === document.activeElement"):
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert verdict.get_attribute("data-verdict") == "right"
    assert puzzle.get_by_test_id("light-explanation").inner_text() == EXPLANATION
    assert puzzle.locator(".jl-answers li").all_inner_texts() == ["take 3 camels"]
    assert puzzle.locator("[data-action]").first.is_disabled()


def test_a_judged_puzzle_loads_the_full_game_only_once_answered(page, post):
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(post)
    judged = figures(page)["judged"]
    assert judged.locator("iframe").count() == 0 and not any("embed.html" in url for url in asked)
    judged.locator('[data-action="take gold"]').click()
    frame = judged.locator("iframe")
    assert "embed.html?lang=en&theme=light&move=take%20gold#puzzle=v1." in frame.get_attribute("src")
    assert frame.content_frame.locator("p").inner_text() == "The judge."
    assert judged.locator("[data-action]").count() == 0


# Where the "A" and the last "." of each line holding "Ada." are drawn (Firefox does not count the
# bidi isolates as characters of the line, Chromium does: the line's text is matched to its count).
STOP_AFTER_NAME = """(texts) => texts.map((text) => {
  let chars = text.textContent;
  if (text.getNumberOfChars() !== chars.length) chars = chars.replace(/[\u2066-\u2069]/g, '');
  return [text.getStartPositionOfChar(chars.indexOf('Ada.')).x,
          text.getStartPositionOfChar(chars.indexOf('Ada.') + 3).x];
})"""


def test_an_english_name_in_the_persian_picture_keeps_its_full_stop_at_its_end(page, post):
    page.goto(post)
    persian = figures(page)["persian"]
    lines = persian.locator("svg.jl-w [data-shown] text", has_text="Ada.")
    assert lines.count() >= 2   # the viewpoint ("as Ada. sees it") and the panel's name
    for first, stop in lines.evaluate_all(STOP_AFTER_NAME):
        assert stop > first   # "Ada." read left to right inside the right-to-left line: its stop on the right


def test_without_javascript_the_chosen_step_and_the_whole_game_as_text(browser, browser_name, post, browser_guard):
    """JavaScript off: a context with java_script_enabled=False in Chromium; in Firefox (whose
    WebDriver BiDi channel ignores that option) the post under a policy that lets no script run,
    as a host that strips scripts does."""
    context = browser.new_context(java_script_enabled=False)
    browser_guard.watch(context)
    address = post
    if browser_name == "firefox":
        address = post.replace("post.html", "post-no-script.html")
        browser_guard.expect_error(r"Content[- ]Security[- ]Policy|blocked an inline script")
    try:
        page = context.new_page()
        page.goto(address)
        replay, puzzle = figures(page)["replay"], figures(page)["puzzle"]
        assert replay.get_attribute("data-light-on") is None   # the script did not run
        assert replay.locator("svg.jl-w").is_visible() and replay.get_attribute("data-step") == "5"
        assert replay.locator("svg.jl-w [data-shown] > *").count() > 40
        assert replay.locator(".jl-bar").is_hidden()   # no buttons that could not work
        log = replay.locator(".jl-log li")
        assert log.count() == 90 and log.nth(89).is_visible() and log.nth(89).inner_text().startswith("88.")
        assert "Why this move: 30." in replay.locator(".jl-log").inner_text()
        assert replay.get_by_test_id("light-note").inner_text() == "Why this move: 5."
        assert puzzle.locator("svg.jl-w").is_visible() and puzzle.locator("[data-action]").first.is_disabled()
    finally:
        context.close()
