"""The rules of the bash guard, applied to one simple command at a time (its argv).

:mod:`ondas.guards.bash` parses the command line and hands every simple command here as a
list of :class:`Word` (a static value, or None when bash computes it at run time). Wrappers
(``env``, ``timeout``, ``xargs``, ``find -exec``, ...) are unwrapped and their inner command
checked again; shell strings go back to the parser through ``Ctx.check_source``.
"""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ondas.guards.paths import TEMP_ROOTS, lexical_inside, protected_reason
from ondas.guards.verdict import ALLOW, Verdict
from ondas.guards.whitelist import url_allowed


@dataclass(frozen=True)
class Word:
    """One shell word: ``value`` is None when it is only known at run time."""

    value: str | None
    text: str
    kind: str = "word"
    inner: str | None = None
    braces: bool = False


@dataclass(frozen=True)
class Stdin:
    """Where a command's standard input comes from: a ``pipe``, static ``text``, or a ``file``."""

    kind: str
    upstream: list[list[Word]]
    text: str | None


@dataclass
class Ctx:
    """What the rules know about the surroundings; ``cwd`` follows ``cd`` (None: unknown)."""

    project: str | None
    whitelist: tuple[str, ...]
    in_container: bool
    in_venv: bool
    home: str
    check_source: Callable[[str, Ctx, int], Verdict]
    cwd: str | None = None
    seen: set[str] = field(default_factory=set)


def _w(names: str) -> frozenset[str]:
    return frozenset(names.split())


Handler = Callable[[str, list[Word], Ctx, int, str, "Stdin | None"], Verdict]

TEMP_NAMES = _w(
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
DOWNLOADERS = _w(
    "curl wget wget2 fetch aria2c http https xh lwp-request iwr irm "
    "invoke-webrequest invoke-restmethod nc ncat netcat socat ftp tftp scp "
    "sftp"
)
DECODERS = frozenset({"base64", "base32", "basenc", "xxd", "uudecode", "openssl", "certutil"})
PRIVILEGE = frozenset({"sudo", "su", "doas", "pkexec", "run0", "gosu", "runuser", "sudoedit"})
_DISK = _w(
    "mkfs mke2fs mkswap wipefs fdisk sfdisk cfdisk parted sgdisk gdisk "
    "diskpart newfs format-volume clear-disk initialize-disk "
    "remove-partition format"
)
_SHUTDOWN = frozenset(
    {"shutdown", "reboot", "poweroff", "halt", "stop-computer", "restart-computer"}
)
_SYSTEM_PACKAGERS = _w(
    "apt apt-get aptitude dnf yum zypper apk brew port snap flatpak choco "
    "winget scoop pkg emerge nix-env dpkg rpm pacman yay paru microdnf tdnf"
)
_PKG_VERBS = _w(
    "install reinstall remove purge autoremove upgrade dist-upgrade "
    "full-upgrade update add del uninstall erase refresh tap link "
    "localinstall downgrade build-dep source"
)
_INTERPRETER = re.compile(
    r"^(python[0-9.]*|pypy[0-9.]*|perl[0-9.]*|ruby|node|nodejs|php[0-9.]*|lua[0-9.]*|deno|bun"
    r"|rscript|tclsh|jshell|osascript)$"
)
_URLISH = re.compile(r"^[a-z][a-z0-9+.\-]*://", re.IGNORECASE)
_SCP_LIKE = re.compile(r"^(?:[\w.\-]+@)?([\w.\-]+):(?!//)")
_GLOB = re.compile(r"[*?\[]")


def block(rule: str, segment: str, reason: str) -> Verdict:
    """Shorthand for :meth:`Verdict.block`."""
    return Verdict.block(rule, segment, reason)


def command_name(value: str) -> str:
    """The canonical name of a command word: basename, lower case, no ``.exe``."""
    name = re.split(r"[\\/]", value)[-1].lower()
    if name.endswith(".exe"):
        name = name[:-4]
    if name.startswith("mkfs"):
        return "mkfs"
    if re.fullmatch(r"pip[0-9.]*", name):
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
    handler = _HANDLERS.get(name)
    if handler is None and _INTERPRETER.match(name):
        handler = _interpreter
    if handler is None:
        return ALLOW
    return handler(name, args, ctx, depth, segment, stdin)


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
    if where in {"root", "root-glob", "home", "home-inside", "outside", "escape"}:
        return block("write-outside-project", segment, "writes must stay inside the project")
    return ALLOW


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
    if any(lexical_inside(path, t) for t in TEMP_ROOTS):
        return "system-temp" if path not in TEMP_ROOTS else "temp-root"
    if relative:
        return "escape"
    if lexical_inside(path, home):
        return "home-inside"
    return "outside"


def _is_temp_name(part: str) -> bool:
    return part in TEMP_NAMES or part.endswith(".egg-info") or part.startswith("tmp")


def _flags(args: Sequence[Word]) -> set[str]:
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


def _positional(args: Sequence[Word], with_value: frozenset[str] = frozenset()) -> list[Word]:
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


def _rest(args: list[Word], no_value: frozenset[str], with_value: frozenset[str]) -> int:
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


# --- privilege, system ------------------------------------------------------------------


def _privilege(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    return block("privilege-escalation", seg, f"{name} runs commands with other privileges")


def _chmod(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    positional = _positional(args, frozenset({"--reference"}))
    if not positional:
        return ALLOW
    mode = positional[0].value
    if (
        name == "chmod"
        and (mode is None or re.search(r"[ugoa]*[+=][rwxXt]*s|^[0-7]?[4-7][0-7]{3}$", mode))
        and (mode is None or "s" in mode or (len(mode) == 4 and mode[0] in "4567"))
    ):
        return block("privilege-escalation", seg, "setting the set-user-id bit")
    for target in positional[1:]:
        verdict = check_write_target(target, ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _setcap(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    return block("privilege-escalation", seg, "granting file capabilities")


def _disk(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    if name == "diskutil":
        verb = (args[0].value or "erase").lower() if args else ""
        if not re.match(r"(erase|partition|zero|random|secure|reformat|split|merge|resize)", verb):
            return ALLOW
    return block("disk-format", seg, f"{name} formats or repartitions disks")


def _shutdown(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    if name in {"init", "telinit"} and (
        not args or args[0].value not in {"0", "6", "1", "s", "S", None}
    ):
        return ALLOW
    if name == "systemctl":
        verbs = {a.value for a in args}
        danger = _w(
            "poweroff reboot halt suspend hibernate kexec rescue emergency soft-reboot hybrid-sleep"
        )
        if not verbs & danger and None not in verbs:
            return ALLOW
    return block("shutdown", seg, "shutting down or rebooting the machine")


def _kill(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    values = [a.value for a in args]
    if "-1" in values[1:] or (values and values[-1] in {"-1", "1"}) or "1" in values:
        return block("kill-all", seg, "signalling every process or init")
    return ALLOW


def _dd(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    for arg in args:
        if arg.value is None:
            return block("device-write", seg, "dd with an operand computed at run time")
        if arg.value.startswith("of="):
            return check_write_target(Word(arg.value[3:], arg.text), ctx, seg)
    return ALLOW


def _shred(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    return _write_all(_positional(args, frozenset({"-n", "-s", "--iterations"})), ctx, seg)


def _write_all(targets: Sequence[Word], ctx: Ctx, seg: str) -> Verdict:
    for target in targets:
        verdict = check_write_target(target, ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


# --- files ------------------------------------------------------------------------------


def _rm(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    flags = _flags(args)
    if "--no-preserve-root" in flags:
        return block("rm-root", seg, "rm --no-preserve-root")
    recursive = bool(flags & {"-r", "-R", "--recursive"}) or (name in {"rmdir"} and "-p" in flags)
    return rm_targets(_positional(args), recursive, ctx, seg)


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


def _copy(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    with_value = _w("-t --target-directory -S --suffix -m --mode -o -g --owner --group")
    for i, word in enumerate(args):
        if word.value in {"-t", "--target-directory"} and i + 1 < len(args):
            return check_write_target(args[i + 1], ctx, seg)
        if word.value is not None and word.value.startswith("--target-directory="):
            return check_write_target(Word(word.value.split("=", 1)[1], word.text), ctx, seg)
    positional = _positional(args, with_value)
    if name == "tee":
        return _write_all(positional, ctx, seg)
    if name in {"touch", "mkdir", "truncate", "rmdir", "unlink"}:
        return _write_all(
            _positional(args, frozenset({"-s", "--size", "-m", "-r", "-d"})), ctx, seg
        )
    if name == "ln" and positional and _flags(args) & {"-s", "--symbolic"}:
        verdict = _symlink_target(positional, ctx, seg)
        if not verdict.allowed:
            return verdict
    if len(positional) >= 2 or (name == "ln" and positional):
        if name == "mv":
            verdict = rm_targets(positional[:-1], False, ctx, seg)
            if not verdict.allowed:
                return verdict
        return check_write_target(positional[-1], ctx, seg)
    return ALLOW


def _symlink_target(positional: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """A symlink pointing out of the project would let later deletions or writes escape."""
    target = positional[0].value
    if target is None:
        return block("symlink-outside-project", seg, "a symlink target computed at run time")
    link = positional[-1].value if len(positional) > 1 else "."
    base = posixpath.dirname(link or ".") if len(positional) > 1 else "."
    resolved = target if target.startswith(("/", "~")) else posixpath.join(base or ".", target)
    if classify(resolved, ctx) in {"project", "project-temp", "system-temp", "null"}:
        return ALLOW
    return block("symlink-outside-project", seg, "a symlink pointing out of the project")


def dev_socket(word: Word, ctx: Ctx, seg: str) -> Verdict | None:
    """A redirect through bash's ``/dev/tcp``/``/dev/udp`` is a network call; None otherwise."""
    match = re.match(r"^/dev/(tcp|udp)/([^/]+)/(\d+)", word.value or "")
    if match is None:
        return None
    return _network_url(f"{match.group(1)}://{match.group(2)}:{match.group(3)}", ctx, seg)


def _sed(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    values = [a.value or "" for a in args]
    if not any(
        v == "--in-place"
        or v.startswith(("-i", "--in-place="))
        or (v.startswith("-") and not v.startswith("--") and "i" in v)
        for v in values
    ):
        return ALLOW
    has_script = any(v in {"-e", "-f", "--expression", "--file"} for v in values)
    positional = _positional(args, frozenset({"-e", "-f", "--expression", "--file", "-l"}))
    files = positional if has_script else positional[1:]
    return _write_all(files, ctx, seg)


def _find(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    roots: list[Word] = []
    i = 0
    while i < len(args) and args[i].value in {"-H", "-L", "-P"}:
        i += 1
    while i < len(args):
        v = args[i].value
        if v is not None and (v.startswith("-") or v in {"(", "!", ")", ","}):
            break
        roots.append(args[i])
        i += 1
    if not roots:
        roots = [Word(".", ".")]
    while i < len(args):
        v = args[i].value
        if v == "-delete":
            verdict = rm_targets(roots, False, ctx, seg)
            if not verdict.allowed:
                return verdict
        elif v in {"-exec", "-execdir", "-ok", "-okdir"}:
            j = i + 1
            while j < len(args) and args[j].value not in {";", "+"}:
                j += 1
            for root in roots:
                placeholder = None if root.value is None else posixpath.join(root.value, "match")
                inner = [
                    Word(
                        None if placeholder is None else (a.value or "").replace("{}", placeholder),
                        a.text,
                    )
                    if a.value is not None and "{}" in a.value
                    else a
                    for a in args[i + 1 : j]
                ]
                verdict = check_argv(inner, ctx, depth, seg)
                if not verdict.allowed:
                    return verdict
            i = j
        elif v in {"-fprint", "-fprint0", "-fprintf", "-fls"} and i + 1 < len(args):
            verdict = check_write_target(args[i + 1], ctx, seg)
            if not verdict.allowed:
                return verdict
        i += 1
    return ALLOW


def _cd(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    positional = _positional(args)
    if name == "popd" or (positional and positional[0].value in {None, "-"}):
        ctx.cwd = None
        return ALLOW
    target = positional[0].value if positional else "~"
    assert target is not None
    if target.startswith("~"):
        target = ctx.home + target[1:] if target == "~" or target.startswith("~/") else target
    base = ctx.cwd
    if not target.startswith("/") and base is None:
        return ALLOW
    ctx.cwd = posixpath.normpath(posixpath.join(base or "/", target))
    return ALLOW


# --- git ---------------------------------------------------------------------------------

_GIT_GLOBAL_VALUE = _w(
    "-C -c --git-dir --work-tree --namespace --exec-path --super-prefix --config-env"
)


def _git(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    i = 0
    while i < len(args):
        v = args[i].value
        if v is None:
            return block("dynamic-command", seg, "a git option computed at run time")
        if v in _GIT_GLOBAL_VALUE:
            if (
                v == "-c"
                and i + 1 < len(args)
                and re.match(r"(?i)alias\.", args[i + 1].value or "alias.")
            ):
                return block("git-alias", seg, "git aliases can hide any command")
            i += 2
            continue
        if v.startswith("-"):
            i += 1
            continue
        break
    if i >= len(args):
        return ALLOW
    sub = args[i].value
    rest = args[i + 1 :]
    if sub is None:
        return block("dynamic-command", seg, "the git subcommand is computed at run time")
    values = [a.value for a in rest]
    flags = _flags(rest)
    if sub == "push" or (sub == "subtree" and "push" in values):
        return block("git-push", seg, "pushing is for humans to do")
    if sub == "reset" and "--hard" in values:
        return block("git-reset-hard", seg, "git reset --hard discards work")
    if sub == "clean" and flags & {"-f", "--force"}:
        return block("git-clean-force", seg, "git clean -f deletes untracked files")
    if sub in {"checkout", "restore"}:
        after = (
            values[values.index("--") + 1 :]
            if "--" in values
            else [a.value for a in _positional(rest)]
        )
        wide = {".", "*", ":/", ":(top)", "./", None}
        if (
            (sub == "checkout" and flags & {"-f", "--force"})
            or (
                any(v in wide for v in after)
                and not (sub == "restore" and values == ["--staged", "."])
                and ("--" in values or sub == "restore" or "." in after)
            )
        ) and not (
            sub == "restore"
            and "--staged" in values
            and "--worktree" not in values
            and "-W" not in flags
        ):
            return block("git-checkout-discard", seg, "discarding every uncommitted change")
    if sub == "branch":
        deleting = "-D" in flags or ({"-d", "--delete"} & flags and {"-f", "--force"} & flags)
        if deleting:
            names = [a.value for a in _positional(rest)]
            if any(n is None or n in DEFAULT_BRANCHES for n in names):
                return block("git-branch-delete-default", seg, "deleting the default branch")
    if sub == "stash" and values[:1] in (["clear"], ["drop"]):
        return ALLOW
    if sub == "config":
        for value in values:
            if value is not None and re.match(r"(?i)alias\.", value):
                return block("git-alias", seg, "git aliases can hide any command")
    if sub in {"clone", "fetch", "pull", "ls-remote", "archive"} or (
        sub in {"remote", "submodule"} and values[:1] in (["add"], ["set-url"])
    ):
        for word in _positional(
            rest,
            _w(
                "-b --branch -o --origin --depth --reference -c --config -j --jobs "
                "--upload-pack -u --template --separate-git-dir --filter --name"
            ),
        ):
            if word.value is None:
                return block("network-unknown-target", seg, "a git remote computed at run time")
            url = _remote_url(word.value)
            if url is not None:
                verdict = _network_url(url, ctx, seg)
                if not verdict.allowed:
                    return verdict
    return ALLOW


def _remote_url(value: str) -> str | None:
    if _URLISH.match(value):
        return None if value.lower().startswith("file://") else value
    match = _SCP_LIKE.match(value)
    if (match and "." in match.group(1)) or (match and "@" in value):
        return f"ssh://{match.group(1)}" if match else None
    return None


# --- network -----------------------------------------------------------------------------


def _network_url(url: str, ctx: Ctx, seg: str) -> Verdict:
    if url_allowed(url, ctx.whitelist):
        return ALLOW
    from ondas.guards.whitelist import host_of

    host = host_of(url) or url
    return block("network-not-whitelisted", seg, f"{host} is not in the project's URL whitelist")


_CURL_VALUE = frozenset(
    [
        "-o",
        "--output",
        "-H",
        "--header",
        "-d",
        "--data",
        "--data-binary",
        "--data-raw",
        "--data-urlencode",
        "--data-ascii",
        "--json",
        "-X",
        "--request",
        "-u",
        "--user",
        "-A",
        "--user-agent",
        "-e",
        "--referer",
        "-b",
        "--cookie",
        "-c",
        "--cookie-jar",
        "-F",
        "--form",
        "--form-string",
        "-T",
        "--upload-file",
        "-U",
        "--proxy-user",
        "-m",
        "--max-time",
        "--connect-timeout",
        "-w",
        "--write-out",
        "-r",
        "--range",
        "-K",
        "--config",
        "--resolve",
        "--connect-to",
        "--cacert",
        "--capath",
        "--cert",
        "--key",
        "-E",
        "--retry",
        "--retry-delay",
        "--retry-max-time",
        "-Y",
        "-y",
        "--limit-rate",
        "-z",
        "--interface",
        "--dns-servers",
        "--oauth2-bearer",
        "--proto",
        "--proto-redir",
        "--max-redirs",
        "-C",
        "--continue-at",
        "-P",
        "--ftp-port",
        "-Q",
        "--quote",
        "--output-dir",
        "--unix-socket",
        "--abstract-unix-socket",
        "--variable",
        "--trace",
        "--trace-ascii",
        "--stderr",
        "--cert-type",
        "--key-type",
        "--pass",
        "--ciphers",
        "--header-file",
        "--max-filesize",
        "--local-port",
        "--expect100-timeout",
        "--happy-eyeballs-timeout-ms",
        "--aws-sigv4",
        "--hostpubmd5",
        "--pinnedpubkey",
        "--socks5-gssapi-service",
        "--service-name",
        "--mail-from",
        "--mail-rcpt",
        "--mail-auth",
        "--netrc-file",
        "--time-cond",
        "--tlsuser",
        "--tlspassword",
        "--tls-max",
        "--dump-header",
        "-D",
        "--keepalive-time",
        "--ftp-method",
    ]
)
_CURL_URL_VALUE = _w(
    "--url -x --proxy --preproxy --socks5 --socks4 --socks5-hostname --socks4a --doh-url"
)
_WGET_VALUE = frozenset(
    [
        "-O",
        "--output-document",
        "-o",
        "--output-file",
        "-a",
        "--append-output",
        "-P",
        "--directory-prefix",
        "-U",
        "--user-agent",
        "--header",
        "-t",
        "--tries",
        "-T",
        "--timeout",
        "-w",
        "--wait",
        "-e",
        "--execute",
        "-B",
        "--base",
        "-Q",
        "--quota",
        "--limit-rate",
        "--post-data",
        "--post-file",
        "--user",
        "--password",
        "--http-user",
        "--http-password",
        "--load-cookies",
        "--save-cookies",
        "--ca-certificate",
        "-l",
        "--level",
        "-A",
        "-R",
        "-D",
        "-X",
        "-I",
        "--accept",
        "--reject",
        "--domains",
        "--exclude-directories",
        "--include-directories",
        "--method",
        "--body-data",
        "--body-file",
        "--referer",
        "--certificate",
        "--private-key",
        "--bind-address",
    ]
)


def _curl(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    value_opts = _CURL_VALUE if name == "curl" else _WGET_VALUE
    urls: list[Word] = []
    i = 0
    while i < len(args):
        word = args[i]
        v = word.value
        if v is None:
            urls.append(word)
        elif v.startswith("--"):
            opt, eq, val = v.partition("=")
            if opt in _CURL_URL_VALUE:
                urls.append(
                    Word(val, word.text) if eq else args[i + 1] if i + 1 < len(args) else word
                )
                i += 0 if eq else 1
            elif opt in {"--input-file", "--next"} or (opt == "-i" and name != "curl"):
                return block("network-unknown-target", seg, "URLs read from a file")
            elif opt in value_opts and not eq:
                i += 1
        elif v.startswith("-") and len(v) > 1:
            cluster = v[1:]
            for k, ch in enumerate(cluster):
                opt = f"-{ch}"
                if name != "curl" and opt == "-i":
                    return block("network-unknown-target", seg, "URLs read from a file")
                if opt in _CURL_URL_VALUE or opt in value_opts:
                    tail = cluster[k + 1 :]
                    value = (
                        Word(tail, word.text)
                        if tail
                        else (args[i + 1] if i + 1 < len(args) else None)
                    )
                    if not tail:
                        i += 1
                    if opt in _CURL_URL_VALUE and value is not None:
                        urls.append(value)
                    if name == "curl" and opt == "-K":
                        return block("network-unknown-target", seg, "URLs read from a config file")
                    break
        else:
            urls.append(word)
        i += 1
    for url in urls:
        if url.value is None:
            return block("network-unknown-target", seg, "a URL computed at run time")
        verdict = _network_url(url.value, ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _httpie(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    for word in _positional(args):
        v = word.value
        if v is None:
            return block("network-unknown-target", seg, "a URL computed at run time")
        if v.isupper() and v.isalpha():
            continue
        return _network_url(v, ctx, seg)
    return ALLOW


def _raw_network(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    hosts: list[str | None] = []
    if name in {"ssh", "mosh", "telnet", "nc", "ncat", "netcat", "ftp", "sftp", "tftp"}:
        with_value = _w("-p -i -l -o -F -J -L -R -D -W -e -c -m -b -E -S -w -P -s")
        positional = _positional(args, with_value)
        if positional:
            v = positional[0].value
            hosts.append(None if v is None else v.rsplit("@", 1)[-1])
        if name in {"nc", "ncat", "netcat"} and "-l" in _flags(args):
            return ALLOW
    else:
        for word in _positional(args, frozenset({"-e", "-P", "-i", "-o", "-F", "-S"})):
            v = word.value
            if v is None:
                hosts.append(None)
                continue
            match = _SCP_LIKE.match(v)
            if _URLISH.match(v):
                hosts.append(v)
            elif match and "/" not in match.group(1):
                hosts.append(match.group(1))
    for host in hosts:
        if host is None:
            return block("network-unknown-target", seg, "a host computed at run time")
        url = host if "://" in host else f"ssh://{host}"
        verdict = _network_url(url, ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _gh(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    values = [a.value for a in args]
    if values[:1] == ["api"]:
        host = "api.github.com"
        for i, v in enumerate(values):
            if v == "--hostname" and i + 1 < len(values):
                host = values[i + 1] or ""
        positional = _positional(
            args[1:],
            _w(
                "-X --method -H --header -f -F --field --raw-field -q --jq -t "
                "--template --hostname --input --cache -p --preview"
            ),
        )
        path = positional[0].value if positional else ""
        if path is None:
            return block("network-unknown-target", seg, "a gh api path computed at run time")
        url = path if "://" in path else f"https://{host}/{path.lstrip('/')}"
        return _network_url(url, ctx, seg)
    if values[:2] == ["repo", "clone"] and len(values) > 2:
        target = values[2]
        if target is None:
            return block("network-unknown-target", seg, "a repository computed at run time")
        url = target if "://" in target else f"https://github.com/{target}"
        return _network_url(url, ctx, seg)
    remote_changes = (
        ["repo", "delete"], ["repo", "archive"], ["repo", "rename"], ["repo", "edit"],
        ["repo", "sync"], ["release", "delete"], ["release", "create"], ["release", "upload"],
        ["pr", "merge"], ["secret", "set"], ["secret", "delete"], ["workflow", "run"],
    )  # fmt: skip
    if values[:2] in remote_changes:
        return block("remote-mutation", seg, f"gh {values[0]} {values[1]} changes the remote")
    return ALLOW


# --- packages ----------------------------------------------------------------------------


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
    elif name == "emerge":
        mutating = not any(v in {"-s", "--search", "--info", "-p", "--pretend", "-S"} for v in vs)
    else:
        positional = [a.value for a in _positional(args, frozenset({"-o", "-c", "-t"}))]
        mutating = bool(positional) and positional[0] in _PKG_VERBS
    if mutating:
        return block("package-install", seg, f"{name} changes system packages outside a container")
    return ALLOW


def _pip(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    values = [a.value for a in args]
    with_value = _w(
        "-r --requirement -c --constraint -e --editable -t --target --prefix "
        "--root -i --index-url --extra-index-url -f --find-links --proxy -d "
        "--dest --python --platform --python-version --only-binary --no-binary "
        "--progress-bar --log --cache-dir --src --upgrade-strategy "
        "--trusted-host"
    )
    positional = _positional(args, with_value)
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
        if i > 0 and args[i - 1].value in _w(
            "-i --index-url --extra-index-url -f --find-links --proxy"
        ):
            candidate = v
        candidate = candidate[4:] if candidate.startswith("git+") else candidate
        if "://" in candidate and not candidate.startswith("file://"):
            verdict = _network_url(candidate, ctx, seg)
            if not verdict.allowed:
                return verdict
    outside_venv = "--user" in values or "--break-system-packages" in values or not ctx.in_venv
    if sub in {"install", "uninstall"} and not ctx.in_container and outside_venv:
        return block("package-install", seg, "pip installs only inside a virtualenv")
    return ALLOW


def _uv(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    values = [a.value for a in args]
    if values[:1] == ["pip"]:
        if "--system" in values and not ctx.in_container:
            return block("package-install", seg, "uv pip --system installs outside a virtualenv")
        return _pip("pip", args[1:], ctx, depth, seg, s) if ctx.in_venv else ALLOW
    if values[:2] in (["tool", "install"], ["tool", "upgrade"]) and not ctx.in_container:
        return block("package-install", seg, "uv tool install installs outside the project")
    return ALLOW


def _global_installers(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    if ctx.in_container:
        return ALLOW
    values = [a.value for a in args]
    positional = [a.value for a in _positional(args)]
    first = positional[0] if positional else None
    rule, reason = "package-install", f"{name} installs outside the project"
    if name in {"npm", "pnpm", "bun", "yarn", "cnpm"}:
        is_global = any(v in {"-g", "--global", "--location=global"} for v in values) or (
            "--location" in values and "global" in values
        )
        if name == "yarn" and first == "global":
            is_global = True
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
    if name in {"gem", "pipx", "cargo", "conda", "mamba", "micromamba"}:
        verbs = _w(
            "install uninstall update upgrade inject reinstall remove upgrade-all reinstall-all"
        )
        if name in {"conda", "mamba", "micromamba"} and ctx.in_venv:
            return ALLOW
        if name == "cargo" and first not in {"install", "uninstall"}:
            return ALLOW
        if first in verbs:
            return block(rule, seg, reason)
        return ALLOW
    if name == "go" and first == "install":
        for target in positional[1:]:
            if target is None or "@" in target or re.match(r"^[^./][^/]*\.[^/]+/", target):
                return block(
                    rule, seg, "go install of a remote module installs outside the project"
                )
    return ALLOW


# --- infrastructure, cloud -----------------------------------------------------------------


def _skip_global(args: list[Word], with_value: frozenset[str]) -> list[str | None]:
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


def _kubectl(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    words = _skip_global(
        args,
        _w(
            "-n --namespace --context --cluster -s --server --kubeconfig --user "
            "--token -f --filename -l --selector -o --output -c --container --as "
            "--as-group"
        ),
    )
    verb = words[0] if words else ""
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
        return block("kubectl-mutation", seg, f"{name} {verb} changes a cluster")
    return ALLOW


def _terraform(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    words = _skip_global(args, frozenset())
    verb = words[0] if words else ""
    mutating = {
        "apply",
        "destroy",
        "import",
        "taint",
        "untaint",
        "refresh",
        "force-unlock",
        "up",
        "run-all",
        None,
    }
    if (
        verb in mutating
        or (verb == "state" and (words[1:2] or [""])[0] not in {"list", "show", "pull"})
        or (verb == "workspace" and (words[1:2] or [""])[0] == "delete")
    ):
        return block("terraform-mutation", seg, f"{name} {verb} changes real infrastructure")
    return ALLOW


def _helm(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    words = _skip_global(args, frozenset({"-n", "--namespace", "--kube-context", "--kubeconfig"}))
    verb = words[0] if words else ""
    if verb in {"install", "upgrade", "uninstall", "delete", "rollback", "push", "del", "un", None}:
        return block("helm-mutation", seg, f"helm {verb} changes a cluster")
    return ALLOW


def _docker(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    values = [a.value for a in args]
    words = _skip_global(
        args, frozenset({"-H", "--host", "--context", "-c", "--config", "--log-level", "-l"})
    )
    verb = words[0] if words else ""
    if (
        verb == "push"
        or words[:2] in (["image", "push"], ["manifest", "push"], ["compose", "push"])
        or (verb in {"build", "buildx"} and "--push" in values)
    ):
        return block("docker-push", seg, "publishing an image")
    if verb in {"run", "create", "exec"} or words[:2] == ["container", "run"]:
        for i, v in enumerate(values):
            nxt = values[i + 1] if i + 1 < len(values) else ""
            if v == "--privileged" or v in {"--pid=host", "--net=host", "--userns=host"}:
                return block("privilege-escalation", seg, "a privileged container")
            mount = (
                v[3:] if v and v.startswith(("-v=",)) else nxt if v in {"-v", "--volume"} else None
            )
            if mount is None and v is not None and v.startswith("--volume="):
                mount = v.split("=", 1)[1]
            if mount is not None and (mount or "").split(":")[0] in _w(
                "/ /etc /var/run/docker.sock /root"
            ):
                return block(
                    "privilege-escalation", seg, "mounting the host's root into a container"
                )
    return ALLOW


_READ_PREFIXES = tuple(
    _w(
        "describe get list head filter lookup query scan search batch-get "
        "select tail wait help ls validate estimate simulate test- show info "
        "version print read cat du stat whoami account config"
    )
)


def _cloud(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    values = [a.value for a in args]
    if None in values:
        return block("cloud-mutation", seg, f"a {name} call computed at run time")
    vs = [v for v in values if v is not None]
    if not vs or vs[0] in {"--version", "version", "help", "--help"}:
        return ALLOW
    if name == "aws":
        words = _skip_global(
            args,
            _w(
                "--profile --region --output --endpoint-url --query --color "
                "--cli-read-timeout --cli-connect-timeout --ca-bundle"
            ),
        )
        operation = (words[1] if len(words) > 1 else words[0] if words else "") or ""
        if words[:1] == ["configure"]:
            operation = (words[1] if len(words) > 1 else "set") or "set"
        if (
            words[:1] == ["sts"] and operation.startswith(("get", "decode"))
        ) or operation.startswith(_READ_PREFIXES):
            return ALLOW
        return block(
            "cloud-mutation",
            seg,
            f"aws {' '.join(w or '' for w in words[:2])} may change cloud resources",
        )
    path: list[str] = []
    for v in vs:
        if v.startswith("-"):
            break
        path.append(v)
    mutating = _w(
        "create delete update set add remove deploy apply patch reset start "
        "stop restart resize import export rm cp mv rsync enable disable submit "
        "run execute mb rb acl setmeta purge upload move clone attach detach "
        "assign unset login logout activate-service-account swap scale upgrade "
        "rollback invoke send publish"
    )
    if any(p in mutating for p in path):
        return block(
            "cloud-mutation", seg, f"{name} {' '.join(path[:4])} may change cloud resources"
        )
    if any(p.startswith(_READ_PREFIXES) for p in path):
        return ALLOW
    return block(
        "cloud-mutation", seg, f"{name} {' '.join(path[:4])} is not a known read-only call"
    )


# --- knowledge DB ----------------------------------------------------------------------

_SQL_WRITE = re.compile(
    r"(?is)\b(insert|update|delete|drop|create|alter|replace|attach|vacuum|reindex|pragma\s+\w+\s*=)"
    r"|^\s*\.(import|restore|read|load|shell|system|backup|save|clone|recover|archive|ar)\b",
    re.MULTILINE,
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


def _sqlite(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    with_value = _w(
        "-cmd -init -separator -newline -nullvalue -vfs -maxsize -mmap "
        "-lookaside -pagecache -heap --cmd --init"
    )
    positional = _positional(args, with_value)
    values = [a.value for a in args]
    if not positional:
        return ALLOW
    db = positional[0].value
    sql_words = positional[1:] + [
        args[i + 1] for i, v in enumerate(values[:-1]) if v in {"-cmd", "--cmd"}
    ]
    if db is None:
        return block("knowledge-db-write", seg, "sqlite3 on a database computed at run time")
    rule = _guarded_db(db, ctx)
    if rule is None:
        mentions = " ".join(w.value or "" for w in sql_words)
        if "knowledge.db" in mentions or "state.db" in mentions:
            rule = "knowledge-db-write" if "knowledge.db" in mentions else "state-tamper"
        else:
            return ALLOW
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


def _guarded_db(db: str, ctx: Ctx) -> str | None:
    if db.startswith("file:"):
        db = db[5:].split("?", 1)[0]
    expanded = ctx.home + db[1:] if db.startswith("~/") else db
    absolute = posixpath.normpath(posixpath.join(ctx.cwd or "/", expanded))
    if posixpath.basename(absolute) == "knowledge.db" or absolute in knowledge_db_paths():
        return "knowledge-db-write"
    if absolute.endswith("/.ondas/state.db"):
        return "state-tamper"
    return None


# --- shells, interpreters, wrappers ----------------------------------------------------


def _procsub(word: Word, seg: str) -> Verdict:
    inner = (word.inner or "").lower()
    if any(re.search(rf"(^|[\s;|&(`]){re.escape(d)}\b", inner) for d in DOWNLOADERS):
        return block("download-to-interpreter", seg, "running code straight from the network")
    return block("dynamic-command", seg, "running code produced at run time")


def stdin_code(s: Stdin | None, ctx: Ctx, depth: int, seg: str, shell: bool) -> Verdict:
    """Check code a shell (or, loosely, an interpreter) reads from its standard input."""
    if s is None or s.kind == "file":
        return ALLOW
    if s.kind == "text":
        if not shell:
            return ALLOW
        if s.text is None:
            return block("dynamic-command", seg, "a shell fed code computed at run time")
        return ctx.check_source(s.text, ctx, depth + 1)
    names = [command_name(a[0].value) if a and a[0].value is not None else None for a in s.upstream]
    if any(n in DOWNLOADERS for n in names):
        return block("download-to-interpreter", seg, "piping a download into an interpreter")
    if any(n in DECODERS for n in names):
        return block("base64-to-shell", seg, "piping decoded data into an interpreter")
    if not shell:
        return ALLOW
    if len(s.upstream) == 1 and names[0] in {"echo", "printf"}:
        words = s.upstream[0][1:]
        if all(w.value is not None for w in words):
            texts = [w.value for w in words if w.value is not None]
            while texts and re.fullmatch(r"-[neE]+", texts[0]) and names[0] == "echo":
                texts = texts[1:]
            return ctx.check_source(" ".join(texts), ctx, depth + 1)
    return block("pipe-to-shell", seg, "piping generated text into a shell")


def _shell(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    code_flag = False
    i = 0
    while i < len(args):
        word = args[i]
        v = word.value
        if word.kind == "process_substitution":
            return _procsub(word, seg)
        if v is None:
            return block("dynamic-command", seg, "a shell argument computed at run time")
        if v == "--":
            i += 1
            break
        if v.startswith("--"):
            i += 2 if v in {"--rcfile", "--init-file"} else 1
            continue
        if len(v) > 1 and v[0] in "-+":
            if "c" in v[1:]:
                code_flag = True
            i += 2 if ("o" in v[1:] or "O" in v[1:]) else 1
            continue
        break
    if code_flag:
        if i >= len(args):
            return ALLOW
        code = args[i]
        if code.value is None:
            return block("dynamic-command", seg, "shell code computed at run time")
        return ctx.check_source(code.value, ctx, depth + 1)
    if i < len(args):
        script = args[i]
        if script.kind == "process_substitution":
            return _procsub(script, seg)
        if script.value is None:
            return block("dynamic-command", seg, "a script path computed at run time")
        return ALLOW
    return stdin_code(s, ctx, depth, seg, shell=True)


def _interpreter(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    values = [a.value for a in args]
    for word in args:
        if word.kind == "process_substitution":
            return _procsub(word, seg)
    if name.startswith("python") and values[:2] == ["-m", "pip"]:
        return _pip("pip", args[2:], ctx, depth, seg, s)
    if name.startswith("python") and "-m" in values:
        idx = values.index("-m")
        if idx + 1 < len(values) and values[idx + 1] == "pip":
            return _pip("pip", args[idx + 2 :], ctx, depth, seg, s)
    return stdin_code(s, ctx, depth, seg, shell=False)


def _eval(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    if any(a.value is None for a in args):
        return block("dynamic-command", seg, "eval of text computed at run time")
    return ctx.check_source(" ".join(a.value or "" for a in args), ctx, depth + 1)


def _source(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    if not args:
        return ALLOW
    if args[0].kind == "process_substitution":
        return _procsub(args[0], seg)
    if args[0].value is None:
        return block("dynamic-command", seg, "sourcing a file computed at run time")
    if args[0].value in {"/dev/stdin", "-"}:
        return stdin_code(s, ctx, depth, seg, shell=True)
    return ALLOW


def _alias(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    for word in args:
        if word.value is None:
            return block("dynamic-command", seg, "an alias computed at run time")
        if name == "alias" and "=" in word.value:
            verdict = ctx.check_source(word.value.split("=", 1)[1], ctx, depth + 1)
            if not verdict.allowed:
                return verdict
    if name == "trap" and args and args[0].value:
        return ctx.check_source(args[0].value, ctx, depth + 1)
    return ALLOW


def _wrapper(
    no_value: frozenset[str], with_value: frozenset[str], skip_positional: int = 0
) -> Handler:
    def handler(
        name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
    ) -> Verdict:
        values = [a.value for a in args]
        if name == "command" and ("-v" in values or "-V" in values):
            return ALLOW
        i = _rest(args, no_value, with_value) + skip_positional
        inner = args[i:]
        if name in {"flock", "script", "su"}:
            for k, v in enumerate(values):
                if v in {"-c", "--command"} and k + 1 < len(args):
                    code = args[k + 1]
                    if code.value is None:
                        return block("dynamic-command", seg, "code computed at run time")
                    return ctx.check_source(code.value, ctx, depth + 1)
            if name == "flock":
                inner = args[_rest(args, no_value, with_value) + 1 :]
        if name == "watch" and "-x" not in values and "--exec" not in values:
            if any(a.value is None for a in inner):
                return block("dynamic-command", seg, "watch of code computed at run time")
            return ctx.check_source(" ".join(a.value or "" for a in inner), ctx, depth + 1)
        return check_argv(inner, ctx, depth, seg, s)

    return handler


def _env(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    i = 0
    while i < len(args):
        v = args[i].value
        if v is None:
            return block("dynamic-command", seg, "an env argument computed at run time")
        if v in {"-S", "--split-string"} or v.startswith(("-S", "--split-string=")):
            if v in {"-S", "--split-string"}:
                code = args[i + 1].value if i + 1 < len(args) else ""
                i += 2
            else:
                code = v.split("=", 1)[1] if v.startswith("--") else v[2:]
                i += 1
            if code is None or any(a.value is None for a in args[i:]):
                return block("dynamic-command", seg, "env -S of text computed at run time")
            return ctx.check_source(
                " ".join([code, *(a.value or "" for a in args[i:])]), ctx, depth + 1
            )
        if v in {"-u", "--unset", "-C", "--chdir"}:
            i += 2
        elif v.startswith("-") or re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", v):
            i += 1
        else:
            break
    return check_argv(args[i:], ctx, depth, seg, s)


def _xargs(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    with_value = _w(
        "-a -d -E -I -L -l -n -P -s --arg-file --delimiter --eof --replace "
        "--max-lines --max-args --max-procs --max-chars --process-slot-var"
    )
    replace: str | None = None
    i = 0
    while i < len(args):
        v = args[i].value
        if v is None:
            return block("dynamic-command", seg, "an xargs argument computed at run time")
        if not v.startswith("-") or v == "--":
            i += 1 if v == "--" else 0
            break
        if v in {"-I", "--replace"} and i + 1 < len(args):
            replace = args[i + 1].value or "{}"
            i += 2
            continue
        if v.startswith("-I") or v.startswith("--replace=") or v.startswith("-i"):
            replace = v.split("=", 1)[1] if "=" in v else (v[2:] or "{}")
            i += 1
            continue
        i += 2 if v in with_value else 1
    inner = args[i:] or [Word("echo", "echo")]
    if replace is not None:
        inner = [
            Word(None, a.text) if a.value is not None and replace in a.value and k else a
            for k, a in enumerate(inner)
        ]
    else:
        inner = [*inner, Word(None, "<stdin>")]
    return check_argv(inner, ctx, depth, seg)


def _wsl(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    i = _rest(
        args,
        frozenset({"-e", "--exec", "--shell-type"}),
        frozenset({"-d", "--distribution", "-u", "--user", "--cd"}),
    )
    return check_argv(args[i:], ctx, depth, seg, s)


# --- PowerShell and cmd.exe ------------------------------------------------------------


def _powershell(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    value_params = (
        "executionpolicy",
        "windowstyle",
        "inputformat",
        "outputformat",
        "version",
        "configurationname",
        "workingdirectory",
        "psconsolefile",
        "settingsfile",
        "custompipename",
        "encodedarguments",
    )
    i = 0
    while i < len(args):
        word = args[i]
        v = word.value
        if v is None:
            return block("dynamic-command", seg, "PowerShell arguments computed at run time")
        p = v.lower().lstrip("-/") if v[:1] in "-/" else None
        if p is None:
            break
        if p and "command".startswith(p) and p.startswith("c"):
            rest = args[i + 1 :]
            if any(a.value is None for a in rest):
                return block("dynamic-command", seg, "PowerShell code computed at run time")
            text = " ".join(a.value or "" for a in rest)
            if text.strip() == "-":
                return stdin_code(s, ctx, depth, seg, shell=True)
            return check_windows_text(text, ctx, depth + 1, seg)
        if p and ("encodedcommand".startswith(p) or p == "ec") and not p.startswith("ex"):
            encoded = args[i + 1].value if i + 1 < len(args) else None
            from ondas.guards.bash import decode_base64

            decoded = decode_base64(encoded or "")
            if decoded is None:
                return block("parse-error", seg, "an encoded command that does not decode")
            return check_windows_text(decoded, ctx, depth + 1, seg)
        if p and "file".startswith(p) and p.startswith("f"):
            return ALLOW
        i += 2 if any(q.startswith(p) for q in value_params) and p else 1
    rest = args[i:]
    if not rest:
        return stdin_code(s, ctx, depth, seg, shell=True) if s is not None else ALLOW
    if any(a.value is None for a in rest):
        return block("dynamic-command", seg, "PowerShell code computed at run time")
    return check_windows_text(" ".join(a.value or "" for a in rest), ctx, depth + 1, seg)


def _cmd_exe(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    values = [a.value for a in args]
    for i, v in enumerate(values):
        if v is not None and v.lower() in {"/c", "/k", "/r"}:
            rest = args[i + 1 :]
            if any(a.value is None for a in rest):
                return block("dynamic-command", seg, "cmd.exe code computed at run time")
            return check_windows_text(" ".join(a.value or "" for a in rest), ctx, depth + 1, seg)
    return ALLOW


_PS_REMOVE = frozenset({"remove-item", "ri", "rm", "del", "erase", "rd", "rmdir", "rimraf"})


def check_windows_text(text: str, ctx: Ctx, depth: int, seg: str) -> Verdict:
    """Check PowerShell or cmd.exe code: dangerous cmdlets anywhere, then each statement."""
    from ondas.guards.bash import MAX_DEPTH

    if depth > MAX_DEPTH:
        return block("nesting-too-deep", seg, "shell strings nested too deep to check")
    for statement in _split_statements(text):
        tokens = _ps_tokens(statement)
        if not tokens:
            continue
        bare = [t.strip("(){}[]$&@.;'\"`").lower() for t in tokens]
        for k, token in enumerate(bare):
            if token in _DISK:
                return block("disk-format", seg, f"{tokens[k]} formats or wipes disks")
            if token in _SHUTDOWN:
                return block("shutdown", seg, "shutting down or rebooting the machine")
            if token in {"iex", "invoke-expression", "invoke-command", "icm", "add-type"}:
                return block("dynamic-command", seg, "PowerShell running code built at run time")
            if token in {"start-process", "saps", "start"} and any(
                b == "runas" for b in bare[k + 1 :]
            ):
                return block("privilege-escalation", seg, "starting a process as administrator")
            if token in _w(
                "invoke-webrequest iwr invoke-restmethod irm curl wget start-bitstransfer"
            ):
                for url in tokens[k + 1 :]:
                    if "://" in url:
                        verdict = _network_url(url.strip("'\"()"), ctx, seg)
                        if not verdict.allowed:
                            return verdict
        head = bare[0]
        if head in _PS_REMOVE:
            recursive = any(
                b in {"-recurse", "-r", "/s", "-rf", "-fr"} or b.startswith("-rec")
                for b in bare[1:]
            )
            targets: list[Word] = []
            skip = False
            for token in tokens[1:]:
                low = token.lower()
                if skip:
                    skip = False
                    continue
                if low in {"-include", "-exclude", "-filter"}:
                    skip = True
                    continue
                if low.startswith("-") or low in {"/s", "/q", "/f"}:
                    continue
                value = (
                    None
                    if token.startswith("$") and not token.lower().startswith("$env:")
                    else token
                )
                if token.lower().startswith(("$env:userprofile", "$home", "$env:homepath")):
                    value = "~" + re.sub(
                        r"(?i)^\$(env:userprofile|home|env:homepath)", "", token
                    ).replace("\\", "/")
                targets.append(Word(value, token))
            verdict = rm_targets(targets, recursive, ctx, seg)
            if not verdict.allowed:
                return verdict
            continue
        words = [Word(None if t.startswith("$") else t, t) for t in tokens]
        if words[0].value is not None and words[0].value.startswith("&"):
            words = words[1:] or words
        if words and words[0].value in {"&", "."}:
            words = words[1:]
        verdict = check_argv(words, ctx, depth, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _split_statements(text: str) -> list[str]:
    statements: list[str] = []
    current: list[str] = []
    quote: str | None = None
    for ch in text:
        if quote:
            current.append(ch)
            if ch == quote:
                quote = None
            continue
        if ch in "'\"":
            quote = ch
            current.append(ch)
        elif ch in ";|&\n{}":
            statements.append("".join(current))
            current = []
        else:
            current.append(ch)
    statements.append("".join(current))
    return [s.strip() for s in statements if s.strip()]


def _ps_tokens(statement: str) -> list[str]:
    tokens: list[str] = []
    current: list[str] = []
    quote: str | None = None
    escaped = False
    for ch in statement:
        if escaped:
            current.append(ch)
            escaped = False
        elif ch == "`":
            escaped = True
        elif quote:
            if ch == quote:
                quote = None
            else:
                current.append(ch)
        elif ch in "'\"":
            quote = ch
        elif ch.isspace():
            if current:
                tokens.append("".join(current))
                current = []
        else:
            current.append(ch)
    if current:
        tokens.append("".join(current))
    return tokens


_HANDLERS: dict[str, Handler] = {}


def _register(names: str, handler: Handler) -> None:
    for name in names.split():
        _HANDLERS[name] = handler


_register(" ".join(sorted(PRIVILEGE)), _privilege)
_register("chmod chown chgrp", _chmod)
_register("setcap", _setcap)
_register(
    " ".join(sorted(_DISK - {"format-volume", "clear-disk", "initialize-disk", "remove-partition"}))
    + " diskutil",
    _disk,
)
_register("shutdown reboot poweroff halt init telinit systemctl", _shutdown)
_register("kill", _kill)
_register("dd", _dd)
_register("shred", _shred)
_register("rm rmdir unlink", _rm)
_register("cp mv install ln tee touch mkdir truncate", _copy)
_register("sed", _sed)
_register("find", _find)
_register("cd pushd popd", _cd)
_register("git", _git)
_register("curl wget wget2", _curl)
_register("http https xh", _httpie)
_register("ssh scp sftp rsync mosh telnet nc ncat netcat ftp tftp socat", _raw_network)
_register("gh", _gh)
_register(" ".join(sorted(_SYSTEM_PACKAGERS)), _system_packages)
_register("pip", _pip)
_register("uv", _uv)
_register("npm pnpm bun yarn cnpm gem pipx cargo conda mamba micromamba go", _global_installers)
_register("kubectl oc", _kubectl)
_register("terraform tofu terragrunt pulumi", _terraform)
_register("helm", _helm)
_register("docker podman nerdctl", _docker)
_register("aws gcloud az gsutil", _cloud)
_register("sqlite3 sqlite", _sqlite)
_register(" ".join(sorted(SHELLS)), _shell)
_register("eval", _eval)
_register("source .", _source)
_register("alias trap", _alias)
_register("env", _env)
_register("xargs", _xargs)
_register("wsl", _wsl)
_register("powershell pwsh", _powershell)
_register("cmd", _cmd_exe)
_register("nohup setsid unbuffer chronic builtin coproc", _wrapper(frozenset(), frozenset()))
_register("time", _wrapper(frozenset({"-p"}), frozenset({"-f", "-o"})))
_register("command", _wrapper(frozenset({"-p"}), frozenset()))
_register("exec", _wrapper(frozenset({"-c", "-l"}), frozenset({"-a"})))
_register("nice", _wrapper(frozenset(), frozenset({"-n", "--adjustment"})))
_register("ionice", _wrapper(frozenset(), frozenset({"-c", "-n", "-p", "-P", "-u"})))
_register("stdbuf", _wrapper(frozenset(), frozenset({"-i", "-o", "-e"})))
_register("caffeinate", _wrapper(frozenset(), frozenset({"-t", "-w"})))
_register(
    "timeout",
    _wrapper(
        frozenset({"--foreground", "--preserve-status", "-v"}),
        frozenset({"-s", "--signal", "-k", "--kill-after"}),
        1,
    ),
)
_register("watch", _wrapper(frozenset(), frozenset({"-n", "--interval", "-q", "--equexit"})))
_register(
    "flock", _wrapper(frozenset(), frozenset({"-E", "-w", "--timeout", "--conflict-exit-code"}))
)
_register("script", _wrapper(frozenset(), frozenset({"-c", "--command", "-E", "-I", "-O", "-T"})))
_register("busybox", _wrapper(frozenset(), frozenset()))
