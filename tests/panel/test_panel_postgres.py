"""The panel over a store on a shared Postgres server (the same routes, read-only sessions).

Needs ``ONDAS_TEST_POSTGRES_URL`` (scripts/test.sh starts a throwaway server and exports it).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ondas.app.run import demo
from ondas.panel.security import csrf_for
from ondas.panel.sources import open_readonly, project_for
from tests.panel.conftest import TOKEN, make_client

pytestmark = pytest.mark.usefixtures("on_postgres")


def test_the_panel_lists_answers_and_only_reads_a_postgres_store(tmp_path: Path) -> None:
    project = Path(demo(tmp_path / "notes", auto_answer=False).project)
    key = project_for(project).key
    store = open_readonly(project_for(project))
    try:
        assert store.dialect.name == "postgres"
        with pytest.raises(Exception, match="read-only"):
            store.conn.execute("INSERT INTO meta (key, value) VALUES ('x', 'y')")
    finally:
        store.close()
    with make_client([project], allow_answers=True, registered=False) as c:
        c.headers["Authorization"] = f"Bearer {TOKEN}"
        (row,) = c.get("/api/executions").json()["executions"]
        assert row["status"] == "awaiting_human"
        assert row["pending"][0]["id"] == "block-001"
        assert c.get(f"/executions/{key}").status_code == 200
        done = c.post(
            f"/api/executions/{key}/blocks/block-001/answer",
            json={"answer": "an SQLite database"},
            headers={"X-CSRF-Token": csrf_for(TOKEN)},
        )
        assert done.status_code == 200, done.text
        assert done.json()["block"]["status"] == "answered"
        assert c.get("/api/executions").json()["executions"][0]["pending"] == []
