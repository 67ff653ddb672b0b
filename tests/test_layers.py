"""One direction of imports in the page's code (docs/page.md, "Layers"), read from the sources.

Each package's docstring lists its modules with their layer ("Modules (layer, what it
holds):", one line a module); that list is the package's module map, so this test also
holds it to the folder: every module listed, nothing listed that is not there. Then every
import of every module (at the top or inside a function) is resolved and held to what its
layer may import. The rules, lowest layer first:

  base     the catalog, languages, words, the palette     -> base
  model    the state and the values it holds or passes    -> base, model
  draw     pure builders of HTML and SVG text             -> base, model, draw
  update   update and its helpers                         -> base, model, draw, update
  view     render and its parts (never an update helper)  -> base, model, draw, view
  search   the search jobs and where they run             -> base, model, search
  loop     the runner and its host interface              -> all of the above
  browser  pyscript_app/browser/: `js` and `pyodide`      -> all of the above
  entry    the ways in: start(), the command lines        -> anything

Only the browser layer imports `js` or `pyodide`; nothing in jaipur_core imports the page.
The checker is a pure function of the sources, so the planted imports below show it fails.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "pyscript_app"

ALLOWED = {
    "base": {"base"},
    "model": {"base", "model"},
    "draw": {"base", "model", "draw"},
    "update": {"base", "model", "draw", "update"},
    "view": {"base", "model", "draw", "view"},
    "search": {"base", "model", "search"},
    "loop": {"base", "model", "draw", "update", "view", "search", "loop"},
    "browser": {"base", "model", "draw", "update", "view", "search", "loop", "browser"},
    "entry": {"base", "model", "draw", "update", "view", "search", "loop", "browser", "entry"},
}
BROWSER_ONLY = ("js", "pyodide")
MODULE_LINE = re.compile(r"^  (\w+)\s+(" + "|".join(ALLOWED) + r")\s{2,}\S")


def package_docstring_layers(package: Path) -> dict[str, str]:
    """module name -> layer, as the package's docstring lists them."""
    doc = ast.get_docstring(ast.parse((package / "__init__.py").read_text(encoding="utf-8"))) or ""
    if "Modules" not in doc:
        return {}
    listing = doc[doc.index("Modules"):].split("\n")[1:]
    layers = {}
    for line in listing:
        found = MODULE_LINE.match(line)
        if found:
            layers[found.group(1)] = found.group(2)
    return layers


def packages() -> list[Path]:
    return sorted({path.parent for path in APP.rglob("__init__.py")})


def declared_layers() -> dict[str, str]:
    """Dotted module name -> layer, for every module the packages' docstrings list."""
    layers = {}
    for package in packages():
        dotted = ".".join(package.relative_to(ROOT).parts)
        for name, layer in package_docstring_layers(package).items():
            layers[dotted if name == "__init__" else f"{dotted}.{name}"] = layer
    return layers


def sources(root: Path, package: str) -> dict[str, str]:
    """Dotted module name -> source text, for every module under root/package."""
    found = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        found[".".join(parts)] = path.read_text(encoding="utf-8")
    return found


def imported(module: str, source: str, known: set[str]) -> list[tuple[int, str]]:
    """(line, dotted name) of everything `module` imports; `from P import m` is the module P.m
    when P.m is one of `known`, else P itself."""
    package = module.rsplit(".", 1)[0] if not module.endswith(".__init__") else module[:-len(".__init__")]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            for alias in node.names:
                candidate = f"{origin}.{alias.name}"
                found.append((node.lineno, candidate if candidate in known else origin))
    return found


def violations(app_sources: dict[str, str], layers: dict[str, str],
               core_sources: dict[str, str]) -> list[str]:
    """Every import against the rules, said in one line each."""
    def layer_of(name: str) -> str | None:
        if name.endswith(".__init__"):
            name = name[:-len(".__init__")]
        return layers.get(name) or layers.get(f"{name}.__init__")

    known = {name[:-len(".__init__")] if name.endswith(".__init__") else name for name in app_sources}
    found = []
    for module, source in sorted(app_sources.items()):
        layer = layer_of(module)
        if layer is None and module.endswith(".__init__"):
            continue  # a subpackage's map: a docstring only (test_the_subpackages_are_docstrings_only)
        if layer is None:
            found.append(f"{module}: no layer (list it in its package's docstring)")
            continue
        for line, name in imported(module, source, known):
            top = name.split(".")[0]
            if top in BROWSER_ONLY and layer not in ("browser", "entry"):
                found.append(f"{module}:{line} ({layer}) imports {name}: only browser/ touches the browser")
            if top != "pyscript_app" or name not in known:
                continue
            target = layer_of(name)
            if target is None:  # a package's __init__: a docstring, importing nothing
                continue
            if target not in ALLOWED[layer]:
                found.append(f"{module}:{line} ({layer}) imports {name} ({target})")
    for module, source in sorted(core_sources.items()):
        for line, name in imported(module, source, known | set(core_sources)):
            if name.split(".")[0] == "pyscript_app":
                found.append(f"{module}:{line} imports {name}: the rules engine never imports the page")
    return found


def test_each_package_docstring_lists_exactly_its_modules():
    for package in packages():
        listed = set(package_docstring_layers(package))
        on_disk = {path.stem for path in package.glob("*.py")} - {"__init__"}
        if package == APP:  # the root's own ways in are listed too
            on_disk |= {"__init__"}
        assert listed == on_disk, f"{package.relative_to(ROOT)}: listed {sorted(listed)}, there {sorted(on_disk)}"


def test_the_subpackages_are_docstrings_only():
    """A subpackage's __init__ is its map; importing a package therefore imports nothing of it."""
    for package in packages():
        if package == APP:
            continue
        tree = ast.parse((package / "__init__.py").read_text(encoding="utf-8"))
        assert [type(node) for node in tree.body] == [ast.Expr], package.relative_to(ROOT)


def test_the_root_holds_only_its_ways_in_and_the_rooms():
    loose = sorted(path.name for path in APP.glob("*.py"))
    assert loose == ["__init__.py", "__main__.py"]


def test_every_import_runs_in_the_direction_of_the_layers():
    assert violations(sources(ROOT, "pyscript_app"), declared_layers(), sources(ROOT, "jaipur_core")) == []


PLANTED = [
    # the model importing a view
    ("pyscript_app.app.state", "from ..view.render import render",
     "pyscript_app.app.state:{line} (model) imports pyscript_app.view.render (view)"),
    # a view importing an update helper
    ("pyscript_app.view.table", "from ..app import games",
     "pyscript_app.view.table:{line} (view) imports pyscript_app.app.games (update)"),
    # the model importing the browser, inside a function
    ("pyscript_app.app.selection", "def late():\n    from ..browser import page",
     "pyscript_app.app.selection:{line} (model) imports pyscript_app.browser.page (browser)"),
    # js outside browser/
    ("pyscript_app.coach.backends", "import js",
     "pyscript_app.coach.backends:{line} (search) imports js: only browser/ touches the browser"),
    ("pyscript_app.blog.diagram", "from pyodide.ffi import to_js",
     "pyscript_app.blog.diagram:{line} (draw) imports pyodide.ffi: only browser/ touches the browser"),
    # a search job reaching for update
    ("pyscript_app.coach.jobs", "from pyscript_app.app.update import update",
     "pyscript_app.coach.jobs:{line} (search) imports pyscript_app.app.update (update)"),
]


@pytest.mark.parametrize("module, planted, said", PLANTED, ids=[p[0] + ": " + p[1][:24] for p in PLANTED])
def test_a_planted_wrong_import_is_found(module, planted, said):
    app = sources(ROOT, "pyscript_app")
    line = app[module].count("\n") + 2
    app[module] = app[module] + "\n" + planted + "\n"
    if planted.startswith("def "):
        line += 1
    assert violations(app, declared_layers(), sources(ROOT, "jaipur_core")) == [said.format(line=line)]


def test_a_planted_page_import_in_the_rules_engine_is_found():
    core = sources(ROOT, "jaipur_core")
    line = core["jaipur_core.rules"].count("\n") + 2
    core["jaipur_core.rules"] += "\nfrom pyscript_app.words import messages\n"
    assert violations(sources(ROOT, "pyscript_app"), declared_layers(), core) == [
        f"jaipur_core.rules:{line} imports pyscript_app.words.messages: the rules engine never imports the page"]


def test_a_module_missing_from_its_map_has_no_layer():
    layers = declared_layers()
    del layers["pyscript_app.view.worth"]
    assert "pyscript_app.view.worth: no layer (list it in its package's docstring)" in violations(
        sources(ROOT, "pyscript_app"), layers, {})
