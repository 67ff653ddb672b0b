"""A game at a distance from one side: the value the page (and the command line) drives.

    game, invitation = RemoteGame.start(group, rng, "Ada")          # seat 0
    friend, answer = RemoteGame.join(group, rng, "Ben", invitation)  # seat 1
    game = game.receive(answer)
    game.next_step            # "move", "send", "wait" or "over"
    game.view()               # this seat's PlayerView (what the page draws), or None before the first deal
    game, link = game.play("take gold")    # when next_step == "move"
    game, link = game.advance(rng)         # when next_step == "send" (a deal's steps, a round's end)

A RemoteGame is a value: `receive`, `play` and `advance` return a new one, or raise RemoteError
and leave this one as it was. It holds the history (every message both sides sent, as bytes),
this seat's secrets (its nonce and each round's seed) and what they let it know; never the
other hand or the deck's order. `to_json` saves exactly the secrets and the history, and
`from_json` replays the history to restore it, so a save holds nothing in the clear that its
seat may not see. Messages alternate, seat 0 (the inviter) first; each carries its sender's
steps up to the first step due from the other side (round.py gives their order).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from ..actions import Action, parse_action
from ..errors import JaipurError
from ..game import Game
from ..limits import MAX_ROUNDS
from ..record import GameRecord, frozen_extra
from ..rules import why_illegal
from ..state import GAME_OVER, next_starter
from ..view import PlayerView
from . import deck as decks
from .errors import refuse
from .group import Group
from .knowledge import consistent_state, shown_counts
from .messages import (
    FIRST_CHOICES,
    GAME_ID_BYTES,
    NO_HISTORY,
    NONCE_BYTES,
    Encrypt,
    Herd,
    Invite,
    Join,
    Message,
    Move,
    Relock,
    Reshuffle,
    Reveal,
    Starter,
    Step,
    Unlock,
    decode,
    encode,
    from_text,
    history_hash,
    to_code,
)
from .round import DEAL_X, DEAL_Y, DONE, ENCRYPT, MARKET_SLOTS, RELOCK, RoundPlay, hand_slots, keys_of, points_of

SAVE_FORMAT = "jaipur-remote-save/1"
HISTORY_FORMAT = "jaipur-remote-history/1"


def commitment_of(nonce: bytes) -> bytes:
    return decks.sha(b"starter", nonce)


def drawn_starter(first: str, inviter_nonce: bytes, joiner_nonce: bytes) -> int:
    """Round 1's starter: the inviter's choice, or a bit of both nonces' hash (neither side alone decides it)."""
    if first != "random":
        return 0 if first == "inviter" else 1
    return decks.sha(b"first", inviter_nonce, joiner_nonce)[0] & 1


class NeedsMove(Exception):
    """Raised inside step-building when the next step is a move the player must choose."""


@dataclass(frozen=True)
class RemoteGame:
    """One side of a game at a distance (see the module's docstring)."""

    group: Group = field(compare=False, repr=False)
    seat: int
    game_id: bytes = b""
    names: tuple[str, str] = ("", "")
    first: str = "random"
    nonce: bytes = field(default=b"", repr=False)       # this seat's nonce for round 1's starter
    commitment: bytes = b""                             # the inviter's, as the joiner received it
    nonces: tuple[bytes, bytes] = (b"", b"")            # both, once revealed
    seeds: tuple[bytes, ...] = field(default=(), repr=False)  # this seat's seed of each round it began
    rounds: tuple = ()                                  # RoundRecord of each round checked whole
    current: RoundPlay | None = None
    history: tuple[bytes, ...] = ()
    head: bytes = NO_HISTORY
    over: bool = False

    def _with(self, **changes) -> "RemoteGame":
        """A copy with `changes` (dataclasses.replace without re-running __init__: it is on every step)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new

    # --- starting ------------------------------------------------------------------------
    @classmethod
    def start(cls, group: Group, rng: random.Random, name: str, first: str = "random") -> tuple["RemoteGame", bytes]:
        """A new game as the inviter (seat 0), and its first message: the invitation."""
        if first not in FIRST_CHOICES:
            raise ValueError(f"first must be one of {FIRST_CHOICES}, not {first!r}")
        nonce = rng.randbytes(NONCE_BYTES)
        game = cls(group, 0, game_id=rng.randbytes(GAME_ID_BYTES), first=first, nonce=nonce)
        return game._send_from((Invite(name, first, commitment_of(nonce)),), rng)

    @classmethod
    def join(cls, group: Group, rng: random.Random, name: str, invitation: str | bytes) -> tuple["RemoteGame", bytes]:
        """The joiner's side (seat 1) of the game `invitation` (a link, code or message bytes) starts,
        and its answer."""
        encoded = invitation if isinstance(invitation, bytes) else from_text(invitation)
        message = decode(encoded)
        if message.seq != 0 or not message.steps or not isinstance(message.steps[0], Invite):
            raise refuse("unexpected", "this is not an invitation to a game")
        game = cls(group, 1, game_id=message.game_id, nonce=rng.randbytes(NONCE_BYTES))
        game = game._receive(message, encoded)
        return game._send_from((Join(name, game.nonce),), rng)

    # --- where it stands -----------------------------------------------------------------
    def expected(self) -> tuple[int, type] | None:
        """(sender, kind) of the step the game waits for, or None once it is over."""
        if self.over:
            return None
        if not self.names[0]:
            return (0, Invite)
        play = self.current
        if play is None:
            return (0, Encrypt)
        if not self.names[1] and play.stage != ENCRYPT:
            return (1, Join)
        if play.number == 1 and play.stage == RELOCK and play.starter is None:
            return (0, Starter)
        found = play.expected()
        if found is None:  # the round is checked whole: its second revealer deals the next one
            assert play.ender is not None
            return (1 - play.ender, Encrypt)
        return found

    @property
    def whose_turn(self) -> int | None:
        """The seat that sends the next message (None once the game is over)."""
        found = self.expected()
        return None if found is None else found[0]

    @property
    def next_step(self) -> str:
        """"move" (choose an action, then `play`), "send" (`advance` makes the message), "wait" (for
        the friend's message) or "over"."""
        if self.over:
            return "over"
        if self.whose_turn != self.seat:
            return "wait"
        try:
            self._steps(None, None)
        except NeedsMove:
            return "move"
        return "send"

    def view(self) -> PlayerView | None:
        """What this seat sees: the latest position it knows whole (while its own move waits for its
        friend's keys, the position before that move: see `pending_action`)."""
        play = self.current
        if play is not None and play.view is not None:
            return play.view
        if self.rounds:
            return _view_of_end(self.rounds[-1], self.seat)
        return None

    @property
    def pending_action(self) -> Action | None:
        """This seat's last move while it waits for the cards it drew or the bonus token it won."""
        play = self.current
        return play.pending.action if play is not None and play.pending is not None else None

    def legal_actions(self) -> tuple[Action, ...]:
        view = self.view()
        return view.legal_actions() if view is not None and self.next_step == "move" else ()

    # --- sending ---------------------------------------------------------------------------
    def play(self, action: Action | str) -> tuple["RemoteGame", bytes]:
        """This seat's move, and the message that carries it (with the steps due before it)."""
        if self.next_step != "move":
            raise refuse("game-over" if self.over else "not-your-turn")
        try:
            parsed = action if isinstance(action, Action) else parse_action(action)
        except JaipurError:
            raise refuse("bad-action", "this move cannot be read") from None
        view = self.view()
        assert view is not None
        reason = why_illegal(consistent_state(view), parsed)
        if reason is not None:  # said in the words the friend's side would use, before anything is sent
            raise refuse("illegal-move", f"the rules do not allow this move: {reason}",
                         reason=getattr(reason, "code", "illegal"))
        game, steps = self._steps(str(parsed), None)
        return self._send(steps, game)

    def advance(self, rng: random.Random) -> tuple["RemoteGame", bytes]:
        """The message due from this seat that needs no choice: a deal's steps, a round's end."""
        if self.next_step != "send":
            raise refuse("game-over" if self.over else "no-step")
        return self._send_from((), rng)

    def _send_from(self, first: tuple[Step, ...], rng: random.Random) -> tuple["RemoteGame", bytes]:
        """The message of `first` and every step this seat owes after them."""
        working = self
        for step in first:
            working = working._apply_step(step, self.seat)
        game, steps = working._steps(None, rng)
        return self._send(first + steps, game)

    def _steps(self, action: str | None, rng: random.Random | None) -> tuple["RemoteGame", tuple[Step, ...]]:
        """The steps this seat sends now, up to the first the other side owes, and the game after them.
        NeedsMove when a move is due and `action` is None; with `rng` None a pass (which draws a
        seed and shuffles) is not made: the steps stop before it."""
        game, steps = self, []
        while game.whose_turn == self.seat:
            found = game.expected()
            assert found is not None
            kind = found[1]
            if kind is Move and action is None:
                raise NeedsMove
            if kind in (Encrypt, Reshuffle, Relock):
                if rng is None:  # a pass: made only when sending (next_step only asks what is due)
                    break
                number = game.current.number if kind is not Encrypt and game.current is not None \
                    else len(game.rounds) + 1
                if len(game.seeds) < number:
                    game = game._with(seeds=game.seeds + (rng.randbytes(decks.SEED_BYTES),))
            step = game._make(kind, action, rng)
            if kind is Move:
                action = None
            game = game._apply_step(step, self.seat)
            steps.append(step)
        return game, tuple(steps)

    def _make(self, kind: type, action: str | None, rng: random.Random | None) -> Step:
        play = self.current
        if kind is Encrypt:
            assert rng is not None
            number = len(self.rounds) + 1
            points, _ = points_of(self.group, self.game_id, number)
            return Encrypt(decks.encrypt(self.group, points, keys_of(self.group, self.seeds[number - 1]), rng))
        assert play is not None
        if kind is Reshuffle:
            assert rng is not None
            keys = keys_of(self.group, self.seeds[play.number - 1])
            return Reshuffle(decks.reshuffle(self.group, play.decks[0], keys, rng))
        if kind is Relock:
            return Relock(decks.relock(self.group, play.decks[1], play.keys))
        if kind is Starter:
            return Starter(self.nonce)
        if kind is Reveal:
            return Reveal(play.seed)
        if kind is Unlock:
            if play.stage in (DEAL_X, DEAL_Y):
                assert play.starter is not None
                slots = hand_slots(1 - self.seat, play.starter) + MARKET_SLOTS
            else:
                slots = play.owed[self.seat]
            return Unlock(tuple(play.keys.lock(slot) for slot in slots))
        if kind is Herd:
            assert play.starter is not None
            dealt = hand_slots(self.seat, play.starter)
            mask = sum(1 << bit for bit, slot in enumerate(dealt) if decks.CARD_OF[play.cards[slot]] == decks.CAMEL)
            return Herd(mask, tuple(play.keys.lock(slot) for bit, slot in enumerate(dealt) if mask >> bit & 1))
        if kind is Move:
            assert action is not None and play.view is not None
            parsed = parse_action(action)
            slots = play.chosen_slots(shown_counts(parsed, play.view.known[self.seat]))
            draws = play.draw_slots(parsed, play.view)
            return Move(action, tuple((slot, play.keys.lock(slot)) for slot in slots),
                        tuple(play.keys.lock(slot) for slot in draws))
        raise TypeError(kind)  # pragma: no cover

    def _send(self, steps: tuple[Step, ...], after: "RemoteGame") -> tuple["RemoteGame", bytes]:
        """The message of `steps` (which took this game to `after`), and `after` with it in the history."""
        message = Message(self.game_id, len(self.history), self.head, steps)
        encoded = encode(message)
        return after._with(history=self.history + (encoded,), head=history_hash(self.head, encoded)), encoded

    # --- receiving -------------------------------------------------------------------------
    def receive(self, text: str | bytes) -> "RemoteGame":
        """The game after the friend's message (a link, its code, or its bytes); RemoteError if it is
        refused, with this game unchanged."""
        encoded = text if isinstance(text, bytes) else from_text(text)
        message = decode(encoded)
        if message.sender == self.seat and message.seq >= len(self.history):
            raise refuse("unexpected", "this message claims to be yours")
        return self._receive(message, encoded)

    def _receive(self, message: Message, encoded: bytes) -> "RemoteGame":
        if self.history and message.game_id != self.game_id:
            raise refuse("other-game")
        if message.seq < len(self.history):
            if self.history[message.seq] == encoded:
                raise refuse("own-message" if message.sender == self.seat else "repeated")
            raise refuse("history-differs", "this message differs from the one at its place in your history")
        if message.seq > len(self.history):
            raise refuse("skipped")
        if message.before != self.head:
            raise refuse("history-differs")
        game = self
        for step in message.steps:
            game = game._apply_step(step, message.sender)
        if game.whose_turn == message.sender:
            raise refuse("unexpected", "this message stops before its sender's part is done")
        return game._with(history=self.history + (encoded,), head=history_hash(self.head, encoded))

    def _apply_step(self, step: Step, sender: int) -> "RemoteGame":
        if self.expected() != (sender, type(step)):
            raise refuse("unexpected")
        if isinstance(step, Invite):
            return self._with(names=(step.name, self.names[1]), first=step.first, commitment=step.commitment)
        if isinstance(step, Join):
            return self._with(names=(self.names[0], step.name), nonces=(self.nonces[0], step.nonce))
        if isinstance(step, Starter):
            if commitment_of(step.nonce) != self.commitment:  # the invitation's promise, whoever reads it
                raise refuse("starter-changed")
            assert self.current is not None
            starter = drawn_starter(self.first, step.nonce, self.nonces[1])
            return self._with(nonces=(step.nonce, self.nonces[1]), current=self.current._with(starter=starter))
        if isinstance(step, Encrypt) and (self.current is None or self.current.stage == DONE):
            return self._new_round(sender)._apply_step(step, sender)
        assert self.current is not None
        current = self.current
        if isinstance(step, Reshuffle) and sender == self.seat:
            current = current._with(seed=self.seeds[current.number - 1])
        play = current.apply(step, sender)
        game = self._with(current=play)
        if play.stage == DONE:
            assert play.record is not None
            game = game._with(rounds=self.rounds + (play.record,), over=play.record.end.phase == GAME_OVER)
        return game

    def _new_round(self, shuffler: int) -> "RemoteGame":
        """The round the next Encrypt begins: round 1 after the invitation, else the one after the last
        checked round (its starter the rules' `next_starter`)."""
        number = len(self.rounds) + 1
        if number > MAX_ROUNDS:
            raise refuse("unexpected", "this game has more rounds than a game can have")
        if self.rounds:
            end = self.rounds[-1].end
            seals, starter = end.seals, next_starter(end)
        else:
            seals, starter = (0, 0), None
        # The other side's seed is set at its reshuffle; a history's checker may not know this side's yet.
        seed = self.seeds[number - 1] if shuffler == self.seat and number <= len(self.seeds) else b""
        play = RoundPlay(self.group, self.game_id, self.seat, number, seals, shuffler, starter, seed)
        return self._with(current=play)

    # --- what it gives back -------------------------------------------------------------------
    def record(self) -> GameRecord:
        """The rounds checked whole so far as a `jaipur-game/1` record (the whole game once it is over)."""
        players = tuple(name or f"Player {seat + 1}" for seat, name in enumerate(self.names))
        return GameRecord(players, self.rounds, frozen_extra({"opponent": "remote", "remote_game": self.game_id.hex()}))

    def finished_game(self) -> Game:
        """The game the record replays to (InvalidRecordError is impossible for a checked record)."""
        return Game.from_record(self.record())

    def history_json(self) -> dict:
        """`jaipur-remote-history/1`: every message of the game so far, in order (docs/formats.md)."""
        return {"format": HISTORY_FORMAT, "group": self.group.name, "messages": [to_code(m) for m in self.history]}

    def to_json(self) -> str:
        """`jaipur-remote-save/1`: this seat's secrets and the history; nothing else."""
        return json.dumps({"format": SAVE_FORMAT, "group": self.group.name, "seat": self.seat,
                           "nonce": self.nonce.hex(), "seeds": [seed.hex() for seed in self.seeds],
                           "messages": [to_code(m) for m in self.history]}, separators=(",", ":"))

    @classmethod
    def from_json(cls, group: Group, text: str) -> "RemoteGame":
        """The game a save holds, its history replayed (RemoteError "bad-save" if it cannot be)."""
        from .history import restore
        return restore(group, text)


def _view_of_end(round_record, seat: int) -> PlayerView:
    from ..view import view_of
    return view_of(round_record.end, seat)
