"""``ondas state recover`` rebuilds a tampered store from the newest export whose chain
checks out, never from a forged one, and the run then resumes to completion."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from tests.conftest import run_ondas
from tests.orchestrator.conftest import SAMPLE, start_sample

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")


def _drop_last_event(project: Path) -> None:
    conn = sqlite3.connect(project / ".ondas" / "state.db")
    conn.execute("DELETE FROM events WHERE seq = (SELECT MAX(seq) FROM events)")
    conn.commit()
    conn.close()


def _forge(project: Path) -> None:
    """Edit a row in the export and recompute its sidecar, as a forger would."""
    path = project / ".ondas" / "state.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["execution"]["description"] = "forged"
    data = (json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode()
    path.write_bytes(data)
    sidecar = f"{hashlib.sha256(data).hexdigest()}  state.json\n"
    (project / ".ondas" / "state.json.sha256").write_text(sidecar, encoding="utf-8")


def test_recover_after_tampering_lets_the_run_resume_to_completion(project: Path) -> None:
    start_sample(project, 3)
    _drop_last_event(project)
    for _ in range(2):  # the refused resume wrote nothing, so the deletion is still seen
        refused = run_ondas("resume", str(project))
        assert refused.returncode == 4
        assert "ondas state recover" in refused.stderr
    out = run_ondas("state", "recover", "--state-dir", str(project / ".ondas"), "--json")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["moved_aside"] and all(Path(p).exists() for p in result["moved_aside"])
    assert run_ondas("state", "verify", "--state-dir", str(project / ".ondas")).returncode == 0
    done = run_ondas("resume", str(project))
    assert done.returncode == 0, done.stderr
    status = json.loads(run_ondas("status", str(project), "--json").stdout)
    assert status["execution"]["status"] == "completed"


def test_a_forged_export_with_a_recomputed_sidecar_is_never_used(project: Path) -> None:
    start_sample(project, 3)
    _forge(project)
    _drop_last_event(project)
    out = run_ondas("state", "recover", "--state-dir", str(project / ".ondas"), "--json")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["source"].startswith("git ")
    assert "rows differ" in result["rejected"][0]
    status = json.loads(run_ondas("status", str(project), "--json").stdout)
    assert status["execution"]["description"] == SAMPLE


def test_recover_refuses_an_intact_store_and_writes_nothing(project: Path) -> None:
    start_sample(project, 1)
    db = project / ".ondas" / "state.db"
    before = db.read_bytes()
    out = run_ondas("state", "recover", "--state-dir", str(project / ".ondas"))
    assert out.returncode == 1
    assert len(out.stderr.strip().splitlines()) == 1
    assert db.read_bytes() == before


def test_recover_without_any_trustworthy_export_exits_4(project: Path) -> None:
    start_sample(project, 1)
    _forge(project)
    shutil.rmtree(project / ".git")
    _drop_last_event(project)
    out = run_ondas("state", "recover", "--state-dir", str(project / ".ondas"))
    assert out.returncode == 4
    assert "no trustworthy export" in out.stderr
