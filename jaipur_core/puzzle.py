"""`jaipur-puzzle/1`: a position and a question about the move to play in it.

A puzzle is an immutable value (`Puzzle`): the position (in play; the player to
move is the solver), the question, the accepted answers (legal actions, in the
author's order, none twice) and the explanation shown once the solver has
answered. Puzzles come from strangers (files, links), so the reader bounds every
text and the answers (`limits.py`) before it parses anything, and raises only
InvalidPuzzleError, naming the field (`answers[1]: ...`, `position.market: ...`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, parse_action
from .errors import InvalidPositionError, InvalidPuzzleError, JaipurError
from .limits import MAX_NOTE_CHARS, MAX_PUZZLE_ANSWERS, MAX_QUESTION_CHARS, echo
from .position import json_type, position_from_json, position_to_json
from .record import plain_text
from .rules import why_illegal
from .state import PLAY, GameState

PUZZLE_FORMAT = "jaipur-puzzle/1"


@dataclass(frozen=True)
class Puzzle:
    """The position to solve, the question, the accepted answers and the explanation."""

    position: GameState
    question: str
    answers: tuple[Action, ...]
    explanation: str

    @property
    def solver(self) -> int:
        """The seat that solves the puzzle: the player to move."""
        return self.position.to_move

    def accepts(self, action: Action) -> bool:
        """Whether `action` is one of the accepted answers (an empty list accepts none: the
        program then judges the move itself)."""
        return action in self.answers

    def to_json(self) -> dict:
        return {"format": PUZZLE_FORMAT, "position": position_to_json(self.position),
                "question": self.question, "answers": [str(action) for action in self.answers],
                "explanation": self.explanation}


def puzzle_from_json(data) -> Puzzle:
    """A Puzzle from a puzzle object; InvalidPuzzleError names what is wrong."""
    if not isinstance(data, dict):
        raise InvalidPuzzleError(f"puzzle: expected an object, got {json_type(data)}")
    if data.get("format") != PUZZLE_FORMAT:
        raise InvalidPuzzleError(f"format: expected '{PUZZLE_FORMAT}', got {echo(data.get('format'))}")
    for name in ("position", "question", "answers", "explanation"):
        if name not in data:
            raise InvalidPuzzleError(f"{name}: missing")
    question = plain_text(data["question"], "question", MAX_QUESTION_CHARS, InvalidPuzzleError)
    explanation = plain_text(data["explanation"], "explanation", MAX_NOTE_CHARS, InvalidPuzzleError)
    texts = data["answers"]
    if not isinstance(texts, list):
        raise InvalidPuzzleError(f"answers: expected a list of actions, got {json_type(texts)}")
    if len(texts) > MAX_PUZZLE_ANSWERS:
        raise InvalidPuzzleError(f"answers: {len(texts)} answers, the limit is {MAX_PUZZLE_ANSWERS}")
    try:
        position = position_from_json(data["position"])
    except InvalidPositionError as error:
        raise InvalidPuzzleError(f"position.{error}") from None
    if position.phase != PLAY:
        raise InvalidPuzzleError(f"position.phase: a puzzle is played, so it must be '{PLAY}', "
                                 f"got {echo(position.phase)}")
    answers: list[Action] = []
    for index, text in enumerate(texts):
        where = f"answers[{index}]"
        if not isinstance(text, str):
            raise InvalidPuzzleError(f"{where}: expected an action, got {json_type(text)}")
        try:
            action = parse_action(text)
        except JaipurError as error:
            raise InvalidPuzzleError(f"{where}: {error}") from None
        reason = why_illegal(position, action)
        if reason is not None:
            raise InvalidPuzzleError(f"{where}: '{action}' is not legal in the position: {reason}")
        if action in answers:
            raise InvalidPuzzleError(f"{where}: '{action}' is listed twice")
        answers.append(action)
    return Puzzle(position, question, tuple(answers), explanation)
