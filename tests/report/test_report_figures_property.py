"""Property: every count report.md prints equals the store's own count.

A finished demo (real git, real SQLite) is copied for each example, and hypothesis appends
what a run can record afterwards — whole-suite runs, retries of each kind, review verdicts,
refusals — before the report is rendered and every figure is read back out of its text.
"""

from __future__ import annotations

import re
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ondas.report import figures, render
from ondas.report.model import build
from ondas.runtime.schema import default_schema
from ondas.state.store import Store
from tests.demos import DemoCopies
from tests.report.conftest import runtime_event

TOTALS = re.compile(
    r"^Totals: (?P<waves>\d+) waves, (?P<tasks>\d+) tasks, (?P<decisions>\d+) decisions "
    r"\((?P<in_waves>\d+) inside waves, (?P<routing>\d+) model routing\), (?P<blocks>\d+) "
    r"blocks \((?P<awaiting>\d+) awaiting\), (?P<reviews>\d+) review verdicts, "
    r"(?P<refusals>\d+) refusals, (?P<retries>\d+) retries, ",
    re.M,
)
TESTS = re.compile(
    r"^- Tests: (?:(?P<passed>\d+)/(?P<run>\d+) passed in the last whole-suite run|"
    r"(?P<none>no whole-suite run recorded)).*?; (?P<tasks>\d+) task\(s\): (?P<pass>\d+) pass, "
    r"(?P<fail>\d+) fail, (?P<unverified>\d+) unverified$",
    re.M,
)
COMMITS = re.compile(r"^- Commits: (?P<n>\d+) wave commit\(s\)", re.M)

suite_runs = st.tuples(st.integers(0, 40), st.integers(0, 40)).map(
    lambda t: ("suite", min(t), max(t))
)
retries = st.sampled_from(["stage", "task", "role"]).map(lambda k: ("retry", k, 0))
reviews = st.sampled_from(["APPROVED", "CHANGES_REQUESTED"]).map(lambda v: ("review", v, 0))
refusals = st.just(("refusal", "", 0))
operations = st.lists(st.one_of(suite_runs, retries, reviews, refusals), max_size=12)


@pytest.fixture(scope="module")
def finished(demo_copies: DemoCopies, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    home = tmp_path_factory.mktemp("figures-home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ONDAS_HOME", str(home))
        yield demo_copies.notes(auto_answer=True, home=home)


def _count(db: Path, sql: str) -> int:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return int(conn.execute(sql).fetchone()[0] or 0)
    finally:
        conn.close()


def _apply(store: Store, op: tuple[str, str | int, int]) -> None:
    kind, a, b = op
    if kind == "suite":
        runtime_event(
            store,
            figures.SUITE_EVENT,
            {"stage": "converge", "test_command": "pytest", "tests_run": b, "tests_passed": a,
             "test_exit_code": 0 if a == b else 1, "green": a == b > 0},
        )  # fmt: skip
    elif kind == "retry":
        runtime_event(store, figures.RETRY_EVENT, {"kind": a, "subject": "x", "findings": ["f"]})
    elif kind == "review":
        runtime_event(
            store, "review_verdict", {"stage": "review-task", "verdict": a, "findings": []}
        )
    else:
        runtime_event(store, "refusal", {"source": "guard", "rule": "r", "tool": "Bash"})


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(ops=operations)
def test_every_number_in_report_md_equals_the_store_s_count(
    finished: Path, tmp_path_factory: pytest.TempPathFactory, ops: list[tuple[str, str, int]]
) -> None:
    copy = tmp_path_factory.mktemp("copy") / ".ondas"
    shutil.copytree(finished / ".ondas", copy)
    with Store.open(copy, schema=default_schema()) as store:
        for op in ops:
            _apply(store, op)
        text = render.markdown(build(store, backend_label="scripted"))
    db = copy / "state.db"

    totals = TOTALS.search(text)
    assert totals is not None, text
    expected = {
        "waves": "SELECT COUNT(*) FROM waves",
        "tasks": "SELECT COUNT(*) FROM tasks",
        "decisions": "SELECT COUNT(*) FROM decisions",
        "in_waves": "SELECT COUNT(*) FROM decisions WHERE wave_id IS NOT NULL",
        "blocks": "SELECT COUNT(*) FROM blocks",
        "awaiting": "SELECT COUNT(*) FROM blocks WHERE status = 'awaiting'",
        "reviews": "SELECT COUNT(*) FROM events WHERE type = 'review_verdict'",
        "refusals": "SELECT COUNT(*) FROM events WHERE type IN ('refusal', 'decision_refused')",
        "retries": "SELECT COUNT(*) FROM events WHERE type = 'wave_retry'",
    }
    for name, sql in expected.items():
        assert int(totals[name]) == _count(db, sql), name
    retry_lines = text.split("## Retries", 1)[1].split("\n## ", 1)[0]
    listed = len([ln for ln in retry_lines.splitlines() if ln.startswith("- ")])
    assert listed == _count(db, expected["retries"])

    tests = TESTS.search(text)
    assert tests is not None, text
    last = (
        "SELECT json_extract(payload, '$.data.{}') FROM events WHERE type = 'suite_run' "
        "ORDER BY seq DESC LIMIT 1"
    )
    if tests["none"]:
        assert _count(db, "SELECT COUNT(*) FROM events WHERE type = 'suite_run'") == 0
    else:
        assert int(tests["run"]) == _count(db, last.format("tests_run"))
        assert int(tests["passed"]) == _count(db, last.format("tests_passed"))
    assert int(tests["tasks"]) == _count(db, expected["tasks"])
    for outcome in ("pass", "fail", "unverified"):
        sql = f"SELECT COUNT(*) FROM tasks WHERE outcome = '{outcome}'"
        assert int(tests[outcome]) == _count(db, sql), outcome

    commits = COMMITS.search(text)
    assert commits is not None
    recorded = _count(
        db,
        "SELECT COUNT(*) FROM extras WHERE key LIKE 'wave-git/%' "
        "AND json_extract(value, '$.commit') NOT IN ('none', '')",
    )
    assert int(commits["n"]) == recorded == _count(db, "SELECT COUNT(*) FROM waves")
