"""`jaipur-game/1` records: replay, illegal steps, malformed records, round sequencing."""

from __future__ import annotations

import copy
import json
import random

import pytest

from jaipur_core import (
    GAME_OVER,
    PLAY,
    ROUND_OVER,
    Game,
    InvalidRecordError,
    JaipurError,
    apply,
    legal_actions,
    position_from_json,
    position_to_json,
    record_from_json,
    replay,
    replay_json,
)
from jaipur_core.state import deal_round


def play_out(seed: int, stop=None) -> Game:
    """A game of uniform-random play (from Game.new(seed)) until `stop(game)` or game over."""
    rng = random.Random(seed)
    game = Game.new(seed=seed, players=("Ada", "Bo"))
    while game.state.phase != GAME_OVER:
        if stop and stop(game):
            break
        if game.state.phase == ROUND_OVER:
            game = game.next_round()
        else:
            game = game.play(rng.choice(legal_actions(game.state)))
    return game


def find_game(predicate, seeds=range(200)):
    for seed in seeds:
        game = play_out(seed)
        if predicate(game):
            return game
    raise AssertionError("no seed gives such a game")


@pytest.fixture(scope="module")
def three_rounds():
    """A finished game of three rounds whose second round has at least 6 actions."""
    return find_game(lambda g: len(g.record.rounds) == 3
                     and len(g.record.rounds[1].actions) >= 6)


def test_replay_reproduces_the_final_position(three_rounds):
    data = json.loads(json.dumps(three_rounds.to_record_json()))
    assert data["format"] == "jaipur-game/1" and data["players"] == ["Ada", "Bo"]
    final = replay_json(data)
    assert position_to_json(final) == position_to_json(three_rounds.state)
    assert final.phase == GAME_OVER


def test_record_json_round_trips_with_extra_fields(three_rounds):
    data = three_rounds.to_record_json()
    data["event"] = "club night"
    again = record_from_json(json.loads(json.dumps(data))).to_json()
    assert again == data
    assert again["seed"] == three_rounds.seed


def test_each_round_lists_its_dealt_position(three_rounds):
    data = three_rounds.to_record_json()
    for number, round_data in enumerate(data["rounds"], 1):
        start = round_data["start"]
        assert start["round"] == number and start["phase"] == PLAY
        assert len(start["deck"]) == 40


def test_resume_from_record_deals_the_same_rounds(three_rounds):
    # Play round 1 only, save, resume and deal round 2: the same deal as the full game.
    seed = three_rounds.seed
    game = play_out(seed, stop=lambda g: g.state.phase == ROUND_OVER)
    resumed = Game.from_record_json(json.loads(json.dumps(game.to_record_json())))
    assert resumed.state == game.state
    resumed = resumed.next_round()
    assert position_to_json(resumed.state) == \
        three_rounds.to_record_json()["rounds"][1]["start"]


def test_a_rounds_positions_are_each_state_before_an_action_then_the_last(three_rounds):
    round_ends = []
    for played in three_rounds.record.rounds:
        positions = played.positions()
        assert len(positions) == len(played.actions) + 1
        assert positions[0] is played.start
        for before, action, after in zip(positions, played.actions, positions[1:], strict=False):
            assert action in legal_actions(before)
            assert position_to_json(after) == position_to_json(apply(before, action))
        round_ends.append(positions[-1])
    assert [s.phase for s in round_ends] == [ROUND_OVER, ROUND_OVER, GAME_OVER]
    assert position_to_json(round_ends[-1]) == position_to_json(three_rounds.state)


def test_positions_stop_at_an_illegal_action(three_rounds):
    data = with_action(three_rounds.to_record_json(), 1, 4, illegal_at(three_rounds, 1, 4))
    played = record_from_json(data).rounds[1]
    with pytest.raises(JaipurError):
        played.positions()


def with_action(data, round_index, action_index, text):
    data = copy.deepcopy(data)
    data["rounds"][round_index]["actions"][action_index] = text
    return data


def illegal_at(game, round_index, action_index):
    """A legal-to-parse action that is illegal at that point of the record."""
    record = game.record
    state = record.rounds[round_index].start
    for action in record.rounds[round_index].actions[:action_index]:
        state = apply(state, action)
    legal = {str(a) for a in legal_actions(state)}
    for text in ("sell diamond 1", "sell camel 1", "take leather", "camels", "sell leather 7"):
        if text not in legal:
            return text
    raise AssertionError("every candidate is legal")


def test_an_illegal_action_is_reported_with_round_and_action_number(three_rounds):
    text = illegal_at(three_rounds, 1, 4)
    data = with_action(three_rounds.to_record_json(), 1, 4, text)
    with pytest.raises(InvalidRecordError) as error:
        replay_json(data)
    message = str(error.value)
    assert message.startswith("round 2, action 5 ("), message
    assert text in message


def test_sell_diamond_one_reason_in_a_record(three_rounds):
    data = with_action(three_rounds.to_record_json(), 0, 0, "sell diamond 1")
    with pytest.raises(InvalidRecordError, match=r"round 1, action 1 \('sell diamond 1'\): "
                                                 r"Diamonds are sold at least two at a time"):
        replay_json(data)


def test_unparseable_action_names_round_and_action(three_rounds):
    data = with_action(three_rounds.to_record_json(), 1, 2, "dance")
    with pytest.raises(InvalidRecordError, match=r"^round 2, action 3: "):
        record_from_json(data)


MALFORMED = [
    ("not-object", lambda d: [d], "record:"),
    ("format", lambda d: {**d, "format": "jaipur-game/2"}, "format:"),
    ("format-missing", lambda d: {k: v for k, v in d.items() if k != "format"}, "format:"),
    ("players-missing", lambda d: {k: v for k, v in d.items() if k != "players"}, "players:"),
    ("players-one", lambda d: {**d, "players": ["Ada"]}, "players:"),
    ("players-not-names", lambda d: {**d, "players": [1, 2]}, "players:"),
    ("rounds-empty", lambda d: {**d, "rounds": []}, "rounds:"),
    ("rounds-not-list", lambda d: {**d, "rounds": {}}, "rounds:"),
    ("round-not-object", lambda d: {**d, "rounds": [3]}, "rounds[0]:"),
    ("start-missing", lambda d: {**d, "rounds": [{"actions": []}]}, "rounds[0].start."),
    ("start-bad-field", lambda d: {**d, "rounds": [{**d["rounds"][0], "start": {
        **d["rounds"][0]["start"], "to_move": 7}}]}, "rounds[0].start.to_move:"),
    ("actions-missing", lambda d: {**d, "rounds": [{"start": d["rounds"][0]["start"]}]},
     "rounds[0].actions:"),
    ("actions-not-list", lambda d: {**d, "rounds": [{**d["rounds"][0], "actions": "camels"}]},
     "rounds[0].actions:"),
    ("action-not-text", lambda d: {**d, "rounds": [{**d["rounds"][0], "actions": [5]}]},
     "round 1, action 1:"),
]


@pytest.mark.parametrize("name, change, prefix", MALFORMED, ids=[case[0] for case in MALFORMED])
def test_malformed_records_name_the_field(three_rounds, name, change, prefix):
    data = change(copy.deepcopy(three_rounds.to_record_json()))
    with pytest.raises(InvalidRecordError) as error:
        replay_json(data)
    assert str(error.value).startswith(prefix), str(error.value)
    assert isinstance(error.value, JaipurError)


def test_second_round_with_the_wrong_starter_is_rejected(three_rounds):
    data = copy.deepcopy(three_rounds.to_record_json())
    start = data["rounds"][1]["start"]
    wrong = 1 - start["round_starter"]
    start["round_starter"] = start["to_move"] = wrong
    data["rounds"][1]["actions"] = []
    with pytest.raises(InvalidRecordError, match=r"^round 2: start\.round_starter is "):
        replay_json(data)


def test_second_round_with_the_wrong_seals_is_rejected(three_rounds):
    data = copy.deepcopy(three_rounds.to_record_json())
    data["rounds"] = data["rounds"][:2]
    data["rounds"][1]["start"]["seals"] = [0, 0]
    with pytest.raises(InvalidRecordError, match=r"^round 2: start\.seals is "):
        replay_json(data)


def test_second_round_with_the_wrong_number_is_rejected(three_rounds):
    data = copy.deepcopy(three_rounds.to_record_json())
    data["rounds"] = data["rounds"][:2]
    data["rounds"][1]["start"]["round"] = 3
    with pytest.raises(InvalidRecordError, match=r"^round 2: start\.round is 3"):
        replay_json(data)


def test_second_round_that_is_not_fresh_is_rejected(three_rounds):
    data = copy.deepcopy(three_rounds.to_record_json())
    data["rounds"] = data["rounds"][:2]
    # Start round 2 from the position after two of its actions.
    start = position_from_json(data["rounds"][1]["start"])
    later = apply(apply(start, data["rounds"][1]["actions"][0]), data["rounds"][1]["actions"][1])
    later_json = position_to_json(later)
    later_json["to_move"] = later_json["round_starter"]
    data["rounds"][1] = {"start": later_json, "actions": []}
    with pytest.raises(InvalidRecordError, match=r"^round 2: start is not a freshly dealt round"):
        replay_json(data)


def test_second_round_without_three_market_camels_is_not_fresh(three_rounds):
    data = copy.deepcopy(three_rounds.to_record_json())
    data["rounds"] = data["rounds"][:2]
    start = data["rounds"][1]["start"]
    # Swap market camels with goods cards of the deck until only 2 camels are left:
    # the cards are still all accounted for.
    while start["market"].count("camel") > 2:
        index = next(i for i, card in enumerate(start["deck"]) if card != "camel")
        start["market"].remove("camel")
        start["market"].append(start["deck"][index])
        start["deck"][index] = "camel"
    data["rounds"][1]["actions"] = []
    position_from_json(start)   # a valid position, but not a deal
    with pytest.raises(InvalidRecordError, match=r"^round 2: start is not a freshly dealt round"):
        replay_json(data)


def test_a_round_after_an_unfinished_round_is_rejected(three_rounds):
    data = copy.deepcopy(three_rounds.to_record_json())
    data["rounds"] = data["rounds"][:2]
    played = len(data["rounds"][0]["actions"]) - 1
    data["rounds"][0]["actions"] = data["rounds"][0]["actions"][:-1]
    with pytest.raises(InvalidRecordError,
                       match=rf"^round 2: round 1 had not ended after its {played} actions"):
        replay_json(data)


def test_a_round_after_game_over_is_rejected():
    game = find_game(lambda g: len(g.record.rounds) == 2)
    data = copy.deepcopy(game.to_record_json())
    data["rounds"].append(copy.deepcopy(data["rounds"][1]))
    with pytest.raises(InvalidRecordError, match=r"^round 3: the game was already over"):
        replay_json(data)


def test_a_start_position_must_be_in_play(three_rounds):
    data = copy.deepcopy(three_rounds.to_record_json())
    data["rounds"] = [{"start": position_to_json(three_rounds.state), "actions": []}]
    with pytest.raises(InvalidRecordError, match=r"^round 1: the start position must be in phase play"):
        replay_json(data)


def test_a_game_in_progress_replays_to_its_current_state():
    game = play_out(4, stop=lambda g: len(g.record.rounds) == 2 and len(g.record.rounds[1].actions) == 3)
    assert game.state.phase == PLAY
    assert replay(record_from_json(game.to_record_json())) == game.state


def test_game_play_rejects_illegal_actions_and_keeps_the_record():
    game = Game.new(seed=9)
    before = game.to_record_json()
    with pytest.raises(JaipurError):
        game.play("sell camel 1")
    assert game.to_record_json() == before


@pytest.mark.parametrize("seed", [0, 17, 2024])
def test_same_seed_same_record(seed):
    assert play_out(seed).to_record_json() == play_out(seed).to_record_json()
    assert play_out(seed).to_record_json() != play_out(seed + 1).to_record_json()


#: The deals of play_out(6), a seeded game of three rounds, as the code dealt them when the
#: game value moved to jaipur_core (issue 26): round N > 1 comes from
#: random.Random(f"jaipur/{seed}/round/{N}"). A change to the seed rule, in the engine or
#: the page, deals other rounds and fails here: saved and linked games would resume differently.
PINNED_SEED = 6
PINNED_DEALS = (  # (round, to_move, market, hands, herds, top 5 of the deck)
    (1, 0, (1, 0, 0, 1, 0, 0, 3), ((1, 0, 0, 0, 1, 3), (0, 1, 0, 1, 2, 0)), (0, 1), (2, 5, 6, 3, 6)),
    (2, 1, (0, 0, 0, 0, 1, 1, 3), ((1, 0, 0, 0, 0, 2), (0, 1, 0, 1, 1, 1)), (2, 1), (4, 0, 3, 6, 2)),
    (3, 0, (0, 0, 0, 1, 1, 0, 3), ((0, 0, 1, 1, 0, 1), (1, 1, 0, 0, 1, 2)), (2, 0), (4, 6, 4, 2, 2)),
)


def test_a_seeded_game_deals_the_pinned_rounds():
    game = play_out(PINNED_SEED)
    assert game.to_record_json()["seed"] == PINNED_SEED
    deals = tuple((r.start.round, r.start.to_move, r.start.market, r.start.hands, r.start.herds,
                   r.start.deck[:5]) for r in game.record.rounds)
    assert deals == PINNED_DEALS
    # round 2 and 3 are dealt from the game's seed and the round number alone
    for number in (2, 3):
        dealt = random.Random(f"jaipur/{PINNED_SEED}/round/{number}")
        start = game.record.rounds[number - 1].start
        assert deal_round(dealt, number, start.seals, start.round_starter) == start
