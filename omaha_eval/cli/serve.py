"""``omaha-eval serve``: the local web page and JSON API (omaha_eval.web),
served by uvicorn on this machine."""

from __future__ import annotations

import errno
import socket
import threading
import webbrowser
from typing import TYPE_CHECKING, Any

import click

from omaha_eval import extras
from omaha_eval.cli._shell import fail, user_errors

if TYPE_CHECKING:  # pragma: no cover
    import uvicorn
    from starlette.applications import Starlette

__all__ = ["serve_command"]

# After Ctrl-C, the seconds the server waits for the requests still open
# (every run has been told to stop) before it ends them.
GRACE_SECONDS = 3


@click.command("serve", short_help="A local web page and JSON API.")
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="The address to listen on (another than this machine's lets other machines connect).",
)
@click.option(
    "--allow-host",
    "allow_hosts",
    multiple=True,
    metavar="NAME",
    help="Also answer requests naming NAME in their Host header (this machine's names and "
    "the --host address are always answered; no other is, whatever the address).",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8765,
    show_default=True,
    help="The port (0: any free one).",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a browser.")
@click.option(
    "--jobs",
    "max_jobs",
    type=click.IntRange(1, 64),
    default=2,
    show_default=True,
    help="Long runs (equity, queries, board reports) at once; more are refused.",
)
@click.option(
    "--short-jobs",
    type=click.IntRange(1, 64),
    default=None,
    help="Short answers (a quick equity, range, check, eval) at once, in a lane of their own "
    "so that long runs never hold them up; more are refused (default: the server's, said at "
    "start).",
)
@click.option(
    "--cors",
    "cors_origins",
    multiple=True,
    metavar="ORIGIN",
    help="Let the pages of ORIGIN (scheme://host[:port]) call the API (off by default).",
)
def serve_command(
    host: str,
    allow_hosts: tuple[str, ...],
    port: int,
    open_browser: bool,
    max_jobs: int,
    short_jobs: int | None,
    cors_origins: tuple[str, ...],
) -> None:
    """Serve the calculator's pages and JSON API on this machine.

    The pages (equity, queries, board reports, ranges, hands) and the API
    under /api/ (documented at /api/docs) use nothing from the internet.
    Each page's state is its link: send it and it fills the form and runs.
    Ctrl-C stops the server.

    \b
    Examples:
      omaha-eval serve
      omaha-eval serve --port 9000 --open
      omaha-eval serve --host 0.0.0.0 --allow-host mybox.lan
    """
    try:
        import uvicorn

        from omaha_eval.web import create_app
        from omaha_eval.web.app import LOCAL_HOSTS, check_host_names, host_names
    except ImportError as exc:
        fail(extras.missing("web", f"serve needs {exc.name}, which is not installed"), {})
    with user_errors({"hosts": "--allow-host"}):  # before listening, not when serving
        check_host_names(allow_hosts)
    sock = _bound(host, port)
    url_host = f"[{host}]" if ":" in host else host
    url = f"http://{url_host}:{sock.getsockname()[1]}/"
    local = host in LOCAL_HOSTS
    hosts = host_names(host, allow_hosts)
    lanes = {"max_jobs": max_jobs}
    if short_jobs is not None:
        lanes["short_jobs"] = short_jobs
    app = create_app(**lanes, hosts=hosts, cors_origins=cors_origins)
    limits = app.state.jobs.limits
    click.echo(
        f"omaha-eval: serving {url} ({limits['long']} long runs and {limits['short']} short "
        "answers at once; Ctrl-C stops it)",
        err=True,
    )
    if not local:
        click.echo(_exposed(host, hosts), err=True)
    if open_browser:
        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    config = uvicorn.Config(
        app, log_level="warning", lifespan="on", timeout_graceful_shutdown=GRACE_SECONDS
    )
    _serve(app, config, sock)


def _serve(app: Starlette, config: uvicorn.Config, sock: socket.socket) -> None:
    """Serve `app` on the listening socket until Ctrl-C, which stops its
    runs first."""
    import uvicorn  # the command has imported it

    class _Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            # Ctrl-C stops the runs first (each within a round, a flop, a
            # row): the requests waiting for them answer, and the server,
            # which waits for its open requests, ends at once
            app.state.jobs.cancel_all()
            super().handle_exit(sig, frame)

    _Server(config).run(sockets=[sock])


def _exposed(host: str, hosts: list[str]) -> str:
    """What listening on an address other than this machine's means."""
    return (
        f"omaha-eval: note: listening on {host}: other machines that can reach this address "
        "can connect, and the server has no login: whoever can send it a request can run work "
        f"on this machine. It answers only requests naming {', '.join(hosts)} as their Host "
        "(add a name with --allow-host); a page of another site cannot use it."
    )


def _bound(host: str, port: int) -> socket.socket:
    """A socket listening on host:port, or one line saying why not."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.bind((host, port))
        sock.listen(128)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            fail(f"--port: port {port} on {host} is in use; pick another with --port", {})
        fail(f"--host: cannot listen on {host}:{port}: {exc.strerror or exc}", {})
    return sock
