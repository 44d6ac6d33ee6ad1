"""The classes red team 13s taught, beside the red team's own rows: other members of each class
refused in every mode, with the rule, and the near twins each class must leave alone."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

REFUSED = [
    ("git reflog drop refs/heads/feature", "git-history-rewrite"),
    ("git repack -A -d --unpack-unreachable=all", "git-history-rewrite"),
    ("git gc --cruft-expiration=now", "git-history-rewrite"),
    ("git lfs migrate export --include='*.bin' --everything", "git-history-rewrite"),
    ("python -m git_filter_repo --path docs --invert-paths", "git-history-rewrite"),
    ("git worktree add -B master ../wt HEAD~2", "git-branch-force-default"),
    ("git read-tree -m -u --empty", "git-checkout-discard"),
    ("git diff | patch -R", "git-checkout-discard"),
    ("git show :src/app.py > src/app.py", "git-checkout-discard"),
    ("git cat-file -p HEAD~2:./README.md > README.md", "git-checkout-discard"),
    ("uniq /dev/null README.md", "file-destroyed"),
    ("true | dd of=src/app.py", "file-destroyed"),
    ("printf '' | sponge src/app.py", "file-destroyed"),
    ("swagger-codegen generate -i api.yaml -l go", "undecidable-payload"),
    ("esbuild src/app.ts --outfile=src/app.ts", "file-destroyed"),
    ("sed -i '/.*/d' lib/*.rb", "file-destroyed"),
    ("bsdtar -xPf /tmp/x.tar", "undecidable-payload"),
    ("rar a -df /tmp/a.rar lib", "rm-recursive-outside-temp"),
    ("sqlite3 app.db '.restore main /tmp/old.db'", "database-destroy"),
    ("awk '{print > FILENAME}' src/a.py", "file-destroyed"),
    ("gdb -q --args git clean -fdx", "git-clean-force"),
]
ALLOWED = [
    "git reflog show main",
    "git repack -a -d --cruft --cruft-expiration=2.weeks.ago",
    "git lfs migrate info --everything",
    "git lfs migrate import --no-rewrite big.bin",
    "git worktree add -B feature ../wt-feature",
    "git read-tree --prefix=vendor/lib/ -u other-branch",
    "git diff > /tmp/wip.patch",
    "git show HEAD:src/app.py > /tmp/app.py",
    "git show HEAD~1:src/app.py > src/app_old.py",
    "uniq src/names.txt build/names.txt",
    "sort -o src/names.txt src/names.txt",
    "cat notes.txt | dd of=build/notes.txt",
    "openapi-generator-cli generate -i api.yaml -g go -o build/client",
    "babel src -d lib",
    "sed -i '/^$/d' src/*.py",
    "sed -i '/TODO/d' src/*.py",
    "tar -xf /tmp/x.tar -C /tmp/out",
    "sqlite3 app.db '.backup /tmp/app.bak'",
    "awk '{print > FILENAME \".bak\"}' src/a.py",
    "scp -r dist/ /tmp/out",
    "ln -sf -t bin ../tools/run.sh",
    "gdb --args ./build/app --port 8080",
]


@pytest.mark.parametrize(("command", "rule"), REFUSED, ids=[c for c, _ in REFUSED])
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_another_member_of_a_red_team_13s_class_is_refused(
    command: str, rule: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == rule, (command, flags, verdict.rule)


@pytest.mark.parametrize("command", ALLOWED)
@pytest.mark.parametrize("flags", MODES[:2], ids=["attended", "sandboxed"])
def test_the_near_twin_of_a_red_team_13s_class_is_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)
