"""The command line under the same fuzzing as the readers (issue 12).

Whatever the arguments, files and stdin, `python -m jaipur_core` exits 0, or exits 2
with exactly one line on stderr -- never a traceback. Most examples call `cli.main`
in-process (fast, so hypothesis can try many); a sample runs as real subprocesses,
where a traceback or another exit status would show.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jaipur_core import cli
from jaipur_core.limits import MAX_JSON_BYTES
from tests.test_fuzz_readers import POSITIONS, RECORDS, VIEWS, mutated

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = ("new", "legal", "apply", "next-round", "view", "replay", "share", "suggest")
WORK = Path(tempfile.mkdtemp(prefix="jaipur-fuzz-cli-"))


def _dumps(data) -> bytes:
    try:
        return json.dumps(data, allow_nan=True).encode("utf-8", "surrogatepass")
    except ValueError:   # an int too long to print: write its digits by hand, as a stranger could
        return b'{"round": ' + b"9" * 5000 + b"}"


CONTENT = st.one_of(
    mutated(POSITIONS + RECORDS + VIEWS).map(_dumps),
    st.sampled_from(POSITIONS + RECORDS).map(_dumps),
    st.binary(max_size=200),
    st.text(max_size=200).map(lambda text: text.encode("utf-8", "surrogatepass")),
    st.integers(1, 100_000).map(lambda depth: b"[" * depth),
    st.sampled_from([b"9" * 4300, b'{"round": ' + b"9" * 5000 + b"}", b"\xff\xfe", b"",
                     b" " * (MAX_JSON_BYTES + 1), zlib.compress(b"0" * 100_000)]),
)

ACTION_TEXT = st.one_of(
    st.sampled_from(["camels", "take gold", "sell leather 2", "sell leather " + "9" * 4300,
                     "trade gold+silver for leather+cloth", "take camel", "sell camel 1", "take\ngold"]),
    st.text(max_size=40),
)

NUMBER_TEXT = st.one_of(st.integers(-10 ** 40, 10 ** 40).map(str), st.just("9" * 4300), st.text(max_size=8))


@st.composite
def invocations(draw):
    """(argv, stdin bytes) for one run of the command line."""
    odd = draw(st.integers(0, 19)) == 0   # now and then an odd command or an odd file argument
    command = draw(st.text(max_size=10)) if odd else draw(st.sampled_from(COMMANDS))
    content = draw(CONTENT)
    source = draw(st.sampled_from(("missing", "directory", "nul") if draw(st.integers(0, 9)) == 0
                                  else ("file", "stdin")))
    if source == "file":
        path = WORK / f"input-{draw(st.integers(0, 7))}.json"
        path.write_bytes(content)
        where = str(path)
    else:
        where = {"stdin": "-", "missing": str(WORK / "no-such-file.json"), "directory": str(WORK),
                 "nul": "bad\x00name.json"}[source]
    argv = [command]
    if command not in ("new",):
        argv.append(where)
    if command == "apply":
        argv += draw(st.lists(ACTION_TEXT, min_size=1, max_size=3))
    if command in ("new", "next-round") and draw(st.booleans()):
        argv += ["--seed", draw(NUMBER_TEXT)]
    if command == "view":
        argv += ["--seat", draw(st.sampled_from(["0", "1", "2", "x"]))]
    if command == "share" and draw(st.booleans()):
        argv += ["--url", draw(st.text(max_size=30))]
    if command == "suggest":
        argv += ["--level", "easy", "--seed", draw(NUMBER_TEXT)]
    if draw(st.integers(0, 9)) == 0:
        argv.insert(draw(st.integers(0, len(argv))), draw(st.text(max_size=12)))
    return argv, content


def run_in_process(argv: list[str], stdin: bytes) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = cli.main(argv)
            except SystemExit as exit_:   # only argparse's --help exits, with 0
                assert exit_.code == 0 and any(arg.startswith(("-h", "--h")) for arg in argv), argv
                status = 0
    finally:
        sys.stdin = saved
    return status, out.getvalue(), err.getvalue()


def check_outcome(argv, status: int, stdout: str, stderr: str) -> None:
    assert "Traceback" not in stderr, (argv, stderr)
    assert status in (0, 2), (argv, status, stderr)
    if status == 2:
        lines = stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), (argv, stderr)
        assert len(lines[0]) < 2000, len(lines[0])
        assert stdout == ""
    else:   # (`legal` of a scored position prints nothing at all)
        assert stderr == "", (argv, stderr)


@given(invocation=invocations())
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_command_line_in_process_exits_0_or_2_with_one_line(invocation):
    argv, stdin = invocation
    check_outcome(argv, *run_in_process(argv, stdin))


def run_subprocess(argv: list[str], stdin: bytes):
    result = subprocess.run([sys.executable, "-m", "jaipur_core", *argv], cwd=ROOT, input=stdin,
                            capture_output=True, timeout=60)
    return (result.returncode, result.stdout.decode("utf-8", "replace"),
            result.stderr.decode("utf-8", "replace"))


@given(invocation=invocations())
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_command_line_as_a_subprocess_exits_0_or_2_with_one_line(invocation):
    argv, stdin = invocation
    argv = [arg for arg in argv if "\x00" not in arg]   # the OS refuses NUL in arguments
    check_outcome(argv, *run_subprocess(argv, stdin))


START = json.dumps(POSITIONS[0]).encode()


@pytest.mark.parametrize("argv, stdin, fragment", [
    (["apply", "-", "sell leather " + "9" * 4300], START, "an action is at most 200 characters"),
    (["legal", "-"], START.replace(b'"round": 1', b'"round": ' + b"9" * 4300), "a number of 4300 characters"),
    (["replay", "-"], b'{"a":' * 200_000, "nests more than 32 levels deep"),
    (["legal", "-"], b" " * (MAX_JSON_BYTES + 1), "larger than 1 MB"),
    (["legal", "-"], b"\xff" * 10, "not UTF-8 text"),
    (["new", "--seed", "9" * 4300], b"", "argument --seed: at most 32 characters"),
    (["replay", "-"], json.dumps(dict(RECORDS[0], rounds=[dict(RECORDS[0]["rounds"][0],
                                                                actions=["camels"] * 401)])).encode(),
     "rounds[0].actions: 401 actions in one round, the limit is 400"),
    (["share", "-"], json.dumps({"format": "jaipur-game/1", "players": ["x" * 500, "y"],
                                  "rounds": RECORDS[0]["rounds"]}).encode(), "players[0]: a name of 500"),
], ids=["4300-digit-count", "4300-digit-round", "nested", "too-large", "not-utf8", "huge-seed",
        "401-actions", "long-name"])
def test_the_issue_s_attacks_on_the_command_line(argv, stdin, fragment):
    status, stdout, stderr = run_subprocess(argv, stdin)
    check_outcome(argv, status, stdout, stderr)
    assert status == 2 and fragment in stderr, stderr


def test_a_good_invocation_still_works_in_process():
    status, stdout, stderr = run_in_process(["legal", "-"], START)
    assert status == 0 and stderr == "" and "camels" in stdout.splitlines()
    rng = random.Random(0)
    assert rng  # the fuzzers above draw their own inputs
