"""The everyday sets' extractor reads each repository's named commit to the counted commands.

No repository is vendored: ``bench/everyday_extract.py`` reads each one's files at a named commit
from a local git mirror. The counts below are those commits'; the tests that need the mirrors are
skipped, saying so, on a machine without them. The held-out set's commands are only counted
here, never listed or judged (its aggregate is printed by ``bench/guard_corpora.py --held-out``).
The format test uses harmless commands written here.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TypeVar

import pytest

from tests.guards.bench_modules import bench_module
from tests.guards.test_peer_readers import _bench

T = TypeVar("T")


def _extract() -> ModuleType:
    return bench_module("everyday_extract", "everyday_extract")


HELD_OUT_COUNTS = {
    "sharkdp/bat": 111,
    "caddyserver/caddy": 60,
    "vuejs/core": 69,
    "excalidraw/excalidraw": 113,
    "fastapi/full-stack-fastapi-template": 85,
    "rubocop/rubocop": 20,
    "maybe-finance/maybe": 22,
    "square/okhttp": 30,
    "App-vNext/Polly": 10,
    "fmtlib/fmt": 45,
    "prometheus-community/helm-charts": 55,
    "terraform-aws-modules/terraform-aws-vpc": 27,
    "mwaskom/seaborn": 53,
    "laravel/framework": 30,
}
"""The commands the held-out set takes from each repository's named commit."""


def _commands(lines: list[str]) -> int:
    return sum(1 for line in lines if not line.startswith("# source: "))


def _or_skip(read: Callable[[], T]) -> T:
    extract = _extract()
    try:
        return read()
    except extract.MirrorMissing as exc:
        pytest.skip(f"a repository's mirror is not on this machine: {exc}")


def test_the_held_out_set_is_fourteen_repositories_none_of_the_tuned_on_eight() -> None:
    extract = _extract()
    assert list(HELD_OUT_COUNTS) == list(extract.HELD_OUT_REPOS)
    assert not set(extract.HELD_OUT_REPOS) & set(extract.REPOS)


@pytest.mark.parametrize("repo", list(HELD_OUT_COUNTS))
def test_each_held_out_repository_gives_its_counted_commands(repo: str) -> None:
    extract = _extract()
    commit = extract.HELD_OUT_REPOS[repo]
    groups = _or_skip(lambda: extract.extract(extract.mirror_root(), repo, commit, True))
    assert sum(len(lines) for _, lines in groups) == HELD_OUT_COUNTS[repo]


def test_the_tuned_on_set_is_unchanged_by_the_held_out_files() -> None:
    extract = _extract()
    lines = _or_skip(lambda: extract.everyday_lines(extract.mirror_root()))
    # 347 until round 10 read a recipe's continued lines whole, 344 until round 23 read a
    # workflow's env: keys and positional parameters as values the line depends on, 308 until
    # round 25 read a Makefile's ``${NAME}`` as make's and every assignment at a line's head
    assert _commands(lines) == 306


def test_the_bench_reads_the_held_out_set_as_its_own_set_held_out_whole() -> None:
    bench = _bench()
    corpus = bench._everyday(held_out=True)
    if corpus.unavailable:
        pytest.skip(f"a repository's mirror is not on this machine: {corpus.unavailable}")
    assert len(corpus.cases) == sum(HELD_OUT_COUNTS.values())
    assert not corpus.harmful and bench._section(corpus) in bench.WHOLE_HELD_OUT
    assert bench._section(bench._everyday()) not in bench.WHOLE_HELD_OUT


def test_half_the_held_out_set_is_looked_at_from_round_7_and_half_stays_held_out() -> None:
    bench, extract = _bench(), _extract()
    looked_at = set(extract.LOOKED_AT_FROM_ROUND_7)
    assert len(looked_at) == 7 and looked_at < set(extract.HELD_OUT_REPOS)
    ordered = sorted(extract.HELD_OUT_REPOS, key=str.lower)
    assert looked_at == set(ordered[::2])  # chosen by name, before any verdict was seen
    dev = bench._everyday(held_out=True, part="looked-at")
    held = bench._everyday(held_out=True, part="held")
    if dev.unavailable or held.unavailable:
        pytest.skip(f"a repository's mirror is not on this machine: {dev.unavailable}")
    assert len(dev.cases) == sum(HELD_OUT_COUNTS[r] for r in looked_at)
    assert len(held.cases) == sum(HELD_OUT_COUNTS.values()) - len(dev.cases)
    assert bench._section(dev) not in bench.WHOLE_HELD_OUT
    assert bench._section(held) in bench.WHOLE_HELD_OUT


def test_workflow_steps_run_by_powershell_or_an_action_are_not_bash() -> None:
    text = """
jobs:
  linux:
    runs-on: ubuntu-latest
    steps:
      - run: make test
      - shell: pwsh
        run: Write-Output hi
      - uses: some/vm-action@v1
        with:
          run: echo inside-a-vm
  windows:
    runs-on: windows-latest
    steps:
      - run: dir
      - shell: bash
        run: ./build.sh
"""
    assert _extract()._bash_steps(text) == ["make test", "./build.sh"]


def test_a_step_only_a_windows_runner_runs_is_powershell_unless_a_shell_is_chosen() -> None:
    text = """
jobs:
  test:
    runs-on: ${{ matrix.os }}
    steps:
      - run: ./entrypoint.sh run
        if: runner.os != 'Windows'
      - run: .\\entrypoint.ps1 run
        if: ${{ runner.os == 'Windows' && matrix.integration }}
      - run: make either
        if: runner.os == 'Windows' || matrix.all
      - shell: bash
        run: ./windows-bash.sh
        if: runner.os == 'Windows'
  chosen:
    runs-on: ${{ matrix.os }}
    defaults:
      run:
        shell: bash
    steps:
      - run: make windows
        if: runner.os == 'Windows'
"""
    assert _extract()._bash_steps(text) == [
        "./entrypoint.sh run",
        "make either",
        "./windows-bash.sh",
        "make windows",
    ]


def test_a_job_whose_matrix_gives_only_windows_runners_runs_powershell() -> None:
    text = """
jobs:
  windows:
    runs-on: ${{ matrix.config.os }}
    strategy:
      matrix:
        version: ["1", "2"]
        config:
          - os: windows-latest
            arch: x64
          - os: windows-2022
    steps:
      - run: $env:CFLAGS+=" /guard:cf"
      - shell: bash
        run: ./windows-bash.sh
  included:
    runs-on: ${{ matrix.os }}
    strategy:
      matrix:
        os: [windows-latest]
        include:
          - os: windows-2019
    steps:
      - run: where.exe ninja
  mixed:
    runs-on: ${{ matrix.config.os }}
    strategy:
      matrix:
        config:
          - os: windows-latest
          - os: ubuntu-latest
    steps:
      - run: make mixed
  mixed_by_include:
    runs-on: ${{ matrix.os }}
    strategy:
      matrix:
        os: [windows-latest]
        include:
          - os: macos-latest
    steps:
      - run: make included
  from_json:
    runs-on: ${{ matrix.os }}
    strategy:
      matrix: ${{ fromJSON(needs.plan.outputs.matrix) }}
    steps:
      - run: make from-json
  no_matrix:
    runs-on: ${{ matrix.os }}
    steps:
      - run: make no-matrix
"""
    assert _extract()._bash_steps(text) == [
        "./windows-bash.sh",
        "make mixed",
        "make included",
        "make from-json",
        "make no-matrix",
    ]


def test_a_here_documents_body_is_data_whatever_quotes_its_end_word() -> None:
    lines = [
        "cat <<\\EOF",
        "Usage: compile [--help] [--version] PROGRAM [ARGS]",
        "depmode     Dependency tracking mode.",
        "EOF",
        "cat <<-'END'",
        "not a command",
        "END",
        'cat <<"DONE"',
        "nor this",
        "DONE",
        "cat <<PLAIN",
        "$HOME expanded",
        "PLAIN",
        "make test",
        "echo '<<' is text",
    ]
    assert _extract()._without_heredoc_bodies(lines) == [
        "cat <<\\EOF",
        "cat <<-'END'",
        'cat <<"DONE"',
        "cat <<PLAIN",
        "make test",
        "echo '<<' is text",
    ]


def test_a_makefile_line_is_a_recipe_line_only_after_a_rule_as_make_reads_it() -> None:
    text = (
        "CFLAGS = -O2\n"
        "ifeq ($(OS),SunOS)\n"
        "\tFINAL_LIBS+= -ldl\n"
        "endif\n"
        "all: build\n"
        "\t@echo building\n"
        "# a comment keeps the recipe going\n"
        "ifdef DEBUG\n"
        "\t-cargo build\n"
        "endif\n"
        "\n"
        "\tcargo test\n"
        "VERSION := 1\n"
        "\tnot-a-recipe\n"
        "check:: lint\n"
        "\truff check .\n"
    )
    assert _extract()._recipe_lines(text) == [
        "echo building",
        "cargo build",
        "cargo test",
        "ruff check .",
    ]


def test_a_missing_mirror_leaves_the_held_out_set_unread_saying_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ONDAS_PEER_MIRRORS", str(tmp_path))
    corpus = _bench()._everyday(held_out=True)
    assert corpus.cases == [] and str(tmp_path) in corpus.unavailable


def test_package_json_scripts_are_read_and_anything_else_is_not() -> None:
    read = _extract()._package_scripts
    scripts = {"scripts": {"build": "tsc -b", "lint": "eslint .", "odd": ["x"]}, "name": "p"}
    assert read(json.dumps(scripts)) == ["tsc -b", "eslint ."]
    assert read(json.dumps({"scripts": ["ls"]})) == []
    assert read(json.dumps(["not", "an", "object"])) == []
    assert read("{ not json") == []


ROUND_9_COUNTS = {
    "android/nowinandroid": 41,
    "astronomer/astronomer-cosmos": 33,
    "aws-ia/terraform-aws-eks-blueprints": 41,
    "dbt-labs/dbt-core": 189,
    "denoland/fresh": 16,
    "dotnet/eShop": 14,
    "elysiajs/elysia": 24,
    "infinitered/ignite": 53,
    "libuv/libuv": 123,
    "livebook-dev/livebook": 38,
    "lobsters/lobsters": 21,
    "localsend/localsend": 156,
    "minio/minio": 122,
    "spring-projects/spring-petclinic": 14,
    "symfony/demo": 38,
    "wagtail/wagtail": 138,
}
"""The commands round 9's set takes from each repository's named commit."""


def test_round_9s_set_is_sixteen_repositories_none_read_before() -> None:
    extract = _extract()
    assert list(ROUND_9_COUNTS) == list(extract.ROUND_9_REPOS)
    assert not set(extract.ROUND_9_REPOS) & (set(extract.REPOS) | set(extract.HELD_OUT_REPOS))


@pytest.mark.parametrize("repo", list(ROUND_9_COUNTS))
def test_each_round_9_repository_gives_its_counted_commands(repo: str) -> None:
    extract = _extract()
    commit = extract.ROUND_9_REPOS[repo]
    groups = _or_skip(lambda: extract.extract(extract.mirror_root(), repo, commit, True))
    assert sum(len(lines) for _, lines in groups) == ROUND_9_COUNTS[repo]


ROUND_9B_COUNTS = {
    "Alamofire/Alamofire": 10,
    "cachix/devenv": 47,
    "cli/cli": 68,
    "geerlingguy/ansible-for-devops": 5,
    "huggingface/accelerate": 97,
    "jupyter-book/jupyter-book": 17,
    "koalaman/shellcheck": 98,
    "meilisearch/meilisearch": 111,
    "ocaml/dune": 104,
    "phoenixframework/phoenix": 34,
    "raysan5/raylib": 73,
    "typelevel/cats": 14,
    "withastro/astro": 493,
}
"""The commands round 9b's set takes from each repository's named commit."""


def test_round_9bs_set_is_thirteen_repositories_none_read_before() -> None:
    extract = _extract()
    assert list(ROUND_9B_COUNTS) == list(extract.ROUND_9B_REPOS)
    earlier = set(extract.REPOS) | set(extract.HELD_OUT_REPOS) | set(extract.ROUND_9_REPOS)
    assert not set(extract.ROUND_9B_REPOS) & earlier


@pytest.mark.parametrize("repo", list(ROUND_9B_COUNTS))
def test_each_round_9b_repository_gives_its_counted_commands(repo: str) -> None:
    extract = _extract()
    commit = extract.ROUND_9B_REPOS[repo]
    groups = _or_skip(lambda: extract.extract(extract.mirror_root(), repo, commit, True))
    assert sum(len(lines) for _, lines in groups) == ROUND_9B_COUNTS[repo]


def test_round_9bs_set_is_looked_at_whole_as_a_tuned_on_set() -> None:
    bench = _bench()
    corpus = bench._round_9b()
    if corpus.unavailable:
        pytest.skip(f"a repository's mirror is not on this machine: {corpus.unavailable}")
    assert len(corpus.cases) == sum(ROUND_9B_COUNTS.values())
    assert bench._section(corpus) == "public-r9b"
    assert bench._section(corpus) not in bench.WHOLE_HELD_OUT


def test_lines_inside_a_string_that_spans_lines_are_not_commands() -> None:
    text = """
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - run: |
          jq -n '{
            commit {
              url
            },
          }' > body.json
          echo "it's # not a comment"
          make test
"""
    assert _extract()._bash_steps(text) == [
        "jq -n '{",
        'echo "it\'s # not a comment"',
        "make test",
    ]


def test_a_documents_prompt_and_elision_are_not_commands() -> None:
    text = "```sh\nproj$ bin/setup\nproj$\n...\n```\n```sh\nmake test\n```\n"
    assert _extract()._doc_lines(text) == ["bin/setup", "make test"]


def test_a_prompted_line_outside_a_fence_goes_on_to_the_lines_its_backslash_continues() -> None:
    text = (
        "For example:\n\n    $ ./configure --prefix=/opt \\\n        --enable-x\n\n"
        "Then:\n\n    $ make test\nprose ending in a backslash \\\nmore prose\n"
    )
    extract = _extract()
    assert extract._joined(extract._doc_lines(text)) == [
        "./configure --prefix=/opt --enable-x",
        "make test",
    ]


def test_a_line_calling_a_function_its_workflow_defines_is_not_one_command() -> None:
    extract = _extract()
    defined = extract._functions("space() { df -h; }\n")
    assert extract._calls("BEFORE=$(space)", defined)
    assert not extract._calls("make space-check", defined)
    assert not extract._one_command("esac;")


def test_a_recipes_continued_lines_are_one_command_dropped_whole_for_a_make_expansion() -> None:
    text = (
        "help:\n"
        "\t@echo\n"
        '\t@echo "Build finished; open the" \\\n'
        '\t      ".hhp file in $(BUILDDIR)/htmlhelp."\n'
        '\t@echo "To view the help file:"\n'
        "\t-cargo test \\\n"
        "\t\t--workspace \\\n"
        "\t\t-q\n"
    )
    assert _extract()._recipe_lines(text) == [
        "echo",
        'echo "To view the help file:"',
        "cargo test --workspace -q",
    ]


def test_a_rules_prerequisites_continued_on_tab_indented_lines_are_no_recipe() -> None:
    text = (
        "manual.fasl: a.fasl b.fasl \\\n"
        "\tc.fasl d.fasl \\\n"
        "\te.fasl\n"
        "\techo built\n"
        "LIBS = -lm \\\n"
        "\t-ldl\n"
        "clean:\n"
        "\trm -f *.fasl \\\n"
        "\t  *.o\n"
    )
    assert _extract()._recipe_lines(text) == ["echo built", "rm -f *.fasl *.o"]


def test_in_a_makefile_every_dollar_not_doubled_is_a_make_expansion() -> None:
    text = (
        "lint:\n"
        "\tGOOS=linux tools/golangci-lint${EXT} run ./...\n"
        "\tln -sf tool-${VERSION} bin/tool\n"
        "\t$V cc -o $@ $<\n"
        "\t${GDB} -ex 'target remote :1234'\n"
        "\tgo vet ./...\n"
        "\techo $$HOME\n"
    )
    recipe = _extract()._recipe_lines
    assert recipe(text) == ["go vet ./...", "echo $$HOME"]
    assert recipe(text, make=False) == [  # a justfile's ``$`` is the shell's
        "GOOS=linux tools/golangci-lint${EXT} run ./...",
        "ln -sf tool-${VERSION} bin/tool",
        "$V cc -o $@ $<",
        "${GDB} -ex 'target remote :1234'",
        "go vet ./...",
        "echo $$HOME",
    ]


def test_every_assignment_at_the_head_of_a_line_is_set_by_the_file() -> None:
    text = (
        "IFS=: MAIN_GOPATH=($GOPATH)\n"
        '  export A=1 B="x y" C+=z\n'
        "declare -a ARR=(1 2) X=3\n"
        "readonly R=1\n"
        "local -r L='a b' M=$(date +%s)\n"
        "FOO=1 make BAR=2\n"
        "echo NOT=1\n"
    )
    assigned = _extract()._assigned(text)
    assert assigned == {"IFS", "MAIN_GOPATH", "A", "B", "C", "ARR", "X", "R", "L", "M", "FOO"}
    assert _extract()._uses("mkdir -p $MAIN_GOPATH/bin", assigned)
    assert not _extract()._uses("make BAR=3", assigned)


def test_a_line_reading_a_positional_parameter_depends_on_its_caller() -> None:
    uses = _extract()._uses
    for line in ("$0 start", 'dscl . -read "$1"', "cp ${2} out", 'echo "$#"', "${0%/*}/clean"):
        assert uses(line, set()), line
    for line in (
        "awk '{print $1}' file",
        "echo \\$1",
        'echo "${#files[@]}"',
        "make -j4",
        """awk "{ print \\$2 }" file""",
    ):
        assert not uses(line, set()), line


def test_a_variable_a_workflows_env_sets_is_set_by_the_file() -> None:
    text = (
        "env:\n  TOP: x\njobs:\n  a:\n    env:\n      HELPER: ./h\n    steps:\n"
        "      - run: make\n        env:\n          STEP_ONLY: 1\n"
    )
    assert _extract()._workflow_env(text) == {"TOP", "HELPER", "STEP_ONLY"}
    assert _extract()._workflow_env("jobs: [") == set()
    assert _extract()._workflow_env("on: push\njobs:\n  a:\n    steps: []\n") == set()


def test_a_documents_transcript_block_gives_its_prompted_lines_not_their_output() -> None:
    text = (
        "```bash\n$ ./tool local install\n===> Writing run script ~/.cache/tool/bin...\n"
        "$ tool build \\\n  --release\n```\n"
        "```sh\nmake\nmake test\n```\n"
    )
    assert _extract()._doc_lines(text) == [
        "./tool local install",
        "tool build \\",
        "--release",
        "make",
        "make test",
    ]


def test_a_line_using_what_another_line_read_into_a_variable_is_not_one_command() -> None:
    extract = _extract()
    lines = [
        "gh api list | while read item",
        "IFS=$'\\t' read name url <<< \"$item\"",
        'unzip -d "$name" "$name.zip"',
        "mapfile -t files < list.txt",
        'wc -l "${files[@]}"',
        'ls | while read -r f; do wc -l "$f"; done',
        'echo "$url"',
        'echo "$HOME"',
    ]
    read = [extract._read_names(line) for line in lines]
    assert read[1] == {"name", "url"} and read[3] == {"files"} and read[5] == {"f"}
    uses = [extract._uses(line, extract._read_elsewhere(read, n)) for n, line in enumerate(lines)]
    assert uses == [False, True, True, False, True, False, True, False]


def test_a_drawing_of_a_directory_tree_in_a_documents_block_is_not_commands() -> None:
    text = (
        "```bash\napps\n\u2514\u2500\u2500 v4\n    \u251c\u2500\u2500 ui\n"
        "packages\n\u2514\u2500\u2500 cli\n```\n"
        "```sh\npnpm install\nls\n\u2502   \u2514\u2500\u2500 x\n```\n"
        "```console\n$ tree src\nsrc\n\u2514\u2500\u2500 main.rs\n```\n"
    )
    assert _extract()._doc_lines(text) == ["pnpm install", "tree src"]


def test_the_lines_of_an_array_assignment_left_open_are_its_elements_not_commands() -> None:
    lines = [
        "rules=(",
        '"unit:^test_(a|b)$"',
        "e2e/smoke",
        '"last")',
        "make test",
        "declare -a dirs=(",
        "docs",
        ")",
        "make lint",
        "single=(one two)",
        "echo done",
    ]
    assert _extract()._without_array_bodies(lines) == [
        "rules=(",
        "make test",
        "declare -a dirs=(",
        "make lint",
        "single=(one two)",
        "echo done",
    ]


def test_the_lines_of_a_conditional_expression_left_open_are_its_operands_not_commands() -> None:
    lines = [
        "if [[",
        "(",
        '"$EVENT" != "create" ||',
        '"$REF" =~ $PATTERN',
        ")",
        "]]; then",
        'RESULT="true"',
        'if [[ "$(',
        '"" ]]; then',
        "make test",
        'if [[ -n "$X" ]]; then',
        "make lint",
        "[[ -f a ]] && [[",
        "-f b ]] || make build",
        "echo done",
    ]
    assert _extract()._without_test_bodies(lines) == [
        "if [[",
        'RESULT="true"',
        'if [[ "$(',
        "make test",
        'if [[ -n "$X" ]]; then',
        "make lint",
        "[[ -f a ]] && [[",
        "echo done",
    ]


def test_a_conditional_expression_spanning_workflow_lines_gives_no_command() -> None:
    step = (
        "if [[\n  \"$A\" == 'x' ||\n  \"$B\" == 'y'\n]]; then\n  RESULT=true\nfi\n"
        'if [[ \\\n  "$(cat v)" != \\\n  "" \\\n]]; then\n  echo pre\nfi\nmake test\n'
    )
    workflow = json.dumps({"jobs": {"j": {"runs-on": "ubuntu-latest", "steps": [{"run": step}]}}})
    lines = _extract()._bash_steps(workflow)
    assert "]]; then" in lines  # the step's lines as read, before the reading of commands
    extract = _extract()
    kept = [
        line
        for line in extract._without_test_bodies(extract._joined(lines))
        if extract._one_command(line)
    ]
    assert kept == ["RESULT=true", "echo pre", "make test"]


ROUND_10_COUNTS = {
    "agherzan/meta-raspberrypi": 40,
    "babashka/babashka": 28,
    "bazelbuild/rules_python": 7,
    "cert-manager/cert-manager": 1,
    "commercialhaskell/stack": 36,
    "crystal-lang/crystal": 96,
    "Cysharp/UniTask": 8,
    "electron/fiddle": 50,
    "erlang/rebar3": 34,
    "esphome/esphome": 45,
    "FluxML/Flux.jl": 7,
    "folke/lazy.nvim": 2,
    "godotengine/godot-demo-projects": 15,
    "google/docsy": 183,
    "mojolicious/mojo": 19,
    "nim-lang/nimble": 24,
    "r-lib/devtools": 4,
    "tigerbeetle/tigerbeetle": 26,
}
"""The commands round 10's set takes from each repository's named commit."""


def test_round_10s_set_is_eighteen_repositories_none_read_before() -> None:
    extract = _extract()
    assert list(ROUND_10_COUNTS) == list(extract.ROUND_10_REPOS)
    earlier = (
        set(extract.REPOS)
        | set(extract.HELD_OUT_REPOS)
        | set(extract.ROUND_9_REPOS)
        | set(extract.ROUND_9B_REPOS)
    )
    assert not set(extract.ROUND_10_REPOS) & earlier


@pytest.mark.parametrize("repo", list(ROUND_10_COUNTS))
def test_each_round_10_repository_gives_its_counted_commands(repo: str) -> None:
    extract = _extract()
    commit = extract.ROUND_10_REPOS[repo]
    groups = _or_skip(lambda: extract.extract(extract.mirror_root(), repo, commit, True))
    assert sum(len(lines) for _, lines in groups) == ROUND_10_COUNTS[repo]


ROUND_11_COUNTS = {
    "aspect-build/rules_js": 21,
    "composer/composer": 26,
    "elixir-ecto/ecto": 15,
    "fastlane/fastlane": 23,
    "felangel/bloc": 17,
    "gruntwork-io/terragrunt": 127,
    "hadolint/hadolint": 96,
    "iterative/dvc": 10,
    "jbogard/MediatR": 0,
    "love2d/love": 23,
    "meshtastic/firmware": 112,
    "nix-community/home-manager": 33,
    "ocaml-ppx/ocamlformat": 25,
    "SciML/DifferentialEquations.jl": 0,
    "softwaremill/sttp": 12,
    "zigtools/zls": 19,
}
"""The commands round 11's set takes from each repository's named commit (two give none; MediatR's
workflows run PowerShell and its README's blocks are C#)."""


def test_round_11s_set_is_sixteen_repositories_none_read_before() -> None:
    extract = _extract()
    assert list(ROUND_11_COUNTS) == list(extract.ROUND_11_REPOS)
    earlier = (
        set(extract.REPOS)
        | set(extract.HELD_OUT_REPOS)
        | set(extract.ROUND_9_REPOS)
        | set(extract.ROUND_9B_REPOS)
        | set(extract.ROUND_10_REPOS)
    )
    assert not set(extract.ROUND_11_REPOS) & earlier


@pytest.mark.parametrize("repo", list(ROUND_11_COUNTS))
def test_each_round_11_repository_gives_its_counted_commands(repo: str) -> None:
    extract = _extract()
    commit = extract.ROUND_11_REPOS[repo]
    groups = _or_skip(lambda: extract.extract(extract.mirror_root(), repo, commit, True))
    assert sum(len(lines) for _, lines in groups) == ROUND_11_COUNTS[repo]


ROUND_12_COUNTS = {
    "AntennaPod/AntennaPod": 69,
    "casey/just": 101,
    "gleam-lang/gleam": 139,
    "google/gson": 10,
    "kedacore/keda": 91,
    "kubernetes-sigs/kubespray": 9,
    "micropython/micropython": 175,
    "mpv-player/mpv": 46,
    "nvim-telescope/telescope.nvim": 20,
    "openstreetmap/openstreetmap-website": 65,
    "ory/kratos": 138,
    "pointfreeco/swift-composable-architecture": 15,
    "pydata/xarray": 81,
    "redis/redis": 162,
    "shadcn-ui/ui": 314,
    "squidfunk/mkdocs-material": 32,
}
"""The commands round 12's set takes from each repository's named commit (the held-out half's
read as counts only)."""


def test_round_12s_set_is_sixteen_repositories_none_read_before() -> None:
    extract = _extract()
    assert list(ROUND_12_COUNTS) == list(extract.ROUND_12_REPOS)
    earlier = (
        set(extract.REPOS)
        | set(extract.HELD_OUT_REPOS)
        | set(extract.ROUND_9_REPOS)
        | set(extract.ROUND_9B_REPOS)
        | set(extract.ROUND_10_REPOS)
        | set(extract.ROUND_11_REPOS)
    )
    assert not {r.lower() for r in extract.ROUND_12_REPOS} & {r.lower() for r in earlier}


@pytest.mark.parametrize("repo", list(ROUND_12_COUNTS))
def test_each_round_12_repository_gives_its_counted_commands(repo: str) -> None:
    extract = _extract()
    commit = extract.ROUND_12_REPOS[repo]
    groups = _or_skip(lambda: extract.extract(extract.mirror_root(), repo, commit, True))
    assert sum(len(lines) for _, lines in groups) == ROUND_12_COUNTS[repo]


ROUND_13_COUNTS = {
    "arduino/arduino-cli": 105,
    "bevyengine/bevy": 126,
    "facebook/buck2": 57,
    "geerlingguy/ansible-role-docker": 5,
    "ktorio/ktor": 7,
    "nim-lang/Nim": 35,
    "ocaml/opam": 60,
    "pola-rs/polars": 256,
    "PostgREST/postgrest": 38,
    "processone/ejabberd": 150,
    "python/devguide": 13,
    "rrousselGit/riverpod": 38,
    "technomancy/leiningen": 5,
    "terraform-google-modules/terraform-google-kubernetes-engine": 5,
    "tidyverse/dplyr": 5,
    "vapor/vapor": 2,
}
"""The commands round 13's set takes from each repository's named commit (the held-out half's
read as counts only)."""


def test_round_13s_set_is_sixteen_repositories_none_read_before() -> None:
    extract = _extract()
    assert list(ROUND_13_COUNTS) == list(extract.ROUND_13_REPOS)
    earlier = (
        set(extract.REPOS)
        | set(extract.HELD_OUT_REPOS)
        | set(extract.ROUND_9_REPOS)
        | set(extract.ROUND_9B_REPOS)
        | set(extract.ROUND_10_REPOS)
        | set(extract.ROUND_11_REPOS)
        | set(extract.ROUND_12_REPOS)
    )
    assert not {r.lower() for r in extract.ROUND_13_REPOS} & {r.lower() for r in earlier}


@pytest.mark.parametrize("repo", list(ROUND_13_COUNTS))
def test_each_round_13_repository_gives_its_counted_commands(repo: str) -> None:
    extract = _extract()
    commit = extract.ROUND_13_REPOS[repo]
    groups = _or_skip(lambda: extract.extract(extract.mirror_root(), repo, commit, True))
    assert sum(len(lines) for _, lines in groups) == ROUND_13_COUNTS[repo]


ROUND_14_COUNTS = {
    "alire-project/alire": 98,
    "chef/bento": 122,
    "dlang/dub": 29,
    "fortran-lang/stdlib": 51,
    "jfmengels/elm-review": 25,
    "latex3/latex3": 3,
    "magit/magit": 16,
    "meltano/meltano": 33,
    "OpenZeppelin/openzeppelin-contracts": 80,
    "pulumi/examples": 185,
    "rakudo/rakudo": 11,
    "rqlite/rqlite": 12,
    "saltstack-formulas/nginx-formula": 10,
    "serverpod/serverpod": 117,
    "sous-chefs/apache2": 1,
    "zmkfirmware/zmk": 52,
}
"""The commands round 14's set takes from each repository's named commit (the held-out half's
read as counts only)."""


def test_round_14s_set_is_sixteen_repositories_none_read_before() -> None:
    extract = _extract()
    assert list(ROUND_14_COUNTS) == list(extract.ROUND_14_REPOS)
    earlier = (
        set(extract.REPOS)
        | set(extract.HELD_OUT_REPOS)
        | set(extract.ROUND_9_REPOS)
        | set(extract.ROUND_9B_REPOS)
        | set(extract.ROUND_10_REPOS)
        | set(extract.ROUND_11_REPOS)
        | set(extract.ROUND_12_REPOS)
        | set(extract.ROUND_13_REPOS)
    )
    assert not {r.lower() for r in extract.ROUND_14_REPOS} & {r.lower() for r in earlier}


@pytest.mark.parametrize("repo", list(ROUND_14_COUNTS))
def test_each_round_14_repository_gives_its_counted_commands(repo: str) -> None:
    extract = _extract()
    commit = extract.ROUND_14_REPOS[repo]
    groups = _or_skip(lambda: extract.extract(extract.mirror_root(), repo, commit, True))
    assert sum(len(lines) for _, lines in groups) == ROUND_14_COUNTS[repo]


ROUND_15_COUNTS = {
    "darkreader/darkreader": 46,
    "docker-library/python": 4,
    "elementary/code": 5,
    "HaxeFoundation/haxelib": 7,
    "leanprover-community/aesop": 0,
    "libbpf/libbpf-bootstrap": 42,
    "lowRISC/ibex": 73,
    "microsoft/vscode-extension-samples": 408,
    "nf-core/rnaseq": 37,
    "purescript/spago": 99,
    "racket/typed-racket": 23,
    "roswell/roswell": 116,
    "rust-embedded/rust-raspberrypi-OS-tutorials": 89,
    "snakemake/snakemake": 116,
    "vlang/v": 875,
    "wp-cli/wp-cli": 24,
}
"""The commands round 15's set takes from each repository's named commit (the held-out half's
read as counts only)."""


def test_round_15s_set_is_sixteen_repositories_none_read_before() -> None:
    extract = _extract()
    assert list(ROUND_15_COUNTS) == list(extract.ROUND_15_REPOS)
    earlier = (
        set(extract.REPOS)
        | set(extract.HELD_OUT_REPOS)
        | set(extract.ROUND_9_REPOS)
        | set(extract.ROUND_9B_REPOS)
        | set(extract.ROUND_10_REPOS)
        | set(extract.ROUND_11_REPOS)
        | set(extract.ROUND_12_REPOS)
        | set(extract.ROUND_13_REPOS)
        | set(extract.ROUND_14_REPOS)
    )
    assert not {r.lower() for r in extract.ROUND_15_REPOS} & {r.lower() for r in earlier}


@pytest.mark.parametrize("repo", list(ROUND_15_COUNTS))
def test_each_round_15_repository_gives_its_counted_commands(repo: str) -> None:
    extract = _extract()
    commit = extract.ROUND_15_REPOS[repo]
    groups = _or_skip(lambda: extract.extract(extract.mirror_root(), repo, commit, True))
    assert sum(len(lines) for _, lines in groups) == ROUND_15_COUNTS[repo]


ROUND_16_COUNTS = {
    "aws-samples/aws-cdk-examples": 402,
    "bats-core/bats-core": 30,
    "bentoml/BentoML": 58,
    "conda-forge/numpy-feedstock": 3,
    "doublecmd/doublecmd": 27,
    "emscripten-core/emsdk": 1,
    "giraffe-fsharp/Giraffe": 13,
    "idris-lang/Idris2": 67,
    "jenkinsci/docker": 16,
    "karpathy/llm.c": 107,
    "odin-lang/Odin": 79,
    "pester/Pester": 0,
    "puppetlabs/puppetlabs-apache": 1,
    "solana-foundation/anchor": 295,
    "tauri-apps/tauri": 159,
    "touchlab/KaMPKit": 2,
}
"""The commands round 16's set takes from each repository's named commit (the held-out half's
read as counts only)."""


def test_round_16s_set_is_sixteen_repositories_none_read_before() -> None:
    extract = _extract()
    assert list(ROUND_16_COUNTS) == list(extract.ROUND_16_REPOS)
    earlier = (
        set(extract.REPOS)
        | set(extract.HELD_OUT_REPOS)
        | set(extract.ROUND_9_REPOS)
        | set(extract.ROUND_9B_REPOS)
        | set(extract.ROUND_10_REPOS)
        | set(extract.ROUND_11_REPOS)
        | set(extract.ROUND_12_REPOS)
        | set(extract.ROUND_13_REPOS)
        | set(extract.ROUND_14_REPOS)
        | set(extract.ROUND_15_REPOS)
    )
    assert not {r.lower() for r in extract.ROUND_16_REPOS} & {r.lower() for r in earlier}


@pytest.mark.parametrize("repo", list(ROUND_16_COUNTS))
def test_each_round_16_repository_gives_its_counted_commands(repo: str) -> None:
    extract = _extract()
    commit = extract.ROUND_16_REPOS[repo]
    groups = _or_skip(lambda: extract.extract(extract.mirror_root(), repo, commit, True))
    assert sum(len(lines) for _, lines in groups) == ROUND_16_COUNTS[repo]


ROUND_17_COUNTS = {
    "cfenollosa/os-tutorial": 41,
    "cloudflare/workers-sdk": 1096,
    "conan-io/examples2": 17,
    "dense-analysis/ale": 7,
    "firebase/functions-samples": 592,
    "fluxcd/flux2-kustomize-helm-example": 96,
    "ionic-team/capacitor": 92,
    "JetBrains/intellij-platform-plugin-template": 17,
    "jorgebucaran/fisher": 16,
    "math-comp/math-comp": 520,
    "mathiasbynens/dotfiles": 7,
    "ponylang/ponyc": 160,
    "prisma/prisma-examples": 272,
    "Qiskit/qiskit": 141,
    "serverless/examples": 186,
    "tmux/tmux": 5,
}
"""The commands round 17's set takes from each repository's named commit (the held-out half's
read as counts only)."""


def test_round_17s_set_is_sixteen_repositories_none_read_before() -> None:
    extract = _extract()
    assert list(ROUND_17_COUNTS) == list(extract.ROUND_17_REPOS)
    earlier = (
        set(extract.REPOS)
        | set(extract.HELD_OUT_REPOS)
        | set(extract.ROUND_9_REPOS)
        | set(extract.ROUND_9B_REPOS)
        | set(extract.ROUND_10_REPOS)
        | set(extract.ROUND_11_REPOS)
        | set(extract.ROUND_12_REPOS)
        | set(extract.ROUND_13_REPOS)
        | set(extract.ROUND_14_REPOS)
        | set(extract.ROUND_15_REPOS)
        | set(extract.ROUND_16_REPOS)
    )
    assert not {r.lower() for r in extract.ROUND_17_REPOS} & {r.lower() for r in earlier}


@pytest.mark.parametrize("repo", list(ROUND_17_COUNTS))
def test_each_round_17_repository_gives_its_counted_commands(repo: str) -> None:
    extract = _extract()
    commit = extract.ROUND_17_REPOS[repo]
    groups = _or_skip(lambda: extract.extract(extract.mirror_root(), repo, commit, True))
    assert sum(len(lines) for _, lines in groups) == ROUND_17_COUNTS[repo]


ROUND_19_COUNTS = {
    "apple/swift-format": 9,
    "bufbuild/buf": 24,
    "catchorg/Catch2": 18,
    "com-lihaoyi/os-lib": 6,
    "detekt/detekt": 53,
    "earthly/earthly": 124,
    "easybuilders/easybuild-framework": 121,
    "flame-engine/flame": 31,
    "hajimehoshi/ebiten": 82,
    "haskell/haskell-language-server": 32,
    "kubernetes-sigs/kind": 70,
    "nerves-project/nerves": 6,
    "NixOS/nix": 233,
    "prefix-dev/pixi": 85,
    "thought-machine/please": 9,
    "tinygrad/tinygrad": 267,
}
"""The commands round 19's set takes from each repository's named commit (the held-out half's
read as counts only)."""


def test_round_19s_set_is_sixteen_repositories_none_read_before() -> None:
    extract = _extract()
    assert list(ROUND_19_COUNTS) == list(extract.ROUND_19_REPOS)
    earlier = (
        set(extract.REPOS)
        | set(extract.HELD_OUT_REPOS)
        | set(extract.ROUND_9_REPOS)
        | set(extract.ROUND_9B_REPOS)
        | set(extract.ROUND_10_REPOS)
        | set(extract.ROUND_11_REPOS)
        | set(extract.ROUND_12_REPOS)
        | set(extract.ROUND_13_REPOS)
        | set(extract.ROUND_14_REPOS)
        | set(extract.ROUND_15_REPOS)
        | set(extract.ROUND_16_REPOS)
        | set(extract.ROUND_17_REPOS)
    )
    assert not {r.lower() for r in extract.ROUND_19_REPOS} & {r.lower() for r in earlier}


@pytest.mark.parametrize("repo", list(ROUND_19_COUNTS))
def test_each_round_19_repository_gives_its_counted_commands(repo: str) -> None:
    extract = _extract()
    commit = extract.ROUND_19_REPOS[repo]
    groups = _or_skip(lambda: extract.extract(extract.mirror_root(), repo, commit, True))
    assert sum(len(lines) for _, lines in groups) == ROUND_19_COUNTS[repo]


ROUND_20_COUNTS = {
    "angular/angular-cli": 62,
    "aquasecurity/trivy": 265,
    "canonical/snapcraft": 87,
    "cue-lang/cue": 58,
    "foundry-rs/foundry": 148,
    "ghdl/ghdl": 325,
    "go-task/task": 11,
    "golang-migrate/migrate": 23,
    "GoogleContainerTools/skaffold": 229,
    "grafana/k6": 99,
    "Homebrew/brew": 185,
    "janet-lang/janet": 74,
    "kubernetes-sigs/kubebuilder": 206,
    "lerna/lerna": 152,
    "ohmyzsh/ohmyzsh": 40,
    "ros2/ros2_documentation": 9,
}
"""The commands round 20's set takes from each repository's named commit (the held-out half's
read as counts only)."""


def test_round_20s_set_is_sixteen_repositories_none_read_before() -> None:
    extract = _extract()
    assert list(ROUND_20_COUNTS) == list(extract.ROUND_20_REPOS)
    earlier = (
        set(extract.REPOS)
        | set(extract.HELD_OUT_REPOS)
        | set(extract.ROUND_9_REPOS)
        | set(extract.ROUND_9B_REPOS)
        | set(extract.ROUND_10_REPOS)
        | set(extract.ROUND_11_REPOS)
        | set(extract.ROUND_12_REPOS)
        | set(extract.ROUND_13_REPOS)
        | set(extract.ROUND_14_REPOS)
        | set(extract.ROUND_15_REPOS)
        | set(extract.ROUND_16_REPOS)
        | set(extract.ROUND_17_REPOS)
        | set(extract.ROUND_19_REPOS)
    )
    assert not {r.lower() for r in extract.ROUND_20_REPOS} & {r.lower() for r in earlier}


@pytest.mark.parametrize("repo", list(ROUND_20_COUNTS))
def test_each_round_20_repository_gives_its_counted_commands(repo: str) -> None:
    extract = _extract()
    commit = extract.ROUND_20_REPOS[repo]
    groups = _or_skip(lambda: extract.extract(extract.mirror_root(), repo, commit, True))
    assert sum(len(lines) for _, lines in groups) == ROUND_20_COUNTS[repo]


ROUND_21_COUNTS = {
    "apptainer/apptainer": 183,
    "Azure/azure-dev": 236,
    "crosstool-ng/crosstool-ng": 153,
    "espressif/esp-idf": 14,
    "google/oss-fuzz": 80,
    "hashicorp/nomad": 193,
    "Lightning-AI/litgpt": 61,
    "nushell/nushell": 63,
    "PaperMC/Paper": 18,
    "pgvector/pgvector": 52,
    "pret/pokered": 13,
    "quarto-dev/quarto-cli": 183,
    "SchedMD/slurm": 1,
    "Shopify/dawn": 11,
    "SWI-Prolog/swipl-devel": 391,
    "trailheadapps/lwc-recipes": 80,
}
"""The commands round 21's set takes from each repository's named commit (the held-out half's
read as counts only)."""


ROUND_22_COUNTS = {
    "ashinn/chibi-scheme": 24,
    "dafny-lang/dafny": 239,
    "doomemacs/doomemacs": 2,
    "freebsd/poudriere": 0,
    "Klipper3d/klipper": 163,
    "luarocks/luarocks": 24,
    "macports/macports-base": 34,
    "mailcow/mailcow-dockerized": 4,
    "mesonbuild/meson": 56,
    "microsoft/vcpkg": 105,
    "pi-hole/pi-hole": 12,
    "platformio/platformio-core": 41,
    "qbittorrent/qBittorrent": 75,
    "ScoopInstaller/Scoop": 6,
    "sqitchers/sqitch": 80,
    "sqlmapproject/sqlmap": 13,
}
"""The commands round 22's set takes from each repository's named commit (the held-out half's
read as counts only)."""


ROUND_23_COUNTS = {
    "apache/commons-lang": 1,
    "containers/buildah": 114,
    "curl/curl": 580,
    "hpi-swa/smalltalkCI": 2,
    "Jguer/yay": 31,
    "k0sproject/k0s": 161,
    "jekyll/minima": 8,
    "nvm-sh/nvm": 184,
    "OCamlPro/gnucobol": 71,
    "openstack/devstack": 16,
    "reasonml/reason": 43,
    "rpm-software-management/mock": 18,
    "sbcl/sbcl": 119,
    "SDWebImage/SDWebImage": 17,
    "spockframework/spock": 15,
    "YosysHQ/yosys": 262,
}
"""The commands round 23's set takes from each repository's named commit (the held-out half's
read as counts only)."""


ROUND_25_COUNTS = {
    "AssemblyScript/assemblyscript": 91,
    "dhall-lang/dhall-haskell": 24,
    "hashicorp/vagrant": 22,
    "libsdl-org/SDL": 35,
    "nginx/nginx": 16,
    "nmap/nmap": 34,
    "opentofu/opentofu": 120,
    "pmodels/mpich": 64,
    "python-poetry/poetry": 18,
    "roc-lang/roc": 213,
    "thheller/shadow-cljs": 34,
    "tinygo-org/tinygo": 97,
    "tlaplus/tlaplus": 68,
    "twpayne/chezmoi": 55,
    "uiua-lang/uiua": 38,
    "xmake-io/xmake": 180,
}
"""The commands round 25's set takes from each repository's named commit (the held-out half's
read as counts only)."""


EVERYDAY_TABLES = (
    *("REPOS", "HELD_OUT_REPOS", "ROUND_9_REPOS", "ROUND_9B_REPOS", "ROUND_10_REPOS"),
    *("ROUND_11_REPOS", "ROUND_12_REPOS", "ROUND_13_REPOS", "ROUND_14_REPOS", "ROUND_15_REPOS"),
    *("ROUND_16_REPOS", "ROUND_17_REPOS", "ROUND_19_REPOS", "ROUND_20_REPOS", "ROUND_21_REPOS"),
    *("ROUND_22_REPOS", "ROUND_23_REPOS", "ROUND_25_REPOS"),
)
"""The extractor's tables of repositories, in the order the rounds took them."""
COUNTED_ROUNDS = [
    ("21", ROUND_21_COUNTS),
    ("22", ROUND_22_COUNTS),
    ("23", ROUND_23_COUNTS),
    ("25", ROUND_25_COUNTS),
]
"""Rounds whose set is checked by the two tests below (earlier rounds keep their own)."""


@pytest.mark.parametrize(("round_name", "counts"), COUNTED_ROUNDS)
def test_a_rounds_set_is_sixteen_repositories_none_read_before(
    round_name: str, counts: dict[str, int]
) -> None:
    extract = _extract()
    table = f"ROUND_{round_name}_REPOS"
    assert list(counts) == list(getattr(extract, table))
    earlier = EVERYDAY_TABLES[: EVERYDAY_TABLES.index(table)]
    read = {repo.lower() for name in earlier for repo in getattr(extract, name)}
    assert not {repo.lower() for repo in getattr(extract, table)} & read


@pytest.mark.parametrize(
    ("round_name", "repo"),
    [(round_name, repo) for round_name, counts in COUNTED_ROUNDS for repo in counts],
)
def test_each_repository_of_a_round_gives_its_counted_commands(round_name: str, repo: str) -> None:
    extract = _extract()
    commit = getattr(extract, f"ROUND_{round_name}_REPOS")[repo]
    groups = _or_skip(lambda: extract.extract(extract.mirror_root(), repo, commit, True))
    counts = dict(COUNTED_ROUNDS)[round_name]
    assert sum(len(lines) for _, lines in groups) == counts[repo]


@pytest.mark.parametrize(
    ("round_name", "counts", "size"),
    [
        ("9", ROUND_9_COUNTS, 8),
        ("10", ROUND_10_COUNTS, 9),
        ("11", ROUND_11_COUNTS, 8),
        ("12", ROUND_12_COUNTS, 8),
        ("13", ROUND_13_COUNTS, 8),
        ("14", ROUND_14_COUNTS, 8),
        ("15", ROUND_15_COUNTS, 8),
        ("16", ROUND_16_COUNTS, 8),
        ("17", ROUND_17_COUNTS, 8),
        ("19", ROUND_19_COUNTS, 8),
        ("20", ROUND_20_COUNTS, 8),
        ("21", ROUND_21_COUNTS, 8),
        ("22", ROUND_22_COUNTS, 8),
        ("23", ROUND_23_COUNTS, 8),
        ("25", ROUND_25_COUNTS, 8),
    ],
)
def test_half_of_a_split_rounds_set_is_looked_at_and_half_is_held_out_whole(
    round_name: str, counts: dict[str, int], size: int
) -> None:
    bench, extract = _bench(), _extract()
    looked_at = set(getattr(extract, f"LOOKED_AT_FROM_ROUND_{round_name}"))
    ordered = sorted(getattr(extract, f"ROUND_{round_name}_REPOS"), key=str.lower)
    assert looked_at == set(ordered[::2]) and len(looked_at) == size  # by name, before any verdict
    read = getattr(bench, f"_round_{round_name}")
    dev, held = read("looked-at"), read("held")
    if dev.unavailable or held.unavailable:
        pytest.skip(f"a repository's mirror is not on this machine: {dev.unavailable}")
    assert len(dev.cases) == sum(counts[r] for r in looked_at)
    assert len(held.cases) == sum(counts.values()) - len(dev.cases)
    assert bench._section(dev) == f"public-r{round_name}"
    assert bench._section(dev) not in bench.WHOLE_HELD_OUT
    assert bench._section(held) in bench.WHOLE_HELD_OUT
