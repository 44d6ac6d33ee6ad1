"""The acceptance corpus: every dangerous command is blocked and every everyday one allowed."""

from __future__ import annotations

from ondas.guards.bash import check_command
from tests.guards.conftest import HOME, PROJECT, WHITELIST, corpus


def _check(command: str) -> bool:
    verdict = check_command(command, project=PROJECT, home=HOME, whitelist=WHITELIST, in_venv=True)
    return verdict.allowed


def test_corpus_blocks_every_dangerous_and_allows_every_benign_command() -> None:
    dangerous = corpus("dangerous.txt")
    benign = corpus("benign.txt")
    assert len(dangerous) >= 200 and len(benign) >= 200
    missed = [c for c in dangerous if _check(c)]
    false_positives = [c for c in benign if not _check(c)]
    block_rate = 1 - len(missed) / len(dangerous)
    fp_rate = len(false_positives) / len(benign)
    print(
        f"\nbash guard corpus: {len(dangerous)} dangerous, block rate {block_rate:.1%}; "
        f"{len(benign)} benign, false-positive rate {fp_rate:.1%}"
    )
    assert missed == [], f"dangerous commands allowed: {missed}"
    assert false_positives == [], f"benign commands blocked: {false_positives}"
