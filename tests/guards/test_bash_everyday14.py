"""Round 14 of issue 30 (everyday14): the looked-at half of round 14's repositories taught by
class, in all three modes.

- Elm's test runner and reviewer and Ada's project builder and library lister are known
  programs (they build and check the project's own code as ``elm make`` and ``make`` do);
  the programs their options name (``elm-test --compiler``, ``elm-review
  --elm-format-path``, ``forge --use``) are judged as commands, and ``elm-review --template``
  as the GitHub URL it fetches.
- Solidity's ``hardhat`` and ``forge`` are known by verb: building, testing, formatting and
  running the project's scripts are everyday; deploying a contract or uploading its source
  (``forge create``, ``forge script --broadcast``, ``forge verify-contract``, ``hardhat
  verify``) is the policy's, as ``deploy`` is.
- Raku's ``zef`` installs outside the project (the policy's, as ``luarocks install``), unless
  told a directory inside it.
- Apple's ``lipo`` and ``otool`` are known (``lipo -output FILE`` judged as a write); D's ``dub``
  is known by verb (its verbs that change every project of the user refused unattended).
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

EVERYDAY = [
    "elm-test",
    "npx elm-test --compiler ./node_modules/.bin/elm",
    "elm-review --report=json --extract",
    "npx elm-review --fix-all",
    "elm-review --template jfmengels/elm-review-unused/example",
    "gprbuild -P support/patcher/patcher.gpr",
    "gnatls -v",
    "hardhat build --noExpose",
    "env SRC=./fv/harnesses hardhat build --noExpose",
    "hardhat test --coverage",
    "hardhat run scripts/check.js",
    "forge compile && forge lint --deny notes",
    "forge test -vvv",
    "forge script script/Counter.s.sol",
    "forge install OpenZeppelin/openzeppelin-contracts",
    "zef install --to=inst#lib/raku .",
    "zef --help",
    "lipo x86_64/bin/alr aarch64/bin/alr -create -output bin/alr",
    "lipo -info bin/alr",
    "otool -L bin/alr",
    "dub build",
    "dub --single test/run-unittest.d",
    "dub test -b unittest-cov",
]
"""Everyday lines of the classes (GitHub is in the tests' whitelist)."""

REFUSED = [
    ("forge create src/Token.sol:Token --rpc-url https://rpc.example", "remote-mutation"),
    ("forge script script/Deploy.s.sol --broadcast", "remote-mutation"),
    ("forge verify-contract 0x1234 src/Token.sol:Token", "remote-mutation"),
    ("hardhat verify --network mainnet 0x1234", "remote-mutation"),
    ("npx hardhat ignition deploy ignition/modules/Token.js", "remote-mutation"),
    ("zef install Linenoise", "package-install"),
    ("zef upgrade JSON::Fast", "package-install"),
    ("lipo a b -create -output .git/hooks/pre-commit", "write-protected-path"),
    ("dub publish", "remote-mutation"),
]
"""Policy refusals of the same programs, in every mode."""

UNATTENDED_ONLY = [
    "elm-test --compiler /tmp/x/elm",
    "elm-review --elm-format-path /tmp/x/fmt",
    "forge build --use /tmp/solc",
    "dub add-local ../mylib",
]
"""A program named by an option, outside the project, and dub's registration of a path for
every project of the user: left to the sandbox, refused unattended as an unknown program."""


@pytest.mark.parametrize("command", EVERYDAY)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_round_14_toolchains_everyday_line_is_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize(("command", "rule"), REFUSED, ids=[c for c, _ in REFUSED])
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_round_14_toolchains_deploy_fetch_or_install_is_the_policys(
    command: str, rule: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == rule, (command, flags, verdict.rule)


@pytest.mark.parametrize("command", UNATTENDED_ONLY)
def test_a_program_a_round_14_option_names_is_judged_as_a_command(command: str) -> None:
    assert check(command).allowed
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "unknown-program", (command, verdict.rule)


def test_elm_reviews_template_is_judged_as_the_github_url_it_fetches() -> None:
    command = "npx elm-review --template jfmengels/elm-review-unused/example"
    for flags in MODES:
        assert check(command, **flags).allowed, flags  # github.com is whitelisted
        verdict = check(command, whitelist=("pypi.org",), **flags)
        assert verdict.blocked and verdict.rule == "network-not-whitelisted", flags
