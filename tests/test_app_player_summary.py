"""Both players are summarised alike: the same herd words, the same line of goods and bonus.

Issue 27, item 6: the computer's summary read "Herd: 1" with a camel and "goods 0 rupees ·
0 bonus tokens (face down)", yours "Herd 0" and "goods 0 · bonus none" -- two near-copies of
one summary. One function draws every player's summary now (in play, face down in a friend
game's hand-over, and face up in review); only what a seat may know differs.
"""

from __future__ import annotations

import re
from dataclasses import replace
from html.parser import HTMLParser

import pytest

from jaipur_core import Game
from pyscript_app.app.state import TableState
from pyscript_app.view.render import render
from tests import helpers

SECTIONS = ("opponent", "me", "review-player-0", "review-player-1")


class _Summaries(HTMLParser):
    """section testid -> {"herd": text of its herd summary, "line": text of its score line}."""

    def __init__(self):
        super().__init__()
        self.found: dict[str, dict[str, str]] = {}
        self._section: str | None = None
        self._depth = 0
        self._part: str | None = None
        self._part_depth = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if tag == "section" and attrs.get("data-testid") in SECTIONS:
            self._section, self._depth = attrs["data-testid"], 0
            self.found[self._section] = {"herd": "", "line": ""}
        if self._section is None:
            return
        self._depth += 1
        if self._part is None and ("herd-summary" in classes or "score-line" in classes):
            self._part, self._part_depth = ("herd" if "herd-summary" in classes else "line"), self._depth
        if tag in ("svg", "use"):  # void-ish drawings: no text
            return

    def handle_endtag(self, tag):
        if self._section is None:
            return
        if self._part is not None and self._depth == self._part_depth:
            self._part = None
        self._depth -= 1
        if self._depth < 0:
            self._section = None

    def handle_data(self, data):
        if self._section is not None and self._part is not None:
            self.found[self._section][self._part] += data


def summaries(html: str) -> dict[str, dict[str, str]]:
    parser = _Summaries()
    parser.feed(html)
    return {key: {part: " ".join(text.split()) for part, text in value.items()}
            for key, value in parser.found.items()}


def table(language="en", **position) -> TableState:
    state = helpers.state(**position)
    table = TableState(line=Game.from_position(state, ("You", "Computer")), booted=True)
    return replace(table, settings=replace(table.settings, language=language))


POSITION = dict(market="camel camel gold leather spice", hands=("gold gold spice", "cloth silver"),
                herds=(3, 1), goods_won=({"leather": [4, 3]}, {"diamond": [7]}),
                bonus_won=((2,), (1, 3)))

WORDS = {  # language -> (herd summary of n, the goods line's start for n rupees)
    "en": (lambda n: f"Herd: {n}", lambda n: f"goods {n} rupees · "),
    "tr": (lambda n: f"Sürü: {n}", lambda n: f"mallar {n} rupi · "),
}


@pytest.mark.parametrize("language", sorted(WORDS))
def test_you_and_the_computer_are_summarised_in_the_same_words(language, translated):
    herd_words, line_start = WORDS[language]
    found = summaries(render(table(language, **POSITION)).html())
    assert found["me"]["herd"] == herd_words(3)
    assert found["opponent"]["herd"] == herd_words(1)
    assert found["me"]["line"].startswith(line_start(7))
    assert found["opponent"]["line"].startswith(line_start(7))


def test_what_differs_is_only_what_you_may_know_of_the_bonus_tokens():
    found = summaries(render(table(**POSITION)).html())
    assert found["me"]["line"] == "goods 7 rupees · bonus tokens: 2"
    assert found["opponent"]["line"] == "goods 7 rupees · 2 bonus tokens (face down)"


def test_a_friend_games_hidden_hand_is_summarised_like_the_others():
    state = replace(table(**POSITION), mode="friend", handover=True)
    found = summaries(render(state).html())
    assert found["me"]["herd"] == "Herd: 3"
    assert found["me"]["line"] == "goods 7 rupees · 1 bonus token (face down)"


def test_review_summarises_both_players_alike():
    game = Game.new(seed=3, first=0, players=("You", "Computer"))
    state = replace(TableState(line=game, booted=True), review=0)
    found = summaries(render(state).html())
    for seat in (0, 1):
        assert re.fullmatch(r"Herd: \d+", found[f"review-player-{seat}"]["herd"])
        assert found[f"review-player-{seat}"]["line"] == "goods 0 rupees · bonus tokens: none"


def test_review_shows_full_size_cards_and_only_the_tools_it_can_use():
    """Issue 27, item 3: review drew the cards as 22 px icons and kept Hint and Take back on show."""
    game = Game.new(seed=3, first=0, players=("You", "Computer"))
    screen = render(replace(TableState(line=game, booted=True), review=0))
    board = screen.board
    assert board.count('data-testid="market-card"') == 5
    assert board.count('data-testid="review-hand-0"') == 5
    assert "card--small" not in board.split('class="piles"')[0]  # market and hands: the table's card size
    assert 'class="card-name"' in board  # named like the cards in play
    assert 'data-testid="btn-hint"' not in screen.tools and 'data-testid="btn-takeback"' not in screen.tools
    assert 'data-testid="btn-new-game"' in screen.tools and 'data-testid="btn-export"' in screen.tools
    playing = render(TableState(line=game, booted=True))
    assert 'data-testid="btn-hint"' in playing.tools and 'data-testid="btn-takeback"' in playing.tools
