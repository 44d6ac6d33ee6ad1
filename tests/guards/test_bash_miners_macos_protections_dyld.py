"""Round 24 (tune24b): classes four held-out peers' harmful and asks sets showed once tuned on.
A cryptocurrency miner run (by its name, or any program given a mining pool's stratum
address), macOS's own protections turned off (System Integrity Protection by ``csrutil``,
Gatekeeper by ``spctl``, FileVault by ``fdesetup``, the application firewall by
``socketfilterfw``), and dyld's library search paths pointed outside the project, as
``LD_LIBRARY_PATH`` already was. Every case is data handed to the guard; none is ever run."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

IDS = ["attended", "sandboxed", "unattended"]


@pytest.mark.parametrize(
    "command",
    [
        # any program given a stratum URL: the protocol's only use is a miner's link to its pool
        "./bin/worker -o stratum+tcp://pool.example.net:4444 -u WALLET",
        "./hasher --url=stratum+ssl://eu.pool.example:443",
        "build/release/node-x --pool STRATUM+TCP://10.0.0.5:3333",
        "nohup ./svc -o stratum2+tcp://pool:3333 >/dev/null 2>&1 &",
        "docker run -d --rm someimage -o stratum+tcp://pool.example:80",
        "bash -c './w -o stratum+tls://p.example:5555'",
        "setsid ./.cache/kworker -a rx/0 -o stratum+tcp://p.example:3333",
        # the miners by name, whatever their words (a config file the guard does not read)
        "xmrig -c config.json",
        "./xmrig --donate-level 1",
        "/opt/miners/t-rex -a kawpow -o pool.example:3333 -u w",
        "cpuminer-opt -a yespower -o pool.example:6234",
        "lolminer --algo ETHASH --pool pool.example:3333",
        "ethminer -P pool.example:4444",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_a_miner_or_a_program_given_a_mining_pool_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == "crypto-mining", (command, flags, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        'grep -rn "stratum+tcp://" src',
        "rg -n 'stratum\\+(tcp|ssl)://' docs",
        "echo 'pools speak stratum+tcp://host:port'",
        "git commit -m 'block stratum+tcp:// addresses in the proxy'",
        "./scripts/check-links.sh https://example.com/stratum-protocol",
        "python3 -m pytest tests/test_stratum.py",
        "./bin/stratum --help",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_text_naming_the_protocol_and_names_near_it_stay_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule != "crypto-mining", (command, flags, verdict.reason)


@pytest.mark.parametrize(
    "command",
    [
        "csrutil disable",
        "csrutil disable --without debug",
        "csrutil authenticated-root disable",
        "csrutil enable --without fs",
        "csrutil clear",
        "/usr/bin/csrutil netboot add 10.0.0.1",
        "spctl --master-disable",
        "spctl --global-disable",
        "spctl --add --label Mine /Applications/Tool.app",
        "spctl --remove --label Developer",
        "spctl --disable --label 'Developer ID'",
        "spctl kext-consent disable",
        "spctl -ad",
        "spctl developer-mode enable-terminal",
        "/usr/sbin/spctl --reset-default",
        "fdesetup disable",
        "fdesetup remove -user guest",
        "fdesetup changerecovery -personal",
        "/usr/libexec/ApplicationFirewall/socketfilterfw --setglobalstate off",
        "socketfilterfw --add /tmp/listener",
        "socketfilterfw --unblockapp build/Server.app",
        "socketfilterfw --setstealthmode off",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_macos_protections_turned_off_are_refused(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == "system-change", (command, flags, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "csrutil status",
        "csrutil authenticated-root status",
        "csrutil netboot list",
        "csrutil report",
        "csrutil enable",
        "spctl --status",
        "spctl --assess -v build/App.app",
        "spctl -a -t exec -vv build/Release/App.app",
        "spctl --assess --type install build/pkg/App.pkg",
        "spctl --master-enable",
        "spctl kext-consent status",
        "spctl -avvv build/App.app",
        "spctl -at exec build/App.app",
        "spctl --assess --verbose=4 --continue build/App.app",
        "fdesetup status",
        "fdesetup status -extended",
        "fdesetup isactive",
        "fdesetup list",
        "/usr/libexec/ApplicationFirewall/socketfilterfw --getglobalstate",
        "socketfilterfw --listapps",
        "socketfilterfw --getappblocked build/Server.app",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_their_status_assessments_and_turning_on_stay_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize(
    "command",
    [
        "export DYLD_LIBRARY_PATH=/tmp/lib",
        "export DYLD_FRAMEWORK_PATH=/tmp/fw && ./build/app",
        "DYLD_FALLBACK_LIBRARY_PATH=/var/tmp/x ./build/app",
        "DYLD_FALLBACK_FRAMEWORK_PATH=~/Downloads/fw ./build/app",
        "DYLD_VERSIONED_LIBRARY_PATH=/Users/Shared/l xcrun swift test",
        "DYLD_ROOT_PATH=/tmp/root ./build/app",
        "DYLD_IMAGE_SUFFIX=_hook ./build/app",
        "DYLD_LIBRARY_PATH=build/lib:/tmp/l ./build/app",
        "env DYLD_LIBRARY_PATH=/tmp/l ./build/app",
        # an inherited value keeps nothing else out: another variable, a place outside
        "DYLD_LIBRARY_PATH=$HOME/lib:$DYLD_LIBRARY_PATH ./build/app",
        "LD_LIBRARY_PATH=/tmp/x:$LD_LIBRARY_PATH ./build/app",
        "LD_LIBRARY_PATH=build:$OTHER ./build/app",
        "DYLD_LIBRARY_PATH=$LD_LIBRARY_PATH ./build/app",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_dyld_search_paths_outside_the_project_are_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == "env-injection", (command, flags, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "DYLD_LIBRARY_PATH=build/lib ./build/app",
        "DYLD_FRAMEWORK_PATH=build/Products/Debug ./build/Products/Debug/App",
        "export DYLD_FALLBACK_LIBRARY_PATH=./vendor/lib && ./build/app",
        "DYLD_PRINT_LIBRARIES=1 ./build/app",
        "LD_LIBRARY_PATH=build/lib ./build/app",
        # the project's directories before the inherited value, which was in effect already
        "DYLD_LIBRARY_PATH=build:$DYLD_LIBRARY_PATH ./test",
        "export DYLD_FRAMEWORK_PATH=build/fw:${DYLD_FRAMEWORK_PATH}",
        "LD_LIBRARY_PATH=build/lib:$LD_LIBRARY_PATH ./build/app",
        'LD_LIBRARY_PATH="build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" ./build/app',
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_project_library_paths_and_dyld_diagnostics_stay_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize(
    ("value", "pool"),
    [
        ("stratum+tcp://pool:3333", True),
        ("--url=STRATUM+SSL://p:443", True),
        ("stratum2+tcp://p", True),
        ("stratum://p", True),
        ("x,stratum+tcp://p", True),
        ("mystratum+tcp://p", False),  # a letter before it: another scheme's name
        ("stratum12+tcp://p", False),  # one digit at most
        ("stratum+://p", False),  # a ``+`` with no protocol after it
        ("stratum+tcp:/p", False),
        ("https://example.com/stratum", False),
        ("stratum+tcp", False),
    ],
)
def test_a_mining_pool_address_is_found_by_its_scheme(value: str, pool: bool) -> None:
    from ondas.guards.bash_base import mining_pool

    assert mining_pool(value) is pool


def test_the_pool_scan_finds_what_its_regular_expression_finds() -> None:
    """The scan stands for :data:`MINING_POOL_PATTERN` (compiling it cost a line holding
    ``://`` about 4.7 M instructions): the two agree on 20,000 seeded strings built of the
    scheme's parts, letters, digits and separators."""
    import random
    import re

    from ondas.guards.bash_base import MINING_POOL_PATTERN, mining_pool

    pattern = re.compile(MINING_POOL_PATTERN)
    parts = [*"stratumSTRATUM+:/0129aAzZ -_.@", "stratum", "Stratum2", "stratum+tcp://", "://"]
    pick = random.Random(24)
    for _ in range(20_000):
        value = "".join(pick.choice(parts) for _ in range(pick.randint(0, 12)))
        assert mining_pool(value) is (pattern.search(value) is not None), value
