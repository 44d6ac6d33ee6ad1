"""find's expression, read as find reads it, to tell which entries its actions reach.

``find ROOT EXPR`` runs EXPR's actions (``-delete``, ``-exec``, ``-print``) on the entries for
which the expression gets that far: ``!``/``-not``, ``-a`` (or two primaries side by side),
``-o``, ``,`` and parentheses, with find's precedence and short-circuit. A test whose answer
the guard cannot know for an entry (``-type``, ``-mtime``, ``-size``...) may be either; an
action reached only past such a test may run. ``-prune`` keeps find out of a directory only
when it is certainly reached, and not under ``-depth`` (which ``-delete`` implies).

Two questions are asked of an expression: whether its actions may reach a given path (a
control file or a credential store under the root, :meth:`Expression.acts_on`), and whether
they may reach an ordinary file, one whose name is no scratch name (:meth:`acts_on_ordinary`):
``find . -name __pycache__ -exec rm -rf {} +`` reaches none, ``! -name __pycache__`` and ``-o
-path ./src`` reach the project's work.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Sequence
from fnmatch import fnmatchcase

from ondas.guards.bash_system import FIND_VALUE
from ondas.guards.paths import relative_below


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_GLOBAL = _words(
    "-maxdepth -mindepth -depth -d -xdev -mount -follow -noleaf -regextype -ignore_readdir_race "
    "-noignore_readdir_race -daystart -warn -nowarn -files0-from -help --help -version"
)
"""Options that are no test: always true where they stand."""

_ACTIONS = _words(
    "-delete -exec -execdir -ok -okdir -print -print0 -printf -fprint -fprint0 -fprintf -ls -fls"
)
_NAME = frozenset(("-name", "-iname"))
_PATH = frozenset(("-path", "-ipath", "-wholename", "-iwholename"))
_REGEX = frozenset(("-regex", "-iregex"))

Truth = bool | None
"""True, False, or None: either, for all the guard knows."""


# Plain slotted classes, not dataclasses: ``dataclasses`` imports ``inspect`` (35 modules) into
# the hook process of every ``find`` line. None is ever changed after it is made.


class _Node:
    __slots__ = ("kids", "op", "primary", "value")

    def __init__(
        self, op: str, kids: tuple[_Node, ...] = (), primary: str = "", value: str = ""
    ) -> None:
        self.op = op
        """``and``, ``or``, ``not``, ``comma``, ``test``, ``action`` or ``prune``."""
        self.kids = kids
        self.primary = primary
        self.value = value


class _Entry:
    """What is known of one entry: its path as find prints it and whether it is a directory;
    ``ordinary`` for the abstract entry whose every name is none of the scratch names."""

    __slots__ = ("directory", "ordinary", "spelled")

    def __init__(
        self, spelled: str, directory: bool, ordinary: Callable[[str], bool] | None = None
    ) -> None:
        self.spelled = spelled
        self.directory = directory
        self.ordinary = ordinary


class _Run:
    __slots__ = ("acted", "pruned", "value")

    def __init__(self, value: Truth, acted: bool, pruned: bool) -> None:
        self.value = value
        self.acted = acted
        """An action other than ``-prune`` may have run."""
        self.pruned = pruned
        """``-prune`` certainly ran."""


class Expression:
    """A parsed find expression (see the module)."""

    def __init__(self, root: _Node, depth_first: bool, has_action: bool) -> None:
        self._root = root
        self._depth_first = depth_first
        self._has_action = has_action

    @classmethod
    def parse(cls, args: Sequence[str | None]) -> Expression | None:
        """The expression of find's arguments (roots and ``-H``/``-L``/``-P`` skipped); None
        when a word is unknown at check time or the expression is malformed."""
        words = list(args)
        i = 0
        while i < len(words) and words[i] in {"-H", "-L", "-P"}:
            i += 1
        while i < len(words):
            word = words[i]
            if word is None or _starts_expression(word):
                break
            i += 1
        if any(w is None for w in words[i:]):
            return None
        parser = _Parser([w for w in words[i:] if w is not None])
        try:
            node = parser.expression()
        except ValueError:
            return None
        if parser.pos != len(parser.words):
            return None
        depth_first = any(w in {"-depth", "-d", "-delete"} for w in parser.primaries)
        has_action = any(w in _ACTIONS for w in parser.primaries)
        return cls(node, depth_first, has_action)

    def acts_on(self, root: str, path: str, directory: bool = False) -> bool:
        """Whether find's actions may reach ``path`` (spelled from ``root`` as find prints
        it): on the way down, a directory certainly pruned keeps find out of it."""
        if not self._depth_first:
            rel = relative_below(path, root) if path != root else "."
            parts = [] if rel == "." else rel.split("/")
            for k in range(len(parts)):  # the root, then each directory on the way
                above = root if k == 0 else posixpath.join(root, *parts[:k])
                if self._run(_Entry(above, True)).pruned:
                    return False
        return self._reaches(_Entry(path, directory))

    def acts_on_ordinary(self, scratch: Callable[[str], bool]) -> bool:
        """Whether find's actions may reach an ordinary entry: one whose names are none of
        the scratch names and patterns (``scratch`` says which are)."""
        return self._reaches(_Entry("", False, scratch)) or self._reaches(_Entry("", True, scratch))

    def _reaches(self, entry: _Entry) -> bool:
        run = self._run(entry)
        return run.acted or (not self._has_action and run.value is not False)

    def _run(self, entry: _Entry) -> _Run:
        return _evaluate(self._root, entry)


def _starts_expression(word: str) -> bool:
    return word.startswith("-") or word in {"(", "!", ")", ","}


class _Parser:
    """find's grammar: ``expr := and (',' and)*`` with ``-o`` binding looser than ``-a``."""

    def __init__(self, words: list[str]) -> None:
        self.words = words
        self.pos = 0
        self.primaries: list[str] = []

    def _peek(self) -> str | None:
        return self.words[self.pos] if self.pos < len(self.words) else None

    def expression(self) -> _Node:
        if self._peek() is None:
            return _Node("test", primary="-true")  # no expression: every entry, printed
        node = self._or()
        while self._peek() == ",":
            self.pos += 1
            node = _Node("comma", (node, self._or()))
        return node

    def _or(self) -> _Node:
        node = self._and()
        while self._peek() in {"-o", "-or"}:
            self.pos += 1
            node = _Node("or", (node, self._and()))
        return node

    def _and(self) -> _Node:
        node = self._not()
        while True:
            word = self._peek()
            if word in {"-a", "-and"}:
                self.pos += 1
            elif word is None or word in {"-o", "-or", ",", ")"}:
                return node
            node = _Node("and", (node, self._not()))

    def _not(self) -> _Node:
        word = self._peek()
        if word in {"!", "-not"}:
            self.pos += 1
            return _Node("not", (self._not(),))
        if word == "(":
            self.pos += 1
            node = self._or()
            while self._peek() == ",":
                self.pos += 1
                node = _Node("comma", (node, self._or()))
            if self._peek() != ")":
                raise ValueError("unbalanced parentheses")
            self.pos += 1
            return node
        return self._primary()

    def _primary(self) -> _Node:
        word = self._peek()
        if word is None or not word.startswith("-"):
            raise ValueError(f"not a primary: {word!r}")
        self.pos += 1
        self.primaries.append(word)
        if word in {"-exec", "-execdir", "-ok", "-okdir"}:
            while self._peek() not in {";", "+", None}:
                self.pos += 1
            if self._peek() is None:
                raise ValueError("an -exec without its end")
            self.pos += 1
            return _Node("action", primary=word)
        takes = 2 if word == "-fprintf" else 1 if word in FIND_VALUE or _newer(word) else 0
        if self.pos + takes > len(self.words):
            raise ValueError(f"{word} without its argument")
        value = self.words[self.pos] if takes else ""
        self.pos += takes
        if word == "-prune":
            return _Node("prune", primary=word)
        if word in _ACTIONS or word == "-quit":
            return _Node("action", primary=word)
        if word in _GLOBAL:
            return _Node("test", primary="-true")
        return _Node("test", primary=word, value=value)


def _newer(word: str) -> bool:
    return word.startswith("-newer") and len(word) == 8


def _evaluate(node: _Node, entry: _Entry) -> _Run:
    if node.op == "test":
        return _Run(_test(node.primary, node.value, entry), False, False)
    if node.op == "action":
        return _Run(True, node.primary != "-quit", False)
    if node.op == "prune":
        return _Run(True, False, entry.directory)
    if node.op == "not":
        run = _evaluate(node.kids[0], entry)
        return _Run(None if run.value is None else not run.value, run.acted, run.pruned)
    left = _evaluate(node.kids[0], entry)
    if node.op == "comma":
        right = _evaluate(node.kids[1], entry)
        return _Run(right.value, left.acted or right.acted, left.pruned or right.pruned)
    stop = node.op != "and"  # and stops at false, or at true
    if left.value is stop:
        return left
    right = _evaluate(node.kids[1], entry)
    certain = left.value is not None  # the right side certainly ran
    if node.op == "and":
        value: Truth = (
            False
            if right.value is False
            else True
            if left.value is True and right.value is True
            else None
        )
    else:
        value = (
            True
            if right.value is True
            else False
            if left.value is False and right.value is False
            else None
        )
    return _Run(value, left.acted or right.acted, left.pruned or (certain and right.pruned))


def _test(primary: str, value: str, entry: _Entry) -> Truth:
    if primary == "-true":
        return True
    if primary == "-false":
        return False
    if primary in {"-type", "-xtype"} and set(value) <= set("bcdpflsD,"):
        kinds = set(value.split(","))
        if entry.ordinary is not None and kinds - {"f", "d"}:
            return None  # a link or a socket of the project's may be ordinary too
        return ("d" if entry.directory else "f") in kinds
    folded = primary[1] == "i" and primary not in {"-inum"}
    if entry.ordinary is not None:
        return _ordinary_test(primary, value, entry.ordinary)
    if primary in _NAME:
        name = posixpath.basename(entry.spelled.rstrip("/")) or entry.spelled
        return _match(name, value, folded)
    if primary in _PATH:
        return _match(entry.spelled, value, folded)
    if primary in _REGEX:
        if "\\(" in value or "\\|" in value or "\\{" in value:
            return None  # emacs syntax, which Python's re reads otherwise
        try:
            found = re.fullmatch(value, entry.spelled, re.IGNORECASE if folded else 0)
        except re.error:
            return None
        return found is not None
    return None


def _match(text: str, pattern: str, folded: bool) -> bool:
    return fnmatchcase(text.lower(), pattern.lower()) if folded else fnmatchcase(text, pattern)


def _ordinary_test(primary: str, value: str, scratch: Callable[[str], bool]) -> Truth:
    """A name or path test of an entry none of whose names is a scratch name: false when the
    pattern can match only scratch names, else unknown."""
    if primary in _NAME:
        return False if scratch(value) else None
    if primary in _PATH:
        parts = [p for p in value.split("/") if p and p not in {".", "*", "**"}]
        return False if any(scratch(p) and not set(p) <= set("*?") for p in parts) else None
    return None
