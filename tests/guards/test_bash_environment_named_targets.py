"""Write targets the guard cannot name (round 17, npol17): a file name the session's environment
gives after a start the line names (``build/$NAME.txt``) is judged as each of its readings;
variables a line sets from text it cannot read are unknown, and after them so are the
environment's own values; ``tar -c``'s ``-C`` names where files are read from."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

MODES = ({"sandboxed": True}, {}, {"unattended": True})


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "mv checksums.txt gh_${TAG_NAME#v}_checksums.txt",
        'echo x > "build/$NAME.txt"',
        'echo x > "build/${NAME}.txt"',
        'echo x > "build/${NAME:?}.txt"',
        'tee "build/$NAME.log" < x',
        'mkdir -p "dist/$VERSION"',
        'cp a.txt "dist/app-$VERSION/"',
        'D=build; echo x > "$D/$NAME.txt"',
        'echo x > "$PWD/out-$NAME.txt"',
        'tar -czf /tmp/x.tar.gz -C "$PAYLOAD_ROOT" .',
        "tar -czf dist/src.tgz -C src .",
        "tar -czf /tmp/conf.tgz -C /etc nginx",
    ],
)
def test_a_write_named_by_the_environment_under_a_named_directory_passes(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).allowed, command


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        'cp src/lib.rs "$OUT"',  # the whole target the environment's
        'echo "$KEY" > "$KEY_PATH"',
        'install -m755 bin/gh "${DESTDIR}${bindir}/"',
        'echo x > "$NAME.txt"',  # may be absolute
        'echo x > "build/$1"',  # an argument, not the environment
        'f() { echo x > "build/$1"; }; f ../../../home/agent/.bashrc',
        'echo x > "build/${A[0]}"',
        'echo x > "build/$(cat name)"',
        'echo x > ".git/$NAME"',  # the start names a protected directory
        'cp x ".claude/settings$X.json"',  # empty, it names the settings
    ],
)
def test_a_write_the_environment_may_send_anywhere_stays_refused(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).blocked, command


@pytest.mark.parametrize("mode", MODES[1:])
@pytest.mark.parametrize(
    "command",
    ["mkdir -p ${GOPATH}/bin", 'echo x > "/etc/$NAME"', 'echo x > ~/"x$NAME"'],
)
def test_a_write_outside_the_project_stays_refused_without_the_sandbox(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).blocked, command


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        '. ./env.sh; echo x > "build/$NAME"',  # a file the guard has not read sets it
        'read NAME < f; echo x > "build/$NAME"',
        'NAME=$(cat f); echo x > "build/$NAME"',
        'while read -r NAME; do echo x > "build/$NAME"; done < f',
        ': "${NAME:=../../../home/agent/.bashrc}"; echo x > "build/$NAME"',
        ': ${NAME:=$(cat f)}; echo x > "build/$NAME"',
        "BASH_ENV=./e.sh bash -c 'echo a > \"build/$NAME\"'",
        'export "NAME=../../../home/agent/.bashrc"; echo x > "build/$NAME"',
        'declare $(cat f); echo x > "build/$NAME"',
        'mapfile -t NAME < f; echo x > "build/$NAME"',
    ],
)
def test_a_name_the_line_may_have_set_unseen_is_not_the_environments(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).blocked, command


@pytest.mark.parametrize(
    "command",
    [
        "NAME=../../../home/agent/.bashrc bash -c 'echo a > \"build/$NAME\"'",
        "env NAME=../../../home/agent/.bashrc sh -c 'echo a > \"build/$NAME\"'",
        "export NAME=../../../home/agent/.bashrc; bash -c 'echo a > \"build/$NAME\"'",
    ],
)
def test_a_name_set_in_front_of_a_child_shell_is_judged_by_its_value(command: str) -> None:
    """Round 22 (npol22): the child shell reads the value from its environment, as after
    ``export``: a write outside the project, refused attended and unattended, and left to the
    OS sandbox in a sandboxed run (as ``echo a > ~/.bashrc`` is)."""
    for mode in ({}, {"unattended": True}):
        assert check(command, **mode).rule == "write-outside-project", (command, mode)
    assert check(command, sandboxed=True).allowed, command


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "echo 'rm -rf ~' > \"scripts/$NAME\"; bash scripts/a.sh",
        "echo 'rm -rf ~' > \"./$NAME\"; . ./a.sh",
        "echo 'all:; rm -rf ~' > \"./$NAME\"; make",
        'echo \'{"scripts":{"test":"rm -rf ~"}}\' > "./$NAME"; npm test',
        'cp /tmp/evil "bin/$NAME"; ./bin/tool',
    ],
)
def test_a_file_written_under_an_environment_name_may_be_any_file_of_its_directory(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).blocked, command


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        'd=build; mapfile -t d < f; rm -rf "$d"',
        'd=build; readarray d < f; rm -rf "$d"',
        'd=build; IFS== read -r k d < f; rm -rf "$d"',
        'read -a d < f; rm -rf "$d"',
        'd=build; declare $(cat f); rm -rf "$d"',
        "declare 'd=/home/agent'; rm -rf \"$d\"",
        'declare $(cat f); rm -rf "$TMPDIR/src"',  # TMPDIR may now be the project
        '. ./env.sh; rm -rf "$TMPDIR/src"',
    ],
)
def test_a_variable_set_from_text_the_guard_cannot_read_is_unknown(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).blocked, command


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        'd=build; rm -rf "$d"',
        'd=build; read -r x <<< "hi"; rm -rf "$d"',
        'read -r d <<< "build"; rm -rf "$d"',
        'declare -r d=build; rm -rf "$d"',
        'export FOO=1; rm -rf "$TMPDIR/x"',
        'echo x > "$TMPDIR/f"',
    ],
)
def test_a_variable_the_line_sets_in_sight_keeps_its_value(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).allowed, command


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "tar -czf /tmp/k.tgz -C ~ .ssh",
        'tar -czf /tmp/k.tgz -C "$HOME" .ssh',
        "tar -czf /tmp/k.tgz -C ~/.ssh .",
        "tar -czf /tmp/k.tgz -C /home/agent/.aws credentials",
        "tar -C ~ -czf /tmp/k.tgz .gnupg",
        "tar -czf /tmp/k.tgz --directory=/home/agent .ssh",
        "tar -czf /tmp/k.tgz -C/home/agent .ssh",
        "tar cCzf /home/agent /tmp/k.tgz .ssh",
        "tar -czf /tmp/k.tgz -C / etc/shadow",
        'tar -czf "$OUT" -C src .',  # the archive itself written to an unknown place
        'tar -xzf x.tgz -C "$D"',  # extraction writes under -C
    ],
)
def test_tar_packing_a_credential_store_through_its_directory_option_is_refused(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).blocked, command
