"""A client's directory of keys copied or archived whole into the project, unattended.

``~/.kube``, ``~/.docker``, ``~/.azure``, ``~/.config/gcloud``, ``~/.config/gh`` and AI
clients' directories hold a client's settings beside its tokens and keys (a kubeconfig's
client key, docker's registry logins, gh's OAuth token); their credential files are refused by
name (:data:`~ondas.guards.bash_credential_paths.STORES`), and ``~/.ssh``, ``~/.aws`` and
``~/.gnupg`` are refused named whole. Named whole, the others are not: ``du -sh ~/.docker``,
``find ~/.kube -name '*.yaml'`` and ``docker --config ~/.docker ps`` are everyday reads whose
owner is the client (red team 13's recorded decision, found again by ``harm16``). A copier or
archiver (``cp -r``, ``rsync``, ``tar c``, ``zip -r``, ``7z a``) taking such a directory whole
into the project, though, reads every file of it, the tokens too, and puts them where the agent
and git reach them: in an unattended run without the OS sandbox it is refused as the
credential read it is (round 17, ``left17``), and so is an archive written to standard output
that a redirect puts into the project (``tar czf - ~/.kube > k.tgz``, ``tar c -C ~ .kube |
gzip > k.tgz``; round 18, ``left18``). A copy elsewhere (``cp -r ~/.kube /tmp/k``), to standard
output shown or piped on (``zip -qr - ~/.config/gh | base64``, red team 13's xfail), and the
home or ``~/.config`` copied whole (a backup: round 16's decision) are left.
"""

from __future__ import annotations

import posixpath

from ondas.guards.bash_base import (
    Ctx,
    Word,
    at_cwd,
    block,
    classify,
    option_values,
    positionals,
    word_set,
)
from ondas.guards.verdict import ALLOW, Verdict

KEY_DIRECTORIES = (
    ".kube",
    ".docker",
    ".azure",
    ".config/gcloud",
    ".config/gh",
    ".gemini",
    ".config/github-copilot",
    # round 18: terraform's registry tokens (credentials.tfrc.json), 1Password's CLI accounts,
    # DigitalOcean's, Oracle Cloud's and Hetzner's CLIs
    ".terraform.d",
    ".config/op",
    ".config/doctl",
    ".oci",
    ".config/hcloud",
)
"""Clients' directories that hold their tokens and keys beside their settings (relative to the
home)."""
_CP_VALUES = word_set("-t --target-directory -S --suffix --backup")
_RSYNC_VALUES = word_set("-e --rsh --exclude --include --filter -f --files-from --rsync-path -T")
_TAR_VALUES = word_set("-C --directory -T --files-from -X --exclude-from --exclude -b -H")
_ZIP_VALUES = word_set("-x -i -b -n -t -tt -P --password -Z")


def copied_key_directory(
    name: str, args: list[Word], ctx: Ctx, seg: str, stdout: str | None = None
) -> Verdict:
    """Unattended: ``name`` copies or archives a client's key directory whole into the project
    (see the module's docstring); ``stdout``, the file a redirect gives an archive written to
    standard output (``tar czf - ~/.kube > k.tgz``, round 18)."""
    if not ctx.unattended:
        return ALLOW
    found = _copy(name, args)
    if found is None:
        return ALLOW
    sources, destination = found
    if destination in {None, "-"} and stdout is not None:
        destination = stdout
    if destination in {None, "-"} or classify(str(destination), ctx) not in {
        "project",
        "project-temp",
    }:
        return ALLOW
    for source in sources:
        directory = _key_directory(source, ctx) or _key_directory(at_cwd(source, ctx), ctx)
        if directory is not None:
            return block(
                "read-credentials",
                seg,
                f"{name} takes {source!r} whole into the project: a client's directory of keys "
                f"and tokens (~/{directory}) read and copied where the agent and git reach it; "
                "copy the settings file you need, not its keys",
            )
    return ALLOW


def _copy(name: str, args: list[Word]) -> tuple[list[str], str | None] | None:
    """The sources and the destination of a recursive copy or an archive being created, or
    None when ``name ARGS`` is neither."""
    values = [a.value or "" for a in args]
    if name in {"cp", "rsync"}:
        flags = "".join(v[1:] for v in values if v[:1] == "-" != v[1:2])
        recursive = set(flags) & set("rRa") or {"--recursive", "--archive"} & set(values)
        if not recursive:
            return None
        operands = [
            w.value for w in positionals(args, _CP_VALUES if name == "cp" else _RSYNC_VALUES)
        ]
        target = next(
            option_values(args, word_set("-t --target-directory"), frozenset({"-t"})), None
        )
        if target is not None and name == "cp":
            return [o for o in operands if o], target.value
        return [o for o in operands[:-1] if o], operands[-1] if len(operands) > 1 else None
    if name in {"tar", "bsdtar", "gtar"}:
        return _tar(values)
    if name == "zip":
        flags = "".join(v[1:] for v in values if v[:1] == "-" != v[1:2])
        if not set(flags) & set("rR") and "--recurse-paths" not in values:
            return None  # without recursion, zip stores the directory's entry alone
        operands = [w.value for w in positionals(args, _ZIP_VALUES)]
        return [o for o in operands[1:] if o], operands[0] if operands else None
    if name in {"7z", "7za", "7zz"}:
        operands = [w.value for w in positionals(args, frozenset())]
        if operands[:1] != ["a"] or len(operands) < 3:
            return None
        return [o for o in operands[2:] if o], operands[1]
    return None


def _tar(values: list[str]) -> tuple[list[str], str | None] | None:
    """``tar c`` (in any spelling: ``czf FILE``, ``-c -z -f FILE``, ``--create --file=FILE``):
    its operands and its archive (None when it writes to standard output)."""
    first = values[0] if values else ""
    bundled = first[:1] != "-" and first.isalpha()  # ``tar czf h.tgz ~/.kube``
    letters = first if bundled else "".join(v[1:] for v in values if v[:1] == "-" != v[1:2])
    if "c" not in letters and "--create" not in values:
        return None
    archive: str | None = None
    operands: list[str] = []
    rest = values[1:] if bundled else values
    if bundled and "f" in first:
        archive = rest[0] if rest else None
        rest = rest[1:]
    skip = False
    directory = ""  # ``-C DIR``: later operands are read from DIR (round 18: ``-C ~ .kube``)
    for k, v in enumerate(rest):
        if skip:
            skip = False
            continue
        if v.startswith("--file="):
            archive = v.split("=", 1)[1]
        elif v.startswith("--directory="):
            directory = v.split("=", 1)[1]
        elif v[:1] == "-" and v[1:2] != "-" and v.endswith("f") and k + 1 < len(rest):
            archive, skip = rest[k + 1], True
        elif v in {"-C", "--directory"} and k + 1 < len(rest):
            directory, skip = rest[k + 1], True
        elif v in _TAR_VALUES:
            skip = True
        elif v[:1] != "-":
            operands.append(posixpath.join(directory, v) if directory else v)
    return operands, None if archive in {None, "-"} else archive


def _key_directory(source: str, ctx: Ctx) -> str | None:
    """The key directory ``source`` names whole (``~/.kube``, ``$HOME/.docker/``,
    ``/home/u/.config/gh``), else None."""
    home = posixpath.normpath(ctx.home)
    path = source
    for prefix in ("~", "$HOME", "${HOME}"):
        if path == prefix or path.startswith(prefix + "/"):
            path = home + path[len(prefix) :]
            break
    if not path.startswith("/"):
        return None
    path = posixpath.normpath(path)
    for directory in KEY_DIRECTORIES:
        if path == posixpath.join(home, directory):
            return directory
    return None
