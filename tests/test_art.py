"""The card and token art (web/art/cards.svg): our own drawings, one per good, themable by CSS."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from jaipur_core import CARD_NAMES, Game
from jaipur_core.cards import CAMEL
from pyscript_app.view import table as render_table
from pyscript_app.view.table import art, chip

SPRITE = Path(__file__).resolve().parent.parent / "web" / render_table.ART
SVG = "{http://www.w3.org/2000/svg}"
SYMBOLS_USED = set(CARD_NAMES) | {"back", "token", "bonus", "seal"}


def symbols() -> dict[str, ET.Element]:
    root = ET.parse(SPRITE).getroot()
    return {s.get("id"): s for s in root.iter(f"{SVG}symbol")}


def test_the_sprite_has_every_symbol_the_table_uses():
    assert SYMBOLS_USED <= set(symbols())


def test_each_good_and_the_camel_has_a_drawing_of_its_own():
    """Told apart without colour: no two cards share their shapes."""
    drawings = {name: ET.tostring(symbols()[name]).replace(f'id="{name}"'.encode(), b"") for name in CARD_NAMES}
    assert len(set(drawings.values())) == len(CARD_NAMES)


def test_the_sprite_sets_no_colour_and_holds_nothing_active():
    """Colours come from the page's CSS (light, dark, forced colours); nothing runs or loads."""
    text = SPRITE.read_text()
    assert not re.search(r"#[0-9a-fA-F]{3,8}\b|rgb\(|hsl\(", text)
    for attribute in ("fill", "stroke"):
        assert set(re.findall(fr'\b{attribute}="([^"]*)"', text)) <= {"currentColor", "none"}
    assert not re.search(r"<script|<style|\bstyle=|\bon\w+=|href=|<image|<foreignObject", text)


@pytest.mark.parametrize("symbol", sorted(SYMBOLS_USED))
def test_art_is_decorative_and_same_origin(symbol):
    html = art(symbol)
    assert 'aria-hidden="true"' in html and 'focusable="false"' in html
    assert f'<use href="{render_table.ART}#{symbol}">' in html and "//" not in html


def test_the_table_names_what_each_drawing_shows():
    """Every card, chip, pile and token drawing stands beside words that say what it is."""
    state = Game.new(seed=3, first=0).state
    from tests.test_app_render import html_for
    html = html_for(state)
    assert "∩" not in html and "★" not in html  # no glyphs that read as something else
    for name in CARD_NAMES[:6]:
        pile = re.search(fr'<li class="pile pile--{name}".*?</li>', html).group(0)
        assert f"#{name}" in pile and f"{name}</span>" in pile
    assert chip(CAMEL).endswith(">camel</span>")
    assert re.search(r'data-testid="my-seals" role="img" aria-label="0 seals"', html)
