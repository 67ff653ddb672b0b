"""The search worker's messages (pyscript_app/coach/protocol.py): each kind crosses as the JSON
worker_jobs documents and reads back as the same value; each malformed field is refused by name."""

from __future__ import annotations

import json

import pytest

from jaipur_core import Game, legal_actions, view_of
from jaipur_core.actions import parse_action
from jaipur_core.ai.analysis import MoveChance, PuzzleVerdict, analyse_record
from jaipur_core.analysis_format import Analysis
from pyscript_app.coach.protocol import (
    AnalyseRequest,
    AnalysisFinished,
    HintsRanked,
    HintsRequest,
    JobFailed,
    JudgeRequest,
    MoveChosen,
    MoveJudged,
    MoveRequest,
    ProtocolError,
    PuzzleVerdictGiven,
    StopRequest,
    answer_from_json,
    message_id,
    request_from_json,
)
from tests.test_worker_jobs import short_record, views

VIEW = views(1, seed=9)[0]
RECORD = short_record()
JUDGEMENT = next(analyse_record(RECORD, (1,), 4, 10))
ACTION = legal_actions(Game.new(seed=6, first=0).state)[0]
PUZZLE_VIEW = view_of(Game.new(seed=6, first=0).state, 0)
VERDICT = PuzzleVerdict(ACTION, True, 0.5, (MoveChance(parse_action("camels"), 0.512, 30), MoveChance(ACTION, 0.5, 12)))

MOVE = MoveRequest(1, VIEW, "hard", "jaipur-ai/1/1/0")
HINTS = HintsRequest("h", VIEW, 7)
ANALYSE = AnalyseRequest(2, RECORD, (0, 1), 4, 30)
JUDGE = JudgeRequest(3, PUZZLE_VIEW, ACTION, 0, 40)
STOP = StopRequest(2)

REQUESTS = [MOVE, HintsRequest("h", VIEW, "seed as text"), HINTS, ANALYSE, AnalyseRequest(5, RECORD, (1,), 0, 1),
            JUDGE, STOP]
ANSWERS = [
    (MOVE, MoveChosen(1, ACTION)),
    (MOVE, MoveChosen(1, None)),
    (HINTS, HintsRanked("h", ((ACTION, 0.625), (parse_action("camels"), 0.5), (parse_action("take gold"), 0.0)))),
    (HINTS, HintsRanked("h", ())),
    (ANALYSE, MoveJudged(2, JUDGEMENT, 1, 4)),
    (ANALYSE, AnalysisFinished(2)),
    (JUDGE, PuzzleVerdictGiven(3, VERDICT)),
    (JUDGE, JobFailed(3, "MemoryError: ")),
    (MOVE, JobFailed(1, "JobError: level: expected one of easy, medium, hard, expert, got 'godlike'")),
]


def crossed(message) -> dict:
    """A message as the other side of the worker's wall gets it: JSON text, parsed."""
    return json.loads(json.dumps(message.to_json()))


@pytest.mark.parametrize("request_", REQUESTS, ids=lambda r: type(r).__name__)
def test_each_request_reads_back_as_itself(request_):
    assert request_from_json(crossed(request_)) == request_


@pytest.mark.parametrize("request_,answer", ANSWERS, ids=lambda m: type(m).__name__)
def test_each_answer_reads_back_as_itself(request_, answer):
    assert answer_from_json(crossed(answer), request_) == answer


def test_the_wire_holds_exactly_the_documented_fields():
    assert crossed(MOVE) == {"id": 1, "kind": "move", "view": VIEW.to_json(), "level": "hard",
                             "seed": "jaipur-ai/1/1/0"}
    assert crossed(HINTS) == {"id": "h", "kind": "hints", "view": VIEW.to_json(), "seed": 7}
    wire = crossed(ANALYSE)
    assert set(wire) == {"id", "kind", "record", "players", "seed", "iterations"} and wire["players"] == [0, 1]
    assert json.loads(wire["record"]) == RECORD.to_json()    # the record crosses as JSON text
    assert crossed(JUDGE) == {"id": 3, "kind": "judge", "view": PUZZLE_VIEW.to_json(), "action": str(ACTION),
                              "seed": 0, "iterations": 40}
    assert crossed(STOP) == {"id": 2, "kind": "stop"}
    assert crossed(MoveChosen(1, None)) == {"id": 1, "kind": "done", "action": None}
    assert crossed(HintsRanked(1, ((ACTION, 0.5),))) == {"id": 1, "kind": "done",
                                                         "options": [{"action": str(ACTION), "chance": 0.5}]}
    assert crossed(MoveJudged(2, JUDGEMENT, 1, 4)) == {"id": 2, "kind": "progress", "judgement": JUDGEMENT.to_json(),
                                                       "done": 1, "total": 4}
    assert crossed(AnalysisFinished(2)) == {"id": 2, "kind": "done"}
    assert crossed(PuzzleVerdictGiven(3, VERDICT)) == {"id": 3, "kind": "done", "verdict": VERDICT.to_json()}
    assert crossed(JobFailed(None, "x")) == {"id": None, "kind": "failed", "error": "x"}


def _with(message, **fields) -> dict:
    """A message's JSON with some fields changed (None: left out)."""
    data = crossed(message)
    for name, value in fields.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value
    return data


@pytest.mark.parametrize("data,field", [
    ([1, 2], "a request is a JSON object"),
    (_with(MOVE, id=None), "id:"),
    (_with(MOVE, id=True), "id:"),
    (_with(MOVE, id=1.5), "id:"),
    (_with(MOVE, kind="dance"), "kind:"),
    (_with(MOVE, kind=["move"]), "kind:"),
    (_with(MOVE, level="godlike"), "level:"),
    (_with(MOVE, view={"format": "x"}), "view: format"),
    (_with(MOVE, view=None), "view:"),
    (_with(MOVE, seed=[1]), "seed:"),
    (_with(MOVE, seed=True), "seed:"),
    (_with(HINTS, seed=None), "seed:"),
    (_with(HINTS, view="a view"), "view:"),
    (_with(ANALYSE, record={}), "record:"),
    (_with(ANALYSE, record="{"), "record: the text is not valid JSON"),
    (_with(ANALYSE, record=json.dumps({"format": "x"})), "record: format"),
    (_with(ANALYSE, players=[2]), "players:"),
    (_with(ANALYSE, players=(0,)), "players:"),
    (_with(ANALYSE, iterations=0), "iterations:"),
    (_with(ANALYSE, iterations=10**9), "iterations:"),
    (_with(ANALYSE, seed="x"), "seed:"),
    (_with(JUDGE, action=None), "action:"),
    (_with(JUDGE, action="dance"), "action:"),
    (_with(JUDGE, iterations=True), "iterations:"),
    (_with(JUDGE, seed="1.5"), "seed:"),
    (_with(JUDGE, view={"format": "x"}), "view: format"),
])
def test_a_malformed_request_is_refused_by_the_field_at_fault(data, field):
    with pytest.raises(ProtocolError) as refused:
        request_from_json(data)
    assert str(refused.value).startswith(field)


MOVED = MoveChosen(1, ACTION)
RANKED = HintsRanked("h", ((ACTION, 0.625),))
JUDGED = MoveJudged(2, JUDGEMENT, 1, 4)
GIVEN = PuzzleVerdictGiven(3, VERDICT)


def _entry(answer, name: str, **fields) -> dict:
    """An answer's JSON with fields of its `name` object changed (None: left out)."""
    data = crossed(answer)
    for key, value in fields.items():
        if value is None:
            data[name].pop(key)
        else:
            data[name][key] = value
    return data


@pytest.mark.parametrize("request_,data,field", [
    (MOVE, [MOVED.to_json()], "an answer is a JSON object"),
    (MOVE, _with(MOVED, id=None), "id:"),
    (MOVE, _with(MOVED, kind="progress"), "kind: expected done or failed"),
    (ANALYSE, _with(JUDGED, kind="dance"), "kind: expected done, progress or failed"),
    (MOVE, _with(MOVED, action=None), "action: missing"),
    (MOVE, _with(MOVED, action="dance"), "action:"),
    (MOVE, _with(MOVED, action=3), "action:"),
    (HINTS, _with(RANKED, options=None), "options:"),
    (HINTS, _with(RANKED, options=[[str(ACTION), 0.5]]), "options[0]:"),
    (HINTS, _with(RANKED, options=[{"action": "dance", "chance": 0.5}]), "options[0].action:"),
    (HINTS, _with(RANKED, options=[{"action": str(ACTION), "chance": 1.5}]), "options[0].chance:"),
    (HINTS, _with(RANKED, options=[{"action": str(ACTION)}]), "options[0].chance: missing"),
    (ANALYSE, _with(JUDGED, done=None), "done:"),
    (ANALYSE, _with(JUDGED, done=5), "done:"),
    (ANALYSE, _with(JUDGED, total=-1), "total:"),
    (ANALYSE, _with(JUDGED, judgement=None), "judgement:"),
    (ANALYSE, _entry(JUDGED, "judgement", round=0), "judgement.round:"),
    (ANALYSE, _entry(JUDGED, "judgement", step=True), "judgement.step:"),
    (ANALYSE, _entry(JUDGED, "judgement", move="dance"), "judgement.move:"),
    (ANALYSE, _entry(JUDGED, "judgement", before=2), "judgement.before:"),
    (ANALYSE, _entry(JUDGED, "judgement", after="0.5"), "judgement.after:"),
    (ANALYSE, _entry(JUDGED, "judgement", best=None), "judgement.best: missing"),
    (ANALYSE, _entry(JUDGED, "judgement", best_chance=-0.1), "judgement.best_chance:"),
    (ANALYSE, _entry(JUDGED, "judgement", mark="brilliant"), "judgement.mark:"),
    (JUDGE, _with(GIVEN, verdict="right"), "verdict:"),
    (JUDGE, _entry(GIVEN, "verdict", move="dance"), "verdict.move:"),
    (JUDGE, _entry(GIVEN, "verdict", right=1), "verdict.right:"),
    (JUDGE, _entry(GIVEN, "verdict", chance=None), "verdict.chance: missing"),
    (JUDGE, _entry(GIVEN, "verdict", best=[]), "verdict.best:"),
    (JUDGE, _entry(GIVEN, "verdict", best=[{"move": "camels", "chance": 0.5}]), "verdict.best[0].visits: missing"),
    (JUDGE, _entry(GIVEN, "verdict", best=[{"move": "camels", "chance": 0.5, "visits": -1}]),
     "verdict.best[0].visits:"),
    (JUDGE, _with(JobFailed(3, "x"), error=None), "error:"),
])
def test_a_malformed_answer_is_refused_by_the_field_at_fault(request_, data, field):
    with pytest.raises(ProtocolError) as refused:
        answer_from_json(data, request_)
    assert str(refused.value).startswith(field)


def test_an_answer_is_read_against_the_request_it_answers():
    done = {"id": 1, "kind": "done"}
    assert answer_from_json(done, ANALYSE) == AnalysisFinished(1)
    with pytest.raises(ProtocolError, match="^action: missing"):
        answer_from_json(done, MOVE)                  # a move's "done" carries its move
    with pytest.raises(ProtocolError, match="^kind:"):
        answer_from_json(crossed(JUDGED), JUDGE)      # only an analysis makes progress


@pytest.mark.parametrize("data,expected", [
    ({"id": 4, "kind": "x"}, 4), ({"id": "a"}, "a"), ({"id": True}, None), ({"id": [1]}, None), ([4], None),
    (None, None),
])
def test_the_id_a_message_names_is_read_when_it_can_be(data, expected):
    assert message_id(data) == expected


def test_a_record_crosses_with_its_analysis():
    judged = RECORD.with_analysis(Analysis((1,), 10, 4, (JUDGEMENT,)))
    request = AnalyseRequest(1, judged, (1,), 4, 10)
    assert request_from_json(crossed(request)) == request and request.record.analysis.moves == (JUDGEMENT,)
