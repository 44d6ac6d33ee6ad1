"""git settings that make git run a command or drop its checks, and reads of settings that do not.

A key whose value git runs (its last part says so: ``...cmd``, ``...command``, ``...program``,
``...hook``, ``...filter``, ``...tunnel``, ``...browser``; a remote's helper, a submodule's update,
a diff or merge tool's path) or that turns off a check git makes (TLS, the repository's format
and bareness, ``safe.*``, traces copying the environment out) is refused however it is given:
``git config``, ``-c``, ``--config-env`` attached or apart, an environment variable, an editor.
Reading a key, unsetting a check key, a no-op editor for one command and listing branches of
another repository are ordinary work. Every case here is data handed to the guard; none is
ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "git -c trailer.signoff.command=./x.sh commit --trailer signoff -m y",
        "git config gpg.x509.program ./signer",
        "git -c core.alternateRefsCommand=./refs.sh fetch",
        "git config difftool.mine.path ./tool",
        "git -c mergetool.mine.cmd='./m $MERGED' mergetool",
        "git config remote.upstream.vcs helper",
        "git -c submodule.lib.update='!./run' submodule update",
        "git config imap.tunnel './t'",
        "git -c gc.someFutureHook=./h gc",
        "git --config-env=core.fsmonitor=MON status",
        "git --config-env=diff.external=DIFFER diff",
        "git config --edit",
        "git config --global -e",
    ],
)
def test_a_git_key_whose_value_git_runs_is_refused(command: str, mode: dict[str, bool]) -> None:
    verdict = check(command, **mode)
    assert verdict.blocked and verdict.rule == "git-config-tamper", (command, verdict)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "git -c http.sslVerify=no pull",
        "git config --global http.sslVerify off",
        "git -c http.https://host.example/.sslCAInfo=./ca.pem fetch",
        "git config http.sslCert ./client.pem",
        "git -c http.cookieFile=./jar fetch",
        "git -c http.extraHeader='X-Token: abc' fetch",
        "git config core.bare yes",
        "git config core.repositoryFormatVersion 2",
        "git -c safe.directory='*' status",
        "git config trace2.eventTarget ./trace.json",
        "git --config-env=http.sslVerify=V fetch",
    ],
)
def test_a_git_key_that_turns_off_a_check_or_breaks_the_repository_is_refused(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.blocked and verdict.rule == "git-config-tamper", (command, verdict)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "GIT_SSL_NO_VERIFY=true git pull",
        "GIT_SSL_CERT=./c.pem git fetch",
        "GIT_EXEC_PATH=./bin git status",
        "env GIT_ALLOW_PROTOCOL=ext:https git fetch",
        "GIT_TRACE2_ENV_VARS=HOME,TOKEN git log",
    ],
)
def test_a_variable_that_repoints_git_or_drops_its_checks_is_refused(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.blocked and verdict.rule == "env-injection", (command, verdict)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "git clone 'ext::ssh -p 22 host %S repo' dest",
        "git remote add other 'ext::nc host 9418'",
        "git --exec-path=./bin log",
    ],
)
def test_an_ext_remote_or_a_moved_exec_path_runs_a_command_and_is_refused(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.blocked and verdict.rule == "git-config-tamper", (command, verdict)


@pytest.mark.parametrize("mode", MODES)
def test_a_dashed_git_program_is_judged_as_the_git_sub_command(mode: dict[str, bool]) -> None:
    verdict = check("git-filter-branch --tree-filter 'rm -f x' HEAD", **mode)
    assert verdict.blocked and verdict.rule == "git-history-rewrite", verdict


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("command", ["partprobe /dev/sdb", "getent shadow", "getent gshadow x"])
def test_partition_reloads_and_shadow_lookups_are_refused(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).blocked, command


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "git config core.hooksPath",
        "git config credential.helper",
        "git config --file .gitmodules submodule.lib.url",
        "git config --unset http.sslVerify",
        "git config --unset-all core.bare",
        "git -c http.sslVerify=true fetch",
        "git -c core.editor=true rebase --continue",
        "git -c sequence.editor=: rebase -i HEAD~2",
        "git -c core.pager=cat log -3",
        "git config user.email dev@example.com",
        "git config http.postBuffer 524288000",
        "git -c color.ui=always diff",
        "getent passwd dev",
        "editorconfig-checker src",
    ],
)
def test_reading_a_git_key_and_settings_that_keep_the_checks_are_allowed(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.allowed, (command, verdict)


@pytest.mark.parametrize("mode", ({}, {"unattended": True}))
@pytest.mark.parametrize(
    "command",
    [
        "git -C /srv/other config core.sshCommand",
        "git --git-dir=/srv/other/.git config --get remote.origin.url",
        "git -C /srv/other branch -a",
        "git -C /srv/other branch --list 'feat*'",
    ],
)
def test_reading_another_repositorys_settings_or_branches_is_allowed(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.allowed, (command, verdict)


@pytest.mark.parametrize("mode", ({}, {"unattended": True}))
@pytest.mark.parametrize(
    "command",
    [
        "git -C /srv/other config user.name x",
        "git -C /srv/other branch topic",
        "git -C /srv/other switch topic",
        "git -c core.editor=vim status",
        "git -c core.editor='true; id' status",
        "git -c core.pager='sh -c id' log",
        "git config core.editor=/tmp/x",
    ],
)
def test_another_repositorys_changes_and_editors_that_are_programs_stay_refused(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).blocked, command
