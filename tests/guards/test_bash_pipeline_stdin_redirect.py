"""A redirection of stdin written after a pipeline's last command is that command's (round
23, the lead, from diff23's data seed 18).

tree-sitter-bash hangs ``< f`` in ``echo | bash < f`` on the whole pipeline; bash gives it to
``bash``, over the pipe. The guard took the pipe for bash's input and checked ``echo``'s
words: ``echo 'rm -rf ~' > f`` then ``echo | bash < f`` passed in every mode. The redirection
now feeds the last command, as it does when the command stands alone (``bash < f``).

A redirection that names stdin itself (``/dev/stdin``, ``/dev/fd/0``, ``/proc/self/fd/0``,
``<&0``) leaves the pipe in place: ``printf CMD | (bash < /dev/stdin)`` passed in every mode,
the file read as a file nobody wrote.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

REFUSED = [
    "echo 'rm -rf ~' > f\necho | bash < f",
    "echo 'rm -rf ~' > f; echo | bash < f",
    "printf 'git push --force\\n' > run.sh && true | sh < run.sh",
    "echo 'rm -rf ~' > f\necho | bash < f | cat",
    "echo 'rm -rf ~' > f\nls | bash 0< f",
    "echo | bash <<< 'rm -rf ~'",
    "echo | bash <<'EOF'\nrm -rf ~\nEOF",
    "printf 'rm -rf ~' | (bash < /dev/stdin)",
    "printf 'rm -rf ~' | (true; bash < /dev/fd/0)",
    "printf 'rm -rf ~' | (bash < \"/dev/stdin\" && true)",
    "printf 'rm -rf ~' | bash <//dev/./stdin",
    "printf 'rm -rf ~' | bash < /proc/self/fd/0",
    "printf 'rm -rf ~' | (bash <&0)",
    "printf '%s\\n' ~ | xargs rm -rf < /dev/stdin",
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", REFUSED)
def test_the_last_command_of_a_pipeline_reads_its_own_redirection(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


ALLOWED = [
    "echo 'echo hi' > f; echo | bash < f",
    "cat build.log | bash < /dev/null",
    "git log --oneline | grep fix < /dev/stdin",
    "echo hi | cat < /dev/stdin",
    "ls | sort < /dev/stdin > out.txt",
    "printf 'a\\nb\\n' > list.txt; cat list.txt | sort < list.txt > sorted.txt",
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", ALLOWED)
def test_ordinary_pipelines_with_a_redirected_last_command_pass(
    command: str, flags: dict[str, bool]
) -> None:
    assert not check(command, **flags).blocked, (command, flags)
