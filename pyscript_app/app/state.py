"""The one immutable state of the page: the game in play and the interface around it.

Everything the page knows is here; `update` makes new values from old ones and
`render` draws them. Frozen dataclasses with tuples and frozensets inside, so a
state can be compared, kept (undo, review) and checked in property tests.
"""

from __future__ import annotations

from dataclasses import dataclass

from jaipur_core import Game
from jaipur_core.share import page_link

from ..blog.maker_state import Maker
from ..blog.puzzle_state import Draft, Solving
from ..coach.state import Coach
from ..words.messages import _
from .selection import EMPTY, Selection

MODES = ("computer", "friend")
FIRSTS = ("you", "computer", "random")


@dataclass(frozen=True)
class Note:
    """The message line: catalog sentences, a kind, and buttons offered with it.

    parts: ((msg_id, ((name, value), ...)), ...) shown one after another.
    offers: ((controls.Button, data-value, label msg_id), ...): buttons in the message line.
    """

    parts: tuple = ()
    kind: str = "info"            # info | error | hint | ok
    offers: tuple = ()

    def then(self, other: "Note | None") -> "Note":
        if other is None:
            return self
        kind = "error" if "error" in (self.kind, other.kind) else self.kind
        return Note(self.parts + other.parts, kind, self.offers + other.offers)


def note(msg_id: str, kind: str = "info", offers: tuple = (), **params) -> Note:
    return Note(((msg_id, tuple(sorted(params.items()))),), kind, offers)


@dataclass(frozen=True)
class Settings:
    """The New game panel's choices (they apply to the next game), and the page's language."""

    level: str = "medium"
    first: str = "random"
    opponent: str = "computer"
    language: str = "en"          # en | fa | tr: every word, the writing direction, the digits


@dataclass(frozen=True)
class Kept:
    """A game set aside rather than lost: its save text and what to call it."""

    text: str
    mode: str
    level: str
    round: int
    moves: int


@dataclass(frozen=True)
class Shared:
    """The Link panel's links, as fragments (without "#"), and the page they open in.

    position: "position=CODE", the position shown (outside a review, the hidden cards dealt
    afresh). game: "game=CODE" (with "&at=N" while reviewing), or None while the record holds
    what the player may not see (`game_why` says why: a catalog id). page: index | embed.
    puzzle: "puzzle=CODE" of the puzzle being solved (as it was opened), else None.
    """

    position: str
    game: str | None
    game_why: str = ""
    page: str = "index"
    puzzle: str | None = None     # "puzzle=CODE" while a puzzle is solved: the reader passes it on


@dataclass(frozen=True)
class Search:
    """A search the runner is doing for us: the computer's move or a hint."""

    purpose: str                  # "ai" | "hint"
    token: int                    # the game's token when it started; stale results are dropped


@dataclass(frozen=True)
class HintShown:
    """A hint's best moves found, each with its chance to win the round: ((Action, 0..1), ...),
    best first, offered while the game is still at `token`."""

    token: int
    options: tuple = ()


@dataclass(frozen=True)
class Replay:
    """An annotated replay's controls in review (blog/notes.py): autoplay and the author's note field.

    playing: the game token when autoplay was started (a change of game stops it), or None.
    writing: the note field is open; it stays open from step to step until Done."""

    playing: int | None = None
    writing: bool = False


@dataclass(frozen=True)
class TableState:
    # --- the game in play ------------------------------------------------------------
    line: Game | None = None      # jaipur_core.Game, immutable: the record and where it stands
    mode: str = "computer"        # computer | friend (both seats people, on this device)
    level: str = "medium"
    seat: int = 0                 # the seat shown; in friend mode the seat to move
    first: str = "random"         # how the game's starter was chosen (kept in the save)
    save_key: str | None = None   # None: a game opened from a link lives in its link
    home_key: str = "jaipur.save"  # the player's own save (the embed has its own)
    home_text: str | None = None  # the player's saved game, while a link's game is shown
    elsewhere: str | None = None  # another tab saved a different game under save_key (its text):
                                  # this tab's game is stale, its saves are held back (app/tabs.py)
    adopted: bool = False         # the game was taken from another tab's save and no move was made
                                  # here since: the computer waits before moving (app/tabs.py)
    unsaved: bool = False         # the browser refused storage: said once (update._storage_failed)
    # --- the interface ---------------------------------------------------------------
    selection: Selection = EMPTY
    panel: str | None = None      # new | rules | share | log | know | None
    note: Note | None = None
    last_move: str = ""           # the other side's last move, in words (announced)
    last_cards: tuple = ()        # ((verb, ((card, count), ...)), ...) for that move
    log: tuple = ()
    handover: bool = False        # friend mode: the hand stays hidden until "Show my hand"
    new_market: frozenset = frozenset()
    animate: bool = True
    share: Shared | None = None   # the Link panel's links
    review: int | None = None     # the step shown while reviewing
    result_aside: int | None = None  # the game token when the round panel was set aside to look
                                  # at the table; any change of the game brings the panel back
    kept: tuple = ()              # Kept games, newest first
    settings: Settings = Settings()
    details: bool = False         # phones: the opponent/tokens strip opened for details
    reveal: tuple | None = None   # (token, action): the computer's move shown before it is played
    puzzle: Solving | Draft | None = None  # a puzzle solved or made on the table (blog/puzzles.py)
    replay: Replay = Replay()     # review's autoplay and note field (blog/notes.py)
    maker: Maker = Maker()        # the Link panel's embed and Diagram choices (blog/embed.py)
    coach: Coach = Coach()        # the computer's analysis in review (coach/update.py)
    # --- plumbing ----------------------------------------------------------------------
    token: int = 0                # bumped whenever the game changes
    search: Search | None = None
    hint: HintShown | None = None  # the last hint's moves (shown while its token is the game's)
    embed: bool = False
    embed_shows: frozenset = frozenset()  # what an embed shows besides the table: tools, log (?show=)
    pause_ms: int = 250
    seed_param: int | None = None  # ?seed=, used by the first new game only
    page_url: str = ""
    entropy: int = 0              # the only source of randomness (seeded by the host at boot)
    art: str = ""                 # the table's art (art/cards.svg), read by the host after boot: diagrams
    dark: bool = False            # the page is drawn in its dark colours (a diagram's default theme)
    booted: bool = False

    @property
    def friend(self) -> bool:
        return self.mode == "friend"

    @property
    def you(self) -> int | None:
        """The seat called "You" (none in friend mode)."""
        return None if self.friend else self.seat

    def names(self) -> tuple:
        """What the page calls each seat, in the active language: You and Computer, or Player 1 and 2."""
        if self.friend:
            return (_("player-1"), _("player-2"))
        out = [_("player-computer"), _("player-computer")]
        out[self.seat] = _("player-you")
        return tuple(out)

    def share_link(self, which: str) -> str:
        """The address of the Link panel's link to the "position", the "game" or the "puzzle"
        being solved ("" if none)."""
        shared = self.share
        if shared is None:
            return ""
        fragment = {"game": shared.game, "puzzle": shared.puzzle}.get(which, shared.position)
        return "" if fragment is None else page_link(self.page_url, shared.page, fragment)

    @property
    def reviewable(self) -> bool:
        """An imported record or a `#game=` link: reviewable any time (`Game.held_whole`)."""
        return self.line is not None and self.line.held_whole

    @property
    def can_review(self) -> bool:
        """Review shows both hands: only for a public record (`Game.public`), never while the
        computer is choosing its move."""
        if self.line is None or self.search is not None and self.search.purpose == "ai":
            return False
        return self.line.public

    @property
    def hint_options(self) -> tuple:
        """The hint's moves still on offer: ((Action, chance), ...), or () (the game moved on)."""
        hint = self.hint
        if hint is None or hint.token != self.token or not self.my_turn:
            return ()
        return hint.options

    @property
    def autoplaying(self) -> bool:
        return self.review is not None and self.replay.playing == self.token

    @property
    def game(self) -> Game:
        """The game on the table: every state after the boot has one (the boot deals or resumes it)."""
        if self.line is None:
            raise LookupError("TableState.line")  # no game before the boot deals or resumes one
        return self.line

    @property
    def position(self):
        return None if self.line is None else self.line.state

    @property
    def my_turn(self) -> bool:
        """The person at the screen may act on the table now."""
        state = self.position
        return (state is not None and state.phase == "play" and state.to_move == self.seat
                and not self.handover and self.review is None)

    @property
    def computer_moving(self) -> bool:
        """The computer is choosing or playing its move (never in friend mode or while reviewing)."""
        state = self.position
        return (not self.friend and self.review is None and state is not None and state.phase == "play"
                and state.to_move != self.seat)
