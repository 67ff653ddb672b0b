"""The page's gettext catalogs, with Babel (a build/test tool, never loaded by the page).

    python3 tools/i18n.py extract        messages.ENGLISH -> pyscript_app/locale/jaipur.pot
    python3 tools/i18n.py update         merge the template into every <lang>/LC_MESSAGES/jaipur.po
    python3 tools/i18n.py check          what the catalog test checks, as a report

Each message is msgctxt = its stable id (what the code asks for) and msgid = the
English text (what a translator reads), placeholders {named} (python-brace-format).
A message with plural forms has msgid_plural; each language's .po header gives
its Plural-Forms. build.py compiles the .po files into .mo files inside the wheel
(`compile_mo`) and writes the boot's small JSON catalog (`boot_json`).
"""

from __future__ import annotations

import functools
import io
import json
import re
import sys
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "pyscript_app" / "locale"
DOMAIN = "jaipur"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
# Plural-Forms of each translated language (the .po header must say the same).
PLURAL_FORMS = {"fa": "nplurals=2; plural=(n > 1);", "tr": "nplurals=2; plural=(n != 1);"}
FIXED_DATE = datetime(2026, 11, 29, tzinfo=timezone.utc)  # the template's bytes depend on the sources only
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def _babel():
    try:
        from babel.messages import catalog, mofile, pofile
    except ImportError:  # pragma: no cover - the one-line hint build.py relies on
        sys.exit("Babel is needed to build the page's translations: python3 -m pip install babel")
    return catalog, mofile, pofile


def english() -> dict:
    sys.path.insert(0, str(ROOT))
    from pyscript_app.words.messages import ENGLISH
    return ENGLISH


def languages(locale: Path = LOCALE) -> list[str]:
    return sorted(path.name for path in locale.iterdir() if (path / "LC_MESSAGES" / f"{DOMAIN}.po").is_file())


def po_path(language: str, locale: Path = LOCALE) -> Path:
    return locale / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> str:
    """Where a compiled catalog goes inside the wheel (the page reads it from there)."""
    return f"pyscript_app/locale/{language}/LC_MESSAGES/{DOMAIN}.mo"


def template():
    """The Babel catalog extracted from messages.ENGLISH."""
    catalog_mod, _mo, _po = _babel()
    cat = catalog_mod.Catalog(project="Jaipur", version="1", domain=DOMAIN, creation_date=FIXED_DATE,
                              revision_date=FIXED_DATE, fuzzy=False, charset="utf-8")
    for msg_id, entry in english().items():
        msgid = entry if isinstance(entry, str) else (entry[0], entry[-1])
        flags = ("python-brace-format",) if PLACEHOLDER.search(entry if isinstance(entry, str) else entry[-1]) else ()
        cat.add(msgid, context=msg_id, flags=flags)
    return cat


def template_text() -> bytes:
    _c, _mo, pofile = _babel()
    out = io.BytesIO()
    pofile.write_po(out, template(), width=100, omit_header=False, sort_output=False)
    # the Babel version is not a property of the sources: leave it out, so the check is stable
    return b"".join(line for line in out.getvalue().splitlines(keepends=True)
                    if not line.startswith(b'"Generated-By:'))


def read_po(language: str, locale: Path = LOCALE):
    path = po_path(language, locale)
    stat = path.stat()
    return _read_po(str(path), language, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=16)
def _read_po(path: str, language: str, _mtime_ns: int, _size: int):
    """Parsed once per file version: a rebuild reuses it (build, i18n.json and the manifest all read it)."""
    _c, _mo, pofile = _babel()
    with open(path, "rb") as handle:
        return pofile.read_po(handle, locale=language, domain=DOMAIN)


def compile_mo(language: str, locale: Path = LOCALE) -> bytes:
    _c, mofile, _po = _babel()
    out = io.BytesIO()
    mofile.write_mo(out, read_po(language, locale), use_fuzzy=False)
    return out.getvalue()


def translated(language: str, locale: Path = LOCALE) -> dict:
    """id -> translation (str, or tuple of plural forms) of one language's .po."""
    result = {}
    for message in read_po(language, locale):
        if not message.id or not message.context:
            continue
        result[message.context] = message.string
    return result


BOOT_IDS = ("boot-stage-runtime", "boot-stage-micropip", "boot-stage-game", "boot-stage-start",
            "boot-loading", "boot-details", "boot-retry", "boot-failed-retry", "boot-no-js", "boot-stalled",
            "page-title")


def boot_json(locale: Path = LOCALE) -> str:
    """The boot's words in every language (boot.js runs before Python: it cannot read .mo files)."""
    source = english()
    words = {"en": {key: source[key] for key in BOOT_IDS}}
    for language in languages(locale):
        found = translated(language, locale)
        words[language] = {key: found.get(key) or source[key] for key in BOOT_IDS}
    return json.dumps(words, ensure_ascii=False, sort_keys=True, indent=1)


def manifest_translations(locale: Path = LOCALE) -> dict:
    """The web manifest's `translations` member: its name in every language."""
    result = {}
    for language in languages(locale):
        found = translated(language, locale)
        result[language] = {"name": found.get("manifest-name") or english()["manifest-name"],
                            "short_name": found.get("page-title") or "Jaipur"}
    return result


def update_po(language: str) -> None:
    """Merge the current template into a language's .po (new ids come in untranslated)."""
    _c, _mo, pofile = _babel()
    cat = read_po(language)
    cat.update(template(), no_fuzzy_matching=True)
    with open(po_path(language), "wb") as handle:
        pofile.write_po(handle, cat, width=100, sort_output=False, ignore_obsolete=True)


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "check"
    if command == "extract":
        TEMPLATE.write_bytes(template_text())
        print(f"wrote {TEMPLATE.relative_to(ROOT)}")
    elif command == "update":
        for language in languages():
            update_po(language)
            print(f"updated {po_path(language).relative_to(ROOT)}")
    elif command == "check":
        source = english()
        for language in languages():
            found = translated(language)
            missing = [key for key in source if not found.get(key) or
                       (isinstance(found[key], tuple) and not all(found[key]))]
            print(f"{language}: {len(found)} messages, {len(missing)} missing or empty")
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
