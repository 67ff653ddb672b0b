"""The whole test suite, phase by phase, with what each phase cost: `python3 -m tests`.

Runs pytest once per phase, each in two workers (pytest-xdist):

    unit      every test without a browser            -m "not e2e"
    chromium  the browser tests in Chromium           -m "e2e and not firefox and not webkit"
    firefox   the browser tests in Firefox            -m firefox
    webkit    the WebKit smoke set                    -m webkit

then prints each phase's wall time, the 25 slowest tests of the whole suite and one
closing line for the whole run ("N passed, N failed, N skipped"). Arguments are
passed to every phase: `python3 -m tests --boot=both` is the release check (every
browser test on both boot paths), `python3 -m tests -x` stops a phase at its first
failure. `--phases unit,chromium` runs only those phases. The budget each phase is
held to is in docs/testing.md. Exits non-zero if any phase failed.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKERS = "2"
SLOWEST = 25

PHASES = {
    "unit": "not e2e",
    "chromium": "e2e and not firefox and not webkit",
    "firefox": "firefox",
    "webkit": "webkit",
}

# pytest's exit codes that are not a failure of the tests: all passed, none selected.
PASSED, NONE_SELECTED = 0, 5


@dataclass
class Phase:
    name: str
    seconds: float
    exit_code: int
    counts: dict[str, int] = field(default_factory=dict)
    tests: list[tuple[float, str]] = field(default_factory=list)


def read_junit(path: Path) -> tuple[dict[str, int], list[tuple[float, str]]]:
    """Outcome counts and (seconds, test id) per test from a pytest JUnit XML report."""
    counts = {"passed": 0, "failed": 0, "skipped": 0}
    tests: list[tuple[float, str]] = []
    if not path.exists():
        return counts, tests
    for case in ElementTree.parse(path).iter("testcase"):
        outcome = "passed"
        for child in case:
            if child.tag in ("failure", "error"):
                outcome = "failed"
            elif child.tag == "skipped":
                outcome = "skipped"
        counts[outcome] += 1
        test_id = f"{case.get('classname', '').replace('.', '/')}.py::{case.get('name')}"
        tests.append((float(case.get("time") or 0), test_id))
    return counts, tests


def run_phase(name: str, marker: str, extra: list[str], reports: Path) -> Phase:
    report = reports / f"{name}.xml"
    command = [sys.executable, "-m", "pytest", "-n", WORKERS, "-m", marker,
               f"--junitxml={report}", "-o", "junit_family=xunit1", *extra]
    print(f"\n=== tests: {name} ({' '.join(command[1:])}) ===", flush=True)
    started = time.monotonic()
    exit_code = subprocess.call(command, cwd=ROOT)
    seconds = time.monotonic() - started
    counts, tests = read_junit(report)
    return Phase(name, seconds, exit_code, counts, tests)


def minutes(seconds: float) -> str:
    return f"{int(seconds // 60)}:{seconds % 60:04.1f}"


def summary(phases: list[Phase]) -> bool:
    """Print the cost of each phase, the slowest tests and the closing line; True if all passed."""
    print("\n=== the suite's cost ===")
    for phase in phases:
        counts = ", ".join(f"{n} {what}" for what, n in phase.counts.items())
        print(f"  {phase.name:<9} {minutes(phase.seconds):>8}   {counts} (pytest exit {phase.exit_code})")
    print(f"  {'all':<9} {minutes(sum(phase.seconds for phase in phases)):>8}")
    slowest = sorted((test for phase in phases for test in phase.tests), reverse=True)[:SLOWEST]
    print(f"\n=== the {SLOWEST} slowest tests (setup, call and teardown) ===")
    for seconds, test_id in slowest:
        print(f"  {seconds:7.2f}s  {test_id}")
    total = {what: sum(phase.counts.get(what, 0) for phase in phases) for what in ("passed", "failed", "skipped")}
    failed_phases = [phase.name for phase in phases if phase.exit_code not in (PASSED, NONE_SELECTED)]
    ok = not failed_phases and total["failed"] == 0 and total["passed"] > 0
    if failed_phases:
        print(f"\nfailed phases: {', '.join(failed_phases)}")
    print(f"\nsuite: {total['passed']} passed, {total['failed']} failed, {total['skipped']} skipped")
    return ok


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m tests", description=__doc__.split("\n\n")[0],
                                     epilog="Other arguments go to pytest in every phase.")
    parser.add_argument("--phases", default=",".join(PHASES),
                        help=f"comma-separated phases to run (default: {','.join(PHASES)})")
    options, extra = parser.parse_known_args(argv)
    chosen = [name.strip() for name in options.phases.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in PHASES]
    if unknown:
        parser.error(f"unknown phase(s): {', '.join(unknown)} (choose from {', '.join(PHASES)})")
    with tempfile.TemporaryDirectory(prefix="jaipur-tests-") as folder:
        phases = [run_phase(name, PHASES[name], extra, Path(folder)) for name in chosen]
    return 0 if summary(phases) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
