"""Source and build files this command line wrote, handed to a compiler or a build tool.

``printf 'package main ...' > /tmp/m.go; go run /tmp/m.go`` runs the code it wrote, as
``> x.sh; sh x.sh`` does (:func:`ondas.guards.bash_system.written_script`). The text is read as
interpreter code is (:func:`ondas.guards.bash_code.check_code`: commands in its strings, files
it writes, sockets it opens), a credential store it names is a read of it, cmake's ``COMMAND``
lines and TeX's ``\\write18`` are command lines. Written with text the guard cannot see, it is
undecidable in unattended runs.
"""

from __future__ import annotations

import posixpath

from ondas.guards.bash_base import Ctx, Word, at_cwd, block, brought_code, credential_file
from ondas.guards.lazy_re import MULTILINE, LazyPattern
from ondas.guards.verdict import ALLOW, Verdict

_GRADLE_FILES = ("build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts")
_TEX = ("tex", "latex", "pdflatex", "xelatex", "lualatex", "latexmk", "pdftex", "luatex")
SOURCE_READERS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("go", "rustc", "gcc", "g++", "cc", "c++", "clang", "clang++", "zig"), ()),
    **dict.fromkeys(("javac", "java", "kotlinc", "scalac", "swiftc", "swift", "tsc", "nim"), ()),
    **dict.fromkeys(_TEX, ()),
    "cmake": ("CMakeLists.txt",),
    "bundle": ("Gemfile",),
    "rake": ("Rakefile",),
    "composer": ("composer.json",),
    **dict.fromkeys(("npm", "pnpm", "yarn", "bun"), ("package.json",)),
    **dict.fromkeys(("npm-run-all", "run-s", "run-p"), ("package.json",)),
    # round 16: a ninja file's ``command`` lines, a noxfile's sessions, the test modules pytest
    # imports (any ``.py`` file the line wrote in the directories it collects: a test module,
    # ``conftest.py``, a package's ``__init__.py``)
    "ninja": ("build.ninja",),
    "nox": ("noxfile.py",),
    **dict.fromkeys(("pytest", "py.test"), ("conftest.py",)),
    # round 17 (copied17): the build files other runners run from the directory they work
    # in, however the line put them there (``cp /tmp/x build.rs && cargo build``); ``just``,
    # ``task`` and ``invoke`` read theirs in :mod:`ondas.guards.bash_recipe_files`
    "inv": ("tasks.py",),
    "cargo": ("build.rs",),
    **dict.fromkeys(("gradle", "gradlew"), _GRADLE_FILES),
    **dict.fromkeys(("mvn", "mvnw"), ("pom.xml",)),
    **dict.fromkeys(("pip", "pip3"), ("setup.py",)),
    "tox": ("tox.ini",),
}
"""Programs that compile, run or build from a source file, each with the build files it reads
from a directory argument or the working directory (``cmake DIR``: ``DIR/CMakeLists.txt``)."""

_CMAKE_COMMAND = LazyPattern(r"\bCOMMAND\s+([^)\n]+)")


def written_sources(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str) -> Verdict:
    """Check each file this command line wrote that ``name`` reads as source or build file."""
    implied = SOURCE_READERS.get(name)
    if implied is None:
        return ALLOW
    base = ctx.cwd or "."
    paths: list[str] = [posixpath.join(base, f) for f in implied]
    for word in args:
        v = word.value
        if v is None or v.startswith("-"):
            continue
        path = posixpath.normpath(posixpath.join(base, v))
        paths += [path, *(posixpath.join(path, f) for f in implied)]
    if name in {"pytest", "py.test"}:
        roots = [posixpath.normpath(p) for p in paths if not p.endswith(".py")] or [base]
        paths += [p for p in ctx.written if p.endswith(".py") and _under_any(p, roots)]
    for path in dict.fromkeys(posixpath.normpath(p) for p in paths):
        if path not in ctx.written:
            continue
        text = ctx.written[path]
        if text is None:
            brought = brought_code(at_cwd(path, ctx), ctx, seg, name)  # ``cp /tmp/x build.rs``
            if brought is not None and not brought.allowed:
                return brought
            if brought is not None or not ctx.unattended:
                continue
            return block(
                "undecidable-payload",
                seg,
                f"{name} reads {path}, written in this command with text the guard cannot see",
            )
        verdict = _source(name, text, ctx, depth, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _under_any(path: str, roots: list[str]) -> bool:
    """``path`` lies in (or is) one of ``roots``."""
    from ondas.guards.paths import lexical_inside

    return any(lexical_inside(path, root) for root in roots)


_NINJA_COMMAND = LazyPattern(r"^\s+command\s*=\s*(.+)$", flags=MULTILINE)


def _source(name: str, text: str, ctx: Ctx, depth: int, seg: str) -> Verdict:
    from ondas.guards.bash_code import check_code

    if credential_file(text):
        return block(
            "read-credentials",
            seg,
            f"{name} is handed source naming a credential store outside the project (keys, "
            "tokens, the machine's password hashes), which is not the agent's to read or ship",
        )
    commands: list[str] = []
    if name in _MANIFEST_READERS:
        return _manifest_scripts(name, text, ctx, depth, seg)
    if name == "cmake":
        commands = [m.group(1) for m in _CMAKE_COMMAND.finditer(text)]
    elif name == "ninja":
        commands = [m.group(1) for m in _NINJA_COMMAND.finditer(text)]
    elif name in _TEX:
        from ondas.guards.bash_escapes import embedded_commands

        commands = embedded_commands(text)
    for command in commands:
        verdict = ctx.check_source(command, ctx, depth + 1)
        if not verdict.allowed:
            return verdict
    return check_code(text, ctx, depth, seg, whole=False)


_MANIFEST_READERS = frozenset({"composer", "npm", "pnpm", "yarn", "bun"})


def _manifest_scripts(name: str, text: str, ctx: Ctx, depth: int, seg: str) -> Verdict:
    """A ``package.json``/``composer.json`` this line wrote: each of its ``scripts`` is a
    command line the package manager runs (``composer run-script x``, ``npm run x``, and the
    install hooks ``npm install`` runs by itself)."""
    import json

    try:
        manifest = json.loads(text)
    except ValueError:
        if not ctx.unattended:
            return ALLOW
        return block("undecidable-payload", seg, f"{name} reads a manifest the guard cannot parse")
    scripts = manifest.get("scripts") if isinstance(manifest, dict) else None
    if not isinstance(scripts, dict):
        return ALLOW
    for value in scripts.values():
        for command in value if isinstance(value, list) else [value]:
            if not isinstance(command, str):
                continue
            verdict = ctx.check_source(command, ctx, depth + 1)
            if not verdict.allowed:
                return verdict
    return ALLOW
