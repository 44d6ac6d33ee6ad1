"""Cost of the MCP path next to the CLI path.

Prints the time to spawn ``python -m ondas mcp serve`` and finish the MCP handshake, the
median latency of ``get_status`` and ``record_decision`` over one stdio session, and the
median of the same decision through one ``python -m ondas decision register`` process.

Usage: python3 bench/mcp_calls.py [--repeat N] [--cli-repeat N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ondas.runtime.schema import default_schema

SRC = Path(__file__).resolve().parents[1] / "src"
sys.path.insert(0, str(SRC))

import anyio  # noqa: E402
from mcp import ClientSession, StdioServerParameters  # noqa: E402
from mcp.client.stdio import stdio_client  # noqa: E402

from ondas.mcp import token as token_mod  # noqa: E402
from ondas.state.execution import create_execution  # noqa: E402
from ondas.state.store import Store  # noqa: E402

DECISION = {
    "agent": "bench",
    "stage": "plan",
    "context": "which runner",
    "options": ["pytest", "unittest"],
    "choice": "pytest",
    "justification": "already in use",
    "score": 2,
}


async def over_mcp(project: Path, token: str, repeat: int) -> dict[str, float]:
    env = {**os.environ, token_mod.ENV_VAR: token, "PYTHONPATH": str(SRC)}
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "ondas", "mcp", "serve", "--project", str(project)],
        env=env,
    )
    started = time.perf_counter()
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        handshake = time.perf_counter() - started
        timings: dict[str, list[float]] = {"get_status": [], "record_decision": []}
        for _ in range(repeat):
            for name, args in (("get_status", {}), ("record_decision", DECISION)):
                t0 = time.perf_counter()
                result = await session.call_tool(name, args)
                timings[name].append(time.perf_counter() - t0)
                assert not result.isError, result.content
    return {
        "spawn_and_handshake_s": handshake,
        **{f"{k}_median_ms": statistics.median(v) * 1000 for k, v in timings.items()},
    }


def over_cli(project: Path, repeat: int) -> float:
    args = [
        sys.executable,
        "-m",
        "ondas",
        "decision",
        "register",
        "--agent",
        "bench",
        "--context",
        "runner",
        "--options",
        json.dumps(DECISION["options"]),
        "--choice",
        "pytest",
        "--justification",
        "used",
        "--score",
        "2",
        "--state-dir",
        str(project / ".ondas"),
    ]
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True, env=env)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--cli-repeat", type=int, default=5)
    ns = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        with Store.open(project / ".ondas", create=True, schema=default_schema()) as store:
            create_execution(store, project_path=project, description="bench")
            token = token_mod.issue(store)
        figures = anyio.run(over_mcp, project, token, ns.repeat)
        cli = over_cli(project, ns.cli_repeat)
    print(f"mcp serve spawn + handshake: {figures['spawn_and_handshake_s']:.2f} s")
    print(f"get_status over MCP (median of {ns.repeat}): {figures['get_status_median_ms']:.1f} ms")
    print(
        f"record_decision over MCP (median of {ns.repeat}): "
        f"{figures['record_decision_median_ms']:.1f} ms"
    )
    print(f"decision register as a CLI process (median of {ns.cli_repeat}): {cli:.1f} ms")
    print(f"CLI / MCP ratio for one decision: {cli / figures['record_decision_median_ms']:.1f}x")


if __name__ == "__main__":
    main()
