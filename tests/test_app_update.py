"""update(state, event) as a pure function: table-driven events, and random event sequences.

Invariants checked after every event of every sequence:
  - update never raises, and never changes the state it was given (frozen values);
  - the selection names only cards on the table (indices inside the rows);
  - the computer moves only on its turn (every action of the line was legal, by the seat to move,
    and the human seat never had a move played for it by SearchDone);
  - in play, the rendered page never shows hidden cards (re-dealing them leaves the HTML identical);
  - render always succeeds.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jaipur_core import Game, legal_actions, sample_state, view_of
from pyscript_app.app.effects import PickFile, StartSearch
from pyscript_app.app.events import (
    ActionPressed,
    Booted,
    CardClicked,
    CopyDone,
    Failed,
    FileChosen,
    OptionChosen,
    Pressed,
    ReviewStepped,
    SearchDone,
    SearchFailed,
    StorageFailed,
)
from pyscript_app.app.selection import row_cards
from pyscript_app.app.state import Search, TableState
from pyscript_app.app.update import update
from pyscript_app.view.render import render


def boot(**params):
    fragment = params.pop("fragment", "")
    saved = params.pop("saved", None)
    event = Booted(params=tuple(sorted((k, str(v)) for k, v in params.items())), fragment=fragment,
                   saved=saved, entropy=5, now_ms=1000, page_url="http://x.test/")
    return update(TableState(), event)


def kinds(effects):
    return [type(effect).__name__ for effect in effects]


# --- table-driven ---------------------------------------------------------------------

def test_boot_deals_saves_and_says_ready():
    state, effects = boot(seed=3, first="you")
    assert state.booted and state.line.seed == 3 and state.line.state.to_move == 0
    assert kinds(effects) == ["Save", "Ready"]


def test_boot_with_the_computer_first_asks_for_its_search():
    state, effects = boot(seed=3, first="computer", level="easy", pause=0)
    search = [e for e in effects if isinstance(e, StartSearch)]
    assert len(search) == 1 and search[0].purpose == "ai" and search[0].level == "easy"
    assert search[0].view.seat == 1 and state.search == Search("ai", state.token)


@pytest.mark.parametrize("event, expect", [
    (CardClicked("market", 0), lambda s: s.selection.market == frozenset({0})),
    (CardClicked("market", 99), lambda s: s.selection.is_empty()),           # a stale click
    (CardClicked("nowhere", 0), lambda s: s.selection.is_empty()),
    (ActionPressed("take"), lambda s: s.note.kind == "error"),             # nothing selected
    (ActionPressed("fly"), lambda s: s.note is None),
    (Pressed("panel", "rules"), lambda s: s.panel == "rules"),
    (Pressed("panel", "bogus"), lambda s: s.panel is None),
    (Pressed("hint"), lambda s: s.search == Search("hint", s.token)),
    (Pressed("take-back"), lambda s: s.note.kind == "error"),              # no move yet
    (Pressed("review"), lambda s: s.review is None),                        # the game is not over
    (OptionChosen("level", "hard"), lambda s: s.settings.level == "hard"),
    (OptionChosen("level", "godlike"), lambda s: s.settings.level == "medium"),
    (ReviewStepped("next"), lambda s: s.review is None),
    (CopyDone(True), lambda s: s.note.parts[0][0] == "copied"),
    (CopyDone(False), lambda s: s.note.parts[0][0] == "copy-failed"),
    (CopyDone(True, "snippet"), lambda s: s.note.parts[0][0] == "snippet-copied"),
    (CopyDone(False, "snippet"), lambda s: s.note.parts[0][0] == "snippet-copy-failed"),
    (StorageFailed("full"), lambda s: s.note.kind == "error"),
    (Failed("boom"), lambda s: s.note.offers[0][0] == "dismiss"),
    (SearchDone("ai", 999, None), lambda s: s.line.actions_played == 0),   # stale: ignored
    (SearchFailed("hint", 999, "x"), lambda s: s.note is None),
    (FileChosen("x.json", "not json"), lambda s: s.note.kind == "error" and s.line.seed == 3),
    (FileChosen("huge.json", "", 50_000_000),
     lambda s: s.note.parts[0][0] == "import-too-big" and s.line.seed == 3),
])
def test_one_event(event, expect):
    state, _effects = boot(seed=3, first="you")
    after, _effects = update(state, event)
    assert expect(after), after


def test_import_asks_for_the_file_chooser_only():
    state, _ = boot(seed=3, first="you")
    after, effects = update(state, Pressed("import"))
    assert effects == (PickFile(),) and after.line == state.line


def test_a_move_plays_saves_and_starts_the_computer():
    state, _ = boot(seed=3, first="you", pause=0)
    action = legal_actions(state.line.state)[0]
    assert action.kind == "camels"
    state, effects = update(state, ActionPressed("camels"))
    assert state.line.actions_played == 1 and kinds(effects) == ["Save", "StartSearch"]
    search = effects[1]
    again, more = update(state, ActionPressed("camels"))        # the second quick click
    assert again == state and more == ()
    reply = legal_actions(state.line.state)[0]
    state, effects = update(state, SearchDone("ai", search.token, reply))
    assert state.line.actions_played == 2 and state.last_move.startswith("Computer ")
    assert kinds(effects) == ["Save"]


def test_hint_result_is_dropped_once_the_game_moved_on():
    state, _ = boot(seed=3, first="you")
    state, effects = update(state, Pressed("hint"))
    token = effects[0].token
    moved, _ = update(state, ActionPressed("camels"))
    late, effects = update(moved, SearchDone("hint", token, legal_actions(state.line.state)[0]))
    assert late == moved and effects == ()


def test_update_is_deterministic():
    a, _ = boot(seed=3)
    b, _ = boot(seed=3)
    assert a == b
    assert update(a, Pressed("share")) == update(b, Pressed("share"))


def test_the_catalog_gives_every_level_a_name_including_expert():
    from jaipur_core.ai import LEVELS
    from pyscript_app.words.messages import ENGLISH
    for level in tuple(LEVELS) + ("expert",):
        assert "level-" + level in ENGLISH


# --- random sequences -------------------------------------------------------------------

BUTTONS = ["clear", "hint", "share", "share-page", "copy-link", "export", "import", "next-round", "play-again",
           "new-game", "close", "handover-ready", "take-back", "review", "review-close", "resume",
           "delete-kept", "dismiss", "try-again", "result-aside", "panel"]


def random_event(rng: random.Random, state: TableState):
    """Any event, biased towards ones that make progress (legal moves, the search's answer)."""
    roll = rng.random()
    position = state.line.state
    if roll < 0.25 and state.search is not None:
        if rng.random() < 0.1:
            return SearchFailed(state.search.purpose, state.search.token, "boom")
        actions = legal_actions(position)
        action = rng.choice(actions) if actions and rng.random() < 0.95 else None
        return SearchDone(state.search.purpose, state.search.token, action)
    if roll < 0.55:
        zone = rng.choice(["market", "hand", "herd", "deck"])
        return CardClicked(zone, rng.randrange(-1, 9))
    if roll < 0.7:
        return ActionPressed(rng.choice(["take", "camels", "trade", "sell", "x"]))
    if roll < 0.8:
        return ReviewStepped(rng.choice(["first", "prev", "next", "last", "x"]))
    if roll < 0.85:
        return OptionChosen(rng.choice(["level", "first", "opponent"]),
                            rng.choice(["easy", "hard", "you", "computer", "friend", "random", "?"]))
    if roll < 0.87:
        return FileChosen("f.json", rng.choice(["{}", "[", state.line and "x"]))
    return Pressed(rng.choice(BUTTONS), rng.choice(["", "0", "1", "home", "new", "rules", "share", "table", "know",
                                                       "index", "embed", "game", "position"]))


def check_invariants(before: TableState, state: TableState, effects) -> None:
    position = state.line.state
    sel = state.selection
    if not sel.is_empty():
        # your turn, or the computer's, with only your own cards picked ahead
        assert position.phase == "play" and state.review is None
        assert state.my_turn or (not state.friend and position.to_move != state.seat and not sel.market)
        assert all(0 <= i < len(row_cards(position.market)) for i in sel.market)
        assert all(0 <= i < sum(position.hands[state.seat]) for i in sel.hand)
        assert all(0 <= i < position.herds[state.seat] for i in sel.herd)
    for effect in effects:
        if isinstance(effect, StartSearch):
            assert effect.view.seat == effect.view.to_move
            if effect.purpose == "ai":
                assert not state.friend and effect.view.seat != state.seat
    screen = render(state)
    html = screen.html()
    assert 'data-testid="table"' in html
    if state.review is None and position.phase == "play" and not state.panel == "share":
        other = sample_state(view_of(position, state.seat), random.Random(1))
        hidden = replace(state, line=replace(state.line, state=other))
        assert render(hidden).html() == html


def replay_is_legal(line: Game) -> None:
    """Every action in the line was legal for the seat to move (rebuilt from scratch)."""
    rebuilt = Game.from_record_json(line.to_record_json())
    assert rebuilt.state == line.state


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), mode=st.sampled_from(["computer", "friend"]),
       first=st.sampled_from(["you", "computer", "random"]), steps=st.integers(5, 80),
       start=st.sampled_from(["fresh", "game-link", "review-link", "saved"]), plies=st.integers(0, 60))
def test_random_event_sequences_keep_the_invariants(seed, mode, first, steps, start, plies):
    rng = random.Random(seed)
    extra = {}
    if start != "fresh":  # a random state: a game some way in, from a link or a save
        from jaipur_core.share import game_fragment
        from pyscript_app.app.saves import encode_save
        game = Game.new(seed=seed, first=0)
        for _ in range(plies):
            if game.state.phase == "game_over":
                break
            if game.state.phase == "round_over":
                game = game.next_round()
            else:
                game = game.play(rng.choice(legal_actions(game.state)))
        if start == "saved":
            if mode == "friend":
                game = game.with_extra(opponent="friend")
            extra["saved"] = encode_save(game, "easy", rng.randrange(2), "you")
        else:
            extra["fragment"] = "#" + game_fragment(game) + ("&at=%d" % plies if start == "review-link" else "")
    state, effects = boot(seed=seed, first=first, opponent=mode, level="easy", pause=0, **extra)
    for _ in range(steps):
        event = random_event(rng, state)
        before = state
        frozen = repr(before)
        state, effects = update(state, event)
        assert repr(before) == frozen, "update changed its input"
        check_invariants(before, state, effects)
        if isinstance(event, SearchDone) and event.purpose == "ai" and state.line != before.line:
            assert before.line.state.to_move != before.seat and not before.friend
    replay_is_legal(state.line)


def test_the_core_modules_are_pure():
    """Only the browser layer (pyscript_app/browser/) touches the browser; only the runner performs
    effects; no clock, no global RNG."""
    import ast
    from pathlib import Path
    app = Path(__file__).resolve().parent.parent / "pyscript_app"
    for path in sorted(app.rglob("*.py")):
        if path.parent.name == "browser" or path.relative_to(app).as_posix() == "__init__.py":
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                if isinstance(node, ast.ImportFrom) and not node.module:  # from . import x
                    names = [a.name for a in node.names]
                for name in names:
                    assert name.split(".")[0] not in ("js", "pyodide", "time", "datetime"), (path.name, name)
                    assert "browser" not in name.split("."), (path.name, name)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and node.value.id == "random":
                assert node.attr == "Random", (path.name, node.attr)   # seeded generators only


def test_continue_after_an_error_restarts_a_computer_turn_that_was_cut_short():
    state, _ = boot(seed=3, first="computer", level="easy")
    assert state.search is not None
    state, _ = update(state, Failed("RuntimeError: boom"))
    assert state.search is None and state.note.kind == "error"
    state, effects = update(state, Pressed("dismiss"))
    assert state.note is None and [e.purpose for e in effects if isinstance(e, StartSearch)] == ["ai"]


def test_the_page_deals_the_pinned_rounds_of_a_seeded_game():
    """The page's "Next round" deals a saved seeded game's rounds as the engine does (the
    deals pinned in test_record: one seed rule for both)."""
    from jaipur_core import GAME_OVER, ROUND_OVER
    from pyscript_app.app.saves import encode_save
    from tests.test_record import PINNED_DEALS, PINNED_SEED, play_out

    whole = play_out(PINNED_SEED)
    for number in (2, 3):
        game = play_out(PINNED_SEED, stop=lambda g, n=number: len(g.record.rounds) == n - 1
                        and g.state.phase in (ROUND_OVER, GAME_OVER))
        assert game.state.phase == ROUND_OVER
        state, _ = boot(saved=encode_save(game, "easy", 0, "you"), pause=0)
        state, _ = update(state, Pressed("next-round"))
        start = state.line.rounds[-1].start
        assert start == whole.record.rounds[number - 1].start
        assert (start.round, start.to_move, start.market, start.hands, start.herds,
                start.deck[:5]) == PINNED_DEALS[number - 1]
