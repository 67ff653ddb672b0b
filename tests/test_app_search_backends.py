"""Where the runner's searches run (coach/backends.py): the page's slices until the worker is
up, the worker after; the same move either way; only the player view crosses; stale answers
dropped; a dead or silent worker's search finished on the page; the analysis route."""

from __future__ import annotations

import json

from jaipur_core import legal_actions, view_of
from jaipur_core.ai.analysis import analyse_record
from pyscript_app.app.effects import StartAnalysis, StartSearch
from pyscript_app.app.events import AnalysisDone, AnalysisProgress
from pyscript_app.app.runner import Runner
from pyscript_app.app.selection import choices
from pyscript_app.coach.backends import PageSearch, WorkerSearch
from tests.app_fakes import FakeHost, booted, play_by_selection, press, started, with_worker


def position(runner):
    return runner.state.line.state


def computer_reply(worker: bool, seed=3, level="hard"):
    """The computer's answer to the player's first legal move, with or without the worker."""
    host, runner = started(seed=seed, first="you", level=level)
    fake = with_worker(host, runner) if worker else None
    play_by_selection(runner, legal_actions(position(runner))[0])
    host.run()
    return runner.state.line.rounds[-1].actions[1], fake, runner


def test_the_page_searches_until_the_worker_is_up_then_the_worker_does():
    host, runner = booted(seed=3, first="computer", level="easy")
    assert isinstance(runner.backend, PageSearch) and runner.job is not None
    assert runner.job.backend is runner.page_search
    host.run()
    assert runner.state.line.actions_played == 1
    fake = with_worker(host, runner)
    assert runner.backend is fake.backend and isinstance(runner.backend, WorkerSearch)
    play_by_selection(runner, legal_actions(position(runner))[0])
    assert runner.job is not None and runner.job.backend is fake.backend
    host.run()
    assert runner.state.line.actions_played == 3 and len(fake.requests) == 1


def test_the_worker_and_the_page_give_the_same_moves():
    for seed, level in ((3, "hard"), (8, "medium"), (21, "hard"), (5, "easy")):
        on_page, _, _ = computer_reply(False, seed, level)
        in_worker, fake, _ = computer_reply(True, seed, level)
        assert in_worker == on_page and len(fake.requests) == 1


def test_only_the_player_view_crosses_to_the_worker():
    action, fake, runner = computer_reply(True)
    [request] = (json.loads(text) for text in fake.requests)
    before = runner.state.line.rounds[-1].positions()[1]
    assert request["kind"] == "move" and request["level"] == "hard"
    assert request["view"] == view_of(before, 1).to_json() and request["view"]["seat"] == 1
    assert '"deck":' not in json.dumps(request) and "hand" not in request["view"]["players"][0]
    assert set(request) == {"id", "kind", "view", "level", "seed"}


def test_a_hint_in_the_worker_shows_three_moves_and_one_click_selects_its_cards():
    host, runner = started(seed=3, first="you")
    fake = with_worker(host, runner)
    press(runner, "hint")
    host.run()
    request = json.loads(fake.requests[-1])
    assert request["kind"] == "hints" and set(request) == {"id", "kind", "view", "seed"}
    assert host.html.count('data-testid="hint-option"') == 3
    options = runner.state.hint_options
    assert [round(chance * 100) for _, chance in options] and host.screen.message_kind == "hint"
    first_selection = runner.state.selection
    assert 'aria-pressed="true"' in host.screen.message  # the first move's cards are marked
    press(runner, "hint-pick", str(options[2][0]))
    assert runner.state.selection != first_selection
    enabled = [choice.action for choice in choices(position(runner), 0, runner.state.selection).values()
               if choice.enabled]
    assert options[2][0] in enabled               # a button now plays that very move


def test_a_stale_worker_answer_is_dropped_and_its_job_stopped():
    host, runner = booted(seed=3, first="you", level="easy")
    host.run()
    fake = with_worker(host, runner, silent=True)
    play_by_selection(runner, legal_actions(position(runner))[0])
    started_job = runner.job
    assert started_job is not None
    press(runner, "take-back")                    # the game moves on before the worker answers
    assert runner.job is None
    stops = [json.loads(text) for text in fake.requests if json.loads(text)["kind"] == "stop"]
    assert stops == [{"id": started_job.id, "kind": "stop"}]
    # The answer that comes anyway is not delivered.
    before = runner.state
    fake.backend.receive(json.dumps({"id": started_job.id, "kind": "done", "action": "camels"}))
    assert runner.state is before and runner.state.line.actions_played == 0


def test_a_worker_that_dies_mid_search_hands_it_to_the_page():
    on_page, _, _ = computer_reply(False, seed=3, level="hard")
    host, runner = started(seed=3, first="you", level="hard")
    fake = with_worker(host, runner, silent=True)
    play_by_selection(runner, legal_actions(position(runner))[0])
    assert runner.job.backend is fake.backend
    fake.backend.died("the worker ran out of memory")
    assert fake.gone == ["the worker ran out of memory"] and runner.backend is runner.page_search
    host.run()
    assert runner.state.line.rounds[-1].actions[1] == on_page and runner.state.note is None


def test_a_silent_worker_is_given_up_after_its_timeout():
    host, runner = started(seed=3, first="you", level="easy")
    fake = with_worker(host, runner, silent=True)
    play_by_selection(runner, legal_actions(position(runner))[0])
    host.run()                                    # the fake host runs the 120 s watchdog at once
    assert fake.gone == ["no answer in 120 s"] and runner.state.line.actions_played == 2
    assert runner.backend is runner.page_search


def test_a_failed_answer_from_the_worker_is_the_searchs_failure():
    host, runner = started(seed=3, first="you", level="easy")
    fake = with_worker(host, runner, silent=True)
    play_by_selection(runner, legal_actions(position(runner))[0])
    job = runner.job
    host.queue.clear()                            # (the watchdog)
    fake.backend.receive(json.dumps({"id": job.id, "kind": "failed", "error": "MemoryError: "}))
    assert "could not choose a move (MemoryError: )" in host.screen.message and host.errors
    assert 'data-action="try-again"' in host.screen.message and fake.backend.alive


def _analysis_effect(token=4, players=(0,), seed="2", iterations=25):
    from tests.test_worker_jobs import short_record
    record = short_record()
    return record, StartAnalysis(token, json.dumps(record.to_json()), players, seed, iterations)


def test_both_backends_answer_an_analysis_with_each_move_then_done_and_stop_on_demand():
    record, effect = _analysis_effect()
    host = FakeHost()
    expected = [judgement.to_json() for judgement in analyse_record(record, (0,), 2, 25)]
    for backend in (PageSearch(host.schedule), None):
        if backend is None:
            backend = with_worker(host, Runner(host)).backend
        events = []
        backend.analyse(effect, events.append)
        host.run()
        assert events[-1] == AnalysisDone(4)
        assert events[:-1] == [AnalysisProgress(4, judgement, n, len(expected))
                               for n, judgement in enumerate(expected, 1)]
    stopped = PageSearch(host.schedule)
    events = []
    job_id = stopped.analyse(effect, events.append)
    stopped.stop(job_id)
    host.run()
    assert events == [] and not stopped.busy


def test_the_page_hands_a_slices_answers_over_in_a_task_of_their_own(monkeypatch):
    import pyscript_app.coach.backends as search_backends
    monkeypatch.setattr(search_backends, "SLICE_SECONDS", 0)  # one search iteration a slice
    _record, effect = _analysis_effect(iterations=3)
    host = FakeHost()
    page = PageSearch(host.schedule)
    slices, events, tasks = [], [], []
    work = page.jobs.work
    page.jobs.work = lambda seconds: slices.append(seconds) or work(seconds)
    page.analyse(effect, events.append)
    while host.queue:
        before = (len(slices), len(events))
        host.queue.pop(0)()
        tasks.append((len(slices) - before[0], len(events) - before[1]))
    assert len(events) == 6 and events[-1] == AnalysisDone(4) and all(seconds == 0 for seconds in slices)
    assert all(task == (1, 0) or (task[0] == 0 and task[1] > 0) for task in tasks), tasks  # never both
    assert sum(1 for task in tasks if task[1]) >= 5         # move by move: five hand-overs at least


def test_a_worker_that_dies_mid_analysis_hands_it_to_the_page_which_goes_on_from_the_moves_heard():
    record, effect = _analysis_effect(players=(0, 1), seed="0", iterations=20)
    expected = [judgement.to_json() for judgement in analyse_record(record, (0, 1), 0, 20)]
    host = FakeHost()
    runner = Runner(host)
    fake = with_worker(host, runner, silent=True)
    events = []
    fake.backend.analyse(effect, events.append)
    [request] = fake.requests
    fake.jobs.receive(request)                    # the worker runs it, and answers part of it
    while len(fake.answers) < 3:
        fake.jobs.work(0.0)
    on_page = []
    receive = runner.page_search.jobs.receive
    runner.page_search.jobs.receive = lambda request: on_page.append(request) or receive(request)
    fake.backend.died("out of memory")
    assert fake.gone == ["out of memory"]
    [resumed] = on_page                           # a typed request: no JSON on the page's thread
    heard = [json.loads(text)["judgement"] for text in fake.answers]
    assert len(heard) == 3 and [move.to_json() for move in resumed.record.analysis.moves] == heard
    host.run()
    judged = [event.judgement for event in events if isinstance(event, AnalysisProgress)]
    assert events[-1] == AnalysisDone(4) and judged == expected   # each move once, in order
    assert [event.done for event in events[:-1]] == list(range(1, len(expected) + 1))


def test_a_hints_chances_are_per_cent_in_the_pages_digits(translated):
    from dataclasses import replace

    from pyscript_app.app.state import HintShown, note
    from pyscript_app.view.render import render
    host, runner = started(seed=3, first="you")
    moves = legal_actions(position(runner))[:3]
    state = replace(runner.state, note=note("hint-moves", "hint"),
                    hint=HintShown(runner.state.token, tuple(zip(moves, (0.625, 0.5, 0.07), strict=True))))
    english = render(state).message
    assert ": 62%</button>" in english or ": 63%</button>" in english
    persian = render(replace(state, settings=replace(state.settings, language="fa"))).message
    assert "٪۵۰" not in persian and "۵۰٪</button>" in persian and "۷٪</button>" in persian
    turkish = render(replace(state, settings=replace(state.settings, language="tr"))).message
    assert ": %50</button>" in turkish
    moved = replace(state, token=state.token + 1)      # the game moved on: the hint is gone
    assert 'data-testid="hint-option"' not in render(moved).message


# --- the same events on both paths; JSON only at the worker's wall ----------------------------

def _effects():
    """One effect of each kind the backends answer, and ones whose request cannot run."""
    from jaipur_core import Game
    from pyscript_app.app.effects import StartPuzzleJudge
    from tests.test_worker_jobs import views
    view = views(1, seed=7)[0]
    puzzle = Game.new(seed=6, first=0).state
    solver_view = view_of(puzzle, puzzle.to_move)
    not_to_move = view_of(puzzle, 1 - puzzle.to_move)
    _record, analysis = _analysis_effect(players=(0, 1), seed="3", iterations=8)
    return [
        StartSearch("ai", 11, view, "hard", "jaipur-ai/7/1/0"),
        StartSearch("ai", 12, view, "easy", "jaipur-ai/7/1/1"),
        StartSearch("hint", 13, view, "expert", "jaipur-hint/7/1/0"),
        StartSearch("ai", 14, not_to_move, "easy", "s"),                     # the search refuses it
        analysis,
        StartPuzzleJudge(15, solver_view, str(legal_actions(puzzle)[1]), "0", 20),
        StartPuzzleJudge(16, solver_view, "sell diamond 1", "0", 20),       # not legal there
        StartPuzzleJudge(17, solver_view, "dance", "0", 20),                # no request at all
    ]


def _answered(backend, effect, host):
    events = []
    if isinstance(effect, StartSearch):
        backend.search(effect, events.append)
    elif isinstance(effect, StartAnalysis):
        backend.analyse(effect, events.append)
    else:
        backend.judge(effect, events.append)
    host.run()
    return events


def test_the_page_gives_the_same_events_as_the_worker_fed_its_json():
    host = FakeHost()
    fake = with_worker(host, Runner(host))
    page = PageSearch(host.schedule)
    for effect in _effects():
        on_page = _answered(page, effect, host)
        in_worker = _answered(fake.backend, effect, host)
        assert on_page == in_worker and on_page, effect
        assert type(on_page[-1]).__name__.endswith("Failed") == (effect.token in (14, 16, 17)), on_page
    assert fake.backend.alive and len(fake.requests) == 7      # the one with no request never crossed


def test_the_page_never_writes_nor_reads_a_message_as_json(monkeypatch):
    from pyscript_app.coach import protocol

    def refuse(*_args, **_kwargs):
        raise AssertionError("JSON on the page's own path")

    for name in dir(protocol):
        kind = getattr(protocol, name)
        if isinstance(kind, type) and hasattr(kind, "to_json") and kind.__module__ == protocol.__name__:
            monkeypatch.setattr(kind, "to_json", refuse)
    import pyscript_app.coach.backends as backends
    import pyscript_app.coach.worker_jobs as worker_jobs
    for module, name in ((backends, "answer_from_json"), (worker_jobs, "request_from_json")):
        monkeypatch.setattr(module, name, refuse)
    host = FakeHost()
    events = [event for effect in _effects() for event in _answered(PageSearch(host.schedule), effect, host)]
    assert not [event for event in events if "AssertionError" in str(getattr(event, "error", ""))], events
    assert sum(isinstance(event, AnalysisProgress) for event in events) > 1


def test_an_effect_that_makes_no_request_is_answered_failed_later_unless_stopped():
    from pyscript_app.app.effects import StartPuzzleJudge
    from pyscript_app.app.events import PuzzleJudgeFailed
    view = _effects()[-1].view
    host = FakeHost()
    for backend in (PageSearch(host.schedule), with_worker(host, Runner(host)).backend):
        events = []
        backend.judge(StartPuzzleJudge(3, view, "dance", "0", 20), events.append)
        assert events == []                                      # not inside the runner's effect
        host.run()
        [failed] = events
        assert isinstance(failed, PuzzleJudgeFailed) and failed.error.startswith("InvalidActionError:")
        job_id = backend.judge(StartPuzzleJudge(4, view, "dance", "0", 20), events.append)
        backend.stop(job_id)
        host.run()
        assert events == [failed]


def test_a_worker_answer_that_does_not_read_fails_its_job_by_the_field_at_fault():
    host, runner = started(seed=3, first="you", level="easy")
    fake = with_worker(host, runner, silent=True)
    play_by_selection(runner, legal_actions(position(runner))[0])
    job = runner.job
    host.queue.clear()                            # (the watchdog)
    fake.backend.receive(json.dumps({"id": job.id, "kind": "done", "move": "camels"}))
    assert "ProtocolError: action: missing" in host.screen.message and host.errors
    assert runner.job is None and fake.backend.alive
    fake.backend.receive("not JSON at all")          # nothing to route: dropped, nothing raised
