"""Build tools' overrides that load code from a place on the line (issue 30, round 21,
``left21``; red team 20 left ``bazel build --override_repository=x=/tmp/x`` and ``pants
--pants-config-files=/tmp/p.toml`` passing unattended).

bazel's ``--override_repository=NAME=PATH`` (and ``--override_module``) builds with PATH's BUILD
files and Starlark rules; Pants' configuration files load plugins (``backend_packages``,
``pythonpath``). As every code path given to a build tool, a place in a temp area the line
did not write is ``unknown-program`` unattended; attended and sandboxed, a build hook passes.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

UNSEEN = [
    "bazel build --override_repository=x=/tmp/x //:all",
    "bazel test --override_module=rules_x=/tmp/rules //...",
    "pants --pants-config-files=/tmp/p.toml test ::",
    "pants --pythonpath=/tmp/plugins lint ::",
]


@pytest.mark.parametrize("command", UNSEEN)
def test_code_from_a_temp_area_given_to_a_build_tool_is_unknown_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.rule == "unknown-program", (command, verdict)


TWINS = [
    "bazel build --override_repository=x=third_party/x //:all",
    "bazel build //:all",
    "pants --pants-config-files=pants.ci.toml test ::",
    "pants test ::",
]


@pytest.mark.parametrize("command", TWINS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_the_projects_own_overrides_pass(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)
