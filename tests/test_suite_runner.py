"""The suite's own machinery: the phase runner (`python3 -m tests`) and which boot
paths a browser test runs on (tests/conftest.py)."""

from __future__ import annotations

import pytest

from tests.__main__ import PHASES, Phase, read_junit, summary
from tests.conftest import boot_paths_for

JUNIT = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest" tests="4">
  <testcase classname="tests.e2e.test_game" name="test_a[snapshot-chromium]" time="12.5"/>
  <testcase classname="tests.test_rules" name="test_b" time="0.25"><failure message="boom"/></testcase>
  <testcase classname="tests.test_rules" name="test_c" time="0.01"><skipped message="no"/></testcase>
  <testcase classname="tests.test_rules" name="test_d" time="1.5"><error message="setup"/></testcase>
</testsuite></testsuites>
"""


def test_a_junit_report_gives_the_counts_and_each_tests_time(tmp_path):
    path = tmp_path / "unit.xml"
    path.write_text(JUNIT)
    counts, tests = read_junit(path)
    assert counts == {"passed": 1, "failed": 2, "skipped": 1}
    assert max(tests) == (12.5, "tests/e2e/test_game.py::test_a[snapshot-chromium]")
    assert read_junit(tmp_path / "missing.xml") == ({"passed": 0, "failed": 0, "skipped": 0}, [])


def test_the_summary_ends_on_one_closing_line_and_fails_on_any_failure(capsys):
    good = Phase("unit", 61.0, 0, {"passed": 3, "failed": 0, "skipped": 0}, [(2.0, "a"), (9.0, "b")])
    empty = Phase("webkit", 1.0, 5, {"passed": 0, "failed": 0, "skipped": 0}, [])
    assert summary([good, empty]) is True
    out = capsys.readouterr().out
    assert out.rstrip().splitlines()[-1] == "suite: 3 passed, 0 failed, 0 skipped"
    assert "unit" in out and "1:01.0" in out and out.index("9.00s  b") < out.index("2.00s  a")
    failed = Phase("chromium", 5.0, 1, {"passed": 2, "failed": 1, "skipped": 0}, [])
    assert summary([good, failed]) is False
    assert "failed phases: chromium" in capsys.readouterr().out
    crashed = Phase("firefox", 5.0, 3, {"passed": 0, "failed": 0, "skipped": 0}, [])  # pytest's internal error
    assert summary([good, crashed]) is False
    assert summary([empty]) is False  # nothing ran at all


def test_every_test_is_in_exactly_one_phase():
    """The phases' markers split the suite: none left out, none run twice."""
    assert PHASES["unit"] == "not e2e"
    engines = {"chromium": {"e2e"}, "firefox": {"e2e", "firefox"}, "webkit": {"e2e", "webkit"},
               "no browser": set(), "e2e, no engine": {"e2e"}}
    for name, marks in engines.items():
        chosen = [phase for phase, expression in PHASES.items()
                  if eval(expression, {}, {mark: mark in marks for mark in ("e2e", "firefox", "webkit")})]
        assert len(chosen) == 1, (name, chosen)


@pytest.mark.parametrize("chosen, marked, paths", [
    ("marked", False, ("snapshot",)),
    ("marked", True, ("snapshot", "full")),
    ("both", False, ("snapshot", "full")),
    ("snapshot", True, ("snapshot",)),
    ("full", False, ("full",)),
])
def test_a_browser_test_boots_the_ways_it_is_marked_for(chosen, marked, paths):
    assert boot_paths_for(chosen, marked) == paths
