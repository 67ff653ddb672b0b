"""Many embeds on one post (issue 28, item 7): each embedded table keeps its own save."""

from __future__ import annotations

import json

import pytest

from jaipur_core import Game, legal_actions
from jaipur_core.share import game_fragment, position_fragment
from pyscript_app.app.saves import (
    EMBED_INDEX_KEY,
    EMBED_SAVE_KEY,
    EMBED_SAVES_LIMIT,
    SAVE_KEY,
    decode_save,
    home_key,
    kept_key,
    touched_index,
)
from tests.app_fakes import booted, play_by_selection

FAST = {"pause": "0", "level": "easy"}


def link(seed: int) -> str:
    return "#" + position_fragment(Game.new(seed=seed, first=0).state)


def a_frame(storage, fragment, **params):
    """Boot an embedded table sharing `storage` (one origin's localStorage) and play nothing."""
    return booted(storage, fragment, embed=True, **{**FAST, **params})


def play_a_move(runner, host):
    play_by_selection(runner, legal_actions(runner.state.line.state)[0])
    host.run()  # the computer's reply


# --- the keys ----------------------------------------------------------------------------

def test_the_main_page_and_a_bare_frame_keep_their_keys():
    assert home_key(False, {"seed": "3"}, "#position=x") == SAVE_KEY
    assert home_key(True, {}, "") == EMBED_SAVE_KEY
    assert home_key(True, {"lang": "fa", "show": "tools,log", "pause": "0"}, "") == EMBED_SAVE_KEY


@pytest.mark.parametrize("first, second", [
    (({}, "#position=A"), ({}, "#position=B")),                 # two links
    (({"id": "1"}, "#position=A"), ({"id": "2"}, "#position=A")),  # one link, two ids
    (({"id": "left"}, ""), ({"id": "right"}, "")),              # two bare frames told apart
    (({"seed": "4"}, ""), ({"seed": "5"}, "")),                 # two dealt games
    (({}, "#game=G"), ({}, "#game=G&at=3")),                    # the author moved the opening step
])
def test_frames_that_show_different_games_get_different_keys(first, second):
    one, other = home_key(True, *first), home_key(True, *second)
    assert one != other
    for key in (one, other):
        assert key.startswith("jaipur.embed.") and key.endswith(".save") and key != EMBED_SAVE_KEY


def test_a_frames_key_ignores_its_looks_and_is_stable():
    plain = home_key(True, {}, "#position=A")
    assert home_key(True, {"lang": "tr", "show": "log", "pause": "0"}, "position=A") == plain
    assert plain == home_key(True, {}, "#position=A")
    assert kept_key(plain) == plain.removesuffix(".save") + ".kept"


def test_the_index_puts_the_frame_first_and_drops_past_the_limit():
    text, dropped = touched_index(None, "jaipur.embed.a.save", limit=2)
    assert json.loads(text) == ["jaipur.embed.a.save"] and dropped == ()
    text, dropped = touched_index(text, "jaipur.embed.b.save", limit=2)
    text, dropped = touched_index(text, "jaipur.embed.a.save", limit=2)  # a used again: first, not twice
    assert json.loads(text) == ["jaipur.embed.a.save", "jaipur.embed.b.save"] and dropped == ()
    text, dropped = touched_index(text, "jaipur.embed.c.save", limit=2)
    assert json.loads(text) == ["jaipur.embed.c.save", "jaipur.embed.a.save"]
    assert dropped == ("jaipur.embed.b.save",)


@pytest.mark.parametrize("bad", ["not json", "{}", "[1, null, \"jaipur.save\"]"])
def test_an_unreadable_index_starts_again_and_never_drops_the_players_save(bad):
    text, dropped = touched_index(bad, "jaipur.embed.a.save")
    assert json.loads(text) == ["jaipur.embed.a.save"] and dropped == ()


# --- frames on one post ----------------------------------------------------------------------

def test_play_in_one_frame_never_changes_another_also_after_a_reload():
    storage: dict = {}
    host_a, frame_a = a_frame(storage, link(11))
    untouched_b = a_frame(storage, link(12))[1].state.line
    play_a_move(frame_a, host_a)
    played = frame_a.state.line
    assert played.actions_played == 2
    storage = host_a.storage
    # the reader reloads the post: each frame boots again from the same storage
    again_b = a_frame(storage, link(12))[1].state
    assert again_b.line.rounds == untouched_b.rounds
    again_a = a_frame(storage, link(11))[1].state
    assert again_a.line.rounds == played.rounds and again_a.note.parts[0][0] == "resumed"


def test_an_untouched_frame_stores_nothing_but_its_place_in_the_index():
    host, runner = a_frame({}, link(11))
    key = runner.state.save_key
    assert key == home_key(True, dict(FAST), link(11))
    assert set(host.storage) == {EMBED_INDEX_KEY} and json.loads(host.storage[EMBED_INDEX_KEY]) == [key]
    play_a_move(runner, host)
    assert decode_save(host.storage[key])[0].rounds == runner.state.line.rounds


def test_an_edited_link_starts_fresh_from_the_new_link():
    host, runner = a_frame({}, link(11))
    play_a_move(runner, host)
    fresh = a_frame(host.storage, link(13))[1].state
    assert fresh.line.actions_played == 0 and fresh.line.state == Game.new(seed=13, first=0).state
    assert fresh.note.parts[0][0] == "link-loaded"


def test_a_record_frame_resumes_the_readers_game_and_stays_reviewable():
    game = Game.new(seed=21, first=0)
    fragment = "#" + game_fragment(game)
    host, runner = a_frame({}, fragment)
    play_a_move(runner, host)
    again = a_frame(host.storage, fragment)[1].state
    assert again.line.rounds == runner.state.line.rounds and again.reviewable


def test_a_puzzle_frame_always_opens_its_puzzle():
    from jaipur_core import Puzzle
    from jaipur_core.share import puzzle_fragment
    state = Game.new(seed=8, first=0).state
    fragment = "#" + puzzle_fragment(Puzzle(state, "What now?", (legal_actions(state)[0],), "Because."))
    host, runner = a_frame({}, fragment)
    assert runner.state.puzzle is not None and runner.state.save_key is None
    key = home_key(True, dict(FAST), fragment)
    host.storage[key] = host.storage.get(key) or _a_save(seed=8)  # even a save under its key
    assert a_frame(host.storage, fragment)[1].state.puzzle is not None


def _a_save(seed):
    from pyscript_app.app.saves import encode_save
    return encode_save(Game.new(seed=seed, first=0), "easy", 0, "you")


def test_the_number_of_frame_saves_is_bounded_oldest_dropped():
    storage: dict = {}
    keys = []
    for seed in range(EMBED_SAVES_LIMIT + 1):
        host, runner = a_frame(storage, link(100 + seed))
        play_a_move(runner, host)
        keys.append(runner.state.save_key)
        host.storage[kept_key(runner.state.save_key)] = "[]"
        storage = host.storage
    assert keys[0] not in storage and kept_key(keys[0]) not in storage  # the oldest went
    assert all(key in storage for key in keys[1:])
    assert json.loads(storage[EMBED_INDEX_KEY]) == keys[::-1][:EMBED_SAVES_LIMIT]


def test_a_bare_frame_keeps_the_one_shared_save_and_no_index():
    host, runner = booted({}, "", embed=True, pause="0")  # no game-choosing parameter, no link
    assert runner.state.save_key == EMBED_SAVE_KEY and EMBED_INDEX_KEY not in host.storage
    assert EMBED_SAVE_KEY in host.storage
