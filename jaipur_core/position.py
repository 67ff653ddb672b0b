"""`jaipur-position/1`: a GameState to and from JSON, with full validation.

Every rejection is an InvalidPositionError whose message starts with the
field at fault (e.g. "players[1].hand: 8 cards, the limit is 7"). The reader
takes untrusted data: every number is range-checked and every list bounded
before it is used, and a bad value is quoted only in part (`limits.echo`).
The readers and checks are public: view.py reads `jaipur-view/1` with them.
"""

from __future__ import annotations

from typing import NoReturn

from .cards import (
    BONUS_SIZES,
    BONUS_TOKENS,
    CAMEL,
    CAMEL_TOKEN_VALUE,
    CARD_BY_NAME,
    CARD_COUNTS,
    CARD_NAMES,
    CARDS,
    EMPTY_PILES_TO_END,
    GOODS,
    GOODS_TOKENS,
    HAND_LIMIT,
    MARKET_SIZE,
    SEALS_TO_WIN,
    TOTAL_BONUS_TOKENS,
    TOTAL_CARDS,
    TOTAL_GOODS_TOKENS,
    count_words,
)
from .errors import InvalidPositionError
from .limits import MAX_ROUNDS, echo
from .scoring import camel_token_holder, score_round
from .state import PHASES, PLAY, GameState, RoundResult

POSITION_FORMAT = "jaipur-position/1"
#: Which bonus pile a bonus token's value comes from (the value ranges do not overlap).
BONUS_SIZE_OF_VALUE = {value: size for size, values in BONUS_TOKENS.items() for value in values}
#: No list in a position is longer: the cards of the game (tokens are fewer).
MAX_LIST_LENGTH = TOTAL_CARDS
#: No round scores more: every goods and bonus token and the camel token.
MAX_ROUND_SCORE = (sum(map(sum, GOODS_TOKENS)) + sum(map(sum, BONUS_TOKENS.values()))
                   + CAMEL_TOKEN_VALUE)


def position_to_json(state: GameState) -> dict:
    """The position object (docs/formats.md) of `state` (hands and market in canonical order)."""
    players: list[dict[str, object]] = [{
        "hand": counts_to_names(state.hands[player]),
        "herd": state.herds[player],
        "goods_tokens": goods_won_to_json(state.goods_won[player]),
        "bonus_tokens": list(state.bonus_won[player]),
        "camel_token": state.camel_token == player,
    } for player in (0, 1)]
    add_known_to_json(players, state.known)
    return {
        "format": POSITION_FORMAT,
        "phase": state.phase,
        "round": state.round,
        "seals": list(state.seals),
        "round_starter": state.round_starter,
        "to_move": state.to_move,
        "market": counts_to_names(state.market),
        "deck": [CARD_NAMES[card] for card in state.deck],
        "discard": [CARD_NAMES[card] for card in state.discard],
        "goods_tokens": {CARD_NAMES[good]: list(state.goods_pile(good)) for good in GOODS},
        "bonus_tokens": {str(size): list(pile) for size, pile in zip(BONUS_SIZES, state.bonus_piles, strict=True)},
        "camel_token": state.camel_token is None,
        "players": players,
        "round_result": state.round_result.to_json() if state.round_result else None,
        "winner": state.winner,
    }


def add_known_to_json(players: list, known) -> None:
    """Write each seat's `known` cards (docs/formats.md), left out when empty as "absent means []"."""
    for player, counts in zip(players, known, strict=True):
        if any(counts):
            player["known"] = counts_to_names(counts)


def read_known(seat: "FieldReader", index: int, hand_limit: tuple[int, ...] | None, size_limit: int) -> tuple[int, ...]:
    """The optional `known` cards of players[index]: goods, at most `hand_limit` of each
    (the hand, when it is seen) and `size_limit` in all; absent means none."""
    if "known" not in seat.data:
        return (0,) * len(GOODS)
    known = counts_from_cards(seat.cards("known", allow_camels=False), len(GOODS))
    path = f"players[{index}].known"
    if sum(known) > size_limit:
        reject(path, f"{sum(known)} cards, but the hand holds {size_limit}")
    if hand_limit is not None:
        for good in GOODS:
            if known[good] > hand_limit[good]:
                reject(path, f"{count_words(good, known[good])}, but the hand holds {hand_limit[good] or 'none'}")
    return known


def counts_to_names(counts) -> list[str]:
    return [CARD_NAMES[card] for card in range(len(counts)) for _ in range(counts[card])]


def goods_won_to_json(goods_won) -> dict:
    return {CARD_NAMES[good]: list(values) for good, values in enumerate(goods_won) if values}


def position_from_json(data) -> GameState:
    """A GameState from a position object; InvalidPositionError names what is wrong."""
    reader = FieldReader(data, "position")
    if reader.field("format", str) != POSITION_FORMAT:
        reject("format", f"expected '{POSITION_FORMAT}', got {echo(data.get('format'))}")
    phase = reader.choice("phase", PHASES)
    round_number = reader.integer("round", low=1, high=MAX_ROUNDS)
    seals = tuple(reader.integer_list("seals", 2, low=0, high=SEALS_TO_WIN))
    round_starter = reader.choice("round_starter", (0, 1))
    to_move = reader.choice("to_move", (0, 1))
    market = reader.cards("market", allow_camels=True)
    deck = tuple(reader.cards("deck", allow_camels=True))
    discard = tuple(reader.cards("discard", allow_camels=False))
    tokens_taken = read_goods_piles(reader)
    bonus_piles = _read_bonus_piles(reader)
    on_table = reader.field("camel_token", bool)
    players = reader.field("players", list)
    if len(players) != 2:
        reject("players", f"expected 2 players, got {len(players)}")
    hands, herds, goods_won, bonus_won, camel_flags, known = [], [], [], [], [], []
    for index, player in enumerate(players):
        seat = FieldReader(player, f"players[{index}]")
        hand = seat.cards("hand", allow_camels=False)
        if len(hand) > HAND_LIMIT:
            reject(f"players[{index}].hand", f"{len(hand)} cards, the limit is {HAND_LIMIT}")
        hands.append(counts_from_cards(hand, len(GOODS)))
        herds.append(seat.integer("herd", low=0, high=CARD_COUNTS[CAMEL]))
        goods_won.append(read_goods_won(seat, index))
        bonus_won.append(tuple(seat.integer_list("bonus_tokens", None, low=1, high=10)))
        camel_flags.append(seat.field("camel_token", bool))
        known.append(read_known(seat, index, hands[-1], len(hand)))
    camel_token = camel_token_place(on_table, camel_flags)
    round_result = read_round_result(reader)
    winner = reader.choice("winner", (0, 1, None))
    state = GameState(
        phase=phase, round=round_number, seals=seals, round_starter=round_starter, to_move=to_move,
        market=counts_from_cards(market, len(CARDS)), deck=deck, discard=discard, tokens_taken=tokens_taken,
        bonus_piles=bonus_piles, camel_token=camel_token, hands=tuple(hands), herds=tuple(herds),
        goods_won=tuple(goods_won), bonus_won=tuple(bonus_won), round_result=round_result, winner=winner,
        known=tuple(known))
    check_conservation(state)
    check_phase(state, len(market))
    return state


def camel_token_place(on_table: bool, held: list[bool]) -> int | None:
    """Who holds the camel token (None: on the table), from the flags of the table and each seat."""
    holders = [player for player in (0, 1) if held[player]]
    if on_table + len(holders) != 1:
        reject("camel_token", "the camel token must be in exactly one place (table or one player)")
    return holders[0] if holders else None


def counts_from_cards(cards, size: int) -> tuple[int, ...]:
    counts = [0] * size
    for card in cards:
        counts[card] += 1
    return tuple(counts)


class FieldReader:
    """Typed field access on a JSON object, failing with the field's path (view.py reads views with it too)."""

    def __init__(self, data, path: str):
        if not isinstance(data, dict):
            raise InvalidPositionError(f"{path}: expected an object, got {type(data).__name__}")
        self.data = data
        self.prefix = "" if path == "position" else path + "."

    def field(self, name, types):
        path = self.prefix + name
        if name not in self.data:
            reject(path, "missing")
        value = self.data[name]
        types = types if isinstance(types, tuple) else (types,)
        if isinstance(value, bool) and bool not in types:
            reject(path, f"expected {_type_names(types)}, got {json_type(value)}")
        if not isinstance(value, types):
            reject(path, f"expected {_type_names(types)}, got {json_type(value)}")
        return value

    def integer(self, name, low=None, high=None, value=None, path=None):
        path = path or self.prefix + name
        if value is None:
            value = self.field(name, int)
        elif isinstance(value, bool) or not isinstance(value, int):
            reject(path, f"expected an integer, got {json_type(value)}")
        if (low is not None and value < low) or (high is not None and value > high):
            reject(path, f"{echo(value)} is out of range" + (f" (at most {high})" if high is not None else ""))
        return value

    def choice(self, name, options):
        value = self.data.get(name)
        if name not in self.data:
            reject(self.prefix + name, "missing")
        if isinstance(value, bool) or not _is_one_of(value, options):
            reject(self.prefix + name, f"expected one of {', '.join(map(_json_text, options))}, "
                                      f"got {echo(value)}")
        return value

    def integer_list(self, name, length, low=None, high=None, values=None, path=None):
        path = path or self.prefix + name
        values = self.field(name, list) if values is None else values
        if len(values) > MAX_LIST_LENGTH:
            reject(path, f"{len(values)} entries, more than any list of a position holds")
        if length is not None and len(values) != length:
            reject(path, f"expected {length} entries, got {len(values)}")
        return [self.integer(name, low, high, value, f"{path}[{i}]") for i, value in enumerate(values)]

    def cards(self, name, allow_camels: bool) -> list[int]:
        path = self.prefix + name
        cards = []
        values = self.field(name, list)
        if len(values) > TOTAL_CARDS:
            reject(path, f"{len(values)} cards, the game has {TOTAL_CARDS}")
        for index, value in enumerate(values):
            card = CARD_BY_NAME.get(value) if isinstance(value, str) else None
            if card is None:
                reject(f"{path}[{index}]", f"unknown card {echo(value)}")
            if card == CAMEL and not allow_camels:
                reject(f"{path}[{index}]", "camels cannot be here")
            cards.append(card)
        return cards


def _is_one_of(value, options) -> bool:
    # By type as well as value: 0.0 == 0 and True == 1, but neither is the seat 0 or 1.
    return any(type(value) is type(option) and value == option for option in options)


def _json_text(value) -> str:
    return "null" if value is None else str(value)


def reject(path: str, message: str) -> NoReturn:
    """Refuse the input: an InvalidPositionError whose message starts with the field at fault."""
    raise InvalidPositionError(f"{path}: {message}")


def json_type(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    return {int: "an integer", float: "a number", str: "a string", list: "a list",
            dict: "an object"}.get(type(value), type(value).__name__)


def _type_names(types) -> str:
    return " or ".join(json_type(t()) if t is not type(None) else "null" for t in types)


def read_goods_piles(reader: FieldReader) -> tuple[int, ...]:
    piles = reader.field("goods_tokens", dict)
    taken = []
    for good in GOODS:
        name = CARD_NAMES[good]
        path = f"goods_tokens.{name}"
        if name not in piles:
            reject(path, "missing")
        pile = reader.integer_list(name, None, low=1, high=7, values=_as_list(piles[name], path), path=path)
        full = GOODS_TOKENS[good]
        if len(pile) > len(full) or list(full[len(full) - len(pile):]) != pile:
            reject(path, f"must be the last tokens of the {name} pile "
                        f"{' '.join(map(str, full))}, top first; got {pile}")
        taken.append(len(full) - len(pile))
    return tuple(taken)


def _read_bonus_piles(reader: FieldReader) -> tuple[tuple[int, ...], ...]:
    piles = reader.field("bonus_tokens", dict)
    result = []
    for size in BONUS_SIZES:
        path = f"bonus_tokens.{size}"
        if str(size) not in piles:
            reject(path, "missing")
        pile = reader.integer_list(str(size), None, low=1, high=10, values=_as_list(piles[str(size)], path),
                                   path=path)
        for index, value in enumerate(pile):
            if BONUS_SIZE_OF_VALUE.get(value) != size:
                reject(f"{path}[{index}]", f"{value} is not a token of the {size}-card bonus pile")
        result.append(tuple(pile))
    return tuple(result)


def read_goods_won(seat: FieldReader, index: int) -> tuple[tuple[int, ...], ...]:
    won = seat.field("goods_tokens", dict)
    for name in won:
        if name not in CARD_BY_NAME or CARD_BY_NAME[name] == CAMEL:
            reject(f"players[{index}].goods_tokens", f"unknown good {echo(name)}")
    result = []
    for good in GOODS:
        path = f"players[{index}].goods_tokens.{CARD_NAMES[good]}"
        values = won.get(CARD_NAMES[good], [])
        values = seat.integer_list("goods_tokens", None, low=1, high=7,
                                   values=_as_list(values, path), path=path)
        result.append(tuple(sorted(values, reverse=True)))
    return tuple(result)


def _as_list(value, path):
    if not isinstance(value, list):
        reject(path, f"expected a list, got {json_type(value)}")
    return value


def read_round_result(reader: FieldReader) -> RoundResult | None:
    data = reader.field("round_result", (dict, type(None)))
    if data is None:
        return None
    result = FieldReader(data, "round_result")
    highest = {"scores": MAX_ROUND_SCORE, "bonus_counts": TOTAL_BONUS_TOKENS,
               "goods_counts": TOTAL_GOODS_TOKENS}
    pairs = {name: tuple(result.integer_list(name, 2, low=0, high=high))
             for name, high in highest.items()}
    return RoundResult(pairs["scores"], result.choice("camel_token", (0, 1, None)),
                       pairs["bonus_counts"], pairs["goods_counts"],
                       result.choice("seal", (0, 1, None)))


def check_conservation(state: GameState) -> None:
    """Every card and token is in exactly one place (view.py checks a view's public facts with it)."""
    herd_camels = sum(state.herds)
    for card in CARDS:
        total = (state.market[card] + state.deck.count(card) + state.discard.count(card)
                 + (herd_camels if card == CAMEL else state.hands[0][card] + state.hands[1][card]))
        if total != CARD_COUNTS[card]:
            where = "market, deck, herds" if card == CAMEL else "market, deck, discard, hands"
            reject("cards", f"{total} {CARD_NAMES[card]} cards in all ({where}), expected {CARD_COUNTS[card]}")
    for good in GOODS:
        taken = state.tokens_taken[good]
        won = sorted(state.goods_won[0][good] + state.goods_won[1][good], reverse=True)
        if won != list(GOODS_TOKENS[good][:taken]):
            reject(f"players.goods_tokens.{CARD_NAMES[good]}",
                  f"the players hold {won or 'none'}, but the pile is missing "
                  f"{list(GOODS_TOKENS[good][:taken]) or 'nothing'}")
    for index, size in enumerate(BONUS_SIZES):
        won = [value for player in (0, 1) for value in state.bonus_won[player]
               if BONUS_SIZE_OF_VALUE.get(value) == size]
        if sorted(won + list(state.bonus_piles[index])) != sorted(BONUS_TOKENS[size]):
            reject(f"bonus_tokens.{size}", "the pile and the players' bonus tokens do not make up "
                                          f"the {size}-card set {list(BONUS_TOKENS[size])}")
    for player in (0, 1):
        for index, value in enumerate(state.bonus_won[player]):
            if value not in BONUS_SIZE_OF_VALUE:
                reject(f"players[{player}].bonus_tokens[{index}]", f"{value} is not a bonus token value")


def check_phase(state: GameState, market_size: int) -> None:
    """The phase agrees with the table: play needs a full market; a scored round, its tokens' result."""
    if state.phase == PLAY:
        if market_size != MARKET_SIZE:
            reject("market", f"{market_size} cards during play, expected {MARKET_SIZE}")
        if state.empty_piles() >= EMPTY_PILES_TO_END:
            reject("goods_tokens", f"{state.empty_piles()} piles are empty: the round should be over")
        if state.camel_token is not None:
            reject("camel_token", "the camel token is awarded only when a round is scored")
        if state.round_result is not None:
            reject("round_result", "must be null during play")
        if state.winner is not None:
            reject("winner", "must be null during play")
        if max(state.seals) >= SEALS_TO_WIN:
            reject("seals", "a player with 2 seals has already won the game")
        if sum(state.seals) > state.round - 1:
            reject("seals", f"more seals than rounds played before round {state.round}")
        return
    if market_size > MARKET_SIZE:
        reject("market", f"{market_size} cards, at most {MARKET_SIZE}")
    short_market = market_size < MARKET_SIZE and not state.deck
    if state.empty_piles() < EMPTY_PILES_TO_END and not short_market:
        reject("phase", f"{state.phase}, but the round has not ended (fewer than "
                       f"{EMPTY_PILES_TO_END} empty goods piles and a full market)")
    if market_size < MARKET_SIZE and state.deck:
        reject("market", f"{market_size} cards while the deck still has cards")
    if state.round_result is None:
        reject("round_result", f"missing in phase {state.phase}")
    if sum(state.seals) > state.round:
        reject("seals", f"more seals than rounds played ({state.round})")
    # Rescore from the tokens: the stored result, camel token and seals must agree.
    unscored = state.copy()
    unscored.camel_token = None
    unscored.seals = _seals_before(state)
    expected = score_round(unscored)
    if state.camel_token != camel_token_holder(state.herds):
        reject("camel_token", "must go to the player with strictly more camels (none if equal)")
    for name in ("scores", "camel_token", "bonus_counts", "goods_counts", "seal"):
        if getattr(expected.round_result, name) != getattr(state.round_result, name):
            reject(f"round_result.{name}", f"expected {getattr(expected.round_result, name)!r} "
                                          f"from the tokens, got {getattr(state.round_result, name)!r}")
    if state.phase != expected.phase:
        reject("phase", f"expected {expected.phase} with seals {list(state.seals)}")
    if state.winner != expected.winner:
        reject("winner", f"expected {expected.winner!r}, got {state.winner!r}")


def _seals_before(state: GameState) -> tuple[int, int]:
    assert state.round_result is not None  # checked by the caller
    seal = state.round_result.seal
    seals = list(state.seals)
    if seal is not None:
        if seals[seal] < 1:
            reject("seals", f"the round's winner {seal} must hold at least one seal")
        seals[seal] -= 1
    return seals[0], seals[1]
