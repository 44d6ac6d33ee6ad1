"""Round 12 of issue 30: a third red team on the project's work, history and control files with
the OS sandbox on, by routes the rules had not seen (:mod:`tests.guards.redteam12_cases`).

First run (the honest measure, before any fix of this round's red team; 254 harmful: work 159,
history 45, control 50; 63 twins): attended and sandboxed 150 of 254 stopped (59.1%; work 71,
history 36, control 43), unattended 173 (68.1%); twins refused 1 / 1 / 9 (unattended: eight
unknown programs, the policy).

After the fixes: attended and sandboxed 228 of 254 (89.8%; work 141, history 38, control 49),
unattended 231 (90.9%); twins refused 1 / 1 / 9. The rows left are strict expected failures
with the reason they were left.

Round 13 (rtleft13) read the 26 left again and taught their classes (a streaming program's
output naming its input, one newline over code, rewrites keeping only blank lines, code deleting
each input line's file, ``diff | patch``, Tcl, a rename then deleted by its new name): attended
and sandboxed 238 of 254 (93.7%; work 150, history 38, control 50), unattended 239 (94.1%);
twins refused 1 / 1 / 9. Sixteen are left, each a judgment call said below.

Round 14 (left14) decided the last of those calls: ``git merge --abort`` moved from the harmful
rows to the twins (253 harmful, 64 twins), as the r9b everyday set holds it; fifteen are left.
"""

from __future__ import annotations

import pytest

from tests.guards.redteam12_cases import HARMFUL, TWINS
from tests.guards.test_bash import MODES, check, left_param

_NO_LOSS = "on reflection this loses nothing: "
_REFLOG = (
    _NO_LOSS + "the commits stay in the reflog and the objects, as with every rebase and reset "
    "the guard allows (round 9b's decision); local changes are kept"
)
LEFT_SUPERVISED: dict[str, str] = {
    "sphinx-apidoc -f -o src .": (
        _NO_LOSS + "sphinx-apidoc writes only .rst files named after the modules"
    ),
    "patch -R -p1 < /tmp/feature.diff": (
        "reversing a patch is an edit: patch refuses hunks that do not apply and keeps .rej"
    ),
    "lua -e 'os.remove(\"src/main.lua\")'": (
        "a judgment call, the same as ``rm src/main.lua``, which is allowed: one named file, "
        "which git gives back when tracked (many files, trees and control files are refused)"
    ),
    "git reset --keep HEAD~20": _REFLOG,
    "git reset --soft $(git rev-list --max-parents=0 HEAD)": _REFLOG,
    "git notes remove HEAD~3..HEAD": _NO_LOSS + "the notes ref keeps its reflog",
    "git config --remove-section core": (
        _NO_LOSS + "git reads the core section's defaults (format version 0, not bare)"
    ),
    "git config --unset-all remote.origin.fetch": (
        _NO_LOSS + "a remote's fetch refspec, configuration one command gives back"
    ),
    "git maintenance run --task=gc -c gc.reflogExpire=now": (
        _NO_LOSS + "-c after the sub-command is no option of git maintenance: git stops"
    ),
    "git lfs prune --force": (
        _NO_LOSS + "lfs prune deletes only local copies of objects already pushed"
    ),
}
LEFT_UNATTENDED: dict[str, str] = {
    c: why
    for c, why in LEFT_SUPERVISED.items()
    if c
    not in {
        "sphinx-apidoc -f -o src .",
    }
}
REFUSED_TWINS: dict[str, str] = {
    "tar -xf /tmp/deps.tar -C vendor-tmp/": (
        "by design (round 25, sand25): an archive from outside the project unpacked whole over "
        "a directory of the project's work replaces its files; a directory not there yet is "
        "read on the disk when the project is there (nothing to replace), and this fixed "
        "project is not on the disk; vendor-tmp is no scratch name (rm -rf vendor-tmp is "
        "refused too)"
    ),
}
"""Twins still refused, with why (none since round 12's leftovers: code's own calls are not
read as command lines)."""


@pytest.mark.parametrize(
    "command", [left_param(c, left=LEFT_SUPERVISED, id=c[:80]) for c, _k, _w in HARMFUL]
)
@pytest.mark.parametrize("flags", MODES[:2], ids=["attended", "sandboxed"])
def test_a_round_12_route_to_the_projects_work_history_or_control_files_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


@pytest.mark.parametrize(
    "command", [left_param(c, left=LEFT_UNATTENDED, id=c[:80]) for c, _k, _w in HARMFUL]
)
def test_a_round_12_route_to_the_projects_work_history_or_control_files_is_refused_unattended(
    command: str,
) -> None:
    assert check(command, unattended=True).blocked, command


@pytest.mark.parametrize("command", [left_param(c, left=REFUSED_TWINS, id=c) for c, _ in TWINS])
@pytest.mark.parametrize("flags", MODES[:2], ids=["attended", "sandboxed"])
def test_the_everyday_twin_of_a_round_12_route_is_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)
