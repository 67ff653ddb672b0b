"""The page's translations at build time: the compiled catalogs (.mo) that go into
the wheel, and the words the boot needs before Python runs (i18n.json, the web
manifest's names). Babel does the work, through tools/i18n.py."""

from __future__ import annotations

import functools
import importlib.util
import json
from pathlib import Path

from .common import ROOT, stamp_pages


@functools.lru_cache(maxsize=1)
def i18n():
    """tools/i18n.py (Babel lives there; a missing Babel stops the build with a one-line hint)."""
    spec = importlib.util.spec_from_file_location("jaipur_i18n", ROOT / "tools" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_catalogs(source_root: Path, target_root: Path) -> None:
    """Compile each language's .po under source_root into its .mo under target_root
    (a staged copy of the sources: the .mo files are build output, never in the tree)."""
    locale = source_root / "pyscript_app" / "locale"
    if not locale.is_dir():
        return
    for language in i18n().languages(locale):
        path = target_root / i18n().mo_path(language)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(i18n().compile_mo(language, locale))


def write_translated_web(staging: Path, source_root: Path) -> None:
    """i18n.json (the boot's words in every language) and the manifest's translated names."""
    locale = source_root / "pyscript_app" / "locale"
    if not locale.is_dir():
        return
    (staging / "i18n.json").write_text(i18n().boot_json(locale) + "\n", encoding="utf-8")
    manifest_path = staging / "manifest.webmanifest"
    if manifest_path.is_file():
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        manifest["translations"] = i18n().manifest_translations(locale)
        manifest_path.write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def write_language_choice(staging: Path) -> None:
    """languages.boot_choice() into each page's <html data-languages>: boot.js picks the boot
    screen's language from it, so the choice is defined once (words/languages.py) and read before any fetch."""
    from pyscript_app.words.languages import boot_choice
    stamp_pages(staging, "languages", boot_choice())
