"""A real server of the web app for the tests that need one (event streams,
a client that goes away, the browser): uvicorn on a thread, bound to
127.0.0.1 on a free port, always stopped."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def live_server(app: Any = None, **options: Any) -> Iterator[str]:
    """The base URL of a server of `app` (default: create_app(**options)),
    for the block."""
    import uvicorn

    from omaha_eval.web import create_app

    app = create_app(**options) if app is None else app
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            if time.monotonic() > deadline or not thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(20)
        sock.close()
