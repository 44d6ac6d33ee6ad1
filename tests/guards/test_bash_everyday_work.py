"""Ordinary work the bash guard used to refuse, by class (issue 30, round 6b).

Each class has the everyday forms it now allows and the forms that stay refused beside them,
in both modes (``unattended``: no OS sandbox, unknown programs refused). The project is
``/work/project``, the home ``/home/agent``. Every case here is data handed to the guard; none
is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

BOTH = (False, True)


def allowed_in_both_modes(command: str) -> None:
    for unattended in BOTH:
        verdict = check(command, unattended=unattended)
        assert verdict.allowed, (command, unattended, verdict)


def refused_in_both_modes(command: str, rule: str | None = None) -> None:
    for unattended in BOTH:
        verdict = check(command, unattended=unattended)
        assert verdict.blocked, (command, unattended)
        assert rule is None or verdict.rule == rule, (command, unattended, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "rm -f .git/index.lock",
        "rm -rf .git/index.lock",
        "rm .git/HEAD.lock .git/config.lock",
        "rm -f ./.git/refs/heads/topic.lock",
        "rm -f /work/project/.git/index.lock",
        "rm -f .git/modules/vendor/lib/index.lock",
        'rm -f "$(git rev-parse --git-dir)/index.lock"',
        "find .git -name '*.lock' -delete",
        "cd src && rm -f ../.git/index.lock",
    ],
)
def test_a_stale_git_lock_file_may_be_deleted(command: str) -> None:
    allowed_in_both_modes(command)


@pytest.mark.parametrize(
    "command",
    [
        "rm -f .git/index",
        "rm -f .git/config",
        "rm -rf .git/refs",
        "rm -rf .git/refs.lock/../refs",
        "rm -f .git/*",
        "rm -rf .git",
        'rm -rf "$(git rev-parse --git-dir)"',
        "find .git -delete",
        "find .git -name '*.lock' -o -name HEAD -delete",
        "echo > .git/index.lock",
    ],
)
def test_the_rest_of_the_git_directory_stays_protected(command: str) -> None:
    refused_in_both_modes(command)


@pytest.mark.parametrize(
    "command",
    [
        'D=coverage; rm -rf "${D:?}"',
        'OUT=dist; rm -rf "${OUT:?must be set}/"',
        'X=; rm -rf "${X:-build}"',
        'rm -rf "${CACHE:=.cache}"',
        'for d in build dist .pytest_cache; do rm -rf "$d"; done',
        'for d in {build,dist}; do rm -rf "./$d"; done',
        'for f in *.pyc; do rm -f "$f"; done',
        'for name in a b; do echo "$name"; done',
    ],
)
def test_a_path_held_in_a_variable_of_the_line_is_judged_by_its_value(command: str) -> None:
    allowed_in_both_modes(command)


@pytest.mark.parametrize(
    "command",
    [
        'D=src; rm -rf "${D:?}"',
        'rm -rf "${UNSET:?}"',
        'X=; rm -rf "${X:-~}"',
        'for d in build src; do rm -rf "$d"; done',
        'for TMPDIR in /etc /usr; do rm -rf "$TMPDIR/x"; done',
        'for d in $LIST; do rm -rf "$d"; done',
        'for d; do rm -rf "$d"; done',
        "for d in " + " ".join(f"b{i}" for i in range(40)) + '; do rm -rf "$d"; done',
        "for a in 1 2 3 4 5 6 7 8; do for b in 1 2 3 4 5 6 7 8; do for c in 1 2 3 4 5 6 7 8; do "
        'rm -rf "build/$a/$b/$c"; done; done; done',
    ],
)
def test_a_variable_the_guard_cannot_pin_down_stays_refused(command: str) -> None:
    refused_in_both_modes(command)


@pytest.mark.parametrize(
    "command",
    [
        'tmp=$(mktemp); trap \'rm -f "$tmp"\' EXIT; date > "$tmp"',
        'tmp="$(mktemp -d)"; trap \'rm -rf "$tmp"\' EXIT INT TERM',
        'out=$(mktemp /tmp/report.XXXXXX); trap "rm -f $out" EXIT',
        "TMP=`mktemp -t job.XXXX`; trap 'rm -f $TMP' EXIT",
        'scratch=$(mktemp -d)\ntrap \'rm -rf "$scratch"\' EXIT\ncp -r src "$scratch"',
        'cleanup() { rm -rf "$work"; }; work=$(mktemp -d); trap cleanup EXIT',
        "f() { pytest -q; }; f; f",
    ],
)
def test_cleanup_of_a_temp_file_the_line_made_passes(command: str) -> None:
    allowed_in_both_modes(command)


@pytest.mark.parametrize(
    "command",
    [
        "trap 'rm -f \"$tmp\"' EXIT",
        "tmp=$(mktemp -d); trap 'rm -rf \"$tmp\"' EXIT; tmp=~",
        "tmp=$(mktemp -d); trap 'rm -rf \"$tmp\"' EXIT; tmp=$(cat where.txt)",
        'cleanup() { rm -rf "$work"; }; trap cleanup EXIT',
        'cleanup() { rm -rf "$work"; }; work=~; cleanup',
        'cleanup() { rm -rf "$work"; }; work=$(mktemp -d); trap cleanup EXIT; work=/etc',
        'f() { rm -rf "$d"; }; export -f f; d=~',
        'ls() { rm -rf "$p"; }; p=~; ls',
        "f() { rm -rf ~; }",
        'command_not_found_handle() { rm -rf "$d"; }; d=~; no-such-tool',
        'TRAPEXIT() { rm -rf "$d"; }; d=~',
        'trap cleanup EXIT; cleanup() { rm -rf "$d"; }; d=~',
    ],
)
def test_a_deferred_deletion_is_judged_with_the_values_it_runs_with(command: str) -> None:
    refused_in_both_modes(command)


def test_a_function_never_called_runs_nothing() -> None:
    allowed_in_both_modes('f() { rm -rf "$d"; }; echo defined')


@pytest.mark.parametrize(
    "command",
    [
        'touch "build-$(date +%s).log"',
        'mkdir -p "$(dirname out/gen/x.txt)"',
        'mv "report-$(date +%F).html" reports/',
        'rm -rf "build/$(uname -m)"',
        'cp dist/app.js "dist/app.$(git rev-parse --short HEAD).js"',
        'echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) done" >> build/log.txt',
        'cd "$(dirname src/pkg/mod.py)" && ls',
        'LOG="logs/run-$(date +%Y%m%d-%H%M%S).log"; pytest | tee "$LOG"',
        'backup="$(basename "$PWD").tgz"; tar czf "/tmp/$backup" .',
        'docker run --rm --user "$(id -u):$(id -g)" -v "$(pwd)":/src alpine ls /src',
    ],
)
def test_substitutions_that_print_a_known_shape_stand_for_it(command: str) -> None:
    allowed_in_both_modes(command)


@pytest.mark.parametrize(
    "command",
    [
        'rm -rf "$(basename /srv/other/src)"',
        'rm -rf "$(dirname src/app.py)"',
        'rm -rf "/home/$(whoami)"',
        'sh -c "$(git branch --show-current)"',
        'touch "$(date -s 2020-01-01)"',
        'touch "$(date +%Q)"',
        '"$(git describe --tags)"',
    ],
)
def test_substitutions_of_other_shapes_or_agent_chosen_names_stay_judged(command: str) -> None:
    refused_in_both_modes(command)


@pytest.mark.parametrize(
    "command",
    [
        'bash <<-EOF\n\techo "hello"\n\tEOF',
        "sh <<-EOF\n\tif [ -f x ]; then\n\t\techo yes\n\tfi\n\tEOF",
        "bash <<EOF\necho $HOME\nEOF",
        "bash <<EOF\ncd $(pwd)/build && make\nEOF",
        "d=build; bash -s <<EOF\nmake -C $d\nEOF",
        'bash <<-EOF\n\techo "$(date +%F)"\n\tEOF',
    ],
)
def test_a_heredoc_whose_expansions_are_known_reaches_the_shell_expanded(command: str) -> None:
    allowed_in_both_modes(command)


@pytest.mark.parametrize(
    "command",
    [
        "bash <<-EOF\n\trm -rf /etc\n\tEOF",
        "d=~; bash <<EOF\nrm -rf $d\nEOF",
        "bash <<EOF\nrm -rf $(pwd)\nEOF",
        "bash <<EOF\nrm -rf $UNKNOWN/x\nEOF",
        "bash <<EOF\n$(cat cmd.txt)\nEOF",
    ],
)
def test_a_heredoc_that_deletes_or_runs_unknown_code_stays_refused(command: str) -> None:
    refused_in_both_modes(command)


@pytest.mark.parametrize(
    "command",
    [
        "nvram StartupMute",
        "nvram -p",
        "arp -a",
        "arp -n -i eth0",
        "ip addr",
        "ip a",
        "ip -br link",
        "ip route",
        "hostnamectl",
        "timedatectl",
        "loginctl",
        "scutil --get ComputerName",
        "kafka-configs --describe --all",
    ],
)
def test_read_forms_of_tools_whose_other_forms_change_things_run_unattended(
    command: str,
) -> None:
    allowed_in_both_modes(command)


@pytest.mark.parametrize(
    ("command", "both_modes"),
    [
        ("nvram boot-args=-v", True),
        ("nvram -d StartupMute", True),
        ("nvram -c", True),
        ("arp -d 10.0.0.1", True),
        ("arp -s 10.0.0.1 00:11:22:33:44:55", True),
        ("ip addr add 10.0.0.2/24 dev eth0", False),
        ("ip link set eth0 down", False),
        ("hostnamectl set-hostname box", False),
        ("hostnamectl -H admin@server", False),
        ("ip -batch changes.txt", False),
        ("ip -force -b changes.txt", False),
        ("scutil --set ComputerName box", False),
        ("tool --show-output migrate", False),
    ],
)
def test_the_changing_forms_stay_refused(command: str, both_modes: bool) -> None:
    assert check(command, unattended=True).blocked, command
    if both_modes:
        assert check(command).rule == "system-change", command


@pytest.mark.parametrize(
    "command",
    [
        "staticcheck ./...",
        "goimports -l .",
        "zig build test",
        "ant test",
        "knip",
        "madge --circular src",
        "codespell src",
        "typos",
        "vale docs/",
        "git-cliff -o CHANGELOG.md",
        "towncrier build --draft",
        "pyproject-build",
        "virtualenv .venv",
        "envsubst < deploy.tmpl > deploy.yaml",
        "getfacl src/app.py",
        "apt-cache policy git",
        "difft a.py b.py",
        ":",
        "let n=n+1",
        "shopt -s globstar",
        "mapfile -t lines < list.txt",
        "time (make clean && make)",
        "lsb_release -a",
        "findmnt",
        "service --status-all",
        "composer install",
        "composer require --dev phpunit/phpunit",
    ],
)
def test_everyday_tools_and_builtins_are_known_unattended(command: str) -> None:
    allowed_in_both_modes(command)


@pytest.mark.parametrize(
    "command",
    [
        "ccache rm -rf src",
        "foreman run ./deploy",
        "maturin publish",
        "sd foo bar /etc/hosts",
        "ldd /tmp/downloaded-tool",
        "time (rm -rf ~)",
    ],
)
def test_tools_that_run_any_command_or_publish_are_not_in_the_known_table(command: str) -> None:
    assert check(command, unattended=True).blocked, command


@pytest.mark.parametrize(
    "command", ["composer global require phpunit/phpunit", "composer -g require x/y"]
)
def test_composer_installing_outside_the_project_is_the_package_policy(command: str) -> None:
    for unattended in BOTH:
        verdict = check(command, unattended=unattended)
        assert verdict.rule == "package-install" and verdict.category == "policy"


@pytest.mark.parametrize(
    "command",
    [
        "docker compose down",
        "docker compose down --remove-orphans",
        "docker compose -f compose.test.yml down",
        "docker compose rm -f",
        "docker-compose down",
        "podman-compose down",
        "docker compose stop",
    ],
)
def test_compose_down_removes_the_projects_own_containers(command: str) -> None:
    allowed_in_both_modes(command)


@pytest.mark.parametrize(
    "command",
    [
        "docker compose down -v",
        "docker compose -f compose.test.yml down -v",
        "docker compose --project-directory . down --volumes",
        "docker compose down --rmi all",
        "docker compose rm -sfv",
        "docker-compose down -v",
        "docker-compose rm --volumes",
    ],
)
def test_compose_down_that_deletes_volumes_or_images_is_refused(command: str) -> None:
    refused_in_both_modes(command, "service-destroy")


@pytest.mark.parametrize(
    "command",
    ["docker system prune", "docker image prune -a", "docker builder prune", "podman system prune"],
)
def test_prune_is_refused_for_deleting_every_projects_docker_state(command: str) -> None:
    for unattended in BOTH:
        verdict = check(command, unattended=unattended)
        assert verdict.rule == "service-destroy" and verdict.category == "dangerous"
        assert "every project" in verdict.reason
