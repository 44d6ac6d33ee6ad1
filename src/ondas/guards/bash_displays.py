"""Virtual displays and emulators: ``Xvfb``, the X server ``xvfb-run`` starts, and ``wine``.

``Xvfb`` is an X server that draws into memory: it serves the display it is given to the
programs of this machine (tests of a GUI, a headless browser) and writes its lock and socket
in ``/tmp``, and with ``-fbdir DIR`` its screens' memory as files in DIR (a write, judged).
Its options are a closed set: those that reach other hosts or open it to them (``-listen tcp``,
``-query``/``-indirect``/``-broadcast``: XDMCP), run a program (``-xkbbindir``: the directory
of the ``xkbcomp`` it runs) or read configuration the guard does not (``-config``), and any
option not listed, leave it unknown in unattended runs. ``xvfb-run`` starts one with the words
of ``-s``/``--server-args``, judged the same way, and writes ``-f``/``--auth-file`` and
``-e``/``--error-file`` (judged as writes); the command it runs is the runners table's.

``wine PROGRAM ARGS`` runs a Windows program: a file of the project (``wine
build/app.exe``, ``wine tests/run.bat``) is the project's own program, as ``./build/app`` is
(its words judged for a destroying verb as that program's are); wine's prefix (``~/.wine``)
is its own state, as a cache is. A program elsewhere (a temp area, the home), an installer
(``.msi``), or one of wine's built-in programs (``regedit``, ``msiexec``, ``start``,
``winecfg``...), which run programs, change the prefix's registry or install software, leave
it unknown in unattended runs; its ``cmd`` is judged as cmd.exe's line is (``Z:`` is the
root).
"""

from __future__ import annotations

from ondas.guards.bash_base import (
    ASKS_VERSION_OR_HELP,
    Ctx,
    Stdin,
    Word,
    check_write_target,
    project_program,
    unknown_unattended,
    word_set,
)
from ondas.guards.verdict import ALLOW, Verdict

XVFB_FLAGS = word_set(
    "-ac -shmem -noreset -terminate -nocursor -br -wr -core +xinerama -xinerama -dpms +dpms "
    "-nopn -pn -retro +bs -bs -su -r r -tst"
)
"""Xvfb's options without a value."""
XVFB_VALUED = word_set(
    "-fbdir -pixdepths -fbbpp -blackpixel -whitepixel -linebias -dpi -displayfd +extension "
    "-extension -auth -nolisten -s -t -maxclients -cc -audit"
)
"""Xvfb's options with a value (``-nolisten tcp`` turns a transport off; ``-screen`` takes
two: a number and a geometry). Not ``-fp``, whose font path may name a font server's host."""
XVFB_WRITES = word_set("-fbdir")
"""Options naming a directory Xvfb writes (its screens' memory, as files)."""
XVFB_DISPLAY = ("$DISPLAY", "${DISPLAY}")
"""The display given as the environment's ``DISPLAY`` (``Xvfb "$DISPLAY" ...``): a display
number, whatever it holds."""


def xvfb(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``Xvfb [:N] OPTIONS`` (see the module's docstring)."""
    verdict, unknown = _server_words(args, ctx, seg)
    if not verdict.allowed or unknown is None:
        return verdict
    return unknown_unattended(name, f"is given {unknown}", ctx, seg)


def _server_words(args: list[Word], ctx: Ctx, seg: str) -> tuple[Verdict, str | None]:
    """The verdict on the writes of an X server's words, and the first word the guard does not
    judge (None when it judges every one)."""
    unknown: str | None = None
    k = 0
    while k < len(args):
        word, value = args[k], args[k].value
        k += 1
        if value is None:
            if k == 1 and word.text.strip('"') in XVFB_DISPLAY:
                continue
            unknown = unknown or "a word computed at run time"
        elif k == 1 and value.startswith(":") and value[1:].isdigit():
            continue  # the display number
        elif value == "-screen" and k + 1 < len(args):
            k += 2
        elif value in XVFB_VALUED and k < len(args):
            if value in XVFB_WRITES:
                verdict = check_write_target(args[k], ctx, seg)
                if not verdict.allowed:
                    return verdict, None
            k += 1
        elif value in XVFB_FLAGS or value in ASKS_VERSION_OR_HELP:
            continue
        else:
            unknown = unknown or f"the option {value}"  # ``-listen tcp``, ``-xkbbindir DIR``
    return ALLOW, unknown


XVFB_RUN_WRITES = word_set("-f --auth-file -e --error-file")
"""xvfb-run's options naming a file it writes (the X authority file, the server's errors)."""
XVFB_RUN_SERVER = word_set("-s --server-args")
"""xvfb-run's option whose value is the X server's words (split on blanks)."""


def xvfb_run(args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """What ``xvfb-run``'s own options write and the server words they pass; the command it
    runs is judged by the runners table after this."""
    unknown: str | None = None
    for k, word in enumerate(args):
        key, eq, inline = (word.value or "").partition("=")
        if key not in XVFB_RUN_WRITES and key not in XVFB_RUN_SERVER:
            continue
        given = Word(inline, inline) if eq else args[k + 1] if k + 1 < len(args) else None
        if given is None:
            continue
        if key in XVFB_RUN_WRITES:
            verdict = check_write_target(given, ctx, seg)
            if not verdict.allowed:
                return verdict
        elif given.value is None:
            unknown = unknown or "X server words computed at run time"
        else:
            words = [Word(w, w) for w in given.value.split()]
            verdict, found = _server_words(words, ctx, seg)
            if not verdict.allowed:
                return verdict
            unknown = unknown or found
    if unknown is None:
        return ALLOW
    return unknown_unattended("xvfb-run", f"is given {unknown} for its X server", ctx, seg)


WINDOWS_PROGRAMS = (".exe", ".com", ".bat", ".cmd")
"""The endings of a Windows program or batch file wine runs from a file."""


def wine(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``wine PROGRAM ARGS`` (see the module's docstring)."""
    values = [a.value for a in args]
    if values and all(v in ASKS_VERSION_OR_HELP for v in values):
        return ALLOW
    program = values[0] if values else None
    rest = args[1:]
    if program is None:
        return unknown_unattended(name, "is given a program computed at run time", ctx, seg)
    if program.lower() in {"cmd", "cmd.exe"}:
        from ondas.guards.bash_base import check_argv

        # ``wine cmd /c "rd /s /q Z:\\"``: cmd.exe's line, judged as cmd's (Z: is the root)
        return check_argv([Word("cmd", "cmd"), *rest], ctx, depth + 1, seg, s)
    path = program if "/" in program or "\\" in program else f"./{program}"
    if program.lower().endswith(WINDOWS_PROGRAMS) and project_program(path, ctx):
        from ondas.guards.bash_known import destroying

        return destroying(name, rest, seg)  # ``wine build/app.exe purge``, as ``./app purge``
    return unknown_unattended(
        name,
        f"is given {program}, which is not a program file of the project (a built-in of wine, "
        "an installer or a file elsewhere)",
        ctx,
        seg,
    )
