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
