"""Several processes writing at once: nothing lost, ids unique and gap-free, chain valid."""

from __future__ import annotations

import json
import subprocess
import sys
import time

from ondas.runtime.schema import default_schema
from ondas.state import lock
from ondas.state.store import Store
from ondas.state.verify import validate, verify

WORKERS = 4
WRITES = 30

WORKER = r"""
import json, os, sys, time
from ondas.state import lock
from ondas.runtime.schema import default_schema
from ondas.state.store import Store
state_dir, worker, writes, go = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
while not os.path.exists(go):
    time.sleep(0.005)
with Store.open(state_dir, schema=default_schema()) as store:
    for n in range(writes):
        with store.transaction("item_added", execution_id="exec-001") as tx:
            item = tx.next_id("exec-001", "item")
            tx.insert("extras", {"execution_id": "exec-001", "key": item,
                                 "value": json.dumps({"worker": worker, "n": n})})
            tx.add_metrics("exec-001", {"items": 1})
"""


def test_parallel_writers_lose_nothing_and_get_unique_gap_free_ids(store: Store) -> None:
    state_dir = store.state_dir
    store.close()
    go = state_dir / "go"
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER, str(state_dir), str(w), str(WRITES), str(go)],
            stderr=subprocess.PIPE,
            text=True,
        )
        for w in range(WORKERS)
    ]
    time.sleep(0.5)
    go.touch()
    for w in workers:
        _, err = w.communicate(timeout=120)
        assert w.returncode == 0, err
    total = WORKERS * WRITES
    with Store.open(state_dir, schema=default_schema()) as s:
        rows = s.all("SELECT key, value FROM extras WHERE execution_id = 'exec-001'")
        ids = sorted(r["key"] for r in rows)
        assert ids == [f"item-{i:03d}" for i in range(1, total + 1)]
        written = {(v["worker"], v["n"]) for v in (json.loads(r["value"]) for r in rows)}
        assert written == {(w, n) for w in range(WORKERS) for n in range(WRITES)}
        metric = s.one("SELECT value FROM metrics WHERE name = 'items'")
        assert metric is not None and metric["value"] == total
        assert len(s.events(type_="item_added")) == total
        seqs = [e.seq for e in s.events()]
        assert seqs == list(range(1, len(seqs) + 1))
        assert verify(s).ok and validate(s).ok


def test_concurrent_lock_acquires_have_exactly_one_winner(store: Store) -> None:
    state_dir = store.state_dir
    store.close()
    sleepers = [
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"]) for _ in range(3)
    ]
    try:
        contenders = [
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "ondas",
                    "state",
                    "lock",
                    "acquire",
                    "--pid",
                    str(p.pid),
                    "--state-dir",
                    str(state_dir),
                ],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for p in sleepers
        ]
        for c in contenders:
            c.communicate(timeout=120)
        assert sorted(c.returncode for c in contenders) == [0, 3, 3]
        with Store.open(state_dir, schema=default_schema()) as s:
            holder = lock.check(s)
            assert holder.held and not holder.stale
            assert holder.pid in {p.pid for p in sleepers}
            assert len(s.events(type_="lock_acquired")) == 1
            assert verify(s).ok
    finally:
        for p in sleepers:
            p.kill()
            p.wait()


def test_concurrent_cli_sets_all_land_in_the_log(store: Store) -> None:
    state_dir = store.state_dir
    store.close()
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "ondas",
                "state",
                "set",
                "--field",
                "next_instruction",
                "--value",
                json.dumps(f"from writer {i}"),
                "--state-dir",
                str(state_dir),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(4)
    ]
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
    with Store.open(state_dir, schema=default_schema()) as s:
        written = {
            c["values"]["next_instruction"]
            for e in s.events(type_="execution_updated")
            for c in e.payload["changes"]
        }
        assert written == {f"from writer {i}" for i in range(4)}
        assert s.one("SELECT next_instruction FROM executions")["next_instruction"] in written
        assert verify(s).ok
