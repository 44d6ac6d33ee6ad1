"""Files git and find write because their options or operands name them: judged as write targets.

``git archive -o``, ``format-patch -o``, ``diff --output``, ``bundle create FILE``, ``init DIR``
and find's ``-fprint FILE`` create or truncate what they name, as a redirect does. ``git worktree
add`` and ``git clone`` make a directory that must not exist or be empty, so beside the project
they overwrite nothing; in a control or protected place they are still refused. Every case here
is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

UNSANDBOXED = ({}, {"unattended": True})
MODES = (*UNSANDBOXED, {"sandboxed": True})


@pytest.mark.parametrize("mode", UNSANDBOXED)
@pytest.mark.parametrize(
    "command",
    [
        "find . -fprint /home/agent/.bashrc",
        "find . -name '*.py' -fprintf /home/agent/.profile '%p\\n'",
        "find . -fls /home/agent/listing",
        "git archive -o /home/agent/.bashrc HEAD",
        "git archive --output=/home/agent/src.tar HEAD",
        "git archive -o/home/agent/src.tar HEAD",
        "git format-patch -o /home/agent/patches HEAD~1",
        "git diff --output=/home/agent/.bashrc",
        "git bundle create /home/agent/repo.bundle HEAD",
        "git init /home/agent/repo",
    ],
)
def test_a_file_git_or_find_names_outside_the_project_is_refused(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.blocked and verdict.rule == "write-outside-project", (command, verdict)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "find . -name '*.py' -fprint files.txt",
        "git archive -o dist/src.tar.gz HEAD",
        "git format-patch -o patches HEAD~3",
        "git diff --output=changes.diff",
        "git bundle create repo.bundle --all",
        "git init",
        "git init sub",
        "git worktree add ../wt-feature feature/x",
        "git worktree add -b fix .worktrees/fix",
        "git clone . ../copy",
    ],
)
def test_inside_the_project_or_a_new_directory_beside_it_passes(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.allowed, (command, verdict)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("git worktree add ~/.claude/commands/x", "write-claude-config"),
        ("git clone . ~/.claude/skills/x", "write-claude-config"),
        ("git worktree add .git/x", "write-protected-path"),
    ],
)
def test_a_new_directory_in_a_control_or_protected_place_is_refused(
    command: str, rule: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.blocked and verdict.rule == rule, (command, verdict)
