"""The bash guard's rule on secret files (``.env``, private keys, keystores, credential files):
their contents are not the agent's to print or copy out (``read-secret-file``, every mode).

Which files: :func:`ondas.guards.secret_files.secret_name`, the test the Read tool's deny rules
are made from. Which commands: every program given such a file is taken to read it, as a
program given ``~/.ssh/id_rsa`` is, unless it is one of those that only look at the file, load
it without printing it, write it, or use a key for its purpose:

- lookers and writers (:data:`LOOKERS`): ``ls``, ``test``, ``stat``, ``wc``, hashes, ``chmod``,
  ``rm``, ``touch``, ``tee``, ``echo``/``printf`` (they print the name, not the file);
- loaders (:data:`LOADERS`): ``source``/``.`` (``set -a; . ./.env``), ``dotenv``, ``dotenvx``,
  ``env-cmd``, ``direnv`` (their printing verbs, ``dotenv get``/``list``, are secret printers:
  :mod:`ondas.guards.bash_printers`);
- key users (:data:`KEY_USERS`): ``ssh-keygen``, ``ssh-add``, ``gpg``, ``keytool``;
- any program given the file as the value of an option that uses it or writes it
  (:data:`USE_OPTIONS`: ``--env-file``, ``--key``, ``--cert``, ``-i`` of ssh, ``-o``/``-out``);
- shapes read per program: ``cp``/``mv``/``ln``/``install``/``scp``/``rsync`` copy a secret
  only to another secret name on this machine (``cp .env .env.bak``; ``cp .env notes.txt`` and
  ``scp .env host:`` are refused); ``dd`` reads ``if=``; ``git`` prints it only through
  ``show``/``diff``/``blame``/``grep``/``cat-file``/``archive``/``log -p``; ``openssl`` prints
  ``-in`` unless given ``-noout``/``-pubout`` or an ``-out`` that is itself a secret name;
  ``find`` prints names unless it runs a program that is not a looker; ``diff -q`` and
  ``cmp -s`` say only whether files differ; ``grep -q``/``-c``/``-l`` whose patterns are a
  variable's name (``grep -q '^DATABASE_URL=' .env``) say only whether it is set.

Decided and documented: ``diff .env .env.example`` prints the values and is refused (``diff -q``
passes); ``grep -c KEY .env`` with a pattern that is not a variable's name is refused, since
counts of chosen patterns spell the value out one guess at a time. Reading a secret on the
standard input (``< .env``) is refused by the redirect's rule (:mod:`ondas.guards.bash`), and
interpreter code that names one, however it arrives (``-c``, a pipe, a heredoc, a script written
in the same command), by :func:`ondas.guards.bash_code.check_code`.
What this rule does not see: a secret loaded into the environment and then printed
(``source .env; env``), and a file reached through a name that does not say secret.
"""

from __future__ import annotations

from ondas.guards.bash_base import (
    FIND_WRITES,
    TARGET_DIRECTORY,
    Word,
    block,
    command_name,
    globbed,
    option_values,
    positionals,
    word_set,
)
from ondas.guards.secret_files import named_secrets, secret_name
from ondas.guards.verdict import ALLOW, Verdict

LOOKERS = word_set(
    "ls stat test [ [[ file du wc touch chmod chown chgrp rm rmdir unlink shred truncate trash "
    "trash-put rmtrash gio realpath readlink basename dirname md5sum sha1sum sha224sum "
    "sha256sum sha384sum sha512sum shasum b2sum cksum sum echo printf mkdir tee export unset"
)
"""Programs that look at a file's name or metadata, delete it, or write it."""
LOADERS = word_set("source . dotenv dotenvx env-cmd direnv")
"""Programs that load a ``.env`` into the environment of a command without printing it."""
KEY_USERS = word_set("ssh-keygen ssh-add gpg gpg2 gpg-agent keytool")
"""Programs whose use of a key file is to sign, decrypt, import or authenticate with it."""
USERS = LOOKERS | LOADERS | KEY_USERS
USE_OPTIONS = word_set(
    "--env-file --env-file-if-exists --from-env-file --from-file --key --key-file --keyfile "
    "--ssl-keyfile --ssl-certfile --certfile --cert --cert-file --tls-key --tls-cert --tlskey "
    "--tlscert --tlscacert --client-key --client-cert --private-key --identity-file --cacert "
    "--netrc-file --credential-file --credentials-file --service-account-key-file "
    "--ssl-key --ssl-cert --kubeconfig -E -o --output -O --output-document -out -keyout -key "
    "-CAkey -signkey -inkey -certfile"
)
"""Options whose value is a key, certificate or env file the program uses, or a file it
writes (``docker compose --env-file .env``, ``curl --key client.key``, ``openssl genrsa -out
key.pem``, ``dd``'s ``of=`` is read the same way)."""
KEY_OPTIONS = {
    "tauri": word_set("-w --write-keys -k --private-key -f --private-key-path"),
    **dict.fromkeys(("minisign", "signify"), word_set("-s -p")),
}
"""Round 17: options of key-pair tools whose value is the key they write or sign with
(``tauri signer generate -w keys/app.key``, ``minisign -G -s keys/app.key``), as ``openssl
genrsa -out`` is: a use, judged as a write where it is one, not a read of the secret."""
SSH_USE_OPTIONS = word_set("-i -F")
SSH_PROGRAMS = word_set("ssh scp sftp ssh-copy-id autossh mosh")
COPIERS = word_set("cp mv ln install scp rsync sftp ditto")
"""Programs whose operands are files copied (or linked) to the last one."""
_COPIER_VALUED = word_set(
    "-t --target-directory -S --suffix -m --mode -o --owner -g --group -i -F -P -c -l -e --rsh "
    "-J --exclude --include --files-from --exclude-from --include-from"
)
GIT_PRINTERS = word_set(
    "show diff blame annotate cat-file grep archive format-patch difftool whatchanged range-diff"
)
_GIT_VALUED = word_set("-C -c --git-dir --work-tree --namespace")
_GIT_PATCH = word_set("-p -u --patch -L --full-diff --cc")
FIND_ACTIONS = word_set("-exec -execdir -ok -okdir")
GREPS = word_set("grep egrep fgrep ggrep rg ag ack zgrep")
_GREP_VALUED = word_set(
    "-e -f -m -A -B -C -d -D --regexp --file --max-count --after-context --before-context "
    "--context --include --exclude --exclude-dir --glob -g -t --type -T --type-not --color "
    "--colour --label"
)
_GREP_SILENT = word_set(
    "-q --quiet --silent -c --count -l --files-with-matches -L --files-without-match"
)
_EXCLUDING = ("--exclude", "--ignore")
"""Options whose value is a pattern of files left out (``--exclude=.env``)."""
_GLOBBING = word_set("-g --glob --iglob")
"""Options of rg and its kin whose value leaves files out when it starts with ``!``."""


def reads_secret_file(name: str, args: list[Word], segment: str, code: str = "") -> Verdict:
    """Refuse ``name args`` when it reads a secret file's contents (see the module); ``code``
    says which words may be code, where a module's ``env`` accessor is no file (``rails runner
    'puts Rails.env'``: :func:`~ondas.guards.secret_files.named_secrets`)."""
    if name in USERS:
        return ALLOW
    secret = _shaped(name, args, code)
    if secret is None:
        return ALLOW
    return block(
        "read-secret-file",
        segment,
        f"{name} is given {secret[:80]!r}: a secret file (an env file, a private key or "
        "keystore, a credentials file) is not the agent's to print or copy out; a command "
        "loads one without printing it (`set -a; . ./.env; set +a`, `--env-file .env`)",
    )


def _shaped(name: str, args: list[Word], code: str = "") -> str | None:
    """The secret ``name args`` reads, or None, by the program's shape."""
    if name in COPIERS:
        return _copied(name, args)
    if name == "dd":
        return _first([w for w in args if w.value and w.value.startswith("if=")], frozenset(), name)
    if name == "git":
        return _git(args)
    if name == "openssl":
        return _openssl(args)
    if name == "find":
        return _find(args)
    if name in {"diff", "cmp"}:
        quiet = {"-q", "--brief", "-s", "--silent", "--quiet"}
        if any(w.value in quiet for w in args):
            return None
    if name in GREPS:
        return _grep(args)
    extra = SSH_USE_OPTIONS if name in SSH_PROGRAMS else KEY_OPTIONS.get(name, frozenset())
    return _first(args, extra, name, code)


def _first(args: list[Word], extra: frozenset[str], name: str, code: str = "") -> str | None:
    """The first secret named by ``args``, skipping the values of options that use or write
    the file and the patterns of options that leave files out (``--exclude=.env``)."""
    skip = False
    for i, word in enumerate(args):
        v = word.value
        if v is None:
            if not skip and (tail := _computed_secret(word)) is not None:
                return tail
            continue
        if skip:
            skip = False
            continue
        if v.startswith("-"):
            key = v.split("=", 1)[0]
            if key in USE_OPTIONS or key in extra or key.startswith(_EXCLUDING):
                skip = "=" not in v
                continue
            if key in _GLOBBING:
                value = v.split("=", 1)[1] if "=" in v else None
                following = args[i + 1].value if i + 1 < len(args) else None
                if (value if value is not None else following or "").startswith("!"):
                    skip = value is None
                    continue
        found = named_secrets(v, globs=globbed(word) or _expanded(word), code=code)
        if found:
            return found[0]
    return None


def _expanded(word: Word) -> bool:
    """A word that is a variable's value (``"$f"``, ``$F``): a pattern in it stands for the
    names it matched where it was set (``for f in .env*; do cat "$f"; done``), or is expanded
    now (``cat $F``)."""
    return word.text.lstrip('"').startswith("$") and not word.text.lstrip('"').startswith("$(")


def _computed_secret(word: Word) -> str | None:
    """A secret a word computed at run time names: by its last component, or as the output of
    a listing of secret files (``$(ls .env*)``)."""
    tail = _computed_directory_secret(word)
    if tail is not None:
        return tail
    text = word.text.strip('"')
    if text.startswith("$(") and text.endswith(")"):
        inner = text[2:-1]
    elif len(text) > 1 and text[0] == text[-1] == "`":
        inner = text[1:-1]
    else:
        return None
    if "$(" in inner or "`" in inner:
        return None
    listed = listed_secret(inner)
    return None if listed is None else f"{listed} (listed by {text})"


_LISTING_EXCLUDES = word_set("-v --invert-match -not ! --exclude --exclude-dir -prune")
"""Words after which a secret's name in a listing is one left out (``ls | grep -v .env``)."""


def listed_secret(listing: str) -> str | None:
    """A secret file a listing's output may name, when that output becomes file names
    (``cat $(ls .env*)``, ``find . -name '*.pem' | xargs cat``): the listing names it or a glob
    that matches it, and leaves none of them out. An exclusion leaves out what its pattern
    names: ``grep -v .env``, ``-not -name '*.pem'`` leave the secrets out; ``grep -v example``
    still lists ``.env`` and ``.env.local`` (round 18, holes18)."""
    words = listing.split()
    kept: list[str] = []
    excluding = False
    for word in words:
        key = word.split("=", 1)[0]
        if word == "-prune":
            return None  # ``find . -name .env -prune -o -print``: what the pattern before names
        if word in _LISTING_EXCLUDES or key in {"--exclude", "--exclude-dir"}:
            excluding = "=" not in word
            if not excluding and _names_secrets(word.split("=", 1)[1]):
                return None
            continue
        if excluding:
            if word.startswith("-") and word not in {"-", "--"}:
                continue  # ``-not -name PATTERN``, ``grep -v -e PATTERN``: the option's pattern
            excluding = False
            if _names_secrets(word):
                return None
            continue
        kept.append(word)
    found = named_secrets(" ".join(kept), globs=True)
    return found[0] if found else None


def _names_secrets(pattern: str) -> bool:
    """An excluded pattern that names secret files (``.env``, ``'*.pem'``, ``'\\.env'``)."""
    plain = pattern.strip("'\"").replace("\\", "").strip("^$")
    return bool(named_secrets(plain, globs=True)) or bool(named_secrets(plain + "*", globs=True))


def listed_read(name: str, args: list[Word], listing: str, segment: str) -> Verdict:
    """``LISTING | xargs NAME ARGS``: the names the listing prints are ``NAME``'s operands, as
    ``NAME ARGS $(LISTING)`` gives them."""
    if name in USERS or listed_secret(listing) is None:
        return ALLOW
    return reads_secret_file(name, [*args, Word(None, f"$({listing})")], segment)


def _computed_directory_secret(word: Word) -> str | None:
    """A word computed at run time whose last component is written out and names a secret
    (``"$CLAUDE_CONFIG_DIR/.credentials.json"``, ``"$dir/.env"``): the directory is unknown, the
    file's name says what it holds wherever it is."""
    text = word.text.strip("\"'")
    head, slash, tail = text.rpartition("/")
    if not slash or not head or any(c in tail for c in "$`(){}*?[]\"'\\"):
        return None
    return text if secret_name(tail) else None


def _copied(name: str, args: list[Word]) -> str | None:
    """A secret among the sources of a copy whose destination is not a secret name on this
    machine (``cp .env .env.bak`` passes; ``cp .env /tmp/x``, ``scp .env host:`` do not)."""
    operands = [w for w in positionals(args, _COPIER_VALUED) if w.value is not None]
    directories = list(option_values(args, TARGET_DIRECTORY, short_equals=False))
    target = directories[-1].value if directories else None
    if target is None and operands:
        target = operands.pop().value
    for word in operands:
        found = named_secrets(word.value or "", globs=globbed(word))
        if found:
            remote = target is not None and ":" in target.split("/", 1)[0]
            if target is None or remote or not secret_name(target):
                return found[0]
    return None


def _git(args: list[Word]) -> str | None:
    words = positionals(args, _GIT_VALUED)
    verb = words[0].value if words else None
    patch = any(w.value in _GIT_PATCH for w in args)
    if verb in GIT_PRINTERS or (verb in {"log", "stash"} and patch):
        return _first(args, frozenset(), "git")
    return None


def _openssl(args: list[Word]) -> str | None:
    values = [w.value for w in args]
    if "-noout" in values or "-pubout" in values:
        return None
    out = next((values[i + 1] for i, v in enumerate(values[:-1]) if v == "-out"), None)
    if out is not None and secret_name(out):
        return None
    return _first(args, frozenset(), "openssl")


def _find(args: list[Word]) -> str | None:
    values = [w.value for w in args]
    for i, v in enumerate(values):
        if v in FIND_WRITES:
            return _first(args, frozenset(), "find")
        if v in FIND_ACTIONS and i + 1 < len(values):
            program = values[i + 1]
            if program is None or command_name(program) not in LOOKERS:
                return _first(args, frozenset(), "find")
    return None


def _grep(args: list[Word]) -> str | None:
    """A secret among a grep's files (or its ``-f`` pattern file), unless the grep only asks
    whether variables of given names are set (``-q``/``-c``/``-l`` with such patterns)."""
    patterns: list[str | None] = []
    files: list[Word] = []
    explicit = False
    i = 0
    rest = False
    while i < len(args):
        word, v = args[i], args[i].value
        if not rest and v == "--":
            rest = True
        elif not rest and v is not None and v.startswith("-") and len(v) > 1:
            key = v.split("=", 1)[0]
            value = v.split("=", 1)[1] if "=" in v else None
            if key in {"-e", "--regexp", "-f", "--file"}:
                explicit = True
                if value is None and i + 1 < len(args):
                    i += 1
                    value = args[i].value
                if key in {"-f", "--file"}:
                    if value is not None and secret_name(value):
                        return value
                    patterns.append(None)
                else:
                    patterns.append(value)
            elif key in _GREP_VALUED and value is None:
                i += 1
        elif not explicit and not patterns:
            patterns.append(v)
        else:
            files.append(word)
        i += 1
    secret = _first(files, frozenset(), "grep")
    if secret is None:
        return None
    silent = any(
        w.value is not None
        and (
            w.value in _GREP_SILENT
            or (
                w.value[:1] == "-" != w.value[1:2]
                and w.value[1:].isalpha()
                and bool(set(w.value[1:]) & set("qclL"))
            )
        )
        for w in args
    )
    if silent and patterns and all(p is not None and _variable_name(p) for p in patterns):
        return None
    return secret


def _variable_name(pattern: str) -> bool:
    """``NAME``, ``^NAME`` or ``^NAME=``: a pattern that matches a variable's name only."""
    core = pattern.removeprefix("^").removesuffix("=")
    return bool(core) and (core[0].isalpha() or core[0] == "_") and core.replace("_", "a").isalnum()
