"""The review's steps: each round's deal is a step (issue 28, item 2: a note on the deal of round 2
or later), and links name a step by the game's actions (`at=N`) or by a round's own step
(`round=R&at=N`, as the record's notes count) — links written before keep their meaning.

The record is a real 3-round game (easy against easy, tests/e2e/records.py) whose rounds have 55,
49 and 43 actions: round 1 is steps 0..55, round 2's deal step 56, round 3's deal step 106.
"""

from __future__ import annotations

import json

import pytest

from jaipur_core import Game
from jaipur_core.share import LinkStep, game_fragment, parse_fragment, split_at, split_step
from pyscript_app.app.events import AutoStepped, NoteEdited
from pyscript_app.coach.state import review_step
from tests.app_fakes import booted, press, started
from tests.e2e.records import game_cut_short
from tests.test_app_maker import snippet, with_art

LENGTHS = (55, 49, 43)
ROUND_2_DEAL, ROUND_3_DEAL, LAST = 56, 106, 149


def _game() -> Game:
    game = game_cut_short(3, 10)
    assert tuple(len(played.actions) for played in game.rounds) == LENGTHS
    return game


# --- the step model ----------------------------------------------------------------------------

def test_every_step_of_a_three_round_record_is_visited_once_in_order():
    game = _game()
    steps = game.steps()
    places = [game.step_place(step) for step in range(len(steps))]
    expected = [(index, at) for index, length in enumerate(LENGTHS) for at in range(length + 1)]
    assert places == expected and len(steps) == LAST + 1 == game.actions_played + len(LENGTHS)
    for step, (index, at) in enumerate(places):
        number, action, before, after = steps[step]
        assert number == index + 1 and after == game.rounds[index].positions()[at]
        assert (action is None) == (at == 0) and (before is None) == (at == 0)
        if at:
            assert action == game.rounds[index].actions[at - 1] and before == game.rounds[index].positions()[at - 1]
        assert game.step_of(index + 1, at) == step  # the round's own numbering, back to the step


def test_a_later_deal_is_its_own_step_between_the_rounds_end_and_its_first_action():
    game = _game()
    steps = game.steps()
    end, deal, first = steps[ROUND_2_DEAL - 1], steps[ROUND_2_DEAL], steps[ROUND_2_DEAL + 1]
    assert end[3].phase == "round_over" and end[3].round == 1
    assert deal == (2, None, None, game.rounds[1].start) and deal[3].phase == "play"
    assert first[2] == deal[3] and first[1] == game.rounds[1].actions[0]


@pytest.mark.parametrize(("actions", "step"), [
    (0, 0), (1, 1), (55, 55),                  # round 1: its end is action 55, never round 2's deal
    (56, ROUND_2_DEAL + 1), (104, ROUND_3_DEAL - 1), (105, ROUND_3_DEAL + 1),
    (147, LAST), (148, LAST), (999_999, LAST),  # past the end: cut to the last step
])
def test_a_games_action_count_names_the_step_it_always_did(actions, step):
    game = _game()
    assert game.step_after(actions) == step
    if actions <= game.actions_played:
        assert game.actions_before(step) == actions


@pytest.mark.parametrize(("round_number", "at", "step"), [
    (1, 0, 0), (1, 55, 55), (2, 0, ROUND_2_DEAL), (2, 1, ROUND_2_DEAL + 1), (2, 49, ROUND_3_DEAL - 1),
    (3, 0, ROUND_3_DEAL), (3, 43, LAST),
    (2, 50, ROUND_3_DEAL - 1), (3, 999_999, LAST),   # past the round's end: its last step
    (0, 0, 0), (4, 0, LAST - 43), (999_999, 5, ROUND_3_DEAL + 5),  # a round out of range: the nearest
])
def test_a_rounds_own_step_names_a_step_cut_to_the_nearest(round_number, at, step):
    assert _game().step_of(round_number, at) == step


@pytest.mark.parametrize(("fragment", "code", "step"), [
    ("game=C", "game=C", None),
    ("game=C&at=7", "game=C", LinkStep(None, 7)),
    ("game=C&round=2&at=0", "game=C", LinkStep(2, 0)),
    ("game=C&at=3&round=2", "game=C", LinkStep(2, 3)),         # either order
    ("game=C&round=3", "game=C", LinkStep(3, 0)),              # a round alone: its deal
    ("game=C&round=0&at=0", "game=C", LinkStep(0, 0)),         # read as written; cut when opened
    ("game=C&at=1234567", "game=C&at=1234567", None),          # more than 6 digits: not a step
    ("game=C&at=-1", "game=C&at=-1", None),
    ("game=C&round=x&at=2", "game=C&round=x", LinkStep(None, 2)),
    ('position={"a":"b&c"}&at=2', 'position={"a":"b&c"}', LinkStep(None, 2)),  # a JSON link's own &
])
def test_a_links_step_is_read_off_its_end(fragment, code, step):
    assert split_step(fragment) == (code, step)
    assert split_at(fragment) == (code, None if step is None else step.at)


@pytest.mark.parametrize(("step", "suffix"), [
    (0, "&at=0"), (55, "&at=55"), (ROUND_2_DEAL, "&round=2&at=0"), (ROUND_2_DEAL + 1, "&at=56"),
    (ROUND_3_DEAL, "&round=3&at=0"), (LAST, "&at=147"),
])
def test_the_page_writes_at_n_for_every_step_but_a_later_deal(step, suffix):
    """An older build reads `&at=N` as this one does; only a later deal needs `round=`."""
    game = _game()
    fragment = game_fragment(game, step)
    assert fragment.endswith(suffix) and fragment.count("&") == suffix.count("&")
    _code, named = split_step(fragment)
    assert named is not None and named.review_step(game) == step


# --- in the page: opening, cutting, writing and keeping a later deal's note ----------------------

def _opened(suffix: str, game: Game | None = None):
    return booted(fragment="#" + game_fragment(game or _game()) + suffix)


@pytest.mark.parametrize(("suffix", "review"), [
    ("&round=2&at=0", ROUND_2_DEAL), ("&round=3&at=5", ROUND_3_DEAL + 5), ("&at=55", 55), ("&at=56", 57),
    ("&round=9&at=0", ROUND_3_DEAL), ("&round=2&at=999", ROUND_3_DEAL - 1), ("&round=0&at=3", 3),
    ("&at=999999", LAST),
])
def test_a_link_opens_the_review_at_its_step_cut_to_a_real_one_never_an_error(suffix, review):
    host, runner = _opened(suffix)
    assert runner.state.review == review and runner.state.note.kind != "error"
    assert f'data-testid="review" data-at="{review}"' in host.html


def test_the_review_steps_from_a_rounds_end_onto_the_next_deal_and_says_so():
    host, runner = _opened("&at=55")
    assert 'data-round="1" data-round-at="55"' in host.html and "Action 55 of 147" in host.html
    press(runner, "review-step", "next")
    assert runner.state.review == ROUND_2_DEAL
    assert 'data-round="2" data-round-at="0"' in host.html
    assert "The deal of round 2, after action 55 of 147" in host.html
    press(runner, "review-step", "next")
    assert 'data-round="2" data-round-at="1"' in host.html and "Action 56 of 147" in host.html
    press(runner, "review-step", "prev")
    press(runner, "review-step", "prev")
    assert runner.state.review == 55


def test_a_later_deals_note_is_written_there_and_kept_by_export_and_the_link():
    host, runner = _opened("&round=2&at=0")
    press(runner, "note-write", "open")
    assert "Note at the deal of round 2" in host.html and f'data-value="{ROUND_2_DEAL}"' in host.html
    runner.dispatch(NoteEdited(ROUND_2_DEAL, "Round two: the market is all camels."))
    assert runner.state.game.rounds[1].notes == ((0, "Round two: the market is all camels."),)
    assert runner.state.game.rounds[0].notes == ()  # not round 1's end
    assert "The note at the deal of round 2 is kept on this page" in host.html
    press(runner, "export")
    record = json.loads(host.downloads[-1][1])
    assert record["rounds"][1]["notes"] == {"0": "Round two: the market is all camels."}
    assert "notes" not in record["rounds"][0]
    press(runner, "share")
    link = runner.state.share.game
    assert link.endswith("&round=2&at=0") and "the deal of round 2 in the review" in host.html
    reader_host, reader = booted(fragment="#" + link)  # the reader opens the link: the same step, its note
    assert reader.state.review == ROUND_2_DEAL
    assert 'data-testid="review-note" data-at="56" dir="auto">Round two: the market is all camels.' in reader_host.html
    kind, again = parse_fragment(split_step(link)[0])
    assert kind == "game" and again.note_at(ROUND_2_DEAL) == "Round two: the market is all camels."


def test_autoplay_and_play_from_here_take_a_later_deal_as_a_step():
    host, runner = _opened("&at=55")
    press(runner, "autoplay", "play")
    runner.dispatch(AutoStepped(55, runner.state.token))
    assert runner.state.review == ROUND_2_DEAL and runner.state.autoplaying
    press(runner, "autoplay", "pause")
    dealt = _game().rounds[1].start
    press(runner, "play-from-here")
    assert runner.state.review is None and runner.state.game.state == dealt
    assert "A new game from the deal of round 2 of the record" in host.html


@pytest.mark.parametrize(("round_number", "judged_step", "step"), [
    (1, 0, 1), (1, 54, 55), (2, 0, ROUND_2_DEAL + 1), (2, 48, ROUND_3_DEAL - 1), (3, 0, ROUND_3_DEAL + 1),
    (3, 42, LAST),
])
def test_the_analysis_puts_each_judged_move_on_the_step_that_shows_it(round_number, judged_step, step):
    """An analysis judges (round, the round's action index): its chart point opens that move's step."""
    game = _game()
    assert review_step(game, round_number, judged_step) == step
    assert game.steps()[step][1] == game.rounds[round_number - 1].actions[judged_step]


def test_the_diagram_and_the_embed_maker_keep_a_later_deal_with_its_note():
    game = _game().with_note(ROUND_2_DEAL, "A new deal: five camels in the market?")
    host, runner = with_art(*started(fragment="#" + game_fragment(game, ROUND_2_DEAL)))
    press(runner, "diagram")
    name, svg = host.downloads[-1]
    assert name.startswith(f"jaipur-diagram-step-{ROUND_2_DEAL}-") and "A new deal: five camels" in svg
    press(runner, "share")
    assert "this step (the deal of round 2)" in host.html
    text = snippet(host)
    assert "&amp;round=2&amp;at=0" in text and "Jaipur: A new deal: five camels in the market?" in text
    press(runner, "maker", "start:first")
    assert "round=" not in snippet(host) and "&amp;at=" not in snippet(host)
