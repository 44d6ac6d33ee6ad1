"""A path through a symbolic link the same line made names what the link points at (round 15,
the lead).

Every case here is data handed to the guard; none is ever run. A link into the project (to its
root, to ``src``) is allowed to be made, as the project's own links are everyday; but the kernel
follows it when a later path goes through it, so ``ln -s .. build/p && rm -rf build/p/src``
deletes the project's ``src``, not a scratch directory under ``build``. Found by the engineer
of ``mktemp15c``: it passed in every mode, as did ``ln -s /etc -t build`` (a link out of the
project, whose ``-t`` form skipped the target check). The link itself (``rm build/s``) is only
the link.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

THROUGH_A_LINK_INTO_THE_PROJECT = [
    "ln -s .. build/p && rm -rf build/p/src",
    'ln -s "$PWD" build/p && rm -rf build/p/src',
    "ln -s ../src build/s && rm -rf build/s/",
    "ln -s ../src build/s && rm -rf build/s/*",
    "ln -sfn ../src build/s; rm -rf build/s/main",
    "cd build && ln -s .. p && rm -rf p/src",
    "ln -s ../src -t build && rm -rf build/src/lib",
    "ln -s .. build/p && echo '{}' > build/p/.claude/settings.json",
    "ln -s .. build/p && ln -s p build/q && rm -rf build/q/src",
    # ``ln -r`` reads the target from the working directory and writes the link relative
    "ln -sr . build/p && rm -rf build/p/src",
    "ln --relative -s src build/s && rm -rf build/s/lib",
    # a link keeps what it points at when moved (an absolute one), or is read from where it
    # lands (a relative one), and a cd into it is a cd into what it points at
    'ln -s "$PWD" a; mv a build/p && rm -rf build/p/src',
    "ln -s .. build/p && cd build/p && rm -rf src",
    "ln -s .. build/p && cd build/p && echo x > .claude/settings.json",
    # ``-t DIR`` names the links' directory: its targets are checked as ``ln -s T LINK``'s
    "ln -s /etc -t build && echo x >> build/etc/profile",
    "ln -s ~/.ssh --target-directory=build",
]


@pytest.mark.parametrize("command", THROUGH_A_LINK_INTO_THE_PROJECT)
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_a_deletion_or_write_through_a_link_the_line_made_is_judged_where_the_link_points(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


@pytest.mark.parametrize(
    "command",
    [
        "ln -s ../src build/s && rm -rf build/s",
        "ln -s ../src build/s && ls build/s/",
        "rm -rf build/x && ln -s ../dist build/x",
        "ln -s ../out build/o && rm -rf build/o/cache",
        "ln -s /tmp/cache build/c && rm -rf build/c/*",
        "ln -sf ../README.md docs/index.md && rm -rf build",
        "ln -sr build/out build/o && rm -rf build/o/x",
        "ln -s . a; mv a build/p && rm -rf build/p/src",
        "ln -s ../out build/o && cd build/o && rm -rf *",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_the_link_itself_or_a_scratch_directory_through_it_may_go(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)
