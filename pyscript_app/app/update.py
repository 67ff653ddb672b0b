"""update(state, event) -> (state, effects): the page's whole behaviour, as a pure function.

No `js`, no host, no clock, no randomness except `state.entropy` (seeded by the
host in `Booted`). Effects are values for the runner (app/effects.py). The first
game is app/boot.py's; starting, resuming, linking and importing games, and what is
kept when a game is replaced, live in app/games.py; this module handles the events
of a game in play.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from jaipur_core import GAME_OVER, PLAY, ROUND_OVER, is_legal, legal_actions, sample_state, view_of
from jaipur_core.ai import LEVELS
from jaipur_core.limits import MAX_IMPORT_BYTES
from jaipur_core.share import PAGES, InvalidShareError, game_fragment, position_fragment, puzzle_fragment

from ..blog import maker, notes, puzzles
from ..blog.puzzle_state import Solving
from ..coach import update as coach
from ..words import languages
from ..words.messages import speaking
from ..words.moves import describe, hint_words, round_result, round_start
from . import boot, games, tabs
from .controls import Button
from .effects import After, Copy, Download, PickFile, Save, StartSearch
from .events import (
    ActionPressed,
    AnalysisDone,
    AnalysisFailed,
    AnalysisProgress,
    ArtRead,
    AutoStepped,
    Booted,
    CardClicked,
    CopyDone,
    Failed,
    FieldsRead,
    FileChosen,
    LanguageChosen,
    MoveShown,
    NoteEdited,
    OptionChosen,
    Pressed,
    PuzzleJudged,
    PuzzleJudgeFailed,
    ReviewStepped,
    SearchDone,
    SearchFailed,
    StorageChanged,
    StorageFailed,
)
from .selection import EMPTY, ZONES, choices, row_cards, selection_for
from .state import FIRSTS, MODES, HintShown, Search, Shared, TableState, note

HINT_LEVEL = "expert"      # the hint's moves are those expert ranks (analysis.hints), with their chances
REVEAL_MS = 600           # the computer's chosen cards stay highlighted this long before they travel
PANELS = ("new", "rules", "share", "log", "know")


def update(state: TableState, event) -> tuple[TableState, tuple]:
    """Words made here (the log) are in the state's language, whatever catalog was active."""
    if isinstance(event, Booted):
        return boot.boot(state, event)  # it chooses the page's language and speaks it
    if isinstance(event, LanguageChosen):
        return _language_chosen(state, event)
    if not state.booted or state.line is None:
        return state, ()
    handler = _HANDLERS.get(type(event))
    if handler is None:
        return state, ()
    with speaking(state.settings.language):
        return handler(state, event)


def _language_chosen(state: TableState, event: LanguageChosen):
    """Switch every word; the log is written again in the new language (the game is unchanged)."""
    if event.language not in languages.LANGUAGES or not state.booted:
        return state, ()
    state = replace(state, settings=replace(state.settings, language=event.language), animate=False,
                    last_move="", last_cards=())
    if state.line is not None:
        with speaking(event.language):
            log = games.log_of(state, state.line)
        state = replace(state, log=state.log if not log else log)
    effects = () if state.embed else (Save(languages.STORAGE_KEY, event.language),)
    return state, effects


# --- the table ------------------------------------------------------------------------

def _card_clicked(state: TableState, event: CardClicked):
    if not state.my_turn and not (state.computer_moving and event.zone in ("hand", "herd")):
        if state.review is not None:
            return state, ()
        return replace(state, note=note("wait-your-turn", "error"), animate=False), ()
    # While the computer moves you may pick your own cards (its move never changes them), not the market's.
    position = state.game.state
    sizes = {"market": len(row_cards(position.market)), "hand": sum(position.hands[state.seat]),
             "herd": position.herds[state.seat]}
    if event.zone not in ZONES or not 0 <= event.index < sizes[event.zone]:
        return state, ()  # a stale click on a card that is gone
    # The hint's moves stay on offer while the player picks cards (its note heads them).
    kept_note = state.note if state.hint_options else None
    return replace(state, selection=state.selection.toggle(event.zone, event.index), note=kept_note,
                   animate=False), ()


def _action_pressed(state: TableState, event: ActionPressed):
    if not state.my_turn:
        return state, ()  # a second quick click while the computer moves: nothing to say
    if state.game.round_full is not None:
        return replace(state, note=games.round_full_note(state.game), animate=False), ()
    choice = choices(state.game.state, state.seat, state.selection).get(event.name)
    if choice is None:
        return state, ()
    if not choice.enabled:
        return replace(state, note=note("refusal-text", "error", text=choice.reason), animate=False), ()
    if state.elsewhere is not None:  # another tab saved a different game: the player decides first
        return replace(state, note=tabs.stale_note(), animate=False), ()
    if state.puzzle is not None:
        return puzzles.played(state, choice.action, play)
    return play(state, choice.action)


def play(state: TableState, action) -> tuple[TableState, tuple]:
    """The mover plays `action` (checked legal by the caller), then whatever comes next."""
    before = state.game.state
    mover = before.to_move
    words = describe(action, mover, state.names(), state.you, before)
    line = state.game.play(action)
    after = line.state
    log = state.log + (words,)
    if after.phase != PLAY:
        log += (round_result(after, 0 if state.friend else state.seat, state.names(), state.you),)
    other = mover != state.seat or state.friend
    # Your cards picked while the computer moved stay picked for your turn.
    kept = state.selection.mine() if mover != state.seat and not state.friend and after.phase == PLAY else EMPTY
    state = replace(
        state, line=line, log=log, selection=kept, animate=True, token=state.token + 1, search=None,
        adopted=False,
        new_market=_new_indices(before.market, after.market) if after.phase == PLAY else frozenset(),
        last_move=words if other else "", last_cards=_move_cards(action, before) if other else (),
        note=None if (mover == state.seat or state.friend) else state.note)
    if state.friend and after.phase == PLAY:  # the device changes hands: hide the next hand
        state = replace(state, seat=after.to_move, handover=True)
    return games.settle(state)


def _search_done(state: TableState, event: SearchDone):
    if state.search != Search(event.purpose, event.token) or event.token != state.token:
        return state, ()  # stale: the game moved on since the search started
    state = replace(state, search=None)
    position = state.game.state
    if event.purpose == "hint":
        if event.action is None or not is_legal(position, event.action) or not state.my_turn:
            return state, ()
        selection = selection_for(event.action, position.market, position.hands[state.seat],
                                  position.herds[state.seat])
        options = tuple((action, chance) for action, chance in event.options if is_legal(position, action))
        if not options:  # a search that gave one move only
            return replace(state, selection=selection, animate=False,
                           note=note("hint", "hint", what=hint_words(event.action, position))), ()
        return replace(state, selection=selection, animate=False, hint=HintShown(state.token, options),
                       note=note("hint-moves", "hint")), ()
    if position.phase != PLAY or position.to_move == state.seat or state.friend:
        return state, ()
    if state.game.round_full is not None:
        return replace(state, note=games.round_full_note(state.game)), ()
    action = event.action
    if action is None or not is_legal(position, action):
        # An AI bug, never expected: say so rather than hide it, and keep the game going.
        instead = legal_actions(position)[0]
        state = replace(state, note=note("ai-illegal", "error", action=str(action), instead=str(instead)))
        action = instead
    if state.pause_ms:  # show the chosen cards first; the move follows (MoveShown) — ?pause=0: at once
        return (replace(state, reveal=(state.token, action), animate=False),
                (After(REVEAL_MS, MoveShown(state.token)),))
    return play(state, action)


def _move_shown(state: TableState, event: MoveShown):
    """The computer's move, shown since REVEAL_MS, is played (unless the game moved on meanwhile)."""
    reveal = state.reveal
    if reveal is None or reveal[0] != event.token or event.token != state.token:
        return state, ()
    action = reveal[1]
    state = replace(state, reveal=None)
    position = state.game.state
    if position.phase != PLAY or position.to_move == state.seat or not is_legal(position, action):
        return state, ()
    return play(state, action)


def _search_failed(state: TableState, event: SearchFailed):
    if state.search != Search(event.purpose, event.token):
        return state, ()
    state = replace(state, search=None, animate=False)
    if event.purpose == "hint":
        return replace(state, note=note("hint-failed", "error", error=event.error)), ()
    return replace(state, note=note("ai-failed", "error", ((Button.TRY_AGAIN, "", "try-again"),),
                                    error=event.error)), ()


def _option(state: TableState, event: OptionChosen):
    allowed = {"level": LEVELS, "first": FIRSTS, "opponent": MODES}.get(event.setting, ())
    if event.value not in allowed:
        return state, ()
    return replace(state, settings=replace(state.settings, **{event.setting: event.value}),
                   animate=False), ()


def _review_step(state: TableState, event: ReviewStepped):
    if state.review is None:
        return state, ()
    last = len(state.game.steps()) - 1
    at = {"first": 0, "prev": state.review - 1, "next": state.review + 1, "last": last}.get(event.to)
    if at is None:
        return state, ()
    state = replace(state, review=max(0, min(last, at)), animate=False)
    return state, notes.stepped(state)


def _file_chosen(state: TableState, event: FileChosen):
    if event.size > MAX_IMPORT_BYTES or len(event.text) > MAX_IMPORT_BYTES:
        return replace(state, animate=False, note=note("import-too-big", "error", name=event.name,
                                                       limit=MAX_IMPORT_BYTES // (1024 * 1024))), ()
    return games.import_text(state, event.text, event.name)


def _copy_done(state: TableState, event: CopyDone):
    snippet = event.what == "snippet"
    if event.ok:
        return replace(state, note=note("snippet-copied" if snippet else "copied", "ok"), animate=False), ()
    return replace(state, note=note("snippet-copy-failed" if snippet else "copy-failed"), animate=False), ()


def _storage_failed(state: TableState, event: StorageFailed):
    """The browser refused storage (full, or blocked in a third-party frame): the game plays on,
    and says once that it is not being saved (the boot's own message, if any, stays after it)."""
    if state.unsaved:
        return state, ()
    said = note("storage-refused", "error").then(state.note)
    return replace(state, unsaved=True, note=said, animate=False), ()


def _failed(state: TableState, event: Failed):
    return replace(state, search=None, animate=False,
                   note=note("page-failed", "error", ((Button.DISMISS, "", "continue"),), error=event.error)), ()


# --- buttons ----------------------------------------------------------------------------

def _pressed(state: TableState, event: Pressed):
    handler = button_handler(event.name)
    if handler is None:
        return state, ()
    state = replace(state, animate=False)
    return handler(state, event.value)


def button_handler(button: Button):
    """`handler(state, data-value) -> (state, effects)` of a plain button; None for a name that is not one.

    A match on the controls.Button members (tests/test_app_controls.py checks every member has a handler).
    """
    match button:
        case Button.CLEAR:
            return _clear
        case Button.HINT:
            return _hint
        case Button.HINT_PICK:
            return _hint_pick
        case Button.PANEL:
            return _panel
        case Button.CLOSE:
            return _close
        case Button.SHARE:
            return _share
        case Button.SHARE_PAGE:
            return _share_page
        case Button.COPY_LINK:
            return _copy
        case Button.EXPORT:
            return _export
        case Button.IMPORT:
            return _import
        case Button.NEXT_ROUND:
            return _next_round
        case Button.PLAY_AGAIN | Button.NEW_GAME:
            return games.new_game_pressed
        case Button.HANDOVER_READY:
            return _handover_ready
        case Button.TAKE_BACK:
            return _take_back
        case Button.REVIEW:
            return _review
        case Button.REVIEW_CLOSE:
            return _review_close
        case Button.RESUME:
            return games.resume_kept
        case Button.DELETE_KEPT:
            return games.delete_kept
        case Button.DISMISS | Button.TRY_AGAIN:
            return _dismiss
        case Button.RESULT_ASIDE:
            return _result_aside
        case Button.DETAILS:
            return _details
        case Button.PUZZLE:
            return puzzles.pressed
        case Button.NOTE_WRITE:
            return notes.write
        case Button.NOTE_SAVE:
            return notes.save_pressed
        case Button.AUTOPLAY:
            return notes.autoplay
        case Button.PLAY_FROM_HERE:
            return notes.play_from_here
        case Button.LOAD_OTHER:
            return tabs.load_other
        case Button.KEEP_HERE:
            return tabs.keep_here
        case Button.DIAGRAM:
            return maker.download
        case Button.MAKER:
            return maker.chose
        case Button.COPY_SNIPPET:
            return maker.copy_snippet
        case Button.ANALYSE:
            return coach.analyse
        case Button.ANALYSE_WHO:
            return coach.choose
        case Button.ANALYSE_STOP:
            return coach.stop
        case Button.ANALYSIS_JUMP:
            return coach.jump
    return None


def _details(state, _value):
    """Phones: open or close the opponent and token piles below their compact strip."""
    return replace(state, details=not state.details), ()


def _clear(state, _value):
    return replace(state, selection=EMPTY, note=None), ()


def _hint(state, _value):
    if isinstance(state.puzzle, Solving):  # the computer's hint would be the answer
        return replace(state, note=note("hint-puzzle", "error")), ()
    if not state.my_turn:
        return replace(state, note=note("hint-own-turn", "error")), ()
    position = state.line.state
    seed = f"jaipur-hint/{state.line.seed}/{position.round}/{len(state.line.rounds[-1].actions)}"
    effect = StartSearch("hint", state.token, view_of(position, state.seat), HINT_LEVEL, seed)
    return replace(state, search=Search("hint", state.token), note=note("hint-thinking", "hint")), (effect,)


def _hint_pick(state, value):
    """One of the hint's moves chosen: its cards become the selection (the player then plays it)."""
    action = next((action for action, _chance in state.hint_options if str(action) == value), None)
    if action is None:
        return state, ()  # a stale click: the game moved on since the hint
    position = state.game.state
    return replace(state, selection=selection_for(action, position.market, position.hands[state.seat],
                                                  position.herds[state.seat])), ()


def _panel(state, value):
    if value == "share":  # the Link panel shows links made now
        return _share(state, value)
    return replace(state, panel=value if value in PANELS else None, animate=True), ()


def _close(state, _value):
    return replace(state, panel=None), ()


def _share(state, _value):
    """The Link panel: a link to the position shown and, if the player may pass it on, to the game.

    A record holds every card: each round's deal in full (the deck's order, both hands) and the
    seed that deals the rounds to come. So the whole game is offered only when the player may see
    all of it: once the game is over, or for a record already held whole (an import or a #game=
    link, which can be reviewed with both hands face up). A game in progress offers the position,
    seen from the player's seat with the cards they cannot see dealt afresh; a review, the step
    shown, as shown (both hands face up)."""
    if state.handover:
        return replace(state, note=note("show-hand-first", "error")), ()
    game, rng = state.game, random.Random(state.entropy)
    if state.review is not None:
        position = position_fragment(game.steps()[state.review][3])
    else:
        position = position_fragment(sample_state(view_of(game.state, state.seat), rng))
    whole, why = None, "share-game-later"
    if game.public:
        try:
            whole, why = game_fragment(game, state.review), ""
        except InvalidShareError:
            why = "share-game-too-long"
    # A reader solving a puzzle passes the puzzle on (its question, the answer still hidden).
    puzzle = puzzle_fragment(state.puzzle.puzzle) if isinstance(state.puzzle, Solving) else None
    shared = Shared(position, whole, why, "embed" if state.embed else "index", puzzle)
    state = replace(state, share=shared, panel="share", animate=True, entropy=rng.randrange(2 ** 62))
    return maker.opened(state), ()


def _share_page(state, value):
    """The Link panel's links open in the game's page or in embed.html (for an iframe)."""
    if state.share is None or value not in PAGES:
        return state, ()
    return replace(state, share=replace(state.share, page=value)), ()


def _copy(state, value):
    url = state.share_link(value if value in ("game", "puzzle") else "position")
    if not url:
        return state, ()
    return replace(state, note=note("copying")), (Copy(url),)


def _export(state, _value):
    text = json.dumps(state.game.to_record_json(), indent=1)
    return replace(state, note=note("exported", "ok")), (Download(export_name(state.game), text),)


def export_name(game) -> str:
    """The exported record's file name: which game (its seed) and how far it went. "round2" alone
    read as a record of round 2 only, also for a game played to its end."""
    seed = "" if game.seed is None else f"-{game.seed}"
    if game.state.phase == GAME_OVER:
        return f"jaipur-game{seed}-finished.json"
    return f"jaipur-game{seed}-in-round-{game.state.round}.json"


def _import(state, _value):
    return state, (PickFile(),)


def _next_round(state, _value):
    if state.line.state.phase != ROUND_OVER or state.review is not None:
        return state, ()
    state, fallback = games.draw_seed(state)
    line = state.line.next_round(fallback)
    state = replace(state, line=line, selection=EMPTY, new_market=frozenset(), last_move="",
                    last_cards=(), animate=True, note=None, token=state.token + 1, search=None,
                    puzzle=None)  # a puzzle's answer that ended the round: the game goes on
    if state.friend:
        state = replace(state, seat=line.state.to_move, handover=True)
    state = replace(state, log=state.log + (round_start(line.state, state.names(), state.you),))
    return games.settle(state)


def _handover_ready(state, _value):
    if not state.handover:
        return state, ()
    return replace(state, handover=False, selection=EMPTY, animate=True, note=None), ()


def _take_back(state, _value):
    line = state.line
    movers = line.movers()
    if state.review is not None or not movers:
        return replace(state, note=note("takeback-none", "error")), ()
    if state.friend:
        if not state.handover:  # the next player has seen their hand: the move stands
            return replace(state, note=note("takeback-seen", "error",
                                            name=state.names()[state.seat])), ()
        count, seat = 1, movers[-1]
    else:
        mine = [i for i, mover in enumerate(movers) if mover == state.seat]
        if not mine:
            return replace(state, note=note("takeback-none", "error")), ()
        count, seat = len(movers) - mine[-1], state.seat
    name = state.names()[seat]
    line = line.take_back(count).with_extra(takebacks=int(line.get("takebacks", 0) or 0) + 1)
    state = replace(state, line=line, seat=seat, handover=False, selection=EMPTY, token=state.token + 1,
                    search=None, last_move="", last_cards=(), new_market=frozenset(), animate=True,
                    log=games.log_of(state, line),
                    note=note("takeback-friend-done", "ok", name=name) if state.friend
                    else note("takeback-done", "ok"))
    return games.settle(state)


def _review(state, _value):
    if not state.can_review:
        return state, ()
    return replace(state, review=len(state.line.steps()) - 1, panel=None, animate=True, selection=EMPTY,
                   note=note("review-opened")), ()


def _review_close(state, _value):
    """Autoplay stops and the note field closes with the review (blog/notes.py)."""
    return replace(state, review=None, animate=True, note=None, replay=replace(state.replay, playing=None,
                                                                                writing=False)), ()


def _result_aside(state, value):
    """Set the round panel aside to look at the table ("table"), or bring it back."""
    return replace(state, result_aside=state.token if value == "table" else None, animate=True), ()


def _fields_read(state: TableState, event: FieldsRead):
    """The page's text fields as typed: the embed maker's caption, the puzzle maker's fields."""
    return puzzles.fields_read(maker.fields_read(state, event), event)


def _dismiss(state, _value):
    """Continue after an error: the note goes, and a computer turn that was cut short restarts."""
    return games.settle(replace(state, note=None))


#: Each event type's handler: (state, event) -> (state, effects).
_HANDLERS: dict[type, Callable[[TableState, Any], tuple]] = {
    CardClicked: _card_clicked, ActionPressed: _action_pressed, Pressed: _pressed,
    OptionChosen: _option, ReviewStepped: _review_step, FileChosen: _file_chosen,
    SearchDone: _search_done, SearchFailed: _search_failed, CopyDone: _copy_done,
    StorageFailed: _storage_failed, Failed: _failed, MoveShown: _move_shown, FieldsRead: _fields_read,
    NoteEdited: notes.note_edited, AutoStepped: notes.auto_stepped, ArtRead: maker.art_read,
    StorageChanged: tabs.storage_changed,
    AnalysisProgress: coach.progress, AnalysisDone: coach.finished, AnalysisFailed: coach.failed,
    PuzzleJudged: coach.puzzle_judged, PuzzleJudgeFailed: coach.puzzle_judge_failed,
}


# --- small helpers -------------------------------------------------------------------

def _move_cards(action, before) -> tuple:
    """The public cards of a move, for showing it: ((verb, ((card, count), ...)), ...)."""
    def listed(counts):
        return tuple((card, n) for card, n in enumerate(counts) if n)

    kind = action.kind
    if kind == "take":
        return (("move-took", ((action.good, 1),)),)
    if kind == "camels":
        return (("move-took", ((6, before.market[6]),)),)
    if kind == "trade":
        return (("move-took", listed(action.taken)), ("move-gave", listed(action.given)))
    return (("move-sold", ((action.good, action.count),)),)


def _new_indices(before, after) -> frozenset:
    """Market row indices of cards that arrived (refills, trade give-backs)."""
    row = row_cards(after)
    fresh = set()
    for card in range(len(after)):
        added = after[card] - before[card]
        if added > 0:
            positions = [i for i, c in enumerate(row) if c == card]
            fresh.update(positions[-added:])
    return frozenset(fresh)

