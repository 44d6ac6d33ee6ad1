"""Wall time of one ``ondas hook pre-tool-use`` process next to a bare ``python3 -c pass``.

Claude Code starts one hook process per tool call, so the hook's start-up is paid on every
call. This prints the median of several runs for: a bare interpreter, the hook run as
``python3 -m ondas hook pre-tool-use`` (the form ``ondas hooks install`` writes into
settings.json) for a Bash call (bash guard, tree-sitter) and for a Write call (path guard),
and the ``ondas`` console script when it is on PATH; then each ratio (target: below 2).
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = int(os.environ.get("ONDAS_BENCH_RUNS", "15"))
SRC = Path(__file__).resolve().parents[1] / "src"


def median_seconds(argv: list[str], stdin: str, env: dict[str, str]) -> float:
    """Median wall time of ``RUNS`` runs of ``argv`` (after one warm-up run)."""
    times = []
    for i in range(RUNS + 1):
        start = time.perf_counter()
        proc = subprocess.run(argv, input=stdin, capture_output=True, text=True, env=env)
        elapsed = time.perf_counter() - start
        if proc.returncode not in (0, 2):
            raise SystemExit(f"{argv} failed ({proc.returncode}): {proc.stderr.strip()}")
        if i:
            times.append(elapsed)
    return statistics.median(times)


def main() -> None:
    project = Path(tempfile.mkdtemp(prefix="ondas-bench-"))
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    env.pop("CLAUDE_PROJECT_DIR", None)

    def call(tool: str, tool_input: dict[str, str]) -> str:
        return json.dumps(
            {
                "cwd": str(project),
                "hook_event_name": "PreToolUse",
                "tool_name": tool,
                "tool_input": tool_input,
            }
        )

    bash_call = call("Bash", {"command": "git status && pytest -q tests"})
    write_call = call("Write", {"file_path": str(project / "a.txt"), "content": "x"})
    module = [sys.executable, "-m", "ondas", "hook", "pre-tool-use"]
    rows = [("python3 -c pass", median_seconds([sys.executable, "-c", "pass"], "", env))]
    rows.append(
        ("python3 -m ondas hook pre-tool-use (Bash)", median_seconds(module, bash_call, env))
    )
    rows.append(
        ("python3 -m ondas hook pre-tool-use (Write)", median_seconds(module, write_call, env))
    )
    script = shutil.which("ondas")
    if script:
        argv = [script, "hook", "pre-tool-use"]
        rows.append(
            ("ondas hook pre-tool-use (console script, Bash)", median_seconds(argv, bash_call, env))
        )
    shutil.rmtree(project, ignore_errors=True)
    base = rows[0][1]
    print(f"hook start-up latency, median of {RUNS} runs (target ratio: below 2)")
    for label, seconds in rows:
        print(f"  {label:<48} {seconds * 1000:8.1f} ms   ratio {seconds / base:5.2f}")


if __name__ == "__main__":
    main()
