"""``ondas status``: where the execution (and each feature) stands, read-only.

A module of its own, apart from ``run_cmd`` (the wave loop's commands): ``ondas status`` is
called often and by scripts, and loads only what it shows.
"""

from __future__ import annotations

import os

from ondas.cli._common import JsonOption, ProjectArg, emit_json, errors_to_exit, usage
from ondas.cli.framework import Option

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes (status, state get, hooks)
# skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any


def _path(*parts: str | Path) -> Path:
    """``Path(*parts)``, for the feature and detached-run readers (pathlib imported then)."""
    from pathlib import Path

    return Path(*parts)


def _project_text(project: str | None) -> str:
    """:func:`_project` on text (``os.path``): a plain ``ondas status`` imports no pathlib."""
    from ondas.pathtext import path_text, project_root

    target = os.path.realpath(project if project is not None else os.getcwd())
    if project is not None and not os.path.isdir(target):
        usage(f"project {path_text(project)} is not a directory")
    return project_root(target)


def status_command(
    # Text, not Path: a plain status imports no pathlib (~3.5 ms of its start-up).
    project: str = ProjectArg,
    feature: str = Option(None, "--feature", help="Show this feature's execution."),
    as_json: bool = JsonOption,
) -> None:
    """Show the execution's status, stage, waves, pending blocks, metrics, lock and process.

    The project's features are listed after its own execution (a project may have only
    features); --feature shows one of them in full.
    """
    from ondas.orchestrator.settings import status
    from ondas.state.dialect import store_exists

    target = _project_text(project)
    # Features and detached runs are read only where they exist: a plain status stays light.
    has_features = feature is not None or os.path.isdir(os.path.join(target, ".ondas", "features"))
    where: Path | str = target
    if feature:
        from ondas.orchestrator.features import feature_path

        with errors_to_exit():
            where = feature_path(_path(target), feature)
    listed: list[dict[str, Any]] = []
    if has_features and feature is None:
        from ondas.orchestrator import features as features_mod

        listed = [f.to_dict() for f in features_mod.list_features(_path(target))]
    with errors_to_exit():
        if feature:
            from ondas.orchestrator import features as features_mod

            features_mod.require_feature(_path(target), feature)
        if listed and not store_exists(os.path.join(target, ".ondas")):
            info: dict[str, Any] = {"execution": None, "features": listed}
        else:
            info = status(where)
            info["features"] = listed
        info["process"] = {}
        if os.path.isfile(os.path.join(where, ".ondas", "run.json")):
            from ondas.runtime import runfile

            info["process"] = runfile.process_info(_path(where, ".ondas"))
        if feature:
            info["publish"] = features_mod.describe(_path(target), feature).publish
    if as_json:
        emit_json(info)
        return
    if info["execution"] is not None:
        _print_status(info)
    _print_extra(info)


def _print_extra(info: dict[str, Any]) -> None:
    process = info.get("process") or {}
    if process:
        state, log = process.get("state"), process.get("log")
        print(f"process: pid {process.get('pid')} {state} · log {log}")
        ex = info.get("execution") or {}
        if state != "running" and ex.get("status") == "in_progress":
            print("not running (stopped or the machine restarted): ondas resume --detach")
    published = info.get("publish") or {}
    if published:
        extra = published.get("pr") or published.get("error") or published.get("detail") or ""
        print(f"publish: {published.get('status')} {extra}".rstrip())
    for f in info.get("features") or []:
        proc = (f.get("process") or {}).get("state")
        live = f" · process {proc}" if proc else ""
        pushed = (f.get("publish") or {}).get("status")
        pub = f" · {pushed}" if pushed else ""
        print(
            f"feature {f['short']}: {f['status']} · stage {f['stage']} · branch {f['branch']}"
            f"{pub}{live}"
        )
        for line in f.get("pending") or []:
            print(f"  awaiting {line}")


def _print_status(info: dict[str, Any]) -> None:
    ex = info["execution"]
    waves = info["waves"]
    out = print
    out(f"{ex['id']} {ex['status']} · stage {ex['current_stage']}")
    out(f"backend: {info['backend']} · waves: {waves['waves']}")
    if ex.get("next_instruction"):
        out(f"next: {ex['next_instruction']}")
    for block in info["pending_blocks"]:
        out(f"awaiting {block['id']}: {block['question']}")
    checked = info["verification"]
    tasks = ", ".join(f"{n} {name}" for name, n in checked["tasks"].items())
    reviews = ", ".join(f"{stage} {v}" for stage, v in checked["reviews"].items()) or "none yet"
    out(f"tasks: {tasks} · reviews: {reviews}")
    metrics = ex.get("metrics") or {}
    if metrics:
        out("metrics: " + ", ".join(f"{k}={v:g}" for k, v in sorted(metrics.items())))
    lock = info["lock"]
    if lock.get("held"):
        stale = f" (stale: {lock.get('why_stale')})" if lock.get("stale") else ""
        out(f"lock: pid {lock['pid']} on {lock['host']}{stale}")
    out(f"report: {info['report']}")
