"""Two tabs (or two frames) of one game: follow the other, or say it moved on. Pure.

The host turns the window's `storage` event (fired in every other document of the site
when one stores a key) into `StorageChanged(key, text)`. For this table's own save key:

- the other tab's game **continues** this one (the same deals, this tab's moves a prefix
  of its moves: the player played on over there) — this tab follows: it shows that game
  as it is now and says so. It does not save it back (the text is already stored), and
  its computer waits FOLLOW_GRACE_MS before moving, since the other tab's computer is
  already choosing (its move arrives first and is followed too);
- anything else (a new game there, a take back there, both tabs moved at once) — this
  tab's game is **stale**: `elsewhere` holds the other text, the message line says the
  game was changed in another tab and offers Load it / Keep this one, and until the
  player picks one this tab saves nothing and refuses moves (a move would be lost or
  would silently overwrite). Load: the other game here, this one kept (the kept list).
  Keep: this game saved, the other one kept. Nothing is lost either way.

The kept list (`.kept`) follows the other tab's writes, so this tab's next write of it
does not drop what the other tab kept.
"""

from __future__ import annotations

from dataclasses import replace

from jaipur_core import Game, JaipurError

from . import games
from .controls import Button
from .events import StorageChanged
from .saves import decode_kept, decode_save, kept_key
from .state import Kept, TableState, note

UNREADABLE = (JaipurError, ValueError, TypeError, KeyError, RecursionError)


def continues(ours: Game, theirs: Game) -> bool:
    """`theirs` is `ours` played on (or the same moves): same deals, our moves a prefix of theirs."""
    mine, other = ours.rounds, theirs.rounds
    if len(mine) > len(other):
        return False
    for number, (a, b) in enumerate(zip(mine, other, strict=False)):
        if a.start != b.start:
            return False
        last = number == len(mine) - 1
        if (b.actions[:len(a.actions)] if last else b.actions) != a.actions:
            return False
    return True


def stale_note():
    return note("tab-moved-on", "error", ((Button.LOAD_OTHER, "", "load-other-tab"),
                                          (Button.KEEP_HERE, "", "keep-this-tab")))


def storage_changed(state: TableState, event: StorageChanged):
    if event.text is None:
        return state, ()  # a key removed elsewhere (storage cleared): this tab saves again on its next move
    if event.key == kept_key(state.home_key):
        return _kept_changed(state, event.text)
    if state.save_key is None or event.key != state.save_key or state.line is None:
        return state, ()
    try:
        theirs, level, seat, first = decode_save(event.text)
    except UNREADABLE:
        return state, ()  # the other tab's save is unreadable: that tab set it aside and said so
    ours = state.game
    if ours.rounds == theirs.rounds:
        return state, ()  # nothing new here (the same game saved again)
    if state.elsewhere is None and state.puzzle is None and continues(ours, theirs):
        state = games.install(state, theirs, games.mode_of(theirs), level, seat, state.save_key, first,
                              reviewable=state.reviewable)
        state, effects = games.settle(replace(state, adopted=True, note=note("tab-followed", "ok")))
        return state, tuple(effect for effect in effects if not _saves_game(state, effect))
    return replace(state, elsewhere=event.text, search=None, reveal=None, animate=False,
                   note=stale_note()), ()


def _saves_game(state: TableState, effect) -> bool:
    return getattr(effect, "key", None) == state.save_key


def _kept_changed(state: TableState, text: str):
    try:
        texts = decode_kept(text)
    except ValueError:
        return state, ()
    kept = tuple(entry for entry in map(games.kept_entry, texts) if entry is not None)
    return replace(state, kept=kept, animate=False), ()


def _kept_already(state: TableState, line: Game) -> bool:
    for entry in state.kept:
        try:
            if decode_save(entry.text)[0].rounds == line.rounds:
                return True
        except UNREADABLE:
            continue
    return False


def _keep(state: TableState, entry: Kept | None):
    """Put entry first in the kept list (unless that game is there already): state, effects, offer."""
    if entry is None:
        return state, (), None
    line = decode_save(entry.text)[0]
    if _kept_already(state, line):
        return state, (), None
    return games.keep(state, entry)


def load_other(state: TableState, _value: str = ""):
    """The other tab's game here; this tab's game goes to the kept list."""
    text = state.elsewhere
    if text is None:
        return state, ()
    state = replace(state, elsewhere=None)
    try:
        theirs, level, seat, first = decode_save(text)
    except UNREADABLE:
        return replace(state, note=None), ()
    mine = games.kept_entry(games.save_text(state)) if games.worth_keeping(state.game) else None
    state, effects, offer = _keep(state, mine)
    state = games.install(state, theirs, games.mode_of(theirs), level, seat, state.save_key, first)
    state, more = games.settle(replace(state, adopted=True, note=note("tab-loaded", "ok").then(offer)))
    return state, effects + tuple(effect for effect in more if not _saves_game(state, effect))


def keep_here(state: TableState, _value: str = ""):
    """This tab's game saved over the other tab's, which goes to the kept list."""
    text = state.elsewhere
    if text is None:
        return state, ()
    state = replace(state, elsewhere=None)
    state, effects, offer = _keep(state, games.kept_entry(text))
    state, more = games.settle(replace(state, note=note("tab-kept-here", "ok").then(offer)))
    return state, effects + more
