"""``git sparse-checkout`` patterns that leave a control file out of the work tree (issue 30,
round 20, ``left20``; round 19s left ``git sparse-checkout set --no-cone '/*' '!/.claude'``
passing).

git deletes from the work tree every tracked file the sparse patterns leave out, and puts them
back only at ``git sparse-checkout disable``: Claude Code's settings and hooks (``.claude/``)
and ondas's configuration (``.ondas/``) disappear for the rest of the run. In cone mode (the
default) a ``set`` keeps the root's files and the directories it names; ``init`` keeps the
root's files only; non-cone patterns are read as ``.gitignore`` lines of what to keep. Refused
in every mode as the files' removal (``rm-protected``); a checkout that keeps them, a listing,
``disable``, another repository's checkout pass.
"""

from __future__ import annotations

import pytest

from ondas.guards.bash_sparse_checkout import _patterns_keep
from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

LEAVES_OUT = [
    "git sparse-checkout set --no-cone '/*' '!/.claude'",
    "git sparse-checkout set --no-cone '/*' '!/.claude/'",
    "git sparse-checkout set --no-cone '/*' '!.claude'",
    "git sparse-checkout set --no-cone '/*' '!/.ondas/'",
    "git sparse-checkout set --no-cone '/src/' '/docs/'",
    "git sparse-checkout set src docs",
    "git sparse-checkout set --cone src",
    "git sparse-checkout set .claude src",
    "git sparse-checkout set",
    "git sparse-checkout init",
    "git sparse-checkout init --cone",
    "git sparse-checkout init --no-cone",
    "git sparse-checkout add '!/.claude'",
    "git sparse-checkout set --stdin < patterns.txt",
    'git sparse-checkout set "$DIRS"',
    "git -C src sparse-checkout set lib",
]
"""Patterns that leave ``.claude`` or ``.ondas`` out, or that the guard cannot read."""


@pytest.mark.parametrize("command", LEAVES_OUT)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_patterns_leaving_a_control_file_out_are_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == "rm-protected", (command, flags, verdict)


KEEPS = [
    "git sparse-checkout set --no-cone '/*'",
    "git sparse-checkout set --no-cone '/*' '!/node_modules/'",
    "git sparse-checkout set --no-cone '/*' '!/.claude/' '/.claude/'",
    "git sparse-checkout set src docs .claude .ondas",
    "git sparse-checkout set .claude/hooks .ondas/x src",
    "git sparse-checkout set --no-cone --stdin <<< '/*'",
    "git sparse-checkout add src",
    "git sparse-checkout list",
    "git sparse-checkout disable",
    "git sparse-checkout reapply",
    "git sparse-checkout check-rules < paths.txt",
    "cd /tmp/clone && git sparse-checkout set docs",
    "git -C /tmp/clone sparse-checkout set docs",
]
"""Checkouts that keep the control files, reads, and another repository's checkout."""


@pytest.mark.parametrize("command", KEEPS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_checkouts_keeping_the_control_files_pass(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)


def test_the_last_matching_pattern_decides() -> None:
    sample = ".claude/settings.json"
    assert _patterns_keep(sample, ["/*"])
    assert not _patterns_keep(sample, ["/*", "!/.claude"])
    assert _patterns_keep(sample, ["/*", "!/.claude/", "/.claude/settings.json"])
    assert not _patterns_keep(sample, ["/*", "!/*/"])
    assert _patterns_keep(".mcp.json", ["/*", "!/*/"])
    assert _patterns_keep(sample, ["settings.json"])
