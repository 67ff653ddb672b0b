"""One round at a distance, from one seat: the steps in their order, each checked as it comes.

A RoundPlay is a value: `apply(step, sender)` returns the round after a step (either side's)
or raises RemoteError, never changing the round it was called on. It holds only what its
seat may know: the encrypted passes, the cards it has opened, the keys the other side showed,
its own seed, and its PlayerView of the latest position it knows whole. The order of steps
(`expected`) is the protocol of docs/remote.md:

    X encrypt · Y reshuffle · X relock · X unlock Y's hand and the market ·
    Y unlock X's hand and the market · Y herd · X herd ·
    then each move: [unlock what the last move drew or won] · move · [reveal, if the round ended] ·
    the other side's reveal

X is the round's first shuffler. Who the deck's slots go to follows the deal of
`state.deal_cards`: slots 0-4 to the starter, 5-9 to the other player, 10-11 to the market,
12-51 the deck top first, 52-69 the bonus piles. A move that draws cards or wins a bonus token
waits for the other side's keys of them ("pending"): its mover's view shows the position before
it until they come with the friend's next message.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ..actions import Action, Sell, TakeCamels, TakeGood, parse_action
from ..cards import BONUS_SIZES, BONUS_TOKENS, CAMEL, GOODS, bonus_pile_for
from ..errors import IllegalActionError, InvalidActionError
from ..game import round_length_refusal
from ..record import RoundRecord
from ..rules import apply, why_illegal
from ..state import PLAY
from ..view import PlayerView, view_of
from .deck import (
    BONUS_PILE_START,
    BONUS_VALUE_OF,
    CARD_OF,
    CARD_SLOTS,
    MARKET_SLOTS,
    SEGMENTS,
    SLOTS,
    Keys,
    card_points,
    check_deck_points,
    hand_slots,
    open_slot,
)
from .errors import refuse
from .group import Group, GroupError
from .knowledge import consistent_state, dealt_view, shown_counts
from .messages import Encrypt, Herd, Move, Relock, Reshuffle, Reveal, Step, Unlock

ENCRYPT, RESHUFFLE, RELOCK, DEAL_X, DEAL_Y, HERD_Y, HERD_X, PLAYING, REVEAL, REVEAL_OTHER, DONE = (
    "encrypt", "reshuffle", "relock", "deal-x", "deal-y", "herd-y", "herd-x", "play", "reveal", "reveal-other",
    "done")
UNKNOWN = -1


@lru_cache(maxsize=8)
def points_of(group: Group, game_id: bytes, number: int) -> tuple[tuple[bytes, ...], dict[bytes, int]]:
    """The round's card points and the card index of each (kept: every step opens against them)."""
    points = card_points(group, game_id, number)
    return points, {point: index for index, point in enumerate(points)}


@lru_cache(maxsize=16)
def keys_of(group: Group, seed: bytes) -> Keys:
    return Keys(group, seed)


class SeedUnknown(Exception):
    """A step needs this seat's keys of a round whose seed is not known (a history checked before the
    round's end: see history.check_history)."""


@dataclass(frozen=True)
class Pending:
    """This seat's move that waits for the other side's keys of the cards it drew or the bonus token it won."""

    action: Action
    before: PlayerView
    draws: tuple[int, ...]
    bonus: tuple[int, int] | None      # (bonus pile index, slot)
    ends_round: bool


@dataclass(frozen=True)
class RoundPlay:
    """A round as seat `seat` knows it (see the module's docstring)."""

    group: Group = field(compare=False, repr=False)
    game_id: bytes
    seat: int
    number: int
    seals: tuple[int, int]
    shuffler: int                      # X, the first shuffler
    starter: int | None                # None until round 1's draw is revealed
    seed: bytes = field(repr=False)    # this seat's secret: every key it uses this round
    stage: str = ENCRYPT
    decks: tuple[tuple[bytes, ...], ...] = ()
    cards: tuple[int, ...] = (UNKNOWN,) * SLOTS            # the card index behind each slot, where seen
    shown: tuple[tuple[tuple[int, bytes], ...], ...] = ((), ())  # per seat: (slot, key) it revealed
    herd_masks: tuple[int | None, int | None] = (None, None)
    hidden: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())   # per seat: hand slots the other has not seen
    view: PlayerView | None = None
    pending: Pending | None = None
    owed: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())    # per seat: slots whose keys it owes the other
    mover: int = 0
    actions: tuple[Action, ...] = ()
    seeds: tuple[bytes | None, bytes | None] = (None, None)   # as revealed at the round's end
    ender: int | None = None
    record: RoundRecord | None = None                         # the real round, once checked whole

    def _with(self, **changes) -> "RoundPlay":
        """A copy with `changes` (dataclasses.replace without re-running __init__: it is on every step)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new

    # --- what comes next ---------------------------------------------------------------
    def expected(self) -> tuple[int, type] | None:
        """(sender, kind of step) the round waits for, or None once it is checked whole."""
        x, y = self.shuffler, 1 - self.shuffler
        fixed = {ENCRYPT: (x, Encrypt), RESHUFFLE: (y, Reshuffle), RELOCK: (x, Relock), DEAL_X: (x, Unlock),
                 DEAL_Y: (y, Unlock), HERD_Y: (y, Herd), HERD_X: (x, Herd)}
        if self.stage in fixed:
            return fixed[self.stage]
        if self.stage == PLAYING:
            return (self.mover, Unlock if self.owed[self.mover] else Move)
        if self.stage in (REVEAL, REVEAL_OTHER):
            assert self.ender is not None
            return (self.ender if self.stage == REVEAL else 1 - self.ender, Reveal)
        return None

    @property
    def keys(self) -> Keys:
        if not self.seed:  # only a history's checker meets this: the round's keys are not revealed yet
            raise SeedUnknown(self.number)
        return keys_of(self.group, self.seed)

    def apply(self, step: Step, sender: int) -> "RoundPlay":
        """The round after `step` from `sender` (RemoteError "unexpected" if it is not the step due)."""
        if self.expected() != (sender, type(step)):
            raise refuse("unexpected")
        handler = {ENCRYPT: RoundPlay._pass, RESHUFFLE: RoundPlay._pass, RELOCK: RoundPlay._pass,
                   DEAL_X: RoundPlay._deal_unlock, DEAL_Y: RoundPlay._deal_unlock, HERD_Y: RoundPlay._herd,
                   HERD_X: RoundPlay._herd, PLAYING: RoundPlay._play_step, REVEAL: RoundPlay._reveal,
                   REVEAL_OTHER: RoundPlay._reveal}[self.stage]
        return handler(self, step, sender)

    # --- the deal ------------------------------------------------------------------------
    def _pass(self, step, sender: int) -> "RoundPlay":
        if sender != self.seat:
            check_deck_points(self.group, step.deck)
        following = {ENCRYPT: RESHUFFLE, RESHUFFLE: RELOCK, RELOCK: DEAL_X}[self.stage]
        if following == DEAL_X and self.starter is None:
            raise refuse("unexpected")  # the game sets round 1's starter before its relock
        return self._with(decks=self.decks + (step.deck,), stage=following)

    def _open(self, slot: int, their_key: bytes) -> int:
        """The card index behind `slot` under the other side's key (RemoteError if it opens to no card
        of that slot's segment, or to a card already seen)."""
        points, index_of = points_of(self.group, self.game_id, self.number)
        try:
            index = index_of.get(open_slot(self.group, self.decks[2][slot], their_key, self.keys.lock(slot)))
        except GroupError:
            index = None
        segment = next(bounds for bounds in SEGMENTS if bounds[0] <= slot < bounds[1])
        if index is None or not segment[0] <= index < segment[1]:
            raise refuse("bad-unlock")
        if index in self.cards and self.cards[slot] != index:
            raise refuse("duplicate-card")
        return index

    def _learn(self, sender: int, slots: tuple[int, ...],
               keys: tuple[bytes, ...]) -> tuple[tuple[int, ...], "RoundPlay"]:
        """Record the keys `sender` showed for `slots`; when they are the other side's, open the slots
        (their card indexes returned, in order)."""
        if len(slots) != len(keys):
            raise refuse("bad-unlock", f"this message has {len(keys)} unlocks where {len(slots)} are due")
        shown = list(self.shown)
        shown[sender] = shown[sender] + tuple(zip(slots, keys, strict=True))
        if sender == self.seat:
            # A side's own message, read back from a save or checked in a history as its seat: its keys
            # must be the ones its seed gives (the friend's are checked by opening them, below).
            if any(key != self.keys.lock(slot) for slot, key in zip(slots, keys, strict=True)):
                raise refuse("bad-unlock")
            return tuple(self.cards[slot] for slot in slots), self._with(shown=tuple(shown))
        cards = list(self.cards)
        opened = []
        for slot, key in zip(slots, keys, strict=True):
            index = self._open(slot, key)
            if index in opened:
                raise refuse("duplicate-card")
            cards[slot] = index
            opened.append(index)
        return tuple(opened), self._with(shown=tuple(shown), cards=tuple(cards))

    def _deal_unlock(self, step: Unlock, sender: int) -> "RoundPlay":
        assert self.starter is not None
        slots = hand_slots(1 - sender, self.starter) + MARKET_SLOTS
        _, after = self._learn(sender, slots, step.keys)
        return after._with(stage=DEAL_Y if self.stage == DEAL_X else HERD_Y)

    def _herd(self, step: Herd, sender: int) -> "RoundPlay":
        assert self.starter is not None
        dealt = hand_slots(sender, self.starter)
        if step.mask >= 1 << len(dealt):
            raise refuse("unexpected", "this herd names more than the five dealt cards")
        camels = tuple(slot for bit, slot in enumerate(dealt) if step.mask >> bit & 1)
        opened, after = self._learn(sender, camels, step.keys)
        if any(CARD_OF[index] != CAMEL for index in opened):
            raise refuse("wrong-card", "your friend showed a card as a camel that is not one")
        if sender == self.seat and any(CARD_OF[self.cards[slot]] == CAMEL for slot in dealt if slot not in camels):
            raise refuse("cheat-herd")  # this side's own herd, read back or checked as its seat
        masks, hidden = list(after.herd_masks), list(after.hidden)
        masks[sender] = step.mask
        hidden[sender] = tuple(slot for slot in dealt if slot not in camels)
        after = after._with(herd_masks=(masks[0], masks[1]), hidden=(hidden[0], hidden[1]),
                        stage=HERD_X if self.stage == HERD_Y else PLAYING, mover=self.starter)
        if masks[1 - self.seat] is not None and after.view is None:
            mine = tuple(CARD_OF[self.cards[slot]] for slot in hand_slots(self.seat, self.starter))
            market = tuple(CARD_OF[self.cards[slot]] for slot in MARKET_SLOTS)
            their_camels = bin(masks[1 - self.seat] or 0).count("1")
            after = after._with(view=dealt_view(self.seat, self.number, self.seals, self.starter, mine, market,
                                                   their_camels))
        return after

    # --- play ----------------------------------------------------------------------------
    def _play_step(self, step, sender: int) -> "RoundPlay":
        if isinstance(step, Unlock):
            return self._play_unlock(step, sender)
        return self._move(step, sender)

    def _play_unlock(self, step: Unlock, sender: int) -> "RoundPlay":
        slots = self.owed[sender]
        opened, after = self._learn(sender, slots, step.keys)
        owed = list(after.owed)
        owed[sender] = ()
        after = after._with(owed=(owed[0], owed[1]))
        if sender == self.seat:
            return after
        pending = self.pending
        assert pending is not None and not pending.ends_round
        drawn = tuple(CARD_OF[index] for index in opened[:len(pending.draws)])
        bonus_top = None
        if pending.bonus is not None:
            bonus_top = (pending.bonus[0], BONUS_VALUE_OF[opened[-1] - CARD_SLOTS])
        state = consistent_state(pending.before, deck_top=drawn, bonus_top=bonus_top)
        return after._with(view=view_of(apply(state, pending.action), self.seat), pending=None)

    def _move(self, step: Move, sender: int) -> "RoundPlay":
        try:
            action = parse_action(step.action)
        except InvalidActionError:
            raise refuse("bad-action") from None
        if str(action) != step.action:
            raise refuse("bad-action", "this message's move is not written the one way moves are written")
        too_long = round_length_refusal(len(self.actions))
        if too_long is not None:
            raise refuse("illegal-move", f"the rules do not allow this move: {too_long}", reason=too_long.code)
        view = self.view
        assert view is not None and self.pending is None  # a move is due only once its mover's view is whole
        mine = sender == self.seat
        counts = shown_counts(action, view.known[sender])
        slots = tuple(slot for slot, _ in step.shown)
        if len(set(slots)) != len(slots) or not set(slots) <= set(self.hidden[sender]):
            raise refuse("not-in-hand")
        if len(slots) != sum(counts):
            raise refuse("wrong-card")
        if mine and slots != self.chosen_slots(counts):
            raise refuse("unexpected", "this move does not show the cards this side would show")
        opened, after = self._learn(sender, slots, tuple(key for _, key in step.shown))
        shown_cards = [CARD_OF[index] for index in opened]
        if tuple(shown_cards.count(good) for good in GOODS) != counts:
            raise refuse("wrong-card")
        draws = self.draw_slots(action, view)
        drawn_indexes, after = after._learn(sender, draws, step.draws)
        drawn = () if mine else tuple(CARD_OF[index] for index in drawn_indexes)
        state = consistent_state(view, hand_has=(0,) * len(GOODS) if mine else counts, deck_top=drawn)
        reason = why_illegal(state, action)
        if reason is not None:
            raise refuse("illegal-move", f"the rules do not allow this move: {reason}",
                         reason=getattr(reason, "code", "illegal"))
        try:
            new = apply(state, action)
        except IllegalActionError as error:  # pragma: no cover - why_illegal said it is legal
            raise refuse("illegal-move", str(error)) from None
        ends = new.phase != PLAY
        bonus = self.bonus_slot(action, view)
        hidden, owed = list(after.hidden), list(after.owed)
        hidden[sender] = tuple(slot for slot in self.hidden[sender] if slot not in slots)
        after = after._with(actions=self.actions + (action,), mover=1 - sender, hidden=(hidden[0], hidden[1]))
        if ends:
            return after._with(stage=REVEAL, ender=sender,
                           pending=Pending(action, view, draws, bonus, True) if mine else None)
        awaited = draws + ((bonus[1],) if bonus is not None else ())
        owed[1 - sender] = awaited
        after = after._with(owed=(owed[0], owed[1]))
        if not mine:
            return after._with(view=view_of(new, self.seat))
        if not awaited:
            return after._with(view=view_of(new, self.seat))
        return after._with(pending=Pending(action, view, draws, bonus, False))

    def chosen_slots(self, counts: tuple[int, ...]) -> tuple[int, ...]:
        """The hidden slots this seat shows for `counts` goods: of each good, its lowest slots (the
        rule every side follows, so its own message is checked like its friend's)."""
        chosen: list[int] = []
        for good in GOODS:
            chosen += [slot for slot in self.hidden[self.seat] if CARD_OF[self.cards[slot]] == good][:counts[good]]
        if len(chosen) != sum(counts):
            raise refuse("wrong-card", "this side does not hold the cards this move gives")
        return tuple(chosen)

    @staticmethod
    def draw_slots(action: Action, view: PlayerView) -> tuple[int, ...]:
        """The deck slots a take draws to refill the market (as many as the deck still has)."""
        wanted = 1 if isinstance(action, TakeGood) else view.market[CAMEL] if isinstance(action, TakeCamels) else 0
        top = CARD_SLOTS - view.deck_size
        return tuple(range(top, top + min(wanted, view.deck_size)))

    @staticmethod
    def bonus_slot(action: Action, view: PlayerView) -> tuple[int, int] | None:
        """(pile index, slot) of the bonus token a sale wins, or None."""
        if not isinstance(action, Sell):
            return None
        size = bonus_pile_for(action.count)
        if size is None:
            return None
        index = BONUS_SIZES.index(size)
        left = view.bonus_sizes[index]
        if not left:
            return None
        return index, BONUS_PILE_START[index] + len(BONUS_TOKENS[size]) - left

    # --- the round's end ---------------------------------------------------------------------
    def _reveal(self, step: Reveal, sender: int) -> "RoundPlay":
        seeds = list(self.seeds)
        seeds[sender] = step.seed
        if sender == self.seat:
            if step.seed != self.seed:
                raise refuse("unexpected", "this message reveals a seed that is not this side's own")
            after = self._with(seeds=(seeds[0], seeds[1]))
        else:
            from .endcheck import check_round  # the round's end: every pass, key and move replayed
            seeds[self.seat] = self.seed
            record = check_round(self, seeds[0] or b"", seeds[1] or b"")
            after = self._with(seeds=(seeds[0], seeds[1]), record=record,
                            view=view_of(record.end, self.seat), pending=None)
        return after._with(stage=REVEAL_OTHER if self.stage == REVEAL else DONE)
