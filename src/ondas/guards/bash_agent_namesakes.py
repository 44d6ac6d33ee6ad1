"""Programs that share a coding agent's name, told apart by their arguments (round 20, ``left20``).

``goose`` is Block's coding agent (``goose session``, ``goose run -t TEXT``, ``goose web``) and
also pressly's database migration tool (``goose up``, ``goose -dir db/migrations postgres DSN
status``), whose every line names a database driver or a migration verb first. A line of the
migration tool is judged as the other migration tools' verbs are (``dbmate rollback``, ``flyway
clean``): one that rolls migrations back (``down``, ``down-to``, ``redo``, ``reset``) loses the
tables and rows they made, in every mode; one that applies, lists or writes migrations passes.
Any other line is the agent's, refused as a nested agent. Loaded only for ``goose`` lines.
"""

from __future__ import annotations

from ondas.guards.bash_base import Word, block, word_set
from ondas.guards.verdict import ALLOW, Verdict

GOOSE_DRIVERS = word_set(
    "postgres pgx mysql sqlite3 sqlite mssql sqlserver redshift tidb clickhouse vertica ydb "
    "turso starrocks"
)
"""The database drivers pressly's goose names first (``goose postgres DSN up``)."""
GOOSE_ROLLBACKS = word_set("down down-to redo reset")
"""Migration verbs that undo migrations: their tables and rows are dropped."""
GOOSE_VERBS = GOOSE_ROLLBACKS | word_set(
    "up up-by-one up-to status version create fix validate env"
)
"""Every verb of the migration tool."""
GOOSE_VALUED = word_set(
    "-dir --dir -table --table -certfile --certfile -ssl-cert --ssl-cert -ssl-key --ssl-key "
    "-timeout --timeout -env --env"
)
"""The migration tool's options that take the next word (Go flags: one dash or two)."""


def goose_migration(args: list[Word], seg: str) -> Verdict | None:
    """The verdict on a line of pressly's migration tool, or None when the line is the agent's
    (its first word is neither a driver nor a migration verb)."""
    words: list[str | None] = []
    i = 0
    while i < len(args):
        value = args[i].value
        if value is not None and value.startswith("-") and value != "-":
            i += 2 if value in GOOSE_VALUED else 1
            continue
        words.append(value)
        i += 1
    if not words or words[0] is None:
        return None
    if words[0] in GOOSE_DRIVERS:
        verb = words[2] if len(words) > 2 else ""  # ``goose DRIVER DSN`` alone prints usage
    elif words[0] in GOOSE_VERBS:
        verb = words[0]
    else:
        return None
    if verb is None or verb in GOOSE_ROLLBACKS:
        return block(
            "service-destroy",
            seg,
            f"goose {verb or 'with a verb computed at run time'} rolls migrations back: the "
            "tables and rows they made are lost",
        )
    return ALLOW
