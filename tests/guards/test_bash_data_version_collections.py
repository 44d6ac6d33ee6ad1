"""Round 16 (work16s): a data version tool's forced garbage collection (``dvc gc -w -f``)
deletes, without asking, every cached version the workspace does not use, the only copy of
older data unless pushed: refused in every mode. Asked (no ``-f``), it is the tool's own
question; its reads stay everyday."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

FORCED = [
    "dvc gc --workspace --force",
    "dvc gc -w -f",
    "dvc gc --all-commits -f --cloud",
    "dvc -q gc -f -w",
]
EVERYDAY = ["dvc gc -w", "dvc status", "dvc diff", "dvc dag"]


@pytest.mark.parametrize("command", FORCED)
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_a_forced_collection_of_data_versions_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


@pytest.mark.parametrize("command", EVERYDAY)
@pytest.mark.parametrize("flags", MODES[:2], ids=["attended", "sandboxed"])
def test_an_asked_collection_and_the_tools_reads_are_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, verdict.rule, verdict.reason)
