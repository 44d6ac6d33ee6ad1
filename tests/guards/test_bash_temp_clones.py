"""A clone in a temp area (round 18, npol18): its uncommitted work is scratch, as the clone is.

``git -C /tmp/x checkout -- .`` (and ``restore``, ``switch -f``, ``clean -f``; not ``reset
--hard``, which moves the clone's branch) throws away a temp directory's work, which ``rm -rf
/tmp/x`` may delete whole; the guard keeps refusing every route by which git may be sent to the
project's work tree."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.guards.test_bash import check

MODES: tuple[dict[str, bool], ...] = ({"sandboxed": True}, {}, {"unattended": True})


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        'git -C /tmp/tinycc-ref checkout --quiet "$TCC_COMMIT"',
        "git -C /tmp/x checkout -- .",
        "git -C /tmp/x restore .",
        "git -C /tmp/x switch -f main",
        "git -C /tmp/x clean -fdx",
        "git -C /var/tmp/x clean -fd",
        "git -C /tmp/x/ checkout -- :/",
    ],
)
def test_discarding_a_temp_clones_work_passes(command: str, mode: dict[str, bool]) -> None:
    assert check(command, **mode).allowed, command


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "git checkout -- .",  # the project's own work
        "git -C docs_site reset --hard FETCH_HEAD",  # a directory of the project
        "git -C /tmp checkout -- .",  # the area itself: git looks above it
        "git -C /tmp/* checkout -- .",
        "git -C /tmp/x --work-tree=. checkout -- .",
        "git --git-dir=/tmp/x/.git checkout -- .",
        "GIT_WORK_TREE=. git -C /tmp/x checkout -- .",
        "export GIT_WORK_TREE=$PWD; git -C /tmp/x checkout -- .",
        "git -c core.worktree=/work/project -C /tmp/x checkout -- .",
        "git -C /tmp/x -C ../../work/project checkout -- .",
        "cp -r planted /tmp/x/.git; git -C /tmp/x checkout -- .",
        "cp -r planted /tmp/y; git -C /tmp/y/ checkout -- .",
        "cd /tmp && git -C x checkout -- .",
        ". ./env.sh; git -C /tmp/x checkout -- .",
        "git -C /tmp/repo reset --hard",  # moves the clone's branch (two peers: harmful)
        "git -C /tmp/x reset --merge",
        "git -C /tmp/x stash drop",  # not the work tree's
        "git -C /tmp/x branch -D main",
        "git -C /tmp/x reflog expire --all --expire=now",
        "git -C /tmp/x rm -rf .",
    ],
)
def test_a_discard_git_may_aim_at_the_project_stays_refused(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).blocked, command


def _repository(root: Path, name: str, config: str | None, *, bare: bool = False) -> Path:
    where = root / name
    git_dir = where if bare else where / ".git"
    git_dir.mkdir(parents=True)
    if bare:
        (git_dir / "HEAD").write_text("ref: refs/heads/main\n")
    if config is not None:
        (git_dir / "config").write_text(config)
    return where


@pytest.mark.parametrize("mode", MODES)
def test_a_temp_clone_that_moves_the_work_tree_or_runs_code_stays_refused(
    tmp_path: Path, mode: dict[str, bool]
) -> None:
    redirected = _repository(tmp_path, "a", "[core]\n\tworktree = /work/project\n")
    bare = _repository(
        tmp_path, "b", "[core]\n\tbare = true\n\tworkTree = /work/project\n", bare=True
    )
    included = _repository(tmp_path, "c", "[include]\n\tpath = /tmp/other\n")
    linked = _repository(tmp_path, "d", "[core]\n\tfilemode = true\n")
    (linked / ".git" / "commondir").write_text("/work/project/.git\n")
    gitfile = tmp_path / "e"
    gitfile.mkdir()
    (gitfile / ".git").write_text("gitdir: /work/project/.git\n")
    link = tmp_path / "f"
    link.symlink_to("/work/project")
    hooked = _repository(tmp_path, "h", "[core]\n\tfilemode = true\n")
    (hooked / ".git" / "hooks").mkdir()
    (hooked / ".git" / "hooks" / "post-checkout").write_text("#!/bin/sh\n")
    filtered = _repository(tmp_path, "i", '[filter "x"]\n\tsmudge = sh run.sh\n')
    monitored = _repository(tmp_path, "j", "[core]\n\tfsmonitor = ./watch\n")
    plain = _repository(tmp_path, "g", "[core]\n\tfilemode = true\n")
    (plain / ".git" / "hooks").mkdir()
    (plain / ".git" / "hooks" / "post-checkout.sample").write_text("#!/bin/sh\n")
    (plain / "sub").mkdir()
    for where in (redirected, bare, included, linked, gitfile, link, hooked, filtered, monitored):
        assert check(f"git -C {where} checkout -- .", **mode).blocked, where
        assert check(f"git -C {where} clean -fdx", **mode).blocked, where
    for where in (plain, plain / "sub"):
        assert check(f"git -C {where} checkout -- .", **mode).allowed, where


@pytest.mark.parametrize("mode", MODES)
def test_a_git_variable_in_the_environment_keeps_the_refusal(mode: dict[str, bool]) -> None:
    command = "git -C /tmp/x checkout -- ."
    assert check(command, environment={"GIT_WORK_TREE": "/work/project"}, **mode).blocked
    assert check(command, environment={"CLAUDE_ENV_FILE": "/tmp/env.sh"}, **mode).blocked
    assert check(command, environment={"HOME": "/home/agent"}, **mode).allowed
