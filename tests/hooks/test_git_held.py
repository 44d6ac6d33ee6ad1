"""A recursive deletion of a project directory that git holds whole is allowed by the hook.

Real git repositories in ``tmp_path``; every command here is data handed to the PreToolUse
hook's check, never run.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from ondas.hooks.git_held import holds
from ondas.hooks.pre_tool_use import UNKNOWN_ENV, check_shell


def git(project: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=project, check=True, capture_output=True)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    project = tmp_path / "proj"
    (project / "lib" / "old").mkdir(parents=True)
    (project / "lib" / "old" / "a.py").write_text("a = 1\n")
    (project / "lib" / "old" / "b.py").write_text("b = 2\n")
    (project / "types").mkdir()
    (project / "types" / "index.d.ts").write_text("export {};\n")
    (project / "data").mkdir()
    (project / "data" / "users.csv").write_text("id,name\n")
    (project / ".gitignore").write_text("*.db\n")
    git(project, "init", "-q", "-b", "main")
    git(project, "add", "lib", "types", ".gitignore")
    git(project, "-c", "user.name=t", "-c", "user.email=t@example.invalid",
        "commit", "-q", "-m", "one")  # fmt: skip
    return project


def verdict(project: Path, command: str, env: dict[str, str] | None = None) -> bool:
    payload = {"tool_name": "Bash", "tool_input": {"command": command}, "cwd": str(project)}
    return check_shell(payload, env or {}).allowed


@pytest.mark.parametrize("env", [{}, {UNKNOWN_ENV: "refuse"}])
@pytest.mark.parametrize(
    "command",
    [
        "rm -rf lib/old",
        "rimraf types && tsc",
        "cd lib && rm -r old",
        "rm -rf lib/old lib/never-made",
    ],
)
def test_a_directory_git_holds_whole_may_be_deleted(
    repo: Path, command: str, env: dict[str, str]
) -> None:
    assert verdict(repo, command, env), command


def test_a_changed_untracked_ignored_or_only_staged_file_keeps_the_refusal(repo: Path) -> None:
    assert not verdict(repo, "rm -rf data")  # never added: untracked
    (repo / "lib" / "old" / "a.py").write_text("a = 2\n")
    assert not verdict(repo, "rm -rf lib/old")  # modified
    git(repo, "checkout", "--", "lib/old/a.py")
    (repo / "lib" / "old" / "cache.db").write_text("rows")
    assert not verdict(repo, "rm -rf lib/old")  # ignored: git cannot give it back
    (repo / "lib" / "old" / "cache.db").unlink()
    (repo / "lib" / "old" / "c.py").write_text("c = 3\n")
    git(repo, "add", "lib/old/c.py")
    assert not verdict(repo, "rm -rf lib/old")  # staged, never committed
    git(repo, "rm", "-q", "--cached", "lib/old/c.py")
    (repo / "lib" / "old" / "c.py").unlink()
    assert verdict(repo, "rm -rf lib/old")


@pytest.mark.parametrize(
    "command",
    [
        "mv data lib/old/ && rm -rf lib/old",
        "cp -r data lib/old/ ; rm -rf lib/old",
        "echo x > lib/old/new.txt; rm -rf lib/old",
        "rm -rf lib/old & mv data lib/old/",
        "ls lib | rm -rf lib/old",
        "for d in lib/old; do rm -rf $d; done",
        "f() { rm -rf lib/old; }; mv data lib/old/; f",
        "trap 'rm -rf lib/old' EXIT; mv data lib/old/",
        "rm -rf lib/*",
        "rm -rf .",
        "rm -rf lib/../lib/old/../..",
    ],
)
def test_a_line_that_could_put_a_file_there_first_or_meanwhile_keeps_the_refusal(
    repo: Path, command: str
) -> None:
    assert not verdict(repo, command), command


def test_a_symlink_or_a_path_outside_or_in_git_is_never_held(repo: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    (outside / "keep").mkdir(parents=True)
    (repo / "lib" / "link").symlink_to(outside)
    assert not verdict(repo, "rm -rf lib/link/keep")
    assert not holds(str(repo), str(tmp_path / "outside"))
    assert not holds(str(repo), str(repo / ".git" / "objects"))
    assert not holds(str(repo), str(repo))


def test_without_a_repository_nothing_is_held(tmp_path: Path) -> None:
    project = tmp_path / "plain"
    (project / "lib").mkdir(parents=True)
    assert not verdict(project, "rm -rf lib")


def test_asking_git_runs_nothing_the_repository_names(repo: Path, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    hook = tmp_path / "monitor.sh"
    hook.write_text(f"#!/bin/sh\ntouch {marker}\n")
    hook.chmod(0o755)
    (repo / ".gitattributes").write_text("* filter=x\n")
    git(repo, "add", ".gitattributes")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@example.invalid",
        "commit", "-q", "-m", "attrs")  # fmt: skip
    git(repo, "config", "core.fsmonitor", str(hook))
    git(repo, "config", "filter.x.clean", str(hook))
    (repo / "lib" / "old" / "a.py").touch()  # a new mtime: plain git status would clean it
    assert verdict(repo, "rm -rf lib/old")
    assert not marker.exists()
    subprocess.run(["git", "status", "--porcelain"], cwd=repo, check=True, capture_output=True)
    assert marker.exists()  # the same question asked by plain git runs the repository's program
