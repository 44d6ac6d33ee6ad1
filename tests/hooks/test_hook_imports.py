"""The hook path starts fast: it never imports the CLI stack or heavy libraries it does not use."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("typer", "click", "rich", "pydantic", "jinja2", "detect_secrets", "mcp", "ondas.cli.main")

PROBE = """
import io, json, sys
from ondas.cli.entry import main
sys.stdin = io.StringIO(sys.argv[1])
code = main(["hook", "pre-tool-use"])
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def loaded_modules(payload: dict[str, object]) -> tuple[int, set[str]]:
    out = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(payload)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    result = json.loads(out.strip().splitlines()[-1])
    return result["code"], {m.split(".")[0] for m in result["modules"]} | set(result["modules"])


def test_an_unguarded_tool_imports_nothing_heavy(project: Path) -> None:
    code, modules = loaded_modules(
        {"cwd": str(project), "tool_name": "Read", "tool_input": {"file_path": "a"}}
    )
    assert code == 0
    assert not modules & set(HEAVY)
    assert "tree_sitter" not in modules


@pytest.mark.parametrize(
    ("tool", "tool_input"),
    [("Bash", {"command": "git status && ls -la"}), ("Write", {"file_path": "a.txt"})],
)
def test_guarded_tools_import_only_their_guard(
    project: Path, tool: str, tool_input: dict[str, str]
) -> None:
    code, modules = loaded_modules(
        {"cwd": str(project), "tool_name": tool, "tool_input": tool_input}
    )
    assert code == 0
    assert not modules & set(HEAVY), sorted(modules & set(HEAVY))
    if tool == "Write":
        assert "tree_sitter" not in modules
