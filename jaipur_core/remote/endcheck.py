"""The round's end: with both seeds revealed, everything the round did is replayed and checked.

`check_round` is what each side runs when its friend's seed arrives (and what
`python3 -m jaipur_core remote check` runs for every finished round of a history): the three
passes were shuffles of the round's cards with the seeds' keys, every key shown during the
round was the seed's, each herd shown at the deal was the camels really dealt, and every move
was legal with the real hands. It returns the round as a `jaipur-game/1` round: the position
dealt (`state.deal_cards`, exactly as a game on one table deals) and the actions played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import BONUS_SIZES, BONUS_TOKENS, CAMEL
from ..errors import JaipurError
from ..record import RoundRecord, play_through
from ..state import PLAY, deal_cards
from .deck import BONUS_PILE_START, BONUS_VALUE_OF, CARD_OF, CARD_SLOTS, Decks, check_decks, hand_slots
from .errors import refuse

if TYPE_CHECKING:
    from .round import RoundPlay


def check_round(play: "RoundPlay", seed0: bytes, seed1: bytes) -> RoundRecord:
    """The real round `play` holds (RemoteError cheat-shuffle, cheat-keys, cheat-herd, cheat-replay)."""
    from .round import keys_of, points_of
    group, starter = play.group, play.starter
    assert starter is not None and len(play.decks) == 3
    keys = (keys_of(group, seed0), keys_of(group, seed1))
    x_keys, y_keys = keys[play.shuffler], keys[1 - play.shuffler]
    points, _ = points_of(group, play.game_id, play.number)
    cards = check_decks(group, points, Decks(*play.decks), x_keys, y_keys)
    for seat in (0, 1):
        if any(key != keys[seat].lock(slot) for slot, key in play.shown[seat]):
            raise refuse("cheat-keys", "an unlock of your friend's during the round does not match their "
                         "keys revealed at its end" if seat != play.seat else None)
    known = play.cards
    if any(index != -1 and index != cards[slot] for slot, index in enumerate(known)):
        raise refuse("cheat-keys")  # pragma: no cover - the keys matched, so did every card opened
    order = [CARD_OF[index] for index in cards[:CARD_SLOTS]]
    for seat in (0, 1):
        dealt = hand_slots(seat, starter)
        mask = sum(1 << bit for bit, slot in enumerate(dealt) if order[slot] == CAMEL)
        if mask != play.herd_masks[seat]:
            raise refuse("cheat-herd")
    piles = []
    for index, size in enumerate(BONUS_SIZES):
        top = BONUS_PILE_START[index]
        slots = range(top, top + len(BONUS_TOKENS[size]))
        piles.append(tuple(BONUS_VALUE_OF[cards[slot] - CARD_SLOTS] for slot in slots))
    start = deal_cards(order, tuple(piles), play.number, play.seals, starter)
    try:
        positions = play_through(start, play.actions)
    except JaipurError as error:
        raise refuse("cheat-replay", f"with the real cards, a move of this round was not allowed: "
                     f"{getattr(error, 'reason', error)}") from None
    if positions[-1].phase == PLAY or any(position.phase != PLAY for position in positions[:-1]):
        raise refuse("cheat-replay", "with the real cards, the round did not end where it was said to")
    return RoundRecord(start, play.actions)
