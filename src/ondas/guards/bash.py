"""Bash command guard: parse a command line with tree-sitter-bash and veto dangerous commands.

The parser sees the command as bash will: pipelines, lists, subshells, ``$(...)``, backticks,
process substitutions, heredocs, functions and control flow. Every simple command is checked,
including those hidden inside ``bash -c``/``sh -c``/``eval``/``trap``/``alias`` strings
(recursively, to a bounded depth), behind wrappers (``env``, ``nohup``, ``timeout``, ``xargs``,
``find -exec``, ``watch``, ...) and inside ``powershell.exe -Command`` text. Anything the guard
cannot see through (a parse error, a command name computed at run time, code piped into a
shell) is blocked: the guard fails closed. The rules themselves live in
:mod:`ondas.guards.bash_base` and the modules it names.
"""

from __future__ import annotations

import os
import posixpath
import sys
from _contextvars import ContextVar  # what contextvars re-exports, without loading it

from ondas.guards import bash_base as rules
from ondas.guards.bash_base import (
    SQL_PRINTING_VERBS,
    Ctx,
    Stdin,
    Word,
    run_secret_named,
    startup_file,
)
from ondas.guards.lazy_re import DOTALL, LazyPattern, re
from ondas.guards.paths import FRESH_TEMP_NAME, lexical_inside
from ondas.guards.secret_files import named_secrets, secret_hint
from ondas.guards.verdict import ALLOW, Verdict

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Mapping, Sequence
    from os import PathLike
    from typing import Any

    from tree_sitter import Node, Parser

    from ondas.guards.bash_base import DirectoryState

MAX_DEPTH = 6
"""How many nested shell strings (``bash -c "eval '...'"``) the guard follows before blocking."""

MAX_LENGTH = 100_000
"""Longer command lines are refused outright."""

_IFS = "\x00IFS\x00"

_HIDDEN_TEXT = LazyPattern(
    "[\u202a-\u202e\u2066-\u2069\u2061-\u2064\u3164\uffa0\U000e0000-\U000e007f]"
)
"""Characters that make a command read otherwise than it runs (round 10b): bidirectional
embeddings, overrides and isolates reorder what a person sees ("Trojan Source"); Unicode tag
characters are text no terminal shows (they can spell a whole hidden instruction; the one
honest use, a subdivision flag's emoji such as Scotland's, is refused with them); the
invisible mathematical operators and the standalone Hangul fillers print as nothing, so a
word that holds one reads as another (an "invisible" name or separator)."""

_NON_ASCII = LazyPattern(r"[^\x00-\x7f]+")
_TIME_KEYWORD = LazyPattern(
    r"(?:^|(?<=[;&|({}\n!`])|(?<=\bthen)|(?<=\bdo)|(?<=\belse)|(?<=\bif)|(?<=\belif)|(?<=\bwhile)"
    r"|(?<=\buntil))[ \t]*time(?:[ \t]+-p)?(?=[ \t])"
)
"""Bash's ``time`` keyword where a command starts. It changes nothing that runs, and
tree-sitter-bash reads it as a command whose arguments are the compound command it times
(``time (cd build && make)``, ``time for ...``), so the parser is shown blanks in its place."""
_EXPANSION = LazyPattern(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-=?])([^}]*))?\}?")
"""``$NAME``, ``${NAME}``, and ``${NAME:-default}``, ``${NAME:=default}`` (the value, else the
default) and ``${NAME:?message}`` (the value, else an error: nothing runs)."""
_ENVIRONMENT_EXPANSION = LazyPattern(
    r"\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)(?::?\?[^}]*|(?:##?|%%?)[^}]*)?\})"
)
"""``$NAME``, ``${NAME}``, ``${NAME:?message}``, ``${NAME#pattern}`` and the other removals."""
_LOCATION_VARIABLES = frozenset(
    {"HOME", "PWD", "OLDPWD", "TMPDIR", "TMP", "TEMP", "PATH", "CDPATH", "IFS", "ZDOTDIR"}
)
"""Variables whose value is a place the guard reads itself, or that change how bash reads
a word: never one plain name in a write target (:meth:`_Walker._environment_readings`)."""
_CASE_EXPANSION = LazyPattern(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(,,|\^\^|~~|,|\^|~)\}")
"""``${NAME,,}`` and the other case-changing operators, with no pattern after them."""
_EDITED_EXPANSION = LazyPattern(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(##?|%%?|//?)([^}]*)\}")
_SUBSTRING_EXPANSION = LazyPattern(
    r"\$\{([A-Za-z_][A-Za-z0-9_]*):( *-?[0-9]+|\(-?[0-9]+\))(?::(-?[0-9]+))?\}"
)
"""``${NAME:OFFSET}`` and ``${NAME:OFFSET:LENGTH}`` with literal numbers (a negative offset
after a space or in parentheses, a negative length counted from the end; round 23s)."""
"""``${NAME#pattern}``, ``${NAME##pattern}``, ``${NAME%pattern}``, ``${NAME%%pattern}`` (a
prefix or suffix removed) and ``${NAME/pattern/text}``, ``${NAME//pattern/text}`` (replaced)."""
_NOT_A_PLAIN_PATTERN = frozenset("$`'\"\\(){}!@+")
"""Characters that make an operator's pattern more than a glob of literal characters, ``*``,
``?`` and ``[...]``: expansions, quoting, extended globs (read as unknown)."""
_ENVIRONMENT = {"TMPDIR": "/tmp", "TMP": "/tmp", "TEMP": "/tmp"}
"""Variables the guard takes as set to the system temp directory when a command does not set
them (Claude Code's sandbox points ``TMPDIR`` at a temp directory of its own)."""
_NUMERIC_PARAMETER = LazyPattern(
    r"\$(?:[$!?#]|\{(?:[$!?#]|BASHPID|RANDOM|SRANDOM|UID|EUID|SECONDS|LINENO)\}"
    r"|(?:BASHPID|RANDOM|SRANDOM|UID|EUID|SECONDS|LINENO)\b)"
)
"""Parameters bash always expands to a number (``$$``, ``$!``, ``$?``, ``$RANDOM``...): the
value is unknown, its shape is not, so a path or SQL around it is still judged."""
_EMPTY_FORMAT = LazyPattern(r"(?:%[sbq])+")
"""A ``printf`` format made of string conversions only: given no argument it prints nothing."""
_A_NUMBER = "4242"
_MAX_LOOP_VALUES = 16
"""A ``for`` loop over more static words than this is checked once, its variable unknown."""
_SOURCE: ContextVar[bytes] = ContextVar("ondas_bash_guard_source")
"""The command bytes as written, which node texts are read from (the parser sees a copy)."""


def _literal_dollar(following: bytes) -> bool:
    """Whether a ``$`` inside double quotes followed by the byte ``following`` is itself: it
    starts an expansion only before a name, a digit, ``{``, ``(``, ``[`` or a special
    parameter (not before the closing quote, ``/`` or a space)."""
    if not following:
        return True
    return not following.isalnum() and following not in b"_{([@*#?$!-"


def check_command(
    command: str,
    *,
    project: str | PathLike[str] | None = None,
    whitelist: Sequence[str] = (),
    in_container: bool = False,
    in_venv: bool = False,
    home: str | PathLike[str] | None = None,
    unattended: bool = False,
    cwd: str | PathLike[str] | None = None,
    sandboxed: bool = False,
    held: Callable[[str], bool] | None = None,
    environment: Mapping[str, str] | None = None,
    session_env: Callable[[], bool] | None = None,
) -> Verdict:
    """Allow ``command`` or block it naming the rule and the offending segment.

    ``project`` defaults to the working directory; relative paths are taken relative to
    ``cwd`` (default: the project), where the shell starts. ``unattended`` refuses programs
    no rule knows (see :mod:`ondas.guards.bash_known`); ``sandboxed`` says the command runs in
    the OS sandbox, which is left the writes outside the project it stops
    (:data:`~ondas.guards.bash_base.LEFT_TO_SANDBOX`). The two exclude each other: an
    unattended run without the sandbox is the guard's only line. ``held`` asks git whether it
    holds everything under a project directory (see :func:`~ondas.guards.bash_base.git_holds`):
    the hook passes it, so a recursive deletion git can undo is allowed. ``environment`` is
    the environment the line runs in (the hook and ``ondas guard bash`` pass their own,
    ``os.environ``): a command word that is a variable the line does not set is judged as the
    value it has there (:mod:`~ondas.guards.bash_command_words`); without it such a word
    stays unknown. ``session_env`` asks whether env files Claude Code's session hooks wrote
    run before the command (the hook passes it; they may set any variable).
    """
    if unattended and sandboxed:
        raise ValueError("a command is checked as unattended (no sandbox) or sandboxed, not both")
    ctx = Ctx(
        project=os.path.abspath(project if project is not None else os.getcwd()),
        whitelist=tuple(whitelist),
        in_container=in_container,
        in_venv=in_venv,
        home=os.fspath(home) if home is not None else os.path.expanduser("~"),
        check_source=_check_source,
        unattended=unattended,
        sandboxed=sandboxed,
        held=held,
        environment=environment,
        session_env=session_env,
    )
    ctx.line = command
    ctx.cwd = os.path.abspath(cwd) if cwd is not None else ctx.project
    if len(command) > MAX_LENGTH:
        return Verdict.block("too-long", command[:80], "the command is too long to check")
    if not command.isascii() and _HIDDEN_TEXT.search(command) is not None:
        return Verdict.block(
            "hidden-text",
            _short(command),
            "the command carries invisible or reordering characters (bidirectional controls, "
            "Unicode tags): what a person reads is not what runs",
        )
    named = run_secret_named(command)
    if named is not None:
        return Verdict.block(
            "run-token",
            _short(command),
            f"{named} is the run's own token (its hooks, tools or model calls authenticate "
            "with it); it is not the agent's to read or use",
        )

    def again(line: str) -> Verdict:
        """``line``, a reading of ``command`` the parser did not give, judged with the same
        settings."""
        return check_command(
            line,
            project=project,
            whitelist=whitelist,
            in_container=in_container,
            in_venv=in_venv,
            home=home,
            unattended=unattended,
            cwd=cwd,
            sandboxed=sandboxed,
            held=held,
            environment=environment,
            session_env=session_env,
        )

    try:
        verdict = rules.in_this_shell(command, ctx, 0)
        traps, ctx.traps = ctx.traps, []
        for trap in traps:  # ``tmp=$(mktemp); trap 'rm -rf "$tmp"' EXIT; tmp=~``
            if not verdict.allowed:
                break
            verdict = rules.in_this_shell(trap, ctx, 1)
        jobs, ctx.jobs = ctx.jobs, []
        if verdict.allowed and jobs and ctx.written:
            for job in jobs:  # ``sh f & printf 'rm -rf ~' > f``: the job may read what follows
                verdict = rules.in_this_shell(job, ctx, 1)
                if not verdict.allowed:
                    break
        if verdict.allowed and ctx.written and any(map(startup_file, ctx.written)):
            from ondas.guards.bash_startup import planted_startup_files

            verdict = planted_startup_files(ctx, 1, _short(command))  # ``> conftest.py``
        if verdict.allowed and "\\\n" in command and _JOINED_LINE.search(command):
            # bash removes a backslash-newline before splitting words (``git pu\\<NL>sh``);
            # tree-sitter ends the word there
            joined = again(_JOINED_LINE.sub("", command))
            if joined.rule != "parse-error":
                return joined
        if "<<" in command and ("&&" in command or "||" in command):
            listed = _heredoc_on_its_command(command)
            if listed is not None:  # ``cd src && bash <<'EOF'``: the body is bash's input
                rewritten = again(listed)
                if rewritten.blocked and rewritten.rule != "parse-error":
                    return rewritten
                if rewritten.allowed and verdict.rule == "interactive-shell":
                    return rewritten  # unattended: the program's input is the body, read now
        return verdict
    except RecursionError:
        return Verdict.block(
            "nesting-too-deep", _short(command), "the command is nested too deep to check"
        )


def _heredoc_on_its_command(command: str) -> str | None:
    """``command`` with the ``&&`` or ``||`` before a here-document's command spelt ``;``
    when tree-sitter gave the here-document to the whole list (``cd src && bash <<'EOF'``
    parses as the list ``cd src && bash`` redirected; round 26, tune26): bash gives it to the
    last command, whose input it is, and the rewritten line parses so. The guard judges every
    command of a list as if it runs, so the operator's condition changes no verdict; None when
    no here-document is so attached."""
    source = parser_input(command)
    stack = [_parser().parse(source).root_node]
    spans: list[tuple[int, int]] = []
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.type != "redirected_statement" or not node.named_children:
            continue
        body = node.named_children[0]
        if body.type != "list" or not any(c.type == "heredoc_redirect" for c in node.children):
            continue
        operators = [c for c in body.children if c.type in {"&&", "||"}]
        if operators:
            spans.append((operators[-1].start_byte, operators[-1].end_byte))
    if not spans:
        return None
    raw = bytearray(command.encode("utf-8", "surrogateescape"))
    for start, end in sorted(spans, reverse=True):
        raw[start:end] = b"; "[: end - start].ljust(end - start)
    return raw.decode("utf-8", "surrogateescape")


_PARSERS: list[Parser] = []
"""The one parser of this process, built on first use (building it costs about 2 ms)."""


def _parser() -> Parser:
    if not _PARSERS:
        try:
            core, grammar = _binding("tree_sitter"), _binding("tree_sitter_bash")
            _PARSERS.append(core.Parser(core.Language(grammar.language())))
        except Exception:
            import tree_sitter_bash
            from tree_sitter import Language, Parser

            _PARSERS.append(Parser(Language(tree_sitter_bash.language())))
    return _PARSERS[0]


def _binding(package: str) -> Any:
    """The compiled ``<package>._binding`` module, loaded without the package's ``__init__``.

    ``tree_sitter`` imports ``typing`` and ``tree_sitter_bash`` imports ``importlib.resources``
    (``tempfile``, ``shutil``, ``random``...) only for things the guard never uses, and
    ``importlib.util`` would add ``contextlib`` and ``types``; the hook starts once per tool
    call and skips them all. The package directory is found on ``sys.path`` as the import
    system would (first match wins), and the ``_binding`` extension in it is loaded through
    the import system's own loader, taken from the frozen modules ``importlib.machinery``
    re-exports (importing that package adds ``importlib`` and ``warnings``). Any surprise falls
    back to the normal import.
    """
    import sys
    from _frozen_importlib import ModuleSpec
    from _frozen_importlib_external import ExtensionFileLoader
    from _imp import extension_suffixes

    suffixes = tuple(extension_suffixes())
    for entry in sys.path:
        base = os.path.join(entry or os.curdir, package)
        if os.path.isfile(os.path.join(base, "__init__.py")):
            break
    else:
        raise ImportError(package)
    found = next(
        n for n in sorted(os.listdir(base)) if n.startswith("_binding.") and n.endswith(suffixes)
    )
    name = f"{package}._binding"
    origin = os.path.join(base, found)
    loader = ExtensionFileLoader(name, origin)
    spec = ModuleSpec(name, loader, origin=origin)
    stand_ins = _stand_ins()
    sys.modules.update(stand_ins)
    try:
        module = loader.create_module(spec)  # the extension's init runs here
    finally:
        for standard in stand_ins:
            del sys.modules[standard]
    loader.exec_module(module)
    return module


def _stand_ins() -> dict[str, Any]:
    """Stand-ins for the two standard modules ``tree_sitter``'s extension takes one name from
    as it loads, for the modules this process has not imported yet.

    Its init keeps ``re.compile`` (called only for a query's ``#match?``, which the guard never
    runs) and calls ``enum.IntEnum("LogType", ...)`` (its result is called only for a parser's
    ``logger``, which the guard never sets); importing ``re`` and ``enum`` for them was about a
    fifth of an allowed hook call. The stand-ins import the real module when called, so the
    answer is the same if something ever calls them. They stay in ``sys.modules`` only while the
    extension loads (the hook is one thread; a process that already holds the real modules gets
    no stand-in); an attribute they lack fails the load, and :func:`_parser` then imports
    ``tree_sitter`` normally.
    """
    module = type(sys)
    stand_ins: dict[str, Any] = {}
    if "re" not in sys.modules:
        stand_ins["re"] = module("re")
        stand_ins["re"].compile = _compile
    if "enum" not in sys.modules:
        stand_ins["enum"] = module("enum")
        stand_ins["enum"].IntEnum = _int_enum
    return stand_ins


def _compile(pattern: str, flags: int = 0) -> Any:
    """``re.compile``, importing :mod:`re` when first called (see :func:`_stand_ins`)."""
    import re

    return re.compile(pattern, flags)


def _int_enum(name: str, members: dict[str, int]) -> Callable[[int], Any]:
    """``enum.IntEnum(name, members)``, built when its first member is asked for (see
    :func:`_stand_ins`)."""

    def member(value: int) -> Any:
        import enum

        functional: Any = enum.IntEnum  # the functional API, which typeshed does not type
        return functional(name, members)(value)

    return member


def _check_source(source: str, ctx: Ctx, depth: int) -> Verdict:
    """``source`` checked as a command line; a ``cd`` in it moves only its own shell unless
    the line's shell runs it (:attr:`~ondas.guards.bash_base.Ctx.this_shell`)."""
    this_shell, ctx.this_shell = ctx.this_shell, False
    saved = None if this_shell else ctx.directory()
    ignored = ctx.errexit_ignored
    if saved is not None:  # a child shell: ``-e`` only if it was started with it (``bash -e``)
        ctx.errexit, ctx.errexit_ignored = ctx.shell_errexit, 0
    ctx.shell_errexit = False
    runners, ctx.shell_runners = ctx.shell_runners, len(ctx.runners)
    try:
        return _check_shell_source(source, ctx, depth)
    finally:
        ctx.shell_runners = runners
        ctx.errexit_ignored = ignored
        if saved is not None:
            ctx.enter(saved)


def _check_shell_source(source: str, ctx: Ctx, depth: int) -> Verdict:
    if depth > MAX_DEPTH:
        return Verdict.block(
            "nesting-too-deep", _short(source), "shell strings nested too deep to check"
        )
    if not source.strip():
        return ALLOW
    if "\x00" in source:
        return Verdict.block("parse-error", _short(source), "NUL bytes in a command")
    tree = _parse(source)
    if tree.root_node.has_error and "<<" in source:
        closed = _close_heredocs(source)  # bash reads an open heredoc to the end of the input
        if closed is not None:
            retry = _parse(closed)
            if not retry.root_node.has_error and _open_heredocs_are_data(retry, len(source)):
                source, tree = closed, retry
    original = source.encode("utf-8", "surrogatepass")
    token = _SOURCE.set(original)
    try:
        root = tree.root_node
        if root.has_error:
            bad = _first_error(root)
            return Verdict.block(
                "parse-error", _text(bad) or _short(source), "the command does not parse; refused"
            )
        walker = _Walker(ctx, depth)
        verdict = walker.walk(root)
        if verdict.allowed and walker.side_by_side:
            return walker.walk_side_by_side()
        return verdict
    finally:
        _SOURCE.reset(token)


def _glued_keyword(node: Node) -> Verdict:
    """Refuse a compound command whose reserved word has a quote, backslash or expansion
    joined to it (:data:`_GLUED_KEYWORDS`): bash reads one word, a command name, where the
    parser read the keyword. Read off the compound commands' own keyword tokens (and their
    ``do``/``elif``/``else`` groups'), so a line without one costs nothing."""
    source = _SOURCE.get()
    size = len(source)
    for child in node.children:
        group = child.type in {"do_group", "elif_clause", "else_clause"}
        for token in child.children if group else (child,):
            end = token.end_byte
            if end < size and source[end] in _GLUE and not token.is_named:
                word = token.type
                if word in _GLUED_KEYWORDS:
                    return Verdict.block(
                        "parse-error",
                        _short(source[token.start_byte :].decode("utf-8", "replace")),
                        f"{word!r} joined to a quote or expansion is a command name to bash but "
                        "a keyword to the parser: the line would be read otherwise than it runs",
                    )
    return ALLOW


def _parse(source: str) -> Any:
    parsed = source
    if "time" in source:
        parsed = _TIME_KEYWORD.sub(lambda m: " " * len(m.group()), source)
    if "\\\\" in parsed:
        # two backslashes are plain characters to bash in every quoting (one escaping the
        # other outside single quotes), but tree-sitter-bash ends ``$'\\'`` at the next ``'``:
        # ``echo $'\\'; rm -rf ~ #'`` was one word (round 20). Two word characters keep every
        # offset and every token; node texts are read from the original bytes.
        parsed = parsed.replace("\\\\", "xx")
    if "\n\\" in parsed:
        parsed = _line_start_escapes(parsed)
    if "coproc" in parsed:
        # tree-sitter-bash does not know ``coproc``: before a compound command (``coproc {
        # ...; }``, ``coproc NAME if ...``) it and its NAME are blanks for the parser, which
        # then reads the compound command bash runs beside the shell (round 20)
        parsed = _COPROC_COMPOUND.sub(lambda m: " " * len(m.group()), parsed)
    if "!" in parsed:
        # tree-sitter-bash reads ``! { rm -rf .git; }`` as a command named ``{`` (and ``!
        # for``, ``! if``, ``! while`` alike): the ``!`` before a compound command, which only
        # inverts its status, is a blank for the parser (round 20); a ``!`` alone on its line
        # is one too: bash runs the compound command on the next (round 21)
        parsed = _NEGATED_COMPOUND.sub(" ", parsed)
    tree = _parser().parse(parser_input(parsed))
    if "\n" in parsed and "|" in parsed:
        tree = _split_swallowed_lines(tree, parsed)
    if "=" in parsed and "`" in parsed:
        tree = _join_assigned_backquotes(tree, parsed)
    return tree


_WORD_END = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./:,@%+")
_NOT_BEFORE = frozenset(b"\\")


def _join_assigned_backquotes(tree: Any, parsed: str) -> Any:
    """``tree`` with an assignment's value that runs on into a backquoted substitution read as
    one value. tree-sitter-bash ends ``x=a`ls`b``'s value at ``a`` and reads ```ls`b`` as the
    command's name; bash assigns ``a``, the output of ``ls`` and ``b`` to ``x`` and runs no
    command (round 25, left25). The value's last character before the backquote is made a
    ``$`` for the parser, which reads ``$`ls``` as the substitution it is and keeps every
    offset; node texts are read from the original bytes."""
    data = bytearray(parser_input(parsed))
    for _ in range(8):
        found: list[int] = []
        stack = [tree.root_node]
        while stack:
            node = stack.pop()
            if node.type == "command":
                children = node.children
                for first, second in zip(children, children[1:], strict=False):  # noqa: RUF007
                    end = first.end_byte
                    if (
                        first.type == "variable_assignment"
                        and second.start_byte == end
                        and data[end : end + 1] == b"`"
                        and data[end - 1] in _WORD_END
                        and data[end - 2] not in _NOT_BEFORE
                    ):
                        found.append(end - 1)
            stack.extend(node.children)
        if not found:
            return tree
        for offset in found:
            data[offset] = ord("$")
        tree = _parser().parse(bytes(data))
    return tree


def _split_swallowed_lines(tree: Any, parsed: str) -> Any:
    """``tree`` with no command running on past an unescaped newline. tree-sitter-bash reads
    ``ls | cat | grep x`` newline ``rm -rf ~ || true`` as one ``grep x rm -rf ~`` (in a pipeline
    of three or more commands, a newline before a list of ``||``/``&&`` is read as a blank);
    bash ends the pipeline at the newline and runs the next line (round 21). Each such newline
    is made a ``;`` for the parser, which keeps every offset, and the line parsed again."""
    data = bytearray(parser_input(parsed))
    for _ in range(8):
        found = _swallowed_newlines(tree.root_node, data)
        if not found:
            return tree
        for offset in found:
            data[offset] = ord(";")
        tree = _parser().parse(bytes(data))
    return tree


def _swallowed_newlines(root: Node, data: bytearray) -> list[int]:
    """Offsets of unescaped newlines between two words of one command."""
    found: list[int] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "command":
            children = node.children
            for k in range(1, len(children)):
                end = children[k - 1].end_byte
                gap = data[end : children[k].start_byte]
                at = gap.find(b"\n")
                if at >= 0 and not gap[:at].endswith(b"\\"):
                    found.append(end + at)
        if node.child_count:
            stack.extend(node.children)
    return found


def _line_start_escapes(source: str) -> str:
    """``source`` with each backslash that starts a line (after a newline bash ends a command
    at) made an ``x`` for the parser. tree-sitter-bash reads such a line as more words of the
    command before it: ``ls`` then ``\\rm -rf ~`` on the next line was one ``ls`` with three
    arguments, and bash ran ``rm`` (round 20). An ``x`` keeps every byte offset and makes the
    line a command of its own; node texts are read from the original bytes, backslash and
    all. A line of one backslash (a continuation that joins the next line to nothing) is a
    blank. An escaped dollar (``\\$``) is two ``x``: bash reads a plain ``$`` there, which
    starts no expansion, in a command as in a here-document's body (``\\$(date)`` in a body
    prints the text; round 21)."""
    parts = source.split("\n")
    for i in range(1, len(parts)):
        line = parts[i]
        if not line.startswith("\\"):
            continue
        before = parts[i - 1]
        trailing = len(before) - len(before.rstrip("\\"))
        if trailing % 2 == 0:  # the newline is not escaped
            # a line of one backslash joins the next to it: a blank, for the parser
            if line.startswith("\\$"):
                parts[i] = "xx" + line[2:]
            else:
                parts[i] = (" " if line == "\\" else "x") + line[1:]
    return "\n".join(parts)


_COMPOUND_KEYWORDS = "for|while|until|if|case|select"
"""The reserved words that start a compound command (``{`` and ``(`` aside)."""
_COPROC_COMPOUND = LazyPattern(
    r"(?<![^\s;&|(){`!])coproc(?:[ \t]+[A-Za-z_][A-Za-z0-9_]*)?"
    rf"(?=[ \t]+(?:(?:{_COMPOUND_KEYWORDS})(?=[\s;])|\{{(?=\s)|\((?!\()))"
)
_GLUED_KEYWORDS = (
    "case", "if", "while", "until", "for", "select", "function", "then", "do", "done", "fi",
    "esac", "elif", "else", "in",
)  # fmt: skip
_GLUE = frozenset(b"'\"\\$`")
"""Reserved words tree-sitter-bash reads as keywords though a quote, backslash or expansion is
joined to them (``case''``, ``if""``): one word to bash, which is then no reserved word but a
command name (``$(case'' in*)'...$(CMD)' esac)`` hid ``CMD`` in a case item, round 22)."""

_NEGATED_COMPOUND = LazyPattern(
    rf"(?<![^\s;&|(){{`])!(?=\s+(?:#[^\n]*\s+)*(?:(?:{_COMPOUND_KEYWORDS}|function|coproc)(?=[\s;])"
    r"|\{(?=\s)|!(?=\s)))"
)
_JOINED_LINE = LazyPattern(r"(?<=[^\s\\])\\\n(?=[^\s])")
_NAMED_DESCRIPTOR = LazyPattern(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
_BACKQUOTED = LazyPattern(r"`((?:[^`\\]|\\.)*)`", DOTALL)
_EXPANSION_NODES = frozenset({"command_substitution", "expansion", "arithmetic_expansion"})
"""What tree-sitter-bash reads in a here-document body that bash expands."""
_HEREDOC_START = LazyPattern(r"(?<!<)<<(-?)[ \t]*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\2")


def _heredoc_arithmetic(node: Node) -> bool:
    """Whether ``node`` (a command substitution) is ``$((...))`` in a here-document's body,
    which bash expands as arithmetic."""
    parent = node.parent
    if parent is None or parent.type != "heredoc_body":
        return False
    text = _text(node)
    return text.startswith("$((") and text.endswith("))")


def _close_heredocs(source: str) -> str | None:
    """``source`` with the delimiter lines its heredocs lack added at the end, as bash reads it
    (``cat <<EOF`` with no ``EOF`` line: bash warns and takes the rest of the input as the
    body), or None when every heredoc is closed."""
    missing: list[str] = []
    for match in _HEREDOC_START.finditer(source):
        strip_tabs, word = match.group(1) == "-", match.group(3)
        line_end = source.find("\n", match.end())
        rest = source[line_end + 1 :].split("\n") if line_end >= 0 else []
        if not any((line.lstrip("\t") if strip_tabs else line) == word for line in rest):
            missing.append(word)
    if not missing:
        return None
    return source + ("" if source.endswith("\n") else "\n") + "\n".join(missing)


HEREDOC_DATA_READERS = frozenset(
    {"cat", "tee", "head", "tail", "wc", "sort", "uniq", "grep", "cut", "tr", "nl", "column"}
)
"""Programs whose standard input is data they print, count or write. An open heredoc is read as
bash reads it only for them; one fed to a shell, an interpreter or a client stays a parse error:
its script was cut short of the delimiter its author named."""


def _open_heredocs_are_data(tree: Any, end: int) -> bool:
    """Whether every heredoc that :func:`_close_heredocs` closed (its end past ``end``, the
    source's length) is read by one of :data:`HEREDOC_DATA_READERS`."""
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.type != "heredoc_redirect" or node.end_byte <= end:
            continue
        statement = node.parent
        command = statement.children[0] if statement is not None else None
        name = command.child_by_field_name("name") if command is not None else None
        if (
            name is None
            or (name.text or b"").decode("utf-8", "replace") not in HEREDOC_DATA_READERS
        ):
            return False
    return True


def parser_input(source: str) -> bytes:
    """The bytes handed to tree-sitter: ``source`` with every non-ASCII byte replaced by ``x``.

    tree-sitter-bash's external scanner passes the current code point to the C ``isdigit`` /
    ``isalpha`` (after ``{``, ``$`` in a heredoc, ``-`` in a test, ``?``), which index a
    256-entry table: a code point above 255 reads far outside it and, depending on the memory
    layout, segfaults the process (tree-sitter/tree-sitter-bash#337; seen with 0.23.3, 0.25.0
    and 0.25.1). Bash's own metacharacters are all ASCII, so any non-ASCII character is an
    ordinary word character to bash; an ``x`` per UTF-8 byte keeps that role, keeps every byte
    offset, and node texts are read from the original bytes (:data:`_SOURCE`).
    """
    if source.isascii():
        return source.encode("ascii")
    return _NON_ASCII.sub(
        lambda m: "x" * len(m.group().encode("utf-8", "surrogatepass")), source
    ).encode("ascii")


def _first_error(node: Node) -> Node:
    for child in node.children:
        if child.is_error or child.is_missing:
            return child if _text(child) else node
        if child.has_error:
            return _first_error(child)
    return node


def _is_own_stdin(path: str) -> bool:
    """``/dev/stdin`` however spelled (``//dev/./stdin``, ``/proc/$$/fd/0``): stdin itself."""
    full = "/" + posixpath.normpath(path).lstrip("/")
    if full in _OWN_STDIN:
        return True
    parts = full.split("/")
    return len(parts) == 5 and parts[1] == "proc" and parts[3:] == ["fd", "0"]


def _text(node: Node) -> str:
    return _SOURCE.get()[node.start_byte : node.end_byte].decode("utf-8", "replace")


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 200 else text[:197] + "..."


_OWN_STDIN = frozenset({"/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", "/proc/thread-self/fd/0"})
"""Paths a redirection of stdin names that are stdin itself: what it was stays."""
_STDIN_REDIRECTS = frozenset({"file_redirect", "herestring_redirect", "heredoc_redirect"})
_VISITED = frozenset(
    {
        "pipeline",
        "redirected_statement",
        "command",
        "file_redirect",
        "variable_assignment",
        "raw_string",
        "ansi_c_string",
        "expansion",
        "command_substitution",
        "array",
        "regex",
        "heredoc_redirect",
        "declaration_command",
    }
)
"""The node types :meth:`_Walker.visit` has a branch for; any other it allows at once (a
test reads the branches off its code, so a new one is listed here too)."""

_SUBSHELLS = frozenset({"subshell", "pipeline", "command_substitution", "process_substitution"})
"""Nodes bash runs in a subshell: a ``cd`` in one leaves the line's shell where it was."""

_SEQUENCES = frozenset(
    {
        "program",
        "compound_statement",
        "subshell",
        "command_substitution",
        "process_substitution",
        "do_group",
        "if_statement",
        "elif_clause",
        "else_clause",
        "case_item",
        "while_statement",
        "negated_command",
    }
)
"""Nodes whose statements run one after another (``;``, a newline, ``&``), each whether the
one before failed or not (``!`` swaps success and failure: either may follow)."""

_STATEMENTS = frozenset(
    {
        "command",
        "redirected_statement",
        "list",
        "pipeline",
        "subshell",
        "compound_statement",
        "if_statement",
        "while_statement",
        "for_statement",
        "c_style_for_statement",
        "case_statement",
        "function_definition",
        "negated_command",
        "test_command",
        "variable_assignment",
        "variable_assignments",
        "declaration_command",
        "unset_command",
    }
)
"""Node types that are statements of a sequence (:data:`_SEQUENCES`)."""


def _ends_shell(node: Node) -> bool:
    """``exit``, or a group ending in it (``{ echo no; exit 1; }``): the shell goes no further."""
    while node.type == "redirected_statement" and node.named_children:
        node = node.named_children[0]
    if node.type == "compound_statement":
        statements = [c for c in node.named_children if c.type in _STATEMENTS]
        return bool(statements) and _ends_shell(statements[-1])
    name = node.child_by_field_name("name") if node.type == "command" else None
    return name is not None and _text(name) == "exit"


class _PrintedStdin(Stdin):
    """A process substitution given as standard input (``< <(echo ls)``), read as a pipe is,
    with the first line it prints when that is known exactly (:meth:`_Walker._printed_line`):
    ``read`` runs in the shell itself there, so the name it sets holds that line."""

    __slots__ = ("printed",)

    printed: str | None


class _ShellState:
    """What a subshell inherits of its shell besides the working directory
    (:meth:`_Walker._shell`)."""

    __slots__ = ("aliases", "exported", "functions", "variables", "variables_unseen")

    def __init__(
        self,
        variables: dict[str, str | None],
        variables_unseen: bool,
        exported: set[str],
        functions: dict[str, tuple[str, bool]],
        aliases: dict[str, str],
    ) -> None:
        self.variables = variables
        self.variables_unseen = variables_unseen
        self.exported = exported
        self.functions = functions
        self.aliases = aliases

    def copy(self) -> _ShellState:
        """A copy to put back later: :meth:`_Walker._leave` makes its collections the live ones."""
        return _ShellState(
            dict(self.variables), self.variables_unseen, set(self.exported),
            dict(self.functions), dict(self.aliases),
        )  # fmt: skip


class _Walker:
    """Visits every node of one parse tree; the first refusal ends the walk."""

    def __init__(self, ctx: Ctx, depth: int) -> None:
        self.ctx = ctx
        self.depth = depth
        self.stdin: dict[int, Stdin] = {}
        self.list_stdin: dict[int, Node] = {}
        """A ``<`` that tree-sitter hangs on a list (``a > f && b < f``), by the id of the list's
        last command, which bash gives it to: read when that command runs, after the list's
        earlier commands wrote what it reads."""
        self.passed_on: dict[int, bool] = {}
        """Pipeline stages whose every later stage prints what it reads, by node id
        (:func:`_reaches_transcript`): each stage is read once however many printers ask."""
        self.loop_budget = 4 * _MAX_LOOP_VALUES
        self.readonly: set[str] = set()
        self.exported: set[str] = set()
        """Variables an earlier statement of the line exported (``export X=src; pre-commit
        clean``): every later program's environment holds them, as a prefix's would."""
        self.sets: dict[str, dict[str, str | None]] = {}
        """By function: the global variables its body assigns, with their values."""
        self.calls: dict[str, tuple[frozenset[str], bool]] = {}
        """By function: the commands its body names, and whether it starts a background job."""
        self.moves: set[str] = set()
        """Functions whose body changes the working directory (checked again at each call)."""
        self.environment_read = False
        """Set while a command word is read with the environment's values
        (:meth:`_command_word`)."""
        self.side_by_side: list[tuple[Node, DirectoryState, _ShellState]] = []
        """Pipelines (or the statements they end) to walk again at the source's end, with the
        directory and shell they started in (:meth:`_pipeline`)."""

    def walk(self, node: Node) -> Verdict:
        if self.ctx.cwd_also:
            return self._each_reading(node)  # ``cd build; rm -rf src``: in both directories
        kind = node.type
        if kind in _SUBSHELLS:  # ``(cd build)``, ``$(cd build)``, ``cd build | cat``
            if kind == "command_substitution" and _heredoc_arithmetic(node):
                # tree-sitter-bash reads ``$((x+1))`` in a here-document's body as a
                # substitution of a subshell; bash expands it as arithmetic (round 21)
                return self.ctx.check_source(f": {_text(node)}", self.ctx, self.depth + 1)
            saved = self.ctx.directory()
            shell = self._shell()
            if kind != "subshell":
                self.ctx.errexit = False  # bash clears ``-e`` in a substitution; kept in ``( )``
            try:
                if kind == "pipeline":
                    return self._pipeline(node, saved, shell)
                return self._walk(node, kind)
            finally:
                self.ctx.enter(saved)
                self._leave(shell, kind == "pipeline" and "lastpipe" in self.ctx.line)
        return self._walk(node, kind)

    def _pipeline(self, node: Node, directory: DirectoryState, shell: _ShellState) -> Verdict:
        """A pipeline's commands run side by side: one may read a file another writes
        (``sh f | (echo CMD > f)``). A pipeline that writes files is walked again at the
        source's end (:func:`_check_shell_source`), as a background job is checked again,
        with what the line wrote; so is one the parser hangs a redirect over (``true && sh
        f | echo CMD > f``: bash gives the ``> f`` to ``echo``) or hangs on a here-document
        (``cat <<EOF | sh f > f``). Walked as a node, a pipeline keeps what surrounds it."""
        ctx = self.ctx
        before = dict(ctx.written) if ctx.written else None
        verdict = self._walk(node, "pipeline")
        if verdict.allowed and (ctx.written != before or _redirect_hung_over(node)):
            # ``shell`` is the one the pipeline started in, which :meth:`walk` puts back
            self.side_by_side.append((node, directory, shell.copy()))
        return verdict

    def walk_side_by_side(self) -> Verdict:
        """Walk again, where each started, the pipelines :meth:`_pipeline` kept: ``sh f |
        (echo CMD > f)``: ``sh`` may read what ``echo`` wrote. The shell is left as it was."""
        again, self.side_by_side = self.side_by_side, []
        end = self.ctx.directory(), self._shell()
        try:
            for node, directory, shell in again:
                self.ctx.enter(directory)
                self._leave(shell)
                verdict = self.walk(node)
                if not verdict.allowed:
                    return verdict
            return ALLOW
        finally:
            self.ctx.enter(end[0])
            self._leave(end[1])

    def _shell(self) -> _ShellState:
        """What a subshell inherits of the line's shell besides its directory: variables,
        functions and aliases, put back after it (:meth:`_leave`)."""
        ctx = self.ctx
        return _ShellState(
            dict(ctx.variables), ctx.variables_unseen, set(self.exported),
            dict(ctx.functions), dict(ctx.aliases),
        )  # fmt: skip

    def _leave(self, shell: _ShellState, last_kept: bool = False) -> None:
        """Put back the shell a subshell inherited: ``(x=build); rm -rf $x``, ``x=build &``
        and ``x=build | cat`` leave ``x`` as it was. With ``lastpipe`` a pipeline's last
        command runs in the line's shell, so a variable the pipeline changed may hold either
        value: unknown from then on."""
        ctx = self.ctx
        if last_kept:
            changed = {
                key: None
                for key, value in ctx.variables.items()
                if shell.variables.get(key, value) != value or key not in shell.variables
            }
            shell.variables.update(changed)
            shell.variables_unseen = shell.variables_unseen or ctx.variables_unseen
            shell.exported |= self.exported
            shell.functions.update(ctx.functions)
            shell.aliases.update(ctx.aliases)
        ctx.variables, ctx.variables_unseen = shell.variables, shell.variables_unseen
        self.exported = shell.exported
        ctx.functions, ctx.aliases = shell.functions, shell.aliases

    def _walk(self, node: Node, kind: str | None = None) -> Verdict:
        """``node`` and what it holds; ``kind``: its type, when the caller read it already
        (read once: each ``node.type`` makes a new string)."""
        kind = node.type if kind is None else kind
        if kind == "for_statement":
            return self._for(node)
        if kind == "function_definition":
            return self._function(node)
        if kind == "list" and any(c.type in {"&&", "||"} for c in node.children):
            return self._either(node)
        if kind == "if_statement":
            return self._if(node)
        if kind == "case_statement":
            return self._branches(node)
        if kind == "declaration_command":
            return self._declaration(node)
        loop = kind in {"while_statement", "c_style_for_statement"}
        if loop and self.stdin and node.id in self.stdin and kind == "while_statement":
            read = self._while_read(node)  # ``printf '%s\n' a b | while read x; do ...``
            if read is not None:
                return read
        start = self.ctx.readings() if loop else ()
        if loop:
            from ondas.guards.bash_loops import endless_spawner

            verdict = endless_spawner(node)
            if verdict.allowed:
                verdict = _glued_keyword(node)
            if not verdict.allowed:
                return verdict
        if kind == "command" and self.ctx.code_reading and self._code_call(node):
            return ALLOW
        verdict = self.visit(node, kind)
        if not verdict.allowed and not (
            self.ctx.code_reading and verdict.rule in {"unknown-program", "dynamic-command"}
        ):  # text that only may be a command line reads on past what is not one, in every mode
            return verdict
        verdict = self._walk_children(node, kind)
        if loop:
            self.ctx.read_as((*self.ctx.readings(), *start))  # the body may not run
        return verdict

    def _statement(self, node: Node) -> Verdict:
        """One statement of a sequence, checked in each directory the shell may be in: one
        sent to the background runs in a subshell (``cd build & ...``), and after any other
        the next starts where it left the shell whether it failed or not (``cd build; ...``)."""
        after = node.next_sibling
        if after is not None and after.type == "&":
            saved, shell = self.ctx.directory(), self._shell()
            self.ctx.jobs.append(_text(node))
            try:
                return self.walk(node)
            finally:
                self.ctx.enter(saved)
                self._leave(shell)
        verdict = self.walk(node)
        failed = self.ctx.cwd_failed
        if failed is not None:
            self.ctx.cwd_failed = None
            if not self.ctx.exits_on_failure:  # ``set -e; cd build; ...``: it ended the shell
                self.ctx.read_as((*self.ctx.readings(), *failed))
        return verdict

    def _tested(self, node: Node, statement: bool = False) -> Verdict:
        """``node`` walked where bash ignores ``set -e`` (an ``if``/``while`` condition, left
        of ``&&``/``||``, after ``!``, and every command these run): a failure goes on."""
        self.ctx.errexit_ignored += 1
        try:
            return self._statement(node) if statement else self.walk(node)
        finally:
            self.ctx.errexit_ignored -= 1

    def _each_reading(self, node: Node) -> Verdict:
        """``node`` walked in each directory the shell may be in, refused if any walk refuses;
        afterwards the shell may be wherever a walk left it. Only the first (likeliest)
        walk's other findings (variables, files written) are kept."""
        ctx = self.ctx
        readings = ctx.readings()
        if len(readings) == 1:
            return self.walk(node)
        if ctx.readings_left < len(readings) - 1:
            ctx.read_as((None,))  # too many to follow: the directory is unknown
            return self.walk(node)
        ctx.readings_left -= len(readings) - 1
        before = self._state()
        after: dict[str, Any] | None = None
        ends: list[str | None] = []
        failures: list[str | None] = list(ctx.cwd_failed or ())  # where it failed before
        for reading in readings:
            if after is not None:
                self._restore(before)
            ctx.read_as((reading,))
            ctx.cwd_failed = None
            verdict = self.walk(node)
            if not verdict.allowed:
                return verdict
            ends.extend(ctx.readings())
            failures.extend(ctx.cwd_failed or ctx.readings())
            if after is None:
                after = self._state()
        assert after is not None
        self._restore(after)
        ctx.read_as(ends)
        ctx.cwd_failed = tuple(failures) if set(failures) != set(ends) else None
        return ALLOW

    def _state(self) -> dict[str, Any]:
        """What walking a statement may change, to walk it again for another reading."""
        ctx = self.ctx
        state = {f"ctx.{k}": getattr(ctx, k) for k in Ctx.__slots__ if k != "readings_left"}
        for key in ("loop_budget", "readonly", "sets", "calls", "moves"):
            state[key] = getattr(self, key)
        return {k: v.copy() if isinstance(v, (dict, list, set)) else v for k, v in state.items()}

    def _restore(self, state: dict[str, Any]) -> None:
        for key, value in state.items():
            kept = value.copy() if isinstance(value, (dict, list, set)) else value
            if key.startswith("ctx."):
                setattr(self.ctx, key[4:], kept)
            else:
                setattr(self, key, kept)

    def _code_call(self, node: Node) -> bool:
        """Whether the command ``node``, in interpreter code read as a command line, is a call
        of the language's (:func:`ondas.guards.bash_code.language_call`): tree-sitter reads
        ``open("f")`` as a command followed by a subshell, which bash refuses to parse."""
        from ondas.guards.bash_code import language_call

        name = node.child_by_field_name("name")
        parenthesised = any(c.type == "subshell" for c in node.children)
        return language_call(_text(name) if name else "", parenthesised, self.ctx.code_reading)

    def _for(self, node: Node) -> Verdict:
        """``for NAME in WORDS; do BODY; done``: the body is checked once for each value bash
        gives NAME (``for d in build dist; do rm -rf "$d"; done`` deletes build output), when
        the words are static and few; otherwise NAME is unknown in the body (a ``for`` without
        ``in`` iterates over the arguments, which the guard cannot see)."""
        verdict = _glued_keyword(node)
        if not verdict.allowed:
            return verdict
        variable = node.child_by_field_name("variable")
        body = node.child_by_field_name("body")
        values = node.children_by_field_name("value")
        for child in values:
            verdict = self.walk(child)  # ``for f in $(...)``: the substitution runs
            if not verdict.allowed:
                return verdict
        if variable is None or body is None:
            return self._walk_children(node)
        name = _text(variable)
        words = [w for child in values for w in self._expand(child)]
        if len(values) == 1 and values[0].type == "command_substitution":
            from ondas.guards.bash_loop_lists import printed_words

            words = printed_words(_text(values[0])) or words  # ``for i in $(seq 1 10)``
            secret = _listed_secret(_text(values[0])) if None in (w.value for w in words) else None
            if secret is not None:  # ``for f in $(find . -name '*.pem')``, as ``| while read f``
                words = [Word(secret, secret)]
        known = [w.value for w in words]
        if not values or None in known or len(known) > min(_MAX_LOOP_VALUES, self.loop_budget):
            known = [None]
        self.loop_budget -= len(known)  # nested loops: at most this many bodies in all
        outer = self.ctx.loops.get(name)
        self.ctx.loops[name] = [w.value for w in words] if values else [None]
        try:
            for value in known:
                self.ctx.variables[name] = value
                verdict = self.walk(body)
                if not verdict.allowed:
                    return verdict
        finally:
            if outer is None:
                self.ctx.loops.pop(name, None)
            else:
                self.ctx.loops[name] = outer
        return ALLOW

    def _while_read(self, node: Node) -> Verdict | None:
        """``PRODUCER | while read [-r] NAME; do BODY; done``: the body checked once for each
        line the producer prints, when it prints literal lines (``echo``/``printf`` of static
        words) or a listing of known shape (``seq``, ``ls``: :mod:`ondas.guards.bash_loop_lists`),
        as ``for`` binds its words (round 21); None for any other loop, whose NAME stays
        unknown (``cat list | while read f``). Round 22: a listing of known roots (``find ROOT
        ...``, ``ls``, through line filters) gives NAME the entries it can name, ``ROOT/*``, as
        ``for f in $(find ROOT ...)`` binds it (:func:`ondas.guards.bash_base.listing_glob`)."""
        stdin = self.stdin[node.id]
        conditions = [c for c in node.children_by_field_name("condition") if c.is_named]
        body = node.child_by_field_name("body")
        if stdin.kind != "pipe" or not stdin.upstream or len(conditions) != 1:
            return None
        if body is None or conditions[0].type != "command":
            return None
        reading = [w.value for w in self._argv(conditions[0])]
        from ondas.guards.bash_reads import read_target

        target = read_target(reading)
        if target is None:
            return None
        name, others, delimited = target
        from ondas.guards.bash_loop_lists import printed_lines

        one = len(stdin.upstream) == 1 and not delimited  # ``-d``: not the lines printed
        lines = printed_lines(stdin.upstream[0]) if one else None
        if lines is None:
            listed = rules.listing_glob(stdin.upstream, self.ctx)
            lines = None if listed is None else [listed]
        if name in self.readonly or lines is None or not self.readonly.isdisjoint(others):
            return None
        if not lines or len(lines) > min(_MAX_LOOP_VALUES, self.loop_budget):
            return None
        self.loop_budget -= len(lines)
        start = self.ctx.readings()
        for line in lines:
            self.ctx.variables[name] = (line.split() or [""])[0] if others else line
            for other in others:
                self.ctx.variables[other] = None  # the rest of the line: not known
            verdict = self.walk(body)
            if not verdict.allowed:
                return verdict
        self.ctx.variables[name] = None  # after the loop: the read that failed left it empty
        self.ctx.read_as((*self.ctx.readings(), *start))  # the body may not run
        return ALLOW

    def _either(self, node: Node) -> Verdict:
        """``A && B``, ``A || B``: B may or may not run, so a variable B gives a new value has
        either value after the list (``T=echo; true && T=rm || T=echo``); a variable first set
        by B keeps B's value (``[ -z "$D" ] && D=build``: unset, it was the environment's).
        B runs where A left the shell when A succeeded (``&&``: ``cd build && rm -rf out``) or
        failed (``||``: ``cd build || rm -rf src`` deletes the project's ``src``); ``exit``
        ends the shell (``cd build || exit 1; ...``)."""
        before: dict[str, str | None] | None = None
        ctx = self.ctx
        exits = ctx.exits_on_failure  # ``set -e``: a failure of the last command ends the shell
        operator = ""
        succeeded: tuple[str | None, ...] = ()
        failed: tuple[str | None, ...] = ()
        earlier: tuple[str | None, ...] = ()
        operands = [c for c in node.children if c.type not in {"&&", "||"}]
        for child in node.children:
            if child.type in {"&&", "||"}:
                # with no variable set yet there is nothing B could leave with two values
                before = dict(self.ctx.variables) if self.ctx.variables else None
                operator = child.type
                continue
            if operator:
                ctx.read_as((succeeded if operator == "&&" else failed) or ctx.readings())
            ctx.cwd_failed = None
            last = child is operands[-1]
            verdict = self.walk(child) if last else self._tested(child)
            if not verdict.allowed:
                return verdict
            ended = _ends_shell(child)
            ends = () if ended else ctx.readings()
            failures = () if ended else ctx.cwd_failed or ctx.readings()
            ctx.cwd_failed = None
            earlier = failed if operator == "&&" else ()
            if operator == "&&":
                succeeded, failed = ends, (*failed, *failures)
            elif operator == "||":
                succeeded, failed = (*succeeded, *ends), failures
            else:
                succeeded, failed = ends, failures
            if before is not None:
                for key, value in self.ctx.variables.items():
                    if key in before and before[key] != value:
                        self.ctx.variables[key] = None
                before = None
        if exits:
            ctx.read_as((*succeeded, *earlier) or failed)  # an earlier failure goes on
            return ALLOW
        ctx.read_as(succeeded or failed)
        if set(failed) - set(ctx.readings()):
            ctx.cwd_failed = failed
        return ALLOW

    def _branches(self, node: Node) -> Verdict:
        """``if C; then A; else B; fi``, ``case W in ...``: one branch runs, or none, so a
        variable the branches leave with different values is unknown after them, as after
        ``&&`` (a variable first set in a branch keeps the value the branches agree on)."""
        verdict = _glued_keyword(node)
        if verdict.allowed:
            verdict = self.visit(node)
        if not verdict.allowed:
            return verdict
        start = self.ctx.readings()
        before: dict[str, str | None] | None = None
        ends: list[dict[str, str | None]] = []
        in_then = False
        for child in node.children:
            if before is not None and child.type in {"elif_clause", "else_clause", "fi"}:
                if in_then:
                    ends.append(dict(self.ctx.variables))  # the end of ``then``'s branch
                    in_then = False
                self.ctx.variables.clear()
                self.ctx.variables.update(before)
            statement = child.type in _STATEMENTS
            verdict = self._statement(child) if statement else self.walk(child)
            if not verdict.allowed:
                return verdict
            if before is None and child.type in {"then", "in"}:
                before = dict(self.ctx.variables)
                in_then = child.type == "then"
            elif before is not None and child.type in {"elif_clause", "else_clause", "case_item"}:
                ends.append(dict(self.ctx.variables))
                self.ctx.variables.clear()
                self.ctx.variables.update(before)
        self.ctx.read_as((*self.ctx.readings(), *start))  # a branch's ``cd`` may not run
        if before is None:
            return ALLOW
        if not any(c.type == "else_clause" for c in node.children):
            ends.append(before)  # no branch taken
        for key in {k for end in ends for k in end}:
            # a variable the line never set before is the environment's when no branch sets it
            given = [end[key] for end in ends if key in end or key in before]
            self.ctx.variables[key] = given[0] if all(v == given[0] for v in given) else None
        return ALLOW

    def _if(self, node: Node) -> Verdict:
        """``if C; then A; elif D; then B; else E; fi``: A runs where C left the shell when it
        succeeded (``if cd build; then rm -rf out; fi``), each later branch where the
        conditions before it failed; a condition ignores ``set -e``. Afterwards the shell is
        where a branch ended, or where the conditions failed when no ``else`` ran. A variable
        the branches leave with different values is unknown after them, as after ``&&`` (one
        first set in a branch keeps the value the branches agree on)."""
        verdict = _glued_keyword(node)
        if verdict.allowed:
            verdict = self.visit(node)
        if not verdict.allowed:
            return verdict
        ctx = self.ctx
        children: list[Node] = []
        for child in node.children:
            clause = child.type in {"elif_clause", "else_clause"}
            children.extend(child.children if clause else [child])
        before: dict[str, str | None] | None = None
        ends: list[dict[str, str | None]] = []
        succeeded: tuple[str | None, ...] | None = None
        failed: tuple[str | None, ...] = ctx.readings()
        where: list[str | None] = []  # where the branches taken end
        condition = False
        for child in children:
            kind = child.type
            if kind in {"elif", "else", "fi"} and before is not None:
                where.extend(ctx.readings())  # the end of the branch before
                ends.append(dict(ctx.variables))
                ctx.variables.clear()
                ctx.variables.update(before)
            if kind in {"if", "elif", "else"}:
                ctx.read_as(failed)  # every condition before failed
                condition, succeeded = kind != "else", None
                continue
            if kind == "then":
                ctx.read_as(succeeded or ctx.readings())
                condition = False
                if before is None:
                    before = dict(ctx.variables)
                continue
            if kind == "fi":
                continue
            if not condition or kind not in _STATEMENTS:
                verdict = self._statement(child) if kind in _STATEMENTS else self.walk(child)
                if not verdict.allowed:
                    return verdict
                continue
            if succeeded is not None:  # ``if a; b; then``: b runs after a either way
                ctx.read_as((*succeeded, *failed))
            ctx.cwd_failed = None
            verdict = self._tested(child)
            if not verdict.allowed:
                return verdict
            succeeded = () if _ends_shell(child) else ctx.readings()
            failed = () if _ends_shell(child) else ctx.cwd_failed or ctx.readings()
            ctx.cwd_failed = None
        if not any(c.type == "else" for c in children):
            where.extend(failed)  # no branch taken
            if before is not None:
                ends.append(before)
        ctx.read_as(where or ctx.readings())
        ctx.cwd_failed = None
        if before is None:
            return ALLOW
        for key in {k for end in ends for k in end}:
            # a variable the line never set before is the environment's when no branch sets it
            given = [end[key] for end in ends if key in end or key in before]
            self.ctx.variables[key] = given[0] if all(v == given[0] for v in given) else None
        return ALLOW

    def _declaration(self, node: Node) -> Verdict:
        """``declare A=x B=$A``: bash expands every word before it assigns any, so B gets A's
        value from before the command; ``readonly``/``declare -r`` names keep their value (a
        later assignment or ``unset`` of them fails)."""
        verdict = self.visit(node)
        if not verdict.allowed:
            return verdict
        words = [_text(c) for c in node.children if c.type not in {"variable_assignment", "="}]
        constant = words[:1] == ["readonly"] or any(
            w.startswith("-") and "r" in w and not w.startswith("--") for w in words[1:]
        )
        before = dict(self.ctx.variables)
        assigned: dict[str, str | None] = {}
        for child in node.children:
            verdict = self.walk(child)
            if not verdict.allowed:
                return verdict
            name = child.child_by_field_name("name")
            if child.type != "variable_assignment" or name is None:
                continue
            key = _text(name)
            given = child.child_by_field_name("value")
            braces = given is not None and _BRACES.search(_text(given)) is not None
            assigned[key] = None if braces else self.ctx.variables.get(key)  # ``T={echo,rm}``
            self.ctx.variables.clear()
            self.ctx.variables.update(before)
        for key, known in assigned.items():
            if key not in self.readonly:
                self.ctx.variables[key] = known
        if constant:
            self.readonly.update(assigned)
        if any(_assigns_unseen(c) for c in node.children[1:]):
            self.ctx.assigned_unseen()  # ``declare $(cat f)``, ``export "$line"``: any name
        return ALLOW

    def _function(self, node: Node) -> Verdict:
        """A function's body runs where the function is called, with the values of then: a
        body refused only for a value unknown here (category ``unknown``) is remembered and
        checked at each call, export and trap instead (``cleanup() { rm -rf "$tmp"; };
        tmp=$(mktemp -d); trap cleanup EXIT``)."""
        verdict = _fork_bomb(node)
        if not verdict.allowed:
            return verdict
        name, body = node.child_by_field_name("name"), node.child_by_field_name("body")
        before = dict(self.ctx.variables)
        directory = self.ctx.directory()  # the body's ``cd`` moves the shell when it is called
        verdict = self._walk_children(node)
        if self.ctx.directory() != directory and name is not None:
            self.moves.add(_text(name))
        self.ctx.enter(directory)
        self._note_calls(node)  # after its body: a call there is checked when it is run
        # the body runs at each call, not here: what it assigns (``local`` names aside) takes
        # effect after a call
        local = {
            _text(n)
            for d in _descendants(node, "declaration_command")
            if d.children and _text(d.children[0]) in {"local", "declare", "typeset"}
            for a in d.named_children
            if a.type == "variable_assignment"
            for n in (a.child_by_field_name("name"),)
            if n is not None
        }
        sets = {
            key: self.ctx.variables.get(key)
            for a in _descendants(node, "variable_assignment")
            for n in (a.child_by_field_name("name"),)
            if n is not None and (key := _text(n)) not in local
        }
        self.ctx.variables.clear()
        self.ctx.variables.update(before)
        if name is None or body is None:
            return verdict
        self.sets[_text(name)] = sets
        if not verdict.allowed and (verdict.category != "unknown" or _run_by_the_shell(name)):
            return verdict
        self.ctx.functions[_text(name)] = (_text(body), verdict.allowed)
        return ALLOW

    def _note_calls(self, node: Node) -> None:
        name_node, body = node.child_by_field_name("name"), node.child_by_field_name("body")
        if name_node is None or body is None:
            return
        callees = frozenset(
            _text(c.named_children[0])
            for c in _descendants(body, "command_name")
            if c.named_children
        )
        self.calls[_text(name_node)] = (callees, next(_descendants(body, "&"), None) is not None)

    def _spawning_cycle(self, name: str, seg: str) -> Verdict:
        """Calling a function that reaches functions calling one another in a circle, one of
        them in the background (``a(){ b & }; b(){ a; }; a``): each call starts the next,
        without end, as a function calling itself in the background does. Only functions
        defined by then count (a call of one defined later finds no command)."""

        def reach(start: str) -> set[str]:
            seen: set[str] = set()
            todo = [start]
            while todo:
                for callee in self.calls.get(todo.pop(), (frozenset(), False))[0]:
                    if callee in self.calls and callee not in seen:
                        seen.add(callee)
                        todo.append(callee)
            return seen

        for member in {name} | reach(name):
            circle = {f for f in reach(member) if member in reach(f)}
            if member in circle and any(self.calls[f][1] for f in circle):
                return Verdict.block(
                    "fork-bomb", seg, f"{name} starts functions that start one another without end"
                )
        return ALLOW

    def _called_function(self, argv: list[Word]) -> Verdict | None:
        """The verdict on calling a function this line defined (its body, checked again where
        it was refused for an unknown value), on exporting one (``export -f f``: child shells
        run it later), or None for any other command."""
        name = argv[0].value
        if name in {"export", "declare", "typeset", "readonly"} and any(
            (w.value or "").startswith("-") and "f" in (w.value or "") for w in argv[1:]
        ):
            for word in argv[1:]:
                body = self.ctx.functions.get(word.value or "")
                if body is not None:
                    self.ctx.traps.append(body[0])
                    verdict = self._function_body(word.value or "", body)
                    if not verdict.allowed:
                        return verdict
            return None
        body = self.ctx.functions.get(name or "")
        if body is None:
            return None
        if name in self.calls:
            verdict = self._spawning_cycle(name or "", _short(" ".join(w.text for w in argv)))
            if not verdict.allowed:
                return verdict
        for key, value in self.sets.get(name or "", {}).items():
            if key not in self.readonly:
                self.ctx.variables[key] = value
        return self._function_body(name or "", body)

    def _function_body(self, name: str, body: tuple[str, bool]) -> Verdict:
        """A called function's body, checked again where it was refused for a value unknown
        where it was defined, or where it changes the directory (of the shell calling it)."""
        moves = name in self.moves
        if body[1] and not moves:
            return ALLOW
        del self.ctx.functions[name]  # a function calling itself is checked once
        try:
            if moves:
                return rules.in_this_shell(body[0], self.ctx, self.depth + 1)
            return self.ctx.check_source(body[0], self.ctx, self.depth + 1)
        finally:
            self.ctx.functions[name] = body

    def _walk_children(self, node: Node, kind: str | None = None) -> Verdict:
        kind = node.type if kind is None else kind
        sequence = kind in _SEQUENCES
        # a loop's or ``elif``'s condition and what ``!`` negates: errexit is ignored there
        condition = kind in {"while_statement", "elif_clause", "negated_command"}
        children = node.children
        for child in children:
            child_kind = child.type if sequence or condition else ""
            condition = condition and child_kind not in {"do_group", "then"}
            if sequence and child_kind in _STATEMENTS and condition:
                verdict = self._tested(child, statement=True)
            elif sequence and child_kind in _STATEMENTS:
                verdict = self._statement(child)
            elif _inert_leaf(child) and not self.ctx.cwd_also:
                continue  # a plain word or an operator: walking it finds nothing
            elif kind == "pipeline":  # each command of a pipeline runs in a subshell of its own
                shell = self._shell()
                verdict = self.walk(child)
                if child is not children[-1] or "lastpipe" not in self.ctx.line:
                    self._leave(shell)  # with ``lastpipe`` the last runs in the line's shell
            else:
                verdict = self.walk(child)
            if not verdict.allowed:
                return verdict
        return ALLOW

    def visit(self, node: Node, kind: str | None = None) -> Verdict:
        kind = node.type if kind is None else kind
        if kind not in _VISITED:
            return ALLOW  # ``program``, ``command_name``, ``string``: no branch below
        if kind == "pipeline":
            self._note_pipeline(node)
            verdict = self._pipeline_sinks(node)
            return self._tee_fills(node) if verdict.allowed else verdict
        elif kind == "redirected_statement":
            parent = node.parent
            if parent is None or parent.type != "pipeline" or parent.children[0].id == node.id:
                self._note_redirect_stdin(node)  # a later stage's: noted by _pipeline_sinks
        elif kind == "command":
            return self._command(node)
        elif kind == "file_redirect":
            return self._file_redirect(node)
        elif kind == "variable_assignment":
            return self._assign(node)
        elif kind in {"raw_string", "ansi_c_string"}:
            quoted = _text(node)
            if "$(" not in quoted and "`" not in quoted:
                return ALLOW
            from ondas.guards.bash_evaluated import check_evaluable

            inner = quoted[quoted.index("'") + 1 : -1]
            return check_evaluable(inner, self.ctx, self.depth)
        elif kind == "expansion":
            text = _text(node)
            if text.endswith("@P}"):
                return self._prompt_expansion(node)
            if "`" in text or ("(" in text and ("'" in text or "<(" in text or ">(" in text)):
                return self._expansion_words(node)
        elif kind == "command_substitution":
            text = _text(node)
            if text[1:2] == "`" and node.children and node.children[0].type == "$`":
                text = text[1:]  # ``$`cmd` ``: a ``$`` before the backquote (or the value's last
                # character, :func:`_join_assigned_backquotes`), then the backquoted command
            if text[0] != "`":
                return ALLOW
            end = _backquote_end(text) if text.count("`") - text.count("\\`") > 2 else len(text) - 1
            if end != len(text) - 1:
                # bash ends a backquoted command at the first backquote not escaped, quoted or
                # not (``echo `: '`; rm -rf ~; `'` `` runs ``rm``, which tree-sitter-bash reads
                # inside a single-quoted word): read the command bash reads, then the rest
                if end >= len(text):
                    return rules.block(
                        "parse-error", _short(text), "a backquoted command bash finds no end of"
                    )
                inner = _BACKQUOTE_ESCAPE.sub(r"\1", text[1:end])
                verdict = self.ctx.check_source(inner, self.ctx, self.depth + 1)
                if not verdict.allowed:
                    return verdict
                return self._as_words(text[end + 1 :])
            if "\\" not in text:
                return ALLOW
            # in backquotes bash drops the backslash of ``\```, ``\$`` and ``\\`` before it
            # reads the command: ``\`cmd\``` inside is a substitution tree-sitter-bash reads
            # as a word
            inner = _BACKQUOTE_ESCAPE.sub(r"\1", text[1:-1])
            if inner == text[1:-1]:
                return ALLOW
            return self.ctx.check_source(inner, self.ctx, self.depth + 1)
        elif kind == "array":
            text = _text(node)
            if ("\\(" in text or "\\)" in text) and _in_substitution(node):
                # bash 5.2 cannot parse an escaped parenthesis in an array assigned inside a
                # command substitution, and reads on at the next line: a here-document's
                # body there runs as commands (``echo $(a=(\\())<<EOF``, round 20)
                return rules.block(
                    "parse-error",
                    _short(text),
                    "bash does not parse an escaped parenthesis in an array inside a "
                    "command substitution",
                )
        elif kind == "regex":
            # the pattern of ``${x#PAT}``, ``${x%%PAT}``, ``${x^^PAT}``, ``${x,PAT}``: bash
            # expands it (its substitutions run) but tree-sitter-bash keeps it as one text
            previous = node.prev_sibling
            if previous is not None and previous.type == "regex":
                return ALLOW  # read with the first piece
            last = node
            while last.next_sibling is not None and last.next_sibling.type == "regex":
                last = last.next_sibling  # ``${x#$(case c in *)y;esac)}`` comes in pieces
            pattern = _SOURCE.get()[node.start_byte : last.end_byte].decode("utf-8", "replace")
            if "<(" in pattern or ">(" in pattern:  # ``${x#<(cmd)}``: a process substitution too
                verdict = self._as_words(pattern)
                if not verdict.allowed:
                    return verdict
            if "$(" not in pattern and "`" not in pattern:
                return ALLOW
            from ondas.guards.bash_evaluated import check_expanded

            return check_expanded(pattern, self.ctx, self.depth)
        elif kind == "heredoc_redirect":
            return self._heredoc_backquotes(node)
        elif kind == "declaration_command":
            words = [Word(_text(c), _text(c)) for c in node.children if c.type != "="]
            if self.ctx.unattended and len(words) <= 2:  # ``export -p``, ``declare``
                from ondas.guards.bash_environment import environment_dump

                verdict = environment_dump(words[0].value or "", words[1:], _short(_text(node)))
                if not verdict.allowed:
                    return verdict
            if self.ctx.unattended and words[0].value in {"declare", "typeset"}:
                verdict = self._declared_secret(node, words)  # ``declare -p API_KEY``
                if not verdict.allowed:
                    return verdict
            if _exports(node):  # ``X=src; export X``: exported from here on
                self.exported.update(_text(c) for c in node.children if c.type == "variable_name")
            if self.ctx.functions:
                return self._called_function(words) or ALLOW  # ``export -f f``
        return ALLOW

    def _assign(self, node: Node) -> Verdict:
        """Check and remember a variable's static value (``mktemp`` output is a temp path)."""
        name = node.child_by_field_name("name")
        value = node.child_by_field_name("value")
        if name is None:
            return ALLOW
        key = _text(name)
        known: str | None = None
        if value is not None and value.type == "command_substitution":
            known = self._substituted(value)
        elif value is not None:
            known = self._word(value).value
            if known is not None and (known == "~" or known.startswith("~/")):
                known = self.ctx.home + known[1:]
        else:
            known = ""
        if known is not None and _appends(node) and (value is None or value.type != "array"):
            # ``x=r; x+=m``: the value so far with the new text after it
            before = self.ctx.variables.get(key, "" if key.islower() else None)
            known = None if before is None else before + known
        if known is not None and _nameref(node):
            # ``declare -n p=HOME``: $p is HOME's value, not the word HOME
            known = self.ctx.variables.get(known, self._environment(known))
        rebound = _REBINDING.fullmatch(key)
        if rebound is not None:
            return self._rebind(rebound.group(1), rebound.group(2).strip("'\""), known, node)
        parent = node.parent
        if (parent is None or parent.type != "command") and key not in self.readonly:
            self.ctx.variables[key] = known  # ``X=1 cmd`` sets X for cmd alone, not after it
            if key == "GLOBIGNORE" and known != "":
                self.ctx.dotglob = True  # a GLOBIGNORE set makes globs match dot names
            if parent is not None and _exports(parent):
                self.exported.add(key)
        if _prefix_of_builtin(node):
            return ALLOW  # ``GIT_DIR=/x echo $GIT_DIR``: echo runs no program that reads it
        if known is None and value is not None and (key == "PATH" or rules.library_path(key)):
            known = _text(value).strip("'\"")  # ``/tmp/bin:$PATH``: its literal entries
        environment = not key.islower() or (
            parent is not None and (parent.type == "command" or _exports(parent))
        )  # ``file=.git/config`` alone: no program reads a lower-case name it was not given
        return rules.check_assignment(
            key, known, self.ctx, self.depth, _short(_text(node)), environment=environment
        )

    def _prompt_expansion(self, node: Node) -> Verdict:
        """``${v@P}`` expands v's value as a prompt: its command substitutions run."""
        name = _text(node)[2:-3]
        value = self.ctx.variables.get(name)
        if value is None:
            return ALLOW
        from ondas.guards.bash_evaluated import check_expanded

        return check_expanded(value, self.ctx, self.depth)

    def _as_words(self, text: str) -> Verdict:
        """``text`` read as words of a command, as bash expands them (its process and command
        substitutions run): what tree-sitter-bash kept as one text."""
        return self.ctx.check_source(f": {text}", self.ctx, self.depth + 1)

    def _expansion_words(self, node: Node) -> Verdict:
        """The words of ``${x:-WORD}``, ``${x+WORD}``, ``${x/PAT/WORD}`` that tree-sitter-bash
        keeps as text though bash expands them: a backquoted command (``${x:-`cmd`}``), a
        process substitution (``${x/a/<(cmd)}``), and, in double quotes or a here-document, a
        single-quoted word, whose quotes are plain characters there (``"${x:-'$(cmd)'}"``
        runs ``cmd``)."""
        from ondas.guards.bash_evaluated import check_expanded

        quoted: bool | None = None
        for child in node.children:
            kind = child.type
            if kind not in {"word", "raw_string", "concatenation"}:
                continue
            text = _text(child)
            verdict = ALLOW
            if kind != "raw_string" and ("<(" in text or ">(" in text):
                verdict = self._as_words(text)
            if verdict.allowed and kind == "raw_string" and ("$(" in text or "`" in text):
                if quoted is None:
                    quoted = _in_double_quotes(node)
                if quoted:
                    verdict = check_expanded(text, self.ctx, self.depth)
            elif verdict.allowed and kind == "word" and "`" in text:
                verdict = check_expanded(text, self.ctx, self.depth)
            if not verdict.allowed:
                return verdict
        return ALLOW

    def _heredoc_backquotes(self, node: Node) -> Verdict:
        """An unquoted heredoc runs its backquoted commands (tree-sitter reads them as text)."""
        start = next((c for c in node.children if c.type == "heredoc_start"), None)
        body = next((c for c in node.children if c.type == "heredoc_body"), None)
        end = node.children[-1] if node.children else None
        if end is not None and end.type == "heredoc_end":
            source = _SOURCE.get()
            after = source[end.end_byte : end.end_byte + 1]
            if after not in {b"", b"\n"} and not (after == b")" and _in_substitution(node)):
                # bash ends a here-document only at a line that is its word alone (``EOF)``
                # closing a substitution aside): on ``EOF & cmd`` the body runs on, and its
                # substitutions with it, where tree-sitter-bash reads commands
                line_end = source.find(b"\n", end.start_byte)
                line = source[end.start_byte : line_end if line_end >= 0 else len(source)]
                return rules.block(
                    "parse-error",
                    _short(line.decode("utf-8", "replace")),
                    "a line that does not end the here-document for bash (text after its word)",
                )
        if start is None or body is None or any(q in _text(start) for q in "'\\\""):
            return ALLOW
        text = _text(body)
        for match in _BACKQUOTED.finditer(text):
            command = _BACKQUOTE_ESCAPE.sub(r"\1", match.group(1))  # ``\`cmd\``` nested
            verdict = self.ctx.check_source(command, self.ctx, self.depth + 1)
            if not verdict.allowed:
                return verdict
        if "$(" not in text or any(c.type in _EXPANSION_NODES for c in body.children):
            return ALLOW
        # tree-sitter-bash read no expansion in a body that holds one (a line starting with
        # a blank, or ``\$``, before ``$(``): its substitutions are read again, as bash runs them
        from ondas.guards.bash_evaluated import HEREDOC_END, check_expanded, readable_heredoc

        if _text(start) == HEREDOC_END and "$(" in readable_heredoc(text):
            return rules.block(
                "parse-error", _short(text), "command substitutions in a here-document unread"
            )
        return check_expanded(text, self.ctx, self.depth)

    def _rebind(self, table: str, name: str, value: str | None, node: Node) -> Verdict:
        """``BASH_ALIASES[NAME]=TEXT`` defines an alias; ``BASH_CMDS[NAME]=PATH`` makes NAME run
        PATH (bash's table of found commands, as ``hash -p`` fills it): later uses of NAME are
        expanded as aliases are (:attr:`~ondas.guards.bash_base.Ctx.aliases`)."""
        if value is None:
            return rules.block(
                "dynamic-command", _short(_text(node)), f"{table}[{name}] set at run time"
            )
        if table == "BASH_ALIASES":
            verdict = self.ctx.check_source(value, self.ctx, self.depth + 1)
            if not verdict.allowed:
                return verdict
            self.ctx.aliases[name] = value
        else:
            from shlex import quote

            self.ctx.aliases[name] = quote(value)
        return ALLOW

    def _note_pipeline(self, node: Node) -> None:
        stages = [c for c in node.children if c.type not in {"|", "|&"}]
        upstream: list[Node] = []
        if node.parent is not None and node.parent.type == "heredoc_redirect":
            statement = node.parent.parent
            body = statement.child_by_field_name("body") if statement is not None else None
            if body is not None:
                upstream.append(body)
        argvs = self._stage_argvs(upstream) if upstream else []
        for k, stage in enumerate(stages):
            if upstream:
                # each stage's words are read once: every later stage gets the list so far
                # (round 14: they were read again for each later stage, 1000 stages 2.5 s)
                fed = Stdin("pipe", argvs[:], None)
                if len(upstream) == 1:
                    text = self._catted_text(upstream[0], node.parent)
                    fed = fed if text is None else Stdin("text", [], text)
                for target in _stdin_readers(stage):
                    self.stdin[target.id] = fed
            upstream.append(stage)
            if k + 1 < len(stages):
                argvs.extend(self._stage_argvs([stage]))

    def _catted_text(self, producer: Node, outer: Node | None) -> str | None:
        """The text a pipeline's first stage passes on unchanged: ``cat`` (or ``cat -``, ``cat
        -u``) reading a here-document or here-string bash gives it whole, so the next stage
        reads that text as if it were its own (``cat <<'EOF' | bash`` runs the body, as ``bash
        <<'EOF'`` does). None for any other producer, or text computed at run time."""
        command, redirects = producer, list(producer.children)
        if producer.type == "redirected_statement":
            body = producer.child_by_field_name("body")
            if body is None or body.type != "command":
                return None
            command, redirects = body, [*body.children, *producer.children]
        if command.type != "command" or self.ctx.functions or self.ctx.aliases:
            return None
        name = command.child_by_field_name("name")
        if name is None or _text(name) != "cat":
            return None  # ``git log | head``: no words read again
        if outer is not None and outer.type == "heredoc_redirect":
            redirects.append(outer)  # ``cat <<EOF | sh``: the here-document hangs on the pipe
        argv = self._argv(command)
        if not argv or argv[0].value != "cat":
            return None
        if any(w.value not in {"-", "-u"} for w in argv[1:]):
            return None  # a file read, or an option that changes the bytes (``-n``, ``-A``)
        text = None
        for child in redirects:
            found = self._redirect_stdin(child)
            if found is not None:
                text = found.text if found.kind == "text" else None
        return text

    def _pipeline_sinks(self, node: Node) -> Verdict:
        """Check the stages fed by a pipe first, so ``curl x | sh`` is named for the shell.
        Every later stage's redirections of stdin are noted here, once, before any is checked
        (``echo | bash <<< CMD``: CMD, not the pipe); :meth:`visit` leaves them to this."""
        targets: list[Node] = []
        for stage in node.children[1:]:
            target = stage
            if target.type == "redirected_statement":
                self._note_redirect_stdin(target)
                target = target.child_by_field_name("body") or target
            targets.append(target)
        for target in targets:
            if target.type == "command" and target.id in self.stdin:
                verdict = self._command(target)
                if not verdict.allowed:
                    return verdict
        return ALLOW

    def _note_redirect_stdin(self, node: Node) -> None:
        """A redirection of stdin feeds the command what it names, a pipe's text or not: bash
        applies redirections after the pipe (``echo | bash <<< 'CMD'`` runs CMD)."""
        body = node.child_by_field_name("body")
        if body is not None and body.type == "list":
            last: Node | None = body
            while last is not None and last.type == "list" and last.named_children:
                last = last.named_children[-1]  # round 21: ``sqlflush > f.sql && psql < f.sql``
            if last is not None and last.type == "command":
                for child in node.children:
                    if child.type == "file_redirect" and any(c.type == "<" for c in child.children):
                        self.list_stdin[last.id] = child
            return
        if body is not None and body.type == "pipeline":
            # round 23 (diff23's data seed 18): tree-sitter-bash hangs ``< f`` written after a
            # pipeline's last stage on the whole pipeline; bash gives it to that stage, over
            # the pipe (``echo | bash < f`` runs what f holds)
            stage: Node | None = body
            while stage is not None and stage.type == "pipeline" and stage.named_children:
                stage = stage.named_children[-1]
            if stage is not None and stage.type == "command":
                for child in node.children:
                    if child.type in _STDIN_REDIRECTS and (
                        child.type != "file_redirect"
                        or any(c.type in {"<", "<&"} for c in child.children)
                    ):
                        self.list_stdin[stage.id] = child
            return
        if body is not None and body.type == "while_statement":
            for child in node.children:  # ``while read f; do ...; done < <(ls *.pem)``
                listing = _substituted_listing(child)
                if listing is not None:
                    fed = Stdin("pipe", self._stage_argvs([listing]), None)
                    for target in _stdin_readers(body):
                        self.stdin[target.id] = fed
            return
        if body is None or body.type != "command":
            return
        for child in node.children:
            stdin = self._redirect_stdin(child)
            if stdin is not None:
                self.stdin[body.id] = stdin

    def _redirect_stdin(self, child: Node) -> Stdin | None:
        kind = child.type  # read once: each ``node.type`` makes a new string
        if kind not in _STDIN_REDIRECTS:
            return None  # a word of the command
        if kind == "herestring_redirect":
            words = [self._word(c) for c in child.children if c.is_named]
            value = words[0].value if words else None
            return Stdin("text", [], value)
        if kind == "heredoc_redirect":
            body = next((c for c in child.children if c.type == "heredoc_body"), None)
            start = next((c for c in child.children if c.type == "heredoc_start"), None)
            quoted = start is not None and _text(start)[:1] in {"'", '"'}
            if body is None:
                return Stdin("text", [], "")
            dynamic = not quoted and any(c.type != "heredoc_content" for c in body.children)
            text = _text(body)
            missed = _heredoc_missed(child)
            if missed is not None:
                text = missed
                dynamic = not quoted and re.search(r"(?<!\\)[$`]", text) is not None
            elif dynamic:
                return Stdin("text", [], self._expanded_heredoc(body))
            if dynamic:
                return Stdin("text", [], None)
            return Stdin("text", [], text if quoted else _unescape_heredoc(text))
        if kind == "file_redirect" and any(c.type == "<" for c in child.children):
            # a file this line wrote earlier is read with the text written to it
            # (``printf '...' > x.sh; sh < x.sh``)
            destination = child.child_by_field_name("destination")
            if destination is not None and destination.type == "process_substitution":
                # ``sh < <(printf ...)``: what the substitution prints, as a pipe brings it
                fed = _PrintedStdin("pipe", self._stage_argvs([destination]), None)
                fed.printed = self._printed_line(destination)
                return fed
            path = self._target(destination).value if destination is not None else None
            if path is not None and _is_own_stdin(path):
                return None  # round 23: ``| bash < /dev/stdin`` reads the pipe, as if unsaid
            if path is not None and self.ctx.written and self.ctx.cwd is not None:
                full = posixpath.normpath(posixpath.join(self.ctx.cwd, path))
                if full in self.ctx.written:
                    return Stdin("text", [], self.ctx.written[full])
            return Stdin("file", [], path)
        if kind == "file_redirect" and any(c.type == "<&" for c in child.children):
            destination = child.child_by_field_name("destination")
            if destination is not None and _text(destination) == "0":
                return None  # ``<&0``: stdin as it was
            if destination is not None and _text(destination) in {"1", "2"}:
                return Stdin("file", [], "/dev/tty")  # ``0<&1``: the session's terminal
        return None

    def _printed_line(self, node: Node) -> str | None:
        """The first line ``<(echo WORDS)`` or ``<(printf FORMAT ARGS)`` prints, when its
        words are static and the output is known exactly (round 26, ``left26b``): what a
        ``read`` fed by it sets. None for any other command, or for text ``read`` may change
        (a backslash, space at either end)."""
        inner = node.named_children
        if len(inner) != 1 or inner[0].type != "command":
            return None
        values = [w.value for w in self._argv(inner[0])]
        if len(values) < 2 or any(v is None for v in values):
            return None
        name, args = values[0], [v for v in values[1:] if v is not None]
        from ondas.guards.bash_outputs import echoed, printf_output

        text: str | None = None
        if name == "echo":
            text = echoed(args)
        elif name == "printf" and args[0].endswith("\\n"):
            form = args[0][:-2]  # one pass of ``printf '%s\n' WORD``: its first line
            if form.count("%") == form.count("%s") == len(args) - 1:
                text = printf_output([form, *args[1:]])
        line = None if text is None else text.split("\n", 1)[0]
        if not line or "\\" in line or line != line.strip(" \t"):
            return None
        return line

    def _expanded_heredoc(self, body: Node) -> str | None:
        """An unquoted heredoc's body as the reading program gets it, when every expansion in
        it is known (``$HOME``, ``$(pwd)``, ``$(date +%F)``, a variable set earlier in the
        line): bash expands them before the program reads a byte, without splitting words."""
        source = _SOURCE.get()
        parts: list[str] = []
        position = body.start_byte
        for child in body.children:
            if child.type == "heredoc_content":
                continue
            if child.type in {"simple_expansion", "expansion"}:
                value = self._variable(child)
            elif child.type == "command_substitution":
                value = self._substituted(child)
            else:
                value = None
            if value is None:
                return None
            literal = source[position : child.start_byte].decode("utf-8", "replace")
            parts += [_unescape_heredoc(literal), value]
            position = child.end_byte
        tail = source[position : body.end_byte].decode("utf-8", "replace")
        return "".join([*parts, _unescape_heredoc(tail)])

    def _stage_argvs(self, stages: list[Node]) -> list[list[Word]]:
        argvs: list[list[Word]] = []
        for stage in stages:
            for command in _descendants(stage, "command"):
                argvs.append(self._argv(command))
        return argvs

    def _command(self, node: Node) -> Verdict:
        stdin = None
        for child in node.children:  # its own redirection wins over a pipe (``| bash <<< CMD``)
            found = self._redirect_stdin(child)
            if found is not None:
                stdin = found
        if stdin is None and self.list_stdin and node.id in self.list_stdin:
            stdin = self._redirect_stdin(self.list_stdin[node.id])
        if stdin is None:
            stdin = self.stdin.get(node.id)
        if stdin is None and _reads_outer_output(node):
            stdin = Stdin("pipe", [], None)  # ``tee >(sh)``: fed what the outer command prints
        name = node.child_by_field_name("name")
        if name is not None and _text(name) == "time":
            rest = [c for c in node.named_children if c.type != "command_name"]
            if rest and all(c.type in {"subshell", "compound_statement"} for c in rest):
                return ALLOW  # ``time (make clean && make)``: it times what the walk checks
        argv = self._prefixed_argv(node)
        if not argv:
            return ALLOW
        if self.ctx.functions:
            verdict = self._called_function(argv)
            if verdict is not None and verdict.allowed and argv[0].value in self.ctx.functions:
                # bash runs the function, not a program of that name, until ``unset -f``
                # or in a child shell: a refusal of the program run as written stands
                program = rules.check_argv(argv, self.ctx, self.depth, _short(_text(node)), stdin)
                return rules.shadowed(program, verdict)
            if verdict is not None:
                return verdict
        assigned = self.ctx.assigned
        self.ctx.assigned = self._assigned(node)
        try:
            verdict = rules.check_argv(argv, self.ctx, self.depth, _short(_text(node)), stdin)
        finally:
            self.ctx.assigned = assigned
        if verdict.allowed and argv[0].value in _ASSIGNING_BUILTINS:
            self._builtin_assigns(argv, stdin)
        if verdict.allowed and self.ctx.unattended:
            printer = argv[1:] if argv[0].value in {"command", "builtin"} else argv
            if printer and printer[0].value in _VALUE_PRINTERS:
                return self._prints_secret(node, printer)
            if printer and posixpath.basename(printer[0].value or "") in _PASS_THROUGH:
                return self._fed_secret(node, printer[0].value or "")
            if printer and posixpath.basename(printer[0].value or "") == "envsubst":
                return self._substituted_secret(node)
            if printer and posixpath.basename(printer[0].value or "") == "git":
                return self._commits_secret(node, printer)
        return verdict

    def _commits_secret(self, node: Node, argv: list[Word]) -> Verdict:
        """``git commit -m "Key: $GITHUB_TOKEN"``, ``git tag -m``, ``git notes add -m``, ``-F``
        of a file this line wrote a secret variable to: the secret written into the
        repository's history or a message, kept there and pushed with it (unattended only,
        as printing it is: :mod:`ondas.guards.bash_environment`)."""
        from ondas.guards.bash_environment import secret_variable

        verb = _git_verb([w.value for w in argv[1:]])
        if verb not in _GIT_MESSAGE_VERBS:
            return ALLOW
        skipped = {"command_name", "variable_assignment", "file_redirect", "herestring_redirect"}
        parts = [c for c in node.named_children if c.type not in skipped]
        messages: list[Node] = []
        files: list[str | None] = []
        for k, part in enumerate(parts):
            text = _text(part)
            following = parts[k + 1] if k + 1 < len(parts) else None
            option = _GIT_MESSAGE_OPTION.match(text)
            if option is None:
                continue
            glued = text[option.end() :]
            if option.group("file") is None:
                if glued or "=" in option.group(0):
                    messages.append(part)
                elif following is not None:
                    messages.append(following)
            elif glued or "=" in option.group(0):
                value = self._word(part).value
                files.append(None if value is None else value[len(option.group(0)) :])
            elif following is not None:
                files.append(self._word(following).value)
        fed = _fed_nodes(node) if "-" in files else []
        names = _expansions(messages + fed)
        secret = next(
            (n for n in names if n not in self.ctx.variables and secret_variable(n)), None
        )
        for path in files:
            if secret is None and path:
                secret = self.ctx.secret_written.get(self._absolute(path))
        if secret is None:
            return ALLOW
        return rules.block(
            "print-secret-variable",
            _short(_text(node)),
            f"git {verb} writes ${secret}, whose name says it holds a secret, into the "
            "repository's history or a message kept with it (pushed, anyone who clones it reads "
            "it); refer to the secret by its name instead of its value",
        )

    def _absolute(self, path: str) -> str:
        """``path`` as :func:`~ondas.guards.bash_base.note_written` keeps it."""
        if self.ctx.cwd is not None:
            return posixpath.normpath(posixpath.join(self.ctx.cwd, path))
        return path

    def _builtin_assigns(self, argv: list[Word], stdin: Stdin | None) -> None:
        """``printf -v NAME FORMAT [ARG]`` and ``read [-r] NAME <<< WORD`` set NAME: to the
        text when it is static (a format without conversions, ``%s`` of one word, the
        here-string's first line), else to a value computed at run time; so do ``read``'s
        other forms (``IFS== read -r k v < f``, ``read -a``, ``REPLY``) and ``mapfile``,
        ``readarray`` and ``getopts`` for every name they set."""
        values = [w.value for w in argv]
        if values[0] in _READ_VALUED:
            from ondas.guards.bash_reads import assigned_names, read_target

            for read in assigned_names(values):
                if read == "?":
                    self.ctx.assigned_unseen()  # ``read "$n"``: any name
                elif read not in self.readonly:
                    self.ctx.variables[read] = None
            if values[0] != "read":
                return
        if values[0] == "printf" and len(values) >= 4 and values[1] == "-v":
            name, form, rest = values[2], values[3], values[4:]
            value: str | None = None
            if form is not None and "%" not in form and "\\" not in form and not rest:
                value = form
            elif form == "%s" and len(rest) == 1:
                value = rest[0]
        elif values[0] == "read" and (target := read_target(values)) is not None:
            name, others, delimited = target
            text = stdin.text if stdin is not None and stdin.kind == "text" else None
            printed = stdin.printed if isinstance(stdin, _PrintedStdin) else None
            text = text if printed is None else printed  # ``read < <(echo ls)``: ``ls``
            if delimited or others:
                text = None  # ``read -d ''``, ``read a b``: not the first line
            value = text.split("\n", 1)[0].strip(" \t") if isinstance(text, str) else None
            if stdin is not None and stdin.kind == "pipe" and stdin.upstream and printed is None:
                # ``ls .env* | while read f; do cat "$f"; done``: NAME holds each name the
                # listing prints, as ``for f in .env*`` gives it (round 18)
                value = _listed_secret(" ".join(w.text for argv in stdin.upstream for w in argv))
                if value is not None:  # round 23 (left23): ``find ROOT -name .env``: the tree's
                    from ondas.guards.bash_find_entries import found_in_tree

                    value = found_in_tree(stdin.upstream[0], value)
        else:
            return
        if name is not None and name.isidentifier() and name not in self.readonly:
            self.ctx.variables[name] = value

    def _fed_secret(self, node: Node, program: str) -> Verdict:
        """``cat <<< $API_KEY``, ``cat <<EOF`` with ``$TOKEN`` in the body: a secret variable
        fed to a program that prints what it reads (round 14: only the printers' own words were
        read). A quoted here-document (``<<'EOF'``) expands nothing."""
        from ondas.guards.bash_environment import secret_printed, secret_variable

        fed = [c for c in node.children if c.type == "herestring_redirect"]
        parent = node.parent
        if parent is not None and parent.type == "redirected_statement":
            for child in parent.children:
                start = next((c for c in child.children if c.type == "heredoc_start"), None)
                if child.type != "heredoc_redirect" or _text(start or child)[:1] in "'\"":
                    continue
                if _stdout_to_file(child) or any(
                    c.type == "pipeline" and not all(map(_passes_through, c.named_children))
                    for c in child.children
                ):
                    continue  # ``cat <<EOF > .npmrc``, ``cat <<EOF | sh``: written, or read
                fed.extend(c for c in child.children if c.type == "heredoc_body")
        if not fed:
            return ALLOW
        secret = next(
            (n for n in _expansions(fed) if n not in self.ctx.variables and secret_variable(n)),
            None,
        )
        if secret is None or not _reaches_transcript(node, self.passed_on):
            return ALLOW
        return secret_printed(program, secret, _short(_text(node)))

    def _substituted_secret(self, node: Node) -> Verdict:
        """``envsubst <<< '$GITHUB_TOKEN'``, ``echo '$API_KEY' | envsubst``: envsubst writes the
        value of each variable its input names, so a secret variable named in text this line
        feeds it, quoted or not, is printed as ``echo $GITHUB_TOKEN`` prints it (round 22,
        redteam22). A template file's names are not read (``envsubst < deploy.tmpl``)."""
        from ondas.guards.bash_environment import secret_printed, secret_variable

        texts = [_text(c) for c in node.children if c.type == "herestring_redirect"]
        texts += [_text(c) for c in node.named_children if c.type != "command_name"]
        parent = node.parent
        if parent is not None and parent.type == "redirected_statement":
            texts += [
                _text(body)
                for child in parent.children
                if child.type == "heredoc_redirect"
                for body in child.children
                if body.type == "heredoc_body"
            ]
            parent = parent.parent
        if parent is not None and parent.type == "pipeline":
            for stage in parent.named_children:
                if stage.end_byte > node.start_byte:
                    break
                texts.append(_text(stage))  # ``echo '$TOKEN' | envsubst``
        names = [m.group(1) for m in _NAMED_VARIABLE.finditer("\n".join(texts))]
        secret = next(
            (n for n in names if n not in self.ctx.variables and secret_variable(n)), None
        )
        if secret is None or not _reaches_transcript(node, self.passed_on):
            return ALLOW
        return secret_printed("envsubst", secret, _short(_text(node)))

    def _prints_secret(self, node: Node, argv: list[Word]) -> Verdict:
        """``echo $GITHUB_TOKEN``, ``printenv API_KEY``: a variable this line did not set, whose
        name says it holds a secret, printed where the transcript reads it (unattended only;
        :mod:`ondas.guards.bash_environment`)."""
        from ondas.guards.bash_environment import secret_printed, secret_variable

        program = argv[0].value or ""
        if program == "printf" and any((a.value or "").startswith("-v") for a in argv[1:3]):
            return ALLOW  # ``printf -v VAR``: assigned, not printed
        if program == "printenv":
            names = [a.value for a in argv[1:] if a.value and not a.value.startswith("-")]
        else:
            names = _expanded_names(node)
        secret = next(
            (n for n in names if n not in self.ctx.variables and secret_variable(n)), None
        )
        if secret is None or not _reaches_transcript(node, self.passed_on):
            return ALLOW
        return secret_printed(program, secret, _short(_text(node)))

    def _declared_secret(self, node: Node, words: list[Word]) -> Verdict:
        """``declare -p NAME`` prints the variable's definition with its value."""
        from ondas.guards.bash_environment import secret_printed, secret_variable

        flags = [w.value for w in words[1:] if (w.value or "").startswith("-")]
        if not any("p" in (f or "") for f in flags):
            return ALLOW
        names = [w.value for w in words[1:] if w.value and not w.value.startswith("-")]
        secret = next(
            (n for n in names if n not in self.ctx.variables and secret_variable(n)), None
        )
        if secret is None or not _reaches_transcript(node, self.passed_on):
            return ALLOW
        return secret_printed(words[0].value or "", secret, _short(_text(node)))

    def _assigned(self, node: Node) -> dict[str, str | None]:
        """The variables assigned in front of a command, with their values (None: computed)."""
        out: dict[str, str | None] = {}
        if self.exported:  # ``export X=src; cmd``: X is in cmd's environment too
            out.update((key, self.ctx.variables.get(key)) for key in self.exported)
        if not _prefixed(node):
            return out
        for child in node.children:
            if child.type != "variable_assignment":
                continue
            name = child.child_by_field_name("name")
            value = child.child_by_field_name("value")
            if name is not None:
                out[_text(name)] = self._word(value).value if value is not None else ""
        return out

    def _prefixed_argv(self, node: Node) -> list[Word]:
        """The words of ``node``; a variable assigned in front of the command
        (``TMPDIR=/x rm -rf $TMPDIR/y``) is unknown while its words are read: bash expands
        them with the value from before, which the reader of the line easily mistakes."""
        if not _prefixed(node):
            return self._argv(node)
        names = [
            _text(name)
            for child in node.children
            if child.type == "variable_assignment"
            and (name := child.child_by_field_name("name")) is not None
        ]
        if not names:
            return self._argv(node)
        if "PATH" in names:
            self.ctx.path_changed = True  # checked after the command (``PATH=/x:$PATH tool``)
            for child in node.children:
                name = (
                    child.child_by_field_name("name")
                    if child.type == "variable_assignment"
                    else None
                )
                value = child.child_by_field_name("value") if name is not None else None
                if name is not None and value is not None and _text(name) == "PATH":
                    rules.note_path(_text(value).strip("'\""), self.ctx)  # ``PATH=/tmp gh``
        saved = {n: self.ctx.variables[n] for n in names if n in self.ctx.variables}
        self.ctx.variables.update(dict.fromkeys(names))
        try:
            return self._argv(node)
        finally:
            for n in names:
                self.ctx.variables.pop(n, None)
            self.ctx.variables.update(saved)

    def _file_redirect(self, node: Node) -> Verdict:
        operators = {c.type for c in node.children if not c.is_named}
        destination = node.child_by_field_name("destination")
        if destination is None:
            return ALLOW
        target = self._target(destination)
        if target.value is not None and target.value.startswith("/dev/"):
            # bash's ``/dev/tcp``: the network rules are loaded only for a target under /dev/
            from ondas.guards.bash_net import dev_socket

            socket = dev_socket(target, self.ctx, _short(_text(node)))
            if socket is not None:
                return socket
        if operators & {"<", "<&", "<&-", ">&-"}:
            word = self._target(destination)
            if "<" in operators and (
                rules.credential_file(rules.through_parents(word.value, self.ctx))
                if word.value is not None
                else rules.process_secrets(word.text)
            ):
                return rules.block(
                    "read-credentials", _short(_text(node)), "reading a credential store"
                )
            if "<" in operators and word.value is not None and rules.raw_device(word.value):
                return rules.reads_raw_device("<", word.value, _short(_text(node)))
            if "<" in operators and word.value is not None and secret_hint(word.value):
                secret = named_secrets(word.value)
                if secret:
                    return rules.block(
                        "read-secret-file",
                        _short(_text(node)),
                        f"reading the secret file {secret[0]!r} on a command's standard input",
                    )
            if (
                "<" in operators
                and word.value is not None
                and rules.state_store(word.value, self.ctx)
            ):
                return rules.block("state-read", _short(_text(node)), "reading the ondas store")
            return ALLOW
        if destination.type == "number" and operators & {">&", "&>", "<&"}:
            return ALLOW
        word = self._target(destination)
        if operators & {">&"} and word.value == "-":
            return ALLOW
        verdict = rules.check_write_target(word, self.ctx, _short(_text(node)))
        if verdict.allowed and word.value is not None and ">>" not in operators:
            verdict = rules.overwrites_many(word.value, self.ctx, _short(_text(node)))
            if verdict.allowed and self._writes_nothing(node):
                # ``: > src/app.py``, ``> f``: emptied, as ``truncate -s 0`` empties it
                from ondas.guards.bash_system import beyond_recovery

                verdict = beyond_recovery(">", [word], self.ctx, _short(_text(node)), "empties")
            elif verdict.allowed and self._writes_junk(node):
                from ondas.guards.bash_system import junk_over_text

                verdict = junk_over_text(">", word, self.ctx, _short(_text(node)))
            elif verdict.allowed and (printer := self._writes_a_newline(node)):
                # ``echo > src/app.py``: one newline where the code was; ``echo > notes.md``
                # makes a note file, everyday (round 10a), so only a file of code is judged
                from ondas.guards.bash_system import junk_over_text

                verdict = junk_over_text(
                    printer,
                    word,
                    self.ctx,
                    _short(_text(node)),
                    "blanks",
                    code_only=True,
                )
            elif verdict.allowed and self._opens_only(node):
                # ``exec 3> src/app.py``: the descriptor is opened, the file emptied now, and
                # what is written to it later is not this line's to show
                from ondas.guards.bash_system import junk_over_text

                verdict = junk_over_text(
                    "exec", word, self.ctx, _short(_text(node)), "empties", code_only=True
                )
            elif verdict.allowed and self._stored_over(node, word.value):
                # ``git show HEAD:src/app.py > src/app.py``: the committed version written over
                # the file, as ``git checkout HEAD -- src/app.py`` does
                verdict = rules.block(
                    "git-checkout-discard",
                    _short(_text(node)),
                    "a stored version written over its own file discards uncommitted changes",
                )
            elif verdict.allowed and self._reads_target(node, word.value):
                # ``sort f > f``, ``jq . p.json > p.json``: bash empties the file before the
                # command starts, so the command reads nothing and writes nothing back
                from ondas.guards.bash_system import beyond_recovery

                verdict = beyond_recovery(
                    ">", [word], self.ctx, _short(_text(node)), "empties before it is read:"
                )
        if verdict.allowed and word.value is not None and self._fills_without_end(node):
            from ondas.guards.bash_disk_fill import fills_disk

            verdict = fills_disk("the redirect", word.value, _short(_text(node)))
        if verdict.allowed and self.ctx.unattended and word.value is not None:
            verdict = self._archived_keys(node, word.value)  # ``tar czf - ~/.kube > k.tgz``
        if verdict.allowed and word.value is not None:
            self._note_written(node, word.value, ">>" in operators)
        return verdict

    def _archived_keys(self, node: Node, target: str) -> Verdict:
        """Unattended: a redirect into the project of an archive a copier writes to standard
        output, first in the statement's pipeline, taking a client's key directory whole
        (:func:`ondas.guards.bash_key_directories.copied_key_directory`)."""
        body = self._first_command(node)
        if body is None:
            return ALLOW
        name = body.child_by_field_name("name")
        program = rules.command_name(_text(name)) if name is not None else ""
        if program not in rules.KEY_DIRECTORY_COPIERS:
            return ALLOW
        from ondas.guards.bash_key_directories import copied_key_directory

        argv = self._argv(body)
        return copied_key_directory(program, argv[1:], self.ctx, _short(_text(node)), target)

    def _target(self, node: Node) -> Word:
        """A redirect's target as bash opens it: its value split on ``IFS`` where an ``IFS``
        expansion splits it (``>${IFS}../x`` writes ``../x``); more than one field is bash's
        "ambiguous redirect", whose target is left unknown."""
        word = self._word(node)
        if word.value is None or _IFS not in word.value:
            return word
        fields = [f for f in word.value.split(_IFS) if f]
        return Word(fields[0] if len(fields) == 1 else None, word.text, word.kind)

    def _writes_nothing(self, node: Node) -> bool:
        """A redirect whose command prints nothing (``: > f``, ``cat /dev/null > f``)."""
        statement = node.parent
        if statement is None or statement.type != "redirected_statement":
            return statement is not None and statement.type in {"program", "list"}  # ``> f``
        body = statement.child_by_field_name("body")
        if body is None:
            return True  # ``> f`` alone
        if body.type != "command":
            return False
        values = [w.value for w in self._argv(body)]
        if values in ([":"], ["true"], ["echo", "-n"], ["printf", ""]):
            return True
        if values[:1] == ["printf"] and len(values) == 2:
            # ``printf %s > f``: a format of conversions given nothing prints nothing
            return _EMPTY_FORMAT.fullmatch(values[1] or "-") is not None
        if values == ["cat"]:
            return any(
                c.type == "file_redirect"
                and any(x.type == "<" for x in c.children)
                and (d := c.child_by_field_name("destination")) is not None
                and self._target(d).value == "/dev/null"
                for c in statement.children
            )  # ``cat < /dev/null > f``
        return values[:1] == ["cat"] and len(values) > 1 and set(values[1:]) == {"/dev/null"}

    def _writes_a_newline(self, node: Node) -> str | None:
        """The name of a redirect's command that prints one newline and nothing else (``echo >
        f``, ``echo '' > f``, ``printf '\\n' > f``), else ``None``."""
        statement = node.parent
        if statement is None or statement.type != "redirected_statement":
            return None
        body = statement.child_by_field_name("body")
        if body is None or body.type != "command":
            return None
        values = [w.value for w in self._argv(body)]
        if values in (["echo"], ["echo", ""], ["printf", "\\n"], ["printf", "\n"]):
            return values[0]
        return None

    def _opens_only(self, node: Node) -> bool:
        """A redirect of a bare ``exec``: it opens the file for the shell itself."""
        statement = node.parent
        body = statement.child_by_field_name("body") if statement is not None else None
        return (
            body is not None
            and body.type == "command"
            and [w.value for w in self._argv(body)] == ["exec"]
        )

    def _stored_over(self, node: Node, target: str) -> bool:
        """A truncating redirect of ``git show REV:PATH`` or ``git cat-file blob|-p REV:PATH``
        to PATH itself (``REV`` may be empty: the index's copy)."""
        statement = node.parent
        if statement is None or statement.type != "redirected_statement":
            return False
        body = statement.child_by_field_name("body")
        if body is None or body.type != "command":
            return False
        values = [w.value for w in self._argv(body)]
        if values[:1] != ["git"] or not {"show", "cat-file"} & set(values[1:3]):
            return False
        same = posixpath.normpath(target)
        for value in values[2:]:
            if value is None or ":" not in value or value.startswith("-"):
                continue
            path = value.split(":", 1)[1].removeprefix("./")
            if path and posixpath.normpath(path) == same:
                return True
        return False

    def _reads_target(self, node: Node, target: str) -> bool:
        """A truncating redirect to ``target`` on a command, or a pipeline, that reads
        ``target`` itself: as an operand of one of its commands (not ``echo``/``printf``, whose
        words are text), or as a ``<`` redirect of the same statement."""
        statement = node.parent
        if statement is None or statement.type != "redirected_statement":
            return False
        same = posixpath.normpath(target)
        for child in statement.children:
            if child.type == "file_redirect" and any(c.type == "<" for c in child.children):
                source = child.child_by_field_name("destination")
                value = self._target(source).value if source is not None else None
                if value is not None and posixpath.normpath(value) == same:
                    return True
        body = statement.child_by_field_name("body")
        if body is None or body.type not in {"command", "pipeline"}:
            return False
        commands = [body] if body.type == "command" else list(_descendants(body, "command"))
        for command in commands:
            argv = self._argv(command)
            if not argv or argv[0].value in {"echo", "printf", "tee"}:
                continue
            for word in argv[1:]:
                value = word.value
                if value is None or value.startswith("-"):
                    continue
                if posixpath.normpath(value.partition("=")[2] or value) == same:
                    return True
        return False

    @staticmethod
    def _first_command(node: Node) -> Node | None:
        """The command a redirect's statement runs, or the first of its pipeline; None when it
        is no simple command."""
        statement = node.parent
        body = statement.child_by_field_name("body") if statement is not None else None
        while body is not None and body.type == "pipeline" and body.named_children:
            body = body.named_children[0]
        return body if body is not None and body.type == "command" else None

    def _fills_without_end(self, node: Node) -> bool:
        """A redirect of standard output into a file from a command that prints without end
        (``yes > f``, ``cat /dev/zero >> f``, ``tr -dc a-z < /dev/urandom | fold > f``): the
        statement's pipeline, each stage with the file its input is redirected from."""
        statement = node.parent
        if statement is None:
            return False
        looped = not _may_print_without_end(_text(statement))
        if looped and not (_may_print_without_end(self.ctx.line) and ">>" in _text(node)):
            return False  # no rule module loaded for ``make > build.log``
        descriptor = node.child_by_field_name("descriptor")
        if descriptor is not None and _text(descriptor) != "1":
            return False
        from ondas.guards.bash_disk_fill import endless, lands_in_file

        destination = node.child_by_field_name("destination")
        if destination is None or not lands_in_file(self._target(destination).value):
            return False
        if looped:  # ``while :; do echo x >> f; done``: appended each time round
            from ondas.guards.bash_loops import endless_printer

            loop = statement.parent
            while loop is not None and not (loop.type in _PRINTING_LOOPS and endless_printer(loop)):
                loop = loop.parent
            return loop is not None
        body = statement.child_by_field_name("body")
        while body is not None and body.type == "list" and body.named_children:
            body = body.named_children[-1]  # ``a && yes > f``: the redirect is the last's
        if body is None:
            return False
        stages = body.named_children if body.type == "pipeline" else [body]
        return endless(self._stages_read(stages, statement))

    def _stages_read(
        self, stages: list[Node], statement: Node | None
    ) -> list[tuple[list[str | None], str | None] | None]:
        """A pipeline's stages as :func:`~ondas.guards.bash_disk_fill.endless` reads them:
        each command's words and the file its input is redirected from (``statement``: the
        redirections hung over the last stage); an endless loop of printers reads as ``yes``
        (round 26: ``while :; do echo x; done > f``)."""
        read: list[tuple[list[str | None], str | None] | None] = []
        for k, stage in enumerate(stages):
            redirects = list(stage.children) if stage.type == "redirected_statement" else []
            if k == len(stages) - 1 and statement is not None:
                redirects += statement.children  # ``tr -d x < /dev/urandom > f``
            command = (
                stage.child_by_field_name("body")
                if redirects and stage.type not in {"command", *_PRINTING_LOOPS}
                else stage
            )
            if command is not None and command.type in _PRINTING_LOOPS:
                from ondas.guards.bash_loops import endless_printer

                read.append((["yes"], None) if endless_printer(command) else None)
                continue
            if command is None or command.type != "command":
                read.append(None)
                continue
            redirected: str | None = None
            for child in [*command.children, *redirects]:
                found = self._redirect_stdin(child)
                if found is not None:
                    redirected = found.text if found.kind == "file" else ""
            read.append(([w.value for w in self._argv(command)], redirected))
        return read

    def _tee_fills(self, node: Node) -> Verdict:
        """``yes | tee F``: a ``tee`` fed without end writes its files without end, unless a
        later stage ends the pipe (``yes | tee F | head -n 3``); round 26 (left26a)."""
        text = _text(node)
        if "tee" not in text or not _may_print_without_end(text):
            return ALLOW
        from ondas.guards.bash_disk_fill import fills_disk, tee_fills

        stages = node.named_children
        targets: list[list[str | None]] = []
        for stage in stages:
            command = stage.child_by_field_name("body") if stage.type != "command" else stage
            argv = self._argv(command) if command is not None and command.type == "command" else []
            named = [w.value for w in argv[1:] if w.value is None or w.value[:1] != "-"]
            targets.append(named if argv and argv[0].value == "tee" else [])
        filled = tee_fills(self._stages_read(stages, None), targets)
        if filled is None:
            return ALLOW
        return fills_disk("tee", filled, _short(text))

    def _writes_junk(self, node: Node) -> bool:
        """A redirect whose command, or the first of its pipeline, reads only devices of
        zeros or noise (``head -c 1M /dev/zero > f``, ``cat /dev/urandom | head -c 9 > f``)."""
        body = self._first_command(node)
        if body is None:
            return False
        values = [w.value for w in self._argv(body)[1:]]
        if not any(v is not None and (v[:1] == "/" or v[:3] == "if=") for v in values):
            return False  # ``ls > out.txt``: no input a device could be (no rule module loaded)
        from ondas.guards.bash_system import reads_only_junk

        return reads_only_junk(values)

    def _note_written(self, node: Node, path: str, append: bool) -> None:
        """Remember the text a redirect writes to ``path``, so running it later in the same
        line checks that text (``printf 'rm ...' > x.sh; sh x.sh``)."""
        statement = node.parent
        body = statement.child_by_field_name("body") if statement is not None else None
        while body is not None and body.type == "list" and body.named_children:
            body = body.named_children[-1]  # ``a && printf X > f``: tree-sitter puts the
            # redirect on the list; bash gives it to the last command
        text: str | None = None
        if body is not None and body.type == "command":
            argv = self._argv(body)
            values = [w.value for w in argv]
            name = values[0] if values else None
            if name in {"echo", "printf"} and None not in values:
                from ondas.guards.bash_system import printed_texts

                texts = printed_texts(name, [v for v in values[1:] if v is not None])
                text = None if None in texts else "\n".join(t for t in texts if t is not None)
            elif name in {"cat", "tee"}:
                stdin = self.stdin.get(body.id)
                if stdin is None and statement is not None:
                    stdin = next(
                        (x for c in statement.children if (x := self._redirect_stdin(c))), None
                    )
                from ondas.guards.bash_system import fed_text

                text = fed_text(stdin)
            elif None not in values and SQL_PRINTING_VERBS.intersection(values):
                from ondas.guards.bash_sql import printed_sql

                text = printed_sql(values)  # round 21: ``manage.py sqlflush > f.sql``
            if name in {"echo", "printf", "cat", "tee"}:
                secret = self._written_secret(body)
                if secret is not None:
                    self.ctx.secret_written[self._absolute(path)] = secret
        rules.note_written(self.ctx, path, text, append)

    def _written_secret(self, body: Node) -> str | None:
        """A secret variable, not set in this line, whose value ``body`` (a printer, or a
        reader fed a here-string or here-document) writes out."""
        from ondas.guards.bash_environment import secret_variable

        names = _expanded_names(body) + _expansions(_fed_nodes(body))
        return next((n for n in names if n not in self.ctx.variables and secret_variable(n)), None)

    def _argv(self, node: Node) -> list[Word]:
        words: list[Word] = []
        runner = False  # round 18: the command word a runner runs (``nohup $X``, ``exec $X``)
        for child in node.children:
            kind = child.type
            if kind == "file_redirect":
                words.extend(self._redirect_words(child))
                continue
            if kind in {"variable_assignment", "herestring_redirect"}:
                continue
            if kind == "command_name":
                inner = child.named_children
                words.extend(self._command_word(inner[0] if inner else child))
                runner = len(words) == 1 and words[0].value in _PLAIN_RUNNERS
            elif not child.is_named:
                continue
            elif runner and _text(child)[:1] != "-" and not _descriptor(child):
                # read as a command word is (:meth:`_command_word`), by the same environment
                runner = _text(child) in _PLAIN_RUNNERS and len(words) == 1
                words.extend(self._command_word(child))
            elif not _descriptor(child):
                words.extend(self._expand(child))
            elif kind != "number":  # ``exec {fd}>log``: $fd is the number of a descriptor
                self.ctx.variables[_text(child)[1:-1]] = "10"
        # The parser hangs a redirect written among the last command's arguments on the whole
        # list or pipeline that command ends (``true && rm -rf 2>/dev/null ~``): climb to it.
        host = _redirect_host(node)
        if host is not None:
            for child in host.children:
                if child.type == "file_redirect":
                    words.extend(self._redirect_words(child))
        return words

    def _redirect_words(self, node: Node) -> list[Word]:
        """Words bash reads as arguments though the parser hangs them on a redirect.

        ``rm -rf 2>/dev/null ~`` parses as a redirect with two destinations; only the first is
        the redirect target, the rest are arguments of the command.
        """
        destinations = node.children_by_field_name("destination")
        words: list[Word] = []
        for extra in destinations[1:]:
            words.extend(self._expand(extra))
        return words

    def _expand(self, node: Node) -> list[Word]:
        word = self._word(node)
        if word.value is not None and _IFS in word.value:
            return [Word(part, part) for part in word.value.split(_IFS) if part]
        if word.value is not None and word.braces:
            return [Word(v, v) for v in _brace_expand(word.value)]
        return [word]

    def _command_word(self, node: Node) -> list[Word]:
        """The words bash makes of a command word. One that expands a variable this line does
        not set is read with the value the variable has in the environment the line runs in
        (:mod:`ondas.guards.bash_command_words`): ``$PYTHON -m pytest`` runs what ``$PYTHON``
        holds there; unset, an unquoted expansion is no word (``$X a b`` runs ``a``) and a
        quoted one an empty name (``"$X" a`` runs nothing). Where the environment does not
        tell (unattended and unset, a line that sources a file...) the word stays unknown."""
        found = self._expand(node)
        if (
            len(found) == 1
            and found[0].value == ""
            and node.type in _EXPANDING_WORDS
            and not _quoted(node)
        ):
            return []  # ``X=; $X rm -rf ~``: bash drops the empty word and runs ``rm``
        if node.type not in _EXPANDING_WORDS or any(
            True for kind in _RUNNING for _ in _descendants(node, kind)
        ):
            return found  # ``$(tool)``: the output of a command, judged as before
        matches = [
            _EXPANSION.fullmatch(_text(e))
            for kind in ("simple_expansion", "expansion")
            for e in _descendants(node, kind)
        ]
        names: dict[str, bool] = {}  # name -> whether the expansion writes a default
        for match in matches:
            if match is None:
                return found  # ``${X,,}``, ``${X[0]}``, ``$1``: as before
            name = match.group(1)
            if name not in self.ctx.variables and name not in _KNOWN_VARIABLES and name != "IFS":
                names[name] = names.get(name, True) and match.group(2) in {":-", "-", ":=", "="}
        if not names:
            return found
        from ondas.guards.bash_command_words import undecided

        texts = (self.ctx.line, _SOURCE.get().decode("utf-8", "replace"))
        unknown = [Word(None, _text(node), node.type)]
        if any(undecided(n, self.ctx, texts, d) is not None for n, d in names.items()):
            return unknown
        self.environment_read = True
        try:
            words = self._expand(node)
        finally:
            self.environment_read = False
        if any(w.value is None for w in words) or (words and words[0].value in _DECLARING):
            return unknown  # round 18: ``${X:-export} BASH_ENV=f``: assignments the walk misses
        if len(words) == 1 and words[0].value == "" and not _quoted(node):
            return []  # bash drops an unquoted word that expands to nothing
        if words:
            first = words[0]
            words[0] = Word(first.value, first.text, first.kind, environment=tuple(names))
        return words

    def _word(self, node: Node) -> Word:
        kind = node.type  # read once: each ``node.type`` makes a new string
        text = _text(node)
        value, braces = self._value(node, kind, text)
        inner = None
        if kind == "process_substitution":
            inner = text[2:-1]
        readings: tuple[str, ...] = ()
        if value is None and kind in {"string", "concatenation"}:
            readings = self._environment_readings(node)
        return Word(value, text, kind, inner, braces, readings)

    def _environment_readings(self, node: Node) -> tuple[str, ...]:
        """A word unknown only for variables of the session's environment (not assigned by
        this line, which has read nothing that may assign unseen, nor ``HOME``, ``PWD`` or
        the temp directory's) after a known, non-empty start: the word with each of them
        empty and with each one plain name (``build/$NAME.txt`` reads ``build/.txt`` and
        ``build/env-value.txt``); ``()`` otherwise. The environment is the user's: what
        this line or an earlier one of the agent assigns is seen, or makes it unknown."""
        parts: list[str | None] = []
        for child in node.children if node.type == "concatenation" else [node]:
            quoted = child.type == "string"
            for part in child.children if quoted else [child]:
                value: str | None = None
                if part.type in {'"', '$"'}:
                    continue
                if part.type in {"simple_expansion", "expansion"} and not _is_ifs(part):
                    value = self._variable(part)
                    if value is None and self._from_environment(_text(part)):
                        parts.append(None)
                        continue
                    value = value if quoted or value is None else self._split_fields(value)
                elif part.type == "string_content":
                    value = _unescape_dquote(_text(part))
                elif part.type == "command_substitution" and quoted:
                    value = self._substituted(part)
                elif not quoted:
                    value = self._value(part)[0]
                if value is None:
                    return ()
                parts.append(value)
        if not parts or not parts[0] or None not in parts:
            return ()
        empty = "".join(p or "" for p in parts)
        named = "".join(rules.ENVIRONMENT_NAME if p is None else p for p in parts)
        return (empty, named)

    def _from_environment(self, text: str) -> bool:
        """``text`` (``$NAME``, ``${NAME}``, ``${NAME:?}``, ``${NAME#v}``) expands a variable
        only the session's environment may have set: not one the line assigns anywhere, in
        a child shell's code or a program's environment included (``env NAME=x sh -c ...``,
        ``${NAME:=x}``), nor after it gives a shell a start-up file (``BASH_ENV=f bash``)."""
        match = _ENVIRONMENT_EXPANSION.fullmatch(text)
        if match is None or self.ctx.variables_unseen:
            return False
        name = match.group(1) or match.group(2)
        if name in self.ctx.variables or name in _LOCATION_VARIABLES:
            return False
        assigned = re.compile(r"(?<![\w$-])(?:BASH_ENV|ENV|" + name + r")\+?=|\$\{" + name + ":?=")
        return assigned.search(self.ctx.line) is None

    def _value(
        self, node: Node, kind: str | None = None, text: str | None = None
    ) -> tuple[str | None, bool]:
        """The static value of a word (None: known only at run time) and whether bash may
        brace-expand it; ``kind`` and ``text`` are the node's type and text when the caller
        has read them already (:meth:`_word`)."""
        kind = node.type if kind is None else kind
        text = _text(node) if text is None else text
        if kind in {"word", "number"}:
            braces = "{" in text and ("," in text or ".." in text)
            return _unescape_word(text), braces
        if kind == "raw_string":
            return text[1:-1], False
        if kind == "ansi_c_string":
            # bash's words end at a NUL: ``$'rm\0x'`` is ``rm`` (a pipe keeps printf's NULs)
            return _ansi_c(text[2:-1]).partition("\x00")[0], False
        if kind in {"string", "translated_string"}:
            parts: list[str] = []
            end = -1
            for child in node.children:
                if 0 <= end < child.start_byte:
                    # text the parser leaves out of every child (a newline inside the quotes)
                    gap = _SOURCE.get()[end : child.start_byte].decode("utf-8", "replace")
                    parts.append(_unescape_dquote(gap))
                end = child.end_byte
                if child.type in {'"', '$"'}:
                    continue
                if child.type == "$" and _literal_dollar(
                    _SOURCE.get()[child.end_byte : child.end_byte + 1]
                ):
                    parts.append("$")  # ``"^test_x$"``, ``"/done$/"``: a dollar that starts nothing
                    continue
                if child.type in {"simple_expansion", "expansion"}:
                    value = None if _is_ifs(child) else self._variable(child)
                    if value is None:
                        return None, False
                    parts.append(value)
                    continue
                if child.type == "command_substitution":
                    value = self._substituted(child)
                    if value is None:
                        return None, False
                    parts.append(value)
                    continue
                if child.type != "string_content":
                    return None, False
                parts.append(_unescape_dquote(_text(child)))
            return "".join(parts), False
        if kind == "concatenation":
            values: list[str] = []
            any_braces = False
            for child in node.children:
                if child.type in {"simple_expansion", "expansion"} and _is_ifs(child):
                    values.append(_IFS)
                    continue
                value, braces = self._value(child)
                if value is None:
                    return None, False
                any_braces = any_braces or braces or (child.type == "word" and "{" in _text(child))
                values.append(value)
            joined = "".join(values)
            return joined, any_braces and "{" in joined and ("," in joined or ".." in joined)
        if kind in {"simple_expansion", "expansion"} and _is_ifs(node):
            return _IFS, False
        if kind in {"simple_expansion", "expansion", "command_substitution"}:
            value = self._substituted(node) if kind == "command_substitution" else None
            value = self._variable(node) if kind != "command_substitution" else value
            # Unquoted, the value is split into words (``a="rm -rf"; $a ~``), on the IFS
            # this command line set (``IFS=,; c='rm,-rf,~'; $c``) or bash's default
            return (None if value is None else self._split_fields(value)), False
        if kind == "$" and _NUMERIC_PARAMETER.fullmatch(text):
            return _A_NUMBER, False  # the parser's node for an unquoted ``$$``
        return None, False

    def _split_fields(self, value: str) -> str:
        """``value`` with each run of IFS characters replaced by the word-break marker."""
        ifs = self.ctx.variables.get("IFS", " \t\n")
        if ifs is None:
            ifs = " \t\n"  # computed at run time: judged as the default split
        if not ifs:
            return value  # ``IFS=``: no splitting
        return re.sub("[" + re.escape(ifs) + "]+", _IFS, value)

    def _variable(self, node: Node) -> str | None:
        """The static value of ``$NAME``/``${NAME}``/``${NAME:-default}``/``${NAME:?}``:
        assigned earlier in this command line, else what the environment gives every session
        (:data:`_ENVIRONMENT`), else the default written after ``:-`` or ``:=``."""
        text = _text(node)
        if _NUMERIC_PARAMETER.fullmatch(text):
            return _A_NUMBER
        cased = _CASE_EXPANSION.fullmatch(text) if text[-2:-1] in {",", "^", "~"} else None
        if cased is not None:
            return self._cased(cased.group(1), cased.group(2))
        if text[:2] == "${" and ("#" in text or "%" in text or "/" in text):
            edited = _EDITED_EXPANSION.fullmatch(text)
            if edited is not None:
                return self._edited(edited.group(1), edited.group(2), edited.group(3))
        if text[:2] == "${" and ":" in text and text[-2:-1].isdigit():
            cut = _SUBSTRING_EXPANSION.fullmatch(text)
            if cut is not None:
                return self._substring(cut.group(1), cut.group(2), cut.group(3))
        match = _EXPANSION.fullmatch(text)
        if match is None:
            return None
        name, operator, default = match.groups()
        value = self.ctx.variables.get(name)
        if name not in self.ctx.variables:
            if (
                self.environment_read
                and name not in _KNOWN_VARIABLES
                and not self.ctx.variables_unseen
            ):
                # the environment the line runs in (:meth:`_command_word`): a name it lacks is
                # unset, so a plain expansion is empty and the operators below apply as to one
                value = self.ctx.environment.get(name)
                if value is None and operator is None:
                    return ""
            else:
                value = self._environment(name)
        if operator in {":?", "?"}:
            # the value, else an error that stops the command (``${D:?}``): only a known,
            # non-empty value is judged
            return value if value or (value == "" and operator == "?") else None
        if value is not None and not (value == "" and operator in {":-", ":="}):
            return value
        if value is None and (name in self.ctx.variables or self.ctx.variables_unseen):
            return None  # assigned a value computed at run time: the default may not apply
        if (
            operator is not None
            and default is not None
            and "$" not in default
            and "`" not in default
        ):
            return _unescape_word(default)
        return None

    def _environment(self, name: str) -> str | None:
        """The value of a variable this line did not assign, as the session's environment gives
        it (``$HOME``, ``$PWD``, ``$OLDPWD``, :data:`_ENVIRONMENT`); None when a command of the
        line may have set variables the guard cannot read (:attr:`Ctx.variables_unseen`)."""
        if self.ctx.variables_unseen:
            return None
        if name == "OLDPWD":
            return self.ctx.oldpwd
        return {"HOME": self.ctx.home, "PWD": self.ctx.cwd, **_ENVIRONMENT}.get(name)

    def _edited(self, name: str, operator: str, operand: str) -> str | None:
        """A variable this line assigned (``d=build/``), edited by bash's removal or replacement
        operators with a plain pattern (``"${d%/}"``: ``build``; ``${d//x/y}``); None for a
        variable the line did not assign or assigned a computed value (also the directory ``mktemp
        -d`` makes, whose name the guard only stands in for: ``${t%/*}`` is its parent, a temp
        root), and for a pattern with quotes, expansions or extended globs
        (:data:`_NOT_A_PLAIN_PATTERN`)."""
        value = self.ctx.variables.get(name)
        if value is None or set(operand) & _NOT_A_PLAIN_PATTERN or FRESH_TEMP_NAME in value:
            return None  # the stand-in for ``mktemp -d``'s name is no text bash edits
        if operator[0] == "/":
            pattern, _slash, replacement = operand.partition("/")
            if not pattern or pattern[0] in "#%" or set(pattern + replacement) & set("*?[]"):
                return None  # anchored or glob replacements: not read
            return value.replace(pattern, replacement, -1 if operator == "//" else 1)
        if "[:" in operand or "[=" in operand or "[." in operand:
            return None  # POSIX classes (``[[:digit:]]``): bash's, not fnmatch's
        operand = operand.replace("[^", "[!")  # bash negates a bracket with ``^`` as with ``!``
        from fnmatch import fnmatchcase

        ends = range(len(value) + 1)
        if operator[0] == "#":  # the shortest (``#``) or longest (``##``) matching prefix
            for end in reversed(ends) if operator == "##" else ends:
                if fnmatchcase(value[:end], operand):
                    return value[end:]
            return value
        for start in ends if operator == "%%" else reversed(ends):  # the matching suffix
            if fnmatchcase(value[start:], operand):
                return value[:start]
        return value

    def _substring(self, name: str, offset: str, length: str | None) -> str | None:
        """``${NAME:OFFSET[:LENGTH]}`` of a variable this line assigned a known value, as bash
        cuts it: a negative offset counts from the end, a negative length ends that many
        characters before the end; an offset past either end is empty (round 23s)."""
        value = self.ctx.variables.get(name)
        if value is None or FRESH_TEMP_NAME in value:
            return None
        start = int(offset.strip(" ()"))
        if start < 0:
            start = len(value) + start
            if start < 0:
                return ""
        if start > len(value):
            return ""
        if length is None:
            return value[start:]
        count = int(length)
        end = start + count if count >= 0 else len(value) + count
        return value[start:end] if end >= start else None  # bash: an error

    def _cased(self, name: str, operator: str) -> str | None:
        """``${NAME,,}``, ``${NAME^^}``, ``${NAME~~}`` and their one-letter forms: the known
        value in lower, upper or swapped case (all of it, or its first letter)."""
        value = self.ctx.variables.get(name)
        if name not in self.ctx.variables:
            value = self._environment(name)
        if not value:
            return value
        change = {",": str.lower, "^": str.upper, "~": str.swapcase}[operator[0]]
        return change(value) if len(operator) == 2 else change(value[0]) + value[1:]

    def _substituted(self, node: Node) -> str | None:
        """The output of ``$(echo WORDS)``, ``$(printf TEXT)``, ``$(pwd)`` or ``$(git rev-parse
        --show-toplevel)`` when static; for a listing (``$(find ROOT ...)``, ``$(ls)``) the
        entries it can name, ``ROOT/*``, as ``find -exec``'s ``{}`` stands for."""
        inner = node.named_children
        if len(inner) == 1 and inner[0].type == "pipeline":
            return rules.listing_glob(self._stage_argvs([inner[0]]), self.ctx)
        if len(inner) != 1 or inner[0].type != "command":
            return None
        argv = self._argv(inner[0])
        values = [w.value for w in argv]
        if not values or any(v is None for v in values):
            return None
        name, args = values[0], [v for v in values[1:] if v is not None]
        if name == "mktemp":
            prefixed = any(c.type == "variable_assignment" for c in inner[0].children)
            tmpdir = self.ctx.variables.get("TMPDIR", self._environment("TMPDIR"))
            from ondas.guards.bash_outputs import mktemp_fresh, mktemp_path

            fresh = None if prefixed else mktemp_fresh(args, tmpdir)
            return fresh or mktemp_path(argv[1:])
        from ondas.guards.bash_outputs import TOOL_DIRS

        tool_dir = TOOL_DIRS.get(tuple(v or "" for v in values))
        if tool_dir is not None:
            base = {"~": self.ctx.home, ".": self.ctx.cwd}.get(tool_dir.split("/", 1)[0])
            return tool_dir if base is None else base + tool_dir[1:]
        if name == "pwd" and not args:
            return self.ctx.cwd
        if (name, *args[:-1]) in _RESOLVERS and args and self.ctx.cwd is not None:
            # ``$(realpath .)``, ``$(readlink -f src)``: the path made absolute (read as
            # written, as every path here is: a link is not followed)
            target = args[-1]
            if target.startswith(("-", "~", "$")):
                return None
            return posixpath.normpath(posixpath.join(self.ctx.cwd, target))
        if name == "git" and args == ["rev-parse", "--show-toplevel"]:
            return self._substituted_toplevel()
        if name in {"find", "ls"}:
            return rules.listing_glob([argv], self.ctx)
        if (name, *args[:-1]) in _LOOKUPS and len(args) >= 1 and "/" not in args[-1]:
            if not _command_word(node):
                return None  # round 22: ``chmod -x "$(command -v ondas)"``: a file on PATH
            return args[-1]  # ``$(which python3)`` runs python3 (wherever PATH finds it)
        if name == "echo":
            from ondas.guards.bash_outputs import echoed

            return echoed(args)
        if name == "printf":
            from ondas.guards.bash_outputs import printf_output

            return printf_output(args[1:] if args[:1] == ["--"] else args)
        if name == "git" and args in _GIT_DIR_QUERIES:
            top = self._substituted_toplevel()
            return None if top is None else posixpath.join(top, ".git")
        if name in _PRINTERS:
            from ondas.guards.bash_outputs import printed

            return printed([name, *args])
        return None

    def _substituted_toplevel(self) -> str | None:
        """The project, when the shell is inside it (what ``git rev-parse --show-toplevel``
        prints there)."""
        cwd, project = self.ctx.cwd, self.ctx.project
        inside = cwd is not None and project is not None and lexical_inside(cwd, project)
        return project if inside else None


_GIT_DIR_QUERIES = (
    ["rev-parse", "--git-dir"],
    ["rev-parse", "--absolute-git-dir"],
    ["rev-parse", "--git-common-dir"],
)
"""Substitutions that print the project's git directory (``"$(git rev-parse --git-dir)/
index.lock"``), judged as ``.git`` at the top of the project."""

_PRINTERS = rules.word_set(
    "date basename dirname nproc whoami id hostname uname uuidgen getconf git"
)
"""Programs some of whose invocations print a value of a known shape
(:mod:`ondas.guards.bash_outputs`)."""

_RESOLVERS = frozenset(
    {("realpath",), ("readlink", "-f"), ("readlink", "-e"), ("readlink", "-m"), ("realpath", "-s")}
)
"""Substitutions that print a path made absolute (``$(realpath .)``): the working directory
joined with the path."""

_LOOKUPS = frozenset({("which",), ("command", "-v"), ("type", "-P"), ("type", "-p")})
"""Substitutions that print where PATH finds a program: running their output runs it."""

RUNS_NOTHING = frozenset({"echo", "printf", "true", "false", ":", "test", "[", "pwd"})
"""Builtins that start no program: an assignment in front of one reaches nothing that reads
the environment."""


_READ_VALUED = {
    "read": ("adinNptu", "REPLY"),
    "mapfile": ("dnOsuCc", "MAPFILE"),
    "readarray": ("dnOsuCc", "MAPFILE"),
    "getopts": ("", ""),
}
"""Builtins that set variables to text read at run time: the letters of their options that
take a value, and the name they set when given none."""
_ASSIGNING_BUILTINS = frozenset({"printf", *_READ_VALUED})


def _listed_secret(listing: str) -> str | None:
    """A secret file the names ``listing`` prints may be, when they become a loop's values:
    ``find . -name '*.pem' | while read f`` and ``for f in $(find . -name '*.pem')`` alike (round
    18 read the pipe; round 23, diff23, the substitution, which gave the loop no value)."""
    if not secret_hint(listing, glob=True):
        return None
    from ondas.guards.bash_secret_files import listed_secret

    return listed_secret(listing)


def _assigns_unseen(node: Node) -> bool:
    """A word of ``declare``/``export``/``local``... that is not an option, a name or an
    assignment the parser read: text computed at run time (``$(cat .env)``, ``"$line"``) or
    quoted (``'d=/x'``), which may assign any name."""
    if node.type in {"variable_assignment", "=", "variable_name"}:
        return False
    text = _text(node)
    return not (text.startswith("-") and text[1:].isalnum()) and not text.isidentifier()


_REBINDING = LazyPattern(r"(BASH_ALIASES|BASH_CMDS)\[(.+)\]")


def _exports(node: Node) -> bool:
    """``node`` is a declaration that exports what it names: ``export X=1``, ``declare -x
    X=1`` (not ``export -n X``, which takes the mark off)."""
    if node.type != "declaration_command":
        return False
    words = [_text(c) for c in node.children if c.type in {"export", "declare", "typeset", "word"}]
    if not words:
        return False
    flags = "".join(w[1:] for w in words[1:] if w.startswith("-"))
    if words[0] == "export":
        return "n" not in flags
    return words[0] in {"declare", "typeset"} and "x" in flags


def _nameref(node: Node) -> bool:
    """``node`` is assigned by ``declare -n``/``typeset -n``/``local -n``: a name reference."""
    parent = node.parent
    if parent is None or parent.type != "declaration_command":
        return False
    return any(
        c.type == "word" and _text(c).startswith("-") and "n" in _text(c) for c in parent.children
    )


def _prefix_of_builtin(node: Node) -> bool:
    """``node`` is an assignment in front of a builtin of :data:`RUNS_NOTHING`."""
    parent = node.parent
    if parent is None or parent.type != "command":
        return False
    name = parent.child_by_field_name("name")
    return name is not None and _text(name) in RUNS_NOTHING


_NAMED_VARIABLE = LazyPattern(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)")
"""A variable named in text envsubst expands (``$NAME``, ``${NAME}``)."""
_VALUE_PRINTERS = frozenset({"echo", "printf", "printenv"})
"""Commands that print the variables they are given (:meth:`Walker._prints_secret`)."""
_PASS_THROUGH = rules.word_set(
    "cat tee base64 base32 basenc xxd od hexdump rev fold head tail strings"
)
"""Pipe stages that print what they read, as it came or encoded (``echo $T | base64``)."""
_GIT_MESSAGE_VERBS = rules.word_set("commit tag notes merge stash commit-tree")
"""git's verbs whose ``-m``/``-F`` message is kept in the repository (a commit's, a tag's, a
note's, a stash's)."""
_GIT_MESSAGE_OPTION = LazyPattern(
    r"--(?:message|trailer)(?:=|$)|-[asnvqe]*m|(?P<file>--file(?:=|$)|-[asnvqe]*F)"
)
"""A message option of :data:`_GIT_MESSAGE_VERBS` (``-m``, ``-am``, ``--message=``,
``--trailer``) or a message file's (``-F``, ``--file``), its value glued or the next word."""
_GIT_GLOBAL_VALUED = rules.word_set("-C -c --git-dir --work-tree --namespace --config-env")


def _git_verb(values: Sequence[str | None]) -> str | None:
    """The verb of ``git`` given ``values`` (its words after the name), past its own options."""
    skip = False
    for value in values:
        if skip:
            skip = False
        elif value is None or not value.startswith("-"):
            return value
        else:
            skip = value in _GIT_GLOBAL_VALUED
    return None


def _fed_nodes(node: Node) -> list[Node]:
    """The here-strings and expanding here-documents fed to ``node`` on its standard input."""
    fed = [c for c in node.children if c.type == "herestring_redirect"]
    parent = node.parent
    if parent is not None and parent.type == "redirected_statement":
        for child in parent.children:
            start = next((c for c in child.children if c.type == "heredoc_start"), None)
            if child.type == "heredoc_redirect" and _text(start or child)[:1] not in "'\"":
                fed.extend(c for c in child.children if c.type == "heredoc_body")
    return fed


_EXPANDED_VALUE = LazyPattern(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?(?!:?\+|@a\})")
"""An expansion that yields the variable's value or a piece of it: ``${T}``, ``${T:-x}``,
``${T@Q}``, ``${T:0}``, ``${T/x/y}``, ``${T#prefix}``, ``${T^^}`` (round 14: each operator
spelt the value anew); not its length (``${#T}``), a test (``${T:+set}``), its attributes
(``${T@a}``) or the variable another names (``${!T}``)."""
_TRANSCRIPT_FILES = frozenset({"/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/fd/1", "/dev/fd/2"})


def _expanded_names(node: Node) -> list[str]:
    """The variables whose value a command's words expand to, outside single quotes and the
    commands substituted in them (checked as commands of their own)."""
    skipped = {"command_name", "file_redirect", "herestring_redirect"}
    return _expansions([c for c in node.named_children if c.type not in skipped])


def _appends(node: Node) -> bool:
    """A ``NAME+=VALUE`` assignment (tree-sitter keeps the operator as a child)."""
    return any(c.type == "+=" for c in node.children)


def _expansions(nodes: list[Node]) -> list[str]:
    """The variables whose value (or a piece of it) ``nodes`` expand to, outside single quotes
    and the commands substituted in them; an expansion inside another's operand counts too
    (``${X:-$API_KEY}``)."""
    names: list[str] = []
    todo = list(nodes)
    while todo:
        child = todo.pop()
        if child.type == "simple_expansion":
            names.extend(_text(c) for c in child.named_children if c.type == "variable_name")
        elif child.type == "expansion":
            match = _EXPANDED_VALUE.match(_text(child))
            if match is not None:
                names.append(match.group(1))
            todo.extend(c for c in child.named_children if c.type != "variable_name")
        elif child.type not in {"command_substitution", "process_substitution", "raw_string"}:
            todo.extend(child.named_children)
    return names


def _command_word(node: Node) -> bool:
    """Whether a substitution is (part of) its command's name (``$(which python3) -V``), not an
    operand (``chmod -x "$(which ondas)"``: the file PATH finds, wherever it lies)."""
    parent = node.parent
    while parent is not None and parent.type in {"string", "concatenation"}:
        parent = parent.parent
    return parent is not None and parent.type == "command_name"


_PRINTING_LOOPS = frozenset({"while_statement", "c_style_for_statement"})
"""Loops that may print without end (``while :``, ``until false``, ``for ((;;))``)."""


_PRINTING_WORDS = ("/dev/", "yes", "seq", "while", "until", "for ((", "for((")


def _may_print_without_end(text: str) -> bool:
    """Whether a statement's text names anything that prints without end (a device, ``yes``,
    ``seq``, a ``head`` or ``dd`` of a device, an endless loop): else no rule module is
    loaded (``make > build.log``)."""
    return any(word in text for word in _PRINTING_WORDS)


def _reaches_transcript(node: Node, passed_on: dict[int, bool]) -> bool:
    """Whether what ``node`` prints reaches the terminal: its standard output is not
    redirected to a file, piped to a program that reads it (only to stages that print what
    they read), or captured by a substitution. ``passed_on`` keeps, by stage, whether every
    later stage passes its input through, so a pipeline of printers is read once."""
    child, parent = node, node.parent
    while parent is not None:
        if parent.type == "redirected_statement" and _stdout_to_file(parent):
            return False
        if parent.type == "pipeline" and not _passed_on(child, passed_on):
            return False
        if parent.type in {"command_substitution", "process_substitution"}:
            return False
        child, parent = parent, parent.parent
    return True


def _passed_on(stage: Node, passed_on: dict[int, bool]) -> bool:
    """Whether every stage after ``stage`` in its pipeline prints what it reads."""
    walked: list[Node] = []
    answer = True
    current: Node | None = stage
    while current is not None:
        if current.id in passed_on:
            answer = passed_on[current.id]
            break
        walked.append(current)
        following = current.next_named_sibling
        if following is not None and not _passes_through(following):
            answer = False
            break
        current = following
    for node in reversed(walked):
        passed_on[node.id] = answer
        answer = answer and _passes_through(node)
    return passed_on[stage.id]


def _passes_through(stage: Node) -> bool:
    if stage.type == "redirected_statement":
        if _stdout_to_file(stage):
            return False
        stage = stage.child_by_field_name("body") or stage
    name = stage.child_by_field_name("name") if stage.type == "command" else None
    return name is not None and posixpath.basename(_text(name)) in _PASS_THROUGH


def _stdout_to_file(statement: Node) -> bool:
    """A redirect of ``statement``'s standard output to a file (not the terminal's)."""
    for redirect in statement.children:
        if redirect.type != "file_redirect":
            continue
        operators = {c.type for c in redirect.children if not c.is_named}
        if not operators & {">", ">>", ">|", "&>", "&>>"}:
            continue
        descriptor = redirect.child_by_field_name("descriptor")
        if descriptor is not None and _text(descriptor) != "1":
            continue
        destination = redirect.child_by_field_name("destination")
        if destination is None or _text(destination).strip("'\"") not in _TRANSCRIPT_FILES:
            return True
    return False


def _reads_outer_output(node: Node) -> bool:
    """``node`` is the first command of an output process substitution (``>(sh)``), which
    reads what the command around it writes there."""
    child, parent = node, node.parent
    if parent is not None and parent.type == "pipeline":
        if not parent.named_children or parent.named_children[0].id != child.id:
            return False
        child, parent = parent, parent.parent
    if parent is None or parent.type != "process_substitution":
        return False
    named = parent.named_children
    return bool(named) and named[0].id == child.id and _text(parent).startswith(">(")


def _redirect_host(node: Node) -> Node | None:
    """The statement whose redirections the parser hangs over ``node``: on ``node`` itself or
    on the list or pipeline it ends (``true && rm -rf 2>/dev/null ~``, ``A && B | C > f``), all
    of which bash gives to the last command; else None."""
    ends, parent = node, node.parent
    while (
        parent is not None
        and parent.type in {"list", "pipeline"}
        and ends.next_named_sibling is None  # the last of them (not a list of all: O(1))
    ):
        ends, parent = parent, parent.parent
    if parent is None or parent.type != "redirected_statement":
        return None
    body = parent.child_by_field_name("body")
    return parent if body is not None and body.id == ends.id else None


def _redirect_hung_over(node: Node) -> bool:
    """Whether the parser hangs a statement's redirections over the pipeline ``node``
    (:func:`_redirect_host`) or hangs ``node`` on a here-document (``cat <<EOF | C > f``):
    the file is noted as written only after ``node`` is walked."""
    parent = node.parent
    if parent is not None and parent.type == "heredoc_redirect":
        return True
    return _redirect_host(node) is not None


def _descriptor(node: Node) -> bool:
    """A number (``sh 0<&1``) or a ``{name}`` (``exec {fd}>log``, the variable bash puts the
    descriptor it opens in) written right before a redirection operator: bash reads it as the
    file descriptor redirected, which the parser hangs on the command as an argument."""
    if _SOURCE.get()[node.end_byte : node.end_byte + 1] not in {b"<", b">"}:
        return False  # first: most words are followed by a space, and need no pattern
    return node.type == "number" or (
        node.type in {"word", "concatenation"}
        and _NAMED_DESCRIPTOR.fullmatch(_text(node)) is not None
    )


_PLAIN_RUNNERS = frozenset({"nohup", "exec", "setsid", "command", "builtin", "time"})
"""Runners whose first word not an option is the command they run (none takes an option with a
value, but ``exec -a NAME``, whose NAME is then read as that word: a name, harmless)."""

_READER_KINDS = frozenset(
    {"command", "redirected_statement", "subshell", "compound_statement", "list"}
)


def _substituted_listing(redirect: Node) -> Node | None:
    """The command a loop's redirection feeds it the output of, as a pipe would: ``< <(CMD)``
    or ``<<< "$(CMD)"`` (round 23, diff23: ``while read f; do cat "$f"; done < <(ls *.pem)``
    gave the loop no value where ``ls *.pem | while read f`` did); None for any other."""
    kind = redirect.type
    if kind not in {"file_redirect", "herestring_redirect"}:
        return None
    words = redirect.named_children
    if len(words) != 1:
        return None
    word = words[0]
    if kind == "herestring_redirect":
        if word.type != "string" or len(word.children) != 3 or word.named_child_count != 1:
            return None  # ``<<< $(ls)`` joins the lines in one; ``"a$(ls)"`` adds text
        word = word.named_children[0]
    if kind == "file_redirect":
        operator = redirect.child(0)
        if operator is None or operator.type != "<" or word.type != "process_substitution":
            return None  # ``> >(CMD)``, ``3< <(CMD)``: not the loop's input
    elif word.type != "command_substitution":
        return None
    if not _text(word).startswith(("<(", "$(")) or word.named_child_count != 1:
        return None
    return word.named_children[0]


def _stdin_readers(stage: Node) -> list[Node]:
    """The nodes of a pipeline stage that read what the pipe brings: the stage itself, and in
    a subshell or a group (``cat x | (bash)``, ``| { cd d && sh; }``) every command of its lists
    and the first stage of an inner pipeline, which share the stage's standard input."""
    target = stage
    if target.type == "redirected_statement":
        body = target.child_by_field_name("body")
        target = body if body is not None else target
    if target.type == "pipeline":
        # ``cat <<EOF | sh | cat``: tree-sitter-bash hangs the pipeline after a here-document
        # as one stage, whose first command reads the here-document (round 21)
        first = next(iter(target.named_children), None)
        return [target] if first is None else _stdin_readers(first)
    if target.type == "while_statement":  # ``ls | while read f``: the condition reads it
        conditions = target.children_by_field_name("condition")
        return [target, *(c for c in conditions if c.type == "command")]
    if target.type not in {"subshell", "compound_statement", "list"}:
        return [target]
    readers: list[Node] = []
    for child in target.named_children:
        if child.type == "pipeline":
            child = next(iter(child.named_children), child)
        if child.type in _READER_KINDS:
            readers.extend(_stdin_readers(child))
    return readers


def _descendants(node: Node, kind: str) -> Iterator[Node]:
    if node.type == kind:
        yield node
    for child in node.children:
        yield from _descendants(child, kind)


_EXPANDING_WORDS = frozenset({"simple_expansion", "expansion", "string", "concatenation"})
"""Command words that may expand a variable (``$X``, ``"${X}"``, ``$X/bin/tool``)."""
_RUNNING = ("command_substitution", "process_substitution", "arithmetic_expansion")
"""Parts of a word that run something or compute: a command word holding one is not read
from the environment."""
_KNOWN_VARIABLES = frozenset({"HOME", "PWD", "OLDPWD", *_ENVIRONMENT})
"""Variables the guard gives a value of its own (:meth:`_Walker._variable`)."""


_DECLARING = frozenset(
    {"export", "declare", "typeset", "local", "readonly", "let", "read", "mapfile", "readarray"}
)
"""Builtins that set variables: the walk reads their assignments from the syntax bash parses
them by (a declaration command), not from a command word made of a variable's value, so such
a word stays unknown (``${X:-export} BASH_ENV=/tmp/x; bash -c :``, round 18)."""


def _quoted(node: Node) -> bool:
    """Whether a word has a quoted part, which keeps it a word however empty it expands."""
    if node.type in {"string", "raw_string", "ansi_c_string", "translated_string"}:
        return True
    return node.type == "concatenation" and any(_quoted(c) for c in node.named_children)


_BACKQUOTE_ESCAPE = LazyPattern(r"\\([$`\\])")
"""A backslash that bash drops in a backquoted command substitution, with what it escapes."""

_CHECKED_LEAVES = frozenset({"raw_string", "ansi_c_string", "regex"})
"""Nodes without children that :meth:`_Walker.visit` checks (``'$(...)'`` may be evaluated;
a parameter expansion's pattern is expanded)."""


def _backquote_end(text: str) -> int:
    """The index of the backquote that ends the backquoted command ``text`` starts, as bash
    finds it: the first one not escaped by a backslash (quotes do not hide it)."""
    i = 1
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == "`":
            return i
        i += 1
    return len(text)


def _in_substitution(node: Node) -> bool:
    parent = node.parent
    while parent is not None and parent.type != "command_substitution":
        parent = parent.parent
    return parent is not None


def _in_double_quotes(node: Node) -> bool:
    """Whether an expansion is read inside double quotes or a here-document's body, where a
    single quote is a plain character."""
    parent = node.parent
    while parent is not None and parent.type in {"expansion", "concatenation"}:
        parent = parent.parent
    return parent is not None and parent.type in {"string", "heredoc_body"}


def _inert_leaf(node: Node) -> bool:
    """A node without children that :meth:`_Walker.visit` has no rule for (a plain word, a
    number, an operator): walked, it allows and changes nothing. With the shell in more than
    one directory (:attr:`~ondas.guards.bash_base.Ctx.cwd_also`) every walk counts against
    :data:`~ondas.guards.bash_base.MAX_READING_WALKS`, so the caller walks it then as before."""
    return node.child_count == 0 and node.type not in _CHECKED_LEAVES


def _prefixed(node: Node) -> bool:
    """Whether a command has words before its name (assignments, redirects): bash reads an
    assignment only there, so a command whose first child is its name assigns nothing."""
    first = node.child(0)
    return first is not None and first.type != "command_name"


def _is_ifs(node: Node) -> bool:
    text = _text(node)
    return "IFS" in text and re.fullmatch(r"\$\{?IFS\}?", text) is not None


_SHELL_HOOKS = rules.word_set(
    "command_not_found_handle command_not_found_handler precmd preexec chpwd periodic "
    "zshexit zshaddhistory"
)
"""Functions the shell itself runs when something happens (a missing command, a prompt, a
directory change; bash's and zsh's), and zsh's ``TRAP*``: a call the line never writes."""


def _run_by_the_shell(name: Node) -> bool:
    text = _text(name)
    return text in _SHELL_HOOKS or text.startswith("TRAP")


def _fork_bomb(node: Node) -> Verdict:
    name_node = node.child_by_field_name("name")
    body = node.child_by_field_name("body")
    if name_node is None or body is None:
        return ALLOW
    name = _text(name_node)
    calls = {
        _text(c.named_children[0]) for c in _descendants(body, "command_name") if c.named_children
    }
    if name in calls and "&" in _text(body):
        return Verdict.block("fork-bomb", _short(_text(node)), "a self-spawning function")
    return ALLOW


_BRACES = LazyPattern(r"^[^'\"]*\{[^}]*,[^}]*\}")
"""An unquoted brace expansion in a word (``{echo,rm}``): bash makes it several words."""


def _unescape_word(text: str) -> str:
    if "\\" not in text:
        return text
    text = text.replace("\\\n", "")
    return re.sub(r"\\(.)", r"\1", text, flags=re.DOTALL)


def _unescape_heredoc(text: str) -> str:
    """The body of an unquoted heredoc as the reading program gets it: bash removes
    backslash-newline and un-escapes ``\\$``, ``\\``` and ``\\\\`` (so ``\\`cmd\\``` reaches a
    shell reading the heredoc as a command substitution)."""
    if "\\" not in text:
        return text
    return re.sub(r"\\(\n|[$`\\])", lambda m: "" if m.group(1) == "\n" else m.group(1), text)


def _heredoc_missed(node: Node) -> str | None:
    """The body of a heredoc the parser read differently from bash, else None.

    Every line after the one holding ``<<WORD`` belongs to the body, up to the terminator;
    tree-sitter-bash takes the body of some ``<<-`` heredocs (a first line starting with a
    backslash) for words of the redirect and leaves the body empty. Then the body is read
    from the source as bash reads it (``<<-`` strips leading tabs)."""
    start = next((c for c in node.children if c.type == "heredoc_start"), None)
    end = next((c for c in node.children if c.type == "heredoc_end"), None)
    if start is None or end is None:
        return None
    source = _SOURCE.get()
    line_end = source.find(b"\n", start.end_byte)
    if line_end < 0 or line_end >= end.start_byte:
        return None
    misread = any(
        c.is_named and c.type not in {"heredoc_body", "heredoc_end"} and c.end_byte > line_end
        for c in node.children
    )
    if not misread:
        return None
    text = source[line_end + 1 : end.start_byte].decode("utf-8", "replace")
    if any(c.type == "<<-" for c in node.children):
        text = "\n".join(line.lstrip("\t") for line in text.split("\n"))
    return text


def _unescape_dquote(text: str) -> str:
    if "\\" not in text:
        return text
    text = text.replace("\\\n", "")
    return re.sub(r'\\([$`"\\])', r"\1", text)


_ANSI_ESCAPES = {"a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b", "f": "\f", "n": "\n", "r": "\r"}
_ANSI_ESCAPES |= {"t": "\t", "v": "\v", "\\": "\\", "'": "'", '"': '"', "?": "?"}


def decode_escapes(text: str, *, echo: bool) -> str:
    """``text`` with the backslash escapes ``echo -e`` (``echo``) or a ``printf`` format decodes:
    ``\\xHH``, octal (``\\0NNN`` for echo, ``\\NNN`` for printf), ``\\n``, ``\\t``...; ``\\c``
    ends the output."""
    if "\\" not in text:
        return text
    cut = text.find("\\c")
    text = text if cut < 0 else text[:cut]
    if echo:
        text = re.sub(r"\\0([0-7]{1,3})", lambda m: "\\" + m.group(1).rjust(3, "0"), text)
    return _ansi_c(text)


def _ansi_c(body: str) -> str:
    def decode(match: re.Match[str]) -> str:
        esc = match.group(1)
        if esc[0] in "xuU" and len(esc) > 1 and int(esc[1:], 16) <= sys.maxunicode:
            return chr(int(esc[1:], 16))
        if esc[0] in "01234567":
            return chr(int(esc, 8) & 0xFF)
        if esc[0] == "c" and len(esc) > 1:
            return chr(ord(esc[1]) & 0x1F)
        # bash keeps ``\x`` without a hex digit (and a lone ``\c``) as written
        return _ANSI_ESCAPES.get(esc, "\\" + esc)

    pattern = r"\\(x[0-9A-Fa-f]{1,2}|u[0-9A-Fa-f]{1,4}|U[0-9A-Fa-f]{1,8}|[0-7]{1,3}|c.|.)"
    return re.sub(pattern, decode, body, flags=re.DOTALL)


def _brace_expand(text: str) -> list[str]:
    match = re.search(r"\{([^{}]*)\}", text)
    if match is None:
        return [text]
    body = match.group(1)
    head, tail = text[: match.start()], text[match.end() :]
    if "," in body:
        options = body.split(",")
    else:
        seq = re.fullmatch(r"(-?\d+)\.\.(-?\d+)", body)
        if seq is None:
            return [text]
        lo, hi = int(seq.group(1)), int(seq.group(2))
        step = 1 if hi >= lo else -1
        options = [str(i) for i in range(lo, hi + step, step)][:64]
    out: list[str] = []
    for option in options[:64]:
        out.extend(_brace_expand(head + option + tail))
    return out[:256]


def decode_base64(text: str) -> str | None:
    """``text`` decoded from base64 (UTF-8 or UTF-16LE), or None when it is not base64."""
    import base64
    import binascii

    try:
        raw = base64.b64decode(text.strip(), validate=True)
    except (binascii.Error, ValueError):
        return None
    for encoding in ("utf-16-le", "utf-8") if b"\x00" in raw else ("utf-8",):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    return None


def environment_flags() -> tuple[bool, bool]:
    """(in_container, in_venv) as seen from this process's environment."""
    in_container = os.path.exists("/.dockerenv") or os.path.exists("/run/.containerenv")
    in_venv = bool(os.environ.get("VIRTUAL_ENV") or os.environ.get("CONDA_PREFIX"))
    return in_container, in_venv
