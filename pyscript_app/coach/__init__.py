"""The computer thinking for the player: the analysis of a game in review, hints, the judge of a
puzzle without answers, and where every search runs (the computer's own moves too).

`coach.update` is update's helper for the coach's events; `coach.view` draws its region. The
searches run through a backend: the search worker (web/ai_worker.js, a Python of its own) once
it is up, else the page's main thread in slices; both run the same jobs on the same typed
requests (protocol), so the same request gives the same answer on either, and only the
worker's side speaks JSON.

Modules (layer, what it holds):
  state        model   the analysis in review as a value of the state (TableState.coach)
  update       update  Analyse / Stop, an analysis's progress, a puzzle's judge: update's helpers
  view         view    whose moves, progress, the step's mark and the chart of the chance
  protocol     search  the search's requests and answers as typed values, and their JSON wire
  jobs         search  the jobs in slices: a move, hints, a record's analysis, a puzzle's judge
  worker_jobs  search  the job queue, and the search worker's door: JSON requests in, answers out
  backends     search  where searches run: WorkerSearch once the worker is up, else PageSearch
"""
