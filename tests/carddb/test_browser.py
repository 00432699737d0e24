"""One real browser walk: `berserk serve` + Debian's headless Chromium driven by playwright.

home → type a query in the search box → the result list → a card's page (abilities in Russian,
icons as symbols) → the rule clause its «разряд» links to.

The test never installs anything: without /usr/bin/chromium (or the playwright package) it is
skipped with the reason.  CI installs Debian's chromium itself (.ci/run).
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from tests.conftest import ROOT

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]

pytestmark = pytest.mark.browser


def _chromium() -> str:
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"нет Chromium ({CHROMIUM}): браузерный тест пропущен; поставьте Debian-пакет "
                    "chromium (apt-get install chromium) — .ci/run делает это сам")
    return CHROMIUM


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server(examples_db):
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "berserk", "serve", "--db", str(examples_db),
                             "--port", str(port)], cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/", timeout=1)
                break
            except OSError:
                if proc.poll() is not None:
                    pytest.fail("berserk serve exited: " + proc.stderr.read().decode())
                time.sleep(0.1)
        else:
            pytest.fail("berserk serve did not start in 10 s")
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_home_search_card_clause(server):
    chromium = _chromium()
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="нет пакета playwright: pip install -e '.[test]'")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True, args=FLAGS)
        try:
            page = browser.new_page()
            page.set_default_timeout(10000)
            errors: list[str] = []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto(server + "/")
            assert page.locator("h1").inner_text() == "Поиск карт"
            page.fill("#home-search", "разряд дальность>=3")
            page.locator("#home-search").press("Enter")
            page.wait_for_url("**/cards/card_list?_search=*")
            assert "Найдено: 2 карты" in page.locator("p.count").inner_text()
            page.locator("a.card-link", has_text="Шаман бурь").click()
            page.wait_for_url("**/cards/primery/8")
            assert page.locator("h1.card-name").inner_text() == "Шаман бурь"
            tree = page.locator("div.abilities-tree").inner_text()
            assert "разряд на 2-3-4, дальность 3" in tree and "⤵️" in tree
            assert "Attack" not in tree and "{tap}" not in page.content()
            page.locator("div.abilities-tree a.term", has_text="разряд").first.click()
            page.wait_for_url("**/rules/classic/attack.discharge")
            assert page.locator("h1.clause-title").inner_text() == "Разряд"
            assert not errors, errors             # the CSP blocked nothing our pages need
        finally:
            browser.close()
