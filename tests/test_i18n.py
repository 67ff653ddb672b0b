"""The page in three languages: the gettext catalogs, choosing a language, and what render shows.

The catalogs are checked the way a translator's mistake would show: a message
missing or empty in fa or tr, a placeholder that differs from the English source,
a template that no longer matches what the extractor writes from messages.ENGLISH,
a literal message id in pyscript_app that is not in the catalog, or a plural rule
that is not the language's.
"""

from __future__ import annotations

import ast
import html
import importlib.util
import re
from dataclasses import replace
from pathlib import Path

import pytest

from pyscript_app.app.effects import Save
from pyscript_app.app.events import Booted, LanguageChosen, from_dom
from pyscript_app.app.state import TableState
from pyscript_app.app.update import update
from pyscript_app.view.render import render
from pyscript_app.words import languages, messages
from pyscript_app.words.messages import ENGLISH

pytest.importorskip("babel")

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("jaipur_i18n_tool", ROOT / "tools" / "i18n.py")
i18n = importlib.util.module_from_spec(spec)
spec.loader.exec_module(i18n)

TRANSLATED = ("fa", "tr")
PLACEHOLDER = re.compile(r"\{([A-Za-z_]\w*)\}")


def _forms(entry) -> tuple:
    return entry if isinstance(entry, tuple) else (entry,)


def _placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


@pytest.fixture(scope="module", params=TRANSLATED)
def translation(request):
    return request.param, i18n.translated(request.param)


def test_every_message_is_translated_and_not_empty(translation):
    language, found = translation
    missing = [msg_id for msg_id in ENGLISH if msg_id not in found]
    empty = [msg_id for msg_id, text in found.items() if msg_id in ENGLISH and not all(_forms(text))]
    assert not missing, f"{language}: missing {missing}"
    assert not empty, f"{language}: empty {empty}"


def test_placeholders_are_the_sources(translation):
    language, found = translation
    wrong = []
    for msg_id, source in ENGLISH.items():
        expected = set().union(*(_placeholders(form) for form in _forms(source)))
        for form in _forms(found.get(msg_id, ())):
            if _placeholders(form) != expected:
                wrong.append((msg_id, form))
    assert not wrong, f"{language}: placeholders differ from the English: {wrong}"


def test_the_committed_template_is_what_extraction_writes():
    committed = (ROOT / "pyscript_app" / "locale" / "jaipur.pot").read_bytes()
    assert i18n.template_text() == committed, "run: python3 tools/i18n.py extract (then update)"


def _literal_ids(node) -> list[tuple[str, bool]]:
    """(text, is_prefix) of the literal ids a call's first argument can be."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [(node.value, False)]
    if isinstance(node, ast.IfExp):
        return _literal_ids(node.body) + _literal_ids(node.orelse)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return [(text, True) for text, _prefix in _literal_ids(node.left)]
    return []


def test_no_message_id_in_the_page_code_bypasses_the_catalog():
    unknown = []
    calls = 0
    for path in sorted((ROOT / "pyscript_app").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("_", "ngettext", "note") and node.args):
                continue
            for text, prefix in _literal_ids(node.args[0]):
                calls += 1
                known = (any(key.startswith(text) for key in ENGLISH) if prefix else text in ENGLISH)
                if not known:
                    unknown.append(f"{path.name}:{node.lineno}: {text}")
    assert calls > 100  # the walk does find the page's words
    assert not unknown, unknown


@pytest.mark.parametrize("language, n, form", [
    ("fa", 0, 0), ("fa", 1, 0), ("fa", 2, 1), ("fa", 11, 1),
    ("tr", 0, 1), ("tr", 1, 0), ("tr", 2, 1), ("tr", 11, 1),
])
def test_each_language_has_its_plural_rule(language, n, form):
    catalog = languages.catalog_from_mo(i18n.compile_mo(language), language)
    assert catalog.translations.plural(n) == form
    header = i18n.read_po(language).plural_forms
    assert header == i18n.PLURAL_FORMS[language]


@pytest.fixture(scope="module")
def registered():
    for language in TRANSLATED:
        messages.register(language, languages.catalog_from_mo(i18n.compile_mo(language), language))
    yield
    messages.speak("en")


@pytest.mark.parametrize("msg_id, n, params, language, expected", [
    ("round-number", None, {"round": 3}, "fa", "دور ۳"),
    ("round-number", None, {"round": 3}, "tr", "3. tur"),
    ("rupees", 12, {}, "fa", "۱۲ روپیه"),
    ("rupees", 1, {}, "tr", "1 rupi"),
    ("review-step", None, {"at": 10, "total": 42}, "fa", "حرکت ۱۰ از ۴۲"),
    ("ai-illegal", None, {"action": "S:diamond*2", "instead": "T:gold"}, "fa",
     "رایانه حرکت غیرمجازی برگزید (S:diamond*2)؛ به جای آن T:gold را بازی می‌کند. لطفاً این را گزارش دهید."),
])
def test_words_numbers_and_notation(registered, msg_id, n, params, language, expected):
    with messages.speaking(language):
        text = messages._(msg_id, **params) if n is None else messages.ngettext(msg_id, n, **params)
    assert text == expected  # Persian digits for numbers; the ASCII notation is text and stays


def test_refusals_have_no_casing_tricks(registered):
    with messages.speaking("tr"):
        assert messages.refusal("sell-precious-minimum", {"good": "silver"}) == "Gümüş en az ikişer ikişer satılır"
        assert messages.refusal("sell-precious-minimum", {"good": "leather"}) == "Bu oynanamaz."


def test_no_uppercasing_anywhere_in_the_page():
    sources = [*(ROOT / "pyscript_app").rglob("*.py"), *(ROOT / "web").glob("*.css")]
    offenders = [path.name for path in sources
                 if re.search(r"\.upper\(\)|text-transform:\s*uppercase|\.capitalize\(\)|\.title\(\)",
                              path.read_text(encoding="utf-8"))]
    assert not offenders


@pytest.mark.parametrize("param, stored, browser, expected", [
    (None, None, (), "en"),
    (None, None, ("fa-IR", "en"), "fa"),
    (None, None, ("de-DE", "tr-TR"), "tr"),
    (None, "tr", ("fa-IR",), "tr"),
    ("fa", "tr", ("en-US",), "fa"),
    ("xx", None, ("en-GB", "fa"), "en"),
    ("", "garbage", ("TR",), "tr"),
])
def test_the_language_is_chosen_from_the_link_then_memory_then_browser(param, stored, browser, expected):
    assert languages.choose(param, stored, browser) == expected


def _booted(**kwargs):
    params = kwargs.pop("params", (("first", "you"), ("seed", "3")))
    return update(TableState(), Booted(params=params, entropy=5, now_ms=1, page_url="http://x.test/",
                                       **kwargs))[0]


def _english_sentences() -> set[str]:
    """The English catalog's literal runs of several words (what must not show in fa or tr)."""
    runs = set()
    for entry in ENGLISH.values():
        for form in _forms(entry):
            text = html.unescape(re.sub(r"<[^>]+>", " ", form))
            for run in PLACEHOLDER.split(text)[::2]:
                run = run.strip(" .,:;()+·∩×!?–-\n")
                if " " in run and len(run) >= 8:
                    runs.add(run)
    return runs


@pytest.mark.parametrize("language, direction", [("fa", "rtl"), ("tr", "ltr")])
def test_a_language_from_the_link_is_spoken_by_the_whole_table(registered, language, direction):
    state = _booted(params=(("first", "you"), ("lang", language), ("seed", "3")))
    assert state.settings.language == language
    screen = render(state)
    assert (screen.language, screen.direction) == (language, direction)
    text = html.unescape(re.sub(r"<[^>]+>", " ", screen.html()))
    leaks = sorted(run for run in _english_sentences() if run in text)
    assert not leaks, leaks
    assert state.log and all(line not in ENGLISH.values() for line in state.log)
    if language == "fa":
        assert not re.search(r"[0-9]", re.sub(r"<[^>]+>", " ", screen.board))  # Persian digits on the table


@pytest.mark.parametrize("language", ["en", "fa", "tr"])
def test_each_buttons_move_is_told_in_words_not_in_the_files_notation(registered, language):
    from jaipur_core import parse_action
    from pyscript_app.app.events import CardClicked
    from pyscript_app.words.moves import hint_words
    state = _booted(params=(("first", "you"), ("lang", language), ("seed", "3")))
    shown = {}
    for picks, button, notation in (((), "camels", "camels"), ((3, 4), "sell", "sell spice 2")):
        for index in picks:  # seed 3's hand: diamond, silver, cloth, spice, spice
            state, _ = update(state, CardClicked("hand", index))
        board = render(state).board
        details = dict(re.findall(r'data-testid="btn-(\w+)"[^>]*>[^<]*<small>([^<]*)</small>', board))
        assert set(details) == {button}, details
        with messages.speaking(language):
            assert html.unescape(details[button]) == hint_words(parse_action(notation), state.line.state)
        assert details[button] != notation
        shown[button] = details[button]
    if language == "fa":
        assert not re.search("[A-Za-z]", "".join(shown.values())), shown


def test_choosing_a_language_rewrites_the_log_and_is_remembered(registered):
    state = _booted()
    english_log = state.log
    chosen, effects = update(state, from_dom("set-language", "tr"))
    assert chosen.settings.language == "tr" and chosen.line is state.line
    assert Save(languages.STORAGE_KEY, "tr") in effects
    assert len(chosen.log) == len(english_log) and chosen.log != english_log
    assert 'aria-pressed="true">Türkçe' in render(chosen).tools
    back, _effects = update(chosen, LanguageChosen("en"))
    assert back.log == english_log
    same, none = update(chosen, LanguageChosen("de"))
    assert same is chosen and none == ()


def test_an_embed_does_not_overwrite_the_remembered_language(registered):
    state = replace(_booted(embed=True), embed=True)
    _state, effects = update(state, LanguageChosen("fa"))
    assert not any(isinstance(effect, Save) for effect in effects)


def test_installed_catalogs_are_read_once_a_registered_one_is_kept(tmp_path, monkeypatch):
    """The snapshot maker reads the catalogs (snapshot_modules.PREPARED); the page's start
    reads only those not registered yet, so a restored snapshot parses no .mo file."""
    monkeypatch.setattr(messages, "_languages", {"en": messages.ENGLISH_CATALOG})  # none read yet
    for language in TRANSLATED:
        folder = tmp_path / language / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / f"{languages.DOMAIN}.mo").write_bytes(i18n.compile_mo(language))
    assert languages.load_installed(tmp_path) == list(TRANSLATED)
    read = {language: messages._languages[language] for language in TRANSLATED}
    assert languages.load_installed(tmp_path) == []
    assert all(messages._languages[language] is read[language] for language in TRANSLATED)
