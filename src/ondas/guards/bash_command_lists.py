"""Command lines whose commands a CLI reads past its first word (round 23, left23), loaded
only for the lines naming these programs.

- ``mysqladmin`` runs every command of its list in turn (``mysqladmin status drop app``),
  each spelled by any prefix no other command begins (``dr`` is ``drop``); ``create``,
  ``drop``, ``kill``, ``password`` and ``old-password`` take the next word.
- ``git-cliff``'s templates given on the line (``--body``, ``--header``, ``--footer``) read
  the environment with ``get_env(name="VAR")``: VAR's value is printed into the changelog, as
  ``printenv VAR`` prints it.

Round 24 (left24): pnpm's implied run of a package's binary is read once, by
:mod:`ondas.guards.bash_package_programs` (with yarn's and bun's); pulumi's valued options are
one list, ``bash_base.OPTION_VALUES["pulumi"]``.
"""

from __future__ import annotations

from ondas.guards.bash_base import Word, block, word_set
from ondas.guards.lazy_re import LazyPattern
from ondas.guards.verdict import ALLOW, Verdict

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ondas.guards.bash_base import Ctx, Stdin

MYSQLADMIN_COMMANDS = word_set(
    "create debug drop extended-status flush-hosts flush-logs flush-privileges flush-status "
    "flush-tables flush-threads kill password old-password ping processlist reload refresh "
    "shutdown start-replica start-slave status stop-replica stop-slave variables version"
)
"""mysqladmin's commands (MySQL 8, MariaDB)."""
_MYSQLADMIN_ARGUMENT = word_set("create drop kill password old-password")
"""Its commands that take the next word (a database, thread ids, the new password)."""
_MYSQLADMIN_READS = word_set("status extended-status ping processlist variables version")
"""Its commands that only report; an unattended run lets only these pass."""
_MYSQLADMIN_VALUED = word_set(
    "-c --count -h --host -P --port -S --socket -u --user -i --sleep -O --set-variable "
    "--bind-address --character-sets-dir --compression-algorithms --connect-timeout "
    "--default-auth --default-character-set --defaults-extra-file --defaults-file "
    "--defaults-group-suffix --login-path --plugin-dir --protocol --shutdown-timeout "
    "--server-public-key-path --ssl-ca --ssl-capath --ssl-cert --ssl-cipher --ssl-crl "
    "--ssl-crlpath --ssl-key --ssl-mode --tls-version --tls-ciphersuites "
    "--zstd-compression-level"
)
"""mysqladmin's options that take the next word when not given one attached (``-uroot``,
``--user=root``); ``-p`` and ``-w`` take only an attached one."""
_MYSQLADMIN_USAGE = word_set("--help -? -I --version -V")
"""Its options that print the usage or version and stop (``-h`` is the host, ``-v`` verbose)."""


def mysqladmin_command(word: str) -> str | None:
    """The command ``word`` names: itself, or the one command it is the prefix of (``dr``,
    ``proc``, ``stat``); None when it names none or several (``d``: ``debug``, ``drop``)."""
    word = word.lower()
    if word in MYSQLADMIN_COMMANDS:
        return word
    found = [c for c in MYSQLADMIN_COMMANDS if c.startswith(word)]
    return found[0] if len(found) == 1 else None


def _mysqladmin_words(args: list[Word]) -> tuple[list[Word], bool]:
    """The words after mysqladmin's options (its command list) and whether a help or version
    option was given (the usage printed, nothing run)."""
    words: list[Word] = []
    asks = False
    k = 0
    while k < len(args):
        v = args[k].value
        k += 1
        if words or v is None or not v.startswith("-") or v == "-":
            words.append(args[k - 1])
            continue
        if v == "--":
            words += args[k:]
            break
        if v in _MYSQLADMIN_USAGE:
            asks = True
        if v.startswith("--"):
            k += v in _MYSQLADMIN_VALUED
        elif v[1:2] and f"-{v[1]}" in _MYSQLADMIN_VALUED and len(v) == 2:
            k += 1
    return words, asks


def mysqladmin(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """Each command of the list judged: ``drop DB`` (any spelling of it) deletes a database;
    unattended, a command that does more than report is refused as a program no rule names
    reads it (``shutdown``, ``kill``, ``flush-*``, ``password``)."""
    words, asks = _mysqladmin_words(args)
    if asks:
        return ALLOW
    k = 0
    changing: str | None = None
    while k < len(words):
        value = words[k].value
        if value is None:
            return block("dynamic-command", seg, f"a {name} command computed at run time")
        command = mysqladmin_command(value)
        k += 2 if command in _MYSQLADMIN_ARGUMENT else 1
        if command == "drop":
            return block("database-destroy", seg, f"{name} {value} drops a database")
        if command not in _MYSQLADMIN_READS and changing is None:
            changing = value
    if changing is not None and ctx.unattended:
        return block(
            "unknown-program",
            seg,
            f"{name} {changing} does more than report; unattended runs without the OS sandbox "
            "let database clients only read",
        )
    return ALLOW


_GET_ENV = LazyPattern(r"""get_env\(\s*name\s*=\s*["']?([^"')\s]*)""")
"""A Tera template's call of ``get_env`` with the variable's name (git-cliff's templates)."""


def template_environment(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """Each ``get_env(name="VAR")`` of git-cliff's line judged as ``printenv VAR`` is: a
    variable this line did not set whose name says it holds a secret, printed into the
    changelog, is refused unattended (``print-secret-variable``); then git-cliff as a program
    no rule names (its verbs, its outputs)."""
    if ctx.unattended:
        from ondas.guards.bash_environment import secret_printed, secret_variable

        for word in args:
            text = word.value if word.value is not None else word.text
            if "get_env" not in text:
                continue
            for match in _GET_ENV.finditer(text):
                variable = match.group(1)
                if variable not in ctx.variables and secret_variable(variable):
                    return secret_printed(name, variable, seg)
    from ondas.guards.bash_git_plugins import cliff_outputs
    from ondas.guards.bash_known import unknown_program

    verdict = cliff_outputs(args, ctx, seg)  # ``-o``, ``--prepend``: writes, as ``git cliff``'s
    return verdict if not verdict.allowed else unknown_program(name, args, ctx, seg, s)
