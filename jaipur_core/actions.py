"""Actions as immutable values that print and parse in the notation of
docs/formats.md ("Action notation").

Parsing is purely syntactic: `parse_action("sell camel 1")` gives an action
that the rules then refuse with a reason. Equal actions compare and hash
equal, and print the same canonical text.

Every action value that exists is well formed: its constructor checks the
fields (a real good, counts from 1 -- 0 for a trade's entries -- to the 55
cards of the game, trades as two 7-entry count tuples) and raises
InvalidActionError otherwise. So `why_illegal` can judge any action a caller
can build, as python-chess's `is_legal` can any `Move`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .cards import CAMEL, CARD_NAMES, CARDS, GOODS, TOTAL_CARDS, parse_card
from .errors import InvalidActionError
from .limits import MAX_ACTION_CHARS, clip, echo

_TRADE_PATTERN = re.compile(r"^trade\s+(.+?)\s+for\s+(.+)$")
#: No action moves more cards of a kind than the game has in all. Counts up to
#: this are well formed (the rules refuse `sell silver 7` with a reason).
MAX_COUNT = TOTAL_CARDS


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

    def __post_init__(self):
        if not _is_index(self.good, len(GOODS)):
            raise InvalidActionError(f"take: good must be a goods card 0-5 (not camel), got {echo(self.good)}")

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

    def __post_init__(self):
        object.__setattr__(self, "taken", _count_tuple(self.taken, "taken"))
        object.__setattr__(self, "given", _count_tuple(self.given, "given"))

    def __str__(self) -> str:
        return f"trade {cards_text(self.taken)} for {cards_text(self.given)}"


@dataclass(frozen=True, slots=True, repr=False)
class Sell(Action):
    """Sell `count` cards of one good from the hand."""

    good: int
    count: int
    kind = "sell"

    def __post_init__(self):
        # Camels are a card, so `sell camel 2` exists: the rules refuse it with a reason.
        if not _is_index(self.good, len(CARDS)):
            raise InvalidActionError(f"sell: good must be a card 0-6, got {echo(self.good)}")
        if not (type(self.count) is int and 1 <= self.count <= MAX_COUNT):
            raise InvalidActionError(f"sell: count must be from 1 to {MAX_COUNT}, got {echo(self.count)}")

    def __str__(self) -> str:
        return f"sell {CARD_NAMES[self.good]} {self.count}"


CAMELS = TakeCamels()


def _is_index(value, size: int) -> bool:
    # `type(...) is int`: not a bool, nor a float that equals an int and would hash like one.
    return type(value) is int and 0 <= value < size


def _count_tuple(counts, side: str) -> tuple[int, ...]:
    """`counts` as a 7-entry tuple of counts per card, each from 0 to MAX_COUNT."""
    if type(counts) is not tuple:
        if not isinstance(counts, (tuple, list)):
            raise InvalidActionError(f"trade: {side} must be a tuple of 7 counts, got {type(counts).__name__}")
        counts = tuple(counts)
    if len(counts) != len(CARDS):
        raise InvalidActionError(f"trade: {side} must have 7 counts (one per card), got {len(counts)}")
    for card, count in enumerate(counts):
        if not (type(count) is int and 0 <= count <= MAX_COUNT):
            raise InvalidActionError(f"trade: {side}[{card}] ({CARD_NAMES[card]}) must be from 0 to "
                                     f"{MAX_COUNT}, got {echo(count)}")
    return counts


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
    """Parse the action notation of docs/formats.md (any case, extra spaces, any card order).

    Raises InvalidActionError for text that is not an action, including text
    longer than MAX_ACTION_CHARS and counts beyond the cards in the game.
    """
    if not isinstance(text, str):
        raise InvalidActionError(f"an action must be text, not {type(text).__name__}")
    if len(text) > MAX_ACTION_CHARS:
        raise InvalidActionError(f"'{clip(text.strip())}': an action is at most {MAX_ACTION_CHARS} "
                                 f"characters, this one has {len(text)}")
    shown = clip(" ".join(text.split()))
    normalized = " ".join(text.lower().split())
    words = normalized.split(" ")
    head = words[0]
    if head == "camels" and len(words) == 1:
        return CAMELS
    if head == "take":
        if len(words) == 2:
            good = _card(words[1], shown)
            if good == CAMEL:
                raise InvalidActionError(f"'{shown}': to take the camels, write 'camels'")
            return TakeGood(good)
        raise InvalidActionError(f"'{shown}': write 'take GOOD', e.g. 'take gold'")
    if head == "sell":
        if len(words) == 3:
            first, second = words[1], words[2]
            if first.isdecimal() and not second.isdecimal():
                first, second = second, first
            if second.isdecimal():
                good = _card(first, shown)
                # Bounded before int(): no count of more than two digits can be real.
                count = int(second) if len(second.lstrip("0")) <= 2 else None
                if count == 0:
                    raise InvalidActionError(f"'{shown}': sell at least one card")
                if count is None or count > MAX_COUNT:
                    raise InvalidActionError(f"'{shown}': the game has only {MAX_COUNT} cards in all")
                return Sell(good, count)
        raise InvalidActionError(f"'{shown}': write 'sell GOOD N', e.g. 'sell leather 3'")
    if head == "trade":
        match = _TRADE_PATTERN.match(normalized)
        if match:
            return Trade(_side(match.group(1), shown), _side(match.group(2), shown))
        raise InvalidActionError(
            f"'{shown}': write 'trade TAKEN for GIVEN', e.g. 'trade gold+gold for camel+leather'")
    raise InvalidActionError(
        f"'{shown}' is not an action (take GOOD, camels, trade A+B for C+D, sell GOOD N)")


def _card(word: str, shown: str) -> int:
    try:
        return parse_card(word)
    except KeyError:
        raise InvalidActionError(f"'{shown}': unknown card '{clip(word)}'") from None


def _side(side: str, shown: str) -> tuple[int, ...]:
    names = [name.strip() for name in side.split("+")]
    if any(not name for name in names):
        raise InvalidActionError(f"'{shown}': empty card name in '{clip(side)}'")
    return counts_of(_card(name, shown) for name in names)
