"""Commands and file writes embedded in another program's own language.

A build tool's functions (make's ``$(shell CMD)``, rpm's ``%(CMD)``), TeX's ``\\write18{CMD}``,
a picker's key bindings (fzf's ``execute(CMD)``), and the escapes of interactive clients —
database shells (``\\! CMD``, ``system CMD``, sqlite's ``.shell CMD``), debuggers (gdb's ``!CMD``,
``shell CMD``), ftp and telnet (``!CMD``) — hand a command line to a shell; make's ``$(file
>PATH,...)``, sqlite's ``.output PATH`` and gdb's ``dump ... PATH`` write files. These readers
find them in the text so the rows of :data:`ondas.guards.bash_runners.RUNNERS` can check them
as commands and write targets. They read the text as the program would, not fully: a form
they do not know is not found, and the program's own rule then judges it.
"""

from __future__ import annotations

from ondas.guards.lazy_re import LazyPattern

_OPENERS = {"(": ")", "[": "]", "{": "}", "<": ">"}

_MAKE_SHELL = LazyPattern(r"\$[({]shell\s")
_MAKE_FILE = LazyPattern(r"\$[({]file\s*>>?\s*([^,)}\s]+)")
_RPM_SHELL = LazyPattern(r"%\(")
_TEX_SHELL = LazyPattern(r"\\(?:immediate\s*)?write18\s*\{")
_BINDING = LazyPattern(
    r"\b(?:execute-silent|execute|become|reload-sync|reload|preview|change-preview"
    r"|transform|transform-[a-z-]+)([(\[{<~!@#$%^&*;/|:])"
)


def _balanced(text: str, start: int, opener: str) -> str:
    """The text from ``start`` up to the delimiter closing ``opener`` (nested pairs counted);
    a ``:`` opener (fzf's ``execute:CMD``) runs to the end of the text."""
    if opener == ":":
        return text[start:]
    closer = _OPENERS.get(opener, opener)
    depth = 0
    for i in range(start, len(text)):
        c = text[i]
        if c == opener and closer != opener:
            depth += 1
        elif c == closer:
            if depth == 0:
                return text[start:i]
            depth -= 1
    return text[start:]


def embedded_commands(text: str) -> list[str]:
    """Command lines a tool's own language hands to a shell: make's ``$(shell CMD)``, rpm's
    ``%(CMD)``, TeX's ``\\write18{CMD}``, fzf's ``execute(CMD)`` and its kin."""
    found: list[str] = []
    for pattern, opener in ((_MAKE_SHELL, "("), (_RPM_SHELL, "("), (_TEX_SHELL, "{")):
        for match in pattern.finditer(text):
            start = match.end()
            if pattern is _MAKE_SHELL and text[match.start() + 1] == "{":
                found.append(_balanced(text, start, "{"))
            else:
                found.append(_balanced(text, start, opener))
    for match in _BINDING.finditer(text):
        found.append(_balanced(text, match.end(), match.group(1)))
    return [f.strip() for f in found]


def embedded_writes(text: str) -> list[str]:
    """Files a tool's own language writes: make's ``$(file >PATH,TEXT)``."""
    return [m.group(1) for m in _MAKE_FILE.finditer(text)]


_CLIENT_SHELL = LazyPattern(
    r"^\s*(?:\\!|!|\.shell\b|\.system\b|\\?system\b|shell\b|platform\s+shell\b)\s*(.*)$"
)
"""A line of an interactive client that runs the rest in a shell: ``\\! CMD`` (psql, mysql),
``system CMD`` (mysql), ``.shell``/``.system`` (sqlite3), ``!CMD`` and ``shell CMD`` (gdb, ftp,
telnet, lftp), ``platform shell CMD`` (lldb)."""
_CLIENT_SHELL_HEADS = frozenset("\\!.sp")
"""The first characters of a line :data:`_CLIENT_SHELL` matches after its blanks (``\\!``,
``!``, ``.shell``, ``system``, ``shell``, ``platform``): other lines are not matched, so the
expression is not compiled for them (round 26)."""
_SQL_FILE_WRITE = LazyPattern(
    r"(?i)\b(?:vacuum\s+(?:\w+\s+)?into\s*|into\s+(?:outfile|dumpfile)\s*"
    r"|attach\s+(?:database\s+)?)(?:'|\\?\")(?P<path>[^'\"]+)"
)
"""SQL that writes a file named in a string: sqlite's ``VACUUM INTO 'F'`` and ``ATTACH 'F'``
(which creates it), mysql's ``SELECT ... INTO OUTFILE 'F'``/``DUMPFILE`` (round 13)."""
_CLIENT_WRITE = LazyPattern(
    r"^\s*(?:\.(?:output|once|save|backup|dump)\s+(?:-\S+\s+)*|\\o\s+|\\(?:g|copy\s.*\b[tT][oO])\s+"
    r"|tee\s+|(?:dump|append)\s+(?:(?:binary|ihex|srec|tekhex|verilog|value|memory)\s+)*"
    r"|set\s+logging\s+file\s+)['\"]?([^\s'\"|;]+)"
)
"""A line of an interactive client that writes a file: sqlite's ``.output``/``.once``/
``.save``/``.backup``, psql's ``\\o FILE`` and ``\\g FILE``, mysql's ``tee FILE``, gdb's
``dump``/``append`` and ``set logging file``."""


_CLIENT_WRITE_HEADS = frozenset(".\\tdas")
"""The first characters of a line :data:`_CLIENT_WRITE` matches after its blanks (round 26)."""
_CLIENT_PIPE = LazyPattern(
    r"^\s*(?:\.(?:read|output|once|import)\s+(?:-\S+\s+)*|pager\s+|\\P\s+)['\"]?"
    r"(?P<pipe>\|)?(?P<cmd>[^'\"]*)['\"]?(?:\s+\w+)?\s*;?\s*$"
)
"""A line of an interactive client that hands a command line to a shell as a pipe: sqlite's
``.read '|CMD'`` (the command's output read as SQL), ``.output '|CMD'``/``.once '|CMD'`` and
``.import '|CMD' T``, mysql's ``pager CMD`` (every result piped through it; ``\\P``)."""
_CLIENT_PIPE_HEADS = frozenset(".p\\")
"""The first characters of a line :data:`_CLIENT_PIPE` matches after its blanks (round 26)."""
_PSQL_PIPE = LazyPattern(r"^\s*\\(?:o|out|g|gx|w|write)\s+['\"]?\|\s*(?P<cmd>[^'\"]*)")
"""psql's ``\\o |CMD``, ``\\g |CMD`` and ``\\w |CMD``: results or the query buffer piped to a
shell command line (round 20)."""
_PSQL_SETENV = LazyPattern(r"^\s*\\setenv\s+(?P<name>\w+)\s+['\"]?(?P<cmd>[^'\"]*)")
"""psql's ``\\setenv NAME VALUE``: a variable for the programs psql starts (its pager)."""
_PSQL_INCLUDE = LazyPattern(r"^\s*\\(?:i|ir|include|include_relative)\s+['\"]?(?P<path>[^'\"\s]+)")
"""psql's ``\\i FILE``: the file's lines read as more of the client's input, as ``psql -f``."""
_CLIENT_LOAD = LazyPattern(r"(?i)^\s*\.load\s+\S|\bload_extension\s*\(")
"""sqlite's ``.load FILE`` and SQL's ``load_extension('FILE')``: a shared object's native code
run inside the client, which the guard cannot read."""


def client_loads(text: str) -> bool:
    """Whether ``text`` read as a database client's input loads a shared object."""
    return ("load" in text or "LOAD" in text) and any(
        _CLIENT_LOAD.search(line) is not None for line in text.splitlines()
    )


def client_commands(text: str) -> tuple[list[str], list[str]]:
    """The command lines and the written files of ``text`` read as an interactive client's
    input (one command per line; mysql's and psql's ``;`` do not end a ``\\!`` line)."""
    commands: list[str] = []
    writes: list[str] = []
    if _may_write_sql_file(text):
        writes += [m.group("path") for m in _SQL_FILE_WRITE.finditer(text)]
    for line in text.splitlines():
        head = line.lstrip()[:1]  # each line pattern is anchored at its first word (round 26)
        match = _CLIENT_SHELL.match(line) if head in _CLIENT_SHELL_HEADS else None
        if match is not None:
            commands.append(match.group(1))
            continue
        match = _CLIENT_PIPE.match(line) if head in _CLIENT_PIPE_HEADS else None
        if match is not None and (match.group("pipe") or not line.lstrip().startswith(".")):
            commands.append(match.group("cmd"))  # ``.read '|CMD'``, ``pager CMD``
            continue
        if line.lstrip().startswith("\\"):
            import shlex  # only for a psql meta-command: the hook does not import it

            match = _PSQL_PIPE.match(line) or _PSQL_SETENV.match(line)
            if match is not None:
                commands.append(
                    f"export {match.group('name')}={shlex.quote(match.group('cmd'))}"
                    if "name" in match.groupdict()
                    else match.group("cmd")
                )  # ``\\o |sh``; ``\\setenv PAGER CMD`` judged as the variable set
                continue
            match = _PSQL_INCLUDE.match(line)
            if match is not None:
                commands.append(f"psql -f {shlex.quote(match.group('path'))}")  # ``\\i FILE``
                continue
        match = _CLIENT_WRITE.match(line) if head in _CLIENT_WRITE_HEADS else None
        if match is not None:
            writes.append(match.group(1))
    return commands, writes


def _may_write_sql_file(text: str) -> bool:
    """Whether :data:`_SQL_FILE_WRITE` may match ``text``: every match holds ``into`` or
    ``attach`` in some case; a text of other than ASCII letters is searched anyway (``(?i)``
    lets ``İ`` match ``i``)."""
    if not text.isascii():
        return True
    lowered = text.lower()
    return "into" in lowered or "attach" in lowered
