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

from tests.guards.test_bash import check

MODES = ({}, {"unattended": True}, {"sandboxed": True})


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
