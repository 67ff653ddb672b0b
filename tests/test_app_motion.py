"""Part B of issue 9 (layout and motion), the pure side: the computer's move is shown
before it is played (a timed step, `After`), and the phone strip's open state is state."""

from __future__ import annotations

import pytest

from jaipur_core import legal_actions
from pyscript_app.app.effects import After
from pyscript_app.app.events import ActionPressed, CardClicked, MoveShown, Pressed, SearchDone
from pyscript_app.app.update import REVEAL_MS, update
from pyscript_app.view.render import render
from tests.test_app_update import boot, kinds


def computer_answered(pause: int):
    """After the human's first move, the computer's search answers; (state, effects, reply)."""
    state, _ = boot(seed=3, first="you", level="easy", pause=pause)
    state, effects = update(state, ActionPressed("camels"))
    search = [effect for effect in effects if type(effect).__name__ == "StartSearch"][0]
    reply = legal_actions(state.line.state)[0]
    state, effects = update(state, SearchDone("ai", search.token, reply))
    return state, effects, reply


def test_the_computers_move_is_shown_then_played():
    shown, effects, reply = computer_answered(pause=250)
    assert shown.line.actions_played == 1 and shown.reveal == (shown.token, reply)
    assert effects == (After(REVEAL_MS, MoveShown(shown.token)),)
    assert render(shown).attrs[1] == ("data-turn", "ai")           # still the computer's turn
    assert "is-chosen" in render(shown).board or reply.kind == "sell"
    played, effects = update(shown, MoveShown(shown.token))
    assert played.line.actions_played == 2 and played.reveal is None
    assert played.last_move.startswith("Computer ") and kinds(effects) == ["Save"]
    assert "is-chosen" not in render(played).board


def test_without_a_pause_the_move_is_played_at_once():
    state, effects, _reply = computer_answered(pause=0)
    assert state.line.actions_played == 2 and state.reveal is None and kinds(effects) == ["Save"]


@pytest.mark.parametrize("between", [
    Pressed("take-back"),          # the game moved back: the shown move is not played
    Pressed("new-game"),
])
def test_a_shown_move_is_dropped_when_the_game_moved_on(between):
    shown, _effects, _reply = computer_answered(pause=250)
    moved, _ = update(shown, between)
    assert moved.token != shown.token or moved.line != shown.line
    after, effects = update(moved, MoveShown(shown.token))
    assert after.line == moved.line and effects == ()
    assert "is-chosen" not in render(after).board


def test_a_click_while_the_move_is_shown_reaches_update():
    shown, _effects, _reply = computer_answered(pause=250)
    clicked, effects = update(shown, CardClicked("market", 0))      # the market is about to change
    assert clicked.note is not None and clicked.note.parts[0][0] == "wait-your-turn" and effects == ()
    assert clicked.selection.is_empty()
    picked, effects = update(clicked, CardClicked("hand", 0))        # your own cards: picked ahead
    assert picked.selection.hand == {0} and picked.note is None and effects == ()
    played, _ = update(picked, MoveShown(shown.token))              # and the move still follows
    assert played.line.actions_played == 2 and played.my_turn
    assert played.selection.hand == {0}                              # still picked for your turn


def _computer_about_to_move(seed: int):
    """A seeded random game up to a turn of the computer (seat 1) where some move ends the round:
    (table with your hand's first card picked, a move ending the round, a move that does not)."""
    import random

    from jaipur_core import Game, apply
    from pyscript_app.app.state import TableState
    game, rng = Game.new(seed=seed, first=0, players=("You", "Computer")), random.Random(seed)
    while True:
        actions = legal_actions(game.state)
        if game.state.to_move == 1 and sum(game.state.hands[0]):
            ending = [a for a in actions if apply(game.state, a).phase != "play"]
            going_on = [a for a in actions if apply(game.state, a).phase == "play"]
            if ending and going_on:
                table = TableState(line=game, seat=0, booted=True)
                picked, _ = update(table, CardClicked("hand", 0))
                return picked, ending[0], going_on[0]
        game = game.play(rng.choice(actions))
        assert game.state.phase == "play", "the round ended before such a turn"


@pytest.mark.parametrize("seed", range(3))
def test_cards_picked_ahead_are_kept_unless_the_computers_move_ends_the_round(seed):
    from pyscript_app.app.update import play
    picked, ending, going_on = _computer_about_to_move(seed)
    assert picked.selection.hand == {0} and not picked.my_turn
    assert play(picked, going_on)[0].selection.hand == {0}
    ended, _ = play(picked, ending)
    assert ended.line.state.phase == "round_over" and ended.selection.is_empty()


def test_a_stale_or_repeated_move_shown_is_ignored():
    shown, _effects, _reply = computer_answered(pause=250)
    played, _ = update(shown, MoveShown(shown.token))
    again, effects = update(played, MoveShown(shown.token))
    assert again == played and effects == ()
    assert update(shown, MoveShown(shown.token + 7)) == (shown, ())


def test_the_strip_opens_and_closes_and_survives_renders():
    state, _ = boot(seed=3, first="you")
    assert not state.details and 'aria-expanded="false"' in render(state).board
    opened, effects = update(state, Pressed("details"))
    assert opened.details and effects == ()
    assert 'aria-expanded="true"' in render(opened).board
    assert "details-open" in dict(render(opened).attrs)["class"]
    selected, _ = update(opened, CardClicked("market", 0))           # other events keep it open
    assert selected.details and 'aria-expanded="true"' in render(selected).board
    closed, _ = update(selected, Pressed("details"))
    assert not closed.details


def test_cards_carry_stable_motion_keys():
    """Every card of the table names its good and its zone, for the page's FLIP motion."""
    state, _ = boot(seed=3, first="you")
    board = render(state).board
    for zone in ("market", "hand", "herd", "deck", "discard", "opponent", "pile-diamond", "won-me",
                 "won-opponent", "strip"):
        assert f'data-flip-zone="{zone}"' in board, zone
    assert board.count("data-card=") >= 5 + 5    # the market's five cards and the hand's five


# --- view/flights.py: which card travels where ---------------------------------------------------------

from pyscript_app.view.flights import Ghost, Slide, TokenFlight, card_flights, token_flights  # noqa: E402


@pytest.mark.parametrize("name, before, after, deck_drew, expected", [
    ("I take a gold: it travels market -> hand, the deck refills the market",
     [("market", "gold"), ("market", "spice"), ("hand", "leather")],
     [("market", "spice"), ("market", "silver"), ("hand", "gold"), ("hand", "leather")], True,
     {Slide(2, 0), Slide(0, 1), Slide(1, zone="deck"), Slide(3, 2)}),
    ("the opponent takes the camels: they fly to the opponent; the refills come from the deck",
     [("market", "camel"), ("market", "camel"), ("market", "gold")],
     [("market", "gold"), ("market", "cloth"), ("market", "spice")], True,
     {Ghost(0, "opponent"), Ghost(1, "opponent"), Slide(0, 2), Slide(1, zone="deck"), Slide(2, zone="deck")}),
    ("I sell two spices: to the discard pile",
     [("hand", "spice"), ("hand", "spice"), ("hand", "gold")], [("hand", "gold")], False,
     {Ghost(0, "discard"), Ghost(1, "discard"), Slide(0, 2)}),
    ("I trade two camels for a diamond and a gold",
     [("market", "diamond"), ("market", "gold"), ("herd", "camel"), ("herd", "camel")],
     [("market", "camel"), ("market", "camel"), ("hand", "diamond"), ("hand", "gold")], False,
     {Slide(0, 2), Slide(1, 3), Slide(2, 0), Slide(3, 1)}),
    ("the opponent trades: what it gives comes from its side (the deck did not draw)",
     [("market", "diamond")], [("market", "leather")], False,
     {Ghost(0, "opponent"), Slide(0, zone="opponent")}),
    ("nothing moved", [("market", "gold")], [("market", "gold")], False, {Slide(0, 0)}),
])
def test_card_flights(name, before, after, deck_drew, expected):
    flights = card_flights(before, after, deck_drew)
    assert set(flights) == expected and len(flights) == len(expected), name


def test_every_card_is_accounted_for_exactly_once():
    """Seeded random tables: each card after is reached by one slide, each card before leaves once."""
    import random
    rng = random.Random(9)
    zones, kinds = ("market", "hand", "herd"), ("gold", "spice", "camel", "diamond")
    for _ in range(300):
        before = [(rng.choice(zones), rng.choice(kinds)) for _ in range(rng.randrange(12))]
        after = [(rng.choice(zones), rng.choice(kinds)) for _ in range(rng.randrange(12))]
        flights = card_flights(before, after, rng.random() < 0.5)
        slides = [f for f in flights if isinstance(f, Slide)]
        assert sorted(s.new for s in slides) == list(range(len(after)))
        used = [s.old for s in slides if s.old is not None] + [f.old for f in flights if isinstance(f, Ghost)]
        assert sorted(used) == list(range(len(before)))
        assert all(before[s.old][1] == after[s.new][1] for s in slides if s.old is not None)


def test_token_flights_go_to_the_row_that_gained():
    before = {"diamond": 5, "gold": 5, "silver": 5, "cloth": 7, "spice": 7, "leather": 9}
    after = dict(before, spice=4)
    assert token_flights(before, after, "won-opponent") == [TokenFlight("spice", 3, "won-opponent")]
    assert token_flights(before, before, "won-me") == []


def test_the_ply_tells_the_page_when_cards_may_travel():
    """data-ply = round:seat:moves; view/motion.py animates only a change of its last part."""
    state, _ = boot(seed=3, first="you", pause=0)
    assert dict(render(state).attrs)["data-ply"] == "1:0:0"
    moved, _ = update(state, ActionPressed("camels"))
    assert dict(render(moved).attrs)["data-ply"] == "1:0:1"
    friend, _ = boot(seed=3, first="you", opponent="friend")
    friend, _ = update(friend, Pressed("handover-ready"))
    turned, _ = update(friend, ActionPressed("camels"))       # the table turns to the other player
    assert dict(render(friend).attrs)["data-ply"].split(":")[1] != dict(render(turned).attrs)["data-ply"].split(":")[1]
