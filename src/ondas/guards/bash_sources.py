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

from ondas.guards.bash_base import (
    Ctx,
    Word,
    at_cwd,
    block,
    brought_code,
    credential_file,
    word_set,
)
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

_PYPROJECT = ("pyproject.toml", "setup.cfg")


def _js_configs(stem: str) -> tuple[str, ...]:
    """A JavaScript tool's configuration module by its extensions (``jest.config.ts``)."""
    return tuple(f"{stem}.{ext}" for ext in ("js", "cjs", "mjs", "ts", "cts", "mts"))


_NPM_CONFIG = (".npmrc",)
STARTUP_READERS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("pytest", "py.test"), ("pytest.ini", ".pytest.ini", "tox.ini", *_PYPROJECT)),
    "tox": _PYPROJECT,
    **dict.fromkeys(("pip", "pip3"), _PYPROJECT),
    **dict.fromkeys(("npm", "npx", "pnpm", "pnpx"), _NPM_CONFIG),
    "yarn": (*_NPM_CONFIG, ".yarnrc", ".yarnrc.yml"),
    **dict.fromkeys(("bun", "bunx"), ("bunfig.toml",)),
    "cargo": (".cargo/config.toml", ".cargo/config"),
    **dict.fromkeys(
        ("gradle", "gradlew"), ("gradle.properties", "gradle/wrapper/gradle-wrapper.properties")
    ),
    **dict.fromkeys(
        ("mvn", "mvnw"),
        (".mvn/jvm.config", ".mvn/maven.config", ".mvn/extensions.xml"),
    ),
    "bazel": (".bazelrc",),
    "direnv": (".envrc",),
    # round 19 (redteam19): configuration files that are code, or name plugins and commands
    # the program runs, read from the directory it works in (or a directory argument)
    "jest": _js_configs("jest.config"),
    "mocha": (*_js_configs(".mocharc"), ".mocharc.yml", ".mocharc.yaml", ".mocharc.json"),
    **dict.fromkeys(
        ("vitest", "vite"), (*_js_configs("vitest.config"), *_js_configs("vite.config"))
    ),
    "eslint": (*_js_configs("eslint.config"), ".eslintrc.js", ".eslintrc.cjs"),
    "meson": ("meson.build", "meson_options.txt"),
    "scons": ("SConstruct", "Sconstruct", "sconstruct"),
    "pre-commit": (".pre-commit-config.yaml",),
    "mise": ("mise.toml", ".mise.toml"),
    "deno": ("deno.json", "deno.jsonc"),
    **dict.fromkeys(("hatch", "pdm", "poetry"), _PYPROJECT),
    "mkdocs": ("mkdocs.yml", "mkdocs.yaml"),
    "sphinx-build": ("conf.py",),
    "pylint": (".pylintrc", "pylintrc", *_PYPROJECT),
    "mypy": ("mypy.ini", ".mypy.ini", *_PYPROJECT),
}
"""round 18 (``left18``): start-up and settings files a program loads from the directory it
works in (or a directory argument) and follows as code: pytest's ``addopts`` and ``-p``
plugins, pip's and tox's build backends, npm's ``script-shell`` and ``node-options``, yarn's
``yarnPath``, bun's ``preload``, cargo's ``runner`` and ``rustc-wrapper``, a JVM's agents and
a wrapper's download, bazel's ``--run_under``; ``direnv allow`` approves ``.envrc`` for the
person's next shell. Written with text the guard cannot read, they are judged as a brought or
unseen build file is (:func:`unread_file`); with text it can read, at the end of the line
(:func:`ondas.guards.bash_startup.planted_startup_files`). Round 19 (``left19``): the one entry
point for a brought ``.envrc`` too (``bash_startup.trusted_brought`` is gone): an argument
naming the file itself (``direnv allow sub/.envrc``) is read as the file, a directory as the
file in it."""

_PYTHON_PROGRAMS = word_set(
    "python python3 pytest py.test pip pip3 tox nox mypy pylint flake8 black isort coverage ipython"
)
"""Python programs: each loads the ``.pth`` files and ``sitecustomize`` of its environment's
``site-packages`` at start-up."""

_CMAKE_COMMAND = LazyPattern(r"\bCOMMAND\s+([^)\n]+)")


def unread_file(path: str, name: str, ctx: Ctx, seg: str) -> Verdict:
    """``name`` runs or loads ``path``, which this line wrote with text the guard cannot read:
    brought from a named file outside the project, judged as running that file directly
    (:func:`~ondas.guards.bash_base.brought_code`); otherwise undecidable, unattended."""
    brought = brought_code(at_cwd(path, ctx), ctx, seg, name)  # ``cp /tmp/x build.rs``
    if brought is not None or not ctx.unattended:
        return brought or ALLOW
    return block(
        "undecidable-payload",
        seg,
        f"{name} reads {path}, written in this command with text the guard cannot see",
    )


def _loaded_unread(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """Each start-up or settings file ``name`` loads (:data:`STARTUP_READERS`, a Python
    program's ``site-packages``) that this line wrote with text the guard cannot read."""
    implied = STARTUP_READERS.get(name, ())
    python = name in _PYTHON_PROGRAMS
    if not implied and not python:
        return ALLOW
    base = ctx.cwd or "."
    paths = [posixpath.join(base, f) for f in implied]
    for word in args if implied else ():
        v = word.value
        if v is not None and not v.startswith("-"):
            paths += [posixpath.join(base, v, f) for f in implied]
            if posixpath.basename(v) in implied:  # ``direnv allow sub/.envrc``: the file itself
                paths.append(posixpath.join(base, v))
    if python:
        paths += [p for p in ctx.written if _site_file(p)]
    for path in dict.fromkeys(posixpath.normpath(p) for p in paths):
        if path in ctx.written and ctx.written[path] is None and path not in ctx.secret_written:
            # a printer's token from the environment is a login, not code (``echo
            # "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" > .npmrc && npm ci``)
            verdict = unread_file(path, name, ctx, seg)
            if not verdict.allowed:
                return verdict
    return ALLOW


def _site_file(path: str) -> bool:
    """``path`` is a ``.pth`` file or ``sitecustomize``/``usercustomize`` in a
    ``site-packages`` directory, which Python runs at start-up."""
    head, _slash, base = path.rpartition("/")
    if not head.endswith(("/site-packages", "/dist-packages")):
        return False
    return base.endswith(".pth") or base in {"sitecustomize.py", "usercustomize.py"}


def written_sources(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str) -> Verdict:
    """Check each file this command line wrote that ``name`` reads as source or build file,
    or loads at start-up with text the guard cannot read."""
    verdict = _loaded_unread(name, args, ctx, seg)
    if not verdict.allowed:
        return verdict
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
        verdict = (
            unread_file(path, name, ctx, seg)
            if text is None
            else _source(name, text, ctx, depth, seg)
        )
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
