"""The one error of a game at a distance: a code for the page, plain English words for people.

Every refusal is a RemoteError (a JaipurError, so a ValueError): a message that cannot be
read, one that does not follow the history, a move the rules refuse, a cheat found at once
or at the round's end. The game it was raised from is unchanged (games are values: a
refused message returns no new one). `code` is stable (docs/remote.md lists them); the page
words them from its catalog, the command line prints the English.
"""

from __future__ import annotations

from ..errors import JaipurError

#: code -> the words said when no more precise ones are given.
WORDS = {
    # reading a link
    "link-damaged": "this link is damaged or cut short: ask your friend to send it again",
    "link-changed": "this move's link was changed after it was made",
    "link-version": "this link was made by another version of the game",
    # the message against the history
    "other-game": "this message belongs to another game",
    "repeated": "you have already read this message",
    "skipped": "you need your friend's previous message first",
    "history-differs": "this message follows a different history from yours",
    "own-message": "this is your own message: send it to your friend",
    "unexpected": "this message is not what the game expects now",
    # what a message says
    "bad-point": "a card in this message is not a valid encrypted card",
    "bad-unlock": "an unlock in this message does not open a card: it is forged or altered",
    "duplicate-card": "a card opened twice: the deck holds a card more than once",
    "wrong-card": "your friend claimed a card they do not hold",
    "not-in-hand": "your friend showed a card that is not in their hand",
    "inconsistent": "the cards your friend showed do not add up with the cards in sight",
    "bad-action": "this message's move cannot be read",
    "illegal-move": "the rules do not allow this move",
    "bad-name": "a player's name in this message cannot be used",
    "starter-changed": "the draw for who starts does not match the invitation's promise",
    # the round's end
    "cheat-shuffle": "a shuffle was not a shuffle of the cards",
    "cheat-keys": "an unlock during the round does not match the keys revealed at its end",
    "cheat-herd": "a herd shown at the deal was not the camels really dealt",
    "cheat-replay": "with the real cards, a move of this round was not allowed",
    # this side
    "not-your-turn": "it is not your turn",
    "no-step": "there is nothing for you to send now",
    "game-over": "the game is over",
    "bad-save": "this saved game cannot be read",
    "bad-history": "this history cannot be read",
    "group": "this game was played with another kind of encryption",
    "no-sodium": "PyNaCl is not installed: pip install 'jaipur[remote]'",
}


class RemoteError(JaipurError):
    """A refused message, move, save or history: `code` (see WORDS) and one line of words."""

    def __init__(self, code: str, words: str | None = None, **params):
        self.code = code
        self.params = params
        self.words = words if words is not None else WORDS[code]
        super().__init__(self.words)


def refuse(code: str, words: str | None = None, **params) -> RemoteError:
    """The error to raise (`raise refuse("skipped")`): the default words of `code` unless given."""
    if code not in WORDS:
        raise KeyError(code)
    return RemoteError(code, words, **params)
