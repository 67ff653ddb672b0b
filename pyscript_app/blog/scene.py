"""What a diagram shows: the table as one seat sees it (or open), and the cards a move marks.

Pure (no browser). Hidden information by construction: for a seat, the scene is
made from `jaipur_core.view_of(state, seat)`, so the other hand's cards, the
deck's order and face-down bonus values are never in it; only `open` (both hands
face up, for teaching) reads the whole position. The bonus piles' values are in
no scene: they lie face down for both players.
"""

from __future__ import annotations

from dataclasses import dataclass

from jaipur_core import CAMEL, GOODS, Action, GameState, PlayerView, Sell, TakeCamels, TakeGood, Trade, view_of
from jaipur_core.state import RoundResult

NO_CARDS = (0,) * 7


@dataclass(frozen=True)
class Seat:
    """One player as the scene shows them. `hand` (goods counts) is None when face down."""

    name: str
    hand: tuple[int, ...] | None
    hand_size: int
    herd: int
    goods_won: tuple[tuple[int, ...], ...]   # per good, the tokens' values
    bonus: tuple[int, ...] | None            # values when seen, else None
    bonus_count: int
    camel_token: bool
    seals: int

    @property
    def goods_score(self) -> int:
        return sum(map(sum, self.goods_won))


@dataclass(frozen=True)
class Marks:
    """The cards a move takes and gives: market cards taken (7 counts), goods leaving the mover's
    hand (6 counts: given or sold), camels leaving the herd; `sold` tells a sale from a trade."""

    mover: int = 0
    taken: tuple[int, ...] = NO_CARDS
    from_hand: tuple[int, ...] = NO_CARDS[:6]
    from_herd: int = 0
    sold: bool = False


@dataclass(frozen=True)
class Scene:
    phase: str
    round: int
    to_move: int
    winner: int | None
    market: tuple[int, ...]            # counts by card, camels last
    deck_size: int
    discard: tuple[int, ...]           # the cards, oldest first
    piles: tuple[tuple[int, ...], ...]  # per good, the tokens left, top first
    bonus_sizes: tuple[int, int, int]
    camel_token_on_table: bool
    seats: tuple[Seat, Seat]
    viewer: int | None                 # the seat whose view it is; None: open
    marks: Marks | None = None
    result: RoundResult | None = None  # a scored round's result (public once scored)
    cause: str | None = None           # why it ended: "piles" or "deck" (PlayerView.round_end_cause)

    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom: the viewer, or seat 0 when open."""
        return 0 if self.viewer is None else self.viewer


def scene_of(state: GameState, seat: int | None, names, move: Action | None = None) -> Scene:
    """The scene of `state` seen by `seat` (0 or 1; None: open), with `move`'s cards marked.
    The move must be legal in `state` (the caller checks it on the whole position)."""
    marks = _marks(move, state.to_move, state.market[CAMEL]) if move is not None else None
    if seat is None:
        return _open_scene(state, names, marks)
    return _seat_scene(view_of(state, seat), names, marks)


def _open_scene(state: GameState, names, marks) -> Scene:
    cause = view_of(state, 0).round_end_cause()  # public facts: either seat's view says the same
    seats = tuple(Seat(name=names[p], hand=state.hands[p], hand_size=state.hand_size(p), herd=state.herds[p],
                       goods_won=state.goods_won[p], bonus=state.bonus_won[p], bonus_count=len(state.bonus_won[p]),
                       camel_token=state.camel_token == p, seals=state.seals[p]) for p in (0, 1))
    return Scene(phase=state.phase, round=state.round, to_move=state.to_move, winner=state.winner,
                 market=state.market, deck_size=len(state.deck), discard=state.discard,
                 piles=tuple(state.goods_pile(good) for good in GOODS),
                 bonus_sizes=(len(state.bonus_piles[0]), len(state.bonus_piles[1]), len(state.bonus_piles[2])),
                 camel_token_on_table=state.camel_token is None, seats=(seats[0], seats[1]), viewer=None,
                 marks=marks, result=state.round_result, cause=cause)


def _seat_scene(view: PlayerView, names, marks) -> Scene:
    def seat(p: int) -> Seat:
        mine = p == view.seat
        bonus = view.own_bonus if mine else view.opponent_bonus
        return Seat(name=names[p], hand=view.hand if mine else None, hand_size=view.hand_size(p),
                    herd=view.herds[p], goods_won=view.goods_won[p], bonus=bonus,
                    bonus_count=view.bonus_count(p), camel_token=view.camel_token == p, seals=view.seals[p])

    return Scene(phase=view.phase, round=view.round, to_move=view.to_move, winner=view.winner,
                 market=view.market, deck_size=view.deck_size, discard=view.discard,
                 piles=tuple(view.goods_pile(good) for good in GOODS), bonus_sizes=view.bonus_sizes,
                 camel_token_on_table=view.camel_token is None, seats=(seat(0), seat(1)), viewer=view.seat,
                 marks=marks, result=view.round_result, cause=view.round_end_cause())


def _marks(move: Action, mover: int, market_camels: int) -> Marks:
    match move:
        case TakeGood(good=good):
            taken = tuple(int(card == good) for card in range(7))
            return Marks(mover=mover, taken=taken)
        case TakeCamels():
            return Marks(mover=mover, taken=NO_CARDS[:6] + (market_camels,))
        case Trade(taken=taken, given=given):
            return Marks(mover=mover, taken=taken, from_hand=given[:6], from_herd=given[CAMEL])
        case Sell(good=good, count=count):
            return Marks(mover=mover, from_hand=tuple(count if g == good else 0 for g in GOODS), sold=True)
    raise TypeError(move)
