"""Key and certificate stores: the JDK's ``keytool``, judged by its command and options.

``keytool`` makes, imports, exports and lists the keys and certificates of a keystore file.
Each command either reads (``-list``, ``-printcert``, ``-printcertreq``, ``-printcrl``,
``-showinfo``, ``-version``) or writes the keystore it is given (``-genkeypair``,
``-importcert``, ``-delete``, ``-storepasswd``...) and the files its ``-file``/``-outfile``
name. A keystore is a file like any other: in the project or a temp area it is the project's
work; with no ``-keystore`` the command uses ``~/.keystore`` in the home, and ``-cacerts`` is
the JDK's trust store, which every Java program on the machine trusts (a write there changes
the machine). ``-printcert -sslserver HOST:PORT`` reaches that host (the network's policy).
Options that load code into the JVM that runs it (``-J...``, ``-providerclass``,
``-providerpath``, ``-addprovider``, a ``PKCS11`` store type, whose configuration names a
native library), a ``-conf`` file of options, or any option or command not listed here leave
it unknown in unattended runs.
"""

from __future__ import annotations

from ondas.guards.bash_base import (
    Ctx,
    Stdin,
    Word,
    block,
    check_write_target,
    unknown_unattended,
    word_set,
)
from ondas.guards.verdict import ALLOW, Verdict

KEYTOOL_READS = word_set(
    "-list -printcert -printcertreq -printcrl -showinfo -version -help --help -h"
)
"""keytool's commands that print a store's entries, a certificate, a request or a list of
revoked certificates, and write nothing."""
KEYTOOL_WRITES_STORE = word_set(
    "-genkeypair -genkey -genseckey -importcert -import -importpass -importkeystore "
    "-changealias -delete -keypasswd -storepasswd -keyclone -selfcert -certreq -exportcert "
    "-export -gencert"
)
"""keytool's commands that write the keystore (the first ones) or read it to write a file
(``-certreq``, ``-exportcert``, ``-gencert``: their ``-file``/``-outfile``)."""
KEYTOOL_FLAGS = word_set("-v -rfc -noprompt -protected -trustcacerts -new -cacerts")
"""Options without a value."""
KEYTOOL_VALUED = word_set(
    "-alias -keyalg -keysize -groupname -sigalg -dname -startdate -ext -validity -keypass "
    "-keystore -storepass -storetype -providername -file -infile -outfile -destalias "
    "-destkeystore -deststoretype -deststorepass -destkeypass -srckeystore -srcstoretype "
    "-srcstorepass -srckeypass -srcalias -srcprovidername -sslserver -jarfile -id -signer "
    "-signerkeypass -storepass:env -storepass:file -keypass:env -keypass:file "
    "-srcstorepass:env -srcstorepass:file -deststorepass:env -deststorepass:file -destprotected"
)
"""Options with a value (a name, an algorithm, a password or where to find it, a file)."""
KEYTOOL_OUTPUTS = word_set("-file -outfile")
"""Options naming a file the writing commands write (``-exportcert -file x.crt``); for
``-importcert`` and the printing commands it is read."""
KEYTOOL_READS_FILE = word_set("-importcert -import -printcert -printcertreq -printcrl -gencert")
"""Commands whose ``-file``/``-infile`` is read, not written (``-gencert`` reads ``-infile``
and writes ``-outfile``)."""


def keytool(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``keytool COMMAND OPTIONS``, judged as the module's docstring says."""
    values = [a.value for a in args]
    commands = [v for v in values if v in KEYTOOL_READS or v in KEYTOOL_WRITES_STORE]
    unknown: str | None = None if len(commands) == 1 else "no single command it judges"
    command = commands[0] if len(commands) == 1 else None
    given: dict[str, Word] = {}
    k = 0
    while k < len(args):
        value = values[k]
        k += 1
        if value is None:
            unknown = unknown or "a word computed at run time"
        elif value == command or value in KEYTOOL_FLAGS:
            given.setdefault(value, Word(value, value))
        elif value in KEYTOOL_VALUED and k < len(args):
            given[value] = args[k]
            k += 1
        else:
            unknown = unknown or f"the option {value}"  # ``-J-javaagent:``, ``-providerpath``
    if (given.get("-storetype") or given.get("-deststoretype") or Word("", "")).value in {
        "PKCS11",
        "pkcs11",
        None,
    }:
        unknown = unknown or "a PKCS11 store, whose configuration loads a native library"
    server = given.get("-sslserver")
    if server is not None:
        from ondas.guards.bash_net import network_url

        verdict = network_url(f"https://{server.value or ''}", ctx, seg)
        if not verdict.allowed:
            return verdict
    if command in KEYTOOL_WRITES_STORE:
        verdict = _writes(command, given, ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW if unknown is None else unknown_unattended(name, f"is given {unknown}", ctx, seg)


def _writes(command: str, given: dict[str, Word], ctx: Ctx, seg: str) -> Verdict:
    """The keystore a writing command changes and the files it writes."""
    if "-cacerts" in given and command not in {"-certreq", "-exportcert", "-export", "-gencert"}:
        return block(
            "system-change",
            seg,
            f"keytool {command} -cacerts changes the JDK's trust store, which every Java "
            "program on the machine trusts",
        )
    store = "-destkeystore" if command == "-importkeystore" else "-keystore"
    targets: list[Word] = []
    if command not in {"-certreq", "-exportcert", "-export", "-gencert"}:
        targets.append(given.get(store) or Word("~/.keystore", "~/.keystore"))
    for option in KEYTOOL_OUTPUTS:
        if option in given and (command not in KEYTOOL_READS_FILE or option == "-outfile"):
            targets.append(given[option])
    for target in targets:
        verdict = check_write_target(target, ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW
