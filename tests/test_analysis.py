"""The coach (issue 29, engine side): each move judged from its mover's view, hints, the
`analysis` field of a record, the puzzle judge and the `analyse` command.

Searches run on small budgets (a property does not need expert's 1500 iterations)."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from jaipur_core import Game, InvalidRecordError, parse_action, position_from_json, record_from_json, replay
from jaipur_core.ai import choose_action
from jaipur_core.ai.analysis import (
    FOCUS_SHARE,
    FocusedSearch,
    RecordAnalysis,
    analyse_record,
    hints,
    judge_move,
    judge_puzzle,
    move_seed,
)
from jaipur_core.ai.heuristic import progressing
from jaipur_core.analysis_format import BLUNDER, MISTAKE, Analysis, MoveJudgement, mark_for
from jaipur_core.errors import IllegalActionError, JaipurError
from jaipur_core.puzzle import Puzzle
from jaipur_core.state import PLAY
from jaipur_core.view import sample_state, view_of

from .helpers import position
from .test_ai_search import endgame_position

ROOT = Path(__file__).resolve().parent.parent
SMALL = 40   # iterations per move in these tests


def played_game(seed: int = 3, moves: int = 12) -> Game:
    """A game of medium against medium, `moves` actions into its first round."""
    game, rng = Game.new(seed=seed), random.Random(seed)
    for _ in range(moves):
        game = game.play(choose_action(view_of(game.state, game.state.to_move), "medium", rng))
    return game


def finished_round_game(seed: int = 4) -> Game:
    """A game whose first round is played to its end by medium."""
    game, rng = Game.new(seed=seed), random.Random(seed)
    while game.state.phase == PLAY:
        game = game.play(choose_action(view_of(game.state, game.state.to_move), "medium", rng))
    return game


GAME = played_game()


# --- hidden information by construction -------------------------------------------------------

def test_a_move_is_judged_the_same_for_every_redeal_of_what_the_mover_cannot_see():
    for game in (played_game(5, 9), played_game(8, 14)):
        state = game.state
        view = view_of(state, state.to_move)
        action = view.legal_actions()[-1]
        expected = judge_move(view, action, seed=7, iterations=20)
        expected_hints = hints(view, seed=7, iterations=20)
        rng = random.Random(11)
        for _ in range(2):
            redeal = sample_state(view, rng)
            assert redeal != state
            twin = view_of(redeal, state.to_move)
            assert twin == view
            assert judge_move(twin, action, seed=7, iterations=20) == expected
            assert hints(twin, seed=7, iterations=20) == expected_hints


def test_a_record_is_analysed_the_same_whatever_cards_nobody_saw():
    """The deck's cards that are never drawn are seen by no one: shuffle them and every
    judgement of the game stays the same."""
    game = finished_round_game()
    record = game.record
    played = record.rounds[0]
    unseen = len(played.end.deck)
    assert unseen >= 2
    data = record.to_json()
    deck = data["rounds"][0]["start"]["deck"]
    tail = deck[-unseen:]
    turned = tail[1:] + tail[:1]
    assert turned != tail
    data["rounds"][0]["start"]["deck"] = deck[:-unseen] + turned
    other = record_from_json(data)
    assert other.rounds[0].start != played.start
    replay(other)
    first = list(analyse_record(record, seats=(0,), seed=2, iterations=6))
    second = list(analyse_record(other, seats=(0,), seed=2, iterations=6))
    assert first == second and len(first) == sum(p.to_move == 0 for p in played.positions()[:-1])


def test_the_analysis_reads_only_views(monkeypatch):
    """Every search of an analysis starts from the mover's view at that step."""
    seen = []
    original = FocusedSearch.__init__

    def spy(self, view, rng, iterations, focus=()):
        seen.append(view)
        original(self, view, rng, iterations, focus)
    monkeypatch.setattr(FocusedSearch, "__init__", spy)
    record = GAME.record
    list(analyse_record(record, seats=(1,), iterations=2))
    positions = record.rounds[0].positions()
    expected = [view_of(p, 1) for p in positions[:-1] if p.to_move == 1]
    assert seen == expected


# --- judgements and marks ---------------------------------------------------------------------

@pytest.mark.parametrize("best_chance, after, same, mark", [
    (0.6, 0.6, True, "best"),
    (0.6, 0.55, True, "best"),
    (0.6, 0.6, False, "good"),
    (0.6, 0.501, False, "good"),
    (0.6, 0.5, False, "mistake"),
    (0.6, 0.351, False, "mistake"),
    (0.6, 0.35, False, "blunder"),
    (0.9, 0.0, False, "blunder"),
    (0.5, 0.7, False, "good"),
])
def test_marks_follow_the_thresholds(best_chance, after, same, mark):
    move, other = parse_action("camels"), parse_action("take gold")
    judgement = MoveJudgement(1, 0, move, max(after, best_chance), after, move if same else other, best_chance)
    assert judgement.mark == mark
    assert mark_for(False, MISTAKE) == "mistake" and mark_for(False, BLUNDER) == "blunder"
    assert mark_for(False, MISTAKE - 0.001) == "good" and mark_for(True, 0.5) == "best"


def test_the_best_move_found_is_marked_best_and_its_chances_agree():
    state = endgame_position()
    view = view_of(state, 0)
    judgement = judge_move(view, parse_action("sell diamond 3"), seed=3, iterations=200)
    assert str(judgement.best) == "sell diamond 3" and judgement.mark == "best"
    assert judgement.before == judgement.after == judgement.best_chance
    worse = judge_move(view, parse_action("take leather"), seed=3, iterations=200)
    assert str(worse.best) == "sell diamond 3"
    assert worse.after < worse.best_chance == worse.before
    assert worse.mark in ("mistake", "blunder"), worse


def test_a_move_the_search_leaves_out_is_still_judged():
    """With an empty deck the search never trades goods away (no stalling), but a player may."""
    state = position_from_json(position(
        market="cloth spice leather leather silver", hands=("diamond diamond gold", "gold gold"),
        herds=(3, 3), deck=[], spare_camels_to=0,
        goods_won=({"cloth": [5, 3]}, {"spice": [5, 3], "silver": [5, 5]})))
    view = view_of(state, 0)
    trade = parse_action("trade cloth+spice for diamond+gold")
    assert trade in view.legal_actions() and trade not in progressing(view.legal_actions(), 0)
    judgement = judge_move(view, trade, iterations=50)
    assert judgement.move == trade and judgement.best != trade and 0 <= judgement.after <= judgement.before


def test_a_judged_move_gets_its_share_of_the_search():
    view = view_of(GAME.state, GAME.state.to_move)
    action = view.legal_actions()[-1]
    search = FocusedSearch(view, random.Random(0), 100, focus=(action,))
    search.run()
    visits = {a: v for a, v, _ in search.root_statistics()}
    assert visits[action] >= FOCUS_SHARE * 100 - 1


def test_an_illegal_move_or_a_view_not_to_move_is_refused():
    view = view_of(GAME.state, GAME.state.to_move)
    with pytest.raises(IllegalActionError):
        judge_move(view, parse_action("sell diamond 5"), iterations=SMALL)
    with pytest.raises(JaipurError):
        judge_move(view_of(GAME.state, 1 - GAME.state.to_move), view.legal_actions()[0], iterations=SMALL)
    with pytest.raises(JaipurError):
        hints(view, iterations=0)


# --- hints ------------------------------------------------------------------------------------

def test_hints_are_the_three_best_moves_found_with_their_chances():
    view = view_of(GAME.state, GAME.state.to_move)
    found = hints(view, seed=5, iterations=200)
    assert len(found) == 3
    assert len({move.action for move in found}) == 3
    assert all(move.action in view.legal_actions() and 0 <= move.chance <= 1 for move in found)
    assert [move.visits for move in found] == sorted((move.visits for move in found), reverse=True)
    # the first is the move the expert search plays with the same seed and budget
    assert found[0].action == choose_action(view, "expert", random.Random(5), iterations=200)
    assert hints(view, seed=5, iterations=200) == found
    assert [m.to_json()["move"] for m in found] == [str(m.action) for m in found]


# --- a record's analysis, move by move ---------------------------------------------------------

def test_the_analysis_yields_each_move_of_the_chosen_seats_from_its_own_seed():
    record = GAME.record
    both = list(analyse_record(record, seats=(0, 1), seed=4, iterations=12))
    assert [(j.round, j.step) for j in both] == [(1, s) for s in range(len(record.rounds[0].actions))]
    positions = record.rounds[0].positions()
    mine = list(analyse_record(record, seats=(0,), seed=4, iterations=12))
    assert mine == [j for j in both if positions[j.step].to_move == 0]
    one = both[5]
    view = view_of(positions[5], positions[5].to_move)
    assert judge_move(view, record.rounds[0].actions[5], seed=move_seed(4, 1, 5), iterations=12,
                      step=5) == one


def test_sliced_resumed_and_whole_analyses_agree():
    record = GAME.record
    whole = RecordAnalysis(record, (1,), 9, 12).run_all()
    sliced = RecordAnalysis(record, (1,), 9, 12)
    steps = 0
    while not sliced.step(0.0):
        steps += 1
        assert 0 <= sliced.done_moves <= sliced.total_moves
    assert steps > 1 and sliced.analysis() == whole
    half = Analysis(whole.seats, whole.iterations, whole.seed, whole.moves[:3])
    resumed = RecordAnalysis(record, (1,), 9, 12, done=half)
    assert resumed.done_moves == 3 and resumed.run_all() == whole
    # a different budget is not reused
    assert RecordAnalysis(record, (1,), 9, 13, done=half).done_moves == 0


def test_the_analysis_field_round_trips_and_replay_ignores_it():
    analysis = RecordAnalysis(GAME.record, (0, 1), 1, 10).run_all()
    record = GAME.record.with_analysis(analysis)
    data = record.to_json()
    assert data["analysis"] == analysis.to_json()
    text = json.dumps(data)
    back = record_from_json(json.loads(text))
    assert back.analysis == analysis
    assert back.to_json() == data
    assert replay(back) == replay(GAME.record)
    game = Game.from_record_json(json.loads(text))
    assert game.to_record_json()["analysis"] == data["analysis"]
    assert game.state == GAME.state
    assert GAME.record.analysis is None and record.with_analysis(None).to_json() == GAME.record.to_json()


def test_taking_moves_back_drops_their_judgements():
    analysis = RecordAnalysis(GAME.record, (0, 1), 1, 5).run_all()
    game = Game.from_record(GAME.record.with_analysis(analysis))
    shorter = game.take_back(3)
    kept = shorter.record.analysis
    assert kept is not None and [j.step for j in kept.moves] == list(range(len(GAME.rounds[0].actions) - 3))
    assert record_from_json(shorter.to_record_json()).analysis == kept


def _with_analysis(mutate) -> dict:
    analysis = RecordAnalysis(GAME.record, (0, 1), 1, 5).run_all()
    data = GAME.record.with_analysis(analysis).to_json()
    data = copy.deepcopy(data)
    mutate(data["analysis"])
    return data


def _set(path, value):
    def mutate(holder):
        for step in path[:-1]:
            holder = holder[step]
        holder[path[-1]] = value
    return mutate


def _delete(path):
    def mutate(holder):
        for step in path[:-1]:
            holder = holder[step]
        del holder[path[-1]]
    return mutate


@pytest.mark.parametrize("mutate, message", [
    (lambda a: a.clear() or a.update({"x": 1}), "analysis.format: expected 'jaipur-analysis/1'"),
    (_set(("seats",), [2]), "analysis.seats: expected [0], [1] or [0, 1]"),
    (_set(("seats",), [1, 0]), "analysis.seats"),
    (_set(("iterations",), 0), "analysis.iterations: 0 is not from 1"),
    (_set(("iterations",), True), "analysis.iterations: expected an integer"),
    (_set(("seed",), -1), "analysis.seed"),
    (_set(("moves",), {}), "analysis.moves: expected a list"),
    (_set(("moves",), [1] * 13), "analysis.moves: 13 moves, but the record has 12 actions"),
    (_set(("moves", 0), "x"), "analysis.moves[0]: expected an object"),
    (_delete(("moves", 2, "mark")), "analysis.moves[2].mark: missing"),
    (_set(("moves", 0, "round"), 2), "analysis.moves[0].round: 2 is not from 1 to 1"),
    (_set(("moves", 11, "step"), 12), "analysis.moves[11].step: 12 is not from 0 to 11"),
    (_set(("moves", 1, "step"), 0), "analysis.moves[1]: round 1, step 0 is out of order or listed twice"),
    (_set(("moves", 0, "move"), "sell diamond 9"), "analysis.moves[0].move: 'sell diamond 9', but the record"),
    (_set(("moves", 0, "move"), "fly"), "analysis.moves[0].move:"),
    (_set(("moves", 0, "best"), 3), "analysis.moves[0].best: expected an action"),
    (_set(("moves", 0, "after"), 1.5), "analysis.moves[0].after: expected a chance from 0 to 1"),
    (_set(("moves", 0, "after"), "0.5"), "analysis.moves[0].after: expected a chance"),
    (_set(("moves", 0, "best_chance"), 0.12345), "analysis.moves[0].best_chance: 0.12345 has more than 3"),
    (_set(("moves", 0, "before"), 0.0), "analysis.moves[0].before: 0.0 is below"),
    (_set(("moves", 0, "mark"), "brilliant"), "analysis.moves[0].mark: expected"),
    (lambda a: a["moves"][0].update(mark="mistake" if a["moves"][0]["mark"] != "mistake" else "good"),
     "analysis.moves[0].mark: expected"),
    (lambda a: a.clear(), "analysis.format"),
])
def test_a_bad_analysis_field_is_refused_with_a_typed_error(mutate, message):
    data = _with_analysis(mutate)
    with pytest.raises(InvalidRecordError) as raised:
        record_from_json(data)
    assert str(raised.value).startswith(message), str(raised.value)
    with pytest.raises(InvalidRecordError):
        Game.from_record_json(data)


def test_an_analysis_that_is_not_an_object_is_refused():
    data = GAME.record.to_json()
    data["analysis"] = [1, 2]
    with pytest.raises(InvalidRecordError, match="^analysis: expected an object"):
        record_from_json(data)


# --- the puzzle judge --------------------------------------------------------------------------

def test_a_puzzle_without_answers_is_judged_by_the_search():
    puzzle = Puzzle(endgame_position(), "Deck of one: what now?", (), "")
    right = judge_puzzle(puzzle, parse_action("sell diamond 3"), seed=3, iterations=200)
    assert right.right and str(right.best[0].action) == "sell diamond 3" and right.loss == 0
    assert 1 <= len(right.best) <= 3
    wrong = judge_puzzle(puzzle, parse_action("take leather"), seed=3, iterations=200)
    assert not wrong.right and wrong.loss > 0.03
    assert str(wrong.best[0].action) == "sell diamond 3"
    assert wrong.to_json()["right"] is False and wrong.to_json()["best"][0]["move"] == "sell diamond 3"
    json.dumps(wrong.to_json())
    with pytest.raises(IllegalActionError):
        judge_puzzle(puzzle, parse_action("sell gold 2"), iterations=SMALL)


def test_a_move_within_three_points_of_the_best_is_right():
    puzzle = Puzzle(GAME.state, "What now?", (), "")
    for action in view_of(GAME.state, GAME.state.to_move).legal_actions()[:6]:
        verdict = judge_puzzle(puzzle, action, seed=1, iterations=SMALL)
        assert verdict.right == (action == verdict.best[0].action
                                 or verdict.best[0].chance - verdict.chance <= 0.03 + 1e-9)


def test_a_puzzle_with_answers_accepts_only_them():
    answer = parse_action("sell diamond 3")
    puzzle = Puzzle(endgame_position(), "?", (parse_action("take cloth"),), "")
    assert judge_puzzle(puzzle, parse_action("take cloth"), iterations=SMALL).right
    verdict = judge_puzzle(puzzle, answer, iterations=SMALL)
    assert not verdict.right and verdict.best


# --- the command line ---------------------------------------------------------------------------

def _cli(*args, stdin: str | None = None):
    return subprocess.run([sys.executable, "-m", "jaipur_core", *args], input=stdin, capture_output=True,
                          text=True, timeout=120, cwd=ROOT)


def test_analyse_writes_the_record_with_its_analysis(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME.to_record_json()))
    done = _cli("analyse", str(path), "--player", "1", "--iterations", "5", "--seed", "2")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    record = record_from_json(data)
    assert record.analysis == RecordAnalysis(GAME.record, (1,), 2, 5).run_all()
    again = _cli("analyse", "-", "--player", "1", "--iterations", "5", "--seed", "2", stdin=done.stdout)
    assert again.returncode == 0 and json.loads(again.stdout) == data


@pytest.mark.parametrize("args", [
    ("--player", "2"), ("--iterations", "0"), ("--iterations", "x"), ("--seed", "-1"),
])
def test_analyse_refuses_bad_options_in_one_line(tmp_path, args):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME.to_record_json()))
    done = _cli("analyse", str(path), *args)
    assert done.returncode == 2 and done.stderr.startswith("error: ") and done.stderr.count("\n") == 1


def test_analyse_refuses_a_bad_record_in_one_line(tmp_path):
    path = tmp_path / "game.json"
    data = GAME.to_record_json()
    data["analysis"] = {"format": "nope"}
    path.write_text(json.dumps(data))
    done = _cli("analyse", str(path))
    assert done.returncode == 2 and done.stderr.startswith("error: invalid record: analysis.format")


def test_any_value_anywhere_in_the_field_is_read_or_refused_with_a_typed_error():
    valid = _with_analysis(lambda a: None)
    strange = [None, True, False, -1, 0, 1, 2, 10 ** 40, 0.5, 1e300, -0.0, "", "x", "camels", [], [0], {}, {"a": 1}]
    rng = random.Random(29)
    for _ in range(400):
        data = copy.deepcopy(valid)
        holder, key = data, "analysis"
        while isinstance(holder[key], (dict, list)) and holder[key] and rng.random() < 0.75:
            holder = holder[key]
            key = rng.choice(list(holder)) if isinstance(holder, dict) else rng.randrange(len(holder))
        holder[key] = rng.choice(strange)
        try:
            record_from_json(data)
        except InvalidRecordError as error:
            assert str(error).startswith("analysis") and "\n" not in str(error)
