"""Recipe files of the task runners that run only the project's recipes, written on this line.

``just``, ``task`` and ``invoke`` run the recipes of the project's justfile, Taskfile or
``tasks.py``, and a recipe's name is the project's word (:data:`~ondas.guards.bash_known.
PROJECT_RECIPES`); but a recipe file this very line wrote is not the project's code yet: its
commands are checked as the line's own (``printf 'x:\\n  rm -rf src\\n' > justfile && just x``),
as :func:`~ondas.guards.bash_system.written_makefile` checks a makefile's. A file written with
text the guard cannot see is undecidable; one brought from a named file outside the project
(``cp /tmp/x justfile && just``) is judged as running that file directly
(:func:`~ondas.guards.bash_base.brought_code`).
"""

from __future__ import annotations

import posixpath
import re

from ondas.guards.bash_base import Ctx, Word, at_cwd, block, brought_code
from ondas.guards.verdict import ALLOW, Verdict

RECIPE_FILES = {
    "just": (("justfile", "Justfile", ".justfile"), ("-f", "--justfile"), ("-d",)),
    "task": (("Taskfile.yml", "Taskfile.yaml", "taskfile.yml"), ("-t", "--taskfile"), ("-d",)),
    "invoke": (("tasks.py",), ("-f", "--collection"), ("-r", "--search-root")),
    "poe": (("pyproject.toml",), (), ("-C", "--directory", "--root")),
}
"""Each runner's default recipe files, the options naming another, and those naming the
directory it is looked up in (every runner of
:data:`~ondas.guards.bash_known.PROJECT_RECIPES` has its row: round 18, ``redteam18``, found
``poe`` without one, and any line that wrote a file before ``poe`` crashed the check)."""
_POE_COMMAND = re.compile(
    r"""^\s*(?:[\w.-]+|"[^"]*")\s*=\s*(?:\{[^}]*?\b(?:cmd|shell)\s*=\s*)?"""
    r"""(?:"([^"]*)"|'([^']*)')"""
)
"""A poethepoet task of ``[tool.poe.tasks]``: ``name = "CMD"`` or ``name = { cmd = "CMD" }``
(``shell = "..."`` too); its command is the quoted text."""
_INTERPOLATION = re.compile(r"\{\{.*?\}\}")
"""``{{name}}``: a value only the runner knows (a parameter, a variable)."""
_TASK_COMMAND = re.compile(r"^\s*(?:-\s+)?cmd:\s*(.+)$|^\s*-\s+(?![\w-]+:\s)(.+)$")
"""A Taskfile's command: ``- CMD`` in a ``cmds:`` list, or ``cmd: CMD``."""


def written_recipes(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """The recipe file ``name`` reads, when this line wrote it: its commands checked."""
    defaults, file_options, directory_options = RECIPE_FILES[name]
    values = [a.value for a in args]
    names: tuple[str, ...] = defaults
    directory = ctx.cwd or "."
    for k, v in enumerate(values[:-1]):
        following = values[k + 1]
        if v in file_options and following is not None:
            names = (following if name != "invoke" else following.removesuffix(".py") + ".py",)
        elif v in directory_options and following is not None:
            directory = posixpath.join(directory, following)
    for file in names:
        path = posixpath.normpath(posixpath.join(directory, file))
        if path not in ctx.written:
            continue
        text = ctx.written[path]
        if text is None:
            brought = brought_code(at_cwd(path, ctx), ctx, seg, name)  # ``cp /tmp/x justfile``
            if brought is not None:
                return brought
            return block("undecidable-payload", seg, f"{file} was written with unknown text")
        return _recipes(name, text, ctx, seg)
    return ALLOW


def _recipes(name: str, text: str, ctx: Ctx, seg: str) -> Verdict:
    if name == "invoke":
        from ondas.guards.bash_code import check_code

        return check_code(text, ctx, 1, seg, family="python")
    if name == "poe":
        return _poe_tasks(text, ctx, seg)
    for line in text.splitlines():
        if name == "just":
            command = line.strip().lstrip("@-") if line[:1] in {" ", "\t"} else None
        else:
            match = _TASK_COMMAND.match(line)
            command = (match.group(1) or match.group(2)).strip("'\" ") if match else None
        if command:
            verdict = ctx.check_source(_INTERPOLATION.sub("RECIPEVAR", command), ctx, 1)
            if not verdict.allowed:
                return verdict
    return ALLOW


def _poe_tasks(text: str, ctx: Ctx, seg: str) -> Verdict:
    """The commands of a written ``pyproject.toml``'s ``[tool.poe.tasks]`` table, checked."""
    inside = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            inside = stripped.startswith("[tool.poe.tasks")
            continue
        match = _POE_COMMAND.match(line) if inside else None
        if match is None:
            continue
        command = match.group(1) if match.group(1) is not None else match.group(2)
        verdict = ctx.check_source(_INTERPOLATION.sub("RECIPEVAR", command), ctx, 1)
        if not verdict.allowed:
            return verdict
    return ALLOW
