"""Which of the game's modules the memory snapshot holds, read from the packages' folders.

The snapshot is made in Node, where there is no page, and it must hold no JavaScript
object (the snapshot maker refuses one that does). The lists follow the folders, so a new
module is placed by where it lives, never by editing a list:

- SNAPSHOT: every module of `jaipur_core` and `pyscript_app` outside `pyscript_app/browser/`
  (and NOT_IMPORTED), imported while the snapshot is made, so the page finds them imported;
  tests/test_build.py checks that each imports under CPython, which has no `js`.
- BROWSER: every module of `pyscript_app/browser/`, the only package that imports `js` and
  `pyodide` (tests/test_layers.py holds every other module to that). They are imported into
  the snapshot after SNAPSHOT's, under Pyodide only, and may do no more with the browser
  while imported: `js` itself is the globals Pyodide restores as the page's (or the search
  worker's), while any JavaScript object they kept, a proxy say, would be refused by the
  maker. Imported in the snapshot, not by the page after the restore: that import took
  30-50 ms of a cold boot (issue 30).
- NOT_IMPORTED: importing a `__main__` runs a command line, and `blog/cli.py` reads files
  (the page's Diagram button draws through blog/diagram.py, in SNAPSHOT, like the command);
  `jaipur_core/remote/sodium.py` binds PyNaCl, which the page does not have (the page's group
  is libsodium.js, through the browser layer).
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("jaipur_core", "pyscript_app")
BROWSER_PACKAGE = "pyscript_app.browser"
NOT_IMPORTED = ("jaipur_core.__main__", "jaipur_core.remote.sodium", "pyscript_app.__main__", "pyscript_app.blog.cli")


def modules_of(package: str, root: Path = ROOT) -> list[str]:
    """Every module of `package` and its subpackages (folders with an __init__.py), by name."""
    found = []
    for path in sorted((root / package.replace(".", "/")).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if not all((root.joinpath(*parts[:depth]) / "__init__.py").is_file() for depth in range(1, len(parts))):
            continue  # a folder that is not a package (none today) holds no module of the wheel
        found.append(".".join(parts[:-1]) if parts[-1] == "__init__" else ".".join(parts))
    return found


def _in_browser(name: str) -> bool:
    return name == BROWSER_PACKAGE or name.startswith(BROWSER_PACKAGE + ".")


_ALL = [name for package in PACKAGES for name in modules_of(package)]
# Imported while the snapshot is made, so the page finds them already imported.
SNAPSHOT = tuple(name for name in _ALL if not _in_browser(name) and name not in NOT_IMPORTED)
# Imported after SNAPSHOT's, under Pyodide only (they import `js` and `pyodide.ffi` at the top).
BROWSER = tuple(name for name in _ALL if _in_browser(name))

# Called ("module:function", without arguments) once the SNAPSHOT modules are imported,
# so what each reads from the installed files is in the snapshot instead of read again
# on every visit: the catalogs (the .mo files are installed with the wheel).
PREPARED = ("pyscript_app.words.languages:load_installed",)
