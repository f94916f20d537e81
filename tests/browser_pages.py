"""The pages in a real browser, for the browser tests: Debian's headless
chromium driven through chromium-driver by Selenium, against a server on
127.0.0.1 (tests/web_server.py).  A plugin of the test session (conftest's
pytest_plugins): the fixtures `app`, `base` (the server's URL) and `driver`
(one browser a module), and the helpers the page tests share.  Selenium and
the web extra are imported when a browser test runs, so the default tier
needs neither.

.ci/run installs the browser (apt-get install chromium chromium-driver).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
WAIT = 30  # seconds a page has to show its answer on a loaded machine

# The marks of a browser test module: slow, and skipped without the browser.
NEEDS_BROWSER = [
    pytest.mark.slow,
    pytest.mark.skipif(
        CHROMIUM is None or DRIVER is None,
        reason="needs Debian's chromium and chromium-driver (apt-get install "
        "chromium chromium-driver; .ci/run installs them)",
    ),
]


def browser(width: int = 1280) -> Any:
    """A headless chromium `width` pixels wide that logs its network requests."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        f"--window-size={width},1000",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-default-apps",
    ):
        options.add_argument(argument)
    options.binary_location = CHROMIUM
    # the network requests every page makes, read back by requested_urls
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    return webdriver.Chrome(service=Service(DRIVER), options=options)


@pytest.fixture(scope="module")
def app() -> Any:
    from omaha_eval.web import create_app

    return create_app()


@pytest.fixture(scope="module")
def base(app: Any) -> Iterator[str]:
    from web_server import live_server

    with live_server(app) as url:
        yield url


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    d = browser()
    try:
        yield d
    finally:
        d.quit()


def wait_for(d: Any, css: str, condition: Any = None, seconds: float = WAIT) -> Any:
    """The first element matching `css` (and `condition`), once there is one."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    def found(_: Any) -> Any:
        elements = d.find_elements(By.CSS_SELECTOR, css)
        if not elements:
            return None
        return elements[0] if condition is None or condition(elements[0]) else None

    return WebDriverWait(d, seconds).until(found)


def results_state(d: Any, *states: str) -> Any:
    """The results box, once its state is one of `states`."""
    return wait_for(d, "#results", lambda e: e.get_attribute("data-state") in states)
