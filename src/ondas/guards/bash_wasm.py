"""WebAssembly runtimes: ``wasmtime`` runs or compiles the module it is given.

A WebAssembly module runs in the runtime's sandbox: it reaches no file and no socket unless
the command line grants one (``--dir HOST[::GUEST]``, the older ``--mapdir GUEST::HOST``, ``-S
inherit-network``, ``-S tcplisten=ADDR``). So ``wasmtime ./demo.wasm`` and ``wasmtime run
--invoke add app.wasm 1 2`` run the project's module as ``./app`` runs its program: known in
unattended runs when the module is the project's, a directory granted is judged as a write
(the module may write there), and ``compile -o FILE`` writes FILE. What reaches further is
refused unattended as unknown, naming it: the network granted, a module or preloaded one outside
the project, precompiled native code (``--allow-precompiled``), ``serve`` (a server whose
handler makes outgoing requests), and the verbs that write the user's configuration.

Round 17: the other runtimes, each with a closed table of options (:data:`RUNTIMES`), judged the
same way. ``wasmer [run] MODULE``, ``iwasm MODULE`` and ``wasm3 MODULE`` run the project's
module (``wasm3`` grants no directory by a flag, its WASI opens directories of the host by
itself: the module is judged as the project's own program is, ``./app``); a directory granted
(wasmer's ``--dir``, ``--mapdir GUEST:HOST``, ``--volume HOST:GUEST``; iwasm's ``--dir=``,
``--map-dir=GUEST::HOST``) is judged as a write, ``compile -o FILE`` (wasmer) and ``wasmedge
compile IN OUT`` write their output.
Refused unattended as unknown, naming it: the network granted (wasmer's ``--net``, iwasm's
``--addr-pool=``, ``--allow-resolve=``, its debug server ``-g=``), native code loaded (iwasm's
``--native-lib=``), a module outside the project or a registry package (``wasmer run
owner/pkg``: a module is a ``.wasm``, ``.wat``, ``.wasmu`` or ``.webc`` file), an option or verb
the table lacks (wasmer's ``publish``, ``deploy``, ``login``, ``app``...), and WasmEdge's runs:
its WASI has sockets of this machine's network without a flag.
"""

from __future__ import annotations

from ondas.guards.bash_base import (
    ASKS_VERSION_OR_HELP,
    Ctx,
    Stdin,
    Word,
    block,
    check_write_target,
    unknown_unattended,
    word_set,
)
from ondas.guards.bash_compilers import project_code
from ondas.guards.verdict import ALLOW, Verdict

WASMTIME_VALUED = word_set(
    "--dir --mapdir --env --invoke --preload --argv0 --profile --fuel --tcplisten "
    "--wasm-timeout --config --target -o --output -W -S -C -O -D --wasm --wasi --codegen "
    "--optimize --debug"
)
"""wasmtime's options that take the next word as their value."""
WASMTIME_VERBS = word_set("run compile wast settings explore objdump serve config completion")
"""wasmtime's sub-commands; any other first word is the module ``run`` runs."""
WASMTIME_RUNS = word_set("run compile wast explore objdump")
"""Verbs that run, compile or inspect the module (or ``.wast`` script) they are given."""
WASMTIME_READS = word_set("settings completion help")
"""Verbs that print the host's compilation settings, a shell completion script or the usage."""
WASI_REACHING = ("inherit-network", "network", "tcplisten", "udp", "allow-ip-name-lookup")
"""``-S`` settings that give the module sockets of this machine's network."""


def _options(
    args: list[Word], anywhere: bool = False
) -> tuple[list[tuple[str, Word | None]], list[Word]]:
    """The options (each with its value) and the operands. ``run``'s options come before the
    module and what follows the module is the module's own arguments; with ``anywhere``
    (``compile app.wasm -o app.cwasm``) options are read among the operands too."""
    options: list[tuple[str, Word | None]] = []
    operands: list[Word] = []
    k = 0
    while k < len(args):
        v = args[k].value
        if v is None or not v.startswith("-") or v == "--":
            if not anywhere:
                return options, args[k + (v == "--") :]
            operands.append(args[k])
            k += 1
            continue
        key, eq, inline = v.partition("=")
        if eq:
            options.append((key, Word(inline, inline)))
        elif len(key) > 2 and key[1] != "-" and key[:2] in WASMTIME_VALUED:
            options.append((key[:2], Word(key[2:], key[2:])))  # ``-Sinherit-network``
        elif key in WASMTIME_VALUED and k + 1 < len(args):
            options.append((key, args[k + 1]))
            k += 1
        else:
            options.append((key, None))
        k += 1
    return options, operands


def _host_dir(key: str, value: str) -> str:
    """The host side of a directory granted: ``--dir HOST[::GUEST]``, ``--mapdir GUEST::HOST``."""
    parts = value.split("::")
    return parts[-1] if key == "--mapdir" else parts[0]


def wasmtime(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """wasmtime, by verb and by what it grants the module (see the module's docstring)."""
    if not args or args[0].value in ASKS_VERSION_OR_HELP:
        return ALLOW
    verb = args[0].value if args[0].value in WASMTIME_VERBS else "run"
    rest = args[1:] if args[0].value in WASMTIME_VERBS else args
    if verb in WASMTIME_READS:
        return ALLOW
    if verb not in WASMTIME_RUNS:
        return unknown_unattended(
            name, f"{verb} is not a verb of wasmtime the guard judges", ctx, seg
        )
    options, operands = _options(rest, anywhere=verb == "compile")
    for key, value in options:
        if value is None:
            if key == "--allow-precompiled":
                return unknown_unattended(
                    name, f"{key} runs native code compiled elsewhere", ctx, seg
                )
            continue
        if value.value is None:
            if not ctx.unattended:
                continue
            return block(
                "dynamic-command", seg, f"{name} {key} is given a value computed at run time"
            )
        if key in {"--dir", "--mapdir"}:
            host = _host_dir(key, value.value)
            verdict = check_write_target(Word(host, host), ctx, seg)
            if not verdict.allowed:
                return verdict
        elif key in {"-o", "--output"}:
            verdict = check_write_target(value, ctx, seg)
            if not verdict.allowed:
                return verdict
        elif key in {"-S", "--wasi"} and any(w in value.value for w in WASI_REACHING):
            return unknown_unattended(
                name, f"-S {value.value} gives the module the network", ctx, seg
            )
        elif key == "--tcplisten":
            return unknown_unattended(name, f"{key} gives the module a socket", ctx, seg)
        elif key == "--preload" and ctx.unattended:
            _, _, path = value.value.partition("=")
            verdict = project_code(name, [Word(path, path)], ctx, seg)
            if not verdict.allowed:
                return verdict
    if not operands:
        return ALLOW  # the usage
    return project_code(name, operands[:1], ctx, seg) if ctx.unattended else ALLOW


WASM_MODULE_SUFFIXES = (".wasm", ".wat", ".wasmu", ".webc", ".aot", ".cwasm")
"""What a runtime other than wasmtime runs as a module file; any other word is a package of a
registry (``wasmer run python/python``) or a name the guard cannot read."""


class Runtime:
    """One runtime's closed table: its verbs, its options (valued or not), the options that
    grant a host directory (and the side of ``A:B`` that is the host's), and the options that
    reach the network or load native code (unknown, unattended)."""

    def __init__(
        self,
        runs: str,
        writes_output: str,
        flags: str,
        valued: str,
        dirs: dict[str, int],
        reaching: str,
        separator: str,
    ) -> None:
        self.runs = word_set(runs)
        self.writes_output = word_set(writes_output)
        self.flags = word_set(flags)
        self.valued = word_set(valued)
        self.dirs = dirs
        self.reaching = word_set(reaching)
        self.separator = separator


RUNTIMES = {
    "wasmer": Runtime(
        runs="run",
        writes_output="compile",
        flags="--net --forward-host-env --llvm --cranelift --singlepass --enable-all "
        "--enable-threads --enable-simd --enable-bulk-memory --enable-multi-value "
        "--enable-reference-types --enable-verifier --disable-cache --quiet -q --verbose -v "
        "--stdin-pipe",
        valued="--dir --mapdir --volume --env --invoke -i --entrypoint -e --cwd --stack-size "
        "--target -t --output -o --use --registry --token --hash-algorithm",
        dirs={"--dir": 0, "--mapdir": 1, "--volume": 0},
        reaching="--net --use --registry --token",
        separator=":",
    ),
    "iwasm": Runtime(
        runs="",
        writes_output="",
        flags="--interp --fast-jit --llvm-jit --multi-tier-jit --disable-bounds-checks "
        "--xip --enable-gc --enable-wasi-nn",
        valued="--dir --map-dir --env --addr-pool --allow-resolve --native-lib --module-path "
        "--stack-size --heap-size --max-threads --gc-heap-size --jit-codecache-size "
        "--llvm-jit-size-level --llvm-jit-opt-level --segue -f --function -v -g",
        dirs={"--dir": 0, "--map-dir": 1},
        reaching="--addr-pool --allow-resolve --native-lib --module-path -g",
        separator="::",
    ),
    "wasm3": Runtime(
        runs="",
        writes_output="",
        flags="--dump-on-trap --compile",
        valued="--func -f --gas-limit --stack-size",
        dirs={},
        reaching="",
        separator=":",
    ),
}
"""The runtimes judged by :func:`wasm_runtime` (WasmEdge apart: :func:`wasmedge`)."""


def wasm_runtime(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """wasmer, iwasm and wasm3, by what they grant the module (see the module's docstring)."""
    if name in {"wasmedge", "wasmedgec"}:
        return wasmedge(name, args, ctx, seg, s)
    spec = RUNTIMES[name]
    if not args or args[0].value in ASKS_VERSION_OR_HELP or args[0].value in {"-V", "help"}:
        return ALLOW
    rest = args
    verb = "run"
    first = args[0].value or ""
    if not first.startswith("-") and not first.endswith(WASM_MODULE_SUFFIXES):
        if first not in spec.runs | spec.writes_output:
            return _unjudged(name, args, ctx, seg, s)  # ``wasmer publish``: the policy's
        verb, rest = first, args[1:]
    operands: list[Word] = []
    compiles = verb in spec.writes_output  # ``compile IN -o OUT``: options anywhere
    k = 0
    while k < len(rest):
        word, v = rest[k], rest[k].value
        k += 1
        if v is None or not v.startswith("-") or v == "--" or (operands and not compiles):
            if v == "--" and not operands:
                continue
            operands.append(word)
            if not compiles:
                operands.extend(rest[k:])  # the module's own arguments
                break
            continue
        key, eq, inline = v.partition("=")
        value: Word | None = Word(inline, inline) if eq else None
        if key in spec.valued and not eq:
            if k >= len(rest):
                return ALLOW  # the usage of the option
            value, k = rest[k], k + 1
        elif key not in spec.valued and key not in spec.flags:
            return unknown_unattended(name, f"is given the option {key}", ctx, seg)
        if key in spec.reaching:
            return unknown_unattended(
                name, f"{key} gives the module the network or native code", ctx, seg
            )
        if value is None:
            continue
        if value.value is None:
            if ctx.unattended:
                return block(
                    "dynamic-command", seg, f"{name} {key} is given a value computed at run time"
                )
            continue
        if key in spec.dirs:
            parts = value.value.split(spec.separator)
            host = parts[min(spec.dirs[key], len(parts) - 1)]
            verdict = check_write_target(Word(host, host), ctx, seg)
        elif key in {"-o", "--output"}:
            verdict = check_write_target(value, ctx, seg)
        else:
            continue
        if not verdict.allowed:
            return verdict
    if not operands:
        return ALLOW
    return _module(name, operands[0], ctx, seg)


def _module(name: str, module: Word, ctx: Ctx, seg: str) -> Verdict:
    """Unattended, the module a runtime runs: a module file of the project."""
    if not ctx.unattended:
        return ALLOW
    if module.value is not None and not module.value.endswith(WASM_MODULE_SUFFIXES):
        return unknown_unattended(
            name, f"is given {module.value}, a registry package or no module file", ctx, seg
        )
    return project_code(name, [module], ctx, seg)


def _unjudged(name: str, args: list[Word], ctx: Ctx, seg: str, s: Stdin | None) -> Verdict:
    """A verb the table lacks: judged as any program no rule names (a publishing verb is the
    policy's, the rest unknown unattended)."""
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)


def wasmedge(name: str, args: list[Word], ctx: Ctx, seg: str, s: Stdin | None) -> Verdict:
    """WasmEdge: ``compile IN OUT`` (and ``wasmedgec IN OUT``) builds the project's module into
    native code, OUT a write; its runs stay unknown unattended (see the module's docstring)."""
    if not args or args[0].value in ASKS_VERSION_OR_HELP:
        return ALLOW
    rest = args[1:] if name == "wasmedge" else args
    if name == "wasmedge" and args[0].value != "compile":
        return _unjudged(name, args, ctx, seg, s)  # its WASI has the network's sockets
    operands = [w for w in rest if not (w.value or "x").startswith("-")]
    if len(operands) != 2 or len(operands) != len(rest):
        return unknown_unattended(name, "is given options or operands it does not judge", ctx, seg)
    verdict = check_write_target(operands[1], ctx, seg)
    if not verdict.allowed:
        return verdict
    return project_code(name, operands[:1], ctx, seg) if ctx.unattended else ALLOW
