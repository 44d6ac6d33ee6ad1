"""Classes of round 13 of issue 30 (everyday refusals outside the policy), each with its own
examples and a harmful twin that stays refused.

Every case here is data handed to the guard; none is ever run. Cases are written for this
module as members of a class, not copied from the everyday sets.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize(
    "command",
    [
        "nix-build",
        "nix-build -A hello",
        "nix-build release.nix -A tests --no-out-link",
        "nix-build -o result-docs docs.nix",
        "nix-build --dry-run -A app",
        "nix-build '<nixpkgs>' -A jq --arg doCheck false",
        "cd pkg && nix-build -A app",
    ],
)
@pytest.mark.parametrize("mode", MODES)
def test_nix_build_builds_in_the_store_as_nix_build_does(
    command: str, mode: dict[str, bool]
) -> None:
    assert not check(command, **mode).blocked, (command, mode)


@pytest.mark.parametrize("command", ["nix-build -o ~/.bashrc", "nix-build --drv-link ~/.profile"])
@pytest.mark.parametrize("mode", [{}, {"unattended": True}])
def test_nix_builds_link_outside_the_project_stays_refused_without_the_sandbox(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.blocked and verdict.rule == "write-outside-project", (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "nix-build --option post-build-hook ./hook.sh",
        "nix-build --post-build-hook ./hook.sh -A app",
        'nix-build "$TARGET"',
    ],
)
def test_nix_build_with_a_hook_or_a_computed_word_stays_unknown_unattended(command: str) -> None:
    assert check(command, unattended=True).blocked, command
    assert check(f"nix build {command[len('nix-build ') :]}", unattended=True).blocked


@pytest.mark.parametrize("mode", MODES)
def test_what_follows_a_nix_build_stays_judged(mode: dict[str, bool]) -> None:
    assert check("nix-build -A app && rm -rf ~", **mode).blocked, mode


@pytest.mark.parametrize(
    "command",
    [
        "gocovmerge cover-unit.out cover-e2e.out > coverage.out",
        "gocovmerge coverage*.txt > coverage.txt",
        "gocover-cobertura < coverage.txt > coverage.xml",
        "go test -coverprofile=c.out ./... && gocover-cobertura < c.out > cobertura.xml",
    ],
)
@pytest.mark.parametrize("mode", MODES)
def test_gos_coverage_mergers_and_converters_print_a_profile(
    command: str, mode: dict[str, bool]
) -> None:
    assert not check(command, **mode).blocked, (command, mode)


@pytest.mark.parametrize("mode", MODES)
def test_a_coverage_profile_written_over_a_control_file_stays_refused(
    mode: dict[str, bool],
) -> None:
    assert check("gocovmerge a.out b.out > .git/config", **mode).blocked, mode


@pytest.mark.parametrize(
    "command",
    [
        "electron-forge start",
        "electron-forge package",
        "electron-forge make",
        "electron-forge make --platform=linux --arch=x64",
        "electron-forge start -- --enable-logging",
        "cd explorer && electron-forge package",
    ],
)
@pytest.mark.parametrize("mode", MODES)
def test_electron_forges_verbs_run_package_and_make_the_projects_app(
    command: str, mode: dict[str, bool]
) -> None:
    assert not check(command, **mode).blocked, (command, mode)


@pytest.mark.parametrize(
    "command", ["electron-forge publish", "electron-forge publish --auth-token x"]
)
@pytest.mark.parametrize("mode", MODES)
def test_electron_forges_publish_is_the_policys(command: str, mode: dict[str, bool]) -> None:
    verdict = check(command, **mode)
    assert verdict.blocked and verdict.category == "policy", (command, mode, verdict)


@pytest.mark.parametrize("command", ["electron-forge init my-app", "electron-forge import"])
def test_electron_forges_scaffolders_run_the_package_manager_refused_unattended(
    command: str,
) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "unknown-program", (command, verdict)
    assert not check(command).blocked


@pytest.mark.parametrize("mode", MODES)
def test_what_follows_electron_forge_stays_judged(mode: dict[str, bool]) -> None:
    assert check("electron-forge start && rm -rf ~", **mode).blocked, mode


@pytest.mark.parametrize(
    "command",
    ["rm -rf autom4te.cache", "cd build && rm -rf autom4te.cache", "rm -rf autom4te.cache *.o"],
)
@pytest.mark.parametrize("mode", MODES)
def test_deleting_autoconfs_cache_is_allowed(command: str, mode: dict[str, bool]) -> None:
    assert not check(command, **mode).blocked, (command, mode)


@pytest.mark.parametrize(
    "command",
    ["rm -rf autom4te.cache/../src", "rm -rf autom4te.cache ~", "rm -rf autom4te.cache ."],
)
@pytest.mark.parametrize("mode", MODES)
def test_a_path_beyond_autoconfs_cache_stays_refused(command: str, mode: dict[str, bool]) -> None:
    assert check(command, **mode).blocked, (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "licensee detect",
        "licensee detect --json --confidence=100",
        "licensee detect vendor/lib --packages",
        "licensee diff --license mit < LICENSE",
        "licensee license-path .",
    ],
)
@pytest.mark.parametrize("mode", MODES)
def test_licensees_read_verbs_print_what_the_project_holds(
    command: str, mode: dict[str, bool]
) -> None:
    assert not check(command, **mode).blocked, (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "licensee detect https://github.com/someone/repo",
        "licensee detect -- https://github.com/someone/repo",
        "licensee detect --remote someone/repo",
        "licensee",
    ],
)
def test_licensee_reading_a_remote_repository_stays_unknown_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "unknown-program", (command, verdict)
