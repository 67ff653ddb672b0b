"""Game flow through the runner with a fake host: turns, AI slices, saves, import/export, links."""

import json
import random

import pytest

from jaipur_core import Game, legal_actions, position_to_json, view_of
from jaipur_core.share import game_fragment, parse_fragment, position_fragment
from pyscript_app.app.events import FileChosen
from pyscript_app.app.saves import SAVE_KEY
from tests.app_fakes import booted, play_by_selection, press, started


def position(runner):
    return runner.state.line.state


def test_starts_ready_and_renders():
    host, runner = started(seed=3, first="you")
    assert host.ready and 'data-testid="table"' in host.html
    assert runner.state.line.seed == 3 and position(runner).to_move == 0


def test_computer_moves_after_the_human_in_slices():
    host, runner = started(seed=3, first="you", level="easy")
    play_by_selection(runner, legal_actions(position(runner))[0])
    assert host.queue, "the computer's turn is scheduled, not run inline"
    host.run()
    assert position(runner).to_move == 0 and runner.state.line.actions_played == 2
    assert runner.state.log[-1].startswith("Computer ") and runner.state.last_move == runner.state.log[-1]
    assert runner.state.log[-1] in host.screen.last_move  # announced in the live region


def test_illegal_click_explains_and_changes_nothing():
    host, runner = started(seed=3, first="you")
    before = position_to_json(position(runner))
    press(runner, "select", zone="market", index="0")
    press(runner, "select", zone="market", index="1")
    press(runner, "play", "take")
    assert host.screen.message_kind == "error" and "Trade" in host.screen.message
    assert position_to_json(position(runner)) == before


def test_a_second_quick_click_during_the_computers_turn_says_nothing():
    host, runner = started(seed=3, first="you", level="easy")
    action = legal_actions(position(runner))[0]
    play_by_selection(runner, action)
    assert runner.state.search is not None and runner.state.search.purpose == "ai"
    press(runner, "play", action.kind)          # the same button again, before the computer moved
    assert runner.state.note is None and "Wait" not in host.html
    host.run()
    assert runner.state.line.actions_played == 2


def test_autosave_and_resume_round_trip():
    host, runner = started(seed=11, first="you", level="hard")
    play_by_selection(runner, legal_actions(position(runner))[-1])
    host.run()
    saved = json.loads(host.storage[SAVE_KEY])
    assert saved["format"] == "jaipur-save/1" and saved["level"] == "hard" and saved["human_seat"] == 0
    assert saved["record"]["format"] == "jaipur-game/1"
    host2, resumed = started(host.storage)
    assert position_to_json(position(resumed)) == position_to_json(position(runner))
    assert resumed.state.level == "hard" and resumed.state.log == runner.state.log
    assert "resumed" in host2.screen.message


def test_seed_param_starts_over_only_for_a_different_game_and_keeps_the_old_one():
    host, runner = started(seed=11, first="you")
    play_by_selection(runner, legal_actions(position(runner))[0])
    host.run()
    host2, same = started(host.storage, seed=11)
    assert position(same) == position(runner) and not same.state.kept
    host3, other = started(host.storage, seed=12, first="you")
    assert other.state.line.seed == 12
    assert "was kept" in host3.screen.message and 'data-action="resume"' in host3.screen.message
    kept = json.loads(host3.storage["jaipur.kept"])
    assert len(kept) == 1 and kept[0]["record"]["seed"] == 11
    press(other, "resume", "0")                  # the offer in the message line
    assert position(other) == position(runner) and "resumed" in host3.screen.message
    assert json.loads(host3.storage["jaipur.kept"]) == []   # a fresh game with no move is not kept


@pytest.mark.parametrize("text", ["{not json", json.dumps({"format": "other"}),
                                  json.dumps({"format": "jaipur-save/1", "record": {"format": "x"},
                                              "level": "easy", "human_seat": 0})])
def test_corrupt_or_foreign_save_is_set_aside_and_reported(text):
    host, runner = started({SAVE_KEY: text}, seed=4)
    aside = [key for key in host.storage if key.startswith(SAVE_KEY + ".corrupt-")]
    assert len(aside) == 1 and host.storage[aside[0]] == text
    assert host.screen.message_kind == "error" and aside[0] in host.screen.message
    assert json.loads(host.storage[SAVE_KEY])["format"] == "jaipur-save/1"  # the new game


def test_export_and_import_round_trip_keeps_the_replaced_game():
    host, runner = started(seed=8, first="you")
    play_by_selection(runner, legal_actions(position(runner))[0])
    host.run()
    press(runner, "export")
    name, text = host.downloads[-1]
    assert name.endswith(".json") and json.loads(text)["format"] == "jaipur-game/1"
    host2, other = started(seed=9, first="you")
    play_by_selection(other, legal_actions(position(other))[0])
    host2.run()
    press(other, "import")
    assert host2.picked == 1
    other.dispatch(FileChosen("game.json", text))
    host2.run()
    assert position(other) == position(runner) and "Imported game.json" in host2.screen.message
    assert "was kept" in host2.screen.message and len(other.state.kept) == 1


def test_bad_import_leaves_the_game_alone():
    host, runner = started(seed=8, first="you")
    before = position_to_json(position(runner))
    runner.dispatch(FileChosen("bad.json", '{"format": "jaipur-game/1", "players": []}'))
    assert host.screen.message_kind == "error" and "players" in host.screen.message
    assert "unchanged" in host.screen.message
    assert position_to_json(position(runner)) == before
    runner.dispatch(FileChosen("junk.bin", "\x00\x01garbage"))
    assert "Could not import junk.bin" in host.screen.message
    assert position_to_json(position(runner)) == before


def test_full_game_to_game_over_with_every_kind_of_action_then_review():
    host, runner = started(seed=21, first="you", level="easy")
    rng = random.Random(1)
    kinds = set()
    for _ in range(2000):
        state = position(runner)
        if state.phase == "game_over":
            break
        if state.phase == "round_over":
            press(runner, "next-round")
        else:
            by_kind = {}
            for action in legal_actions(state):
                by_kind.setdefault(action.kind, []).append(action)
            kind = rng.choice(sorted(by_kind))
            kinds.add(kind)
            play_by_selection(runner, rng.choice(by_kind[kind]))
        host.run()
    assert position(runner).phase == "game_over"
    assert kinds == {"take", "camels", "trade", "sell"}
    assert 'data-testid="game-over"' in host.html and 'data-testid="play-again"' in host.html
    press(runner, "review")
    total = len(runner.state.line.steps()) - 1  # every action, and the deal of each round after the first
    assert total == runner.state.line.actions_played + len(runner.state.line.rounds) - 1
    assert runner.state.review == total and f'data-total="{total}"' in host.html
    press(runner, "review-step", "first")
    assert runner.state.review == 0 and "The deal of round 1" in host.screen.last_move
    press(runner, "review-step", "next")
    assert runner.state.review == 1 and host.screen.last_move.startswith(("You ", "Computer "))
    press(runner, "review-close")
    press(runner, "play-again")
    host.run()
    assert position(runner).phase == "play" and position(runner).round == 1


def test_share_link_shows_the_players_view_without_the_hidden_cards():
    host, runner = started(seed=5, first="you")
    press(runner, "share")
    url = runner.state.share_link("position")
    assert url.startswith("http://example.test/index.html#position=") and 'data-testid="share-link"' in host.html
    kind, shared = parse_fragment(url.split("#", 1)[1])
    assert view_of(shared, 0) == view_of(position(runner), 0)
    press(runner, "copy-link", "position")
    assert host.copied == [url] and "copy the link from the field" in host.screen.message


def test_position_fragment_is_played_from_the_seat_to_move_and_never_saved():
    game = Game.new(seed=6, first=1)
    game = game.play(legal_actions(game.state)[0])
    game = game.play(legal_actions(game.state)[0])          # seat 1 to move
    host, runner = started(fragment="#" + position_fragment(game.state))
    assert runner.state.seat == 1 and position(runner) == game.state
    assert SAVE_KEY not in host.storage
    play_by_selection(runner, legal_actions(position(runner))[0])
    host.run()
    assert position(runner).to_move == 1 and SAVE_KEY not in host.storage


def test_a_link_over_a_saved_game_offers_it_back():
    host, runner = started(seed=11, first="you")
    play_by_selection(runner, legal_actions(position(runner))[0])
    host.run()
    saved = host.storage[SAVE_KEY]
    game = Game.new(seed=6, first=0)
    host2, linked = started(host.storage, fragment="#" + position_fragment(game.state))
    assert host2.storage[SAVE_KEY] == saved               # the link never touches the save
    assert "was kept" in host2.screen.message
    press(linked, "resume", "home")
    assert position(linked) == position(runner) and linked.state.save_key == SAVE_KEY


def test_game_fragment_resumes_the_record_and_at_opens_the_review():
    game = Game.new(seed=6, first=0)
    for _ in range(5):
        game = game.play(legal_actions(game.state)[0])
    host, runner = started(fragment="#" + game_fragment(game))
    assert position(runner) == game.state and runner.state.seat == 1 and runner.state.review is None
    host, runner = started(fragment="#" + game_fragment(game) + "&at=3")
    assert runner.state.review == 3 and 'data-at="3"' in host.html and 'data-turn="review"' in host.html
    press(runner, "review-step", "prev")
    assert runner.state.review == 2


@pytest.mark.parametrize("fragment", ["#position=AAAA", "#position={broken", "#nonsense=1"])
def test_bad_fragment_reports_and_starts_a_normal_game(fragment):
    host, runner = started(fragment=fragment)
    assert host.ready and host.screen.message_kind == "error"
    assert "could not be opened" in host.screen.message and "A new game was started" in host.screen.message
    assert position(runner).phase == "play"


def test_bad_fragment_over_a_save_says_the_save_was_resumed():
    host, runner = started(seed=11, first="you")
    play_by_selection(runner, legal_actions(position(runner))[0])
    host.run()
    host2, again = started(host.storage, fragment="#position=AAAA")
    assert "Your saved game was resumed" in host2.screen.message
    assert "new game" not in host2.screen.message and position(again) == position(runner)


def test_hint_selects_a_legal_action():
    host, runner = started(seed=3, first="you")
    press(runner, "hint")
    host.run()
    assert host.screen.message.startswith("Hint: ") and host.screen.message_kind == "hint"
    assert "btn-" in host.html and 'aria-disabled="false"' in host.screen.board


def test_new_game_options_and_the_replaced_game_is_kept():
    host, runner = started(seed=3, first="you")
    play_by_selection(runner, legal_actions(position(runner))[0])
    host.run()
    press(runner, "panel", "new")
    assert 'data-testid="new-game-panel"' in host.html
    press(runner, "set-level", "hard")
    press(runner, "set-first", "computer")
    press(runner, "new-game")
    assert runner.state.level == "hard" and position(runner).to_move == 1
    host.run()
    assert position(runner).to_move == 0
    assert "was kept" in host.screen.message
    press(runner, "panel", "new")
    assert host.html.count('data-testid="kept-game"') == 1
    press(runner, "delete-kept", "0")
    assert not runner.state.kept and json.loads(host.storage["jaipur.kept"]) == []


def test_take_back_undoes_my_move_and_the_computers_reply():
    host, runner = started(seed=3, first="you", level="easy")
    start = position(runner)
    play_by_selection(runner, legal_actions(start)[0])
    host.run()
    assert runner.state.line.actions_played == 2
    press(runner, "take-back")
    assert position(runner) == start and runner.state.line.actions_played == 0
    assert not host.queue and "taken back" in host.screen.message
    saved = json.loads(host.storage[SAVE_KEY])
    assert saved["record"]["takebacks"] == 1 and saved["record"]["rounds"][0]["actions"] == []
    press(runner, "take-back")                         # nothing of mine left to take back
    assert host.screen.message_kind == "error" and runner.state.line.get("takebacks") == 1


def test_arrivals_animate_once_not_on_every_selection_click():
    host, runner = started(seed=3, first="you", level="easy")
    play_by_selection(runner, legal_actions(position(runner))[0])
    host.run()
    assert " animate" in dict(host.screen.attrs)["class"]     # the computer's move arrives
    press(runner, "select", zone="market", index="0")
    assert " animate" not in dict(host.screen.attrs)["class"]  # a click only re-renders
    assert runner.state.last_cards and host.screen.last_move


def test_an_illegal_move_from_the_ai_is_reported_not_played(monkeypatch):
    """A bug in the AI must show, and must not put an illegal move on the table."""
    import pyscript_app.coach.jobs as runner_module
    from jaipur_core import Sell, is_legal
    from jaipur_core.cards import DIAMOND

    class BrokenSearch:
        def step(self, max_seconds):
            return True

        def best_action(self):
            return Sell(DIAMOND, 1)          # never legal: diamonds go two at a time

    monkeypatch.setattr(runner_module, "start_search", lambda view, level, rng: BrokenSearch())
    host, runner = started(seed=3, first="computer")
    line = runner.state.line
    played = line.rounds[-1].actions
    assert len(played) == 1 and is_legal(line.rounds[-1].start, played[0]) and played[0] != Sell(DIAMOND, 1)
    assert "illegal move (sell diamond 1)" in host.screen.message and host.screen.message_kind == "error"


def test_a_failing_ai_slice_is_shown_with_a_way_to_continue(monkeypatch):
    import pyscript_app.coach.jobs as runner_module
    calls = []

    def broken(view, level, rng):
        calls.append(level)
        if len(calls) == 1:
            raise RuntimeError("out of memory")
        return runner_module.start_search.__wrapped__(view, level, rng)

    real = runner_module.start_search
    broken.__wrapped__ = real
    monkeypatch.setattr(runner_module, "start_search", broken)
    host, runner = started(seed=3, first="computer", level="easy")
    assert "could not choose a move" in host.screen.message and 'data-action="try-again"' in host.screen.message
    assert runner.state.line.actions_played == 0 and host.errors
    press(runner, "try-again")
    host.run()
    assert runner.state.line.actions_played == 1 and runner.state.note is None


def test_an_exception_in_a_handler_is_shown_and_the_game_goes_on(monkeypatch):
    import pyscript_app.app.update as update_module

    def boom(state, value):
        raise KeyError("surprise")

    host, runner = started(seed=3, first="you")
    before = runner.state.line
    monkeypatch.setattr(update_module, "_export", boom)
    press(runner, "export")
    assert "Something went wrong" in host.screen.message and 'data-action="dismiss"' in host.screen.message
    assert runner.state.line == before and host.errors
    press(runner, "dismiss")
    assert runner.state.note is None
    play_by_selection(runner, legal_actions(position(runner))[0])
    assert runner.state.line.actions_played >= 1


def test_storage_failure_is_reported_and_play_goes_on():
    host, runner = booted(seed=3, first="you", level="easy")
    host.fail_storage = True
    play_by_selection(runner, legal_actions(position(runner))[0])
    assert "not being saved" in host.screen.message
    host.run()
    assert runner.state.line.actions_played == 2


def test_save_text_round_trips_and_names_bad_fields():
    from pyscript_app.app.saves import corrupt_key, decode_save, encode_save
    game = Game.new(seed=2, first=0)
    game = game.play(legal_actions(game.state)[0])
    back, level, human, first = decode_save(encode_save(game, "hard", 1, "computer"))
    assert back.state == game.state and (level, human, first) == ("hard", 1, "computer")
    bad = json.loads(encode_save(game, "hard", 1, "you"))
    bad["human_seat"] = 2
    with pytest.raises(ValueError, match="human_seat"):
        decode_save(json.dumps(bad))
    assert corrupt_key("jaipur.save", 12.7) == "jaipur.save.corrupt-12"


def test_a_hand_written_json_link_may_hold_an_ampersand():
    from urllib.parse import quote
    game = Game.new(seed=6, first=0, players=("Ada & Bo", "Cy"))
    game = game.play(legal_actions(game.state)[0])
    raw = json.dumps(game.to_record_json())
    host, runner = started(fragment="#game=" + quote(raw, safe="{}:,&\" "))
    assert position(runner) == game.state and runner.state.review is None
    host, runner = started(fragment="#game=" + quote(raw, safe="{}:,&\" ") + "&at=0")
    assert runner.state.review == 0
