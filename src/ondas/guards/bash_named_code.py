"""Options whose own name says the program loads code from the path they give (round 20).

:data:`~ondas.guards.bash_startup.CODE_FILE_OPTIONS` lists, program by program, the options
naming a file the program runs or reads commands from; a program or an option the table lacks
was a miss (redteam20: ``jest --globalSetup``, ``mocha --reporter``, ``stylelint
--custom-syntax``, ``swift build --package-path``, ``uv run --project``, ``commitlint
--extends``: 86 of the round's 129 first-run misses were tools or options missing from a table).
This reads the option's name instead, for every program: an option spelled as one that loads a
module, a plugin, a configuration, a project or a build root (:data:`CODE_OPTION_NAMES`, matched
on the name without dashes, underscores and case), or any option glued by ``=`` to a file whose
suffix is a language's (:data:`CODE_SUFFIXES`), whose value lies in a place holding code nobody
here read (:func:`~ondas.guards.bash_base.unread_place`: a temp area, the downloads, another
repository) and that this line did not write, is judged as that code run directly: unattended
runs without the OS sandbox refuse it. Three spellings of the same thing are read beside them:
a JVM agent handed through a tool's ``-J`` (``-J-agentpath:/tmp/a.so``), an argument file
(``java @/tmp/args``: options read from a file nobody read), and a loader given as
``SO_PATH:`` (``openssl engine dynamic -pre SO_PATH:/tmp/e.so``).

Only unattended runs pay for it, and only for a word that starts with ``-`` or ``@``; names
that write (:data:`OUTPUT_PARTS`: ``--outfile``, ``--report-dir``, ``--cache-dir``) never
match, and a value that is a plain name (``--reporter=verbose``) is no path. A temp area's
root itself (``uv run --project /tmp ruff check .``, longline's everyday set) is a scratch place
run from, not a checkout someone prepared: left, as a project under it (``/tmp/p``) is not.
"""

from __future__ import annotations

from ondas.guards.bash_base import Ctx, Word, unseen_temp_code
from ondas.guards.paths import TEMP_ROOTS
from ondas.guards.verdict import ALLOW, Verdict

CODE_OPTION_NAMES = frozenset(
    {
        # configuration files and directories, which name plugins, hooks and commands
        *("config", "configfile", "configuration", "rcfile", "confdir", "configdir"),
        *("extends", "preset", "presets", "options", "settings", "settingsfile"),
        # modules loaded into the program
        *("plugin", "plugins", "pluginpath", "plugindir", "pluginsdir", "pluginsearchdir"),
        *("loadplugin", "loadpluginlibrary", "loadpluginexecutable", "externalpluginpath"),
        *("loadpassplugin", "load", "require", "preload", "addon", "addons", "loader"),
        *("reporter", "reporters", "formatter", "formatters", "formattersdir", "format"),
        *("customformatter", "customsyntax", "syntax", "transform", "resolver", "ui"),
        *("rules", "rulesdir", "rulesdirectory", "rulepaths", "externalchecksdir"),
        # test runners' set-up modules and environments
        *("setupfiles", "setupfilesafterenv", "setupfilesaftereach", "globalsetup"),
        *("globalteardown", "testenvironment", "testrunner", "runner", "snapshotresolver"),
        *("bootstrap", "initscript", "wrapper", "gdbpath", "execpath"),
        # a project, package, manifest or build root elsewhere, whose build files are code
        *("project", "projectdir", "projectpath", "packagepath", "manifestpath", "buildfile"),
        *("buildroot", "rootdir", "sbtdir", "datadir", "gcctoolchain", "ldpath"),
        *("fuseld", "toolchain", "toolchainfile", "appdir", "workingdir", "workingdirectory"),
    }
)
"""Option names (lower case, without dashes and underscores) whose value a program loads as
code, reads commands from, or takes as a project or toolchain whose files are code."""
PROGRAM_PREFIXES = ("pgm",)
"""Prefixes of option names that name a program the tool runs for a step (GHC's ``-pgmF``,
``-pgmL``, ``-pgmc``: its preprocessor, unlitter, C compiler)."""
WORKING_PLACES = frozenset(
    {"project", "projectdir", "projectpath", "rootdir", "buildroot", "appdir"}
    | {"workingdir", "workingdirectory"}
)
"""Names of :data:`CODE_OPTION_NAMES` that give a directory to work in, whose project files are
read: a temp area's root itself given so is a scratch place, not a checkout."""
OUTPUT_PARTS = ("out", "dest", "report", "cache", "log", "tmp", "temp", "dump", "save")
"""Parts of an option's name that say it writes its value: never read as code."""
CODE_SUFFIXES = (
    *(".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx", ".py", ".rb", ".pl"),
    *(".pm", ".lua", ".php", ".so", ".dylib", ".jar", ".gradle", ".kts", ".groovy", ".exs"),
)
"""Suffixes of a module's file: any option glued by ``=`` to one is read as loading it."""
ARGUMENT_FILE_READERS = frozenset(
    {
        *("java", "javac", "javadoc", "jar", "jlink", "kotlinc", "scalac", "gcc", "g++", "cc"),
        *("c++", "clang", "clang++", "ld", "ld.lld", "ld.gold", "ld.bfd", "rustc", "ar", "nm"),
        *("objcopy", "objdump", "strip", "swiftc", "zig"),
    }
)
"""Programs that read more of their options from ``@FILE`` (response and argument files)."""
_AGENTS = ("-agentpath:", "-javaagent:")


def _option_name(word: str) -> str:
    """The name of an option (``--setupFilesAfterEach=X`` → ``setupfilesaftereach``)."""
    name = word.lstrip("-").partition("=")[0]
    return name.replace("-", "").replace("_", "").lower()


def _value_of(values: list[str | None], k: int) -> str | None:
    """The value an option at ``k`` gives: glued after ``=`` or the next word."""
    word = values[k] or ""
    if "=" in word:
        return word.partition("=")[2]
    following = values[k + 1] if k + 1 < len(values) else None
    if following is None or following.startswith("-"):
        return None
    return following


def named_code(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """Unattended: a path in a place holding unread code given to ``name`` by an option whose
    name says it loads code (:data:`CODE_OPTION_NAMES`), by ``--option=FILE.js``, by a JVM
    agent or ``SO_PATH:`` spelling, or as ``@FILE`` to a program reading argument files."""
    values = [a.value for a in args]
    for k, word in enumerate(values):
        if word is None or len(word) < 2:
            continue
        if word[:1] not in "-@":
            if name == "openssl" and word.startswith("SO_PATH:"):
                verdict = unseen_temp_code(word[8:], ctx, seg)  # ``-pre SO_PATH:/tmp/e.so``
                if not verdict.allowed:
                    return verdict
            continue
        if word == "--":
            break
        paths: list[str] = []
        if word[0] == "@":
            if name in ARGUMENT_FILE_READERS:
                paths.append(word[1:])
        elif agent := next((a for a in _AGENTS if a in word), None):
            paths.append(word.partition(agent)[2].partition("=")[0])
        else:
            option = _option_name(word)
            if option in CODE_OPTION_NAMES or option.startswith(PROGRAM_PREFIXES):
                value = _value_of(values, k)
                if value:
                    value = value.rpartition("=")[2]  # ``--plugin=protoc-gen-x=/tmp/x``
                    paths.extend(p for p in value.split(":") if "/" in p or p.startswith("~"))
            elif any(part in option for part in OUTPUT_PARTS):
                continue
            elif "=" in word and word.endswith(CODE_SUFFIXES):
                paths.append(word.rpartition("=")[2])
            elif word == "-c" and (_value_of(values, k) or "").endswith(CODE_SUFFIXES):
                paths.append(values[k + 1] or "")  # ``tailwindcss -c /tmp/tw.config.js``
        for path in paths:
            if path.startswith(("http://", "https://")):
                continue  # the network's rules judge a URL
            if path.rstrip("/") in TEMP_ROOTS and _option_name(word) in WORKING_PLACES:
                continue  # ``uv run --project /tmp ruff check .``: a scratch place, no checkout
            verdict = unseen_temp_code(path, ctx, seg)
            if not verdict.allowed:
                return verdict
    return ALLOW
