"""Secrets in files about to be committed: which file, which line, which kind.

A pure function over ``(path, text)`` pairs, so the commit path only reads the files and asks;
a finding names the secret's kind and place, never its value.
"""

from __future__ import annotations

from collections.abc import Iterable

from ondas.guards.secrets import find_secrets
from ondas.record import Record


class FileSecret(Record, frozen=True):
    """A secret of ``kind`` found in ``path`` at 1-based ``line``."""

    path: str
    line: int
    kind: str

    def where(self) -> str:
        """``path:line``."""
        return f"{self.path}:{self.line}"


def file_secrets(files: Iterable[tuple[str, str]]) -> list[FileSecret]:
    """Every secret in the given files' texts, in file order then line order."""
    return [
        FileSecret(path=path, line=text.count("\n", 0, finding.start) + 1, kind=finding.kind)
        for path, text in files
        for finding in find_secrets(text)
    ]
