"""report.html in a real browser (Debian's chromium driven by Playwright), from file://."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from ondas.report import REPORT_HTML
from ondas.runtime.schema import default_schema
from ondas.state.store import Store
from tests.chromium import launch, reload_until_painted, sync_api


def _ondas(project: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ONDAS_STATE_DIR": str(project / ".ondas")}
    return subprocess.run(
        [sys.executable, "-m", "ondas", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=project,
        timeout=300,
        check=False,
    )


def test_report_page_blocks_first_verdicts_persist_and_feedback_round_trips(
    waiting: Path, tmp_path: Path
) -> None:
    page_url = (waiting / ".ondas" / REPORT_HTML).as_uri()
    shot = tmp_path / "report.png"
    with sync_api.sync_playwright() as pw:
        browser = launch(pw)
        try:
            context = browser.new_context(viewport={"width": 1200, "height": 900})
            page = context.new_page()
            page.set_default_timeout(60_000)
            requests: list[str] = []
            page.on("request", lambda r: requests.append(r.url))
            page.goto(page_url)
            sections = page.eval_on_selector_all("main > section", "els => els.map(e => e.id)")
            assert sections[0] == "needs-you"
            assert page.locator("#needs-you #block-001").is_visible()
            assert "How do notes survive" in page.locator("#needs-you").inner_text()

            box = page.locator('.verdict[data-item="decision:dec-001"]')
            box.locator('button[data-verdict="change"]').click()
            box.locator("input").fill("use SQLite | with a lock")
            note = '.verdict[data-item="decision:dec-001"] input'
            reload_until_painted(page, note, "use SQLite | with a lock")
            box = page.locator('.verdict[data-item="decision:dec-001"]')
            assert box.locator('button[data-verdict="change"]').get_attribute("aria-pressed") == (
                "true"
            )
            assert box.locator('button[data-verdict="keep"]').get_attribute("aria-pressed") == (
                "false"
            )
            assert box.locator("input").input_value() == "use SQLite | with a lock"

            page.click("#copy-feedback")
            feedback = page.locator("#feedback-output").input_value()
            page.screenshot(path=str(shot), full_page=True)
            assert all(u.startswith(("file:", "data:", "about:")) for u in requests), requests
        finally:
            browser.close()
    assert shot.is_file() and shot.stat().st_size > 10_000
    assert "change decision:dec-001 note: use SQLite | with a lock" in feedback

    out = _ondas(waiting, "feedback", "import", "-", stdin=feedback)
    assert out.returncode == 0, out.stderr
    with Store.open(waiting / ".ondas", schema=default_schema()) as store:
        (event,) = store.events(type_="feedback_imported")
    assert event.payload["data"]["verdicts"] == [
        {"item": "decision:dec-001", "verdict": "change", "note": "use SQLite | with a lock"}
    ]
    if os.environ.get("ONDAS_KEEP_SCREENSHOT"):
        shutil.copy(shot, os.environ["ONDAS_KEEP_SCREENSHOT"])
