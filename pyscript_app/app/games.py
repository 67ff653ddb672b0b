"""Which game is on the table after the boot: installing, settling, new games, kept games, imports.

Pure helpers of `update` (the first game is app/boot.py's, through these). A game in progress
that is replaced (New game, Import, a ?seed= or ?opponent= link that asks for another game) is
kept in the kept list and offered back in one line; a link's game never touches the player's
save, and the saved game is offered back too. Only an explicit Delete removes a kept game.
"""

from __future__ import annotations

import random
from dataclasses import replace

from jaipur_core import PLAY, Game, JaipurError, load_json, view_of
from jaipur_core.ai import LEVELS
from jaipur_core.limits import MAX_IMPORT_BYTES

from ..words.messages import _
from ..words.moves import game_log
from .controls import Button
from .effects import Save, StartSearch
from .saves import (
    KEPT_LIMIT,
    SAVE_FORMAT,
    decode_save,
    encode_kept,
    encode_save,
    kept_key,
)
from .selection import EMPTY
from .state import Kept, Note, Search, TableState, note

FOLLOW_GRACE_MS = 4000    # a game taken from another tab: that tab's computer moves first (app/tabs.py)


def log_of(state: TableState, line: Game) -> tuple:
    return game_log(line, state.names(), state.you, 0 if state.friend else state.seat)


# --- after every change -------------------------------------------------------------

def settle(state: TableState) -> tuple[TableState, tuple]:
    """Save, and start the computer's turn when it is to move."""
    effects = save_effects(state)
    position = state.game.state
    if position.phase == PLAY and state.game.round_full is not None:
        # No move can follow (the record would not read back): say so, start no search.
        return replace(state, note=round_full_note(state.game)), effects
    if (not state.friend and position.phase == PLAY and position.to_move != state.seat
            and state.review is None and state.search is None and state.puzzle is None):
        seed = f"jaipur-ai/{state.game.seed}/{position.round}/{len(state.game.rounds[-1].actions)}"
        delay = FOLLOW_GRACE_MS if state.adopted else state.pause_ms
        effects += (StartSearch("ai", state.token, view_of(position, position.to_move), state.level,
                                seed, delay),)
        state = replace(state, search=Search("ai", state.token))
    return state, effects


def round_full_note(line: Game) -> Note:
    reason = line.round_full
    assert reason is not None  # asked for a game whose round is full
    return note("refusal-round-too-long", "error", limit=reason.params["limit"])


def save_text(state: TableState) -> str:
    return encode_save(state.game, state.level, state.seat, state.first)


def save_effects(state: TableState) -> tuple:
    """Save the game; not while another tab's newer save is there (app/tabs.py: the player decides)."""
    if state.save_key is None or state.line is None or state.elsewhere is not None:
        return ()
    return (Save(state.save_key, save_text(state)),)


# --- installing a game ----------------------------------------------------------------

def install(state: TableState, line: Game, mode: str, level: str, seat: int,
            save_key: str | None, first: str = "random", reviewable: bool = False) -> TableState:
    """`line` on the table, the interface reset around it.

    The record says how the game is played (`opponent`, `human_seat`, `level`). A record
    opened for review (an import, a `#game=` link) keeps the level it names, or names none:
    the page never claims a level the game was not played at (`level` is only the
    computer's strength from now on)."""
    handover = False
    if mode == "friend" and line.state.phase == PLAY:  # whoever moves is shown their hand only when ready
        seat, handover = line.state.to_move, True
    claims: dict = {"opponent": "friend" if mode == "friend" else None, "human_seat": seat}
    if not reviewable:
        claims["level"] = level
    line = line.with_extra(**claims)
    line = line.opened_whole() if reviewable else replace(line, held_whole=False)
    state = replace(state, line=line, mode=mode, level=level, seat=seat, first=first, save_key=save_key,
                    handover=handover, selection=EMPTY, panel=None, note=None,
                    last_move="", last_cards=(), new_market=frozenset(), animate=True, review=None,
                    token=state.token + 1, search=None, share=None, puzzle=None)
    return replace(state, log=log_of(state, line))


def mode_of(line: Game) -> str:
    """How a record is played: "friend" when it says so, else against the computer."""
    return "friend" if line.get("opponent") == "friend" else "computer"


def level_of(line: Game, otherwise: str) -> str:
    """The level a record says the computer played at, else `otherwise` (it plays on at that)."""
    level = line.get("level")
    return level if level in LEVELS else otherwise


def draw_seed(state: TableState) -> tuple[TableState, int]:
    """A fresh game seed from the state's own generator."""
    rng = random.Random(state.entropy)
    seed = rng.randrange(2 ** 31)
    return replace(state, entropy=rng.randrange(2 ** 62)), seed


def new_game(state: TableState) -> TableState:
    settings = state.settings
    if state.seed_param is not None:
        seed, state = state.seed_param, replace(state, seed_param=None)  # "Play again" deals afresh
    else:
        state, seed = draw_seed(state)
    first = {"you": 0, "computer": 1, "random": None}[settings.first]
    if settings.opponent == "friend":
        players = (_("player-1"), _("player-2"))
    else:
        players = (_("player-you"), _("record-computer", level=settings.level))
    line = Game.new(seed=seed, first=first, players=players)
    return install(state, line, settings.opponent, settings.level, 0, state.home_key, settings.first)


# --- nothing lost -----------------------------------------------------------------------

def kept_entry(text: str) -> Kept | None:
    """A save text as the kept list shows it, or None if it does not read."""
    try:
        line, level, _seat, _first = decode_save(text)
    except (JaipurError, ValueError, TypeError, KeyError):
        return None
    return kept_entry_of(text, line, level)


def kept_entry_of(text: str, line: Game, level: str) -> Kept:
    """A save already read (`line`, `level`: its text decoded) as the kept list shows it."""
    return Kept(text, mode_of(line), level, line.state.round, line.actions_played)


def kept_effects(state: TableState) -> tuple:
    return (Save(kept_key(state.home_key), encode_kept(k.text for k in state.kept)),)


def worth_keeping(line: Game) -> bool:
    """A game in progress, or one with notes written in it (a finished one too: an author's
    annotations): set aside, never lost, when another replaces it."""
    return line.in_progress or any(played.notes for played in line.rounds)


def keep(state: TableState, entry: Kept) -> tuple[TableState, tuple, Note]:
    """`entry` first in the kept list (the oldest past KEPT_LIMIT go), stored; the one-line offer."""
    state = replace(state, kept=((entry,) + state.kept)[:KEPT_LIMIT])
    return state, kept_effects(state), kept_offer(entry.mode, "0")


def keep_current(state: TableState) -> tuple[TableState, tuple, Note | None]:
    """Set the player's game aside before it is replaced, if worth keeping; the one-line offer."""
    line = state.line
    if line is None or state.save_key is None or not worth_keeping(line):
        return state, (), None
    return keep(state, Kept(save_text(state), state.mode, state.level, line.state.round, line.actions_played))


def keep_home(state: TableState) -> tuple[TableState, tuple, Note | None]:
    """The player's saved game behind a link's game (`home_text`) goes to the kept list before
    another game is saved over it (notes.play_from_here); the one-line offer."""
    entry = kept_entry(state.home_text) if state.home_text else None
    state = replace(state, home_text=None)
    if entry is None:
        return state, (), None
    return keep(state, entry)


def kept_offer(mode: str, value: str) -> Note:
    return note("kept-friend" if mode == "friend" else "kept-computer", "info",
                ((Button.RESUME, value, "resume"),))


def resume_kept(state: TableState, value: str):
    """Resume a kept game ("home": the saved game behind a link); the current one is kept."""
    if value == "home":
        text, rest = state.home_text, state.kept
    else:
        try:
            index = int(value)
            text, rest = state.kept[index].text, state.kept[:index] + state.kept[index + 1:]
        except (ValueError, IndexError):
            return state, ()
    if not text:
        return state, ()
    line, level, seat, first = decode_save(text)
    state, _effects, _offer = keep_current(replace(state, kept=rest, home_text=None))
    state = install(state, line, mode_of(line), level, seat, state.home_key, first)
    state, more = settle(replace(state, note=note("resumed", "ok")))
    return state, kept_effects(state) + more


def delete_kept(state: TableState, value: str):
    try:
        index = int(value)
        state.kept[index]
    except (ValueError, IndexError):
        return state, ()
    state = replace(state, kept=state.kept[:index] + state.kept[index + 1:], animate=False,
                    note=note("kept-deleted", "ok"))
    return state, kept_effects(state)


def new_game_pressed(state: TableState, _value: str = ""):
    state, effects, offer = keep_current(state)
    state = new_game(state)
    state = replace(state, note=offer)
    state, more = settle(state)
    return state, effects + more


# --- import -------------------------------------------------------------------------------

def import_text(state: TableState, text: str, name: str):
    name = name or _("the-file")
    try:
        data = load_json(text, name, max_bytes=MAX_IMPORT_BYTES)
        if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
            data = data.get("record")
        line = Game.from_record_json(data)
    except (JaipurError, ValueError, TypeError, KeyError) as error:
        return replace(state, animate=False,
                       note=note("import-failed", "error", name=name, error=str(error))), ()
    seat = line.get("human_seat")
    if seat not in (0, 1) or isinstance(seat, bool):
        seat = 0
    state, effects, offer = keep_current(state)
    state = install(state, line, mode_of(line), level_of(line, state.level), seat, state.home_key,
                    reviewable=True)
    state = replace(state, note=note("imported", "ok", name=name).then(offer))
    state, more = settle(state)
    return state, effects + more
