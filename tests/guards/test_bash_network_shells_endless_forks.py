"""Round 26 (tune26): classes three held-out peers' harmful and asks sets showed once tuned on.
The machine's network and registry tools that had no rule (Windows' ``netsh`` and
``regedit``, the BSDs' and macOS's packet filter ``pfctl``) change the firewall, the network's
settings or the registry for every program on the machine; interpreter code that forks over an
endless iterator, or Perl's bare ``fork`` in an endless loop, is a fork bomb. Every case is
data handed to the guard; none is ever run."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

IDS = ["attended", "sandboxed", "unattended"]


def _refused_as(rule: str, command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == rule, (command, flags, verdict.rule)


def _passes(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert not verdict.blocked, (command, flags, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "netsh advfirewall set currentprofile state off",
        "netsh firewall set opmode mode=disable",
        "netsh.exe advfirewall firewall add rule name=dev dir=in action=allow localport=8080",
        "NETSH ADVFIREWALL RESET",
        "netsh interface ipv4 set dnsservers Wi-Fi static 1.1.1.1 primary",
        "netsh winhttp import proxy source=ie",
        "netsh interface portproxy add v4tov4 listenport=2222 connectaddress=10.1.2.3",
        "netsh wlan export profile folder=. key=clear",
        "netsh wlan connect name=CoffeeShop",
        "netsh -r buildbox advfirewall show allprofiles",
        "netsh -f rules.txt",
        "netsh",
        "cd tools && netsh advfirewall set domainprofile firewallpolicy allowinbound,allowoutbound",
        "regedit",
        "regedit /s settings.reg",
        "regedit.exe -s C:\\temp\\tweaks.reg",
        "regedit import.reg",
        "pfctl -d",
        "pfctl -e -f /etc/pf.conf",
        "pfctl -f ./pf.rules",
        "pfctl -Fa",
        "pfctl -F rules -f pf.conf",
        "pfctl -k 10.0.0.1",
        "pfctl -t blocklist -T flush",
        "pfctl -t allow -T add 203.0.113.0/24",
        "pfctl -x loud",
        "pfctl",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_network_shells_registry_editor_and_packet_filter_changes_are_system_change(
    command: str, flags: dict[str, bool]
) -> None:
    _refused_as("system-change", command, flags)


@pytest.mark.parametrize(
    "command",
    [
        "netsh advfirewall show currentprofile",
        "netsh advfirewall firewall show rule name=all",
        "netsh interface ipv4 show addresses",
        "netsh winhttp show proxy",
        "netsh wlan show interfaces",
        "netsh interface portproxy show all",
        "netsh dump",
        "netsh /?",
        "netsh advfirewall ?",
        "regedit /e backup.reg HKEY_CURRENT_USER\\Software\\Acme",
        "regedit /?",
        "pfctl -sr",
        "pfctl -s info",
        "pfctl -vvs states",
        "pfctl -a com.apple -sr",
        "pfctl -nf pf.conf",
        "pfctl -vnf ./pf.rules",
        "pfctl -t blocklist -T show",
        "pfctl -t blocklist -T test 198.51.100.7",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_their_printing_forms_pass_in_every_mode(command: str, flags: dict[str, bool]) -> None:
    _passes(command, flags)


@pytest.mark.parametrize(
    "command",
    [
        'python3 -c "import os; [os.fork() for _ in iter(int, 1)]"',
        "python -c 'import os; list(os.fork() for _ in iter(str, \"x\"))'",
        "python3 -c 'import os, itertools; [os.fork() for n in itertools.count()]'",
        "python3 -c 'import os, itertools\nfor _ in itertools.count(1): os.fork()'",
        "python3 -c 'import os\nfor _ in iter(bool, True):\n    os.fork()'",
        "python3 -c 'from itertools import cycle; import os; [os.fork() for _ in cycle([1])]'",
        "python3 -c 'from itertools import repeat; import os; [os.fork() for _ in repeat(0)]'",
        "perl -e 'while (1) { fork }'",
        "perl -e 'for (;;) { fork; }'",
        "python3 <<'EOF'\nimport os\n[os.fork() for _ in iter(int, 2)]\nEOF",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_code_forking_over_an_endless_iterator_is_a_fork_bomb(
    command: str, flags: dict[str, bool]
) -> None:
    _refused_as("fork-bomb", command, flags)


@pytest.mark.parametrize(
    "command",
    [
        'python3 -c "import os; [os.fork() for _ in range(4)]"',
        'python3 -c "import os; [os.fork() for _ in iter(int, 0)]"',
        "python3 -c 'from itertools import repeat; import os; [os.fork() for _ in repeat(0, 3)]'",
        "python3 -c 'import itertools; print([n for n in itertools.islice(itertools.count(), 5)])'",
        "python3 -c 'import itertools\nfor n in itertools.count():\n    print(n)\n    break'",
        "python3 -c 'while True: print(\"fork\"); break'",
        'python3 -c "import os; pid = os.fork(); print(pid)"',
        "perl -e 'my $pid = fork; print $pid'",
        "python3 -c 'import sys; print(sys.argv)' fork",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_bounded_forks_and_endless_iterators_without_fork_pass(
    command: str, flags: dict[str, bool]
) -> None:
    _passes(command, flags)


@pytest.mark.parametrize(
    "command",
    [
        "pip install --trusted-host mirror.example.net flask",
        "pip3 install --trusted-host=10.0.0.5:8080 requests",
        "python3 -m pip download --trusted-host pkgs.example.org wheel",
        "pip config set global.trusted-host mirror.example.net",
        "echo 'registry=https://npm.example.net/' >> .npmrc",
        "printf 'registry = \"https://npm.example.net\"\\n' > frontend/.npmrc",
        "printf 'npmRegistryServer: \"https://yarn.example.net\"\\n' > .yarnrc.yml",
        "printf '[global]\\nindex-url = https://pypi.example.net/simple\\n' > pip.conf",
        "printf '[global]\\ntrusted-host = pypi.example.net\\n' >> pip.ini",
        "printf '[install]\\nextra-index-url = https://pypi.org/simple https://x.example/s\\n' "
        "> pip.conf",
        "printf '[registries.corp]\\nindex = \"sparse+https://crates.example.net/\"\\n' "
        "> .cargo/config.toml",
        "cat > .npmrc <<'EOF'\nsave-exact=true\nregistry=https://npm.example.net/\nEOF",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_a_package_index_off_the_whitelist_given_to_pip_or_written_in_config_is_the_networks(
    command: str, flags: dict[str, bool]
) -> None:
    _refused_as("network-not-whitelisted", command, flags)


@pytest.mark.parametrize(
    "command",
    [
        "pip install --trusted-host pypi.org --trusted-host files.pythonhosted.org requests",
        "pip config set global.timeout 60",
        "echo 'save-exact=true' >> .npmrc",
        "echo '//registry.npmjs.org/:_authToken=${NPM_TOKEN}' > .npmrc",
        "echo 'registry=${NPM_REGISTRY}' > .npmrc",
        "echo 'registry=https://registry.npmjs.org/' > .npmrc",
        "printf 'npmRegistryServer: \"https://registry.yarnpkg.com\"\\n' > .yarnrc.yml",
        "printf '[global]\\nindex-url = https://pypi.org/simple\\n' > pip.conf",
        "printf '[global]\\ntimeout = 60\\n' > pip.conf",
        "echo 'registry=https://npm.example.net/' >> notes/mirrors.txt",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_whitelisted_indexes_and_other_settings_pass(command: str, flags: dict[str, bool]) -> None:
    _passes(command, flags)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("cd src && bash <<'EOF'\nrm -rf ~\nEOF", "rm-home"),
        ("true || sh <<EOF\nrm -rf ~/\nEOF", "rm-home"),
        ("make && python3 <<'PY'\nimport shutil\nshutil.rmtree('/')\nPY", "rm-root"),
        ("cd /tmp && python3 <<'EOF'\nimport os\nwhile True: os.fork()\nEOF", "fork-bomb"),
        ("git add -A && bash <<'EOF'\ngit push --force origin main\nEOF", "git-push"),
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_a_here_document_after_and_or_is_its_commands_input(
    command: str, rule: str, flags: dict[str, bool]
) -> None:
    _refused_as(rule, command, flags)


@pytest.mark.parametrize(
    "command",
    [
        "cd src && python3 <<'EOF'\nprint('hi')\nEOF",
        "cd src && bash <<'EOF'\nls -la\nEOF",
        "mkdir -p build && cat > build/notes.txt <<'EOF'\nrm -rf ~ is what not to type\nEOF",
        "test -f x || cat <<'EOF'\nrm -rf ~\nEOF",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_a_here_document_after_and_or_that_runs_nothing_harmful_passes(
    command: str, flags: dict[str, bool]
) -> None:
    _passes(command, flags)
