"""Fuzzing every reader of outside input (issue 12): arbitrary text and bytes, and
valid positions, views, records and links mutated at random (nesting, huge numbers,
long strings, unicode, wrong types, truncation, bomb-compressed data).

Each reader must return a value or raise one of the project's typed errors
(JaipurError) -- never anything else -- and stay within bounded memory: what a link
inflates to and how many actions a record holds are asserted against the limits.
Example counts are bounded so the suite stays fast.
"""

from __future__ import annotations

import base64
import copy
import json
import random
import re
import zlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jaipur_core import (
    PLAY,
    Game,
    JaipurError,
    apply_legal,
    legal_actions,
    new_game,
    parse_action,
    position_from_json,
    position_to_json,
    puzzle_from_json,
    record_from_json,
    view_from_json,
    view_of,
)
from jaipur_core.jsontext import load_json, nesting_depth
from jaipur_core.limits import MAX_ACTIONS_PER_ROUND, MAX_JSON_BYTES, MAX_ROUNDS
from jaipur_core.share import encode_data, inflate, parse_fragment

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _played(seed: int, steps: int):
    rng = random.Random(seed)
    game = Game.new(seed=seed)
    for _ in range(steps):
        if game.state.phase != PLAY:
            break
        game = game.play(rng.choice(legal_actions(game.state)))
    return game


GAMES = [_played(seed, steps) for seed, steps in ((1, 0), (2, 30), (3, 90), (4, 400))]
POSITIONS = [position_to_json(game.state) for game in GAMES]
VIEWS = [view_of(game.state, seat).to_json() for game in GAMES for seat in (0, 1)]
RECORDS = [game.to_record_json() for game in GAMES]
# Records with notes, a title and an author; puzzles with and without answers.
for record in RECORDS[:3]:
    record["rounds"][0]["notes"] = {"0": "The deal.", str(len(record["rounds"][0]["actions"])): "Last."}
    record.update(title="A game", author="Ada")
PUZZLES = [{"format": "jaipur-puzzle/1", "position": position_to_json(game.state), "question": "What now?",
            "answers": [str(action) for action in legal_actions(game.state)[:answers]], "explanation": "Because."}
           for game, answers in zip(GAMES[:3], (0, 1, 3), strict=True) if game.state.phase == PLAY]

#: Values a mutation puts somewhere: the nasty ones the issue lists, and plain JSON.
NASTY = st.one_of(
    st.integers(-10 ** 40, 10 ** 40), st.just(10 ** 5000), st.just(-(10 ** 4400)),
    st.floats(allow_nan=True, allow_infinity=True), st.booleans(), st.none(),
    st.text(max_size=30), st.just("x" * 100_000), st.just("\u202e\U0001F42A\x00\ud800"),
    st.integers(0, 200).map(lambda depth: _nested(depth)),
    st.lists(st.integers(0, 60), max_size=70), st.just(["gold"] * 10_000),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=4),
    st.sampled_from(["play", "round_over", "game_over", "camel", "gold", "leather", "take gold",
                     "camels", "sell leather 2", "trade gold+silver for leather+cloth",
                     "jaipur-position/1", "jaipur-game/1", "jaipur-view/1"]),
)

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5),
    max_leaves=30)


def _nested(depth: int):
    value = []
    for _ in range(depth):
        value = [value] if depth % 2 else {"a": value}
    return value


def _paths(value, path=()):
    """Every path into a JSON value (keys and indexes), the root included."""
    yield path
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, path + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _paths(child, path + (index,))


@st.composite
def mutated(draw, originals):
    """A deep copy of one of `originals` with 1-3 random edits at random paths."""
    data = copy.deepcopy(draw(st.sampled_from(originals)))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(data))
        path = draw(st.sampled_from(paths[1:])) if len(paths) > 1 else ()
        if not path:
            break
        *parents, last = path
        holder = data
        for step in parents:
            holder = holder[step]
        edit = draw(st.sampled_from(("replace", "delete", "duplicate", "truncate")))
        if edit == "replace":
            holder[last] = copy.deepcopy(draw(NASTY))   # NASTY's lists are shared objects
        elif edit == "delete":
            del holder[last]
        elif edit == "duplicate" and isinstance(holder, list):
            holder.extend([holder[last]] * draw(st.integers(1, 500)))
        elif edit == "truncate" and isinstance(holder[last], list):
            del holder[last][draw(st.integers(0, len(holder[last]))):]
    return data


def typed_or_value(reader, *args):
    """Call a reader: it returns, or raises a JaipurError (anything else fails the test)."""
    try:
        return reader(*args)
    except JaipurError as error:
        message = str(error)
        assert message and "\n" not in message and len(message) < 1000, message
        return None


def check_record_bounds(game) -> None:
    if game is not None:
        assert len(game.record.rounds) <= MAX_ROUNDS
        assert all(len(r.actions) <= MAX_ACTIONS_PER_ROUND for r in game.record.rounds)


# --- arbitrary text and bytes ---

@given(text=st.text(max_size=300) | st.text(alphabet='[]{}",:0123456789.eE-\\ntrufalse ', max_size=300))
@FUZZ
def test_text_readers_on_arbitrary_text(text):
    typed_or_value(load_json, text)
    typed_or_value(parse_action, text)
    for prefix in ("", "#", "#position=", "#game="):
        result = typed_or_value(parse_fragment, prefix + text)
        if result and result[0] == "game":
            check_record_bounds(result[1])


@given(raw=st.binary(max_size=400))
@FUZZ
def test_readers_on_arbitrary_bytes_plain_and_deflated(raw):
    typed_or_value(load_json, raw)
    code = base64.urlsafe_b64encode(raw).decode().rstrip("=")
    inflated = typed_or_value(inflate, code)
    assert inflated is None or len(inflated) <= MAX_JSON_BYTES
    typed_or_value(parse_fragment, "#game=" + code)
    deflated = base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")
    typed_or_value(parse_fragment, "#position=" + deflated)


# --- parsed JSON of any shape, and mutated valid documents ---

@given(data=JSON_VALUES)
@FUZZ
def test_object_readers_on_arbitrary_json_values(data):
    typed_or_value(position_from_json, data)
    typed_or_value(view_from_json, data)
    typed_or_value(record_from_json, data)
    check_record_bounds(typed_or_value(Game.from_record_json, data))
    typed_or_value(puzzle_from_json, data)


@given(data=mutated(POSITIONS))
@FUZZ
def test_position_reader_on_mutated_positions(data):
    state = typed_or_value(position_from_json, data)
    if state is not None:   # accepted: then it is a real position that round-trips
        assert position_from_json(position_to_json(state)) == state


@given(data=mutated(VIEWS))
@FUZZ
def test_view_reader_on_mutated_views(data):
    view = typed_or_value(view_from_json, data)
    if view is not None:
        assert view_from_json(view.to_json()) == view


@given(data=mutated(RECORDS))
@FUZZ
def test_record_readers_on_mutated_records(data):
    typed_or_value(record_from_json, data)
    check_record_bounds(typed_or_value(Game.from_record_json, data))


@given(data=mutated(PUZZLES))
@FUZZ
def test_puzzle_reader_on_mutated_puzzles(data):
    puzzle = typed_or_value(puzzle_from_json, data)
    if puzzle is not None:   # accepted: a position in play, legal answers, and it round-trips
        assert puzzle.position.phase == PLAY and len(puzzle.question) <= 500
        assert all(action in legal_actions(puzzle.position) for action in puzzle.answers)
        assert puzzle_from_json(puzzle.to_json()) == puzzle


@given(data=mutated(RECORDS + POSITIONS), cut=st.integers(0, 10_000), as_text=st.booleans())
@FUZZ
def test_links_of_mutated_documents_whole_and_truncated(data, cut, as_text):
    """A link made from a mutated document, as the page would receive it: whole or cut short."""
    kind = "game" if data.get("format") == "jaipur-game/1" else "position"
    try:
        code = encode_data(data)
    except (ValueError, TypeError):   # the mutation made it unwritable as JSON (e.g. a 5000-digit int)
        return
    if as_text:
        code = json.dumps(data, allow_nan=True)
    for fragment in (f"#{kind}={code}", f"#{kind}={code[:cut % (len(code) + 1)]}"):
        result = typed_or_value(parse_fragment, fragment)
        if result and result[0] == "game":
            check_record_bounds(result[1])


# --- compressed bombs ---

BOMB = zlib.compress(b'{"format":"jaipur-game/1","players":["a","b"],"rounds":[{"actions":["' + b"camels" * 3_000_000,
                     9)


@given(cut=st.integers(0, len(BOMB)), flip=st.integers(0, len(BOMB) - 1), byte=st.integers(0, 255))
@settings(max_examples=40, deadline=None)
def test_bomb_compressed_links_whole_cut_or_damaged_inflate_within_the_limit(cut, flip, byte):
    for packed in (BOMB, BOMB[:cut], BOMB[:flip] + bytes([byte]) + BOMB[flip + 1:]):
        code = base64.urlsafe_b64encode(packed).decode().rstrip("=")
        inflated = typed_or_value(inflate, code)
        assert inflated is None or len(inflated) <= MAX_JSON_BYTES
        assert typed_or_value(parse_fragment, "#game=" + code) is None


# --- a typical real game passes untouched (the fuzzers' originals are valid) ---

def test_the_fuzzers_originals_are_all_valid():
    for data in POSITIONS:
        assert position_from_json(data)
    for data in VIEWS:
        assert view_from_json(data)
    for data, game in zip(RECORDS, GAMES, strict=True):
        assert Game.from_record_json(data).state == game.state
        assert parse_fragment("#game=" + encode_data(data))[1].state == game.state
    assert any(len(data["rounds"][0]["actions"]) > 50 for data in RECORDS)
    assert new_game(random.Random(0)).phase == PLAY and apply_legal


# --- the bounded loader reads exactly what json.loads reads, within the limits ---

def _same(a, b) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


@given(value=JSON_VALUES.filter(lambda v: v == v), indent=st.sampled_from([None, 1]))
@FUZZ
def test_load_json_agrees_with_json_loads_on_json_within_the_limits(value, indent):
    text = json.dumps(value, indent=indent, allow_nan=False) if _finite(value) else json.dumps(0)
    if any(len(token) > 32 for token in re.findall(r"[-0-9.eE+]{2,}", text)) or nesting_depth(text) > 32:
        return   # a long number (or a run of them in a string), deep nesting: see test_untrusted.py
    assert _same(load_json(text), json.loads(text))


@given(text=st.text(alphabet='[]{}",:0123456789.-\\ nul', max_size=80))
@FUZZ
def test_load_json_accepts_nothing_json_loads_refuses(text):
    try:
        value = load_json(text)
    except JaipurError:
        return
    assert _same(value, json.loads(text))


def _finite(value) -> bool:
    try:
        json.dumps(value, allow_nan=False)
        return True
    except ValueError:
        return False
