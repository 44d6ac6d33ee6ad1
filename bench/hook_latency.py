"""Wall time of one ``ondas hook pre-tool-use`` process next to a bare ``python3 -c pass``.

Claude Code starts one hook process per tool call, so the hook's start-up is paid on every
call. This prints the median of several runs for: a bare interpreter; the hook as ``ondas
hooks install`` writes it into settings.json (``python -I -S .../ondas/hooks/__main__.py hook
NAME``, see that module) for a Bash call (bash guard, tree-sitter) and for a Write call (path
guard); the older ``python3 -m ondas hook pre-tool-use`` form and the ``ondas`` console script
of this venv (else on PATH) for the Bash call; and ``hook post-tool-use`` with a 64 KB Bash
output recorded on an open wave (scrubbed, stored, counted); then each ratio (targets:
PreToolUse at most 2, PostToolUse with 64 KB output at most 2.5). Each row shows the median
wall time and the median CPU time (user + system of the child, which other processes loading
the machine disturb less), each with its ratio. A row importing only ``json`` and ``re`` shows
the floor of a hook that reads its input with the ``json`` module.

``PYTHONDONTWRITEBYTECODE`` is dropped for the measured processes and one warm-up run comes
first, so modules load from cached bytecode as they do from an installed package; with the
variable set, every hook process would compile the guards from source again.
"""

from __future__ import annotations

import json
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _compat import store_schema
from _figures import record

RUNS = int(os.environ.get("ONDAS_BENCH_RUNS", "15"))
SRC = Path(__file__).resolve().parents[1] / "src"


def active_project(env: dict[str, str]) -> Path:
    """A project with an execution in progress and an open wave, for PostToolUse to record on."""
    project = Path(tempfile.mkdtemp(prefix="ondas-bench-post-"))
    ondas = [sys.executable, "-m", "ondas"]
    state = ["--state-dir", str(project / ".ondas")]
    for args in (
        ["state", "init", "--project", str(project), "--description", "bench"],
        ["wave", "start", *state],
    ):
        subprocess.run([*ondas, *args], capture_output=True, text=True, env=env, check=True)
    return project


def children_cpu() -> float:
    """User + system CPU seconds of every finished child process so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(argv: list[str], stdin: str, env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one run of ``argv``; a crash (exit other than 0 or 2) aborts.

    CPU time (the child's user + system time) is less sensitive than wall time to other
    processes loading the machine.
    """
    cpu = children_cpu()
    start = time.perf_counter()
    proc = subprocess.run(argv, input=stdin, capture_output=True, text=True, env=env)
    elapsed = time.perf_counter() - start
    if proc.returncode not in (0, 2):
        raise SystemExit(f"{argv} failed ({proc.returncode}): {proc.stderr.strip()}")
    return elapsed, children_cpu() - cpu


def medians(
    cases: list[tuple[str, list[str], str]], env: dict[str, str]
) -> list[tuple[float, float]]:
    """Median (wall, CPU) of each case; runs are interleaved so they share the machine's load."""
    for _, argv, stdin in cases:
        run_once(argv, stdin, env)
    times: list[list[tuple[float, float]]] = [[] for _ in cases]
    for _ in range(RUNS):
        for i, (_, argv, stdin) in enumerate(cases):
            times[i].append(run_once(argv, stdin, env))
    return [(statistics.median(w for w, _ in t), statistics.median(c for _, c in t)) for t in times]


def run_server(state_dir: Path, execution_id: str) -> Any:
    """A started run server for ``state_dir``, or ``None`` in a checkout from before the run
    server (issue 28), which then has no forwarder rows to measure."""
    try:
        from ondas.runtime.runserver import RunServer
    except ModuleNotFoundError:
        return None
    return RunServer(state_dir, execution_id).start()


def main() -> None:
    project = Path(tempfile.mkdtemp(prefix="ondas-bench-"))
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    env.pop("CLAUDE_PROJECT_DIR", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)

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
    sys.path.insert(0, str(SRC))
    from ondas.hooks.install import default_launcher

    launcher = shlex.split(default_launcher())
    module = [*launcher, "hook", "pre-tool-use"]
    cases = [
        ("python3 -c pass", [sys.executable, "-c", "pass"], ""),
        ("stdlib floor of a hook (json, re)", [sys.executable, "-c", "import json, re"], ""),
        ("installed hook pre-tool-use (Bash)", module, bash_call),
        ("installed hook pre-tool-use (Write)", module, write_call),
        (
            "python3 -m ondas hook pre-tool-use (Bash)",
            [sys.executable, "-m", "ondas", "hook", "pre-tool-use"],
            bash_call,
        ),
    ]
    beside = Path(sys.executable).with_name("ondas")
    script = str(beside) if beside.exists() else shutil.which("ondas")
    if script:
        argv = [script, "hook", "pre-tool-use"]
        cases.append(("ondas hook pre-tool-use (console script, Bash)", argv, bash_call))
    active = active_project(env)
    output = "".join(f"line {i:05d}: collected tests/test_{i % 97}.py ok\n" for i in range(1500))
    post_call = json.dumps(
        {
            "cwd": str(active),
            "hook_event_name": "PostToolUse",
            "tool_name": "Bash",
            "tool_input": {"command": "pytest -q"},
            "tool_response": {"stdout": output[:65536], "stderr": ""},
        }
    )
    post = [*launcher, "hook", "post-tool-use"]
    cases.append(("installed hook post-tool-use (64 KB)", post, post_call))
    # The run server's forwarder (bash) against a server in this process: its CPU column is
    # the forwarder's alone, the wall column includes the server's work.
    server = run_server(active / ".ondas", "exec-001")
    if server is not None:
        from ondas.runtime.runserver import FORWARDER

        env["ONDAS_RUN_TOKEN"] = server.open_wave("wave-001")
        forward = ["/bin/bash", str(FORWARDER), str(server.port)]
        cases.append(
            ("run server forwarder pre-tool-use (Bash)", [*forward, "pre-tool-use"], bash_call)
        )
        cases.append(
            ("run server forwarder post-tool-use (64 KB)", [*forward, "post-tool-use"], post_call)
        )
    try:
        rows = list(zip([c[0] for c in cases], medians(cases, env), strict=True))
    finally:
        if server is not None:
            server.stop()
    shutil.rmtree(project, ignore_errors=True)
    shutil.rmtree(active, ignore_errors=True)
    base_wall, base_cpu = rows[0][1]
    print(
        f"hook start-up latency, median of {RUNS} runs "
        "(targets: PreToolUse ratio at most 2, PostToolUse with 64 KB at most 2.5)"
    )
    print(f"  {'':<48} {'wall':>8}      {'ratio':>5}   {'CPU':>8}      {'ratio':>5}")
    for label, (wall, cpu) in rows:
        record(f"{label} wall", wall * 1000, "ms")
        record(f"{label} CPU", cpu * 1000, "ms")
        record(f"{label} CPU / bare python", cpu / base_cpu, "ratio")
        print(
            f"  {label:<48} {wall * 1000:8.1f} ms   {wall / base_wall:5.2f}"
            f"   {cpu * 1000:8.1f} ms   {cpu / base_cpu:5.2f}"
        )


CLAUDE_REPEATS = int(os.environ.get("ONDAS_BENCH_CLAUDE_RUNS", "3"))
FEW_CALLS, MANY_CALLS = 2, 22


def claude_session(project: Path, calls: int, settings: Path, env: dict[str, str]) -> float:
    """Wall seconds of one real ``claude -p`` session making ``calls`` Bash calls."""
    from ondas.testing.claude_cli import run_claude
    from ondas.testing.fake_anthropic import FakeAnthropicServer, Rule, Script, Turn, with_tools

    count = {"n": 0}

    def next_turn(request: object) -> Turn:
        count["n"] += 1
        if count["n"] > calls:
            return Turn.text("done")
        return Turn.tool_use("Bash", {"command": "true"}, f"toolu_{count['n']}")

    home = project.parent / "claude-home"
    home.mkdir(exist_ok=True)
    with FakeAnthropicServer(Script([Rule(with_tools(), next_turn)]), home=home) as server:
        start = time.perf_counter()
        run = run_claude(
            "bench",
            server=server,
            cwd=project,
            max_turns=calls + 5,
            extra_args=["--settings", str(settings)],
            env=env,
        )
        elapsed = time.perf_counter() - start
    if run.returncode != 0 or count["n"] <= calls:
        raise SystemExit(f"claude session failed: {run.stderr[-500:]}")
    return elapsed


def through_claude() -> None:
    """Per tool call (PreToolUse + PostToolUse) added by the hooks through the real ``claude``.

    Three settings: no hooks, the hook processes (``ondas hooks install``'s), and the run
    server's forwarder (``ondas run``'s). Each session makes 2 or 22 Bash calls; the slope
    between the two (median over interleaved repeats) is the per-call cost, so per-session
    costs (SessionStart, start-up) drop out. Target: at most 10 ms added per call, or 0.5x a
    bare Python start, whichever is larger.
    """
    if shutil.which("claude") is None or CLAUDE_REPEATS < 1:
        print("through claude: skipped (no claude CLI on PATH, or ONDAS_BENCH_CLAUDE_RUNS=0)")
        return
    from ondas.audit.waves import start_wave
    from ondas.hooks.install import merged
    from ondas.state.execution import create_execution
    from ondas.state.store import Store

    root = Path(tempfile.mkdtemp(prefix="ondas-bench-claude-"))
    project = root / "project"
    project.mkdir()
    with Store.open(project / ".ondas", create=True, **store_schema()) as store:
        execution = create_execution(store, project_path=project, description="bench")
        wave = start_wave(store)
    env = {"PYTHONPATH": str(SRC)}
    server = run_server(project / ".ondas", execution.id)
    configs: dict[str, Any] = {"no hooks": {}, "hook processes": merged({})["hooks"]}
    token = ""
    if server is not None:
        from ondas.hooks.install import served_hooks

        token = server.open_wave(wave)
        configs["run server (bash forwarder)"] = served_hooks(server.hook_entry)
    files = {}
    for label, hooks in configs.items():
        files[label] = root / f"{len(files)}.json"
        files[label].write_text(json.dumps({"hooks": hooks}))
    session_env = {**env, "ONDAS_RUN_TOKEN": token}
    times: dict[tuple[str, int], list[float]] = {}
    try:
        for _ in range(CLAUDE_REPEATS):
            for label in configs:
                for calls in (FEW_CALLS, MANY_CALLS):
                    spent = claude_session(project, calls, files[label], session_env)
                    times.setdefault((label, calls), []).append(spent)
    finally:
        if server is not None:
            server.stop()
    python_start = statistics.median(
        run_once([sys.executable, "-c", "pass"], "", os.environ.copy())[0] for _ in range(RUNS)
    )
    per_call = {
        label: (
            statistics.median(times[(label, MANY_CALLS)])
            - statistics.median(times[(label, FEW_CALLS)])
        )
        / (MANY_CALLS - FEW_CALLS)
        for label in configs
    }
    with Store.open(project / ".ondas", **store_schema()) as store:
        row = store.one("SELECT tool_calls FROM waves WHERE id = ?", (wave,))
    shutil.rmtree(root, ignore_errors=True)
    target = max(0.010, 0.5 * python_start)
    bare = per_call["no hooks"]
    print(
        f"\nper tool call through the real claude (PreToolUse + PostToolUse; slope of "
        f"{FEW_CALLS} vs {MANY_CALLS} Bash calls, median of {CLAUDE_REPEATS} interleaved runs)"
    )
    print(
        f"  bare python3 -c pass: {python_start * 1000:.1f} ms; target: at most "
        f"{target * 1000:.1f} ms added per call (max of 10 ms and 0.5x a Python start)"
    )
    for label, spent in per_call.items():
        added = spent - bare
        record(f"claude per call: {label}", spent * 1000, "ms")
        print(
            f"  {label:<30} {spent * 1000:8.1f} ms per call   added {added * 1000:7.1f} ms"
            f"   {added / target:5.2f}x of target   {added / python_start:5.2f}x of a Python start"
        )
    print(f"  calls recorded by PostToolUse on the bench wave: {row['tool_calls'] if row else 0}")


if __name__ == "__main__":
    main()
    through_claude()
