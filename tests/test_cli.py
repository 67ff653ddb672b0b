"""`python -m jaipur_core`: the command line of docs/formats.md, run as a subprocess."""

from __future__ import annotations

import json
import random
import string
import subprocess
import sys
from pathlib import Path

import pytest

from jaipur_core import Game, apply, legal_actions, new_game, next_round, position_from_json, position_to_json, view_of
from tests.helpers import position

ROOT = Path(__file__).resolve().parent.parent


def run(*args, stdin: str | None = None):
    return subprocess.run([sys.executable, "-m", "jaipur_core", *map(str, args)], cwd=ROOT,
                          input=stdin, capture_output=True, text=True, timeout=60)


def ok(*args, stdin=None) -> str:
    result = run(*args, stdin=stdin)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return result.stdout


@pytest.fixture
def write(tmp_path):
    def write(data, name="position.json"):
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
        return path
    return write


RICH = position(market="camel camel gold leather spice",
                hands=("diamond diamond cloth leather", "silver silver spice"),
                herds=(2, 1), seed=4)


def scored_position(seals=(0, 0), round=1):
    s = position_from_json(position(market="camel gold gold leather spice", deck=[],
                                    spare_camels_to=0, goods_won=({"cloth": [5]}, {}),
                                    seals=seals, round=round))
    return position_to_json(apply(s, "take gold"))


# ------------------------------------------------------------------ happy paths

def test_new_with_seed_and_first():
    out = ok("new", "--seed", 5, "--first", 1)
    data = json.loads(out)
    assert data == position_to_json(new_game(random.Random(5), 1))
    assert data["to_move"] == 1 and data["round_starter"] == 1
    assert ok("new", "--seed", 5, "--first", 1) == out       # repeatable


def test_new_without_options_is_a_valid_first_position():
    data = json.loads(ok("new"))
    state = position_from_json(data)
    assert state.round == 1 and state.phase == "play" and len(state.deck) == 40


def test_legal_prints_sorted_actions_one_per_line(write):
    out = ok("legal", write(RICH))
    lines = out.splitlines()
    assert lines == [str(a) for a in legal_actions(position_from_json(RICH))]
    assert lines == sorted(set(lines)) and len(lines) > 10


def test_legal_reads_stdin():
    assert ok("legal", "-", stdin=json.dumps(RICH)).splitlines() == \
        [str(a) for a in legal_actions(position_from_json(RICH))]


def test_legal_of_a_finished_round_prints_nothing(write):
    assert ok("legal", write(scored_position())).strip() == ""


def test_apply_applies_the_actions_in_turn(write):
    out = ok("apply", write(RICH), "take gold", "SELL silver 2", "trade leather+spice for cloth+camel")
    expected = position_from_json(RICH)
    for text in ("take gold", "sell silver 2", "trade leather+spice for cloth+camel"):
        expected = apply(expected, text)
    assert json.loads(out) == position_to_json(expected)


def test_next_round_deals_from_round_over(write):
    data = scored_position()
    out = ok("next-round", write(data), "--seed", 3)
    expected = next_round(position_from_json(data), random.Random(3))
    assert json.loads(out) == position_to_json(expected)
    assert json.loads(out)["round"] == 2 and json.loads(out)["round_starter"] == 1


@pytest.mark.parametrize("seat", [0, 1])
def test_view_prints_the_player_view(write, seat):
    out = ok("view", write(RICH), "--seat", seat)
    assert json.loads(out) == view_of(position_from_json(RICH), seat).to_json()
    assert "deck" not in json.loads(out)


def test_replay_prints_the_final_position(write):
    rng = random.Random(8)
    game = Game.new(seed=8)
    for _ in range(30):
        game = game.play(rng.choice(legal_actions(game.state)))
    out = ok("replay", write(game.to_record_json(), "game.json"))
    assert json.loads(out) == position_to_json(game.state)


# -------------------------------------------------------------------- bad input

def bad(result, *fragments):
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].strip(), result.stderr
    assert result.stdout == ""
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    return lines[0]


def test_malformed_json(write):
    bad(run("legal", write("{not json")), "not valid JSON", "line 1")


def test_malformed_json_on_stdin():
    bad(run("legal", "-", stdin="[1, 2"), "not valid JSON", "stdin")


def test_invalid_position_names_the_field(write):
    data = json.loads(json.dumps(RICH))
    data["players"][1]["hand"] = ["leather"] * 8
    bad(run("legal", write(data)), "invalid position", "players[1].hand")


def test_position_that_is_not_an_object(write):
    bad(run("view", write("[]"), "--seat", 0), "invalid position", "expected an object")


def test_unknown_action_text(write):
    bad(run("apply", write(RICH), "dance"), "'dance' is not an action")


def test_illegal_action(write):
    bad(run("apply", write(RICH), "sell diamond 1"), "Diamonds are sold at least two at a time")


def test_illegal_second_action_names_its_number(write):
    bad(run("apply", write(RICH), "take gold", "take gold"), "action 2:")


def test_apply_without_actions(write):
    bad(run("apply", write(RICH)), "see --help")


def test_missing_file(tmp_path):
    bad(run("legal", tmp_path / "nowhere.json"), "cannot read", "nowhere.json")


def test_directory_instead_of_a_file(tmp_path):
    bad(run("legal", tmp_path), "cannot read")


def test_file_that_is_not_utf8(tmp_path):
    path = tmp_path / "latin.json"
    path.write_bytes(b'{"format": "\xff\xfe"}')
    bad(run("legal", path), "not UTF-8")


def test_next_round_in_the_wrong_phase(write):
    bad(run("next-round", write(RICH)), "round_over")


def test_next_round_after_game_over(write):
    bad(run("next-round", write(scored_position(seals=(1, 0), round=2))), "game_over")


@pytest.mark.parametrize("seat", ["5", "x", "-1"])
def test_bad_seat(write, seat):
    bad(run("view", write(RICH), "--seat", seat), "--seat")


def test_missing_seat(write):
    bad(run("view", write(RICH)), "--seat")


def test_unknown_command():
    bad(run("shuffle"), "shuffle")


def test_no_command():
    bad(run())


@pytest.mark.parametrize("args", [["new", "--seed", "x"], ["new", "--first", "2"]],
                         ids=["seed-not-int", "first-out-of-range"])
def test_bad_new_options(args):
    bad(run(*args))


def test_invalid_record(write):
    game = Game.new(seed=2)
    data = game.to_record_json()
    data["rounds"][0]["actions"] = ["sell camel 1"]
    bad(run("replay", write(data, "game.json")), "invalid record", "round 1, action 1",
        "Camels cannot be sold")


def test_malformed_record_names_the_field(write):
    bad(run("replay", write({"format": "jaipur-game/1", "players": ["A", "B"], "rounds": []})),
        "invalid record", "rounds")


def test_json_nested_too_deeply(write):
    bad(run("legal", write("[" * 100_000)), "nests more than 32 levels deep")
    bad(run("replay", "-", stdin='{"a":' * 100_000), "record in stdin nests more than 32 levels deep")


def test_action_with_a_superscript_count(write):
    bad(run("apply", write(RICH), "sell leather \u00b2"), "write 'sell GOOD N'")


def test_error_stays_on_one_line_when_the_input_has_line_breaks(write):
    bad(run("apply", write(RICH), "take\ngold silver"), "write 'take GOOD'")


# ------------------------------------------------------------------ share (link fragments)

def test_share_a_position_gives_a_link_that_opens_exactly_it(write):
    from jaipur_core.share import parse_fragment
    link = ok("share", write(RICH), "--url", "https://example.org/jaipur/embed.html#old").strip()
    page, fragment = link.split("#", 1)
    assert page == "https://example.org/jaipur/embed.html"
    kind, state = parse_fragment(fragment)
    assert kind == "position" and position_to_json(state) == position_to_json(position_from_json(RICH))


def test_share_a_game_record_gives_a_game_link(write):
    from jaipur_core.share import parse_fragment
    game = Game.new(seed=8)
    game = game.play(legal_actions(game.state)[0])
    fragment = ok("share", write(game.to_record_json())).strip()
    kind, shared = parse_fragment(fragment)
    assert kind == "game" and shared.state == game.state


def test_share_refuses_a_record_too_long_for_a_link(write):
    # Extra fields of a record are kept (docs/formats.md), so a record can be too big for any link;
    # the page would refuse such a link, so share refuses to make it.
    game = Game.new(seed=8)
    game = game.play(legal_actions(game.state)[0])
    data = game.to_record_json()
    rng = random.Random(1)
    data["notes"] = "".join(rng.choice(string.ascii_letters) for _ in range(80_000))   # deflate cannot shrink it
    bad(run("share", write(data)), "invalid record: too long for a link", "the limit is 65536")


def _puzzle(**changes) -> dict:
    data = {"format": "jaipur-puzzle/1", "position": RICH, "question": "What now?",
            "answers": ["camels"], "explanation": "Camels first."}
    return {**data, **changes}


def test_share_a_puzzle_gives_a_puzzle_link_with_its_version(write):
    from jaipur_core.share import parse_fragment
    link = ok("share", write(_puzzle()), "--url", "https://example.org/jaipur/index.html").strip()
    page, fragment = link.split("#", 1)
    assert page == "https://example.org/jaipur/index.html" and fragment.startswith("puzzle=v1.")
    kind, puzzle = parse_fragment(fragment)
    assert kind == "puzzle" and puzzle.to_json() == _puzzle(position=position_to_json(position_from_json(RICH)))


@pytest.mark.parametrize("data, fragment", [
    ("[]", "invalid position: position: expected an object"),
    ('{"format": "jaipur-game/1"}', "invalid record: players"),
    ('{"format": "jaipur-position/1"}', "invalid position: phase: missing"),
    ('{"format": "jaipur-puzzle/1"}', "invalid puzzle: position: missing"),
    (json.dumps(_puzzle(answers=["take diamond"])), "invalid puzzle: answers[0]: 'take diamond' is not legal"),
    (json.dumps(_puzzle(question="?" * 501)), "invalid puzzle: question: "),
    (json.dumps(_puzzle(position={**RICH, "phase": "round_over"})), "invalid puzzle: position."),
])
def test_share_bad_input(write, data, fragment):
    bad(run("share", write(data)), fragment)


# ------------------------------------------------------------------ share --round / --at

def _two_round_game() -> Game:
    from tests.e2e.records import game_cut_short
    return game_cut_short(1, 10)   # round 1 whole, round 2 cut 10 actions before its end


@pytest.mark.parametrize("options, round_number, at", [
    (("--round", 2, "--at", 0), 2, 0),
    (("--round", 1, "--at", 7), 1, 7),
    (("--round", 1), 1, None),          # that round's last step
    (("--at", 3), None, 3),             # the last round
])
def test_share_a_record_at_a_step(write, options, round_number, at):
    from jaipur_core.share import parse_fragment, split_step
    game = _two_round_game()
    link = ok("share", write(game.to_record_json(), "game.json"), *options, "--url", "https://e.org/j/").strip()
    number = len(game.rounds) if round_number is None else round_number
    step = len(game.rounds[number - 1].actions) if at is None else at
    assert link.endswith(f"&round={number}&at={step}")
    code, opened = split_step(link.split("#", 1)[1])
    kind, shared = parse_fragment(code)
    assert kind == "game" and opened.review_step(shared) == game.step_of(number, step)


@pytest.mark.parametrize("options, fragment", [
    (("--round", 3), "--round: the record has rounds 1 to 2, not 3"),
    (("--round", 0), "--round: the record has rounds 1 to 2, not 0"),
    (("--round", 1, "--at", 99), "--at: round 1 has steps 0 to"),
    (("--at", -1), "--at: round 2 has steps 0 to"),
    (("--at", "x"), "not an integer"),
])
def test_share_refuses_a_step_the_record_does_not_have(write, options, fragment):
    bad(run("share", write(_two_round_game().to_record_json(), "game.json"), *options), fragment)


def test_share_round_and_at_are_for_records(write):
    bad(run("share", write(RICH), "--at", 0), "--round and --at choose a step of a game record")
    bad(run("share", write(_puzzle()), "--round", 1), "--round and --at choose a step of a game record")
