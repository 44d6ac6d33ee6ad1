"""The flags :mod:`ondas.guards.lazy_re` gives modules to use at import time are ``re``'s own."""

from __future__ import annotations

import re

from ondas.guards.lazy_re import DOTALL, MULTILINE, LazyPattern


def test_the_import_time_flags_are_re_s_flags() -> None:
    assert (MULTILINE, DOTALL) == (re.MULTILINE, re.DOTALL)


def test_a_dotall_pattern_matches_across_lines() -> None:
    assert LazyPattern(r"a.b", DOTALL).fullmatch("a\nb") is not None
