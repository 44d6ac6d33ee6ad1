"""Standard-library modules that ``python -m`` turns into runners of code (round 16).

``python3 -m timeit STMT`` runs STMT (and ``-s SETUP``) as Python; ``doctest``, ``pdb``,
``pydoc`` (a path), ``profile``/``cProfile`` and ``trace`` run the file they are given, as
``python3 FILE`` does; ``unittest discover -s DIR`` imports the tests of DIR; ``code`` reads
Python from its standard input, as ``python3 -`` does. Each is judged as that code or that
script is: the statements by :func:`~ondas.guards.bash_code.check_code`, a file by what this
line wrote there or, unattended, by where it lies (a temp area's is code the guard cannot read,
:func:`~ondas.guards.bash_base.unseen_script`). The profilers' and the tracer's output options
are writes. Loaded only for a line naming one of :data:`RUNNING_MODULES`.
"""

from __future__ import annotations

from ondas.guards.bash_base import (
    Ctx,
    Stdin,
    Word,
    check_write_target,
    option_values,
    unseen_script,
    word_set,
)
from ondas.guards.verdict import ALLOW, Verdict


class Module:
    """How a module's command line runs code: its options taking a value, those whose value is
    Python code, a file it writes or a directory of code it imports, whether its operands are
    statements or files (``"first"``: the first operand only, the rest its arguments), and
    whether it reads code from standard input."""

    __slots__ = ("code", "directories", "operands", "outputs", "stdin", "values")

    def __init__(
        self,
        values: str = "",
        code: str = "",
        outputs: str = "",
        directories: str = "",
        operands: str = "",
        stdin: bool = False,
    ) -> None:
        self.code = word_set(code)
        self.outputs = word_set(outputs)
        self.directories = word_set(directories)
        self.values = word_set(values) | self.code | self.outputs | self.directories
        self.operands = operands
        self.stdin = stdin


RUNNING_MODULES = {
    "timeit": Module("-n --number -r --repeat -u --unit", code="-s --setup", operands="code"),
    "doctest": Module("-o --option", operands="files"),
    "pdb": Module("-c --command", operands="first"),
    "pydoc": Module("-p -n", operands="files"),
    "profile": Module("-s --sort", outputs="-o --outfile", operands="first"),
    "cProfile": Module("-s --sort", outputs="-o --outfile", operands="first"),
    "trace": Module(
        "--ignore-module --ignore-dir", outputs="-f --file -C --coverdir", operands="first"
    ),
    "unittest": Module(
        "-p --pattern -k", directories="-s --start-directory -t --top-level-directory"
    ),
    "code": Module(stdin=True),
}
"""The modules whose command line runs code, and how (see :class:`Module`)."""


def module_code(
    module: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``python -m MODULE ARGS`` for a module of :data:`RUNNING_MODULES`: the code it runs."""
    from ondas.guards.bash_code import check_code
    from ondas.guards.bash_contain import written_code

    shape = RUNNING_MODULES[module]
    for target in option_values(args, shape.outputs, frozenset({"-o", "-f", "-C"})):
        verdict = check_write_target(target, ctx, seg)
        if not verdict.allowed:
            return verdict
    codes = list(option_values(args, shape.code, frozenset({"-s"})))
    files = list(option_values(args, shape.directories, frozenset({"-s", "-t"})))
    operands = _operands(args, shape.values)
    if shape.operands == "code":
        codes += operands
    elif shape.operands == "files":
        files += operands
    elif shape.operands == "first":
        files += operands[:1]
    elif module == "unittest":
        files += [w for w in operands if "/" in (w.value or "") or (w.value or "").endswith(".py")]
    for code in codes:
        if code.value is None:
            return _computed(module, seg)
        verdict = check_code(code.value, ctx, depth, seg, family="python")
        if not verdict.allowed:
            return verdict
    for path in files:
        if path.value is None:
            return _computed(module, seg)
        verdict = written_code(path.value, ctx, depth, seg, "python")
        if verdict.allowed:
            verdict = unseen_script(path.value, ctx, seg)
        if not verdict.allowed:
            return verdict
    if shape.stdin:
        from ondas.guards.bash_system import stdin_code

        return stdin_code(s, ctx, depth, seg, shell=False, family="python")
    return ALLOW


def _operands(args: list[Word], values: frozenset[str]) -> list[Word]:
    """The words that are neither options nor an option's value; all words after ``--``."""
    operands: list[Word] = []
    k = 0
    while k < len(args):
        v = args[k].value
        if v == "--":
            return operands + args[k + 1 :]
        if v is not None and v.startswith("-") and v != "-":
            k += 2 if v in values else 1
            continue
        operands.append(args[k])
        k += 1
    return operands


def _computed(module: str, seg: str) -> Verdict:
    from ondas.guards.bash_base import block

    return block("dynamic-command", seg, f"python -m {module} given code computed at run time")
