"""Every page and API route of the panel through the ASGI test client, with real demo stores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from ondas.audit import blocks as blocks_mod
from ondas.orchestrator.settings import open_project_store
from ondas.panel.security import csrf_for
from ondas.panel.sources import open_readonly, project_for
from ondas.state import registry
from ondas.state.store import Store
from tests.panel.conftest import PORT, TOKEN, Shared, make_client

CSRF = csrf_for(TOKEN)
GETS = [
    "/",
    "/executions",
    "/executions/{key}",
    "/executions/{key}/report",
    "/knowledge?q=notes",
    "/api/session",
    "/api/version",
    "/api/executions",
    "/api/executions/{key}",
    "/api/knowledge?q=notes",
]
POSTS = [
    "/executions/{key}/blocks/block-001/answer",
    "/api/executions/{key}/blocks/block-001/answer",
]


def _block(project: Path, block_id: str = "block-001") -> blocks_mod.Block:
    store = open_project_store(project)
    try:
        return next(b for b in blocks_mod.list_blocks(store) if b.id == block_id)
    finally:
        store.close()


def _actors(project: Path) -> list[str]:
    store = open_project_store(project)
    try:
        return [str(e.payload["data"].get("actor")) for e in store.events(type_="block_answered")]
    finally:
        store.close()


def test_every_route_refuses_a_request_without_the_token_or_with_a_wrong_one(
    shared: Shared,
) -> None:
    waiting = shared.waiting
    key = project_for(waiting).key
    with make_client([waiting], allow_answers=True) as c:
        for path in GETS:
            assert c.get(path.format(key=key)).status_code == 401, path
            wrong = c.get(path.format(key=key), headers={"Authorization": "Bearer nope"})
            assert wrong.status_code == 401, path
        for path in POSTS:
            refused = c.post(path.format(key=key), data={"csrf": CSRF, "choice": "memory only"})
            assert refused.status_code == 401, path
        assert c.get("/executions?token=wrong").status_code == 401
    assert _block(waiting).status == "awaiting"


def test_the_printed_link_sets_the_cookie_and_drops_the_token_from_the_address(
    shared: Shared,
) -> None:
    with make_client([shared.waiting]) as c:
        first = c.get(f"/executions?token={TOKEN}", follow_redirects=False)
        assert first.status_code == 303
        assert first.headers["location"] == "/executions"
        assert "HttpOnly" in first.headers["set-cookie"]
        assert "SameSite=Strict" in first.headers["set-cookie"]
        assert c.get("/executions").status_code == 200
        api = c.get(f"/api/executions?token={TOKEN}", follow_redirects=False)
        assert api.status_code == 200


def test_executions_page_lists_each_project_with_status_stage_progress_and_pending_block(
    client: TestClient, shared: Shared
) -> None:
    waiting, finished = shared.waiting, shared.finished
    page = client.get("/executions")
    assert page.status_code == 200
    assert page.headers["cache-control"] == "no-store"
    html = page.text
    assert f'data-key="{project_for(waiting).key}" data-status="awaiting_human"' in html
    assert f'data-key="{project_for(finished).key}" data-status="completed"' in html
    assert html.index("awaiting_human") < html.index('data-status="completed"')
    assert "How do notes survive between runs of the CLI?" in html
    assert "clarify" in html
    partial = client.get("/executions?partial=1").text
    assert "<html" not in partial and 'id="executions"' in partial
    assert client.get("/", follow_redirects=False).headers["location"] == "/executions"


def test_api_executions_mirrors_the_page(client: TestClient, shared: Shared) -> None:
    waiting = shared.waiting
    data = client.get("/api/executions").json()
    assert data["unavailable"] == []
    rows = {r["key"]: r for r in data["executions"]}
    row = rows[project_for(waiting).key]
    assert row["status"] == "awaiting_human"
    assert row["stage"] == "clarify"
    assert row["feature"] == ""  # a plain run, not a feature
    assert row["pending"][0]["id"] == "block-001"
    assert row["pending"][0]["options"] == [
        "a JSON file in the working directory",
        "an SQLite database",
        "memory only",
    ]
    assert 0 < row["progress"] < 100
    assert row["waves"] >= 1
    assert row["last_activity"]
    done = next(r for r in data["executions"] if r["status"] == "completed")
    assert done["progress"] == 100
    assert done["tasks"] >= 1 and done["tasks_done"] >= 1


def test_execution_page_shows_timeline_decisions_tasks_refusals_cost_chart_and_report(
    client: TestClient, shared: Shared
) -> None:
    key = project_for(shared.finished).key
    api = client.get(f"/api/executions/{key}").json()
    report = api["report"]
    html = client.get(f"/executions/{key}").text
    for section in ("pending", "stages", "cost", "waves", "decisions", "tasks", "refusals"):
        assert f'<section id="{section}">' in html, section
    assert '<svg id="cost-chart"' in html
    assert html.count("<rect ") == len(report["waves"])
    for wave in report["waves"]:
        assert f'id="wave-{wave["number"]}"' in html
    decision = report["decisions"][0]
    assert f'id="{decision["id"]}"' in html
    assert "Rationale" in html and "Options" in html
    task = report["tasks"][0]
    assert f'id="task-{task["task_id"]}"' in html
    assert f"{task['tests_passed']}/{task['tests_run']}" in html
    assert "Report (final)" in html
    assert api["summary"]["status"] == "completed"


def test_report_route_serves_the_review_surface_html(client: TestClient, shared: Shared) -> None:
    page = client.get(f"/executions/{project_for(shared.finished).key}/report")
    assert page.status_code == 200
    assert "ondas report: notes" in page.text


def test_an_unknown_execution_is_not_found_on_every_route(client: TestClient) -> None:
    assert client.get("/executions/nope-0").status_code == 404
    assert client.get("/executions/nope-0/report").status_code == 404
    assert client.get("/api/executions/nope-0").json()["error"].startswith("no project")
    assert client.get("/api/executions/nope-0").status_code == 404


def test_knowledge_search_reads_the_recall_db(client: TestClient) -> None:
    data = client.get("/api/knowledge?q=notes persistence").json()
    assert data["available"] is True
    assert data["results"], data
    assert all("text" in r and "project_name" in r for r in data["results"])
    page = client.get("/knowledge?q=notes persistence")
    assert page.status_code == 200
    assert data["results"][0]["text"][:30] in page.text
    assert 'href="/knowledge"' in client.get("/executions").text


def test_knowledge_routes_say_so_when_there_is_no_db(
    shared: Shared, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("ONDAS_HOME", str(tmp_path / "empty-home"))
    with make_client([shared.waiting]) as c:
        c.headers["Authorization"] = f"Bearer {TOKEN}"
        assert c.get("/knowledge").status_code == 404
        assert c.get("/api/knowledge?q=x").json() == {"available": False, "results": []}
        assert 'href="/knowledge"' not in c.get("/executions").text


def test_version_changes_when_a_run_writes(waiting: Path) -> None:
    with make_client([waiting]) as client:
        client.headers["Authorization"] = f"Bearer {TOKEN}"
        before = client.get("/api/version").json()
        assert before["heads"][project_for(waiting).key]
        store = open_project_store(waiting)
        try:
            with store.transaction("note", description="a run writes") as tx:
                tx.data["x"] = 1
        finally:
            store.close()
        after = client.get("/api/version").json()
        assert after["version"] != before["version"]


def test_session_gives_the_csrf_value_and_the_mode(client: TestClient) -> None:
    assert client.get("/api/session").json() == {
        "csrf": CSRF,
        "allow_answers": False,
        "knowledge": True,
    }


def test_a_read_only_panel_refuses_answers_and_shows_no_form(
    client: TestClient, shared: Shared
) -> None:
    waiting = shared.waiting
    key = project_for(waiting).key
    html = client.get(f"/executions/{key}").text
    assert '<form method="post"' not in html and "--allow-answers" in html
    form = client.post(
        f"/executions/{key}/blocks/block-001/answer", data={"csrf": CSRF, "choice": "memory only"}
    )
    assert form.status_code == 403
    api = client.post(
        f"/api/executions/{key}/blocks/block-001/answer",
        json={"answer": "memory only"},
        headers={"X-CSRF-Token": CSRF},
    )
    assert api.status_code == 403
    assert "read-only" in api.json()["error"]
    assert _block(waiting).status == "awaiting"


def test_a_write_without_the_csrf_value_or_from_another_origin_is_refused(
    answering: TestClient, waiting: Path
) -> None:
    key = project_for(waiting).key
    url = f"/executions/{key}/blocks/block-001/answer"
    assert answering.post(url, data={"choice": "memory only"}).status_code == 403
    assert answering.post(url, data={"csrf": "wrong", "choice": "memory only"}).status_code == 403
    evil = answering.post(
        url, data={"csrf": CSRF, "choice": "memory only"}, headers={"Origin": "http://evil.test"}
    )
    assert evil.status_code == 403
    cross = answering.post(
        url, data={"csrf": CSRF, "choice": "memory only"}, headers={"Sec-Fetch-Site": "cross-site"}
    )
    assert cross.status_code == 403
    null_origin = answering.post(
        url, data={"csrf": CSRF, "choice": "memory only"}, headers={"Origin": "null"}
    )
    assert null_origin.status_code == 403
    api = answering.post(f"/api{url}", json={"answer": "memory only"})
    assert api.status_code == 403
    assert _block(waiting).status == "awaiting"


def test_answering_from_the_form_goes_through_the_library_call_as_the_panel(
    answering: TestClient, waiting: Path
) -> None:
    key = project_for(waiting).key
    html = answering.get(f"/executions/{key}").text
    assert f'name="csrf" value="{CSRF}"' in html
    done = answering.post(
        f"/executions/{key}/blocks/block-001/answer",
        data={"csrf": CSRF, "choice": "an SQLite database"},
        headers={"Origin": "http://127.0.0.1:8700"},
        follow_redirects=False,
    )
    assert done.status_code == 303
    assert done.headers["location"] == f"/executions/{key}?answered=block-001"
    block = _block(waiting)
    assert block.status == "answered"
    assert block.answer == "an SQLite database"
    assert _actors(waiting) == ["panel"]
    again = answering.post(
        f"/executions/{key}/blocks/block-001/answer", data={"csrf": CSRF, "text": "memory only"}
    )
    assert again.status_code == 409
    assert _block(waiting).answer == "an SQLite database"


def test_answering_through_the_api_returns_the_answered_block(
    answering: TestClient, waiting: Path
) -> None:
    key = project_for(waiting).key
    url = f"/api/executions/{key}/blocks/block-001/answer"
    empty = answering.post(url, json={"answer": "  "}, headers={"X-CSRF-Token": CSRF})
    assert empty.status_code == 400
    bad = answering.post(url, content=b"not json", headers={"X-CSRF-Token": CSRF})
    assert bad.status_code == 400
    done = answering.post(url, json={"answer": "memory only"}, headers={"X-CSRF-Token": CSRF})
    assert done.status_code == 200, done.text
    body = done.json()
    assert body["block"]["status"] == "answered"
    assert body["execution_status"] == "in_progress"
    assert _actors(waiting) == ["panel"]
    unknown = answering.post(
        f"/api/executions/{key}/blocks/block-999/answer",
        json={"answer": "x"},
        headers={"X-CSRF-Token": CSRF},
    )
    assert unknown.status_code in (404, 409)


def test_registered_projects_are_listed_unless_only_the_named_ones_are_asked(
    shared: Shared, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ONDAS_HOME", str(shared.home))
    waiting, finished = shared.waiting, shared.finished
    assert {waiting.resolve(), finished.resolve()} <= set(registry.registered())
    with make_client([]) as c:
        c.headers["Authorization"] = f"Bearer {TOKEN}"
        keys = {r["key"] for r in c.get("/api/executions").json()["executions"]}
        assert keys == {project_for(waiting).key, project_for(finished).key}
    with make_client([waiting], registered=False) as c:
        c.headers["Authorization"] = f"Bearer {TOKEN}"
        keys = {r["key"] for r in c.get("/api/executions").json()["executions"]}
        assert keys == {project_for(waiting).key}


def test_a_store_that_breaks_is_shown_unavailable_not_an_error(
    shared: Shared, waiting: Path
) -> None:
    intact, broken = shared.waiting, waiting
    with make_client([intact, broken], registered=False) as c:
        c.headers["Authorization"] = f"Bearer {TOKEN}"
        assert len(c.get("/api/executions").json()["executions"]) == 2
        db = broken / ".ondas" / "state.db"
        for leftover in (Path(f"{db}-wal"), Path(f"{db}-shm")):
            leftover.unlink(missing_ok=True)
        db.write_bytes(b"garbage, not SQLite")
        c.app.state.panel.readers.close_all()  # type: ignore[attr-defined]
        c.app.state.panel._cache.clear()  # type: ignore[attr-defined]
        data = c.get("/api/executions").json()
        assert [r["key"] for r in data["executions"]] == [project_for(intact).key]
        assert data["unavailable"][0]["key"] == project_for(broken).key
        assert "unavailable" in c.get("/executions").text


def test_the_panel_reads_through_connections_that_refuse_writes(shared: Shared) -> None:
    store: Store = open_readonly(project_for(shared.waiting))
    try:
        with pytest.raises(Exception, match=r"readonly|read-only|query_only|attempt to write"):
            store.conn.execute("INSERT INTO meta (key, value) VALUES ('x', 'y')")
    finally:
        store.close()


def test_json_routes_answer_json(client: TestClient, shared: Shared) -> None:
    key = project_for(shared.waiting).key
    for path in GETS:
        if path.startswith("/api/"):
            response = client.get(path.format(key=key))
            assert response.headers["content-type"].startswith("application/json"), path
            json.loads(response.text)
    assert PORT == 8700


def test_while_one_request_rebuilds_a_page_the_others_get_the_previous_one() -> None:
    import threading

    from ondas.panel.app import Panel, PanelConfig

    panel = Panel(PanelConfig(projects=[], token=TOKEN, port=PORT, include_registered=False))
    assert panel.cached("page", "v1", lambda: "built for v1") == ("v1", "built for v1")
    panel._cache["page"].at -= 60  # older than any TTL: the next request for v2 rebuilds
    started, release = threading.Event(), threading.Event()

    def slow() -> str:
        started.set()
        release.wait(120)
        return "built for v2"

    results: list[tuple[str, str]] = []
    builder = threading.Thread(target=lambda: results.append(panel.cached("page", "v2", slow)))
    builder.start()
    assert started.wait(120)
    assert panel.cached("page", "v2", lambda: "a second build") == ("v1", "built for v1")
    release.set()
    builder.join(120)
    assert results == [("v2", "built for v2")]
    assert panel.cached("page", "v2", lambda: "a third build") == ("v2", "built for v2")


def test_with_no_run_anywhere_the_executions_page_says_how_to_start_one() -> None:
    with make_client([], registered=False) as c:
        c.headers["Authorization"] = f"Bearer {TOKEN}"
        assert "No run yet" in c.get("/executions").text
        assert c.get("/api/executions").json()["executions"] == []


def test_an_answer_from_the_panel_runs_the_wakers_of_waiting_runs(
    waiting: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ondas.app import answering

    calls: list[Path | None] = []

    def detached_run(store: Store, project: Path | None) -> str:
        calls.append(project)
        return "woke the detached run"

    monkeypatch.setattr(answering, "WAKERS", (detached_run,))
    with make_client([waiting], allow_answers=True, registered=False) as c:
        c.headers["Authorization"] = f"Bearer {TOKEN}"
        done = c.post(
            f"/api/executions/{project_for(waiting).key}/blocks/block-001/answer",
            json={"answer": "memory only"},
            headers={"X-CSRF-Token": CSRF},
        ).json()
    assert done["woken"] == ["woke the detached run"]
    assert calls == [waiting.resolve()]


def _needs_you_first(report_md: str) -> list[str]:
    section = report_md.split("## Needs you first", 1)[1].split("\n## ", 1)[0]
    return [line for line in section.splitlines() if line[:1].isdigit()]


@pytest.mark.parametrize("which", ["waiting", "finished"])
def test_the_panel_counts_what_needs_you_as_the_report_lists_it(
    client: TestClient, shared: Shared, which: str
) -> None:
    import re

    project = getattr(shared, which)
    page = client.get(f"/executions/{project_for(project).key}").text
    (count,) = re.findall(r"Needs you first \((\d+)\)", page)
    listed = _needs_you_first((project / ".ondas" / "report.md").read_text())
    assert int(count) == len(listed)
    assert int(count) >= 1  # waiting: block-001; finished: the auto-answered structural choice
    assert "feature notes" not in page  # a plain run is not a feature
    assert 'sandbox <span id="sandbox">not used' in page
