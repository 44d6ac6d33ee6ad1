"""Round 16 of issue 30 (everyday16): the looked-at half of round 16's repositories taught by
class, in all three modes.

- The AWS CDK's ``cdk`` alone prints its usage and ``cdk synth`` runs the project's CDK app and
  writes its templates into ``cdk.out``: known unattended. The app is a shell command line
  (``--app CMD``, ``-a CMD``, and ``--build CMD`` before it), judged as the command it is
  whatever the verb (``cdk ls --app 'rm -rf ~'`` passed in every mode). ``watch``,
  ``bootstrap``, ``import``, ``rollback`` and ``refactor`` change the deployed stacks (the
  policy's, as ``deploy`` is) and ``gc`` deletes the account's assets (destroys).
- Tauri's and napi-rs's CLIs build, run and bundle the project's app or addon (known by verb;
  ``tauri add``/``migrate`` run the package managers, unknown unattended; napi's
  ``prepublish``, a word ending in a publishing verb, is the policy's); Tauri's signer key and
  icons are judged as the writes they are. BentoML is a service CLI whose ``serve``, ``build``
  and ``containerize`` work on this machine; its reads pass, ``deploy``/``push`` are the
  policy's, ``cloud login`` stays unknown unattended.
- Puppet's ``strings generate`` documents the project's module (its ``--out`` a write), as its
  ``parser validate`` checks it; ``apply``, ``resource``, ``module install`` stay unknown.
- ``docker run``'s words after the image are the container's program's, not docker's:
  ``docker run --rm IMG --reset`` destroys nothing of docker's (it was refused as if ``--reset``
  were docker's option); a privileged container is still refused as one, and an option given
  to the image's program over a mount of the project is judged under the image's name.
- wasmtime runs the project's WebAssembly module in its sandbox (``wasmtime ./demo.wasm``,
  ``run --invoke``, ``compile -o``): known unattended; a directory granted (``--dir``,
  ``--mapdir``) and ``compile -o`` are judged as writes in every mode; a module or preloaded one
  outside the project, the network granted (``-S inherit-network``), precompiled native code and
  ``serve`` are refused unattended.
- ``find -name '*.py[co]'``: a bracket class each of whose names is a build artifact is scratch,
  as ``*.pyc`` is; a class with a source extension, a negated class or ``?`` is not.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

EVERYDAY = [
    "cdk",
    "cdk synth",
    "cdk synthesize --quiet",
    "cdk ls",
    "cdk diff",
    "cdk --version",
    "cdk synth --app 'npx ts-node --prefer-ts-exts bin/app.ts'",
    "cdk synth -a 'python3 app.py'",
    "bentoml serve",
    "bentoml build",
    "bentoml containerize summarization:latest",
    "bentoml list",
    "tauri",
    "tauri build",
    "tauri dev",
    "tauri android build",
    "tauri icon app-icon.png",
    "napi build --platform --profile release-size-optimized",
    "cross-env TARGET=node napi build --platform",
    "napi artifacts",
    "puppet strings generate --format markdown --out REFERENCE.md",
    "puppet parser validate manifests/init.pp",
    "find . -type f -name '*.py[co]' -delete -o -type d -name __pycache__ -delete",
    "find . -name '*.py[co]' -delete",
    "docker run --rm multiarch/qemu-user-static --reset -p yes",
    "docker run --rm -e RESET=1 alpine --purge",
    "docker create --name scratch alpine --wipe",
    "wasmtime ./demo.wasm",
    "wasmtime run --invoke add app.wasm 1 2",
    "wasmtime --dir . demo.wasm",
    "wasmtime run --dir build::/out demo.wasm",
    "wasmtime compile demo.wasm -o demo.cwasm",
    "wasmtime settings",
]
"""Everyday lines of the classes."""

REFUSED = [
    ("cdk deploy", "remote-mutation"),
    ("cdk watch", "remote-mutation"),
    ("cdk bootstrap", "remote-mutation"),
    ("cdk import", "remote-mutation"),
    ("bentoml deploy", "remote-mutation"),
    ("bentoml push summarization:latest", "remote-mutation"),
    ("napi prepublish -t npm --gh-release-id 42", "remote-mutation"),
    ("napi pre-publish -t npm", "remote-mutation"),
    (
        "docker run --rm --privileged multiarch/qemu-user-static --reset -p yes",
        "privilege-escalation",
    ),
]
"""Policy refusals of the same programs, in every mode."""

DESTROYING = [
    "cdk gc",
    "cdk destroy --force",
    "bentoml delete summarization:latest",
    "docker volume rm data",
    "docker system prune -af",
    'docker run --rm -v "$PWD":/w mytool --delete-all /w',
    "docker -H unix:///var/run/docker.sock run --rm --privileged alpine --reset",
]
"""What destroys stays refused in every mode (the last two: an option of the image's program
over the project mounted, judged under the image's name; a privileged container)."""

DANGEROUS = [
    "cdk ls --app 'rm -rf ~'",
    "cdk synth --app='rm -rf ~'",
    "cdk synth --build 'rm -rf ~'",
    "cdk diff -a 'rm -rf ~'",
    "cdk deploy --app 'rm -rf ~'",
]
"""The app CDK runs, judged as the command it is: refused in every mode."""

NOT_SCRATCH = [
    "find . -name '*.py[cx]' -delete",
    "find . -name '*.py[!c]' -delete",
    "find . -name '*.py[^c]' -delete",
    "find . -name '*.py?' -delete",
    "find . -name '*.py[co]' -o -name '*.py' -delete",
]
"""Patterns that also match the project's sources: refused in every mode (round 17, left17:
read by the kinds of file they may match, as their ``-exec rm -f {} +`` twins are, so most
say ``rm-many-files``; ``*.[oa]``, objects and static archives, no source kind, passes as its
``-exec`` twin did: tests/guards/test_bash_find_delete_pattern_names.py)."""

UNATTENDED_ONLY = [
    "tauri add fs",
    "tauri migrate",
    "bentoml cloud login",
    "cdk init app --language typescript",
    "puppet apply manifests/init.pp",
    "puppet resource user bob ensure=absent",
    "wasmtime /tmp/x.wasm",
    "wasmtime ~/x.wasm",
    "wasmtime -S inherit-network demo.wasm",
    "wasmtime -Sinherit-network demo.wasm",
    "wasmtime --allow-precompiled demo.cwasm",
    "wasmtime serve demo.wasm",
    "wasmtime --preload lib=/tmp/lib.wasm demo.wasm",
]
"""Verbs that run the package managers, store a token, or configure this machine: left to the
sandbox, refused unattended."""


@pytest.mark.parametrize("command", EVERYDAY)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_round_16_projects_everyday_line_is_allowed(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize(("command", "rule"), REFUSED, ids=[c for c, _ in REFUSED])
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_round_16_deploy_publish_or_privileged_container_is_the_policys(
    command: str, rule: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == rule, (command, flags, verdict.rule)
    assert verdict.category == "policy", (command, verdict.category)


@pytest.mark.parametrize("command", DESTROYING)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_what_destroys_is_refused_in_every_mode(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked, (command, flags)


@pytest.mark.parametrize("command", DANGEROUS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_the_app_cdk_runs_is_judged_as_a_command(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.category == "dangerous", (command, flags, verdict.rule)


@pytest.mark.parametrize("command", NOT_SCRATCH)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_pattern_that_matches_sources_is_no_scratch(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked, (command, flags)
    assert verdict.rule in {"rm-many-files", "rm-recursive-outside-temp"}, (command, verdict.rule)


@pytest.mark.parametrize("command", UNATTENDED_ONLY)
def test_a_verb_that_installs_logs_in_or_configures_the_machine_is_refused_unattended(
    command: str,
) -> None:
    assert check(command, sandboxed=True).allowed, command
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "unknown-program", (command, verdict.rule)


def test_tauri_and_puppet_write_where_their_options_name() -> None:
    for flags in MODES:
        for command in (
            "tauri icon app-icon.png -o .git/hooks",
            "puppet strings generate --out .git/hooks/pre-commit",
        ):
            verdict = check(command, **flags)
            assert verdict.blocked and verdict.rule == "write-protected-path", (command, flags)
    for flags in ({}, {"unattended": True}):
        verdict = check("tauri signer generate -w ~/.bashrc", **flags)
        assert verdict.blocked and verdict.rule == "write-outside-project", flags
        verdict = check("tauri signer generate --write-keys ~/.profile", **flags)
        assert verdict.blocked, flags


@pytest.mark.parametrize(
    "command",
    [
        "wasmtime --dir / demo.wasm",
        "wasmtime --dir=/::/ demo.wasm",
        "wasmtime --dir ~ demo.wasm",
        "wasmtime compile demo.wasm -o .git/hooks/pre-commit",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_directory_wasmtime_grants_or_writes_is_judged_as_a_write(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule in {"write-outside-project", "write-protected-path"}


def test_a_directory_wasmtime_maps_from_outside_the_project_is_refused_without_the_sandbox() -> (
    None
):
    for flags in ({}, {"unattended": True}):
        verdict = check("wasmtime --mapdir /data::/etc demo.wasm", **flags)
        assert verdict.blocked and verdict.rule == "write-outside-project", flags
