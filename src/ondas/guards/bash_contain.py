"""Bash guard rules added for containment (issue 11).

Interpreter code (``-c``/``-e``/heredocs, awk programs) is scanned by
:mod:`ondas.guards.bash_code`; ``parallel`` and debugger/namespace wrappers are unwrapped;
tools that write files through an option (``tar -C``, ``unzip -d``, ``rsync``, ``sort -o``,
hard links, ...) have that target checked; publishing, service, firewall, secret-store and
database-wiping commands are refused; and the agent may not run ``ondas`` commands that change
its own run.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from functools import partial

from ondas.guards.bash_base import (
    ASKS_VERSION_OR_HELP,
    CLUSTER_DISTRIBUTIONS,
    CONSOLE_NAMES,
    HANDLERS,
    NODE_RUNNERS,
    SHELLS,
    UNLISTED_INTERPRETERS,
    Ctx,
    Stdin,
    Word,
    at_cwd,
    block,
    brought_code,
    brought_from_outside,
    check_argv,
    check_write_target,
    classify,
    command_name,
    credential_file,
    diff_writes,
    flag_set,
    git_lock_file,
    is_interpreter,
    mining,
    note_brought,
    note_brought_tree,
    note_unread_tree,
    note_written,
    option_values,
    options_end,
    over_project_root,
    positionals,
    project_program,
    register,
    rm_targets,
    unseen_script,
    unseen_temp_code,
    word_set,
    write_all,
)
from ondas.guards.bash_code import awk_stop, changes_files, check_code, per_line_command
from ondas.guards.bash_find_entries import (
    find_entries,
    find_scratch_name,
    moved_reached,
    roots_reaching_project,
)
from ondas.guards.bash_net import _raw_network, network_url
from ondas.guards.bash_output_options import (
    MODULE_PROGRAMS,
    cleared_environment,
    output_files,
    setup_cleaned,
    streamed_over_input,
)
from ondas.guards.bash_system import (
    BLANK_LINE,
    TEXT_LINE,
    beyond_recovery,
    descriptor,
    one_of_many,
    stdin_code,
)
from ondas.guards.lazy_re import LazyPattern, re
from ondas.guards.verdict import ALLOW, DANGEROUS, Verdict

Callable_ = Callable[[str, list[Word], Ctx, int, str, "Stdin | None"], Verdict]

CLI_MODULES = {
    "awscli": "aws",
    "git_filter_repo": "git-filter-repo",
    # round 15: the Python keyring's command line, and the standard browser opener
    "keyring": "keyring",
    "webbrowser": "xdg-open",
}
"""Python modules that are a CLI with a rule (``python3 -m awscli s3 rb ...``,
``python3 -m git_filter_repo``)."""

_CODE_FLAGS = {
    "python": ({"-c"}, set()),
    "perl": ({"-e", "-E"}, {"-i"}),
    "ruby": ({"-e"}, {"-i"}),
    "node": ({"-e", "--eval", "-p", "--print", "-pe"}, set()),
    "php": ({"-r", "-B", "-R", "-E"}, set()),
    "elixir": ({"-e", "--eval"}, set()),
    "osascript": ({"-e"}, set()),
    "rscript": ({"-e", "--expr"}, set()),
    "lua": ({"-e"}, set()),
    "julia": ({"-e", "-E", "--eval", "--print"}, set()),
    "guile": ({"-c"}, set()),
    "racket": ({"-e", "--eval"}, set()),
    "groovy": ({"-e"}, set()),
    "erl": ({"-eval"}, set()),
    "bb": ({"-e", "--eval"}, set()),
    "clojure": ({"-e", "--eval"}, set()),
    "r": ({"-e"}, set()),
    "octave": ({"--eval"}, set()),  # round 16s
    "raku": ({"-e"}, set()),
    "chibi-scheme": ({"-e", "-p"}, set()),  # round 22: evaluate, evaluate and print
}
"""Each interpreter's options whose value is code (``osascript -e``: AppleScript's ``do shell
script "..."`` strings reach a shell) and options that rewrite files in place."""
_RACKET_LIBRARY = word_set("-l --lib")
"""racket's options that name an installed library it requires and runs the ``main`` of: with
one, racket starts no REPL (only ``-i`` does), as ``python -m MODULE`` starts none; the code of
the library is not read (unattended, an unlisted interpreter's)."""
RACO_LIBRARIES = ("raco", "pkg", "setup", "compiler")
"""Racket collections whose ``main`` is one of raco's commands (``racket -l raco -- pkg install``,
``racket -l setup``): they install packages or rebuild the installation, as raco does."""


def _library_main(args: list[Word], libraries: list[str | None]) -> bool:
    """``racket -l LIB [-- ARGS]`` and only that: LIB's ``main`` runs with ARGS, an installed
    library's own program as ``python -m MODULE`` runs a module's; not one of raco's commands
    (:data:`RACO_LIBRARIES`), not a library named at run time, not with other options."""
    if not libraries or any(
        lib is None or lib.split("/")[0] in RACO_LIBRARIES for lib in libraries
    ):
        return False
    values = [a.value for a in args]
    end = values.index("--") if "--" in values else len(values)
    head = values[:end]
    return all(v in _RACKET_LIBRARY for v in head[0::2]) and len(head) == 2 * len(libraries)


_PRINT_FLAGS = {"node": word_set("-p --print -pe"), "julia": word_set("-E --print")}
"""Options whose code is an expression the interpreter prints the value of (``node -p``)."""
_INTERP_VALUE = word_set("-W -X -m -I -M -x -r --require --import -C -d -D -l -0 -F")
_PHP_FLAGS = word_set("-l -C")
"""Options of :data:`_INTERP_VALUE` that take no value in PHP (``php -l FILE`` lints FILE)."""


def _family(name: str) -> str:
    for family in ("python", "pypy", "perl", "ruby", "node", "php", "deno", "bun", "elixir", "lua"):
        if name.startswith(family):
            return {"pypy": "python", "deno": "node", "bun": "node"}.get(family, family)
    # TypeScript's, CoffeeScript's and the other compile-and-run runners are node
    return "node" if name in NODE_RUNNERS else name


DATA_MODULES = frozenset({"json.tool"})
"""Standard-library modules run with ``python -m`` that parse their input as data and print it
(the JSON formatter): what is piped into them, a download included, is never code."""


RUNNING_MODULES = frozenset(
    {"timeit", "doctest", "pdb", "pydoc", "profile", "cProfile", "trace", "unittest", "code"}
)
"""Standard-library modules whose command line runs code: their statements, a file, a directory
of tests or standard input (:mod:`ondas.guards.bash_python_modules`, loaded for them only)."""
ARCHIVE_MODULES = frozenset({"zipfile", "tarfile"})
"""Standard-library modules whose command line unpacks an archive (``-e ARCHIVE [DIR]``)."""


def _archive_module(args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """``python3 -m zipfile -e old.zip .``: every member written into DIR (default: the working
    directory), over what is there."""
    for k, word in enumerate(args):
        if word.value in {"-e", "--extract"}:
            named = args[k + 1 : k + 3]
            target = named[1] if len(named) > 1 else Word(".", ".")
            verdict = check_write_target(target, ctx, seg)
            if verdict.allowed:
                from ondas.guards.bash_extract_over import over_project_work

                # every member over what is there: the root, or a directory of the work
                origin = named[0].value if named else None
                verdict = over_project_work(target.value, ctx, seg, archive=origin)
            return verdict
    return ALLOW


def _serves(family: str, values: list[str | None]) -> bool:
    """An interpreter started as a web server: ``php -S``, ``python -m http.server``,
    ``ruby -run -e httpd``."""
    if family == "php":
        return "-S" in values
    if family == "python":
        return "http.server" in values or "SimpleHTTPServer" in values
    return family == "ruby" and "httpd" in values


_NAMED_TASKS = frozenset({("deno", "task"), ("bun", "run")})
"""A JavaScript runtime's verbs that run the project's task or package script by its name."""


def interpreter(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``python -c``/``perl -e``/``node -e``/``php -r`` code and heredocs scanned like commands.

    Round 22: node's compile-and-run runners (``bash_base.NODE_RUNNERS``) are judged as node,
    and the files their options write (``coffee -c -o DIR``, ``-j FILE``) as writes; a runner
    of :data:`ondas.guards.bash_known.COMPILES_ONLY` (coffee) told to do more than compile
    stays a program no rule names in unattended runs (round 21)."""
    if name not in NODE_RUNNERS:
        return _interpreted(name, args, ctx, depth, seg, s)
    from ondas.guards.bash_known import COMPILES_ONLY, _compiles_only, unknown_program
    from ondas.guards.bash_output_options import output_files

    verdict = output_files(name, args, ctx, seg)
    if verdict.allowed:
        verdict = _interpreted(name, args, ctx, depth, seg, s)
    compiling = COMPILES_ONLY.get(name)
    unattended = verdict.allowed and ctx.unattended
    if unattended and compiling is not None and not _compiles_only(args, *compiling):
        return unknown_program(name, args, ctx, seg, s)
    return verdict


def _interpreted(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """:func:`interpreter`'s reading of the code an interpreter is given."""
    from ondas.guards.bash_system import _procsub

    for word in args:
        if word.kind == "process_substitution":
            return _procsub(word, seg)
    family = _family(name)
    values = [a.value for a in args]
    if _serves(family, values):
        from ondas.guards.bash_sockets import listening_tool

        verdict = listening_tool(name, args, ctx, seg)  # ``php -S``, ``python3 -m http.server``
        if not verdict.allowed:
            return verdict
    if family == "python" and "-m" in values:
        idx = values.index("-m")
        module = values[idx + 1] if idx + 1 < len(values) else None
        program = (
            module
            if module in HANDLERS
            else MODULE_PROGRAMS.get(module or "") or CLI_MODULES.get(module or "")
        )
        if module in ARCHIVE_MODULES:
            return _archive_module(args[idx + 2 :], ctx, seg)
        if module == "venv":  # ``python -m venv --clear DIR`` empties DIR
            verdict = cleared_environment(module, args[idx + 2 :], ctx, seg)
            if not verdict.allowed:
                return verdict
        if module in RUNNING_MODULES:
            from ondas.guards.bash_python_modules import module_code

            verdict = module_code(module, args[idx + 2 :], ctx, depth, seg, s)  # ``-m timeit``
            if not verdict.allowed:
                return verdict
        if module in DATA_MODULES:
            # its input is parsed as JSON, never run: ``curl URL | python3 -m json.tool`` is
            # ``curl URL | jq .``; its second operand is the file it writes
            written = positionals(args[idx + 2 :], word_set("--indent"))[1:2]
            return write_all(written, ctx, seg)
        if module is not None and program is not None:
            # ``python -m pip``/``twine``/``poetry``/``ondas``: the module's command line,
            # judged by the rule its command has; ``python -m black DIR``, ``python -m pytest
            # --basetemp=DIR`` by what the program writes
            verdict = check_argv([Word(program, module), *args[idx + 2 :]], ctx, depth, seg, s)
            from ondas.guards.bash_known import KNOWN_SAFE

            if (
                verdict.rule != "unknown-program"
                or module in CLI_MODULES
                or program in KNOWN_SAFE
                or program in HANDLERS
            ):
                return verdict
            # round 18s: ``python -m PyInstaller app.spec``, a program no rule names unattended
            # but a module run as before: only what its table refuses is refused
    code_flags, inplace_flags = _CODE_FLAGS.get(family, (set(), set()))
    codes: list[Word] = []
    printed: list[Word] = []  # the codes whose value is printed (``node -p EXPR``)
    inplace = False
    script_seen = False
    script: str | None = None
    script_at = 0
    syntax_only = False  # ``node --check x.js``: parsed, never run
    libraries: list[str | None] = []  # ``racket -l LIB``
    used: list[str] = []  # perl's ``-MMod``: read with the code, as perl runs them
    i = 0
    while i < len(args):
        v = args[i].value
        if family == "node" and v in {"-c", "--check"} and not script_seen:
            syntax_only = True
        if v is None:
            if codes or script_seen:
                i += 1
                continue
            return block("dynamic-command", seg, "interpreter arguments computed at run time")
        if family == "node" and name.startswith("deno") and v == "eval" and i + 1 < len(args):
            codes.append(args[i + 1])
            break
        if v in code_flags or (v.startswith("--eval=") and family == "node"):
            if "=" in v:
                codes.append(Word(v.split("=", 1)[1], v))
            elif i + 1 < len(args):
                codes.append(args[i + 1])
                if v in _PRINT_FLAGS.get(family, ()):
                    printed.append(args[i + 1])
                i += 1
        elif v.startswith("-") and not v.startswith("--") and len(v) > 2 and family != "node":
            if family == "perl" and v[1] in "mM" and not codes:
                # ``-MMod;CODE`` is ``use Mod; CODE;``: perl runs it before the program
                verdict = check_code(v[2:], ctx, depth, seg, family=family)
                if not verdict.allowed:
                    return verdict
                used.append(f"use {v[2:]};")  # round 22: ``-MLWP::Simple -e 'get(URL)'``
                i += 1
                continue
            cluster = v[1:]
            if any(f"-{c}" in inplace_flags for c in cluster.split("e")[0]):
                inplace = True
            flag_at = next((k for k, c in enumerate(cluster) if f"-{c}" in code_flags), None)
            if flag_at is not None:
                rest = cluster[flag_at + 1 :]
                if rest:
                    codes.append(Word(rest, v))
                elif i + 1 < len(args):
                    codes.append(args[i + 1])
                    i += 1
        elif v in inplace_flags or (v.startswith("-i") and "-i" in inplace_flags):
            inplace = True
        elif v == "-m":
            script_seen = True
            break
        elif family == "racket" and v in _RACKET_LIBRARY and i + 1 < len(args):
            script_seen = True  # ``racket -l LIB -- ARGS`` runs LIB's main, no REPL (round 15)
            libraries.append(args[i + 1].value)
            i += 2
            continue
        elif family == "racket" and v == "--" and libraries:
            break  # the words after it are the library's arguments, never racket's
        elif v == "-" and not codes:
            break  # ``python3 - ARGS <<EOF``: the program is its standard input, ARGS its argv
        elif v in _INTERP_VALUE and not (family == "php" and v in _PHP_FLAGS):
            i += 1
        elif not v.startswith("-") and not codes and descriptor(v) is not None:
            from ondas.guards.bash_system import descriptor_code

            # ``perl /dev/stdin <<< CODE``, ``python3 /dev/fd/3 3<<< CODE``: fed code
            return descriptor_code(v, name, ctx, depth, seg, s, shell=False, family=family)
        elif not v.startswith("-") and not codes:
            script_seen = True
            script, script_at = v, i
            verdict = written_code(v, ctx, depth, seg, family)
            if verdict.allowed and not syntax_only:
                verdict = unseen_script(v, ctx, seg)  # ``python /tmp/evil.py``, ``~/x.py``
            if not verdict.allowed:
                return verdict
            from ondas.guards.bash_known import destroying

            # a script's sub-commands are judged like a tool's (``manage.py flush``); the
            # project's task or script a runtime runs by name is the project's word (``deno
            # task destroy``, ``bun run purge``), as ``npm run``'s is (PROJECT_RECIPES)
            task = family == "node" and (name[:4], v) in _NAMED_TASKS
            own = "/" in v and project_program(v, ctx)  # ``node bin/asc``: the project's
            base = posixpath.basename(v)
            verdict = ALLOW if task else destroying(base, args[i + 1 :], seg, own=own)
            if verdict.allowed and posixpath.basename(v) in CONSOLE_NAMES:
                from ondas.guards.bash_consoles import console_code

                verdict = console_code(v, args[i + 1 :], ctx, depth, seg, s)  # ``shell -c``
            if verdict.allowed and posixpath.basename(v) == "setup.py":
                verdict = _setup_install(args[i + 1 :], ctx, seg)  # ``setup.py install --user``
            if verdict.allowed and posixpath.basename(v) == "setup.py":
                verdict = setup_cleaned(args[i + 1 :], ctx, seg)  # ``clean --all --build-lib src``
            if not verdict.allowed:
                return verdict
            break
        i += 1
    for code in codes:
        if code.value is None:
            return block("dynamic-command", seg, "interpreter code computed at run time")
        verdict = check_code(" ".join([*used, code.value]), ctx, depth, seg, family=family)
        if verdict.allowed and ctx.unattended and any(code is p for p in printed):
            from ondas.guards.bash_environment import printed_environment

            verdict = printed_environment(code.value, seg)  # ``node -p process.env``
        if verdict.allowed and ctx.unattended and "/" in code.value:
            verdict = _loads_temp_code(code.value, ctx, seg)  # ``exec(open("/tmp/x.py")...``
        if verdict.allowed and _ARGV.search(code.value):
            verdict = _argv_commands(code, args, ctx, depth, seg)
        if not verdict.allowed:
            return verdict
    if family in {"perl", "ruby"} and codes and _per_line(args):
        verdict = _line_commands(codes, ctx, depth, seg, s)  # ``| perl -ne 'chomp; unlink'``
        if not verdict.allowed:
            return verdict
    if inplace:
        code_ids = {id(c) for c in codes}
        files = [
            a
            for a in args
            if id(a) not in code_ids and (a.value is None or not a.value.startswith("-"))
        ]
        verdict = write_all(files, ctx, seg)
        if not verdict.allowed:
            return verdict
        if _rewrite_empties(args, [c.value or "" for c in codes]):
            verdict = beyond_recovery(name, files, ctx, seg, "empties")
            if not verdict.allowed:
                return verdict
    if family == "python" and codes:
        verdict = _fileinput_empties(name, args, codes, ctx, seg)
        if not verdict.allowed:
            return verdict
    if not codes and not script_seen:  # a REPL: its code comes from its input
        from ondas.guards.bash_interactive import interactive

        verdict = interactive(name, args, ctx, seg, s)
        if not verdict.allowed:
            return verdict
    verdict = stdin_code(
        s, ctx, depth, seg, shell=False, code=not codes and not script_seen, family=family
    )
    if verdict.allowed and ctx.unattended and family in UNLISTED_INTERPRETERS:
        if (
            script is not None
            and not codes
            and _project_script(family, script, args[:script_at], ctx)
        ):
            return verdict  # ``julia bench/run.jl``: the project's own code, as ``./run.jl`` is
        if args and all(a.value in ASKS_VERSION_OR_HELP for a in args):
            return verdict  # ``julia --version``
        if family == "racket" and not codes and script is None and _library_main(args, libraries):
            return verdict  # ``racket -l typed-racket-test -- --unit``, as ``python -m MOD``
        if family == "r" and [a.value for a in args[:2]] in R_PROJECT_TOOLS:
            return verdict  # ``R CMD check .``: builds and tests the package, as ``make check``
        if (
            family == "julia"
            and codes
            and all(_JULIA_PROJECT_CODE.fullmatch(c.value or "") for c in codes)
        ):
            return verdict  # ``julia -e 'using Pkg; Pkg.test()'``: the package's own tests
        # not read as a CLI's verbs: ``erl -run os cmd 'ls'`` runs a shell, whatever it names
        return block(
            "unknown-program",
            seg,
            f"{name} runs code the guard cannot read (its libraries are not known to it); "
            "unattended runs without the OS sandbox refuse it unless it is given a script of "
            "the project",
        )
    return verdict


def _per_line(args: list[Word]) -> bool:
    """Perl's or Ruby's ``-n``/``-p``: the code runs once per input line."""
    return any(
        (a.value or "")[:1] == "-" != (a.value or "")[1:2]
        and bool(set((a.value or "")[1:].split("e")[0]) & {"n", "p"})
        for a in args
    )


def _line_commands(codes: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """Code run per input line that runs a command on each line's text or deletes the file
    it names (:func:`~ondas.guards.bash_code.per_line_command`): judged as ``xargs CMD`` fed
    the same input (``git ls-files | awk '{system("rm " $0)}'`` is ``git ls-files | xargs
    rm``)."""
    for code in codes:
        command = per_line_command(code.value or "")
        if command is not None:
            words = [Word(w, w) for w in ["xargs", *command]]
            verdict = check_argv(words, ctx, depth + 1, seg, s)
            if not verdict.allowed:
                return verdict
    return ALLOW


_PRINTS = LazyPattern(r"\b(?:print|printf|say|puts|syswrite|write|putc|p)\b")
_EMPTY_LINE = LazyPattern(
    r"^\s*(?:\$_\s*=\s*(?:q\(\s*\)|q\{\s*\}|\"\"|''|undef|nil)|undef\s+\$_"
    r"|s(.)\.\*\1\1[smg]*|\$_\.clear|sub\(/\.\*/,\s*(?:\"\"|'')\))\s*(?:;\s*)?$"
)
"""A ``-p`` program that sets every line (or the slurped file) to nothing."""
_PRINTS_BLANKS = LazyPattern(
    rf"^\s*(?:print(?:\s+\$_)?\s+(?:if\s+m?/{BLANK_LINE}/|unless\s+m?/{TEXT_LINE}/)"
    rf"|m?/{BLANK_LINE}/\s*(?:and|&&)\s*print(?:\s+\$_)?)\s*(?:;\s*)?$"
)
"""A ``-n`` program that prints a line only when it is blank (``print if /^$/``, ``print unless
/./``): the rewrite leaves nothing but blank lines."""


def _rewrite_empties(args: list[Word], codes: list[str]) -> bool:
    """``perl -i -ne 'print if 0'``, ``ruby -i -ne ''`` (``-n`` prints only what the code
    prints, and it prints nothing, or only blank lines) or ``perl -pi -e '$_=q()'`` (every line
    set to nothing): an in-place rewrite that leaves each file empty, or blank."""
    letters = "".join(
        (a.value or "")[1:].split("e")[0]
        for a in args
        if (a.value or "").startswith("-") and not (a.value or "").startswith("--")
    )
    if "n" in letters and "p" not in letters:
        return all(_PRINTS_BLANKS.match(code) or not _PRINTS.search(code) for code in codes)
    return "p" in letters and any(_EMPTY_LINE.match(code) for code in codes)


_FILEINPUT_IN_PLACE = LazyPattern(
    r"\b(?:fileinput\s*\.\s*)?(?:input|FileInput)\s*\((?P<call>[^()]*(?:\([^()]*\)[^()]*)*)\)"
)
_IN_PLACE_ON = LazyPattern(r"\binplace\s*=\s*(?!False\b|0\b|None\b)")
_QUOTED_PATH = LazyPattern(r"[rbuf]?[\"'](?P<p>[^\"'\n]+)[\"']")


def _fileinput_empties(
    name: str, args: list[Word], codes: list[Word], ctx: Ctx, seg: str
) -> Verdict:
    """Python's ``fileinput`` in place (``inplace=True``) sends what the loop prints to each
    file it reads, so code that prints nothing (no ``print``, no ``write``) leaves every file
    empty, as ``perl -i -ne ''`` does: the files named in the call or, without them, the
    words after the code (``sys.argv``) are judged as emptied."""
    for code in codes:
        text = code.value or ""
        if "fileinput" not in text or _PRINTS.search(text):
            continue
        for match in _FILEINPUT_IN_PLACE.finditer(text):
            call = match.group("call")
            if not _IN_PLACE_ON.search(call):
                continue
            named = [
                Word(m.group("p"), m.group(0))
                for m in _QUOTED_PATH.finditer(call.split("inplace", 1)[0])
            ]
            at = next((k for k, a in enumerate(args) if a is code), len(args))
            files = named or [a for a in args[at + 1 :] if not (a.value or "").startswith("-")]
            verdict = beyond_recovery(name, files, ctx, seg, "empties")
            if not verdict.allowed:
                return verdict
    return ALLOW


_JULIA_PROJECT_CODE = LazyPattern(
    r"\s*+(?:(?:using|import)\s++Pkg[ \t]*+[;\n]\s*+)?"
    r"(?:Pkg\s*+\.\s*+(?:status|st|test|precompile|instantiate|resolve|build)\s*+\(\s*+\)"
    r"\s*+(?:;\s*+)?)++"
)
"""Julia code that only shows, installs from its manifest, builds or tests the package of the
working directory (``Pkg.status()``, ``Pkg.instantiate()``, ``Pkg.test()``, as ``npm ci`` and
``R CMD check`` do): the package's own code and tests; ``Pkg.add`` of a named package is the
package policy (:mod:`ondas.guards.bash_code`). Possessive quantifiers: linear on any text."""
R_PROJECT_TOOLS = [["CMD", verb] for verb in ("check", "build", "Rd2pdf", "Rdconv", "config")]
"""``R CMD`` tools that build, check or document the package in the working directory (what
they run is the package's own code and tests); ``INSTALL``/``REMOVE`` are the package policy
(:mod:`ondas.guards.bash_infra`), ``BATCH`` runs a script and stays unknown unattended."""
SCRIPTS_OF = {
    "julia": (".jl",),
    "guile": (".scm",),
    "racket": (".rkt",),
    "groovy": (".groovy", ".gvy"),
    "bb": (".clj", ".bb"),
    "clojure": (".clj",),
    "ocaml": (".ml", ".mlt"),
    "tclsh": (".tcl",),
    "chibi-scheme": (".scm",),
}
"""The suffixes of a script file each unlisted interpreter runs when named first (``julia
run.jl``); not ``erl``, whose first word names a module (``erl -run os cmd``)."""
SCRIPT_OPTIONS = {
    "guile": word_set("-s --no-auto-compile --auto-compile -q"),
    "julia": word_set(
        "--project --startup-file --color --threads --quiet -q --history-file --check-bounds "
        "--optimize -O -O0 -O1 -O2 -O3 --depwarn --code-coverage --track-allocation"
    ),
}
"""Options that may come before such a script (on their own or with ``=VALUE``): they choose
the environment, threads or output, and name no code (``julia -L FILE`` and ``--load`` do)."""


_LOADS_FILE = LazyPattern(
    r"(?:(?<![.\w])(?:exec|execfile|require|require_relative|load|do|source|import|dofile"
    r"|loadfile)|\b(?:run_path|spec_from_file_location|SourceFileLoader|sys\.path\.insert"
    r"|sys\.path\.append))\b"
    r"[\s(]*(?:open\s*\(\s*)?(?:\d+\s*,\s*)?[\"']([^\"'\s]+)[\"']"
)
"""A call in interpreter code that runs or imports the file (or directory) named by a string:
Python's ``exec(open(F).read())``, ``runpy.run_path(F)``, ``sys.path.insert(0, D)``; node's
``require(F)``; ruby's ``load F``; perl's ``do F``; lua's ``dofile(F)``. A method of that name
(``json.load(open(F))``) reads data."""


_ARGV = LazyPattern(
    r"\bsys\.argv\b|\bprocess\.argv\b|(?<![\w$@])ARGV\b|[$@]ARGV\b|\bcommandArgs\b"
    r"|\$argv\b|(?<![\w.])arg\s*\["
)
"""Code that reads its own command-line arguments (Python, node, Ruby, Perl, R, PHP, Lua)."""


def _setup_install(args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """``setup.py install`` told to install for the user (``--user``) or where its options
    point (``--prefix``, ``--home``, ``--root``, ``--install-*``), judged as a write there
    (round 15); into the active environment it is pip's everyday install."""
    values = [a.value for a in args]
    if {"upload", "upload_docs", "register"} & set(values):
        return block("publish", seg, "setup.py upload publishes to a registry")  # round 19s
    if "install" not in values or ctx.in_container:
        return ALLOW
    if "--user" in values:
        return block("package-install", seg, "setup.py install --user installs outside the project")
    for word in args:
        key, eq, place = (word.value or "").partition("=")
        if eq and key in {"--prefix", "--home", "--root"} | {
            "--install-lib",
            "--install-scripts",
            "--install-data",
        }:
            verdict = check_write_target(Word(place, word.text), ctx, seg)
            if not verdict.allowed:
                return verdict
    return ALLOW


def _argv_commands(code: Word, args: list[Word], ctx: Ctx, depth: int, seg: str) -> Verdict:
    """Interpreter code that reads its own arguments: when it changes files, each argument
    after the code may be the file it writes; when it hands a shell a command it computes
    (``python3 -c 'os.system(sys.argv[1])' 'rm -rf ~'``, ``perl -e 'system($ARGV[0])' ...``),
    each may be that command, so each is judged as a command line, in every mode (unattended,
    the computed call is refused before this)."""
    from ondas.guards.bash_literals import computed_shell_calls, fold_literals

    text = str(code.value)
    at = next((k for k, word in enumerate(args) if word is code), None)
    if at is None or at + 1 >= len(args):
        return ALLOW
    if changes_files(text):
        # ``python3 -c 'open(sys.argv[1], "w")' .claude/settings.json``: each argument may be
        # the path the code writes, judged as a write there is
        verdict = write_all([w for w in args[at + 1 :] if w.value is not None], ctx, seg)
        if not verdict.allowed:
            return verdict
    if not computed_shell_calls(fold_literals(text)):
        return ALLOW
    for word in args[at + 1 :]:
        if word.value is None:
            continue  # computed: judged as the undecidable call it feeds, unattended
        verdict = ctx.check_source(word.value, ctx, depth + 1)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _loads_temp_code(code: str, ctx: Ctx, seg: str) -> Verdict:
    """Unattended: interpreter code that runs a file in a temp area this line did not write
    runs code the guard cannot read, as ``python3 /tmp/x.py`` does."""
    for match in _LOADS_FILE.finditer(code):
        verdict = unseen_temp_code(match.group(1), ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _project_script(family: str, path: str, before: list[Word], ctx: Ctx) -> bool:
    """The interpreter of ``family`` runs ``path``, a script of the project (found in the
    working directory, resolving inside the project; :func:`bash_base.project_program`), with
    only :data:`SCRIPT_OPTIONS` before it: the project's own code, as ``./run.jl`` is."""
    if path.startswith("~") or not path.endswith(SCRIPTS_OF.get(family, ())):
        return False
    allowed = SCRIPT_OPTIONS.get(family, frozenset())
    if any((word.value or "").split("=", 1)[0] not in allowed for word in before):
        return False
    return project_program(path if "/" in path else f"./{path}", ctx)


def written_code(path: str, ctx: Ctx, depth: int, seg: str, family: str = "") -> Verdict:
    """A script an interpreter runs that this command line wrote: its text is scanned."""
    if not ctx.written:
        return ALLOW
    if path not in ctx.written and ctx.cwd is not None:
        path = posixpath.normpath(posixpath.join(ctx.cwd, path))
    if path not in ctx.written and family == "python":
        path = posixpath.join(path, "__main__.py")  # ``python3 DIR`` runs DIR/__main__.py
    if path not in ctx.written:
        return ALLOW
    text = ctx.written[path]
    if text is None:
        return block(
            "undecidable-payload", seg, f"{path} was written in this command with unknown text"
        )
    return check_code(text, ctx, depth, seg, family=family)


def _awk_source(v: str, following: Word | None) -> tuple[Word | None, int]:
    """gawk's program text option (``-e TEXT``, ``-eTEXT``, ``--source TEXT``,
    ``--source=TEXT``; round 21): the text and how many words it used, else ``(None, 0)``."""
    if v in {"-e", "--source"}:
        return following or Word("", ""), 2
    if v.startswith("--source="):
        return Word(v[len("--source=") :], v), 1
    if v.startswith("-e") and len(v) > 2:
        return Word(v[2:], v), 1
    return None, 0


def _awk(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    if name == "gawk":
        for word in args:  # round 21s: ``gawk -oFILE``: the program pretty-printed into FILE
            spelled = word.value or ""
            if (spelled.startswith("-o") and len(spelled) > 2) or spelled.startswith(
                "--pretty-print="
            ):
                target = spelled[2:] if spelled[:2] == "-o" else spelled.split("=", 1)[1]
                verdict = check_write_target(Word(target, spelled), ctx, seg)
                if not verdict.allowed:
                    return verdict
    i = 0
    program: Word | None = None
    inplace = False
    given = False  # the program came by option (``-f FILE``, ``-e TEXT``)
    assigned: dict[str, str] = {}
    while i < len(args):
        v = args[i].value
        if v is None:
            return block("dynamic-command", seg, "an awk argument computed at run time")
        source, used = _awk_source(v, args[i + 1] if i + 1 < len(args) else None)
        if source is not None:
            # program text given by option: checked as a program is; the words after the
            # options are then input files, as with ``-f``
            verdict = _awk(name, [source], ctx, depth, seg, s)
            if not verdict.allowed:
                return verdict
            given = True
            i += used
            continue
        if v in {"-f", "--file"} or v.startswith(("-f", "--file=")):
            given = True
            i += 2 if v in {"-f", "--file"} else 1
            continue
        if v in {"-i", "--include"} and i + 1 < len(args) and args[i + 1].value == "inplace":
            inplace = True
            i += 2
            continue
        if v in {"-v", "--assign"} and i + 1 < len(args):
            key, eq, value = (args[i + 1].value or "").partition("=")
            if eq and re.fullmatch(r"[A-Za-z_]\w*", key):
                assigned[key] = value
        if v in {"-v", "-F", "--assign", "--field-separator"}:
            i += 2
            continue
        if v.startswith("-") and v != "-":
            i += 1
            continue
        program = args[i]
        break
    if given and inplace:
        return write_all(args[i:], ctx, seg)  # ``gawk -i inplace -e TEXT FILE``
    if given or program is None or program.value is None:
        return ALLOW
    text = _awk_assigned(program.value, assigned)
    verdict = check_code(text, ctx, depth, seg, whole=False)
    if not verdict.allowed:
        return verdict
    verdict = _awk_pipes(text, ctx, depth, seg)
    if not verdict.allowed:
        return verdict
    verdict = _line_commands([Word(text, text)], ctx, depth, seg, s)  # ``system("rm " $0)``
    if not verdict.allowed:
        return verdict
    if _AWK_OVER_INPUT.search(text):
        # ``printf "" > FILENAME``: awk opens (and empties) the file it is reading, so each
        # input is rewritten with what the program prints before it reads on: nothing
        files = [w for w in args[i + 1 :] if "=" not in (w.value or "=")]
        verdict = write_all(files, ctx, seg)
        if not verdict.allowed:
            return verdict
        return beyond_recovery(name, files, ctx, seg, "writes over its input, emptying")
    if ctx.unattended:
        computed = _awk_computed_output(text)
        if computed is not None:
            return block(
                "write-unknown-target",
                seg,
                f"awk writes to a file it names at run time ({computed.group(0)!r}); unattended "
                "runs without the OS sandbox refuse it",
            )
    if inplace:
        verdict = write_all(args[i + 1 :], ctx, seg)
        if verdict.allowed and _awk_prints_nothing(text):
            return beyond_recovery(name, args[i + 1 :], ctx, seg, "empties")
        return verdict
    return ALLOW


_AWK_OVER_INPUT = LazyPattern(r"(?<!>)>\s*(?:\(\s*FILENAME\s*\)|FILENAME)\s*(?:[;}\n]|$)")
"""An awk output redirect (``>``, not ``>>``) to the file being read itself (not a name built
from it: ``> FILENAME ".bak"``)."""
_AWK_EDGE_BLOCK = LazyPattern(r"\b(BEGIN|END)(FILE)?\s*\{[^{}]*\}")
_AWK_FALSE = LazyPattern(
    r"\s*(0+|\"\"|!\s*1|F?NR\s*(?:<\s*[01]|<=\s*0|==\s*0)|0\s*>\s*\d+|1\s*==\s*0"
    r"|\{\s*next\s*;?\s*\})\s*(?:;\s*)?"
)
"""Round 22: a pattern no line meets (``NR<1``, ``FNR==0``, ``0>1``) or a rule that skips
every line (``{next}``), beside the constant false ones."""


def _awk_prints_nothing(program: str) -> bool:
    """An in-place program with no rule for the lines (only ``BEGIN``/``END`` blocks, or none)
    or a pattern that is always false (``0``): gawk writes each file back empty."""
    rest = _AWK_EDGE_BLOCK.sub("", program)
    return not rest.strip() or _AWK_FALSE.fullmatch(rest) is not None


def _awk_assigned(program: str, assigned: dict[str, str]) -> str:
    """The program with each variable given by ``-v NAME=VALUE`` that it uses as a command or
    a file name (``system(c)``, ``print > f``, ``| c``, ``c | getline``) written as the literal
    VALUE, as awk evaluates it."""
    for key, value in assigned.items():
        literal = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
        pattern = rf"(system\s*\(\s*|>>?\s*|\|\s*){key}\b(?!\s*\()|\b{key}(\s*\|\s*getline)"
        program = re.sub(pattern, partial(_literal_for, literal), program)
    return program


def _literal_for(literal: str, match: re.Match[str]) -> str:
    return (match.group(1) or "") + literal + (match.group(2) or "")


_AWK_COMPUTED_OUTPUT = LazyPattern(
    r"\b(?:print|printf)\b(?:\"(?:[^\"\\\n]|\\.)*\"|[^;{}>|\"])*(?<![<>=!])>>?(?!=)\s*"
    r"(?![\"\s]|/dev/std(?:out|err)\b)[^;}]+"
)
"""awk's ``print > EXPR`` whose file is not a literal (``ENVIRON["HOME"] "/.x"``, ``$1``),
found by :func:`_awk_computed_output`."""
_AWK_PRINT_WORD = LazyPattern(r"\b(?:print|printf)\b")
_AWK_COMPUTED_TAIL = LazyPattern(r"(?<![<>=!])>>?(?!=)\s*(?![\"\s]|/dev/std(?:out|err)\b)[^;}]+")


def _awk_computed_output(program: str) -> re.Match[str] | None:
    """What :data:`_AWK_COMPUTED_OUTPUT` searches for, in time linear in ``program``: its
    loop from each ``print`` stops where the loop from an earlier one did, kept (round 15:
    ``print"a"`` 1,250 times over read the rest of the program again from each, 2 s)."""
    if "print" not in program:
        return None
    stops: dict[int, int] = {}
    ends: dict[int, int | None] = {}
    for word in _AWK_PRINT_WORD.finditer(program):
        stop = awk_stop(program, word.end(), ";{}>|", stops, ends)
        if stop < len(program) and _AWK_COMPUTED_TAIL.match(program, stop) is not None:
            return _AWK_COMPUTED_OUTPUT.match(program, word.start())
    return None


_AWK_PRINT_INTO = LazyPattern(r'\|\s*"((?:[^"\\]|\\.)*)"')
_AWK_READ_FROM = LazyPattern(r'"((?:[^"\\]|\\.)*)"\s*\|\s*getline')


def _awk_pipes(program: str, ctx: Ctx, depth: int, seg: str) -> Verdict:
    """awk runs the command of ``print | "CMD"`` and ``"CMD" | getline`` with ``sh -c``: each
    is checked as a command line, and a shell or interpreter fed awk's output (``print |
    "bash"``) runs that data, which cannot be seen here."""
    for pattern, fed in ((_AWK_PRINT_INTO, True), (_AWK_READ_FROM, False)):
        for match in pattern.finditer(program):
            command = match.group(1).replace('\\"', '"')
            words = command.split()
            if fed and words and len(words) == 1:
                name = command_name(words[0])
                if name in SHELLS or is_interpreter(name):
                    return block(
                        "undecidable-payload",
                        seg,
                        f"awk prints its data into {words[0]}, which runs it as code",
                    )
            verdict = ctx.check_source(command, ctx, depth + 1)
            if not verdict.allowed:
                return verdict
    return ALLOW


def _parallel(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """GNU parallel: the command template, run with each input after ``:::`` in place of ``{}``
    and its other replacement strings (:func:`_parallel_filled`); inputs after ``::::`` are
    read from the files named, known only at run time (round 23s); its log and result files
    are writes; ``--dry-run`` prints the commands and runs none."""
    values = [a.value for a in args]
    cut = next((k for k, v in enumerate(values) if v in _PARALLEL_SEPARATORS), None)
    head = args[:cut] if cut is not None else args
    groups = _parallel_inputs(args, cut)
    # GNU parallel's options that take the next word as their value (its man page, 20240222;
    # round 22: ``parallel --header : CMD`` reads ``:`` as the header's pattern, not the
    # command); built here, for a line that runs parallel, not when the module loads
    with_value = word_set(
        "-j --jobs -P --max-procs -S --sshlogin -a --arg-file --joblog --results --res --delay "
        "-N -n --max-args -L --max-lines -s --max-chars -I -E --eof -d --delimiter -C --colsep "
        "--header --tagstring --load --memfree --memsuspend --nice --retries --timeout --tmpdir "
        "--tempdir --workdir --wd --basefile --bf --return --transfer-file --tf --sshloginfile "
        "--slf --sshdelay --halt --limit --rpl --arg-sep --arg-file-sep --env --filter --match "
        "--group-by --termseq --profile -J --shard --bin --block --block-size --blocktimeout "
        "--bt --compress-program --decompress-program --ssh --sqlmaster --sqlworker "
        "--sqlandworker --semaphorename --id --seqreplace --template --tmpl --cr --trc"
    )
    i = options_end(head, word_set("--will-cite --citation -k --keep-order -q --quote"), with_value)
    verdict = _parallel_remote(head[:i], ctx, depth, seg)
    if not verdict.allowed:
        return verdict
    outputs = word_set("--joblog --results --res --tmpdir --tempdir")
    for target in option_values(head[:i], outputs):
        verdict = check_write_target(target, ctx, seg)  # ``--joblog .claude/settings.json``
        if not verdict.allowed:
            return verdict
    if any(v in {"--dry-run", "--dryrun"} for v in values[:i]):
        return ALLOW  # round 23s: the commands are printed, none is run
    template = head[i:]
    jobs = _parallel_jobs(groups)
    inputs = [item for item, _parts in jobs]
    if not template:
        for item in inputs:
            if item.value is None:
                return block("dynamic-command", seg, "parallel of commands computed at run time")
            verdict = ctx.check_source(item.value, ctx, depth + 1)
            if not verdict.allowed:
                return verdict
        return ALLOW
    if len(template) == 1 and template[0].value is not None and " " in template[0].value:
        code = template[0].value
        for item, parts in jobs or [(Word(None, "<stdin>"), [])]:
            filled = _parallel_filled(code, item.value, parts)
            if filled is None:
                return block("dynamic-command", seg, "parallel over inputs computed at run time")
            if filled == code:
                filled = f"{code} {item.value}"
            verdict = ctx.check_source(filled, ctx, depth + 1)
            if not verdict.allowed:
                return verdict
        return ALLOW
    for item, parts in jobs or [(Word(None, "<stdin>"), [])]:
        argv: list[Word] = []
        has_slot = False
        for a in template:
            filled = _parallel_filled(a.value, item.value, parts) if a.value is not None else None
            if a.value is not None and filled != a.value:
                has_slot = True
                argv.append(Word(filled, a.text))
            else:
                argv.append(a)
        verdict = check_argv(argv if has_slot else [*argv, item], ctx, depth, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


_PARALLEL_SEPARATORS = frozenset({":::", "::::", ":::+", "::::+"})


def _parallel_inputs(args: list[Word], cut: int | None) -> list[list[Word]]:
    """The input sources after parallel's command: each ``:::`` group's words, each ``::::``
    group's files as inputs known only at run time (their lines)."""
    groups: list[list[Word]] = []
    k = cut
    while k is not None and k < len(args):
        files = (args[k].value or "").startswith("::::")
        items: list[Word] = []
        k += 1
        while k < len(args) and args[k].value not in _PARALLEL_SEPARATORS:
            items.append(Word(None, args[k].text) if files else args[k])
            k += 1
        groups.append(items)
    return groups


def _parallel_jobs(groups: list[list[Word]]) -> list[tuple[Word, list[str | None]]]:
    """One input per job: a word of each source (every combination, as parallel runs them; at
    most 64 read), joined by a space as ``{}`` gives them, each source's kept as ``{N}``."""
    from itertools import islice, product

    jobs: list[tuple[Word, list[str | None]]] = []
    sources = [g for g in groups if g]
    for combo in islice(product(*sources), 64) if sources else ():
        parts = [w.value for w in combo]
        joined = None if None in parts else " ".join(p for p in parts if p is not None)
        jobs.append((Word(joined, " ".join(w.text for w in combo)), parts))
    return jobs


def _parallel_filled(text: str | None, value: str | None, parts: list[str | None]) -> str | None:
    """``text`` with GNU parallel's replacement strings filled from the job's input ``item``
    (round 23s): ``{}`` the input, ``{.}`` without its extension, ``{/}`` its base name,
    ``{//}`` its directory, ``{/.}`` both, ``{N}`` the Nth source's word (``parts``); None when
    the input is unknown or a replacement string is not read here (``--plus``'s ``{%.x}``...)."""
    if text is None or "{" not in text:
        return text
    parts = parts or [value]
    out: list[str] = []
    k = 0
    while k < len(text):
        close = text.find("}", k) if text[k] == "{" else -1
        if close < 0:
            out.append(text[k])
            k += 1
            continue
        key = text[k + 1 : close]
        source = value
        if key[:1].isdigit():
            digits = len(key) - len(key.lstrip("0123456789"))
            n = int(key[:digits])
            source = parts[n - 1] if 0 < n <= len(parts) else None
            key = key[digits:]
        if source is None:
            return None
        stem = posixpath.splitext(source)[0] if "." in posixpath.basename(source) else source
        filled = {
            "": source,
            ".": stem,
            "/": posixpath.basename(source),
            "//": posixpath.dirname(source) or ".",
            "/.": posixpath.basename(stem),
            "#": "1",
            "%": "1",
        }.get(key)
        if filled is None:
            return None
        out.append(filled)
        k = close + 1
    return "".join(out)


def _parallel_remote(options: list[Word], ctx: Ctx, depth: int, seg: str) -> Verdict:
    """GNU parallel's ``-S``/``--sshlogin HOSTS`` runs the command on other machines over ssh
    (round 22, the lead): each host is judged as ``ssh HOST`` is (``:`` is this machine, an
    ``N/`` before a host its job count); hosts read from a file (``--sshloginfile``) are known
    only at run time."""
    logins = list(option_values(options, word_set("-S --sshlogin"), word_set("-S")))
    files = list(option_values(options, word_set("--slf --sshloginfile")))
    hosts: list[Word] = [Word(None, f.text) for f in files if f.value != ".."]
    for login in logins:
        if login.value is None:
            hosts.append(login)
            continue
        for given in login.value.split(","):
            name = given.split("/", 1)[1] if "/" in given.split("@", 1)[0] else given
            if name and name not in {":", ".."}:
                hosts.append(Word(name, name))
    for host in hosts:
        verdict = check_argv([Word("ssh", "ssh"), host, Word(":", ":")], ctx, depth + 1, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


_TRACER_LOGS = {
    **dict.fromkeys(("strace", "ltrace"), word_set("-o --output")),
    "valgrind": word_set("--log-file --xml-file"),
    "heaptrack": word_set("-o --output"),  # round 17s: its recording
}
"""A tracer's options naming the file it writes its record to (round 15)."""


def _tracer(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    with_value = word_set(
        "-o -p -e -s -u -E -a -P -I -b -X -S -t -n -m -i --target --mount --uts --ipc --net "
        "--pid --user --setuid --setgid --wd --tool --log-file"
    )
    if name == "strace":
        with_value |= _STRACE_VALUED
    i = options_end(args, frozenset(), with_value)
    logs = _TRACER_LOGS.get(name, frozenset())
    for target in option_values(args[:i], logs, logs & {"-o"}):
        if target.value is not None:
            verdict = check_write_target(target, ctx, seg)  # ``strace -o ~/.bashrc CMD``
            if not verdict.allowed:
                return verdict
    if name == "unshare" and any(
        (a.value or "").startswith(("-r", "--map-root-user")) for a in args[:i]
    ):
        return block("privilege-escalation", seg, "unshare mapping the current user to root")
    if name in {"strace", "ltrace"}:
        verdict = _trace_options(name, args[:i], ctx, depth, seg)
        if not verdict.allowed:
            return verdict
    return check_argv(args[i:], ctx, depth, seg, s)


_STRACE_VALUED = word_set(
    "--inject --fault --trace -e --signal --status --output --attach --user --trace-path -O "
    "-U --summary-columns -Z -z -D --string-limit --decode-fds -X --const-print-style"
)
"""strace's long options that take their value as the next word (``--inject SPEC``)."""
_STRACE_INJECTION = LazyPattern(r"^(?:-e\s*|--)(?:inject|fault)[=\s]")
_STRACE_REWRITES = LazyPattern(r"(?i)(?:^|:)poke_(?:enter|exit)=")


def _trace_options(name: str, options: list[Word], ctx: Ctx, depth: int, seg: str) -> Verdict:
    """A system call tracer's own options: the trace file it writes (``-o FILE``; ``-o '|CMD'``
    pipes the trace to a command), and the
    injections by which it changes what the traced program does (``-e inject=``,
    ``--fault``). Failing or delaying a call (``error=``, ``retval=``, ``signal=``) is fault
    testing, the traced command still judged as it is; writing into the program's memory
    (``poke_enter=``, ``poke_exit=``) changes what a call acts on (the path an ``unlink``
    deletes), so the command line judged no longer says what runs; any injection into a
    process already running (``-p PID``) changes a program this command did not start."""
    values = [a.value for a in options]
    injections: list[str] = []
    attached = False
    for k, v in enumerate(values):
        nxt = values[k + 1] if k + 1 < len(values) else None
        if v is None:
            continue
        key, eq, given = v.partition("=")
        target: Word | None = None
        if v in {"-o", "--output"} and k + 1 < len(options):
            target = options[k + 1]
        elif key == "--output" and eq:
            target = Word(given, given)
        elif v.startswith("-o") and len(v) > 2 and not v.startswith("--"):
            target = Word(v[2:], v[2:])
        if target is not None and target.value is not None and target.value[:1] in {"|", "!"}:
            verdict = ctx.check_source(target.value[1:], ctx, depth + 1)  # ``-o '|CMD'``
            if not verdict.allowed:
                return verdict
        elif target is not None and target.value not in {"/dev/null", "/dev/stderr"}:
            verdict = check_write_target(target, ctx, seg)
            if not verdict.allowed:
                return verdict
        if key in {"-p", "--attach"} or (v.startswith("-p") and v[2:3].isdigit()):
            attached = True
        spec = f"{v} {nxt}" if v in {"-e", "--inject", "--fault"} and nxt is not None else v
        if _STRACE_INJECTION.search(spec) is not None:
            injections.append(spec)
    if name != "strace" or not injections:
        return ALLOW
    for spec in injections:
        if _STRACE_REWRITES.search(spec.replace(",", ":")) is not None:
            return block(
                "undecidable-payload",
                seg,
                f"strace {spec!r} writes into the traced program's memory: the calls it makes "
                "act on what the injection says, not on what its command line names",
            )
    if attached:
        return block(
            "signal-control",
            seg,
            f"strace {injections[0]!r} injected into a process already running changes a "
            "program this command did not start (it may be the agent's own)",
        )
    return ALLOW


class Profiler:
    """A Python profiler's own options: those without a value, those with one, and those whose
    value is a file it writes; the words after them are ``python``'s (a script, ``-m MODULE``
    or ``-c CODE``, then its arguments)."""

    __slots__ = ("flags", "outputs", "valued")

    def __init__(self, flags: str, valued: str, outputs: str) -> None:
        self.flags = word_set(flags)
        self.outputs = word_set(outputs)
        self.valued = word_set(valued) | self.outputs


PROFILERS = {
    "pyinstrument": Profiler(
        "-t --timeline --show-all --unicode --no-unicode --color --no-color "
        "--use-timing-thread -q --quiet",
        "-r --renderer -p --render-option --hide --hide-regex --show --show-regex "
        "--async_mode -i --interval",
        "-o --outfile",
    ),
    "memray run": Profiler(
        "-f --force -q --quiet --live --live-remote --native --follow-fork "
        "--trace-python-allocators --aggregate --no-compress",
        "--live-port --temporary-allocation-threshold",
        "-o --output",
    ),
    "scalene": Profiler(
        "--json --html --cli --web --no-browser --reduced-profile --cpu --gpu --memory "
        "--cpu-only --stacks --use-virtual-time --profile-all --memory-leak-detector",
        "--profile-interval --profile-only --profile-exclude --cpu-percent-threshold "
        "--cpu-sampling-rate --malloc-threshold --program-path --column-width",
        "--outfile",
    ),
}
"""Python profilers that run a program as ``python`` would (``pyinstrument app.py``, ``memray
run -m pytest``, ``scalene app.py``): what follows their options is judged as ``python`` with
those words. An option not listed here (``--from-path`` looks the script up on ``PATH``,
``--pid`` attaches to a running process) may take the next word: unattended, refused as an
unknown program, since the guard cannot tell which word is the program."""


def _profiler(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """A Python profiler: its output file judged as a write, then the program it runs judged as
    ``python`` running it (``pyinstrument -c CODE`` is ``python -c CODE``)."""
    key = name
    if name == "memray":
        if not args or args[0].value != "run":
            from ondas.guards.bash_known import unknown_program

            return unknown_program(name, args, ctx, seg, s)  # ``memray flamegraph FILE``
        key, args = "memray run", args[1:]
    row = PROFILERS[key]
    i = 0
    while i < len(args):
        v = args[i].value
        if v is None or v in {"-m", "-c", "-"} or not v.startswith("-"):
            break
        if v == "--":
            i += 1
            break
        option, eq, value = v.partition("=")
        if option in row.outputs or (not eq and v in row.outputs):
            target = Word(value, value) if eq else (args[i + 1] if i + 1 < len(args) else None)
            if target is not None:
                verdict = check_write_target(target, ctx, seg)
                if not verdict.allowed:
                    return verdict
        if option in row.valued and not eq:
            i += 2
        elif option in row.valued or v in row.flags or v in ASKS_VERSION_OR_HELP:
            i += 1
        elif ctx.unattended:
            return block(
                "unknown-program",
                seg,
                f"{name} is given {v}, an option the guard does not know, so it cannot tell "
                "which word is the program it runs; unattended runs without the OS sandbox "
                "refuse it",
            )
        else:
            i += 1
    if i >= len(args):
        return ALLOW  # ``pyinstrument --version``, ``--load FILE``: no program run
    return check_argv([Word("python3", "python3"), *args[i:]], ctx, depth, seg, s)


XCRUN_FLAGS = word_set(
    "-v --verbose -l --log -n --no-cache -k --kill-cache -r --run -h --help --version "
    "--show-sdk-path --show-sdk-version --show-sdk-build-version --show-sdk-platform-path "
    "--show-sdk-platform-version"
)
XCRUN_VALUED = word_set("--sdk --toolchain -f --find")
"""xcrun's own options (Apple's developer-tool runner), without and with a value."""


def _xcrun(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``xcrun [OPTIONS] TOOL ARGS`` runs the developer tool TOOL of the selected SDK (``xcrun
    clang``, ``xcrun xcodebuild``): judged as that tool; with only its options it prints a path
    or version. An option not its own (the guard cannot tell which word is the tool) or a word
    computed at run time leaves it to the rule of a program no rule names."""
    i = 0
    while i < len(args):
        v = args[i].value
        if v is not None and not v.startswith("-"):
            return check_argv(args[i:], ctx, depth, seg, s)
        if v is not None and v in XCRUN_VALUED:
            i += 2
        elif v is not None and (v in XCRUN_FLAGS or v.partition("=")[0] in XCRUN_VALUED):
            i += 1
        else:
            from ondas.guards.bash_known import unknown_program

            return unknown_program(name, args, ctx, seg, s)
    return ALLOW  # ``xcrun --show-sdk-path``, ``xcrun --find clang``


def _root_switch(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    return block("privilege-escalation", seg, f"{name} enters another root or namespace")


def _tar(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    values = [a.value for a in args]
    first = values[0] if values else None
    bundled = first is not None and not first.startswith("-") and re.fullmatch(r"[a-zA-Z]+", first)
    # the first word's letters (``tar xf``) and every later cluster's (``tar xf A -U``)
    letters = (first or "" if bundled else "") + "".join(
        (v or "")[1:]
        for v in values[1 if bundled else 0 :]
        if v and v.startswith("-") and not v.startswith("--")
    )
    creating = "c" in letters or "r" in letters or "u" in letters or "--create" in values
    extracting = "x" in letters or "--extract" in values or "--get" in values
    packing = (
        creating
        and not extracting
        and not {"--to-command", "--info-script"} & {(v or "").split("=", 1)[0] for v in values}
    )
    if packing:
        verdict = _tar_packed_reads(args, bool(bundled), seg)
        if not verdict.allowed:
            return verdict
    for i, v in enumerate(values):  # what its options run is a row of the runners table
        if v is None:
            continue
        target: Word | None = None
        if packing and (v in {"-C", "--directory"} or v.startswith(("-C", "--directory="))):
            continue  # ``tar -czf out.tgz -C DIR .``: the directory files are read from
        if v in {"-C", "--directory"} and i + 1 < len(args):
            target = args[i + 1]
        elif v.startswith("--directory="):
            target = Word(v.split("=", 1)[1], v)
        elif v.startswith("-C") and len(v) > 2:
            target = Word(v[2:], v)
        elif creating and (
            v in {"-f", "--file"}
            or (v.startswith("-") and v.endswith("f") and not v.startswith("--"))
        ):
            target = args[i + 1] if i + 1 < len(args) else None
        elif creating and bundled and i == 0 and "f" in v and len(args) > 1:
            target = args[1]
        if target is not None:
            if target.value == "-":
                continue
            verdict = check_write_target(target, ctx, seg)
            if not verdict.allowed:
                return verdict
    if "x" in letters or "--extract" in values or "--get" in values:
        if "P" in letters or "--absolute-names" in values:
            # ``-P`` keeps members' leading ``/`` and ``..``: they land wherever they name,
            # the project's root included, whatever ``-C`` says
            return over_project_root(Word("/", "/"), ctx, seg)
        if "U" in letters or {"--overwrite", "--unlink-first", "--recursive-unlink"} & set(values):
            # told to replace what is there, as ``unzip -o`` and ``7z -aoa`` are: into the
            # project's root it may replace git's, ondas's or the hooks' files
            into, _members = _tar_operands(args, bool(bundled))
            verdict = over_project_root(Word(into, into), ctx, seg)
            if not verdict.allowed:
                return verdict
        if s is not None and s.kind == "pipe" and s.upstream:
            source = [w.value for w in s.upstream[-1]][:2]
            into, _members = _tar_operands(args, bool(bundled))
            if source == ["git", "archive"] and classify(into, ctx) == "project":
                # ``git archive HEAD src | tar -x``: committed files over the work tree's
                return block(
                    "git-checkout-discard",
                    seg,
                    "committed files extracted over the work tree discard uncommitted changes",
                )
        verdict = _tar_over_work(args, bool(bundled), letters, ctx, seg, s, bsd=name == "bsdtar")
        if verdict.allowed:  # before the members note what the archive brings
            verdict = _tar_members(args, bool(bundled), ctx, seg, bsd=name == "bsdtar")
        into, _members, archive = _tar_parsed(args, bool(bundled))
        if verdict.allowed and (archive is None or archive.value == "-") and s is not None:
            _fed_archive(into, s, ctx)  # ``tar x < /tmp/a.tar && make``
        return verdict
    if creating and "--remove-files" in values:
        into, operands = _tar_operands(args, bool(bundled))
        return rm_targets([_under(into, w) for w in operands], True, ctx, seg)
    return ALLOW


def _tar_over_work(
    args: list[Word],
    bundled: bool,
    letters: str,
    ctx: Ctx,
    seg: str,
    s: Stdin | None,
    *,
    bsd: bool,
) -> Verdict:
    """A whole archive tar extracts over a directory of the project's work, replacing its files
    (:mod:`ondas.guards.bash_extract_over`, round 25): the ``-C`` directory, the directories
    ``--transform``/``-s`` put members in, the root when ``--strip-components`` spills the
    archive's top directory into it."""
    from ondas.guards.bash_extract_over import (
        over_project_work,
        own_archive,
        renamed_into,
        tar_keeps,
    )

    values = [a.value for a in args]
    if tar_keeps(letters, values):
        return ALLOW
    into, members = _tar_operands(args, bundled)
    if bsd:  # ``-s /RE/REPL/``'s value is no member
        renames = {id(args[k + 1]) for k in range(len(args) - 1) if args[k].value == "-s"}
        members = [m for m in members if id(m) not in renames]
    if members:
        return ALLOW  # each member named is judged where it lands (:func:`_tar_members`)
    stripped = any((v or "").startswith("--strip-components") for v in values)
    places = [into]
    if any((v or "").startswith(("--transform", "--xform")) for v in values) or (
        bsd and "-s" in values
    ):
        from ondas.guards.bash_tar_renames import tar_renamed

        renamed = tar_renamed(args, bsd=bsd)
        places = renamed_into(into, renamed) or places
    archive = _tar_parsed(args, bundled)[2]
    origin = archive.value if archive is not None and archive.value != "-" else _fed_from(s)
    for place in places:
        root = stripped and not own_archive(origin, ctx)  # its top directory spilt in the root
        verdict = over_project_work(place, ctx, seg, archive=origin, root=root)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _fed_from(s: Stdin | None) -> str | None:
    """The file an archive read on standard input comes from: a redirected file, or the file
    ``cat`` (or a decompressor) prints; None for a download or anything else."""
    if s is not None and s.kind == "file":
        return s.text
    if s is not None and s.kind == "pipe" and s.upstream and s.upstream[-1]:
        stage = s.upstream[-1]
        files = [w.value for w in stage[1:] if not (w.value or "").startswith("-")]
        if stage[0].value in _ARCHIVE_PRINTERS and len(files) == 1:
            return files[0]
    return None


_ARCHIVE_PRINTERS = word_set("cat zcat gzip gunzip xz unxz zstd bzip2 bunzip2 pv")


def _fed_archive(into: str, s: Stdin, ctx: Ctx) -> None:
    """The archive ``tar -x`` reads on standard input: a file redirected or printed by ``cat``
    (and the decompressors), judged by where it lies; git's own archive is the project's;
    anything else a program prints (a download) is unknown (:func:`note_brought_tree`)."""
    if s.kind == "file":
        note_brought_tree(s.text, into, ctx)
    elif s.kind == "pipe" and s.upstream and s.upstream[-1]:
        stage = s.upstream[-1]
        if stage[0].value == "git":
            return
        files = [w.value for w in stage[1:] if not (w.value or "").startswith("-")]
        if stage[0].value in _ARCHIVE_PRINTERS and files:
            for path in files:
                note_brought_tree(path, into, ctx)
        else:
            note_brought_tree(None, into, ctx)


def _tar_packed_reads(args: list[Word], bundled: bool, seg: str) -> Verdict:
    """``tar -c`` reads its operands under each ``-C`` directory it is given (``tar -czf
    k.tgz -C ~ .ssh`` packs ``~/.ssh``): each joined path is judged as a read of a
    credential store, as the path written whole is."""
    directories = [
        w.value for w in option_values(args, word_set("-C --directory"), frozenset({"-C"}))
    ]
    if bundled and args and "C" in (args[0].value or ""):
        directories.append(_tar_operands(args, bundled)[0])
    _into, operands = _tar_operands(args, bundled)
    for directory in directories:
        for operand in operands:
            if directory is None or operand.value is None:
                continue
            path = posixpath.normpath(posixpath.join(directory, operand.value))
            if credential_file(path) or credential_file(path + "/"):
                return block(
                    "read-credentials",
                    seg,
                    f"tar packs {path[:80]!r}: a credential store outside the project (keys, "
                    "cloud and registry tokens) is not the agent's to read or ship",
                )
    return ALLOW


def _under(into: str, word: Word) -> Word:
    if word.value is None or into == ".":
        return word
    path = posixpath.join(into, word.value)
    return Word(path, path)


_TAR_VALUE = word_set(
    "--file --directory --files-from --exclude-from --use-compress-program --blocking-factor "
    "--format --starting-file --newer --label --exclude --transform --xform "
    "--strip-components --owner --group --mode --to-command"
)
_TAR_VALUE_LETTERS = frozenset("fCTXIbHKNV")
"""Letters of a tar option cluster that each take the next word as their value, in order."""


def _in_working_directory(directory: str, ctx: Ctx) -> Word:
    """``directory`` as an archive's members land in it: a relative one under the working
    directory when it is known (``cd /tmp && tar xf a.tgz`` unpacks in the temp directory,
    ``cd /etc && unzip a.zip`` outside the project)."""
    if ctx.cwd is not None and not directory.startswith(("/", "~")):
        path = posixpath.normpath(posixpath.join(ctx.cwd, directory))
        return Word(path, path)
    return Word(directory, directory)


def _tar_members(
    args: list[Word], bundled: bool, ctx: Ctx, seg: str, *, bsd: bool = False
) -> Verdict:
    """The members ``tar -x`` is told to extract by name are written under the ``-C``
    directory (``tar -xf cfg.tar .claude/settings.json``). A whole archive extracted in the
    project's root is left alone: release tarballs are unpacked so every day (``tar xf
    source.tar.gz``), and what they hold cannot be seen. ``bsd``: bsdtar, whose ``-s`` renames
    members as GNU tar's ``--transform`` does (round 23s)."""
    into, operands = _tar_operands(args, bundled)
    # the working directory too: after ``cd /etc`` a whole archive lands there (round 14b)
    verdict = check_write_target(_in_working_directory(into, ctx), ctx, seg)
    if not verdict.allowed:
        return verdict
    for member in operands:
        if member.value is None or any(c in member.value for c in "*?["):
            continue
        path = posixpath.join(into, member.value)
        verdict = check_write_target(Word(path, path), ctx, seg)
        if not verdict.allowed:
            return verdict
    if any((a.value or "").startswith(("--transform", "--xform")) for a in args) or (
        bsd and any(a.value == "-s" for a in args)
    ):
        from ondas.guards.bash_tar_renames import tar_renamed

        for renamed in tar_renamed(args, bsd=bsd):  # round 22: ``--transform 's,^,.git/hooks/,'``
            path = posixpath.join(into, renamed)
            verdict = check_write_target(Word(path, path), ctx, seg)
            if not verdict.allowed:
                return verdict
    note_unread_tree(into, ctx)  # its entries may be links, which later paths go through
    archive = _tar_parsed(args, bundled)[2]
    if archive is not None and archive.value != "-":  # ``tar xf /tmp/a.tar && make``
        note_brought_tree(archive.value, into, ctx)
    return ALLOW


def _tar_operands(args: list[Word], bundled: bool) -> tuple[str, list[Word]]:
    """The ``-C`` directory of a tar command line and its operands (members or files)."""
    into, operands, _archive = _tar_parsed(args, bundled)
    return into, operands


def _tar_parsed(args: list[Word], bundled: bool) -> tuple[str, list[Word], Word | None]:
    """:func:`_tar_operands`, and the archive ``-f``/``--file`` names (None: none named)."""
    into = "."
    operands: list[Word] = []
    archive: Word | None = None
    i = 0
    while i < len(args):
        v = args[i].value or ""
        cluster = (bundled and i == 0) or (v.startswith("-") and not v.startswith("--"))
        if v == "--":
            operands.extend(args[i + 1 :])
            break
        if cluster and len(v) > 1:
            letters = v.lstrip("-")
            if len(letters) > 1 and letters[0] == "C" and not bundled:
                into = letters[1:]  # ``-Cdir``
                i += 1
                continue
            taken = 0
            for letter in letters:
                if letter in _TAR_VALUE_LETTERS:
                    taken += 1
                    if letter == "C" and i + taken < len(args):
                        into = args[i + taken].value or "."
                    if letter == "f" and i + taken < len(args):
                        archive = args[i + taken]
            i += 1 + taken
            continue
        if v.startswith("--"):
            key = v.split("=", 1)[0]
            if key == "--directory":
                into = v.split("=", 1)[1] if "=" in v else (args[i + 1].value or ".")
            if key == "--file" and ("=" in v or i + 1 < len(args)):
                archive = Word(v.split("=", 1)[1], v) if "=" in v else args[i + 1]
            i += 2 if key in _TAR_VALUE and "=" not in v else 1
            continue
        operands.append(args[i])
        i += 1
    return into, operands, archive


def _sponge(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """sponge writes its operand; fed nothing (``sponge F < /dev/null``), it empties it."""
    from ondas.guards.bash_system import beyond_recovery, fed_empty

    targets = positionals(args)
    verdict = write_all(targets, ctx, seg)
    if verdict.allowed and fed_empty(s) and "-a" not in flag_set(args):
        return beyond_recovery(name, targets, ctx, seg, "empties")
    for target in targets if verdict.allowed else []:
        _note_output(name, target, ctx)  # ``jq ... f | sponge f``: what it holds is unknown
    return verdict


def _sed_script_writes(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """sed's ``w FILE`` command and ``s///w FILE`` flag write files, in-place or not."""
    from ondas.guards.bash_system import _sed

    values = [a.value for a in args]
    scripts: list[str] = []
    for k, v in enumerate(values):
        if v in {"-e", "--expression"} and k + 1 < len(values):
            scripts.append(values[k + 1] or "")
        elif v is not None and v.startswith("--expression="):
            scripts.append(v.split("=", 1)[1])
    if not scripts:
        positional = positionals(args, word_set("-e -f --expression --file -l"))
        if positional and positional[0].value is not None:
            scripts.append(positional[0].value)
    from ondas.guards.bash_sed import sed_script

    for script in scripts:
        read = sed_script(script)  # sed's grammar; None: the wider reading below
        if read is None:
            writes = [
                (match.group(1) or match.group(3) or "").strip()
                for match in _SED_WRITE.finditer(script)
            ]
            executes = bool(_SED_EXEC.search(script))
        else:
            writes, executes = [w.strip() for w in read.writes if w.strip()], read.executes
        for target in writes:
            if target in {"/dev/stdout", "/dev/stderr"}:
                continue
            verdict = check_write_target(Word(target, target), ctx, seg)
            if not verdict.allowed:
                return verdict
            note_written(ctx, target, None)  # what sed writes there is its input's lines
        if executes:
            return block("dynamic-command", seg, "sed's e command runs shell commands")
    return _sed(name, args, ctx, depth, seg, s)


_SED_WRITE = LazyPattern(
    r"(?:^|[;\n{}]|\d|\$|/)\s*[wW]\s+([^;\n}]+)|s(.).*?\2.*?\2[gpiI0-9]*w\s+(\S+)"
)
_SED_EXEC = LazyPattern(
    r"(?:^|[;\n{])\s*(?:(?:(?:\d+|\$|/[^/\n]*/)(?:,(?:\d+|\$|/[^/\n]*/))?|,(?:\d+|\$|/[^/\n]*/))"
    r"\s*)?e(?:\s|$)"
    r"|s(.).*?\1.*?\1[gpiI0-9]*e"
)


_UNZIP_NO_WRITE = word_set("-l -t -p -v -z -Z -c")
"""unzip's options that list, test or print an archive instead of extracting it."""


def _unzip(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    values = [a.value for a in args]
    name = "7z" if name in {"7za", "7zr", "7zz"} else name  # 7-Zip's other builds
    if name == "unzip" and any(v == "-:" or (v or "").startswith("-:") for v in values):
        # ``-:`` lets members named ``../`` climb out of ``-d``: anywhere, the project's root
        return over_project_root(Word("/", "/"), ctx, seg)
    if name == "rar":
        return _rar(args, ctx, seg)
    into = _unzip_directory(args) if name == "unzip" else None
    if name == "unzip" and "-o" in _unzip_flags(args, into) and not _unzip_members(args, into):
        from ondas.guards.bash_extract_over import over_project_work

        # ``unzip -o A -d src``: over the root, or over a directory of the project's work
        named = [w for w in args if not (w.value or "-").startswith("-")]
        verdict = over_project_work(
            into[0].value if into else ".", ctx, seg, archive=named[0].value if named else None
        )
        if not verdict.allowed:
            return verdict
    elif name == "unzip" and "-o" in _unzip_flags(args, into):
        verdict = over_project_root(into[0] if into else None, ctx, seg)
        if not verdict.allowed:
            return verdict
    if name == "7z":
        verdict = _7z_over_work(args, ctx, seg)  # before the notes of what it brings
        if not verdict.allowed:
            return verdict
    _note_extracted(name, args, ctx)
    if into is not None:
        return check_write_target(into[0], ctx, seg)
    for v in values:
        if v is None:
            continue
        if name == "7z" and v.startswith("-o") and len(v) > 2:
            return check_write_target(Word(v[2:], v), ctx, seg)
    if name == "unzip" and not flag_set(args) & _UNZIP_NO_WRITE:
        # no ``-d``: the members land in the working directory, outside after ``cd /root``
        verdict = check_write_target(_in_working_directory(".", ctx), ctx, seg)
        if not verdict.allowed:
            return verdict
    if name in {"zip", "7z"}:
        positional = positionals(args, word_set("-x -i -b -t -n"))
        if name == "7z" and positional and positional[0].value in {"a", "u"}:
            positional = positional[1:]
        elif name == "7z":
            return ALLOW  # extracting with overwrite: :func:`_7z_over_work`
        if positional:
            verdict = check_write_target(positional[0], ctx, seg)
            moves = "-sdel" in values if name == "7z" else "-m" in flag_set(args)
            if verdict.allowed and (moves or "--move" in values):
                return rm_targets(positional[1:], True, ctx, seg)  # archived, then deleted
            return verdict
    return ALLOW


def _7z_over_work(args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """``7z x``/``e`` told to overwrite (``-y``, ``-aoa``): its ``-o`` directory (else the
    working directory) judged by :func:`~ondas.guards.bash_extract_over.over_project_work`
    (``7z x -aoa A -o.`` over the root, ``-osrc -y`` over the project's work)."""
    values = [a.value or "" for a in args]
    named = [v for v in values if not v.startswith("-")]
    if not named or named[0] not in {"x", "e"}:
        return ALLOW
    if not any(v == "-y" or v.startswith("-aoa") for v in values):
        return ALLOW
    from ondas.guards.bash_extract_over import over_project_work

    into = next((v[2:] for v in values if v.startswith("-o") and len(v) > 2), ".")
    return over_project_work(into, ctx, seg, archive=named[1] if len(named) > 1 else None)


_Into = tuple[Word, Word]
"""Where unzip extracts: the directory's word, and the argument that named it."""


def _unzip_directory(args: list[Word]) -> _Into | None:
    """unzip's ``-d DIR``, or ``-dDIR``, which unzip reads as one (round 20s: ``unzip -o A
    -d.claude``; the letters after ``-d`` are no flags)."""
    for i, word in enumerate(args):
        value = word.value
        if value == "-d" and i + 1 < len(args):
            return args[i + 1], word
        if value is not None and value.startswith("-d") and len(value) > 2:
            return Word(value[2:], value), word
    return None


def _unzip_members(args: list[Word], into: _Into | None) -> list[Word]:
    """The members unzip is told to extract by name (after the archive; ``-x`` excludes)."""
    named: list[Word] = []
    for word in args:
        if word.value == "-x":
            break
        if into is not None and word is into[0]:
            continue
        if word.value is None or not word.value.startswith("-"):
            named.append(word)
    return named[1:]


def _unzip_flags(args: list[Word], into: _Into | None) -> set[str]:
    """unzip's flags, the word that named its directory left out."""
    return flag_set([a for a in args if into is None or a is not into[1]])


def _note_extracted(name: str, args: list[Word], ctx: Ctx) -> None:
    """Record where ``unzip`` (``-d DIR``, else the working directory) or ``7z x``/``e``
    (``-oDIR``) extracts (:func:`~ondas.guards.bash_base.note_unread_tree`): an entry may be a
    symbolic link, followed by a later path under it."""
    values = [a.value or "" for a in args]
    if name == "unzip":
        place = _unzip_directory(args)
        if _unzip_flags(args, place) & _UNZIP_NO_WRITE:
            return
        into = "." if place is None else place[0].value or ""
    elif name == "7z" and any(v in {"x", "e"} for v in values if not v.startswith("-")):
        into = next((v[2:] for v in values if v.startswith("-o") and len(v) > 2), ".")
    else:
        return
    note_unread_tree(into, ctx)
    named = [a for a in args if a.value is None or not a.value.startswith("-")]
    named = named[1:] if name == "7z" else named  # ``7z x ARCHIVE``
    if named:  # ``unzip /tmp/a.zip && make``
        note_brought_tree(named[0].value, into, ctx)


def _rar(args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """``rar m ARCHIVE FILES`` (and ``a -df``) moves the files into the archive: deleted;
    ``rar x -o+`` into the project's root overwrites what is there."""
    named = [w for w in args if not (w.value or "").startswith("-")]
    values = [a.value for a in args]
    verb = named[0].value if named else None
    if verb in {"m", "mf"} or (verb == "a" and "-df" in values):
        verdict = check_write_target(named[1], ctx, seg) if len(named) > 1 else ALLOW
        return verdict if not verdict.allowed else rm_targets(named[2:], True, ctx, seg)
    if verb in {"x", "e"} and "-o+" in values:
        return over_project_root(named[2] if len(named) > 2 else None, ctx, seg)
    return ALLOW


def _extractor(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """Other programs that unpack an archive where they are told, replacing what is there:
    ``pax -r`` and ``ar x``/``jar xf`` into the working directory, ``dpkg-deb -x DEB DIR``,
    ``unsquashfs -f -d DIR``. Into the project's root they may replace git's, ondas's or the
    hooks' files (:func:`~ondas.guards.bash_base.over_project_root`); a sub-directory is
    everyday, as for ``unzip -o -d``. What else they do is the default's for a program no rule
    names."""
    values = [a.value or "" for a in args]
    first = values[0].lstrip("-") if values else ""
    target: Word | None = None
    unpacks = False
    if name == "pax":
        unpacks = "r" in "".join(v[1:] for v in values if v.startswith("-") and v[1:2] != "-")
        if unpacks and "-s" in values:
            from ondas.guards.bash_tar_renames import tar_renamed

            for renamed in tar_renamed(args, bsd=True):  # round 23s: ``pax -r -s ',^,D/,'``
                verdict = check_write_target(Word(renamed, renamed), ctx, seg)
                if not verdict.allowed:
                    return verdict
    elif name in {"ar", "jar"}:
        unpacks = first.isalpha() and "x" in first
    elif name == "dpkg-deb":
        for k, v in enumerate(values):
            if v in {"-x", "--extract", "-X", "--vextract", "-R", "--raw-extract"}:
                unpacks = True
                named = positionals(args[k + 1 :])
                target = named[1] if len(named) > 1 else None
    elif name == "unar":
        return _unar(args, ctx, seg, s)
    elif name == "unsquashfs":
        unpacks = "-f" in values or "-force" in values
        target = next(iter(option_values(args, word_set("-d -dest"))), None)
        if target is None and unpacks:
            target = Word("squashfs-root", "squashfs-root")
    if unpacks:
        if target is not None:
            verdict = check_write_target(target, ctx, seg)
            if not verdict.allowed:
                return verdict
        verdict = over_project_root(target, ctx, seg)
        if not verdict.allowed:
            return verdict
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)


_UNAR_VALUED = word_set(
    "-o -output-directory -p -password -e -encoding -E -password-encoding -k -forks"
)
_UNAR_OPTIONS = _UNAR_VALUED | word_set(
    "-f -force-overwrite -r -force-rename -s -force-skip -d -force-directory -D -no-directory "
    "-i -indexes -nr -no-recursion -t -copy-time -q -quiet"
)
"""The Unarchiver's options: what it writes is its output directory (``-o``, else the working
directory); ``-f`` replaces what is there; the rest choose names, encodings and what to print."""


def _unar(args: list[Word], ctx: Ctx, seg: str, s: Stdin | None) -> Verdict:
    """``unar [-o DIR] ARCHIVE [ENTRY...]`` (round 18, everyday18b) extracts into ``DIR`` or
    the working directory, as ``unzip -d`` does: that directory is judged as a write in every
    mode (before, only with ``-f``), ``-f`` into the project's root as ``unzip -o`` is, and the
    tree is noted as extracted (a link it holds followed later: as unzip's). Known unattended,
    as unzip is, when every option is one of :data:`_UNAR_OPTIONS` and no word is computed at
    run time; otherwise, a program no rule names."""
    from ondas.guards.bash_known import unknown_program

    values = [a.value for a in args]
    given = list(option_values(args, word_set("-o -output-directory")))
    into = given[0] if given else _in_working_directory(".", ctx)
    if into.value != "-":  # ``-o -``: the entries written to standard output
        verdict = check_write_target(into, ctx, seg)
        if verdict.allowed and {"-f", "-force-overwrite"} & set(values):
            verdict = over_project_root(given[0] if given else None, ctx, seg)
        if not verdict.allowed:
            return verdict
    options = {v.split("=", 1)[0] for v in values if v is not None and v.startswith("-")}
    named = positionals(args, _UNAR_VALUED)
    if None in values or options - _UNAR_OPTIONS or not named:
        return unknown_program("unar", args, ctx, seg, s)
    if into.value != "-" and into.value is not None:
        note_unread_tree(into.value, ctx)
        note_brought_tree(named[0].value, into.value, ctx)
    return ALLOW


def _cpio(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``cpio -i -u`` replaces every file the archive holds, in its ``-D`` directory or the
    working directory."""
    flags = flag_set(args)
    if flags & {"-i", "--extract"}:
        # ``cpio -id -D ~``: the archive's files created under a directory outside the project
        for directory in option_values(args, word_set("-D --directory")):
            verdict = check_write_target(directory, ctx, seg)
            if not verdict.allowed:
                return verdict
    if flags & {"-i", "--extract"} and flags & {"-u", "--unconditional"}:
        into = next(iter(option_values(args, word_set("-D --directory"))), None)
        return over_project_root(into, ctx, seg)
    if (
        flags & {"-i", "--extract"}
        and "--no-absolute-filenames" not in flags
        and s is not None
        and s.kind == "file"
        and s.text
        and classify(s.text, ctx) not in {"project", "project-temp", "null"}
    ):
        # round 17: cpio keeps members' absolute names unless told not to, so an archive from
        # outside the project (``cpio -id < ~/Downloads/a.cpio``) lands wherever it names, as
        # ``tar -P`` does
        return over_project_root(Word("/", "/"), ctx, seg)
    if flags & {"-p", "--pass-through"}:
        # round 21: ``cpio -pdm DIR < list``: the listed files copied into DIR
        values = word_set("-C -H -I -O -E -F -M -R --format --owner --block-size")
        places = [a for a in args if a.value is None or a.value[:1] != "-"]
        given = [a for k, a in enumerate(args) if k and args[k - 1].value in values]
        operands = [a for a in places if all(a is not g for g in given)]
        if operands and operands[-1].value is not None:
            return check_write_target(operands[-1], ctx, seg)
    return ALLOW


def _rsync(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    with_value = word_set(
        "-e --rsh --exclude --include --filter -f --files-from --rsync-path -T --link-dest"
    )
    for k, word in enumerate(args):
        v = word.value
        rsh = None
        if v in {"-e", "--rsh", "--rsync-path"} and k + 1 < len(args):
            rsh = args[k + 1].value
        elif v is not None and v.startswith(("--rsh=", "--rsync-path=")):
            rsh = v.split("=", 1)[1]
        else:
            continue
        if rsh is None:
            return block("dynamic-command", seg, "rsync running a command computed at run time")
        verdict = ctx.check_source(rsh, ctx, depth + 1)
        if not verdict.allowed:
            return verdict
    positional = positionals(args, with_value)
    if len(positional) < 2:
        return ALLOW
    dest = positional[-1]
    if dest.value is not None and _REMOTE_PATH.match(dest.value):
        return _raw_network(name, args, ctx, depth, seg, s)
    deleting = any((a.value or "").startswith("--del") for a in args)  # ``--del`` too
    verdict = check_write_target(dest, ctx, seg)
    if not verdict.allowed:
        return verdict
    for linked in option_values(args, word_set("--link-dest")):
        # round 20s: an unchanged file is a hard link to the one under ``--link-dest``
        verdict = hard_links([linked, dest], ctx, seg)
        if not verdict.allowed:
            return verdict
    if deleting:
        verdict = rm_targets([dest], True, ctx, seg)
        if not verdict.allowed:
            return verdict
    if any(a.value in {"--remove-source-files", "--remove-sent-files"} for a in args):
        verdict = rm_targets(positional[:-1], True, ctx, seg)  # moved, so deleted here
        if not verdict.allowed:
            return verdict
    if any((w.value or "").endswith("/") for w in positional[:-1]):
        verdict = over_project_root(dest, ctx, seg)  # ``rsync -a x/ ./``: x's contents
        if not verdict.allowed:
            return verdict
    if not deleting and flag_set(args) & _RSYNC_TREES:
        from ondas.guards.bash_copy_over import synced_over

        verdict = synced_over(args, positional[:-1], dest, ctx, seg)  # over a work directory
        if not verdict.allowed:
            return verdict
    _note_synced_links(args, positional, ctx)
    verdict = _raw_network(name, args, ctx, depth, seg, s)
    if verdict.allowed and dest.value is not None:
        for source in positional[:-1]:  # ``rsync /tmp/x Makefile && make``, a remote's too
            remote = source.value is not None and _REMOTE_PATH.match(source.value)
            note_brought_tree(None if remote else source.value, dest.value, ctx)
            if remote or source.value is None or brought_from_outside(source.value, ctx):
                note_written(ctx, dest.value, None)
                file = source.value or ""
                if dest.value.endswith("/") and not remote and file and file[-1:] != "/":
                    # ``rsync /tmp/conftest.py tests/``: the file keeps its name there, as
                    # ``cp`` into a directory does (round 18)
                    into = posixpath.join(dest.value, posixpath.basename(file))
                    note_written(ctx, into, None)
                    note_brought(into, file, ctx)
    return verdict


_RSYNC_TREES = word_set("-r -a -d --recursive --archive --dirs")
"""rsync's options under which it copies a directory's files (without, it skips them)."""
_REMOTE_PATH = LazyPattern(r"^[\w.\-]+@?[\w.\-]*:|^[a-z]+://")


_RSYNC_LINKS_KEPT = word_set("--links --archive")
_RSYNC_LINKS_FOLLOWED = word_set("--copy-links --copy-unsafe-links --safe-links --no-links")


def _note_synced_links(args: list[Word], positional: list[Word], ctx: Ctx) -> None:
    """``rsync -l``/``-a`` copies a symbolic link as a link, with its text, as ``cp -a`` does:
    record each local source's copy as a copied tree (:attr:`~ondas.guards.bash_base.
    Ctx.copied_trees`; ``SRC/`` copies SRC's contents into DEST, ``SRC`` itself into
    ``DEST/SRC``), so a path written or deleted under the copy later on the line goes through
    the links SRC holds on disk (``rsync -a vendor/ /tmp/v && echo x > /tmp/v/p/rc``). Not
    when links are followed or left out (``-L``, ``--copy-links``, ``--safe-links``)."""
    letters = "".join(
        (a.value or "")[1:] for a in args if (a.value or "")[:1] == "-" != (a.value or "")[1:2]
    )
    values = {a.value for a in args}
    if "L" in letters or values & _RSYNC_LINKS_FOLLOWED:
        return
    if not ("a" in letters or "l" in letters or values & _RSYNC_LINKS_KEPT):
        return
    place = positional[-1].value
    if place is None or place.startswith("~") or (ctx.cwd is None and place[:1] != "/"):
        return
    for source in positional[:-1]:
        text = source.value
        if text is None or text.startswith("~") or ":" in text.split("/", 1)[0]:
            continue
        if ctx.cwd is None and text[:1] != "/":
            continue
        copy = place if text.endswith("/") else posixpath.join(place, posixpath.basename(text))
        ctx.copied_trees[at_cwd(copy, ctx)] = at_cwd(text, ctx)


def _clustered_outputs(args: list[Word], attached: frozenset[str]) -> list[Word]:
    """The output a cluster of flags ending in an attached option names (round 20s: ``sort
    -mo.git/info/exclude``, ``sort -uo F``): getopt reads ``-mo F`` as ``-m -o F``."""
    found: list[Word] = []
    for i, word in enumerate(args):
        v = word.value or ""
        if v.startswith("--") or len(v) < 3 or v[:2] in attached or v[:1] != "-":
            continue
        at = next((j for j in range(2, len(v)) if "-" + v[j] in attached), None)
        if at is None or not v[1:at].isalpha():
            continue
        if at + 1 < len(v):
            found.append(Word(v[at + 1 :], v))
        elif i + 1 < len(args):
            found.append(args[i + 1])
    return found


def _output_option(options: frozenset[str], positional_target: int | None = None) -> Callable_:
    def handler(
        name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
    ) -> Verdict:
        # ``-o FILE``, ``--output=FILE``; ``-oFILE`` only where the option is one letter
        # that takes its value attached (``sort -oout.txt``, ``csplit -fpart``)
        attached = options if name in {"sort", "split", "csplit"} else frozenset()
        verdict = streamed_over_input(name, args, ctx, seg)  # ``uniq F F``, ``openssl enc``
        if not verdict.allowed:
            return verdict
        targets = list(option_values(args, options, attached, short_equals=False))
        targets += _clustered_outputs(args, attached)  # round 20s: ``sort -mo F``
        for target in targets:
            verdict = check_write_target(target, ctx, seg)
            if not verdict.allowed:
                return verdict
            _note_output(name, target, ctx, _sorted_input(name, args, s))
        if positional_target is not None:
            positional = positionals(args, options | word_set("-b -l -n -a -k -t -f -s"))
            if len(positional) > positional_target:
                target = positional[positional_target]
                verdict = check_write_target(target, ctx, seg)
                if verdict.allowed:
                    _note_output(name, target, ctx)
                return verdict
        return ALLOW

    return handler


def _note_output(name: str, target: Word, ctx: Ctx, text: str | None = None) -> None:
    """Remember a file an output option or operand writes as written by this line with ``text``,
    or text the guard does not follow (its input's lines, decoded or reordered), so a later stage
    that runs it (``sort -o x.sh; sh x.sh``) is judged as running such a file; split's pieces
    and csplit's are their prefix with the first suffixes (``aa``, ``00``)."""
    if target.value is None or target.value == "-":
        return
    pieces = name in {"split", "csplit"}
    names = [f"{target.value}aa", f"{target.value}00"] if pieces else [target.value]
    for path in names:
        note_written(ctx, path, text)


def _sorted_input(name: str, args: list[Word], s: Stdin | None) -> str | None:
    """What ``sort -o FILE`` given no file and fed known text writes: its lines in order."""
    if name != "sort" or positionals(args, word_set("-o --output -k -t -S -T")):
        return None
    from ondas.guards.bash_system import stdin_payloads

    payloads = stdin_payloads(s)
    if not payloads or len(payloads) != 1 or payloads[0] is None:
        return None
    return "\n".join(sorted(payloads[0].splitlines())) + "\n"


_OPENSSL_OUTPUT = _output_option(frozenset({"-out"}))
_OPENSSL_HOSTS = word_set("-connect -url -proxy")


def _openssl(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """openssl's ``-out`` file, and the host its network commands reach (``s_client -connect
    HOST:PORT``, ``ocsp -url``, ``-proxy``), judged as any client's."""
    verdict = _OPENSSL_OUTPUT(name, args, ctx, depth, seg, s)
    if not verdict.allowed:
        return verdict
    for host in option_values(args, _OPENSSL_HOSTS):
        if host.value is None:
            return block("network-unknown-target", seg, "a host computed at run time")
        url = host.value if "://" in host.value else f"https://{host.value}"
        verdict = network_url(url, ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


_PATCH_VALUE = word_set(
    "-i --input -d --directory -o --output -r --reject-file -B --prefix -z --suffix -F --fuzz "
    "-V --version-control -Y --basename-prefix -D --ifdef -p --strip"
)


_PATCH_WRITES = word_set("-d --directory -o --output -r")
"""patch's options naming where it writes: the directory it patches in, the output and the
rejects file."""


def _patch(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``patch [FILE]`` writes FILE, or the files its diff names: the first operand, the
    ``-o``/``-d``/``-r`` values, and the headers of a diff given as text on stdin
    (``+++ b/.claude/settings.json``), taken with and without their first component."""
    operands = positionals(args, _PATCH_VALUE)
    for target in [*option_values(args, _PATCH_WRITES, short_equals=False), *operands[:1]]:
        verdict = check_write_target(target, ctx, seg)
        if not verdict.allowed:
            return verdict
    diffs = [w.value for w in option_values(args, word_set("-i --input"), short_equals=False)]
    if s is not None and s.kind == "file":
        diffs.append(s.text)
    for diff in diffs:  # round 18: ``patch -p1 < /tmp/x.diff && make``, as ``git apply``
        if diff and brought_from_outside(diff, ctx):
            directory = next(option_values(args, word_set("-d --directory")), None)
            note_brought_tree(diff, (directory and directory.value) or ctx.cwd or ".", ctx)
    if s is not None and s.kind == "text" and s.text:
        return diff_writes(s.text, ctx, seg)
    if s is not None and s.kind == "pipe" and s.upstream and not flag_set(args) & _PATCH_DRY:
        return _diff_applied(
            s.upstream[-1], bool(flag_set(args) & {"-R", "--reverse"}), ctx, depth, seg
        )
    return ALLOW


_PATCH_DRY = word_set("--dry-run -C --check")
_DIFF_VALUE = word_set(
    "-U -C -F -I -x -X -L --label --unified --context --exclude --exclude-from "
    "--ignore-matching-lines --show-function-line --starting-file --horizon-lines"
)


def _diff_applied(upstream: list[Word], reverse: bool, ctx: Ctx, depth: int, seg: str) -> Verdict:
    """``diff OLD NEW | patch``: the patch turns OLD into NEW (NEW into OLD with ``-R``), as
    copying NEW over OLD does: ``diff -u src/app.py /dev/null | patch -p0`` empties (and
    deletes) the source, as ``cp /dev/null src/app.py`` does; ``diff -ru src /tmp/empty``
    deletes every file of src, as ``rsync --delete`` of an empty tree over it."""
    if not upstream or upstream[0].value is None:
        return ALLOW
    if reverse and command_name(upstream[0].value) == "git":
        # ``git diff [HEAD] | patch -R``: the work tree's own changes reversed, as
        # ``git diff | git apply -R`` and ``git checkout -- .`` discard them
        words = [w.value for w in upstream[1:]]
        if "diff" in words[:3] and not {"--cached", "--staged"} & set(words):
            return block(
                "git-checkout-discard",
                seg,
                "reversing the work tree's own diff discards uncommitted changes to files",
            )
    if command_name(upstream[0].value) != "diff":
        return ALLOW
    operands = positionals(upstream[1:], _DIFF_VALUE)
    if len(operands) != 2:
        return ALLOW
    old, new = reversed(operands) if reverse else operands
    if new.value is None or old.value is None:
        return ALLOW  # computed names: the patch's own business, as a computed write is
    if new.value == "/dev/null":
        argv = ["cp", "/dev/null", old.value]
    elif "--recursive" in flag_set(upstream[1:]) or any(
        (v := a.value or "")[:1] == "-" != v[1:2] and "r" in v for a in upstream[1:]
    ):
        argv = ["rsync", "-a", "--delete", new.value.rstrip("/") + "/", old.value]
    else:
        argv = ["cp", new.value, old.value]
    return check_argv([Word(w, w) for w in argv], ctx, depth + 1, seg)


_YQ_VALUE = word_set(
    "-o --output-format -p --input-format -I --indent --arg --argjson --from-file "
    "--expression --front-matter --split-exp -s"
)


def _yq(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``yq -i EXPR FILE...`` rewrites each FILE in place: each is a write target."""
    values = [a.value or "" for a in args]
    if not any(
        v in {"-i", "--inplace", "--in-place"} or re.fullmatch(r"-[a-zA-Z]*i", v) for v in values
    ):
        return ALLOW
    operands = positionals(args, _YQ_VALUE)
    files = operands if "--expression" in values or "--from-file" in values else operands[1:]
    return write_all(files, ctx, seg)


def _ln(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``ln``, and POSIX ``link FILE1 FILE2`` (round 21), the hard link ``ln FILE1 FILE2``
    makes."""
    from ondas.guards.bash_system import _copy

    verdict = _copy("ln", args, ctx, depth, seg, s)
    if not verdict.allowed:
        return verdict
    return hard_links(args, ctx, seg)


def hard_links(args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """``ln SRC DEST`` and ``cp -l SRC DEST``: a hard link to a file outside the project is
    that file, and a write through it writes the file."""
    if flag_set(args) & {"-s", "--symbolic"}:
        return ALLOW
    positional = positionals(args, word_set("-t --target-directory -S --suffix"))
    for source in positional[:-1] if len(positional) > 1 else positional:
        if source.value is None:
            return block(
                "hardlink-outside-project", seg, "a hard link to a path computed at run time"
            )
        where = classify(source.value, ctx)
        if where not in {"project", "project-temp", "system-temp", "null"}:
            return block(
                "hardlink-outside-project",
                seg,
                "a hard link to a file outside the project lets writes escape it",
            )
    return ALLOW


def _find_delete(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``find -delete`` is a recursive deletion of its roots (unless it names temp files)."""
    from ondas.guards.bash_find_names import junk_name
    from ondas.guards.bash_system import _find, find_deletes, vanishing_roots

    values = [a.value for a in args]
    names = [values[k + 1] for k, v in enumerate(values[:-1]) if v in {"-name", "-iname"}]
    scratch = find_scratch_name(values)
    temp_names = scratch is not None
    git_locks = False
    roots = vanishing_roots(_find_roots(args), ctx)
    vanishing = len(roots) > len(_find_roots(args))  # ``nullglob``: find may search ``.``
    if find_deletes(args) and (not temp_names or vanishing):
        locks = [
            posixpath.join(r.value, n) for r in roots for n in names if r.value and n is not None
        ]
        only_names = not any(v in {"-o", "-or", "!", "-not", ","} for v in values)
        git_locks = (  # ``find .git -name '*.lock' -delete`` deletes only git's stale locks
            bool(names)
            and only_names
            and len(locks) == len(roots) * len(names)
            and all(git_lock_file(lock, ctx) for lock in locks)
        )
        named = (  # a glob (``*.EXT``, ``*.sw?``, ``*.[oa]``) whose matches ``rm``'s rules
            # read, a ``?``/``[...]`` by the kinds of file it may match (``*.[ch]`` names
            # sources: :func:`many_files`). A literal name stays a recursive deletion of the
            # roots (round 16): every file so named in the tree (``-name .env``, ``-name
            # data.db``); ``-exec rm`` of a source's or extensionless name now matches it
            # (round 18, ``left18``), and the lead kept ``-delete``'s stricter reading. Round
            # 19 (``left19``): a literal name of junk (``.DS_Store``, ``npm-debug.log``) is
            # read as ``-exec rm -f {} +`` reads it, and that refuses the project's own kinds
            # (:func:`find_kept_name`) as this does
            bool(names)
            and only_names
            and all(n and "/" not in n and (set(n) & set("*?[") or junk_name(n)) for n in names)
        )
        if not git_locks and named:
            # ``-delete`` removes the entries the name test lets through, and a directory only
            # once it is empty (what does not match stays in it): the entries ``-exec rm -f {}
            # +`` would be given, judged as that is (``find . -name '*.test' -delete``; a
            # source glob stays many files, ``-name '*'`` every file, ``.git`` protected)
            from ondas.guards.bash_find_names import deletes_kept

            reach = roots_reaching_project(roots, values, ctx)
            for root in reach:
                entries = find_entries(str(root.value), values, ctx) if root.value else None
                rm = [Word("rm", "rm"), Word("-f", "-f"), Word(entries, root.text)]
                verdict = check_argv(rm, ctx, depth, seg)
                if not verdict.allowed:
                    kept = deletes_kept(reach, values, ctx, seg)
                    return kept if one_of_many(verdict) and not kept.allowed else verdict
            verdict = deletes_kept(reach, values, ctx, seg)  # ``-name '.env*'``: round 20
            if not verdict.allowed:
                return verdict
        elif not git_locks:
            verdict = rm_targets(roots, True, ctx, seg)
            if not verdict.allowed:
                return verdict
    moved = [
        Word(path, root.text)
        for root in (_find_roots(args) if temp_names and ctx.renamed else [])
        if root.value is not None
        for path in [moved_reached(root.value, values, ctx)]
        if path is not None
    ]
    if moved and find_deletes(args):  # ``mv src __pycache__ && find . -name __pycache__ -delete``
        verdict = rm_targets(moved, True, ctx, seg)
        if not verdict.allowed:
            return verdict
    narrowed_to = scratch if scratch is not None and not moved else names[0] if git_locks else None
    if narrowed_to is not None:
        root_args = [
            Word(posixpath.join(a.value, str(narrowed_to)), a.text)
            if a.value is not None and not a.value.startswith("-") and k < _first_option(args)
            else a
            for k, a in enumerate(args)
        ]
        return _find(name, root_args, ctx, depth, seg, s)
    return _find(name, args, ctx, depth, seg, s)


def _find_roots(args: list[Word]) -> list[Word]:
    """The roots ``find ARGS`` searches (``.`` when none is named)."""
    roots = []
    for word in args:
        if word.value is not None and (word.value.startswith("-") or word.value in "(!),"):
            break
        if word.value not in {"-H", "-L", "-P"}:
            roots.append(word)
    return roots or [Word(".", ".")]


def _first_option(args: list[Word]) -> int:
    for k, word in enumerate(args):
        if (
            word.value is not None
            and word.value not in {"-H", "-L", "-P"}
            and (word.value.startswith("-") or word.value in {"(", "!"})
        ):
            return k
    return len(args)


_TO_STDOUT = word_set("-c --stdout --to-stdout -l --list -t --test")


def _in_place(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """Compressors replace each file they are given (``gzip x`` leaves ``x.gz``, removes
    ``x``): every file operand is a write target, unless the output goes to stdout."""
    flags = flag_set(args)
    values = {a.value or "" for a in args}
    if flags & _TO_STDOUT or values & _TO_STDOUT:
        return ALLOW
    encrypter = name in _ENCRYPTERS
    operands = positionals(args, _ENCRYPTER_VALUES if encrypter else _COMPRESSOR_VALUES)
    operands = [w for w in operands if w.value != "-"]
    verdict = write_all(operands, ctx, seg)
    if not verdict.allowed:
        return verdict
    if encrypter:
        removes = True  # ``ccrypt -e F`` replaces F by F.cpt, as gzip replaces F by F.gz
    elif name in _KEEPS_BY_DEFAULT:
        removes = "--rm" in values
    else:
        removes = not (flags & {"-k", "--keep"} or "--keep" in values)
    if removes and not values & {"-o", "--output"}:
        # ``gzip -r src``, ``bzip2 src/*.py``: each file is replaced by its archive (or, when
        # decompressing, the archive by its file): judged as the deletion of the operands
        verdict = rm_targets(operands, bool(flags & {"-r", "--recursive"}), ctx, seg)
        if not verdict.allowed:
            return verdict
    unpacker = name.startswith(("un", "gun", "bun"))
    decompress = unpacker or flags & {"-d", "--decompress", "--uncompress"}
    if decompress and flags & {"-f", "--force"}:
        # ``gunzip -f src/app.py.gz``: the file the archive holds is written over what is there
        outputs = list(option_values(args, word_set("-o --output"), word_set("-o"))) or [
            Word(v.rpartition(".")[0], w.text)
            for w in operands
            if (v := w.value) is not None and "." in posixpath.basename(v)
        ]
        verdict = beyond_recovery(name, outputs, ctx, seg, "overwrites")
    return verdict


_COMPRESSOR_VALUES = word_set("-S --suffix -T --threads -b --blocksize -o --output -K")
_ENCRYPTERS = frozenset({"ccrypt", "ccencrypt", "ccdecrypt"})
_ENCRYPTER_VALUES = word_set("-K --key -k --keyfile -H --key2 -S --suffix")
_KEEPS_BY_DEFAULT = frozenset({"zstd", "unzstd", "lz4", "unlz4"})
"""Compressors that keep the file they read unless told ``--rm``."""


def _refuse(rule: str, reason: str) -> Callable_:
    def handler(
        name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
    ) -> Verdict:
        return block(rule, seg, reason.format(name=name))

    return handler


def _verbs(rule: str, reason: str, safe: frozenset[str], value_opts: frozenset[str]) -> Callable_:
    """Refuse every sub-command of ``name`` except the read-only ``safe`` ones."""

    def handler(
        name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
    ) -> Verdict:
        words = [a.value for a in positionals(args, value_opts)]
        if not words:
            return ALLOW
        if any(w is None for w in words[:2]):
            return block(rule, seg, f"a {name} command computed at run time")
        first = str(words[0]).lower()
        pair = len(words) > 1 and f"{first} {str(words[1]).lower()}" in safe
        if first in safe or (pair and not _changes_after(words[2:3])):
            return ALLOW
        from ondas.guards.bash_known import asks_usage, reads

        if asks_usage(name, args):
            return ALLOW  # ``vault secrets disable -help``: the verb's usage printed
        if reads(words[:3]):
            return ALLOW  # a read verb deeper in the path: ``vault audit list``
        return block(rule, seg, reason.format(name=name, verb=" ".join(str(w) for w in words[:2])))

    return handler


_CLIENT_OUTPUTS = {"psql": word_set("-o --output -L --log-file")}
"""A database client's options naming the file its query output or session log goes to."""


def database_rule(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """Database clients: SQL or commands that drop or delete data, given as arguments or fed on
    standard input (decoded as for a shell), are refused; the files a client's options name
    for its query output or session log are judged as writes (round 17s: ``psql -o FILE``,
    ``-L FILE``)."""
    from ondas.guards.bash_known import usage_first
    from ondas.guards.bash_system import stdin_payloads

    if usage_first(name, args):
        return ALLOW  # ``dropdb -V production``: the version printed, nothing dropped
    logs = _CLIENT_OUTPUTS.get(name)
    for target in option_values(args, logs, logs) if logs else ():
        verdict = check_write_target(target, ctx, seg) if target.value else ALLOW
        if not verdict.allowed:
            return verdict

    texts = [a.value for a in args]
    fed = stdin_payloads(s) or []
    scripts = _written_scripts(name, args, ctx)
    if None in scripts and ctx.unattended:
        return block(
            "undecidable-payload",
            seg,
            f"{name} runs a statements file written in this command with text the guard cannot see",
        )
    texts += fed + scripts
    if name == "redis-cli":
        words = [w.upper() for w in texts if w is not None]
        words += [w.upper() for text in fed if text is not None for w in text.split()]
        words += _script_words(args)
        command = next((w for w in words if w in REDIS_DESTROYS), None)
        if command is not None:
            return block("database-destroy", seg, f"redis-cli {command} deletes or replaces data")
        return client_prompt(name, args, ctx, seg, s)
    if name == "pg_restore":
        if any(a.value in {"-c", "--clean"} for a in args):
            return block(
                "database-destroy", seg, "pg_restore --clean drops every object it restores"
            )
        from ondas.guards.bash_known import unknown_program

        return unknown_program(name, args, ctx, seg, s)
    from ondas.guards.bash_sql import destroying_sql, printed_destruction, sql_text

    for text in texts:
        what = None if text is None else destroying_sql(sql_text(text))
        if what is not None:
            return block("database-destroy", seg, f"{name} is given {what}")
    printed = printed_destruction(s)  # ``manage.py sqlflush | psql``
    if printed is not None:
        return block("database-destroy", seg, f"{name} is fed {printed}")
    if name in {"dropdb", "dropuser", "mysqladmin"} and "drop" in {
        *(t or "" for t in texts),
        name[:4],
    }:
        return block("database-destroy", seg, f"{name} drops a database")
    return client_prompt(name, args, ctx, seg, s)


REDIS_DESTROYS = word_set(
    "FLUSHALL FLUSHDB DEL UNLINK GETDEL HDEL SREM ZREM LREM XDEL XTRIM LTRIM ZREMRANGEBYSCORE "
    "ZREMRANGEBYRANK ZREMRANGEBYLEX SHUTDOWN CONFIG DEBUG MODULE SWAPDB MIGRATE REPLICAOF SLAVEOF "
    "RESTORE DELUSER FLUSH EXPIRE PEXPIRE EXPIREAT PEXPIREAT HEXPIRE HPEXPIRE HEXPIREAT HPEXPIREAT"
)
"""Redis commands (and sub-commands: ``ACL DELUSER``, ``FUNCTION FLUSH``, ``SCRIPT FLUSH``)
that delete keys or members, now or when a time they set runs out (``EXPIRE``, ``PEXPIREAT``,
a hash field's ``HEXPIRE``: a ``DEL`` put off; round 15), empty a list or a stream, replace
the dataset (``REPLICAOF``, ``RESTORE``, ``SWAPDB``), move keys away or reconfigure or stop
the server. ``SET`` of one key writes it, as an ``UPDATE`` with a ``WHERE`` does; ``TTL`` and
``PERSIST`` only read or keep a key."""
_REDIS_SCRIPTS = word_set("EVAL EVAL_RO")


def _script_words(args: list[Word]) -> list[str]:
    """The words of a Lua script given to ``EVAL``: ``redis.call('FLUSHALL')`` runs FLUSHALL."""
    values = [a.value or "" for a in args]
    out: list[str] = []
    for k, v in enumerate(values[:-1]):
        if v.upper() in _REDIS_SCRIPTS:
            out += [w.upper() for w in re.split(r"[^A-Za-z_]+", values[k + 1]) if w]
    return out


_SCRIPT_OPTIONS = {
    "psql": word_set("-f --file"),
    "mysql": word_set("--init-command"),
    "mongosh": word_set("-f --file"),
    "mongo": word_set("-f --file"),
    "cqlsh": word_set("-f --file"),
    "clickhouse-client": word_set("--queries-file"),
}
"""Options by which a database client runs a file of statements."""


def _written_scripts(name: str, args: list[Word], ctx: Ctx) -> list[str | None]:
    """The text of a statements file that this command line wrote before the client runs it
    (``cat > x.sql <<EOF ... EOF; psql -f x.sql``)."""
    from ondas.guards.bash_base import written_text

    options = _SCRIPT_OPTIONS.get(name, frozenset())
    out: list[str | None] = []
    for k, word in enumerate(args):
        key, eq, value = (word.value or "").partition("=")
        if key not in options:
            continue
        path = value if eq else (args[k + 1].value if k + 1 < len(args) else None)
        if path:
            wrote, text = written_text(ctx, path)
            if wrote:
                out.append(text)
    return out


_CLIENT_INFO = word_set("--help --version -V -? --usage")


def client_prompt(name: str, args: list[Word], ctx: Ctx, seg: str, s: Stdin | None) -> Verdict:
    """A database client given no statement opens its prompt: statements typed later."""
    if name not in CLIENT_STATEMENTS or _client_statement(name, args):
        return ALLOW
    if any(a.value in _CLIENT_INFO for a in args):
        return ALLOW
    from ondas.guards.bash_interactive import interactive

    return interactive(name, [], ctx, seg, s)  # ``-h`` is a host to a client, not help


CLIENT_STATEMENTS = {
    "psql": word_set("-c --command -f --file -l --list"),
    "mysql": word_set("-e --execute"),
    "mariadb": word_set("-e --execute"),
    "sqlcmd": word_set("-Q -q -i"),
    "mongosh": word_set("--eval -f --file"),
    "mongo": word_set("--eval -f --file"),
    "cqlsh": word_set("-e --execute -f --file"),
    "clickhouse-client": word_set("-q --query --queries-file"),
    "redis-cli": frozenset(),
}
"""Database clients and the options that give them their statements (SQL, a script, a
listing); without one, and without a statement among their words (``redis-cli GET k``, a
``.js`` script), a client opens its prompt and runs what reaches its input later, which the
guard cannot see: a REPL, judged as :mod:`ondas.guards.bash_interactive` judges one."""
_CLIENT_VALUES = word_set(
    "-h --host -p --port -U --username -u --user -d --dbname -P --password -a --pass -n -s "
    "--socket -S -D --database -r -i --set -v --variable --user-name -W --ssl-mode"
)
"""Options of those clients that take a value (a host, a port, a user, a database)."""


def _client_statement(name: str, args: list[Word]) -> bool:
    options = CLIENT_STATEMENTS[name]
    for word in args:
        v = word.value
        if v is None:
            return True  # computed at run time: its own rules judged it
        key = v.split("=", 1)[0]
        if key in options or any(len(o) == 2 and v.startswith(o) and len(v) > 2 for o in options):
            return True  # ``-c SQL``, ``--command=SQL``, ``-eSQL``
    if name == "redis-cli":
        return bool(positionals(args, _CLIENT_VALUES))
    if name in {"mongosh", "mongo"}:
        return any((w.value or "").endswith(".js") for w in positionals(args, _CLIENT_VALUES))
    return False


ONDAS_READ_ONLY = word_set("status verify report guard version --version --help -h")
ONDAS_READ_VERBS = word_set(
    "get history list count current-id check status stages rules validate validate-target "
    "validate-tasks export verify template show detect-completion path"
)
"""Sub-commands (second or third word) that only read or check."""


def ondas_rule(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """The agent may read its run through ``ondas`` but not change it."""
    values = [a.value for a in args]
    if "--help" in values or "-h" in values:
        return ALLOW
    words = [a.value for a in positionals(args, word_set("--project -p --field --value"))]
    if not words:
        return ALLOW
    if words[0] is None or (len(words) > 1 and words[1] is None):
        return block("ondas-state-mutation", seg, "an ondas command computed at run time")
    if words[0] in ONDAS_READ_ONLY:
        return ALLOW
    if any(w in ONDAS_READ_VERBS for w in words[1:3]):
        return ALLOW
    return block(
        "ondas-state-mutation",
        seg,
        "the agent may read its run with ondas but only the operator may change it",
    )


CODING_AGENTS = word_set(
    "claude claude-code codex aider gemini opencode cursor-agent goose amp qwen crush"
)
"""Coding-agent CLIs. One started from inside a run is a session with none of the run's
settings: no ondas hooks (so no guard, no path or secret filter), its own permission mode,
and, without the sandbox, the whole machine."""


AGENT_READS: dict[str, tuple[tuple[str, ...], ...]] = {
    "claude": (("mcp", "list"), ("mcp", "get"), ("config", "get"), ("config", "list")),
    "codex": (("mcp", "list"), ("mcp", "get"), ("login", "status")),
    "gemini": (("mcp", "list"),),
}
"""Coding agents' sub-commands that print their configuration and start no session (round
20s): the servers they know, a setting's value. Their writing twins (``claude mcp add``,
``claude config set``) stay refused."""


def nested_agent(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """A coding agent started by the agent: refused, whatever it is asked to do, but for the
    sub-commands that only print its configuration (:data:`AGENT_READS`). ``goose`` is also a
    migration tool, told apart by its arguments (:mod:`~ondas.guards.bash_agent_namesakes`,
    round 20)."""
    if args and all(a.value in ASKS_VERSION_OR_HELP for a in args):
        return ALLOW
    if name == "goose":
        from ondas.guards.bash_agent_namesakes import goose_migration

        migration = goose_migration(args, seg)
        if migration is not None:
            return migration
    words = [a.value for a in args]
    for read in AGENT_READS.get(name, ()):
        if tuple(words[: len(read)]) == read and all(
            w is not None and not w.startswith("-") for w in words[len(read) :]
        ):
            return ALLOW  # round 20s: ``claude mcp list``, ``claude config get KEY``
    return block(
        "nested-agent",
        seg,
        f"{name} would start an agent session without this run's hooks, guard and sandbox settings",
    )


def _scheduler(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    if [a.value for a in args][:1] == ["-l"]:
        return ALLOW
    return block("scheduled-job", seg, f"{name} schedules commands to run later, unguarded")


register("python", interpreter)
register("awk gawk mawk nawk busybox-awk", _awk)
register("parallel sem", _parallel)
register("strace ltrace catchsegv valgrind gdb-run firejail unshare heaptrack", _tracer)
register("pyinstrument memray scalene", _profiler)
register("xcrun", _xcrun)
register("chroot nsenter pivot_root switch_root", _root_switch)
register("tar bsdtar gtar", _tar)
register("unzip 7z 7za 7zr 7zz zip rar", _unzip)
register("rsync", _rsync)
register("cpio", _cpio)
register("pax ar jar dpkg-deb unsquashfs unar", _extractor)
register("sponge", _sponge)
register(
    "gzip gunzip pigz unpigz bzip2 bunzip2 xz unxz lzma unlzma zstd unzstd lz4 unlz4 "
    "ccrypt ccencrypt ccdecrypt",
    _in_place,
)
register("sed gsed", _sed_script_writes)
register("sort", _output_option(frozenset({"-o", "--output"})))
register("split", _output_option(frozenset(), 1))
register("csplit", _output_option(frozenset({"-f", "--prefix"})))
register("uniq", _output_option(frozenset(), 1))
register("patch", _patch)
register("openssl", _openssl)
register("ln link", _ln)
register("find", _find_delete)
register("ondas", ondas_rule)
register("yq", _yq)
register(" ".join(sorted(CODING_AGENTS)), nested_agent)
register("crontab at batch", _scheduler)
SCOPE_OPTIONS = word_set("--user --scope -q --quiet -G --collect -d --same-dir --send-sighup")
"""systemd-run's options that leave ``--user --scope`` running its command now, in the
foreground, as this shell's child (round 21): not a timer or a path, socket or service unit
(started later or apart), another machine, user or group, the system manager, an environment
or a property set for the command."""
SCOPE_VALUED = word_set("-u --unit --description --slice")
"""systemd-run's options that only name or label the scope (their value is no command)."""


def _systemd_run(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``systemd-run --user --scope CMD`` runs CMD now in a scope of the user's manager (a
    cgroup of its own, the CI's way to get one): judged as CMD is. Every other form starts a
    unit of the user's or the system's manager apart from this shell, or later."""
    i = options_end(args, SCOPE_OPTIONS, SCOPE_VALUED)
    options = [a.value for a in args[:i] if a.value != "--"]
    flags = set()
    k = 0
    while k < len(options):
        v = options[k]
        if v is None:
            break
        head = v.split("=", 1)[0]
        if head in SCOPE_VALUED:
            k += 1 if "=" in v else 2
            continue
        flags.add(v)
        k += 1
    if i < len(args) and {"--user", "--scope"} <= flags and flags <= SCOPE_OPTIONS:
        return check_argv(args[i:], ctx, depth, seg, s)
    return block(
        "scheduled-job", seg, f"{name} starts a service of the system manager, outside the guard"
    )


register("systemd-run", _systemd_run)
_IPTABLES_LISTING = word_set(
    "-L --list -S --list-rules -n --numeric -v --verbose -t --table --line-numbers -x"
)
SYSTEM_READS: dict[str, tuple[bool, frozenset[str], frozenset[str]]] = {
    "mount": (True, word_set("-l --list -t --types -v"), frozenset()),
    "sysctl": (
        True,
        word_set("-a -A -X -n -N -e -b -d -h -o -x --all --values --names"),
        frozenset(),
    ),
    "iptables": (False, _IPTABLES_LISTING, frozenset()),
    "ip6tables": (False, _IPTABLES_LISTING, frozenset()),
    "nft": (False, word_set("-a -n -s -j --handle --numeric --stateless --json"), word_set("list")),
    "ufw": (False, frozenset(), word_set("status show version")),
    # round 16: SELinux's enforcement turned on (``setenforce 1``) or the audit rules listed
    "setenforce": (True, frozenset(), word_set("1 Enforcing enforcing")),
    "auditctl": (False, word_set("-l -s -v -h --help"), frozenset()),
    "firewall-cmd": (
        True,
        word_set("--state --get-* --list-* --query-* --info-* --zone --permanent"),
        frozenset(),
    ),
    "ifconfig": (True, word_set("-a -l -s -v"), frozenset()),
    "arp": (True, word_set("-a -n -e -v -i --all --numeric --verbose --device"), frozenset()),
    "nvram": (True, word_set("-p -x -xp -px"), frozenset()),
    "route": (True, word_set("-n -e -ee -v -F -C --numeric --extend --verbose"), frozenset()),
    "blockdev": (False, word_set("--get* --report -v --verbose -q"), frozenset()),
    "cryptsetup": (
        False,
        word_set("-v --verbose --debug -q --batch-mode"),
        word_set("isLuks luksDump status tcryptDump bitlkDump fvault2Dump benchmark"),
    ),
    # round 24: macOS's FileVault and application firewall, in the forms that report
    "fdesetup": (
        False,
        word_set("-extended -verbose -help"),
        word_set(
            "status list isactive haspersonalrecoverykey hasinstitutionalrecoverykey "
            "usingrecoverykey supportsauthrestart showdeferralinfo version help"
        ),
    ),
    "socketfilterfw": (False, word_set("--get* --list* --version -h --help"), frozenset()),
}
"""The forms of machine-configuration tools that only read: ``(bare, options, verbs)`` —
whether the bare command reads (``mount`` lists the mounts), the options that only select or
print (a ``*`` ends a prefix: ``--list-*``), and the verbs that read (``ufw status``). Any
other option, a ``NAME=VALUE`` setting (``sysctl kern.x=1``, ``nvram boot-args=-v``), or for
``mount`` and ``ifconfig`` more than a listing's words, changes the machine; a bare name reads
it (``sysctl vm.swappiness``, ``nvram StartupMute``, ``arp HOST``)."""


def _reads_system(name: str, args: list[Word]) -> bool:
    bare, options, verbs = SYSTEM_READS[name]
    values = [a.value for a in args]
    if not values:
        return bare
    if any(v is None for v in values):
        return False
    words = [v for v in values if v is not None]
    if verbs:
        positional = [w for w in words if not w.startswith("-")]
        return (
            bool(positional)
            and positional[0] in verbs
            and all(
                w.startswith("-") and w.split("=")[0] in options
                for w in words
                if w not in positional
            )
        )
    positional_ok = {"mount": 0, "ifconfig": 1, "sysctl": 99, "route": 0}.get(name, 99)
    takes_value = {"-t", "--types", "--table", "--zone", "-i", "--device"}
    loose = 0
    previous = ""
    for word in words:
        if word.startswith("-"):
            key = word.split("=")[0]
            if key not in options and not any(
                o.endswith("*") and key.startswith(o[:-1]) for o in options
            ):
                return False
        elif "=" in word:
            return False
        elif previous not in takes_value:
            loose += 1
        previous = word
    return loose <= positional_ok


IP_READS = word_set("show list ls lst get monitor help identify pids list-id count save showdump")
"""``ip OBJECT VERB`` verbs that only print, across its objects (``ip addr show``, ``ip route
get ADDR``, ``ip netns identify PID``, ``ip netns pids NAME``, ``ip xfrm state count``, ``ip
route save``: the table, to standard output)."""
_IP_NESTED = word_set("xfrm mptcp sr ioam")
"""``ip`` objects whose verb follows a second object word (``ip xfrm state list``, ``ip mptcp
endpoint show``, ``ip sr tunsrc show``)."""
IP_VALUE_OPTIONS = word_set("-n -netns -f -family -rc -rcvbuf -l -loops")


def _ip_reads(args: list[Word]) -> bool:
    """``ip`` naming an object and no verb (``ip -br addr``: its ``show``) or a verb that
    prints; not ``-batch FILE`` (the file's commands) nor ``-force``."""
    values = [a.value for a in args]
    words: list[str] = []
    k = 0
    while k < len(values):
        v = values[k]
        if v is None or v in {"-b", "-batch", "-force"}:
            return False
        k += 2 if v in IP_VALUE_OPTIONS else 1
        if not v.startswith("-"):
            words.append(v)
    at = 2 if len(words) > 1 and words[0] in _IP_NESTED else 1
    if len(words) <= at or words[at] in IP_READS:
        return True
    # ip takes a verb's prefix (``ip a s``); for links ``s`` is ``set``, checked before show
    verb, linked = words[at], "link".startswith(words[0])
    return any(w.startswith(verb) for w in ("show", "list", "lst")) and not (linked and verb == "s")


def _bsd_route_reads(args: list[Word]) -> bool:
    """The BSD and macOS ``route`` verbs that print (``route -n get default``, ``route show``)."""
    values = [a.value for a in args]
    verbs = [v for v in values if v is not None and not v.startswith("-")]
    return None not in values and bool(verbs) and verbs[0] in {"get", "show", "monitor"}


def _system_change(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """Tools that change the machine's configuration, allowed only in the forms that read."""
    if name in SYSTEM_READS and _reads_system(name, args):
        return ALLOW
    if name == "ip" and _ip_reads(args):
        return ALLOW
    if name == "route" and _bsd_route_reads(args):
        return ALLOW
    if name == "ldconfig" and any(a.value in {"-p", "--print-cache"} for a in args):
        return ALLOW
    if name == "auditctl" and [a.value for a in args] == ["-e", "1"]:
        return ALLOW  # auditing turned on
    if name == "csrutil" and tuple(a.value for a in args) in CSRUTIL_READS:
        return ALLOW
    if name == "spctl" and _spctl_reads(args):
        return ALLOW
    if name in SECURITY_SWITCHES:
        return block("system-change", seg, f"{name} {SECURITY_SWITCHES[name]}")
    return block("system-change", seg, f"{name} changes the machine's configuration")


SECURITY_SWITCHES = {
    "setenforce": "turns off SELinux's enforcement of the machine's security policy",
    "auditctl": "changes or turns off the kernel's audit of what runs on the machine",
    "csrutil": "changes System Integrity Protection, which keeps even root from the system's "
    "files and processes",
    "spctl": "changes Gatekeeper's policy, which keeps unsigned and unnotarised programs from "
    "running",
    "fdesetup": "changes FileVault, the encryption of the machine's disk",
    "socketfilterfw": "changes the application firewall, which keeps programs from accepting "
    "connections",
}
"""Tools whose changes take away the machine's own security (round 16): SELinux made
permissive (``setenforce 0``), the audit system stopped or its rules deleted (``auditctl -e
0``, ``-D``); refused in every mode, as ``ufw disable`` is. Turning them on passes. Round 24:
macOS's System Integrity Protection (``csrutil disable``, ``csrutil authenticated-root
disable``, ``csrutil enable --without fs``), Gatekeeper (``spctl --master-disable``,
``--global-disable``, ``--add`` of an exception, ``kext-consent disable``), FileVault
(``fdesetup disable``) and the application firewall (``socketfilterfw --setglobalstate off``,
``--add``, ``--unblockapp``)."""

CSRUTIL_READS = frozenset(
    {
        ("status",),
        ("report",),
        ("enable",),
        ("authenticated-root", "status"),
        ("authenticated-root", "enable"),
        ("netboot", "list"),
        ("--help",),
        ("-h",),
        (),
    }
)
"""``csrutil``'s forms that print (its status, report, netboot list, usage) or turn the
protection back on whole (``enable``; ``enable --without fs`` leaves a part off)."""
SPCTL_READS = word_set(
    "-a --assess --status --list -v --verbose -t --type --context -R --requirement "
    "--ignore-cache --no-cache --raw --continue --master-enable --global-enable -h --help"
)
"""``spctl``'s options that assess, list or print, and those turning Gatekeeper on; its
other options (``--add``, ``--remove``, ``--enable``, ``--disable``, ``--master-disable``,
``--global-disable``, ``--reset-default``) change the policy."""


def _spctl_reads(args: list[Word]) -> bool:
    """``spctl --assess -t exec App.app``, ``spctl --status``, ``spctl kext-consent status``."""
    values = [a.value for a in args]
    if any(v is None for v in values):
        return False
    words = [v for v in values if v is not None]
    if words[:1] in (["kext-consent"], ["developer-mode"]):
        return words[1:] in (["status"], ["list"])  # ``developer-mode enable-terminal``: off
    return all(
        w.split("=")[0] in SPCTL_READS or _SPCTL_READ_CLUSTER.fullmatch(w) is not None
        for w in words
        if w.startswith("-")
    )


_SPCTL_READ_CLUSTER = LazyPattern(r"-[av]+[tR]?")
"""A cluster of spctl's assessing and verbose letters (``-avvv``, ``-at``), the last one
possibly the type or requirement, which takes the next word."""


register(
    "mount umount iptables ip6tables nft ufw firewall-cmd sysctl modprobe insmod rmmod swapoff "
    "ifconfig arp nvram route blockdev cryptsetup ip ldconfig setenforce auditctl csrutil spctl "
    "fdesetup socketfilterfw",
    _system_change,
)
"""``ldconfig`` rebuilds the linker's cache of the whole machine (``/etc/ld.so.cache``) from
the directories it is given and its configuration: every program then loads libraries from
them, as ``LD_LIBRARY_PATH`` does for one (round 11b); ``-p`` prints the cache."""


CLUSTER_TOOLS = {
    "k3s": word_set("kubectl ctr crictl"),
    "k0s": word_set("kubectl ctr"),
    "microk8s": word_set("kubectl ctr helm helm3"),
    "minikube": word_set("kubectl"),
}
"""Kubernetes distributions whose verbs are the cluster's own clients, bundled: ``k3s kubectl
ARGS`` is ``kubectl ARGS`` against k3s's cluster, ``microk8s helm3 ARGS`` is ``helm ARGS``,
``minikube kubectl -- ARGS`` is ``kubectl ARGS`` (its ``--`` ends minikube's options)."""
_CLUSTER_VALUED = word_set("-p --profile --data-dir -d --config -c")
"""The distributions' own options before the verb that take a value (a profile, a data
directory, a configuration file)."""


def _cluster_tool(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """The bundled client a distribution's verb runs, judged as that client typed directly
    (round 26: ``minikube kubectl -- delete ns prod`` passed attended, the verb's words after
    minikube's ``--`` never read); any other verb keeps the default for the program."""
    k = options_end(args, frozenset(), _CLUSTER_VALUED)
    if k < len(args) and args[k].value in CLUSTER_TOOLS[name]:
        inner = args[k + 1 :]
        if name == "minikube" and inner[:1] and inner[0].value == "--":
            inner = inner[1:]
        tool = "helm" if args[k].value == "helm3" else str(args[k].value)
        return check_argv([Word(tool, tool), *inner], ctx, depth + 1, seg, s)
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)


register(" ".join(sorted(CLUSTER_DISTRIBUTIONS)), _cluster_tool)


def _machine_settings(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """The machine's power, network, host name and clock settings tools
    (:mod:`ondas.guards.bash_machine_settings`, imported only for their lines)."""
    from ondas.guards.bash_machine_settings import machine_settings

    return machine_settings(name, args, ctx, depth, seg, s)


register(
    "pmset systemsetup networksetup scutil hostnamectl timedatectl localectl loginctl "
    "systemd-analyze softwareupdate kextload kextunload netsh regedit pfctl",
    _machine_settings,
)

PREFERENCE_CHANGES = word_set("write delete remove import rename")
"""macOS ``defaults`` verbs that change a preference domain."""


def _preferences(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """macOS ``defaults write|delete|import|rename``: the preferences daemon (cfprefsd) writes
    the domain's file itself, so the OS sandbox, which stops the command's own writes outside
    the project, does not see it; a domain can start a program at every login
    (``com.apple.loginwindow LoginHook``). ``system-change`` in every mode (round 11b);
    ``read``, ``read-type``, ``domains``, ``find`` and ``export DOMAIN -`` pass."""
    values = [a.value for a in args]
    k = 0
    while k < len(values) and (values[k] or "").startswith("-"):
        k += 2 if values[k] == "-host" else 1  # ``-currentHost``, ``-host NAME``
    verb = values[k] if k < len(values) else ""
    if verb is not None and verb not in PREFERENCE_CHANGES:
        return ALLOW
    if verb is None:
        return block("dynamic-command", seg, f"a {name} verb computed at run time")
    shown = verb
    return block(
        "system-change",
        seg,
        f"{name} {shown} changes the user's or the machine's preferences through a daemon the "
        "sandbox does not see (a login hook among them)",
    )


register("defaults", _preferences)

SERVICE_MANAGERS: dict[str, tuple[int, frozenset[str]]] = {
    "service": (1, word_set("status --status-all --help -h --version")),
    "rc-service": (1, word_set("status describe --list -l --exists -e --help -h")),
    "rc-update": (0, word_set("show -s --show --help -h")),
    "sv": (0, word_set("status s check")),
    "update-rc.d": (1, word_set("-n --help -h")),
    "chkconfig": (1, word_set("--list --help -h --version")),
    "initctl": (
        0,
        word_set("list status show-config check-config list-env get-env version help --help -h"),
    ),
    "launchctl": (
        0,
        word_set(
            "list print print-cache print-disabled print-token blame dumpstate dumpjpcategory "
            "error examine help version managerpid manageruid managername hostinfo getenv "
            "resolveport procinfo"
        ),
    ),
}
"""Service managers besides ``systemctl``: which positional word is the verb (``service NAME
VERB``, ``launchctl VERB``) and the verbs and options that only read. Any other starts, stops,
loads or enables a service of the machine (``service nginx stop``, ``launchctl load PLIST``,
which also runs a job at every login): ``system-change``, as ``systemctl stop`` is. Round 22
(tune22b): the SysV and Upstart managers, ``update-rc.d NAME disable|remove|defaults`` (``-n``
only shows), ``chkconfig NAME on|off`` and ``--add``/``--del`` (``--list`` shows), ``initctl
stop|start|emit`` (``list``, ``status`` show)."""


def _service_manager(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    position, reads = SERVICE_MANAGERS[name]
    values = [a.value for a in args]
    if not values or any(v in reads for v in values if v is not None and v.startswith("-")):
        return ALLOW
    words = [v for v in values if v is None or not v.startswith("-")]
    verb = words[position] if position < len(words) else None
    if len(words) > position and verb in reads:
        return ALLOW
    if len(words) > position and verb is None:
        return block("dynamic-command", seg, f"a {name} verb computed at run time")
    shown = verb if len(words) > position else "with these words"
    return block("system-change", seg, f"{name} {shown} changes the machine's services")


register(" ".join(SERVICE_MANAGERS), _service_manager)

ACCOUNT_READS = {
    "passwd": word_set("-S --status"),
    "chage": word_set("-l --list"),
    "visudo": word_set("-c --check"),
}
"""The forms of account tools that only show an account (``passwd -S``, ``chage -l``)."""


def _accounts(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """Tools that create or change the machine's accounts, groups, passwords and login shells
    (``passwd``, ``useradd``, ``usermod -aG``, ``chsh``): ``system-change`` in both modes.
    Round 22 (tune22b): ``visudo`` edits who may act as root, as ``vipw`` edits the accounts
    (``visudo -c`` only checks the file)."""
    if any(a.value in ACCOUNT_READS.get(name, ()) for a in args):
        return ALLOW
    if any(a.value in {"--help", "-h", "--version", "-V"} for a in args):
        return ALLOW
    return block("system-change", seg, f"{name} changes the machine's accounts or passwords")


register(
    "passwd chpasswd chage useradd adduser usermod groupadd addgroup groupmod gpasswd chsh "
    "chfn newusers vipw vigr visudo pwconv grpconv",
    _accounts,
)

KEYCHAIN_CHANGES = word_set(
    "add-generic-password add-internet-password add-certificates delete-generic-password "
    "delete-internet-password delete-certificate delete-identity delete-keychain import "
    "create-keychain set-keychain-password set-generic-password-partition-list "
    "set-key-partition-list unlock-keychain default-keychain login-keychain"
)
"""Verbs of macOS's ``security`` that change a key store outside the project, which the OS
sandbox's file rules do not see (its daemon writes it). Its verbs that print a stored secret
are :mod:`ondas.guards.bash_printers`' (``find-generic-password -w``)."""
KEYCHAIN_SHOWN_UNLESS_SET = word_set("default-keychain login-keychain")
"""``security``'s verbs that print the default or login keychain's path unless given ``-s``,
which sets it (round 21: ``security login-keychain | tr -d ' "'``); ``-d DOMAIN`` only says
which preference domain's is printed."""


def _keychain(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    verb = next((a.value for a in args if not (a.value or "-").startswith("-")), None)
    shown = verb in KEYCHAIN_SHOWN_UNLESS_SET and all(
        (a.value or "-s")[:1] != "-" or a.value == "-d" for a in args
    )
    if shown:
        return ALLOW  # ``security login-keychain``: the keychain's path, printed
    if verb in KEYCHAIN_CHANGES:
        return block("secret-store-mutation", seg, f"{name} {verb} changes a key store")
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)  # by verb, and by name when unattended


register("security", _keychain)

PASSWORD_STORE_CHANGES = word_set("insert add edit generate mv rename move cp copy init set")
"""Verbs of the user's own password managers (``pass``, ``gopass``) that write an entry into
the store or re-encrypt it (round 18): ``insert``/``generate`` over an existing name replace a
password that exists nowhere else (pass asks first only on a terminal, which the agent's Bash
tool does not give), ``init`` re-encrypts the store for other keys. The store is a key store
outside the project, as the keychain is; removing an entry (``pass rm``) is the verb rule's."""


def _password_store(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    words = [a.value for a in args if not (a.value or "-").startswith("-")]
    verb = words[0] if words else None
    if verb == "otp" and len(words) > 2 and words[1] in {"insert", "append"}:
        verb = f"otp {words[1]}"  # pass-otp writes the entry's seed
    if verb in PASSWORD_STORE_CHANGES or (verb or "").startswith("otp "):
        return block("secret-store-mutation", seg, f"{name} {verb} changes a password store")
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)  # by verb, and by name when unattended


register("pass gopass", _password_store)

_KEYGEN_VALUES = "bCEFIJjMmnNOPRrstVwWYZafGTz"
"""ssh-keygen's options that take a value (its getopt string), so a cluster ends at one."""
_KEYGEN_READS = frozenset("lyFBLQDeirRH")
"""Modes that print (a fingerprint, a public key, a host's line, a certificate, a record);
``-R``/``-H`` rewrite ``known_hosts``, which ssh keeps for itself and are left as they were."""


def _ssh_keygen(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``ssh-keygen`` writes the key it generates (``-f FILE`` and ``FILE.pub``, by default
    ``~/.ssh/id_TYPE``, the home's keys), rewrites a key given ``-p`` or ``-c``, writes a
    revocation list (``-k``), the machine's host keys (``-A``, in ``/etc/ssh``), a signature
    or a certificate beside the files it signs: each is judged as a write target."""
    flags: set[str] = set()
    values: dict[str, str | None] = {}
    operands: list[Word] = []
    k = 0
    while k < len(args):
        v = args[k].value
        if v is None or not v.startswith("-") or v == "-":
            operands.append(args[k])
        elif v in {"--help", "-?"}:
            return ALLOW
        else:
            for j, c in enumerate(v[1:], 1):
                if c in _KEYGEN_VALUES:
                    rest = v[j + 1 :]
                    if rest:
                        values[c] = rest
                    else:
                        k += 1
                        values[c] = args[k].value if k < len(args) else None
                    break
                flags.add(c)
        k += 1
    if ("R" in values or "H" in flags) and "f" in values:
        # round 24: ``-R HOST -f FILE`` and ``-H -f FILE`` rewrite FILE (and keep FILE.old)
        key = values["f"]
        if key is not None and key.replace("$HOME", "~").startswith("~/.ssh/known_hosts"):
            return ALLOW  # ssh's own file, as without ``-f``
        for target in (key, None if key is None else key + ".old"):
            verdict = check_write_target(Word(target, target or ""), ctx, seg)
            if not verdict.allowed:
                return verdict
        return ALLOW
    if flags & _KEYGEN_READS or "R" in values or "F" in values or "r" in values:
        return ALLOW
    if "Y" in values and values["Y"] != "sign":
        return ALLOW
    targets: list[str | None] = []
    if "A" in flags:
        targets.append("/etc/ssh/ssh_host_ed25519_key")
    elif "Y" in values or "s" in values:
        suffix = ".sig" if "Y" in values else "-cert.pub"
        targets += [None if w.value is None else w.value + suffix for w in operands]
    else:
        default = (
            "~/.ssh/id_rsa" if flags & {"p", "c"} else f"~/.ssh/id_{values.get('t') or 'ed25519'}"
        )
        key = values.get("f", default)
        targets += [key, None if key is None else key + ".pub"]
    for target in targets:
        verdict = check_write_target(Word(target, target or ""), ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


register("ssh-keygen", _ssh_keygen)


def _changes_after(words: list[str | None]) -> bool:
    """A verb after a reading pair changes what it holds (``vault kv metadata put``)."""
    from ondas.guards.bash_known import WRITE_VERBS, _tokens, verb_destroys

    return bool(words) and (verb_destroys(words[0]) or bool(_tokens(words[0]) & WRITE_VERBS))


register(
    "blkdiscard userdel groupdel deluser delgroup",
    _refuse("system-destroy", "{name} destroys volumes, disks or accounts of the machine"),
)
LVM_NO_CHANGE = word_set("-t --test -h -? --help --longhelp")
"""LVM's test mode (``-t``/``--test``: the command runs but updates no metadata) and its help."""


def _lvm_remover(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``lvremove``, ``vgremove``, ``pvremove`` destroy volumes; in LVM's test mode or asked
    for help they change nothing."""
    if any(a.value in LVM_NO_CHANGE for a in args):
        return ALLOW
    return block(
        "system-destroy", seg, f"{name} destroys volumes, disks or accounts of the machine"
    )


def _lvm(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``lvm [OPTIONS] COMMAND ARGS``: LVM's one binary, which its commands are links to, runs
    COMMAND as if called by its name (``lvm lvremove vg/x`` is ``lvremove vg/x``); without a
    command it opens LVM's own shell, judged as a program no rule knows."""
    for k, word in enumerate(args):
        if word.value is None:
            return block("dynamic-command", seg, "an lvm command computed at run time")
        if not word.value.startswith("-"):
            return check_argv([word, *args[:k], *args[k + 1 :]], ctx, depth, seg, s)
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s, name)


register("lvremove vgremove pvremove", _lvm_remover)
register("lvm", _lvm)
register(
    "twine",
    _verbs(
        "publish", "{name} {verb} publishes a package", word_set("check --version"), frozenset()
    ),
)
register(
    "vault",
    _verbs(
        "secret-store-mutation",
        "{name} {verb} changes a secret store",
        word_set("status version read list login")
        | frozenset(
            {
                "kv get",
                "kv list",
                "kv metadata",
                "secrets list",
                "auth list",
                "policy list",
                "policy read",
                "token lookup",
            }
        ),
        word_set("-address -namespace -format -field -mount"),
    ),
)
_RCLONE_REMOTE = _verbs(
    "remote-mutation",
    "{name} {verb} changes remote storage",
    word_set(
        "ls lsd lsl lsf lsjson cat check size about version listremotes md5sum sha1sum tree ncdu"
    ),
    word_set("--config -v --log-file"),
)
_RCLONE_AS = {
    "sync": ["rsync", "-a", "--delete"],
    "copy": ["rsync", "-a"],
    "move": ["rsync", "-a", "--remove-source-files"],
    "copyto": ["cp", "-r"],
    "moveto": ["mv"],
    "purge": ["rm", "-rf"],
    "delete": ["rm", "-rf"],
    "deletefile": ["rm", "-f"],
    "rmdir": ["rmdir"],
    "rmdirs": ["rmdir"],
}
"""rclone's verbs on local paths, as the core command each is (``rclone sync A B`` mirrors A's
contents into B, ``purge`` deletes a tree)."""
_RCLONE_VALUES = word_set(
    "--config --log-file --exclude --include --filter --exclude-from --include-from "
    "--filter-from --max-age --min-age --max-size --min-size --transfers --checkers --bwlimit "
    "--backup-dir --suffix --max-depth --stats --log-level --order-by"
)


def _rclone(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``rclone VERB PATHS``: on remote storage (``remote:path``) refused unless it reads, as
    any storage CLI's change is; between local paths it is the core command it is
    (:data:`_RCLONE_AS`), judged by where it writes and what it deletes."""
    operands = positionals(args, _RCLONE_VALUES)
    verb = operands[0].value if operands else None
    paths = operands[1:]
    local = bool(paths) and all(
        p.value is not None and re.match(r"^:|^[\w.\- ]+:", p.value) is None for p in paths
    )
    same = _RCLONE_AS.get(verb or "")
    if same is None or not local:
        return _RCLONE_REMOTE(name, args, ctx, depth, seg, s)
    if any(a.value in {"--dry-run", "-n"} for a in args):
        return ALLOW  # prints what it would do
    if same[0] == "rsync":  # a directory's contents into another
        paths = [Word(f"{p.value.rstrip('/')}/", p.text) for p in paths if p.value is not None]
    command = [Word(w, w) for w in same] + paths
    return check_argv(command, ctx, depth + 1, seg, s)


register("rclone", _rclone)
register(
    "psql mysql mariadb sqlcmd mongosh mongo redis-cli cqlsh clickhouse-client dropdb pg_restore",
    database_rule,
)


YARN_NPM_READS = word_set("info audit whoami login logout")
"""``yarn npm`` verbs that read the registry or the user's login there; ``publish`` and
``tag add``/``tag remove`` change it."""


def _yarn_npm_reads(words: list[str | None]) -> bool:
    """``yarn npm info PKG``, ``yarn npm audit``, ``yarn npm tag list``: the registry is read."""
    return bool(words) and (words[0] in YARN_NPM_READS or words[:2] == ["tag", "list"])


def _publishing(previous: Callable_ | None, verbs: dict[str, frozenset[str]]) -> Callable_:
    """Refuse ``name VERB`` for publishing verbs, then apply the rule ``name`` had before."""

    def handler(
        name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
    ) -> Verdict:
        valued = _PUBLISH_VALUED - {"-r"} if name in JS_PACKAGE_MANAGERS else _PUBLISH_VALUED
        words = [a.value for a in positionals(args, valued)]  # ``pnpm -r publish``: recursive
        if name == "npm" and words:
            words[0] = _npm_command(words[0], verbs[name])
        if (
            words
            and words[0] in verbs.get(name, frozenset())
            and not (name == "yarn" and words[0] == "npm" and _yarn_npm_reads(words[1:]))
        ) or _publishing_pair(name, words, args):
            return block("publish", seg, f"{name} {words[0]} publishes to a registry")
        if name in {"deno", "bun"}:
            from ondas.guards.bash_output_options import output_files

            # ``deno fmt FILE`` rewrites FILE; round 19s: ``deno compile -o FILE``, ``bun
            # build --outfile FILE`` write there
            verdict = output_files(name, args, ctx, seg)
            if not verdict.allowed:
                return verdict
        if name in JS_PACKAGE_MANAGERS and words[:1] == ["pack"]:
            for target in option_values(args, word_set("--pack-destination")):
                if target.value is not None:  # round 21s: the tarball is written there
                    verdict = check_write_target(target, ctx, seg)
                    if not verdict.allowed:
                        return verdict
        if name in JS_PACKAGE_MANAGERS:
            verdict = _project_scripts(name, words, ctx, depth, seg)
            if not verdict.allowed:
                return verdict
            if name != "npm":
                from ondas.guards.bash_package_programs import package_program

                verdict = package_program(name, args, ctx, depth, seg, s)
                if not verdict.allowed:
                    return verdict
        if name in {"docker", "podman"} and "prune" in words[:2]:
            from ondas.guards.bash_known import CONTAINER_OPERAND_VERBS

            if words[0] == "prune" or words[0] not in CONTAINER_OPERAND_VERBS:
                return block(
                    "docker-destroy", seg, f"{name} prune deletes data outside the project"
                )
        if (
            name in {"docker", "podman"}
            and words[:1] in (["rm"], ["rmi"], ["kill"])
            and any(a.value is None for a in args)
        ):
            return block("dynamic-command", seg, f"{name} {words[0]} of run-time targets")
        if name == "systemctl" and words and words[0] in _SYSTEMCTL_CHANGE:
            return block("system-change", seg, f"systemctl {words[0]} changes the machine")
        install_dir = _install_dir(name, args, ctx, seg)
        if install_dir is not None:
            return install_dir
        mount = _container_mount(name, args, ctx, seg)
        if mount is not None:
            return mount
        remote = _container_host(name, args, ctx, seg)
        if remote is not None:
            return remote
        if name in {"docker", "podman"} and words[:1] == ["context"]:
            # round 15: a context's engine on another host (``--docker host=ssh://HOST``)
            for spec in option_values(args, word_set("--docker")):
                host = _ENGINE_HOST_KEY.search(spec.value or "")
                if spec.value is None or host is not None:
                    refused = engine_host(host.group(1) if host else "", ctx, seg)
                    if refused is not None:
                        return refused
        if name in {"docker", "podman"} and words[:1] == ["cp"] and len(words) >= 3:
            dest = words[-1]  # round 15: ``docker cp CONTAINER:SRC DEST`` writes DEST here
            if dest is not None and ":" not in dest and dest != "-":
                verdict = check_write_target(Word(dest, dest), ctx, seg)
                if not verdict.allowed:
                    return verdict
        verdict = _container_command(name, words, args, ctx, depth, seg)
        if not verdict.allowed:
            return verdict
        if name == "aws" and words[:2] in (["s3", "cp"], ["s3", "sync"]) and len(words) >= 4:
            source, dest = words[2], words[-1]
            from_bucket = source is not None and source.startswith("s3://")
            if from_bucket and dest is not None and not dest.startswith("s3://"):
                verdict = check_write_target(Word(dest, dest), ctx, seg)
                if (
                    verdict.allowed
                    and words[1] == "sync"
                    and any(a.value == "--delete" for a in args)
                ):  # round 24: what DEST holds and the bucket does not is deleted
                    verdict = rm_targets([Word(dest, dest)], True, ctx, seg, many=False)
                return verdict
        if previous is None and name in _ONLY_PUBLISHING:
            from ondas.guards.bash_known import unknown_program

            return unknown_program(name, args, ctx, seg, s)  # its other verbs: no rule names them
        if previous is None:
            return ALLOW
        return previous(name, args, ctx, depth, seg, s)

    return handler


_ONLY_PUBLISHING = word_set("wingetcreate winget-create")
"""Programs whose publishing verbs are all a rule reads (round 24): their others stay a program
no rule names (refused unattended), as before."""


JS_PACKAGE_MANAGERS = word_set("npm pnpm yarn bun")
_PUBLISH_VALUED = word_set("--registry --otp -r --repository")
_PUBLISH_PAIRS = {
    "npm": (word_set("access"), word_set("set grant revoke public restricted 2fa-required")),
    "pnpm": (word_set("access"), word_set("set grant revoke public restricted")),
    # round 16s: cargo-workspaces; round 21s: cargo-shuttle's deploy
    "cargo": (word_set("ws workspaces shuttle"), word_set("publish deploy")),
}
"""A registry group and the verbs of it that change what the registry serves or who may
publish (``npm access set status=public``, ``npm access grant``); ``npm access list`` reads."""
_EXECUTES = {
    "cargo": ("release", word_set("-x --execute")),
    "wingetcreate": ("update", word_set("-s --submit")),
    "winget-create": ("update", word_set("-s --submit")),
}
"""A publishing verb that is a dry run unless told to execute (cargo-release) or submit
(``wingetcreate update ID --submit``: the manifest's pull request to winget-pkgs)."""
MAVEN_PUBLISHING = word_set("deploy deploy:deploy-file release:perform release:prepare jib:build")
"""Maven goals and lifecycle phases that publish (``deploy``, ``release:perform`` deploys the
tagged release and ``release:prepare`` pushes its tag, ``jib:build`` pushes the image;
``jib:dockerBuild`` and ``install`` stay on the machine)."""


def _npm_command(word: str | None, verbs: frozenset[str]) -> str | None:
    """npm's command ``word`` names: npm takes an alias (``author`` is ``owner``) or any
    unambiguous prefix of a command (``npm pub`` is ``npm publish``; round 18s): a prefix of
    three letters or more of one of ``verbs`` is that verb (an ambiguous one is an error)."""
    if word is None or len(word) < 3 or word in verbs:
        return word
    if word == "author":
        return "owner"
    return next((v for v in sorted(verbs) if v.startswith(word)), word)


def _publishing_pair(name: str, words: list[str | None], args: list[Word]) -> bool:
    """``npm access set``, ``cargo release --execute``, ``mvn jib:build``: a publishing verb
    that needs its group, its option or its plugin to say so."""
    pair = _PUBLISH_PAIRS.get(name)
    if pair is not None and len(words) > 1 and words[0] in pair[0] and words[1] in pair[1]:
        return True
    executes = _EXECUTES.get(name)
    if executes is not None and words[:1] == [executes[0]]:
        return any(a.value in executes[1] for a in args)
    if name in {"mvn", "mvnw"}:
        return any(
            w is not None and (w in MAVEN_PUBLISHING or w.rsplit(":", 1)[-1] == "deploy")
            for w in words
        )
    return False


def _project_scripts(name: str, words: list[str | None], ctx: Ctx, depth: int, seg: str) -> Verdict:
    """The project's scripts are commands the package manager runs: a script set on the
    command line (``npm pkg set scripts.test=CMD``) is checked as a command line, and so are
    the scripts of a ``package.json`` written earlier in this command line."""
    if words[:2] == ["pkg", "set"]:
        for word in words[2:]:
            key, sep, command = (word or "").partition("=")
            if word is None or (sep and key.startswith("scripts.") and not command):
                return block("dynamic-command", seg, "a project script computed at run time")
            if sep and key.startswith("scripts."):
                verdict = ctx.check_source(command, ctx, depth + 1)
                if not verdict.allowed:
                    return verdict
    manifest = posixpath.join(ctx.cwd or ".", "package.json")
    if manifest not in ctx.written:
        return ALLOW
    text = ctx.written[manifest]
    brought = None if text is not None else brought_code(at_cwd(manifest, ctx), ctx, seg, name)
    if brought is not None:  # ``cp /tmp/p.json package.json && npm test``
        return brought
    import json

    try:
        scripts = json.loads(text or "").get("scripts") or {}
    except (ValueError, AttributeError):
        scripts = None
    if not isinstance(scripts, dict):
        return block(
            "undecidable-payload", seg, f"{name} runs scripts of a package.json written unseen"
        )
    for command in scripts.values():
        verdict = ctx.check_source(str(command), ctx, depth + 1)
        if not verdict.allowed:
            return verdict
    return ALLOW


_PACKAGE_COMMAND_KEYS = word_set(
    "script-shell scriptshell shell editor git browser viewer node-options nodeoptions "
    "onload-script init-module userconfig globalconfig yarn-path yarnpath"
)
"""Keys of npm's, pnpm's and yarn's config that name a program or file they run later (the
shell of every ``npm run``, ``NODE_OPTIONS --require``, yarn's own binary)."""


def _install_dir(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict | None:
    """``pip --target/--prefix/--root``, ``npm --prefix``/``config set prefix``: where installs
    land is a write target, container or not."""
    if name not in {"pip", "npm", "pnpm", "yarn"}:
        return None
    values = [a.value for a in args]
    if name == "npm" and values[:3] in (["config", "set", "prefix"], ["set", "prefix", None]):
        return block("package-install", seg, "moving npm's global prefix")
    setting = values[1:] if values[:1] == ["set"] else values[2:]
    if name in {"npm", "pnpm", "yarn"} and (
        values[:2] == ["config", "set"] or values[:1] == ["set"]
    ):
        key = next((v for v in setting if v is None or not v.startswith("-")), "")
        if key is None or key.split("=", 1)[0].lower() in _PACKAGE_COMMAND_KEYS:
            return block(
                "package-install", seg, f"{name} config naming a command it runs for every script"
            )
    if name in {"npm", "pnpm", "yarn"}:
        for v in values:  # ``npm test --script-shell=PROG``: the config key given as a flag
            key = (v or "").split("=", 1)[0]
            if key.startswith("--") and key[2:].lower() in _PACKAGE_COMMAND_KEYS:
                return block(
                    "package-install", seg, f"{name} {key} names a command it runs for scripts"
                )
    options = {"--target", "-t", "--prefix", "--root", "--src", "--global-dir", "--modules-folder"}
    for k, v in enumerate(values):
        target: Word | None = None
        if v in options and k + 1 < len(args):
            target = args[k + 1]
        elif v is not None and v.split("=", 1)[0] in options and "=" in v:
            target = Word(v.split("=", 1)[1], v)
        if target is not None:
            verdict = check_write_target(target, ctx, seg)
            if not verdict.allowed:
                return verdict
    return None


_ENGINE_HOST_OPTIONS = frozenset({"-H", "--host", "--url"})
"""docker's and podman's options naming the engine they drive (``-H tcp://HOST:2375``)."""
LOCAL_ENGINE_SCHEMES = ("unix://", "npipe://", "fd://")
"""Engine addresses on this machine: a socket, a Windows pipe, a systemd descriptor."""


def engine_host(address: str | None, ctx: Ctx, seg: str) -> Verdict | None:
    """The refusal for driving a container engine at ``address`` (round 10b): an engine on
    another machine runs what it is sent there, as root, so its host is judged as a network
    destination (loopback and the whitelist pass); a local socket is no network."""
    if address is None:
        return block("network-unknown-target", seg, "a container engine computed at run time")
    if not address or address.startswith(LOCAL_ENGINE_SCHEMES):
        return None
    verdict = network_url(address, ctx, seg)
    return None if verdict.allowed else verdict


_ENGINE_HOST_KEY = LazyPattern(r"(?:^|,)host=([^,]+)")


def _container_host(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict | None:
    """``docker -H tcp://HOST ps``, ``podman --url ssh://HOST ...``: the engine's options before
    the sub-command name where it is."""
    if name not in {"docker", "podman"}:
        return None
    for k, word in enumerate(args):
        v = word.value
        if v is None or not v.startswith("-"):
            return None
        option, eq, attached = v.partition("=")
        if option in _ENGINE_HOST_OPTIONS:
            if eq:
                return engine_host(attached, ctx, seg)
            return engine_host(args[k + 1].value if k + 1 < len(args) else "", ctx, seg)
        if v.startswith("-H") and len(v) > 2:
            return engine_host(v[2:], ctx, seg)
    return None


_MOUNT_SOURCE = LazyPattern(r"(?:^|[,=])(?:source|src)=([^,]+)")
"""The host side of a ``--mount`` specification, by either of its keys."""


def _container_mount(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict | None:
    """A container may mount the project and temp areas, not the home or system directories."""
    if name not in {"docker", "podman"}:
        return None
    for k, word in enumerate(args):
        v = word.value
        spec: str | None = None
        if v in {"-v", "--volume"} and k + 1 < len(args):
            spec = args[k + 1].value
            if spec is None:
                spec = _pwd_mount(args[k + 1].text, ctx)
            if spec is None:
                return block("container-mount", seg, "a mount computed at run time")
        elif v is not None and v.startswith(("-v", "--volume=")) and len(v) > 2:
            spec = v.split("=", 1)[1] if v.startswith("--volume=") else v[2:]
        elif v is not None and (v == "--mount" or v.startswith("--mount=")):
            # ``--mount type=bind,src=/,dst=/mnt``: ``src`` is docker's short key for ``source``
            text = v if v != "--mount" else " ".join(a.value or "" for a in args[k + 1 : k + 2])
            match = _MOUNT_SOURCE.search(text)
            spec = match.group(1) if match else None
        if not spec or not spec.startswith(("/", "~", ".")):
            continue
        source = spec.split(":", 1)[0]
        where = classify(source, ctx)
        if where not in {"project", "project-temp", "system-temp", "null"}:
            return block(
                "container-mount", seg, "mounting a directory outside the project into a container"
            )
    return None


def _container_command(
    name: str, words: list[str | None], args: list[Word], ctx: Ctx, depth: int, seg: str
) -> Verdict:
    """The command ``docker|podman run`` runs, with each mounted path of the project written
    back as the host path it is (``-v "$PWD":/w ... rm -rf /w`` deletes the project): checked as
    a command line on the host when it names a mount."""
    from ondas.guards.bash_known import CONTAINER_ENGINES, CONTAINER_RUN_VALUES, container_image_at

    runs = words[:1] == ["run"] or words[:2] == ["container", "run"]
    if name not in CONTAINER_ENGINES or not runs:
        return ALLOW

    mounts: list[tuple[str, str]] = []
    workdir: str | None = None
    start = 2 if words[:1] == ["container"] else 1
    first = next(k for k, a in enumerate(args) if a.value == words[start - 1]) + 1
    image = container_image_at(args, first)
    i = first
    while i < image:
        v = args[i].value
        value = args[i + 1] if v in CONTAINER_RUN_VALUES and i + 1 < len(args) else None
        if v == "--entrypoint" and value is not None and _names_miner(value.value):
            return mining(f"{name} run --entrypoint {value.value}", seg)
        if v is not None and v.startswith("--entrypoint=") and _names_miner(v[13:]):
            return mining(f"{name} run {v}", seg)
        if v in {"-v", "--volume", "--mount"} and value is not None:
            spec = value.value if value.value is not None else _pwd_mount(value.text, ctx)
            mount = _bind_mount(v, spec or "", ctx)
            if mount is not None:
                mounts.append(mount)
        elif v is not None and v.startswith(("--volume=", "--mount=")):
            mount = _bind_mount(v.split("=", 1)[0], v.split("=", 1)[1], ctx)
            if mount is not None:
                mounts.append(mount)
        if v in {"-w", "--workdir"} and value is not None:
            workdir = value.value
        elif v is not None and v.startswith("--workdir="):
            workdir = v.split("=", 1)[1]
        i += 2 if value is not None else 1
    command = [a.value for a in args[image + 1 :]]  # after the image
    spelled_image = args[image].value if image < len(args) else None
    if _names_miner(_image_name(spelled_image).rsplit("/", 1)[-1]) or (
        command and _names_miner(command[0])
    ):
        # round 25 (left25): ``docker run xmrig/xmrig -o POOL``, ``some/xmrig-image``: the
        # image's entrypoint is the miner its name says; ``alpine xmrig``: the command is
        return mining(f"{name} run {spelled_image}", seg)
    entry = _IMAGE_PROGRAMS.get(_image_name(args[image].value if image < len(args) else None))
    if entry is not None and command and command[0] != entry[0]:
        command.insert(0, entry[0])  # round 21s: ``alpine/git push``: the image's program is git
        workdir = workdir or entry[1]
    if command and not _no_network(args[first:image]):
        given = args[image + 1 :]
        if entry is not None and (not given or given[0].value != entry[0]):
            given = [Word(entry[0], entry[0]), *given]  # ``curlimages/curl URL`` runs curl
        verdict = check_argv(given, ctx, depth + 1, seg)
        if verdict.rule in _NETWORK_RULES:
            # round 24: the container reaches the network through this machine's (``docker
            # run alpine wget https://evil.example``): its hosts are the whitelist's
            return verdict
    if not mounts or not command or None in command:
        return ALLOW
    changed = False
    out: list[str] = []
    for word in command:
        text = str(word)
        for host, target in sorted(mounts, key=lambda m: -len(m[1])):
            pattern = r"(?<![\w./-])" + re.escape(target) + r"(?=/|$|[\s'\";|&)])"
            text, n = re.subn(pattern, host.replace("\\", "\\\\"), text)
            changed = changed or n > 0
        out.append(text)
    inside = _mounted_at(workdir, mounts)
    if not changed and inside is None:
        return ALLOW
    spelled = args[image].value
    if out[0].startswith("-") and spelled and entry is None:
        # options for the image's own program (``IMG --delete-all /w``): judged under its name
        out.insert(0, posixpath.basename(spelled.split("@")[0]).split(":")[0])
    cwd = ctx.cwd
    ctx.cwd = inside if inside is not None else cwd  # round 16s: ``-w /w`` in the mount
    try:
        verdict = check_argv([Word(t, t) for t in out], ctx, depth + 1, seg)
    finally:
        ctx.cwd = cwd
    if changed or verdict.allowed or verdict.category == DANGEROUS:
        return verdict
    if inside is not None and verdict.rule in _PUBLISHING_RULES:
        return verdict  # round 21s: ``-w /w npm publish``: the mounted project is published
    return ALLOW  # a command that names no mount (``bash``, ``pytest``): only its damage counts


_NETWORK_RULES = word_set("network-not-whitelisted network-unknown-target network-proxy")
"""Refusals of a connection: a container on the default network makes it through this
machine's."""


def _no_network(options: list[Word]) -> bool:
    """Whether a container's options give it no network (``--network none``, ``--net=none``)."""
    values = [a.value for a in options]
    return any(
        v in {"--network=none", "--net=none"}
        or (v in {"--network", "--net"} and k + 1 < len(values) and values[k + 1] == "none")
        for k, v in enumerate(values)
    )


_PUBLISHING_RULES = word_set("git-push publish docker-push")
"""Refusals that put the project out: a container working in the mounted project and
publishing it publishes the project, though the rule is the policy's."""
_IMAGE_PROGRAMS = {
    "alpine/git": ("git", "/git"),
    "hashicorp/terraform": ("terraform", None),
    "amazon/aws-cli": ("aws", "/aws"),
    "curlimages/curl": ("curl", None),
    "mikefarah/yq": ("yq", "/workdir"),
    "rclone/rclone": ("rclone", "/data"),
}
"""Images whose entry point is one program (the words after the image are its arguments) and
the directory they work in unless ``-w`` says otherwise (``alpine/git`` runs git in /git)."""


def _image_name(spelled: str | None) -> str:
    """An image's repository without its registry (``docker.io/``), tag or digest."""
    name = (spelled or "").split("@", 1)[0]
    if ":" in name.rsplit("/", 1)[-1]:
        name = name.rsplit(":", 1)[0]
    return name.removeprefix("docker.io/").removeprefix("library/")


def _bind_mount(option: str, spec: str, ctx: Ctx) -> tuple[str, str] | None:
    """The (host, container) paths of a bind mount given by ``-v HOST:DIR`` or ``--mount
    type=bind,src=HOST,dst=DIR`` (round 21s), a relative host path read from the working
    directory; None for a named volume or a spec it cannot read."""
    if option == "--mount":
        keys = dict(p.split("=", 1) for p in spec.split(",") if "=" in p)
        source = keys.get("source", keys.get("src", ""))
        target = keys.get("destination", keys.get("dst", keys.get("target", "")))
        if keys.get("type", "volume") != "bind":
            return None
        parts = [source, target]
    else:
        parts = spec.split(":")
    if len(parts) < 2 or not parts[0].startswith(("/", ".")) or not parts[1].startswith("/"):
        return None
    host = parts[0] if parts[0].startswith("/") else posixpath.join(ctx.cwd or "", parts[0])
    return posixpath.normpath(host).rstrip("/") or "/", parts[1].rstrip("/") or "/"


def _mounted_at(path: str | None, mounts: list[tuple[str, str]]) -> str | None:
    """The host path of the container's ``path`` when it lies in one of the ``mounts`` (host,
    target), the longest target first; None when it lies in none."""
    if not path or not path.startswith("/"):
        return None
    for host, target in sorted(mounts, key=lambda m: -len(m[1])):
        if path == target or path.startswith(target.rstrip("/") + "/"):
            return posixpath.normpath(host + path[len(target) :])
    return None


def _pwd_mount(text: str, ctx: Ctx) -> str | None:
    """``-v "$PWD":/app`` or ``-v $(pwd):/app``: the working directory, when it is known."""
    match = re.match(r"^\"?(?:\$PWD|\$\{PWD\}|\$\(pwd\))\"?(.*)$", text)
    if match is None or ctx.cwd is None:
        return None
    return ctx.cwd + match.group(1).strip('"')


_SYSTEMCTL_CHANGE = word_set(
    "stop disable mask kill isolate set-default edit daemon-reload start restart enable "
    "reload try-restart link preset revert set-environment unset-environment "
    "import-environment"
)
_PUBLISH = {
    "npm": word_set("publish unpublish deprecate owner dist-tag"),
    "pnpm": word_set("publish unpublish deprecate owner dist-tag"),
    "yarn": word_set("publish npm"),
    "bun": word_set("publish"),
    "deno": word_set("publish"),
    "cargo": word_set("publish yank owner"),
    "gem": word_set("push yank owner"),
    "poetry": word_set("publish"),
    "uv": word_set("publish"),
    "rye": word_set("publish"),
    "cabal": word_set("upload"),
    "stack": word_set("upload"),
    "hatch": word_set("publish"),
    "pdm": word_set("publish"),
    "flit": word_set("publish"),
    "vsce": word_set("publish unpublish"),
    "ovsx": word_set("publish"),
    "wingetcreate": word_set("submit"),  # round 24: a pull request to microsoft/winget-pkgs
    "winget-create": word_set("submit"),
    "dotnet": word_set("nuget"),
    "mvn": word_set("deploy"),
    "docker": frozenset(),
    "podman": frozenset(),
    "nerdctl": frozenset(),
    "systemctl": frozenset(),
    "aws": frozenset(),
    "pip": frozenset(),
}


def _named_outputs(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """What ``name``'s options name to write or empty (``dotnet clean -o DIR``); dotnet's
    verbs that install for the user or the machine (``tool install -g``, ``new install``,
    ``workload install``), outside a container (round 15)."""
    words = [a.value for a in positionals(args)]
    values = {a.value for a in args}
    if not ctx.in_container and (
        (words[:2] in (["tool", "install"], ["tool", "update"]) and values & {"-g", "--global"})
        or words[:2] in (["new", "install"], ["workload", "install"], ["workload", "update"])
    ):
        verb = f"{words[0]} {words[1]}"
        return block("package-install", seg, f"{name} {verb} installs outside the project")
    if words[:3] == ["ef", "database", "drop"] or (
        words[:3] == ["ef", "database", "update"] and words[3:4] == ["0"]
    ):  # round 19s: Entity Framework drops the database, or undoes every migration
        return block("service-destroy", seg, f"{name} ef database {words[2]} empties the database")
    return output_files(name, args, ctx, seg)


register("dotnet", _named_outputs)


def _register_publishing() -> None:
    from ondas.guards.bash_base import HANDLERS

    for name in _PUBLISH:
        register(name, _publishing(HANDLERS.get(name), _PUBLISH))


_register_publishing()

BUILD_TOOLS = word_set("gradle gradlew sbt lein mill mvnw")
"""Build tools whose tasks may publish (``gradle publish``, ``:lib:publishAllPublications``,
``sbt publishSigned``, ``lein deploy``, ``./mvnw deploy``): any task word, not only the first."""


def _build_publish(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    verdict = output_files(name, args, ctx, seg)  # ``gradle clean -PbuildDir=DIR``
    if not verdict.allowed:
        return verdict
    for word in args:
        for command in _build_commands(word.value or ""):
            task = command.rsplit(":", 1)[-1].lstrip("+").lower()
            if "local" in task or task.startswith("-"):
                continue  # ``publishToMavenLocal``, ``publishLocal``: the machine's own cache
            if (
                task.startswith("publish")
                or task in {"deploy", "release", "upload", "uploadarchives", "jib"}
                or command in MAVEN_PUBLISHING  # ``./mvnw jib:build``
            ):
                return block("publish", seg, f"{name} {word.value} publishes to a registry")
    return ALLOW


def _build_commands(value: str) -> list[str]:
    """The task of each command one word holds (round 24): sbt and mill take a command with its
    arguments as one word (``sbt 'release with-defaults'``), several joined by ``;``
    (``sbt '; clean; publish'``): the first word of each; a plain word is its own task."""
    if " " not in value and ";" not in value:
        return [value]
    return [part.split()[0] for part in value.split(";") if part.split()]


register(" ".join(sorted(BUILD_TOOLS)), _build_publish)

_DOWNLOAD_OUTPUT = {
    "curl": (
        word_set(
            "-o --output --output-dir -D --dump-header -c --cookie-jar --trace "
            "--trace-ascii --stderr"
        ),
        "o",
    ),
    "wget": (
        word_set(
            "-O --output-document -P --directory-prefix -o --output-file -a "
            "--append-output --save-cookies"
        ),
        "OPoa",
    ),
}


_WRITE_OUT_FILE = LazyPattern(r"%output\{(?:>>)?([^}]+)\}")
"""curl's ``--write-out`` directive that sends what follows to a file (``>>`` appends)."""


def _downloader(previous: Callable_) -> Callable_:
    """curl/wget: where the download (or log) is written is a write target too."""

    def handler(
        name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
    ) -> Verdict:
        options, letters = _DOWNLOAD_OUTPUT["curl" if name == "curl" else "wget"]
        attached = frozenset(f"-{letter}" for letter in letters)
        targets = list(option_values(args, options, attached))
        for k, word in enumerate(args[:-1]):  # ``-sSo FILE``: a cluster ending in the option
            v = word.value or ""
            if v[:1] == "-" != v[1:2] and len(v) > 2 and v[-1] in letters and v[1:-1].isalpha():
                targets.append(args[k + 1])
        if name == "curl":
            for written in option_values(args, word_set("-w --write-out"), frozenset({"-w"})):
                for path in (m.group(1) for m in _WRITE_OUT_FILE.finditer(written.value or "")):
                    targets.append(Word(path, path))  # round 15: ``-w '%output{FILE}'``
            verdict = _curl_config(args, ctx, seg, s)  # ``curl -K - <<< 'url = ...'``
            if not verdict.allowed:
                return verdict
        for target in targets:
            if target.value != "-":
                verdict = check_write_target(target, ctx, seg)
                if not verdict.allowed:
                    return verdict
                if target.value is not None:
                    note_written(ctx, target.value, None)  # a download: its text is unknown
        return previous(name, args, ctx, depth, seg, s)

    return handler


_CURL_CONFIG_URL = LazyPattern(r"(?im)^\s*-*url\s*[=:]?\s*\"?([^\"\s]+)")


def _curl_config(args: list[Word], ctx: Ctx, seg: str, s: Stdin | None) -> Verdict:
    """``curl -K FILE``/``--config FILE`` reads options, URLs among them, from FILE: from
    standard input the URLs are judged by the network policy, and a config the guard cannot see
    is undecidable in an unattended run."""
    from ondas.guards.bash_net import network_url
    from ondas.guards.bash_system import STDIN_PATHS, stdin_payloads

    for config in option_values(args, frozenset({"-K", "--config"}), frozenset({"-K"})):
        if config.value not in STDIN_PATHS:
            continue
        payloads = stdin_payloads(s)
        if payloads is None or None in payloads:
            if ctx.unattended:
                return block("undecidable-payload", seg, "curl reads a config the guard cannot see")
            continue
        for text in payloads:
            for match in _CURL_CONFIG_URL.finditer(str(text)):
                verdict = network_url(match.group(1), ctx, seg)
                if not verdict.allowed:
                    return verdict
    return ALLOW


MINERS = word_set(
    "xmrig xmrig-cuda xmrig-nvidia xmrig-amd xmr-stak xmr-stak-rx xmr-stak-cpu cpuminer "
    "cpuminer-opt cpuminer-multi minerd cgminer bfgminer ethminer nbminer t-rex lolminer "
    "phoenixminer teamredminer srbminer-multi nanominer ccminer nheqminer kawpowminer bzminer "
    "wildrig-multi"
)
"""Cryptocurrency miners (round 24): each spends the machine's processors on hashes for the
wallet it is given and talks to a pool; their only use on an agent's machine is someone's
profit at its owner's cost (the "cryptojacking" that follows a stolen token)."""


POOL_TEXT_TOOLS = word_set(
    "echo printf grep egrep fgrep rg ag ack sed awk gawk mawk jq yq git gh cat head tail wc "
    "sort uniq tr cut tee diff"
)
"""Programs that print, search or record a mining pool's address as text and open no
connection to it (``grep -r stratum+tcp:// src``, ``git commit -m ...``): a stratum URL given
to any other program names the pool it mines for (:func:`ondas.guards.bash_base.mining_pool`)."""


def _names_miner(spelled: str | None) -> bool:
    """A program or an image's name that is a miner's (``xmrig``, ``/opt/xmrig``), or holds one
    between separators (``xmrig-image``, ``cpuminer_opt.static``, ``docker-xmrig``)."""
    if not spelled:
        return False
    base = spelled.rsplit("/", 1)[-1].lower()
    if base in MINERS:
        return True
    padded = "-" + base.replace("_", "-").replace(".", "-") + "-"
    return any(f"-{miner}-" in padded for miner in MINERS)


def _miner(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    return mining(name, seg)


register(" ".join(sorted(MINERS)), _miner)


QUARANTINE = "com.apple.quarantine"
"""The extended attribute macOS gives a downloaded file: Gatekeeper checks a program that has
it (signature, notarisation) before its first run, and never one without it."""


def _lifts_quarantine(args: list[Word]) -> bool:
    """``xattr -d com.apple.quarantine F`` (``-rd``, ``-r -d``), ``-w com.apple.quarantine V``
    over the mark, or ``-c``/``-cr``, which clears every attribute, the mark among them."""
    letters = ""
    operands: list[str | None] = []
    for word in args:
        v = word.value
        if v is not None and v.startswith("-") and not v.startswith("--") and len(v) > 1:
            letters += v[1:]
        else:
            operands.append(v)
    if "c" in letters:
        return True
    return (
        bool({"d", "w"} & set(letters))
        and bool(operands)
        and (operands[0] is None or operands[0].lower() == QUARANTINE)
    )


def _xattr(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """Round 25 (left25): taking the quarantine mark off a file turns Gatekeeper's check of it
    off, as ``spctl --add`` does for one program (refused in every mode, round 24); every other
    use of ``xattr`` (``-l``, ``-p``, another attribute) is read as a program no rule names."""
    if _lifts_quarantine(args):
        return block(
            "system-change",
            seg,
            f"{name} takes macOS's quarantine mark off a downloaded file, so Gatekeeper never "
            "checks the program's signature before it runs",
        )
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)


register("xattr", _xattr)


def _register_downloaders() -> None:
    from ondas.guards.bash_base import HANDLERS

    for name in ("curl", "wget", "wget2"):
        register(name, _downloader(HANDLERS[name]))


_register_downloaders()
