"""The fleet end to end: real Redis, real Postgres, real Celery workers, real git remotes.

Three workers take twelve executions (scripted backend, a fixed delay per agent call) from
three project remotes. One worker is SIGKILLed in the middle of a wave: the execution it held
is requeued and completes on another worker. One execution stops on a human block; the block
is answered while the others keep the workers busy, and it resumes to completion. No wave
runs twice. Needs ONDAS_TEST_POSTGRES_URL and ONDAS_TEST_REDIS_URL (scripts/test.sh).
"""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import server_url

POSTGRES_URL = server_url("ONDAS_TEST_POSTGRES_URL")
REDIS_URL = server_url("ONDAS_TEST_REDIS_URL")
pytestmark = pytest.mark.skipif(
    not (POSTGRES_URL and REDIS_URL),
    reason="no Postgres and Redis servers (ONDAS_TEST_POSTGRES_URL, ONDAS_TEST_REDIS_URL)",
)
DEADLINE = 1500.0
Popen = subprocess.Popen[str]


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, timeout=60)


def _remote(root: Path, name: str) -> Path:
    bare = root / f"{name}.git"
    _git(root, "init", "-q", "--bare", "-b", "main", str(bare))
    seed = root / f"{name}-seed"
    _git(root, "clone", "-q", str(bare), str(seed))
    (seed / "README.md").write_text(f"# {name}\n", encoding="utf-8")
    _git(seed, "add", "README.md")
    _git(seed, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "start")
    _git(seed, "push", "-q", "origin", "HEAD:main")
    return bare


@pytest.fixture
def fleet_env(tmp_path: Path) -> dict[str, str]:
    tag = uuid.uuid4().hex[:8]
    return {
        **os.environ,
        "ONDAS_BROKER_URL": REDIS_URL,
        "ONDAS_STORE_URL": POSTGRES_URL,
        "ONDAS_FLEET_SCHEMA": f"fleet_test_{tag}",
        "ONDAS_FLEET_WORKSPACE": str(tmp_path / "workspaces"),
        "ONDAS_FLEET_ORPHAN_AFTER": "15",
        "ONDAS_SCRIPTED_DELAY": "0.4",
    }


def _ondas(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ondas", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def _status(env: dict[str, str]) -> dict[str, Any]:
    result = _ondas(env, "fleet", "status", "--json")
    assert result.returncode == 0, result.stderr
    doc: dict[str, Any] = json.loads(result.stdout)
    return doc


@pytest.fixture
def workers(
    fleet_env: dict[str, str], tmp_path: Path
) -> Iterator[dict[str, subprocess.Popen[str]]]:
    procs: dict[str, subprocess.Popen[str]] = {}
    for n in (1, 2, 3):
        name = f"w{n}@fleet-test"
        # w1 is the worker killed mid-wave: its agent calls never end by themselves, so
        # whatever the load, the SIGKILL lands inside its first wave.
        env = {**fleet_env, "ONDAS_SCRIPTED_DELAY": "3600"} if n == 1 else fleet_env
        with (tmp_path / f"worker{n}.log").open("w") as log:
            procs[name] = subprocess.Popen(
                [sys.executable, "-m", "ondas", "worker", "--concurrency", "1", "--name", name],
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                text=True,
                start_new_session=True,
            )
    try:
        yield procs
    finally:
        for proc in procs.values():
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in procs.values():
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=60)


def _store_rows(schema: str, sql: str) -> list[tuple[Any, ...]]:
    import psycopg

    with psycopg.connect(POSTGRES_URL, autocommit=True) as conn:
        conn.execute(f'SET search_path TO "{schema}"')
        return [tuple(r) for r in conn.execute(sql).fetchall()]


def _wait(env: dict[str, str], until: Any, what: str) -> dict[str, Any]:
    deadline = time.monotonic() + DEADLINE
    while True:
        doc = _status(env)
        if until(doc):
            return doc
        assert time.monotonic() < deadline, f"timed out waiting for {what}: {doc['counts']}"
        time.sleep(2)


@pytest.mark.slow  # three Celery workers carry twelve whole executions: minutes, by design
@pytest.mark.timeout(3 * DEADLINE)
def test_three_workers_complete_twelve_executions_through_a_kill_and_a_block(
    tmp_path: Path,
    fleet_env: dict[str, str],
    workers: dict[str, Popen],
) -> None:
    remotes = [_remote(tmp_path, f"project{n}") for n in (1, 2, 3)]
    ids: list[str] = []
    for n in range(12):
        args = ["submit", str(remotes[n % 3]), "--description", f"notes keeper {n}"]
        args += ["--backend", "scripted"] + ([] if n == 5 else ["--auto-answer"])
        result = _ondas(fleet_env, *args)
        assert result.returncode == 0, result.stderr
        ids.append(result.stdout.strip())
    blocked = ids[5]

    def w1_mid_wave(doc: dict[str, Any]) -> bool:
        for sub in doc["submissions"]:
            if sub["status"] == "running" and sub["worker"] == "w1@fleet-test":
                rows = _store_rows(
                    sub["store_schema"], "SELECT id FROM waves WHERE ended_at IS NULL"
                )
                return bool(rows)
        return False

    doc = _wait(fleet_env, w1_mid_wave, "worker w1 inside a wave")
    killed = next(
        s for s in doc["submissions"] if s["status"] == "running" and s["worker"] == "w1@fleet-test"
    )
    os.killpg(workers["w1@fleet-test"].pid, signal.SIGKILL)
    workers["w1@fleet-test"].wait(timeout=60)

    _wait(
        fleet_env,
        lambda d: any(
            s["id"] == blocked and s["status"] == "awaiting_human" for s in d["submissions"]
        ),
        "the block of the execution without --auto-answer",
    )
    answered = _ondas(fleet_env, "fleet", "answer", blocked, "--answer", "sqlite", "--json")
    assert answered.returncode == 0, answered.stderr

    doc = _wait(
        fleet_env,
        lambda d: d["counts"]["completed"] == 12,
        "every execution to complete",
    )
    by_id = {s["id"]: s for s in doc["submissions"]}
    assert by_id[killed["id"]]["worker"] != "w1@fleet-test"
    reconciled = _store_rows(killed["store_schema"], "SELECT id FROM waves WHERE reconciled = 1")
    assert reconciled, "the killed wave was not reconciled by the worker that took over"
    for sub in doc["submissions"]:
        started = _store_rows(
            sub["store_schema"],
            "SELECT description FROM events WHERE type = 'wave_started' ORDER BY seq",
        )
        waves = _store_rows(
            sub["store_schema"],
            "SELECT id, started_at, ended_at, reason, start_stage FROM waves ORDER BY number",
        )
        assert len(waves) == len({w[0] for w in waves}) == len(started), sub["id"]
        for before, after in itertools.pairwise(waves):
            assert before[2] is not None and before[2] <= after[1], f"{sub['id']} overlap"
        advanced = [w[4] for w in waves if w[3] == "stage_completed_advancing"]
        assert len(advanced) == len(set(advanced)), f"{sub['id']} ran a stage twice: {advanced}"
        assert _store_rows(sub["store_schema"], "SELECT status FROM executions") == [("completed",)]
        branch = subprocess.run(
            ["git", "log", "--oneline", sub["branch"]],
            cwd=sub["remote"],
            capture_output=True,
            text=True,
            check=True,
        )
        assert len(branch.stdout.splitlines()) > 1, f"{sub['branch']} was not pushed back"
    blocks = _store_rows(by_id[blocked]["store_schema"], "SELECT status FROM blocks")
    assert ("answered",) in blocks
    alive = {w["name"] for w in _status(fleet_env)["workers"] if w["alive"]}
    assert "w1@fleet-test" not in alive
