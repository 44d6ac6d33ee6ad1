"""The scanner's fast paths (literal tests on short texts, the memo of repeated texts) find
exactly what the full scan finds: every pattern tried, every literal test memoised."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ondas.guards import secret_classes, secrets
from tests.guards.secret_cases import CASES, HARMLESS
from tests.guards.test_secret_hints import SAMPLES

TEXTS = [text for _, text, _ in CASES] + HARMLESS + SAMPLES


def _full_scan(text: str) -> list[secrets.Finding]:
    """The slow path: no memo, no hint skips a pattern, literal tests through the memo."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(secret_classes, "SHORT_TEXT", -1)
        patch.setattr(secrets, "_DS_HINTS", {})
        patch.setattr(secrets, "_HINTS", {})
        return secrets._scan(text, ())


@pytest.mark.parametrize("text", TEXTS)
def test_every_corpus_text_is_found_alike_by_the_fast_and_the_full_scan(text: str) -> None:
    assert secrets.find_secrets(text) == _full_scan(text)


# Fragments that open the scanner's gates (hints, prefixes, key words, separators) and
# values that complete a secret after them, so random joins reach every pattern's regex.
FRAGMENTS = [
    *{hint for hints in secrets._HINTS.values() for hint in hints},
    *{h for hint in secrets._DS_HINTS.values() if isinstance(hint, tuple) for h in hint},
    *{h for _, _, hints in secret_classes._PREFIXED for h in hints},
    "password=", "Authorization: Bearer ", "X-Api-Key: ", "curl -u a:", "machine h login u ",
    "kind: Secret\ndata:\n  k: ", "https://u:", "@host/", "123456789:", "MTk4NjIy.Cl2FMQ.",
    "AccountKey=", "aws_secret_access_key = ", "Straße", "ſ", "\u212a", "\n", " ", "'", '"',
    "=", ":", ".", "-", "_", "/",
    "wJalrXUtnFEMI/K7MDENG/bPxRfiCY" + "EXAMPLEKEY", "3f9a1c0e7b2d4a6f" + "8e1b5c9d0a7f3e2b",
    "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdef", "Sup3rS3cretDbPw",
]  # fmt: skip

texts = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=12)), max_size=12).map(
    "".join
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=texts)
def test_the_fast_paths_find_what_the_full_scan_finds(text: str) -> None:
    assert secrets.find_secrets(text) == _full_scan(text)
    assert secrets.find_secrets(text) == _full_scan(text)  # again, from the memo


def test_a_remembered_answer_cannot_be_changed_by_its_caller() -> None:
    text = "DB_PASSWORD=Sup3rS3cretDbPw"
    first = secrets.find_secrets(text)
    first.clear()
    assert secrets.find_secrets(text) == _full_scan(text) != []


def test_env_values_and_long_texts_are_scanned_past_the_memo() -> None:
    value = "n0t-a-pattern-value"
    assert [f.kind for f in secrets.find_secrets(f"x {value}", env_values=[value])] == ["env-value"]
    assert secrets.find_secrets(f"x {value}") == []
    long = "ordinary output line\n" * (secrets.MEMO_TEXT_MAX // 10) + "DB_PASSWORD=Sup3rS3cretDbPw"
    assert secrets.find_secrets(long) == _full_scan(long) != []
