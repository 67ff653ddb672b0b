"""The boot (pyscript_app/app/boot.py): each kind of source combination to the first game, and
each stored source read once.

A table: the sources a page boots with (the address, its link, the saved game, the kept list,
an embed) -> which game `first_game` decides on, what is on the table, what the message line
says, and what is stored. The whole boot is `update(TableState(), Booted(...))`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pytest

from jaipur_core import Game, Puzzle, legal_actions
from jaipur_core.share import game_fragment, position_fragment, puzzle_fragment
from pyscript_app.app import boot, games
from pyscript_app.app.boot import (
    NewGame,
    OpenPosition,
    OpenPuzzle,
    OpenRecord,
    Resume,
    ResumeFrame,
    first_game,
    read_sources,
)
from pyscript_app.app.effects import Ready, Remove, Save, StartSearch
from pyscript_app.app.events import Booted
from pyscript_app.app.saves import EMBED_INDEX_KEY, encode_kept, encode_save, kept_key
from pyscript_app.app.state import TableState
from pyscript_app.app.update import update

NOW_MS = 1000


def played(seed: int, moves: int) -> Game:
    line = Game.new(seed=seed, first=0, players=("You", "Computer"))
    for _ in range(moves):
        line = line.play(legal_actions(line.state)[0])
    return line


def finished(seed: int) -> Game:
    line = Game.new(seed=seed, first=0)
    while line.in_progress:
        line = line.play(legal_actions(line.state)[0]) if line.state.phase == "play" else line.next_round()
    return line


SAVED = played(5, 2)                     # you, the computer: your move again
SAVE = encode_save(SAVED, "hard", 0, "you")
FINISHED_SAVE = encode_save(finished(6), "easy", 0, "you")
RECORD = played(7, 4)
POSITION = played(9, 2).state
PUZZLE = Puzzle(POSITION, "What now?", (legal_actions(POSITION)[0],), "Because.")
GAME_LINK = "#" + game_fragment(RECORD)
POSITION_LINK = "#" + position_fragment(POSITION)
PUZZLE_LINK = "#" + puzzle_fragment(PUZZLE)


def booted_with(saved=None, kept=None, fragment="", embed=False, **params) -> Booted:
    params.setdefault("first", "you")  # a new game is yours to start: no search in the effects
    return Booted(params=tuple(sorted((name, str(value)) for name, value in params.items())),
                  fragment=fragment, saved=saved, kept=kept, embed=embed, entropy=5, now_ms=NOW_MS,
                  page_url="http://x.test/", embed_index="[]" if embed else None)


@dataclass(frozen=True)
class Case:
    name: str
    event: Booted
    first: object                 # sources -> the FirstGame expected
    table: str                    # what is on the table (ON_TABLE)
    notes: tuple                  # the message line's catalog ids, in order
    stored: tuple                 # the effects, said by `said`
    check: dict = field(default_factory=dict)  # more of the state: attribute -> value


ON_TABLE = {
    "the save": lambda state: state.game.rounds == SAVED.rounds and state.save_key == state.home_key,
    "a new deal": lambda state: state.game.actions_played == 0 and state.save_key == state.home_key,
    "deal 3": lambda state: state.game.actions_played == 0 and state.game.seed == 3,
    "the record": lambda state: state.game.rounds == RECORD.rounds and state.reviewable,
    "the position": lambda state: state.game.state == POSITION and state.game.actions_played == 0,
    "the puzzle": lambda state: state.puzzle is not None and state.game.state == POSITION,
}

CASES = [
    Case("a first visit", booted_with(),
         lambda s: NewGame(), "a new deal", (), ("Save home", "Ready")),
    Case("a return visit, a game in progress", booted_with(SAVE),
         lambda s: Resume(s.saved), "the save", ("resumed",), ("Save home", "Ready"),
         {"level": "hard", "seed_param": None}),
    Case("a save that does not read", booted_with("{not json"),
         lambda s: NewGame(), "a new deal", ("save-unreadable",),
         ("Save home.corrupt", "Save home", "Ready")),
    Case("a kept list that does not read", booted_with(SAVE, kept="[[["),
         lambda s: Resume(s.saved), "the save", ("resumed",),
         ("Save kept.corrupt", "Save home", "Ready"), {"kept": ()}),
    Case("a link that does not read", booted_with(fragment="#game=zzz"),
         lambda s: NewGame(), "a new deal", ("link-bad-new",), ("Save home", "Ready")),
    Case("a link that does not read, a game in progress", booted_with(SAVE, fragment="#game=zzz"),
         lambda s: Resume(s.saved), "the save", ("link-bad-resumed",), ("Save home", "Ready")),
    Case("a link that names only a step", booted_with(fragment="#&at=3"),
         lambda s: NewGame(), "a new deal", ("link-bad-new",), ("Save home", "Ready")),
    Case("?seed= another deal than the save's", booted_with(SAVE, seed=3),
         lambda s: NewGame(kept=s.saved), "deal 3", ("kept-computer",), ("Save kept", "Save home", "Ready")),
    Case("?seed= the save's own deal", booted_with(SAVE, seed=5),
         lambda s: Resume(s.saved), "the save", ("resumed",), ("Save home", "Ready")),
    Case("?seed= another deal, the save finished", booted_with(FINISHED_SAVE, seed=3),
         lambda s: NewGame(kept=None), "deal 3", (), ("Save home", "Ready")),
    Case("?opponent= another mode than the save's", booted_with(SAVE, opponent="friend"),
         lambda s: NewGame(kept=s.saved), "a new deal", ("kept-computer",),
         ("Save kept", "Save home", "Ready"), {"mode": "friend"}),
    Case("?opponent= the save's own mode", booted_with(SAVE, opponent="computer"),
         lambda s: Resume(s.saved), "the save", ("resumed",), ("Save home", "Ready")),
    Case("a #game= link, a game in progress saved", booted_with(SAVE, fragment=GAME_LINK),
         lambda s: OpenRecord(s.link.value, None, home=s.saved), "the record", ("link-loaded", "kept-computer"),
         ("Ready",), {"home_text": SAVE, "save_key": None, "review": None}),
    Case("a #game= link opening its review", booted_with(fragment=GAME_LINK + "&at=2"),
         lambda s: OpenRecord(s.link.value, s.link.step), "the record", ("review-opened",), ("Ready",),
         {"review": 2, "home_text": None}),
    Case("a #position= link, a finished game saved", booted_with(FINISHED_SAVE, fragment=POSITION_LINK),
         lambda s: OpenPosition(POSITION), "the position", ("link-loaded",), ("Ready",), {"home_text": None}),
    Case("a #position= link, a save that does not read", booted_with("{not json", fragment=POSITION_LINK),
         lambda s: OpenPosition(POSITION), "the position", ("link-loaded", "save-unreadable"),
         ("Save home.corrupt", "Ready")),
    Case("a #puzzle= link, a game in progress saved", booted_with(SAVE, fragment=PUZZLE_LINK),
         lambda s: OpenPuzzle(PUZZLE, home=s.saved), "the puzzle", ("puzzle-opened", "kept-computer"),
         ("Ready",), {"home_text": SAVE, "save_key": None}),
    Case("an embed with its own save of its link", booted_with(SAVE, fragment=POSITION_LINK, embed=True),
         lambda s: ResumeFrame(s.saved, reviewable=False), "the save", ("resumed",),
         ("Save index", "Save home", "Ready")),
    Case("an embed without a save of its link", booted_with(fragment=POSITION_LINK, embed=True),
         lambda s: OpenPosition(POSITION), "the position", ("link-loaded",), ("Save index", "Ready"),
         {"save_key": "home"}),
    Case("an embed of a record, its own save", booted_with(SAVE, fragment=GAME_LINK, embed=True),
         lambda s: ResumeFrame(s.saved, reviewable=True), "the save", ("resumed",),
         ("Save index", "Save home", "Ready"), {"reviewable": True}),
    Case("an embed of a puzzle, a save under its key", booted_with(SAVE, fragment=PUZZLE_LINK, embed=True),
         lambda s: OpenPuzzle(PUZZLE, home=s.saved), "the puzzle", ("puzzle-opened", "kept-computer"),
         ("Save index", "Ready")),
]


def said(effects, home: str) -> tuple:
    """The effects, their keys named by role: home, kept, their .corrupt asides, the embed index."""
    names = {home: "home", kept_key(home): "kept", EMBED_INDEX_KEY: "index"}
    out = []
    for effect in effects:
        if isinstance(effect, Save | Remove):
            key = effect.key
            for prefix, role in ((f"{kept_key(home)}.corrupt-", "kept.corrupt"), (f"{home}.corrupt-", "home.corrupt")):
                if key.startswith(prefix):
                    key = role
            out.append(f"{type(effect).__name__} {names.get(key, key)}")
        else:
            out.append(type(effect).__name__)
    return tuple(out)


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_each_source_combination_puts_its_game_on_the_table(case):
    sources = read_sources(case.event, "en")
    assert first_game(sources) == case.first(sources)
    state, effects = update(TableState(), case.event)
    assert ON_TABLE[case.table](state), case.table
    assert tuple(msg_id for msg_id, _params in (state.note.parts if state.note else ())) == case.notes
    assert said(effects, state.home_key) == case.stored
    for name, value in case.check.items():
        assert getattr(state, name) == (state.home_key if value == "home" else value), name


def test_the_table_covers_every_first_game():
    decided = {type(first_game(read_sources(case.event, "en"))) for case in CASES}
    assert decided == {ResumeFrame, OpenPuzzle, OpenRecord, OpenPosition, Resume, NewGame}


def test_a_save_set_aside_is_kept_as_it_was_stored_and_offered_back():
    state, effects = update(TableState(), booted_with(SAVE, seed=3))
    assert [entry.text for entry in state.kept] == [SAVE]
    assert Save(kept_key(state.home_key), encode_kept([SAVE])) in effects
    assert state.note is not None and state.note.offers[0][1] == "0"  # Resume the kept game, index 0


def test_the_kept_games_are_listed_newest_first_and_an_unreadable_one_left_out():
    other = encode_save(played(8, 1), "easy", 0, "you")
    state, _effects = update(TableState(), booted_with(SAVE, kept=encode_kept([other, '{"format": "x"}']), seed=3))
    assert [entry.text for entry in state.kept] == [SAVE, other]


def test_an_unreadable_save_is_set_aside_under_the_key_the_note_names():
    state, effects = update(TableState(), booted_with("{not json"))
    aside = f"{state.home_key}.corrupt-{NOW_MS}"
    assert Save(aside, "{not json") in effects
    assert state.note is not None and dict(state.note.parts[0][1])["key"] == aside


def test_the_computer_to_move_first_is_asked_for_its_move_once():
    _state, effects = update(TableState(), booted_with(first="computer", pause=0))
    assert [type(effect) for effect in effects].count(StartSearch) == 1 and effects[-1] == Ready()


# --- each source read once; the first game installed once, settled once ----------------------------

READ_ONCE = {
    "a return visit": booted_with(SAVE, kept=encode_kept([FINISHED_SAVE, encode_save(played(8, 1), "easy", 0, "you")])),
    "?seed= another deal": booted_with(SAVE, kept=encode_kept([FINISHED_SAVE]), seed=3),
    "a #game= link": booted_with(SAVE, kept=encode_kept([FINISHED_SAVE]), fragment=GAME_LINK + "&at=1"),
    "a #puzzle= link": booted_with(SAVE, kept=encode_kept([FINISHED_SAVE]), fragment=PUZZLE_LINK),
    "an unreadable link": booted_with(SAVE, kept=encode_kept([FINISHED_SAVE]), fragment="#game=zzz"),
    "an embed's own save": booted_with(SAVE, fragment=POSITION_LINK, embed=True),
    "nothing readable": booted_with("{not json", kept="[[["),
}


def counting(monkeypatch, module, name: str, calls: Counter, key=lambda *args: args[0]):
    real = getattr(module, name)

    def counted(*args, **kwargs):
        calls[name, key(*args)] += 1
        return real(*args, **kwargs)
    monkeypatch.setattr(module, name, counted)


@pytest.mark.parametrize("event", READ_ONCE.values(), ids=READ_ONCE)
def test_each_stored_source_is_decoded_once(monkeypatch, event):
    calls: Counter = Counter()
    for module in (boot, games):  # games.kept_entry reads each kept save
        counting(monkeypatch, module, "decode_save", calls)
    counting(monkeypatch, boot, "decode_kept", calls)
    counting(monkeypatch, boot, "parse_fragment", calls)
    update(TableState(), event)
    assert calls and all(count == 1 for count in calls.values()), calls
    assert calls["decode_save", event.saved] == 1
    assert sum(count for (name, _text), count in calls.items() if name == "decode_kept") == (1 if event.kept else 0)
    assert sum(count for (name, _text), count in calls.items() if name == "parse_fragment") == (
        1 if event.fragment else 0)


@pytest.mark.parametrize("event", [case.event for case in CASES] + list(READ_ONCE.values()),
                         ids=[case.name for case in CASES] + list(READ_ONCE))
def test_the_first_game_is_installed_once_and_settled_once(monkeypatch, event):
    calls: Counter = Counter()
    counting(monkeypatch, games, "install", calls, key=lambda *args: "")
    counting(monkeypatch, games, "settle", calls, key=lambda *args: "")
    state, _effects = update(TableState(), event)
    assert calls == Counter({("install", ""): 1, ("settle", ""): 1})
    assert state.token == 1
