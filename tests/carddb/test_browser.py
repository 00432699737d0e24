"""One real browser test: `berserk serve` + Debian's headless Chromium driven by playwright.

Search for a card in the Datasette search box, open its page, see its parsed abilities.
The test installs Chromium with apt-get when /usr/bin/chromium is missing (as root) and skips
with the reason only if that fails.
"""
from __future__ import annotations

import os
import shutil
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


def _ensure_chromium() -> str:
    if os.path.exists(CHROMIUM):
        return CHROMIUM
    if os.geteuid() == 0 and shutil.which("apt-get"):
        # a fresh machine has no package lists yet: install, and on failure update and retry
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        install = ["apt-get", "install", "-y", "chromium"]
        if subprocess.run(install, capture_output=True, timeout=600, env=env).returncode != 0:
            subprocess.run(["apt-get", "update"], capture_output=True, timeout=600, env=env)
            subprocess.run(install, capture_output=True, timeout=900, env=env)
    if not os.path.exists(CHROMIUM):
        pytest.skip("Chromium is not installed and `apt-get install -y chromium` did not install it")
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
                urllib.request.urlopen(base + "/-/versions.json", timeout=1)
                break
            except OSError:
                if proc.poll() is not None:
                    pytest.fail("berserk serve exited: " + proc.stderr.read().decode())
                time.sleep(0.1)
        else:
            pytest.fail("berserk serve did not start in 10 s")
        yield base
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(timeout=10)


def test_search_open_card_see_abilities(server):
    sync_api = pytest.importorskip("playwright.sync_api")
    chromium = _ensure_chromium()
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True, args=FLAGS)
        try:
            page = browser.new_page()
            page.set_default_timeout(10000)
            page.goto(server + "/cards/cards")
            page.fill('input[name="_search"]', "шаман")
            page.locator('input[name="_search"]').press("Enter")
            page.wait_for_url("**_search=*")
            # the row's link is its primary key cell
            page.locator("tr", has_text="Шаман бурь").locator("td.col-id a").first.click()
            page.wait_for_selector("pre.abilities-tree")
            assert page.locator("h1.card-name").inner_text() == "Шаман бурь"
            tree = page.locator("pre.abilities-tree").inner_text()
            assert "разряд на 2-3-4, дальность 3" in tree and "Attack" not in tree
        finally:
            browser.close()
