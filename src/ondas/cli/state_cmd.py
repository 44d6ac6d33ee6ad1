"""``ondas state``: the durable store."""

from __future__ import annotations

import json
import sys

from ondas.cli._common import (
    JsonOption,
    StateDirOption,
    call,
    emit_json,
    errors_to_exit,
    open_store,
    parse_json,
    print_table,
    state_dir_or_default,
    usage,
)
from ondas.cli.framework import App, Argument, Exit, Option
from ondas.errors import IntegrityError, InvalidState
from ondas.state.execution import (
    SETTABLE,
    TIERS,
    check_new_execution,
    create_execution,
    get_execution,
    read_field,
)

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes (status, state get, hooks)
# skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from ondas.state import lock as lock_mod
    from ondas.state import verify as verify_mod

app = App(
    help="The durable state store (.ondas/state.db): verify the audit chain, validate the "
    "schema, export and import state.json, rebuild a damaged store (recover), list the "
    "history.\n\n"
    "Plumbing kept for scripts (hidden): init, get, set, lock.",
    no_args_is_help=True,
)
lock_app = App(
    help="The execution lock: acquire, release, check (one holder, non-reentrant).",
    no_args_is_help=True,
)
app.add_group(lock_app, name="lock", hidden=True)


@app.command("init", hidden=True)
def init_cmd(
    project: Path = Option(None, "--project", help="Target project (default: cwd)."),
    description: str = Option("", "--description", help="What the run should build."),
    stack: str = Option(None, "--stack", help="Suggested stack."),
    tier: str = Option("cloud-public", "--tier", help=f"Delivery tier: {', '.join(TIERS)}."),
    roadmap: bool = Option(False, "--roadmap", help="Opt in to roadmap mode."),
    atomic_commit: bool = Option(False, "--atomic-commit", help="Opt in to atomic commits."),
    aspects: str = Option(
        None, "--aspects", help='Key aspects as JSON: {"product": [...], "technical": [...]}'
    ),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Create a new execution (status in_progress, stage briefing) for a project.

    With no arguments the project is the current directory and the store is ./.ondas.
    """
    from pathlib import Path

    project_path = project or Path.cwd()
    if not project_path.is_dir():
        usage(f"project {project_path} is not a directory")
    key_aspects = parse_aspects(aspects)
    call(
        lambda: check_new_execution(
            description=description,
            suggested_stack=stack,
            delivery_tier=tier,
            key_aspects=key_aspects,
        )
    )
    target = state_dir if state_dir is not None else project_path / ".ondas"
    with open_store(target, create=True) as store:
        execution = call(
            lambda: create_execution(
                store,
                project_path=project_path,
                description=description,
                suggested_stack=stack,
                delivery_tier=tier,
                roadmap_mode=roadmap,
                atomic_commit=atomic_commit,
                key_aspects=key_aspects,
            )
        )
    if as_json:
        emit_json(execution.to_dict())
    else:
        print(execution.id)


def parse_aspects(text: str | None) -> dict[str, list[str]] | None:
    """Parse ``--aspects`` JSON into the key-aspects mapping."""
    if text is None:
        return None
    value: Any = call(lambda: parse_json(text, "--aspects"))
    if not isinstance(value, dict):
        usage("--aspects must be a JSON object")
    return dict(value)


@app.command("get", hidden=True)
def get_cmd(
    field: str = Option(None, "--field", help="Dotted path of one field, e.g. status."),
    execution_id: str = Option(None, "--execution", help="Execution id (default: latest)."),
    state_dir: str = StateDirOption,  # text, not Path: reading a field imports no pathlib
    as_json: bool = JsonOption,
) -> None:
    """Print the execution as JSON, or one field of it (dotted path, e.g. metrics.tool_calls)."""
    with open_store(state_dir) as store:
        execution = call(lambda: get_execution(store, execution_id))
        if field is None:
            emit_json(execution.to_dict())
            return
        value = call(lambda: read_field(execution, field))
    if as_json or not isinstance(value, str):
        print(json.dumps(value, sort_keys=True, ensure_ascii=False))
    else:
        print(value)


@app.command("set", hidden=True)
def set_cmd(
    fields: list[str] = Option(
        None, "--field", help=f"Field to change (repeatable): {', '.join(sorted(SETTABLE))}."
    ),
    values: list[str] = Option(
        None, "--value", help="JSON value for each --field, e.g. '\"plan\"' or true."
    ),
    execution_id: str = Option(None, "--execution", help="Execution id (default: latest)."),
    as_operator: bool = Option(
        False,
        "--as-operator",
        help="Operator override: change tier/status/stage of an active run (recorded as a "
        "decision; refused inside a Claude Code session).",
    ),
    justification: str = Option(
        None, "--justification", help="Why the operator changes the run (with --as-operator)."
    ),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Change one or more settable fields in one audited transaction (validated first).

    While the execution is active, delivery_tier, status and current_stage change only with
    --as-operator, and never while a runtime drives it (run-in-progress).
    """
    fields, values = fields or [], values or []
    if not fields:
        usage("give at least one --field PATH --value JSON")
    if len(fields) != len(values):
        usage("give one --value per --field")
    changes: dict[str, Any] = {}
    for name, raw in zip(fields, values, strict=True):
        with errors_to_exit():
            changes[name] = parse_json(raw, f"--value for {name}")
    if "current_stage" in changes:
        from ondas.pipeline.stages import ALL_STAGES

        if changes["current_stage"] not in ALL_STAGES:
            usage(
                f"current_stage must be one of {', '.join(ALL_STAGES)}; "
                f"got {changes['current_stage']!r}"
            )
    with open_store(state_dir) as store:
        from ondas.audit.operator import PROTECTED_FIELDS, set_fields
        from ondas.state.lock import require_not_driven

        if any(name in PROTECTED_FIELDS for name in changes):
            call(lambda: require_not_driven(store, "changing the run's tier, status or stage"))
        execution = call(
            lambda: set_fields(
                store,
                changes,
                execution_id=execution_id,
                as_operator=as_operator,
                justification=justification,
            )
        )
    if as_json:
        emit_json(execution.to_dict())
    else:
        for name in changes:
            value = getattr(execution, name)
            print(f"{execution.id} {name} = {json.dumps(value, ensure_ascii=False)}")


@app.command("verify")
def verify_cmd(state_dir: Path = StateDirOption, as_json: bool = JsonOption) -> None:
    """Recompute the hash chain and replay the log (read-only); exit 4 on any tampering.

    The first finding names the first bad position (event seq) and, for a table row, the
    table and key.
    """
    from ondas.state import verify as verify_mod

    with open_store(state_dir, readonly=True) as store:
        report = call(lambda: verify_mod.verify(store))
    _print_report(report, as_json, "verify", IntegrityError.exit_code)


@app.command("validate")
def validate_cmd(state_dir: Path = StateDirOption, as_json: bool = JsonOption) -> None:
    """Check schema invariants read-only (never corrects); exit 6 when invalid."""
    from ondas.state import verify as verify_mod

    with open_store(state_dir, readonly=True) as store:
        report = call(lambda: verify_mod.validate(store))
    _print_report(report, as_json, "validate", InvalidState.exit_code)


def _print_report(report: verify_mod.Report, as_json: bool, what: str, code: int) -> None:
    if as_json:
        emit_json(report.to_dict())
    elif report.ok:
        print(f"{what}: ok ({report.events_checked} events)" if what == "verify" else f"{what}: ok")
    else:
        for finding in report.findings:
            print(f"{what}: {finding}")
    if not report.ok:
        first = report.findings[0]
        print(f"ondas: {what} failed: {first}", file=sys.stderr)
        raise Exit(code)


@app.command("export")
def export_cmd(
    output: Path = Option(
        None, "--output", "-o", help="File to write (default: state.json in the state dir)."
    ),
    execution_id: str = Option(None, "--execution", help="Execution id (default: latest)."),
    with_outputs: bool = Option(
        False,
        "--with-outputs",
        help="Include every observed tool output (rows and texts) instead of their summary.",
    ),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Write a readable state.json snapshot and its sha256 sidecar.

    Observed tool outputs stay in state.db (hashed into the audit chain); the file carries
    their count and size unless --with-outputs, as the copy written after every wave does.
    """
    from ondas.state import export as export_mod

    with open_store(state_dir) as store:
        path = output or store.state_dir / "state.json"
        doc = call(lambda: export_mod.export(store, path, execution_id, outputs=with_outputs))
    if as_json:
        emit_json({"path": str(path), "execution_id": doc["execution"]["id"]})
    else:
        print(path)


@app.command("import")
def import_cmd(
    file: Path = Argument(..., help="A state.json export or a legacy Portuguese state file."),
    accept_unverified: bool = Option(
        False,
        "--accept-unverified",
        help="Load even when the sha256 sidecar is missing or differs.",
    ),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Load a state file as a new execution (legacy keys mapped to English).

    Reads ondas' exports, the shell toolkit's Portuguese files and the specification's own
    state.json shape (keyed by execution, Portuguese fields, ondas, decisoes,
    bloqueios_humanos, metricas, orcamentos). Refused (exit 4) when the sha256 sidecar is
    missing or differs, unless --accept-unverified. What no row holds is kept under the
    execution's extras and listed on stderr as not carried (--json: not_carried).
    """
    from ondas.state import export as export_mod

    doc = call(lambda: export_mod.read_verified(file, accept_unverified=accept_unverified))
    doc = call(lambda: export_mod.prepare_import(doc))
    with open_store(state_dir, create=True) as store:
        new_id = call(lambda: export_mod.import_document(store, doc))
        report = export_mod.import_report(store, new_id)
    if as_json:
        emit_json({"execution_id": new_id, **report})
    else:
        print(new_id)
        rows = ", ".join(f"{table} {n}" for table, n in report["carried"].items())
        print(f"carried: {rows}", file=sys.stderr)
        for path in report["not_carried"]:
            print(f"not carried (kept in extras): {path}", file=sys.stderr)


@app.command("history")
def history_cmd(
    execution_id: str = Option(None, "--execution", help="Only this execution's events."),
    type_: str = Option(None, "--type", help="Only events of this type."),
    since: int = Option(0, "--since", min=0, help="Only events after this seq."),
    limit: int = Option(None, "--limit", min=0, help="At most this many events."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """List the audit log (hash-chained events, oldest first)."""
    with open_store(state_dir) as store:
        events = call(
            lambda: store.events(execution_id=execution_id, type_=type_, since=since, limit=limit)
        )
    if as_json:
        emit_json([e.__dict__ for e in events])
        return
    rows = [
        [
            str(e.seq),
            e.ts[:19],
            e.execution_id or "",
            e.type,
            e.description or "",
            str(len(e.payload.get("changes", []))),
        ]
        for e in events
    ]
    print_table(["seq", "time", "execution", "type", "description", "changes"], rows)


@app.command("recover")
def recover_command(state_dir: Path = StateDirOption, as_json: bool = JsonOption) -> None:
    """Rebuild a store that failed its integrity check from the last trustworthy export.

    Sources: .ondas/state.json and its versions in git history, newest first; one is used
    only when its sidecar matches, its chain head is on the store's valid hash chain and the
    log replays to exactly its rows (or, if the log is unreadable, it is recorded in git).
    The damaged state.db is moved aside as state.db-damaged-<time> (on a Postgres store the
    schema is renamed <schema>_damaged_<time>). Exit 4 when no export can be trusted, 1 when
    the store is intact.
    """
    from ondas.runtime.schema import default_schema
    from ondas.state.recover import anchor_check_for, recover

    directory = state_dir_or_default(state_dir)
    result = call(
        lambda: recover(
            directory, schema=default_schema(), anchor_check=anchor_check_for(directory)
        )
    )
    if as_json:
        emit_json(result.to_dict())
        return
    print(
        f"recovered {result.execution_id} from {result.source} "
        f"(chain head {result.chain_head.get('seq')}); damaged store kept as "
        f"{', '.join(result.moved_aside) or 'nothing'}"
    )
    for line in result.rejected:
        print(f"  skipped {line}")


@lock_app.command("acquire")
def lock_acquire(
    pid: int = Option(None, "--pid", help="Holder pid (default: the calling shell)."),
    break_stale: bool = Option(
        False,
        "--break-stale",
        help="Take over a dead holder's lock.",
    ),
    execution_id: str = Option(None, "--execution", help="Execution id (default: latest)."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Take the lock; exit 3 when it is held (even by the same pid)."""
    import os

    from ondas.state import lock as lock_mod

    with open_store(state_dir) as store:
        info = call(
            lambda: lock_mod.acquire(
                store, pid=pid or os.getppid(), execution_id=execution_id, break_stale=break_stale
            )
        )
    if info.broke_stale_pid is not None:
        print(
            f"ondas: took over the stale lock of dead pid {info.broke_stale_pid} on "
            f"{info.broke_stale_host}",
            file=sys.stderr,
        )
    _print_lock(info, as_json)


@lock_app.command("release")
def lock_release(
    pid: int = Option(None, "--pid", help="Holder pid (default: the calling shell)."),
    force: bool = Option(False, "--force", help="Release another holder's lock."),
    execution_id: str = Option(None, "--execution", help="Execution id (default: latest)."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Release the lock held by --pid."""
    import os

    from ondas.state import lock as lock_mod

    with open_store(state_dir) as store:
        info = call(
            lambda: lock_mod.release(
                store, pid=pid or os.getppid(), execution_id=execution_id, force=force
            )
        )
    _print_lock(info, as_json)


@lock_app.command("check")
def lock_check(
    execution_id: str = Option(None, "--execution", help="Execution id (default: latest)."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Report the holder; exit 3 when held by a live holder, 0 when free or stale."""
    from ondas.state import lock as lock_mod

    with open_store(state_dir) as store:
        info = call(lambda: lock_mod.check(store, execution_id))
    _print_lock(info, as_json)
    if info.held and not info.stale:
        raise Exit(3)


def _print_lock(info: lock_mod.LockInfo, as_json: bool) -> None:
    if as_json:
        emit_json(info.to_dict())
    elif not info.held:
        print(f"{info.execution_id}: free")
    else:
        state = "stale" if info.stale else "held"
        print(
            f"{info.execution_id}: {state} by pid {info.pid} on {info.host} since "
            f"{info.acquired_at}"
        )
