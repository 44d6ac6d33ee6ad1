"""The installed PostToolUse process records a call importing only what the lean path needs."""

from __future__ import annotations

from pathlib import Path

from ondas.audit.waves import start_wave
from ondas.state.store import Store
from ondas.state.verify import verify
from tests.hooks.conftest import run_installed_hook, tool_call

# Each is paid on every tool call; a Bash output holding no secret hint needs none of them.
NOT_IN_POST_TOOL_USE = (
    "re",
    "json",
    "pathlib",
    "hashlib",
    "_hashlib",
    "sqlite3",
    "datetime",
    "typing",
    "dataclasses",
    "runpy",
    "ondas.state.store",
    "ondas.state.dialect",
    "ondas.audit.events",
)


def test_the_installed_post_tool_use_process_records_without_heavy_imports(
    project: Path, store: Store
) -> None:
    wave = start_wave(store)
    output = "".join(f"line {i:05d}: collected tests/test_{i % 97}.py ok\n" for i in range(1500))
    payload = tool_call(
        project,
        "Bash",
        {"command": "pytest -q"},
        hook_event_name="PostToolUse",
        tool_response={"stdout": output, "stderr": ""},
    )
    run, modules = run_installed_hook("post-tool-use", payload)
    assert run.returncode == 0, run.stderr
    assert "ondas.audit.observe_lean" in modules
    assert not modules & set(NOT_IN_POST_TOOL_USE), sorted(modules & set(NOT_IN_POST_TOOL_USE))
    row = store.one("SELECT tool_calls FROM waves WHERE id = ?", (wave,))
    assert row is not None and row["tool_calls"] == 1
    (observed,) = store.all("SELECT output FROM observed_outputs")
    assert observed["output"] == output
    verify(store)
