"""The computer's analysis of a game in review, and the judge of a puzzle without answers. Pure.

Helpers of `update` (issue 29, items 2 and 4). Analyse sends the game's record — only a public
one: a finished game, an imported record or a `#game=` link, whose reader holds every card of it
already — to the runner (`StartAnalysis`), which judges each move of the chosen players from its
mover's view and answers move by move (`AnalysisProgress`). Each judgement goes into the record's
`analysis` field at once, checked as a reader would check it, so a save, Export and the game
link carry what is judged so far, and a move judged once is never judged again. A puzzle without
accepted answers is judged the same way, from the solver's view (`StartPuzzleJudge`).
"""

from __future__ import annotations

import json
from dataclasses import replace

from jaipur_core import Game, JaipurError, view_of
from jaipur_core.analysis_format import ANALYSIS_FORMAT, Analysis, analysis_from_json

from ..app import games
from ..app.effects import StartAnalysis, StartPuzzleJudge, StopAnalysis
from ..app.events import AnalysisDone, AnalysisFailed, AnalysisProgress, PuzzleJudged, PuzzleJudgeFailed
from ..app.state import TableState, note
from ..blog.puzzle_state import Solving
from .state import ANALYSIS_SEED, Coach, analysis_of, left_to_judge, players_of, remember

WHO = ("0", "1", "both")


def is_public(state: TableState) -> bool:
    """The whole record may go to the analysis (`Game.public`)."""
    return state.line is not None and state.line.public


# --- the review's controls ----------------------------------------------------------------

def choose(state: TableState, value: str):
    """Whose moves Analyse judges: a seat ("0", "1") or "both"."""
    if value not in WHO or state.coach.analysing(state.token):
        return state, ()
    return replace(state, coach=replace(state.coach, who=value)), ()


def analyse(state: TableState, _value: str = ""):
    """Analyse: judge the chosen players' moves not judged yet (none left: it says so)."""
    if not is_public(state):
        return replace(state, note=note("analyse-not-now", "error")), ()
    if state.review is None:  # a stale click: the control is shown in review only
        return state, ()
    coach = state.coach
    if coach.analysing(state.token):
        return state, ()
    game, players = state.game, players_of(state.coach, state.seat)
    done, total = left_to_judge(game, players)
    if total == 0:
        return replace(state, note=note("analyse-no-moves", "info")), ()
    if done == total:
        return replace(state, note=note("analyse-done-already", "ok")), ()
    existing = analysis_of(game)
    # An analysis goes on with the budget and seed of the one in the record, so it stays one analysis.
    iterations, seed = ((existing.iterations, existing.seed) if existing is not None
                        else (coach.iterations, ANALYSIS_SEED))
    token = coach.serial + 1
    effect = StartAnalysis(token, json.dumps(game.to_record_json()), players, str(seed), iterations)
    coach = replace(coach, running=token, game=state.token, players=players, using=(iterations, seed),
                    done=done, total=total, serial=token)
    return replace(state, coach=coach, note=None), (effect,)


def stop(state: TableState, _value: str = ""):
    """Stop: the moves judged so far stay in the record."""
    coach = state.coach
    if coach.running is None:
        return state, ()
    state = replace(state, coach=replace(coach, running=None), note=note("analysis-stopped", "info"))
    return state, (StopAnalysis(coach.running),)


def jump(state: TableState, value: str):
    """A point of the chart: the review shows that step."""
    if state.review is None:
        return state, ()
    try:
        at = int(value)
    except ValueError:
        return state, ()
    if not 0 <= at < len(state.game.steps()):
        return state, ()
    return replace(state, review=at, animate=False), ()


# --- the runner's answers ---------------------------------------------------------------

def _wanted(state: TableState, token: int) -> bool:
    return state.coach.running == token


def progress(state: TableState, event: AnalysisProgress):
    if not _wanted(state, event.token):
        return state, ()
    coach = state.coach
    if coach.game != state.token:  # the game changed under it: its answers are not wanted
        return replace(state, coach=replace(coach, running=None)), (StopAnalysis(event.token),)
    try:
        line = with_judgement(state.game, event.judgement, coach.players, coach.using)
    except (JaipurError, KeyError, TypeError, ValueError) as error:
        return (replace(state, coach=replace(coach, running=None), note=note("analysis-failed", "error",
                                                                             error=str(error))),
                (StopAnalysis(event.token),))
    done, total = left_to_judge(line, coach.players)
    state = replace(state, line=line, animate=False, coach=replace(coach, done=done, total=total))
    return state, games.save_effects(state)


def with_judgement(game: Game, entry: dict, players: tuple[int, ...], using: tuple[int, int]) -> Game:
    """The game whose record's analysis holds this judgement too (one move's jaipur-analysis/1
    entry), the entry checked as a reader checks the record's field (InvalidRecordError if it is
    not sound); the rest was checked when it came in."""
    existing = analysis_of(game)
    iterations, seed = using if existing is None else (existing.iterations, existing.seed)
    seats = sorted(set(() if existing is None else existing.seats) | set(players))
    alone = {"format": ANALYSIS_FORMAT, "seats": seats, "iterations": iterations, "seed": seed, "moves": [entry]}
    [judgement] = analysis_from_json(alone, tuple(played.actions for played in game.rounds)).moves
    moves = {} if existing is None else {(m.round, m.step): m for m in existing.moves}
    moves[(judgement.round, judgement.step)] = judgement
    analysis = Analysis(tuple(seats), iterations, seed, tuple(moves[key] for key in sorted(moves)))
    line = game.with_extra(analysis=analysis.to_json())
    remember(line, analysis)
    return line


def finished(state: TableState, event: AnalysisDone):
    if not _wanted(state, event.token):
        return state, ()
    return replace(state, coach=replace(state.coach, running=None), note=note("analysis-finished", "ok")), ()


def failed(state: TableState, event: AnalysisFailed):
    if not _wanted(state, event.token):
        return state, ()
    return replace(state, coach=replace(state.coach, running=None),
                   note=note("analysis-failed", "error", error=event.error)), ()


# --- a puzzle without accepted answers ---------------------------------------------------------

def judge_answer(state: TableState, solving: Solving, action) -> tuple[TableState, tuple]:
    """The reader's move on a puzzle without accepted answers (already played on the table, the
    game's token bumped): judged by the search from the solver's view, in slices."""
    puzzle = solving.puzzle
    view = view_of(puzzle.position, puzzle.solver)
    effect = StartPuzzleJudge(state.token, view, str(action), str(ANALYSIS_SEED), state.coach.iterations)
    return replace(state, puzzle=replace(solving, verdict="judging", token=state.token)), (effect,)


def _judging(state: TableState, token: int) -> Solving | None:
    solving = state.puzzle
    if (isinstance(solving, Solving) and solving.verdict == "judging" and solving.token == token
            and token == state.token):
        return solving
    return None


def puzzle_judged(state: TableState, event: PuzzleJudged):
    solving = _judging(state, event.token)
    if solving is None:
        return state, ()
    verdict = event.verdict
    best = tuple((move["move"], float(move["chance"])) for move in verdict["best"])
    solving = replace(solving, verdict="right" if verdict["right"] else "wrong",
                      chance=float(verdict["chance"]), judged=best)
    return replace(state, puzzle=solving, animate=False), ()


def puzzle_judge_failed(state: TableState, event: PuzzleJudgeFailed):
    solving = _judging(state, event.token)
    if solving is None:
        return state, ()
    return replace(state, puzzle=replace(solving, verdict="open"), animate=False,
                   note=note("puzzle-judge-failed", "error", error=event.error)), ()


def wants(state: TableState, kind: str, token: int) -> bool:
    """The runner's question after each event: is this job's answer still wanted?"""
    if kind == "analysis":
        return state.coach.analysing(state.token) and state.coach.running == token
    return _judging(state, token) is not None


__all__ = ["Coach", "analyse", "choose", "failed", "finished", "is_public", "judge_answer", "jump", "progress",
           "puzzle_judge_failed", "puzzle_judged", "stop", "wants", "with_judgement"]
