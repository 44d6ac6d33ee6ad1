"""The scrubber shared by the run server's threads: concurrent use gives the serial answers.

Its only shared state is lazily filled (patterns compiled on first use, detect-secrets'
vendored deny-lists loaded once, a memo of scanned texts that ``functools.lru_cache`` guards);
the fills are idempotent, so the scrubber takes no lock of its own.
The check runs in a fresh interpreter, where every pattern is still uncompiled and the
threads race to compile them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.guards.secret_cases import CASES, HARMLESS

PROBE = """
import json, sys, threading
from ondas.guards.secrets import scrub

texts = json.loads(sys.stdin.read())
results = {}
start = threading.Barrier(8)

def work(n):
    start.wait()
    results[n] = [scrub(t) for t in (texts if n % 2 else list(reversed(texts)))]

threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
for t in threads:
    t.start()
for t in threads:
    t.join()
serial = [scrub(t) for t in texts]
same = all(
    results[n] == (serial if n % 2 else list(reversed(serial))) for n in range(8)
)
print(json.dumps({"same": same, "redacted": sum(a != b for a, b in zip(serial, texts))}))
"""


def test_concurrent_scrubbing_from_threads_matches_serial_scrubbing() -> None:
    texts = [f"log line before\n{text}\nafter {i}" for i, (_, text, _) in enumerate(CASES)]
    texts += list(HARMLESS)
    src = Path(__file__).resolve().parents[2] / "src"
    out = subprocess.run(
        [sys.executable, "-c", PROBE],
        input=json.dumps(texts),
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"},
    ).stdout
    result = json.loads(out.strip().splitlines()[-1])
    assert result["same"] is True
    assert result["redacted"] >= len(CASES) // 2  # the cases were really scrubbed
