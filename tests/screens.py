"""Every screen the page can show, as TableStates, for the tests that check all of them at once.

One state per distinct look: the table on your turn with cards picked, each panel, the
friend-mode hand-over, a round's result (and set aside), game over, review, the message
line's offers, a log long enough for "Show all", the computer's move shown, and Persian.
tests/test_app_controls.py (every data-action is a controls member) and
tests/test_app_markup.py (catalog text is escaped everywhere) render them all.
"""

from __future__ import annotations

import random
from dataclasses import replace
from html.parser import HTMLParser

from jaipur_core import Game, Puzzle, legal_actions
from jaipur_core.ai.analysis import RecordAnalysis
from jaipur_core.limits import MAX_LOG_LINES_RENDERED
from pyscript_app.app.controls import Button
from pyscript_app.app.games import kept_offer
from pyscript_app.app.selection import EMPTY
from pyscript_app.app.state import HintShown, Kept, Replay, Settings, Shared, TableState, note
from pyscript_app.app.tabs import stale_note
from pyscript_app.blog.puzzle_state import Draft, Solving
from pyscript_app.coach.state import Coach, review_step

NAMES = ("You", "Computer")


def _played(seed: int, stop) -> Game:
    game = Game.new(seed=seed, first=0, players=NAMES)
    rng = random.Random(seed)
    while not stop(game):
        if game.state.phase == "game_over":
            break
        if game.state.phase == "round_over":
            game = game.next_round()
            continue
        game = game.play(rng.choice(legal_actions(game.state)))
    return game


def every_screen() -> list[tuple[str, TableState]]:
    """(name, state) of each look; all booted, all with a game on the table."""
    fresh = TableState(line=Game.new(seed=4, first=0, players=NAMES), booted=True)
    picked = replace(fresh, selection=EMPTY.toggle("market", 0).toggle("hand", 0))
    moved = TableState(line=_played(5, lambda g: g.state.round == 1 and len(g.record.rounds[-1].actions) >= 6),
                       booted=True)
    round_over = TableState(line=_played(2, lambda g: g.state.phase == "round_over"), booted=True)
    game_over = TableState(line=_played(3, lambda g: False), booted=True)
    annotated = replace(game_over, line=game_over.line.with_note(3, "Why <this> & not that?")
                        .with_extra(title="A <title>", author="Ada & co"))
    kept = (Kept("{}", "computer", "hard", 2, 14), Kept("{}", "friend", "medium", 1, 3))
    long_log = tuple(f"line {i}" for i in range(MAX_LOG_LINES_RENDERED + 5))
    ai_move = legal_actions(fresh.line.state)[0]
    puzzle = Puzzle(fresh.line.state, "What now?", tuple(legal_actions(fresh.line.state)[:2]), "Camels first.")
    judged = RecordAnalysis(game_over.line.record, (0, 1), 0, 2).run_all()  # a few iterations: any marks do
    analysed = replace(game_over, line=game_over.line.with_extra(analysis=judged.to_json()))
    first_judged = review_step(analysed.line, judged.moves[0].round, judged.moves[0].step)
    open_puzzle = replace(puzzle, answers=())
    best = tuple((str(action), 0.6 - i / 10) for i, action in enumerate(legal_actions(fresh.line.state)[:3]))
    screens = [
        ("your turn, cards picked", picked),
        ("after moves", moved),
        ("new game panel, kept games", replace(moved, panel="new", kept=kept)),
        ("new game panel, friend", replace(moved, panel="new", settings=Settings(opponent="friend"))),
        ("rules panel", replace(fresh, panel="rules")),
        ("share panel", replace(fresh, panel="share", share=Shared("position=x", None, "share-game-later"))),
        ("share panel, game link", replace(game_over, panel="share", review=3, page_url="https://example.test/",
                                           share=Shared("position=x", "game=y&at=3", "", "embed"))),
        ("log panel", replace(moved, panel="log", log=long_log)),
        ("know panel", replace(moved, panel="know")),
        ("long log", replace(moved, log=long_log)),
        ("hand-over", replace(moved, mode="friend", handover=True)),
        ("friend to play", replace(moved, mode="friend")),
        ("round over", round_over),
        ("round over, set aside", replace(round_over, result_aside=round_over.token)),
        ("game over", game_over),
        ("review", replace(game_over, review=3)),
        ("review, a note, title and author", replace(annotated, review=3)),
        ("review, writing a note, autoplay", replace(annotated, review=3,
                                                     replay=Replay(playing=annotated.token, writing=True))),
        ("reviewable record", replace(moved, line=moved.line.opened_whole())),
        ("computer's move shown", replace(fresh, seat=1, reveal=(fresh.token, ai_move))),
        ("last move", replace(moved, last_move="Computer took a gold.", last_cards=(("move-took", ((0, 1),)),))),
        ("try again", replace(fresh, note=note("ai-failed", "error", ((Button.TRY_AGAIN, "", "try-again"),),
                                               error="boom"))),
        ("continue", replace(fresh, note=note("page-failed", "error", ((Button.DISMISS, "", "continue"),),
                                              error="boom"))),
        # games.kept_offer's own note (the Resume offer of a kept game)
        ("resume offer", replace(fresh, note=kept_offer("computer", "0"))),
        # app/tabs.py: another tab saved a different game (Load it / Keep this one)
        ("moved on in another tab", replace(fresh, note=stale_note())),
        ("details open", replace(moved, details=True)),
        ("hint's three moves", replace(fresh, note=note("hint-moves", "hint"), hint=HintShown(
            fresh.token, tuple((action, 0.5 - index / 10) for index, action in
                               enumerate(legal_actions(fresh.line.state)[:3]))))),
        # a puzzle being solved (before, after a wrong and a right answer), one without answers, a maker
        ("puzzle", replace(fresh, puzzle=Solving(puzzle))),
        ("puzzle, wrong", replace(fresh, puzzle=Solving(puzzle, "wrong", fresh.token))),
        ("puzzle, right", replace(fresh, puzzle=Solving(puzzle, "right", fresh.token))),
        ("puzzle without answers, answered", replace(fresh, puzzle=Solving(replace(puzzle, answers=()), "open",
                                                                           fresh.token))),
        ("puzzle maker", replace(fresh, puzzle=Draft(fresh.line.state, puzzle.answers, "Why?", "Because.",
                                                     "https://example.test/index.html#puzzle=v1.x"))),
        ("puzzle maker, no answers", replace(fresh, puzzle=Draft(fresh.line.state))),
        # issue 29: the analysis in review (running, done: marks and chart), a puzzle judged by the search
        ("review, analysis running", replace(game_over, review=3, coach=Coach(running=1, game=game_over.token,
                                                                             players=(0,), done=2, total=9))),
        ("review, analysed", replace(analysed, review=first_judged, coach=Coach(who="both"))),
        ("puzzle without answers, judging", replace(fresh, puzzle=Solving(open_puzzle, "judging", fresh.token))),
        ("puzzle without answers, judged", replace(fresh, puzzle=Solving(open_puzzle, "wrong", fresh.token, 0.3,
                                                                         best))),
    ]
    persian = [(f"{name}, fa", replace(state, settings=replace(state.settings, language="fa")))
               for name, state in screens]
    return screens + persian


class Controls(HTMLParser):
    """The attributes of every element carrying data-action, in document order."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.found: list[dict] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if "data-action" in attributes:
            self.found.append(attributes)
