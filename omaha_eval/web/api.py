"""The JSON API under /api/: each route reads its request, calls work.py
(which calls the library) on a worker thread, and answers JSON; a user's
error is 422 {"error", "field"} (bodies.py).

The long runs (equity, query, boards, split, hits, solve) are jobs (jobs.py) either way:
``POST /api/equity`` waits for the answer (and a client that disconnects
cancels it), ``POST /api/jobs/equity`` answers at once with the job, whose
progress ``GET /api/jobs/ID/events`` streams (server-sent events) and
``GET /api/jobs/ID`` polls; ``DELETE /api/jobs/ID`` cancels it.

Every answer that computes holds a slot of a lane (jobs.py): a request is
read and prepared in a short slot; a run estimated as short (work.Prepared)
keeps it, a long one moves to the long lane (429 when that is full); range,
check, eval and beats compute in a short slot.  So long board reports never make a
short equity wait, and no endpoint computes outside the limits.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from omaha_eval.web import solve_work, split_work, work
from omaha_eval.web.beats import beats_answer
from omaha_eval.web.bodies import ApiError, Body, error_dict, error_response, read_body
from omaha_eval.web.hits import prepare_hits
from omaha_eval.web.jobs import LONG, RUNNING, SHORT, Busy, Job, JobManager

__all__ = ["RUNS", "api_routes"]

# The long runs, by the name their routes use.
RUNS: dict[str, Callable[..., work.Prepared]] = {
    "equity": work.prepare_equity,
    "query": work.prepare_query,
    "boards": work.prepare_boards,
    "split": split_work.prepare_split,
    "hits": prepare_hits,
    "solve": solve_work.prepare_solve,
}
POLL = 0.05  # seconds between looks at a job a request waits for
CANCEL_WAIT = 10.0  # seconds DELETE waits for the engine to stop (it stops within a round)
KEEPALIVE = 5.0  # seconds between comment lines on a quiet event stream


def _jobs(request: Request) -> JobManager:
    manager: JobManager = request.app.state.jobs
    return manager


async def _start(request: Request, kind: str) -> Job:
    """Read the body, take a short slot, prepare the run (its errors: the
    request's), move it to its lane, start it."""
    body = await read_body(request)
    manager = _jobs(request)
    try:
        job = manager.reserve(kind, SHORT)
    except Busy as exc:
        raise ApiError(str(exc), None, 429) from None
    try:
        prepared = await run_in_threadpool(RUNS[kind], body, job.stop)
        manager.move(job, SHORT if prepared.short else LONG)
    except Busy as exc:
        manager.release(job, {"error": str(exc), "field": None})
        raise ApiError(str(exc), None, 429) from None
    except BaseException as exc:
        manager.release(job, error_dict(exc) or {"error": "internal error", "field": None})
        raise
    run = prepared.run
    manager.start(job, lambda progress, stop: run(progress))
    return job


def _answers(handler: Callable[[Request], Any]) -> Callable[[Request], Any]:
    """A route whose user errors become their JSON error response."""

    async def route(request: Request) -> Response:
        try:
            response: Response = await handler(request)
            return response
        except Exception as exc:
            if error_dict(exc) is None:
                raise
            return error_response(exc)

    route.__name__ = handler.__name__
    route.__doc__ = handler.__doc__
    return route


def _waited(kind: str) -> Callable[[Request], Any]:
    async def answer(request: Request) -> Response:
        job = await _start(request, kind)
        while job.state == RUNNING:
            await asyncio.sleep(POLL)
            if job.state == RUNNING and await request.is_disconnected():
                job.cancel()  # nobody is waiting for the answer any more
        if job.error is not None:
            raise ApiError(job.error["error"], job.error.get("field"))
        return JSONResponse(job.result)

    answer.__name__ = f"{kind}_answer"
    return answer


def _job_started(kind: str) -> Callable[[Request], Any]:
    async def started(request: Request) -> Response:
        job = await _start(request, kind)
        return JSONResponse(_shown(job), status_code=202)

    started.__name__ = f"{kind}_job"
    return started


def _shown(job: Job) -> dict[str, Any]:
    return {**job.snapshot(), "url": f"/api/jobs/{job.id}", "events": f"/api/jobs/{job.id}/events"}


def _job(request: Request) -> Job:
    job = _jobs(request).get(request.path_params["job_id"])
    if job is None:
        raise ApiError(
            f"job: no job {request.path_params['job_id']!r} (finished jobs are "
            "kept for a few minutes)",
            "job",
            404,
        )
    return job


async def job_status(request: Request) -> Response:
    return JSONResponse(_shown(_job(request)))


async def job_cancel(request: Request) -> Response:
    job = _job(request)
    job.cancel()
    for _ in range(int(CANCEL_WAIT / POLL)):
        if job.state != RUNNING:
            break
        await asyncio.sleep(POLL)
    return JSONResponse(_shown(job))


async def job_events(request: Request) -> Response:
    """Server-sent events: "progress" while the job runs, then one of
    "done", "failed" or "cancelled" with the whole job, and the end."""
    job = _job(request)
    manager = _jobs(request)

    async def stream() -> AsyncIterator[str]:
        manager.watch(job, +1)
        try:
            version, quiet = -1, 0.0
            while True:
                if job.version != version:
                    version = job.version
                    state = job.state
                    event = "progress" if state == RUNNING else state
                    yield f"event: {event}\ndata: {json.dumps(job.snapshot())}\n\n"
                    if state != RUNNING:
                        return
                    quiet = 0.0
                await asyncio.sleep(0.1)
                quiet += 0.1
                if quiet >= KEEPALIVE:
                    yield ": still running\n\n"
                    quiet = 0.0
        finally:
            manager.watch(job, -1)

    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)


def _at_once(compute: Callable[[Body], dict[str, Any]]) -> Callable[[Request], Any]:
    async def answer(request: Request) -> Response:
        body = await read_body(request)
        try:
            with _jobs(request).slot(SHORT):
                return JSONResponse(await run_in_threadpool(compute, body))
        except Busy as exc:
            raise ApiError(str(exc), None, 429) from None

    answer.__name__ = compute.__name__
    return answer


def api_routes() -> list[Route]:
    shown = {"examples": work.query_examples()}  # read once: no request reads a file

    async def examples(request: Request) -> Response:
        return JSONResponse(shown)

    routes = []
    for kind in RUNS:
        routes.append(Route(f"/api/{kind}", _answers(_waited(kind)), methods=["POST"]))
        routes.append(Route(f"/api/jobs/{kind}", _answers(_job_started(kind)), methods=["POST"]))
    for path, compute in (
        ("check", work.check_spot),
        ("range", work.read_range),
        ("eval", work.evaluate_hand),
        ("beats", beats_answer),
    ):
        routes.append(Route(f"/api/{path}", _answers(_at_once(compute)), methods=["POST"]))
    routes += [
        Route("/api/examples", examples, methods=["GET"]),
        Route("/api/jobs/{job_id}", _answers(job_status), methods=["GET"]),
        Route("/api/jobs/{job_id}", _answers(job_cancel), methods=["DELETE"]),
        Route("/api/jobs/{job_id}/events", _answers(job_events), methods=["GET"]),
    ]
    return routes
