"""The search worker's messages as typed values, and the JSON they cross the worker's wall as.

A request asks for one job; every answer names its job by the request's `id` (an integer or a
string). Each message writes itself with `to_json()`; `request_from_json` and
`answer_from_json` read them back, refusing anything malformed with a ProtocolError that
names the field. The wire (web/ai_worker.js and the worker's tests rely on it):

    MoveRequest     {"id", "kind": "move", "view", "level", "seed"}
        MoveChosen          -> {"id", "kind": "done", "action"}
    HintsRequest    {"id", "kind": "hints", "view", "seed"}
        HintsRanked         -> {"id", "kind": "done", "options": [{"action", "chance"}, ...]}
    AnalyseRequest  {"id", "kind": "analyse", "record", "players", "seed", "iterations"}
        MoveJudged          -> {"id", "kind": "progress", "judgement", "done", "total"} per judged move,
        AnalysisFinished       then {"id", "kind": "done"}
    JudgeRequest    {"id", "kind": "judge", "view", "action", "seed", "iterations"}
        PuzzleVerdictGiven  -> {"id", "kind": "done", "verdict"}  (a puzzle's move judged from the
                               solver's view: PuzzleVerdict.to_json(), right within 3 points of the
                               best, the best moves)
    StopRequest     {"id", "kind": "stop"}   -> (the job `id` is dropped, no answer)
    anything wrong  JobFailed               -> {"id", "kind": "failed", "error"}

"view" is a jaipur-view/1 object (only what the searching side may know), "record" a
jaipur-game/1 record as JSON text (public: every card of it is the reader's already), a
"judgement" a jaipur-analysis/1 move entry. Four answers share the kind "done", so an answer
is read against the request it answers. The readers check each field's form and range; what
needs the game to judge (is the puzzle's move legal in its view, is the record's play legal)
is the jobs' to check (coach/jobs.py), so a request built on the page is checked there too.
Pure: no page event, no effect, no `js`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import ClassVar

from jaipur_core import PlayerView, view_from_json
from jaipur_core.actions import Action, parse_action
from jaipur_core.ai import LEVELS
from jaipur_core.ai.analysis import MoveChance, PuzzleVerdict
from jaipur_core.analysis_format import MoveJudgement
from jaipur_core.jsontext import load_json
from jaipur_core.limits import MAX_ANALYSIS_ITERATIONS
from jaipur_core.record import GameRecord, record_from_json

JobId = int | str
#: A move's or a hint's seed for random.Random, kept as given: "3" and 3 seed differently.
Seed = int | str
KINDS = ("move", "hints", "analyse", "judge", "stop")
PLAYERS = ((0,), (1,), (0, 1))


class ProtocolError(ValueError):
    """A message that does not read; its text names the field at fault (`seed: ...`)."""


# --- requests ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class MoveRequest:
    """The computer's move: a search of the mover's view at `level`."""

    kind: ClassVar[str] = "move"
    id: JobId
    view: PlayerView
    level: str
    seed: Seed

    def to_json(self) -> dict:
        return {"id": self.id, "kind": self.kind, "view": self.view.to_json(), "level": self.level,
                "seed": self.seed}


@dataclass(frozen=True)
class HintsRequest:
    """The player's hint: the best moves of the player's view, ranked."""

    kind: ClassVar[str] = "hints"
    id: JobId
    view: PlayerView
    seed: Seed

    def to_json(self) -> dict:
        return {"id": self.id, "kind": self.kind, "view": self.view.to_json(), "seed": self.seed}


@dataclass(frozen=True)
class AnalyseRequest:
    """A public record's moves by `players` judged, `iterations` per move; the moves its
    `analysis` holds with the same budget and seed are not judged again."""

    kind: ClassVar[str] = "analyse"
    id: JobId
    record: GameRecord
    players: tuple[int, ...]      # (0,), (1,) or (0, 1)
    seed: int
    iterations: int

    def to_json(self) -> dict:
        return {"id": self.id, "kind": self.kind, "record": json.dumps(self.record.to_json()),
                "players": list(self.players), "seed": self.seed, "iterations": self.iterations}


@dataclass(frozen=True)
class JudgeRequest:
    """A puzzle's move judged from the solver's view (never the puzzle's hidden cards)."""

    kind: ClassVar[str] = "judge"
    id: JobId
    view: PlayerView
    action: Action
    seed: int
    iterations: int

    def to_json(self) -> dict:
        return {"id": self.id, "kind": self.kind, "view": self.view.to_json(), "action": str(self.action),
                "seed": self.seed, "iterations": self.iterations}


@dataclass(frozen=True)
class StopRequest:
    """Drop job `id`: it is answered no more."""

    kind: ClassVar[str] = "stop"
    id: JobId

    def to_json(self) -> dict:
        return {"id": self.id, "kind": self.kind}


Request = MoveRequest | HintsRequest | AnalyseRequest | JudgeRequest | StopRequest
#: The requests that start a job (a stop starts none).
JobRequest = MoveRequest | HintsRequest | AnalyseRequest | JudgeRequest


# --- answers -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class MoveChosen:
    """A MoveRequest's answer: the move found (None: the search found none)."""

    id: JobId
    action: Action | None

    def to_json(self) -> dict:
        return {"id": self.id, "kind": "done", "action": None if self.action is None else str(self.action)}


@dataclass(frozen=True)
class HintsRanked:
    """A HintsRequest's answer: the best moves found, best first, each with the mover's chance
    to win the round as stored (0 to 1, three decimals)."""

    id: JobId
    options: tuple[tuple[Action, float], ...]

    def to_json(self) -> dict:
        return {"id": self.id, "kind": "done",
                "options": [{"action": str(action), "chance": chance} for action, chance in self.options]}


@dataclass(frozen=True)
class MoveJudged:
    """One more of an analysis's moves judged: its judgement, and how far (`done` of `total`
    moves, those the record had judged already counted)."""

    id: JobId
    judgement: MoveJudgement
    done: int
    total: int

    def to_json(self) -> dict:
        return {"id": self.id, "kind": "progress", "judgement": self.judgement.to_json(), "done": self.done,
                "total": self.total}


@dataclass(frozen=True)
class AnalysisFinished:
    """An AnalyseRequest's last answer: every move is judged."""

    id: JobId

    def to_json(self) -> dict:
        return {"id": self.id, "kind": "done"}


@dataclass(frozen=True)
class PuzzleVerdictGiven:
    """A JudgeRequest's answer: the verdict, its chances as stored (three decimals)."""

    id: JobId
    verdict: PuzzleVerdict

    def to_json(self) -> dict:
        return {"id": self.id, "kind": "done", "verdict": self.verdict.to_json()}


@dataclass(frozen=True)
class JobFailed:
    """Any request's answer when it cannot be run, or its job failed: why, in the developers'
    words. `id` None: the request's own id did not read."""

    id: JobId | None
    error: str

    def to_json(self) -> dict:
        return {"id": self.id, "kind": "failed", "error": self.error}


Answer = MoveChosen | HintsRanked | MoveJudged | AnalysisFinished | PuzzleVerdictGiven | JobFailed


# --- reading -------------------------------------------------------------------------------------

def message_id(data) -> JobId | None:
    """The id a message (parsed JSON) names, if it reads: where a refusal or an answer goes."""
    if isinstance(data, dict):
        job_id = data.get("id")
        if isinstance(job_id, (int, str)) and not isinstance(job_id, bool):
            return job_id
    return None


def request_from_json(data) -> Request:
    """The request a parsed JSON message is; ProtocolError naming the field if it is not one."""
    if not isinstance(data, dict):
        raise ProtocolError("a request is a JSON object")
    job_id = _job_id(data.get("id"))
    kind = data.get("kind")
    if kind not in KINDS:
        raise ProtocolError(f"kind: expected one of {', '.join(KINDS)}, got {kind!r}")
    if kind == "stop":
        return StopRequest(job_id)
    if kind == "move":
        level = data.get("level")
        if level not in LEVELS:
            raise ProtocolError(f"level: expected one of {', '.join(LEVELS)}, got {level!r}")
        return MoveRequest(job_id, _view(data.get("view")), level, _seed(data.get("seed")))
    if kind == "hints":
        return HintsRequest(job_id, _view(data.get("view")), _seed(data.get("seed")))
    if kind == "analyse":
        text = data.get("record")
        if not isinstance(text, str):
            raise ProtocolError("record: expected the record's JSON text")
        record = record_from_text(text)
        players = data.get("players")
        if not isinstance(players, list) or tuple(players) not in PLAYERS:
            raise ProtocolError(f"players: expected [0], [1] or [0, 1], got {players!r}")
        iterations, seed = _iterations(data.get("iterations")), _integer_seed(data.get("seed"))
        return AnalyseRequest(job_id, record, tuple(players), seed, iterations)
    view = _view(data.get("view"))
    text = data.get("action")
    if not isinstance(text, str):
        raise ProtocolError("action: expected the move in the action notation")
    action = _action(text, "action")
    iterations, seed = _iterations(data.get("iterations")), _integer_seed(data.get("seed"))
    return JudgeRequest(job_id, view, action, seed, iterations)


def answer_from_json(data, request: JobRequest) -> Answer:
    """The answer to `request` a parsed JSON message is; ProtocolError naming the field if it is not
    one (four answers are "done": which one is read follows from the request)."""
    if not isinstance(data, dict):
        raise ProtocolError("an answer is a JSON object")
    job_id = _job_id(data.get("id"))
    kind = data.get("kind")
    if kind == "failed":
        error = data.get("error")
        if not isinstance(error, str):
            raise ProtocolError(f"error: expected the reason as text, got {_type(error)}")
        return JobFailed(job_id, error)
    if kind == "progress" and isinstance(request, AnalyseRequest):
        total = _count(data.get("total"), "total")
        done = _count(data.get("done"), "done")
        if done > total:
            raise ProtocolError(f"done: {done} moves judged of {total}")
        return MoveJudged(job_id, _judgement(data.get("judgement")), done, total)
    if kind != "done":
        expected = "done, progress or failed" if isinstance(request, AnalyseRequest) else "done or failed"
        raise ProtocolError(f"kind: expected {expected}, got {kind!r}")
    if isinstance(request, MoveRequest):
        if "action" not in data:
            raise ProtocolError("action: missing")
        action = data["action"]
        return MoveChosen(job_id, None if action is None else _action(action, "action"))
    if isinstance(request, HintsRequest):
        return HintsRanked(job_id, _options(data.get("options")))
    if isinstance(request, AnalyseRequest):
        return AnalysisFinished(job_id)
    return PuzzleVerdictGiven(job_id, _verdict(data.get("verdict")))


def record_from_text(text: str) -> GameRecord:
    """The record a request carries (jaipur-game/1 JSON text), its structure read (its play is
    replayed by the job); ProtocolError `record: ...` if it does not read."""
    try:
        return record_from_json(load_json(text, "the text"))
    except ValueError as error:  # jaipur_core's errors are ValueErrors that name the field
        raise ProtocolError(f"record: {error}") from None


# --- fields --------------------------------------------------------------------------------------

def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _type(value) -> str:
    return "null" if value is None else type(value).__name__


def _job_id(value) -> JobId:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ProtocolError("id: expected a string or an integer")
    return value


def _seed(value) -> Seed:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise ProtocolError(f"seed: expected a string or an integer, got {_type(value)}")
    return value


def _integer_seed(value) -> int:
    seed = _seed(value)
    try:
        return int(seed)
    except ValueError:
        raise ProtocolError(f"seed: an analysis's seed is an integer, got {seed!r}") from None


def _iterations(value) -> int:
    if not _is_int(value) or not 1 <= value <= MAX_ANALYSIS_ITERATIONS:
        raise ProtocolError(f"iterations: expected an integer from 1 to {MAX_ANALYSIS_ITERATIONS}")
    return value


def _view(value) -> PlayerView:
    try:
        return view_from_json(value)
    except ValueError as error:
        raise ProtocolError(f"view: {error}") from None


def _action(value, path: str) -> Action:
    if not isinstance(value, str):
        raise ProtocolError(f"{path}: expected a move in the action notation, got {_type(value)}")
    try:
        return parse_action(value)
    except ValueError as error:
        raise ProtocolError(f"{path}: {error}") from None


def _chance(value, path: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ProtocolError(f"{path}: expected a chance from 0 to 1, got {value!r}")
    return float(value)


def _count(value, path: str, low: int = 0) -> int:
    if not _is_int(value) or value < low:
        raise ProtocolError(f"{path}: expected an integer from {low}, got {value!r}")
    return value


def _entries(value, path: str) -> list:
    if not isinstance(value, list):
        raise ProtocolError(f"{path}: expected a list, got {_type(value)}")
    return value


def _object(value, path: str, fields: tuple[str, ...]) -> dict:
    if not isinstance(value, dict):
        raise ProtocolError(f"{path}: expected an object, got {_type(value)}")
    for name in fields:
        if name not in value:
            raise ProtocolError(f"{path}.{name}: missing")
    return value


def _options(value) -> tuple[tuple[Action, float], ...]:
    options = []
    for index, entry in enumerate(_entries(value, "options")):
        path = f"options[{index}]"
        entry = _object(entry, path, ("action", "chance"))
        options.append((_action(entry["action"], f"{path}.action"), _chance(entry["chance"], f"{path}.chance")))
    return tuple(options)


_JUDGEMENT_FIELDS = ("round", "step", "move", "before", "after", "best", "best_chance", "mark")


def _judgement(value) -> MoveJudgement:
    """A jaipur-analysis/1 move entry in its form (is it the record's move, are its chances sound:
    coach.progress checks it against the record, as a record's reader does)."""
    path = "judgement"
    entry = _object(value, path, _JUDGEMENT_FIELDS)
    judgement = MoveJudgement(_count(entry["round"], f"{path}.round", 1), _count(entry["step"], f"{path}.step"),
                              _action(entry["move"], f"{path}.move"), _chance(entry["before"], f"{path}.before"),
                              _chance(entry["after"], f"{path}.after"), _action(entry["best"], f"{path}.best"),
                              _chance(entry["best_chance"], f"{path}.best_chance"))
    if entry["mark"] != judgement.mark:  # the mark follows from the numbers: one that does not is refused
        raise ProtocolError(f"{path}.mark: expected {judgement.mark!r} for these chances, got {entry['mark']!r}")
    return judgement


def _verdict(value) -> PuzzleVerdict:
    path = "verdict"
    entry = _object(value, path, ("move", "right", "chance", "best"))
    if not isinstance(entry["right"], bool):
        raise ProtocolError(f"{path}.right: expected true or false, got {_type(entry['right'])}")
    best = []
    for index, move in enumerate(_entries(entry["best"], f"{path}.best")):
        where = f"{path}.best[{index}]"
        move = _object(move, where, ("move", "chance", "visits"))
        best.append(MoveChance(_action(move["move"], f"{where}.move"), _chance(move["chance"], f"{where}.chance"),
                               _count(move["visits"], f"{where}.visits")))
    if not best:
        raise ProtocolError(f"{path}.best: expected the best moves found, got none")
    return PuzzleVerdict(_action(entry["move"], f"{path}.move"), entry["right"],
                         _chance(entry["chance"], f"{path}.chance"), tuple(best))
