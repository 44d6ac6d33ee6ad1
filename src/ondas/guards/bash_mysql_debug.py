"""MySQL's and MariaDB's client programs' trace file (round 25, left25), loaded only for the
lines naming one of them with a debug option.

Every client reads ``--debug[=OPTIONS]`` and ``-#[OPTIONS]`` through ``my_getopt`` (the value
only attached: the option's argument is optional), and ``--loose-debug=`` as ``--debug=``. The
options are the DBUG library's control string, fields split by ``:``; ``o,FILE`` and
``O,FILE`` write the trace to FILE, ``a,FILE`` and ``A,FILE`` append to it (a field may begin
with ``+`` or ``-``). A build with the DBUG library writes that file (``mysqladmin
--debug=d:t:o,/tmp/mysqladmin.trace status``, the manual's own example), so FILE is judged as
any write is: ``--debug=d:o,~/.bashrc`` or a trace into ``.git/config`` is refused as the
redirect to it would be. ``--debug`` alone writes to ``/tmp``; ``--debug-check`` and
``--debug-info`` are other options, and ``my_getopt`` refuses a prefix that matches all three.
"""

from __future__ import annotations

from ondas.guards.bash_base import Word, check_write_target
from ondas.guards.verdict import ALLOW, Verdict

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ondas.guards.bash_base import Ctx

_DEBUG_PREFIXES = ("--debug=", "--loose-debug=", "-#")
_TRACE_FIELDS = frozenset("oOaA")


def trace_files(args: list[Word]) -> list[str]:
    """The files the debug options of a client's line write its trace to, in order; options
    end at ``--``."""
    files: list[str] = []
    for word in args:
        value = word.value
        if value == "--":
            break
        if value is None or not value.startswith(_DEBUG_PREFIXES):
            continue
        control = value[2:] if value.startswith("-#") else value.split("=", 1)[1]
        for field in control.split(":"):
            field = field.lstrip("+-")
            if field[:1] in _TRACE_FIELDS and field[1:2] == "," and field[2:]:
                files.append(field[2:])
    return files


def debug_trace(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """Each trace file the line's debug options name, judged as a write to it."""
    for path in trace_files(args):
        verdict = check_write_target(Word(path, path), ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW
