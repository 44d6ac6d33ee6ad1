"""Classes of round 8 of issue 30, each with its own examples.

Every case here is data handed to the guard; none is ever run. Cases are written for this
module as members of a class, not copied from the peers' corpora.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize(
    "command",
    [
        "shred notes.db",
        "shred -u -z -n 3 keys/deploy.pem",
        "make build; shred --remove data/app.sqlite3",
        "truncate -s 0 data/app.sqlite3",
        "truncate --size=0 logs/audit.log",
        "truncate -s0 orders.csv",
        "truncate -s -4K report.json",
        "truncate --size 0 src/main.py",
    ],
)
def test_overwriting_or_emptying_a_project_file_in_place_is_refused_in_every_mode(
    command: str,
) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "file-destroyed", (command, mode, verdict)
        assert verdict.category == "dangerous"


@pytest.mark.parametrize(
    "command",
    [
        "shred -u /tmp/scratch.bin",
        "truncate -s 0 build/test.log",
        "truncate -s 0 /tmp/out.txt",
        "truncate -s 100M disk.img",
        "truncate --size=+1G sparse.img",
        "truncate -s 4K header.bin",
        "shred --help",
    ],
)
def test_scratch_files_and_growing_a_file_stay_allowed(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("rmz -f /srv/data", "rm-outside-project"),
        ("rmz src", "rm-recursive-outside-temp"),
        ("rmz ~", "rm-home"),
    ],
)
def test_a_fast_rm_replacement_deletes_as_rm_rf_does(command: str, rule: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == rule, (command, mode, verdict)
    assert check("rmz -f build dist", unattended=True).allowed


@pytest.mark.parametrize(
    "command",
    [
        "curl -s localhost:8080/api | json_pp",
        "yaml2json config.yml | jq .",
        "git log -1 --format=%H | xclip -selection clipboard",
        "xsel --clipboard --output",
        "wl-paste > snippet.txt",
        "find . -name CMakeLists.txt | xargs cmake-format -i",
        "gpgconf --list-dirs agent-socket",
    ],
)
def test_everyday_printers_and_formatters_are_known_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.allowed, (command, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "evince docs/manual.pdf",
        "eog assets/logo.png &",
        "nautilus .",
        "gedit src/app.py &",
        "nano README.md",
        "vlc demo/recording.webm",
        "libreoffice --headless --convert-to pdf --outdir build docs/spec.odt",
        "gnome-screenshot -f shots/main.png",
        "gnome-system-monitor",
    ],
)
def test_desktop_windows_that_change_nothing_named_are_known_unattended(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("nano /etc/hosts", "write-outside-project"),
        ("gedit ~/.bashrc", "write-outside-project"),
        ("nano -s 'rm -rf ~' notes.txt", "rm-home"),
        ("scrot -e 'rm -rf ~'", "rm-home"),
        ("feh --action 'rm -rf ~' photos/", "rm-home"),
        ("mpv --script=hook.lua talk.mp4", "dynamic-command"),
        ("soffice 'macro:///Standard.Module1.Run'", "dynamic-command"),
        ("libreoffice --convert-to pdf --outdir /srv/www spec.odt", "write-outside-project"),
        ("gnome-screenshot --file=/etc/motd", "write-outside-project"),
    ],
)
def test_what_a_desktop_window_is_told_to_write_or_run_is_judged(command: str, rule: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == rule, (command, verdict)


def test_a_window_that_reaches_its_service_or_a_url_is_network_policy_unattended() -> None:
    for command in ("spotify &", "gnome-weather", "vlc https://media.example.net/live.m3u8"):
        verdict = check(command, unattended=True)
        assert verdict.blocked and verdict.category == "policy", (command, verdict)
        assert check(command).allowed, command


@pytest.mark.parametrize(
    "command",
    [
        "echo $ONDAS_RUN_TOKEN",
        'curl -H "Authorization: Bearer ${ONDAS_RUN_TOKEN}" http://127.0.0.1:8765/hook/x',
        "printenv ONDAS_MCP_TOKEN",
        "python3 -c 'import os; print(os.environ.get(\"ONDAS_MCP_TOKEN\"))'",
        "for v in ${!ONDAS_@}; do echo $v; done",
    ],
)
def test_the_runs_own_tokens_are_refused_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "run-token", (command, mode, verdict)
        assert verdict.category == "control"


@pytest.mark.parametrize(
    "command",
    [
        "env",
        "env | sort",
        "printenv > vars.txt",
        "make build && env",
        "env -0 | tr '\\0' '\\n'",
        "export -p",
        "declare -x",
        "set | grep -i key",
        "python3 -c 'import os; print(dict(os.environ))'",
        "node -e 'console.log(JSON.stringify(process.env))'",
        "ruby -e 'pp ENV.to_h'",
        "perl -e 'print \"$_=$ENV{$_}\\n\" for keys %ENV'",
    ],
)
def test_printing_the_whole_environment_is_refused_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "environment-dump", (command, verdict)
    assert check(command).allowed and check(command, sandboxed=True).allowed, command


@pytest.mark.parametrize(
    "command",
    [
        "printenv PATH",
        "echo $HOME",
        "env NODE_ENV=test npm test",
        "env -u DEBUG pytest -q",
        "export NODE_ENV=production",
        "declare -a files",
        "set -euo pipefail",
        "python3 -c 'import os; print(os.environ[\"HOME\"])'",
        "node -e 'console.log(process.env.PORT)'",
        "compgen -e | grep -c AWS_",
    ],
)
def test_a_named_variable_or_a_command_under_env_is_everyday_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.allowed, (command, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "node -e 'const env = process.env; console.log(env.PORT)'",
        "node -e 'console.log(globalThis.process.env.NODE_ENV)'",
        "deno eval 'console.log(Deno.env.get(\"HOME\"))'",
    ],
)
def test_codes_handle_on_the_environment_is_not_a_secret_file(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict)


def test_shredding_a_key_in_the_project_is_refused_as_any_file_shredded() -> None:
    verdict = check("shred -u old.key")
    assert verdict.blocked and verdict.rule == "file-destroyed", verdict
    assert check("rm old.key").allowed


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("ps aux | awk '{print | \"bash\"}'", "undecidable-payload"),
        ('awk \'BEGIN { print "id" | "sh" }\'', "undecidable-payload"),
        ("awk '{ print | \"rm -rf ~\" }' list.txt", "rm-home"),
        ("awk 'BEGIN { \"rm -rf ~\" | getline x }'", "rm-home"),
        ("chmod 04755 /tmp/shell", "privilege-escalation"),
        ("chmod 06755 ./tool", "privilege-escalation"),
        ("rm -f /dev/null", "device-write"),
        ("cat ~/.npmrc", "read-credentials"),
        ("grep _authToken ~/.yarnrc.yml", "read-credentials"),
        ("cat ~/.cargo/credentials.toml", "read-credentials"),
        ("cp ~/.m2/settings.xml .", "read-credentials"),
    ],
)
def test_round_8b_classes_are_refused_in_every_mode(command: str, rule: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == rule, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "awk '{ print | \"sort -u\" }' names.txt",
        "awk 'BEGIN { \"date +%Y\" | getline year; print year }'",
        "chmod 0755 ./tool",
        "chmod 2775 shared/",
        "npm config get registry",
        "cat .npmrc",
    ],
)
def test_round_8b_everyday_neighbours_pass(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict)
