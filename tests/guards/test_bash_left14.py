"""Round 14's left14 (issue 30): round 13's "noticed and left alone" list closed by class, each
with its examples and harmless twins in all three modes, and the hook path's slow readers made
linear (pipelines of many stages, many shell calls, many copies, long runs of blanks).

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.guards.test_bash import MODES, assert_linear_work, check

# (1) a container runner's own options that hand the container the host


@pytest.mark.parametrize(
    "command",
    [
        "docker exec --privileged web ls",
        "docker container exec --privileged=true web sh -c id",
        "docker compose exec --privileged web ls",
        "docker compose run --cap-add SYS_ADMIN web ls",
        "docker compose run --rm --cap-add=ALL web pytest",
        "docker compose run -v /:/host web ls",
        "docker compose run --volume=/var/run/docker.sock:/s web ls",
        "docker-compose run --privileged web ls",
        "podman exec --privileged web ls",
        "podman compose run --cap-add sys_module web ls",
        "nerdctl compose run --cap-add=CAP_DAC_READ_SEARCH web ls",
        "podman-compose run --privileged web ls",
        "nerdctl-compose exec --privileged web ls",
    ],
)
def test_a_container_runner_given_the_hosts_powers_is_privilege_escalation(
    command: str,
) -> None:
    """``docker run``'s rule read these options since harm13; the runners' rows for ``exec``
    and ``compose run`` judged only the command run inside, so the same options passed."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "privilege-escalation", (command, mode)
        assert verdict.category == "policy", (command, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "docker exec web ls",
        "docker exec -it --user root web sh -c 'ls -v /'",
        "docker compose run --rm web pytest",
        "docker compose run --rm --cap-add NET_ADMIN web ip link",
        "docker compose run -v ./data:/data web ls",
        "docker compose exec -T db psql -c 'select 1'",
        "podman exec web ls --privileged",
        "docker-compose run --rm web ls",
    ],
)
def test_a_container_runner_without_the_hosts_powers_runs_its_command(command: str) -> None:
    for mode in MODES[:2]:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)
    assert check(command, unattended=True).rule != "privilege-escalation"


# (2) a secret variable printed by any expansion of its value


@pytest.mark.parametrize(
    "command",
    [
        "echo ${API_KEY@Q}",
        "echo ${API_KEY@A}",
        "echo ${API_KEY:0}",
        "echo ${API_KEY:0:6}",
        "echo ${API_KEY/x/y}",
        "echo ${API_KEY#sk-}",
        "echo ${GITHUB_TOKEN^^}",
        'echo "${X:-$DB_PASSWORD}"',
        "cat <<< $API_KEY",
        'cat <<< "token: ${GITHUB_TOKEN}"',
        "base64 <<< $NPM_TOKEN",
        "cat <<EOF\n$API_KEY\nEOF",
        "cat <<EOF | head -1\nkey=${SIGNING_KEY}\nEOF",
        'printf %s "$TOKEN"',
        "declare -p TOKEN",
    ],
)
def test_a_secret_variable_printed_by_any_expansion_is_refused_unattended(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        if mode.get("unattended"):
            assert verdict.blocked and verdict.rule == "print-secret-variable", (command, verdict)
        else:
            assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "echo ${#API_KEY} ${API_KEY:+set} ${API_KEY@a}",
        "cat <<< $HOME",
        "cat <<'EOF'\n$API_KEY\nEOF",
        'cat <<< "$CR_PAT" | docker login ghcr.io -u me --password-stdin',
        "cat <<EOF > build/.npmrc\n//r/:_authToken=${NPM_TOKEN}\nEOF",
        "echo ok <<< $API_KEY",
        "grep -c x <<< $API_KEY",
    ],
)
def test_a_secret_variable_measured_tested_or_fed_to_a_reader_passes(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


# (3) attaching to a running process


@pytest.mark.parametrize(
    "command",
    [
        "memray attach 4242",
        "memray attach --aggregate $(pgrep -f app)",
        "pyrasite 4242 payload.py",
        "pyrasite-shell 4242",
        "frida -p 4242 -l hook.js",
        "frida-trace --attach-pid=4242 -i open",
        "gdb -p 4242 -batch -ex bt",
    ],
)
def test_attaching_to_a_running_process_is_refused_in_every_mode(command: str) -> None:
    """Code run in another process acts as that process, and its memory holds its secrets."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "read-credentials", (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "memray run -o build/out.bin app.py",
        "memray flamegraph build/out.bin",
        "gdb ./build/app",
        "strace -p 4242",
        "frida --version",
    ],
)
def test_a_profiler_or_debugger_on_its_own_program_passes_attended(command: str) -> None:
    for mode in MODES[:2]:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


# (4) decisions made consistent


@pytest.mark.parametrize(
    "command",
    ["git filter-repo --analyze", "git filter-repo --analyze --force"],
)
def test_git_filter_repo_analyze_only_reads(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "git filter-repo --path src",
        "git filter-repo --invert-paths --path .env",
        "git filter-repo --force --replace-text --analyze",
        "git filter-repo --analyze --path src",
    ],
)
def test_git_filter_repo_rewriting_stays_refused(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "git-history-rewrite", (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "cd /tmp/b && cmake /work/project && make",
        "mkdir -p /tmp/b && cd /tmp/b && cmake -G Ninja /work/project && make -j4 && ctest",
        "cd /tmp/b && cmake -DCMAKE_BUILD_TYPE=Release /src && make",
        "cmake -S . -B /tmp/b && make -C /tmp/b",
    ],
)
def test_an_out_of_tree_build_this_line_configured_passes_unattended(command: str) -> None:
    """The build directory's makefile is what cmake wrote from the source tree the line names,
    as ``cmake -B /tmp/b`` made it a known copy of the project since round 13."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "cd /tmp/b && make",
        "cd /tmp/b && cmake /tmp/src && make",
        "cd /tmp/b && cmake . && make",
        "cd /tmp/b && cmake --build . && make",
    ],
)
def test_a_build_in_a_temp_area_the_line_did_not_configure_is_refused_unattended(
    command: str,
) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "unknown-program", (command, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "adb connect 192.168.1.20:5555",
        "adb pair 10.0.0.7:37099",
        "adb -H build-farm.example shell ls",
        "adb -s emulator-5554 connect 10.0.0.8",
        "kubectl exec pod -- ls",
    ],
)
def test_a_device_reached_over_the_network_is_a_remote_in_every_mode(command: str) -> None:
    """As a cluster's pod is (``kubectl exec``); a device attached here is the developer's own
    rig, whose runs are the policy's only unattended (round 13)."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "remote-mutation", (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "adb connect localhost:5555",
        "adb -s emulator-5554 shell ls",
        "adb push x /sdcard/x",
        "adb shell echo connect 10.0.0.8",
    ],
)
def test_a_device_attached_here_passes_attended(command: str) -> None:
    for mode in MODES[:2]:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


def test_git_merge_abort_is_an_everyday_step_in_every_mode() -> None:
    for mode in MODES:
        assert check("git merge --abort", **mode).allowed, mode
        assert check("git reset --merge", **mode).blocked, mode


# (5, 6) the hook path's readers in linear time

LONG_CRAFTED_LINES: dict[str, Callable[[int], str]] = {
    "pipeline-of-cats": lambda n: "cat f.txt" + " | cat" * n,
    "pipeline-of-kills": lambda n: "ps" + " | kill" * n,
    "pipeline-of-interpreters": lambda n: "ls" + " | python3 -c pass" * n,
    "pipeline-of-secret-printers": lambda n: "echo $API_KEY | " * n + "wc -c",
    "pipeline-of-here-strings": lambda n: "cat <<< $API_KEY | " * n + "wc -c",
    "many-moves": lambda n: "; ".join(f"mv a{i} b{i}" for i in range(n)) + "; rm -f b1",
    "many-copies": lambda n: "; ".join(f"cp a{i} /tmp/b{i}" for i in range(n)) + "; /tmp/b1",
    "shell-calls-without-close": lambda n: "python3 -c '" + "os.system(" * n + "'",
    "shell-calls-with-close": lambda n: "python3 -c '" + "os.system(x) " * n + "'",
    "code-dump-blanks": lambda n: "ruby -e 'p" + " " * n + "x; ENV'",
    "code-dump-paren-blanks": lambda n: "perl -e 'print" + " " * n + "(" + " " * n + "x; ENV'",
    "socket-connect-blanks": lambda n: "python3 -c 'import socket; s.connect" + " " * n + "x'",
    "socket-connect-parens": lambda n: (
        "python3 -c 'import socket; s.connect(" + " " * n + "(" + " " * n + "x'"
    ),
    "socket-bind-blanks": lambda n: (
        "python3 -c 'import socket; s.bind(" + " " * n + "(" + " " * n + "x'"
    ),
}
"""Lines that took from seconds to minutes before round 14, built at a size: each pipeline stage
read again for every later one (and asked again by every later sink), the copies read whole
after each copy (and, to round 18, every tree copied scanned for each moved path), a shell
call's operand read to the end of the code for each call, and two or three quantifiers
splitting one run of blanks (a socket's ``connect`` + 20,000 blanks took minutes)."""


@pytest.mark.parametrize("build", list(LONG_CRAFTED_LINES.values()), ids=list(LONG_CRAFTED_LINES))
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_long_crafted_lines_are_read_in_linear_time(
    build: Callable[[int], str], flags: dict[str, bool]
) -> None:
    assert_linear_work(build, 200, **flags)


@pytest.mark.parametrize(
    ("command", "blocked"),
    [
        ("python3 -c 'os.system(base64.b64decode(x).decode())'", True),
        ("node -e \"execSync(Buffer.from(x, 'base64').toString())\"", True),
        ("python3 -c 'os.system(x); base64.b64decode(y)'", False),
        ('python3 -c \'os.system("ls"); os.system(codecs.decode(x, "rot13"))\'', True),
        ("python3 -c 'os.system(x[::-1])'", True),
        ("python3 -c 'os.system(y.reverse())'", True),
    ],
)
def test_a_shell_call_of_a_decoded_command_is_found_as_before(command: str, blocked: bool) -> None:
    verdict = check(command)
    assert verdict.blocked is blocked, (command, verdict)
    if blocked:
        assert verdict.rule == "undecidable-payload", verdict


def test_a_kill_fed_by_a_lookup_of_a_control_process_far_up_a_pipeline_is_refused() -> None:
    command = "pgrep -f claude" + " | sort" * 50 + " | xargs kill"
    verdict = check(command)
    assert verdict.blocked and verdict.category == "control", verdict
