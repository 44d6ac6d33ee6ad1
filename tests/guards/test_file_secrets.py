"""Secrets in files about to be committed are found with their file, line and kind."""

from __future__ import annotations

from ondas.guards.file_secrets import FileSecret, file_secrets

KEY = "AKIA" + "Q7ZL4MN2PR8TV6WX"


def test_each_secret_is_named_by_file_line_and_kind_never_by_value() -> None:
    found = file_secrets(
        [
            ("README.md", "# notes\nnothing to see\n"),
            ("config/settings.py", f'"""S."""\n\nAWS_KEY = "{KEY}"\nTOKEN = "ghp_{"a" * 36}"\n'),
        ]
    )
    assert found == [
        FileSecret(path="config/settings.py", line=3, kind="aws-access-key"),
        FileSecret(path="config/settings.py", line=4, kind="github-token"),
    ]
    assert found[0].where() == "config/settings.py:3"
    assert KEY not in repr(found)


def test_ordinary_code_has_no_findings() -> None:
    code = "def add(a: int, b: int) -> int:\n    return a + b\n" * 50
    assert file_secrets([("calc.py", code), ("empty.txt", "")]) == []
