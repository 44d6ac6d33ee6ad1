"""Round 22 of issue 30 (everyday22): program families of round 22's repositories' ecosystems,
in all three modes.

- App::cpm (``cpm install``), Perl's fast CPAN installer, installs into ``./local`` (the
  project's directory, as ``cpanm -L local`` does) unless told ``-g``/``--global`` or another
  ``-L`` directory, which are the package policy's outside a container, as ``cpanm`` is.
- The LSB init-script library (``/lib/lsb/init-functions``, Red Hat's ``/etc/init.d/functions``)
  is sourced to define the functions init scripts call; its message functions
  (``log_daemon_msg``, ``log_end_msg``...) print a status line. A function of that name the line
  defines is judged by its body.
- Emscripten's wrappers (``emcmake``, ``emconfigure``, ``emmake``) run the command they are
  given with the toolchain's variables: judged as that command.
- ``chibi-scheme`` is an interpreter as ``guile`` is: a project's ``.scm`` script is the
  project's code, its ``-e``/``-p`` code is read, anything else stays unknown unattended.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

EVERYDAY = [
    "cpm install",
    "cpm install --verbose --show-build-log-on-failure --no-test --with-recommends "
    "--cpanfile dist/cpanfile",
    "cpm install --no-test DBD::Pg",
    "cpm install -L local Test::Pod",
    "cpm install --local-lib-contained=extlib Moo",
    "local/bin/dzil authordeps | xargs cpm install --no-test",
    ". /lib/lsb/init-functions",
    "source /etc/init.d/functions",
    '. /lib/lsb/init-functions && log_daemon_msg "Starting pru"',
    'log_daemon_msg "Attempting to shutdown PRU..."',
    "log_end_msg 1",
    'log_action_msg "Firmware busy" && exit 1',
    'log_success_msg "started"',
    'log_failure_msg "failed"',
    "emcmake cmake .",
    "emcmake cmake -S . -B build -DCMAKE_BUILD_TYPE=Release",
    "emconfigure ./configure --prefix=$PWD/dist",
    "emmake make -j4",
    "chibi-scheme r7rs-tests.scm",
    "chibi-scheme tests/run.scm",
]

POLICY_UNATTENDED = [
    "cpm install -g DBD::Pg",
    "cpm install --global --cpanfile cpanfile",
    "cpm install -L ~/perl5 Moo",
    "cpm install --local-lib-contained=/opt/perl Moo",
    "cpanm DBD::Pg",
]

UNKNOWN_UNATTENDED = [
    ". /lib/lsb/other-functions",
    "source /tmp/init-functions",
    "cpm exec perl x.pl",
    "emcmake /tmp/tool",
    "emmake ~/bin/build",
    "chibi-scheme /tmp/x.scm",
]

REFUSED_EVERYWHERE = [
    "log_end_msg() { rm -rf ~; }; log_end_msg 1",
    'log_daemon_msg "x"; rm -rf ~',
    "cpm install -L .git/hooks Moo",
    "emmake rm -rf ~",
    "emcmake cmake -P ~/.bashrc -E remove_directory .git",
    "emconfigure bash -c 'rm -rf ~'",
    "chibi-scheme -e '(system \"rm -rf ~\")'",
]


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
@pytest.mark.parametrize("command", EVERYDAY)
def test_round_22s_everyday_commands_pass_in_every_mode(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert not verdict.blocked, (command, verdict.rule, verdict.reason)


@pytest.mark.parametrize("command", POLICY_UNATTENDED)
def test_a_perl_install_outside_the_project_is_the_package_policys_unattended(
    command: str,
) -> None:
    verdict = check(command, **MODES[2])
    assert verdict.blocked and verdict.rule == "package-install", (command, verdict.rule)


@pytest.mark.parametrize("command", UNKNOWN_UNATTENDED)
def test_other_sourced_files_and_cpm_verbs_stay_unknown_unattended(command: str) -> None:
    verdict = check(command, **MODES[2])
    assert verdict.blocked and verdict.rule == "unknown-program", (command, verdict.rule)


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
@pytest.mark.parametrize("command", REFUSED_EVERYWHERE)
def test_a_redefined_message_function_and_a_control_directory_stay_refused(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.blocked, (command, verdict.rule)
