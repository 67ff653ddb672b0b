"""The page's languages: which one to speak, and its catalog from a compiled .mo file.

Browser-free (the standard library's gettext only), so it may sit in the
snapshot; the catalogs themselves are read by `load_installed`, never at import
time: once the wheel is installed (the snapshot maker calls it, so the page's
snapshot holds them read), and at start-up for any not read yet.

The choice is defined here only: web/boot.js, which picks the boot screen's
language before Python runs, reads `boot_choice()` from the page's
`<html data-languages>` (build.py writes it), so the boot screen and the table
cannot disagree.
"""

from __future__ import annotations

import gettext
import io
from pathlib import Path

from . import messages

# code -> (its own name, writing direction, digits)
LANGUAGES = {
    "en": ("English", "ltr", messages.ASCII_DIGITS),
    "fa": ("فارسی", "rtl", "۰۱۲۳۴۵۶۷۸۹"),
    "tr": ("Türkçe", "ltr", messages.ASCII_DIGITS),
}
DEFAULT = "en"
STORAGE_KEY = "jaipur.lang"
# Where a language may come from, first match wins: ?lang= (embeds use it), the
# remembered choice (localStorage[STORAGE_KEY]; not read by an embed), navigator.languages.
SOURCES = ("param", "stored", "browser")
LOCALE = Path(__file__).resolve().parent.parent / "locale"  # pyscript_app/locale: the catalogs of the whole page
DOMAIN = "jaipur"


def direction(language: str) -> str:
    return LANGUAGES.get(language, LANGUAGES[DEFAULT])[1]


def _match(tag) -> str | None:
    """'fa-IR' -> 'fa'; None for a language the page does not speak."""
    if not isinstance(tag, str):
        return None
    code = tag.strip().lower().replace("_", "-").split("-")[0]
    return code if code in LANGUAGES else None


def choose(param=None, stored=None, browser=()) -> str:
    """?lang= first (embeds use it), then the remembered choice, then navigator.languages (SOURCES)."""
    candidates = {"param": (param,), "stored": (stored,), "browser": tuple(browser)}
    for source in SOURCES:
        for candidate in candidates[source]:
            found = _match(candidate)
            if found is not None:
                return found
    return DEFAULT


def boot_choice() -> dict:
    """The choice as boot.js needs it (JSON): each language's direction and digits, the default,
    the storage key and the order of the sources. The matching of a tag ('fa-IR' -> 'fa') is
    written again in boot.js, the one rule both sides must keep alike (tests/test_i18n.py)."""
    return {"languages": {code: {"dir": way, "digits": digits} for code, (_name, way, digits) in LANGUAGES.items()},
            "default": DEFAULT, "storageKey": STORAGE_KEY, "sources": list(SOURCES)}


def catalog_from_mo(data: bytes, language: str) -> messages.Catalog:
    translations = gettext.GNUTranslations(io.BytesIO(data))
    # `plural` is set from the .mo file's header when it is read; typeshed does not declare it.
    plural = translations.plural  # type: ignore[attr-defined]
    return messages.Catalog(translations=translations, plural=plural,
                            digits=LANGUAGES[language][2])


def load_installed(locale: Path = LOCALE) -> list[str]:
    """Register every compiled catalog found next to the code and not registered yet
    (a restored snapshot has them); the languages loaded now."""
    loaded = []
    for language in LANGUAGES:
        path = locale / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
        if language == DEFAULT or language in messages.available() or not path.is_file():
            continue
        messages.register(language, catalog_from_mo(path.read_bytes(), language))
        loaded.append(language)
    return loaded
