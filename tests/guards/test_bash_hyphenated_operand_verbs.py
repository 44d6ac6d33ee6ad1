"""A service CLI's hyphenated verb phrase led by an operand verb (``set-default``,
``update-branch``, ``use-context``) ends its sub-command path as the verb alone does: the words
after it are what it acts on, never a deeper verb (round 17, ``left17``: ``gh repo set-default
owner/purge-tool`` was refused for the ``purge`` in the repository's name). A hyphenated noun
(``deploy-key``, ``add-on``) still names a thing a deeper verb acts on, and a phrase whose own
words destroy is judged first."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

OPERANDS_AFTER_A_PHRASE = [
    "gh repo set-default owner/purge-tool",
    "gh repo set-default owner/drop-tool",
    "gh pr update-branch purge-cache",
    "kubectl config use-context purge-ctx",
    "acmectl config set-default delete-me",
    "acmectl users add-member wipe-team",
    "acmectl keys create-key destroy-test",
]

STILL_REFUSED = [
    ("gh repo delete owner/tool", "service-destroy"),
    ("gh repo deploy-key delete 12", "service-destroy"),  # a noun: delete is its verb
    ("acmectl add-on delete x", "service-destroy"),  # a verb and its particle: a noun
    ("acmectl set-up purge x", "service-destroy"),
    ("acmectl set-delete-protection off", "service-destroy"),  # the phrase's own words
]


@pytest.mark.parametrize("command", OPERANDS_AFTER_A_PHRASE)
def test_the_words_after_a_hyphenated_operand_verb_are_its_operands(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule != "service-destroy", (command, mode, verdict.reason)
    sandboxed = check(command, sandboxed=True)
    # round 18 (left18): ``gh pr update-branch`` pushes, the policy's; never a destruction
    assert sandboxed.allowed or sandboxed.category == "policy", command


@pytest.mark.parametrize(("command", "rule"), STILL_REFUSED)
def test_a_hyphenated_noun_or_a_destroying_phrase_stays_refused(
    command: str, rule: str | None
) -> None:
    for mode in ({"unattended": True}, {"sandboxed": True}):
        verdict = check(command, **mode)
        assert verdict.blocked, (command, mode)
        if rule is not None:
            assert verdict.rule == rule, (command, mode, verdict.rule)
