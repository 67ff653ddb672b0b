"""Friend on this device (hot seat) with a fake host: hand-over, hidden hands, saves."""

import json
import random

import pytest

from jaipur_core import GAME_OVER, PLAY, ROUND_OVER, legal_actions, position_to_json
from pyscript_app.controller import SAVE_KEY, Controller
from tests.app_fakes import play_by_selection, started


def assert_hidden(host, controller):
    """The hand-over screen: no hand is face up, only backs and counts."""
    html = host.html
    assert 'data-testid="handover"' in html and 'data-testid="handover-ready"' in html
    assert 'data-turn="handover"' in html
    assert 'data-testid="hand-card"' not in html and 'data-zone="hand"' not in html
    assert "in your hand" not in html
    state = controller.game.state
    to_move = state.to_move
    assert f'data-testid="hidden-hand" data-count="{sum(state.hands[to_move])}"' in html
    assert f'data-testid="opponent-hand" data-count="{sum(state.hands[1 - to_move])}"' in html
    assert f"Pass the device to Player {to_move + 1}" in html


@pytest.fixture
def no_ai(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the AI moved in a friend game")

    monkeypatch.setattr(Controller, "_ai_start", refuse)


def test_param_starts_a_friend_game_behind_the_hand_over_screen(no_ai):
    host, controller = started(seed=5, opponent="friend")
    assert controller.friend and controller.names == ("Player 1", "Player 2")
    assert controller.handover and controller.human == controller.game.state.to_move
    assert_hidden(host, controller)
    assert not host.queue
    controller.handle("handover-ready")
    state = controller.game.state
    assert not controller.handover and 'data-testid="handover"' not in host.html
    assert host.html.count('data-testid="hand-card"') == sum(state.hands[state.to_move])
    assert f"Player {state.to_move + 1} to play" in host.html
    assert controller.log[0].startswith("Round 1: Player ") and "starts." in controller.log[0]


def test_clicks_wait_for_show_my_hand(no_ai):
    host, controller = started(seed=5, opponent="friend")
    before = position_to_json(controller.game.state)
    controller.handle("select", zone="market", index="0")
    assert controller.selection.is_empty() and controller.message_kind == "error"
    controller.handle("hint")
    assert controller.hint_search is None and not host.queue
    controller.handle("play", "camels")
    assert position_to_json(controller.game.state) == before
    assert_hidden(host, controller)


def test_a_whole_friend_game_through_hand_overs_rounds_and_game_over(no_ai):
    host, controller = started(seed=7, opponent="friend", first="you")
    rng = random.Random(3)
    hand_overs = rounds = 0
    for _ in range(3000):
        state = controller.game.state
        if state.phase == GAME_OVER:
            break
        if state.phase == ROUND_OVER:
            rounds += 1
            assert 'data-testid="round-panel"' in host.html and 'data-testid="handover"' not in host.html
            assert "Player 1" in host.html and "Player 2" in host.html
            controller.handle("next-round")
            assert_hidden(host, controller)
            continue
        if controller.handover:
            hand_overs += 1
            assert_hidden(host, controller)
            controller.handle("handover-ready")
        assert controller.human == state.to_move
        assert host.html.count('data-testid="hand-card"') == sum(state.hands[state.to_move])
        mover = state.to_move
        play_by_selection(controller, rng.choice(legal_actions(state)))
        assert not host.queue and controller.search is None
        after = controller.game.state
        line = controller.log[-1 if after.phase == PLAY else -2]
        assert line.startswith(f"Player {mover + 1} ")
        if after.phase == PLAY:
            assert controller.handover and controller.human == after.to_move != mover
            assert controller.last_move == controller.log[-1]
    else:
        raise AssertionError("the game did not end")
    assert rounds >= 1 and hand_overs > 20
    assert 'data-testid="game-over"' in host.html and "Player" in host.html
    assert "You win" not in host.html
    assert not any(line.startswith("You ") or " You " in line for line in controller.log)
    results = [line for line in controller.log if "is over" in line]
    assert len(results) == rounds + 1
    assert all("takes a seal" in line or "nobody takes a seal" in line for line in results)
    assert "wins the game" in results[-1]
    _, resumed = started(host.storage)
    assert resumed.friend and resumed.log == controller.log
    controller.handle("play-again")
    assert controller.friend and len(controller.game.record.rounds[0].actions) == 0
    assert_hidden(host, controller)


def test_hint_is_for_the_player_to_move():
    host, controller = started(seed=5, opponent="friend")
    controller.handle("handover-ready")
    controller.handle("hint")
    host.run()
    assert controller.message.startswith("Hint: ") and not controller.selection.is_empty()
    assert controller.game.record.rounds[0].actions == []  # a hint never plays


def test_save_and_resume_keep_the_mode_and_show_the_hand_over_first(no_ai):
    host, controller = started(seed=11, opponent="friend")
    for _ in range(3):
        controller.handle("handover-ready")
        play_by_selection(controller, legal_actions(controller.game.state)[0])
    saved = json.loads(host.storage[SAVE_KEY])
    assert saved["record"]["opponent"] == "friend"
    host2, resumed = started(host.storage)
    assert resumed.friend and resumed.handover and "resumed" in resumed.message
    assert position_to_json(resumed.game.state) == position_to_json(controller.game.state)
    assert resumed.log == controller.log
    assert_hidden(host2, resumed)
    resumed.handle("handover-ready")
    assert resumed.human == resumed.game.state.to_move


def test_a_computer_save_is_not_resumed_as_a_friend_game_or_the_reverse():
    host, controller = started(seed=11, first="you")
    assert not controller.friend and not controller.handover
    _, friend = started(host.storage, opponent="friend")
    assert friend.friend and friend.handover
    _, computer = started(host.storage, opponent="computer")
    assert not computer.friend and computer.game.seed == 11 and "resumed" in computer.message
    _, back = started(friend.host.storage, opponent="computer")
    assert not back.friend and not back.handover


def test_new_game_panel_chooses_the_opponent():
    host, controller = started(seed=3, first="you")
    controller.handle("panel", "new")
    assert 'data-testid="opponent-computer"' in host.html and 'data-testid="level-easy"' in host.html
    controller.handle("set-opponent", "friend")
    assert 'data-testid="level-easy"' not in host.html and "Player 1" in host.html
    controller.handle("new-game")
    host.run()
    assert controller.friend and controller.handover and not host.queue
    controller.handle("panel", "new")
    controller.handle("set-opponent", "computer")
    controller.handle("set-first", "computer")
    controller.handle("new-game")
    host.run()
    assert not controller.friend and controller.names == ("You", "Computer")
    assert len(controller.game.record.rounds[0].actions) == 1  # the computer started and moved


def test_export_and_import_keep_the_mode(no_ai):
    host, controller = started(seed=8, opponent="friend")
    controller.handle("handover-ready")
    play_by_selection(controller, legal_actions(controller.game.state)[0])
    controller.handle("export")
    _, text = host.downloads[-1]
    host2, other = started(seed=9, first="you")
    other.import_text(text, "game.json")
    assert other.friend and other.handover and other.game.state == controller.game.state
    assert_hidden(host2, other)
