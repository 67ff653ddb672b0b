"""The page boots the game, or says plainly why it cannot."""

import pytest

pytestmark = pytest.mark.e2e


def test_boots_to_ready_and_runs_the_app(load_game):
    page = load_game()
    assert page.get_by_test_id("app").inner_text() == "Jaipur loaded"
    assert page.get_by_test_id("boot-error").is_hidden()
    assert page.get_by_test_id("boot-status").is_hidden()
