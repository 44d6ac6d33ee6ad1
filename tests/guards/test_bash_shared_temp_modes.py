"""Round 21 (sh-guard): modes, owners and attributes of what every session shares in /tmp.

The temp directory itself, or every file in it, is not the agent's scratch: ``chmod 777 /tmp``
takes away the sticky bit that keeps each user's files their own there, ``chown -R`` or
``chattr -R +i`` over it breaks every other program's temp files, ``install -d /tmp`` sets it
to 0755 (or ``-m``'s mode). Refused attended and unattended; sandboxed it is left to the OS
sandbox, as ``rm -rf /tmp/*`` is. Another session's sockets and runtime directories
(``/tmp/ssh-*``, ``/tmp/tmux-1000``) are refused in every mode, as their deletion is. A file or
directory of the agent's own in a temp area stays a write there.

Every command is data handed to the guard as a Python string; none is run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

SHARED = [
    "chmod -R 777 /tmp",
    "chmod 777 /tmp/",
    "chmod 000 /tmp",
    "chmod o-t /tmp",
    "chmod -R 700 /var/tmp",
    "chmod -R a+rwx /tmp/.",
    "chmod 700 /tmp/*",
    "chmod -R 755 /private/tmp",
    "chown -R nobody /tmp",
    "chown -R nobody:nogroup /var/tmp/",
    "chgrp -R staff /tmp",
    "chattr -R +i /tmp",
    "setfacl -R -m u:nobody:rwx /tmp",
    'chmod 700 "$TMPDIR"',
    "install -d -m 777 /tmp",
    "install -d /var/tmp",
    "install --directory -o nobody /tmp/",
]
"""The temp directory itself or every file in it, however written."""

OTHER_SESSIONS = [
    "chmod 700 /tmp/ssh-XXXXabcd",
    "chmod -R u+w /tmp/tmux-1000",
    "chown -R nobody /tmp/.X11-unix",
    "setfacl -m u:nobody:rw /tmp/ssh-XXXXabcd/agent.123",
]
"""Another session's sockets and runtime directories."""

OWN = [
    "chmod 755 /tmp/build",
    "chmod -R 755 /tmp/build /tmp/out",
    "chmod +x /tmp/x.sh",
    "chmod -R go-w /tmp/mybuild",
    "chown -R $(id -u) /tmp/cache-dir",
    "chmod 600 /tmp/key-scratch.pem",
    "chmod -R 755 build/",
    "install -d -m 755 /tmp/build",
    "install -m 755 bin/tool /tmp/tool",
    "install -d build/out",
]
"""Files and directories of the agent's own in a temp area, and the project's."""


@pytest.mark.parametrize("command", SHARED)
@pytest.mark.parametrize("flags", [MODES[0], MODES[2]], ids=["attended", "unattended"])
def test_a_mode_change_over_the_shared_temp_directory_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert not verdict.allowed, command
    assert verdict.rule in {"write-outside-project", "world-writable"}


@pytest.mark.parametrize("command", SHARED)
def test_sandboxed_the_shared_temp_directory_is_left_to_the_os_sandbox(command: str) -> None:
    assert check(command, sandboxed=True).allowed, command


@pytest.mark.parametrize("command", OTHER_SESSIONS)
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_a_mode_change_on_another_sessions_runtime_files_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert not verdict.allowed, command
    assert verdict.rule == "write-outside-project"


@pytest.mark.parametrize("command", OWN)
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_a_mode_change_on_the_agents_own_temp_files_stays_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).allowed, command
