"""How a sovai run is driven: loop limits (defaults in code) and model/effort per role.

The defaults are materialised here, never left to a missing value: a run without
``--max-rounds`` has five rounds, not zero. The ``[sovai]`` table of
``<project>/.ondas/config.toml`` may set them and each role's model and effort:

```toml
[sovai]
max_rounds = 5
severity_floor = "P1"
churn_threshold = 2
parallel = 4
typecheck_command = "mypy ."          # the QA gate's type check (default: none, uncovered)
qa_fix_attempts = 2                   # fixes of a red QA gate before they are reverted

[sovai.models]                        # role -> model alias
executor = "sonnet"
[sovai.effort]                        # role -> low | medium | high | xhigh | max
diagnose = "high"
```
"""

from __future__ import annotations

import tomllib
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ondas.errors import UsageError
from ondas.sovai.schemas import SEVERITIES

MAX_ROUNDS = 5
SEVERITY_FLOOR = "P1"
CHURN_THRESHOLD = 2
PARALLEL = 4
QA_FIX_ATTEMPTS = 2
"""How many times a red QA gate is fixed and re-run before the fixes are reverted."""
ROLES = ("decompose", "coordinate", "executor", "mechanical", "diagnose", "finalize")
EFFORTS = ("low", "medium", "high", "xhigh", "max")
"""Claude Code's effort levels (``claude --help`` of 2.1.197; claude-agent-sdk's
``EffortLevel``), the highest one included."""
DEFAULT_MODELS: dict[str, str] = {
    "decompose": "opus",
    "coordinate": "opus",
    "executor": "sonnet",
    "mechanical": "haiku",
    "diagnose": "opus",
    "finalize": "sonnet",
}
DEFAULT_EFFORT: dict[str, str] = {
    "decompose": "high",
    "coordinate": "high",
    "executor": "medium",
    "mechanical": "low",
    "diagnose": "max",
    "finalize": "medium",
}
SETTINGS_KEY = "sovai_settings"


@dataclass
class SovaiSettings:
    """Everything that drives a sovai run; stored with the execution for ``resume``."""

    plan: str
    backend: str = "claude-code"
    max_rounds: int = MAX_ROUNDS
    severity_floor: str = SEVERITY_FLOOR
    churn_threshold: int = CHURN_THRESHOLD
    parallel: int = PARALLEL
    test_command: str | None = None
    typecheck_command: str | None = None
    qa_fix_attempts: int = QA_FIX_ATTEMPTS
    sandbox: bool = True
    models: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_MODELS))
    effort: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_EFFORT))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SovaiSettings:
        """Rebuild stored settings; unknown keys are ignored, missing ones take defaults."""
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return check(cls(**known))


def _positive(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise UsageError(f"{name} must be a whole number of at least 1, got {value!r}")
    return value


def check(settings: SovaiSettings) -> SovaiSettings:
    """Refuse settings that could not drive a run (one clear message each)."""
    _positive("--max-rounds", settings.max_rounds)
    _positive("--churn-threshold", settings.churn_threshold)
    _positive("--parallel", settings.parallel)
    if (
        isinstance(settings.qa_fix_attempts, bool)
        or not isinstance(settings.qa_fix_attempts, int)
        or not 0 <= settings.qa_fix_attempts <= 10
    ):
        raise UsageError(
            f"qa_fix_attempts must be a whole number from 0 to 10, got {settings.qa_fix_attempts!r}"
        )
    if settings.parallel > 64:
        raise UsageError("--parallel must be at most 64")
    if settings.max_rounds > 50:
        raise UsageError("--max-rounds must be at most 50 (it is a safety cap)")
    if settings.severity_floor not in SEVERITIES:
        raise UsageError(
            f"--severity-floor must be one of {', '.join(SEVERITIES)}, "
            f"got {settings.severity_floor!r}"
        )
    for role in (*settings.models, *settings.effort):
        if role not in ROLES:
            raise UsageError(f"unknown sovai role {role!r} (roles: {', '.join(ROLES)})")
    for role, effort in settings.effort.items():
        if effort not in EFFORTS:
            raise UsageError(f"effort of {role} must be one of {', '.join(EFFORTS)}")
    return settings


def _table(raw: Any, name: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise UsageError(f"config [{name}] must be a table")
    return raw


def from_config(state_dir: Path) -> dict[str, Any]:
    """The ``[sovai]`` table of ``config.toml`` as settings keys (empty without one)."""
    from ondas.pathpolicy import read_text

    path = state_dir / "config.toml"
    try:
        raw = tomllib.loads(read_text(path, what="config"))
    except FileNotFoundError:
        return {}
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"config {path} is not valid TOML: {exc}") from exc
    table = _table(raw.get("sovai", {}), "sovai")
    out: dict[str, Any] = {}
    simple = (
        "max_rounds",
        "severity_floor",
        "churn_threshold",
        "parallel",
        "typecheck_command",
        "qa_fix_attempts",
    )
    for key, value in table.items():
        if key in simple:
            out[key] = value
        elif key == "models":
            out["models"] = {**DEFAULT_MODELS, **_strings(_table(value, "sovai.models"))}
        elif key == "effort":
            out["effort"] = {**DEFAULT_EFFORT, **_strings(_table(value, "sovai.effort"))}
        else:
            raise UsageError(f"config [sovai] has unknown key {key!r}")
    if "typecheck_command" in out and not isinstance(out["typecheck_command"], str):
        raise UsageError("config [sovai] typecheck_command must be a string")
    return out


def _strings(table: dict[str, Any]) -> dict[str, str]:
    for key, value in table.items():
        if not isinstance(value, str) or not value.strip():
            raise UsageError(f"config [sovai] {key} must be a non-empty string")
    return {k: str(v) for k, v in table.items()}


def resolve(
    plan: str,
    state_dir: Path,
    *,
    backend: str,
    max_rounds: int | None = None,
    severity_floor: str | None = None,
    churn_threshold: int | None = None,
    parallel: int | None = None,
    test_command: str | None = None,
    sandbox: bool = True,
) -> SovaiSettings:
    """Command-line values over ``config.toml`` over the defaults (each one materialised)."""
    base = from_config(state_dir)
    given = {
        "max_rounds": max_rounds,
        "severity_floor": severity_floor,
        "churn_threshold": churn_threshold,
        "parallel": parallel,
    }
    base.update({k: v for k, v in given.items() if v is not None})
    return check(
        SovaiSettings(
            plan=plan, backend=backend, test_command=test_command, sandbox=sandbox, **base
        )
    )


def role_for_task(complexity: str) -> str:
    """``mechanical`` tasks run with the cheaper role's model and effort."""
    return "mechanical" if complexity == "mechanical" else "executor"
