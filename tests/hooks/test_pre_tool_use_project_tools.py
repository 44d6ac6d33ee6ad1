"""PreToolUse in an unattended run: the project's own installed tools run, unknown names do not.

The hook runs as the real process (``python -m ondas hook pre-tool-use``) with
``ONDAS_GUARD_UNKNOWN=refuse``, as an unattended run without the OS sandbox starts it, over a
real project whose ``node_modules/.bin`` holds an executable file.
"""

from __future__ import annotations

from pathlib import Path

from tests.hooks.conftest import HookRunner, tool_call

UNATTENDED = {"ONDAS_GUARD_UNKNOWN": "refuse"}
TOOL = "ondas-fixture-site"


def _tool(project: Path) -> None:
    path = project / "node_modules" / ".bin" / TOOL
    path.parent.mkdir(parents=True)
    path.write_text("#!/bin/sh\nexit 0\n")
    path.chmod(0o755)


def test_a_tool_the_project_installed_is_allowed_unattended(
    hook: HookRunner, project: Path
) -> None:
    _tool(project)
    for command in (f"{TOOL} build", f"npx {TOOL} build --out-dir build"):
        payload = tool_call(project, "Bash", {"command": command})
        result = hook("pre-tool-use", payload, env=UNATTENDED)
        assert (result.returncode, result.stderr) == (0, ""), command


def test_an_unknown_program_the_project_lacks_is_still_refused_unattended(
    hook: HookRunner, project: Path
) -> None:
    _tool(project)
    payload = tool_call(project, "Bash", {"command": "ondas-fixture-absent build"})
    result = hook("pre-tool-use", payload, env=UNATTENDED)
    assert result.returncode == 2
    assert "[unknown-program]" in result.stderr


def test_a_project_tool_that_links_out_of_the_project_is_refused_unattended(
    hook: HookRunner, project: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "elsewhere" / "tool"
    outside.parent.mkdir()
    outside.write_text("#!/bin/sh\nexit 0\n")
    outside.chmod(0o755)
    _tool(project)
    (project / "node_modules" / ".bin" / "ondas-fixture-out").symlink_to(outside)
    payload = tool_call(project, "Bash", {"command": "ondas-fixture-out build"})
    result = hook("pre-tool-use", payload, env=UNATTENDED)
    assert result.returncode == 2
    assert "[unknown-program]" in result.stderr
