"""``ondas limits``: abort triggers and budget proxies."""

from __future__ import annotations

import sys
from pathlib import Path

from ondas.cli._common import (
    JsonOption,
    StateDirOption,
    call,
    emit_json,
    fail,
    open_store,
    parse_json,
    state_dir_or_default,
)
from ondas.cli.framework import App, Option
from ondas.config import load_config
from ondas.errors import LimitAbort
from ondas.limits import budget, circular, cycles, drift, retro, spawn
from ondas.limits.check import check_all, first_abort
from ondas.limits.result import TriggerResult

app = App(
    help=(
        "Abort triggers (exit 3 with the reason when one fires) and budget proxies "
        "(exit 1 naming the budget reached)."
    ),
    no_args_is_help=True,
)
spawn_app = App(help="Spawn depth: abort above depth 3.", no_args_is_help=True)
cycles_app = App(
    help="Cycles on one stage: abort at the 6th tick without progress.", no_args_is_help=True
)
circular_app = App(
    help="Circular movement: abort when a problem recurs 3 times in the last 6 entries.",
    no_args_is_help=True,
)
drift_app = App(
    help="Purpose drift: warn after 3, abort after 5 waves touching no key aspect.",
    no_args_is_help=True,
)
retro_app = App(help="Retro-executions: at most 2 per feature.", no_args_is_help=True)
budget_app = App(help="Budget proxies from .ondas/config.toml [budget].", no_args_is_help=True)
for sub, name in (
    (spawn_app, "spawn"),
    (cycles_app, "cycles"),
    (circular_app, "circular"),
    (drift_app, "drift"),
    (retro_app, "retro"),
    (budget_app, "budget"),
):
    app.add_group(sub, name=name)

ExecutionOption = Option(None, "--execution", help="Execution id (default: the latest execution).")


def _emit(results: list[TriggerResult], as_json: bool) -> None:
    """Print the results; exit 3 with the first abort's reason."""
    if as_json:
        emit_json([r.to_dict() for r in results])
    else:
        for result in results:
            print(result.line())
    for result in results:
        if result.disabled:
            print(f"ondas: WARNING: {result.trigger} check {result.message}", file=sys.stderr)
    aborting = first_abort(results)
    if aborting is not None:
        fail(LimitAbort(f"[{aborting.reason}] {aborting.message}"))


@app.command("check")
def check_cmd(
    execution: str = ExecutionOption, state_dir: Path = StateDirOption, as_json: bool = JsonOption
) -> None:
    """Run every trigger in order (spawn, cycles, circular, drift, retro); exit 3 on abort."""
    with open_store(state_dir) as store:
        results = call(lambda: check_all(store, execution))
    _emit(results, as_json)


@app.command("config")
def config_cmd(state_dir: Path = StateDirOption) -> None:
    """Print the effective config.toml settings (defaults filled in) as JSON."""
    emit_json(call(lambda: load_config(state_dir_or_default(state_dir))).to_dict())


@spawn_app.command("enter")
def spawn_enter(
    execution: str = ExecutionOption, state_dir: Path = StateDirOption, as_json: bool = JsonOption
) -> None:
    """Enter one more spawn level; exit 3 (nothing recorded) above depth 3."""
    with open_store(state_dir) as store:
        _emit([call(lambda: spawn.enter(store, execution))], as_json)


@spawn_app.command("leave")
def spawn_leave(
    execution: str = ExecutionOption, state_dir: Path = StateDirOption, as_json: bool = JsonOption
) -> None:
    """Leave one spawn level."""
    with open_store(state_dir) as store:
        _emit([call(lambda: spawn.leave(store, execution))], as_json)


@spawn_app.command("check")
def spawn_check(
    execution: str = ExecutionOption, state_dir: Path = StateDirOption, as_json: bool = JsonOption
) -> None:
    """Judge the current spawn depth."""
    with open_store(state_dir) as store:
        _emit([call(lambda: spawn.check(store, execution))], as_json)


@cycles_app.command("tick")
def cycles_tick(
    progress: bool = Option(False, "--progress", help="This pass made progress."),
    stage: str = Option(None, "--stage", help="Stage ticked (default: current stage)."),
    execution: str = ExecutionOption,
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Count one pass over the stage; exit 3 at the 6th tick without progress."""
    with open_store(state_dir) as store:
        _emit(
            [call(lambda: cycles.tick(store, progress=progress, stage=stage, execution=execution))],
            as_json,
        )


@cycles_app.command("reset")
def cycles_reset(
    execution: str = ExecutionOption, state_dir: Path = StateDirOption, as_json: bool = JsonOption
) -> None:
    """Forget every tick."""
    with open_store(state_dir) as store:
        _emit([call(lambda: cycles.reset(store, execution))], as_json)


@cycles_app.command("check")
def cycles_check(
    execution: str = ExecutionOption, state_dir: Path = StateDirOption, as_json: bool = JsonOption
) -> None:
    """Judge the recorded ticks."""
    with open_store(state_dir) as store:
        _emit([call(lambda: cycles.check(store, execution))], as_json)


@circular_app.command("push")
def circular_push(
    problem: str = Option(..., "--problem", help="The problem being fixed."),
    solution: str = Option(..., "--solution", help="The fix attempted."),
    execution: str = ExecutionOption,
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Record an attempt; exit 3 when its problem is now seen 3 times in the last 6."""
    with open_store(state_dir) as store:
        _emit([call(lambda: circular.push(store, problem, solution, execution))], as_json)


@circular_app.command("check")
def circular_check(
    execution: str = ExecutionOption, state_dir: Path = StateDirOption, as_json: bool = JsonOption
) -> None:
    """Judge the last 6 entries."""
    with open_store(state_dir) as store:
        _emit([call(lambda: circular.check(store, execution))], as_json)


@circular_app.command("list")
def circular_list(
    execution: str = ExecutionOption, state_dir: Path = StateDirOption, as_json: bool = JsonOption
) -> None:
    """List the recorded entries, newest first."""
    with open_store(state_dir) as store:
        rows = call(lambda: circular.entries(store, execution))
    if as_json:
        emit_json(rows)
        return
    for row in rows:
        print(f"{row['position']}\t{row['problem_hash']}\t{row['problem']}\t{row['solution']}")


@circular_app.command("clear")
def circular_clear(
    execution: str = ExecutionOption, state_dir: Path = StateDirOption, as_json: bool = JsonOption
) -> None:
    """Forget every entry."""
    with open_store(state_dir) as store:
        removed = call(lambda: circular.clear(store, execution))
    if as_json:
        emit_json({"removed": removed})
    else:
        print(f"removed {removed}")


@drift_app.command("init")
def drift_init(
    aspects: str = Option(..., "--aspects", help="Product key aspects: JSON list."),
    technical: str = Option(None, "--technical", help="Technical aspects: JSON list."),
    operational: str = Option(None, "--operational", help="Operational aspects: JSON list."),
    execution: str = ExecutionOption,
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Record the key aspects once; they are frozen afterwards."""
    product = call(lambda: parse_json(aspects, "--aspects"))
    tech = call(lambda: parse_json(technical, "--technical")) if technical else None
    ops = call(lambda: parse_json(operational, "--operational")) if operational else None
    with open_store(state_dir) as store:
        recorded = call(lambda: drift.init(store, product, tech, ops, execution))
    if as_json:
        emit_json(recorded)
    else:
        for kind, items in recorded.items():
            for item in items:
                print(f"{kind}\t{item}")


@drift_app.command("touch")
def drift_touch(
    aspect: str = Option(..., "--aspect", help="A key aspect, as recorded."),
    execution: str = ExecutionOption,
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Record that the open (else latest) wave touched a key aspect."""
    with open_store(state_dir) as store:
        wave_id = call(lambda: drift.touch(store, aspect, execution))
    if as_json:
        emit_json({"wave_id": wave_id, "aspect": aspect})
    else:
        print(wave_id)


@drift_app.command("infer")
def drift_infer(
    paths: list[str] = Option(
        None, "--path", help="A changed path (repeatable; default: ask git)."
    ),
    project: Path = Option(None, "--project", help="Git work tree (default: cwd)."),
    since: str = Option(None, "--since", help="Also count commits since this git ref."),
    execution: str = ExecutionOption,
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Touch the aspects matched by the wave's changed paths; print them."""
    changed = (
        list(paths) if paths else call(lambda: drift.changed_paths(project or Path.cwd(), since))
    )
    with open_store(state_dir) as store:
        matched = call(lambda: drift.infer(store, changed, execution))
    if as_json:
        emit_json({"paths": changed, "touched": matched})
    else:
        for aspect in matched:
            print(aspect)


@drift_app.command("check")
def drift_check(
    execution: str = ExecutionOption, state_dir: Path = StateDirOption, as_json: bool = JsonOption
) -> None:
    """Judge the waves since the last key-aspect touch (loudly disabled without aspects)."""
    with open_store(state_dir) as store:
        _emit([call(lambda: drift.check(store, execution))], as_json)


@retro_app.command("check")
def retro_check(
    feature: str = Option(..., "--feature", help="The feature (its directory name)."),
    execution: str = ExecutionOption,
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """How many retro-executions the feature has used."""
    with open_store(state_dir) as store:
        _emit([call(lambda: retro.check(store, feature, execution))], as_json)


@retro_app.command("consume")
def retro_consume(
    feature: str = Option(..., "--feature", help="The feature (its directory name)."),
    execution: str = ExecutionOption,
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Use one retro-execution; exit 3 (nothing recorded) when none is left."""
    with open_store(state_dir) as store:
        _emit([call(lambda: retro.consume(store, feature, execution))], as_json)


@budget_app.command("check")
def budget_check(
    execution: str = ExecutionOption, state_dir: Path = StateDirOption, as_json: bool = JsonOption
) -> None:
    """Compare every proxy with its threshold; exit 1 naming the first one reached."""
    directory = state_dir_or_default(state_dir)
    config = call(lambda: load_config(directory))
    with open_store(state_dir) as store:
        items = call(lambda: budget.check(store, config.budget, execution))
    if as_json:
        emit_json([i.to_dict() for i in items])
    else:
        for item in items:
            print(item.line())
    call(lambda: budget.raise_if_reached(items))


@budget_app.command("record-cost")
def budget_record_cost(
    usd: float = Option(..., "--usd", help="Cost in USD the backend reported."),
    execution: str = ExecutionOption,
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Add a reported cost to the open wave and to the execution."""
    with open_store(state_dir) as store:
        totals = call(lambda: budget.record_cost(store, usd, execution))
    if as_json:
        emit_json(totals)
    else:
        for name, value in totals.items():
            print(f"{name}: {value:g}")
