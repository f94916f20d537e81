"""A local web page and JSON API: ``omaha-eval serve`` (needs the ``web``
extra: Starlette and uvicorn).

Starlette rather than FastAPI: the API is a handful of routes over the
library's own checked functions, which already validate every input and
carry the field of each error (omaha_eval/errors.py), so FastAPI's pydantic
models would state every rule a second time; and FastAPI's generated docs
page loads its scripts from a CDN, which a page that must work offline
cannot use, so the OpenAPI document and the page showing it are served here
either way (openapi.py, static/apidocs.js).

The parts, one job each: app.py (the app, its safety), api.py (the routes
of /api/), work.py (what each endpoint computes, through the library),
bodies.py (reading requests, errors as 422), jobs.py (long runs: progress,
cancel, limits), pages.py with templates/ and static/ (the pages),
openapi.py (the API's document).
"""

from omaha_eval.web.app import create_app

__all__ = ["create_app"]
