from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ondas.audit import blocks, decisions
from ondas.state.store import Store
from tests.audit.conftest import assert_sound

WORKER = """
import sys
from ondas.audit import blocks, decisions
from ondas.runtime.schema import default_schema
from ondas.state.store import Store

store = Store.open(sys.argv[1], schema=default_schema())
for i in range(int(sys.argv[2])):
    decisions.register_decision(
        store, agent=f"worker-{sys.argv[3]}", stage="plan", context=f"choice {i}",
        options=["a", "b"], choice="a", justification="concurrency test", score=2,
    )
    blocks.register_block(store, question=f"question {i} from {sys.argv[3]}")
store.close()
"""


def test_parallel_writers_get_gap_free_unique_ids_and_a_valid_chain(
    store: Store, state_dir: Path
) -> None:
    processes, each = 6, 8
    workers = [
        subprocess.Popen([sys.executable, "-c", WORKER, str(state_dir), str(each), str(n)])
        for n in range(processes)
    ]
    assert [w.wait(timeout=120) for w in workers] == [0] * processes
    total = processes * each
    decision_ids = [d.id for d in decisions.list_decisions(store)]
    block_ids = [b.id for b in blocks.list_blocks(store)]
    assert sorted(decision_ids) == [f"dec-{n:03d}" for n in range(1, total + 1)]
    assert sorted(block_ids) == [f"block-{n:03d}" for n in range(1, total + 1)]
    assert_sound(store)
