"""Asking whether the agent's model key is set reads nothing; reading it is still refused.

Scripts check that a key is there before they start (``[ -z "$ANTHROPIC_API_KEY" ] && exit``):
the answer is one bit the run already knows. Any comparison, slice, or other expansion of the
key beside it is a read (``run-token``). Every command here is data handed to the guard.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        '[ -n "$ANTHROPIC_API_KEY" ] && echo set',
        'if [ -z "$ANTHROPIC_API_KEY" ]; then echo "set ANTHROPIC_API_KEY first"; exit 1; fi',
        "[[ -n $CLAUDE_CODE_OAUTH_TOKEN ]]",
        'test -n "${ANTHROPIC_API_KEY}" || exit 1',
        "echo ${ANTHROPIC_API_KEY:+set}",
        "echo ${#ANTHROPIC_AUTH_TOKEN}",
    ],
)
def test_asking_whether_the_key_is_set_passes(command: str, mode: dict[str, bool]) -> None:
    verdict = check(command, **mode)
    assert verdict.allowed, (command, verdict)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        '[ -n "$ANTHROPIC_API_KEY" ] && echo $ANTHROPIC_API_KEY',
        '[ -n "$ANTHROPIC_API_KEY" -a "$ANTHROPIC_API_KEY" = sk-ant ]',
        '[ "$ANTHROPIC_API_KEY" = sk-ant ]',
        "[[ -n ${ANTHROPIC_API_KEY:0:1} ]]",
        "echo ${ANTHROPIC_API_KEY:+$ANTHROPIC_API_KEY}",
        "echo ${ANTHROPIC_API_KEY+`id`}",
        "echo ${!ANTHROPIC_API_KEY}",
    ],
)
def test_a_read_beside_a_presence_test_is_refused(command: str, mode: dict[str, bool]) -> None:
    verdict = check(command, **mode)
    assert verdict.rule == "run-token", (command, verdict)
