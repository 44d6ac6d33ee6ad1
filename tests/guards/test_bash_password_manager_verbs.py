"""The user's own password managers: the verbs that hand out what the store keeps, and the
verbs that change the store (round 18, deny-dangerous tuned on).

``bw get`` and ``lpass show`` were refused; the same stores' other ways out passed in
attended and sandboxed runs: every item at once (``bw list items``), the whole vault in clear
text (``bw export``, ``lpass export``, ``keepassxc-cli export``), the session key that unlocks
it (``bw unlock --raw``, ``op signin``), an entry of KeePassXC's or rbw's (``show``, ``get``,
``clip``), a one-time code (``rbw code``, ``pass otp``). ``pass insert`` and ``generate -f``
replaced a password the store alone keeps. The listings of names, the status verbs and the
generators still pass. Every case is data handed to the guard; none is run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

PRINTED = [
    "bw list items",
    "bw list items --search github",
    "bw --nointeraction list items",
    "bw export",
    "bw export --format json --output vault.json",
    "cd /tmp && bw export",
    "bw unlock --raw",
    "bw unlock --passwordenv BW_PASSWORD --raw",
    "bw login --apikey --raw",
    "rbw get github",
    "rbw get --full github",
    "rbw code github",
    "lpass export",
    "lpass export --sync=no",
    "keepassxc-cli show vault.kdbx github",
    "keepassxc-cli show -s vault.kdbx github",
    "keepassxc-cli export vault.kdbx",
    "keepassxc-cli export -f csv vault.kdbx",
    "keepassxc-cli clip vault.kdbx github",
    "keepassxc-cli attachment-export vault.kdbx github notes.txt out.txt",
    "op signin",
    "op signin --raw",
    "op signin --account my",
    "echo x; bw list items | jq .",
    "pass otp github",
    "pass otp code -c github",
    "pass otp uri -q github",
    "gopass otp github",
]


@pytest.mark.parametrize("command", PRINTED)
def test_a_password_managers_entries_or_session_key_printed_is_refused(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule == "read-credentials", (command, mode, verdict.rule)


CHANGED = [
    "pass insert prod/aws",
    "true | pass insert prod/aws",
    "pass insert -f -m prod/aws",
    "pass generate -f prod/aws 20",
    "pass generate --in-place prod/aws",
    "pass edit prod/aws",
    "pass mv prod/aws old/aws",
    "pass cp -f a b",
    "pass init NEWKEY",
    "gopass insert prod/aws",
    "gopass generate prod/aws 24",
    "gopass mv a b",
    "pass otp insert github",
    "pass otp append -s github",
]


@pytest.mark.parametrize("command", CHANGED)
def test_a_password_store_written_is_refused(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule == "secret-store-mutation", (command, mode, verdict.rule)


READS_NO_SECRET = [
    "bw list folders",
    "bw list collections",
    "bw list organizations",
    "bw status",
    "bw unlock --check",
    "bw login --check",
    "bw --version",
    "rbw list",
    "lpass ls",
    "keepassxc-cli ls vault.kdbx",
    "keepassxc-cli search vault.kdbx github",
    "op whoami",
    "op account list",
    "op --version",
    "pass ls",
    "pass find aws",
    "pass version",
    "gopass ls",
    "pass otp validate otpauth://totp/x",
    "grep -rn 'bw export' docs/",
    "git commit -m 'document bw list items and pass insert'",
]


@pytest.mark.parametrize("command", READS_NO_SECRET)
def test_a_password_managers_names_and_status_pass_attended(command: str) -> None:
    verdict = check(command)
    assert verdict.allowed, (command, verdict.rule)
    for mode in MODES:
        assert check(command, **mode).rule not in {"read-credentials", "secret-store-mutation"}


BITWARDEN_SESSION = (
    "bw unlock",
    "bw unlock mypassword",
    "bw unlock --passwordenv BW_PASSWORD",
    "bw login",
    "bw login user@example.com",
    "bw serve",
    "bw serve --port 8087 --hostname localhost",
    "bw --session x get item y",
)
"""Round 18, holes18: ``bw unlock``/``bw login`` print the session key without ``--raw`` too
(``export BW_SESSION="..."``, as ``op signin`` prints its own), and ``bw serve`` answers the
vault's items to any program on a local port."""


@pytest.mark.parametrize("command", BITWARDEN_SESSION)
def test_bitwardens_session_key_and_served_vault_are_refused_in_every_mode(command: str) -> None:
    for mode in ({}, *MODES):
        assert check(command, **mode).rule == "read-credentials", (command, mode)


@pytest.mark.parametrize(
    "command", ("bw unlock --check", "bw serve --help", "bw status", "bw --version", "bw lock")
)
def test_bitwardens_status_check_and_help_are_not_credential_reads(command: str) -> None:
    assert check(command).allowed, command
    for mode in MODES:
        assert check(command, **mode).rule != "read-credentials", (command, mode)
