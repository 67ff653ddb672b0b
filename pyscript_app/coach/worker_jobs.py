"""The search worker's jobs in progress: typed (JobQueue, which the page's own thread runs too)
and behind the worker's wall (Jobs: JSON text in, JSON text out). Pure.

The page's main thread never searches when the worker runs: it sends what the searching
side may know (a player view, or a finished public record) and gets back moves, chances
and judgements, as coach/protocol.py writes them. No `js` here: web/ai_worker.js feeds
`Jobs.receive` each message as JSON text and calls `Jobs.work` between turns of its event
loop while `Jobs.busy`, so a "stop" message is read between two slices of a long analysis.

The same request gives the same answer on the page's thread, where backends.PageSearch hands
its typed requests to a JobQueue of its own, in slices, when the worker is not up: the same
jobs (coach/jobs.py), whose result does not depend on how they are sliced.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from .jobs import AnalysisJob, Job, job_for
from .protocol import Answer, JobFailed, JobId, Request, StopRequest, message_id, request_from_json

#: Search time per slice: the worker reads its messages (a "stop") between slices.
SLICE_SECONDS = 0.05


def failure(job_id: JobId | None, error: BaseException) -> JobFailed:
    """The answer to a request that could not be read or run, or whose job failed."""
    return JobFailed(job_id, f"{type(error).__name__}: {error}")


class JobQueue:
    """Jobs in progress by id, each answer handed to `answer`. A move, a hint or a puzzle's judge
    is worked on before an analysis (the player waits for it), the oldest first; an analysis in
    progress resumes when none is left."""

    def __init__(self, answer: Callable[[Answer], None]):
        self._answer = answer
        self._jobs: dict[JobId, Job] = {}

    @property
    def busy(self) -> bool:
        return bool(self._jobs)

    def receive(self, request: Request) -> None:
        """Start its job (a reused id replaces its job), or stop one; a job that cannot start is
        answered JobFailed at once."""
        self._jobs.pop(request.id, None)
        if isinstance(request, StopRequest):
            return
        try:
            self._jobs[request.id] = job_for(request)
        except Exception as error:  # bad input never stops the worker: it answers why
            self._answer(failure(request.id, error))

    def refuse(self, job_id: JobId | None, error: BaseException) -> None:
        """A request that did not read: its id's job (if the id read) is dropped, and told why."""
        if job_id is not None:
            self._jobs.pop(job_id, None)
        self._answer(failure(job_id, error))

    def work(self, max_seconds: float | None = SLICE_SECONDS) -> bool:
        """One slice of the job that comes first; True while jobs are left."""
        if not self._jobs:
            return False
        job_id = next((key for key, job in self._jobs.items() if not isinstance(job, AnalysisJob)),
                      next(iter(self._jobs)))
        job = self._jobs[job_id]
        try:
            answers = job.run(max_seconds)
        except Exception as error:
            del self._jobs[job_id]
            self._answer(failure(job_id, error))
            return self.busy
        if job.finished:
            del self._jobs[job_id]
        for answer in answers:
            self._answer(answer)
        return self.busy


class Jobs:
    """The worker's side of its wall: `receive(text)` reads one request (JSON text), `post(text)`
    sends one answer (JSON text); a request that does not read is answered "failed"."""

    def __init__(self, post: Callable[[str], None]):
        self._post = post
        self._queue = JobQueue(self._send)

    @property
    def busy(self) -> bool:
        return self._queue.busy

    def _send(self, answer: Answer) -> None:
        self._post(json.dumps(answer.to_json()))

    def receive(self, text: str) -> None:
        data = None
        try:
            data = json.loads(text)
            request = request_from_json(data)
        except Exception as error:  # bad input never stops the worker: it answers why
            self._queue.refuse(message_id(data), error)
            return
        self._queue.receive(request)

    def work(self, max_seconds: float | None = SLICE_SECONDS) -> bool:
        """One slice of the job that comes first; True while jobs are left."""
        return self._queue.work(max_seconds)
