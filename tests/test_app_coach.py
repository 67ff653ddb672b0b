"""The computer's analysis in review and the judge of a puzzle without answers (issue 29, items 2
and 4), DOM-free: the runner with tests/app_fakes.FakeHost, the page backend's slices run by hand,
or the search worker's stand-in (app_fakes.FakeWorker)."""

from __future__ import annotations

import json
import re

from jaipur_core import Game, Puzzle, legal_actions, view_of
from jaipur_core.ai.analysis import judge_puzzle
from jaipur_core.share import game_fragment, puzzle_fragment
from pyscript_app.app.controls import Button
from pyscript_app.app.effects import StartAnalysis, StartPuzzleJudge, StopAnalysis
from pyscript_app.app.events import AnalysisProgress, FileChosen, Pressed
from pyscript_app.app.saves import encode_save
from pyscript_app.app.update import update
from pyscript_app.coach import backends as search_backends
from pyscript_app.coach.state import movers, review_step
from pyscript_app.coach.view import chart_points
from tests.app_fakes import booted, play_by_selection, press, with_worker
from tests.e2e.records import game_cut_short

FEW = 4  # iterations per move: the tests check the page's plumbing, not the search


def _link_game() -> Game:
    """A real game's first round cut 40 actions before its end: a record the link's reader holds whole."""
    return game_cut_short(3, 40, ending="round")


def _opened(game=None, at=None, **params):
    game = game or _link_game()
    host, runner = booted(fragment="#" + game_fragment(game, at), pause=0, **{"analysis-iterations": FEW}, **params)
    host.run()
    if runner.state.review is None:
        press(runner, "review")
    return host, runner


def _marks(html: str) -> list[str]:
    return re.findall(r'data-testid="analysis-mark" data-mark="(\w+)"', html)


def _points(html: str) -> list[tuple[int, str]]:
    return [(int(at), mark) for at, mark in
            re.findall(r'data-testid="analysis-point" data-at="(\d+)" data-mark="(\w+)"', html)]


def _slices(host, runner, n: int) -> None:
    """Run the next `n` scheduled tasks (the page backend's slices, or its hand-overs of answers)."""
    for _ in range(n):
        host.queue.pop(0)()


def test_analyse_sends_the_public_record_and_judges_move_by_move_with_progress(monkeypatch):
    monkeypatch.setattr(search_backends, "SLICE_SECONDS", 0)  # one search iteration a slice
    game = _link_game()
    host, runner = _opened(game)
    assert 'data-testid="btn-analyse"' in host.html and 'data-done="false"' in host.html
    state, effects = update(runner.state, Pressed(Button.ANALYSE))
    [effect] = effects
    assert isinstance(effect, StartAnalysis) and effect.players == (runner.state.seat,)
    assert json.loads(effect.record_json) == game.with_extra(**{k: v for k, v in runner.state.game.record.extra}
                                                             ).to_record_json()
    assert effect.iterations == FEW and effect.seed == "0"
    press(runner, "analyse")
    theirs = [key for key, seat in movers(runner.state.game).items() if seat == runner.state.seat]
    assert 'data-testid="analysis-progress"' in host.html and f'data-total="{len(theirs)}"' in host.html
    assert 'data-testid="analysis-stop"' in host.html
    seen = 0
    while host.queue:  # results appear move by move
        _slices(host, runner, 1)
        judged = runner.state.game.record.analysis
        now = 0 if judged is None else len(judged.moves)
        assert now >= seen
        seen = now
        if host.queue:
            assert f'data-done="{now}"' in host.html
    analysis = runner.state.game.record.analysis
    assert analysis is not None and len(analysis.moves) == len(theirs) and analysis.seats == (runner.state.seat,)
    assert analysis.iterations == FEW
    assert "analysis-progress" not in host.html and 'data-done="true"' in host.html  # it says it is done
    assert "Analysis done" in host.html
    points = _points(host.html)
    assert [at for at, _m in points] == sorted(review_step(runner.state.game, m.round, m.step) for m in analysis.moves)


def test_each_judged_step_shows_its_mark_in_words_and_the_chart_jumps_there():
    host, runner = _opened()
    press(runner, "analyse")
    host.run()
    points = _points(host.html)
    at, mark = points[len(points) // 2]
    press(runner, "analysis-jump", str(at))
    assert runner.state.review == at
    assert _marks(host.html) == [mark]
    shown = re.search(r'data-testid="analysis-mark".*?</p>', host.html, re.S).group(0)
    assert "chance to win the round" in shown and "%" in shown
    assert ("It is the best move found." in shown) == (mark == "best")
    assert f'data-at="{at}" data-mark="{mark}" data-key="analysis-point-{at}" aria-label="Action {at}: ' in host.html
    assert 'aria-current="step"' in host.html
    # a step no move of the chosen player made shows no mark
    press(runner, "review-step", "first")
    assert _marks(host.html) == []
    # a stale or foreign jump changes nothing
    press(runner, "analysis-jump", "9999")
    press(runner, "analysis-jump", "x")
    assert runner.state.review == 0


def test_both_players_judges_only_the_moves_not_judged_yet():
    host, runner = _opened()
    press(runner, "analyse")
    host.run()
    mine = len(runner.state.game.record.analysis.moves)
    press(runner, "analyse-who", "both")
    state, effects = update(runner.state, Pressed(Button.ANALYSE))
    assert effects[0].players == (0, 1)
    judged = []
    runner.dispatch = _spy(runner.dispatch, judged)
    press(runner, "analyse")
    host.run()
    by_move = movers(runner.state.game)
    assert judged and all(by_move[(e.judgement["round"], e.judgement["step"])] != runner.state.seat for e in judged)
    analysis = runner.state.game.record.analysis
    assert analysis.seats == (0, 1) and len(analysis.moves) == len(by_move) and len(judged) == len(by_move) - mine


def _spy(dispatch, seen):
    def spied(event):
        if isinstance(event, AnalysisProgress):
            seen.append(event)
        dispatch(event)
    return spied


def test_stop_keeps_the_moves_judged_and_no_more_arrive(monkeypatch):
    monkeypatch.setattr(search_backends, "SLICE_SECONDS", 0)  # one search iteration a slice
    host, runner = _opened()
    press(runner, "analyse")
    token = runner.state.coach.running
    while runner.state.game.record.analysis is None:
        _slices(host, runner, 1)
    state, effects = update(runner.state, Pressed(Button.ANALYSE_STOP))
    assert effects == (StopAnalysis(token),)
    press(runner, "analyse-stop")
    kept = runner.state.game.record.analysis
    assert runner.state.coach.running is None and "analysis-progress" not in host.html
    assert "moves judged so far are kept" in host.html
    host.run()
    assert runner.state.game.record.analysis == kept and not runner.coach_jobs
    # a late answer of the stopped analysis is dropped
    runner.dispatch(AnalysisProgress(token, kept.moves[0].to_json(), 1, 9))
    assert runner.state.game.record.analysis == kept
    # Analyse again goes on from there
    press(runner, "analyse")
    host.run()
    assert len(runner.state.game.record.analysis.moves) > len(kept.moves)
    assert runner.state.game.record.analysis.moves[:len(kept.moves)] == kept.moves


def test_a_game_in_progress_is_refused_with_a_reason_and_nothing_changes():
    host, runner = booted(seed=3, pause=0, **{"analysis-iterations": FEW})
    host.run()
    before = runner.state
    assert not before.can_review and "btn-analyse" not in host.html
    state, effects = update(before, Pressed(Button.ANALYSE))
    assert effects == () and state.line == before.line and state.coach == before.coach
    assert state.note.parts[0][0] == "analyse-not-now" and state.note.kind == "error"
    runner.dispatch(Pressed(Button.ANALYSE))
    assert "cannot be analysed" in host.html and "Finish the game first" in host.html


def test_export_and_import_keep_the_analysis_and_a_second_look_costs_nothing():
    host, runner = _opened()
    press(runner, "analyse")
    host.run()
    analysis = runner.state.game.record.analysis
    press(runner, "export")
    name, text = host.downloads[-1]
    assert json.loads(text)["analysis"]["format"] == "jaipur-analysis/1"
    host2, runner2 = booted(pause=0, **{"analysis-iterations": FEW})
    host2.run()
    runner2.dispatch(FileChosen(name, text, len(text)))
    host2.run()
    press(runner2, "review")
    assert runner2.state.game.record.analysis == analysis
    assert 'data-done="true"' in host2.html and len(_points(host2.html)) == len(analysis.moves)
    state, effects = update(runner2.state, Pressed(Button.ANALYSE))
    assert effects == () and state.note.parts[0][0] == "analyse-done-already"


def test_the_players_own_finished_game_saves_its_analysis_and_a_reload_shows_it(monkeypatch):
    monkeypatch.setattr(search_backends, "SLICE_SECONDS", 0)  # one search iteration a slice
    game = game_cut_short(3, 0)
    storage = {"jaipur.save": encode_save(game, "easy", 0, "random")}
    host, runner = booted(storage, pause=0, **{"analysis-iterations": FEW})
    host.run()
    press(runner, "review")
    press(runner, "analyse")
    while runner.state.game.record.analysis is None or len(runner.state.game.record.analysis.moves) < 3:
        _slices(host, runner, 1)  # a few moves: each is saved as it is judged
    press(runner, "analyse-stop")
    judged = runner.state.game.record.analysis
    assert json.loads(host.storage["jaipur.save"])["record"]["analysis"] == judged.to_json()
    host2, runner2 = booted(dict(host.storage), pause=0)
    host2.run()
    press(runner2, "review")
    assert runner2.state.game.record.analysis == judged and len(_points(host2.html)) == len(judged.moves)


def test_another_game_drops_the_analysis_running():
    host, runner = _opened()
    press(runner, "analyse")
    _slices(host, runner, 1)
    press(runner, "new-game")
    host.run()
    assert not runner.coach_jobs and runner.state.game.record.analysis is None


def test_an_unsound_judgement_is_said_and_the_record_stays_readable():
    host, runner = _opened()
    press(runner, "analyse")
    token = runner.state.coach.running
    job = runner.coach_jobs.pop("analysis")
    job.backend.stop(job.id)
    runner.dispatch(AnalysisProgress(token, {"round": 1, "step": 0, "move": "camels", "before": 0.2, "after": 0.5,
                                             "best": "camels", "best_chance": 0.5, "mark": "best"}, 1, 5))
    assert runner.state.coach.running is None and "The analysis failed" in host.html
    assert runner.state.game.record.analysis is None


def test_the_chart_draws_one_line_per_round_and_runs_right_to_left_in_persian(translated):
    game = game_cut_short(3, 30)  # three rounds, the last cut short: a link's record
    host, runner = _opened(game, lang="fa")
    press(runner, "analyse")
    host.run()
    html = host.html
    assert len(re.findall(r'<polyline class="analysis-line" data-round="(\d)"', html)) == 3
    xs = [float(x) for x in re.findall(r'<foreignObject x="([\d.]+)"', html)]
    assert xs == sorted(xs, reverse=True)  # the first step on the right
    at = _points(html)[0][0]
    press(runner, "analysis-jump", str(at))
    assert "٪" in re.search(r'data-testid="analysis-mark".*?</p>', host.html, re.S).group(0)
    assert re.search(r'aria-label="[^"]*[۰-۹]', html)  # Persian digits in the points' names
    seat, points = chart_points(runner.state, {})
    assert points == ()


# --- a puzzle without accepted answers --------------------------------------------------------

def _puzzle(seed=6) -> Puzzle:
    position = Game.new(seed=seed, first=0).state
    return Puzzle(position, "What now?", (), "The camels wait.")


def test_a_puzzle_without_answers_is_judged_in_slices_right_or_wrong_with_the_best_moves():
    puzzle = _puzzle()
    host, runner = booted(fragment="#" + puzzle_fragment(puzzle), **{"analysis-iterations": 30})
    host.run()
    action = legal_actions(puzzle.position)[0]
    play_by_selection(runner, action)
    assert 'data-testid="puzzle-judging"' in host.html and "data-verdict" not in host.html
    assert runner.coach_jobs["puzzle"].token == runner.state.token
    assert runner.coach_jobs["puzzle"].backend is runner.page_search   # no worker: the page's slices
    host.run()
    expected = judge_puzzle(puzzle, action, seed=0, iterations=30)
    verdict = "right" if expected.right else "wrong"
    assert f'data-verdict="{verdict}"' in host.html
    best = re.search(r'data-testid="puzzle-best">(.*?)</ol>', host.html, re.S).group(1)
    assert re.findall(r'data-answer="([^"]+)"', best) == [str(m.action) for m in expected.best]
    assert f"{round(expected.best[0].chance * 100)}%" in best
    assert "The camels wait." in host.html


def test_try_again_while_judging_drops_the_judge():
    puzzle = _puzzle()
    host, runner = booted(fragment="#" + puzzle_fragment(puzzle), **{"analysis-iterations": 30})
    host.run()
    play_by_selection(runner, legal_actions(puzzle.position)[0])
    effects_seen = [e for e in update(runner.state, Pressed(Button.PUZZLE, "retry"))[1]
                    if isinstance(e, StartPuzzleJudge)]
    assert effects_seen == []
    press(runner, "puzzle", "retry")
    assert not runner.coach_jobs
    host.run()
    assert "data-verdict" not in host.html and "puzzle-judging" not in host.html


def _analysed(worker: bool):
    host, runner = _opened()
    fake = with_worker(host, runner) if worker else None
    press(runner, "analyse")
    host.run()
    return runner, fake


def test_with_the_worker_up_the_analysis_runs_there_and_judges_as_the_page_does():
    page, _ = _analysed(worker=False)
    worker, fake = _analysed(worker=True)
    assert [json.loads(text)["kind"] for text in fake.requests] == ["analyse"]
    assert not worker.coach_jobs  # nothing sliced on the main thread
    assert worker.state.game.record.analysis == page.state.game.record.analysis
    assert worker.state.game.record.analysis.moves


def test_in_the_worker_too_a_second_look_searches_no_move_again():
    runner, fake = _analysed(worker=True)
    analysis = runner.state.game.record.analysis
    press(runner, "analyse-who", "both")
    press(runner, "analyse")
    runner.host.run()
    progress = [json.loads(text) for text in fake.answers if json.loads(text)["kind"] == "progress"]
    judged = [(entry["judgement"]["round"], entry["judgement"]["step"]) for entry in progress]
    known = [(move.round, move.step) for move in analysis.moves]
    assert len(judged) == len(set(judged))  # each move judged once over both analyses
    assert set(known) <= set(judged) and len(judged) > len(known)


def test_stop_reaches_the_worker_and_no_judgement_arrives_after_it():
    host, runner = _opened()
    fake = with_worker(host, runner)
    press(runner, "analyse")
    assert runner.coach_jobs["analysis"].backend is fake.backend
    press(runner, "analyse-stop")
    host.run()
    assert not runner.coach_jobs
    assert json.loads(fake.requests[-1])["kind"] == "stop"
    assert not fake.answers and runner.state.game.record.analysis is None
    assert 'data-testid="analysis-mark"' not in host.html


def test_an_analysis_is_stopped_where_it_was_started_though_the_worker_came_up_since():
    host, runner = _opened()
    press(runner, "analyse")
    _slices(host, runner, 1)
    assert runner.page_search.busy and runner.coach_jobs["analysis"].backend is runner.page_search
    fake = with_worker(host, runner)
    press(runner, "analyse-stop")
    assert not runner.page_search.busy and fake.requests == [] and not runner.coach_jobs
    host.run()
    assert runner.state.game.record.analysis is None
    press(runner, "analyse")                     # the next one runs in the worker
    assert runner.coach_jobs["analysis"].backend is fake.backend
    host.run()
    assert not runner.coach_jobs and 'data-done="true"' in host.html and not runner.page_search.busy


def test_a_worker_that_dies_mid_analysis_has_the_page_finish_it_without_judging_a_move_twice(monkeypatch):
    monkeypatch.setattr(search_backends, "SLICE_SECONDS", 0)  # one search iteration a slice
    page, _ = _analysed(worker=False)
    host, runner = _opened()
    fake = with_worker(host, runner, silent=True)
    judged = []
    runner.dispatch = _spy(runner.dispatch, judged)
    press(runner, "analyse")
    [request] = fake.requests
    fake.jobs.receive(request)                   # the worker judges a few moves, then dies
    while len(fake.answers) < 2:
        fake.jobs.work(0.0)
    assert len(judged) == 2 and 'data-done="2"' in host.html
    fake.backend.died("out of memory")
    assert runner.backend is runner.page_search and runner.coach_jobs["analysis"].backend is fake.backend
    host.run()
    keys = [(event.judgement["round"], event.judgement["step"]) for event in judged]
    assert len(keys) == len(set(keys)) and not runner.coach_jobs
    assert runner.state.game.record.analysis == page.state.game.record.analysis
    assert "Analysis done" in host.html and fake.gone == ["out of memory"]


# --- a puzzle's judge in the worker ------------------------------------------------------------

def _judged_puzzle(worker: bool, silent: bool = False):
    puzzle = _puzzle()
    host, runner = booted(fragment="#" + puzzle_fragment(puzzle), **{"analysis-iterations": 30})
    host.run()
    fake = with_worker(host, runner, silent) if worker else None
    action = legal_actions(puzzle.position)[0]
    play_by_selection(runner, action)
    assert 'data-testid="puzzle-judging"' in host.html
    return puzzle, action, host, runner, fake


def _verdict_shown(host, puzzle, action) -> None:
    expected = judge_puzzle(puzzle, action, seed=0, iterations=30)
    assert f'data-verdict="{"right" if expected.right else "wrong"}"' in host.html
    best = re.search(r'data-testid="puzzle-best">(.*?)</ol>', host.html, re.S).group(1)
    assert re.findall(r'data-answer="([^"]+)"', best) == [str(m.action) for m in expected.best]


def test_with_the_worker_up_a_puzzle_is_judged_there_from_the_solvers_view_only():
    puzzle, action, host, runner, fake = _judged_puzzle(worker=True)
    assert runner.coach_jobs["puzzle"].backend is fake.backend
    [request] = (json.loads(text) for text in fake.requests)
    assert set(request) == {"id", "kind", "view", "action", "seed", "iterations"} and request["kind"] == "judge"
    assert request["view"] == view_of(puzzle.position, puzzle.solver).to_json()
    assert request["action"] == str(action) and request["iterations"] == 30
    assert '"deck"' not in json.dumps(request) and "hand" not in request["view"]["players"][1 - puzzle.solver]
    assert not runner.page_search.busy           # nothing searched on the page's thread
    host.run()
    assert not runner.page_search.busy and not runner.coach_jobs
    _verdict_shown(host, puzzle, action)


def test_a_worker_that_dies_mid_judge_has_the_page_judge_the_move():
    puzzle, action, host, runner, fake = _judged_puzzle(worker=True, silent=True)
    fake.backend.died("the worker failed")
    assert runner.page_search.busy
    host.run()
    _verdict_shown(host, puzzle, action)
    assert fake.gone == ["the worker failed"] and runner.state.note is None


def test_a_judge_the_worker_cannot_run_is_said_and_the_puzzle_stays_open():
    puzzle, action, host, runner, fake = _judged_puzzle(worker=True, silent=True)
    job = runner.coach_jobs["puzzle"]
    host.queue.clear()                            # (the watchdog)
    fake.backend.receive(json.dumps({"id": job.id, "kind": "failed", "error": "MemoryError: "}))
    assert 'data-verdict="open"' in host.html and "puzzle-judging" not in host.html
    assert "MemoryError" in host.html and host.errors and not runner.coach_jobs
