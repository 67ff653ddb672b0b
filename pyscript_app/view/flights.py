"""Which card or token travels from where to where when a move changes the table. Pure.

browser/animation.py measures the table before and after a render, and motion.plan asks here:
every card as (zone, kind) in document order (zone = the nearest `data-flip-zone`,
kind = `data-card`). Cards carry no identity of their own (two spice cards are alike),
so they are matched: within a zone, the n-th card of a kind before is the n-th after
(it slides if the row moved); a card of that kind that left one zone and one that
arrived in another are the same card travelling (market -> hand, herd -> market...).
What is left over came from, or went to, a place whose cards are not shown: the deck,
the discard pile, the opponent's hidden hand.
"""

from __future__ import annotations

from dataclasses import dataclass

GOODS = ("diamond", "gold", "silver", "cloth", "spice", "leather")


@dataclass(frozen=True)
class Slide:
    """The card now at `new` (index in the after list) comes from the card `old`
    (index in the before list) or, when `old` is None, from the zone `zone`."""

    new: int
    old: int | None = None
    zone: str = ""


@dataclass(frozen=True)
class Ghost:
    """The card that was at `old` left the view: a copy of it flies to `zone` and fades."""

    old: int
    zone: str


@dataclass(frozen=True)
class TokenFlight:
    """`count` tokens leave the pile of `good` for the token row `zone` (won-me | won-opponent)."""

    good: str
    count: int
    zone: str


def card_flights(before: list, after: list, deck_drew: bool) -> list:
    """Slides and ghosts for cards measured as [(zone, kind), ...] before and after."""
    moves: list = []
    kinds = {kind for _zone, kind in before} | {kind for _zone, kind in after}
    for kind in sorted(kinds):
        old_by_zone: dict[str, list[int]] = {}
        new_by_zone: dict[str, list[int]] = {}
        for i, (zone, card) in enumerate(before):
            if card == kind:
                old_by_zone.setdefault(zone, []).append(i)
        for i, (zone, card) in enumerate(after):
            if card == kind:
                new_by_zone.setdefault(zone, []).append(i)
        left, arrived = [], []
        for zone in sorted(set(old_by_zone) | set(new_by_zone)):
            olds, news = old_by_zone.get(zone, []), new_by_zone.get(zone, [])
            moves.extend(Slide(new, old) for old, new in zip(olds, news, strict=False))
            left += olds[len(news):]
            arrived += news[len(olds):]
        moves.extend(Slide(new, old) for old, new in zip(left, arrived, strict=False))
        for new in arrived[len(left):]:
            moves.append(Slide(new, zone=_source(after[new][0], deck_drew)))
        for old in left[len(arrived):]:
            moves.append(Ghost(old, _target(before[old][0])))
    return moves


def _source(zone: str, deck_drew: bool) -> str:
    """Where a card that appeared in `zone` without a visible origin came from."""
    if zone == "market":
        return "deck" if deck_drew else "opponent"  # a refill, or the opponent's trade
    return "discard" if zone == "hand" else "deck"  # a sale taken back returns from the discard


def _target(zone: str) -> str:
    """Where a card that left `zone` without a visible destination went."""
    return "opponent" if zone == "market" else "discard"  # taken by the opponent; sold


def token_flights(before: dict, after: dict, gained: str) -> list:
    """Tokens that left their piles: `before`/`after` = {good: tokens left}; `gained` =
    the token row that changed (won-me | won-opponent)."""
    return [TokenFlight(good, before[good] - after[good], gained)
            for good in GOODS if good in before and good in after and after[good] < before[good]]
