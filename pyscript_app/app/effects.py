"""What `update` asks the runner to do, as values. The runner renders after every event."""

from __future__ import annotations

from dataclasses import dataclass

from jaipur_core import PlayerView


@dataclass(frozen=True)
class Save:
    key: str
    text: str


@dataclass(frozen=True)
class Remove:
    """Remove a stored key (an embedded table's save dropped by the bound on their number)."""

    key: str


@dataclass(frozen=True)
class StartSearch:
    """Run the AI's anytime search in slices; answer with SearchDone / SearchFailed."""

    purpose: str                  # "ai" | "hint"
    token: int
    view: PlayerView              # the search never sees hidden cards
    level: str
    seed: str
    delay_ms: int = 0


@dataclass(frozen=True)
class Download:
    filename: str
    text: str


@dataclass(frozen=True)
class Copy:
    text: str
    what: str = "link"            # "link" | "snippet": what the player is told was copied


@dataclass(frozen=True)
class PickFile:
    pass


@dataclass(frozen=True)
class Ready:
    pass


@dataclass(frozen=True)
class After:
    """Dispatch `event` after `ms` milliseconds (a timed step: the computer's move played out)."""

    ms: int
    event: object


@dataclass(frozen=True)
class StartAnalysis:
    """Judge a public record's moves (a finished game, an imported record, a `#game=` link: never
    a game in progress's hidden deal); answered with AnalysisProgress per move, then AnalysisDone
    / AnalysisFailed. `record_json` may hold an `analysis` already: its moves are not judged again."""

    token: int
    record_json: str
    players: tuple[int, ...]      # the seats whose moves are judged: (0,), (1,) or (0, 1)
    seed: str                     # the analysis's seed, an integer as text (jaipur-analysis/1 `seed`)
    iterations: int


@dataclass(frozen=True)
class StopAnalysis:
    token: int


@dataclass(frozen=True)
class StartPuzzleJudge:
    """Judge a puzzle's answer by the search (a puzzle without accepted answers), from the
    solver's view; answered with PuzzleJudged / PuzzleJudgeFailed."""

    token: int
    view: PlayerView              # the solver's view of the puzzle's position: no hidden card
    action: str                   # the move played, in the action notation
    seed: str
    iterations: int
