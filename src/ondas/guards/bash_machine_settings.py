"""The machine's own settings tools (power, network, host name, clock): read, or changed.

Round 25 (tune25b). macOS sets its power management with ``pmset``, its system preferences
with ``systemsetup``, its network services with ``networksetup`` and its configuration store
(host names, DNS) with ``scutil``; systemd's machines set their host name with ``hostnamectl``
and their clock and time zone with ``timedatectl``. Each talks to a daemon of the machine
(powerd, configd, systemd's hostnamed and timedated), which the OS sandbox's file rules do not
see, and each change outlives the session for every user: ``system-change`` in every mode, as
``nvram``, ``defaults write`` and ``ifconfig`` are. Their printing forms pass in every mode,
unattended runs included (``pmset -g batt``, ``networksetup -listallnetworkservices``,
``scutil --get ComputerName``, ``hostnamectl status``, ``timedatectl show``).

Imported only for lines naming one of :data:`PROGRAMS` (:func:`machine_settings`).
"""

from __future__ import annotations

from ondas.guards.bash_base import Ctx, Stdin, Word, block, word_set
from ondas.guards.verdict import ALLOW, Verdict

WHAT = {
    "pmset": "changes the machine's power management (sleep, hibernation, wake, schedules)",
    "systemsetup": "changes the machine's system settings (remote login, time, startup disk)",
    "networksetup": "changes the machine's network services (DNS, proxies, interfaces)",
    "scutil": "changes the machine's configuration store (host names, DNS, network state)",
    "hostnamectl": "changes the machine's host name",
    "timedatectl": "changes the machine's clock, time zone or time synchronisation",
}
"""What each settings tool changes, for the refusal's reason."""
PROGRAMS = frozenset(WHAT)

PMSET_READS = word_set("-g noidle")
"""``pmset``'s first words that print (``-g`` and what it shows) or only hold the machine
awake while it runs (``noidle``, as ``caffeinate`` does)."""
SETUP_READ_PREFIXES = ("-get", "-list", "-print", "-show", "-is", "-help", "-version")
"""``systemsetup``'s and ``networksetup``'s options that print (``-getremotelogin``,
``-listallnetworkservices``, ``-printcommands``, ``-showpppoestatus``,
``-isnetworkserviceenabled``); their ``-set*``, ``-create*``, ``-remove*``, ``-add*``,
``-delete*``, ``-switch*``, ``-order*``, ``-detect*`` and ``-renew*`` change the machine."""
SCUTIL_READS = word_set("--get --dns --proxy --nwi -r -w --help -h")
"""``scutil``'s options that print (a name, the resolver and proxy settings, reachability);
``--set`` changes, ``--nc start`` connects; alone it reads commands from its input."""
SCUTIL_NC_READS = word_set("list status show statistics help")
HOSTNAMECTL_OPTIONS = word_set(
    "--static --transient --pretty --json --no-pager --no-ask-password -h --help --version"
)
HOSTNAMECTL_NAMES = word_set("hostname icon-name chassis deployment location")
"""``hostnamectl`` verbs that print their value alone and set it when given one."""
TIMEDATECTL_READS = word_set("status show timesync-status show-timesync list-timezones")
TIMEDATECTL_OPTIONS = word_set(
    "--no-pager --no-ask-password -a --all -p --property --value --monitor -h --help --version"
)
_REMOTE = word_set("-H --host -M --machine")
"""systemd tools' options that act on another machine or container: not read here."""


def _reads(name: str, words: list[str]) -> bool:
    if name == "pmset":
        return not words or words[0] in PMSET_READS
    if name in {"systemsetup", "networksetup"}:
        flags = [w for w in words if w.startswith("-")]
        return bool(flags) and all(w.lower().startswith(SETUP_READ_PREFIXES) for w in flags)
    if name == "scutil":
        if words[:1] == ["--nc"]:
            return len(words) >= 2 and words[1] in SCUTIL_NC_READS
        return bool(words) and words[0] in SCUTIL_READS
    options = HOSTNAMECTL_OPTIONS if name == "hostnamectl" else TIMEDATECTL_OPTIONS
    flags = [w.split("=", 1)[0] for w in words if w.startswith("-")]
    if any(f in _REMOTE or f not in options for f in flags):
        return False
    verbs = [
        w
        for k, w in enumerate(words)
        if not w.startswith("-") and (k == 0 or words[k - 1] not in {"-p", "--property"})
    ]  # ``-p NAME``: the property shown
    if not verbs:
        return True
    if name == "hostnamectl":
        return verbs == ["status"] or (len(verbs) == 1 and verbs[0] in HOSTNAMECTL_NAMES)
    return verbs[0] in TIMEDATECTL_READS


def machine_settings(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """Allowed in the forms that print; any other form, or a word computed at run time,
    changes the machine's settings."""
    values = [a.value for a in args]
    words = [v for v in values if v is not None]
    if len(words) == len(values) and _reads(name, words):
        return ALLOW
    return block("system-change", seg, f"{name} {WHAT[name]}")
