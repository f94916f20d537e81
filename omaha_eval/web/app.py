"""The ASGI app: the pages, their static files, the JSON API and its
OpenAPI document, and what keeps a local server safe.

- Static files are read from the package once, at start-up, and served
  from memory: no request reaches the file system.
- Every response carries a Content-Security-Policy that lets a page load
  and connect to this server only: nothing is fetched from elsewhere.
- Only requests naming this machine (``Host: 127.0.0.1``, ``localhost``), or
  a name given in `hosts`, are answered, whatever address the server listens
  on, so that a page of another site cannot reach the server through a name
  that resolves here (DNS rebinding); "*" (any name) is refused.
- Cross-origin requests (CORS) are refused unless origins are given.
- At most `max_jobs` long runs and `short_jobs` short answers at once, in
  lanes of their own (jobs.py), so that short answers never wait behind
  long runs.
"""

from __future__ import annotations

import asyncio
import mimetypes
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from importlib import resources

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from omaha_eval.errors import OmahaEvalError, quote
from omaha_eval.web.api import api_routes
from omaha_eval.web.bodies import error_dict
from omaha_eval.web.jobs import SHORT_JOBS, JobManager
from omaha_eval.web.openapi import document
from omaha_eval.web.pages import page_routes

__all__ = ["LOCAL_HOSTS", "check_host_names", "create_app", "host_names"]

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".txt": "text/plain; charset=utf-8",
}


def _static_files() -> dict[str, tuple[bytes, str]]:
    """Every file of static/ (name -> content and media type), read once."""
    files = {}
    for entry in (resources.files("omaha_eval.web") / "static").iterdir():
        if entry.is_file():
            suffix = "." + entry.name.rsplit(".", 1)[-1]
            kind = _TYPES.get(suffix) or mimetypes.guess_type(entry.name)[0] or "text/plain"
            files[entry.name] = (entry.read_bytes(), kind)
    return files


class _Headers:
    """The security headers on every response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [
                    (b"content-security-policy", CSP.encode()),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                ]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, sending)


def host_names(listening: str, allowed: Sequence[str] = ()) -> list[str]:
    """The Host names a server listening on `listening` answers: this
    machine's (LOCAL_HOSTS), the address listened on when it is one a client
    can name (not 0.0.0.0 or ::), and the names the user allowed."""
    names = [*LOCAL_HOSTS]
    if listening not in ("0.0.0.0", "::", ""):
        names.append(f"[{listening}]" if ":" in listening else listening)
    names += allowed
    return list(dict.fromkeys(names))


def check_host_names(hosts: Sequence[str]) -> list[str]:
    """The Host names a server answers, each a name or a pattern of one
    leading wildcard ("*.example.org": the names under it); OmahaEvalError
    naming ``hosts`` and quoting the first that is neither.  "*" (any name)
    is refused: it turns the check off and lets any site's page reach the
    server."""
    for name in hosts:
        if name == "*":
            raise OmahaEvalError(
                "'*' (any name) turns the Host check off; list the names",
                param="hosts",
                value=name,
            )
        rest = name[2:] if name.startswith("*.") else name
        if not rest.strip() or "*" in rest:
            raise OmahaEvalError(
                f"expected a name (box.lan) or '*.' and a name (*.example.org), got {quote(name)}",
                param="hosts",
                value=name,
            )
    return list(hosts)


def create_app(
    *,
    max_jobs: int = 2,
    short_jobs: int = SHORT_JOBS,
    hosts: Sequence[str] = LOCAL_HOSTS,
    cors_origins: Sequence[str] = (),
    job_idle: float = 15.0,
    job_seconds: float = 600.0,
) -> Starlette:
    """The app.  `hosts`: the Host names answered (check_host_names: a
    name, or a pattern such as "*.example.org"; "*", any name, is refused:
    it would let any site's page reach the server); `cors_origins`: the other sites' origins
    allowed to call the API (none by default); `max_jobs`: long runs at
    once, `short_jobs`: short answers at once; a job nobody watches for
    `job_idle` seconds, or running over `job_seconds`, is cancelled."""
    hosts = check_host_names(hosts)
    jobs = JobManager(
        max_jobs, short_jobs=short_jobs, idle=job_idle, max_seconds=job_seconds, errors=error_dict
    )
    static_file = _static_route(_static_files())
    routes = [
        *page_routes(),
        Route("/static/{name}", static_file, methods=["GET"]),
        Route("/api/openapi.json", _openapi, methods=["GET"]),
        *api_routes(),
    ]
    app = Starlette(
        routes=routes,
        middleware=_middleware(hosts, cors_origins),
        lifespan=_lifespan(jobs),
        exception_handlers={404: _not_found, 405: _not_allowed},
    )
    app.state.jobs = jobs
    return app


def _static_route(static: dict[str, tuple[bytes, str]]) -> Callable[[Request], Awaitable[Response]]:
    """The endpoint serving the static files from memory."""

    async def static_file(request: Request) -> Response:
        found = static.get(request.path_params["name"])
        if found is None:
            return Response("not found", status_code=404, media_type="text/plain")
        content, kind = found
        return Response(content, media_type=kind, headers={"Cache-Control": "no-cache"})

    return static_file


async def _openapi(request: Request) -> Response:
    return JSONResponse(document())


async def _not_found(request: Request, exc: Exception) -> Response:
    if request.url.path.startswith("/api/"):
        return JSONResponse(
            {"error": f"no such endpoint: {request.url.path}", "field": None}, status_code=404
        )
    return Response("not found", status_code=404, media_type="text/plain")


async def _not_allowed(request: Request, exc: Exception) -> Response:
    return JSONResponse(
        {"error": f"{request.method} is not allowed on {request.url.path}", "field": None},
        status_code=405,
    )


def _lifespan(jobs: JobManager) -> Callable[[Starlette], AbstractAsyncContextManager[None]]:
    """The server's lifespan: the jobs swept every second, and every job
    cancelled when the server stops (the engine's threads end with it)."""

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async def sweep() -> None:
            while True:
                await asyncio.sleep(1.0)
                jobs.sweep()

        task = asyncio.create_task(sweep())
        try:
            yield
        finally:
            task.cancel()
            jobs.cancel_all()  # the engine's threads end with the server

    return lifespan


def _middleware(hosts: Sequence[str], cors_origins: Sequence[str]) -> list[Middleware]:
    """The security headers, the Host check and, when origins are given, CORS."""
    middleware = [
        Middleware(_Headers),
        Middleware(TrustedHostMiddleware, allowed_hosts=list(hosts)),
    ]
    if cors_origins:
        middleware.append(
            Middleware(
                CORSMiddleware,
                allow_origins=list(cors_origins),
                allow_methods=["GET", "POST", "DELETE"],
                allow_headers=["content-type"],
            )
        )
    return middleware
