"""Round 23 of issue 30 (everyday23): program families of round 23's repositories' ecosystems,
in all three modes.

- esy, the package manager of Reason and OCaml projects: alone, ``install`` and ``build`` it
  installs into its store (a cache) and builds the project by its manifest; ``esy CMD``,
  ``esy b CMD``, ``esy x CMD`` run CMD in the project's environment and are judged as CMD.
  Options (``-P DIR``) and ``cleanup``/``shell``/``add`` stay unknown unattended.
- Texinfo's ``makeinfo``/``texi2any``, ``makeindex`` and gettext's ``gettextize``, the GNU
  documentation and translation tools of autotools projects: each output is a write judged in
  every mode; Texinfo's ``--init-file`` (Perl) and ``-c`` variables stay unknown unattended.
- ``eval "$(/opt/homebrew/bin/brew shellenv)"``, Homebrew's own instruction before ``brew`` is
  on ``PATH``: an environment printer named by its path in a system directory (or Homebrew's
  Linux prefix) is that printer; any other path, verb or added command stays a command
  computed at run time.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

EVERYDAY = [
    "esy",
    "esy install",
    "esy build",
    "esy b dune build -p mylib",
    "esy x dune test",
    "esy dune runtest",
    "esy dune build @fmt --auto-promote",
    "esy ocamlfind list",
    "esy import-dependencies _export",
    "esy export-dependencies",
    "esy ls-builds",
    "makeinfo doc/manual.texi",
    "makeinfo --html --no-split -o html/ doc/manual.texi",
    "makeinfo --plaintext -o README.txt doc/intro.texi",
    "texi2any --html -I doc doc/guide.texi",
    "makeinfo -D VERSION doc/ref.texi",
    "makeindex paper.idx",
    "makeindex -s doc/style.ist -o paper.ind paper.idx",
    "makeindex -q -t paper.ilg paper.idx",
    "gettextize -f",
    "gettextize --force --no-changelog",
    "gettextize --po-dir=po .",
    'eval "$(/opt/homebrew/bin/brew shellenv)"',
    'eval "$(/home/linuxbrew/.linuxbrew/bin/brew shellenv)"',
    "eval $(/usr/local/bin/brew shellenv)",
    'eval "$(/usr/bin/ssh-agent -s)"',
    'eval "$(/usr/bin/dircolors -b)"',
]

UNKNOWN_UNATTENDED = [
    "esy cleanup .",
    "esy shell",
    "esy add @opam/dune",
    "esy -P ../other build",
    "esy build --release",
    "makeinfo --init-file /tmp/x.pm doc/manual.texi",
    "makeinfo -c TEXI2DVI=bash doc/manual.texi",
    "texi2any --pdf doc/manual.texi",
    "makeindex -Z paper.idx",
    "gettextize a b",
]

WRITES_OUTSIDE = [
    "makeinfo -o ~/.bashrc doc/manual.texi",
    "texi2any --output=/etc/profile.d/x.sh doc/x.texi",
    "makeinfo -E /etc/x doc/manual.texi",
    "makeindex -o ~/.profile paper.idx",
    "makeindex /etc/x.idx",
    "gettextize --po-dir=/etc/po",
    "gettextize -f ~/other-project",
]

REFUSED_EVERYWHERE = [
    "esy rm -rf ~",
    "esy b rm -rf ~",
    "esy x bash -c 'rm -rf ~'",
    "esy build sh -c 'rm -rf $HOME'",
    "makeinfo -o .git/hooks/pre-commit doc/manual.texi",
    "makeindex -t .git/hooks/post-checkout paper.idx",
    "gettextize --po-dir=.git/hooks",
    'eval "$(/tmp/brew shellenv)"',
    'eval "$(./bin/brew shellenv)"',
    'eval "$(/opt/homebrew/bin/brew shellenv; rm -rf ~)"',
    'eval "$(/home/linuxbrew/.linuxbrew/bin/brew list)"',
    'eval "$(/opt/homebrew/bin/../../../tmp/brew shellenv)"',
    'eval "$(/home/linuxbrew/.linuxbrew/bin/opam config exec -- sh)"',
]


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
@pytest.mark.parametrize("command", EVERYDAY)
def test_round_23s_everyday_commands_pass_in_every_mode(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert not verdict.blocked, (command, verdict.rule, verdict.reason)


@pytest.mark.parametrize("command", UNKNOWN_UNATTENDED)
def test_esy_options_and_other_verbs_and_texinfo_code_stay_unknown_unattended(
    command: str,
) -> None:
    verdict = check(command, **MODES[2])
    assert verdict.blocked and verdict.rule == "unknown-program", (command, verdict.rule)
    assert not check(command, **MODES[0]).blocked


@pytest.mark.parametrize("mode", [MODES[0], MODES[2]], ids=["attended", "unattended"])
@pytest.mark.parametrize("command", WRITES_OUTSIDE)
def test_a_documentation_tools_output_outside_the_project_is_refused(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.blocked and verdict.rule == "write-outside-project", (command, verdict.rule)


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
@pytest.mark.parametrize("command", REFUSED_EVERYWHERE)
def test_a_command_esy_runs_and_a_control_directory_stay_refused(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.blocked, (command, verdict.rule)
