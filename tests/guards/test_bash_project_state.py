"""The project's history and control files, reached through spellings the first rules missed:
moving the default branch by force (refused like ``branch -f``), resetting the working tree,
copying a control directory into the project.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check


@pytest.mark.parametrize(
    "command",
    [
        "git branch -f main HEAD~2",
        "git branch -M topic main",
        "git branch -C topic master",
        "git branch -mf topic main",
        "git checkout -B main HEAD~2",
        "git checkout -qB main v1.0",
        "git switch -C master origin/old",
    ],
)
def test_moving_the_default_branch_by_force_is_refused(command: str) -> None:
    verdict = check(command)
    assert verdict.rule == "git-branch-force-default"


@pytest.mark.parametrize(
    "command",
    [
        "git branch -M main",
        "git branch -m old-name new-name",
        "git branch -M topic other",
        "git branch -f topic HEAD~1",
        "git checkout -B topic origin/topic",
        "git checkout -B main",
        "git switch -c main origin/main",
    ],
)
def test_renaming_the_current_branch_and_moving_others_pass(command: str) -> None:
    assert check(command, unattended=True).allowed


def test_read_tree_resetting_the_working_tree_discards_changes() -> None:
    assert check("git read-tree -u --reset HEAD~3").rule == "git-checkout-discard"
    assert check("git read-tree -m -u HEAD", unattended=True).allowed
    assert check("git read-tree --empty", unattended=True).allowed


@pytest.mark.parametrize(
    "command",
    [
        "cp -r /tmp/unpacked/.claude .",
        "mv /tmp/work/.mcp.json ./",
        "cp -t . /tmp/x/.gitattributes",
        "cp -r ../other/.git ..",
    ],
)
def test_copying_a_control_directory_into_the_project_writes_it(command: str) -> None:
    assert check(command).blocked


@pytest.mark.parametrize(
    "command",
    ["cp README.md docs/", "cp -r src/ build/", "cp a.txt b.txt c.txt out/", "mv build/ dist/"],
)
def test_copying_files_into_project_directories_passes(command: str) -> None:
    assert check(command, unattended=True).allowed


@pytest.mark.parametrize(
    "command",
    [
        "git update-index --skip-worktree src/app.py",
        "git update-index --assume-unchanged .claude/settings.json",
    ],
)
def test_hiding_a_files_changes_from_git_status_is_refused(command: str) -> None:
    for unattended in (False, True):
        assert check(command, unattended=unattended).rule == "git-hide-changes"


def test_undoing_or_refreshing_the_index_passes() -> None:
    assert check("git update-index --no-skip-worktree src/app.py", unattended=True).allowed
    assert check("git update-index --refresh", unattended=True).allowed


@pytest.mark.parametrize(
    "command",
    [
        "perl -e 'fork while fork'",
        "python3 -c 'import os\nwhile True:\n    os.fork()'",
        "ruby -e 'loop { fork }'",
        'node -e \'for(;;) require("child_process").fork("x.js")\'',
    ],
)
def test_interpreter_code_that_forks_without_end_is_a_fork_bomb(command: str) -> None:
    assert check(command).rule == "fork-bomb"


def test_code_that_forks_a_bounded_number_of_times_passes() -> None:
    assert check("python3 -c 'import os\nfor i in range(3): os.fork()'").allowed
    assert check("perl -e 'my $pid = fork; wait if $pid'").allowed


@pytest.mark.parametrize(
    "command",
    [
        "cat .ondas/state.db",
        "sqlite3 -readonly .ondas/state.db .tables",
        "cp .ondas/state.db /tmp/copy.db",
        "strings < .ondas/state.db",
        "cd .ondas && xxd state.db-wal | head",
    ],
)
def test_the_ondas_store_is_unreadable_as_the_sandbox_keeps_it(command: str) -> None:
    for unattended in (False, True):
        verdict = check(command, unattended=unattended)
        assert verdict.rule == "state-read", (command, verdict.rule)
        assert verdict.category == "control"


def test_a_write_to_the_store_keeps_its_own_rule_and_listing_it_passes() -> None:
    assert check("sqlite3 .ondas/state.db 'DELETE FROM events'").rule == "state-tamper"
    assert check("ls -la .ondas/state.db", unattended=True).allowed
    assert check("cat .ondas/report.md", unattended=True).allowed


SETTINGS_DIFF = "--- a/.claude/settings.json\n+++ b/.claude/settings.json\n@@ -1 +1 @@\n-{}\n+{}\n"
SOURCE_DIFF = "--- a/src/app.py\n+++ b/src/app.py\n@@ -1 +1 @@\n-a = 1\n+a = 2\n"


@pytest.mark.parametrize(
    "command",
    [
        "patch .claude/settings.json < change.diff",
        f"patch -p1 <<'DIFF'\n{SETTINGS_DIFF}DIFF",
        f"git apply <<'DIFF'\ndiff --git a/.mcp.json b/.mcp.json\n{SOURCE_DIFF}DIFF",
        "tar -xf settings.tar .claude/settings.json",
        "tar xf bundle.tar .gitattributes",
        "tar -xzf hooks.tgz -C .git hooks",
        "tar xvfC ../hooks.tar .git",
        "git mv new-settings.json .claude/settings.json",
        "yq -i '.hooks = {}' .claude/settings.json",
    ],
)
def test_files_a_patch_an_archive_git_mv_or_yq_i_writes_are_judged_as_writes(command: str) -> None:
    assert check(command, unattended=True).rule == "write-protected-path"


@pytest.mark.parametrize(
    "command",
    [
        "patch -p1 < fix.diff",
        f"patch -p1 <<'DIFF'\n{SOURCE_DIFF}DIFF",
        f"git apply <<'DIFF'\n{SOURCE_DIFF}DIFF",
        "tar -xzf release.tar.gz",
        "tar -xvf vendor.tar -C third_party",  # the project's own (round 25: ../'s refused)
        "tar xzf /opt/cache/deps.tgz",
        "tar -tf bundle.tar .claude",
        "git mv old.py new.py",
        "yq -i '.version = \"2\"' chart/Chart.yaml",
        "yq '.hooks' .claude/settings.json",
    ],
)
def test_patches_archives_and_moves_inside_the_project_pass(command: str) -> None:
    assert check(command, unattended=True).allowed
