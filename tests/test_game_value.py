"""jaipur_core.Game as an immutable value: play, next round, take back, steps, the seed rule."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from jaipur_core import (
    GAME_OVER,
    ROUND_OVER,
    Game,
    IllegalActionError,
    InvalidRecordError,
    apply,
    legal_actions,
    record_from_json,
)
from jaipur_core.game import round_seed
from jaipur_core.record import play_through
from tests.test_record import PINNED_DEALS, PINNED_SEED, play_out


def played(seed: int, plies: int) -> list[Game]:
    """Every value of a seeded random game, one per action, within its first round."""
    rng = random.Random(seed)
    games = [Game.new(seed=seed, first=0)]
    while len(games) <= plies and games[-1].state.phase != ROUND_OVER:
        games.append(games[-1].play(rng.choice(legal_actions(games[-1].state))))
    return games


def test_the_seed_rule():
    assert round_seed(PINNED_SEED, 1) == PINNED_SEED
    assert round_seed(PINNED_SEED, 2) == f"jaipur/{PINNED_SEED}/round/2"
    assert round_seed(123, 3) == "jaipur/123/round/3"


def test_playing_makes_a_new_value_and_leaves_the_old_one():
    games = played(3, 12)
    first, texts = games[0], [json.dumps(g.to_record_json()) for g in games]
    later = first.play(legal_actions(first.state)[0])
    assert later is not first and later.actions_played == 1
    assert [json.dumps(g.to_record_json()) for g in games] == texts      # nothing changed in place
    assert first.actions_played == 0 and first.state == first.rounds[0].start
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.state = later.state
    assert isinstance(first.rounds, tuple) and isinstance(later.rounds[-1].actions, tuple)


def test_a_refused_action_gives_no_new_value():
    game = Game.new(seed=9)
    with pytest.raises(IllegalActionError):
        game.play("sell camel 1")
    assert game.actions_played == 0


@pytest.mark.parametrize("count", [0, 1, 3, 7])
def test_take_back_gives_the_game_as_it_was(count):
    games = played(5, 10)
    assert len(games) == 11
    back = games[-1].take_back(count)
    assert back == games[-1 - count]
    assert back.state == games[-1 - count].state and back.to_record_json() == games[-1 - count].to_record_json()


def test_take_back_stays_within_the_current_round():
    game = play_out(PINNED_SEED, stop=lambda g: len(g.rounds) == 2 and len(g.rounds[1].actions) == 4)
    back = game.take_back(50)
    assert len(back.rounds) == 2 and back.rounds[1].actions == () and back.state == back.rounds[1].start
    assert back.rounds[0] == game.rounds[0]


def test_steps_movers_and_finished_rounds_follow_the_record():
    game = play_out(PINNED_SEED)
    steps = game.steps()
    assert len(steps) == game.actions_played + len(game.rounds)  # each round's deal, each action
    deals = [step for step in steps if step[1] is None]
    assert deals == [(number, None, None, played.start) for number, played in enumerate(game.rounds, 1)]
    for number, action, before, after in steps:
        if action is not None:
            assert after == apply(before, action) and after.round == number
    assert steps[-1][3] == game.state and game.state.phase == GAME_OVER
    finals = game.finished_rounds()
    assert [s.round for s in finals] == [1, 2, 3] and finals[-1] == game.state
    last = game.rounds[-1]
    assert game.movers() == tuple(s.to_move for s in play_through(last.start, last.actions)[:-1])


def test_a_game_without_a_seed_deals_by_the_same_rule_from_its_fallback():
    game = play_out(PINNED_SEED, stop=lambda g: g.state.phase == ROUND_OVER)
    unseeded = game.with_extra(seed=None)
    assert unseeded.seed is None and "seed" not in unseeded.to_record_json()
    dealt = unseeded.next_round(fallback_seed=PINNED_SEED)
    assert dealt.state == game.next_round().state == game.next_round(fallback_seed=99).state
    start = dealt.state
    assert (start.round, start.to_move, start.market, start.hands, start.herds,
            start.deck[:5]) == PINNED_DEALS[1]


def test_extra_fields_keep_their_values_and_order():
    data = play_out(2, stop=lambda g: g.actions_played == 3).to_record_json()
    data.update({"event": "club night", "notes": [1, [2, {"a": None}]], "meta": {"b": [True], "a": 1.5}})
    game = Game.from_record_json(json.loads(json.dumps(data)))
    out = game.to_record_json()
    assert out == data and list(out) == list(data) and list(out["meta"]) == ["b", "a"]
    assert game.get("notes") == (1, (2, game.get("notes")[1][1])) and game.get("missing", 7) == 7
    more = game.with_extra(takebacks=1, event=None)
    assert "event" not in more.to_record_json() and more.get("takebacks") == 1
    assert game.to_record_json() == data                   # with_extra made a new value
    assert record_from_json(data).to_json() == data


def test_play_through_names_the_step_only_when_asked():
    game = played(4, 3)[-1]
    start, actions = game.rounds[0].start, list(game.rounds[0].actions) + ["sell camel 1"]
    with pytest.raises(IllegalActionError):
        play_through(start, actions)
    with pytest.raises(InvalidRecordError, match=r"^round 1, action 4 \('sell camel 1'\): "):
        play_through(start, actions, "round 1")
