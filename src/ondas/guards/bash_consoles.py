"""Code handed to a web framework's console or runner, read as the code of its language.

A framework's console runs code in the project with the application loaded: Django's
``manage.py shell -c CODE`` (and django-extensions' ``shell_plus``) and what its standard input
holds are Python, ``rails runner CODE`` is Ruby, ``php artisan tinker --execute=CODE`` is PHP,
``mix run -e CODE`` is Elixir. Before round 18s only the verbs were judged (``manage.py flush``,
``rails db:drop``): code given to them that deletes the project's files (``shutil.rmtree``,
``File.rm_rf!``, ``File::deleteDirectory``) passed where ``python3 -c`` of the same code is
refused. This module is loaded only for those programs (:data:`CONSOLE_PROGRAMS`).

What the code does through the framework's own objects is read by its verbs (round 19,
``left19``): the guard does not know the application's models, but an ORM's deleting calls are
spelt alike in every framework (``User.objects.all().delete()``, ``User.destroy_all``,
``User::truncate()``, ``Repo.delete_all(User)``, ``db.drop_all()``). Unattended, such a call
through a console is the database's destruction (:data:`ORM_DESTROYING`), as the SQL its
database shell is given is; a read (``User.objects.count()``) passes.
"""

from __future__ import annotations

import posixpath

from ondas.guards.bash_base import (
    Ctx,
    Stdin,
    Word,
    block,
    positionals,
    unseen_script,
    word_set,
)
from ondas.guards.lazy_re import LazyPattern
from ondas.guards.verdict import ALLOW, Verdict

SQL = "sql"
"""The language of a database shell's input."""
STDIN_ONLY = frozenset({"\x00"})
"""A console verb whose operands are no code (``rails console production``, ``flask shell``):
only what its standard input holds is (round 19). Its one option is a word no command line
holds (a NUL byte is refused before the line is read), so no operand is taken as code."""
SCRIPT_FILES = (".rb", ".exs", ".ex", ".php", ".py")
"""A runner's operand naming a script file (``rails runner x.rb``, ``mix run x.exs``, ``php
artisan tinker x.php``), judged as that script run by an interpreter (round 19)."""

_DJANGO = {
    "shell": ("python", word_set("-c --command")),
    "shell_plus": ("python", word_set("-c --command")),
    "dbshell": (SQL, frozenset()),
}
CONSOLES: dict[str, dict[str, tuple[str, frozenset[str]]]] = {
    "manage.py": _DJANGO,
    "django-admin": _DJANGO,
    "artisan": {"tinker": ("php", word_set("--execute")), "db": (SQL, frozenset())},
    "rails": {
        "runner": ("ruby", frozenset()),
        "r": ("ruby", frozenset()),
        "dbconsole": (SQL, frozenset()),
        "db": (SQL, frozenset()),
        "console": ("ruby", STDIN_ONLY),
        "c": ("ruby", STDIN_ONLY),
    },
    "mix": {"run": ("elixir", word_set("-e --eval"))},
    # round 19: the consoles that read their code from standard input only
    "flask": {"shell": ("python", STDIN_ONLY)},
    # round 23: Prisma's ``db execute`` runs the SQL of ``--stdin`` or ``--file`` on the
    # project's database
    "prisma": {"db execute": (SQL, frozenset())},
}
"""Each console's program (by its file's name), its verbs that run code, the language and the
options whose value is the code (none: the first operand after the verb, as ``rails runner``
takes it, unless it names a ``.rb`` file). A framework's database shell (``manage.py
dbshell``, ``rails dbconsole``/``db``, ``artisan db``) starts the database's own client: the
SQL after ``--`` or fed to its standard input is judged as that client's is; Prisma's ``db
execute`` (a verb of two words) runs the SQL fed to it (``--stdin``) or of the file ``--file``
names, judged when this line wrote that file, as ``psql -f``'s is."""
_SQL_FILE_OPTIONS = {"prisma": word_set("--file")}
"""A database shell's options naming the file of statements it runs."""
CONSOLE_PROGRAMS = frozenset(CONSOLES)
"""The names :func:`console_code` judges, looked up before it is loaded."""
_RUNNER_VALUED = word_set("-e --environment")
_SANDBOXED = word_set("--sandbox -s")
_SANDBOXING_VERBS = word_set("console c")
"""``rails console --sandbox`` rolls back every change it made when it exits."""


def console_code(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """The code ``name``'s console verb is given (an option's value, the runner's operand, or
    the text fed to its standard input), checked as its language's code."""
    from ondas.guards.bash_code import check_code

    verbs = CONSOLES.get(posixpath.basename(name), {})
    named = positionals(args)
    verb = named[0].value if named else None
    last = 0
    if verb not in verbs and len(named) > 1:
        verb, last = f"{verb} {named[1].value}", 1  # ``prisma db execute``
    if verb not in verbs:
        return ALLOW
    family, options = verbs[verb]
    rest = args[args.index(named[last]) + 1 :]
    if family == SQL:
        return _database_shell(name, verb, rest, ctx, seg, s)
    codes: list[str] = []
    for k, word in enumerate(rest):
        value = word.value or ""
        key, eq, given = value.partition("=")
        if key in options and eq:
            codes.append(given)
        elif value in options and k + 1 < len(rest):
            codes.append(rest[k + 1].value or "")
    operands = positionals(rest, _RUNNER_VALUED)
    first = operands[0].value if operands else None
    if first and first.endswith(SCRIPT_FILES):
        verdict = unseen_script(first, ctx, seg)  # ``mix run /tmp/x.exs``
        if not verdict.allowed:
            return verdict
    elif first and not options:
        codes.append(first)
    from ondas.guards.bash_system import stdin_payloads

    fed_file = _fed_file(s)
    read: list[str] = []  # a fed file's text the line wrote, read for ORM calls only (below)
    if fed_file is not None:
        verdict = unseen_script(fed_file, ctx, seg)  # ``manage.py shell < /tmp/x.py``
        if not verdict.allowed:
            return verdict
        if ctx.unattended and s is not None:
            read = [text for text in stdin_payloads(s) or () if text is not None]
    elif s is not None:
        fed = stdin_payloads(s)  # ``manage.py shell <<< CODE``, ``echo CODE | rails console``
        if (fed is None or None in fed) and ctx.unattended:
            return block(
                "undecidable-payload",
                seg,
                f"{posixpath.basename(name)} {verb} runs the code piped to it, which the guard "
                "cannot read; unattended runs without the OS sandbox refuse code they cannot read",
            )
        codes += [text for text in fed or () if text]
    for code in codes:
        verdict = check_code(code, ctx, depth + 1, seg, family=family)
        if not verdict.allowed:
            return verdict
    sandbox = verb in _SANDBOXING_VERBS and _SANDBOXED.intersection(a.value for a in rest)
    if ctx.unattended and not sandbox:
        return _orm_destroying(name, verb, [*codes, *read], seg)
    return ALLOW


def _orm_destroying(name: str, verb: str, codes: list[str], seg: str) -> Verdict:
    """An ORM's deleting call (:data:`ORM_DESTROYING`) in the code a console is given, fed
    (``echo 'User.destroy_all' | rails console``) or read from a file the line wrote."""
    for code in codes:
        call = ORM_DESTROYING.search(code)
        if call is not None:
            return block(
                "database-destroy",
                seg,
                f"{posixpath.basename(name)} {verb} is given {call.group(0).strip()!r}: an "
                "ORM call that deletes the application's data",
            )
    return ALLOW


ORM_DESTROYING = LazyPattern(
    r"(?:\.|::|->)\s*(?:delete|destroy|truncate|drop|purge|force_?delete|forceDelete|"
    r"delete_all|destroy_all|update_all|delete_many|deleteMany|drop_all|drop_table|"
    r"dropIfExists|drop_collection|remove_all|delete_by|destroy_by)[!]?(?![\w?])"
)
"""An ORM's call that deletes or overwrites rows, tables or collections, after a method's or a
class's separator (``.``, ``::``, ``->``): Django's ``.delete()``, Active Record's
``destroy_all``/``delete_all``/``update_all``/``destroy!``, Eloquent's ``::truncate()``,
``->forceDelete()``, ``Schema::dropIfExists``, Ecto's ``Repo.delete_all``, SQLAlchemy's
``drop_all``/``session.delete``, Mongo's ``delete_many``. A predicate (``destroyed?``) and a
longer name (``deleted_at``, ``.delete_button``) are not calls of these verbs."""


def _fed_file(s: Stdin | None) -> str | None:
    """The file a console's standard input reads: redirected (``< FILE``) or printed whole by a
    ``cat FILE`` upstream, the same text; None for any other input."""
    if s is None:
        return None
    if s.kind == "file":
        return s.text
    stage = s.upstream[0] if s.kind == "pipe" and len(s.upstream) == 1 else []
    if len(stage) == 2 and stage[0].value == "cat" and not (stage[1].value or "-").startswith("-"):
        return stage[1].value
    return None


def _database_shell(
    name: str, verb: str, rest: list[Word], ctx: Ctx, seg: str, s: Stdin | None
) -> Verdict:
    """SQL that drops or deletes data, given to a framework's database shell after ``--`` (the
    client's own arguments: ``manage.py dbshell -- -c SQL``), fed to its standard input, or in
    a statements file this line wrote (``prisma db execute --file F``)."""
    from ondas.guards.bash_base import option_values, written_text
    from ondas.guards.bash_sql import destroying_sql, printed_destruction, sql_text
    from ondas.guards.bash_system import stdin_payloads

    printed = printed_destruction(s)  # ``manage.py sqlflush | manage.py dbshell``
    if printed is not None:
        return block("database-destroy", seg, f"{posixpath.basename(name)} {verb} is fed {printed}")
    values = [a.value for a in rest]
    texts = values[values.index("--") + 1 :] if "--" in values else []
    options = _SQL_FILE_OPTIONS.get(posixpath.basename(name))
    for path in option_values(rest, options) if options else ():
        wrote, text = written_text(ctx, path.value) if path.value else (False, None)
        if wrote and text is None and ctx.unattended:
            return block(
                "undecidable-payload",
                seg,
                f"{posixpath.basename(name)} {verb} runs a statements file written in this "
                "command with text the guard cannot see",
            )
        texts.append(text if wrote else None)
    for text in [*texts, *(stdin_payloads(s) or [])]:
        what = None if text is None else destroying_sql(sql_text(text))
        if what is not None:
            return block(
                "database-destroy", seg, f"{posixpath.basename(name)} {verb} is given {what}"
            )
    return ALLOW
