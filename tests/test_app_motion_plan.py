"""view/motion.py, the pure side of the cards' flights: which table changes are a move to show, and
the steps (Travel, Fly) that show one, from two measured tables. browser/animation.py measures and plays
them in the browser (tests/e2e/test_layout_motion.py)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from pyscript_app.view.motion import DURATION_MS, EASING, TOKEN_GAP_MS, Fly, Table, Travel, is_move, plan


def screen(ply):
    return SimpleNamespace(attrs=(("data-turn", "human"), ("data-ply", ply)))


@pytest.mark.parametrize(("old", "new", "move"), [
    ("1:0:4", "1:0:5", True),          # a move
    ("1:0:5", "1:0:4", True),          # taken back
    ("1:0:4", "1:0:4", False),         # drawn again
    ("1:0:9", "2:0:0", False),         # a new round: a new deal
    ("1:0:4", "1:1:5", False),         # the other seat's view (friend mode)
    ("review", "1:0:4", False),
    ("", "1:0:4", False),
])
def test_only_a_change_of_moves_within_a_round_from_one_seat_is_a_move(old, new, move):
    assert is_move(screen(old), screen(new)) is move
    assert is_move(None, screen(new)) is False


ZONES = {"market": (0.0, 0.0, 300.0, 80.0), "hand": (0.0, 200.0, 300.0, 80.0), "deck": (400.0, 0.0, 40.0, 60.0),
         "discard": (450.0, 0.0, 40.0, 60.0), "opponent": (0.0, -100.0, 300.0, 40.0),
         "won-me": (0.0, 300.0, 200.0, 30.0), "won-opponent": (0.0, -150.0, 200.0, 30.0),
         "pile-gold": (500.0, 100.0, 30.0, 30.0)}
WON = {"won-me": "", "won-opponent": ""}


def table(cards, boxes, zones=ZONES, piles=None, won=WON, deck=20, discard=0, discard_top=None):
    return Table(tuple(cards), tuple(boxes), dict(zones), dict(piles or {"gold": 6}), dict(won),
                 {"deck": deck, "discard": discard}, discard_top)


def test_a_card_taken_from_the_market_travels_from_its_box_into_the_hand():
    first = table([("market", "gold"), ("market", "camel")], [(10.0, 10.0, 40.0, 60.0), (60.0, 10.0, 40.0, 60.0)])
    last = table([("market", "camel"), ("market", "spice"), ("hand", "gold")],
                 [(60.0, 10.0, 40.0, 60.0), (10.0, 10.0, 40.0, 60.0), (20.0, 210.0, 40.0, 60.0)], deck=19)
    timing = {"duration": DURATION_MS, "easing": EASING}
    home = {"transform": "none", "transformOrigin": "0 0"}
    assert plan(first, last) == [
        Travel(2, ({"transform": "translate(-10.0px, -200.0px) scale(1.000, 1.000)", "transformOrigin": "0 0"}, home),
               timing),
        # the refill comes from the deck's box, growing out of its middle
        Travel(1, ({"transform": "translate(400.0px, 5.0px) scale(0.500, 0.500)", "transformOrigin": "0 0"}, home),
               timing),
    ]  # the camel did not move: nothing to see


def test_my_sale_flies_copies_to_the_discard_and_its_tokens_to_my_row():
    first = table([("hand", "gold"), ("hand", "gold")], [(0.0, 200.0, 40.0, 60.0), (50.0, 200.0, 40.0, 60.0)])
    last = table([], [], piles={"gold": 4}, won={"won-me": "6 5", "won-opponent": ""}, discard=2,
                 discard_top=(450.0, 0.0, 40.0, 60.0))
    steps = plan(first, last)
    cards = [step for step in steps if isinstance(step, Fly) and step.card is not None]
    tokens = [step for step in steps if isinstance(step, Fly) and step.card is None]
    assert [(fly.card, fly.box) for fly in cards] == [(0, (0.0, 200.0, 40.0, 60.0)), (1, (50.0, 200.0, 40.0, 60.0))]
    assert not any(isinstance(step, Travel) for step in steps)  # the discard's new top is my card, flown
    assert [(t.good, t.box, t.options["delay"], t.remove_ms) for t in tokens] == [
        ("gold", (500.0, 100.0, 28.0, 28.0), 0, DURATION_MS + 40),
        ("gold", (500.0, 100.0, 28.0, 28.0), TOKEN_GAP_MS, DURATION_MS + TOKEN_GAP_MS + 40)]
    assert tokens[0].keyframes[1]["transform"] == "translate(-414.0px, 201.0px) scale(0.5)"
    assert all(step.options["duration"] + step.options.get("delay", 0) <= 400 + 4 * TOKEN_GAP_MS for step in steps)


def test_the_opponents_sale_comes_from_their_side_and_its_tokens_go_to_theirs():
    first = table([], [])
    last = table([], [], piles={"gold": 3}, won={"won-me": "", "won-opponent": "6 5 5"}, discard=3,
                 discard_top=(450.0, 0.0, 40.0, 60.0))
    steps = plan(first, last, faces={"gold": (505.0, 105.0, 20.0, 20.0)})
    assert isinstance(steps[0], Travel) and steps[0].card is None
    assert steps[0].keyframes[0]["transform"] == "translate(-310.0px, -95.0px) scale(0.500, 0.500)"
    tokens = steps[1:]
    assert len(tokens) == 3 and {t.box for t in tokens} == {(505.0, 105.0, 20.0, 20.0)}  # from the pile's top token
    assert [t.options["delay"] for t in tokens] == [0, TOKEN_GAP_MS, 2 * TOKEN_GAP_MS]


def test_on_a_phone_the_piles_and_the_opponent_are_aimed_at_in_the_strip():
    phone = {name: box for name, box in ZONES.items() if name not in ("opponent", "won-opponent", "pile-gold")}
    phone.update({"opponent": (0.0, 0.0, 0.0, 0.0), "strip": (0.0, -50.0, 320.0, 44.0),
                  "strip-pile-gold": (200.0, -40.0, 20.0, 20.0)})
    first = table([], [], zones=phone)
    last = table([], [], zones=phone, piles={"gold": 5}, won={"won-me": "", "won-opponent": "6"})
    (token,) = plan(first, last)
    assert token.box == (200.0, -40.0, 20.0, 20.0)
    assert token.keyframes[1]["transform"] == "translate(-50.0px, 2.0px) scale(0.5)"  # the strip's middle


def test_nothing_flies_to_or_from_what_is_not_shown():
    hidden = dict(ZONES, hand=(0.0, 0.0, 0.0, 0.0))
    first = table([("market", "gold")], [(10.0, 10.0, 40.0, 60.0)], zones=hidden)
    last = table([("hand", "gold")], [(0.0, 0.0, 0.0, 0.0)], zones=hidden)
    assert plan(first, last) == []
