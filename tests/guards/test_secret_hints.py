"""The literal hints that let the scrubber skip a pattern change nothing it finds."""

from __future__ import annotations

import pytest

from ondas.guards import secret_classes, secrets
from ondas.guards.secret_classes import Haystack
from ondas.guards.secret_patterns import PATTERNS
from tests.guards.secret_cases import CASES

H32 = "3f9a1c0e7b2d4a6f" + "8e1b5c9d0a7f3e2b"
B35 = "AAH9x_kLmNoPqRsTuVwXyZ0123456789" + "abc"
SAMPLES = [
    "cloudant_password='" + "abcdefghijklmnopqrstuvwx" + "'",
    "CLOUDANT-API-KEY: " + H32 + H32,
    "clpw = '" + "qwertyuiopasdfghjklzxcvb" + "'",
    "https://user:" + "abcdefghijklmnopqrstuvwx" + "@acct.cloudant.com/db",
    "mailchimp " + H32 + "-us12",
    "bot 123456789:" + B35 + " ready",
    "token MTk4NjIyNDgzNDcxOTI1MjQ4" + ".Cl2FMQ." + "ZnCjm1XVW7vRze4b7Cq4se7kKWs" + " x",
    "xoxb-123456789-" + "987654321-abcdefghij",
    "XOXP-" + "1234-5678-abcdef",
    "AccountKey=" + "A" * 86 + "==",
    "key: AKC" + "p8kZz1Qx9vB2" + " ",
    'x="AP6' + "xYz12345Abc" + '"',
    "sq0csp-" + "a" * 43,
    "sk_live_" + "a1B2c3D4e5F6g7H8i9J0k1L2",
    "https://hooks.slack.com/services/T0001/B0002/" + "XXXXXXXXXXXXXXXXXXXXXXXX",
    "aws_key = '" + "wJalrXUtnFEMI/K7MDENG/bPxRfiCY" + "EXAMPLEKEY'",
    "//registry.npmjs.org/:_authToken=" + "npm_" + "a1b2c3d4e5f6" * 3,
    "SG." + "abcdefghijklmnopqrstuv" + "." + "A" * 43,
    "sid AC" + H32 + " and SK" + H32,
    "glpat-" + "abcdefghij0123456789",
    "GR1348941" + "abcdefghij0123456789",
    "PuTTY-User-Key-File-2: ssh-rsa",
    "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE\n",
    "ghp_" + "A" * 36,
    "eyJhbGciOiJIUzI1NiJ9" + ".eyJzdWIiOiIxMjM0In0" + ".c2lnbmF0dXJlLXRleHQ",
    "sk-" + "abc" + "A" * 20 + "T3BlbkFJ" + "B" * 20,
    "https://user:" + "pa55word" + "@example.com/",
    # re folds these non-ASCII letters to ASCII under IGNORECASE: never skipped
    "awſ_token = '" + "wJalrXUtnFEMI/K7MDENG/bPxRfiCY" + "EXAMPLEKEY'",
    "cloudant_paſſword='" + "abcdefghijklmnopqrstuvwx" + "'",
    "\u212a" + "ey: xoxa-" + "1-2-abcdef",
    "collected 12 items\n" + "tests/test_x.py ........ [100%]\n" * 40,
]


def _findings(text: str) -> list[secrets.Finding]:
    return secrets._scan(text, ())  # past the memo, which would answer the second call


def test_every_hint_names_a_vendored_pattern() -> None:
    sources = {source for _, source, _ in PATTERNS}
    assert set(secrets._DS_HINTS) <= sources


@pytest.mark.parametrize("text", [text for _, text, _ in CASES] + SAMPLES)
def test_hints_skip_only_patterns_that_cannot_match(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    hinted = _findings(text)
    monkeypatch.setattr(secrets, "_DS_HINTS", {})
    monkeypatch.setattr(secrets, "_HINTS", {})
    assert hinted == _findings(text)


def test_the_samples_hold_secrets_the_vendored_patterns_find() -> None:
    found = [text for text in SAMPLES[:-1] if list(secrets._detect_secrets_findings(text))]
    assert len(found) >= 25


def test_ignorecase_constant_is_re_s() -> None:
    import re

    from ondas.guards.secret_classes import IGNORECASE

    assert IGNORECASE == re.IGNORECASE


NEEDLES = ("://", "AKIA", "key", "-u", "Secret", "ſ", "ß", "\u212a", "_v1_", "x", "", "a3t")


@pytest.mark.parametrize("short_text", [secret_classes.SHORT_TEXT, -1])
@pytest.mark.parametrize("text", [*SAMPLES, "", "plain ascii: no hint", "Straße KEY ſecret"])
def test_haystack_answers_as_plain_substring_tests(
    text: str, short_text: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secret_classes, "SHORT_TEXT", short_text)  # -1: the memoised tests
    hay = Haystack(text)
    for needle in NEEDLES * 2:  # the second round answers from the memo
        assert hay.has(needle) == (needle in text)
        assert hay.has_lower(needle.lower()) == (needle.lower() in text.lower())
        assert hay.has_folded(needle) == (not text.isascii() or needle.lower() in text.lower())
    for group in (NEEDLES[:3], NEEDLES[3:6], NEEDLES[6:], ()):
        assert hay.has_any(group) == any(needle in text for needle in group)
        lowered = tuple(needle.lower() for needle in group)
        assert hay.has_any_lower(lowered) == any(n in text.lower() for n in lowered)


def test_telegram_gate_admits_every_token_shape() -> None:
    token = "123456789:" + B35
    for text in (token, "x " + token, "a: b\n" + token + "\n"):
        assert secrets._digit_colon_token(text)
        assert [f.kind for f in secrets._detect_secrets_findings(text)] == ["telegram-bot-token"]
    assert not secrets._digit_colon_token("line 00001: ok\nkey:value\n12:")
