"""Common developer tools known by their verbs, each with its harmful twin (issue 30, round 21,
``left21``; round 20 left ``help2man``, ``dprint``, ``zizmor``, ``husky`` and ``anvil``
unknown unattended).

- dprint formats and checks the project's files by its ``dprint.json`` (``fmt``, ``check``);
  ``config update``, ``upgrade`` and another configuration stay unknown.
- ``husky init`` sets up the project's own hooks in ``.husky/``; ``install DIR`` (git's hooks
  pointed elsewhere) and ``uninstall`` do not pass.
- help2man runs the program it is given with ``--help`` and ``--version``: known when that
  program is the project's (as ``ldd ./bin/app``), its ``-o`` judged as a write.
- zizmor audits the project's workflows; ``OWNER/REPO`` fetches a repository's over the
  network and stays unknown.
- anvil runs a local chain node for tests; ``--fork-url URL`` reads a remote node, the network
  policy's unattended (as ``cast --rpc-url``).
Spread (Canonical's test runner, which runs tasks on remote and cloud machines by its backends)
stays unknown unattended by design.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

KNOWN = [
    "dprint fmt",
    "dprint check",
    "dprint output-file-paths",
    "husky init",
    "npx husky init",
    "help2man ./bin/app -o docs/app.1",
    "help2man -N -o app.1 ./app",
    "zizmor .github/workflows",
    "zizmor .github/workflows/ci.yml",
    "anvil",
    "anvil --port 8546",
]


@pytest.mark.parametrize("command", KNOWN)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_developer_tools_everyday_verb_passes(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


UNKNOWN_UNATTENDED = [
    "dprint config update",
    "dprint upgrade",
    "dprint fmt --config /tmp/dprint.json",
    "dprint fmt --config https://example.com/dprint.json",
    "husky install .ondas/tmp/hooks",
    "help2man /tmp/evil -o x.1",
    "zizmor octo/app",
    "spread google:",
]


@pytest.mark.parametrize("command", UNKNOWN_UNATTENDED)
def test_a_developer_tools_other_verbs_stay_unknown_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked, (command, verdict)


def test_a_chain_node_forked_from_a_remote_node_is_the_network_policy_unattended() -> None:
    verdict = check("anvil --fork-url https://eth.example.com", unattended=True)
    assert verdict.rule == "network-not-whitelisted", verdict


def test_husky_uninstall_turns_the_hooks_off_and_is_refused() -> None:
    assert check("husky uninstall", unattended=True).blocked


def test_a_manual_page_written_outside_the_project_is_refused() -> None:
    verdict = check("help2man ./bin/app -o ~/.bashrc", unattended=True)
    assert verdict.rule == "write-outside-project", verdict
