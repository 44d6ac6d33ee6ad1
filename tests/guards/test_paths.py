"""The path guard: forbidden target projects, and writes that escape the project."""

from __future__ import annotations

import posixpath
from pathlib import Path

import pytest

from ondas.guards.paths import check_write, claude_dir, relative_below, validate_target


@pytest.fixture
def home(tmp_path: Path) -> Path:
    path = tmp_path / "home"
    (path / "work" / "app").mkdir(parents=True)
    return path


@pytest.mark.parametrize(
    ("target", "rule"),
    [
        ("/", "target-root"),
        ("/etc", "target-system-dir"),
        ("/usr", "target-system-dir"),
        ("/usr/local/src", "target-system-dir"),
        ("/bin", "target-system-dir"),
        ("/boot", "target-system-dir"),
        ("/dev", "target-system-dir"),
        ("/proc", "target-system-dir"),
        ("/sys", "target-system-dir"),
        ("/var", "target-system-dir"),
        ("/var/lib/app", "target-system-dir"),
    ],
)
def test_system_directories_are_refused_as_targets(home: Path, target: str, rule: str) -> None:
    verdict = validate_target(Path(target), home=home, claude_config_dir=home / ".claude")
    assert verdict.rule == rule


def test_var_tmp_is_an_acceptable_target(home: Path) -> None:
    assert validate_target(Path("/var/tmp/proj"), home=home).allowed


@pytest.mark.parametrize(
    ("relative", "rule"),
    [
        ("", "target-home"),
        (".ssh", "target-sensitive-dir"),
        (".gnupg", "target-sensitive-dir"),
        (".aws", "target-sensitive-dir"),
        (".config", "target-sensitive-dir"),
        (".config/app", "target-sensitive-dir"),
        (".claude", "target-claude-config"),
    ],
)
def test_home_and_its_credential_dirs_are_refused(home: Path, relative: str, rule: str) -> None:
    target = home / relative if relative else home
    verdict = validate_target(target, home=home, claude_config_dir=home / ".claude")
    assert verdict.rule == rule


def test_claude_config_dir_from_the_environment_is_refused(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tmp_path / "claude-config"
    config.mkdir()
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(config))
    assert validate_target(config, home=home).rule == "target-claude-config"


def test_claude_config_dir_is_the_variable_else_dot_claude_under_home() -> None:
    assert claude_dir({"CLAUDE_CONFIG_DIR": "/srv/cc", "HOME": "/h"}) == "/srv/cc"
    assert claude_dir({"CLAUDE_CONFIG_DIR": "  ", "HOME": "/h"}) == "/h/.claude"
    assert claude_dir({"HOME": "/h"}) == "/h/.claude"
    assert claude_dir({"HOME": "/h"}, home="/other") == "/other/.claude"
    assert claude_dir({"CLAUDE_CONFIG_DIR": "~/cc", "HOME": "/h"}).endswith("/cc")


def test_a_directory_containing_home_is_refused(home: Path) -> None:
    assert validate_target(home.parent, home=home).rule == "target-contains-home"


def test_a_symlink_to_a_forbidden_directory_is_refused(home: Path, tmp_path: Path) -> None:
    link = tmp_path / "innocent"
    link.symlink_to("/etc")
    verdict = validate_target(link, home=home)
    assert verdict.rule == "target-system-dir"
    assert "/etc" in (verdict.segment or "")
    ssh_link = tmp_path / "keys"
    (home / ".ssh").mkdir()
    ssh_link.symlink_to(home / ".ssh")
    assert validate_target(ssh_link, home=home).rule == "target-sensitive-dir"


def test_an_ordinary_project_is_accepted(home: Path) -> None:
    assert validate_target(home / "work" / "app", home=home).allowed


@pytest.fixture
def project(tmp_path: Path) -> Path:
    path = tmp_path / "project"
    (path / "src").mkdir(parents=True)
    return path


@pytest.mark.parametrize("target", ["src/app.py", "new/dir/file.txt", "./README.md", "src/../x.md"])
def test_writes_inside_the_project_are_allowed(project: Path, target: str) -> None:
    assert check_write(project, target).allowed


def test_absolute_writes_inside_the_project_are_allowed(project: Path) -> None:
    assert check_write(project, project / "src" / "a.py").allowed


@pytest.mark.parametrize("target", ["../outside.txt", "src/../../x", "/etc/passwd", "~/.bashrc"])
def test_writes_outside_the_project_are_refused(project: Path, target: str) -> None:
    verdict = check_write(project, target)
    assert verdict.rule == "write-outside-project"
    assert verdict.segment is not None and verdict.segment.startswith(target)


def test_a_symlink_inside_the_project_pointing_out_is_refused(
    project: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (project / "escape").symlink_to(outside)
    verdict = check_write(project, "escape/secret.txt")
    assert verdict.rule == "write-outside-project"
    assert str(outside) in (verdict.segment or "")
    (project / "link.txt").symlink_to(outside / "file.txt")
    assert check_write(project, "link.txt").rule == "write-outside-project"


def test_a_project_reached_through_a_symlink_still_allows_its_own_files(
    project: Path, tmp_path: Path
) -> None:
    alias = tmp_path / "alias"
    alias.symlink_to(project)
    assert check_write(alias, "src/a.py").allowed


@pytest.mark.parametrize(
    "target", [".git/hooks/pre-commit", ".ondas/state.db", ".claude/settings.json"]
)
def test_writes_to_guard_state_are_refused(project: Path, target: str) -> None:
    assert check_write(project, target).rule == "write-protected-path"


def test_ondas_tmp_is_writable(project: Path) -> None:
    assert check_write(project, ".ondas/tmp/scratch.txt").allowed


@pytest.mark.parametrize(
    ("path", "root"),
    [
        ("./.git/config", "."),
        ("src/.git/objects/pack/pack-0.pack", "src"),
        ("./src/.claude/settings.json", "./src/"),
        ("/home/u/.cache/pip/wheels", "/home/u"),
        ("/x/a", "/"),
        ("a/./b", "a"),
        ("a/../b", "a"),
        ("a//b", "a"),
        ("/p/a/b", "/q"),
        ("ab/c", "a"),
    ],
)
def test_the_part_below_a_root_is_what_relpath_gives(path: str, root: str) -> None:
    assert relative_below(path, root) == posixpath.relpath(path, root)
