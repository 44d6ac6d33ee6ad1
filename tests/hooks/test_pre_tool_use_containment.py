"""PreToolUse containment: the payload's cwd counts, guard-rails cannot be switched off."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hooks.conftest import HookRunner, tool_call


def test_a_relative_write_is_judged_from_the_payloads_cwd(hook: HookRunner, project: Path) -> None:
    (project / ".claude").mkdir(exist_ok=True)
    payload = tool_call(project, "Bash", {"command": "echo {} > settings.json"})
    payload["cwd"] = str(project / ".claude")
    result = hook("pre-tool-use", payload, env={"CLAUDE_PROJECT_DIR": str(project)})
    assert result.returncode == 2
    assert "write-protected-path" in result.stderr


@pytest.mark.parametrize(
    "command",
    [
        "mv .claude .claude.bak",
        "sed -i 's/pre-tool-use/true/' .claude/settings.json",
        "python3 -c \"open('.claude/settings.json','w').write('{}')\"",
        "git config core.hooksPath /tmp/hooks",
        "echo 'exit 0' > .git/hooks/pre-commit",
        "git -c core.hooksPath=/dev/null commit -m x",
        "ondas state set --field delivery_tier --value '\"local\"'",
        "sqlite3 .ondas/state.db 'delete from events'",
    ],
)
def test_the_agent_cannot_switch_off_its_guard_rails(
    hook: HookRunner, project: Path, command: str
) -> None:
    result = hook("pre-tool-use", tool_call(project, "Bash", {"command": command}))
    assert result.returncode == 2, result.stderr


def test_a_write_tool_call_into_dot_claude_is_refused(hook: HookRunner, project: Path) -> None:
    target = project / ".claude" / "hooks" / "x.sh"
    result = hook("pre-tool-use", tool_call(project, "Write", {"file_path": str(target)}))
    assert result.returncode == 2
    assert "write-protected-path" in result.stderr


def test_a_command_nested_too_deep_fails_closed_with_exit_2(
    hook: HookRunner, project: Path
) -> None:
    command = "(" * 5000 + "ls" + ")" * 5000
    result = hook("pre-tool-use", tool_call(project, "Bash", {"command": command}))
    assert result.returncode == 2
    assert "nesting-too-deep" in result.stderr


def test_home_under_tmp_is_still_home(tmp_path: Path) -> None:
    from ondas.guards.bash import check_command

    home = tmp_path / "home"
    project = tmp_path / "work" / "proj"
    verdict = check_command("rm -rf ~/x", project=project, home=home)
    assert verdict.rule == "rm-outside-project"
    neighbour = check_command("echo x > ../escape.txt", project=project, home=home)
    assert neighbour.rule == "write-outside-project"
    scratch = check_command("echo x > /tmp/scratch-i11.txt", project=project, home=home)
    assert scratch.allowed
