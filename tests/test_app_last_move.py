"""The last move line (issue 27, item 5): its verb said once, and heard once.

The sentence ("Computer took 3 camels") says the whole move; the cards after it picture
it. A one-sided move's cards carry no second verb ("took 3 camels took [camel ×3]" read
as a stutter, in Turkish "4 deve aldı aldı"); a trade labels its two sides (took, gave),
apart from each other; and the cards are hidden from screen readers, which heard the
sentence and then the cards run together ("…3 spice took spice ×3gave camel ×3").
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from jaipur_core import CAMELS, Game, Trade
from pyscript_app.app.state import Settings, TableState
from pyscript_app.app.update import _move_cards
from pyscript_app.view.render import render
from pyscript_app.words.messages import _, speaking
from pyscript_app.words.moves import describe


def last_move_html(action, game: Game, language: str) -> str:
    state = TableState(line=game, booted=True, seat=0, settings=Settings(language=language))
    with speaking(language):
        names = state.names()
        said = describe(action, 1, names, state.you, game.state)
    state = replace(state, last_move=said, last_cards=_move_cards(action, game.state))
    return render(state).last_move


def visible_text(markup: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)).strip()


def a_game_where_the_computer_takes(kind: str) -> tuple[Game, object]:
    for seed in range(200):
        game = Game.new(seed=seed, first=1)
        state = game.state
        if kind == "camels" and state.market[6] >= 2:
            return game, CAMELS
        if kind == "trade" and state.herds[1] >= 1:
            good = next((g for g in range(6) if state.market[g] and not state.hands[1][g]), None)
            if good is not None:
                taken = tuple(int(card == good) for card in range(7))
                given = tuple(int(card == 6) for card in range(7))
                return game, Trade(taken, given)
    raise AssertionError(f"no seed gives the computer a {kind}")


@pytest.mark.parametrize("language, verb", [("en", "took"), ("tr", "aldı"), ("fa", None)])
def test_a_one_sided_move_says_its_verb_once(language, verb, translated):
    game, action = a_game_where_the_computer_takes("camels")
    markup = last_move_html(action, game, language)
    sentence, cards = markup.split('<span class="move-cards"', 1)
    assert 'aria-hidden="true"' in cards.split(">", 1)[0]
    with speaking(language):
        said_verb = _("move-took")
    assert said_verb not in visible_text(cards)          # the cards carry no verb of their own
    if verb is not None:
        assert visible_text(markup).count(verb) == 1, visible_text(markup)


def test_a_trade_labels_its_two_sides_apart_and_hides_them_from_screen_readers():
    game, action = a_game_where_the_computer_takes("trade")
    markup = last_move_html(action, game, "en")
    cards = markup.split('<span class="move-cards"', 1)[1]
    assert 'aria-hidden="true"' in cards.split(">", 1)[0]
    text = visible_text(cards)
    assert re.search(r"took \S.* gave ", text), text   # both sides, each with its verb
    assert re.search(r"</span> <span class=\"move-part\">", markup), markup  # a space between the sides
