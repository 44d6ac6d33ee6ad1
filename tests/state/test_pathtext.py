"""Path text without pathlib reads exactly as pathlib prints it (messages stay the same)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ondas.pathtext import path_text

SPELLINGS = [
    "",
    ".",
    "./",
    "a",
    "a/",
    "a//b",
    "./a/./b/",
    "/",
    "//",
    "///",
    "//a/b",
    "///a/b",
    "/a/../b",
    "..",
    "../x/",
    "a/.",
    ".a",
    "...",
    "a/.../b",
    "/./.ondas",
    "~/proj",
]


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_path_text_is_what_pathlib_prints(spelling: str) -> None:
    assert path_text(spelling) == str(Path(spelling))
    assert path_text(Path(spelling)) == str(Path(spelling))
