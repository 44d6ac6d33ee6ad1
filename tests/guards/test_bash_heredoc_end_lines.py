"""A here-document's word followed by more text on its line (round 20, the lead).

bash ends a here-document only at a line that is its word alone (``EOF)`` closing a command
substitution is the one exception); on ``EOF & cmd`` or ``EOF;`` the body runs on to the next
such line or to the end of the input, and an unquoted body's substitutions run. tree-sitter-bash
ends the body at ``EOF`` and reads the rest of the line as commands, so a substitution single-
quoted there (inert as a command's word) ran unseen in every mode. Found by a differential
test: random lines run by bash in a jail against the guard's verdict. Such a line is refused as
not parsed.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

REFUSED = [
    "cat <<EOF\na\nEOF & echo '`rm -rf ~`'",
    "cat <<EOF\na\nEOF ; echo '$(rm -rf ~)'",
    "cat <<EOF > notes.txt\nline\nEOF | true '$(git push --force)'",
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", REFUSED)
def test_a_heredoc_word_with_text_after_it_does_not_end_the_body(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


ALLOWED = [
    "cat <<EOF\na\nEOF\nls",
    'x=$(cat <<EOF\nhi\nEOF)\necho "$x"',
    "cat <<-EOF > notes.txt\n\tline\n\tEOF\ngit status",
    "cat <<'EOF' > run.sh\necho '$(date)'\nEOF",
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", ALLOWED)
def test_heredocs_ended_by_their_word_alone_pass(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule)
