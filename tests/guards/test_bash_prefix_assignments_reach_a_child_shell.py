"""A shell started with variables assigned in front of it reads them from its environment: its
``-c`` code sees their values (issue 30, round 22, ``npol22``).

``D=build bash -c 'rm -rf "$D"'`` was refused in every mode as a deletion of a target "known
only at run time", while ``export D=build; bash -c 'rm -rf "$D"'`` and ``D=build; rm -rf "$D"``
passed: the prefix assignment is on the line, and bash puts it in the child's environment
(red team 15s' twin). The child's code is now judged with the values (``env D=V sh -c``,
``timeout 5 env D=V sh -c``, ``find -exec sh -c`` alike); a value computed at run time stays
unknown, and the variables other rules judge (``PATH``, ``HOME``, ``BASH_ENV``, ``IFS``,
``TMPDIR``...) keep their rules.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

SCRATCH = [
    "D=build bash -c 'rm -rf \"$D\"'",
    "D=build sh -c 'rm -rf $D/cache'",
    "D=node_modules/.cache bash -c 'rm -rf \"$D\"'",
    "env D=build bash -c 'rm -rf \"$D\"'",
    'timeout 60 env D=dist sh -c \'rm -rf "$D" && mkdir "$D"\'',
    "D=build find . -maxdepth 0 -exec sh -c 'rm -rf \"$D\"' \\;",
    "OUT=dist bash -c 'rm -rf \"${OUT}\"/*.map'",
]
"""A child shell deleting the scratch directory its prefix assignment names."""


@pytest.mark.parametrize("command", SCRATCH)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_child_shell_deleting_the_scratch_its_prefix_names_passes(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)


REFUSED = [
    ("D=/ bash -c 'rm -rf \"$D\"'", "rm-root"),
    ("D=~ bash -c 'rm -rf \"$D\"'", "rm-home"),
    ("D=.git bash -c 'rm -rf \"$D\"'", "rm-protected"),
    ("D=src bash -c 'rm -rf \"$D\"'", "rm-recursive-outside-temp"),
    ("env D=/ bash -c 'rm -rf \"$D\"'", "rm-root"),
    ("timeout 5 env D=/ sh -c 'rm -rf \"$D\"'", "rm-root"),
    ("X='rm -rf /' bash -c '$X'", "rm-root"),
    ("X='rm -rf ~' bash -c 'eval \"$X\"'", "rm-home"),
    ("D=build bash -c 'D=/; rm -rf \"$D\"'", "rm-root"),
]
"""Twins: the values known now name what is dangerous (they were refused as unknown before)."""


@pytest.mark.parametrize(("command", "rule"), REFUSED)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_child_shell_deleting_what_its_prefix_names_is_refused_by_what_it_is(
    command: str, rule: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == rule, (command, flags, verdict)


UNKNOWN = [
    "D=$(cat f) bash -c 'rm -rf \"$D\"'",
    "D=build bash -c 'rm -rf \"$E\"'",
    "HOME=/tmp/h bash -c 'rm -rf \"$HOME/x\"'",
]
"""Twins still refused: a computed value, another variable, a name other rules judge."""


@pytest.mark.parametrize("command", UNKNOWN)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_computed_other_and_judged_variables_stay_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert not verdict.allowed, (command, flags, verdict)


def test_the_child_environment_ends_with_the_child() -> None:
    """``D=/ bash -c 'true'`` does not change the line's own ``D``."""
    assert check("D=build; D=/ bash -c 'true'; rm -rf \"$D\"").allowed
    assert check("D=/ bash -c 'true'; rm -rf \"$D\"").rule == "rm-unknown-target"
