"""The keyboard (pyscript_app/app/keys.py, keys.from_key): which key means what, roving focus, the trap."""

from __future__ import annotations

import random
import re

import pytest

from pyscript_app.app.events import ActionPressed, Pressed, ReviewStepped
from pyscript_app.app.keys import (
    ACTION_KEYS,
    BY_KEY,
    FOCUS_KEYS,
    from_key,
    normalise,
    roving_step,
    trap_step,
)
from pyscript_app.view.dialogs import keys_help
from pyscript_app.words import messages

TABLE = dict(reviewing=False, panel_open=False)


@pytest.mark.parametrize("key, extra, expected", [
    ("t", {}, ActionPressed("take")),
    ("T", {"shift": True}, ActionPressed("take")),
    ("c", {}, ActionPressed("camels")),
    ("r", {}, ActionPressed("trade")),
    ("s", {}, ActionPressed("sell")),
    ("h", {}, Pressed("hint")),
    ("u", {}, Pressed("take-back")),
    ("n", {}, Pressed("panel", "new")),
    ("k", {}, Pressed("panel", "know")),
    ("?", {"shift": True, "code": "Slash"}, Pressed("panel", "rules")),
    ("؟", {"shift": True}, Pressed("panel", "rules")),          # Persian layout
    ("ف", {"code": "KeyT"}, ActionPressed("take")),             # Persian layout, the T key
    ("ş", {"code": "Semicolon"}, None),                         # Turkish letter of no key of ours
    ("ı", {"code": "KeyI"}, None),
    ("c", {"modified": True}, None),                            # Ctrl+C copies, as ever
    ("r", {"modified": True}, None),                            # Ctrl+R reloads
    ("m", {}, None),                                            # focus keys: browser/page.py's, no event
    ("ArrowLeft", {}, None),                                    # on the table: roving focus, no event
    ("Escape", {}, None),                                       # nothing selected: nothing to clear
    ("Escape", {"selecting": True}, Pressed("clear")),
    ("x", {}, None),
    ("Enter", {}, None),                                        # the focused button's own click
    (" ", {}, None),
])
def test_a_key_on_the_table(key, extra, expected):
    assert from_key(key, **TABLE, **extra) == expected


@pytest.mark.parametrize("key, reviewing, panel_open, extra, expected", [
    ("Escape", False, True, {}, Pressed("close")),
    ("Escape", False, True, {"selecting": True}, Pressed("close")),
    ("Escape", False, False, {"dialog_open": True, "selecting": True}, None),  # the hand-over screen
    ("Escape", False, False, {"dialog_open": True, "result_open": True}, Pressed("result-aside", "table")),
    ("Escape", False, True, {"dialog_open": True, "result_open": True}, Pressed("close")),  # a panel over it
    ("t", False, True, {}, None),                       # a panel is open: the table's keys rest
    ("n", False, False, {"dialog_open": True}, None),   # the hand-over screen
    ("s", True, False, {}, None),                       # reviewing
    ("ArrowLeft", True, False, {}, ReviewStepped("prev")),
    ("ArrowRight", True, False, {}, ReviewStepped("next")),
    ("ArrowLeft", True, False, {"rtl": True}, ReviewStepped("next")),   # as the buttons lie, right to left
    ("ArrowRight", True, False, {"rtl": True}, ReviewStepped("prev")),
    ("Escape", True, False, {"selecting": True}, None),
])
def test_a_key_elsewhere(key, reviewing, panel_open, extra, expected):
    assert from_key(key, reviewing, panel_open, **extra) == expected


def test_every_key_is_one_letter_of_its_own_and_none_clashes_with_the_review_or_typing():
    keys = [k.key for k in ACTION_KEYS + FOCUS_KEYS]
    assert len(keys) == len(set(keys)) == len(BY_KEY)
    assert all(len(k) == 1 and (k.isalpha() and k.isascii() or k == "?") for k in keys)
    assert {normalise(k.label) for k in ACTION_KEYS + FOCUS_KEYS} == set(keys)


@pytest.mark.parametrize("key, index, count, rtl, expected", [
    ("ArrowRight", 0, 5, False, 1),
    ("ArrowDown", 3, 5, False, 4),
    ("ArrowRight", 4, 5, False, 0),     # wraps: the far end is one press away
    ("ArrowLeft", 0, 5, False, 4),
    ("ArrowUp", 2, 5, False, 1),
    ("ArrowLeft", 0, 5, True, 1),       # right to left: Left is forward
    ("ArrowRight", 0, 5, True, 4),
    ("ArrowDown", 0, 5, True, 1),
    ("Home", 3, 5, False, 0),
    ("End", 1, 5, False, 4),
    ("ArrowRight", 7, 5, False, 0),     # a stale index (the row shrank)
    ("ArrowLeft", -1, 5, False, 4),
    ("ArrowRight", 0, 0, False, None),  # an empty row
    ("a", 0, 5, False, None),
    ("Tab", 0, 5, False, None),
])
def test_roving_step(key, index, count, rtl, expected):
    assert roving_step(key, index, count, rtl) == expected


@pytest.mark.parametrize("index, count, backwards, expected", [
    (0, 3, False, 1), (2, 3, False, 0), (0, 3, True, 2), (1, 3, True, 0),
    (-1, 3, False, 0), (-1, 3, True, 2), (0, 1, False, 0), (0, 1, True, 0), (0, 0, False, None),
])
def test_tab_stays_in_a_dialog(index, count, backwards, expected):
    assert trap_step(index, count, backwards) == expected


def test_roving_and_trap_never_leave_their_row_seeded():
    rng = random.Random(9)
    for _ in range(2000):
        count = rng.randrange(1, 12)
        index = rng.randrange(-2, count + 2)
        key = rng.choice(sorted({"ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"}))
        assert 0 <= roving_step(key, index, count, rng.random() < 0.5) < count
        assert 0 <= trap_step(index, count, rng.random() < 0.5) < count
    # a full turn of the row comes back where it started, in both directions
    for count in range(1, 9):
        for start in range(count):
            at = start
            for _ in range(count):
                at = roving_step("ArrowRight", at, count)
            assert at == start


@pytest.mark.parametrize("language", ["en", "fa", "tr"])
def test_the_help_lists_every_key_in_each_language(language, translated):
    with messages.speaking(language):
        html = keys_help()
        described = [messages._(k.help_id) for k in ACTION_KEYS + FOCUS_KEYS]
    listed = re.findall(r"<kbd>(.*?)</kbd>", html)
    for found in ACTION_KEYS + FOCUS_KEYS:
        assert found.label in listed
    for words in described:
        assert words and words in html.replace("&#x27;", "'")
    if language != "en":  # translated, not the English fallback
        assert messages.ENGLISH["key-take"] not in html


def test_the_rules_panel_carries_the_keys():
    from pyscript_app.app.state import TableState
    from pyscript_app.view.dialogs import rules

    key, html = rules(TableState())
    assert 'data-testid="keys-help"' in html and "<kbd>T</kbd>" in html
    assert 'role="dialog"' in html and 'aria-modal="true"' in html


def _key(runner, key, **extra):
    """What browser/page.py's keydown listener does with a key: from_key on the runner's state, then dispatch."""
    state = runner.state
    event = from_key(key, state.review is not None, state.panel is not None,
                     selecting=not state.selection.is_empty(), **extra)
    if event is not None:
        runner.dispatch(event)
    return event


def test_keys_play_a_move_and_the_computers_reply_is_announced_in_the_live_region():
    from jaipur_core import TakeGood, legal_actions
    from pyscript_app.view.render import skeleton
    from tests.app_fakes import press, started

    host, runner = started(seed=3, first="you", level="easy")
    take = next(a for a in legal_actions(runner.state.line.state) if isinstance(a, TakeGood))
    market = runner.state.line.state.market
    index = sum(market[:take.good])  # the first card of that good in the market row
    press(runner, "select", zone="market", index=str(index))  # Space on a focused card is its click
    assert _key(runner, "Escape") == Pressed("clear") and runner.state.selection.is_empty()
    press(runner, "select", zone="market", index=str(index))
    assert _key(runner, "t") == ActionPressed("take")
    assert runner.state.line.actions_played == 1
    host.run()
    said = runner.state.log[-1]
    assert said.startswith("Computer ") and said in host.screen.last_move
    # the live region wraps the last move and the message, and is part of the fixed skeleton
    page = skeleton()
    live = page[page.index('data-testid="live"') - 40:page.index('data-region="log"')]
    assert 'aria-live="polite"' in live and 'data-region="last-move"' in live and 'data-region="message"' in live


def test_panel_keys_open_and_escape_closes_them():
    from tests.app_fakes import started

    host, runner = started(seed=3, first="you", level="easy")
    _key(runner, "n")
    assert runner.state.panel == "new" and 'data-testid="new-game-panel"' in host.html
    assert _key(runner, "?", shift=True) is None  # the table's keys rest while a panel is open
    assert _key(runner, "Escape") == Pressed("close") and runner.state.panel is None
    _key(runner, "?", shift=True)
    assert runner.state.panel == "rules" and 'data-testid="keys-help"' in host.html
    _key(runner, "Escape")
    assert runner.state.panel is None


def test_the_log_is_a_named_tab_stop_and_every_dialog_is_modal():
    from dataclasses import replace

    from pyscript_app.app.state import TableState
    from pyscript_app.view.dialogs import new_game, share
    from pyscript_app.view.log import log_panel, log_region

    state = replace(TableState(), log=("one", "two"))
    region = log_region(state)
    assert 'tabindex="0"' in region and 'aria-labelledby="log-heading"' in region
    assert 'id="log-heading"' in region
    for key, html in (log_panel(state), new_game(state), share(state)):
        assert 'role="dialog"' in html and 'aria-modal="true"' in html, key
        labelled = re.search(r'aria-labelledby="([^"]+)"', html).group(1)
        assert f'id="{labelled}"' in html, key
