"""Container clients outside docker's CLI family: containerd's ``ctr``, AWS's ``finch``,
``buildah``, and LXD's and Incus's ``lxc``/``incus``.

``docker``, ``podman`` and ``nerdctl`` refuse, in every mode, a container given the host's
powers (:func:`ondas.guards.bash_infra.container_powers`: ``--privileged``, a host namespace or
capability, the host's root mounted), because the daemon that starts it runs outside the OS
sandbox. Round 19 (harm19) found other clients of such daemons passing the same powers in the
attended and sandboxed modes, where a program no rule names passes:

- ``ctr run`` and ``ctr containers create`` (containerd's own client, under every Kubernetes
  node and nerdctl) spell the powers their own way: ``--privileged`` and
  ``--privileged-without-host-devices``, ``--net-host``, ``--with-ns TYPE:/proc/PID/ns/TYPE``
  (another process's namespace: the host's, for pid 1), ``--mount
  type=bind,src=/,dst=/host``, ``--rootfs /`` (the host's root as the container's file
  system), ``--cap-add`` and ``--device`` as docker writes them.
- ``finch run``/``create``/``exec`` (nerdctl in a virtual machine) and ``buildah run``/``from``
  write docker's options.
- ``lxc`` and ``incus`` (a daemon whose group is root's equal): an instance made privileged
  (``security.privileged``), given raw LXC lines (``raw.lxc``) or host ids (``raw.idmap``),
  at ``launch``/``init -c`` or by ``config set``/``profile set``, and a disk device whose
  ``source=`` is the host's root or ``/etc`` (``config device add NAME DEV disk source=/``).

Each is read as its docker spelling and judged by the same rule. Nothing else of these clients
changes: their other verbs and runs without these options stay what an unknown program is
(refused unattended, ``ctr images ls`` read as a listing).
Round 20 (``left20``): a client run in a virtual machine by its wrapper is that client's line:
``colima nerdctl -- run --privileged …`` (Colima's VM, whose containerd and mounts of the home
are the same doors) and Lima's ``nerdctl.lima``, ``docker.lima``, ``podman.lima``,
``kubectl.lima`` (``lima nerdctl …`` is a row of :data:`ondas.guards.bash_runners.RUNNERS`).
"""

from __future__ import annotations

from ondas.guards.bash_base import Ctx, Stdin, Word, check_argv, word_set
from ondas.guards.bash_infra import container_powers
from ondas.guards.verdict import ALLOW, Verdict

_OFF = word_set("false 0 no off")
"""Values that turn a boolean setting off (``--privileged=false``, ``security.privileged no``)."""
_CTR_GLOBAL_VALUED = word_set("-a --address -n --namespace --timeout --connect-timeout")
"""ctr's global options that take a value, written before its verb."""
_CTR_CONTAINER_NOUNS = word_set("c container containers")
_CTR_PRIVILEGED = word_set("--privileged --privileged-without-host-devices")
"""Every capability, every device (or none of the devices): docker's ``--privileged``."""
_CTR_NAMESPACES = {
    "pid": "--pid",
    "network": "--net",
    "ipc": "--ipc",
    "uts": "--uts",
    "user": "--userns",
    "cgroup": "--cgroupns",
}
"""``--with-ns TYPE:PATH``'s types and the docker option that shares the same namespace."""
_CTR_BOOLEAN = word_set(
    "--rm --null-io -d --detach -t --tty --read-only --allow-new-privs --seccomp --cni "
    "--no-pivot --rootfs --net-host --privileged --privileged-without-host-devices"
)
"""``ctr run``'s options that take no value; any other ``--NAME`` word takes the next word."""


def _ctr_verb(args: list[Word]) -> tuple[list[str | None], int]:
    """ctr's verb path (one or two words) and the index of the first word after it."""
    i = 0
    while i < len(args):
        value = args[i].value
        if value is None or not value.startswith("-"):
            break
        i += 2 if value in _CTR_GLOBAL_VALUED else 1
    verb: list[str | None] = [a.value for a in args[i : i + 1]]
    if verb and verb[0] in _CTR_CONTAINER_NOUNS:
        verb = [a.value for a in args[i : i + 2]]
    return verb, i + len(verb)


def _ctr_as_docker(args: list[Word]) -> list[Word]:
    """``ctr run``'s options, each that gives the host's powers written as docker writes it
    (the rest left out): ``--net-host`` is ``--net=host``, ``--with-ns pid:/proc/1/ns/pid``
    is ``--pid=host``, a bind mount's source and the ``--rootfs`` directory are ``-v SRC:``."""
    spelled: list[str] = []
    rootfs = False
    i = 0
    while i < len(args):
        value = args[i].value or ""
        key, eq, given = value.partition("=")
        following = args[i + 1].value if i + 1 < len(args) else None
        takes_value = key.startswith("--") and key not in _CTR_BOOLEAN and not eq
        if not eq:
            given = following or ""
        if eq and key in _CTR_BOOLEAN and given.lower() in _OFF:
            pass  # ``--privileged=false``: the flag turned off
        elif key in _CTR_PRIVILEGED:
            spelled.append("--privileged")
        elif key == "--net-host":
            spelled.append("--net=host")
        elif key == "--rootfs":
            rootfs = True
        elif key == "--with-ns":
            kind, _, path = given.partition(":")
            if kind in _CTR_NAMESPACES and path.startswith("/proc/"):
                spelled.append(f"{_CTR_NAMESPACES[kind]}=host")
        elif key == "--mount":
            for field in given.split(","):
                part, _, source = field.partition("=")
                if part in {"src", "source"} and source:
                    spelled.append(f"--volume={source}:/mnt")
        elif key in {"--cap-add", "--device"}:
            spelled.append(f"{key}={given}")
        elif not key.startswith("-"):
            if rootfs:  # ``ctr run --rootfs DIR ID``: DIR is the container's file system
                spelled.append(f"--volume={value}:/")
            break  # the image (or the root directory), then the container's id and command
        i += 2 if takes_value else 1
    return [Word(v, v) for v in spelled]


_LXD_PRIVILEGED_KEYS = word_set("security.privileged raw.lxc raw.idmap")
"""LXD and Incus settings that run an instance as the host's root: a privileged container
(its root is the host's), raw LXC configuration lines, host ids mapped in."""


_LXD_VALUED = word_set("--project --target --remote --storage -s --network -n --profile -p")
"""``lxc``'s and ``incus``'s options that take the next word."""


def _lxd_as_docker(args: list[Word]) -> list[Word]:
    """``lxc``'s and ``incus``'s verbs that make an instance privileged or hand it the host's
    root, written as docker's options: ``launch IMAGE NAME -c security.privileged=true``,
    ``config set NAME security.privileged true`` (also ``profile set``), ``config device add
    NAME DEV disk source=/ path=/mnt`` (also ``profile device add``)."""
    values = [a.value or "" for a in args]
    words: list[str] = []
    settings: list[str] = []
    i = 0
    while i < len(values):
        value = values[i]
        if value in {"-c", "--config"}:
            settings += values[i + 1 : i + 2]
        elif value.startswith("--config="):
            settings.append(value.split("=", 1)[1])
        elif not value.startswith("-"):
            words.append(value)
        i += 2 if value in _LXD_VALUED or value in {"-c", "--config"} else 1
    if words[:1] in (["config"], ["profile"]) and words[1:2] == ["set"]:
        rest = words[3:]
        settings += rest if rest and "=" in rest[0] else ["=".join(rest[:2])] if rest else []
    spelled: list[str] = []
    for setting in settings:
        key, _, value = setting.partition("=")
        if key in _LXD_PRIVILEGED_KEYS and value.lower() not in _OFF:
            spelled.append("--privileged")
    if words[:1] in (["config"], ["profile"]) and words[1:3] == ["device", "add"]:
        for word in words[5:]:
            key, _, value = word.partition("=")
            if key == "source" and value:
                spelled.append(f"--volume={value}:/mnt")
    return [Word(v, v) for v in spelled]


def container_client(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``ctr`` and ``finch``: a container started or entered with the host's powers is
    refused in every mode, as docker's; every other line is left to the unknown program's
    judgement (the caller's)."""
    if name == "finch":
        words = [a.value for a in args if a.value is None or not a.value.startswith("-")]
        verb = words[:2] if words[:1] == ["container"] else words[:1]
        if verb[-1:] and verb[-1] in {"run", "create", "exec"}:
            return container_powers(args, seg)
        return ALLOW
    if name in {"lxc", "incus"}:
        return container_powers(_lxd_as_docker(args), seg)
    if name == "buildah":
        verb = [a.value for a in args if not (a.value or "-").startswith("-")][:1]
        return container_powers(args, seg) if verb in (["run"], ["from"]) else ALLOW
    verb, start = _ctr_verb(args)
    if verb == ["run"] or (len(verb) == 2 and verb[1] == "create"):
        return container_powers(_ctr_as_docker(args[start:]), seg)
    return ALLOW


_COLIMA_VALUED = word_set("-p --profile")
"""Colima's global options that take a value (the instance's profile)."""


def vm_client(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``colima nerdctl [--] ARGS`` and Lima's ``nerdctl.lima ARGS`` (``docker.lima``,
    ``podman.lima``, ``kubectl.lima``): the client's line ``nerdctl ARGS``, judged by its own
    rules; Colima's other verbs (``start``, ``nerdctl install``) are an unknown program's."""
    if name.endswith(".lima"):
        client = name.removesuffix(".lima")
        return check_argv([Word(client, client), *args], ctx, depth, seg, s)
    i = 0
    while i < len(args) and (args[i].value or "").startswith("-"):
        i += 2 if args[i].value in _COLIMA_VALUED else 1
    rest = args[i + 1 :]
    if (
        args[i : i + 1]
        and args[i].value == "nerdctl"
        and [a.value for a in rest[:1]] != ["install"]
    ):
        if rest[:1] and rest[0].value == "--":
            rest = rest[1:]
        return check_argv([Word("nerdctl", "nerdctl"), *rest], ctx, depth, seg, s)
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)
