"""Programs started with no command, which run whatever reaches their terminal or input.

``bash`` with no ``-c`` and no script, ``python3`` with no code, ``tmux`` or ``screen`` with no
command, ``/bin/sh 0<&1`` or ``sh </dev/tty``: the commands such a program runs are typed
later, where the guard never sees them. With the OS sandbox on they run inside it; in an
unattended run without the sandbox the guard is the only line, so the start is refused as
undecidable (``interactive-shell``, category ``unknown``), naming the program. A program only
asked for its version or help (``python3 --version``) starts nothing.
"""

from __future__ import annotations

from ondas.guards.bash_base import Ctx, Stdin, Word, block, word_set
from ondas.guards.verdict import ALLOW, Verdict

INFO_OPTIONS = word_set("-v -V -VV --version -version -h --help -help -? -n --noexec -ls -list")
"""Options that make a shell, an interpreter or a session manager print and stop, or read a
script without running it (``bash -n``), or list sessions (``screen -ls``)."""
INFO_OPTIONS_OF = {"php": word_set("-i --info -m --modules --ini")}
"""Options of one interpreter family that print its configuration and stop (``php -i`` is
``phpinfo()``; python's ``-i`` is interactive, so these are not :data:`INFO_OPTIONS`)."""

TERMINALS = ("/dev/tty", "/dev/pts/", "/dev/console")
"""Input redirects that hand a program the terminal itself (``sh </dev/tty``)."""


def reads_terminal(s: Stdin | None) -> bool:
    """Whether a program's standard input is the inherited one or a terminal: no pipe, heredoc,
    here-string or file brings it text the guard has seen (``0<&1`` duplicates an output, and
    is no such text either)."""
    if s is None:
        return True
    return s.kind == "file" and (s.text or "").startswith(TERMINALS)


def interactive(name: str, args: list[Word], ctx: Ctx, seg: str, s: Stdin | None) -> Verdict:
    """Refuse, in an unattended run, a program started with no command whose input is the
    terminal; allow it otherwise (the sandbox holds it, or its input was checked)."""
    if not ctx.unattended or not reads_terminal(s):
        return ALLOW
    family = INFO_OPTIONS_OF.get(name.rstrip("0123456789."), frozenset())
    if any(a.value in INFO_OPTIONS or a.value in family for a in args):
        return ALLOW
    return block(
        "interactive-shell",
        seg,
        f"{name} starts with no command and runs whatever reaches its terminal or input, which "
        "the guard cannot see; unattended runs without the OS sandbox refuse it",
    )
