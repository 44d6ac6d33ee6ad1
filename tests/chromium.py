"""Debian's chromium driven by Playwright (``executable_path``, never ``playwright install``).

Importing this module skips the importing test module when Playwright or chromium is missing.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

sync_api = pytest.importorskip("playwright.sync_api", reason="pip install 'ondas[browser]'")
if not Path(CHROMIUM).is_file():
    pytest.skip(
        "Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True
    )


def launch(pw: Any) -> Any:
    """A headless chromium browser from ``sync_playwright()``'s handle."""
    return pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS, timeout=120_000)


def wait_until_stored(context: Any, url: str, text: str) -> None:
    """Wait until another page of the browser reads ``text`` from localStorage.

    Chromium commits a page's localStorage writes to the browser process asynchronously; a
    reload that lands before the commit reads the old state (seen on a loaded machine). A
    person reloads seconds later; the test waits for the same condition instead of a sleep.
    """
    probe = context.new_page()
    try:
        deadline = time.monotonic() + 30
        while True:
            probe.goto(url)
            stored = probe.evaluate("() => JSON.stringify(Object.assign({}, localStorage))")
            if text in stored or time.monotonic() > deadline:
                return
            probe.wait_for_timeout(100)
    finally:
        probe.close()
