"""A service CLI's run on the service's machines (``heroku run``, ``fly ssh console``,
``nomad alloc exec``, ``consul exec``) is a run on a remote: the specification's policy, as
``ssh`` to a host off the whitelist and ``kubectl exec`` are, after its command is judged for
what it destroys. ``railway run`` runs locally and local VMs are not remote.

Every command is data handed to the guard as a Python string; none is run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

IDS = ["attended", "sandboxed", "unattended"]

REMOTE_RUNS = [
    "heroku run bash",
    "heroku run rake db:migrate -a myapp",
    "heroku run:detached node worker.js",
    "heroku ps:exec",
    "fly ssh console",
    "flyctl ssh console -C 'ls /app'",
    "railway ssh",
    "doctl compute ssh droplet-1",
    "nomad alloc exec abc123 sh",
    "consul exec uptime",
    "cf ssh myapp",
]

DESTROYING_RUNS = [
    ("heroku run rake db:drop", "service-destroy"),
    ("fly ssh console -C 'rm -rf /data'", "rm-outside-project"),
]

NOT_REMOTE_RUNS = ["heroku logs --tail", "fly status", "heroku apps"]


@pytest.mark.parametrize("command", REMOTE_RUNS)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_a_run_on_a_services_machine_is_the_policys(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert (verdict.rule, verdict.category) == ("remote-mutation", "policy"), (
        command,
        verdict.rule,
    )


@pytest.mark.parametrize(("command", "rule"), DESTROYING_RUNS)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_a_run_on_a_services_machine_that_destroys_is_dangerous(
    command: str, rule: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert (verdict.rule, verdict.category) == (rule, "dangerous"), command


@pytest.mark.parametrize("command", NOT_REMOTE_RUNS)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_a_services_read_verbs_pass(command: str, flags: dict[str, bool]) -> None:
    assert check(command, **flags).allowed, command


@pytest.mark.parametrize("command", ["railway run npm start", "multipass exec vm -- ls"])
def test_local_runs_of_service_clis_are_not_remote(command: str) -> None:
    assert check(command).allowed, command
