"""The Split page in a real browser (headless chromium, as
tests/test_web_browser.py drives it): a link fills the form and runs; the
page says how the graph ran, its table lists the combos the graph has, best
equity first, with the columns the sort and the filter read, its means are
the graph's, and its picture has axes with ticks and labels, its lines of
equal equity named and every combo, those the filter keeps marked; at a
phone's 390 px the table reads as cards; an error, and a new answer,
replace the result shown (every page: the shared script).  Slow tier."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest
from browser_pages import NEEDS_BROWSER, browser, results_state, wait_for

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
pytest.importorskip("selenium", reason="selenium is not installed (the test extra)")

from selenium.webdriver.common.by import By

from omaha_eval.cards import format_hands
from omaha_eval.study.split import split_graph

pytestmark = NEEDS_BROWSER
HERO = "AsAh2c3d, AcAd2s4s@0.5, Ac2c3h4h, 7c7d8c9d, 5c6c7h8h"
VILLAIN = "QsQc5s6h@0.5, JhTh9s8s, KcKd7h6h"
BOARD = "Kh8d2d3s"
LINK = f"/split?players={quote(f'{HERO}|{VILLAIN}')}&board={BOARD}"


def _combo_table(d: Any) -> Any:
    return d.find_elements(By.CSS_SELECTOR, "#results table")[-1]


def _column(table: Any, j: int) -> list[str]:
    rows = table.find_elements(By.CSS_SELECTOR, "tbody tr")
    return [
        r.find_elements(By.CSS_SELECTOR, "th, td")[j].get_attribute("textContent") for r in rows
    ]


def test_a_link_runs_and_shows_the_graph(driver: Any, base: str) -> None:
    g = split_graph(HERO, VILLAIN, BOARD)
    driver.get(base + LINK)
    results_state(driver, "done")
    means = driver.find_elements(By.CSS_SELECTOR, "#results table")[0]
    shown = [c.text for c in means.find_elements(By.CSS_SELECTOR, "tbody tr > *")]
    assert shown[1] == f"{100 * g.mean('equity'):.2f}%"
    order = sorted(range(len(g.combos)), key=lambda i: -g.equity[i])
    assert _column(_combo_table(driver), 0) == [format_hands(g.combos)[i] for i in order]
    points = driver.find_elements(By.CSS_SELECTOR, "#results svg circle")
    assert len(points) == len(g.combos)
    run = driver.find_element(By.CSS_SELECTOR, "#results p.how").text
    assert run.startswith("exact, ") and "deals per combo" in run  # issue 47 item 5


def test_the_picture_has_axes_named_diagonals_and_every_combo_with_the_kept_marked(
    driver: Any, base: str
) -> None:
    g = split_graph(HERO, VILLAIN, BOARD)
    driver.get(base + LINK + "&where=" + quote("scoop > 30%") + "&top=1")
    results_state(driver, "done")
    svg = driver.find_element(By.CSS_SELECTOR, "#results svg.split-map")
    texts = [t.get_attribute("textContent") for t in svg.find_elements(By.CSS_SELECTOR, "text")]
    assert {"hi share (% of the pot)", "lo share (% of the pot)"} <= set(texts)
    assert {"0%", "50%", "100%", "equity 25%", "equity 50%", "equity 75%"} <= set(texts)
    kept = svg.find_elements(By.CSS_SELECTOR, "circle.kept")
    others = svg.find_elements(By.CSS_SELECTOR, "circle.other")
    assert len(kept) == int((g.scoop > 0.3).sum()) and len(kept) + len(others) == len(g.combos)
    assert len(_combo_table(driver).find_elements(By.CSS_SELECTOR, "tbody tr")) == 1  # --top 1


def test_the_table_shows_the_columns_the_sort_and_the_filter_read(driver: Any, base: str) -> None:
    g = split_graph(HERO, VILLAIN, BOARD)
    driver.get(base + LINK + "&sort=live_weight&where=" + quote("trials > 10"))
    results_state(driver, "done")
    table = _combo_table(driver)
    header = [
        th.get_attribute("textContent") for th in table.find_elements(By.CSS_SELECTOR, "thead th")
    ]
    assert header[-2:] == ["live_weight", "trials"]
    by_hand = dict(zip(format_hands(g.combos), g.live_weight.tolist(), strict=True))
    hands, live = _column(table, 0), _column(table, len(header) - 2)
    assert [float(x) for x in live] == pytest.approx([by_hand[h] for h in hands], rel=1e-5)


def test_an_error_replaces_the_answer_shown(driver: Any, base: str) -> None:
    # issue 47 item 7: a refusal left the previous answer under it
    driver.get(base + LINK)
    results_state(driver, "done")
    board = driver.find_element(By.ID, "board")
    board.clear()
    board.send_keys("Kh8d2dKh")  # one card twice: refused by the run
    driver.find_element(By.ID, "run").click()
    results = results_state(driver, "error")
    assert results.find_elements(By.CSS_SELECTOR, "*") == []
    wait_for(driver, '[data-error=""]', lambda e: "Kh" in e.text)
    board.clear()
    board.send_keys(BOARD)
    driver.find_element(By.ID, "run").click()
    results_state(driver, "done")  # and a new answer replaces the error's empty place


PHONE = {"width": 390, "height": 900, "deviceScaleFactor": 1, "mobile": True}


def test_at_a_phone_s_width_the_combos_read_as_cards(base: str) -> None:
    d = browser(390)
    try:
        d.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride", PHONE
        )  # a window is 500 px at least
        d.get(base + LINK)
        results_state(d, "done")
        table = _combo_table(d)
        assert "wide" in (table.get_attribute("class") or "")
        hidden = "return getComputedStyle(arguments[0].querySelector('thead')).position"
        assert d.execute_script(hidden, table) == "absolute"  # each cell says its column
        row = table.find_element(By.CSS_SELECTOR, "tbody tr")
        assert d.execute_script("return getComputedStyle(arguments[0]).display", row) == "grid"
        labels = [td.get_attribute("data-label") for td in row.find_elements(By.CSS_SELECTOR, "td")]
        assert labels[:2] == ["weight", "equity"]
        assert d.execute_script("return document.documentElement.scrollWidth") <= 390
    finally:
        d.quit()
