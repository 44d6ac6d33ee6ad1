"""A report rebuilt after every wave reads only the new events, and says the same thing."""

from __future__ import annotations

import sqlite3
import subprocess
from dataclasses import asdict
from pathlib import Path
from typing import Any

from ondas.report import build
from ondas.runtime.schema import default_schema
from ondas.state.store import Store
from ondas.state.verify import Finding
from tests.report.conftest import runtime_event


def _figures(store: Store) -> dict[str, Any]:
    report = asdict(build(store, backend_label="scripted"))
    report.pop("verification")
    return report


def _refusal(store: Store, rule: str) -> None:
    runtime_event(
        store,
        "refusal",
        {"source": "guard", "rule": rule, "tool": "Bash", "subject": "rm -rf ~"},
    )


def test_a_rebuilt_report_equals_one_built_from_the_whole_log(finished: Path) -> None:
    with Store.open(finished / ".ondas", schema=default_schema()) as store:
        _figures(store)  # the first build reads the whole log
        _refusal(store, "home-delete")
        runtime_event(store, "agent_usage", {"tokens_in": 7, "tokens_out": 3})
        again = _figures(store)
    with Store.open(finished / ".ondas", schema=default_schema()) as fresh:
        assert again == _figures(fresh)
    assert [r["rule"] for r in again["refusals"]][-1] == "home-delete"


def test_a_rewritten_log_tail_is_read_again_from_the_start(finished: Path) -> None:
    with Store.open(finished / ".ondas", schema=default_schema()) as store:
        _refusal(store, "first-rule")
        assert _figures(store)["totals"]["refusals"] >= 1
        db = sqlite3.connect(finished / ".ondas" / "state.db")
        with db:
            top = db.execute("SELECT MAX(seq) FROM events").fetchone()[0]
            db.execute(
                "UPDATE events SET payload = replace(payload, 'first-rule', 'other-rule') "
                "WHERE seq = ?",
                (top,),
            )
            db.execute("UPDATE events SET hash = 'forged' WHERE seq = ?", (top,))
        db.close()
        rules = [r["rule"] for r in _figures(store)["refusals"]]
    assert "other-rule" in rules and "first-rule" not in rules


def test_the_loop_check_replaces_the_full_verify_in_a_wave_report(finished: Path) -> None:
    with Store.open(finished / ".ondas", schema=default_schema()) as store:
        found = [Finding("chain-broken", "seen by the loop's incremental check", 3)]
        report = build(store, integrity=found)
        assert not report.verification.integrity_ok
        assert report.verification.integrity_findings == [str(found[0])]
        assert build(store).verification.integrity_ok


def test_wave_commits_read_again_after_a_new_commit_keep_every_diff_stat(finished: Path) -> None:
    from ondas.report import gitinfo

    before = gitinfo.wave_commits(finished)
    (finished / "extra.txt").write_text("one\ntwo\n", encoding="utf-8")
    git = ["git", "-C", str(finished), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "add", "extra.txt"], check=True, capture_output=True)
    subprocess.run(
        [*git, "commit", "-q", "-m", "ondas wave-999: by hand"], check=True, capture_output=True
    )
    after = gitinfo.wave_commits(finished)
    assert after["wave-999"].numstat == {"extra.txt": (2, 0)}
    assert {k: (c.sha, c.numstat) for k, c in before.items()} == {
        k: (c.sha, c.numstat) for k, c in after.items() if k != "wave-999"
    }
    assert any(c.numstat for c in before.values())
