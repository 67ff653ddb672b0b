"""Play a friend at a distance with no server: each move a link, a deck neither player can see or stack.

The protocol (docs/remote.md) is commutative encryption of the cards, as in Shamir, Rivest and
Adleman's mental poker: both sides shuffle and lock the round's deck in turn, so a card is seen
only when both unlock it, and every message travels as a link. Standard library only, over the
`group.Group` interface; the real group is libsodium's Ed25519 group, through PyNaCl in CPython
(`group.sodium_group()`, imported lazily: the `remote` extra) and libsodium-wrappers-sumo in the
page. May import jaipur_core's engine modules; nothing in jaipur_core imports it but the
command line (cli.py, lazily).

    side.py       RemoteGame: one side's game, the API the page drives
    round.py      one round from one seat: the steps in order, each checked at once
    endcheck.py   the round's end: both seeds revealed, everything replayed
    knowledge.py  a position consistent with what a seat knows, for the rules engine
    deck.py       the round's 70 card points, keys from a seed, the three passes
    messages.py   jaipur-remote/1: steps, bytes, links
    history.py    saves restored and histories checked by replaying their messages
    group.py      the Group interface; sodium.py its PyNaCl binding
    errors.py     RemoteError: a code and plain words
"""

from .errors import RemoteError
from .group import Group, GroupError, sodium_group
from .history import HistoryCheck, check_history
from .messages import to_code, to_link
from .side import HISTORY_FORMAT, SAVE_FORMAT, RemoteGame

__all__ = ["RemoteError", "Group", "GroupError", "sodium_group", "HistoryCheck", "check_history", "to_code",
           "to_link", "HISTORY_FORMAT", "SAVE_FORMAT", "RemoteGame"]
