"""A formatter, documentation generators and a coverage reporter judged by their verbs
(round 18, npol18: :mod:`ondas.guards.bash_doc_tools`): known unattended for the verbs that
read the project and write where they are told; each output judged as a write in every mode;
fetching, serving an editor, an option or verb not listed and code outside the project stay
unknown, unattended."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

MODES: tuple[dict[str, bool], ...] = ({"sandboxed": True}, {}, {"unattended": True})


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "taplo fmt pyproject.toml",
        "taplo fmt",
        "taplo format --check",
        "taplo get -f Cargo.toml package.version",
        "documentation build assets/js/phoenix/index.js -f html -o doc/js",
        "documentation build src/index.js --theme ./theme",
        "documentation readme src/index.js --section=API",
        "documentation lint src/index.js",
        "documentation serve --watch src/index.js",
        "docgen --api CapacitorCookiesPlugin --output-readme cookies.md",
        "fumadocs-mdx",
        "fumadocs-mdx source.config.ts .source",
        "bisect-ppx-report html",
        "bisect-ppx-report summary --per-file",
        "bisect-ppx-report cobertura coverage.xml",
    ],
)
def test_a_doc_tools_reading_and_project_writing_verbs_pass(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).allowed, command


@pytest.mark.parametrize(
    "command",
    [
        "taplo lint Cargo.toml",  # fetches the schemas a document names
        "taplo lsp stdio",
        "documentation build src/index.js --theme /tmp/theme.js",  # code in a temp area
        "documentation build src/index.js -c /tmp/x.yml",
        "documentation build src/index.js --unknown",
        "documentation delete x",
        "docgen extra",
        "fumadocs-mdx /tmp/evil.config.ts",
        "bisect-ppx-report send-to Codecov",  # uploads
    ],
)
def test_a_doc_tools_other_verbs_and_code_stay_unknown_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "unknown-program", (command, verdict.rule)


@pytest.mark.parametrize("mode", ({}, {"unattended": True}))
@pytest.mark.parametrize(
    "command",
    [
        "taplo fmt ~/.bashrc.toml",
        "taplo fmt --cache-path ~/.cache/x",
        "documentation build src/index.js -f md -o ~/.config/x.md",
        "docgen --api X --output-readme ~/.bashrc",
        "docgen --api X --output-json /etc/x.json",
        "fumadocs-mdx source.config.ts ~/.x",
        "bisect-ppx-report html -o ~/public_html",
        "bisect-ppx-report cobertura ~/.bashrc",
    ],
)
def test_a_doc_tools_output_outside_the_project_is_refused(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.blocked and verdict.rule == "write-outside-project", (command, verdict.rule)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "taplo fmt .git/config",
        "documentation build src/index.js -o .claude/settings.json",
        "taplo fmt $(cat list)",
    ],
)
def test_a_doc_tools_output_on_a_control_file_is_refused_in_every_mode(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).blocked, command
