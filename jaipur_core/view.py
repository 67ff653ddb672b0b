"""`jaipur-view/1`: all that one seat may know, and nothing more.

A PlayerView is built by copying only public facts and the seat's own cards
out of a GameState: it has no field that could hold the deck order, the other
hand or hidden bonus values. It is what the AI receives. `sample_state` turns a
view back into a full state by dealing the unseen cards at random — the
determinization a search AI plays on.
"""

from __future__ import annotations

import random

from .cards import (
    BONUS_SIZES,
    BONUS_TOKENS,
    CAMEL,
    CARD_COUNTS,
    CARD_NAMES,
    CARDS,
    EMPTY_PILES_TO_END,
    GOODS,
    GOODS_TOKENS,
    HAND_LIMIT,
    MARKET_SIZE,
    TOTAL_CARDS,
    count_words,
)
from .limits import MAX_ROUNDS, echo
from .position import (
    BONUS_SIZE_OF_VALUE,
    FieldReader,
    add_known_to_json,
    camel_token_place,
    check_conservation,
    check_phase,
    counts_from_cards,
    counts_to_names,
    goods_won_to_json,
    read_goods_piles,
    read_goods_won,
    read_known,
    read_round_result,
    reject,
)
from .rules import legal_actions_for
from .state import PHASES, PLAY, GameState, RoundResult, in_seat_order

VIEW_FORMAT = "jaipur-view/1"


class PlayerView:
    """What seat `seat` knows. Treat as immutable."""

    __slots__ = ("seat", "phase", "round", "seals", "round_starter", "to_move", "market",
                 "deck_size", "discard", "tokens_taken", "bonus_sizes", "camel_token",
                 "hand", "herds", "goods_won", "own_bonus", "opponent_hand_size",
                 "opponent_bonus_count", "opponent_bonus", "round_result", "winner", "known")

    seat: int
    phase: str
    round: int
    seals: tuple[int, int]
    round_starter: int
    to_move: int
    market: tuple[int, ...]
    deck_size: int
    discard: tuple[int, ...]
    tokens_taken: tuple[int, ...]
    bonus_sizes: tuple[int, int, int]
    camel_token: int | None
    hand: tuple[int, ...]                 # the seat's own goods counts
    herds: tuple[int, int]
    goods_won: tuple                      # both players' goods tokens (public)
    own_bonus: tuple[int, ...]            # the seat's bonus token values
    opponent_hand_size: int
    opponent_bonus_count: int
    opponent_bonus: tuple[int, ...] | None  # values, only once the round is scored
    round_result: RoundResult | None
    winner: int | None
    known: tuple[tuple[int, ...], tuple[int, ...]]  # per seat: goods publicly known in its hand

    def __init__(self, *, seat: int, phase: str, round: int, seals, round_starter: int, to_move: int, market,
                 deck_size: int, discard, tokens_taken, bonus_sizes, camel_token, hand, herds, goods_won,
                 own_bonus, opponent_hand_size: int, opponent_bonus_count: int, opponent_bonus, round_result,
                 winner, known) -> None:
        """The one way to make a view: every field named, none forgotten (keyword-only, no defaults)."""
        self.seat = seat
        self.phase = phase
        self.round = round
        self.seals = seals
        self.round_starter = round_starter
        self.to_move = to_move
        self.market = market
        self.deck_size = deck_size
        self.discard = discard
        self.tokens_taken = tokens_taken
        self.bonus_sizes = bonus_sizes
        self.camel_token = camel_token
        self.hand = hand
        self.herds = herds
        self.goods_won = goods_won
        self.own_bonus = own_bonus
        self.opponent_hand_size = opponent_hand_size
        self.opponent_bonus_count = opponent_bonus_count
        self.opponent_bonus = opponent_bonus
        self.round_result = round_result
        self.winner = winner
        self.known = known

    @property
    def opponent(self) -> int:
        return 1 - self.seat

    @property
    def opponent_known(self) -> tuple[int, ...]:
        """Goods counts publicly known to be in the other hand (taken from the market)."""
        return self.known[1 - self.seat]

    def hand_size(self, player: int) -> int:
        return sum(self.hand) if player == self.seat else self.opponent_hand_size

    def bonus_count(self, player: int) -> int:
        return len(self.own_bonus) if player == self.seat else self.opponent_bonus_count

    def goods_pile(self, good: int) -> tuple[int, ...]:
        return GOODS_TOKENS[good][self.tokens_taken[good]:]

    def empty_piles(self) -> int:
        return sum(taken == len(GOODS_TOKENS[good]) for good, taken in enumerate(self.tokens_taken))

    def round_end_cause(self) -> str | None:
        """Why a scored round ended: "piles" (three goods token piles empty) or "deck".

        The engine does not record it, but the public table shows it: a sale ends the
        round only when it empties the third pile, and a take only when the deck
        could not refill the market, which leaves it short of 5 cards. A round still
        in play (or a position that shows neither) has no cause: None.
        """
        if self.round_result is None:
            return None
        if self.empty_piles() >= EMPTY_PILES_TO_END:
            return "piles"
        if sum(self.market) < MARKET_SIZE and self.deck_size == 0:
            return "deck"
        return None

    def legal_actions(self):
        """The seat's legal actions when it is to move (else none)."""
        if self.phase != PLAY or self.to_move != self.seat:
            return ()
        return legal_actions_for(self.market, self.hand, self.herds[self.seat])

    def unseen_cards(self) -> tuple[int, ...]:
        """Counts per card of what the seat cannot see: the other hand and the deck."""
        seen = [self.market[card] + self.discard.count(card) for card in CARDS]
        for good in GOODS:
            seen[good] += self.hand[good]
        seen[CAMEL] += sum(self.herds)
        return tuple(CARD_COUNTS[card] - seen[card] for card in CARDS)

    def unseen_bonus(self) -> dict[int, list[int]]:
        """Per bonus pile: the values the seat has not seen (pile + opponent's tokens)."""
        unseen = {size: list(BONUS_TOKENS[size]) for size in BONUS_SIZES}
        for value in self.own_bonus:
            unseen[BONUS_SIZE_OF_VALUE[value]].remove(value)
        if self.opponent_bonus is not None:
            for value in self.opponent_bonus:
                unseen[BONUS_SIZE_OF_VALUE[value]].remove(value)
        return unseen

    def to_json(self) -> dict:
        me, other = self.seat, 1 - self.seat
        mine: dict[str, object] = {"hand": counts_to_names(self.hand), "herd": self.herds[me],
                                   "goods_tokens": goods_won_to_json(self.goods_won[me]),
                                   "bonus_tokens": list(self.own_bonus),
                                   "camel_token": self.camel_token == me}
        theirs: dict[str, object] = {"hand_size": self.opponent_hand_size, "herd": self.herds[other],
                                     "goods_tokens": goods_won_to_json(self.goods_won[other]),
                                     "camel_token": self.camel_token == other}
        if self.opponent_bonus is None:
            theirs["bonus_count"] = self.opponent_bonus_count
        else:
            theirs["bonus_tokens"] = list(self.opponent_bonus)
        players = list(in_seat_order(me, mine, theirs))
        add_known_to_json(players, self.known)
        return {
            "format": VIEW_FORMAT, "seat": me, "phase": self.phase, "round": self.round,
            "seals": list(self.seals), "round_starter": self.round_starter,
            "to_move": self.to_move, "market": counts_to_names(self.market),
            "deck_size": self.deck_size,
            "discard": [CARD_NAMES[card] for card in self.discard],
            "goods_tokens": {CARD_NAMES[good]: list(self.goods_pile(good)) for good in GOODS},
            "bonus_sizes": {str(size): count for size, count in zip(BONUS_SIZES, self.bonus_sizes, strict=True)},
            "camel_token": self.camel_token is None,
            "players": players,
            "round_result": self.round_result.to_json() if self.round_result else None,
            "winner": self.winner,
        }

    def __eq__(self, other) -> bool:
        if not isinstance(other, PlayerView):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    __hash__ = None  # type: ignore[assignment]  # views are compared, not used as keys


def view_of(state: GameState, seat: int) -> PlayerView:
    """The view of `state` from `seat`: public facts and the seat's own cards only."""
    if seat not in (0, 1):
        raise ValueError(f"seat must be 0 or 1, not {seat!r}")
    other = 1 - seat
    scored = state.round_result is not None
    return PlayerView(
        seat=seat, phase=state.phase, round=state.round, seals=state.seals, round_starter=state.round_starter,
        to_move=state.to_move, market=state.market, deck_size=len(state.deck), discard=state.discard,
        tokens_taken=state.tokens_taken, bonus_sizes=tuple(len(pile) for pile in state.bonus_piles),
        camel_token=state.camel_token, hand=state.hands[seat], herds=state.herds, goods_won=state.goods_won,
        own_bonus=state.bonus_won[seat], opponent_hand_size=sum(state.hands[other]),
        opponent_bonus_count=len(state.bonus_won[other]),
        opponent_bonus=state.bonus_won[other] if scored else None, round_result=state.round_result,
        winner=state.winner, known=state.known)


def sample_state(view: PlayerView, rng: random.Random, use_known: bool = True) -> GameState:
    """A full state consistent with `view`, its hidden parts dealt at random from `rng`.

    The other hand holds its publicly known cards (`view.opponent_known`; with
    `use_known=False` they are ignored, as the 2026 AI did), the rest of it drawn
    from the other unseen goods (a hand never holds camels),
    the rest of the unseen cards are shuffled into the deck, and each bonus
    pile's unseen values are split at random between the pile and the tokens
    the opponent has won from it.
    """
    unseen = view.unseen_cards()
    known = view.known[1 - view.seat] if use_known else (0,) * len(GOODS)
    unseen_goods = [good for good in GOODS for _ in range(unseen[good] - known[good])]
    other_hand = [good for good in GOODS for _ in range(known[good])]
    other_hand += rng.sample(unseen_goods, view.opponent_hand_size - len(other_hand))
    deck_counts = list(unseen)
    for good in other_hand:
        deck_counts[good] -= 1
    deck = [card for card in CARDS for _ in range(deck_counts[card])]
    rng.shuffle(deck)

    bonus_piles, opponent_bonus = [], []
    unseen_bonus = view.unseen_bonus()
    for index, size in enumerate(BONUS_SIZES):
        values = unseen_bonus[size]
        rng.shuffle(values)
        in_pile = view.bonus_sizes[index]
        bonus_piles.append(tuple(values[:in_pile]))
        if view.opponent_bonus is None:
            opponent_bonus.extend(values[in_pile:])
    if view.opponent_bonus is None:
        rng.shuffle(opponent_bonus)
    else:  # scored: the values and their order are public; keep them as they are
        opponent_bonus = list(view.opponent_bonus)

    me = view.seat
    hands = in_seat_order(me, view.hand, counts_from_cards(other_hand, len(GOODS)))
    bonus_won = in_seat_order(me, view.own_bonus, tuple(opponent_bonus))
    return GameState(
        phase=view.phase, round=view.round, seals=view.seals, round_starter=view.round_starter,
        to_move=view.to_move, market=view.market, deck=tuple(deck), discard=view.discard,
        tokens_taken=view.tokens_taken, bonus_piles=tuple(bonus_piles), camel_token=view.camel_token,
        hands=hands, herds=view.herds, goods_won=view.goods_won, bonus_won=bonus_won,
        round_result=view.round_result, winner=view.winner, known=view.known)


def view_from_json(data) -> PlayerView:
    """A PlayerView from a `jaipur-view/1` object; InvalidPositionError names the field."""
    reader = FieldReader(data, "position")
    if reader.field("format", str) != VIEW_FORMAT:
        reject("format", f"expected '{VIEW_FORMAT}', got {echo(data.get('format'))}")
    seat = reader.choice("seat", (0, 1))
    other = 1 - seat
    phase = reader.choice("phase", PHASES)
    round_number = reader.integer("round", low=1, high=MAX_ROUNDS)
    seals = tuple(reader.integer_list("seals", 2, low=0, high=2))
    round_starter = reader.choice("round_starter", (0, 1))
    to_move = reader.choice("to_move", (0, 1))
    market = counts_from_cards(reader.cards("market", allow_camels=True), len(CARDS))
    # every card but the market's may be in the deck: a dealt round starts with 40, but a valid
    # position (a #position= link, a puzzle) may hold fewer cards in hand, and its view is read here
    deck_size = reader.integer("deck_size", low=0, high=TOTAL_CARDS - MARKET_SIZE)
    discard = tuple(reader.cards("discard", allow_camels=False))
    tokens_taken = read_goods_piles(reader)
    sizes = reader.field("bonus_sizes", dict)
    bonus_sizes = []
    for size in BONUS_SIZES:
        if str(size) not in sizes:
            reject(f"bonus_sizes.{size}", "missing")
        bonus_sizes.append(reader.integer(str(size), 0, len(BONUS_TOKENS[size]),
                                          value=sizes[str(size)], path=f"bonus_sizes.{size}"))
    on_table = reader.field("camel_token", bool)
    players = reader.field("players", list)
    if len(players) != 2:
        reject("players", f"expected 2 players, got {len(players)}")
    mine, theirs = FieldReader(players[seat], f"players[{seat}]"), FieldReader(players[other], f"players[{other}]")
    cards = mine.cards("hand", allow_camels=False)
    if len(cards) > HAND_LIMIT:
        reject(f"players[{seat}].hand", f"{len(cards)} cards, the limit is {HAND_LIMIT}")
    hand = counts_from_cards(cards, len(GOODS))
    opponent_hand_size = theirs.integer("hand_size", low=0, high=HAND_LIMIT)
    camels = CARD_COUNTS[CAMEL]
    herds = in_seat_order(seat, mine.integer("herd", 0, camels), theirs.integer("herd", 0, camels))
    goods_won = in_seat_order(seat, read_goods_won(mine, seat), read_goods_won(theirs, other))
    own_bonus = tuple(mine.integer_list("bonus_tokens", None, low=1, high=10))
    if "bonus_tokens" in theirs.data:
        opponent_bonus = tuple(theirs.integer_list("bonus_tokens", None, low=1, high=10))
        opponent_bonus_count = len(opponent_bonus)
    else:
        opponent_bonus = None
        opponent_bonus_count = theirs.integer("bonus_count", low=0, high=18)
    held = in_seat_order(seat, mine.field("camel_token", bool), theirs.field("camel_token", bool))
    camel_token = camel_token_place(on_table, list(held))
    round_result = read_round_result(reader)
    winner = reader.choice("winner", (0, 1, None))
    known = in_seat_order(seat, read_known(mine, seat, hand, sum(hand)),
                          read_known(theirs, other, None, opponent_hand_size))
    view = PlayerView(
        seat=seat, phase=phase, round=round_number, seals=seals, round_starter=round_starter, to_move=to_move,
        market=market, deck_size=deck_size, discard=discard, tokens_taken=tokens_taken,
        bonus_sizes=tuple(bonus_sizes), camel_token=camel_token, hand=hand, herds=herds,
        goods_won=goods_won, own_bonus=own_bonus, opponent_hand_size=opponent_hand_size,
        opponent_bonus_count=opponent_bonus_count, opponent_bonus=opponent_bonus, round_result=round_result,
        winner=winner, known=known)
    _check_view(view)
    _check_public_facts(view)
    return view


def _check_public_facts(view: PlayerView) -> None:
    """The checks a position gets that the view's public facts must pass too.

    Goods tokens held versus the piles, the phase, round_result, seals and winner
    are all public. Any full state consistent with the view passes or fails them
    alike, so they are run on one sampled state (its hidden parts are consistent
    by construction once _check_view has passed).
    """
    state = sample_state(view, random.Random(0))
    check_conservation(state)
    check_phase(state, sum(view.market))


def _check_view(view: PlayerView) -> None:
    unseen = view.unseen_cards()
    for card in CARDS:
        if unseen[card] < 0:
            reject("cards", f"more {CARD_NAMES[card]} cards in sight than exist")
    if sum(unseen) != view.deck_size + view.opponent_hand_size:
        reject("deck_size", f"{view.deck_size} cards in the deck and {view.opponent_hand_size} in the "
                           f"other hand, but {sum(unseen)} cards are unseen")
    if sum(unseen[good] for good in GOODS) < view.opponent_hand_size:
        reject("players.hand_size", "more cards in the other hand than unseen goods")
    for good in GOODS:
        if view.opponent_known[good] > unseen[good]:
            reject(f"players[{view.opponent}].known",
                  f"{count_words(good, view.opponent_known[good])}, but only {unseen[good]} are unseen")
    for value in view.own_bonus + (view.opponent_bonus or ()):
        if value not in BONUS_SIZE_OF_VALUE:
            reject(f"players[{view.seat}].bonus_tokens", f"{value} is not a bonus token value")
    try:
        unseen_bonus = view.unseen_bonus()
    except ValueError:
        reject("bonus_tokens", "more bonus tokens of a value than exist")
    for index, size in enumerate(BONUS_SIZES):
        if view.bonus_sizes[index] > len(unseen_bonus[size]):
            reject(f"bonus_sizes.{size}", "larger than the tokens not yet seen")
    if view.opponent_bonus is None:
        hidden = sum(len(unseen_bonus[size]) - view.bonus_sizes[index]
                     for index, size in enumerate(BONUS_SIZES))
        if hidden != view.opponent_bonus_count:
            reject(f"players[{view.opponent}].bonus_count",
                  f"{view.opponent_bonus_count}, but {hidden} bonus tokens are neither in the piles nor yours")
