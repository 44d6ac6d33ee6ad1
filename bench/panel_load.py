"""The panel under load while a run writes: page latency, and whether the run's writes slow down.

Builds a store with 2,000 waves (each with a recorded cost), then starts ``ondas panel`` on it
as a separate process (uvicorn on a free loopback port) and a separate "run" process that
keeps an open wave and records a tool call every 50 ms (a ``wave_tick`` audited write, what a
run does per tool call), timing each write. Phases of 10 s each:

1. the run writes, nobody reads the panel (baseline write latency);
2. the run writes while this process requests the executions page at 200 requests/s
   (open loop: a request is sent every 5 ms whether or not the previous ones came back).

Prints the page's median and p99 latency, failed requests (non-200 or transport errors), and
the write latency (median, p99, max) without and with the panel load. Every write is a
committed transaction of the run; the panel holds no lock and only reads (``mode=ro``).

Run: ``python3 bench/panel_load.py [--waves 2000] [--rate 200] [--seconds 10]``.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
sys.path.insert(0, str(SRC))

from _compat import store_schema  # noqa: E402
from _figures import record  # noqa: E402

from ondas.audit import waves as waves_mod  # noqa: E402
from ondas.limits.budget import record_cost  # noqa: E402
from ondas.state.execution import create_execution  # noqa: E402
from ondas.state.store import Store  # noqa: E402

WRITE_EVERY = 0.05
CONNECTIONS = 32


def build_store(project: Path, waves: int) -> None:
    """A store whose execution has ``waves`` closed waves, each with a cost."""
    store = Store.open(project / ".ondas", create=True, **store_schema())
    try:
        create_execution(store, project_path=project, description="panel load benchmark")
        store.conn.execute("PRAGMA synchronous = OFF")
        for n in range(waves):
            waves_mod.start_wave(store)
            record_cost(store, 0.01 + (n % 7) / 100)
            waves_mod.end_wave(store, "threshold_proxy_reached")
        store.conn.execute("PRAGMA synchronous = FULL")
        waves_mod.start_wave(store)
    finally:
        store.close()


def writer(state_dir: str, control: Connection) -> None:
    """The run: a ``wave_tick`` every 50 ms; each phase's write latencies go back on ``control``."""
    store = Store.open(state_dir, **store_schema())
    try:
        while True:
            command = control.recv()
            if command == "stop":
                return
            seconds = float(command)
            latencies: list[float] = []
            late: list[float] = []
            start = time.perf_counter()
            n = 0
            while time.perf_counter() - start < seconds:
                due = start + n * WRITE_EVERY
                now = time.perf_counter()
                if due > now:
                    time.sleep(due - now)
                late.append(max(0.0, time.perf_counter() - due))
                t0 = time.perf_counter()
                waves_mod.tick(store)
                latencies.append(time.perf_counter() - t0)
                n += 1
            control.send((latencies, late))
    finally:
        store.close()


def start_panel(project: Path, env: dict[str, str]) -> tuple[subprocess.Popen[str], str, str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "ondas", "panel", str(project), "--only", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    if "token=" not in line:
        proc.kill()
        raise SystemExit(
            f"the panel did not start: {line!r} {proc.stderr.read() if proc.stderr else ''}"
        )
    url = line.split(": ", 1)[1]
    return proc, url.split("/executions", 1)[0], url.split("token=", 1)[1]


async def fetch(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, request: bytes
) -> tuple[int, bytes]:
    """One GET on a kept-alive HTTP/1.1 connection: (status, body)."""
    writer.write(request)
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value)
    return status, await reader.readexactly(length)


async def load(base: str, token: str, rate: float, seconds: float) -> tuple[list[float], int, int]:
    """Open-loop GETs of /executions at ``rate``; (latencies of good answers, failures, sent).

    A small hand-written HTTP/1.1 client on kept-alive connections, so that the client's own
    CPU (this machine is shared with the server) stays small. A request's latency runs from
    the moment it was due, so time spent queued for a free connection counts.
    """
    host, port = base.split("://", 1)[1].rsplit(":", 1)
    request = (
        f"GET /executions HTTP/1.1\r\nHost: {host}:{port}\r\nAuthorization: Bearer {token}\r\n\r\n"
    ).encode()
    latencies: list[float] = []
    reasons: list[str] = []
    failures = 0
    queue: asyncio.Queue[float | None] = asyncio.Queue()

    async def connection() -> None:
        nonlocal failures
        reader, writer = await asyncio.open_connection(host, int(port))
        try:
            while (due := await queue.get()) is not None:
                try:
                    status, body = await fetch(reader, writer, request)
                except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
                    failures += 1
                    reasons.append(repr(exc))
                    writer.close()
                    reader, writer = await asyncio.open_connection(host, int(port))
                    continue
                if status != 200 or b'class="execution"' not in body:
                    failures += 1
                    reasons.append(f"{status}: {body[:200]!r}")
                    continue
                latencies.append(time.perf_counter() - due)
        finally:
            writer.close()

    workers = [asyncio.create_task(connection()) for _ in range(CONNECTIONS)]
    await asyncio.sleep(0.5)
    start = time.perf_counter()
    total = int(rate * seconds)
    for i in range(total):
        due = start + i / rate
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        queue.put_nowait(due)
    for _ in workers:
        queue.put_nowait(None)
    await asyncio.gather(*workers)
    if reasons:
        print(f"first failure: {reasons[0]}")
    return latencies, failures, total


def ms(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def describe(name: str, values: list[float]) -> str:
    return (
        f"{name}: n={len(values)} median {1000 * statistics.median(values):.2f} ms, "
        f"p99 {ms(values, 0.99):.2f} ms, max {1000 * max(values):.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--waves", type=int, default=2000)
    parser.add_argument("--rate", type=float, default=200.0)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="ondas-panel-load-") as tmp:
        home = Path(tmp) / "home"
        os.environ["ONDAS_HOME"] = str(home)
        project = Path(tmp) / "project"
        project.mkdir()
        t0 = time.perf_counter()
        build_store(project, args.waves)
        print(f"store: {args.waves} waves built in {time.perf_counter() - t0:.1f} s")

        parent, child = multiprocessing.Pipe()
        run = multiprocessing.get_context("spawn").Process(
            target=writer, args=(str(project / ".ondas"), child)
        )
        run.start()
        env = {**os.environ, "PYTHONPATH": str(SRC)}
        panel, base, token = start_panel(project, env)
        try:
            parent.send(str(args.seconds))
            quiet, quiet_late = parent.recv()

            parent.send(str(args.seconds))
            latencies, failures, sent = asyncio.run(load(base, token, args.rate, args.seconds))
            loaded, loaded_late = parent.recv()
            parent.send("stop")
        finally:
            panel.terminate()
            panel.wait(timeout=60)
            run.join(timeout=60)

    print(
        f"panel: {sent} requests of /executions at {args.rate:g}/s for {args.seconds:g} s; "
        f"failed {failures}"
    )
    record("panel failed requests", failures, "count")
    if latencies:
        print(describe("page latency", latencies))
        record("page latency median", 1000 * statistics.median(latencies), "ms")
        record("page latency p99", ms(latencies, 0.99), "ms")
    record("run write median quiet", 1000 * statistics.median(quiet), "ms")
    record("run write median loaded", 1000 * statistics.median(loaded), "ms")
    record("run write p99 loaded", ms(loaded, 0.99), "ms")
    print(describe("run writes without the panel load", quiet))
    print(describe("run writes with the panel load   ", loaded))
    print(
        f"write schedule slip (time a write started after it was due): without load "
        f"p99 {ms(quiet_late, 0.99):.2f} ms, with load p99 {ms(loaded_late, 0.99):.2f} ms"
    )
    slower = sum(1 for v in loaded if v > max(quiet))
    print(f"writes under load slower than the slowest write without it: {slower} of {len(loaded)}")
    ratio = statistics.median(loaded) / statistics.median(quiet)
    print(f"write median with/without the panel load: {ratio:.2f}x")


if __name__ == "__main__":
    main()
