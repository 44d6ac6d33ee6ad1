"""Programs no rule names: judged by their verb, and by name in unattended runs.

Every program with a rule is checked by it. For the rest the guard knows the name and the
words. A sub-command verb that destroys (``delete``, ``destroy``, ``purge``, ``apps:destroy``,
``delete-bucket``...) is refused in every mode: service CLIs (:data:`SERVICE_CLIS`) reach
what the OS sandbox cannot see. In an unattended run the caller sets ``unattended`` when the
OS sandbox is off (``--no-sandbox``): then a program no rule names may run a sub-command that
reads (``droplet list``, ``apps:info``, ``list_queues``) and nothing else, unless it is in
:data:`KNOWN_SAFE`, the everyday tools of a software project, or :data:`KNOWN_BY_VERB`; the
refusal names the program and its verb. With the sandbox on, unknown programs run inside it
(see docs/guardrails.md for the figures behind this default).
"""

from __future__ import annotations

from ondas.guards.bash_base import Ctx, Handler, Stdin, Word, block, word_set
from ondas.guards.verdict import ALLOW, Verdict

KNOWN_SAFE = word_set(
    "ls cat head tail less more grep egrep fgrep rg ag ack wc echo printf pwd whoami id "
    "date true false test [ [[ which type hash basename dirname realpath readlink stat "
    "file du df tree diff cmp comm cut paste tr fold fmt nl column join expand unexpand "
    "rev tac seq yes sleep jq yq xmllint md5sum sha1sum sha256sum sha512sum cksum "
    "mktemp export set unset shift read local declare typeset readonly return exit "
    "break continue wait jobs fg bg getopts umask ulimit printenv uname hostname "
    "make cmake ninja meson bazel pytest py.test tox nox ruff black isort flake8 pylint "
    "mypy pyright coverage pre-commit poetry hatch pdm rye uvx tsc eslint prettier jest "
    "vitest mocha node npx deno bun mvn gradle javac java kotlinc scalac sbt rustc rustfmt "
    "clippy-driver gofmt golangci-lint dotnet swift swiftc clang gcc g++ cc c++ ld ar "
    "strip objdump nm gdb lldb valgrind pkg-config autoreconf autoconf automake "
    "configure ctest shellcheck shfmt hadolint yamllint markdownlint mdformat sphinx-build "
    "mkdocs jekyll hugo pandoc latexmk pdflatex dot convert identify ffmpeg ffprobe "
    "sqlite3 psql mysql redis-cli column iconv base64 gzip gunzip zcat bzip2 bunzip2 xz "
    "unxz zstd tar zip unzip 7z cpio lsof ps top htop pgrep free uptime vmstat nproc "
    "locale tput clear reset stty tty history fc help man info apropos whatis "
    "ssh-keygen openssl curl wget git gh glab hub tig delta bat fd fzf exa eza "
    "entr watchman inotifywait sponge ts vipe moreutils shasum lcov genhtml gcov gcovr "
    "uvicorn gunicorn whereis git-lfs pipenv pixi rye bundle "
    "bundler devbox direnv ss netstat lsblk tokei cloc ncdu stern pg_dump pg_dumpall mysqldump "
    "rspec act ansible-lint ansible-inventory ansible-doc ansible-config tmux screen "
    "journalctl dmesg"
)

KNOWN_BY_VERB = word_set(
    "rails rake celery thor invoke mix artisan django-admin manage.py alembic flask gpg"
)
"""Project task runners and tools with sub-commands: known in unattended runs like ``make``,
but a destroying task or option (``rails db:drop``, ``django-admin flush``, ``alembic
downgrade``, ``gpg --delete-secret-keys``) is refused as for a service CLI."""

CHANGING_OPTIONS = {
    "journalctl": word_set(
        "--vacuum-size --vacuum-time --vacuum-files --rotate --flush --relinquish-var "
        "--setup-keys --update-catalog"
    ),
    "dmesg": word_set("-C -c --clear --read-clear -n --console-level -D -E --console-off"),
}
"""Options that turn a known inspection tool into one that changes the machine."""

READ_OPTIONS = {
    "ansible-playbook": word_set("--check -C --syntax-check --list-hosts --list-tasks --list-tags"),
}
"""Options that make a service CLI without sub-commands only read (a dry run, a listing)."""


SERVICE_CLIS = word_set(
    "doctl heroku flyctl fly vercel netlify firebase supabase wrangler railway render "
    "linode-cli hcloud scw oci ibmcloud aliyun s3cmd mc stripe pscale neonctl turso consul "
    "nomad argocd flux eksctl kind minikube k3d skaffold tilt packer serverless sls cdk sam "
    "copilot amplify vagrant virsh vboxmanage multipass lxc incus influx etcdctl nats "
    "kafka-topics rabbitmqctl rabbitmqadmin glab sentry-cli cloudflared tailscale kustomize "
    "istioctl linkerd velero cf openstack bq cbt expo eas fastlane hub docker-compose "
    "podman-compose nerdctl-compose ollama cryptsetup docker podman nerdctl ip ansible "
    "ansible-playbook"
)
"""Command-line clients of services and infrastructure that no rule of their own covers."""

DESTRUCTIVE_VERBS = word_set(
    "delete destroy rm rmi remove purge downgrade prune drop terminate wipe reset rb del "
    "uninstall erase revoke teardown nuke truncate flush flushall flushdb evict deregister "
    "unregister undeploy decommission luksformat lukserase"
)
"""Sub-command words that destroy what a service or tool manages (``down`` and ``kill`` stop
things without losing data, and are not here)."""
WRITE_VERBS = word_set(
    "set create update add apply deploy push put write edit patch scale start stop restart "
    "run exec up import upload sync attach detach enable disable rollback promote release "
    "publish send invoke rename move copy cp mv grant login logout"
)
READ_VERBS = word_set(
    "list ls get describe show status info view inspect logs log version help whoami search "
    "cat top history diff plan validate lint check ps images ping health doctor env config "
    "current context contexts account accounts regions zones tail presign members stats summary "
    "usage"
)


def unknown_program(name: str, args: list[Word], ctx: Ctx, segment: str) -> Verdict:
    """The default for a program no rule names."""
    if "=" in name:
        return ALLOW
    verbs = _verbs(args)
    if name in SERVICE_CLIS or name not in KNOWN_SAFE:
        verdict = destroying(name, args, segment)
        if not verdict.allowed:
            return verdict
    changing = CHANGING_OPTIONS.get(name)
    if changing is not None and any((a.value or "").split("=")[0] in changing for a in args):
        return block("system-change", segment, f"{name} with these options changes the machine")
    if not ctx.unattended or name in KNOWN_SAFE or name in KNOWN_BY_VERB:
        return ALLOW
    if _reads(verbs) or any(a.value in READ_OPTIONS.get(name, ()) for a in args):
        return ALLOW
    if verbs and name in SERVICE_CLIS:
        shown = " ".join(v or "<computed>" for v in verbs[:2])
        return block(
            "unknown-program",
            segment,
            f"{name} {shown} is not a read verb the guard knows; unattended runs without the "
            "OS sandbox let service CLIs only read",
        )
    return block(
        "unknown-program",
        segment,
        f"{name} is not a program the guard knows and names no read verb; unattended runs "
        "without the OS sandbox refuse unknown programs",
    )


def service_rule(previous: Handler) -> Handler:
    """The rule of a service CLI that has one of its own (``docker``), with its destroying
    verbs refused first, as for every service CLI."""

    def handler(
        name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
    ) -> Verdict:
        verdict = destroying(name, args, seg)
        return verdict if not verdict.allowed else previous(name, args, ctx, depth, seg, s)

    return handler


DESTROYING_OPTIONS = {"down": word_set("-v --volumes --rmi")}
"""Verbs that destroy only with one of these options (``docker compose down -v`` deletes the
volumes, ``down`` alone stops the services)."""


DESTROYING_FLAGS = DESTRUCTIVE_VERBS - {"rm", "remove"}
"""Verbs that destroy as the first word of a long option (``kafka-topics --delete``,
``--purge``, ``gpg --delete-secret-keys``); ``--rm`` and ``--remove-orphans`` clean up what
the command itself creates (``docker run --rm``)."""


def destroying(name: str, args: list[Word], segment: str) -> Verdict:
    """Refuse a destroying sub-command (``volume rm``, ``apps:destroy``) or option
    (``--delete``). The sub-command path ends at the first verb that reads or writes: the
    words after it are its arguments (``docker exec web rm x`` runs ``rm`` in a container)."""
    for verb in _verbs(args):
        tokens = _tokens(verb)
        if tokens & DESTRUCTIVE_VERBS:
            return block("service-destroy", segment, f"{name} {verb} destroys what it manages")
        options = DESTROYING_OPTIONS.get(verb or "")
        if options and any(a.value in options for a in args):
            return block(
                "service-destroy",
                segment,
                f"{name} {verb} with {' '.join(sorted(options))} destroys what it manages",
            )
        if tokens & (READ_VERBS | WRITE_VERBS):
            break
    for word in args:
        v = word.value
        if v == "--":
            break
        if v is not None and v.startswith("--") and _first_token(v) in DESTROYING_FLAGS:
            return block("service-destroy", segment, f"{name} {v} destroys what it manages")
    return ALLOW


def _first_token(option: str) -> str:
    return option[2:].split("=", 1)[0].replace("_", "-").split("-", 1)[0].lower()


def _reads(verbs: list[str | None]) -> bool:
    """A sub-command path that names a read verb (``droplet list``, ``apps:info``) and no
    verb that changes anything (``config:set``)."""
    if not verbs or None in verbs:
        return False
    tokens = [_tokens(v) for v in verbs]
    if any(t & (WRITE_VERBS | DESTRUCTIVE_VERBS) for t in tokens):
        return False
    return any(t & READ_VERBS for t in tokens)


def _verbs(args: list[Word]) -> list[str | None]:
    """The leading words that are not options: a CLI's sub-command path (up to three)."""
    out: list[str | None] = []
    for word in args:
        v = word.value
        if v is not None and v.startswith("-"):
            if out:
                break
            continue
        out.append(v)
        if len(out) == 3:
            break
    return out


def _tokens(verb: str | None) -> set[str]:
    if verb is None:
        return set()
    for separator in ":/_.-":
        verb = verb.replace(separator, " ")
    return set(verb.lower().split())
