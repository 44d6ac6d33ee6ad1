"""Publishing is the specification's policy however the tool is reached: a service CLI's
deploy/publish verbs, and a Python module run with ``python -m`` judged by its command's rule.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check


@pytest.mark.parametrize(
    "command",
    [
        "fly deploy --remote-only",
        "firebase deploy --only hosting",
        "netlify deploy --prod",
        "heroku container:push web",
        "wrangler deploy",
        "serverless deploy --stage prod",
        "cdk deploy AppStack",
        "amplify publish",
        "eas submit -p ios",
        "vercel --prod",
        "vercel",
        "python3 -m twine upload dist/*",
        "python -m poetry publish --build",
        "python -m flit publish",
    ],
)
def test_deploying_or_publishing_is_refused_as_policy_in_both_modes(command: str) -> None:
    for unattended in (False, True):
        verdict = check(command, unattended=unattended)
        assert verdict.blocked, (command, unattended)
        assert verdict.category == "policy", (command, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "fly logs",
        "fly deploy --help",
        "vercel --version",
        "vercel ls",
        "firebase emulators:start",
        "cdk synth",
        "sam build",
        "python -m twine check dist/*",
        "python -m pytest -q",
        "python -m http.server 8000",
    ],
)
def test_reading_building_and_local_runs_of_the_same_tools_pass_sandboxed(command: str) -> None:
    assert check(command).allowed


@pytest.mark.parametrize(
    "command",
    [
        "claude -p 'finish the task'",
        "claude --dangerously-skip-permissions -p x",
        "claude config set hooks {}",
        "CLAUDE_CONFIG_DIR=/tmp/c claude -p hi",
        "npx @anthropic-ai/claude-code -p x",
        "codex exec 'run the tests'",
        "aider --yes-always --message 'fix it'",
        "bash -c 'claude -p x'",
    ],
)
def test_a_second_agent_session_is_refused_as_control_in_both_modes(command: str) -> None:
    for unattended in (False, True):
        verdict = check(command, unattended=unattended)
        assert verdict.rule == "nested-agent", (command, unattended, verdict.rule)
        assert verdict.category == "control"


@pytest.mark.parametrize("command", ["claude --version", "codex --help", "aider -h"])
def test_asking_an_agent_cli_its_version_or_help_passes(command: str) -> None:
    assert check(command, unattended=True).allowed


def test_python_m_runs_the_modules_command_under_its_rule() -> None:
    assert check("python3 -m ondas state set --status completed").rule == "ondas-state-mutation"
    assert check("python -m pip install --user requests", in_venv=False).category == "policy"
