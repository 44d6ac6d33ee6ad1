"""The URL whitelist: pattern checks and matching."""

from __future__ import annotations

from pathlib import Path

import pytest

from ondas.errors import UsageError
from ondas.guards.whitelist import check_patterns, load, url_allowed


@pytest.mark.parametrize(
    "pattern", ["*", "**", "*://*", "https://*", "http://*/", "*.com", "*.org", "*.co.uk", "*.*"]
)
def test_overly_broad_patterns_are_refused(pattern: str) -> None:
    (problem,) = check_patterns([pattern])
    assert problem.line == 1
    assert problem.pattern == pattern
    assert "broad" in problem.reason


@pytest.mark.parametrize(
    "pattern", ["git*.com", "*github.com", "https://user@github.com", "exa mple.com", "a.com:xx"]
)
def test_malformed_patterns_are_refused(pattern: str) -> None:
    assert check_patterns([pattern])


def test_acceptable_patterns_pass_and_comments_are_skipped() -> None:
    lines = [
        "# registries",
        "pypi.org",
        "*.githubusercontent.com",
        "https://github.com/myorg/*",
        "registry.npmjs.org:443",
        "",
        "api.github.com  # trailing comment",
    ]
    assert check_patterns(lines) == []


def test_problems_carry_the_line_number() -> None:
    problems = check_patterns(["pypi.org", "# c", "*"])
    assert [p.line for p in problems] == [3]


@pytest.mark.parametrize(
    ("url", "allowed"),
    [
        ("https://pypi.org/simple/", True),
        ("pypi.org", True),
        ("https://files.pypi.org/x", False),
        ("https://raw.githubusercontent.com/o/r/main/x", True),
        ("https://githubusercontent.com/x", False),
        ("https://github.com/myorg/repo", True),
        ("https://github.com/other/repo", False),
        ("http://github.com/myorg/repo", False),
        ("https://evil.com@pypi.org/x", True),
        ("https://pypi.org@evil.com/x", False),
        ("https://pypi.org.evil.com/x", False),
        ("http://localhost:8000/health", True),
        ("http://127.0.0.1/x", True),
        ("https://evil.example.com", False),
        ("", False),
        ("https://pypi.org\\@evil.com", False),
    ],
)
def test_url_matching(url: str, allowed: bool) -> None:
    patterns = ["pypi.org", "*.githubusercontent.com", "https://github.com/myorg/*"]
    assert url_allowed(url, patterns) is allowed


def test_broad_patterns_are_ignored_when_matching() -> None:
    assert not url_allowed("https://evil.example.com", ["*", "https://*", "*.com"])


def test_port_patterns_match_only_that_port() -> None:
    assert url_allowed("https://registry.example.org/x", ["registry.example.org:443"])
    assert not url_allowed("http://registry.example.org/x", ["registry.example.org:443"])


def test_load_reads_patterns_and_refuses_missing_files(tmp_path: Path) -> None:
    file = tmp_path / "whitelist"
    file.write_text("# c\npypi.org\n\n github.com # code\n", encoding="utf-8")
    assert load(file) == ["pypi.org", "github.com"]
    with pytest.raises(UsageError):
        load(tmp_path / "missing")
