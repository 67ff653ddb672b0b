"""`python3 -m jaipur_core remote check`: a whole game at a distance checked from its history file."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from jaipur_core import replay_json
from jaipur_core.remote.messages import NO_HISTORY, Unlock, decode, encode, from_text, history_hash, to_code
from tests.remote_doubles import play_game

ROOT = Path(__file__).resolve().parent.parent
pytest.importorskip("nacl", reason="PyNaCl is not installed (pip install -e '.[test]')")


def run(*args, stdin: str | None = None, env=None):
    return subprocess.run([sys.executable, "-m", "jaipur_core", *map(str, args)], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120, env=env)


@pytest.fixture(scope="module")
def history():
    from jaipur_core.remote import sodium_group
    a, b, _ = play_game(sodium_group(), 21)
    assert a.over
    return a.history_json(), a.record()


def test_a_whole_game_is_checked_round_by_round(history, tmp_path):
    data, record = history
    path = tmp_path / "history.json"
    path.write_text(json.dumps(data))
    done = run("remote", "check", path)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"game {data['messages'] and record.get('remote_game')}: Ada (seat 0) and Ben (seat 1)")
    assert sum(line.startswith("round ") and ": fair (" in line for line in lines) == len(record.rounds)
    assert lines[-1].startswith("the game is over: ")
    printed = run("remote", "check", "-", "--record", stdin=json.dumps(data))
    assert printed.returncode == 0, printed.stderr
    assert json.loads(printed.stdout) == record.to_json()
    assert replay_json(json.loads(printed.stdout)) == record.rounds[-1].end  # an ordinary record


def test_an_unfinished_game_is_checked_as_far_as_it_goes(history):
    data, _ = history
    cut = dict(data, messages=data["messages"][:40])
    done = run("remote", "check", "-", stdin=json.dumps(cut))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].startswith("round 1: not finished")


@pytest.mark.parametrize("spoil, words", [
    (lambda messages: messages[:5] + messages[6:], "messages[5]: "),
    (lambda messages: messages[:3] + [messages[3][:-4] + "AAAA"] + messages[4:],
     "messages[3]: this move's link was changed"),
    (lambda messages: messages[:2] + [messages[3], messages[2]] + messages[4:], "messages[2]: "),
    (lambda messages: ["x"] + messages[1:], "messages[0]: this link is damaged"),
    (lambda messages: [], "messages: a list of 1 to 8,160"),
], ids=["skipped", "changed", "reordered", "damaged", "empty"])
def test_a_spoiled_history_is_one_line_and_exit_2(history, spoil, words):
    data, _ = history
    done = run("remote", "check", "-", stdin=json.dumps(dict(data, messages=spoil(list(data["messages"])))))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: invalid history: " + words), done.stderr
    assert len(done.stderr.splitlines()) == 1


def rewritten(data: dict, at: int, change) -> dict:
    """The history with message `at`'s steps changed by `change`, its check and every later message's
    history hash made again: what a forger of the whole file could write."""
    messages = [decode(from_text(code)) for code in data["messages"]]
    messages[at] = replace(messages[at], steps=tuple(change(list(messages[at].steps))))
    codes, head = [], NO_HISTORY
    for message in messages:
        encoded = encode(replace(message, before=head))
        head = history_hash(head, encoded)
        codes.append(to_code(encoded))
    return dict(data, messages=codes)


@pytest.mark.parametrize("seat", [0, 1])
def test_a_forged_unlock_in_a_history_is_found_whoever_sent_it(history, seat):
    """A key altered in one message of `seat`, its check and every later message's history hash made
    again (as a forger of the whole file could): the check still finds the key opens no card (seat 1's,
    opened as seat 0 would) or is not its seed's (seat 0's, whose secrets the check takes as its own)."""
    data, _ = history
    messages = [decode(from_text(code)) for code in data["messages"]]
    at = next(number for number, message in enumerate(messages)
              if number > 6 and message.sender == seat and isinstance(message.steps[0], Unlock))
    forged = rewritten(data, at, lambda steps: [Unlock((b"\x03" + bytes(31),) + steps[0].keys[1:])] + steps[1:])
    done = run("remote", "check", "-", stdin=json.dumps(forged))
    assert done.returncode == 2
    assert done.stderr.startswith(f"error: invalid history: messages[{at}]: an unlock in this message does not open")


def test_bad_files_are_one_line_and_exit_2(tmp_path):
    for stdin, words in (("[]", "format: expected 'jaipur-remote-history/1'"),
                         ('{"format": "jaipur-remote-history/1"}', "group: missing"),
                         ('{"format": "jaipur-remote-history/1", "group": "toy", "messages": []}',
                          "this game was played with the group 'toy'")):
        done = run("remote", "check", "-", stdin=stdin)
        assert done.returncode == 2 and done.stderr.startswith("error: invalid history: " + words), done.stderr
    done = run("remote", "check", tmp_path / "missing.json")
    assert done.returncode == 2 and done.stderr.startswith("error: cannot read history")
    done = run("remote")
    assert done.returncode == 2 and done.stderr.endswith("(see --help)\n")


def test_without_pynacl_it_says_so_in_one_line(history, tmp_path):
    blocker = tmp_path / "nacl"
    blocker.mkdir()
    (blocker / "__init__.py").write_text("raise ImportError('PyNaCl is hidden for this test')\n")
    env = {"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"}
    done = run("remote", "check", "-", stdin=json.dumps(history[0]), env=env)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "error: PyNaCl is not installed: pip install 'jaipur[remote]'\n"


def test_a_history_whose_starter_breaks_the_invitations_promise_is_refused(history):
    """Seat 0's own nonce (the check reads the history as seat 0) must match its invitation too."""
    forged = rewritten(history[0], 0, lambda steps: [replace(steps[0], commitment=bytes(32))] + steps[1:])
    done = run("remote", "check", "-", stdin=json.dumps(forged))
    assert done.returncode == 2
    assert done.stderr.startswith("error: invalid history: messages[2]: the draw for who starts does not match")
