"""What scrubbing secrets at write time costs one audited write.

Prints the median cost of one ``register_decision`` (agent text of about 700 characters, no
secret: the common case) and of one with a secret in it, with the store's write-time scrub on
and with it switched off in this process (the store's ``clean_row``/``clean_value`` replaced by
identities), fsync off so the figures show the store's own work, and the ratio on/off.

Run: ``python3 bench/scrub_at_write.py`` (no arguments; uses a temporary directory).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SRC = Path(__file__).resolve().parents[1] / "src"
sys.path.insert(0, str(SRC))

from _figures import record  # noqa: E402

import ondas.audit  # noqa: E402, F401  (the audit invariants, as the CLI registers them)
from ondas.audit.decisions import register_decision  # noqa: E402
from ondas.runtime.schema import default_schema  # noqa: E402
from ondas.state import store as store_mod  # noqa: E402
from ondas.state.execution import create_execution  # noqa: E402
from ondas.state.store import Store  # noqa: E402

SAMPLES = 200
PROSE = (
    "The notes are kept in one JSON file next to the program; a note is a title, a body and a "
    "creation time. Listing reads the whole file, which is fine for the few hundred notes a "
    "person keeps. "
) * 3
KEY = "AKIA" + "Q7ZL4MN2PR8TV6WX"


def decide(store: Store, text: str) -> None:
    register_decision(
        store, agent="bench", stage="plan", context=text, options=["json", "sqlite"],
        choice="json", justification=text, score=2,
    )  # fmt: skip


def median_ms(store: Store, text: str) -> float:
    times = []
    for _ in range(SAMPLES):
        start = time.perf_counter()
        decide(store, text)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="ondas-bench-") as tmp:
        project = Path(tmp) / "project"
        project.mkdir()
        store = Store.open(project / ".ondas", create=True, schema=default_schema())
        create_execution(store, project_path=project, description="bench")
        store.conn.execute("PRAGMA synchronous = OFF")
        decide(store, PROSE)  # warm the filter's lazily compiled patterns
        on = {"clean": median_ms(store, PROSE), "secret": median_ms(store, f"{PROSE} {KEY}")}
        saved: tuple[Any, Any] = (store_mod.clean_row, store_mod.clean_value)
        store_mod.clean_row, store_mod.clean_value = dict, lambda value: value  # type: ignore[assignment]
        off = {"clean": median_ms(store, PROSE), "secret": median_ms(store, f"{PROSE} {KEY}")}
        store_mod.clean_row, store_mod.clean_value = saved  # type: ignore[assignment]
        store.close()
    for case in ("clean", "secret"):
        record(f"register_decision {case} scrub on", on[case], "ms")
        record(f"register_decision {case} scrub off", off[case], "ms")
        print(
            f"register_decision, {case:6} text: scrub on {on[case]:.2f} ms, off {off[case]:.2f} "
            f"ms, ratio {on[case] / off[case]:.2f} (median of {SAMPLES}, fsync off)"
        )


if __name__ == "__main__":
    main()
