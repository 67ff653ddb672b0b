"""Notes of an annotated replay: a game's review steps carry notes, set immutably (issue 28, item 2)."""

from __future__ import annotations

import random

import pytest

from jaipur_core import Game, InvalidRecordError, legal_actions
from jaipur_core.limits import MAX_NOTE_CHARS


def _two_rounds(seed: int = 3) -> Game:
    """A game played at random into its second round, three actions deep."""
    game = Game.new(seed=seed, first=0)
    rng = random.Random(seed)
    while len(game.rounds) < 2 or len(game.rounds[-1].actions) < 3:
        if game.state.phase == "round_over":
            game = game.next_round()
        else:
            game = game.play(rng.choice(legal_actions(game.state)))
    return game


def test_every_review_step_has_one_place_in_the_record():
    game = _two_rounds()
    first = len(game.rounds[0].actions)
    steps = game.steps()
    places = [game.step_place(step) for step in range(len(steps))]
    assert places[0] == (0, 0)
    assert places[first] == (0, first)          # the first round's end
    assert places[first + 1] == (1, 0)          # the second round's deal: a step of its own
    assert places[first + 2] == (1, 1)          # the second round's first action
    assert places[-1] == (1, 3)
    assert len(set(places)) == len(places)
    for step, (index, at) in enumerate(places):  # the place holds the step's position
        assert game.rounds[index].positions()[at] == steps[step][3]


@pytest.mark.parametrize("step", [-1, 10_000])
def test_a_step_outside_the_game_has_no_place(step):
    with pytest.raises(IndexError):
        _two_rounds().step_place(step)


def test_a_note_is_set_on_a_new_game_and_the_old_one_is_unchanged():
    game = _two_rounds()
    last = len(game.steps()) - 1
    noted = game.with_note(2, "Why not the camels?").with_note(last, "Second round, third move.")
    assert game.note_at(2) is None and game.to_record_json() == _two_rounds().to_record_json()
    assert noted.note_at(2) == "Why not the camels?"
    assert noted.note_at(last) == "Second round, third move."
    assert noted.rounds[1].notes == ((3, "Second round, third move."),)
    assert noted.state == game.state and noted.steps() == game.steps()


def test_notes_go_through_the_record_and_back():
    game = _two_rounds().with_note(0, "The deal.").with_note(5, "A <b>bold</b> & plain note")
    again = Game.from_record_json(game.to_record_json())
    assert again.note_at(0) == "The deal." and again.note_at(5) == "A <b>bold</b> & plain note"
    assert again.to_record_json() == game.to_record_json()


def test_a_note_is_replaced_and_a_blank_one_removed():
    game = _two_rounds().with_note(1, "first").with_note(1, "second")
    assert game.note_at(1) == "second"
    assert game.with_note(1, "  \n").note_at(1) is None
    assert game.with_note(1, None).rounds[0].notes == ()
    assert "notes" not in game.with_note(1, "").to_record_json()["rounds"][0]


def test_a_note_past_the_limit_is_refused_as_the_reader_would():
    game = _two_rounds()
    assert game.with_note(1, "x" * MAX_NOTE_CHARS).note_at(1) == "x" * MAX_NOTE_CHARS
    with pytest.raises(InvalidRecordError, match="the limit is 2,000"):
        game.with_note(1, "x" * (MAX_NOTE_CHARS + 1))


def test_notes_survive_play_and_go_with_the_steps_taken_back():
    game = _two_rounds()
    last = len(game.steps()) - 1
    noted = game.with_note(last, "kept?").with_note(last - 1, "kept")
    back = noted.take_back(1)
    assert back.note_at(last - 1) == "kept" and back.rounds[-1].note(3) is None
