"""What makes an unknown program's line a dry run, unattended (round 14, the lead).

Every case here is data handed to the guard; none is ever run. ``--dry-run`` and ``--whatif``
mean the same to every CLI; ``-n`` does not (``lvcreate -n NAME`` names the volume it creates,
``foo -n 3`` is a count), so an unknown program given only ``-n`` stays unknown in unattended
runs, as it is without it.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check


@pytest.mark.parametrize(
    "command",
    [
        "lvcreate -L 1G -n data vg0",
        "mytool -n 3 /srv/data",
        "vgrename -n vg0 vg1",
    ],
)
def test_a_short_n_does_not_make_an_unknown_program_a_dry_run(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.rule == "unknown-program", (command, verdict)
    assert check(command).allowed, command  # attended: a person's session, as before


@pytest.mark.parametrize(
    "command",
    [
        "mytool --dry-run /srv/data",
        "frobnicate --whatif /srv",
        "fetchmail --dryrun",
        "mytool --list",
    ],
)
def test_a_spelling_every_cli_means_as_a_dry_run_or_a_read_still_passes(command: str) -> None:
    assert check(command, unattended=True).allowed, command
