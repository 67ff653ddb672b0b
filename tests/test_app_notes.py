"""Annotated replays in the page (issue 28, item 2): notes shown and written in review, autoplay,
and playing on from a step. DOM-free: the runner with tests/app_fakes.FakeHost."""

from __future__ import annotations

import json
import re
from dataclasses import replace

from jaipur_core import Game, legal_actions
from jaipur_core.limits import MAX_NOTE_CHARS
from jaipur_core.share import game_fragment, parse_fragment, split_at
from pyscript_app.app.controls import Button
from pyscript_app.app.effects import After
from pyscript_app.app.events import AutoStepped, FileChosen, NoteEdited, Pressed, ReviewStepped
from pyscript_app.app.games import save_text
from pyscript_app.app.update import update
from pyscript_app.blog.notes import AUTOPLAY_MS
from pyscript_app.view.render import render
from tests.app_fakes import booted, press
from tests.e2e.records import game_cut_short


def _record() -> Game:
    """A real game (easy against easy) cut 10 actions before its end, annotated."""
    game = game_cut_short(3, 10)
    return (game.with_note(0, "The deal: watch the leather.").with_note(2, "Camels first, <b>why</b>?")
            .with_extra(title="A lesson & more", author="Ada"))


def _opened(at=None, **params):
    fragment = game_fragment(_record(), at)
    return booted(fragment="#" + fragment, **params)


def _note(html: str) -> str | None:
    found = re.search(r'data-testid="review-note"[^>]*>(.*?)</p>', html, re.S)
    return None if found is None else found.group(1)


def test_a_link_at_a_step_opens_the_review_there_with_its_note_title_and_author():
    host, runner = _opened(at=2)
    assert runner.state.review == 2
    assert _note(host.html) == "Camels first, &lt;b&gt;why&lt;/b&gt;?"
    assert 'data-testid="record-title" dir="auto">A lesson &amp; more</cite>' in host.html
    assert "by <bdi>Ada</bdi>" in host.html
    runner.dispatch(ReviewStepped("next"))
    assert _note(host.html) is None
    press(runner, "review-step", "first")
    assert _note(host.html) == "The deal: watch the leather."


def test_the_author_writes_a_note_and_export_and_the_game_link_keep_it():
    host, runner = _opened(at=5)
    press(runner, "note-write", "open")
    assert 'data-testid="note-edit"' in host.html and _note(host.html) is None
    assert 'for="note-edit"' in host.html  # a labelled field
    runner.dispatch(NoteEdited(5, "Here the market\nturns."))
    assert runner.state.game.note_at(5) == "Here the market\nturns."
    assert "kept on this page" in host.html  # a link's game is not saved: say how to keep the note
    press(runner, "note-write", "close")
    assert _note(host.html) == "Here the market\nturns."
    press(runner, "export")
    record = json.loads(host.downloads[-1][1])
    assert Game.from_record_json(record).note_at(5) == "Here the market\nturns."
    assert record["title"] == "A lesson & more" and record["author"] == "Ada"
    press(runner, "share")
    assert Game.from_record_json(_game_of(runner.state.share.game)).note_at(5) == "Here the market\nturns."


def _game_of(fragment: str) -> dict:
    kind, game = parse_fragment(split_at(fragment)[0])
    assert kind == "game"
    return game.to_record_json()


def test_a_note_is_removed_by_emptying_the_field_and_the_field_stays_open_from_step_to_step():
    host, runner = _opened(at=2)
    press(runner, "note-write", "open")
    runner.dispatch(NoteEdited(2, "  "))
    assert runner.state.game.note_at(2) is None and "removed" in host.html
    runner.dispatch(ReviewStepped("first"))
    assert 'data-testid="note-edit"' in host.html and "watch the leather" in host.html


def test_a_note_past_the_limit_is_refused_with_a_readable_message():
    host, runner = _opened(at=1)
    runner.dispatch(NoteEdited(1, "x" * (MAX_NOTE_CHARS + 1)))
    assert runner.state.game.note_at(1) is None
    assert runner.state.note.kind == "error" and "at most 2000 characters; this one has 2001" in host.html
    press(runner, "note-write", "open")
    assert 'maxlength="2000"' in host.html  # the field itself takes no more


def test_a_note_of_the_players_own_game_is_saved_with_it():
    record = _record().to_record_json()
    host2, runner2 = booted()
    # an imported record: it is then the game saved at home (the computer answers first if to move)
    runner2.dispatch(FileChosen("game.json", json.dumps(record)))
    host2.run()
    press(runner2, "review")
    assert runner2.state.review is not None
    runner2.dispatch(NoteEdited(runner2.state.review, "Saved with the game."))
    saved = host2.storage["jaipur.save"]
    assert "Saved with the game." in saved
    assert "is saved" in host2.html


def test_autoplay_steps_every_1_5_seconds_to_the_end_and_stops_there():
    host, runner = _opened(at=None)
    press(runner, "review")  # a #game= link without at= is played on; its review opens at the last step
    last = runner.state.review
    press(runner, "review-step", "prev")
    press(runner, "review-step", "prev")
    at = runner.state.review
    state, effects = update(runner.state, Pressed(Button.AUTOPLAY, "play"))
    assert effects == (After(AUTOPLAY_MS, AutoStepped(at, state.token)),) and AUTOPLAY_MS == 1500
    assert 'aria-pressed="true"' in render(state).html() and "Pause" in render(state).html()
    state, effects = update(state, effects[0].event)
    assert state.review == at + 1 and effects == (After(AUTOPLAY_MS, AutoStepped(at + 1, state.token)),)
    state, effects = update(state, effects[0].event)
    assert state.review == last and effects == () and not state.autoplaying
    state, effects = update(state, Pressed(Button.AUTOPLAY, "play"))  # at the end: again from the start
    assert state.review == 0 and effects == (After(AUTOPLAY_MS, AutoStepped(0, state.token)),)


def test_pause_or_a_step_by_hand_ends_the_running_chain():
    host, runner = _opened(at=1)
    press(runner, "autoplay", "play")
    stale = AutoStepped(1, runner.state.token)
    press(runner, "review-step", "next")  # autoplay goes on from step 2; the timer of step 1 is stale
    assert runner.state.review == 2 and runner.state.autoplaying
    runner.dispatch(stale)
    assert runner.state.review == 2
    press(runner, "autoplay", "pause")
    runner.dispatch(AutoStepped(2, runner.state.token))
    assert runner.state.review == 2 and not runner.state.autoplaying and "Play" in host.html


def test_play_from_here_starts_a_game_from_the_step_with_the_reader_to_move():
    host, runner = _opened(at=4)
    shown = runner.state.game.steps()[4][3]
    press(runner, "play-from-here")
    state = runner.state
    assert state.review is None and state.mode == "computer" and state.seat == shown.to_move
    assert state.game.state == shown and state.game.actions_played == 0
    assert state.save_key == "jaipur.save" and "jaipur.save" in host.storage
    assert "you play on against the computer" in host.html


def test_play_from_here_keeps_the_saved_game_behind_the_link():
    home_host, home = booted()
    home_host.run()
    line = home.state.game.play(legal_actions(home.state.game.state)[0])
    text = save_text(replace(home.state, line=line))
    host, runner = booted(storage={"jaipur.save": text}, fragment="#" + game_fragment(_record(), 4))
    assert runner.state.home_text == text
    press(runner, "play-from-here")
    assert runner.state.kept and runner.state.kept[0].text == text
    assert "jaipur.kept" in host.storage and host.storage["jaipur.save"] != text
    assert 'data-testid="offer-resume"' in host.html



def test_a_finished_game_is_kept_when_replaced_once_it_has_notes():
    finished = game_cut_short(3, 0)  # the whole game
    assert finished.state.phase == "game_over"
    for annotate, kept in ((False, 0), (True, 1)):
        host, runner = booted()
        runner.dispatch(FileChosen("game.json", json.dumps(finished.to_record_json())))
        press(runner, "review")
        if annotate:
            runner.dispatch(NoteEdited(4, "Worth keeping."))
        press(runner, "new-game")
        assert len(runner.state.kept) == kept
    assert "Worth keeping." in runner.state.kept[0].text and "Worth keeping." in host.storage["jaipur.kept"]
    assert 'data-testid="offer-resume"' in host.html


def test_closing_the_review_stops_autoplay_and_closes_the_note_field():
    host, runner = _opened(at=1)
    press(runner, "autoplay", "play")
    press(runner, "review-close")
    runner.dispatch(AutoStepped(1, runner.state.token))  # the chain's timer, after the close
    press(runner, "review")
    assert not runner.state.autoplaying and 'data-value="play"' in host.html
    press(runner, "note-write", "open")
    press(runner, "review-close")
    press(runner, "review")
    assert 'data-testid="note-edit"' not in host.html
