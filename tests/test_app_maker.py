"""The Diagram button and the Link panel's embed maker (issue 28, items 1 and 4), DOM-free.

The page's diagram is blog/diagram.py's drawing (the command's), of what is on the table; the snippet
opens the same table from any site, with a plain link and no script."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html import unescape
from pathlib import Path

import pytest

from jaipur_core import GAME_OVER, legal_actions
from jaipur_core.share import game_fragment, parse_fragment, split_at
from pyscript_app.app.events import ArtRead, FieldsRead
from pyscript_app.app.saves import SAVE_KEY, encode_save
from pyscript_app.blog import diagram
from pyscript_app.blog.maker_state import PRESETS
from tests.app_fakes import FakeHost, play_by_selection, press, started
from tests.app_fakes import embed_snippet as snippet
from tests.e2e.records import game_cut_short

ROOT = Path(__file__).resolve().parent.parent
ART = (ROOT / "web" / "art" / "cards.svg").read_text(encoding="utf-8")


def with_art(host, runner, dark=False):
    runner.dispatch(ArtRead(ART, dark))
    return host, runner


def finished(url="http://example.test/"):
    game = game_cut_short(seed=3, moves_left=0).with_extra(level="hard", human_seat=0)
    assert game.state.phase == GAME_OVER
    host = FakeHost({SAVE_KEY: encode_save(game, "hard", 0, "you")}, url=url)
    from pyscript_app.app.events import Booted
    from pyscript_app.app.runner import Runner
    runner = Runner(host)
    runner.dispatch(Booted(saved=host.storage[SAVE_KEY], entropy=7, page_url=url))
    host.run()
    return game, *with_art(host, runner)


def in_progress():
    host, runner = started(seed=5, first="you")
    play_by_selection(runner, legal_actions(runner.state.line.state)[0])
    host.run()                                              # the computer's reply
    return with_art(host, runner)


# --- the Diagram button ------------------------------------------------------------------------

def test_the_diagram_is_the_commands_drawing_of_the_table_from_the_players_seat():
    host, runner = in_progress()
    press(runner, "share")
    press(runner, "diagram")
    (name, svg), = host.downloads
    state = runner.state
    assert name == "jaipur-diagram-round-1-move-2-en-light.svg"
    assert svg == diagram.diagram(state.line.state, art=ART, seat=0, names=state.names(), language="en",
                                  theme="light")
    ET.fromstring(svg)                                      # valid XML
    assert "<script" not in svg and 'role="img"' in svg


def test_a_game_in_progress_never_shows_the_other_hand_open_is_refused():
    host, runner = in_progress()
    press(runner, "share")
    assert 'data-testid="maker-viewpoint-open"' not in host.html
    before = runner.state
    press(runner, "maker", "viewpoint:open")                # as a crafted click would send it
    assert runner.state.maker == before.maker and runner.state.note.parts[0][0] == "diagram-open-refused"
    press(runner, "diagram")
    svg = host.downloads[-1][1]
    other = runner.state.line.state.hands[1]
    # the picture of seat 0 is the same whatever the other hand holds: it is not in it
    assert svg == diagram.diagram(runner.state.line.state, art=ART, seat=0, names=runner.state.names())
    assert sum(other) > 0


def test_a_finished_game_may_be_drawn_open_in_dark_persian_with_the_last_move_marked():
    game, host, runner = finished()
    press(runner, "share")
    for choice in ("viewpoint:open", "theme:dark", "language:fa", "highlight:on"):
        press(runner, "maker", choice)
    press(runner, "diagram")
    name, svg = host.downloads[-1]
    played = game.rounds[-1]
    with_names = runner.state  # names in Persian, as the table would call the seats
    from pyscript_app.words.messages import speaking
    with speaking("fa"):
        names = with_names.names()
    assert name == f"jaipur-diagram-round-{game.state.round}-move-{len(played.actions)}-fa-dark.svg"
    assert svg == diagram.diagram(played.positions()[-2], art=ART, seat=None, names=names,
                                  move=played.actions[-1], language="fa", theme="dark")


def test_a_review_step_is_drawn_with_its_note_unless_the_author_types_a_caption():
    game = game_cut_short(seed=3, moves_left=0).with_note(4, "Why not the camels?")
    host, runner = with_art(*started(fragment="#" + game_fragment(game, 4)))
    assert runner.state.review == 4
    assert 'data-testid="diagram-download"' in host.html     # in review, beside the note
    press(runner, "diagram")
    _name, svg = host.downloads[-1]
    assert "Why not the camels?" in svg
    press(runner, "share")
    runner.dispatch(FieldsRead((("caption", "Take the gold"),)))
    press(runner, "maker", "highlight:on")
    press(runner, "diagram")
    name, svg = host.downloads[-1]
    _round, action, before, _after = game.steps()[4]
    assert name.startswith("jaipur-diagram-step-4-")
    assert svg == diagram.diagram(before, art=ART, seat=runner.state.seat, names=runner.state.names(),
                                  move=action, caption="Take the gold")


def test_a_puzzle_being_made_is_drawn_for_its_solver_with_its_question():
    host, runner = with_art(*started(seed=5, first="you"))
    press(runner, "share")
    press(runner, "puzzle", "make")
    runner.dispatch(FieldsRead((("question", "Sell or take?"), ("explanation", ""))))
    assert 'data-testid="diagram-download"' in host.html     # in the puzzle maker's bar
    press(runner, "diagram")
    name, svg = host.downloads[-1]
    draft = runner.state.puzzle
    assert name == "jaipur-diagram-puzzle-en-light.svg"
    assert svg == diagram.diagram(draft.position, art=ART, seat=draft.position.to_move, names=runner.state.names(),
                                  caption="Sell or take?")


def test_without_the_art_the_button_says_why_and_changes_nothing_else():
    host, runner = started(seed=5, first="you")
    before = runner.state
    press(runner, "diagram")
    assert host.downloads == [] and runner.state.note.parts[0][0] == "diagram-no-art"
    assert runner.state.line == before.line and runner.state.maker == before.maker


# --- the embed maker ---------------------------------------------------------------------------

def test_the_snippet_is_a_lazy_titled_frame_with_a_plain_link_from_a_sub_path():
    game, host, runner = finished("https://blog.example/games/jaipur/index.html?seed=1")
    press(runner, "share")
    press(runner, "maker", "preset:wide")
    text = snippet(host)
    frame = re.search(r'<iframe src="([^"]+)" width="(\d+)" height="(\d+)" loading="lazy" title="([^"]+)" '
                      r'style="border:0;max-width:100%"></iframe>', text)
    assert frame, text
    src, width, height = unescape(frame.group(1)), int(frame.group(2)), int(frame.group(3))
    assert (width, height) == PRESETS["wide"] == (760, 520)
    assert src.startswith("https://blog.example/games/jaipur/embed.html?lang=en&theme=light#game=")
    link = re.search(r'<figcaption><a href="([^"]+)">Open this Jaipur table</a></figcaption>', text)
    assert link and unescape(link.group(1)).startswith("https://blog.example/games/jaipur/index.html?lang=en#game=")
    assert text.startswith("<figure") and text.rstrip().endswith("</figure>") and "<script" not in text
    kind, opened = parse_fragment(split_at(src.split("#", 1)[1])[0])
    assert kind == "game" and opened.record.rounds == game.record.rounds
    press(runner, "copy-snippet")
    assert host.copied == [text]
    assert "copy the snippet from the box above" in host.screen.message  # (the fake clipboard refuses)


def test_a_game_in_progress_embeds_its_position_seen_from_the_seat():
    host, runner = in_progress()
    press(runner, "share")
    text = snippet(host)
    src = unescape(re.search(r'<iframe src="([^"]+)"', text).group(1))
    assert "#position=" in src and "#game=" not in text
    assert src.split("#", 1)[1] == runner.state.share.position


def test_a_replay_opens_at_the_step_shown_or_at_its_first():
    game = game_cut_short(seed=3, moves_left=0).with_note(7, "Here it turns.")
    host, runner = with_art(*started(fragment="#" + game_fragment(game, 7)))
    press(runner, "share")
    text = snippet(host)
    assert "&amp;at=7" in text and "Jaipur: Here it turns." in text and "Here it turns. <a" in text
    press(runner, "maker", "start:first")
    assert "&amp;at=" not in snippet(host)


def test_language_and_theme_are_the_frames_and_the_snippets_words_the_languages(translated):
    game, host, runner = finished()
    press(runner, "share")
    press(runner, "maker", "language:tr")
    press(runner, "maker", "theme:dark")
    text = snippet(host)
    assert "embed.html?lang=tr&amp;theme=dark#" in text and "Bu Jaipur masasını aç" in text
    assert text.startswith('<figure lang="tr" dir="ltr">')
    press(runner, "maker", "language:fa")
    assert snippet(host).startswith('<figure lang="fa" dir="rtl">')


def test_diagram_only_is_the_inline_svg_with_the_plain_link_and_its_preview_is_the_svg():
    game, host, runner = finished()
    press(runner, "share")
    press(runner, "maker", "kind:diagram")
    text = snippet(host)
    svg = re.search(r"<svg .*</svg>", text, re.S).group(0)
    ET.fromstring(svg)
    assert "<iframe" not in text and "<script" not in text and "index.html?lang=en#game=" in text
    assert 'data-testid="embed-preview"' in host.html and svg in host.html   # the preview is the SVG itself
    assert 'data-testid="maker-preset-phone"' not in host.html              # a picture has no frame size


def test_the_frames_preview_is_booted_only_on_request_at_the_chosen_size():
    game, host, runner = finished()
    press(runner, "share")
    assert "<iframe" not in host.html
    press(runner, "maker", "preview:on")
    press(runner, "maker", "preset:tall")
    found = re.search(r'embed-preview-tall" data-testid="embed-preview"><iframe src="([^"]+)" width="480" '
                      r'height="720"', host.html)
    assert found and "embed.html?lang=en&amp;theme=light#game=" in found.group(1)


@pytest.mark.parametrize("value", ["preset:huge", "kind:", "theme:blue", "nothing", "language:de", "highlight:yes"])
def test_an_option_not_offered_changes_nothing(value):
    game, host, runner = finished()
    press(runner, "share")
    before = runner.state
    press(runner, "maker", value)
    assert runner.state.maker == before.maker


def test_the_maker_follows_the_pages_language_and_dark_scheme_when_the_panel_opens():
    host, runner = started(seed=5, first="you", lang="fa")
    runner.dispatch(ArtRead(ART, True))
    press(runner, "share")
    assert runner.state.maker.language == "fa" and runner.state.maker.theme == "dark"
    assert 'data-testid="maker-theme-dark" data-key="maker-theme-dark" aria-pressed="true"' in host.html


def test_the_forced_dark_scheme_is_the_systems_dark_scheme():
    """?theme=dark (<html data-theme>) gives the same colours as a dark system (the palette as
    the build writes it into app.css)."""
    from pyscript_app.view.palette import PALETTE
    from tools.site.palette import palette_css
    css = palette_css(PALETTE)

    def block(start: str) -> str:
        at = css.index(start)
        return re.sub(r"\s+", " ", css[css.index("{", at) + 1:css.index("}", at)]).strip()

    system = re.sub(r"\s+", " ", css[css.index(":root:not([data-theme=\"light\"]) {") + 33:].split("}", 1)[0]).strip()
    forced = block(':root[data-theme="dark"] {\n')
    assert system and system == forced


def test_one_diagram_button_at_a_time_so_its_hook_names_one_element():
    game = game_cut_short(seed=3, moves_left=0)
    host, runner = with_art(*started(fragment="#" + game_fragment(game, 4)))
    assert host.html.count('data-testid="diagram-download"') == 1   # beside the review's note
    press(runner, "share")
    assert host.html.count('data-testid="diagram-download"') == 1   # the Link panel's only
    host, runner = with_art(*started(seed=5, first="you"))
    press(runner, "share")
    press(runner, "puzzle", "make")
    assert runner.state.panel is None and 'data-testid="puzzle-maker"' in host.html
    assert host.html.count('data-testid="diagram-download"') == 1   # the puzzle maker's bar
