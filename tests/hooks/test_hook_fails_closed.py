"""The installed PreToolUse command blocks (exit 2) whenever the ondas process does not exit 0,
even when it is killed by a signal, and passes exit 0, stdin, stdout and stderr through."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import ondas.hooks
from ondas.hooks.install import hook_command, install, status
from tests.hooks.conftest import tool_call

FAKE_ONDAS = """\
import os, signal, sys
data = sys.stdin.read()
how = os.environ["FAKE_HOOK"]
if how == "segv":
    os.kill(os.getpid(), signal.SIGSEGV)
if how == "kill":
    os.kill(os.getpid(), signal.SIGKILL)
if how == "echo":
    sys.stdout.write(data)
    sys.stderr.write("a note\\n")
    sys.exit(0)
if how == "refuse":
    sys.stderr.write("refused by the fake\\n")
    sys.exit(2)
sys.exit(int(how))
"""


def run_command(
    command: str, stdin: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run a hook command the way Claude Code does: through a shell, JSON on stdin."""
    return subprocess.run(
        command, shell=True, input=stdin, capture_output=True, text=True, env=env, timeout=60
    )


@pytest.fixture
def fake_launcher(tmp_path: Path) -> str:
    """A launcher whose 'ondas' does what ``FAKE_HOOK`` says (crash, exit N, echo stdin)."""
    script = tmp_path / "bin" / "ondas"
    script.parent.mkdir()
    script.write_text(FAKE_ONDAS)
    return f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}"


def fake(how: str) -> dict[str, str]:
    """The environment that tells the fake launcher what to do."""
    return {**os.environ, "FAKE_HOOK": how}


@pytest.mark.parametrize("how", ["segv", "kill", "1", "3", "127"])
def test_a_hook_process_that_crashes_or_fails_blocks_the_call(fake_launcher: str, how: str) -> None:
    result = run_command(hook_command("pre-tool-use", fake_launcher), "{}", fake(how))
    assert result.returncode == 2
    assert "ondas guard failed closed, the tool call is refused" in result.stderr


def test_the_fake_really_dies_by_a_signal_without_the_wrapper(fake_launcher: str) -> None:
    bare = f"exec {fake_launcher} hook pre-tool-use"
    result = run_command(bare, "{}", fake("segv"))
    assert result.returncode in (-signal.SIGSEGV, 128 + signal.SIGSEGV)


def test_a_refusal_passes_through_with_its_own_reason_only(fake_launcher: str) -> None:
    result = run_command(hook_command("pre-tool-use", fake_launcher), "{}", fake("refuse"))
    assert result.returncode == 2
    assert result.stderr == "refused by the fake\n"


def test_success_passes_exit_0_and_all_three_streams_through(fake_launcher: str) -> None:
    answer = json.dumps({"hookSpecificOutput": {"permissionDecision": "deny"}})
    result = run_command(hook_command("pre-tool-use", fake_launcher), answer, fake("echo"))
    assert result.returncode == 0
    assert result.stdout == answer and result.stderr == "a note\n"


def test_installed_wrapper_crashes_closed_and_status_stays_current(
    project: Path, fake_launcher: str
) -> None:
    result = install(project, fake_launcher)
    assert result.changed and result.status.current
    assert status(project, fake_launcher).current
    assert install(project, fake_launcher).changed is False
    settings = json.loads((project / ".claude" / "settings.json").read_text())
    for group in settings["hooks"]["PreToolUse"]:
        (hook,) = group["hooks"]
        crashed = run_command(hook["command"], "{}", fake("segv"))
        assert crashed.returncode == 2, crashed.stderr


def test_the_real_installed_command_allows_and_refuses(project: Path) -> None:
    install(project)
    settings = json.loads((project / ".claude" / "settings.json").read_text())
    command = settings["hooks"]["PreToolUse"][0]["hooks"][0]["command"]
    benign = run_command(command, json.dumps(tool_call(project, "Bash", {"command": "ls"})))
    assert benign.returncode == 0, benign.stderr
    danger = tool_call(project, "Bash", {"command": "rm -rf ~"})
    refused = run_command(command, json.dumps(danger))
    assert refused.returncode == 2
    assert refused.stderr.startswith("ondas guard refused this Bash call: [")
    assert "failed closed" not in refused.stderr
    garbage = run_command(command, "not json")
    assert garbage.returncode == 2


PLANTED = (
    "import os, sys\nopen(os.environ['PLANT_LOG'], 'a').write(__name__ + '\\n')\nos._exit(0)\n"
)


def test_modules_planted_in_the_project_do_not_run_in_the_installed_hooks(
    project: Path, tmp_path: Path
) -> None:
    # Claude Code starts hooks in the project, which the agent writes: with ``python -m
    # ondas`` the working directory came first on sys.path, so an ``enum.py`` there ran in
    # the hook (outside the OS sandbox) and its exit 0 allowed the call.
    log = tmp_path / "planted.log"
    names = ["enum", "re", "json", "os", "site", "functools", "sqlite3", "contextvars", "ondas"]
    for name in names:
        (project / f"{name}.py").write_text(PLANTED)
    install(project)
    settings = json.loads((project / ".claude" / "settings.json").read_text())
    env = {**os.environ, "PLANT_LOG": str(log), "PYTHONPATH": str(project)}
    env.pop("CLAUDE_PROJECT_DIR", None)
    danger = json.dumps(tool_call(project, "Bash", {"command": "rm -rf ~"}))
    for event in ("PreToolUse", "PostToolUse", "SessionStart"):
        command = settings["hooks"][event][0]["hooks"][0]["command"]
        out = subprocess.run(
            command,
            shell=True,
            input=danger,
            capture_output=True,
            text=True,
            env=env,
            cwd=project,
            timeout=60,
        )
        if event == "PreToolUse":
            assert out.returncode == 2 and "[rm-home]" in out.stderr, out.stderr
    assert not log.exists(), log.read_text()


def test_an_old_unwrapped_pre_tool_use_hook_is_outdated_and_gets_replaced(project: Path) -> None:
    install(project)
    path = project / ".claude" / "settings.json"
    settings = json.loads(path.read_text())
    plain = f"{shlex.quote(sys.executable)} -m ondas hook pre-tool-use"
    for group in settings["hooks"]["PreToolUse"]:
        group["hooks"][0]["command"] = plain
    path.write_text(json.dumps(settings))
    stale = status(project)
    assert stale.installed and not stale.current and len(stale.outdated) == 2
    assert install(project).changed is True
    assert status(project).current


def test_hooks_whose_python_was_deleted_refuse_and_say_how_to_fix_it(
    project: Path, tmp_path: Path
) -> None:
    venv = tmp_path / "venv" / "bin"
    venv.mkdir(parents=True)
    python = venv / "python3"
    python.symlink_to(sys.executable)
    script = Path(ondas.hooks.__file__).parent / "__main__.py"
    install(project, f"{shlex.quote(str(python))} -I -S {shlex.quote(str(script))}")
    settings = json.loads((project / ".claude" / "settings.json").read_text())
    command = settings["hooks"]["PreToolUse"][0]["hooks"][0]["command"]
    python.unlink()  # the venv ondas was installed in is gone
    refused = run_command(command, json.dumps(tool_call(project, "Bash", {"command": "ls"})))
    assert refused.returncode == 2
    assert "failed closed" in refused.stderr
    assert "run 'ondas hooks install' in this project" in refused.stderr
    assert "'ondas hooks uninstall'" in refused.stderr
