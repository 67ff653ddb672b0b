"""The Link panel (issue 27, item 10): a link to the position shown and, when the record holds
nothing the player may not see, to the whole game (at the step reviewed), for the game's page
or for embed.html; every link opens what was shown."""

from __future__ import annotations

import re
from html import unescape

import pytest

from jaipur_core import Game, legal_actions, view_of
from jaipur_core.share import game_fragment, page_link, parse_fragment, split_at
from pyscript_app.app.saves import SAVE_KEY, encode_save
from tests.app_fakes import play_by_selection, press, started
from tests.e2e.records import game_cut_short


def field(host, testid: str) -> str | None:
    """The link a field of the panel shows, as a person reads it (None: no such field)."""
    found = re.search(r'value="([^"]*)" data-testid="' + testid + '"', host.html)
    return unescape(found.group(1)) if found else None


def opened(url: str, **params):
    """The page booted from `url`'s fragment, as a browser opening the link would."""
    return started(fragment="#" + url.split("#", 1)[1], **params)


# --- the builder and the reader ---------------------------------------------------------------

@pytest.mark.parametrize("page_url, page, expected", [
    ("http://example.test/", "index", "http://example.test/index.html#game=X"),
    ("http://example.test/games/jaipur/?seed=9&lang=fa", "embed", "http://example.test/games/jaipur/embed.html#game=X"),
    ("https://example.test/j/embed.html?pause=0", "index", "https://example.test/j/index.html#game=X"),
    ("https://example.test/j/index.html", "embed", "https://example.test/j/embed.html#game=X"),
])
def test_a_link_opens_in_the_index_or_the_embed_beside_the_page(page_url, page, expected):
    assert page_link(page_url, page, "game=X") == expected


def test_a_game_fragment_with_a_step_reads_back_as_the_game_and_the_step():
    game = game_cut_short(seed=3, moves_left=6)
    code, at = split_at(game_fragment(game, 12))
    assert at == 12 and code == game_fragment(game)
    kind, back = parse_fragment(code)
    assert kind == "game" and back.record == game.record and back.state == game.state
    assert split_at(game_fragment(game)) == (game_fragment(game), None)


# --- the panel ----------------------------------------------------------------------------------

def finished_at_home():
    """The page resuming the player's own finished game against the computer (not a record
    opened for review: the game link is offered because the game is over)."""
    game = game_cut_short(seed=3, moves_left=0).with_extra(level="hard", human_seat=0)
    assert game.state.phase == "game_over"
    host, runner = started({SAVE_KEY: encode_save(game, "hard", 0, "you")})
    assert runner.state.line.record == game.record and not runner.state.reviewable
    return game, host, runner


def test_a_finished_games_link_opens_the_same_game_and_its_review_step():
    game, host, runner = finished_at_home()
    press(runner, "review")
    press(runner, "review-step", "first")
    for _ in range(10):
        press(runner, "review-step", "next")
    press(runner, "share")
    url = field(host, "share-game-link")
    assert url is not None and url.startswith("http://example.test/index.html#game=") and url.endswith("&at=10")
    shown = runner.state.line.steps()[10][3]
    host2, reader = opened(url)
    assert reader.state.review == 10 and reader.state.line.record.rounds == game.record.rounds
    assert reader.state.line.steps()[10][3] == shown and 'data-at="10"' in host2.html
    assert host2.screen.status == host.screen.status       # "Round 1 Hard Reviewing the game"
    # the position shown, exactly: both hands are face up in a review
    kind, position = parse_fragment(field(host, "share-link").split("#", 1)[1])
    assert kind == "position" and position == shown


def test_out_of_review_the_game_link_opens_the_finished_game():
    game, host, runner = finished_at_home()
    press(runner, "share")
    url = field(host, "share-game-link")
    assert url is not None and "&at=" not in url
    _host, reader = opened(url)
    assert reader.state.line.state == game.state and reader.state.review is None
    press(runner, "copy-link", "game")
    assert host.copied == [url]


def test_a_game_in_progress_offers_its_position_only():
    host, runner = started(seed=5, first="you")
    play_by_selection(runner, legal_actions(runner.state.line.state)[0])
    host.run()                                          # the computer's reply
    assert runner.state.line.actions_played == 2
    press(runner, "share")
    assert field(host, "share-game-link") is None and 'data-testid="share-game-none"' in host.html
    assert "#game=" not in host.html and runner.state.share is not None and runner.state.share.game is None
    url = field(host, "share-link")
    assert url is not None and url.startswith("http://example.test/index.html#position=")
    kind, shared = parse_fragment(url.split("#", 1)[1])
    assert view_of(shared, 0) == view_of(runner.state.line.state, 0)  # the hidden cards dealt afresh
    press(runner, "copy-link", "position")
    assert host.copied == [url]


def test_a_record_already_held_whole_may_be_passed_on_while_in_progress():
    game = game_cut_short(seed=3, moves_left=6)
    host, runner = started(fragment="#" + game_fragment(game))
    press(runner, "share")
    url = field(host, "share-game-link")
    assert url is not None
    _host, reader = opened(url)
    assert reader.state.line.record.rounds == runner.state.line.record.rounds


def test_the_panel_switches_its_links_to_the_embed_and_back():
    game, host, runner = finished_at_home()
    press(runner, "share")
    position, whole = field(host, "share-link"), field(host, "share-game-link")
    assert 'data-testid="share-page-index" data-key="share-page-index" aria-pressed="true"' in host.html
    press(runner, "share-page", "embed")
    assert field(host, "share-link") == position.replace("/index.html#", "/embed.html#")
    assert field(host, "share-game-link") == whole.replace("/index.html#", "/embed.html#")
    press(runner, "copy-link", "game")
    assert host.copied[-1].startswith("http://example.test/embed.html#game=")
    press(runner, "share-page", "index")
    assert field(host, "share-link") == position


def test_an_embeds_links_are_for_the_embed_first():
    game = Game.new(seed=6, first=0)
    host, runner = started(fragment="#" + game_fragment(game), embed=True)
    press(runner, "share")
    assert field(host, "share-link").startswith("http://example.test/embed.html#position=")
