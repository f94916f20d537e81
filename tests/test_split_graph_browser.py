"""The Split page in a real browser (headless chromium, as
tests/test_web_browser.py drives it): a link fills the form and runs; the
page's table lists the combos the graph has, best equity first, its means
are the graph's, and its picture has a point per combo."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest
from browser_pages import NEEDS_BROWSER, WAIT

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
pytest.importorskip("selenium", reason="selenium is not installed (the test extra)")

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from web_server import live_server

from omaha_eval.cards import format_hands
from omaha_eval.study.split import split_graph
from omaha_eval.web import create_app

pytestmark = NEEDS_BROWSER
HERO = "AsAh2c3d, AcAd2s4s@0.5, Ac2c3h4h, 7c7d8c9d, 5c6c7h8h"
VILLAIN = "QsQc5s6h@0.5, JhTh9s8s, KcKd7h6h"
BOARD = "Kh8d2d3s"


def test_a_link_runs_and_shows_the_graph(driver: Any) -> None:
    g = split_graph(HERO, VILLAIN, BOARD)
    with live_server(create_app()) as base:
        players = quote(f"{HERO}|{VILLAIN}")
        driver.get(f"{base}/split?players={players}&board={BOARD}")
        WebDriverWait(driver, WAIT).until(
            lambda d: d.find_element(By.ID, "results").get_attribute("data-state") == "done"
        )
        tables = driver.find_elements(By.CSS_SELECTOR, "#results table")
        means, combos = tables[0], tables[-1]
        shown = [c.text for c in means.find_elements(By.CSS_SELECTOR, "tbody tr > *")]
        assert shown[1] == f"{100 * g.mean('equity'):.2f}%"
        hands = [
            tr.find_elements(By.CSS_SELECTOR, "td")[0].text
            for tr in combos.find_elements(By.CSS_SELECTOR, "tbody tr")
        ]
        order = sorted(range(len(g.combos)), key=lambda i: -g.equity[i])
        assert hands == [format_hands(g.combos)[i] for i in order]
        points = driver.find_elements(By.CSS_SELECTOR, "#results svg circle")
        assert len(points) == len(g.combos)
