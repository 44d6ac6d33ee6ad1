"""A package tool's own cache in the home, deleted by path (round 19, npol19).

``pip cache purge``, ``go clean -cache``, ``npm cache clean --force`` pass in every mode; ``rm
-rf`` of the directory each deletes is the same deletion, in a cache area the tool fills again.
The shared roots, other directories of the home, paths leaving a cache, patterns that may name
another directory, and every write into a cache (what the tool runs later) stay refused."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

MODES: tuple[dict[str, bool], ...] = ({"sandboxed": True}, {}, {"unattended": True})


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "rm -rf ~/.cache/pip",
        'rm -rf "$HOME/.cache/go-build"',
        "rm -rf /home/agent/.cache/pre-commit",
        "rm -rf ~/.npm/_cacache",
        "rm -rf ~/.gradle/caches/",
        "rm -f $HOME/.gradle/caches/modules-2/modules-2.lock",
        "rm -fr $HOME/.gradle/caches/*/plugin-resolution/",
        "rm -rf ~/.cargo/registry/cache ~/.cargo/git/checkouts",
        "rm -rf ~/go/pkg/mod",
        "rm -rf ~/Library/Caches/pip",
        "rm -rf ~/.cache/uv/archive-v0",
        "find ~/.cache/pre-commit -delete",
        "mv ~/.cache/pip /tmp/old-pip",
        "pip cache purge && rm -rf ~/.cache/pip",
    ],
)
def test_a_tools_own_cache_in_the_home_may_be_deleted(command: str, mode: dict[str, bool]) -> None:
    verdict = check(command, **mode)
    assert verdict.allowed, (command, mode, verdict.rule, verdict.reason)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "rm -rf ~/.cache",  # every tool's, environments and tokens among them
        "rm -rf ~/.cache/*",
        "rm -rf ~/.cache/p*",  # may name another directory
        "rm -rf ~/.cache/huggingface",  # holds a token
        "rm -rf ~/.cache/pypoetry/virtualenvs",  # other projects' environments
        "rm -rf ~/.npm",
        "rm -rf ~/.cargo",
        "rm -rf ~/.cargo/bin",  # installed programs
        "rm -rf ~/.gradle",
        "rm -rf ~/go",
        "rm -rf ~/.m2/repository",  # ``mvn install``'s own artifacts live there
        "rm -rf ~/.cache/pip/../../.ssh",
        "time rm -rf ~/.cache/../.ssh",
        "cd ~/.cache; rm -rf pip",  # if cd fails, the project's ``pip``
        "rm -rf ~/.claude/projects",
    ],
)
def test_the_home_outside_a_tools_cache_stays_refused(command: str, mode: dict[str, bool]) -> None:
    assert check(command, **mode).blocked, (command, mode)


@pytest.mark.parametrize("mode", MODES[1:])
@pytest.mark.parametrize(
    "command",
    [
        "echo x > ~/.cache/pip/x.whl",
        "mkdir -p ~/.cache/pre-commit/repo",
        "cp evil.py ~/.cache/pre-commit/x.py",
        "ln -s /srv/app/proj ~/.cache/pip; rm -rf ~/.cache/pip/",
    ],
)
def test_a_write_into_a_cache_stays_refused_without_the_sandbox(
    command: str, mode: dict[str, bool]
) -> None:
    """With the sandbox on, a write outside the project is its to fail (the home is read-only
    there, the link and the deletion through it both fail)."""
    assert check(command, **mode).blocked, (command, mode)
