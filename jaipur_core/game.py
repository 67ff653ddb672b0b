"""A game in play: an immutable value, its record plus the current position.

This is what every front end holds (the command line, the tools and the page).
Playing, dealing the next round and taking back return new values; nothing is
ever changed in place. Round 1 of a game with a seed is dealt from
`random.Random(seed)`, every later round from `round_seed(seed, n)`, so a game
resumed from its saved record deals the same rounds it would have dealt.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from .actions import Action, parse_action
from .errors import IllegalActionError, Reason
from .limits import MAX_ACTIONS_PER_ROUND
from .record import GameRecord, RoundRecord, frozen_extra, record_from_json, replay
from .rules import apply
from .state import GAME_OVER, ROUND_OVER, GameState, new_game, next_round


def round_seed(seed, number: int):
    """What round `number` of the game dealt from `seed` is dealt from: `seed` itself for
    round 1, "jaipur/{seed}/round/{number}" for every later round (docs/formats.md, `seed`).
    The one seed rule: a saved game resumes with the same deals only while it holds."""
    return seed if number == 1 else f"jaipur/{seed}/round/{number}"


def round_length_refusal(actions_in_round: int) -> Reason | None:
    """Why one more action cannot be added to a round that already holds `actions_in_round`.

    A record holds at most MAX_ACTIONS_PER_ROUND actions per round (readers refuse
    more), so a game refuses the action past it: whatever is played, the record
    it writes reads back. Only deliberate stalling (trading back and forth) gets
    here; real rounds take well under 100 actions.
    """
    if actions_in_round >= MAX_ACTIONS_PER_ROUND:
        return Reason("round-too-long",
                      f"this round already has {actions_in_round} actions, the most a game record "
                      f"holds is {MAX_ACTIONS_PER_ROUND}", limit=MAX_ACTIONS_PER_ROUND)
    return None


@dataclass(frozen=True)
class Game:
    """The record so far (players, rounds, extra fields such as the seed) and where it stands."""

    record: GameRecord
    state: GameState              # the position after the last round's last action
    #: The reader holds the whole record already (an imported record, a `#game=` link), hidden
    #: deals included: see `public`. Kept through play; a new or resumed game starts without it.
    held_whole: bool = False

    # --- making one ------------------------------------------------------------------
    @classmethod
    def new(cls, seed: int | None = None, first: int | None = None,
            players: tuple[str, str] = ("Player 1", "Player 2")) -> "Game":
        """A new game dealt from `seed` (None: a fresh one); `first` None lets the deal choose."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        state = new_game(random.Random(round_seed(seed, 1)), first)
        return cls(GameRecord(players, (RoundRecord(state),), frozen_extra({"seed": seed})), state)

    @classmethod
    def from_record(cls, record: GameRecord) -> "Game":
        """The game a record holds, replayed (InvalidRecordError on any illegal step)."""
        return cls(record, replay(record))

    @classmethod
    def from_record_json(cls, data) -> "Game":
        return cls.from_record(record_from_json(data))

    @classmethod
    def from_position(cls, state: GameState, players: tuple[str, str]) -> "Game":
        """A game that starts at `state` (a shared position): no seed, one round, no moves."""
        return cls(GameRecord(players, (RoundRecord(state),)), state)

    def to_record_json(self) -> dict:
        return self.record.to_json()

    def opened_whole(self) -> "Game":
        """This game as its reader holds it: a record that came whole (`held_whole`)."""
        return replace(self, held_whole=True)

    # --- what it holds ---------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        return self.record.players

    @property
    def rounds(self) -> tuple[RoundRecord, ...]:
        return self.record.rounds

    @property
    def seed(self) -> int | None:
        """The integer the game deals from (the record's `seed`), or None."""
        seed = self.record.get("seed")
        return seed if isinstance(seed, int) and not isinstance(seed, bool) else None

    def get(self, key: str, default=None):
        """An extra field of the record (e.g. "opponent", "takebacks")."""
        return self.record.get(key, default)

    def with_extra(self, **fields) -> "Game":
        """The game with these extra record fields set (a value of None removes one)."""
        return replace(self, record=self.record.with_extra(**fields))

    @property
    def public(self) -> bool:
        """May every card of the record be shown: both hands, the deck's order, every deal?

        The one rule that keeps hidden cards hidden wherever a record is passed on or shown
        whole (a game link, review, the analysis, a diagram with both hands): only once the
        game is over, or when its reader holds the record whole already. A game in progress
        holds the other side's hand and the deck, which are not the player's to see."""
        return self.held_whole or self.state.phase == GAME_OVER

    @property
    def round_over(self) -> bool:
        return self.state.phase == ROUND_OVER

    @property
    def actions_played(self) -> int:
        return sum(len(r.actions) for r in self.rounds)

    @property
    def in_progress(self) -> bool:
        """Worth keeping when replaced: moves were made and the game is not over."""
        return self.state.phase != GAME_OVER and (self.actions_played > 0 or len(self.rounds) > 1)

    @property
    def round_full(self) -> Reason | None:
        """The refusal (code "round-too-long") of any further action in this round, or None."""
        return round_length_refusal(len(self.rounds[-1].actions))

    # --- play ------------------------------------------------------------------------
    def play(self, action: Action | str) -> "Game":
        """The game after the mover plays `action`. IllegalActionError if the rules refuse
        it, or (code "round-too-long") if the round already holds MAX_ACTIONS_PER_ROUND
        actions: every record a game writes can be read back."""
        if isinstance(action, str):
            action = parse_action(action)
        too_long = self.round_full
        if too_long is not None:
            raise IllegalActionError(action, too_long)
        state = apply(self.state, action)
        return self._with_last(self.rounds[-1].then(action, state), state)

    def next_round(self, fallback_seed: int | None = None) -> "Game":
        """The next round, dealt by the seed rule (`round_seed`). A game without a seed (one
        opened from a position) deals from `fallback_seed` by the same rule, or, without
        one either, from a fresh generator."""
        seed = self.seed if self.seed is not None else fallback_seed
        number = self.state.round + 1
        rng = random.Random() if seed is None else random.Random(round_seed(seed, number))
        state = next_round(self.state, rng)
        return replace(self, state=state,
                       record=replace(self.record, rounds=self.rounds + (RoundRecord(state),)))

    def take_back(self, count: int) -> "Game":
        """The game with the last `count` actions of the current round undone."""
        last = self.rounds[-1]
        kept = len(last.actions) - max(0, min(count, len(last.actions)))
        shorter = last.cut(kept)
        game = self._with_last(shorter, shorter.end)
        analysis = self.record.analysis
        if analysis is not None and kept < len(last.actions):
            # The moves taken back keep no judgement: the record must still read back.
            game = replace(game, record=game.record.with_analysis(analysis.up_to(len(self.rounds), kept)))
        return game

    def _with_last(self, last: RoundRecord, state: GameState) -> "Game":
        return replace(self, state=state, record=replace(self.record, rounds=self.rounds[:-1] + (last,)))

    # --- notes (an annotated replay) ------------------------------------------------------
    def step_place(self, step: int) -> tuple[int, int]:
        """Where review step `step` (as `steps()` counts: each round's deal, then one step per
        action of that round) lies in the record: (round index from 0, the round's own step, as
        its `notes` count: 0 is the round's deal). IndexError outside 0..len(steps()) - 1."""
        if step >= 0:
            left = step
            for index, played in enumerate(self.rounds):
                if left <= len(played.actions):
                    return index, left
                left -= len(played.actions) + 1
        raise IndexError(f"step {step} is not a step of this game")

    def step_of(self, round_number: int, at: int) -> int:
        """The review step of the round's own step `at` (0: the round's deal), both cut to the
        nearest real one: the round to 1..the last, `at` to 0..the round's actions."""
        number = max(1, min(len(self.rounds), round_number))
        base = sum(len(played.actions) + 1 for played in self.rounds[:number - 1])
        return base + max(0, min(len(self.rounds[number - 1].actions), at))

    def step_after(self, actions: int) -> int:
        """The review step after the game's first `actions` actions, counted from the first deal
        across rounds (a link's `at=N` without `round=`), cut to the last step. A round's last
        action is followed by its end, never by the next deal: links written before the later
        deals were steps keep opening to the same table."""
        left, base = max(0, actions), 0
        for played in self.rounds:
            if left <= len(played.actions):
                return base + left
            left -= len(played.actions)
            base += len(played.actions) + 1
        return base - 1

    def actions_before(self, step: int) -> int:
        """The game's actions played before review step `step` (the inverse of `step_after` on
        every step but a later round's deal, which shares its count with the round before's end)."""
        index, at = self.step_place(step)
        return sum(len(played.actions) for played in self.rounds[:index]) + at

    def note_at(self, step: int) -> str | None:
        """The note at review step `step` (see `step_place`), or None."""
        index, at = self.step_place(step)
        return self.rounds[index].note(at)

    def with_note(self, step: int, text: str | None) -> "Game":
        """The game with the note at review step `step` set to `text` (None or blank: removed).
        InvalidRecordError for a text longer than MAX_NOTE_CHARS; the play is unchanged."""
        index, at = self.step_place(step)
        rounds = self.rounds[:index] + (self.rounds[index].with_note(at, text),) + self.rounds[index + 1:]
        return replace(self, record=replace(self.record, rounds=rounds))

    # --- looking back ------------------------------------------------------------------
    def movers(self) -> tuple[int, ...]:
        """Who moved in each action of the current round."""
        return tuple(before.to_move for before in self.rounds[-1].positions()[:-1])

    def finished_rounds(self) -> tuple[GameState, ...]:
        """The last position of every scored round, in order (the game-over panel lists them)."""
        return tuple(r.end for r in self.rounds if r.end.round_result is not None)

    def steps(self) -> tuple:
        """Every position of the game, for review: (round, action or None, before, after). Each
        round gives its deal, (round, None, None, the dealt position), then one step per action."""
        out: list[tuple[int, Action | None, GameState | None, GameState]] = []
        for number, played in enumerate(self.rounds, 1):
            positions = played.positions()
            out.append((number, None, None, positions[0]))
            out.extend((number, action, before, after)
                       for action, before, after in zip(played.actions, positions[:-1], positions[1:], strict=True))
        return tuple(out)
