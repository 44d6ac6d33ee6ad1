"""Round 12 of issue 30: a refusal's category says what the guard knows.

A program run on another machine or files copied to it (``kubectl exec``, ``oc rsh``,
``gcloud compute ssh``, ``az vm run-command``, ``aws ecs execute-command``) is the policy's
``remote-mutation`` in every mode, as ``ssh`` to a host off the whitelist is; the command given
is judged first, and one that destroys is ``dangerous``. A cloud CLI's verb the guard does not
know is ``unknown``: refused unattended with a reason naming it, allowed attended and
sandboxed. A verb computed at run time is ``dynamic-command``. A change that destroys nothing
(``kubectl replace``, a copy between buckets, ``az rest --method put``) is the policy's; one
that destroys (``replace --force``, ``sync --delete``, ``az rest --method delete``) stays
dangerous. Each class has harmful cases and ordinary twins, checked in the three modes.
"""

from __future__ import annotations

import pytest

from ondas.guards.verdict import Verdict
from tests.guards.test_bash import check

MODES = ("attended", "sandboxed", "unattended")


def _in(mode: str, command: str) -> Verdict:
    flags = {} if mode == "attended" else {mode: True}
    return check(command, **flags)


REMOTE_RUNS_THAT_DESTROY = [
    ("kubectl exec web-0 -- rm -rf /var/lib/data", "rm-outside-project"),
    ("kubectl exec -i web-0 -c app -- sh -c 'rm -rf /'", "rm-root"),
    ("kubectl -n prod exec -it web-0 -- rm -rf /srv", "rm-outside-project"),
    ("oc rsh web-0 rm -rf /srv", "rm-outside-project"),
    ("kubectl run tmp --image=busybox --rm -it -- rm -rf /data", "rm-outside-project"),
    ("kubectl debug web-0 -it --image=busybox -- rm -rf /data", "rm-outside-project"),
    ("kubectl exec -i web-0 -- sh <<< 'rm -rf /srv'", "rm-outside-project"),
    ("gcloud compute ssh vm1 --command 'rm -rf /srv/app'", "rm-outside-project"),
    ("gcloud compute ssh vm1 -- rm -rf /etc", "rm-outside-project"),
    (
        "az vm run-command invoke -g rg -n vm --command-id RunShellScript "
        "--scripts 'rm -rf /var/lib/mysql'",
        "rm-outside-project",
    ),
    (
        "aws ecs execute-command --cluster c --task t --interactive --command 'rm -rf /app'",
        "rm-outside-project",
    ),
    (
        "aws ssm send-command --document-name AWS-RunShellScript "
        """--parameters '{"commands":["rm -rf /srv"]}'""",
        "rm-outside-project",
    ),
    ("ssh build-host rm -rf /srv", "rm-outside-project"),
]
"""A command run on a remote that destroys: dangerous in every mode, named by the rule that
judges it (ssh's options after the host are the command's: ``rm -rf``, not ``rm``)."""

REMOTE_RUNS_THAT_READ = [
    "kubectl exec web-0 -- ls /app",
    "kubectl -n prod exec -it web-0 -c app -- cat /etc/os-release",
    "oc rsh web-0 cat /etc/os-release",
    "kubectl run tmp --image=busybox --rm -it -- nslookup db",
    "kubectl debug web-0 -it --image=busybox",
    "kubectl attach web-0 -it",
    "kubectl cp web-0:/tmp/report.txt ./report.txt",
    "kubectl cp ./report.txt web-0:/tmp/report.txt",
    "oc rsync ./site web-0:/srv/www",
    "gcloud compute ssh vm1 --command 'uptime'",
    "gcloud compute ssh vm1 -- df -h",
    "gcloud compute scp vm1:/tmp/report.txt ./report.txt",
    "az vm run-command invoke -g rg -n vm --command-id RunShellScript --scripts 'df -h'",
    "aws ecs execute-command --cluster c --task t --interactive --command 'ls /app'",
    "aws ssm send-command --document-name AWS-RunShellScript --parameters 'commands=[\"uptime\"]'",
]
"""Their ordinary twins: a run on (or copy to or from) a remote that destroys nothing, the
policy's in every mode (a copy out of a pod runs ``tar`` there and brings its files, a service
account's token among them, within reach)."""


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(("command", "rule"), REMOTE_RUNS_THAT_DESTROY)
def test_a_command_run_on_a_remote_that_destroys_is_dangerous_in_every_mode(
    command: str, rule: str, mode: str
) -> None:
    verdict = _in(mode, command)
    assert (verdict.rule, verdict.category) == (rule, "dangerous"), (mode, verdict)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("command", REMOTE_RUNS_THAT_READ)
def test_a_run_or_copy_on_a_remote_that_destroys_nothing_is_policy_in_every_mode(
    command: str, mode: str
) -> None:
    verdict = _in(mode, command)
    assert (verdict.rule, verdict.category) == ("remote-mutation", "policy"), (mode, verdict)
    assert "(policy)" in (verdict.reason or "")


def test_ssh_to_a_host_off_the_whitelist_stays_the_network_policy_when_nothing_destroys() -> None:
    for mode in MODES:
        verdict = _in(mode, "ssh build-host uptime")
        assert (verdict.rule, verdict.category) == ("network-not-whitelisted", "policy")


@pytest.mark.parametrize("mode", ["attended", "unattended"])
def test_a_copy_out_of_a_pod_into_a_file_outside_the_project_is_judged_as_that_write(
    mode: str,
) -> None:
    for command in ("kubectl cp web-0:/tmp/x /etc/hosts", "gcloud compute scp vm1:/tmp/x /etc/h"):
        verdict = _in(mode, command)
        assert (verdict.rule, verdict.category) == ("write-outside-project", "dangerous")


def test_a_copy_out_of_a_pod_outside_the_project_is_left_to_the_sandbox_and_stays_policy() -> None:
    verdict = _in("sandboxed", "kubectl cp web-0:/tmp/x /etc/hosts")
    assert (verdict.rule, verdict.category) == ("remote-mutation", "policy")


@pytest.mark.parametrize(
    "command", ["gcloud alpha frobnicate thing", "az widget spin", "gsutil frob gs://b"]
)
def test_a_cloud_verb_the_guard_does_not_know_is_unknown_refused_only_unattended(
    command: str,
) -> None:
    assert _in("attended", command).allowed
    assert _in("sandboxed", command).allowed
    verdict = _in("unattended", command)
    assert (verdict.rule, verdict.category) == ("unknown-program", "unknown")
    assert command.split()[1] in (verdict.reason or "")


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command", ["az widget spin --delete-all", "gcloud compute instances delete vm1"]
)
def test_a_cloud_call_that_destroys_is_dangerous_whether_or_not_its_verb_is_known(
    command: str, mode: str
) -> None:
    verdict = _in(mode, command)
    assert (verdict.rule, verdict.category) == ("cloud-mutation", "dangerous")


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "kubectl $VERB ns payments",
        "helm $ACTION web",
        "terraform $CMD",
        "gcloud $X",
        "pulumi $V",
        "docker $X web",
        "systemctl $X nginx",
        "service nginx $X",
        "defaults $X com.apple.dock",
        "docker compose $X",
        "gh $X",
        "gh pr $X 12",
    ],
)
def test_a_verb_computed_at_run_time_is_refused_as_one_the_guard_cannot_see(
    command: str, mode: str
) -> None:
    verdict = _in(mode, command)
    assert (verdict.rule, verdict.category) == ("dynamic-command", "unknown")


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("command", "rule", "category"),
    [
        ("kubectl replace -f deploy.yaml", "remote-mutation", "policy"),
        ("kubectl replace --force -f deploy.yaml", "kubectl-mutation", "dangerous"),
        ("aws s3 cp s3://a/x s3://b/x", "remote-mutation", "policy"),
        ("aws s3 sync s3://a s3://b --delete", "cloud-mutation", "dangerous"),
        ("az rest --method put --url https://management.azure.com/x", "remote-mutation", "policy"),
        (
            "az rest --method delete --url https://management.azure.com/x",
            "service-destroy",
            "dangerous",
        ),
        ("terraform apply -auto-approve", "remote-mutation", "policy"),
        ("terraform destroy -auto-approve", "terraform-mutation", "dangerous"),
        ("helm upgrade web ./chart", "remote-mutation", "policy"),
        ("helm uninstall web", "helm-mutation", "dangerous"),
        ("pulumi up --yes", "remote-mutation", "policy"),
        ("pulumi destroy --yes", "terraform-mutation", "dangerous"),
    ],
)
def test_a_remote_change_is_policy_and_one_that_destroys_is_dangerous(
    command: str, rule: str, category: str, mode: str
) -> None:
    verdict = _in(mode, command)
    assert (verdict.rule, verdict.category) == (rule, category), (mode, verdict)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "az rest --method get --url https://management.azure.com/x",
        "az rest --url https://management.azure.com/subscriptions",
        "gcloud compute instances list",
        "kubectl get pods -n prod",
    ],
)
def test_a_read_of_a_cloud_or_cluster_is_allowed_in_every_mode(command: str, mode: str) -> None:
    assert _in(mode, command).allowed, (mode, _in(mode, command))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    ["systemctl status $SVC", "oc adm", "docker ps -a", "gh pr view $N", "docker compose ps"],
)
def test_a_unit_named_at_run_time_or_a_bare_command_group_is_no_computed_verb(
    command: str, mode: str
) -> None:
    assert _in(mode, command).allowed, (mode, _in(mode, command))


@pytest.mark.parametrize("mode", MODES)
def test_a_systemctl_verb_that_stops_the_machine_is_still_refused(mode: str) -> None:
    verdict = _in(mode, "systemctl reboot")
    assert (verdict.rule, verdict.category) == ("shutdown", "dangerous")
