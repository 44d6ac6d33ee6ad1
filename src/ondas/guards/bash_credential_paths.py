"""Credential stores under a home, named by a path (round 25: the table of
:func:`~ondas.guards.bash_base.credential_file`, out of ``bash_base``).

The stores were one regular expression whose compiling cost any run that reached it about 24 M
instructions (the in-process pass of ``bench/hook_instructions.py``), for a line that names
``~/.ssh`` as for one that names ``~/.aws``; and each of its stores repeated nothing but its
own name. A store's path is a home's dot entry (``~/.``, ``/home/NAME/.``...) and a name after
it: here each store's name is filed under its first character, and after each ``/.`` of a
value only the names filed under the character that follows are tried there, each group
compiled on its first use (``~/.ssh/id_rsa`` compiles the ``s`` group, not the browsers'
profiles); where one matches, the text before it is tried as a home's dot entry ending there
(one expression for every store). The answer is the one expression's (a test compares them).

The rest of a home's stores are here too: vaults outside dot entries (macOS's ``~/Library``,
KeePass databases), globs bash expands to a store, directories above one searched whole
(``grep -r KEY ~``), and globs of the machine's own secrets (``/etc/shado?``). Imported only for
a value holding a hint of one (``/.``, ``/Keychains``, ``containers/``, ``/Library/``,
``.kdb``), a tree reader's line, or a glob under ``/e`` or ``/p``.
"""

from __future__ import annotations

import posixpath

from ondas.guards.bash_base import (
    CREDENTIAL_SAMPLES,
    Ctx,
    Word,
    _has_glob,
    glob_names_sensitive,
    positionals,
    word_set,
)
from ondas.guards.lazy_re import LazyPattern
from ondas.guards.paths import lexical_inside

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

_HOME = (
    r"(?:^|[\s'\"=:(,<>@])(?:/+proc/+[^/\s'\"]+/+root(?=/))?(?:~|\$\{?HOME\}?|/+root"
    r"|/+home/+[^/\s'\"]+|/+Users/+[^/\s'\"]+|/+var/+lib/+[^/\s'\"]+)/+\."
)
"""A home's dot entry, up to its dot: ``~/.``, ``$HOME/.``, ``/home/NAME/.``, ``/root/.``,
``/Users/NAME/.``, a service user's ``/var/lib/NAME/.``, each also through
``/proc/PID/root``."""
_END = r"(?=['\"\s);,]|$)"
_NAME = r"[^/\s'\"]"

STORES = (
    rf"ssh(?:/+(?!known_hosts|config\b|authorized_keys|environment\b|{_NAME}*\.pub\b)"
    rf"{_NAME}+{_END}|/*{_END})",
    *(
        rf"{shell}_history\b"
        for shell in (
            "bash",
            "zsh",
            "sh",
            "python",
            "psql",
            "mysql",
            "sqlite",
            "node_repl",
            "rediscli",
            "irb",
        )
    ),
    r"zhistory\b",
    r"histfile\b",
    r"local/+share/+fish/+fish_history\b",
    rf"gnupg\b(?!/+[\w.-]+\.conf{_END})",
    rf"aws(?:/+credentials\b|/+(?:sso|cli)/+cache\b|/*{_END})",
    r"netrc\b",
    r"git-credentials\b",
    r"pgpass\b",
    r"boto\b",
    r"config/+pypoetry/+auth\.toml\b",
    r"config/+glab-cli/+config\.yml\b",
    r"config/+containers/+auth\.json\b",
    r"pypirc\b",
    r"docker/+config(?:\.json)?\b",
    r"kube/+config\b",
    r"config/+gh/+hosts\.yml",
    r"npmrc\b",
    r"yarnrc\.yml\b",
    r"cargo/+credentials(?:\.toml)?\b",
    r"gem/+credentials\b",
    r"m2/+settings\.xml\b",
    r"terraform\.d/+credentials\.tfrc\.json\b",
    r"claude/+\.credentials\.json",
    rf"codex(?:/+auth\.json|/*{_END})",
    r"config/+gcloud/+(?:application_default_credentials\.json|credentials\.db"
    r"|access_tokens\.db|legacy_credentials)\b",
    r"azure/+(?:accessTokens\.json|msal_token_cache)",
    rf"mozilla/+firefox/+{_NAME}+/+(?:cookies\.sqlite|logins\.json|key[34]\.db|signons\.sqlite)\b",
    r"config/+(?:google-chrome\w*|chromium|BraveSoftware/+Brave-Browser)/+[^/'\"]+/+"
    r"(?:Cookies|Login Data|Login\\? Data|Web Data)\b",
    r"claude\.json\b",
    r"my\.cnf\b",
    r"mylogin\.cnf\b",
    r"vault-token\b",
    r"config/+hub\b",
    r"zeptoclaw/+config\.(?:json|ya?ml)\b",
    r"gemini/+oauth_creds\.json\b",
    r"config/+github-copilot/+(?:hosts|apps)\.json\b",
    r"local/+share/+opencode/+auth\.json\b",
    r"continue/+config\.(?:json|ya?ml)\b",
    r"local/+share/+keyrings\b",
    r"password-store\b",
    r"config/+rclone/+rclone\.conf\b",
    r"config/+composer/+auth\.json\b",
    r"composer/+auth\.json\b",
    r"gradle/+gradle\.properties\b",
    rf"mozilla/+firefox(?:/+{_NAME}+)?/*{_END}",
    rf"config/+(?:google-chrome\w*|chromium|BraveSoftware/+Brave-Browser)(?:/+{_NAME}+)?/*{_END}",
    rf"config/+(?:1Password|Bitwarden|LastPass|KeePassXC?)/+{_NAME}+\b",
    # round 15: more clients' stores of keys, tokens and passwords
    r"s3cfg\b",
    r"databrickscfg\b",
    r"msmtprc\b",
    r"terraformrc\b",
    r"authinfo(?:\.gpg)?\b",
    r"config/+(?:doctl/+config\.yaml|hcloud/+cli\.toml|ngrok/+ngrok\.yml"
    r"|filezilla/+(?:recentservers|sitemanager)\.xml|Code/+User/+globalStorage/+state\.vscdb)\b",
    r"ngrok2/+ngrok\.yml\b",
    r"kaggle/+kaggle\.json\b",
    r"snowsql/+config\b",
    r"mc/+config\.json\b",
    r"fly/+config\.yml\b",
    r"dbt/+profiles\.yml\b",
    r"nuget/+NuGet/+NuGet\.Config\b",
    r"purple/+accounts\.xml\b",
    r"weechat/+sec\.conf\b",
    rf"cloudflared/+{_NAME}+\.(?:pem|json)\b",
    r"vnc/+passwd\b",
    r"android/+adbkey\b",
)
"""Each store's pattern after its home's ``/.``, starting with the character it is filed
under (a test checks that each starts with a plain letter or digit)."""

_HOME_BEFORE = LazyPattern(_HOME + r"\Z")
"""A home's dot entry ending where a store's name starts (searched up to that point)."""
_GROUPS: dict[str, LazyPattern] = {}
for _first in dict.fromkeys(store[0] for store in STORES):
    _GROUPS[_first] = LazyPattern("|".join(store for store in STORES if store[0] == _first))

_ELSEWHERE = LazyPattern(
    r"(?:^|[\s'\"=:(,<>@])(?:~|\$\{?HOME\}?|/Users/[^/\s'\"]+)/+Library/+Keychains\b"
    r"|\$\{?CLAUDE_CONFIG_DIR\}?/+\.credentials\.json"
    r"|(?:\$\{?XDG_RUNTIME_DIR\}?|/run/user/\d+)/+containers/+auth\.json"
)
"""The stores not under a home's dot entry: macOS keychains, Claude's credentials under
``$CLAUDE_CONFIG_DIR``, podman's registry logins under the runtime directory."""

NAMED_CREDENTIAL = LazyPattern(
    r"(?:^|[\s'\"=:(,<>@])(?:~|\$\{?HOME\}?|/+root|/+home/+[^/\s'\"]+|/+Users/+[^/\s'\"]+)/+\."
    r"(?:[^/\s'\"]+/+)*[^/\s'\"]*?(?<![A-Za-z])"
    r"(?:(?:access[-_]?|auth|api[-_]?|refresh[-_]?)?tokens?|credentials?|creds|passwd"
    r"|passwords?|secrets?|api[-_]?keys?|auth(?=\.(?:json|toml|ya?ml)\b))(?![A-Za-z])"
    r"(?![^/\s'\"]*\.(?:py|js|ts|rb|go|rs|java|md|html|txt)\b)[^/\s'\"]*(?=['\"\s);,]|$)"
)
"""A file under a dot entry of a home whose own name says it holds a token, credentials, a
password, a secret or an API key (``~/.cache/huggingface/token``, ``~/.supabase/access-token``,
``~/.config/x/auth.json``), whichever client wrote it (round 15); source files and documents
named so are code, not stores."""
_NAMED_WORDS = ("token", "cred", "passw", "secret", "api", "auth")
"""A part of every name :data:`NAMED_CREDENTIAL` reads: a value holding none is not one."""


def names_store(value: str) -> bool:
    """Whether ``value`` names a credential store of :data:`STORES` under a home, or one of
    :data:`_ELSEWHERE`'s, anywhere in it."""
    dot = value.find("/.")
    while dot != -1:
        name = dot + 2
        group = _GROUPS.get(value[name : name + 1])
        if (
            group is not None
            and group.compiled.match(value, name) is not None
            and _HOME_BEFORE.compiled.search(value, 0, name) is not None
        ):
            return True
        dot = value.find("/.", dot + 1)
    if "Keychains" in value or "CLAUDE_CONFIG_DIR" in value or "containers" in value:
        return _ELSEWHERE.search(value) is not None
    return False


def names_named_store(value: str) -> bool:
    """Whether ``value`` names a file under a home's dot entry whose name says it holds a
    secret (:data:`NAMED_CREDENTIAL`)."""
    if not any(word in value for word in _NAMED_WORDS):
        return False
    return NAMED_CREDENTIAL.search(value) is not None


def home_store(value: str) -> bool:
    """Whether ``value`` names a credential store of a home (what
    :func:`~ondas.guards.bash_base.credential_file` reads but the machine's own secrets): a
    store named by its path, a file named as a secret under a dot entry, a macOS vault, a
    KeePass database, or a glob bash expands to one of them."""
    hinted = "/." in value or "/Keychains" in value
    if (hinted or "containers/" in value) and names_store(value):
        return True  # ``containers/``: ``$XDG_RUNTIME_DIR/containers/auth.json``, podman's
    if hinted and names_named_store(value):
        return True
    if ("/Library/" in value and _VAULTS.search(value) is not None) or (
        ".kdb" in value and _keepass_in_home(value)
    ):
        return True
    return "/." in value and _has_glob(value) and _glob_credential(value)


_VAULTS = LazyPattern(
    r"(?:^|[\s'\"=:(,<>@])(?:/+proc/+[^/\s'\"]+/+root(?=/))?"
    r"(?:~|\$\{?HOME\}?|/+root|/+home/+[^/\s'\"]+|/+Users/+[^/\s'\"]+)/+"
    r"Library/+(?:Application(?:\\? |%20)Support/+(?:(?:Google/+Chrome\w*|Chromium"
    r"|BraveSoftware/+Brave-Browser|Microsoft(?:\\? |%20)Edge)/+[^/'\"]+/+"
    r"(?:Cookies|Login(?:\\? |%20)Data|Web(?:\\? |%20)Data)\b"
    r"|Firefox/+Profiles/+[^/\s'\"]+/+(?:cookies\.sqlite|logins\.json|key[34]\.db"
    r"|signons\.sqlite)\b|(?:1Password|Bitwarden)/+[^/\s'\"]+)"
    r"|Group(?:\\? |%20)Containers/+[^/\s'\"]*1password[^/\s'\"]*/+[^/\s'\"]+)"
)
"""Password stores under a home that are not dot-files (round 14b, noexec's credential
harvesting): browsers' saved passwords and cookies where macOS keeps them (``~/Library/
Application Support/Google/Chrome/Default/Login Data``, Firefox's profiles), password
managers' local vaults (1Password's group container, Bitwarden's data); KeePass databases
(``*.kdbx``, ``*.kdb``) anywhere in a home are :func:`_keepass_in_home`'s. A directory listing
of ``~/Library`` is not one."""
_KEEPASS_END = LazyPattern(r"[^/\s'\"]\.kdbx?(?=['\"\s);,]|$)")
_HOME_START = LazyPattern(
    r"(?:/+proc/+[^/\s'\"]+/+root(?=/))?"
    r"(?:~|\$\{?HOME\}?|/+root|/+home/+[^/\s'\"]+|/+Users/+[^/\s'\"]+)/"
)
_TOKEN_BREAK = LazyPattern(r"[\s'\"=:(,<>@;)]")


def _keepass_in_home(value: str) -> bool:
    """Whether ``value`` names a KeePass database (``*.kdbx``, ``*.kdb``) under a home: each
    such ending's word, back to the character before it, is tried against a home's start
    (words do not overlap, so a crafted run costs one pass)."""
    start = 0
    for match in _KEEPASS_END.finditer(value):
        end = match.start()
        word_start = start
        for brk in _TOKEN_BREAK.compiled.finditer(value, start, end):
            word_start = brk.end()
        start = match.end()
        if _HOME_START.match(value, word_start) is not None:
            return True
    return False


_TREE_VALUED = word_set(
    "-e --regexp -f --file -m --max-count -A -B -C --include --exclude --exclude-dir -g "
    "--glob -t --type -T --type-not -d -D --directories --devices"
)
_RECURSIVE = word_set("-r -R --recursive --dereference-recursive")


def tree_of_credentials(name: str, args: Sequence[Word], ctx: Ctx) -> str | None:
    """The argument of ``name`` that is a directory holding credential stores under the home
    directory (the home itself, ``~/.config``, ``/home``, ``/``), searched whole: ``grep -r X
    ~``, ``rg KEY ~/.config``."""
    values = [w.value for w in args]
    if any(v is None for v in values):
        return None
    options = [v for v in values if v is not None and v.startswith("-") and v != "-"]
    if name in {"grep", "egrep", "fgrep"} and not any(
        v in _RECURSIVE or (v[1:2] != "-" and any(c in v[1:] for c in "rR")) for v in options
    ):
        return None
    operands = [w.value or "" for w in positionals(args, _TREE_VALUED)]
    if not any(
        v in {"-e", "--regexp", "-f", "--file"}
        or v.startswith(("--regexp=", "--file="))
        or (v[:2] in {"-e", "-f"} and len(v) > 2)
        for v in options
    ):
        operands = operands[1:]  # the pattern
    for v in operands:
        path = v
        for prefix in ("~", "$HOME", "${HOME}"):
            if path == prefix or path.startswith(prefix + "/"):
                path = ctx.home + path[len(prefix) :]
        if not path.startswith("/"):
            continue
        base = posixpath.normpath(path)
        for sample in CREDENTIAL_SAMPLES:
            if lexical_inside(posixpath.join(ctx.home, sample), base):
                return v
    return None


_HOME_PREFIX = LazyPattern(
    r"(?:^|[\s'\"=:(,<>@])(?:~|\$\{?HOME\}?|/+root|/+home/+[^/\s'\"]+|/+Users/+[^/\s'\"]+)/+(\.\S*)"
)


def _glob_credential(value: str) -> bool:
    """A glob under a home directory that bash expands to a credential store (``~/.ss?/id_*``,
    ``~/.aws/cred*``, ``~/.netr[c]``)."""
    for match in _HOME_PREFIX.finditer(value):
        parts = [p for p in match.group(1).rstrip("'\");,").split("/") if p]
        named = glob_names_sensitive(parts, CREDENTIAL_SAMPLES)
        if named is not None and names_store("~/" + named):
            return True
    return False


SYSTEM_SECRET_SAMPLES = (
    "etc/shadow",
    "etc/gshadow",
    "etc/shadow-",
    "etc/master.passwd",
    "etc/security/opasswd",
    "etc/krb5.keytab",
    "etc/ssh/ssh_host_rsa_key",
    "etc/ssh/ssh_host_ed25519_key",
    "etc/ssh/ssh_host_ecdsa_key",
    "etc/kubernetes/admin.conf",
    "proc/self/environ",
    "proc/self/mem",
)
"""The machine's secrets (:data:`_SYSTEM_SECRETS`), one of each kind, a glob is tried against."""
_ROOTED = LazyPattern(r"(?:^|[\s'\"=:(,<>@{])(/[^\s'\"]*)")


def glob_system_secret(value: str) -> bool:
    """A glob bash expands to a machine secret itself (``/etc/shado?``, ``/etc/sh[a]dow``,
    ``/etc/*``, ``/proc/*/environ``): every part of the pattern matches a part of one (a
    leading dot only by a dot). A pattern of a directory above one (``du -sh /*``) is not: what
    reads a whole tree is judged by the tree."""
    from fnmatch import fnmatchcase

    for match in _ROOTED.finditer(value):
        parts = [p for p in match.group(1).rstrip(");,}").split("/") if p]
        if not parts or not _has_glob(match.group(1)):
            continue
        for sample in SYSTEM_SECRET_SAMPLES:
            names = sample.split("/")
            if len(names) == len(parts) and all(
                fnmatchcase(name, part) and (part[:1] == "." or name[:1] != ".")
                for part, name in zip(parts, names, strict=True)
            ):
                return True
    return False
