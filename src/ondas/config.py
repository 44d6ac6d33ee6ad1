"""``<project>/.ondas/config.toml``: typed settings with documented defaults.

Only the sections below are read here; other sections (``[audit]``, an orchestrator's own)
are left to their owners. Inside a known section an unknown key or a value of the wrong type
is a usage error naming it, so a typo never silently falls back to a default. The delivery
tier is deliberately *not* a setting: it changes only through ``ondas tier set``.

```toml
test_command = "pytest -q"            # how the project's tests are run (default: detected)
lint_command = "ruff check ."         # run after each task; its exit code is the task's
                                      # lint_ok (default: none, and lint_ok stays unknown)

[budget]                              # budget proxies; reaching one ends the wave gracefully
tool_calls_per_wave = 300
wallclock_seconds_per_wave = 3600
state_bytes = 67108864                # 64 MiB: state.db plus its WAL
cost_usd_per_wave = 10.0              # only checked when the backend reports cost
cost_usd_per_execution = 100.0

[models]                              # stage or role -> haiku | sonnet | opus | keep-current
plan = "opus"
```
"""

from __future__ import annotations

import tomllib
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from ondas.errors import UsageError
from ondas.pipeline.stages import STAGES

CONFIG_NAME = "config.toml"
MODELS = ("haiku", "sonnet", "opus", "keep-current")
KEEP_CURRENT = "keep-current"

DEFAULT_STAGE_MODELS: dict[str, str] = {s.name: s.model for s in STAGES.values()}
"""Stage -> default model, from the stage table."""

DEFAULT_ROLE_MODELS: dict[str, str] = {
    "key-aspects": "sonnet",
    "clarify-ask": "sonnet",
    "clarify-answer": "opus",
    "security-review": "opus",
    "retro": "sonnet",
}
"""The pipeline's roles (one-answer agent calls inside a stage's wave) -> model."""


@dataclass(frozen=True)
class Budget:
    """Budget thresholds; a budget is reached when its value is at or above the threshold."""

    tool_calls_per_wave: int = 300
    wallclock_seconds_per_wave: float = 3600.0
    state_bytes: int = 64 * 1024 * 1024
    cost_usd_per_wave: float = 10.0
    cost_usd_per_execution: float = 100.0


@dataclass(frozen=True)
class Config:
    """Every setting ondas reads from config.toml, with defaults filled in."""

    budget: Budget = field(default_factory=Budget)
    test_command: str | None = None
    lint_command: str | None = None
    models: dict[str, str] = field(
        default_factory=lambda: {**DEFAULT_STAGE_MODELS, **DEFAULT_ROLE_MODELS}
    )
    path: Path | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        data = asdict(self)
        data["path"] = str(self.path) if self.path else None
        return data


def config_path(state_dir: Path | str) -> Path:
    """Where the config of the store in ``state_dir`` lives."""
    return Path(state_dir) / CONFIG_NAME


def _number(section: str, key: str, value: Any, kind: type) -> Any:
    ok = isinstance(value, int | float) and not isinstance(value, bool)
    if kind is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    if not ok or value <= 0:
        raise UsageError(f"config [{section}] {key} must be a positive {kind.__name__}")
    return kind(value)


def _budget(raw: Any) -> Budget:
    if not isinstance(raw, dict):
        raise UsageError("config [budget] must be a table")
    known = {f.name: f for f in fields(Budget)}
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in known:
            raise UsageError(f"config [budget] has unknown key {key!r} (known: {', '.join(known)})")
        kind = int if known[key].type in ("int", int) else float
        values[key] = _number("budget", key, value, kind)
    return Budget(**values)


def _models(raw: Any) -> dict[str, str]:
    from ondas.pipeline.stages import ALL_STAGES

    if not isinstance(raw, dict):
        raise UsageError("config [models] must be a table")
    models = {**DEFAULT_STAGE_MODELS, **DEFAULT_ROLE_MODELS}
    for stage, model in raw.items():
        if stage not in ALL_STAGES and stage not in DEFAULT_ROLE_MODELS:
            raise UsageError(f"config [models] names unknown stage or role {stage!r}")
        if model not in MODELS:
            raise UsageError(f"config [models] {stage} must be one of {', '.join(MODELS)}")
        models[stage] = model
    return models


def parse_config(text: str, path: Path | None = None) -> Config:
    """Build a :class:`Config` from TOML text."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"config {path or ''} is not valid TOML: {exc}") from exc
    commands: dict[str, str | None] = {}
    for key in ("test_command", "lint_command"):
        value = raw.get(key)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            raise UsageError(f"config {key} must be a non-empty string")
        commands[key] = value
    return Config(
        budget=_budget(raw.get("budget", {})),
        test_command=commands["test_command"],
        lint_command=commands["lint_command"],
        models=_models(raw.get("models", {})),
        path=path,
    )


def load_config(state_dir: Path | str) -> Config:
    """The config of the store in ``state_dir``; defaults when the file does not exist."""
    path = config_path(state_dir)
    from ondas.pathpolicy import read_text

    try:
        text = read_text(path, what="config")
    except FileNotFoundError:
        return Config()
    except OSError as exc:
        raise UsageError(f"cannot read config {path}: {exc}") from exc
    return parse_config(text, path)
