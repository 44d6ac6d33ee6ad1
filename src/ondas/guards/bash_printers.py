"""Commands whose purpose is to print a stored secret: a token, a password, a key.

``gh auth token``, ``gcloud auth print-access-token``, ``aws configure get
aws_secret_access_key``, ``git credential fill``, ``security find-generic-password -w``: each
reads a credential store through its own program, which no path rule sees, and puts the secret
into the agent's context, from where one command to a whitelisted host ships it. They are
refused as ``read-credentials`` in every mode, like ``cat ~/.aws/credentials``. A program's
other verbs keep their rules (``gh auth status`` without ``--show-token`` passes).

These are the tokens and passwords that make the user who they are to a service. An
application's own secrets, fetched from a secrets manager for the task (``vault kv get``,
``aws secretsmanager get-secret-value``, ``op read``, ``kubectl get secret``), are not in the
table: reading them is the sanctioned way to configure what the agent builds, and what the
agent's files then hold is the wave commit's secret scan's business. Nor are short-lived
credentials made for a next step (``aws ecr get-login-password | docker login
--password-stdin``), or a setting that is not a secret (``aws configure get region``).

Each row of :data:`PRINTERS` is the words that must lead the command's positional words (after
the program's global options) and, optionally, options of which one must be present.
"""

from __future__ import annotations

from ondas.guards.bash_base import CREDENTIAL_HELPERS, GPG_SECRET_EXPORTS, Word, word_set

PRINTERS: dict[str, tuple[tuple[tuple[str, ...], frozenset[str]], ...]] = {
    "gh": (
        (("auth", "token"), frozenset()),
        (("auth", "status"), frozenset({"-t", "--show-token"})),
    ),
    "glab": ((("auth", "status"), frozenset({"-t", "--show-token"})),),
    # the user's private OpenPGP keys (signing, decryption): an identity, as an SSH key is
    "gpg": (((), GPG_SECRET_EXPORTS),),
    "gpg2": (((), GPG_SECRET_EXPORTS),),
    # the kubeconfig with its client keys and tokens (``view`` alone redacts them)
    "kubectl": ((("config", "view"), frozenset({"--raw"})),),
    # Docker's credential helpers: ``get`` prints a registry's user and password
    **dict.fromkeys(CREDENTIAL_HELPERS, ((("get",), frozenset()),)),
    "gcloud": (
        (("auth", "print-access-token"), frozenset()),
        (("auth", "print-identity-token"), frozenset()),
        (("auth", "application-default", "print-access-token"), frozenset()),
        (("config", "config-helper"), frozenset()),
    ),
    "aws": (
        (("configure", "get", "aws_secret_access_key"), frozenset()),
        (("configure", "get", "aws_access_key_id"), frozenset()),
        (("configure", "get", "aws_session_token"), frozenset()),
        (("configure", "export-credentials"), frozenset()),
        # harm13: keys minted for the caller's own identity, printed (as gcloud's and az's
        # access tokens are): who the user is to AWS for hours, not a password for a next step
        (("sts", "get-session-token"), frozenset()),
        (("sts", "get-federation-token"), frozenset()),
        (("sso", "get-role-credentials"), frozenset()),
    ),
    "az": ((("account", "get-access-token"), frozenset()),),
    "heroku": ((("auth:token",), frozenset()),),
    "doctl": ((("auth", "token"), frozenset()),),
    "git": (
        (("credential", "fill"), frozenset()),
        (("credential-store", "get"), frozenset()),
        (("credential-cache", "get"), frozenset()),
    ),
    "security": (
        (("find-generic-password",), frozenset({"-w", "-g"})),
        (("find-internet-password",), frozenset({"-w", "-g"})),
        (("dump-keychain",), frozenset()),
        (("export",), frozenset()),  # the keychain's keys and identities, to a file
    ),
    # the user's own password managers: an entry shown is one of the user's passwords (pass's
    # own reading is :func:`_pass_shows`: given no command, it shows the entry named)
    "gopass": ((("show",), frozenset()), (("cat",), frozenset()), (("otp",), frozenset())),
    "bw": (
        (("get",), frozenset()),
        # round 18: every item with its login's password, and the whole vault to a file
        (("list", "items"), frozenset()),
        (("export",), frozenset()),
        # ``unlock``/``login`` print the session key (alone with ``--raw``) and ``serve`` opens
        # the vault on a port; their exceptions are :func:`_bitwarden_session`'s (round 18)
        (("unlock",), frozenset()),
        (("login",), frozenset()),
        (("serve",), frozenset()),
    ),
    "rbw": ((("get",), frozenset()), (("code",), frozenset())),  # a password, a TOTP code
    "lpass": ((("show",), frozenset()), (("export",), frozenset())),
    # an entry's fields, the database in clear text, an entry's password on the clipboard
    "keepassxc-cli": (
        (("show",), frozenset()),
        (("export",), frozenset()),
        (("clip",), frozenset()),
        (("attachment-export",), frozenset()),
    ),
    # 1Password's session token, printed for ``eval`` or alone (``--raw``)
    "op": ((("signin",), frozenset()),),
    "kwallet-query": (((), frozenset({"-r", "--read-password"})),),
    "secret-tool": ((("lookup",), frozenset()), (("search",), frozenset())),
    # the machine's password hashes, as ``cat /etc/shadow`` prints them
    "getent": ((("shadow",), frozenset()), (("gshadow",), frozenset())),
    "keyctl": (
        (("print",), frozenset()),
        (("read",), frozenset()),
        (("pipe",), frozenset()),
    ),
    "vault": ((("print", "token"), frozenset()),),
    # round 15: the Python keyring's command line prints the password stored for a service
    "keyring": ((("get",), frozenset()),),
    # round 15: a registry's token or password read back from npm's configuration; these
    # rows are read by :func:`_package_token`, which asks that the key name a token
    **dict.fromkeys(
        ("npm", "pnpm", "yarn"), ((("config", "get"), frozenset()), (("get",), frozenset()))
    ),
    # the project's own env file, printed by the programs that load it: python-dotenv's and
    # dotenvx's ``get``/``list``, dotenv-cli's ``-p NAME``, dotenvx's private ``keypair``
    "dotenv": ((("get",), frozenset()), (("list",), frozenset()), ((), frozenset({"-p"}))),
    "dotenvx": ((("get",), frozenset()), (("keypair",), frozenset())),
}
"""By program: (leading positional words, options of which one must be given)."""

_VALUED = frozenset(
    {
        "-C",
        "-c",
        "--profile",
        "--region",
        "--project",
        "--account",
        "--configuration",
        "-R",
        "--repo",
        "--hostname",
        "-h",
        "-n",
        "--namespace",
        "--context",
        "--vault",
        "--session",
        "--format",
        "-f",
        "--file",
        "-e",
        "--env-file",
    }
)
"""Global options that take a value, skipped when the leading words are looked for."""


PASS_COMMANDS = word_set(
    "init ls list find search show grep insert add edit generate rm remove delete mv rename "
    "cp copy git help version otp"
)
"""pass's commands: any other first word is an entry's name, which ``pass`` shows."""


PASS_STORES = word_set("pass passage")
"""pass and its age-encrypted fork passage (round 19): the same commands, an entry named alone
shown."""


_OTP_OTHERS = word_set("insert append validate help")
"""pass-otp's commands that print no code: the writers (``secret-store-mutation``), a check."""


def _pass_shows(args: list[Word]) -> str | None:
    """``pass NAME`` and ``pass -c NAME`` are ``pass show``: given no command, pass shows the
    entry (``-c``/``--clip`` puts the password on the clipboard, where any program of the
    session reads it back); ``pass grep`` prints the decrypted lines that match. ``pass``
    alone lists the entries' names. ``pass otp NAME`` (pass-otp; round 18) prints the entry's
    current one-time code, ``pass otp uri NAME`` its ``otpauth://`` seed."""
    words = [a.value for a in args if a.value is None or not a.value.startswith("-")]
    if not words:
        return None
    if words[0] == "otp":
        verb = words[1] if len(words) > 2 else "code"
        return f"otp {verb}" if verb not in _OTP_OTHERS and len(words) > 1 else None
    if words[0] is None or words[0] in {"show", "grep"} or words[0] not in PASS_COMMANDS:
        return words[0] if words[0] in {"show", "grep"} else "show"
    return None


_PACKAGE_CONFIGS = word_set("npm pnpm yarn")
_TOKEN_KEY = ("_authtoken", "_auth", "_password", "npmauthtoken", "npmauthident")


def _package_token(args: list[Word]) -> str | None:
    """A package manager's configuration read for a registry's token or password (round 15:
    ``npm config get //registry.npmjs.org/:_authToken``), as ``cat ~/.npmrc`` reads it."""
    words = [a.value or "" for a in args if not (a.value or "-").startswith("-")]
    lead = words[:2] if words[:1] == ["config"] else words[:1]
    if lead not in (["config", "get"], ["get"], ["config", "list"]):
        return None
    keys = words[len(lead) :]
    if any(key.lower().endswith(_TOKEN_KEY) for key in keys):
        return " ".join(lead)
    return None


_BW_NO_KEY = frozenset({"--check", "--apikey", "--help", "-h"})
"""Options with which ``bw unlock``/``bw login`` print no session key: a status check, an API
key login (which asks for ``unlock`` next), the help."""


def _bitwarden_session(args: list[Word]) -> tuple[bool, str | None]:
    """(Whether the verb is one of these, what it prints): ``bw unlock`` and ``bw login`` print
    the session key that unlocks the vault (round 18,
    holes18: in ``export BW_SESSION="..."`` without ``--raw``, as ``op signin`` does), and
    ``bw serve`` answers every item of the unlocked vault to any program on its port."""
    values = [a.value for a in args]
    options = {v.split("=", 1)[0] for v in values if v and v.startswith("-")}
    verb = next(
        (
            v
            for i, v in enumerate(values)
            if not (v or "").startswith("-") and (i == 0 or values[i - 1] not in _VALUED)
        ),
        None,
    )
    if verb == "serve":
        printed = "serve (answers every item of the vault on a local port)"
        return True, None if options & {"--help", "-h"} else printed
    if verb in {"unlock", "login"}:
        return True, verb if "--raw" in options or not options & _BW_NO_KEY else None
    return False, None


def prints_secret(name: str, args: list[Word]) -> str | None:
    """The words of ``args`` that make ``name`` print a stored secret, or None."""
    if name in PASS_STORES:
        return _pass_shows(args)
    if name == "bw":
        decided, printed = _bitwarden_session(args)
        if decided:  # ``bw unlock --check``, ``bw serve --help``: no key, no vault
            return printed
    if name in _PACKAGE_CONFIGS:
        return _package_token(args)
    rows = PRINTERS.get(name)
    if rows is None:
        return None
    words: list[str] = []
    options: set[str] = set()
    skip = False
    for arg in args:
        v = arg.value
        if v is None:
            continue
        if skip:
            skip = False
            continue
        if v.startswith("-"):
            options.add(v.split("=", 1)[0] if v.startswith("--") else v)
            options.add(v)
            if not v.startswith("--") and len(v) > 2:
                options.update(f"-{letter}" for letter in v[1:])  # ``-wa``: ``-w -a``
            skip = v in _VALUED
            continue
        words.append(v)
    for lead, required in rows:
        if tuple(words[: len(lead)]) == lead and (not required or options & required):
            return " ".join(lead) or min(options & required)  # ``kwallet-query -r``
    return None
