"""Row adapters so that a legacy state file's decisions, blocks, waves and tasks land in the
audit tables on ``ondas state import`` (keys are already translated to English by
``ondas.state.legacy``; these map the remaining shapes to our columns). They reach the
importer through the audit schema part, never by registration at import time."""

from __future__ import annotations

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes (status, state get, hooks)
# skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

REASONS = (
    "stage_completed_advancing",
    "threshold_proxy_reached",
    "human_block",
    "abort",
    "completed",
)
EXTRA_KEYS = {
    "classe": "class",
    "eixo": "axis",
    "consentimento": "consent",
    "onda": "wave_id",
    "wave": "wave_id",
    "timestamp": "created_at",
    "chave_assunto": "subject_key",
    "subject": "subject_key",
    "contexto_para_resposta": "context_for_answer",
    "decision": "decision_id",
    "numero": "number",
}


def _rename(row: dict[str, Any]) -> dict[str, Any]:
    return {EXTRA_KEYS.get(k, k): v for k, v in row.items()}


def _seq_id(value: Any, prefix: str) -> Any:
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{prefix}-{value:03d}"
    if isinstance(value, str) and value.isdigit():
        return f"{prefix}-{int(value):03d}"
    return value


def _int_or_none(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _text_list(value: Any) -> str:
    # json imported here: every store open loads this module (through the audit schema
    # part), and the PostToolUse hook, a process per tool call, otherwise needs no json.
    import json

    if value is None:
        return "[]"
    if isinstance(value, str):
        try:
            parsed = json.loads(value)
        except json.JSONDecodeError:
            parsed = None
        if isinstance(parsed, list):
            return value
    if not isinstance(value, list):
        value = [value]
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def adapt_decision(row: dict[str, Any]) -> dict[str, Any]:
    """A legacy decision as a ``decisions`` row."""
    out = _rename(row)
    out["id"] = _seq_id(out.get("id"), "dec")
    score = _int_or_none(out.get("score"))
    out["score"] = score if score is not None and 0 <= score <= 3 else None
    out["options"] = _text_list(out.get("options"))
    if "references" in out:
        out["references"] = _text_list(out["references"])
    if out.get("class") not in ("operational", "structural"):
        out.pop("class", None)
    out["wave_id"] = _seq_id(out.get("wave_id"), "wave")
    return out


def adapt_block(row: dict[str, Any]) -> dict[str, Any]:
    """A legacy human block as a ``blocks`` row."""
    out = _rename(row)
    out["id"] = _seq_id(out.get("id"), "block")
    out["decision_id"] = _seq_id(out.get("decision_id"), "dec")
    answered = out.get("answer") not in (None, "")
    out["status"] = "answered" if answered else "awaiting"
    if answered:
        out["answered_at"] = out.get("answered_at") or out.get("created_at") or ""
    else:
        out["answer"] = None
        out["answered_at"] = None
    if out.get("severity") not in ("light", "normal"):
        out["severity"] = "normal"
    if "options" in out and out["options"] is not None:
        out["options"] = _text_list(out["options"])
    return out


def adapt_wave(row: dict[str, Any]) -> dict[str, Any]:
    """A legacy wave as a ``waves`` row (nested metrics flattened).

    Keys that are not columns (``status``, ``termination_reason``, ``stage``) stay in the row,
    so that the importer keeps them under extras: nothing of the legacy wave is dropped.
    """
    out = _rename(row)
    number = _int_or_none(out.get("number"))
    if number is None:
        number = _int_or_none(out.get("id"))
    if number is None and isinstance(out.get("id"), str) and "-" in out["id"]:
        number = _int_or_none(out["id"].rsplit("-", 1)[1])
    out["number"] = number or 0
    if out.get("id") is None and number is not None:
        out["id"] = f"wave-{number:03d}"
    out["id"] = _seq_id(out.get("id"), "wave")
    metrics = out.pop("metrics", None)
    if isinstance(metrics, dict):
        for key in ("tool_calls", "wallclock_seconds", "decisions", "skills"):
            if key in metrics and key not in out:
                out[key] = metrics[key]
    out["tool_calls"] = max(0, _int_or_none(out.get("tool_calls")) or 0)
    reason = out.get("reason") or out.get("termination_reason")
    if reason not in REASONS:
        reason = "completed" if out.get("ended_at") else None
    out["reason"] = reason
    stage = out.get("stage")
    if "stages" not in out and isinstance(stage, str):
        out["stages"] = [stage]
    out.setdefault("start_stage", stage if isinstance(stage, str) else None)
    out["stages"] = _text_list(out.get("stages"))
    return out


def adapt_task(row: dict[str, Any]) -> dict[str, Any]:
    """A legacy task record as a ``tasks`` row."""
    out = _rename(row)
    if "task_id" not in out and "id" in out:
        out["task_id"] = str(out.pop("id"))
    run = max(0, _int_or_none(out.get("tests_run")) or 0)
    passed = max(0, _int_or_none(out.get("tests_passed")) or 0)
    out["tests_run"], out["tests_passed"] = run, min(run, passed)
    # A legacy outcome is kept only where the counts back it: pass needs tests that all passed.
    if out.get("outcome") not in ("pass", "fail", "unverified"):
        out["outcome"] = "pass"
    if out["outcome"] == "pass" and (run == 0 or passed < run):
        out["outcome"] = "unverified" if run == 0 else "fail"
    if "lint_ok" in out:
        lint = out["lint_ok"]
        out["lint_ok"] = None if lint is None else int(bool(lint))
    out["files"] = _text_list(out.get("files"))
    out["source"] = "recorded"
    return out


# The audit part's row adapters, by table (see :mod:`ondas.audit.schema`).
ROW_ADAPTERS = {
    "decisions": adapt_decision,
    "blocks": adapt_block,
    "waves": adapt_wave,
    "tasks": adapt_task,
}
