"""The page side of untrusted input (issue 12): bounded readers, the round-length cap, the log.

Saves, kept lists and imports go through the engine's bounded `load_json` and its
typed record readers; a round can never grow past what a record may hold, so every
save the page writes reads back; the table renders only the recent log.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from jaipur_core import Game, IllegalActionError, InvalidJSONError, legal_actions
from jaipur_core.game import round_length_refusal
from jaipur_core.limits import MAX_ACTIONS_PER_ROUND, MAX_IMPORT_BYTES, MAX_LOG_LINES_RENDERED
from pyscript_app.app.effects import StartSearch
from pyscript_app.app.events import ActionPressed, Booted, FileChosen, Pressed
from pyscript_app.app.saves import decode_kept, decode_save, encode_save
from pyscript_app.app.state import TableState
from pyscript_app.app.update import update
from pyscript_app.view.log import log_panel, log_region
from pyscript_app.view.render import render
from pyscript_app.words.messages import ENGLISH, _, refusal

NESTED = '{"format": "jaipur-save/1", "record": ' + "[" * 5000 + "]" * 5000 + "}"


def boot(saved=None, kept=None, fragment="", **params):
    event = Booted(params=tuple(sorted((k, str(v)) for k, v in params.items())), fragment=fragment,
                   saved=saved, kept=kept, entropy=5, now_ms=1000, page_url="http://x.test/")
    return update(TableState(), event)


def stalled(seed: int) -> Game:
    """Two players trading back and forth (a seeded random pick, trades first) until refused.

    Some deals run out of trades and end; the first seed from `seed` on that stalls is used.
    """
    for attempt in range(seed, seed + 50):
        game, rng = Game.new(seed=attempt, first=0, players=("You", "Computer (easy)")), random.Random(attempt)
        while game.state.phase == "play":
            actions = legal_actions(game.state)
            trades = [a for a in actions if a.kind == "trade"]
            try:
                game = game.play(rng.choice(trades or actions))
            except IllegalActionError as error:
                assert error.code == "round-too-long"
                return game
    raise AssertionError("no stalled round in 50 deals")


# --- the cap on actions per round -----------------------------------------------------------

@pytest.mark.parametrize("seed", range(4))
def test_stalling_is_refused_at_the_cap_and_the_record_reads_back(seed):
    game = stalled(seed)
    assert len(game.record.rounds[-1].actions) == MAX_ACTIONS_PER_ROUND
    before = game.to_record_json()
    action = legal_actions(game.state)[0]
    with pytest.raises(IllegalActionError) as refused:
        game.play(action)
    assert refused.value.code == "round-too-long" and refused.value.params == {"limit": MAX_ACTIONS_PER_ROUND}
    assert game.to_record_json() == before                    # a refusal changes nothing
    again = Game.from_record_json(json.loads(json.dumps(before)))
    assert again.state == game.state


@pytest.mark.parametrize("played, refused", [(0, False), (MAX_ACTIONS_PER_ROUND - 1, False),
                                              (MAX_ACTIONS_PER_ROUND, True), (10 ** 6, True)])
def test_round_length_refusal_table(played, refused):
    reason = round_length_refusal(played)
    assert (reason is not None) == refused
    if refused:
        assert reason.code == "round-too-long" and str(played) in reason


def test_the_page_line_refuses_past_the_cap_too():
    line = stalled(1)
    assert line.round_full is not None
    with pytest.raises(IllegalActionError) as refused:
        line.play(legal_actions(line.state)[0])
    assert refused.value.code == "round-too-long"
    shorter = line.take_back(1)
    assert shorter.round_full is None and len(shorter.play(legal_actions(shorter.state)[0]).rounds[-1].actions) == 400


def test_a_full_round_says_why_in_the_page_and_keeps_the_save():
    game = stalled(2)
    saved = encode_save(game, "easy", game.state.to_move, "you")
    state, effects = boot(saved=saved, pause=0)
    assert state.line.round_full is not None
    assert not [e for e in effects if isinstance(e, StartSearch)]
    assert state.note.parts[0][0] == "refusal-round-too-long" and state.note.kind == "error"
    words = render(state).html()
    assert "400 moves" in words
    after, effects = update(state, ActionPressed("camels"))
    assert after.line == state.line and after.note.parts[0][0] == "refusal-round-too-long"
    assert not effects
    # the computer's seat: no search is started, and a late answer plays nothing
    computer, effects = boot(saved=encode_save(game, "easy", 1 - game.state.to_move, "you"), pause=0)
    assert not [e for e in effects if isinstance(e, StartSearch)]
    assert computer.note.parts[0][0] == "refusal-round-too-long"
    assert decode_save(saved)[0].state == game.state


def test_the_refusal_words_come_from_the_catalog():
    assert refusal("round-too-long", {"limit": 400}) == _("refusal-round-too-long", limit=400)
    assert "{" not in refusal("round-too-long", {"limit": 400})


# --- saves, kept games and imports read through load_json ----------------------------------

def test_a_deeply_nested_save_is_a_typed_error_set_aside_not_lost():
    with pytest.raises(InvalidJSONError):
        decode_save(NESTED)
    state, effects = boot(saved=NESTED, seed=3, first="you")
    assert state.note.parts[0][0] == "save-unreadable"
    aside = [e for e in effects if getattr(e, "key", "").startswith("jaipur.save.corrupt-")]
    assert aside and aside[0].text == NESTED                  # kept as it was, for recovery


def test_a_nested_or_oversized_kept_list_is_set_aside():
    with pytest.raises(InvalidJSONError):
        decode_kept("[" * 100_000)
    state, effects = boot(kept="[" * 100_000, seed=3, first="you")
    assert state.kept == ()
    assert any(getattr(e, "key", "").startswith("jaipur.kept.corrupt-") for e in effects)


def test_a_kept_list_of_real_saves_still_reads():
    game = Game.new(seed=4, first=0)
    game = game.play(legal_actions(game.state)[0])
    text = encode_save(game, "easy", 0, "you")
    assert decode_kept("[" + ",".join([text] * 12) + "]") == [text] * 12


@pytest.mark.parametrize("text, words", [
    ("[" * 100_000, "nests more than"),
    ('{"a": ' + "9" * 5000 + "}", "a number of 5000 characters"),
    ("x" * (MAX_IMPORT_BYTES + 1), "larger than"),
    ("\u00e9" * (MAX_IMPORT_BYTES // 2 + 1), "larger than"),  # counted in UTF-8 bytes
    ('{"format": "jaipur-game/1", "players": ["a", "b"], "rounds": [{"start": {}, "actions": '
     + json.dumps(["take camels"] * 200_000) + "}]}", "larger than"),
])
def test_a_bad_import_says_why_and_keeps_the_game(text, words):
    state, _ = boot(seed=3, first="you")
    state, _ = update(state, ActionPressed("camels"))
    after, effects = update(state, FileChosen("bad.json", text, len(text.encode("utf-8"))))
    assert after.line == state.line and not effects
    said = render(after).message
    assert after.note.kind == "error" and ("Could not import bad.json" in said), said
    assert words in said or after.note.parts[0][0] == "import-too-big"


def test_the_page_has_one_import_limit():
    from pyscript_app.app import events
    from pyscript_app.app import update as update_module
    assert not hasattr(events, "MAX_IMPORT_BYTES") or events.MAX_IMPORT_BYTES is MAX_IMPORT_BYTES
    assert update_module.MAX_IMPORT_BYTES is MAX_IMPORT_BYTES


def test_a_file_over_the_limit_is_refused_on_its_size_alone():
    state, _ = boot(seed=3, first="you")
    after, _ = update(state, FileChosen("big.json", "", MAX_IMPORT_BYTES + 1))
    assert after.note.parts[0][0] == "import-too-big" and after.line == state.line
    assert "1 MB" in render(after).message



# --- the log ----------------------------------------------------------------------------------

def long_log_state(lines: int):
    state, _ = boot(seed=3, first="you")
    return replace(state, log=tuple(f"line {n}" for n in range(1, lines + 1)))


def test_a_huge_log_renders_only_its_recent_lines_and_offers_the_rest():
    state = long_log_state(8000)
    region = render(state).log
    assert region.count("<li>") == MAX_LOG_LINES_RENDERED
    assert "line 8000" in region and "line 7801" in region and "line 7800<" not in region
    assert 'start="8000"' in region and 'data-testid="log-show-all"' in region
    assert "7,800" in region or "7800" in region
    opened, _ = update(state, Pressed("panel", "log"))
    assert opened.panel == "log"
    html = render(opened).html()
    assert 'data-testid="log-panel"' in html and html.count("<li>") >= 8000
    closed, _ = update(opened, Pressed("close"))
    assert closed.panel is None and render(closed).html().count("<li>") < 8000


def test_a_short_log_has_no_show_all_button():
    state = long_log_state(MAX_LOG_LINES_RENDERED)
    region = log_region(state)
    assert region.count("<li>") == MAX_LOG_LINES_RENDERED and "log-show-all" not in region
    assert log_panel(state)[1].count("<li>") == MAX_LOG_LINES_RENDERED


def test_new_ids_are_in_the_english_catalog():
    for msg_id in ("refusal-round-too-long", "log-older-hidden", "log-show-all", "log-all-title",
                   "what-save", "what-kept"):
        assert msg_id in ENGLISH
