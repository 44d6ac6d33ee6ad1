"""Compile-and-run drivers: ``tcc -run``, ``nim c -r``/``nim r``, ``crystal run``.

Each compiles the code it is given and, in its run mode, runs the program at once (``tcc -run
main.c ARGS``, ``nim c -r src/app.nim ARGS``, ``crystal run src/app.cr -- ARGS``, ``crystal
src/app.cr``): the project's code runs as ``./app`` would, known unattended as the D compilers'
``-run`` is (:mod:`ondas.guards.bash_compilers`); code in a temp area or the home, on standard
input or computed is judged as a script there is (refused unattended), and a file this line
wrote is read for what it runs. The run program's words are judged for a destroying verb as
``./app``'s are. Builds (``tcc -o app main.c``, ``nim c``, ``crystal build``, ``crystal spec``)
write their outputs, judged as writes in every mode.

Their options are closed sets. What makes them run or load another program or code the guard
did not see is unknown unattended, naming it: tcc's ``-B`` (its own library directory) and a
library directory outside the project (``-L``, loaded by ``-run``); Nim's C compiler and its
flags (``--cc:``, ``--passC:``, ``--passL:``, ``--gcc.exe:``...), ``--import:``/``--include:``,
a module path or standard library outside the project, ``nim e`` (NimScript) and ``secret``
(its REPL); Crystal's ``eval`` (code in the words), ``i`` (its REPL), ``play`` (a server),
``--link-flags``, ``--prelude``; and any option or verb not listed.
"""

from __future__ import annotations

from ondas.guards.bash_base import (
    ASKS_VERSION_OR_HELP,
    Ctx,
    Stdin,
    Word,
    check_write_target,
    classify,
    unknown_unattended,
    word_set,
)
from ondas.guards.bash_compilers import project_code, written_operands
from ondas.guards.verdict import ALLOW, Verdict

_INSIDE = frozenset({"project", "project-temp"})

TCC_FLAGS = word_set(
    "-c -g -b -v -vv -w -E -P -M -MD -MMD -static -shared -rdynamic -r -nostdlib -nostdinc "
    "-pthread -m32 -m64 -bench -ar"
)
"""tcc's options without a value."""
TCC_PREFIXES = ("-O", "-W", "-f", "-std=", "-D", "-U", "-I", "-l", "-m", "-g", "-x", "-bt")
"""tcc's options spelled with their value attached (``-DNDEBUG``, ``-Iinclude``, ``-lm``,
``-Wall``, ``-Wl,-rpath=.``: tcc is its own linker)."""
TCC_VALUED = word_set("-o -I -D -U -l -L -MF -x")
"""tcc's options whose value may be the next word."""


def tcc(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``tcc`` (see the module's docstring)."""
    if not args or (len(args) == 1 and args[0].value in ASKS_VERSION_OR_HELP):
        return ALLOW
    code: list[Word] = []
    data: list[Word] = []
    why: str | None = None
    running = False
    k = 0
    while k < len(args):
        word, value = args[k], args[k].value
        k += 1
        if value is None:
            why = why or "a word computed at run time"
            continue
        if value == "-run":
            running = True
            continue
        if not value.startswith("-") or value == "-":
            code.append(word)
            if running:
                data = args[k:]  # ``-run FILE ARGS``: the program's words
                break
            continue
        key, given = value[:2], value[2:]
        if value in TCC_VALUED and k < len(args):
            key, given, k = value, args[k].value or "", k + 1
            if args[k - 1].value is None:
                why = why or "a word computed at run time"
                continue
        if key in {"-o", "-MF"} and given:
            verdict = check_write_target(Word(given, given), ctx, seg)
            if not verdict.allowed:
                return verdict
        elif key == "-L" or value.startswith("-L"):
            if classify(given or value[2:], ctx) not in _INSIDE:
                why = why or f"a library directory outside the project ({given or value})"
        elif value.startswith("-B"):
            why = why or f"its library directory elsewhere ({value})"
        elif not (value in TCC_FLAGS or value in TCC_VALUED or value.startswith(TCC_PREFIXES)):
            why = why or f"the option {value}, which the guard does not judge"
    return _judged(name, code if running else [], data, why, ctx, depth, seg)


NIM_COMPILES = word_set("c cc compile compileToC cpp compileToCpp objc compileToOC js")
"""Nim's verbs that compile the project file (and, with ``-r``/``--run``, run it)."""
NIM_RUNS = word_set("r")
"""Nim's verb that compiles the project file into its cache and runs it."""
NIM_READS = word_set(
    "check doc doc2 rst2html rst2tex md2html md2tex jsondoc ctags buildIndex genDepend dump help"
)
"""Nim's verbs that check or document the project's code (``doc`` writes into ``htmldocs``)."""
NIM_OPTIONS = word_set(
    "d define u undef f forceBuild hints hint warnings warning w verbosity opt app cpu os "
    "threads tlsEmulation mm gc x checks a assertions objChecks fieldChecks rangeChecks "
    "boundChecks overflowChecks floatChecks nanChecks infChecks stackTrace lineTrace "
    "debugger debuginfo g profiler memTracking styleCheck colors listCmd listFullPaths "
    "spellSuggest experimental b backend panics exceptions deepcopy parallelBuild "
    "incremental skipCfg skipUserCfg skipParentCfg skipProjCfg stdout project docInternal "
    "index errorMax maxLoopIterationsVM showAllMismatches declaredLocs excessiveStackTrace "
    "stacktraceMsgs sinkInference implicitStatic trmacros multimethods hotCodeReloading "
    "threadanalysis asm noMain noLinking compileOnly l lineDir embedsrc genMapping "
    "unitsep processing hintAsError warningAsError fullhelp version help r run "
    "putenv benchmarkVM jsbigint64 tlsemulation cc"
)
"""Nim's options (``--name``, ``--name:value``) that change how it compiles, checks or
reports; ``cc`` here only with a compiler's name (:data:`NIM_C_COMPILERS`)."""
NIM_WRITES = word_set("o out outdir nimcache docRoot depfile")
"""Nim's options naming a file or directory it writes."""
NIM_PATHS = word_set("p path lib")
"""Nim's options naming where modules (or the standard library) are read from."""
NIM_C_COMPILERS = word_set("gcc clang tcc vcc icc icl llvm_gcc clang_cl env nintendoswitch")
"""The C compilers ``--cc:`` may name, each known by Nim's own configuration."""


def nim(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``nim`` (see the module's docstring)."""
    if not args or args[0].value in ASKS_VERSION_OR_HELP or args[0].value in {"-v", "help"}:
        return ALLOW
    verb = args[0].value
    if verb not in NIM_COMPILES | NIM_RUNS | NIM_READS:
        return unknown_unattended(name, f"{verb} is not a verb of nim the guard judges", ctx, seg)
    running = verb in NIM_RUNS
    code: list[Word] = []
    data: list[Word] = []
    why: str | None = None
    for k, word in enumerate(args[1:], start=1):
        value = word.value
        if value is None:
            why = why or "a word computed at run time"
            continue
        if not value.startswith("-") or value == "-":
            code.append(word)
            data = args[k + 1 :]  # the program's words, when it runs
            break
        key, _, given = value.lstrip("-").replace("=", ":", 1).partition(":")
        if key in {"r", "run"}:
            running = True
        elif key in NIM_WRITES and given:
            verdict = check_write_target(Word(given, given), ctx, seg)
            if not verdict.allowed:
                return verdict
        elif key in NIM_PATHS:
            if classify(given, ctx) not in _INSIDE:
                why = why or f"a module path outside the project ({value})"
        elif key == "cc" and given not in NIM_C_COMPILERS:
            why = why or f"another C compiler ({value})"
        elif key not in NIM_OPTIONS:
            why = why or f"the option {value}, which the guard does not judge"
    # a module's macros run at compile time (``staticExec``): the code is judged whatever the verb
    return _judged(name, code[:1], data if running else [], why, ctx, depth, seg)


CRYSTAL_BUILDS = word_set("build spec docs tool")
"""Crystal's verbs that build, test, document or inspect (``tool format``) the project's code."""
CRYSTAL_READS = word_set("version env help")
"""Crystal's verbs that print."""
CRYSTAL_FLAGS = word_set(
    "--release --no-debug --debug -d --progress --stats -s --time -p --static --error-trace "
    "--no-codegen --single-module --cross-compile --verbose --no-color --error-on-warnings "
    "--check --fail-fast --order --junit_output -v --tap --no-color --mt -Dpreview_mt "
    "--frozen --no-prelude"
)
"""Crystal's options without a value (``spec``'s among them)."""
CRYSTAL_VALUED = word_set(
    "-D --define --threads --target --mcpu --mattr --mcmodel --emit -e --example -l --line "
    "--tag --warnings --exclude-warnings --format -f --junit_output --seed"
)
"""Crystal's options with a value that names no file (``-o`` and ``--output`` are writes)."""


def crystal(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``crystal`` (see the module's docstring)."""
    if not args or args[0].value in ASKS_VERSION_OR_HELP:
        return ALLOW
    first = args[0].value or ""
    if first in CRYSTAL_READS:
        return ALLOW
    if first == "run" or first.endswith(".cr"):
        verb, rest = "run", args[1:] if first == "run" else args
    elif first in CRYSTAL_BUILDS:
        verb, rest = first, args[1:]
    else:
        return unknown_unattended(
            name, f"{first} is not a verb of crystal the guard judges", ctx, seg
        )
    code: list[Word] = []
    data: list[Word] = []
    why: str | None = None
    k = 0
    while k < len(rest):
        word, value = rest[k], rest[k].value
        k += 1
        if value is None:
            why = why or "a word computed at run time"
            continue
        if value == "--":
            data = rest[k:]  # ``crystal run app.cr -- ARGS``: the program's words
            break
        if not value.startswith("-") or value == "-":
            code.append(word)
            continue
        key, eq, given = value.partition("=")
        if key in {"-o", "--output"}:
            target = Word(given, given) if eq else rest[k] if k < len(rest) else None
            k += 0 if eq else 1
            if target is not None:
                verdict = check_write_target(target, ctx, seg)
                if not verdict.allowed:
                    return verdict
        elif key in CRYSTAL_VALUED:
            k += 0 if eq else 1
        elif not (key in CRYSTAL_FLAGS or value.startswith("-D")):
            why = why or f"the option {value}, which the guard does not judge"
    if verb == "tool":
        return _judged(name, [], [], why, ctx, depth, seg)
    return _judged(name, code, data if verb == "run" else [], why, ctx, depth, seg)


def _judged(
    name: str,
    code: list[Word],
    data: list[Word],
    why: str | None,
    ctx: Ctx,
    depth: int,
    seg: str,
) -> Verdict:
    """The code run read if this line wrote it, the run program's words judged as ``./app``'s,
    then unattended: an option not judged is unknown, and the code run must be the project's."""
    verdict = written_operands(code, ctx, depth, seg)
    if verdict.allowed and data:
        from ondas.guards.bash_known import destroying

        verdict = destroying(name, data, seg)  # ``nim r app.nim drop-db``, as ``./app drop-db``
    if not verdict.allowed or not ctx.unattended:
        return verdict
    if why is not None:
        return unknown_unattended(name, f"is given {why}", ctx, seg)
    return project_code(name, code, ctx, seg)


COMPILE_RUN = {"tcc": tcc, "nim": nim, "crystal": crystal}
"""Each driver's rule, by program name (registered by :mod:`ondas.guards.bash_infra`, which
imports this module only when one of them is checked)."""
