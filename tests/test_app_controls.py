"""app/controls.py is the one list of the page's controls: render writes it, the readers read it, update handles it.

Before, a button's name was spelled in four places (render, events.PRESSED,
update._BUTTONS, app/keys.py) with nothing checking that they agreed. These tests
are that check, over every screen of tests/screens.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyscript_app.app import update as update_module
from pyscript_app.app.controls import Button, Control, control_named
from pyscript_app.app.events import CardClicked, LanguageChosen, Pressed, from_dom
from pyscript_app.app.keys import ACTION_KEYS, FOCUS_KEYS, ROWS
from pyscript_app.view.render import render
from tests.screens import Controls, every_screen

SCREENS = every_screen()
RENDERED = {name: Controls(render(state).html()).found for name, state in SCREENS}


def test_every_rendered_data_action_is_a_controls_member_and_means_an_event():
    for name, found in RENDERED.items():
        for attributes in found:
            action = attributes["data-action"]
            assert control_named(action) is not None, (name, action)
            event = from_dom(action, attributes.get("data-value") or "", attributes.get("data-zone") or "",
                             attributes.get("data-index"))
            assert event is not None, (name, attributes)


def test_every_member_is_rendered_on_some_screen():
    """A member no screen shows is a button that went away (or a screen missing from tests/screens.py)."""
    shown = {attributes["data-action"] for found in RENDERED.values() for attributes in found}
    assert shown == {str(member) for member in (*Button, *Control)}


@pytest.mark.parametrize("button", list(Button))
def test_update_handles_every_button(button):
    assert update_module.button_handler(button) is not None
    assert from_dom(str(button), "v") == Pressed(button, "v")


@pytest.mark.parametrize("control", list(Control))
def test_every_control_has_its_own_event_that_update_handles(control):
    event = from_dom(str(control), "v", "market", "0")
    assert event is not None and not isinstance(event, Pressed)
    # LanguageChosen is handled before the table's handlers (it works before a game is dealt)
    assert type(event) in update_module._HANDLERS or isinstance(event, LanguageChosen)


def test_unknown_names_mean_nothing():
    assert control_named("no-such-button") is None and from_dom("no-such-button") is None
    assert update_module.button_handler("no-such-button") is None
    assert from_dom(Control.SELECT, zone="market", index="x") is None


def test_each_action_key_sends_what_its_button_sends():
    """A key and its button are one message: the same member and data-value."""
    by_testid = {}
    for found in RENDERED.values():
        for attributes in found:
            by_testid.setdefault(attributes.get("data-testid"), attributes)
    for key in ACTION_KEYS:
        control, value = key.sends
        button = by_testid[key.testid]
        assert (button["data-action"], button.get("data-value") or "") == (control, value), key
        assert key.event == from_dom(control, value)
    assert all(key.event is None and key.testid in (*ROWS, "log") for key in FOCUS_KEYS)


def test_a_card_click_is_read_from_its_attributes():
    assert from_dom(Control.SELECT, zone="hand", index="2") == CardClicked("hand", 2)


def test_dom_and_keys_name_card_controls_by_the_member():
    """The browser modules (pyscript_app/browser/: not imported here) compare data-action with literals:
    each must be a member."""
    folder = Path(__file__).resolve().parents[1] / "pyscript_app"
    source = "".join(path.read_text(encoding="utf-8") for path in sorted((folder / "browser").glob("*.py")))
    literals = re.findall(r'getAttribute\("data-action"\)\) (?:==|!=) "([^"]+)"', source)
    assert literals and all(control_named(name) is not None for name in literals)
    assert all(f'[data-action="{Control.SELECT}"]' in selector for selector in ROWS.values())
