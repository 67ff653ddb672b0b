"""The boot: the address, the stored games and the settings, read once, to the first state.

Pure: `update`'s handling of `Booted`. The boot reads every source first, each once, into
one `Sources` (the address's settings, its link, the saved game, the kept games, the embed
index); `first_game` then decides, in one place, which game goes on the table; that game is
installed once and settled once (app/games.py: what happens to games after the boot); and
the boot adds what its sources ask to store: a save or kept list that does not read, set
aside as it was under a key of its own (never lost), an embedded table's place in the embed
index, the kept list when the saved game is set aside for another, and Ready.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import reduce

from jaipur_core import PLAY, Game, GameState, JaipurError, Puzzle
from jaipur_core.ai import LEVELS
from jaipur_core.limits import MAX_ANALYSIS_ITERATIONS
from jaipur_core.share import LinkStep, parse_fragment, split_step

from ..blog import puzzles
from ..words import languages
from ..words.messages import _, speaking
from . import games
from .effects import Ready, Remove, Save
from .events import Booted
from .saves import (
    EMBED_INDEX_KEY,
    EMBED_SAVE_KEY,
    corrupt_key,
    decode_kept,
    decode_save,
    home_key,
    kept_key,
    touched_index,
)
from .state import FIRSTS, MODES, Kept, Note, Settings, TableState, note

AI_PAUSE_MS = 250         # let a person see their own move land before the computer's
MAX_PAUSE_MS = 5000
EMBED_EXTRAS = frozenset({"tools", "log"})  # what ?show= may add to an embedded table
UNREADABLE_SAVE = (JaipurError, ValueError, TypeError, KeyError, RecursionError)
UNREADABLE_LINK = (JaipurError, ValueError, RecursionError)


def boot(state: TableState, event: Booted) -> tuple[TableState, tuple]:
    """The first state and what to store: each source read once, the first game installed
    once and settled once."""
    language = languages.choose(dict(event.params).get("lang"), event.stored_language,
                                event.browser_languages)
    with speaking(language):  # the readers' complaints, the log and the notes in the page's language
        sources = read_sources(event, language)
        first = first_game(sources)
        state = with_address(state, event, sources)
        state, keeping = set_saved_aside(state, first)
        state = put_on_table(state, first)
        state = replace(state, note=first_note(first, sources))
        state, settled = games.settle(state)
    if sources.embed and isinstance(first, OpenRecord | OpenPosition):
        # an untouched frame stores nothing: its save starts with the reader's first move
        settled = tuple(effect for effect in settled if not isinstance(effect, Save))
    return state, stored_effects(sources) + keeping + settled + (Ready(),)


# --- the sources, each read once ------------------------------------------------------------

@dataclass(frozen=True)
class Address:
    """What the query string asks (app/saves.py and docs/page.md name the parameters)."""

    settings: Settings            # ?level= ?first= ?opponent= (the New game panel's), the language
    pause_ms: int                 # ?pause=: the computer's pause before its move
    seed: int | None              # ?seed=: the first new game's deal
    iterations: int | None        # ?analysis-iterations=: the analysis's budget; None: the coach's own
    shows: frozenset              # ?show=: what an embed shows besides its table
    names_opponent: bool          # ?opponent= given: a saved game of the other mode is another game


@dataclass(frozen=True)
class Link:
    """The address's link (its fragment, without "#"), read: what it shares, or why it does not read."""

    text: str
    value: Game | GameState | Puzzle | None = None  # #game= | #position= | #puzzle=; None: unreadable
    step: LinkStep | None = None  # &round=R&at=N: where a game link opens its review
    error: str = ""               # the reader's words, when it does not read


@dataclass(frozen=True)
class Saved:
    """The saved game, decoded, with its text (kept or offered back as it was stored)."""

    text: str
    line: Game
    level: str
    seat: int
    first: str

    @property
    def mode(self) -> str:
        return games.mode_of(self.line)


@dataclass(frozen=True)
class SetAside:
    """A stored text that does not read: stored again, as it was, under `key`; and why."""

    key: str
    text: str
    error: str = ""


@dataclass(frozen=True)
class Sources:
    """Everything the boot reads, read once: the first state is made from this alone."""

    embed: bool
    home: str                     # where this page keeps its game (saves.home_key)
    address: Address
    link: Link | None             # None: the address has no link
    saved: Saved | None
    unreadable_save: SetAside | None
    kept: tuple[Kept, ...]
    unreadable_kept: SetAside | None
    embed_index: tuple[str, tuple] | None  # an embedded table's: (the index, this frame first; the saves it drops)


def read_sources(event: Booted, language: str) -> Sources:
    params = dict(event.params)
    home = home_key(event.embed, params, event.fragment)
    saved, unreadable_save = read_save(event.saved, home, event.now_ms)
    kept, unreadable_kept = read_kept(event.kept, home, event.now_ms)
    return Sources(embed=event.embed, home=home, address=read_address(params, language),
                   link=read_link(event.fragment), saved=saved, unreadable_save=unreadable_save,
                   kept=kept, unreadable_kept=unreadable_kept,
                   embed_index=read_embed_index(event.embed_index, home) if event.embed else None)


def read_address(params: dict, language: str) -> Address:
    settings = Settings(
        level=params["level"] if params.get("level") in LEVELS else "medium",
        first=params["first"] if params.get("first") in FIRSTS else "random",
        opponent=params["opponent"] if params.get("opponent") in MODES else "computer",
        language=language)
    pause = _whole_number(params, "pause")
    iterations = _whole_number(params, "analysis-iterations")  # the browser tests ask for a few
    return Address(
        settings=settings,
        pause_ms=AI_PAUSE_MS if pause is None else max(0, min(MAX_PAUSE_MS, pause)),
        seed=_whole_number(params, "seed"),
        iterations=None if iterations is None else max(1, min(MAX_ANALYSIS_ITERATIONS, iterations)),
        # An embed is the table alone; the snippet may ask for more (?show=tools,log).
        shows=frozenset(params.get("show", "").split(",")) & EMBED_EXTRAS,
        names_opponent="opponent" in params)


def _whole_number(params: dict, name: str) -> int | None:
    """?name=N as a number; None when it is not given or is not a whole number."""
    try:
        return int(params[name])
    except (KeyError, ValueError):
        return None


def read_link(fragment: str) -> Link | None:
    text = fragment.lstrip("#").strip()
    if not text:
        return None
    code, step = split_step(text)  # "#game=CODE&at=N" / "&round=R&at=N" opens the review there
    try:
        # A step alone ("#&at=3") names no game: read whole, it is refused as any other text is.
        _kind, value = parse_fragment(code or text)
    except UNREADABLE_LINK as error:
        return Link(text, error=str(error))
    return Link(text, value, step)


def read_save(text: str | None, home: str, now_ms: float) -> tuple[Saved | None, SetAside | None]:
    if not text:
        return None, None
    try:
        line, level, seat, first = decode_save(text)
    except UNREADABLE_SAVE as error:
        return None, SetAside(corrupt_key(home, now_ms), text, str(error))
    return Saved(text, line, level, seat, first), None


def read_kept(text: str | None, home: str, now_ms: float) -> tuple[tuple[Kept, ...], SetAside | None]:
    """The kept games (a kept save that does not read is left out); the list set aside if it
    does not read."""
    if not text:
        return (), None
    try:
        texts = decode_kept(text)
    except ValueError:
        return (), SetAside(corrupt_key(kept_key(home), now_ms), text)
    return tuple(entry for entry in map(games.kept_entry, texts) if entry is not None), None


def read_embed_index(text: str | None, home: str) -> tuple[str, tuple] | None:
    """An embedded table's save is listed first in the embed index; the saves past the bound go."""
    if home == EMBED_SAVE_KEY:
        return None  # the bare frames' one shared save: bounded already
    return touched_index(text, home)


# --- the one decision: which game goes on the table -------------------------------------------

@dataclass(frozen=True)
class ResumeFrame:
    """An embedded table's own save of its link (the save is keyed by the link): the reader
    played on it, so their game, where they left it."""

    saved: Saved
    reviewable: bool              # a #game= link's record stays reviewable


@dataclass(frozen=True)
class OpenPuzzle:
    """A #puzzle= link's puzzle; the saved game, in progress, offered back (`home`)."""

    puzzle: Puzzle
    home: Saved | None = None


@dataclass(frozen=True)
class OpenRecord:
    """A #game= link's record (its review opened at `step`, if the link names one); the saved
    game, in progress, offered back."""

    line: Game
    step: LinkStep | None = None
    home: Saved | None = None


@dataclass(frozen=True)
class OpenPosition:
    """A #position= link's position, played against the computer; the saved game offered back."""

    position: GameState
    home: Saved | None = None


@dataclass(frozen=True)
class Resume:
    """The saved game, where the player left it."""

    saved: Saved


@dataclass(frozen=True)
class NewGame:
    """A new game; `kept`: the saved game, set aside first (the address asked for another game)."""

    kept: Saved | None = None


FirstGame = ResumeFrame | OpenPuzzle | OpenRecord | OpenPosition | Resume | NewGame


def first_game(sources: Sources) -> FirstGame:
    """Which game goes on the table, from the sources alone. A link's game never touches the
    saved game; an unreadable link is as no link (the note says why)."""
    link, saved = sources.link, sources.saved
    if sources.embed and link is not None and saved is not None and not link.text.startswith("puzzle="):
        return ResumeFrame(saved, reviewable=link.text.startswith("game="))
    home = saved if saved is not None and saved.line.in_progress else None
    value = None if link is None else link.value
    if isinstance(value, Puzzle):
        return OpenPuzzle(value, home)
    if isinstance(value, Game):
        return OpenRecord(value, None if link is None else link.step, home)
    if isinstance(value, GameState):
        return OpenPosition(value, home)
    if saved is None:
        return NewGame()
    if asks_another_game(sources.address, saved):
        return NewGame(kept=saved if games.worth_keeping(saved.line) else None)
    return Resume(saved)


def asks_another_game(address: Address, saved: Saved) -> bool:
    """?seed= of another deal, or ?opponent= of the other mode, than the saved game's."""
    other_deal = address.seed is not None and saved.line.seed != address.seed
    other_mode = address.names_opponent and address.settings.opponent != saved.mode
    return other_deal or other_mode


# --- the first state --------------------------------------------------------------------------

def with_address(state: TableState, event: Booted, sources: Sources) -> TableState:
    """The page as the address and the host set it up, with the kept games; no game yet."""
    address = sources.address
    iterations = state.coach.iterations if address.iterations is None else address.iterations
    return replace(state, booted=True, embed=sources.embed, embed_shows=address.shows, home_key=sources.home,
                   settings=address.settings, pause_ms=address.pause_ms, seed_param=address.seed,
                   page_url=event.page_url, entropy=event.entropy, kept=sources.kept,
                   coach=replace(state.coach, iterations=iterations))


def set_saved_aside(state: TableState, first: FirstGame) -> tuple[TableState, tuple]:
    """NewGame(kept=saved): the saved game first in the kept list, stored, before the new game
    is saved over it (`first_note` offers it back)."""
    if not isinstance(first, NewGame) or first.kept is None:
        return state, ()
    saved = first.kept
    state, effects, _offer = games.keep(state, games.kept_entry_of(saved.text, saved.line, saved.level))
    return state, effects


def put_on_table(state: TableState, first: FirstGame) -> TableState:
    """The first game installed: the boot's one install."""
    match first:
        case ResumeFrame(saved=saved, reviewable=reviewable):
            return resume(state, saved, reviewable)
        case Resume(saved=saved):
            state = resume(replace(state, seed_param=None), saved)  # ?seed= named this game: spent
            # the New game panel starts from the resumed game's own choices
            return replace(state, settings=replace(state.settings, level=saved.level, first=saved.first,
                                                   opponent=saved.mode))
        case OpenPuzzle(puzzle=puzzle, home=home):
            return behind_the_link(puzzles.opened(state, puzzle), home)
        case OpenRecord(line=line, step=step, home=home):
            return behind_the_link(open_record(state, line, step), home)
        case OpenPosition(position=position, home=home):
            return behind_the_link(open_position(state, position), home)
        case NewGame():
            return games.new_game(state)
    raise AssertionError(first)  # a FirstGame added without its case above (a bug, never shown)


def resume(state: TableState, saved: Saved, reviewable: bool = False) -> TableState:
    return games.install(state, saved.line, saved.mode, saved.level, saved.seat, state.home_key, saved.first,
                         reviewable=reviewable)


def open_record(state: TableState, line: Game, step: LinkStep | None) -> TableState:
    """A record goes on as it was played (against the computer at its level, or between
    friends), as an imported one does, reviewable; `step` opens its review there."""
    state = install_link(state, line, games.mode_of(line), reviewable=True)
    return state if step is None else replace(state, review=step.review_step(line))


def open_position(state: TableState, position: GameState) -> TableState:
    """A position is played against the computer; the log says where it came from."""
    line = Game.from_position(position, (_("player-1"), _("player-2")))
    state = install_link(state, line, "computer", reviewable=False)
    return replace(state, log=state.log[:1] + (_("log-link"),))


def install_link(state: TableState, line: Game, mode: str, reviewable: bool) -> TableState:
    position = line.state
    seat = position.to_move if position.phase == PLAY else 0
    # The player's page: the link's game lives in its link. An embedded table: in its own save
    # (saves.home_key), once the reader plays.
    save_key = state.home_key if state.embed else None
    return games.install(state, line, mode, games.level_of(line, state.settings.level), seat, save_key,
                         reviewable=reviewable)


def behind_the_link(state: TableState, home: Saved | None) -> TableState:
    """The saved game in progress stays stored, offered back (Resume "home": games.resume_kept)."""
    return state if home is None else replace(state, home_text=home.text)


# --- what the boot says and stores ----------------------------------------------------------------

def first_note(first: FirstGame, sources: Sources) -> Note | None:
    """The message line: what is on the table, what did not read, what is offered back."""
    problem = save_problem(sources.unreadable_save)
    link = sources.link
    unreadable = link.error if link is not None and link.value is None else None
    match first:
        case ResumeFrame():
            return note("resumed", "ok")
        case OpenPuzzle(home=home):
            return joined(note("puzzle-opened", "ok"), problem, home_offer(home))
        case OpenRecord(step=step, home=home):
            return joined(note("review-opened" if step is not None else "link-loaded", "ok"), problem,
                          home_offer(home))
        case OpenPosition(home=home):
            return joined(note("link-loaded", "ok"), problem, home_offer(home))
        case Resume():
            if unreadable is not None:
                return note("link-bad-resumed", "error", error=unreadable)
            return note("resumed", "ok")
        case NewGame(kept=kept):
            said = joined(problem, None if kept is None else games.kept_offer(kept.mode, "0"))
            if unreadable is not None:
                return joined(note("link-bad-new", "error", error=unreadable), said)
            return said
    raise AssertionError(first)  # a FirstGame added without its case above (a bug, never shown)


def save_problem(aside: SetAside | None) -> Note | None:
    return None if aside is None else note("save-unreadable", "error", error=aside.error, key=aside.key)


def home_offer(home: Saved | None) -> Note | None:
    return None if home is None else games.kept_offer(home.mode, "home")


def joined(*notes: Note | None) -> Note | None:
    """The notes said one after the other; None when there is nothing to say."""
    said = [told for told in notes if told is not None]
    return reduce(Note.then, said) if said else None


def stored_effects(sources: Sources) -> tuple:
    """The embed index touched, and what does not read set aside as it was (never lost)."""
    effects: tuple = ()
    if sources.embed_index is not None:
        text, dropped = sources.embed_index
        effects += (Save(EMBED_INDEX_KEY, text),) + tuple(Remove(key) for old in dropped
                                                          for key in (old, kept_key(old)))
    for aside in (sources.unreadable_kept, sources.unreadable_save):
        if aside is not None:
            effects += (Save(aside.key, aside.text),)
    return effects
