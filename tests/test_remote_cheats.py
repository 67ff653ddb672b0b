"""A cheating side against an honest one: each cheat caught at once where the protocol can, and at
the cheated round's end every time.

A cheater here is an honest RemoteGame whose sent message is replaced by a cheating one: it goes on
knowing what it knows (its own keys and cards), while its history holds what it really sent, so its
later messages follow on from the cheat as a real cheater's would. Where a cheat would trip the
cheater's own checks (a card it put in the deck twice, drawn twice), the cheater's rounds skip
that check (LenientRound): the honest side's checks are what is tested.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from jaipur_core.actions import TakeGood, Trade, parse_action
from jaipur_core.cards import CAMEL, DIAMOND, HAND_LIMIT
from jaipur_core.remote import RemoteError, RemoteGame
from jaipur_core.remote.deck import CARD_OF, CARD_SLOTS, hand_slots
from jaipur_core.remote.messages import Encrypt, Herd, Move, Reshuffle, Unlock, decode, encode, history_hash
from jaipur_core.remote.round import RoundPlay, keys_of, points_of
from tests.remote_doubles import TOY


class LenientRound(RoundPlay):
    """A cheater's round: it opens a card it put in the deck twice without complaint."""

    def _open(self, slot, their_key):
        try:
            return super()._open(slot, their_key)
        except RemoteError as error:
            if error.code != "duplicate-card":
                raise
            from jaipur_core.remote.deck import open_slot
            points, index_of = points_of(self.group, self.game_id, self.number)
            return index_of[open_slot(self.group, self.decks[2][slot], their_key, self.keys.lock(slot))]


def sent_instead(honest_after: RemoteGame, honest: bytes, cheat: bytes) -> RemoteGame:
    """The cheater after sending `cheat` instead of its `honest` message: what it knows is the honest
    side's, its history what it sent."""
    return honest_after._with(history=honest_after.history[:-1] + (cheat,),
                              head=history_hash(decode(honest).before, cheat))


def with_steps(encoded: bytes, change) -> bytes:
    message = decode(encoded)
    return encode(replace(message, steps=tuple(change(list(message.steps)))))


def play(seed: int, cheater: int, cheat, first: str = "random", rounds: int = 1, careful=None):
    """Play with random legal moves until the honest side refuses a message, or `rounds` rounds end.
    `cheat(after, encoded, kinds)` returns the message the cheater sends instead of `encoded` (or
    None: the honest one). Returns (the refusal or None, the round it was raised in, the two sides).
    A refusal whose code starts with "cheat-" is one the round's end check raised. `careful(game,
    actions)` narrows the cheater's choice of moves (to hide its cheat for as long as it can)."""
    rng = random.Random(seed)
    rngs = [random.Random(seed * 7 + 3), random.Random(seed * 7 + 4)]

    def sent(turn, after, message):
        if turn == cheater:
            changed = cheat(after, message, [type(step) for step in decode(message).steps])
            if changed is not None:
                return sent_instead(after, message, changed), changed
        return after, message

    a, invitation = sent(0, *RemoteGame.start(TOY, random.Random(seed * 7 + 1), "Ada", first))
    try:
        b, answer = sent(1, *RemoteGame.join(TOY, random.Random(seed * 7 + 2), "Ben", invitation))
        sides = [a.receive(answer), b]
    except RemoteError as error:
        return error, 1, []
    while not sides[0].over:
        turn = sides[0].whose_turn
        assert turn is not None
        me = sides[turn]
        if me.next_step == "move":
            legal = list(me.legal_actions())
            if turn == cheater and careful is not None:
                legal = careful(me, legal) or legal
            after, message = sent(turn, *me.play(rng.choice(legal)))
        else:
            after, message = sent(turn, *me.advance(rngs[turn]))
        honest = sides[1 - turn]
        try:
            honest = honest.receive(message)
        except RemoteError as error:
            return error, len(honest.rounds) + 1, sides
        sides[turn], sides[1 - turn] = after, honest
        if len(sides[1 - cheater].rounds) >= rounds:
            break
    return None, len(sides[1 - cheater].rounds), sides


def lenient(game: RemoteGame) -> RemoteGame:
    """The same game, its round a LenientRound."""
    if game.current is None or isinstance(game.current, LenientRound):
        return game
    current = object.__new__(LenientRound)
    current.__dict__.update(game.current.__dict__)
    return game._with(current=current)


def test_a_side_that_stacks_its_own_pass_gains_nothing():
    """The first shuffler puts the six diamonds first in its pass (it knows the cards it encrypts);
    the other side shuffles again without seeing them, so the deal is no better than chance."""
    diamonds = []

    def stack(after, message, kinds):
        if Encrypt not in kinds:
            return None
        index = kinds.index(Encrypt)
        keys = keys_of(TOY, after.seeds[len(after.rounds)])
        points, _ = points_of(TOY, after.game_id, len(after.rounds) + 1)
        stacked = tuple(TOY.mult(keys.shuffle, point) for point in points)  # canonical order: diamonds first
        return with_steps(message, lambda steps: steps[:index] + [Encrypt(stacked)] + steps[index + 1:])

    for seed in range(30):
        error, _, sides = play(seed, 0, stack, rounds=1)
        assert error is None  # a stacked pass is a pass: nothing to refuse
        start = sides[1].rounds[0].start
        diamonds.append(start.hands[0][DIAMOND])
    assert sum(diamonds) / len(diamonds) < 1.5 and max(diamonds) < 5  # by chance, 5 * 6 / 52 = 0.58 a hand


def test_a_pass_that_replaces_cards_with_copies_of_the_diamonds_is_caught_at_once():
    def copies(after, message, kinds):
        if Encrypt not in kinds:
            return None
        index = kinds.index(Encrypt)
        deck = decode(message).steps[index].deck
        points, index_of = points_of(TOY, after.game_id, 1)
        keys = keys_of(TOY, after.seeds[0])
        diamond = TOY.mult(keys.shuffle, points[CARD_OF.index(DIAMOND)])
        forged = tuple(diamond if point != diamond and k < 10 else point for k, point in enumerate(deck))
        return with_steps(message, lambda steps: steps[:index] + [Encrypt(forged)] + steps[index + 1:])

    error, number, _ = play(1, 0, copies)
    assert error is not None and error.code == "duplicate-card" and number == 1


@pytest.mark.parametrize("slots", [(50, 51), (65, 66)], ids=["deck-card", "bonus-token"])
def test_a_reshuffle_that_drops_one_card_for_a_copy_of_another_is_caught_by_the_rounds_end(slots):
    """The reshuffler puts one card of the first pass in two slots (and so leaves one out): a deck
    card, or a bonus token of the 5-card pile. Caught when both copies are opened, else at the end."""
    first, second = slots
    outcomes = set()

    def duplicate(after, message, kinds):
        if Reshuffle not in kinds:
            return None
        index = kinds.index(Reshuffle)
        deck = list(decode(message).steps[index].deck)
        keys = keys_of(TOY, after.seeds[len(after.seeds) - 1])
        source = TOY.mult(TOY.invert(keys.lock(first)), deck[first])  # the first pass's card in `first`
        deck[second] = TOY.mult(keys.lock(second), source)
        return with_steps(message, lambda steps: steps[:index] + [Reshuffle(tuple(deck))] + steps[index + 1:])

    for seed in range(6):
        error, number, _ = play_lenient(100 + seed, 1, duplicate)
        assert error is not None, "the round ended without the cheat being found"
        assert number == 1 and error.code in ("duplicate-card", "cheat-shuffle"), error.code
        outcomes.add(error.code)
    assert "cheat-shuffle" in outcomes


def play_lenient(seed, cheater, cheat):
    """`play` with the cheater's rounds lenient (they open its own copied card without complaint)."""
    original = RemoteGame._new_round

    def new_round(self, shuffler):
        game = original(self, shuffler)
        return lenient(game) if self.seat == cheater else game

    RemoteGame._new_round = new_round  # type: ignore[method-assign]
    try:
        return play(seed, cheater, cheat)
    finally:
        RemoteGame._new_round = original  # type: ignore[method-assign]


def test_a_false_unlock_is_caught_at_once():
    def forged(after, message, kinds):
        if Unlock not in kinds or after.current is None or after.current.view is None:
            return None
        index = kinds.index(Unlock)
        keys = decode(message).steps[index].keys
        return with_steps(message, lambda steps: steps[:index] + [Unlock((TOY.scalar_mul(keys[0], keys[0]),)
                                                                         + keys[1:])] + steps[index + 1:])

    for cheater in (0, 1):
        error, number, _ = play(7, cheater, forged)
        assert error is not None and error.code == "bad-unlock" and number == 1


@pytest.mark.parametrize("where", ["other-goods", "deck-slot", "friends-hand"])
def test_a_claim_of_cards_it_does_not_hold_is_caught_at_once(where):
    """At its first sale the cheater sells two diamonds it does not have: it shows two of its hidden
    cards that are not diamonds, or two slots of the deck, or of its friend's hand, with its own keys."""
    def claim(after, message, kinds):
        if Move not in kinds or after.current is None or after.current.pending is not None:
            return None
        play_round = after.current
        seat = after.seat
        if play_round.actions[-1] != parse_action(decode(message).steps[kinds.index(Move)].action):
            return None
        if where == "other-goods":
            slots = [slot for slot in play_round.hidden[seat] if CARD_OF[play_round.cards[slot]] != DIAMOND][:2]
        elif where == "deck-slot":
            slots = [CARD_SLOTS - 1, CARD_SLOTS - 2]
        else:
            slots = list(hand_slots(1 - seat, play_round.starter))[:2]
        if len(slots) < 2:
            return None
        index = kinds.index(Move)
        lie = Move("sell diamond 2", tuple((slot, play_round.keys.lock(slot)) for slot in slots), ())
        return with_steps(message, lambda steps: steps[:index] + [lie])

    error, number, _ = play(3, 0, claim)
    assert error is not None and number == 1
    assert error.code == ("wrong-card" if where == "other-goods" else "not-in-hand")


def test_a_camel_hidden_at_the_deal_is_caught_by_the_rounds_end():
    """The cheater shows fewer camels than it was dealt (keeping one in its hand, unseen). No one can
    tell when it is shown; the round's end finds it, unless a move its friend thinks impossible (or
    cards that no longer add up) shows it sooner."""
    found = set()

    def hide(after, message, kinds):
        if Herd not in kinds:
            return None
        index = kinds.index(Herd)
        herd = decode(message).steps[index]
        if not herd.mask:
            return None
        low = herd.mask & -herd.mask
        return with_steps(message, lambda steps: steps[:index] + [Herd(herd.mask & ~low, herd.keys[1:])]
                          + steps[index + 1:])

    def careful(game, legal):  # its friend counts one card more in its hand and one camel fewer in its herd
        hand = sum(game.view().hand)
        return [action for action in legal if not (isinstance(action, Trade) and action.given[CAMEL])
                and not (isinstance(action, TakeGood) and hand >= HAND_LIMIT - 1)]

    for seed in range(12):
        for cheater in (0, 1):
            error, number, sides = play(200 + seed, cheater, hide, careful=careful if seed % 2 else None)
            dealt = sides[1 - cheater].rounds[0].start if error is None else None
            if error is None:  # it was dealt no camel: nothing to hide
                assert dealt is not None and dealt.herds[cheater] == 0
                continue
            assert number == 1 and error.code in ("cheat-herd", "illegal-move", "inconsistent"), error.code
            found.add(error.code)
    assert "cheat-herd" in found and found - {"cheat-herd"}  # at the end, and sooner when a move gives it away
