"""Code a compiler, linker or binary tool loads into itself as a plugin, named by an option.

``gcc -fplugin=PATH``, ``clang -fpass-plugin=PATH``, ``clang -Xclang -load -Xclang PATH``, a
driver's programs directory, specs file and wrapper (``-B DIR``, ``-specs=FILE``, ``-wrapper
PROG``: what it runs as cc1, as and ld, or around them), the
linker's ``-plugin PATH`` (``-Wl,-plugin,PATH``, ``-Xlinker -plugin -Xlinker PATH``), LLVM
``opt``'s ``-load``/``-load-pass-plugin``, binutils' ``--plugin`` and ``rustc -Z
codegen-backend=PATH`` load a shared object into the program, which runs it as the program's
own code, as ``LD_PRELOAD`` does. A plugin of the project (its build output) is the project's
code, and one the system installed (under ``/usr``, or found by name in the compiler's plugin
directory: ``-fplugin=annobin``) is the toolchain's. One from the home or another absolute path
outside the project (another repository, a download) is code the guard cannot read: in an
unattended run without the OS sandbox it is refused as a script there is
(:func:`~ondas.guards.bash_base.unseen_script`, round 17, ``left17``). One in a temp area is
refused by :func:`~ondas.guards.bash_startup.unseen_code_options`; a relative path out of the
project is left, as :func:`~ondas.guards.bash_base.unseen_script` leaves one (a package's
directory of the same repository).
"""

from __future__ import annotations

from ondas.guards.bash_base import Ctx, Word, block, classify, known_copy
from ondas.guards.verdict import ALLOW, Verdict

_DRIVER_OPTIONS = frozenset({"-fplugin", "-fpass-plugin"})
"""A C compiler driver's options whose value (after ``=``) is a plugin's path."""
_LINKER_OPTIONS = frozenset({"-plugin", "--plugin"})
"""The linker's and binutils' options naming a plugin (``-plugin PATH``, ``--plugin=PATH``)."""
_OPT_OPTIONS = frozenset({"-load", "--load", "-load-pass-plugin", "--load-pass-plugin"})
"""LLVM ``opt``'s (and ``llc``'s) options naming a pass plugin."""
SYSTEM_PLACES = ("/usr/", "/lib/", "/lib32/", "/lib64/", "/nix/store/", "/opt/homebrew/")
"""Where a system's package manager installs toolchains and their plugins."""


def plugin_paths(name: str, args: list[Word]) -> list[str | None]:
    """The plugins ``name ARGS`` loads, as written (None when computed at run time)."""
    values = [a.value for a in args]
    found: list[str | None] = []
    linker = name.startswith(("ld", "lld")) or name in {"ar", "nm", "ranlib"}
    driver = not linker and name not in {"opt", "llc", "rustc"}
    options = _OPT_OPTIONS if name in {"opt", "llc"} else _LINKER_OPTIONS if linker else None
    for k, v in enumerate(values):
        following = values[k + 1] if k + 1 < len(values) else ""
        if v is None:
            continue
        option, eq, given = v.partition("=")
        if options is not None and option in options:
            found.append(given if eq else following)
        elif option in _DRIVER_OPTIONS and eq:
            found.append(given)
        elif driver and option in {"-specs", "--specs"}:
            found.append(given if eq else following)  # specs run the programs they name
        elif driver and v.startswith("-B"):
            found.append(v[2:] or following)  # where it finds cc1, as and ld to run
        elif driver and v == "-wrapper":
            found.append((following or "").split(",")[0])  # runs each sub-program through it
        elif v == "-Xclang" and following in {"-load", "-fpass-plugin"} and k + 3 < len(values):
            found.append(values[k + 3])  # ``-Xclang -load -Xclang PATH``
        elif v == "-Xclang" and (following or "").startswith("-fpass-plugin="):
            found.append((following or "").partition("=")[2])
        elif v == "-Xlinker" and following in _LINKER_OPTIONS and k + 3 < len(values):
            found.append(values[k + 3])  # ``-Xlinker -plugin -Xlinker PATH``
        elif v.startswith("-Wl,"):
            parts = v[4:].split(",")
            for j, part in enumerate(parts):
                key, peq, value = part.partition("=")
                if key in _LINKER_OPTIONS:
                    found.append(value if peq else (parts[j + 1] if j + 1 < len(parts) else ""))
        elif name == "rustc" and (v == "-Z" or v.startswith("-Z")):
            setting = following if v == "-Z" else v[2:]
            key, _, value = (setting or "").partition("=")
            if key == "codegen-backend" and "/" in value:
                found.append(value)  # a path, not a backend's name (``cranelift``)
    return found


def foreign_plugin(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """Unattended: a plugin ``name`` loads from the home or an absolute path outside the project
    and the system's toolchains (see the module's docstring)."""
    if not ctx.unattended:
        return ALLOW
    for path in plugin_paths(name, args):
        if path is None:
            return block(
                "unknown-program",
                seg,
                f"{name} loads a plugin whose path is computed at run time, code the guard cannot "
                "read; unattended runs without the OS sandbox refuse it",
            )
        if not path.startswith(("/", "~")) or path.startswith(SYSTEM_PLACES):
            continue  # a name the compiler looks up, a relative path, the system's toolchain
        if classify(path, ctx) not in {"home", "home-inside", "outside"} or known_copy(path, ctx):
            continue
        return block(
            "unknown-program",
            seg,
            f"{name} loads {path} into itself as a plugin: code from outside the project (the "
            "home, another repository) that the guard cannot read; unattended runs without the "
            "OS sandbox refuse it",
        )
    return ALLOW
