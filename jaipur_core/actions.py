"""Actions as immutable values that print and parse in FORMAT.md notation.

Parsing is purely syntactic: `parse_action("sell camel 1")` gives an action
that the rules then refuse with a reason. Equal actions compare and hash
equal, and print the same canonical text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .cards import CAMEL, CARD_NAMES, CARDS, parse_card
from .errors import InvalidActionError

_TRADE_PATTERN = re.compile(r"^trade\s+(.+?)\s+for\s+(.+)$")


class Action:
    """Base class of the four kinds of action."""

    __slots__ = ()
    kind: str = ""

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


@dataclass(frozen=True, slots=True, repr=False)
class TakeGood(Action):
    """Take one goods card from the market into the hand."""

    good: int
    kind = "take"

    def __str__(self) -> str:
        return f"take {CARD_NAMES[self.good]}"


@dataclass(frozen=True, slots=True, repr=False)
class TakeCamels(Action):
    """Take every camel in the market into the herd."""

    kind = "camels"

    def __str__(self) -> str:
        return "camels"


@dataclass(frozen=True, slots=True, repr=False)
class Trade(Action):
    """Take goods from the market and give back as many cards.

    `taken` and `given` are count tuples indexed by card (7 entries, camel last).
    """

    taken: tuple[int, ...]
    given: tuple[int, ...]
    kind = "trade"

    def __str__(self) -> str:
        return f"trade {cards_text(self.taken)} for {cards_text(self.given)}"


@dataclass(frozen=True, slots=True, repr=False)
class Sell(Action):
    """Sell `count` cards of one good from the hand."""

    good: int
    count: int
    kind = "sell"

    def __str__(self) -> str:
        return f"sell {CARD_NAMES[self.good]} {self.count}"


CAMELS = TakeCamels()


def cards_text(counts: tuple[int, ...]) -> str:
    """'diamond+gold+camel' for a count tuple, canonical order, repeats written out."""
    return "+".join(CARD_NAMES[card] for card in CARDS for _ in range(counts[card]))


def counts_of(cards) -> tuple[int, ...]:
    """A 7-entry count tuple of an iterable of card ints."""
    counts = [0] * len(CARDS)
    for card in cards:
        counts[card] += 1
    return tuple(counts)


def parse_action(text: str) -> Action:
    """Parse FORMAT.md notation (any case, extra spaces, any card order).

    Raises InvalidActionError for text that is not an action.
    """
    if not isinstance(text, str):
        raise InvalidActionError(f"an action must be text, not {type(text).__name__}")
    normalized = " ".join(text.lower().split())
    words = normalized.split(" ")
    head = words[0]
    if head == "camels" and len(words) == 1:
        return CAMELS
    if head == "take":
        if len(words) == 2:
            good = _card(words[1], text)
            if good == CAMEL:
                raise InvalidActionError(
                    f"'{text.strip()}': to take the camels, write 'camels'")
            return TakeGood(good)
        raise InvalidActionError(f"'{text.strip()}': write 'take GOOD', e.g. 'take gold'")
    if head == "sell":
        if len(words) == 3:
            first, second = words[1], words[2]
            if first.isdecimal() and not second.isdecimal():
                first, second = second, first
            if second.isdecimal():
                count = int(second)
                if count < 1:
                    raise InvalidActionError(f"'{text.strip()}': sell at least one card")
                return Sell(_card(first, text), count)
        raise InvalidActionError(f"'{text.strip()}': write 'sell GOOD N', e.g. 'sell leather 3'")
    if head == "trade":
        match = _TRADE_PATTERN.match(normalized)
        if match:
            return Trade(_side(match.group(1), text), _side(match.group(2), text))
        raise InvalidActionError(
            f"'{text.strip()}': write 'trade TAKEN for GIVEN', e.g. 'trade gold+gold for camel+leather'")
    raise InvalidActionError(
        f"'{text.strip()}' is not an action (take GOOD, camels, trade A+B for C+D, sell GOOD N)")


def _card(word: str, text: str) -> int:
    try:
        return parse_card(word)
    except KeyError:
        raise InvalidActionError(f"'{text.strip()}': unknown card '{word}'") from None


def _side(side: str, text: str) -> tuple[int, ...]:
    names = [name.strip() for name in side.split("+")]
    if any(not name for name in names):
        raise InvalidActionError(f"'{text.strip()}': empty card name in '{side}'")
    return counts_of(_card(name, text) for name in names)
