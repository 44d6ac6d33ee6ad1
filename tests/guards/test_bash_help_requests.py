"""A help request to a service CLI's destroying verb (round 20, npol20).

``kubectl delete --help`` and ``gh repo delete --help`` passed in every mode, while ``fly apps
destroy --help``, ``kind delete cluster --help``, ``terraform destroy -help`` and ``aws ec2
terminate-instances help`` were refused as the destruction they only ask about: every CLI
framework with sub-commands prints the verb's usage for a help option and runs nothing. The
help option must end a line of at most three plain sub-command words (``-help`` for the CLIs
that read long options with one dash, ``help`` right after the AWS CLI's operation); help
given elsewhere, or turned off, and the destruction beside it stay refused."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

MODES: tuple[dict[str, bool], ...] = ({"sandboxed": True}, {}, {"unattended": True})


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "fly apps destroy --help",
        "flyctl apps destroy -h",
        "fly apps destroy my-app --help",
        "heroku apps:destroy --help",
        "vercel remove --help",
        "netlify sites:delete --help",
        "supabase db reset --help",
        "firebase projects:delete --help",
        "doctl compute droplet delete --help",
        "wrangler delete --help",
        "serverless remove --help",
        "sam delete --help",
        "kind delete cluster --help",
        "minikube delete --help",
        "k3d cluster delete --help",
        "eksctl delete cluster --help",
        "cdk destroy --help",
        "consul kv delete -help",
        "terraform destroy -help",
        "tofu destroy -help",
        "terraform destroy --help",
        "vault secrets disable -help",
        "aws ec2 terminate-instances help",
        "aws s3 rm help",
        # round 25 (left25): a cobra CLI's pflag reads ``--help`` anywhere on the line, and
        # the command prints its usage and runs nothing (round 20 read only a last word)
        "fly apps destroy --help my-app --yes",
    ],
)
def test_a_help_request_to_a_destroying_verb_prints_its_usage(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.allowed, (command, mode, verdict.rule, verdict.reason)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "fly apps destroy my-app --yes",
        "fly apps destroy --help my-app --yes --help=false",  # cobra: the last setting wins
        "fly apps destroy -- --help",  # after ``--``, an operand
        "fly apps destroy my-app --help && fly apps destroy my-app --yes",
        "kind delete cluster --help; kind delete cluster",
        "terraform destroy -help=false",
        "terraform destroy -auto-approve",
        "vault secrets disable -help=false",
        "consul kv delete -recurse app",
        "aws s3 rm s3://bucket/help",
        "aws s3 rm s3://bucket/x help",  # ``help`` read only right after the operation
        "heroku run rm -rf /app --help",  # a verb that runs the words after it
    ],
)
def test_a_destroying_verb_beside_a_help_option_stays_refused(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert not verdict.allowed, (command, mode)
