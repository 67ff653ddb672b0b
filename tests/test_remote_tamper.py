"""Every field of every kind of message changed, and links damaged, repeated, skipped, reordered or
from another game: each refused with its code, the receiving game unchanged (and still able to read
the real message). A field that no one can check when it arrives (a name, a nonce, an encrypted
card replaced by another valid point) is caught by its sender at the next message: the receiver's
history no longer hashes to the sender's."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from jaipur_core.remote import RemoteError, RemoteGame
from jaipur_core.remote.deck import hand_slots
from jaipur_core.remote.messages import (
    Encrypt,
    Herd,
    Invite,
    Join,
    Message,
    Move,
    Relock,
    Reshuffle,
    Reveal,
    Starter,
    Unlock,
    decode,
    encode,
    to_code,
    to_link,
)
from tests.remote_doubles import TOY


def _deliveries(seed: int):
    """Every message of a whole game: (receiver before it, the message, its sender after it)."""
    found = []
    rng = random.Random(seed)
    a, invitation = RemoteGame.start(TOY, random.Random(seed + 1), "Ada")
    found.append((None, invitation, a))
    b, answer = RemoteGame.join(TOY, random.Random(seed + 2), "Ben", invitation)
    found.append((a, answer, b))
    sides = [a.receive(answer), b]
    rngs = [random.Random(seed + 3), random.Random(seed + 4)]
    while not sides[0].over:
        turn = sides[0].whose_turn
        assert turn is not None
        me = sides[turn]
        if me.next_step == "move":
            me, message = me.play(rng.choice(me.legal_actions()))
        else:
            me, message = me.advance(rngs[turn])
        found.append((sides[1 - turn], message, me))
        sides[turn] = me
        sides[1 - turn] = sides[1 - turn].receive(message)
    return found


DELIVERIES = _deliveries(11)
OTHER_GAME = _deliveries(12)


def refused(receiver: RemoteGame, message, code: str):
    """`receiver` refuses `message` with `code` and is left exactly as it was."""
    before = (receiver.to_json(), receiver.view(), receiver.next_step)
    with pytest.raises(RemoteError) as caught:
        receiver.receive(message)
    assert caught.value.code == code, (code, caught.value.code, caught.value.words)
    assert (receiver.to_json(), receiver.view(), receiver.next_step) == before
    assert str(caught.value) == caught.value.words and caught.value.words
    return caught.value


def kinds_of(message: bytes) -> tuple[type, ...]:
    return tuple(type(step) for step in decode(message).steps)


def with_step(message: bytes, index: int, **changes) -> bytes:
    """The message with one step's fields changed, its check made again (as a cheat would)."""
    decoded = decode(message)
    steps = list(decoded.steps)
    steps[index] = replace(steps[index], **changes)
    return encode(replace(decoded, steps=tuple(steps)))


def caught_next(receiver: RemoteGame, tampered: bytes, sender: RemoteGame) -> None:
    """The receiver cannot tell, but its next message is refused by the sender: history-differs."""
    fooled = receiver.receive(tampered)
    if fooled.next_step == "move":
        _, answer = fooled.play(fooled.legal_actions()[0])
    else:
        _, answer = fooled.advance(random.Random(0))
    refused(sender, answer, "history-differs")


def find(kind: type, start: int = 1):
    """The first delivery from `start` on whose message holds a step of `kind` (and the step's index)."""
    for number in range(start, len(DELIVERIES)):
        receiver, message, sender = DELIVERIES[number]
        kinds = kinds_of(message)
        if kind in kinds and receiver is not None:
            return number, receiver, message, sender, kinds.index(kind)
    raise LookupError(kind)


# ----------------------------------------------------------------------------- the links themselves
def test_every_byte_flipped_in_a_message_is_caught():
    for number in (1, 2, 3, 4, 5, 8, len(DELIVERIES) - 1):
        receiver, message, _ = DELIVERIES[number]
        for at in range(len(message)):
            flipped = bytearray(message)
            flipped[at] ^= 1 << (at % 8)
            refused(receiver, bytes(flipped), "link-version" if at == 0 else "link-changed")
        refused(receiver, message[:-1], "link-changed")
        refused(receiver, message[:10], "link-damaged")


def test_a_changed_cut_or_foreign_link_text_is_caught():
    receiver, message, _ = DELIVERIES[6]
    code = to_code(message)
    for at in range(3, len(code), 3):  # the first two characters after "v1." carry the version byte
        changed = code[:at] + ("A" if code[at] != "A" else "B") + code[at + 1:]
        refused(receiver, changed, "link-version" if at == 3 else "link-changed")
    with pytest.raises(RemoteError) as caught:  # cut short: damaged before its header ends, else its check fails
        receiver.receive(code[:len(code) // 2])
    assert caught.value.code in ("link-damaged", "link-changed")
    refused(receiver, "v2." + code[3:], "link-version")
    refused(receiver, "hello", "link-damaged")
    refused(receiver, "v1.!!!!", "link-damaged")
    link = to_link(message, "https://example.org/jaipur/")
    assert receiver.receive(link) == receiver.receive(message)  # a whole link reads as its code
    assert receiver.receive(" \n".join([link[:40], link[40:]])) == receiver.receive(message)  # a chat's line break


# ----------------------------------------------------------------------------- the message against the history
def test_repeated_skipped_reordered_own_and_other_game_messages_are_caught():
    for number in (2, 5, 9, 30):
        receiver, message, sender = DELIVERIES[number]
        after = receiver.receive(message)
        refused(after, message, "repeated")
        refused(sender, message, "own-message")
        refused(receiver, DELIVERIES[number + 2][1], "skipped")  # the one after next: one is missing
        refused(receiver, OTHER_GAME[number][1], "other-game")
        earlier = DELIVERIES[number - 2][1]
        refused(receiver, earlier, "repeated")


def test_every_header_field_changed_is_caught():
    receiver, message, _ = DELIVERIES[7]
    decoded = decode(message)
    refused(receiver, encode(replace(decoded, game_id=bytes(16))), "other-game")
    refused(receiver, encode(replace(decoded, seq=decoded.seq + 2)), "skipped")
    refused(receiver, encode(replace(decoded, seq=decoded.seq - 2)), "history-differs")
    refused(receiver, encode(replace(decoded, before=bytes(32))), "history-differs")
    refused(receiver, encode(replace(decoded, seq=decoded.seq + 1)), "unexpected")  # the receiver's own place


def test_steps_left_out_added_or_out_of_order_are_caught():
    for kind in (Move, Relock, Herd):
        _, receiver, message, _, _ = find(kind)
        decoded = decode(message)
        if len(decoded.steps) > 1:
            refused(receiver, encode(replace(decoded, steps=decoded.steps[:-1])), "unexpected")
            refused(receiver, encode(replace(decoded, steps=decoded.steps[::-1])), "unexpected")
        refused(receiver, encode(replace(decoded, steps=decoded.steps + (Reveal(bytes(32)),))), "unexpected")
    decoded = decode(DELIVERIES[5][1])
    refused(DELIVERIES[5][0], encode(Message(decoded.game_id, decoded.seq, decoded.before, ())), "unexpected")


# ----------------------------------------------------------------------------- each kind of step
def test_the_invitation_and_the_answer_are_caught_at_the_next_message():
    _, invitation, inviter = DELIVERIES[0]
    joined = lambda invite: RemoteGame.join(TOY, random.Random(2), "Ben", invite)[1]  # noqa: E731
    for changes in ({"name": "Eve"}, {"first": "joiner"}, {"commitment": bytes(32)}):
        refused(inviter, joined(with_step(invitation, 0, **changes)), "history-differs")
    invite_deck = decode(invitation).steps[1].deck
    swapped = (invite_deck[1], invite_deck[0]) + invite_deck[2:]
    refused(inviter, joined(with_step(invitation, 1, deck=swapped)), "history-differs")
    receiver, answer, joiner = DELIVERIES[1]
    caught_next(receiver, with_step(answer, 0, name="Eve"), joiner)
    caught_next(receiver, with_step(answer, 0, nonce=bytes(32)), joiner)


@pytest.mark.parametrize("kind", [Encrypt, Reshuffle, Relock])
def test_a_pass_with_a_card_that_is_no_card_or_twice_is_caught_at_once(kind):
    _, receiver, message, sender, index = find(kind, 2)
    deck = decode(message).steps[index].deck
    refused(receiver, with_step(message, index, deck=(bytes(32),) + deck[1:]), "bad-point")
    outside = next(value for value in range(2, 100) if not TOY.is_valid_point(value.to_bytes(32, "little")))
    refused(receiver, with_step(message, index, deck=(outside.to_bytes(32, "little"),) + deck[1:]), "bad-point")
    refused(receiver, with_step(message, index, deck=(b"\xff" * 32,) + deck[1:]), "bad-point")
    refused(receiver, with_step(message, index, deck=(deck[1],) + deck[1:]), "duplicate-card")
    swap = lambda deck, i, j: tuple(deck[j] if k == i else deck[i] if k == j else p for k, p in enumerate(deck))  # noqa: E731
    doubled = lambda deck, i: deck[:i] + (TOY.mult((2).to_bytes(32, "little"), deck[i]),) + deck[i + 1:]  # noqa: E731
    if kind is Relock:  # the deal's cards are unlocked in the same message: a changed dealt slot fails at once
        refused(receiver, with_step(message, index, deck=swap(deck, 0, 1)), "bad-unlock")
        refused(receiver, with_step(message, index, deck=doubled(deck, 11)), "bad-unlock")
    # a deck card reordered, or replaced by another valid point: only the history tells, at the next message
    if kind is not Encrypt:  # (the first pass is any order of the cards under one key: a reordering is a pass)
        caught_next(receiver, with_step(message, index, deck=swap(deck, 50, 51)), sender)
    caught_next(receiver, with_step(message, index, deck=doubled(deck, 50)), sender)


def test_a_starter_that_is_not_the_promised_one_is_caught():
    _, receiver, message, _, index = find(Starter)
    refused(receiver, with_step(message, index, nonce=bytes(32)), "starter-changed")


def test_unlocks_forged_altered_short_or_long_are_caught():
    checked = 0
    for number in range(2, len(DELIVERIES)):
        receiver, message, _ = DELIVERIES[number]
        kinds = kinds_of(message)
        if Unlock not in kinds or receiver is None:
            continue
        index = kinds.index(Unlock)
        keys = decode(message).steps[index].keys
        refused(receiver, with_step(message, index, keys=(b"\x07" + bytes(31),) + keys[1:]), "bad-unlock")
        refused(receiver, with_step(message, index, keys=keys[1:] + keys[:1]), "bad-unlock") if len(keys) > 1 else None
        refused(receiver, with_step(message, index, keys=keys[:-1]), "bad-unlock")
        refused(receiver, with_step(message, index, keys=keys + keys[:1]), "bad-unlock")
        refused(receiver, with_step(message, index, keys=(bytes(32),) + keys[1:]), "bad-unlock")
        checked += 1
        if checked > 12:
            break
    assert checked > 12


def test_a_herd_showing_a_card_that_is_no_camel_or_a_forged_key_is_caught():
    for start in (1, 4):
        number, receiver, message, sender, index = find(Herd, start)
        herd = decode(message).steps[index]
        if herd.mask:
            refused(receiver, with_step(message, index, keys=(b"\x09" + bytes(31),) + herd.keys[1:]), "bad-unlock")
        # the sender's true key of a dealt card that is not a camel, shown as a camel
        seat = decode(message).sender
        play = sender.current
        slot = sorted(play.hidden[seat])[0]
        dealt = hand_slots(seat, play.starter)
        mask = herd.mask | 1 << dealt.index(slot)
        ordered = [play.keys.lock(s) for k, s in enumerate(dealt) if mask >> k & 1]
        refused(receiver, with_step(message, index, mask=mask, keys=tuple(ordered)), "wrong-card")
        refused(receiver, with_step(message, index, mask=0xFF, keys=(ordered[0],) * 8), "unexpected")


def _moves():
    for number in range(2, len(DELIVERIES)):
        receiver, message, sender = DELIVERIES[number]
        kinds = kinds_of(message)
        if Move in kinds:
            yield receiver, message, sender, kinds.index(Move), decode(message).steps[kinds.index(Move)]


def test_a_move_altered_in_each_field_is_caught_at_once():
    seen = set()
    for receiver, message, _sender, index, move in _moves():
        play = receiver.current
        kind = move.action.split()[0]
        refused(receiver, with_step(message, index, action="fly away"), "bad-action")
        refused(receiver, with_step(message, index, action=move.action.upper()), "bad-action")
        refused(receiver, with_step(message, index, action="sell camel 2", shown=(), draws=()), "illegal-move")
        if move.draws:
            refused(receiver, with_step(message, index, draws=(b"\x0b" + bytes(31),) + move.draws[1:]), "bad-unlock")
            refused(receiver, with_step(message, index, draws=move.draws[1:]), "bad-unlock")
            refused(receiver, with_step(message, index, draws=move.draws + move.draws[:1]), "bad-unlock")
            seen.add("draws")
        if move.shown:
            (slot, key), rest = move.shown[0], move.shown[1:]
            refused(receiver, with_step(message, index, shown=((slot, b"\x0d" + bytes(31)),) + rest), "bad-unlock")
            refused(receiver, with_step(message, index, shown=rest), "wrong-card")
            refused(receiver, with_step(message, index, shown=((51, key),) + rest), "not-in-hand")
            refused(receiver, with_step(message, index, shown=move.shown + move.shown[:1]), "not-in-hand")
            seen.add("shown")
        if kind == "take" and play is not None and len(move.draws) == 1:
            other = [good for good in ("diamond", "gold", "silver", "cloth", "spice", "leather")
                     if f"take {good}" != move.action]
            wrong = next(f"take {good}" for good in other
                         if not receiver.view().market[("diamond", "gold", "silver", "cloth", "spice",
                                                        "leather").index(good)])
            refused(receiver, with_step(message, index, action=wrong), "illegal-move")
            seen.add("take")
        if len(seen) == 3:
            break
    assert seen == {"draws", "shown", "take"}


def test_a_seed_altered_at_the_rounds_end_is_caught():
    found = 0
    for number in range(2, len(DELIVERIES)):
        receiver, message, _ = DELIVERIES[number]
        kinds = kinds_of(message)
        if Reveal in kinds and receiver.current.record is None:
            index = kinds.index(Reveal)
            seed = decode(message).steps[index].seed
            refused(receiver, with_step(message, index, seed=bytes(32)), "cheat-shuffle")
            refused(receiver, with_step(message, index, seed=seed[::-1]), "cheat-shuffle")
            found += 1
    assert found >= 2


def test_every_kind_of_step_was_exercised():
    kinds = {kind for _, message, _ in DELIVERIES for kind in kinds_of(message)}
    assert kinds == {Invite, Join, Encrypt, Reshuffle, Relock, Starter, Unlock, Herd, Move, Reveal}
