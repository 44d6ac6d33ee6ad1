"""``ondas hooks install`` and ``ondas hooks status`` on real settings files."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

import ondas.hooks
from ondas.errors import UsageError
from ondas.hooks.install import REQUIRED, hook_command, install, status
from tests.conftest import run_ondas

OTHER_SETTINGS = {
    "permissions": {"allow": ["Bash(make test)"], "deny": ["Read(./.env)"]},
    "env": {"FOO": "bar"},
    "hooks": {
        "PreToolUse": [
            {"matcher": "Bash", "hooks": [{"type": "command", "command": "my-own-check"}]}
        ],
        "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}],
    },
}


def settings_of(project: Path) -> dict[str, object]:
    value = json.loads((project / ".claude" / "settings.json").read_text())
    assert isinstance(value, dict)
    return value


def commands(settings: dict[str, object], event: str) -> list[tuple[str | None, str]]:
    hooks = settings["hooks"]
    assert isinstance(hooks, dict)
    return [(g.get("matcher"), h["command"]) for g in hooks.get(event, []) for h in g["hooks"]]


def test_install_creates_settings_with_every_hook(project: Path) -> None:
    result = run_ondas("hooks", "install", "--project", str(project), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["changed"] is True and report["backup"] is None
    assert report["status"]["current"] is True
    settings = settings_of(project)
    script = Path(ondas.hooks.__file__).parent / "__main__.py"
    launcher = f"{shlex.quote(sys.executable)} -I -S {shlex.quote(str(script))}"
    guard = [(m, shlex.split(c)) for m, c in commands(settings, "PreToolUse")]
    assert [m for m, _ in guard] == ["Bash|PowerShell", "Write|Edit|MultiEdit|NotebookEdit"]
    for _, argv in guard:
        assert argv[:2] == ["/bin/sh", "-c"] and len(argv) == 3
        assert argv[2].startswith(f"{launcher} hook pre-tool-use || ")
    assert commands(settings, "PostToolUse") == [("*", f"{launcher} hook post-tool-use")]
    assert commands(settings, "PostToolUseFailure") == [("*", f"{launcher} hook post-tool-use")]
    assert commands(settings, "SessionStart") == [(None, f"{launcher} hook session-start")]


def test_install_preserves_other_settings_and_backs_up_the_old_file(project: Path) -> None:
    (project / ".claude").mkdir()
    original = json.dumps(OTHER_SETTINGS, indent=4)
    (project / ".claude" / "settings.json").write_text(original)
    result = run_ondas("hooks", "install", "--project", str(project), "--json")
    assert result.returncode == 0, result.stderr
    backup = Path(json.loads(result.stdout)["backup"])
    assert backup.parent == project / ".claude" and backup.read_text() == original
    settings = settings_of(project)
    assert settings["permissions"] == OTHER_SETTINGS["permissions"]
    assert settings["env"] == {"FOO": "bar"}
    assert commands(settings, "Stop") == [(None, "notify-send done")]
    assert commands(settings, "PreToolUse")[0] == ("Bash", "my-own-check")
    assert len(commands(settings, "PreToolUse")) == 3


def test_install_twice_changes_nothing(project: Path) -> None:
    assert install(project).changed is True
    first = (project / ".claude" / "settings.json").read_bytes()
    again = install(project)
    assert again.changed is False and again.backup is None
    assert (project / ".claude" / "settings.json").read_bytes() == first
    assert sorted(p.name for p in (project / ".claude").iterdir()) == ["settings.json"]


def test_install_replaces_an_outdated_ondas_hook_instead_of_adding_a_second(
    project: Path,
) -> None:
    install(project)
    path = project / ".claude" / "settings.json"
    path.write_text(path.read_text().replace(shlex.quote(sys.executable), "/old/bin/python3"))
    stale = status(project)
    assert stale.installed is True and stale.current is False
    assert len(stale.outdated) == len(REQUIRED)
    assert install(project).changed is True
    settings = settings_of(project)
    assert [c for _, c in commands(settings, "PreToolUse")] == [hook_command("pre-tool-use")] * 2
    assert status(project).current is True


def test_install_refuses_a_launcher_that_cannot_start(project: Path) -> None:
    result = run_ondas(
        "hooks", "install", "--project", str(project), "--ondas-command", "/nowhere/ondas"
    )
    assert result.returncode == 2
    assert "program is not found" in result.stderr
    assert not (project / ".claude").exists()


def test_status_reports_missing_hooks_and_exits_1(project: Path) -> None:
    result = run_ondas("hooks", "status", "--project", str(project))
    assert result.returncode == 1
    assert "not installed" in result.stdout
    assert "missing: PreToolUse[Bash|PowerShell] -> pre-tool-use" in result.stdout


def test_status_notices_a_removed_hook(project: Path) -> None:
    install(project)
    path = project / ".claude" / "settings.json"
    settings = json.loads(path.read_text())
    settings["hooks"]["PreToolUse"] = settings["hooks"]["PreToolUse"][:1]
    path.write_text(json.dumps(settings))
    report = status(project).to_dict()
    assert report["installed"] is False
    assert report["missing"] == ["PreToolUse[Write|Edit|MultiEdit|NotebookEdit] -> pre-tool-use"]


def test_malformed_settings_are_refused_and_left_untouched(project: Path) -> None:
    (project / ".claude").mkdir()
    path = project / ".claude" / "settings.json"
    path.write_text("{ not json")
    result = run_ondas("hooks", "install", "--project", str(project))
    assert result.returncode == 2
    assert result.stderr.startswith("ondas: ") and "not valid JSON" in result.stderr
    assert path.read_text() == "{ not json"
    assert sorted(p.name for p in path.parent.iterdir()) == ["settings.json"]


def test_settings_with_a_bad_hooks_shape_are_refused(project: Path) -> None:
    (project / ".claude").mkdir()
    path = project / ".claude" / "settings.json"
    path.write_text(json.dumps({"hooks": {"PreToolUse": {"matcher": "Bash"}}}))
    with pytest.raises(UsageError, match=r"hooks\.PreToolUse must be a list"):
        install(project)
    assert json.loads(path.read_text()) == {"hooks": {"PreToolUse": {"matcher": "Bash"}}}


def test_every_hooks_and_hook_command_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    from ondas.cli.main import run

    for args in (
        ("hooks",),
        ("hooks", "install"),
        ("hooks", "status"),
        ("hook",),
        ("hook", "pre-tool-use"),
        ("hook", "post-tool-use"),
        ("hook", "session-start"),
    ):
        assert run([*args, "--help"]) == 0, args
        assert "Usage:" in capsys.readouterr().out
    assert " hooks " in run_ondas("--help").stdout
    assert " hook " in run_ondas("internal", "--help").stdout


def _tree(project: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(project)): p.read_bytes() if p.is_file() else b"<dir>"
        for p in sorted(project.rglob("*"))
    }


def test_uninstall_removes_the_settings_file_and_directory_ondas_created(project: Path) -> None:
    (project / "README.md").write_text("hello\n")
    before = _tree(project)
    assert run_ondas("hooks", "install", "--project", str(project)).returncode == 0
    out = run_ondas("hooks", "uninstall", "--project", str(project), "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["action"] == "removed"
    assert _tree(project) == before


def test_uninstall_puts_back_the_exact_bytes_of_settings_that_were_there(project: Path) -> None:
    (project / ".claude").mkdir()
    original = json.dumps(OTHER_SETTINGS, indent=4) + "\n\n"  # not how ondas would write it
    (project / ".claude" / "settings.json").write_text(original)
    before = _tree(project)
    install(project)
    path = project / ".claude" / "settings.json"
    # A moved venv, reinstalled: the newest backup holds the old ondas hooks, not the original.
    path.write_text(path.read_text().replace(shlex.quote(sys.executable), "/old/bin/python3"))
    assert install(project).changed is True
    out = run_ondas("hooks", "uninstall", "--project", str(project), "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["action"] == "restored"
    assert path.read_text() == original
    leftover = set(_tree(project)) - set(before)
    assert all(".bak." in name for name in leftover) and len(leftover) == 1


def test_uninstall_keeps_settings_changed_after_install_and_only_drops_our_hooks(
    project: Path,
) -> None:
    install(project)
    path = project / ".claude" / "settings.json"
    changed = json.loads(path.read_text())
    changed["env"] = {"ADDED": "later"}
    path.write_text(json.dumps(changed))
    out = run_ondas("hooks", "uninstall", "--project", str(project))
    assert out.returncode == 0 and "rewritten" in out.stdout, out.stderr
    assert json.loads(path.read_text()) == {"env": {"ADDED": "later"}}
    assert run_ondas("hooks", "uninstall", "--project", str(project)).stdout.endswith(
        "no ondas hooks installed\n"
    )
