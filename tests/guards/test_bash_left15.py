"""Round 15's left15 (issue 30): round 14's "left alone" list closed by class, each with its
examples and harmless twins in the guard's modes.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.guards.test_bash import LINEAR_BOUND, MODES, assert_linear_work, check, count_calls

# (1) a container's confinement lifted, a host device or namespace handed to it


@pytest.mark.parametrize(
    "command",
    [
        "docker run --rm -it --security-opt seccomp=unconfined ubuntu bash",
        "docker run --security-opt=apparmor=unconfined ubuntu id",
        "podman run --security-opt label=disable fedora id",
        "docker run --security-opt label:disable ubuntu id",
        "podman run --security-opt unmask=ALL fedora id",
        "podman run --security-opt systempaths=unconfined fedora id",
        "docker run --device /dev/sda ubuntu id",
        "docker run --device=/dev/nvme0n1:/dev/x ubuntu id",
        "nerdctl run --device /dev/mem alpine id",
        "docker run --device /dev/cpu/0/msr alpine id",
        "docker create --device /dev/loop0 img",
        "docker run --device-cgroup-rule 'a *:* rwm' alpine id",
        "docker run --uts=host alpine hostname x",
        "docker run --cgroupns host alpine id",
        "podman run --userns=host fedora id",
        "docker run --ipc host alpine id",
    ],
)
def test_a_container_with_its_confinement_lifted_or_a_host_device_is_privilege_escalation(
    command: str,
) -> None:
    """Read as ``--privileged`` is: each hands the container part of what it grants (no
    system call filter or profile, the host's disks or memory, the host's namespaces)."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "privilege-escalation", (command, mode)
        assert verdict.category == "policy", (command, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "docker run --rm --security-opt no-new-privileges alpine id",
        "docker run --rm --security-opt seccomp=./profile.json alpine id",
        "podman run --rm --security-opt label=type:container_t fedora id",
        "docker run --rm --device /dev/fuse alpine id",
        "docker run --rm --device /dev/kvm qemu id",
        "docker run --rm --device /dev/dri --device /dev/snd app",
        "docker run --rm --device-cgroup-rule 'c 189:* rmw' app",
        "docker run --rm --uts private alpine hostname",
        "docker run --rm --gpus all cuda nvidia-smi",
    ],
)
def test_a_container_kept_confined_with_ordinary_devices_runs(command: str) -> None:
    for mode in MODES[:2]:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)
    assert check(command, unattended=True).rule != "privilege-escalation"


# (2) a system call tracer that changes what the traced program does


@pytest.mark.parametrize(
    "command",
    [
        "strace -e inject=unlinkat:poke_enter=@arg2=2f746d702f78 rm build/x",
        "strace --inject=openat:poke_exit=@arg1=00 ./app",
        "strace --inject write:error=EIO,poke_enter=@arg2=00 ./app",
    ],
)
def test_a_tracer_writing_into_the_traced_programs_memory_is_undecidable(command: str) -> None:
    """A poke changes what a call acts on: the command line judged no longer says what runs."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "undecidable-payload", (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "strace -e inject=all:error=EPERM -p 1234",
        "strace -p 1234 --inject=write:signal=KILL",
        "strace -einject=write:retval=1 -p1234",
        "strace --attach=99 -e fault=openat",
    ],
)
def test_an_injection_into_a_running_process_is_refused(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "signal-control", (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "strace -f -e trace=openat make test",
        "strace -e inject=write:error=ENOSPC python3 app.py",
        "strace --inject openat:error=ENOENT:when=3 python3 app.py",
        "strace -e fault=openat python3 app.py",
        "strace -p 1234",
        "strace -o trace.log -f pytest",
        "strace -otrace.log pytest",
        "strace -o /dev/null pytest",
    ],
)
def test_fault_testing_and_tracing_of_a_judged_command_pass(command: str) -> None:
    for mode in MODES[:2]:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("strace -o ~/.bashrc ls", "write-outside-project"),
        ("strace --output=/etc/profile ls", "write-outside-project"),
        ("ltrace -o ~/.profile ls", "write-outside-project"),
        ("strace -o '|rm -rf ~' ls", "rm-home"),
        ("strace -e inject=openat:error=ENOENT rm -rf ~", "rm-home"),
    ],
)
def test_a_tracers_trace_file_and_traced_command_are_judged(command: str, rule: str) -> None:
    """Attended and unattended (sandboxed, the sandbox holds writes outside the project)."""
    for mode in (MODES[0], MODES[2]):
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == rule, (command, mode, verdict)


# (3) a secret variable's value written into the repository's history or a message


@pytest.mark.parametrize(
    "command",
    [
        'git commit -m "Key: $GITHUB_TOKEN"',
        'git commit -am "deploy with ${AWS_SECRET_ACCESS_KEY}"',
        'git commit --message="$GITHUB_TOKEN"',
        'git commit -m"$GITHUB_TOKEN"',
        'git commit --trailer "Token: $GITHUB_TOKEN" -m x',
        'git tag -a v1 -m "$NPM_TOKEN"',
        'git notes add -m "$OPENAI_API_KEY" HEAD',
        'git stash push -m "$GITHUB_TOKEN"',
        "printf '%s' \"$GITHUB_TOKEN\" > msg.txt && git commit -F msg.txt",
        'echo "token $API_KEY" > /tmp/m && git -C . commit --file=/tmp/m',
        "cat > msg <<EOF\nx $DB_PASSWORD\nEOF\ngit commit -F msg",
        'git commit -F - <<< "$GITHUB_TOKEN"',
    ],
)
def test_a_secret_variable_written_into_history_is_a_leak_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "print-secret-variable", (command, verdict)
    assert not check(command).blocked, command


@pytest.mark.parametrize(
    "command",
    [
        'git commit -m "bump $VERSION"',
        "git commit -m 'Key: $GITHUB_TOKEN'",
        'git commit -m "read GITHUB_TOKEN from $GITHUB_TOKEN_FILE"',
        "git commit -F msg.txt",
        "printf '%s' \"$VERSION\" > msg.txt && git commit -F msg.txt",
        "git revert -m 1 HEAD",
        'TOKEN=abc; git commit -m "$TOKEN"',
        'git tag -a v1 -m "release $TAG"',
    ],
)
def test_a_message_without_a_secret_variables_value_is_committed(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.rule != "print-secret-variable", (command, verdict)


# (4) ip's read verbs are reads across its objects


@pytest.mark.parametrize(
    "command",
    [
        "ip netns identify",
        "ip netns identify 1234",
        "ip netns pids ns1",
        "ip netns list-id",
        "ip xfrm state list",
        "ip xfrm policy",
        "ip xfrm state count",
        "ip mptcp endpoint show",
        "ip sr tunsrc show",
        "ip route save",
        "ip -j route show table all",
    ],
)
def test_ips_read_verbs_read_every_object(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "ip netns exec ns1 ip a",
        "ip netns add ns1",
        "ip xfrm state deleteall",
        "ip mptcp endpoint add 10.0.0.1 dev eth0",
        "ip sr tunsrc set 2001:db8::1",
        "ip route restore",
        "ip link set eth0 down",
        "ip -batch cmds.txt",
    ],
)
def test_ips_writes_stay_refused(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked, (command, mode)


# (5) settings-location variables by their shape; a global attributes file in the home


@pytest.mark.parametrize(
    "command",
    [
        "SRC=.claude make",
        "LIBSRC=.git/hooks make -n",
        "RC=.claude make",
        "BUILD_RC=.git make",
    ],
)
def test_a_variable_only_ending_in_rc_is_no_settings_location(command: str) -> None:
    verdict = check(command)
    assert verdict.rule != "write-protected-path", (command, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "HOME=.claude git config --global user.name x",
        "GNUPGHOME=.git/hooks gpg --import k",
        "CONDARC=.claude/settings.json conda config --set x y",
        "XDG_CONFIG_HOME=.claude git config --global a.b c",
        "KUBECONFIG=.ondas/config.toml kubectl config set-context x",
        "ZDOTDIR=.git/hooks zsh -c true",
        "PIP_CONFIG_FILE=.claude/settings.json pip config set global.x y",
    ],
)
def test_a_settings_location_pointed_at_a_control_path_is_refused(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "write-protected-path", (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "git config --global core.attributesFile ~/.gitattributes",
        "git config --global core.attributesfile ~/.config/git/attributes",
        "git config --global --unset core.attributesFile",
    ],
)
def test_a_global_attributes_file_in_the_home_is_set_up(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "git config core.attributesFile .claude/settings.json",
        "git config --global core.attributesFile .git/hooks/x",
        "git config --global core.attributesFile ~/.claude/attrs",
        "git config --global core.attributesFile /tmp/attrs",
        "git config --global core.attributesFile attrs.txt",
        "git config core.attributesFile ~/.gitattributes",
        "git -c core.attributesFile=/tmp/a diff",
    ],
)
def test_an_attributes_file_the_agent_writes_or_a_control_file_is_refused(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "git-config-tamper", (command, mode)


# (6) a Hardhat deployment to a network off this machine is the policy's, as forge's are


@pytest.mark.parametrize(
    "command",
    [
        "hardhat run --network sepolia scripts/mint.js",
        "npx hardhat run --network mainnet scripts/setup.ts",
        "npx hardhat --network sepolia run scripts/seed.ts",
        "hardhat run --network=polygon scripts/seed.js",
        "npx hardhat deploy --network goerli",
        "npx hardhat ignition deploy ignition/modules/Lock.ts --network sepolia",
        "npx hardhat ignition verify chain-11155111",
        "npx hardhat run --network $NET scripts/seed.js",
    ],
)
def test_a_hardhat_deployment_to_a_remote_network_is_the_policys(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.category == "policy", (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "hardhat run --network localhost scripts/deploy.js",
        "npx hardhat run --network hardhat scripts/seed.ts",
        "npx hardhat ignition deploy ignition/modules/Lock.ts --network localhost",
        "npx hardhat ignition visualize ignition/modules/Lock.ts",
        "npx hardhat run scripts/seed.ts",
        "npx hardhat test --network localhost",
    ],
)
def test_a_hardhat_run_on_a_local_network_is_the_projects_own(command: str) -> None:
    for mode in MODES[:2]:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


# (7) patterns read in linear time, finding what they found before

_OLD_WRITEFILE = (
    r"\b(?:writefile|write-region|append-to-file|copy-file|rename-file)\s*\(?[^\n]*?,?\s*"
    r"[\"'](?P<p1>[^\"'\n]+)[\"']\s*(?:,\s*[\"'][^\"'\n]*[\"']\s*)?\)"
)
_OLD_AWK_OUTPUT = r"(?:print|printf)(?:\"(?:[^\"\\\n]|\\.)*\"|[^;{}>\"])*>>?\s*\"(?P<p1>[^\"\n]+)\""
_OLD_EX_DELETE_ALL_HEAD = r"(?:^|[|\n:])\s*(?:(?:arg|buf|win)do!?\s+)?"
_OLD_KEY = (
    r"[A-Za-z0-9_.\-]*(?:passw(?:or)?d|passphrase|_pwd|pwd_|secret|token|api[_\-]?key|apikey"
    r"|access[_\-]?key|secret[_\-]?key|private[_\-]?key|app[_\-]?key|auth[_\-]?key"
    r"|master[_\-]?key|signing[_\-]?key|encryption[_\-]?key|credentials?|client[_\-]?secret"
    r"|session[_\-]?token|secretaccesskey|sessiontoken|identitytoken|registrytoken)"
    r"[A-Za-z0-9_.\-]*"
)
"""The patterns as round 14 left them (the ex pattern's head: its rest is unchanged)."""

_FUZZ_ALPHABET = (
    "print>\"'\\;{}()\n\t ,a/writefile-copy-file rename-file(%1$d:|g/.^vtokenTOKEN_pwd=:=>_.-"
)


def _texts() -> list[str]:
    """Every string of this directory's test and case files and the containment corpus (the
    tuned-on cases), and random strings drawn from the characters the patterns turn on."""
    import ast
    import random
    from pathlib import Path

    here = Path(__file__).parent
    texts: set[str] = set()
    for path in sorted(here.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                texts.add(node.value)
    for path in sorted((here / "corpus").glob("*.txt")):
        texts.update(path.read_text(encoding="utf-8").splitlines())
    rng = random.Random(15)
    for _ in range(6_000):
        texts.add("".join(rng.choice(_FUZZ_ALPHABET) for _ in range(rng.randrange(1, 40))))
    for _ in range(3_000):
        words = ("print", '"a"', "> ", '"f"', ";", "writefile(", "'x'", ", ", ")", "\n", "\\")
        texts.add("".join(rng.choice(words) for _ in range(rng.randrange(1, 16))))
    return sorted(texts)


def test_the_linear_finders_find_what_the_old_patterns_found() -> None:
    import re

    from ondas.guards.bash_code import _awk_output_paths, _writefile_paths
    from ondas.guards.bash_contain import _AWK_COMPUTED_OUTPUT, _awk_computed_output

    old_writefile = re.compile(_OLD_WRITEFILE)
    old_awk = re.compile(_OLD_AWK_OUTPUT)
    for text in _texts():
        if len(text) > 3_000:
            continue  # the old patterns are the slow ones
        expected = [(m.group("p1"), m.group(0)) for m in old_writefile.finditer(text)]
        assert list(_writefile_paths(text)) == expected, text
        expected = [(m.group("p1"), m.group(0)) for m in old_awk.finditer(text)]
        assert list(_awk_output_paths(text)) == expected, text
        old_computed = _AWK_COMPUTED_OUTPUT.search(text)
        new_computed = _awk_computed_output(text)
        assert (old_computed and old_computed.group(0)) == (
            new_computed and new_computed.group(0)
        ), text


def test_the_linear_patterns_match_what_the_old_ones_matched() -> None:
    import re

    from ondas.guards.bash_runners import _EX_DELETE_ALL
    from ondas.guards.secret_classes import _KEYWORD_VALUE

    new_head = r"(?:^|[|\n:])[^\S\n]*(?:(?:arg|buf|win)do!?\s+)?"
    assert new_head in _EX_DELETE_ALL.source
    old_ex = re.compile(_EX_DELETE_ALL.source.replace(new_head, _OLD_EX_DELETE_ALL_HEAD))
    old_keyword = re.compile(
        _KEYWORD_VALUE.source.replace(
            _KEYWORD_VALUE.source.split("(?P<key>(?:")[1].split("|auth|pwd|pass)")[0], _OLD_KEY
        )
    )
    assert old_keyword.pattern != _KEYWORD_VALUE.source
    for text in _texts():
        if len(text) > 3_000:
            continue
        assert bool(old_ex.search(text)) == bool(_EX_DELETE_ALL.search(text)), text
        for start in range(min(len(text), 200)):
            old = old_keyword.match(text, start)
            new = _KEYWORD_VALUE.match(text, start)
            assert (old and old.groupdict(), old and old.span()) == (
                new and new.groupdict(),
                new and new.span(),
            ), (text, start)


CRAFTED_LINES: dict[str, Callable[[int], str]] = {
    "awk-prints": lambda n: "awk '{" + "print" * n + "}'",
    "awk-prints-of-strings": lambda n: "awk '{" + 'print"a"' * n + "}'",
    "vim-writefiles": lambda n: "vim -es -c '" + 'writefile("a"' * n + "' f",
    "vim-writefile-blanks": lambda n: "vim -es -c 'call writefile(" + " " * n + 'x "a")\' f',
    "ex-newlines": lambda n: "vim -es -c '" + "\n" * n + "x' f",
    "ex-blank-newlines": lambda n: "ex -s f <<< '" + " \n" * n + "'",
}
"""Lines that reach the patterns made linear in round 15 (each took seconds to minutes), built
at a size: awk's ``print`` many times over, vim's ``writefile(`` many times over or before a
run of blanks, ex commands of many newlines."""


@pytest.mark.parametrize("build", list(CRAFTED_LINES.values()), ids=list(CRAFTED_LINES))
def test_crafted_lines_reaching_the_patterns_are_read_in_linear_time(
    build: Callable[[int], str],
) -> None:
    for mode in MODES:
        assert_linear_work(build, 400, **mode)


def test_the_secrets_filter_reads_a_run_of_key_names_in_linear_time() -> None:
    """Work counted as in :func:`assert_linear_work`, on the filter alone."""
    from ondas.guards.secrets import find_secrets

    list(find_secrets("token x"))
    small = count_calls(lambda: list(find_secrets("token" * 400 + " x")))
    large = count_calls(lambda: list(find_secrets("token" * 800 + " x")))
    assert large <= LINEAR_BOUND * small, (small, large)
