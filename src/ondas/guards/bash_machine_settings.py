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

Round 26 (``left26b``): systemd's ``localectl`` (the locale and keyboard), ``loginctl`` (login
sessions: ``terminate-*``/``kill-*`` end processes, ``signal-control``), ``systemd-analyze``'s
setters (``log-level debug``) and macOS's ``softwareupdate`` (``-i``, ``--install``) and
``kextload``/``kextunload`` (a kernel extension) by the same reading; their printing forms
(``localectl list-locales``, ``loginctl list-sessions``, ``systemd-analyze critical-chain``,
``softwareupdate -l``) pass in every mode.
Round 26 (tune26): Windows' network shell ``netsh`` (its firewall, interfaces, proxy and Wi-Fi
profiles: ``netsh advfirewall set allprofiles state off``), its registry editor ``regedit``
(``regedit /s x.reg`` merges a file into the registry; alone it opens the machine's registry
for editing) and the BSDs' and macOS's packet filter ``pfctl`` (``pfctl -d`` turns it off, ``-f``
loads rules, ``-F`` flushes them) join them: the firewall and the network's settings are the
machine's, for every program and user on it. Their printing forms pass (``netsh advfirewall
show allprofiles``, ``netsh interface ip show config``, ``regedit /e out.reg``, ``pfctl -sr``,
``pfctl -nf pf.conf``, which only parses).

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
    "localectl": "changes the machine's locale or keyboard layout",
    "loginctl": "changes the machine's login sessions, seats or lingering users",
    "systemd-analyze": "changes the service manager's log level, log target or watchdogs",
    "softwareupdate": "installs, downloads or schedules the operating system's updates",
    "kextload": "loads a kernel extension into the running kernel",
    "kextunload": "unloads a kernel extension from the running kernel",
    "netsh": "changes the machine's network settings (firewall, interfaces, proxy, Wi-Fi)",
    "regedit": "edits the machine's registry (a .reg file merged, or the editor opened)",
    "pfctl": "changes the machine's packet filter (turned off or on, rules loaded or flushed)",
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
LOCALECTL_READS = word_set(
    "status list-locales list-keymaps list-x11-keymap-models list-x11-keymap-layouts "
    "list-x11-keymap-variants list-x11-keymap-options"
)
"""``localectl``'s verbs that print; ``set-locale``, ``set-keymap`` and ``set-x11-keymap``
write ``/etc/locale.conf`` and ``/etc/vconsole.conf`` through systemd-localed."""
LOCALECTL_OPTIONS = word_set("--no-pager --no-ask-password --no-convert -h --help --version")
LOGINCTL_READS = word_set(
    "list-sessions session-status show-session list-users user-status show-user list-seats "
    "seat-status show-seat"
)
"""``loginctl``'s verbs that print. ``terminate-*`` and ``kill-*`` end a session's, a user's
or a seat's processes (the agent's own session among them: :func:`machine_settings`);
``enable-linger`` keeps a user's services running after logout, ``attach`` gives a seat a
device, ``lock-sessions`` locks every screen."""
LOGINCTL_OPTIONS = word_set(
    "--no-pager --no-legend --no-ask-password -a --all -p --property --value -l --full -n "
    "--lines -o --output -j --json -h --help --version"
)
ANALYZE_SETTERS = word_set("log-level log-target service-watchdogs set-log-level set-log-target")
"""``systemd-analyze``'s verbs that print a setting of the service manager alone and change
it when given a value (``log-level debug``); its other verbs read (``blame``,
``critical-chain``, ``plot``, ``verify``, ``security``, ``calendar``...)."""
ANALYZE_OPTIONS = word_set(
    "--system --user --global --order --require --from-pattern --to-pattern --fuzz --man "
    "--generators --root --image --image-policy --recursive-errors --offline --threshold "
    "--security-policy --json --iterations --base-time --unit --table --no-legend --no-pager "
    "-q --quiet --tldr --scale-svg --detailed --profile --no-ask-password -h --help --version"
)
SOFTWAREUPDATE_READS = word_set(
    "-l --list --history --list-full-installers --dump-state -h --help --product-types "
    "--no-scan --all -a --verbose"
)
"""``softwareupdate``'s options that list what Apple offers or what was installed; ``-i``/
``--install``, ``-d``/``--download``, ``--fetch-full-installer``, ``--install-rosetta``,
``--schedule``, ``--ignore``, ``--reset-ignored`` and ``--background`` change the machine."""
SYSTEMD_CTL = {
    "localectl": (LOCALECTL_OPTIONS, LOCALECTL_READS),
    "loginctl": (LOGINCTL_OPTIONS, LOGINCTL_READS),
}
ENDS_PROCESSES = ("terminate-", "kill-")
NETSH_READS = word_set("show dump help ? /? -?")
"""``netsh``'s verbs that print (``netsh advfirewall show allprofiles``, ``netsh interface
ip show config``, ``netsh dump``); a line is read only when one of them comes before any
other verb (``set``, ``add``, ``delete``, ``reset``, ``connect``, ``export``...)."""
NETSH_CONTEXTS = word_set(
    "advfirewall firewall interface ip ipv4 ipv6 tcp wlan lan winhttp http winsock ras dhcp "
    "dhcpclient bridge namespace branchcache wcn rpc mbn nap netio trace wfp p2p dnsclient "
    "global allprofiles domainprofile privateprofile publicprofile currentprofile portproxy "
    "v4tov4 v4tov6 v6tov4 v6tov6 isatap 6to4 teredo httpstunnel consec mainmode monitor"
)
"""``netsh``'s contexts and the sub-contexts a verb follows (``netsh interface portproxy``)."""
NETSH_REMOTE = word_set("-r -u -p -f -a -c")
"""``netsh``'s options that act on another machine, run a script or an alias file: not read."""
REGEDIT_READS = word_set("/e -e /E -E /? -?")
"""``regedit``'s forms that print: ``/e FILE [KEY]`` exports (a file written, the registry
unchanged), ``/?`` its usage."""
PFCTL_VALUED = frozenset("aDfFiKkoprsTtx")
"""``pfctl``'s options that take a value (the next word when not attached)."""
PFCTL_CHANGES = frozenset("deFkKxzDopiP")
"""``pfctl``'s options that change the filter or its state: ``-d``/``-e`` off and on, ``-F``
flush, ``-k``/``-K`` kill states, ``-x`` debug level, ``-z`` zero counters, ``-D`` macros
for a load, ``-o`` optimise a load, ``-p``/``-i`` a device or interface acted on."""
PFCTL_TABLE_READS = word_set("show test")
_REMOTE = word_set("-H --host -M --machine")
"""systemd tools' options that act on another machine or container: not read here."""


def _systemd_reads(name: str, words: list[str]) -> bool:
    """``localectl``, ``loginctl`` and ``systemd-analyze`` with known options and a printing
    verb (none: their status, list or boot time)."""
    flags = [w.split("=", 1)[0] for w in words if w.startswith("-")]
    options, reads = SYSTEMD_CTL.get(name, (ANALYZE_OPTIONS, frozenset()))
    if any(f in _REMOTE or f not in options for f in flags):
        return False
    verbs = [w for w in words if not w.startswith("-")]
    if not verbs or name in SYSTEMD_CTL:
        return not verbs or verbs[0] in reads
    return verbs[0] not in ANALYZE_SETTERS or len(verbs) == 1


def _netsh_reads(words: list[str]) -> bool:
    lowered = [w.lower() for w in words]
    if any(w in NETSH_REMOTE for w in lowered):
        return False
    for word in lowered:
        if word in NETSH_READS:
            return True
        if word not in NETSH_CONTEXTS:
            return False  # a verb that changes, or one not known: fails closed
    return False  # alone, or contexts only: the interactive shell reads commands from its input


def _pfctl_reads(words: list[str]) -> bool:
    letters: set[str] = set()
    table_command = None
    k = 0
    while k < len(words):
        word = words[k]
        if not word.startswith("-") or word == "-":
            k += 1
            continue
        cluster = word[1:]
        for j, letter in enumerate(cluster):
            letters.add(letter)
            if letter in PFCTL_VALUED:
                value = cluster[j + 1 :]
                if not value and k + 1 < len(words):
                    k += 1
                    value = words[k]
                if letter == "T":
                    table_command = value
                break
        k += 1
    if letters & PFCTL_CHANGES:
        return False
    if "T" in letters:
        return table_command in PFCTL_TABLE_READS
    if "f" in letters and "n" not in letters:
        return False  # rules loaded, not only parsed
    return bool(letters & {"s", "n"})


def _reads(name: str, words: list[str]) -> bool:
    if name in {"localectl", "loginctl", "systemd-analyze"}:
        return _systemd_reads(name, words)
    if name == "softwareupdate":
        return bool(words) and all(w in SOFTWAREUPDATE_READS for w in words)
    if name in {"kextload", "kextunload"}:
        return words in (["-h"], ["-help"])
    if name == "netsh":
        return _netsh_reads(words)
    if name == "regedit":
        return bool(words) and words[0] in REGEDIT_READS
    if name == "pfctl":
        return _pfctl_reads(words)
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
    verb = next((w for w in words if not w.startswith("-")), "")
    if name == "loginctl" and verb.startswith(ENDS_PROCESSES):
        return block(
            "signal-control",
            seg,
            f"loginctl {verb} ends a login's processes, which may be the session running "
            "claude and ondas",
        )
    return block("system-change", seg, f"{name} {WHAT[name]}")
