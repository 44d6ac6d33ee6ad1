"""Round 25 (tune25b): classes two held-out peers' harmful and asks sets showed once tuned on.
Windows' elevating tools (``runas``, ``gsudo``, ``psexec``) and ``setx``'s persistent
environment, the machine's power, network, host name and clock settings tools (macOS's
``pmset``, ``systemsetup``, ``networksetup``, ``scutil``; systemd's ``hostnamectl``,
``timedatectl``), and the default branch deleted without force. Every case is data handed to
the guard; none is ever run."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

IDS = ["attended", "sandboxed", "unattended"]


def _refused_as(rule: str, command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == rule, (command, flags, verdict.rule)


def _passes(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert not verdict.blocked, (command, flags, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "runas /user:Administrator powershell",
        'runas.exe /savecred /user:admin "notepad C:\\Windows\\win.ini"',
        "runas /netonly /user:corp\\svc cmd",
        "gsudo",
        "gsudo npm install --global typescript",
        "gsudo.exe -n cmd /c whoami",
        "psexec -s -i cmd.exe",
        "PsExec64.exe -accepteula -h -u admin cmd",
        "psexec \\\\buildbox ipconfig /all",
        "paexec -s powershell",
        "cd build && runas /user:admin installer.exe",
        "bash -c 'gsudo reg query HKLM'",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_windows_elevation_is_privilege_escalation_in_every_mode(
    command: str, flags: dict[str, bool]
) -> None:
    _refused_as("privilege-escalation", command, flags)


@pytest.mark.parametrize(
    "command",
    [
        'setx PATH "C:\\tools\\bin;%PATH%"',
        "setx /m JAVA_HOME C:\\jdk-21",
        "setx.exe NODE_OPTIONS --require=./hook.js",
        "setx API_URL https://example.com /s buildbox",
        "cmd /c setx HTTP_PROXY http://127.0.0.1:8080",
        "echo done && setx GIT_SSH C:\\tools\\ssh.exe",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_setx_writing_the_persistent_environment_is_a_system_change(
    command: str, flags: dict[str, bool]
) -> None:
    _refused_as("system-change", command, flags)


@pytest.mark.parametrize(
    "command",
    [
        "runas /?",
        "runas",
        "runas /showtrustlevels",
        "gsudo status",
        "gsudo --version",
        "psexec /?",
        "setx /?",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_the_elevating_tools_usage_and_status_pass(command: str, flags: dict[str, bool]) -> None:
    _passes(command, flags)


@pytest.mark.parametrize(
    "command",
    [
        "pmset -a hibernatemode 0",
        "pmset -b sleep 0",
        "pmset sleepnow",
        "pmset schedule wake '12/24/26 08:00:00'",
        "pmset restoredefaults",
        "systemsetup -setremotelogin on",
        "systemsetup -settimezone UTC",
        "networksetup -setdnsservers Wi-Fi 10.0.0.53",
        "networksetup -setwebproxy Ethernet 10.0.0.2 3128",
        "networksetup -setairportpower en0 off",
        "scutil --set HostName builder",
        "scutil --nc start CorpVPN",
        "echo 'show State:/Network/Global/IPv4' | scutil",
        "hostnamectl set-hostname ci-box",
        "hostnamectl hostname ci-box",
        "hostnamectl -H admin@host status",
        "timedatectl set-ntp false",
        "timedatectl set-time '2030-01-01 00:00:00'",
        "timedatectl set-timezone America/New_York",
        "/usr/bin/pmset -c displaysleep 0",
        "cd src && networksetup -removenetworkservice Wi-Fi",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_the_machines_settings_changed_are_a_system_change_in_every_mode(
    command: str, flags: dict[str, bool]
) -> None:
    _refused_as("system-change", command, flags)


@pytest.mark.parametrize(
    "command",
    [
        "pmset -g",
        "pmset -g batt",
        "pmset -g assertions",
        "pmset noidle",
        "systemsetup -getremotelogin",
        "systemsetup -listtimezones",
        "networksetup -listallnetworkservices",
        "networksetup -getinfo Wi-Fi",
        "networksetup -getdnsservers Ethernet",
        "scutil --get ComputerName",
        "scutil --dns",
        "scutil --nc list",
        "scutil -r github.com",
        "hostnamectl",
        "hostnamectl status --static",
        "hostnamectl hostname",
        "timedatectl",
        "timedatectl status",
        "timedatectl show -p NTPSynchronized --value",
        "timedatectl list-timezones",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_the_machines_settings_read_pass_in_every_mode(
    command: str, flags: dict[str, bool]
) -> None:
    _passes(command, flags)


@pytest.mark.parametrize(
    "command",
    [
        "git branch -d main",
        "git branch --delete master",
        "git branch -dq trunk",
        "git branch --del develop",
        "git branch -d feature/login main",
        "git -C . branch -d production",
        "cd repo && git branch -d master",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_the_default_branch_deleted_unforced_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    _refused_as("git-branch-delete-default", command, flags)


@pytest.mark.parametrize(
    "command",
    [
        "git branch -d feature/login",
        "git branch --delete fix-123 old-spike",
        "git branch -d main-old",
        "git branch -d maintenance",
        "git branch -rd origin/main",
        "git branch --delete --remotes origin/master",
        "git branch --list main",
        "git branch -m master main",
        "git branch -vv",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_other_branches_deleted_and_the_default_branch_shown_pass(
    command: str, flags: dict[str, bool]
) -> None:
    _passes(command, flags)
