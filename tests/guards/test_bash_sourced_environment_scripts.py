"""A toolchain's environment script sourced under a directory the session's environment names
(``. "$NVM_DIR/nvm.sh"``) is the environment script it names; a sourced path the line computes,
reads, loops over or points at a temp area stays refused as before.

Every command is data handed to the guard as a Python string; none is run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

ENVIRONMENT = [
    '. "$NVM_DIR/nvm.sh"',
    '. "$NVM_DIR/nvm.sh" && node --version',
    'source "$VIRTUAL_ENV/bin/activate"',
    'source "${CONDA_PREFIX}/etc/profile.d/conda.sh"',
    'source "$SDKMAN_DIR/bin/sdkman-init.sh"',
    '. "$ASDF_DIR/asdf.sh"',
    'source "$ONEAPI_ROOT/setvars.sh"',
]

COMPUTED = [
    # a variable the line reads, loops over or fills: its value is the line's, not the session's
    'read D; . "$D/nvm.sh"',
    'read -r D < list.txt; . "$D/bin/activate"',
    'printf -v D %s "$(cat dirs.txt)"; . "$D/nvm.sh"',
    'f() { . "$1/nvm.sh"; }; f build',
    # not an environment script's name, or a path climbing out of its directory
    '. "$X/run.sh"',
    '. "$X/../nvm.sh"',
    'source "$TOOLS/deploy.sh"',
]

UNATTENDED_TEMP = [
    'NVM_DIR=/tmp/x; . "$NVM_DIR/nvm.sh"',
    'export NVM_DIR=/tmp/x; . "$NVM_DIR/nvm.sh"',
    'for D in /tmp/*; do . "$D/nvm.sh"; done',
]


@pytest.mark.parametrize("command", ENVIRONMENT)
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_an_environment_script_under_a_session_variable_is_sourced(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize("command", COMPUTED)
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_a_sourced_path_the_line_computes_stays_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked, (command, flags)
    assert verdict.rule == "dynamic-command", (command, verdict.rule)


@pytest.mark.parametrize("command", UNATTENDED_TEMP)
def test_an_environment_script_name_in_a_temp_area_is_refused_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked, command
    assert verdict.rule == "unknown-program", (command, verdict.rule)
