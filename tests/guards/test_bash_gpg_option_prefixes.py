"""gpg reads any unambiguous prefix of a long option as the option, as GNU getopt_long does
(round 18, deny-dangerous tuned on).

``gpg --export-secret-keys`` was refused as ``read-credentials``; ``--export-secret-key`` (the
singular gpg also accepts), ``--export-secret-sub`` and the like passed in every mode. gpg's
other ``--export`` options (a public key, the trust database, an SSH public key) keep their
meaning: an exact option is never read as a longer one. Every case is data handed to the
guard; none is run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

SECRET_EXPORTS = [
    "gpg --export-secret-key ABC123",
    "gpg --export-secret-key --armor ABC123",
    "gpg --armor --export-secret-k ABC123",
    "gpg --export-secret-sub ABC123",
    "gpg --export-secret-subkey ABC123",
    "gpg2 --export-secret-keys ABC123",
    "gpg2 --export-secret-ke ABC123",
    "gpg --batch --pinentry-mode loopback --export-secret-key ABC > key.asc",
]


@pytest.mark.parametrize("command", SECRET_EXPORTS)
def test_an_abbreviated_secret_key_export_is_refused(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule == "read-credentials", (command, mode, verdict.rule)


PUBLIC_EXPORTS = [
    "gpg --export ABC123",
    "gpg --export --armor ABC123",
    "gpg --armor --export ABC123",
    "gpg --export-ownertrust",
    "gpg --export-options export-minimal --export ABC123",
    "gpg --export-ssh-key ABC123",
    "gpg --export-filter keep-uid=uid=~me --export ABC123",
    "gpg --list-secret-keys",
    "gpg --list-secret --keyid-format long",
]


@pytest.mark.parametrize("command", PUBLIC_EXPORTS)
def test_a_public_export_or_listing_passes(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule != "read-credentials", (command, mode, verdict.rule)
    assert check(command).allowed, command
