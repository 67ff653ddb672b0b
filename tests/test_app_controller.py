"""Game flow with a fake host: turns, AI slices, saves, import/export, links."""

import json
import random

import pytest

from jaipur_core import Game, legal_actions, position_to_json, view_of
from jaipur_core.share import game_fragment, parse_fragment, position_fragment
from pyscript_app.controller import SAVE_KEY, Controller
from tests.app_fakes import FakeHost, play_by_selection, started


def test_starts_ready_and_renders():
    host, controller = started(seed=3, first="you")
    assert host.ready and 'data-testid="table"' in host.html
    assert controller.game.seed == 3 and controller.game.state.to_move == 0


def test_computer_moves_after_the_human_in_slices():
    host, controller = started(seed=3, first="you", level="easy")
    action = legal_actions(controller.game.state)[0]
    play_by_selection(controller, action)
    assert host.queue, "the computer's turn is scheduled, not run inline"
    host.run()
    state = controller.game.state
    assert state.to_move == 0 and len(controller.game.record.rounds[0].actions) == 2
    assert controller.log[-1].startswith("Computer ") and controller.last_move == controller.log[-1]


def test_illegal_click_explains_and_changes_nothing():
    host, controller = started(seed=3, first="you")
    before = position_to_json(controller.game.state)
    controller.handle("select", zone="market", index="0")
    controller.handle("select", zone="market", index="1")
    controller.handle("play", "take")
    assert controller.message_kind == "error" and "Trade" in controller.message
    assert 'data-testid="message"' in host.html and "Trade" in host.html
    assert position_to_json(controller.game.state) == before


def test_autosave_and_resume_round_trip():
    host, controller = started(seed=11, first="you", level="hard")
    play_by_selection(controller, legal_actions(controller.game.state)[-1])
    host.run()
    saved = json.loads(host.storage[SAVE_KEY])
    assert saved["format"] == "jaipur-save/1" and saved["level"] == "hard" and saved["human_seat"] == 0
    assert saved["record"]["format"] == "jaipur-game/1"
    host2, resumed = started(host.storage)
    assert position_to_json(resumed.game.state) == position_to_json(controller.game.state)
    assert resumed.level == "hard" and resumed.log[1:] == controller.log[1:]
    assert "resumed" in resumed.message


def test_seed_param_starts_over_only_for_a_different_game():
    host, controller = started(seed=11, first="you")
    play_by_selection(controller, legal_actions(controller.game.state)[0])
    host.run()
    _, same = started(host.storage, seed=11)
    assert same.game.state == controller.game.state
    _, other = started(host.storage, seed=12)
    assert other.game.seed == 12 and len(other.game.record.rounds[0].actions) in (0, 1)


@pytest.mark.parametrize("text", ["{not json", json.dumps({"format": "other"}),
                                  json.dumps({"format": "jaipur-save/1", "record": {"format": "x"},
                                              "level": "easy", "human_seat": 0})])
def test_corrupt_or_foreign_save_is_set_aside_and_reported(text):
    host, controller = started({SAVE_KEY: text}, seed=4)
    aside = [key for key in host.storage if key.startswith(SAVE_KEY + ".corrupt-")]
    assert len(aside) == 1 and host.storage[aside[0]] == text
    assert controller.message_kind == "error" and aside[0] in controller.message
    assert json.loads(host.storage[SAVE_KEY])["format"] == "jaipur-save/1"  # the new game


def test_export_and_import_round_trip():
    host, controller = started(seed=8, first="you")
    play_by_selection(controller, legal_actions(controller.game.state)[0])
    host.run()
    controller.handle("export")
    name, text = host.downloads[-1]
    assert name.endswith(".json") and json.loads(text)["format"] == "jaipur-game/1"
    host2, other = started(seed=9)
    other.import_text(text, "game.json")
    host2.run()
    assert other.game.state == controller.game.state and "Imported" in other.message


def test_bad_import_leaves_the_game_alone():
    host, controller = started(seed=8, first="you")
    before = position_to_json(controller.game.state)
    controller.import_text('{"format": "jaipur-game/1", "players": []}', "bad.json")
    assert controller.message_kind == "error" and "players" in controller.message
    assert "unchanged" in controller.message
    assert position_to_json(controller.game.state) == before


def test_full_game_to_game_over_with_every_kind_of_action():
    host, controller = started(seed=21, first="you", level="easy")
    rng = random.Random(1)
    kinds = set()
    for _ in range(2000):
        state = controller.game.state
        if state.phase == "game_over":
            break
        if state.phase == "round_over":
            controller.handle("next-round")
        else:
            actions = legal_actions(state)
            by_kind = {}
            for action in actions:
                by_kind.setdefault(action.kind, []).append(action)
            kind = rng.choice(sorted(by_kind))
            kinds.add(kind)
            play_by_selection(controller, rng.choice(by_kind[kind]))
        host.run()
    assert controller.game.state.phase == "game_over"
    assert kinds == {"take", "camels", "trade", "sell"}
    assert 'data-testid="game-over"' in host.html and 'data-testid="play-again"' in host.html
    controller.handle("play-again")
    host.run()
    assert controller.game.state.phase == "play" and controller.game.state.round == 1


def test_share_link_shows_the_players_view_without_the_hidden_cards():
    host, controller = started(seed=5, first="you")
    controller.handle("share")
    url = controller.share_url
    assert url.startswith("http://example.test/#position=") and 'data-testid="share-link"' in host.html
    kind, shared = parse_fragment(url.split("#", 1)[1])
    assert view_of(shared, 0) == view_of(controller.game.state, 0)
    controller.handle("copy-link")
    assert host.copied == [url] and "copy the link from the field" in controller.message


def test_position_fragment_is_played_from_the_seat_to_move():
    game = Game.new(seed=6, first=1)
    game.play(legal_actions(game.state)[0])          # seat 0 to move now
    game.play(legal_actions(game.state)[0])          # seat 1 to move
    host = FakeHost()
    controller = Controller(host, fragment="#" + position_fragment(game.state))
    controller.start()
    host.run()
    assert controller.human == 1 and controller.game.state == game.state
    assert SAVE_KEY not in host.storage
    play_by_selection(controller, legal_actions(controller.game.state)[0])
    host.run()
    assert controller.game.state.to_move == 1


def test_game_fragment_resumes_the_record():
    game = Game.new(seed=6, first=0)
    game.play(legal_actions(game.state)[0])
    host = FakeHost()
    controller = Controller(host, fragment="#" + game_fragment(game))
    controller.start()
    assert controller.game.state == game.state and controller.human == 1


@pytest.mark.parametrize("fragment", ["#position=AAAA", "#position={broken", "#nonsense=1"])
def test_bad_fragment_reports_and_starts_a_normal_game(fragment):
    host = FakeHost()
    controller = Controller(host, fragment=fragment)
    controller.start()
    assert host.ready and controller.message_kind == "error" and "could not be opened" in controller.message
    assert controller.game.state.phase == "play"


def test_hint_selects_a_legal_action():
    host, controller = started(seed=3, first="you")
    controller.handle("hint")
    host.run()
    assert controller.message.startswith("Hint: ") and controller.message_kind == "hint"
    enabled = [c for c in controller.table().choices.values() if c.enabled]
    assert enabled, "the hinted cards form a playable action"


def test_new_game_options():
    host, controller = started(seed=3)
    controller.handle("panel", "new")
    assert 'data-testid="new-game-panel"' in host.html
    controller.handle("set-level", "hard")
    controller.handle("set-first", "computer")
    controller.handle("new-game")
    assert controller.level == "hard" and controller.game.state.to_move == 1
    host.run()
    assert controller.game.state.to_move == 0


def test_arrivals_animate_once_not_on_every_selection_click():
    host, controller = started(seed=3, first="you", level="easy")
    play_by_selection(controller, legal_actions(controller.game.state)[0])
    assert 'class="table animate' in host.html or " animate" in host.html.split(">", 1)[0]
    host.run()
    assert " animate" in host.html.split(">", 1)[0]          # the computer's move arrives
    controller.handle("select", zone="market", index="0")
    assert " animate" not in host.html.split(">", 1)[0]      # a click only re-renders
    assert controller.last_cards and 'data-testid="last-move"' in host.html


def test_share_link_after_the_round_is_scored():
    host, controller = started(seed=21, first="you", level="easy")
    rng = random.Random(2)
    while controller.game.state.phase == "play":
        play_by_selection(controller, rng.choice(legal_actions(controller.game.state)))
        host.run()
    controller.handle("share")
    kind, shared = parse_fragment(controller.share_url.split("#", 1)[1])
    assert shared.phase in ("round_over", "game_over")
    assert view_of(shared, 0) == view_of(controller.game.state, 0)


def test_save_text_round_trips_and_names_bad_fields():
    from pyscript_app.saves import corrupt_key, decode_save, encode_save
    game = Game.new(seed=2, first=0)
    game.play(legal_actions(game.state)[0])
    back, level, human, first = decode_save(encode_save(game, "hard", 1, "computer"))
    assert back.state == game.state and (level, human, first) == ("hard", 1, "computer")
    bad = json.loads(encode_save(game, "hard", 1, "you"))
    bad["human_seat"] = 2
    with pytest.raises(ValueError, match="human_seat"):
        decode_save(json.dumps(bad))
    assert corrupt_key("jaipur.save", 12.7) == "jaipur.save.corrupt-12"


def test_an_illegal_move_from_the_ai_is_reported_not_played(monkeypatch):
    """A bug in the AI must show, and must not put an illegal move on the table."""
    from jaipur_core import Sell, is_legal
    from jaipur_core.cards import DIAMOND
    import pyscript_app.controller as controller_module

    class BrokenSearch:
        def step(self, max_seconds):
            return True

        def best_action(self):
            return Sell(DIAMOND, 1)          # never legal: diamonds go two at a time

    monkeypatch.setattr(controller_module, "start_search", lambda view, level, rng: BrokenSearch())
    host, controller = started(seed=3, first="computer")
    state = controller.game.record.rounds[-1].start
    played = controller.game.record.rounds[-1].actions
    assert len(played) == 1 and is_legal(state, played[0]) and played[0] != Sell(DIAMOND, 1)
    assert "illegal move (sell diamond 1)" in controller.message
    assert controller.message_kind == "error"
