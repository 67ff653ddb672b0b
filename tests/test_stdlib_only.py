"""jaipur_core (AI included) uses only the standard library and never the global RNG."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "jaipur_core"
SOURCES = sorted(PACKAGE.rglob("*.py"))
#: Modules that exist only in the browser (Pyodide); allowed behind guards.
BROWSER_MODULES = {"js", "pyodide"}
#: The one module that may import from outside, and what: the PyNaCl binding of a game at a
#: distance's group (the `remote` extra). Only jaipur_core.remote.group.sodium_group imports it,
#: lazily, so the engine, the AI and the page never need PyNaCl (the page has its own binding).
OPTIONAL_BINDINGS = {"remote/sodium.py": {"nacl"}}
#: The only names of the `random` module a seeded design needs.
RANDOM_ALLOWED = {"Random", "SystemRandom"}


def outside_imports(tree: ast.AST, allowed: frozenset[str] = frozenset()) -> list[str]:
    """Top-level module names imported from outside the stdlib and the package (and `allowed`)."""
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:          # relative: inside the package
                continue
            names = [node.module or ""]
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            if top not in sys.stdlib_module_names and top not in BROWSER_MODULES \
                    and top != "jaipur_core" and top not in allowed:
                bad.append(name)
    return bad


def global_random_uses(tree: ast.AST) -> list[str]:
    """Uses of the module-level random functions (random.shuffle(...), from random import choice)."""
    aliases = set()
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            aliases.update(alias.asname or alias.name for alias in node.names
                           if alias.name == "random")
        elif isinstance(node, ast.ImportFrom) and node.module == "random" and not node.level:
            bad.extend(f"from random import {alias.name}" for alias in node.names
                       if alias.name not in RANDOM_ALLOWED)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in aliases and node.attr not in RANDOM_ALLOWED):
            bad.append(f"{node.value.id}.{node.attr} (line {node.lineno})")
    return bad


def test_sources_found():
    names = {path.name for path in SOURCES}
    assert {"rules.py", "state.py", "view.py", "cli.py"} <= names
    assert any(path.parent.name == "ai" for path in SOURCES)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_only_the_standard_library(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    allowed = OPTIONAL_BINDINGS.get(path.relative_to(PACKAGE).as_posix(), set())
    assert outside_imports(tree, frozenset(allowed)) == []


def test_the_optional_binding_is_imported_only_lazily_through_its_one_door():
    """No module imports jaipur_core.remote.sodium at its top; only group.py names it (inside a function)."""
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text, filename=str(path))
        for node in tree.body:  # module level only
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else \
                [f"{'.' * node.level}{node.module or ''}"] if isinstance(node, ast.ImportFrom) else []
            assert not any(name.endswith("sodium") or name.split(".")[0] == "nacl" for name in names) \
                or path.relative_to(PACKAGE).as_posix() in OPTIONAL_BINDINGS, path
        if "remote.sodium" in text:
            assert path.relative_to(PACKAGE).as_posix() == "remote/group.py", path


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_never_uses_the_global_random_functions(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    assert global_random_uses(tree) == []


@pytest.mark.parametrize("source, expected", [
    ("import numpy", ["numpy"]),
    ("from hypothesis import given", ["hypothesis"]),
    ("import os.path, json", []),
    ("from . import rules", []),
    ("import js\nfrom pyodide.ffi import create_proxy", []),
    ("from jaipur_core.rules import apply", []),
], ids=["numpy", "hypothesis", "stdlib", "relative", "browser", "package"])
def test_the_import_checker_itself(source, expected):
    assert outside_imports(ast.parse(source)) == expected


@pytest.mark.parametrize("source, count", [
    ("import random\nrandom.shuffle(x)", 1),
    ("import random as r\nr.choice(x)", 1),
    ("from random import randint", 1),
    ("import random\nrng = random.Random(3)\nrng.shuffle(x)", 0),
    ("import random\nrandom.SystemRandom().randrange(9)", 0),
    ("from random import Random", 0),
], ids=["shuffle", "alias", "from-import", "seeded", "system", "from-Random"])
def test_the_random_checker_itself(source, count):
    assert len(global_random_uses(ast.parse(source))) == count
