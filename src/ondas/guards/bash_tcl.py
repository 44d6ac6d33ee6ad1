"""Tcl code read as the commands it runs: ``exec`` and the ``file`` sub-commands that delete,
rename and copy, as the shell command lines that do the same.

Tcl (``tclsh``, ``expect``) splits a command into words much as a shell does: ``{...}`` quotes
literally (and is read as code too: the bodies of ``foreach``, ``if`` and ``proc`` are
braced), ``"..."`` with backslash escapes, ``$name`` and ``[command]`` are substituted at run
time (the bracketed command runs too, so it is read as a command of its own). A word
holding a substitution becomes ``"$TCL_VALUE"``, a value the guard does not know, as a shell
variable's is: ``file delete -force $dir`` is judged as ``rm -rf "$dir"`` is.
"""

from __future__ import annotations

_MAX_DEPTH = 8
_UNKNOWN = '"$TCL_VALUE"'
_FILE_AS = {"delete": "rm", "rename": "mv", "copy": "cp", "mkdir": "mkdir", "link": "ln"}


def tcl_command_lines(code: str, depth: int = 0) -> list[str]:
    """The shell command lines doing what ``code``'s ``exec`` and ``file delete|rename|copy``
    commands do (``file delete -force src`` as ``rm -rf src``); ``[...]`` nested deeper than
    :data:`_MAX_DEPTH` is not read."""
    out: list[str] = []
    for words in _commands(code, out, depth):
        if not words or words[0] is None:
            continue
        if words[0] == "exec":
            argv = words[1:]
            if argv and argv[-1] == "&":
                argv = argv[:-1]
            out.append(_line(argv))
        elif words[0] == "file" and len(words) > 2 and words[1] in _FILE_AS:
            rest = words[2:]
            force = False
            while rest and rest[0] in {"-force", "--"}:
                force = force or rest[0] == "-force"
                rest = rest[1:]
            verb = _FILE_AS[str(words[1])]
            flags = {"rm": "-rf" if force else "-f", "mv": "-f", "cp": "-rf"}.get(verb)
            out.append(_line([verb, *([flags] if flags else []), *rest]))
    return out


def _line(words: list[str | None]) -> str:
    from shlex import quote  # imports re: paid only by Tcl code that runs something

    return " ".join(_UNKNOWN if w is None else quote(w) for w in words)


def _commands(code: str, nested: list[str], depth: int) -> list[list[str | None]]:
    """Each command of ``code`` as its words (``None``: a word substituted at run time); the
    commands inside ``[...]`` are read too, their shell lines added to ``nested``."""
    commands: list[list[str | None]] = []
    words: list[str | None] = []
    at, n = 0, len(code)
    while at < n:
        char = code[at]
        if char in " \t":
            at += 1
        elif char in "\n;":
            commands.append(words)
            words = []
            at += 1
        elif char == "#" and not words:
            while at < n and code[at] != "\n":
                at += 1
        elif char == "{":
            end = _closing(code, at, "{", "}")
            words.append(code[at + 1 : end])
            if depth < _MAX_DEPTH:  # a body (``foreach``, ``if``, ``proc``) is code too
                nested.extend(tcl_command_lines(code[at + 1 : end], depth + 1))
            at = end + 1
        else:
            word, computed, at = _word(code, at, nested, depth)
            words.append(None if computed else word)
    commands.append(words)
    return commands


def _word(code: str, at: int, nested: list[str], depth: int) -> tuple[str, bool, int]:
    """One bare or double-quoted word from ``at``: its text, whether it holds a substitution,
    and where it ends."""
    quoted = code[at] == '"'
    at += quoted
    text: list[str] = []
    computed = False
    while at < len(code):
        char = code[at]
        if quoted and char == '"':
            return "".join(text), computed, at + 1
        if not quoted and char in " \t\n;":
            break
        if char == "\\" and at + 1 < len(code):
            text.append(code[at + 1])
            at += 2
            continue
        if char == "[":
            end = _closing(code, at, "[", "]")
            if depth < _MAX_DEPTH:
                nested.extend(tcl_command_lines(code[at + 1 : end], depth + 1))
            computed, at = True, end + 1
            continue
        computed = computed or char == "$"
        text.append(char)
        at += 1
    return "".join(text), computed, at


def _closing(code: str, at: int, opening: str, closing: str) -> int:
    """Where the bracket opened at ``at`` closes (the code's end when it does not)."""
    depth, k = 0, at
    while k < len(code):
        if code[k] == "\\":
            k += 2
            continue
        if code[k] == opening:
            depth += 1
        elif code[k] == closing:
            depth -= 1
            if depth == 0:
                return k
        k += 1
    return len(code)
