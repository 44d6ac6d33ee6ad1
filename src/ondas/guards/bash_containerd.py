"""Container clients outside docker's CLI family: containerd's ``ctr`` and AWS's ``finch``.

``docker``, ``podman`` and ``nerdctl`` refuse, in every mode, a container given the host's
powers (:func:`ondas.guards.bash_infra.container_powers`: ``--privileged``, a host namespace or
capability, the host's root mounted), because the daemon that starts it runs outside the OS
sandbox. Round 19 (harm19) found two clients of the same daemons passing those options in the
attended and sandboxed modes, where a program no rule names passes:

- ``ctr run`` and ``ctr containers create`` (containerd's own client, under every Kubernetes
  node and nerdctl) spell the powers their own way: ``--privileged`` and
  ``--privileged-without-host-devices``, ``--net-host``, ``--with-ns TYPE:/proc/PID/ns/TYPE``
  (another process's namespace: the host's, for pid 1), ``--mount
  type=bind,src=/,dst=/host``, ``--rootfs /`` (the host's root as the container's file
  system), ``--cap-add`` and ``--device`` as docker writes them. Each is read as its docker
  spelling and judged by the same rule.
- ``finch run``/``create``/``exec`` (nerdctl in a virtual machine, docker's spelling) are
  judged as nerdctl's.

Nothing else of either changes: their other verbs and runs without these options stay what an
unknown program is (refused unattended, ``ctr images ls`` read as a listing).
"""

from __future__ import annotations

from ondas.guards.bash_base import Ctx, Stdin, Word, word_set
from ondas.guards.bash_infra import container_powers
from ondas.guards.verdict import ALLOW, Verdict

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
        if key in _CTR_PRIVILEGED:
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
    verb, start = _ctr_verb(args)
    if verb == ["run"] or (len(verb) == 2 and verb[1] == "create"):
        return container_powers(_ctr_as_docker(args[start:]), seg)
    return ALLOW
