"""Round 25 of issue 30 (everyday25): classes of ordinary work refused in round 25's looked-at
repositories, in all three modes.

- A word naming a path (``tests/compiler/empty``, ``out/cache/purge``) in a command's sub-command
  place is an operand, not a verb: sub-command parsers never spell a command with a ``/``, so
  its parts are not read as a destroying verb (``empty``, ``purge``, ``drop``). A verb before or
  after it (``./bin/tool delete``, ``node bin/cli src/a.ts delete``), a verb that only starts
  with a slash (``/delete``) and a destroying option (``--reset``) stay refused.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

EVERYDAY = [
    "node bin/asc tests/compiler/empty --noEmit",
    "node bin/asc tests/compiler/empty --transform ./tests/transform/index.js --noEmit",
    "./bin/asc tests/compiler/empty.ts -o build/empty.wasm",
    "node scripts/compile.js fixtures/drop/input.sql",
    "./scripts/run tests/purge",
    "./bin/convert data/clear/sample.csv out/",
    "node tools/render.mjs templates/delete-dialog",
    "./tool ./cases/remove",
]

REFUSED_EVERYWHERE = [
    "./bin/tool delete",
    "./bin/tool drop --force",
    "node bin/tool db:drop",
    "node bin/tool src/a.ts delete",
    "./scripts/run tests/x purge",
    "./bin/tool /delete",
    "./bin/tool ./out destroy",
    "node ./scripts/setup --reset",
    "rails runner scripts/fix.rb db:drop",
    "gh repo delete owner/repo --yes",
    "docker volume rm cache/data",
    "zfs destroy pool/fs",
    "mc rb local/bucket",
]


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
@pytest.mark.parametrize("command", EVERYDAY)
def test_a_path_in_a_commands_verb_place_is_an_operand_not_a_destroying_verb(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert not verdict.blocked, (command, verdict.rule, verdict.reason)


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
@pytest.mark.parametrize("command", REFUSED_EVERYWHERE)
def test_a_destroying_verb_beside_a_path_and_a_destroying_option_stay_refused(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.blocked, (command, verdict.rule)
