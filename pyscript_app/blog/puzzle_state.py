"""The puzzle on the table, as values of the page's state (`TableState.puzzle`). Pure.

`Solving`: a reader solves a `jaipur-puzzle/1` opened from a `#puzzle=` link. The answers and
the explanation are in the value (they came in the link) but render shows them only once the
reader has answered or asked (`answered`). `Draft`: an author makes a puzzle from a position;
the accepted answers are the moves they played on the table (the position stays as it was).
"""

from __future__ import annotations

from dataclasses import dataclass

from jaipur_core import GameState, Puzzle
from jaipur_core.actions import Action

# open: the puzzle lists no answer and could not be judged; shown: asked for it; judging: a puzzle
# without answers while the search judges the move (coach/update.py), then right or wrong
VERDICTS = ("right", "wrong", "open", "shown", "judging")


@dataclass(frozen=True)
class Solving:
    puzzle: Puzzle
    verdict: str = ""            # "" until the reader has moved or asked: one of VERDICTS
    token: int = -1              # the game's token when the verdict was given (take back clears it)
    chance: float = 0.0          # judged by the search (no accepted answers): the move's chance...
    judged: tuple = ()           # ...and the best moves found: ((notation, chance), ...)

    def answered(self, token: int) -> bool:
        """The verdict stands for the table shown (whose game token is `token`)."""
        return bool(self.verdict) and self.token == token


@dataclass(frozen=True)
class Draft:
    position: GameState          # the position of the puzzle: the table goes back to it after each answer
    answers: tuple[Action, ...] = ()
    question: str = ""
    explanation: str = ""
    link: str = ""               # the address made by Link ("" until then, or after a change)
