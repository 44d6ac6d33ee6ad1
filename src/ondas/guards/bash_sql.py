"""Read SQL handed to a database client or a service CLI as the statements it is.

A statement destroys data when it drops or truncates something, or when it deletes or updates
rows with no ``WHERE`` (or a ``WHERE`` that is always true). String literals, quoted
identifiers and dollar-quoted bodies are blanked out first, so ``drop`` inside a string does
not destroy; comments are blanked only where a ``WHERE`` is looked for (a ``where`` in a comment
scopes nothing), never where a destroying statement is: what one dialect reads as a comment
(``#``, ``--x``, ``/*! */``) another runs. A client option given its SQL attached (``-cSQL``,
``--command=SQL``) is read as that SQL.

SQL another program prints at run time is known by that program's verb when the verb only
prints a destruction: Django's ``sqlflush`` prints the statements that empty every table, so
``manage.py sqlflush | manage.py dbshell`` (or ``| psql``) runs them (round 20,
:func:`printed_destruction`).
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ondas.guards.lazy_re import LazyPattern

if TYPE_CHECKING:
    from ondas.guards.bash_base import Stdin

_HINT = LazyPattern(r"(?i)drop|truncate|delete|update|flush|\.remove|program|\.restore")
_LITERALS = LazyPattern(
    r"'(?:''|\\.|[^'\\])*(?:'|$)"
    r"|\"(?:\"\"|[^\"])*(?:\"|$)|`[^`]*(?:`|$)|\$(?P<tag>[A-Za-z_]\w*)?\$[\s\S]*?(?:\$(?P=tag)\$|$)"
)
"""Strings, quoted identifiers and dollar-quoted bodies."""
_COMMENTS = LazyPattern(r"--[^\n]*|#[^\n]*|/\*[\s\S]*?(?:\*/|$)")
"""Comments of any dialect (``--``, ``#``, ``/* */``)."""
_DROP = LazyPattern(
    r"\bdrop\s+(?:table|database|schema|view|index|collection|keyspace|column|user|role|"
    r"sequence|function|trigger|materialized|type|extension|owned|if)\b"
    r"|\btruncate\s+(?:table\s+)?\w|\bflush(?:all|db)\b|\bdropdatabase\b"
)
_RESTORE = LazyPattern(r"(?:^|[\n;])\s*\.restore\b")
"""sqlite3's ``.restore [DB] FILE``: the database's contents replaced by another file's."""
_ROWS = LazyPattern(
    r"\bdelete\s+from\b|\bupdate\s+\w[\w.]*\s+set\b"
    r"|\balter\s+table\s+[\w.]+(?:\s+on\s+cluster\s+\w+)?\s+(?:delete|update)\b"
)
"""Statements that delete or change rows, ClickHouse's mutations (``ALTER TABLE t DELETE
WHERE ...``) among them."""
_ALTER_DROP = LazyPattern(
    r"\balter\s+table\b[^;]*?\bdrop\s+(?!constraint\b|default\b|not\b|identity\b|expression\b"
    r"|primary\b|foreign\b|check\b|index\b|key\b|projection\b|statistics\b)\w"
)
"""``ALTER TABLE ... DROP`` of a column (its keyword is optional: ``DROP email``) or a
partition, which loses the data it holds; not of a constraint, a default or an index."""
_FIRST_DROP = LazyPattern(r"^\s*drop\s+\w")
"""A statement that is a ``DROP`` of any object (``DROP TABLESPACE``, ``DROP PUBLICATION``)."""
_SERVER_PROGRAM = LazyPattern(r"\b(?:to|from)\s+program\b")
"""``COPY ... TO/FROM PROGRAM 'CMD'``: the database server runs a shell command."""
_DOLLAR_BODY = LazyPattern(r"\$(?P<tag>[A-Za-z_]\w*)?\$(?P<body>[\s\S]*?)\$(?P=tag)\$")
"""A dollar-quoted body: the code of a ``DO`` block or a function, run as SQL."""
_RUNS_STRING = LazyPattern(
    r"(?i)\b(?:prepare\s+\w+\s+from|execute\s+immediate|execute|exec|sp_executesql|dblink_exec)\b"
)
"""Statements that run a string as SQL: its literals are statements, not data."""
_STRING = LazyPattern(r"'((?:''|\\.|[^'\\])*)'")
_CUT_CONDITION = LazyPattern(r"\b(?:returning|order\s+by|limit|group\s+by|settings)\b[\s\S]*$")
_CONSTANT_WORDS = frozenset({"true", "false", "null", "not", "is", "and", "q", "between", "in"})
_WHERE = LazyPattern(r"\bwhere\b(?P<cond>[^;]*)")
_ALWAYS = LazyPattern(
    r"^\s*(?:true|1|not\s+false|(\d+)\s*=\s*\1|q\s*=\s*q)\s*(?:$|\b(?:returning|order|limit)\b)"
)
"""A ``WHERE`` condition that holds for every row (``1=1``, ``true``, ``'a'='a'``)."""
_MONGO = LazyPattern(
    r"\.drop\w*\s*\(|\.(?:deleteMany|remove)\s*\((?!\s*\{\s*[\"']?[A-Za-z_])|\bdeleteMany\s*:"
    r"|\b(?:runCommand|adminCommand)\s*\(\s*\{\s*[\"']?(?:drop|dropDatabase|delete)\b"
    r"|\.(?:updateMany|replaceMany|findOneAndDelete)\s*\(\s*\{\s*\}"
)
"""mongo shell calls that drop collections or delete documents (as a method, a ``bulkWrite``
operation or a database command), or change every document (an empty filter). A
``deleteMany`` or ``remove`` whose filter names a field (``{status: "old"}``) deletes the
documents it names, as SQL's ``DELETE ... WHERE col = ...`` does (round 15b); an empty filter,
an operator (``{$where: ...}``) or a computed one is read as every document."""


def sql_text(word: str) -> str:
    """The SQL an argument carries: an attached short option's value (``-cDROP ...``) or a long
    option's (``--command=...``); otherwise the word itself."""
    if word.startswith("--") and "=" in word:
        return word.split("=", 1)[1]
    if word.startswith("-") and not word.startswith("--") and len(word) > 2 and word[2] != " ":
        return word[2:]
    return word


def destroying_sql(text: str, depth: int = 0) -> str | None:
    """What the SQL in ``text`` destroys (a short phrase), or ``None`` when it does not. The
    bodies of ``DO`` blocks and functions, and the strings a statement runs as SQL (``PREPARE s
    FROM @q``, ``EXECUTE 'DROP ...'``), are read as SQL too."""
    if not _HINT.search(text):
        return None
    if _MONGO.search(text):
        return "mongo code dropping or deleting documents"
    if depth < 3:
        inner = [m.group("body") for m in _DOLLAR_BODY.finditer(text)]
        if _RUNS_STRING.search(text):
            inner += [m.group(1).replace("''", "'") for m in _STRING.finditer(text)]
        for code in inner:
            what = destroying_sql(code, depth + 1)
            if what is not None:
                return what
    if _RESTORE.search(text):
        return "sqlite's .restore, which replaces the whole database with another"
    plain = _LITERALS.sub(lambda m: " q " if m.group(0)[0] in "'$" else " ", text).lower()
    for statement in plain.split(";"):
        if _SERVER_PROGRAM.search(statement):
            return "a statement that makes the database server run a program"
        if _DROP.search(statement) or _ALTER_DROP.search(statement):
            return "a statement dropping or truncating data"
        if _FIRST_DROP.search(_COMMENTS.sub(" ", statement)):
            return "a statement dropping or truncating data"
        rows = _ROWS.search(statement)
        if rows is None:
            continue
        where = _WHERE.search(_COMMENTS.sub(" ", statement[rows.end() :]))
        if where is None:
            return "a delete or update of every row (no WHERE)"
        if _ALWAYS.search(where.group("cond")) or _constant(where.group("cond")):
            return "a delete or update whose WHERE holds for every row"
    return None


def _constant(condition: str) -> bool:
    """A ``WHERE`` condition, or one of its ``OR`` branches, that names no column: it holds
    for every row or for none (``2 > 1``, ``true OR id = 1``)."""
    condition = _CUT_CONDITION.sub(" ", condition)
    for branch in condition.split(" or "):
        words = {m.group(0) for m in _WORDS.finditer(branch) if not m.group(0)[0].isdigit()}
        if branch.strip() and not words - _CONSTANT_WORDS:
            return True
    return False


_WORDS = LazyPattern(r"[a-z_][\w.]*|\d[\w.]*")


SQL_PRINTERS = {
    "manage.py": {"sqlflush": "the SQL that empties every table"},
    "django-admin": {"sqlflush": "the SQL that empties every table"},
    "django": {"sqlflush": "the SQL that empties every table"},  # ``python -m django``
}
"""Programs' verbs that print SQL destroying data and nothing else (``manage.py sqlflush``:
what ``manage.py flush`` runs), by the program's file name."""


def printed_sql(values: Sequence[str | None]) -> str | None:
    """The SQL a command writes to a file when it is one of :data:`SQL_PRINTERS`' verbs
    (``python manage.py sqlflush > f.sql``), as a statement of what it destroys, so a database
    client fed the file later in the line is judged by it (round 21); None for any other."""
    return None if _printer_verb(values) is None else "TRUNCATE TABLE every_table;"


def _printer_verb(values: Sequence[str | None]) -> tuple[str, str, str] | None:
    """The printer's file name, its verb and what the verb's SQL does, when ``values`` (a
    command's words) name one of :data:`SQL_PRINTERS`' verbs among their first words."""
    for k, value in enumerate(values[:5]):
        verbs = SQL_PRINTERS.get(posixpath.basename(value or ""))
        if verbs is None:
            continue
        operands = [v for v in values[k + 1 :] if v is None or not v.startswith("-")]
        what = verbs.get(operands[0] or "") if operands else None
        if what is not None:
            return posixpath.basename(value or ""), str(operands[0]), what
    return None


def printed_destruction(s: Stdin | None) -> str | None:
    """What the program piped into a database client or shell prints, when it is one of
    :data:`SQL_PRINTERS`' verbs (``python manage.py sqlflush | psql``): said as ``manage.py
    sqlflush``'s SQL, else None."""
    if s is None or s.kind != "pipe" or len(s.upstream) != 1:
        return None
    found = _printer_verb([w.value for w in s.upstream[0]])
    return None if found is None else f"{found[0]} {found[1]}'s output, {found[2]}"
