"""Bash guard rules for privilege, the machine, files and paths, shells and wrappers."""

from __future__ import annotations

import os
import posixpath

from ondas.guards.bash_base import (
    COPY_OPTION_VALUES,
    DECODERS,
    DISCARDING_DEVICES,
    DOWNLOADERS,
    FIND_WRITES,
    LEFT_TO_SANDBOX,
    SHELLS,
    SOURCE_SUFFIXES,
    TARGET_DIRECTORY,
    Ctx,
    Handler,
    Stdin,
    Word,
    at_cwd,
    block,
    brought_code,
    brought_from_outside,
    check_argv,
    check_assignment,
    check_write_target,
    classify,
    claude_config,
    command_name,
    environment_script_under_variable,
    flag_set,
    globbed,
    in_this_shell,
    is_interpreter,
    listing_glob,
    many_files,
    more_than_a_program_name,
    note_brought,
    note_brought_tree,
    note_copy,
    note_link,
    note_renamed,
    note_written,
    option_values,
    options_end,
    over_project_root,
    overwrites_many,
    piped_any,
    positionals,
    register,
    rm_targets,
    session_runtime,
    unseen_program,
    unseen_script,
    word_set,
    write_all,
    written_text,
)
from ondas.guards.bash_code import check_code
from ondas.guards.bash_infra import pip_rule
from ondas.guards.lazy_re import LazyPattern, re
from ondas.guards.paths import FRESH_TEMP_NAME, TEMP_ROOTS, fresh_temp, lexical_inside
from ondas.guards.secret_files import secret_store
from ondas.guards.verdict import ALLOW, Verdict

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

PRIVILEGE = word_set(
    "sudo su doas pkexec run0 gosu runuser sudoedit sg newgrp sudo-rs su-rs "
    "gksu gksudo kdesu kdesudo beesu lxsudo lxqt-sudo"
)
"""Programs that run commands as another user or group (``sg GROUP -c CMD``, ``newgrp``), and
the desktops' graphical front-ends of ``su`` and ``sudo`` (``gksudo``, ``kdesu``), which ask
for the password in a window and then run the command as root."""
DISK_TOOLS = word_set(
    "mkfs mke2fs mkswap wipefs fdisk sfdisk cfdisk parted partprobe sgdisk gdisk "
    "diskpart newfs format-volume clear-disk initialize-disk "
    "remove-partition format"
)
SHUTDOWN_TOOLS = frozenset(
    {"shutdown", "reboot", "poweroff", "halt", "stop-computer", "restart-computer"}
)


def _privilege(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    if name in {"sudo", "sudo-rs"} and args:
        from ondas.guards.bash_privilege_reads import prints_only  # only for sudo's lines

        if prints_only(args):
            return ALLOW  # ``sudo -l``, ``sudo -l CMD``, ``sudo -V``: prints, runs nothing
    return block("privilege-escalation", seg, f"{name} runs commands with other privileges")


def _chmod(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    positional = positionals(args, frozenset({"--reference"}))
    if args and args[0].value is not None and re.fullmatch(r"-[rwxXst]+", args[0].value):
        positional = [args[0], *positional]  # ``chmod -w FILE``: a mode, not an option
    if not positional:
        return ALLOW
    if any((a.value or "").split("=", 1)[0] == "--reference" for a in args):
        positional = [Word("", ""), *positional]  # the mode or owner is the reference file's
    mode = positional[0].value
    flags = flag_set(args)  # GNU's read after the operands too (``chmod 700 -R .``)
    if name == "chmod" and sets_id(mode, _directories(positional[1:])):
        return block("privilege-escalation", seg, "setting the set-user-id or set-group-id bit")
    if name == "chmod" and ctx.unattended and mode is not None and _world_writable(mode):
        return block(
            "world-writable",
            seg,
            f"chmod {mode} lets every user of the machine write there; unattended runs without "
            "the OS sandbox keep files writable by their owner only",
        )
    recursive = any(f == "-R" or (len(f) > 4 and "--recursive".startswith(f)) for f in flags)
    return _mode_targets(name, positional[1:], recursive, ctx, seg)


_ATTRIBUTE_VALUES = {
    "chattr": frozenset({"-v", "-p"}),
    "setfacl": frozenset({"-m", "-M", "-x", "-X", "--modify", "--remove", "--set", "--set-file"}),
}


def _attributes(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``chattr``/``setfacl`` change who may write a file as chmod does (``chattr +i`` makes
    it immutable, an ACL can take the owner's write away): judged as chmod's targets, and
    recursively over the project's root as chmod -R there."""
    takes = _ATTRIBUTE_VALUES[name]
    files: list[Word] = []
    recursive = False
    i = 0
    while i < len(args):
        v = args[i].value
        if v is not None and v in takes:
            i += 2
            continue
        if v is not None and v.startswith("--set") and "=" in v:
            i += 1
            continue
        if v is not None and v.startswith("-") and len(v) > 1 and v != "--":
            recursive = recursive or v == "--recursive" or ("R" in v and not v.startswith("--"))
        elif name == "chattr" and v is not None and v[:1] in {"+", "="}:
            pass  # ``+i``: the attributes
        elif v != "--":
            files.append(args[i])
        i += 1
    return _mode_targets(name, files, recursive, ctx, seg)


def _mode_targets(name: str, targets: list[Word], recursive: bool, ctx: Ctx, seg: str) -> Verdict:
    """The files whose mode, attributes or ACL ``name`` changes: each judged as a write
    target; recursively over the project's root (or above it) it reaches the control files.
    The temp directory itself, or every file in it, and another session's runtime entries are
    :func:`_shared_temp`'s."""
    verdict = _shared_temp_change(name, targets, ctx, seg)
    if not verdict.allowed:
        return verdict
    for target in targets:
        if recursive and target.value is not None and _holds_project(target.value, ctx):
            return block(
                "write-protected-path",
                seg,
                f"{name} -R over the project's root changes git's, ondas's and the hooks' files "
                "too; name the directories it is meant for",
            )
        verdict = check_write_target(target, ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _profiler(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``py-spy record -- CMD``, ``rbspy record -- CMD``: a sampling profiler runs CMD, judged
    as itself; attached to a running process (``--pid``) it reads that process's memory, which
    :func:`~ondas.guards.bash_base.attaches` refuses before this."""
    values = [a.value for a in args]
    if "--" in values:
        return check_argv(args[values.index("--") + 1 :], ctx, depth + 1, seg, s)
    return ALLOW


def _shared_temp_change(name: str, targets: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """A change of mode, owner or attributes by ``name`` refused where :func:`_shared_temp`
    says the target is shared."""
    for target in targets:
        shared = target.value is not None and _shared_temp(target.value, ctx)
        if shared:
            return block("write-outside-project", seg, f"{name} {target.value}: {shared}")
    return ALLOW


def _shared_temp(value: str, ctx: Ctx) -> str:
    """Why a change of mode, owner or attributes at ``value`` is not the agent's to make, when
    it lands on what every user and session of the machine share (round 21, sh-guard's
    ``chmod -R 777 /tmp``): the temp directory itself or every file in it (``/tmp``,
    ``/var/tmp/*``; ``chmod 777 /tmp`` takes its sticky bit away, so anyone may delete anyone's
    files there), left to the OS sandbox in a sandboxed run as ``rm -rf /tmp/*`` is; another
    session's sockets and runtime directories (``/tmp/ssh-*``, ``/tmp/tmux-1000``), in every
    mode as for rm. "" for the rest: a file or directory of the agent's own in a temp area
    (``chmod +x /tmp/x.sh``, ``chmod -R 755 /tmp/build``) is a write there, allowed."""
    where = classify(value, ctx)
    if where == "temp-root" and not ctx.sandboxed:
        return (
            "the temp directory itself, or every file in it, is shared by every user and "
            "session of the machine (its sticky bit keeps each one's files their own); not the "
            "agent's scratch space"
        )
    if where == "system-temp" and session_runtime(value, ctx):
        return (
            "it holds other sessions' sockets and runtime files (the display's, ssh agents', "
            "tmux servers', other agents'): not the agent's scratch space"
        )
    return ""


def _holds_project(value: str, ctx: Ctx) -> bool:
    """Whether ``value`` is the project's root or a directory above it (``.``, ``./``, ``..``
    from a sub-directory, ``/srv``): a recursive change there reaches ``.git/``, ``.ondas/``
    and ``.claude/``. A glob does not (``*`` skips names starting with a dot)."""
    if set(value) & set("*?["):
        return False
    return lexical_inside(ctx.project or "/", posixpath.join(ctx.cwd or "/", value))


def sets_id(mode: str | None, directories: bool = False) -> bool:
    """Whether a file mode sets the set-user-id bit (``4755``, ``04755``), the set-group-id
    bit (``2755``, ``02755``) or, spelt with letters, an ``s`` (``u+s``, ``g=rxs``); a mode
    known only at run time may. A program with either bit runs with its owner's user or group
    for whoever starts it. Given by number to ``directories`` only (``chmod 2775 shared/``,
    ``mkdir -m 2775``: files made there keep its group), set-group-id is ordinary sharing, as
    round 8b decided; harm13 found the number's exception covering files too (``chmod 2755
    tool`` passed where ``chmod g+s tool`` did not)."""
    if mode is None:
        return True
    if re.fullmatch(r"[0-7]{1,5}", mode):
        bits = int(mode, 8)
        return bool(bits & 0o4000) or (not directories and bool(bits & 0o2000))
    return "s" in mode and re.search(r"[ugoa]*[+=][rwxXt]*s", mode) is not None


def _directories(targets: list[Word]) -> bool:
    """Whether every target is written as a directory (``shared/``, ``.``)."""
    return bool(targets) and all(
        t.value is not None
        and (t.value.endswith("/") or posixpath.basename(t.value) in {".", ".."})
        for t in targets
    )


def _world_writable(mode: str) -> bool:
    """Whether a chmod mode gives others write permission (``777``, ``1777``, ``o+w``, ``a=rwx``);
    ``+w`` without a who follows the umask, which keeps others out."""
    if mode.isdigit():
        return len(mode) >= 3 and mode[-1] in "2367"
    for clause in mode.split(","):
        who = clause[: len(clause) - len(clause.lstrip("ugoa"))]
        rest = clause[len(who) :]
        if ("o" in who or "a" in who) and re.search(r"[+=][rxXst]*w", rest):
            return True
    return False


def _setcap(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    return block("privilege-escalation", seg, "granting file capabilities")


def _disk(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    if name == "diskutil":
        # the verb, or a group's verb (``apfs deleteContainer``, ``cs delete``)
        verbs = [(a.value or "erase").lower() for a in args[:2]]
        changes = r"(erase|partition|zero|random|secure|reformat|split|merge|resize|delete|remove)"
        if not any(re.match(changes, v) for v in verbs):
            return ALLOW
    if _disk_changes_nothing(name, args):
        return ALLOW
    if name in DISK_LISTING and _disk_operands(name, args, ctx, seg) is not None:
        return _disk_operands(name, args, ctx, seg) or ALLOW
    return block("disk-format", seg, f"{name} formats or repartitions disks")


DISK_LISTING = {
    "fdisk": word_set("-l --list"),
    "sfdisk": word_set("-l --list -d --dump -J --json -s --show-size"),
    "gdisk": word_set("-l"),
    "sgdisk": word_set("-p --print -O --print-mbr -v --verify -L --list-types"),
    "parted": word_set("-l --list"),
    "mkfs": frozenset(),
    "mke2fs": frozenset(),
    "mkswap": frozenset(),
    "wipefs": frozenset(),
}
"""The Unix disk tools judged by their operands, with the options that only list the
partition tables (``fdisk -l``, ``parted -l``; round 15b: sgdisk's printing and verifying
options, ``sgdisk -p DISK``, which write nothing)."""
WIPEFS_ERASES = frozenset("ao")
"""wipefs's short options that erase (``-a``/``--all``, ``-o``/``--offset``): without one it
only lists the signatures it finds."""
DISK_NO_ACT = {
    "wipefs": word_set("-n --no-act"),
    "sfdisk": word_set("-n --no-act"),
    "sgdisk": word_set("-P --pretend"),
}
"""Disk tools' own options that make them do everything but write to the device."""


def _disk_changes_nothing(name: str, args: list[Word]) -> bool:
    """``wipefs DEVICE`` without an erasing option only prints the signatures it finds; and
    a tool's own no-act option (``sfdisk --no-act``, ``wipefs -n -a``) writes nothing."""
    values = [a.value for a in args]
    if None in values:
        return False
    words = [v for v in values if v is not None]
    if any(v in DISK_NO_ACT.get(name, ()) for v in words):
        return True
    if name != "wipefs":
        return False
    erases = {"--all", "--offset"}
    return not any(
        v.split("=", 1)[0] in erases or (v[:1] == "-" != v[1:2] and set(v[1:]) & WIPEFS_ERASES)
        for v in words
    )


USAGE_WITHOUT_DEVICE = word_set("mkfs mke2fs mkswap wipefs fdisk sfdisk")
"""Disk tools that print their usage when given no device (``parted``, ``gdisk`` and
``cfdisk`` open one of their own choosing instead)."""


def _disk_operands(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict | None:
    """A disk tool that only lists (its options are all listing ones), or whose operands are
    files rather than devices (``mkfs.ext4 disk.img``: an image file, judged as a write to
    it); None when a device or a computed word is named, or no operand for a tool that then
    picks a device itself."""
    values = [a.value for a in args]
    if None in values:
        return None
    options = [v for v in values if v is not None and v.startswith("-")]
    if options and all(v in DISK_LISTING[name] for v in options):
        return ALLOW
    operands = [a for a in args if not (a.value or "").startswith("-")]
    if not operands:
        return ALLOW if name in USAGE_WITHOUT_DEVICE else None
    for word in operands:
        if classify(word.value or "", ctx) in {"device", "null", "unknown"}:
            return None
    for word in operands:
        verdict = check_write_target(word, ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _shutdown(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    if name in {"init", "telinit"} and (
        not args or args[0].value not in {"0", "6", "1", "s", "S", None}
    ):
        return ALLOW
    if name == "systemctl":
        verbs = {a.value for a in args}
        danger = word_set(
            "poweroff reboot halt suspend hibernate kexec rescue emergency soft-reboot hybrid-sleep"
        )
        first = next((a.value for a in args if not (a.value or "x").startswith("-")), "")
        if first is None:
            return block("dynamic-command", seg, "a systemctl verb computed at run time")
        if not verbs & danger:
            return ALLOW  # a unit named at run time is not a verb (``systemctl status $SVC``)
    return block("shutdown", seg, "shutting down or rebooting the machine")


def _dd(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    source = "/dev/stdin"
    for arg in args:
        if arg.value is None:
            return block("device-write", seg, "dd with an operand computed at run time")
        if arg.value.startswith("if="):
            source = arg.value[3:]
    for arg in args:
        if arg.value is not None and arg.value.startswith("of="):
            output = Word(arg.value[3:], arg.text)
            verdict = check_write_target(output, ctx, seg)
            fed_nothing = fed_empty(s)
            no_input = not any((a.value or "").startswith("if=") for a in args)
            if verdict.allowed and (_dd_empties(args) or (fed_nothing and no_input)):
                return beyond_recovery(name, [output], ctx, seg, "empties")
            if verdict.allowed and _dd_overwrites(args, source):
                return beyond_recovery(name, [output], ctx, seg, "overwrites")
            if verdict.allowed and source in _JUNK_SOURCES:
                verdict = junk_over_text(name, output, ctx, seg)
            if verdict.allowed and (source.startswith("/dev/") or (no_input and s is not None)):
                verdict = _dd_fills(args, s, output, ctx, seg)
            if verdict.allowed:
                _copied(source, arg.value[3:], ctx, s)
            return verdict
    return ALLOW


def _dd_fills(args: list[Word], s: Stdin | None, output: Word, ctx: Ctx, seg: str) -> Verdict:
    """``dd if=/dev/zero of=F`` without ``count=`` (``< /dev/urandom``, or fed ``yes`` through
    a pipe): F grows until the disk is full (:mod:`ondas.guards.bash_disk_fill`)."""
    from ondas.guards.bash_disk_fill import endless, fills_disk, lands_in_file

    if output.value is None or not lands_in_file(output.value):
        return ALLOW
    piped = s is not None and s.kind == "pipe"
    stages: list[tuple[list[str | None], str | None] | None] = [
        ([w.value for w in argv], None) for argv in (s.upstream if s is not None and piped else [])
    ]
    redirected = None if s is None or piped else (s.text if s.kind == "file" else "")
    words = ["dd", *(a.value for a in args if not (a.value or "").startswith("of="))]
    if not endless([*stages, (words, redirected)]):
        return ALLOW
    return fills_disk("dd", output.value, seg)


_SHRED_VALUES = frozenset({"-n", "-s", "--iterations", "--size", "--random-source"})


def _shred(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    targets = positionals(args, _SHRED_VALUES)
    verdict = write_all(targets, ctx, seg)
    if verdict.allowed:
        return beyond_recovery(name, targets, ctx, seg, "overwrites")
    return verdict


_SCRATCH = frozenset({"project-temp", "system-temp", "null"})
"""Where emptying or overwriting a file loses nothing of the project's (:func:`classify`)."""


def beyond_recovery(name: str, targets: list[Word], ctx: Ctx, seg: str, how: str) -> Verdict:
    """Refuse ``shred`` or ``truncate -s 0`` of a file of the project outside its temp
    areas: what it held is gone, for an untracked file (a database, a key) beyond what git can
    give back; an edit or ``git rm`` is the way to change a project's file."""
    for target in targets:
        where = classify(target.value, ctx) if target.value is not None else "unknown"
        if where not in _SCRATCH:
            return block(
                "file-destroyed",
                seg,
                f"{name} {how} {target.value or target.text!r} in place: what it held cannot be "
                "recovered (git included, for an untracked file); edit the file or use git rm",
            )
    return ALLOW


def _empties(args: list[Word]) -> bool:
    """``truncate`` to size 0 or shrinking (``-s 0``, ``--size=0``, ``-s -1K``, ``-s <10``,
    ``-cs0``: the size after its letter in a cluster)."""
    sizes = list(option_values(args, frozenset({"-s", "--size"}), frozenset({"-s"})))
    for k, word in enumerate(args):
        v = word.value or ""
        if v.startswith("-") and not v.startswith("--") and "s" in v[2:] and v[1] != "s":
            rest = v[v.index("s", 1) + 1 :]
            following = args[k + 1] if k + 1 < len(args) else Word(None, "")
            sizes.append(Word(rest, v) if rest else following)
    for size in sizes:
        value = size.value
        if value is None or value.lstrip("0") == "" or value[:1] in {"-", "<", "/", "%"}:
            return True
    # ``truncate -r /dev/null F``: F takes the size of a file that reads as nothing
    references = option_values(args, frozenset({"-r", "--reference"}), frozenset({"-r"}))
    return any(ref.value in EMPTY_SOURCES for ref in references)


EMPTY_SOURCES = frozenset({"/dev/null"})
"""Files that read as nothing: copied over a file, they empty it as ``truncate -s 0`` does."""
_SILENT = (["true"], [":"], ["printf", ""], ["printf", "%s"], ["echo", "-n"], ["echo", "-n", ""])
"""Commands that print nothing at all."""


def fed_empty(s: Stdin | None) -> bool:
    """Standard input that reads as nothing: ``< /dev/null``, or a pipe from a command that
    prints nothing (``cat /dev/null |``, ``true |``, ``printf '' |``)."""
    if s is None:
        return False
    if s.kind == "file":
        return s.text in EMPTY_SOURCES
    if s.kind != "pipe" or not s.upstream:
        return False
    values = [w.value for w in s.upstream[-1]]
    if values[:1] == ["cat"] and len(values) > 1:
        return all(v in EMPTY_SOURCES for v in values[1:])
    return values in _SILENT


def _dd_empties(args: list[Word]) -> bool:
    """``dd if=/dev/null of=F`` or ``count=0``: the output file is truncated to nothing
    (unless ``conv=notrunc`` keeps it); so is ``dd if=F of=F``, whose input is truncated
    before it is read."""
    values = [a.value or "" for a in args]
    if any(v.startswith("conv=") and "notrunc" in v for v in values):
        return False
    read = {posixpath.normpath(v[3:]) for v in values if v.startswith("if=") and v[3:]}
    written = {posixpath.normpath(v[3:]) for v in values if v.startswith("of=") and v[3:]}
    return (
        any(v[3:] in EMPTY_SOURCES for v in values if v.startswith("if="))
        or "count=0" in values
        or bool(read & written)
    )


_JUNK_SOURCES = frozenset({"/dev/zero", "/dev/urandom", "/dev/random"})
TEXT_SUFFIXES = SOURCE_SUFFIXES | word_set(
    "md rst txt adoc json jsonc yaml yml toml ini cfg conf lock html htm css scss xml csv"
)
"""Names of files that hold text (code, documents, configuration): device bytes written over
one destroy it, whatever it held; test data is written to files named for data (``.bin``)."""
TEXT_NAMES = word_set(
    ".env .envrc .gitignore .dockerignore .editorconfig .npmrc .yarnrc .nvmrc .python-version "
    ".tool-versions Makefile GNUmakefile makefile Dockerfile Containerfile Jenkinsfile Procfile "
    "Gemfile Rakefile Vagrantfile Brewfile Justfile justfile README LICENSE COPYING NOTICE "
    "AUTHORS CHANGELOG CODEOWNERS"
)
"""Files named as text by their whole name, without a suffix that says so (round 19): the
project's environment file (``.env``, and ``.env.local``-like variants by their prefix),
configuration dotfiles, build and container recipes, a project's notices."""


def junk_over_text(
    name: str,
    target: Word,
    ctx: Ctx,
    seg: str,
    how: str = "fills with device bytes",
    code_only: bool = False,
    by_name: bool = True,
) -> Verdict:
    """Zeros or noise from a device (``head -c 1M /dev/zero > src/app.py``, ``dd
    if=/dev/urandom of=README.md``) written over a file of the project named as text: the file
    is replaced by bytes no one writes into code or a document, so what it held is lost. Also
    a file of code (``code_only``) emptied where a log would be opened (``exec 3> src/app.py``;
    ``exec {fd}>out.txt`` opens a log). With ``by_name``, a file named as text by its whole
    name (:data:`TEXT_NAMES`: ``.env``, ``Makefile``) is text too."""
    value = target.value
    if value is None:
        return ALLOW
    base = posixpath.basename(value)
    suffix = base.rpartition(".")[2].lower() if "." in base.lstrip(".") else ""
    named = by_name and not code_only and (base in TEXT_NAMES or base.startswith(".env."))
    if suffix not in (SOURCE_SUFFIXES if code_only else TEXT_SUFFIXES) and not named:
        return ALLOW
    return beyond_recovery(name, [target], ctx, seg, how)


def reads_only_junk(values: list[str | None]) -> bool:
    """A command (its words after the name) whose inputs are only devices of zeros or noise
    (``head -c 1M /dev/zero``, ``dd if=/dev/urandom bs=1k``): what it prints is those bytes."""
    inputs = [
        v[3:] if v.startswith("if=") else v
        for v in values
        if v is not None and (v.startswith("/") or v.startswith("if="))
    ]
    return bool(inputs) and all(v in _JUNK_SOURCES for v in inputs)


def _dd_overwrites(args: list[Word], source: str) -> bool:
    """``dd if=/dev/zero of=F conv=notrunc``: F's own bytes overwritten with zeros or noise in
    place (``notrunc`` says F exists and is kept); without it dd makes a file of its own."""
    values = [a.value or "" for a in args]
    notrunc = any(v.startswith("conv=") and "notrunc" in v for v in values)
    return notrunc and source in _JUNK_SOURCES


_FALLOCATE_VALUES = frozenset({"-o", "--offset", "-l", "--length"})
_FALLOCATE_LOSES = frozenset({"-p", "--punch-hole", "-c", "--collapse-range", "-z", "--zero-range"})


def _fallocate(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``fallocate -l SIZE F`` reserves space and ``-d`` turns runs of zeros into holes, both
    keeping F's bytes; ``--punch-hole``, ``--zero-range`` and ``--collapse-range`` turn a range
    of F's bytes into zeros or cut it out, as ``shred`` does."""
    targets = positionals(args, _FALLOCATE_VALUES)
    verdict = write_all(targets, ctx, seg)
    clusters = {f"-{c}" for a in args for c in _short_cluster(a.value or "")}
    if verdict.allowed and (flag_set(args) | clusters) & _FALLOCATE_LOSES:
        return beyond_recovery(name, targets, ctx, seg, "overwrites")
    if verdict.allowed and targets and any((a.value or "")[:2] in {"-l", "--"} for a in args):
        from ondas.guards.bash_disk_fill import reserves

        return reserves([a.value for a in args], targets[-1].value, seg)  # ``-l 100G``
    return verdict


def _short_cluster(value: str) -> str:
    """The letters of a cluster of short options (``-pK`` gives ``pK``), or nothing."""
    return value[1:] if value.startswith("-") and not value.startswith("--") else ""


_FD_VALUES = word_set(
    "-e --extension -t --type -E --exclude -d --max-depth --exact-depth --min-depth -S --size "
    "--changed-within --changed-before --newer --older -o --owner -j --threads -c --color "
    "--max-results --format --batch-size --path-separator --ignore-file --and"
)
_FD_EXEC = {"-x": ";", "--exec": ";", "-X": "+", "--exec-batch": "+"}
_FD_PLACEHOLDERS = ("{//}", "{/.}", "{/}", "{.}")


def _fd(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``fd PATTERN PATH -x CMD`` (``-X`` for one command of every match) is ``find PATH
    -exec CMD {} ;`` (``+``): judged as that find, every entry under its paths a match (its
    pattern, and whether it skips hidden or ignored files, are not read; its ``-e EXT`` is
    ``-name '*.EXT'``)."""
    k = next((i for i, a in enumerate(args) if a.value in _FD_EXEC), None)
    if k is None or k + 1 >= len(args):
        return ALLOW
    end = next((i for i in range(k + 1, len(args)) if args[i].value == ";"), len(args))
    own = args[:k] + args[end + 1 :]  # ``fd -x CMD ; PATTERN PATH``: its own words go on
    paths = list(option_values(own, word_set("--search-path")))
    paths += positionals(own, _FD_VALUES | word_set("--search-path --base-directory"))[1:]
    inner: list[Word] = []
    for word in args[k + 1 : end]:
        value = word.value
        for placeholder in _FD_PLACEHOLDERS:
            value = None if value is None else value.replace(placeholder, "{}")
        inner.append(Word(value, word.text))
    if not any(w.value is not None and "{}" in w.value for w in inner):
        inner.append(Word("{}", "{}"))
    end_word = Word(_FD_EXEC[args[k].value or "-x"], "")
    extensions = list(option_values(own, word_set("-e --extension"), frozenset({"-e"})))
    if extensions and all(e.value for e in extensions):
        # ``fd -e pyc -X rm``: only files of that extension, as ``find -name '*.pyc'``
        for extension in extensions:
            named = f"*.{str(extension.value).lstrip('.')}"
            found = [*(paths or [Word(".", ".")]), Word("-name", "-name"), Word(named, named)]
            verdict = _find(
                "find", [*found, Word("-exec", "-exec"), *inner, end_word], ctx, depth, seg, s
            )
            if not verdict.allowed:
                return verdict
        return ALLOW
    found = [*(paths or [Word(".", ".")]), Word("-exec", "-exec"), *inner]
    return _find("find", [*found, end_word], ctx, depth, seg, s)


class _Replacer:
    """How a search-and-replace tool is told: its options taking a value, the options that
    make it write the files (none: it always does), and where its pattern stands."""

    __slots__ = ("catch_all", "options", "writes")

    def __init__(self, options: str, writes: str, catch_all: str) -> None:
        self.options = word_set(options)
        self.writes = word_set(writes)
        self.catch_all = LazyPattern(catch_all)


_ANY_TEXT = (
    r"\s*(?:\(\?[a-z]*s[a-z]*\))?(?:\.|\[\\s\\S\]|\[\^\]|\\[sS]\\[sS])[*+]\s*"
    # round 25 (sand25): anchored at the text's ends when the class takes newlines too
    # (``^[\s\S]*$``, ``\A[\w\W]+\z``, ``(?s)^.*$``), or at each line's (``(?m)^.*$``)
    r"|\s*(?:\^|\\A)?(?:\[\\s\\S\]|\[\\S\\s\]|\[\\d\\D\]|\[\\D\\d\]|\[\\w\\W\]|\[\\W\\w\]|\[\^\])"
    r"[*+](?:\$|\\z|\\Z)?\s*"
    r"|\s*\(\?[a-z]*[sm][a-z]*\)(?:\^|\\A)?\.[*+](?:\$|\\z|\\Z)?\s*"
)
REPLACERS = {
    "sd": _Replacer("-f --flags -n --max-replacements", "", _ANY_TEXT),
    "fastmod": _Replacer(
        "-e --extensions -d --dir -g --glob --iglob --exclude-dir", "--accept-all", _ANY_TEXT
    ),
    "ruplacer": _Replacer("-t --type -T --type-not -g --glob --color", "--go", _ANY_TEXT),
    "comby": _Replacer(
        "-d -directory -f -exclude -exclude-dir -matcher -extensions -rule -templates -timeout "
        "-jobs -custom-metasyntax",
        "-in-place -i",
        r"\s*:\[\[?\w*\]?\]\s*",
    ),
}
"""Search-and-replace tools that rewrite files in place (``sd`` always with files; ``fastmod
--accept-all``, ``ruplacer --go``, ``comby -in-place``): a pattern matching any text replaced
by nothing empties every file they reach."""


def _replacer(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    tool = REPLACERS[name]
    values = {a.value for a in args}
    if tool.writes and not values & tool.writes:
        return ALLOW  # a preview: nothing written
    if "-p" in values or "--preview" in values:
        return ALLOW
    operands = positionals(args, tool.options)
    if len(operands) < 2 or (name == "sd" and len(operands) < 3):
        return ALLOW  # ``sd A B`` rewrites its input to its output
    pattern, replacement, paths = operands[0], operands[1], operands[2:]
    if name == "comby" and paths and all((p.value or "").startswith(".") for p in paths):
        paths = []  # ``comby A B .py``: a file extension, every such file under the directory
    targets = paths or [Word(ctx.cwd or ".", ".")]
    verdict = write_all(paths, ctx, seg)
    if not verdict.allowed:
        return verdict
    raw = pattern.value or ""
    text = _flagged(name, args, raw)
    if replacement.value == "" and (
        tool.catch_all.fullmatch(raw)  # ``^[\s\S]*$`` matches every byte whatever the flags
        or (text != raw and tool.catch_all.fullmatch(text))
    ):
        return beyond_recovery(name, targets, ctx, seg, "empties")
    return ALLOW


_REGEX_FLAGS = {"sd": word_set("-f --flags"), "fastmod": word_set("-m --multiline")}
"""Options giving a replacer's regex flags: sd's ``-f s`` (``.`` takes newlines) and ``-f m``
(``^``/``$`` at each line), fastmod's ``-m`` (``.`` takes newlines)."""


def _flagged(name: str, args: list[Word], pattern: str) -> str:
    """The pattern with the flags its options give written in front, as the regex reads it
    (``sd -f s '^.*$' ''`` is ``(?s)^.*$``, every byte of the file; round 26, left26a). ``^``
    and ``$`` stand at each line's ends (``m``) always for ruplacer, which replaces line by
    line, and by default for sd, whose ``-f e`` turns multi-line matching off, as ``-f s``
    does unless ``m`` is given too: ``sd '^.*$' '' FILE`` empties every line (the lead)."""
    if pattern.startswith("(?"):
        return pattern  # the flags are written in front: the regex reads them as they are
    if name == "ruplacer":
        return "(?m)" + pattern
    options = _REGEX_FLAGS.get(name)
    if options is None:
        return pattern
    if name == "fastmod":
        return "(?s)" + pattern if flag_set(args) & options else pattern
    given = "".join(w.value or "" for w in option_values(args, options, frozenset({"-f"})))
    lines = "m" in given or ("e" not in given and "s" not in given)
    letters = ("s" if "s" in given else "") + ("m" if lines else "")
    return f"(?{letters}){pattern}" if letters else pattern


_AST_GREP_VALUES = word_set(
    "-p --pattern -r --rewrite -l --lang --selector --strictness -c --config --globs -j --threads "
    "--json --color --inspect --debug-query"
)
_AST_GREP_ANY = LazyPattern(r"\s*\$(?:\$\$)?[A-Z_0-9]*\s*")
"""A pattern of one metavariable (``$A``, ``$$$A``, ``$_``): it matches every node."""


def _ast_grep(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``ast-grep run -p '$$$A' -r '' -U PATH``: a pattern matching every node, rewritten to
    nothing with ``--update-all``, empties every file under PATH."""
    values = {a.value for a in args}
    if not values & {"-U", "--update-all"}:
        return ALLOW
    paths = [p for p in positionals(args, _AST_GREP_VALUES) if p.value not in {"run"}]
    verdict = write_all(paths, ctx, seg)
    if not verdict.allowed:
        return verdict
    pattern = next(option_values(args, word_set("-p --pattern")), None)
    rewrite = next(option_values(args, word_set("-r --rewrite")), None)
    if pattern is None or rewrite is None or rewrite.value != "":
        return ALLOW
    if _AST_GREP_ANY.fullmatch(pattern.value or ""):
        return beyond_recovery(name, paths or [Word(ctx.cwd or ".", ".")], ctx, seg, "empties")
    return ALLOW


_SEMGREP_VALUES = word_set(
    "-e --pattern -l --lang --replacement -f -c --config --include --exclude -j --jobs "
    "--timeout --max-target-bytes -o --output --severity --exclude-rule --metrics "
    "--baseline-commit"
)
_SEMGREP_ANY = LazyPattern(r"\s*(?:\$(?:\$\$)?[A-Z_][A-Z_0-9]*|\.\.\.)\s*")


def _semgrep(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``semgrep --autofix -e '$X' --replacement '' PATH``: a pattern of one metavariable (or
    ``...``) matches every expression, and rewritten to nothing it empties the files under
    PATH, as ast-grep's (:func:`_ast_grep`); the rest is the default's for a program no rule
    names."""
    values = {a.value for a in args}
    if values & {"-a", "--autofix"}:
        pattern = next(option_values(args, word_set("-e --pattern")), None)
        replaced = next(option_values(args, word_set("--replacement")), None)
        if (
            pattern is not None
            and replaced is not None
            and replaced.value == ""
            and _SEMGREP_ANY.fullmatch(pattern.value or "")
        ):
            paths = [p for p in positionals(args, _SEMGREP_VALUES) if p.value not in {"scan"}]
            targets = paths or [Word(ctx.cwd or ".", ".")]
            return beyond_recovery(name, targets, ctx, seg, "empties")
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)


RM_LONG = (
    *("--force", "--interactive", "--one-file-system", "--no-preserve-root", "--preserve-root"),
    *("--recursive", "--dir", "--verbose", "--help", "--version"),
)
"""Every long option of GNU rm (coreutils 9.5): its ``getopt_long`` reads any prefix that only
one of them begins as that option (``rm --recurs --for DIR`` is ``rm --recursive --force
DIR``; round 22)."""


def _rm(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    flags = flag_set(args)
    if name == "rm" and any(f[:2] == "--" and f not in RM_LONG for f in flags):
        from ondas.guards.bash_wrapper_options import long_option

        flags = {long_option(f, RM_LONG) for f in flags}
    if "--no-preserve-root" in flags:
        return block("rm-root", seg, "rm --no-preserve-root")
    recursive = bool(flags & {"-r", "-R", "--recursive"}) or (name in {"rmdir"} and "-p" in flags)
    targets = positionals(args)
    verdict = rm_targets(targets, recursive, ctx, seg)
    if not verdict.allowed or name == "rmdir":
        return verdict
    return _secret_store_deleted(name, targets, ctx, seg)


RECURSIVE_DELETERS = word_set("rimraf trash trash-put rmtrash del-cli rmz")
"""Programs that delete each operand with everything under it, as ``rm -rf`` does (``rmz`` is
the fast ``rm -rf`` of the fuc tools)."""
TRASHING = word_set("trash trash-put rmtrash")
"""Of :data:`RECURSIVE_DELETERS`, those that move each operand to the desktop's trash, where it
can be restored from, rather than delete it."""


def _deleter(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    targets = positionals(args)
    verdict = rm_targets(targets, True, ctx, seg)
    if not verdict.allowed or name in TRASHING:
        return verdict
    return _secret_store_deleted(name, targets, ctx, seg)


def _secret_store_deleted(name: str, targets: Sequence[Word], ctx: Ctx, seg: str) -> Verdict:
    """``rm .env``, ``unlink config/credentials.json``, ``rm -f .env*``: a store of issued
    secrets in the project (:func:`~ondas.guards.secret_files.secret_store`: the env file and
    its environments' variants, credential files) deleted is lost for good (round 23): git
    does not hold it (it is ignored by convention) and its values were issued elsewhere, as an
    emptied file's content is (``> .env`` is ``file-destroyed``). Examples (``.env.example``),
    key files a project's scripts generate (``rm -f server.*``), certificates and a build or
    temp area's copies pass; moving one aside (``mv .env .env.bak``) keeps it."""
    for target in targets:
        value = target.value
        if value is None or not secret_store(value, glob=globbed(target)):
            continue
        if classify(value, ctx) != "project":
            continue
        return block(
            "file-destroyed",
            seg,
            f"{name} deletes {value!r}, a store of secrets: git does not keep it and its keys "
            "were issued elsewhere, so nothing restores it; move it aside or edit it",
        )
    return ALLOW


def _moved_away(dest: Word, sources: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """``mv SOURCES DEST`` (or ``mv -t DEST SOURCES``) removes each source from where it was:
    judged as deleting it, recursively when DEST is outside the project (moving a directory
    out of the project deletes it from the project)."""
    where = classify(dest.value, ctx) if dest.value is not None else "unknown"
    leaves = where not in {"project", "project-temp"}
    if ctx.sandboxed and where in LEFT_TO_SANDBOX:  # ``mv ~/a ~/b``: the sandbox fails it
        sources = [w for w in sources if w.value is None or not _left(w.value, ctx)]
    if ctx.sandboxed and where in MOVE_FAILS and not claude_config(dest.value or "", ctx):
        # ``mv ./kubectl ~/.local/bin/``: the OS sandbox makes DEST read-only, so the rename (or
        # the copy before an unlink) fails and each source stays where it was; the project's
        # control files and an agent's own settings keep their refusal
        sources = [w for w in sources if w.value is None or _kept_by_move(w.value, ctx)]
    return rm_targets(sources, leaves, ctx, seg, many=leaves)


def _kept_by_move(path: str, ctx: Ctx) -> bool:
    """A source whose move stays judged where the destination's write fails: a control file of
    the project, or an agent's own settings (``mv ~/.claude/settings.json ~/x.bak``), which the
    guard refuses to move whatever the sandbox does."""
    return classify(path, ctx) == "protected" or claude_config(path, ctx)


MOVE_FAILS = frozenset({"home-inside", "outside"})
"""Where a sandboxed run's ``mv`` fails whole, the OS sandbox making it read-only: somebody's
directory outside the project, named by an absolute path (the session's temp directory, which
the sandbox lets it write, is not one; nor is a path climbing out of the project, ``mv src
../x``, which keeps its refusal as a deletion climbing out does)."""


_GIO_AS = {
    "trash": ("rm", "-r"),
    "remove": ("rm",),
    "rm": ("rm",),
    "move": ("mv",),
    "mv": ("mv",),
    "rename": ("mv",),
    "copy": ("cp",),
    "cp": ("cp",),
    "save": ("tee",),
}
"""GLib's ``gio`` verbs that are a core command under another name: ``gio trash DIR`` deletes a
tree (the trash is not the project), ``gio move``, ``gio copy``, ``gio save FILE`` (writes
its standard input)."""


_GIO_FLAGS = {
    "trash": word_set("-f --force"),
    **dict.fromkeys(("remove", "rm"), word_set("-f --force")),
    **dict.fromkeys(
        ("move", "mv"),
        word_set("-T --no-target-directory -p --progress -b --backup -C --no-copy-fallback"),
    ),
    "rename": frozenset[str](),
    **dict.fromkeys(
        ("copy", "cp"),
        word_set(
            "-T --no-target-directory -p --progress -b --backup -P --no-dereference --preserve "
            "--default-permissions"
        ),
    ),
    "save": word_set(
        "-b --backup -c --create -a --append -p --private -u --unlink -v --print-etag"
    ),
}
"""The options of each verb of :data:`_GIO_AS` that change nothing but how the copy, move,
deletion or write is done (round 16): given only these, the verb is the core command it was
judged as, and unattended runs know it as they know that command (``gio remove`` and ``gio rm``
stay refused in every mode by their destroying verb, as before). Not ``gio trash --empty``
(the whole trash), ``--restore`` or ``-i`` (a prompt), which keep the default."""


def _ditto(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """macOS's ``ditto SRC... DEST`` copies each source's contents into DEST, merging over
    what is there: judged as ``cp -RT`` of each source (``ditto /tmp/old/.git .git``)."""
    operands = positionals(args, word_set("--arch --bom"))
    if len(operands) < 2:
        return ALLOW
    for source in operands[:-1]:
        copy = [Word("cp", "cp"), Word("-RT", "-RT"), source, operands[-1]]
        verdict = check_argv(copy, ctx, depth + 1, seg, s)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _gio(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``gio VERB ...``, judged as the core command it is (:data:`_GIO_AS`); the rest of what
    it does is the default's for a program no rule names."""
    same = _GIO_AS.get(args[0].value or "") if args else None
    if same is not None:
        operands = [a for a in args[1:] if not (a.value or "").startswith("-")]
        if args[0].value == "rename" and len(operands) == 2 and operands[0].value is not None:
            renamed = posixpath.join(posixpath.dirname(operands[0].value), operands[1].value or "")
            operands = [operands[0], Word(renamed, operands[1].text)]
        verdict = check_argv([Word(w, w) for w in same] + operands, ctx, depth + 1, seg, s)
        if not verdict.allowed:
            return verdict
        from ondas.guards.bash_known import destroying

        verdict = destroying(name, args, seg)  # ``gio remove``, ``gio rm``: as every CLI's
        options = {a.value for a in args[1:] if a.value is None or a.value.startswith("-")}
        if not verdict.allowed or options <= _GIO_FLAGS[str(args[0].value)]:
            return verdict  # ``gio trash build/old``: ``rm -r build/old``, known as rm is
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)


_KAK_SHELL = LazyPattern(r"%sh\{([^{}]*)\}")
_KAK_EMPTIES = LazyPattern(r"(?:^|[\s;'\"])%[dc]")
"""Kakoune's keys selecting the whole buffer (``%``) and deleting or changing it."""


def _kak(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """Kakoune run on files: ``-f KEYS`` applies keys to each file and writes it back, ``-e
    CMDS`` runs commands (``exec %d; write``); whole-buffer deletion written back empties the
    files, and the shell its ``%sh{...}`` expansions run is checked as a command. The rest is
    the default's for a program no rule names."""
    keys = list(option_values(args, word_set("-f")))
    commands = list(option_values(args, word_set("-e")))
    for word in keys + commands:
        if word.value is None:
            return block("dynamic-command", seg, "kakoune keys or commands computed at run time")
        for match in _KAK_SHELL.finditer(word.value):
            verdict = ctx.check_source(match.group(1), ctx, depth + 1)
            if not verdict.allowed:
                return verdict
    files = positionals(args, word_set("-f -e -c -s -E -ui -d -p -i"))
    written = any(_KAK_EMPTIES.search(k.value or "") for k in keys) or any(
        _KAK_EMPTIES.search(c.value or "") and re.search(r"\bw(?:rite)?\b", c.value or "")
        for c in commands
    )
    if written and files:
        verdict = beyond_recovery(name, files, ctx, seg, "empties")
        if not verdict.allowed:
            return verdict
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)


_ANSIBLE_RUNS = word_set("command shell raw script")
_ANSIBLE_WRITES = word_set("copy template lineinfile blockinfile replace unarchive get_url")


def _ansible(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """Ansible's ad hoc ``ansible HOSTS -m MODULE -a ARGS`` (on this machine with
    ``localhost``): a command module's ARGS is a command line (``command`` is the default
    module), ``file`` with ``state=absent`` deletes its ``path`` as ``rm -rf`` does, and the
    writing modules write their ``dest``. The rest is the default's for a program no rule
    names."""
    module = next(iter(option_values(args, word_set("-m --module-name"))), None)
    given = next(iter(option_values(args, word_set("-a --args"))), None)
    kind = (module.value or "?").rsplit(".", 1)[-1] if module is not None else "command"
    if given is not None:
        if given.value is None:
            return block("dynamic-command", seg, "ansible module arguments computed at run time")
        text = given.value
        if kind in _ANSIBLE_RUNS:
            verdict = ctx.check_source(text, ctx, depth + 1)
            if not verdict.allowed:
                return verdict
        else:
            import shlex

            try:
                pairs = dict(w.partition("=")[::2] for w in shlex.split(text))
            except ValueError:
                return block(
                    "dynamic-command", seg, "ansible module arguments the guard can't split"
                )
            path = pairs.get("path") or pairs.get("dest") or pairs.get("name")
            if path and kind == "file" and pairs.get("state") == "absent":
                verdict = rm_targets([Word(path, path)], True, ctx, seg)
                if not verdict.allowed:
                    return verdict
            elif path and kind in _ANSIBLE_WRITES | {"file"}:
                verdict = check_write_target(Word(path, path), ctx, seg)
                if not verdict.allowed:
                    return verdict
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)


def _copy(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    if name == "cp" and flag_set(args) & {"-l", "--link"}:
        from ondas.guards.bash_contain import hard_links  # ``cp -l`` links, as ``ln`` does

        verdict = hard_links(args, ctx, seg)
        if not verdict.allowed:
            return verdict
    positional = positionals(args, COPY_OPTION_VALUES)
    attached = frozenset({"-t"}) if name in {"cp", "mv", "install", "ln"} else frozenset()
    if name in {"install", "mkdir"}:
        made_directories = name == "mkdir" or any(a.value in {"-d", "--directory"} for a in args)
        for mode in option_values(args, word_set("-m --mode"), frozenset({"-m"})):
            if sets_id(mode.value, made_directories):
                return block(
                    "privilege-escalation",
                    seg,
                    f"{name} creating a file with the set-user-id or set-group-id bit",
                )
        if name == "install" and made_directories:
            verdict = _shared_temp_change("install -d", positional, ctx, seg)  # sets 0755 or -m
            if not verdict.allowed:
                return verdict
    for directory in option_values(args, TARGET_DIRECTORY, attached, short_equals=False):
        verdict = _moved_away(directory, positional, ctx, seg) if name == "mv" else ALLOW
        if verdict.allowed:
            verdict = check_write_target(directory, ctx, seg)
        if verdict.allowed:
            verdict = _into(directory, positional, ctx, seg)
        if verdict.allowed and name == "ln" and flag_set(args) & {"-f", "--force"}:
            # ``ln -sf -t src /tmp/stubs/*.py``: each source's name in the directory replaced
            # by a link, as ``ln -sf /tmp/x src/main.rs`` replaces one
            for source in positional:
                if directory.value is None or source.value is None:
                    continue
                linked = source.value
                if not linked.startswith("/"):
                    linked = posixpath.join(directory.value, linked)
                if classify(linked, ctx) in {"project", "project-temp"}:
                    continue
                named = posixpath.join(directory.value, posixpath.basename(source.value))
                verdict = junk_over_text(
                    name, Word(named, named), ctx, seg, "replaces with a link", by_name=False
                )
                if not verdict.allowed:
                    break
        if verdict.allowed and name == "ln" and flag_set(args) & {"-s", "--symbolic"}:
            for source in positional:  # ``ln -s /etc -t build``: build/etc points out
                if source.value is not None and directory.value is not None:
                    place = posixpath.join(directory.value, posixpath.basename(source.value))
                    verdict = _symlink_target(
                        [source, Word(place, place)],
                        ctx,
                        seg,
                        from_cwd=bool(flag_set(args) & {"-r", "--relative"}),
                    )
                    if not verdict.allowed:
                        return verdict
            _note_links(args, positional, ctx)
        if verdict.allowed and name in {"cp", "mv", "install"} and _tree_shaped(args, positional):
            from ondas.guards.bash_copy_over import copied_over

            verdict = copied_over(name, args, positional, directory, ctx, seg, into=True)
        if verdict.allowed and name in {"cp", "mv"}:
            _note_copied_links(name, args, positional, [directory.value], ctx)
        if verdict.allowed:  # ``cp -t /tmp scripts/x.sh``: /tmp/x.sh is it
            _copied_into(directory, positional, ctx, s)
            verdict = planted_tool(ctx, seg)
        if verdict.allowed and name == "mv" and directory.value:
            for moved in positional:  # ``mv -t dist src && rm -rf dist`` deletes src
                if moved.value:
                    place = posixpath.join(directory.value, posixpath.basename(moved.value))
                    note_renamed(place, moved.value, ctx)
        return verdict
    if name == "tee":
        verdict = write_all(positional, ctx, seg)
        appending = bool(flag_set(args) & {"-a", "--append"})
        for target in positional if verdict.allowed and not appending else ():
            if target.value is not None:
                verdict = overwrites_many(target.value, ctx, seg)
                if not verdict.allowed:
                    return verdict
        if verdict.allowed and not appending and _reads_nothing(s):
            return beyond_recovery(name, positional, ctx, seg, "empties")
        if verdict.allowed:
            text = fed_text(s)
            append = bool(flag_set(args) & {"-a", "--append"})
            for target in positional:
                if target.value is not None:
                    note_written(ctx, target.value, text, append)
        return verdict
    if name in {"touch", "mkdir", "truncate", "rmdir", "unlink"}:
        targets = positionals(args, frozenset({"-s", "--size", "-m", "-r", "-d"}))
        if name == "mkdir" and ctx.sandboxed:
            # ``mkdir -p "$CACHE_DIR"``: empty directories, no file changed or removed; one
            # computed to lie outside the project fails in the OS sandbox (a named control
            # directory, ``mkdir .git/hooks``, keeps its refusal)
            targets = [target for target in targets if target.value is not None]
        verdict = write_all(targets, ctx, seg)
        if verdict.allowed and name == "truncate" and _empties(args):
            return beyond_recovery(name, targets, ctx, seg, "empties")
        return verdict
    if name == "cp" and len(positional) > 1 and flag_set(args) & _COPY_LINKS:
        for source in positional[:-1]:  # ``cp -s "$PWD/.mcp.json" x``: links, as ``ln -s``
            verdict = _symlink_target([source, positional[-1]], ctx, seg)
            if not verdict.allowed:
                return verdict
    if name in {"cp", "mv"} and len(positional) > 1:
        _note_copied_links(name, args, positional[:-1], [positional[-1].value], ctx)
    if name == "ln" and positional and flag_set(args) & {"-s", "--symbolic"}:
        verdict = ALLOW
        if any(w.value is None for w in positional[: max(1, len(positional) - 1)]):
            verdict = block("symlink-outside-project", seg, "a symlink target computed at run time")
        links = _links_made(args, positional, ctx)
        for link, pointed, from_cwd in links:
            if verdict.allowed:  # each target of ``ln -s A B DIR/``, from where it is read
                verdict = _symlink_target(
                    [Word(pointed, pointed), Word(link, link)], ctx, seg, from_cwd=from_cwd
                )
        if not verdict.allowed:
            return verdict
        for link, pointed, from_cwd in links:
            note_link(link, pointed, ctx, from_cwd=from_cwd)
        pointed = classify(positional[0].value or "", ctx)
        forced = flag_set(args) & {"-f", "--force"}
        if forced and pointed in {"null", "device"} and len(positional) > 1:
            # ``ln -sf /dev/null src/app.py``: the file is replaced by a link to nothing
            return beyond_recovery(name, positional[-1:], ctx, seg, "replaces")
    forced = flag_set(args) & {"-f", "--force"}
    if name == "ln" and forced and len(positional) == 2:
        symbolic = flag_set(args) & {"-s", "--symbolic"}
        linked, link = positional[0].value or "", positional[1].value or ""
        if symbolic and not linked.startswith("/"):
            linked = posixpath.join(posixpath.dirname(link), linked)  # relative to the link
        pointed = classify(linked, ctx)
        if not symbolic or pointed not in {"project", "project-temp"}:
            # ``ln -sf /tmp/x src/main.rs``, ``ln -f notes.txt src/app.py``: a file of code or
            # text replaced by a link to another file, its own bytes gone (a link to the
            # project's own file, ``ln -sf ../README.md docs/``, or to a build is everyday)
            verdict = junk_over_text(  # ``ln -sf ../shared/.env .env``: a shared file, kept
                name, positional[-1], ctx, seg, "replaces with a link", by_name=False
            )
            if not verdict.allowed:
                return verdict
    if name in {"cp", "install"} and len(positional) == 2 and _endless_source(positional[0]):
        from ondas.guards.bash_disk_fill import fills_disk, lands_in_file

        dest = positional[1].value
        if dest is not None and lands_in_file(dest):  # ``cp /dev/zero big``: never ends
            return fills_disk(name, dest, seg)
    if name in {"cp", "install"} and len(positional) == 2 and positional[0].value in EMPTY_SOURCES:
        verdict = check_write_target(positional[1], ctx, seg)  # ``cp /dev/null src/main.rs``
        if not verdict.allowed:
            return verdict
        return beyond_recovery(name, positional[1:], ctx, seg, "empties")
    if len(positional) >= 2 or (name == "ln" and positional):
        if name == "mv":
            verdict = _moved_away(positional[-1], positional[:-1], ctx, seg)
            if verdict.allowed and ctx.loops and len(positional) == 2:
                verdict = _collapsed(args, positional, ctx, seg)
            if not verdict.allowed:
                return verdict
            moved_to = positional[-1].value
            if moved_to is not None and (
                classify(moved_to, ctx) == "null"
                or posixpath.normpath(moved_to) in DISCARDING_DEVICES
            ):
                # ``mv x /dev/null``, ``mv x /dev/zero`` replace the device node, as rm of it
                # does (writing into a sink, ``cp x /dev/zero``, changes nothing)
                return rm_targets(positional[-1:], False, ctx, seg)
        verdict = check_write_target(positional[-1], ctx, seg)
        dest = positional[-1].value or ""
        contents = flag_set(args) & {"-T", "--no-target-directory"} or any(
            (w.value or "").endswith("/.") for w in positional[:-1]
        )
        if verdict.allowed and name == "cp" and contents:
            # ``cp -rT x .``, ``cp -a x/. .``: x's contents, whatever they are, over the root
            verdict = over_project_root(positional[-1], ctx, seg)
        sources = positional[:-1]
        if verdict.allowed and name in {"cp", "mv", "install"} and _tree_shaped(args, sources):
            from ondas.guards.bash_copy_over import copied_over

            # ``cp -r /tmp/old/. src``: a tree from outside over a directory of the work
            verdict = copied_over(name, args, sources, positional[-1], ctx, seg, into=False)
        if verdict.allowed and name != "ln" and (len(positional) > 2 or _is_directory(dest)):
            verdict = _into(positional[-1], positional[:-1], ctx, seg)
            if verdict.allowed:
                _copied_into(positional[-1], positional[:-1], ctx, s)
                whole = name == "mv" or bool(flag_set(args) & _RECURSIVE_COPY)
                _trees_into(positional[-1], positional[:-1], whole, ctx)
            if verdict.allowed and name == "mv" and dest:
                for moved in positional[:-1]:
                    if moved.value:
                        note_renamed(
                            posixpath.join(dest, posixpath.basename(moved.value)), moved.value, ctx
                        )
            return verdict
        if verdict.allowed and name != "ln" and len(positional) == 2:
            _copied(positional[0].value, dest, ctx, s)
            if name == "mv" or flag_set(args) & _RECURSIVE_COPY:
                note_brought_tree(positional[0].value or "", dest, ctx)  # ``cp -r /tmp/p sub``
            if name == "mv" and dest and positional[0].value:
                note_renamed(dest, positional[0].value, ctx)  # ``mv src src.bak``
        elif verdict.allowed and name == "ln" and len(positional) == 2:
            full = at_cwd(dest, ctx)
            pointed = positional[0].value or full  # ``ln -sf /tmp/e /tmp/v/bin/pip``
            note_copy(full, posixpath.join(posixpath.dirname(full), pointed), ctx)
            if brought_from_outside(posixpath.join(posixpath.dirname(full), pointed), ctx):
                note_brought(full, pointed, ctx)  # ``ln -sf /tmp/x Makefile && make``
                # round 19: a directory linked so brings every file under it (``ln -s /tmp/p
                # build && bash build/x.sh``), as ``cp -r /tmp/p build`` does
                note_brought(full, pointed, ctx, tree=True)
        return verdict if not verdict.allowed else planted_tool(ctx, seg)
    return ALLOW


def _endless_source(word: Word) -> bool:
    """A device whose reads never end (``/dev/zero``, ``/dev/urandom``), copied as a file."""
    value = word.value or ""
    if not value.startswith("/dev/"):
        return False
    from ondas.guards.bash_disk_fill import ENDLESS_DEVICES

    return value in ENDLESS_DEVICES


def _tree_shaped(args: list[Word], sources: list[Word]) -> bool:
    """A copy that may bring a tree: recursive, or of a directory's every entry (``DIR/*``);
    only then is :mod:`ondas.guards.bash_copy_over` loaded."""
    if any((w.value or "").endswith("/*") for w in sources):
        return True
    return bool(flag_set(args) & _RECURSIVE_COPY)


def _reads_nothing(s: Stdin | None) -> bool:
    """Standard input that brings nothing: ``< /dev/null``, or a pipe from a command that
    prints nothing (``true``, ``:``, ``cat /dev/null``)."""
    if s is None:
        return False
    if s.kind == "file":
        return s.text in EMPTY_SOURCES
    if s.kind != "pipe" or len(s.upstream) != 1 or not s.upstream[0]:
        return False
    stage = [w.value for w in s.upstream[0]]
    if stage[0] in {"true", ":"} and len(stage) == 1:
        return True
    if stage in (["echo", "-n"], ["printf", ""], ["printf"]):
        return True
    return stage[0] == "cat" and len(stage) > 1 and all(v in EMPTY_SOURCES for v in stage[1:])


def fed_text(s: Stdin | None) -> str | None:
    """The text a program reads on its standard input, as bash delivers it (every way an
    ``echo`` upstream may print it, one after the other), or None when unknown."""
    payloads = stdin_payloads(s)
    if not payloads or None in payloads:
        return None
    return "\n".join(str(p) for p in payloads)


_PERL_SUBSTITUTION = LazyPattern(
    r"s(?P<d>[/|#,!:])(?P<pat>\^?(?:[\w.-]|\\\.)*\$?)(?P=d)(?P<rep>[\w.-]*)(?P=d)(?P<flags>\w*)"
)
"""A Perl substitution of a literal text, anchored or not, by a literal (``s/$/.bak/``,
``s/\\.py$/.bak/``, ``s/^/old-/``): only such patterns are applied to the file names, so no
pattern a command line writes can make the guard's own matching slow."""


_ONE_NAME = LazyPattern(r"s(?P<d>[/|#,!:])\^?(?:\(\?s\))?\.[*+]\$?(?P=d)[^$\\&]*(?P=d)[gimsx]*")
"""A Perl substitution whose pattern matches a whole name (``.*``, ``^.+$``) and whose
replacement is a literal: every file it renames gets the same name."""


def _rename(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``rename``: Perl's (``rename 's/$/.bak/' FILES``) or util-linux's (``rename FROM TO
    FILES``), judged as a program no rule names; the new names of its files are recorded
    (:attr:`Ctx.renamed`), so a later deletion of them in the line is a deletion of the files."""
    operands = [a.value for a in args if a.value is None or not a.value.startswith("-")]
    forced = bool(flag_set(args) & {"-f", "--force"})
    one_name = _ONE_NAME.fullmatch(str(operands[0])) if operands and operands[0] else None
    files_given = [a for a in args if a.value is None or not a.value.startswith("-")][1:]
    if forced and one_name is not None and (len(files_given) > 1 or many_files(operands[-1] or "")):
        # ``rename -f 's/.*/a/' src/*.py``: every file gets the one name, each overwriting the
        # one renamed before it
        return beyond_recovery(name, files_given, ctx, seg, "renames onto one name, overwriting")
    renamed: list[Word] = []
    if len(operands) >= 2 and None not in operands:
        expression, files = str(operands[0]), [str(v) for v in operands[1:]]
        perl = _PERL_SUBSTITUTION.fullmatch(expression)
        for file in files if perl is not None else files[1:]:
            if perl is not None:
                count = 0 if "g" in perl.group("flags") else 1
                # a replacement of word characters, dots and dashes: no group reference
                new = re.sub(perl.group("pat"), perl.group("rep"), file, count=count)
            else:
                new = file.replace(expression, files[0], 1)
            if new != file:
                note_renamed(new, file, ctx)
                renamed.append(Word(new, new))
    if ctx.unattended and _renames_in_place(args, operands, renamed, ctx, seg):
        return ALLOW
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)


_RENAME_FLAGS = word_set("-v --verbose -n --nono --no-act --dry-run")
"""Options of Perl's and util-linux's ``rename`` that only print or rehearse (``-f``, which
overwrites, ``-e``/``-E``, which take Perl code, and the rest leave it unknown)."""
_RENAME_FLAGS_OF_SUBSTITUTION = frozenset("gi")
_NAME_CHARACTER = LazyPattern(r"[\w-]")


def _renames_in_place(
    args: list[Word], operands: list[str | None], renamed: list[Word], ctx: Ctx, seg: str
) -> bool:
    """Unattended, ``rename 's/\\.txt$/.md/' docs/*.txt`` is known: a literal substitution
    (:data:`_PERL_SUBSTITUTION`) with no flag but ``g`` and ``i`` (``e`` runs the replacement
    as Perl), whose pattern and replacement hold no ``/`` and whose replacement holds a
    character that is not a dot, so every name changes inside its own directory and never to
    ``.`` or ``..``; only the options of :data:`_RENAME_FLAGS`; every file, and every new name
    the guard can compute, a place the line may write (the project). Read as util-linux's
    ``rename FROM TO FILES``, the same words rename within the project too."""
    if any(a.value is None for a in args) or len(operands) < 2:
        return False
    if any((a.value or "").startswith("-") and a.value not in _RENAME_FLAGS for a in args):
        return False
    perl = _PERL_SUBSTITUTION.fullmatch(str(operands[0]))
    if perl is None or not set(perl.group("flags")) <= _RENAME_FLAGS_OF_SUBSTITUTION:
        return False
    if not _NAME_CHARACTER.search(perl.group("rep")):
        return False
    files = [a for a in args if not (a.value or "").startswith("-")][1:]
    return all(check_write_target(w, ctx, seg).allowed for w in [*files, *renamed])


def _copied(source: str | None, dest: str, ctx: Ctx, s: Stdin | None) -> None:
    """``cp``/``mv``/``install``/``dd`` write ``dest`` with the text of ``source``: what the
    line fed on standard input (``cp /dev/stdin x.sh <<< ...``) or wrote to ``source`` before;
    a copy of the project's own file is that file, judged as the file itself would be (``cp
    Makefile.in Makefile; make`` runs what the project holds, as ``make -f Makefile.in`` would).
    A copy of a file from outside the project (a temp area, the home, elsewhere) brings text
    the guard cannot read: ``dest`` is written with unknown text, as ``cat /tmp/x > dest``
    writes it, so a make, npm, pytest or shell that runs it later in the line is judged so
    (round 17, copied17: ``cp /tmp/evil Makefile; make`` passed)."""
    if source is None:
        note_written(ctx, dest, None)
    elif source in STDIN_PATHS:
        note_written(ctx, dest, fed_text(s))
    else:
        wrote, text = written_text(ctx, source)
        if wrote:
            note_written(ctx, dest, text)
        else:
            note_copy(dest, source, ctx)
            if brought_from_outside(source, ctx):
                note_brought(dest, source, ctx)


def planted_tool(ctx: Ctx, seg: str) -> Verdict:
    """Unattended, a copy or link this line made of unseen temp code (:func:`~ondas.guards.
    bash_base.unseen_copy`) where the project's programs are looked up by name
    (:data:`~ondas.guards.bash_local.PROJECT_BIN_DIRS`): npm's scripts, ``npx``, a venv's
    ``pytest`` and the guard itself then take it for the project's own tool (``ln -sf /tmp/x
    node_modules/.bin/jest && npm test``, whose script the line does not show)."""
    if not ctx.unattended or not ctx.copies or ctx.project is None:
        return ALLOW
    from ondas.guards.bash_base import unseen_copy
    from ondas.guards.bash_local import PROJECT_BIN_DIRS

    bins = tuple("/" + d for d in PROJECT_BIN_DIRS)
    unread, ctx.copies_unread = ctx.copies_unread, []
    for dest in unread:  # a copy read before is as it was then, or was recorded again since
        if (
            lexical_inside(dest, ctx.project)
            and posixpath.dirname(dest).endswith(bins)
            and unseen_copy(dest, ctx)
        ):
            return block(
                "unknown-program",
                seg,
                f"{dest} is where the project's programs are found by name, and this line puts "
                "there a file from a temporary directory that it did not write; unattended runs "
                "without the OS sandbox refuse code they cannot read",
            )
    return ALLOW


_RECURSIVE_COPY = word_set("-r -R -a --recursive --archive")


def _trees_into(directory: Word, sources: list[Word], whole: bool, ctx: Ctx) -> None:
    """Sources from outside the project that bring files under names the line does not show
    (``cp /tmp/p/* .``; with ``whole``, a directory copied or moved whole, ``cp -r /tmp/p
    .``): any file of where they land may be one of them, text unknown."""
    if directory.value is None:
        return
    for source in sources:
        value = source.value or ""
        if set(value) & set("*?[") and brought_from_outside(value, ctx):
            note_brought_tree(value, directory.value, ctx)
        elif whole and value.strip("/"):
            leaf = posixpath.basename(value.rstrip("/"))
            note_brought_tree(value, posixpath.join(directory.value, leaf), ctx)


def _copied_into(directory: Word, sources: list[Word], ctx: Ctx, s: Stdin | None) -> None:
    """Each of ``sources`` copied into ``directory`` under its own name (``cp scripts/c.sh
    /tmp/``: /tmp/c.sh is scripts/c.sh)."""
    if directory.value is None:
        return
    for source in sources:
        leaf = posixpath.basename((source.value or "").rstrip("/"))
        if source.value is not None and leaf not in {"", ".", ".."}:
            _copied(source.value, posixpath.join(directory.value, leaf), ctx, s)


def _left(path: str, ctx: Ctx) -> bool:
    """A path outside the project that a sandboxed run leaves to the OS sandbox (an agent's own
    settings are not: :func:`~ondas.guards.bash_base.rm_targets` refuses moving them)."""
    return classify(path, ctx) in LEFT_TO_SANDBOX and not claude_config(path, ctx)


def _note_links(args: list[Word], positional: list[Word], ctx: Ctx) -> None:
    """Record the links ``ln -s`` makes (:func:`~ondas.guards.bash_base.note_link`)."""
    for link, pointed, from_cwd in _links_made(args, positional, ctx):
        note_link(link, pointed, ctx, from_cwd=from_cwd)


def _links_made(args: list[Word], positional: list[Word], ctx: Ctx) -> list[tuple[str, str, bool]]:
    """The links ``ln -s`` makes, as (link, what it points at as written, read from the working
    directory): each target's name in ``-t DIR``, or in the last operand when it is a directory
    (written as one, several targets, or one on disk that ``-n``/``-T`` do not make the link's
    own name), else the last operand itself; a lone target's name in the working directory.
    With ``-r`` the targets are read from the working directory, else from the link's own
    directory (round 18, holes18: :func:`_symlink_target` read them from its parent always)."""
    flags = flag_set(args)
    from_cwd = bool(flags & {"-r", "--relative"})  # ``ln -sr src build/s``: src as given
    directories = list(option_values(args, TARGET_DIRECTORY, frozenset({"-t"}), short_equals=False))
    targets = positional
    if directories:
        places = [d.value for d in directories]
    elif len(positional) == 1:
        places = ["."]
    else:
        targets, dest = positional[:-1], positional[-1].value
        if dest is None:
            return []
        on_disk = ctx.cwd is not None or dest.startswith("/")
        into = (
            len(targets) > 1
            or _is_directory(dest)
            or (
                on_disk
                and not flags & {"-n", "--no-dereference", "-T", "--no-target-directory"}
                and os.path.isdir(at_cwd(dest, ctx))
            )
        )
        if not into:
            pointed = targets[0].value
            return [] if pointed is None else [(dest, pointed, from_cwd)]
        places = [dest]
    return [
        (
            posixpath.join(place, posixpath.basename(t.value.rstrip("/")) or t.value),
            t.value,
            from_cwd,
        )
        for place in places
        for t in targets
        if place is not None and t.value is not None
    ]


_COPY_LINKS = frozenset({"-s", "--symbolic-link"})
_COPY_RECURSIVE = frozenset({"-r", "-R", "--recursive", "-a", "--archive"})
_COPY_DEREFERENCE = frozenset({"-L", "--dereference"})


def _note_copied_links(
    name: str, args: list[Word], sources: list[Word], places: list[str | None], ctx: Ctx
) -> None:
    """Record the links ``cp -s`` makes: without recursion each source's link, as ``ln -s``
    makes it (:func:`~ondas.guards.bash_base.note_link`); with it (``cp -as "$PWD" build/p``)
    a tree of real directories whose files are links to the source's
    (:attr:`~ondas.guards.bash_base.Ctx.file_links`): writing ``build/p/src/app.py`` writes
    the project's file, deleting ``build/p/src`` deletes links. A tree copied (``cp -r``,
    ``-a``, not ``-L``) or moved keeps the source's links as links
    (:attr:`~ondas.guards.bash_base.Ctx.copied_trees`). The destination is the last operand,
    or each source's name in it when it is a directory (``-t``, several sources, one written
    as a directory or on disk)."""
    flags = flag_set(args)
    recursive = bool(flags & _COPY_RECURSIVE)
    linking = name == "cp" and bool(flags & _COPY_LINKS)
    if not linking and (flags & _COPY_DEREFERENCE or not (recursive or name == "mv")):
        return
    for place in places:
        if place is None:
            continue
        on_disk = ctx.cwd is not None or place.startswith("/")
        into = (
            len(sources) > 1
            or len(places) > 1
            or "-t" in flag_set(args)
            or "--target-directory" in flag_set(args)
            or _is_directory(place)
            or (on_disk and os.path.isdir(at_cwd(place, ctx)))
        )
        for source in sources:
            if source.value is None:
                continue
            link = place
            if into:
                link = posixpath.join(place, posixpath.basename(source.value.rstrip("/")))
            if linking and not recursive:
                note_link(link, source.value, ctx)
            elif source.value.startswith("~") or (ctx.cwd is None and link[:1] != "/"):
                continue
            elif linking:
                ctx.file_links[at_cwd(link, ctx)] = at_cwd(source.value, ctx)
            else:
                ctx.copied_trees[at_cwd(link, ctx)] = at_cwd(source.value, ctx)


_LOOP_VALUE = LazyPattern(r'^"?\$\{?(\w+)\}?"?$')
"""A word that is one variable's value, whole (``$f``, ``"${f}"``)."""
_KEEPS_TARGET = word_set("-n --no-clobber -i --interactive -b --backup -u --update")


def _collapsed(args: list[Word], positional: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """``for f in src/*.py; do mv -f "$f" src/x.py; done``: each pass moves the loop's next
    file onto the one file the body names, so every file but the last is gone, as ``rm`` of
    the loop's words would delete them (judged as that); a destination that is or may be a
    directory (``mv "$f" old/``, one without an extension), one that changes with the loop
    (``"$f.bak"``) or an ``mv`` that keeps an existing file (``-n``, ``-b``) moves nothing
    onto another."""
    source, dest = positional
    match = _LOOP_VALUE.match(source.text)
    words = ctx.loops.get(match.group(1)) if match else None
    target = dest.value
    if words is None or target is None or "$" in dest.text or _is_directory(target):
        return ALLOW
    if "." not in posixpath.basename(target).lstrip(".") or flag_set(args) & _KEEPS_TARGET:
        return ALLOW
    if len(words) < 2 and not any(w is None or set(w) & set("*?[") for w in words):
        return ALLOW  # one file moved once
    return rm_targets([Word(w, w or source.text) for w in words], False, ctx, seg)


def _is_directory(path: str) -> bool:
    """A destination that names a directory by how it is written (``.``, ``..``, ``dir/``), or
    a directory every machine has (``/tmp``, ``/var/tmp``, ``/dev/shm``: a temp area's root)."""
    if path.endswith("/") or posixpath.basename(path) in {".", "..", "~"}:
        return True
    return bool(path) and posixpath.normpath(path) in TEMP_ROOTS


def _into(directory: Word, sources: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """Copying ``sources`` into ``directory`` writes each under its own name there
    (``cp -r /tmp/x/.claude .`` writes ``./.claude``)."""
    if directory.value is None:
        return ALLOW  # the directory itself was judged
    for source in sources:
        if source.value is None:
            continue
        leaf = posixpath.basename(source.value.rstrip("/"))
        if leaf in {"", ".", ".."}:
            continue
        written = posixpath.join(directory.value, leaf)
        verdict = check_write_target(Word(written, written), ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _symlink_target(
    positional: list[Word], ctx: Ctx, seg: str, *, from_cwd: bool = False
) -> Verdict:
    """A symlink pointing out of the project would let later deletions or writes escape; one
    pointing at git, ondas or hook state would let writes through it land there. A relative
    target is read from the link's own directory, as the kernel reads it, or from the working
    directory (``from_cwd``: ``ln -r``, which rewrites it for the link)."""
    target = positional[0].value
    if target is None:
        return block("symlink-outside-project", seg, "a symlink target computed at run time")
    link = positional[-1].value if len(positional) > 1 else "."
    base = posixpath.dirname(link or ".") if len(positional) > 1 and not from_cwd else "."
    resolved = target if target.startswith(("/", "~")) else posixpath.join(base or ".", target)
    where = classify(resolved, ctx)
    if where in {"project", "project-temp", "system-temp", "null"}:
        return ALLOW
    if ctx.sandboxed and link is not None and _left(link, ctx):
        return ALLOW  # ``ln -s /usr/bin/batcat ~/.local/bin/bat``: the sandbox fails the link
    if where == "protected":
        return block(
            "symlink-outside-project",
            seg,
            f"a symlink pointing at {posixpath.normpath(resolved)!r}: git, ondas or hook "
            "state, written through it",
        )
    return block("symlink-outside-project", seg, "a symlink pointing out of the project")


def _sed(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``sed -i`` (GNU and BSD; BSD's ``-I`` too, round 21) rewrites each file it is given."""
    args = [part for arg in args for part in _sed_split(arg)]
    values = [a.value or "" for a in args]
    if not any(
        v == "--in-place"
        or v.startswith(("-i", "-I", "--in-place="))
        or (v.startswith("-") and not v.startswith("--") and ("i" in v or "I" in v))
        for v in values
    ):
        return ALLOW
    has_script = any(v in {"-e", "-f", "--expression", "--file"} for v in values)
    positional = positionals(args, frozenset({"-e", "-f", "--expression", "--file", "-l"}))
    files = positional if has_script else positional[1:]
    verdict = write_all(files, ctx, seg)
    if verdict.allowed and _sed_empties(args, positional, has_script):
        return beyond_recovery(name, files, ctx, seg, "empties")
    return verdict


def _sed_split(arg: Word) -> list[Word]:
    """``--expression=SCRIPT`` (``--file=F``) as the option and its value, as ``-e SCRIPT``."""
    option, eq, value = (arg.value or "").partition("=")
    if eq and option in {"--expression", "--file"}:
        return [Word(option, option), Word(value, arg.text)]
    return [arg]


BLANK_LINE = r"\^(?:\\s\*|\[\[:space:\]\]\*|\[\[:blank:\]\]\*|\[ \\t\]\*| \*)?\$"
"""A regular expression (as written in a script) that only a blank line matches: ``^$``,
``^\\s*$``, ``^[[:space:]]*$``, ``^[ \\t]*$``."""
TEXT_LINE = r"\^?(?:\.|\\S|\[\^\[:space:\]\]|\[\[:graph:\]\]|\[\[:print:\]\])"
"""A regular expression that every line with text on it matches: ``.``, ``\\S``,
``[^[:space:]]``, ``[[:graph:]]``. A rewrite keeping only the lines of :data:`BLANK_LINE` (or
deleting those of :data:`TEXT_LINE`) leaves a file of blank lines: what it held is gone, as
when it is emptied."""
_SED_DELETE_ALL = LazyPattern(
    r"^\s*(?:(?:(?:1|0),\s*\$\s*|[01]~1\s*)?d|s(.)\^?\.\*\$?\1\1g?"
    rf"|/{BLANK_LINE}/\s*!\s*d|/{TEXT_LINE}/\s*d)\s*(?:;\s*)?$"
)
_SED_BLANKS_PRINTED = LazyPattern(rf"^\s*/{BLANK_LINE}/\s*p\s*(?:;\s*)?$")
_SED_OUTPUTS = LazyPattern(r"[pPwW=aicrR]")


def _sed_empties(args: list[Word], positional: list[Word], has_script: bool) -> bool:
    """``sed -i d``, ``sed -i '1,$d'`` (every line deleted) or ``sed -n -i q`` (nothing
    printed): each file is left empty; ``sed -i '/./d'`` or ``sed -n -i '/^$/p'`` (only blank
    lines kept): each is left with nothing but blank lines."""
    scripts = [
        args[k + 1].value or ""
        for k, a in enumerate(args[:-1])
        if a.value in {"-e", "--expression"}
    ]
    if not has_script and positional:
        scripts = [positional[0].value or ""]
    if not scripts:
        return False
    quiet = any(
        a.value in {"-n", "--quiet", "--silent"}
        or ((a.value or "")[:1] == "-" != (a.value or "")[1:2] and "n" in (a.value or ""))
        for a in args
    )
    if quiet:
        return all(
            _SED_BLANKS_PRINTED.match(script) or not _SED_OUTPUTS.search(script)
            for script in scripts
        )
    return all(_SED_DELETE_ALL.match(script) or _deletes_any_line(script) for script in scripts)


_SED_PATTERN_DELETE = LazyPattern(r"^\s*/((?:[^/\\]|\\.)*)/\s*d\s*(?:;\s*)?$")
_SAMPLE_LINES = ("", "x", "def main():", "\t}", "#!/bin/sh", "0", " ")
"""Lines of every shape a source holds: a pattern all of them match matches any line."""


def _deletes_any_line(script: str) -> bool:
    """``sed -i '/x*/d'``: a pattern that every line matches (it matches the empty string
    anywhere), so every line is deleted, as ``d`` alone does."""
    match = _SED_PATTERN_DELETE.match(script)
    if match is None:
        return False
    out: list[str] = []
    pattern, k = match.group(1), 0
    while k < len(pattern):  # a basic regular expression as Python's
        char = pattern[k]
        if char == "\\" and k + 1 < len(pattern):
            following = pattern[k + 1]
            out.append(following if following in "?+|(){}" else "\\" + following)
            k += 2
            continue
        out.append("\\" + char if char in "?+|(){}" else char)
        k += 1
    try:
        compiled = re.compile("".join(out))
    except re.error:
        return False
    return all(compiled.search(line) for line in _SAMPLE_LINES)


FIND_VALUE = word_set(
    "-name -iname -path -ipath -wholename -iwholename -regex -iregex -lname -ilname -type "
    "-xtype -newer -anewer -cnewer -perm -size -user -group -uid -gid -mtime -atime -ctime "
    "-mmin -amin -cmin -maxdepth -mindepth -samefile -inum -links -fstype -printf -fprint "
    "-fprint0 -fls -context -used -regextype -files0-from"
)
"""``find`` primaries that take one argument (``-fprintf`` takes two)."""


def find_deletes(args: list[Word]) -> bool:
    """True when ``-delete`` is one of find's own actions, not the value of a test
    (``-name -delete``) or a word of an ``-exec`` command."""
    i = 0
    while i < len(args):
        v = args[i].value
        if v == "-delete":
            return True
        if v in {"-exec", "-execdir", "-ok", "-okdir"}:
            while i < len(args) and args[i].value not in {";", "+"}:
                i += 1
        elif v == "-fprintf":
            i += 2
        elif v in FIND_VALUE or (v is not None and v.startswith("-newer")):
            i += 1
        i += 1
    return False


def vanishing_roots(roots: list[Word], ctx: Ctx) -> list[Word]:
    """``find``'s roots, and the working directory when ``nullglob`` may leave it none (round
    17s: ``shopt -s nullglob; find build/*.o -delete`` with no ``.o`` file deletes ``.``)."""
    if ctx.nullglob and all(r.value is not None and set("*?[") & set(r.value) for r in roots):
        return [*roots, Word(".", ".")]
    return roots


def _find(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    values = [a.value for a in args]
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
    roots = vanishing_roots(roots, ctx)
    while i < len(args):
        v = args[i].value
        if v in FIND_WRITES and i + 1 < len(args):  # ``-fprint FILE``: a write target
            verdict = check_write_target(args[i + 1], ctx, seg)
            if not verdict.allowed:
                return verdict
            i += 3 if v == "-fprintf" else 2
            continue
        if v in FIND_VALUE or (v is not None and v.startswith("-newer")):
            i += 2
            continue
        if v == "-delete":
            verdict = rm_targets(roots, False, ctx, seg)
            if not verdict.allowed:
                return verdict
        elif v in {"-exec", "-execdir", "-ok", "-okdir"}:
            j = i + 1
            while j < len(args) and args[j].value not in {";", "+"}:
                j += 1
            verdict = _runs_found_scripts(roots, args[i + 1 : j], ctx, seg)
            if not verdict.allowed:
                return verdict
            from ondas.guards.bash_find_entries import find_entries, roots_reaching_project

            reach = roots_reaching_project(roots, values, ctx)
            for root in reach:
                # ``{}`` stands for every entry under the root
                placeholder = None if root.value is None else find_entries(root.value, values, ctx)
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
                    kept = _deletes_kept_names(reach, values, args[i + 1 : j], ctx, seg)
                    return kept if one_of_many(verdict) and not kept.allowed else verdict
            verdict = _deletes_kept_names(reach, values, args[i + 1 : j], ctx, seg)
            if not verdict.allowed:
                return verdict
            i = j
        i += 1
    return ALLOW


_FOUND_DELETERS = word_set("rm unlink shred")


def _deletes_kept_names(
    roots: list[Word], values: list[str | None], command: list[Word], ctx: Ctx, seg: str
) -> Verdict:
    """``find . -name .env -exec rm -f {} +`` deletes every file so named in the tree, as
    ``-delete`` does: the project's own kinds (:func:`find_kept_name`: env and secret files,
    data, configuration) judged as ``-delete`` judges them, a recursive deletion of the roots
    (round 19, ``left19``); junk (``.DS_Store``) passes both ways."""
    program = command[0].value if command else None
    if program is None or posixpath.basename(program) not in _FOUND_DELETERS:
        return ALLOW
    from ondas.guards.bash_find_names import deletes_kept

    return deletes_kept(roots, values, ctx, seg)


_MACHINE_WIDE = frozenset({"root", "root-glob", "home"})
"""Search roots that are the whole machine or the whole home directory (``/``, ``/*``, ``~``)."""


def _runs_found_scripts(roots: list[Word], command: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """``find / -name '*.sh' -exec sh {} +``: a shell or interpreter given as its program each
    file a search of the whole machine or home finds, or each such file run itself (``-exec {}
    +``), runs scripts nobody named (any package's install, uninstall or reset script): refused
    in every mode, as ``xargs sh`` of a listing is. A search of the project (``find . -name
    '*.sh' -exec sh {} +``) or of one directory outside it is judged as a script run by its
    path is."""
    if not command or command[0].value is None:
        return ALLOW
    program = posixpath.basename(command[0].value)
    if program != "{}":
        if program not in SHELLS and not is_interpreter(program):
            return ALLOW
        operands = [a.value for a in command[1:] if a.value is None or a.value[:1] != "-"]
        if operands[:1] != ["{}"]:
            return ALLOW
    for root in roots:
        if root.value is not None and classify(root.value, ctx) in _MACHINE_WIDE:
            runs = "every file" if program == "{}" else f"{program} on every file"
            return block(
                "dynamic-command",
                seg,
                f"find runs {runs} its search of {root.value!r} finds: scripts nobody named; "
                "run the one script you mean by its path",
            )
    return ALLOW


SURE_DIRECTORIES = frozenset({"/", "/tmp", "/var/tmp"})
"""Directories every POSIX machine has: a ``cd`` to one (or home, or up) cannot fail."""


def _cd(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``cd``, ``pushd``, ``popd`` move the shell that runs them; one that may not find its
    directory leaves the shell where it was if it fails
    (:attr:`~ondas.guards.bash_base.Ctx.cwd_failed`). One run by a program (``timeout 5 cd
    build`` runs a ``cd`` file, if there is one) may move nothing: both readings stand. After
    ``enable -n cd`` the name runs such a file however it is called (``builtin cd`` fails):
    the shell does not move."""
    before = ctx.readings()
    if name in ctx.builtins_off:
        ctx.cwd_failed = None
        return ALLOW
    _move(name, args, ctx, before)
    runners = ctx.runners[ctx.shell_runners : -1]
    if "?" in ctx.builtins_off or any(r not in {"command", "builtin"} for r in runners):
        ctx.read_as((*ctx.readings(), *before))
        ctx.cwd_failed = None
    return ALLOW


def _cdable(name: str, ctx: Ctx) -> bool:
    """With ``shopt -s cdable_vars`` (or ``bash -O cdable_vars``), ``cd NAME`` goes where the
    variable NAME says when there is no directory NAME: whether NAME may be such a variable
    (one this line sets, one the environment the line runs in has, or, when that environment
    is not known, a name spelled as environment variables are: ``cd HOME``, not ``cd build``)."""
    if "/" in name or not name.isidentifier():
        return False
    if name in ctx.variables or name in ctx.environment:
        return True
    return not ctx.environment_given and name.isupper()


def _move(name: str, args: list[Word], ctx: Ctx, before: tuple[str | None, ...]) -> None:
    positional = positionals(args)
    if name == "popd":
        ctx.read_as(ctx.cwd_stack.pop() if ctx.cwd_stack and not positional else (None,))
        return
    if name == "pushd":
        ctx.cwd_stack.append(before)
    if (positional and positional[0].value in {None, "-"}) or (name == "pushd" and not positional):
        ctx.read_as(ctx.cwd_previous if positional and positional[0].value == "-" else (None,))
        ctx.cwd_previous, ctx.cwd_failed = before, before
        return
    target = positional[0].value if positional else "~"
    assert target is not None
    if target.startswith("~"):
        target = ctx.home + target[1:] if target == "~" or target.startswith("~/") else target
    base = ctx.cwd
    if not target.startswith("/") and base is None:
        return
    ctx.cwd_previous, ctx.cwd_failed = before, before
    if (
        (
            "CDPATH" in ctx.variables
            or "CDPATH" in ctx.assigned
            or ((ctx.cdable_vars or "cdable_vars" in ctx.line) and _cdable(target, ctx))
        )
        and not target.startswith(("/", "./", "../"))
        and target != "."
    ):
        ctx.read_as((None,))  # ``CDPATH=DIR cd NAME``: NAME is looked for in CDPATH's directories
        return
    ctx.read_as((posixpath.normpath(posixpath.join(base or "/", target)),))
    if (
        ctx.cwd in SURE_DIRECTORIES
        or ctx.cwd == posixpath.normpath(ctx.home)
        or (ctx.cwd is not None and _made_by_mktemp(ctx.cwd))
        or all(part in {"", ".", ".."} for part in target.split("/"))
    ):
        ctx.cwd_failed = None  # a directory every machine has, or one up from where it is


def _made_by_mktemp(path: str) -> bool:
    """``path`` is a directory ``mktemp -d`` made in a temp area (a ``cd`` to it cannot fail)."""
    return posixpath.basename(path) == FRESH_TEMP_NAME and fresh_temp(path)


def _set(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``set -e``, ``set -o errexit``, ``set -euo pipefail`` turn ``errexit`` on (``+e``, ``+o
    errexit`` off; an option not known leaves it off): a plain statement that fails then ends
    the shell (:attr:`~ondas.guards.bash_base.Ctx.errexit`). Otherwise as before."""
    ctx.errexit = _errexit([a.value for a in args], ctx.errexit)
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s, name)


def _errexit(values: Sequence[str | None], errexit: bool) -> bool:
    """Whether ``errexit`` is on after the options ``values`` of ``set`` or a shell."""
    i = 0
    while i < len(values):
        v = values[i]
        if v is None:
            return False  # an option computed at run time may turn it off
        if v in {"-", "--"} or v[:1] not in {"-", "+"} or v.startswith("--"):
            break
        if "e" in v[1:]:
            errexit = v[0] == "-"
        if "o" in v[1:]:
            i += 1
            given = values[i] if i < len(values) else ""
            if given is None:
                return False
            if given == "errexit":
                errexit = v[0] == "-"
        i += 1
    return errexit


def _procsub(word: Word, seg: str) -> Verdict:
    inner = (word.inner or "").lower()
    if any(d in inner and re.search(rf"(^|[\s;|&(`]){re.escape(d)}\b", inner) for d in DOWNLOADERS):
        return block("download-to-interpreter", seg, "running code straight from the network")
    return block("dynamic-command", seg, "running code produced at run time")


def stdin_payloads(s: Stdin | None) -> list[str | None] | None:
    """What a program reads on its standard input, decoded as bash delivers it: a heredoc's or
    here-string's text, or what an ``echo``/``printf`` upstream prints (each way it may print).
    ``[]`` when nothing is fed (or a file), ``None`` when a pipe brings output the guard cannot
    work out; an item is None when its text is computed at run time."""
    if s is None or s.kind == "file":
        return []
    if s.kind == "text":
        return [s.text]
    if len(s.upstream) == 1 and s.upstream[0] and s.upstream[0][0].value in {"echo", "printf"}:
        name, words = s.upstream[0][0].value, s.upstream[0][1:]
        if all(w.value is not None for w in words):
            return printed_texts(name, [w.value for w in words if w.value is not None])
        return [None]
    return None


def makefile_stdin(s: Stdin | None, ctx: Ctx, seg: str) -> Verdict:
    """A makefile read from standard input (``make -f - <<< 'all:; CMD'``): each recipe line
    (after a tab, or after ``;`` on a rule's line) is a command line bash runs."""
    payloads = stdin_payloads(s)
    if payloads is None or None in payloads:
        return block("undecidable-payload", seg, "make reads a makefile the guard cannot see")
    for text in payloads:
        verdict = makefile_recipes(str(text), ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


def written_makefile(args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """A makefile written earlier in this command line (``printf ... > Makefile; make``) has
    its recipes checked; one written with text the guard cannot see is undecidable."""
    values = [a.value for a in args]
    names = ["GNUmakefile", "makefile", "Makefile"]
    directory = ctx.cwd or "."
    for k, v in enumerate(values):
        following = values[k + 1] if k + 1 < len(values) else None
        if v in {"-f", "--file", "--makefile"} and following is not None:
            names = [following]
        elif v in {"-C", "--directory"} and following is not None:
            directory = posixpath.join(directory, following)  # round 16: ``make -C build``
        elif v is not None and v.startswith(("-C", "--directory=")) and v not in {"-C"}:
            directory = posixpath.join(directory, v.split("=", 1)[-1].removeprefix("-C"))
    for name in names:
        path = posixpath.normpath(posixpath.join(directory, name))
        if path in ctx.written:
            text = ctx.written[path]
            if text is None:
                brought = brought_code(at_cwd(path, ctx), ctx, seg, "make")
                if brought is not None:
                    return brought
                return block("undecidable-payload", seg, f"{name} was written with unknown text")
            return makefile_recipes(text, ctx, seg)
    return ALLOW


def makefile_recipes(text: str, ctx: Ctx, seg: str) -> Verdict:
    """Each recipe line of a makefile (after a tab, or after ``;`` on a rule's line), as the
    shell gets it: make's own references (``$(CC)``, ``$@``) stand for words only make knows,
    and ``$$`` for the shell's ``$``. ``SHELL`` (the program that runs every recipe) set to
    more than a program's name is checked as a command line."""
    for line in text.splitlines():
        shell = _MAKE_SHELL.match(line)
        if shell is not None and more_than_a_program_name(shell.group(1).strip()):
            verdict = ctx.check_source(shell.group(1).strip(), ctx, 1)
            if not verdict.allowed:
                return verdict
        recipe = line[1:] if line.startswith("\t") else None
        if recipe is None and ":" in line and ";" in line.split(":", 1)[1]:
            recipe = line.split(":", 1)[1].split(";", 1)[1]
        if recipe is not None:
            shell_text = _MAKE_AUTOMATIC.sub("MAKEVAR", recipe.replace("$$", "\x00"))
            shell_text = _MAKE_VARIABLE.sub("MAKEVAR", shell_text)
            shell_text = shell_text.replace("\x00", "$").strip().lstrip("@-+")
            verdict = ctx.check_source(shell_text, ctx, 1)
            if not verdict.allowed:
                return verdict
    return ALLOW


_MAKE_SHELL = LazyPattern(r"^(?:override\s+|export\s+)?SHELL\s*[:?+!]*=(.*)$")
_MAKE_AUTOMATIC = LazyPattern(r"\$[@<^*?%+|]")
_MAKE_VARIABLE = LazyPattern(r"\$(?:\([A-Za-z_][\w.-]*\)|\{[A-Za-z_][\w.-]*\})")
"""A reference to a make variable (``$(CC)``, ``${OUT}``); a function call (``$(shell
...)``, ``$(wildcard ...)``) is left for bash to read as the substitution it looks like."""
_MAKE_EVAL = word_set("--eval -E")


def make_command_line(args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """What make's command line adds to the makefile: ``--eval TEXT`` (makefile text whose
    recipes run), and ``SHELL=``/``.SHELLFLAGS=`` overrides, which make runs every recipe
    through (a shell path, and options only)."""
    for text in option_values(args, _MAKE_EVAL, frozenset({"-E"})):
        if text.value is None:
            return block("undecidable-payload", seg, "make --eval of text computed at run time")
        verdict = makefile_recipes(text.value, ctx, seg)
        if not verdict.allowed:
            return verdict
    for word in args:
        key, eq, value = (word.value or "").partition("=")
        if not eq or not key or key.startswith("-"):
            continue
        if key not in {"SHELL", ".SHELLFLAGS"}:
            # ``make CC=/tmp/cc``: a variable of make's command line overrides the makefile's
            # and reaches the recipes, as the same variable in make's environment does
            verdict = check_assignment(key, value, ctx, 1, seg)
            if not verdict.allowed:
                return verdict
            continue
        words = value.split()
        if key == "SHELL" and len(words) == 1 and command_name(words[0]) in SHELLS:
            if unseen_program(words[0], ctx):  # ``SHELL=/tmp/sh``: whatever was put there
                return block(
                    "unknown-program",
                    seg,
                    f"make runs every recipe through {words[0]}, which lies in a temporary "
                    "directory; unattended runs without the OS sandbox refuse code they cannot "
                    "read",
                )
            continue
        if key == ".SHELLFLAGS" and all(w.startswith("-") for w in words):
            continue
        if key == "SHELL":
            verdict = ctx.check_source(value, ctx, 1)
            if not verdict.allowed:
                return verdict
        return block(
            "undecidable-payload",
            seg,
            f"make {key}={value!r} runs every recipe through that command line",
        )
    return ALLOW


def _download_run(s: Stdin, names: list[str | None], ctx: Ctx, depth: int, seg: str) -> Verdict:
    """A download piped into an interpreter: refused as the network policy when the download
    itself may not connect (``curl https://get.example.org | sh`` with that host off the
    whitelist: no guard could let it run), else as running code unseen."""
    for argv, name in zip(s.upstream, names, strict=True):
        if name in DOWNLOADERS:
            fetched = check_argv(list(argv), ctx, depth, seg)
            if not fetched.allowed and fetched.category == "policy":
                return block(
                    fetched.rule or "network-not-whitelisted",
                    seg,
                    f"{fetched.reason}; the download would then run as code unseen",
                )
    return block("download-to-interpreter", seg, "piping a download into an interpreter")


def _stage_name(argv: list[Word]) -> str | None:
    return command_name(argv[0].value) if argv and argv[0].value is not None else None


def stdin_code(
    s: Stdin | None,
    ctx: Ctx,
    depth: int,
    seg: str,
    shell: bool,
    code: bool = True,
    family: str = "",
) -> Verdict:
    """Check code a shell (``shell``) or an interpreter reads from its standard input, as a
    command line or as interpreter code; with ``code`` False stdin is the program's data, and
    only a download or decoded blob piped in is refused."""
    if s is not None and s.kind == "pipe":
        if piped_any(s, ctx, "downloader", lambda a: _stage_name(a) in DOWNLOADERS):
            names = [_stage_name(a) for a in s.upstream]
            return _download_run(s, names, ctx, depth, seg)
        if piped_any(s, ctx, "decoder", lambda a: _stage_name(a) in DECODERS):
            return block("base64-to-shell", seg, "piping decoded data into an interpreter")
    if not code:
        return ALLOW
    if s is not None and s.kind == "file" and s.text:
        # ``bash < /tmp/x.sh``, ``python3 - < /tmp/x.py``: the file is the code, as a script
        wrote, text = written_text(ctx, s.text)
        if not wrote:
            return unseen_script(s.text, ctx, seg)
        if text is None:
            return block("undecidable-payload", seg, f"{s.text} was written with unknown text")
        if shell:
            return ctx.check_source(text, ctx, depth + 1)
        return check_code(text, ctx, depth, seg, family=family)
    payloads = stdin_payloads(s)
    if payloads is None:
        if shell:
            return block("pipe-to-shell", seg, "piping generated text into a shell")
        if ctx.unattended:
            return block(
                "undecidable-payload",
                seg,
                "piping output the guard cannot work out into an interpreter; unattended runs "
                "without the OS sandbox refuse it",
            )
        return ALLOW
    for text in payloads:
        if text is None and s is not None and s.kind == "pipe":
            return block("undecidable-payload", seg, "piped output the guard cannot decode")
        if text is None:
            return block("dynamic-command", seg, "code computed at run time fed to a program")
        verdict = (
            ctx.check_source(text, ctx, depth + 1)
            if shell
            else check_code(text, ctx, depth, seg, family=family)
        )
        if not verdict.allowed:
            return verdict
    return ALLOW


def printed_texts(name: str, args: list[str]) -> list[str | None]:
    """What ``echo ARGS``/``printf ARGS`` may print, as bash's and sh's builtins would.

    ``echo`` is taken both as written and with its backslash escapes decoded (bash decodes
    them with ``-e``, dash always); ``printf`` decodes its format and ``%b`` arguments. None
    stands for output the guard cannot work out (an unknown conversion).
    """
    from ondas.guards.bash import decode_escapes

    if name == "echo":
        while args and re.fullmatch(r"-[neE]+", args[0]):
            args = args[1:]
        text = " ".join(args)
        decoded = decode_escapes(text, echo=True)
        return [text] if decoded == text else [decoded, text]
    if args[:1] == ["--"]:
        args = args[1:]  # ``printf -- '--- a/x'``: the end of options, then the format
    if not args:
        return [""]
    fmt, rest = args[0], args[1:]
    out: list[str] = []
    while True:
        used = 0
        piece: list[str] = []
        for match in re.finditer(r"%(?:%|[-+ #0]*\d*(?:\.\d+)?([a-zA-Z]))|((?:[^%])+)", fmt):
            if match.group(2) is not None:
                piece.append(decode_escapes(match.group(2), echo=False))
                continue
            conversion = match.group(1)
            if conversion is None:
                piece.append("%")
                continue
            value = rest[used] if used < len(rest) else ""
            used += 1
            if conversion == "s" or (conversion in "dixX" and value.lstrip("-").isdigit()):
                piece.append(value)
            elif conversion == "b":
                piece.append(decode_escapes(value, echo=True))
            else:
                return [None]
        out.append("".join(piece))
        rest = rest[used:]
        if not rest or not used:
            break
    return ["".join(out)]


def _shell(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    if name == "fish":
        verdict, args = _fish_codes(args, ctx, depth, seg)
        if verdict is not None:
            return verdict
    code_flag = False
    from_stdin = False  # ``sh -s -- ARGS < FILE``: ARGS are arguments, the code is stdin
    noexec = False  # ``bash -n x.sh``: read for its syntax, never run
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
        if v in {"--rcfile", "--init-file"} and i + 1 < len(args):
            # round 15: the start-up file an interactive shell runs first is its code too
            start = args[i + 1]
            if start.kind == "process_substitution":
                return _procsub(start, seg)
            if start.value is None:
                return block("dynamic-command", seg, "a start-up file computed at run time")
            verdict = written_script(start.value, ctx, depth, seg)
            if not verdict.allowed:
                return verdict
            i += 2
            continue
        if v.startswith("--"):
            i += 1
            continue
        if len(v) > 1 and v[0] in "-+":
            if "c" in v[1:]:
                code_flag = True
            from_stdin = from_stdin or (v[0] == "-" and "s" in v[1:])
            noexec = noexec or (v[0] == "-" and "n" in v[1:] and "o" not in v[1:])
            if "o" in v[1:] and i + 1 < len(args) and args[i + 1].value == "noexec":
                noexec = v[0] == "-"
            i += 2 if ("o" in v[1:] or "O" in v[1:]) else 1
            continue
        break
    if from_stdin and not code_flag:
        return _stdin_shell(name, args, ctx, depth, seg, s)
    if code_flag:
        if i >= len(args):
            return ALLOW
        code = args[i]
        if code.value is None:
            return block("dynamic-command", seg, "shell code computed at run time")
        ctx.shell_errexit = _errexit([a.value for a in args[:i]], False)
        before = child_environment(ctx)
        try:
            return ctx.check_source(code.value, ctx, depth + 1)
        finally:
            ctx.shell_errexit = False
            restore_variables(ctx, before)
    if i < len(args):
        script = args[i]
        if script.kind == "process_substitution":
            return _procsub(script, seg)
        if script.value is None:
            return block("dynamic-command", seg, "a script path computed at run time")
        if script.value in STDIN_PATHS:
            return _stdin_shell(name, args, ctx, depth, seg, s)
        if descriptor(script.value) is not None:
            return descriptor_code(script.value, name, ctx, depth, seg, s, shell=True)
        if noexec:
            return ALLOW
        errexit = _errexit([a.value for a in args[:i]], False)  # ``bash -e b.sh``
        return written_script(script.value, ctx, depth, seg, errexit=errexit)
    return _stdin_shell(name, args, ctx, depth, seg, s)


CHILD_ENVIRONMENT_KEPT = frozenset(
    {"PATH", "HOME", "IFS", "CDPATH", "GLOBIGNORE", "BASH_ENV", "ENV", "SHELLOPTS", "BASHOPTS"}
    | {"PS4", "PWD", "OLDPWD", "PROMPT_COMMAND", "HISTFILE", "TMPDIR"}
)
"""Variables whose prefix assignment other rules judge (the search path, the home, start-up
files, what a word splits on): :func:`child_environment` leaves their values to those rules."""
_UNSET = object()


def child_environment(ctx: Ctx) -> dict[str, object]:
    """A shell started by this command (``D=build bash -c 'rm -rf "$D"'``) reads the variables
    assigned in front of it from its environment: its code sees their values, as the line's
    own later commands see a variable it set. The names put in :attr:`Ctx.variables` for the
    child's code, with what they held before (:func:`restore_variables` puts it back), for
    values known and names no other rule reads (:data:`CHILD_ENVIRONMENT_KEPT`); a value
    computed at run time stays unknown."""
    before: dict[str, object] = {}
    for name, value in ctx.assigned.items():
        if value is None or name in CHILD_ENVIRONMENT_KEPT or not name.isidentifier():
            continue
        before[name] = ctx.variables.get(name, _UNSET)
        ctx.variables[name] = value
    return before


def restore_variables(ctx: Ctx, before: dict[str, object]) -> None:
    """The variables :func:`child_environment` set put back: the child's environment ends
    with it."""
    for name, value in before.items():
        if value is _UNSET:
            ctx.variables.pop(name, None)
        else:
            ctx.variables[name] = value if isinstance(value, str) else None


def _fish_codes(
    args: list[Word], ctx: Ctx, depth: int, seg: str
) -> tuple[Verdict | None, list[Word]]:
    """fish's code options (:mod:`ondas.guards.bash_fish`: ``-cCODE``, ``--command=CODE``,
    ``-c`` given again, ``-C``/``--init-command``), each checked as a command line: a verdict
    when they decide the call (a refusal, or ``-c`` code that all passes), else None and the
    words after the options (a script, or none: the interactive session), behind ``--``."""
    from ondas.guards.bash_fish import fish_call

    call = fish_call(args)
    for code in [*call.init, *call.commands]:
        if code is None:
            return block("dynamic-command", seg, "fish code computed at run time"), args
        verdict = ctx.check_source(code, ctx, depth + 1)
        if not verdict.allowed:
            return verdict, args
    if call.commands or call.no_execute:
        return ALLOW, args
    return None, [Word("--", "--"), *call.rest]


_DESCRIPTOR = LazyPattern(r"/(?:dev/fd|proc/(?:self|thread-self|\d+|4242)/fd)/(\d+)")


def descriptor(path: str) -> int | None:
    """The number of the file descriptor ``path`` opens (``/dev/fd/3``, ``/proc/self/fd/4``,
    ``/dev/stdin``: 0), else None."""
    if path in STDIN_PATHS and path != "-":
        return 0
    match = _DESCRIPTOR.fullmatch(path)
    return int(match.group(1)) if match is not None else None


def descriptor_code(
    path: str,
    name: str,
    ctx: Ctx,
    depth: int,
    seg: str,
    s: Stdin | None,
    shell: bool,
    family: str = "",
) -> Verdict:
    """A shell or interpreter whose script is a descriptor (``bash /dev/fd/3 3<<<TEXT``,
    ``perl /dev/stdin <<<TEXT``): the text the command line feeds it is the code, checked as
    code; a descriptor fed by nothing this command shows (``exec 3<...; bash /dev/fd/3``) is
    undecidable."""
    if s is None and descriptor(path) != 0:
        return block(
            "undecidable-payload",
            seg,
            f"{name} runs the code on descriptor {path}, which this command does not show",
        )
    if s is None:
        from ondas.guards.bash_interactive import interactive

        return interactive(name, [], ctx, seg, s)
    return stdin_code(s, ctx, depth, seg, shell=shell, family=family)


def _stdin_shell(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """A shell reading its commands from standard input: what is fed is checked, and one fed
    by its terminal is undecidable in an unattended run."""
    from ondas.guards.bash_interactive import interactive

    verdict = interactive(name, args, ctx, seg, s)
    return verdict if not verdict.allowed else stdin_code(s, ctx, depth, seg, shell=True)


STDIN_PATHS = frozenset({"-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"})
"""Script paths that make a shell read its code from standard input."""


def written_script(
    path: str,
    ctx: Ctx,
    depth: int,
    seg: str,
    *,
    this_shell: bool = False,
    run: bool = False,
    errexit: bool = False,
) -> Verdict:
    """A script written earlier in this command line is checked as the code it holds (run by
    the line's own shell when it is sourced, ``this_shell``; by the program its first line
    names when it is ``run`` by its path, which ``#!/bin/bash -e`` starts with ``errexit``; by
    a shell given ``-e``, ``errexit``: ``bash -e b.sh``, whose ``#!`` line is a comment)."""
    wrote, text = written_text(ctx, path)
    if not wrote:
        return unseen_script(path, ctx, seg)  # ``source /tmp/x.sh``, ``bash /opt/x.sh``
    if text is None:
        brought = brought_code(at_cwd(path, ctx), ctx, seg, "the shell")
        if brought is not None:
            return brought
        return block(
            "undecidable-payload", seg, f"{path} was written in this command with unknown text"
        )
    if this_shell:
        return in_this_shell(text, ctx, depth + 1)
    # the kernel hands the shell one argument after its path: ``#!/bin/bash -e``
    first = text.split("\n", 1)[0][2:].split() if run and text.startswith("#!") else []
    ctx.shell_errexit = errexit
    if len(first) == 2 and posixpath.basename(first[0]) in {"sh", "bash", "dash", "ksh", "zsh"}:
        ctx.shell_errexit = _errexit(first[1:], False)
    try:
        return ctx.check_source(text, ctx, depth + 1)
    finally:
        ctx.shell_errexit = False


def _interpreter(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    values = [a.value for a in args]
    for word in args:
        if word.kind == "process_substitution":
            return _procsub(word, seg)
    if name.startswith("python") and values[:2] == ["-m", "pip"]:
        return pip_rule("pip", args[2:], ctx, depth, seg, s)
    if name.startswith("python") and "-m" in values:
        idx = values.index("-m")
        if idx + 1 < len(values) and values[idx + 1] == "pip":
            return pip_rule("pip", args[idx + 2 :], ctx, depth, seg, s)
    return stdin_code(s, ctx, depth, seg, shell=False)


ENVIRONMENT_PRINTERS = {
    "opam": word_set("env"),
    "pyenv": word_set("init virtualenv-init"),
    "rbenv": word_set("init"),
    "nodenv": word_set("init"),
    "goenv": word_set("init"),
    "fnm": word_set("env"),
    "brew": word_set("shellenv"),
    "luarocks": word_set("path"),
    "ssh-agent": word_set("-s -c"),
    "dircolors": word_set("-b --sh -c --csh"),
}
"""Programs whose verb prints shell code that sets their own variables (``PATH``, ``OPAM_*``,
``SSH_AUTH_SOCK``) and wrapper functions, made to be run by ``eval "$(opam env)"``; not
``direnv export`` (the project's ``.envrc``, any command), nor prompt hooks (``starship
init``), nor ``mise activate``."""
_PRINTER_WORDS = word_set("- bash zsh sh fish posix --path --no-rehash --use-on-cd --shell")
_SUBSTITUTION = LazyPattern(r'"?(?:\$\(([^()`$;&|<>\\]*)\)|`([^()`$;&|<>\\]*)`)"?')


PRINTER_DIRECTORIES = ("/home/linuxbrew/.linuxbrew/bin",)
"""Homebrew's prefix on Linux, where its install script puts ``brew`` (besides the system
directories of :data:`ondas.guards.bash_local.ELSEWHERE`, which hold macOS's
``/opt/homebrew/bin``)."""


def _installed_printer(word: str) -> str | None:
    """The :data:`ENVIRONMENT_PRINTERS` program an absolute path names in a system directory
    (``/opt/homebrew/bin/brew``, ``/home/linuxbrew/.linuxbrew/bin/brew``: Homebrew's own
    instruction is ``eval "$(/opt/homebrew/bin/brew shellenv)"``, before ``brew`` is on
    ``PATH``), else None."""
    if not word.startswith("/"):
        return None
    from ondas.guards.bash_local import ELSEWHERE

    directory, name = posixpath.split(word)
    if name in ENVIRONMENT_PRINTERS and directory in (*ELSEWHERE, *PRINTER_DIRECTORIES):
        return name
    return None


def _prints_environment(text: str) -> bool:
    """``text`` is one command substitution (``$(opam env)``, ``"$(pyenv init -)"``) of an
    :data:`ENVIRONMENT_PRINTERS` verb, with nothing else in it but shell names and options
    that choose the output's form."""
    match = _SUBSTITUTION.fullmatch(text)
    if match is None:
        return False
    words = (match.group(1) or match.group(2) or "").split()
    if words and _installed_printer(words[0]) is not None:
        words[0] = posixpath.basename(words[0])
    if len(words) < 2 or words[0] not in ENVIRONMENT_PRINTERS:
        return False
    if words[1] not in ENVIRONMENT_PRINTERS[words[0]]:
        return False
    return all(w in _PRINTER_WORDS or w.startswith(("--switch=", "--shell=")) for w in words[2:])


def _eval(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    if args[:1] and args[0].value == "--":
        args = args[1:]  # round 24: bash's builtins take ``--`` before their words, eval too
    if len(args) == 1 and args[0].value is None and _prints_environment(args[0].text):
        ctx.path_changed = True  # later names may be found in the tool's own directories
        return ALLOW  # ``eval "$(opam env)"``: the tool's own variables and functions
    if any(a.value is None for a in args):
        return block("dynamic-command", seg, "eval of text computed at run time")
    return in_this_shell(" ".join(a.value or "" for a in args), ctx, depth + 1)


def _source(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    search: str | None = ""
    while args and args[0].value in {"--", "-p"}:  # bash 5.3: ``source -p PATH FILE``
        if args[0].value == "-p" and len(args) > 1:
            search = args[1].value
            args = args[1:]
        args = args[1:]
    if not args:
        return ALLOW
    if search and args[0].value and "/" not in args[0].value:
        args = [Word(posixpath.join(search.split(":")[0], args[0].value), args[0].text), *args[1:]]
    elif search is None and ctx.unattended:
        return block("dynamic-command", seg, "sourcing from a search path computed at run time")
    if args[0].kind == "process_substitution":
        return _procsub(args[0], seg)
    if args[0].value is None:
        if environment_script_under_variable(args[0].text, ctx):
            ctx.assigned_unseen()  # it may set any variable
            ctx.path_changed = True  # and put its toolchain's directories on PATH
            return ALLOW
        return block("dynamic-command", seg, "sourcing a file computed at run time")
    if args[0].value in STDIN_PATHS:
        return stdin_code(s, ctx, depth, seg, shell=True)
    if descriptor(args[0].value) is not None:
        return descriptor_code(args[0].value, name, ctx, depth, seg, s, shell=True)
    if not written_text(ctx, args[0].value)[0]:
        # a file the guard has not read may set any variable: what the line assigned before
        # is no longer known after it (``T=echo; . ./lib.sh; "$T" ...``), nor the environment's
        ctx.assigned_unseen()
    return written_script(args[0].value, ctx, depth, seg, this_shell=True)


TRAP_NO_CODE = frozenset({"-", "-l", "-p", "-lp", "-pl"})
"""``trap``'s forms that set no code (round 15b): ``trap - INT`` puts a signal's action back
to its default, ``-l`` lists the signals, ``-p`` prints the traps set; a builtin of the shell
the line runs in, not a program unattended runs refuse as unknown."""


def _alias(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    for word in args:
        if word.value is None:
            return block("dynamic-command", seg, "an alias computed at run time")
        if name == "alias" and "=" in word.value:
            alias, _, value = word.value.partition("=")
            verdict = ctx.check_source(value, ctx, depth + 1)
            if not verdict.allowed:
                return verdict
            ctx.aliases[alias] = value
    if name == "trap" and args and args[0].value == "--":
        args = args[1:]  # ``trap -- CMD EXIT``: the end of trap's options
    if name == "trap" and args and args[0].value in TRAP_NO_CODE:
        return ALLOW
    if name == "trap" and args and args[0].value:
        ctx.traps.append(args[0].value)
        return ctx.check_source(args[0].value, ctx, depth + 1)
    return ALLOW


_SCRIPT_LOGS = frozenset({"-O", "--log-out", "-I", "--log-in", "-B", "--log-io", "-T"})
_SCRIPT_VALUED = _SCRIPT_LOGS | {"-c", "--command", "-E", "--echo", "-m", "--logging-format"}
_SCRIPT_VALUED |= {"--log-timing", "-t"}


def _typescript(args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """The files ``script`` records the session in: its operand (the typescript) and its log
    options, judged as writes (round 15: ``script -a ~/.bashrc -c CMD`` appends to rc)."""
    targets = list(option_values(args, _SCRIPT_LOGS | {"--log-timing"}, _SCRIPT_LOGS))
    k = 0
    while k < len(args):
        v = args[k].value
        if v is None:
            break
        if v in _SCRIPT_VALUED:
            k += 2
            continue
        if v.startswith("-"):
            k += 2 if re.fullmatch(r"-[A-Za-z]*[cEmOIBT]", v) else 1
            continue
        targets.append(args[k])
        break
    for target in targets:
        if target.value is not None:
            verdict = check_write_target(target, ctx, seg)
            if not verdict.allowed:
                return verdict
    return ALLOW


_DECLARATIONS = frozenset({"export", "declare", "typeset", "readonly", "local"})
"""bash's builtins that assign and mark variables, which ``command`` and ``builtin`` run as they
are run alone."""


def _wrapper(
    no_value: frozenset[str], with_value: frozenset[str], skip_positional: int = 0
) -> Handler:
    def handler(
        name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
    ) -> Verdict:
        values = [a.value for a in args]
        if name == "command":  # ``command -v NAME`` looks NAME up; its own options come first
            own = values[: options_end(args, frozenset({"-p", "-v", "-V"}), frozenset())]
            if any(v and re.fullmatch(r"-p?[vV][pvV]*", v) for v in own):
                return ALLOW
        i = options_end(args, no_value, with_value) + skip_positional
        inner = args[i:]
        if name in {"command", "builtin"} and inner and inner[0].value in _DECLARATIONS:
            # round 24: ``command export GIT_CONFIG_GLOBAL=/tmp/g``, ``builtin declare -x
            # LD_PRELOAD=...``: the builtin runs as written alone, its names judged so
            return ctx.check_source(" ".join(a.text for a in inner), ctx, depth + 1)
        if name == "coproc":
            s = Stdin("pipe", [], None)  # fed later through ``${COPROC[1]}``: unknown text
        if name == "script":
            verdict = _typescript(args, ctx, seg)  # ``script -a ~/.bashrc -c CMD``
            if not verdict.allowed:
                return verdict
        if name in {"flock", "script", "su"}:
            for k, v in enumerate(values):
                inline = v[len("--command=") :] if v and v.startswith("--command=") else None
                cluster = v is not None and re.fullmatch(r"-[A-Za-z]*c", v) is not None
                if inline is not None or ((cluster or v == "--command") and k + 1 < len(args)):
                    # ``-c CMD``, a cluster ending in it (``script -qc CMD``), ``--command=CMD``
                    code = inline if inline is not None else args[k + 1].value
                    if code is None:
                        return block("dynamic-command", seg, "code computed at run time")
                    return ctx.check_source(code, ctx, depth + 1)
            if name == "flock":
                inner = args[options_end(args, no_value, with_value) + 1 :]
        if name == "watch" and "-x" not in values and "--exec" not in values:
            if any(a.value is None for a in inner):
                return block("dynamic-command", seg, "watch of code computed at run time")
            return ctx.check_source(" ".join(a.value or "" for a in inner), ctx, depth + 1)
        return check_argv(inner, ctx, depth, seg, s)

    return handler


def _env(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``env [OPTIONS] [NAME=VALUE...] CMD``: the command, run where ``-C DIR`` points, with
    ``-S TEXT`` split into words (also inside an option cluster: ``-iS'TEXT'``)."""
    i = 0
    directory: str | None = ""
    named = False
    while i < len(args):
        v = args[i].value
        if v is None:
            return block("dynamic-command", seg, "an env argument computed at run time")
        option, value, used = _env_option(v, args[i + 1].value if i + 1 < len(args) else "")
        if option == "S":
            i += used
            if value is None or any(a.value is None for a in args[i:]):
                return block("dynamic-command", seg, "env -S of text computed at run time")
            # the split words come first, then env's own later arguments, each one word as
            # it was given (``env -S 'sh -c' 'rm -rf /'``: ``sh -c 'rm -rf /'``)
            from ondas.guards.bash_wrapper_options import split_string_text

            text = split_string_text(value)
            if args[i:]:
                from shlex import quote

                text = " ".join([text, *(quote(a.value or "") for a in args[i:])])
            verdict = in_directory(directory, ctx, _checking(ctx, text, depth + 1))
            if not verdict.allowed or s is None:
                return verdict
            return _split_with_stdin(text, directory, ctx, depth, seg, s)
        if option == "C":
            directory = value
            i += used
        elif option:
            i += used
        elif re.match(r"^[A-Za-z_][A-Za-z0-9_]*(%%)?=", v):  # ``BASH_FUNC_f%%=() {...}``
            key, _, assigned = v.partition("=")
            verdict = check_assignment(key, assigned, ctx, depth, seg)
            if not verdict.allowed:
                return verdict
            named = True
            i += 1
        elif not named and _env_prints(v, args[:i]):
            return ALLOW  # round 24: env prints and exits as it reads it; the rest never runs
        elif v.startswith("-") and (v != "-" or not named):
            # round 24: a lone ``-`` before the names is ``-i`` (GNU env; BSD's too): ``env -
            # GIT_CONFIG_GLOBAL=/tmp/g git p`` sets the names and runs the command after them
            if v in {"-", "--ignore-environment"} or (v[1:2] != "-" and "i" in v[1:]):
                ctx.venv_left = True  # round 22: ``env -i pip``: no PATH, the system's pip
            i += 1
        else:
            break
    rest = args[i:]
    given = {
        key: value
        for key, eq, value in (a.value.partition("=") for a in args[:i] if a.value)
        if eq and not key.startswith("-") and key.isidentifier()
    }
    if not given:
        return in_directory(directory, ctx, lambda: check_argv(rest, ctx, depth, seg, s))
    outer = ctx.assigned
    ctx.assigned = {**outer, **given}  # ``env X=1 cmd`` sets X for cmd as ``X=1 cmd`` does
    try:
        return in_directory(directory, ctx, lambda: check_argv(rest, ctx, depth, seg, s))
    finally:
        ctx.assigned = outer


def _env_prints(v: str, before: list[Word]) -> bool:
    """``env --help`` and ``env --version`` (or a prefix only they begin, ``--he``) among env's
    options, before a ``--``: env prints and exits as it reads the option."""
    if not v.startswith("--") or any(a.value == "--" for a in before):
        return False
    from ondas.guards.bash_wrapper_options import ENV_LONG, long_option

    return long_option(v, ENV_LONG) in {"--help", "--version"}


def _split_with_stdin(
    text: str, directory: str | None, ctx: Ctx, depth: int, seg: str, s: Stdin
) -> Verdict:
    """``… | env -S 'bash -x'``: the split command reads what is piped in as it would without
    ``env`` (a shell fed a file or a download is judged as ``… | bash -x`` is; round 10b)."""
    import shlex  # here: only ``env -S`` given a standard input needs it

    try:
        words = [Word(w, w) for w in shlex.split(text)]
    except ValueError:
        return block("parse-error", seg, "env -S text whose quotes do not close")
    if not words:
        return ALLOW
    return in_directory(directory, ctx, lambda: check_argv(words, ctx, depth, seg, s))


_ENV_VALUES = {"S": "--split-string", "C": "--chdir", "u": "--unset", "a": "--argv0", "P": ""}


def _env_option(v: str, following: str | None) -> tuple[str, str | None, int]:
    """An env option that takes a value (``S``, ``C``, ``u``, ``a``, ``P``), its value and how
    many words it used; ``("", None, 0)`` for any other word."""
    if v.startswith("--"):
        from ondas.guards.bash_wrapper_options import ENV_LONG, long_option

        v = long_option(v, ENV_LONG)
    for letter, long in _ENV_VALUES.items():
        if long and (v == long or v.startswith(long + "=")):
            return letter, (v.split("=", 1)[1] if "=" in v else following), (1 if "=" in v else 2)
    if v[:1] == "-" and v[1:2] not in {"-", ""}:
        for k, letter in enumerate(v[1:]):
            if letter in _ENV_VALUES:
                attached = v[2 + k :]
                return letter, (attached or following), (1 if attached else 2)
            if not letter.isalpha() and letter != "0":
                break
    return "", None, 0


def _checking(ctx: Ctx, text: str, depth: int) -> Callable[[], Verdict]:
    """``ctx.check_source(text, ctx, depth)`` as a call without arguments (``functools.partial``
    would import ``collections`` and ``types`` into the hook process: round 24)."""
    return lambda: ctx.check_source(text, ctx, depth)


def in_directory(directory: str | None, ctx: Ctx, check: Callable[[], Verdict]) -> Verdict:
    """``check`` run with the working directory moved to ``directory`` (``env -C DIR``,
    ``cmake -E chdir DIR``; ``""``: unchanged, None: computed at run time, so unknown)."""
    if directory == "":
        return check()
    saved = ctx.cwd
    if directory is None:
        ctx.cwd = None
    else:
        if directory == "~" or directory.startswith("~/"):
            directory = ctx.home + directory[1:]
        base = ctx.cwd if not directory.startswith("/") else "/"
        ctx.cwd = None if base is None else posixpath.normpath(posixpath.join(base, directory))
    try:
        return check()
    finally:
        ctx.cwd = saved


_CMAKE_TOOLS = {
    "rm": ["rm"],
    "remove": ["rm"],
    "remove_directory": ["rm", "-r"],
    "copy": ["cp"],
    "copy_if_different": ["cp"],
    "copy_directory": ["cp", "-r"],
    "copy_directory_if_different": ["cp", "-r"],
    "rename": ["mv"],
    "touch": ["touch"],
    "touch_nocreate": ["touch"],
    "make_directory": ["mkdir", "-p"],
    "create_symlink": ["ln", "-s"],
    "create_hardlink": ["ln"],
    "env": ["env"],
    "environment": ["env"],
    "tar": ["tar"],
    "cat": ["cat"],
    "time": ["time"],
    "md5sum": ["md5sum"],
    "sha256sum": ["sha256sum"],
}
"""``cmake -E`` commands that do what a program does, by the program and its options."""


def cmake_tool(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``cmake -E TOOL ARGS``: cmake's command mode, judged as the program each tool is
    (``rm``, ``copy`` as ``cp``, ``chdir DIR CMD`` as the command run in DIR). Called by
    :func:`ondas.guards.bash_known.unknown_program` for a cmake given ``-E`` only, so other
    uses of cmake load no rule module."""
    values = [a.value for a in args]
    k = values.index("-E")
    tool = values[k + 1] if k + 1 < len(values) else None
    rest = args[k + 2 :]
    if tool == "chdir" and rest:
        directory, command = rest[0].value, rest[1:]
        return in_directory(directory, ctx, lambda: check_argv(command, ctx, depth, seg, s))
    program = _CMAKE_TOOLS.get(tool or "")
    if program is None:
        return ALLOW  # compare_files, capabilities, echo...: cmake's own
    return check_argv([Word(w, w) for w in program] + rest, ctx, depth, seg, s)


DEVICE_NODES = frozenset("bcu")
"""mknod's node types that are devices (block, character, unbuffered character); ``p`` is a
pipe, as ``mkfifo`` makes."""


def _mknod(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``mknod NAME b|c MAJOR MINOR`` makes a device node: run as root, a file anywhere (the
    project, the sandbox's own ``/dev``) then reads and writes the machine's disk or memory,
    which no path rule sees (``mknod d b 8 0 && mkfs.ext4 d``); ``device-write`` in every mode
    (round sbx14). ``mknod NAME p`` is a pipe, judged as ``mkfifo``."""
    operands = positionals(args, frozenset({"-m", "--mode", "-Z", "--context"}))
    kind = operands[1].value if len(operands) > 1 else ""
    if kind is None or kind in DEVICE_NODES:
        return block("device-write", seg, "making a device node (raw access to a disk or memory)")
    return _fifo(name, operands[:1], ctx, depth, seg, s)


def _fifo(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``mkfifo PATH``: a pipe in the file system, which holds whatever is written to it later,
    so a shell reading it (``sh < p & echo ... > p``) reads text the guard does not know."""
    targets = positionals(args, frozenset({"-m", "--mode", "-Z", "--context"}))
    verdict = write_all(targets, ctx, seg)
    if verdict.allowed:
        for target in targets:
            if target.value is not None:
                note_written(ctx, target.value, None)
    return verdict


def _coreutils(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """The multi-call ``coreutils`` binary: ``--coreutils-prog=NAME ARGS`` or ``NAME ARGS``
    runs the program NAME."""
    if args and (args[0].value or "").startswith("--coreutils-prog="):
        program = (args[0].value or "").split("=", 1)[1]
        return check_argv([Word(program, program), *args[1:]], ctx, depth, seg, s)
    if args and (args[0].value or "-").startswith("-"):
        return ALLOW
    return check_argv(args, ctx, depth, seg, s)


def _xargs(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    with_value = word_set(
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
        if v.startswith("--"):
            from ondas.guards.bash_wrapper_options import XARGS_LONG, long_option

            v = long_option(v, XARGS_LONG)  # ``--max-a 1``: ``--max-args 1``
        if v == "--replace":
            replace = "{}"
            i += 1
            continue
        if v in {"-I", "-J"} and i + 1 < len(args):
            replace = args[i + 1].value or "{}"
            i += 2
            continue
        if v.startswith("-I") or v.startswith("--replace=") or v.startswith("-i"):
            replace = (v.split("=", 1)[1] if "=" in v else v[2:]) or "{}"
            i += 1
            continue
        i += 2 if v in with_value else 1
    inner = args[i:] or [Word("echo", "echo")]
    runs_code = inner[0].value is None or command_name(inner[0].value) in SHELLS
    if replace is None and s is not None and s.kind != "file" and not runs_code:
        # words bash knows (``echo a b | xargs rm``): each way they may print, as arguments;
        # quotes and backslashes xargs would read itself keep the words unknown
        texts = stdin_payloads(s)
        if texts and all(t is not None and not set(t) & set("'\"\\") for t in texts):
            for text in texts:
                words = [Word(w, w) for w in str(text).split()]
                verdict = check_argv([*inner, *words], ctx, depth, seg)
                if not verdict.allowed:
                    return verdict
            return ALLOW
    # the listing's entries (``find . -name '*.orig' | xargs rm``), else unknown words
    deleted = inner[0].value is not None and command_name(inner[0].value) == "rm"
    piped = s is not None and s.kind == "pipe"
    listed = listing_glob(s.upstream, ctx, deleted=deleted) if s is not None and piped else None
    if replace is not None:
        inner = [
            (Word(listed, a.text) if a.value == replace else Word(None, a.text))
            if a.value is not None and replace in a.value and k
            else a
            for k, a in enumerate(inner)
        ]
    else:
        inner = [*inner, Word(listed, "<stdin>")]
    if listed is None and s is not None and piped and inner[0].value is not None:
        from ondas.guards.bash_secret_files import listed_read

        listing = " | ".join(" ".join(w.text for w in stage) for stage in s.upstream)
        verdict = listed_read(command_name(inner[0].value), inner[1:], listing, seg)
        if not verdict.allowed:
            return verdict  # ``ls .env* | xargs cat``: the secret files the listing prints
    from ondas.guards.bash_signals import SIGNALLERS

    # the pids a lookup upstream prints (``pgrep -f ondas | xargs kill``) are the signal's
    signals = inner[0].value is not None and command_name(inner[0].value) in SIGNALLERS
    verdict = check_argv(inner, ctx, depth, seg, s if signals else None)
    if (verdict.allowed or one_of_many(verdict)) and deleted and listed is not None and s:
        from ondas.guards.bash_find_names import listed_kept

        kept = listed_kept(s.upstream, ctx, seg)  # ``find . -name .env | xargs rm``
        return kept if verdict.allowed or not kept.allowed else verdict
    return verdict


def one_of_many(verdict: Verdict) -> bool:
    """A refusal of one store of secrets deleted (:func:`_secret_store_deleted`) where a search
    deletes the files so named: the search's reading of every such file in the tree, when it
    refuses, says more (``find . -name .env -delete`` deletes each one)."""
    return verdict.rule == "file-destroyed"


def _wsl(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    i = options_end(
        args,
        frozenset({"-e", "--exec", "--shell-type"}),
        frozenset({"-d", "--distribution", "-u", "--user", "--cd"}),
    )
    return check_argv(args[i:], ctx, depth, seg, s)


register(" ".join(sorted(PRIVILEGE)), _privilege)


def _machine_shell(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``machinectl shell|login``: a shell as any user (root by default) through systemd."""
    positional = positionals(args)
    if positional and positional[0].value in {"shell", "login", None}:
        return block("privilege-escalation", seg, f"{name} opens a shell as another user")
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)


NVME_ERASES = word_set(
    "format sanitize delete-ns detach-ns write-zeroes write write-uncor dsm create-ns"
)
"""nvme-cli's verbs that erase, trim or rewrite a namespace, or take it away (``nvme format``,
``nvme sanitize``, ``delete-ns``); its listings and logs (``list``, ``smart-log``) read."""
MDADM_WRITES = word_set(
    "-C --create -B --build -G --grow --zero-superblock -a --add --re-add --add-spare --replace"
)
"""mdadm's modes and options that write RAID metadata onto member devices or rebuild an array
over them (``--create``, ``--zero-superblock``, ``--add``); ``--detail``, ``--examine`` and
``--query`` read."""
WAL_RESETS = frozenset({"pg_resetwal", "pg_resetxlog"})
WAL_DRY_RUN = word_set("-n --dry-run -V --version -? --help")


def _disk_metadata(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """Tools that erase or rewrite storage by a verb or an option rather than by their name
    (round 15b): nvme-cli's erasing verbs and mdadm's metadata writes are ``disk-format``, as
    ``wipefs -a`` is; ``pg_resetwal`` without its dry run throws away a PostgreSQL cluster's
    write-ahead log, losing committed transactions (``database-destroy``). Their reading forms
    are judged as before."""
    values = [a.value for a in args]
    if name == "nvme":
        verb = next((v for v in values if v is None or not v.startswith("-")), "")
        if verb is None or verb in NVME_ERASES:
            return block("disk-format", seg, f"nvme {verb or ''} erases or rewrites a namespace")
    elif name == "mdadm":
        if any(v is None or v.split("=", 1)[0] in MDADM_WRITES for v in values):
            return block("disk-format", seg, "mdadm writes RAID metadata onto the devices")
    elif not any(v in WAL_DRY_RUN for v in values):
        return block(
            "database-destroy",
            seg,
            f"{name} discards the cluster's write-ahead log: committed transactions may be lost; "
            "its -n prints what it would do",
        )
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)


register("machinectl", _machine_shell)
register("nvme mdadm pg_resetwal pg_resetxlog", _disk_metadata)
register("chmod chown chgrp", _chmod)
register("rename prename perl-rename file-rename", _rename)
register("chattr setfacl", _attributes)
register("py-spy rbspy", _profiler)
register("setcap", _setcap)
register(
    " ".join(
        sorted(DISK_TOOLS - {"format-volume", "clear-disk", "initialize-disk", "remove-partition"})
    )
    + " diskutil",
    _disk,
)
register("shutdown reboot poweroff halt init telinit systemctl", _shutdown)
register("dd", _dd)
register("shred", _shred)
register("fallocate", _fallocate)
register("rm rmdir unlink srm wipe", _rm)
register(" ".join(sorted(RECURSIVE_DELETERS)), _deleter)
register("cp mv install ln tee touch mkdir truncate", _copy)
register("ditto", _ditto)
register("gio", _gio)


def _kak_editor(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """Kakoune's files judged as an editor's writes (:mod:`ondas.guards.bash_editors`, loaded
    for its lines only), then :func:`_kak`."""
    from ondas.guards.bash_editors import editor

    return editor(_kak, name, args, ctx, depth, seg, s)


register("kak", _kak_editor)
register("ansible", _ansible)
register("sed", _sed)
register("find", _find)
register("fd fdfind", _fd)
register(" ".join(REPLACERS), _replacer)
register("semgrep", _semgrep)
register("ast-grep", _ast_grep)  # not ``sg``: that name is also newgrp's
register("cd pushd popd", _cd)
register("set", _set)
register(" ".join(sorted(SHELLS)), _shell)
register("eval", _eval)
register("source .", _source)
register("alias trap", _alias)
register("env", _env)
register("mkfifo", _fifo)
register("mknod", _mknod)
register("coreutils", _coreutils)
register("xargs", _xargs)
register("wsl", _wsl)
register("nohup setsid unbuffer chronic builtin", _wrapper(frozenset(), frozenset()))
# round 22: Emscripten's wrappers run the command they are given (cmake, ./configure, make)
# with the toolchain's variables set (``emcmake cmake .``): judged as that command
register("emcmake emconfigure emmake", _wrapper(frozenset(), frozenset()))
register(  # GNU time's options (``time --help``); bash's keyword takes ``-p`` alone
    "time",
    _wrapper(
        word_set("-p --portability -a --append -v --verbose -q --quiet"),
        word_set("-f --format -o --output"),
    ),
)
register("command", _wrapper(frozenset({"-p"}), frozenset()))
register("exec", _wrapper(frozenset({"-c", "-l"}), frozenset({"-a"})))
register("nice", _wrapper(frozenset(), frozenset({"-n", "--adjustment"})))
register("ionice", _wrapper(frozenset(), frozenset({"-c", "-n", "-p", "-P", "-u"})))
register("stdbuf", _wrapper(frozenset(), frozenset({"-i", "-o", "-e"})))
register("caffeinate", _wrapper(frozenset(), frozenset({"-t", "-w"})))
register(
    "timeout",
    _wrapper(
        frozenset({"--foreground", "--preserve-status", "-v"}),
        frozenset({"-s", "--signal", "-k", "--kill-after"}),
        1,
    ),
)
register("watch", _wrapper(frozenset(), frozenset({"-n", "--interval", "-q", "--equexit"})))
register(
    "flock", _wrapper(frozenset(), frozenset({"-E", "-w", "--timeout", "--conflict-exit-code"}))
)
register("script", _wrapper(frozenset(), frozenset({"-c", "--command", "-E", "-I", "-O", "-T"})))
register("busybox", _wrapper(frozenset(), frozenset()))
register("python", _interpreter)
