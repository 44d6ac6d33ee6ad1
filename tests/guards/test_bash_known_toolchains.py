"""Toolchains of more ecosystems are known unattended; their installs, runners and REPLs keep
their rules.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check


@pytest.mark.parametrize(
    "command",
    [
        "kotlin -version",
        "phpunit --testdox",
        "php -l src/index.php",
        "elm make src/Main.elm",
        "rebar3 eunit",
        "cabal build && cabal test",
        "stack test",
        "dart test",
        "flutter test",
        "buck2 build //app:main",
        "pants test ::",
        "msbuild app.sln /p:Configuration=Release",
        "jupyter nbconvert --to html report.ipynb",
        "papermill in.ipynb out.ipynb",
        "pyinstrument app.py",
        "sqlc generate",
        "kustomize build k8s/overlays/dev",
        "pg_isready -h localhost",
        "nginx -t",
        "haproxy -c -f haproxy.cfg",
        "apachectl configtest",
    ],
)
def test_a_known_toolchain_runs_unattended(command: str) -> None:
    assert check(command, unattended=True).allowed


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("cabal install pandoc", "package-install"),
        ("stack install", "package-install"),
        ("stack exec -- rm -rf ~/work", "rm-outside-project"),
        ("cabal exec -- rm -rf /home/agent", "rm-home"),
        ("julia -e 'run(`ls`)'", "unknown-program"),
        ("nginx -s stop", "unknown-program"),
    ],
)
def test_installs_runners_and_code_runners_of_those_toolchains_keep_their_rules(
    command: str, rule: str
) -> None:
    assert check(command, unattended=True).rule == rule
