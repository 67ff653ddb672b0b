"""The complete state of a game, and dealing a round.

A GameState is a value: the engine never mutates a state it has handed out
(`rules.apply` returns a new one that shares unchanged tuples with the old).
Hands and the market are count tuples indexed by card; the deck, discard and
bonus piles are tuples with the top first. The state holds no RNG: chance
enters only through the `random.Random` passed to `new_game`/`next_round`, so
a game replays exactly from its dealt positions and actions. `known` is the
public record of what each hand was seen to take (docs/formats.md `known`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TypeVar

from .cards import (
    BONUS_SIZES,
    BONUS_TOKENS,
    CAMEL,
    CARD_COUNTS,
    CARDS,
    DEAL_SIZE,
    GOODS,
    GOODS_TOKENS,
    MARKET_SIZE,
    MARKET_START_CAMELS,
)
from .errors import JaipurError

PLAY, ROUND_OVER, GAME_OVER = "play", "round_over", "game_over"
PHASES = (PLAY, ROUND_OVER, GAME_OVER)

_NO_GOODS_TOKENS = ((),) * len(GOODS)
#: No card of either hand is public knowledge (a fresh deal, or a position without history).
NOTHING_KNOWN = ((0,) * len(GOODS), (0,) * len(GOODS))


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round was scored (docs/formats.md `round_result`)."""

    scores: tuple[int, int]
    camel_token: int | None
    bonus_counts: tuple[int, int]
    goods_counts: tuple[int, int]
    seal: int | None

    def to_json(self) -> dict:
        return {"scores": list(self.scores), "camel_token": self.camel_token,
                "bonus_counts": list(self.bonus_counts),
                "goods_counts": list(self.goods_counts), "seal": self.seal}


class GameState:
    """Everything needed to go on playing deterministically, hidden cards included."""

    __slots__ = ("phase", "round", "seals", "round_starter", "to_move",
                 "market", "deck", "discard", "tokens_taken", "bonus_piles",
                 "camel_token", "hands", "herds", "goods_won", "bonus_won",
                 "round_result", "winner", "known")

    phase: str
    round: int
    seals: tuple[int, int]
    round_starter: int
    to_move: int
    market: tuple[int, ...]            # 7 counts, camel last
    deck: tuple[int, ...]              # cards, top first
    discard: tuple[int, ...]           # cards, top (latest) first
    tokens_taken: tuple[int, ...]      # per good: tokens gone from its pile
    bonus_piles: tuple[tuple[int, ...], ...]  # piles for 3, 4, 5+ cards; top first
    camel_token: int | None            # holder; None while on the table
    hands: tuple[tuple[int, ...], tuple[int, ...]]   # per player: 6 goods counts
    herds: tuple[int, int]
    goods_won: tuple[tuple[tuple[int, ...], ...], ...]  # per player, per good: values
    bonus_won: tuple[tuple[int, ...], tuple[int, ...]]  # per player: values, in order won
    round_result: RoundResult | None
    winner: int | None
    # Per player: 6 goods counts publicly known to be in the hand (taken from the
    # market, not since given in a trade or sold); always a sub-multiset of hands[p].
    known: tuple[tuple[int, ...], tuple[int, ...]]

    def __init__(self, *, phase: str, round: int, seals, round_starter: int, to_move: int, market, deck,
                 discard, tokens_taken, bonus_piles, camel_token, hands, herds, goods_won, bonus_won,
                 round_result, winner, known) -> None:
        """The one way to make a state: every field named, none forgotten (keyword-only, no defaults)."""
        self.phase = phase
        self.round = round
        self.seals = seals
        self.round_starter = round_starter
        self.to_move = to_move
        self.market = market
        self.deck = deck
        self.discard = discard
        self.tokens_taken = tokens_taken
        self.bonus_piles = bonus_piles
        self.camel_token = camel_token
        self.hands = hands
        self.herds = herds
        self.goods_won = goods_won
        self.bonus_won = bonus_won
        self.round_result = round_result
        self.winner = winner
        self.known = known

    def copy(self) -> "GameState":
        """A clone for `rules.apply` to change (the engine's hot path: slot by slot, no keyword parsing)."""
        new = object.__new__(GameState)
        new.phase = self.phase
        new.round = self.round
        new.seals = self.seals
        new.round_starter = self.round_starter
        new.to_move = self.to_move
        new.market = self.market
        new.deck = self.deck
        new.discard = self.discard
        new.tokens_taken = self.tokens_taken
        new.bonus_piles = self.bonus_piles
        new.camel_token = self.camel_token
        new.hands = self.hands
        new.herds = self.herds
        new.goods_won = self.goods_won
        new.bonus_won = self.bonus_won
        new.round_result = self.round_result
        new.winner = self.winner
        new.known = self.known
        return new

    def __eq__(self, other) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    __hash__ = None  # type: ignore[assignment]  # states are compared, not used as keys

    def __repr__(self) -> str:
        return (f"<GameState round {self.round} {self.phase} to_move={self.to_move} "
                f"market={self.market} deck={len(self.deck)}>")

    # Derived facts, cheap enough to compute on demand.
    def hand_size(self, player: int) -> int:
        return sum(self.hands[player])

    def goods_pile(self, good: int) -> tuple[int, ...]:
        """The goods tokens still on the table for `good`, top first."""
        return GOODS_TOKENS[good][self.tokens_taken[good]:]

    def empty_piles(self) -> int:
        return sum(taken == len(GOODS_TOKENS[good])
                   for good, taken in enumerate(self.tokens_taken))

    def goods_score(self, player: int) -> int:
        return sum(sum(values) for values in self.goods_won[player])

    def goods_count(self, player: int) -> int:
        return sum(len(values) for values in self.goods_won[player])


Value = TypeVar("Value")


def in_seat_order(seat: int, mine: Value, theirs: Value) -> tuple[Value, Value]:
    """(seat 0's, seat 1's) from what belongs to `seat` and to the other seat."""
    return (mine, theirs) if seat == 0 else (theirs, mine)


def deal_round(rng: random.Random, round_number: int, seals: tuple[int, int],
               starter: int) -> GameState:
    """Set up a round (RULES.md "Setup of a round") with cards from `rng`: the 52 cards
    shuffled, each bonus pile shuffled, then dealt by `deal_cards`."""
    if starter not in (0, 1):
        raise JaipurError(f"the starting player must be 0 or 1, not {starter!r}")
    cards = [card for card in CARDS for _ in range(CARD_COUNTS[card])]
    for _ in range(MARKET_START_CAMELS):
        cards.remove(CAMEL)
    rng.shuffle(cards)
    bonus_piles = []
    for size in BONUS_SIZES:
        pile = list(BONUS_TOKENS[size])
        rng.shuffle(pile)
        bonus_piles.append(tuple(pile))
    return deal_cards(cards, tuple(bonus_piles), round_number, seals, starter)


def deal_cards(cards, bonus_piles: tuple[tuple[int, ...], ...], round_number: int, seals: tuple[int, int],
               starter: int) -> GameState:
    """The round dealt from the 52 shuffled cards in `cards` (every card but the market's 3
    camels) and the bonus piles, top first: 5 to the starter, 5 to the other player, 2 to the
    market beside the 3 camels, and the remaining 40 form the deck, top first. The one place a
    deal is laid out: `deal_round` and a game at a distance (jaipur_core.remote) deal through it.
    """
    dealt = {starter: cards[:DEAL_SIZE], 1 - starter: cards[DEAL_SIZE:2 * DEAL_SIZE]}
    market_draw = cards[2 * DEAL_SIZE:2 * DEAL_SIZE + MARKET_SIZE - MARKET_START_CAMELS]
    market = [0] * len(CARDS)
    market[CAMEL] = MARKET_START_CAMELS
    for card in market_draw:
        market[card] += 1
    return GameState(
        phase=PLAY, round=round_number, seals=tuple(seals), round_starter=starter, to_move=starter,
        market=tuple(market), deck=tuple(cards[2 * DEAL_SIZE + len(market_draw):]), discard=(),
        tokens_taken=(0,) * len(GOODS), bonus_piles=tuple(bonus_piles), camel_token=None,
        hands=tuple(tuple(dealt[p].count(good) for good in GOODS) for p in (0, 1)),
        herds=tuple(dealt[p].count(CAMEL) for p in (0, 1)),
        goods_won=(_NO_GOODS_TOKENS, _NO_GOODS_TOKENS), bonus_won=((), ()), round_result=None, winner=None,
        known=NOTHING_KNOWN)


def new_game(rng: random.Random, first: int | None = None) -> GameState:
    """The first round of a new game; `first` None lets `rng` choose who starts."""
    if first is None:
        first = rng.randrange(2)
    return deal_round(rng, 1, (0, 0), first)


def next_starter(state: GameState) -> int:
    """Who starts the round after `state`'s: its loser, or after a draw the other player."""
    result = state.round_result
    if result is None:
        raise JaipurError("the round has not been scored yet")
    if result.seal is None:
        return 1 - state.round_starter
    return 1 - result.seal


def next_round(state: GameState, rng: random.Random) -> GameState:
    """Deal the round after a scored one (phase `round_over`)."""
    if state.phase != ROUND_OVER:
        raise JaipurError(f"the next round is dealt only from phase round_over, not {state.phase}")
    return deal_round(rng, state.round + 1, state.seals, next_starter(state))
