"""Command substitutions on indented lines of an unquoted here-document (round 19).

tree-sitter-bash reads no expansion at all in a here-document body where a line starts with a
blank before ``$(`` (``cat <<-EOF`` with a tab-indented ``$(rm -rf ~)``, the usual way a
script indents one), so the guard saw plain text and passed the line, and bash ran the
substitution: a helper's probe of this very form emptied the machine's home directory in round
19. The body is read again, as bash runs it (leading blanks change nothing a substitution runs).
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

REFUSED = [
    "cat <<-EOF\n\t$(rm -rf ~)\n\tEOF",
    "cat <<EOF\n\t$(rm -rf ~)\nEOF",
    "cat <<EOF\n  $(rm -rf ~)\nEOF",
    "cat <<EOF\nintro\n\t$(rm -rf ~)\n\t$(ls)\nEOF",
    "cat <<-EOF\n\t\n\t$(rm -rf ~)\n\tEOF",
    "tee notes.txt <<-EOF\n\tdone: $(date)\n\t$(rm -rf ~/.ssh)\n\tEOF",
    "cat <<-EOF > out.txt\n\t${HOME:+$(rm -rf ~)}\n\tEOF",
    "sh <<-EOF\n\t$(echo rm -rf ~)\n\tEOF",
]


@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
@pytest.mark.parametrize("command", REFUSED, ids=[c[:40] for c in REFUSED])
def test_a_substitution_on_an_indented_heredoc_line_is_checked(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


ALLOWED = [
    "cat <<-EOF\n\thello $(date)\n\tEOF",
    "cat <<EOF\n\t$(date)\n\t$(git status --short)\nEOF",
    "cat > notes.txt <<-EOF\n\tbuilt at $(date -u) from $(git rev-parse HEAD)\n\tEOF",
    "cat <<-'EOF'\n\t$(rm -rf ~)\n\tEOF",
]


@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
@pytest.mark.parametrize("command", ALLOWED, ids=[c[:40] for c in ALLOWED])
def test_an_indented_heredoc_of_harmless_substitutions_passes(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule)
