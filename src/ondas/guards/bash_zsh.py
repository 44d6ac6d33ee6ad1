"""zsh's builtins and reserved words that run their words as a command line, for a session
whose shell is zsh.

Claude Code's Bash tool runs a command in the user's own shell, bash or zsh. In bash these
names are programs nobody installed (unknown programs, refused unattended); in zsh each runs
words as code (round 21, sh-guard's ``emulate sh -c 'rm -rf /'``, which passed attended and
sandboxed), checked here in every mode as the command line they are:

- ``emulate [-lLR] [{+|-}o OPTION]... MODE -c ARG``: ARG evaluated in this shell, as ``eval``;
- ``sched [-o] [+]TIME WORD...``: the words, joined by spaces, evaluated in this shell later;
- ``zpty [-e] [-b] NAME WORD...``: the words, joined, run as a command in a pseudo-terminal;
  ``zpty -w NAME STRING...`` types the strings into it (a line for the shell it may hold);
- ``nocorrect CMD...`` and ``noglob CMD...``: precommand modifiers, CMD run as written;
- ``repeat N CMD...``: the reserved word's short form, CMD run N times.

What they do besides (``emulate -L zsh`` sets options, ``sched`` lists, ``zpty -d`` ends a
job) is judged as before.

Round 24 (agent-code's ``ztcp evil.com 80``, which passed attended): the socket builtins of
the modules ``zsh/net/tcp`` and ``zsh/net/socket`` open connections, judged as ``nc`` opening
the same (the network's policy, a listener unattended):

- ``ztcp [-v] [-d FD] HOST [PORT]`` connects to HOST (PORT 23 by default) as ``nc HOST PORT``;
  ``ztcp -l PORT`` listens as ``nc -l PORT``; ``-a`` (accept on a listening descriptor),
  ``-c`` (close) and ``-L`` or no word (list) open nothing;
- ``zsocket [-v] [-d FD] PATH`` connects to a Unix socket as ``nc -U PATH``, ``zsocket -l
  PATH`` listens as ``nc -lU PATH``; ``-a`` accepts on a listening descriptor.
"""

from __future__ import annotations

from ondas.guards.bash_base import Ctx, Stdin, Word, block, check_argv, in_this_shell
from ondas.guards.lazy_re import LazyPattern
from ondas.guards.verdict import ALLOW, Verdict

_CODE_FLAG = LazyPattern(r"-[lLR]*c[lLR]*")
"""``-c`` alone or among emulate's single-letter flags (``-Lc``, ``-cR``): its value is code."""
_OPTION_FLAGS = frozenset({"-o", "+o"})
"""``-o OPTION`` / ``+o OPTION``: an option's name follows, not code."""
_SCHED_TIME = LazyPattern(r"\+?\d+(?::\d+){0,2}(?:[ap]m)?")
"""``sched``'s time: ``+30`` seconds from now, ``12:00``, ``+1:30:00``."""
_ZPTY_NO_COMMAND = frozenset("dLrt")
"""zpty's flags that start no command: delete, list, read, test."""


def _joined(words: list[Word], ctx: Ctx, segment: str, this_shell: bool) -> Verdict:
    """``words`` joined by spaces, checked as one command line (of this shell or a child's)."""
    if not words:
        return ALLOW
    values = [w.value for w in words]
    if None in values:
        return block("dynamic-command", segment, "zsh runs a command line computed at run time")
    line = " ".join(str(v) for v in values)
    return in_this_shell(line, ctx, 1) if this_shell else ctx.check_source(line, ctx, 1)


def _emulate(args: list[Word], ctx: Ctx, segment: str) -> Verdict:
    k = 0
    while k < len(args):
        value = args[k].value
        if value in _OPTION_FLAGS:
            k += 2
            continue
        if value is not None and _CODE_FLAG.fullmatch(value) and k + 1 < len(args):
            verdict = _joined([args[k + 1]], ctx, segment, this_shell=True)
            if not verdict.allowed:
                return verdict
            k += 2
            continue
        k += 1
    return ALLOW


def _sched(args: list[Word], ctx: Ctx, segment: str) -> Verdict:
    rest = args[1:] if args and args[0].value == "-o" else args
    if not rest or rest[0].value is None or not _SCHED_TIME.fullmatch(rest[0].value):
        return ALLOW  # ``sched`` lists, ``sched -1`` removes an entry
    return _joined(rest[1:], ctx, segment, this_shell=True)


def _zpty(args: list[Word], ctx: Ctx, segment: str) -> Verdict:
    flags = ""
    k = 0
    while k < len(args) and (args[k].value or "").startswith("-") and args[k].value != "-":
        flags += str(args[k].value)[1:]
        k += 1
    if _ZPTY_NO_COMMAND.intersection(flags):
        return ALLOW
    return _joined(args[k + 1 :], ctx, segment, this_shell=False)  # after the job's NAME


def _socket(name: str, args: list[Word], ctx: Ctx, segment: str) -> Verdict:
    """``ztcp``'s and ``zsocket``'s connection or listener, judged as ``nc``'s (the module)."""
    flags = ""
    k = 0
    while k < len(args) and (args[k].value or "").startswith("-") and args[k].value != "-":
        value = str(args[k].value)
        flags += value[1:]
        k += 2 if value.endswith("d") else 1  # ``-d FD``: the descriptor to use
    if set(flags) & set("acL") or k >= len(args):
        return ALLOW
    nc = [Word("nc", "nc")]
    if "l" in flags:
        nc.append(Word("-l", "-l"))
    if name == "zsocket":
        nc.append(Word("-U", "-U"))
    return check_argv([*nc, *args[k:]], ctx, 1, segment, None)


def zsh_code(name: str, args: list[Word], ctx: Ctx, segment: str, stdin: Stdin | None) -> Verdict:
    """The command line zsh's ``name`` (:data:`ondas.guards.bash_known.ZSH_RUNNERS`) runs."""
    if name == "emulate":
        return _emulate(args, ctx, segment)
    if name == "sched":
        return _sched(args, ctx, segment)
    if name == "zpty":
        return _zpty(args, ctx, segment)
    if name in {"ztcp", "zsocket"}:
        return _socket(name, args, ctx, segment)
    if name == "repeat":
        args = args[1:]  # ``repeat 3 CMD``
    return check_argv(args, ctx, 1, segment, stdin) if args else ALLOW  # ``noglob CMD``
