"""Options read as each program's own parser reads them (round 22, ``tune22a``, hol-guard's
misses): GNU rm's long options by any unambiguous prefix; GNU parallel's options that take a
value; a help option given a value (a boolean flag, the last one winning); the short dry run
and the valued options of the backup tools (rclone, borg, restic), a dry-run word right after
an option their tables do not know being that option's value, maybe."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

MODES: tuple[dict[str, bool], ...] = ({"sandboxed": True}, {}, {"unattended": True})


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("rm --recurs --for src", "rm-recursive-outside-temp"),
        ("rm --recu src", "rm-recursive-outside-temp"),
        ("rm --r src", "rm-recursive-outside-temp"),
        ("rm --re --f src lib", "rm-recursive-outside-temp"),
        ("rm --recurs ~", "rm-home"),
    ],
)
def test_rm_reads_a_long_option_by_its_unambiguous_prefix(
    command: str, rule: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).rule == rule


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    ["rm --for notes.txt", "rm --verb notes.txt", "rm --dir emptydir", "rm --recurs build"],
)
def test_rm_prefixes_that_delete_no_tree_of_work_pass(command: str, mode: dict[str, bool]) -> None:
    assert check(command, **mode).allowed


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "parallel --header : rm -rf / ::: x",
        "parallel --tagstring tag rm -rf / ::: x",
        "parallel -C , rm -rf / ::: x",
        "parallel --timeout 10 rm -rf ~ ::: x",
        "parallel -I @ --retries 3 rm -rf / ::: x",
    ],
)
def test_parallel_reads_its_valued_options_before_the_command(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).blocked


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    ["parallel --header : echo {} ::: a", "parallel --timeout 10 -j 4 gzip -k {} ::: a.txt"],
)
def test_parallel_with_valued_options_runs_its_harmless_template(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).allowed


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "docker system prune --help --help=false",
        "kubectl delete deployment api --help --help=0",
        "terraform destroy --help --help=no",
    ],
)
def test_a_help_option_turned_off_after_it_leaves_the_verb_judged(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).blocked


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "docker system prune --help=true",
        "kubectl delete deployment api --help=true",
        "terraform destroy --help=true",
        "docker system prune --help=false --help",
        "docker system prune --help",
    ],
)
def test_a_help_option_left_on_prints_the_usage(command: str, mode: dict[str, bool]) -> None:
    assert check(command, **mode).allowed


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "rclone purge remote:archive",
        "rclone -v purge remote:archive",
        "rclone --config --dry-run purge remote:archive",
        "restic -r s3:archive forget latest",
        "restic -r -n forget latest",
        "restic forget latest --dry-run --dry-run=false",
        "borg prune --keep-daily 7 /archive",
        "borg prune -Pn --keep-daily 7 /archive",
        "borg delete /archive::x",
        "borg --new-option --dry-run delete /archive::x",
        "restic --new-option --dry-run forget latest --prune",
        "restic -v -n forget latest --prune",
    ],
)
def test_a_backup_tools_destruction_without_a_dry_run_stays_refused(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).blocked


@pytest.mark.parametrize("mode", ({"sandboxed": True}, {}))
@pytest.mark.parametrize(
    "command",
    [
        "rclone -n purge remote:archive",
        "rclone -vn purge remote:archive",
        "rclone --config rclone.conf --dry-run purge remote:archive",
        "restic -r s3:archive forget latest --dry-run",
        "restic forget latest -n",
        "restic forget latest --dry-run=false --dry-run",
        "borg prune --keep-daily 7 /archive --dry-run",
        "borg prune -Pfoo -n --keep-daily 7 /archive",
        "borg --repo /archive prune --keep-daily 7 --dry-run",
        "borg delete -n /archive::x",
        "borg prune -afoo -n --keep-daily 7 /archive",
        "mc --help rm prod/archive",
    ],
)
def test_a_backup_tools_dry_run_only_lists(command: str, mode: dict[str, bool]) -> None:
    assert check(command, **mode).allowed


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "gcloud compute --project app-prod instances delete api-1",
        "gcloud compute --project=app-prod instances delete api-1",
        "gcloud storage --project app-prod rm --recursive gs://archive/old",
        "az vm --subscription app-prod delete --name api-1 --yes",
        "az vm -otable delete --name api-1 --yes",
        "az vm --output table delete --name api-1 --yes",
        "az vm --verbose delete --name api-1",
    ],
)
def test_a_cloud_clis_global_option_between_its_groups_keeps_the_path(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).rule == "cloud-mutation"


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "gcloud compute --project app-prod instances list",
        "gcloud storage --project app-prod ls gs://archive/old",
        "az vm --output table list",
        "az vm -otable show --name delete",
    ],
)
def test_a_cloud_clis_read_after_a_global_option_passes(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).allowed


@pytest.mark.parametrize("mode", MODES)
def test_a_verbs_own_option_still_ends_the_cloud_path(mode: dict[str, bool]) -> None:
    verdict = check("az group create --name delete-me --location westeurope", **mode)
    assert verdict.rule == "remote-mutation"
