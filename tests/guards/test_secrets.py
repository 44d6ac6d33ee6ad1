"""The secrets filter: each kind is found and replaced by a stable marker; prose is left alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from ondas.errors import UsageError
from ondas.guards.secrets import (
    find_secrets,
    load_env_values,
    sanitize_commit_message,
    sanitize_issue_body,
    sanitize_path_component,
    scrub,
)

# Fake secrets are assembled at run time so no token-shaped literal sits in the repository.
A36 = "aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"
SAMPLES = {
    "aws-access-key": "AKIA" + "IOSFODNN7EXAMPLQ",
    "github-token": "ghp_" + A36,
    "gitlab-token": "glpat-" + "xY12abCDefGHijKLmnOP",
    "slack-token": "xoxb-" + "123456789012-1234567890123-AbCdEfGhIjKlMnOp",
    "stripe-key": "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc",
    "anthropic-key": "sk-ant-api03-" + A36 + "_-xyz",
    "openai-key": "sk-proj-" + A36,
    "google-api-key": "AIza" + "SyA1234567890abcdefghijklmnopqrstuv",
    "jwt": "eyJhbGciOiJIUzI1NiJ9." + "eyJzdWIiOiIxMjM0NTY3ODkwIn0." + "dozjgNryP4J3jVmNHl0w5N",
}


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_each_high_signal_kind_is_replaced_by_its_marker(kind: str) -> None:
    secret = SAMPLES[kind]
    out = scrub(f"before {secret} after")
    assert out == f"before [REDACTED:{kind}] after"
    assert secret not in out


def test_aws_secret_key_value_is_redacted_but_its_name_kept() -> None:
    value = "wJalrXUtnFEMI/K7MDENG/bPxRfiCY" + "EXAMPLEKEY"
    out = scrub(f"aws_secret_access_key = {value}")
    assert out == "aws_secret_access_key = [REDACTED:aws-secret-key]"


def test_private_key_block_is_replaced_whole() -> None:
    block = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\nabc\n-----END RSA PRIVATE KEY-----"
    assert scrub(f"key:\n{block}\ndone") == "key:\n[REDACTED:private-key]\ndone"


def test_unterminated_private_key_is_redacted_to_the_end() -> None:
    assert scrub("x\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk") == (
        "x\n[REDACTED:private-key]"
    )


def test_url_password_is_redacted_and_the_url_stays_readable() -> None:
    out = scrub("clone https://bob:hunter2pass@example.com/repo.git now")
    assert out == "clone https://bob:[REDACTED:url-password]@example.com/repo.git now"


def test_detect_secrets_plugins_add_kinds_of_their_own() -> None:
    token = "SG." + "ngeVfQFYQlKU0ufo8x5d1A" + "." + "TwL2iGABf9DHoTf-09kqeF8tAmbihYzrnopKc-1s5cr"
    out = scrub(f"sendgrid {token}")
    assert token not in out
    assert "[REDACTED:sendgrid-api-key]" in out


def test_ordinary_prose_hashes_and_ids_are_left_alone() -> None:
    text = (
        "commit 3f786850e387550fdab836ed7e6dc881de23001b\n"
        "uuid 123e4567-e89b-12d3-a456-426614174000\n"
        "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\n"
        "The password field is documented in docs/auth.md; set token = None to disable.\n"
        "tests/test_api.py::test_login PASSED [ 42%]\n"
        "https://github.com/org/repo/pull/12 and sk-learn is a library\n"
    )
    assert find_secrets(text) == []
    assert scrub(text) == text


def test_env_values_are_redacted_wherever_they_appear() -> None:
    out = scrub("db is s3cr3t-value-42 and again s3cr3t-value-42", env_values=["s3cr3t-value-42"])
    assert out == "db is [REDACTED:env-value] and again [REDACTED:env-value]"


def test_short_and_boolean_env_values_are_not_redacted() -> None:
    assert scrub("port 8080 debug true", env_values=["8080", "true", ""]) == "port 8080 debug true"


def test_scrub_is_idempotent_and_markers_are_stable() -> None:
    text = f"a {SAMPLES['github-token']} b {SAMPLES['github-token']}"
    once = scrub(text)
    assert once == "a [REDACTED:github-token] b [REDACTED:github-token]"
    assert scrub(once) == once


def test_overlapping_findings_never_leave_a_fragment() -> None:
    secret = "ghp_" + A36
    out = scrub(f"x{secret}y", env_values=[secret[:-3] + "XYZ", secret[5:20]])
    assert A36[1:16] not in out
    assert out.count("[REDACTED:") == 1


def test_findings_carry_positions_but_not_values() -> None:
    text = f"token {SAMPLES['github-token']}"
    (finding,) = find_secrets(text)
    assert text[finding.start : finding.end] == SAMPLES["github-token"]
    assert set(finding.to_dict()) == {"kind", "start", "end", "source"}


def test_load_env_values_parses_quotes_exports_and_comments(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text(
        "# comment\n"
        "export API_TOKEN=abc123def456\n"
        "DB_PASSWORD='pa ss word'\n"
        'MULTI="line1-secret\\nline2-secret"\n'
        "PLAIN=plainvalue # trailing comment\n"
        "DEBUG=true\nPORT=8080\nEMPTY=\n"
        "not a pair\n",
        encoding="utf-8",
    )
    values = load_env_values(env)
    assert "abc123def456" in values
    assert "pa ss word" in values
    assert "line1-secret" in values and "line2-secret" in values
    assert "plainvalue" in values
    assert not {"true", "8080", ""} & set(values)


def test_missing_env_file_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError):
        load_env_values(tmp_path / "nope.env")


def test_commit_message_sanitizer_scrubs_and_tidies() -> None:
    raw = f"Fix login\x1b[31m\r\n\r\n\r\nUse {SAMPLES['github-token']}\x07  \n\n"
    assert sanitize_commit_message(raw) == "Fix login\n\nUse [REDACTED:github-token]"
    assert sanitize_commit_message("\n\n") == "(no message)"


def test_issue_body_sanitizer_defuses_mentions_and_caps_length() -> None:
    body = sanitize_issue_body(f"cc @octocat, mail me at a@b.com {SAMPLES['openai-key']}")
    assert "`@octocat`" in body
    assert "a@b.com" in body
    assert "[REDACTED:openai-key]" in body
    long = sanitize_issue_body("x" * 100, limit=50)
    assert len(long) <= 50 and long.endswith("[truncated]")


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Add login page", "add-login-page"),
        ("../../etc/passwd", "etc-passwd"),
        (".hidden", "hidden"),
        ("", "untitled"),
        ("///", "untitled"),
        ("Café über", "cafe-uber"),
        ("CON", "_con"),
        ("a" * 200, "a" * 80),
        ("..", "untitled"),
    ],
)
def test_path_component_sanitizer_yields_one_safe_name(raw: str, expected: str) -> None:
    assert sanitize_path_component(raw) == expected


def test_path_component_sanitizer_drops_secrets() -> None:
    out = sanitize_path_component(f"task {SAMPLES['github-token']}")
    assert A36.lower() not in out
    assert out == "task-redacted"
