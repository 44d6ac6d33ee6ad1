"""Secret files are known by their names, one test for every reader (bash guard, Read rules)."""

from __future__ import annotations

from fnmatch import fnmatchcase

import pytest

from ondas.guards.secret_files import READ_DENY_GLOBS, named_secrets, secret_name

SECRETS = [
    ".env",
    "services/api/.env",
    ".env.local",
    ".env.production.local",
    ".ENV.Staging",
    ".env.keys",
    ".env.txt",
    "docker/prod.env",
    "tls/server.key",
    "config/master.key",
    "web.pem",
    "privkey.pem",
    "ca-key.pem",
    "jwt-private.pem",
    "ios/dist.p12",
    "signing.pfx",
    "android/release.keystore",
    "android/upload.jks",
    "AuthKey_ABC123.p8",
    "putty.ppk",
    "id_rsa",
    "/home/dev/keys/id_ed25519",
    "id_ecdsa_sk",
    "id_rsa_work",
    ".credentials",
    "credentials.json",
    ".netrc",
    ".pgpass",
    ".pypirc",
    ".git-credentials",
    "deploy/service-account-prod.json",
    "client_secret_8812.apps.googleusercontent.com.json",
]
DOCUMENTS = [
    ".env.example",
    ".env.local.example",
    ".env.sample",
    ".env.template",
    ".env.dist",
    ".env.defaults",
    "docs/.env.md",
    "src/.env.d.ts",
    "config/.env.ts",
    "example.env",
    ".envrc",
    ".venv",
    "environment.yml",
    "cert.pem",
    "fullchain.pem",
    "cacert.pem",
    "ca-bundle.pem",
    "public.pem",
    "dhparam.pem",
    "llvm-snapshot.gpg.key",
    "repo-public.key",
    "id_rsa.pub",
    "id_ed25519.pub",
    "keys.py",
    "package.json",
    "tsconfig.json",
    "credentials.py",
    "docs/credentials.md",
]


@pytest.mark.parametrize("path", SECRETS)
def test_a_name_that_says_it_holds_a_secret_is_a_secret_file(path: str) -> None:
    assert secret_name(path), path


@pytest.mark.parametrize("path", DOCUMENTS)
def test_documentation_certificates_public_keys_and_code_are_not_secret_files(path: str) -> None:
    assert not secret_name(path), path


def test_secrets_are_found_inside_code_options_and_remote_paths_but_not_in_urls() -> None:
    assert named_secrets('open("config/.env").read()') == ["config/.env"]
    assert named_secrets("--upload=@deploy.key") == ["deploy.key"]
    assert named_secrets("host:/srv/app/.env") == ["/srv/app/.env"]
    assert named_secrets("https://example.org/keys/server.key") == []
    assert named_secrets("make test") == []


def test_a_glob_counts_when_it_can_expand_to_a_secret_and_names_more_than_everything() -> None:
    assert named_secrets("*.pem", globs=True) == ["*.pem"]
    assert named_secrets(".en?", globs=True) == [".en?"]
    assert named_secrets("*", globs=True) == []
    assert named_secrets("*.py", globs=True) == []
    assert named_secrets(".en?", globs=False) == []  # quoted: the program gets ``.en?``


@pytest.mark.parametrize("glob", READ_DENY_GLOBS)
def test_every_read_deny_glob_names_only_secret_files_or_a_public_dot_key(glob: str) -> None:
    """Claude Code's deny globs have no exceptions: ``*.key`` also hides a published public
    key from the Read tool (``cat`` still shows it); nothing else is wider than the bash rule."""
    pattern = glob.removeprefix("**/")
    matched = [p for p in SECRETS + DOCUMENTS if fnmatchcase(p.rsplit("/", 1)[-1], pattern)]
    assert matched or "*" not in pattern, glob
    wider = [p for p in matched if not secret_name(p)]
    assert all(p.endswith(".key") for p in wider), (glob, wider)


def test_the_read_deny_globs_leave_env_documentation_and_certificates_readable() -> None:
    readable = [".env.example", ".env.local.example", ".env.sample", "cert.pem", "fullchain.pem"]
    for name in readable:
        assert not any(fnmatchcase(name, g.removeprefix("**/")) for g in READ_DENY_GLOBS), name


def test_each_hint_is_looked_for_only_in_words_that_hold_its_dot_or_underscore() -> None:
    from ondas.guards import secret_files

    assert all("." in hint for hint in secret_files._DOTTED_HINTS)
    assert all("_" in hint for hint in secret_files._UNDERSCORED_HINTS)


@pytest.mark.parametrize("path", SECRETS)
def test_every_secret_file_name_passes_the_first_look(path: str) -> None:
    from ondas.guards.secret_files import secret_hint

    assert secret_hint(path)
