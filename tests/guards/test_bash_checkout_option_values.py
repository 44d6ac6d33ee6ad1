"""``git checkout``'s options read as git's option parser reads them (round 19, npol19).

A branch switch keeps local changes; checking paths out over them discards them. Which words
are paths depends on each option: ``-U``/``--unified`` and ``--inter-hunk-context`` take the
next word as their value (git 2.50; older gits stop at the unknown option), and
``--recurse-submodules``' value is read only attached. ``--track``'s too, but with ``--track``
git checks no path out at all (it stops: "cannot be used with updating paths"), so its mode's
word given apart (``--track direct main``) may be read as its value: nothing is discarded
either way. A start point and a path with ``--track`` stay refused (a tuned-on peer labels
``git checkout --track main file.txt`` harmful; git stops there too). Checked on git 2.39:
``git checkout --track direct main`` stops and leaves ``main`` changed; ``git checkout
--recurse-submodules checkout main`` checks the file ``main`` out of the branch ``checkout``
over its changes."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

MODES: tuple[dict[str, bool], ...] = ({"sandboxed": True}, {}, {"unattended": True})


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "git checkout --track direct main",
        "git checkout --track inherit main",
        "git checkout -t direct origin/feature",
        "git checkout -qt inherit origin/feature",
        "git checkout --track=direct origin/feature",
        "git checkout --track origin/feature",
        "git checkout --unified 3 main",
        "git checkout -U 5 main",
        "git checkout --inter-hunk-context 2 main",
        "git checkout --unified=3 main",
        "git restore -p -U 3",  # as ``git restore -p``: it asks, hunk by hunk
    ],
)
def test_a_checkout_that_checks_no_path_out_passes(command: str, mode: dict[str, bool]) -> None:
    verdict = check(command, **mode)
    assert verdict.allowed, (command, mode, verdict.rule, verdict.reason)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        # ``--recurse-submodules``' value is read attached only: ``checkout`` is the commit
        "git checkout --recurse-submodules checkout main",
        "git checkout --recurse-submodules on-demand main",
        "git checkout -U 3 main src/app.py",  # the value taken, ``src/app.py`` is a path
        "git checkout --unified 3 -- .",
        "git checkout --inter-hunk-context 2 HEAD~1 app.py",
        "git restore -U 3 src/app.py",
        "git checkout -f --track origin/feature",  # by force, whatever else
        "git checkout -tf origin/feature",
        "git checkout --detach --force main",
        "git checkout -m --detach main",
        "git checkout --pathspec-from-file=list.txt --detach",
        "git checkout --track main file.txt",  # a start point and a path (git stops)
        "git checkout -t origin/feature src/app.py",
        "git checkout --track direct main app.py",
        "git checkout --conflict direct main app.py",  # the mode's word only after --track
        "git checkout -b topic --track origin/x && git checkout -- .",
        "yes | git checkout -p -U 3 main",  # answers piped in: hunks discarded
        "git switch --detach -f main",
    ],
)
def test_a_checkout_of_paths_or_by_force_stays_refused(command: str, mode: dict[str, bool]) -> None:
    verdict = check(command, **mode)
    assert verdict.blocked, (command, mode)
    assert verdict.rule == "git-checkout-discard", (command, mode, verdict.rule)
