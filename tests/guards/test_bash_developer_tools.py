"""Developer tools of more ecosystems (round 9b of issue 30: OCaml, Nix, JS monorepos, Apple
CI) are known unattended by their build and test verbs; their installs and publishing stay the
policy's, their destroying verbs and the commands they run keep their rules.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check


@pytest.mark.parametrize(
    "command",
    [
        "opam exec -- dune build @install",
        "opam config exec -- make test",
        "opam list --installed",
        "opam switch list",
        "opam env",
        "nix build .#package -L --accept-flake-config",
        "nix build -L --print-out-paths",
        "nix flake check",
        "nix eval .#version",
        "nix profile list",
        "devenv shell -- cargo test",
        "devenv test",
        "changeset version",
        "changeset status",
        "changeset add --empty",
        "dune-release distrib --skip-tests",
        "dune-release tag",
        "ocamlc -i boot/bootstrap.ml",
        "ocamlopt -o main main.ml",
        "ggrep -Po 'VERSION\\s*=\\s\\K(.*)' Makefile",
        "publint",
        "vscode-test",
        "xcodebuild -scheme App test | xcbeautify --renderer github-actions",
        "ollama serve",
        "accelerate launch examples/nlp_example.py",
        "accelerate launch --multi_gpu --num_processes 2 examples/nlp_example.py",
        "accelerate launch --config_file config.yaml -m pytest tests",
        "accelerate env",
        "npm-run-all -l clean copy:version -p build:cli",
        "run-s lint test",
        "npx myst build --html --execute",
        "jupyter-book build --html",
    ],
)
def test_a_developer_tools_build_and_test_verbs_run_unattended(command: str) -> None:
    assert check(command, unattended=True).allowed


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("opam install . --deps-only --with-test", "package-install"),
        ("opam pin add -n pkg.dev git+https://example.com/pkg", "package-install"),
        ("opam switch create . --empty", "package-install"),
        ("opam publish", "remote-mutation"),
        ("nix profile add nixpkgs#hello", "package-install"),
        ("nix copy --to s3://bucket .#package", "remote-mutation"),
        ("changeset publish", "remote-mutation"),
        ("dune-release", "remote-mutation"),
        ("dune-release publish", "remote-mutation"),
        ("dune-release opam submit", "remote-mutation"),
        ("dune-release undraft", "remote-mutation"),
    ],
)
def test_their_install_and_publish_verbs_are_the_policys_in_every_mode(
    command: str, rule: str
) -> None:
    for mode in ({"unattended": True}, {"sandboxed": True}, {}):
        verdict = check(command, **mode)
        assert verdict.rule == rule
        assert verdict.category == "policy"


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("nix store delete /nix/store/abc-hello", "service-destroy"),
        ("ollama rm llama3", "service-destroy"),
        ("changeset add --purge", "service-destroy"),
        ("opam exec -- rm -rf ~/work", "rm-outside-project"),
        ("devenv shell -- rm -rf ~/work", "rm-outside-project"),
        ("ocamlc -pp 'rm -rf ~/work' main.ml", "rm-outside-project"),
        ("ggrep -r password ~/.ssh", "read-credentials"),
        ("accelerate launch --no_python rm -rf ~/work", "rm-outside-project"),
        ("run-p --npm-path 'rm -rf ~/work' build", "rm-outside-project"),
        (
            'printf \'{"scripts": {"x": "rm -rf ~/work"}}\' > package.json && npm-run-all x',
            "rm-outside-project",
        ),
    ],
)
def test_their_destroying_verbs_and_the_commands_they_run_are_refused(
    command: str, rule: str
) -> None:
    assert check(command, unattended=True).rule == rule
    assert check(command, sandboxed=True).rule == rule


def test_nix_builds_result_link_outside_the_project_is_a_write_there_unattended() -> None:
    assert check("nix build -o ~/.bashrc", unattended=True).rule == "write-outside-project"


@pytest.mark.parametrize(
    "command",
    [
        "nix run nixpkgs#hello",
        "nix build --post-build-hook ./upload.sh",
        "nix build --option post-build-hook ./upload.sh",
        "nix build --store ssh-ng://builder.example.com",
        "nix eval --allow-unsafe-native-code-during-evaluation --expr '1'",
        "nix build --extra-plugin-files ./plugin.so",
        "nix build --no-sandbox",
        "devenv shell",
        "devenv container copy processes",
        "opam clean",
        "ollama pull all-minilm",
        "accelerate tpu-config --command 'rm -rf /tmp/x'",
        "devenv --from github:someone/repo shell -- make",
        "devenv --option languages.rust.enable:bool true test",
        "devenv --override-input nixpkgs github:someone/nixpkgs test",
    ],
)
def test_their_verbs_that_run_other_programs_or_reach_out_stay_unknown_unattended(
    command: str,
) -> None:
    verdict = check(command, unattended=True)
    assert not verdict.allowed
    assert verdict.category == "unknown"
