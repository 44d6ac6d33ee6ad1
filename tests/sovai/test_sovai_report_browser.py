"""sovai-report.html in a real browser (Debian's chromium driven by Playwright), from file://."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ondas.app.sovai_run import demo
from ondas.runtime.schema import default_schema
from ondas.state.store import Store
from tests.chromium import launch, reload_until_painted, sync_api


def test_sovai_page_shows_five_sections_blockers_first_and_its_verdicts_import(
    tmp_path: Path,
) -> None:
    outcome = demo(tmp_path / "demo")
    project = Path(outcome.report).parent.parent
    with sync_api.sync_playwright() as pw:
        browser = launch(pw)
        try:
            page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
            page.set_default_timeout(60_000)
            requests: list[str] = []
            page.on("request", lambda r: requests.append(r.url))
            page.goto(Path(outcome.html).as_uri())
            sections = page.eval_on_selector_all("main > section", "els => els.map(e => e.id)")
            assert sections == ["blockers", "done", "decisions", "verification", "qa"]
            # The plan's blocker, and the block that keeps the built run from completing.
            assert page.locator("#blockers .block").count() == 2
            assert "publish calc to PyPI" in page.locator("#blockers").inner_text()
            assert "not completed" in page.locator("#blockers").inner_text()
            assert page.locator("#done tr[id^=task-]").count() == 8
            assert "uncovered" in page.locator("#qa").inner_text()
            assert page.locator("#built").inner_text() == "built"

            box = page.locator('.verdict[data-item="task:T7"]')
            box.locator('button[data-verdict="change"]').click()
            box.locator("input").fill("name it format")
            reload_until_painted(page, '.verdict[data-item="task:T7"] input', "name it format")
            box = page.locator('.verdict[data-item="task:T7"]')
            assert box.locator('button[data-verdict="change"]').get_attribute("aria-pressed") == (
                "true"
            )
            page.click("#copy-feedback")
            feedback = page.locator("#feedback-output").input_value()
            assert all(u.startswith(("file:", "data:", "about:")) for u in requests), requests
        finally:
            browser.close()
    assert "change task:T7 note: name it format" in feedback
    out = subprocess.run(
        [sys.executable, "-m", "ondas", "feedback", "import", "-"],
        input=feedback,
        capture_output=True,
        text=True,
        cwd=project,
        timeout=300,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    with Store.open(project / ".ondas", schema=default_schema()) as store:
        (event,) = store.events(type_="feedback_imported")
    assert event.payload["data"]["verdicts"] == [
        {"item": "task:T7", "verdict": "change", "note": "name it format"}
    ]
