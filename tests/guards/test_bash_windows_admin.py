"""Round 22 (tune22b): Windows' administration tools (``sc``, ``net``, ``schtasks``, ``reg``,
``bcdedit``, ``takeown``, ``icacls``, ``wmic``) and PowerShell's service cmdlets change the
machine by verb, refused in every mode as ``systemctl stop`` and ``useradd`` are; their
queries only read and pass in every mode, unattended runs included; verbs the table does not
know stay judged as a program no rule names. The SysV and Upstart service managers
(``update-rc.d``, ``chkconfig``, ``initctl``) join ``service`` and ``rc-update``.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from ondas.guards import bash_windows, bash_windows_admin
from tests.guards.test_bash import check

MODES = ({}, {"sandboxed": True}, {"unattended": True})


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("net stop MySQL", "system-change"),
        ("NET.EXE start Spooler", "system-change"),
        ("net user builder s3cret /add", "system-change"),
        ("net localgroup administrators builder /add", "system-change"),
        ("net use Z: //fileserver/share", "system-change"),
        ("net time /set /yes", "system-change"),
        ("sc stop MySQL", "system-change"),
        ("sc config MySQL start= disabled", "system-change"),
        ("sc.exe create svc binPath= c:/tools/svc.exe", "system-change"),
        ("schtasks /create /tn nightly /tr c:/tools/x.exe /sc daily", "scheduled-job"),
        ("schtasks /run /tn nightly", "scheduled-job"),
        (
            "reg add HKCU/Software/Microsoft/Windows/CurrentVersion/Run /v x /d c:/x.exe",
            "system-change",
        ),
        ("reg import settings.reg", "system-change"),
        (
            "reg query 'HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon'",
            "read-credentials",
        ),
        ("reg save HKLM\\SAM sam.hive", "read-credentials"),
        ("reg export HKCU\\Software\\SimonTatham\\PuTTY\\Sessions out.reg", "read-credentials"),
        ("bcdedit /set safeboot minimal", "system-change"),
        ("bcdedit /deletevalue safeboot", "system-change"),
        ("wmic process where name='node.exe' delete", "system-change"),
        ("wmic service where name='MySQL' call stopservice", "system-change"),
        ("powershell Stop-Service -Name MySQL", "system-change"),
        ("pwsh -Command 'Set-Service -Name W32Time -StartupType Disabled'", "system-change"),
        ("powershell -Command 'Get-Service | spsv'", "system-change"),
        ("update-rc.d nginx disable", "system-change"),
        ("update-rc.d nginx defaults", "system-change"),
        ("chkconfig nginx off", "system-change"),
        ("chkconfig --add nginx", "system-change"),
        ("initctl stop nginx", "system-change"),
    ],
)
def test_a_change_of_the_machine_by_its_admin_tools_is_refused_in_every_mode(
    command: str, rule: str
) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule == rule, (command, mode, verdict.rule)
        assert verdict.category == "dangerous"


@pytest.mark.parametrize(
    "command",
    [
        "net start",
        "net user",
        "net user builder",
        "net use",
        "net localgroup administrators",
        "net view",
        "net config workstation",
        "sc query MySQL",
        "sc queryex type= service state= all",
        "sc qc MySQL",
        "schtasks /query /fo LIST /v",
        "reg query HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run",
        "reg compare HKCU\\Software\\A HKCU\\Software\\B",
        "bcdedit",
        "bcdedit /enum",
        "icacls C:\\folder",
        "icacls build",
        "icacls build /grant Everyone:R",
        "takeown /f build\\out.dll",
        "wmic os get caption",
        "wmic process list brief",
        "powershell Get-Service",
        "update-rc.d -n nginx defaults",
        "chkconfig --list",
        "initctl list",
        "initctl status nginx",
    ],
)
def test_their_queries_and_the_projects_own_files_pass_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.message())


@pytest.mark.parametrize(
    "command", ["net ads join -U admin", "sc budget.sc", "wmic", "reg save HKCU\\Software x.hiv"]
)
def test_a_verb_the_table_does_not_know_is_judged_as_an_unknown_programs(command: str) -> None:
    assert check(command).allowed
    assert check(command, unattended=True).rule == "unknown-program"


@pytest.mark.parametrize("command", ["./sc --help", "tools/reg build", "./net stop"])
def test_the_projects_own_program_of_such_a_name_is_not_windows(command: str) -> None:
    assert check(command).allowed


def test_the_names_wired_are_the_names_the_module_judges() -> None:
    assert set(bash_windows.WINDOWS_ADMIN.split()) == bash_windows_admin.PROGRAMS


@pytest.mark.parametrize(
    "command",
    [
        "takeown /f 'C:\\Windows\\System32\\drivers\\etc\\hosts'",
        "icacls 'C:\\shared' /grant Everyone:F",
        "icacls ~/Documents /inheritance:r",
        "icacls /srv/other /grant Everyone:F /t",
    ],
)
def test_ownership_and_permissions_outside_the_project_are_refused_but_sandboxed_left_to_it(
    command: str,
) -> None:
    """As ``chmod`` outside the project: refused attended and unattended; sandboxed, a write
    the OS sandbox fails."""
    for mode in ({}, {"unattended": True}):
        verdict = check(command, **mode)
        assert verdict.rule == "system-change", (command, mode, verdict.rule)
    assert check(command, sandboxed=True).allowed


@pytest.mark.parametrize(
    "command",
    [
        "icacls build /grant Everyone:F",
        "icacls . /grant 'Everyone:(OI)(CI)F' /T",
        "icacls src /grant:r *S-1-1-0:M",
        "icacls data.db /grant Users:W",
        'icacls out /grant "Authenticated Users:F"',
    ],
)
def test_a_write_grant_to_every_user_is_refused_unattended_as_chmod_777_is(command: str) -> None:
    """Round 22 (the lead's merge): ``icacls`` giving every user of the machine (Everyone,
    Users, Authenticated Users, by name or SID) full, modify or write rights is Windows'
    ``chmod 777``: refused unattended, as ``world-writable``; attended and sandboxed the
    project's own files pass, as ``chmod 777`` there does."""
    assert check(command, unattended=True).rule == "world-writable", command
    assert check(command).allowed and check(command, sandboxed=True).allowed, command


@pytest.mark.parametrize(
    "command",
    [
        "icacls build /grant Everyone:R",
        "icacls build /grant 'Everyone:(OI)(CI)RX'",
        "icacls build /grant me:F",
    ],
)
def test_a_read_grant_or_a_grant_to_one_user_passes_unattended(command: str) -> None:
    assert check(command, unattended=True).allowed, command
