"""view/markup.py: the page's HTML is escaped by default, and catalog text is escaped everywhere it is shown.

Before, render modules wrapped text in `e()` by hand and catalog strings reached
the page unescaped in nine places. Now text is escaped unless it is Markup.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyscript_app.view.markup import Markup, escape, html, join, say, say_n
from pyscript_app.view.render import render
from pyscript_app.words import messages
from tests.screens import every_screen

APP = Path(__file__).resolve().parents[1] / "pyscript_app"
HOSTILE = " <i>&\"'"                  # appended to every catalog sentence
SHOWN = escape(HOSTILE)               # what the page must show instead
TRUSTED = {"rules-html"}              # HTML in the catalog by design (render_dialogs.rules)


def test_text_is_escaped_and_markup_is_kept():
    assert escape('<a href="x">&\'') == "&lt;a href=&quot;x&quot;&gt;&amp;&#x27;"
    assert escape(Markup("<b>1</b>")) == "<b>1</b>" and isinstance(escape(3), Markup)
    made = html('<p title="{title}">{body}</p>', title='"quoted"', body=Markup("<b>kept</b>"))
    assert made == '<p title="&quot;quoted&quot;"><b>kept</b></p>' and isinstance(made, Markup)
    assert join(["<", Markup("<br>"), "&"], " ") == "&lt; <br> &amp;"


def test_a_sentence_keeps_its_bold_number_and_markup_parameters_but_escapes_text_parameters():
    assert say("deck", n=4) == "Deck <b>4</b>"
    assert say("discard", n=2, card="<gold>") == "Discard <b>2</b>, top: &lt;gold&gt;"
    assert say("goods-line", goods=3, bonus=Markup("<span>x</span>")).endswith("<span>x</span>")
    assert "&lt;b&gt;" in say("discard", n=2, card="<b>")  # a parameter's tag stays text
    assert say_n("seals-label", 2) == messages.ngettext("seals-label", 2)


def test_numbers_are_written_in_the_language_s_digits():
    with messages.speaking("fa"):
        assert say("deck", n=12) == escape(messages._("deck", n=12)).replace("&lt;b&gt;", "<b>").replace(
            "&lt;/b&gt;", "</b>")


@pytest.fixture
def hostile_language(monkeypatch):
    """A catalog whose every sentence ends in characters that are HTML, registered as "xx"."""
    entries = {}
    for msg_id, entry in messages.ENGLISH.items():
        if msg_id in TRUSTED:
            continue
        entries[msg_id] = tuple(form + HOSTILE for form in entry) if isinstance(entry, tuple) else entry + HOSTILE
    monkeypatch.setitem(messages._languages, "xx", messages.Catalog(entries))
    return "xx"


@pytest.mark.parametrize("name,state", every_screen(), ids=lambda value: value if isinstance(value, str) else "")
def test_catalog_text_is_escaped_everywhere_it_is_shown(hostile_language, name, state):
    from dataclasses import replace
    state = replace(state, settings=replace(state.settings, language=hostile_language))
    page = render(state).html()
    assert SHOWN in page
    assert HOSTILE not in page and "<i>" not in page, name


def test_no_render_module_builds_html_with_an_f_string():
    """HTML goes through markup.html (escaping by default), never an f-string that interpolates raw text."""
    for module in ("view/render.py", "view/table.py", "view/dialogs.py", "view/know.py", "view/log.py",
                   "app/keys.py"):
        source = (APP / module).read_text(encoding="utf-8")
        assert not re.search(r"""\bf(['"])<""", source), module
        assert "from html import" not in source, module
