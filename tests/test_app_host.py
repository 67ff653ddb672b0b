"""The runner's host interface, host.Host (a typing.Protocol): what the runner calls, and the two
hosts that satisfy it -- the unit tests' FakeHost and the browser's dom.BrowserHost (checked from
its source: it imports `js`, which CPython has not)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from pyscript_app.app.host import Host
from pyscript_app.app.runner import Runner
from tests.app_fakes import FakeHost

APP = Path(__file__).resolve().parent.parent / "pyscript_app"


def members() -> dict:
    """The Protocol's methods: name -> function."""
    return {name: member for name, member in vars(Host).items()
            if inspect.isfunction(member) and not name.startswith("_")}


def parameters(function) -> list:
    """(name, kind) of each parameter after self."""
    return [(p.name, p.kind) for p in list(inspect.signature(function).parameters.values())[1:]]


def test_the_fake_host_is_a_host() -> None:
    host: Host = FakeHost()  # the static check: a type checker (mypy) checks this assignment
    assert isinstance(host, Host)  # runtime_checkable: every member is there
    for name, member in members().items():
        assert parameters(getattr(FakeHost, name)) == parameters(member), name
    Runner(host)


def test_the_protocol_is_what_the_runner_calls():
    tree = ast.parse((APP / "app/runner.py").read_text())
    called = {node.attr for node in ast.walk(tree)  # self.host.<name>
              if isinstance(node, ast.Attribute) and ast.unparse(node.value) == "self.host"}
    assert called == set(members())
    assert inspect.signature(Runner).parameters["host"].annotation == "Host"


def test_the_browser_host_is_a_host():
    tree = ast.parse((APP / "browser/page.py").read_text())
    browser_host = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "BrowserHost")
    methods = {node.name: node for node in browser_host.body if isinstance(node, ast.FunctionDef)}
    for name, member in members().items():
        assert name in methods, name
        arguments = methods[name].args
        assert [a.arg for a in arguments.args[1:]] == [n for n, _kind in parameters(member)], name
        assert not arguments.vararg and not arguments.kwonlyargs and not arguments.kwarg, name
