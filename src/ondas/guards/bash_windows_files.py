"""Windows' file copying tools run from Git Bash, read by their options (round 24).

Claude Code on Windows runs its Bash tool in Git Bash, where Windows' own programs are on the
path and run without ``cmd /c``: ``robocopy``, ``xcopy`` and ``fsutil`` are executables in
``System32`` (``mklink`` is not: it is cmd.exe's builtin, "command not found" from bash).
Git Bash hands them their words as it hands any Windows program (``//MIR`` reaches robocopy as
``/MIR``, :func:`~ondas.guards.bash_windows.msys_argument`); their paths are read as cmd.exe's
are (``C:\\tmp`` as ``/c/tmp``, ``.git\\hooks`` as ``.git/hooks``):

- ``robocopy SRC DST [FILES] [OPTIONS]`` copies into DST, a write judged as ``cp``'s
  destination is; ``/MIR`` and ``/PURGE`` delete what DST holds that SRC does not (DST
  deleted as ``rm -r`` would be: ``robocopy C:\\empty . /MIR`` empties the project);
  ``/MOV`` and ``/MOVE`` delete SRC's files (and directories) once copied, as ``mv`` does;
- ``xcopy SRC [DST] [OPTIONS]`` copies into DST (the working directory without one), a write;
- ``fsutil file setZeroData ... FILE`` zeroes FILE's content and ``fsutil file setEOF FILE 0``
  cuts it to nothing (as ``truncate -s 0``: what it held is gone); ``setEOF`` to a size,
  ``createNew FILE`` and ``hardlink create NEW OLD`` write their file; fsutil's other verbs stay
  a program no rule names.

Imported only for lines naming one of these programs (:data:`PROGRAMS`).
"""

from __future__ import annotations

from ondas.guards.bash_base import Ctx, Stdin, Word, check_write_target, rm_targets
from ondas.guards.bash_windows import cmd_path, msys_argument
from ondas.guards.verdict import ALLOW, Verdict

PROGRAMS = "robocopy xcopy fsutil"
_ROBOCOPY_MIRROR = frozenset({"/mir", "/purge"})
_ROBOCOPY_MOVE = frozenset({"/mov", "/move"})
_ROBOCOPY_VALUED = frozenset({"/lev", "/job", "/save"})
"""robocopy's options that take a value after a colon are one word (``/LEV:2``, ``/XF *.tmp``
takes the words after it as names until the next option)."""


def _option(value: str | None) -> bool:
    """A Windows program's option: ``/X`` or ``/X:VALUE``, one slash (``/tmp/x`` is a path)."""
    return value is not None and value[:1] == "/" and "/" not in value[1:] and len(value) > 1


def _words(args: list[Word]) -> list[Word]:
    """The words as the Windows program gets them: ``//X`` as ``/X``, backslashed and drive
    paths as the guard reads paths (an option keeps its text, marked by ``kind``)."""
    words = []
    for arg in args:
        value = msys_argument(arg.value)
        if _option(value):
            words.append(Word(value, arg.text, kind="option"))
            continue
        if value is not None and ("\\" in value or value[1:2] == ":"):
            value = cmd_path(value)
        words.append(Word(value, arg.text))
    return words


def _robocopy(words: list[Word], ctx: Ctx, seg: str) -> Verdict:
    operands: list[Word] = []
    options: set[str] = set()
    names = False  # ``/XF NAME...``, ``/XD NAME...``: names excluded, up to the next option
    for word in words:
        value = word.value
        if value is not None and word.kind == "option":
            options.add(value.lower().split(":", 1)[0])
            names = value.lower() in {"/xf", "/xd"}
        elif not names:
            operands.append(word)
    if len(operands) < 2 or options & {"/?", "/l"}:
        return ALLOW  # help, or ``/L``: it lists what it would do
    source, destination = operands[0], operands[1]
    verdict = check_write_target(destination, ctx, seg)
    if verdict.allowed and options & _ROBOCOPY_MIRROR:
        verdict = rm_targets([destination], True, ctx, seg, many=False)
    if verdict.allowed and options & _ROBOCOPY_MOVE:
        verdict = rm_targets([source], True, ctx, seg)  # its files, at least, are gone
    if verdict.allowed:
        verdict = _over_work("robocopy", options, operands, ctx, seg)
    return verdict


def _over_work(name: str, options: set[str], operands: list[Word], ctx: Ctx, seg: str) -> Verdict:
    from ondas.guards.bash_copy_over import windows_copied_over

    return windows_copied_over(name, options, operands, ctx, seg)


def _xcopy(words: list[Word], ctx: Ctx, seg: str) -> Verdict:
    operands = [w for w in words if w.kind != "option"]
    if len(operands) < 2:
        return ALLOW  # into the working directory, or help
    verdict = check_write_target(operands[1], ctx, seg)
    if verdict.allowed:
        options = {(w.value or "").lower().split(":", 1)[0] for w in words if w.kind == "option"}
        verdict = _over_work("xcopy", options, operands, ctx, seg)
    return verdict


def _fsutil(words: list[Word], ctx: Ctx, seg: str) -> Verdict | None:
    from ondas.guards.bash_system import beyond_recovery

    verbs = [(w.value or "").lower() for w in words[:2]]
    if verbs[:1] == ["hardlink"] and verbs[1:] == ["create"] and len(words) > 2:
        return check_write_target(words[2], ctx, seg)
    if verbs[:1] != ["file"] or len(words) < 3:
        return None
    verb, rest = verbs[1], words[2:]
    paths = [w for w in rest if w.value is None or "=" not in w.value]
    if verb == "setzerodata" and paths:
        return beyond_recovery("fsutil file setZeroData", paths[-1:], ctx, seg, "zeroes")
    if verb == "seteof" and paths:
        size = rest[1].value if len(rest) > 1 else None
        if size is None or size.lstrip("0") == "":
            return beyond_recovery("fsutil file setEOF", paths[:1], ctx, seg, "empties")
        return check_write_target(paths[0], ctx, seg)
    if verb in {"createnew", "setvaliddata"} and paths:
        return check_write_target(paths[0], ctx, seg)
    return None


def windows_files(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict | None:
    """The verdict on one of :data:`PROGRAMS`' lines, or None for what no rule here reads."""
    del depth, s
    words = _words(args)
    if name == "robocopy":
        return _robocopy(words, ctx, seg)
    if name == "xcopy":
        return _xcopy(words, ctx, seg)
    return _fsutil(words, ctx, seg)
