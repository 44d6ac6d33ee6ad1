"""The panel in a real browser (Debian's chromium driven by Playwright) against a real server.

Each page is screenshotted under tmp_path (the paths are printed; ``pytest -s`` shows them).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ondas.orchestrator.settings import open_project_store
from ondas.panel.sources import project_for
from tests.chromium import launch, sync_api
from tests.panel.conftest import Shared
from tests.panel.serving import ondas_env, panel_process

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1200, "height": 900}


def _status(project: Path) -> tuple[str, dict[str, object]]:
    def run(*extra: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "ondas", "status", str(project), *extra],
            capture_output=True,
            text=True,
            env=ondas_env(),
            timeout=300,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    return run(), json.loads(run("--json"))


def _shot(page: object, path: Path) -> None:
    page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
    print(f"screenshot: {path}")
    assert path.is_file() and path.stat().st_size > 5_000


def test_a_phone_lists_the_demo_run_and_answers_its_block_so_status_shows_it_answered(
    waiting: Path, tmp_path: Path
) -> None:
    key = project_for(waiting).key
    text, before = _status(waiting)
    assert "awaiting block-001" in text
    with (
        panel_process(str(waiting), "--only", "--allow-answers") as served,
        sync_api.sync_playwright() as pw,
    ):
        browser = launch(pw)
        try:
            page = browser.new_context(viewport=PHONE, is_mobile=True).new_page()
            page.set_default_timeout(60_000)
            page.goto(served.url)
            assert "token=" not in page.url
            row = page.locator(f'tr.execution[data-key="{key}"]')
            assert row.get_attribute("data-status") == "awaiting_human"
            assert "How do notes survive" in row.inner_text()
            _shot(page, tmp_path / "executions-phone.png")

            row.locator("a.pending").click()
            page.wait_for_selector("#block-001 button.option")
            _shot(page, tmp_path / "execution-awaiting-phone.png")
            page.locator("#block-001 button.option", has_text="an SQLite database").click()
            page.wait_for_selector("#flash")
            assert "block-001 answered" in page.locator("#flash").inner_text()
            assert "Nothing is waiting for a person" in page.locator("#pending").inner_text()
            _shot(page, tmp_path / "execution-answered-phone.png")
        finally:
            browser.close()
    text, after = _status(waiting)
    assert "awaiting block-001" not in text
    assert after["pending_blocks"] == []
    assert before["pending_blocks"]
    store = open_project_store(waiting)
    try:
        (event,) = store.events(type_="block_answered")
    finally:
        store.close()
    assert event.payload["data"]["actor"] == "panel"


def test_every_page_renders_and_the_executions_page_updates_live(
    shared: Shared, waiting: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ONDAS_HOME", str(shared.home))  # the knowledge of the finished demo
    finished_key = project_for(shared.finished).key
    with (
        panel_process(str(waiting), str(shared.finished), "--only") as served,
        sync_api.sync_playwright() as pw,
    ):
        browser = launch(pw)
        try:
            page = browser.new_context(viewport=DESKTOP).new_page()
            page.set_default_timeout(60_000)
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(served.url)
            assert page.locator("tr.execution").count() == 2
            _shot(page, tmp_path / "executions.png")

            version = page.locator("#live").get_attribute("data-version")
            store = open_project_store(waiting)
            try:
                with store.transaction("note", description="the run moves on") as tx:
                    tx.data["step"] = 1
            finally:
                store.close()
            page.wait_for_function(
                "v => document.getElementById('live').getAttribute('data-version') !== v",
                arg=version,
                timeout=120_000,
            )
            assert "updated" in page.locator("#updated").inner_text()

            page.goto(f"{served.base}/executions/{finished_key}")
            for section in ("waves", "decisions", "tasks", "refusals", "cost", "report"):
                assert page.locator(f"#{section}").is_visible(), section
            assert page.locator("#cost-chart rect").count() >= 1
            _shot(page, tmp_path / "execution.png")

            page.click("text=Open the full report")
            page.wait_for_selector("#needs-you")
            _shot(page, tmp_path / "report.png")

            page.goto(f"{served.base}/knowledge")
            page.fill("input[name=q]", "notes persistence")
            page.click("button[type=submit]")
            page.wait_for_selector("#results")
            assert page.locator("#results .decision").count() >= 1
            _shot(page, tmp_path / "knowledge.png")
            assert errors == []
        finally:
            browser.close()


def test_chromium_runs_the_panel_and_report_scripts_under_the_policy_and_reports_no_violation(
    shared: Shared, tmp_path: Path
) -> None:
    key = project_for(shared.finished).key
    with panel_process(str(shared.finished), "--only") as served, sync_api.sync_playwright() as pw:
        browser = launch(pw)
        try:
            page = browser.new_context(viewport=DESKTOP).new_page()
            page.set_default_timeout(60_000)
            console: list[str] = []
            page.on("console", lambda m: console.append(m.text))
            page.goto(served.url)
            page.wait_for_function("document.getElementById('updated') !== null")
            page.goto(f"{served.base}/executions/{key}/report")
            page.wait_for_selector("#needs-you")
            box = page.locator(".verdict").first
            box.locator("button").first.click()
            assert box.locator("button").first.get_attribute("aria-pressed") == "true"
            assert [m for m in console if "Content Security Policy" in m] == []
        finally:
            browser.close()
