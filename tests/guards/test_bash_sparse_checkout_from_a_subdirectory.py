"""A sparse checkout set from a sub-directory of the project (issue 30, round 21, ``left21``;
round 20 left ``cd sub && git sparse-checkout set x`` passing: the guard looked for
``sub/.claude``).

git's sparse patterns cover the whole work tree whatever directory they are set from; in cone
mode a directory named from ``sub`` is ``sub/x``. The project's top-level control files
(``.claude/``, ``.ondas/``) are left out, and git deletes them until ``disable``:
``rm-protected`` in every mode, as from the top. Naming them back (``../.claude``), reading
verbs, and a clone outside the project pass.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

DROPPED = [
    "cd sub && git sparse-checkout set x",
    "cd src && git sparse-checkout set api docs",
    "cd sub && git sparse-checkout set --no-cone '/*' '!/.claude'",
    "cd sub && git sparse-checkout init",
]


@pytest.mark.parametrize("command", DROPPED)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_sparse_checkout_from_a_subdirectory_leaving_control_files_out_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == "rm-protected", (command, flags, verdict)


TWINS = [
    "cd sub && git sparse-checkout set x ../.claude ../.ondas",
    "cd sub && git sparse-checkout list",
    "cd sub && git sparse-checkout disable",
    "cd /tmp/clone && git sparse-checkout set docs",
    "git sparse-checkout set src docs .claude .ondas",
]


@pytest.mark.parametrize("command", TWINS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_sparse_checkout_keeping_control_files_or_elsewhere_passes(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)
