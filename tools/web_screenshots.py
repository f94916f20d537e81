"""Screenshots of every page of ``omaha-eval serve`` at a desktop and a phone
width, to look at before a change of the pages is committed.

    PYTHONPATH=. python tools/web_screenshots.py [OUTPUT_DIR]   # default /tmp/web-shots

Serves the app on 127.0.0.1 (a free port) for the run, opens each page with
a spot in its link in headless chromium (Debian's chromium and
chromium-driver, as tests/test_web_browser.py does), waits for its answer
and saves the whole page as PAGE-WIDTH.png.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402
from test_web_browser import browser  # noqa: E402
from web_server import live_server  # noqa: E402

WIDTHS = (1280, 390)
# what a page shows once it has answered (or refused) its link
SHOWN = "#results[data-state=done], #results[data-state=error], #endpoints section"
PAGES = {
    "equity": "/equity?players=AsAh2c3d|KcKd4c5d|15%25&board=Jd4d8c",
    "query": "/query?text=select%20histogram(handType(hero,%20river))%20from%20hero='15%25',"
    "%20villain='*'&method=mc&trials=200000&seed=1",
    "boards": "/boards?players=AsAh2c3d|KcKd4c5d&board=Jd4d8c",
    "boards-flops": "/boards?players=AsAh2c3d|KcKd4c5d&sort=scoop&top=40",
    "split": "/split?players=AA:$ds|KcKd7h6h&board=Kh7d2c&sort=lo_share&where=makes_low%3E0.5",
    "split-large": "/split?players=20%25|KcKd7h6h&board=Kh7d2c&method=mc&trials=200&seed=1"
    "&where=scoop%3E40%25",
    "hits": "/hits?range=15%25&board=7h5h2c",
    "hits-flops": "/hits?range=AAKK&group=texture",
    "range": "/range?text=AA:$ds,%20KK@0.5&limit=20",
    "hand": "/hand?hole=AdKd3s2s&board=Jd4d3cQd5h",
    "apidocs": "/api/docs",
    "equity-error": "/equity?players=AsAh2c3d|KcKd4c5d9h&board=Jd4d8c2c3c4c",
}


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/web-shots")
    out.mkdir(parents=True, exist_ok=True)
    with live_server() as base:
        for width in WIDTHS:
            d = browser(width)
            try:
                for name, path in PAGES.items():
                    d.get(base + path)
                    try:  # the answer, or an error, or nothing to run
                        WebDriverWait(d, 20).until(lambda d: d.find_elements("css selector", SHOWN))
                    except Exception:
                        pass
                    time.sleep(1.0)  # the checks as typed
                    height = 1000
                    for _ in range(3):  # the page's height as laid out at this size
                        d.execute_cdp_cmd(
                            "Emulation.setDeviceMetricsOverride",
                            {
                                "width": width,
                                "height": height,
                                "deviceScaleFactor": 1,
                                "mobile": width < 600,
                            },
                        )
                        time.sleep(0.3)
                        height = min(
                            5000, d.execute_script("return document.documentElement.scrollHeight")
                        )
                    d.save_screenshot(str(out / f"{name}-{width}.png"))
                    d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
            finally:
                d.quit()
    print(f"screenshots in {out}")


if __name__ == "__main__":
    main()
