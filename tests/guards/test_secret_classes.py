"""The scrubber against a realistic set of secrets by class, and text it must leave alone."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import pytest

from ondas.guards.secrets import scrub
from tests.guards.secret_cases import CASES, HARMLESS


def test_the_set_covers_every_class_the_issue_lists() -> None:
    classes = Counter(kind for kind, _, _ in CASES)
    assert len(CASES) >= 52
    wanted = {"aws-sts", "aws-free-text", "jdbc", "mssql", "redis-empty-user", "url-slash",
              ".env", "yaml", "json", "basic-auth", "curl-u", ".netrc", "twilio", "datadog",
              "digitalocean", "vault", "shopify", "docker", "sentry", "k8s-secret",
              "docker-config"}  # fmt: skip
    assert wanted <= set(classes)


def test_every_realistic_secret_is_scrubbed() -> None:
    leaked = [(kind, text) for kind, text, secret in CASES if secret in scrub(text)]
    print(f"\nsecrets scrubber: {len(CASES) - len(leaked)}/{len(CASES)} secrets redacted")
    assert leaked == []


@pytest.mark.parametrize("text", HARMLESS)
def test_ordinary_text_is_left_alone(text: str) -> None:
    assert scrub(text) == text


def test_scrubbing_never_imports_detect_secrets() -> None:
    code = (
        "import sys\n"
        "from ondas.guards.secrets import scrub\n"
        "scrub('password=Sup3rS3cret ghp_' + 'a' * 36)\n"
        "print('detect_secrets' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
