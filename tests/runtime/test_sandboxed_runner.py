"""The sandboxed command runner: the agent's tests run, and can change nothing but the project."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from ondas.errors import SandboxUnavailable
from ondas.runtime import sandboxed
from ondas.runtime.schema import default_schema
from ondas.runtime.testrun import run_tests

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="needs bubblewrap")


@pytest.fixture
def world(tmp_path: Path) -> dict[str, Path]:
    project = tmp_path / "project"
    neighbour = tmp_path / "neighbour"
    for path in (project / ".git", project / ".claude", project / ".ondas", neighbour):
        path.mkdir(parents=True)
    (project / ".git" / "config").write_text("[core]\n", encoding="utf-8")
    (project / ".claude" / "settings.json").write_text("{}", encoding="utf-8")
    (project / ".ondas" / "state.db").write_text("the store", encoding="utf-8")
    return {"project": project, "neighbour": neighbour}


def sh(project: Path, command: str) -> subprocess.CompletedProcess[str]:
    return sandboxed.run(project, command, timeout=60)


def test_a_command_writes_the_project_and_nothing_outside_it(world: dict[str, Path]) -> None:
    project, neighbour = world["project"], world["neighbour"]
    out = sh(project, f"echo ok > made.txt; echo pwned > {neighbour}/pwned.txt; echo $?")
    assert (project / "made.txt").read_text() == "ok\n"
    assert not (neighbour / "pwned.txt").exists()
    assert "cannot create" in out.stderr  # /tmp is the sandbox's own: the neighbour is not there


def test_git_claude_and_the_store_are_out_of_reach(world: dict[str, Path]) -> None:
    project = world["project"]
    out = sh(
        project,
        "echo x >> .git/config; echo '{\"hooks\":{}}' > .claude/settings.json; "
        "mv .claude .claude.old; cat .ondas/state.db; ls -A .ondas; echo x > .ondas/new",
    )
    assert (project / ".git" / "config").read_text() == "[core]\n"
    assert (project / ".claude" / "settings.json").read_text() == "{}"
    assert not (project / ".claude.old").exists()
    assert "the store" not in out.stdout
    assert not (project / ".ondas" / "new").exists()


def test_home_is_an_empty_scratch_directory(
    world: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / ".bashrc").write_text("# rc\n", encoding="utf-8")
    monkeypatch.setenv("HOME", str(home))
    out = sh(world["project"], "ls -A ~; echo pwned >> ~/.bashrc; echo written=$?")
    assert ".bashrc" not in out.stdout and "written=0" in out.stdout
    assert (home / ".bashrc").read_text() == "# rc\n"


def test_a_toolchain_installed_under_home_still_runs_while_the_rest_of_home_stays_hidden(
    world: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pyenv, ~/.cargo, ~/.local: the project's tests need their interpreter and tools."""
    home = tmp_path / "home"
    tool = home / ".tools" / "bin" / "hello-tool"
    tool.parent.mkdir(parents=True)
    tool.write_text("#!/bin/sh\necho hello from the toolchain\n", encoding="utf-8")
    tool.chmod(0o755)
    (home / ".ssh").mkdir()
    (home / ".ssh" / "id_ed25519").write_text("private key", encoding="utf-8")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("PATH", f"{tool.parent}{os.pathsep}{os.environ['PATH']}")
    out = sh(world["project"], "hello-tool; cat ~/.ssh/id_ed25519; echo x > ~/.tools/new")
    assert "hello from the toolchain" in out.stdout
    assert "private key" not in out.stdout
    assert not (home / ".tools" / "new").exists()


def test_the_network_is_not_reachable(world: dict[str, Path]) -> None:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        code = f"import socket; socket.create_connection(('127.0.0.1', {port}), timeout=5)"
        out = sh(world["project"], f'{sys.executable} -c "{code}"')
    assert out.returncode != 0 and "Connection refused" in out.stderr


def test_secrets_and_the_mcp_token_are_not_in_the_environment(
    world: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ONDAS_MCP_TOKEN", "tok-123")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-xyz")
    monkeypatch.setenv("DEPLOY_PASSWORD", "hunter2")
    monkeypatch.setenv("ORDINARY_SETTING", "kept")
    out = sh(world["project"], "env")
    assert "ORDINARY_SETTING=kept" in out.stdout
    for secret in ("tok-123", "sk-ant-xyz", "hunter2"):
        assert secret not in out.stdout


def test_exit_code_and_output_are_those_of_the_command(world: dict[str, Path]) -> None:
    out = sh(world["project"], "echo out; echo err >&2; exit 7")
    assert (out.returncode, out.stdout, out.stderr) == (7, "out\n", "err\n")


def test_a_command_past_its_timeout_is_killed_with_its_sandbox(world: dict[str, Path]) -> None:
    with pytest.raises(subprocess.TimeoutExpired):
        sandboxed.run(world["project"], "echo started; sleep 60", timeout=1)


def test_without_bubblewrap_the_command_is_refused_unless_the_operator_said_no_sandbox(
    world: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    with pytest.raises(SandboxUnavailable, match="--no-sandbox"):
        sandboxed.run(world["project"], "true", timeout=10)
    assert sandboxed.run(world["project"], "echo $0", timeout=10, sandbox=False).returncode == 0


def test_a_test_module_whose_import_writes_outside_the_project_writes_nothing(
    world: dict[str, Path],
) -> None:
    project, neighbour = world["project"], world["neighbour"]
    (project / "tests").mkdir()
    (project / "tests" / "__init__.py").write_text("", encoding="utf-8")
    (project / "tests" / "test_probe.py").write_text(
        "import pathlib, unittest\n"
        f"try:\n    pathlib.Path({str(neighbour / 'probe.txt')!r}).write_text('escaped')\n"
        "except OSError:\n    pass\n"
        "class T(unittest.TestCase):\n    def test_ok(self):\n        self.assertTrue(True)\n",
        encoding="utf-8",
    )
    run = run_tests(project, f"{sys.executable} -m unittest discover -s tests -t .")
    assert (run.exit_code, run.tests_run, run.tests_passed) == (0, 1, 1)
    assert not (neighbour / "probe.txt").exists()
    unsandboxed = run_tests(
        project, f"{sys.executable} -m unittest discover -s tests -t .", sandbox=False
    )
    assert unsandboxed.ok and (neighbour / "probe.txt").exists()  # the probe is real


def test_a_run_whose_tests_cannot_be_sandboxed_is_refused_before_anything_is_created(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ondas.app.run import run

    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    with pytest.raises(SandboxUnavailable, match="--no-sandbox"):
        run(project, description="a calculator", backend="scripted")
    assert not (project / ".ondas").exists()


def test_no_sandbox_is_recorded_for_every_backend(project: Path) -> None:
    from ondas.app.run import run
    from ondas.audit.decisions import list_decisions
    from ondas.state.store import Store

    run(project, description="a calculator", backend="scripted", max_waves=1, sandbox=False)
    with Store.open(project / ".ondas", readonly=True, schema=default_schema()) as store:
        chosen = [(d.agent, d.choice) for d in list_decisions(store)]
    assert ("operator", "no-sandbox") in chosen
