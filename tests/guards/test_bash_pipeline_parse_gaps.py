"""Pipelines tree-sitter-bash reads otherwise than bash (round 21, the lead).

- In a pipeline of three or more commands, a newline before a list of ``||``/``&&`` was read as a
  blank: ``ls | cat | grep x`` newline ``rm -rf ~ || true`` was one ``grep x rm -rf ~``, and
  passed. bash ends the pipeline at the newline and runs the next line. Such a newline is a
  ``;`` for the parser.
- A pipeline after a here-document (``cat <<EOF | sh | cat``) is hung on the here-document as
  one stage: its first command, which reads the here-document, was not fed it. It is now
  judged as ``cat <<EOF | sh`` is (a shell fed a pipe is refused whatever the text).

Found by ``bench/guard_differential.py --vocabulary data`` (seed 9) and a probe of its twins.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

REFUSED = [
    "ls | cat | grep x\nrm -rf ~ || true",
    "ls | cat | grep x\nrm -rf ~ && true",
    "git log | head -5 | cat\ngit push --force origin main || :",
    "x='rm -rf ~'; ls | echo \"$x\" | xargs sh -c\ntrue || false",
    "cat <<'EOF' | sh | cat\nrm -rf ~\nEOF",
    "cat <<'EOF' | bash | tee log.txt | cat\nrm -rf ~\nEOF",
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", REFUSED)
def test_the_command_bash_runs_after_the_pipeline_is_judged(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


ALLOWED = [
    "git log --oneline | head -5 | cat\ntest -f x || echo missing",
    "ls | cat | grep x \\\n  --color=never",
    'echo "a\nb" | cat | grep a',
    "cat <<EOF | grep a | sort\na\nb\nEOF",
    "python3 - <<'EOF' | tee out.txt | cat\nprint('hi')\nEOF",
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", ALLOWED)
def test_ordinary_multi_line_pipelines_pass(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule)
