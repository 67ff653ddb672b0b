"""Storage refused, and two tabs of one game (issue 28, item 7): pyscript_app/app/tabs.py, update."""

from __future__ import annotations

import json

import pytest

from jaipur_core import Game, legal_actions
from jaipur_core.share import position_fragment
from pyscript_app.app.effects import Save, StartSearch
from pyscript_app.app.events import StorageChanged, StorageFailed
from pyscript_app.app.games import FOLLOW_GRACE_MS
from pyscript_app.app.saves import SAVE_KEY, decode_kept, encode_save
from pyscript_app.app.update import update
from pyscript_app.words.messages import speaking
from tests.app_fakes import booted, play_by_selection, press

GAME = {"seed": 5, "first": "you", "level": "easy", "pause": "0"}
REFUSED = "This browser does not let the game be stored here"


def play_a_move(runner, host):
    play_by_selection(runner, legal_actions(runner.state.line.state)[0])
    host.run()


def message_ids(state) -> list[str]:
    return [] if state.note is None else [msg_id for msg_id, _params in state.note.parts]


# --- storage refused ----------------------------------------------------------------------

@pytest.mark.parametrize("language, words", [("en", REFUSED), ("fa", "ذخیره نمی‌شود"),
                                             ("tr", "kaydedilmiyor")])
def test_refused_storage_is_said_once_in_the_pages_language_and_play_goes_on(translated, language, words):
    host, runner = booted(lang=language, **GAME)
    host.fail_storage = True
    play_a_move(runner, host)
    assert words in host.screen.message and runner.state.unsaved
    for _ in range(2):
        play_a_move(runner, host)
        assert words not in host.screen.message  # once, not on every move
    assert runner.state.line.actions_played == 6 and not host.errors


def test_a_frame_with_storage_blocked_says_so_at_boot_and_keeps_the_links_message():
    from pyscript_app.app.events import Booted
    from pyscript_app.app.runner import Runner
    from tests.app_fakes import FakeHost
    host = FakeHost()
    host.fail_storage = True
    runner = Runner(host)
    fragment = "#" + position_fragment(Game.new(seed=3, first=0).state)
    runner.dispatch(Booted(params=(("pause", "0"),), fragment=fragment, embed=True, entropy=1))
    assert host.ready and message_ids(runner.state) == ["storage-refused", "link-loaded"]
    play_a_move(runner, host)
    assert runner.state.line.actions_played == 2 and REFUSED not in host.screen.message


def test_a_refusal_after_the_note_was_said_changes_nothing():
    state = booted(**GAME)[1].state
    said, _ = update(state, StorageFailed("QuotaExceededError"))
    again, effects = update(said, StorageFailed("QuotaExceededError"))
    assert again is said and effects == ()


# --- two tabs -------------------------------------------------------------------------------

def two_tabs():
    """Tab A plays; tab B was opened on the same save (one origin's storage)."""
    host_a, tab_a = booted(**GAME)
    host_b, tab_b = booted(host_a.storage, **GAME)
    assert tab_b.state.line.rounds == tab_a.state.line.rounds
    return host_a, tab_a, host_b, tab_b


def tell(runner, host, key=SAVE_KEY):
    """The storage event of A's last write of `key`, in tab B."""
    runner.dispatch(StorageChanged(key, host.storage[key]))


def test_a_move_in_one_tab_is_followed_in_the_other_without_writing_back():
    host_a, tab_a, host_b, tab_b = two_tabs()
    before_b = dict(host_b.storage)
    play_by_selection(tab_a, legal_actions(tab_a.state.line.state)[0])  # A moves: the computer is to move
    state, effects = update(tab_b.state, StorageChanged(SAVE_KEY, host_a.storage[SAVE_KEY]))
    assert state.line.rounds == tab_a.state.line.rounds and message_ids(state) == ["tab-followed"]
    assert not any(isinstance(effect, Save) for effect in effects)  # the text is stored already
    # B's computer waits: A's is choosing, and its move will be followed too
    assert [effect.delay_ms for effect in effects if isinstance(effect, StartSearch)] == [FOLLOW_GRACE_MS]
    host_a.run()  # A's computer replies
    tab_b.dispatch(StorageChanged(SAVE_KEY, host_a.storage[SAVE_KEY]))
    assert tab_b.state.line.rounds == tab_a.state.line.rounds and host_b.storage == before_b
    play_a_move(tab_b, host_b)  # B plays on: its own move, saved, no longer adopted
    assert not tab_b.state.adopted and tab_b.state.line.actions_played == 4


def test_the_same_save_again_or_an_unreadable_one_changes_nothing():
    host_a, tab_a, host_b, tab_b = two_tabs()
    for text in (host_a.storage[SAVE_KEY], "{not json", encode_save(Game.new(seed=5, first=0), "bad", 0, "you")):
        state, effects = update(tab_b.state, StorageChanged(SAVE_KEY, text))
        assert state is tab_b.state and effects == ()


@pytest.mark.parametrize("key", ["jaipur.language", "jaipur.embed.save", "jaipur.save.corrupt-1"])
def test_other_keys_are_not_this_tabs_game(key):
    host_a, tab_a, host_b, tab_b = two_tabs()
    play_a_move(tab_a, host_a)
    state, effects = update(tab_b.state, StorageChanged(key, host_a.storage[SAVE_KEY]))
    assert state is tab_b.state and effects == ()


def stale_b():
    """A starts a new game (its game is kept); B still shows the old one: stale."""
    host_a, tab_a, host_b, tab_b = two_tabs()
    play_a_move(tab_a, host_a)
    tell(tab_b, host_a)
    press(tab_a, "new-game")
    host_a.run()
    tell(tab_b, host_a, "jaipur.kept")
    tell(tab_b, host_a)
    return host_a, tab_a, host_b, tab_b


def test_a_different_game_in_another_tab_makes_this_one_stale_and_says_so():
    host_a, tab_a, host_b, tab_b = stale_b()
    state = tab_b.state
    assert state.elsewhere == host_a.storage[SAVE_KEY] and message_ids(state) == ["tab-moved-on"]
    assert [offer[0] for offer in state.note.offers] == ["load-other-tab", "keep-this-tab"]
    assert "changed in another tab" in host_b.screen.message
    assert len(state.kept) == 1  # the kept list followed A's (its old game)


def test_a_move_in_a_stale_tab_is_refused_and_never_overwrites_the_other_tabs_save():
    host_a, tab_a, host_b, tab_b = stale_b()
    before, stored = tab_b.state.line, host_b.storage.get(SAVE_KEY)
    play_by_selection(tab_b, legal_actions(before.state)[0])
    assert tab_b.state.line == before and host_b.storage.get(SAVE_KEY) == stored
    assert message_ids(tab_b.state) == ["tab-moved-on"] and "changed in another tab" in host_b.screen.message


def test_load_shows_the_other_tabs_game_and_keeps_this_one():
    host_a, tab_a, host_b, tab_b = stale_b()
    old = tab_b.state.line
    press(tab_b, "load-other-tab")
    state = tab_b.state
    assert state.elsewhere is None and state.line.rounds == tab_a.state.line.rounds
    assert message_ids(state)[0] == "tab-loaded"
    kept = [Game.from_record_json(json.loads(entry.text)["record"]).rounds for entry in state.kept]
    assert kept.count(old.rounds) == 1  # kept once (A had kept it already, B follows A's list), not lost
    assert "jaipur.kept" not in host_b.storage  # so B did not write the list again


def test_load_keeps_this_tabs_game_when_the_other_tab_did_not():
    host_a, tab_a, host_b, tab_b = two_tabs()
    play_a_move(tab_b, host_b)  # B plays; A knows nothing of it and starts another game
    press(tab_a, "new-game")
    tell(tab_b, host_a)
    mine = tab_b.state.line
    press(tab_b, "load-other-tab")
    assert tab_b.state.line.rounds == tab_a.state.line.rounds
    kept = [Game.from_record_json(json.loads(text)["record"]).rounds
            for text in decode_kept(host_b.storage["jaipur.kept"])]
    assert kept == [mine.rounds]


def test_keep_saves_this_tabs_game_and_keeps_the_other_one():
    host_a, tab_a, host_b, tab_b = stale_b()
    theirs = tab_a.state.line
    press(tab_b, "keep-this-tab")
    state = tab_b.state
    assert state.elsewhere is None and message_ids(state)[:2] == ["tab-kept-here", "kept-computer"]
    assert host_b.storage[SAVE_KEY] != host_a.storage[SAVE_KEY]
    saved_here = Game.from_record_json(json.loads(host_b.storage[SAVE_KEY])["record"])
    assert saved_here.rounds == state.line.rounds
    assert state.kept[0].text == host_a.storage[SAVE_KEY] and theirs.actions_played == 0
    # and A, told of B's save, is now the stale one: never silent on either side
    tell(tab_a, host_b)
    assert message_ids(tab_a.state) == ["tab-moved-on"]


def test_a_link_tab_ignores_the_saves_of_other_tabs():
    host_a, tab_a, _host_b, _tab_b = two_tabs()
    play_a_move(tab_a, host_a)
    host_l, link_tab = booted(host_a.storage, "#" + position_fragment(Game.new(seed=9, first=0).state))
    state, effects = update(link_tab.state, StorageChanged(SAVE_KEY, host_a.storage[SAVE_KEY]))
    assert state is link_tab.state and effects == ()


def test_the_messages_are_in_the_catalog_for_every_language(translated):
    for language in ("en", "fa", "tr"):
        with speaking(language):
            from pyscript_app.words.messages import _
            for msg_id in ("tab-moved-on", "tab-followed", "tab-loaded", "tab-kept-here", "storage-refused"):
                assert _(msg_id) and _(msg_id) != msg_id
                if language != "en":
                    with speaking("en"):
                        english = _(msg_id)
                    assert _(msg_id) != english  # translated, not the English fallback
