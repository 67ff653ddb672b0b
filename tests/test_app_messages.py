"""The one catalog: gettext-style lookups, plural forms, fallbacks, and no words outside it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from pyscript_app.words import messages
from pyscript_app.words.messages import ENGLISH, Catalog, _, ngettext, use

APP = Path(__file__).resolve().parent.parent / "pyscript_app"


def test_placeholders_and_plurals():
    assert _("imported", name="game.json") == "Imported game.json."
    assert ngettext("kept-moves", 1) == "1 move" and ngettext("kept-moves", 4) == "4 moves"
    assert ngettext("count-camel", 2) == "2 camels" and ngettext("count-gold", 2) == "2 gold"


def test_a_translation_is_a_catalog_with_its_own_plural_rule():
    three_forms = Catalog({"kept-moves": ("{n} hamle", "{n} hamleler", "{n} çok hamle")},
                          plural=lambda n: 0 if n == 1 else 1 if n < 5 else 2)
    try:
        use(three_forms)
        assert ngettext("kept-moves", 1) == "1 hamle" and ngettext("kept-moves", 3) == "3 hamleler"
        assert ngettext("kept-moves", 9) == "9 çok hamle"
        assert _("resume") == "Resume"            # missing ids fall back to English
        assert _("no-such-id") == "no-such-id"    # and then to the id: never a crash
    finally:
        use(Catalog(ENGLISH))


def test_a_broken_placeholder_in_a_translation_does_not_crash():
    try:
        use(Catalog({"imported": "{nom} importé"}))
        assert _("imported", name="x") == "{nom} importé"
    finally:
        use(Catalog(ENGLISH))


def _string_constants(tree):
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node


SENTENCE = re.compile(r"(?<![-=\w\"'])[A-Za-z][a-z]+ [a-z]{2,}(?: [a-z]+)*[.!?:]?(?![\w\"=-])")


# The command line stays English (README), like `python3 -m jaipur_core`'s.
COMMAND_LINE = ("blog/cli.py", "__main__.py")
# The search worker's protocol (protocol, jobs, worker_jobs, backends) answers a bad request in the
# developers' English, like jaipur_core's errors: the page shows such an error only inside a
# catalog sentence ("No hint this time ({error})."); dom_worker writes why the worker is used
# or not to the console only.
WORKER_PROTOCOL = ("coach/protocol.py", "coach/jobs.py", "coach/worker_jobs.py", "coach/backends.py",
                   "browser/worker.py")
# The page's performance marks ("jaipur: <stage>", "jaipur boot: <step>", read by bench/load.py)
# are names for a timeline, never shown.
PERFORMANCE_MARK = re.compile(r"jaipur(?: boot)?: [a-z .-]*")


def test_no_english_sentence_outside_the_catalog():
    """Every text a player reads comes from words/messages.py; other modules hold markup and ids."""
    found = []
    for path in sorted(APP.rglob("*.py")):
        where = path.relative_to(APP).as_posix()
        if where == "words/messages.py" or where in COMMAND_LINE + WORKER_PROTOCOL:
            continue
        for node in _string_constants(ast.parse(path.read_text())):
            if PERFORMANCE_MARK.fullmatch(node.value):
                continue
            text = re.sub(r"<[^>]*>", " ", node.value)      # markup is not words
            text = re.sub(r'\b[\w-]+="[^"]*"', " ", text)
            if SENTENCE.search(text):
                found.append(f"{where}:{node.lineno}: {node.value!r}")
    assert not found, "\n".join(found)


def test_every_id_used_in_the_page_is_in_the_catalog():
    used = set()
    for path in sorted(APP.rglob("*.py")):
        if path.relative_to(APP).as_posix() == "words/messages.py":
            continue
        for match in re.finditer(r'\b(?:_|ngettext|note)\(\s*"([a-z0-9-]+[a-z0-9])"', path.read_text()):
            used.add(match.group(1))
    missing = sorted(msg for msg in used if msg not in ENGLISH)
    assert not missing and len(used) > 80, missing


def test_card_words_cover_every_card():
    for card in range(7):
        assert messages.card_name(card) and messages.count_cards(card, 2)
    assert messages.cards_words((1, 0, 0, 0, 0, 1, 2)) == "1 diamond + 1 leather + 2 camels"
