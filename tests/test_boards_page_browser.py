"""The Boards page shows the column its rows are sorted or filtered by
(issue 47 item 1: --sort lost_nut_low never showed it), and an error
replaces its answer (the shared script), in a real browser.  Slow tier."""

from __future__ import annotations

from typing import Any

import pytest
from browser_pages import NEEDS_BROWSER, results_state

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
pytest.importorskip("selenium", reason="selenium is not installed (the test extra)")

from selenium.webdriver.common.by import By

pytestmark = NEEDS_BROWSER


def test_the_sort_s_column_is_shown(driver: Any, base: str) -> None:
    driver.get(f"{base}/boards?players=AsAh2c3d|KcKd4c5d&board=Jd4d8c&sort=p2_nut_low&top=5")
    results_state(driver, "done")
    table = driver.find_elements(By.CSS_SELECTOR, "#results table")[-1]
    header = [
        th.get_attribute("textContent") for th in table.find_elements(By.CSS_SELECTOR, "thead th")
    ]
    assert header[-1].startswith("p2_nut_low")
    cells = [
        r.find_elements(By.CSS_SELECTOR, "td")[-1].text
        for r in table.find_elements(By.CSS_SELECTOR, "tbody tr")
    ]
    assert len(cells) == 5 and all(c.endswith("%") for c in cells)


def test_an_error_replaces_the_report_shown(driver: Any, base: str) -> None:
    driver.get(f"{base}/boards?players=AsAh2c3d|KcKd4c5d&board=Jd4d8c")
    results_state(driver, "done")
    where = driver.find_element(By.ID, "where")
    where.send_keys("scop > 1")
    driver.find_element(By.ID, "run").click()
    results = results_state(driver, "error")
    assert results.find_elements(By.CSS_SELECTOR, "*") == []
