"""Commands of a desktop session in unattended runs: browsers and mailers are the network
policy's, read-only looks at the machine are known (issue 30, round 6a).

Every case is data handed to the guard; none is run. Cases are written for the class, not
copied from the peers' corpora.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

REACH_HOSTS_THE_WHITELIST_CANNOT_JUDGE = [
    "chromium --headless --dump-dom https://news.example.org",
    "firefox --new-tab",
    "brave-browser &",
    "printf 'hi' | mailx -s report ops@example.net",
    "sendmail -t < message.eml",
]


@pytest.mark.parametrize("command", REACH_HOSTS_THE_WHITELIST_CANNOT_JUDGE)
def test_browsers_and_mailers_are_refused_unattended_as_network_policy(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.category == "policy", (command, verdict)
    assert check(command).allowed, command


@pytest.mark.parametrize(
    "command",
    [
        "chromium --headless --screenshot http://localhost:5173",
        "google-chrome https://github.com/org/repo/pulls",
        "echo done | mail -s build dev@github.com",
    ],
)
def test_a_browser_or_mailer_aimed_at_the_whitelist_runs_unattended(command: str) -> None:
    assert check(command, unattended=True).allowed, command


READ_ONLY_LOOKS = [
    "pstree -p",
    "sensors",
    "sestatus",
    "lastlog -u agent",
    "cal -3",
    "uuidgen",
    "lsb_release -a",
    "upower --enumerate",
    "adb devices -l",
    "bluetoothctl devices",
    "ip a",
    "ip -s link",
]


@pytest.mark.parametrize("command", READ_ONLY_LOOKS)
def test_read_only_looks_at_the_machine_run_unattended(command: str) -> None:
    assert check(command, unattended=True).allowed, command


@pytest.mark.parametrize(
    "command", ["upower --monitor-detail", "bluetoothctl remove AA:BB", "ip link set eth0 down"]
)
def test_their_other_verbs_stay_unknown_unattended(command: str) -> None:
    assert check(command, unattended=True).blocked, command
