"""git run in a repository outside the project runs that repository's hooks and the programs
its configuration names (``git -C /tmp/x checkout main`` runs ``/tmp/x/.git/hooks/
post-checkout``): unattended, without the OS sandbox, refused unless the guard reads them as
git's samples and plain settings; attended and sandboxed left to the person and the sandbox, as
round 12 decided for code outside the project (round 18, holes18)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from ondas.guards.bash_temp_repos import repository_code
from tests.guards.test_bash import check

HOOK = "#!/bin/sh\n: a hook nobody read\n"


def _repository(root: Path, name: str) -> Path:
    path = root / name
    subprocess.run(["git", "init", "-q", str(path)], check=True)
    return path


@pytest.fixture
def repos(tmp_path: Path) -> Path:
    _repository(tmp_path, "clean")
    hooked = _repository(tmp_path, "hooked")
    (hooked / ".git" / "hooks" / "post-checkout").write_text(HOOK)
    for name, key in (("fsmonitor", "core.fsmonitor"), ("ssh", "core.sshCommand")):
        path = _repository(tmp_path, name)
        subprocess.run(["git", "-C", str(path), "config", key, "true"], check=True)
    return tmp_path


RUNS_CODE = (
    "git -C {r}/hooked checkout main",
    "git -C {r}/hooked commit -m x",
    "git -C {r}/hooked merge main",
    "git -C {r}/hooked pull",
    "git -C {r}/hooked rebase main",
    "git -C {r}/hooked am p.patch",
    "git -C {r} -C hooked switch main",
    "git --git-dir={r}/hooked/.git checkout main",
    "cd {r}/hooked && git commit -m x",
    "git -C {r}/hooked/sub/dir commit -m x",
    "git -C {r}/fsmonitor status",
    "git -C {r}/ssh fetch",
)


@pytest.mark.parametrize("command", RUNS_CODE)
def test_git_in_an_outside_repository_whose_code_is_unread_is_refused_unattended(
    repos: Path, command: str
) -> None:
    line = command.format(r=repos)
    verdict = check(line, unattended=True)
    assert not verdict.allowed and verdict.rule == "unknown-program", (line, verdict)
    for mode in ({}, {"sandboxed": True}):
        assert check(line, **mode).allowed, (line, mode)


def test_the_refusal_names_the_hook(repos: Path) -> None:
    verdict = check(f"git -C {repos}/hooked checkout main", unattended=True)
    assert "post-checkout" in verdict.reason


@pytest.mark.parametrize(
    "command",
    (
        "git -C {r}/clean checkout main",
        "git -C {r}/clean commit -m x",
        "git -C {r}/clean merge main",
        "cd {r}/clean && git rebase main",
        "git --git-dir={r}/clean/.git log",
        "git -C {r}/hooked status",  # fires no hook
        "git -C {r}/hooked log --oneline",
        "git -C {r}/hooked --version",
        "git -C {r}/missing checkout main",  # no repository there: git stops
        "git status",
        "git commit -m x",
        "cd src && git commit -m x",
    ),
)
def test_git_in_a_clean_outside_repository_or_the_project_passes(repos: Path, command: str) -> None:
    line = command.format(r=repos)
    assert check(line, unattended=True).allowed, line


def test_a_linked_work_tree_of_the_project_is_the_projects_repository(tmp_path: Path) -> None:
    project = _repository(tmp_path, "project")
    subprocess.run(
        ["git", "-C", str(project), "commit", "-q", "--allow-empty", "-m", "x"],
        check=True,
        env={
            "GIT_AUTHOR_NAME": "a",
            "GIT_AUTHOR_EMAIL": "a@b",
            "GIT_COMMITTER_NAME": "a",
            "GIT_COMMITTER_EMAIL": "a@b",
            "PATH": "/usr/bin:/bin",
        },
    )
    worktree = tmp_path / "wt"
    subprocess.run(["git", "-C", str(project), "worktree", "add", "-q", str(worktree)], check=True)
    (project / ".git" / "hooks" / "pre-commit").write_text(HOOK)
    assert repository_code(str(worktree.resolve()), project=str(project.resolve())) is None
    assert repository_code(str(worktree.resolve())) is not None  # another project's


@pytest.mark.parametrize(
    "command",
    (
        "git init /tmp/y && cp scripts/hook /tmp/y/.git/hooks/post-commit && "
        "git -C /tmp/y commit -m x",
        "cp -r /tmp/src /tmp/y && git -C /tmp/y commit -m x",
    ),
)
def test_a_hook_the_line_itself_plants_before_git_runs_there_is_refused_unattended(
    command: str,
) -> None:
    verdict = check(command, unattended=True)
    assert not verdict.allowed and verdict.rule == "unknown-program", (command, verdict)


@pytest.mark.parametrize(
    "command",
    (
        "git init /tmp/y && git -C /tmp/y commit --allow-empty -m x",
        "git init /tmp/y && echo hi > /tmp/y/a.txt && git -C /tmp/y add a.txt",
    ),
)
def test_a_repository_the_line_makes_with_work_tree_files_only_passes(command: str) -> None:
    assert check(command, unattended=True).allowed, command
