"""Backup, restore and sync tools that put an old or foreign copy over a directory (round 20s).

``restic restore --target .``, ``kopia snapshot restore ID .``, ``duplicity restore --force
URL src``, ``borg extract`` (into the working directory), ``unison /tmp/empty . -force
/tmp/empty``, ``s5cmd sync --delete SRC src/``: each overwrites the files of its target with the
copy it restores, or deletes those the copy lacks, so uncommitted work there is lost. Each row
of :data:`RESTORERS` says which verbs restore, where the target is and which options make the
program overwrite or delete (none: it does by default); the target is judged as a recursive
deletion of it is (a temp area, a build directory, a new directory pass; the project's root
and its sources do not). Loaded only for the programs named in
:data:`ondas.guards.bash_known.RESTORERS_NAMED`.
"""

from __future__ import annotations

from typing import NamedTuple

from ondas.guards.bash_base import (
    Ctx,
    Word,
    _help_or_dry_run,
    block,
    check_write_target,
    option_values,
    positionals,
    rm_targets,
    word_set,
)
from ondas.guards.verdict import ALLOW, Verdict


class Restorer(NamedTuple):
    """One row: the verbs it starts with (after options), where the target is (``last``: the
    last operand; ``second``: the operand after the snapshot; ``cwd``: the working directory;
    ``roots``: unison's roots but the one it prefers; else the options naming it), the options
    one of which makes it overwrite or delete (empty: it always does) and the options that take
    a value."""

    verbs: tuple[str, ...]
    target: str
    when: frozenset[str]
    valued: frozenset[str]


_RESTIC = word_set(
    "-r --repo --repository-file --password-file --password-command --cache-dir -t --target "
    "--include --exclude -i -e --host --path --tag --overwrite --limit-download -o --option"
)
_KOPIA = word_set("--config-file --password --snapshot-time --parallel --ignore-permission-errors")
_DUPLICITY = word_set(
    "-t --time --file-to-restore --path-to-restore --archive-dir --name --encrypt-key "
    "--sign-key --gpg-options --log-file --tempdir"
)
_RDIFF = word_set("-r --restore-as-of --at --api-version --current-time --tempdir -v --verbosity")
_UNISON = word_set(
    "-force -prefer -path -ignore -ignorenot -logfile -root -servercmd -sshargs -backupdir"
)
_CLOUD = word_set("--exclude --include --storage-class --log-level --cap-mbps --from-to")

RESTORERS: dict[str, tuple[Restorer, ...]] = {
    "restic": (Restorer(("restore",), "--target -t", frozenset(), _RESTIC),),
    "kopia": (
        Restorer(("snapshot", "restore"), "second", frozenset(), _KOPIA),
        Restorer(("restore",), "second", frozenset(), _KOPIA),
    ),
    "duplicity": (Restorer(("restore",), "last", word_set("--force"), _DUPLICITY),),
    "rdiff-backup": (
        Restorer(("restore",), "last", word_set("--force"), _RDIFF),
        Restorer((), "last", word_set("--force"), _RDIFF),
    ),
    "borg": (Restorer(("extract",), "cwd", frozenset(), word_set("-r --repo")),),
    "borg2": (Restorer(("extract",), "cwd", frozenset(), word_set("-r --repo")),),
    "bup": (Restorer(("restore",), "-C --outdir", frozenset(), word_set("-C --outdir")),),
    "dar": (Restorer((), "-R --fs-root", word_set("-w --no-warn"), word_set("-x -R --fs-root")),),
    "unison": (Restorer((), "roots", word_set("-force -prefer"), _UNISON),),
    "s5cmd": (Restorer(("sync",), "last", word_set("--delete"), _CLOUD),),
    "azcopy": (Restorer(("sync",), "last", word_set("--delete-destination"), _CLOUD),),
    "mc": (Restorer(("mirror",), "last", word_set("--remove"), _CLOUD),),
}
"""Programs that restore or mirror a copy over a directory, read in their documentation:
restic and kopia overwrite by default; duplicity and rdiff-backup with ``--force``; borg
extracts into the working directory; bup restores under ``-C``; dar with ``-w`` (no warning
before overwriting); unison, told to ``-force`` or ``-prefer`` a root, makes the other one
like it; s5cmd, azcopy and MinIO's ``mc`` delete what the source lacks when told to."""


def _remote(value: str) -> bool:
    return "://" in value or value.startswith(("s3:", "gs:", "az:"))


def restored_over(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """Refuse a restore or mirror (:data:`RESTORERS`) whose target holds the project's work; a
    dry run (``borg extract --dry-run``) or a request for help only prints."""
    if _help_or_dry_run(args, name):
        return ALLOW
    for row in RESTORERS.get(name, ()):
        named = positionals(args, row.valued)
        words = [w.value for w in named]
        if tuple(words[: len(row.verbs)]) != row.verbs:
            continue
        given = {(a.value or "").split("=", 1)[0] for a in args}
        if row.when and not given & row.when:
            continue
        operands = named[len(row.verbs) :]
        targets: list[Word] = []
        if row.target == "last":
            targets = operands[-1:] if len(operands) > 1 else []
        elif row.target == "second":
            targets = operands[1:2]
        elif row.target == "cwd":  # round 23s: where ``cd`` went (``cd /tmp/r && borg extract``)
            where = ctx.cwd if ctx.cwd is not None else "."
            targets = [Word(where, where)]
        elif row.target == "roots":
            kept = {w.value for w in option_values(args, word_set("-force -prefer"))}
            targets = [w for w in operands if w.value not in kept]
        else:
            targets = list(option_values(args, word_set(row.target)))
            targets = targets or ([] if row.target.startswith("--target") else [Word(".", ".")])
        for target in targets:
            if target.value is not None and _remote(target.value):
                continue
            verdict = rm_targets([target], True, ctx, seg, many=False)
            if not verdict.allowed:
                verb = " ".join(row.verbs) or name
                return block(
                    "restore-over-work",
                    seg,
                    f"{name} {verb} puts a stored copy over {target.text!r}, overwriting or "
                    "deleting the work there; restore into a temp directory and copy what is "
                    "needed",
                )
        return ALLOW
    return ALLOW


class Backup(NamedTuple):
    """One backup program known by verb in unattended runs (round 21, npol21): its verbs that
    only read the repository, those that write it (and read their operands), where the
    repository is named (``-r``-like options, or ``operand``: the first operand,
    ``REPO::ARCHIVE``), its options taking a value and the options that run a command or reach
    another machine (which leave it unknown)."""

    reads: frozenset[str]
    writes: frozenset[str]
    repository: frozenset[str]
    valued: frozenset[str]
    voiding: frozenset[str]


_BORG = word_set(
    "--exclude --exclude-from --pattern --patterns-from --comment --compression -C "
    "--checkpoint-interval --chunker-params --timestamp --files-cache --lock-wait --umask "
    "--glob-archives -a --sort-by --format --first --last --prefix"
)
BACKUPS: dict[str, Backup] = {
    "restic": Backup(
        word_set("snapshots ls check stats diff find cat dump version"),
        word_set("backup init restore"),
        word_set("-r --repo"),
        _RESTIC,
        word_set("--password-command -o --option --repository-file --repo2 --from-repo"),
    ),
    "borg": Backup(
        word_set("list info check diff"),
        word_set("create init"),
        frozenset({"operand"}),
        _BORG,
        word_set("--rsh --remote-path --upload-ratelimit"),
    ),
}
"""Backup programs whose own verbs, on a repository named on the line and on this machine,
back up, restore (judged by :func:`restored_over` first) and list. Their other verbs (``forget``,
``prune``, ``delete``, ``compact``, ``key``, ``mount``, ``unlock``) stay unknown or are
judged as the destruction they name; a repository named only by the environment
(``RESTIC_REPOSITORY``, ``BORG_REPO``) or on another machine leaves them unknown."""


def _on_another_machine(value: str) -> bool:
    head = value.split("/", 1)[0]
    if len(head) == 2 and head[1] == ":" and head[0].isalpha():
        return False  # ``C:/backups``: a Windows drive, this machine
    return "://" in value or ":" in head or "@" in head


_REPOSITORY_VARIABLES = {"restic": "RESTIC_REPOSITORY", "borg": "BORG_REPO"}


def backed_up_elsewhere(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """Refuse a :data:`BACKUPS` verb that writes (``backup``, ``create``, ``init``) to a
    repository on another machine (``ssh://``, ``user@host:``, restic's ``s3:``, ``sftp:``,
    ``rest:``...), named on the line or assigned in front of it: the project's files copied
    to a remote service, as ``rclone copy . s3:bucket`` is (round 24)."""
    row = BACKUPS.get(name)
    if row is None or _help_or_dry_run(args, name):
        return ALLOW
    named = positionals(args, row.valued | row.repository)
    if not named or named[0].value not in row.writes or named[0].value == "restore":
        return ALLOW
    repositories: list[str | None] = []
    if "operand" in row.repository:
        first = named[1].value if len(named) > 1 else None
        repositories.append(None if first is None else first.split("::", 1)[0])
    else:
        repositories += [w.value for w in option_values(args, row.repository)]
    variable = ctx.assigned.get(_REPOSITORY_VARIABLES.get(name, ""))
    if variable is not None:
        repositories.append(variable)
    for repository in repositories:
        if repository and _on_another_machine(repository):
            return block(
                "remote-mutation",
                seg,
                f"{name} {named[0].value} writes a repository on another machine "
                f"({repository}): the project's files copied to a remote service (policy)",
            )
    return ALLOW


def backed_up(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict | None:
    """A :data:`BACKUPS` verb on a local repository named on the line: ALLOW for a read, the
    repository judged as a write for a verb that writes it; None when the line is not one
    (the program stays unknown)."""
    row = BACKUPS.get(name)
    if row is None or any(a.value is None for a in args):
        return None
    given = {(a.value or "").split("=", 1)[0] for a in args}
    if given & row.voiding:
        return None
    named = positionals(args, row.valued | row.repository)
    if not named or named[0].value not in row.reads | row.writes:
        return None
    verb = str(named[0].value)
    if "operand" in row.repository:
        first = named[1].value if len(named) > 1 else None
        repository = (first or "").split("::", 1)[0]
    else:
        found = [w.value for w in option_values(args, row.repository)]
        repository = found[0] or "" if len(found) == 1 else ""
    if not repository or _on_another_machine(repository):
        return None
    if verb in row.writes:
        return check_write_target(Word(repository, repository), ctx, seg)
    return ALLOW
