"""The report and the panel fit a laptop (1280 px) and a phone (390 px) in a real chromium: no
page is wider than its window. Screenshots of every page at both widths are saved under
``artifacts/screenshots/`` (git-ignored; CI keeps the directory as an artifact)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ondas.panel.sources import project_for
from tests.chromium import launch, sync_api
from tests.panel.conftest import Shared
from tests.panel.serving import panel_process

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
WIDTHS = {"laptop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def _fits(page: Any, name: str, wide: list[str]) -> None:
    """Save the page's screenshot; note it in ``wide`` when it scrolls sideways."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    print(f"screenshot: {path}")
    scroll, client = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    if scroll > client:
        wide.append(f"{name}: the page is {scroll} px wide in a {client} px window")


@pytest.mark.parametrize("size", list(WIDTHS))
def test_the_report_and_every_panel_page_fit_the_window(
    shared: Shared, size: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ONDAS_HOME", str(shared.home))
    report = shared.finished / ".ondas" / "report.html"
    wide: list[str] = []
    keys = {name: project_for(p).key for name, p in (("waiting", shared.waiting),
                                                      ("finished", shared.finished))}  # fmt: skip
    with (
        panel_process(str(shared.waiting), str(shared.finished), "--only") as served,
        sync_api.sync_playwright() as pw,
    ):
        browser = launch(pw)
        try:
            context = browser.new_context(viewport=WIDTHS[size], is_mobile=size == "phone")
            page = context.new_page()
            page.set_default_timeout(60_000)
            page.goto(report.as_uri())
            _fits(page, f"report-{size}", wide)
            page.goto(served.url)
            _fits(page, f"panel-executions-{size}", wide)
            for name, key in keys.items():
                page.goto(f"{served.base}/executions/{key}")
                _fits(page, f"panel-execution-{name}-{size}", wide)
            page.goto(f"{served.base}/executions/{keys['finished']}/report")
            _fits(page, f"panel-report-{size}", wide)
        finally:
            browser.close()
    assert not wide, wide
