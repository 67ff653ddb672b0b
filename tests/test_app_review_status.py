"""The status line while reviewing says the round shown and the level the game was played at
(issue 27, item 2): never the round the game has reached, nor the page's own level setting."""

from __future__ import annotations

import json
import re

import pytest

from jaipur_core.share import game_fragment
from pyscript_app.app.events import FileChosen
from tests.app_fakes import press, started
from tests.e2e.records import game_cut_short


def two_rounds(**extra):
    """A real game in its second round or later (easy against easy), with these record fields."""
    game = game_cut_short(seed=3, moves_left=6)
    assert game.state.round >= 2
    return game.with_extra(**extra)


def status(host) -> str:
    return re.sub(r"<[^>]+>", "", host.screen.status)


def level_shown(host) -> str | None:
    found = re.search(r'<span class="level">([^<]*)</span>', host.screen.status)
    return found.group(1) if found else None


def test_an_imported_record_reviewed_from_the_first_step_says_round_1():
    game = two_rounds(level="hard", human_seat=0)
    host, runner = started(level="medium")
    runner.dispatch(FileChosen("game.json", json.dumps(game.to_record_json())))
    host.run()                                   # the computer's move, if it is to move
    press(runner, "review")
    press(runner, "review-step", "first")
    assert status(host).startswith("Round 1 ") and level_shown(host) == "Hard"
    assert 'data-round="1"' in host.screen.html()
    press(runner, "review-step", "last")
    assert status(host).startswith(f"Round {game.state.round} ")


def test_a_game_link_at_a_step_of_round_1_says_round_1_and_the_records_level():
    game = two_rounds(level="hard", human_seat=0)
    host, runner = started(fragment="#" + game_fragment(game) + "&at=10")  # the page's level: medium
    assert runner.state.review == 10
    assert status(host).startswith("Round 1 ") and level_shown(host) == "Hard"
    assert "Medium" not in status(host)


@pytest.mark.parametrize("opened", ["link", "import"])
def test_a_record_that_names_no_level_claims_none_in_review(opened):
    game = two_rounds()
    assert game.get("level") is None
    if opened == "link":
        host, runner = started(fragment="#" + game_fragment(game) + "&at=3", level="expert")
    else:
        host, runner = started(level="expert")
        runner.dispatch(FileChosen("game.json", json.dumps(game.to_record_json())))
        host.run()
        press(runner, "review")
        press(runner, "review-step", "first")
    assert status(host).startswith("Round 1 ")
    assert level_shown(host) is None and "Expert" not in status(host)


def test_a_friend_game_reviewed_says_friend_not_a_level():
    game = two_rounds(opponent="friend", level="hard")
    host, runner = started(fragment="#" + game_fragment(game) + "&at=2")
    assert level_shown(host) == "friend" and "Hard" not in status(host)
    assert runner.state.friend and 'data-testid="handover"' not in host.html  # both hands are shown
    press(runner, "review-close")                 # the game goes on between friends: hand hidden
    assert 'data-testid="handover"' in host.html
