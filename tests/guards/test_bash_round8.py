"""Classes of round 8 of issue 30, each with its own examples.

Every case here is data handed to the guard; none is ever run. Cases are written for this
module as members of a class, not copied from the peers' corpora.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

MODES = ({}, {"sandboxed": True}, {"unattended": True})


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
