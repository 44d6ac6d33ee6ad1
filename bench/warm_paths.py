"""Warm paths of a hook process and of a wave, next to a bare ``python3 -c pass``.

Rows (median wall and CPU of interleaved runs, each with its ratio to the bare interpreter):

- a refused PreToolUse call (a Write outside the project) recorded on an open wave, as
  ``ondas hooks install`` writes the hook (``python -I -S .../ondas/hooks/__main__.py``);
- PostToolUse on 64 KB of secret-like text (tokens, keys, passwords) recorded on that wave;
- the installed hook for a Bash call started by a virtual environment's interpreter (a real
  venv made here, ``--system-site-packages``), next to that venv's bare ``python -c pass``;
- 35 stage prompts rendered by ``skills.render`` in one process (a demo renders about 35).

With ``ONDAS_BENCH_BASELINE_SRC=/path/to/other/src`` every hook row is also run with that
tree's ``ondas`` (say, ``main``'s), interleaved in the same run, so before and after share the
machine's load. Run: ``python bench/warm_paths.py``. Prints figures, asserts nothing.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

from _figures import record
from hook_latency import active_project, run_once

RUNS = int(os.environ.get("ONDAS_BENCH_RUNS", "15"))
SRC = Path(__file__).resolve().parents[1] / "src"
BASELINE = os.environ.get("ONDAS_BENCH_BASELINE_SRC", "")
RENDER = """
import sys, time
sys.path.insert(0, sys.argv[1])
start = time.perf_counter()
from ondas.skills import render, builtin_stages
ctx = {"project_name": "p", "project_path": "/p", "description": "d", "stack": "Python",
       "tier": "local", "tier_sentence": "s", "requirements": "r", "skeleton": "# T\\n",
       "answers": [], "task": {"id": "T001", "title": "t"}, "test_command": "pytest",
       "findings": [], "paths": {k: k + ".md" for k in ("briefing", "constitution", "spec",
       "plan", "checklist", "tasks", "review", "features_review", "roadmap")}}
stages = builtin_stages()
for i in range(35):
    render(stages[i % len(stages)], ctx)
print(time.perf_counter() - start)
"""


def secret_like_text() -> str:
    """64 KB of build output with a secret-looking value every few lines."""
    kinds = (
        "token=ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8",
        "AWS key AKIA" + "ABCDEFGHIJKLMNOP",
        "DATABASE_URL=postgres://app:s3cr3t-pass@db.internal:5432/app",
        "Authorization: Bearer " + "abcDEF1234567890abcdef.ghij",
    )
    lines = [f"line {i:05d}: {kinds[i % 4] if i % 5 == 0 else 'ok'}" for i in range(4000)]
    return "\n".join(lines)[:65536]


def main() -> None:
    env = {**os.environ}
    env.pop("CLAUDE_PROJECT_DIR", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYTHONPATH", None)
    trees = [("", SRC)] + ([(" [baseline]", Path(BASELINE))] if BASELINE else [])
    project = active_project({**env, "PYTHONPATH": str(SRC)})
    refused = json.dumps(
        {
            "cwd": str(project),
            "hook_event_name": "PreToolUse",
            "tool_name": "Write",
            "tool_input": {"file_path": "/etc/ondas-bench", "content": "x"},
        }
    )
    post = json.dumps(
        {
            "cwd": str(project),
            "hook_event_name": "PostToolUse",
            "tool_name": "Bash",
            "tool_input": {"command": "make"},
            "tool_response": {"stdout": secret_like_text(), "stderr": ""},
        }
    )
    bash = json.dumps(
        {
            "cwd": str(project),
            "hook_event_name": "PreToolUse",
            "tool_name": "Bash",
            "tool_input": {"command": "git status && pytest -q tests | tail -5"},
        }
    )
    venv_dir = Path(tempfile.mkdtemp(prefix="ondas-bench-venv-"))
    venv.EnvBuilder(system_site_packages=True, symlinks=True).create(venv_dir)
    venv_python = str(venv_dir / "bin" / "python")
    cases: list[tuple[str, list[str], str]] = [
        ("python3 -c pass", [sys.executable, "-c", "pass"], ""),
        ("venv python -c pass", [venv_python, "-c", "pass"], ""),
    ]
    for tag, src in trees:
        main_py = str(src / "ondas" / "hooks" / "__main__.py")
        hook = [sys.executable, "-I", "-S", main_py, "hook"]
        cases += [
            (f"refused Write, recorded{tag}", [*hook, "pre-tool-use"], refused),
            (f"post-tool-use 64 KB secret-like{tag}", [*hook, "post-tool-use"], post),
            (
                f"venv: hook pre-tool-use Bash{tag}",
                [venv_python, "-I", "-S", main_py, "hook", "pre-tool-use"],
                bash,
            ),
        ]
    for _, argv, stdin in cases:
        run_once(argv, stdin, env)
    times: list[list[tuple[float, float]]] = [[] for _ in cases]
    for _ in range(RUNS):
        for i, (_, argv, stdin) in enumerate(cases):
            times[i].append(run_once(argv, stdin, env))
    rows = [
        (label, statistics.median(w for w, _ in t), statistics.median(c for _, c in t))
        for (label, _, _), t in zip(cases, times, strict=True)
    ]
    base = {"python3": rows[0], "venv": rows[1]}
    print(f"warm paths, median of {RUNS} interleaved runs (ratio: to the bare interpreter)")
    print(f"  {'':<46} {'wall':>8}      {'ratio':>5}   {'CPU':>8}      {'ratio':>5}")
    for label, wall, cpu in rows:
        _, bwall, bcpu = base["venv" if label.startswith("venv") else "python3"]
        record(f"{label} wall", wall * 1000, "ms")
        record(f"{label} CPU", cpu * 1000, "ms")
        record(f"{label} CPU / bare python", cpu / bcpu, "ratio")
        print(
            f"  {label:<46} {wall * 1000:8.1f} ms   {wall / bwall:5.2f}"
            f"   {cpu * 1000:8.1f} ms   {cpu / bcpu:5.2f}"
        )
    print("35 skills.render calls in one process (imports included), median of 5:")
    for tag, src in trees:
        took = [
            float(
                subprocess.run(
                    [sys.executable, "-c", RENDER, str(src)],
                    capture_output=True,
                    text=True,
                    check=True,
                    env=env,
                ).stdout
            )
            for _ in range(5)
        ]
        print(f"  skills.render x35{tag:<28} {statistics.median(took) * 1000:8.1f} ms")
        record(f"skills.render x35{tag}", statistics.median(took) * 1000, "ms")


if __name__ == "__main__":
    main()
