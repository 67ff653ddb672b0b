"""The anytime loop every sliced search shares (hard, expert, hard-2026).

A subclass sets `iterations` and `done_iterations` and implements `_iterate()`
(one iteration, which advances `done_iterations`) and `best_action()`. The page
calls `step(seconds)` between frames; `run()` is the same search in one go, so
however a search is sliced, its result is the same.
"""

from __future__ import annotations

import time
from typing import Protocol

from ..actions import Action


class Search(Protocol):
    """What the page and the command line use of any level's search (start_search's result)."""

    @property
    def finished(self) -> bool: ...

    def step(self, max_seconds: float | None = None) -> bool: ...

    def best_action(self) -> Action: ...

    def run(self) -> Action: ...


class AnytimeSearch:
    iterations: int = 0
    done_iterations: int = 0

    @property
    def finished(self) -> bool:
        return self.done_iterations >= self.iterations

    def step(self, max_seconds: float | None = None) -> bool:
        """Run iterations until done or `max_seconds` have passed (at least one); True when finished."""
        deadline = None if max_seconds is None else time.perf_counter() + max_seconds
        while self.done_iterations < self.iterations:
            self._iterate()
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return self.finished

    def run(self):
        self.step(None)
        return self.best_action()

    def _iterate(self) -> None:
        raise NotImplementedError

    def best_action(self):
        raise NotImplementedError
