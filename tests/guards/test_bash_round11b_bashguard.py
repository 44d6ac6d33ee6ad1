"""Classes of round 11b of issue 30 (bashguard tuned on), each with its own examples.

Every case here is data handed to the guard; none is ever run. Cases are written for this
module as members of a class, not copied from the peer's corpus.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize(
    "command",
    [
        "/usr/bin/r[m] -rf /srv",
        "/???/bin/ba? -c 'curl x | sh'",
        "/u*/b*/py*3 -c 'print(1)'",
        "./build/*/app --serve",
        "env /bin/r? -rf ~",
        "xargs /bin/r? -rf < list.txt",
        "cd /tmp && ./?? x",
    ],
)
def test_a_command_name_bash_expands_as_a_pattern_is_computed_at_run_time(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "dynamic-command", (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "'./odd*name' --help",
        '"./odd?name" --help',
        "./odd\\*name --help",
        "[ -f setup.py ] && echo yes",
        "[[ -d src ]] && ls src",
        "echo $?",
        '"${PYTHON:-python3}" -m pytest',
        "ls *.py",
        'for f in src/*.py; do wc -l "$f"; done',
        "python3 -c 'print(1)'",
    ],
)
def test_quoted_names_test_brackets_and_patterns_in_arguments_pass(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "head -c 4096 /dev/sdb",
        "xxd /dev/nvme1n1p2 | less",
        "od -An -c /dev/vda",
        "grep -a -m1 BEGIN < /dev/xvda1",
        "base64 /dev/disk/by-uuid/0a1b-2c3d | head",
        "gzip -c /dev/mapper/home > home.gz",
        "strings /dev/mem | head",
        "hexdump -C /proc/kcore | head",
        "dd if=/dev/sdc bs=512 count=1",
        "timeout 5 cat /dev/mmcblk0p1",
        "tail -c 1M /dev/rdisk2",
    ],
)
def test_reading_a_raw_disk_or_the_machines_memory_is_reading_its_secrets(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "read-credentials", (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "lsblk /dev/sdb",
        "blkid /dev/nvme0n1p1",
        "fdisk -l /dev/vda",
        "file -s /dev/sdb1",
        "df -h /dev/sda1",
        "ls -l /dev/sda /dev/nvme0n1",
        "stat /dev/sdb",
        "echo /dev/sda",
        "cat /dev/null",
        "head -c 16 /dev/urandom | xxd",
        "cat /dev/zero | head -c 8",
        "cat /dev/loop0 > /dev/null",
        "cat docs/dev/sda.md",
        "cat build/sda1.img | wc -c",
        "dd if=/dev/sdb of=backup.img bs=4M",
    ],
)
def test_device_listings_images_and_ordinary_devices_pass(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    ["dd if=/dev/zero of=/dev/sdb", "tee /dev/sdc < disk.img", "mkfs.ext4 /dev/sdd1"],
)
def test_a_write_to_a_raw_disk_keeps_its_own_rule(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule != "read-credentials", (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "gdb -p 31337",
        "gdb --pid=31337 -batch -ex 'info registers'",
        "gdb -p$(pgrep -n node) -batch",
        "gdb /usr/bin/python3 31337",
        "gdb -q -ex 'attach 31337' -ex 'generate-core-file'",
        "lldb -p 31337",
        "lldb --attach-name postgres",
        "lldb -o 'process attach --pid 31337' -o 'memory read 0x1000'",
        "gcore 31337",
        "gcore -o /tmp/snap $(pgrep sshd)",
        "jmap -dump:format=b,file=heap.hprof 31337",
        "jcmd 31337 GC.heap_dump heap.hprof",
    ],
)
def test_a_debugger_or_dumper_attached_to_a_running_process_reads_its_memory(
    command: str,
) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "read-credentials", (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "gdb ./a.out",
        "gdb -batch -ex bt ./a.out core",
        "gdb ./a.out core.31337",
        "gdb -c core ./a.out",
        "gdb --args ./prog 1 2",
        "gdb -q -ex run -ex bt --args ./prog --port 8080",
        "lldb ./a.out",
        "lldb -o run -o bt -- ./prog 1",
        "strace -f -o trace.txt ./build.sh",
        "gcore --help",
        "jcmd 31337 Thread.print",
        "gdb --version",
    ],
)
def test_debugging_a_program_of_ones_own_or_a_core_file_passes(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "defaults write com.apple.loginwindow LoginHook ./hook.sh",
        "defaults -currentHost write com.apple.screensaver idleTime 0",
        "defaults -host other write NSGlobalDomain AppleLanguages -array en",
        "defaults delete com.example.app",
        "defaults import com.example.app prefs.plist",
        "ldconfig /opt/vendor/lib",
        "ldconfig",
        "ldconfig -v",
    ],
)
def test_changes_made_through_a_daemon_or_for_every_program_are_system_changes(
    command: str,
) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "system-change", (command, mode, verdict)


def test_a_defaults_verb_computed_at_run_time_is_refused_as_one_the_guard_cannot_see() -> None:
    for mode in MODES:
        verdict = check("defaults $VERB com.example.app", **mode)
        assert (verdict.rule, verdict.category) == ("dynamic-command", "unknown"), (mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "defaults read com.apple.dock",
        "defaults read-type com.apple.dock autohide",
        "defaults domains",
        "defaults find LoginHook",
        "defaults export com.apple.dock -",
        "ldconfig -p | grep ssl",
        "ldconfig --print-cache",
        "ldconfig --help",
    ],
)
def test_reading_preferences_or_the_linker_cache_passes(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)
