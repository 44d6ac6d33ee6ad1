"""Debian's chromium driven by Playwright (``executable_path``, never ``playwright install``).

Importing this module skips the importing test module when Playwright or chromium is missing.
"""

from __future__ import annotations

import shutil
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
