"""Other members of the classes round 15s fixed (:mod:`tests.guards.redteam15s_cases`), each
with the ordinary work beside it that must stay allowed. Commands are data, never run."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

EVERY_MODE = pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
ATTENDED = pytest.mark.parametrize("flags", MODES[:2], ids=["attended", "sandboxed"])


@EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        "goreleaser release --skip=validate",
        "buildah push localhost/app docker://quay.io/acme/app",
        "oras push registry.example.com/acme/sbom:1 sbom.json",
        "crane push image.tar registry.example.com/acme/app",
        "crane copy registry.example.com/a/b:1 registry.example.com/a/b:2",
        "skopeo sync --src dir --dest docker /tmp/images quay.io/acme",
        "ko apply -f config/",
        "sl push --to feature",
        "jj git push --all",
        "pod trunk push Foo.podspec --allow-warnings",
        "npx release-please release-pr --repo-url=acme/app",
        "semantic-release",
        "gh-pages -d build",
        "git town ship feature",
        "git review -R",
        "helm cm-push ./chart chartmuseum",
        "tea pulls merge 3",
        "git http-push --all https://example.com/repo.git",
        "rye publish --repository testpypi",
        "cabal upload dist/x-1.0.tar.gz",
        "stack upload --candidate .",
        "npm access grant read-write acme:devs mypkg",
        "pnpm --recursive publish",
        "cargo release -x patch",
        "mvn clean deploy:deploy-file -Dfile=x.jar",
        "./mvnw jib:build",
        "./gradlew jib",
    ],
)
def test_publishing_by_a_program_the_guard_does_not_otherwise_know_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked, (command, flags)


@ATTENDED
@pytest.mark.parametrize(
    "command",
    [
        "goreleaser release --snapshot",
        "goreleaser build --clean",
        "ko build --local ./cmd/app",
        "ko build --push=false ./cmd/app",
        "skopeo inspect docker://quay.io/acme/app",
        "skopeo copy docker://quay.io/acme/app oci:/tmp/app",
        "crane copy registry.example.com/a/b:1 /tmp/b.tar",
        "quilt push -a",
        "stg push",
        "adb push build/app.apk /sdcard/",
        "arduino-cli upload -p /dev/ttyACM0 --fqbn arduino:avr:uno sketch",
        "np --preview",
        "git review -l",
        "npm access list packages",
        "cargo release patch",
        "mvn jib:dockerBuild",
        "./gradlew jibDockerBuild",
        "buildah bud -t app .",
        "form submit",
    ],
)
def test_building_or_looking_without_publishing_stays_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        "shopt -s dotglob; rm -f */settings.local.json",
        "shopt -s nullglob dotglob; truncate -s0 */config",
        "GLOBIGNORE=.:..; cp /tmp/x */settings.json",
        "shopt -s dotglob; chmod -R 000 */hooks",
    ],
)
def test_a_glob_made_to_match_dot_names_reaches_the_control_files(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked, (command, flags)


@ATTENDED
@pytest.mark.parametrize(
    "command",
    [
        "shopt -s dotglob; cp -r src/* build/",
        "shopt -s globstar; rm -f **/*.pyc",
        "sed -i 's/a/b/' */settings.json",
        "GLOBIGNORE=*.md; ls *",
    ],
)
def test_globs_without_dot_names_or_into_build_stay_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        "cd .git && cd - >/dev/null && rm -rf ~-/refs",
        'cd .claude; cd /tmp; rm -f "$OLDPWD/settings.json"',
        'pushd .ondas; popd; : > "$OLDPWD/whitelist"',
        "cd /tmp && cd - && cd .claude && cd - && rm -rf ~-",
    ],
)
def test_the_previous_directory_is_followed_to_a_control_directory(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked, (command, flags)


@ATTENDED
@pytest.mark.parametrize(
    "command",
    [
        "cd build && cd - && rm -rf ~-/cache",
        'cd dist; cd ..; rm -rf "$OLDPWD"',
        "cd /tmp/work && cd - && ls ~-",
    ],
)
def test_the_previous_directory_in_build_output_stays_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


def test_a_previous_directory_the_line_never_set_is_unknown_not_outside() -> None:
    verdict = check("rm -rf ~-/x", sandboxed=True)
    assert verdict.blocked and verdict.rule == "rm-unknown-target", verdict


@EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        "git --git-dir .git init --bare",
        "git --git-dir=./.git init --object-format=sha256",
    ],
)
def test_git_init_into_the_projects_git_dir_by_option_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


@ATTENDED
@pytest.mark.parametrize(
    "command",
    ["git init", "git --git-dir=/tmp/scratch.git init --bare", "git --git-dir=.git log -1"],
)
def test_git_init_elsewhere_or_reading_by_git_dir_stays_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        "deno fmt .claude/hooks/guard.ts",
        "dprint fmt .mcp.json",
        "taplo format .ondas/config.toml",
        "stylua .claude",
        "nixfmt .claude/hooks/x.nix",
    ],
)
def test_a_formatter_that_rewrites_by_default_is_judged_on_its_files(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


@ATTENDED
@pytest.mark.parametrize(
    "command",
    ["deno fmt", "deno fmt --check .claude", "dprint fmt", "taplo fmt --check", "stylua src"],
)
def test_formatting_the_sources_or_checking_stays_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        'python3 -c \'import sys; open(sys.argv[1], "a").write("x")\' .ondas/whitelist',
        "node -e 'require(\"fs\").rmSync(process.argv[1], {force: true})' .mcp.json",
        "perl -e 'unlink $ARGV[0]' .claude/settings.json",
        "ruby -e 'File.write(ARGV[1], \"\")' x .git/HEAD",
    ],
)
def test_interpreter_code_writing_a_path_given_as_its_argument_is_judged_on_it(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


@ATTENDED
@pytest.mark.parametrize(
    "command",
    [
        'python3 -c \'import sys; open(sys.argv[1], "w").write("x")\' build/out.txt',
        "python3 -c 'import sys, json; print(json.load(open(sys.argv[1])))' .mcp.json",
        "node -e 'console.log(process.argv[1])' .claude/settings.json",
    ],
)
def test_interpreter_code_reading_its_argument_or_writing_build_stays_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@ATTENDED
@pytest.mark.parametrize(
    "command",
    [
        'rm -rf "$(realpath .)/build"',
        'rm -rf "$(readlink -f dist)"',
        "printf -v out '%s' build; rm -rf \"$out\"",
        'printf -v out build; rm -rf "$out/cache"',
        'read -r d <<< dist; rm -rf "$d"',
    ],
)
def test_a_path_made_absolute_or_assigned_by_a_builtin_is_judged_as_written(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        'rm -rf "$(readlink -f .git)"',
        "printf -v c '%s' .claude; rm -rf \"$c\"",
        'read -r o <<< .ondas; rm -rf "$o"',
        "printf -v d '%s-%s' a b; rm -rf \"$d\"",
    ],
)
def test_the_same_builtins_naming_a_control_dir_or_a_computed_value_are_refused(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)
