"""Links that last (issue 28, item 5): links written today open to the same table in every later build.

tests/data/links/links.json holds links written by the build of 2026-12-01 — positions, game
records with notes (and a title and author), `&at=N`, puzzles (with and without answers), links
from before links had a version, a hand-written JSON link — each with what it must open to;
links-rounds.json, links written by the build of 2026-12-02, when a later round's deal became a
review step of its own: `&round=R&at=N` (round R's own step, its deal 0) and `&at=N` (the game's
actions, as before) in a 3-round record with notes on its later deals, each with the note shown.
It is data, never regenerated: a later build that changes what a link means adds files, it
does not rewrite these. Each link is read by jaipur_core.share (as the command line and any
reader would) and by the page's boot (pyscript_app.app.boot, through the runner with a fake host:
no browser needed).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jaipur_core import Game, position_to_json
from jaipur_core.share import (
    LINK_VERSION,
    InvalidShareError,
    encode_data,
    game_fragment,
    parse_fragment,
    position_fragment,
    split_step,
)
from tests.app_fakes import booted

STORED = sorted((Path(__file__).parent / "data" / "links").glob("*.json"))
LINKS = [entry for path in STORED for entry in json.loads(path.read_text(encoding="utf-8"))["links"]]
ids = [entry["name"] for entry in LINKS]


def _fragment(entry) -> str:
    return entry["link"].split("#", 1)[1]


def _record_core(data: dict) -> dict:
    """What a record says of the game (the page adds how it goes on: opponent, human_seat, level)."""
    return {key: data.get(key) for key in ("format", "players", "rounds", "title", "author", "seed")}


@pytest.mark.parametrize("entry", LINKS, ids=ids)
def test_a_stored_link_reads_back_to_what_it_was_made_of(entry):
    code, step = split_step(_fragment(entry))
    kind, value = parse_fragment(code)
    assert kind == entry["kind"]
    named = (None, None) if step is None else (step.round, step.at)
    assert named == (entry.get("round"), entry["at"])
    if kind == "position":
        assert position_to_json(value) == entry["expected"]
    elif kind == "game":
        assert value.to_record_json() == entry["expected"]
        if step is not None:
            assert position_to_json(value.steps()[step.review_step(value)][3]) == entry["shown"]
    else:
        assert value.to_json() == entry["expected"]


@pytest.mark.parametrize("entry", LINKS, ids=ids)
def test_the_page_boots_a_stored_link_to_the_same_table(entry):
    host, runner = booted(fragment="#" + _fragment(entry))
    state = runner.state
    assert state.note is not None and state.note.kind != "error", state.note
    expected = entry["expected"]
    if entry["kind"] == "position":
        assert position_to_json(state.game.state) == expected and state.puzzle is None
    elif entry["kind"] == "game":
        assert _record_core(state.game.to_record_json()) == _record_core(expected)
        assert (state.review is None) == (entry["at"] is None)
        if entry["at"] is not None:  # the same step: the same table, named as the link names it
            assert position_to_json(state.game.steps()[state.review][3]) == entry["shown"]
            if entry.get("round") is None:
                assert state.game.actions_before(state.review) == entry["at"]
            else:
                assert state.game.step_place(state.review) == (entry["round"] - 1, entry["at"])
            if "note" in entry:
                assert state.game.note_at(state.review) == entry["note"]
                assert (entry["note"] is None) == ('data-testid="review-note"' not in host.html)
    else:
        assert state.puzzle is not None and state.puzzle.puzzle.to_json() == expected
        assert position_to_json(state.game.state) == expected["position"]
        assert state.seat == expected["position"]["to_move"]
        html = host.html
        assert 'data-testid="puzzle-question"' in html and 'data-verdict' not in html
        if expected["explanation"]:
            assert expected["explanation"].split()[0] not in html.split('data-testid="puzzle"', 1)[1]


def test_the_stored_set_covers_every_kind_of_link():
    kinds = {(entry["kind"], entry["at"] is not None, "v1." in entry["link"]) for entry in LINKS}
    assert {("position", False, True), ("game", False, True), ("game", True, True), ("puzzle", False, True),
            ("position", False, False), ("game", True, False)} <= kinds
    assert any(entry["expected"].get("rounds", [{}])[0].get("notes") for entry in LINKS)
    assert any(entry["kind"] == "puzzle" and not entry["expected"]["answers"] for entry in LINKS)
    later_deals = [entry for entry in LINKS if (entry.get("round") or 1) > 1 and entry["at"] == 0]
    assert later_deals and all(entry["note"] for entry in later_deals)  # a later deal's note, by link


# --- the version ------------------------------------------------------------------------------

def test_every_link_is_written_with_its_version():
    game = Game.new(seed=3)
    assert LINK_VERSION == 1
    assert position_fragment(game.state).startswith("position=v1.")
    assert game_fragment(game, 0).startswith("game=v1.") and game_fragment(game, 0).endswith("&at=0")


def test_a_link_without_a_version_is_read_as_version_1():
    game = Game.new(seed=3)
    kind, state = parse_fragment("#position=" + encode_data(position_to_json(game.state)))
    assert kind == "position" and state == game.state


@pytest.mark.parametrize("version", ["v2", "v0", "v10"])
def test_a_link_of_another_version_is_refused_saying_so(version):
    code = encode_data(position_to_json(Game.new(seed=3).state))
    with pytest.raises(InvalidShareError, match="another version of the page"):
        parse_fragment(f"#position={version}.{code}")


def test_the_page_says_a_link_of_another_version_cannot_be_opened():
    code = encode_data(position_to_json(Game.new(seed=3).state))
    host, runner = booted(fragment=f"#position=v2.{code}")
    assert runner.state.note is not None and runner.state.note.kind == "error"
    assert "another version of the page" in host.html
