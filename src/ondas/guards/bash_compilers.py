"""Language toolchains whose one program builds and runs the project and installs packages.

V's ``v`` compiles and runs the V code it is given (``v run ci/build.vsh``, ``v test vlib``,
``v -o app .``), and its verbs also install modules into the home (``v install``), update or
rebuild the compiler itself (``v up``, ``v self``) and upload code (``v share``). Racket's
``raco`` builds and tests collections (``raco make``, ``raco test``, ``raco setup``) and
installs packages (``raco pkg install``). Each is judged by its verb: what builds, tests or
runs code of the project is known in unattended runs as ``make`` is, given paths in the
project (code in a temp area or the home is judged as a script there is, :func:`unseen_script`);
installs are the package policy's; uploads the publishing policy's; verbs that run another
program or change the toolchain are refused unattended as unknown, naming the verb.

D's compilers (``dmd``, ``ldc2``, ``ldmd2``) build the project's modules and, with ``-run FILE
ARGS``, run FILE once built (ARGS are its data); ``rdmd FILE ARGS`` builds and runs FILE. Their
options are a closed set: the files they write (``-of``, ``-od``, ``-Hf``...) are judged as
writes; what makes them run or load another program (``-L`` linker flags, ``-Xcc``,
``-linker``, ``-gcc``, ``-plugin``, ``-conf``, ``-cpp``, rdmd's ``--compiler``, ``--eval``), a
response file (``@FILE``) or any option not listed leaves them unknown in unattended runs.
"""

from __future__ import annotations

from ondas.guards.bash_base import (
    ASKS_VERSION_OR_HELP,
    Ctx,
    Stdin,
    Word,
    block,
    check_write_target,
    classify,
    positionals,
    unknown_unattended,
    unseen_script,
    word_set,
)
from ondas.guards.lazy_re import LazyPattern
from ondas.guards.verdict import ALLOW, Verdict

V_VALUED = word_set(
    "-o -output -b -backend -cc -c++ -cflags -ldflags -d -define -os -arch -gc -path -assert "
    "-subsystem -icon --icon -seticon --seticon -cov -coverage -profile-fns -bug-report-url "
    "-run-only -exclude -file-list -test-runner -dump-c-flags -dump-modules -dump-files "
    "-dump-defines -generate-c-project -macosx-version-min -printfn -message-limit "
    "-thread-stack-size -checker-match-exhaustive-cutoff-limit -bare-builtin-dir "
    "-custom-prelude -raw-vsh-tmp-prefix -cmain -line-info -wasm-stack-top -e"
)
"""V's options that take the next word as their value (``vlib/v/pref/pref.v``)."""
V_CODE = word_set(
    "run crun build build-module test test-all test-self test-fmt test-cleancode test-parser "
    "should-compile-all shader vet fmt doc check-md missdoc cover ast where new init "
    "build-examples build-tools build-vbinaries"
)
"""V's verbs that compile, run, test, format, check or document the V code at their operands
(``v run FILE [ARGS]``, ``v test DIR``) or the V repository's own examples and tools
(``build-examples``), or create a project in the working directory."""
V_RUNS_FIRST = word_set("run crun")
"""Verbs whose first operand is the code and the rest the arguments of the program it runs."""
V_READS = word_set("version help doctor list outdated search show")
"""Verbs that print the toolchain's version, help, installed modules or the module index."""
V_TOOLCHAIN = word_set("up self symlink setup-freetype ls")
"""Verbs that change the toolchain: ``up`` fetches and rebuilds V, ``self`` rebuilds it in
place, ``symlink`` links it into a directory on the PATH (``/usr/local/bin``), ``ls`` and
``setup-freetype`` download and install tools."""
V_INSTALLS = word_set("install update upgrade remove link unlink")
"""vpm's verbs: they install, update or remove modules under ``~/.vmodules``."""
V_PUBLISHES = word_set("share bug-report-send")
"""Verbs that upload code: to the V playground (``v share FILE``) or to a GitHub issue."""
V_CACHE = word_set("wipe-cache")
"""The verb that empties V's own build cache, as ``go clean -cache`` does: nothing is lost but
compile time."""
V_DOWNLOADS = word_set("download")
"""The verb that fetches the URLs it is given into the working directory (``-t DIR``,
``-o FILE`` elsewhere) and, with ``-R``/``--run``, runs what it fetched."""
V_COMPILER = LazyPattern(
    r"(?:[\w.]+-)*(?:cc|gcc|g\+\+|c\+\+|clang|clang\+\+|tcc|msvc|cl|icx|emcc)(?:-[\d.]+)?"
)
"""The C compilers ``-cc``/``-c++`` may name (``gcc``, ``clang-18``, ``x86_64-w64-mingw32-gcc``,
``tcc``, ``msvc``): V gives them the C it generated from the project's code."""
RISKY_C_FLAGS = ("-wrapper", "-fplugin", "-B", "--plugin", "-specs", "-Xclang")
"""C compiler flags (passed by ``-cflags``/``-ldflags``) that make it load or run a program."""


def _v(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """V's compiler and tools, by verb (see the module's docstring)."""
    if not args:
        from ondas.guards.bash_interactive import interactive

        return interactive(name, args, ctx, seg, s)  # ``v`` alone starts its REPL
    words = positionals(args, V_VALUED)
    values = [a.value for a in args]
    if values[0] in ASKS_VERSION_OR_HELP:
        return ALLOW
    verb = words[0].value if words else None
    if verb in V_INSTALLS:
        if ctx.in_container:
            return ALLOW
        return block("package-install", seg, f"{name} {verb} installs modules outside the project")
    if verb in V_PUBLISHES:
        from ondas.guards.bash_infra import remote_change

        return remote_change(name, [verb], seg)
    for k, value in enumerate(values):
        if value in {"-o", "-output"} and k + 1 < len(args):
            verdict = check_write_target(args[k + 1], ctx, seg)
        elif value in {"-cc", "-c++"} and k + 1 < len(args):
            verdict = _c_compiler(args[k + 1], ctx, depth, seg)
        else:
            continue
        if not verdict.allowed:
            return verdict
    if verb in V_DOWNLOADS:
        return _download(name, args, ctx, seg)
    if verb in V_READS or verb in V_CACHE:
        return ALLOW
    if verb in V_TOOLCHAIN:
        return unknown_unattended(
            name, f"{verb} changes the V toolchain outside the project", ctx, seg
        )
    if verb is not None and verb not in V_CODE and "." not in verb and "/" not in verb:
        return unknown_unattended(
            name, f"{verb} is not a verb of V the guard judges (it may run or fetch)", ctx, seg
        )
    operands = words[1:] if verb in V_CODE else words
    if verb in V_RUNS_FIRST or (operands and (operands[0].value or "").endswith(".vsh")):
        operands = operands[:1]  # ``v run FILE ARGS``, ``v build.vsh ARGS``: ARGS are data
    verdict = written_operands(operands, ctx, depth, seg)
    if not verdict.allowed or not ctx.unattended:
        return verdict
    if "-e" in values:
        return block(
            "unknown-program",
            seg,
            f"{name} -e runs V code the guard cannot read; unattended "
            "runs without the OS sandbox refuse it",
        )
    for k, value in enumerate(values):
        if value in {"-cflags", "-ldflags"} and k + 1 < len(values):
            flags = (values[k + 1] or "-wrapper").split()
            if any(f.startswith(RISKY_C_FLAGS) for f in flags):
                return block(
                    "unknown-program",
                    seg,
                    f"{name} {value} makes the C compiler run or load another program",
                )
    return project_code(name, operands, ctx, seg)


def written_operands(operands: list[Word], ctx: Ctx, depth: int, seg: str) -> Verdict:
    """Code this command line wrote and then has compiled and run (``printf ... > x.v && v run
    x.v``): its text is read for what it runs, as an interpreter's script is."""
    if not ctx.written:
        return ALLOW
    from ondas.guards.bash_contain import written_code

    for word in operands:
        if word.value is not None:
            verdict = written_code(word.value, ctx, depth, seg)
            if not verdict.allowed:
                return verdict
    return ALLOW


def _c_compiler(word: Word, ctx: Ctx, depth: int, seg: str) -> Verdict:
    """The C compiler V runs: a compiler's name, or else judged as the command it names."""
    if word.value is not None and V_COMPILER.fullmatch(word.value):
        return ALLOW
    if word.value is None:
        return block("dynamic-command", seg, "a C compiler named at run time")
    return ctx.check_source(word.value, ctx, depth + 1)


def _download(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """``v download URL...``: each URL judged as the network's, the place it writes as a write;
    ``-R`` runs what was fetched, code the guard has not seen (unknown, unattended)."""
    from ondas.guards.bash_net import network_url

    values = [a.value for a in args]
    for k, value in enumerate(values):
        if value is None:
            return block("network-unknown-target", seg, f"{name} download of a computed target")
        if "://" in value:
            verdict = network_url(value, ctx, seg)
        elif value in {"-t", "--target-folder", "-o", "--output"} and k + 1 < len(args):
            verdict = check_write_target(args[k + 1], ctx, seg)
        elif value in {"-R", "--run"}:
            verdict = unknown_unattended(name, "download --run runs what it fetched", ctx, seg)
        else:
            continue
        if not verdict.allowed:
            return verdict
    return ALLOW


def project_code(name: str, operands: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """Unattended, each operand a toolchain compiles or runs: the project's code, or judged as
    a script outside it is (a temp area's or the home's is code the guard cannot read)."""
    for word in operands:
        if word.value is None or word.value == "-":
            return block(
                "dynamic-command",
                seg,
                f"{name} is given code computed at run time or on its standard input",
            )
        if word.value.startswith(("/", "~", "..")) or classify(word.value, ctx) not in {
            "project",
            "project-temp",
        }:
            verdict = unseen_script(word.value, ctx, seg)
            if not verdict.allowed:
                return verdict
            if classify(word.value, ctx) not in {"project", "project-temp"}:
                return block(
                    "unknown-program",
                    seg,
                    f"{name} is given code outside the project "
                    f"({word.value}); unattended runs without the OS sandbox refuse it",
                )
    return ALLOW


RACO_BUILDS = word_set(
    "make test setup exe dist scribble expand decompile check-requires demod read cover"
)
"""raco's verbs that compile, test, document or package collections and the project's files."""
RACO_PKG_INSTALLS = word_set("install update remove uninstall migrate")
"""``raco pkg`` verbs that change the packages of the user's or the installation's scope."""
RACO_PKG_READS = word_set("show catalog-show new")
"""``raco pkg`` verbs that print what is installed or known, or create a package skeleton."""


def _raco(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """Racket's command-line tool, by verb (see the module's docstring)."""
    words = [w.value for w in positionals(args)]
    verb = words[0] if words else None
    if verb == "pkg":
        sub = words[1] if len(words) > 1 else None
        if sub in RACO_PKG_INSTALLS:
            where = _scope_dir(args)
            if ctx.in_container or (where is not None and classify(where, ctx) in _INSIDE):
                return ALLOW
            return block("package-install", seg, f"{name} pkg {sub} installs outside the project")
        if sub in RACO_PKG_READS:
            return ALLOW
        return unknown_unattended(name, f"pkg {sub or ''} is not a verb the guard judges", ctx, seg)
    values = [a.value for a in args]
    for k, value in enumerate(values):
        if value in {"-o", "--exe"} and k + 1 < len(args):
            verdict = check_write_target(args[k + 1], ctx, seg)
            if not verdict.allowed:
                return verdict
    if verb in RACO_BUILDS:
        # collections and packages are named without a path (``raco setup plot math``)
        paths = [w for w in positionals(args)[1:] if _looks_like_path(w.value)]
        verdict = written_operands(paths, ctx, depth, seg)
        if not verdict.allowed or not ctx.unattended:
            return verdict
        return project_code(name, paths, ctx, seg)
    if all(v in ASKS_VERSION_OR_HELP for v in values) and values:
        return ALLOW
    return unknown_unattended(name, f"{verb or ''} is not a verb the guard judges", ctx, seg)


_INSIDE = frozenset({"project", "project-temp"})


def _looks_like_path(value: str | None) -> bool:
    """A word naming a file (``tests/a.rkt``, ``/tmp/x``, ``~/x``), not a collection path
    (``typed-racket-test/succeed``); unknown text is treated as a path."""
    if value is None:
        return True
    return value.startswith(("/", "~", ".")) or value.endswith((".rkt", ".scrbl", ".ss", ".scm"))


def _scope_dir(args: list[Word]) -> str | None:
    values = [a.value for a in args]
    for k, value in enumerate(values):
        head, eq, inline = (value or "").partition("=")
        if head == "--scope-dir":
            return inline if eq else values[k + 1] if k + 1 < len(values) else None
    return None


D_FLAGS = word_set(
    "-O -O0 -O1 -O2 -O3 -O4 -O5 -Os -Oz -release -debug -g -gc -gf -gs -g0 -unittest -w -wi -d "
    "-de -dw -c -lib -shared -fPIC -fPIE -m32 -m64 -betterC -main -cov -profile -inline "
    "-noboundscheck -v -vgc -vtls -vcolumns -vdmd -vin -color -i -allinst -lowmem -static -op "
    "-oq -H -X -D -dip25 -dip1000 -dip1008 -dip1021 -nothrow -ignore -wo -link-defaultlib-shared "
    "-link-defaultlib-debug -enable-inlining -disable-inlining -ffast-math -linkonce-templates "
    "-enable-asserts -disable-asserts -enable-contracts -disable-contracts -enable-invariants "
    "-disable-invariants -enable-preconditions -disable-preconditions -enable-postconditions "
    "-disable-postconditions -enable-switch-errors -disable-switch-errors -vcg-ast -verror-style "
    "-vasm -fno-rtti -fno-exceptions -fno-moduleinfo -nogc"
)
"""Options of D's compilers that change how the project's code is built or checked, and write
nothing but the build's own outputs next to it."""
D_PREFIXES = (
    *("-version=", "-debug=", "-I", "-J", "-mtriple=", "-mcpu=", "-mattr=", "-march="),
    *("-preview=", "-revert=", "-transition=", "-checkaction=", "-boundscheck=", "-mscrtlib="),
    *("-defaultlib=", "-debuglib=", "-verrors=", "-extern-std=", "-target=", "-flto="),
    *("-relocation-model=", "-fvisibility=", "-fsanitize=", "--d-version=", "--d-debug="),
    *("-d-version=", "-d-debug=", "-color=", "-cov=", "-profile=", "-inline-threshold="),
    *("-dllimport=", "-float-abi=", "-code-model="),
)
"""Option prefixes of D's compilers that take a value naming a version, a target, a check or an
include directory read for sources (``-I``) and string imports (``-J``)."""
D_WRITES = ("-of", "-od", "-Dd", "-Df", "-Hd", "-Hf", "-Xf", "-makedeps", "-deps", "-mixin")
"""Options whose value is a file or directory the compiler writes (``-of=bin/app``,
``-odobj``; ldc2 also reads ``-of FILE`` with the value as the next word)."""
D_RISKY = ("-L", "-Xcc", "-linker", "-gcc", "-ar", "-plugin", "-conf", "-cpp", "-P")
"""Options that make a D compiler run or load another program, whatever the list above says
(``-L=-plugin=x.so`` to the linker, ``-Xcc=-wrapper,...``, ``-gcc=PROGRAM``, ``-plugin=x.so``,
``-conf=FILE`` whose ``DFLAGS`` and ``CC`` the guard does not read)."""
RDMD_FLAGS = word_set("--build-only --chatty --dry-run --force --main --makedepend")
"""rdmd's own options that run nothing else and write only the build's outputs."""
RDMD_VALUED = ("--exclude=", "--include=", "--extra-file=", "--makedepfile=", "--tmpdir=")
"""rdmd's options with a value: packages left out or built, a file added to the build (code of
the project, judged), the dependency file and the build directory (writes)."""


def _d_compiler(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``dmd``/``ldc2``/``ldmd2``/``rdmd``: their writes judged in every mode, the code they
    build and run judged as the project's; an option outside the closed sets, unattended, is
    unknown (see the module's docstring)."""
    values = [a.value for a in args]
    if not args or (values[0] in ASKS_VERSION_OR_HELP and len(values) == 1):
        return ALLOW
    code: list[Word] = []
    data: list[Word] = []
    why: str | None = None
    k = 0
    running = name == "rdmd"
    while k < len(args):
        word, value = args[k], values[k]
        k += 1
        if value is None:
            why = why or "a word computed at run time"
            continue
        if value.startswith("@"):
            why = why or f"a file of options ({value})"
            continue
        if not value.startswith("-") or value == "-":
            code.append(word)
            if running or value == "-":
                data = args[k:]  # ``-run FILE ARGS``, ``rdmd FILE ARGS``: the program's words
                break
            continue
        if value == "-run":
            running = True
            continue
        written = next((w for w in D_WRITES if value.startswith(w)), None)
        if written is not None and not value.startswith(D_RISKY):
            target = value[len(written) :].removeprefix("=")
            if not target and value in {"-of", "-od"} and k < len(args):
                word, k = args[k], k + 1  # ``ldc2 -of bin/app``
            elif not target:
                continue  # ``-makedeps``, ``-deps`` alone: printed
            elif target:
                word = Word(target, target)
            verdict = check_write_target(word, ctx, seg)
            if not verdict.allowed:
                return verdict
            continue
        if name == "rdmd" and value.startswith(RDMD_VALUED):
            key, _, given = value.partition("=")
            if key in {"--makedepfile", "--tmpdir"}:
                verdict = check_write_target(Word(given, given), ctx, seg)
                if not verdict.allowed:
                    return verdict
            elif key == "--extra-file":
                code.append(Word(given, given))
            continue
        if (name == "rdmd" and value in RDMD_FLAGS) or value in D_FLAGS:
            continue
        if value.startswith(D_PREFIXES) and not value.startswith(D_RISKY):
            continue
        why = why or f"the option {value}, which the guard does not judge"
    if code and code[-1].value == "-":
        why = why or "code read from standard input"
        code.pop()
    verdict = written_operands(code, ctx, depth, seg)
    if verdict.allowed and data:
        from ondas.guards.bash_known import destroying

        verdict = destroying(name, data, seg)  # ``-run app.d drop-db``, as ``./app drop-db``
    if not verdict.allowed or not ctx.unattended:
        return verdict
    if why is not None:
        return unknown_unattended(name, f"is given {why}", ctx, seg)
    return project_code(name, code, ctx, seg)


TOOLCHAINS = {
    "v": _v,
    "raco": _raco,
    **dict.fromkeys(("dmd", "ldc2", "ldmd2", "rdmd"), _d_compiler),
}
"""Each toolchain's rule, by program name (registered by :mod:`ondas.guards.bash_infra`, which
imports this module only when one of them is checked)."""
