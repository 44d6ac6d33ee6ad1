"""Windows' own administration tools started from bash: read by verb, never left unknown.

Claude Code on Windows runs its Bash tool in Git Bash, where Windows' tools are on the path:
``sc`` (services), ``net`` (services, accounts, shares, drives), ``schtasks`` (scheduled
tasks), ``reg`` (the registry), ``bcdedit`` (the boot configuration), ``takeown`` and
``icacls`` (ownership and permissions), ``wmic`` (WMI objects). No OS sandbox runs there, so the
guard is what stands between an agent and the machine. Round 22 (tune22b) reads them by verb,
the way :data:`~ondas.guards.bash_contain.SERVICE_MANAGERS` reads ``service`` and
``launchctl``:

- a change of the machine is ``system-change`` in every mode, as ``systemctl stop`` and
  ``useradd`` are: a service started, stopped, configured, created or deleted (``sc stop``,
  ``net stop NAME``), an account, group or share changed (``net user NAME PASS /add``), a
  drive mapped (``net use Z: \\\\host\\share``), a registry key written (``reg add``), the
  boot configuration changed (``bcdedit /set``), ownership or permissions changed outside the
  project (``takeown /f``, ``icacls PATH /grant``: sandboxed, left to the OS sandbox as
  ``chmod``'s are), a WMI object changed or its method called
  (``wmic process where ... delete``, ``call terminate``); a task scheduled, changed or run
  (``schtasks /create``) is ``scheduled-job``, as ``crontab`` is;
- a query only reads and is allowed in every mode, unattended runs included (``sc query``,
  ``net use``, ``net start`` alone, ``schtasks /query``, ``reg query``, ``bcdedit /enum``,
  ``icacls PATH``, ``wmic ... get``);
- anything else is judged as before, as a program no rule names
  (:func:`~ondas.guards.bash_known.unknown_program`): the same names elsewhere (Samba's
  ``net ads``, the ``sc`` spreadsheet) keep their reading.

The PowerShell cmdlets that manage services (``Stop-Service``, ``Set-Service``...) are the
same change (:data:`SERVICE_CMDLETS`), judged when PowerShell code reaches them.

Imported only for lines naming one of these programs (:func:`windows_admin`).
"""

from __future__ import annotations

from ondas.guards.bash_base import LEFT_TO_SANDBOX, Ctx, Stdin, Word, block, classify, word_set
from ondas.guards.verdict import ALLOW, Verdict

SC_READS = word_set(
    "query queryex qc qdescription qfailure qfailureflags qsidtype qprivs qtriggerinfo "
    "qpreferrednode qmanagedaccount qprotection quserservice showsid getdisplayname getkeyname "
    "enumdepend"
)
SC_CHANGES = word_set(
    "start stop pause continue control config description failure failureflags sidtype privs "
    "managedaccount delete create sdset triggerinfo preferrednode"
)
"""``sc`` verbs: the queries, and those that start, stop, configure, create or delete a
service (``sc config NAME start= disabled``)."""
NET_SERVICE_VERBS = word_set("start stop pause continue")
"""``net`` verbs that list the started services alone and control one when named."""
NET_ACCOUNT_VERBS = word_set("user users localgroup group accounts share use session")
"""``net`` verbs that show alone (or with one name) and change with more: an account's password
or switches (``net user NAME PASS``, ``/add``, ``/delete``), a group's members, a share, a
drive mapping (``net use Z: \\\\host\\share``), a session ended (``/delete``)."""
NET_READS = word_set("view config statistics stats helpmsg help time")
"""``net`` verbs that only show (``net time`` sets the clock only with ``/set``)."""
SCHTASKS_CHANGES = word_set("/create /change /run /end /delete")
REG_READS = word_set("query compare")
REG_CHANGES = word_set("add delete import restore load unload copy flags")
REG_SECRET_VERBS = REG_READS | word_set("save export")
"""``reg`` verbs that read a key's values out (``save`` and ``export`` into a file)."""
REG_SECRET_HIVES = ("sam", "security")
REG_SECRET_PARTS = ("winlogon", "putty", "vnc", "credential", "controllsa")
"""Registry keys that hold stored passwords or their hashes: the SAM and SECURITY hives under
``HKLM``, Winlogon's autologon password, PuTTY's and VNC's saved sessions, the LSA secrets
(``Control\\Lsa``); read with the backslashes left out, as bash hands an unquoted key on
(``HKLM\\SAM`` is ``HKLMSAM``). A query of one is a read of credentials, not of settings."""

BCDEDIT_READS = word_set("/enum /v /?")
BCDEDIT_CHANGES = word_set(
    "/set /deletevalue /delete /create /copy /import /default /timeout /bootsequence "
    "/displayorder /toolsdisplayorder /bootems /ems /emssettings /bootdebug /debug "
    "/dbgsettings /hypervisorsettings /sysstore /mirror /clean /store"
)
ICACLS_CHANGES = (
    "/grant",
    "/deny",
    "/remove",
    "/setowner",
    "/reset",
    "/setintegritylevel",
    "/restore",
    "/inheritance",
    "/substitute",
)
"""``icacls`` switches that change permissions (``/grant:r``, ``/inheritance:r`` included);
without one it shows a path's permissions."""
WMIC_CHANGES = word_set("delete call set create")
WMIC_READS = word_set("get list")
SERVICE_CMDLETS = word_set(
    "stop-service start-service restart-service suspend-service resume-service set-service "
    "new-service remove-service spsv sasv"
)
"""PowerShell's service cmdlets and their aliases (``spsv``, ``sasv``): each changes a service
of the machine, as ``sc stop`` does; ``Get-Service`` reads."""
ELEVATORS = word_set("runas gsudo psexec psexec64 paexec")
"""Windows' tools that run a program as another user, elevated, as SYSTEM or on another machine
(round 25, tune25b): ``runas /user:Administrator cmd``, ``gsudo`` (Windows' ``sudo``), Sysinternals'
``psexec -s`` and its clone ``paexec``; ``privilege-escalation`` in every mode, as ``sudo``
and PowerShell's ``Start-Process -Verb RunAs`` are. Their usage and status pass
(:data:`ELEVATOR_READS`)."""
ELEVATOR_READS = word_set("/? -? -h --help --version -v status /showtrustlevels")
"""The words alone after an elevating tool that print its usage, version or state (``gsudo
status``, ``runas /showtrustlevels``) and run nothing."""
PROGRAMS = (
    word_set("sc net net1 schtasks reg bcdedit takeown icacls wmic setx")
    | SERVICE_CMDLETS
    | ELEVATORS
)
"""The command names :func:`windows_admin` judges."""


def _words(args: list[Word]) -> list[str | None]:
    return [None if a.value is None else a.value.lower() for a in args]


def _secret_key(word: str | None) -> bool:
    if word is None:
        return False
    key = word.replace("\\", "").replace("/", "")
    for hive in ("hkey_local_machine", "hklm"):
        if key.startswith(hive) and key[len(hive) :].startswith(REG_SECRET_HIVES):
            return True
    return any(part in key for part in REG_SECRET_PARTS)


WORLD_TRUSTEES = ("everyone", "*s-1-1-0", "users", "*s-1-5-32-545", "authenticated users",
                  "*s-1-5-11")  # fmt: skip
"""``icacls`` trustees that stand for every user of the machine (by name or SID)."""


def _world_grant(words: list[str | None]) -> bool:
    """``icacls PATH /grant Everyone:F``: a grant of full, modify or write rights to every user
    (:data:`WORLD_TRUSTEES`), the ``chmod 777`` of Windows' permissions."""
    for k, word in enumerate(words[:-1]):
        if word is None or not word.startswith("/grant"):
            continue
        for trustee in words[k + 1 :]:
            if trustee is None or trustee.startswith("/"):
                break
            who, _, rights = trustee.rpartition(":")
            if who in WORLD_TRUSTEES and any(r in rights for r in ("f", "m", "w")):
                return True
    return False


def _change(name: str, verb: str, what: str, seg: str) -> Verdict:
    return block("system-change", seg, f"{' '.join(w for w in (name, verb) if w)} {what}")


def _outside_project(paths: list[str | None], ctx: Ctx) -> bool:
    """Some path is not the project's: computed, on a drive (``C:\\shared``, which bash hands
    on as ``C:shared``, that drive's own working directory), or classified outside."""
    return any(
        p is None
        or p[1:2] == ":"
        or classify(p.replace("\\", "/"), ctx) not in {"project", "project-temp"}
        for p in paths
    )


def _left_to_sandbox(paths: list[str | None], ctx: Ctx) -> bool:
    """Sandboxed, ownership and permissions changed outside the project are writes the OS
    sandbox fails, left to it as ``chmod``'s are (:data:`~ondas.guards.bash_base.LEFT_TO_SANDBOX`;
    a drive path there is a relative name in the project)."""
    return ctx.sandboxed and all(
        p is not None and (p[1:2] == ":" or classify(p.replace("\\", "/"), ctx) in LEFT_TO_SANDBOX)
        for p in paths
    )


def windows_admin(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict | None:
    """The verdict on a Windows administration tool's line, or None to judge it as a program
    no rule names (a verb this table does not know)."""
    words = _words(args)
    if name in SERVICE_CMDLETS:
        return _change(name, "", "changes a service of the machine", seg)
    if name in ELEVATORS:
        if (len(words) == 1 and words[0] in ELEVATOR_READS) or (not words and name != "gsudo"):
            return ALLOW  # their usage; ``gsudo`` alone opens an elevated shell
        return block("privilege-escalation", seg, f"{name} runs commands with other privileges")
    if name == "setx":
        if words == ["/?"]:
            return ALLOW
        # round 25 (tune25b): ``setx NAME VALUE`` writes the user's environment in the
        # registry (``/m``: the machine's), as ``reg add HKCU\Environment`` does: every program
        # started later inherits it (``setx PATH "C:\tools;%PATH%"``)
        return _change(name, "", "writes the environment every later program inherits", seg)
    if not words:
        return None if name == "wmic" else ALLOW  # its usage; ``wmic`` alone: its console
    if words[0] is None:
        return None  # a verb computed at run time: judged as an unknown program's
    if name == "sc":
        if words[0] == "/?":
            return ALLOW
        k = 1 if (words[0] or "").startswith("\\\\") else 0  # ``sc \\host query``
        verb = words[k] if k < len(words) else None
        if verb in SC_READS:
            return ALLOW
        if verb in SC_CHANGES:
            return _change(name, verb or "", "changes a service of the machine", seg)
        return None
    if name in {"net", "net1"}:
        return _net(name, words, seg)
    if name == "schtasks":
        changed = next((w for w in words if w in SCHTASKS_CHANGES), None)
        if changed is not None:
            return block(
                "scheduled-job",
                seg,
                f"{name} {changed} schedules, changes or runs a task of the machine, unguarded",
            )
        return ALLOW if not words or "/query" in words or "/?" in words else None
    if name == "reg":
        if None in words:
            return None  # a key computed at run time: judged as an unknown program's
        if words[0] in REG_SECRET_VERBS and any(_secret_key(w) for w in words[1:]):
            return block(
                "read-credentials",
                seg,
                f"{name} {words[0]} of a key that holds stored passwords or their hashes",
            )
        if words[0] in REG_READS or words[0] == "/?":
            return ALLOW
        if words[0] in REG_CHANGES:
            return _change(name, words[0] or "", "writes the registry", seg)
        return None
    if name == "bcdedit":
        if not words or (words[0] in BCDEDIT_READS and len(words) <= 2):
            return ALLOW
        if any(w in BCDEDIT_CHANGES for w in words):
            return _change(name, words[0] or "", "changes how the machine boots", seg)
        return None
    if name == "takeown":
        if "/?" in words:
            return ALLOW
        paths = [words[k + 1] for k, w in enumerate(words[:-1]) if w == "/f"]
        if paths and (not _outside_project(paths, ctx) or _left_to_sandbox(paths, ctx)):
            return ALLOW  # the project's own files, or the sandbox's
        return _change(name, "/f", "takes ownership of files outside the project", seg)
    if name == "icacls":
        switch = next(
            (w for w in words if w is not None and w.split(":", 1)[0] in ICACLS_CHANGES), None
        )
        if switch is None:
            return ALLOW  # ``icacls PATH``: its permissions shown
        if _outside_project(words[:1], ctx) and not _left_to_sandbox(words[:1], ctx):
            return _change(name, switch, "changes permissions outside the project", seg)
        if ctx.unattended and _world_grant(words):
            return block(
                "world-writable",
                seg,
                f"{name} grants every user of the machine write access; unattended runs without "
                "the OS sandbox keep files writable by their owner only (as chmod 777)",
            )
        return ALLOW  # the project's own files, as ``chmod`` there is, or the sandbox's
    if name == "wmic":
        if any(w in WMIC_CHANGES for w in words):
            return _change(name, "", "changes a WMI object or calls its method", seg)
        if any(w in WMIC_READS for w in words):
            return ALLOW
        return None
    return None


def _net(name: str, words: list[str | None], seg: str) -> Verdict | None:
    verb = words[0]
    operands = [w for w in words[1:] if w is None or not w.startswith("/")]
    switches = [w for w in words[1:] if w is not None and w.startswith("/")]
    if verb in NET_SERVICE_VERBS:
        if not operands:
            return ALLOW  # ``net start``: the started services listed
        return _change(name, verb or "", "controls a service of the machine", seg)
    if verb in NET_ACCOUNT_VERBS:
        shown = [w for w in switches if w.split(":", 1)[0] != "/domain"]
        if len(operands) <= 1 and not shown:
            return ALLOW  # ``net user``, ``net user NAME``, ``net use``: shown
        what = "changes the machine's accounts, groups, shares or drive mappings"
        return _change(name, verb or "", what, seg)
    if verb in NET_READS:
        if verb == "time" and any(w.startswith("/set") for w in switches):
            return _change(name, verb, "sets the machine's clock", seg)
        return ALLOW
    return None
