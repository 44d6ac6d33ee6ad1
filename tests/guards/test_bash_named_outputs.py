"""Files a known program writes or deletes because its command line names them (issue 30, 9e).

A formatter rewrites the files it is given, a build tool writes where its option points, a
converter writes its last operand, a test runner empties the directory it is told to use: each is
judged as the redirect or ``rm -rf`` it amounts to. Every case is data handed to the guard;
none is ever run.
"""

from __future__ import annotations

import pytest

from ondas.guards import bash_known, bash_output_options
from ondas.guards.bash import check_command
from ondas.guards.verdict import Verdict
from tests.guards.conftest import WHITELIST
from tests.guards.test_bash import MODES

PROJECT = "/srv/p"
HOME = "/home/a"
GUARD_ONLY = ({}, {"unattended": True})
"""The modes where the guard is the only line against a write outside the project."""


def check(command: str, **mode: bool) -> Verdict:
    return check_command(
        command, project=PROJECT, home=HOME, whitelist=WHITELIST, in_venv=True, **mode
    )


REWRITTEN_OUTSIDE = [
    "black /home/a/other/app.py",
    "ruff check --fix /home/a/other",
    "ruff format /etc",
    "prettier --write /home/a/other",
    "eslint --fix /home/a/other/web",
    "isort /home/a/other",
    "gofmt -w /home/a/other/main.go",
    "clang-format -i /home/a/other/x.c",
    "shfmt -w /home/a/other/deploy.sh",
    "rustfmt /home/a/other/src/main.rs",
    "black --line-length 100 /home/a/other",
    "prettier --config .prettierrc -w ~/site",
    "yapf --in-place /home/a/other/app.py",
    "python3 -m black /home/a/other",
    "npx prettier --write /home/a/other",
    "uvx ruff format /etc",
    "timeout 60 isort /home/a/other",
]
OPTION_OUTSIDE = [
    "coverage html -d /home/a/site",
    "hugo -d /home/a/site",
    "webpack --output-path /home/a/site",
    "go build -o /home/a/.local/bin/git .",
    "go test -coverprofile=/home/a/c.out ./...",
    "cargo build --target-dir /home/a/t",
    "protoc --python_out=/home/a/gen x.proto",
    "protoc --go_out=paths=source_relative:/home/a/gen x.proto",
    "mypy --cache-dir /home/a/c .",
    "base64 -d x -o /home/a/.bashrc",
    "mkdocs build --dirty -d /home/a/site",
    "sphinx-build -b html -w /home/a/warnings.txt docs _build",
]
OPERAND_OUTSIDE = [
    "ffmpeg -y -i in.mp4 /home/a/.bashrc",
    "ffmpeg -i in.mp4 -c copy /etc/motd",
    "convert in.png /home/a/.bashrc",
    "magick in.png -resize 50% /home/a/.bashrc",
    "sphinx-build docs /home/a/site",
    "sphinx-build -M html docs /home/a/site",
    "python3 -m sphinx -b html docs /home/a/site",
]


@pytest.mark.parametrize("command", REWRITTEN_OUTSIDE + OPTION_OUTSIDE + OPERAND_OUTSIDE)
def test_a_file_a_known_tool_is_told_to_write_outside_the_project_is_refused_unless_sandboxed(
    command: str,
) -> None:
    for mode in GUARD_ONLY:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "write-outside-project", (command, mode)
    assert check(command, sandboxed=True).allowed, command  # the OS sandbox fails the write


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("pytest --basetemp=/home/a", "rm-home"),
        ("pytest -q --basetemp /home/a/work tests", "rm-outside-project"),
        ("python3 -m pytest --basetemp=/home/a/work", "rm-outside-project"),
        ("mkdocs build -d /home/a/site", "rm-outside-project"),
        ("mkdocs build --site-dir=/srv/www", "rm-outside-project"),
        ("hugo --cleanDestinationDir -d /home/a/site", "rm-outside-project"),
        ("webpack --output-clean -o /home/a/site", "rm-outside-project"),
        ("jekyll build -d /home/a/site", "rm-outside-project"),
        ("mdbook clean -d /home/a/book", "rm-outside-project"),
        ("cargo clean --target-dir /home/a/t", "rm-outside-project"),
        ("pytest --basetemp=src", "rm-recursive-outside-temp"),
    ],
)
def test_a_directory_a_tool_empties_before_use_is_judged_as_a_recursive_deletion(
    command: str, rule: str
) -> None:
    # a recursive deletion outside the project keeps the guard as a second line in every mode
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == rule, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "black .",
        "ruff check --fix src",
        "ruff format .",
        "prettier --write src",
        "eslint --fix src",
        "isort src",
        "gofmt -w main.go",
        "clang-format -i src/x.c",
        "shfmt -w scripts/deploy.sh",
        "rustfmt src/main.rs",
        "coverage html -d htmlcov",
        "mkdocs build -d site",
        "hugo -d public",
        "webpack --output-path dist",
        "go build -o bin/app .",
        "cargo build --target-dir target",
        "protoc --python_out=gen x.proto",
        "mypy --cache-dir .mypy_cache .",
        "base64 -d x -o out.bin",
        "ffmpeg -y -i in.mp4 out.mp4",
        "convert in.png out.jpg",
        "magick in.png out.jpg",
        "sphinx-build docs _build",
        "pytest --basetemp=/tmp/x",
        "pytest --basetemp=build/pytest",
        "cargo clean",
        "mkdocs build",
        "webpack --output-clean -o dist",
    ],
)
def test_the_same_tools_writing_inside_the_project_or_its_temp_areas_are_allowed(
    command: str,
) -> None:
    for mode in MODES:
        assert check(command, **mode).allowed, (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "ruff check /home/a/other",
        "black --check /home/a/other",
        "black --diff /home/a/other",
        "isort --check-only --diff /home/a/other",
        "prettier --check /home/a/other",
        "eslint /home/a/other/web",
        "gofmt -l /home/a/other",
        "clang-format /home/a/other/x.c",
        "shfmt -d /home/a/other/deploy.sh",
        "rustfmt --check /home/a/other/main.rs",
        "rustfmt --emit stdout /home/a/other/main.rs",
        "black --config /home/a/pyproject.toml src",
        "prettier --config /home/a/.prettierrc --write src",
        "ffmpeg -i /home/a/in.mp4 out.mp4",
        "ffmpeg -i in.mp4 -f null -",
        "convert /home/a/in.png out.png",
        "magick identify /home/a/photo.png",
        "hugo -d public --cacheDir /tmp/hugo",
        "sphinx-build -c /home/a/conf docs _build",
    ],
)
def test_reading_or_checking_files_outside_the_project_is_allowed(command: str) -> None:
    for mode in MODES:
        assert check(command, **mode).allowed, (command, mode)


def test_the_guard_reads_every_operand_writer_whatever_its_options_look_like() -> None:
    # bash_known keeps the names literal (a set lookup per command, no import)
    assert bash_known._WRITES_BY_OPERAND == bash_output_options.OPERAND_WRITERS


def test_every_output_option_of_the_other_programs_is_spotted_by_the_cheap_first_look() -> None:
    # their own rules call the tables for every command (round 22: coffee, from the
    # interpreter's path, bash_contain.interpreter)
    handled = {"go", "cargo", "coffee"}
    options = [(None, o) for o in bash_output_options.OUTPUT_OPTIONS]
    options += [(n, o) for n, opts in bash_output_options.PROGRAM_OUTPUTS.items() for o in opts]
    options += [
        (n, o) for n, e in bash_output_options.DELETED_DIRECTORIES.items() for o in e.options
    ]
    missed = [
        (name, option)
        for name, option in options
        if name not in bash_output_options.OPERAND_WRITERS
        and name not in handled
        and not option.startswith(bash_known._OUTPUTISH)
    ]
    assert not missed, f"add a prefix to bash_known._OUTPUTISH for {missed}"
