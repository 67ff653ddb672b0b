"""Which game is on the table: boot, new games, saves, links, imports, and nothing lost.

Pure helpers of `update`. A game in progress that is replaced (New game, Import,
a ?seed= or ?opponent= link that asks for another game) is kept in the kept list
and offered back in one line; a link's game never touches the player's save, and
the saved game is offered back too. Only an explicit Delete removes a kept game.
"""

from __future__ import annotations

import random
from dataclasses import replace

from jaipur_core import PLAY, Game, JaipurError, load_json, view_of
from jaipur_core.ai import LEVELS
from jaipur_core.limits import MAX_ANALYSIS_ITERATIONS, MAX_IMPORT_BYTES
from jaipur_core.share import parse_fragment, split_step

from ..blog.puzzle_state import Solving
from ..words import languages
from ..words.messages import _
from ..words.moves import game_log
from .controls import Button
from .effects import Ready, Remove, Save, StartSearch
from .saves import (
    EMBED_INDEX_KEY,
    EMBED_SAVE_KEY,
    KEPT_LIMIT,
    SAVE_FORMAT,
    corrupt_key,
    decode_kept,
    decode_save,
    encode_kept,
    encode_save,
    home_key,
    kept_key,
    touched_index,
)
from .selection import EMPTY
from .state import FIRSTS, MODES, Kept, Note, Search, Settings, TableState, note

AI_PAUSE_MS = 250         # let a person see their own move land before the computer's
MAX_PAUSE_MS = 5000
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


# --- boot -----------------------------------------------------------------------------------

EMBED_EXTRAS = frozenset({"tools", "log"})  # what ?show= may add to an embedded table


def boot(state: TableState, event) -> tuple[TableState, tuple]:
    params = dict(event.params)
    home = home_key(event.embed, params, event.fragment)
    settings = Settings(
        level=params["level"] if params.get("level") in LEVELS else "medium",
        first=params["first"] if params.get("first") in FIRSTS else "random",
        opponent=params["opponent"] if params.get("opponent") in MODES else "computer",
        language=languages.choose(params.get("lang"), event.stored_language, event.browser_languages))
    try:
        pause = max(0, min(MAX_PAUSE_MS, int(params.get("pause", AI_PAUSE_MS))))
    except ValueError:
        pause = AI_PAUSE_MS
    try:
        seed = int(params["seed"]) if "seed" in params else None
    except ValueError:
        seed = None
    try:  # ?analysis-iterations=N: the analysis's budget per move (the browser tests use a few)
        iterations = max(1, min(MAX_ANALYSIS_ITERATIONS, int(params["analysis-iterations"])))
    except (KeyError, ValueError):
        iterations = state.coach.iterations
    # An embed is the table alone; the snippet may ask for more (?show=tools,log).
    shows = frozenset(params.get("show", "").split(",")) & EMBED_EXTRAS
    state = replace(state, booted=True, embed=event.embed, embed_shows=shows, home_key=home, settings=settings,
                    pause_ms=pause, seed_param=seed, page_url=event.page_url, entropy=event.entropy,
                    coach=replace(state.coach, iterations=iterations))
    effects: tuple = _embed_index_effects(home, event.embed_index) if event.embed else ()
    # the kept games
    try:
        texts = decode_kept(event.kept)
    except ValueError:
        aside = corrupt_key(kept_key(home), event.now_ms)
        effects += (Save(aside, event.kept),)
        texts = []
    state = replace(state, kept=tuple(k for k in map(kept_entry, texts) if k is not None))
    # the player's save
    saved, problem = None, None
    if event.saved:
        try:
            saved = decode_save(event.saved)
        except (JaipurError, ValueError, TypeError, KeyError, RecursionError) as error:
            aside = corrupt_key(home, event.now_ms)
            effects += (Save(aside, event.saved),)
            problem = note("save-unreadable", "error", error=str(error), key=aside)
    # a link's game (an embedded table resumes its own save of it: the reader's moves)
    fragment = event.fragment.lstrip("#").strip()
    if fragment and event.embed and saved is not None and not fragment.startswith("puzzle="):
        state, more = _resume_embed(state, saved, fragment.startswith("game="))
        return state, effects + more + (Ready(),)
    if fragment:
        state, more = _boot_link(state, fragment, saved, event.saved if saved else None, problem,
                                 "opponent" in params)
        return state, effects + more + (Ready(),)
    state, more = _boot_home(state, saved, problem, "opponent" in params)
    return state, effects + more + (Ready(),)


def _embed_index_effects(home: str, index_text: str | None) -> tuple:
    """An embedded table's save is listed first in the embed index; the saves past the bound go."""
    if home == EMBED_SAVE_KEY:
        return ()  # the bare frames' one shared save: bounded already
    text, dropped = touched_index(index_text, home)
    return (Save(EMBED_INDEX_KEY, text),) + tuple(Remove(key) for old in dropped
                                                   for key in (old, kept_key(old)))


def _resume_embed(state: TableState, saved, reviewable: bool):
    """The frame's link was played on by the reader: their game, where they left it."""
    line, level, seat, first = saved
    state = install(state, line, mode_of(line), level, seat, state.home_key, first, reviewable=reviewable)
    return settle(replace(state, note=note("resumed", "ok")))


def _boot_home(state: TableState, saved, problem: Note | None, opponent_param: bool = False):
    effects: tuple = ()
    if saved is not None:
        line, level, seat, first = saved
        mode = mode_of(line)
        same_seed = state.seed_param is None or line.seed == state.seed_param
        same_mode = not opponent_param or state.settings.opponent == mode
        if same_seed and same_mode:
            state = install(replace(state, seed_param=None), line, mode, level, seat, state.home_key, first)
            state = replace(state, settings=replace(state.settings, level=level, first=first, opponent=mode),
                            note=note("resumed", "ok"))
            return settle(state)
        # the link asks for another game: the saved one is kept, not overwritten
        state = install(state, line, mode, level, seat, state.home_key, first)
        state, effects, offer = keep_current(state)
        problem = offer if problem is None else problem.then(offer)
    state = new_game(state)
    state = replace(state, note=problem)
    state, more = settle(state)
    return state, effects + more


def _boot_link(state: TableState, fragment: str, saved, saved_text, problem, opponent_param):
    code, at = split_step(fragment)  # "#game=CODE&at=N" / "&round=R&at=N" opens the review there
    try:
        shared = parse_fragment(code)
    except (JaipurError, ValueError, RecursionError) as error:
        state, effects = _boot_home(state, saved, problem, opponent_param)
        resumed = saved is not None and state.note is not None and state.note.parts[0][0] == "resumed"
        said = note("link-bad-resumed" if resumed else "link-bad-new", "error", error=str(error))
        return replace(state, note=said if resumed else said.then(state.note)), effects
    kind, value = shared
    if kind == "puzzle":  # the solver's view of its position; the computer never replies
        line = Game.from_position(value.position, (_("player-1"), _("player-2")))
        state = replace(install(state, line, "computer", state.settings.level, value.solver, None),
                        puzzle=Solving(value))
        text = note("puzzle-opened", "ok").then(problem)
        if saved_text is not None and saved[0].in_progress and kept_entry(saved_text) is not None:
            text, state = text.then(kept_offer(mode_of(saved[0]), "home")), replace(state, home_text=saved_text)
        return replace(state, note=text), ()
    if kind == "game":
        line = value
    else:
        line = Game.from_position(value, (_("player-1"), _("player-2")))
    position = line.state
    seat = position.to_move if position.phase == PLAY else 0
    # A record goes on as it was played (against the computer at its level, or between
    # friends), as an imported one does; a position is played against the computer.
    mode = mode_of(line) if kind == "game" else "computer"
    # The player's page: the link's game lives in its link. An embedded table: in its own save
    # (saves.home_key), once the reader plays.
    state = install(state, line, mode, level_of(line, state.settings.level), seat,
                    state.home_key if state.embed else None, reviewable=kind == "game")
    if kind == "position":
        state = replace(state, log=state.log[:1] + (_("log-link"),))
    opened = kind == "game" and at is not None
    text = note("review-opened" if opened else "link-loaded", "ok").then(problem)
    if saved_text is not None:
        entry = kept_entry(saved_text)
        if entry is not None and saved[0].in_progress:
            text = text.then(kept_offer(entry.mode, "home"))
            state = replace(state, home_text=saved_text)
    state = replace(state, note=text)
    if opened and at is not None:
        state = replace(state, review=at.review_step(line))
    state, effects = settle(state)
    if state.embed:  # an untouched frame stores nothing: its save starts with the reader's first move
        effects = tuple(effect for effect in effects if not isinstance(effect, Save))
    return state, effects
