"""The vocabulary the bash guard's rules share: words, context, paths, option parsing.

:mod:`ondas.guards.bash` parses the command line and hands every simple command to
:func:`check_argv` as a list of :class:`Word` (a static value, or None when bash computes it
at run time). The rules live in :mod:`~ondas.guards.bash_system` (privilege, files, shells
and wrappers), :mod:`~ondas.guards.bash_net` (git and network), :mod:`~ondas.guards.bash_infra`
(packages, infrastructure, cloud, databases) and :mod:`~ondas.guards.bash_windows`
(PowerShell and cmd.exe); each registers its handlers by command name.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Sequence

from ondas.guards.bash_rule_names import LAZY_RULE_NAMES
from ondas.guards.lazy_re import LazyPattern, re
from ondas.guards.paths import TEMP_ROOTS, lexical_inside, protected_reason
from ondas.guards.verdict import ALLOW, Verdict


class Word:
    """One shell word: ``value`` is None when it is only known at run time.

    The classes here are plain slotted classes, not dataclasses, to keep ``inspect`` out of
    the hook process (see :class:`~ondas.guards.verdict.Verdict`).
    """

    __slots__ = ("braces", "inner", "kind", "text", "value")

    def __init__(
        self,
        value: str | None,
        text: str,
        kind: str = "word",
        inner: str | None = None,
        braces: bool = False,
    ) -> None:
        self.value = value
        self.text = text
        self.kind = kind
        self.inner = inner
        self.braces = braces

    def __repr__(self) -> str:
        return f"Word({self.value!r}, {self.text!r}, {self.kind!r})"


class Stdin:
    """Where a command's standard input comes from: a ``pipe``, static ``text``, or a ``file``."""

    __slots__ = ("kind", "text", "upstream")

    def __init__(self, kind: str, upstream: list[list[Word]], text: str | None) -> None:
        self.kind = kind
        self.upstream = upstream
        self.text = text


class Ctx:
    """What the rules know about the surroundings; ``cwd`` follows ``cd`` (None: unknown)."""

    def __init__(
        self,
        project: str | None,
        whitelist: tuple[str, ...],
        in_container: bool,
        in_venv: bool,
        home: str,
        check_source: Callable[[str, Ctx, int], Verdict],
        cwd: str | None = None,
        unattended: bool = False,
    ) -> None:
        self.project = project
        self.whitelist = whitelist
        self.in_container = in_container
        self.in_venv = in_venv
        self.home = home
        self.check_source = check_source
        self.cwd = cwd
        self.unattended = unattended
        self.variables: dict[str, str | None] = {}
        self.seen: set[str] = set()
        self.written: dict[str, str | None] = {}
        """Files this command line writes, by absolute path: their text, None when unknown."""
        self.aliases: dict[str, str] = {}
        """Aliases this command line defines (bash expands them in scripts with
        ``expand_aliases``; the guard always does, which errs on the side of checking)."""


def word_set(names: str) -> frozenset[str]:
    """The set of the space-separated ``names``."""
    return frozenset(names.split())


Handler = Callable[[str, list[Word], Ctx, int, str, "Stdin | None"], Verdict]

TEMP_NAMES = word_set(
    "tmp temp .tmp build dist out target node_modules __pycache__ "
    ".pytest_cache .mypy_cache .ruff_cache .cache .tox .nox htmlcov "
    "coverage .coverage .next .nuxt .parcel-cache .turbo .eggs .venv venv "
    ".gradle .hypothesis _build site"
)
"""Directory names inside a project that are scratch space (``rm -r`` is allowed there)."""

DEFAULT_BRANCHES = frozenset({"main", "master", "trunk", "develop", "production", "release"})
SHELLS = frozenset(
    {"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "csh", "tcsh", "yash"}
)
DOWNLOADERS = word_set(
    "curl wget wget2 fetch aria2c http https xh lwp-request iwr irm "
    "invoke-webrequest invoke-restmethod nc ncat netcat socat ftp tftp scp "
    "sftp"
)
DECODERS = frozenset({"base64", "base32", "basenc", "xxd", "uudecode", "openssl", "certutil"})
_VERSIONED_INTERPRETERS = frozenset({"python", "pypy", "perl", "php", "lua"})
"""Interpreters also called with a version suffix (``python3.11``, ``perl5``, ``lua5.4``)."""
_INTERPRETERS = frozenset(
    {
        *("ruby", "node", "nodejs", "deno", "bun", "rscript", "tclsh", "jshell", "osascript"),
        *("tsx", "ts-node", "elixir"),
    }
)
_GLOB = LazyPattern(r"[*?\[]")


def _is_interpreter(name: str) -> bool:
    """True for a program that runs code given on its command line (``python3 -c ...``).

    Plain string tests rather than a regular expression: this runs for every command without
    a rule of its own, and most commands then need no :mod:`re` at all.
    """
    return name in _INTERPRETERS or name.rstrip("0123456789.") in _VERSIONED_INTERPRETERS


def block(rule: str, segment: str, reason: str) -> Verdict:
    """Shorthand for :meth:`Verdict.block`."""
    return Verdict.block(rule, segment, reason)


def command_name(value: str) -> str:
    """The canonical name of a command word: basename, lower case, no ``.exe``."""
    # string operations, not regular expressions: this runs for every command
    name = value.replace("\\", "/").rsplit("/", 1)[-1].lower()
    if name.endswith(".exe"):
        name = name[:-4]
    if name.startswith("mkfs"):
        return "mkfs"
    if name.startswith("pip") and not name[3:].strip("0123456789."):
        return "pip"
    return name


def check_argv(
    argv: list[Word], ctx: Ctx, depth: int, segment: str, stdin: Stdin | None = None
) -> Verdict:
    """Check one simple command; wrappers are unwrapped and their inner command checked."""
    if not argv:
        return ALLOW
    head = argv[0]
    if head.value is None:
        return block("dynamic-command", segment, "the command name is computed at run time")
    name = command_name(head.value)
    args = argv[1:]
    if not name:
        return ALLOW
    if name in ctx.aliases and depth <= 6:
        alias = ctx.aliases.pop(name)  # an alias is not expanded inside itself
        try:
            rest = " ".join(_quoted(a) for a in args)
            return ctx.check_source(f"{alias} {rest}", ctx, depth + 1)
        finally:
            ctx.aliases[name] = alias
    if ctx.written and "/" in head.value:
        from ondas.guards.bash_system import written_script

        verdict = written_script(head.value, ctx, depth, segment)
        if not verdict.allowed:
            return verdict
    if name not in KEY_USERS:
        for word in args:
            if word.value is not None and credential_file(word.value):
                return block(
                    "read-credentials",
                    segment,
                    f"{name} is given {word.value[:80]!r}: a credential store outside the project "
                    "(keys, cloud and registry tokens) is not the agent's to read or ship",
                )
    interpreter = _is_interpreter(name)
    if interpreter or name in LAZY_RULE_NAMES:
        _load_rules()
    handler = HANDLERS.get(name)
    if handler is None and interpreter:
        handler = HANDLERS.get("python")
    if handler is None:
        if project_program(head.value, ctx):
            from ondas.guards.bash_known import destroying

            return destroying(name, args, segment)  # ``./manage.py flush``
        from ondas.guards.bash_known import unknown_program

        return unknown_program(name, args, ctx, segment, stdin, head.value)
    if name not in PASS_THROUGH and _help_or_dry_run(args):
        return ALLOW
    return handler(name, args, ctx, depth, segment, stdin)


_CREDENTIALS = LazyPattern(
    r"(?:^|[\s'\"=:(,<>])(?:~|\$\{?HOME\}?|/root|/home/[^/\s'\"]+|/Users/[^/\s'\"]+)/+\."
    r"(?:ssh(?:/+(?:id_[^/\s'\".]*|identity)(?=['\"\s);,]|$)|/*(?=['\"\s);,]|$))"
    r"|gnupg\b|aws(?:/+credentials\b|/*(?=['\"\s);,]|$))|netrc\b|git-credentials\b|pgpass\b"
    r"|pypirc\b|docker/+config\.json|kube/+config\b|config/+gh/+hosts\.yml"
    r"|claude/+\.credentials\.json|codex(?:/+auth\.json|/*(?=['\"\s);,]|$)))"
)
KEY_USERS = word_set(
    "ssh ssh-add ssh-keygen ssh-copy-id ssh-keyscan scp sftp gpg gpg2 gpg-agent git chmod "
    "chown ls test [ [[ stat rm echo printf"
)
"""Programs that use a credential for its purpose or only look at the file (``ssh -i KEY``,
``chmod 600 ~/.ssh/id_rsa``, ``test -f``); deleting one is the deletion rules' business."""


def credential_file(value: str) -> bool:
    """Whether ``value`` (an argument, or code handed to an interpreter) names a credential
    store under a home directory: private keys (not ``*.pub``, ``known_hosts`` or ``config``),
    ``~/.gnupg``, cloud and registry tokens, Claude's and Codex's own credentials."""
    return "/." in value and _CREDENTIALS.search(value) is not None


LINE_FILTERS = word_set("grep egrep fgrep rg head tail sort uniq")
"""Programs that pass on whole lines of their input or drop them (without ``-o``)."""
_FIND_PRINTS = word_set(
    "-printf -fprintf -fprint -fprint0 -fls -exec -execdir -ok -okdir -delete -quit"
)


def listing_glob(stages: Sequence[Sequence[Word]], ctx: Ctx) -> str | None:
    """Where the lines of a listing can point: ``ROOT/*`` for ``find ROOT ...`` and ``DIR/*``
    for ``ls`` of the working directory (``.``), followed only by line filters (``grep``,
    ``sort``, ``head``...), else None. ``xargs rm`` of such a listing, or ``rm $(find ...)``,
    then deletes entries under that root, as ``find ROOT -exec rm {} +`` does."""
    if not stages or not stages[0] or stages[0][0].value is None:
        return None
    for argv in stages[1:]:
        if not argv or argv[0].value is None or command_name(argv[0].value) not in LINE_FILTERS:
            return None
        for word in argv[1:]:
            v = word.value
            if v is None or v == "--only-matching" or (v[:1] == "-" != v[1:2] and "o" in v):
                return None
    name, values = command_name(stages[0][0].value), [w.value for w in stages[0][1:]]
    if None in values:
        return None
    words = [v for v in values if v is not None]
    if name == "find":
        roots: list[str] = []
        for v in words:
            if v in {"-H", "-L", "-P"} and not roots:
                continue
            if v.startswith("-") or v in {"(", "!", ")", ","}:
                break
            roots.append(v)
        if len(roots) > 1 or _FIND_PRINTS & set(words):
            return None
        root = roots[0] if roots else "."
        names = [words[k + 1] for k, v in enumerate(words[:-1]) if v in {"-name", "-iname"}]
        if (names and all(temp_pattern(n) for n in names)) or _scratch(root, ctx):
            return find_entries(root, words, ctx)
        return None  # every file of a kind in the project: a mass deletion, as -delete is
    if name == "ls":
        flags = "".join(v[1:] for v in words if v.startswith("-") and not v.startswith("--"))
        operands = [v for v in words if not v.startswith("-")]
        if "a" in flags or "A" in flags or "--all" in words or "--almost-all" in words:
            return None
        if all("/" not in v and v != ".." for v in operands) and (
            (operands and all(temp_pattern(v) for v in operands)) or _scratch(".", ctx)
        ):
            return "./*"
    return None


def _scratch(path: str, ctx: Ctx) -> bool:
    return classify(path, ctx) in {"project-temp", "system-temp"}


_FIND_FILTERS = word_set("-name -iname -path -ipath -wholename -iwholename -regex -iregex")


def find_entries(root: str, args: Sequence[str | None], ctx: Ctx) -> str:
    """What ``find ROOT ARGS`` names, as one path for the rules: ``ROOT/*``; but ``ROOT/.git``
    when the project's root lies under ROOT and no name filter narrows the search: then the
    entries include git's, ondas's and the hooks' files (``find . -exec rm {} +``)."""
    narrowed = any(a in _FIND_FILTERS for a in args)
    if not narrowed and ctx.project is not None:
        base = root if root.startswith(("/", "~")) else posixpath.join(ctx.cwd or "", root)
        if ctx.cwd is not None and lexical_inside(ctx.project, posixpath.normpath(base)):
            return posixpath.join(root, ".git")
    return posixpath.join(root, "*")


def project_program(path: str, ctx: Ctx) -> bool:
    """A program no rule names, of the project itself, run by a relative path
    (``scripts/lint``, ``./target/debug/app``): known as ``make`` and ``pytest`` are, which run
    the project's code too (a script this command line wrote was checked for what it holds)."""
    return (
        "/" in path
        and not path.startswith(("/", "~"))
        and classify(path, ctx) in {"project", "project-temp"}
    )


def _quoted(word: Word) -> str:
    """A word as it was written when its value is unknown, else its value quoted for bash."""
    if word.value is None:
        return word.text
    from shlex import quote

    return quote(word.value)


PASS_THROUGH = word_set(
    "sh bash zsh dash ksh mksh ash fish csh tcsh yash eval source . alias trap env xargs "
    "nohup setsid unbuffer chronic builtin coproc time command exec nice ionice stdbuf "
    "caffeinate timeout watch flock script busybox wsl python find parallel sem strace ltrace "
    "catchsegv valgrind firejail unshare sudo su doas pkexec run0 gosu runuser awk gawk mawk "
    "nawk powershell pwsh cmd"
)
"""Commands whose ``--help`` may belong to a command they run: no help/dry-run shortcut."""


def _help_or_dry_run(args: Sequence[Word]) -> bool:
    """``--help`` or ``--dry-run`` among a command's options: it only prints."""
    for word in args:
        v = word.value
        if v is None or v == "--":
            return False
        if v in {"--help", "--dry-run", "--dryrun"} or v.startswith("--dry-run="):
            return True  # ``--dryrun`` is the AWS CLI's spelling
    return False


COMMAND_VARIABLES = frozenset(
    [
        "GIT_SSH_COMMAND",
        "GIT_SSH",
        "GIT_PAGER",
        "PAGER",
        "GIT_EDITOR",
        "EDITOR",
        "VISUAL",
        "GIT_SEQUENCE_EDITOR",
        "GIT_EXTERNAL_DIFF",
        "GIT_ASKPASS",
        "SSH_ASKPASS",
        "SUDO_ASKPASS",
        "BASH_ENV",
        "ENV",
        "PROMPT_COMMAND",
        "GIT_PROXY_COMMAND",
        "MANPAGER",
        "LESSOPEN",
        "LESSCLOSE",
    ]
)
"""Environment variables whose value a program runs as a command."""

_TAMPER_VARIABLES = LazyPattern(
    r"^(GIT_CONFIG_(PARAMETERS|COUNT|KEY_\d+|VALUE_\d+|GLOBAL|SYSTEM|NOSYSTEM)|GIT_DIR"
    r"|GIT_WORK_TREE|GIT_INDEX_FILE|GIT_OBJECT_DIRECTORY|GIT_TEMPLATE_DIR|LD_PRELOAD"
    r"|LD_LIBRARY_PATH|LD_AUDIT|DYLD_INSERT_LIBRARIES)$"
)


def check_assignment(name: str, value: str | None, ctx: Ctx, depth: int, seg: str) -> Verdict:
    """``NAME=value``: a variable a program runs as a command is checked as one; variables that
    re-point git's configuration or inject code into every program are refused."""
    if _TAMPER_VARIABLES.match(name):
        return block(
            "env-injection", seg, f"{name} changes what git or every program loads and runs"
        )
    if name in COMMAND_VARIABLES:
        if value is None:
            return block("dynamic-command", seg, f"{name} set to a command computed at run time")
        return ctx.check_source(value, ctx, depth + 1)
    if ctx.unattended and name.lower() in PROXY_VARIABLES:
        return block(
            "network-proxy",
            seg,
            f"{name} sends the network through a proxy the whitelist cannot judge",
        )
    if ctx.unattended and name == "PATH" and value is not None and "PATH" not in value:
        # a PATH replaced by one in a temp directory (extending ``$PATH`` is ordinary work)
        for entry in value.split(":"):
            if entry and classify(entry, ctx) in {"system-temp", "temp-root"}:
                return block(
                    "path-hijack",
                    seg,
                    f"PATH entry {entry} is in a temp directory every user can write: later "
                    "command names would run what is put there",
                )
    return ALLOW


PROXY_VARIABLES = frozenset({"http_proxy", "https_proxy", "all_proxy", "ftp_proxy"})
"""Variables (either case) that send programs' network traffic through a proxy."""


def check_write_target(word: Word, ctx: Ctx, segment: str) -> Verdict:
    """Refuse a write (redirect, cp/mv destination, ...) outside the project or temp areas."""
    if word.value is None:
        return block("write-unknown-target", segment, "the write target is computed at run time")
    where = classify(word.value, ctx)
    if where == "device":
        return block("device-write", segment, "writing to a device")
    if where == "protected":
        return block("write-protected-path", segment, "the path holds git, ondas or hook state")
    if where == "unknown":
        return block("write-unknown-target", segment, "the working directory is unknown here")
    if where == "home-inside" and _claude_config(word.value, ctx):
        return block(
            "write-claude-config",
            segment,
            "Claude Code's own settings, hooks and sessions are written by claude, not the agent",
        )
    if where in {"root", "root-glob", "home", "home-inside", "outside", "escape"}:
        return block("write-outside-project", segment, "writes must stay inside the project")
    return ALLOW


def _claude_config(path: str, ctx: Ctx) -> bool:
    """Whether ``path`` (under the home directory) is in Claude Code's config directory."""
    if path.startswith("~/"):
        path = ctx.home + path[1:]
    config = posixpath.join(ctx.home, ".claude")
    return lexical_inside(posixpath.normpath(path), config)


def classify(value: str, ctx: Ctx) -> str:
    """Where a path points: root, root-glob, home, home-inside, escape, outside, device, null,
    protected, project, project-temp, system-temp, temp-root or unknown (purely lexical)."""
    path = value
    if re.match(r"^[A-Za-z]:([\\/].*)?$", path):
        rest = path[2:].strip("\\/")
        return "root" if not rest else "root-glob" if _GLOB.fullmatch(rest) else "outside"
    if path.startswith("~"):
        if path == "~" or path.startswith("~/"):
            path = ctx.home + path[1:]
        else:
            return "outside"
    relative = not path.startswith("/")
    if relative:
        if ctx.cwd is None:
            return "unknown"
        path = posixpath.join(ctx.cwd, path)
    path = "/" + posixpath.normpath(path).lstrip("/")
    home = posixpath.normpath(ctx.home)
    if path == "/":
        return "root"
    parent, base = posixpath.split(path)
    if parent == "/" and _GLOB.search(base):
        return "root-glob"
    if path in {"/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"} or path.startswith(
        "/dev/fd/"
    ):
        return "null"
    if path.startswith("/dev/"):
        return "device"
    if ctx.project is not None and lexical_inside(path, ctx.project):
        parts = posixpath.relpath(path, ctx.project).split("/")
        parts = [] if parts == ["."] else parts
        if protected_reason(parts):
            return "protected"
        if any(_is_temp_name(p) for p in parts):
            return "project-temp"
        return "project"
    if path == home or (parent == home and _GLOB.search(base)):
        return "home"
    if lexical_inside(path, home):
        return "home-inside"
    if relative:
        return "escape"
    if ctx.project is not None and _neighbour(path, ctx.project):
        return "outside"
    if any(lexical_inside(path, t) for t in TEMP_ROOTS):
        if path in TEMP_ROOTS or (parent in TEMP_ROOTS and not base.strip("*?.")):
            return "temp-root"  # the temp directory itself, or everything in it (``/tmp/*``)
        return "system-temp"
    return "outside"


def _neighbour(path: str, project: str) -> bool:
    """A path beside the project in a shared parent that is not itself a temp root.

    A project under ``/tmp/x/proj`` does not make ``/tmp/x/neighbour`` scratch space.
    """
    parent = posixpath.dirname(posixpath.normpath(project))
    if parent in TEMP_ROOTS or parent == "/":
        return False
    return lexical_inside(path, parent)


_ARTIFACTS = LazyPattern(r"^\*\.(pyc|pyo|o|obj|class|log|tmp|orig|rej|bak|swp)$")


def temp_pattern(name: str) -> bool:
    """A name or ``-name`` pattern of scratch files: a temp directory name or build artifacts
    (``*.pyc``, ``*.o``, ``*.orig``...)."""
    return name in TEMP_NAMES or _ARTIFACTS.match(name) is not None or name.endswith(".egg-info")


def _is_temp_name(part: str) -> bool:
    return part in TEMP_NAMES or part.endswith((".egg-info", ".egg")) or part.startswith("tmp")


def flag_set(args: Sequence[Word]) -> set[str]:
    flags: set[str] = set()
    for word in args:
        v = word.value
        if v is None or v == "--":
            if v == "--":
                break
            continue
        if v.startswith("--"):
            flags.add(v.split("=", 1)[0])
        elif v.startswith("-") and len(v) > 1:
            flags.update(f"-{c}" for c in v[1:])
    return flags


def positionals(args: Sequence[Word], with_value: frozenset[str] = frozenset()) -> list[Word]:
    out: list[Word] = []
    i = 0
    rest = False
    while i < len(args):
        word = args[i]
        v = word.value
        if not rest and v == "--":
            rest = True
        elif not rest and v is not None and v.startswith("-") and len(v) > 1:
            if v in with_value:
                i += 1
        else:
            out.append(word)
        i += 1
    return out


def options_end(args: list[Word], no_value: frozenset[str], with_value: frozenset[str]) -> int:
    """Index of the first argument after a wrapper's own options."""
    i = 0
    while i < len(args):
        v = args[i].value
        if v is None:
            return i
        if v == "--":
            return i + 1
        if not v.startswith("-") or v == "-":
            return i
        if v in with_value:
            i += 2
            continue
        if "=" in v or v in no_value or v.startswith("--"):
            i += 1
            continue
        short = v[:2]
        i += 1 if (len(v) > 2 or short not in with_value) else 2
    return i


def write_all(targets: Sequence[Word], ctx: Ctx, seg: str) -> Verdict:
    for target in targets:
        verdict = check_write_target(target, ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


def rm_targets(targets: Sequence[Word], recursive: bool, ctx: Ctx, seg: str) -> Verdict:
    """Refuse deleting ``targets`` outside the project (recursively: outside its temp areas)."""
    for target in targets:
        if target.value is None:
            return block("rm-unknown-target", seg, "the deletion target is computed at run time")
        where = classify(target.value, ctx)
        rule = {
            "root": "rm-root",
            "root-glob": "rm-root-glob",
            "home": "rm-home",
            "escape": "rm-escape",
            "device": "device-write",
            "protected": "rm-protected",
            "outside": "rm-outside-project",
            "home-inside": "rm-outside-project",
            "temp-root": "rm-outside-project",
            "unknown": "rm-unknown-target",
        }.get(where)
        if rule is None and recursive and where == "project":
            rule = "rm-recursive-outside-temp"
        if rule is not None:
            reason = {
                "rm-recursive-outside-temp": "recursive deletion is allowed only in temp areas "
                "(build, dist, tmp, caches); use git rm for tracked files",
                "rm-unknown-target": "the deletion target is only known at run time",
                "rm-protected": "the path holds git, ondas or hook state",
                "device-write": "deleting a device",
            }.get(rule, "deletion outside the project's safe areas")
            return block(rule, seg, reason)
    return ALLOW


def skip_options(args: list[Word], with_value: frozenset[str]) -> list[str | None]:
    out: list[str | None] = []
    i = 0
    while i < len(args):
        v = args[i].value
        if v is not None and v.startswith("-"):
            i += 2 if (v in with_value and "=" not in v) else 1
            continue
        out.append(v)
        i += 1
    return out


HANDLERS: dict[str, Handler] = {}
"""Rule handlers by canonical command name (see :func:`command_name`)."""


def register(names: str, handler: Handler) -> None:
    """Make ``handler`` check every command in the space-separated ``names``."""
    for name in names.split():
        HANDLERS[name] = handler


def _load_rules() -> None:
    # A plain import statement: after the first call it is a lookup in ``sys.modules``.
    from ondas.guards import (
        bash_contain,
        bash_infra,
        bash_net,
        bash_runners,  # wraps the handlers the others registered
        bash_signals,
        bash_system,
        bash_windows,
    )

    del bash_infra, bash_net, bash_system, bash_windows, bash_contain, bash_runners, bash_signals
