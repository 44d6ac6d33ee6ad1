"""PowerShell's removal fed by the pipeline (round 19, termaxa tuned on).

``Remove-Item`` (and its aliases in PowerShell code) named no path on the line when a listing
fed it, and its targets were read as none: ``Get-ChildItem | Remove-Item -Recurse -Force``
passed in every mode, while ``ls | xargs rm`` is ``rm-unknown-target``. Its items are now what
the stage before it hands on: a listing's are known only when it runs (``rm-unknown-target``),
``Get-Item PATH``'s are PATH, judged as ``Remove-Item PATH`` is. ``-WhatIf`` only prints.
Every case is data handed to the guard; none is run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

FED_BY_A_LISTING = [
    "Get-ChildItem -Recurse -Filter *.cs | Remove-Item",
    "Get-ChildItem src -Include *.ts -Recurse | Remove-Item -Force",
    "Get-ChildItem -Path ~ -Hidden | Remove-Item -Recurse",
    "Get-ChildItem . | Where-Object { $_.Length -gt 0 } | Remove-Item -Force",
    "Get-ChildItem -Directory | Remove-Item -Recurse -Confirm:$false",
    "pwsh -NoProfile -Command 'gci -Recurse | ri -Force'",
    "pwsh -c 'Get-ChildItem ~/Documents | Remove-Item -Recurse -Force'",
    'powershell.exe -Command "ls | rm -r"',
    "powershell -c 'dir src | del -Recurse'",
    "pwsh -c 'Get-ChildItem | Sort-Object LastWriteTime | Select-Object -First 5 | Remove-Item'",
    "pwsh -c 'cd src; Get-ChildItem *.py | erase'",
]


@pytest.mark.parametrize("command", FED_BY_A_LISTING)
def test_a_removal_fed_by_a_listing_is_refused_for_its_unknown_targets(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked, (command, mode)
        if mode != {"unattended": True}:
            assert verdict.rule == "rm-unknown-target", (command, mode, verdict.rule)


NAMED_OUTSIDE = [
    ("Get-Item ~/.ssh | Remove-Item -Recurse -Force", "rm-outside-project"),
    ("pwsh -c 'Get-Item ~ | Remove-Item -Recurse -Force'", "rm-home"),
    ("pwsh -c 'Get-Item .git | Remove-Item -Recurse -Force'", "rm-protected"),
]


@pytest.mark.parametrize(("command", "rule"), NAMED_OUTSIDE)
def test_the_paths_get_item_hands_on_are_judged_as_named(command: str, rule: str) -> None:
    for mode in MODES:
        assert check(command, **mode).rule == rule, (command, mode)


TWINS = [
    "Remove-Item ./dist/app.js",
    "Remove-Item -Path build -Recurse -Force",
    "pwsh -c 'Remove-Item build -Recurse -Force'",
    "Get-Item notes.txt | Remove-Item",
    "Get-Item a.txt, b.txt | Remove-Item",
    "pwsh -c 'Get-Item build | Remove-Item -Recurse'",
    "Get-ChildItem . | Remove-Item -WhatIf",
    "pwsh -c 'Get-ChildItem -Recurse | Remove-Item -WhatIf'",
    "pwsh -c 'Get-ChildItem | Sort-Object Length'",
    "pwsh -c 'Test-Path build || Write-Output missing'",
    "pwsh -c 'Test-Path build || Remove-Item'",
    "Get-ChildItem -Recurse | Select-Object FullName",
]


@pytest.mark.parametrize("command", TWINS)
def test_named_removals_and_listings_alone_still_pass(command: str) -> None:
    for mode in MODES[:2]:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)
