"""Ways to wrap a command that leave what it does unchanged, for checking that the bash guard's
verdict survives them (``tests/guards/test_bash_composition.py``, ``bench/guard_compose.py``).

The wrapped commands are only ever handed to the guard as data; nothing here runs them.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable


def _dq(text: str) -> str:
    """``text`` inside double quotes, escaped as bash reads them back."""
    return '"' + "".join("\\" + c if c in '\\"$`' else c for c in text) + '"'


def _sq_py(text: str) -> str:
    """``text`` as a Python/Perl/Ruby single-quoted literal inside a single-quoted shell word."""
    return "'" + text.replace("\\", "\\\\").replace('"', '\\"') + "'"


def _first_word_quoted(command: str, quote: Callable[[str], str]) -> str:
    head, _, rest = command.partition(" ")
    return f"{quote(head)} {rest}" if rest else quote(head)


Wrapper = Callable[[str], str]

HARMFUL_WRAPPERS: dict[str, Wrapper] = {
    "bash -c '...'": lambda c: f"bash -c {shlex.quote(c)}",
    'sh -c "..."': lambda c: f"sh -c {_dq(c)}",
    "bash -lc, zsh, dash": lambda c: f"zsh -c {shlex.quote(c)}",
    "eval '...'": lambda c: f"eval {shlex.quote(c)}",
    "echo ... | bash": lambda c: f"echo {shlex.quote(c)} | bash",
    "printf %s ... | sh": lambda c: f"printf '%s\\n' {shlex.quote(c)} | sh",
    "bash <<< ...": lambda c: f"bash <<< {shlex.quote(c)}",
    "heredoc into sh": lambda c: f"sh <<'EOF'\n{c}\nEOF",
    "unquoted heredoc into bash": lambda c: f"bash <<EOF\n{c}\nEOF",
    "script written then run": lambda c: f"echo {shlex.quote(c)} > t.sh && bash t.sh",
    "script written then sourced": lambda c: f"printf '%s\\n' {shlex.quote(c)} > t.sh; . ./t.sh",
    "process substitution": lambda c: f"bash <(echo {shlex.quote(c)})",
    "bash /dev/stdin": lambda c: f"echo {shlex.quote(c)} | bash /dev/stdin",
    "timeout 60": lambda c: f"timeout 60 {c}",
    "nohup ... &": lambda c: f"nohup {c} &",
    "env VAR=1": lambda c: f"env FOO=1 {c}",
    "VAR=1 prefix": lambda c: f"FOO=1 {c}",
    "nice -n 10": lambda c: f"nice -n 10 {c}",
    "time": lambda c: f"time {c}",
    "command": lambda c: f"command {c}",
    "xargs": lambda c: f"echo | xargs {c}",
    "( ... )": lambda c: f"( {c} )",
    "{ ...; }": lambda c: f"{{ {c}; }}",
    "true && ...": lambda c: f"true && {c}",
    "false || ...": lambda c: f"false || {c}",
    "... ; echo done": lambda c: f"{c}; echo done",
    "if/then": lambda c: f"if true; then {c}; fi",
    "for loop": lambda c: f"for i in 1; do {c}; done",
    "function": lambda c: f"f() {{ {c}; }}; f",
    "$( ... )": lambda c: f"echo $({c})",
    "`...`": lambda c: f"x=`{c}`",
    "2>/dev/null": lambda c: f"{c} 2>/dev/null",
    "line continuation": lambda c: c.replace(" ", " \\\n  ", 1),
    "program in double quotes": lambda c: _first_word_quoted(c, lambda w: f'"{w}"'),
    "program backslashed": lambda c: _first_word_quoted(c, lambda w: "\\" + w),
    "program split by quotes": lambda c: _first_word_quoted(
        c, lambda w: w[:1] + "''" + w[1:] if len(w) > 1 else w
    ),
    "python3 -c os.system": lambda c: f"python3 -c {shlex.quote(f'import os; os.system({c!r})')}",
    "python3 -c subprocess shell": lambda c: (
        f"python3 -c {shlex.quote(f'import subprocess; subprocess.run({c!r}, shell=True)')}"
    ),
    "perl -e system": lambda c: f"perl -e {shlex.quote(f'system({_sq_py(c)})')}",
    "ruby -e system": lambda c: f"ruby -e {shlex.quote(f'system({_sq_py(c)})')}",
    "node -e execSync": lambda c: (
        "node -e " + shlex.quote('require("child_process").execSync(' + repr(c) + ")")
    ),
    "find -exec sh -c": lambda c: f"find . -maxdepth 0 -exec sh -c {shlex.quote(c)} \\;",
    "watch": lambda c: f"watch -n 5 {shlex.quote(c)}",
    "make from stdin": lambda c: f"printf 'all:\\n\\t%s\\n' {shlex.quote(c)} | make -f -",
    "BASH_ENV names a script": lambda c: (
        f"echo {shlex.quote(c)} > e.sh; BASH_ENV=e.sh bash -c true"
    ),
    "tmux new -d": lambda c: f"tmux new -d {shlex.quote(c)}",
    "entr -s": lambda c: f"ls | entr -s {shlex.quote(c)}",
    "watchexec -- bash -c": lambda c: f"watchexec -- bash -c {_dq(c)}",
    "node spawnSync sh -c": lambda c: (
        "node -e "
        + shlex.quote('require("child_process").spawnSync("sh", ["-c", ' + repr(c) + "])")
    ),
    "python3 pty.spawn sh -c": lambda c: (
        "python3 -c " + shlex.quote("import pty; pty.spawn(['sh', '-c', " + repr(c) + "])")
    ),
    "lua os.execute": lambda c: f"lua -e {shlex.quote(f'os.execute({c!r})')}",
    "sg GROUP -c": lambda c: f"sg staff -c {shlex.quote(c)}",
}
"""Ways to run a command that leave what it does unchanged (or run it in a child)."""

PREFIXES = frozenset(
    {
        "timeout 60",
        "nohup ... &",
        "env VAR=1",
        "VAR=1 prefix",
        "nice -n 10",
        "command",
        "xargs",
        "program in double quotes",
        "program backslashed",
        "program split by quotes",
    }
)
"""Wrappers that put a word before the program or change how its name is spelled: they apply
only to a command that starts with a program (not an assignment or a compound command, which
they would turn into another command or a syntax error)."""
_COMPOUND = frozenset(
    ["for", "if", "while", "until", "case", "function", "select", "{", "(", "[[", "((", "!"]
)

EVERYDAY_WRAPPERS: tuple[str, ...] = (
    "bash -c '...'",
    'sh -c "..."',
    "( ... )",
    "{ ...; }",
    "true && ...",
    "... ; echo done",
    "time",
    "timeout 60",
    "nice -n 10",
    "env VAR=1",
    "VAR=1 prefix",
    "2>/dev/null",
    "heredoc into sh",
    "echo ... | bash",
    "function",
)
"""The wrappers that change nothing a command does: an everyday command must pass them too."""


def applies(wrapper: str, command: str) -> bool:
    """Whether ``wrapper`` can wrap ``command`` (see :data:`PREFIXES`). ``echo | xargs cd
    DIR && ...`` runs its ``cd`` in a pipeline stage (a subshell), as a program: it moves no
    shell of the line, so the rest runs where the line was (not the command wrapped)."""
    first = command.split(None, 1)[0] if command.strip() else ""
    if wrapper == "xargs" and first in _DIRECTORY_BUILTINS:
        return False
    return wrapper not in PREFIXES or (
        first not in _COMPOUND and re.fullmatch(r"[\w./+-]+", first) is not None
    )


_DIRECTORY_BUILTINS = frozenset({"cd", "pushd", "popd"})
