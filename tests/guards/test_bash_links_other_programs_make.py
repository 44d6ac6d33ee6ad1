"""Links made on the line by programs other than ``ln -s`` (round 16, left16).

Every case here is data handed to the guard; none is ever run. Round 15 followed the links
``ln -s`` makes on the line (``Ctx.links``). Other programs make them too:

- ``cp -s`` (no recursion) makes one link per source, as ``ln -s`` does: knowable.
- ``cp -rs``/``cp -as`` make a tree of real directories whose files are links to the source's
  files: a write through it lands in the source (``.claude/settings.json``), a deletion only
  removes links (``rm -rf build/p/src`` deletes no file of the project).
- code (``os.symlink``, ``fs.symlinkSync``, ``Path.symlink_to``) with literal paths is read as
  ``ln -s``; with a computed target (``os.getcwd()``) the link points where the guard cannot
  tell, so a path through it is an unknown target.
- an archive (``tar x``, ``unzip``, ``7z x``) is unread: any of its entries may be a link, so a
  path below an entry it may have made is an unknown target; the entry itself may go.
- a tree copied (``cp -r``, ``cp -a``, not ``-L``) or moved keeps the source's links as links,
  their text read where the copy lands: a path under the copy goes through the links on disk
  in the source.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.guards.test_bash import MODES, check

IDS = ["attended", "sandboxed", "unattended"]

THROUGH_LINKS_OTHER_PROGRAMS_MADE = [
    # cp -as/-rs: a tree of links to the project's files; a write through it
    "cp -as \"$PWD\" build/p && echo '{}' > build/p/.claude/settings.json",
    'cp -rs "$PWD" build/p && echo x >> build/p/.git/config',
    'cp -as "$PWD" /tmp/m && echo x > /tmp/m/.claude/settings.local.json',
    'cp -as -t build "$PWD" && echo x > build/project/.git/config',
    # code making a link with literal paths, read as ln -s
    'python3 -c \'from pathlib import Path; Path("build/p").symlink_to("..")\' '
    "&& rm -rf build/p/src",
    # code making a link to a computed target: a path through it is unknown
    "python3 -c 'import os; os.symlink(os.getcwd(), \"build/p\")' && rm -rf build/p/src",
    'node -e \'require("fs").symlinkSync(process.cwd(), "build/p")\' && rm -rf build/p/src',
    "python3 -c 'from pathlib import Path; Path(\"build/p\").symlink_to(Path.cwd())' "
    "&& echo x > build/p/.git/config",
    # an archive's entries, unread, may be links
    "tar xf links.tar -C build && rm -rf build/p/src",
    "tar -xzf links.tgz --directory=build && rm -rf build/p/",
    "tar xf links.tar && rm -rf p/src",
    "unzip -o a.zip -d build && rm -rf build/p/src",
    "unzip a.zip -d build && echo x > build/p/.git/config",
    "7z x a.7z -obuild && rm -rf build/p/src",
    "cd build && tar xf ../links.tar && rm -rf p/src",
]


@pytest.mark.parametrize("command", THROUGH_LINKS_OTHER_PROGRAMS_MADE)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_a_path_through_a_link_another_program_made_on_the_line_is_judged(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


ALLOWED_TWINS = [
    # a tree of file links: deleting it, or in it, removes links only
    'cp -as "$PWD" build/p && rm -rf build/p/src',
    'cp -as "$PWD/src" build/s && rm -rf build/s',
    'cp -rs "$PWD/src" build/s && rm -rf build',
    # a write through a link into the project's own code is everyday
    'cp -as "$PWD/src" build/s && echo x > build/s/main.py',
    'cp -s "$PWD/src/main.py" build/m && echo x > build/m',
    'cp -s "$PWD/src/main.py" build/m && rm -f build/m',
    "cp -r src build/s && rm -rf build/s/lib",
    # code's link itself, and what is not under it
    "python3 -c 'import os; os.symlink(os.getcwd(), \"build/p\")' && rm -rf build/p",
    "python3 -c 'import os; os.symlink(os.getcwd(), \"build/p\")' && rm -rf out/cache",
    # an archive's entries themselves, the tree whole, paths elsewhere
    "tar xf links.tar -C build && rm -rf build/p",
    "tar xf links.tar -C build && rm -rf build/*",
    "tar xzf dist.tar.gz -C build && rm -rf build",
    "unzip a.zip -d out && rm -rf out",
    "tar xf a.tar -C build && rm -rf dist/cache",
    "tar tf a.tar && rm -rf build/p/src",
    "unzip -l a.zip && rm -rf build/p/src",
    "tar czf a.tgz build && rm -rf build/p/src",
]


@pytest.mark.parametrize("command", ALLOWED_TWINS)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_the_link_itself_or_a_path_not_through_one_stays_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.fixture
def vendored_links(tmp_path: Path) -> Path:
    """A project whose ``vendor`` holds links an earlier call left: to the project's root by
    its absolute path, to ``out`` by a relative one, and ``../../..`` three levels down (the
    project's root from there; copied one level down, its parent)."""
    for directory in (".git", "src", "out", "vendor/a/b"):
        (tmp_path / directory).mkdir(parents=True)
    (tmp_path / "vendor" / "p").symlink_to(tmp_path)
    (tmp_path / "vendor" / "o").symlink_to("../out")
    (tmp_path / "vendor" / "a" / "b" / "up").symlink_to("../../..")
    return tmp_path


@pytest.mark.parametrize(
    "command",
    [
        "cp -a vendor build/v && rm -rf build/v/p/src",
        "cp -r vendor build/v && rm -rf build/v/p/",
        "cp -R vendor/ build/ && rm -rf build/vendor/p/src",
        "cp -a -t build vendor && rm -rf build/vendor/p/src",
        "mv vendor build/v && rm -rf build/v/p/src",
        "cp -a vendor build/v && echo x > build/v/p/.claude/settings.json",
        # a relative link's text read where the copy lands: one level up from the project
        "cp -a vendor/a/b build/b && rm -rf build/b/up/x",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_a_path_through_a_link_a_copied_tree_carried_is_judged_where_the_copy_points(
    vendored_links: Path, command: str, flags: dict[str, bool]
) -> None:
    assert check(command, project=vendored_links, **flags).blocked, (command, flags)


@pytest.mark.parametrize(
    "command",
    [
        "cp -a vendor build/v && rm -rf build/v/p",
        "cp -a vendor build/v && rm -rf build/v/o/cache",  # build/out/cache, not out/cache
        "cp -a vendor build/v && rm -rf build/v/a",
        "cp -rL vendor build/v && rm -rf build/v/p/src",  # -L copies what links point at
        "cp -r src build/s && rm -rf build/s/lib",
        "cp -a vendor build/v && rm -rf build/v",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_a_copied_tree_itself_or_a_path_not_through_its_links_may_go(
    vendored_links: Path, command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, project=vendored_links, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)
