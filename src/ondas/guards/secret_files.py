"""Secret files, known by their names: the one test every reader of a path asks.

A project keeps its own secrets next to its code: ``.env`` and its variants, private keys and
keystores, credential files of clients. Their names say what they hold, inside the project or
anywhere else. The bash guard refuses commands that print or copy one out
(:mod:`ondas.guards.bash_secret_files`), and the settings ondas writes for Claude Code deny its
Read tool the same names (:data:`READ_DENY_GLOBS`, :mod:`ondas.hooks.sandbox`).

The class, by base name (case ignored):

- ``.env`` and ``.env.<anything>``, and ``<anything>.env``, unless a word of the name says the
  file documents the variables rather than holds them (``.env.example``, ``.env.sample``,
  ``.env.local.template``, ``.env.dist``, ``defaults.env``): those are written to be read and
  copied (``cp .env.example .env``);
- private keys and keystores: ``*.key``, ``*.p12``, ``*.pfx``, ``*.jks``, ``*.keystore``,
  ``*.bks``, ``*.p8``, ``*.ppk``, ``id_rsa``/``id_dsa``/``id_ecdsa``/``id_ed25519`` (and
  ``id_rsa_work``...) without ``.pub``; a ``.key`` whose name says it is public
  (``pub``, ``public``, ``gpg``, ``pgp``, ``asc``, ``release``, ``keyring``: the signing keys
  that package repositories publish, ``llvm-snapshot.gpg.key``) is not one;
- ``*.pem``: a PEM file holds a private key, certificates, or both (``server.pem`` of haproxy
  and many test setups holds both). It counts as a secret unless its name says it holds only
  certificates, a public key or parameters (``cert.pem``, ``fullchain.pem``, ``cacert.pem``,
  ``ca-bundle.pem``, ``public.pem``, ``dhparam.pem``); a name that says key or private wins
  over those words (``ca-key.pem``, ``cert-private.pem``);
- credential files of clients: ``.credentials``, ``credentials.json``, ``.credentials.json``
  (Claude Code's, wherever ``CLAUDE_CONFIG_DIR`` puts it), ``.netrc``/``_netrc``,
  ``.pgpass``, ``.pypirc``, ``.git-credentials``, ``.htpasswd``, ``.boto`` (gsutil's and
  boto's keys), and Google's key files
  (``service-account*.json``, ``*service_account*.json``, ``client_secret*.json``).
- a client's store of keys named by its directory as well as its name (round 12b):
  ``.aws/credentials``, ``.kube/config``, ``.docker/config.json``, ``.cargo/credentials(.toml)``,
  ``.gem/credentials``, ``gh/hosts.yml``, wherever the directory is (a project's copy, a home
  reached by a relative path: ``cat .aws/credentials`` from the home).
- a store of secrets named for them in a configuration format (round 22): ``secrets.json``
  (.NET's user secrets), ``secrets.yml``/``secrets.yaml`` (Rails' and Kubernetes' secrets,
  Ansible's and Helm's values), ``secrets.toml`` (Streamlit's) and ``.secrets`` (the file
  ``act`` reads its secrets from). A word of the name that says it documents them
  (``secrets.example.yml``, ``secrets.yml.sample``) or another extension
  (``secrets.py``, ``test_secrets.go``) is not one.

Plain string operations, no regular expressions: the PreToolUse hook asks :func:`secret_hint`
of every argument of every command.
"""

from __future__ import annotations


def _set(names: str) -> frozenset[str]:
    return frozenset(names.split())


DOC_WORDS = _set(
    "example examples sample samples template templates tmpl tpl dist default defaults "
    "schema skel skeleton"
)
"""Words of a ``.env`` name that make it documentation: the variables, not their values."""
SOURCE_EXTENSIONS = _set(
    "md markdown rst adoc ts mts cts js mjs cjs jsx tsx py rb go rs java kt php"
)
"""Last extensions of a ``.env.*`` name that make it a document or source file (``.env.md``,
``.env.d.ts``, ``.env.ts``): a dotenv file's variants name an environment (``.env.local``,
``.env.production``), never a language; ``.env.txt`` stays a secret."""
PUBLIC_KEY_WORDS = _set("pub public gpg pgp asc release keyring")
"""Words of a ``.key``/``.pem`` name that say the key is a public one."""
CERT_WORDS = _set(
    "cert certs certificate certificates crt chain fullchain ca cacert cacerts bundle root "
    "trust truststore intermediate dh dhparam dhparams param params"
)
"""Words of a ``.pem`` name that say it holds certificates or parameters, not a key."""
PRIVATE_WORDS = _set("key private priv privkey privatekey secret")
"""Words of a ``.pem`` name that say it holds a private key, whatever else it names."""
KEY_EXTENSIONS = _set("key p12 pfx jks keystore bks p8 ppk")
SSH_KEY_TYPES = _set("rsa dsa ecdsa ed25519")
EXACT_NAMES = _set(
    ".env .credentials credentials.json .credentials.json .netrc _netrc .pgpass .pypirc "
    ".git-credentials .htpasswd .boto secrets.json secrets.yml secrets.yaml secrets.toml "
    ".secrets"
)
STORES_BY_PLACE = {
    "credentials": frozenset({".aws", ".cargo", ".gem"}),
    "credentials.toml": frozenset({".cargo"}),
    "config": frozenset({".kube"}),
    "config.json": frozenset({".docker"}),
    "hosts.yml": frozenset({"gh"}),
}
"""Base name -> the directories in which that name is a client's store of keys."""
SECRET_JSON = ("service-account", "service_account", "serviceaccount", "client_secret")
"""Parts of a ``.json`` name that make it a Google service-account or OAuth client key."""

_PLAIN_HINTS = (
    "credentials",
    "netrc",
    "pgpass",
    "pypirc",
    "htpasswd",
    "boto",
    "account",
    "gh/hosts",
)
_DOTTED_HINTS = (
    ".env",
    ".key",
    ".pem",
    ".p12",
    ".pfx",
    ".jks",
    ".bks",
    ".p8",
    ".ppk",
    ".kube/",
    ".docker/",
    "secrets.",
    ".secrets",
)
_UNDERSCORED_HINTS = ("id_", "client_secret")
"""The parts of a word :func:`secret_hint` looks for: those that hold a dot are looked for only
in a word that holds one, those that hold an underscore only in a word that holds one (most
words hold neither: ``-la``, ``status``, ``tests``)."""
_SEPARATORS = str.maketrans(dict.fromkeys(" \t\n'\"`=:(),;<>@|&{}[]$!", " "))
_GLOB_SEPARATORS = str.maketrans(dict.fromkeys(" \t\n'\"`=:(),;<>@|&{}$!", " "))
"""The separators of an unquoted word, where ``[...]`` is a bracket expression of a glob
(``.en[v]``, ``id_rs[a]``), not code's indexing: kept in the token it is part of."""
_GLOB = "*?["
SAMPLE_SECRETS = (
    ".env",
    ".env.local",
    "prod.env",
    "server.key",
    "server.pem",
    "store.p12",
    "store.pfx",
    "store.jks",
    "app.keystore",
    "id_rsa",
    "id_ed25519",
)
"""Names a glob is tried against (``cat *.pem``, ``head .env*``): the classes whose name alone,
not a word of it, makes them secret."""

READ_DENY_GLOBS = (
    "**/.env",
    "**/.env.local",
    "**/.env.*.local",
    "**/.env.development",
    "**/.env.dev",
    "**/.env.test",
    "**/.env.testing",
    "**/.env.staging",
    "**/.env.production",
    "**/.env.prod",
    "**/.env.keys",
    "**/*.key",
    "**/*.p12",
    "**/*.pfx",
    "**/*.jks",
    "**/*.keystore",
    "**/*.ppk",
    "**/id_rsa",
    "**/id_dsa",
    "**/id_ecdsa",
    "**/id_ed25519",
    "**/privkey.pem",
    "**/*key.pem",
    "**/*-key.pem",
    "**/*private*.pem",
    "**/.credentials",
    "**/credentials.json",
    "**/.netrc",
    "**/.pgpass",
    "**/.pypirc",
    "**/.git-credentials",
    "**/.htpasswd",
    "**/service-account*.json",
    "**/client_secret*.json",
    "**/secrets.json",
    "**/secrets.yml",
    "**/secrets.yaml",
    "**/secrets.toml",
    "**/.secrets",
)
"""The same class as globs for Claude Code's ``Read(...)`` deny rules, which have no exceptions:
the ``.env`` variants by their usual names (a pattern ``.env.*`` would hide ``.env.example``
too), the ``.pem`` files whose names say key (``cert.pem`` stays readable), and every
``.key``, public ones included (a published signing key is rarely read with the Read tool, and
``cat`` still shows it). A test checks each glob against :func:`secret_name`."""


def _words(stem: str) -> set[str]:
    return set(stem.replace("-", ".").replace("_", ".").split("."))


def secret_name(path: str) -> bool:
    """Whether the base name of ``path`` names a secret file (see the module's docstring)."""
    base = path.rstrip("/").rsplit("/", 1)[-1].lower()
    if not base or base in {".", ".."}:
        return False
    if base in EXACT_NAMES:
        return True
    places = STORES_BY_PLACE.get(base)
    stripped = path.rstrip("/")
    if places is not None and "/" in stripped:  # ``credentials/``: a name, no parent
        parent = stripped.rsplit("/", 2)[-2].lower()
        if parent in places:
            return True
    if base.startswith(".env."):
        if base.rsplit(".", 1)[-1] in SOURCE_EXTENSIONS:
            return False  # ``.env.md``, ``.env.ts``: a page or a module about the variables
        return not (_words(base[5:]) & DOC_WORDS)
    stem, dot, ext = base.rpartition(".")
    if not dot:
        stem, ext = base, ""
    if base.startswith("id_") and ext != "pub":
        head = base[3:].split(".", 1)[0].replace("-", "_").split("_", 1)[0]
        if head in SSH_KEY_TYPES:
            return True
    if not stem:
        return False
    words = _words(stem)
    if ext == "env":
        return not (words & DOC_WORDS)
    if ext == "key":
        return not (words & PUBLIC_KEY_WORDS)
    if ext in KEY_EXTENSIONS:
        return True
    if ext == "pem":
        return bool(words & PRIVATE_WORDS) or not (words & (CERT_WORDS | PUBLIC_KEY_WORDS))
    if ext == "json":
        return any(part in stem for part in SECRET_JSON)
    return False


def secret_hint(value: str, *, glob: bool = False) -> bool:
    """A cheap first look: whether ``value`` might name a secret file (no false negatives for
    :func:`named_secrets`; most words of most commands fail it). With ``glob`` (an unquoted
    word), a glob character is a hint too (``cat .e*``)."""
    if glob and ("*" in value or "?" in value or "[" in value):  # :data:`_GLOB`
        return True
    lowered = value.lower()
    for hint in _PLAIN_HINTS:  # no generator: this runs for every word
        if hint in lowered:
            return True
    if "." in lowered:
        for hint in _DOTTED_HINTS:
            if hint in lowered:
                return True
    if "_" in lowered:
        for hint in _UNDERSCORED_HINTS:
            if hint in lowered:
                return True
    return False


ENV_SAMPLES = (".env", ".env.local", "prod.env")
"""The env file's names a glob is tried against (:func:`secret_store`)."""
_KEY_FILES = KEY_EXTENSIONS | {"pem"}


def secret_store(value: str, *, glob: bool = False) -> bool:
    """Whether the path ``value`` names a store of issued secrets: a secret file
    (:func:`secret_name`) that is not a key file (``.key``, ``.pem``, keystores, ssh keys,
    which a project's scripts and tests generate and clean up: ``rm -f server.*``), or, with
    ``glob`` (bash expands it), a pattern that may expand to the env file (``.env*``)."""
    if not secret_hint(value, glob=glob):
        return False
    pattern = value.rstrip("/").rsplit("/", 1)[-1].lower()
    if glob and ("*" in pattern or "?" in pattern or "[" in pattern):
        # a glob in the last part may expand to the env file; one only in the directories
        # (``*/secrets.json``, ``apps/*/.env``) names that file in each (round 24, left24)
        from fnmatch import fnmatchcase

        if not pattern.strip(_GLOB + "]/"):
            return False
        return any(
            fnmatchcase(sample, pattern)
            for sample in ENV_SAMPLES
            if not (sample.startswith(".") and pattern[:1] != ".")
        )
    base = value.rstrip("/").rsplit("/", 1)[-1].lower()
    if base.startswith("id_") or base.rpartition(".")[2] in _KEY_FILES:
        return False
    return secret_name(value)


def _glob_secret(token: str) -> bool:
    """Whether the glob ``token`` can expand to a secret name: its last part, matched as bash
    would (a leading ``*`` or ``?`` skips dot files), against :data:`SAMPLE_SECRETS`; a glob
    with no literal character (``*``, ``*/*``) names every file and is no aim at a secret."""
    from fnmatch import fnmatchcase

    pattern = token.rstrip("/").rsplit("/", 1)[-1].lower()
    if not pattern.strip(_GLOB + "]/"):
        return False
    spelled = _bracket_spellings(pattern)
    if spelled is not None and any(secret_name(name) for name in spelled):
        return True
    return any(
        fnmatchcase(sample, pattern)
        for sample in SAMPLE_SECRETS
        if not (sample.startswith(".") and pattern[:1] != ".")
    )


def _bracket_spellings(pattern: str, limit: int = 64) -> list[str] | None:
    """The names a pattern whose only pattern characters are bracket expressions spells
    (``.env.pro[d]`` -> ``.env.prod``; ``id_[rd]sa`` -> ``id_rsa``, ``id_dsa``), else None
    (a ``*`` or ``?``, a negated set, more than ``limit`` names)."""
    names = [""]
    i = 0
    while i < len(pattern):
        c = pattern[i]
        if c in "*?":
            return None
        end = pattern.find("]", i + 2) if c == "[" else -1
        if end < 0:
            names = [n + c for n in names]
            i += 1
            continue
        inside = pattern[i + 1 : end]
        if inside[:1] in {"!", "^"}:
            return None
        chars: set[str] = set()
        k = 0
        while k < len(inside):
            if k + 2 < len(inside) and inside[k + 1] == "-":
                chars.update(chr(o) for o in range(ord(inside[k]), ord(inside[k + 2]) + 1))
                k += 3
            else:
                chars.add(inside[k])
                k += 1
        names = [n + ch for n in names for ch in sorted(chars)]
        if len(names) > limit:
            return None
        i = end + 1
    return names


_ENV_OBJECTS = ("process.env", "import.meta.env", "deno.env", "bun.env")
"""Code's handles on the environment (JavaScript's ``process.env``), which a ``*.env`` file name
would otherwise match: a variable of it is not a file."""


def named_secrets(value: str, *, globs: bool = False, code: str = "") -> list[str]:
    """The secret files named in ``value``: a path, an ``OPT=path`` or ``@path``, or code and
    text that spell one (``open(".env")``); URLs are left out (``https://host/server.key`` is a
    download). With ``globs``, an unquoted glob that can expand to one counts."""
    if not secret_hint(value, glob=globs):
        return []
    found: list[str] = []
    separators = _GLOB_SEPARATORS if globs and "[" in value else _SEPARATORS
    for token in value.translate(separators).split():
        if token.startswith("//"):
            continue  # the rest of a URL after ``scheme:``
        if globs and any(c in token for c in _GLOB):
            if _glob_secret(token):
                found.append(token)
        elif (
            secret_name(token)
            and not token.lower().endswith(_ENV_OBJECTS)
            and not _env_accessor(token, value, code)
        ):
            found.append(token)
    return found


def _env_accessor(token: str, value: str, code: str) -> bool:
    """Round 20 (npol20): ``Rails.env``, ``Mix.env``, ``Hanami.env`` in code text (``rails
    runner 'puts Rails.env'``, ``mix run -e 'IO.puts Mix.env'``): a module's (a capitalised
    constant's) accessor of the environment's name, not a file. Only in code: ``code`` is
    ``"text"`` for what an interpreter or a console is given, read as code when it holds
    several words (one name alone, ``ruby Prod.env``, is a file's), ``"word"`` for a word of
    interpreter code read as a command line (``p Rails.env``); ``""`` (any other program's
    word, ``cat 'notes Prod.env'``) names a file. Never quoted in the code, nor the last part of
    a path (``File.read("Prod.env")``, ``config/Prod.env``): code names a file by a string."""
    stem = token[:-4]
    if not (token.endswith(".env") and stem[:1].isupper() and stem.isascii()):
        return False
    several = code == "word" or (code == "text" and any(c in value for c in " \t\n"))
    if not several or not stem.replace("_", "").isalnum():
        return False
    at = value.find(token)
    while at >= 0:
        if at and value[at - 1] in "'\"`/\\":
            return False
        at = value.find(token, at + 1)
    return True
