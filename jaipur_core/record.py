"""`jaipur-game/1` records: reading, writing and replaying whole games.

Records are immutable values (`GameRecord`, `RoundRecord`); `play_through` is the
one loop that replays a round's actions. `game.Game` is a record in play.

A record may come from a stranger (an imported file, a `#game=` link): the
reader bounds the rounds, the actions per round, the names, the notes, the
title and the author (`limits.py`) before it parses or plays anything, and
raises only InvalidRecordError, naming the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .actions import Action, parse_action
from .analysis_format import Analysis, analysis_from_json
from .cards import CAMEL, MARKET_START_CAMELS
from .errors import InvalidPositionError, InvalidRecordError, JaipurError
from .jsontext import json_value_problem
from .limits import (
    MAX_ACTIONS_PER_ROUND,
    MAX_NAME_CHARS,
    MAX_NOTE_CHARS,
    MAX_ROUNDS,
    MAX_TITLE_CHARS,
    clip,
    echo,
)
from .position import json_type, position_from_json, position_to_json
from .rules import apply
from .state import PLAY, ROUND_OVER, GameState, next_starter

RECORD_FORMAT = "jaipur-game/1"


def play_through(start: GameState, actions, where: str | None = None) -> tuple[GameState, ...]:
    """The one replay loop: the position before each action, then the one after the last.

    An action illegal where it stands raises the rules' JaipurError; with `where`
    (e.g. "round 2") an InvalidRecordError naming the round, the action's number and
    the reason instead. Records, games, the page's review, take-back and log all replay
    through here.
    """
    found = [start]
    for number, action in enumerate(actions, 1):
        try:
            found.append(apply(found[-1], action))
        except JaipurError as error:
            if where is None:
                raise
            raise InvalidRecordError(f"{where}, action {number} ('{action}'): "
                                     f"{getattr(error, 'reason', error)}") from None
    return tuple(found)


@dataclass(frozen=True)
class RoundRecord:
    """One round: its dealt position, the actions played in it (a tuple) and its notes,
    immutable. `notes` are (step, text) pairs in the order of the steps: step 0 is the dealt
    position, step n the position after the round's n-th action (docs/formats.md)."""

    start: GameState
    actions: tuple[Action, ...] = ()
    notes: tuple[tuple[int, str], ...] = ()
    #: play_through(start, actions), once computed (a round is immutable, so is its replay)
    _positions: tuple[GameState, ...] | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self):
        if not isinstance(self.actions, tuple):
            object.__setattr__(self, "actions", tuple(self.actions))
        if not isinstance(self.notes, tuple):  # a dict {step: text}, or pairs
            pairs = self.notes.items() if isinstance(self.notes, dict) else self.notes
            object.__setattr__(self, "notes", tuple(sorted(pairs)))

    def note(self, step: int) -> str | None:
        """The note at `step` (0: the deal; n: after the n-th action), or None."""
        return dict(self.notes).get(step)

    def positions(self, where: str | None = None) -> tuple[GameState, ...]:
        """The position before each action, then the one after the last (len(actions) + 1).
        A JaipurError if an action is illegal where it stands (see `play_through`)."""
        positions = self._positions
        if positions is None:
            positions = play_through(self.start, self.actions, where)
            object.__setattr__(self, "_positions", positions)
        return positions

    @property
    def end(self) -> GameState:
        """The position after the round's last action."""
        return self.positions()[-1]

    def then(self, action: Action, after: GameState) -> "RoundRecord":
        """This round with `action` (already applied, giving `after`) played next."""
        longer = RoundRecord(self.start, self.actions + (action,), self.notes)
        if self._positions is not None:
            object.__setattr__(longer, "_positions", self._positions + (after,))
        return longer

    def with_note(self, step: int, text: str | None) -> "RoundRecord":
        """This round with the note at `step` (0 <= step <= len(actions)) set to `text`; None or
        a text of only white space removes it. InvalidRecordError for a step the round does not
        have or a text longer than MAX_NOTE_CHARS (the reader's own message), so every record
        written reads back."""
        if not 0 <= step <= len(self.actions):
            raise InvalidRecordError(f"notes: the key {step} is not a step from 0 to {len(self.actions)}")
        kept = tuple((at, note) for at, note in self.notes if at != step)
        if text is not None and text.strip():
            kept = tuple(sorted(kept + ((step, plain_text(text, f"notes.{step}", MAX_NOTE_CHARS,
                                                          InvalidRecordError)),)))
        changed = RoundRecord(self.start, self.actions, kept)
        object.__setattr__(changed, "_positions", self._positions)
        return changed

    def cut(self, count: int) -> "RoundRecord":
        """This round with only its first `count` actions (0 <= count <= len(actions)) and the
        notes of those steps."""
        shorter = RoundRecord(self.start, self.actions[:count],
                              tuple((step, text) for step, text in self.notes if step <= count))
        object.__setattr__(shorter, "_positions", self.positions()[:count + 1])
        return shorter


@dataclass(frozen=True)
class GameRecord:
    """Who played, and each round's dealt position with the actions played in it. Immutable:
    players and rounds are tuples; `extra` holds the record's other top-level fields (e.g. a
    seed) as (key, value) pairs in their order, values frozen (lists as tuples), written back
    unchanged. Give `extra` as a dict; a tuple is taken as pairs already frozen."""

    players: tuple[str, ...]
    rounds: tuple[RoundRecord, ...]
    extra: tuple[tuple[str, object], ...] = ()

    def __post_init__(self):
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "rounds", tuple(self.rounds))
        if not isinstance(self.extra, tuple):  # a dict (or a list of pairs): frozen once, here
            object.__setattr__(self, "extra", frozen_extra(self.extra))

    def get(self, key: str, default=None):
        """An extra field's value (lists as tuples), or `default`."""
        for name, value in self.extra:
            if name == key:
                return value
        return default

    def with_extra(self, **fields) -> "GameRecord":
        """The record with these extra fields set (None: removed); the others keep their order."""
        extra = dict(self.extra)
        for key, value in fields.items():
            if value is None:
                extra.pop(key, None)
            else:
                extra[key] = value
        return replace(self, extra=frozen_extra(extra))

    @property
    def title(self) -> str | None:
        """The record's `title` (plain text), or None."""
        title = self.get("title")
        return title if isinstance(title, str) else None

    @property
    def author(self) -> str | None:
        author = self.get("author")
        return author if isinstance(author, str) else None

    @property
    def analysis(self) -> Analysis | None:
        """The record's `analysis` (checked when the record was read), or None."""
        data = self.get("analysis")
        if data is None:
            return None
        return analysis_from_json(_thaw(data), tuple(r.actions for r in self.rounds))

    def with_analysis(self, analysis: Analysis | None) -> "GameRecord":
        """The record with this analysis (None: without one)."""
        return self.with_extra(analysis=None if analysis is None else analysis.to_json())

    def to_json(self) -> dict:
        data = {"format": RECORD_FORMAT, "players": list(self.players),
                "rounds": [_round_to_json(r) for r in self.rounds]}
        for key, value in self.extra:
            data.setdefault(key, _thaw(value))
        return data


def _round_to_json(played: RoundRecord) -> dict:
    data: dict[str, object] = {"start": position_to_json(played.start),
                               "actions": [str(action) for action in played.actions]}
    if played.notes:
        data["notes"] = {str(step): text for step, text in played.notes}
    return data


class _Object(tuple):
    """A JSON object inside a frozen record: its (key, value) pairs, in order."""

    def __eq__(self, other):
        return type(other) is _Object and tuple.__eq__(self, other)

    def __ne__(self, other):
        return not self == other

    __hash__ = tuple.__hash__


def frozen_extra(fields) -> tuple[tuple[str, object], ...]:
    """A record's extra fields (a dict, or (key, value) pairs) as the pairs GameRecord holds."""
    pairs = fields.items() if isinstance(fields, dict) else fields
    return tuple((key, _freeze(value)) for key, value in pairs)


def _freeze(value):
    if isinstance(value, _Object):
        return value
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return _Object((key, _freeze(v)) for key, v in value.items())
    return value


def _thaw(value):
    if isinstance(value, _Object):
        return {key: _thaw(v) for key, v in value}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


def record_from_json(data) -> GameRecord:
    """Parse a record's structure (positions validated, actions parsed, not yet played)."""
    if not isinstance(data, dict):
        raise InvalidRecordError(f"record: expected an object, got {json_type(data)}")
    if data.get("format") != RECORD_FORMAT:
        raise InvalidRecordError(f"format: expected '{RECORD_FORMAT}', got {echo(data.get('format'))}")
    players = data.get("players")
    if (not isinstance(players, list) or len(players) != 2
            or not all(isinstance(name, str) for name in players)):
        raise InvalidRecordError("players: expected a list of two names")
    for seat, name in enumerate(players):
        if len(name) > MAX_NAME_CHARS:
            raise InvalidRecordError(f"players[{seat}]: a name of {len(name)} characters, "
                                     f"the limit is {MAX_NAME_CHARS}")
    rounds = data.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise InvalidRecordError("rounds: expected a non-empty list")
    if len(rounds) > MAX_ROUNDS:
        raise InvalidRecordError(f"rounds: {len(rounds)} rounds, the limit is {MAX_ROUNDS}")
    parsed = []
    for index, round_data in enumerate(rounds, 1):
        where = f"rounds[{index - 1}]"
        if not isinstance(round_data, dict):
            raise InvalidRecordError(f"{where}: expected an object, got {json_type(round_data)}")
        try:
            start = position_from_json(round_data.get("start"))
        except InvalidPositionError as error:
            raise InvalidRecordError(f"{where}.start.{error}") from None
        texts = round_data.get("actions")
        if not isinstance(texts, list):
            raise InvalidRecordError(f"{where}.actions: expected a list of actions")
        if len(texts) > MAX_ACTIONS_PER_ROUND:
            raise InvalidRecordError(f"{where}.actions: {len(texts)} actions in one round, "
                                     f"the limit is {MAX_ACTIONS_PER_ROUND}")
        actions = []
        for number, text in enumerate(texts, 1):
            try:
                actions.append(parse_action(text))
            except JaipurError as error:
                raise InvalidRecordError(f"round {index}, action {number}: {error}") from None
        notes = read_notes(round_data, where, len(actions))
        parsed.append(RoundRecord(start, tuple(actions), notes))
    extra = {key: value for key, value in data.items() if key not in ("format", "players", "rounds")}
    for key in ("title", "author"):
        if key in extra:
            extra[key] = plain_text(extra[key], key, MAX_TITLE_CHARS, InvalidRecordError)
    for key, value in extra.items():
        problem = json_value_problem(value, 1)
        if problem:
            raise InvalidRecordError(f"{clip(key)}: {problem}")
    if "analysis" in extra:
        analysis_from_json(extra["analysis"], tuple(r.actions for r in parsed))
    return GameRecord(tuple(players), tuple(parsed), frozen_extra(extra))


def plain_text(value, path: str, limit: int, error: type[JaipurError]) -> str:
    """`value` if it is a string of at most `limit` characters, else `error` naming `path`.
    Plain text: shown as text wherever it appears, never read as markup."""
    if not isinstance(value, str):
        raise error(f"{path}: expected a string, got {json_type(value)}")
    if len(value) > limit:
        raise error(f"{path}: {len(value):,} characters, the limit is {limit:,}")
    return value


def read_notes(round_data: dict, where: str, played: int) -> tuple[tuple[int, str], ...]:
    """A round's optional `notes`: keys are decimal step numbers from 0 to the round's
    actions (no sign, no leading zero), values plain text of at most MAX_NOTE_CHARS."""
    if "notes" not in round_data:
        return ()
    notes = round_data["notes"]
    path = f"{where}.notes"
    if not isinstance(notes, dict):
        raise InvalidRecordError(f"{path}: expected an object, got {json_type(notes)}")
    if len(notes) > played + 1:
        raise InvalidRecordError(f"{path}: {len(notes)} notes, but the round has {played + 1} steps")
    found = []
    for key, text in notes.items():
        step = (int(key) if len(key) <= len(str(played)) and key.isascii() and key.isdigit()
                and (key == "0" or key[0] != "0") else None)
        if step is None or step > played:
            raise InvalidRecordError(f"{path}: the key {echo(key)} is not a step from 0 to {played}")
        found.append((step, plain_text(text, f"{path}.{key}", MAX_NOTE_CHARS, InvalidRecordError)))
    return tuple(sorted(found))


def replay(record: GameRecord) -> GameState:
    """Play the record through; its final position. InvalidRecordError on any illegal step."""
    state: GameState | None = None
    for index, round_record in enumerate(record.rounds, 1):
        start = round_record.start
        if start.phase != PLAY:
            raise InvalidRecordError(f"round {index}: the start position must be in phase play")
        if state is not None:
            _check_follows(state, start, index, len(record.rounds[index - 2].actions))
        state = round_record.positions(where=f"round {index}")[-1]
    if state is None:
        raise InvalidRecordError("rounds: a record holds at least one round")
    return state


def replay_json(data) -> GameState:
    return replay(record_from_json(data))


def _check_follows(previous: GameState, start: GameState, index: int, played: int) -> None:
    """A round after the first must be a fresh deal that follows the previous result."""
    if previous.phase != ROUND_OVER:
        reason = ("the game was already over" if previous.round_result
                  else f"round {index - 1} had not ended after its {played} actions")
        raise InvalidRecordError(f"round {index}: {reason}")
    expected = {"round": previous.round + 1, "seals": previous.seals,
                "round_starter": next_starter(previous)}
    for name, value in expected.items():
        if getattr(start, name) != value:
            raise InvalidRecordError(f"round {index}: start.{name} is {getattr(start, name)!r}, "
                                     f"expected {value!r} after round {index - 1}")
    fresh = (start.to_move == start.round_starter and len(start.deck) == 40 and not start.discard
             and start.market[CAMEL] >= MARKET_START_CAMELS
             and not any(start.tokens_taken) and not any(start.bonus_won)
             and all(start.hand_size(p) + start.herds[p] == 5 for p in (0, 1)))
    if not fresh:
        raise InvalidRecordError(f"round {index}: start is not a freshly dealt round")
