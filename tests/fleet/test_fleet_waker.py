"""An answer through any surface queues the next wave of a fleet submission parked on a block.

Real Postgres (the shared store and the fleet's registry) and real Redis (the Celery broker):
the queued wave is read back from the broker's list. No worker runs here.
"""

from __future__ import annotations

import base64
import json
import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ondas.audit import blocks
from ondas.runtime.schema import default_schema
from ondas.state.execution import create_execution, get_execution, update_execution
from ondas.state.store import Store
from tests.conftest import run_ondas, server_url

POSTGRES_URL = server_url("ONDAS_TEST_POSTGRES_URL")
REDIS_URL = server_url("ONDAS_TEST_REDIS_URL")
pytestmark = pytest.mark.skipif(
    not (POSTGRES_URL and REDIS_URL),
    reason="no Postgres and Redis servers (ONDAS_TEST_POSTGRES_URL, ONDAS_TEST_REDIS_URL)",
)


@pytest.fixture
def fleet(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """A fleet of its own on the test servers: its registry schema and its own queue name."""
    env = {
        "ONDAS_STORE_URL": POSTGRES_URL,
        "ONDAS_BROKER_URL": REDIS_URL,
        "ONDAS_FLEET_SCHEMA": f"fleet_waker_{uuid.uuid4().hex[:8]}",
    }
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("ONDAS_STORE_SCHEMA", raising=False)
    return env


def _queued(sub_id: str) -> list[list[Any]]:
    """Take the ``ondas.run_wave`` tasks queued in the broker for ``sub_id``: their arguments."""
    import redis

    from ondas.fleet.config import queue_name

    queue = queue_name()
    client = redis.Redis.from_url(REDIS_URL)
    out = []
    for raw in client.lrange(queue, 0, -1):
        message = json.loads(raw)
        if message["headers"]["task"] != "ondas.run_wave":
            continue
        args = json.loads(base64.b64decode(message["body"]))[0]
        if args[0] == sub_id:
            out.append(args)
            client.lrem(queue, 1, raw)
    client.close()
    return out


@pytest.fixture
def parked(fleet: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A submission whose execution waits on a human block, recorded as awaiting by its worker."""
    from ondas.fleet import registry

    sub = registry.add(
        remote=str(tmp_path / "remote.git"),
        description="notes keeper",
        backend="scripted",
        auto_answer=False,
        wave_delay=0.0,
    )
    monkeypatch.setenv("ONDAS_STORE_SCHEMA", sub.store_schema)
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    with Store.open(checkout / ".ondas", create=True, schema=default_schema()) as store:
        create_execution(store, project_path=checkout, description="notes keeper")
        blocks.register_block(store, question="Which storage?", options=["sqlite", "json"])
        update_execution(store, {"status": "awaiting_human"})
    ticket = registry.next_ticket(sub.id)
    assert registry.claim(sub.id, ticket, "w1@elsewhere") is not None
    registry.finish(sub.id, ticket, "awaiting_human")
    yield registry.get(sub.id), checkout


def test_an_mcp_answer_queues_the_next_wave_of_a_parked_fleet_submission(parked: Any) -> None:
    from ondas.app.answering import answer
    from ondas.fleet import registry

    sub, checkout = parked
    with Store.open(checkout / ".ondas", schema=default_schema()) as store:
        answered = answer(store, "sqlite", actor="mcp", project=checkout)
        assert get_execution(store).status == "in_progress"
    assert answered.wake_errors == []
    after = registry.get(sub.id)
    assert answered.woken == [f"fleet submission {sub.id} queued (ticket {after.ticket})"]
    assert after.status == "queued" and after.ticket == sub.ticket + 1
    assert _queued(sub.id) == [[sub.id, after.ticket]]


def test_fleet_answer_goes_through_the_same_call_and_records_the_fleet_as_actor(
    parked: Any, fleet: dict[str, str]
) -> None:
    sub, checkout = parked
    result = run_ondas("fleet", "answer", sub.id, "--answer", "json", "--json", env=fleet)
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["execution_status"] == "in_progress"
    assert doc["woken"] == [f"fleet submission {sub.id} queued (ticket {sub.ticket + 1})"]
    assert _queued(sub.id) == [[sub.id, sub.ticket + 1]]
    with Store.open(checkout / ".ondas", schema=default_schema()) as store:
        answered = [e for e in store.events() if e.type == "block_answered"]
    assert len(answered) == 1 and answered[0].payload["data"]["actor"] == "fleet"


def test_an_answer_while_the_worker_is_still_parking_is_not_lost(
    parked: Any, fleet: dict[str, str]
) -> None:
    from ondas.app.answering import answer
    from ondas.fleet import registry, runner

    sub, checkout = parked
    # The worker's wave ended on the block but it has not recorded the parking yet.
    ticket = registry.next_ticket(sub.id)
    assert registry.claim(sub.id, ticket, "w1@elsewhere") is not None
    with Store.open(checkout / ".ondas", schema=default_schema()) as store:
        answered = answer(store, "sqlite", actor="panel", project=checkout)
    assert answered.woken == [], "a running submission is the worker's to requeue"
    assert runner.park(sub.id, ticket, checkout) == "queued"
    after = registry.get(sub.id)
    assert after.status == "queued" and _queued(sub.id) == [[sub.id, after.ticket]]


def test_a_store_outside_the_fleet_wakes_nothing_and_creates_no_registry(
    fleet: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import psycopg

    from ondas.app.answering import answer

    monkeypatch.setenv("ONDAS_FLEET_SCHEMA", f"fleet_none_{uuid.uuid4().hex[:8]}")
    project = tmp_path / "alone"
    project.mkdir()
    with Store.open(project / ".ondas", create=True, schema=default_schema()) as store:
        create_execution(store, project_path=project, description="alone")
        blocks.register_block(store, question="Which storage?")
        answered = answer(store, "sqlite", actor="cli", project=project)
    assert answered.woken == [] and answered.wake_errors == []
    with psycopg.connect(POSTGRES_URL, autocommit=True) as conn:
        found = conn.execute(
            "SELECT 1 FROM information_schema.schemata WHERE schema_name = %s",
            (os.environ["ONDAS_FLEET_SCHEMA"],),
        ).fetchone()
    assert found is None


def test_resume_answer_on_a_fleet_execution_hands_the_next_wave_to_the_fleet(
    parked: Any, fleet: dict[str, str]
) -> None:
    sub, checkout = parked
    env = {**fleet, "ONDAS_STORE_SCHEMA": sub.store_schema}
    result = run_ondas("resume", str(checkout), "--answer", "sqlite", "--json", env=env)
    assert result.returncode == 0, result.stderr
    assert f"fleet submission {sub.id} queued" in result.stdout
    assert _queued(sub.id) == [[sub.id, sub.ticket + 1]]
    with Store.open(checkout / ".ondas", schema=default_schema()) as store:
        answered = store.events(type_="block_answered")
        assert len(answered) == 1 and answered[0].payload["data"]["actor"] == "cli"
        assert store.events(type_="wave_started") == [], "no wave runs outside the fleet"
        assert get_execution(store).status == "in_progress"
