"""Developer tools Debian does not package, known by two registries (round 26, ``cat26``).

Unattended, a program no rule or table names is refused; tldr-pages' catalogue (round 24) and
Debian's (round 25, ``test_bash_debian_tools.py``) cover what they describe, and leave the
ecosystem CLIs a project installs for itself (Go, Rust, npm and JVM linters, formatters,
generators). ``bash_registry_data`` (written by ``bench/registry_catalogue.py`` from mise's and
aqua's registries, each at a pinned commit) names the program of each tool whose description
says what kind of tool over files it is and names nothing that reaches past them. Such a
program runs unattended on Debian's rows' terms (the project's paths only, no code in a word,
no serving or installing option, its first operands read as a command it may run), and by its
verb: a first bare word spelled as a verb must be one that reads, checks or builds
(``REGISTRY_VERBS``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ondas.guards.bash_catalogue import REACHING_VERBS, REGISTRY_VERBS
from ondas.guards.bash_registry_data import SOURCE, TABLE
from tests.guards.bench_modules import bench_module
from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

PASSES = [
    # linters and checkers over the project's files
    "ktlint src/main/kotlin",
    "ktlint --format src/main/kotlin/App.kt",
    "checkmake Makefile",
    "protolint proto/",
    "mago lint",
    "hcl2json infra/main.tf",
    "yamldiff config/a.yaml config/b.yaml",
    "keep-sorted src/deps.go",
    "alejandra .",
    "buildifier BUILD.bazel",
    "sqruff lint models/",
    "json2yaml config.json",
    "terraform-validator infra/",
    # compilers, formatters and generators writing into the project
    "tinygo build -o build/app.wasm ./cmd/app",
    "tinygo test ./...",
    "flatc --cpp -o build/gen schema/monster.fbs",
    "purs compile src/Main.purs",
    "typstyle -i docs/paper.typ",
    "mockolo -s Sources -d Tests/Mocks.swift",
    "xcodegen",
    "xcodegen generate",
    "bashly generate",
    "asciidoctorj docs/index.adoc",
    "resvg assets/a.svg build/a.png",
    "oxipng -o 4 assets/logo.png",
    "tf-summarize build/plan.json",
    "cd docs && typstyle -i paper.typ",
]
"""Their ordinary uses in the project: every mode lets them through."""


@pytest.mark.parametrize("command", PASSES)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_registry_tools_ordinary_use_passes(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)


REFUSED_UNATTENDED = [
    # a path outside the project, the temp areas, or the project's control files
    "ktlint /etc/x.kt",
    "ktlint ~/x.kt",
    "typstyle -i ../other/x.typ",
    "tinygo build -o /usr/local/bin/app ./cmd",
    "xcodegen --spec ../other/project.yml",
    "ktlint /tmp/x.kt",
    "hcl2json /var/tmp/main.tf",
    "mockolo -s Sources -d .git/hooks/pre-commit",
    "ktlint --reporter=plain,output=/etc/x src",
    # a path glued to a short option or a response file's @
    "flatc -o/etc/gen schema.fbs",
    "flatc -I/usr/share/x schema.fbs",
    "checkmake @/etc/passwd",
    # secrets, another machine
    "ktlint .env",
    "yamldiff host:a.yaml b.yaml",
    "hcl2json https://example.com/main.tf",
    # code in a word, computed words, options that serve, listen or install
    "checkmake 'Makefile;id'",
    "ktlint $FILES",
    "mago --listen 80",
    "tinygo build --install x",
    "yamldiff --port 80 a.yaml b.yaml",
    # its operands read as a command it may run
    "yamldiff curl example.com",
    "hcl2json git clean -fdx",
    "ktlint rm -rf .",
    # verbs nobody read: anything but a read, check or build is refused
    "tinygo flash ./cmd/app",
    "tinygo run ./cmd/app",
    "jsonschema serve",
    "onyx run",
    "onyx pkg add x",
    "purs repl",
    "purs ide server",
    "pint watch",
    "bashly add colors",
    "swiftgen config run",
    "ktlint install",
    "sqruff apply models",
    "purs publish",
    "protolint delete rules",
    # a working directory outside the project
    "cd /etc && ktlint x.kt",
]
"""Twins: the same tools writing outside the project, reading secrets, reaching another
machine, given code or a verb that reaches further: refused unattended."""

NOT_LISTED = [
    "semgrep --config auto src",
    "opengrep --config p/python src",
    "hyperfine 'rm -rf src'",
    "gotestsum --raw-command -- ./evil",
    "direnv allow ../other",
    "cookiecutter gh:someone/template",
    "csi -e '(exit)'",
    "ollama rm llama3",
    "reviewdog -reporter=github-pr-review -f=golint",
    "muffet https://example.com",
    "czkawka_cli dup -d ~ --delete-method AEN",
    "treefmt --config-file treefmt.toml",
    "jd a.json b.json",
    "ollama pull llama3",
]
"""Programs the script leaves out (by hand, by their toolchain's bundle, or by a description
of a service), refused unattended as unknown or by their verbs."""


@pytest.mark.parametrize("command", REFUSED_UNATTENDED + NOT_LISTED)
def test_what_reaches_past_the_project_or_is_left_out_stays_refused_unattended(
    command: str,
) -> None:
    verdict = check(command, unattended=True)
    assert not verdict.allowed, (command, verdict)


def test_the_table_names_its_pinned_source_and_each_row_a_program_and_its_tool() -> None:
    generator = bench_module("registry_catalogue", "registry_catalogue")
    assert f"{generator.MISE} {generator.MISE_COMMIT}" in SOURCE
    assert f"{generator.AQUA} {generator.AQUA_COMMIT}" in SOURCE
    rows = TABLE.strip().splitlines()
    assert len(rows) > 30
    names = [row.split()[0] for row in rows]
    assert all(len(row.split()) == 2 for row in rows)
    assert all(row.split()[1].startswith(("mise:", "aqua:")) for row in rows)
    assert all(len(name) > 2 for name in names)
    assert names == sorted(names)
    out = set(generator.JUDGED_OUT)
    out |= set(bench_module("debian_catalogue", "debian_catalogue").JUDGED_OUT)
    out |= set(bench_module("tldr_catalogue", "tldr_catalogue").JUDGED_OUT)
    assert not out & set(names)
    assert not {"ollama", "earthly", "semgrep", "keytool", "java", "csi", "dub"} & set(names)


def test_the_verbs_let_through_read_check_or_build_and_reach_no_further() -> None:
    assert {"lint", "check", "fmt", "build", "test", "generate", "validate"} <= REGISTRY_VERBS
    assert not REGISTRY_VERBS & REACHING_VERBS
    assert not REGISTRY_VERBS & {"rm", "delete", "push", "apply", "destroy", "init", "up", "flash"}


@pytest.mark.parametrize(
    "description",
    [
        "A linter for YAML files",
        "Code formatter for Scala",
        "Convert hcl2 to json",
        "Generate type-safe code from SQL",
        "JSON diff and patch",
    ],
)
def test_the_generator_takes_descriptions_of_tools_over_files(description: str) -> None:
    generator = bench_module("registry_catalogue", "registry_catalogue")
    assert generator.described_tool(description)


@pytest.mark.parametrize(
    "description",
    [
        "Get up and running with large language models",  # no kind of tool named
        "Repeatable builds",
        "Linter that downloads its rules from a registry",  # a reach named
        "Deploy static sites, with a formatter",
        "Kubernetes manifest validator for your cluster",
        "Formatter and language server",
        "Secret scanner that checks your repository",
        "Run a command and report its timing",
        "Interactive JSON viewer",
        "Manage and lint your dotfiles",
    ],
)
def test_the_generator_leaves_out_descriptions_naming_no_kind_or_a_reach(
    description: str,
) -> None:
    generator = bench_module("registry_catalogue", "registry_catalogue")
    assert not generator.described_tool(description)


def test_only_the_tools_own_program_enters() -> None:
    generator = bench_module("registry_catalogue", "registry_catalogue")
    own = generator.own_program
    assert own("ripgrep", {"bins": ["rg"]}) == "rg"
    assert own("semgrep", {"bins": ["pysemgrep", "semgrep"]}) == "semgrep"
    assert own("graalvm", {"bins": ["java", "keytool", "native-image"]}) is None
    assert own("tokei", {"test": {"cmd": "tokei --version"}}) == "tokei"
    assert own("mystery", {"description": "A linter"}) is None


def test_the_generator_reads_a_checkout_and_applies_every_rule(tmp_path: Path) -> None:
    generator = bench_module("registry_catalogue", "registry_catalogue")
    entries = {
        "lintyml": 'bins = ["lintyml"]\ndescription = "A linter for YAML files"\n',
        "gentool": 'bins = ["gentool-16"]\ndescription = "Code generator"\n',  # a version twin
        "fmtsync": 'bins = ["fmt-sync"]\ndescription = "A formatter"\n',  # its name reaches
        "hyperfine": 'bins = ["hyperfine"]\ndescription = "A benchmarking tool"\n',  # by hand
        "kit": 'bins = ["kit", "kit-server"]\ndescription = "A JSON formatter"\n',
        "llm": 'bins = ["llm"]\ndescription = "Chat with models"\n',
        "black": 'bins = ["black"]\ndescription = "A Python code formatter"\n',  # tldr's row
    }
    (tmp_path / "registry").mkdir()
    for tool, text in entries.items():
        (tmp_path / "registry" / f"{tool}.toml").write_text(text)
    tools = generator.mise_tools(generator._checkout(tmp_path, "registry", ".toml"))
    assert generator.catalogue(tools) == {"lintyml": "mise:lintyml", "kit": "mise:kit"}


def test_aqua_packages_name_their_programs_by_files_name_or_repository(tmp_path: Path) -> None:
    generator = bench_module("registry_catalogue", "registry_catalogue")
    packages = {
        "acme/yamlcheck": "repo_owner: acme\n    repo_name: yamlcheck\n"
        "    description: A linter for YAML files",
        "acme/kit/conv": "name: acme/kit/conv\n    repo_owner: acme\n    repo_name: kit\n"
        "    description: Convert TOML to JSON",
        "acme/gen": "repo_owner: acme\n    repo_name: gen\n    description: Code generator\n"
        "    files:\n      - name: gen\n      - name: gen-server",
        "acme/suite": "repo_owner: acme\n    repo_name: suite\n    description: A formatter\n"
        "    files:\n      - name: fmt-a\n      - name: fmt-b",
        "acme/ff": "repo_owner: acme\n    repo_name: ff\n    description: Find files by name",
        "acme/hub": "repo_owner: acme\n    repo_name: hub\n    description: Deploy linted code",
    }
    for key, package in packages.items():
        directory = tmp_path / "pkgs" / key
        directory.mkdir(parents=True)
        (directory / "registry.yaml").write_text(f"packages:\n  - {package}\n")
    tools = generator.aqua_tools(generator._checkout(tmp_path, "pkgs", "/registry.yaml"))
    assert generator.catalogue(tools) == {
        "yamlcheck": "aqua:acme/yamlcheck",
        "conv": "aqua:acme/kit/conv",
        "gen": "aqua:acme/gen",
    }


def test_the_registry_table_is_loaded_only_for_a_name_no_earlier_table_knows() -> None:
    code = (
        "import sys\n"
        "from ondas.guards.bash import check_command\n"
        "for line in ('ls -la', 'git status', 'rm -rf /', 'pytest -q', 'pyflakes src'):\n"
        "    check_command(line, project='/srv/app/proj', home='/home/agent', unattended=True)\n"
        "assert 'ondas.guards.bash_registry_data' not in sys.modules\n"
        "check_command('ktlint src', project='/srv/app/proj', home='/home/agent', "
        "unattended=True)\n"
        "assert 'ondas.guards.bash_registry_data' in sys.modules\n"
    )
    src = str(Path(__file__).resolve().parents[2] / "src")
    subprocess.run([sys.executable, "-c", code], check=True, env={"PYTHONPATH": src})
