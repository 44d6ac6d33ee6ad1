"""A package manager fetches only from the whitelist, however its source is set.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

WHITELIST = ("pypi.org", "files.pythonhosted.org", "registry.npmjs.org", "github.com")


@pytest.mark.parametrize(
    "command",
    [
        "npm config set registry https://packages.example.invalid",
        "npm install --registry=https://packages.example.invalid",
        "pip config set global.index-url https://packages.example.invalid/simple",
        "poetry source add corp https://packages.example.invalid/simple",
        "gem sources -a https://packages.example.invalid",
        "PIP_INDEX_URL=https://packages.example.invalid/simple pip install requests",
        "export npm_config_registry=https://packages.example.invalid; npm ci",
        "UV_EXTRA_INDEX_URL=https://packages.example.invalid uv sync",
        "GOPROXY=https://proxy.example.invalid go mod download",
    ],
)
def test_a_package_source_off_the_whitelist_is_the_network_policys(command: str) -> None:
    for unattended in (False, True):
        verdict = check(command, whitelist=WHITELIST, unattended=unattended)
        assert verdict.rule == "network-not-whitelisted", (command, verdict.rule)
        assert verdict.category == "policy"


@pytest.mark.parametrize(
    "command",
    [
        "npm config set registry https://registry.npmjs.org/",
        "pip install git+https://github.com/psf/requests",
        "PIP_INDEX_URL=https://pypi.org/simple pip install requests",
        "GOPROXY=direct go mod download",
        "pip install -e file:///srv/app/proj/lib",
        "SOURCE_URL=https://data.example.invalid/x.csv python3 fetch.py",
    ],
)
def test_whitelisted_sources_and_other_variables_pass(command: str) -> None:
    assert check(command, whitelist=WHITELIST).allowed
