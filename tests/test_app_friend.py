"""Friend on this device (hot seat) with a fake host: hand-over, hidden hands, saves."""

import json
import random

import pytest

from jaipur_core import GAME_OVER, PLAY, ROUND_OVER, legal_actions, position_to_json
from pyscript_app.app.events import FileChosen
from pyscript_app.app.saves import SAVE_KEY
from tests.app_fakes import play_by_selection, press, started


def assert_hidden(host, controller):
    """The hand-over screen: no hand is face up, only backs and counts."""
    html = host.html
    assert 'data-testid="handover"' in html and 'data-testid="handover-ready"' in html
    assert 'data-turn="handover"' in html
    assert 'data-testid="hand-card"' not in html and 'data-zone="hand"' not in html
    assert "in your hand" not in html
    state = controller.state.line.state
    to_move = state.to_move
    assert f'data-testid="hidden-hand" data-count="{sum(state.hands[to_move])}"' in html
    assert f'data-testid="opponent-hand" data-count="{sum(state.hands[1 - to_move])}"' in html
    assert f"Pass the device to Player {to_move + 1}" in html


@pytest.fixture
def no_ai(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the AI moved in a friend game")

    import pyscript_app.coach.jobs as runner_module
    monkeypatch.setattr(runner_module, "start_search", refuse)


def test_param_starts_a_friend_game_behind_the_hand_over_screen(no_ai):
    host, controller = started(seed=5, opponent="friend")
    assert controller.state.friend and controller.state.names() == ("Player 1", "Player 2")
    assert controller.state.handover and controller.state.seat == controller.state.line.state.to_move
    assert_hidden(host, controller)
    assert not host.queue
    press(controller, "handover-ready")
    state = controller.state.line.state
    assert not controller.state.handover and 'data-testid="handover"' not in host.html
    assert host.html.count('data-testid="hand-card"') == sum(state.hands[state.to_move])
    assert f"Player {state.to_move + 1} to play" in host.html
    assert controller.state.log[0].startswith("Round 1: Player ") and "starts." in controller.state.log[0]


def test_clicks_wait_for_show_my_hand(no_ai):
    host, controller = started(seed=5, opponent="friend")
    before = position_to_json(controller.state.line.state)
    press(controller, "select", zone="market", index="0")
    assert controller.state.selection.is_empty() and controller.host.screen.message_kind == "error"
    press(controller, "hint")
    assert controller.state.search is None and not host.queue
    press(controller, "play", "camels")
    assert position_to_json(controller.state.line.state) == before
    assert_hidden(host, controller)


def test_a_whole_friend_game_through_hand_overs_rounds_and_game_over(no_ai):
    host, controller = started(seed=7, opponent="friend", first="you")
    rng = random.Random(3)
    hand_overs = rounds = 0
    for _ in range(3000):
        state = controller.state.line.state
        if state.phase == GAME_OVER:
            break
        if state.phase == ROUND_OVER:
            rounds += 1
            assert 'data-testid="round-panel"' in host.html and 'data-testid="handover"' not in host.html
            assert "Player 1" in host.html and "Player 2" in host.html
            press(controller, "next-round")
            assert_hidden(host, controller)
            continue
        if controller.state.handover:
            hand_overs += 1
            assert_hidden(host, controller)
            press(controller, "handover-ready")
        assert controller.state.seat == state.to_move
        assert host.html.count('data-testid="hand-card"') == sum(state.hands[state.to_move])
        mover = state.to_move
        play_by_selection(controller, rng.choice(legal_actions(state)))
        assert not host.queue and controller.state.search is None
        after = controller.state.line.state
        line = controller.state.log[-1 if after.phase == PLAY else -2]
        assert line.startswith(f"Player {mover + 1} ")
        if after.phase == PLAY:
            assert controller.state.handover and controller.state.seat == after.to_move != mover
            assert controller.state.last_move == controller.state.log[-1]
    else:
        raise AssertionError("the game did not end")
    assert rounds >= 1 and hand_overs > 20
    assert 'data-testid="game-over"' in host.html and "Player" in host.html
    assert "You win" not in host.html
    assert not any(line.startswith("You ") or " You " in line for line in controller.state.log)
    results = [line for line in controller.state.log if "is over" in line]
    assert len(results) == rounds + 1
    assert all("takes a seal" in line or "nobody takes a seal" in line for line in results)
    assert "wins the game" in results[-1]
    _, resumed = started(host.storage)
    assert resumed.state.friend and resumed.state.log == controller.state.log
    press(controller, "play-again")
    assert controller.state.friend and len(list(controller.state.line.rounds[0].actions)) == 0
    assert_hidden(host, controller)


def test_hint_is_for_the_player_to_move():
    host, controller = started(seed=5, opponent="friend")
    press(controller, "handover-ready")
    press(controller, "hint")
    host.run()
    assert controller.host.screen.message.startswith("Hint: ") and not controller.state.selection.is_empty()
    assert list(controller.state.line.rounds[0].actions) == []  # a hint never plays


def test_save_and_resume_keep_the_mode_and_show_the_hand_over_first(no_ai):
    host, controller = started(seed=11, opponent="friend")
    for _ in range(3):
        press(controller, "handover-ready")
        play_by_selection(controller, legal_actions(controller.state.line.state)[0])
    saved = json.loads(host.storage[SAVE_KEY])
    assert saved["record"]["opponent"] == "friend"
    host2, resumed = started(host.storage)
    assert resumed.state.friend and resumed.state.handover and "resumed" in resumed.host.screen.message
    assert position_to_json(resumed.state.line.state) == position_to_json(controller.state.line.state)
    assert resumed.state.log == controller.state.log
    assert_hidden(host2, resumed)
    press(resumed, "handover-ready")
    assert resumed.state.seat == resumed.state.line.state.to_move


def test_a_computer_save_is_not_resumed_as_a_friend_game_or_the_reverse():
    host, controller = started(seed=11, first="you")
    assert not controller.state.friend and not controller.state.handover
    fhost, friend = started(host.storage, opponent="friend")
    assert friend.state.friend and friend.state.handover
    _, computer = started(host.storage, opponent="computer")
    assert not computer.state.friend and computer.state.line.seed == 11 and "resumed" in computer.host.screen.message
    _, back = started(fhost.storage, opponent="computer")
    assert not back.state.friend and not back.state.handover


def test_new_game_panel_chooses_the_opponent():
    host, controller = started(seed=3, first="you")
    press(controller, "panel", "new")
    assert 'data-testid="opponent-computer"' in host.html and 'data-testid="level-easy"' in host.html
    press(controller, "set-opponent", "friend")
    assert 'data-testid="level-easy"' not in host.html and "Player 1" in host.html
    press(controller, "new-game")
    host.run()
    assert controller.state.friend and controller.state.handover and not host.queue
    press(controller, "panel", "new")
    press(controller, "set-opponent", "computer")
    press(controller, "set-first", "computer")
    press(controller, "new-game")
    host.run()
    assert not controller.state.friend and controller.state.names() == ("You", "Computer")
    assert len(list(controller.state.line.rounds[0].actions)) == 1  # the computer started and moved


def test_export_and_import_keep_the_mode(no_ai):
    host, controller = started(seed=8, opponent="friend")
    press(controller, "handover-ready")
    play_by_selection(controller, legal_actions(controller.state.line.state)[0])
    press(controller, "export")
    _, text = host.downloads[-1]
    host2, other = started(seed=9, first="you")
    other.dispatch(FileChosen("game.json", text))
    assert other.state.friend and other.state.handover and other.state.line.state == controller.state.line.state
    assert_hidden(host2, other)


def test_a_move_can_be_taken_back_until_the_next_player_shows_their_hand(no_ai):
    host, controller = started(seed=8, opponent="friend", first="you")
    press(controller, "handover-ready")
    start = controller.state.line.state
    play_by_selection(controller, legal_actions(start)[0])
    assert controller.state.handover and 'data-testid="handover-takeback"' in host.html
    press(controller, "take-back")
    assert controller.state.line.state == start and not controller.state.handover
    assert controller.state.seat == 0 and "Player 1&#x27;s move was taken back" in host.screen.message
    play_by_selection(controller, legal_actions(start)[1])
    press(controller, "handover-ready")                 # Player 2 has seen their hand: the move stands
    press(controller, "take-back")
    assert controller.state.line.actions_played == 1 and host.screen.message_kind == "error"
    assert controller.state.line.get("takebacks") == 1
