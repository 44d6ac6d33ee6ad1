"""Programs known by class in unattended runs (round 21, npol21), each with the twins of its
writing or destroying forms.

- Minifiers write the file ``-o`` names: terser's, uglifyjs's, csso's, cleancss's and coffee's
  ``-o`` is judged as a write (it was not: ``terser app.js -o ~/.bashrc`` passed attended),
  and uglifyjs and csso are known as terser is.
- CoffeeScript told only to compile (``coffee -c -o lib src``, ``-co``, ``--compile``) is
  known; running a script, ``-e``, ``-r``, ``-i`` or ``-j FILE`` leave it unknown.
- ``link FILE1 FILE2`` is the hard link ``ln FILE1 FILE2`` makes, judged as ``ln``.
- ``uudecode -o FILE`` writes FILE only; without ``-o`` it writes the name the data's
  ``begin`` line holds, anywhere: unknown.
- git plugins' verbs that read this repository or make a branch in it (git-flow's ``init`` and
  ``start``, git-machete's ``status``, ``git codereview change``) and StGit's read verbs;
  git-flow's ``delete -f`` is a forced branch deletion in every mode.
- Backup programs (restic, borg) by verb on a repository named on the line and on this
  machine: reads pass, a backup or ``init`` writes the repository (judged as a write); a
  repository named by the environment or on another machine, an option that runs a command,
  and the other verbs stay unknown; ``forget``, ``prune``, ``delete`` destroy (every mode)."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

MODES: tuple[dict[str, bool], ...] = ({}, {"sandboxed": True}, {"unattended": True})


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "uglifyjs src/app.js -o dist/app.min.js",
        "npx uglifyjs src/app.js -o dist/app.min.js",
        "csso src/app.css -o dist/app.css",
        "npx csso src/app.css --output dist/app.css",
        "terser src/app.js -o dist/app.min.js",
        "link /tmp/a /tmp/b",
        "link build/a build/b",
        "uudecode -o/tmp/x x.uu",
        "uudecode -o build/x x.uu",
        "git flow init -d",
        "git flow feature start login",
        "git flow release list",
        "git machete status",
        "git machete list",
        "git codereview change fix-x",
        "stg series",
        "stg show",
        "stg log",
    ],
)
def test_a_known_writer_or_a_plugins_local_verb_is_allowed(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.allowed, (command, mode, verdict.rule, verdict.reason)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "terser src/app.js -o src/app.js",
        "uglifyjs src/app.js -o src/app.js",
        "csso src/app.css -o src/app.css",
        "link .git/packed-refs pr",
        "link /etc/passwd build/p",
        "git flow feature delete -f login",
        "git flow feature finish -p login",
        "git flow feature publish login",
        "git machete traverse",
        "git machete slide-out --delete x",
        "stg delete p1",
        "stg log --clear",
        "stg reset --hard",
    ],
)
def test_its_destroying_twin_is_refused_in_every_mode(command: str, mode: dict[str, bool]) -> None:
    verdict = check(command, **mode)
    assert verdict.blocked, (command, mode)


@pytest.mark.parametrize("mode", [{}, {"unattended": True}])
@pytest.mark.parametrize(
    "command",
    [
        "terser src/app.js -o ~/.bashrc",
        "uglifyjs src/app.js -o ~/.bashrc",
        "csso src/app.css -o ~/.bashrc",
        "coffee -c -o ~/.config lib",
        "link key ~/.bashrc",
        "uudecode -o ~/.bashrc x.uu",
        "uudecode -o/home/agent/.bashrc x.uu",
    ],
)
def test_its_write_outside_the_project_is_refused(command: str, mode: dict[str, bool]) -> None:
    verdict = check(command, **mode)
    assert verdict.blocked, (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "uudecode x.uu",
        "uudecode -o - x.uu",
        "git hf feature start login",
        "git cl status",
        "stg clean",
        "git machete status $(cat x)",
    ],
)
def test_what_the_class_does_not_name_stays_unknown_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked, command


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "restic -r /tmp/repo backup src",
        "restic -r /tmp/repo restore latest --target /tmp/restore",
        "restic -r /tmp/repo snapshots",
        "restic --repo=/tmp/repo check",
        "restic -r build/repo init",
        "borg create /tmp/repo::today src",
        "borg create repo::archive /srv/data",
        "borg list /tmp/repo",
    ],
)
def test_a_backup_verb_on_a_local_repository_named_on_the_line_is_allowed(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.allowed, (command, mode, verdict.rule, verdict.reason)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "restic -r /tmp/repo restore latest --target .",
        "restic -r /tmp/repo forget --keep-last 1 --prune",
        "restic -r /tmp/repo prune",
        "restic -r /tmp/repo key remove abc",
        "restic -r /tmp/repo backup ~/.ssh",
        "restic -r ~/.ssh init",
        "borg delete /tmp/repo",
        "borg prune --keep-last 1 /tmp/repo",
        "borg compact /tmp/repo",
        "borg extract /tmp/repo::x",
        "borg create /tmp/repo::x ~/.ssh",
    ],
)
def test_a_backups_destroying_or_restoring_twin_is_refused_in_every_mode(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.blocked, (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "restic backup /srv/data",
        "restic -r ~/backups backup src",
        "restic -r sftp:host:/srv/repo backup src",
        "restic -r s3:s3.amazonaws.com/bucket backup src",
        "restic -r /tmp/repo --password-command 'rm -rf ~' backup src",
        "restic -r /tmp/repo -o sftp.command='rm -rf ~' snapshots",
        "restic -r /tmp/repo unlock --remove-all",
        "restic -r $R backup src",
        "borg create ~/repo::x src",
        "borg create user@host:repo::x src",
        "borg create ssh://host/repo::x src",
        "borg create --rsh 'rm -rf ~' /tmp/repo::x src",
        "borg create ::x src",
    ],
)
def test_a_backup_elsewhere_or_running_a_command_is_refused_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked, command


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    ["coffee -c -o lib src", "coffee -co lib src", "coffee --compile --output lib src"],
)
def test_coffee_told_only_to_compile_is_allowed(command: str, mode: dict[str, bool]) -> None:
    verdict = check(command, **mode)
    assert verdict.allowed, (command, mode, verdict.rule, verdict.reason)


@pytest.mark.parametrize(
    "command",
    [
        "coffee src/app.coffee",
        "coffee -c -e 'x'",
        "coffee -c -r ./evil src",
        "coffee --compile --require=./evil src",
        "coffee -c -j ~/.bashrc src",
        "coffee -ci",
        "coffee -c $X",
        "coffee -c -o src/app.coffee src/app.coffee",
    ],
)
def test_coffee_running_code_or_writing_elsewhere_is_refused_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked, command
