"""Every refusal is shown on the page (issue 37, item 8): a shared link with
one card in two hands (each hand fine on its own, so the typing-time check
says nothing) was refused by the run with a 422 that the page dropped: the
check's answer rewrote the field's slot.  A refusal now also stays in the
form's alert line until the next run.  Slow tier: a real browser
(tests/browser_pages.py).
"""

from __future__ import annotations

import time

import pytest
from browser_pages import NEEDS_BROWSER, results_state, wait_for

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
pytest.importorskip("selenium", reason="selenium is not installed (the test extra)")

from selenium.webdriver.common.by import By

from omaha_eval.web.jobs import SHORT

pytestmark = NEEDS_BROWSER

ALERT = '[data-error=""]'


def test_a_shared_link_with_one_card_in_two_hands_shows_the_refusal(driver, base):
    d = driver
    d.get(f"{base}/equity?players=AsAh2c3d|AsKd4c5d&board=Jd4d8c")
    results_state(d, "error")
    alert = wait_for(d, ALERT, lambda e: e.text != "")
    assert "As" in alert.text, alert.text
    time.sleep(1.5)  # the typing-time check has answered since: the refusal stays
    assert d.find_element(By.CSS_SELECTOR, ALERT).text == alert.text
    assert d.find_element(By.ID, "run").is_enabled()


def test_a_range_page_refusal_is_shown(driver, base):
    d = driver
    d.get(f"{base}/range?text=AA&limit=5000")
    results_state(d, "error")
    alert = wait_for(d, ALERT, lambda e: e.text != "")
    assert "limit" in alert.text and "5000" in alert.text


def test_a_busy_server_s_refusal_is_shown(driver, base, app):
    d = driver
    with app.state.jobs.slot(SHORT), app.state.jobs.slot(SHORT):
        with app.state.jobs.slot(SHORT), app.state.jobs.slot(SHORT):  # every short slot
            d.get(f"{base}/range?text=AA")
            alert = wait_for(d, ALERT, lambda e: e.text != "")
            assert "busy" in alert.text
