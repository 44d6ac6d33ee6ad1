"""Regular expressions compiled on first use, and ``re`` itself imported on first use.

The PreToolUse hook is a new process per tool call. Importing :mod:`re` costs about as much as
starting the interpreter (it pulls ``enum``, ``functools``, ``collections`` and the pattern
compiler), and the guard's common commands (``ls``, ``git status``, ``pytest``...) never reach
a rule that needs a regular expression. The guard modules therefore take ``re`` from here:
:data:`re` is a stand-in that imports the real module on its first attribute access.
"""

from __future__ import annotations

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import re as re
    from collections.abc import Callable, Iterator
else:

    class _DeferredRe:
        """:mod:`re`, imported when one of its attributes is first used."""

        __slots__ = ()

        def __getattr__(self, name: str) -> object:
            import re as module

            return getattr(module, name)

        def __repr__(self) -> str:
            return "<re, imported on first use>"

    re = _DeferredRe()

MULTILINE = 8
"""``re.MULTILINE``, usable at import time without importing :mod:`re` (checked by a test)."""
DOTALL = 16
"""``re.DOTALL`` (``re.S``), usable at import time without importing :mod:`re` (checked by a
test)."""


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

    def fullmatch(self, text: str, pos: int = 0) -> re.Match[str] | None:
        """:meth:`re.Pattern.fullmatch`."""
        return self.compiled.fullmatch(text, pos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], text: str) -> str:
        """:meth:`re.Pattern.sub`."""
        return self.compiled.sub(repl, text)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        """:meth:`re.Pattern.finditer`."""
        return self.compiled.finditer(text)
