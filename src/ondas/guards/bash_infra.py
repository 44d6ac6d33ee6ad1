"""Bash guard rules for package managers, infrastructure, cloud CLIs and databases."""

from __future__ import annotations

import os
import posixpath

from ondas.guards.bash_base import (
    HANDLERS,
    HELM_VALUED,
    KUBECTL_VALUED,
    Ctx,
    Stdin,
    Word,
    block,
    check_argv,
    check_write_target,
    is_interpreter,
    more_than_a_program_name,
    option_values,
    positionals,
    raw_device,
    register,
    skip_options,
    word_set,
)
from ondas.guards.bash_net import network_url
from ondas.guards.lazy_re import DOTALL, MULTILINE, LazyPattern, re
from ondas.guards.verdict import ALLOW, DANGEROUS, Verdict

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

_SYSTEM_PACKAGERS = word_set(
    "apt apt-get aptitude dnf yum zypper apk brew port snap flatpak choco "
    "winget scoop pkg emerge nix-env dpkg rpm pacman yay paru microdnf tdnf flox guix rustup "
    "asdf mise rtx pyenv rbenv nodenv goenv volta fnm sdk "
    # round 9: C/C++'s package manager (its cache is in the home directory), and OpenBSD's
    # installers, whose every word is a package
    "conan pkg_add pkg_delete "
    # round 10: Nix's channels, the sources of the user's packages
    "nix-channel "
    # round 11: the toolchain managers of Haskell, Lean and Julia, which install compilers
    # into the home directory as rustup does
    "ghcup elan juliaup "
    # round 12: Node's package-manager manager, which puts yarn's and pnpm's shims beside node
    # (``corepack enable``) and downloads them into the user's cache (``prepare --activate``)
    "corepack"
)
"""System package managers and toolchain/version managers (they install outside the project)."""
_PKG_VERBS = word_set(
    "install reinstall remove purge autoremove upgrade dist-upgrade "
    "full-upgrade update add del uninstall erase refresh tap link "
    "localinstall downgrade build-dep source"
)


_VERSION_MANAGERS = word_set("asdf mise rtx pyenv rbenv nodenv goenv")
"""Version managers whose ``global``, ``use -g`` and ``plugin add`` verbs change what every
shell of the user runs (round 15)."""
_NIX_CHANNEL_CHANGES = word_set("--add --remove --update --rollback")
"""nix-channel's options that change where the user's packages come from, or fetch them
(``--list`` only reads)."""
_GHCUP_READS = word_set("list whereis debug-info tool-requirements changelog help")
"""ghcup's verbs that only print; the others install, remove, select, compile or prefetch
toolchains, or change where they come from (``ghcup config add-release-channel URL``)."""
_CONAN_FETCHING = word_set("install create build download export-pkg remove graph")
"""conan's verbs that fetch packages into (or remove them from) its cache in the home
directory; ``graph`` resolves dependencies from the remotes (``conan graph info``)."""
_COREPACK_MANAGERS = word_set("npm npx pnpm pnpx yarn yarnpkg")
"""The package managers corepack runs when named first (``corepack pnpm@9 install``)."""
_PKG_PUBLISH = word_set("upload push publish")
"""A package manager's verbs that put a package on a remote (the policy's: no publishing)."""


def _system_packages(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    if ctx.in_container:
        return ALLOW
    values = [a.value for a in args]
    if None in values:
        return block("package-install", seg, "a package command computed at run time")
    vs = [v for v in values if v is not None]
    mutating = False
    if name in {"pacman", "yay", "paru"}:
        mutating = any(re.match(r"^-[SUR][a-z]*$", v) and not re.match(r"^-S[si]+$", v) for v in vs)
        mutating = mutating or any(v in {"--sync", "--upgrade", "--remove"} for v in vs)
    elif name == "dpkg":
        mutating = any(
            v in {"-i", "--install", "-r", "--remove", "-P", "--purge", "--unpack", "--configure"}
            for v in vs
        )
    elif name == "rpm":
        mutating = any(
            re.match(r"^-[iUeF][a-z]*$", v)
            or v in {"--install", "--upgrade", "--erase", "--freshen"}
            for v in vs
        )
    elif name == "nix-env":
        mutating = any(
            re.match(r"^-[ieu][a-zA-Z]*$", v) or v in {"--install", "--uninstall", "--upgrade"}
            for v in vs
        )
    elif name == "ghcup":
        positional = [a.value for a in positionals(args, frozenset({"-c", "--config"}))]
        mutating = bool(positional) and positional[0] not in _GHCUP_READS
    elif name in {"rustup", "elan"}:  # elan's verbs are rustup's
        positional = [a.value for a in positionals(args, frozenset({"--toolchain"}))]
        mutating = positional[:1] in (["install"], ["update"], ["self"]) or positional[:2] in (
            ["target", "add"],
            ["component", "add"],
            ["toolchain", "install"],
        )
    elif name == "conan":
        positional = [a.value for a in positionals(args, frozenset({"-r", "--remote", "-pr"}))]
        if positional[:1] == ["upload"]:
            return remote_change(name, positional[:1], seg)
        mutating = bool(positional) and positional[0] in _CONAN_FETCHING
    elif name == "corepack":
        positional = [a.value for a in positionals(args)]
        manager = (positional[0] or "").split("@", 1)[0] if positional else ""
        if manager in _COREPACK_MANAGERS and args[0].value == positional[0]:
            # round 21s: ``corepack pnpm install`` runs that package manager with its words
            return check_argv([Word(manager, manager), *args[1:]], ctx, depth + 1, seg)
        mutating = bool(positional) and positional[0] != "help"
    elif name == "nix-channel":
        mutating = any(v in _NIX_CHANNEL_CHANGES for v in vs)
    elif name in {"pkg_add", "pkg_delete"}:
        mutating = any(not v.startswith("-") for v in vs)
    elif name == "emerge":
        mutating = not any(v in {"-s", "--search", "--info", "-p", "--pretend", "-S"} for v in vs)
    else:
        positional = [a.value for a in positionals(args, frozenset({"-o", "-c", "-t"}))]
        if positional and positional[0] in _PKG_PUBLISH:
            return remote_change(name, positional[:1], seg)  # ``conan upload``, ``choco push``
        mutating = bool(positional) and positional[0] in _PKG_VERBS
        if not mutating and name in _VERSION_MANAGERS:
            # round 15: a default for every shell (``mise use -g``, ``pyenv global``) or a
            # plugin fetched (``asdf plugin add NAME URL``)
            is_global = any(v in {"-g", "--global"} for v in vs)
            mutating = (
                positional[:1] == ["global"]
                or (positional[:1] == ["use"] and is_global)
                or positional[:1] == ["plugin-add"]
                or positional[:2] in (["plugin", "add"], ["plugin", "install"])
                or positional[:2] == ["plugins", "install"]
            )
        if not mutating and positional:
            from ondas.guards.bash_known import destroying

            verdict = destroying(name, args, seg)  # ``mise implode``, ``brew cleanup --prune``
            if not verdict.allowed:
                return verdict
    if mutating:
        return block("package-install", seg, f"{name} changes system packages outside a container")
    return ALLOW


def pip_rule(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    values = [a.value for a in args]
    with_value = word_set(
        "-r --requirement -c --constraint -e --editable -t --target --prefix "
        "--root -i --index-url --extra-index-url -f --find-links --proxy -d "
        "--dest --python --platform --python-version --only-binary --no-binary "
        "--progress-bar --log --cache-dir --src --upgrade-strategy "
        "--trusted-host"
    )
    positional = positionals(args, with_value)
    if not positional:
        return ALLOW
    sub = positional[0].value
    if sub is None:
        return block("package-install", seg, "a pip subcommand computed at run time")
    for i, word in enumerate(args):
        v = word.value
        if v is None:
            continue
        candidate = v.split("=", 1)[1] if v.startswith("--") and "=" in v else v
        if i > 0 and args[i - 1].value in word_set(
            "-i --index-url --extra-index-url -f --find-links --proxy"
        ):
            candidate = v
        candidate = candidate[4:] if candidate.startswith("git+") else candidate
        host = _trusted_host(args, i)
        if host is not None:
            candidate = f"https://{host}/"
        if "://" in candidate and not candidate.startswith("file://"):
            verdict = network_url(candidate, ctx, seg)
            if not verdict.allowed:
                return verdict
    if sub in {"install", "uninstall"}:
        from ondas.guards.bash_base import option_values

        editable = list(option_values(args, word_set("-e --editable")))
        named = _names_the_guard([*positional[1:], *editable])
        if named is not None:
            return block(
                "ondas-state-mutation",
                seg,
                f"pip {sub} {named}: ondas is the guard that checks every command (its hook "
                "runs this package); removing or replacing it turns the checks off",
            )
    outside_venv = (
        "--user" in values
        or "--break-system-packages" in values
        or not ctx.in_venv
        or ctx.venv_left  # round 22: ``PATH=/usr/bin:/bin``, ``env -i``, ``/usr/bin/pip``
        or _system_interpreter(args)
        or left_the_venv(ctx)
        or _install_variable(_PIP_PLACE_VARIABLES, ctx) is not None
    )
    if sub in {"install", "uninstall"} and not ctx.in_container and outside_venv:
        return block("package-install", seg, "pip installs only inside a virtualenv")
    if sub in {"install", "download", "wheel"} and not ctx.in_container:
        verdict = _install_places(args, ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _trusted_host(args: list[Word], i: int) -> str | None:
    """The host ``args[i]`` names for pip to trust without checking its certificate, or over
    plain HTTP (``--trusted-host HOST``, ``--trusted-host=HOST``, ``pip config set
    global.trusted-host HOST``; round 26, tune26): pip then fetches packages from it as from
    an index, so it is a host of the network's policy, as an ``--index-url`` is."""
    v = args[i].value or ""
    before = args[i - 1].value or "" if i > 0 else ""
    if v.startswith("--trusted-host="):
        return v.split("=", 1)[1]
    if before == "--trusted-host" or (before.endswith(".trusted-host") and i > 1):
        return v
    return None


_PIP_PLACE_VARIABLES = {
    "PIP_USER": "flag",
    "PIP_BREAK_SYSTEM_PACKAGES": "flag",
    "PIP_TARGET": "place",
    "PIP_PREFIX": "place",
    "PIP_ROOT": "place",
}
"""pip's options given by the environment (pip reads ``PIP_<OPTION>``): the user's site, the
machine's packages, a directory to install into (round 22)."""
_NPM_PLACE_VARIABLES = {
    "NPM_CONFIG_GLOBAL": "flag",
    "NPM_CONFIG_LOCATION": "global",
    "NPM_CONFIG_PREFIX": "place",
}
"""npm's configuration given by the environment (``npm_config_global=true``, any case): a global
install, or an install into a prefix outside the project (round 22)."""
_FALSE_WORDS = frozenset({"", "0", "false", "no", "off"})


def left_the_venv(ctx: Ctx) -> bool:
    """Whether the command runs outside the virtualenv: the line left it
    (:attr:`~ondas.guards.bash_base.Ctx.venv_left`), or ``PATH`` is set in front of the command
    without the old value (``PATH=/usr/bin:/bin pip install``; round 22)."""
    if ctx.venv_left:
        return True
    if "PATH" not in ctx.assigned:
        return False
    from ondas.guards.bash_base import keeps_the_venv

    return not keeps_the_venv(ctx.assigned["PATH"], ctx)


def _install_variable(table: dict[str, str], ctx: Ctx) -> str | None:
    """The first variable of ``table`` set in front of the command or earlier on the line whose
    value installs outside the project (a true flag, ``global``, a place outside it)."""
    from ondas.guards.bash_base import classify

    for given in (ctx.assigned, ctx.variables):
        for key, value in given.items():
            kind = table.get(key.upper())
            if kind is None:
                continue
            if value is None:
                return key
            if kind == "flag" and value.strip().lower() not in _FALSE_WORDS:
                return key
            if kind == "global" and value.strip().lower() == "global":
                return key
            if kind == "place" and value and classify(value, ctx) not in _INSIDE:
                return key
    return None


_NAME_END = LazyPattern(r"(?:\[[^\]]*\])?(?:[<>=!~;@ ].*)?$")


def _names_the_guard(operands: list[Word]) -> str | None:
    """The first operand of a pip install or uninstall that is ondas itself (round 22): the
    distribution by name (``ondas``, ``ondas==1.0``, ``ondas[mcp]``), or a local directory or
    archive whose name has the word ``ondas`` (``/tmp/fake-ondas``,
    ``ondas-0.0.0-py3-none-any.whl``), which installs over it."""
    for word in operands:
        v = (word.value or "").lower()
        if not v or v.startswith("-"):
            continue
        if _NAME_END.sub("", v).replace("_", "-").replace(".", "-") == "ondas":
            return v
        local = "/" in v or v.endswith((".whl", ".tar.gz", ".zip")) or v.startswith(".")
        base = v.rstrip("/").rsplit("/", 1)[-1]
        if local and "ondas" in re.split(r"[^a-z0-9]+", base):
            return v
    return None


def _system_interpreter(args: list[Word]) -> bool:
    """``uv pip install --python /usr/bin/python3``, ``pip --python=/usr/bin/python3``: the
    packages go to the machine's interpreter, not the virtualenv's (round 22)."""
    from ondas.guards.bash_base import SYSTEM_PROGRAM_DIRS

    for i, word in enumerate(args):
        v = word.value or ""
        opt, eq, given = v.partition("=")
        if opt not in {"--python", "-p"}:
            continue
        value = given if eq else (args[i + 1].value if i + 1 < len(args) else "")
        if value is None or value.startswith(SYSTEM_PROGRAM_DIRS):
            return True
    return False


def _other_environment(args: list[Word], ctx: Ctx) -> bool:
    """conda's ``-n base``/``--name root`` (the machine's own environment) or a ``-p``/``--prefix``
    outside the project: not the environment the run works in (round 14)."""
    from ondas.guards.bash_base import classify

    for i, word in enumerate(args):
        v = word.value or ""
        opt, eq, given = v.partition("=") if v.startswith("--") else (v, "", "")
        value = given if eq else args[i + 1].value if i + 1 < len(args) else ""
        if opt in {"-n", "--name"} and (value is None or value in {"base", "root"}):
            return True
        if opt in {"-p", "--prefix"} and (value is None or classify(value, ctx) not in _INSIDE):
            return True
    return False


_PLACE_OPTIONS = word_set("-t --target --prefix --root")
"""pip's options that install somewhere other than the virtualenv (``--target DIR``, ``--prefix``,
``--root``): in the project they stay there; anywhere else they install on the machine."""
_INSIDE = frozenset({"project", "project-temp", "null", "unknown"})


def _install_places(args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    from ondas.guards.bash_base import classify

    for i, word in enumerate(args):
        v = word.value or ""
        opt, eq, place = v.partition("=") if v.startswith("--") else (v, "", "")
        if opt not in _PLACE_OPTIONS:
            continue
        value = place if eq else args[i + 1].value if i + 1 < len(args) else None
        if value is not None and classify(value, ctx) not in _INSIDE:
            return block(
                "package-install",
                seg,
                f"pip {opt} {value} installs outside the project and its virtualenv",
            )
    return ALLOW


def _ensurepip(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``python -m ensurepip``: installs pip itself, by pip's own rule of where."""
    install = [Word("install", "install"), *args]
    return pip_rule("pip", install, ctx, depth, seg, s)


def _language_installers(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """Perl's, Lua's and Raku's package managers: outside a container they install into the
    system or the home, unless told a directory in the project (``cpanm -L local``,
    ``luarocks --tree``, ``zef --to=DIR``). ``cpm install`` (App::cpm) installs into
    ``./local`` unless told ``-g``/``--global`` or another ``-L`` directory: the project's, as
    ``cpanm -L local`` is."""
    if ctx.in_container:
        return ALLOW
    from ondas.guards.bash_base import classify

    values = [a.value for a in args]
    places = ("-L", "--local-lib", "-l", "--local-lib-contained", "--tree", "--to", "--install-to")
    placed = False
    for i, v in enumerate(values):
        opt, eq, place = (v or "").partition("=")
        if opt in places:
            placed = True
            where = place if eq else values[i + 1] if i + 1 < len(values) else None
            if where is not None and classify(where, ctx) in _INSIDE:
                return ALLOW
    positional = [a.value for a in positionals(args)]
    if name == "cpm" and positional[:1] == ["install"]:
        if placed or "-g" in values or "--global" in values:
            return block("package-install", seg, "cpm installs outside the project")
        return ALLOW
    verbs = {
        "luarocks": {"install", "remove", "make"},
        "cpan": {"-i", "install"},
        "zef": {"install", "uninstall", "upgrade"},
    }
    first = positional[0] if positional else None
    if name == "cpanm" and ("--uninstall" in values or "-U" in values or positional):
        return block("package-install", seg, f"{name} installs outside the project")
    if name in verbs and (first in verbs[name] or (name == "cpan" and "-i" in values)):
        return block("package-install", seg, f"{name} installs outside the project")
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)


def _toolchain(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """V's and Racket's toolchains, judged by verb (:mod:`ondas.guards.bash_compilers`, imported
    only for their lines)."""
    from ondas.guards.bash_compilers import TOOLCHAINS

    return TOOLCHAINS[name](name, args, ctx, depth, seg, s)


def _compile_run(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``tcc``, ``nim`` and ``crystal``, compile-and-run drivers
    (:mod:`ondas.guards.bash_compile_run`, imported only for their lines)."""
    from ondas.guards.bash_compile_run import COMPILE_RUN

    return COMPILE_RUN[name](name, args, ctx, depth, seg, s)


def _jujutsu(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """Jujutsu's ``jj``, by verb as git's counterparts (:mod:`ondas.guards.bash_vcs`,
    imported only for its lines)."""
    from ondas.guards.bash_vcs import jj

    return jj(name, args, ctx, seg, s)


def _keystores(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """The JDK's ``keytool``, judged by its command (:mod:`ondas.guards.bash_keystores`,
    imported only for its lines)."""
    from ondas.guards.bash_keystores import keytool

    return keytool(name, args, ctx, depth, seg, s)


def _displays(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``Xvfb`` and ``wine`` (:mod:`ondas.guards.bash_displays`, imported only for their
    lines)."""
    from ondas.guards.bash_displays import wine, xvfb

    return (xvfb if name == "xvfb" else wine)(name, args, ctx, depth, seg, s)


def _stylesheets(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``sass``, ``sassc``, ``lessc`` and ``stylus`` (:mod:`ondas.guards.bash_stylesheets`,
    imported only for their lines)."""
    from ondas.guards.bash_stylesheets import lessc, stylesheets, stylus

    judge = {"lessc": lessc, "stylus": stylus}.get(name, stylesheets)
    return judge(name, args, ctx, depth, seg, s)


_R_INSTALLS = LazyPattern(
    r"\b(?:utils\s*::\s*)?(?:install\.packages|remove\.packages|update\.packages)\s*\("
    r"|\b(?:remotes|devtools|BiocManager|pak)\s*::\s*"
    r"(?:install\w*|pkg_install|pak|update_packages)\s*\("
)
"""R code that installs, updates or removes packages in the user's or the site library."""


def _r_packages(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """R's package installs (``R CMD INSTALL``, ``install.packages()`` in ``-e`` code) write
    the user's or the site library, outside the project, unless told a library in it (``-l
    DIR``); the rest of ``R`` is judged as any program no rule knows, and ``Rscript``'s code as
    every interpreter's."""
    from ondas.guards.bash_base import classify

    values = [a.value for a in args]
    if not ctx.in_container and name == "r" and values[:1] == ["CMD"] and len(values) > 1:
        verb = values[1]
        if verb in {"INSTALL", "REMOVE"}:
            for i, v in enumerate(values[2:], start=2):
                opt, eq, place = (v or "").partition("=")
                if opt in {"-l", "--library"}:
                    where = place if eq else values[i + 1] if i + 1 < len(values) else None
                    if where is not None and classify(where, ctx) in _INSIDE:
                        break
            else:
                return block("package-install", seg, f"R CMD {verb} writes R's library")
    if not ctx.in_container:
        for i, v in enumerate(values):
            code = values[i + 1] if v in {"-e", "--expr"} and i + 1 < len(values) else None
            code = v[3:] if v is not None and v.startswith("-e=") else code
            if code is not None and _R_INSTALLS.search(code):
                return block("package-install", seg, f"{name} code installs into R's library")
    if is_interpreter(name):
        return ALLOW  # ``Rscript``: its code is judged next, as every interpreter's
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)


def _uv(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    values = [a.value for a in args]
    from ondas.guards.bash_output_options import cleared_environment

    verdict = cleared_environment(name, args, ctx, seg)  # ``uv venv --clear DIR``
    if not verdict.allowed:
        return verdict
    if values[:1] == ["pip"]:
        if "--system" in values and not ctx.in_container:
            return block("package-install", seg, "uv pip --system installs outside a virtualenv")
        return pip_rule("pip", args[1:], ctx, depth, seg, s) if ctx.in_venv else ALLOW
    if values[:2] in (["tool", "install"], ["tool", "upgrade"]) and not ctx.in_container:
        return block("package-install", seg, "uv tool install installs outside the project")
    return ALLOW


_CARGO_PROGRAM_KEYS = LazyPattern(
    r"^\s*(?:target\.(?:'[^']*'|\"[^\"]*\"|[^=\s]+)\.(?:runner|linker)"
    r"|build\.(?:rustc|rustc-wrapper|rustc-workspace-wrapper|rustdoc))\s*=\s*(?P<value>.*)$",
    DOTALL,
)
"""``cargo --config KEY=VALUE`` keys whose value is a program cargo runs (a target's runner and
linker, the compiler and its wrappers)."""


def _cargo_config(args: list[Word], ctx: Ctx, depth: int, seg: str) -> Verdict:
    """``cargo test --config 'target.X.runner="CMD"'``: the program a config value names,
    judged as a command line (a TOML string, or an array of its words)."""
    from shlex import quote

    for k, word in enumerate(args):
        v = word.value
        text = args[k + 1].value if v == "--config" and k + 1 < len(args) else None
        text = v[9:] if v is not None and v.startswith("--config=") else text
        if text is None and v == "--config" and k + 1 < len(args):
            return block("dynamic-command", seg, "a cargo --config value computed at run time")
        match = _CARGO_PROGRAM_KEYS.match(text or "")
        if match is None:
            continue
        value = match.group("value").strip()
        items = re.findall(r"\"((?:[^\"\\]|\\.)*)\"|'([^']*)'", value)
        words = [a or b for a, b in items] or [value]
        line = words[0] if len(words) == 1 and not value.startswith("[") else ""
        line = line or " ".join(quote(w) for w in words)
        if not more_than_a_program_name(line):
            continue  # a program found on the PATH by name (``build.rustc-wrapper="sccache"``)
        verdict = ctx.check_source(line, ctx, depth + 1)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _go_env_writes(args: list[Word]) -> list[tuple[str, str | None]]:
    """The ``KEY=VALUE`` pairs ``go env -w`` writes into the user's go environment file."""
    values = [a.value for a in args]
    if values[:1] != ["env"] or "-w" not in values:
        return []
    pairs = [v.partition("=") for v in values[1:] if v is not None and "=" in v]
    return [(key, value) for key, _eq, value in pairs]


def _module_proxies(value: str | None, ctx: Ctx, seg: str) -> Verdict:
    """Each proxy of a ``GOPROXY`` list is a host every later module download goes to."""
    from ondas.guards.bash_net import network_url

    for proxy in re.split(r"[,|]", value or ""):
        if proxy and proxy not in {"direct", "off"}:
            verdict = network_url(proxy, ctx, seg)
            if not verdict.allowed:
                return verdict
    return ALLOW


def _global_installers(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    if name == "cargo" and any((a.value or "").startswith("--config") for a in args):
        verdict = _cargo_config(args, ctx, depth, seg)
        if not verdict.allowed:
            return verdict
    if name in {"conda", "mamba", "micromamba"}:  # ``conda env remove -p DIR``
        from ondas.guards.bash_base import check_write_target, option_values
        from ondas.guards.bash_output_options import cleared_environment

        verdict = cleared_environment(name, args, ctx, seg)
        if not verdict.allowed:
            return verdict
        changes = word_set("--set --add --append --prepend --remove --remove-key")
        if any(a.value in changes for a in args):  # ``conda config --file F --set K V``
            for written in option_values(args, word_set("--file")):
                verdict = check_write_target(written, ctx, seg)
                if not verdict.allowed:
                    return verdict
    if name == "go" and (set_env := _go_env_writes(args)):
        from ondas.guards.bash_base import check_assignment

        for key, value in set_env:  # round 15: ``go env -w`` sets them for every later build
            verdict = check_assignment(key, value, ctx, depth, seg)
            if verdict.allowed and key == "GOPROXY":
                verdict = _module_proxies(value, ctx, seg)
            if not verdict.allowed:
                return verdict
    if name in {"go", "cargo"}:  # ``go build -o BIN``, ``cargo clean --target-dir DIR``
        from ondas.guards.bash_output_options import output_files

        verdict = output_files(name, args, ctx, seg)
        if not verdict.allowed:
            return verdict
    if ctx.in_container:
        return ALLOW
    values = [a.value for a in args]
    positional = [a.value for a in positionals(args)]
    first = positional[0] if positional else None
    rule, reason = "package-install", f"{name} installs outside the project"
    if name in {"deno", "bun"} and (
        first == "upgrade" or (name == "deno" and first == "jupyter" and "--install" in values)
    ):
        return block(rule, seg, f"{name} {first} writes outside the project")  # its own binary
    if name == "deno":  # deno 2: ``install``/``add`` fill the project, ``-g`` the user's bin
        is_global = any(v in {"-g", "--global"} for v in values)
        if is_global and first in {"install", "i", "uninstall"}:
            return block(rule, seg, reason)
        return ALLOW
    if name in {"npm", "pnpm", "bun", "yarn", "cnpm"}:
        is_global = any(v in {"-g", "--global", "--location=global"} for v in values) or (
            "--location" in values and "global" in values
        )
        if name in {"npm", "cnpm"} and _install_variable(_NPM_PLACE_VARIABLES, ctx):
            is_global = True  # round 22: ``npm_config_global=true npm install x``
        if first == "global":  # ``yarn global add``, and the same words to pnpm or bun
            is_global = True
            if len(positional) > 1 and positional[1] in {"list", "ls", "dir", "bin"}:
                return ALLOW  # ``yarn global list`` shows what is installed
        if first in {"link", "ln"} and len(positional) == 1 and name != "yarn":
            is_global = True  # round 15: ``npm link`` alone links the package globally
        if is_global and first in {
            "install",
            "i",
            "add",
            "uninstall",
            "un",
            "rm",
            "remove",
            "update",
            "up",
            "upgrade",
            "link",
            "ln",
            "global",
            None,
        }:
            return block(rule, seg, reason)
        return ALLOW
    if name in {"gem", "pipx", "cargo", "conda", "mamba", "micromamba", "cabal", "stack"}:
        verbs = word_set(
            "install uninstall update upgrade inject reinstall remove upgrade-all reinstall-all"
        )
        if name in {"conda", "mamba", "micromamba"} and ctx.in_venv:
            if first in verbs and _other_environment(args, ctx):
                return block(rule, seg, f"{name} {first} into the base environment or outside")
            return ALLOW
        if name in {"cargo", "cabal", "stack"} and first not in {"install", "uninstall"}:
            return ALLOW
        if first in verbs:
            return block(rule, seg, reason)
        return ALLOW
    if name == "composer":  # ``composer install`` fills the project's vendor/
        if first == "global" or any(v in {"-g", "--global"} for v in values):
            return block(rule, seg, reason)
        return ALLOW
    if name == "go" and first == "install":
        for target in positional[1:]:
            if target is None or "@" in target or re.match(r"^[^./][^/]*\.[^/]+/", target):
                return block(
                    rule, seg, "go install of a remote module installs outside the project"
                )
    return ALLOW


def _kubectl(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    words = skip_options(args, KUBECTL_VALUED)
    verb = words[0] if words else ""
    sub = words[1] if len(words) > 1 else None
    values = [a.value or "" for a in args]
    if verb == "apply" and any(v.split("=", 1)[0] in {"--prune", "--force"} for v in values):
        return block(
            "kubectl-mutation",
            seg,
            f"{name} apply --prune or --force deletes what the cluster holds (resources missing "
            "from the files, or each one before it is recreated)",
        )
    if verb == "config" and sub == "set-credentials":
        from ondas.guards.bash_base import check_argv, option_values

        # round 15: the exec plugin kubectl runs for credentials at every later call
        for program in option_values(args, word_set("--exec-command")):
            if program.value is None:
                return block("dynamic-command", seg, "a kubeconfig exec plugin computed later")
            verdict = check_argv([program], ctx, depth, seg)
            if not verdict.allowed:
                return verdict
    if verb == "config" and sub is not None and (sub.startswith("delete-") or sub == "unset"):
        return block(
            "kubectl-mutation",
            seg,
            f"{name} config {sub} removes an entry (a context, a cluster, credentials) of the "
            "user's kubeconfig, outside the project",
        )
    if verb == "auth" and sub == "reconcile":
        if any(v.startswith("--remove-extra") for v in values):
            return block(
                "kubectl-mutation", seg, f"{name} auth reconcile removes permissions or subjects"
            )
        return remote_change(name, words[:2], seg)
    from ondas.guards.bash_known import verb_destroys

    if verb is None or (verb == "adm" and sub is None and len(words) > 1):
        return block("dynamic-command", seg, f"a {name} verb computed at run time")
    if verb == "adm" and len(words) == 1:
        return ALLOW  # ``oc adm`` alone prints its usage, as ``kubectl`` alone does
    if verb in _KUBECTL_RUNS_OR_COPIES:
        return _pod_run_or_copy(name, verb, args, ctx, seg)
    if verb == "adm" or verb in _OC_CHANGES:
        if verb == "adm" and (sub is None or verb_destroys(sub) or sub == "drain"):
            return block("kubectl-mutation", seg, f"{name} adm {sub} destroys what a cluster holds")
        return remote_change(name, words[:2], seg)
    if verb == "krew" and sub not in _KREW_READS:
        if ctx.in_container:
            return ALLOW
        return block("package-install", seg, f"{name} krew {sub} installs plugins under ~/.krew")
    mutating = {
        "apply",
        "create",
        "delete",
        "replace",
        "patch",
        "edit",
        "scale",
        "autoscale",
        "set",
        "label",
        "annotate",
        "taint",
        "drain",
        "cordon",
        "uncordon",
        "expose",
        "run",
        "exec",
        "cp",
        "attach",
        "debug",
        "certificate",
        None,
    }
    if verb in mutating or (
        verb == "rollout" and (words[1:2] or [""])[0] not in {"status", "history"}
    ):
        forced = verb == "replace" and any(v.split("=", 1)[0] == "--force" for v in values)
        if verb in _KUBECTL_DESTROYS or forced:
            what = " --force deletes and recreates" if forced else " destroys"
            return block("kubectl-mutation", seg, f"{name} {verb}{what} what a cluster holds")
        return remote_change(name, words[:2], seg)
    return plugin_verb(name, verb, _KUBECTL_VERBS, "kubectl-mutation", ctx, seg)


def plugin_verb(
    name: str, verb: str | None, known: frozenset[str], rule: str, ctx: Ctx, seg: str
) -> Verdict:
    """A verb the CLI does not have runs a plugin (``kubectl-VERB``, a helm plugin, a program
    on PATH or in a plugin directory): named for a destruction it is refused as one; otherwise
    it is a program the guard does not know, refused unattended. A verb computed at run time
    is one the guard cannot see (``docker $X web``), as a command name computed is."""
    if verb is None:
        return block("dynamic-command", seg, f"a {name} verb computed at run time")
    if not verb or verb in known:  # no verb: ``kubectl --version``, the usage
        return ALLOW
    from ondas.guards.bash_known import PUBLISH_VERBS, _tokens, verb_destroys

    if verb_destroys(verb):
        return block(rule, seg, f"{name} {verb} is a plugin named for a destruction")
    if _tokens(verb) & PUBLISH_VERBS:
        return remote_change(name, [verb], seg)  # ``helm cm-push``: a plugin named to publish
    if ctx.unattended:
        return block(
            "unknown-program",
            seg,
            f"{name} {verb} is a plugin the guard does not know; unattended runs without the OS "
            "sandbox refuse unknown programs",
        )
    return ALLOW


_KUBECTL_DESTROYS = word_set("delete drain certificate")
"""kubectl verbs that destroy what a cluster holds (dangerous: ``drain`` evicts every pod of a
node; ``certificate`` approves or denies who gets a credential), with ``replace --force`` (each
resource deleted, then created again); its other changing verbs (``apply``, ``scale``,
``label``, ``replace`` of a resource's spec by the file's) change a remote and are the
policy's."""
_KUBECTL_RUNS_OR_COPIES = word_set("exec run attach debug rsh cp rsync")
"""kubectl's (and OpenShift's) verbs that run a program in a cluster or copy files to or from
it: a run on a remote, the policy's as ``ssh`` to a host off the whitelist is; the command
given is judged by the runners' table (:mod:`ondas.guards.bash_runners`) for what it
destroys, and a copy's local end as a write."""


def _pod_run_or_copy(name: str, verb: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """``kubectl exec|run|debug|attach``, ``oc rsh``: a run in a cluster (the policy's);
    ``kubectl cp``, ``oc rsync``: a copy, whose local destination is judged as any write
    first. A copy out of a pod is the policy's too: it runs ``tar`` in the pod and brings
    what the pod holds (its service account's token) within the agent's reach."""
    if verb not in {"cp", "rsync"}:
        return remote_run(name, [verb], seg)
    from ondas.guards.bash_known import destroying_option

    for word in args:
        v = word.value or ""
        if v.startswith("--") and destroying_option(v):  # ``oc rsync --delete``
            return block("kubectl-mutation", seg, f"{name} {verb} {v} deletes what it copies over")
    ends = positionals(args, KUBECTL_VALUED)[1:]
    if len(ends) < 2 or any(w.value is None for w in ends):
        return remote_run(name, [verb], seg)
    if ":" not in (ends[-1].value or ""):
        verdict = check_write_target(ends[-1], ctx, seg)
        if verdict.blocked:
            return verdict
    return remote_run(name, [verb], seg)


ADB_VALUED = word_set("-s -t -H -P -L")
"""adb's global options that take a value (a device's serial, a transport, the server's host,
port or socket)."""
ADB_READS = word_set(
    "devices version help get-state get-serialno get-devpath wait-for-device "
    "wait-for-usb-device wait-for-local-device logcat"
)
"""adb's verbs that only print what the devices are and hold (``logcat`` unless it clears or
resizes the log, :data:`ADB_LOGCAT_CHANGES`)."""
ADB_LOGCAT_CHANGES = word_set("-c --clear -G --buffer-size -P --prune -f --file")


_LOCAL_HOSTS = word_set("localhost 127.0.0.1 ::1 [::1] 0.0.0.0")


def _adb_network_host(args: list[Word]) -> str | None:
    """The host adb reaches over the network, not this machine: ``connect HOST[:PORT]``,
    ``pair HOST:PORT``, the server's ``-H HOST``; None for a device attached here."""
    values = [a.value for a in args]
    words = positionals(args, ADB_VALUED)
    verb = args.index(words[0]) if words and words[0].value in {"connect", "pair"} else -1
    for k, v in enumerate(values):
        following = values[k + 1] if k + 1 < len(values) else None
        if (v != "-H" or k > verb >= 0) and k != verb:
            continue
        host = following
        if host is None:
            return f"{v} <computed>"
        bare = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
        if bare and bare not in _LOCAL_HOSTS and not bare.startswith("127."):
            return f"{v} {host}"
    return None


def _adb(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """Android's device bridge: a device or emulator is another machine. Its reads (``adb
    devices``, ``logcat``) are allowed; every other verb runs there (``shell``, ``exec-out``,
    ``am start`` through them; the command judged for what it destroys by the runners' table),
    copies to or from it (``push``, ``pull``), installs on it or changes it (``root``,
    ``reboot``, ``emu kill``): a run on a remote, the policy's, as ``ssh`` and ``kubectl exec``
    are, in an unattended run. Attended and sandboxed, a device attached to this machine (an
    emulator, a phone on USB) is the developer's own test rig, as a local container is: adb
    stays a program judged by its words (a destroying one refused), else let through. A device
    reached over the network (``adb connect HOST``, ``adb -H HOST``) is a remote as a cluster's
    pod is (``kubectl exec``): the policy's in every mode (round 14's decision: the r12 everyday
    set runs a screenshot script's ``adb shell`` and ``adb push`` on an emulator)."""
    from ondas.guards.bash_known import destroying, unknown_program

    reached = _adb_network_host(args)
    if reached is not None:
        return remote_run(name, [reached], seg)
    if not ctx.unattended:
        return unknown_program(name, args, ctx, seg, s)
    verdict = destroying(name, args, seg)  # ``adb uninstall PKG``: as before it had a rule
    if not verdict.allowed:
        return verdict
    words = positionals(args, ADB_VALUED)
    if not words:
        return ALLOW  # ``adb``, ``adb --version``: the usage and version
    verb = words[0].value
    if verb is None:
        return block("dynamic-command", seg, "an adb verb computed at run time")
    if verb in ADB_READS and not (
        verb == "logcat" and any((a.value or "").split("=")[0] in ADB_LOGCAT_CHANGES for a in args)
    ):
        return ALLOW
    if verb in {"shell", "exec-out"}:
        at = args.index(words[0]) + 1
        while at < len(args) and (args[at].value or "").startswith("-"):
            at += 2 if args[at].value == "-e" else 1  # the shell's own options (``-e`` escape)
        inner = args[at + (at < len(args) and args[at].value == "--") :]
        if inner:
            verdict = check_argv(inner, ctx, depth + 1, seg, s)
            if verdict.category == DANGEROUS:
                return verdict  # ``adb shell rm -rf /``: judged as it reads, as ``kubectl exec``
    return remote_run(name, [verb], seg)


_OC_CHANGES = word_set(
    "rsh rsync new-app new-build new-project start-build cancel-build import-image tag process "
    "idle rollback set-env env volumes secrets serviceaccounts policy"
)
"""OpenShift's own verbs that run in, copy to or change a cluster (``oc adm`` is judged by its
sub-verb: ``prune`` and ``drain`` destroy)."""
_KREW_READS = word_set("list search info version help")
_KUBECTL_VERBS = word_set(
    "get describe logs top explain api-resources api-versions cluster-info version diff wait "
    "events kustomize completion options help port-forward proxy plugin auth config rollout "
    "alpha convert krew "
    # OpenShift's reads and its local project switch and login
    "status whoami projects project login logout registry observe"
)
"""kubectl's (and oc's) verbs that read, or that the rule above judges; any other is a plugin."""


def remote_run(name: str, words: list[str | None], seg: str) -> Verdict:
    """A program run on another machine (a pod, a cloud's VM) or files copied to it: the
    specification's policy (the agent changes no remote), as ``ssh`` to a host off the
    whitelist is; what the command destroys is judged before (:mod:`ondas.guards.bash_runners`)."""
    shown = " ".join(w or "<computed>" for w in words)
    return block(
        "remote-mutation", seg, f"{name} {shown} runs or copies on a remote machine (policy)"
    )


def remote_change(name: str, words: list[str | None], seg: str) -> Verdict:
    """A change to a remote service or cloud that destroys nothing: refused as the
    specification's policy (the agent changes no remote: no push, no publish), not as harm."""
    shown = " ".join(w or "<computed>" for w in words)
    return block("remote-mutation", seg, f"{name} {shown} changes a remote service (policy)")


def _destroys(words: list[str | None], args: list[Word]) -> bool:
    """A cloud call's verb or one of its long options destroys (``delete-table``,
    ``s3 sync --delete``)."""
    from ondas.guards.bash_known import destroying_option, verb_destroys

    short = next((SHORT_DELETES[w] for w in words if w in SHORT_DELETES), None)
    return (
        any(verb_destroys(w) for w in words)
        or any((a.value or "").startswith("--") and destroying_option(a.value or "") for a in args)
        or (short is not None and any(_short_flag(a.value, short) for a in args))
    )


SHORT_DELETES = {"rsync": "d"}
"""Verbs of a cloud CLI whose one-letter option deletes (``gsutil rsync -d``: what the source
lacks is deleted from the destination, as ``aws s3 sync --delete``)."""


def _short_flag(value: str | None, letter: str) -> bool:
    return value is not None and value[:1] == "-" and value[1:2] != "-" and letter in value[1:]


def _terraform(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    from ondas.guards.bash_known import asks_usage

    if asks_usage(name, args):
        return ALLOW  # ``terraform destroy -help``: the verb's usage printed, nothing run
    valued: frozenset[str] = frozenset()
    if name == "pulumi":
        from ondas.guards.bash_base import OPTION_VALUES

        valued = OPTION_VALUES["pulumi"]  # ``pulumi --stack prod destroy``: ``prod`` is no verb
    words = skip_options(args, valued)
    verb = words[0] if words else ""
    if name == "pulumi" and verb in _PULUMI_ALIASES:
        verb = _PULUMI_ALIASES[verb]  # round 24: ``pulumi down -y`` is ``destroy``
    if name == "terragrunt" and verb in {"run-all", "run"}:
        words = words[1:]  # ``terragrunt run-all apply``, ``run --all destroy``: the verb it runs
        verb = words[0] if words else None
    if name == "terragrunt" and verb is not None and verb.endswith("-all"):
        verb = verb[:-4]  # the old ``destroy-all``, ``apply-all``
    if name in {"terraform", "tofu", "terragrunt"}:
        args = [*args, *_cli_args(ctx, verb)]  # ``TF_CLI_ARGS_apply="-destroy"``
    if verb is None or (name == "pulumi" and verb in _PULUMI_HOLDERS and None in words[1:2]):
        return block("dynamic-command", seg, f"a {name} verb computed at run time")
    values = [a.value or "" for a in args]
    destroy_mode = verb != "plan" and any(
        v.split("=", 1)[0] in {"-destroy", "--destroy"} and _truthy(v) for v in values
    )
    replaces = verb == "apply" and any(v.split("=", 1)[0] == "-replace" for v in values)
    if (
        verb in _IAC_DESTROYING
        or destroy_mode
        or replaces
        or (verb == "state" and (words[1:2] or [""])[0] not in {"list", "show", "pull"})
        or (verb == "workspace" and (words[1:2] or [""])[0] == "delete")
        or (name == "pulumi" and verb in _PULUMI_HOLDERS and verb_destroys_word(words[1:2]))
    ):
        shown = " ".join(w or "<computed>" for w in words[:2]) if verb in _PULUMI_HOLDERS else verb
        what = " -replace" if replaces else " -destroy" if destroy_mode else ""
        return block(
            "terraform-mutation", seg, f"{name} {shown}{what} destroys real infrastructure"
        )
    if verb in _IAC_DEPLOYING:
        return remote_change(name, [verb], seg)  # ``terraform apply``: a deploy, the policy's
    return ALLOW


def _truthy(option: str) -> bool:
    """A boolean flag given alone or with a value that Go's flags read as true."""
    _key, eq, value = option.partition("=")
    return not eq or value.lower() in {"1", "t", "true"}


def _cli_args(ctx: Ctx, verb: str | None) -> list[Word]:
    """The words terraform adds from ``TF_CLI_ARGS`` and ``TF_CLI_ARGS_<verb>``, set before it
    on the line or exported earlier: judged as words of its command line."""
    out: list[Word] = []
    for key in ("TF_CLI_ARGS", f"TF_CLI_ARGS_{verb}"):
        if key not in ctx.variables:
            continue
        value = ctx.variables[key]
        if value is None:
            out.append(Word(None, f"${key}"))
            continue
        out += [Word(w, w) for w in value.split()]
    return out


def verb_destroys_word(words: list[str | None]) -> bool:
    from ondas.guards.bash_known import verb_destroys

    return bool(words) and (words[0] is None or verb_destroys(words[0]))


_IAC_DESTROYING = frozenset({"destroy", "force-unlock", "cancel"})
"""Infrastructure-as-code verbs that tear down what was deployed or break a lock guarding it:
refused as harm, as ``apply -destroy`` and ``apply -replace`` are (each resource named is
destroyed and created again, empty). A verb computed at run time is one the guard cannot see."""
_IAC_DEPLOYING = frozenset({"apply", "import", "taint", "untaint", "refresh", "up", "watch"})
"""Verbs that deploy the project's infrastructure or change its recorded state, as ``helm
upgrade`` does a chart (``pulumi watch`` deploys on every change): a change to a remote
service, refused as the specification's policy."""
_PULUMI_ALIASES = {"down": "destroy", "dn": "destroy", "update": "up"}
"""pulumi's verbs by their other names (cobra's aliases: ``pulumi down``, ``dn`` destroy the
stack's resources, ``update`` deploys them; round 24)."""
_PULUMI_HOLDERS = word_set("stack env policy org")
"""pulumi's nouns whose sub-verb can destroy what they hold (``stack rm`` removes the stack and
its state, ``env rm`` an environment and its secrets); ``config rm`` edits a project file."""


def _helm(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    words = skip_options(args, HELM_VALUED)
    verb = words[0] if words else ""
    if verb is None:
        return block("dynamic-command", seg, "a helm verb computed at run time")
    if verb in {"uninstall", "delete", "del", "un"}:
        return block("helm-mutation", seg, f"helm {verb} removes a release from a cluster")
    renderer = _post_renderer(args)
    if renderer:
        from ondas.guards.bash_base import check_argv

        verdict = check_argv(renderer, ctx, depth + 1, seg)  # helm runs it on the manifests
        if not verdict.allowed:
            return verdict
    if verb in {"install", "upgrade", "rollback", "push"}:
        return remote_change("helm", [verb], seg)
    if verb == "plugin" and len(words) > 1 and words[1] in _HELM_PLUGIN_CHANGES:
        if ctx.in_container:
            return ALLOW
        return block(
            "package-install", seg, f"helm plugin {words[1]} changes the plugins helm runs"
        )
    return plugin_verb(name, verb, _HELM_VERBS, "helm-mutation", ctx, seg)


def _post_renderer(args: list[Word]) -> list[Word]:
    """``--post-renderer PROGRAM`` and its ``--post-renderer-args``: a command helm runs."""
    program: list[Word] = []
    extra: list[Word] = []
    for k, word in enumerate(args):
        v = word.value or ""
        key, eq, value = v.partition("=")
        if key not in {"--post-renderer", "--post-renderer-args"}:
            continue
        if eq:
            given = Word(value, value)
        elif k + 1 < len(args):
            given = args[k + 1]
        else:
            continue
        (program if key == "--post-renderer" else extra).append(given)
    return [program[-1], *extra] if program else []


_HELM_PLUGIN_CHANGES = word_set("install add update upgrade uninstall remove rm")
_HELM_VERBS = word_set(
    "completion create dependency dep dependencies env get history hist install lint list ls "
    "package plugin pull fetch push registry repo rollback search show inspect status template "
    "test upgrade verify version help "
    # the everyday helm-diff plugin: it prints what an upgrade would change
    "diff"
)
"""helm's own verbs (and aliases); any other runs a plugin."""


def _privileged(value: str | None) -> bool:
    """``--privileged``, or ``--privileged=VALUE`` unless VALUE turns it off."""
    key, eq, flag = (value or "").partition("=")
    return key == "--privileged" and (not eq or flag.lower() not in {"false", "0", "no", "off"})


_HOST_NAMESPACES = word_set("--pid --net --network --userns --ipc --uts --cgroupns")
"""Namespaces a container may share with the host: its processes (signals, ``/proc/PID/root``,
with ptrace their memory), its network stack, its user ids unmapped, its shared memory, its
host name (``hostname`` inside renames the host) and its cgroup tree."""
_UNCONFINED = LazyPattern(
    r"(?i)^(?:(?:seccomp|apparmor|systempaths)[=:]unconfined|label[=:]disable|unmask[=:].+)$"
)
"""``--security-opt`` values that lift the confinement a container runs under: no system call
filter, no AppArmor or SELinux profile, ``/proc`` and ``/sys`` unmasked (podman)."""
_HOST_DEVICES = LazyPattern(r"^/dev/*(?:$|cpu/|loop|sg\d|bsg/|port$)")
"""Host devices beyond the raw disks and memory :func:`~ondas.guards.bash_base.raw_device`
names: every device (``/dev``), CPU registers (``/dev/cpu/N/msr``), loop devices (mounting an
image over a host file), SCSI generic nodes (raw commands to a disk), I/O ports."""
_HOST_CAPABILITIES = word_set("ALL SYS_ADMIN SYS_MODULE DAC_READ_SEARCH SYS_RAWIO")
"""Capabilities that act on the host's kernel or files from inside a container: mounting and
cgroup release agents (``SYS_ADMIN``), kernel modules, opening host files by handle
(``DAC_READ_SEARCH``), raw ports and memory; ``--privileged`` grants them all."""


def _host_power(value: str | None, following: str | None) -> str | None:
    """The option word ``value`` (its value in itself after ``=``, or ``following``) that gives
    a container the host's powers, as ``--privileged`` does: a host namespace or a
    capability of :data:`_HOST_CAPABILITIES`; None for any other word. harm13 found
    ``--pid=host`` refused and ``--pid host`` passing, and capabilities not read at all."""
    key, eq, given = (value or "").partition("=")
    if not eq:
        given = following or ""
    if key in _HOST_NAMESPACES and given == "host":
        return f"{key} host"
    if key == "--cap-add":
        for capability in given.upper().split(","):
            if capability.removeprefix("CAP_") in _HOST_CAPABILITIES:
                return f"--cap-add {capability}"
    if key == "--security-opt" and _UNCONFINED.search(given) is not None:
        return f"--security-opt {given}"
    if key == "--device":
        host = given.split(":")[0]
        if raw_device(host) or _HOST_DEVICES.search(host) is not None:
            return f"--device {host}"
    if key == "--device-cgroup-rule" and given.strip()[:1] in {"a", "b"}:
        return f"--device-cgroup-rule {given}"
    return None


def container_powers(args: Sequence[Word], seg: str) -> Verdict:
    """The refusal of a container runner's options that give the container the host's powers:
    ``--privileged``, a host namespace or capability (:func:`_host_power`), the host's root
    mounted in it. Read for every verb that starts or enters a container (``docker run``,
    ``docker exec``, ``docker compose run``, podman's and nerdctl's): round 14 found the runners
    table judging only the command run inside, never these options."""
    values = [a.value for a in args]
    for i, v in enumerate(values):
        nxt = values[i + 1] if i + 1 < len(values) else ""
        if _privileged(v):
            return block("privilege-escalation", seg, "a privileged container")
        power = _host_power(v, nxt)
        if power is not None:
            return block(
                "privilege-escalation", seg, f"a container given the host's powers ({power})"
            )
        mount = v[3:] if v and v.startswith(("-v=",)) else nxt if v in {"-v", "--volume"} else None
        if mount is None and v is not None and v.startswith("--volume="):
            mount = v.split("=", 1)[1]
        if mount is not None and (mount or "").split(":")[0] in _HOST_ROOTS:
            return block("privilege-escalation", seg, "mounting the host's root into a container")
    return ALLOW


_HOST_ROOTS = word_set("/ /etc /var/run/docker.sock /root")
"""Host paths that, mounted into a container, hand it the host (its root, its configuration,
the docker daemon that starts privileged containers)."""


def _docker(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    values = [a.value for a in args]
    words = skip_options(
        args, frozenset({"-H", "--host", "--context", "-c", "--config", "--log-level", "-l"})
    )
    verb = words[0] if words else ""
    if (
        verb == "push"
        or words[:2] in (["image", "push"], ["manifest", "push"], ["compose", "push"])
        or (verb in {"build", "buildx"} and "--push" in values)
        or (verb in {"build", "buildx"} and _outputs_to_registry(args))
        or (words[:3] == ["buildx", "imagetools", "create"] and "--dry-run" not in values)
        or words[:2] == ["trust", "sign"]
    ):
        return block("docker-push", seg, "publishing an image")
    if verb in {"run", "create", "exec"} or words[:2] == ["container", "run"]:
        verdict = container_powers(args, seg)
        if not verdict.allowed:
            return verdict
    known = _PODMAN_VERBS if name == "podman" else _DOCKER_VERBS
    return plugin_verb(name, verb, known, "service-destroy", ctx, seg)


def _outputs_to_registry(args: list[Word]) -> bool:
    """Round 21s: a build's ``--output``/``-o`` exporting to a registry (``type=registry``, or
    ``type=image`` with ``push=true``), which is ``--push`` spelled as an exporter."""
    for spec in option_values(args, word_set("-o --output")):
        keys = (spec.value or "").replace(" ", "").split(",")
        if "type=registry" in keys or "push=true" in keys:
            return True
    return False


_DOCKER_VERBS = word_set(
    "attach build builder buildx commit compose config container context cp create diff events "
    "exec export history image images import info init inspect kill load login logout logs "
    "manifest network node pause plugin port ps pull push rename restart rm rmi run save scout "
    "search secret service stack start stats stop swarm system tag top trust unpause update "
    "version volume wait debug sbom help checkpoint namespace ns apply ipfs"
)
"""The docker (and nerdctl) CLI's own verbs; any other runs a CLI plugin (``docker-VERB`` in a
plugin directory), which the guard does not know."""
_PODMAN_VERBS = _DOCKER_VERBS | word_set(
    "artifact auto-update farm generate healthcheck kube machine manifest mount play pod "
    "quadlet unmount umount unshare varlink"
)


_READ_PREFIXES = tuple(
    word_set(
        "describe get list head filter lookup query scan search batch-get "
        "select tail wait help ls validate estimate simulate test- show info "
        "version print read cat du stat whoami account config presign receive"
    )
)


def _cloud(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    values = [a.value for a in args]
    if None in values:
        return block("dynamic-command", seg, f"a {name} call computed at run time")
    vs = [v for v in values if v is not None]
    if not vs or vs[0] in {"--version", "version", "help", "--help"}:
        return ALLOW
    if name == "aws":
        words = skip_options(
            args,
            word_set(
                "--profile --region --output --endpoint-url --query --color "
                "--cli-read-timeout --cli-connect-timeout --ca-bundle --cli-binary-format"
            ),
        )
        if len(words) == 3 and words[2] == "help" and vs[-1] == "help":
            return ALLOW  # ``aws ec2 terminate-instances help``: the operation's usage
        operation = (words[1] if len(words) > 1 else words[0] if words else "") or ""
        if words[:1] == ["configure"]:
            operation = (words[1] if len(words) > 1 else "set") or "set"
        if (
            words[:1] == ["sts"] and operation.startswith(("get", "decode"))
        ) or operation.startswith(_READ_PREFIXES):
            return ALLOW
        if not _destroys(words[:2], args) and _sql_destroys(args) is None:
            if operation in _CLOUD_REMOTE_RUNS:
                return _cloud_run(name, words[:2], args, ctx, depth, seg, s)
            return _registry_publish(name, words[:2], seg) or remote_change("aws", words[:2], seg)
        return block(
            "cloud-mutation",
            seg,
            f"aws {' '.join(w or '' for w in words[:2])} destroys cloud resources",
        )
    path: list[str] = []
    taken = False
    for v in vs:
        if taken:
            taken = False
            continue
        if v.startswith("-"):
            if path and not _cloud_global(v):
                break  # ``compute instances create vm --zone z``: the verb's own options
            taken = v in _CLOUD_GLOBAL_VALUED  # ``gcloud --project P compute ...``
            continue
        path.append(v)
    if name == "az" and path[:1] == ["rest"]:
        return _raw_request(name, args, seg)
    verbs = path[1:] if name == "gcloud" else path
    from ondas.guards.bash_known import verb_destroys

    for p in verbs:
        if p in _CLOUD_READS or p.startswith(_CLOUD_READ_STARTS):
            break  # the words after a read verb are its arguments
        if verb_destroys(p):
            return block(
                "cloud-mutation", seg, f"{name} {' '.join(path[:4])} destroys cloud resources"
            )
    runs = [p for p in path if p in _CLOUD_REMOTE_RUNS]
    if runs and not _destroys(list(path), args) and _sql_destroys(args) is None:
        return _cloud_run(name, path[: path.index(runs[0]) + 1], args, ctx, depth, seg, s)
    mutating = word_set(
        "create delete update set add remove deploy apply patch reset start "
        "stop restart resize import export rm cp mv rsync enable disable submit "
        "run execute mb rb acl setmeta purge upload move clone attach detach "
        "assign unset login logout activate-service-account swap scale upgrade "
        "rollback invoke send publish clear renew rotate"
    )
    # gcloud's first word is always a group (``gcloud run services list``: Cloud Run's list);
    # a verb compounded with a changing one changes too (round 15b: ``add-iam-policy-binding``,
    # ``set-iam-policy``), as ``get-iam-policy`` reads; not the arguments after a read verb
    # (``describe delete-old-vm``)
    compounds: list[str] = []
    for p in verbs:
        if p in _CLOUD_READS or p.startswith(_CLOUD_READ_STARTS):
            break
        compounds.append(p.split("-", 1)[0])
    if any(p in mutating for p in [*verbs, *compounds]):
        if not _destroys(list(path), args) and _sql_destroys(args) is None:
            published = _registry_publish(name, path[:4], seg)
            return published or remote_change(name, list(path[:4]), seg)
        return block("cloud-mutation", seg, f"{name} {' '.join(path[:4])} destroys cloud resources")
    if any(p.startswith(_READ_PREFIXES) for p in path):
        return ALLOW
    if _destroys(list(path), args) or _sql_destroys(args) is not None:
        return block("cloud-mutation", seg, f"{name} {' '.join(path[:4])} destroys cloud resources")
    if ctx.unattended:
        return block(
            "unknown-program",
            seg,
            f"{name} {' '.join(path[:4])} is not a verb the guard knows to read or change; "
            "unattended runs without the OS sandbox refuse unknown verbs",
        )
    return ALLOW


_PACKAGE_REGISTRIES = {"az": "artifacts", "gcloud": "artifacts", "aws": "codeartifact"}
"""The cloud CLIs' groups for their package registries (Azure Artifacts' feeds, Artifact
Registry, CodeArtifact): a publishing verb there puts a package where others install it."""


def _registry_publish(name: str, path: Sequence[str | None], seg: str) -> Verdict | None:
    """A package published to a cloud's package registry (``az artifacts universal publish``,
    ``gcloud artifacts generic upload``, ``aws codeartifact publish-package-version``): the
    policy's publishing, named as ``npm publish`` is (round 23, left23), not a remote change."""
    if path[:1] != [_PACKAGE_REGISTRIES.get(name)]:
        return None
    from ondas.guards.bash_known import PUBLISH_VERBS, _tokens

    if not any(_tokens(p) & PUBLISH_VERBS for p in path[1:]):
        return None
    shown = " ".join(p or "<computed>" for p in path)
    return block("publish", seg, f"{name} {shown} publishes a package to a registry")


def _raw_request(name: str, args: list[Word], seg: str) -> Verdict:
    """``az rest --method M --url U``: a raw request to the cloud's API, judged by its HTTP
    method as ``gh api -X`` and ``curl -X`` are (``DELETE`` destroys; ``PUT``, ``POST`` and
    ``PATCH`` change a remote, the policy's; ``GET``, the default, reads)."""
    from ondas.guards.bash_base import option_values
    from ondas.guards.bash_net import CHANGING_METHODS, http_method

    methods = list(option_values(args, word_set("-m --method")))
    urls = list(option_values(args, word_set("-u --url --uri")))
    method = methods[-1].value if methods else "GET"
    url = urls[-1].value if urls else None
    verdict = http_method(method, url, seg)
    if verdict.blocked:
        return verdict
    if (method or "").upper() in CHANGING_METHODS:
        return remote_change(name, ["rest", method], seg)
    return ALLOW


_CLOUD_REMOTE_RUNS = word_set(
    "ssh scp copy-files run-command execute-command send-command start-session"
)
"""A cloud CLI's verbs that run a program on one of its machines or copy files to or from it
(``gcloud compute ssh VM --command CMD``, ``gcloud compute scp``, ``az vm run-command invoke
--scripts CMD``, ``aws ssm send-command``, ``aws ecs execute-command --command CMD``): a run on
a remote, the policy's as ``kubectl exec`` is, its command judged for what it destroys."""
_CLOUD_COMMAND_OPTIONS = word_set("--command --scripts --script --parameters")
"""Options whose value is the command a cloud's machine runs (``--parameters`` holds aws ssm's
``commands=...``)."""


def _cloud_run(
    name: str,
    path: Sequence[str | None],
    args: list[Word],
    ctx: Ctx,
    depth: int,
    seg: str,
    s: Stdin | None,
) -> Verdict:
    """A cloud CLI's run on, or copy to, one of its machines: the command given (an option's
    text, or ssh's words after ``--``, judged as ``ssh``'s are) is refused when it destroys;
    a copy's local destination is judged as a write; the rest is the policy's
    (:func:`remote_run`)."""
    from ondas.guards.bash_net import ssh_payload

    values = [a.value or "" for a in args]
    for k, v in enumerate(values):
        key, eq, given = v.partition("=")
        if key not in _CLOUD_COMMAND_OPTIONS or not (eq or k + 1 < len(values)):
            continue
        for text in _cloud_commands(key, given if eq else values[k + 1]):
            verdict = ctx.check_source(text, ctx, depth + 1)
            if verdict.blocked and verdict.category == DANGEROUS:
                return verdict
    if "--" in values:
        after = args[values.index("--") + 1 :]
        verdict = ssh_payload([Word("host", "host"), *after], ctx, depth, seg, s)
        if verdict.blocked and verdict.category == DANGEROUS:
            return verdict
    if path[-1] in {"scp", "copy-files"}:
        ends = [w for w in positionals(args, _CLOUD_GLOBAL_VALUED) if w.value not in path]
        if len(ends) >= 2 and ":" not in (ends[-1].value or ":"):
            verdict = check_write_target(ends[-1], ctx, seg)  # a copy into a local target
            if verdict.blocked:
                return verdict
    return remote_run(name, list(path), seg)


def _cloud_commands(option: str, value: str) -> list[str]:
    """The command lines an option gives a cloud's machine: its text, or for ``--parameters``
    the ``commands`` it holds (``commands=CMD``, ``commands=["A","B"]``, JSON)."""
    if option != "--parameters":
        return [value]
    import json

    text = value.strip()
    try:
        data = json.loads(text) if text.startswith("{") else None
    except ValueError:
        data = None
    if isinstance(data, dict):
        found = data.get("commands", [])
        return [str(c) for c in (found if isinstance(found, list) else [found])]
    if not text.startswith("commands="):
        return []
    listed = text[len("commands=") :]
    try:
        items = json.loads(listed) if listed.startswith("[") else [listed]
    except ValueError:
        items = [listed.strip("[]")]
    return [str(c) for c in (items if isinstance(items, list) else [items])]


_CLOUD_GLOBAL_VALUED = word_set(
    "--project --account --configuration --format --verbosity --impersonate-service-account "
    "--billing-project --flags-file --flatten --trace-token --subscription --output -o --query "
    "-p -h"
)
"""Global options of gcloud, az and gsutil that take the next word, given before the path."""
_CLOUD_GLOBAL_FLAGS = word_set(
    "--verbose --debug --quiet -q --only-show-errors --log-http --no-user-output-enabled"
)
"""Global flags of gcloud and az that take no value."""


def _cloud_global(option: str) -> bool:
    """A global option of gcloud or az, which each reads anywhere on the line, between the
    groups of its command path too (round 22: ``gcloud compute --project P instances delete``,
    ``az vm -otable delete``): the path goes on after it (and its value)."""
    key = option.partition("=")[0]
    attached = option[:1] == "-" and option[1:2] != "-" and option[:2] in _CLOUD_GLOBAL_VALUED
    return key in _CLOUD_GLOBAL_VALUED or key in _CLOUD_GLOBAL_FLAGS or attached


_CLOUD_READS = word_set(
    "list ls describe get show info logs read tail cat du stat whoami version help search "
    "lookup query scan validate presign wait"
)
_CLOUD_READ_STARTS = ("list-", "describe-", "get-", "batch-get", "search-", "lookup-", "show-")
"""A cloud CLI's read verbs: a word after one is its argument (``describe delete-old-vm``)."""


def _sql_destroys(args: list[Word]) -> str | None:
    """SQL given to a cloud call (``--sql``, ``--statement``) that destroys data."""
    from ondas.guards.bash_sql import destroying_sql, sql_text

    for word in args:
        v = word.value
        if v is not None and " " in v:
            what = destroying_sql(sql_text(v))
            if what is not None:
                return what
    return None


_SQL_WRITE = LazyPattern(
    r"(?is)\b(insert|update|delete|drop|create|alter|replace|attach|vacuum|reindex|pragma\s+\w+\s*=)"
    r"|^\s*\.(import|restore|read|load|shell|system|backup|save|clone|recover|archive|ar)\b",
    MULTILINE,
)


def knowledge_db_paths() -> list[str]:
    """Where the cross-run knowledge DB lives: ``$ONDAS_HOME`` or the platform data dir."""
    paths = []
    env_home = os.environ.get("ONDAS_HOME")
    if env_home:
        paths.append(posixpath.join(os.path.expanduser(env_home), "knowledge.db"))
    from platformdirs import user_data_dir

    paths.append(posixpath.join(user_data_dir("ondas"), "knowledge.db"))
    return paths


_WRITEFILE = LazyPattern(r"(?i)\bwritefile\s*\(\s*'([^']+)'")
"""sqlite3's ``writefile('PATH', DATA)``: the shell's SQL function that writes a file (round 15)."""


def _sqlite(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    with_value = word_set(
        "-cmd -init -separator -newline -nullvalue -vfs -maxsize -mmap "
        "-lookaside -pagecache -heap --cmd --init"
    )
    positional = positionals(args, with_value)
    values = [a.value for a in args]
    if not positional:
        return _sqlite_prompt(name, args, ctx, seg, s)  # an in-memory database's prompt
    db = positional[0].value
    sql_words = positional[1:] + [
        args[i + 1] for i, v in enumerate(values[:-1]) if v in {"-cmd", "--cmd"}
    ]
    for word in sql_words:
        for path in (m.group(1) for m in _WRITEFILE.finditer(word.value or "")):
            verdict = check_write_target(Word(path, path), ctx, seg)  # ``writefile('~/.bashrc',``
            if not verdict.allowed:
                return verdict
    if db is None:
        return block("knowledge-db-write", seg, "sqlite3 on a database computed at run time")
    rule = _guarded_db(db, ctx)
    if rule is None:
        mentions = " ".join(w.value or "" for w in sql_words)
        if "knowledge.db" in mentions or "state.db" in mentions:
            rule = "knowledge-db-write" if "knowledge.db" in mentions else "state-tamper"
        else:
            from ondas.guards.bash_contain import database_rule

            verdict = database_rule(name, sql_words, ctx, depth, seg, s)
            if verdict.allowed and not sql_words:
                return _sqlite_prompt(name, args, ctx, seg, s)  # ``sqlite3 app.db``: its prompt
            return verdict
    if "-readonly" in values or "--readonly" in values:
        return ALLOW
    if not sql_words:
        if (
            s is not None
            and s.kind == "text"
            and s.text is not None
            and not _SQL_WRITE.search(s.text)
        ):
            return ALLOW
        return block(rule, seg, "sqlite3 reading SQL from stdin on a guarded database")
    for word in sql_words:
        if word.value is None or _SQL_WRITE.search(word.value):
            return block(rule, seg, "writes into a database only the runtime may change")
    return ALLOW


def _sqlite_prompt(name: str, args: list[Word], ctx: Ctx, seg: str, s: Stdin | None) -> Verdict:
    """sqlite3 given no SQL opens its prompt, unless ``-cmd`` gives it a statement."""
    if any(a.value in {"-cmd", "--cmd", "-version", "--version", "-help", "--help"} for a in args):
        return ALLOW
    from ondas.guards.bash_interactive import interactive

    return interactive(name, [], ctx, seg, s)


def _guarded_db(db: str, ctx: Ctx) -> str | None:
    """The rule of a database only the runtime writes, or None. A ``file:`` URI is read as
    SQLite decodes it (``%2E`` is a dot), and a name with glob characters as bash expands it
    (round 17s: ``sqlite3 .ondas/stat?.db``, ``.ond*/state.db`` name the store)."""
    if db.startswith("file:"):
        from urllib.parse import unquote

        db = unquote(db[5:].split("?", 1)[0])
    expanded = ctx.home + db[1:] if db.startswith("~/") else db
    absolute = posixpath.normpath(posixpath.join(ctx.cwd or "/", expanded))
    if posixpath.basename(absolute) == "knowledge.db" or absolute in knowledge_db_paths():
        return "knowledge-db-write"
    if absolute.endswith("/.ondas/state.db"):
        return "state-tamper"
    if any(c in absolute for c in "*?[") and ctx.project is not None:
        from fnmatch import fnmatchcase

        store = posixpath.join(posixpath.normpath(ctx.project), ".ondas", "state.db")
        if fnmatchcase(store, absolute):
            return "state-tamper"
        if fnmatchcase("knowledge.db", posixpath.basename(absolute)):
            return "knowledge-db-write"
    return None


_OPAM_VALUED = word_set("--switch --root --cli -j --jobs --color --solver --criteria")
_OPAM_READS = word_set("env list show search info var tree lint lock help")
"""opam's verbs that print (``opam env``, ``opam list``) or write only the project's own
lock file (``opam lock``)."""
_OPAM_CHANGES = _PKG_VERBS | word_set("init pin switch repository repo option")
"""opam's verbs that change the switches under ``~/.opam`` (install, pin, create a switch,
add a repository, set an option)."""
_OPAM_SHOWS = word_set("list ls show")
"""``opam pin list``, ``opam switch show``: a read under a changing verb (alone, ``opam pin``
and ``opam switch`` list too)."""


def _opam(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """OCaml's package manager: its installs, pins and switches are the package policy's (they
    fill ``~/.opam``, outside the project), ``publish`` the no-publishing policy's; its reads
    are known; ``exec`` is judged as a runner (:mod:`ondas.guards.bash_runners`)."""
    words = [a.value for a in positionals(args, _OPAM_VALUED)]
    first = words[0] if words else None
    second = words[1] if len(words) > 1 else None
    if first == "publish":
        return remote_change(name, words[:1], seg)
    if first in _OPAM_CHANGES and not (
        first in {"pin", "switch", "repository", "repo"} and second in _OPAM_SHOWS | {None}
    ):
        if ctx.in_container:
            return ALLOW
        return block("package-install", seg, f"opam {first} changes opam's switches in ~/.opam")
    if first is None or first in _OPAM_READS or first in {"pin", "switch", "repository", "repo"}:
        return ALLOW
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)  # ``opam admin``, ``opam clean``...


_ESY_OWN = word_set(
    "install build b ls-builds ls-libs ls-modules status version help build-env command-env "
    "exec-env build-plan export-dependencies import-dependencies solve fetch"
)
"""esy's verbs that install the project's dependencies into esy's store (a cache keyed by
hash, as cargo's and npm's are), build the project by its own manifest, print, or export and
import the store's builds of its dependencies (``_export`` in the project)."""
_ESY_RUNS = word_set("build b x exec-command")
"""esy's verbs that run the command after them in the project's environment."""
_ESY_UNKNOWN = word_set("cleanup shell build-shell add remove npm-release x exec-command")
"""esy's verbs left unknown unattended when they run no command given to them: ``cleanup``
prunes the store outside the project, ``shell`` opens one, ``add``/``remove`` change the
manifest, ``npm-release`` prepares a release."""


def _esy(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """esy, the package manager of Reason and OCaml projects (round 23): alone it installs and
    builds; its own verbs (:data:`_ESY_OWN`) run; ``build``/``b``/``x``/``exec-command CMD``
    and ``esy CMD`` (a word that is none of its verbs) run CMD in the project's environment:
    judged as that command. Options (``-P DIR`` builds another project by its manifest) and
    the verbs of :data:`_ESY_UNKNOWN` leave it unknown, unattended."""
    from ondas.guards.bash_base import unknown_unattended

    if not args:
        return ALLOW
    first = args[0].value
    if first is None:
        return block("dynamic-command", seg, "esy's verb or command is computed at run time")
    if first.startswith("-"):
        if first in {"--help", "--version"} and len(args) == 1:
            return ALLOW
        return unknown_unattended(name, f"is given the option {first}", ctx, seg)
    rest = args[1:]
    if first in _ESY_RUNS and rest:
        if rest[0].value is None or rest[0].value.startswith("-"):
            return unknown_unattended(name, f"{first} is given {rest[0].text}", ctx, seg)
        return check_argv(rest, ctx, depth, seg, s)
    if first in _ESY_UNKNOWN:
        return unknown_unattended(name, f"is given the verb {first}", ctx, seg)
    if first in _ESY_OWN:
        if first == "import-dependencies" and len(rest) <= 1:
            return ALLOW  # reads the directory it is given into the store
        if rest:
            return unknown_unattended(name, f"{first} is given {rest[0].text}", ctx, seg)
        return ALLOW
    return check_argv(args, ctx, depth, seg, s)


_NIX_VALUED = word_set(
    "--extra-experimental-features --experimental-features --store --eval-store --system "
    "-I --include --profile --out-link -o --file -f --expr --inputs-from --reference-lock-file "
    "--output-lock-file --log-format --max-jobs -j --cores --builders"
)
_NIX_PAIRS = word_set("--option --arg --argstr --override-input --override-flake --arg-from-file")
"""nix's options that take two words (``--option NAME VALUE``, ``--arg NAME EXPR``)."""
_NIX_LOCAL = word_set(
    "build eval log path-info why-depends search hash fmt print-dev-env flake derivation "
    "config doctor help"
)
"""nix's verbs that evaluate or build in the Nix store and print, or write a ``result``
link into the project (``nix build``), as ``cargo build`` does; ``flake check``/``show``/
``update`` and ``fmt`` run the project's own flake. Not ``run`` or ``develop`` without a
command (they run a program or a shell: :mod:`ondas.guards.bash_runners` judges a command
given to ``develop``/``shell``), not ``profile`` (installs), ``copy --to`` (uploads),
``store`` (``store delete``, ``store gc``), ``upgrade-nix``, ``registry``, ``repl``."""
_NIX_HOOKS = word_set(
    "--option --post-build-hook --pre-build-hook --build-hook --diff-hook --builders "
    "--run-diff-hook --store --eval-store --allow-unsafe-native-code-during-evaluation "
    "--plugin-files --sandbox --no-sandbox --sandbox-paths --sandbox-fallback --trusted-users "
    "--netrc-file"
)
"""Settings given on the command line (nix takes every setting as ``--NAME``, a list's as
``--extra-NAME`` too) that make nix run a program or load a plugin of the caller's choosing
(``--post-build-hook CMD``, ``--plugin-files``, ``builtins.exec`` once unsafe code is allowed),
build outside its sandbox, or build and store on other machines (``--store ssh://...``)."""
_NIX_PROFILE_READS = word_set("list history diff-closures")


def _nix_setting(value: str | None) -> str:
    """The setting a nix option names: ``--extra-plugin-files=X`` is ``--plugin-files``."""
    key = (value or "").split("=", 1)[0]
    return "--" + key[8:] if key.startswith("--extra-") else key


def _nix(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """The Nix command line: ``profile`` changes are the package policy's (as ``nix-env -i``),
    ``copy --to`` and ``--to`` stores the no-publishing policy's; its local build and
    evaluation verbs are known; the rest is a program no rule names. ``nix-build``, Nix's
    older spelling of ``nix build`` (round 13), has no verb: every word of it is a file, an
    expression, an attribute (``-A``) or an option, judged as ``nix build``'s are (settings
    and hooks given on the line, its ``-o``/``--out-link`` and ``--drv-link`` links)."""
    words: list[str | None] = []
    i = 0
    while i < len(args):
        v = args[i].value
        if v is not None and v.startswith("-"):
            i += 3 if v in _NIX_PAIRS else 2 if v in _NIX_VALUED else 1
            continue
        words.append(v)
        i += 1
    values = [a.value for a in args]
    first = "build" if name == "nix-build" else words[0] if words else None
    if first == "profile" and (len(words) < 2 or words[1] not in _NIX_PROFILE_READS):
        if ctx.in_container:
            return ALLOW
        return block("package-install", seg, "nix profile changes the user's installed packages")
    if any((v or "").split("=", 1)[0] == "--to" for v in values):
        return remote_change(name, words[:1], seg)  # ``nix copy --to s3://...``: an upload
    if (
        first in _NIX_LOCAL
        and not any(_nix_setting(v) in _NIX_HOOKS for v in values)
        and None not in values
    ):
        for j, arg in enumerate(args[:-1]):
            if arg.value in {"-o", "--out-link", "--drv-link"}:
                verdict = check_write_target(args[j + 1], ctx, seg)  # the ``result`` link
                if not verdict.allowed:
                    return verdict
        from ondas.guards.bash_known import destroying

        return destroying(name, args, seg)
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)


register(" ".join(sorted(_SYSTEM_PACKAGERS)), _system_packages)
register("opam", _opam)
register("nix nix-build", _nix)


def _nix_build_uncached(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """Round 14: ``nix-build-uncached [ARGS]`` runs ``nix-build`` on ARGS, building only what
    the binary caches lack: judged as ``nix-build ARGS``; its ``-build-flags`` hands nix-build
    a string of options the guard does not split, and leaves it a program no rule names."""
    if any((a.value or "-build-flags").lstrip("-").startswith("build-flags") for a in args):
        from ondas.guards.bash_known import unknown_program

        return unknown_program(name, args, ctx, seg, s)
    return _nix("nix-build", args, ctx, depth, seg, s)


register("nix-build-uncached", _nix_build_uncached)
register("pip", pip_rule)
register("uv", _uv)
register("ensurepip", _ensurepip)
register("luarocks cpanm cpan cpm zef", _language_installers)
register("v raco dmd ldc2 ldmd2 rdmd", _toolchain)
register("tcc nim crystal", _compile_run)
register("jj", _jujutsu)


def _wasm_runtime(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """WebAssembly runtimes, judged by what they grant the module they run
    (:mod:`ondas.guards.bash_wasm`, imported only for their lines)."""
    from ondas.guards.bash_wasm import wasm_runtime, wasmtime

    return (wasmtime if name == "wasmtime" else wasm_runtime)(name, args, ctx, depth, seg, s)


register("wasmtime wasmer wasmedge wasmedgec iwasm wasm3", _wasm_runtime)


def _emulator(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """qemu's system emulators, judged by what they give the guest (round 17:
    :mod:`ondas.guards.bash_emulators`, imported only for their lines)."""
    from ondas.guards.bash_emulators import qemu_system

    return qemu_system(name, args, ctx, depth, seg, s)


register(
    "qemu-system-i386 qemu-system-x86_64 qemu-system-aarch64 qemu-system-arm "
    "qemu-system-riscv32 qemu-system-riscv64 qemu-system-mips qemu-system-mipsel "
    "qemu-system-ppc qemu-system-ppc64 qemu-system-m68k qemu-system-avr qemu-system-xtensa",
    _emulator,
)
register("keytool", _keystores)
register("xvfb wine wine64", _displays)
register("sass sassc lessc stylus", _stylesheets)


def _doc_tools(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """Taplo, documentation.js, ``docgen``, ``fumadocs-mdx`` and ``bisect-ppx-report``
    (round 18), Texinfo's ``makeinfo``/``texi2any``, ``makeindex`` and ``gettextize`` (round
    23): :mod:`ondas.guards.bash_doc_tools`, imported only for their lines."""
    from ondas.guards.bash_doc_tools import doc_tool

    return doc_tool(name, args, ctx, depth, seg, s)


register("esy", _esy)
register(
    "taplo documentation docgen fumadocs-mdx bisect-ppx-report makeinfo texi2any makeindex "
    "gettextize",
    _doc_tools,
)
register("r rscript", _r_packages)
register(
    "npm pnpm bun yarn cnpm gem pipx cargo conda mamba micromamba go composer cabal stack deno",
    _global_installers,
)
register("kubectl oc", _kubectl)
register("adb", _adb)
register("terraform tofu terragrunt pulumi", _terraform)
register("helm", _helm)
register("docker podman nerdctl", _docker)


def _container_client(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """containerd's ``ctr`` and ``finch``: the host's powers given to a container, as
    docker's (round 19: :mod:`ondas.guards.bash_containerd`, imported only for their lines);
    any other line is an unknown program's, as before."""
    from ondas.guards.bash_containerd import container_client
    from ondas.guards.bash_known import unknown_program

    verdict = container_client(name, args, ctx, depth, seg, s)
    return verdict if not verdict.allowed else unknown_program(name, args, ctx, seg, s)


register("buildah ctr finch incus lxc", _container_client)


def _vm_client(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """Container clients run in a virtual machine by its wrapper (round 20: ``colima nerdctl --
    ARGS``, Lima's ``nerdctl.lima``/``docker.lima``): judged as the client's own line
    (:mod:`ondas.guards.bash_containerd`, imported only for their lines)."""
    from ondas.guards.bash_containerd import vm_client

    return vm_client(name, args, ctx, depth, seg, s)


register("colima nerdctl.lima docker.lima podman.lima kubectl.lima", _vm_client)


def _compose(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``docker-compose ...`` is ``docker compose ...``: the same rules, in both modes."""
    engine = name.split("-", 1)[0]
    return HANDLERS[engine](engine, [Word("compose", "compose"), *args], ctx, depth, seg, s)


register("docker-compose podman-compose nerdctl-compose", _compose)
register("aws gcloud az gsutil", _cloud)
register("sqlite3 sqlite", _sqlite)
