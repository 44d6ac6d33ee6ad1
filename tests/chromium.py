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


def reload_until_painted(page: Any, selector: str, text: str) -> None:
    """Reload ``page`` until the reloaded document shows ``text`` in the input at ``selector``
    (the page paints its inputs from localStorage when it loads).

    Chromium sends a page's localStorage writes to the browser process asynchronously, and a
    reload may land in a renderer that read the state before they arrived (seen under load,
    twice: once with no wait, once after a second page had seen the write, which it read from
    the writer's own process). The reloaded document is the reader the test's assertions use,
    so the wait is on what it painted. A person reloads seconds later: the test waits up to
    30 s for the same condition, and fails if it never holds.
    """
    deadline = time.monotonic() + 30
    while True:
        page.reload()
        shown = page.locator(selector).input_value()
        if shown == text:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"after reloads for 30 s the page shows {shown!r}, not {text!r}")
        page.wait_for_timeout(200)
