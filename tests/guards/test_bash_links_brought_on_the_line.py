"""A tree brought on the line by a tool that keeps symbolic links is followed on the same line
(round 17, ``left17``): ``rsync -l``/``-a`` copies links as links, as ``cp -a`` does (its copy
recorded as a copied tree, read through the source's links on disk), and a write through the
copy of a file link lands where it points (the last name of a written path is looked at in a
copied tree as it is on disk), where only a later call used to see either. A copy that
follows links (``-L``, ``--copy-links``, ``--safe-links``), the copy itself, or a path not
through a link, passes. A checkout of another revision (``git checkout REV -- .``) brings links
the guard cannot read without running git: see docs (left17)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.guards.test_bash import MODES, check

IDS = ["attended", "sandboxed", "unattended"]


@pytest.fixture
def linked_sources(tmp_path: Path) -> Path:
    """A project whose ``vendor`` holds links an earlier call left: ``p`` to the project's root,
    ``o`` to ``out`` (a relative one), ``rc`` a file link to the project's Claude settings and
    ``cfg`` one to git's configuration."""
    for directory in (".git", ".claude", "src", "out", "vendor"):
        (tmp_path / directory).mkdir(parents=True)
    (tmp_path / ".claude" / "settings.json").write_text("{}")
    (tmp_path / ".git" / "config").write_text("")
    (tmp_path / "vendor" / "p").symlink_to(tmp_path)
    (tmp_path / "vendor" / "o").symlink_to("../out")
    (tmp_path / "vendor" / "rc").symlink_to(tmp_path / ".claude" / "settings.json")
    (tmp_path / "vendor" / "cfg").symlink_to(tmp_path / ".git" / "config")
    return tmp_path


@pytest.mark.parametrize(
    "command",
    [
        "rsync -a vendor/ build/v/ && rm -rf build/v/p/src",
        "rsync -l -r vendor build/ && rm -rf build/vendor/p/src",
        "rsync --archive vendor/ build/v && echo x > build/v/p/.claude/settings.json",
        "rsync -a vendor/ build/v/ && echo x > build/v/rc",
        "rsync -av vendor/ build/v/ && printf x >> build/v/cfg",
        "cp -a vendor build/v && echo x > build/v/rc",
        "cp -r vendor build/v && echo '{}' > build/v/rc",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_a_path_through_a_link_a_synced_or_copied_tree_brought_is_judged_where_it_lands(
    linked_sources: Path, command: str, flags: dict[str, bool]
) -> None:
    assert check(command, project=linked_sources, **flags).blocked, (command, flags)


@pytest.mark.parametrize(
    "command",
    [
        "rsync -a vendor/ build/v/ && rm -rf build/v/p",  # the link itself
        "rsync -a vendor/ build/v/ && rm -rf build/v",
        "rsync -a vendor/ build/v/ && rm -rf build/v/o/cache",  # build/out/cache
        "rsync -aL vendor/ build/v/ && echo x > build/v/rc",  # -L copies what links point at
        "rsync -a --copy-links vendor/ build/v/ && echo x > build/v/rc",
        "rsync -a --safe-links vendor/ build/v/ && echo x > build/v/rc",
        "rsync -r vendor/ build/v/ && echo x > build/v/rc",  # no -l: links are skipped
        "rsync -a src/ build/s/ && echo x > build/s/new.txt",
        "cp -a vendor build/v && echo x > build/v/new.txt",
        "cp -a vendor build/v && rm -f build/v/rc",  # a deletion removes the link
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_the_copy_itself_or_a_path_not_through_a_link_may_be_written_or_go(
    linked_sources: Path, command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, project=linked_sources, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)
