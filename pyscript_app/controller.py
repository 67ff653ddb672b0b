"""Game flow for the page: human turns, the AI in slices, rounds, saves, links.

No `js` here: everything the browser does goes through a `host` object
(dom.BrowserHost in the page, a fake in the unit tests):

    host.render(html)                 replace the table
    host.schedule(fn, delay_ms)       call fn later, letting the browser breathe
    host.storage_get(key) / host.storage_set(key, text)   localStorage (may fail)
    host.now_ms()                     wall clock, for naming a set-aside save
    host.copy_text(text, done)        clipboard; done(ok: bool)
    host.download(filename, text)     save a file
    host.pick_file()                  open the file picker (the file comes back
                                      through Controller.import_text)
    host.page_url()                   the page URL without its #fragment
    host.set_ready()                  <html data-state="ready">

Friend mode (`?opponent=friend`, or the New game panel): both seats are people on
one screen. The AI never moves; `human` is the seat to move, and when the turn
passes the table shows only backs until the next player presses "Show my hand"
(`handover`).

Events come in as `handle(action, value, zone, index)` from the one delegated
listener; `data-action` names the handler.
"""

from __future__ import annotations

import json
import random

from jaipur_core import (CAMEL, GAME_OVER, PLAY, ROUND_OVER, Game, JaipurError, apply, is_legal,
                         legal_actions, sample_state, view_of)
from jaipur_core.ai import start_search
from jaipur_core.record import GameRecord, RoundRecord
from jaipur_core.share import parse_fragment, position_fragment

from .describe import describe, describe_result, describe_round_start
from .render import LEVELS, Table, render
from .saves import (EMBED_SAVE_KEY, FIRSTS, SAVE_FORMAT, SAVE_KEY, corrupt_key, decode_save,
                    encode_save)
from .selection import EMPTY, choices, row_cards, selection_for

SLICE_SECONDS = 0.03      # search budget per slice (a slice overshoots by at most one search
                          # iteration, ~1 ms typically); the browser gets the thread between slices
AI_PAUSE_MS = 250         # let a person see their own move land before the computer's
HINT_LEVEL = "medium"
OPPONENTS = ("computer", "friend")
FRIEND_NAMES = ("Player 1", "Player 2")


class Controller:
    def __init__(self, host, embed: bool = False, params: dict | None = None, fragment: str = ""):
        self.host = host
        self.embed = embed
        self.params = params or {}
        self.fragment = fragment
        self.save_key = EMBED_SAVE_KEY if embed else SAVE_KEY
        self.game: Game | None = None
        self.human = 0           # the seat shown; in friend mode, the seat to move
        self.level = "medium"
        self.opponent = "computer"   # or "friend": both seats played on this device
        self.handover = False     # friend mode: the table waits for "Show my hand"
        self.settings = {"level": "medium", "first": "random", "opponent": "computer"}
        self.selection = EMPTY
        self.message, self.message_kind = "", "info"
        self.log: list[str] = []
        self.last_move = ""
        self.last_cards = ()
        self.new_market: frozenset = frozenset()
        self.panel: str | None = None
        self.share_url = ""
        self.token = 0            # bumped whenever the game is replaced: stale AI slices stop
        self.search = None
        self.hint_search = None
        self.ai_pause_ms = AI_PAUSE_MS
        self.animate = True
        param_level = self.params.get("level")
        if param_level in LEVELS:
            self.settings["level"] = param_level
        if self.params.get("opponent") in OPPONENTS:
            self.settings["opponent"] = self.params["opponent"]
        if self.params.get("first") in FIRSTS:
            self.settings["first"] = self.params["first"]
        try:
            self.ai_pause_ms = max(0, min(5000, int(self.params.get("pause", AI_PAUSE_MS))))
        except ValueError:
            pass

    # --- starting -------------------------------------------------------------------

    @property
    def friend(self) -> bool:
        return self.opponent == "friend"

    @property
    def you(self) -> int | None:
        """The seat called "You" (none in friend mode)."""
        return None if self.friend else self.human

    @property
    def names(self) -> tuple[str, str]:
        if self.friend:
            return FRIEND_NAMES
        names = ["Computer", "Computer"]
        names[self.human] = "You"
        return tuple(names)

    def start(self) -> None:
        notice = None
        if self.fragment.strip("#").strip():
            try:
                shared = parse_fragment(self.fragment)
            except (JaipurError, ValueError) as error:
                notice = f"This link's game could not be opened: {error}. A new game was started instead."
            else:
                if shared is not None:
                    self._load_shared(*shared)
                    self.host.set_ready()
                    self._continue()
                    return
        if not self._resume():
            self._new_game()
        if notice:
            self._say(notice, "error")
        self.save()
        self._refresh()
        self.host.set_ready()
        self._continue()

    def _seed_param(self):
        seed = self.params.get("seed")
        if seed is None:
            return None
        try:
            return int(seed)
        except ValueError:
            return None

    def _new_game(self) -> None:
        level, first = self.settings["level"], self.settings["first"]
        opponent = self.settings["opponent"]
        self.human = 0  # a new game seats the human as player 0
        first_seat = {"you": 0, "computer": 1, "random": None}[first]
        players = FRIEND_NAMES if opponent == "friend" else ("You", f"Computer ({level})")
        seed = self._seed_param()
        self.params.pop("seed", None)   # "Play again" deals a fresh game
        self._install(Game.new(seed=seed, first=first_seat, players=players), level, opponent=opponent)
        self.log = self._rebuild_log()

    def _install(self, game: Game, level: str, human: int | None = None,
                 opponent: str = "computer") -> None:
        self.token += 1
        self.search = self.hint_search = None
        self.game = game
        if human is not None:
            self.human = human
        self.level = level
        self.opponent = opponent
        self.handover = False
        if self.friend:
            game.record.extra["opponent"] = "friend"
            if game.state.phase == PLAY:  # whoever moves first is shown their hand only when ready
                self.human, self.handover = game.state.to_move, True
        else:
            game.record.extra.pop("opponent", None)
        game.record.extra["human_seat"] = self.human
        game.record.extra["level"] = level
        self.selection = EMPTY
        self.last_move, self.new_market, self.panel = "", frozenset(), None
        self.last_cards = ()
        self.animate = True
        self.message, self.message_kind = "", "info"

    def _load_shared(self, kind: str, value) -> None:
        if kind == "game":
            game = value
        else:
            game = Game(GameRecord(["Player 1", "Player 2"], [RoundRecord(value)], {}), value, None)
        state = game.state
        human = state.to_move if state.phase == PLAY else 0
        self.save_key = None  # a shared game lives in its link, not in the player's save
        self._install(game, self.settings["level"], human)
        self.log = self._rebuild_log() if kind == "game" else []
        self.log.append("Position opened from a link: you play the side to move.")
        self._say("Position loaded from the link. Try a move.", "ok")
        self._refresh()

    # --- saving -----------------------------------------------------------------------

    def save(self) -> None:
        if self.save_key is None or self.game is None:
            return
        try:
            self.host.storage_set(self.save_key, encode_save(self.game, self.level, self.human,
                                                             self.settings["first"]))
        except Exception as error:  # storage full or disabled: keep playing
            self._say(f"The game could not be saved in this browser: {error}", "error")

    def _resume(self) -> bool:
        try:
            text = self.host.storage_get(self.save_key)
        except Exception:
            return False
        if not text:
            return False
        try:
            game, level, human, first = decode_save(text)
        except (JaipurError, ValueError, TypeError, KeyError) as error:
            aside = corrupt_key(self.save_key, self.host.now_ms())
            try:
                self.host.storage_set(aside, text)
                where = f"it was kept as {aside}"
            except Exception:
                where = "it could not be kept"
            self._new_game()
            self._say(f"Your saved game could not be read ({error}); {where}. A new game was started.",
                      "error")
            return True
        seed = self._seed_param()
        if seed is not None and game.seed != seed:
            return False
        opponent = _opponent_of(game)
        if self.params.get("opponent") in OPPONENTS and self.params["opponent"] != opponent:
            return False  # the link asks for the other kind of game
        self.params.pop("seed", None)
        self.settings["first"] = first
        self.settings["level"] = level
        self.settings["opponent"] = opponent
        self._install(game, level, human, opponent)
        self.log = self._rebuild_log()
        self._say("Welcome back: your game was resumed.", "ok")
        return True

    def _rebuild_log(self) -> list[str]:
        lines = []
        names = self.names
        for number, round_record in enumerate(self.game.record.rounds):
            state = round_record.start
            lines.append(describe_round_start(state, names, self.you))
            for action in round_record.actions:
                lines.append(describe(action, names[state.to_move], state))
                state = apply(state, action)
            if state.round_result is not None:
                lines.append(self._result_line(state))
        return lines

    def _result_line(self, state) -> str:
        """The log line of a scored round: from the human's side, or Player 1's in friend mode."""
        return describe_result(view_of(state, 0 if self.friend else self.human), self.names, self.you)

    # --- showing ----------------------------------------------------------------------

    def _say(self, text: str, kind: str = "info") -> None:
        self.message, self.message_kind = text, kind

    def table(self) -> Table:
        state = self.game.state
        view = view_of(state, self.human)
        if state.phase == GAME_OVER:
            turn, status = "over", "Game over"
        elif state.phase == ROUND_OVER:
            turn, status = "over", "Round over"
        elif self.handover:
            turn, status = "handover", f"Pass the device to {self.names[state.to_move]}"
        elif self.friend:
            turn, status = "human", f"{self.names[state.to_move]} to play"
        elif state.to_move == self.human:
            turn, status = "human", "Your turn"
        else:
            turn, status = "ai", "The computer is thinking…"
        return Table(view=view, names=self.names, selection=self.selection,
                     choices={} if self.handover else choices(state, self.human, self.selection),
                     message=self.message,
                     message_kind=self.message_kind, log=self.log, status=status, turn=turn,
                     new_market=self.new_market, last_move=self.last_move,
                     last_cards=self.last_cards, panel=self.panel,
                     level=self.level, settings=dict(self.settings), share_url=self.share_url,
                     embed=self.embed, animate=self.animate, opponent=self.opponent,
                     handover=self.handover)

    def _refresh(self) -> None:
        self.host.render(render(self.table()))
        self.animate = False  # arrivals play once, not again on every selection click

    # --- events -----------------------------------------------------------------------

    def handle(self, action: str, value: str = "", zone: str = "", index=None) -> None:
        handler = getattr(self, "on_" + action.replace("-", "_"), None)
        if handler is None:
            return
        handler(value=value, zone=zone, index=index)
        self._refresh()

    def on_select(self, zone="", index=None, **_):
        state = self.game.state
        if state.phase != PLAY or state.to_move != self.human or self.handover:
            self._say("Wait: it is not your turn.", "error")
            return
        try:
            index = int(index)
        except (TypeError, ValueError):
            return
        self.selection = self.selection.toggle(zone, index)
        self._say("")

    def on_clear(self, **_):
        self.selection = EMPTY
        self._say("")

    def on_play(self, value="", **_):
        state = self.game.state
        if self.handover:
            return
        choice = choices(state, self.human, self.selection).get(value)
        if choice is None:
            return
        if not choice.enabled:
            self._say(choice.reason or "That cannot be played.", "error")
            return
        self._play(choice.action)

    def _play(self, action) -> None:
        state = self.game.state
        if not is_legal(state, action):  # never play anything illegal, whoever asks
            raise JaipurError(f"refused an illegal action: {action}")
        mover = state.to_move
        line = describe(action, self.names[mover], state)
        self.game.play(action)
        after = self.game.state
        if self.friend and after.phase == PLAY:  # the device changes hands: hide the next hand
            self.human, self.handover = after.to_move, True
        self.log.append(line)
        self.new_market = _new_indices(state.market, after.market) if after.phase == PLAY else frozenset()
        self.last_move = line if mover != self.human else ""
        self.last_cards = _move_cards(action, state) if mover != self.human else ()
        self.selection, self.hint_search = EMPTY, None
        self.animate = True
        if mover == self.human or self.friend:  # a notice (e.g. a bad link) stays up through the computer's move
            self._say("")
        if after.phase != PLAY:
            self.log.append(self._result_line(after))
        self.save()
        self._continue()

    def _continue(self) -> None:
        """After any change: if the computer is to move, start its turn."""
        state = self.game.state
        if self.friend:  # both seats are people: the AI never moves
            return
        if state.phase == PLAY and state.to_move != self.human and self.search is None:
            token = self.token
            self.search = "pending"
            self.host.schedule(lambda: self._ai_start(token), self.ai_pause_ms)

    def _ai_start(self, token: int) -> None:
        if token != self.token:
            return
        state = self.game.state
        rng = random.Random(f"jaipur-ai/{self.game.seed}/{state.round}/"
                            f"{len(self.game.record.rounds[-1].actions)}")
        self.search = start_search(view_of(state, state.to_move), self.level, rng)
        self.host.schedule(lambda: self._ai_slice(token), 0)

    def _ai_slice(self, token: int) -> None:
        if token != self.token or self.search is None:
            return
        if not self.search.step(SLICE_SECONDS):
            self.host.schedule(lambda: self._ai_slice(token), 0)
            return
        action = self.search.best_action()
        self.search = None
        state = self.game.state
        if not is_legal(state, action):
            # An AI bug, never expected (the AI tests play only legal moves): say so
            # rather than hide it, and keep the game going with a legal move.
            self._say(f"The computer chose an illegal move ({action}); it plays "
                      f"{legal_actions(state)[0]} instead. Please report this.", "error")
            action = legal_actions(state)[0]
        self._play(action)
        self._refresh()

    def on_next_round(self, **_):
        if self.game.state.phase != ROUND_OVER:
            return
        self.game.next_round()
        state = self.game.state
        if self.friend:
            self.human, self.handover = state.to_move, True
        self.log.append(describe_round_start(state, self.names, self.you))
        self.selection, self.new_market, self.last_move = EMPTY, frozenset(), ""
        self.last_cards = ()
        self.animate = True
        self._say("")
        self.save()
        self._continue()

    def on_play_again(self, **_):
        self.on_new_game()

    def on_panel(self, value="", **_):
        self.panel = value if value in ("new", "rules", "share") else None
        self.animate = True

    def on_close(self, **_):
        self.panel = None

    def on_handover_ready(self, **_):
        if not self.handover:
            return
        self.handover = False
        self.selection = EMPTY
        self.animate = True
        self._say("")

    def on_set_opponent(self, value="", **_):
        if value in OPPONENTS:
            self.settings["opponent"] = value

    def on_set_level(self, value="", **_):
        if value in LEVELS:
            self.settings["level"] = value

    def on_set_first(self, value="", **_):
        if value in FIRSTS:
            self.settings["first"] = value

    def on_new_game(self, **_):
        if self.save_key is None:  # leaving a shared position: start saving again
            self.save_key = EMBED_SAVE_KEY if self.embed else SAVE_KEY
        self._new_game()
        self.save()
        self._continue()

    # --- hint -----------------------------------------------------------------------

    def on_hint(self, **_):
        state = self.game.state
        if state.phase != PLAY or state.to_move != self.human or self.handover:
            self._say("A hint is for your own turn.", "error")
            return
        token = self.token
        rng = random.Random(f"jaipur-hint/{self.game.seed}/{state.round}/"
                            f"{len(self.game.record.rounds[-1].actions)}")
        self.hint_search = start_search(view_of(state, self.human), HINT_LEVEL, rng)
        self._say("Thinking about a hint…", "hint")
        self.host.schedule(lambda: self._hint_slice(token, self.hint_search), 0)

    def _hint_slice(self, token: int, search) -> None:
        if token != self.token or search is not self.hint_search:
            return
        if not search.step(SLICE_SECONDS):
            self.host.schedule(lambda: self._hint_slice(token, search), 0)
            return
        self.hint_search = None
        state = self.game.state
        action = search.best_action()
        if action is None or not is_legal(state, action):
            return
        self.selection = selection_for(action, state.market, state.hands[self.human],
                                       state.herds[self.human])
        self._say("Hint: " + _hint_words(action, state), "hint")
        self._refresh()

    # --- sharing, export, import ----------------------------------------------------

    def on_share(self, **_):
        if self.handover:
            self._say("Show your hand first.", "error")
            return
        state = self.game.state
        rng = random.Random()
        # The reader gets the table as the player sees it: hidden cards are re-dealt.
        shown = sample_state(view_of(state, self.human), rng)
        self.share_url = self.host.page_url() + "#" + position_fragment(shown)
        self.panel = "share"
        self.animate = True

    def on_copy_link(self, **_):
        def done(ok: bool) -> None:
            if ok:
                self._say("Link copied to the clipboard.", "ok")
            else:
                self._say("The clipboard is not available: copy the link from the field above.", "info")
            self._refresh()

        self._say("Copying the link…", "info")
        self.host.copy_text(self.share_url, done)

    def on_export(self, **_):
        text = json.dumps(self.game.to_record_json(), indent=1)
        self.host.download(f"jaipur-game-round{self.game.state.round}.json", text)
        self._say("The game record was downloaded.", "ok")

    def on_import(self, **_):
        self.host.pick_file()

    def import_text(self, text: str, name: str = "the file") -> None:
        try:
            data = json.loads(text)
            if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
                data = data.get("record")
            game = Game.from_record_json(data)
        except (JaipurError, ValueError, TypeError, KeyError) as error:
            self._say(f"Could not import {name}: {error}. Your current game is unchanged.", "error")
            self._refresh()
            return
        human = game.record.extra.get("human_seat")
        level = game.record.extra.get("level")
        if human not in (0, 1) or isinstance(human, bool):
            human = 0
        if level not in LEVELS:
            level = self.level
        if self.save_key is None:
            self.save_key = EMBED_SAVE_KEY if self.embed else SAVE_KEY
        self._install(game, level, human, _opponent_of(game))
        self.log = self._rebuild_log()
        self._say(f"Imported {name}.", "ok")
        self.save()
        self._continue()
        self._refresh()


def _opponent_of(game: Game) -> str:
    """"friend" for a hot-seat game (kept in the record's extra), else "computer"."""
    return "friend" if game.record.extra.get("opponent") == "friend" else "computer"


def _hint_words(action, state) -> str:
    """'take the 3 camels', 'sell 4 leather'... (the cards are selected on the table)."""
    text = describe(action, "You", state)
    for past, present in (("You took", "take"), ("You traded", "trade"), ("You sold", "sell")):
        if text.startswith(past):
            return present + text[len(past):]
    return str(action)


def _move_cards(action, before) -> tuple:
    """The public cards of a move, for showing it: ((verb, ((card, count), ...)), ...)."""
    def listed(counts):
        return tuple((card, n) for card, n in enumerate(counts) if n)

    kind = action.kind
    if kind == "take":
        return (("took", ((action.good, 1),)),)
    if kind == "camels":
        return (("took", ((CAMEL, before.market[CAMEL]),)),)
    if kind == "trade":
        return (("took", listed(action.taken)), ("gave", listed(action.given)))
    if kind == "sell":
        return (("sold", ((action.good, action.count),)),)
    return ()


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
