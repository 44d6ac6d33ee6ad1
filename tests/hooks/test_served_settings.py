"""The served settings (a run whose own process serves its hooks): present only while that
process runs, ignored when stale, and reported by ``ondas hooks status``."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from ondas.hooks.install import served_hooks, served_status
from ondas.hooks.sandbox import (
    SERVED_PID_ENV,
    read_served,
    remove_served,
    served_settings_path,
    write_settings,
)
from ondas.mcp import wiring as wiring_mod
from ondas.state.store import Store


class _Hooked:
    """A backend whose hooks ondas writes and which takes MCP servers (as Claude Code's)."""

    name = "claude-code"
    hooked = True
    accepts_mcp = True


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_the_served_settings_name_the_live_forwarder_and_go_with_the_server(
    store: Store, project: Path
) -> None:
    wiring = wiring_mod.serve(store, project, _Hooked())
    assert wiring.run_server is not None and wiring.hooks is not None
    path = write_settings(project, hooks=wiring.hooks)
    assert path == served_settings_path(project)
    status = served_status(project)
    assert status["written"] and status["forwarder"] and status["live"]
    assert (status["pid"], status["port"]) == (os.getpid(), wiring.run_server.port)
    wiring_mod.detach(store, wiring)
    assert not path.exists()
    assert served_status(project)["written"] is False


def test_a_served_settings_file_left_by_a_dead_process_is_ignored(project: Path) -> None:
    path = write_settings(project, hooks=served_hooks(lambda name: {"type": "command"}))
    data = json.loads(path.read_text(encoding="utf-8"))
    data["env"][SERVED_PID_ENV] = str(_dead_pid())
    path.write_text(json.dumps(data), encoding="utf-8")
    assert read_served(project) is None
    assert served_status(project)["written"] is False
    assert remove_served(project) and not path.exists()


def test_process_hooks_are_not_reported_as_the_forwarder(project: Path) -> None:
    write_settings(project, hooks=served_hooks(lambda name: {"type": "command", "command": "x"}))
    status = served_status(project)
    assert status["written"] and not status["forwarder"] and not status["live"]


def test_another_live_runs_served_settings_are_left_alone(project: Path) -> None:
    path = write_settings(project, hooks=served_hooks(lambda name: {"type": "command"}))
    data = json.loads(path.read_text(encoding="utf-8"))
    data["env"][SERVED_PID_ENV] = str(os.getppid())
    path.write_text(json.dumps(data), encoding="utf-8")
    assert remove_served(project) is False and path.exists()


CHILD = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from ondas import stopping
    from ondas.app.run import _sandbox_settings, mcp_wired
    from ondas.runtime.schema import default_schema
    from ondas.state.store import Store

    class Hooked:
        name = "claude-code"
        hooked = True
        accepts_mcp = True

    project = Path(sys.argv[1])
    with Store.open(project / ".ondas", schema=default_schema()) as store, stopping.handled():
        try:
            with mcp_wired(store, project, Hooked()) as wiring:
                _sandbox_settings(project, hooks=wiring.hooks)
                print("serving", flush=True)
                with stopping.interruptible():
                    while True:
                        time.sleep(0.05)
                        stopping.check()
        except KeyboardInterrupt:
            print("stopped", flush=True)
    """
)


def test_a_run_stopped_by_a_signal_removes_its_served_settings(store: Store, project: Path) -> None:
    for sig in (signal.SIGTERM, signal.SIGINT):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(project)],
            stdout=subprocess.PIPE,
            text=True,
            env=os.environ.copy(),
        )
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "serving"
        assert served_status(project)["live"]
        child.send_signal(sig)
        out, _ = child.communicate(timeout=60)
        assert "stopped" in out and child.returncode == 0
        assert not served_settings_path(project).exists()
