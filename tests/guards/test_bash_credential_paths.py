"""The credential stores' table filed by first letter (``bash_credential_paths``, round 25)
answers as the one regular expression it replaced: the same values name a store, under every
spelling of a home, every separator before it and every ending after it. The expression is
kept here as the reference; the guard compiles only the letters a value reaches.
"""

from __future__ import annotations

import random
import re

import pytest

from ondas.guards import bash_credential_paths
from ondas.guards.bash_base import credential_file
from ondas.guards.bash_credential_paths import (
    NAMED_CREDENTIAL,
    STORES,
    names_named_store,
    names_store,
)

ONE_EXPRESSION = re.compile(
    r"(?:^|[\s'\"=:(,<>@])(?:/+proc/+[^/\s'\"]+/+root(?=/))?(?:~|\$\{?HOME\}?|/+root|/+home/+[^/\s'\"]+|/+Users/+[^/\s'\"]+"
    r"|/+var/+lib/+[^/\s'\"]+)/+\."
    r"(?:ssh(?:/+(?!known_hosts|config\b|authorized_keys|environment\b|[^/\s'\"]*\.pub\b)"
    r"[^/\s'\"]+(?=['\"\s);,]|$)|/*(?=['\"\s);,]|$))"
    r"|(?:bash|zsh|sh|python|psql|mysql|sqlite|node_repl|rediscli|irb)_history\b"
    r"|zhistory\b|histfile\b|local/+share/+fish/+fish_history\b"
    r"|gnupg\b(?!/+[\w.-]+\.conf(?=['\"\s);,]|$))"
    r"|aws(?:/+credentials\b|/+(?:sso|cli)/+cache\b|/*(?=['\"\s);,]|$))|netrc\b"
    r"|git-credentials\b|pgpass\b|boto\b|config/+pypoetry/+auth\.toml\b"
    r"|config/+glab-cli/+config\.yml\b|config/+containers/+auth\.json\b"
    r"|pypirc\b|docker/+config(?:\.json)?\b|kube/+config\b|config/+gh/+hosts\.yml"
    r"|npmrc\b|yarnrc\.yml\b|cargo/+credentials(?:\.toml)?\b|gem/+credentials\b"
    r"|m2/+settings\.xml\b|terraform\.d/+credentials\.tfrc\.json\b"
    r"|claude/+\.credentials\.json|codex(?:/+auth\.json|/*(?=['\"\s);,]|$))"
    r"|config/+gcloud/+(?:application_default_credentials\.json|credentials\.db"
    r"|access_tokens\.db|legacy_credentials)\b|azure/+(?:accessTokens\.json|msal_token_cache)"
    r"|mozilla/+firefox/+[^/\s'\"]+/+(?:cookies\.sqlite|logins\.json|key[34]\.db|signons\.sqlite)\b"
    r"|config/+(?:google-chrome\w*|chromium|BraveSoftware/+Brave-Browser)/+[^/'\"]+/+"
    r"(?:Cookies|Login Data|Login\\? Data|Web Data)\b"
    r"|claude\.json\b|my\.cnf\b|mylogin\.cnf\b|vault-token\b|config/+hub\b"
    r"|zeptoclaw/+config\.(?:json|ya?ml)\b|gemini/+oauth_creds\.json\b"
    r"|config/+github-copilot/+(?:hosts|apps)\.json\b|local/+share/+opencode/+auth\.json\b"
    r"|continue/+config\.(?:json|ya?ml)\b"
    r"|local/+share/+keyrings\b|password-store\b"
    r"|config/+rclone/+rclone\.conf\b|(?:config/+)?composer/+auth\.json\b"
    r"|gradle/+gradle\.properties\b"
    r"|mozilla/+firefox(?:/+[^/\s'\"]+)?/*(?=['\"\s);,]|$)"
    r"|config/+(?:google-chrome\w*|chromium|BraveSoftware/+Brave-Browser)"
    r"(?:/+[^/\s'\"]+)?/*(?=['\"\s);,]|$)"
    r"|config/+(?:1Password|Bitwarden|LastPass|KeePassXC?)/+[^/\s'\"]+\b"
    # round 15: more clients' stores of keys, tokens and passwords
    r"|s3cfg\b|databrickscfg\b|msmtprc\b|terraformrc\b|authinfo(?:\.gpg)?\b"
    r"|config/+(?:doctl/+config\.yaml|hcloud/+cli\.toml|ngrok/+ngrok\.yml"
    r"|filezilla/+(?:recentservers|sitemanager)\.xml|Code/+User/+globalStorage/+state\.vscdb)\b"
    r"|ngrok2/+ngrok\.yml\b|kaggle/+kaggle\.json\b|snowsql/+config\b|mc/+config\.json\b"
    r"|fly/+config\.yml\b|dbt/+profiles\.yml\b|nuget/+NuGet/+NuGet\.Config\b"
    r"|purple/+accounts\.xml\b|weechat/+sec\.conf\b|cloudflared/+[^/\s'\"]+\.(?:pem|json)\b"
    r"|vnc/+passwd\b|android/+adbkey\b)"
    r"|(?:^|[\s'\"=:(,<>@])(?:~|\$\{?HOME\}?|/Users/[^/\s'\"]+)/+Library/+Keychains\b"
    r"|\$\{?CLAUDE_CONFIG_DIR\}?/+\.credentials\.json"
    r"|(?:\$\{?XDG_RUNTIME_DIR\}?|/run/user/\d+)/+containers/+auth\.json"
)
"""``bash_base._CREDENTIALS`` at round 24's end."""

HOMES = [
    "~",
    "$HOME",
    "${HOME}",
    "/root",
    "//root",
    "/home/dev",
    "/home//dev",
    "/Users/me",
    "/var/lib/jenkins",
    "/proc/1/root/root",
    "/proc/self/root/home/dev",
    "/opt/x",
    "$HOMEX",
    "${XDG_RUNTIME_DIR}",
    "/run/user/1000",
    "$CLAUDE_CONFIG_DIR",
    "~/Library",
]
BEFORE = ["", " ", "cat ", "=", ":", "(", ",", "<", ">", "@", "'", '"', "x", "-", "/"]
AFTER = [
    "",
    " ",
    "'",
    '"',
    ")",
    ";",
    ",",
    "/",
    "//",
    "x",
    ".pub",
    ".conf",
    "/x",
    "/key.pub",
    "),y",
    ".json",
    "-",
    "_",
    " && cat ~/.bashrc",
]
PARTS = [
    "ssh",
    "aws",
    "config",
    "local",
    "share",
    "gnupg",
    "docker",
    "kube",
    "mozilla",
    "firefox",
    "google-chrome",
    "Login Data",
    "Login\\ Data",
    "Default",
    "credentials",
    "auth.json",
    "composer",
    "containers",
    "Keychains",
    "Library",
    "known_hosts",
    "id_rsa",
    "gcloud",
    "codex",
    "sso",
    "cache",
    "history",
    "bash_history",
    "zhistory",
    "fish",
    "fish_history",
    "netrc",
    "npmrc",
    "claude",
    ".credentials.json",
    "1Password",
    "vault",
    "x",
    "gpg.conf",
    "cloudflared",
    "t.pem",
    ".",
    "",
    "token",
    "api_key",
]
"""Pieces of stores' paths and of their near misses, joined by slashes in the cases below."""


def _cases() -> list[str]:
    cases = []
    for store in STORES:
        literal = re.sub(r"\\[bsS]|\(\?[=!:][^)]*\)|[()?*+|\\\[\]^$]", "", store)
        literal = literal.replace("/", "/")
        for home in HOMES:
            for before, after in zip(BEFORE, AFTER * 2, strict=False):
                cases.append(f"{before}{home}/.{literal}{after}")
    rng = random.Random(25)
    for _ in range(6000):
        parts = rng.choices(PARTS, k=rng.randint(1, 4))
        slashes = rng.choice(["/", "//", "/./"])
        cases.append(
            rng.choice(BEFORE) + rng.choice(HOMES) + "/." + slashes.join(parts) + rng.choice(AFTER)
        )
    return cases


CASES = _cases()


def test_every_store_is_filed_under_its_first_letter() -> None:
    assert all(store[0].isalnum() for store in STORES)
    assert len(bash_credential_paths._GROUPS) < len(STORES)


def test_the_table_answers_as_the_one_expression_did() -> None:
    named = sum(ONE_EXPRESSION.search(case) is not None for case in CASES)
    assert named > 500  # the cases reach stores, not only near misses
    assert len(CASES) - named > 500
    differ = [
        case for case in CASES if names_store(case) != (ONE_EXPRESSION.search(case) is not None)
    ]
    assert differ == []


def test_a_named_store_is_read_only_when_its_name_holds_a_secrets_word() -> None:
    differ = [
        case
        for case in CASES
        if names_named_store(case) != (NAMED_CREDENTIAL.search(case) is not None)
    ]
    assert differ == []


@pytest.mark.parametrize(
    "value",
    [
        "~/.ssh/id_ed25519",
        "/home/ci/.aws/credentials",
        "$HOME/.config/gcloud/credentials.db",
        "~/Library/Keychains/login.keychain-db",
        "${XDG_RUNTIME_DIR}/containers/auth.json",
        "/Users/me/.cache/huggingface/token",
    ],
)
def test_stores_of_every_letter_and_elsewhere_are_credentials(value: str) -> None:
    assert credential_file(value)


@pytest.mark.parametrize(
    "value",
    [
        "~/.ssh/id_ed25519.pub",
        "~/.ssh/known_hosts",
        "~/.bashrc",
        "~/.config/gh/config.yml",
        "~/.gnupg/gpg.conf",
        "./.aws/credentials",
        "~/.cache/pip/token.py",
    ],
)
def test_their_everyday_twins_are_not(value: str) -> None:
    assert not credential_file(value)
