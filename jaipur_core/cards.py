"""Cards, goods and tokens: the fixed components of Jaipur.

Cards are small ints so that hands and markets can be count tuples indexed by
card: that representation is what makes the engine fast enough for search.
"""

from __future__ import annotations

DIAMOND, GOLD, SILVER, CLOTH, SPICE, LEATHER, CAMEL = range(7)

#: Goods in canonical order, then the camel (docs/formats.md "Names").
GOODS = (DIAMOND, GOLD, SILVER, CLOTH, SPICE, LEATHER)
CARDS = GOODS + (CAMEL,)
CARD_NAMES = ("diamond", "gold", "silver", "cloth", "spice", "leather", "camel")
CARD_BY_NAME = {name: card for card, name in enumerate(CARD_NAMES)}
PLURAL_NAMES = ("diamonds", "gold", "silver", "cloth", "spice", "leather", "camels")

PRECIOUS = frozenset((DIAMOND, GOLD, SILVER))
#: Precious goods are sold at least this many at a time.
PRECIOUS_MINIMUM_SALE = 2

CARD_COUNTS = (6, 6, 6, 8, 8, 10, 11)
TOTAL_CARDS = sum(CARD_COUNTS)  # 55

#: Goods token piles, top of the pile first.
GOODS_TOKENS = (
    (7, 7, 5, 5, 5),
    (6, 6, 5, 5, 5),
    (5, 5, 5, 5, 5),
    (5, 3, 3, 2, 2, 1, 1),
    (5, 3, 3, 2, 2, 1, 1),
    (4, 3, 2, 1, 1, 1, 1, 1, 1),
)
TOTAL_GOODS_TOKENS = sum(map(len, GOODS_TOKENS))  # 38

#: Bonus tokens by pile: a sale of 3, 4, or 5+ cards.
BONUS_SIZES = (3, 4, 5)
BONUS_TOKENS = {
    3: (1, 1, 2, 2, 2, 3, 3),
    4: (4, 4, 5, 5, 6, 6),
    5: (8, 8, 9, 10, 10),
}
TOTAL_BONUS_TOKENS = sum(map(len, BONUS_TOKENS.values()))  # 18

CAMEL_TOKEN_VALUE = 5
HAND_LIMIT = 7
MARKET_SIZE = 5
MARKET_START_CAMELS = 3
DEAL_SIZE = 5
SEALS_TO_WIN = 2
#: Empty goods token piles that end a round.
EMPTY_PILES_TO_END = 3


def bonus_pile_for(sale_size: int) -> int | None:
    """The bonus pile a sale of `sale_size` cards draws from, or None."""
    if sale_size < 3:
        return None
    return min(sale_size, 5)


def card_name(card: int) -> str:
    return CARD_NAMES[card]


def parse_card(text: str) -> int:
    """The card named `text` (any case, singular or plural); KeyError if unknown."""
    key = text.strip().lower()
    if key in CARD_BY_NAME:
        return CARD_BY_NAME[key]
    if key in PLURAL_NAMES:
        return PLURAL_NAMES.index(key)
    raise KeyError(text)


def count_words(card: int, n: int) -> str:
    """Plain words for `n` cards of one kind, e.g. '2 diamonds', '1 camel'."""
    if card == CAMEL or card == DIAMOND:
        return f"{n} {CARD_NAMES[card]}" + ("s" if n != 1 else "")
    return f"{n} {CARD_NAMES[card]}"
