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
