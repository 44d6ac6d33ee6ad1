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

Imported only for a value that holds ``/.``, ``/Keychains`` or ``containers/``.
"""

from __future__ import annotations

from ondas.guards.lazy_re import LazyPattern

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
