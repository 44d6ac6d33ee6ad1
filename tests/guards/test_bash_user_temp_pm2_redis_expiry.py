"""Classes of round 15 of issue 30 (pi-destructive-guard tuned on), each with its twins.

macOS's per-user temp directory is scratch space as ``/tmp`` is; pm2's verbs that act on the
apps it already runs pass unattended; a redis key given a time to live is deleted when it runs
out, as ``DEL`` deletes it now. Every case here is data handed to the guard; none is ever run.
Cases are written for this module as members of a class, not copied from the peer's tests.
"""

from __future__ import annotations

import pytest

from ondas.guards.paths import temp_root
from ondas.guards.verdict import category_of
from tests.guards.test_bash import MODES, check

ATTENDED, SANDBOXED, UNATTENDED = MODES


@pytest.mark.parametrize(
    "command",
    [
        "rm -rf /var/folders/zz/k3j2h1g0f9d8s7a6q5w4e3r2t1y0/T/build-cache",
        "rm -f /private/var/folders/ab/cd1234efgh/T/screenshot.jpg",
        "/bin/rm -fr '/var/folders/q1/w2e3r4t5/T/session 7/out'",
        "echo done > /var/folders/q1/w2e3r4/T/marker.txt",
        "cp dist/app.tar.gz /var/folders/xy/abcdef/T/upload.tgz",
        "mkdir -p /var/folders/xy/abcdef/T/run-3 && rm -rf /var/folders/xy/abcdef/T/run-3",
    ],
)
def test_macos_per_user_temp_directory_is_scratch_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "rm -rf /var/folders/ab/cdef1234/T",
        "rm -rf /var/folders/ab/cdef1234/T/*",
        "rm -rf /private/var/folders/ab/cdef1234/T/",
    ],
)
def test_the_per_user_temp_directory_itself_is_not_scratch(command: str) -> None:
    for mode in (ATTENDED, UNATTENDED):
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "rm-outside-project", (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "rm -rf /var/folders/ab/cdef1234/C/com.apple.metal",
        "rm -rf /var/folders/ab/cdef1234/0/com.apple.LaunchServices",
        "rm -rf /var/folders/*/*/T/scratch",
        "rm -rf /var/folders/ab/cdef1234",
        "rm -rf /var/folders/ab/cdef1234/T/../../../../../etc/ssh",
        "rm -rf /var/folders/ab/cdef1234/T/scratch ~/Documents",
    ],
)
def test_other_folders_beside_it_and_paths_leaving_it_are_still_refused(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked, (command, mode, verdict)


def test_temp_root_names_the_area_a_path_is_in() -> None:
    assert temp_root("/tmp/x/y") == "/tmp"
    assert temp_root("/var/folders/ab/cd/T/x") == "/var/folders/ab/cd/T"
    assert temp_root("/private/var/folders/ab/cd/T") == "/private/var/folders/ab/cd/T"
    assert temp_root("/var/folders/ab/cd/C/x") is None
    assert temp_root("/var/folders/ab/cd") is None
    assert temp_root("/var/folders/a?/cd/T/x") is None
    assert temp_root("/srv/app/proj") is None


@pytest.mark.parametrize(
    "command",
    [
        "pm2 restart worker",
        "pm2 stop all",
        "pm2 reload web --update-env",
        "pm2 scale web 4",
        "pm2 save",
        "pm2 jlist",
        "pm2 logs web --lines 50",
        "pm2 describe 0",
    ],
)
def test_pm2_verbs_on_the_apps_it_already_runs_pass_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("pm2 start server.js", "unknown-program"),
        ("pm2 start 'bash -c \"make serve\"'", "unknown-program"),
        ("pm2 kill", "unknown-program"),
        ("pm2 delete worker", "service-destroy"),
        ("pm2 flush", "service-destroy"),
        # a deploy over ssh: the policy's in every mode since redteam15s (a publishing verb
        # of a program no rule names)
        ("pm2 deploy production", "remote-mutation"),
    ],
)
def test_pm2_starting_a_program_ending_or_destroying_its_apps_is_refused_unattended(
    command: str, rule: str
) -> None:
    verdict = check(command, **UNATTENDED)
    assert verdict.blocked and verdict.rule == rule, (command, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "redis-cli EXPIRE session:abc 30",
        "redis-cli -n 2 PEXPIRE cart:9 1500",
        "redis-cli expireat token:x 1700000000",
        "redis-cli -h 127.0.0.1 PEXPIREAT lock:job 1700000000000",
        "redis-cli HEXPIRE user:1 60 FIELDS 1 email",
        "echo 'EXPIRE queue:main 1' | redis-cli",
    ],
)
def test_a_redis_key_given_a_time_to_live_is_a_deletion_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "database-destroy", (command, mode, verdict)
        assert category_of(verdict.rule) == "dangerous"


@pytest.mark.parametrize(
    "command",
    [
        "redis-cli TTL session:abc",
        "redis-cli PTTL cart:9",
        "redis-cli PERSIST session:abc",
        "redis-cli SET greeting hello",
        "redis-cli --scan --pattern 'cart:*'",
    ],
)
def test_reading_or_keeping_a_redis_key_passes(command: str) -> None:
    for mode in (ATTENDED, SANDBOXED):
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)
