"""The run server under the real ``claude`` CLI, against the scripted model server.

What Claude Code 2.1.197 does when a hook's server fails is measured here, not assumed: an
``http`` hook whose server is unreachable, slow (past the hook's timeout), answers 500 or a
body that is not JSON lets the tool call through, while the run server's command hook (the
bash forwarder) refuses it in every one of those cases. Then a run whose server dies mid-wave
refuses the next tool call, closes the wave and ``resume`` goes on; a wrong token is refused
and recorded. Only harmless ``echo`` commands run.
"""

from __future__ import annotations

import json
import socket
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import suppress
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from ondas.audit.refusals import list_refusals
from ondas.audit.waves import start_wave
from ondas.runtime.runserver import FORWARDER, RunServer
from ondas.runtime.schema import default_schema
from ondas.state.execution import create_execution
from ondas.state.store import Store
from ondas.state.verify import verify
from ondas.testing.claude_cli import run_claude
from ondas.testing.fake_anthropic import (
    FakeAnthropicServer,
    Request,
    Rule,
    Script,
    Turn,
    after_tool_result,
    first_turn,
    tool_result_text,
)
from tests.orchestrator.conftest import SAMPLE

pytestmark = pytest.mark.e2e

MODES = ("unreachable", "slow", "status-500", "not-json")


class _Failing(BaseHTTPRequestHandler):
    mode = "status-500"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length", 0)))
        if self.mode == "slow":
            time.sleep(4)
        body = b"2\nboom\n" if self.mode == "status-500" else b"<html>not json</html>"
        self.send_response(500 if self.mode == "status-500" else 200)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        with suppress(OSError):  # the client gave up (slow)
            self.wfile.write(body)


@pytest.fixture
def failing_port(request: pytest.FixtureRequest) -> Iterator[Callable[[str], int]]:
    """A port whose server fails in the given mode ("unreachable": nothing listens)."""
    servers: list[ThreadingHTTPServer] = []

    def port(mode: str) -> int:
        if mode == "unreachable":
            probe = socket.socket()
            probe.bind(("127.0.0.1", 0))
            free = int(probe.getsockname()[1])
            probe.close()
            return free
        handler = type("Handler", (_Failing,), {"mode": mode})
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return int(server.server_address[1])

    yield port
    for server in servers:
        server.shutdown()
        server.server_close()


def one_echo(marker: Path, call_id: str) -> Script:
    """One Bash call writing ``marker``, then a final answer."""
    return Script(
        [
            Rule(after_tool_result(call_id), Turn.text("over")),
            Rule(
                first_turn(),
                Turn.tool_use("Bash", {"command": f"echo ran > {marker}"}, call_id),
            ),
        ]
    )


def hooked_run(
    project: Path, server: FakeAnthropicServer, hook: dict[str, Any], env: dict[str, str]
) -> tuple[bool, str]:
    """Run claude with ``hook`` as the Bash PreToolUse hook; (did the call run, its result)."""
    marker = project / "ran.txt"
    marker.unlink(missing_ok=True)
    settings = project.parent / "hook-settings.json"
    hooks = {"PreToolUse": [{"matcher": "Bash", "hooks": [hook]}]}
    settings.write_text(json.dumps({"hooks": hooks}))
    call_id = f"toolu_{uuid.uuid4().hex}"
    server.script = one_echo(marker, call_id)
    run = run_claude(
        "do the scripted thing",
        server=server,
        cwd=project,
        extra_args=["--settings", str(settings)],
        env=env,
    )
    assert run.returncode == 0, run.stderr
    (result,) = [r for r in server.tool_results() if r.get("tool_use_id") == call_id]
    return marker.exists(), tool_result_text(result)


@pytest.mark.parametrize("mode", MODES)
def test_an_http_hook_that_fails_lets_the_call_through_and_the_forwarder_refuses_it(
    mode: str,
    project: Path,
    claude_bin: str,
    fake_anthropic: FakeAnthropicServer,
    failing_port: Callable[[str], int],
) -> None:
    port = failing_port(mode)
    http_hook = {"type": "http", "url": f"http://127.0.0.1:{port}/hook/pre-tool-use", "timeout": 2}
    ran, _ = hooked_run(project, fake_anthropic, http_hook, {})
    assert ran, f"Claude Code {mode}: an http hook's failure now blocks; revisit the forwarder"
    forwarder = {
        "type": "command",
        "command": "/bin/bash",
        "args": [str(FORWARDER), str(port), "pre-tool-use", "2"],
        "timeout": 30,
    }
    ran, text = hooked_run(project, fake_anthropic, forwarder, {"ONDAS_RUN_TOKEN": "t" * 43})
    assert not ran
    assert "ondas guard failed closed, the tool call is refused" in text


def test_a_wrong_token_is_refused_by_the_run_server_and_recorded(
    project: Path, claude_bin: str, fake_anthropic: FakeAnthropicServer
) -> None:
    with Store.open(project / ".ondas", create=True, schema=default_schema()) as store:
        execution = create_execution(store, project_path=project, description="a sample run")
        wave = start_wave(store)
    with RunServer(project / ".ondas", execution.id) as server:
        real = server.open_wave(wave)
        hook = server.hook_entry("pre-tool-use")
        ran, text = hooked_run(project, fake_anthropic, hook, {"ONDAS_RUN_TOKEN": "w" * 43})
        assert not ran and "403" in text
        ran, _ = hooked_run(project, fake_anthropic, hook, {"ONDAS_RUN_TOKEN": real})
        assert ran
    with Store.open(project / ".ondas", schema=default_schema()) as store:
        (refusal,) = list_refusals(store)
        assert verify(store).ok
    assert (refusal.source, refusal.rule, refusal.wave_id) == (
        "runserver",
        "run-token-refused",
        wave,
    )
    assert "w" * 43 not in refusal.subject and real not in refusal.subject


def test_a_run_whose_server_dies_mid_wave_refuses_the_next_call_and_resume_goes_on(
    claude_bin: str,
    fake_anthropic: FakeAnthropicServer,
    project: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests.e2e.test_orchestrator_claude_pipeline import (
        STAGE_MARKERS,
        opening,
        pipeline_script,
    )

    servers: list[RunServer] = []
    real_start = RunServer.start

    def keep(self: RunServer, *args: Any, **kwargs: Any) -> RunServer:
        servers.append(real_start(self, *args, **kwargs))
        return servers[-1]

    monkeypatch.setattr(RunServer, "start", keep)
    marker = project / "probe.txt"

    def kill_then_probe(request: Request) -> Turn:
        servers[0].stop()  # the run server dies between two tool calls of the wave
        return Turn.tool_use("Bash", {"command": f"echo ran > {marker}"}, "toolu_probe")

    base = pipeline_script(project)
    fake_anthropic.script = Script(
        [
            Rule(after_tool_result("toolu_probe"), Turn.text("the guard refused; stopping")),
            Rule(opening(STAGE_MARKERS["briefing"]), kill_then_probe, times=1),
            *base.rules,
        ]
    )
    for key, value in fake_anthropic.env().items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("ONDAS_HOME", str(tmp_path / "ondas-home"))
    from ondas.agents.claude_code import ClaudeCodeBackend
    from ondas.app import run as commands

    backend = ClaudeCodeBackend(cli_path=claude_bin)
    first = commands.run(project, description=SAMPLE, backend=backend, tier="local", max_waves=1)
    assert first.current_stage == "briefing" and first.waves_run == 1
    assert not marker.exists()
    probe = next(r for r in fake_anthropic.tool_results() if r["tool_use_id"] == "toolu_probe")
    assert probe.get("is_error") is True
    assert "ondas guard failed closed, the tool call is refused" in tool_result_text(probe)
    with Store.open(project / ".ondas", schema=default_schema()) as store:
        (wave,) = store.all("SELECT id, ended_at FROM waves")
        assert wave["ended_at"] is not None
        pending = store.all("SELECT id FROM blocks WHERE answer IS NULL")
    second = commands.resume(
        project,
        answer="go on",
        block_id=str(pending[0]["id"]) if pending else None,
        backend=backend,
        max_waves=1,
    )
    assert second.current_stage == "constitution", second
    assert len(servers) == 2 and not servers[1].running
    with Store.open(project / ".ondas", schema=default_schema()) as store:
        assert verify(store).ok
        waves = store.all("SELECT id, ended_at, tool_calls FROM waves ORDER BY number")
    assert len(waves) == 2 and all(w["ended_at"] is not None for w in waves)
    assert waves[1]["tool_calls"] >= 1  # the resumed wave's calls were seen by PostToolUse
