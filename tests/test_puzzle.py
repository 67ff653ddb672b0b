"""Puzzles (`jaipur-puzzle/1`) and a record's notes, title and author (docs/formats.md):
read, validated with typed errors that name the field, bounded, and written back."""

from __future__ import annotations

import copy
import json
import random

import pytest

from jaipur_core import (
    Game,
    InvalidPuzzleError,
    InvalidRecordError,
    JaipurError,
    Puzzle,
    legal_actions,
    parse_action,
    position_to_json,
    puzzle_from_json,
    record_from_json,
)
from jaipur_core.limits import MAX_NOTE_CHARS, MAX_PUZZLE_ANSWERS, MAX_QUESTION_CHARS, MAX_TITLE_CHARS

GAME = Game.new(seed=1).play("take cloth").play("camels").play("sell cloth 3").play("take diamond")
POSITION = position_to_json(GAME.state)
PUZZLE = {"format": "jaipur-puzzle/1", "position": POSITION,
          "question": "Your opponent just took a diamond. Take the other one?",
          "answers": ["take diamond"],
          "explanation": "With two diamonds you can sell both 7s before your opponent can."}


def _changed(base: dict, path: tuple, value) -> dict:
    data = copy.deepcopy(base)
    holder = data
    for step in path[:-1]:
        holder = holder[step]
    if value is _DELETE:
        del holder[path[-1]]
    else:
        holder[path[-1]] = value
    return data


_DELETE = object()


# --- puzzles ------------------------------------------------------------------------------------

def test_the_example_of_formats_md_reads_and_writes_back():
    puzzle = puzzle_from_json(PUZZLE)
    assert isinstance(puzzle, Puzzle)
    assert puzzle.answers == (parse_action("take diamond"),)
    assert puzzle.solver == GAME.state.to_move
    assert puzzle.accepts(parse_action("take diamond")) and not puzzle.accepts(parse_action("camels"))
    assert puzzle.to_json() == PUZZLE
    assert puzzle_from_json(json.loads(json.dumps(puzzle.to_json()))) == puzzle


def test_answers_are_written_in_canonical_notation_in_the_authors_order():
    data = _changed(PUZZLE, ("answers",), ["TAKE  Diamonds", "camels", "take gold"])
    puzzle = puzzle_from_json(data)
    assert puzzle.to_json()["answers"] == ["take diamond", "camels", "take gold"]


def test_no_answers_is_a_puzzle_the_program_judges():
    puzzle = puzzle_from_json(_changed(PUZZLE, ("answers",), []))
    assert puzzle.answers == () and not puzzle.accepts(parse_action("take diamond"))


def test_unknown_fields_are_ignored():
    assert puzzle_from_json(_changed(PUZZLE, ("hint",), "look at the tokens")) == puzzle_from_json(PUZZLE)


def _round_over_position() -> dict:
    game, rng = Game.new(seed=5), random.Random(5)
    while game.state.phase == "play":
        game = game.play(rng.choice(legal_actions(game.state)))
    return position_to_json(game.state)


BAD_PUZZLES = [
    ("not an object", None, [PUZZLE], "puzzle: expected an object"),
    ("wrong format", ("format",), "jaipur-puzzle/2", "format: expected 'jaipur-puzzle/1'"),
    ("no position", ("position",), _DELETE, "position: missing"),
    ("no question", ("question",), _DELETE, "question: missing"),
    ("no answers", ("answers",), _DELETE, "answers: missing"),
    ("no explanation", ("explanation",), _DELETE, "explanation: missing"),
    ("question not text", ("question",), 7, "question: expected a string, got an integer"),
    ("question too long", ("question",), "?" * (MAX_QUESTION_CHARS + 1), "question: 501 characters"),
    ("explanation too long", ("explanation",), "x" * (MAX_NOTE_CHARS + 1), "explanation: 2,001 characters"),
    ("explanation null", ("explanation",), None, "explanation: expected a string, got null"),
    ("answers not a list", ("answers",), "take diamond", "answers: expected a list of actions"),
    ("too many answers", ("answers",), ["camels"] * (MAX_PUZZLE_ANSWERS + 1), "answers: 101 answers"),
    ("answer not text", ("answers",), [3], "answers[0]: expected an action, got an integer"),
    ("answer not an action", ("answers",), ["take camel"], "answers[0]: "),
    ("answer illegal", ("answers",), ["take diamond", "take silver"],
     "answers[1]: 'take silver' is not legal in the position: The market has no silver"),
    ("answer twice", ("answers",), ["take diamond", "take  DIAMOND"], "answers[1]: 'take diamond' is listed twice"),
    ("position not an object", ("position",), [], "position.position: expected an object"),
    ("position refused", ("position", "players", 1, "herd"), 12, "position.players[1].herd: 12 is out of range"),
    ("position not in play", ("position",), "ROUND_OVER", "position.phase: a puzzle is played"),
]


@pytest.mark.parametrize("name, path, value, message", BAD_PUZZLES, ids=[case[0] for case in BAD_PUZZLES])
def test_bad_puzzles_are_refused_naming_the_field(name, path, value, message):
    if path is None:
        data = value
    elif value == "ROUND_OVER":
        data = _changed(PUZZLE, path, _round_over_position())
        data["answers"] = []
    else:
        data = _changed(PUZZLE, path, value)
    with pytest.raises(InvalidPuzzleError) as caught:
        puzzle_from_json(data)
    assert str(caught.value).startswith(message), str(caught.value)
    assert "\n" not in str(caught.value) and isinstance(caught.value, JaipurError)


# --- a record's notes, title and author ---------------------------------------------------------

def _record(**round_fields) -> dict:
    data = GAME.to_record_json()
    data["rounds"][0].update(round_fields)
    return data


def test_notes_title_and_author_are_kept_and_written_back():
    data = _record(notes={"0": "Two cloth in hand and one in the market.", "3": "Three cloth sold."})
    data.update(title="A quick cloth sale", author="Ada")
    record = record_from_json(data)
    assert record.rounds[0].notes == ((0, "Two cloth in hand and one in the market."), (3, "Three cloth sold."))
    assert record.rounds[0].note(3) == "Three cloth sold." and record.rounds[0].note(1) is None
    assert (record.title, record.author) == ("A quick cloth sale", "Ada")
    assert record.to_json() == data
    assert record_from_json(json.loads(json.dumps(record.to_json()))) == record


def test_notes_change_nothing_in_play():
    with_notes = Game.from_record_json(_record(notes={"4": "end"}))
    assert with_notes.state == GAME.state


def test_a_game_keeps_its_notes_as_it_plays_on_and_drops_those_taken_back():
    game = Game.from_record_json(_record(notes={"0": "deal", "2": "camels", "4": "diamond"}))
    assert game.play("take gold").rounds[0].notes == ((0, "deal"), (2, "camels"), (4, "diamond"))
    assert game.take_back(2).rounds[0].notes == ((0, "deal"), (2, "camels"))
    assert game.take_back(2).to_record_json()["rounds"][0]["notes"] == {"0": "deal", "2": "camels"}


def test_a_record_without_notes_writes_none():
    assert "notes" not in GAME.to_record_json()["rounds"][0]


BAD_NOTES = [
    ("notes not an object", ["a"], "rounds[0].notes: expected an object, got a list"),
    ("note not text", {"0": 5}, "rounds[0].notes.0: expected a string, got an integer"),
    ("note too long", {"1": "x" * (MAX_NOTE_CHARS + 1)}, "rounds[0].notes.1: 2,001 characters, the limit is 2,000"),
    ("step past the round", {"5": "later"}, "rounds[0].notes: the key '5' is not a step from 0 to 4"),
    ("negative step", {"-1": "before"}, "rounds[0].notes: the key '-1' is not a step"),
    ("leading zero", {"03": "x"}, "rounds[0].notes: the key '03' is not a step"),
    ("not decimal", {"three": "x"}, "rounds[0].notes: the key 'three' is not a step"),
    ("other digits", {"٣": "x"}, "rounds[0].notes: the key '٣' is not a step"),
    ("a huge number", {"9" * 5000: "x"}, "rounds[0].notes: the key '99999"),
    ("more notes than steps", {str(i): "x" for i in range(6)}, "rounds[0].notes: 6 notes, but the round has 5 steps"),
]


@pytest.mark.parametrize("name, notes, message", BAD_NOTES, ids=[case[0] for case in BAD_NOTES])
def test_bad_notes_are_refused_naming_the_field(name, notes, message):
    with pytest.raises(InvalidRecordError) as caught:
        record_from_json(_record(notes=notes))
    assert str(caught.value).startswith(message), str(caught.value)


@pytest.mark.parametrize("key, value, message", [
    ("title", "t" * (MAX_TITLE_CHARS + 1), "title: 201 characters, the limit is 200"),
    ("author", "a" * (MAX_TITLE_CHARS + 1), "author: 201 characters, the limit is 200"),
    ("title", ["A", "title"], "title: expected a string, got a list"),
    ("author", None, "author: expected a string, got null"),
])
def test_title_and_author_are_bounded_plain_text(key, value, message):
    data = _record()
    data[key] = value
    with pytest.raises(InvalidRecordError) as caught:
        record_from_json(data)
    assert str(caught.value).startswith(message), str(caught.value)


def test_a_title_at_the_limit_is_kept():
    data = _record()
    data["title"], data["author"] = "t" * MAX_TITLE_CHARS, ""
    assert record_from_json(data).title == "t" * MAX_TITLE_CHARS
