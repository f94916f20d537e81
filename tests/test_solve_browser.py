"""The Solve page in a real browser (headless chromium, as
tests/test_web_browser.py drives it): a link fills the form and solves; the
page shows the library's EVs and each decision node's strategy by hand
class, as a table and bars; a bad size is shown beside its box; at 390 px
nothing is wider than the page."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import pytest
from browser_pages import NEEDS_BROWSER, results_state

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
pytest.importorskip("selenium", reason="selenium is not installed (the test extra)")

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import omaha_eval as oe

pytestmark = NEEDS_BROWSER
SPOT = {
    "board": "Jd8c5h4s2h",
    "oop": "AsAh3c6d@0.5, KcKd2c3d, 9s9h7c6c, As2s3s4d",
    "ip": "Ac2d5c6h, AdKh7d7h@2, Th9h8s6h",
    "pot": "100",
    "stack": "150",
}


def _rows(d: Any) -> list[list[str]]:
    table = d.find_element(By.CSS_SELECTOR, "#node-view table")
    return [
        [c.text for c in tr.find_elements(By.CSS_SELECTOR, "th, td")]
        for tr in table.find_elements(By.CSS_SELECTOR, "tbody tr")
    ]


@pytest.mark.parametrize("width", [1280, 390])
def test_a_link_solves_and_shows_each_node_by_class(driver: Any, base: str, width: int) -> None:
    s = oe.solve_river(SPOT["board"], SPOT["oop"], SPOT["ip"], pot=100, stack=150)
    size = driver.get_window_size()
    try:
        driver.set_window_size(width, 900)
        driver.get(f"{base}/solve?{urlencode(SPOT)}")
        results_state(driver, "done")
        evs = driver.find_element(By.ID, "evs").text
        assert evs == f"EV: OOP {s.oop_ev:.2f}, IP {s.ip_ev:.2f} chips"
        root = s.summary()
        assert [r[0] for r in _rows(driver)] == [r.name for r in root.rows]
        assert len(driver.find_elements(By.CSS_SELECTOR, "#node-view svg rect")) >= len(root.rows)
        Select(driver.find_element(By.ID, "node")).select_by_visible_text("bet 50%")
        facing = s.summary("bet 50%")
        assert [r[0] for r in _rows(driver)] == [r.name for r in facing.rows]
        page = driver.execute_script("return document.documentElement.clientWidth")
        wide = driver.execute_script("return document.documentElement.scrollWidth")
        assert wide <= page  # nothing runs off the side
    finally:
        driver.set_window_size(size["width"], size["height"])


def test_a_bad_size_is_shown_beside_its_box(driver: Any, base: str) -> None:
    driver.get(f"{base}/solve?{urlencode({**SPOT, 'bets': '900%'})}")
    results_state(driver, "error")
    shown = driver.find_element(By.ID, "bets-error").text
    assert shown.startswith("bets:") and "more than the stack" in shown
