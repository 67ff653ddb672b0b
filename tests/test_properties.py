"""Property tests over many seeded games of uniform-random play.

Hypothesis picks the seeds; each game is driven by `random.Random(seed)`, so a
failure shrinks to a seed that replays exactly.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from jaipur_core import (
    GAME_OVER,
    PLAY,
    ROUND_OVER,
    Game,
    IllegalActionError,
    JaipurError,
    apply,
    apply_legal,
    legal_actions,
    new_game,
    next_round,
    parse_action,
    position_from_json,
    position_to_json,
    record_from_json,
    replay,
    sample_state,
    view_from_json,
    view_of,
    why_illegal,
)
from jaipur_core.cards import BONUS_TOKENS, CARD_COUNTS, CARD_NAMES, GOODS_TOKENS

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
ROUND_CAP = 2000          # actions; uniform-random rounds average ~80
NAMES = CARD_NAMES
GOOD_NAMES = CARD_NAMES[:6]


def random_action_text(rng: random.Random) -> str:
    """A syntactically valid action, legal or not."""
    kind = rng.randrange(4)
    if kind == 0:
        return f"take {rng.choice(GOOD_NAMES)}"
    if kind == 1:
        return "camels"
    if kind == 2:
        return f"sell {rng.choice(NAMES)} {rng.randint(1, 8)}"
    taken = [rng.choice(NAMES) for _ in range(rng.randint(1, 6))]
    given = [rng.choice(NAMES) for _ in range(rng.randint(1, 6))]
    return f"trade {'+'.join(taken)} for {'+'.join(given)}"


def check_accounted_for(data: dict) -> None:
    """An independent count of every card and token in a position object."""
    cards = Counter(data["market"] + data["deck"] + data["discard"])
    for player in data["players"]:
        cards.update(player["hand"])
        cards["camel"] += player["herd"]
    assert cards == Counter(dict(zip(NAMES, CARD_COUNTS, strict=True)))
    assert "camel" not in data["discard"]
    assert all("camel" not in player["hand"] and len(player["hand"]) <= 7
               for player in data["players"])
    for index, name in enumerate(GOOD_NAMES):
        won = [value for player in data["players"]
               for value in player["goods_tokens"].get(name, [])]
        pile = data["goods_tokens"][name]
        assert sorted(won + pile) == sorted(GOODS_TOKENS[index])
        assert pile == list(GOODS_TOKENS[index][len(GOODS_TOKENS[index]) - len(pile):])
    bonus = Counter(value for pile in data["bonus_tokens"].values() for value in pile)
    for player in data["players"]:
        bonus.update(player["bonus_tokens"])
    assert bonus == Counter(value for values in BONUS_TOKENS.values() for value in values)
    places = [data["camel_token"]] + [player["camel_token"] for player in data["players"]]
    assert places.count(True) == 1
    if data["phase"] == "play":
        assert len(data["market"]) == 5


def play_game(seed: int, each_action=None, each_round_end=None):
    """A whole game of uniform-random play; the final state and the number of rounds."""
    rng = random.Random(seed)
    state = new_game(rng)
    rounds = 1
    while True:
        for _ in range(ROUND_CAP):
            if state.phase != PLAY:
                break
            actions = legal_actions(state)
            assert actions, "no legal action during play"
            action = rng.choice(actions)
            new = apply_legal(state, action)
            if each_action:
                each_action(state, action, new, rng)
            state = new
        assert state.phase != PLAY, f"round {state.round} hit the cap of {ROUND_CAP} actions"
        if each_round_end:
            each_round_end(state)
        if state.phase == GAME_OVER:
            return state, rounds
        state = next_round(state, rng)
        rounds += 1
        assert rounds < 20, "the game does not end"


@given(seed=SEEDS)
@settings(max_examples=15, deadline=None)
def test_every_action_keeps_everything_accounted_for_and_round_trips(seed):
    def check(before, action, after, rng):
        data = position_to_json(after)
        check_accounted_for(data)
        parsed = position_from_json(json.loads(json.dumps(data)))   # engine validation
        assert parsed == after
        assert position_to_json(parsed) == data
        # The legal action applies through the checked path too, with the same result.
        assert apply(before, str(action)) == after
        assert why_illegal(before, action) is None
        for seat in (0, 1):
            view = view_of(after, seat)
            view_data = json.loads(json.dumps(view.to_json()))
            assert view_from_json(view_data) == view
            assert view_from_json(view_data).to_json() == view_data
            expected = legal_actions(after) if after.to_move == seat else ()
            assert view.legal_actions() == expected
            assert sum(view.unseen_cards()) == len(after.deck) + after.hand_size(1 - seat)

    final, rounds = play_game(seed, each_action=check)
    assert final.phase == GAME_OVER and max(final.seals) == 2


@given(seed=SEEDS)
@settings(max_examples=20, deadline=None)
def test_illegal_actions_raise_and_leave_the_state_unchanged(seed):
    tried = Counter()

    def check(before, action, after, rng):
        legal = set(legal_actions(before))
        snapshot = position_to_json(before)
        for _ in range(4):
            candidate = parse_action(random_action_text(rng))
            if candidate in legal:
                assert why_illegal(before, candidate) is None
                continue
            reason = why_illegal(before, candidate)
            assert isinstance(reason, str) and reason
            try:
                apply(before, candidate)
            except IllegalActionError as error:
                assert isinstance(error, JaipurError) and isinstance(error, ValueError)
                assert error.reason == reason
            else:
                raise AssertionError(f"{candidate} applied but is not legal")
            assert position_to_json(before) == snapshot
            tried["illegal"] += 1

    play_game(seed, each_action=check)
    assert tried["illegal"] > 0


@given(seed=SEEDS)
@settings(max_examples=40, deadline=None)
def test_legal_actions_are_sorted_unique_and_all_apply(seed):
    rng = random.Random(seed)
    state = new_game(rng)
    while state.phase == PLAY:
        actions = legal_actions(state)
        texts = [str(action) for action in actions]
        assert texts == sorted(set(texts))
        assert all(parse_action(text) == action for text, action in zip(texts, actions, strict=True))
        for action in rng.sample(actions, min(5, len(actions))):
            applied = apply(state, action)
            assert applied.to_move == 1 - state.to_move or applied.phase != PLAY
        state = apply_legal(state, rng.choice(actions))
    assert state.phase in (ROUND_OVER, GAME_OVER)
    assert legal_actions(state) == ()


@given(seed=SEEDS)
@settings(max_examples=25, deadline=None)
def test_sample_state_is_valid_and_has_the_same_view(seed):
    def check(before, action, after, rng):
        if rng.random() > 0.3:
            return
        for seat in (0, 1):
            view = view_of(after, seat)
            sampled = sample_state(view, random.Random(rng.random()))
            check_accounted_for(position_to_json(sampled))
            position_from_json(position_to_json(sampled))
            assert view_of(sampled, seat) == view
            assert view_of(sampled, seat).to_json() == view.to_json()

    play_game(seed, each_action=check)


@given(seed=SEEDS)
@settings(max_examples=30, deadline=None)
def test_games_reach_game_over_and_records_round_trip(seed):
    rng = random.Random(seed)
    game = Game.new(seed=seed)
    for _ in range(20):
        for _ in range(ROUND_CAP):
            if game.state.phase != PLAY:
                break
            game = game.play(rng.choice(legal_actions(game.state)))
        assert game.state.phase != PLAY
        if game.state.phase == GAME_OVER:
            break
        game = game.next_round()
    assert game.state.phase == GAME_OVER
    assert game.state.winner == game.state.seals.index(2)
    data = json.loads(json.dumps(game.to_record_json()))
    record = record_from_json(data)
    assert record.to_json() == data
    assert replay(record) == game.state
    assert position_to_json(replay(record)) == position_to_json(game.state)
    resumed = Game.from_record_json(data)
    assert resumed.state == game.state and resumed.seed == seed


@given(seed=SEEDS)
@settings(max_examples=20, deadline=None)
def test_same_seed_same_game(seed):
    def run():
        trace = []
        final, rounds = play_game(
            seed, each_action=lambda before, action, after, rng: trace.append(
                (str(action), position_to_json(after))))
        return trace, position_to_json(final), rounds

    first = run()
    assert first[0] and first == run()


@given(seed=SEEDS)
@settings(max_examples=20, deadline=None)
def test_round_results_agree_with_the_rules(seed):
    def check(state):
        result = state.round_result
        assert result is not None
        herds = state.herds
        expected_holder = None if herds[0] == herds[1] else (0 if herds[0] > herds[1] else 1)
        assert result.camel_token == expected_holder == state.camel_token
        for player in (0, 1):
            total = (state.goods_score(player) + sum(state.bonus_won[player])
                     + (5 if expected_holder == player else 0))
            assert result.scores[player] == total
        keys = list(zip(result.scores, result.bonus_counts, result.goods_counts, strict=True))
        if keys[0] == keys[1]:
            assert result.seal is None
        else:
            assert result.seal == (0 if keys[0] > keys[1] else 1)
        # Either three goods piles are empty or the market could not be refilled.
        assert state.empty_piles() >= 3 or (sum(state.market) < 5 and not state.deck)

    play_game(seed, each_round_end=check)


def test_next_round_refuses_during_play():
    state = new_game(random.Random(5))
    try:
        next_round(state, random.Random(5))
    except JaipurError as error:
        assert "round_over" in str(error)
    else:
        raise AssertionError("next_round dealt from phase play")


# ------------------------------------------------- mutated input never crashes

JUNK = [None, -1, 0, 1, 2, 3, 7, 40, 1.5, "x", "camel", "gold", [], {}, True, False,
        ["camel"], ["gold"] * 8, [7], [1, 2], {"3": [1]}, "play", "round_over", 10**30]


def json_paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from json_paths(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from json_paths(value, prefix + (index,))


def mutate(data, rng: random.Random):
    """A copy of a JSON value with 1-3 fields replaced by junk or deleted."""
    data = json.loads(json.dumps(data))
    paths = list(json_paths(data))[1:]
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(paths)
        target = data
        try:
            for key in path[:-1]:
                target = target[key]
            if isinstance(target, dict) and rng.random() < 0.15:
                del target[path[-1]]
            else:
                target[path[-1]] = rng.choice(JUNK)
        except (KeyError, IndexError, TypeError):
            pass   # an earlier mutation removed or replaced the path
    return data


@given(seed=SEEDS)
@settings(max_examples=40, deadline=None)
def test_mutated_positions_views_and_records_fail_cleanly_or_are_valid(seed):
    rng = random.Random(seed)
    states = []

    def keep(before, action, after, inner_rng):
        if inner_rng.random() < 0.1:
            states.append(after)

    final, rounds = play_game(seed, each_action=keep)
    states.append(final)
    for state in states:
        data = mutate(position_to_json(state), rng)
        try:
            parsed = position_from_json(data)
        except JaipurError:
            pass
        else:
            check_accounted_for(position_to_json(parsed))
            for action in legal_actions(parsed):
                apply_legal(parsed, action)
        seat = rng.randrange(2)
        data = mutate(view_of(state, seat).to_json(), rng)
        try:
            view = view_from_json(data)
        except JaipurError:
            pass
        else:
            sampled = sample_state(view, random.Random(seed))
            position_from_json(position_to_json(sampled))
            assert view_of(sampled, view.seat) == view
    game = Game.new(seed=seed)
    for _ in range(6):
        game = game.play(rng.choice(legal_actions(game.state)))
    for _ in range(10):
        try:
            replayed = replay(record_from_json(mutate(game.to_record_json(), rng)))
        except JaipurError:
            pass
        else:
            check_accounted_for(position_to_json(replayed))
