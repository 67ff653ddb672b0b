"""The search worker's request handler (pyscript_app/coach/worker_jobs.py), without a worker: the
same moves as the page's sliced search, hints, an analysis move by move that a stop ends,
and a readable "failed" for every bad request."""

from __future__ import annotations

import json
import random

import pytest

from jaipur_core import Game, legal_actions, view_of
from jaipur_core.ai import start_search
from jaipur_core.ai.analysis import analyse_record, hints, judge_puzzle
from jaipur_core.analysis_format import stored_chance
from jaipur_core.puzzle import Puzzle
from pyscript_app.coach.worker_jobs import Jobs


class Worker:
    """Jobs with its answers kept, as ai_worker.js drives it."""

    def __init__(self):
        self.answers: list[dict] = []
        self.jobs = Jobs(lambda text: self.answers.append(json.loads(text)))

    def send(self, **message) -> None:
        self.jobs.receive(json.dumps(message))

    def run(self, max_seconds=0.01, limit=100_000) -> None:
        for _ in range(limit):
            if not self.jobs.work(max_seconds):
                return
        raise AssertionError("the jobs never finished")


def views(count: int, seed: int = 0):
    """Views of the seat to move at `count` positions of random games (several rounds' openings
    and middles), all in play."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        game = Game.new(seed=rng.randrange(10**6), first=rng.randrange(2))
        for _ in range(rng.randrange(12)):
            if game.state.phase != "play":
                break
            game = game.play(rng.choice(legal_actions(game.state)))
        if game.state.phase == "play":
            found.append(view_of(game.state, game.state.to_move))
    return found


def sliced_move(view, level: str, seed: str):
    """The page's old path: start_search stepped in 30 ms slices (app/runner.py before the worker)."""
    search = start_search(view, level, random.Random(seed))
    while not search.step(0.03):
        pass
    return search.best_action()


@pytest.mark.parametrize("level,count", [("easy", 12), ("medium", 12), ("hard", 6)])
def test_a_move_is_the_sliced_searchs_move_for_the_same_view_and_seed(level, count):
    worker = Worker()
    expected = {}
    for index, view in enumerate(views(count, seed=len(level))):
        seed = f"jaipur-ai/{index}/1/{index}"
        worker.send(id=index, kind="move", view=view.to_json(), level=level, seed=seed)
        expected[index] = str(sliced_move(view, level, seed))
    worker.run()
    assert {answer["id"]: answer["action"] for answer in worker.answers} == expected
    assert {answer["kind"] for answer in worker.answers} == {"done"}


def test_hints_are_the_three_best_moves_with_their_chances():
    worker = Worker()
    view = views(1, seed=5)[0]
    worker.send(id="h", kind="hints", view=view.to_json(), seed="jaipur-hint/5/1/0")
    worker.run()
    [answer] = worker.answers
    expected = [{"action": str(move.action), "chance": stored_chance(move.chance)}
                for move in hints(view, seed="jaipur-hint/5/1/0")]
    assert answer == {"id": "h", "kind": "done", "options": expected} and len(expected) == 3


def short_record():
    game = Game.new(seed=12, first=0)
    rng = random.Random(12)
    for _ in range(9):
        game = game.play(rng.choice(legal_actions(game.state)))
    return game.record


def test_an_analysis_answers_each_judged_move_then_done():
    record = short_record()
    worker = Worker()
    worker.send(id=3, kind="analyse", record=json.dumps(record.to_json()), players=[1], seed=4, iterations=30)
    worker.run()
    expected = [judgement.to_json() for judgement in analyse_record(record, (1,), 4, 30)]
    progress = [answer for answer in worker.answers if answer["kind"] == "progress"]
    assert [answer["judgement"] for answer in progress] == expected and len(expected) == 4
    assert [(answer["done"], answer["total"]) for answer in progress] == [(n, 4) for n in range(1, 5)]
    assert worker.answers[-1] == {"id": 3, "kind": "done"} and len(worker.answers) == 5


def test_a_stop_between_slices_ends_an_analysis():
    worker = Worker()
    worker.send(id=1, kind="analyse", record=json.dumps(short_record().to_json()), players=[0, 1], seed=0,
                iterations=400)
    assert worker.jobs.work(0.0)                  # one slice: at least one iteration, not the whole game
    worker.send(id=1, kind="stop")
    assert not worker.jobs.busy and not worker.jobs.work()
    assert all(answer["kind"] == "progress" for answer in worker.answers)


def test_a_move_goes_before_an_analysis_in_progress():
    worker = Worker()
    worker.send(id="a", kind="analyse", record=json.dumps(short_record().to_json()), players=[0, 1], seed=0,
                iterations=200)
    worker.jobs.work(0.0)
    worker.send(id="m", kind="move", view=views(1)[0].to_json(), level="easy", seed="s")
    worker.jobs.work(0.0)
    assert worker.answers[-1]["id"] == "m" and worker.answers[-1]["kind"] == "done"
    worker.run()
    assert worker.answers[-1] == {"id": "a", "kind": "done"}


def test_a_puzzles_move_is_judged_from_the_solvers_view_as_the_engine_judges_it():
    position = Game.new(seed=6, first=0).state
    puzzle = Puzzle(position, "What now?", (), "")
    view = view_of(position, puzzle.solver)
    worker = Worker()
    played = legal_actions(position)[:3]
    for index, action in enumerate(played):
        worker.send(id=index, kind="judge", view=view.to_json(), action=str(action), seed="0", iterations=40)
    worker.run()
    verdicts = {answer["id"]: answer["verdict"] for answer in worker.answers}
    assert {answer["kind"] for answer in worker.answers} == {"done"} and len(worker.answers) == 3
    assert verdicts == {index: judge_puzzle(puzzle, action, seed=0, iterations=40).to_json()
                        for index, action in enumerate(played)}


VIEW = views(1, seed=9)[0].to_json()
RECORD = json.dumps(short_record().to_json())


@pytest.mark.parametrize("message,expected_id,words", [
    ("not json", None, "JSONDecodeError"),
    ("[1, 2]", None, "a request is a JSON object"),
    (json.dumps({"kind": "move"}), None, "id:"),
    (json.dumps({"id": True, "kind": "move"}), None, "id:"),
    (json.dumps({"id": 1, "kind": "dance"}), 1, "kind:"),
    (json.dumps({"id": 1, "kind": "move", "view": {"format": "x"}, "level": "easy", "seed": 1}), 1, "format"),
    (json.dumps({"id": 1, "kind": "move", "view": VIEW, "level": "godlike", "seed": 1}), 1, "level:"),
    (json.dumps({"id": 1, "kind": "move", "view": VIEW, "level": "easy", "seed": [1]}), 1, "seed:"),
    (json.dumps({"id": 1, "kind": "hints", "view": VIEW}), 1, "seed:"),
    (json.dumps({"id": 2, "kind": "analyse", "record": {}, "players": [0], "seed": 0, "iterations": 5}), 2,
     "record:"),
    (json.dumps({"id": 2, "kind": "analyse", "record": "{", "players": [0], "seed": 0, "iterations": 5}), 2,
     "record"),
    (json.dumps({"id": 2, "kind": "analyse", "record": RECORD, "players": [2], "seed": 0, "iterations": 5}), 2,
     "players:"),
    (json.dumps({"id": 2, "kind": "analyse", "record": RECORD, "players": [0], "seed": 0, "iterations": 0}), 2,
     "iterations:"),
    (json.dumps({"id": 3, "kind": "judge", "view": VIEW, "seed": 0, "iterations": 5}), 3, "action:"),
    (json.dumps({"id": 3, "kind": "judge", "view": VIEW, "action": "dance", "seed": 0, "iterations": 5}), 3,
     "action:"),
    (json.dumps({"id": 3, "kind": "judge", "view": VIEW, "action": "sell camel 1", "seed": 0, "iterations": 5}), 3,
     "action:"),
    (json.dumps({"id": 3, "kind": "judge", "view": VIEW, "action": "camels", "seed": "x", "iterations": 5}), 3,
     "seed:"),
    (json.dumps({"id": 3, "kind": "judge", "view": VIEW, "action": "camels", "seed": 0, "iterations": True}), 3,
     "iterations:"),
    (json.dumps({"id": 3, "kind": "judge", "view": {"format": "x"}, "action": "camels", "seed": 0,
                 "iterations": 5}), 3, "format"),
])
def test_a_bad_request_is_answered_failed_and_the_worker_goes_on(message, expected_id, words):
    worker = Worker()
    worker.jobs.receive(message)
    [answer] = worker.answers
    assert answer["id"] == expected_id and answer["kind"] == "failed" and words in answer["error"]
    assert not worker.jobs.busy
    worker.send(id=9, kind="move", view=VIEW, level="easy", seed=0)
    worker.run()
    assert worker.answers[-1]["id"] == 9 and worker.answers[-1]["kind"] == "done"


def test_a_view_whose_seat_is_not_to_move_fails_with_the_reason():
    view = views(1, seed=3)[0].to_json()
    view["seat"] = 1 - view["seat"]
    worker = Worker()
    worker.send(id=1, kind="move", view=view, level="easy", seed=0)
    [answer] = worker.answers
    assert answer["kind"] == "failed"


def test_the_queue_gives_as_typed_values_what_the_worker_posts_as_json():
    from pyscript_app.coach.protocol import answer_from_json, request_from_json
    from pyscript_app.coach.worker_jobs import JobQueue
    view = views(1, seed=2)[0]
    messages = [dict(id=1, kind="move", view=view.to_json(), level="medium", seed="m"),
                dict(id=2, kind="hints", view=view.to_json(), seed=5),
                dict(id=3, kind="analyse", record=RECORD, players=[1], seed=1, iterations=6),
                dict(id=4, kind="judge", view=view.to_json(), action=str(view.legal_actions()[0]), seed=0,
                     iterations=10),
                dict(id=5, kind="move", view=VIEW, level="easy", seed=0)]
    worker, typed = Worker(), []
    queue = JobQueue(typed.append)
    requests = {}
    for message in messages:
        worker.send(**message)
        requests[message["id"]] = request_from_json(message)
        queue.receive(requests[message["id"]])
    worker.run()
    while queue.work(0.01):
        pass
    assert [answer_from_json(answer, requests[answer["id"]]) for answer in worker.answers] == typed
    assert len(typed) == 1 + 1 + (4 + 1) + 1 + 1      # an analysis of four moves: four judged, then done


def test_a_resumed_analysis_keeps_the_records_judgements_of_its_budget_and_adds_those_heard():
    from jaipur_core.analysis_format import Analysis
    from pyscript_app.coach.jobs import with_judgements
    from pyscript_app.coach.protocol import AnalyseRequest
    record = short_record()
    mine = list(analyse_record(record, (1,), 4, 30))
    theirs = list(analyse_record(record, (0,), 4, 30))
    held = record.with_analysis(Analysis((0,), 30, 4, tuple(theirs[:2])))
    resumed = with_judgements(AnalyseRequest(7, held, (1,), 4, 30), mine[:3])
    analysis = resumed.record.analysis
    assert (analysis.seats, analysis.iterations, analysis.seed) == ((0, 1), 30, 4) and resumed.id == 7
    assert analysis.moves == tuple(sorted(theirs[:2] + mine[:3], key=lambda m: (m.round, m.step)))
    other_budget = with_judgements(AnalyseRequest(7, held, (1,), 4, 31), mine[:1]).record.analysis
    assert other_budget.moves == (mine[0],) and other_budget.seats == (1,)   # another budget's are not kept
