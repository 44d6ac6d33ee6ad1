"""Read SQL handed to a database client or a service CLI as the statements it is.

A statement destroys data when it drops or truncates something, or when it deletes or updates
rows with no ``WHERE`` (or a ``WHERE`` that is always true). String literals, quoted
identifiers and dollar-quoted bodies are blanked out first, so ``drop`` inside a string does
not destroy; comments are blanked only where a ``WHERE`` is looked for (a ``where`` in a comment
scopes nothing), never where a destroying statement is: what one dialect reads as a comment
(``#``, ``--x``, ``/*! */``) another runs. A client option given its SQL attached (``-cSQL``,
``--command=SQL``) is read as that SQL.
"""

from __future__ import annotations

from ondas.guards.lazy_re import LazyPattern

_HINT = LazyPattern(r"(?i)drop|truncate|delete|update|flush|\.remove")
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
_ROWS = LazyPattern(r"\bdelete\s+from\b|\bupdate\s+\w[\w.]*\s+set\b")
_WHERE = LazyPattern(r"\bwhere\b(?P<cond>[^;]*)")
_ALWAYS = LazyPattern(
    r"^\s*(?:true|1|not\s+false|(\d+)\s*=\s*\1|q\s*=\s*q)\s*(?:$|\b(?:returning|order|limit)\b)"
)
"""A ``WHERE`` condition that holds for every row (``1=1``, ``true``, ``'a'='a'``)."""
_MONGO = LazyPattern(r"\.(?:drop\w*|deleteMany|remove)\s*\(")
"""mongo shell calls that drop collections or delete documents."""


def sql_text(word: str) -> str:
    """The SQL an argument carries: an attached short option's value (``-cDROP ...``) or a long
    option's (``--command=...``); otherwise the word itself."""
    if word.startswith("--") and "=" in word:
        return word.split("=", 1)[1]
    if word.startswith("-") and not word.startswith("--") and len(word) > 2 and word[2] != " ":
        return word[2:]
    return word


def destroying_sql(text: str) -> str | None:
    """What the SQL in ``text`` destroys (a short phrase), or ``None`` when it does not."""
    if not _HINT.search(text):
        return None
    if _MONGO.search(text):
        return "mongo code dropping or deleting documents"
    plain = _LITERALS.sub(lambda m: " q " if m.group(0)[0] in "'$" else " ", text).lower()
    for statement in plain.split(";"):
        if _DROP.search(statement):
            return "a statement dropping or truncating data"
        rows = _ROWS.search(statement)
        if rows is None:
            continue
        where = _WHERE.search(_COMMENTS.sub(" ", statement[rows.end() :]))
        if where is None:
            return "a delete or update of every row (no WHERE)"
        if _ALWAYS.search(where.group("cond")):
            return "a delete or update whose WHERE holds for every row"
    return None
