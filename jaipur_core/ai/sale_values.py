"""What holding n cards of one good should sell for: the table the heuristic and the learned value share.

Both read a hand as six lookups in one table per good: the tokens its next
sales would take from that good's pile, plus the mean bonus a set of that size
would draw. Only their bonus means differ (the heuristic's are over the bonus
tokens its seat has not seen; the value's are over the piles of a sampled state).
"""

from __future__ import annotations

from ..cards import GOODS, GOODS_TOKENS, HAND_LIMIT, PRECIOUS

_TABLES: dict = {}
_TABLES_LIMIT = 50_000


def sale_table(tokens_taken, bonus3: float, bonus4: float, bonus5: float):
    """Per good, per count 0..HAND_LIMIT: the undiscounted value of holding that many cards.

    `bonusN` is the mean bonus of an N-card set (5 for five or more), 0.0 when that
    pile is empty. A single precious card counts half its top token: it cannot be
    sold alone. Tables are cached: the same piles recur in state after state.
    """
    key = (tokens_taken, bonus3, bonus4, bonus5)
    table = _TABLES.get(key)
    if table is None:
        if len(_TABLES) >= _TABLES_LIMIT:
            _TABLES.clear()
        table = _TABLES[key] = _build(tokens_taken, (bonus3, bonus4, bonus5))
    return table


def _build(tokens_taken, bonuses):
    table = []
    for good in GOODS:
        pile = GOODS_TOKENS[good][tokens_taken[good]:]
        row = [0.0]
        for count in range(1, HAND_LIMIT + 1):
            if count == 1 and good in PRECIOUS:
                row.append(0.5 * (pile[0] if pile else 0))
                continue
            value = float(sum(pile[:count]))
            if count >= 3:
                value += bonuses[min(count, 5) - 3]
            row.append(value)
        table.append(tuple(row))
    return tuple(table)
