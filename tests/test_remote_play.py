"""Games at a distance played whole between two RemoteGames, no browser: the property tests.

90 whole games (about 215 rounds, 30 for each choice of who starts) of random legal moves with the
toy group of tests/remote_doubles.py, in about 20 s (the real libsodium group plays whole games in
test_remote_sodium.py). After every message both sides have
read, each side's view is the engine's view of the position the two jointly hold (the position
before its own move while that move waits for its friend's keys); the finished game's record
replays as an ordinary `jaipur-game/1` record; a save restores to the same game.
"""

from __future__ import annotations

import json
import random

import pytest

from jaipur_core import Game, record_from_json
from jaipur_core.record import play_through
from jaipur_core.remote import RemoteError, RemoteGame
from jaipur_core.remote.deck import BONUS_PILE_START, BONUS_VALUE_OF, CARD_OF, CARD_SLOTS, Decks, check_decks
from jaipur_core.remote.round import keys_of, points_of
from jaipur_core.state import deal_cards
from jaipur_core.view import view_of
from tests.remote_doubles import TOY, play_game

GAMES = 90


class Referee:
    """The position the two sides jointly hold, computed with both sides' secrets (which no side has)."""

    def __init__(self) -> None:
        self.dealt: dict = {}
        self.checked = 0

    def positions(self, a: RemoteGame, b: RemoteGame):
        play_a, play_b = a.current, b.current
        assert play_a is not None and play_b is not None and play_a.number == play_b.number
        key = (a.game_id, play_a.number)
        if key not in self.dealt:
            keys = (keys_of(TOY, (play_a if play_a.seat == 0 else play_b).seed),
                    keys_of(TOY, (play_b if play_b.seat == 1 else play_a).seed))
            x = play_a.shuffler
            points, _ = points_of(TOY, a.game_id, play_a.number)
            cards = check_decks(TOY, points, Decks(*play_a.decks), keys[x], keys[1 - x])
            piles = tuple(tuple(BONUS_VALUE_OF[cards[slot] - CARD_SLOTS] for slot in range(start, end))
                          for start, end in zip(BONUS_PILE_START, BONUS_PILE_START[1:] + (70,), strict=False))
            self.dealt[key] = [deal_cards([CARD_OF[i] for i in cards[:CARD_SLOTS]], piles, play_a.number,
                                          play_a.seals, play_a.starter)]
        positions = self.dealt[key]
        actions = max(play_a.actions, play_b.actions, key=len)
        if len(positions) < len(actions) + 1:
            positions += play_through(positions[-1], actions[len(positions) - 1:])[1:]
        return positions

    def check(self, sides, _message) -> None:
        a, b = sides
        for side in sides:
            play = side.current
            if play is None or play.view is None:  # no deal known whole yet: the last round's end, or nothing
                expected = view_of(side.rounds[-1].end, side.seat) if side.rounds else None
                assert side.view() == expected
                continue
            both = (a.current, b.current)
            if any(each is None or len(each.decks) != 3 or each.number != play.number for each in both):
                continue
            positions = self.positions(a, b)
            at = len(play.actions) - (1 if play.pending is not None else 0)
            assert side.view() == view_of(positions[at], side.seat), (side.seat, at)
            self.checked += 1


@pytest.mark.parametrize("first", ["random", "inviter", "joiner"])
def test_random_games_keep_each_view_the_engines_and_replay_as_a_record(first):
    referee = Referee()
    starters = set()
    for seed in range(GAMES // 3):
        a, b, messages = play_game(TOY, seed * 3 + ("random", "inviter", "joiner").index(first), first,
                                   on_step=referee.check)
        assert a.over and b.over and a.next_step == b.next_step == "over"
        record = a.record()
        assert record == b.record()
        game = Game.from_record(record)
        assert game.state.phase == "game_over" and game.state == a.rounds[-1].end
        assert record_from_json(json.loads(json.dumps(record.to_json()))) == record  # an ordinary record
        starters.add(record.rounds[0].start.round_starter)
        assert len(a.history) == len(messages) and a.history == b.history
    assert referee.checked > 1000
    assert starters == ({0, 1} if first == "random" else {0} if first == "inviter" else {1})


def test_a_save_restores_the_same_game_and_holds_only_its_sides_secrets():
    rng = random.Random(5)
    restored = 0

    def save_and_restore(sides, _message):
        nonlocal restored
        if rng.random() < 0.08:
            for seat, side in enumerate(sides):
                text = side.to_json()
                data = json.loads(text)
                assert set(data) == {"format", "group", "seat", "nonce", "seeds", "messages"}
                assert data["seeds"] == [seed.hex() for seed in side.seeds]
                other = sides[1 - seat]
                assert not set(data["seeds"]) & {seed.hex() for seed in other.seeds}
                again = RemoteGame.from_json(TOY, text)
                assert again.view() == side.view() and again.next_step == side.next_step
                assert again.history == side.history and again.rounds == side.rounds
                assert again.pending_action == side.pending_action
                sides[seat] = again
                restored += 1

    for seed in range(3):
        a, b, _ = play_game(TOY, 1000 + seed, on_step=save_and_restore)
        assert a.over and b.over and a.record() == b.record()
        Game.from_record(a.record())
    assert restored > 20


def test_a_move_the_rules_refuse_or_out_of_turn_is_refused_before_anything_is_sent():
    a, invitation = RemoteGame.start(TOY, random.Random(1), "Ada", "inviter")
    b, answer = RemoteGame.join(TOY, random.Random(2), "Ben", invitation)
    a = a.receive(answer)
    for refusal, call in (("not-your-turn", lambda: a.play("camels")), ("not-your-turn", lambda: b.play("camels")),
                          ("no-step", lambda: b.advance(random.Random(3)))):
        with pytest.raises(RemoteError) as caught:
            call()
        assert caught.value.code == refusal
    a, message = a.advance(random.Random(3))
    b = b.receive(message)
    b, message = b.advance(random.Random(4))
    a = a.receive(message)
    assert a.next_step == "move" and b.next_step == "wait" and b.legal_actions() == ()
    for action, code in (("sell camel 2", "illegal-move"), ("trade gold for silver", "illegal-move"),
                         ("take", "bad-action")):
        with pytest.raises(RemoteError) as caught:
            a.play(action)
        assert caught.value.code == code, caught.value.words
    with pytest.raises(RemoteError) as caught:
        b.play(a.legal_actions()[0])
    assert caught.value.code == "not-your-turn"
