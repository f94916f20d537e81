"""The pages in a real browser: Debian's headless chromium driven through
chromium-driver by Selenium, against a server on 127.0.0.1
(tests/web_server.py).  A spot is typed and run and the page's numbers are
compared with equity()'s; a shared link fills its form and runs; Cancel
stops a long run; and no request of any page leaves the machine.

.ci/run installs the browser (apt-get install chromium chromium-driver).
"""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.parse import quote

import pytest
from browser_pages import (
    NEEDS_BROWSER,
    WAIT,
    browser,
    results_state,
    wait_for,
)

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
pytest.importorskip("selenium", reason="selenium is not installed (the test extra)")

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

import omaha_eval as oe
from omaha_eval.engine.report import equity_cells
from omaha_eval.study.boards.report import PLAYER_FIGURES
from omaha_eval.study.hits import HIT_CLASSES

pytestmark = NEEDS_BROWSER


def requested_urls(d: Any) -> list[str]:
    """Every URL the browser asked for since the last call."""
    urls = []
    for entry in d.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def page_table(d: Any) -> tuple[list[str], list[list[str]]]:
    table = d.find_element(By.CSS_SELECTOR, "#results table")
    header = [th.text for th in table.find_elements(By.CSS_SELECTOR, "thead th")]
    rows = [
        [c.text for c in tr.find_elements(By.CSS_SELECTOR, "th, td")]
        for tr in table.find_elements(By.CSS_SELECTOR, "tbody tr")
    ]
    return header, rows


def test_a_typed_spot_shows_the_figures_of_equity(driver, base):
    d = driver
    d.get(f"{base}/equity")
    wait_for(d, "#players input")  # the page's script builds the players' boxes
    first, second = d.find_elements(By.CSS_SELECTOR, "#players input")
    first.send_keys("AsAh2c3d")
    second.send_keys("KcKd4c5d")
    d.find_element(By.ID, "board").send_keys("Jd4d8c")
    reading = wait_for(d, "#player-0-reading", lambda e: e.text == "hand")
    assert reading.text == "hand"
    d.find_element(By.ID, "run").click()
    results_state(d, "done")
    header, rows = page_table(d)
    expected = oe.equity(["AsAh2c3d", "KcKd4c5d"], "Jd4d8c")
    want_header, want_rows, lines = equity_cells(expected)
    assert header == want_header and rows == want_rows
    shown = d.find_element(By.CSS_SELECTOR, "#results .how").text
    assert shown == lines[0]  # no low, low split, any quartered
    # the state is in the link
    assert "players=AsAh2c3d|KcKd4c5d" in d.current_url and "board=Jd4d8c" in d.current_url


def test_a_shared_link_fills_the_form_and_runs(driver, base):
    d = driver
    d.get(
        f"{base}/equity?players=AsAh2c3d|KcKd4c5d|{quote('AA:$ds')}&board=Jd4d8c"
        "&method=mc&trials=50000&seed=11"
    )
    results_state(d, "done")
    assert [
        i.get_attribute("value") for i in d.find_elements(By.CSS_SELECTOR, "#players input")
    ] == ["AsAh2c3d", "KcKd4c5d", "AA:$ds"]
    expected = oe.equity(
        ["AsAh2c3d", "KcKd4c5d", "AA:$ds"], "Jd4d8c", exact=False, trials=50_000, seed=11
    )
    header, rows = page_table(d)
    assert (header, rows) == tuple(equity_cells(expected)[:2])
    reading = wait_for(d, "#player-2-reading", lambda e: e.text.startswith("range"))
    assert reading.text == f"range, {len(oe.Range('AA:$ds')):,} combos"


def test_cancel_stops_a_long_run(driver, base, app):
    d = driver
    d.get(f"{base}/equity?players=*|*|*&method=mc&trials=100000000&seed=5")
    wait_for(d, "#status", lambda e: "trials" in e.text)
    d.find_element(By.ID, "cancel").click()
    results_state(d, "cancelled")
    assert wait_for(d, "#status", lambda e: e.text == "cancelled")
    assert d.find_element(By.ID, "run").is_enabled()
    assert not d.find_element(By.ID, "cancel").is_enabled()
    deadline = time.monotonic() + 5
    while app.state.jobs.running() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert app.state.jobs.running() == 0  # the engine stopped, not only the page


def test_cancel_stops_hits_over_every_flop(driver, base, app):
    d = driver
    d.get(f"{base}/hits?range={quote('AsAhKsKh, ****')}&dead=2c3d4h")  # minutes of work
    wait_for(d, "#status", lambda e: "flops" in e.text)  # its progress shows
    d.find_element(By.ID, "cancel").click()
    results_state(d, "cancelled")
    deadline = time.monotonic() + 5
    while app.state.jobs.running() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert app.state.jobs.running() == 0  # the run stopped, not only the page


def test_an_error_is_shown_beside_its_input(driver, base):
    d = driver
    d.get(f"{base}/equity?players=AsAh2c3d|KcKd4c5d")
    board = d.find_element(By.ID, "board")
    board.send_keys("Jd4d8c2c3c4c")
    error = wait_for(d, "#board-error", lambda e: e.text != "")
    assert "board" in error.text and board.get_attribute("aria-invalid") == "true"
    second = d.find_elements(By.CSS_SELECTOR, "#players input")[1]
    second.send_keys("9h")  # five cards: not a 4-card hand
    error = wait_for(d, "#player-1-error", lambda e: e.text != "")
    assert "player 2" in error.text


def test_an_empty_player_is_named_and_nothing_runs(driver, base, app):
    d = driver
    d.get(f"{base}/equity")
    d.find_elements(By.CSS_SELECTOR, "#players input")[0].send_keys("AsAh2c3d")
    d.find_element(By.ID, "run").click()
    error = wait_for(d, "#player-1-error", lambda e: e.text != "")
    assert error.text.startswith("player 2:")
    assert d.find_element(By.ID, "run").is_enabled() and app.state.jobs.running() == 0


def test_the_card_picker_greys_out_used_cards_and_adds_to_the_board(driver, base):
    d = driver
    d.get(f"{base}/equity?players=AsAh2c3d|KcKd4c5d")
    wait_for(d, '#picker [data-card="As"]', lambda e: not e.is_enabled())
    assert d.find_element(By.CSS_SELECTOR, '#picker [data-card="Kc"]').is_enabled() is False
    d.find_element(By.CSS_SELECTOR, '#picker [data-card="Jd"]').click()
    assert d.find_element(By.ID, "board").get_attribute("value") == "Jd"
    wait_for(d, '#picker [data-card="Jd"]', lambda e: not e.is_enabled())


def test_the_keyboard_runs_a_spot(driver, base):
    d = driver
    d.get(f"{base}/equity?players=AsAh2c3d|KcKd4c5d")
    board = d.find_element(By.ID, "board")
    board.send_keys("Jd4d8c", Keys.ENTER)  # Enter in a field submits the form
    results_state(d, "done")
    assert page_table(d)[1][0][0] == "AsAh2c3d"


def test_the_query_page_runs_an_example_and_draws_its_histogram(driver, base):
    d = driver
    d.get(f"{base}/query")
    examples = wait_for(d, "#examples", lambda e: len(e.find_elements(By.TAG_NAME, "option")) > 20)
    for option in examples.find_elements(By.TAG_NAME, "option"):
        if "histogram(handType(hero, river))" in option.text:
            option.click()
            break
    text = d.find_element(By.ID, "text").get_attribute("value")
    assert text.startswith("select histogram(handType(hero, river))")
    d.find_element(By.CSS_SELECTOR, '#method option[value="mc"]').click()
    d.find_element(By.ID, "trials").send_keys("20000")
    d.find_element(By.ID, "seed").send_keys("3")
    d.find_element(By.ID, "run").click()
    results_state(d, "done")
    expected = oe.query(text, exact=False, trials=20_000, seed=3)
    from omaha_eval.pql.report import query_cells

    assert page_table(d)[1] == query_cells(expected)[1]
    bars = d.find_elements(By.CSS_SELECTOR, "#results svg.chart rect.bar")
    assert len(bars) == len(expected.columns[0].value)


def test_a_query_error_is_shown_beside_the_editor(driver, base):
    d = driver
    d.get(f"{base}/query?text={quote('select x')}")
    error = wait_for(d, "#text-error", lambda e: e.text != "")
    assert error.text.startswith("query: column 8:")


def test_the_range_and_hand_pages_answer_their_links(driver, base):
    d = driver
    d.get(f"{base}/range?text={quote('AA:$ds, KK@0.5')}&limit=5")
    results_state(d, "done")
    r = oe.Range("AA:$ds, KK@0.5")
    assert d.find_element(By.CSS_SELECTOR, "#results .summary").text.startswith(f"{len(r):,} hands")
    assert len(page_table(d)[1]) == 5
    d.get(f"{base}/hand?hole=AdKd3s2s&board=Jd4d3cQd5h")
    results_state(d, "done")
    v = oe.evaluate("AdKd3s2s", "Jd4d3cQd5h")
    rows = page_table(d)[1]
    assert rows[0][1] == v.high_name and rows[1][1] == v.low_name
    assert len(d.find_elements(By.CSS_SELECTOR, "#results .from-hand")) == 4  # 2 + 2


def test_the_hits_page_and_the_boards_rows_answer_their_links(driver, base):
    d = driver
    d.get(f"{base}/hits?range={quote('A2**')}&board=7h5h9c")
    results_state(d, "done")
    hits = oe.range_hits("A2**", "7h5h9c")
    rows = {r[0].strip(): r[1] for r in page_table(d)[1]}
    assert rows["nut-low draw with backup"] == f"{100 * hits['nut_low_draw_backup']:.2f}%"
    assert d.find_elements(By.CSS_SELECTOR, "#download-csv")
    d.get(
        f"{base}/boards?players=AsAh2c3d|KcKd4c5d&board=Jd4d8c&where={quote('scoop>50%')}"
        "&sort=equity&top=3"
    )
    results_state(d, "done")
    table = d.find_elements(By.CSS_SELECTOR, "#results table")[-1]  # after the texture groups
    boards = [
        tr.find_elements(By.CSS_SELECTOR, "td")[0].text
        for tr in table.find_elements(By.CSS_SELECTOR, "tbody tr")
    ]
    report = oe.board_report(["AsAh2c3d", "KcKd4c5d"], "Jd4d8c")
    scoop, equity = PLAYER_FIGURES.index("scoop"), PLAYER_FIGURES.index("equity")
    chosen = [r for r in range(len(report)) if report.values[r, 0, scoop] > 0.5]
    chosen.sort(key=lambda r: -report.values[r, 0, equity])
    assert boards == [report.board_texts[r] for r in chosen[:3]]


@pytest.mark.parametrize("width", [1280, 390])
def test_the_hits_page_shows_every_class_of_a_partition_and_the_sorted_column(base, width):
    d = browser(width)
    try:
        d.get(f"{base}/hits?range=AAKK&sort=overpair&top=40")
        results_state(d, "done")
        table = d.find_elements(By.CSS_SELECTOR, "#results table")[0]
        header = [th.text for th in table.find_elements(By.CSS_SELECTOR, "thead th")]
        categories = [c.label for c in HIT_CLASSES if c.group == "high"]
        assert header[3:] == [*categories, "overpair"]  # every high category, the sort's column
        rows = [
            [c.text for c in tr.find_elements(By.CSS_SELECTOR, "td")]
            for tr in table.find_elements(By.CSS_SELECTOR, "tbody tr")
        ]
        assert len(rows) == 40
        for row in rows:  # board, boards, probability, then the categories: 100% in all
            assert sum(float(x.rstrip("%")) for x in row[3:12]) == pytest.approx(100, abs=0.06)
    finally:
        d.quit()


@pytest.mark.parametrize("width", [1280, 390])
def test_the_beats_page_shows_the_groups_of_beats(base, width):
    d = browser(width)
    try:
        d.get(f"{base}/beats?hand=AhKh3d4c&villains={quote('KK, 2345|AA')}&board=Qh7h6s2c")
        results_state(d, "done")
        want = oe.beats("AhKh3d4c", ["KK, 2345", "AA"], "Qh7h6s2c")
        tables = d.find_elements(By.CSS_SELECTOR, "#results table")
        assert len(tables) == 2 * len(want.villains)  # high and low for each villain
        first = [
            [c.text for c in tr.find_elements(By.CSS_SELECTOR, "th, td")]
            for tr in tables[0].find_elements(By.CSS_SELECTOR, "tbody tr")
        ]
        high = want.villains[0].high
        assert [r[0] for r in first] == [g.name for g in high]
        assert [r[2] for r in first] == [f"{g.count:,}" for g in high]
        d.get(f"{base}/beats?hand=AhKh3d4c&villains=KK&board=Qh7h")
        results_state(d, "error")
        assert "board" in d.find_element(By.ID, "board-error").text
        assert not d.find_elements(By.CSS_SELECTOR, "#results table")  # no old result left
    finally:
        d.quit()


def test_no_request_leaves_the_machine(base):
    d = browser(390)
    try:
        requested_urls(d)
        for path in (
            "/equity?players=AsAh2c3d|KcKd4c5d&board=Jd4d8c",
            f"/query?text={quote('select count(winsHi(a)) from a=' + repr('AA**') + ', b=' + repr('*'))}&method=mc&trials=5000",
            "/boards",
            "/range?text=AA",
            "/hand?hole=AdKd3s2s&board=Jd4d3c",
            "/beats?hand=AhKh3d4c&villains=KK&board=Qh7h6s",
            "/api/docs",
        ):
            d.get(base + path)
            time.sleep(1.5)
        urls = requested_urls(d)
    finally:
        d.quit()
    assert any(u.startswith(f"{base}/api/") for u in urls)  # the log did record the calls
    outside = [u for u in urls if not (u.startswith(base + "/") or u.startswith("data:"))]
    assert not outside


def test_the_lookalike_box_is_in_the_link_and_named_by_the_note(driver, base):
    """Lenient (the box clear): the spot runs and its note names the box;
    the box ticked (strict=1 in the link): the same spot is refused."""
    d = driver
    d.get(f"{base}/equity?players=AsAh2c3x|KcKd4c5d&board=Jd4d8c")
    results_state(d, "done")
    assert not d.find_element(By.ID, "strict").is_selected()
    notes = d.find_element(By.ID, "results").text
    assert "Refuse look-alike cards" in notes and "strict=True" not in notes
    d.get(f"{base}/equity?players=AsAh2c3x|KcKd4c5d&board=Jd4d8c&strict=1")
    results_state(d, "error")
    assert d.find_element(By.ID, "strict").is_selected()


def test_a_wide_table_is_a_card_per_row_on_a_phone(driver, base):
    """At 390 px the equity table's rows are cards no wider than the page,
    each figure labelled by its column."""
    d = driver
    size = d.get_window_size()
    try:
        d.set_window_size(390, 900)
        d.get(f"{base}/equity?players=AsAh2c3d|KcKd4c5d&board=Jd4d8c")
        results_state(d, "done")
        table = d.find_element(By.CSS_SELECTOR, "#results table.wide")
        width = d.execute_script("return document.documentElement.clientWidth")
        assert table.size["width"] <= width
        cell = table.find_element(By.CSS_SELECTOR, "tbody td")
        assert cell.get_attribute("data-label") == "equity"
    finally:
        d.set_window_size(size["width"], size["height"])


# the rows' first cells (their boards) of the last table of the results, in order
SHOWN_BOARDS = """
const tables = document.querySelectorAll("#results table");
const rows = tables[tables.length - 1].querySelectorAll("tbody tr");
return Array.from(rows, (tr) => tr.cells[0].textContent);
"""


def test_a_long_board_report_shows_a_page_of_rows_and_finds_any_of_them(driver, base):
    """13,244 rows: a page of them in the document, more on request; the
    box finds rows beyond the first page, and the CSV download holds every
    row."""
    d = driver
    players = ["AsKd3h2c", "QsJd9h8c"]  # no suit permutation keeps them: every flop a row
    report = oe.board_report(players)
    assert len(report) > 13_000
    d.get(f"{base}/boards?players={'|'.join(players)}")
    results_state(d, "done")
    shown = d.execute_script(SHOWN_BOARDS)
    page = len(shown)
    assert 0 < page <= 500 and shown == report.board_texts[:page]
    assert f"of {len(report):,}" in d.find_elements(By.CSS_SELECTOR, ".rows-count")[-1].text

    d.find_elements(By.CSS_SELECTOR, ".rows-more")[-1].click()
    assert d.execute_script(SHOWN_BOARDS) == report.board_texts[: 2 * page]

    far = report.board_texts[len(report) - 7]  # far beyond the pages shown
    box = d.find_elements(By.CSS_SELECTOR, ".rows-filter input")[-1]
    box.send_keys(far)
    WebDriverWait(d, WAIT).until(lambda _: far in d.execute_script(SHOWN_BOARDS))
    found = d.execute_script(SHOWN_BOARDS)
    assert found == [b for b in report.board_texts if far.lower() in b.lower()][: len(found)]
    assert "rows found" in d.find_elements(By.CSS_SELECTOR, ".rows-count")[-1].text
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)  # the box emptied: every row again
    WebDriverWait(d, WAIT).until(lambda _: d.execute_script(SHOWN_BOARDS)[:page] == shown)

    # the sort acts on every row: the lowest equity comes first
    equity = PLAYER_FIGURES.index("equity")
    heading = d.find_elements(By.CSS_SELECTOR, "#results table")[-1]
    heading.find_element(By.XPATH, ".//th//button[contains(., 'P1 equity')]").click()
    heading = d.find_elements(By.CSS_SELECTOR, "#results table")[-1]
    heading.find_element(By.XPATH, ".//th//button[contains(., 'P1 equity')]").click()  # ascending
    first = d.execute_script(SHOWN_BOARDS)[0]
    lowest = min(report.values[:, 0, equity])
    assert report.values[report.board_texts.index(first), 0, equity] == lowest

    csv = d.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const made = URL.createObjectURL, click = HTMLAnchorElement.prototype.click;
        URL.createObjectURL = (blob) => { URL.createObjectURL = made; blob.text().then(done); return "#"; };
        HTMLAnchorElement.prototype.click = function () { HTMLAnchorElement.prototype.click = click; };
        document.querySelector("#download-csv").click();
        """
    )
    assert len(csv.splitlines()) == len(report) + 1
    assert len(d.execute_script(SHOWN_BOARDS)) <= 2 * page

    # on a phone the table leaves the texture out; the box still finds by it
    size = d.get_window_size()
    try:
        d.set_window_size(390, 900)
        d.get(f"{base}/boards?players={'|'.join(players)}")
        results_state(d, "done")
        assert len(d.execute_script(SHOWN_BOARDS)) == page
        d.find_elements(By.CSS_SELECTOR, ".rows-filter input")[-1].send_keys("trips")
        rows = report.to_dict()["rows"]
        trips = [r["board"] for r in rows if "trips" in r["textures"]["label"]]
        WebDriverWait(d, WAIT).until(lambda _: d.execute_script(SHOWN_BOARDS) == trips)
    finally:
        d.set_window_size(size["width"], size["height"])
