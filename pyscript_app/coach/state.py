"""The computer's analysis in review, as a value of the page's state (`TableState.coach`). Pure.

What is judged lives in the game's own record (its `analysis` field, jaipur-analysis/1), so a
save, Export and the Link panel's game link carry it; this value holds only the interface: whose
moves Analyse judges, and the analysis running (its token, the game it analyses, how far).
"""

from __future__ import annotations

from dataclasses import dataclass

from jaipur_core import Game
from jaipur_core.analysis_format import Analysis, MoveJudgement

#: Search iterations per move of an analysis or a puzzle's judge made in the page (the engine's
#: ANALYSIS_ITERATIONS is expert's 1500): measured by `bench/analyse_page.py` so that one
#: player's moves of a whole three-round game are judged within 2 minutes in Chromium
#: (docs/ai.md). `?analysis-iterations=N` sets another (the browser tests use a few).
PAGE_ANALYSIS_ITERATIONS = 300
#: The analysis's seed (jaipur-analysis/1 `seed`): the CLI's default, so both judge alike.
ANALYSIS_SEED = 0


@dataclass(frozen=True)
class Coach:
    who: str = ""                 # whose moves Analyse judges: "0" | "1" | "both" ("": the seat shown)
    running: int | None = None    # the token of the analysis running (AnalysisProgress answers it)
    game: int = -1                # the game token it analyses: another game drops it
    players: tuple = ()           # the seats it judges
    using: tuple = (0, 0)         # its (iterations, seed): what the record's analysis will say
    done: int = 0                 # moves judged of `total` (those judged before included)
    total: int = 0
    serial: int = 0               # analyses started: each gets a token of its own
    iterations: int = PAGE_ANALYSIS_ITERATIONS

    def analysing(self, game_token: int) -> bool:
        """An analysis of the game at `game_token` is running."""
        return self.running is not None and self.game == game_token


# --- what is judged: queries of the record (render reads them too) ------------------------

_READ: dict = {}  # the record's `analysis` field (frozen, hashable) -> the Analysis it reads as


def analysis_of(game: Game) -> Analysis | None:
    """`game.record.analysis`, read once per value of the field: every move judged redraws the
    page, and reading every judgement again each time (its actions parsed) would cost more than
    the slice of search between two draws. The field was checked when it came in (a record read,
    or `with_judgement`), so the value alone decides what it reads as."""
    data = game.record.get("analysis")
    if data is None:
        return None
    found = _READ.get(data)
    if found is None:
        found = game.record.analysis
        if len(_READ) >= 8:
            _READ.clear()
        _READ[data] = found
    return found


def movers(game: Game) -> dict[tuple[int, int], int]:
    """Who moved at each (round, step) of the record (step n: the round's action n + 1)."""
    out = {}
    for number, played in enumerate(game.rounds, 1):
        for step, before in enumerate(played.positions()[:-1]):
            out[(number, step)] = before.to_move
    return out


def review_step(game: Game, round_number: int, step: int) -> int:
    """The review step (`Game.steps()` index) that shows the move judged at (round, step)."""
    return game.step_of(round_number, step + 1)


def judged_steps(game: Game) -> dict[int, MoveJudgement]:
    """The record's judgements by the review step that shows each move."""
    analysis = analysis_of(game)
    if analysis is None:
        return {}
    return {review_step(game, m.round, m.step): m for m in analysis.moves}


def players_of(coach: Coach, seat: int) -> tuple[int, ...]:
    """The seats whose moves Analyse judges ("": the seat shown)."""
    who = coach.who or str(seat)
    return (0, 1) if who == "both" else (int(who),)


def left_to_judge(game: Game, players: tuple[int, ...]) -> tuple[int, int]:
    """(moves of `players` already judged in the record, moves of theirs in all)."""
    analysis = analysis_of(game)
    judged = set() if analysis is None else {(m.round, m.step) for m in analysis.moves}
    theirs = [key for key, seat in movers(game).items() if seat in players]
    return sum(key in judged for key in theirs), len(theirs)


def remember(game: Game, analysis: Analysis) -> None:
    """`analysis` is what `game`'s record's field reads as (it was just written from it)."""
    _READ[game.record.get("analysis")] = analysis
