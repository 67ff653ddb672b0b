"""The table's HTML: built from the human's view only, escaped, with stable hooks."""

import random
import re

from jaipur_core import CARD_NAMES, Game, legal_actions, sample_state, view_of
from pyscript_app.app.state import TableState, note
from pyscript_app.view.render import render
from tests import helpers


def html_for(state, seat=0, message=None, log=()):
    line = Game.from_position(state, ("You", "Computer"))
    table = TableState(line=line, seat=seat, booted=True, log=tuple(log),
                       note=None if message is None else note("refusal-text", "error", text=message))
    return render(table).html()


def played(seed=5, plies=12):
    game = Game.new(seed=seed, first=0)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.state.phase != "play":
            break
        game = game.play(rng.choice(legal_actions(game.state)))
    return game.state


def test_same_view_gives_identical_html():
    """Two states that differ only in hidden information render the same page."""
    state = played()
    rng = random.Random(99)
    other = sample_state(view_of(state, 0), rng)
    assert other.deck != state.deck or other.hands[1] != state.hands[1]
    assert html_for(state) == html_for(other)


def test_opponent_hand_deck_and_bonus_values_are_absent():
    state = played(plies=20)
    html = html_for(state)
    # opponent cards appear only as backs, counted
    assert f'data-testid="opponent-hand" data-count="{sum(state.hands[1])}"' in html
    assert html.count("card--back card--small") == sum(state.hands[1])
    # no card of the deck is named anywhere beyond what is public: the deck shows a count only
    assert f'data-testid="deck" data-count="{len(state.deck)}"' in html
    # bonus piles: counts only
    for index, size in enumerate((3, 4, 5)):
        assert f'data-testid="bonus-{size}" data-count="{len(state.bonus_piles[index])}"' in html
    assert "data-values" not in html.split('data-testid="bonus-3"')[1].split("</ul>")[0]


def test_cards_are_buttons_with_labels_and_pressed_state():
    state = Game.new(seed=3, first=0).state
    html = html_for(state)
    market = re.findall(r'<button[^>]*data-testid="market-card"[^>]*>', html)
    assert len(market) == 5
    for tag in market:
        assert 'aria-pressed="false"' in tag and "aria-label=" in tag and 'data-card="' in tag
    assert len(re.findall(r'data-testid="hand-card"', html)) == sum(state.hands[0])


def test_text_is_escaped():
    state = Game.new(seed=3, first=0).state
    html = html_for(state, message='<img src=x onerror="alert(1)">', log=["<b>&"])
    assert "<img" not in html
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in html
    assert "&lt;b&gt;&amp;" in html


def test_goods_have_symbols_and_names_not_just_colour():
    state = Game.new(seed=3, first=0).state
    html = html_for(state)
    for name in CARD_NAMES[:6]:
        assert f'data-testid="pile-{name}"' in html
    # each card shows its good's own drawing AND its name; the sprite draws each good differently
    for button in re.findall(r'<button[^>]*data-testid="(?:market|hand)-card".*?</button>', html):
        name = re.search(r'data-card="(\w+)"', button).group(1)
        assert f'href="art/cards.svg#{name}"' in button and f'>{name}</span>' in button


def test_round_panel_reveals_bonus_values_only_when_scored():
    game = Game.new(seed=7, first=0)
    rng = random.Random(7)
    while game.state.phase == "play":
        game = game.play(rng.choice(legal_actions(game.state)))
    state = game.state
    html = html_for(state)
    assert 'data-testid="round-panel"' in html
    assert ('data-testid="next-round"' in html) != ('data-testid="play-again"' in html)
    theirs = state.bonus_won[1]
    cell = re.search(r'data-testid="bonus-1">([^<]*)<', html).group(1)
    assert cell.startswith(str(sum(theirs)))


def test_no_inline_styles_or_scripts():
    html = html_for(played())
    assert "style=" not in html and "<script" not in html and "onclick" not in html


def test_hidden_information_never_changes_the_html_over_many_positions():
    """Property: re-dealing everything the human cannot see leaves the page identical."""
    for seed in range(1, 16):
        state = played(seed=seed, plies=seed * 4)
        for seat in (0, 1):
            other = sample_state(view_of(state, seat), random.Random(seed * 31 + seat))
            assert html_for(state, seat) == html_for(other, seat), (seed, seat)


def test_game_over_panel_says_how_many_take_backs_were_used():
    game = Game.new(seed=7, first=0)
    rng = random.Random(7)
    while game.state.phase != "game_over":
        if game.state.phase == "round_over":
            game = game.next_round()
        else:
            game = game.play(rng.choice(legal_actions(game.state)))
    line = game
    html = render(TableState(line=line.with_extra(takebacks=2), booted=True)).html()
    assert 'data-testid="game-over"' in html and "2 take-backs were used in this game." in html
    assert 'data-testid="review-game"' in html
    (_key, panel), = render(TableState(line=line, booted=True)).dialogs
    assert 'data-testid="round-panel"' in panel and "take-back" not in panel


def _my_herd(html: str) -> str:
    return re.search(r'<div class="herd" data-testid="herd".*?(?=<div class="won")', html).group(0)


def test_the_herd_is_counted_once_and_its_camels_are_buttons():
    """An empty herd says "Herd: 0" and nothing more; a herd of n shows n camel cards."""
    empty = _my_herd(html_for(helpers.state(herds=(0, 2))))
    assert 'data-count="0"' in empty and ">Herd: <b>0</b><" in empty
    assert "no camels" not in empty and 'data-testid="herd-card"' not in empty
    three = _my_herd(html_for(helpers.state(herds=(3, 0))))
    assert ">Herd: <b>3</b><" in three
    assert len(re.findall(r'data-testid="herd-card"', three)) == 3
