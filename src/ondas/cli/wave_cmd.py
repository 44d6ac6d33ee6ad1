"""``ondas wave``: open, count, close and reconcile waves; record skills and tasks."""

from __future__ import annotations

from pathlib import Path

from ondas.audit import inputs, tasks, waves
from ondas.cli._audit import announce_milestone, input_of, open_store
from ondas.cli._common import JsonOption, StateDirOption, call, emit_json, usage
from ondas.cli.framework import App, Option
from ondas.errors import RuleViolation
from ondas.state.lock import require_not_driven

app = App(
    help="Waves: start, end (optionally advancing), status, tick, skills, tasks, reconcile.",
    no_args_is_help=True,
)


@app.command("start")
def start_cmd(state_dir: Path = StateDirOption, as_json: bool = JsonOption) -> None:
    """Open the next wave and print its id; refused while one is open (wave-open)."""
    with open_store(state_dir) as store:
        call(lambda: require_not_driven(store, "opening a wave"))
        wave_id = call(lambda: waves.start_wave(store))
    if as_json:
        emit_json({"wave_id": wave_id})
    else:
        print(wave_id)


@app.command("end")
def end_cmd(
    reason: str = Option(
        ...,
        "--reason",
        help="stage_completed_advancing, threshold_proxy_reached, human_block, abort, completed.",
    ),
    advance: bool = Option(
        False, "--advance", help="Move to the next stage in the same transaction as the close."
    ),
    terminal_phase: str = Option(
        None, "--terminal-phase", help="Stage at which advancing completes the execution."
    ),
    mode: str = Option(None, "--mode", help="Stage chain: default, roadmap, single-feature."),
    next_instruction: str = Option(
        None, "--next-instruction", help="Instruction for the next wave."
    ),
    add_stage: str = Option(None, "--add-stage", help="Another stage this wave worked on (token)."),
    next_scheduled_for: str = Option(
        None, "--next-scheduled-for", help="ISO-8601 time the next wave is due."
    ),
    next_stage: str = Option(
        None, "--next-stage", help="Stage to advance to (default: the chain's next)."
    ),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Close the open wave; metrics are added to the execution exactly once."""
    given = input_of(inputs.CloseWave, locals())
    with open_store(state_dir) as store:
        call(lambda: require_not_driven(store, "closing a wave"))
        result = call(lambda: waves.end_wave(store, **given.arguments()))
    announce_milestone(result.milestone)
    if as_json:
        emit_json(result.to_dict())
    elif result.completed:
        print(f"{result.wave_id} closed; execution completed")
    elif result.advanced_to:
        print(f"{result.wave_id} closed; stage {result.advanced_to}")
    else:
        print(f"{result.wave_id} closed")


@app.command("current-id")
def current_id_cmd(state_dir: Path = StateDirOption, as_json: bool = JsonOption) -> None:
    """Print the open wave's id; exit 1 (no-open-wave) when none is open."""
    with open_store(state_dir) as store:
        wave = call(lambda: waves.current_wave(store))
    if wave is None:
        call(lambda: _raise(RuleViolation("no-open-wave", "no wave is open")))
        return
    if as_json:
        emit_json({"wave_id": wave.id})
    else:
        print(wave.id)


def _raise(err: Exception) -> None:
    raise err


@app.command("status")
def status_cmd(state_dir: Path = StateDirOption, as_json: bool = JsonOption) -> None:
    """Show the stage, the open wave (elapsed, tool calls, decisions) and counts."""
    with open_store(state_dir) as store:
        info = call(lambda: waves.wave_status(store))
    if as_json:
        emit_json(info)
        return
    print(f"execution {info['execution_id']}: {info['status']}, stage {info['current_stage']}")
    wave = info["open_wave"]
    if wave is None:
        print("no open wave")
    else:
        print(
            f"open wave {wave['id']}: {wave['elapsed_seconds']:.0f}s, "
            f"{wave['tool_calls']} tool calls, {wave['decisions']} decisions"
        )
    print(
        f"waves {info['waves']}, next milestone at {info['next_milestone']}, "
        f"pending blocks {info['pending_blocks']}"
    )


@app.command("list")
def list_cmd(state_dir: Path = StateDirOption, as_json: bool = JsonOption) -> None:
    """List every wave of the current execution."""
    with open_store(state_dir) as store:
        items = call(lambda: waves.list_waves(store))
    if as_json:
        emit_json([w.to_dict() for w in items])
        return
    for w in items:
        state = w.reason or "open"
        print(f"{w.id}\t{state}\t{','.join(w.stages)}\t{w.tool_calls} tool calls")


@app.command("tick")
def tick_cmd(
    count: int = Option(1, "--count", min=1, help="Tool calls to count."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Count a tool call on the open wave (a no-op when no wave is open)."""
    with open_store(state_dir) as store:
        total = call(lambda: waves.tick(store, count))
    if as_json:
        emit_json({"tool_calls": total})
    elif total is not None:
        print(total)


@app.command("record-skill")
def record_skill_cmd(
    skill: str = Option(..., "--skill", help="Skill (or gate) name."),
    kind: str = Option("skill", "--kind", help="skill or gate."),
    decision: str = Option(None, "--decision", help="Decision taken by this skill."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Record that a skill or gate ran in the open wave."""
    given = input_of(inputs.RecordSkill, locals())
    with open_store(state_dir) as store:
        position = call(lambda: waves.record_skill(store, **given.arguments()))
    if as_json:
        emit_json({"skill": skill, "kind": kind, "position": position})
    else:
        print(position)


@app.command("reconcile")
def reconcile_cmd(
    terminal_phase: str = Option(
        None, "--terminal-phase", help="Stage at which closing completes the execution."
    ),
    tasks_md: Path = Option(None, "--tasks-md", help="tasks.md to back-fill records from."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Close a wave left open (idempotent: a closed wave is never counted twice)."""
    with open_store(state_dir) as store:
        result = call(lambda: waves.reconcile(store, terminal_phase, tasks_md))
    if result.wave is not None:
        announce_milestone(result.wave.milestone)
    if as_json:
        emit_json(result.to_dict())
        return
    for task_id in result.tasks_backfilled:
        print(f"task {task_id} back-filled")
    if result.wave is None:
        print("nothing to reconcile")
    elif result.wave.completed:
        print(f"{result.wave.wave_id} closed; execution completed")
    else:
        where = f"; stage {result.wave.advanced_to}" if result.wave.advanced_to else ""
        print(f"{result.wave.wave_id} closed{where}")


def _bool(text: str, flag: str) -> bool:
    lowered = text.strip().lower()
    if lowered not in ("true", "false"):
        usage(f"{flag} must be true or false")
    return lowered == "true"


@app.command("record-task")
def record_task_cmd(
    task_id: str = Option(..., "--task-id", help="Task id from tasks.md, e.g. 4.1."),
    title: str = Option(None, "--title", help="Task title (required)."),
    outcome: str = Option(
        ..., "--outcome", help="pass (needs tests run > 0, all passed), fail or unverified."
    ),
    tests_run: int = Option(..., "--tests-run", help="Tests run."),
    tests_passed: int = Option(..., "--tests-passed", help="Tests passed (<= tests run)."),
    lint_ok: str = Option(..., "--lint-ok", help="true or false."),
    files: str = Option("[]", "--files", help="JSON list of files touched."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Record a task outcome (upsert by task id: re-recording never duplicates)."""
    given = input_of(inputs.RecordTask, {**locals(), "lint_ok": _bool(lint_ok, "--lint-ok")})
    with open_store(state_dir) as store:
        call(lambda: require_not_driven(store, "recording a task"))
        task = call(lambda: tasks.record_task(store, **given.arguments()))
    if as_json:
        emit_json(task.to_dict())
    else:
        print(task.task_id)


@app.command("reconcile-tasks")
def reconcile_tasks_cmd(
    tasks_md: Path = Option(..., "--tasks-md", help="tasks.md whose checked tasks need records."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Back-fill a record for every checked task without one (real records untouched)."""
    with open_store(state_dir) as store:
        added = call(lambda: tasks.reconcile_tasks(store, tasks_md))
    if as_json:
        emit_json({"backfilled": added})
    else:
        for task_id in added:
            print(task_id)
