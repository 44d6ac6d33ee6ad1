"""Round 18 (perf18): the cheap first looks that spare most words and nodes a rule's work
give the verdicts the whole rule gives, for the words and commands they let through and for
those they hand on."""

from __future__ import annotations

import pytest

from ondas.guards.bash import _parser, _prefixed, parser_input
from tests.guards.test_bash import MODES, check

ASSIGNMENT_SHAPES = [
    "make A=1 B=2",
    "A=1 >f B=2 cmd x=1",
    "cmd A=1 'B=2' C=$(x)",
    "A=1 B+=2 cmd",
    "cmd a[1]=2",
    ">/dev/null PATH=/tmp gh pr view",
    "env A=1 tool",
]


def _commands(node):  # type: ignore[no-untyped-def]
    if node.type == "command":
        yield node
    for child in node.children:
        yield from _commands(child)


@pytest.mark.parametrize("line", ASSIGNMENT_SHAPES)
def test_an_assignment_is_parsed_only_before_the_command_name(line: str) -> None:
    root = _parser().parse(parser_input(line)).root_node
    for command in _commands(root):
        kinds = [c.type for c in command.children]
        assigns = "variable_assignment" in kinds
        if "command_name" in kinds:
            assigns = "variable_assignment" in kinds[: kinds.index("command_name")]
            assert "variable_assignment" not in kinds[kinds.index("command_name") :]
        assert not assigns or _prefixed(command)


@pytest.mark.parametrize(
    ("line", "verdicts"),
    [
        # an assignment after a redirect still sets the command's environment
        (">/dev/null PATH=/tmp gh pr view", ["allow", "allow", "unknown-program"]),
        ("2>/dev/null TMPDIR=/x rm -rf $TMPDIR/y", ["rm-unknown-target"] * 3),
        ("TMPDIR=/x rm -rf $TMPDIR/y", ["rm-unknown-target"] * 3),
        ("make A=1 B=2", ["allow"] * 3),
        # operands skip the dry-run spellings, all of which start with a dash
        ("rm -rf / --help", ["allow"] * 3),
        ("POSIXLY_CORRECT=1 rm -rf /home/agent --help", ["rm-home"] * 3),
        ("rsync -avn --delete src/ /", ["allow"] * 3),
        ("rsync -av --delete src/ /", ["write-outside-project"] * 3),
        ("kubectl delete namespace prod --dry-run=client", ["allow"] * 3),
        ("kubectl -n --dry-run delete namespace prod", ["kubectl-mutation"] * 3),
        # secret file names with a dot, an underscore, or neither
        ("cat .ENV.local", ["read-secret-file"] * 3),
        ("cat config/id_ed25519", ["read-secret-file"] * 3),
        ("cat deploy/client_secret_123.json", ["read-secret-file"] * 3),
        ("cat ~/.netrc", ["read-credentials"] * 3),
        # what plain loops over a command's words look for
        ("make clean BUILDDIR=src", ["rm-recursive-outside-temp"] * 3),
        ("java -XX:OnError='rm -rf ~' -jar app.jar", ["rm-home"] * 3),
        ("java -XX:+UseG1GC -jar app.jar", ["allow", "allow", "unknown-program"]),
        ("cat .ondas/state.db", ["state-read"] * 3),
        # the project's top is no control directory; .claude is
        ("cd .claude && pyupgrade x.py", ["write-protected-path"] * 3),
        ("pyupgrade x.py", ["allow"] * 3),
        # round 25 (tune25a): a here-string passed through cat is the shell's code, judged
        ("cat <<< 'rm -rf ~' | sh", ["rm-home"] * 3),
        ("cd build && rm -rf src || exit 1", ["allow"] * 3),
        # a quoted leaf bash may evaluate is still walked; plain words need no walk
        ("test 'a[$(rm -rf ~)]' -eq 1", ["rm-home"] * 3),
        ("declare 'a=($(rm -rf ~))'", ["rm-home"] * 3),
        ("echo '$(rm -rf ~)'", ["allow"] * 3),
        ("cd build || true; rm -rf ../src", ["rm-recursive-outside-temp"] * 3),
    ],
)
def test_the_first_looks_give_the_whole_rules_verdict(line: str, verdicts: list[str]) -> None:
    got = []
    for mode in MODES:
        verdict = check(line, **mode)
        got.append("allow" if verdict.allowed else str(verdict.rule))
    assert got == verdicts
