"""``check`` (the SessionStart hook), ``status``, ``install-hook`` and corrupt state files."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from ondas.cli.main import run
from ondas.errors import InvalidState
from ondas.modes import MANUAL_DOWNGRADE, activate, check, install_hook, status
from ondas.modes import settings_file as sf
from ondas.modes.templates import fingerprint, templates_dir
from tests.conftest import run_ondas
from tests.modes.conftest import REALISTIC_SETTINGS


def _context(answer: dict[str, Any] | None) -> str:
    assert answer is not None
    out = answer["hookSpecificOutput"]
    assert out["hookEventName"] == "SessionStart"
    text: str = out["additionalContext"]
    return text


def _options(text: str) -> list[str]:
    return [line[2:].split(":")[0] for line in text.splitlines() if line.startswith("- ")]


def _edit_state(config: Path, **changes: Any) -> None:
    path = config / "ondas-mode.json"
    data = json.loads(path.read_text())
    data.update(changes)
    path.write_text(json.dumps(data))


def test_check_asks_for_initial_activation_with_every_option(config: Path) -> None:
    text = _context(check())
    assert "INITIAL" in text
    assert _options(text) == ["default", "advanced", "autonomous"]


def test_check_is_silent_when_the_recorded_fingerprint_is_current(config: Path) -> None:
    activate("advanced", as_root=False)
    assert check() is None
    proc = run_ondas("mode", "check")
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", "")


def test_check_asks_for_reconfirmation_with_only_ratchet_options(config: Path) -> None:
    activate("advanced", as_root=False)
    _edit_state(config, hookSha256="f" * 64)
    text = _context(check())
    assert "HOOK_CHANGED" in text
    assert _options(text) == ["advanced", "autonomous"]
    proc = run_ondas("mode", "check")
    assert proc.returncode == 0
    assert "HOOK_CHANGED" in json.loads(proc.stdout)["hookSpecificOutput"]["additionalContext"]


def test_a_changed_hook_command_changes_the_fingerprint(config: Path) -> None:
    activate("default", as_root=False)
    assert check() is None
    install_hook(command="ondas mode check")
    assert check() is None, "the default command is what the fingerprint already covered"
    install_hook(command="/opt/ondas/bin/ondas mode check --quiet")
    assert "HOOK_CHANGED" in _context(check())
    assert activate("default", as_root=False).reason == "HOOK_CHANGED"
    assert check() is None


def test_a_changed_template_changes_the_fingerprint(tmp_path: Path, config: Path) -> None:
    activate("autonomous", as_root=False)
    changed = tmp_path / "templates"
    changed.mkdir()
    for path in templates_dir().glob("*.json"):
        (changed / path.name).write_bytes(path.read_bytes())
    (changed / "default.json").write_bytes((changed / "default.json").read_bytes() + b"\n")
    assert fingerprint(sf.DEFAULT_HOOK_COMMAND, changed) != fingerprint(sf.DEFAULT_HOOK_COMMAND)
    text = _context(check(templates=changed))
    assert "HOOK_CHANGED" in text
    assert _options(text) == ["autonomous"]


def test_the_manual_sentinel_offers_every_mode(config: Path) -> None:
    activate("autonomous", as_root=False)
    _edit_state(config, hookSha256=MANUAL_DOWNGRADE)
    text = _context(check())
    assert "MANUAL" in text
    assert _options(text) == ["default", "advanced", "autonomous"]


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        "[]",
        '{"mode": "turbo", "hookSha256": "x", "activatedAt": "t", "history": []}',
        '{"mode": "default", "activatedAt": "t", "history": []}',
        '{"mode": "default", "hookSha256": "x", "activatedAt": "t", "history": {}}',
        '{"mode": "default", "hookSha256": "x", "activatedAt": "t",'
        ' "history": [{"mode": "default", "at": "t", "fromMode": null, "reason": "BECAUSE"}]}',
    ],
)
def test_a_corrupt_state_file_is_reported_never_guessed(config: Path, content: str) -> None:
    state = config / "ondas-mode.json"
    state.write_text(content)
    settings_before = (config / "settings.json").read_bytes()
    text = _context(check())
    assert "corrupt" in text
    assert _options(text) == []
    with pytest.raises(InvalidState, match="corrupt"):
        status()
    with pytest.raises(InvalidState, match="corrupt"):
        activate("autonomous", as_root=False)
    proc = run_ondas("mode", "activate", "advanced")
    assert proc.returncode == 6
    assert "corrupt" in proc.stderr
    assert state.read_text() == content
    assert (config / "settings.json").read_bytes() == settings_before


def test_status_reports_mode_history_and_no_drift(config: Path) -> None:
    activate("default", note="start small", as_root=False)
    activate("advanced", note="trust it", as_root=False)
    info = status()
    assert info["mode"] == "advanced"
    assert info["pending"] is None
    assert info["drift"]["matches"] is True
    assert [h["note"] for h in info["history"]] == ["start small", "trust it"]
    assert info["allowedTargets"] == ["advanced", "autonomous"]
    proc = run_ondas("mode", "status", "--json")
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["mode"] == "advanced"


def test_status_reports_drift_after_a_hand_edit(config: Path) -> None:
    activate("advanced", as_root=False)
    path = config / "settings.json"
    data = json.loads(path.read_text())
    data["permissions"]["deny"].remove("Bash(rm -rf *)")
    data["permissions"]["allow"].append("WebFetch")
    data["permissions"]["defaultMode"] = "acceptEdits"
    path.write_text(json.dumps(data))
    drift = status()["drift"]
    assert drift["matches"] is False
    joined = "\n".join(drift["differences"])
    assert "Bash(rm -rf *)" in joined and "WebFetch" in joined and "acceptEdits" in joined
    proc = run_ondas("mode", "status")
    assert proc.returncode == 0
    assert "DRIFT" in proc.stdout


def test_status_without_a_state_file_says_initial(config: Path) -> None:
    info = status()
    assert (info["recorded"], info["pending"], info["drift"]) == (False, "INITIAL", None)


def test_install_hook_is_idempotent_and_preserves_everything_else(config: Path) -> None:
    path = config / "settings.json"
    first = install_hook(command="ondas mode check")
    assert first["changed"] is True
    after_first = path.read_bytes()
    second = install_hook(command="ondas mode check")
    assert second["changed"] is False
    assert path.read_bytes() == after_first
    data = json.loads(after_first)
    for key, value in REALISTIC_SETTINGS.items():
        if key != "hooks":
            assert data[key] == value
    assert data["hooks"]["PreToolUse"] == REALISTIC_SETTINGS["hooks"]["PreToolUse"]
    session = data["hooks"]["SessionStart"]
    assert session[0] == REALISTIC_SETTINGS["hooks"]["SessionStart"][0]
    assert sf.check_commands(data) == ["ondas mode check"]
    install_hook(command="python3 -m ondas mode check")
    data = json.loads(path.read_bytes())
    assert sf.check_commands(data) == ["python3 -m ondas mode check"]
    assert sf.backup_path(path).exists()


def test_install_hook_refuses_a_command_that_is_not_the_check(config: Path) -> None:
    proc = run_ondas("mode", "install-hook", "--command", "rm -rf /")
    assert proc.returncode == 1
    assert "hook-command" in proc.stderr


@pytest.mark.parametrize("command", ["", "status", "activate", "check", "install-hook"])
def test_every_mode_command_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["mode", command] if command else ["mode"]
    assert run([*args, "--help"]) == 0
    out = capsys.readouterr().out
    assert "Usage" in out
    assert len(out.split("Usage", 1)[1]) > 80


def test_activate_without_mode_and_without_a_terminal_is_a_usage_error(config: Path) -> None:
    for extra in ([], ["--json"]):
        proc = subprocess.run(
            [sys.executable, "-m", "ondas", "mode", "activate", *extra],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert proc.returncode == 2
        assert "MODE is required" in proc.stderr
    assert not (config / "ondas-mode.json").exists()


def _run_in_terminal(args: list[str], answer: str) -> tuple[int, str]:
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - child
        os.execvpe(sys.executable, [sys.executable, "-m", "ondas", *args], os.environ)
    output = b""
    sent = False
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        output += chunk
        if not sent and b"choose a mode" in output:
            os.write(fd, answer.encode() + b"\r")
            sent = True
    _, status_code = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status_code), output.decode(errors="replace")


def test_activate_in_a_terminal_offers_only_ratchet_choices(config: Path) -> None:
    activate("advanced", as_root=False)
    code, output = _run_in_terminal(["mode", "activate"], "advanced")
    assert code == 0, output
    assert "1. advanced" in output and "2. autonomous" in output
    assert "default:" not in output
    assert "mode advanced activated" in output
    code, output = _run_in_terminal(["mode", "activate"], "default")
    assert code == 1, output
    assert "ratchet" in output
