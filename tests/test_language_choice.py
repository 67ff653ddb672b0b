"""The language choice is defined once, in words/languages.py; boot.js reads it from the built page.

Before, web/boot.js kept its own list of languages, storage key and order of
sources, and the boot screen and the table could disagree. Now build.py writes
`languages.boot_choice()` into each page's `<html data-languages>`.
"""

from __future__ import annotations

import json
import shutil
from html.parser import HTMLParser
from pathlib import Path

from pyscript_app.words import languages

WEB = Path(__file__).resolve().parents[1] / "web"


class _HtmlTag(HTMLParser):
    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.attributes = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        if tag == "html" and self.attributes is None:
            self.attributes = dict(attrs)


def test_the_build_writes_the_choice_into_both_pages(tmp_path, site_build):
    for page in ("index.html", "embed.html"):
        shutil.copyfile(WEB / page, tmp_path / page)
    site_build.translations.write_language_choice(tmp_path)
    for page in ("index.html", "embed.html"):
        source, built = (WEB / page).read_text(encoding="utf-8"), (tmp_path / page).read_text(encoding="utf-8")
        attributes = _HtmlTag(built).attributes
        assert json.loads(attributes.pop("data-languages")) == languages.boot_choice()
        assert attributes == _HtmlTag(source).attributes  # lang, class, data-state as they were
        assert built.count("data-languages") == 1 and len(built.splitlines()) == len(source.splitlines())


def test_the_choice_holds_what_choose_uses():
    choice = languages.boot_choice()
    assert list(choice["languages"]) == list(languages.LANGUAGES)
    assert choice["default"] == languages.DEFAULT and choice["storageKey"] == languages.STORAGE_KEY
    assert choice["sources"] == list(languages.SOURCES) == ["param", "stored", "browser"]
    assert {code: way["dir"] for code, way in choice["languages"].items()} == {
        code: languages.direction(code) for code in languages.LANGUAGES}


def test_choose_asks_the_sources_in_order():
    assert languages.choose("tr", "fa", ("fa",)) == "tr"
    assert languages.choose(None, "fa-IR", ("tr",)) == "fa"
    assert languages.choose("xx", None, ("de-DE", "tr_TR")) == "tr"
    assert languages.choose(None, None, ()) == languages.DEFAULT


def test_boot_js_keeps_no_copy_of_the_choice():
    boot = (WEB / "boot.js").read_text(encoding="utf-8")
    assert languages.STORAGE_KEY not in boot
    assert "data-languages" in boot or "dataset.languages" in boot
    for code in languages.LANGUAGES:
        if code != "en":  # English is the language of boot.js's own words
            assert f'"{code}"' not in boot and f"{code}:" not in boot, code
