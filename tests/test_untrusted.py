"""Input from strangers (links, imported files, saves, the command line): every limit
of jaipur_core/limits.py at its boundary, and the attacks of issue 12 (decompression
bomb, deep nesting, 4300-digit numbers, 200,000-action rounds) each refused with a
typed error, in bounded memory."""

from __future__ import annotations

import base64
import copy
import json
import random
import re
import tracemalloc
import zlib
from pathlib import Path

import pytest

from jaipur_core import (
    PLAY,
    Game,
    InvalidPositionError,
    InvalidRecordError,
    JaipurError,
    apply_legal,
    legal_actions,
    limits,
    new_game,
    position_from_json,
    position_to_json,
    record_from_json,
    view_from_json,
    view_of,
)
from jaipur_core.errors import InvalidJSONError
from jaipur_core.jsontext import json_value_problem, load_json, nesting_depth
from jaipur_core.limits import (
    MAX_ACTIONS_PER_ROUND,
    MAX_FRAGMENT_CHARS,
    MAX_JSON_BYTES,
    MAX_JSON_DEPTH,
    MAX_NAME_CHARS,
    MAX_NUMBER_CHARS,
    MAX_ROUNDS,
    clip,
    echo,
)
from jaipur_core.share import InvalidShareError, encode_data, game_fragment, inflate, parse_fragment

ROOT = Path(__file__).resolve().parent.parent
START = position_to_json(new_game(random.Random(1), 0))


def deflated(raw: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


def record_json(actions_per_round=(), rounds=1) -> dict:
    return {"format": "jaipur-game/1", "players": ["Ada", "Bo"],
            "rounds": [{"start": copy.deepcopy(START), "actions": list(actions_per_round)}
                       for _ in range(rounds)]}


def short_id(value) -> str:
    """A test id that never renders a huge value (str() of a 5000-digit int raises)."""
    return clip(echo(value), 30) if not isinstance(value, str) else clip(value, 30)


def peak_bytes(function, *args) -> int:
    """Peak memory Python allocated while `function(*args)` ran (it may raise a JaipurError)."""
    tracemalloc.start()
    try:
        function(*args)
    except JaipurError:
        pass
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peak


# --- the JSON loader ---

@pytest.mark.parametrize("text, depth", [
    ("", 0), ("1", 0), ("[]", 1), ("[[], {}]", 2), ('{"a": [[1]]}', 3),
    ('"[[[["', 0), ('["]]]]"]', 1), ('["\\"[[["]', 1), ('"\\\\"[', 1),
    ("[" * 40, 40), ('"unterminated [[[', 0),
])
def test_nesting_depth_counts_brackets_outside_strings(text, depth):
    assert nesting_depth(text) == depth


def test_json_at_the_limits_loads_and_one_past_them_does_not():
    assert load_json("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH) is not None
    with pytest.raises(InvalidJSONError, match=f"nests more than {MAX_JSON_DEPTH} levels deep"):
        load_json("[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1))
    assert load_json("9" * MAX_NUMBER_CHARS) == int("9" * MAX_NUMBER_CHARS)
    with pytest.raises(InvalidJSONError, match=f"a number of {MAX_NUMBER_CHARS + 1} characters"):
        load_json("9" * (MAX_NUMBER_CHARS + 1))
    padded = '"' + "x" * (MAX_JSON_BYTES - 2) + '"'
    assert len(load_json(padded)) == MAX_JSON_BYTES - 2
    with pytest.raises(InvalidJSONError, match="larger than 1 MB"):
        load_json(padded + " ")
    with pytest.raises(InvalidJSONError, match="larger than 1 MB"):   # bytes count, not characters
        load_json('"' + "é" * (MAX_JSON_BYTES // 2) + '"')


@pytest.mark.parametrize("text, fragment", [
    ("[" * 100_000, "nests more than 32 levels deep"),
    ('{"a":' * 100_000, "nests more than 32 levels deep"),
    ("9" * 4300, "a number of 4300 characters"),
    ('{"round": ' + "9" * 5000 + "}", "a number of 5000 characters"),
    ("-" + "1" * 40 + ".5e10", "a number of 46 characters"),
    ("1e999", "too large to represent"),
    ("[NaN]", "NaN, which JSON does not allow"),
    ("-Infinity", "-Infinity, which JSON does not allow"),
    ('{"a": 1', "is not valid JSON"),
    ('"' + "\\" * 100_001, "is not valid JSON"),
    (b"\xff\xfe{}", "is not UTF-8 text"),
    (None, "must be text, not NoneType"),
], ids=short_id)
def test_bad_json_is_one_typed_error(text, fragment):
    with pytest.raises(InvalidJSONError) as error:
        load_json(text, "the file")
    message = str(error.value)
    assert fragment in message and message.startswith("the file ")
    assert "\n" not in message and len(message) < 200


@pytest.mark.parametrize("value, problem", [
    ({"a": [1, 2.5, None, True, "x"]}, None),
    ([[[]]], None),
    (float("nan"), "a number JSON does not allow"),
    (10 ** 5000, "an integer too long"),
    ({1: "x"}, "object key that is not text"),
    ({"a": {1, 2}}, "holds a set"),
    (json.loads("[" * 20 + "]" * 20), None),
], ids=short_id)
def test_json_value_problem_names_what_json_could_not_hold(value, problem):
    found = json_value_problem(value)
    assert (found is None) if problem is None else (problem in found)


def test_a_value_nested_too_deeply_is_found_without_recursing_further():
    value = []
    for _ in range(10_000):   # deeper than Python's recursion limit
        value = [value]
    assert "nests more than" in json_value_problem(value)


# --- links ---

def test_a_decompression_bomb_link_stops_at_the_limit_in_bounded_memory():
    bomb = deflated(b'{"a":"' + b"x" * 40_000_000 + b'"}')   # 40 MB of JSON in about 52,000 characters
    assert len(bomb) < MAX_FRAGMENT_CHARS
    with pytest.raises(InvalidShareError, match="larger than 1024 KB once unpacked"):
        parse_fragment("#game=" + bomb)
    assert peak_bytes(parse_fragment, "#game=" + bomb) < 8 * MAX_JSON_BYTES


def test_a_bomb_longer_than_a_link_may_be_is_refused_by_its_length_alone():
    bomb = deflated(b"0" * 60_000_000)   # like the 259 KB link, shorter to build
    assert len(bomb) > MAX_FRAGMENT_CHARS
    with pytest.raises(InvalidShareError, match="the link is too long"):
        parse_fragment("#position=" + bomb)


def test_inflate_returns_at_most_the_limit():
    assert inflate(deflated(b"x" * 1000), limit=1000) == b"x" * 1000
    with pytest.raises(InvalidShareError, match="once unpacked"):
        inflate(deflated(b"x" * 1001), limit=1000)


@pytest.mark.parametrize("fragment, error, fragment_text", [
    ("#position=" + "A" * (MAX_FRAGMENT_CHARS + 1), InvalidShareError, "the link is too long"),
    ("#game=" + deflated(json.dumps(record_json()).encode())[:-20], InvalidShareError, "damaged"),
    ("#game=" + deflated(b"[" * 50_000), InvalidShareError, "nests more than 32 levels deep"),
    ("#position=" + "%7B%22a%22%3A" * 1000, InvalidShareError, "nests more than"),
    ("#position=%7B%22round%22%3A" + "9" * 4400 + "%7D", InvalidShareError, "a number of 4400 characters"),
    ("#position=%7B%FF%7D", InvalidShareError, "not UTF-8"),
    ("#position=" + deflated(b"[1]"), InvalidShareError, "not a position, a game record or a puzzle"),
    ("#game=" + encode_data(record_json(["take gold"] * (MAX_ACTIONS_PER_ROUND + 1))), InvalidRecordError,
     "rounds[0].actions: 401 actions in one round, the limit is 400"),
    ("#position=" + encode_data({**START, "round": 10 ** 30}), InvalidPositionError, "round: "),
    ("#move=1", InvalidShareError, "#position=…, #game=… or #puzzle=…"),
])
def test_bad_links_give_one_typed_error(fragment, error, fragment_text):
    with pytest.raises(error) as raised:
        parse_fragment(fragment)
    assert fragment_text in str(raised.value)
    assert len(str(raised.value)) < 300


def test_a_200_000_action_game_link_is_refused_before_anything_is_played():
    trades = ["trade gold+silver for leather+cloth", "trade leather+cloth for gold+silver"] * 100_000
    link = "#game=" + encode_data(record_json(trades))
    assert len(link) < MAX_FRAGMENT_CHARS          # short enough to pass the length check
    with pytest.raises(InvalidShareError, match="once unpacked"):
        parse_fragment(link)
    assert peak_bytes(parse_fragment, link) < 8 * MAX_JSON_BYTES


def test_a_long_real_game_fits_a_link_and_reads_back():
    game = Game.new(seed=11)
    rng = random.Random(11)
    while game.state.phase != "game_over":
        if game.round_over:
            game = game.next_round()
        else:
            game = game.play(rng.choice(legal_actions(game.state)))
    fragment = game_fragment(game)
    assert len(fragment) < MAX_FRAGMENT_CHARS // 4
    kind, again = parse_fragment("#" + fragment)
    assert kind == "game" and again.state == game.state
    assert nesting_depth(json.dumps(game.to_record_json())) <= MAX_JSON_DEPTH // 4


# --- records, positions and views ---

@pytest.mark.parametrize("edit, fragment", [
    (lambda r: r["rounds"][0]["actions"].extend(["camels"] * (MAX_ACTIONS_PER_ROUND + 1)),
     "rounds[0].actions: 401 actions in one round, the limit is 400"),
    (lambda r: r["rounds"].extend([r["rounds"][0]] * MAX_ROUNDS), "rounds: 21 rounds, the limit is 20"),
    (lambda r: r["players"].__setitem__(1, "x" * (MAX_NAME_CHARS + 1)),
     "players[1]: a name of 101 characters, the limit is 100"),
    (lambda r: r.__setitem__("seed", float("inf")), "seed: holds a number JSON does not allow"),
    (lambda r: r.__setitem__("notes", json.loads("[" * 40 + "]" * 40)), "notes: nests more than 32"),
    (lambda r: r.__setitem__("format", "x" * 10_000), "format: expected 'jaipur-game/1', got 'xxx"),
    (lambda r: r["rounds"][0]["actions"].append("sell leather " + "9" * 4300), "round 1, action 1:"),
    (lambda r: r["rounds"][0]["start"].__setitem__("round", 10 ** 5000), "rounds[0].start.round:"),
])
def test_records_beyond_the_limits_are_refused_naming_the_field(edit, fragment):
    data = record_json()
    edit(data)
    with pytest.raises(InvalidRecordError) as error:
        record_from_json(data)
    assert fragment in str(error.value)
    assert len(str(error.value)) < 300


def test_a_record_at_the_limits_reads():
    data = record_json(["camels"] * MAX_ACTIONS_PER_ROUND)
    data["players"] = ["x" * MAX_NAME_CHARS, "y"]
    assert len(record_from_json(data).rounds[0].actions) == MAX_ACTIONS_PER_ROUND


@pytest.mark.parametrize("field, value, fragment", [
    ("round", MAX_ROUNDS + 1, "round: 21 is out of range (at most 20)"),
    ("round", 10 ** 5000, "round: an integer of about 5001 digits is out of range"),
    ("round", 1.0, "round: expected an integer, got a number"),
    ("winner", 2, "winner: expected one of 0, 1, null, got 2"),
    ("winner", True, "winner: expected one of 0, 1, null, got True"),
    ("winner", 0.0, "winner: expected one of 0, 1, null, got 0.0"),
    ("to_move", "0", "to_move: expected one of 0, 1, got '0'"),
    ("deck", ["gold"] * 56, "deck: 56 cards, the game has 55"),
    ("seals", [0] * 10_000, "seals: 10000 entries, more than any list of a position holds"),
    ("format", ["x"] * 10_000, "format: expected a string, got a list"),
    ("phase", "p" * 10_000, "phase: expected one of play, round_over, game_over, got 'ppp"),
], ids=short_id)
def test_positions_beyond_the_limits_are_refused_naming_the_field(field, value, fragment):
    data = dict(copy.deepcopy(START), **{field: value})
    with pytest.raises(InvalidPositionError) as error:
        position_from_json(data)
    assert fragment in str(error.value)
    assert len(str(error.value)) < 200


def test_a_herd_larger_than_the_camels_of_the_game_is_refused():
    data = copy.deepcopy(START)
    data["players"][0]["herd"] = 10 ** 30
    with pytest.raises(InvalidPositionError, match=r"players\[0\].herd: .* out of range \(at most 11\)"):
        position_from_json(data)


def test_views_are_bounded_like_positions():
    data = view_of(new_game(random.Random(2), 1), 0).to_json()
    for field, value, fragment in [("round", 10 ** 40, "round:"), ("winner", 7, "winner:"),
                                   ("format", "y" * 5000, "format:")]:
        with pytest.raises(InvalidPositionError, match=fragment) as error:
            view_from_json(dict(data, **{field: value}))
        assert len(str(error.value)) < 200


# --- limits are in one module and documented ---

def test_every_limit_is_documented_in_docs_formats_md_and_the_readme():
    names = [name for name in vars(limits) if name.startswith("MAX_")]
    assert {"MAX_FRAGMENT_CHARS", "MAX_JSON_BYTES", "MAX_IMPORT_BYTES", "MAX_JSON_DEPTH", "MAX_NUMBER_CHARS",
            "MAX_ACTIONS_PER_ROUND", "MAX_LOG_LINES_RENDERED"} <= set(names)
    formats = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    for name in names:
        value = getattr(limits, name)
        assert re.search(rf"`{name}`.*\b{value:,}\b|`{name}`.*\b{value}\b", formats), name
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/formats.md" in readme


@pytest.mark.parametrize("value, shown", [
    ("short", "'short'"), ("x" * 500, "'" + "x" * 58 + "…"), ([1] * 10 ** 6, "a list of 1000000 entries"),
    (10 ** 5000, "an integer of about 5001 digits"), (None, "None"), (2.5, "2.5"),
], ids=short_id)
def test_echo_quotes_bad_values_in_bounded_space(value, shown):
    assert echo(value) == shown and len(echo(value)) <= limits.MAX_ECHO_CHARS


def test_clip():
    assert clip("abc") == "abc" and clip("x" * 100) == "x" * 59 + "…" and clip("x" * 10, 5) == "xxxx…"


def test_a_uniform_random_round_stays_well_under_the_action_limit():
    rng = random.Random(3)
    longest = 0
    for _ in range(100):
        state, played = new_game(rng), 0
        while state.phase == PLAY:
            state = apply_legal(state, rng.choice(legal_actions(state)))
            played += 1
        longest = max(longest, played)
    assert longest < MAX_ACTIONS_PER_ROUND // 2
