"""Printing the whole environment, in an unattended run without the OS sandbox.

Without the sandbox nothing unsets what the agent's shell inherits: the operator's tokens
(cloud keys, ``GITHUB_TOKEN``) and the run's own (:data:`~ondas.guards.paths.RUN_SECRETS`),
which the sandbox would unset. A command that names a run token is refused in every mode
(``run-token``); one that prints every variable (``env``, ``printenv``, ``export -p``, bare
``set`` or ``declare``, ``ps e``/``ps auxeww`` (every process's environment), interpreter
code printing ``os.environ``, ``process.env`` or ``ENV``, an expression printed as its value
that is the environment, ``node -p process.env``) is refused here, unattended only: it ships
every secret into the transcript at once. A named variable (``printenv PATH``, ``echo $HOME``)
and a filtered listing of names are allowed, but for one whose name says it holds a secret
(:func:`secret_variable`: ``$AWS_SECRET_ACCESS_KEY``, ``${GITHUB_TOKEN}``) printed where the
transcript reads it (``print-secret-variable``, unattended only, as the dump): that ships the
one secret. Used, not printed, it passes (``curl -H "Authorization: Bearer $TOKEN"``,
``echo "$TOKEN" | docker login --password-stdin``, ``> .npmrc``).
"""

from __future__ import annotations

from ondas.guards.bash_base import Word, block, word_set
from ondas.guards.lazy_re import LazyPattern
from ondas.guards.verdict import ALLOW, Verdict

_ENV_OPTIONS = word_set("-0 --null -i --ignore-environment -u --unset -C --chdir -S")
_ENV_VALUED = word_set("-u --unset -C --chdir")
_DECLARE_PRINT = word_set("-p -x -px -xp")

_CODE_DUMP = LazyPattern(
    r"(?:print|pprint|json\.dumps|dict|str|repr|list|sorted)\s*\(\s*(?:dict\s*\(\s*)?"
    r"os\.environ\s*\)|os\.environ\s*\.\s*(?:items|copy|keys|values)\s*\("
    r"|(?:console\.(?:log|dir|table)|JSON\.stringify|Object\.(?:entries|keys))\s*\(\s*"
    r"process\.env\s*[),]"
    r"|\b(?:p|pp|puts|print)(?:\s*\()?\s*ENV\b(?!\s*\[)|\bENV\s*\.\s*(?:inspect|to_h|to_a|each|keys)\b"
    r"|%ENV\b|\bgetenv\s*\(\s*\)|\$_(?:ENV|SERVER)\b(?!\s*\[)"
)
"""Interpreter code that prints or serialises the whole environment (Python, JavaScript, Ruby,
Perl, PHP), not one variable of it (``os.environ["HOME"]``, ``process.env.PORT``). No two
quantifiers may split one run of blanks (round 14: the blanks on either side of Ruby's optional
``(`` in ``p (ENV)`` did, 20,000 blanks 4 s)."""
_ENVIRONMENT_VALUE = LazyPattern(
    r"[\s(]*(?:process\.env|\{\s*\.\.\.\s*process\.env\s*\}"
    r"|Object\s*\.\s*(?:assign\s*\(\s*\{\s*\}\s*,|entries\s*\(|keys\s*\()\s*process\.env\s*\)"
    r"|ENV)[\s)]*(?:;\s*)?"
)
"""An expression whose value is the whole environment or its names (``process.env``,
``{...process.env}``, Julia's ``ENV``), not one variable (``process.env.HOME``)."""


def dumps_environment(name: str, args: list[Word]) -> bool:
    """Whether ``name args`` prints every environment variable."""
    values = [a.value for a in args]
    if name == "ps":  # a computed PID (``-p $PPID``) leaves the option words readable
        return _ps_environments([v if v is not None else "$" for v in values])
    if None in values:
        return False
    words = [v for v in values if v is not None]
    if name == "env":
        i = 0
        while i < len(words):
            word = words[i]
            if word in _ENV_VALUED:
                i += 2
                continue
            if word.startswith("-") and (word in _ENV_OPTIONS or word.startswith("--")):
                i += 1
                continue
            if "=" in word and not word.startswith("="):
                i += 1  # ``env FOO=1`` with no command prints the environment with FOO
                continue
            return False  # ``env FOO=1 cmd``: a command, judged as such
        return True
    if name == "printenv":
        return all(w.startswith("-") for w in words)
    if name == "export":
        return not words or words == ["-p"]
    if name in {"declare", "typeset"}:
        return all(w in _DECLARE_PRINT or w in {"-a", "-A", "-i", "-r"} for w in words) and (
            not words or any(w in _DECLARE_PRINT for w in words)
        )
    if name == "set":
        return not words
    return False


_PS_VALUED = word_set(
    "-o -O -p -q -u -U -g -G -t -C -s -k --pid --ppid --quick-pid --user --User --group "
    "--Group --tty --sid --format --sort --cols --columns --rows --width"
)


def _ps_environments(words: list[str]) -> bool:
    """``ps e``, ``ps auxeww``: a BSD option word holding ``e`` prints each process's
    environment after its command (``-e``, with a dash, is every process, not that)."""
    skip = False
    for word in words:
        if skip:
            skip = False
            continue
        if word.startswith("-"):
            skip = word in _PS_VALUED
            continue
        if not word.isalpha():
            continue
        if "e" in word:
            return True
        skip = word[-1] in "oOpUtkq"  # ``ps axo FORMAT``: the next word is the value
    return False


def environment_dump(name: str, args: list[Word], segment: str) -> Verdict:
    """The refusal of a command printing the whole environment (see the module)."""
    if not dumps_environment(name, args):
        return ALLOW
    return _refused(segment, name)


def code_dumps_environment(code: str, segment: str) -> Verdict:
    """The refusal of interpreter code printing the whole environment."""
    if "env" not in code.lower() or _CODE_DUMP.search(code) is None:
        return ALLOW
    return _refused(segment, "the code")


def printed_environment(expression: str, segment: str) -> Verdict:
    """The refusal of an expression an interpreter prints the value of (``node -p``, ``julia
    -E``) when that value is the whole environment: ``console.log(process.env)`` spelt short."""
    if _ENVIRONMENT_VALUE.fullmatch(expression) is None:
        return ALLOW
    return _refused(segment, "the printed expression")


def _refused(segment: str, what: str) -> Verdict:
    return block(
        "environment-dump",
        segment,
        f"{what} prints every environment variable: without the OS sandbox they hold the "
        "operator's tokens and the run's own; name the variable you need",
    )


_SECRET_PARTS = word_set(
    "SECRET SECRETS TOKEN PASSWORD PASSWORDS PASSWD PASS PASSPHRASE CREDENTIAL CREDENTIALS "
    "APIKEY PRIVATEKEY SECRETKEY ACCESSKEY PAT"
)
_KEY_KINDS = word_set(
    "API ACCESS SECRET PRIVATE SIGNING ENCRYPTION ENCRYPT MASTER AUTH LICENSE ACCOUNT CLIENT "
    "ADMIN DEPLOY SESSION SERVICE HMAC JWT"
)
_DATA_KEYS = word_set(
    "SORT CACHE PRIMARY FOREIGN PARTITION ROUTING LOOKUP MAP HASH DEDUP DEDUPE IDEMPOTENCY "
    "OBJECT BUCKET S3 SHORTCUT HOT INDEX UNIQUE COMPOSITE CLUSTER SHARD ROW RANGE GROUP QUERY "
    "STATE STORE CONFIG SETTING SETTINGS ENV I18N TRANSLATION MESSAGE LOCK CURSOR EVENT TOPIC "
    "FIELD JSON DICT REGISTRY REDIS MEMCACHE FEATURE FLAG PROJECT ORDER DEFAULT PUB GPG PGP "
    "SITE PUBLISHABLE ANON LAYER BUILD VERSION RELEASE ARTIFACT PREFIX PATH FILE"
)
"""Words before ``_KEY`` that make it a key of data or a public key, not a secret: a sort,
cache, partition or routing key, an object's key in a bucket, a translation's, a feature
flag's, a project's key in a tool (SonarQube's), a site or publishable key meant for
browsers (reCAPTCHA's, Stripe's), a GPG key's id."""
_NOT_A_SECRET = (
    *("_ID", "_FILE", "_FILENAME", "_PATH", "_DIR", "_URL", "_NAME", "_TYPE", "_HEADER"),
    *("_ENDPOINT", "_LENGTH", "_COUNT", "_SIZE", "_EXPIRY", "_EXPIRES", "_EXPIRES_AT"),
)


_CONNECTION_ENDS = word_set("URL URI DSN")
_STORES = word_set(
    "DATABASE DB POSTGRES POSTGRESQL PG PSQL MYSQL MARIADB MONGO MONGODB REDIS AMQP RABBITMQ "
    "BROKER SQLALCHEMY CLICKHOUSE"
)
"""A database's or message broker's connection string (round 14b): a URL that carries the
user and password (``postgres://user:pass@host/db``), so a secret though its name ends in
``_URL`` as an endpoint's does."""


def secret_variable(name: str) -> bool:
    """Whether a variable's name says it holds a secret: a part ``TOKEN``, ``SECRET``,
    ``PASSWORD``, ``CREDENTIALS``... (``GITHUB_TOKEN``, ``DB_PASSWORD``) or a key of a kind that
    is one (``API_KEY``, ``SIGNING_KEY``); not the secret's id, file, path or URL
    (``AWS_ACCESS_KEY_ID``, ``TOKEN_FILE``), a public key, or a cache or sort key; a database's
    or broker's connection string is one (``DATABASE_URL``: it carries the password)."""
    upper = name.upper()
    parts = [p for p in upper.split("_") if p]
    if parts and parts[-1] in _CONNECTION_ENDS and any(p in _STORES for p in parts[:-1]):
        return True  # ``DATABASE_URL``, ``REDIS_URL``, ``PG_DSN``: user:password@host
    if upper.endswith(_NOT_A_SECRET):
        return False
    if "PUBLIC" in parts:
        return False
    if any(p in _SECRET_PARTS for p in parts):
        return True
    if len(parts) < 2 or parts[-1] != "KEY":
        return False
    # round 18 (left18): ``OPENAI_KEY``, ``DEEPSEEK_KEY``: a key named for the service it
    # opens is one; a key of data (``SORT_KEY``, ``CACHE_KEY``) or a public one is not
    return parts[-2] in _KEY_KINDS or parts[-2] not in _DATA_KEYS


def secret_printed(program: str, name: str, segment: str) -> Verdict:
    """The refusal of ``program`` printing the secret variable ``name`` (see the module)."""
    return block(
        "print-secret-variable",
        segment,
        f"{program} prints ${name}, whose name says it holds a secret: without the OS sandbox it "
        "is the operator's, and the transcript would carry it; use it where it is needed "
        "(an argument, a pipe to the program that reads it) instead of printing it",
    )
