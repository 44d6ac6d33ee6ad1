"""PostToolUse inside an active execution: the call is counted and its output observed."""

from __future__ import annotations

from pathlib import Path

from ondas.audit.waves import start_wave
from ondas.hooks.post_tool_use import output_text
from ondas.state.store import Store
from ondas.state.verify import verify
from tests.hooks.conftest import HookRunner, tool_call


def test_output_text_joins_bash_streams_and_serialises_other_responses() -> None:
    assert output_text({"stdout": "out", "stderr": "err", "interrupted": False}) == "out\nerr"
    assert output_text({"stdout": "", "stderr": "only err"}) == "only err"
    assert output_text("plain") == "plain"
    assert output_text({"filePath": "/p/a", "type": "create"}) == (
        '{"filePath": "/p/a", "type": "create"}'
    )


def test_a_tool_call_is_counted_on_the_open_wave_and_its_output_stored_scrubbed(
    hook: HookRunner, project: Path, store: Store
) -> None:
    wave = start_wave(store)
    token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    response = {"stdout": f"build ok\ntoken={token}\n", "stderr": ""}
    payload = tool_call(project, "Bash", {"command": "make"}, tool_response=response)
    for _ in range(2):
        result = hook("post-tool-use", payload)
        assert result.returncode == 0, result.stderr
    row = store.one("SELECT tool_calls FROM waves WHERE id = ?", (wave,))
    assert row is not None and row["tool_calls"] == 2
    outputs = store.all("SELECT tool, wave_id, output FROM observed_outputs ORDER BY id")
    assert [(r["tool"], r["wave_id"]) for r in outputs] == [("Bash", wave)] * 2
    assert "build ok" in outputs[0]["output"] and token not in outputs[0]["output"]
    verify(store)


def test_without_an_open_wave_the_output_is_still_observed(
    hook: HookRunner, project: Path, store: Store
) -> None:
    payload = tool_call(project, "Read", {"file_path": "a"}, tool_response="file body")
    assert hook("post-tool-use", payload).returncode == 0
    assert [r["output"] for r in store.all("SELECT output FROM observed_outputs")] == ["file body"]


def test_a_failed_call_is_counted_and_its_error_observed(
    hook: HookRunner, project: Path, store: Store
) -> None:
    wave = start_wave(store)
    payload = tool_call(
        project,
        "Bash",
        {"command": "pytest"},
        hook_event_name="PostToolUseFailure",
        error="Exit code 1\n3 failed, 9 passed",
    )
    assert hook("post-tool-use", payload).returncode == 0
    row = store.one("SELECT tool_calls FROM waves WHERE id = ?", (wave,))
    assert row is not None and row["tool_calls"] == 1
    (observed,) = store.all("SELECT output FROM observed_outputs")
    assert "3 failed, 9 passed" in observed["output"]
