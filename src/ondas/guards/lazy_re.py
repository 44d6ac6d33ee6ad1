"""Regular expressions compiled on first use, for modules a hook process imports."""

from __future__ import annotations

import re
from collections.abc import Iterator


class LazyPattern:
    """A regular expression compiled on first use.

    The hook is a fresh process per tool call; compiling every rule's patterns at import cost
    about half of the first check, and most commands never reach most rules.
    """

    __slots__ = ("_compiled", "_flags", "_source")

    def __init__(self, source: str, flags: int = 0) -> None:
        self._source = source
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def source(self) -> str:
        """The pattern's text."""
        return self._source

    @property
    def flags(self) -> int:
        """The flags given (an inline ``(?i)`` is not among them: see :attr:`ignores_case`)."""
        return self._flags

    @property
    def ignores_case(self) -> bool:
        """True when the pattern matches regardless of case (by flag or inline ``(?i)``)."""
        return bool(self._flags & re.IGNORECASE) or self._source.startswith("(?i)")

    @property
    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern."""
        if self._compiled is None:
            self._compiled = re.compile(self._source, self._flags)
        return self._compiled

    def search(self, text: str, pos: int = 0) -> re.Match[str] | None:
        """:meth:`re.Pattern.search`."""
        return self.compiled.search(text, pos)

    def match(self, text: str, pos: int = 0) -> re.Match[str] | None:
        """:meth:`re.Pattern.match`."""
        return self.compiled.match(text, pos)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        """:meth:`re.Pattern.finditer`."""
        return self.compiled.finditer(text)
