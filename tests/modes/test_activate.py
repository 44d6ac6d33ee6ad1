"""Activation: the merge preserves every other key, the backup comes first, failures restore."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ondas.errors import InvalidState, RuleViolation, StateUnwritable, UsageError
from ondas.modes import activate, load_templates, read_state
from ondas.modes import settings_file as sf
from ondas.modes.templates import OWNED_KEYS, templates_dir
from tests.modes.conftest import REALISTIC_SETTINGS, write_settings


def _load(path: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def test_every_unowned_key_survives_with_identical_value(settings_path: Path) -> None:
    activate("advanced", as_root=False)
    after = _load(settings_path)
    template = load_templates()["advanced"]
    for key, value in REALISTIC_SETTINGS.items():
        if key != "permissions":
            assert after[key] == value, key
            assert json.dumps(after[key]) == json.dumps(value), key
    assert list(after) == list(REALISTIC_SETTINGS)
    permissions = after["permissions"]
    for key, value in REALISTIC_SETTINGS["permissions"].items():
        if key not in OWNED_KEYS:
            assert permissions[key] == value, key
    for key in OWNED_KEYS:
        assert permissions[key] == template.permissions[key]


def test_backup_holds_the_original_bytes(settings_path: Path) -> None:
    original = settings_path.read_bytes()
    result = activate("default", as_root=False)
    assert result.backup == settings_path.with_name("settings.json.modeswap.bak")
    assert result.backup.read_bytes() == original


def test_backup_exists_before_the_write_and_a_failed_write_restores(
    settings_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = settings_path.read_bytes()
    backup = sf.backup_path(settings_path)
    real_write = sf._write
    seen: list[str] = []

    def failing_write(path: Path, data: bytes, file_mode: int | None) -> None:
        if path == settings_path and data != original:
            seen.append("write")
            assert backup.read_bytes() == original, "backup must exist before the write"
            raise OSError(28, "No space left on device")
        seen.append(f"write {path.name}")
        real_write(path, data, file_mode)

    monkeypatch.setattr(sf, "_write", failing_write)
    with pytest.raises(StateUnwritable, match="original was restored"):
        activate("advanced", as_root=False)
    assert seen[0] == "write settings.json.modeswap.bak"
    assert "write" in seen
    assert settings_path.read_bytes() == original
    assert read_state(settings_path.parent / "ondas-mode.json") is None


def _activate_with_file_size_limit(config: Path, limit: int) -> subprocess.CompletedProcess[str]:
    def limit_writes() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run(
        [sys.executable, "-m", "ondas", "mode", "activate", "advanced"],
        env={**os.environ, "CLAUDE_CONFIG_DIR": str(config)},
        capture_output=True,
        text=True,
        preexec_fn=limit_writes,
        timeout=60,
    )


def test_a_real_write_failure_midway_leaves_the_original_intact(
    config: Path, settings_path: Path
) -> None:
    # The file-size limit lets the backup (a copy of the small original) through and makes
    # the larger merged file fail to write: a genuine EFBIG half way through the swap.
    small = {"model": "opus", "permissions": {"additionalDirectories": ["/srv"]}}
    original = write_settings(settings_path, small)
    proc = _activate_with_file_size_limit(config, len(original) + 10)
    assert proc.returncode == 6, proc.stderr
    assert "original was restored" in proc.stderr
    assert settings_path.read_bytes() == original
    assert sf.backup_path(settings_path).read_bytes() == original
    assert not (config / "ondas-mode.json").exists()


def test_a_backup_that_cannot_be_written_aborts_with_nothing_changed(
    config: Path, settings_path: Path
) -> None:
    original = settings_path.read_bytes()
    blocker = sf.backup_path(settings_path)
    blocker.mkdir()
    (blocker / "keep").write_text("x")
    with pytest.raises(StateUnwritable, match="nothing was changed"):
        activate("advanced", as_root=False)
    assert settings_path.read_bytes() == original
    assert not (config / "ondas-mode.json").exists()


def test_an_unwritable_state_file_restores_the_settings(config: Path, settings_path: Path) -> None:
    original = settings_path.read_bytes()
    (config / "ondas-mode.json").mkdir()
    with pytest.raises((StateUnwritable, InvalidState, UsageError)):
        activate("advanced", as_root=False)
    assert settings_path.read_bytes() == original


def test_state_write_failure_after_the_swap_restores_the_settings(
    config: Path, settings_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = settings_path.read_bytes()
    from ondas.modes import core

    def broken(path: Path, state: object) -> None:
        assert settings_path.read_bytes() != original, "settings are swapped before the state"
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(core, "write_state", broken)
    with pytest.raises(StateUnwritable, match="restored from its backup"):
        activate("advanced", as_root=False)
    assert settings_path.read_bytes() == original


def _broken_templates(tmp_path: Path, mode: str, edit: dict[str, Any]) -> Path:
    directory = tmp_path / "templates"
    directory.mkdir()
    for path in templates_dir().glob("*.json"):
        (directory / path.name).write_bytes(path.read_bytes())
    data = _load(directory / f"{mode}.json")
    data["permissions"].update(edit)
    (directory / f"{mode}.json").write_text(json.dumps(data))
    return directory


@pytest.mark.parametrize(
    "edit",
    [
        {"defaultMode": "yolo"},
        {"deny": "Bash(rm -rf *)"},
        {"allow": ["Bash(", 3]},
        {"ask": ["Bash(x)", "Bash(x)"]},
    ],
)
def test_an_invalid_template_leaves_the_original_intact(
    tmp_path: Path, config: Path, settings_path: Path, edit: dict[str, Any]
) -> None:
    original = settings_path.read_bytes()
    broken = _broken_templates(tmp_path, "advanced", edit)
    with pytest.raises(InvalidState, match=r"template advanced\.json"):
        activate("advanced", templates=broken, as_root=False)
    assert settings_path.read_bytes() == original
    assert not (config / "ondas-mode.json").exists()


def test_a_template_that_breaks_validation_midway_is_rolled_back(
    config: Path, settings_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = settings_path.read_bytes()

    def bad_merge(settings: dict[str, Any], template: Any, path: Path) -> dict[str, Any]:
        merged = dict(settings)
        merged["permissions"] = {**settings["permissions"], "defaultMode": "everything"}
        return merged

    monkeypatch.setattr(sf, "merge_template", bad_merge)
    with pytest.raises(InvalidState):
        activate("advanced", as_root=False)
    assert settings_path.read_bytes() == original
    assert sf.backup_path(settings_path).read_bytes() == original


def test_invalid_settings_json_is_refused_and_untouched(config: Path, settings_path: Path) -> None:
    settings_path.write_text('{"permissions": {"allow": [}')
    original = settings_path.read_bytes()
    with pytest.raises(InvalidState, match="not valid JSON"):
        activate("default", as_root=False)
    assert settings_path.read_bytes() == original
    assert not sf.backup_path(settings_path).exists()


def test_missing_settings_file_is_created(config: Path, settings_path: Path) -> None:
    settings_path.unlink()
    result = activate("default", as_root=False)
    assert result.backup is None
    assert _load(settings_path)["permissions"]["allow"] == ["Read", "Edit", "Write"]


def test_a_symlinked_settings_file_stays_a_symlink(tmp_path: Path, config: Path) -> None:
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    real = dotfiles / "claude-settings.json"
    (config / "settings.json").rename(real)
    (config / "settings.json").symlink_to(real)
    activate("advanced", as_root=False)
    assert (config / "settings.json").is_symlink()
    assert "Bash" in _load(real)["permissions"]["allow"]


def test_file_permissions_of_settings_are_kept(settings_path: Path) -> None:
    settings_path.chmod(0o640)
    activate("default", as_root=False)
    assert settings_path.stat().st_mode & 0o777 == 0o640


def test_autonomous_as_root_is_refused_unless_a_sandbox_is_declared(
    config: Path, settings_path: Path
) -> None:
    original = settings_path.read_bytes()
    with pytest.raises(RuleViolation, match="bypass-as-root"):
        activate("autonomous", as_root=True)
    assert settings_path.read_bytes() == original
    write_settings(settings_path, {**REALISTIC_SETTINGS, "env": {"IS_SANDBOX": "1"}})
    result = activate("autosuficiente", as_root=True)
    assert result.mode == "autonomous"
    assert _load(settings_path)["permissions"]["defaultMode"] == "bypassPermissions"


def test_autonomous_is_refused_when_bypass_is_disabled(settings_path: Path) -> None:
    settings = json.loads(json.dumps(REALISTIC_SETTINGS))
    settings["permissions"]["disableBypassPermissionsMode"] = "disable"
    original = write_settings(settings_path, settings)
    with pytest.raises(RuleViolation, match="bypass-disabled"):
        activate("autonomous", as_root=False)
    assert settings_path.read_bytes() == original


def test_settings_elsewhere_are_recorded_in_the_state(tmp_path: Path, config: Path) -> None:
    project_settings = tmp_path / "project" / ".claude" / "settings.json"
    project_settings.parent.mkdir(parents=True)
    write_settings(project_settings, {"model": "haiku"})
    activate("advanced", settings=project_settings, as_root=False)
    state = read_state(config / "ondas-mode.json")
    assert state is not None and state.settings == str(project_settings)
    assert _load(project_settings)["model"] == "haiku"


def test_concurrent_activations_are_serialised(config: Path, settings_path: Path) -> None:
    env = {**os.environ, "CLAUDE_CONFIG_DIR": str(config)}
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "ondas", "mode", "activate", "advanced", "--reason", str(i)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for i in range(3)
    ]
    assert [p.wait(timeout=120) for p in procs] == [0, 0, 0]
    state = read_state(config / "ondas-mode.json")
    assert state is not None
    assert sorted(h.note or "" for h in state.history) == ["0", "1", "2"]
    assert [h.reason for h in state.history] == ["INITIAL", "MANUAL", "MANUAL"]
    assert _load(settings_path)["model"] == REALISTIC_SETTINGS["model"]


def test_autonomous_turns_the_os_sandbox_on(settings_path: Path) -> None:
    write_settings(
        settings_path,
        {**REALISTIC_SETTINGS, "env": {"IS_SANDBOX": "1"}, "sandbox": {"enabled": False}},
    )
    activate("autonomous", as_root=False)
    block = _load(settings_path)["sandbox"]
    assert (block["enabled"], block["failIfUnavailable"], block["allowUnsandboxedCommands"]) == (
        True,
        True,
        False,
    )
