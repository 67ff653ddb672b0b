"""Puzzles on the page (issue 28, item 3), through the runner with a fake host: a reader solves one
from a #puzzle= link, an author makes one from the table. The answers and the explanation are never
in the page before the reader has answered or asked."""

from __future__ import annotations

import json
import re
from html import unescape

from jaipur_core import Game, Puzzle, legal_actions, position_to_json, puzzle_from_json
from jaipur_core.share import parse_fragment, puzzle_fragment
from pyscript_app.app.events import FieldsRead
from pyscript_app.blog.puzzle_state import Draft, Solving
from tests.app_fakes import booted, embed_snippet, play_by_selection, press

EXPLANATION = "Because the camels & <tokens> wait."


def _puzzle(answers=2, seed=6) -> Puzzle:
    position = Game.new(seed=seed, first=0).state
    return Puzzle(position, "What would <you> play?", tuple(legal_actions(position)[:answers]), EXPLANATION)


def _open(puzzle, **params):
    host, runner = booted(fragment="#" + puzzle_fragment(puzzle), **params)
    host.run()
    return host, runner


def _bar(host) -> str:
    return host.html.split('data-testid="puzzle"', 1)[1]


def _hidden(host, puzzle) -> bool:
    """Nothing of the answers or the explanation is in the page."""
    html = host.html
    return ("camels &amp; &lt;tokens&gt;" not in html and "puzzle-answer-list" not in html
            and "puzzle-explanation" not in html and "data-answer" not in html)


def test_a_reader_sees_the_question_and_their_view_and_nothing_of_the_answer():
    puzzle = _puzzle()
    host, runner = _open(puzzle)
    state = runner.state
    assert isinstance(state.puzzle, Solving) and state.seat == puzzle.solver and state.save_key is None
    assert "What would &lt;you&gt; play?" in host.html and 'data-testid="puzzle-show"' in host.html
    assert _hidden(host, puzzle) and 'data-verdict' not in host.html
    assert state.game.state == puzzle.position


def test_a_wrong_move_is_told_wrong_keeps_the_answer_back_and_can_be_tried_again():
    puzzle = _puzzle()
    host, runner = _open(puzzle)
    wrong = next(a for a in legal_actions(puzzle.position) if a not in puzzle.answers)
    play_by_selection(runner, wrong)
    host.run()
    state = runner.state
    assert 'data-verdict="wrong"' in host.html and _hidden(host, puzzle)
    assert state.search is None and len(state.game.rounds[-1].actions) == 1  # the computer does not reply
    assert state.game.state.to_move != state.seat and 'data-turn="puzzle"' in host.html
    press(runner, "puzzle", "retry")
    assert runner.state.game.state == puzzle.position and 'data-verdict' not in host.html
    assert isinstance(runner.state.puzzle, Solving) and _hidden(host, puzzle)


def test_an_accepted_answer_is_told_right_with_the_explanation():
    puzzle = _puzzle()
    host, runner = _open(puzzle)
    play_by_selection(runner, puzzle.answers[1])
    host.run()
    bar = _bar(host)
    assert 'data-verdict="right"' in bar and "camels &amp; &lt;tokens&gt; wait." in bar
    assert bar.count("data-answer=") == 2 and runner.state.search is None


def test_show_the_answer_says_it_without_a_move():
    puzzle = _puzzle()
    host, runner = _open(puzzle)
    press(runner, "puzzle", "show")
    bar = _bar(host)
    assert 'data-verdict="shown"' in bar and f'data-answer="{puzzle.answers[0]}"' in bar and "camels &amp;" in bar
    assert runner.state.game.state == puzzle.position  # the reader may still play


def test_a_puzzle_without_answers_is_judged_by_the_search_after_the_move():
    puzzle = _puzzle(answers=0)
    host, runner = _open(puzzle, **{"analysis-iterations": 20})
    assert _hidden(host, puzzle)
    play_by_selection(runner, legal_actions(puzzle.position)[0])
    assert "Judging your move" in _bar(host) and "data-verdict" not in _bar(host)  # tests/test_app_coach.py
    host.run()
    bar = _bar(host)
    assert ('data-verdict="right"' in bar or 'data-verdict="wrong"' in bar) and 'data-testid="puzzle-best"' in bar
    assert "camels &amp;" in bar


def test_take_back_after_an_answer_returns_to_the_question():
    puzzle = _puzzle()
    host, runner = _open(puzzle)
    play_by_selection(runner, puzzle.answers[0])
    press(runner, "take-back")
    assert runner.state.game.state == puzzle.position and 'data-verdict' not in host.html
    assert runner.state.search is None


def test_a_puzzle_is_spoken_in_the_page_language(translated):
    puzzle = _puzzle()
    host, runner = _open(puzzle, lang="fa")
    assert "نشان دادن پاسخ" in host.html  # Show the answer
    play_by_selection(runner, puzzle.answers[0])
    assert "درست است" in _bar(host)


# --- the author ------------------------------------------------------------------------------

def _maker(seed=5):
    host, runner = booted(seed=seed, pause=0)
    host.run()
    while runner.state.game.state.to_move != runner.state.seat:
        play_by_selection(runner, legal_actions(runner.state.game.state)[0])
        host.run()
    press(runner, "share")
    press(runner, "puzzle", "make")
    return host, runner


def test_an_author_makes_a_puzzle_from_their_position_and_opens_its_link():
    host, runner = _maker()
    draft = runner.state.puzzle
    assert isinstance(draft, Draft) and runner.state.panel is None and 'data-testid="puzzle-maker"' in host.html
    assert runner.state.kept  # the game in progress is kept, offered back
    position = runner.state.game.state
    first, second = legal_actions(position)[:2]
    play_by_selection(runner, first)
    play_by_selection(runner, second)
    play_by_selection(runner, first)  # listed once
    assert runner.state.puzzle.answers == (first, second) and runner.state.game.state == position
    assert runner.state.note.kind == "error" and runner.state.search is None
    runner.dispatch(FieldsRead((("question", "Which <one>?"), ("explanation", "This & that."))))
    press(runner, "puzzle", "link")
    link = runner.state.puzzle.link
    assert link.startswith("http://example.test/index.html#puzzle=v1.") and 'data-testid="puzzle-link"' in host.html
    kind, puzzle = parse_fragment(link.split("#", 1)[1])
    assert kind == "puzzle" and puzzle.answers == (first, second) and puzzle.position == position
    assert (puzzle.question, puzzle.explanation) == ("Which <one>?", "This & that.")
    reader, solving = booted(fragment="#" + link.split("#", 1)[1])
    assert "Which &lt;one&gt;?" in reader.html and "This &amp; that." not in reader.html
    press(runner, "puzzle", "copy")
    assert host.copied[-1] == link


def test_the_author_exports_the_puzzle_file():
    host, runner = _maker()
    position = runner.state.game.state
    answer = legal_actions(position)[0]
    play_by_selection(runner, answer)
    runner.dispatch(FieldsRead((("question", "Q"), ("explanation", "E"))))
    press(runner, "puzzle", "export")
    name, text = host.downloads[-1]
    assert name == "jaipur-puzzle.json"
    data = json.loads(text)
    assert data == {"format": "jaipur-puzzle/1", "position": position_to_json(position), "question": "Q",
                    "answers": [str(answer)], "explanation": "E"}
    assert puzzle_from_json(data).answers == (answer,)


def test_a_refused_puzzle_says_why_and_a_cleared_draft_has_no_answers():
    host, runner = _maker()
    runner.dispatch(FieldsRead((("question", "?" * 501), ("explanation", ""))))
    press(runner, "puzzle", "link")
    assert runner.state.note.kind == "error" and "question" in host.html and not runner.state.puzzle.link
    play_by_selection(runner, legal_actions(runner.state.game.state)[0])
    press(runner, "puzzle", "clear")
    assert runner.state.puzzle.answers == () and 'data-testid="puzzle-answers-none"' in host.html


def test_the_fields_typed_survive_a_move_on_the_table():
    host, runner = _maker()
    runner.dispatch(FieldsRead((("question", "Kept?"), ("explanation", "Yes."))))
    play_by_selection(runner, legal_actions(runner.state.game.state)[0])
    assert ">Kept?</textarea>" in host.html and ">Yes.</textarea>" in host.html


def test_leaving_the_maker_plays_on_from_the_position():
    host, runner = _maker()
    press(runner, "puzzle", "leave")
    assert runner.state.puzzle is None and 'data-testid="puzzle-maker"' not in host.html
    play_by_selection(runner, legal_actions(runner.state.game.state)[0])
    host.run()
    assert len(runner.state.game.rounds[-1].actions) >= 1 and runner.state.puzzle is None


def test_a_puzzle_is_made_on_your_move_or_from_a_reviewed_step():
    host, runner = booted(seed=5, pause=0, first="computer")
    press(runner, "share")
    press(runner, "puzzle", "make")  # the computer is to move: not now
    assert runner.state.puzzle is None and runner.state.note.kind == "error"
    game = Game.new(seed=9, first=0)
    for _ in range(4):
        game = game.play(legal_actions(game.state)[0])
    from jaipur_core.share import game_fragment
    host, runner = booted(fragment="#" + game_fragment(game, 3))
    press(runner, "share")
    press(runner, "puzzle", "make")
    assert isinstance(runner.state.puzzle, Draft) and runner.state.puzzle.position == game.steps()[3][3]
    assert runner.state.seat == game.steps()[3][3].to_move


def test_new_game_leaves_the_puzzle():
    host, runner = _open(_puzzle())
    press(runner, "new-game")
    host.run()
    assert runner.state.puzzle is None and 'data-testid="puzzle"' not in host.html


def test_an_answer_that_ends_the_round_leaves_the_puzzle_at_the_next_round():
    from dataclasses import replace

    from pyscript_app.app.controls import Button
    from pyscript_app.app.events import Pressed
    from pyscript_app.app.state import TableState
    from pyscript_app.app.update import update
    from tests.screens import _played
    over = _played(2, lambda g: g.state.phase == "round_over")
    puzzle = _puzzle()
    state = TableState(line=over, booted=True, save_key=None)
    state = replace(state, puzzle=Solving(puzzle, "right", state.token))
    state, effects = update(state, Pressed(Button.NEXT_ROUND))
    assert state.puzzle is None and state.game.state.phase == "play"
    assert any(type(effect).__name__ == "StartSearch" for effect in effects) == (state.game.state.to_move != state.seat)


def test_a_puzzle_link_over_a_saved_game_never_saves_and_offers_it_back():
    from pyscript_app.app.saves import SAVE_KEY
    from tests.app_fakes import started
    host, runner = started(seed=11, first="you")
    play_by_selection(runner, legal_actions(runner.state.game.state)[0])
    host.run()
    saved, mine = host.storage[SAVE_KEY], runner.state.game.state
    puzzle = _puzzle()
    host2, reader = started(host.storage, fragment="#" + puzzle_fragment(puzzle))
    assert "was kept" in host2.screen.message and reader.state.save_key is None
    play_by_selection(reader, puzzle.answers[0])
    host2.run()
    assert host2.storage[SAVE_KEY] == saved
    press(reader, "resume", "home")
    assert reader.state.game.state == mine and reader.state.puzzle is None


def test_a_reader_gets_no_hint_on_a_puzzle():
    """The computer's hint would be the answer: no Hint tool, and the key says why."""
    host, runner = _open(_puzzle())
    assert 'data-testid="btn-hint"' not in host.html and 'data-testid="btn-takeback"' in host.html
    press(runner, "hint")
    host.run()
    assert runner.state.search is None and runner.state.note.parts[0][0] == "hint-puzzle"
    assert _hidden(host, _puzzle())


def _share_field(host, testid: str) -> str:
    found = re.search(rf'value="([^"]*)" data-testid="{testid}"', host.html)
    assert found, f"no {testid} in the Link panel"
    return unescape(found.group(1))


def test_a_reader_passes_the_puzzle_on_from_the_link_panel_and_its_embed():
    puzzle = _puzzle()
    host, runner = _open(puzzle)
    wrong = next(a for a in legal_actions(puzzle.position) if a not in puzzle.answers)
    play_by_selection(runner, wrong)  # tried once: what is passed on is still the puzzle as opened
    host.run()
    press(runner, "share")
    link = _share_field(host, "share-puzzle-link")
    kind, opened = parse_fragment(link.split("#", 1)[1])
    assert kind == "puzzle" and opened == puzzle and link.startswith("http://example.test/index.html#puzzle=v1.")
    assert _share_field(host, "share-link")  # the position shown is still offered beside it
    assert _hidden(host, puzzle)  # the panel says nothing of the answer either
    press(runner, "copy-link", "puzzle")
    assert host.copied[-1] == link
    frame = re.search(r'<iframe src="([^"]+)"', embed_snippet(host))
    assert frame and unescape(frame.group(1)).split("#", 1)[1] == link.split("#", 1)[1]


def test_no_puzzle_link_outside_a_puzzle():
    host, runner = booted()
    host.run()
    press(runner, "share")
    assert runner.state.share.puzzle is None and 'data-testid="share-puzzle-link"' not in host.html
