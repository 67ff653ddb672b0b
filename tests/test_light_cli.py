"""`python3 -m pyscript_app embed FILE …` (issue 40, item 4): the light embed of a record, a puzzle
or a position, from the command line (pyscript_app/blog/cli.py); bad input is one line, exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from jaipur_core import Game, position_to_json
from pyscript_app.blog import cli, light, light_puzzle, light_replay
from pyscript_app.blog.cli import main
from tests.test_light_puzzle import PUZZLE
from tests.test_light_replay import GAME, annotated

ROOT = Path(__file__).resolve().parent.parent
ART = (ROOT / "web" / "art" / "cards.svg").read_text(encoding="utf-8")
SCRIPT = (ROOT / "web" / "light" / "light.js").read_text(encoding="utf-8")
SITE = "https://example.org/games/jaipur/"
SHORT = annotated(12)


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("embed")
    open_puzzle = {**PUZZLE.to_json(), "answers": []}
    paths = {}
    for name, data in (("record", SHORT.to_record_json()), ("puzzle", PUZZLE.to_json()), ("open-puzzle", open_puzzle),
                       ("position", position_to_json(GAME.steps()[4][3])), ("view", {"format": "jaipur-view/1"})):
        paths[name] = folder / f"{name}.json"
        paths[name].write_text(json.dumps(data), encoding="utf-8")
    return paths


def run(capsysbinary, *argv) -> tuple[int, str, str]:
    code = main(["embed", *map(str, argv)])
    out, err = capsysbinary.readouterr()
    return code, out.decode(), err.decode()


def test_a_record_gives_a_replay_at_the_first_step_unless_told(files, capsysbinary):
    code, out, err = run(capsysbinary, files["record"], "--url", SITE)
    assert code == 0 and err == ""
    assert out == light_replay.light_replay(SHORT, art=ART, script=SCRIPT, step=0, page_url=SITE) + "\n"
    code, out, _err = run(capsysbinary, files["record"], "--round", "1", "--at", "4", "--seat", "1", "--lang", "en",
                          "--theme", "dark", "--caption", "A game")
    assert code == 0 and out == light_replay.light_replay(SHORT, art=ART, script=SCRIPT, step=4, seat=1,
                                                          theme="dark", caption="A game") + "\n"


def test_a_puzzle_gives_a_puzzle_and_a_position_a_picture(files, capsysbinary):
    code, out, _err = run(capsysbinary, files["puzzle"])
    assert code == 0 and out == light_puzzle.light_puzzle(PUZZLE, art=ART, script=SCRIPT) + "\n"
    code, out, _err = run(capsysbinary, files["open-puzzle"], "--url", SITE)
    assert code == 0 and 'data-judge="https://example.org/games/jaipur/embed.html?' in out
    code, out, _err = run(capsysbinary, files["position"], "--seat", "0", "--url", SITE)
    assert code == 0 and out == light.light_picture(GAME.steps()[4][3], art=ART, seat=0, page_url=SITE) + "\n"
    assert "<script" not in out


def test_output_is_written_whole_or_not_at_all(files, capsysbinary, tmp_path):
    target = tmp_path / "replay.html"
    code, out, _err = run(capsysbinary, files["record"], "--output", target)
    assert code == 0 and out == ""
    assert target.read_text(encoding="utf-8") == light_replay.light_replay(SHORT, art=ART, script=SCRIPT) + "\n"
    code, _out, _err = run(capsysbinary, files["record"], "--at", "99", "--output", target)
    assert code == 2 and target.read_text(encoding="utf-8").startswith("<figure")   # the old file stays
    assert sorted(path.name for path in tmp_path.iterdir()) == ["replay.html"]


BAD = [
    ("a view", ("view",), "format: expected jaipur-position/1, jaipur-game/1 or jaipur-puzzle/1"),
    ("--round of a puzzle", ("puzzle", "--round", "1"), "--round and --at choose a replay's first step"),
    ("--at of a position", ("position", "--at", "0"), "--round and --at choose a replay's first step"),
    ("round out of range", ("record", "--round", "2"), "--round: the record has rounds 1 to 1, not 2"),
    ("step out of range", ("record", "--at", "12"), "--at: round 1 has steps 0 to 11, not 12"),
    ("another seat for a puzzle", ("puzzle", "--seat", "1"), "--seat: a puzzle is shown from its solver's seat (0)"),
    ("a judged puzzle without --url", ("open-puzzle",), "--url: this puzzle has no accepted answers"),
    ("caption too long", ("record", "--caption", "x" * 2001), "--caption: 2,001 characters, the limit is 2,000"),
    ("bad language", ("record", "--lang", "de"), "invalid choice"),
    ("no file", (), "the following arguments are required"),
]


@pytest.mark.parametrize("name, argv, message", BAD, ids=[case[0] for case in BAD])
def test_bad_input_is_one_line_and_exit_2(files, capsysbinary, name, argv, message):
    argv = tuple(files.get(arg, arg) if isinstance(arg, str) else arg for arg in argv)
    code, out, err = run(capsysbinary, *argv)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1 and message in err, err


def test_a_record_too_long_for_a_link_is_refused_when_play_from_here_needs_one(files, capsysbinary, tmp_path):
    import random
    import string
    data = SHORT.to_record_json()
    rng = random.Random(1)
    data["junk"] = "".join(rng.choice(string.ascii_letters) for _ in range(80_000))   # deflate cannot shrink it
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data))
    code, _out, err = run(capsysbinary, path, "--url", SITE)
    assert code == 2 and "too long for a link" in err and err.count("\n") == 1
    code, out, _err = run(capsysbinary, path)   # no site, no Play from here: no link to make
    assert code == 0 and 'data-testid="light-play-on"' not in out


def test_python_m_pyscript_app_embed_runs(files):
    done = subprocess.run([sys.executable, "-m", "pyscript_app", "embed", str(files["record"]), "--lang", "fa"],
                          capture_output=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0 and done.stdout.decode().startswith('<figure class="jaipur-light"')
    assert 'dir="rtl"' in done.stdout.decode()


def test_formats_md_describes_the_command_and_every_option():
    text = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    heading = "### `embed`"
    assert heading in text.splitlines()
    body = text.split(heading, 1)[1].split("\n#", 1)[0]
    command = cli.build_parser()._subparsers._group_actions[0].choices["embed"]  # type: ignore[union-attr]
    for action in command._actions:
        for option in action.option_strings:
            if option not in ("-h", "--help"):
                assert option in body, option


def test_the_game_record_read_is_the_one_given(files):
    assert Game.from_record_json(json.loads(files["record"].read_text())).to_record_json() == SHORT.to_record_json()
