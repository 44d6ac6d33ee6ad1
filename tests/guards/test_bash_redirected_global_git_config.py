"""The global git configuration a line points git at, judged as an outside repository's
configuration is (issue 30, round 19, ``left19``; round 18's ``holes18`` left "a global
``~/.gitconfig`` naming programs").

Two cases, judged apart:

- the person's own ``~/.gitconfig`` (or ``$XDG_CONFIG_HOME/git/config``) is not read: it is
  theirs, read by every git line of the project as well (``git status`` runs its
  ``core.fsmonitor`` as ``git -C /tmp/x status`` does), and every way a line may put a program
  there is refused (``git config --global core.fsmonitor``, an alias with ``!``, a write to the
  file unattended, ``GIT_CONFIG_GLOBAL``). By design, as ``holes18`` said;
- a global configuration the line points git at, ``HOME=/tmp/h git status`` or ``export
  HOME=/tmp/h; git -C /tmp/x log`` (``XDG_CONFIG_HOME`` alike): that file is anyone's, as
  ``/tmp/x/.git/config`` is. Unattended, refused when it names a program (the keys
  ``repository_code`` reads, and an ``[alias]`` whose value starts with ``!``) or when the line
  wrote it; attended and sandboxed left to the person and the sandbox (round 12).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]


@pytest.fixture
def homes(tmp_path: Path) -> Path:
    for name, text in (
        ("fsmonitor", "[core]\n\tfsmonitor = /tmp/run.sh\n"),
        ("pager", "[core]\n\tpager = sh /tmp/run.sh\n"),
        ("alias", '[alias]\n\tst = status\n\tco = "!sh /tmp/run.sh"\n'),
        ("include", "[include]\n\tpath = /tmp/other\n"),
        ("plain", "[user]\n\tname = someone\n[alias]\n\tst = status\n"),
    ):
        (tmp_path / name).mkdir()
        (tmp_path / name / ".gitconfig").write_text(text)
    (tmp_path / "xdg" / "git").mkdir(parents=True)
    (tmp_path / "xdg" / "git" / "config").write_text("[core]\n\tfsmonitor = /tmp/run.sh\n")
    return tmp_path


POINTED = [
    "HOME={h}/fsmonitor git status",
    "HOME={h}/pager git log",
    "HOME={h}/alias git status",
    "HOME={h}/include git status",
    "HOME={h}/fsmonitor git -C /tmp/x status",
    "export HOME={h}/fsmonitor; git status",
    "export HOME={h}/fsmonitor && git diff",
    "XDG_CONFIG_HOME={h}/xdg git status",
]


@pytest.mark.parametrize("command", POINTED)
def test_a_global_configuration_the_line_points_at_naming_programs_is_refused_unattended(
    homes: Path, command: str
) -> None:
    line = command.format(h=homes)
    verdict = check(line, unattended=True)
    assert verdict.rule == "unknown-program", (line, verdict)
    assert "global configuration" in (verdict.reason or "")
    for mode in ({}, {"sandboxed": True}):
        assert check(line, **mode).allowed, (line, mode)


def test_a_global_configuration_the_line_wrote_is_refused_unattended(homes: Path) -> None:
    line = f"mkdir -p {homes}/new && cp /tmp/cfg {homes}/new/.gitconfig && HOME={homes}/new git st"
    verdict = check(line, unattended=True)
    assert verdict.blocked, verdict


PASSES = [
    "HOME={h}/plain git status",
    "HOME={h}/nothing-here git status",
    "HOME={h}/fsmonitor ls",
    "HOME=$(mktemp -d) git status",
    "git status",
    "git -C /tmp/x status",
]
"""A plain global configuration, none, no git, a fresh directory, the person's own."""


@pytest.mark.parametrize("command", PASSES)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_plain_or_absent_configurations_pass(
    homes: Path, command: str, flags: dict[str, bool]
) -> None:
    line = command.format(h=homes)
    verdict = check(line, **flags)
    assert verdict.allowed, (line, flags, verdict)


@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_the_persons_own_global_configuration_is_not_read(
    homes: Path, flags: dict[str, bool]
) -> None:
    """By design: the person's ``~/.gitconfig`` applies to the project's git lines too."""
    home = str(homes / "fsmonitor")
    assert check("git -C /tmp/x status", home=home, **flags).allowed
    assert check("git status", home=home, **flags).allowed


PLANTING = [
    "git config --global core.fsmonitor /tmp/run.sh",
    "git config --global alias.co '!sh /tmp/run.sh'",
    "git config --global core.hooksPath /tmp/hooks",
    "GIT_CONFIG_GLOBAL=/tmp/x/cfg git status",
    "export GIT_CONFIG_GLOBAL=/tmp/x/cfg; git -C /tmp/y status",
]


@pytest.mark.parametrize("command", PLANTING)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_every_way_to_put_a_program_in_the_global_configuration_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked


@pytest.mark.parametrize("flags", [{}, {"unattended": True}], ids=["attended", "unattended"])
def test_writing_the_persons_global_configuration_is_refused(flags: dict[str, bool]) -> None:
    assert check("cp /tmp/x ~/.gitconfig && git -C /tmp/y status", **flags).blocked
    assert check("echo '[core] fsmonitor = x' >> ~/.config/git/config", **flags).blocked
